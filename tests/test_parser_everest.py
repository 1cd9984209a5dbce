"""Everest parser: the corpus file (one hand: every value), the session header, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason
from rules.records import HandParseError
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
    assert (hand.start_time_utc, hand.button_seat, hand.table_name) == ("2010-11-30T22:25:32Z", 1, "Toulouse-2")
    assert (hand.small_blind, hand.big_blind) == (500, 1000)
    assert hand.boards == [["6s", "8c", "Jh", "6h", "4c"]]
    # positions 0 and 4 are seats 1 and 5
    assert hand.seat(1).cards == ["8h", "2c", "Qc", "Ah"] and hand.seat(5).cards == [None] * 4
    assert {s.seat: s.contributed for s in hand.seats} == {1: 9000, 5: 9000}
    assert hand.seat(1).folded_street is not None
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(5, 18000)]
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (5, 18000, None, None, Half.WHOLE, PayoutSource.UNCALLED), (5, 17750, 0, None, Half.WHOLE, PayoutSource.POT)]
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


# Every element and attribute the parser knows, in a hand of its own.
CRAFTED = """<SESSION time="1300000000" tableName="Lyon-4" id="2001.7.1" type="ring" money="$" screenName="Corbeau" game="hold-em" gametype="no-limit"/>
<HAND time="1300000100" id="7100000001" index="3" blinds="1 $/2 $" stakes="2 $/2 $">
<SEAT position="1" name="Corbeau" balance="20000"/>
<SEAT position="3" name="Pie" balance="15000"/>
<DEALER position="1"/>
<BLIND position="1" amount="100" penalty="0"/>
<BLIND position="3" amount="200" penalty="0"/>
<HOLE position="1">Ah</HOLE>
<HOLE position="1">Kd</HOLE>
<HOLE position="3">-</HOLE>
<HOLE position="3">-</HOLE>
<BET position="1" amount="500"/>
<BET position="3" amount="400" allin="0"/>
<COMMUNITY>7c, 8d, 2s</COMMUNITY>
<SWEEP rake="60" tax="0">1140</SWEEP>
<BET position="3" amount="0"/>
<BET position="1" amount="800"/>
<FOLD position="3"/>
<PUSH position="1" amount="800"/>
<XSHOW position="1"/>
<WIN position="1" amount="1140" pot="0" potAmount="1140"/>
</HAND>
"""


def test_known_elements_and_attributes_are_read():
    hand = PARSER.parse(CRAFTED)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 600, 4: 600}
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (2, 800, PayoutSource.UNCALLED), (2, 1140, PayoutSource.POT)]
    assert (hand.rake, hand.fees) == (60, 0) and hand.reconciles()


@pytest.mark.parametrize(("old", "new", "message"), [
    ('<XSHOW position="1"/>', '<XSHOW position="1"/>\n<BONUS position="1" amount="500"/>',
     'element <BONUS position="1" amount="500"/> not known inside <HAND>'),
    ('pot="0" potAmount="1140"/>', 'pot="0" potAmount="1140" jackpot="300"/>',
     "attribute jackpot='300' of <WIN> not known: "
     '<WIN position="1" amount="1140" pot="0" potAmount="1140" jackpot="300"/>'),
    ('<FOLD position="3"/>', '<FOLD position="3"><PUSH position="3" amount="50"/></FOLD>',
     'element <PUSH position="3" amount="50"/> not known inside <FOLD>'),
    ('<HAND time=', '<HAND jackpot="1" time=',
     "attribute jackpot='1' of <HAND> not known: "
     '<HAND jackpot="1" time="1300000100" id="7100000001" index="3" blinds="1 $/2 $" stakes="2 $/2 $"/>'),
    ('<FOLD position="3"/>', '<FOLD position="3"><HAND/></FOLD>', "element <HAND/> not known inside <FOLD>"),
    ('<XSHOW position="1"/>', '<XSHOW position="1">Ah, Kd</XSHOW>',
     "<XSHOW> with cards not read: <XSHOW position=\"1\"/> 'Ah, Kd'"),
])
def test_unknown_elements_and_attributes_fail_the_hand(old, new, message):
    # Attributes and nested elements used to be passed over unread.
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(CRAFTED.replace(old, new))
    assert (exc.value.reason, exc.value.message, exc.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "7100000001")


def test_every_element_the_allow_list_passes_has_a_reader():
    from parsers.everest import _ELEMENTS, _READERS

    assert set(_ELEMENTS) - {"HAND"} == set(_ELEMENTS["HAND"][1]) == set(_READERS)


def test_position_zero_chat_and_a_seat_that_does_not_post_its_blind():
    # position 0 is a seat like any other (seat 1); <XBLIND> sits a seat out; <CHAT> is words
    text = CRAFTED.replace('<SEAT position="3" name="Pie" balance="15000"/>',
                           '<SEAT position="3" name="Pie" balance="15000"/>\n'
                           '<SEAT position="0" name="Geai" balance="9000"/>\n<SEAT position="5" name="Merle" balance="4000"/>')
    text = text.replace('<HOLE position="1">Ah</HOLE>', '<XBLIND position="5"/>\n<HOLE position="1">Ah</HOLE>')
    text = text.replace('<BET position="1" amount="500"/>', '<FOLD position="0"/>\n'
                        '<CHAT time="1300000101" name="Geai">bonne chance</CHAT>\n<BET position="1" amount="500"/>')
    hand = PARSER.parse(text)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 600, 4: 600, 1: 0, 6: 0}
    assert not hand.seat(6).dealt_in and hand.seat(1).dealt_in
    assert "seat 6 did not post its blind (<XBLIND>): not dealt in" in hand.notes
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (2, 800, PayoutSource.UNCALLED), (2, 1140, PayoutSource.POT)]
    assert hand.reconciles()
