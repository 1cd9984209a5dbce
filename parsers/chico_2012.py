"""The Chico network's 2012 dialect of its skins ActionPoker.com and Gear Poker.

A hand looks like::

    ActionPoker.com Game #1012408051: Hold'em - 2012-04-03 02:10:06
    Table The Green Mile (Real Money) Seat #2 is the button
    Seat 0: Player0 (79.50 in Chips)
    Player0: Posts small blind 1.00.
    Player9: Posts big blind 2.00.
    *** HOLE CARDS ***
    Dealt To Hero [4C QC]
    Player5: Calls 2.00.
    Player9: Checks.
    *** FLOP *** [10S 6D 7S]
    Player9: Bets 2.00.
    *** TURN *** [10S 6D 7S] [6C]
    *** SUMMARY ***
    Total Pot 13.30 | Rake 0.70
    Seat 0: Player0 (Small Blind)  Folded on the Turn
    Seat 1: Player1 Is Sitting Out
    Seat 5: Player5 showed [10S 6D 6C 10C KC ] and won (13.30)
    Seat 9: Player9 (Big Blind)  showed [5S 4H ] and lost.

The network numbers these hands in BetOnline's series (1012408051 and Gear Poker's
1014850512 in April 2012, between BetOnline's own 1002134798 and 1073058326 of that year),
so a hand has platform ``betonline`` and a note names the skin, as ``parsers/betonline.py``
does for the skins that write BetOnline's dialect. Every line is worded otherwise than
there (title case, a period after each action, ``in Chips``, no quotes round the table,
cards ``10S``), so the dialect is its own; what the network does the same way is read by
betonline's hooks, imported: seats are numbered from 0 and recorded as the printed number
+ 1 (the button too), no uncalled-bet line is printed and the unmatched part of a street's
largest bet goes back to its bettor when the street closes, with a note (hand 1014850512:
``Bets 90.00.`` on the turn, nobody calls, ``collected (90.00)`` is the 90 put in before
it), ``Total Pot X | Rake R`` prints X net of the rake R (hand 1012408051: 14.00 put in,
``Total Pot 13.30 | Rake 0.70``, ``won (13.30)``), a seat that did nothing and holds no
cards was not dealt in (``Is Sitting Out`` in the summary), and the summary's ``won (X)``
and ``collected (X) from the Pot.`` are the payouts.

The header prints no stakes, no limit and no time zone: the blinds are the posted ones
(``Posts small blind 1.00.``, ``Posts big blind 2.00.``; a note says so), ``limit`` and
``start_time_utc`` stay empty. The table line says ``(Real Money)`` or ``(Play Money)``:
play money is recorded as the lake records it for other platforms (``is_play_money``, no
currency); real money is in dollars (no sign is printed; the network's cash tables play in
dollars, BetOnline's own print ``$``). Amounts are printed in hundredths, play money too
(``1000.00 in Chips``). Only ``Hold'em`` has been seen; another game name quarantines the
hand (``unsupported_game``).

Actions: ``Calls X.`` adds X (hand 1012408051: the small blind 1.00 ``Calls 1.00.`` to the
big blind 2.00; hand 1014850775: the big blind 20.00 ``Calls 900.00 and is All In.`` with
920.00 in chips), ``Bets X.`` adds X. ``Raises X.`` has been seen only from a seat with
nothing in on the street (``Raises 1000.00 and is All In.`` with 1000.00 in chips), where
"raises to X" and "adds X" are the same; from a seat with chips in already the two differ
and nothing seen says which is meant, so an all-in raise is read as the one that spends the
seat's stack and any other such raise quarantines the hand, naming the line
(``_raise``).

The summary's cards are not always the hole cards (``_summary_seat``): a losing seat's
``showed [5S 4H ] and lost.`` is its hole cards (hand 1014850775: the viewer's
``showed [4D 2S ]`` are the cards ``Dealt To`` it), but a winner's ``showed [...] and won``
prints the best five cards of its hand (hand 1012408051: ``[10S 6D 6C 10C KC ]`` on the
board 10S 6D 7S 6C 10C). The winner's hole cards are the five less the board, a card not
among them left unknown (``KC`` and an unknown one there): a seat paid with an unknown card
cannot be checked, and the audit says so (``unverifiable``). When the hand ends all in
before the flop no board is printed at all (hand 1014850775: ``showed [JH 10D QS KC AS ]
and won``): the winner's hole cards are unknown and the board is empty.

A summary ``Folded`` line names the street after the one the seat folded on (hand
1012408051: ``Folded on the Turn`` for a fold on the flop; 1014850512: ``Folded on the
River`` for one on the turn): the action lines say where a seat folded, and the summary's
fold lines are passed over. The summary may print several seats on one line with no word
of what they did (hand 1014850512: ``Seat 8: Player7 (Small Blind) Seat 9: Player8
(Button)``, two seats that folded before the flop): such a line is read only where every
seat it names folded in the action lines (``_seats_without_status``).

Every other line fails the hand, naming it, as do cards dealt to no seat, a summary line
naming a seat by a name not its own, and a winner's five cards that are not a hand on the
printed board. Only these two skins' headers are read: no file of another Chico skin
(SportsBetting.ag, Tiger Gaming...) in this dialect has been seen. Versions
(``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from parsers.betonline import (
    board_street,
    dealt_in,
    hole_cards,
    pots_no_line_pays,
    rake_of_each_total,
    seat_numbered_from_0,
    summary_pays,
    summary_starts,
    total_line,
    unbalanced,
)
from parsers.engine import (
    BET,
    CALL,
    CHECK,
    FOLD,
    RAISE_BY,
    RAISE_TO,
    Act,
    Dialect,
    DialectParser,
    Hand,
    Money,
    Require,
    Streets,
    Wording,
    dealt,
    kind,
    starred_section,
    unknown_street_line,
)
from parsers.headers import Header
from rules.money import format_minor
from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Platform, QuarantineReason, Street

_NUM = r"\d[\d,]*(?:\.\d+)?"
_AMT = rf"(?P<amt>{_NUM})"
_ALL_IN = r"(?P<allin> and is All In)?"
_SKINS = r"ActionPoker\.com|Gear Poker"
_FIRST_LINE = (rf"^(?P<skin>{_SKINS}) Game #(?P<id>\d+): (?P<game>.+?) - "
               r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}:\d{2})")
# the header and the table line after it, read together
_HEADER = re.compile(
    rf"{_FIRST_LINE}[ \t]*\n"
    rf"Table (?P<table>.+?) \((?P<money>Real|Play) Money\) Seat #(?P<button>\d+) is the button[ \t]*$"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_NUM}) in Chips\)(?P<rest>)\s*$")
_POSITION = r"(?: \((?:Small Blind|Big Blind|Button)\) )?"
_SUMMARY_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?){_POSITION} (?P<what>"
                           r"Folded before Flop|Folded on the (?:Flop|Turn|River)|Is Sitting Out|"
                           rf"showed \[(?P<cards>[^\]]*)\] and (?:lost\.|won \((?P<won>{_NUM})\))|"
                           rf"collected \((?P<collected>{_NUM})\) from the Pot\.)$")
_NO_STATUS = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?:Small Blind|Big Blind|Button)\) ?")
_HEADER_FIELDS = Header(games={"hold'em": Game.HOLDEM}, game_key=str.lower, date_format="%Y-%m-%d %H:%M:%S")
_HOLE_CARDS = 2  # Hold'em, the one game seen


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """Game, time, table, play or real money and the button (printed from 0)."""
    fields = _HEADER_FIELDS.fields(hand, m)  # game, date, table and the button as printed
    fields["button_seat"] += 1
    play = m["money"] == "Play"
    record = hand.new_record(
        **fields, limit=None, is_tournament=False, is_play_money=play, currency=None if play else "USD",
        start_time_raw=f"{m['date']} {m['time']}",
    )
    record.notes.append(f"skin: {m['skin']} (Chico network, recorded as betonline)")
    record.notes.append("no stakes in the header: the blinds are the posted ones")
    return record


def _raise(hand: Hand, m: re.Match[str]) -> None:
    """``Raises X.``: from a seat with nothing in on the street X is both what it adds and
    its total; otherwise an all-in raise is the reading that spends the stack, and any other
    raise is not read (no hand seen says which X is)."""
    seat, amount = hand.player, hand.money(m["amt"])
    assert seat is not None and hand.line is not None  # a player's line: the engine set both
    already = hand.tracker.street_bet(seat.seat)
    if not already:
        RAISE_TO(hand, m)
        return
    left = (seat.stack or 0) - hand.tracker.contributed(seat.seat)
    if m["allin"] and left in (amount, amount - already):
        (RAISE_BY if left == amount else RAISE_TO)(hand, m)
        return
    raise hand.fail(QuarantineReason.PARSE_ERROR,
                    f"line {hand.line.number}: {hand.line.verbatim!r} raises with {format_minor(already, hand.scale)} "
                    "already in on the street: whether the amount is what it adds or its total is not known")


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """A summary seat line: what it won (``summary_pays`` pays it) and the cards it showed.
    A fold's street is the one after the fold (see the module's notes): passed over."""
    seat, line = _summary_named(hand, int(m["seat"]) + 1, m["name"]), hand.line
    assert line is not None
    won = m["won"] or m["collected"]
    if won is not None:
        hand.facts.setdefault("won", []).append((seat.seat, hand.money(won), line.verbatim))
    if m["cards"] is None:
        return
    seat.showed = True
    shown: list[str] = [c for c in hand.cards(m["cards"]) if c]
    best_five = m["won"] is not None and len(shown) > _HOLE_CARDS
    hand.shown[seat.seat] = _hole_cards_of(hand, seat.seat, shown) if best_five else list(shown)


def _hole_cards_of(hand: Hand, seat: int, five: list[str]) -> list[str | None]:
    """A winner's best five less the board: its hole cards, those not among the five unknown
    (the viewer's are the ones dealt to it)."""
    dealt = [c for c in hand.dealt.get(seat, []) if c]
    if not hand.board:
        if dealt:
            return list(dealt)
        hand.record.notes.append(f"seat {seat} won showing its best five cards {' '.join(five)}, but no board "
                                 "is printed: its hole cards are not known")
        return [None] * _HOLE_CARDS
    own = [c for c in five if c not in hand.board]
    if len(set(five)) != 5 or len(own) > _HOLE_CARDS or (dealt and not set(own) <= set(dealt)):
        line = hand.line
        assert line is not None
        raise hand.fail(QuarantineReason.INCONSISTENT, f"summary line {line.number}: {line.verbatim!r} is not "
                        f"a best five of the board {' '.join(hand.board)}")
    if dealt:
        return list(dealt)
    if len(own) < _HOLE_CARDS:
        hand.record.notes.append(f"seat {seat} won showing its best five cards {' '.join(five)}: "
                                 f"{_HOLE_CARDS - len(own)} of its hole cards not among them, not known")
    return [*own, *[None] * (_HOLE_CARDS - len(own))]


def _summary_named(hand: Hand, number: int, name: str) -> SeatRecord:
    """The seat a summary line names by its printed number and its player's name."""
    seat, line = hand.seats.get(number), hand.line
    assert line is not None
    if seat is None or seat.player != name:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"summary line {line.number} names {name!r} at seat "
                        f"#{number - 1}, not its seat: {line.verbatim!r}")
    return seat


