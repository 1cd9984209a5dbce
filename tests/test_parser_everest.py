"""Everest parser: the corpus file (one hand: every value), the session header, malformed input."""

from __future__ import annotations

import pytest

from audit.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason
from parsers.base import HandParseError
from parsers.everest import PARSER
from tests.corpus import corpus_file, corpus_files, read_text

FILE = "Everest/Omaha/PLO-EUR-5-10-Unknown-Sample.txt"
HANDS_PER_FILE = {"PLO-EUR-5-10-Unknown-Sample.txt": 1}  # .hp/.hands/.gt: FPDB sidecars, not claimed


@pytest.mark.parametrize("path", corpus_files("Everest"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    expected = HANDS_PER_FILE.get(path.name, 0)
    assert PARSER.sniff(text[:8192]) is (expected > 0)
    if not expected:
        return
    pieces = list(PARSER.split(text))
    assert len(pieces) == expected
    for offset, piece in pieces:
        assert text[offset:offset + len(piece)] == piece
        assert PARSER.parse(piece).reconciles()


def test_hand_values():
    (piece,) = [h for _, h in PARSER.split(read_text(corpus_file(FILE)))]
    hand = PARSER.parse(piece)
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("6351562000", Game.OMAHA, Limit.POT, "EUR")
    assert (hand.start_time_utc, hand.button_seat, hand.table_name) == ("2010-11-30T22:25:32Z", 0, "Toulouse-2")
    assert (hand.small_blind, hand.big_blind) == (500, 1000)
    assert hand.boards == [["6s", "8c", "Jh", "6h", "4c"]]
    assert hand.seat(0).cards == ["8h", "2c", "Qc", "Ah"] and hand.seat(4).cards == [None] * 4
    assert {s.seat: s.contributed for s in hand.seats} == {0: 9000, 4: 9000}
    assert hand.seat(0).folded_street is not None
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(4, 18000)]
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (4, 18000, None, None, Half.WHOLE, PayoutSource.UNCALLED), (4, 17750, 0, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.fees, hand.fee_detail) == (150, 100, {"tax": 100})


def test_second_hand_gets_the_session_from_split():
    text = read_text(corpus_file(FILE))
    body = text[text.index("<HAND"):]
    pieces = list(PARSER.split(text + body.replace('id="6351562000"', 'id="6351562001"')))
    assert [PARSER.parse(p).hand_id for _, p in pieces] == ["6351562000", "6351562001"]
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(str(pieces[1][1]))
    assert exc.value.reason == QuarantineReason.PARSE_ERROR
    assert exc.value.message == "no <SESSION> header reached this hand: game, limit and currency unknown"


def test_truncated_and_bad_amount():
    text = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text[: text.index("</HAND>")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == "<HAND> element without its </HAND>: hand cut off"
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace('amount="17750"', 'amount="177.50"'))
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == ("amount='177.50' is not whole cents in "
                                 "<WIN {'position': '4', 'amount': '177.50', 'pot': '0', 'potAmount': '17750'}>")
