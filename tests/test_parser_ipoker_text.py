"""iPoker text parser: hands written anew in each header variant, exact payouts and quarantines."""

from __future__ import annotations

import pytest

from rules.records import HandParseError
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, Street
from parsers.ipoker_text import PARSER
from parsers.registry import detect

# 2019-2021: ``Uncalled:Y``, the river bet nobody called is out of the pot and of the win.
NEW = """GAME #7000000001 Version:19.2.1.1 Uncalled:Y Texas Hold'em NL €0.05/€0.10 2020-03-14 18:05:09/GMT
Table Harbour Lights
Seat 2: Maple (€10.00 in chips) DEALER
Seat 4: Hero (€8.50 in chips)
Seat 7: Rowan Tree (€12.20 in chips)
Hero: Post SB €0.05
Rowan Tree: Post BB €0.10
*** HOLE CARDS ***
Dealt to Hero [HA D10]
Maple: Raise (NF) €0.30
Hero: Raise (NF) €1.00
Rowan Tree: Fold
Maple: Call €0.70
*** FLOP *** [S10 C4 H2]
Hero: Bet €1.20
Maple: Call €1.20
*** TURN *** [DK]
Hero: Check 
Maple: Check
*** RIVER *** [C7]
Hero: Bet €3.00
Maple: Fold
*** SUMMARY ***
Total pot €4.30 Rake €0.20
Hero: wins €4.30
"""

# 2011: a seat posts both blinds, ``Raise`` adds, the tie's winner holds its unmatched 15.
OLD_TIE = """GAME #2600000002: Texas Hold'em NL $0.50/$1 2011/02/05 21:14:07
Table Quayside
Seat 1: Ash ($150.00 in chips) DEALER
Seat 2: Birch ($95.50 in chips)
Seat 3: Cedar ($100.00 in chips)
Seat 5: Dogwood ($60.00 in chips)
Birch: Post SB $0.50
Cedar: Post BB $1.00
Dogwood: Post BB $1.50
*** HOLE CARDS ***
Ash: Raise (NF) $4.00
Birch: Fold
Cedar: Call $3.00
Dogwood: Fold
*** FLOP *** [hQ sJ d3]
Cedar: Check
Ash: Bet $6.00
Cedar: Call $6.00
*** TURN *** [c9]
Cedar: Bet $15.00
Ash: Call $15.00
*** RIVER *** [h2]
Cedar: Bet $20.00
Ash: Raise (NF) $60.00
Cedar: Raise $25.00
*** SUMMARY ***
Total pot $154.00 Rake $3.00
Cedar: Shows [sK h10]
Ash: Shows [cK d10]
Ash: wins $84.50
Cedar: wins $69.50
"""

# 2013: no limit and no currency in the header, ``Raise to`` adds, the board is repeated.
OMAHA_2013 = """GAME #4990000003: Omaha 25/50 - 2013-09-02 20:41:55
Table Lantern (No DP Heads Up)
Server poker5.ipoker.com

Seat 2: Hero ($5,000.00 in chips)
Seat 6: Willow ($4,200.00 in chips)

Willow: SB $25.00
Hero: BB $50.00
*** HOLE CARDS ***
Dealt to Hero [S9 H8 C7 D6]
Willow: Raise to $125.00
Hero: Call $100.00
*** FLOP *** [HA D5 C2]
Hero: Check
Willow: Check
*** TURN *** [HA D5 C2 S5]
Hero: Bet $300.00
Willow: Raise to $1,200.00
Hero: Fold
*** SUMMARY ***
Total pot $1,798.50 Rake $1.50
Willow: wins $1,798.50
"""

TOURNAMENT = """GAME #8100000004 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL Tournament 2019-01-12 20:15:00/GMT
Table €50 Night Stack, 942900001, 942800002 (Tournament: €50 Night Stack Buy-In: €45 + €5)
Seat 1: Oak (€20,000.00 in chips)
Seat 3: Hero (€15,500.00 in chips) DEALER
Seat 5: Pine (€9,000.00 in chips)
Seat 6: Elm (€30,000.00 in chips) (REBUY) (ADDON)
Oak: Post Ante €25.00
Hero: Post Ante €25.00
Pine: Post Ante €25.00
Elm: Post Ante €25.00
Pine: Post SB €100.00
Elm: Post BB €200.00
*** HOLE CARDS ***
Dealt to Hero [CA CQ]
Oak: Fold
Hero: Raise (NF) €500.00
Pine: Allin €8,875.00
Elm: Fold
Hero: Call €8,475.00
*** FLOP *** [C9 H4 S2]
*** TURN *** [C5]
*** RIVER *** [DJ]
*** SUMMARY ***
Total pot €18,250.00 Rake €0.00
Pine: Shows [D8 H8] One Pair, Eights
Hero: Shows [CA CQ] Ace High
Pine: wins €18,250.00
"""

