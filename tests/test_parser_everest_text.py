"""Everest text parser: hands written anew in the client's format, exact payouts and quarantines."""

from __future__ import annotations

import pytest

from parsers.everest_text import PARSER
from parsers.registry import detect
from rules.records import HandParseError
from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    Limit,
    PayoutSource,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)

# A raked showdown: a newcomer's dead blind of the big blind is live (Ravi checks on it), a
# listed seat with no line sat out, the loser's mucked cards are shown; 28.25 put in, 26.85
# collected: the unprinted rake is 1.40.
CASH = """EverestPoker Game #7300000001: Table Avalon-3 - $0.25/$0.50 - No Limit Hold'em - 18:04:51 - 2011/01/15
Seat 1: Orla ($60.00)
Seat 2: Pim ($25.00)
Seat 4: Quill ($40.00)
Seat 5: Hero ($50.00)
Seat 6: Ravi ($33.10)
Pim posts the small blind of $0.25
Hero posts the big blind of $0.50
Ravi posts the dead blind of $0.50
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Ravi checks
Orla raises to $2.00
Pim folds
Hero calls $1.50
Ravi calls $1.50
*** FLOP *** [Kh 7c 2s]
Hero bets $3.00
Ravi folds
Orla calls $3.00
*** TURN *** [9d]
Hero bets $8.00
Orla calls $8.00
*** RIVER *** [10s]
Hero checks
Orla checks
Hero shows [Ah Kd]
Orla mucked [Qs Qc]
*** SUMMARY ***
Hero shows [Ah Kd]
Orla mucked [Qs Qc]
Hero collects $26.85
"""

# Two seats play the board's straight and split 6.20 of the 6.50 put in; Vik's dead 0.50 is
# beside his live 1.00, and each pay line is preceded by the show lines again.
SPLIT = """EverestPoker Game #7300000003: Table Ceres-2 - $0.50/$1 - No Limit Hold'em - 21:47:30 - 2011/01/15
Seat 1: Tam ($80.00)
Seat 2: Uma ($45.00)
Seat 3: Vik ($70.00)
Seat 4: Hero ($100.00)
Tam posts the small blind of $0.50
Uma posts the big blind of $1.00
Vik posts the dead blind of $0.50
Vik posts $1.00
The button is in seat #4
*** HOLE CARDS ***
Dealt to Hero [3c 3d]
Vik checks
Hero calls $1.00
Tam calls $0.50
Uma checks
*** FLOP *** [8h 9d 10c]
Tam checks
Uma bets $1.00
Vik folds
Hero folds
Tam calls $1.00
*** TURN *** [Jh]
Tam checks
Uma checks
*** RIVER *** [Qd]
Tam checks
Uma checks
Tam shows [2c 4d]
Uma shows [2h 5s]
*** SUMMARY ***
Tam shows [2c 4d]
Uma shows [2h 5s]
Tam collects $3.10
Tam shows [2c 4d]
Uma shows [2h 5s]
Uma collects $3.10
"""

# A Limit sit and go: the stakes are the bets (the blinds are the posts), chips printed with
# a sign and cents, antes, an all-in call for less with its return printed, the hands shown
# before the flop and again twice, a tournament result line.
TOURNEY = ("EverestPoker Game #7300000002: Tourney ID: 51000001, Table 51000001-0 - 200/400 - Limit Hold'em - "
           "14:05:09 - 2011/11/20\n") + """Seat 2: Wren ($2,860.00)
Seat 4: Hero ($350.00)
Seat 6: Xan ($1,790.00)
Wren posts the ante of $25.00
Hero posts the ante of $25.00
Xan posts the ante of $25.00
Wren posts the small blind of $100.00
Hero posts the big blind of $200.00
The button is in seat #6
*** HOLE CARDS ***
Dealt to Hero [10h 10d]
Xan folds
Wren raises to $400.00
Hero calls $125.00, and is all-in
Uncalled bet of $75.00 returned to Wren
Wren shows [Ac 10c]
Hero shows [10h 10d]
*** FLOP *** [As 4d 9c]
*** TURN *** [2h]
*** RIVER *** [Ad]
Wren shows [Ac 10c]
Hero shows [10h 10d]
*** SUMMARY ***
Wren shows [Ac 10c]
Hero shows [10h 10d]
Wren collects $725.00
Hero finished in place 3 and won $$0
"""

