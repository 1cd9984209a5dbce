"""Absolute / UltimateBet ``Stage #`` parser: every corpus file, exact values, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.absolute import PARSER
from rules.records import HandParseError
from parsers.registry import detect
from tests.corpus import corpus_file, corpus_files, read_text

UB_FILE = "IHH20101106 Baseline Rd - Hold'em No Limit $0.02(Real Money) Table 25932774.txt"
EXPECTED_HANDS = {
    "NLHE-USD-0.50-1.00-200912.postboth.txt": 1,
    "PLO8-2max-USD-30-60-200912.txt": 1,
    "7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt": 1,
    UB_FILE: 1,
    UB_FILE + ".hp": None,
}


def _only(relative: str):
    (hand_text,) = [t for _, t in PARSER.split(read_text(corpus_file(relative)))]
    return PARSER.parse(hand_text)


@pytest.mark.parametrize("path", corpus_files("Absolute") + corpus_files("UltimateBet"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    assert path.name in EXPECTED_HANDS, f"new corpus file {path.name}: add its hand count"
    text = read_text(path)
    expected = EXPECTED_HANDS[path.name]
    if expected is None:
        assert not PARSER.sniff(text[:8192])
        return
    assert PARSER.sniff(text[:8192]) and detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == expected
    for _, hand_text in chunks:
        hand = PARSER.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert hand.format == Format.ABSOLUTE
        assert hand.platform == (Platform.ULTIMATEBET if path.parent.parent.name == "UltimateBet" else Platform.ABSOLUTE)


def test_stud_hilo_odd_cent_labelled_from_summary():
    hand = _only("Absolute/StudHiLo/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt")
    assert (hand.hand_id, hand.game, hand.limit, hand.amount_scale) == ("1300000000", Game.STUD_HILO, Limit.FIXED, 100)
    assert (hand.ante, hand.bring_in, hand.button_seat) == (1, 1, None)
    assert hand.start_time_utc == "2009-03-18T23:10:00Z"
    assert {s.seat: s.contributed for s in hand.seats} == {1: 10, 2: 1, 3: 10, 5: 1, 6: 1, 7: 10, 8: 10}
    assert hand.seat(3).cards == ["3d", "5d", "6s", "Ah", "8c", "Jc", "As"]
    assert hand.seat(3).upcards == ["6s", "Ah", "8c", "Jc"]
    assert hand.seat(2).cards == [None, None, "7h"] and hand.seat(2).folded_street == Street.THIRD
    assert hand.seat(5).cards == ["Tc", "5c", "7s"]
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source, p.line) for p in hand.payouts] == [
        (3, 19, 0, None, Half.LOW, PayoutSource.POT, "PLAYER3 Collects $0.19 from main pot"),
        (7, 20, 0, None, Half.HIGH, PayoutSource.POT, "PLAYER6 Collects $0.20 from main pot"),
    ]
    assert (hand.total_pot_printed, hand.rake, hand.rake_source, hand.fees) == (43, 4, RakeSource.PRINTED, 0)


def test_holdem_dead_blind_jackpot_fee_and_uncalled():
    hand = _only("Absolute/Holdem/NLHE-USD-0.50-1.00-200912.postboth.txt")
    assert (hand.button_seat, hand.small_blind, hand.big_blind, hand.table_name) == (4, 50, 100, "WILLOW ST")
    posts = [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL]
    assert posts == [
        (5, ActionKind.POST_SMALL_BLIND, 50),
        (6, ActionKind.POST_BIG_BLIND, 100),
        (2, ActionKind.POST_BLIND, 100),
        (2, ActionKind.POST_DEAD, 50),
    ]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 450, 3: 0, 4: 0, 5: 400, 6: 100}
    assert hand.seat(6).cards == ["Ac", "3h"] and hand.boards == [["9d", "Ad", "3s"]]
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts] == [
        (5, 600, None, Half.WHOLE, PayoutSource.UNCALLED),
        (5, 855, 0, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.fees, hand.fee_detail, hand.total_pot_printed) == (45, 50, {"jackpot_rake": 50}, 950)


def test_omaha_hilo_uncontested_and_ultimatebet():
    plo8 = _only("Absolute/OmahaHiLo/PLO8-2max-USD-30-60-200912.txt")
    assert (plo8.game, plo8.limit, plo8.start_time_utc) == (Game.OMAHA_HILO, Limit.FIXED, "2009-12-31T23:23:36Z")
    assert plo8.seat(4).cards == ["9h", "Qc", "2d", "3h"]
    assert {s.seat: s.contributed for s in plo8.seats} == {4: 6000, 6: 6000}
    assert [(p.seat, p.amount, p.half, p.source) for p in plo8.payouts] == [
        (6, 3000, Half.WHOLE, PayoutSource.UNCALLED),
        (6, 11925, Half.HIGH, PayoutSource.POT),
    ]
    assert plo8.rake == 75
    ub = _only("UltimateBet/Holdem/" + UB_FILE)
    assert (ub.hand_id, ub.platform, ub.button_seat) == ("C241220000", Platform.ULTIMATEBET, 8)
    assert ub.boards == [["Kc", "Qh", "8h", "6d", "8c"]]
    assert ub.seat(7).cards == ["Ts", "3s"] and ub.seat(7).mucked
    assert ub.seat(4).cards == ["7s", "6c"] and ub.seat(4).showed
    assert [(p.seat, p.amount, p.pot, p.half) for p in ub.payouts] == [(4, 9, 0, Half.WHOLE)]
    assert (ub.rake, ub.rake_source) == (0, RakeSource.INFERRED)


HAND = """Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]
Table: Linden Ct (Real Money) Seat #6 is the dealer
Seat 6 - Player0 ($1,195.50 in chips)
Seat 4 - Hero ($1,000 in chips)
Player0 - Posts small blind $15
Hero - Posts big blind AMOUNT
*** POCKET CARDS ***
Player0 - Folds
Hero - returned ($15) : not called
*** SHOW DOWN ***
Hero Collects $30 from main pot
*** SUMMARY ***
Total Pot($30)
"""


def test_malformed_hands():
    assert PARSER.parse(HAND.replace("AMOUNT", "$30")).payouts[1].amount == 3000
    with pytest.raises(HandParseError) as bad:
        PARSER.parse(HAND.replace("AMOUNT", "$3O"))
    assert (bad.value.reason, bad.value.message, bad.value.hand_id) == (
        QuarantineReason.PARSE_ERROR, "unexpected action at line 6: 'Hero - Posts big blind $3O'", "1828549717")
    with pytest.raises(HandParseError) as garbage:
        PARSER.parse(HAND.replace("AMOUNT", "$30").replace("$1,000 in", "$1O00 in"))
    assert (garbage.value.reason, garbage.value.message) == (QuarantineReason.BAD_AMOUNT, "not an amount: '$1O00'")
    with pytest.raises(HandParseError) as cut:
        PARSER.parse(HAND.replace("AMOUNT", "$30").split("*** SUMMARY")[0])
    assert (cut.value.reason, cut.value.message) == (QuarantineReason.TRUNCATED, "the hand ends before its *** SUMMARY ***")


def test_unknown_summary_line_fails_the_hand():
    # Summary lines other than the totals and the seats used to be skipped unread.
    hand = HAND.replace("AMOUNT", "$30")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand + "Jackpot paid to Hero ($5)\n")
    assert (err.value.reason, err.value.message, err.value.hand_id) == (
        QuarantineReason.PARSE_ERROR, "unexpected summary line 14: 'Jackpot paid to Hero ($5)'", "1828549717")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(hand.replace("*** SHOW DOWN ***\n", "*** SHOW DOWN ***\n\nBonus $5 to Hero\n"))
    assert err.value.message == "unexpected line 12: 'Bonus $5 to Hero'"


def test_known_summary_lines_are_read_or_skipped():
    hand = PARSER.parse(HAND.replace("AMOUNT", "$30") + "Board [Ah 7c 2d]\nSeat 6: Player0 (dealer) Folded on the POCKET CARDS\n")
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (4, 1500, PayoutSource.UNCALLED), (4, 3000, PayoutSource.POT)]


def test_sniff_is_specific():
    assert not PARSER.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2009/01/01 00:00:00 ET")
    assert not PARSER.sniff("Stage 1 of the tournament")


TIMEOUT_2007 = """Stage #902114377: HOLDEM NORMAL $10/$20 - 2007-09-03 21:45:10 (ET)
Table: CEDAR LANE (Real Money) Seat #4 is the dealer
Seat 1 - WALRUS7 ($311.25 in chips)
Seat 2 - KESTREL ($140 in chips)
Seat 4 - PIKEFISH ($402 in chips)
Seat 5 - LOONBIRD ($95 in chips)
KESTREL - Posts small blind $5
LOONBIRD - Posts big blind $10
WALRUS7 - sitout (wait for BB)
*** POCKET CARDS ***
Dealt to PIKEFISH [Ah Td]
PIKEFISH - Raises $20 to $20
KESTREL - Calls $15
LOONBIRD - Folds
*** FLOP *** [3c 9d Qs]
KESTREL - Checks (Timeout)
PIKEFISH - Bets $10
KESTREL - All-In (Timeout)
PIKEFISH - returned ($10) : not called
*** TURN *** [3c 9d Qs] [2h]
*** RIVER *** [3c 9d Qs 2h] [Kd]
*** SHOW DOWN ***
KESTREL - Shows [Jh Tc] (King high)
PIKEFISH - Shows [Ah Td] (Ace high)
PIKEFISH Collects $48 from main pot
*** SUMMARY ***
Total Pot($50) | Rake ($2)
Board [3c 9d Qs 2h Kd]
Seat 2: KESTREL (small blind) HI:lost with King high [Jh Tc - B:Kd,B:Qs,P:Jh,P:Tc,B:9d]
Seat 4: PIKEFISH (dealer) won Total ($48) HI:($48) with Ace high [Ah Td - P:Ah,B:Kd,B:Qs,P:Td,B:9d]
Seat 5: LOONBIRD (big blind) Folded on the POCKET CARDS
"""


def test_2007_capitals_sitout_and_timeout_all_in():
    hand = PARSER.parse(TIMEOUT_2007)
    assert (hand.hand_id, hand.game, hand.limit, hand.small_blind, hand.big_blind) == (
        "902114377", Game.HOLDEM, Limit.FIXED, 500, 1000)
    assert [(s.seat, s.dealt_in, s.all_in, s.contributed) for s in hand.seats] == [
        (1, False, False, 0), (2, True, True, 2000), (4, True, False, 2000), (5, True, False, 1000)]
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.street == Street.FLOP] == [
        (2, ActionKind.CHECK, None, False),
        (4, ActionKind.BET, 1000, False),
        (2, ActionKind.CALL, 0, True),
        (4, ActionKind.UNCALLED_RETURN, 1000, False),
    ]
    assert [(p.seat, p.amount, p.pot, p.source) for p in hand.payouts] == [
        (4, 1000, None, PayoutSource.UNCALLED), (4, 4800, 0, PayoutSource.POT)]
    assert (hand.total_pot_printed, hand.rake, hand.rake_source, hand.notes) == (5000, 200, RakeSource.PRINTED, [])


TOURNEY = """Stage #612004418 Tourney ID 6100772 Holdem Multi Normal Tournament No Limit 60 - 2011-02-13 19:41:07 (ET)
Table: 22 (Real Money) Seat #7 is the dealer
Seat 1 - ORWELLIAN (1,110 in chips)
Seat 2 - QUARRYMAN (2,400 in chips)
Seat 7 - BLUEHERON (7,930 in chips)
Seat 8 - TINSMITH (3,005 in chips)
TINSMITH - Posts small blind 30
ORWELLIAN - Posts big blind 60
*** POCKET CARDS ***
QUARRYMAN - Raises 180 to 180 (Preselection)
BLUEHERON - Calls 180
TINSMITH - Folds (Fold & Show [9d 4c])
ORWELLIAN - Calls 120
*** FLOP *** [Kd 8s 3h]
ORWELLIAN - All-In 930
QUARRYMAN - All-In(Raise) 2,220 to 2,220
BLUEHERON - Calls 2,220
*** TURN *** [Kd 8s 3h] [2c]
*** RIVER *** [Kd 8s 3h 2c] [Jh]
*** SHOW DOWN ***
ORWELLIAN - Shows [Kh Qh] (One pair, kings)
QUARRYMAN - Shows [8d 8c] (Three of a kind, eights)
BLUEHERON - Shows [Ac Kc] (One pair, kings)
QUARRYMAN Collects 2,580 from side pot-1
QUARRYMAN Collects 3,360 from main pot
*** SUMMARY ***
Total Pot(5,940:3,360,2,580)
Board [Kd 8s 3h 2c Jh]
Seat 1: ORWELLIAN (big blind) HI:lost with One pair, kings [Kh Qh - P:Kh,B:Kd,P:Qh,B:Jh,B:8s]
Seat 2: QUARRYMAN won Total (5,940) All-In HI:(5,940) with Three of a kind, eights [8d 8c - P:8d,P:8c,B:8s,B:Kd,B:Jh]
Seat 7: BLUEHERON (dealer) HI:lost with One pair, kings [Ac Kc - P:Ac,B:Kd,P:Kc,B:Jh,B:8s]
Seat 8: TINSMITH (small blind) Folded on the POCKET CARDS
"""


def test_a_tournament_hand_with_its_side_pot_list_fold_and_show_and_preselection():
    # 2011 tournaments: 'Stage #N Tourney ID T ... Tournament No Limit 60' (no colon), chips
    # with thousands commas, side pots listed in the total, 'side pot-1', and the client's
    # 'Fold & Show' and '(Preselection)' marks on actions.
    assert PARSER.sniff(TOURNEY) and detect(TOURNEY) is PARSER
    assert [offset for offset, _ in PARSER.split(TOURNEY + "\n\n" + TOURNEY)] == [0, len(TOURNEY) + 2]
    hand = PARSER.parse(TOURNEY)
    assert (hand.platform, hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (
        Platform.ABSOLUTE, True, "6100772", None, 1)
    assert (hand.game, hand.limit, hand.small_blind, hand.button_seat) == (Game.HOLDEM, Limit.NO, 30, 7)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 1110, 2: 2400, 7: 2400, 8: 30}
    assert hand.seat(8).cards == ["9d", "4c"] and hand.seat(8).folded_street == Street.PREFLOP
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(2, 2580, 1), (2, 3360, 0)]
    assert (hand.total_pot_printed, hand.rake, hand.rake_source) == (5940, 0, RakeSource.INFERRED)
    assert hand.reconciles()


DEAD_TOTAL = """Stage #736660042: HOLDEM NORMAL $25/$50 - 2007-08-17 06:31:50 (ET)
Table: LINDEN ST (Real Money) Seat #2 is the dealer
Seat 2 - MAPLEWOOD ($900 in chips)
Seat 3 - CEDARHILL ($1210.50 in chips)
Seat 4 - ASHGROVE ($640 in chips)
Seat 6 - ELMCOURT ($388 in chips)
CEDARHILL - Posts small blind $15
ASHGROVE - Posts big blind $25
ELMCOURT - Posts dead $40 dead $15
*** POCKET CARDS ***
ELMCOURT - Raises $25 to $50
MAPLEWOOD - Folds
CEDARHILL - Calls $35
ASHGROVE - Folds
*** FLOP *** [6c 6d Qs]
CEDARHILL - Checks
ELMCOURT - Bets $25
CEDARHILL - Folds
ELMCOURT - returned ($25) : not called
*** SHOW DOWN ***
ELMCOURT - Does not show
ELMCOURT Collects $137 from main pot
*** SUMMARY ***
Total Pot($140) | Rake ($3)
Board [6c 6d Qs]
Seat 2: MAPLEWOOD (dealer) Folded on the POCKET CARDS
Seat 3: CEDARHILL (small blind) Folded on the FLOP
Seat 4: ASHGROVE (big blind) Folded on the POCKET CARDS
Seat 6: ELMCOURT collected Total ($137) HI:($137) [Does not show]
"""


def test_a_2007_dead_post_names_its_total_then_its_dead_part():
    # 'Posts dead $40 dead $15' is $40 in all, $15 dead: the raise to $50 then adds $25.
    hand = PARSER.parse(DEAD_TOTAL)
    posts = [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 6 and a.street == Street.PREDEAL]
    assert posts == [(6, ActionKind.POST_BLIND, 2500), (6, ActionKind.POST_DEAD, 1500)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 0, 3: 5000, 4: 2500, 6: 6500}
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(6, 13700)]
    assert (hand.rake, hand.pot_total) == (300, 14000) and hand.reconciles()


def test_a_cash_header_may_name_its_ante_or_its_speed_after_the_stakes():
    ante = DEAD_TOTAL.replace("Stage #736660042: HOLDEM NORMAL $25/$50 - 2007-08-17 06:31:50 (ET)",
                              "Stage #1773380001: Holdem  Normal $25/$50, $5 ante - 2009-11-30 15:50:12 (ET)")
    turbo = DEAD_TOTAL.replace("Stage #736660042: HOLDEM NORMAL $25/$50 - 2007-08-17 06:31:50 (ET)",
                               "Stage #C379010001: Holdem  Normal $25/$50 Turbo - 2011-02-21 05:08:53.010 (ET) "
                               "[ 2011-02-21 05:08:53 ]")
    for text, hand_id, platform in ((ante, "1773380001", Platform.ABSOLUTE), (turbo, "C379010001", Platform.ULTIMATEBET)):
        hand = PARSER.parse(text)
        assert (hand.hand_id, hand.platform, hand.limit, hand.currency, hand.is_tournament) == (
            hand_id, platform, Limit.FIXED, "USD", False)
        assert hand.reconciles()


# Written for this test in the dialect of a 2010 "7-2" table (no real hand copied): Teal wins
# with seven-deuce and the three other seats pay it the $3 proposition bonus each.
SEVEN_DEUCE = """Stage #1981700015: Holdem  No Limit $2 (7-2) - 2010-04-02 21:05:10 (ET)
Table: ODESSA (Real Money) Seat #1 is the dealer
Seat 1 - MARLIN ($150 in chips)
Seat 2 - TEAL ($200 in chips)
Seat 3 - QUAIL ($95.50 in chips)
Seat 4 - ROOK ($180 in chips)
TEAL - Posts small blind $1
QUAIL - Posts big blind $2
*** POCKET CARDS ***
ROOK - Folds
MARLIN - Folds
TEAL - Raises $5 to $6
QUAIL - Calls $4
*** FLOP *** [7h 9c 2s]
TEAL - Bets $8
QUAIL - Folds
TEAL - returned ($8) : not called
*** SHOW DOWN ***
TEAL - Shows [7d 2d] (two pair, sevens and deuces)
TEAL Collects $9 from 72 proposition pot
TEAL Collects $11.40 from main pot
*** SUMMARY ***
Total Pot($12) | Rake ($0.60) | 72 Proposition Pot ($9)
Board [7h 9c 2s]
Seat 1: MARLIN (dealer) Folded on the POCKET CARDS
Seat 2: TEAL (small blind) collected Total ($20.40) HI:($11.40) with two pair [7d 2d - B:7h,P:7d,B:2s,P:2d,B:9c] 72 Prop Win ($9) with [7d 2d]
Seat 3: QUAIL (big blind) Folded on the FLOP
Seat 4: ROOK Folded on the POCKET CARDS
"""


def test_a_seven_deuce_table_pays_its_proposition_bonus_outside_the_pot():
    # the "(7-2)" header was "not a Stage header" and the bonus line unknown (sweep, hand 1981698003)
    hand = PARSER.parse(SEVEN_DEUCE)
    assert (hand.game, hand.limit, hand.currency, hand.start_time_utc) == (
        Game.HOLDEM, Limit.NO, "USD", "2010-04-03T01:05:10Z")
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 600, 3: 600, 4: 0}
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts] == [
        (2, 800, None, Half.WHOLE, PayoutSource.UNCALLED), (2, 1140, 0, Half.WHOLE, PayoutSource.POT),
        (2, 900, None, Half.WHOLE, PayoutSource.OTHER)]
    assert (hand.rake, hand.fees, hand.contradictions) == (60, 0, [])
    assert hand.reconciles() and hand.paid_from_pots() == 1140
    assert hand.notes == ["seat 2 is paid a 7-2 proposition bonus of 900 by the other seats, outside the pot "
                          "(no action line shows their shares)"]


def test_a_player_who_plays_under_another_spelling_than_his_seat_line_is_an_edited_history():
    # An anonymised copy renamed the seat line only (``Seat 1 - PLAYER1``, then ``Player1 - Ante``).
    text = HAND.replace("AMOUNT", "$30").replace("Seat 4 - Hero", "Seat 4 - HERO")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT,
        "line 6: 'Hero' plays but no seat line names him (the seat line spells it 'HERO'): "
        "'Hero - Posts big blind $30'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("AMOUNT", "$30").replace("Player0 - Folds", "Stranger - Folds"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "line 8: 'Stranger' plays but no seat line names him: 'Stranger - Folds'")


# 2009, an ante table: a seat sitting out for the big blind gets its ante back; a seat that
# ran out of time folds "(Timeout)"; the seat due the small blind left, so none is posted.
ANTE_RETURNED = """Stage #3100200300: Holdem  No Limit $10, $2.50 ante - 2009-07-02 21:10:04 (ET)
Table: OAKDALE (Real Money) Seat #1 is the dealer
Seat 1 - marrowfield ($840 in chips)
Seat 2 - quietbrook ($1,120.50 in chips)
Seat 4 - saltmarsh ($990 in chips)
Seat 5 - thornbury ($1,500 in chips)
No small blind is posted due to player leave
marrowfield - Ante $2.50
quietbrook - Ante $2.50
saltmarsh - Ante $2.50
thornbury - Ante $2.50
saltmarsh - Posts big blind $10
thornbury - sitout (wait for BB)
thornbury - Ante returned $2.50
*** POCKET CARDS ***
marrowfield - Raises $25 to $25
quietbrook - Folds (Timeout)
saltmarsh - Calls $15
*** FLOP *** [8d 3c Js]
saltmarsh - Checks
marrowfield - Bets $40
saltmarsh - Folds
marrowfield - returned ($40) : not called
*** SHOW DOWN ***
marrowfield - Does not show
marrowfield Collects $55.50 from main pot
*** SUMMARY ***
Total Pot($57.50) | Rake ($2)
Board [8d 3c Js]
Seat 1: marrowfield (dealer) collected Total ($55.50)
Seat 2: quietbrook Folded on the POCKET CARDS
Seat 4: saltmarsh (big blind) Folded on the FLOP
"""


def test_a_sitting_out_seats_ante_returned_a_timeout_fold_and_no_small_blind() -> None:
    hand = PARSER.parse(ANTE_RETURNED)
    # the ante given back never went in: no post, no payout, noted
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 5] == []
    assert "'thornbury - Ante returned $2.50': seat 5's ante taken back, not in the pot" in hand.notes
    assert not hand.seat(5).dealt_in
    assert [(a.seat, a.kind) for a in hand.actions if a.kind == ActionKind.FOLD] == [
        (2, ActionKind.FOLD), (4, ActionKind.FOLD)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2750, 2: 250, 4: 2750, 5: 0}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 4000, PayoutSource.UNCALLED), (1, 5550, PayoutSource.POT)]
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.rake) == (None, 1000, 250, 200)
    assert hand.reconciles()
    # more back than the seat anted is a history that contradicts itself
    with pytest.raises(HandParseError) as err:
        PARSER.parse(ANTE_RETURNED.replace("Ante returned $2.50", "Ante returned $5"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "'thornbury - Ante returned $5': more than the seat's ante of 250")
