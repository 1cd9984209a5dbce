"""iPoker XML parser: every corpus file, exact values, bad input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import HandText
from rules.records import HandParseError
from parsers.ipoker import PARSER
from parsers.registry import detect
from tests.corpus import corpus_file, corpus_files, read_text

EXPECTED_HANDS = {
    "PLO-USD-0.01-0.02-201108.Sample.txt": 28,
    # the session header says 22 games; the file holds one complete game and no </session>
    "PLO8-GBP-40-80-202308.txt": 1,
    "7-StudHL-EUR-0.05-0.10-201405.txt": 5,
}


def _hands(relative: str):
    return {h.hand_id: h for h in (PARSER.parse(t) for _, t in PARSER.split(read_text(corpus_file(relative))))}


def _pays(hand):
    return [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts]


@pytest.mark.parametrize("path", corpus_files("iPoker"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    assert path.name in EXPECTED_HANDS, f"new corpus file {path.name}: add its hand count"
    text = read_text(path)
    assert PARSER.sniff(text[:8192]) and detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == EXPECTED_HANDS[path.name]
    for offset, hand_text in chunks:
        assert text[offset : offset + len(hand_text)] == hand_text and hand_text.startswith("<game gamecode=")
        assert hand_text.context.startswith("<session") and hand_text.context.endswith("</general>")
        hand = PARSER.parse(hand_text)
        assert hand.reconciles(), (hand.hand_id, hand.notes)
        assert (hand.platform, hand.format, hand.per_seat_only) == (Platform.IPOKER, Format.IPOKER_XML, True)


def test_all_in_tie_with_uncalled_inside_the_win():
    hand = _hands("iPoker/Omaha/PLO-USD-0.01-0.02-201108.Sample.txt")["2874218654"]
    assert (hand.game, hand.limit, hand.amount_scale, hand.currency) == (Game.OMAHA, Limit.POT, 100, "USD")
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (1, 2, 4, "Pemuco")
    assert (hand.start_time_raw, hand.hand_date, hand.start_time_utc) == ("2011-08-04 04:50:50", "2011-08-04", None)
    assert hand.boards == [["Js", "Kh", "Ad", "3h", "8c"]]
    assert hand.seat(4).cards == ["Qh", "9c", "Td", "5h"] and hand.seat(8).cards == ["Qc", "9d", "8h", "Th"]
    assert hand.seat(3).all_in and hand.seat(3).cards == ["Qd", "6s", "Kc", "Ks"]
    assert {s.seat: s.contributed for s in hand.seats} == {
        1: 0, 2: 2, 3: 74, 4: 476, 5: 2, 6: 2, 7: 0, 8: 476, 9: 0, 10: 0}
    assert _pays(hand) == [
        (4, 104, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (4, 481, None, None, Half.WHOLE, PayoutSource.POT),
        (8, 483, None, None, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source) == (68, RakeSource.INFERRED)
    raises = [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE]
    assert raises == [(4, 48), (8, 156), (4, 530)]  # type 23 sums are street totals raised to


def test_listed_players_without_cards_or_actions_were_not_dealt_in():
    hands = _hands("iPoker/Omaha/PLO-USD-0.01-0.02-201108.Sample.txt")
    hand = hands["2874221167"]
    # Player3 ($0 stack) and Hero (no pocket cards) are listed but never dealt or act
    assert {s.seat: (s.dealt_in, s.folded_street) for s in hand.seats} == {
        1: (True, Street.PREFLOP), 2: (True, Street.TURN), 3: (False, None), 4: (True, Street.TURN),
        5: (True, Street.TURN), 6: (True, None), 7: (True, Street.TURN), 8: (True, Street.PREFLOP),
        9: (False, None), 10: (True, Street.TURN)}
    assert hand.boards == [["5h", "2c", "Kc", "4c"]]
    assert _pays(hand) == [
        (6, 12, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (6, 12, None, None, Half.WHOLE, PayoutSource.POT),
    ]
    still_in = {h.hand_id: [s.seat for s in h.seats if s.dealt_in and s.folded_street is None]
                for h in hands.values() if h.hand_id in {"2874245000", "2874248242", "2874250851", "2874271447", "2874275452"}}
    assert still_in == {"2874245000": [8], "2874248242": [4], "2874250851": [6], "2874271447": [7], "2874275452": [4]}


def test_stud_hilo_split_and_upcards():
    hand = _hands("iPoker/StudHiLo/7-StudHL-EUR-0.05-0.10-201405.txt")["5710054735"]
    assert (hand.game, hand.limit, hand.currency, hand.ante, hand.button_seat) == (Game.STUD_HILO, Limit.FIXED, "EUR", 1, None)
    assert hand.seat(6).cards == ["Ac", "5d", "4h", "7h", "8s", "4c", "7s"]
    assert hand.seat(6).upcards == ["4h", "7h", "8s", "4c"]
    assert hand.seat(1).cards == ["7d", "4d", "Kd", "3c", "9h", "Ad", "Jc"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 41, 6: 41}
    assert _pays(hand) == [(6, 79, None, None, Half.UNLABELLED, PayoutSource.POT)]
    assert hand.rake == 3
    bring_in = _hands("iPoker/StudHiLo/7-StudHL-EUR-0.05-0.10-201405.txt")["5710077134"]
    assert bring_in.bring_in == 2 and bring_in.seat(1).cards == [None, None, "2d"]
    assert _pays(bring_in) == [(1, 2, None, None, Half.WHOLE, PayoutSource.UNCALLED), (1, 2, None, None, Half.UNLABELLED, PayoutSource.POT)]


def test_newer_client_leaves_the_return_out_of_the_win():
    (hand,) = _hands("iPoker/OmahaHiLo/PLO8-GBP-40-80-202308.txt").values()
    assert (hand.game, hand.currency, hand.small_blind, hand.big_blind, hand.max_seats) == (Game.OMAHA_HILO, "EUR", 500, 1000, 6)
    assert hand.seat(3).cards == ["Jc", "6s", "2d", "4c"] and hand.seat(3).folded_street == Street.TURN
    assert hand.boards == [["5c", "Jd", "5d", "Ts"]]
    assert {s.seat: s.contributed for s in hand.seats} == {3: 4000, 8: 4000}
    assert _pays(hand) == [(8, 4000, None, None, Half.WHOLE, PayoutSource.UNCALLED), (8, 7900, None, None, Half.UNLABELLED, PayoutSource.POT)]
    assert hand.rake == 100


def test_truncated_garbage_and_hostile_xml():
    raw = read_text(corpus_file("iPoker/StudHiLo/7-StudHL-EUR-0.05-0.10-201405.txt"))
    cut = raw[: raw.index("</game>")]
    chunks = list(PARSER.split(cut))
    assert len(chunks) == 1
    with pytest.raises(HandParseError) as err:
        PARSER.parse(chunks[0][1])
    assert (err.value.reason, err.value.message) == (QuarantineReason.TRUNCATED, "game 5710054735: game element cut off (no </game>)")
    first = next(PARSER.split(raw))[1]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HandText(first.replace('win="€0.79"', 'win="€0.7.9"', 1), context=first.context))
    assert (err.value.reason, err.value.message) == (QuarantineReason.BAD_AMOUNT, "game 5710054735: win of Hero: not an amount: '€0.7.9'")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(str(first))  # the game alone, without its session header
    assert (err.value.reason, err.value.message) == (QuarantineReason.PARSE_ERROR, "game 5710054735: root element is <game>, not <session>")
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><session><general><gametype>Omaha PL $1/$2</gametype></general><game gamecode="1">&a;</game></session>'
    with pytest.raises(HandParseError) as err:
        PARSER.parse(bomb)
    assert err.value.reason == QuarantineReason.PARSE_ERROR and err.value.message.startswith("game 1: XML: ")
    assert not PARSER.sniff("{   'boardcard1': 6,\n") and not PARSER.sniff('<?xml version="1.0"?><description type="Omaha H/L8"/>')


def _session(game: str, header: str = "", gametype: str = "Holdem NL £0.05/£0.10", currency: str = "GBP") -> str:
    return (f'<session sessioncode="77">\n <general>\n  {header}<mode>real</mode>\n  <gametype>{gametype}</gametype>\n'
            f'  <tablename>Testbed, 4242</tablename>\n  <tablecurrency>{currency}</tablecurrency>\n'
            f'  <startdate>2013-07-30 18:00:00</startdate>\n  <currency>{currency}</currency>\n'
            f'  <nickname>Alder</nickname>\n </general>\n{game}\n</session>')


def _parse_session(document: str):
    return [PARSER.parse(t) for _, t in PARSER.split(document)]


def _all_in_preflop(alder_win: str, birch_win: str, cedar_win: str, cedar_cards: str, birch_cards: str,
                    rake: str = "") -> str:
    """Cedar's £5.90 against Birch's £5.50 all-in: £0.40 of Cedar's is matched by nobody."""
    return f'''<game gamecode="900100">
 <general>
  <startdate>2013-07-30 18:01:00</startdate>
  <players>
   <player seat="2" name="Alder" chips="£10" dealer="0" win="{alder_win}" bet="£0.05"/>
   <player seat="4" name="Birch" chips="£5.50" dealer="0" win="{birch_win}" bet="£5.50"/>
   <player seat="7" name="Cedar" chips="£12" dealer="1" win="{cedar_win}" bet="£5.90"{rake}/>
  </players>
 </general>
 <round no="0">
  <action no="1" player="Alder" type="1" sum="£0.05"/>
  <action no="2" player="Birch" type="2" sum="£0.10"/>
 </round>
 <round no="1">
  <cards type="Pocket" player="Alder">X X</cards>
  <cards type="Pocket" player="Birch">{birch_cards}</cards>
  <cards type="Pocket" player="Cedar">{cedar_cards}</cards>
  <action no="3" player="Cedar" type="23" sum="£0.30"/>
  <action no="4" player="Alder" type="0" sum="£0"/>
  <action no="5" player="Birch" type="23" sum="£1.20"/>
  <action no="6" player="Cedar" type="23" sum="£5.90"/>
  <action no="7" player="Birch" type="7" sum="£4.30"/>
 </round>
 <round no="2"><cards type="Flop">H2 H5 CJ</cards></round>
 <round no="3"><cards type="Turn">D3</cards></round>
 <round no="4"><cards type="River">HK</cards></round>
</game>'''


