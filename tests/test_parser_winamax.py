"""Winamax parser: every corpus file, exact values of every corpus hand, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.winamax import PARSER
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

SIDE_POT = "Winamax/Holdem/NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt"
PLAY = "Winamax/OmahaHiLo/PLO8-2max-play-0.05-0.10-201610.export.txt"
HILO = "Winamax/OmahaHiLo/PLO8-6max-EUR-1.00-2.00-201611.txt"
PLO5 = "Winamax/OmahaHiLo5/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt"
RAZZ = "Winamax/Razz/Razz-6max-EUR-25-50-201611._8games_.txt"
STUD = "Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt"
STUD_HILO = "Winamax/StudHiLo/7-StudHL-6max-EUR-25-50-201611._8games_.txt"

EXPECTED_HANDS = {SIDE_POT: 1, PLAY: 1, HILO: 1, PLO5: 1, RAZZ: 1, STUD: 1, STUD_HILO: 1}
SIDECARS = (".hp", ".hands", ".gt")


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_files("Winamax"), ids=lambda p: p.name)
def test_every_corpus_file_parses_and_reconciles(path):
    relative = path.relative_to(CORPUS).as_posix()
    text = read_text(path)
    if path.suffix in SIDECARS:
        assert not PARSER.sniff(text[:8192])  # FPDB's expected-output files are not hands
        return
    assert PARSER.sniff(text[:8192])
    hands = list(PARSER.split(text))
    assert len(hands) == EXPECTED_HANDS[relative]
    for _, hand_text in hands:
        hand = PARSER.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)


def _hand(relative):
    return PARSER.parse(list(PARSER.split(read_text(corpus_file(relative))))[0][1])


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def _contributed(hand):
    return {s.seat: s.contributed for s in hand.seats}


@pytest.mark.corpus
def test_side_pot_hand_pays_the_unmatched_bet_inside_side_pot_1():
    hand = _hand(SIDE_POT)
    assert (hand.hand_id, hand.platform, hand.game, hand.limit) == (
        "910116-28-1298310000", Platform.WINAMAX, Game.HOLDEM, Limit.NO)
    assert (hand.start_time_utc, hand.hand_date, hand.currency, hand.button_seat) == (
        "2011-02-21T20:12:00Z", "2011-02-21", "EUR", 4)
    assert hand.boards == [["Qc", "5d", "Qh", "Ks", "5h"]]
    assert _contributed(hand) == {1: 15, 2: 0, 3: 0, 4: 454, 5: 2, 6: 5, 7: 596, 8: 298, 9: 0}
    assert hand.seat(8).cards == ["Qs", "Qd"] and hand.seat(7).all_in
    assert _payouts(hand) == [(7, 434, 1, Half.WHOLE, PayoutSource.POT), (8, 856, 0, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed, hand.pots_printed_net) == (80, RakeSource.PRINTED, 1290, True)


@pytest.mark.corpus
def test_hilo_split_with_odd_cent_to_high():
    hand = _hand(HILO)
    assert (hand.game, hand.small_blind, hand.big_blind) == (Game.OMAHA_HILO, 100, 200)
    assert hand.seat(2).cards == ["4d", "9h", "7h", "2s"] and hand.seat(1).cards == ["8d", "2d", "2c", "Td"]
    assert hand.boards == [["Ac", "5s", "4h", "5d", "Qc"]]
    assert _contributed(hand) == {1: 530, 2: 530}
    assert _payouts(hand) == [(2, 496, None, Half.HIGH, PayoutSource.POT), (2, 495, None, Half.LOW, PayoutSource.POT)]
    assert hand.rake == 69 and hand.reconciles()


@pytest.mark.corpus
def test_play_money_hilo_split_between_two_seats():
    hand = _hand(PLAY)
    assert (hand.is_play_money, hand.currency, hand.amount_scale) == (True, None, 100)
    assert _contributed(hand) == {1: 50, 2: 50}
    assert _payouts(hand) == [(2, 47, None, Half.HIGH, PayoutSource.POT), (1, 46, None, Half.LOW, PayoutSource.POT)]
    assert hand.rake == 7


@pytest.mark.corpus
def test_five_card_hilo_without_a_low_is_paid_whole_and_dead_small_blind():
    hand = _hand(PLO5)
    assert hand.game == Game.OMAHA5_HILO
    assert _contributed(hand) == {1: 23324, 2: 0, 3: 0, 4: 600, 5: 23324, 6: 200}
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 4][:2] == [
        (ActionKind.POST_DEAD, 200), (ActionKind.CALL, 400)]
    assert _payouts(hand) == [(5, 47148, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 300


@pytest.mark.corpus
def test_stud_hands():
    razz, stud, hilo = _hand(RAZZ), _hand(STUD), _hand(STUD_HILO)
    assert (razz.game, stud.game, hilo.game) == (Game.RAZZ, Game.STUD, Game.STUD_HILO)
    assert (hilo.ante, hilo.bring_in, hilo.button_seat, hilo.boards) == (500, 1000, None, [])
    assert hilo.seat(2).cards == [None, None, "8h", "Ks", "As", "5h", None]
    assert hilo.seat(2).upcards == ["8h", "Ks", "As", "5h"]
    assert hilo.seat(1).cards == ["8c", "Tc", "7c", "2d", "Kc", "Qh", "3h"]
    assert hilo.seat(1).folded_street == Street.SEVENTH
    assert _contributed(hilo) == {1: 9000, 2: 14000}
    # uncontested, yet printed as two halves
    assert _payouts(hilo) == [(2, 11400, None, Half.HIGH, PayoutSource.POT), (2, 11400, None, Half.LOW, PayoutSource.POT)]
    assert hilo.rake == 200 and hilo.reconciles()
    assert stud.seat(4).cards == ["8c", "Td", "9h", "Kh", "Kd", "Qc", "Jc"]
    assert _contributed(stud) == {1: 23000, 4: 23000}
    assert _payouts(stud) == [(1, 45800, None, Half.WHOLE, PayoutSource.POT)]
    assert _contributed(razz) == {1: 10500, 4: 15500}
    assert _payouts(razz) == [(4, 25800, None, Half.WHOLE, PayoutSource.POT)]
    assert [(a.kind, a.amount) for a in razz.actions if a.seat == 1][:2] == [
        (ActionKind.POST_ANTE, 500), (ActionKind.BRING_IN, 1000)]


@pytest.mark.corpus
def test_truncated_hand():
    text = read_text(corpus_file(HILO))
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text[: text.index("*** SUMMARY ***")])
    assert caught.value.reason == QuarantineReason.TRUNCATED
    assert caught.value.message == "hand ends before its summary's 'Total pot' line"
    assert caught.value.hand_id == "9247976-238-1478874600"


@pytest.mark.corpus
def test_comma_in_an_amount_is_refused():
    text = read_text(corpus_file(HILO)).replace("Hero bets 3.30€", "Hero bets 3,30€")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert caught.value.reason == QuarantineReason.BAD_AMOUNT
    assert caught.value.message == "line 13 'Hero bets 3,30€': not an amount: '3,30€'"


def test_tournament_hand():
    text = (
        'Winamax Poker - Tournament "Freeroll" buyIn: 0€ + 0€ level: 6 - HandId: #1-2-3 - Holdem no limit (10/40/80)'
        " - 2016/01/02 10:00:00 UTC\n"
        "Table: 'Freeroll(123456789)#003' 6-max (real money) Seat #1 is the button\n"
        "Seat 1: A (1000)\nSeat 2: B (2000, 1€ bounty)\n*** ANTE/BLINDS ***\nA posts ante 10\nB posts ante 10\n"
        "A posts small blind 40\nB posts big blind 80\n*** PRE-FLOP ***\nA folds\nB collected 140 from pot\n"
        "*** SUMMARY ***\nTotal pot 140 | No rake\nSeat 2: B won 140\n"
    )
    hand = PARSER.parse(text)
    # chips in hundredths, as in every Winamax tournament hand (some carry half chips)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.currency) == (True, "123456789", 100, None)
    assert (hand.ante, hand.small_blind, hand.big_blind, hand.rake) == (1000, 4000, 8000, 0)
    assert _contributed(hand) == {1: 5000, 2: 9000}
    assert hand.reconciles()


HALF_CHIPS = """Winamax Poker - Tournament "Lundi Turbo" buyIn: 4.50€ + 0.50€ level: 11 - HandId: #7710023345678901-44-1301234567 - Holdem no limit (25/100/200) - 2011/03/27 20:36:07 UTC
Table: 'Lundi Turbo(2203344)#041' 6-max (real money) Seat #2 is the button
Seat 1: Sigrun (3210.50)
Seat 2: Haldor (4876)
Seat 3: Pernille (2305)
*** ANTE/BLINDS ***
Sigrun posts ante 25
Haldor posts ante 25
Pernille posts ante 25
Pernille posts small blind 100
Sigrun posts big blind 200
Dealt to Haldor [Ah Kd]
*** PRE-FLOP ***
Haldor raises 400 to 600
Pernille folds
Sigrun raises 2585.50 to 3185.50 and is all-in
Haldor calls 2585.50
*** FLOP *** [9c 2d Kh]
*** TURN *** [9c 2d Kh][5s]
*** RIVER *** [9c 2d Kh 5s][Jd]
*** SHOW DOWN ***
Sigrun shows [Qs Qd] (One pair : Queens)
Haldor shows [Ah Kd] (One pair : Kings)
Haldor collected 6546 from pot
*** SUMMARY ***
Total pot 6.55k | No rake
Board: [9c 2d Kh 5s Jd]
Seat 1: Sigrun (big blind) showed [Qs Qd] and lost with One pair : Queens
Seat 2: Haldor (button) showed [Ah Kd] and won 6546 with One pair : Kings
Seat 3: Pernille (small blind) folded on the pre-flop
"""


def test_tournament_half_chips_are_read_exactly_and_a_rounded_total_is_left_unread():
    hand = PARSER.parse(HALF_CHIPS)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale) == (True, "2203344", 100)
    assert [s.stack for s in hand.seats] == [321050, 487600, 230500]
    assert _contributed(hand) == {1: 321050, 2: 321050, 3: 12500}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREFLOP] == [
        (2, ActionKind.RAISE, 60000), (3, ActionKind.FOLD, None), (1, ActionKind.RAISE, 298550), (2, ActionKind.CALL, 258550)]
    assert _payouts(hand) == [(2, 654600, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.total_pot_printed) == (0, None)
    assert "total pot printed rounded (6.55k): not read" in hand.notes
    assert hand.reconciles()


PLAY_WHOLE_STAKES = """Winamax Poker - CashGame - HandId: #8810452-17-1477000011 - Holdem no limit (5/10) - 2016/10/20 21:46:51 UTC
Table: 'Cahors' 6-max (play money) Seat #1 is the button
Seat 1: Lucienne (1500)
Seat 2: Baptiste (870)
*** ANTE/BLINDS ***
Lucienne posts small blind 5
Baptiste posts big blind 10
*** PRE-FLOP ***
Lucienne calls 5
Baptiste checks
*** FLOP *** [8s 3d Qc]
Baptiste bets 15
Lucienne calls 15
*** TURN *** [8s 3d Qc][2h]
Baptiste checks
Lucienne checks
*** RIVER *** [8s 3d Qc 2h][9d]
Baptiste checks
Lucienne checks
*** SHOW DOWN ***
Baptiste shows [Qh 7c] (One pair : Queens)
Lucienne shows [Jh Td] (Straight : Queen high)
Lucienne collected 48.50 from pot
*** SUMMARY ***
Total pot 48.50 | Rake 1.50
Board: [8s 3d Qc 2h 9d]
Seat 1: Lucienne (button) (small blind) showed [Jh Td] and won 48.50 with Straight : Queen high
Seat 2: Baptiste (big blind) showed [Qh 7c] and lost with One pair : Queens
"""


def test_play_money_with_whole_stakes_and_stacks_is_still_read_in_hundredths():
    hand = PARSER.parse(PLAY_WHOLE_STAKES)
    assert (hand.is_play_money, hand.currency, hand.amount_scale) == (True, None, 100)
    assert (hand.small_blind, hand.big_blind) == (500, 1000)
    assert _contributed(hand) == {1: 2500, 2: 2500}
    assert _payouts(hand) == [(1, 4850, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.total_pot_printed) == (150, 4850)
    assert hand.reconciles()


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Baptiste checks\nLucienne checks\n*** RIVER", "Baptiste checks\nTable bonus for Lucienne\nLucienne checks\n*** RIVER",
     "line 16 'Table bonus for Lucienne': unexpected line"),
    ("Baptiste checks\nLucienne checks\n*** RIVER", "Baptiste checks\nBaptiste forfeits\nLucienne checks\n*** RIVER",
     "line 16 'Baptiste forfeits': unexpected action"),
    ("Board: [8s 3d Qc 2h 9d]\n", "Board: [8s 3d Qc 2h 9d]\nJackpot 20 for Lucienne\n",
     "line 27 'Jackpot 20 for Lucienne': unexpected summary line"),
])
def test_unknown_lines_fail_the_hand(old, new, message):
    # Lines without a money word, and every summary line but the total and the board, used
    # to be skipped unread.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(PLAY_WHOLE_STAKES.replace(old, new))
    assert (err.value.reason, err.value.message, err.value.hand_id) == (
        QuarantineReason.PARSE_ERROR, message, "8810452-17-1477000011")


def test_known_lines_without_money_are_skipped():
    quiet = "Baptiste checks\nBaptiste is sitting out\nBaptiste has returned\nLucienne is disconnected\nLucienne is connected\n"
    hand = PARSER.parse(PLAY_WHOLE_STAKES.replace("Baptiste checks\nLucienne checks\n*** RIVER",
                                                  quiet + "Lucienne checks\n*** RIVER"))
    assert _payouts(hand) == [(1, 4850, None, Half.WHOLE, PayoutSource.POT)]
    assert _contributed(hand) == {1: 2500, 2: 2500}


SHORT_RAISE = """Winamax Poker - CashGame - HandId: #9301144-212-1480001234 - 7-Card Stud fixed limit (2€/10€/20€) - 2016/11/24 17:20:34 UTC
Table: 'Valence' 6-max (real money)
Seat 1: Oriane (14.50€)
Seat 4: Gaspard (512.75€)
*** ANTE/BLINDS ***
Oriane posts ante 2€
Gaspard posts ante 2€
*** 3rd STREET ***
Dealt to Oriane [X X 3c]
Dealt to Gaspard [X X Qd]
Oriane brings in 5€
Gaspard raises 10€ to 10€
Oriane raises -2.50€ to 7.50€
Gaspard calls 2.50€
*** 4th STREET ***
Dealt to Gaspard [X X Qd] [8s]
Dealt to Oriane [X X 3c] [Kh]
*** 5th STREET ***
Dealt to Gaspard [X X Qd 8s] [2c]
Dealt to Oriane [X X 3c Kh] [7d]
*** 6th STREET ***
Dealt to Gaspard [X X Qd 8s 2c] [4h]
Dealt to Oriane [X X 3c Kh 7d] [Jc]
*** 7th STREET ***
Dealt to Gaspard [X X Qd 8s 2c 4h] [X]
Dealt to Oriane [X X 3c Kh 7d Jc] [X]
*** SHOW DOWN ***
Gaspard shows [9h 9d Qd 8s 2c 4h 5s] (One pair : 9)
Oriane shows [Kd 6c 3c Kh 7d Jc Ts] (One pair : Kings)
Oriane collected 28€ from pot
*** SUMMARY ***
Total pot 28€ | Rake 1€
Seat 1: Oriane showed [Kd 6c 3c Kh 7d Jc Ts] and won 28€ with One pair : Kings
Seat 4: Gaspard showed [9h 9d Qd 8s 2c 4h 5s] and lost with One pair : 9
"""


def test_a_raise_to_less_than_the_bet_faced_is_a_contradiction_and_the_call_says_what_the_bet_became():
    hand = PARSER.parse(SHORT_RAISE)
    # the raiser's bet is 12.50 (its whole stack after the ante), as the call of 2.50 says;
    # read with its "to", the pot would be 5 short of the pay line and rake
    assert _contributed(hand) == {1: 1450, 4: 1450}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.THIRD] == [
        (4, ActionKind.RAISE, 1000), (1, ActionKind.RAISE, 750), (4, ActionKind.CALL, 250)]
    assert hand.seat(1).all_in and hand.reconciles() and hand.paid_from_pots() + hand.rake == hand.pot_total
    (contradiction,) = hand.contradictions
    assert (contradiction.seat, contradiction.recorded, contradiction.stated) == (1, 1250, 750)
    assert contradiction.message == (
        "seat 1 'raises -2.50€ to 7.50€' is a raise to less than the 10.00 bet it faced; "
        "seat 4's call of 2.50 makes its bet 12.50, which is what is read")


def test_a_raise_to_less_than_the_bet_faced_with_no_call_after_it_is_quarantined():
    folded = SHORT_RAISE.replace("Gaspard calls 2.50€", "Gaspard folds")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(folded)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
        QuarantineReason.INCONSISTENT,
        "'Oriane raises -2.50€ to 7.50€' is a raise to less than the 10.00 bet it faced, and the next line "
        "'*** 4th STREET ***' is no full call that says what its bet became",
        "9301144-212-1480001234")
    reraised = SHORT_RAISE.replace("Gaspard calls 2.50€", "Gaspard raises 20€ to 30€")
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(reraised)
    assert caught.value.reason == QuarantineReason.INCONSISTENT
    assert caught.value.message.endswith("the next line 'Gaspard raises 20€ to 30€' is no full call that says what its bet became")


UNMATCHED_AS_POT = """Winamax Poker - CashGame - HandId: #511020-88-1286000000 - Omaha pot limit (0.02€/0.05€) - 2010/10/02 22:10:05 UTC
Table: 'Brive' 6-max (real money) Seat #3 is the button
Seat 1: Armelle (0.70€)
Seat 2: Basile (6.10€)
Seat 3: Clovis (0.90€)
*** ANTE/BLINDS ***
Armelle posts small blind 0.02€
Basile posts big blind 0.05€
*** PRE-FLOP ***
Clovis raises 0.15€ to 0.20€
Armelle calls 0.18€
Basile calls 0.15€
*** FLOP *** [As 7c 2d]
Armelle checks
Basile bets 1€
Clovis calls 0.70€ and is all-in
Armelle calls 0.50€ and is all-in
*** TURN *** [As 7c 2d][9h]
*** RIVER *** [As 7c 2d 9h][3s]
*** SHOW DOWN ***
Armelle shows [Ah Ad Kc Qs] (Trips of Ace)
Basile shows [Qh Qd 4c 8d] (One pair : Queens)
Clovis shows [Kh Kd 5c 6c] (One pair : Kings)
Basile collected 0.30€ from side pot 2
Clovis collected 0.38€ from side pot 1
Armelle collected 2€ from main pot
*** SUMMARY ***
Total pot 2.50€ | Rake 0.12€
Board: [As 7c 2d 9h 3s]
Seat 1: Armelle (small blind) showed [Ah Ad Kc Qs] and won 2€ with Trips of Ace
Seat 2: Basile (big blind) showed [Qh Qd 4c 8d] and won 0.30€ with One pair : Queens
Seat 3: Clovis (button) showed [Kh Kd 5c 6c] and won 0.38€ with One pair : Kings
"""


def test_an_unmatched_bet_paid_as_a_pot_of_its_own_is_the_bet_returned():
    # older files print no uncalled-bet line; this one pays Basile's 0.30 over Clovis's
    # all-in as "side pot 2", a pot nobody could contest
    hand = PARSER.parse(UNMATCHED_AS_POT)
    assert _contributed(hand) == {1: 70, 2: 90, 3: 90}
    assert [(a.street, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(Street.FLOP, 30)]
    assert _payouts(hand) == [
        (2, 30, None, Half.WHOLE, PayoutSource.UNCALLED),
        (3, 38, 1, Half.WHOLE, PayoutSource.POT),
        (1, 200, 0, Half.WHOLE, PayoutSource.POT),
    ]
    assert hand.pot_total == 250 and hand.reconciles()


NO_COLON = """Winamax Poker - CashGame - HandId: #17720031-205-1619001234 - Omaha pot limit (1€/2€) - 2021/04/21 18:07:14 UTC
Table 'Tarbes' 5-max (real money) Seat #2 is the button
Seat 1: Eloane (212.40€)
Seat 2: Fulbert (198€)
Seat 3: Gwenola (305.15€)
*** ANTE/BLINDS ***
Gwenola posts small blind 1€
Eloane posts big blind 2€
*** PRE-FLOP *** 
Fulbert raises 4€ to 6€
Gwenola folds
Eloane calls 4€
*** FLOP ***: [2c 8h Kd]
Eloane checks
Fulbert bets 9€
Eloane folds
Fulbert collected 21.60€ from pot
*** SUMMARY ***
Total pot 21.60€ | Rake 0.40€
Board: [2c 8h Kd]
Seat 2: Fulbert won 21.60€
"""


def test_a_2021_table_line_without_colon_is_read():
    # "Table 'Tarbes' ..." (no colon) used to quarantine the hand as a parse error
    hand = PARSER.parse(NO_COLON)
    assert (hand.table_name, hand.max_seats, hand.button_seat, hand.currency) == ("Tarbes", 5, 2, "EUR")
    # as in the 2021 files, the bet nobody called is printed inside the pot collected
    assert _contributed(hand) == {1: 600, 2: 1500, 3: 100}
    assert _payouts(hand) == [(2, 2160, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.boards) == (40, [["2c", "8h", "Kd"]])
    assert hand.reconciles()


EXPORT_STUD = """Winamax Poker - CashGame - HandId: #8840117-91-1465900000 - 7stud fixed limit (0.01/0.05/0.10) - 2016/06/14 10:26:40 UTC
Table: 'Quimper' 6-max (play money) Seat #0 is the button
Seat 1: Ysolde (1.20)
Seat 4: Corentin (2.60)
*** ANTE/BLINDS ***
Ysolde posts ante 0.01
Corentin posts ante 0.01
*** THIRD *** 
Corentin bring-in 0.02
Ysolde calls 0.02
*** FOURTH *** 
Ysolde bets 0.05
Corentin calls 0.05
*** FIFTH *** 
Ysolde checks
Corentin checks
*** SIXTH *** 
Ysolde bets 0.10
Corentin calls 0.10
*** SEVENTH *** 
Ysolde checks
Corentin checks
*** SHOW DOWN ***
Ysolde shows [Qs Qh 9c 4d 2s 7h Jc] (One pair : Queens)
Corentin shows [Ad 8d 6c Kh 3s 5h Tc] (High card : Ace)
Ysolde collected 0.35 from pot
*** SUMMARY ***
Total pot 0.35 | Rake 0.01
Seat 1: Ysolde showed [Qs Qh 9c 4d 2s 7h Jc] and won 0.35 with One pair : Queens
Seat 4: Corentin showed [Ad 8d 6c Kh 3s 5h Tc] and lost with High card : Ace
"""


def test_play_money_export_stud_names_and_streets():
    # "7stud", "*** THIRD ***" and "bring-in" used to quarantine the hand as unsupported_game
    hand = PARSER.parse(EXPORT_STUD)
    assert (hand.game, hand.limit, hand.is_play_money, hand.button_seat) == (Game.STUD, Limit.FIXED, True, None)
    assert (hand.ante, hand.bring_in) == (1, 2)
    assert _contributed(hand) == {1: 18, 4: 18}
    assert [(a.street, a.seat, a.kind, a.amount) for a in hand.actions if a.amount and a.street != Street.PREDEAL] == [
        (Street.THIRD, 1, ActionKind.CALL, 2), (Street.FOURTH, 1, ActionKind.BET, 5), (Street.FOURTH, 4, ActionKind.CALL, 5),
        (Street.SIXTH, 1, ActionKind.BET, 10), (Street.SIXTH, 4, ActionKind.CALL, 10)]
    assert hand.seat(1).cards == ["Qs", "Qh", "9c", "4d", "2s", "7h", "Jc"]
    assert _payouts(hand) == [(1, 35, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 1 and hand.reconciles()


EXPORT_TRIPLE_DRAW = """Winamax Poker - CashGame - HandId: #9171240-7-1476300000 - Lowball27 fixed limit (0.50/1) - 2016/10/12 19:20:00 UTC
Table: 'Morlaix 03' 6-max (play money) Seat #1 is the button
Seat 1: Gwenael (15)
Seat 2: Perrine (22.40)
Seat 3: Aymeric (9.75)
*** ANTE/BLINDS ***
Perrine posts small blind 0.25
Aymeric posts big blind 0.50
*** FIRST-BET *** 
Gwenael raises 0.50 to 1
Perrine folds
Aymeric calls 0.50
*** FIRST-DRAW *** 
Aymeric discard 3 cards
Gwenael discard 1 card
*** SECOND-BET *** 
Aymeric checks
Gwenael bets 0.50
Aymeric calls 0.50
*** SECOND-DRAW *** 
Aymeric discard 1 card
Gwenael discard 0 card
*** THIRD-BET *** 
Aymeric checks
Gwenael bets 1
Aymeric calls 1
*** THIRD-DRAW *** 
Aymeric discard 1 card
Gwenael discard 0 card
*** FOURTH-BET *** 
Aymeric checks
Gwenael checks
*** SHOW DOWN ***
Aymeric shows [9s 6d 5c 3h 2h] (High card : 9)
Gwenael shows [8c 7h 6s 4d 2c] (High card : 8)
Gwenael collected 5 from pot
*** SUMMARY ***
Total pot 5 | Rake 0.25
Seat 1: Gwenael showed [8c 7h 6s 4d 2c] and won 5 with High card : 8
Seat 3: Aymeric showed [9s 6d 5c 3h 2h] and lost with High card : 9
"""


def test_play_money_export_lowball27_is_triple_draw():
    # "Lowball27" and the FIRST-BET/FIRST-DRAW rounds used to quarantine the hand as unsupported_game
    hand = PARSER.parse(EXPORT_TRIPLE_DRAW)
    assert (hand.game, hand.limit, hand.button_seat) == (Game.LOWBALL27_TRIPLE, Limit.FIXED, 1)
    assert (hand.small_blind, hand.big_blind) == (25, 50)
    assert _contributed(hand) == {1: 250, 2: 25, 3: 250}
    assert [(a.street, a.seat, a.kind, a.cards_changed) for a in hand.actions if a.cards_changed is not None] == [
        (Street.PREDRAW, 3, ActionKind.DISCARD, 3), (Street.PREDRAW, 1, ActionKind.DISCARD, 1),
        (Street.DRAW1, 3, ActionKind.DISCARD, 1), (Street.DRAW1, 1, ActionKind.STAND_PAT, 0),
        (Street.DRAW2, 3, ActionKind.DISCARD, 1), (Street.DRAW2, 1, ActionKind.STAND_PAT, 0)]
    assert [(a.street, a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.BET] == [
        (Street.DRAW1, 1, 50), (Street.DRAW2, 1, 100)]
    assert hand.seat(1).cards == ["8c", "7h", "6s", "4d", "2c"] and hand.seat(3).showed
    assert _payouts(hand) == [(1, 500, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 25 and hand.reconciles()


GO_FAST = """Winamax Poker - Go Fast "Lisbonne" - HandId: #16900214-512-1644000000 - Holdem no limit (0.02€/0.05€) - 2022/02/04 18:40:00 UTC
Table: 'Lisbonne' 6-max (real money) Seat #4 is the button
Seat 1: Anatole (5€)
Seat 2: Berenice (4.20€)
Seat 4: Cyprien (6.35€)
*** ANTE/BLINDS ***
Anatole posts small blind 0.02€
Berenice posts big blind 0.05€
*** PRE-FLOP *** 
Cyprien raises 0.10€ to 0.15€
Anatole folds
Berenice calls 0.10€
*** FLOP *** [Jd 4s 9c]
Berenice checks
Cyprien bets 0.20€
Berenice folds
Cyprien collected 0.49€ from pot
*** SUMMARY ***
Total pot 0.49€ | Rake 0.03€
Board: [Jd 4s 9c]
Seat 4: Cyprien (button) won 0.49€
"""


def test_a_go_fast_table_is_a_cash_game():
    # fast-fold tables were read as tournaments, and every raked hand was flagged
    # "rake taken in a tournament hand"
    hand = PARSER.parse(GO_FAST)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.table_name) == (False, None, "EUR", "Lisbonne")
    assert (hand.rake, hand.small_blind, hand.big_blind) == (3, 2, 5)
    assert hand.reconciles()


def test_an_unknown_kind_of_table_is_quarantined():
    with pytest.raises(HandParseError) as err:
        PARSER.parse(GO_FAST.replace('Go Fast "Lisbonne"', 'Flash "Lisbonne"'))
    assert (err.value.reason, err.value.message) == (QuarantineReason.PARSE_ERROR, "unknown kind of table 'Flash \"Lisbonne\"'")


HOLD_UP = """Winamax Poker - Go Fast "Oslo" - HandId: #17040112-90311-1646900000 - Holdem no limit (0.02€/0.05€) - 2022/03/10 08:13:20 UTC
Table: 'Oslo' 6-max (real money) Seat #3 is the button
Seat 1: Honorine (5€)
Seat 2: Isidore (4€)
Seat 3: Joachim (6€)
Hold-up to Pot: total 1€
*** ANTE/BLINDS ***
Honorine posts small blind 0.02€
Isidore posts big blind 0.05€
*** PRE-FLOP *** 
Joachim calls 0.05€
Honorine calls 0.03€
Isidore checks
*** FLOP *** [2s 7h Kc]
Honorine bets 0.10€
Isidore folds
Joachim calls 0.10€
*** TURN *** [2s 7h Kc][5d]
Honorine checks
Joachim checks
*** RIVER *** [2s 7h Kc 5d][Qh]
Honorine checks
Joachim checks
*** SHOW DOWN ***
Honorine shows [Kd 3c] (One pair : Kings)
Joachim shows [Ks Qd] (Two pairs : Kings and Queens)
Joachim collected 1.30€ from pot
*** SUMMARY ***
Total pot 1.30€ | Rake 0.05€
Board: [2s 7h Kc 5d Qh]
Seat 1: Honorine (small blind) showed [Kd 3c] and lost with One pair : Kings
Seat 3: Joachim (button) showed [Ks Qd] and won 1.30€ with Two pairs : Kings and Queens
"""


def test_the_money_the_house_adds_to_a_hold_up_pot_is_a_negative_fee():
    # "Hold-up to Pot: total 1€" used to quarantine the hand as an unexpected line; the
    # winner collects the players' 0.35 and the house's 1€, less the rake
    hand = PARSER.parse(HOLD_UP)
    assert _contributed(hand) == {1: 15, 2: 5, 3: 15}
    assert (hand.fees, hand.fee_detail, hand.rake) == (-100, {"hold_up": -100}, 5)
    assert _payouts(hand) == [(3, 130, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.total_pot_printed == 130 and hand.reconciles()
    assert "the house added 1€ to the pot (Hold-up): recorded as a negative fee" in hand.notes


ALL_IN_BLIND = """Winamax Poker - Tournament "Mardi Express" buyIn: 0.90€ + 0.10€ level: 9 - HandId: #120334455667788990-17-1343100000 - Holdem no limit (20/100/200) - 2012/07/24 03:20:00 UTC
Table: 'Mardi Express(27611122)#0' 6-max (real money) Seat #1 is the button
Seat 1: Aurele (2400)
Seat 2: Blanche (1800)
Seat 3: Cosme (150)
*** ANTE/BLINDS ***
Aurele posts ante 20
Blanche posts ante 20
Cosme posts ante 20
Blanche posts small blind 100
Cosme posts big blind 130 and is all-in
*** PRE-FLOP *** 
Aurele raises 470 to 600
Blanche folds
*** FLOP *** [4c 8d Jh]
*** TURN *** [4c 8d Jh][2s]
*** RIVER *** [4c 8d Jh 2s][6h]
*** SHOW DOWN ***
Cosme shows [Js 9s] (One pair : Jacks)
Aurele shows [Kd Qh] (High card : King)
Aurele collected 470 from side pot 1
Cosme collected 420 from main pot
*** SUMMARY ***
Total pot 890 | No rake
Board: [4c 8d Jh 2s 6h]
Seat 1: Aurele (button) showed [Kd Qh] and won 470 with High card : King
Seat 2: Blanche (small blind) folded on the pre-flop
Seat 3: Cosme (big blind) showed [Js 9s] and won 420 with One pair : Jacks
"""


def test_a_big_blind_posted_all_in_is_read():
    # "posts big blind 130 and is all-in" used to quarantine the hand as an unexpected action
    hand = PARSER.parse(ALL_IN_BLIND)
    assert (hand.small_blind, hand.big_blind, hand.ante) == (10000, 20000, 2000)
    blind = [a for a in hand.actions if a.kind == ActionKind.POST_BIG_BLIND]
    assert [(a.seat, a.amount, a.all_in) for a in blind] == [(3, 13000, True)]
    assert hand.seat(3).all_in and not hand.seat(1).all_in
    assert _contributed(hand) == {1: 15000, 2: 12000, 3: 15000}
    assert _payouts(hand) == [(1, 47000, None, Half.WHOLE, PayoutSource.UNCALLED), (3, 42000, 0, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


TRIPLE_DRAW = """Winamax Poker - CashGame - HandId: #17050321-402-1646800000 - 2-7 Triple Draw fixed limit (1€/2€) - 2022/03/09 04:26:40 UTC
Table: 'Dunkerque' 6-max (real money) Seat #5 is the button
Seat 2: Firmin (80€)
Seat 5: Gilberte (64.50€)
*** ANTE/BLINDS ***
Gilberte posts small blind 0.50€
Firmin posts big blind 1€
*** FIRST-BET ***
Dealt to Gilberte [X X X X X]
Dealt to Firmin [7h 5d 4c 3s 2h]
Gilberte raises 1€ to 2€
Firmin calls 1€
*** FIRST-DRAW ***
Firmin stands pat [7h 5d 4c 3s 2h]
Gilberte stands pat [X X X X X]
*** SECOND-BET ***
Firmin bets 1€
Gilberte calls 1€
*** SECOND-DRAW ***
Firmin stands pat [7h 5d 4c 3s 2h]
Gilberte stands pat [X X X X X]
*** THIRD-BET ***
Firmin bets 2€
Gilberte calls 2€
*** THIRD-DRAW ***
Firmin stands pat [7h 5d 4c 3s 2h]
Gilberte stands pat [X X X X X]
*** FOURTH-BET ***
Firmin checks
Gilberte checks
*** SHOW DOWN ***
Gilberte shows [8d 6s 4h 3d 2c] (High card : 8)
Firmin shows [7h 5d 4c 3s 2h] (High card : 7)
Firmin collected 9.50€ from pot
*** SUMMARY ***
Total pot 9.50€ | Rake 0.50€
Seat 2: Firmin (big blind) showed [7h 5d 4c 3s 2h] and won 9.50€ with High card : 7
Seat 5: Gilberte (small blind) (button) showed [8d 6s 4h 3d 2c] and lost with High card : 8
"""


def test_real_money_triple_draw_and_its_stand_pat_lines():
    # "2-7 Triple Draw fixed limit" was quarantined as an unknown game
    hand = PARSER.parse(TRIPLE_DRAW)
    assert (hand.game, hand.limit, hand.currency, hand.small_blind, hand.big_blind) == (
        Game.LOWBALL27_TRIPLE, Limit.FIXED, "EUR", 50, 100)
    pat = [(a.street, a.seat, a.cards_changed) for a in hand.actions if a.kind == ActionKind.STAND_PAT]
    assert pat == [(Street.PREDRAW, 2, 0), (Street.PREDRAW, 5, 0), (Street.DRAW1, 2, 0), (Street.DRAW1, 5, 0),
                   (Street.DRAW2, 2, 0), (Street.DRAW2, 5, 0)]
    assert hand.seat(2).cards == ["7h", "5d", "4c", "3s", "2h"] and hand.seat(5).cards == ["8d", "6s", "4h", "3d", "2c"]
    assert _contributed(hand) == {2: 500, 5: 500}
    assert _payouts(hand) == [(2, 950, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 50 and hand.reconciles()


def test_a_seat_drawing_cards_at_a_real_money_draw_table_is_not_read():
    with pytest.raises(HandParseError) as err:
        PARSER.parse(TRIPLE_DRAW.replace("Gilberte stands pat [X X X X X]\n*** SECOND-BET",
                                         "Gilberte discards 1 card [X]\n*** SECOND-BET"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "line 15 'Gilberte discards 1 card [X]': unexpected action")


SAT_OUT = """Winamax Poker - CashGame - HandId: #5520031-77-1387400000 - Holdem no limit (0.05€/0.10€) - 2013/12/18 21:33:20 UTC
Table: 'Osaka 04' 9-max (real money) Seat #1 is the button
Seat 1: Leontine (10€)
Seat 2: Mederic (8.45€)
Seat 3: Noemie (12€)
Seat 4: Oscar (9.90€)
*** ANTE/BLINDS ***
Mederic posts small blind 0.05€
Oscar posts big blind 0.10€
*** PRE-FLOP *** 
Leontine raises 0.20€ to 0.30€
Mederic folds
Oscar calls 0.20€
*** FLOP *** [5h Qs 8c]
Oscar checks
Leontine bets 0.40€
Oscar folds
Leontine collected 1.02€ from pot
*** SUMMARY ***
Total pot 1.02€ | Rake 0.03€
Board: [5h Qs 8c]
Seat 1: Leontine (button) won 1.02€
Seat 3: Noemie folded
"""


def test_a_seat_that_neither_posts_nor_acts_is_not_dealt_in():
    # Noemie sat the hand out: no post, no action, no cards. Taken as dealt in, she was a
    # live contender, and the uncontested hand became unverifiable ("board has 3 cards")
    hand = PARSER.parse(SAT_OUT)
    assert [(s.seat, s.dealt_in, s.folded_street) for s in hand.seats] == [
        (1, True, None), (2, True, Street.PREFLOP), (3, False, None), (4, True, Street.FLOP)]
    assert _contributed(hand) == {1: 70, 2: 5, 3: 0, 4: 30}
    assert _payouts(hand) == [(1, 102, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


def test_a_player_denying_the_big_blind_posts_nothing_and_is_not_dealt_in():
    # "Noemie denies big blind" (seated) and "Prosper deny BB 0€" (a player the seat list
    # does not have) used to quarantine the hand
    text = SAT_OUT.replace("*** ANTE/BLINDS ***\n", "*** ANTE/BLINDS ***\nNoemie denies big blind\nProsper deny BB 0€\n")
    hand = PARSER.parse(text)
    assert [(s.seat, s.dealt_in) for s in hand.seats] == [(1, True), (2, True), (3, False), (4, True)]
    assert _contributed(hand) == {1: 70, 2: 5, 3: 0, 4: 30} and hand.reconciles()


def test_a_big_blind_denied_with_money_is_not_read():
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SAT_OUT.replace("*** ANTE/BLINDS ***\n", "*** ANTE/BLINDS ***\nProsper deny BB 0.10€\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "line 8 'Prosper deny BB 0.10€': unexpected line")


BARE_MUCKED = """Winamax Poker - CashGame - HandId: #5290117-233-1382800000 - Holdem no limit (0.25€/0.50€) - 2013/10/26 15:06:40 UTC
Table: 'Perth 07' 2-max (real money) Seat #2 is the button
Seat 1: Quentine (52.10€)
Seat 2: Romuald (47€)
*** ANTE/BLINDS ***
Romuald posts small blind 0.25€
Quentine posts big blind 0.50€
*** PRE-FLOP *** 
Romuald raises 1€ to 1.50€
Quentine calls 1€
*** FLOP *** [9d 9s 2c]
Quentine checks
Romuald checks
*** TURN *** [9d 9s 2c] [Kh]
Quentine checks
Romuald checks
*** RIVER *** [9d 9s 2c Kh] [5s]
Quentine checks
Romuald checks
*** SHOW DOWN ***
Quentine shows [Qs Jh] (One pair : 9)
Romuald shows [Kd 4d] (Two pairs : Kings and 9)
Romuald collected 2.85€ from pot
*** SUMMARY ***
Total pot 2.85€ | Rake 0.15€
Board: [9d 9s 2c Kh 5s]
Seat 1: Quentine (big blind) mucked
Seat 2: Romuald (small blind) (button) showed [Kd 4d] and won 2.85€ with Two pairs : Kings and 9
"""


def test_a_summary_seat_that_mucked_without_its_cards_keeps_the_cards_it_showed():
    # "Seat 1: Quentine (big blind) mucked" used to quarantine the hand as an unexpected summary line
    hand = PARSER.parse(BARE_MUCKED)
    assert hand.seat(1).cards == ["Qs", "Jh"] and hand.seat(1).showed
    assert _payouts(hand) == [(2, 285, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


@pytest.mark.parametrize(("table_line", "button"), [
    ("Table: 'Osaka 04' 9-max (real money) Seat #1 is the button", 1),
    ("Table: 'Osaka 04' 9-max (real money) Seat 0000001 is the button", 1),
])
def test_the_button_of_the_table_line(table_line, button):
    # a 2012 file's "Seat 0000005 is the button" was read past: the hand had no button
    hand = PARSER.parse(SAT_OUT.replace("Table: 'Osaka 04' 9-max (real money) Seat #1 is the button", table_line))
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("Osaka 04", 9, button)


def test_a_table_line_with_more_after_it_is_not_read_past():
    with pytest.raises(HandParseError) as err:
        PARSER.parse(SAT_OUT.replace("Seat #1 is the button", "Seat #1 is the button (paused)"))
    assert err.value.reason == QuarantineReason.PARSE_ERROR
    assert err.value.message.startswith("second line is not a Winamax table line: \"Table: 'Osaka 04'")


MERGED_POTS = ALL_IN_BLIND.replace("Seat 2: Blanche (1800)", "Seat 2: Blanche (700)").replace(
    "Aurele raises 470 to 600\nBlanche folds\n", "Aurele raises 670 to 800\nBlanche calls 580 and is all-in\n").replace(
    "*** SHOW DOWN ***\n", "*** SHOW DOWN ***\nBlanche shows [8s 8h] (Three of a kind : 8)\n").replace(
    "Aurele collected 470 from side pot 1\nCosme collected 420 from main pot\n",
    "Aurele collected 120 from side pot 1\nBlanche collected 1550 from main pot\n").replace(
    "Total pot 890 | No rake", "Total pot 1670 | No rake").replace(
    "Seat 2: Blanche (small blind) folded on the pre-flop\nSeat 3: Cosme (big blind) showed [Js 9s] and won 420 with One pair : Jacks",
    "Seat 2: Blanche (small blind) showed [8s 8h] and won 1550 with Three of a kind : 8\n"
    "Seat 3: Cosme (big blind) showed [Js 9s] and lost with One pair : Jacks").replace(
    "won 470 with High card : King", "won 120 with High card : King")


def test_the_pots_one_seat_wins_under_one_label_are_compared_as_a_whole():
    # Blanche wins the main pot (3 x 150) and side pot 1 (2 x 550): Winamax pays both
    # "from main pot" and labels Aurele's unmatched 120 "side pot 1". Read label by
    # label, the main pot looked overpaid and side pot 1 paid to a seat not in it.
    hand = PARSER.parse(MERGED_POTS)
    assert _contributed(hand) == {1: 70000, 2: 70000, 3: 15000}
    assert _payouts(hand) == [(1, 12000, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (2, 155000, None, Half.WHOLE, PayoutSource.POT)]
    assert "2 pots paid under 1 pot labels (Winamax labels the pots one seat wins as one): compared for the hand as a whole" in hand.notes
    assert hand.reconciles()


def test_pot_labels_that_each_name_a_pot_are_kept():
    # Cosme wins the main pot and Blanche side pot 1: one label per pot
    text = MERGED_POTS.replace("Blanche collected 1550 from main pot", "Cosme collected 450 from main pot\nBlanche collected 1100 from side pot 1")
    text = text.replace("Aurele collected 120 from side pot 1", "Aurele collected 120 from side pot 2")
    hand = PARSER.parse(text)
    assert _payouts(hand) == [(1, 12000, None, Half.WHOLE, PayoutSource.UNCALLED), (3, 45000, 0, Half.WHOLE, PayoutSource.POT),
                              (2, 110000, 1, Half.WHOLE, PayoutSource.POT)]


def test_a_seat_printed_without_a_stack_is_read_with_none():
    # "Seat 3: Noemie ()" (a player sitting out; 2015 files) quarantined the hand as an unexpected line
    hand = PARSER.parse(SAT_OUT.replace("Seat 3: Noemie (12€)", "Seat 3: Noemie ()"))
    assert [(s.seat, s.player, s.stack, s.dealt_in) for s in hand.seats] == [
        (1, "Leontine", 1000, True), (2, "Mederic", 845, True), (3, "Noemie", None, False), (4, "Oscar", 990, True)]
    assert _contributed(hand) == {1: 70, 2: 5, 3: 0, 4: 30}
    assert _payouts(hand) == [(1, 102, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.reconciles()


def test_a_card_that_is_not_one_quarantines_the_hand_with_its_id():
    # the quarantine used to carry no hand id
    with pytest.raises(HandParseError) as err:
        PARSER.parse(BARE_MUCKED.replace("Quentine shows [Qs Jh]", "Quentine shows [Qs Jx]"))
    assert (err.value.reason, err.value.message, err.value.hand_id) == (
        QuarantineReason.BAD_CARDS, "not a card: 'Jx'", "5290117-233-1382800000")


def test_a_copy_saved_with_doubled_carriage_returns_reads_as_the_original(tmp_path):
    from audit.ingest import ingest
    from audit.lake import read_table

    two = (NO_COLON + "\n\n\n" + GO_FAST).replace("\r\n", "\n")
    (tmp_path / "lf.txt").write_bytes(two.encode())
    (tmp_path / "crcr.txt").write_bytes(two.replace("\n", "\r\r\n").encode())
    lakes = []
    for name in ("lf", "crcr"):
        ingest([tmp_path / f"{name}.txt"], tmp_path / name)
        assert read_table(tmp_path / name, "quarantine").height == 0
        lakes.append({t: read_table(tmp_path / name, t).drop("source_file", strict=False).sort("hand_key")
                      for t in ("hands", "payouts")})
    assert lakes[0]["hands"].height == 2
    for table in ("hands", "payouts"):
        same = [c for c in lakes[0][table].columns if c not in ("raw_sha256", "source_offset", "line")]
        assert lakes[0][table].select(same).equals(lakes[1][table].select(same)), table
