"""Microgaming XML parser: every corpus file, exact values of real hands, malformed input."""

from __future__ import annotations

import pytest

from rules.vocab import ActionKind, Game, Half, Limit, PayoutSource, QuarantineReason
from rules.records import HandParseError
from parsers.microgaming import PARSER
from parsers.registry import detect
from tests.corpus import corpus_file, corpus_files, read_text

HANDS_PER_FILE = {
    "PLO-6max-EUR-5-10-201604.v5.txt": 1,
    "GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "HandActionTests__OmahaHiLo.txt": 1,
    "PLO8-EUR-1.00-2.00-201209.txt": 1,
    "PlayerTests__OmahaHiLoShowdown.txt": 1,
}


def _hand(relative: str):
    (piece,) = [h for _, h in PARSER.split(read_text(corpus_file(relative)))]
    return PARSER.parse(piece)


@pytest.mark.parametrize("path", corpus_files("Microgaming"), ids=lambda p: p.name)
def test_every_corpus_file(path):
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    pieces = list(PARSER.split(text))
    assert len(pieces) == HANDS_PER_FILE[path.name]
    assert "".join(p for _, p in pieces) == text  # the leading ----PRIMA.DAT---- stays in the first hand
    for _, piece in pieces:
        assert PARSER.parse(piece).reconciles()


def test_odd_cent_hilo_split():
    hand = _hand("Microgaming/OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt")
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("5049105591", Game.OMAHA_HILO, Limit.POT, "EUR")
    assert hand.boards == [["7c", "5c", "Th", "2c", "2d"]]
    assert hand.seat(3).cards == ["Jc", "4d", "2h", "Tc"] and hand.seat(4).cards == ["3s", "3h", "5h", "4c"]
    assert {s.seat: s.contributed for s in hand.seats} == {3: 17, 4: 17, 5: 0, 6: 2}
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.source) for p in hand.payouts] == [
        (3, 17, 0, None, Half.HIGH, PayoutSource.POT), (4, 16, 0, None, Half.LOW, PayoutSource.POT)]
    assert (hand.rake, hand.fees, hand.button_seat) == (3, 0, 6)


def test_lowhandwin_on_every_line_is_unlabelled_and_high_only_is_whole():
    hand = _hand("Microgaming/OmahaHiLo/PLO8-EUR-1.00-2.00-201209.txt")
    assert hand.seat(4).cards == ["8d", "5d", "As", "Qh"] and hand.seat(2).cards == ["Ad", "3s", "4c", "3c"]
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [(2, 10200, 0, Half.UNLABELLED)]
    assert (hand.rake, hand.pot_total) == (300, 10500)
    plo = _hand("Microgaming/Omaha/PLO-6max-EUR-5-10-201604.v5.txt")
    assert plo.boards == [["2d", "7s", "Kc", "Qd", "3h"]]
    assert {s.seat: s.contributed for s in plo.seats} == {1: 100400, 2: 0, 3: 100400, 4: 0, 5: 0, 6: 500}
    assert [(p.seat, p.amount, p.pot, p.half) for p in plo.payouts] == [(3, 201000, 0, Half.WHOLE)]
    assert plo.rake == 300 and plo.seat(3).all_in and not plo.seat(5).dealt_in


def test_truncated_and_bad_amount():
    text = read_text(corpus_file("Microgaming/OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt"))
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text[: text.index("</Gameplay>")])
    assert exc.value.reason == QuarantineReason.TRUNCATED
    assert exc.value.message == "<Game> element without its </Game>: hand cut off"
    assert exc.value.hand_id == "5049105591"
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(text.replace('amount="0.16"', 'amount="0.1x"'))
    assert exc.value.reason == QuarantineReason.BAD_AMOUNT
    assert exc.value.message == "hand 5049105591: not an amount: '0.1x'"


def _game(gameplay: str, *, head: str = 'hhversion="5" ', gametype: str = "Omaha", tablename: str = "Birch - €50 Max",
          tournament: str = "0", stakes: str = "0.25|0.50", symbol: str = "rCA=", rake: str = ' rake="20"',
          seats: str = '<Seat num="2" alias="Ferrin" balance="50.00" endbalance="53.80" dealer="true"/>'
                       '<Seat num="5" alias="Quillon" balance="40.00" endbalance="36.00"/>') -> str:
    return (f'<Game {head}id="7001002003" date="2016-05-02 20:15:40" tablename="{tablename}" stakes="{stakes}" '
            f'betlimit="PL" tabletype="Cash Game" gametypeid="50" gametype="{gametype}" realmoney="true" '
            f'currencysymbol="{symbol}" playerseat="2" betamount="0" istournament="{tournament}"{rake}>'
            f"<Seats>{seats}</Seats><Gameplay>{gameplay}</Gameplay></Game>")


