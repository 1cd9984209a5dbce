"""The parser engine on a dialect declared here: each guarantee of ``parsers.engine``'s guide.

The toy format is written for these tests (no platform writes it): ``Toy hand #N: GAME
SB/BB``, seat lines, ``NAME: verb`` player lines, ``-- street [cards]`` street lines and
an optional ``Summary`` section of ``Seat N won X`` lines.
"""

from __future__ import annotations

import pickle
import re
from dataclasses import replace

import pytest

from audit.ingest.parse import parser_version
from parsers.engine import (
    ANTE, BET, BIG_BLIND, CALL, CHECK, DEAD_BLIND, DISCARD, FOLD, MUCK, OPEN, RAISE_BY, RAISE_TO, SHOW, SMALL_BLIND,
    Dialect, DialectParser, Hand, PaidInside, Rake, Require, Returned, Streets, Wording, button, dealt, enter_summary, kind, pays, rake,
    skip, street, take_seat,
)
from parsers.everleaf import PARSER as EVERLEAF
from parsers.fulltilt import PARSER as FULLTILT
from parsers.ongame import PARSER as ONGAME
from parsers.pkr import PARSER as PKR
from rules.money import COMMA
from rules.records import HandParseError, ParsedHand
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street

_GAMES = {"Hold'em": Game.HOLDEM, "Omaha Hi/Lo": Game.OMAHA_HILO, "Stud": Game.STUD, "Draw": Game.DRAW5}
_AMT = r"(?P<amt>\d+)"
_ALL_IN = r"(?P<allin> all-in)?"


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    game = _GAMES.get(first["game"])
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {first['game']!r}")
    hand.scale = 1
    return hand.new_record(game=game, limit=Limit.NO, is_tournament=False)


def _summary_seat(hand: Hand, m: re.Match[str]) -> bool | None:
    seat = hand.seats.get(int(m["seat"]))
    if seat is None:
        return False  # declined: the line is then unexpected
    hand.summary_won(seat, hand.money(m["amt"]), hand.line.text)
    return None


TOY = Dialect(
    platform=Platform.POKERSTARS,  # any member: the toy has none of its own
    format=Format.POKERSTARS,
    version="7",
    hand_start=re.compile(r"^Toy hand #", re.M),
    head=re.compile(r"Toy hand #"),
    first=re.compile(r"^Toy hand #(?P<id>\d+): (?P<game>.+) \d+/\d+$"),
    not_first="not a toy header",
    header=_header,
    seat=kind("seat", r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\d+)\)(?P<out> out)?$", take_seat),
    body=(
        kind("summary", r"^Summary$", enter_summary),
        kind("street", r"^-- (?P<street>[a-z]+)(?: (?P<run>\d))?(?P<cards>(?: \[[^\]]*\])*)$", street),
        kind("button", r"^Button (?P<seat>\d+)$", button),
        kind("dealt", r"^Dealt to (?P<who>.+)$", dealt),
        kind("uncalled", rf"^{_AMT} returned to (?P<name>.+)$", Returned(paid=True)),
        kind("rake", rf"^Rake {_AMT}$", rake),
        kind("table traffic", r"^Table is (?:full|open)$", skip),
        kind("banner", r"^Welcome$", skip, once=True),
    ),
    players=(
        kind("pay", rf"^wins {_AMT} from (?:(?P<main>main pot)|side pot (?P<side>\d+))(?: run (?P<run>\d))?"
                    r"(?: \((?P<hl>high|low)\))?$", pays),
        kind("small blind", rf"^posts small blind {_AMT}{_ALL_IN}$", SMALL_BLIND),
        kind("big blind", rf"^posts big blind {_AMT}{_ALL_IN}$", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
        kind("dead", rf"^posts dead {_AMT}$", DEAD_BLIND),
        kind("ante", rf"^antes {_AMT}$", ANTE),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", BET),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", CALL),
        kind("raise to", rf"^raises to {_AMT}{_ALL_IN}$", RAISE_TO),
        kind("raise by", rf"^raises {_AMT} more{_ALL_IN}$", RAISE_BY),
        kind("check", r"^checks$", CHECK),
        kind("fold", r"^folds$", FOLD),
        kind("show", r"^shows \[(?P<cards>[^\]]*)\]$", SHOW),
        kind("muck", r"^mucks(?: \[(?P<cards>[^\]]*)\])?$", MUCK),
        kind("draw", r"^discards (?P<changed>\d)$", DISCARD),
    ),
    summary=(kind("summary seat", rf"^Seat (?P<seat>\d+) won {_AMT}$", _summary_seat),),
    quiet=re.compile(r"^(?:is away|is back)$"),
    chat=re.compile(r"^ said: "),
    unseated=(kind("observer", r"^.+ \(observer\) said: .*$", skip),),
    name_follows=re.compile(r"(?=: | said: )"),
    after_name=re.compile(r": "),
    streets=Streets(
        board={"deal": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER,
               "showdown": Street.SHOWDOWN},
        stud={"deal": OPEN, "fourth": Street.FOURTH, "fifth": Street.FIFTH, "sixth": Street.SIXTH,
              "seventh": Street.SEVENTH},
        draw={"deal": OPEN, "draw": Street.DRAW1},
    ),
    rake=Rake(missing_note="no rake line"),
    returns_unmatched=True,
    board_repeats=True,
    summary_won=True,
    requires=(Require("street", QuarantineReason.TRUNCATED, "no street line"),),
)
PARSER = DialectParser(TOY)

