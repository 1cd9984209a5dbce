"""BetOnline parser: the corpus file, its exact values, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.betonline import PARSER
from tests.corpus import corpus_file, corpus_files, read_text
from tests.parser_harness import parse_corpus_file

# 3.97 put in, 2.49 paid + 0.22 rake: the file does not print who was paid the 1.26 pot
EXPECTED_HANDS = {"NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt": 1}
QUARANTINED = {"NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt"}
FILE = "BetOnline/Holdem/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt"
SIDE_POT_LINE = "Total pot 1.26 | Rake 0.22\r\n"


@pytest.mark.parametrize("path", corpus_files("BetOnline"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    if path.name in QUARANTINED:
        with pytest.raises(HandParseError):
            parse_corpus_file(PARSER, path, EXPECTED_HANDS)
        return
    for hand in parse_corpus_file(PARSER, path, EXPECTED_HANDS):
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format) == (Platform.BETONLINE, Format.BETONLINE)


def test_a_pot_printed_with_no_line_paying_it_quarantines_the_hand():
    raw = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "hand 1606125823: 2 'Total pot' lines print a pot each, but the pay lines pay only the last (2.49): "
        "who was paid 1.26 is not printed",
    )
    # a pot line that a pay line pays (the side pot's winner printed too) is read as before
    both = PARSER.parse(raw.replace("won (2.49)", "won (2.49)\r\nSeat 9: Player5 collected (1.26)"))
    assert [(p.seat, p.amount) for p in both.payouts] == [(3, 249), (10, 126)]
    assert both.reconciles()


def test_three_way_all_in_exact_values():
    raw = read_text(corpus_file(FILE))
    assert raw.count(SIDE_POT_LINE) == 1
    hand = PARSER.parse(raw.replace(SIDE_POT_LINE, ""))
    assert (hand.hand_id, hand.game, hand.limit, hand.amount_scale, hand.currency) == (
        "1606125823", Game.HOLDEM, Limit.NO, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.max_seats, hand.table_name) == (1, 2, 5, 10, "24")
    assert (hand.start_time_utc, hand.hand_date) == ("2016-05-04T14:36:39Z", "2016-05-04")
    assert hand.boards == [["5d", "Ad", "4h", "5c", "9s"]]
    # printed seats 0-9 are seats 1-10
    assert hand.seat(1).cards == ["7h", "Tc"] and hand.seat(3).cards == ["5s", "4s"] and hand.seat(10).cards == ["Qh", "Ac"]
    assert not hand.seat(9).dealt_in and hand.seat(10).all_in and hand.seat(7).folded_street == Street.FLOP
    assert {s.seat: s.contributed for s in hand.seats} == {
        1: 0, 2: 0, 3: 152, 4: 0, 5: 0, 6: 4, 7: 4, 8: 85, 9: 0, 10: 152}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (3, 249, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (22, RakeSource.PRINTED, 249)
    assert hand.notes == ["history does not add up: seats put in 397, pay lines pay 249 with rake 22 (missing 126)"]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE] == [(8, ActionKind.RAISE, 4), (10, ActionKind.RAISE, 148)]


def test_truncated_and_garbage_amounts():
    raw = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw[: raw.index("*** SUMMARY ***")])
    assert (err.value.reason, err.value.message) == (QuarantineReason.TRUNCATED, "hand 1606125823: hand cut off before *** SUMMARY ***")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw.replace("Player6: bets 0.81", "Player6: bets 0.815", 1))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.BAD_AMOUNT, "hand 1606125823: '0.815' has more decimals than the minor unit allows (scale 100)")
    assert not PARSER.sniff("{   'boardcard1': 6,\n")


def _hand(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# seat 0 posts the small blind and wins at showdown; the button sits in seat 0 of the next hand
SEAT_ZERO = _hand(
    "BetOnline Poker Game #2200000101: Hold'em No Limit ($0.10/0.20) - 2013/03/14 20:05:10 Eastern Daylight Time",
    "Table 'Quartz' 6-Max, Seat #5 is the button",
    "Seat 0: Amber (12.00 in chips) - Small Blind",
    "Seat 1: Basalt (8.40 in chips) - Big Blind",
    "Seat 5: Dune (9.10 in chips) - The button",
    "Amber: posts small blind 0.10",
    "Basalt: posts big blind 0.20",
    "*** HOLE CARDS ***",
    "Dune: folds",
    "Amber: calls 0.10",
    "Basalt: checks",
    "*** FLOP *** [9c 4d 2s]",
    "Amber: bets 0.40",
    "Basalt: calls 0.40",
    "*** TURN *** [9c 4d 2s][Jh]",
    "Amber: checks",
    "Basalt: checks",
    "*** RIVER *** [9c 4d 2s Jh][3c]",
    "Amber: checks",
    "Basalt: checks",
    "*** SHOW DOWN ***",
    "Amber shows Jd Jc",
    "Basalt shows Ah Kh",
    "*** SUMMARY ***",
    "Total pot 1.14 | Rake 0.06",
    "Board [9c 4d 2s Jh 3c]",
    "Seat 0: Amber showed [Jd Jc] and won (1.14)",
    "Seat 1: Basalt showed [Ah Kh] but did not win",
    "Seat 5: Dune folded before Flop",
)


def test_eastern_time_abbreviated():
    hand = PARSER.parse(SEAT_ZERO.replace("20:05:10 Eastern Daylight Time", "20:05:10 EDT"))
    assert (hand.start_time_raw, hand.start_time_utc) == ("2013/03/14 20:05:10 EDT", "2013-03-15T00:05:10Z")


def test_seats_numbered_from_zero_become_one_to_ten():
    hand = PARSER.parse(SEAT_ZERO)
    assert [(s.seat, s.player, s.contributed, s.cards) for s in hand.seats] == [
        (1, "Amber", 60, ["Jd", "Jc"]), (2, "Basalt", 60, ["Ah", "Kh"]), (6, "Dune", 0, [])]
    assert hand.button_seat == 6
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 114)]
    assert hand.reconciles()


def test_unknown_lines_fail_the_hand():
    # A summary line was skipped whatever it said, and cards dealt to no seat were dropped.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SEAT_ZERO + "Seat 5: Dune won the high hand jackpot (5.00)\n")
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "hand 2200000101: unexpected summary line 30: 'Seat 5: Dune won the high hand jackpot (5.00)'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SEAT_ZERO.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Flint [Ah Ad]\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "hand 2200000101: cards dealt to no seat, line 9: 'Dealt to Flint [Ah Ad]'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SEAT_ZERO.replace("Dune: folds\n", "Dune: folds\nDune is sitting out for a bonus of 0.50\n"))
    assert err.value.message == "hand 2200000101: unexpected line 10: 'Dune is sitting out for a bonus of 0.50'"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SEAT_ZERO + "Seat 3: Flint mucked [2c 7d]\n")
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "hand 2200000101: summary line 30 shows the cards of no seat: 'Seat 3: Flint mucked [2c 7d]'")


def test_known_lines_without_money_are_skipped():
    body = (
        "Dune: folds\n"
        "Dune is sitting out\n"
        "Dune sits out\n"
        "Dune has timed out\n"
        "Dune is disconnected\n"
        "Dune said \"nh\"\n"
    )
    summary = (
        "Seat 5: Dune folded before Flop\n"
        "Flint joins the table at seat #3\n"
        'Flint said "hi"\n'
        "Dune has left the table\n"
    )
    raw = SEAT_ZERO.replace("Dune: folds\n", body).replace("Seat 5: Dune folded before Flop\n", summary).replace(
        "Seat 1: Basalt showed [Ah Kh] but did not win", "Seat 1: Basalt mucked [Ah Kh]")
    hand = PARSER.parse(raw)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 114)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 60, 2: 60, 6: 0} and hand.reconciles()


# a new player posts a live blind out of turn, a busted seat leaves, a newcomer joins and chats
TABLE_TRAFFIC = _hand(
    "BetOnline Poker Game #2200000202: Hold'em No Limit ($0.10/0.20) - 2013/03/14 20:09:41 Eastern Daylight Time",
    "Table 'Quartz' 6-Max, Seat #0 is the button",
    "Seat 0: Amber (11.66 in chips) - The button",
    "Seat 1: Basalt (8.94 in chips) - Small Blind",
    "Seat 3: Cobalt (15.00 in chips) - Big Blind",
    "Seat 4: Gneiss (0.00 in chips)",
    "Seat 5: Ember (20.00 in chips)",
    "Basalt: posts small blind 0.10",
    "Cobalt: posts big blind 0.20",
    "Ember: post now 0.20",
    "*** HOLE CARDS ***",
    "Gneiss has left the table",
    "Ember: checks",
    "Amber: raises 0.60 to 0.60",
    "Basalt: folds",
    "Cobalt: calls 0.40",
    "Ember: calls 0.40",
    "Flint joins the table at seat #2",
    'Flint said "evening all"',
    "*** FLOP *** [Ks 7d 2c]",
    "Cobalt: checks",
    'Ember said "gl"',
    "Ember: checks",
    "Amber: checks",
    "*** TURN *** [Ks 7d 2c][Qh]",
    "Cobalt: checks",
    "Ember: checks",
    "Amber: checks",
    "*** RIVER *** [Ks 7d 2c Qh][5s]",
    "Cobalt: checks",
    "Ember: checks",
    "Amber: checks",
    "*** SHOW DOWN ***",
    "Cobalt shows Kd 9d",
    "Ember shows Qc Jc",
    "Amber shows 7s 7c",
    "*** SUMMARY ***",
    "Total pot 1.80 | Rake 0.10",
    "Board [Ks 7d 2c Qh 5s]",
    "Seat 0: Amber showed [7s 7c] and won (1.80)",
    "Seat 1: Basalt folded before Flop",
    "Seat 3: Cobalt showed [Kd 9d] but did not win",
    "Seat 5: Ember showed [Qc Jc] but did not win",
)


def test_post_now_is_a_live_blind_and_table_traffic_is_read():
    hand = PARSER.parse(TABLE_TRAFFIC)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 60, 2: 10, 4: 60, 5: 0, 6: 60}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (2, ActionKind.POST_SMALL_BLIND, 10), (4, ActionKind.POST_BIG_BLIND, 20), (6, ActionKind.POST_BLIND, 20)]
    # the busted seat that left is out of the hand; the newcomer has no seat in it
    assert hand.seat(5).folded_street == Street.PREFLOP
    assert [s.seat for s in hand.seats if s.folded_street is None] == [1, 4, 6]
    assert hand.reconciles() and hand.notes == []


# won without a showdown: the summary says "collected (X)"
UNCONTESTED = _hand(
    "BetOnline Poker Game #2200000303: Hold'em No Limit ($0.10/0.20) - 2013/03/14 20:12:03 Eastern Daylight Time",
    "Table 'Quartz' 6-Max, Seat #1 is the button",
    "Seat 0: Amber (11.66 in chips)",
    "Seat 1: Basalt (8.84 in chips) - The button",
    "Seat 3: Cobalt (14.40 in chips) - Small Blind",
    "Seat 5: Ember (19.40 in chips) - Big Blind",
    "Cobalt: posts small blind 0.10",
    "Ember: posts big blind 0.20",
    "*** HOLE CARDS ***",
    "Amber: calls 0.20",
    "Basalt: folds",
    "Cobalt: calls 0.10",
    "Ember: checks",
    "*** FLOP *** [8h 8c 3d]",
    "Cobalt: checks",
    "Ember: bets 0.45",
    "Amber: folds",
    "Cobalt: folds",
    "Uncalled bet (0.45) returned to Ember",
    "*** SUMMARY ***",
    "Total pot 0.57 | Rake 0.03",
    "Board [8h 8c 3d]",
    "Seat 0: Amber folded on the Flop",
    "Seat 1: Basalt folded before Flop",
    "Seat 3: Cobalt folded on the Flop",
    "Seat 5: Ember collected (0.57)",
)


def test_summary_collected_line_pays_a_pot_won_without_showdown():
    hand = PARSER.parse(UNCONTESTED)
    assert [(p.seat, p.amount, p.source, p.line) for p in hand.payouts] == [
        (6, 45, PayoutSource.UNCALLED, "Uncalled bet (0.45) returned to Ember"),
        (6, 57, PayoutSource.POT, "Seat 5: Ember collected (0.57)")]
    assert hand.pot_total == 60 and hand.reconciles() and hand.contradictions == []


def test_summary_collected_nothing_pays_nothing():
    # the loser at showdown does not show, and the summary says it "collected (0.00)"
    raw = SEAT_ZERO.replace("Basalt shows Ah Kh\n", "").replace(
        "Seat 1: Basalt showed [Ah Kh] but did not win", "Seat 1: Basalt collected (0.00)")
    hand = PARSER.parse(raw)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 114)]
    assert hand.reconciles() and hand.contradictions == []


def test_summary_that_contradicts_a_collected_line_is_recorded():
    raw = UNCONTESTED.replace("Uncalled bet (0.45) returned to Ember\n",
                              "Uncalled bet (0.45) returned to Ember\nEmber collected 0.57 from pot\n")
    hand = PARSER.parse(raw.replace("Ember collected (0.57)", "Ember collected (0.75)"))
    assert [(p.seat, p.amount, p.line) for p in hand.payouts if p.source == PayoutSource.POT] == [
        (6, 57, "Ember collected 0.57 from pot")]
    assert [(c.seat, c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (6, 57, 75, "summary says seat 6 won 0.75 but its collected lines pay 0.57")]
    assert PARSER.parse(raw).contradictions == []


def test_unmatched_bet_is_returned_where_no_uncalled_line_is_printed():
    hand = PARSER.parse(UNCONTESTED.replace("Uncalled bet (0.45) returned to Ember\n", ""))
    assert [(a.street, a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (Street.FLOP, 6, 45)]
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(6, 57, PayoutSource.POT)]
    assert hand.seat(6).contributed == 20 and hand.reconciles()
    assert hand.notes == ["uncalled bet not printed: 45 returned to seat 6 (what no other seat matched)"]
    # where the line is printed, nothing more comes back
    printed = PARSER.parse(UNCONTESTED)
    assert [a.amount for a in printed.actions if a.kind == ActionKind.UNCALLED_RETURN] == [45] and printed.notes == []


def test_bet_over_an_all_in_call_comes_back_before_the_showdown():
    river = "*** RIVER *** [9c 4d 2s Jh][3c]\nAmber: checks\nBasalt: checks\n"
    raw = SEAT_ZERO.replace(river, "*** RIVER *** [9c 4d 2s Jh][3c]\nAmber: bets 9.00\nBasalt: calls 7.80\n").replace(
        "Total pot 1.14 | Rake 0.06", "Total pot 15.96 | Rake 0.84").replace("won (1.14)", "won (15.96)")
    hand = PARSER.parse(raw)
    assert [(a.street, a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (Street.RIVER, 1, 120)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 840, 2: 840, 6: 0} and hand.reconciles()
    # a return printed after the show down header is the only one
    printed = PARSER.parse(raw.replace("*** SHOW DOWN ***\n", "*** SHOW DOWN ***\nUncalled bet (1.20) returned to Amber\n"))
    assert [a.amount for a in printed.actions if a.kind == ActionKind.UNCALLED_RETURN] == [120] and printed.reconciles()


# the PayNoRake skin: its own name in the header, no seconds, a Windows zone name; the big
# blind is printed as sitting out but plays the hand
PAYNORAKE = _hand(
    "PayNoRake Game #2300000404: Hold'em No Limit ($0.25/0.50) - 2013/01/20 14:07 GMT Standard Time",
    "Table 'Solaris' 10-Max, Seat #6 is the button",
    "Seat 2: Jun (18.25 in chips)",
    "Seat 6: Ivo (30.00 in chips) - The button",
    "Seat 7: Lea (22.00 in chips) - Small Blind",
    "Seat 8: Kai (40.00 in chips) - Sitting out",
    "Lea: posts small blind 0.25",
    "Kai: posts big blind 0.50",
    "*** HOLE CARDS *** ",
    "Dealt to Kai [Tc Td]",
    "Jun: folds",
    "Ivo: calls 0.50",
    "Lea: folds",
    "Kai: checks",
    "*** FLOP *** [Th 6s 2d]",
    "Kai: bets 1.00",
    "Ivo: calls 1.00",
    "*** TURN *** [Th 6s 2d][Qc]",
    "Kai: checks",
    "Ivo: checks",
    "*** RIVER *** [Th 6s 2d Qc][3h]",
    "Kai: checks",
    "Ivo: checks",
    "*** SHOW DOWN *** ",
    "Kai shows Tc Td",
    "Ivo shows Qs Jh",
    "*** SUMMARY *** ",
    "Total pot 3.09 | Rake 0.16",
    "Board [Th 6s 2d Qc 3h]",
    "Seat 2: Jun folded before Flop",
    "Seat 6: Ivo showed [Qs Jh] but did not win",
    "Seat 7: Lea folded before Flop",
    "Seat 8: Kai showed [Tc Td] and won (3.09)",
)


def test_paynorake_skin_is_read_as_betonline():
    assert PARSER.sniff(PAYNORAKE) and [offset for offset, _ in PARSER.split(PAYNORAKE)] == [0]
    hand = PARSER.parse(PAYNORAKE)
    assert (hand.hand_id, hand.platform, hand.format, hand.game, hand.limit, hand.table_name) == (
        "2300000404", Platform.BETONLINE, Format.BETONLINE, Game.HOLDEM, Limit.NO, "Solaris")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "2013/01/20 14:07 GMT Standard Time", None, "2013-01-20")
    assert hand.notes == ["skin: PayNoRake (Chico network, recorded as betonline)"]
    assert [s.seat for s in hand.seats if s.dealt_in and s.folded_street is None] == [7, 9]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(9, 309)] and hand.reconciles()


TOURNAMENT_FILE = """

