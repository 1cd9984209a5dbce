"""Entraction parser: every corpus file, exact values of real hands, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason
from rules.records import HandParseError
from parsers.entraction import PARSER
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