SEATS = "Seat 1: Bob (1000)\nSeat 2: Bob: Smith (1000)\nSeat 3: [x]: y (500)\n"
HAND = ("Toy hand #7: Hold'em 5/10\n" + SEATS + "Button 3\n"
        "Bob: posts small blind 5\nBob: Smith: posts big blind 10\n-- deal\n"
        "Dealt to [x]: y [Ah Kd]\n"
        "[x]: y: raises to 30\nBob: calls 25\nBob: Smith: folds\n"
        "-- flop [2c 7d 9h]\nBob: checks\n[x]: y: bets 40\nBob: folds\n"
        "40 returned to [x]: y\n[x]: y: wins 65 from main pot\nRake 5\n")


def test_names_longest_first_with_spaces_colons_and_brackets() -> None:
    hand = PARSER.parse(HAND)
    assert [(s.seat, s.player, s.stack, s.contributed) for s in hand.seats] == [
        (1, "Bob", 1000, 30), (2, "Bob: Smith", 1000, 10), (3, "[x]: y", 500, 30)]
    assert (hand.seat(2).folded_street, hand.seat(1).folded_street) == (Street.PREFLOP, Street.FLOP)
    assert hand.seat(3).cards == ["Ah", "Kd"] and hand.boards == [["2c", "7d", "9h"]]
    assert (hand.small_blind, hand.big_blind, hand.button_seat, hand.rake) == (5, 10, 3, 5)
    assert [(a.seq, a.street, a.seat, a.kind, a.amount) for a in hand.actions] == [
        (0, Street.PREDEAL, 1, ActionKind.POST_SMALL_BLIND, 5),
        (1, Street.PREDEAL, 2, ActionKind.POST_BIG_BLIND, 10),
        (2, Street.PREFLOP, 3, ActionKind.RAISE, 30),
        (3, Street.PREFLOP, 1, ActionKind.CALL, 25),
        (4, Street.PREFLOP, 2, ActionKind.FOLD, None),
        (5, Street.FLOP, 1, ActionKind.CHECK, None),
        (6, Street.FLOP, 3, ActionKind.BET, 40),
        (7, Street.FLOP, 1, ActionKind.FOLD, None),
        (8, Street.FLOP, 3, ActionKind.UNCALLED_RETURN, 40),
    ]
    assert [(p.seat, p.amount, p.pot, p.source) for p in hand.payouts] == [
        (3, 40, None, PayoutSource.UNCALLED), (3, 65, 0, PayoutSource.POT)]
    assert hand.reconciles() and hand.notes == []


def test_a_line_the_dialect_does_not_know_quarantines_the_hand_with_its_number() -> None:
    for line, number in (("Dealer gives 5 to Bob", 13), ("Bob: donates 5", 13), ("Bob said nothing", 13)):
        with pytest.raises(HandParseError) as err:
            PARSER.parse(HAND.replace("Bob: calls 25\n", f"Bob: calls 25\n\n{line}\n"))
        assert (err.value.reason, err.value.message, err.value.hand_id) == (
            QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}", "7")


