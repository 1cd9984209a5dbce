"""The Chico network's 2012 dialect (ActionPoker.com, Gear Poker): test hands written anew
in its format, exact values, bad input."""

from __future__ import annotations

import pytest

from parsers.chico_2012 import PARSER
from parsers.registry import detect
from rules.records import HandParseError
from rules.vocab import ActionKind, Format, Game, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street


def _hand(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# Real money to a showdown: 20.00 put in, 19.00 paid, 1.00 rake. The winner shows its best
# five (both its hole cards among them), the loser its hole cards; the summary names the
# street after each fold.
SHOWDOWN = _hand(
    "ActionPoker.com Game #1013000101: Hold'em - 2012-05-02 21:40:12",
    "Table Cobalt Reef (Real Money) Seat #3 is the button",
    "Seat 0: Maple (50.00 in Chips)",
    "Seat 1: Birch (42.10 in Chips)",
    "Seat 3: Cedar (61.35 in Chips)",
    "Seat 4: Alder (38.00 in Chips)",
    "Seat 5: Spruce (10.00 in Chips)",
    "Seat 6: Rowan (20.00 in Chips)",
    "Alder: Posts small blind 0.50.",
    "Rowan: Posts big blind 1.00.",
    "*** HOLE CARDS ***",
    "Dealt To Maple [3S 8D]",
    "Maple: Calls 1.00.",
    "Birch: Calls 1.00.",
    "Cedar: Folds.",
    "Alder: Calls 0.50.",
    "Rowan: Checks.",
    "*** FLOP *** [KD 7S 2C]",
    "Alder: Checks.",
    "Rowan: Bets 3.00.",
    "Maple: Folds.",
    "Birch: Calls 3.00.",
    "Alder: Folds.",
    "*** TURN *** [KD 7S 2C] [9D]",
    "Rowan: Bets 5.00.",
    "Birch: Calls 5.00.",
    "*** RIVER *** [KD 7S 2C 9D] [4H]",
    "Rowan: Checks.",
    "Birch: Checks.",
    "*** SUMMARY ***",
    "Total Pot 19.00 | Rake 1.00",
    "Seat 0: Maple Folded on the Turn",
    "Seat 1: Birch showed [9H 9C 9D KD 7S ] and won (19.00)",
    "Seat 3: Cedar (Button)  Folded before Flop",
    "Seat 4: Alder (Small Blind)  Folded on the Turn",
    "Seat 5: Spruce Is Sitting Out",
    "Seat 6: Rowan (Big Blind)  showed [KC QH ] and lost.",
)

# Play money; the flop bet nobody calls comes back unprinted; two seats printed on one
# summary line with no word of what they did (both folded before the flop).
UNCALLED = _hand(
    "Gear Poker Game #1015000202: Hold'em - 2012-04-20 08:05:44",
    "Table 4100021-7 (Play Money) Seat #2 is the button",
    "Seat 0: Quill (1500.00 in Chips)",
    "Seat 1: Heron (800.00 in Chips)",
    "Seat 2: Otter (1200.00 in Chips)",
    "Seat 3: Wren (950.00 in Chips)",
    "Seat 4: Finch (1000.00 in Chips)",
    "Wren: Posts small blind 25.00.",
    "Finch: Posts big blind 50.00.",
    "*** HOLE CARDS ***",
    "Dealt To Heron [QD JD]",
    "Quill: Folds.",
    "Heron: Calls 50.00.",
    "Otter: Folds.",
    "Wren: Folds.",
    "Finch: Checks.",
    "*** FLOP *** [QS 8H 2D]",
    "Finch: Checks.",
    "Heron: Bets 75.00.",
    "Finch: Folds.",
    "*** SUMMARY ***",
    "Total Pot 125.00 | Rake 0.00",
    "Seat 0: Quill Folded before Flop",
    "Seat 1: Heron collected (125.00) from the Pot.",
    "Seat 2: Otter (Button) Seat 3: Wren (Small Blind) ",
    "Seat 4: Finch (Big Blind)  Folded on the Turn",
)

# All in before the flop: no board is printed, the winner (not the viewer) shows five cards.
NO_BOARD = _hand(
    "Gear Poker Game #1015000305: Hold'em - 2012-04-20 08:09:02",
    "Table 4100021-7 (Play Money) Seat #3 is the button",
    "Seat 0: Quill (1500.00 in Chips)",
    "Seat 1: Heron (875.00 in Chips)",
    "Seat 3: Wren (925.00 in Chips)",
    "Seat 4: Finch (950.00 in Chips)",
    "Finch: Posts small blind 25.00.",
    "Quill: Posts big blind 50.00.",
    "*** HOLE CARDS ***",
    "Dealt To Wren [7C 2H]",
    "Heron: Raises 875.00 and is All In.",
    "Wren: Folds.",
    "Finch: Folds.",
    "Quill: Calls 825.00.",
    "*** SUMMARY ***",
    "Total Pot 1775.00 | Rake 0.00",
    "Seat 0: Quill (Big Blind)  showed [6S 6H ] and lost.",
    "Seat 1: Heron showed [AH AC KS KD 5C ] and won (1775.00)",
    "Seat 3: Wren (Button)  Folded before Flop",
    "Seat 4: Finch (Small Blind)  Folded before Flop",
)


def _fails(text: str) -> tuple[QuarantineReason, str]:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    return err.value.reason, err.value.message


def test_files_are_detected_and_split():
    text = SHOWDOWN + "\n\n" + UNCALLED + "\n" + NO_BOARD
    assert detect(text[:8192]) is PARSER and PARSER.sniff(UNCALLED)
    assert [PARSER.parse(t).hand_id for _, t in PARSER.split(text)] == ["1013000101", "1015000202", "1015000305"]
    # BetOnline's own dialect is not this one
    assert not PARSER.sniff("BetOnline Poker Game #1073058326: Hold'em No Limit ($0.25/0.50) - 2012/09/03 10:00:00 EDT")


def test_real_money_showdown_with_rake_exact_values():
    hand = PARSER.parse(SHOWDOWN)
    assert (hand.hand_id, hand.platform, hand.format, hand.game, hand.limit) == (
        "1013000101", Platform.BETONLINE, Format.CHICO_2012, Game.HOLDEM, None)
    assert (hand.is_play_money, hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind) == (
        False, "USD", 100, 50, 100)
    assert (hand.table_name, hand.button_seat, hand.max_seats) == ("Cobalt Reef", 4, None)
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == ("2012-05-02 21:40:12", None, "2012-05-02")
    assert hand.boards == [["Kd", "7s", "2c", "9d", "4h"]]
    # printed seats 0-6 are seats 1-7
    assert [(s.seat, s.player, s.contributed, s.cards, s.dealt_in, s.folded_street) for s in hand.seats] == [
        (1, "Maple", 100, ["3s", "8d"], True, Street.FLOP),  # "Folded on the Turn" in the summary
        (2, "Birch", 900, ["9h", "9c"], True, None),  # its best five less the board
        (4, "Cedar", 0, [], True, Street.PREFLOP),
        (5, "Alder", 100, [], True, Street.FLOP),
        (6, "Spruce", 0, [], False, None),
        (7, "Rowan", 900, ["Kc", "Qh"], True, None),
    ]
    assert [(p.seat, p.amount, p.pot, p.half, p.source, p.line) for p in hand.payouts] == [
        (2, 1900, None, Half.WHOLE, PayoutSource.POT, "Seat 1: Birch showed [9H 9C 9D KD 7S ] and won (19.00)")]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (100, RakeSource.PRINTED, 1900)
    assert hand.reconciles()
    assert hand.notes == ["skin: ActionPoker.com (Chico network, recorded as betonline)",
                          "no stakes in the header: the blinds are the posted ones"]


def test_a_winner_whose_best_five_holds_one_hole_card_has_the_other_unknown():
    hand = PARSER.parse(SHOWDOWN.replace("[9H 9C 9D KD 7S ] and won", "[9H 9D KD 7S 4H ] and won"))
    assert hand.seat(2).cards == ["9h", None] and hand.seat(2).showed
    assert hand.notes[-1] == ("seat 2 won showing its best five cards 9h 9d Kd 7s 4h: "
                              "1 of its hole cards not among them, not known")
    assert _fails(SHOWDOWN.replace("[9H 9C 9D KD 7S ] and won", "[9H 9C 8C KD 7S ] and won")) == (
        QuarantineReason.INCONSISTENT, "hand 1013000101: summary line 33: 'Seat 1: Birch showed [9H 9C 8C KD 7S ] "
        "and won (19.00)' is not a best five of the board Kd 7s 2c 9d 4h")


def test_play_money_and_an_unprinted_uncalled_bet():
    hand = PARSER.parse(UNCALLED)
    assert (hand.is_play_money, hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind) == (
        True, None, 100, 2500, 5000)
    assert (hand.table_name, hand.button_seat) == ("4100021-7", 3)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 0, 2: 5000, 3: 0, 4: 2500, 5: 5000}
    assert [(a.seat, a.kind, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (2, ActionKind.UNCALLED_RETURN, 7500, Street.FLOP)]
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(2, 12500, PayoutSource.POT)]
    assert (hand.rake, hand.total_pot_printed) == (0, 12500) and hand.reconciles()
    assert hand.notes[1:] == ["no stakes in the header: the blinds are the posted ones",
                              "uncalled bet not printed: 7500 returned to seat 2 (what no other seat matched)"]
    assert hand.notes[0] == "skin: Gear Poker (Chico network, recorded as betonline)"