Tournament will start in a moment.

BetOnline Poker Game #911000431: Tournament #3500127: Hold'em $15.00/$30.00 - 2011/08/21 19:40 Eastern Daylight Time
Table '3500127-012' 10-Max, Seat #4017733 is the button
Seat 3: Brant (1500.00 in chips) - Small Blind
Seat 4: Corvin (1477.50 in chips) - Big Blind
Seat 5: Delia (1500.00 in chips)
Seat 6: Hero (1500.00 in chips)
Joined table during game.  History will only be recorded from the next hand.
Brant: posts small blind 15.00
Corvin: posts big blind 30.00
*** HOLE CARDS ***
Dealt to Hero []
Delia: raises 90.00 to 90.00
Brant: folds
Corvin: calls 60.00
*** FLOP *** [Ts 4d 4c]
Corvin: checks
Delia: bets 120.00
Corvin: folds
Uncalled bet (120.00) returned to Delia
Delia shows Jd Jh
*** SUMMARY ***
Total pot 195.00
Board [Ts 4d 4c]
Delia shows Jd Jh
Total pot 195.00
Board [Ts 4d 4c]
Seat 3: Brant folded before Flop
Seat 4: Corvin folded on the Flop
Seat 5: Delia showed [Jd Jh] and won (195.00)
Seat 6: Hero collected (0.00)