def test_a_loser_whose_win_is_its_unmatched_bet_got_only_the_return():
    # Birch's flush wins £10.50 of the £11.05 matched (rake £0.55); Cedar's "win" of £0.40 is
    # its own unmatched bet: read as a pot share, Cedar would have won against the flush.
    (hand,) = _parse_session(_session(_all_in_preflop("£0", "£10.50", "£0.40", "SA CK", "H9 H8")))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 5, 4: 550, 7: 550}
    assert _pays(hand) == [
        (4, 1050, None, None, Half.WHOLE, PayoutSource.POT),
        (7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED),
    ]
    assert (hand.rake, hand.rake_source) == (55, RakeSource.INFERRED) and hand.reconciles()


def test_a_return_smaller_than_the_rake_is_inside_the_winners_win():
    # Cedar wins with the flush: £10.90 = £10.50 from the pot + its £0.40 back, rake £0.55;
    # the wins stay under the matched pot because the return is smaller than the rake.
    (hand,) = _parse_session(_session(_all_in_preflop("£0", "£0", "£10.90", "H9 H8", "SA CK")))
    assert _pays(hand) == [
        (7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED),
        (7, 1050, None, None, Half.WHOLE, PayoutSource.POT),
    ]
    assert (hand.rake, hand.rake_source) == (55, RakeSource.INFERRED)


