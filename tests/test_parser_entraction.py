"""Entraction parser: every corpus file, exact values of real hands, malformed input."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.entraction import PARSER
from parsers.registry import detect
from tests.corpus import corpus_file, corpus_files, read_text

HANDS_PER_FILE = {
    "PLO5-EUR-0.10-0.20-201208.txt": 1,
    "GameTypeTests__FixedLimitOmahaHiLo.txt": 1,
    "GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "HandActionTests__AllInHandWithShowdown.txt": 1,
    "Limits__EuroTable.txt": 1,
    "PlayerTests__OmahaHiLoShowdown.txt": 1,
}


def _hands(relative: str):
    return [PARSER.parse(h) for _, h in PARSER.split(read_text(corpus_file(relative)))]


@pytest.mark.parametrize("path", corpus_files("Entraction"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    pieces = list(PARSER.split(text))
    assert len(pieces) == HANDS_PER_FILE[path.name]
    for _, piece in pieces:
        assert PARSER.parse(piece).reconciles()


def test_plo5_hand_values():
    (hand,) = _hands("Entraction/Omaha5/PLO5-EUR-0.10-0.20-201208.txt")
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("2695932189", Game.OMAHA5, Limit.POT, "EUR")
    assert hand.start_time_utc == "2012-08-06T23:36:56Z" and hand.hand_date == "2012-08-06"
    assert hand.boards == [["Kc", "2s", "2d", "8d", "5d"]]
    assert hand.seat(4).cards == ["Qs", "7d", "8c", "9s", "5h"]
    assert hand.seat(3).cards == ["Kh", "9h", "As", "6s", "Qh"] and hand.seat(3).mucked
    assert hand.seat(6).showed and not hand.seat(2).dealt_in
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 0, 3: 150, 4: 10, 6: 150}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (6, 295, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.fees, hand.button_seat) == (15, 0, 3)


def test_hilo_split_and_uncalled_payback():
    (split,) = _hands("Entraction/OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt")
    assert split.game == Game.OMAHA_HILO and split.limit == Limit.FIXED
    assert split.boards == [["4s", "6c", "5s", "8s", "2s"]]
    assert split.seat(1).cards == ["Js", "5c", "6h", "6s"] and split.seat(2).cards == ["7d", "3h", "4d", "9c"]
    assert [s.contributed for s in split.seats] == [70000, 70000]
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in split.payouts] == [
        (1, 69925, None, Half.UNLABELLED, PayoutSource.POT), (2, 69925, None, Half.UNLABELLED, PayoutSource.POT)]
    assert (split.rake, split.small_blind, split.big_blind) == (150, 5000, 10000)
    (allin,) = _hands("Entraction/OmahaHiLo/HandActionTests__AllInHandWithShowdown.txt")
    assert [(p.seat, p.amount, p.source) for p in allin.payouts] == [
        (2, 120976, PayoutSource.UNCALLED), (2, 589850, PayoutSource.POT)]
    assert [a.amount for a in allin.actions if a.kind == ActionKind.UNCALLED_RETURN] == [120976]
    assert [s.contributed for s in allin.seats] == [295000, 295000] and allin.seat(1).all_in


def test_header_stakes_contradicting_blinds_are_noted():
    (hand,) = _hands("Entraction/OmahaHiLo/Limits__EuroTable.txt")
    assert ("blinds posted (5000/10000) differ from what the header's stakes (200/400, fixed) imply (100/200)"
            in hand.notes)


def test_truncated_and_bad_amount():
    text = read_text(corpus_file("Entraction/OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt"))
    cut = text[: text.index("Rake:")]
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(cut)
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == "hand 2646515987 has no 'Rake:' line: cut off after 'YoOyYo wins:                EUR 699.25'"
    garbage = text.replace("EUR 699.25", "EUR 6x9.25", 1)
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(garbage)
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == "hand 2646515987: not an amount: '6x9.25'"


_OUT_OF_TURN = """Game # 4100200300 - Omaha High Pot Limit EUR 0.25/0.50 - Table "Quarry Lane"