def test_lines_skipped_on_purpose_move_nothing() -> None:
    quiet = ("Table is full\nBob: is away\nBob said: gl\nkibitz (observer) said: hi\nWelcome\n"
             "Bob: Smith said: nh\n\n")
    hand = PARSER.parse(HAND.replace("-- deal\n", "-- deal\n" + quiet))
    assert [s.contributed for s in hand.seats] == [30, 10, 30] and len(hand.actions) == 9
    with pytest.raises(HandParseError) as err:  # ``once``: only the first banner is one
        PARSER.parse(HAND.replace("-- deal\n", "-- deal\nWelcome\nWelcome\n"))
    assert err.value.message == "unexpected line 10: 'Welcome'"


def test_verbs_move_the_bets_as_declared() -> None:
    text = ("Toy hand #8: Hold'em 5/10\n" + SEATS +
            "Bob: posts small blind 5\nBob: Smith: posts big blind 10\n[x]: y: posts big blind 10\n"
            "[x]: y: posts dead 5\nBob: antes 1\nBob: Smith: antes 1\n-- deal\nBob: raises 20 more\nBob: Smith: raises to 100\n"
            "[x]: y: calls 80 all-in\nBob: calls 75\n-- flop [2c 7d 9h]\nBob: bets 50\nBob: Smith: calls 50\n"
            "Bob: wins 391 from main pot\nRake 6\n")
    hand = PARSER.parse(text)
    posts = [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == Street.PREDEAL]
    assert posts == [(1, ActionKind.POST_SMALL_BLIND, 5), (2, ActionKind.POST_BIG_BLIND, 10),
                     (3, ActionKind.POST_BLIND, 10), (3, ActionKind.POST_DEAD, 5), (1, ActionKind.POST_ANTE, 1),
                     (2, ActionKind.POST_ANTE, 1)]
    raises = [(a.seat, a.amount) for a in hand.actions if a.kind == ActionKind.RAISE]
    assert raises == [(1, 20), (2, 90)]  # 5 + 20 = 25; then to 100 over the 10 blind
    assert {s.seat: s.contributed for s in hand.seats} == {1: 151, 2: 151, 3: 95}
    assert hand.seat(3).all_in and [a.all_in for a in hand.actions if a.seat == 3][-1]
    assert (hand.ante, hand.big_blind) == (1, 10)
    assert not [a for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] and hand.reconciles()
    with pytest.raises(HandParseError) as err:
        PARSER.parse(text.replace("Bob: Smith: raises to 100", "Bob: Smith: raises to 5"))
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.INCONSISTENT, "seat 2 raises to 5 but has 10 in already, line 13: 'Bob: Smith: raises to 5'")


def test_an_unmatched_bet_is_returned_when_none_is_printed() -> None:
    hand = PARSER.parse(HAND.replace("40 returned to [x]: y\n", ""))
    assert [(a.seat, a.street, a.amount) for a in hand.actions if a.kind == ActionKind.UNCALLED_RETURN] == [
        (3, Street.FLOP, 40)]
    assert hand.notes == ["uncalled bet not printed: 40 returned to seat 3 (what no other seat matched)"]


def test_first_action_opens_the_first_betting_street_and_a_draw_the_first_draw() -> None:
    hand = PARSER.parse(HAND.replace("-- deal\n", ""))
    assert [a.street for a in hand.actions if a.kind == ActionKind.RAISE] == [Street.PREFLOP]
    draw = PARSER.parse(HAND.replace("Hold'em", "Draw").replace("Dealt to [x]: y [Ah Kd]", "Dealt to [x]: y [Ah Kd Qs Jc Tc]")
                        .replace("-- flop [2c 7d 9h]\n", "[x]: y: discards 2\nBob: discards 1\n"))
    assert [(a.street, a.seat, a.cards_changed) for a in draw.actions if a.kind == ActionKind.DISCARD] == [
        (Street.DRAW1, 3, 2), (Street.DRAW1, 1, 1)]
    assert [a.street for a in draw.actions if a.kind == ActionKind.BET] == [Street.DRAW1] and draw.boards == []
    printed_streets = DialectParser(replace(TOY, first_action_opens=False)).parse(HAND.replace("-- deal\n", ""))
    assert [a.street for a in printed_streets.actions][2:5] == [Street.PREDEAL] * 3  # a dialect that prints every street
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("Bob: checks", "Bob: discards 1"))
    assert (err.value.reason, err.value.message) == (QuarantineReason.INCONSISTENT, "a draw in a holdem hand: 'Bob: discards 1'")


