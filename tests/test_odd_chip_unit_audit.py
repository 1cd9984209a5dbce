"""The odd-chip unit ``denomination_in_play``, the smallest chip in play (issue 13): Full
Tilt split hi/lo pots in a unit that grew with the stakes.
A hand written anew in Full Tilt's format is audited by ``hhaudit run``: split as a unit
every amount of the hand is counted in would split it, it is clean and says which unit;
the same split where a seat's stack shows cents in play, or the larger half given to the
low, stays a finding.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from audit.cli.app import app

# $0.50/$1 fixed-limit Omaha Hi/Lo: every amount is a multiple of $0.05 (stacks $12.40 and
# $6.15), $5 in, $0.25 rake: $4.75 is 95 nickels, 48 to the high half and 47 to the low.
FULLTILT_NICKELS = """\
Full Tilt Poker Game #41000000123: Table Written Anew (6 max) - FL Omaha H/L - $0.50/$1 - 21:10:05 ET - 2013/11/20
Seat 2: Marten ($12.40)
Seat 5: Osprey ($6.15)
Osprey posts the small blind of $0.25
Marten posts the big blind of $0.50
The button is in seat #5
*** HOLE CARDS ***
Osprey raises to $1
Marten calls $0.50
*** FLOP *** [4c 7d Qs] (Total Pot: $2, 2 Players)
Marten checks
Osprey bets $0.50
Marten calls $0.50
*** TURN *** [4c 7d Qs] [2h] (Total Pot: $3, 2 Players)
Marten bets $1
Osprey calls $1
*** RIVER *** [4c 7d Qs 2h] [Kd] (Total Pot: $5, 2 Players)
Marten checks
Osprey checks
*** SHOW DOWN ***
Osprey shows [Kh Ks 9c Tc] three of a kind, Kings, for high
Marten shows [As 3d Jc Jh] a pair of Jacks, for high and 7,4,3,2,A, for low
Osprey wins the high pot ($2.40) with three of a kind, Kings
Marten wins the low pot ($2.35) with 7,4,3,2,A
*** SUMMARY ***
Total pot $5 | Rake $0.25
Board: [4c 7d Qs 2h Kd]
Seat 2: Marten (big blind) showed [As 3d Jc Jh] and won ($2.35) with HI: a pair of Jacks; LO: 7,4,3,2,A
Seat 5: Osprey (small blind) showed [Kh Ks 9c Tc] and won ($2.40) with HI: three of a kind, Kings
"""
# Marten sat down with $12.43: cents are in play, so the pot splits 2.38 / 2.37
FULLTILT_CENTS_IN_PLAY = FULLTILT_NICKELS.replace("Seat 2: Marten ($12.40)", "Seat 2: Marten ($12.43)")
FULLTILT_LOW_GETS_MORE = (
    FULLTILT_NICKELS.replace("high pot ($2.40)", "high pot ($2.35)").replace("low pot ($2.35)", "low pot ($2.40)")
    .replace("won ($2.35) with HI: a pair", "won ($2.40) with HI: a pair")
    .replace("won ($2.40) with HI: three", "won ($2.35) with HI: three"))
_FINDING = "the odd units of the main pot were placed otherwise than by hilo_between_halves=high"


def _run(tmp_path: Path, text: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    source = tmp_path / "fulltilt.txt"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["run", str(source), "--out", str(out), "--overwrite"])
    assert result.exit_code in (0, 1), result.output
    return pl.read_parquet(out / "hands.parquet"), pl.read_parquet(out / "findings.parquet")


def test_a_split_in_the_smallest_unit_of_the_hands_amounts_is_clean(tmp_path: Path) -> None:
    hands, findings = _run(tmp_path, FULLTILT_NICKELS)
    assert hands.select("verdict", "reason").rows() == [(
        "clean", "odd-chip unit the smallest chip in play: USD 0.05, which every amount of the hand is "
        "counted in, explains the payouts")]
    assert findings.height == 0


def test_the_same_split_with_cents_in_play_is_a_finding(tmp_path: Path) -> None:
    hands, findings = _run(tmp_path, FULLTILT_CENTS_IN_PLAY)
    assert hands.select("verdict", "reason").rows() == [("findings", None)]
    assert findings.sort("seat").select("seat", "half", "recorded", "expected", "kind", "detail").rows() == [
        (2, "low", 235, 237, "odd_chip", _FINDING), (5, "high", 240, 238, "odd_chip", _FINDING)]


def test_the_larger_half_to_the_low_is_a_finding_in_any_unit(tmp_path: Path) -> None:
    hands, findings = _run(tmp_path, FULLTILT_LOW_GETS_MORE)
    assert hands["verdict"].to_list() == ["findings"]
    assert findings.sort("seat").select("seat", "half", "recorded", "expected", "kind").rows() == [
        (2, "low", 240, 237, "tie_split"), (5, "high", 235, 238, "tie_split")]