Players(max 6):
Hollis                      (EUR 60.00 in seat 1)
Maribel                     (EUR 25.00 in seat 3)
Teodor                      (EUR 40.00 in seat 5)

Dealer:                     Teodor  
Small Blind:                Hollis      (0.25)
Big Blind:                  Maribel     (0.50)
Blind out of turn:          Teodor      (0.50)

Hollis   was dealt:         Kd - Kc - 7h - 4s

Teodor                      Raise       (1.00)
Hollis                      Call        (1.25)
Maribel                     Fold        

Flop                        9c - 3d - Kh

Hollis                      Bet         (2.00)
Teodor                      Fold        

Hollis                      Payback     (2.00)
Hollis   wins:             EUR 3.40
Rake:                       EUR 0.10

Game ended 2011-09-14 21:05:12 CEST
"""


def test_blind_out_of_turn_is_a_live_blind():
    hand = PARSER.parse(_OUT_OF_TURN)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions[:3]] == [
        (1, ActionKind.POST_SMALL_BLIND, 25), (3, ActionKind.POST_BIG_BLIND, 50), (5, ActionKind.POST_BLIND, 50)]
    # Teodor's raise to 1.50 counts the blind; Hollis's 1.25 call tops the small blind up to it
    assert {s.seat: s.contributed for s in hand.seats} == {1: 150, 3: 50, 5: 150}
    assert (hand.small_blind, hand.big_blind, hand.rake) == (25, 50, 10)
    # the name is padded before 'was dealt:' and 'wins:' as well
    assert hand.seat(1).cards == ["Kd", "Kc", "7h", "4s"]
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 200, PayoutSource.UNCALLED), (1, 340, PayoutSource.POT)]
    assert hand.reconciles()


def test_complete_hand_that_pays_no_one_is_read_for_the_audit():
    unpaid = _OUT_OF_TURN.replace("Hollis   wins:             EUR 3.40\n", "")
    hand = PARSER.parse(unpaid)
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(1, 200, PayoutSource.UNCALLED)]
    assert (hand.pot_total, hand.rake) == (350, 10) and not hand.reconciles()
    assert "no 'wins:' line: the platform paid no one" in hand.notes
    # cut off before its Rake line, a hand is truncated
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(unpaid[: unpaid.index("Rake:")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == "hand 4100200300 has no 'Rake:' line: cut off after 'Hollis                      Payback     (2.00)'"


_BOTH_BLINDS_SPLIT = """Game # 4100200411 - Omaha High Pot Limit EUR 0.25/0.50 - Table "Quarry Lane"

Players(max 6):
Hollis                      (EUR 60.00 in seat 1)
Maribel                     (EUR 25.00 in seat 3)
Teodor                      (EUR 40.00 in seat 5)

Dealer:                     Teodor
Small Blind:                Hollis      (0.25)
Big Blind:                  Maribel     (0.50)
Small + Big Blind:          Teodor      (0.75)

hollis was dealt:           Ah - Kh - 2c - 3d

Teodor                      Check
Hollis                      Call        (0.25)
Maribel                     Check

Flop                        Qs - Js - Td

Hollis                      Check
Maribel                     Check
Teodor                      Check

Turn                        Qs - Js - Td - 4c

Hollis                      Check
Maribel                     Check
Teodor                      Check

River                       Qs - Js - Td - 4c - 9h

Hollis                      Check
Maribel                     Check
Teodor                      Check

Hollis shows:               Ah - Kh - 2c - 3d (a straight, Ace high)

Teodor shows:               As - Kd - 5c - 6c (a straight, Ace high)

Maribel didn't show hand

Hollis wins:                EUR 0.85 split pot (with a straight, Ace high)
Teodor wins:                EUR 0.85 split pot (with a straight, Ace high)
Rake:                       EUR 0.05