# 2011: a seat listed with nothing in front of it and a name line with nothing after it.
SAT_OUT = """GAME #2978000005: Texas Hold'em  NL $0.05/$0.10 2011-10-12 04:10:44
Table Goodwin
Seat 1: Alder ($4.00 in chips)
Seat 2: Hazel ($0.00 in chips)
Seat 3: Larch ($6.15 in chips) DEALER
Seat 4: Rowan ($10.00 in chips)
Rowan: Post SB $0.05
Alder: Post BB $0.10
*** HOLE CARDS ***
Hazel:
Larch: Raise (NF) $0.30
Rowan: Fold
Alder: Call $0.20
*** FLOP *** [D4 S8 HK]
Alder: Check
Larch: Bet $0.40
Alder: Fold
*** SUMMARY ***
Total pot $1.02 Rake $0.03
Larch: wins $1.02
"""


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def test_sniffed_and_split_at_each_game_line():
    text = "\ufeff" + "\n\n".join([NEW, OLD_TIE, OMAHA_2013, TOURNAMENT, SAT_OUT])
    assert detect(text[:8192]) is PARSER
    assert [PARSER.parse(chunk).hand_id for _, chunk in PARSER.split(text)] == [
        "7000000001", "2600000002", "4990000003", "8100000004", "2978000005"]