BetOnline Poker Game #911000699: Tournament #3500127: Hold'em $15.00/$30.00 - 2011/08/21 19:41 Eastern Daylight Time
Table '3500127-012' 10-Max, Seat #3 is the button
Seat 3: Brant (1485.00 in chips) - The button
Seat 4: Corvin (1387.50 in chips) - Small Blind
Seat 5: Delia (1605.00 in chips) - Big Blind
Seat 6: Hero (1500.00 in chips)
Corvin: posts small blind 15.00
Delia: posts big blind 30.00
*** HOLE CARDS ***
Dealt to Hero [9c 2d]
Hero: folds
Brant: folds
Corvin: folds
Uncalled bet (15.00) returned to Delia
*** SUMMARY ***
Total pot 30.00
Seat 3: Brant folded before Flop
Seat 4: Corvin folded before Flop
Seat 5: Delia collected (30.00)
Seat 6: Hero folded before Flop
"""


def test_a_2011_tournament_file_with_its_notices_and_a_seat_not_dealt_in():
    # 'Tournament #N: Hold'em $15.00/$30.00' (stakes without parentheses, no limit named),
    # chips in hundredths; the opening notice joins the first hand; the summary's first
    # lines are printed twice, a voluntary show among them; the viewer seated mid-hand
    # does nothing and is printed 'collected (0.00)': not dealt in, so the hand is
    # uncontested; the button number is no seat.
    assert PARSER.sniff(TOURNAMENT_FILE)
    chunks = list(PARSER.split(TOURNAMENT_FILE))
    assert len(chunks) == 2 and chunks[0][0] == 0
    first, second = (PARSER.parse(text) for _, text in chunks)
    assert (first.hand_id, first.is_tournament, first.tournament_id, first.currency, first.amount_scale, first.limit) == (
        "911000431", True, "3500127", None, 100, None)
    assert (first.small_blind, first.big_blind, first.button_seat) == (1500, 3000, None)
    assert "the button is printed at seat #4017733, where no one sits: not recorded" in first.notes
    assert not first.seat(7).dealt_in and first.seat(6).showed and first.seat(6).cards == ["Jd", "Jh"]
    assert {s.seat: s.contributed for s in first.seats} == {4: 1500, 5: 9000, 6: 9000, 7: 0}
    assert [(p.seat, p.amount, p.source) for p in first.payouts] == [
        (6, 12000, PayoutSource.UNCALLED), (6, 19500, PayoutSource.POT)]
    assert first.total_pot_printed == 19500 and first.reconciles()
    assert second.button_seat == 4 and second.seat(7).dealt_in and second.reconciles()


POST_DEAD = """BetOnline Poker Game #1002140116: Hold'em No Limit ($0.25/0.50) - 2012/04/11 02:20:41 GMT Daylight Time
Table 'Quiet Earth' 10-Max, Seat #2 is the button
Seat 2: Fenwick (40.00 in chips) - The button
Seat 3: Garrow (52.10 in chips) - Small Blind
Seat 4: Hollis (61.00 in chips) - Big Blind
Seat 5: Ivo (25.00 in chips)
Garrow: posts small blind 0.25
Hollis: posts big blind 0.50
Ivo: post dead 0.50
*** HOLE CARDS ***
Ivo: checks
Fenwick: raises 1.50 to 1.50
Garrow: folds
Hollis: calls 1.00
Ivo: calls 1.00
*** FLOP *** [2s 8d Kh]
Hollis: checks
Ivo: bets 3.00
Fenwick: folds
Hollis: folds
Uncalled bet (3.00) returned to Ivo
*** SUMMARY ***
Total pot 4.75 | Rake 0.25
Board [2s 8d Kh]
Seat 2: Fenwick folded on the Flop
Seat 3: Garrow folded before Flop
Seat 4: Hollis folded on the Flop
Seat 5: Ivo collected (4.75)
"""


def test_post_dead_is_a_live_big_blind_and_an_unprinted_dead_small_blind():
    hand = PARSER.parse(POST_DEAD)
    posts = [(a.kind, a.amount) for a in hand.actions if a.seat == 6 and a.street == Street.PREDEAL]
    assert posts == [(ActionKind.POST_BLIND, 50), (ActionKind.POST_DEAD, 25)]
    assert {s.seat: s.contributed for s in hand.seats} == {3: 150, 4: 25, 5: 150, 6: 175}
    assert (hand.pot_total, hand.rake) == (500, 25) and hand.reconciles()
    assert "seat 6 'post dead 0.50': the dead small blind 25 it also put in is not printed" in hand.notes


def test_two_players_printed_in_one_seat_are_inconsistent():
    # Version 1 let the second seat line replace the first and read the first player's
    # posts and folds as the second's (a 2016 tournament file prints the viewer in the
    # small blind's seat as well); whose lines are whose, the history does not say
    raw = SEAT_ZERO.replace("Seat 5: Dune (9.10 in chips) - The button\n",
                            "Seat 5: Dune (9.10 in chips) - The button\nSeat 1: Coral (8.40 in chips) - Big Blind\n")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "hand 2200000101: seat 2 (Coral) is seated twice, line 6: 'Seat 1: Coral (8.40 in chips) - Big Blind'")


WEEDS = """BetOnline Poker Game #1073099001: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 21:40:00 EDT
Table 'Weeds (Hi)' 10-Max, Seat #0 is the button
Seat 0: Hero (8.00 in chips) - The button
Seat 2: Quill (6.00 in chips) - Small Blind
Seat 4: Rowan (4.00 in chips) - Big Blind
Quill: posts small blind 0.05
Rowan: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Hero [3h 5s Jd As]
Hero: raises 0.35 to 0.35
Quill: folds
Rowan: calls 0.25
*** FLOP *** [Qd Jh 9c]
Rowan: bets 0.70
Hero: calls 0.70
*** TURN *** [Qd Jh 9c] [8d]
Rowan: checks
Hero: checks
*** RIVER *** [Qd Jh 9c 8d] [2s]
Rowan: checks
Hero: checks
*** SHOW DOWN ***
Hero shows 3h 5s Jd As
Rowan shows Td Kd 2c 2d
*** SUMMARY ***
Total pot 2.15 | Rake 0.10
Board [Qd Jh 9c 8d 2s]
Seat 0: Hero showed [3h 5s Jd As] but did not win
Seat 2: Quill folded before Flop
Seat 4: Rowan showed [Td Kd 2c 2d] and won (2.05)
"""


def test_a_hand_headed_holdem_that_deals_four_cards_is_omaha():
    # the 2012 'Weeds (Hi)' table heads its hands "Hold'em Pot Limit" and deals four cards
    hand = PARSER.parse(WEEDS)
    assert (hand.game, hand.limit) == (Game.OMAHA, Limit.POT)
    assert "header says Hold'em but every seat with cards holds four: read as Omaha" in hand.notes
    assert [(p.seat, p.amount) for p in hand.payouts] == [(5, 205)] and hand.reconciles()
    two = PARSER.parse(WEEDS.replace("[3h 5s Jd As]", "[3h 5s]").replace("3h 5s Jd As", "3h 5s").replace(
        "Td Kd 2c 2d", "Td Kd"))
    assert two.game == Game.HOLDEM


def test_a_rake_printed_on_each_of_two_total_lines_counts_twice_only_if_that_adds_up():
    # one "Total pot | Rake" line per pot: 1.05 + 0.05 and 0.90 + 0.05 of the 2.05 won and
    # 2.15 put in; the hand adds up only with both rakes
    split = WEEDS.replace("Total pot 2.15 | Rake 0.10", "Total pot 1.10 | Rake 0.05\nTotal pot 0.95 | Rake 0.05")
    hand = PARSER.parse(split)
    assert hand.rake == 10 and hand.reconciles()
    assert "2 'Total pot' lines each print a rake: the hand adds up with their sum (10), not the last (5)" in hand.notes
    once = PARSER.parse(WEEDS.replace("Total pot 2.15 | Rake 0.10", "Total pot 2.15 | Rake 0.05\nTotal pot 2.15 | Rake 0.10"))
    assert once.rake == 10 and not [n for n in once.notes if "each print a rake" in n]