def test_boards_runs_and_unknown_streets() -> None:
    text = HAND.replace("-- flop [2c 7d 9h]\n", "-- flop [2c 7d 9h]\n-- turn [2c 7d 9h] [Ts]\n-- river 1 [3s]\n-- river 2 [4s]\n")
    hand = PARSER.parse(text)
    assert hand.boards == [["2c", "7d", "9h", "Ts", "3s"], ["2c", "7d", "9h", "Ts", "4s"]]
    for bad, message in (("-- fifth", "unknown section line 8: '-- fifth'"),
                         ("-- flop [2c 7d 9h] xx", "unexpected line 8: '-- flop [2c 7d 9h] xx'")):
        with pytest.raises(HandParseError) as err:
            PARSER.parse(HAND.replace("-- deal", bad))
        assert (err.value.reason, err.value.message) == (QuarantineReason.PARSE_ERROR, message)
    with pytest.raises(HandParseError) as err:
        PARSER.parse(HAND.replace("[2c 7d 9h]", "[2c 7d X]"))
    assert err.value.reason == QuarantineReason.BAD_CARDS


def test_stud_cards_face_up_by_street() -> None:
    text = ("Toy hand #9: Stud 1/2\nSeat 1: Ann (100)\nSeat 2: Cy (100)\nAnn: antes 1\nCy: antes 1\n-- deal\n"
            "Dealt to Ann [As Ks] [Qs]\nDealt to Cy [2d]\nAnn: bets 2\nCy: calls 2\n"
            "-- fourth\nDealt to Ann [As Ks Qs] [Js]\nDealt to Cy [2d] [3d]\nAnn: checks\nCy: checks\n"
            "-- seventh\nDealt to Ann [As Ks Qs Js] [Ts]\nAnn: checks\nCy: checks\n"
            "Cy: shows [4d 5d 2d 3d 6d]\nCy: wins 5 from main pot\nRake 1\n")
    hand = PARSER.parse(text)
    assert (hand.seat(1).cards, hand.seat(1).upcards) == (["As", "Ks", "Qs", "Js", "Ts"], ["Qs", "Js"])
    assert (hand.seat(2).cards, hand.seat(2).upcards) == (["4d", "5d", "2d", "3d", "6d"], ["2d", "3d"])
    assert hand.seat(2).showed and hand.boards == [] and hand.ante == 1


def test_pay_lines_name_pot_run_and_half() -> None:
    text = HAND.replace("Hold'em", "Omaha Hi/Lo").replace("[Ah Kd]", "[Ah Kd 2s 3s]").replace(
        "[x]: y: wins 65 from main pot\n",
        "[x]: y: wins 30 from main pot (high)\nBob: wins 25 from main pot\nBob: wins 10 from side pot 2 run 2\n")
    hand = PARSER.parse(text)
    assert [(p.seat, p.amount, p.pot, p.run, p.half) for p in hand.payouts if p.source == PayoutSource.POT] == [
        (3, 30, 0, None, Half.HIGH), (1, 25, 0, None, Half.UNLABELLED), (1, 10, 2, 2, Half.UNLABELLED)]


def test_summary_against_the_pay_lines() -> None:
    assert not PARSER.parse(HAND + "Summary\nSeat 3 won 65\n").contradictions
    hand = PARSER.parse(HAND + "Summary\nSeat 3 won 66\n")
    assert [(c.seat, c.recorded, c.stated) for c in hand.contradictions] == [(3, 65, 66)]
    assert hand.payouts[-1].amount == 65  # the pay lines stay the record
    with pytest.raises(HandParseError) as err:  # a summary line the hook declines
        PARSER.parse(HAND + "Summary\nSeat 9 won 65\n")
    assert err.value.message == "unexpected summary line 21: 'Seat 9 won 65'"
    with pytest.raises(HandParseError) as err:  # only summary lines once it started
        PARSER.parse(HAND + "Summary\nBob: checks\n")
    assert err.value.message == "unexpected summary line 21: 'Bob: checks'"


