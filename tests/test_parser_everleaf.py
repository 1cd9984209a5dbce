"""Everleaf parser: every corpus file, exact values on real hands, malformed input."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, Platform, QuarantineReason, RakeSource, Street
from rules.records import HandParseError
from parsers.everleaf import PARSER
from parsers.registry import detect
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

HANDS = {
    "Holdem/NLHE-10max-USD-0.01-0.02-201008.2Way.All-in.pre.txt": 1,
    "OmahaHiLo/PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt": 23,
    "Stud/7-Stud-USD-0.05-0.10.201107.txt": 19,
}
SIDECARS = (".hp", ".hands", ".gt")


def _name(path: Path) -> str:
    return path.relative_to(CORPUS / "Everleaf").as_posix()


def _hands(relative: str) -> dict[str, object]:
    text = read_text(corpus_file(f"Everleaf/{relative}"))
    return {h.hand_id: h for h in (PARSER.parse(chunk) for _, chunk in PARSER.split(text))}


@pytest.mark.parametrize("path", corpus_files("Everleaf"), ids=_name)
def test_every_corpus_file(path: Path) -> None:
    text = read_text(path)
    if path.suffix in SIDECARS:
        assert not PARSER.sniff(text[:8192])
        return
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == HANDS[_name(path)]
    for _, chunk in chunks:
        hand = PARSER.parse(chunk)
        assert hand.reconciles(), hand.notes
        assert (hand.rake, hand.rake_source) == (None, RakeSource.ABSENT)
        assert "rake not printed: Everleaf prints no rake or total pot line" in hand.notes


def test_corpus_has_every_listed_file() -> None:
    files = {_name(p) for p in corpus_files("Everleaf") if p.suffix not in SIDECARS}
    if not files:
        pytest.skip(f"the shared corpus is absent at {CORPUS}")
    assert files == set(HANDS)


def test_hilo_scoop_labelled_halves() -> None:
    hand = _hands("OmahaHiLo/PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt")["149107795"]
    assert (hand.platform, hand.format, hand.game, hand.limit) == (Platform.EVERLEAF, Format.EVERLEAF, Game.OMAHA_HILO, Limit.POT)
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (5, 10, 5, "Old Market I")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == ("2010/03/02 - 19:36:48", None, "2010-03-02")
    assert hand.boards == [["8d", "6h", "3c", "Qd", "7h"]]
    assert hand.seat(10).cards == ["Qc", "As", "4s", "Qh"] and hand.seat(10).showed
    assert hand.seat(5).cards == []
    assert {s.seat: s.contributed for s in hand.seats} == {5: 270, 10: 270}
    assert [(p.seat, p.amount, p.pot, p.run, p.half) for p in hand.payouts] == [
        (10, 257, 0, None, Half.HIGH),
        (10, 256, 0, None, Half.LOW),
    ]
    assert hand.payouts[1].line == "Hero wins  low ($2.56) from main pot with 7, 6, 4, 3, A [ As, 7h, 6h, 4s, 3c ]"
    assert (hand.rake, hand.fees, hand.pots_printed) == (None, 0, None)


def test_hilo_split_between_players_and_unlabelled_lines() -> None:
    hands = _hands("OmahaHiLo/PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt")
    split = hands["149109783"]
    assert [(p.seat, p.amount, p.half) for p in split.payouts] == [(5, 10, Half.HIGH), (10, 9, Half.LOW)]
    assert split.seat(5).cards == ["2h", "Kd", "8d", "Ts"]
    assert {s.seat: s.contributed for s in split.seats} == {5: 10, 10: 10}
    unlabelled = hands["149108717"]
    assert [(p.seat, p.amount, p.half) for p in unlabelled.payouts] == [(10, 29, Half.UNLABELLED), (10, 28, Half.UNLABELLED)]
    # Hero's river bet of 0.60 was not called; Everleaf prints no return, so it is inferred.
    assert {s.seat: s.contributed for s in unlabelled.seats} == {5: 30, 10: 30}
    returned = [(a.seat, a.amount, a.street) for a in unlabelled.actions if a.kind == ActionKind.UNCALLED_RETURN]
    assert returned == [(10, 60, Street.RIVER)]
    assert "uncalled bet not printed: 60 returned to seat 10 (what no other seat matched)" in unlabelled.notes


def test_side_pot_with_wrapped_line() -> None:
    hand = _hands("Holdem/NLHE-10max-USD-0.01-0.02-201008.2Way.All-in.pre.txt")["190070009"]
    assert (hand.game, hand.limit) == (Game.HOLDEM, Limit.NO)
    assert hand.boards == [["6d", "Jc", "Js", "3d", "9d"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 98, 2: 0, 3: 2, 4: 98, 5: 2, 8: 0, 9: 3, 10: 0}
    assert [s.seat for s in hand.seats if s.all_in] == [1, 9]
    assert hand.seat(9).cards == ["5s", "Td"]
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [(4, 13, 0, Half.WHOLE), (4, 181, 1, Half.WHOLE)]
    assert hand.payouts[1].line == "Player4 wins $ 1.81 USD from side pot with two pairs, jacks and"


def test_stud_bring_in_and_completion() -> None:
    hand = _hands("Stud/7-Stud-USD-0.05-0.10.201107.txt")["285997876"]
    assert (hand.game, hand.limit, hand.ante, hand.bring_in) == (Game.STUD, Limit.FIXED, 1, 2)
    assert hand.boards == []
    assert {s.seat: s.contributed for s in hand.seats} == {1: 1, 2: 51, 3: 3, 4: 51}
    assert hand.seat(2).cards == ["5d", "8d", "Kd", "7d", "9d", "Jh", "Qc"]
    complete = [a for a in hand.actions if a.kind == ActionKind.COMPLETE]
    assert [(a.seat, a.amount, a.street) for a in complete] == [(4, 5, Street.THIRD)]
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(2, 98, Half.WHOLE)]


def test_parser_is_picklable() -> None:
    assert pickle.loads(pickle.dumps(PARSER)).format == Format.EVERLEAF


HAND = """Everleaf Gaming Game #149107627
***** Hand history for game #149107627 *****
Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:36:09
Table Old Market I
Seat 10 is the button
Total number of players: 2
Seat 5: Villain (  $ 10.81 USD )
Seat 10: Hero (  $ 9.10 USD )
Hero: posts small blind [$ 0.05 USD]
Villain: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ Jd, 9h, 3h, 3c ]
Hero calls [$ 0.05 USD]
Villain checks
"""


def test_truncated_hand() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND)
    assert err.value.reason == QuarantineReason.TRUNCATED
    assert err.value.message == "hand has no pay line (cut off before the result?)"
    assert err.value.hand_id == "149107627"


def test_garbage_amount() -> None:
    text = HAND.replace("calls [$ 0.05 USD]", "calls [$ 0.0x5 USD]")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.reason == QuarantineReason.PARSE_ERROR
    assert err.value.message == "unexpected line 13: 'Hero calls [$ 0.0x5 USD]'"
    text = HAND.replace("calls [$ 0.05 USD]", "calls [$ 0.051 USD]")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text)
    assert err.value.reason == QuarantineReason.BAD_AMOUNT
    assert err.value.message == (
        "'$ 0.051 USD' has more decimals than the minor unit allows (scale 100) in line 'Hero calls [$ 0.051 USD]'"
    )


def test_crlf_and_bom() -> None:
    text = "\ufeff" + (HAND + "Villain wins $ 0.20 USD from main pot\n").replace("\n", "\r\n")
    assert PARSER.sniff(text)
    [(_, chunk)] = list(PARSER.split(text))
    hand = PARSER.parse(chunk)
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(5, 20, Half.UNLABELLED)]
    assert hand.pot_total == 20


def test_unknown_lines_fail_the_hand() -> None:
    # Lines naming nobody seated, and cards dealt to no seat, used to be skipped unread.
    paid = HAND + "Villain wins $ 0.20 USD from main pot\n"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(paid + "Table bonus $ 0.50 USD to Villain\n")
    assert (err.value.reason, err.value.message, err.value.hand_id) == (
        QuarantineReason.PARSE_ERROR, "unexpected line 16: 'Table bonus $ 0.50 USD to Villain'", "149107627")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(paid.replace("Villain checks\n", "Villain checks\nDealt to Nobody [ 2c, 2d, 2h, 2s ]\n"))
    assert err.value.message == "cards dealt to an unseated player, line 15: 'Dealt to Nobody [ 2c, 2d, 2h, 2s ]'"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(paid.replace("Villain checks\n", "Villain checks\nVillain has timed out and forfeits $ 1 USD\n"))
    assert err.value.message == "unexpected line 15: 'Villain has timed out and forfeits $ 1 USD'"
    # Only a pay line's hand description wraps onto the next line.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(paid.replace("Villain checks\n", "Villain checks\neights [ Jc, Js, 9d, 8c, 8h ]\n"))
    assert err.value.message == "unexpected line 15: 'eights [ Jc, Js, 9d, 8c, 8h ]'"


def test_known_lines_without_money_are_skipped() -> None:
    quiet = (
        "Villain has disconnected and has been given a further 20 seconds to react\n"
        "Villain has reconnected\n"
        "Hero is sitting out\n"
        "Hero has returned\n"
        "Hero: good luck\n"
    )
    wrapped = "Villain wins $ 0.20 USD from main pot with two pairs, jacks and\neights [ Jc, Js, 9d, 8c, 8h ]\n"
    hand = PARSER.parse(HAND.replace("Villain checks\n", "Villain checks\n" + quiet) + wrapped + "Hero does not show cards\n")
    assert [(p.seat, p.amount) for p in hand.payouts] == [(5, 20)]
    assert {s.seat: s.contributed for s in hand.seats} == {5: 10, 10: 10}


@pytest.mark.parametrize("sign", ["€", "ˆ"])
def test_euro_table_amounts_end_in_euro(sign: str) -> None:
    # Every hand of a euro table was quarantined: "EURO" is not "EUR", and some files print
    # the euro sign as "ˆ".
    text = f"""Everleaf Gaming Game #401223344
