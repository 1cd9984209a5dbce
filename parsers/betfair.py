"""Betfair Poker hand histories (text).

A hand reads::

    ***** Betfair Poker Hand History for Game 100000000 *****
    PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009
    Table Death 1 6-max (Real Money)
    Seat 2 is the button
    Seat 1: Hero ( $1 )
    Player2 posts small blind [$0.05]
    ** Dealing down cards **
    Dealt to Hero [ 7c, 6c, 5h, Jh ]
    Player2 raises to [$0.30]
    Hero goes all-in
    Hero raises to [$1]
    ** Dealing Flop ** [ 4d, 5d, 6d ]
    ** Showdown **
    Hero shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three
    ** Hand Conclusion **
    Player4 wins $6.26 from side pot #1 with a straight flush, Seven to Three
    ************  Game 100000000 ends  ************

Choices, checked on the corpus hand: ``calls``/``bets`` print the amount added,
``raises to`` the seat's street total; ``goes all-in`` flags the next line of the same
player. ``from main pot`` is pot 0, ``from side pot #n`` pot n. No rake and no total pot
are printed: ``rake`` is None (``absent``) with a note; in the corpus hand 0.56 of the
11.26 put in is paid to no one (the main pot of 5.00 pays 4.44), 5 % of the pot. The
``... ends`` line closes a hand; without it the hand is ``truncated``. Lines the parser
does not know are ``parse_error`` (one corpus hand only: the format is not fully known).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from rules.money import DOT
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
from parsers.base import BetTracker, LineHandReader, TextParser, cards
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^\ufeff*\*{5} Betfair Poker Hand History for Game \d+ \*{5}", re.M)
_TITLE = re.compile(r"^\*{5} Betfair Poker Hand History for Game (?P<id>\d+) \*{5}\s*$")
_GAME_LINE = re.compile(
    r"^(?P<limit>PL|NL|FL|Limit|Pot Limit|No Limit)\s+(?P<sym>[$€£]?)(?P<sb>[\d,.]+)/[$€£]?(?P<bb>[\d,.]+)\s+"
    r"(?P<game>.+?) - \w+, (?P<month>\w+) (?P<day>\d+), (?P<time>\d\d:\d\d:\d\d) (?P<zone>[A-Z]+) (?P<year>\d{4})\s*$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: (?P<max>\d+)-max)? \((?P<money>Real|Play) Money\)\s*$")
_BUTTON = re.compile(r"^Seat (\d+) is the button\s*$")
_ACTIVE = re.compile(r"^Total number of active players : \d+\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( [$€£]?(?P<stack>[\d,.]+) \)\s*$")
_POST = re.compile(r"^(?P<name>.+?) posts (?P<what>small blind|big blind|ante|dead blind|small and big blinds?) "
                   r"\[[$€£]?(?P<amount>[^\]]+)\]\s*$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_BOARD = re.compile(r"^\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]\s*$")
_MARK = re.compile(r"^\*\* (?:Dealing down cards|Showdown|Hand Conclusion) \*\*\s*$")
_ACTION = re.compile(r"^(?P<name>.+?) (?P<verb>folds|checks|calls|bets|raises to|goes all-in)"
                     r"(?: \[[$€£]?(?P<amount>[^\]]+)\])?\s*$")
_SHOWS = re.compile(r"^(?P<name>.+?) (?P<verb>shows|mucks)(?: \[(?P<cards>[^\]]*)\])?.*$")
_WINS = re.compile(r"^(?P<name>.+?) wins [$€£]?(?P<amount>[\d,.]+) from (?:(?P<main>main pot)|side pot #(?P<side>\d+))"
                   r"(?: with .*)?\s*$")
_END = re.compile(r"^\*{6,}\s+Game (?P<id>\d+) ends\s+\*{6,}\s*$")
_GAMES = {
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha hi-lo": Game.OMAHA_HILO,
    "omaha hi/lo": Game.OMAHA_HILO,
    "texas hold'em": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
}
_SPLIT_GAMES = {Game.OMAHA_HILO}
_LIMITS = {"PL": Limit.POT, "Pot Limit": Limit.POT, "NL": Limit.NO, "No Limit": Limit.NO,
           "FL": Limit.FIXED, "Limit": Limit.FIXED}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}


class BetfairParser(TextParser):
    """Betfair Poker's text dialect."""

    format = Format.BETFAIR
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(_HAND_START.search(head[:4096]))

    def parse(self, hand_text: str) -> ParsedHand:
        return _Hand(hand_text).parse()


