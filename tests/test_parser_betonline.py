"""BetOnline parser: the corpus file, its exact values, bad input."""

from __future__ import annotations

import pytest

from audit.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import HandParseError
from parsers.betonline import PARSER
from tests.corpus import corpus_file, corpus_files, read_text
from tests.parser_harness import parse_corpus_file

EXPECTED_HANDS = {"NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt": 1}
# 3.97 put in, 2.49 paid + 0.22 rake: the file does not print the payment of the 1.26 pot
NOT_RECONCILED = {"1606125823"}
FILE = "BetOnline/Holdem/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt"


@pytest.mark.parametrize("path", corpus_files("BetOnline"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    for hand in parse_corpus_file(PARSER, path, EXPECTED_HANDS):
        assert hand.reconciles() != (hand.hand_id in NOT_RECONCILED), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format) == (Platform.BETONLINE, Format.BETONLINE)


def test_three_way_all_in_exact_values():
    hand = PARSER.parse(read_text(corpus_file(FILE)))
    assert (hand.hand_id, hand.game, hand.limit, hand.amount_scale, hand.currency) == (
        "1606125823", Game.HOLDEM, Limit.NO, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.max_seats, hand.table_name) == (1, 2, 4, 10, "24")
    assert (hand.start_time_utc, hand.hand_date) == ("2016-05-04T14:36:39Z", "2016-05-04")
    assert hand.boards == [["5d", "Ad", "4h", "5c", "9s"]]
    assert hand.seat(0).cards == ["7h", "Tc"] and hand.seat(2).cards == ["5s", "4s"] and hand.seat(9).cards == ["Qh", "Ac"]
    assert not hand.seat(8).dealt_in and hand.seat(9).all_in and hand.seat(6).folded_street == Street.FLOP
    assert {s.seat: s.contributed for s in hand.seats} == {
        0: 0, 1: 0, 2: 152, 3: 0, 4: 0, 5: 4, 6: 4, 7: 85, 8: 0, 9: 152}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (2, 249, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.total_pot_printed) == (22, RakeSource.PRINTED, 249)
    assert hand.notes == [
        "history does not add up: seats put in 397, pay lines pay 249 with rake 22 (missing 126); "
        "a 'Total pot' line before the summary prints exactly 126: that pot's payment is not printed"
    ]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE] == [(7, ActionKind.RAISE, 4), (9, ActionKind.RAISE, 148)]


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