***** Hand history for game #401223344 *****
Blinds {sign}0.10/{sign}0.20 PL Omaha Hi/Lo - 2011/05/14 - 21:03:52
Table Rovaniemi
Seat 3 is the button
Total number of players: 2
Seat 3: Moth (  {sign} 12.40 EURO )
Seat 6: Lynx (  {sign} 20 EURO )
Moth: posts small blind [{sign} 0.10 EURO]
Lynx: posts big blind [{sign} 0.20 EURO]
** Dealing down cards **
Dealt to Moth [ Ad, 2c, 5h, Kd ]
Moth raises [{sign} 0.50 EURO]
Lynx calls [{sign} 0.40 EURO]
** Dealing Flop ** [ 3s, 4d, Qh ]
Lynx checks
Moth: bets [{sign} 1.20 EURO]
Lynx folds
Moth does not show cards
Moth wins {sign} 1.14 EURO from main pot
"""
    hand = PARSER.parse(text)
    assert (hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind) == ("EUR", 100, 10, 20)
    assert {s.seat: (s.stack, s.contributed) for s in hand.seats} == {3: (1240, 60), 6: (2000, 60)}
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(3, 114, Half.UNLABELLED)]
    assert hand.reconciles()


STACKLESS = """Everleaf Gaming Game #120330441
***** Hand history for game #120330441 *****
Blinds $0.10/$0.25 NL Hold'em - 2009/12/03 - 23:41:07
Table Huanchaco
Seat 2 is the button
Total number of players: 3
Seat 2: Wren (  $ 18.20 USD )
Seat 5: Stoat ( All-in )
Seat 7: Vole (  $ 25 USD )
Vole: posts small blind [$ 0.10 USD]
Wren: posts big blind [$ 0.25 USD]
** Dealing down cards **
Dealt to Wren [ 9s, 9c ]
Vole calls [$ 0.15 USD]
Wren raises [$ 0.75 USD]
Vole folds
Wren does not show cards
Wren wins $ 0.48 USD from main pot
"""


def test_seat_printing_all_in_for_its_stack() -> None:
    # The seat line that prints "All-in" instead of a stack quarantined the whole hand.
    hand = PARSER.parse(STACKLESS)
    assert {s.seat: (s.stack, s.contributed, s.all_in) for s in hand.seats} == {
        2: (1820, 25, False), 5: (None, 0, False), 7: (2500, 25, False)}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 48)]
    assert "seat 5 (Stoat) printed 'All-in' for its stack: none read" in hand.notes
    assert hand.reconciles()
    with pytest.raises(HandParseError) as err:
        PARSER.parse(STACKLESS.replace("Vole folds\n", "Vole folds\nStoat calls [$ 0.75 USD]\n"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "seat 5 printed 'All-in' for its stack and then put 75 in the pot")


# Chips without a currency (a 2009 tournament table): the bets still carry a ``$``, and
# the pay lines name the unit, ``wins 2390 chips from main pot``.
CHIPS = """Everleaf Gaming Game #108200415
***** Hand history for game #108200415 *****
Blinds 50/100 NL Hold'em - 2009/11/14 - 21:06:51
Table 5
Seat 1 is the button
Total number of players: 3
Seat 1: Heron ( 1500 )
Seat 2: Egret ( 1190 )
Seat 4: Bittern ( 2210 )
Egret: posts small blind [$ 50]
Bittern: posts big blind [$ 100]
** Dealing down cards **
Dealt to Heron [ Jc, Jd ]
Heron raises [$ 300]
Egret calls [$ 1140]
Bittern folds
Heron calls [$ 890]
** Dealing Flop ** [ 2s, 8h, Qd ]
** Dealing Turn ** [ 4c ]
** Dealing River ** [ 7s ]
Heron wins 2480 chips from main pot with a pair of jacks [ Jc, Jd, Qd, 8h, 7s ]
"""


def test_chips_pay_line_names_the_unit() -> None:
    hand = PARSER.parse(CHIPS)
    assert (hand.currency, hand.amount_scale) == (None, 1)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 1190, 2: 1190, 4: 100}
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts if p.pot is not None] == [(1, 2480, 0, Half.WHOLE)]
    assert hand.reconciles()


# A 2011 tournament table: every amount ends in ``Chips``, and a player moved in from
# another table mid-hand has a seat line with no stack and a notice, but no cards.
CHIPS_2011 = """Everleaf Gaming Game #290114702
***** Hand history for game #290114702 *****
Blinds 40/80 NL Hold'em - 2011/08/02 - 20:14:33
Table 2
Seat 3 is the button
Total number of players: 4
Seat 1: Plover (  1,240 Chips )
Seat 3: Dunlin (  905 Chips )
Seat 5: Knot ( new player )
Seat 6: Sanderling (  2010 Chips )
Sanderling: posts small blind [ 40 Chips]
Plover: posts big blind [ 80 Chips]
** Dealing down cards **
Dealt to Dunlin [ Ah, Kd ]
Knot has been reseated to this table
Dunlin raises [ 240 Chips]
Sanderling folds
Plover calls [ 160 Chips]
** Dealing Flop ** [ Kc, 7s, 2d ]
Plover checks
Dunlin: bets [ 600 Chips]
Plover folds
Dunlin does not show cards
Dunlin wins 520 chips from main pot
"""


def test_chips_unit_and_a_seat_reseated_mid_hand() -> None:
    hand = PARSER.parse(CHIPS_2011)
    assert {s.seat: (s.stack, s.contributed, s.dealt_in) for s in hand.seats} == {
        1: (1240, 240, True), 3: (905, 240, True), 5: (None, 0, False), 6: (2010, 40, True)}
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts if p.pot is not None] == [(3, 520, 0)]
    assert "seat 5 (Knot) printed 'new player' for its stack: none read" in hand.notes
    assert hand.reconciles()


# A later skin of the network (2019): the skin's name opens the hand, a tournament line
# follows the hand-history line, and the game line names the table size.
SKIN_TOURNAMENT = """- - Grand Poker - Game #15700321
***** Hand history for game #15700321 *****
Tournament #2790044 - Level 4
Blinds 25/50 NL Hold'em - 6 Max - 2019/02/03 - 21:40:18
Table 3
Seat 2 is the button
Total number of players: 3
Seat 1: Curlew ( 1460 )
Seat 2: Whimbrel ( 2210 )
Seat 4: Godwit ( 1830 )
Godwit: posts small blind [25]
Curlew: posts big blind [50]
** Dealing down cards **
Dealt to Whimbrel [ Qs, Qh ]
Whimbrel raises [150]
Godwit folds
Curlew calls [100]
** Dealing Flop ** [ 8c, 3d, Jh ]
Curlew checks
Whimbrel: bets [200]
Curlew folds
Whimbrel does not show cards
Whimbrel wins 325 from main pot"""


def test_skin_opening_and_tournament_line() -> None:
    text = SKIN_TOURNAMENT.replace("\n", "\r\n")
    assert PARSER.sniff(text) and detect(text) is PARSER
    [(_, chunk)] = list(PARSER.split(text))
    hand = PARSER.parse(chunk)
    assert (hand.hand_id, hand.is_tournament, hand.tournament_id, hand.is_play_money) == ("15700321", True, "2790044", False)
    assert (hand.game, hand.limit, hand.max_seats, hand.amount_scale, hand.currency) == (Game.HOLDEM, Limit.NO, 6, 1, None)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 150, 2: 150, 4: 25}
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts if p.pot is not None] == [(2, 325, 0)]
    assert hand.reconciles()


# Two all-in levels make two side pots, and both pay lines say only "from side pot".
TWO_SIDE_POTS = """Everleaf Gaming Game #283100417
***** Hand history for game #283100417 *****
50/100 NL Hold'em - 2011/07/02 - 21:12:40
Table 2
Seat 3 is the button
Total number of players: 4
Seat 1: Ruff (  300 Chips )
Seat 2: Snipe (  700 Chips )
Seat 3: Stint (  2000 Chips )
Seat 4: Sora (  2000 Chips )
Sora: posts small blind [ 50 Chips]
Ruff: posts big blind [ 100 Chips]
** Dealing down cards **
Snipe raises [ 700 Chips]
Stint calls [ 700 Chips]
Sora calls [ 650 Chips]
Ruff calls [ 200 Chips]
** Dealing Flop ** [ 2c, 7d, Jh ]
Sora: bets [ 400 Chips]
Stint calls [ 400 Chips]
** Dealing Turn ** [ 4s ]
** Dealing River ** [ 9c ]
Ruff shows [ Kc, Qc ] high card king
Snipe shows [ Tc, Td ] a pair of tens
Stint shows [ Ah, Ad ] a pair of aces
Sora shows [ 8h, 8s ] a pair of eights
Stint wins 1200 chips from main pot with a pair of aces [ Ah, Ad, Jh, 9c, 7d ]
Stint wins 1200 chips from side pot with a pair of aces [ Ah, Ad, Jh, 9c, 7d ]
Stint wins 800 chips from side pot with a pair of aces [ Ah, Ad, Jh, 9c, 7d ]
"""


def test_unnumbered_side_pots_name_no_pot_when_there_are_several() -> None:
    hand = PARSER.parse(TWO_SIDE_POTS)
    assert {s.seat: (s.contributed, s.all_in) for s in hand.seats} == {
        1: (300, True), 2: (700, True), 3: (1100, False), 4: (1100, False)}
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(3, 1200, 0), (3, 1200, None), (3, 800, None)]
    assert "2 side pots, each paid 'from side pot' without its number: their pay lines name no pot" in hand.notes
    assert hand.reconciles()
    # With one side pot, "from side pot" can only be that one.
    single = PARSER.parse(TWO_SIDE_POTS.replace("Seat 2: Snipe (  700 Chips )", "Seat 2: Snipe (  900 Chips )"))
    assert single.seat(2).all_in is False and [p.pot for p in single.payouts] == [0, 1, 1]


WAITING_SEAT = """Everleaf Gaming - Concord Gaming - Game #196300001
***** Hand history for game #196300001 *****
Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:35:34
Table Somewhere XIV
Seat 3 is the button
Total number of players: 4
Seat 1: Ash (  $ 12.35 USD )
Seat 2: Birch (  $ 4.25 USD )
Seat 3: Cedar (  $ 6.12 USD )
Seat 4: Newcomer (  $ 5 USD )
Ash: posts small blind [$ 0.05 USD]
Birch: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Birch [ Kc, Jd ]
Cedar raises [$ 0.35 USD]
Newcomer has joined the table
Ash folds
Birch calls [$ 0.25 USD]
** Dealing Flop ** [ 9s, 3c, Jc ]
Birch: bets [$ 0.60 USD]
Cedar folds
Birch does not show cards
Birch wins $ 0.75 USD from main pot
"""


def test_a_seat_waiting_for_the_big_blind_is_not_dealt_in() -> None:
    # a later skin's opening; the newcomer is listed but never posts, acts or gets cards, so
    # the pot is uncontested (and "has joined the table" carries nothing)
    assert detect(WAITING_SEAT[:2000]) is PARSER
    hand = PARSER.parse(WAITING_SEAT)
    assert hand.hand_id == "196300001"
    assert {s.seat: s.dealt_in for s in hand.seats} == {1: True, 2: True, 3: True, 4: False}
    assert {s.seat: s.contributed for s in hand.seats} == {1: 5, 2: 35, 3: 35, 4: 0}
    assert [(p.seat, p.amount, p.source.value) for p in hand.payouts] == [(2, 75, "pot")]
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(2, 60)]
    assert hand.reconciles()


def test_2011_stud_dealt_lines_end_in_a_full_stop() -> None:
    text = """Everleaf Gaming Game #295600001
