"""OnGame network text hand histories (2009-2014).

A hand runs from ``***** History for hand R5-81867677-657 *****`` to ``***** End of hand
R5-81867677-657 *****``; ``Start hand: Mon Sep 13 00:26:26 GMT+0100 2010`` gives the
time with its zone; ``Table: Tilburg [81867677] (LIMIT OMAHA_HI $0.05/$0.10, Real money)``
the limit, game, stakes (and ``ante: $0.02`` in stud). A tournament hand's first line
names its tournament, ``***** History for hand T5-556000000-1 (TOURNAMENT: "NAME",
R-10093-864, buy-in: €5) *****`` (``R-10093-864`` is the ``tournament_id``), and its table
plays for ``Chips``.

Stud opens with ``small bring in $0.12``, or ``big bring in $1`` when the seat brings it
in for a full bet (a ``BRING_IN`` of that amount; the table's own bring-in is then not
printed, so ``bring_in`` stays unset). In five-card draw, ``NAME changed 2 cards`` is a
draw and ``New hand for NAME: [...]`` the cards it gives the viewer; some files print no
``---`` between the betting before and after the draw, so the first draw line starts it.

Betting lines print what each action **adds**: ``calls $0.03``, ``bets $0.10``,
``raises $265.00 to $325.00`` (the first amount is added; the ``to`` amount is the
street total, or in stud the total since 3rd street). OnGame prints no uncalled-bet
line: the part of the largest contribution no one matched is returned to its seat here
(an ``UNCALLED_RETURN`` action, noted), and the per-seat ``net`` of the summary is checked
against it.

Summary: ``Main pot: $520.00 won by A ($259.50), A ($259.50)`` then ``Side pot 1: ...``,
``Rake taken: $1``. Each ``won by`` entry is one share of that pot; in a split-pot game an
entry is one half or one tied share, and OnGame does not say which (a tied high with no
low also prints two entries), so each is a payout with half UNLABELLED. The pot amounts
are printed **before** rake (520.00 = 259.50 + 259.50 + 1).

Every line is read or known to carry no money or cards (``_HEADER``, ``_CHATTER``: the
header, street openers, sitting out, timeouts, disconnections, chat); any other line,
including one about nobody seated, fails the hand with its line number, so that a money
line this parser does not know is never lost unread.

This module is the worked example of a dialect on ``parsers.engine`` (read the engine's
guide first). How it is laid out, and what to copy:

- the docstring above: the platform's own record, kept whatever changes below;
- the patterns, one per line kind, built from a few shared pieces (``_AMT``, ``_ALL_IN``);
- ``_header``: the only free-form code, reading the first lines into ``hand.new_record``;
- ``_summary_seat``: a hook, because the summary's seat line mixes a net and cards;
- ``DIALECT``: the declaration itself. ``body`` holds the lines that start with no
  seated name, ``players`` what may follow one, ``summary`` the lines after ``Summary:``;
  each entry is ``kind(name, pattern, effect)``. Adding a line OnGame prints is adding one
  entry there, with a test hand in ``tests/test_parser_ongame.py``.

The seat list may name a seat that takes no part in the hand (no post, no action, no
cards: of the three seats hand R5-361717011-37 lists, seat 4 never posts or acts): it
is not dealt in (``idle_seats_sat_out``), or a pot everyone folded to one player would
look contested. A pot won so is uncontested whatever the summary prints: OnGame prints
an uncontested winner's cards there too (``Seat 7: NAME (17980), net: +1020, [7s, As]
(THREE_OF_A_KIND SEVEN)``), read as shown cards, which no showdown is made of.

A street line printed twice after an all-in deals once; ``posts dead blind`` is read;
tournament pot shares are labelled ``(125 High)``, ``(125 Low)``; a tournament header may
name no tournament, ``(TOURNAMENT: )``.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Platform, QuarantineReason, Street
from parsers.clock import iso_date, local_to_utc
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BRING_IN, CALL, CHECK, CURRENCY_SIGNS, DEAD_BLIND, DISCARD, FOLD, RAISE_BY, SMALL_BLIND,
    Dialect, DialectParser, Hand, Rake, Streets, button, chip_scale, dealt, enter_summary, idle_seats_sat_out, kind,
    pot_won_by, rake, skip, street, take_seat,
)
from parsers.game_names import games, limits
from parsers.headers import Header

_TOURNAMENT = r"(?: \(TOURNAMENT: [^\r\n]*\))?"
_HAND_START = re.compile(rf"^\ufeff*\*{{5}} History for hand \S+{_TOURNAMENT} \*{{5}}", re.M)
_SNIFF = re.compile(rf"\*{{5}} History for hand \S+{_TOURNAMENT} \*{{5}}\s*\r?\nStart hand: ")

_FIRST = re.compile(
    r"^\*{5} History for hand (?P<id>\S+)"
    # a 2009 file names no tournament at all: ``(TOURNAMENT: )``
    r'(?P<tourney> \(TOURNAMENT: (?:".*", (?P<tournament_id>[^,()]+), buy-in: [^()]*)?\))? \*{5}\s*$'
)
_END = re.compile(r"^\*{5} End of hand (?P<id>\S+) \*{5}\s*$")
_START = re.compile(
    r"^Start hand: \w{3} (?P<mon>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>\S+) (?P<year>\d{4})\s*$"
)
_TABLE = re.compile(
    r"^Table: (?P<table>.+?) \[[^\]]+\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) "
    r"(?P<stakes>[^,()]+?)(?:, ante: (?P<ante>[^,()]+))?, (?P<money>[^()]+)\)\s*$"
)
_STAKES = re.compile(r"^(?P<cur>[$€£])?(?P<lo>[\d,]+(?:\.\d+)?)/[$€£]?(?P<hi>[\d,]+(?:\.\d+)?)$")
_LIMITS = limits("LIMIT", "FIXED_LIMIT", "POT_LIMIT", "NO_LIMIT")
_GAMES = games("TEXAS_HOLDEM", "HOLDEM", "OMAHA_HI", "OMAHA", "OMAHA_HI_LO", "SEVEN_CARD_STUD", "SEVEN_CARD_STUD_HI_LO",
               "RAZZ", "FIVE_CARD_DRAW")
# Zone names OnGame printed, as IANA zones (``GMT+0100`` offsets are read as such).
_ZONES = {
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "BST": "Europe/London",
    "GMT": "UTC",
    "UTC": "UTC",
    "MSK": "Europe/Moscow",
    "MSD": "Europe/Moscow",
}
_HEADER = Header(_GAMES, "game {game!r} not known in {line!r}", limits=_LIMITS)

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)\s*$")
# ``$1,288.75``; an amount under one may drop its leading 0 (``calls $.8``, 2009)
_AMT = r"(?P<amt>[$€£]?(?:[\d,]+(?:\.\d+)?|\.\d+))"
_ALL_IN = r"(?P<allin> \[all in\])?"
_SUMMARY_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<final>[^()]*)\)(?:, net: (?P<net>[+-][$€£]?[\d,]+(?:\.\d+)?))?"
    r"(?:, \[(?P<cards>[^\]]*)\])?(?: \((?P<desc>[^()]*)\))?\s*$"
)


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``Table:`` line (game, limit, stakes, ante, money) and the ``Start hand:`` time."""
    table_line = hand.header_line("Table: ")
    tm = _TABLE.match(table_line.text) if table_line else None
    if not tm:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no readable 'Table:' line: {table_line and table_line.text!r}")
    line = tm.string
    stakes = _STAKES.match(tm["stakes"].strip())
    if not stakes:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"stakes not understood in {line!r}")
    money_kind, currency = tm["money"].strip().lower(), CURRENCY_SIGNS.get(stakes["cur"] or "")
    is_tournament, is_play = "tournament" in money_kind or first["tourney"] is not None, "play" in money_kind
    if is_tournament or currency is None:
        hand.scale = chip_scale(stakes["lo"], stakes["hi"])
    record = hand.new_record(
        **_HEADER.fields(hand, tm, line), is_tournament=is_tournament, tournament_id=first["tournament_id"],
        currency=None if is_tournament or is_play else currency, is_play_money=is_play, pots_printed_net=False,
    )
    start = hand.header_line("Start hand: ")
    if start and (sm := _START.match(start.text)):
        record.start_time_raw = start.text[len("Start hand: "):]
        record.hand_date = iso_date(sm["day"], sm["mon"], sm["year"])
        if record.hand_date:
            record.start_time_utc = local_to_utc(f"{record.hand_date} {sm['time']}", sm["tz"], _ZONES)
    return record


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 2: NAME ($505.00), net: +$5.00, [Qs, Qd, ...] (DESCRIPTION)``: the seat's net
    (checked against the lines by the engine) and the cards it showed."""
    seat = hand.seats.get(int(m["seat"]))
    if seat is None:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"summary names a seat not dealt: {hand.line.text!r}")
    if m["net"]:
        hand.nets[seat.seat] = hand.money(m["net"])
    if m["cards"]:
        hand.reveal(seat, m["cards"], showed=True)


def _board(hand: Hand, m: re.Match[str]) -> None:
    """``--- Dealing flop [2d, Ad, Th]``. After an all-in OnGame may print a street's line
    twice, cards and all (hand R5-75443872-61, 2010): the second deals nothing and opens
    no betting round (read again, the board had 8 cards)."""
    printed, text = hand.facts.setdefault("board lines", set()), m.group(0)
    if text in printed:
        return None
    printed.add(text)
    return street(hand, m)


def _small_blind(hand: Hand, m: re.Match[str]) -> None:
    """``posts small blind ($5)``; after the same seat's ``posts big blind ($10)`` it is a
    returning seat's missed small blind, dead (2009 files print it so; its net counts both)."""
    assert hand.player is not None  # a player's line: the engine set it
    seat = hand.player.seat
    if any(a.seat == seat and a.kind in _BLIND_POSTS for a in hand.record.actions):
        DEAD_BLIND(hand, m)
    else:
        SMALL_BLIND(hand, m)