_RETURNED = (
    '<Action seq="1" type="SmallBlind" seat="2" value="0.25"/>'
    '<Action seq="2" type="BigBlind" seat="5" value="0.50"/>'
    '<Action seq="3" type="Raise" seat="2" value="1.25"/>'
    '<Action seq="4" type="Call" seat="5" value="1.00"/>'
    '<Action seq="5" type="DealFlop"><Card value="Q" suit="h"/><Card value="6" suit="c"/><Card value="2" suit="d"/>'
    '</Action>'
    '<Action seq="6" type="Bet" seat="5" value="2.50"/>'
    '<Action seq="7" type="Raise" seat="2" value="8.00"/>'
    '<Action seq="8" type="Fold" seat="5"/>'
    '<Action seq="9" type="MoneyReturned" seat="2" value="5.50"/>'
    '<Action type="Win"><Seat num="2" amount="7.80" pot="0" type="" lowhandwin="0"/></Action>'
)


def test_money_returned_is_the_uncalled_bet():
    hand = PARSER.parse(_game(_RETURNED))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 400, 5: 400}
    assert [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts] == [
        (2, 550, None, Half.WHOLE, PayoutSource.UNCALLED), (2, 780, 0, Half.WHOLE, PayoutSource.POT)]
    assert hand.payouts[0].line == '<Action seq="9" type="MoneyReturned" seat="2" value="5.50"/>'
    assert [(a.seat, a.kind, a.amount) for a in hand.actions][-1] == (2, ActionKind.UNCALLED_RETURN, 550)
    assert (hand.rake, hand.pot_total) == (20, 800) and hand.reconciles()
    assert not [n for n in hand.notes if "balance" in n]


def test_game_without_hhversion_is_recognised():
    seats = ('<Seat num="2" alias="Ferrin" balance="50.00" endbalance="89.80" dealer="true"/>'
             '<Seat num="5" alias="Quillon" balance="40.00" endbalance="0.00"/>')
    gameplay = ('<Action seq="1" type="SmallBlind" seat="2" value="0.25"/>'
                '<Action seq="2" type="BigBlind" seat="5" value="0.50"/>'
                '<Action seq="3" type="AllIn" seat="2" value="49.75"/>'
                '<Action seq="4" type="AllIn" seat="5" value="39.50"/>'
                '<Action seq="5" type="DealFlop"><Card value="Q" suit="h"/><Card value="6" suit="c"/>'
                '<Card value="2" suit="d"/></Action>'
                '<Action seq="6" type="DealTurn"><Card value="8" suit="s"/></Action>'
                '<Action seq="7" type="DealRiver"><Card value="K" suit="h"/></Action>'
                '<Action seq="8" type="ShowCards" seat="2"><Card value="A" suit="s"/><Card value="A" suit="c"/>'
                '<Card value="7" suit="d"/><Card value="3" suit="h"/></Action>'
                '<Action seq="9" type="ShowCards" seat="5"><Card value="K" suit="s"/><Card value="J" suit="s"/>'
                '<Card value="T" suit="c"/><Card value="4" suit="d"/></Action>'
                '<Action type="Win"><Seat num="2" amount="79.80" pot="0" type="" lowhandwin="0"/></Action>')
    text = "----PRIMA.DAT----\r\n\r\n" + _game(gameplay, head="", seats=seats, rake=' rake="20"')
    assert PARSER.sniff(text) and detect(text) is PARSER
    hand = PARSER.parse(text)
    assert {s.seat: s.contributed for s in hand.seats} == {2: 4000, 5: 4000}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 7980)]
    assert hand.notes[-1] == "seat 2: 1000 returned as an uncalled bet without a pay line (balance - endbalance + winnings)"
    assert hand.reconciles()
    # FPDB reads these files' Call and Raise values as totals; no file here shows one. For a seat
    # with nothing in on the street yet, a total and an addition are the same
    limped = PARSER.parse(_game(
        '<Action seq="1" type="SmallBlind" seat="2" value="0.25"/>'
        '<Action seq="2" type="BigBlind" seat="5" value="0.50"/>'
        '<Action seq="3" type="Call" seat="7" value="0.50"/>'
        '<Action seq="4" type="Fold" seat="2"/>'
        '<Action seq="5" type="Check" seat="5"/>'
        '<Action seq="6" type="DealFlop"><Card value="Q" suit="h"/><Card value="6" suit="c"/>'
        '<Card value="2" suit="d"/></Action>'
        '<Action seq="7" type="Bet" seat="5" value="1.00"/>'
        '<Action seq="8" type="Call" seat="7" value="1.00"/>'
        '<Action seq="9" type="DealTurn"><Card value="8" suit="s"/></Action>'
        '<Action seq="10" type="Check" seat="5"/><Action seq="11" type="Check" seat="7"/>'
        '<Action seq="12" type="DealRiver"><Card value="K" suit="h"/></Action>'
        '<Action seq="13" type="Check" seat="5"/><Action seq="14" type="Check" seat="7"/>'
        '<Action type="Win"><Seat num="7" amount="3.15" pot="0" type="" lowhandwin="0"/></Action>',
        head="", rake=' rake="10"',
        seats='<Seat num="2" alias="Ferrin" balance="50.00" endbalance="49.75" dealer="true"/>'
              '<Seat num="5" alias="Quillon" balance="40.00" endbalance="38.50"/>'
              '<Seat num="7" alias="Marrow" balance="30.00" endbalance="31.65"/>'))
    assert {s.seat: s.contributed for s in limped.seats} == {2: 25, 5: 150, 7: 150}
    assert limped.reconciles() and not [n for n in limped.notes if "balance" in n]
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(_RETURNED, head="", seats=seats))
    assert exc.value.reason == QuarantineReason.UNKNOWN_FORMAT
    assert exc.value.message == (
        "<Action type='Raise'> of seat 2, which already has 25 in this street, in a <Game> without hhversion: "
        "whether its value is what it added or a total is not known")