def test_uncalled_y_keeps_the_return_out_of_the_win():
    hand = PARSER.parse(NEW)
    assert (hand.platform, hand.format, hand.game, hand.limit) == (Platform.IPOKER, Format.IPOKER_TEXT, Game.HOLDEM, Limit.NO)
    assert (hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind, hand.button_seat) == ("EUR", 100, 5, 10, 2)
    assert (hand.start_time_utc, hand.hand_date, hand.table_name) == ("2020-03-14T18:05:09Z", "2020-03-14", "Harbour Lights")
    assert hand.boards == [["Ts", "4c", "2h", "Kd", "7c"]] and hand.seat(4).cards == ["Ah", "Td"]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 220, 4: 220, 7: 10}
    returned = [(a.seat, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN]
    assert returned == [(4, 300, Street.SHOWDOWN)]  # returned at the end, after the summary line
    assert _payouts(hand) == [(4, 430, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.per_seat_only, hand.reconciles()) == (20, True, True)
    assert hand.notes == ["uncalled bet not printed: 300 returned to seat 4 (what no other seat matched)"]


def test_old_header_win_holds_the_return_and_both_blinds_are_posted():
    hand = PARSER.parse(OLD_TIE)
    assert (hand.currency, hand.hand_date, hand.start_time_utc) == ("USD", "2011-02-05", None)
    assert hand.start_time_raw == "2011/02/05 21:14:07"
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (2, ActionKind.POST_SMALL_BLIND, 50), (3, ActionKind.POST_BIG_BLIND, 100),
        (5, ActionKind.POST_BLIND, 100), (5, ActionKind.POST_DEAD, 50)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 7000, 2: 50, 3: 7000, 5: 150}
    assert hand.seat(1).cards == ["Kc", "Td"] and hand.seat(3).cards == ["Ks", "Th"] and hand.seat(3).showed
    assert _payouts(hand) == [(1, 6950, None, Half.WHOLE, PayoutSource.POT), (3, 6950, None, Half.WHOLE, PayoutSource.POT),
                              (1, 1500, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert hand.payouts[2].line == "Ash: wins $84.50"
    assert hand.reconciles() and hand.rake == 300
    assert "seat 1's unmatched 1500 is inside its win: recorded as an uncalled return" in hand.notes


def test_2013_omaha_header_raise_to_adds_and_the_board_is_repeated():
    hand = PARSER.parse(OMAHA_2013)
    assert (hand.game, hand.limit, hand.currency, hand.small_blind, hand.big_blind) == (Game.OMAHA, None, "USD", 2500, 5000)
    assert hand.table_name == "Lantern (No DP Heads Up)" and hand.start_time_raw == "2013-09-02 20:41:55"
    assert hand.boards == [["Ah", "5d", "2c", "5s"]]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 45000, 6: 45000}
    assert _payouts(hand) == [(6, 89850, None, Half.WHOLE, PayoutSource.POT),
                              (6, 90000, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert hand.reconciles() and not [n for n in hand.notes if "total pot" in n]


def test_tournament_antes_all_in_and_the_tournament_number():
    hand = PARSER.parse(TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (True, "942900001", None, 100)
    assert hand.table_name == "€50 Night Stack" and hand.ante == 2500 and hand.big_blind == 20000
    assert hand.seat(5).all_in and not hand.seat(3).all_in
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2500, 3: 900000, 5: 900000, 6: 22500}
    assert hand.seat(5).cards == ["8d", "8h"] and hand.seat(3).cards == ["Ac", "Qc"]
    assert _payouts(hand) == [(5, 1825000, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 0 and hand.reconciles()


def test_a_seat_that_never_acts_was_not_dealt_in():
    hand = PARSER.parse(SAT_OUT)
    assert [s.seat for s in hand.seats if not s.dealt_in] == [2]
    assert _payouts(hand) == [(3, 62, None, Half.WHOLE, PayoutSource.POT), (3, 40, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert hand.reconciles()


def test_2024_table_size_line_and_two_spaces_before_dealer():
    text = NEW.replace("Table Harbour Lights\n", "Table Size 6\nTable Harbour Lights, 560000001\n").replace(
        "(€10.00 in chips) DEALER", "(€10.00 in chips)  DEALER")
    hand = PARSER.parse(text)
    assert (hand.table_name, hand.button_seat, hand.reconciles()) == ("Harbour Lights, 560000001", 2, True)
    assert _payouts(hand) == [(4, 430, None, Half.WHOLE, PayoutSource.POT)]


def test_2026_table_info_line_is_not_the_table_name():
    text = TOURNAMENT.replace("\nTable €50", "\nTable Info: Size: 4, Blinds: 100/200, Ante: 25\nTable €50")
    hand = PARSER.parse(text)
    assert (hand.table_name, hand.tournament_id, hand.ante, hand.reconciles()) == ("€50 Night Stack", "942900001", 2500, True)


def test_a_total_pot_the_wins_do_not_make_is_noted():
    hand = PARSER.parse(NEW.replace("Total pot €4.30", "Total pot €4.40"))
    assert "total pot printed 440 but the wins add up to 430" in hand.notes


@pytest.mark.parametrize(("text", "reason", "message"), [
    (NEW.replace("Maple: Fold\n", "Maple: Shouts\n"), QuarantineReason.PARSE_ERROR, "unexpected line 22: 'Maple: Shouts'"),
    (NEW.replace("Texas Hold'em NL", "Omaha Hi-Lo PL"), QuarantineReason.UNSUPPORTED_GAME,
     "game 'Omaha Hi-Lo' not known in 'GAME #7000000001 Version:19.2.1.1 Uncalled:Y Omaha Hi-Lo PL €0.05/€0.10 "
     "2020-03-14 18:05:09/GMT'"),
    (NEW.replace("[HA D10]", "[HA D1]"), QuarantineReason.BAD_CARDS, "bad card 'D1'"),
    (NEW.split("*** SUMMARY ***")[0], QuarantineReason.TRUNCATED, "hand has no 'Total pot' line (cut off?)"),
    (NEW.replace("Seat 4: Hero (€8.50 in chips)\n", ""), QuarantineReason.PARSE_ERROR,
     "unexpected line 5: 'Hero: Post SB €0.05'"),
])
def test_quarantined_naming_the_fault(text, reason, message):
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (reason, message, "7000000001")


def test_audited_clean_and_a_wrong_tie_split_is_found(tmp_path):
    import polars as pl

    from audit.jobs import run_job

    source = tmp_path / "ipoker.txt"
    source.write_text("\n\n".join([NEW, OLD_TIE, OMAHA_2013, TOURNAMENT, SAT_OUT]), encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet").sort("hand_key")
    assert set(verdicts["verdict"]) == {"clean"} and verdicts.height == 5
    assert result.counts["finding_rows"] == 0
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(OLD_TIE.replace("Ash: wins $84.50", "Ash: wins $85.50").replace("Cedar: wins $69.50",
                                                                                     "Cedar: wins $68.50"), encoding="utf-8")
    run_job([str(wrong)], str(tmp_path / "out2"))
    findings = pl.read_parquet(tmp_path / "out2" / "findings.parquet")
    assert sorted(findings.select("seat", "recorded", "expected", "kind").rows()) == [
        (1, 7050, 6950, "tie_split"), (3, 6850, 6950, "tie_split")]
