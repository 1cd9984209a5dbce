"""Merge (Carbon) network text hand histories (2011-2014), beside the network's XML.

The files read here are those fpdb keeps in its ``regression-test-files/.../PokerTracker``
folders; they are written line for line as iPoker's text histories are (read
``parsers/ipoker_text.py`` first: seats, verbs, streets and the summary are the same), so
this dialect is that one with Merge's header, cards and the lines only Merge prints.

**The header**, two variants:

- 2011-2012: ``MERGE_GAME #3047310402797: Texas Hold'em NL $0.50/$1 01/01/2011 12:01:23``
  (also ``Holdem NL $0.10/$0.20``; a tournament prints ``Holdem NL Tournament`` or ``Omaha PL
  Tournament`` for the stakes);
- 2012 (PokerTracker 4's copies): ``MERGE_GAME #53094604-134: Holdem NL $0.10/$0.25 04/11/2012
  19:28:19``;
- 2014: ``Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST |
  Version:2``.

Dates are month first (``11/02/2011`` is in a file of November 2011, ``12/05/2014`` in one of
December 2014). ``EST`` is read as US Eastern time (``America/New_York``); a time without a
zone is kept only as printed. The table line is ``Table Bad Beat - Rue St Catherine
(30473104)``, ``Table Tropicana - Fast V (80256693), Seats 6`` or, in a tournament, ``Table
$2 Bounty Turbo, 42862423 (Tournament: $2 Bounty Turbo, 42862423 Buy-In: $2+$0.20)``, whose
number after the comma is the ``tournament_id``. Cards are written rank then suit, ``Ks 8s``.

**Merge's own lines.** ``Raise $100.00`` is the street total raised *to* (a small blind of
25 that ``Raise $100.00`` and is not called wins 150: the pot of 100 and its unmatched 50),
unlike iPoker's ``Raise``; there is no ``Raise (NF)``. ``Post DB $0.35`` is a returning seat's post: more than the big blind
(0.35 at 0.10/0.25) it is both blinds, the big blind's worth live and the rest dead; at most
the big blind it is a live post (``Post DB $0.02`` at 0.02/0.04 followed by ``Call $0.02``
closes the betting against the big blind's 0.04, file
NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb). A big blind all in for less than a small
blind is printed ``Post SB`` (``Post SB $135.00`` by a seat whose stack reads ``$0.00``, file
PLO-USD-5-201202.Merge.all.in.blind): a second small-blind post is read as a live post of its
amount. The 2014 files print the return of an uncalled bet as ``NAME: wins $0.04
(uncalled)``; the 2011-2012 files print none, and the winner's ``wins`` holds it (the part
no one matched is recorded as an ``uncalled`` payout, as for iPoker without
``Uncalled:Y``); a seat given back the unmatched part of an all-in call gets it as a second
``wins`` line.

**Stacks.** A tournament's seat lines give each stack after the seat's antes and blinds
(a big blind all in for less reads ``$0.00``); they are added back, so ``stack`` is what the
seat started with. A cash table's stacks are before them.

**No rake and no total pot are printed**: the rake is inferred as everything put in less
every win (``rake_source`` ``inferred``, noted); the Bad Beat tables' jackpot drop is inside
that amount (the files do not say how much of it is rake).

A hand without a ``wins`` line is ``truncated``. Any line not declared fails the hand
(``parse_error``, naming it). Declared on ``parsers.engine``. ``merge`` is the format name
contracts already reserved for Merge's text.
Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Platform, QuarantineReason
from parsers.base import AMOUNT
from parsers.engine import (
    BLIND, CURRENCY_SIGNS, RAISE_TO, SMALL_BLIND, DialectParser, Hand, Rake, Returned, group, kind, read_cards,
)
from parsers import ipoker_text
from parsers.game_names import games, limits
from parsers.headers import Header

_HAND_START = re.compile(r"^\ufeff*(?:MERGE_GAME #[\d-]+:|Merge Game #[\d-]+ \|)", re.M)
_SNIFF = re.compile(r"(?:MERGE_GAME #[\d-]+: |Merge Game #[\d-]+ \| )")
_FIRST = re.compile(
    r"^\ufeff*(?:MERGE_GAME #(?P<id>[\d-]+): (?P<game>.+?) (?P<limit>NL|PL|FL|L) "
    r"(?:(?P<tourney>Tournament)|(?P<sb>[$€£]?[\d,.]+)/(?P<bb>[$€£]?[\d,.]+)) "
    r"(?P<date>\d{2}/\d{2}/\d{4}) (?P<time>\d{1,2}:\d{2}:\d{2})"
    r"|Merge Game #(?P<id_2>[\d-]+) \| (?P<game_2>.+?) (?P<limit_2>NL|PL|FL|L) "
    r"\((?:(?P<tourney_2>Tournament)|(?P<sb_2>[$€£]?[\d,.]+)/(?P<bb_2>[$€£]?[\d,.]+))\) \| "
    r"(?P<date_2>\d{2}/\d{2}/\d{4}) (?P<time_2>\d{1,2}:\d{2}:\d{2})(?: (?P<zone>[A-Z]{2,4}))? \| Version:\d+)\s*$"
)
_TOURNAMENT_TABLE = re.compile(r"^Table (?P<table>.+?) ?, (?P<tid>\d+) \(Tournament: .*\)$")
_GAMES = games("Texas Hold'em", "Holdem", "Omaha")
_LIMITS = limits("NL", "PL", "FL", "L")
_ZONES = {"EST": "America/New_York", "EDT": "America/New_York", "ET": "America/New_York"}
_HEADER_FIELDS = Header(_GAMES, "game {game!r} not known in {line!r}", limits=_LIMITS, date_format="%m/%d/%Y %H:%M:%S",
                        zones=_ZONES)


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``MERGE_GAME #``/``Merge Game #`` line and the ``Table`` line."""
    line = hand.lines[0].text
    hand.hand_id = group(first, "id")
    game = _HEADER_FIELDS.fields(hand, first, line)  # and the blinds of a cash table
    is_tournament = group(first, "tourney") is not None
    table_line = hand.header_line("Table ", last=3)
    text = table_line.text if table_line else ""
    tm = _TOURNAMENT_TABLE.match(text) if is_tournament else None
    plain = re.match(r"^Table (?P<table>.+?)(?:, Seats \d+)?$", text)
    record = hand.new_record(
        **game, is_tournament=is_tournament, tournament_id=tm["tid"] if tm else None,
        table_name=tm["table"] if tm else plain["table"] if plain else None,
        currency=None if is_tournament else CURRENCY_SIGNS.get((group(first, "sb") or "")[:1]),
    )
    zone = first["zone"]
    record.start_time_raw = f"{group(first, 'date')} {group(first, 'time')}{' ' + zone if zone else ''}"
    hand.facts["return inside win"] = True  # no 2011-2012 file prints a return; 2014's are taken as printed
    return record


