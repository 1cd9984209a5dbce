"""Merge text parser: hands written anew in each header variant, exact payouts and quarantines."""

from __future__ import annotations

import pytest

from parsers.merge_text import PARSER
from parsers.registry import detect
from rules.records import HandParseError
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street

# 2011: ``Raise`` is the street total; the winner's ``wins`` holds its unmatched 18.
OLD = """MERGE_GAME #3100000000001: Texas Hold'em NL $0.50/$1 03/07/2011 22:15:40
Table Bad Beat - Harbour Row (31000000)
Seat 1: Quill ($80.00 in chips)
Seat 3: Reed ($120.50 in chips) DEALER
Seat 4: Sage ($45.00 in chips)
Seat 6: Thorn ($60.00 in chips)
Sage: Post SB $0.50
Thorn: Post BB $1.00
*** HOLE CARDS ***
Dealt to Reed [Ah Kd]
Quill: Fold
Reed: Raise $3.00
Sage: Fold
Thorn: Raise $9.00
Reed: Call $6.00
*** FLOP *** [Kc 7d 2s]
Thorn: Bet $12.00
Reed: Raise $30.00
Thorn: Fold
*** SUMMARY ***
Reed: wins $58.00
"""

# 2014: a returning seat's ``Post DB`` of a small blind is live; the return is printed.
V2 = """Merge Game #80300000-17 | Holdem NL ($0.02/$0.04) | 12/06/2014 09:30:12 EST | Version:2
Table Tropicana - Fast IX (80300000), Seats 6
Seat 1: Umber ($3.00 in chips) DEALER
Seat 2: Hero ($2.10 in chips)
Seat 4: Vetch ($4.00 in chips)
Seat 5: Wren ($1.96 in chips)
Vetch: Post SB $0.02
Wren: Post BB $0.04
Hero: Post DB $0.02
*** HOLE CARDS ***
Dealt to Hero [9c 9h]
Hero: Call $0.02
Umber: Fold
Vetch: Call $0.02
Wren: Check
*** FLOP *** [2d 5h Jc]
Vetch: Check
Wren: Check
Hero: Bet $0.10
Vetch: Fold
Wren: Fold
*** SUMMARY ***
Hero: wins $0.12
Hero: wins $0.10 (uncalled)
"""

# 2012 tournament: a big blind all in for less printed as a second ``Post SB``; the caller's
# unmatched 50 comes back as a second ``wins`` line.
TOURNAMENT = """MERGE_GAME #4900000000012: Omaha PL Tournament 02/18/2012 05:02:10
Table $3 PLO Turbo - Country Restricted , 49000001 (Tournament: $3 PLO Turbo - Country Restricted , 49000001 Buy-In: $3+$0.30)
Seat 2: Xeno ($9,800.00 in chips) DEALER
Seat 3: Yarrow ($0.00 in chips)
Seat 5: Zinnia ($4,400.00 in chips)
Xeno: Post SB $100.00
Yarrow: Post SB $150.00
*** HOLE CARDS ***
Dealt to Xeno [Ah Qs 7d 6c]
Zinnia: Fold
Xeno: Call $100.00
*** FLOP *** [Kd 9s 2h]
*** TURN *** [5c]
*** RIVER *** [Jh]
*** SUMMARY ***
Xeno: Shows [Ah Qs 7d 6c]
Yarrow: Shows [Kc Ks 3d 8h]
Yarrow: wins $300.00
Xeno: wins $50.00
"""

# 2012, PokerTracker 4's copies: a dashed hand number; ``Post DB`` of both blinds.
PT4 = """MERGE_GAME #53000000-21: Holdem NL $0.10/$0.25 04/12/2012 18:01:02
Table Lexington (53000000), Seats 6
Seat 1: Alba ($20.00 in chips) DEALER
Seat 2: Bryn ($25.00 in chips)
Seat 4: Cato ($30.00 in chips)
Seat 5: Dara ($25.00 in chips)
Bryn: Post SB $0.10
Cato: Post BB $0.25
Dara: Post DB $0.35
*** HOLE CARDS ***
Dealt to Dara [Qd Qc]
Dara: Check
Alba: Fold
Bryn: Fold
Cato: Check
*** FLOP *** [3s 8d Th]
Cato: Check
Dara: Bet $0.50
Cato: Fold
*** SUMMARY ***
Dara: wins $1.14
"""


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def test_sniffed_and_split_at_each_game_line():
    text = "\n\n".join([OLD, V2, TOURNAMENT, PT4])
    assert detect(text[:8192]) is PARSER
    assert [PARSER.parse(chunk).hand_id for _, chunk in PARSER.split(text)] == [
        "3100000000001", "80300000-17", "4900000000012", "53000000-21"]