Game ended 2011-09-14 21:09:40 CEST
"""


def test_both_blinds_posted_at_once_split_pot_lines_and_a_lower_case_dealt_name():
    hand = PARSER.parse(_BOTH_BLINDS_SPLIT)
    # of the 0.75 posted at once, the big blind is live (Teodor checks) and the small blind dead
    assert [(a.seat, a.kind, a.amount) for a in hand.actions[:4]] == [
        (1, ActionKind.POST_SMALL_BLIND, 25), (3, ActionKind.POST_BIG_BLIND, 50),
        (5, ActionKind.POST_BLIND, 50), (5, ActionKind.POST_DEAD, 25)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 50, 3: 50, 5: 75}
    assert hand.seat(1).cards == ["Ah", "Kh", "2c", "3d"]
    assert [(p.seat, p.amount) for p in hand.payouts if p.source == PayoutSource.POT] == [(1, 85), (5, 85)]
    assert (hand.pot_total, hand.rake) == (175, 5) and hand.reconciles()


# --- the engine's reading (version 3): each hook of parsers/entraction.py on a hand written for it ---

_ANTES_AND_ALL_INS = """Game # 4100200520 - Hold'em No Limit EUR 0.10/0.20 - Table "Wexford"

Players(max 6):
Ansel                       (EUR 5.00 in seat 2)
Brigid Ann                  (EUR 1.00 in seat 4)
Corvin                      (EUR 8.00 in seat 6)

Dealer:                     Corvin
Ante:                       Ansel       (0.05)
Ante:                       Brigid Ann  (0.05)
Ante:                       Corvin      (0.04)
Small Blind:                Ansel       (0.10)
Big Blind:                  Brigid Ann  (0.20)
Dead Blind:                 Corvin      (0.10)

Corvin                      Call        (0.20)
Ansel                       Check
Ansel                       Call        (0.10)
Brigid Ann                  Check

Flop                        2c - 7d - Jh

Ansel                       All-In      (0.50)
Brigid Ann                  All-In      (0.75)
Corvin                      All-In      (0.75)
Ansel                       Fold
Corvin                      Payback     (0.00)

Turn                        2c - 7d - Jh - 4s
River                       2c - 7d - Jh - 4s - 9d

Brigid Ann shows:           Ah - Jd (a pair of Jacks)
Corvin didn't show hand

Brigid Ann wins:            EUR 2.54
Rake:                       EUR 0.10
Rake:                       EUR 0.10