# Folded to a re-raise: the 8.00 nobody called is printed back, outside the pay line.
UNCALLED = """EverestPoker Game #7300000004: Table Ceres-2 - $0.50/$1 - No Limit Hold'em - 21:49:02 - 2011/01/15
Seat 1: Tam ($78.00)
Seat 2: Uma ($46.10)
Seat 4: Hero ($99.00)
Uma posts the small blind of $0.50
Hero posts the big blind of $1.00
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Kc Qc]
Tam raises to $3.00
Uma folds
Hero raises to $11.00
Tam folds
Uncalled bet of $8.00 returned to Hero
*** SUMMARY ***
Hero collects $6.50
"""


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def _posts(hand):
    return [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL]


def test_sniffed_and_split_at_each_hand():
    text = "\n\n".join([CASH, SPLIT, TOURNEY, UNCALLED])
    assert detect(text[:8192]) is PARSER
    assert [PARSER.parse(chunk).hand_id for _, chunk in PARSER.split(text)] == [
        "7300000001", "7300000003", "7300000002", "7300000004"]


def test_cash_showdown_with_the_rake_inferred():
    hand = PARSER.parse(CASH)
    assert (hand.platform, hand.format, hand.game, hand.limit) == (
        Platform.EVEREST, Format.EVEREST_TEXT, Game.HOLDEM, Limit.NO)
    assert (hand.currency, hand.amount_scale, hand.small_blind, hand.big_blind, hand.button_seat) == (
        "USD", 100, 25, 50, 1)
    assert (hand.table_name, hand.is_tournament, hand.tournament_id) == ("Avalon-3", False, None)
    assert (hand.hand_date, hand.start_time_raw, hand.start_time_utc) == ("2011-01-15", "2011/01/15 18:04:51", None)
    assert hand.boards == [["Kh", "7c", "2s", "9d", "Ts"]]
    assert _posts(hand) == [(2, ActionKind.POST_SMALL_BLIND, 25), (5, ActionKind.POST_BIG_BLIND, 50),
                            (6, ActionKind.POST_BLIND, 50)]
    assert [s.seat for s in hand.seats if not s.dealt_in] == [4]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 1300, 2: 25, 4: 0, 5: 1300, 6: 200}
    assert (hand.seat(5).cards, hand.seat(5).showed) == (["Ah", "Kd"], True)
    assert (hand.seat(1).cards, hand.seat(1).mucked, hand.seat(1).showed) == (["Qs", "Qc"], True, False)
    # each seat's show or muck once, though printed twice
    assert [(a.seat, a.kind) for a in hand.actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)] == [
        (5, ActionKind.SHOW), (1, ActionKind.MUCK)]
    assert _payouts(hand) == [(5, 2685, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.per_seat_only, hand.rake, hand.rake_source, hand.reconciles()) == (
        True, 140, RakeSource.INFERRED, True)
    assert "rake not printed: inferred as put in minus collected (2825 - 2685)" in hand.notes


def test_showdown_split_and_a_dead_small_blind():
    hand = PARSER.parse(SPLIT)
    assert _posts(hand) == [(1, ActionKind.POST_SMALL_BLIND, 50), (2, ActionKind.POST_BIG_BLIND, 100),
                            (3, ActionKind.POST_DEAD, 50), (3, ActionKind.POST_BLIND, 100)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 200, 2: 200, 3: 150, 4: 100}
    assert hand.boards == [["8h", "9d", "Tc", "Jh", "Qd"]]
    assert _payouts(hand) == [(1, 310, None, Half.WHOLE, PayoutSource.POT),
                              (2, 310, None, Half.WHOLE, PayoutSource.POT)]
    assert [a.seat for a in hand.actions if a.kind == ActionKind.SHOW] == [1, 2]
    assert (hand.rake, hand.rake_source, hand.reconciles()) == (30, RakeSource.INFERRED, True)


def test_tournament_header_limit_blinds_from_the_posts_and_no_rake():
    hand = PARSER.parse(TOURNEY)
    assert (hand.is_tournament, hand.tournament_id, hand.table_name, hand.currency) == (
        True, "51000001", "51000001-0", None)
    assert (hand.limit, hand.amount_scale, hand.small_blind, hand.big_blind, hand.ante) == (
        Limit.FIXED, 100, 10000, 20000, 2500)
    assert {s.seat: (s.stack, s.contributed) for s in hand.seats} == {
        2: (286000, 35000), 4: (35000, 35000), 6: (179000, 2500)}
    assert hand.seat(4).all_in and hand.seat(4).cards == ["Th", "Td"] and hand.seat(2).cards == ["Ac", "Tc"]
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(2, 7500)]
    assert [(a.seat, a.street) for a in hand.actions if a.kind == ActionKind.SHOW] == [
        (2, Street.PREFLOP), (4, Street.PREFLOP)]
    assert _payouts(hand) == [(2, 72500, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.reconciles()) == (0, RakeSource.INFERRED, True)
    assert "tournament result: 'Hero finished in place 3 and won $$0'" in hand.notes


def test_uncalled_bet_printed_outside_the_pay_line():
    hand = PARSER.parse(UNCALLED)
    assert [(a.seat, a.street, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (4, Street.PREFLOP, 800)]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 300, 2: 50, 4: 300}
    assert _payouts(hand) == [(4, 650, None, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.reconciles()) == (0, True)
    assert not [n for n in hand.notes if "uncalled bet not printed" in n]


def test_a_return_the_client_did_not_print_is_made_and_noted():
    hand = PARSER.parse(UNCALLED.replace("Uncalled bet of $8.00 returned to Hero\n", ""))
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(4, 800)]
    assert "uncalled bet not printed: 800 returned to seat 4 (what no other seat matched)" in hand.notes


def test_a_disconnected_seat_is_all_in_for_what_it_put_in():
    text = SPLIT.replace("Hero folds\n", "Hero has been disconnected, and is allin\n").replace(
        "Uma shows [2h 5s]\n*** SUMMARY ***", "Uma shows [2h 5s]\nHero mucked [3c 3d]\n*** SUMMARY ***")
    hand = PARSER.parse(text)
    assert hand.seat(4).all_in and hand.seat(4).folded_street is None and hand.seat(4).contributed == 100
    note = "seat 4 disconnected: all in for what it had put in ('Hero has been disconnected, and is allin')"
    assert note in hand.notes


@pytest.mark.parametrize(("text", "reason", "message"), [
    (CASH.replace("Pim folds", "Pim sighs"), QuarantineReason.PARSE_ERROR, "unexpected line 15: 'Pim sighs'"),
    (CASH.replace("*** RIVER *** [10s]", "*** RIVER *** [10s]\nDealer: shuffle up"), QuarantineReason.PARSE_ERROR,
     "unexpected line 26: 'Dealer: shuffle up'"),
    (CASH.split("*** SUMMARY ***")[0], QuarantineReason.TRUNCATED, "hand has no 'collects' line (cut off?)"),
    (CASH.replace("Dealt to Hero [Ah Kd]", "Dealt to Hero [Ah Kx]"), QuarantineReason.BAD_CARDS, "not a card: 'Kx'"),
    (CASH.replace("Orla mucked [Qs Qc]\nHero collects", "Orla mucked [Qs Qd]\nHero collects"),
     QuarantineReason.INCONSISTENT, "seat 1 shows other cards, line 32: 'Orla mucked [Qs Qd]'"),
    (CASH.replace("No Limit Hold'em", "No Limit Seven Card Stud"), QuarantineReason.UNSUPPORTED_GAME,
     "game 'Seven Card Stud' not known in 'EverestPoker Game #7300000001: Table Avalon-3 - $0.25/$0.50 - "
     "No Limit Seven Card Stud - 18:04:51 - 2011/01/15'"),
])
def test_quarantined_naming_the_fault(text, reason, message):
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (reason, message, "7300000001")


def test_audited_without_findings(tmp_path):
    import polars as pl

    from audit.jobs import run_job

    source = tmp_path / "everest.txt"
    source.write_text("\n\n".join([CASH, SPLIT, TOURNEY, UNCALLED]), encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet").sort("hand_id")
    assert verdicts.select("hand_id", "verdict").rows() == [
        ("7300000001", "relative_only"), ("7300000002", "clean"), ("7300000003", "relative_only"),
        ("7300000004", "relative_only")]
    assert result.counts["finding_rows"] == 0