def test_seats_printed_without_status_must_have_folded():
    silent = SHOWDOWN.replace("Seat 6: Rowan (Big Blind)  showed [KC QH ] and lost.", "Seat 6: Rowan (Big Blind) ")
    assert _fails(silent) == (
        QuarantineReason.PARSE_ERROR,
        "hand 1013000101: summary line 37: 'Seat 6: Rowan (Big Blind) ' says nothing of seat #6, which did not fold")


def test_all_in_before_the_flop_prints_no_board_and_the_winners_hole_cards_are_unknown():
    hand = PARSER.parse(NO_BOARD)
    assert hand.boards == []
    assert {s.seat: (s.contributed, s.cards, s.all_in) for s in hand.seats} == {
        1: (87500, ["6s", "6h"], False), 2: (87500, [None, None], True), 4: (0, ["7c", "2h"], False),
        5: (2500, [], False)}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE] == [
        (2, ActionKind.RAISE, 87500)]
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 177500)] and hand.reconciles()
    assert hand.notes[-1] == ("seat 2 won showing its best five cards Ah Ac Ks Kd 5c, but no board is printed: "
                              "its hole cards are not known")


def test_a_raise_by_a_seat_with_chips_in_is_read_only_when_all_in():
    # the big blind (0.50 in) raises all in: only "adds 1450.00" spends its 1500.00
    all_in = PARSER.parse(NO_BOARD.replace("Quill: Calls 825.00.", "Quill: Raises 1450.00 and is All In."))
    assert all_in.seat(1).contributed == 87500  # 150000 put in, the 62500 Heron could not match returned
    assert [(a.seat, a.amount) for a in all_in.actions if a.kind in (ActionKind.RAISE, ActionKind.UNCALLED_RETURN)] == [
        (2, 87500), (1, 145000), (1, 62500)]
    assert _fails(UNCALLED.replace("Finch: Checks.\n*** FLOP", "Finch: Raises 150.00.\nHeron: Folds.\n*** FLOP")) == (
        QuarantineReason.PARSE_ERROR,
        "hand 1015000202: line 16: 'Finch: Raises 150.00.' raises with 50.00 already in on the street: "
        "whether the amount is what it adds or its total is not known")


