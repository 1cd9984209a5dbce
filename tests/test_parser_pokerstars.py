"""The PokerStars-dialect parser on every corpus file, exact values on real hands, and
hand-made histories for the dialect's rarer lines and for malformed input."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    Limit,
    PayoutSource,
    Platform,
    QuarantineReason,
    Street,
)
from rules.records import HandParseError, ParsedHand
from parsers import pokerstars
from parsers.pokerstars import PARSER
from parsers.registry import detect
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

DATA = Path(__file__).parent / "data" / "pokerstars"

# Hands per file (MANIFEST.tsv's number_of_hands; each checked by hand).
EXPECTED_HANDS = {
    "Badugi/Badugi-USD-0.25-0.50-201009.txt": 4,
    "Badugi/LBad-USD-MTT8-201011.txt": 78,
    "Courchevel/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt": 1,
    "Courchevel/PL-Courchevel-6max-USD-3.00-6.00-201303.txt": 1,
    "CourchevelHiLo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt": 1,
    "Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt": 1,
    "Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": 1,
    "Holdem/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt": 1,
    "Holdem/NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt": 1,
    "Holdem/NLHE-Split-6max-USD-1.00-2.00-201803.txt": 1,
    "Omaha/PLO-FR-USD-0.01-0.02-201006.sidepots.txt": 3,
    "Omaha6/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt": 1,
    "OmahaHiLo/258753941248_anon5.txt": 1,
    "OmahaHiLo/ExtraHands__MucksHand.txt": 1,
    "OmahaHiLo/GameTypeTests__NoLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/HandActionTests__NeedsRaiseAdjusting.txt": 1,
    "OmahaHiLo/HandActionTests__OmahaHiLo.txt": 1,
    "OmahaHiLo/HandActionTests__StrangePlayerNames.txt": 1,
    "OmahaHiLo/HandActionTests__UncalledBet.txt": 1,
    "OmahaHiLo/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt": 1,
    "OmahaHiLo/PLO8-6max-USD-0.01-0.02-200911.txt": 15,
    "OmahaHiLo/PLO8-6max-USD-11-1-202105.Chico.Converted.txt": 1,
    "OmahaHiLo/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt": 1,
    "OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt": 1,
    "OmahaHiLo5/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt": 1,
    "OmahaHiLo5/HH20251130.Latona.V.-.0.10-.0.25.-.USD.Pot.Limit.5.Card.Omaha.Hi-Lo.txt": 1,
    "OmahaHiLo6/6-Card-PLO8-6max-USD-2.00-4.00-202310.txt": 1,
    "Razz/Razz-USD-0.04-0.08-200911.txt": 9,
    "Stud/7-Stud-USD-0.04-0.08-200911.txt": 11,
    "StudHiLo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": 1,
    "StudHiLo/7-StudHL-USD-0.04-0.08-200911.txt": 7,
    "StudHiLo/7-StudHL-USD-0.98-0.12-202302.allin.ante.txt": 1,
    "StudHiLo/7-StudHL-USD-10-1-200906.PT2.export.txt": 1,
    "StudHiLo/7-StudHL-USD-400-800-201701.3bet.fix.txt": 1,
}
# Files in the folder that are not hand histories: FPDB's expected-output sidecars.
SIDECARS = {"StudHiLo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt.hp"}

_FILES = corpus_files("PokerStars")


def _rel(path: Path) -> str:
    return path.relative_to(CORPUS / "PokerStars").as_posix()


def _hands(relative: str) -> list[ParsedHand]:
    text = read_text(corpus_file(f"PokerStars/{relative}"))
    return [PARSER.parse(hand) for _, hand in PARSER.split(text)]


def _payouts(hand: ParsedHand) -> list[tuple]:
    return [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts]


def _contributed(hand: ParsedHand) -> dict[int, int]:
    return {s.seat: s.contributed for s in hand.seats}


@pytest.mark.corpus
def test_every_file_of_the_folder_is_listed():
    if not _FILES:
        pytest.skip(f"the shared corpus is absent: expected it at {CORPUS}")
    assert {_rel(p) for p in _FILES} == set(EXPECTED_HANDS) | SIDECARS


@pytest.mark.corpus
@pytest.mark.parametrize("path", _FILES, ids=[_rel(p) for p in _FILES])
def test_corpus_file_parses_completely_and_reconciles(path: Path):
    rel = _rel(path)
    text = read_text(path)
    if rel in SIDECARS:
        assert not PARSER.sniff(text[:8192])
        return
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == EXPECTED_HANDS[rel]
    for _, chunk in chunks:
        hand = PARSER.parse(chunk)
        assert hand.format == Format.POKERSTARS
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert hand.total_pot_printed == hand.pot_total, (hand.hand_id, hand.notes)


@pytest.mark.corpus
def test_quartered_main_and_side_pot_in_a_tournament():
    (hand,) = _hands("OmahaHiLo/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt")
    assert (hand.hand_id, hand.platform, hand.game, hand.limit) == (
        "1676150046", Platform.POKERSTARS, Game.OMAHA_HILO, Limit.POT)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.currency) == (True, "7817460", 1, None)
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.max_seats) == (25, 50, 3, None)
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "2005/05/11 1:29:15 ET", "2005-05-11T05:29:15Z", "2005-05-11")
    assert hand.boards == [["3d", "Ad", "As", "5c", "7c"]]
    assert hand.seat(9).cards == ["6h", "3h", "2h", "4s"]
    assert hand.seat(6).cards == ["2d", "9h", "3s", "4d"]
    assert hand.seat(3).cards == ["Qs", "Ac", "7h", "Tc"]
    assert _contributed(hand) == {1: 0, 2: 0, 3: 1555, 4: 50, 5: 50, 6: 1598, 7: 0, 9: 1598}
    u = Half.UNLABELLED
    assert _payouts(hand) == [
        (9, 43, 1, None, u, PayoutSource.POT),
        (6, 22, 1, None, u, PayoutSource.POT),
        (9, 21, 1, None, u, PayoutSource.POT),
        (3, 2383, 0, None, u, PayoutSource.POT),
        (6, 1191, 0, None, u, PayoutSource.POT),
        (9, 1191, 0, None, u, PayoutSource.POT),
        (6, 302, None, None, Half.WHOLE, PayoutSource.UNCALLED),
    ]
    assert (hand.pots_printed, hand.pots_printed_net, hand.total_pot_printed) == ([4765, 86], True, 4851)
    assert (hand.rake, hand.fees, hand.house_retained) == (0, 0, 0)
    # 2005 histories do not print the returned part of Player5's raise: inferred, and said so.
    assert hand.notes == [
        "uncalled bet of 302 returned to seat 6 is not printed; inferred from the Total pot 4851 (put in 5153)"
    ]
    assert hand.actions[-1].kind == ActionKind.UNCALLED_RETURN and hand.actions[-1].street == Street.TURN


@pytest.mark.corpus
def test_courchevel_hilo_run_twice():
    (hand,) = _hands("CourchevelHiLo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt")
    assert (hand.game, hand.currency, hand.amount_scale, hand.runs) == (Game.COURCHEVEL_HILO, "USD", 100, 2)
    assert hand.start_time_raw == "2013/04/11 12:57:19 ET"
    assert hand.start_time_utc == "2013-04-11T16:57:19Z"
    assert hand.boards == [["7h", "5d", "3s", "7s", "Ts"], ["7h", "5d", "3s", "2s", "4h"]]
    assert hand.seat(3).cards == ["7d", "6d", "Jh", "Ah", "5s"]
    assert hand.seat(4).cards == ["As", "4s", "Ks", "Ad", "Qh"]
    assert _contributed(hand) == {3: 8175, 4: 8175}
    u = Half.UNLABELLED
    assert _payouts(hand) == [
        (4, 2575, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (3, 4075, 0, 1, u, PayoutSource.POT),
        (4, 4075, 0, 1, u, PayoutSource.POT),
        (3, 4075, 0, 2, u, PayoutSource.POT),
        (4, 2038, 0, 2, u, PayoutSource.POT),
        (3, 2037, 0, 2, u, PayoutSource.POT),
    ]
    assert hand.payouts[4].line == "Hero collected $20.38 from pot"
    assert (hand.rake, hand.total_pot_printed, hand.pots_printed, hand.pots_printed_net) == (50, 16350, [16350], False)
    assert hand.notes == []


@pytest.mark.corpus
def test_all_in_cash_out_paid_by_the_house():
    (hand,) = _hands("Omaha6/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt")
    assert hand.game == Game.OMAHA6
    hero = hand.seat(4)
    assert (hero.cashed_out, hero.all_in, hero.contributed) == (True, True, 20000)
    assert hero.cards == ["Kd", "8s", "Ks", "5h", "Th", "Td"]
    assert _contributed(hand) == {1: 19379, 2: 0, 3: 0, 4: 20000, 5: 20000, 6: 0}
    w = Half.WHOLE
    assert _payouts(hand) == [
        (5, 10800, None, None, w, PayoutSource.UNCALLED),
        (5, 1242, 1, None, w, PayoutSource.POT),
        (5, 57862, 0, None, w, PayoutSource.POT),
        (4, 25865, None, None, w, PayoutSource.CASH_OUT),
    ]
    assert hand.payouts[-1].line == "Hero cashed out the hand for $258.65 | Cash Out Fee $2.61"
    # The cashed-out seat lost both pots: the house kept nothing of them.
    assert (hand.rake, hand.fees, hand.house_retained) == (275, 0, 0)
    assert (hand.pots_printed, hand.pots_printed_net, hand.total_pot_printed) == ([57862, 1242], True, 59379)
    assert hand.notes == ["cash-out fee charged by the house on its own payment (not pot money): seat 4: Cash Out Fee $2.61"]


@pytest.mark.corpus
def test_three_pots_printed_net_of_rake():
    hands = _hands("Omaha/PLO-FR-USD-0.01-0.02-201006.sidepots.txt")
    hand = hands[1]
    assert (hand.hand_id, hand.game, hand.button_seat, hand.max_seats) == ("22865231671", Game.OMAHA, 6, 9)
    assert hand.start_time_raw == "2010/06/07 15:14:17 ET"
    assert (hand.pots_printed, hand.pots_printed_net, hand.total_pot_printed, hand.rake) == (
        [235, 88, 29], True, 370, 18)
    assert _contributed(hand) == {2: 8, 3: 59, 5: 90, 6: 105, 7: 1, 8: 2, 9: 105}
    w = Half.WHOLE
    assert _payouts(hand) == [
        (9, 29, 2, None, w, PayoutSource.POT),
        (5, 88, 1, None, w, PayoutSource.POT),
        (5, 235, 0, None, w, PayoutSource.POT),
    ]
    assert hand.seat(5).cards == ["Ks", "Ad", "7s", "Tc"]
    assert hand.boards == [["6c", "Kc", "Qc", "Jc", "4c"]]
    # A new player's big blind is live: Player0's later raise adds only the difference.
    raise_ = next(a for a in hand.actions if a.seat == 5 and a.kind == ActionKind.RAISE)
    assert raise_.amount == 6


@pytest.mark.corpus
def test_stud_hilo_split_main_and_side_pot():
    (hand,) = _hands("StudHiLo/7-StudHL-USD-0.98-0.12-202302.allin.ante.txt")
    assert (hand.game, hand.limit, hand.button_seat, hand.ante, hand.bring_in) == (
        Game.STUD_HILO, Limit.FIXED, None, 40, 60)
    assert (hand.small_blind, hand.big_blind, hand.is_tournament, hand.tournament_id) == (None, None, True, "3540610518")
    assert hand.boards == []
    hero = hand.seat(6)
    assert hero.cards == ["3h", "Ah", "2s", "4d", "7d", "5h", "6d"]
    assert hero.upcards == ["2s", "4d", "7d", "5h"]
    assert (hero.all_in, hero.contributed) == (True, 40)
    assert hand.seat(3).cards == [None, None, "Js"] and hand.seat(3).folded_street == Street.THIRD
    assert hand.seat(2).cards == ["Jd", "7c", "5c", "Qc", "4s", "6s", "7s"] and hand.seat(2).mucked
    assert _contributed(hand) == {1: 100, 2: 100, 3: 40, 4: 100, 5: 40, 6: 40, 7: 100, 8: 100}
    u = Half.UNLABELLED
    assert _payouts(hand) == [
        (4, 150, 1, None, u, PayoutSource.POT),
        (1, 150, 1, None, u, PayoutSource.POT),
        (6, 160, 0, None, u, PayoutSource.POT),
        (6, 160, 0, None, u, PayoutSource.POT),
    ]
    assert (hand.pots_printed, hand.total_pot_printed, hand.rake) == ([320, 300], 620, 0)
    assert hand.notes == ["mixed game 'HORSE': this hand is stud_hilo"]


@pytest.mark.corpus
def test_stud_hilo_cash_odd_cent_to_high():
    (hand,) = _hands("StudHiLo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    assert (hand.ante, hand.bring_in, hand.rake, hand.currency) == (1, 2, 4, "USD")
    assert hand.seat(5).cards == ["7c", "3s", "5h", "Qc", "Kc", "6d", "4d"]
    assert hand.seat(5).upcards == ["5h", "Qc", "Kc", "6d"]
    # Soroka69 reached 7th street and folded there: its face-down 7th card is unknown.
    assert hand.seat(7).cards == [None, None, "7d", "5s", "5c", "2s"]
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(3, 40, Half.UNLABELLED), (5, 40, Half.UNLABELLED)]


@pytest.mark.corpus
def test_badugi_side_pot_and_draws():
    hand = _hands("Badugi/Badugi-USD-0.25-0.50-201009.txt")[0]
    assert (hand.hand_id, hand.game, hand.limit, hand.small_blind, hand.big_blind) == (
        "49164202872", Game.BADUGI, Limit.FIXED, 10, 25)
    assert hand.seat(2).cards == ["As", "3h", "5h", "Ks"]  # Hero after the first draw
    assert hand.seat(2).folded_street == Street.DRAW1
    assert hand.seat(5).cards == ["8s", "3d", "Ac", "4h"]
    assert hand.seat(3).cards == ["Ad", "Td", "Qc", "2s"] and hand.seat(3).mucked
    assert _contributed(hand) == {1: 125, 2: 25, 3: 70, 4: 175, 5: 175, 6: 0, 8: 0}
    w = Half.WHOLE
    assert _payouts(hand) == [(5, 255, 1, None, w, PayoutSource.POT), (5, 290, 0, None, w, PayoutSource.POT)]
    assert (hand.pots_printed, hand.total_pot_printed, hand.rake) == ([290, 255], 570, 25)
    draws = [(a.street, a.seat, a.cards_changed) for a in hand.actions if a.kind == ActionKind.DISCARD][:3]
    assert draws == [(Street.DRAW1, 1, 1), (Street.DRAW1, 2, 2), (Street.DRAW1, 3, 2)]


@pytest.mark.corpus
def test_five_card_draw_side_pot():
    (hand,) = _hands("Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt")
    assert (hand.game, hand.start_time_raw) == (Game.DRAW5, "2011/07/04 16:56:59 ET")
    assert hand.seat(3).cards == ["Qd", "4h", "6c", "6h", "Td"]  # Hero after drawing two
    assert hand.seat(5).cards == ["Kc", "9c", "9s", "Qc", "4c"]
    assert hand.seat(4).cards == ["2h", "Kh", "Qs", "Ad", "Ks"]
    assert _contributed(hand) == {1: 0, 3: 20, 4: 20, 5: 15, 6: 0}
    w = Half.WHOLE
    assert _payouts(hand) == [(4, 10, 1, None, w, PayoutSource.POT), (4, 43, 0, None, w, PayoutSource.POT)]
    assert (hand.pots_printed, hand.rake) == ([43, 10], 2)
    # The draw has no street line in this history: the discards still open the draw round.
    assert {a.street for a in hand.actions if a.kind == ActionKind.DISCARD} == {Street.DRAW1}


@pytest.mark.corpus
def test_split_holdem_two_boards():
    (hand,) = _hands("Holdem/NLHE-Split-6max-USD-1.00-2.00-201803.txt")
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.HOLDEM_SPLIT, Limit.NO, 100, 200)
    assert hand.boards == [["Ks", "4c", "8c", "8d", "6h"], ["4s", "Qd", "5h", "Ac", "Ts"]]
    assert hand.seat(2).cards == ["7c", "6c"] and hand.seat(3).cards == ["3d", "Ad"]
    assert hand.seat(4).cards == ["Qs", "Jd"]
    assert _contributed(hand) == {1: 0, 2: 3341, 3: 3341, 4: 100, 5: 200, 6: 0}
    w = Half.WHOLE
    assert _payouts(hand) == [(2, 3354, 0, 1, w, PayoutSource.POT), (3, 3353, 0, 2, w, PayoutSource.POT)]
    assert (hand.rake, hand.total_pot_printed) == (275, 6982)
    # Chat lines are not actions: the bets on both flops are.
    assert [a.amount for a in hand.actions if a.kind == ActionKind.BET] == [741, 2000]


@pytest.mark.corpus
def test_strange_player_names():
    (hand,) = _hands("OmahaHiLo/HandActionTests__StrangePlayerNames.txt")
    assert hand.seat(1).player == "wo_ooly :D"
    assert _contributed(hand) == {1: 100, 3: 0, 4: 50, 5: 100, 6: 0}
    assert _payouts(hand) == [
        (1, 200, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (1, 250, 0, None, Half.UNLABELLED, PayoutSource.POT),
    ]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 1] == [
        (1, ActionKind.RAISE, 300), (1, ActionKind.UNCALLED_RETURN, 200)]
    assert (hand.rake, hand.total_pot_printed) == (0, 250)


@pytest.mark.corpus
def test_pokermaster_chico_and_pokertracker_dialects():
    (pm,) = _hands("OmahaHiLo6/6-Card-PLO8-6max-USD-2.00-4.00-202310.txt")
    assert (pm.platform, pm.format, pm.game, pm.start_time_utc) == (
        Platform.POKERMASTER, Format.POKERSTARS, Game.OMAHA6_HILO, "2023-10-03T09:07:54Z")
    assert [(p.seat, p.amount, p.half) for p in pm.payouts] == [(6, 4100, Half.UNLABELLED)]
    (chico,) = _hands("OmahaHiLo/PLO8-6max-USD-11-1-202105.Chico.Converted.txt")
    assert (chico.platform, chico.tournament_id, chico.ante) == (Platform.CHICO, "18272685271857837393", 1000)
    (pt2,) = _hands("StudHiLo/7-StudHL-USD-10-1-200906.PT2.export.txt")
    assert (pt2.platform, pt2.game, pt2.limit, pt2.tournament_id) == (
        Platform.POKERSTARS, Game.STUD_HILO, Limit.FIXED, "169962475")


@pytest.mark.corpus
def test_bounty_and_anomalies_are_recorded():
    (ko,) = _hands("OmahaHiLo/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt")
    assert [(p.seat, p.amount, p.source) for p in ko.payouts] == [(5, 4300, PayoutSource.POT), (5, 1875, PayoutSource.BOUNTY)]
    assert ko.notes == ["bounty payouts are in the buy-in currency's cents, not tournament chips"]
    (anon,) = _hands("OmahaHiLo/258753941248_anon5.txt")
    assert anon.notes == [
        "summary names seat 5 differently from its seat line ('Player5'): \"Seat 5: Player6 (didn't bet)\""]
    (weird,) = _hands("Courchevel/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt")
    assert weird.boards == [["2s", "3d", "3c", "8d", "6s"]]
    assert weird.notes == [
        "garbled street line as printed: '*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]'",
        "garbled street line as printed: '*** FLOP *** [2s] [2s3d 3c]'",
    ]


def test_truncated_hand_is_quarantined():
    with pytest.raises(HandParseError) as caught:
        PARSER.parse((DATA / "truncated.txt").read_text())
    assert caught.value.reason == QuarantineReason.TRUNCATED
    assert caught.value.message == "hand 100000000001 ends before its *** SUMMARY ***"
    assert caught.value.hand_id == "100000000001"


def test_garbage_amount_is_quarantined():
    with pytest.raises(HandParseError) as caught:
        PARSER.parse((DATA / "bad_amount.txt").read_text())
    assert caught.value.reason == QuarantineReason.BAD_AMOUNT
    assert caught.value.message == "hand 100000000002: not an amount: '$0.2O' in line 'Bob: raises $0.2O to $0.30'"


def test_unknown_line_and_unknown_game_are_quarantined():
    text = (DATA / "bad_amount.txt").read_text().replace("Bob: raises $0.2O to $0.30", "Bob: dances")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.PARSE_ERROR, "hand 100000000002: unexpected line 'Bob: dances'")
    text = (DATA / "bad_amount.txt").read_text().replace("Omaha Hi/Lo Pot Limit", "Five Card Stud Pot Limit")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.UNSUPPORTED_GAME, "game not supported: 'Five Card Stud Pot Limit'")


CASH_OUT_WIN = """\ufeffPokerStars Hand #200000000001:  Hold'em No Limit ($1/$2 USD) - 2020/04/23 22:25:53 ET\r
Table 'Synth' 6-max Seat #1 is the button\r
Seat 1: Al [x]: y ($101 in chips)\r
Seat 2: Bob ($100 in chips)\r
Seat 3: Carol ($100 in chips)\r
Bob: posts small blind $1\r
Carol: posts big blind $2\r
Al [x]: y: posts small & big blinds $3\r
*** HOLE CARDS ***\r
Dealt to Al [x]: y [Ah Kh]\r
Al [x]: y said, "Bob: folds"\r
Al [x]: y: raises $98 to $100 and is all-in\r
Bob: folds\r
Carol: calls $98 and is all-in\r
*** FLOP *** [2c 3d 4h]\r
*** TURN *** [2c 3d 4h] [5s]\r
*** RIVER *** [2c 3d 4h 5s] [9d]\r
*** SHOW DOWN ***\r
Al [x]: y: shows [Ah Kh] (a straight, Five high)\r
Carol: shows [Qs Qd] (a pair of Queens)\r
Al [x]: y cashed out the hand for $150 | Cash Out Fee $1.50\r
*** SUMMARY ***\r
Total pot $202 | Rake $3\r
Board [2c 3d 4h 5s 9d]\r
Seat 1: Al [x]: y (button) showed [Ah Kh] and won ($199) with a straight, Five high (pot not awarded as player cashed out)\r
Seat 2: Bob (small blind) folded before Flop\r
Seat 3: Carol (big blind) showed [Qs Qd] and lost with a pair of Queens\r
\r
"""


def test_cash_out_share_kept_by_the_house_and_dead_blind():
    hand = PARSER.parse(CASH_OUT_WIN)
    assert PARSER.sniff(CASH_OUT_WIN)
    al = hand.seat(1)
    assert (al.player, al.cards, al.cashed_out, al.all_in, al.contributed) == (
        "Al [x]: y", ["Ah", "Kh"], True, True, 10100)
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 1][:3] == [
        (ActionKind.POST_BLIND, 200), (ActionKind.POST_DEAD, 100), (ActionKind.RAISE, 9800)]
    assert _payouts(hand) == [(1, 15000, None, None, Half.WHOLE, PayoutSource.CASH_OUT)]
    assert (hand.paid_from_pots(), hand.rake, hand.house_retained) == (0, 300, 19900)
    assert hand.reconciles()
    assert hand.notes == [
        "19900 of the pot was paid to no seat: the share of a seat that cashed out, kept by the house",
        "summary's notional winnings not paid because the seat cashed out: seat 1: 19900",
        "cash-out fee charged by the house on its own payment (not pot money): seat 1: Cash Out Fee $1.50",
    ]


HOME_PLAY_MONEY = """PokerStars Home Game Hand #300000000001: {Friday Club} Hold'em No Limit (10/20) - 2015/06/01 21:00:00 CET [2015/06/01 15:00:00 ET]
Table 'Friday Club 1' 6-max (Play Money) Seat #1 is the button
Seat 1: Ann (2,000 in chips)
Seat 2: Ben (1500 in chips)
Ann: posts small blind 10
Ben: posts big blind 20
*** HOLE CARDS ***
Ann: raises 40 to 60
Ben: calls 40
*** FLOP *** [Tc 9c 2d]
Ben: checks
Ann: bets 100
Ben: folds
Uncalled bet (100) returned to Ann
Ann collected 115 from pot
*** SUMMARY ***
Total pot 120 | Rake 0 | STP added 0 | Jackpot 5
Board [Tc 9c 2d]
Seat 1: Ann (button) (small blind) collected (115)
Seat 2: Ben (big blind) folded on the Flop
"""


def test_home_game_play_money_and_extra_fees():
    hand = PARSER.parse(HOME_PLAY_MONEY)
    assert (hand.platform, hand.game, hand.is_play_money, hand.currency, hand.amount_scale) == (
        Platform.HOMEGAME, Game.HOLDEM, True, None, 1)
    assert (hand.small_blind, hand.big_blind, hand.table_name) == (10, 20, "Friday Club 1")
    assert (hand.seat(1).stack, hand.start_time_raw, hand.start_time_utc) == (2000, "2015/06/01 15:00:00 ET", "2015-06-01T19:00:00Z")
    assert (hand.rake, hand.fees, hand.fee_detail) == (0, 5, {"stp_added": 0, "jackpot": 5})
    assert hand.reconciles()


def test_a_summary_that_contradicts_the_collected_lines_is_recorded() -> None:
    text = read_text(corpus_file("PokerStars/OmahaHiLo/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt"))
    edited = text.replace("Seat 9: Hero showed [6h 3h 2h 4s] and won (1255)", "Seat 9: Hero showed [6h 3h 2h 4s] and won (1300)")
    assert edited != text
    (_, hand_text), = PARSER.split(edited)
    hand = PARSER.parse(hand_text)
    assert [(c.seat, c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (9, 1255, 1300, "summary says seat 9 won 1300 but its collected lines pay 1255")]
    assert "summary says seat 9 won 1300 but its collected lines pay 1255" in hand.notes
    assert sum(p.amount for p in hand.payouts if p.seat == 9) == 1255  # the collected lines are the record


TRIPLE_DRAW_RESHUFFLED = """PokerStars Game #400000000001:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2011/03/02 10:15:00 ET
Table 'Vega IV' 6-max Seat #1 is the button
Seat 1: Anya ($5 in chips) 
Seat 2: Boris ($5 in chips) 
Seat 3: Cleo ($5 in chips) 
Boris: posts small blind $0.05
Cleo: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Anya [2c 4d 7h 8s Kd]
Anya: calls $0.10
Boris: calls $0.05
Cleo: checks 
*** FIRST DRAW ***
Boris: discards 3 cards
Cleo: discards 3 cards
Anya: discards 1 card [Kd]
Dealt to Anya [2c 4d 7h 8s] [3s]
Boris: checks 
Cleo: checks 
Anya: checks 
*** SECOND DRAW ***
Boris: discards 2 cards
Cleo: discards 3 cards
The deck is reshuffled
Anya: stands pat on [2c 4d 7h 8s 3s]
Boris: bets $0.20
Cleo: folds 
Anya: calls $0.20
*** THIRD DRAW ***
Boris: discards 1 card
Anya: stands pat on [2c 4d 7h 8s 3s]
Boris: checks 
Anya: checks 
*** SHOW DOWN ***
Boris: shows [9d 6c 5h 4s 2d] (Lo: 9,6,5,4,2)
Anya: shows [2c 4d 7h 8s 3s] (Lo: 8,7,4,3,2)
Anya collected $0.67 from pot
*** SUMMARY ***
Total pot $0.70 | Rake $0.03 
Seat 1: Anya (button) showed [2c 4d 7h 8s 3s] and won ($0.67) with Lo: 8,7,4,3,2
Seat 2: Boris (small blind) showed [9d 6c 5h 4s 2d] and lost with Lo: 9,6,5,4,2
Seat 3: Cleo (big blind) folded after the 2nd Draw
"""


def test_a_reshuffled_deck_is_an_information_line() -> None:
    hand = PARSER.parse(TRIPLE_DRAW_RESHUFFLED)
    assert (hand.game, hand.limit) == (Game.LOWBALL27_TRIPLE, Limit.FIXED)
    assert _contributed(hand) == {1: 30, 2: 30, 3: 10}
    assert _payouts(hand) == [(1, 67, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.seat(1).cards == ["2c", "4d", "7h", "8s", "3s"]
    assert hand.reconciles() and hand.notes == []


def test_a_card_that_is_no_card_names_the_hand_and_the_line() -> None:
    text = TRIPLE_DRAW_RESHUFFLED.replace("Dealt to Anya [2c 4d 7h 8s] [3s]", "Dealt to Anya [2c 4d 7h 8s] [of]")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.hand_id) == (QuarantineReason.BAD_CARDS, "400000000001")
    assert caught.value.message == "hand 400000000001: not a card: 'of' in line 'Dealt to Anya [2c 4d 7h 8s] [of]'"
    text = TRIPLE_DRAW_RESHUFFLED.replace("(button) showed [2c 4d 7h 8s 3s]", "(button) showed [2c 4d 7h 8s 3x]")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.hand_id) == (QuarantineReason.BAD_CARDS, "400000000001")
    assert caught.value.message.startswith("hand 400000000001: not a card: '3x' in line 'Seat 1: Anya (button)")


CANCELLED = """PokerStars Game #400000000002:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2009/04/01 7:05:10 ET
Table 'Kepler' 6-max Seat #2 is the button
Seat 2: Dora ($8.40 in chips) 
Dora: posts small blind $0.05
Eli: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 2: Dora (button) collected ($0)
"""


def test_a_cancelled_hand_is_quarantined_unless_its_text_returns_every_chip() -> None:
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(CANCELLED)
    assert (caught.value.reason, caught.value.hand_id, caught.value.message) == (
        QuarantineReason.INCONSISTENT, "400000000002",
        "hand 400000000002: hand cancelled by the platform: no pot was played")
    returned = CANCELLED.replace("Hand cancelled\n", "Hand cancelled\nUncalled bet ($0.05) returned to Dora\n").replace(
        "*** SUMMARY ***\n", "*** SUMMARY ***\nTotal pot $0 | Rake $0\n")
    hand = PARSER.parse(returned)
    assert (_contributed(hand), hand.paid_from_pots(), hand.total_pot_printed) == ({2: 0}, 0, 0)
    assert hand.notes == ["hand cancelled by the platform: every chip put in was returned"]


ZOOM_TOURNAMENT = """PokerStars Hand #400000000003: Zoom Tournament #900000001, $10.00+$1.00 USD Mixed Omaha (5 Card Omaha Pot Limit) - Level III (20/40) - 2016/06/01 20:00:05 CET [2016/06/01 14:00:05 ET]
Table '900000001 12' 6-max Seat #1 is the button
Seat 1: Fay (4000 in chips)
Seat 2: Gus (5200 in chips)
Seat 3: Hal (3100 in chips)
Gus: posts small blind 20
Hal: posts big blind 40
*** HOLE CARDS ***
Fay: raises 80 to 120
Gus: folds
Hal: folds
Uncalled bet (80) returned to Fay
Fay collected 100 from pot
Fay: doesn't show hand
*** SUMMARY ***
Total pot 100 | Rake 0
Seat 1: Fay (button) collected (100)
Seat 2: Gus (small blind) folded before Flop
Seat 3: Hal (big blind) folded before Flop
"""


def test_a_zoom_tournament_is_a_tournament_and_an_unreadable_one_says_so() -> None:
    hand = PARSER.parse(ZOOM_TOURNAMENT)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id, hand.amount_scale) == (
        Game.OMAHA5, Limit.POT, True, "900000001", 1)
    assert (hand.small_blind, hand.big_blind, _contributed(hand)) == (20, 40, {1: 40, 2: 20, 3: 40})
    assert hand.notes == ["mixed game 'Mixed Omaha': this hand is omaha5"]
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(ZOOM_TOURNAMENT.replace(" - Level III (20/40)", " - Lvl III (20/40)"))
    assert (caught.value.reason, caught.value.hand_id, caught.value.message) == (
        QuarantineReason.PARSE_ERROR, "400000000003",
        "hand 400000000003: cannot read the tournament header 'Zoom Tournament #900000001, $10.00+$1.00 USD"
        " Mixed Omaha (5 Card Omaha Pot Limit) - Lvl III (20/40)'")


CAP_GAME = """PokerStars Hand #400000000004:  Hold'em No Limit ($1/$2 - $40 Cap -  USD) - 2015/05/03 18:20:45 ET
Table 'Halley II' 6-max Seat #3 is the button
Seat 1: Ivo ($200 in chips) 
Seat 2: Jana ($55 in chips) 
Seat 3: Kurt ($140 in chips) 
Ivo: posts small blind $1
Jana: posts big blind $2
*** HOLE CARDS ***
Kurt: raises $4 to $6
Ivo: raises $34 to $40 and has reached the $40 cap
Jana: folds 
Kurt: calls $34 and has reached the $40 cap
*** FLOP *** [3c 8d Jh]
*** TURN *** [3c 8d Jh] [2s]
*** RIVER *** [3c 8d Jh 2s] [Qc]
*** SHOW DOWN ***
Ivo: shows [Ah Ad] (a pair of Aces)
Kurt: shows [Kc Ks] (a pair of Kings)
Ivo collected $80.10 from pot
*** SUMMARY ***
Total pot $82 | Rake $1.90 
Board [3c 8d Jh 2s Qc]
Seat 1: Ivo (small blind) showed [Ah Ad] and won ($80.10) with a pair of Aces
Seat 2: Jana (big blind) folded before Flop
Seat 3: Kurt (button) showed [Kc Ks] and lost with a pair of Kings
"""


def test_a_cap_game_and_the_bets_that_reach_the_cap() -> None:
    hand = PARSER.parse(CAP_GAME)
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.HOLDEM, Limit.CAP, 100, 200)
    assert _contributed(hand) == {1: 4000, 2: 200, 3: 4000}
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.amount and a.street == Street.PREFLOP] == [
        (3, ActionKind.RAISE, 600, False), (1, ActionKind.RAISE, 3900, False), (3, ActionKind.CALL, 3400, False)]
    assert not hand.seat(1).all_in and not hand.seat(3).all_in
    assert _payouts(hand) == [(1, 8010, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles() and hand.notes == []
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(CAP_GAME.replace("reached the $40 cap\nJana", "reached the $4O cap\nJana"))
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.BAD_AMOUNT,
        "hand 400000000004: not an amount: '$4O' in line 'Ivo: raises $34 to $40 and has reached the $4O cap'")


SPLIT_KNOCKOUT = """PokerStars Hand #400000000005: Tournament #900000002, $20+$10+$2 USD Hold'em No Limit - Level IV (50/100) - 2012/10/02 21:40:12 ET
Table '900000002 7' 9-max Seat #1 is the button
Seat 1: Quinn (6000 in chips) 
Seat 2: Ruiz, A (1500 in chips) 
Seat 4: Sol (6000 in chips) 
Seat 5: Ruiz (6000 in chips) 
Ruiz, A: posts small blind 50
Sol: posts big blind 100
*** HOLE CARDS ***
Ruiz: raises 1400 to 1500
Quinn: calls 1500
Ruiz, A: calls 1450 and is all-in
Sol: folds 
*** FLOP *** [2c 5d 9h]
Ruiz: checks 
Quinn: checks 
*** TURN *** [2c 5d 9h] [Jd]
Ruiz: checks 
Quinn: checks 
*** RIVER *** [2c 5d 9h Jd] [3s]
Ruiz: checks 
Quinn: checks 
*** SHOW DOWN ***
Ruiz, A: shows [Kc Qc] (high card King)
Ruiz: shows [Ah Ts] (high card Ace)
Quinn: shows [As Td] (high card Ace)
Ruiz collected 2300 from pot
Quinn collected 2300 from pot
Ruiz, Quinn split the $10 bounty for eliminating Ruiz, A
Ruiz, A finished the tournament in 80th place
*** SUMMARY ***
Total pot 4600 | Rake 0 
Board [2c 5d 9h Jd 3s]
Seat 1: Quinn (button) showed [As Td] and won (2300) with high card Ace
Seat 2: Ruiz, A (small blind) showed [Kc Qc] and lost with high card King
Seat 4: Sol (big blind) folded before Flop
Seat 5: Ruiz showed [Ah Ts] and won (2300) with high card Ace
"""


def test_a_bounty_split_between_the_winners_of_the_pot() -> None:
    hand = PARSER.parse(SPLIT_KNOCKOUT)
    line = "Ruiz, Quinn split the $10 bounty for eliminating Ruiz, A"
    w = Half.WHOLE
    assert _payouts(hand) == [(5, 2300, 0, None, w, PayoutSource.POT), (1, 2300, 0, None, w, PayoutSource.POT),
                              (5, 500, None, None, w, PayoutSource.BOUNTY), (1, 500, None, None, w, PayoutSource.BOUNTY)]
    assert [p.line for p in hand.payouts[2:]] == [line, line]
    assert hand.notes == ["bounty payouts are in the buy-in currency's cents, not tournament chips"]
    # $10.01 has no even split in cents, and the line does not say who got the odd cent
    uneven = PARSER.parse(SPLIT_KNOCKOUT.replace("the $10 bounty", "the $10.01 bounty"))
    assert [p.source for p in uneven.payouts] == [PayoutSource.POT, PayoutSource.POT]
    assert uneven.notes == [
        "bounty of $10.01 split between seats 5, 1 with no shares printed and no even split in cents: no share"
        " recorded ('Ruiz, Quinn split the $10.01 bounty for eliminating Ruiz, A')"]
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(SPLIT_KNOCKOUT.replace("Ruiz, Quinn split", "Ruiz, Quincy split"))
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.PARSE_ERROR,
        "hand 400000000005: bounty split among no seats: 'Ruiz, Quincy split the $10 bounty for eliminating Ruiz, A'")


CONVERTED_BARE_SUMMARY = """PokerStars Hand #400000000006: Hold'em No Limit ($5/$10) - 2017/02/11 20:05:33
Table '#5550123' 6-max Seat #2 is the button
Seat 1: Small Blind ($800 in chips)
Seat 2: Tomas ($950.50 in chips)
Seat 3: Big Blind ($1,200 in chips)
Small Blind: posts small blind $5
Big Blind: posts big blind $10
*** HOLE CARDS ***
Dealt to Tomas [9c 9d]
Tomas: raises $20 to $30
Small Blind: folds
Big Blind: folds
Uncalled bet ($20) returned to Tomas
Tomas collected $25 from pot
*** SUMMARY ***
Total pot $25 | Rake $0.00
Seat 1: Small Blind (small blind) folded before Flop
Seat 2: Tomas (button) collected $25
Seat 3: Big Blind (big blind) folded before Flop
"""


def test_a_summary_that_states_the_winnings_without_brackets() -> None:
    hand = PARSER.parse(CONVERTED_BARE_SUMMARY)
    assert (hand.currency, hand.small_blind, hand.big_blind) == ("USD", 500, 1000)
    assert _payouts(hand) == [(2, 2000, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (2, 2500, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.contradictions == [] and hand.notes == []
    # the bare amount is read, so a summary that says otherwise still contradicts the pay lines
    hand = PARSER.parse(CONVERTED_BARE_SUMMARY.replace("(button) collected $25", "(button) collected $2.50"))
    assert [(c.seat, c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (2, 2500, 250, "summary says seat 2 won 2.50 but its collected lines pay 25.00")]
    hand = PARSER.parse(CONVERTED_BARE_SUMMARY.replace(
        "(button) collected $25", "(button) showed [9c 9d] and won $25 with a pair of Nines"))
    assert hand.contradictions == [] and hand.seat(2).cards == ["9c", "9d"]


POKERMASTER_FIVE_CARDS = """PokerMaster Hand #400000000007: Omaha Pot Limit ($5/$10 USD) - 2019/06/02 08:14:20 UTC
Table 'PPP_5Cards_TEST_500' 6-max Seat #2 is the button
Seat 1: ppUma ($1000 in chips)
Seat 2: ppVic ($600 in chips)
# {"gt":"PLO","tn":"PPP_5Cards_TEST_500"}
ppVic: posts small blind $5
ppUma: posts big blind $10
*** HOLE CARDS ***
Dealt to ppVic [Ah Kh 7c 7d 2s]
ppVic: raises $20 to $30
ppUma: calls $20
*** FLOP *** [Qh 8h 3c]
ppUma: checks
ppVic: bets $60
ppUma: calls $60
*** TURN *** [Qh 8h 3c] [9d]
ppUma: checks
ppVic: checks
*** RIVER *** [Qh 8h 3c 9d] [4h]
ppUma: checks
ppVic: checks
*** SHOW DOWN ***
ppUma: shows [Js Tc 9c 5s 5d] (a straight, Queen high)
ppVic: shows [Ah Kh 7c 7d 2s] (a flush, Ace high)
ppVic collected $175 from pot
*** SUMMARY ***
Total pot $180 | Rake $5
Board [Qh 8h 3c 9d 4h]
Seat 1: ppUma (big blind) showed [Js Tc 9c 5s 5d] and lost with a straight, Queen high
Seat 2: ppVic (button) (small blind) showed [Ah Kh 7c 7d 2s] and won ($175) with a flush, Ace high
"""


def test_a_pokermaster_omaha_header_over_five_card_hands_records_the_game_the_cards_show() -> None:
    hand = PARSER.parse(POKERMASTER_FIVE_CARDS)
    assert (hand.platform, hand.game, hand.limit) == (Platform.POKERMASTER, Game.OMAHA5, Limit.POT)
    assert hand.seat(1).cards == ["Js", "Tc", "9c", "5s", "5d"]
    assert hand.notes == ["header names omaha but every hand dealt or shown holds 5 cards: recorded as omaha5"]
    hilo = PARSER.parse(POKERMASTER_FIVE_CARDS.replace("Omaha Pot Limit", "Omaha Hi/Lo Pot Limit"))
    assert hilo.game == Game.OMAHA5_HILO
    four = PARSER.parse(POKERMASTER_FIVE_CARDS.replace(" 2s]", "]").replace(" 5d]", "]"))
    assert (four.game, four.notes) == (Game.OMAHA, [])
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(POKERMASTER_FIVE_CARDS.replace("[Js Tc 9c 5s 5d]", "[Js Tc 9c 5s]"))
    assert (caught.value.reason, caught.value.hand_id, caught.value.message) == (
        QuarantineReason.BAD_CARDS, "400000000007",
        "hand 400000000007: header names omaha, but the hole cards dealt or shown number differently"
        " (seat 1: 4, seat 2: 5)")


RUN_IT_ONCE = """Run It Once Poker Hand #400000000008: Hold'em No Limit (€0.10/€0.20) - 2019/07/10 18:30 UTC [2019/07/10 19:30 CET]
Table ID '51234567' 6-Max Seat #1 is the button
Seat 1: Ana V (€10 in chips)
Seat 2: Ben W (€30 in chips)
Seat 3: Cy X (€30 in chips)
Ben W: posts small blind €0.10
Cy X: posts big blind €0.20
*** HOLE CARDS ***
STP added: €1.00
Dealt to Ana V [Jd Js]
Ana V: raises €0.40 to €0.60
Ben W: calls €0.50
Cy X: calls €0.40
*** FLOP *** [2c 7d Jh]
Ben W: checks
Cy X: checks
Ana V: bets €9.40 and is all-in
Ben W: calls €9.40
Cy X: calls €9.40
*** TURN *** [2c 7d Jh] [4s]
Ben W: bets €5
Cy X: calls €5
*** RIVER *** [2c 7d Jh 4s] [9c]
Ben W: checks
Cy X: checks
*** SHOWDOWN ***
Ben W shows [Kh Kd] for One Pair [Kh Kd Jh 9c 7d]
Cy X: mucks hand
Ana V shows [Jd Js] for Three of Kind [Jd Js Jh 9c 7d]
Ben W collected €10.00 from side pot 1
Ana V collected €29.50 from pot
*** SUMMARY ***
Total pot €41.00 | Main pot €30.00 | Side pot €10.00 | STP €1.00 | Rake €1.50
Board [2c 7d Jh 4s 9c]
Seat 2: Ben W (small blind) showed [Kh Kd] and won €10.00 with One Pair K's
Seat 1: Ana V (button) showed [Jd Js] and won €29.50 with Three of Kind J's
Seat 3: Cy X (big blind) mucked [Ac Qd] and lost"""


def test_run_it_once_writes_the_dialect_its_own_way() -> None:
    hand = PARSER.parse(RUN_IT_ONCE)
    assert (hand.platform, hand.game, hand.limit, hand.currency) == (Platform.RUNITONCE, Game.HOLDEM, Limit.NO, "EUR")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "2019/07/10 18:30 UTC", "2019-07-10T18:30:00Z", "2019-07-10")
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("51234567", 6, 1)
    assert [(s.seat, s.cards, s.showed, s.mucked) for s in hand.seats] == [
        (1, ["Jd", "Js"], True, False), (2, ["Kh", "Kd"], True, False), (3, ["Ac", "Qd"], False, True)]
    assert _contributed(hand) == {1: 1000, 2: 1500, 3: 1500}
    w = Half.WHOLE
    assert _payouts(hand) == [(2, 1000, 1, None, w, PayoutSource.POT), (1, 2950, 0, None, w, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.pots_printed, hand.pots_printed_net) == (4100, [3000, 1000], False)
    assert (hand.rake, hand.fees, hand.fee_detail) == (150, -100, {"stp": -100})
    assert hand.reconciles() and hand.contradictions == []
    assert hand.notes == ["the house added €1.00 to the pot ('STP €1.00'): recorded as a negative fee"]


RUN_IT_ONCE_RETURN = """Run It Once Poker Hand #400000000009:  Hold'em No Limit (€0.10/€0.20) - 2019/07/10 18:31 UTC [2019/07/10 19:31 CET]
Table ID '51234567' 6-Max Seat #2 is the button
Seat 1: Ana V (€19.40 in chips)
Seat 2: Ben W (€30 in chips)
Seat 3: Cy X (€30 in chips)
Cy X: posts small blind €0.10
Ana V: posts big blind €0.20
*** HOLE CARDS ***
STP added: €1.00
Ben W: folds
Cy X: calls €0.10
Ana V: checks
*** FLOP *** [5c 8d Qs]
Cy X: checks
Ana V: bets €0.30
Cy X: folds
Ana V: mucks hand
*** SHOWDOWN ***
Ana V: mucks hand
Uncalled bet (€1.30) returned to Ana V
Ana V collected €1.30 from pot
*** SUMMARY ***
Total pot €1.40 | Main pot €0.40 | STP €1.00 | Rake €0.10
Board [5c 8d Qs]
Seat 2: Ben W (button) folded before Flop
Seat 3: Cy X (small blind) folded before Turn
Seat 1: Ana V (big blind) mucked hand and won €1.30"""


def test_run_it_once_anomalies_are_recorded_as_contradictions() -> None:
    # the splash went back as part of an "uncalled" bet of €0.30, and was collected too
    hand = PARSER.parse(RUN_IT_ONCE_RETURN)
    assert _contributed(hand) == {1: -80, 2: 0, 3: 20}
    assert [(c.seat, c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (None, 40, 140, "summary says Total pot 1.40 but the actions put in -0.60 and the house added 1.00"),
        (1, 130, 50, "seat 1 got 1.30 back as an uncalled bet but put in only 0.50"),
    ]
    # collected lines paying more than the summary says, a Total pot the actions do not make
    hand = PARSER.parse(RUN_IT_ONCE.replace("Ana V collected €29.50", "Ana V collected €30.50").replace(
        "Total pot €41.00", "Total pot €41.40"))
    assert [(c.seat, c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (None, 4100, 4140, "summary says Total pot 41.40 but the actions put in 40.00 and the house added 1.00"),
        (1, 3050, 2950, "summary says seat 1 won 29.50 but its collected lines pay 30.50"),
    ]
    hand = PARSER.parse(RUN_IT_ONCE.replace("STP added: €1.00", "STP added: €2.00"))
    assert [(c.recorded, c.stated, c.message) for c in hand.contradictions] == [
        (100, 200, "the hand says the house added 2.00 (STP), the summary 1.00")]


RUN_IT_ONCE_RAISE_ADDS = """Run It Once Poker Hand #400000000031: Omaha Pot Limit (€0.25/€0.50) - 2019/03/05 20:14 UTC [2019/03/05 21:14 CET]
Table ID '41230077' 6-Max Seat #3 is the button
Seat 1: Ines Q (€50 in chips)
Seat 2: Otto P (€62.40 in chips)
Seat 3: Lara M (€48.10 in chips)
Seat 4: Vik D (€50 in chips)
Vik D: posts small blind €0.25
Ines Q: posts big blind €0.50
*** HOLE CARDS ***
Dealt to Otto P [Ah Kh Qd Jc]
Otto P: raises €1.25 to €1.75
Lara M: folds
Vik D: folds
Ines Q: calls €1.25
*** FLOP *** [9h 6h 2c]
Ines Q: bets €2.00
Otto P: raises €4.00 to €6.00
Ines Q: raises €8.00 to €14.00
Otto P: calls €10.00
*** TURN *** [9h 6h 2c] [Kd]
Ines Q: checks
Otto P: checks
*** RIVER *** [9h 6h 2c Kd] [3h]
Ines Q: bets €10
Otto P: calls €10
*** SHOWDOWN ***
Otto P shows [Ah Kh Qd Jc] for Flush [Ah Kh 9h 6h 3h]
Ines Q: mucks hand
Otto P collected €53.25 from pot
*** SUMMARY ***
Total pot €55.75 | Rake €2.50
Board [9h 6h 2c Kd 3h]
Seat 3: Lara M (button) folded before Flop
Seat 4: Vik D (small blind) folded before Flop
Seat 2: Otto P showed [Ah Kh Qd Jc] and won €53.25 with Flush A K
Seat 1: Ines Q (big blind) mucked [Kc Ks 7d 4d] and lost"""


def test_run_it_once_raise_to_read_as_what_it_adds_where_only_that_gives_the_total_pot(tmp_path) -> None:
    import polars as pl

    from audit.jobs import run_job
    from parsers.pokerstars import RAISE_ADDS_NOTE

    # Ines bet 2.00 and "raises €8.00 to €14.00": she adds 14.00 (16.00 in), which Otto's
    # "calls €10.00" after his 6.00 matches; the street-total reading puts in 2.00 less
    hand = PARSER.parse(RUN_IT_ONCE_RAISE_ADDS)
    assert _contributed(hand) == {1: 2775, 2: 2775, 3: 0, 4: 25}
    assert [a.amount for a in hand.actions if a.kind is ActionKind.RAISE] == [175, 600, 1400]
    assert _payouts(hand) == [(2, 5325, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.pot_total, hand.rake) == (5575, 5575, 250)
    assert hand.reconciles() and hand.contradictions == [] and RAISE_ADDS_NOTE in hand.notes
    source = tmp_path / "rio.txt"
    source.write_text(RUN_IT_ONCE_RAISE_ADDS, encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet")
    assert verdicts.select("hand_id", "verdict").rows() == [("400000000031", "clean")]
    assert result.counts["finding_rows"] == 0
    # where the printed Total pot is the street-total reading's, that reading stands
    standard = PARSER.parse(RUN_IT_ONCE_RAISE_ADDS.replace("Total pot €55.75", "Total pot €53.75"))
    assert _contributed(standard)[1] == 2575 and RAISE_ADDS_NOTE not in standard.notes
    # and where neither reading gives it, the standard one is kept with its contradiction
    neither = PARSER.parse(RUN_IT_ONCE_RAISE_ADDS.replace("Total pot €55.75", "Total pot €54.75"))
    assert _contributed(neither)[1] == 2575 and RAISE_ADDS_NOTE not in neither.notes
    assert [c.message for c in neither.contradictions][0] == "summary says Total pot 54.75 but the actions put in 53.75"


# Fusion: two hole cards, a third dealt with the flop, a fourth with the turn, settled as
# Omaha. Ben's one diamond would make a flush with the board's four if any hole card could
# play; in Omaha he has the straight to the jack, and Ada's to the ace wins.
FUSION = """PokerStars Hand #240000000701:  Fusion Pot Limit ($0.05/$0.10 USD) - 2022/05/14 21:03:11 ET
Table 'Fornax II' 6-max Seat #1 is the button
Seat 1: Ada Quill ($10 in chips) 
Seat 2: Ben Otto ($10 in chips) 
Seat 3: Cy Rand ($10 in chips) 
Ben Otto: posts small blind $0.05
Cy Rand: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ben Otto [Ad 9s]
Ada Quill: raises $0.20 to $0.30
Ben Otto: calls $0.25
Cy Rand: folds 
*** FLOP *** [Kd 7d Td]
Dealt to Ben Otto [Ad 9s] [8c]
Ben Otto: checks 
Ada Quill: bets $0.50
Ben Otto: calls $0.50
*** TURN *** [Kd 7d Td] [2d]
Dealt to Ben Otto [Ad 9s 8c] [3h]
Ben Otto: checks 
Ada Quill: checks 
*** RIVER *** [Kd 7d Td 2d] [Jc]
Ben Otto: bets $1
Ada Quill: calls $1
*** SHOW DOWN ***
Ben Otto: shows [Ad 9s 8c 3h] (a straight, Seven to Jack)
Ada Quill: shows [Qs Ah 5c 6c] (a straight, Ten to Ace)
Ada Quill collected $3.65 from pot
*** SUMMARY ***
Total pot $3.70 | Rake $0.05 
Board [Kd 7d Td 2d Jc]
Seat 1: Ada Quill (button) showed [Qs Ah 5c 6c] and won ($3.65) with a straight, Ten to Ace
Seat 2: Ben Otto (small blind) showed [Ad 9s 8c 3h] and lost with a straight, Seven to Jack
Seat 3: Cy Rand (big blind) folded before Flop"""


def test_fusion_hole_cards_dealt_by_street_are_the_seats_four_and_it_settles_as_omaha(tmp_path) -> None:
    import polars as pl

    from audit.jobs import run_job

    hand = PARSER.parse(FUSION)
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.FUSION, Limit.POT, 5, 10)
    assert hand.seat(2).cards == ["Ad", "9s", "8c", "3h"] and hand.seat(1).cards == ["Qs", "Ah", "5c", "6c"]
    assert hand.boards == [["Kd", "7d", "Td", "2d", "Jc"]]
    assert _contributed(hand) == {1: 180, 2: 180, 3: 10}
    assert _payouts(hand) == [(1, 365, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.notes, hand.contradictions) == (5, [], []) and hand.reconciles()
    for name, text, verdict in (("ada", FUSION, "clean"), ("ben", FUSION.replace(
            "Ada Quill collected $3.65", "Ben Otto collected $3.65").replace(
            "and won ($3.65) with a straight, Ten", "and lost with a straight, Ten").replace(
            "and lost with a straight, Seven", "and won ($3.65) with a straight, Seven"), "findings")):
        source = tmp_path / name / "fusion.txt"
        source.parent.mkdir()
        source.write_text(text, encoding="utf-8")
        result = run_job([str(source)], str(tmp_path / f"out-{name}"))
        verdicts = pl.read_parquet(tmp_path / f"out-{name}" / "hands.parquet")
        assert verdicts.select("hand_id", "verdict").rows() == [("240000000701", verdict)]
        # paying Ben, as a hold'em reading of his flush would, is the wrong winner
        assert result.counts["findings_by_kind"] == ({} if name == "ada" else {"wrong_winner": 2})


HOME_GAME_TOURNAMENT_STUD_HILO = """PokerStars Home Game Hand #500000000101: {Tuesday Gang} Tournament #880000001, 200+10 8-Game (7 Card Stud Hi/Lo Limit) - Match Round II, Level IV (40/80) - 2014/02/11 21:10:05 ET
Table '880000001 1' 2-max
Seat 1: Oona (1800 in chips)
Seat 2: Pavel (1200 in chips)
Oona: posts the ante 8
Pavel: posts the ante 8
*** 3rd STREET ***
Dealt to Oona [3c 5d 2s]
Dealt to Pavel [Kh]
Oona: brings in for 12
Pavel: raises 28 to 40
Oona: calls 28
*** 4th STREET ***
Dealt to Oona [3c 5d 2s] [7h]
Dealt to Pavel [Kh] [Kd]
Pavel: bets 40
Oona: calls 40
*** 5th STREET ***
Dealt to Oona [3c 5d 2s 7h] [9c]
Dealt to Pavel [Kh Kd] [4s]
Pavel: bets 80
Oona: calls 80
*** 6th STREET ***
Dealt to Oona [3c 5d 2s 7h 9c] [Qd]
Dealt to Pavel [Kh Kd 4s] [Jc]
Pavel: bets 80
Oona: calls 80
*** RIVER ***
Pavel: checks
Oona: checks
*** SHOW DOWN ***
Pavel: shows [8s Tc Kh Kd 4s Jc 6h] (HI: a pair of Kings)
Oona: shows [3c 5d Ah 2s 7h 9c Qd] (HI: high card Ace; LO: 7,5,3,2,A)
Pavel collected 248 from pot
Oona collected 248 from pot
*** SUMMARY ***
Total pot 496 | Rake 0
Seat 1: Oona showed [3c 5d Ah 2s 7h 9c Qd] and won (248) with HI: high card Ace; LO: 7,5,3,2,A
Seat 2: Pavel showed [8s Tc Kh Kd 4s Jc 6h] and won (248) with HI: a pair of Kings
"""


def test_a_home_game_tournament_names_its_club_before_the_tournament() -> None:
    hand = PARSER.parse(HOME_GAME_TOURNAMENT_STUD_HILO)
    assert (hand.platform, hand.game, hand.limit, hand.is_tournament, hand.tournament_id) == (
        Platform.HOMEGAME, Game.STUD_HILO, Limit.FIXED, True, "880000001")
    assert (hand.is_play_money, hand.currency, hand.amount_scale) == (True, None, 1)
    assert _contributed(hand) == {1: 248, 2: 248}
    assert _payouts(hand) == [(2, 248, 0, None, Half.UNLABELLED, PayoutSource.POT),
                              (1, 248, 0, None, Half.UNLABELLED, PayoutSource.POT)]
    assert hand.notes == ["mixed game '8-Game': this hand is stud_hilo"]
    assert hand.reconciles()


ITALIAN_BOUNTY_TOURNAMENT = """PokerStars Hand #500000000102: Tournament #3600000001, €20+€20+€5 EUR Hold'em No Limit - Level II (150/300) [ADM ID: Q1W2E3R4T5Y6U7I8] - 2024/01/05 22:10:00 CET [2024/01/05 16:10:00 ET]
Table '3600000001 3' 6-max Seat #1 is the button
Seat 1: Rita (15000 in chips, €20 bounty)
Seat 2: Sven (9000 in chips, €20 bounty)
Seat 3: Tomo (12000 in chips, €20 bounty)
Rita: posts the ante 40
Sven: posts the ante 40
Tomo: posts the ante 40
Sven: posts small blind 150
Tomo: posts big blind 300
*** HOLE CARDS ***
Rita: raises 450 to 750
Sven: folds
Tomo: folds
Uncalled bet (450) returned to Rita
Rita collected 870 from pot
*** SUMMARY ***
Total pot 870 | Rake 0
Seat 1: Rita (button) collected (870)
Seat 2: Sven (small blind) folded before Flop
Seat 3: Tomo (big blind) folded before Flop
"""


def test_an_italian_tournament_header_ends_with_the_regulators_event_id() -> None:
    hand = PARSER.parse(ITALIAN_BOUNTY_TOURNAMENT)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id, hand.amount_scale) == (
        Game.HOLDEM, Limit.NO, True, "3600000001", 1)
    assert (hand.small_blind, hand.big_blind, _contributed(hand)) == (150, 300, {1: 340, 2: 190, 3: 340})
    assert _payouts(hand) == [(1, 450, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (1, 870, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


RUPEES_WRITTEN_RS = """PokerStars Hand #500000000103:  Hold'em No Limit (Rs. 5/Rs. 10 INR) - 2023/07/02 21:15:00 IST [2023/07/02 11:45:00 ET]
Table 'Vindhya' 6-max Seat #1 is the button
Seat 1: Uma (Rs. 1,000 in chips)
Seat 2: Vik (Rs. 412.50 in chips)
Seat 3: Wen (Rs. 980 in chips)
Vik: posts small blind Rs. 5
Wen: posts big blind Rs. 10
*** HOLE CARDS ***
Uma: raises Rs. 20 to Rs. 30
Vik: raises Rs. 382.50 to Rs. 412.50 and is all-in
Wen: folds
Uma: calls Rs. 382.50
*** FLOP *** [2c 7d Ts]
*** TURN *** [2c 7d Ts] [Jh]
*** RIVER *** [2c 7d Ts Jh] [3s]
*** SHOW DOWN ***
Vik: shows [Qd Qs] (a pair of Queens)
Uma: shows [Ac Kc] (high card Ace)
Vik collected Rs. 795.37 from pot
*** SUMMARY ***
Total pot Rs. 835 | Rake Rs. 39.63
Board [2c 7d Ts Jh 3s]
Seat 1: Uma (button) showed [Ac Kc] and lost with high card Ace
Seat 2: Vik (small blind) showed [Qd Qs] and won (Rs. 795.37) with a pair of Queens
Seat 3: Wen (big blind) folded before Flop
"""


def test_rupees_written_rs_with_a_space_are_read_like_the_rupee_sign() -> None:
    hand = PARSER.parse(RUPEES_WRITTEN_RS)
    assert (hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind) == ("INR", 100, 500, 1000)
    assert [s.stack for s in hand.seats] == [100000, 41250, 98000]
    assert _contributed(hand) == {1: 41250, 2: 41250, 3: 1000}
    assert _payouts(hand) == [(2, 79537, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.rake) == (83500, 3963)
    assert hand.reconciles()
    assert [p.line for p in hand.payouts] == ["Vik collected Rs. 795.37 from pot"]  # verbatim, as printed


# PokerStars.in's later files put a NO-BREAK SPACE after "Rs." in every amount
RUPEES_WRITTEN_RS_NBSP = """PokerStars Hand #500000000104:  Hold'em No Limit (Rs.\xa010/Rs.\xa020 INR) - 2023/07/03 21:15:00 IST [2023/07/03 11:45:00 ET]
Table 'Aravalli' 6-max Seat #1 is the button
Seat 1: Ira (Rs.\xa02500.75 in chips) 
Seat 2: Jai (Rs.\xa0640 in chips) 
Seat 3: Kum (Rs.\xa01980 in chips) 
Jai: posts small blind Rs.\xa010
Kum: posts big blind Rs.\xa020
*** HOLE CARDS ***
Ira said, "gl"
Ira: raises Rs.\xa040 to Rs.\xa060
Jai: raises Rs.\xa0580 to Rs.\xa0640 and is all-in
Kum: folds 
Ira: calls Rs.\xa0580
*** FLOP *** [4c 9d Ks]
*** TURN *** [4c 9d Ks] [2h]
*** RIVER *** [4c 9d Ks 2h] [8s]
*** SHOW DOWN ***
Jai: shows [Ad Ah] (a pair of Aces)
Ira: shows [Kc Qc] (a pair of Kings)
Jai collected Rs.\xa01239.10 from pot
*** SUMMARY ***
Total pot Rs.\xa01300 | Rake Rs.\xa060.90 
Board [4c 9d Ks 2h 8s]
Seat 1: Ira (button) showed [Kc Qc] and lost with a pair of Kings
Seat 2: Jai (small blind) showed [Ad Ah] and won (Rs.\xa01239.10) with a pair of Aces
Seat 3: Kum (big blind) folded before Flop
"""


def test_rupees_written_rs_with_a_no_break_space_are_read_like_the_rupee_sign() -> None:
    hand = PARSER.parse(RUPEES_WRITTEN_RS_NBSP)
    assert (hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind) == ("INR", 100, 1000, 2000)
    assert [s.stack for s in hand.seats] == [250075, 64000, 198000]
    assert _contributed(hand) == {1: 64000, 2: 64000, 3: 2000}
    assert _payouts(hand) == [(2, 123910, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.rake) == (130000, 6090)
    assert hand.reconciles()
    assert [p.line for p in hand.payouts] == ["Jai collected Rs.\xa01239.10 from pot"]


RUPEE_TOURNAMENT = """PokerStars Hand #160000000001: Tournament #1700000001, Rs. 0.44+Rs. 0.06 INR Hold'em No Limit - Level I (10/20) - 2016/11/12 17:24:28 IST [2016/11/12 06:54:28 ET]
Table '1700000001 1' 9-max Seat #1 is the button
Seat 1: Ravi (1500 in chips) 
Seat 2: Sona (1500 in chips) 
Seat 3: Tara (1500 in chips) 
Sona: posts small blind 10
Tara: posts big blind 20
*** HOLE CARDS ***
Ravi: raises 40 to 60
Sona: folds 
Tara: calls 40
*** FLOP *** [3d 8h Qc]
Tara: checks 
Ravi: bets 80
Tara: folds 
Uncalled bet (80) returned to Ravi
Ravi collected 130 from pot
Ravi: doesn't show hand 
*** SUMMARY ***
Total pot 130 | Rake 0 
Board [3d 8h Qc]
Seat 1: Ravi (button) collected (130)
Seat 2: Sona (small blind) folded before Flop
Seat 3: Tara (big blind) folded on the Flop
"""


def test_a_tournament_bought_in_rupees_written_rs_is_read_in_chips() -> None:
    hand = PARSER.parse(RUPEE_TOURNAMENT)
    assert (hand.tournament_id, hand.currency, hand.amount_scale, hand.is_play_money) == ("1700000001", None, 1, False)
    assert (hand.small_blind, hand.big_blind, _contributed(hand)) == (10, 20, {1: 60, 2: 10, 3: 60})
    assert _payouts(hand) == [(1, 80, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (1, 130, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


CONVERTED_FOLD_ON_DISCONNECT = """PokerStars Hand #3400000001: Omaha Pot Limit ($5/$10) - 2017/03/01 21:00:00
Table '#11400001' 6-max Seat #1 is the button
Seat 1: Xena ($1,000 in chips)
Seat 2: Yuri ($850.50 in chips)
Seat 3: Zack ($1,200 in chips)
Yuri: posts small blind $5
Zack: posts big blind $10
*** HOLE CARDS ***
Xena: raises $25 to $35
Yuri: folds (disconnect)
Zack: folds
Uncalled bet ($25) returned to Xena
Xena collected $25 from pot
*** SUMMARY ***
Total pot $25 | Rake $0.00
Seat 1: Xena (button) collected ($25)
Seat 2: Yuri (small blind) folded before Flop
Seat 3: Zack (big blind) folded before Flop
"""


def test_a_converted_fold_that_says_the_player_disconnected_is_a_fold() -> None:
    hand = PARSER.parse(CONVERTED_FOLD_ON_DISCONNECT)
    assert [(a.seat, a.kind) for a in hand.actions if a.kind == ActionKind.FOLD] == [
        (2, ActionKind.FOLD), (3, ActionKind.FOLD)]
    assert (hand.seat(2).folded_street, _contributed(hand)) == (Street.PREFLOP, {1: 1000, 2: 500, 3: 1000})
    assert _payouts(hand) == [(1, 2500, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (1, 2500, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


SHOOTOUT_WITHOUT_BUYIN = """PokerStars Hand #6800000001: Tournament #35000001, Hold'em No Limit - Match Round I, Level II (25/50) - 2006/10/14 20:05:11 ET
Table '35000001 2' 2-max Seat #2 is the button
Seat 1: Abel (1650 in chips)
Seat 2: Bea (1350 in chips)
Bea: posts small blind 25
Abel: posts big blind 50
*** HOLE CARDS ***
Bea: raises 100 to 150
Abel: calls 100
*** FLOP *** [9h 2c 5d]
Abel: checks
Bea: bets 200
Abel: folds
Uncalled bet (200) returned to Bea
Bea collected 300 from pot
*** SUMMARY ***
Total pot 300 | Rake 0
Board [9h 2c 5d]
Seat 1: Abel (big blind) folded on the Flop
Seat 2: Bea (button) (small blind) collected (300)
"""


def test_a_shootout_header_without_a_buy_in_is_a_tournament() -> None:
    hand = PARSER.parse(SHOOTOUT_WITHOUT_BUYIN)
    assert (hand.game, hand.limit, hand.is_tournament, hand.tournament_id) == (Game.HOLDEM, Limit.NO, True, "35000001")
    assert (hand.is_play_money, hand.currency, hand.amount_scale) == (False, None, 1)
    assert (hand.small_blind, hand.big_blind, _contributed(hand)) == (25, 50, {1: 150, 2: 150})
    assert _payouts(hand) == [(2, 200, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (2, 300, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


RUN_IT_ONCE_NAMED_TOURNAMENT = """Run It Once Poker Hand #60000001: Tournament #170001, €9.38+€0.62 Spinner, Hold'em No Limit (15/30) - 2021/05/02 18:30 UTC [2021/05/02 20:30 CET]
Table ID '60000000' 3-Max Seat #1 is the button
Seat 1: Cara M (600 in chips)
Seat 2: Dov (600 in chips) [hero]
Seat 3: Elin S (600 in chips)
Cara M: posts small blind 15
Dov: posts big blind 30
*** HOLE CARDS ***
Elin S: raises 30 to 60
Cara M: folds
Dov: calls 30
*** FLOP *** [2h 8s Kd]
Dov: checks
Elin S: bets 90
Dov: folds
Uncalled bet (90) returned to Elin S
Elin S collected 135 from pot
*** SUMMARY ***
Total pot 135 | Rake 0
Board [2h 8s Kd]
Seat 1: Cara M (button) folded before Flop
Seat 2: Dov (big blind) folded before Turn
Seat 3: Elin S collected 135
"""

CONVERTED_TOURNAMENT_WITHOUT_LEVEL = """PokerStars Hand #3200000001: Tournament #12300001, $55+$5 - Hold'em No Limit (200/400) - 2015/06/10 20:00:00
Table '#7 3' 6-max Seat #1 is the button
Seat 1: Dealer (12,000 in chips)
Seat 2: Small Blind (9,500 in chips)
Seat 3: Big Blind (15,250 in chips)
Dealer: posts the ante 50
Small Blind: posts the ante 50
Big Blind: posts the ante 50
Small Blind: posts small blind 200
Big Blind: posts big blind 400
*** HOLE CARDS ***
Dealer: raises 600 to 1,000
Small Blind: folds
Big Blind: folds
Uncalled bet (600) returned to Dealer
Dealer collected 1,150 from pot
*** SUMMARY ***
Total pot 1,150 | Rake 0
Seat 1: Dealer (button) collected (1,150)
Seat 2: Small Blind (small blind) folded before Flop
Seat 3: Big Blind (big blind) folded before Flop
"""


def test_tournament_headers_without_a_level_name_the_stakes_after_the_game() -> None:
    named = PARSER.parse(RUN_IT_ONCE_NAMED_TOURNAMENT)
    assert (named.platform, named.game, named.limit, named.is_tournament, named.tournament_id) == (
        Platform.RUNITONCE, Game.HOLDEM, Limit.NO, True, "170001")
    assert (named.is_play_money, named.amount_scale, named.small_blind, named.big_blind) == (False, 1, 15, 30)
    assert _payouts(named) == [(3, 90, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                               (3, 135, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert named.reconciles()
    converted = PARSER.parse(CONVERTED_TOURNAMENT_WITHOUT_LEVEL)
    assert (converted.game, converted.is_tournament, converted.tournament_id, converted.is_play_money) == (
        Game.HOLDEM, True, "12300001", False)
    assert (converted.small_blind, converted.big_blind, _contributed(converted)) == (200, 400, {1: 450, 2: 250, 3: 450})
    assert _payouts(converted) == [(1, 600, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                                   (1, 1150, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert converted.reconciles()
    with pytest.raises(HandParseError) as caught:  # a comma in the event's name: not read
        PARSER.parse(RUN_IT_ONCE_NAMED_TOURNAMENT.replace("Spinner,", "Spin, Win,"))
    assert caught.value.reason == QuarantineReason.PARSE_ERROR


def test_a_history_cut_off_in_its_table_line_is_truncated() -> None:
    cut = CONVERTED_TOURNAMENT_WITHOUT_LEVEL[: CONVERTED_TOURNAMENT_WITHOUT_LEVEL.index("' 6-max")] + "\n\n"
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(cut)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.TRUNCATED, "hand 3200000001 ends in its table line \"Table '#7 3\"")


def test_a_converted_table_deposit_adds_nothing_to_the_pot() -> None:
    deposit = CONVERTED_FOLD_ON_DISCONNECT.replace(
        "Xena collected $25 from pot\n", "Xena collected $25 from pot\nYuri: Table deposit $154.50 \n")
    hand = PARSER.parse(deposit)
    assert (_contributed(hand), hand.seat(2).stack) == ({1: 1000, 2: 500, 3: 1000}, 85050)
    assert _payouts(hand) == [(1, 2500, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (1, 2500, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(deposit.replace("$154.50", "$15x"))
    assert caught.value.reason == QuarantineReason.BAD_AMOUNT


def test_a_converted_bodog_table_event_moves_no_money() -> None:
    events = CONVERTED_FOLD_ON_DISCONNECT.replace(
        "Yuri: folds (disconnect)\n", "Table leave user\nYuri: folds (disconnect)\nTable enter user\n")
    hand = PARSER.parse(events)
    assert _contributed(hand) == {1: 1000, 2: 500, 3: 1000}
    assert _payouts(hand) == [(1, 2500, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (1, 2500, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


def test_a_hand_cut_off_in_an_action_line_is_truncated() -> None:
    cut = CONVERTED_FOLD_ON_DISCONNECT[: CONVERTED_FOLD_ON_DISCONNECT.index(": folds\n")] + "\n\n"
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(cut)
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.TRUNCATED, "hand 3400000001 ends in a cut line 'Zack'")
    with pytest.raises(HandParseError) as caught:  # the same line with the hand going on: not read
        PARSER.parse(CONVERTED_FOLD_ON_DISCONNECT.replace("Zack: folds\n", "Zack\nZack: folds\n"))
    assert (caught.value.reason, caught.value.message) == (
        QuarantineReason.PARSE_ERROR, "hand 3400000001: unexpected line 'Zack'")


# A newcomer posts a small blind out of position: it is dead, so his call adds the whole bet.
DEAD_SMALL_BLIND = """\
PokerStars Hand #230000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/08/02 18:05:11 ET
Table 'Pallas II' 9-max Seat #5 is the button
Seat 1: aardvark ($50 in chips)
Seat 4: bramble ($48.20 in chips)
Seat 5: corvid ($37.50 in chips)
Seat 6: dunlin ($61 in chips)
Seat 7: egret ($50 in chips)
dunlin: posts small blind $0.25
egret: posts big blind $0.50
bramble: posts small blind $0.25
*** HOLE CARDS ***
aardvark: raises $1.50 to $2
bramble: calls $2
corvid: folds
dunlin: folds
egret: folds
*** FLOP *** [4c Ah 9s]
aardvark: bets $3.50
bramble: folds
Uncalled bet ($3.50) returned to aardvark
aardvark collected $4.75 from pot
aardvark: doesn't show hand
*** SUMMARY ***
Total pot $5 | Rake $0.25
Board [4c Ah 9s]
Seat 1: aardvark collected ($4.75)
Seat 4: bramble folded on the Flop
Seat 5: corvid (button) folded before Flop (didn't bet)
Seat 6: dunlin (small blind) folded before Flop
Seat 7: egret (big blind) folded before Flop
"""


def test_a_second_small_blind_is_dead_money():
    hand = PARSER.parse(DEAD_SMALL_BLIND)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions[:3]] == [
        (6, ActionKind.POST_SMALL_BLIND, 25), (7, ActionKind.POST_BIG_BLIND, 50), (4, ActionKind.POST_DEAD, 25)]
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {1: 200, 4: 225, 6: 25, 7: 50}
    assert (hand.small_blind, hand.pot_total, hand.reconciles()) == (25, 500, True)


def test_a_2008_header_with_the_time_after_a_dash_and_the_zone_in_parentheses():
    text = DEAD_SMALL_BLIND.replace(
        "PokerStars Hand #230000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/08/02 18:05:11 ET",
        "PokerStars Game #19540000001:  Hold'em No Limit ($0.25/$0.50) - 2008/08/11 - 20:17:04 (ET)")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.is_tournament, hand.currency) == ("19540000001", False, "USD")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "2008/08/11 20:17:04 ET", "2008-08-12T00:17:04Z", "2008-08-11")
    assert (hand.small_blind, hand.big_blind, hand.pot_total) == (25, 50, 500)


def test_a_2007_tournament_header_of_that_shape():
    header = ("PokerStars Game #12630000001: Tournament #63850001, $5.00+$0.50 Hold'em No Limit - Level III (25/50)"
              " - 2007/10/15 - 05:45:11 (ET)")
    hid, site, kind, stamp, zone, info = pokerstars._parse_header(header)
    assert (hid, stamp, zone, info["tournament_id"]) == ("12630000001", "2007/10/15 05:45:11", "ET", "63850001")


def test_pot_limit_before_the_flop_and_no_limit_after_is_a_limit_of_its_own():
    text = DEAD_SMALL_BLIND.replace("Hold'em No Limit ($0.25/$0.50 USD)",
                                    "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop ($0.25/$0.50 USD)")
    hand = PARSER.parse(text)
    assert (hand.game, hand.limit) == (Game.HOLDEM, Limit.POT_THEN_NO)


@pytest.mark.parametrize(("site", "platform"), [
    ("Full Tilt", Platform.FULLTILT), ("PokerBros", Platform.POKERBROS), ("SupremaPoker", Platform.SUPREMA),
    ("MPLPoker", Platform.MPLPOKER), ("Full Tilt Rush", Platform.FULLTILT), ("PPPoker", Platform.PPPOKER)])
def test_sites_that_write_pokerstars_dialect_are_recognised_and_named(site, platform):
    text = DEAD_SMALL_BLIND.replace("PokerStars Hand #", f"{site} Hand #")
    assert detect(text[:4096]) is PARSER
    assert [offset for offset, _ in PARSER.split(text + "\n\n" + text)] == [0, len(text) + 2]
    assert PARSER.parse(text).platform == platform


MPL_HAND = """\
MPLPoker Hand #4300000001:  Omaha 5 Cards Pot Limit (₹100/₹200) - 2023/11/02 21:10:00 UTC
Table 'PLO5  100/200 #9'(1942000001) 6-max (Real Money) Seat #1 is the button
Seat 1: Anjali (₹9,100 in chips)
Seat 4: Bhavesh (₹20,000 in chips)
Anjali: posts small blind ₹100
Bhavesh: posts big blind ₹200
*** HOLE CARDS ***
Anjali: calls ₹100
Bhavesh: checks
*** FLOP *** [Ah 2d Th]
Bhavesh: bets ₹300
Anjali: folds
Uncalled bet (₹300) returned to Bhavesh
*** SHOW DOWN ***
Bhavesh: doesn't show hand
Bhavesh collected ₹400 from pot
*** SUMMARY ***
Total pot ₹400 | Rake ₹15.35
Board [Ah 2d Th]
Seat 1: Anjali (button) (small blind) folded on the Flop
Seat 4: Bhavesh (big blind) collected (₹400)
"""


def test_mplpoker_pays_the_pot_before_its_rake_so_only_shares_are_checked():
    hand = PARSER.parse(MPL_HAND)
    assert (hand.platform, hand.game, hand.table_name, hand.max_seats) == (
        Platform.MPLPOKER, Game.OMAHA5, "PLO5  100/200 #9", 6)
    assert (hand.currency, hand.rake, hand.pot_total, hand.paid_from_pots()) == ("INR", None, 40000, 40000)
    assert "MPLPoker pays the pot before its rake (15.35 printed): the rake is not checked, only who won what share" \
        in hand.notes


PPPOKER_HAND = """\
PPPoker Hand #517300000000412:  5 Card Omaha Pot Limit ($0.25/$0.50 USD) - 2025/03/09 21:05:44 UTC
Table 'ClubId:400123,Table:PPP_51730000' 6-max Seat #1 is the button
Seat 1: 7001234 ($80.00 in chips)
Seat 2: 7005678 ($41.10 in chips)
Seat 4: 7009012 ($65.35 in chips)
7005678: posts small blind $0.25
7009012: posts big blind $0.50
*** HOLE CARDS ***
7001234: raises $1.25 to $1.75
7005678: folds
7009012: calls $1.25
*** FLOP *** [Kd 9s 4c] {Rake: $0}
7009012: bets $3
7001234: calls $3
*** TURN *** [Kd 9s 4c] [2h] {Rake: $0}
7009012: checks
7001234: checks
*** RIVER *** [Kd 9s 4c 2h] [Qd] {Rake: $0}
7009012: checks
7001234: checks
*** SHOW DOWN ***
7009012: mucks hand
7001234 collected $9.15 from pot
*** SUMMARY ***
Total pot $9.75 | Rake $0.60
Board [Kd 9s 4c 2h Qd]
Seat 1: 7001234 (button) showed [Kh Ks 8d 7c 3s]
Seat 2: 7005678 (small blind) folded before Flop
Seat 4: 7009012 (big blind) showed [Ad Qc 8h 6s 5s]
Hand ended at 2025/03/09 21:06:31
"""


def test_pppoker_summary_states_no_winnings_and_its_hand_ends_with_its_clock():
    hand = PARSER.parse(PPPOKER_HAND)
    assert (hand.platform, hand.game, hand.limit, hand.currency) == (Platform.PPPOKER, Game.OMAHA5, Limit.POT, "USD")
    assert (hand.pot_total, hand.rake, hand.total_pot_printed) == (975, 60, 975)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 915)]
    assert {s.seat: s.cards for s in hand.seats if s.cards} == {
        1: ["Kh", "Ks", "8d", "7c", "3s"], 4: ["Ad", "Qc", "8h", "6s", "5s"]}
    assert hand.contradictions == [] and hand.reconciles()


def test_the_hand_ended_line_is_pppokers_alone():
    text = PPPOKER_HAND.replace("PPPoker Hand #", "PokerStars Hand #")
    with pytest.raises(HandParseError, match="unexpected summary line 'Hand ended at 2025/03/09 21:06:31'"):
        PARSER.parse(text)


# --- hands seen in the real-history sweep (written anew, names and amounts invented) -------

def double_spaced(text: str) -> str:
    """Some copies of PokerStars histories put a blank line after every line."""
    return "\n\n".join(text.split("\n"))


def test_a_hand_with_a_blank_line_after_every_line_reads_as_the_plain_one():
    plain = PARSER.parse(DEAD_SMALL_BLIND)
    spaced = PARSER.parse(double_spaced(DEAD_SMALL_BLIND))
    assert [(s.seat, s.player, s.stack, s.contributed) for s in spaced.seats] == [
        (s.seat, s.player, s.stack, s.contributed) for s in plain.seats]
    assert [(p.seat, p.amount, p.pot) for p in spaced.payouts] == [(1, 350, None), (1, 475, 0)]
    assert spaced.reconciles() and spaced.actions == plain.actions


MINED_EMPTY_SHOW_LINES = """\
PokerStars Hand #228000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 16:28:45 ET
Table 'Lyra II' 9-max Seat #3 is the button
Seat 1: **KQ77** ($50 in chips) 
Seat 2: halyard ($6.90 in chips) 
Seat 3: penfold ($41.25 in chips) 
**KQ77**: posts small blind $0.25
halyard: posts big blind $0.50
*** HOLE CARDS ***
penfold: folds 
**KQ77**: raises $1 to $1.50
halyard: calls $1
*** FLOP *** [7s 5s 4d]
**KQ77**: bets $20 and is all-in
halyard: calls $5.40 and is all-in
Uncalled bet ($14.60) returned to **KQ77**
halyard:  
**KQ77**:  
*** TURN *** [7s 5s 4d] [Qd]
*** RIVER *** [7s 5s 4d Qd] [8d]
*** SHOW DOWN ***
**KQ77**: shows [Ad Kc] (high card Ace)
halyard: shows [6h 6c] (a pair of Sixes)
halyard collected $13.15 from pot
*** SUMMARY ***
Total pot $13.80 | Rake $0.65 
Board [7s 5s 4d Qd 8d]
Seat 1: **KQ77** (small blind) showed [Ad Kc] and lost with high card Ace
Seat 2: halyard (big blind) showed [6h 6c] and won ($13.15) with a pair of Sixes
Seat 3: penfold (button) folded before Flop (didn't bet)
"""


def test_a_name_with_nothing_after_it_and_a_name_that_starts_with_stars():
    # a mined 2021 history prints "name: " for each all-in seat before the run-out; a name
    # such as **KQ77** starts its collected line with the asterisks of a street line
    hand = PARSER.parse(MINED_EMPTY_SHOW_LINES)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 690, 2: 690, 3: 0}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 1460, PayoutSource.UNCALLED), (2, 1315, PayoutSource.POT)]
    assert hand.reconciles() and not hand.notes and hand.seats[0].player == "**KQ77**"
    with pytest.raises(HandParseError):  # a name nobody sits under is still unknown
        PARSER.parse(MINED_EMPTY_SHOW_LINES.replace("halyard:  \n", "stranger:  \n"))


def archive(*hands: str) -> str:
    """Hands as PokerStars' hand-history archive writes them: each after its number line."""
    return "".join(f"*********** # {n} **************\n{hand}\n\n\n" for n, hand in enumerate(hands, 1))


def test_an_archive_file_numbers_its_hands_on_lines_of_their_own():
    second = DEAD_SMALL_BLIND.replace("230000000001", "230000000002")
    text = archive(DEAD_SMALL_BLIND, second)
    assert PARSER.sniff(text[:8192]) and detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert [offset for offset, _ in chunks] == [31, 31 + len(DEAD_SMALL_BLIND) + 34]
    hands = [PARSER.parse(chunk) for _, chunk in chunks]
    assert [h.hand_id for h in hands] == ["230000000001", "230000000002"]
    assert all(h.reconciles() and [(p.seat, p.amount) for p in h.payouts] == [(1, 350), (1, 475)] for h in hands)
    # a number line anywhere else is still unknown
    with pytest.raises(HandParseError):
        PARSER.parse(DEAD_SMALL_BLIND.replace("*** FLOP ***", "*********** # 7 **************\n*** FLOP ***"))


def numbered_download(*hands: str) -> str:
    """Hands as a 2023 download writes them: a UTF-8 BOM, CRLF, and before each hand a
    ``Hand #N: `` line and a blank line."""
    text = "".join(f"\nHand #{n}: \n\n{hand}\n" for n, hand in enumerate(hands, 1))
    return "\ufeff" + text.replace("\n", "\r\n")


def test_a_download_numbering_each_hand_on_a_line_before_it_reads_every_hand() -> None:
    second = DEAD_SMALL_BLIND.replace("230000000001", "230000000002")
    text = numbered_download(DEAD_SMALL_BLIND, second)
    assert PARSER.sniff(text[:8192]) and detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    first = len("\ufeff\r\nHand #1: \r\n\r\n")
    assert [offset for offset, _ in chunks] == [first, text.index("PokerStars", first + 1)]
    assert chunks[0][1].endswith("\r\n\r\nHand #2: \r\n\r\n")
    hands = [PARSER.parse(chunk) for _, chunk in chunks]
    assert [h.hand_id for h in hands] == ["230000000001", "230000000002"]
    assert all(h.reconciles() and [(p.seat, p.amount) for p in h.payouts] == [(1, 350), (1, 475)] for h in hands)
    # the number line is known only after a summary, like an archive's
    with pytest.raises(HandParseError, match="Hand #3:"):
        PARSER.parse(DEAD_SMALL_BLIND.replace("*** FLOP ***", "Hand #3: \n*** FLOP ***"))


SPLIT_TOURNAMENT_HEADER = """\
PokerStars Hand #210000000001: Tournament #2900000001, $1.29+$0.21 USD
Hold'em No Limit - Level I (10/20) - 2020/03/23 0:53:09 JST [2020/03/22 11:53:09 ET]
Table '2900000001 1' 9-max Seat #1 is the button
Seat 1: ume (1500 in chips)
Seat 2: sakura_k (1500 in chips)
Seat 3: tanuki (1500 in chips)
ume: posts the ante 3
sakura_k: posts the ante 3
tanuki: posts the ante 3
sakura_k: posts small blind 10
tanuki: posts big blind 20
*** HOLE CARDS ***
ume: raises 40 to 60
sakura_k: folds
tanuki: folds
Uncalled bet (40) returned to ume
ume collected 59 from pot
ume: doesn't show hand
*** SUMMARY ***
Total pot 59 | Rake 0
Seat 1: ume (button) collected (59)
Seat 2: sakura_k (small blind) folded before Flop
Seat 3: tanuki (big blind) folded before Flop
"""


def test_a_tournament_header_split_after_its_buy_in():
    hand = PARSER.parse(SPLIT_TOURNAMENT_HEADER)
    assert (hand.hand_id, hand.is_tournament, hand.tournament_id, hand.game, hand.limit) == (
        "210000000001", True, "2900000001", Game.HOLDEM, Limit.NO)
    assert (hand.start_time_utc, hand.table_name, hand.ante) == ("2020-03-22T15:53:09Z", "2900000001 1", 3)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 40), (1, 59)] and hand.reconciles()
    assert hand.payouts[1].line == "ume collected 59 from pot"


