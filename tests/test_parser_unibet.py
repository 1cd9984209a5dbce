"""Unibet parser: the corpus file, its exact values, bad input."""

from __future__ import annotations

import pytest

from audit.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import HandParseError
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
