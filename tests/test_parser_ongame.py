"""OnGame parser: every corpus file, exact values on real hands, malformed input."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rules.vocab import ActionKind, Format, Game, Half, Limit, Platform, QuarantineReason, Street
from rules.records import HandParseError
from parsers.ongame import PARSER
from parsers.registry import detect
from tests.corpus import CORPUS, corpus_file, corpus_files, read_text

HANDS = {
    "Omaha/LO-9max-0.05-0.10-201009.Sample.txt": 9,
    "OmahaHiLo/GameTypeTests__PotLimitOmahaHiLo.txt": 1,
    "OmahaHiLo/HandActionTests__OmahaHiLo.txt": 1,
    "OmahaHiLo/PLO8-USD-0.50-0.50-201111.txt": 2,
    "OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt": 1,
    "Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt": 4,
    "StudHiLo/7-StudHL-USD-0.25-0.50-201008.All.streets.txt": 1,
}


def _name(path: Path) -> str:
    return path.relative_to(CORPUS / "OnGame").as_posix()


def _hands(relative: str) -> dict:
    text = read_text(corpus_file(f"OnGame/{relative}"))
    return {h.hand_id: h for h in (PARSER.parse(chunk) for _, chunk in PARSER.split(text))}


@pytest.mark.parametrize("path", corpus_files("OnGame"), ids=_name)
def test_every_corpus_file(path: Path) -> None:
    text = read_text(path)
    assert PARSER.sniff(text[:8192])
    assert detect(text[:8192]) is PARSER
    chunks = list(PARSER.split(text))
    assert len(chunks) == HANDS[_name(path)]
    for _, chunk in chunks:
        hand = PARSER.parse(chunk)
        assert hand.reconciles(), hand.notes
        assert sum(hand.pots_printed) == hand.pot_total
        # OnGame's own per-seat net agrees with the parsed lines in every corpus hand.
        assert not [n for n in hand.notes if "summary net" in n]


def test_corpus_has_every_listed_file() -> None:
    files = {_name(p) for p in corpus_files("OnGame")}
    if not files:
        pytest.skip(f"the shared corpus is absent at {CORPUS}")
    assert files == set(HANDS)


def test_hilo_scoop_two_unlabelled_entries() -> None:
    hand = _hands("OmahaHiLo/PlayerTests__OmahaHiLoShowdown.txt")["R5-361875219-14"]
    assert (hand.platform, hand.format, hand.game, hand.limit) == (Platform.ONGAME, Format.ONGAME, Game.OMAHA_HILO, Limit.POT)
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.table_name) == (500, 500, 2, "Hospitalet")
    assert (hand.start_time_raw, hand.start_time_utc, hand.hand_date) == ("Mon Jan 06 08:58:00 CET 2014", "2014-01-06T07:58:00Z", "2014-01-06")
    assert hand.boards == [["8d", "6c", "Kd", "2d", "3d"]]
    assert hand.seat(1).cards == ["Ad", "Js", "7d", "Ah"] and hand.seat(2).cards == ["2h", "3c", "As", "9h"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 26000, 2: 26000}
    line = "Main pot: $520.00 won by alikator21 ($259.50), alikator21 ($259.50)"
    assert [(p.seat, p.amount, p.pot, p.run, p.half, p.line) for p in hand.payouts] == [
        (1, 25950, 0, None, Half.UNLABELLED, line),
        (1, 25950, 0, None, Half.UNLABELLED, line),
    ]
    assert (hand.rake, hand.fees, hand.pots_printed, hand.pots_printed_net) == (100, 0, [52000], False)


def test_hilo_high_tie_all_in() -> None:
    hand = _hands("OmahaHiLo/HandActionTests__OmahaHiLo.txt")["R5-361875219-6"]
    assert hand.seat(1).all_in and not hand.seat(2).all_in
    assert {s.seat: s.contributed for s in hand.seats} == {1: 35500, 2: 35500}
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(1, 35450, Half.UNLABELLED), (2, 35450, Half.UNLABELLED)]
    raises = [(a.seat, a.amount, a.street) for a in hand.actions if a.kind == ActionKind.RAISE]
    assert raises == [(2, 500, Street.PREFLOP), (1, 2500, Street.PREFLOP), (2, 24000, Street.FLOP), (1, 26500, Street.FLOP)]


def test_high_only_tie_and_inferred_uncalled() -> None:
    hands = _hands("Omaha/LO-9max-0.05-0.10-201009.Sample.txt")
    tie = hands["R5-81867677-657"]
    assert tie.start_time_utc == "2010-09-12T23:27:13Z"
    assert [(p.seat, p.amount, p.half) for p in tie.payouts] == [(3, 27, Half.WHOLE), (8, 26, Half.WHOLE)]
    assert tie.rake == 2
    uncontested = hands["R5-81867677-656"]
    assert {s.seat: s.contributed for s in uncontested.seats} == {3: 5, 4: 5, 8: 5}
    assert [(a.seat, a.amount) for a in uncontested.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(3, 10)]
    two_bigs = hands["R5-81867677-658"]
    posts = [(a.seat, a.kind) for a in two_bigs.actions if a.street == Street.PREDEAL]
    assert posts == [(8, ActionKind.POST_SMALL_BLIND), (10, ActionKind.POST_BIG_BLIND), (1, ActionKind.POST_BLIND)]


def test_stud_hilo_cards_and_ante() -> None:
    hand = _hands("StudHiLo/7-StudHL-USD-0.25-0.50-201008.All.streets.txt")["R5-78227816-62"]
    assert (hand.game, hand.ante, hand.bring_in, hand.button_seat) == (Game.STUD_HILO, 5, 12, None)
    hero = hand.seat(1)
    assert hero.cards == ["8d", "8s", "4d", "3h", "8c", "4c", "5h"]
    assert hero.upcards == ["4d", "3h", "8c", "4c"]
    assert hand.seat(6).upcards == ["5c", "2h", "Kh", "Qh"]
    assert hand.seat(6).cards == [None, None, "5c", "2h", "Kh", "Qh"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 242, 3: 5, 5: 5, 6: 242, 7: 5, 8: 5, 9: 5, 10: 5}
    assert [(p.seat, p.amount, p.half) for p in hand.payouts] == [(1, 489, Half.UNLABELLED)]
    assert hand.rake == 25


def test_parser_is_picklable() -> None:
    assert pickle.loads(pickle.dumps(PARSER)).format == Format.ONGAME


HAND = """***** History for hand R5-361875219-2 *****
Start hand: Mon Jan 06 08:53:00 CET 2014
Table: Hospitalet [361875219] (POT_LIMIT OMAHA_HI_LO $5/$5, Real money)
Button: seat 2
Players in round: 2
Seat 1: alikator21 ($370.00)
Seat 2: McCall901 ($500.00)
McCall901 posts small blind ($5)
alikator21 posts big blind ($5)
---
Dealing pocket cards
McCall901 raises $5.00 to $10.00
alikator21 folds
---
Summary:
Main pot: $10.00 won by McCall901 ($10.00)
Rake taken: $0.00
Seat 1: alikator21 ($365.00), net: -$5.00
Seat 2: McCall901 ($505.00), net: +$5.00
***** End of hand R5-361875219-2 *****
"""


def test_whole_hand_parses() -> None:
    hand = PARSER.parse(HAND)
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 1000)] and hand.reconciles()


def test_truncated_hand() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.split("Summary:")[0])
    assert err.value.reason == QuarantineReason.TRUNCATED
    assert err.value.message == "hand has no '***** End of hand' line (cut off at the end of the file?)"
    assert err.value.hand_id == "R5-361875219-2"


def test_garbage_amount() -> None:
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("won by McCall901 ($10.00)", "won by McCall901 ($10.0.0)"))
    assert err.value.reason == QuarantineReason.BAD_AMOUNT
    assert err.value.message == (
        "not an amount: '$10.0.0' in line 'Main pot: $10.00 won by McCall901 ($10.0.0)'"
    )


def test_unknown_line_fails_the_hand() -> None:
    # A line naming nobody seated used to be skipped unread, whatever money it moved.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("alikator21 folds\n", "alikator21 folds\nDealer pays $2.50 to McCall901\n"))
    assert (err.value.reason, err.value.hand_id) == (QuarantineReason.PARSE_ERROR, "R5-361875219-2")
    assert err.value.message == "unexpected line 14: 'Dealer pays $2.50 to McCall901'"
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("alikator21 folds\n", "alikator21 collects $2.50\n"))
    assert err.value.message == "unexpected line 13: 'alikator21 collects $2.50'"
    # A seat line after the deal is no seat of this hand's: it is not skipped as one.
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("alikator21 folds\n", "alikator21 folds\nSeat 3: Zeno ($40.00)\n"))
    assert err.value.message == "unexpected line 14: 'Seat 3: Zeno ($40.00)'"


def test_known_lines_without_money_are_skipped() -> None:
    harmless = (
        "User: McCall901\n"
        "--- Dealing pocket cards\n"
        "alikator21 is sitting out\n"
        "alikator21 sits out\n"
        "alikator21 has returned\n"
        "McCall901 has timed out\n"
        "McCall901 is disconnected\n"
        "McCall901 has reconnected\n"
        "McCall901 : nice hand\n"
    )
    hand = PARSER.parse(HAND.replace("alikator21 folds\n", "alikator21 folds\n" + harmless))
    assert [(p.seat, p.amount) for p in hand.payouts] == [(2, 1000)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 500, 2: 500} and hand.reconciles()


def test_net_disagreement_is_noted() -> None:
    hand = PARSER.parse(HAND.replace("net: +$5.00", "net: +$6.00"))
    assert "seat 2: summary net 600 but the lines give 500 (won 1000, put in 500)" in hand.notes


def test_crlf_and_bom() -> None:
    text = "\ufeff" + HAND.replace("\n", "\r\n")
    assert PARSER.sniff(text)
    [(_, chunk)] = list(PARSER.split(text))
    assert PARSER.parse(chunk).pot_total == 1000


BIG_BRING_IN = """***** History for hand R5-300111222-9 *****
Start hand: Wed Jan 09 21:05:11 CET 2013
Table: Halifax [300111222] (LIMIT SEVEN_CARD_STUD $0.50/$1, ante: $0.05, Real money)
User: Walden
Button: seat 2
Players in round: 3 (6)
Seat 2: Walden ($12.40)
Seat 4: Thoreau ($30)
Seat 5: Emerson ($8.75)
Walden posts ante $0.05
Thoreau posts ante $0.05
Emerson posts ante $0.05
---
Dealing pocket cards
Dealing to Walden: [Ah, Kd, 9s]
Dealing to Thoreau: [-, -, 2c]
Dealing to Emerson: [-, -, Jh]
Thoreau big bring in $0.50
Emerson folds
Walden calls $0.50
---
Dealing 4th street
Dealing to Walden: [4h]
Dealing to Thoreau: [Qc]
Walden checks
Thoreau bets $0.50
Walden folds
---
Summary:
Main pot: $1.15 won by Thoreau ($1.10)
Rake taken: $0.05
Seat 2: Walden ($11.85), net: -$0.55
Seat 4: Thoreau ($30.55), net: +$0.55
Seat 5: Emerson ($8.70), net: -$0.05
***** End of hand R5-300111222-9 *****
"""


def test_stud_big_bring_in() -> None:
    hand = PARSER.parse(BIG_BRING_IN)
    assert (hand.game, hand.ante, hand.bring_in) == (Game.STUD, 5, None)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.THIRD] == [
        (4, ActionKind.BRING_IN, 50), (5, ActionKind.FOLD, None), (2, ActionKind.CALL, 50)]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 55, 4: 55, 5: 5}
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(4, 110, 0)]
    assert hand.rake == 5 and hand.reconciles() and not [n for n in hand.notes if "summary net" in n]


# No ``---`` between the betting before and after the draw, as in some OnGame files.
DRAW = """***** History for hand R5-200333444-17 *****
Start hand: Sat Dec 03 14:22:40 CET 2011
Table: Aarhus [200333444] (POT_LIMIT FIVE_CARD_DRAW $0.50/$1, Real money)
User: Pascal
Button: seat 4
Players in round: 3
Seat 2: Pascal ($40)
Seat 4: Fermat ($25.50)
Seat 7: Euler ($60)
Euler posts small blind ($0.50)
Pascal posts big blind ($1)
---
Dealing pocket cards
Dealing to Pascal: [Qs, Qd, 7c, 3h, 9d]
Fermat calls $1
Euler folds
Pascal raises $3 to $4
Fermat calls $3
Pascal changed 3 cards
New hand for Pascal: [Qs, Qd, Qh, 2c, 8s]
Fermat changed 1 cards
Pascal bets $6
Fermat calls $6
---
Summary:
Main pot: $20.50 won by Pascal ($19.50)
Rake taken: $1
Seat 2: Pascal ($49.50), net: +$9.50, [Qs, Qd, Qh, 2c, 8s] (THREE_OF_A_KIND QUEEN)
Seat 4: Fermat ($15.50), net: -$10, [Js, Jc, 5d, 5h, Kc] (TWO_PAIR JACK, FIVE)
Seat 7: Euler ($59.50), net: -$0.50
***** End of hand R5-200333444-17 *****
"""


def test_five_card_draw_without_street_line() -> None:
    hand = PARSER.parse(DRAW)
    assert (hand.game, hand.limit, hand.boards) == (Game.DRAW5, Limit.POT, [])
    assert [(a.street, a.seat, a.kind, a.amount, a.cards_changed) for a in hand.actions if a.street != Street.PREDEAL] == [
        (Street.PREDRAW, 4, ActionKind.CALL, 100, None),
        (Street.PREDRAW, 7, ActionKind.FOLD, None, None),
        (Street.PREDRAW, 2, ActionKind.RAISE, 300, None),
        (Street.PREDRAW, 4, ActionKind.CALL, 300, None),
        (Street.DRAW1, 2, ActionKind.DISCARD, None, 3),
        (Street.DRAW1, 4, ActionKind.DISCARD, None, 1),
        (Street.DRAW1, 2, ActionKind.BET, 600, None),
        (Street.DRAW1, 4, ActionKind.CALL, 600, None),
    ]
    assert hand.seat(2).cards == ["Qs", "Qd", "Qh", "2c", "8s"] and hand.seat(4).cards == ["Js", "Jc", "5d", "5h", "Kc"]
    assert {s.seat: s.contributed for s in hand.seats} == {2: 1000, 4: 1000, 7: 50}
    assert [(p.seat, p.amount, p.pot, p.half) for p in hand.payouts] == [(2, 1950, 0, Half.WHOLE)]
    assert hand.rake == 100 and hand.reconciles() and not [n for n in hand.notes if "summary net" in n]
    # Without the summary's cards, the viewer's hand is the one dealt after the draw.
    unshown = PARSER.parse(DRAW.replace(", [Qs, Qd, Qh, 2c, 8s] (THREE_OF_A_KIND QUEEN)", ""))
    assert unshown.seat(2).cards == ["Qs", "Qd", "Qh", "2c", "8s"]


TOURNAMENT = """***** History for hand T5-612000777-4 (TOURNAMENT: "€50 Sunday Warm-up", R-22031-118, buy-in: €50) *****
Start hand: Sun Mar 09 19:31:02 CET 2014
Table: Table #7 [6120007770] (NO_LIMIT TEXAS_HOLDEM 50/100, Chips)
User: Kepler
Button: seat 3
Players in round: 2 (9)
Seat 3: Kepler (4200)
Seat 8: Brahe (2750)
Kepler posts small blind (50)
Brahe posts big blind (100)
---
Dealing pocket cards
Dealing to Kepler: [Ac, Qd]
Kepler raises 250 to 300
Brahe calls 200
--- Dealing flop [Qs, 8h, 3c]
Brahe checks
Kepler bets 400
Brahe folds
---
Summary:
Main pot: 600 won by Kepler (600)
Rake taken: €0
Seat 3: Kepler (4500), net: +300
Seat 8: Brahe (2450), net: -300
***** End of hand T5-612000777-4 *****
"""


def test_tournament_header() -> None:
    assert PARSER.sniff(TOURNAMENT) and detect(TOURNAMENT) is PARSER
    [(_, chunk)] = list(PARSER.split(TOURNAMENT))
    hand = PARSER.parse(chunk)
    assert (hand.hand_id, hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (
        "T5-612000777-4", True, "R-22031-118", None, 1)
    assert (hand.small_blind, hand.big_blind, hand.table_name, hand.start_time_utc) == (50, 100, "Table #7", "2014-03-09T18:31:02Z")
    assert {s.seat: s.contributed for s in hand.seats} == {3: 300, 8: 300}
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(3, 600, 0)]
    assert hand.rake == 0 and hand.reconciles() and not [n for n in hand.notes if "summary net" in n]


ALL_IN_STREET_TWICE = """***** History for hand R5-70111222-14 *****
Start hand: Tue Aug 17 21:05:09 GMT+0100 2010
Table: Elsewhere [70111222] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)
User: viewer
Button: seat 3
Players in round: 3
Seat 1: viewer (20.00)
Seat 3: shorty (0.80)
Seat 5: caller (15.00)
shorty posts small blind (0.25)
caller posts big blind (0.50)
---
Dealing pocket cards
Dealing to viewer: [Kd, Ks]
viewer raises 1.00 to 1.00
shorty calls 0.55 [all in]
caller folds
--- Dealing flop [2d, Ad, Th]
--- Dealing flop [2d, Ad, Th]
--- Dealing turn [8s]
--- Dealing river [7d]
---
Summary:
Main pot: 2.10 won by viewer (2.00)
Rake taken: $0.10
Seat 1: viewer (21.20), net: +1.20
Seat 3: shorty (0), net: -0.80, [Qd, Qh] (PAIR QUEEN)
Seat 5: caller (14.50), net: -0.50
***** End of hand R5-70111222-14 *****
"""


def test_a_street_line_printed_twice_after_an_all_in_deals_once() -> None:
    hand = PARSER.parse(ALL_IN_STREET_TWICE)
    assert hand.boards == [["2d", "Ad", "Th", "8s", "7d"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 80, 3: 80, 5: 50}
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (1, ActionKind.UNCALLED_RETURN, 20)]
    assert [(p.seat, p.amount) for p in hand.payouts if p.source.value == "pot"] == [(1, 200)]
    assert (hand.rake, hand.reconciles()) == (10, True)
    assert not [n for n in hand.notes if "net" in n]


DEAD_BLIND_DRAW = """***** History for hand R5-80222333-41 *****
Start hand: Mon Sep 13 00:30:02 GMT+0100 2010
Table: Canal [80222333] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)
User: dealer
Button: seat 4
Players in round: 3
Seat 4: dealer ($3.00)
Seat 6: blinder ($2.10)
Seat 8: comeback ($5.00)
blinder posts small blind ($0.02)
comeback posts big blind ($0.05)
comeback posts dead blind ($0.02)
---
Dealing pocket cards
Dealing to dealer: [Jd, 5s, 8h, 4h, 7d]
dealer folds
blinder calls $0.03
comeback checks
---
blinder changed 2 cards
comeback changed 1 cards
---
blinder checks
comeback bets $0.10
blinder folds
---
Summary:
Main pot: $0.12 won by comeback ($0.12)
Rake taken: $0.00
Seat 4: dealer ($3.00)
Seat 6: blinder ($2.05), net: -$0.05
Seat 8: comeback ($5.05), net: +$0.05
***** End of hand R5-80222333-41 *****
"""


def test_a_dead_blind_goes_to_the_pot_off_the_bet() -> None:
    # the returning seat's big blind is live (the small blind's call of 0.03 matches it);
    # its dead small blind is in the pot but not in its bet
    hand = PARSER.parse(DEAD_BLIND_DRAW)
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.seat == 8][:2] == [
        (8, ActionKind.POST_BIG_BLIND, 5), (8, ActionKind.POST_DEAD, 2)]
    assert {s.seat: s.contributed for s in hand.seats} == {4: 0, 6: 5, 8: 7}
    assert [(p.seat, p.amount) for p in hand.payouts if p.source.value == "pot"] == [(8, 12)]
    assert (hand.rake, hand.reconciles()) == (0, True)
    assert not [n for n in hand.notes if "net" in n]


def test_tournament_pot_shares_labelled_high_and_low() -> None:
    # later tournament files label each share: "Main pot: 250 won by A (125 High), B (125 Low)"
    text = HAND.replace("Main pot: $10.00 won by McCall901 ($10.00)",
                        "Main pot: $10.00 won by McCall901 ($5.00 High), McCall901 ($5.00 Low)")
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount, p.half) for p in hand.payouts if p.source.value == "pot"] == [
        (2, 500, Half.HIGH), (2, 500, Half.LOW)]
    with pytest.raises(HandParseError):
        PARSER.parse(text.replace("$5.00 Low", "$5.00 Lo"))


def test_a_tournament_header_that_names_no_tournament() -> None:
    # 2009: "(TOURNAMENT: )", tables playing for "TC"
    text = TOURNAMENT.replace('(TOURNAMENT: "€50 Sunday Warm-up", R-22031-118, buy-in: €50)', "(TOURNAMENT: )").replace(
        ", Chips)", ", TC)")
    assert PARSER.sniff(text)
    [(_, chunk)] = list(PARSER.split(text))
    hand = PARSER.parse(chunk)
    assert (hand.hand_id, hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (
        "T5-612000777-4", True, None, None, 1)
    assert [(p.seat, p.amount, p.pot) for p in hand.payouts] == [(3, 600, 0)]


# The 2009 print: two spaces after ``Players in round:``, seat lines ending in a space, an
# amount under one without its 0, and a returning seat posting the big blind, then the small.
RETURNING_SEAT_2009 = """***** History for hand R5-4410022-87 *****
Start hand: Wed Jul 01 18:04:00 GMT+0200 2009
Table: Veldhoven [4410022] (NO_LIMIT TEXAS_HOLDEM $0.25/$0.50, Real money)
Button: seat 2
Players in round:  4
Seat 2: alderwood ($40) 
Seat 4: birchmere ($25.50) 
Seat 5: cedarfall ($60) 
Seat 7: dunecrest ($30) 
birchmere posts small blind ($0.25)
cedarfall posts big blind ($0.50)
dunecrest posts big blind ($0.50)
dunecrest posts small blind ($0.25)
---
Dealing pocket cards
dunecrest checks
alderwood folds
birchmere calls $.25
cedarfall checks
--- Dealing flop [2h, 9s, Kd]
birchmere checks
cedarfall bets $1
dunecrest calls $1
birchmere folds
--- Dealing turn [4c]
cedarfall bets $2
dunecrest folds
---
Summary:
Main pot: $3.75 won by cedarfall ($3.60)
Rake taken: $0.15
Seat 2: alderwood ($40), net: -$0
Seat 4: birchmere ($25), net: -$0.50
Seat 5: cedarfall ($62.10), net: +$2.10
Seat 7: dunecrest ($28.25), net: -$1.75
***** End of hand R5-4410022-87 *****
"""


def test_the_2009_print_and_a_returning_seats_small_blind_after_its_big_blind_is_dead() -> None:
    hand = PARSER.parse(RETURNING_SEAT_2009)
    assert [(a.kind, a.amount) for a in hand.actions if a.seat == 7][:2] == [
        (ActionKind.POST_BLIND, 50), (ActionKind.POST_DEAD, 25)]
    assert [(a.seat, a.kind) for a in hand.actions][:2] == [
        (4, ActionKind.POST_SMALL_BLIND), (5, ActionKind.POST_BIG_BLIND)]
    assert hand.small_blind == 25 and hand.big_blind == 50
    # ``calls $.25`` completes the small blind; the dead 0.25 is in the pot, not in the bet
    assert {s.seat: s.contributed for s in hand.seats} == {2: 0, 4: 50, 5: 150, 7: 175}
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(5, 200)]
    assert [(p.seat, p.amount, p.source.value) for p in hand.payouts] == [(5, 360, "pot")]
    assert (hand.rake, hand.reconciles()) == (15, True)
    assert not [n for n in hand.notes if "net" in n]


# Everyone folds to Alder on the flop, and the summary still prints his cards, as OnGame
# does for an uncontested winner. Seat 8 is listed but never posts or acts (it sat the
# hand out): counted as still in, it made this pot look contested.
FOLDED_TO_SHOWN = """***** History for hand R5-362000041-7 *****
Start hand: Sun Jan 05 10:12:00 CET 2014
Table: Written [362000041] (NO_LIMIT TEXAS_HOLDEM $0.50/$1, Real money)
Button: seat 1
Players in round: 4
Seat 1: alderwood ($50.00)
Seat 3: birchmere ($40.00)
Seat 6: cedarfall ($60.00)
Seat 8: dunecrest ($30.00)
birchmere posts small blind ($0.50)
cedarfall posts big blind ($1)
---
Dealing pocket cards
alderwood raises $3 to $3
birchmere calls $2.50
cedarfall folds
--- Dealing flop [Kd, 8s, 3c]
birchmere checks
alderwood bets $5
birchmere folds
---
Summary:
Main pot: $7.00 won by alderwood ($6.65)
Rake taken: $0.35
Seat 1: alderwood ($53.65), net: +$3.65, [Ah, Kc] (ONE_PAIR KING)
Seat 3: birchmere ($37.00), net: -$3.00
Seat 6: cedarfall ($59.00), net: -$1.00
Seat 8: dunecrest ($30.00), net: -$0.00
***** End of hand R5-362000041-7 *****
"""


def test_a_listed_seat_that_never_takes_part_sat_the_hand_out() -> None:
    hand = PARSER.parse(FOLDED_TO_SHOWN)
    assert [(s.seat, s.dealt_in, s.folded_street, s.showed) for s in hand.seats] == [
        (1, True, None, True), (3, True, Street.FLOP, False), (6, True, Street.PREFLOP, False), (8, False, None, False)]
    assert hand.seat(1).cards == ["Ah", "Kc"]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 300, 3: 300, 6: 100, 8: 0}
    assert [(p.seat, p.amount) for p in hand.payouts] == [(1, 665)] and hand.rake == 35 and hand.reconciles()
    assert not [n for n in hand.notes if "net" in n]


def _explained(tmp_path: Path, text: str, key: str) -> dict:
    from audit.explanation import explain_hand
    from audit.ingest import ingest

    tmp_path.mkdir(exist_ok=True)
    history = tmp_path / "hands.txt"
    history.write_text(text, encoding="utf-8")
    ingest([history], tmp_path / "lake")
    return explain_hand(tmp_path / "lake", key)


def test_a_pot_folded_to_a_player_whose_cards_are_printed_audits_uncontested(tmp_path: Path) -> None:
    e = _explained(tmp_path, FOLDED_TO_SHOWN, "ongame:R5-362000041-7")
    assert (e["verdict"], e["reason"], e["findings"]) == ("clean", None, [])
    # the whole pot less rake to the last player, not a showdown's settlement
    assert e["expected"] == {"1": 665} and e["recorded"] == {"1": 665, "3": 0, "6": 0, "8": 0}
    assert [(p["amount"], p["rake"], p["net"], p["contenders"]) for p in e["pots"]] == [(700, 35, 665, ["1"])]
    assert e["pots"][0]["runs"][0]["halves"][0]["note"] == "uncontested" and e["hands"] == {}
    # paid to the seat that folded: a finding, as in any uncontested pot
    wrong = FOLDED_TO_SHOWN.replace("won by alderwood ($6.65)", "won by birchmere ($6.65)")
    e = _explained(tmp_path / "wrong", wrong, "ongame:R5-362000041-7")
    assert e["verdict"] == "findings"
    assert [(f["kind"], f["seat"], f["recorded"], f["expected"]) for f in e["findings"]] == [
        ("wrong_winner", 3, 665, 0)]


def test_a_real_showdown_still_audits_as_a_showdown(tmp_path: Path) -> None:
    text = read_text(corpus_file("OnGame/Omaha/LO-9max-0.05-0.10-201009.Sample.txt"))
    e = _explained(tmp_path, text, "ongame:R5-81867677-657")
    assert (e["verdict"], e["reason"], e["findings"]) == ("clean", None, [])
    assert [(p["amount"], p["rake"], sorted(p["contenders"])) for p in e["pots"]] == [(55, 2, ["3", "8"])]
    assert sorted(e["hands"]) == ["3", "8"] and (e["expected"]["3"], e["expected"]["8"]) == (27, 26)