***** Hand history for game #295600001 *****
€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06
Table Somewhere
Total number of players: 2
Seat 5: Oak (  € 2.50 EURO )
Seat 8: Pine (  € 2.50 EURO )
Oak: posts ante [€ 0.01 EURO]
Pine: posts ante [€ 0.01 EURO]
** Dealing down cards **
Dealt to Oak [ Ah ].
Dealt to Pine [ 5d, Qs, 7s ].
Pine posts bring-in €0.02.
Oak completes to €0.05.
Pine calls [€ 0.03 EURO]
** Dealing 4th Street **
Dealt to Oak [ 6c ].
Dealt to Pine [ Th ].
Oak: bets [€ 0.05 EURO]
Pine folds
Oak does not show cards
Oak wins € 0.12 EURO from main pot
"""
    hand = PARSER.parse(text)
    assert hand.game == Game.STUD and hand.currency == "EUR"
    assert {s.seat: s.upcards for s in hand.seats} == {5: ["Ah", "6c"], 8: ["7s", "Th"]}
    assert {s.seat: s.contributed for s in hand.seats} == {5: 6, 8: 6}
    assert [(p.seat, p.amount, p.source.value) for p in hand.payouts] == [(5, 12, "pot")]
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(5, 5)]
    assert hand.reconciles()