def test_unknown_lines_fail_the_hand_naming_them():
    assert _fails(UNCALLED.replace("Quill: Folds.", "Quill: Mucks.")) == (
        QuarantineReason.PARSE_ERROR, "hand 1015000202: unexpected line 12: 'Quill: Mucks.'")
    assert _fails(UNCALLED.replace("Seat 0: Quill Folded before Flop", "Seat 0: Quill mucked [2C 3C]")) == (
        QuarantineReason.PARSE_ERROR, "hand 1015000202: unexpected summary line 23: 'Seat 0: Quill mucked [2C 3C]'")
    assert _fails(UNCALLED.replace("Dealt To Heron", "Dealt To Nobody")) == (
        QuarantineReason.PARSE_ERROR,
        "hand 1015000202: cards dealt to an unseated player, line 11: 'Dealt To Nobody [QD JD]'")
    assert _fails(UNCALLED.replace("Seat 1: Heron collected", "Seat 1: Otter collected")) == (
        QuarantineReason.INCONSISTENT, "hand 1015000202: summary line 24 names 'Otter' at seat #1, not its seat: "
        "'Seat 1: Otter collected (125.00) from the Pot.'")


def test_header_truncation_and_games_not_seen():
    assert _fails(UNCALLED.replace("Hold'em - ", "Omaha - ")) == (
        QuarantineReason.UNSUPPORTED_GAME, "hand 1015000202: unknown game 'Omaha'")
    assert _fails(UNCALLED.replace(" (Play Money)", "")) == (
        QuarantineReason.PARSE_ERROR,
        "not a Chico 2012 header and table line: \"Gear Poker Game #1015000202: Hold'em - 2012-04-20 08:05:44\"")
    assert _fails(UNCALLED[: UNCALLED.index("*** SUMMARY ***")]) == (
        QuarantineReason.TRUNCATED, "hand 1015000202: hand cut off before *** SUMMARY ***")
