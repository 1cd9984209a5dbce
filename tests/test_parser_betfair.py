"""Betfair parser: the corpus file (one hand: every value), malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason, RakeSource
from rules.records import HandParseError
from parsers.betfair import PARSER
from tests.corpus import corpus_file, corpus_files, read_text

FILE = "Betfair/Omaha/PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt"
HANDS_PER_FILE = {"PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt": 1}


@pytest.mark.parametrize("path", corpus_files("Betfair"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    pieces = list(PARSER.split(text))
    assert len(pieces) == HANDS_PER_FILE[path.name]
    for _, piece in pieces:
        assert PARSER.parse(piece).reconciles()


def test_side_pot_hand_values():
    (piece,) = [h for _, h in PARSER.split(read_text(corpus_file(FILE)))]
    hand = PARSER.parse(piece)
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("100000000", Game.OMAHA, Limit.POT, "USD")
    assert hand.start_time_utc == "2009-10-18T20:00:00Z" and hand.button_seat == 2 and hand.max_seats == 6
    assert hand.boards == [["4d", "5d", "6d", "3s", "4c"]]
    assert hand.seat(1).cards == ["7c", "6c", "5h", "Jh"] and hand.seat(4).cards == ["7d", "8c", "3d", "6h"]
    assert hand.seat(6).cards == ["3h", "4h", "Td", "4s"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 100, 2: 100, 3: 100, 4: 413, 5: 0, 6: 413}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 1] == [
        (1, ActionKind.POST_BLIND, 10), (1, ActionKind.CHECK, None), (1, ActionKind.RAISE, 90), (1, ActionKind.SHOW, None)]
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (4, 626, 1, None, Half.WHOLE, PayoutSource.POT), (4, 444, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.fees) == (None, RakeSource.ABSENT, 0)
    assert "56 of the 1126 put in is paid to no seat (rake, not printed)" in hand.notes


def test_truncated_and_bad_amount():
    text = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text[: text.index("************  Game")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == ("hand 100000000 has no 'Game 100000000 ends' line: cut off after "
                                 "'Player4 wins $4.44 from main pot with a straight flush, Seven to Three'")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace("calls [$0.90]", "calls [$0.9z]"))
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == "hand 100000000: not an amount: '0.9z'"
