"""Microgaming text parser: hands written anew in each variant, exact payouts and quarantines."""

from __future__ import annotations

import pytest

from parsers.microgaming_text import PARSER
from parsers.registry import detect
from rules.records import HandParseError
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street

# 2011 (no closing stacks): a call and a raise are street totals, an all-in what it adds; the
# loser's unmatched 8.00 is paid by no line.
CASH_2011 = """** Game ID 4100000001 starting - 2011-11-05 21:40:03
** Deal 300 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash Game) Real Money

- Ivy sitting in seat 1 with €5.00
- Juniper sitting in seat 2 with €0.00 [Sitting out]
- Kale sitting in seat 3 with €12.00 [Dealer]
- Hero sitting in seat 4 with €20.00
- Lotus sitting in seat 5 with €9.00

Hero posted the small blind - €0.05
Lotus posted the big blind - €0.10
** Dealing card to Hero: A of h, K of h
Ivy raised - €0.30
Kale called - €0.30
Hero called - €0.30
Lotus folded
** Dealing the flop: K of d, 7 of s, 2 of c
Hero bet - €1.00
Ivy went all-in - €4.70
Kale went all-in - €11.70
Hero went all-in - €18.70
** Dealing the turn: 4 of h
** Dealing the river: 9 of s
Hero shows: A of h, K of h
Kale shows: 7 of d, 7 of h
Ivy mucks: Q of c, Q of d
Kale wins €14.35 from the main pot
Kale wins €13.30 from side pot 1

End of game 4100000001
"""

# 2013 tournament with closing stacks: amounts are what each action adds, the win holds the
# winner's unmatched 100.
TOURNAMENT = """** Game ID 4960000002 Version:4 starting - 2013-07-12 15:02:11
** Heads Up (Turbo)(10120001):Table 1 [Multi Table Hold'em] (15|30 NL - MTT seats:2 ) Real Money

- Hero sitting in seat 1 with 1450.00 at end 1540.00 [Dealer]
- Mira sitting in seat 2 with 1550.00 at end 1460.00

Hero posted the small blind - 15.00
Mira posted the big blind - 30.00
** Dealing card to Hero: Q of s, J of s
Hero raised - 75.00
Mira called - 60.00
** Dealing the flop: 2 of h, 8 of s, 5 of s
Mira checked
Hero bet - 100.00
Mira folded
Hero mucks:
Hero wins 280.00 from the main pot

End of game 4960000002
"""

EXPORT = """** Hand # 5020000003 starting - 2013-09-06 11:20:45
** Position PLO HU 12 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money

Hero sitting in seat 1 with €50.00
Nadia sitting in seat 2 with €48.75[Dealer]
Nadia posted the small blind - €0.25
Hero posted the big blind - €0.50

** Dealing cards to Hero: Kh, Qd, Jc, Th
Nadia raised to €1.25
Hero called - €1.00

** Dealing the flop: 9s, 8d, 2c
Hero bet - €2.00
Nadia folded
Hero mucks:
Hero wins €4.85 from the main pot

Rake: €0.15
"""


# 2016 export: a blank line after every line; the bettor's unmatched 11.50 over an all-in
# call is in no win (the printed rake says so), unlike the 2013 export's uncalled bet.
EXPORT_2016 = "\n\n".join("""** Hand # 5870000004 starting - 2016-01-14 21:10:00
** Lisbon - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money

Olga sitting in seat 1 with €60.00
Hero sitting in seat 2 with €20.00[Dealer]
Hero posted the small blind - €0.25
Olga posted the big blind - €0.50

** Dealing cards to Hero: Ah, Kh, 7h, 6c
Hero raised to €1.25
Olga called - €1.00

** Dealing the flop: 2h, 9h, Jc
Olga bet - €30.00
Hero went all-in - €18.50

Olga shows: Qs, Qd, 3c, 4d
Hero shows: Ah, Kh, 7h, 6c

** Dealing the turn: 5s

** Dealing the river: 8c
Hero wins €38.50 from the main pot

Rake: €1.50
""".splitlines()) + "\n"


def _payouts(hand):
    return [(p.seat, p.amount, p.pot, p.half, p.source) for p in hand.payouts]


def test_sniffed_and_split_at_each_hand():
    text = "\ufeff" + "\n\n".join([CASH_2011, TOURNAMENT, EXPORT])
    assert detect(text[:8192]) is PARSER
    assert [PARSER.parse(chunk).hand_id for _, chunk in PARSER.split(text)] == ["4100000001", "4960000002", "5020000003"]