def test_rake_requirements_and_seats() -> None:
    hand = PARSER.parse(HAND.replace("Rake 5\n", ""))
    assert (hand.rake, hand.notes) == (None, ["no rake line"])
    overpaid = PARSER.parse(HAND.replace("wins 65", "wins 70"))
    assert overpaid.notes == ["history does not add up: put in 70, paid 70, rake 5"]
    cases = [
        (HAND.replace("-- deal\n", "").replace("-- flop [2c 7d 9h]\n", ""), QuarantineReason.TRUNCATED, "no street line"),
        (HAND.replace(SEATS, ""), QuarantineReason.PARSE_ERROR, "no seat lines in the hand"),
        (HAND.replace("Seat 2: Bob: Smith", "Seat 1: Bob: Smith"), QuarantineReason.INCONSISTENT,
         "seat 1 (Bob: Smith) is seated twice, line 3: 'Seat 1: Bob: Smith (1000)'"),
        (HAND.replace("Hold'em", "Razz"), QuarantineReason.UNSUPPORTED_GAME, "game 'Razz'"),
        ("Toy hand #x\n" + SEATS, QuarantineReason.PARSE_ERROR, "not a toy header: 'Toy hand #x'"),
    ]
    for text, reason, message in cases:
        with pytest.raises(HandParseError) as err:
            PARSER.parse(text)
        assert (err.value.reason, err.value.message) == (reason, message)
    assert PARSER.parse(HAND.replace(SEATS, SEATS + SEATS)).seats[2].player == "[x]: y"  # a seat printed twice
    assert PARSER.parse(HAND.replace("(1000)\n", "(1000) out\n", 1)).seat(1).dealt_in is False


def test_parsers_are_picklable_and_carry_their_version() -> None:
    assert pickle.loads(pickle.dumps(PARSER)).parse(HAND).hand_id == "7"
    assert parser_version(PARSER) == "pokerstars:7"
    assert [parser_version(p) for p in (ONGAME, PKR, EVERLEAF, FULLTILT)] == [
        "ongame:5", "pkr:6", "everleaf:3", "fulltilt:4"]


def _total(hand: Hand, m: re.Match[str]) -> None:
    hand.record.total_pot_printed = hand.money(m["amt"])


def _no_kind_for(hand: Hand) -> str:
    return f"nothing reads {hand.line.text!r} (line {hand.line.number})"


# The toy as a migrated parser might declare it: its own wording of errors and notes,
# lines quoted with their trailing space, a return printed on the player's own line, a
# total pot line and text amounts (so that a bad one can be written).
WORDED = DialectParser(replace(
    TOY,
    body=(*TOY.body, kind("total", rf"^Total {_AMT}$", _total)),
    players=(*TOY.players, kind("takes back", rf"^takes back {_AMT}$", Returned(paid=True)),
             kind("wagers", r"^wagers (?P<amt>\S+)$", BET)),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {verbatim!r}",
                    bad_amount="line {number} {verbatim!r}: {error}", total_pot="Total {printed} is not {total}",
                    unbalanced="off: put in {put_in}, paid {paid}, rake {rake}"),
    quotes_trailing_space=True,
))