_BLIND_POSTS = frozenset({ActionKind.POST_BIG_BLIND, ActionKind.POST_BLIND})


DIALECT = Dialect(
    platform=Platform.ONGAME,
    format=Format.ONGAME,
    version="5",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not an OnGame header",
    header=_header,
    complete=_END,
    truncated="hand has no '***** End of hand' line (cut off at the end of the file?)",
    seat=kind("seat", _SEAT, take_seat),
    seats_end=re.compile(r"^(?:---|Summary:)"),
    body=(
        # The header lines (read by ``_header``, or naming the viewer and the count of
        # players); ``---`` and ``Dealing pocket cards`` only open a street.
        kind("header", r"^(?:Start hand: .*|Table: .*|User: .+|Players in round: +\d+(?: \(\d+\))?|---"
                       r"|(?:--- )?Dealing pocket cards)$", skip),
        kind("summary", r"^Summary:", enter_summary),
        kind("button", r"^Button: seat (?P<seat>\d+)$", button),
        kind("board", r"^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]\s*$", _board),
        kind("stud street", r"^Dealing (?P<street>4th street|5th street|6th street|river)\s*$", street),
        kind("draw", r"^New hand for (?P<name>.+): \[(?P<cards>[^\]]*)\]\s*$", dealt),
        kind("dealt", r"^Dealing to (?P<name>.+): \[(?P<cards>[^\]]*)\]\s*$", dealt),
    ),
    players=(
        kind("small blind", rf"^posts small blind \({_AMT}\){_ALL_IN}$", _small_blind),
        kind("big blind", rf"^posts big blind \({_AMT}\){_ALL_IN}$", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
        # a returning seat posts the big blind live and the small blind dead: ``posts dead blind ($0.02)``
        kind("dead blind", rf"^posts dead blind \({_AMT}\){_ALL_IN}$", DEAD_BLIND),
        kind("ante", rf"^posts ante {_AMT}{_ALL_IN}$", replace(ANTE, sets=None)),  # the table line states it
        kind("bring-in", rf"^small bring in {_AMT}{_ALL_IN}$", BRING_IN),
        # A full bet chosen as the bring-in: what the table's bring-in is, this hand does not say.
        kind("big bring-in", rf"^big bring in {_AMT}{_ALL_IN}$", replace(BRING_IN, sets=None)),
        kind("draw", r"^changed (?P<changed>\d+) cards?$", DISCARD),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", CALL),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", BET),
        kind("raise", rf"^raises {_AMT} to [$€£]?[\d,]+(?:\.\d+)?{_ALL_IN}$", RAISE_BY),
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
    ),
    # After a seated player's name: sitting out, timeouts, disconnections; chat is ``NAME : text``.
    quiet=re.compile(r"^(?:is sitting out|sits out|has returned|has timed out|is disconnected|has reconnected)$"),
    chat=re.compile(r"^ : "),
    name_follows=re.compile(r"(?= )"),
    after_name=re.compile(r" "),
    summary=(
        kind("summary", r"^Summary:", enter_summary),
        kind("pot", rf"^(?P<label>Main pot|Side pot (?P<side>\d+)): {_AMT} won by (?P<winners>.+?)\s*$", pot_won_by),
        kind("rake", rf"^Rake taken: {_AMT}\s*$", rake),
        kind("summary seat", _SUMMARY_SEAT, _summary_seat),
        kind("end", _END, skip),
    ),
    streets=Streets(
        board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER},
        stud={"4th street": Street.FOURTH, "5th street": Street.FIFTH, "6th street": Street.SIXTH,
              "river": Street.SEVENTH},
        draw={},
    ),
    rake=Rake(missing_note="no 'Rake taken' line"),
    returns_unmatched=True,
    summary_nets=True,
    pots_add_up="pots printed {pots} do not add up to the {total} put in",
    first_action_seq=1,
    checks=(idle_seats_sat_out,),
)

PARSER = DialectParser(DIALECT)
