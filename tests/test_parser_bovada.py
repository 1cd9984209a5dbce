"""Bovada / Bodog parser: every corpus file, exact values, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.bovada import PARSER
from tests.corpus import corpus_file, corpus_files, read_text
from tests.parser_harness import hands_by_id, parse_corpus_file

EXPECTED_HANDS = {
    "PLO-USD-2.00-4.00-201205.multiway.allin.txt": 1,
    "PLO8-9max-USD-10-MTT-201207.txt": 1,
    "PLO8-USD-MTT - $1-0.10 - 201409.LOW.vs.LO.txt": 1,
    "PLO8-USD-MTT - $10-$1 - 201207.allin.call.pf.txt": 1,
    "bovada.ts__HAND_OMAHA_HILO_HIGH_AND_LOW.txt": 1,
    "bovada.ts__HAND_OMAHA_HILO_HIGH_ONLY.txt": 1,
    "bovada.ts__HAND_OMAHA_HILO_NO_SHOWDOWN.txt": 1,
    "7-Stud-USD-2.00-4.00-201205.txt": 4,
    "7-StudHL-USD - RING - $5-$10, $1.25 Ante - 201404.txt": 1,
    "7-StudHL-USD-0.25-0.50-201209.txt": 1,
}


def _pays(hand):
    return [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts]


@pytest.mark.parametrize("path", corpus_files("Bovada"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    for hand in parse_corpus_file(PARSER, path, EXPECTED_HANDS):
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format) == (Platform.BOVADA, Format.BOVADA)


def test_seat_sitting_out_is_not_dealt_in():
    hand = hands_by_id(PARSER, "Bovada/Stud/7-Stud-USD-2.00-4.00-201205.txt")["2604291787"]
    # Seat+3 [ME] sits out, stands and leaves: no card, no action; Seat+5 wins on fourth street
    assert {s.seat: (s.dealt_in, s.folded_street, s.cards) for s in hand.seats} == {
        1: (True, Street.FOURTH, ["5d", "3h", "Qd", "2c"]),
        3: (False, None, []),
        5: (True, None, ["7c", "Kh", "Td", "Ac"]),
    }
    assert {s.seat: s.contributed for s in hand.seats} == {1: 3, 3: 0, 5: 3}
    assert _pays(hand) == [
        (5, 5, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (5, 6, 0, None, Half.WHOLE, PayoutSource.POT),
    ]


def test_one_result_line_split_by_the_summary_halves():
    (hand,) = hands_by_id(PARSER, "Bovada/OmahaHiLo/bovada.ts__HAND_OMAHA_HILO_HIGH_AND_LOW.txt").values()
    assert (hand.hand_id, hand.game, hand.limit, hand.amount_scale, hand.currency) == (
        "4304661864", Game.OMAHA_HILO, Limit.POT, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (10, 25, 4, "26953916")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == ("2022-06-26 16:46:42", None, "2022-06-26")
    assert hand.boards == [["9d", "2c", "6h", "3h", "3c"]]
    assert hand.seat(1).cards == ["Kh", "Kc", "Ks", "Th"] and hand.seat(4).cards == ["Td", "Ad", "As", "4c"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 684, 4: 684}
    assert hand.seat(1).all_in and hand.seat(1).showed
    line = "Dealer  [ME] : Hand result $13.18"
    assert [(p.seat, p.amount, p.pot, p.half, p.source, p.line) for p in hand.payouts] == [
        (4, 406, None, Half.WHOLE, PayoutSource.UNCALLED, "Dealer  [ME] : Return uncalled portion of bet $4.06"),
        (4, 659, 0, Half.HIGH, PayoutSource.POT, line),
        (4, 659, 0, Half.LOW, PayoutSource.POT, line),
    ]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (50, RakeSource.INFERRED, 1368)
    assert hand.notes == ["rake not printed: inferred as everything put in minus every Hand result (1368 - 1318 = 50)"]


def test_side_pot_with_printed_rake():
    (hand,) = hands_by_id(PARSER, "Bovada/Omaha/PLO-USD-2.00-4.00-201205.multiway.allin.txt").values()
    assert (hand.game, hand.small_blind, hand.big_blind, hand.button_seat) == (Game.OMAHA, 200, 400, 2)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 400, 2: 12400, 3: 200, 4: 40000, 5: 40000, 6: 0}
    assert _pays(hand) == [
        (4, 55022, 1, None, Half.WHOLE, PayoutSource.POT),
        (2, 37678, 0, None, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source) == (300, RakeSource.PRINTED)


def test_stud_hilo_odd_cent_to_high():
    (hand,) = hands_by_id(PARSER, "Bovada/StudHiLo/7-StudHL-USD-0.25-0.50-201209.txt").values()
    assert (hand.game, hand.limit, hand.ante, hand.button_seat) == (Game.STUD_HILO, Limit.FIXED, 5, None)
    assert hand.seat(1).cards == ["6d", "Ad", "2s", "3s", "7h", "4h", "Jh"]
    assert hand.seat(1).upcards == ["2s", "3s", "7h", "4h"]
    assert hand.seat(5).folded_street == Street.FIFTH
    assert {s.seat: s.contributed for s in hand.seats} == {1: 205, 2: 5, 3: 5, 4: 205, 5: 55, 6: 5, 8: 5}
    assert _pays(hand) == [
        (1, 232, 0, None, Half.LOW, PayoutSource.POT),
        (4, 233, 0, None, Half.HIGH, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source) == (20, RakeSource.PRINTED)


def test_tournament_without_street_lines_and_side_pot():
    (hand,) = hands_by_id(PARSER, "Bovada/OmahaHiLo/PLO8-USD-MTT - $10-$1 - 201207.allin.call.pf.txt").values()
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.currency) == (True, "1235263", 1, None)
    assert (hand.limit, hand.small_blind, hand.big_blind) == (Limit.FIXED, 75, 150)
    assert hand.boards == [["Ts", "Jd", "5d", "Js", "5c"]]
    # no street lines: each "Bets" after a closed round opens the next street
    assert [a.street for a in hand.actions if a.kind == ActionKind.BET] == [Street.FLOP, Street.TURN, Street.RIVER]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 0, 3: 90, 4: 2250, 5: 0, 6: 2250, 7: 0, 8: 0, 9: 150}
    assert hand.seat(3).mucked and hand.seat(3).all_in
    assert _pays(hand) == [
        (4, 2190, 1, None, Half.HIGH, PayoutSource.POT),
        (6, 2190, 1, None, Half.HIGH, PayoutSource.POT),
        (4, 180, 0, None, Half.HIGH, PayoutSource.POT),
        (6, 180, 0, None, Half.HIGH, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source) == (0, RakeSource.INFERRED)


def test_low_labelled_low_and_uncontested_whole():
    (hand,) = hands_by_id(PARSER, "Bovada/OmahaHiLo/PLO8-USD-MTT - $1-0.10 - 201409.LOW.vs.LO.txt").values()
    assert _pays(hand) == [(1, 30, 0, None, Half.HIGH, PayoutSource.POT), (2, 30, 0, None, Half.LOW, PayoutSource.POT)]
    (walk,) = hands_by_id(PARSER, "Bovada/OmahaHiLo/bovada.ts__HAND_OMAHA_HILO_NO_SHOWDOWN.txt").values()
    assert _pays(walk) == [(2, 100, None, None, Half.WHOLE, PayoutSource.UNCALLED), (2, 200, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert walk.seat(5).folded_street == Street.PREFLOP


def test_truncated_and_garbage_amounts():
    raw = read_text(corpus_file("Bovada/OmahaHiLo/bovada.ts__HAND_OMAHA_HILO_HIGH_ONLY.txt"))
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw[: raw.index("*** SUMMARY ***")])
    assert (err.value.reason, err.value.message) == (QuarantineReason.TRUNCATED, "hand 4304661627: hand cut off before *** SUMMARY ***")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw.replace("Calls $0.41", "Calls $0.4l", 1))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "hand 4304661627: unexpected line 'Big Blind  [ME] : Calls $0.4l'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw.replace("Calls $0.41", "Calls $0.415", 1))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.BAD_AMOUNT, "hand 4304661627: '$0.415' has more decimals than the minor unit allows (scale 100)")
    assert not PARSER.sniff("{   'boardcard1': 6,\n")


MVS_2022 = """Bovada Hand #4390011223 TBL#28300451 OMAHA HiLo Pot Limit [MVS] - 2022-12-09 19:41:07 UTC
Table Info: Version: 1, Type: MVS, Stakes: $0.10-$0.25, Table: 00091877-0
Seat 2: Dealer ($30 in chips)
Seat 3: Small Blind ($18.40 in chips)
Seat 5: Big Blind [ME] ($25 in chips)
Dealer : Set dealer [2]
Player Info: Seat2: P2-1a2b3c4d5e6f708192a3b4c5d6e7f809, Seat3: P3-0f1e2d3c4b5a69788796a5b4c3d2e1f0
Small Blind : Small Blind $0.10
Big Blind [ME] : Big Blind $0.25
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [2c 3d Kh Kd]
Dealer : Raises $0.75 to $0.75
Small Blind : Folds
Big Blind [ME] : Calls $0.50
*** FLOP *** [Ks 7h 5c]
Big Blind [ME] : Bets $1.60
Dealer : Folds
Big Blind [ME] : Return uncalled portion of bet $1.60
Big Blind [ME] : Does not show
Big Blind [ME] : Hand result $1.52
*** SUMMARY ***
Total Pot($1.60)
Board [Ks 7h 5c]
Seat+2: Dealer Folded on the FLOP
Seat+3: Small Blind Folded before the FLOP
Seat+5: Big Blind [ME] $1.52 [Does not show]
"""


def test_2022_mvs_header_with_utc_and_table_and_player_info_lines():
    # the " UTC" after the time and the two info lines made the whole file unrecognised
    assert PARSER.sniff(MVS_2022)
    hand = PARSER.parse(MVS_2022)
    assert (hand.hand_id, hand.game, hand.limit, hand.button_seat) == ("4390011223", Game.OMAHA_HILO, Limit.POT, 2)
    assert (hand.start_time_raw, hand.start_time_utc) == ("2022-12-09 19:41:07 UTC", "2022-12-09T19:41:07Z")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (2, "Dealer", 3000), (3, "Small Blind", 1840), (5, "Big Blind", 2500)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}
    assert [(p.seat, p.amount, p.half, p.source) for p in hand.payouts] == [
        (5, 160, Half.WHOLE, PayoutSource.UNCALLED), (5, 152, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (8, RakeSource.INFERRED, 160)
    assert hand.reconciles()


def test_dead_button_on_an_empty_seat():
    # "Dealer : Set dealer [4]" names no seated player when the button seat is empty; the
    # hand was quarantined as parse_error ("no seat for 'Dealer'").
    text = MVS_2022.replace("Dealer", "UTG").replace("UTG : Set dealer [2]", "Dealer : Set dealer [4]")
    hand = PARSER.parse(text)
    assert hand.button_seat == 4
    assert [(s.seat, s.player) for s in hand.seats] == [(2, "UTG"), (3, "Small Blind"), (5, "Big Blind")]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (5, 160, PayoutSource.UNCALLED), (5, 152, PayoutSource.POT)]
    assert hand.reconciles()


def test_zone_poker_auto_leave_lines_carry_no_money():
    # Zone Poker seats leave the table as soon as they fold: 'NAME : Leave(Auto)'.
    text = MVS_2022.replace("Small Blind : Folds\n", "Small Blind : Folds\nSmall Blind : Leave(Auto)\n").replace(
        "Big Blind [ME] : Hand result $1.52\n", "Big Blind [ME] : Hand result $1.52\nBig Blind [ME] : Leave(Auto)\nEnter(Auto)\n")
    hand = PARSER.parse(text)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (5, 160, PayoutSource.UNCALLED), (5, 152, PayoutSource.POT)]


def test_hand_cut_right_after_the_summary_line_with_no_result_is_truncated():
    cut = MVS_2022[: MVS_2022.index("Total Pot(")].replace("Big Blind [ME] : Hand result $1.52\n", "")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(cut)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.TRUNCATED, "hand 4390011223: hand cut off right after *** SUMMARY ***")


# Zone Poker, 2019: the player folded and was moved to another table, so the summary was
# never written; the Hand result line still says who was paid what.
ZONE_NO_SUMMARY = """\
Bovada Hand #3800000001  Zone Poker ID#1400 HOLDEMZonePoker No Limit - 2019-05-02 21:14:07\r
Seat 1: UTG ($10 in chips)\r
Seat 2: UTG+1 ($7.40 in chips)\r
Seat 3: UTG+2 ($12.15 in chips)\r
Seat 4: Dealer ($9.95 in chips)\r
Seat 5: Small Blind ($4.20 in chips)\r
Seat 6: Big Blind [ME] ($10.35 in chips)\r
Dealer : Set dealer [4] \r
Small Blind : Small Blind $0.05 \r
Big Blind  [ME] : Big blind $0.10 \r
*** HOLE CARDS ***\r
UTG : Card dealt to a spot [9d 9c] \r
UTG+1 : Card dealt to a spot [Ks 2h] \r
UTG+2 : Card dealt to a spot [7h 5s] \r
Dealer : Card dealt to a spot [Qc Jc] \r
Small Blind : Card dealt to a spot [8s 3d] \r
Big Blind  [ME] : Card dealt to a spot [Ad 4c] \r
UTG : Raises $0.30 to $0.30\r
UTG+1 : Folds\r
UTG+1 : Leave(Auto)\r
UTG+2 : Folds\r
Dealer : Calls $0.30 \r
Small Blind : Folds\r
Big Blind  [ME] : Folds\r
Big Blind  [ME] : Leave(Auto)\r
*** FLOP *** [Kd 9h 2c]\r
UTG : Bets $0.45 \r
Dealer : Folds\r
UTG : Return uncalled portion of bet $0.45 \r
UTG : Does not show [9d 9c] (Three of a kind)\r
UTG : Hand result $0.71 \r
Enter(Auto)\r
Enter(Auto)\r
*** SUMMARY ***\r
\r
\r
"""


def test_zone_poker_hand_with_an_empty_summary_is_read_from_its_hand_result():
    hand = PARSER.parse(ZONE_NO_SUMMARY)
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {1: 30, 4: 30, 5: 5, 6: 10}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 45, PayoutSource.UNCALLED), (1, 71, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.rake, hand.rake_source) == (None, 4, RakeSource.INFERRED)
    assert hand.notes[0] == "summary section empty: no total pot or rake printed; paid as the Hand result lines say"
    assert hand.boards == [["Kd", "9h", "2c"]]


# 2012 cash files: no street lines, each street's board in a line of its own, and a
# returning player's dead chip of both blinds.
OLD_FORMAT_2012 = """\
Bovada Hand #2596000001 TBL#950001 HOLDEM  Fixed Limit - 2012-04-03 18:13:22
Seat 1: UTG+1 ($300 in chips)
Seat 2: Dealer ($52 in chips)
Seat 3: Small Blind [ME] ($384.64 in chips)
Seat 4: Big Blind ($338 in chips)
Dealer : Set dealer/Bring in spot [2] 
Small Blind [ME] : Ante/Small Blind $4 
Big Blind : Big blind/Bring in $8 
UTG+1 : Posts dead chip $12 
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [4s Js] 
Dealer : Card dealt to a spot [Jc 6c] 
Small Blind [ME] : Card dealt to a spot [2c 9c] 
Big Blind : Card dealt to a spot [3c Ac] 
UTG+1 : Raises $16 
Dealer : Folds
Small Blind [ME] : Raises $24 
Big Blind : Calls $16 
UTG+1 : Calls $8 
Card dealt to table [2h 6d Ks] 
Small Blind [ME] : Bets $8 
Big Blind : Calls $8 
UTG+1 : Folds
Card dealt to table [9d] 
Small Blind [ME] : Bets $16 
Big Blind : Folds
Small Blind [ME] : Return uncalled portion of bet $16 
Small Blind [ME] : Does not show [2c 9c] (Two pair)
Small Blind [ME] : Hand result $90 
*** SUMMARY ***
Total Pot($92) | Rake ($2) 
Board [2h 6d Ks 9d ]
Seat 1: UTG+1 Folded on the FLOP
Seat 2: Dealer Folded on the POCKET CARDS
Seat 3: Small Blind $90 [Does not show]  
Seat 4: Big Blind Folded on the TURN
"""


def test_2012_board_lines_and_a_dead_chip_of_both_blinds():
    hand = PARSER.parse(OLD_FORMAT_2012)
    assert hand.boards == [["2h", "6d", "Ks", "9d"]]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 1][:3] == [
        (1, ActionKind.POST_DEAD, 400), (1, ActionKind.POST_BLIND, 800), (1, ActionKind.RAISE, 800)]
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {1: 2800, 3: 3200, 4: 3200}
    assert [a.street for a in hand.actions if a.kind == ActionKind.BET] == [Street.FLOP, Street.TURN]
    assert (hand.rake, hand.pot_total, hand.reconciles()) == (200, 9200, True)
    assert hand.seat(1).folded_street == Street.FLOP


@pytest.mark.parametrize("verb, timed_out", [
    ("Raises $0.75 to $0.75", "Raises(timeout) $0.75 to $0.75"),
    ("Raises $0.75 to $0.75", "All-in(raise-timeout) $0.75 to $0.75"),
])
def test_a_verb_played_for_a_seat_out_of_time_is_marked_timeout(verb, timed_out):
    # the client acts for a seat whose clock ran out and marks the verb; the money is the same
    text = MVS_2022.replace(f"Dealer : {verb}", f"Dealer : {timed_out}").replace(
        "Big Blind [ME] : Calls $0.50", "Big Blind [ME] : Calls(timeout) $0.50")
    hand = PARSER.parse(text)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (5, 160, PayoutSource.UNCALLED), (5, 152, PayoutSource.POT)]
    assert hand.reconciles()


def test_tournament_traffic_and_card_to_the_table_lines_carry_no_money():
    # 2021 tournament files: seat ids, rebuys, add-ons and prizes are printed among the actions;
    # "Card to the table" is the newer spelling of "Card dealt to table"
    text = MVS_2022.replace("*** FLOP *** [Ks 7h 5c]\n", "*** FLOP ***\nCard to the table [Ks 7h 5c]\n").replace(
        "Player Info:", "Seating Info: 2, 3, 5\nPlayer Info:").replace(
        "Small Blind : Folds\n", "Small Blind : Folds\nSmall Blind : Rebuyin 1,500\nSmall Blind : Addon 3,000\n"
        "Small Blind : Double rebuys 3,000\nSmall Blind : BOUNTY PRIZE [$5]\n"
        "Small Blind : Prize Tournament Ticket [T$11]\n")
    hand = PARSER.parse(text)
    assert hand.boards == [["Ks", "7h", "5c"]]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (5, 160, PayoutSource.UNCALLED), (5, 152, PayoutSource.POT)]


BODOG_SKIN = """SITE Hand #2600000123 TBL#2000456 HOLDEM No Limit - 2012-09-14 21:03:11
Seat 1: Dealer ($40 in chips)
Seat 2: Small Blind [ME] ($52.25 in chips)
Seat 3: Big Blind ($37 in chips)
Dealer : Set dealer [1]
Small Blind [ME] : Small Blind $1
Big Blind : Big blind $2
*** HOLE CARDS ***
Dealer : Card dealt to a spot [9h 9c]
Small Blind [ME] : Card dealt to a spot [Ah 4s]
Big Blind : Card dealt to a spot [Qd Jc]
Dealer : Raises $6 to $6
Small Blind [ME] : Folds
Big Blind : Folds
Dealer : Return uncalled portion of bet $4
Dealer : Does not show [9h 9c] (One pair)
Dealer : Hand result $5
*** SUMMARY ***
Total Pot($5)
Seat+1: Dealer $5 [Does not show]
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind Folded before the FLOP
"""


@pytest.mark.parametrize("site", ["Bodog UK", "Bodog.eu", "Bodog.com"])
def test_bodog_skins_headers(site):
    # Bodog's UK, .eu and .com clients (2012-2021) name themselves in the header; the rest is Bovada's
    from parsers.registry import detect
    text = BODOG_SKIN.replace("SITE", site)
    assert detect(text[:2000]) is PARSER
    (chunk,) = PARSER.split(text)
    hand = PARSER.parse(chunk if isinstance(chunk, str) else text)
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("2600000123", Game.HOLDEM, Limit.NO, "USD")
    assert f"dealt by {site} (Bovada network)" in hand.notes
    assert {s.seat: s.contributed for s in hand.seats} == {1: 200, 2: 100, 3: 200}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 400, PayoutSource.UNCALLED), (1, 500, PayoutSource.POT)]
    assert (hand.rake, hand.reconciles()) == (0, True)


STUD_TOURNAMENT_2012 = """\
Bovada Hand #2601234567: 7CARD Tournament #5012345 TBL#3, Fixed Limit- Level 1 (0/0) - 2012-06-18 20:14:33
Seat+1: 1,510 in chips
Seat+3 [ME]: 1,498 in chips
Seat+6: 1,492 in chips
Seat+1 : Ante chip 2 
Seat+3 [ME] : Ante chip 2 
Seat+6 : Ante chip 2 
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [Kc 7s 3d] 
Seat+3 [ME] : Card dealt to a spot [5h 5d 9c] 
Seat+6 : Card dealt to a spot [2h Qs Ah] 
Seat+1 : Big blind/Bring in(timeout) 5 
Seat+3 [ME] : Call 5 
Seat+6 : Call 5 
Seat+1 : Card dealt to a spot [8h] 
Seat+3 [ME] : Card dealt to a spot [9d] 
Seat+6 : Card dealt to a spot [Ad] 
Seat+6 : Double bets 20 
Seat+1 : Folds
Seat+3 [ME] : Call 20 
Seat+3 [ME] : Card dealt to a spot [Jc] 
Seat+6 : Card dealt to a spot [4c] 
Seat+6 : Bets 20 
Seat+3 [ME] : Folds
Seat+6 : Return uncalled portion of bet 20 
Seat+6 : Does not show [2h Qs Ah Ad 4c] (One pair)
Seat+6 : Hand Result 61 
*** SUMMARY ***
Total Pot(61)
Seat 1:  Folded on the 4TH STREET
Seat 3:  Folded on the 5TH STREET
Seat 6:  61 [Does not show]  
"""


def test_stud_double_bets_and_a_bring_in_played_out_of_time():
    # 4th street with a pair showing allows the big bet: "Double bets 20"; the bring-in the
    # client posted for a seat out of time is marked "(timeout)"
    hand = PARSER.parse(STUD_TOURNAMENT_2012)
    assert (hand.game, hand.is_tournament, hand.amount_scale) == (Game.STUD, True, 1)
    assert [(a.seat, a.street, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.BET] == [
        (6, Street.FOURTH, ActionKind.BET, 20), (6, Street.FIFTH, ActionKind.BET, 20)]
    # read as the same line without the mark
    on_time = PARSER.parse(STUD_TOURNAMENT_2012.replace("Bring in(timeout) 5", "Bring in 5"))
    assert [(a.seat, a.kind, a.amount) for a in hand.actions] == [(a.seat, a.kind, a.amount) for a in on_time.actions]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 7, 3: 27, 6: 27}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (6, 20, PayoutSource.UNCALLED), (6, 61, PayoutSource.POT)]
    assert (hand.rake, hand.reconciles()) == (0, True)


def test_a_bet_played_out_of_time_with_chip_info():
    # 2021 tournaments: "Bets chip info(timeout) 12960" is a bet (the all-in and return match it)
    text = MVS_2022.replace("Big Blind [ME] : Bets $1.60", "Big Blind [ME] : Bets chip info(timeout) $1.60")
    hand = PARSER.parse(text)
    assert [(a.seat, a.street, a.amount) for a in hand.actions if a.kind == ActionKind.BET] == [
        (5, Street.FLOP, 160)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 3: 10, 5: 75}


def test_a_hand_with_repeated_lines_that_does_not_add_up_is_damaged():
    # 2014-2015 files repeat a line verbatim (fpdb keeps them as "corrupted.lines"): read as
    # printed the small blind is posted three times, which the Total Pot does not count
    posts = "Small Blind : Small Blind $0.10\n"
    damaged = MVS_2022.replace(posts, posts * 3)
    with pytest.raises(HandParseError) as raised:
        PARSER.parse(damaged)
    assert raised.value.reason == QuarantineReason.INCONSISTENT
    assert raised.value.message == (
        "hand 4390011223: damaged history: line 9 repeats line 8 'Small Blind : Small Blind $0.10', and the "
        "hand does not add up (Total Pot printed 160, put in 180, paid 152)")
    # a result line printed twice pays out more than was put in
    result = "Big Blind [ME] : Hand result $1.52\n"
    with pytest.raises(HandParseError) as raised:
        PARSER.parse(MVS_2022.replace(result, result * 2))
    assert raised.value.reason == QuarantineReason.INCONSISTENT
    assert "paid 304" in raised.value.message
    # a repeat in a hand that adds up is read as printed (2021 files print each Showdown twice)
    hand = PARSER.parse(MVS_2022.replace("Big Blind [ME] : Does not show\n", "Big Blind [ME] : Does not show\n" * 2))
    assert (hand.rake, hand.reconciles()) == (8, True)