def test_a_dialect_words_errors_and_notes_its_own_way_and_quotes_trailing_space() -> None:
    cases = ((HAND.replace("Bob: calls 25\n", "Bob: calls 25\nDealer gives 5  \n"),
              QuarantineReason.PARSE_ERROR, "hand 7: unexpected line 'Dealer gives 5  '"),
             (HAND + "Summary\nSeat 3 says 65 \n", QuarantineReason.PARSE_ERROR,
              "hand 7: unexpected summary line 'Seat 3 says 65 '"),
             (HAND.replace("Bob: checks", "Bob: wagers 2.5 "), QuarantineReason.BAD_AMOUNT,
              "hand 7: line 14 'Bob: wagers 2.5 ': '2.5' has more decimals than the minor unit allows (scale 1)"))
    for text, reason, message in cases:
        with pytest.raises(HandParseError) as err:
            WORDED.parse(text)
        assert (err.value.reason, err.value.message, err.value.hand_id) == (reason, message, "7")
    with pytest.raises(HandParseError) as err:  # a function words it
        DialectParser(replace(TOY, wording=Wording(unexpected=_no_kind_for))).parse(HAND.replace("Rake 5", "Rake five"))
    assert err.value.message == "nothing reads 'Rake five' (line 19)"
    spaced = HAND.replace("wins 65 from main pot", "wins 65 from main pot  ")
    assert [p.line for p in WORDED.parse(spaced).payouts][-1] == "[x]: y: wins 65 from main pot  "
    assert [p.line for p in PARSER.parse(spaced).payouts][-1] == "[x]: y: wins 65 from main pot"
    hand = WORDED.parse(HAND.replace("40 returned to [x]: y", "[x]: y: takes back 40") + "Total 71\n")
    assert [(p.seat, p.amount, p.pot, p.source) for p in hand.payouts] == [
        (3, 40, None, PayoutSource.UNCALLED), (3, 65, 0, PayoutSource.POT)]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions][-1] == (3, ActionKind.UNCALLED_RETURN, 40)
    assert hand.notes == ["Total 71 is not 70"]
    assert WORDED.parse(HAND.replace("wins 65", "wins 70")).notes == ["off: put in 70, paid 70, rake 5"]
    silent = DialectParser(replace(TOY, wording=Wording(unbalanced="")))  # a dialect that never noted it
    assert silent.parse(HAND.replace("wins 65", "wins 70")).notes == []


def test_rake_inferred_where_no_rake_line_came() -> None:
    inferring = DialectParser(replace(TOY, rake=Rake(inferred="rake inferred: {put_in} - {paid} = {rake}",
                                                     overpaid="paid more than was put in"),
                                      wording=Wording(unbalanced="off: put in {put_in}, paid {paid}, rake {rake}")))
    hand = inferring.parse(HAND.replace("Rake 5\n", ""))
    assert (hand.rake, hand.rake_source, hand.notes) == (5, RakeSource.INFERRED, ["rake inferred: 70 - 65 = 5"])
    assert hand.reconciles()
    printed = inferring.parse(HAND)
    assert (printed.rake, printed.rake_source, printed.notes) == (5, RakeSource.PRINTED, [])
    overpaid = inferring.parse(HAND.replace("Rake 5\n", "").replace("wins 65", "wins 75"))
    assert (overpaid.rake, overpaid.rake_source) == (None, RakeSource.ABSENT)
    assert overpaid.notes == ["paid more than was put in", "off: put in 70, paid 75, rake None"]