def test_a_currency_symbol_padded_with_a_space_is_read_without_it():
    # files of 2009 write `` $`` (IAAkAA==) and `` €`` (IACsIA==); the dollar is the printed one
    dollars = PARSER.parse("----PRIMA.DAT----\r\n\r\n" + _game(_RETURNED, symbol="IAAkAA=="))
    assert (dollars.currency, dollars.amount_scale, dollars.small_blind, dollars.big_blind) == ("USD", 100, 25, 50)
    assert [(p.seat, p.amount, p.source) for p in dollars.payouts] == [
        (2, 550, PayoutSource.UNCALLED), (2, 780, PayoutSource.POT)]
    assert (dollars.rake, dollars.pot_total) == (20, 800) and dollars.reconciles()
    assert PARSER.parse(_game(_RETURNED, symbol="IACsIA==")).currency == "EUR"
    # a symbol that is only padding, or one the table does not know, still names no currency
    for symbol, shown in (("IAA=", ""), ("pQA=", "\u00a5")):
        with pytest.raises(HandParseError) as exc:
            PARSER.parse(_game(_RETURNED, symbol=symbol))
        assert (exc.value.reason, exc.value.message) == (
            QuarantineReason.PARSE_ERROR, f"currency symbol {shown!r} not known (currencysymbol={symbol!r})")


def test_multi_table_tournament_is_chips_with_the_tournament_id():
    gameplay = (
        '<Action seq="1" type="SmallBlind" seat="3" value="25.00"/>'
        '<Action seq="2" type="BigBlind" seat="8" value="50.00"/>'
        '<Action seq="3" type="Fold" seat="3"/>'
        '<Action type="Win"><Seat num="8" amount="75.00" pot="0" type="" lowhandwin="0"/></Action>')
    seats = ('<Seat num="3" alias="Tamsin" balance="1500.00" endbalance="1475.00" dealer="true"/>'
             '<Seat num="8" alias="Corvid" balance="1500.00" endbalance="1525.00"/>')
    hand = PARSER.parse(_game(gameplay, gametype="Multi Table Hold&apos;em", tournament="1", stakes="25|50",
                              symbol="", rake="", tablename="Sunday Oak 40 [25004417]:Table 3", seats=seats))
    assert (hand.game, hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (
        Game.HOLDEM, True, "25004417", None, 1)
    assert (hand.small_blind, hand.big_blind) == (25, 50)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(8, 75)]
    assert {s.seat: s.stack for s in hand.seats} == {3: 1500, 8: 1500}