class _Hand(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = DOT

    @staticmethod
    def split_lines(hand_text: str) -> list[str]:
        """Every line break ``str.splitlines`` knows; blank lines and trailing space dropped."""
        return [ln.rstrip() for ln in hand_text.lstrip("\ufeff").splitlines() if ln.strip()]

    def cards(self, text: str) -> list[str | None]:
        try:
            return cards(text)
        except HandParseError as exc:
            raise self.fail(exc.reason, exc.message) from None

    def parse(self) -> ParsedHand:
        if not self.lines or not (t := _TITLE.match(self.lines[0])):
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Betfair title: {self.lines[:1]!r}")
        self.hand_id = t.group("id")
        if len(self.lines) < 2 or not (g := _GAME_LINE.match(self.lines[1])):
            raise self.fail(QuarantineReason.PARSE_ERROR if len(self.lines) > 1 else QuarantineReason.TRUNCATED,
                           f"game line not understood: {self.lines[1:2]!r}")
        game = _GAMES.get(g.group("game").lower())
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {g.group('game')!r} not known")
        when = datetime.strptime(f"{g.group('year')} {g.group('month')} {g.group('day')} {g.group('time')}",
                                 "%Y %B %d %H:%M:%S")
        utc = when.replace(tzinfo=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if g.group("zone") in ("GMT", "UTC") else None
        hand = ParsedHand(
            hand_id=self.hand_id, platform=Platform.BETFAIR, format=Format.BETFAIR, game=game,
            limit=_LIMITS[g.group("limit")], is_tournament=False, amount_scale=self.scale,
            currency=_CURRENCIES.get(g.group("sym")),
            start_time_raw=self.lines[1].split(" - ", 1)[1].strip(),
            start_time_utc=utc, hand_date=(utc or when.strftime("%Y-%m-%d"))[:10],
            rake=None, rake_source=RakeSource.ABSENT,
        )
        hand.small_blind, hand.big_blind = self.amount(g.group("sb")), self.amount(g.group("bb"))
        hand.notes.append("rake not printed")
        seats: dict[str, SeatRecord] = {}
        tracker = BetTracker()
        street = Street.PREFLOP
        board: list[str] = []
        all_in_next: set[str] = set()
        big_blind_posted = False
        ended = False

        def record(seat: SeatRecord, kind: ActionKind, value: int | None = None, all_in: bool = False,
                   on: Street | None = None) -> None:
            hand.actions.append(ActionRecord(len(hand.actions) + 1, on or street, seat.seat, kind, value, all_in))

        def seat_of(name: str, line: str) -> SeatRecord:
            if name not in seats:
                raise self.fail(QuarantineReason.INCONSISTENT, f"{name!r} is not seated: {line!r}")
            return seats[name]

        for line in self.lines[2:]:
            if (m := _TABLE.match(line)):
                hand.table_name = m.group("table")
                hand.max_seats = int(m.group("max")) if m.group("max") else None
                if m.group("money") == "Play":
                    hand.is_play_money, hand.currency = True, None
                continue
            if (m := _BUTTON.match(line)):
                hand.button_seat = int(m.group(1))
                continue
            if _ACTIVE.match(line) or _MARK.match(line):
                continue
            if (m := _SEAT.match(line)) and not hand.actions:
                seat = SeatRecord(int(m.group("seat")), m.group("name"), self.amount(m.group("stack")))
                seats[seat.player] = seat
                hand.seats.append(seat)
                continue
            if (m := _POST.match(line)):
                seat, value, what = seat_of(m.group("name"), line), self.amount(m.group("amount")), m.group("what")
                if what == "small blind":
                    tracker.add(seat.seat, value)
                    record(seat, ActionKind.POST_SMALL_BLIND, value, on=Street.PREDEAL)
                elif what == "big blind":
                    tracker.add(seat.seat, value)
                    record(seat, ActionKind.POST_BLIND if big_blind_posted else ActionKind.POST_BIG_BLIND, value,
                           on=Street.PREDEAL)
                    big_blind_posted = True
                elif what == "ante":
                    tracker.dead(seat.seat, value)
                    hand.ante = value
                    record(seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
                elif what == "dead blind":
                    tracker.dead(seat.seat, value)
                    record(seat, ActionKind.POST_DEAD, value, on=Street.PREDEAL)
                else:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"posting not understood: {line!r}")
                continue
            if (m := _DEALT.match(line)):
                seat_of(m.group("name"), line).cards = self.cards(m.group("cards"))
                continue
            if (m := _BOARD.match(line)):
                board.extend(c for c in self.cards(m.group("cards")) if c)
                street = _STREETS[m.group("street")]
                tracker.new_street()
                continue
            if (m := _WINS.match(line)):
                seat = seat_of(m.group("name"), line)
                pot = 0 if m.group("main") else int(m.group("side"))
                hand.payouts.append(PayoutRecord(seat.seat, self.amount(m.group("amount")), pot, None,
                                                 Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE,
                                                 PayoutSource.POT, line))
                continue
            if (m := _END.match(line)):
                ended = True
                continue
            if (m := _ACTION.match(line)) and m.group("name") in seats:
                self.action(m, line, seats[m.group("name")], tracker, record, all_in_next, street)
                continue
            if (m := _SHOWS.match(line)) and m.group("name") in seats:
                seat = seats[m.group("name")]
                if m.group("cards"):
                    seat.cards = self.cards(m.group("cards"))
                if m.group("verb") == "shows":
                    seat.showed = True
                    record(seat, ActionKind.SHOW, on=Street.SHOWDOWN)
                else:
                    seat.mucked = True
                    record(seat, ActionKind.MUCK, on=Street.SHOWDOWN)
                continue
            raise self.fail(QuarantineReason.PARSE_ERROR, f"line not understood: {line!r}")
        if not ended:
            raise self.fail(QuarantineReason.TRUNCATED,
                           f"hand {self.hand_id} has no 'Game {self.hand_id} ends' line: cut off after {self.lines[-1]!r}")
        hand.boards = [board] if board else []
        for seat in hand.seats:
            seat.contributed = tracker.contributed(seat.seat)
        unpaid = hand.pot_total - hand.paid_from_pots()
        if unpaid > 0:
            hand.notes.append(f"{unpaid} of the {hand.pot_total} put in is paid to no seat (rake, not printed)")
        return hand

    def action(self, m: re.Match, line: str, seat: SeatRecord, tracker: BetTracker, record,
               all_in_next: set[str], street: Street) -> None:
        verb, raw = m.group("verb"), m.group("amount")
        if verb == "goes all-in":
            all_in_next.add(seat.player)
            seat.all_in = True
            return
        all_in = seat.player in all_in_next
        all_in_next.discard(seat.player)
        if verb == "folds":
            seat.folded_street = street
            record(seat, ActionKind.FOLD)
            return
        if verb == "checks":
            record(seat, ActionKind.CHECK)
            return
        if raw is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"{verb} without an amount: {line!r}")
        value = self.amount(raw)
        if verb == "raises to":
            record(seat, ActionKind.RAISE, tracker.raise_to(seat.seat, value), all_in)
        else:
            tracker.add(seat.seat, value)
            record(seat, ActionKind.CALL if verb == "calls" else ActionKind.BET, value, all_in)


PARSER = BetfairParser()