def _indent_all_but_first_line(text: str) -> str:
    first, _, rest = text.partition("\n")
    return first + "\n" + "\n".join(" " + line if line else line for line in rest.split("\n"))


def test_a_file_with_every_line_indented_by_one_space_is_read_with_the_space_taken_off() -> None:
    # a Zoom archive copied with every line but its number line indented by one space
    second = RUPEE_TOURNAMENT.replace("160000000001", "160000000002")
    text = _indent_all_but_first_line("*********** # 1 **************\n" + RUPEE_TOURNAMENT
                                      + "\n\n*********** # 2 **************\n" + second)
    pieces = list(PARSER.split(text))
    assert [start for start, _ in pieces] == [text.index(" PokerStars"), text.index(" PokerStars", 40)]
    hands = [PARSER.parse(piece) for _, piece in pieces]
    assert [h.hand_id for h in hands] == ["160000000001", "160000000002"]
    for hand in hands:
        assert _payouts(hand) == [(1, 80, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                                  (1, 130, 0, None, Half.WHOLE, PayoutSource.POT)]
        assert hand.reconciles()
    # a file whose first line is the header keeps it; one unindented line makes it an ordinary file
    assert [h for _, h in PARSER.split(_indent_all_but_first_line(RUPEE_TOURNAMENT))][0].startswith("PokerStars")
    assert PARSER.parse(_indent_all_but_first_line(RUPEE_TOURNAMENT)).hand_id == "160000000001"
    ordinary = _indent_all_but_first_line(RUPEE_TOURNAMENT + "\n" + second).replace("\n PokerStars", "\nPokerStars")
    assert len(list(PARSER.split(ordinary))) == 2


# --- 9stacks Poker (India): rupees with no sign, the straddle printed ``unknown``, the pot after rake

NINESTACKS_STRADDLE = """\
9stacks Poker Hand #41000000001:  Hold'em No Limit (25/50) - 2019/05/02 20:14:09 UTC
Table 'LOW (25/50) #4'(41000000) 6-max (Real Money) Seat #2 is the button
Seat 1: Meera (2,410.75 in chips)
Seat 2: Kabir (5,000 in chips)
Seat 5: Tanvi (3,162.40 in chips)
Tanvi: posts small blind 25
Meera: posts big blind 50
Kabir: unknown 100
*** HOLE CARDS ***
Dealt to Meera [Ah Jd]
Tanvi: calls 75
Meera: raises 250 to 300
Kabir: calls 200
Tanvi: folds
*** FLOP *** [Jc 7s 2h]
Meera: bets 412.50
Kabir: folds
Uncalled bet (412.50) returned to Meera
*** SHOW DOWN ***
Meera: doesn't show hand
Meera collected 665 from pot
*** SUMMARY ***
Total pot 665 | Rake 35 
Board [Jc 7s 2h]
Seat 1: Meera (big blind) collected (665)
Seat 2: Kabir (button) folded on the Flop
Seat 5: Tanvi (small blind) folded before Flop 
"""

NINESTACKS_NO_STRADDLE = """\
9stacks Poker Hand #41000000002:  Hold'em No Limit (25/50) - 2019/05/02 20:15:40 UTC
Table 'LOW (25/50) #4'(41000000) 6-max (Real Money) Seat #5 is the button
Seat 1: Meera (2,778.25 in chips)
Seat 2: Kabir (4,700 in chips)
Seat 5: Tanvi (3,062.40 in chips)
Meera: posts small blind 25
Kabir: posts big blind 50
Tanvi: unknown 0
*** HOLE CARDS ***
Tanvi: raises 150 to 150
Meera: folds
Kabir: folds
Uncalled bet (100) returned to Tanvi
*** SHOW DOWN ***
Tanvi: doesn't show hand
Tanvi collected 125 from pot
*** SUMMARY ***
Total pot 125 | Rake 0 
Seat 1: Meera (small blind) folded before Flop 
Seat 2: Kabir (big blind) folded before Flop 
Seat 5: Tanvi (button) collected (125)
"""


def test_9stacks_counts_rupees_reads_unknown_as_a_live_straddle_and_prints_the_pot_after_rake():
    assert detect(NINESTACKS_STRADDLE[:4096]) is PARSER
    hand = PARSER.parse(NINESTACKS_STRADDLE)
    assert (hand.platform, hand.currency, hand.amount_scale, hand.is_play_money) == (
        Platform.NINESTACKS, "INR", 100, False)
    assert (hand.small_blind, hand.big_blind, hand.table_name, hand.max_seats) == (2500, 5000, "LOW (25/50) #4", 6)
    assert [s.stack for s in hand.seats] == [241075, 500000, 316240]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL] == [
        (5, ActionKind.POST_SMALL_BLIND, 2500), (1, ActionKind.POST_BIG_BLIND, 5000), (2, ActionKind.POST_BLIND, 10000)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 30000, 2: 30000, 5: 10000}
    # 5% of the 700 put in is taken; the Total pot and the pay line are what is left
    assert (hand.pot_total, hand.rake, hand.total_pot_printed, hand.pots_printed, hand.pots_printed_net) == (
        70000, 3500, 66500, [66500], True)
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 41250, PayoutSource.UNCALLED), (1, 66500, PayoutSource.POT)]
    assert hand.contradictions == [] and hand.reconciles()