Game ended 2011-10-02 20:00:00 CEST
"""


def test_antes_dead_blinds_and_all_ins_each_read_as_they_add():
    hand = PARSER.parse(_ANTES_AND_ALL_INS)
    # All-In adds its amount: a bet when nobody has bet, a raise over it, a call when it does not top it
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.street == Street.FLOP] == [
        (2, ActionKind.BET, 50, True), (4, ActionKind.RAISE, 75, True), (6, ActionKind.CALL, 75, True),
        (2, ActionKind.FOLD, None, False), (6, ActionKind.UNCALLED_RETURN, 0, False)]
    assert [a.kind for a in hand.actions[:6]] == [ActionKind.POST_ANTE] * 3 + [
        ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_DEAD]
    # each Ante line restates the ante and the last stands; a second Rake line restates the rake
    assert (hand.ante, hand.rake, hand.small_blind, hand.big_blind) == (4, 10, 10, 20)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 75, 4: 100, 6: 109}
    assert hand.seat(6).mucked and hand.seat(4).showed and hand.seat(4).cards == ["Ah", "Jd"]
    assert hand.start_time_utc == "2011-10-02T18:00:00Z" and hand.max_seats == 6


def test_a_payback_before_any_other_action_is_on_the_pre_flop_betting():
    text = _OUT_OF_TURN.replace("Teodor                      Raise", "Hollis                      Payback     (0.00)\n"
                                "Teodor                      Raise", 1)
    payback = PARSER.parse(text).actions[3]
    assert (payback.street, payback.kind, payback.amount) == (Street.PREFLOP, ActionKind.UNCALLED_RETURN, 0)


def test_a_seat_line_after_the_seats_seats_a_player_until_the_first_action():
    late = _OUT_OF_TURN.replace("Teodor                      (EUR 40.00 in seat 5)\n", "").replace(
        "Dealer:                     Teodor  \n", "Dealer:                     Maribel\n"
        "Teodor                      (EUR 40.00 in seat 5)\n")
    assert (PARSER.parse(late).seat(5).stack, PARSER.parse(late).button_seat) == (4000, 3)
    after_action = late.replace("Teodor                      (EUR 40.00 in seat 5)\n", "").replace(
        "Big Blind:                  Maribel     (0.50)\n", "Big Blind:                  Maribel     (0.50)\n"
        "Teodor                      (EUR 40.00 in seat 5)\n")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(after_action)
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.PARSE_ERROR, "line not understood: 'Teodor                      (EUR 40.00 in seat 5)'")


@pytest.mark.parametrize("old, new, reason, message", [
    ("Maribel                     Fold        ", "Maribel                     Fold (0.50)",
     QuarantineReason.PARSE_ERROR, "Fold with an amount: 'Maribel                     Fold (0.50)'"),
    ("Hollis                      Call        (1.25)", "Hollis                      Call",
     QuarantineReason.PARSE_ERROR, "Call without an amount: 'Hollis                      Call'"),
    ("Blind out of turn:          Teodor      (0.50)", "Blind out of turn:          Teodor",
     QuarantineReason.PARSE_ERROR, "blind without an amount: 'Blind out of turn:          Teodor'"),
    ("Dealer:                     Teodor  ", "Dealer:                     Theo",
     QuarantineReason.INCONSISTENT, "'Theo' is not seated: 'Dealer:                     Theo'"),
    ("Flop                        9c - 3d - Kh", "Flop                        9c - 3d - Kh\nTurn     9c - 3h - Kh - 2s",
     QuarantineReason.INCONSISTENT, "board changes between streets: 'Turn     9c - 3h - Kh - 2s'"),
    ("Hollis   was dealt:         Kd - Kc - 7h - 4s", "Hollis   was dealt:         Kd - Kc - 7h - [4s]",
     QuarantineReason.BAD_CARDS, "not a card: '[4s]'"),
    ('Game # 4100200300 - Omaha High Pot Limit', 'Game # 4100200300 - Omaha Higher Pot Limit',
     QuarantineReason.UNSUPPORTED_GAME, "game 'Omaha Higher' not known"),
    ('Game # 4100200300 - Omaha High Pot Limit EUR', 'Game # 4100200300 - Omaha High Pot Limit EURO',
     QuarantineReason.PARSE_ERROR,
     "not an Entraction header: 'Game # 4100200300 - Omaha High Pot Limit EURO 0.25/0.50 - Table \"Quarry Lane\"'"),
])
def test_lines_that_cannot_be_read_fail_the_hand_with_the_old_wording(old, new, reason, message):
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_OUT_OF_TURN.replace(old, new, 1))
    assert (exc.value.reason, exc.value.message) == (reason, message)


def test_a_hand_cut_off_before_its_seats_or_after_a_blank_line_is_truncated_quoting_its_last_line():
    for text, last in ((_OUT_OF_TURN[: _OUT_OF_TURN.index("Hollis ")], "Players(max 6):"),
                       (_OUT_OF_TURN[: _OUT_OF_TURN.index("Rake:")] + "   ", ""),
                       (_OUT_OF_TURN[: _OUT_OF_TURN.index("Rake:")] + "\n", "")):
        with pytest.raises(HandParseError) as exc:
            PARSER.parse(text)
        assert (exc.value.reason, exc.value.message) == (
            QuarantineReason.TRUNCATED, f"hand 4100200300 has no 'Rake:' line: cut off after {last!r}")


def test_a_hand_cut_off_in_its_last_line_after_a_name_is_truncated():
    cut = _OUT_OF_TURN[: _OUT_OF_TURN.index("Hollis                      Call")] + "Hollis       "
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(cut)
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.TRUNCATED, "hand 4100200300 is cut off in its last line, after a name: 'Hollis'")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_OUT_OF_TURN.replace("Maribel                     Fold        ", "Maribel        "))
    assert (exc.value.reason, exc.value.message) == (QuarantineReason.PARSE_ERROR, "line not understood: 'Maribel'")


# Everyone folds to Teodor before the flop; Wendell, listed, never posts or acts (he sat
# the hand out). Counted as still in, he made the pot look contested.
_FOLDED_TO_WITH_AN_IDLE_SEAT = """Game # 4100200777 - Omaha High Pot Limit EUR 0.25/0.50 - Table "Quarry Lane"