def test_an_unmatched_bet_paid_inside_the_pay_line_is_split_off_it() -> None:
    inside = DialectParser(replace(WORDED.dialect, unmatched_in_pay_line=PaidInside("{amount} of seat {seat} inside {line!r}"),
                                   wording=Wording(total_pot=None), quotes_trailing_space=False))
    hand = inside.parse(HAND.replace("40 returned to [x]: y\n", "").replace("wins 65", "wins 105") + "Total 110\n")
    assert [(p.seat, p.amount, p.pot, p.half, p.source, p.line) for p in hand.payouts] == [
        (3, 40, None, Half.WHOLE, PayoutSource.UNCALLED, "[x]: y: wins 105 from main pot"),
        (3, 65, 0, Half.WHOLE, PayoutSource.POT, "[x]: y: wins 105 from main pot")]
    assert [(a.seat, a.street, a.kind, a.amount) for a in hand.actions][-1] == (
        3, Street.FLOP, ActionKind.UNCALLED_RETURN, 40)
    assert hand.notes == ["40 of seat 3 inside '[x]: y: wins 105 from main pot'"] and hand.reconciles()
    assert hand.seat(3).contributed == 30  # the printed total (110) is not compared
    walk = inside.parse(HAND.replace("40 returned to [x]: y\n", "").replace("wins 65", "wins 40"))
    assert [(p.amount, p.source) for p in walk.payouts] == [(40, PayoutSource.UNCALLED)]  # nothing left to pay
    short = inside.parse(HAND.replace("40 returned to [x]: y\n", "").replace("wins 65", "wins 30"))
    assert [(p.amount, p.source) for p in short.payouts] == [(30, PayoutSource.POT)] and short.notes[:1] != [
        "uncalled bet not printed: 40 returned to seat 3 (what no other seat matched)"]
    assert not any(a.kind == ActionKind.UNCALLED_RETURN for a in short.actions)  # no line holds it: not returned
    kept = DialectParser(replace(inside.dialect, unmatched_in_pay_line=PaidInside("{amount}", keep_empty=True,
                                                                                 not_after_printed=True)))
    walk = kept.parse(HAND.replace("40 returned to [x]: y\n", "").replace("wins 65", "wins 40"))
    assert [(p.amount, p.source) for p in walk.payouts] == [(40, PayoutSource.UNCALLED), (0, PayoutSource.POT)]
    printed = kept.parse(HAND.replace("40 returned to [x]: y", "30 returned to [x]: y").replace("wins 65", "wins 75"))
    assert [(p.amount, p.source) for p in printed.payouts] == [(30, PayoutSource.UNCALLED), (75, PayoutSource.POT)]
    alone = "Toy hand #8: Hold'em 5/10\n" + SEATS + "Bob: Smith: posts big blind 10\n-- deal\nBob: folds\n" \
            "[x]: y: folds\nBob: Smith: wins 10 from main pot\nRake 0\n"
    assert [(p.seat, p.amount, p.source) for p in inside.parse(alone).payouts] == [(2, 10, PayoutSource.UNCALLED)]


def test_stud_street_of_a_seats_card_count() -> None:
    # a dialect whose street lines cannot be trusted (KingsClub's older stud files label
    # them one too early) reads the street from the count of cards the seat holds
    from parsers.engine import stud_street

    assert [stud_street(n) for n in range(1, 9)] == [
        None, None, Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH, None]


def test_a_preamble_before_the_first_hand_and_notes_worded_by_a_function_or_not_at_all() -> None:
    own = DialectParser(replace(
        TOY, preamble=re.compile(r"^Welcome to the table\.$"), body=(*TOY.body, kind("total", rf"^Total {_AMT}$", _total)),
        wording=Wording(total_pot=None, unbalanced=lambda hand: f"{hand.record.paid_from_pots()} of {hand.record.pot_total} paid")))
    hand = own.parse("Welcome to the table.\n\n" + HAND + "Total 71\n")
    assert (hand.hand_id, hand.notes) == ("7", [])  # the notice passed over; a total that differs not noted
    assert own.parse(HAND.replace("wins 65", "wins 60")).notes == ["60 of 70 paid"]
    with pytest.raises(HandParseError) as err:  # only before the header
        own.parse(HAND.replace("Button 3\n", "Button 3\nWelcome to the table.\n"))
    assert err.value.reason == QuarantineReason.PARSE_ERROR


def test_a_dialect_may_leave_an_unbalanced_hand_unnoted() -> None:
    # a migrated parser that never noted it (Seals With Clubs, Absolute) keeps its notes as they were
    quiet = DialectParser(replace(TOY, notes_unbalanced=False))
    overpaid = HAND.replace("wins 65", "wins 70")
    assert (quiet.parse(overpaid).notes, quiet.parse(overpaid).reconciles()) == ([], False)
    assert PARSER.parse(overpaid).notes == ["history does not add up: put in 70, paid 70, rake 5"]


def _comma_header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    record = _header(hand, first)
    hand.convention = COMMA  # as a header hook that finds the hand's decimal mark would
    return record


def test_a_header_hook_may_set_the_hands_number_convention() -> None:
    comma = Hand(replace(TOY, header=_comma_header), HAND)
    assert comma.read().rake == 5  # whole chips read alike
    assert comma.money("1.005") == 1005  # the dot groups thousands
    dot = Hand(TOY, HAND)
    dot.read()
    with pytest.raises(HandParseError) as err:  # the dialect's own convention: three decimals at scale 1
        dot.money("1.005")
    assert err.value.reason == QuarantineReason.BAD_AMOUNT