def _small_blind(hand: Hand, m: re.Match[str]) -> None:
    """``Post SB``: the first is the small blind; a second is a big blind all in for less,
    printed as a small blind (file PLO-USD-5-201202.Merge.all.in.blind): a live post. A
    small blind above the big blind is a damaged history (``Post SB $3.74``, a seat's whole
    stack, at 0.02/0.04, and never in the pot again: fpdb's
    NLHE-6max-USD-0.02-0.04-201412.Merge.weird.allin.sb.corrupted)."""
    if any(a.kind == ActionKind.POST_SMALL_BLIND for a in hand.record.actions):
        return BLIND(hand, m)
    big, amount = hand.record.big_blind, hand.money(m["amt"])
    line = hand.line
    if big is not None and amount > big and line is not None:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"a small blind of {amount} above the big blind {big}, "
                                                       f"line {line.number}: {line.text!r}")
    return SMALL_BLIND(hand, m)


def _printed_return(hand: Hand, m: re.Match[str]) -> None:
    """``NAME: wins $0.04 (uncalled)`` (2014): the return is printed, not inside any win."""
    hand.facts["return printed"] = True
    Returned(paid=True)(hand, m)


_FORCED = frozenset({ActionKind.POST_ANTE, ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND,
                     ActionKind.POST_BLIND, ActionKind.POST_DEAD})


def _tournament_stacks_after_posts(hand: Hand) -> None:
    """A tournament's seat lines give each stack after its antes and blinds (file
    NLHE-USD-SNG-2-201111.Merge: ``Player2 ($1,275.00 in chips)`` posts 25 and 125 and is then
    all in for 1,275, and wins 1,513, which the next hand prints as ``$1,488.00`` after its
    ante of 25); a cash table's are before them (a small blind's 127.26 less the 5.50 it put
    in is the next hand's 121.76). The posts are added back, so ``stack`` is the stack the
    seat started with."""
    if not hand.record.is_tournament:
        return
    for action in hand.record.actions:
        seat = hand.seats.get(action.seat) if action.seat is not None else None
        if action.kind in _FORCED and action.amount and seat is not None and seat.stack is not None:
            seat.stack += action.amount


_BASE = ipoker_text.DIALECT

DIALECT = replace(
    _BASE,
    platform=Platform.MERGE,
    format=Format.MERGE_TEXT,
    version="1",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not a Merge text header",
    header=_header,
    cards=read_cards,
    players=(
        kind("small blind", rf"^Post SB {AMOUNT}$", _small_blind),
        # ``Post DB``: more than the big blind is both blinds; at most, a live post (see the module's docstring)
        kind("dead blind", rf"^Post DB {AMOUNT}$", ipoker_text.live_post_or_both_blinds),
        kind("uncalled", rf"^wins {AMOUNT} \(uncalled\)$", _printed_return),
        kind("raise", rf"^Raise {AMOUNT}$", RAISE_TO),  # the street total (iPoker's ``Raise`` adds)
        *(k for k in _BASE.players if k.name not in ("small blind", "raise by")),
    ),
    rake=Rake(inferred="rake not printed: inferred as put in minus won ({put_in} - {paid})",
              overpaid="rake not printed, and more was won than put in"),
    requires=(),
    requires_payout=(QuarantineReason.TRUNCATED, "hand has no 'wins' line (cut off?)"),
    before_returns=(_tournament_stacks_after_posts,),
)

PARSER = DialectParser(DIALECT)