Players(max 6):
Hollis                      (EUR 60.00 in seat 1)
Maribel                     (EUR 25.00 in seat 3)
Teodor                      (EUR 40.00 in seat 5)
Wendell                     (EUR 12.00 in seat 6)

Dealer:                     Teodor
Small Blind:                Hollis      (0.25)
Big Blind:                  Maribel     (0.50)

Hollis   was dealt:         Kd - Kc - 7h - 4s

Teodor                      Raise       (1.50)
Hollis                      Fold        
Maribel                     Fold        
Teodor                      Payback     (1.00)

Teodor didn't show hand

Teodor wins:                EUR 1.25
Rake:                       EUR 0.00

Game ended 2011-09-14 21:09:40 CEST
"""


def test_a_seat_that_never_acts_before_any_board_sat_the_hand_out():
    hand = PARSER.parse(_FOLDED_TO_WITH_AN_IDLE_SEAT)
    assert [(s.seat, s.dealt_in, s.folded_street) for s in hand.seats] == [
        (1, True, Street.PREFLOP), (3, True, Street.PREFLOP), (5, True, None), (6, False, None)]
    assert "seat 6 (Wendell) never acts: read as not dealt in" in hand.notes
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 3: 50, 5: 50, 6: 0}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (5, 100, PayoutSource.UNCALLED), (5, 125, PayoutSource.POT)]
    assert hand.reconciles()


# --- tournament hands (version 6): chips, no currency, no rake line, the id in the table's name ---

_STT = """Game # 5100300400 - Texas Hold'em No Limit 50/100 - Table "€5+0.50 Turbo Sit & Go 30405060 1"

Players(max 6):
Oriel                       (1,480.00 in seat 1)
Pascoe                      (1,520.00 in seat 2)
Quenby                      (1,500.00 in seat 4)

Dealer:                     Oriel
Small Blind:                Pascoe   (50.00)
Big Blind:                  Quenby   (100.00)

Oriel was dealt:         Ts - Tc

Oriel                       Raise       (300.00)
Pascoe                      Fold
Quenby                      Call        (200.00)

Flop                        2h - 9d - Kc

Quenby                      Check
Oriel                       Bet         (400.00)
Quenby                      Fold
Oriel                       Payback     (400.00)

Oriel didn't show hand

Oriel wins:              650.00

Game ended 2013-02-11 20:14:05 CET
"""


def test_a_sit_and_go_hand_is_a_tournament_in_chips_without_rake():
    assert PARSER.sniff(_STT) and detect(_STT) is PARSER
    hand = PARSER.parse(_STT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.is_play_money, hand.amount_scale) == (
        True, "30405060", None, False, 1)
    assert hand.table_name == "€5+0.50 Turbo Sit & Go 30405060 1"
    assert (hand.small_blind, hand.big_blind, hand.ante) == (50, 100, None)
    assert {s.seat: (s.stack, s.contributed) for s in hand.seats} == {1: (1480, 300), 2: (1520, 50), 4: (1500, 300)}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 400, PayoutSource.UNCALLED), (1, 650, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source) == (0, RakeSource.INFERRED) and hand.reconciles()
    assert "tournament pots are not raked: rake 0 (no 'Rake:' line in a tournament hand)" in hand.notes
    assert hand.start_time_utc == "2013-02-11T19:14:05Z" and hand.seat(1).cards == ["Ts", "Tc"]


def test_a_tournament_hand_cut_before_game_ended_or_holding_a_fraction_of_a_chip_is_quarantined():
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_STT[: _STT.index("Game ended")])
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.TRUNCATED, "hand 5100300400 has no 'Game ended' line: cut off after ''")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_STT[: _STT.index("\nOriel wins:")])
    assert exc.value.message == "hand 5100300400 has no 'Game ended' line: cut off after \"Oriel didn't show hand\""
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_STT.replace("650.00", "650.50"))
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.BAD_AMOUNT, "hand 5100300400: '650.50' has more decimals than the minor unit allows (scale 1)")


def test_a_header_without_a_currency_or_tournament_numbers_is_still_play_money():
    play = _OUT_OF_TURN.replace("Pot Limit EUR 0.25/0.50", "Pot Limit 0.25/0.50")
    hand = PARSER.parse(play)
    assert (hand.is_tournament, hand.is_play_money, hand.tournament_id, hand.amount_scale, hand.rake) == (
        False, True, None, 100, 10)
    assert "no currency in the header: read as play money" in hand.notes
    # a cash table's name ending in two numbers is no tournament: it has a currency
    cash = PARSER.parse(_OUT_OF_TURN.replace('"Quarry Lane"', '"Quarry Lane 12 3"'))
    assert (cash.is_tournament, cash.tournament_id, cash.currency) == (False, None, "EUR")


_MTT_ANTES = """Game # 5100300555 - Texas Hold'em No Limit 100/200 and 25 ante - Table "Weekend €2,500 #4 30405999 7"