def _seats_without_status(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 8: Player7 (Small Blind) Seat 9: Player8 (Button)``: seats printed with no word
    of what they did, read only where each folded in the action lines (else it may have won)."""
    line = hand.line
    assert line is not None
    for found in _NO_STATUS.finditer(line.text):
        seat = _summary_named(hand, int(found["seat"]) + 1, found["name"])
        if seat.folded_street is None:
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"summary line {line.number}: {line.verbatim!r} says nothing "
                            f"of seat #{found['seat']}, which did not fold")


_SECTIONS = (
    kind("summary", starred_section("SUMMARY"), summary_starts),
    kind("hole cards", starred_section("HOLE CARDS"), hole_cards),
    kind("board", starred_section("(?P<street>FLOP|TURN|RIVER)") + r"(?P<cards>.*)$", board_street),
    kind("section", r"^\*\*\* (?P<label>[^*]+?) \*\*\*", unknown_street_line),
)
_TOTAL = rf"^Total Pot (?P<amount>{_NUM})(?: \| Rake (?P<rake>{_NUM}))?$"

DIALECT = Dialect(
    platform=Platform.BETONLINE,
    format=Format.CHICO_2012,
    version="1",
    hand_start=re.compile(rf"^(?:{_SKINS}) Game #\d+: ", re.M),
    head=re.compile(_FIRST_LINE),
    first=_HEADER,
    not_first="not a Chico 2012 header and table line",
    header=_header,
    header_lines=2,
    seat=kind("seat", _SEAT, seat_numbered_from_0),
    body=(
        *_SECTIONS,
        kind("dealt", r"^Dealt To (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", dealt),
    ),
    players=(
        kind("small blind", rf"^Posts small blind {_AMT}{_ALL_IN}\.$",
             Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, sets="small_blind")),
        kind("big blind", rf"^Posts big blind {_AMT}{_ALL_IN}\.$",
             Act(ActionKind.POST_BIG_BLIND, Money.ADDS, sets="big_blind")),
        kind("bet", rf"^Bets {_AMT}{_ALL_IN}\.$", BET),
        kind("call", rf"^Calls {_AMT}{_ALL_IN}\.$", CALL),
        kind("raise", rf"^Raises {_AMT}{_ALL_IN}\.$", _raise),
        kind("check", r"^Checks\.$", CHECK),
        kind("fold", r"^Folds\.$", FOLD),
    ),
    name_follows=re.compile(r"(?=: )"),
    after_name=re.compile(r": "),
    summary=(
        *_SECTIONS,
        kind("total", _TOTAL, total_line),
        kind("summary seat", _SUMMARY_SEAT, _summary_seat),
        kind("seats without status", rf"^(?:{_NO_STATUS.pattern})+$", _seats_without_status),
    ),
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    requires=(Require("summary", QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***"),),
    first_action_opens=False,  # ``*** HOLE CARDS ***`` opens the betting
    quotes_trailing_space=True,
    checks=(dealt_in, summary_pays, rake_of_each_total, pots_no_line_pays),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}", total_pot=None, unbalanced=unbalanced),
    first_action_seq=1,
)

PARSER = DialectParser(DIALECT)