def test_9stacks_unknown_0_is_the_seat_that_did_not_straddle_and_moves_no_money():
    hand = PARSER.parse(NINESTACKS_NO_STRADDLE)
    assert [(a.seat, a.kind) for a in hand.actions if a.street == Street.PREDEAL] == [
        (1, ActionKind.POST_SMALL_BLIND), (2, ActionKind.POST_BIG_BLIND)]
    assert [(a.seq, a.kind) for a in hand.actions][2] == (3, ActionKind.RAISE)  # the line takes a number
    assert (hand.pot_total, hand.rake, hand.total_pot_printed) == (12500, 0, 12500)
    assert hand.contradictions == [] and hand.reconciles()


def test_9stacks_history_whose_total_pot_misses_what_was_put_in_less_rake_contradicts_itself():
    hand = PARSER.parse(NINESTACKS_STRADDLE.replace("Total pot 665 | Rake 35", "Total pot 700 | Rake 35"))
    assert [c.message for c in hand.contradictions] == [
        "summary says Total pot 700.00 after a rake of 35.00 but the actions put in 700.00"]


@pytest.mark.parametrize("text, message", [
    # the line after the cards, or on another site, is no straddle: not read
    (NINESTACKS_STRADDLE.replace("Tanvi: calls 75\n", "Tanvi: unknown 75\n"), "unexpected line 'Tanvi: unknown 75'"),
    (NINESTACKS_STRADDLE.replace("9stacks Poker Hand #", "PokerStars Hand #").replace("(25/50) -", "($0.25/$0.50 USD) -"),
     "unexpected line 'Kabir: unknown 100'"),
])
def test_an_unknown_line_is_read_only_where_9stacks_writes_its_straddle(text, message):
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert caught.value.reason == QuarantineReason.PARSE_ERROR and message in caught.value.message