def test_an_unmatched_bet_the_win_does_not_give_back_stays_put_in():
    # an old client counts the return inside the win: Cedar's £0 says its £0.40 never came back
    (hand,) = _parse_session(_session(_all_in_preflop("£0", "£10.50", "£0", "SA CK", "H9 H8")))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 5, 4: 550, 7: 590}
    assert not any(a.kind == ActionKind.UNCALLED_RETURN for a in hand.actions)
    assert _pays(hand) == [(4, 1050, None, None, Half.WHOLE, PayoutSource.POT)]
    assert "seat 7 put in 40 more than anyone and its win holds only 0 of it back" in hand.notes


def test_the_client_convention_decides_whether_the_return_is_inside_the_win():
    game = _all_in_preflop("£0", "£0", "£10.90", "H9 H8", "SA CK")
    outside = [(7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED), (7, 1090, None, None, Half.WHOLE, PayoutSource.POT)]
    inside = [(7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED), (7, 1050, None, None, Half.WHOLE, PayoutSource.POT)]
    for header, pays, rake in [
        ("<client_version>23.5.1.8</client_version>", outside, 15),
        ("<client_version>18.9.3.4</client_version><uncalled_bet_enabled>true</uncalled_bet_enabled>", outside, 15),
        ("<client_version>19.9.7.4</client_version><uncalled_bet_enabled>false</uncalled_bet_enabled>", inside, 55),
        ("<client_version>12.1.0.3</client_version>", inside, 55),
    ]:
        (hand,) = _parse_session(_session(game, header=header))
        assert (_pays(hand), hand.rake) == (pays, rake), header
    # a new client whose wins exceed the matched pot: noted, not explained away
    (hand,) = _parse_session(_session(_all_in_preflop("£0", "£0", "£11.40", "H9 H8", "SA CK"),
                                      header="<client_version>23.5.1.8</client_version>"))
    assert _pays(hand)[0] == (7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED)
    assert (hand.rake, hand.rake_source) == (None, RakeSource.ABSENT)
    assert "the wins exceed the matched pot although this client leaves seat 7's unmatched 40 out of its win" in hand.notes


