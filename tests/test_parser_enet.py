"""Enet parser: the corpus file (one broken side-pot hand: every value), malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import Game, Half, Limit, PayoutSource, QuarantineReason
from rules.records import HandParseError
from parsers.enet import PARSER
from tests.corpus import corpus_file, corpus_files, read_text

FILE = "Enet/Omaha/PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt"
HANDS_PER_FILE = {"PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt": 1}
# The platform's own history does not add up (the file is FPDB's "side pot failure"):
# it pays 56,64 + rake 1,39 of the 140,53 put in. The hand's notes must say so exactly.
NOT_RECONCILING = {
    "7732419": "history does not add up: paid 5664 + rake 139 = 5803, but 14053 was put in (8250 unaccounted for)",
}


@pytest.mark.parametrize("path", corpus_files("Enet"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    pieces = list(PARSER.split(text))
    assert len(pieces) == HANDS_PER_FILE[path.name]
    for _, piece in pieces:
        hand = PARSER.parse(piece)
        if hand.hand_id in NOT_RECONCILING:
            assert not hand.reconciles() and NOT_RECONCILING[hand.hand_id] in hand.notes
        else:
            assert hand.reconciles()


def test_side_pot_failure_values():
    (piece,) = [h for _, h in PARSER.split(read_text(corpus_file(FILE)))]
    hand = PARSER.parse(piece)
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("7732419", Game.OMAHA, Limit.POT, "EUR")
    assert (hand.hand_date, hand.start_time_utc, hand.button_seat, hand.max_seats) == ("2012-07-29", None, 1, 9)
    assert (hand.small_blind, hand.big_blind) == (25, 50)
    assert hand.boards == [["Td", "4h", "7d", "2d", "Kc"]]
    assert hand.seat(1).cards == ["5c", "Jc", "5h", "Js"] and hand.seat(2).cards == ["4d", "Qs", "Qh", "3h"]
    assert hand.seat(5).cards == ["Kh", "3s", "Th", "Ks"]
    assert {s.seat: s.contributed for s in hand.seats} == {
        1: 1800, 2: 5814, 3: 25, 4: 50, 5: 5814, 6: 275, 7: 275, 8: 0, 9: 0}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (5, 5664, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.fees, hand.total_pot_printed) == (139, 0, 275)
    assert "the summary marks seat 2 as dealer; the header says seat #1 is the button" in hand.notes
    assert "in-hand Rake: lines [361, -222] include a negative adjustment" in hand.notes


def test_truncated_and_bad_amount():
    text = read_text(corpus_file(FILE))
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text[: text.index("*** SUMMARY")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == ("hand 7732419 has no *** SUMMARY ***: cut off after "
                                 "'Player2: collected (€56,64) from pot'")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace("calls €12,25", "calls €12,2x"))
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == "hand 7732419: not an amount: '12,2x'"


MUCKED = """Game #7801122: Omaha (€0,25/€0,50) - 21:05:10 2.8.2012 - %6
Table 'Lisbon 2 - Pot Limit' 6-max Seat #3 is the button
Seat 1: Anselm (€40 in chips)
Seat 3: Brisa (€62,10 in chips)
Seat 5: Corvo (€55,75 in chips)
Corvo: posts small blind €0,25
Anselm: posts big blind €0,50
*** HOLECARDS ***
Brisa: calls €0,50
Corvo: calls €0,25
Anselm: checks
Rake: €0,08
*** FLOP *** [Ts3h7c]
Corvo: bets €1
Anselm: folds
Brisa: calls €1
Rake: €0,10
*** TURN *** [Ts3h7c2d]
Corvo: checks
Brisa: checks
*** RIVER *** [Ts3h7c2dKs]
Corvo: checks
Brisa: checks
Brisa: mucked
*** SHOWDOWN ***
Brisa: mucks hand
Corvo: shows [KhKd4c5s] (Three of a kind, Kings)
Corvo: collected (€3,32) from pot
*** SUMMARY ***
Total pot €0 | Rake €0,18
Board [Ts3h7c2dKs]
Seat 1: Anselm (big blind) folded
Seat 3: Brisa (dealer) mucked
Seat 5: Corvo (small blind) showed [KhKd4c5s] and won (€3,32) with Three of a kind, Kings
"""


def test_a_seat_that_mucked_before_the_showdown_line_concedes():
    # 2012: 'Brisa: mucked' on the river, then 'Brisa: mucks hand' at the showdown
    hand = PARSER.parse(MUCKED)
    assert hand.seat(3).mucked and not hand.seat(3).showed
    assert {s.seat: s.contributed for s in hand.seats} == {1: 50, 3: 150, 5: 150}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(5, 332, PayoutSource.POT)]
    assert (hand.rake, hand.reconciles()) == (18, True)


# A returning seat's posts printed without amounts, and the pay line without its colon that
# restates the uncalled return (the pot is paid only in the summary).
UNPRICED_POSTS = """Game #8800412: Hold'em (€0,05/€0,10) - 18:40:02 9.10.2012 - %6
Table 'Orvieto 3 - No Limit' 6-max Seat #2 is the button
Seat 1: Tamsin (€9,40 in chips)
Seat 2: Oriel (€3,15 in chips)
Seat 3: Hero (€11,02 in chips)
Seat 5: Vasco (€6,70 in chips)
Hero: posts small blind €0,05
Vasco: posts big blind €0,10
Tamsin: posts big blind
Oriel: posts small blind
*** HOLECARDS ***
Tamsin: folds
Oriel: folds
Hero: raises €0,35
Vasco: folds
Uncalled bet (€0,30) returned to Hero
Hero collected (€0,30) from pot
Hero: mucked
*** SUMMARY ***
Total pot €0,30 | Rake €0
Board []
Seat 1: Tamsin  folded
Seat 2: Oriel (dealer) folded
Seat 3: Hero (small blind) collected (€0,30) from pot
Seat 5: Vasco (big blind) folded
"""


def test_posts_without_amounts_are_quarantined_saying_what_the_total_leaves():
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(UNPRICED_POSTS)
    # put in: 0,05 + 0,10 + Hero's 0,35 less 0,30 returned = 0,20 of the 0,30 the summary states
    assert (exc.value.reason, exc.value.message) == (QuarantineReason.BAD_AMOUNT, (
        "hand 8800412: 2 post(s) print no amount ('Tamsin: posts big blind', 'Oriel: posts small blind'); "
        "the summary's Total pot 0,30 with Rake 0,00 leaves 0,10 for them, where their blinds make 0,15: "
        "what was put in is not known"))


def test_a_pay_line_without_its_colon_restates_the_return_and_pays_nothing():
    text = UNPRICED_POSTS.replace("Tamsin: posts big blind\nOriel: posts small blind\n", "")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text)
    assert (exc.value.reason, exc.value.message) == (QuarantineReason.INCONSISTENT, (
        "hand 8800412: no line pays the pot: 'Hero collected (€0,30) from pot' restates the uncalled bet just "
        "returned, and the pot is paid only in the summary"))
    # with the pot's own pay line the hand reads; the restated return moves no money
    paid = PARSER.parse(text.replace("Hero: mucked\n", "Hero: collected (€0,20) from pot\nHero: mucked\n"))
    assert [(p.seat, p.amount, p.source) for p in paid.payouts] == [
        (3, 30, PayoutSource.UNCALLED), (3, 20, PayoutSource.POT)]
    assert {s.seat: s.contributed for s in paid.seats} == {1: 0, 2: 0, 3: 10, 5: 10} and paid.reconciles()
    # anywhere but right after the return it restates, the line is not known
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace("Hero collected (€0,30)", "Hero collected (€0,25)"))
    assert (exc.value.reason, exc.value.message) == (
        QuarantineReason.PARSE_ERROR, "line not understood: 'Hero collected (€0,25) from pot'")