def test_pokerstars_stakes_without_a_sign_stay_play_money_in_whole_chips():
    text = NINESTACKS_NO_STRADDLE.replace("9stacks Poker Hand #", "PokerStars Hand #").replace("Tanvi: unknown 0\n", "")
    with pytest.raises(HandParseError, match=r"'2,778.25' has more decimals than the minor unit allows \(scale 1\)"):
        PARSER.parse(text)
    hand = PARSER.parse(text.replace("2,778.25", "2,778").replace("3,062.40", "3,062"))
    assert (hand.platform, hand.currency, hand.amount_scale, hand.is_play_money) == (Platform.POKERSTARS, None, 1, True)


SATELLITE_FINAL = """\
PokerStars Hand #230000000777: Tournament #3100000001, $5.00+$0.50 USD Hold'em No Limit - Match Round I, Level III (25/50) - 2021/04/10 18:02:11 ET
Table '3100000001 1' 3-max Seat #1 is the button
Seat 1: Ola (1460 in chips) 
Seat 2: Piet (1840 in chips) 
Seat 3: Quirijn (200 in chips) 
Piet: posts small blind 25
Quirijn: posts big blind 50
*** HOLE CARDS ***
Ola: folds 
Piet: raises 150 to 200
Quirijn: calls 150 and is all-in
*** FLOP *** [9d 4s 2c]
*** TURN *** [9d 4s 2c] [Kh]
*** RIVER *** [9d 4s 2c Kh] [7h]
*** SHOW DOWN ***
Piet: shows [Kd Qs] (a pair of Kings)
Quirijn: shows [Ac Jh] (high card Ace)
Piet collected 400 from pot
Quirijn finished the tournament in 3rd place
Ola finished the tournament in 1st place
Ola wins an entry to tournament #3100000500
Piet finished the tournament in 1st place
Piet wins an entry to tournament #3100000500
*** SUMMARY ***
Total pot 400 | Rake 0 
Board [9d 4s 2c Kh 7h]
Seat 1: Ola (button) folded before Flop (didn't bet)
Seat 2: Piet (small blind) showed [Kd Qs] and won (400) with a pair of Kings
Seat 3: Quirijn (big blind) showed [Ac Jh] and lost with high card Ace
"""


def test_a_satellites_entry_won_is_a_prize_notice_that_moves_no_chips():
    hand = PARSER.parse(SATELLITE_FINAL)
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(2, 400, PayoutSource.POT)]
    assert (hand.pot_total, hand.contradictions, hand.notes) == (400, [], [])
    assert hand.reconciles()


@pytest.fixture(params=["compiled", "pure"])
def fast_path(request, monkeypatch):
    from tests.test_pokerstars_fast import use_reader
    yield from use_reader(request, monkeypatch)


@pytest.mark.parametrize("text", [
    NINESTACKS_STRADDLE + "\n\n" + NINESTACKS_NO_STRADDLE, SATELLITE_FINAL,
    NINESTACKS_STRADDLE.replace("9stacks Poker Hand #", "PokerStars Hand #").replace("(25/50) -", "($0.25/$0.50 USD) -"),
])
def test_the_fast_readers_give_these_lines_the_reference_reading(text, fast_path):
    from tests.test_pokerstars_fast import assert_same, both_ways
    reference, fast, _ = both_ways(text)
    assert_same(reference, fast)
    assert reference.found == text.count(" Hand #")


def test_the_parser_version():
    from audit.ingest.parse import parser_version
    assert parser_version(PARSER) == "pokerstars:7"
