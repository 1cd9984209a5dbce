"""Cake parser: every corpus file, every corpus hand's exact values, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.cake import PARSER
from parsers.registry import detect
from tests.corpus import corpus_files
from tests.parser_harness import hands_by_id, parse_corpus_file

EXPECTED_HANDS = {
    "PLO-6max-EUR-0.20-0.41-201209.round.penny.txt": 1,
    "PLO8-2max-USD-5-201307.txt": 2,
}


@pytest.mark.parametrize("path", corpus_files("Cake"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    for hand in parse_corpus_file(PARSER, path, EXPECTED_HANDS):
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format) == (Platform.CAKE, Format.CAKE)


def test_tournament_hilo_split_and_no_low():
    hands = hands_by_id(PARSER, "Cake/OmahaHiLo/PLO8-2max-USD-5-201307.txt")
    split = hands["3389E587C7000012"]
    assert (split.game, split.limit, split.is_tournament, split.amount_scale) == (Game.OMAHA_HILO, Limit.POT, True, 1)
    assert (split.tournament_id, split.max_seats, split.table_name, split.button_seat) == ("15042503", 2, "1", 8)
    assert (split.small_blind, split.big_blind, split.hand_date, split.start_time_utc) == (10, 20, "2013-07-16", None)
    assert split.boards == [["4d", "2h", "Jc", "8h", "Qs"]]
    assert split.seat(8).cards == ["5s", "3c", "4s", "5c"] and split.seat(3).cards == ["As", "Kh", "Ah", "Ac"]
    assert {s.seat: s.contributed for s in split.seats} == {3: 327, 8: 327}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source, p.line) for p in split.payouts] == [
        (3, 327, None, None, Half.HIGH, PayoutSource.POT, "Player0 wins high pot 327 with Pair of Aces   "),
        (8, 327, None, None, Half.LOW, PayoutSource.POT, "Hero wins low pot 327 with  "),
    ]
    assert (split.rake, split.rake_source) == (0, RakeSource.INFERRED)
    walk = hands["3389E587C7000013"]
    assert {s.seat: s.contributed for s in walk.seats} == {3: 10, 8: 10}
    assert walk.seat(3).folded_street == Street.PREFLOP
    assert [(p.seat, p.amount, p.half, p.source) for p in walk.payouts] == [
        (8, 10, Half.WHOLE, PayoutSource.UNCALLED),
        (8, 20, Half.WHOLE, PayoutSource.POT),
    ]


def test_cash_dollars_with_euro_equivalents():
    (hand,) = hands_by_id(PARSER, "Cake/Omaha/PLO-6max-EUR-0.20-0.41-201209.round.penny.txt").values()
    assert (hand.hand_id, hand.game, hand.currency, hand.amount_scale, hand.max_seats) == (
        "3048012347000109", Game.OMAHA, "USD", 100, 6)
    assert (hand.small_blind, hand.big_blind, hand.button_seat) == (25, 50, 1)
    assert [s.stack for s in hand.seats] == [5355, 2398, 6719, 3678, 11814, 5000]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.amount] == [
        (2, ActionKind.POST_SMALL_BLIND, 25),
        (3, ActionKind.POST_BIG_BLIND, 50),
        (2, ActionKind.CALL, 25),
        (3, ActionKind.RAISE, 100),
        (3, ActionKind.UNCALLED_RETURN, 100),
    ]
    assert [(p.seat, p.amount, p.half, p.source) for p in hand.payouts] == [
        (3, 100, Half.WHOLE, PayoutSource.UNCALLED),
        (3, 100, Half.WHOLE, PayoutSource.POT),
    ]
    assert hand.seat(3).cards == ["3c", "5d", "Ks", "6h"] and hand.rake == 0


HAND = """Hand#1 - Table -- $0.10/$0.25 PL Omaha -- 2012/08/09 - 02:43:32
Dealer: Seat 1
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts small blind $0.10
B: posts big blind AMOUNT
A: folds
B: returns uncalled bet $0.15
***SHOW DOWN***
B: mucks
B wins $0.20
"""


def test_malformed_hands():
    assert PARSER.parse(HAND.replace("AMOUNT", "$0.25")).payouts[1].amount == 20
    with pytest.raises(HandParseError) as bad:
        PARSER.parse(HAND.replace("AMOUNT", "$0.255"))
    assert (bad.value.reason, bad.value.message, bad.value.hand_id) == (
        QuarantineReason.BAD_AMOUNT, "'$0.255' has more decimals than the minor unit allows (scale 100)", "1")
    with pytest.raises(HandParseError) as cut:
        PARSER.parse(HAND.replace("AMOUNT", "$0.25").split("***SHOW")[0])
    assert (cut.value.reason, cut.value.message) == (
        QuarantineReason.TRUNCATED, "the hand ends before its pot is paid (no ***SHOW DOWN*** and wins line)")


def test_unknown_lines_fail_the_hand():
    # A line naming a table departure used to pass whatever followed it.
    hand = HAND.replace("AMOUNT", "$0.25")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand.replace("A: folds\n", "A: folds\nA left the table and was paid $0.10\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "unexpected line 8: 'A left the table and was paid $0.10'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand.replace("A: folds\n", "A: folds\n\nA: collects $0.10\n"))
    assert err.value.message == "unexpected action at line 9: 'A: collects $0.10'"


def test_known_lines_without_money_are_skipped():
    quiet = "C joined the table at seat 3\nC left the table\nPlayer left the table\nA: is sitting out\nA: is back\n"
    hand = PARSER.parse(HAND.replace("AMOUNT", "$0.25").replace("A: folds\n", "A: folds\n" + quiet))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 15), (2, 20)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 10, 2: 10}


def test_sniff_is_specific():
    assert not PARSER.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2009/01/01 00:00:00 ET")
    assert PARSER.sniff("\ufeffHand#3389E587C7000012 - T -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40")


@pytest.mark.parametrize("date", ["2012.08.09", "2012-08-09"])
def test_dates_written_with_dots_or_dashes(date):
    text = HAND.replace("AMOUNT", "$0.25").replace("2012/08/09", date)
    assert PARSER.sniff(text) and detect(text) is PARSER
    hand = PARSER.parse(text)
    assert (hand.hand_date, hand.start_time_raw) == ("2012-08-09", f"{date} - 02:43:32")


COMMA_HAND = """Hand#51234 - Lisbon (6-Max) 51234 -- $0,10/$0,25 PL Omaha -- 2012.03.14 - 19:20:11
Dealer: Seat 1
Seat 1: Alder ($12,40 in chips) 
Seat 4: Brisk ($25 in chips) 
Alder: posts small blind $0,10
Brisk: posts big blind $0,25
Dealt to Alder [Ah,Kd,7c,7s]
Alder: raises to $0,75
Brisk: calls $0,50
*** FLOP *** [2c,9h,Jd]
Brisk: checks
Alder: bets $1,20
Brisk: folds
Alder: returns uncalled bet $1,20
***SHOW DOWN***
Alder: mucks
Alder wins $1,43 
"""

GROUPED_ONLY = """Hand#51235 - Lisbon (6-Max) 51234 -- $5/$10 NL Hold'em -- 2012.03.14 - 19:21:40
Dealer: Seat 4
Seat 1: Alder ($1.000 in chips) 
Seat 4: Brisk ($30 in chips) 
Brisk: posts small blind $5
Alder: posts big blind $10
Brisk: folds
Alder: returns uncalled bet $5
***SHOW DOWN***
Alder: mucks
Alder wins $10 
"""


def test_decimal_comma_is_decided_from_the_amounts():
    hand = PARSER.parse(COMMA_HAND)
    assert [s.stack for s in hand.seats] == [1240, 2500]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 75, 4: 75}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 120, PayoutSource.UNCALLED), (1, 143, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source) == (7, RakeSource.INFERRED)
    # '$1.000' alone could be a thousand or one: the file's other hand says ',' is the decimal mark
    with pytest.raises(HandParseError) as alone:
        PARSER.parse(GROUPED_ONLY)
    assert (alone.value.reason, alone.value.message) == (
        QuarantineReason.BAD_AMOUNT, "no amount shows the decimal mark: '$1.000' could be grouped thousands or decimals")
    both = [PARSER.parse(t) for _, t in PARSER.split(COMMA_HAND + "\n" + GROUPED_ONLY)]
    assert both[1].seat(1).stack == 100000 and both[1].reconciles()


def test_hand_showing_both_decimal_marks():
    with pytest.raises(HandParseError) as mixed:
        PARSER.parse(COMMA_HAND.replace("bets $1,20", "bets $1.20"))
    assert (mixed.value.reason, mixed.value.message) == (
        QuarantineReason.BAD_AMOUNT, "amounts written with a decimal point ('$1.20') and with a decimal comma ('$0,10')")


def test_negative_dead_blind():
    dead = COMMA_HAND.replace("Brisk: posts big blind $0,25\n",
                              "Brisk: posts big blind $0,25\nCedar: posts dead blind DEAD and big blind $0,25\n"
                              "").replace("Seat 4: Brisk ($25 in chips) \n",
                                          "Seat 4: Brisk ($25 in chips) \nSeat 6: Cedar ($9 in chips) \n"
                                          ).replace("Brisk: calls $0,50\n", "Brisk: calls $0,50\nCedar: folds\n")
    hand = PARSER.parse(dead.replace("DEAD", "$0,10"))
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 6] == [
        (ActionKind.POST_BLIND, 25), (ActionKind.POST_DEAD, 10), (ActionKind.FOLD, None)]
    assert hand.seat(6).contributed == 35
    with pytest.raises(HandParseError) as negative:
        PARSER.parse(dead.replace("DEAD", "$-0,10"))
    assert (negative.value.reason, negative.value.message) == (
        QuarantineReason.BAD_AMOUNT,
        "dead blind printed negative ('$-0,10'): what the seat put in is not known: "
        "'Cedar: posts dead blind $-0,10 and big blind $0,25'")


_TOURNEY = ("\ufeff\u00ef\u00bb\u00bfHand#2870B11230000007 - $2,500 Guaranteed - R&A T10712345 -- TICKETCASH -- "
            "$5,25 + $0,25 -- 9 Max -- Table 3 -- 0/50/100 NL Hold'em -- 2012/02/19 - 21:14:03\n"
            "Dealer: Seat 2\n"
            "Seat 2: Ember Stone (2\u00a0450 in chips)\n"
            "Seat 5: Quill (1\u00a0900 in chips)\n"
            "Seat 7: Rowan (3\u00a0075 in chips)\n"
            "Quill: posts small blind 50\n"
            "Rowan: posts big blind 100\n"
            "Ember Stone: raises to 300\n"
            "Quill: folds\n"
            "Rowan: calls 200\n"
            "*** FLOP *** [Qs,7h,2d]\n"
            "Rowan: checks\n"
            "Ember Stone: bets 2\u00a0150\n"
            "Rowan: calls 2\u00a0150\n"
            "*** TURN *** [5c]\n"
            "*** RIVER *** [9h]\n"
            "***SHOW DOWN***\n"
            "Ember Stone: shows [Qd Qc] (Three of a kind Queens)\n"
            "Rowan: mucks\n"
            "Ember Stone wins 4\u00a0950 with Three of a kind Queens\n"
            "Rowan: mucks [Ah,Qh] (Pair) .\n"
            "Ember_Stone: mucks [Qd,Qc] (ThreeOfAKind) .\n"
            "Tournament: Ember Stone wins 1 bounty. (1)\n"
            "Rowan rebuys 3000 chips\n")


def test_a_2012_tournament_file_with_a_mojibake_bom_no_break_space_thousands_and_a_bounty():
    # The file opens with a second byte-order mark read as Windows-1252 ('ï»¿'), the header's
    # dollar amounts ($2,500 guaranteed, $5,25 buy-in) are not the hand's and do not decide
    # the decimal mark, chips group thousands with a no-break space, the muck lines after
    # the result write a name's space as '_', a bounty won and a rebuy are no pot money.
    assert PARSER.sniff(_TOURNEY)
    (chunk,) = [text for _, text in PARSER.split(_TOURNEY)]
    hand = PARSER.parse(chunk)
    assert (hand.hand_id, hand.is_tournament, hand.tournament_id, hand.amount_scale) == (
        "2870B11230000007", True, "10712345", 1)
    assert {s.seat: s.stack for s in hand.seats} == {2: 2450, 5: 1900, 7: 3075}
    assert {s.seat: s.contributed for s in hand.seats} == {2: 2450, 5: 50, 7: 2450}
    assert hand.seat(2).cards == ["Qd", "Qc"] and hand.seat(7).cards == ["Ah", "Qh"]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 4950)] and hand.reconciles()


_COIN_FLIP = ("Hand#3022B00001000001 - $1 Coin Flip T11520001 -- TICKETCASH -- $0.95 + $0.05 -- 2 Max -- "
              "Table 1 -- 0/10/20 NL Hold'em -- 2012.07.15 - 00:53:42\n"
              "Dealer: Seat 2\nSeat 2: Lark (1,500 in chips)\nSeat 6: Moss (1,500 in chips)\n"
              "Lark: shows [Kh 7c]\nMoss: shows [9s 9d]\n*** FLOP *** [2c,Kd,5h]\n*** TURN *** [3s]\n"
              "*** RIVER *** [Jc]\n***SHOW DOWN***\nLark wins 3,000 with One Pair Kings\n")


def test_a_coin_flip_tournament_hand_is_every_stack_all_in():
    # 'Coin Flip' tournaments deal both stacks all in without a post or a bet line: the
    # 3,000 won was read as paid from a pot nobody put anything in (a false not_conserved)
    hand = PARSER.parse(_COIN_FLIP)
    assert {s.seat: (s.contributed, s.all_in) for s in hand.seats} == {2: (1500, True), 6: (1500, True)}
    assert [(a.seq, a.street, a.seat, a.kind, a.amount) for a in hand.actions] == [
        (1, Street.PREFLOP, 2, ActionKind.BET, 1500), (2, Street.PREFLOP, 6, ActionKind.CALL, 1500),
        (3, Street.SHOWDOWN, 2, ActionKind.SHOW, None), (4, Street.SHOWDOWN, 6, ActionKind.SHOW, None)]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 3000)] and hand.reconciles()
    assert ("a Coin Flip tournament: no post or bet printed; the pot paid, 3000, is every stack, so each of "
            "the 2 seats is read as all in for its stack") in hand.notes


@pytest.mark.parametrize("change", [
    ("Seat 6: Moss (1,500 in chips)", "Seat 6: Moss (1,200 in chips)"),  # stacks that differ
    ("Lark wins 3,000", "Lark wins 2,900"),  # a pot that is not every stack
    ("Coin Flip", "Heads-up Turbo"),  # no Coin Flip
])
def test_a_hand_paid_with_no_post_or_bet_that_is_no_coin_flip_is_quarantined(change):
    with pytest.raises(HandParseError) as err:
        PARSER.parse(_COIN_FLIP.replace(*change))
    assert err.value.reason == QuarantineReason.INCONSISTENT
    assert err.value.message.endswith("is paid but no seat posted or bet anything")


def test_a_file_that_opens_inside_a_hand_is_truncated_there():
    text = ("Player left the table\nLark: is all in 3,970\nMoss: folds\n\n"
            "Hand#3022B00001000002 - $1 Sit T11520002 -- CASH -- $0.95 + $0.05 -- 2 Max -- "
            "Table 1 -- 0/10/20 NL Hold'em -- 2012.07.15 - 00:58:02\n")
    first = next(iter(PARSER.split(text)))[1]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(first)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.TRUNCATED, "the text opens inside a hand, without its header: 'Player left the table'")


def test_a_seat_that_posts_does_and_holds_nothing_is_not_dealt_in():
    # 2011: 'Hana' is seated between hands (no post, no action, no cards): counted as a
    # contender, she made an uncontested pot unverifiable ('board has 3 cards')
    text = ("Hand#2701011985009001 - Lyon (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 01:05:12\n"
            "Seat 1: Gale ($10 in chips) DEALER\nSeat 2: Fern ($5.51 in chips) \nSeat 3: Ivor ($11.52 in chips) \n"
            "Seat 8: Hana ($4.50 in chips) \n"
            "Fern: posts small blind $0.05\nIvor: posts big blind $0.10\nDealt to Ivor [Qh,7h]\nGale: folds\n"
            "Fern: raises to $0.20\nIvor: raises to $0.60\nFern: calls $0.40\n*** FLOP *** [6c,Td,Ad]\n"
            "Fern: checks\nIvor: bets $0.75\nFern: folds\nFern: mucks\nIvor: returns uncalled bet $0.75\n"
            "***SHOW DOWN***\nIvor: mucks\nIvor wins $1.14 \n")
    hand = PARSER.parse(text)
    assert not hand.seat(8).dealt_in and hand.seat(1).dealt_in and hand.seat(3).dealt_in
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 60, 3: 60, 8: 0}
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(3, 114)]


# 2018, the Revolution skin: a no-break space groups thousands in every amount, decimals
# included; chat is printed 'NAME  chats: TEXT'; after a hand's blank lines the client may
# print the tail of a hand whose header it never wrote.
_REVOLUTION = ("Hand#5130023200000041 - No Limit Hold'em 10/20 23200 -- 10/20 NL Hold'em -- 2018/04/21 - 19:02:11\n"
               "Dealer: Seat 1\n"
               "Seat 1: Orla (3\u00a0210.50 in chips) \n"
               "Seat 2: Piet (1\u00a0480 in chips) \n"
               "Seat 5: Quin (905.25 in chips) \n"
               "Piet: posts small blind 10\n"
               "Quin: posts big blind 20\n"
               "Orla: raises to 60\n"
               "Piet  chats: wins 1 000 for sure\n"
               "Piet: is all in 1\u00a0480\n"
               "Quin: folds\n"
               "Orla: calls 1\u00a0420\n"
               "Piet: shows [Kd Kh]\n"
               "Orla: shows [7c 7s]\n"
               "*** FLOP *** [2s,9d,Jc]\n*** TURN *** [4h]\n*** RIVER *** [Kc]\n"
               "***SHOW DOWN***\n"
               "Piet wins 2\u00a0923.10 with Three of a Kind Kings   \n"
               "\n\n"
               "Player left the table\n"
               "Orla: folds\n"
               "Quin: calls 20\n"
               "***SHOW DOWN***\n"
               "Quin wins 40 \n"
               "Hand#5130023200000042 - No Limit Hold'em 10/20 23200 -- 10/20 NL Hold'em -- 2018/04/21 - 19:03:40\n")


def test_a_revolution_file_with_no_break_space_amounts_chat_and_a_header_less_tail():
    pieces = [(start, text) for start, text in PARSER.split(_REVOLUTION)]
    assert [start for start, _ in pieces] == [0, _REVOLUTION.index("Player left"), _REVOLUTION.index("Hand#5130023200000042")]
    hand = PARSER.parse(pieces[0][1])
    assert (hand.hand_id, hand.is_tournament, hand.amount_scale) == ("5130023200000041", False, 100)
    assert {s.seat: s.stack for s in hand.seats} == {1: 321050, 2: 148000, 5: 90525}
    assert {s.seat: s.contributed for s in hand.seats} == {1: 148000, 2: 148000, 5: 2000}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 292310)]
    assert (hand.rake, hand.rake_source) == (5690, RakeSource.INFERRED) and hand.reconciles()
    with pytest.raises(HandParseError) as tail:
        PARSER.parse(pieces[1][1])
    assert (tail.value.reason, tail.value.message) == (
        QuarantineReason.TRUNCATED, "the text opens inside a hand, without its header: 'Player left the table'")


def test_a_player_line_naming_no_seat_is_an_edited_history():
    # Anonymised files mask names in the seat lines (``kxwq***2``) but not in every line.
    hand = HAND.replace("AMOUNT", "$0.25")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand.replace("A: folds\n", "Its ***: folds\nA: folds\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 7 is a player's line for 'Its ***', whom no seat line names: "
                                       "'Its ***: folds'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand + "kxwq***: mucks [7h,Jc] (Pair) .\n")
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 12 is a player's line for 'kxwq***', whom no seat line names: "
                                       "'kxwq***: mucks [7h,Jc] (Pair) .'")
