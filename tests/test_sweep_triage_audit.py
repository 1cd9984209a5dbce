"""Hands of the 2026-12-03 sweep whose finding was a misreading of ours (issue 13), each
written anew in the platform's format and audited end to end by ``hhaudit run``."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from parsers.merge_xml import PARSER as MERGE_XML
from parsers.sealswithclubs import PARSER as SEALS_WITH_CLUBS
from rules.records import HandParseError
from rules.vocab import QuarantineReason

# Seals With Clubs, April 2013: the table counts whole mBTC, so a pot of 125 after the rake
# splits 62 and 63, the odd one to Elm, the first tied winner left of the button (seat 3).
SWC_WHOLE_MBTC_SPLIT = """\
Hand #7100001-4 - 2013-04-11 21:05:13
Game: NL Hold'em (40 - 200) - Blinds 1/2
Site: Seals With Clubs
Table: NLHE 6max 1/2 #9
Seat 1: Ash (40) - waiting for big blind
Seat 2: Birch (60)
Seat 3: Cedar (150)
Seat 4: Dale (120)
Seat 5: Elm (200)
Cedar has the dealer button
Dale posts small blind 1
Elm posts big blind 2
** Hole Cards **
Dealt to Cedar [5s 5d]
Birch calls 2
Cedar raises to 6
Dale folds
Elm raises to 30
Birch calls 28
Cedar folds
** Flop ** [2d 6s Qc]
Elm bets 30
Birch calls 30 (All-in)
** Turn ** [2s]
** River ** [2c]
** Pot Show Down ** [2d 6s Qc 2s 2c]
Birch shows [Jd Ad] (Three of a Kind, Deuces +AQ)
Elm shows [Ah 9c] (Three of a Kind, Deuces +AQ)
Birch splits Pot (62) with Three of a Kind
Elm splits Pot (63) with Three of a Kind
Rake (2)
"""


def _run(tmp_path: Path, name: str, text: str, exit_code: int = 0) -> tuple[pl.DataFrame, pl.DataFrame]:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["run", str(source), "--out", str(out), "--overwrite"])
    assert result.exit_code == exit_code, result.output
    return pl.read_parquet(out / "hands.parquet"), pl.read_parquet(out / "findings.parquet")


def test_seals_with_clubs_counts_whole_mbtc_before_2013_04_15(tmp_path: Path) -> None:
    hand = SEALS_WITH_CLUBS.parse(SWC_WHOLE_MBTC_SPLIT)
    assert (hand.currency, hand.amount_scale, hand.rake) == ("mBTC", 1, 2)
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {2: 60, 3: 6, 4: 1, 5: 60}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 62), (5, 63)]
    assert "cash amounts are whole mBTC before 2013-04-15; amount_scale 1" in hand.notes
    hands, findings = _run(tmp_path, "swc.txt", SWC_WHOLE_MBTC_SPLIT)
    assert hands.select("verdict", "amount_scale").rows() == [("clean", 1)]
    assert findings.height == 0


def test_from_2013_04_15_the_same_split_is_uneven_hundredths(tmp_path: Path) -> None:
    later = SWC_WHOLE_MBTC_SPLIT.replace("2013-04-11", "2013-04-16")
    assert SEALS_WITH_CLUBS.parse(later).amount_scale == 100
    hands, findings = _run(tmp_path, "swc.txt", later, exit_code=1)
    assert hands.select("verdict", "amount_scale").rows() == [("findings", 100)]
    assert findings.select("seat", "recorded", "expected", "kind").sort("seat").rows() == [
        (2, 6200, 6250, "tie_split"),
        (5, 6300, 6250, "tie_split"),
    ]


# BetOnline prints a 'Total pot' line for each pot, net of its rake (here 3.85 is the side
# pot's, 2.90 the main pot's), and a seat that wins both is printed 'won' the last alone.
BETONLINE_TWO_POTS_ONE_PAY_LINE = """\
BetOnline Poker Game #1073070001: Hold'em No Limit ($0.05/0.10) - 2012/09/30 22:10:00 EDT
Table 'Written Anew' 10-Max, Seat #2 is the button
Seat 2: Alder (5.00 in chips) - The button
Seat 3: Birch (1.00 in chips) - Small Blind
Seat 4: Cedar (8.00 in chips) - Big Blind
Birch: posts small blind 0.05
Cedar: posts big blind 0.10
*** HOLE CARDS ***
Alder: raises 0.30 to 0.30
Birch: raises 0.95 to 1.00 and is all in
Cedar: calls 0.90
Alder: calls 0.70
*** FLOP *** [Kh 8d 9c]
Cedar: bets 2.00
Alder: calls 2.00
*** TURN *** [Kh 8d 9c][2d]
Cedar: checks
Alder: checks
*** RIVER *** [Kh 8d 9c 2d][Qc]
Cedar: checks
Alder: checks
*** SHOW DOWN ***
Cedar shows Jc 10c
Alder shows Ah Kd
Birch shows 7h 7s
*** SUMMARY ***
Total pot 3.85 | Rake 0.15
Total pot 2.90 | Rake 0.10
Board [Kh 8d 9c 2d Qc]
Seat 2: Alder showed [Ah Kd] but did not win
Seat 3: Birch showed [7h 7s] but did not win
Seat 4: Cedar showed [Jc 10c] and won (2.90)
"""


def test_betonline_pots_no_line_pays_are_quarantined_not_found(tmp_path: Path) -> None:
    hands, findings = _run(tmp_path, "betonline.txt", BETONLINE_TWO_POTS_ONE_PAY_LINE, exit_code=3)
    assert hands.height == 0 and findings.height == 0
    quarantine = pl.read_delta(str(tmp_path / "out" / "lake" / "quarantine"))
    assert quarantine.select("reason", "message").rows() == [
        (
            "inconsistent",
            "hand 1073070001: 2 'Total pot' lines print a pot each, but the pay lines pay only the last (2.90): "
            "who was paid 3.85 is not printed",
        )
    ]
    both_paid = BETONLINE_TWO_POTS_ONE_PAY_LINE.replace("won (2.90)", "won (6.75)")
    hands, findings = _run(tmp_path, "betonline.txt", both_paid)
    assert hands.select("verdict").rows() == [("clean",)] and findings.height == 0


# Merge: the log closes the game after a fold and the folder leaving, with no END_OF_GAME
# round; read as a whole hand it had no winner and a rake above its pot.
MERGE_GAME_END_NOT_LOGGED = """<description type="Holdem" stakes="Limit ($0.02/$0.04)"/>
<game id="41000077-12" starttime="20110416151234" numholecards="2" gametype="2" realmoney="true" \
data="20110416|Kestrel (41000077)|41000077|41000077-12|false">
\t<players dealer="3">
\t\t<player seat="0" nickname="Linnet" balance="$0.62" dealtin="true" />
\t\t<player seat="3" nickname="Marten" balance="$0.44" dealtin="true" />
\t\t<player seat="4" nickname="Osprey" balance="$0.48" dealtin="true" />
\t\t<player seat="7" nickname="Plover" balance="$2.77" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1302984750446" player="4" amount="0.01"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1302984750960" player="7" amount="0.02"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="FOLD" timestamp="1302984754016" player="0"/>
\t\t<event sequence="4" type="LEAVE" timestamp="1302984755631" player="0"/>
\t\t<cards type="HOLE" cards="2d,Td" player="0" hand="Ten High"/>
\t</round>
</game>
"""
MERGE_GAME_END = """\t<round id="END_OF_GAME" sequence="3">
\t\t<event sequence="5" type="FOLD" timestamp="1302984756000" player="3"/>
\t\t<event sequence="6" type="FOLD" timestamp="1302984757000" player="4"/>
\t\t<winner amount="0.03" uncalled="false" potnumber="1" player="7" hand="" pottype="n"/>
\t</round>
</game>
"""


def test_a_merge_game_whose_end_was_not_logged_is_truncated() -> None:
    with pytest.raises(HandParseError) as caught:
        MERGE_XML.parse(MERGE_GAME_END_NOT_LOGGED)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.TRUNCATED,
        "the <game> element closes after its BLINDS, PREFLOP round(s) with no <winner>: "
        "the hand's end was not logged",
        "41000077-12",
    )
    whole = MERGE_XML.parse(MERGE_GAME_END_NOT_LOGGED.replace("</game>\n", MERGE_GAME_END))
    assert [(p.seat, p.amount) for p in whole.payouts] == [(8, 3)] and whole.rake == 0