def test_2011_totals_side_pot_and_a_return_outside_the_wins():
    hand = PARSER.parse(CASH_2011)
    assert (hand.platform, hand.format, hand.game, hand.limit) == (
        Platform.MICROGAMING, Format.MICROGAMING_TEXT, Game.HOLDEM, Limit.NO)
    assert (hand.currency, hand.small_blind, hand.big_blind, hand.button_seat) == ("EUR", 5, 10, 3)
    assert (hand.hand_date, hand.start_time_raw, hand.start_time_utc) == ("2011-11-05", "2011-11-05 21:40:03", None)
    assert hand.table_name == "Deal 300 (Deep) - €5 Min"
    assert hand.boards == [["Kd", "7s", "2c", "4h", "9s"]]
    assert [s.seat for s in hand.seats if not s.dealt_in] == [2]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 500, 2: 0, 3: 1200, 4: 1200, 5: 10}
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(4, 800)]
    assert hand.seat(1).mucked and hand.seat(1).cards == ["Qc", "Qd"] and hand.seat(3).all_in
    assert _payouts(hand) == [(3, 1435, 0, Half.WHOLE, PayoutSource.POT), (3, 1330, 1, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.rake_source, hand.reconciles()) == (145, RakeSource.INFERRED, True)


def test_2013_amounts_added_win_holds_the_return_closing_stacks_agree():
    hand = PARSER.parse(TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency, hand.amount_scale) == (True, "10120001", None, 100)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 9000, 2: 9000}
    raises = [(a.seat, a.amount, a.street) for a in hand.actions if a.kind in (ActionKind.RAISE, ActionKind.CALL)]
    assert raises == [(1, 7500, Street.PREFLOP), (2, 6000, Street.PREFLOP)]
    assert _payouts(hand) == [(1, 18000, 0, Half.WHOLE, PayoutSource.POT),
                              (1, 10000, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert not hand.seat(1).mucked and hand.rake == 0 and hand.reconciles()
    assert not [n for n in hand.notes if "closing stack" in n]


def test_a_closing_stack_the_lines_do_not_give_is_noted():
    hand = PARSER.parse(TOURNAMENT.replace("at end 1540.00", "at end 1550.00"))
    assert "seat 1: closing stack 155000 but the lines give 154000" in hand.notes


def test_export_raise_to_adds_and_the_rake_is_printed():
    hand = PARSER.parse(EXPORT)
    assert (hand.game, hand.limit, hand.currency, hand.button_seat) == (Game.OMAHA, Limit.POT, "EUR", 2)
    assert hand.seat(1).cards == ["Kh", "Qd", "Jc", "Th"] and hand.boards == [["9s", "8d", "2c"]]
    assert {s.seat: s.contributed for s in hand.seats} == {1: 150, 2: 150}
    assert _payouts(hand) == [(1, 285, 0, Half.WHOLE, PayoutSource.POT), (1, 200, None, Half.WHOLE, PayoutSource.UNCALLED)]
    assert (hand.rake, hand.rake_source, hand.reconciles()) == (15, RakeSource.PRINTED, True)


def test_2016_export_blank_lines_and_a_return_outside_the_win():
    hand = PARSER.parse(EXPORT_2016)
    assert (hand.hand_id, hand.table_name, hand.button_seat) == ("5870000004", "Lisbon - €50 Max", 2)
    assert {s.seat: s.contributed for s in hand.seats} == {1: 2000, 2: 2000}
    assert [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [(1, 1150)]
    assert _payouts(hand) == [(2, 3850, 0, Half.WHOLE, PayoutSource.POT)]
    assert (hand.rake, hand.reconciles()) == (150, True)
    assert not [n for n in hand.notes if "inside its win" in n]


@pytest.mark.parametrize(("text", "reason", "message"), [
    (TOURNAMENT.replace("Mira checked", "Mira sighed"), QuarantineReason.PARSE_ERROR, "unexpected line 13: 'Mira sighed'"),
    (TOURNAMENT.split("Hero mucks:")[0], QuarantineReason.TRUNCATED, "hand has no 'wins' line (cut off?)"),
    (TOURNAMENT.replace("Q of s, J of s", "Q of x, J of s"), QuarantineReason.BAD_CARDS, "bad card 'Q of x'"),
    (TOURNAMENT.replace("[Multi Table Hold'em]", "[Seven Card Stud]"), QuarantineReason.UNSUPPORTED_GAME,
     "game 'Seven Card Stud' not known in '** Heads Up (Turbo)(10120001):Table 1 [Seven Card Stud] (15|30 NL - MTT "
     "seats:2 ) Real Money'"),
])
def test_quarantined_naming_the_fault(text, reason, message):
    with pytest.raises(HandParseError) as caught:
        PARSER.parse(text)
    assert (caught.value.reason, caught.value.message, caught.value.hand_id) == (reason, message, "4960000002")


def test_audited_without_findings(tmp_path):
    import polars as pl

    from audit.jobs import run_job

    source = tmp_path / "microgaming.txt"
    source.write_text("\n\n".join([CASH_2011, TOURNAMENT, EXPORT]), encoding="utf-8")
    result = run_job([str(source)], str(tmp_path / "out"))
    verdicts = pl.read_parquet(tmp_path / "out" / "hands.parquet").sort("hand_key")
    assert verdicts.select("hand_id", "verdict").rows() == [
        ("4100000001", "relative_only"), ("4960000002", "clean"), ("5020000003", "clean")]
    assert result.counts["finding_rows"] == 0