Players(max 9):
Ravenna                     (8,400.00 in seat 1)
Sorley                      (2,110.00 in seat 3)
Tamsin Lee                  (5,975.00 in seat 6)
Ulric                       (12,300.00 in seat 8)

Dealer:                     Ravenna

Ravenna                     Ante        (25.00)
Sorley                      Ante        (25.00)
Tamsin Lee                  Ante        (25.00)
Ulric                       Ante        (25.00)

Small Blind:                Sorley   (100.00)
Big Blind:                  Tamsin Lee  (200.00)

Ulric                       Call        (200.00)
Ravenna                     Fold
Sorley                      Call        (100.00)
Tamsin Lee                  Check

Flop                        5s - 5d - Jh

Sorley                      Check
Tamsin Lee                  Bet         (400.00)
Ulric                       Call        (400.00)
Sorley                      Fold

Turn                        5s - 5d - Jh - 8c

Tamsin Lee                  Check
Ulric                       Check

River                       5s - 5d - Jh - 8c - Ad

Tamsin Lee                  Check
Ulric                       Check

Tamsin Lee shows:           Jc - Qd (two pairs, Jacks and Fives)
Ulric didn't show hand

Tamsin Lee wins:            1,500.00

Game ended 2013-03-02 22:41:19 CET
"""


def test_a_tournament_hand_with_antes_adds_up_with_them():
    hand = PARSER.parse(_MTT_ANTES)
    assert (hand.is_tournament, hand.tournament_id, hand.table_name) == (
        True, "30405999", "Weekend €2,500 #4 30405999 7")
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.max_seats, hand.button_seat) == (100, 200, 25, 9, 1)
    antes = [(a.seat, a.street, a.amount) for a in hand.actions if a.kind == ActionKind.POST_ANTE]
    assert antes == [(1, Street.PREDEAL, 25), (3, Street.PREDEAL, 25), (6, Street.PREDEAL, 25), (8, Street.PREDEAL, 25)]
    # four antes of 25, three seats' 200 before the flop and two 400 bets on it: the 1,500.00 paid
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 3: 225, 6: 625, 8: 625}
    assert hand.pot_total == 1500 and hand.rake == 0 and hand.reconciles()
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(6, 1500, PayoutSource.POT)]
    assert hand.seat(6).showed and hand.seat(8).mucked and hand.seat(1).folded_street == Street.PREFLOP
    assert not [n for n in hand.notes if "ante" in n]


def test_an_ante_other_than_the_headers_is_noted_unless_it_is_the_whole_stack():
    short = PARSER.parse(_MTT_ANTES.replace("Sorley                      Ante        (25.00)",
                                            "Sorley                      Ante        (20.00)"))
    assert short.ante == 25 and "seat 3 (Sorley) posts an ante of 20, the header's ante is 25" in short.notes
    all_in = PARSER.parse(_MTT_ANTES.replace("(2,110.00 in seat 3)", "(20.00 in seat 3)").replace(
        "Sorley                      Ante        (25.00)", "Sorley                      Ante        (20.00)"))
    assert not [n for n in all_in.notes if "posts an ante" in n]
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_MTT_ANTES.replace("Ulric                       Ante        (25.00)",
                                        "Ulric                       Ante"))
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.PARSE_ERROR, "Ante without an amount: 'Ulric                       Ante'")


# Sorley (850) is all in for less: the main pot of 3 x 850 is his, the side pot of
# 2 x 2,150 between the other two is Ulric's.
_SIDE_POT = """Game # 5100300777 - Texas Hold'em No Limit 200/400 and 50 ante - Table "Weekend €2,500 #4 30405999 7"

