"""Merge Network / Carbon Poker hand histories (XML fragments).

A Merge file is not one XML document: a ``<description type=".." stakes=".."/>``
element names the game and stakes once, then one ``<game>`` element per hand follows.
The corpus' ``.txt`` files hold exactly the same fragments as its ``.xml`` files (no
Merge plain-text dialect was found), so this one module reads both, sniffing on content.

Choices, each checked on the real files:

* ``split`` yields exact spans of the file (ingest stores and hashes each hand's own
  bytes, and computes offsets from the spans) as ``HandText`` whose ``context`` is the
  latest ``<description>`` before the game, so every hand of a file knows its game and
  stakes. The parser is not ``chunkable``: a chunk cut mid-file would lose the header.
  A ``<game>`` with no description at all still parses: the game comes from the numeric
  ``gametype`` / ``multigametype`` codes, the limit is left unknown (None) and a note
  says so.
* Seats are numbered from 0 in the XML; records use ``seat + 1`` (as the client shows). A
  seat whose events post or act though ``<players>`` does not list it (2011-2012) is
  seated with no name or stack, and a note; its money is in the pot the winners are paid.
* Event amounts are what the action put in, except ``RAISE`` and ``COMPLETE`` which,
  from 2010-09-08 on, are the seat's total bet on the street ("raise to"); before that
  date ``RAISE`` is the amount added (the 2008 Hold'em file only adds up that way).
  ``ALL_IN`` is the amount added; it is checked against the seat's stack. An ``ALL_IN``
  with no amount, for a seat already all in, repeats it on a later street (2013) and adds
  nothing; anywhere else it quarantines the hand.
* ``starttime`` is Eastern Standard Time all year (UTC-5, no daylight saving): in every
  corpus file with event timestamps (epoch milliseconds) the first event lies within
  a minute of ``starttime`` + 5 h, in winter and in summer alike. Files from 2012 on write
  it as local time with its offset, ``2012/08/23 02:10:05 -0300`` (the first event's
  timestamp is 05:09:55 UTC): that offset gives the UTC time.
* No rake is printed. Cash hands: rake is inferred as everything put in minus
  everything paid from pots (``rake_source`` inferred, with a note); tournaments: 0.
  Winner lines of 2011-2013 files include the uncalled part of a last bet (no separate
  ``uncalled="true"`` line); such hands carry a note with the amount.
* A tournament is what the description says: its ``type`` ends in `` Tournament`` (its
  ``stakes`` then name the limit and no amounts). A ``<game>`` with no description is a
  tournament when the third ``data`` field is ``<tournament id>-<table number>`` (a cash
  table's is a bare number). The fifth ``data`` field does not mark tournaments: it is
  ``true`` in every tournament hand but also in a 2013 real-money $1/$2 Hold'em hand
  (meaning unknown), and is not read.
* A game Merge cancelled (a ``GAME_CANCELLED`` round or event) is quarantined as
  ``inconsistent``, as every parser quarantines a cancelled hand: its text is whole (not
  ``truncated``) but it was never played out, with no winner to audit; the message says
  it was cancelled. A ``<game>`` that closes with no ``<winner>`` (the 2011 log of hand
  33325037-509 stops after a fold preflop) is ``truncated``: the hand's end was not logged.
* Tournament ``balance`` is printed after the blinds and antes were posted; ``stack`` adds
  them back. A ``<game>`` with a ``version`` attribute (2012-08 on: ``version="1"``,
  ``"2.1"``) prints it before them: there every seat's next balance is its balance less
  what it put in plus what it won, blinds included, and an all-in seat's total is its
  balance, antes included (tournament 81601090, 2015).
* Every event type is read or known to move no money (``_IGNORED_EVENTS``: chat, timeouts,
  connections, comings and goings; one of those with an amount fails the hand), and every
  element and attribute of a ``<game>`` is one ``_GAME_ELEMENTS`` lists; anything else
  fails the hand.

The module reads through the shared XML reader (``parsers.xml_dialect``): the dialect
below (allow-list, event tables) is its data, ``_HandBuilder`` its quirks.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from xml.etree.ElementTree import Element, ParseError

from defusedxml.ElementTree import fromstring

from parsers.base import HandText, card, infer_rake, show_element
from parsers.engine import BET, CALL, CHECK, COMPLETE, FOLD, RAISE_BY, RAISE_TO, Act, Money
from parsers.xml_dialect import XmlDialect, XmlHand, XmlParser, XmlWording, allow_list, spelt
from rules.games import HILO_GAMES, STUD_GAMES
from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, Street

_DESCRIPTION = re.compile(r"<description\b[^>]*?/>")
_GAME_START = re.compile(r"^[ \t\ufeff]*<game\b", re.M)
_WINNER_TAG = re.compile(r"<winner\b[^>]*>")
_SNIFF = re.compile(
    r'<description type="[^"]*" stakes="[^"]*"|<game id="[0-9]+-[0-9]+" starttime="(?:[0-9]{14}|'
    r'[0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [-+][0-9]{4})"'
)
# ``starttime`` as written from 2012 on: local time and its UTC offset.
_ZONED_START = re.compile(r"\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} [-+]\d{4}")
# The third ``data`` field of a tournament game: "<tournament id>-<table number>" (a cash
# game's is its bare table id).
_TOURNAMENT_TABLE = re.compile(r"\d+-\d+")
_STAKES = re.compile(
    r"^(?P<limit>No Limit|Pot Limit|Half Pot Limit|Limit)?\s*(?:Level \d+ (?:Ante \d+, )?Blinds)?\s*"
    r"\(?(?P<amounts>[$0-9./]*)\)?\s*$"
)

#: Merge's clock: Eastern Standard Time, never daylight time (see module docstring).
MERGE_CLOCK = timezone(timedelta(hours=-5))
#: From this start time on, RAISE amounts are "raise to" totals.
RAISE_TO_SINCE = "20100908000000"

_GAMES_BY_NAME = {
    "Holdem": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha H/L8": Game.OMAHA_HILO,
    "7-Stud": Game.STUD,
    "7-Stud H/L8": Game.STUD_HILO,
    "Razz": Game.RAZZ,
    "Badugi": Game.BADUGI,
    "2-7 Lowball": Game.LOWBALL27_TRIPLE,
    "A-5 Lowball": Game.LOWBALL_A5_TRIPLE,
    "5-Draw": Game.DRAW5,
}
_MIXED_NAMES = {"HORSE", "HOSE", "HA", "HO", "RASH", "SHOE", "HAR"}
# Numeric game codes (``gametype`` and, in mixed games, ``multigametype``); every sweep
# file that names its code-63 and code-67 hands calls them "A-5 Lowball" and "2-7
# Lowball" (triple draw); a copy cut before its <description> has only the code.
_GAMES_BY_CODE = spelt(
    {
        "1 2 9 23": Game.HOLDEM,
        "4": Game.OMAHA,
        "34 35 37": Game.OMAHA_HILO,
        "38 39 41 42": Game.STUD,
        "43 45": Game.STUD_HILO,
        "46 47 49": Game.RAZZ,
        "63": Game.LOWBALL_A5_TRIPLE,
        "67": Game.LOWBALL27_TRIPLE,
        "71": Game.BADUGI,
    }
)
_LIMITS = {"No Limit": Limit.NO, "Pot Limit": Limit.POT, "Half Pot Limit": Limit.HALF_POT, "Limit": Limit.FIXED}
_ROUNDS = spelt(
    {
        "BLINDS BRING_IN": Street.PREDEAL,
        "PREFLOP": Street.PREFLOP,
        "POSTFLOP": Street.FLOP,
        "POSTTURN": Street.TURN,
        "POSTRIVER": Street.RIVER,
        "THIRD_STREET": Street.THIRD,
        "FOURTH_STREET": Street.FOURTH,
        "FIFTH_STREET": Street.FIFTH,
        "SIXTH_STREET": Street.SIXTH,
        "SEVENTH_STREET": Street.SEVENTH,
        "PRE_FIRST_DRAW": Street.PREDRAW,
        "FIRST_DRAW POST_FIRST_DRAW": Street.DRAW1,
        "SECOND_DRAW POST_SECOND_DRAW": Street.DRAW2,
        "THIRD_DRAW POST_THIRD_DRAW": Street.DRAW3,
        "SHOWDOWN END_OF_FOLDED_GAME END_OF_GAME": Street.SHOWDOWN,
    }
)
# Events that move no money and change nothing the audit needs (RABBIT: the uncontested
# winner's cards shown after the others folded, 2012, text="Jh,Js").
_IGNORED_EVENTS = frozenset(
    "CHAT PLAYER_OUT LEAVE RECONNECTED DISCONNECTED SIT_IN TIMEOUT TIME_BANK JOIN RABBIT".split()
)
# Forced bets posted in full to the pot as live money, by event type.
_FORCED_KINDS = {
    "SMALL_BLIND": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True),
    "BIG_BLIND": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True),
    "INITIAL_BLIND": Act(ActionKind.POST_BLIND, Money.ADDS, forced=True),
    "BRING_IN": Act(ActionKind.BRING_IN, Money.ADDS, forced=True),
}
# Wagers, by event type: a call or bet adds its amount, a completion is the seat's street
# total; a raise is too from RAISE_TO_SINCE on (``raise_is_total``), and adds before.
_WAGERS = {"CALL": CALL, "BET": BET, "COMPLETE": COMPLETE, "RAISE": RAISE_BY}
_HALVES = {"h": Half.HIGH, "l": Half.LOW, "n": Half.WHOLE}
# A 2015 (version 2.1) tournament <game> also names its level and the tournament's terms:
# what a buy-in, rebuy or add-on cost and the chips each gave, the bounty on a head, the
# table count. None is money put in or won in the hand (a bounty is paid outside the pot).
_TOURNAMENT_SETUP = "stakes buyIn seatsPerTable tableCount startingStack rebuy rebuyStack addon addonStack bounty"
# Every element a <game> may hold, with its attributes and child elements; any other fails
# the hand, so that nothing that might move money is passed over unread. Known and not
# read: the game's ``numholecards`` and ``version``, a round's and an event's
# ``sequence`` (the order they stand in is read), an event's ``timestamp``, the ``hand``
# a player's cards or a winner's hand make (a description).
_GAME_ELEMENTS = allow_list(
    {
        "game": (
            "id starttime numholecards gametype multigametype realmoney data seats version " + _TOURNAMENT_SETUP,
            "players round",
        ),
        "players": ("dealer", "player"),
        "player": ("seat nickname balance dealtin", ""),
        "round": ("id sequence", "event cards winner"),
        "event": ("sequence type player amount timestamp text", ""),
        "cards": ("type cards player hand", ""),
        "winner": ("amount uncalled potnumber player hand pottype", ""),
    }
)


def _split(text: str) -> Iterator[tuple[int, str]]:
    """Literal spans of the file, one per ``<game>``.

    A ``<description>`` standing right before a game (only blank text between) opens
    that game's span; every game carries the latest description before it as its
    ``HandText.context``.
    """
    games = [m.start() for m in _GAME_START.finditer(text)]
    if not games:
        if text.strip(" \r\n\t\ufeff"):
            yield 0, text
        return
    starts = []
    previous_end = 0
    for game_at in games:
        start = game_at
        for d in _DESCRIPTION.finditer(text, previous_end, game_at):
            if not text[d.end() : game_at].strip(" \r\n\t\ufeff"):
                start = d.start()
        starts.append(start)
        previous_end = game_at
    if text[: starts[0]].strip(" \r\n\t\ufeff"):
        yield 0, text[: starts[0]]
    context = ""
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        for d in _DESCRIPTION.finditer(text, start, end):
            if d.start() < text.find("<game", start, end):
                context = d.group(0)
        yield start, HandText(text[start:end], context=context)


def _attr(el: Element, name: str, hand_id: str | None) -> str:
    value = el.get(name)
    if value is None:
        raise HandParseError(
            QuarantineReason.PARSE_ERROR,
            f"<{el.tag}> without the {name!r} attribute: {show_element(el)}",
            hand_id,
        )
    return value


def _cards(text: str) -> list[str | None]:
    """Comma-separated cards; ``null`` and empty places are face-down (None)."""
    out: list[str | None] = []
    for token in text.split(","):
        token = token.strip()
        out.append(None if token in ("", "null") else card(token))
    return out


def _parse(hand_text: str) -> ParsedHand:
    text = hand_text.lstrip("\ufeff")
    desc_match = _DESCRIPTION.search(text) or _DESCRIPTION.search(getattr(hand_text, "context", ""))
    game_at = text.find("<game")
    if game_at < 0:
        raise HandParseError(QuarantineReason.PARSE_ERROR, "no <game> element in this text", None)
    game_text = text[game_at:]
    id_match = re.search(r'<game\b[^>]*?\bid="([^"]+)"', game_text)
    hand_id = id_match.group(1) if id_match else None
    if "</game>" not in game_text:
        raise HandParseError(QuarantineReason.TRUNCATED, "the <game> element has no closing </game> tag", hand_id)
    game_text = game_text[: game_text.index("</game>") + len("</game>")]
    try:
        game = fromstring(game_text)
        description = fromstring(desc_match.group(0)) if desc_match else None
    except ParseError as exc:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"malformed XML: {exc}", hand_id) from None
    if hand_id is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, "<game> without an id", None)
    if next(game.iter("winner"), None) is None and "GAME_CANCELLED" not in game_text:
        # hand 33325037-509 (2011): the log closes the game after a fold and LEAVE preflop
        rounds = ", ".join(str(r.get("id")) for r in game.iter("round"))
        raise HandParseError(
            QuarantineReason.TRUNCATED,
            f"the <game> element closes after its {rounds} round(s) with no <winner>: the hand's end was not logged",
            hand_id,
        )
    return _HandBuilder(game, description, hand_id, game_text).build()


class _HandBuilder(XmlHand):
    """One ``<game>`` element to a ParsedHand (a fresh builder per hand)."""

    def __init__(self, game: Element, description: Element | None, hand_id: str, raw: str):
        super().__init__(DIALECT, hand_id)
        self.game_el = game
        self.description = description
        self.raw = raw
        self.notes: list[str] = []
        self.round_id = ""

    def cancelled(self) -> HandParseError:
        """A game Merge cancelled was never played out: no pot, no winner to audit."""
        return self.fail(
            QuarantineReason.INCONSISTENT,
            f"Merge cancelled the game (GAME_CANCELLED) after {len(self.record.actions)} action(s): "
            "the hand stops there unplayed, with no <winner> (its text is whole, not cut)",
        )

    def money(self, text: str) -> int:
        return self.amount(text, "")

    def build(self) -> ParsedHand:
        g = self.game_el
        starttime = _attr(g, "starttime", self.hand_id)
        if re.fullmatch(r"\d{14}", starttime):
            when = datetime.strptime(starttime, "%Y%m%d%H%M%S").replace(tzinfo=MERGE_CLOCK)
        elif _ZONED_START.fullmatch(starttime):
            when = datetime.strptime(starttime, "%Y/%m/%d %H:%M:%S %z")
        else:
            raise self.fail(
                QuarantineReason.PARSE_ERROR,
                f"starttime {starttime!r} is neither YYYYMMDDhhmmss nor 'YYYY/MM/DD hh:mm:ss +hhmm'",
            )
        data = (g.get("data") or "").split("|")
        desc_type = self.description.get("type", "") if self.description is not None else ""
        stakes = self.description.get("stakes", "") if self.description is not None else ""
        if self.description is not None:
            is_tournament = desc_type.endswith(" Tournament")
        else:
            is_tournament = len(data) > 2 and bool(_TOURNAMENT_TABLE.fullmatch(data[2]))
        real_money = g.get("realmoney", "true") == "true"
        game, limit, stake_amounts = self.game_and_limit(desc_type.removesuffix(" Tournament"), stakes)

        if is_tournament:
            self.scale = 1
        elif real_money:
            self.scale = 100
        else:
            whole = all(re.fullmatch(r"\d+(?:\.0+)?", a) for a in stake_amounts) and stake_amounts
            self.scale = 1 if whole else 100

        hand = self.new_record(
            game=game,
            limit=limit,
            is_tournament=is_tournament,
            currency="USD" if real_money and not is_tournament else None,
            tournament_id=data[2].split("-")[0] if is_tournament and len(data) > 2 else None,
            max_seats=int(g.get("seats", "")) if (g.get("seats") or "").isdigit() else None,
            start_time_raw=starttime,
            start_time_utc=when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            hand_date=when.strftime("%Y-%m-%d"),
            table_name=data[1] if len(data) > 1 and data[1] else None,
            is_play_money=not real_money,
        )
        self.record = hand
        self.check(self.game_el)
        self.read_players()
        self.read_rounds(when.strftime("%Y%m%d%H%M%S") >= RAISE_TO_SINCE)
        self.read_winners()
        self.finish()
        hand.notes.extend(self.notes)
        return hand

    def game_and_limit(self, name: str, stakes: str) -> tuple[Game, Limit | None, list[str]]:
        g = self.game_el
        limit: Limit | None = None
        amounts: list[str] = []
        if self.description is None:
            self.notes.append(
                "no <description> in this hand's text (only the file's first hand carries it): "
                "game from its numeric code, limit unknown"
            )
        else:
            m = _STAKES.match(stakes)
            if not m:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unrecognised stakes {stakes!r}")
            limit = _LIMITS.get(m.group("limit") or "")
            amounts = [a.lstrip("$") for a in m.group("amounts").split("/") if a.strip("$")]
        if name and name not in _MIXED_NAMES:
            if name not in _GAMES_BY_NAME:
                raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"Merge game {name!r} is not supported")
            return _GAMES_BY_NAME[name], limit, amounts
        code = g.get("multigametype") or g.get("gametype")
        if code not in _GAMES_BY_CODE:
            raise self.fail(
                QuarantineReason.UNSUPPORTED_GAME,
                f"Merge game code {code!r} (description {name!r}) is not supported",
            )
        return _GAMES_BY_CODE[code], limit, amounts

    def seat_of(self, el: Element) -> int:
        raw = _attr(el, "player", self.hand_id)
        if not raw.isdigit():
            raise self.fail(QuarantineReason.INCONSISTENT, f"player {raw!r} is not seated: {show_element(el)}")
        seat = int(raw) + 1
        if seat not in self.seats:
            if el.tag != "event":
                raise self.fail(QuarantineReason.INCONSISTENT, f"player {raw!r} is not seated: {show_element(el)}")
            # 2011-2012: a seat that acts (posts, folds) though <players> does not list it; its
            # money is in the pot the winners are paid (hands 34205042-1, 59766765-529)
            self.seats[seat] = SeatRecord(seat=seat, player=f"seat {raw} (not listed)", stack=None)
            self.notes.append(f"seat {seat} acts but is not in <players>: seated with no name or stack")
        return seat

    def read_players(self) -> None:
        players = self.game_el.find("players")
        if players is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no <players> element")
        for p in players.findall("player"):
            seat = int(_attr(p, "seat", self.hand_id)) + 1
            self.seats[seat] = SeatRecord(
                seat=seat,
                player=_attr(p, "nickname", self.hand_id),
                stack=self.money(_attr(p, "balance", self.hand_id)),
                dealt_in=p.get("dealtin", "true") == "true",
            )
        if not self.seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no player is seated")
        dealer = players.get("dealer")
        if dealer is not None and dealer.isdigit() and self.record.game not in STUD_GAMES:
            self.record.button_seat = int(dealer) + 1

    def read_rounds(self, raise_is_total: bool) -> None:
        hand = self.record
        self.forced: dict[int, int] = {}
        self.wagers = {**_WAGERS, "RAISE": RAISE_TO if raise_is_total else RAISE_BY}
        street_now: Street | None = None
        big_blind = None
        for bb_event in self.game_el.iter("event"):
            if bb_event.get("type") == "BIG_BLIND" and bb_event.get("amount"):
                big_blind = max(big_blind or 0, self.money(bb_event.get("amount")))  # type: ignore[arg-type]
        hand.big_blind = big_blind
        self.last_bet_street: dict[int, Street] = {}
        latest_cards: dict[int, list[str | None]] = {}
        shown: dict[int, list[str | None]] = {}
        for rnd in self.game_el.findall("round"):
            rid = _attr(rnd, "id", self.hand_id)
            if rid == "GAME_CANCELLED":
                raise self.cancelled()
            if rid not in _ROUNDS:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown round id {rid!r}")
            self.street, self.round_id = _ROUNDS[rid], rid
            if self.street != street_now:
                if street_now not in (None, Street.PREDEAL) and self.street != Street.SHOWDOWN:
                    self.tracker.new_street()
                street_now = self.street
            for el in rnd:
                if el.tag == "event":
                    self.read_event(el)
                elif el.tag == "cards":
                    self.read_cards(el, latest_cards, shown)
                elif el.tag != "winner":
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected element {show_element(el)}")
        for seat, rec in self.seats.items():
            # A hand shown on an all-in street can be completed by later deals: keep the
            # list that knows more cards (shown cards on a tie).
            candidates = [c for c in (shown.get(seat), latest_cards.get(seat)) if c]
            if candidates:
                rec.cards = max(candidates, key=lambda cs: sum(c is not None for c in cs))
            if hand.game in STUD_GAMES:
                partial = latest_cards.get(seat) or []
                rec.upcards = [c for c in partial[2:6] if c]
            if self.balance_after_forced() and rec.stack is not None:
                rec.stack += self.forced.get(seat, 0)

    def read_cards(
        self, el: Element, latest_cards: dict[int, list[str | None]], shown: dict[int, list[str | None]]
    ) -> None:
        """A ``<cards>``: the board, a seat's hole or drawn cards, or those it showed or mucked."""
        kind = _attr(el, "type", self.hand_id)
        cards_list = _cards(_attr(el, "cards", self.hand_id))
        if kind == "COMMUNITY":
            self.record.boards = [[c for c in cards_list if c]]
            return
        seat = self.seat_of(el)
        if kind in ("HOLE", "DRAW_DRAWN_CARDS"):
            latest_cards[seat] = cards_list
        elif kind in ("SHOWN", "MUCKED"):
            shown[seat] = cards_list
            if kind == "SHOWN":
                self.seats[seat].showed = True
            else:
                self.seats[seat].mucked = True
        else:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown cards type {kind!r}")

    def balance_after_forced(self) -> bool:
        """Whether the players' ``balance`` is printed after their blinds and antes."""
        return self.record.is_tournament and self.game_el.get("version") is None

    def read_event(self, el: Element) -> None:
        """Read one ``<event>`` into the hand's actions."""
        etype = _attr(el, "type", self.hand_id)
        if etype in _IGNORED_EVENTS:
            if el.get("amount") is not None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"{etype} event with an amount: {show_element(el)}")
            return
        if etype == "GAME_CANCELLED":
            raise self.cancelled()
        rec = self.seats[self.seat_of(el)]
        amount = self.money(el.get("amount")) if el.get("amount") is not None else None  # type: ignore[arg-type]
        if etype in _FORCED_KINDS or etype in ("RETURN_BLIND", "ANTE"):
            self.read_forced(el, etype, rec, self.need_amount(el, etype, amount))
        elif etype in ("FOLD", "SIT_OUT", "CHECK"):
            self.act(CHECK if etype == "CHECK" else FOLD, rec)
        elif etype in self.wagers:
            self.act(self.wagers[etype], rec, self.need_amount(el, etype, amount))
            self.last_bet_street[rec.seat] = self.street
        elif etype == "ALL_IN":
            self.read_all_in(el, rec, amount)
        elif etype == "DRAW":
            changed_text = el.get("text", "")
            if not changed_text.isdigit():
                raise self.fail(QuarantineReason.PARSE_ERROR, f"DRAW without a card count: {show_element(el)}")
            changed = int(changed_text)
            self.add_action(rec.seat, ActionKind.STAND_PAT if changed == 0 else ActionKind.DISCARD, changed=changed)
        elif etype in ("SHOW", "MUCK"):
            # The winner of a folded game "mucks" without a showdown: nothing conceded.
            if etype == "SHOW":
                rec.showed = True
            elif self.round_id == "SHOWDOWN":
                rec.mucked = True
            self.add_action(rec.seat, ActionKind.SHOW if etype == "SHOW" else ActionKind.MUCK, on=Street.SHOWDOWN)
        else:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown event type {etype!r}: {show_element(el)}")

    def need_amount(self, el: Element, etype: str, amount: int | None) -> int:
        if amount is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"{etype} without an amount: {show_element(el)}")
        return amount

    def read_forced(self, el: Element, etype: str, rec: SeatRecord, value: int) -> None:
        """A blind, bring-in, returning player's blind or ante, all posted before the deal."""
        hand, tracker, seat = self.record, self.tracker, rec.seat
        self.forced[seat] = self.forced.get(seat, 0) + value
        if etype in _FORCED_KINDS:
            self.act(_FORCED_KINDS[etype], rec, value)
            if etype == "SMALL_BLIND":
                hand.small_blind = max(hand.small_blind or 0, value)
            if etype == "BRING_IN":
                hand.bring_in = value
        elif etype == "RETURN_BLIND":
            live = min(value, hand.big_blind) if hand.big_blind else value
            tracker.add(seat, live)
            self.add_action(seat, ActionKind.POST_BLIND, live, on=Street.PREDEAL)
            if value > live:
                tracker.dead(seat, value - live)
                self.add_action(seat, ActionKind.POST_DEAD, value - live, on=Street.PREDEAL)
        else:  # ANTE
            tracker.dead(seat, value)
            hand.ante = max(hand.ante or 0, value)
            self.add_action(seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)

    def read_all_in(self, el: Element, rec: SeatRecord, amount: int | None) -> None:
        """An all-in: a call, bet or raise by what it adds, checked against the seat's stack."""
        tracker, seat = self.tracker, rec.seat
        if amount is None and rec.all_in:
            # 2013 files repeat a seat's all-in on a later street without an amount: its
            # chips went in with the first ALL_IN, and this one moves none.
            self.notes.append(f"seat {seat} ALL_IN again in {self.round_id} without an amount: nothing added")
            return
        value = self.need_amount(el, "ALL_IN", amount)
        before = tracker.contributed(seat)
        added = value
        stack = rec.stack if rec.stack is not None else 0
        if self.balance_after_forced():
            stack += self.forced.get(seat, 0)
        if before + value != stack and before + value - tracker.street_bet(seat) == stack:
            added = value - tracker.street_bet(seat)
        elif before + value != stack:
            self.notes.append(f"seat {seat} ALL_IN {value} does not bring its total to its stack {stack}")
        self.unnamed(rec, added, all_in=True)
        self.last_bet_street[seat] = self.street

    def read_winners(self) -> None:
        hand = self.record
        tags = _WINNER_TAG.findall(self.raw)
        winners = list(self.game_el.iter("winner"))
        if len(tags) != len(winners):
            raise self.fail(QuarantineReason.PARSE_ERROR, "could not match <winner> elements to their text")
        pot_numbers = sorted({int(w.get("potnumber", "1")) for w in winners if w.get("uncalled") != "true"})
        hilo = hand.game in HILO_GAMES
        for w, line in zip(winners, tags, strict=True):
            seat = self.seat_of(w)
            amount = self.money(_attr(w, "amount", self.hand_id))
            if w.get("uncalled") == "true":
                self.uncalled(self.seats[seat], amount, line, on=self.last_bet_street.get(seat, Street.SHOWDOWN))
                continue
            pottype = w.get("pottype", "n")
            if pottype not in _HALVES:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown pottype {pottype!r}: {line}")
            half = _HALVES[pottype] if hilo else Half.WHOLE
            self.pay(seat, amount, pot_numbers.index(int(w.get("potnumber", "1"))), half, line)

    def finish(self) -> None:
        hand, tracker = self.record, self.tracker
        for seat, rec in sorted(self.seats.items()):
            rec.contributed = tracker.contributed(seat)
            if rec.contributed and not rec.dealt_in:
                rec.dealt_in = True
            hand.seats.append(rec)
        # An uncalled last bet that no "uncalled" line returned is inside a winner's amount.
        if not any(p.source == PayoutSource.UNCALLED for p in hand.payouts):
            excess = _unreturned_excess(hand)
            if excess:
                seat, amount = excess
                self.notes.append(
                    f"seat {seat}'s last bet exceeds every other seat's by {amount}: the winner "
                    "line includes it (Merge printed no uncalled-bet line)"
                )
        infer_rake(
            hand,
            self.notes,
            inferred="rake not printed: inferred as put in {put_in} minus paid {paid}",
            overpaid="paid {paid} exceeds everything put in {put_in}",
            tournament="tournament pots are not raked: rake 0 (Merge prints no rake)",
        )


def _unreturned_excess(hand: ParsedHand) -> tuple[int, int] | None:
    """The seat whose total exceeds every other seat's, and by how much (it was not called)."""
    totals = sorted(((s.contributed, s.seat) for s in hand.seats), reverse=True)
    if len(totals) < 2 or totals[0][0] <= totals[1][0]:
        return None
    top, seat = totals[0]
    if not any(p.seat == seat for p in hand.payouts):
        return None
    return seat, top - totals[1][0]


DIALECT = XmlDialect(
    platform=Platform.MERGE,
    format=Format.MERGE_XML,
    version="1",
    root="game",
    elements=_GAME_ELEMENTS,
    sniff=_SNIFF,
    hand_start=_GAME_START,
    wording=XmlWording(bad_amount="{error}"),
)
PARSER = XmlParser(DIALECT, _parse, _split)
