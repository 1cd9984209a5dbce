"""GGPoker parser: every corpus file, exact values of both corpus hands, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import (
    ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street,
)
from rules.records import HandParseError
from parsers.ggpoker import PARSER
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

RIT = "GGPoker/Omaha/PLO-6max-USD-2-5-202101.RIT.txt"
CASHOUT = "GGPoker/Omaha5/PLO5-6max-USD-2-5-202205.multiway.cashout.win.txt"

# file -> number of hands found; every one of them parses
EXPECTED_HANDS = {RIT: 1, CASHOUT: 1}


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_files("GGPoker"), ids=lambda p: p.name)
def test_every_corpus_file_parses_and_reconciles(path):
    relative = path.relative_to(CORPUS).as_posix()
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    hands = list(PARSER.split(text))
    assert len(hands) == EXPECTED_HANDS[relative]
    for _, hand_text in hands:
        hand = PARSER.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)


def _hand(relative):
    hands = list(PARSER.split(read_text(corpus_file(relative))))
    return PARSER.parse(hands[0][1])


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts]


@pytest.mark.corpus
def test_run_it_twice_hand():
    hand = _hand(RIT)
    assert (hand.hand_id, hand.platform, hand.format, hand.game, hand.limit) == (
        "OM232657303", Platform.GGPOKER, Format.GGPOKER, Game.OMAHA, Limit.POT)
    assert (hand.amount_scale, hand.currency, hand.small_blind, hand.big_blind) == (100, "USD", 200, 500)
    assert (hand.hand_date, hand.start_time_raw, hand.start_time_utc) == ("2021-01-21", "2021/01/21 02:41:55", None)
    assert (hand.button_seat, hand.max_seats, hand.table_name) == (6, 6, "PLOGold9")
    assert hand.boards == [["2d", "4h", "Ac", "7h", "Qs"], ["Td", "Qc", "2c", "Kc", "Ah"]]
    assert hand.runs == 2
    assert {s.seat: s.contributed for s in hand.seats} == {1: 4800, 2: 500, 3: 0, 4: 5000, 5: 0, 6: 0}
    assert hand.seat(1).cards == ["Ad", "Jd", "Jc", "Ks"]
    assert hand.seat(4).cards == ["5d", "2s", "5c", "2h"] and hand.seat(4).all_in
    # the missed blind is dead money, the big blind posted after it is live
    posts = [(a.kind, a.amount) for a in hand.actions if a.seat == 4][:3]
    assert posts == [(ActionKind.POST_DEAD, 200), (ActionKind.POST_BLIND, 500), (ActionKind.RAISE, 1400)]
    assert _payouts(hand) == [
        (1, 1600, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (4, 4893, None, 1, Half.WHOLE, PayoutSource.POT),  # odd cent on the first run
        (1, 4892, None, 2, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source, hand.fees, hand.fee_detail) == (
        515, RakeSource.PRINTED, 0, {"jackpot": 0, "bingo": 0})
    assert (hand.total_pot_printed, hand.pots_printed_net) == (10300, False)
    assert hand.reconciles()


@pytest.mark.corpus
def test_ev_cashout_hand_keeps_the_pot_payout_and_notes_the_risk():
    hand = _hand(CASHOUT)
    assert (hand.hand_id, hand.game) == ("OM48095320", Game.OMAHA5)
    assert hand.boards == [["2d", "Tc", "4s", "3h", "2h"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 30588, 2: 500, 3: 34760, 4: 34760, 5: 31343, 6: 0}
    assert hand.seat(1).cashed_out and not hand.seat(4).cashed_out
    assert hand.seat(3).cards == ["As", "8c", "Qd", "Jc", "6s"]
    assert _payouts(hand) == [
        (4, 40510, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (1, 121684, None, None, Half.WHOLE, PayoutSource.POT),
        (5, 2247, None, None, Half.WHOLE, PayoutSource.POT),
        (4, 6772, None, None, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.fees, hand.fee_detail) == (748, 500, {"jackpot": 500, "bingo": 0})
    assert [a.kind for a in hand.actions if a.seat == 1][-2:] == [ActionKind.SHOW, ActionKind.CASH_OUT]
    assert hand.notes[-1] == (
        "seat 1 (Hero) took EV Cashout and paid the house cashout risk 31772 outside the pot; "
        "its pot winnings are recorded as printed")
    assert hand.pot_total == 131951 and hand.reconciles()


@pytest.mark.corpus
def test_truncated_hand():
    text = read_text(corpus_file(RIT))
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text[: text.index("*** SUMMARY ***")])
    assert caught.value.reason == QuarantineReason.TRUNCATED
    assert caught.value.message == "hand ends before its summary's 'Total pot' line"
    assert caught.value.hand_id == "OM232657303"


@pytest.mark.corpus
def test_garbage_amount():
    text = read_text(corpus_file(RIT)).replace("calls $29 and", "calls $2x9 and")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert caught.value.reason == QuarantineReason.BAD_AMOUNT
    assert caught.value.message == "line 26 '3b7dff87: calls $2x9 and is all-in': not an amount: '$2x9'"


def test_sniff_refuses_other_dialects():
    assert not PARSER.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n")
    assert not PARSER.sniff("{'boardcard1': 37, 'siteHandNo': u'1'}\n")
    assert PARSER.sniff("\ufeffPoker Hand #TM1: Tournament #2, X Hold'em No Limit - Level1(10/20) - 2026/02/04 01:07:12\n")


def test_tournament_header_and_ante():
    text = (
        "Poker Hand #TM1: Tournament #258, $25 GGMasters Hold'em No Limit - Level12(200/400(50)) - 2026/02/04 01:07:12\r\n"
        "Table '380' 8-max Seat #1 is the button\r\n"
        "Seat 1: A (1,000 in chips)\r\nSeat 2: B (2,000 in chips)\r\n"
        "A: posts the ante 50\r\nB: posts the ante 50\r\nA: posts small blind 200\r\nB: posts big blind 400\r\n"
        "*** HOLE CARDS ***\r\nDealt to A \r\nDealt to B [4d 8d]\r\nA: folds\r\n"
        "Uncalled bet (200) returned to B\r\nB collected 500 from pot\r\n*** SUMMARY ***\r\n"
        "Total pot 500 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0\r\n"
    )
    hand = PARSER.parse(text)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.currency) == (True, "258", 1, None)
    assert (hand.small_blind, hand.big_blind, hand.ante) == (200, 400, 50)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 250, 2: 250}
    assert hand.fee_detail == {"jackpot": 0, "bingo": 0, "fortune": 0, "tax": 0}
    assert hand.reconciles()


def test_runs_after_a_flop_all_in_share_the_flop():
    # GG prints the later runs' summary boards as their runout only
    text = (
        "Poker Hand #OM77001: PLO ($1/$2) - 2024/03/09 18:22:05\n"
        "Table 'PLOTest3' 6-max Seat #2 is the button\n"
        "Seat 1: Wren ($80 in chips)\nSeat 2: Otter ($120 in chips)\n"
        "Wren: posts small blind $1\nOtter: posts big blind $2\n"
        "*** HOLE CARDS ***\nDealt to Wren [Ah Kh 9c 8d]\nDealt to Otter \n"
        "Wren: raises $4 to $6\nOtter: calls $4\n"
        "*** FLOP *** [Qh 7h 2c]\n"
        "Wren: bets $74 and is all-in\nOtter: calls $74\n"
        "Wren: shows [Ah Kh 9c 8d] (Ace High)\nOtter: shows [Qs Qd 3c 4s] (Three of a Kind, Queens)\n"
        "*** FIRST TURN *** [Qh 7h 2c] [5h]\n*** FIRST RIVER *** [Qh 7h 2c 5h] [Jd]\n"
        "*** SECOND TURN *** [Qh 7h 2c] [6s]\n*** SECOND RIVER *** [Qh 7h 2c 6s] [9h]\n"
        "*** FIRST SHOWDOWN ***\nWren collected $77.5 from pot\n"
        "*** SECOND SHOWDOWN ***\nWren collected $77.5 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot $160 | Rake $5 | Jackpot $0 | Bingo $0\n"
        "Hand was run two times\n"
        "FIRST Board [Qh 7h 2c 5h Jd]\nSECOND Board [6s 9h]\n"
        "Seat 1: Wren (small blind) showed [Ah Kh 9c 8d] and won ($77.5) with a Flush, and won ($77.5) with a Flush\n"
        "Seat 2: Otter (big blind) showed [Qs Qd 3c 4s] and lost with Three of a Kind, Queens, and lost with Three of a Kind, Queens\n"
    )
    hand = PARSER.parse(text)
    assert hand.boards == [["Qh", "7h", "2c", "5h", "Jd"], ["Qh", "7h", "2c", "6s", "9h"]]
    assert hand.runs == 2
    assert [(p.seat, p.amount, p.run) for p in hand.payouts] == [(1, 7750, 1), (1, 7750, 2)]
    assert hand.reconciles()


HEADS_UP = (
    "Poker Hand #OM88002: PLO ($0.50/$1) - 2024/05/11 09:14:27\n"
    "Table 'Kestrel' 6-max Seat #1 is the button\n"
    "Seat 1: Lark ($100 in chips)\nSeat 2: Finch ($100 in chips)\n"
    "Lark: posts small blind $0.5\nFinch: posts big blind $1\n"
    "*** HOLE CARDS ***\nDealt to Lark [Ah Kh 9c 8d]\nDealt to Finch \n"
    "Lark: raises $2 to $3\nFinch: folds\n"
    "Uncalled bet ($2) returned to Lark\nLark collected $2 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0\n"
    "Seat 1: Lark (button) collected ($2)\n"
    "Seat 2: Finch (big blind) folded before Flop\n"
)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Finch: folds\n", "Finch: folds\nDealer grants $5 to Lark\n",
     "line 12 'Dealer grants $5 to Lark': unexpected line"),
    ("Finch: folds\n", "Finch: folds\nFinch: forfeits the hand\n",
     "line 12 'Finch: forfeits the hand': unexpected action"),
    ("Seat 2: Finch (big blind) folded before Flop\n",
     "Seat 2: Finch (big blind) folded before Flop\nHigh hand bonus $10 to Lark\n",
     "line 18 'High hand bonus $10 to Lark': unexpected summary line"),
])
def test_unknown_lines_fail_the_hand(old, new, message):
    # Lines without a money word (and every summary line) used to be skipped unread.
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(HEADS_UP.replace(old, new))
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.PARSE_ERROR, message, "OM88002")


def test_known_lines_without_money_are_skipped():
    quiet = (
        "Finch: folds\n"
        "Finch: is sitting out\nFinch: has timed out\nFinch: is disconnected\nFinch: is connected\n"
        "Finch: has returned\nHeron joins the table at seat #4\nHeron leaves the table\n"
    )
    hand = PARSER.parse(HEADS_UP.replace("Finch: folds\n", quiet))
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 200, PayoutSource.UNCALLED), (1, 200, PayoutSource.POT)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 100, 2: 100} and hand.reconciles()


def test_big_blind_straddle_prints_its_whole_bet():
    # "straddle $20" after "posts big blind $10" is a bet of 20, not 30: the raise goes to
    # $70 and $50 comes back, and the $51 pot is three $2 antes, the $5 small blind and 2 x 20.
    text = (
        "Poker Hand #OM55101: PLO-5 ($5/$10) - 2024/06/02 21:10:44\n"
        "Table 'Heron Ante2' 6-max Seat #1 is the button\n"
        "Seat 1: Pike ($900 in chips)\nSeat 2: Tern ($450 in chips)\nSeat 3: Gull ($1,200 in chips)\n"
        "Pike: posts the ante $2\nTern: posts the ante $2\nGull: posts the ante $2\n"
        "Tern: posts small blind $5\nGull: posts big blind $10\nGull: straddle $20\n"
        "*** HOLE CARDS ***\nDealt to Pike [Ah Kd 9c 8d 2s]\nDealt to Tern\nDealt to Gull\n"
        "Pike: raises $50 to $70\nTern: folds\nGull: folds\n"
        "Uncalled bet ($50) returned to Pike\n*** SHOWDOWN ***\nPike collected $48.5 from pot\n"
        "*** SUMMARY ***\nTotal pot $51 | Rake $2.5 | Jackpot $0 | Bingo $0\n"
        "Seat 1: Pike (button) collected ($48.5)\n"
        "Seat 2: Tern (small blind) folded before Flop\n"
        "Seat 3: Gull (big blind) folded before Flop\n"
    )
    hand = PARSER.parse(text)
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 3][:3] == [
        (ActionKind.POST_ANTE, 200), (ActionKind.POST_BIG_BLIND, 1000), (ActionKind.POST_BLIND, 1000)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2200, 2: 700, 3: 2200}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 5000, PayoutSource.UNCALLED), (1, 4850, PayoutSource.POT)]
    assert hand.reconciles()


def test_all_in_re_straddle():
    text = (
        "Poker Hand #OM55102: PLO-5 ($0.1/$0.25) - 2024/06/02 21:14:09\n"
        "Table 'Heron7' 6-max Seat #1 is the button\n"
        "Seat 1: Pike ($12.6 in chips)\nSeat 2: Tern ($8.4 in chips)\nSeat 3: Gull ($30 in chips)\n"
        "Tern: posts small blind $0.1\nGull: posts big blind $0.25\n"
        "Pike: straddle $0.5\nPike: straddle $12.6 and is all-in\n"
        "*** HOLE CARDS ***\nDealt to Pike\nDealt to Tern [2s 3c 9d 9h Ad]\nDealt to Gull\n"
        "Tern: folds\nGull: folds\n"
        "Uncalled bet ($12.35) returned to Pike\n*** SHOWDOWN ***\nPike collected $0.6 from pot\n"
        "*** SUMMARY ***\nTotal pot $0.6 | Rake $0 | Jackpot $0 | Bingo $0\n"
        "Seat 1: Pike (button) collected ($0.6)\n"
        "Seat 2: Tern (small blind) folded before Flop\n"
        "Seat 3: Gull (big blind) folded before Flop\n"
    )
    hand = PARSER.parse(text)
    assert [(a.kind, a.amount, a.all_in) for a in hand.actions if a.seat == 1][:2] == [
        (ActionKind.POST_BLIND, 50, False), (ActionKind.POST_BLIND, 1210, True)]
    assert hand.seat(1).all_in
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 2: 10, 3: 25}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 1235, PayoutSource.UNCALLED), (1, 60, PayoutSource.POT)]
    assert hand.reconciles()


def test_all_in_insurance_premium_is_paid_outside_the_pot():
    # 2020 files print all-in insurance lines, which quarantined the hand as parse_error.
    text = (
        "Poker Hand #OM900001: Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:58:23\n"
        "Table 'PLOCopper1' 6-max Seat #2 is the button\n"
        "Seat 1: Ash ($30 in chips)\nSeat 2: Elm ($40 in chips)\n"
        "Ash: posts small blind $0.5\nElm: posts big blind $1\n"
        "*** HOLE CARDS ***\nDealt to Ash [Ah Kh Qc Jd]\nDealt to Elm\n"
        "Ash: raises $2 to $3\nElm: calls $2\n"
        "*** FLOP *** [6c Kd Qc]\n"
        "Ash: bets $27 and is all-in\nElm: calls $27\n"
        "Ash: shows [Ah Kh Qc Jd] (Pair of Kings and Pair of Queens)\nElm: shows [6s 6d 2c 3h] (Three Sixes)\n"
        "Elm: get an all-in insurance (premium ($0/$5/$0) for ($0/$12.5/$0) - (Mandatory/Main/Sub))\n"
        "*** TURN *** [6c Kd Qc] [3s]\n*** RIVER *** [6c Kd Qc 3s] [6h]\n"
        "Elm: pay premium of all-in insurance ($5)\n"
        "*** SHOWDOWN ***\nElm collected $60 from pot\n"
        "*** SUMMARY ***\nTotal pot $60\nBoard [6c Kd Qc 3s 6h]\n"
        "Seat 1: Ash (small blind) showed [Ah Kh Qc Jd] and lost with Pair of Kings and Pair of Queens\n"
        "Seat 2: Elm (big blind) showed [6s 6d 3h 2c] and won ($60) with Four Sixes, AII Premium ($5)\n"
    )
    hand = PARSER.parse(text)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 3000, 2: 3000}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(2, 6000, PayoutSource.POT)]
    assert hand.notes[-2:] == [
        "seat 2 (Elm) bought all-in insurance (premium $0/$5/$0 for $0/$12.5/$0, mandatory/main/sub) "
        "from the house, outside the pot",
        "seat 2 (Elm) paid the house all-in insurance premium 500 outside the pot; "
        "its pot winnings are recorded as printed",
    ]
    assert hand.reconciles()


def test_omaha_pot_limit_preflop_no_limit_postflop_tournament():
    text = (
        "Poker Hand #TM77: Tournament #9051, Omaholic Mini $2.20 Omaha (NL postflop) - Level3(50/100) - 2026/03/11 19:40:02\n"
        "Table '12' 6-max Seat #2 is the button\n"
        "Seat 1: Wren (3,000 in chips)\nSeat 2: Finch (1,800 in chips)\nSeat 3: Lark (4,100 in chips)\n"
        "Lark: posts small blind 50\nWren: posts big blind 100\n"
        "*** HOLE CARDS ***\nDealt to Wren\nDealt to Finch [9c 9h 6d 7d]\nDealt to Lark\n"
        "Finch: raises 250 to 350\nLark: folds\nWren: calls 250\n"
        "*** FLOP *** [9s 2c 8h]\nWren: checks\nFinch: bets 1,450 and is all-in\nWren: folds\n"
        "Uncalled bet (1,450) returned to Finch\n*** SHOWDOWN ***\nFinch collected 750 from pot\n"
        "*** SUMMARY ***\nTotal pot 750 | Rake 0 | Jackpot 0 | Bingo 0\nBoard [9s 2c 8h]\n"
        "Seat 1: Wren (big blind) folded on the Flop\nSeat 2: Finch (button) won (750)\n"
        "Seat 3: Lark (small blind) folded before Flop\n"
    )
    hand = PARSER.parse(text)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id) == (Game.OMAHA, None, True, "9051")
    assert {s.seat: s.contributed for s in hand.seats} == {1: 350, 2: 350, 3: 50}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts if p.source == PayoutSource.POT] == [(2, 750, PayoutSource.POT)]
    assert "pot limit before the flop, no limit after (NL postflop): limit left unset" in hand.notes
    assert hand.reconciles()


def test_tournament_name_holding_a_game_word_reads_the_game_that_ends_it():
    # "PLO" in the event's name is not the game: the game and limit end the header's text
    text = (
        "Poker Hand #TM501: Tournament #6100, Sunday PLO Showdown $215 Omaha Pot Limit - Level4 (90/180) - 2026/04/05 20:11:09\n"
        "Table '7' 6-max Seat #1 is the button\n"
        "Seat 1: Wren (9,000 in chips)\nSeat 2: Finch (9,000 in chips)\nSeat 3: Lark (9,000 in chips)\n"
        "Finch: posts small blind 90\nLark: posts big blind 180\n"
        "*** HOLE CARDS ***\nDealt to Wren [Ah Kd 7c 7s]\nDealt to Finch\nDealt to Lark\n"
        "Wren: raises 360 to 540\nFinch: folds\nLark: folds\n"
        "Uncalled bet (360) returned to Wren\n*** SHOWDOWN ***\nWren collected 450 from pot\n"
        "*** SUMMARY ***\nTotal pot 450 | Rake 0 | Jackpot 0 | Bingo 0\n"
        "Seat 1: Wren (button) won (450)\nSeat 2: Finch (small blind) folded before Flop\n"
        "Seat 3: Lark (big blind) folded before Flop\n"
    )
    hand = PARSER.parse(text)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id) == (Game.OMAHA, Limit.POT, True, "6100")
    assert {s.seat: s.contributed for s in hand.seats} == {1: 180, 2: 90, 3: 180}
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(1, 450)]
    assert hand.reconciles()


def test_short_deck_ante_only_header_and_live_button_blind():
    # the one stake printed is the ante; the button blind is the live bet the others call
    text = (
        "Poker Hand #SD900: ShortDeck No Limit ($0.05) - 2026/05/01 12:00:00\n"
        "Table 'SDBlue3' 5-max Seat #2 is the button\n"
        "Seat 1: Wren ($4 in chips)\nSeat 2: Finch ($5 in chips)\nSeat 3: Lark ($3 in chips)\n"
        "Wren: posts the ante $0.05\nFinch: posts the ante $0.05\nLark: posts the ante $0.05\n"
        "Finch: posts button blind $0.05\n"
        "*** HOLE CARDS ***\nDealt to Wren\nDealt to Finch [Ac Kc]\nDealt to Lark\n"
        "Lark: folds\nWren: calls $0.05\nFinch: raises $0.2 to $0.25\nWren: folds\n"
        "Uncalled bet ($0.2) returned to Finch\n*** SHOWDOWN ***\nFinch collected $0.25 from pot\n"
        "*** SUMMARY ***\nTotal pot $0.25 | Rake $0 | Jackpot $0 | Bingo $0\n"
        "Seat 1: Wren folded before Flop\nSeat 2: Finch (button) won ($0.25)\nSeat 3: Lark folded before Flop (didn't bet)\n"
    )
    hand = PARSER.parse(text)
    assert (hand.game, hand.currency, hand.ante, hand.small_blind, hand.big_blind) == (
        Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS, "USD", 5, None, None)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 10, 2: 10, 3: 5}
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(2, 25)]
    assert hand.reconciles()


def test_run_label_on_its_own_line_before_the_summary_board():
    text = (
        "Poker Hand #HD77: Hold'em No Limit ($1/$2) - 2026/05/02 09:00:00\n"
        "Table 'NLHGold1' 6-max Seat #1 is the button\n"
        "Seat 1: Wren ($100 in chips)\nSeat 2: Finch ($100 in chips)\n"
        "Wren: posts small blind $1\nFinch: posts big blind $2\n"
        "*** HOLE CARDS ***\nDealt to Wren [Ah Ad]\nDealt to Finch [Kh Kd]\n"
        "Wren: raises $98 to $100 and is all-in\nFinch: calls $98 and is all-in\n"
        "Wren: shows [Ah Ad]\nFinch: shows [Kh Kd]\n"
        "*** FIRST FLOP *** [2c 7d 9s]\n*** FIRST TURN *** [2c 7d 9s] [3h]\n*** FIRST RIVER *** [2c 7d 9s 3h] [4c]\n"
        "*** SECOND FLOP *** [Kc 5d 8s]\n*** SECOND TURN *** [Kc 5d 8s] [Jh]\n*** SECOND RIVER *** [Kc 5d 8s Jh] [Tc]\n"
        "*** FIRST SHOWDOWN ***\nWren collected $98 from pot\n*** SECOND SHOWDOWN ***\nFinch collected $98 from pot\n"
        "*** SUMMARY *** \nTotal pot $200 | Rake $4 | Jackpot $0 | Bingo $0\nHand was run two times\n"
        "FIRST \nBoard [2c 7d 9s 3h 4c]\nSECOND \nBoard [Kc 5d 8s Jh Tc]\n"
        "Seat 1: Wren (button) showed [Ah Ad] and won ($98) with a pair of Aces, and lost with a pair of Aces\n"
        "Seat 2: Finch (big blind) showed [Kh Kd] and lost with a pair of Kings, and won ($98) with three of a kind, Kings\n"
    )
    hand = PARSER.parse(text)
    assert hand.boards == [["2c", "7d", "9s", "3h", "4c"], ["Kc", "5d", "8s", "Jh", "Tc"]]
    assert sorted((p.seat, p.amount, p.run) for p in hand.payouts if p.source == PayoutSource.POT) == [
        (1, 9800, 1), (2, 9800, 2)]
    assert hand.reconciles()


def test_folded_seat_summary_may_name_the_hand_it_held():
    text = (
        "Poker Hand #HD78: Hold'em No Limit ($1/$2) - 2026/05/02 09:05:00\n"
        "Table 'NLHGold1' 6-max Seat #2 is the button\n"
        "Seat 1: Wren ($100 in chips)\nSeat 2: Finch ($100 in chips)\n"
        "Finch: posts small blind $1\nWren: posts big blind $2\n"
        "*** HOLE CARDS ***\nDealt to Wren [Ah Ad]\nDealt to Finch\nFinch: folds\n"
        "Uncalled bet ($1) returned to Wren\n*** SHOWDOWN ***\nWren collected $2 from pot\n"
        "*** SUMMARY ***\nTotal pot $2 | Rake $0 | Jackpot $0 | Bingo $0\n"
        "Seat 1: Wren (big blind) won ($2)\nSeat 2: Finch (button) (small blind) folded before Flop with Pair of Sevens\n"
    )
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(1, 200)]
    assert hand.reconciles()


def test_pay_line_with_a_colon_and_a_bare_mucked_summary_seat():
    # newer cash files print some pay lines as "name: collected", and a seat that mucked at
    # the showdown without its cards shown as just "mucked" in the summary
    text = (
        "Poker Hand #TM51: Hold'em No Limit ($0.05/$0.10) - 2026/06/02 18:40:00\n"
        "Table 'NLHBlue9' 6-max Seat #2 is the button\n"
        "Seat 1: Plover ($10 in chips)\nSeat 2: Heron ($12.50 in chips)\n"
        "Plover: posts small blind $0.05\nHeron: posts big blind $0.10\n"
        "*** HOLE CARDS ***\nDealt to Plover [9c 9d]\nDealt to Heron\n"
        "Plover: raises $0.20 to $0.30\nHeron: calls $0.20\n"
        "*** FLOP *** [2s 7h Kd]\nPlover: bets $0.40\nHeron: calls $0.40\n"
        "*** TURN *** [2s 7h Kd] [3c]\nPlover: checks\nHeron: checks\n"
        "*** RIVER *** [2s 7h Kd 3c] [4h]\nPlover: checks\nHeron: checks\n"
        "*** SHOWDOWN ***\nPlover: shows [9c 9d] (a pair of Nines)\nHeron: mucks hand\n"
        "Plover: collected $1.33 from pot\n"
        "*** SUMMARY ***\nTotal pot $1.40 | Rake $0.07 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0\n"
        "Board [2s 7h Kd 3c 4h]\n"
        "Seat 1: Plover (small blind) showed [9c 9d] and won ($1.33) with a pair of Nines\n"
        "Seat 2: Heron (button) (big blind) mucked\n"
    )
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(1, 133, PayoutSource.POT)]
    assert hand.rake == 7 and hand.reconciles()
    assert [s.mucked for s in hand.seats] == [False, True]


def test_all_in_or_fold_omaha_prints_a_preflop_line_and_no_flop_line():
    # All-in or Fold tables: "*** PREFLOP ***" after the dealt cards, and when the all-in
    # came before the flop no FLOP line: the turn line carries the flop in its first brackets
    text = (
        "Poker Hand #AF77: Omaha No Limit ($0.1/$0.2) - 2026/07/03 11:00:00\n"
        "Table 'AFOBlue2' 4-max Seat #3 is the button\n"
        "Seat 1: Tern ($2 in chips)\nSeat 2: Gull ($2 in chips)\nSeat 3: Skua ($2 in chips)\n"
        "Tern: posts small blind $0.1\nGull: posts big blind $0.2\n"
        "*** HOLE CARDS ***\nDealt to Tern \nDealt to Gull \nDealt to Skua [As Ks Qd Jd]\n"
        "*** PREFLOP ***\nSkua: raises $1.8 to $2 and is all-in\nTern: folds\nGull: calls $1.8 and is all-in\n"
        "Skua: shows [As Ks Qd Jd] (a pair of Aces)\nGull: shows [8c 8d 5h 4h] (a pair of Eights)\n"
        "*** TURN *** [Ah 7s 2c] [9h]\n*** RIVER *** [Ah 7s 2c 9h] [3d]\n"
        "*** SHOWDOWN ***\nSkua collected $4.1 from pot\n"
        "*** SUMMARY ***\nTotal pot $4.1\nBoard [Ah 7s 2c 9h 3d]\n"
        "Seat 1: Tern (small blind) folded before Flop\n"
        "Seat 2: Gull (big blind) showed [8c 8d 5h 4h] and lost with a pair of Eights\n"
        "Seat 3: Skua (button) showed [As Ks Qd Jd] and won ($4.1) with a pair of Aces\n"
    )
    hand = PARSER.parse(text)
    assert hand.game == Game.OMAHA and hand.boards == [["Ah", "7s", "2c", "9h", "3d"]]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(3, 410)]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE] == [(3, ActionKind.RAISE, 200)]
    assert hand.reconciles()


def test_a_hand_cut_off_before_its_seats_is_truncated():
    # the last hand of a file cut after its table line lists no seat: cut off, not unreadable
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(HEADS_UP[: HEADS_UP.index("Seat 1: Lark")])
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.TRUNCATED, "hand ends before its summary's 'Total pot' line", "OM88002")


def test_a_raise_to_less_than_the_seat_has_in_names_the_hand_and_the_line():
    # version 4 (on the engine): the error names the hand and the line, which version 3 left out
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(HEADS_UP.replace("Lark: raises $2 to $3", "Lark: raises $2 to $0.2"))
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.INCONSISTENT, "seat 1 raises to 20 but has 50 in already, line 10: 'Lark: raises $2 to $0.2'",
        "OM88002")


def test_bet_and_muck_is_a_bet_then_a_fold_when_called():
    # The client's "Bet & Muck" button: the bet goes in, and once called the seat mucks.
    text = (
        "Poker Hand #HD904: Hold'em No Limit ($0.05/$0.10) - 2026/07/11 22:15:00\n"
        "Table 'NLHGold4' 6-max Seat #1 is the button\n"
        "Seat 1: Dunlin ($7.20 in chips)\nSeat 3: Hero ($4 in chips)\nSeat 6: Curlew ($9.85 in chips)\n"
        "Hero: posts small blind $0.05\nCurlew: posts big blind $0.10\n"
        "*** HOLE CARDS ***\nDealt to Dunlin \nDealt to Hero [3d 8c]\nDealt to Curlew \n"
        "Dunlin: calls $0.10\nHero: folds\nCurlew: checks\n"
        "*** FLOP *** [4s 9d Jc]\nCurlew: checks\nDunlin: checks\n"
        "*** TURN *** [4s 9d Jc] [Jh]\nCurlew: checks\nDunlin: checks\n"
        "*** RIVER *** [4s 9d Jc Jh] [2c]\nCurlew: checks\nDunlin: Bet & Muck $0.15\nCurlew: calls $0.15\n"
        "Dunlin: Bet & Muck folds\nCurlew: shows [Kc Qd] (Pair of Jacks)\n"
        "*** SHOWDOWN ***\nCurlew collected $0.53 from pot\n"
        "*** SUMMARY ***\nTotal pot $0.55 | Rake $0.02 | Jackpot $0 | Bingo $0\n"
        "Board [4s 9d Jc Jh 2c]\n"
        "Seat 1: Dunlin (button) folded on the River\n"
        "Seat 3: Hero (small blind) folded before Flop\n"
        "Seat 6: Curlew (big blind) showed [Kc Qd] and won ($0.53) with Pair of Jacks\n"
    )
    hand = PARSER.parse(text)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.RIVER and a.seat == 1] == [
        (1, ActionKind.BET, 15), (1, ActionKind.FOLD, None)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 3: 5, 6: 25}
    assert hand.seat(1).folded_street == Street.RIVER
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(6, 53, PayoutSource.POT)]
    assert hand.rake == 2 and hand.reconciles()


def test_runs_after_a_turn_all_in_with_every_street_named_by_its_run() -> None:
    # 2025 Rush & Cash: every street line carries its run word (``FIRST FLOP`` .. ``SECOND
    # RIVER``), so no line holds the cards dealt before the runs; the second run's summary
    # board is its river only, and its own street line gives the rest
    text = (
        "Poker Hand #RC90001234: Hold'em No Limit ($0.05/$0.1) - 2025/07/14 21:03:11\n"
        "Table 'RushAndCash4400321' 6-max Seat #3 is the button\n"
        "Seat 1: 5e7a01c ($9.4 in chips)\nSeat 2: Hero ($10 in chips)\nSeat 3: b41d9e2 ($12.2 in chips)\n"
        "5e7a01c: posts small blind $0.05\nHero: posts big blind $0.1\n"
        "*** HOLE CARDS ***\nDealt to 5e7a01c \nDealt to Hero [Jc Jd]\nDealt to b41d9e2 \n"
        "b41d9e2: folds\n5e7a01c: raises $0.25 to $0.35\nHero: calls $0.25\n"
        "*** FIRST FLOP *** [2s 8c Kh]\n5e7a01c: bets $0.5\nHero: calls $0.5\n"
        "*** FIRST TURN *** [2s 8c Kh] [4d]\n5e7a01c: bets $8.55 and is all-in\nHero: calls $8.55\n"
        "5e7a01c: shows [Ks Qs] (a pair of Kings)\nHero: shows [Jc Jd] (a pair of Jacks)\n"
        "*** FIRST RIVER *** [2s 8c Kh 4d] [7h]\n*** SECOND RIVER *** [2s 8c Kh 4d] [Jh]\n"
        "*** FIRST SHOWDOWN ***\n5e7a01c collected $9.24 from pot\n"
        "*** SECOND SHOWDOWN ***\nHero collected $9.23 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot $18.8 | Rake $0.26 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0\n"
        "Hand was run two times\n"
        "FIRST Board [2s 8c Kh 4d 7h]\nSECOND Board [Jh]\n"
        "Seat 1: 5e7a01c (small blind) showed [Ks Qs] and won ($9.24) with a pair of Kings, and lost with a pair "
        "of Kings\n"
        "Seat 2: Hero (big blind) showed [Jc Jd] and lost with a pair of Jacks, and won ($9.23) with three of a "
        "kind, Jacks\n"
        "Seat 3: b41d9e2 (button) folded before Flop (didn't bet) with a pair of Kings\n"
    )
    hand = PARSER.parse(text)
    assert hand.boards == [["2s", "8c", "Kh", "4d", "7h"], ["2s", "8c", "Kh", "4d", "Jh"]]
    assert (hand.runs, hand.rake, hand.fees) == (2, 26, 7)
    assert [(p.seat, p.amount, p.run) for p in hand.payouts] == [(1, 924, 1), (2, 923, 2)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 940, 2: 940, 3: 0}
    assert hand.reconciles()