def test_a_bad_amount_may_name_the_hand() -> None:
    named = DialectParser(replace(TOY, wording=Wording(bad_amount="hand {hand_id}: {error}"),
                                  players=(*TOY.players, kind("wagers", r"^wagers (?P<amt>\S+)$", BET))))
    with pytest.raises(HandParseError) as err:
        named.parse(HAND.replace("Bob: checks", "Bob: wagers 2.5"))
    assert err.value.message == "hand 7: '2.5' has more decimals than the minor unit allows (scale 1)"


def test_an_unbalanced_hand_may_be_worded_with_what_is_unaccounted_for() -> None:
    worded = DialectParser(replace(TOY, wording=Wording(
        unbalanced="paid {paid} + rake {rake} = {paid_and_rake}, but {put_in} was put in ({unaccounted} unaccounted for)")))
    assert worded.parse(HAND.replace("wins 65", "wins 60")).notes == [
        "paid 60 + rake 5 = 65, but 70 was put in (5 unaccounted for)"]


def _posts_for(hand: Hand, m: re.Match[str]) -> None:
    hand.act(BIG_BLIND, m, hand.seat_named(m["name"], "a post for nobody seated"))


def test_a_line_may_name_its_seat_after_its_verb_and_a_hand_may_be_read_without_seats() -> None:
    # ``Big blind for NAME 10``: the verb recorded for the seat the line names (``hand.act(verb, m, seat)``)
    named = DialectParser(replace(TOY, body=(kind("post for", rf"^Big blind for (?P<name>.+) {_AMT}$", _posts_for),
                                             *TOY.body)))
    hand = named.parse(HAND.replace("Bob: Smith: posts big blind 10\n", "Big blind for Bob: Smith 10\n"))
    assert [(a.street, a.seat, a.kind, a.amount) for a in hand.actions[:2]] == [
        (Street.PREDEAL, 1, ActionKind.POST_SMALL_BLIND, 5), (Street.PREDEAL, 2, ActionKind.POST_BIG_BLIND, 10)]
    assert (hand.big_blind, hand.seat(2).contributed) == (10, 10) and hand.reconciles()
    # ``seatless=None``: a hand with no seat lines is read on, for the dialect's own checks to judge
    seatless = DialectParser(replace(TOY, seatless=None))
    bare = seatless.parse("Toy hand #9: Hold'em 5/10\n-- deal\nRake 0\n")
    assert (bare.seats, bare.rake, bare.actions) == ([], 0, [])
    with pytest.raises(HandParseError) as err:  # a player's line then names nobody seated
        seatless.parse("Toy hand #9: Hold'em 5/10\n-- deal\nBob: folds\n")
    assert err.value.message == "unexpected line 3: 'Bob: folds'"
    assert Hand(TOY, HAND).text == HAND  # the hand as given, for a hook that quotes it


def _away(hand: Hand, m: re.Match[str]) -> None:
    hand.number_unrecorded()


def test_a_seated_names_line_may_be_read_first_and_a_line_may_take_a_number_it_leaves_unused() -> None:
    # ``players_first``: "Dealt to me: folds" is the player's, not a deal line;
    # ``number_unrecorded``: "Bob: is away" takes action number 3, which no action then has
    first = DialectParser(replace(TOY, players_first=True, players=(kind("away", r"^is away$", _away), *TOY.players)))
    text = HAND.replace("Bob: Smith", "Dealt to me").replace("Bob: calls 25\n", "Bob: is away\nBob: calls 25\n")
    hand = first.parse(text)
    assert hand.seat(2).player == "Dealt to me" and hand.seat(2).folded_street == Street.PREFLOP
    assert [(a.seq, a.seat, a.kind) for a in hand.actions[2:5]] == [
        (2, 3, ActionKind.RAISE), (4, 1, ActionKind.CALL), (5, 2, ActionKind.FOLD)]
    assert [s.contributed for s in hand.seats] == [30, 10, 30] and hand.reconciles()
    with pytest.raises(HandParseError) as err:  # read body first, the deal line takes it
        PARSER.parse(text)
    assert (err.value.reason, err.value.message) == (
        QuarantineReason.PARSE_ERROR, "cards dealt to an unseated player, line 7: 'Dealt to me: posts big blind 10'")
