"""Unibet parser: the corpus file, its exact values, the 2026 export, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.registry import detect
from parsers.unibet import PARSER
from tests.corpus import corpus_file, corpus_files, read_text
from tests.parser_harness import parse_corpus_file

EXPECTED_HANDS = {"NLHE-EUR-0.05-0.10-202104.Banzi.txt": 1}
FILE = "Unibet/Holdem/NLHE-EUR-0.05-0.10-202104.Banzi.txt"


@pytest.mark.parametrize("path", corpus_files("Unibet"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    for hand in parse_corpus_file(PARSER, path, EXPECTED_HANDS):
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format) == (Platform.UNIBET, Format.UNIBET)


def test_uncontested_all_in_exact_values():
    hand = PARSER.parse(read_text(corpus_file(FILE)))
    assert (hand.hand_id, hand.game, hand.limit, hand.amount_scale, hand.currency) == (
        "1463192545", Game.HOLDEM, Limit.NO, 100, "EUR")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (5, 10, 6, "€1 NL")
    assert (hand.start_time_raw, hand.hand_date, hand.start_time_utc) == ("13:22:50 2021/04/04", "2021-04-04", None)
    assert hand.boards == [] and hand.seat(4).cards == ["Ac", "7c"] and hand.seat(4).all_in
    assert hand.seat(2).folded_street == Street.PREFLOP
    assert {s.seat: s.contributed for s in hand.seats} == {1: 5, 2: 10, 3: 0, 4: 10, 5: 0, 6: 0}
    assert [(p.seat, p.amount, p.pot, p.half, p.source, p.line) for p in hand.payouts] == [
        (4, 85, None, Half.WHOLE, PayoutSource.UNCALLED, "Hero wins €1.10"),
        (4, 25, None, Half.WHOLE, PayoutSource.POT, "Hero wins €1.10"),
    ]
    assert hand.actions[-1].kind == ActionKind.UNCALLED_RETURN and hand.actions[-1].amount == 85
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (0, RakeSource.PRINTED, 110)


def test_truncated_and_garbage_amounts():
    raw = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw[: raw.index("*** Summary ***")])
    assert (err.value.reason, err.value.message) == (QuarantineReason.TRUNCATED, "hand 1463192545: hand cut off before *** Summary ***")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw.replace("posts small blind €0.05", "posts small blind €0.055", 1))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.BAD_AMOUNT, "hand 1463192545: '€0.055' has more decimals than the minor unit allows (scale 100)")
    assert not PARSER.sniff("Game #1: something else\n")


def test_game_is_read_from_its_whole_name():
    raw = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as err:
        PARSER.parse(raw.replace("No Limit Hold'Em Banzai", "No Limit Six Plus Hold'Em", 1))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.UNSUPPORTED_GAME, "hand 1463192545: unknown game \"No Limit Six Plus Hold'Em\"")


EXPORT_2026 = """=== HAND HISTORIES ===

Unibet Hand #2000100001 - 0.05/0.10 - Pot Limit Omaha - UTC 08:15:02 2026/03/14
Table "90011122" 6-max
*** Seated players ***
Seat 2: Ortolan (€6.20)
Seat 3: Linnet (€0) (sitting out)
Seat 5: hero[Unibet_a1b2c3d4e5f60718] (€10)
Seat 6: Siskin (€4.45)
*** Blinds and button ***
Ortolan has the button
hero[Unibet_a1b2c3d4e5f60718] posts small blind €0.05
Siskin posts big blind €0.10
*** Hole cards ***
Dealt to hero[Unibet_a1b2c3d4e5f60718] [Ah Kd Jh 2c]
Dealt in Ortolan
Dealt to Siskin [9s 9c 5d 4h]
*** Preflop ***
Ortolan calls €0.10
hero[Unibet_a1b2c3d4e5f60718] calls €0.05
Siskin checks
*** Flop *** [Jd 9h 3s]
hero[Unibet_a1b2c3d4e5f60718] bets €0.30
Siskin calls €0.30
Ortolan folds
*** Turn *** [Jd 9h 3s] [7c]
hero[Unibet_a1b2c3d4e5f60718] checks
Siskin bets €1
hero[Unibet_a1b2c3d4e5f60718] calls €1
*** River *** [Jd 9h 3s] [7c] [Kh]
hero[Unibet_a1b2c3d4e5f60718] checks
Siskin checks
*** Showdown ***
Siskin shows [9s 9c 5d 4h], Three of a Kind, Nines
hero[Unibet_a1b2c3d4e5f60718] shows [Ah Kd Jh 2c], Two Pair, Kings and Jacks
Siskin wins €2.76
*** Summary ***
Total pot €2.90 Rake €0.14
Seat 2: Ortolan: bet €0.10 and won €0, net result: €-0.10
Seat 5: hero[Unibet_a1b2c3d4e5f60718]: bet €1.40 and won €0, net result: €-1.40
Seat 6: Siskin: bet €1.40 and won €2.76, net result: €1.36