Players(max 9):
Ravenna                     (3,000.00 in seat 1)
Sorley                      (850.00 in seat 3)
Ulric                       (9,000.00 in seat 8)

Dealer:                     Ulric

Ravenna                     Ante        (50.00)
Sorley                      Ante        (50.00)
Ulric                       Ante        (50.00)

Small Blind:                Ravenna  (200.00)
Big Blind:                  Sorley   (400.00)

Ulric                       Raise       (1,200.00)
Ravenna                     All-In      (2,750.00)
Sorley                      All-In      (400.00)
Ulric                       Call        (1,750.00)

Flop                        7c - 2d - 9s
Turn                        7c - 2d - 9s - 4h
River                       7c - 2d - 9s - 4h - Ts

Ravenna shows:              Qs - Jh (high card, Queen)
Sorley shows:               Ah - Ad (a pair of Aces)
Ulric shows:                Kc - Kd (a pair of Kings)

Sorley wins:                2,550.00
Ulric wins:                 4,300.00

Game ended 2013-03-02 23:02:47 CET
"""


def test_an_all_in_for_less_splits_a_side_pot_the_audit_settles(tmp_path: Path):
    hand = PARSER.parse(_SIDE_POT)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 3000, 3: 850, 8: 3000}
    assert hand.seat(1).all_in and hand.seat(3).all_in and not hand.seat(8).all_in
    assert [(p.seat, p.amount, p.pot, p.source) for p in hand.payouts] == [
        (3, 2550, None, PayoutSource.POT), (8, 4300, None, PayoutSource.POT)]
    assert (hand.pot_total, hand.rake, hand.ante) == (6850, 0, 50) and hand.reconciles()
    e = _explained(tmp_path, _SIDE_POT, "entraction:5100300777")
    assert (e["verdict"], e["reason"], e["findings"]) == ("clean", None, [])
    assert [(p["amount"], p["rake"], sorted(p["contenders"])) for p in e["pots"]] == [
        (2550, 0, ["1", "3", "8"]), (4300, 0, ["1", "8"])]
    assert e["expected"] == {"1": 0, "3": 2550, "8": 4300}
    # the side pot paid to the short stack as well: the audit reports it
    wrong = _SIDE_POT.replace("Ulric wins:                 4,300.00", "Sorley wins:                4,300.00")
    e = _explained(tmp_path / "wrong", wrong, "entraction:5100300777")
    assert e["verdict"] == "findings"
    assert sorted((f["kind"], f["seat"], f["recorded"], f["expected"]) for f in e["findings"]) == [
        ("wrong_winner", 3, 6850, 2550), ("wrong_winner", 8, 0, 4300)]


def _explained(tmp_path: Path, text: str, key: str) -> dict:
    from audit.explanation import explain_hand
    from audit.ingest import ingest

    tmp_path.mkdir(exist_ok=True)
    history = tmp_path / "hands.txt"
    history.write_text(text, encoding="utf-8")
    ingest([history], tmp_path / "lake")
    return explain_hand(tmp_path / "lake", key)


def test_with_no_ante_in_the_header_the_ante_lines_give_it():
    hand = PARSER.parse(_MTT_ANTES.replace(" and 25 ante", ""))
    assert hand.ante == 25 and not [n for n in hand.notes if "ante" in n]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 3: 225, 6: 625, 8: 625} and hand.reconciles()