def test_a_printed_rakeamount_is_the_rake_and_leaves_one_reading():
    header = "<client_version>26.1.1.23</client_version>"
    (inside,) = _parse_session(_session(_all_in_preflop("£0", "£0", "£10.90", "H9 H8", "SA CK", ' rakeamount="£0.55"'),
                                        header=header))
    assert _pays(inside) == [(7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                             (7, 1050, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (inside.rake, inside.rake_source) == (55, RakeSource.PRINTED) and inside.reconciles()
    (outside,) = _parse_session(_session(_all_in_preflop("£0", "£0", "£10.50", "H9 H8", "SA CK", ' rakeamount="£0.55"'),
                                         header=header))
    assert _pays(outside) == [(7, 40, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                              (7, 1050, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (outside.rake, outside.rake_source) == (55, RakeSource.PRINTED) and outside.reconciles()


def _raise_and_fold(code: str, alder_chips: str, birch_chips: str, sb: str, bb: str, raise_to: str, win: str,
                    alder_cards: str = "S9 H9 C4 D2", birch_cards: str = "X X X X") -> str:
    """Alder (small blind) raises, Birch (big blind) folds; a new client: the return is not in the win."""
    return f'''<game gamecode="{code}">
 <general>
  <startdate>2023-11-12 08:20:00</startdate>
  <players>
   <player win="{win}" bet="{raise_to}" chips="{alder_chips}" dealer="1" seat="2" name="Alder"/>
   <player win="0" bet="{bb}" chips="{birch_chips}" dealer="0" seat="5" name="Birch"/>
  </players>
 </general>
 <round no="0">
  <action player="Alder" sum="{sb}" type="1" no="1"/>
  <action player="Birch" sum="{bb}" type="2" no="2"/>
 </round>
 <round no="1">
  <cards player="Alder" type="Pocket">{alder_cards}</cards>
  <cards player="Birch" type="Pocket">{birch_cards}</cards>
  <action player="Alder" sum="{raise_to}" type="23" no="3"/>
  <action player="Birch" sum="0" type="0" no="4"/>
 </round>
</game>'''


_NEW_CLIENT = "<client_version>23.9.1.10</client_version>"


def test_a_session_that_writes_a_decimal_comma_is_read_with_it():
    game = _raise_and_fold("900301", "1 204,30€", "98,75€", "0,50€", "1€", "3,50€", "2€")
    (hand,) = _parse_session(_session(game, header=_NEW_CLIENT + "<bets>1 001,20€</bets>",
                                      gametype="Omaha PL 0,50€/1€", currency="EUR"))
    assert (hand.small_blind, hand.big_blind, hand.currency) == (50, 100, "EUR")
    assert {s.seat: (s.stack, s.contributed) for s in hand.seats} == {2: (120430, 100), 5: (9875, 100)}
    assert _pays(hand) == [(2, 250, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                           (2, 200, None, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 0


def test_the_whole_session_decides_what_a_grouped_amount_means():
    first = _raise_and_fold("900201", "3,275kr", "980kr", "25kr", "50kr", "150kr", "100kr")
    second = _raise_and_fold("900202", "3,375kr", "2,410.50kr", "25kr", "50kr", "150kr", "100kr")
    # 3,275kr alone reads as 3275 or 3.275; the second game's 2,410.50kr says ',' groups digits
    hands = _parse_session(_session(first + second, header=_NEW_CLIENT, gametype="Omaha PL 25kr/50kr", currency="SEK"))
    assert [(h.hand_id, h.seat(2).stack, h.seat(5).stack) for h in hands] == [
        ("900201", 327500, 98000), ("900202", 337500, 241050)]
    assert (hands[0].small_blind, hands[0].big_blind, hands[0].currency) == (2500, 5000, "SEK")
    assert _pays(hands[0]) == [(2, 10000, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                               (2, 10000, None, None, Half.WHOLE, PayoutSource.POT)]
    assert "gametype prints no currency symbol" not in hands[0].notes
    # whole amounts read alike either way; a session of them is decided by its points
    (whole,) = _parse_session(_session(first, header=_NEW_CLIENT + "<statuspoints>0.00</statuspoints>",
                                       gametype="Omaha PL 25kr/50kr", currency="SEK"))
    assert whole.seat(2).stack == 327500


def test_a_lone_mark_before_three_digits_groups_thousands():
    # no amount has three decimals: 3,275kr is 3275 kr, not 3.275 kr. Such sessions
    # ('$1,295', '$3,000' beside whole dollars) were quarantined as reading two ways.
    game = _raise_and_fold("900201", "3,275kr", "980kr", "25kr", "50kr", "150kr", "100kr")
    (hand,) = _parse_session(_session(game, header=_NEW_CLIENT + "<bets>N/A</bets>",
                                      gametype="Omaha PL 25kr/50kr", currency="SEK"))
    assert {s.seat: s.stack for s in hand.seats} == {2: 327500, 5: 98000}


def test_amounts_a_session_does_not_decide_are_quarantined():
    game = _raise_and_fold("900201", "3,275kr", "980kr", "25kr", "50kr", "150kr", "100kr")
    (text,) = [t for _, t in PARSER.split(_session(game, header=_NEW_CLIENT + "<bets>2.410kr</bets>",
                                                   gametype="Omaha PL 25kr/50kr", currency="SEK"))]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.BAD_AMOUNT, "game 900201: chips of Alder: '3,275kr' reads two ways: "
        "the session writes thousands both as '3,275kr' and as '2.410kr': no number shows which mark is the decimal one")
    (text,) = [t for _, t in PARSER.split(_session(game, header=_NEW_CLIENT + "<bets>12,060.50kr</bets><wins>7,50kr</wins>",
                                                   gametype="Omaha PL 25kr/50kr", currency="SEK"))]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.BAD_AMOUNT, "game 900201: chips of Alder: '3,275kr' reads two ways: the session writes "
        "numbers both with a decimal point ('12,060.50kr') and with a decimal comma ('7,50kr')")
    # a game whose amounts carry no mark is read whatever the session says
    plain = _raise_and_fold("900203", "3275kr", "980kr", "25kr", "50kr", "150kr", "100kr")
    (hand,) = _parse_session(_session(plain, header=_NEW_CLIENT + "<bets>N/A</bets>", gametype="Omaha PL 25kr/50kr",
                                      currency="SEK"))
    assert hand.seat(2).stack == 327500


def test_the_flat_format_names_limit_holdem_lh_and_raises_with_type_6():
    document = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="31">
<general>
<mode>real</mode>
<gametype>LH 10/20 x2 Limit $5.00/$10.00</gametype>
<tablename>Testbed (Heads Up), 4343</tablename>
<tablecurrency>USD</tablecurrency>
<startdate>2011-03-20 20:00:00</startdate>
<currency>USD</currency>
<nickname>Alder</nickname>
<bets>$1,204.50</bets>
</general>
<game gamecode="900401"><general><startdate>2011-03-20 20:01:00</startdate>
<players><player seat="2" name="Birch" chips="$310.00" dealer="0" win="$0.00" bet="$20.00" />
<player seat="6" name="Alder" chips="$200.00" dealer="1" win="$49.50" bet="$30.00" />
</players>
</general>
<round no="0"><action no="1" player="Alder" actiontxt="SB" type="1" sum="$5.00" />
<action no="2" player="Birch" actiontxt="BB" type="2" sum="$10.00" />
</round>
<round no="1"><cards type="Pocket" player="Birch">x x</cards>
<cards type="Pocket" player="Alder">HA D10</cards>
<action no="3" player="Alder" actiontxt="Raise" type="6" sum="$15.00" />
<action no="4" player="Birch" actiontxt="Call" type="3" sum="$10.00" />
</round>
<round no="2"><cards type="Flop">S4 C8 DK</cards>
<action no="5" player="Birch" actiontxt="Check" type="4" sum="$0.00" />
<action no="6" player="Alder" actiontxt="Bet" type="5" sum="$10.00" />
<action no="7" player="Birch" actiontxt="Fold" type="0" sum="$0.00" />
</round>
</game>
</session>"""
    (hand,) = _parse_session(document)
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind, hand.button_seat) == (Game.HOLDEM, Limit.FIXED, 500, 1000, 6)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREFLOP] == [
        (6, ActionKind.RAISE, 1500), (2, ActionKind.CALL, 1000)]
    assert not any(n.startswith("actions disagree") for n in hand.notes)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 2000, 6: 2000}
    assert _pays(hand) == [(6, 1000, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                           (6, 3950, None, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 50


def test_a_gametype_that_names_no_game_is_told_by_the_pocket_cards():
    five = _raise_and_fold("900501", "€150", "€210,40", "€1", "€2", "€6", "€4", "S8 HK CQ HQ H5", "X X X X X")
    (hand,) = _parse_session(_session(five, header=_NEW_CLIENT, gametype="PL €1/€2", currency="EUR"))
    assert (hand.game, hand.limit, hand.small_blind, hand.big_blind) == (Game.OMAHA5, Limit.POT, 100, 200)
    assert hand.seat(2).cards == ["8s", "Kh", "Qc", "Qh", "5h"] and hand.seat(5).stack == 21040
    four = _raise_and_fold("900502", "€150", "€210,40", "€1", "€2", "€6", "€4")
    (text,) = [t for _, t in PARSER.split(_session(four, header=_NEW_CLIENT, gametype="PL €1/€2", currency="EUR"))]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.UNSUPPORTED_GAME, "game 900502: gametype 'PL €1/€2' names no game, and pockets of [4] cards "
        "are not 5-card Omaha")


def test_games_are_named_exactly_or_quarantined():
    game = _raise_and_fold("900601", "$150", "$210.40", "$1", "$2", "$6", "$4", "SA H6", "X X")
    (hand,) = _parse_session(_session(game, header=_NEW_CLIENT, gametype="Six Plus Holdem NL $1/$2", currency="USD"))
    assert hand.game == Game.SIXPLUS_HOLDEM
    (text,) = [t for _, t in PARSER.split(_session(game, header=_NEW_CLIENT, gametype="5 Card Draw L $1/$2",
                                                   currency="USD"))]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.UNSUPPORTED_GAME, "game 900601: unknown gametype '5 Card Draw L $1/$2'")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('<action player="Birch" sum="0" type="0" no="4"/>', '<action player="Birch" sum="0" type="0" no="4"/>\n'
     '  <bonus player="Alder" sum="1€"/>', 'game 900401: element <bonus player="Alder" sum="1€"/> not known inside <round>'),
    ('seat="2" name="Alder"/>', 'seat="2" name="Alder" jackpot="1€"/>',
     "game 900401: attribute jackpot='1€' of <player> not known: "
     '<player win="2€" bet="3,50€" chips="100€" dealer="1" seat="2" name="Alder" jackpot="1€"/>'),
    ('type="0" no="4"/>', 'type="0" no="4"/>\n  <action player="Birch" sum="0" type="11" no="5"/>',
     "game 900401: unknown action type 11 with sum '0'"),
    ('type="0" no="4"/>', 'type="0" no="4"/>\n  <action player="Birch" sum="1€" type="8" no="5"/>',
     "game 900401: unknown action type 8 with sum '1€'"),
    ('</players>', ' <player win="1€" bet="0" chips="0" dealer="0" seat="7" name=""/>\n  </players>',
     "game 900401: a seat with no player bets or wins: {'win': '1€', 'bet': '0', 'chips': '0', 'dealer': '0', "
     "'seat': '7', 'name': ''}"),
])
def test_unknown_elements_attributes_and_action_types_fail_the_hand(old, new, message):
    # An action type with no amount, elements and attributes the parser does not know, and
    # money on a seat with no player used to be passed over.
    game = _raise_and_fold("900401", "100€", "98,75€", "0,50€", "1€", "3,50€", "2€").replace(old, new)
    (text,) = [t for _, t in PARSER.split(_session(game, header=_NEW_CLIENT, gametype="Omaha PL 0,50€/1€", currency="EUR"))]
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.message == message
    assert err.value.reason == (QuarantineReason.INCONSISTENT if "no player" in message else QuarantineReason.PARSE_ERROR)


def test_known_elements_attributes_and_action_types_are_read_or_skipped():
    game = _raise_and_fold("900402", "100€", "98,75€", "0,50€", "1€", "3,50€", "2€").replace(
        'seat="2" name="Alder"/>', 'seat="2" name="Alder" rebuy="0" addon="0" reg_code="X1"/>').replace(
        '<action player="Birch" sum="0" type="0" no="4"/>',
        '<action player="Birch" sum="0" type="9" no="4" cards="" actiontxt="Wait" turntime="3"/>\n'
        '  <action player="Birch" sum="0" type="8" no="5"/>\n  <action player="Birch" sum="0" type="0" no="6"/>').replace(
        "</players>", ' <player win="0" bet="0" chips="0" dealer="0" seat="7" name=""/>\n  </players>\n'
        "  <servername>node-3</servername>")
    (hand,) = _parse_session(_session(game, header=_NEW_CLIENT, gametype="Omaha PL 0,50€/1€", currency="EUR"))
    assert [(a.seat, a.kind) for a in hand.actions if a.street == Street.PREFLOP] == [
        (2, ActionKind.RAISE), (5, ActionKind.FOLD), (2, ActionKind.UNCALLED_RETURN)]
    assert _pays(hand) == [(2, 250, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                           (2, 200, None, None, Half.WHOLE, PayoutSource.POT)]


_TOURNAMENT = ("<tournamentname>Weekday Stud Freezeout</tournamentname><place>4</place>"
               "<buyin>$5+$0.50</buyin><totalbuyin>$5.50</totalbuyin>\n  ")


def _stud_tournament_game(sycamore_bet: str) -> str:
    """Alder brings in 15 after the 8 antes, Sycamore completes to 120 and Alder calls; on
    4th street 120 each; on 5th Sycamore's 120 is not called: it takes the pot of
    8 + 8 + 240 + 240 = 496 and its 120 back (inside its win, as an old client counts it)."""
    return f'''<game gamecode="900400">
 <general>
  <startdate>2013-07-30 20:11:00</startdate>
  <players>
   <player seat="3" name="Alder" chips="1,112.50" dealer="0" win="0" bet="248" rebuy="0" addon="0"/>
   <player seat="6" name="Sycamore" chips="2,988" dealer="0" win="616" bet="{sycamore_bet}" rebuy="0" addon="0"/>
  </players>
 </general>
 <round no="0">
  <action no="1" player="Alder" type="15" sum="8"/>
  <action no="2" player="Sycamore" type="15" sum="8"/>
 </round>
 <round no="1"></round>
 <round no="2">
  <cards type="Third Street" player="Alder">C8 H8 CQ</cards>
  <cards type="Third Street" player="Sycamore">X X HA</cards>
  <action no="3" player="Alder" type="16" sum="15"/>
  <action no="4" player="Sycamore" type="23" sum="120"/>
  <action no="5" player="Alder" type="3" sum="105"/>
 </round>
 <round no="3">
  <cards type="Fourth Street" player="Alder">HK</cards>
  <cards type="Fourth Street" player="Sycamore">DQ</cards>
  <action no="6" player="Sycamore" type="5" sum="120"/>
  <action no="7" player="Alder" type="3" sum="120"/>
 </round>
 <round no="4">
  <cards type="Fifth Street" player="Alder">HJ</cards>
  <cards type="Fifth Street" player="Sycamore">H7</cards>
  <action no="8" player="Sycamore" type="5" sum="120"/>
  <action no="9" player="Alder" type="0" sum="0"/>
 </round>
</game>'''


def test_a_session_that_names_a_tournament_without_its_code_is_a_tournament():
    # 2011-2016 sessions print <tournamentname> and <buyin> but no <tournamentcode>: they
    # were read as cash games in dollars, and their chips as cents
    (hand,) = _parse_session(_session(_stud_tournament_game("368"), header=_TOURNAMENT, gametype="7 Card Stud L",
                                      currency="USD"))
    assert (hand.is_tournament, hand.currency, hand.amount_scale, hand.game) == (True, None, 100, Game.STUD)
    assert {s.seat: s.stack for s in hand.seats} == {3: 111250, 6: 298800}
    assert {s.seat: s.contributed for s in hand.seats} == {3: 24800, 6: 24800}
    assert _pays(hand) == [(6, 12000, None, None, Half.WHOLE, PayoutSource.UNCALLED),
                           (6, 49600, None, None, Half.WHOLE, PayoutSource.POT)]
    assert hand.rake == 0 and hand.reconciles()


def test_a_tournament_bet_attribute_that_counts_the_ante_twice_gives_way_to_the_actions():
    # Sycamore's bet="376" is its 368 plus its ante again; taken as put in, the tournament
    # hand "took" a rake of 8
    (hand,) = _parse_session(_session(_stud_tournament_game("376"), header=_TOURNAMENT, gametype="7 Card Stud L",
                                      currency="USD"))
    assert {s.seat: s.contributed for s in hand.seats} == {3: 24800, 6: 24800}
    assert hand.rake == 0 and hand.reconciles()
    assert ("actions disagree with the players' bet attributes (actions used: a tournament takes no rake, and only "
            "they add up to the wins): seat 6: actions 36800 vs bet 37600") in hand.notes


DISCONNECTED = '''<game gamecode="900500">
 <general>
  <startdate>2013-07-30 21:00:00</startdate>
  <players>
   <player seat="1" name="Alder" chips="£9" dealer="0" win="£0.29" bet="£0.40"/>
   <player seat="2" name="Birch" chips="£6" dealer="0" win="£0" bet="£0.10"/>
   <player seat="3" name="Cedar" chips="£4.50" dealer="0" win="£0.67" bet="£0.20"/>
   <player seat="4" name="Dogwood" chips="£7" dealer="1" win="£0" bet="£0.30"/>
  </players>
 </general>
 <round no="0">
  <action no="1" player="Alder" type="1" sum="£0.05"/>
  <action no="2" player="Birch" type="2" sum="£0.10"/>
 </round>
 <round no="1">
  <cards type="Pocket" player="Alder">DJ HQ</cards>
  <cards type="Pocket" player="Birch">X X</cards>
  <cards type="Pocket" player="Cedar">SJ HJ</cards>
  <cards type="Pocket" player="Dogwood">X X</cards>
  <action no="3" player="Cedar" type="23" sum="£0.20"/>
  <action no="4" player="Dogwood" type="3" sum="£0.20"/>
  <action no="5" player="Alder" type="23" sum="£0.30"/>
  <action no="6" player="Birch" type="0" sum="£0"/>
  <action no="7" player="Cedar" type="7" sum="DP"/>
  <action no="8" player="Dogwood" type="3" sum="£0.10"/>
 </round>
 <round no="2"><cards type="Flop">D4 H7 SA</cards>
  <action no="9" player="Alder" type="5" sum="£0.10"/>
  <action no="10" player="Dogwood" type="0" sum="£0"/>
 </round>
 <round no="3"><cards type="Turn">C5</cards></round>
 <round no="4"><cards type="River">H9</cards></round>
</game>'''


def test_a_seat_all_in_by_disconnect_protection_contests_what_it_has_put_in():
    # Cedar's <action type="7" sum="DP"> (it lost its connection) was quarantined as not an amount
    (hand,) = _parse_session(_session(DISCONNECTED))
    assert {s.seat: s.contributed for s in hand.seats} == {1: 30, 2: 10, 3: 20, 4: 30}
    assert hand.seat(3).all_in and hand.seat(3).folded_street is None
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions if a.seat == 3] == [
        (3, ActionKind.RAISE, 20, False), (3, ActionKind.CHECK, None, True)]
    assert "seat 3 disconnected: all in (disconnect protection) with 20 in" in hand.notes
    assert _pays(hand) == [(1, 10, None, None, Half.WHOLE, PayoutSource.UNCALLED), (1, 19, None, None, Half.WHOLE, PayoutSource.POT),
                           (3, 67, None, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source) == (4, RakeSource.INFERRED) and hand.reconciles()


@pytest.mark.parametrize(("merge", "message"), [
    ('merge="0"', None),
    ('merge="1"', "game 900402: attribute merge='1' of <player> not known: {'win': '2€', 'bet': '3,50€', "
                  "'chips': '100€', 'dealer': '1', 'seat': '2', 'name': 'Alder', 'merge': '1'}"),
])
def test_a_players_merge_attribute_is_known_only_as_0(merge, message):
    # a 2013 archive's merge="0" used to quarantine the hand as an unknown attribute
    game = _raise_and_fold("900402", "100€", "98,75€", "0,50€", "1€", "3,50€", "2€").replace(
        'seat="2" name="Alder"/>', f'seat="2" name="Alder" {merge}/>')
    document = _session(game, header=_NEW_CLIENT, gametype="Omaha PL 0,50€/1€", currency="EUR")
    if message is None:
        (hand,) = _parse_session(document)
        assert hand.seat(2).contributed == 100 and hand.reconciles()
        return
    with pytest.raises(HandParseError) as err:
        _parse_session(document)
    assert (err.value.reason, err.value.message) == (QuarantineReason.PARSE_ERROR, message)


_REBUY_TIE = '''<game gamecode="900700">
 <general>
  <startdate>2013-07-30 21:40:00</startdate>
  <players>
   <player seat="1" name="Alder" chips="4,801.37" dealer="1" win="0" bet="50" rebuy="0" addon="0"/>
   <player seat="2" name="Birch" chips="3,210.45" dealer="0" win="3,235.45" bet="3,210.45" rebuy="0" addon="0"/>
   <player seat="3" name="Cedar" chips="6,650.10" dealer="0" win="3,235.45" bet="3,210.45" rebuy="0" addon="0"/>
  </players>
 </general>
 <round no="0">
  <action no="1" player="Birch" type="1" sum="25"/>
  <action no="2" player="Cedar" type="2" sum="50"/>
 </round>
 <round no="1">
  <cards type="Pocket" player="Alder">X X</cards>
  <action no="3" player="Alder" type="3" sum="50"/>
  <cards type="Pocket" player="Birch">SA SK</cards>
  <action no="4" player="Birch" type="7" sum="3,185.45"/>
  <cards type="Pocket" player="Cedar">HA DK</cards>
  <action no="5" player="Cedar" type="3" sum="3,160.45"/>
  <action no="6" player="Alder" type="0" sum="0"/>
 </round>
 <round no="2"><cards type="Flop" player="">D5 C4 C3</cards></round>
 <round no="3"><cards type="Turn" player="">H2</cards></round>
 <round no="4"><cards type="River" player="">D9</cards></round>
</game>'''


def test_a_rebuy_tournament_tie_in_fractions_of_a_chip_is_split_to_the_hundredth(tmp_path):
    # Rebuy tournaments count chips in hundredths (stacks of 3,210.45): the platform split
    # the 6,470.90 pot 3,235.45 each, which is exact; taking a whole chip as the odd-chip
    # unit made that a false odd_chip finding.
    import polars as pl

    from audit.jobs import run_job

    document = _session(_REBUY_TIE, header="<tournamentname>Sunday Rebuy</tournamentname><place>9</place>"
                        "<buyin>$5+$0.50</buyin><totalbuyin>$15.50</totalbuyin>\n  ", currency="USD")
    (hand,) = _parse_session(document)
    assert (hand.is_tournament, hand.amount_scale) == (True, 100)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 5000, 2: 321045, 3: 321045}
    source = tmp_path / "rebuy.xml"
    source.write_text(document, encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet")
    assert verdicts.select("hand_key", "verdict").rows() == [("ipoker:900700", "clean")]
    assert result.counts["finding_rows"] == 0


_ROOT_SESSION = '''<root><general>
<client_version>22.9.1.11</client_version>
<mode>real</mode>
<gametype>Holdem NL 0,05€/0,10€</gametype>
<tablename>Harrow, 560230001</tablename>
<tablecurrency>EUR</tablecurrency>
<smallblind>0,05€</smallblind>
<bigblind>0,10€</bigblind>
<startdate>2022-10-31 20:44:24</startdate>
<currency>EUR</currency>
<nickname>Wren</nickname>
<tablesize>6</tablesize>
</general><game gamecode="6170870001">
<general>
<startdate>2022-10-31 20:50:01</startdate>
<players>
<player chips="9,86€" seat="1" win="0€" dealer="1" bet="0,05€" name="Teal"/>
<player chips="12,17€" seat="3" win="0,10€" dealer="0" bet="0,10€" name="Wren"/>
</players>
</general>
<round no="0">
<action player="Teal" sum="0,05€" no="1" type="1"/>
<action player="Wren" sum="0,10€" no="2" type="2"/>
</round>
<round no="1">
<cards player="Teal" type="Pocket">X X</cards>
<action player="Teal" sum="0€" no="3" type="0"/>
<cards player="Wren" type="Pocket">CA C2</cards>
</round>
</game></root>'''


def test_a_2022_session_written_as_root_is_read():
    # client 22.9 writes the session element as <root> (the rest as before)
    assert PARSER.sniff(_ROOT_SESSION) and detect(_ROOT_SESSION) is PARSER
    (hand,) = _parse_session(_ROOT_SESSION)
    assert (hand.hand_id, hand.currency, hand.small_blind, hand.big_blind, hand.max_seats) == (
        "6170870001", "EUR", 5, 10, 6)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 5, 3: 5}  # 5 of the big blind unmatched
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [
        (3, 5, PayoutSource.UNCALLED), (3, 10, PayoutSource.POT)]
    assert hand.reconciles()
