"""Lines no parser knows are a report, not only quarantine rows: run's exit-3 lines and
the HTML report list the commonest shapes with one example hand each."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from audit.cli.app import app

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data" / "table-aral-2024-03-01.txt"


def _hands(text: str) -> list[str]:
    return [h for h in re.split(r"(?=PokerStars Hand #)", text) if h.strip()]


def test_run_and_report_list_the_commonest_unknown_line_with_an_example(tmp_path):
    hands = _hands(SAMPLE.read_text(encoding="utf-8"))[:6]
    # a line a platform might start printing, in three hands with other names and amounts
    for i in (0, 2, 4):
        hands[i] = hands[i].replace("*** HOLE CARDS ***\n", f"*** HOLE CARDS ***\nPlayer{i} gets a bonus of ${i}.50\n")
    given = tmp_path / "day.txt"
    given.write_text("".join(hands), encoding="utf-8")
    result = CliRunner().invoke(app, ["run", str(given), "--out", str(tmp_path / "out")])
    assert result.exit_code == 3
    offset = len("".join(hands[:0]).encode())
    assert (f"hhaudit: unknown line in 3 pokerstars hands: Player# gets a bonus of # "
            f"(first: {given} at byte {offset})") in result.stderr
    html = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "<ul id='unknown-lines'><li>unknown line in 3 pokerstars hands: Player# gets a bonus of #" in html
