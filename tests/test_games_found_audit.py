"""Real-history games newly read (issue 13), end to end: a hand written anew in each
platform's format is parsed, stored and audited by ``hhaudit run``; the platform's printed
payout is clean, and the same hand paid to the other seat is a finding.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app

# KingsClub 2-7 Razz: Alder's 2-3-4-5-6 is a straight, so his best deuce-to-seven low is
# K-5-4-3-2; Birch's 8-6-4-3-2 wins (under ace-to-five razz Alder's six would have won).
KINGSCLUB_RAZZ27 = """\
#9100001: Limit 2-7 Razz - 20/40
2021-01-07 08:00:00
Table 'Written Anew'
Seat 1: Alder (1,000)
Seat 3: Birch (1,000)
Seat 5: Cedar (1,000)
Alder: posts ante 5
Birch: posts ante 5
Cedar: posts ante 5
Dealt to Alder: [2c 3d 4h]
Dealt to Birch: [X X 4s]
Dealt to Cedar: [X X Ks]
Cedar brings in for 5
Alder bets 20
Birch calls 20
Cedar folds
*** 3RD STREET ***
Dealt to Alder: [5s]
Dealt to Birch: [3c]
Alder bets 20
Birch calls 20
*** 4TH STREET ***
Dealt to Alder: [6c]
Dealt to Birch: [2h]
Birch bets 40
Alder calls 40
*** 5TH STREET ***
Dealt to Alder: [Kd]
Dealt to Birch: [Qs]
Alder checks
Birch checks
*** 6TH STREET ***
Dealt to Alder: [Kh]
Dealt to Birch: [X]
Alder checks
Birch checks
Alder shows [2c 3d 4h 5s 6c Kd Kh]
Birch shows [8d 6h 4s 3c 2h Qs Qc]
*** SUMMARY ***
Seat 1: Alder (915) -85
Seat 3: Birch (1,089) +89
Seat 5: Cedar (990) -10
Rake 6
Birch wins pot (174)
"""

CASES = {
    "kingsclub_razz27.txt": (KINGSCLUB_RAZZ27, "razz27", ("Birch wins pot (174)", "Alder wins pot (174)")),
}


def _run(tmp_path: Path, name: str, text: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["run", str(source), "--out", str(out), "--overwrite"])
    assert result.exit_code in (0, 1), result.output
    return pl.read_parquet(out / "hands.parquet"), pl.read_parquet(out / "findings.parquet")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_printed_payout_is_clean_and_a_wrong_one_is_found(tmp_path: Path, name: str) -> None:
    text, game, (paid, wrong) = CASES[name]
    hands, findings = _run(tmp_path, name, text)
    assert hands.select("game", "verdict").rows() == [(game, "clean")] and findings.height == 0
    hands, findings = _run(tmp_path, name, text.replace(paid, wrong))
    assert hands["verdict"].to_list() == ["findings"]
    assert "wrong_winner" in findings["kind"].to_list()