Unibet Hand #2000100019 - 0.05/0.10 - Pot Limit Omaha - UTC 08:16:40 2026/03/14
Table "90011122" 6-max
*** Seated players ***
Seat 2: Ortolan (€6.10)
Seat 5: hero[Unibet_a1b2c3d4e5f60718] (€8.60)
Seat 6: Siskin (€5.71)
*** Blinds and button ***
hero[Unibet_a1b2c3d4e5f60718] has the button
Siskin posts small blind €0.05
Ortolan posts big blind €0.10
*** Hole cards ***
Dealt to hero[Unibet_a1b2c3d4e5f60718] [7d 6c 3s 2h]
Dealt in Siskin
Dealt in Ortolan
*** Preflop ***
hero[Unibet_a1b2c3d4e5f60718] folds
*** Summary ***
Total pot €0.15 Rake €0
Seat 5: hero[Unibet_a1b2c3d4e5f60718]: bet €0 and won €0, net result: €0


Unibet Hand #2000200007, Tournament #70001234, €4.60 + €0.40 - 10.00/20.00 - No Limit Hold'Em - Total prize €50 - UTC 19:02:33 2026/03/14
Table "90022233" 6-max
*** Seated players ***
Seat 1: Wagtail (1500)
Seat 4: hero[Unibet_a1b2c3d4e5f60718] (1500)
*** Blinds and button ***
hero[Unibet_a1b2c3d4e5f60718] has the button
hero[Unibet_a1b2c3d4e5f60718] posts small blind 10
Wagtail posts big blind 20
*** Hole cards ***
Dealt to hero[Unibet_a1b2c3d4e5f60718] [Qs Qh]
*** Preflop ***
hero[Unibet_a1b2c3d4e5f60718] calls 10
Wagtail checks
*** Flop *** [2d 8c Ts]
Wagtail checks
hero[Unibet_a1b2c3d4e5f60718] bets 40
Wagtail calls 40
*** Turn *** [2d 8c Ts] [5h]
Wagtail checks
hero[Unibet_a1b2c3d4e5f60718] checks
*** River *** [2d 8c Ts] [5h] [Kc]
Wagtail checks
hero[Unibet_a1b2c3d4e5f60718] checks
*** Showdown ***
Wagtail shows [As 9d], High card
hero[Unibet_a1b2c3d4e5f60718] shows [Qs Qh], A Pair of Queens
hero[Unibet_a1b2c3d4e5f60718] wins 120
*** Summary ***
Total pot 120
Seat 1: Wagtail: bet 60 and won 0, net result: -60
Seat 4: hero[Unibet_a1b2c3d4e5f60718]: bet 60 and won 120, net result: 60
"""


def test_2026_export_is_recognised_and_split():
    assert PARSER.sniff(EXPORT_2026) and detect(EXPORT_2026) is PARSER
    chunks = list(PARSER.split(EXPORT_2026))
    assert [offset for offset, _ in chunks] == [0, EXPORT_2026.index("Unibet Hand #2000100019"),
                                                EXPORT_2026.index("Unibet Hand #2000200007")]
    assert "".join(chunk for _, chunk in chunks) == EXPORT_2026


def test_2026_cash_hand_exact_values():
    hand = PARSER.parse(list(PARSER.split(EXPORT_2026))[0][1])
    assert (hand.hand_id, hand.game, hand.limit, hand.is_tournament, hand.currency, hand.amount_scale) == (
        "2000100001", Game.OMAHA, Limit.POT, False, "EUR", 100)
    assert (hand.table_name, hand.max_seats, hand.button_seat, hand.small_blind, hand.big_blind) == ("90011122", 6, 2, 5, 10)
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "UTC 08:15:02 2026/03/14", "2026-03-14T08:15:02Z", "2026-03-14")
    assert [(s.seat, s.stack, s.dealt_in, s.contributed) for s in hand.seats] == [
        (2, 620, True, 10), (3, 0, False, 0), (5, 1000, True, 140), (6, 445, True, 140)]
    assert hand.seat(5).cards == ["Ah", "Kd", "Jh", "2c"] and hand.seat(6).showed
    assert hand.boards == [["Jd", "9h", "3s", "7c", "Kh"]]
    assert [(p.seat, p.amount, p.half, p.source) for p in hand.payouts] == [(6, 276, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (14, RakeSource.PRINTED, 290) and hand.reconciles()


def test_2026_hand_without_a_result_is_truncated():
    with pytest.raises(HandParseError) as err:
        PARSER.parse(list(PARSER.split(EXPORT_2026))[1][1])
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.TRUNCATED,
        "hand 2000100019: no 'wins' line: nobody is paid the 15 put in (the history stops before the result)")


def test_2026_tournament_hand():
    hand = PARSER.parse(list(PARSER.split(EXPORT_2026))[2][1])
    assert (hand.hand_id, hand.game, hand.limit, hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (
        "2000200007", Game.HOLDEM, Limit.NO, True, "70001234", None, 1)
    assert (hand.small_blind, hand.big_blind, hand.table_name, hand.start_time_utc) == (10, 20, "90022233", "2026-03-14T19:02:33Z")
    assert {s.seat: s.contributed for s in hand.seats} == {1: 60, 4: 60}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(4, 120, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (0, RakeSource.INFERRED, 120) and hand.reconciles()


def _first_2026_hand() -> str:
    return EXPORT_2026.split("\n\n\n")[0].split("\n\n", 1)[1] + "\n"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Seat 6: Siskin: bet €1.40 and won €2.76, net result: €1.36\n",
     "Seat 6: Siskin: bet €1.40 and won €2.76, net result: €1.36\nJackpot €0.50 to Siskin\n",
     "hand 2000100001: unexpected summary line 40: 'Jackpot €0.50 to Siskin'"),
    ("Dealt in Ortolan\n", "Dealt in Ortolan\nDealt to Wren [Ac Ad 2c 2d]\n",
     "hand 2000100001: cards dealt to no seat, line 15: 'Dealt to Wren [Ac Ad 2c 2d]'"),
    ("Dealt in Ortolan\n", "Dealt in Ortolan\nDealt in Wren\n", "hand 2000100001: a player not seated is dealt in, line 15: 'Dealt in Wren'"),
])
def test_unknown_lines_fail_the_hand(old, new, message):
    # Summary lines other than the totals, and cards or deals for no seat, used to be skipped.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(_first_2026_hand().replace(old, new))
    assert (err.value.reason, err.value.message, err.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "2000100001")


def test_known_summary_lines_are_read():
    hand = PARSER.parse(_first_2026_hand().replace("Total pot €2.90 Rake €0.14\n",
                                                   "Total pot €2.90 Rake €0.14\nBoard [Jd 9h 3s 7c Kh]\n"))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(6, 276)]
    assert (hand.total_pot_printed, hand.rake) == (290, 14) and hand.reconciles()


PRINTED_RETURN = """Game #643800112: Table €4 PL - 0.02/0.04 - Pot Limit Omaha - 22:10:05 2022/04/06
*** Seated players ***
Seat 1: Oriel (€3.10)
Seat 2: Pavane (€4.00)
Seat 3: Quoin (€6.50)
*** Blinds and button ***
Oriel has the button
Pavane posts small blind €0.02
Quoin posts big blind €0.04
*** Hole cards ***
Dealt to Quoin [Ah Ad 7c 6c]
*** Preflop ***
Oriel calls €0.04
Pavane folds
Quoin raises €0.12 to €0.16
Oriel calls €0.12
*** Flop *** [Kd 7h 2s]
Quoin bets €0.30
Oriel calls €0.30
*** Turn *** [Kd 7h 2s] [9c]
Quoin bets €6.04, and is all-in
Oriel calls €2.64, and is all-in
Uncalled bet returned to Quoin: €3.40
*** Showdown ***
*** River *** [Kd 7h 2s] [9c] [3d]
Oriel shows [Kh Kc 5d 4d], Three of a Kind, Kings
Quoin shows [Ah Ad 7c 6c], A Pair of Aces
Oriel wins €5.90
*** Summary ***
Total pot €6.22 Rake €0.32
Seat 1: Oriel: bet €3.10 and won €5.90, net result: €2.80
Seat 2: Pavane: bet €0.02 and won €0, net result: €-0.02
Seat 3: Quoin: bet €6.50 and won €3.40, net result: €-3.10
"""


def test_a_2022_hand_prints_its_uncalled_bet_and_leaves_it_out_of_the_win():
    hand = PARSER.parse(PRINTED_RETURN)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 310, 2: 2, 3: 310}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (3, 340, PayoutSource.UNCALLED), (1, 590, PayoutSource.POT)]
    assert (hand.pot_total, hand.rake, hand.total_pot_printed) == (622, 32, 622) and hand.reconciles()
    assert not [n for n in hand.notes if "is not printed" in n]