def test_cancelled_hand_and_hand_that_pays_no_one():
    cancelled = ('<Action seq="1" type="DealCards" seat="2"><Card value="9" suit="s"/><Card value="4" suit="d"/>'
                 '<Card value="J" suit="c"/><Card value="2" suit="h"/></Action><Action seq="2" type="Fold" seat="2"/>')
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(cancelled, seats='<Seat num="2" alias="Ferrin" balance="50.00" endbalance="50.00"/>'))
    assert exc.value.reason == QuarantineReason.INCONSISTENT
    assert exc.value.message == (
        'hand cancelled: nobody put anything in and there is no <Action type="Win"> (1 seat(s) at the table)')
    assert exc.value.hand_id == "7001002003"
    # complete, money in, nobody paid: an audit finding, not a parse failure
    unpaid = _RETURNED[: _RETURNED.index('<Action type="Win">')]
    hand = PARSER.parse(_game(unpaid, seats='<Seat num="2" alias="Ferrin" balance="50.00" endbalance="46.00"/>'
                                            '<Seat num="5" alias="Quillon" balance="40.00" endbalance="36.00"/>'))
    assert [(p.seat, p.amount, p.source) for p in hand.payouts] == [(2, 550, PayoutSource.UNCALLED)]
    assert hand.pot_total == 800 and not hand.reconciles()
    assert 'no <Action type="Win">: the platform paid no one' in hand.notes


@pytest.mark.parametrize(("old", "new", "message"), [
    ('<Action seq="8" type="Fold" seat="5"/>', '<Action seq="8" type="Fold" seat="5"/>'
     '<Action seq="8" type="TimeOut" seat="5" value="0.50"/>',
     "action 'TimeOut' with a value: {'seq': '8', 'type': 'TimeOut', 'seat': '5', 'value': '0.50'}"),
    ('</Gameplay>', '</Gameplay><Jackpot seat="2" amount="1.00"/>',
     'element <Jackpot seat="2" amount="1.00"/> not known inside <Game>'),
    ('type="" lowhandwin="0"/>', 'type="" lowhandwin="0" rake="0.10"/>',
     "attribute rake='0.10' of <Seat> not known: "
     '<Seat num="2" amount="7.80" pot="0" type="" lowhandwin="0" rake="0.10"/>'),
    ('type="" lowhandwin="0"/>', 'type="jackpot" lowhandwin="0"/>',
     "type='jackpot' of <Seat> not read: "
     '<Seat num="2" amount="7.80" pot="0" type="jackpot" lowhandwin="0"/>'),
])
def test_unknown_elements_attributes_and_values_fail_the_hand(old, new, message):
    # Elements and attributes outside the actions read, and a no-money action carrying a
    # value, used to be passed over.
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(_RETURNED).replace(old, new))
    assert (exc.value.reason, exc.value.message, exc.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "7001002003")
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(_RETURNED, rake=' rake="20" badbeat="maybe"'))
    assert exc.value.message.startswith("badbeat='maybe' of <Game> not read: ")


@pytest.mark.parametrize(("old", "new", "message"), [
    # a win's seat carries no balance: <Seat> means a player only under <Seats>
    ('lowhandwin="0"/></Action>', 'lowhandwin="0" balance="9.00"/></Action>',
     "attribute balance='9.00' of <Seat> not known: "
     '<Seat num="2" amount="7.80" pot="0" type="" lowhandwin="0" balance="9.00"/>'),
    # a card is known only inside an action that deals or shows it
    ('<Action seq="8" type="Fold" seat="5"/>', '<Action seq="8" type="Fold" seat="5"/><Card value="A" suit="s"/>',
     'element <Card value="A" suit="s"/> not known inside <Gameplay>'),
    ('<Seat num="5" alias="Quillon"', '<Card value="A" suit="s"/><Seat num="5" alias="Quillon"',
     'element <Card value="A" suit="s"/> not known inside <Seats>'),
])
def test_an_element_known_under_one_parent_fails_the_hand_under_another(old, new, message):
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(_RETURNED).replace(old, new))
    assert (exc.value.reason, exc.value.message, exc.value.hand_id) == (QuarantineReason.PARSE_ERROR, message, "7001002003")


