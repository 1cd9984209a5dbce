"""Merge/Carbon XML parser: every corpus file, exact values on real hands, bad input."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.merge_xml import PARSER
from parsers.registry import detect
from tests.corpus import corpus_file, corpus_files, read_text

# Hands per file; None: not a hand-history file (FPDB expected-output sidecars).
EXPECTED_HANDS = {
    "Badugi-HPL-USD-0.50-0.50-201104.Sample.txt": 1,
    "Badugi-PL-USD-0.05-0.10-201101.Sample.txt": 1,
    "NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt": 1,
    "NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt.hp": None,
    "LO8-9max-USD-1.00-2.00-201112.post.both.txt": 1,
    "PLO8-USD-0.25-0.50-201111.txt": 1,
    "PLO8-USD-SNG-2-2012.Sample.xml": 1,
    "PLO8-USD-SNG-2-2012.Sample.xml.gt": None,
    "PLO8-USD-SNG-2-2012.Sample.xml.hands": None,
    "PLO8-USD-SNG-2-2012.Sample.xml.hp": None,
    "Razz-USD-0.50-1.00-201111.allIn.txt": 1,
    "7-StudHL-USD-0.25-0.50-201111.txt": 1,
    "7-StudHL-USD-0.25-0.50-201307.no.null.xml": 1,
    "HORSE-8max-USD-0.25-0.50-201409.new.format.txt": 3,
    "NL7-StudHL-0.01-0.02-0.10-201204.xml": 1,
}


def _hands(relative: str) -> dict[str, object]:
    text = read_text(corpus_file(relative))
    return {h.hand_id: h for h in (PARSER.parse(t) for _, t in PARSER.split(text))}


@pytest.mark.parametrize("path", corpus_files("Merge"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    assert path.name in EXPECTED_HANDS, f"new corpus file {path.name}: add its hand count"
    text = read_text(path)
    expected = EXPECTED_HANDS[path.name]
    if expected is None:
        assert not PARSER.sniff(text[:8192])
        return
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == expected
    for offset, hand_text in chunks:
        assert text[offset : offset + len(hand_text)] == hand_text
        hand = PARSER.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert hand.platform == Platform.MERGE and hand.format == Format.MERGE_XML


def test_horse_stud8_odd_chip_split_to_one_seat():
    hand = _hands("Merge/StudHiLo/HORSE-8max-USD-0.25-0.50-201409.new.format.txt")["78854953-355"]
    assert (hand.game, hand.limit, hand.amount_scale, hand.currency) == (Game.STUD_HILO, Limit.FIXED, 100, "USD")
    assert hand.button_seat is None and hand.ante == 2 and hand.bring_in == 5
    assert hand.start_time_utc == "2014-09-11T06:44:41Z" and hand.hand_date == "2014-09-11"
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2, 2: 157, 3: 2, 7: 157, 8: 157}
    winner = hand.seat(8)
    assert winner.cards == ["Qh", "3s", "2c", "4s", "5d", "6c", "5s"] and winner.showed
    assert winner.upcards == ["2c", "4s", "5d", "6c"]
    assert hand.seat(2).mucked and hand.seat(2).cards == ["8c", "Ad", "Qd", "Tc", "8s", "Ah", "6d"]
    assert hand.seat(1).cards == ["9d", "2s", "Ks"] and hand.seat(1).folded_street == Street.THIRD
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (8, 230, 0, None, Half.HIGH, PayoutSource.POT),
        (8, 229, 0, None, Half.LOW, PayoutSource.POT),
    ]
    assert hand.payouts[0].line == (
        '<winner amount="2.30" uncalled="false" potnumber="1" player="7" pottype="h" hand="Six High Straight" />'
    )
    assert (hand.rake, hand.rake_source, hand.fees) == (16, RakeSource.INFERRED, 0)


def test_horse_split_between_two_seats_and_uncalled_line():
    hands = _hands("Merge/StudHiLo/HORSE-8max-USD-0.25-0.50-201409.new.format.txt")
    split = hands["78854953-357"]
    assert [(p.seat, p.amount, p.pot, p.half) for p in split.payouts] == [(3, 210, 0, Half.HIGH), (1, 209, 0, Half.LOW)]
    assert split.seat(1).cards == ["5c", "7s", "6h", "Jd", "Ad", "4d", "9c"]
    assert split.seat(3).cards == ["2d", "Qs", "Qh", "4c", "4h", "5s", "Jh"]
    assert split.pot_total == 435 and split.rake == 16
    folded = hands["78854953-356"]
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in folded.payouts] == [
        (2, 24, 0, Half.WHOLE, PayoutSource.POT),
        (2, 25, None, Half.WHOLE, PayoutSource.UNCALLED),
    ]
    assert folded.seat(2).contributed == 7 and folded.rake == 1
    returned = [a for a in folded.actions if a.kind == ActionKind.UNCALLED_RETURN]
    assert [(a.seat, a.amount, a.street) for a in returned] == [(2, 25, Street.FOURTH)]


def test_holdem_2008_raise_adds_and_uncalled_return():
    hand = _hands("Merge/Holdem/NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt")["15245216-1000"]
    assert (hand.game, hand.limit, hand.button_seat, hand.small_blind, hand.big_blind) == (Game.HOLDEM, Limit.NO, 9, 25, 50)
    assert hand.boards == [["5h", "3c", "Kd", "3d", "Ks"]]
    assert {s.seat: s.contributed for s in hand.seats if s.contributed} == {1: 25, 2: 2867, 5: 2867, 8: 100}
    assert hand.seat(2).cards == ["Ad", "3s"] and hand.seat(5).cards == ["Qd", "Qs"] and hand.seat(5).all_in
    assert hand.seat(3).cards == ["Ah", "8s"] and not hand.seat(7).dealt_in
    raises = [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE]
    assert raises == [(5, 100), (2, 500)]
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts] == [
        (2, 5567, 0, Half.WHOLE, PayoutSource.POT),
        (2, 183, None, Half.WHOLE, PayoutSource.UNCALLED),
    ]
    assert (hand.rake, hand.rake_source) == (292, RakeSource.INFERRED)
    assert "rake not printed: inferred as put in 5859 minus paid 5567" in hand.notes


def test_omaha8_tournament_and_post_both_blind():
    sng = _hands("Merge/OmahaHiLo/PLO8-USD-SNG-2-2012.Sample.xml")["46634335-1"]
    assert (sng.is_tournament, sng.amount_scale, sng.currency, sng.tournament_id) == (True, 1, None, "46630882")
    assert (sng.game, sng.limit, sng.max_seats) == (Game.OMAHA_HILO, Limit.POT, 9)
    assert [s.stack for s in sng.seats] == [1500] * 9  # balances are printed after the blinds
    assert {s.seat: s.contributed for s in sng.seats if s.contributed} == {1: 1500, 2: 1500, 3: 110, 6: 20, 8: 110}
    assert sng.seat(1).cards == ["Ac", "2h", "6h", "Ks"] and sng.seat(4).cards == ["Js", "8d", "9s", "8s"]
    assert [(p.seat, p.amount, p.pot, p.half) for p in sng.payouts] == [(2, 3240, 0, Half.WHOLE)]
    assert (sng.rake, sng.rake_source) == (0, RakeSource.INFERRED)
    lo8 = _hands("Merge/OmahaHiLo/LO8-9max-USD-1.00-2.00-201112.post.both.txt")["45547825-416"]
    posts = [(a.seat, a.kind, a.amount) for a in lo8.actions if a.street == Street.PREDEAL]
    assert posts == [
        (8, ActionKind.POST_SMALL_BLIND, 50),
        (1, ActionKind.POST_BIG_BLIND, 100),
        (2, ActionKind.POST_BLIND, 100),
        (2, ActionKind.POST_DEAD, 50),
    ]
    assert {s.seat: s.contributed for s in lo8.seats} == {1: 200, 2: 350, 8: 50}
    assert lo8.rake == 25
    assert any("exceeds every other seat's by 150" in n for n in lo8.notes)


def test_badugi_draws():
    hand = _hands("Merge/Badugi/Badugi-PL-USD-0.05-0.10-201101.Sample.txt")["31274465-32"]
    assert (hand.game, hand.limit) == (Game.BADUGI, Limit.POT)
    draws = [(a.seat, a.street, a.kind, a.cards_changed) for a in hand.actions if a.cards_changed is not None]
    assert draws[:2] == [(5, Street.DRAW1, ActionKind.DISCARD, 2), (4, Street.DRAW1, ActionKind.DISCARD, 2)]
    assert hand.seat(5).cards == ["Ah", "7d", "2s", "Kc"]
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(5, 97, Half.WHOLE)]
    assert hand.rake == 3
    assert Game.BADUGI == _hands("Merge/Badugi/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt")["33227759-34"].game


def test_start_time_is_eastern_standard_all_year():
    """In cash hands the first event's epoch timestamp lies within two minutes of the start.

    (A tournament's first hand carries the tournament's scheduled start, on the hour.)
    """
    checked = 0
    for path in corpus_files("Merge"):
        if EXPECTED_HANDS.get(path.name) is None:
            continue
        for _, hand_text in PARSER.split(read_text(path)):
            stamp = re.search(r'timestamp="(\d+)"', hand_text)
            if not stamp:
                continue
            hand = PARSER.parse(hand_text)
            if hand.is_tournament:
                continue
            start = datetime.strptime(hand.start_time_utc, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
            event = datetime.fromtimestamp(int(stamp.group(1)) / 1000, tz=timezone.utc)
            assert abs((event - start).total_seconds()) < 120, hand.hand_id
            checked += 1
    assert checked == 11


def test_split_spans_are_exact_and_the_description_opens_the_first():
    text = '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1-1" starttime="20111115223628">x</game>\n\n<game id="1-2">y</game>\n'
    assert list(PARSER.split(text)) == [
        (0, '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1-1" starttime="20111115223628">x</game>\n\n'),
        (103, '<game id="1-2">y</game>\n'),
    ]


def test_hands_after_the_first_take_the_file_description_as_context():
    hands = _hands("Merge/StudHiLo/HORSE-8max-USD-0.25-0.50-201409.new.format.txt")
    assert [(h.game, h.limit) for h in hands.values()] == [
        (Game.STUD_HILO, Limit.FIXED), (Game.STUD_HILO, Limit.FIXED), (Game.STUD_HILO, Limit.FIXED)]
    assert not any("no <description>" in n for n in hands["78854953-356"].notes)


def test_a_game_with_no_description_at_all_still_parses_from_its_code():
    text = read_text(corpus_file("Merge/StudHiLo/HORSE-8max-USD-0.25-0.50-201409.new.format.txt"))
    game = text[text.index("<game", text.index("<game") + 1):]
    hand = PARSER.parse(game[: game.index("</game>") + len("</game>")])
    assert (hand.game, hand.limit) == (Game.STUD_HILO, None)
    assert hand.notes[0] == (
        "no <description> in this hand's text (only the file's first hand carries it): "
        "game from its numeric code, limit unknown")


GAME = """<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>
<game id="9-1" starttime="20110908010704" numholecards="4" gametype="35" realmoney="true" data="20110908|Aral (9)|9|9-1|false">
<players dealer="1">
<player seat="0" nickname="A" balance="$12.00" dealtin="true" />
<player seat="1" nickname="B" balance="$9.83" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
<event sequence="1" type="SMALL_BLIND" player="1" amount="AMOUNT"/>
<event sequence="2" type="BIG_BLIND" player="0" amount="0.25"/>
</round>
<round id="PREFLOP" sequence="2">
<event sequence="3" type="FOLD" player="1"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="3">
<winner amount="0.35" uncalled="false" potnumber="1" player="0" pottype="n"/>
</round>
</game>
"""


def test_malformed_hands():
    assert PARSER.parse(GAME.replace("AMOUNT", "0.10")).payouts[0].amount == 35
    with pytest.raises(HandParseError) as bad:
        PARSER.parse(GAME.replace("AMOUNT", "0.1x"))
    assert (bad.value.reason, bad.value.message, bad.value.hand_id) == (
        QuarantineReason.BAD_AMOUNT, "not an amount: '0.1x'", "9-1")
    with pytest.raises(HandParseError) as cut:
        PARSER.parse(GAME.replace("AMOUNT", "0.10")[:-30])
    assert (cut.value.reason, cut.value.message, cut.value.hand_id) == (
        QuarantineReason.TRUNCATED, "the <game> element has no closing </game> tag", "9-1")
    with pytest.raises(HandParseError) as unknown:
        PARSER.parse(GAME.replace("AMOUNT", "0.10").replace('"FOLD"', '"SURRENDER" amount="0.05"'))
    assert unknown.value.reason == QuarantineReason.PARSE_ERROR
    assert unknown.value.message == "unknown event type 'SURRENDER': <event sequence=\"3\" type=\"SURRENDER\" amount=\"0.05\" player=\"1\"/>"
    with pytest.raises(HandParseError) as entity:
        PARSER.parse(GAME.replace("AMOUNT", "0.10").replace('nickname="A"', 'nickname="&x;"'))
    assert (entity.value.reason, entity.value.message) == (
        QuarantineReason.PARSE_ERROR, "malformed XML: undefined entity: line 3, column 0")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('type="FOLD" player="1"/>', 'type="FOLD" player="1"/>\n<event sequence="4" type="FORFEIT" player="1"/>',
     "unknown event type 'FORFEIT': <event sequence=\"4\" type=\"FORFEIT\" player=\"1\"/>"),
    ('type="FOLD" player="1"/>', 'type="FOLD" player="1"/>\n<event sequence="4" type="LEAVE" player="1" amount="0.10"/>',
     "LEAVE event with an amount: <event sequence=\"4\" type=\"LEAVE\" player=\"1\" amount=\"0.10\"/>"),
    ('pottype="n"/>', 'pottype="n" rake="0.02"/>',
     "attribute rake='0.02' of <winner> not known: "
     "<winner amount=\"0.35\" uncalled=\"false\" potnumber=\"1\" player=\"0\" pottype=\"n\" rake=\"0.02\"/>"),
    ("</players>", "</players>\n<jackpot amount=\"1.00\" player=\"0\"/>",
     "element <jackpot amount=\"1.00\" player=\"0\"/> not known inside <game>"),
])
def test_unknown_events_elements_and_attributes_fail_the_hand(old, new, message):
    # An unknown event without an amount, and elements or attributes outside the rounds'
    # events, used to be passed over.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(GAME.replace("AMOUNT", "0.10").replace(old, new))
    assert (err.value.reason, err.value.message, err.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "9-1")


def test_known_events_without_money_are_skipped():
    quiet = "".join(f'\n<event sequence="{4 + i}" type="{kind}" player="1" timestamp="1315458424000"/>'
                    for i, kind in enumerate(("CHAT", "TIMEOUT", "TIME_BANK", "DISCONNECTED", "RECONNECTED", "LEAVE",
                                              "RABBIT")))
    hand = PARSER.parse(GAME.replace("AMOUNT", "0.10").replace('type="FOLD" player="1"/>', 'type="FOLD" player="1"/>' + quiet))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 35)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 25, 2: 10}


def test_sniff_is_specific():
    assert not PARSER.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    assert not PARSER.sniff('<session sessioncode="1"><game gamecode="2">')
    assert PARSER.sniff('\ufeff<description type="Razz" stakes="Limit $0.50/$1"/>')


CASH_MARKED_TRUE = """<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="80112233-57" starttime="20130902201544" numholecards="2" gametype="2" seats="6" realmoney="true" data="20130902|Kestrel II|80112233|80112233-57|true">
\t<players dealer="0">
\t\t<player seat="0" nickname="Tamsin" balance="$96.37" dealtin="true" />
\t\t<player seat="1" nickname="Rudiger" balance="$203.15" dealtin="true" />
\t\t<player seat="2" nickname="Bexley" balance="$58.41" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1378167344100" player="1" amount="1.00"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1378167344100" player="2" amount="2.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="1378167344100" player="0" amount="7.00"/>
\t\t<event sequence="4" type="FOLD" timestamp="1378167344100" player="1"/>
\t\t<event sequence="5" type="ALL_IN" timestamp="1378167344100" player="2" amount="56.41"/>
\t\t<event sequence="6" type="CALL" timestamp="1378167344100" player="0" amount="51.41"/>
\t\t<cards type="SHOWN" cards="9h,9d" player="0"/>
\t\t<cards type="SHOWN" cards="Ah,Qc" player="2"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<cards type="COMMUNITY" cards="2s,7c,Jd" hand=""/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="7" type="ALL_IN" timestamp="1378167344100" player="2"/>
\t\t<cards type="COMMUNITY" cards="2s,7c,Jd,4h" hand=""/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<cards type="COMMUNITY" cards="2s,7c,Jd,4h,Kd" hand=""/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t\t<winner amount="115.82" uncalled="false" potnumber="1" player="0" hand="" pottype="n"/>
\t</round>
</game>
"""


def test_a_cash_game_whose_fifth_data_field_is_true_is_still_cash():
    hand = PARSER.parse(CASH_MARKED_TRUE)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.currency) == (False, None, 100, "USD")
    assert [s.stack for s in hand.seats] == [9637, 20315, 5841]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 5841, 2: 100, 3: 5841}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 11582)]
    assert (hand.rake, hand.rake_source) == (200, RakeSource.INFERRED)


TOURNAMENT_GAME = """<game id="79000452-12" starttime="20120311183005" numholecards="2" gametype="23" realmoney="true" data="20120311|Heron Turbo|79000111-3|79000452-12|true">
<players dealer="0">
<player seat="0" nickname="Ysolde" balance="$1460.00" dealtin="true" />
<player seat="1" nickname="Marek" balance="$1480.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
<event sequence="1" type="SMALL_BLIND" player="0" amount="15.00"/>
<event sequence="2" type="BIG_BLIND" player="1" amount="30.00"/>
</round>
<round id="PREFLOP" sequence="2">
<event sequence="3" type="FOLD" player="0"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="3">
<winner amount="45.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
</round>
</game>
"""


def test_without_a_description_the_table_field_tells_a_tournament():
    tournament = PARSER.parse(TOURNAMENT_GAME)
    assert (tournament.is_tournament, tournament.tournament_id, tournament.amount_scale, tournament.currency) == (
        True, "79000111", 1, None)
    assert [s.stack for s in tournament.seats] == [1475, 1510]  # balances after the blinds
    assert PARSER.parse(CASH_MARKED_TRUE[CASH_MARKED_TRUE.index("<game"):]).is_tournament is False


def test_an_amountless_all_in_repeated_on_a_later_street_adds_nothing():
    hand = PARSER.parse(CASH_MARKED_TRUE)
    all_ins = [(a.seat, a.street, a.amount) for a in hand.actions if a.all_in]
    assert all_ins == [(3, Street.PREFLOP, 5641)]
    assert "seat 3 ALL_IN again in POSTTURN without an amount: nothing added" in hand.notes
    with pytest.raises(HandParseError) as first:
        PARSER.parse(CASH_MARKED_TRUE.replace('player="2" amount="56.41"', 'player="2"'))
    assert (first.value.reason, first.value.message) == (
        QuarantineReason.PARSE_ERROR,
        'ALL_IN without an amount: <event sequence="5" type="ALL_IN" timestamp="1378167344100" player="2"/>')


CANCELLED = """<description type="Badugi" stakes="Pot Limit ($0.10/$0.25)"/>
<game id="30550177-88" starttime="20110203194502" numholecards="4" gametype="71" realmoney="true" data="20110203|Wren (30550177)|30550177|30550177-88|false">
\t<players dealer="1">
\t\t<player seat="1" nickname="Ottilie" balance="$18.40" dealtin="false" />
\t\t<player seat="4" nickname="Crispin" balance="$31.05" dealtin="false" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1296780302211" player="4" amount="0.10"/>
\t</round>
\t<round id="GAME_CANCELLED" sequence="2">
\t\t<event sequence="2" type="GAME_CANCELLED" timestamp="1296780304020"/>
\t</round>
</game>
"""


def test_a_cancelled_game_is_quarantined_as_cancelled():
    message = (
        "Merge cancelled the game (GAME_CANCELLED) after 1 action(s): "
        "the hand stops there unplayed, with no <winner> (its text is whole, not cut)")
    for text in (CANCELLED, CANCELLED.replace('<round id="GAME_CANCELLED"', '<round id="PREFLOP"')):
        with pytest.raises(HandParseError) as caught:
            PARSER.parse(text)
        assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (
            QuarantineReason.INCONSISTENT, message, "30550177-88")


ZONED_CASH = """<description type="Omaha" stakes="Pot Limit ($0.50/$1)"/>
<game id="71230415-7" starttime="2012/06/05 19:39:26 -0400" numholecards="4" gametype="9" seats="2" realmoney="true" data="20120605|Lintel (Heads Up)|71230415|71230415-7|false">
<players dealer="0">
<player seat="0" nickname="Orla" balance="$100.00" dealtin="true" />
<player seat="1" nickname="Tamsin" balance="$50.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
<event sequence="1" type="SMALL_BLIND" timestamp="1338939571100" player="0" amount="0.50"/>
<event sequence="2" type="BIG_BLIND" timestamp="1338939571200" player="1" amount="1.00"/>
</round>
<round id="PREFLOP" sequence="2">
<event sequence="3" type="RAISE" timestamp="1338939575000" player="0" amount="3.00"/>
<event sequence="4" type="FOLD" timestamp="1338939580000" player="1"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="3">
<winner amount="2.00" uncalled="false" potnumber="1" player="0" pottype="n"/>
<winner amount="2.00" uncalled="true" potnumber="2" player="0" pottype="n"/>
</round>
</game>
"""


def test_a_start_time_written_with_its_offset_gives_the_utc_time():
    # From 2012 Merge writes local time and its offset; the first event's epoch stamp
    # (23:39:31 UTC) agrees with 19:39:26 -0400.
    assert PARSER.sniff(ZONED_CASH)
    hand = PARSER.parse(ZONED_CASH)
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == (
        "2012/06/05 19:39:26 -0400", "2012-06-05T23:39:26Z", "2012-06-05")
    assert {s.seat: s.contributed for s in hand.seats} == {1: 100, 2: 100}  # after the 2.00 returned
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (1, 200, PayoutSource.POT), (1, 200, PayoutSource.UNCALLED)]
    with pytest.raises(HandParseError) as bad:
        PARSER.parse(ZONED_CASH.replace("19:39:26 -0400", "19:39:26 EDT"))
    assert bad.value.message == (
        "starttime '2012/06/05 19:39:26 EDT' is neither YYYYMMDDhhmmss nor 'YYYY/MM/DD hh:mm:ss +hhmm'")


VERSIONED_TOURNAMENT = """<description type="Holdem Tournament" stakes="No Limit Level 5 Ante 10, Blinds 50/100" version="2.1" />
<game id="90412233-36" starttime="20150302201510" numholecards="2" gametype="23" stakes="No Limit Level 5 Ante 10, Blinds 50/100" seats="9" realmoney="true" data="20150302|Weekday Deep $11 (90400001-1)|90400001-1|90412233-36|true" buyIn="10.00" seatsPerTable="9" tableCount="54" startingStack="5000.00" rebuy="10.00" rebuyStack="5000.00" addon="10.00" addonStack="5000.00" bounty="0.00" version="2.1" >
<players dealer="0" >
<player seat="0" nickname="Pell" balance="7400.00" dealtin="true" />
<player seat="1" nickname="Quin" balance="2715.00" dealtin="true" />
<player seat="2" nickname="Rask" balance="5010.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1" >
<event sequence="1" type="ANTE" timestamp="1425345310000" player="0" amount="10.00" />
<event sequence="2" type="ANTE" timestamp="1425345310000" player="1" amount="10.00" />
<event sequence="3" type="ANTE" timestamp="1425345310000" player="2" amount="10.00" />
<event sequence="4" type="SMALL_BLIND" timestamp="1425345310000" player="1" amount="50.00" />
<event sequence="5" type="BIG_BLIND" timestamp="1425345310000" player="2" amount="100.00" />
</round>
<round id="PREFLOP" sequence="2" >
<event sequence="6" type="FOLD" timestamp="1425345315000" player="0" />
<event sequence="7" type="ALL_IN" timestamp="1425345320000" player="1" amount="2655.00" />
<event sequence="8" type="ALL_IN" timestamp="1425345325000" player="2" amount="4900.00" />
<cards type="HOLE" cards="Ah,Kd" player="1" hand="Ace High" />
<cards type="HOLE" cards="9s,9c" player="2" hand="Pair of Nines" />
</round>
<round id="POSTFLOP" sequence="3" >
<cards type="COMMUNITY" cards="2c,7d,Jh" hand="Pair of Nines" />
</round>
<round id="POSTTURN" sequence="4" >
<cards type="COMMUNITY" cards="2c,7d,Jh,3s" hand="Pair of Nines" />
</round>
<round id="POSTRIVER" sequence="5" >
<cards type="COMMUNITY" cards="2c,7d,Jh,3s,Kh" hand="Pair of Kings" />
</round>
<round id="SHOWDOWN" sequence="6" >
<event sequence="9" type="SHOW" timestamp="1425345330000" player="1" />
<event sequence="10" type="SHOW" timestamp="1425345331000" player="2" />
<cards type="SHOWN" cards="Ah,Kd" player="1" />
<cards type="SHOWN" cards="9s,9c" player="2" />
</round>
<round id="END_OF_GAME" sequence="7" >
<winner amount="5440.00" uncalled="false" potnumber="1" player="1" hand="Pair of Kings" pottype="n" />
<winner amount="2295.00" uncalled="true" potnumber="2" player="2" pottype="n" />
</round>
</game>
"""


def test_a_versioned_tournament_game_names_its_terms_and_prints_balances_before_the_blinds():
    # 2015 (version 2.1): the <game> carries the buy-in, rebuy, add-on and bounty terms
    # (no money of the hand), and an all-in seat's total put in is its printed balance,
    # antes and blinds included; an unversioned game's balance is after them.
    hand = PARSER.parse(VERSIONED_TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.amount_scale, hand.ante) == (True, "90400001", 1, 10)
    assert {s.seat: s.stack for s in hand.seats} == {1: 7400, 2: 2715, 3: 5010}
    assert {s.seat: s.contributed for s in hand.seats} == {1: 10, 2: 2715, 3: 2715}
    assert not any("does not bring its total" in n for n in hand.notes), hand.notes
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (2, 5440, PayoutSource.POT), (3, 2295, PayoutSource.UNCALLED)]
    assert hand.reconciles()
    unversioned = PARSER.parse(VERSIONED_TOURNAMENT.replace(' version="2.1" >', " >"))
    assert {s.seat: s.stack for s in unversioned.seats} == {1: 7410, 2: 2775, 3: 5120}


def test_a_seat_that_acts_without_being_listed_is_seated_with_no_name_or_stack():
    # 2011-2012: seat 4 posts the big blind and folds though <players> lists only 0 and 1;
    # its 1.00 is in the pot paid (2.00 of it returned to Orla, 1.00 + 1.00 won)
    unlisted = ZONED_CASH.replace(
        '<event sequence="2" type="BIG_BLIND" timestamp="1338939571200" player="1" amount="1.00"/>',
        '<event sequence="2" type="BIG_BLIND" timestamp="1338939571200" player="1" amount="1.00"/>\n'
        '<event sequence="3" type="BIG_BLIND" timestamp="1338939571300" player="4" amount="1.00"/>').replace(
        '<event sequence="4" type="FOLD" timestamp="1338939580000" player="1"/>',
        '<event sequence="4" type="FOLD" timestamp="1338939580000" player="1"/>\n'
        '<event sequence="5" type="FOLD" timestamp="1338939581000" player="4"/>').replace(
        '<winner amount="2.00" uncalled="false"', '<winner amount="3.00" uncalled="false"')
    hand = PARSER.parse(unlisted)
    assert (hand.seat(5).player, hand.seat(5).stack) == ("seat 4 (not listed)", None)
    assert "seat 5 acts but is not in <players>: seated with no name or stack" in hand.notes
    assert {s.seat: s.contributed for s in hand.seats} == {1: 100, 2: 100, 5: 100}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 300), (1, 200)] and hand.reconciles()


@pytest.mark.parametrize(("code", "game"), [("67", Game.LOWBALL27_TRIPLE), ("63", Game.LOWBALL_A5_TRIPLE)])
def test_a_triple_draw_copy_cut_before_its_description_is_read_from_its_code(code, game):
    # every file that names code 67 calls it "2-7 Lowball", code 63 "A-5 Lowball"
    draw = GAME.split("\n", 1)[1].replace('numholecards="4" gametype="35"', f'numholecards="5" gametype="{code}"').replace(
        'amount="AMOUNT"', 'amount="0.10"').replace('<round id="PREFLOP"', '<round id="PRE_FIRST_DRAW"')
    hand = PARSER.parse(draw)
    assert (hand.game, hand.limit) == (game, None)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 35)] and hand.reconciles()