def test_2011_raise_is_to_and_the_win_holds_the_return():
    hand = PARSER.parse(OLD)
    assert (hand.platform, hand.format, hand.game, hand.limit) == (Platform.MERGE, Format.MERGE_TEXT, Game.HOLDEM, Limit.NO)
    assert (hand.currency, hand.small_blind, hand.big_blind, hand.button_seat) == ("USD", 50, 100, 3)
    assert {s.seat: s.stack for s in hand.seats} == {1: 8000, 3: 12050, 4: 4500, 6: 6000}  # cash: as printed
    assert (hand.hand_date, hand.start_time_raw, hand.start_time_utc) == ("2011-03-07", "03/07/2011 22:15:40", None)
    assert hand.table_name == "Bad Beat - Harbour Row (31000000)"
    raises = [(a.seat, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.RAISE]
    assert raises == [(3, 300, Street.PREFLOP), (6, 800, Street.PREFLOP), (3, 3000, Street.FLOP)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 3: 2100, 4: 50, 6: 2100}
    assert _payouts(hand) == [(3, 4000, None, Half.WHOLE, PayoutSource.POT), (3, 1800, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert (hand.rake, hand.rake_source, hand.reconciles()) == (250, RakeSource.INFERRED, True)
    assert hand.notes[-1] == "rake not printed: inferred as put in minus won (4250 - 4000)"


def test_2014_dead_blind_live_and_printed_return():
    hand = PARSER.parse(V2)
    assert (hand.hand_id, hand.start_time_utc, hand.hand_date) == ("80300000-17", "2014-12-06T14:30:12Z", "2014-12-06")
    assert hand.table_name == "Tropicana - Fast IX (80300000)"
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (4, ActionKind.POST_SMALL_BLIND, 2), (5, ActionKind.POST_BIG_BLIND, 4), (2, ActionKind.POST_BLIND, 2)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 4, 4: 4, 5: 4}
    assert _payouts(hand) == [(2, 12, None, Half.WHOLE, PayoutSource.POT), (2, 10, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert (hand.rake, hand.reconciles()) == (0, True)
    assert not [n for n in hand.notes if "inside its win" in n or "not printed: 10" in n]


def test_tournament_all_in_big_blind_printed_as_a_small_blind():
    hand = PARSER.parse(TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.game, hand.limit) == (
        True, "49000001", None, Game.OMAHA, Limit.POT)
    assert hand.table_name == "$3 PLO Turbo - Country Restricted"
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (2, ActionKind.POST_SMALL_BLIND, 10000), (3, ActionKind.POST_BLIND, 15000)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 15000, 3: 15000, 5: 0}
    # a tournament's seat lines are after the posts: they are added back
    assert {s.seat: s.stack for s in hand.seats} == {2: 990000, 3: 15000, 5: 440000}
    assert _payouts(hand) == [(3, 30000, None, Half.WHOLE, PayoutSource.POT),
                              (2, 5000, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert hand.rake == 0 and hand.reconciles()


def test_dead_blind_of_both_blinds_and_the_dashed_number():
    hand = PARSER.parse(PT4)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (2, ActionKind.POST_SMALL_BLIND, 10), (4, ActionKind.POST_BIG_BLIND, 25),
        (5, ActionKind.POST_BLIND, 25), (5, ActionKind.POST_DEAD, 10)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 10, 4: 25, 5: 35}
    assert _payouts(hand) == [(5, 64, None, Half.WHOLE, PayoutSource.POT), (5, 50, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert hand.rake == 6 and hand.reconciles()


@pytest.mark.parametrize(("text", "reason", "message"), [
    (V2.replace("Vetch: Post SB $0.02", "Vetch: Post SB $2.10"), QuarantineReason.INCONSISTENT,
     "a small blind of 210 above the big blind 4, line 7: 'Vetch: Post SB $2.10'"),
    (V2.replace("Umber: Fold", "Umber: Waves"), QuarantineReason.PARSE_ERROR, "unexpected line 13: 'Umber: Waves'"),
    (V2.split("*** SUMMARY ***")[0], QuarantineReason.TRUNCATED, "hand has no 'wins' line (cut off?)"),
    (V2.replace("Holdem NL", "Razz FL"), QuarantineReason.UNSUPPORTED_GAME,
     "game 'Razz' not known in 'Merge Game #80300000-17 | Razz FL ($0.02/$0.04) | 12/06/2014 09:30:12 EST | Version:2'"),
])
def test_quarantined_naming_the_fault(text, reason, message):
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (reason, message, "80300000-17")


def test_audited_without_findings(tmp_path):
    import polars as pl

    from audit.jobs import run_job

    source = tmp_path / "merge.txt"
    source.write_text("\n\n".join([OLD, V2, TOURNAMENT, PT4]), encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet").sort("hand_key")
    assert verdicts.select("hand_id", "verdict").rows() == [
        ("3100000000001", "relative_only"), ("4900000000012", "clean"), ("53000000-21", "relative_only"),
        ("80300000-17", "relative_only")]
    assert result.counts["finding_rows"] == 0