def test_a_bad_beat_jackpot_table_and_its_drop_outside_the_pot():
    # badbeat="true" marks every hand of a jackpot table; the jackpot's 0.02 drop is taken
    # from one seat's balance (Quillon: 40.00 -> 35.98 for 4.00 put in), not from the pot,
    # which adds up as on any table (8.00 put in = 7.80 won + 0.20 rake).
    drop = '<Action seq="3" type="BadBeatContribution" seat="5" value="0.02"/>'
    gameplay = _RETURNED.replace('<Action seq="3" type="Raise"', drop + '<Action seq="3" type="Raise"')
    seats = ('<Seat num="2" alias="Ferrin" balance="50.00" endbalance="53.80" dealer="true"/>'
             '<Seat num="5" alias="Quillon" balance="40.00" endbalance="35.98"/>')
    hand = PARSER.parse(_game(gameplay, rake=' badbeat="true" rake="20"', seats=seats))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 400, 5: 400}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 550), (2, 780)]
    assert (hand.rake, hand.fees, hand.pot_total) == (20, 0, 800) and hand.reconciles()
    assert "seat 5 paid 2 to the bad-beat jackpot, outside the pot" in hand.notes
    assert not [n for n in hand.notes if "balance" in n]  # the drop accounts for the balance
    with pytest.raises(HandParseError) as exc:
        PARSER.parse(_game(gameplay.replace('seat="5" value="0.02"', 'seat="7" value="0.02"'), seats=seats))
    assert exc.value.reason == QuarantineReason.INCONSISTENT


def test_known_actions_and_attributes_without_money_are_skipped():
    quiet = "".join(f'<Action seq="8" type="{kind}" seat="5"/>' for kind in ("Chat", "TimeOut", "Disconnect", "Reconnect",
                                                                            "SitOut", "SitIn"))
    hand = PARSER.parse(_game(_RETURNED.replace('<Action seq="8" type="Fold" seat="5"/>',
                                                '<Action seq="8" type="Fold" seat="5"/>' + quiet),
                              rake=' totalplayers="2" tablesize="6" badbeat="false" rake="20"'))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 400, 5: 400}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 550), (2, 780)] and hand.reconciles()


# Everyone folds to Ferrin before the flop; Tamsin (seat 4, sitting out) has no action at
# all. Counted as still in, she made the pot look contested.
_FOLDED_TO_WITH_A_SEAT_SITTING_OUT = (
    '<Action seq="1" type="SmallBlind" seat="5" value="0.25"/>'
    '<Action seq="2" type="BigBlind" seat="2" value="0.50"/>'
    '<Action seq="3" type="DealCards" seat="2"><Card value="A" suit="s"/><Card value="K" suit="d"/>'
    '<Card value="9" suit="h"/><Card value="4" suit="c"/></Action>'
    '<Action seq="4" type="Fold" seat="5"/>'
    '<Action type="Win"><Seat num="2" amount="0.75" pot="0" type="" lowhandwin="0"/></Action>'
)


def test_a_seat_sitting_out_with_no_action_is_not_dealt_in_before_any_board():
    seats = ('<Seat num="2" alias="Ferrin" balance="50.00" endbalance="50.25" dealer="true"/>'
             '<Seat num="4" alias="Tamsin" balance="30.00" endbalance="30.00" sittingout="true"/>'
             '<Seat num="5" alias="Quillon" balance="40.00" endbalance="39.75"/>')
    hand = PARSER.parse(_game(_FOLDED_TO_WITH_A_SEAT_SITTING_OUT, seats=seats, rake=' rake="0"'))
    assert [(s.seat, s.dealt_in, s.folded_street is None) for s in hand.seats] == [
        (2, True, True), (4, False, True), (5, True, False)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 50, 4: 0, 5: 25}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 75)] and hand.reconciles()
    assert not [n for n in hand.notes if "balance" in n]


def test_a_disconnect_carries_a_time_not_money():
    # the seat is waited for 30 seconds (value in milliseconds), then folds; its balance is unchanged
    waited = _RETURNED.replace('<Action seq="8" type="Fold" seat="5"/>',
                               '<Action seq="8" type="Disconnect" seat="5" value="30000"/>'
                               '<Action seq="9" type="Fold" seat="5"/>')
    hand = PARSER.parse(_game(waited))
    assert {s.seat: s.contributed for s in hand.seats} == {2: 400, 5: 400}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 550), (2, 780)] and hand.reconciles()
    assert [(a.seat, a.kind) for a in hand.actions if a.seat == 5][-1] == (5, ActionKind.FOLD)
    assert not [n for n in hand.notes if "balance" in n]
    # any other no-money action with a value still fails the hand
    with pytest.raises(HandParseError, match="action 'Reconnect' with a value"):
        PARSER.parse(_game(waited.replace('type="Disconnect"', 'type="Reconnect"')))
