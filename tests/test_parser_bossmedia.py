"""Boss Media XML parser: every corpus file, exact values of real hands, malformed input."""

from __future__ import annotations

import pytest

from audit.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason
from parsers.base import HandParseError
from parsers.bossmedia import PARSER, link_card
from tests.corpus import corpus_file, corpus_files, read_text

HANDS_PER_FILE = {
    "PLO-EUR-0.05-0.10-Date-unknown.Sample.txt": 1,
    "PLO-EUR-0.05-0.10-Date-unknown.Sample.txt.hp": 0,  # FPDB sidecar: not a hand history
    "GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "HandActionTests__OmahaHiLo.txt": 1,
    "LO8-EUR-0.05-0.10-201207.xml": 1,
    "PLO8-CAD-0.05-0.10-201703.dead.small.txt": 1,
}


def _hand(relative: str):
    (piece,) = [h for _, h in PARSER.split(read_text(corpus_file(relative)))]
    return PARSER.parse(piece)


@pytest.mark.parametrize("path", corpus_files("BossMedia"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    expected = HANDS_PER_FILE[path.name]
    assert PARSER.sniff(text[:8192]) is (expected > 0)
    if not expected:
        return
    pieces = list(PARSER.split(text))
    assert len(pieces) == expected
    for _, piece in pieces:
        assert PARSER.parse(piece).reconciles()


def test_card_links():
    assert [link_card(x) for x in ("0", "12", "13", "25", "26", "38", "39", "51", "b")] == [
        "Ad", "Kd", "Ac", "Kc", "Ah", "Kh", "As", "Ks", None]


def test_dead_small_blinds_and_unprinted_uncalled_bet():
    hand = _hand("BossMedia/OmahaHiLo/PLO8-CAD-0.05-0.10-201703.dead.small.txt")
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("230993221", Game.OMAHA_HILO, Limit.POT, "CAD")
    assert hand.start_time_utc == "2017-03-19T03:59:13Z" and hand.button_seat == 6
    assert hand.boards == [["Kc", "Ah", "3h", "6s"]]
    assert hand.seat(3).cards == ["5c", "3d", "4s", "Jd"] and hand.seat(7).cards == ["6h", "Kh", "Kd", "5h"]
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {4: 70, 5: 15, 7: 65, 8: 10, 9: 65}
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.POST_DEAD] == [(4, 5), (5, 5)]
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(7, 112)]
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (7, 214, 0, None, Half.HIGH, PayoutSource.POT)]
    assert (hand.rake, hand.fees, hand.pots_printed, hand.pots_printed_net) == (11, 0, [214], True)


def test_call_to_and_shown_cards_in_older_files():
    hand = _hand("BossMedia/OmahaHiLo/LO8-EUR-0.05-0.10-201207.xml")
    assert hand.boards == [["Ks", "Kd", "Ac", "Kh", "Tc"]]
    assert hand.seat(1).cards == ["2h", "Ad", "Jd", "8s"] and hand.seat(1).showed
    assert hand.seat(3).cards == ["5s", "4h", "As", "5d"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 35, 2: 10, 3: 35, 4: 0, 5: 0}
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(3, 76, Half.HIGH)]
    assert hand.rake == 4
    scoop = _hand("BossMedia/OmahaHiLo/GameTypeTests__PotLimitOmahaHiLo.txt")
    assert [(p.seat, p.amount, p.half) for p in scoop.payouts] == [(4, 10508, Half.WHOLE)]
    assert scoop.seat(4).cards == ["Ac", "7c", "5c", "Kd"] and scoop.rake == 269


def test_truncated_and_bad_amount():
    text = read_text(corpus_file("BossMedia/OmahaHiLo/LO8-EUR-0.05-0.10-201207.xml"))
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text[: text.index("<SHOWDOWN")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == "<HISTORY> element without its </HISTORY>: hand cut off"
    assert exc.value.hand_id == "2907049023"
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace('WIN="0.76"', 'WIN="0.7x"'))
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == "hand 2907049023: not an amount: '0.7x'"
