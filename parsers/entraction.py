"""Entraction hand histories (fixed-width text columns).

A hand reads::

    Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "Portland"
    Players(max 2):
    Ballyhoo                    (EUR 3,999.25 in seat 1)
    Dealer:                     Ballyhoo
    Big Blind:                  YoOyYo      (100.00)
    Ballyhoo                    Raise       (150.00)
    Flop                        4h - 7h - 6c
    YoOyYo shows:               9d - 5d - Ad - 6h
    Ballyhoo didn't show hand (Jd - Qh - 6s - Ac)
    YoOyYo wins:                EUR 799.25
    Rake:                       EUR 1.50
    Game ended 2012-05-31 04:46:52 GMT+01:00

Choices, each checked on the corpus files:

* Every action amount is what the action added: ``Raise (150.00)`` after a 50.00 small
  blind makes 200.00, ``Call (100.00)`` tops a 100.00 big blind up to 200.00 (the
  printed rake plus the ``wins`` lines equal these sums in every corpus hand).
  ``All-In (x)`` also adds x; ``Payback (x)`` returns an uncalled x.
* ``Blind out of turn: name (1.00)`` (a seat posting to come in) is a live blind: in hand
  2322970601 that seat's ``Raise (2.50)`` and ``Call (8.00)`` match an 11.50 bet only
  with the 1.00 counted in its bet.
* ``wins:`` lines name neither the pot nor the half: one line per winner per half (a
  scooper gets two lines). Hi/Lo lines are therefore ``unlabelled``, ``pot`` is None.
* Names are padded to a column; a name may hold spaces, so action lines are matched
  against the seated names (longest first), never split on whitespace. Some files pad
  the name before ``was dealt:``, ``shows:`` and ``wins:`` too (``Hero   shows:``).
* Only the end of the hand is timed (``Game ended ...``); that time is recorded as
  ``start_time_raw`` with a note. ``BST`` is UTC+1, ``GMT+01:00`` a fixed offset.
* The ``Rake:`` line closes the hand's money; a hand without it is ``truncated``. A hand
  with it but no ``wins:`` line is complete and paid no one: it is read with no pot
  payouts (noted), for the audit to report.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from parsers.base import BetTracker, TextParser, card
from rules.games import SPLIT_GAMES
from rules.money import DOT, AmountError
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord
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

_HAND_START = re.compile(r"^\ufeff*Game # \d+ - ", re.M)
_HEADER = re.compile(
    r"^Game # (?P<id>\d+) - (?P<game>.+?) (?P<limit>Pot Limit|Fixed Limit|No Limit|Limit) "
    r"(?:(?P<cur>[A-Z]{3}) )?(?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)"
    r"(?: - Table \"(?P<table>.*)\")?\s*$"
)
_PLAYERS = re.compile(r"^Players\(max (\d+)\):\s*$")
_SEAT = re.compile(r"^(?P<name>.+?)\s+\((?:[A-Z]{3} )?(?P<stack>[\d,.]+) in seat (?P<seat>\d+)\)\s*$")
_ROLE = re.compile(
    r"^(?P<role>Dealer|Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn|Ante|Dead Blind|Dead Small Blind):"
    r"\s+(?P<rest>.+?)\s*$"
)
_DEALT = re.compile(r"^(?P<name>.+?) was dealt:\s+(?P<cards>.+?)\s*$")
_STREET = re.compile(r"^(?P<street>Flop|Turn|River)\s{2,}(?P<cards>.+?)\s*$")
_SHOWS = re.compile(r"^(?P<name>.+?) shows:\s+(?P<cards>[2-9TJQKA][cdhs](?: - [2-9TJQKA][cdhs])*)(?:\s+\((?P<desc>.*)\))?\s*$")
_NOSHOW = re.compile(r"^(?P<name>.+?) didn't show hand(?: \((?P<cards>[^)]*)\))?\s*$")
# Some files add which pot the line pays ("split pot", "side pot") before the hand's name.
_WINS = re.compile(
    r"^(?P<name>.+?) wins:\s+(?:[A-Z]{3} )?(?P<amount>\S+)(?:\s+(?:split|side|main) pot)?(?:\s+\(.*\))?\s*$"
)
_RAKE = re.compile(r"^Rake:\s+(?:[A-Z]{3} )?(?P<amount>\S+)\s*$")
_ENDED = re.compile(r"^Game ended (?P<when>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?: (?P<zone>\S+))?\s*$")
_ACTION_TAIL = re.compile(
    r"^\s+(?P<verb>Fold|Check|Call|Bet|Raise|All-In|Payback)\s*(?:\((?P<amount>[^)]*)\))?\s*$"
)
_GAMES = {
    "omaha hi/lo": Game.OMAHA_HILO,
    "omaha high/low": Game.OMAHA_HILO,
    "omaha high": Game.OMAHA,
    "omaha": Game.OMAHA,
    "5-card omaha high": Game.OMAHA5,
    "5-card omaha hi/lo": Game.OMAHA5_HILO,
    "texas hold'em": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
}
_LIMITS = {"Pot Limit": Limit.POT, "Fixed Limit": Limit.FIXED, "Limit": Limit.FIXED, "No Limit": Limit.NO}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_FIXED_ZONES = {"GMT": 0, "UTC": 0, "WET": 0, "BST": 60, "WEST": 60, "CET": 60, "CEST": 120,
                "EET": 120, "EEST": 180, "MSK": 180}
_NAMED_ZONES = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York"}


def to_utc(local: str, zone: str | None, fmt: str = "%Y-%m-%d %H:%M:%S") -> str | None:
    """``local`` in ``zone`` (an abbreviation or ``GMT+01:00``) as ISO-8601 UTC, or None.

    >>> to_utc("2012-08-07 00:36:56", "BST"), to_utc("2012-05-31 04:46:52", "GMT+01:00")
    ('2012-08-06T23:36:56Z', '2012-05-31T03:46:52Z')
    """
    if not zone:
        return None
    naive = datetime.strptime(local, fmt)
    m = re.fullmatch(r"(?:GMT|UTC)([+-])(\d\d?):?(\d\d)?", zone)
    if m:
        minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
        aware = naive.replace(tzinfo=timezone(timedelta(minutes=minutes if m.group(1) == "+" else -minutes)))
    elif zone in _FIXED_ZONES:
        aware = naive.replace(tzinfo=timezone(timedelta(minutes=_FIXED_ZONES[zone])))
    elif zone in _NAMED_ZONES:
        aware = naive.replace(tzinfo=ZoneInfo(_NAMED_ZONES[zone]))
    else:
        return None
    return aware.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _cards(text: str, hand_id: str) -> list[str | None]:
    """``Qs - 7d - 8c`` to cards."""
    try:
        return [card(t) for t in text.split(" - ")]
    except HandParseError as exc:
        raise HandParseError(exc.reason, exc.message, hand_id) from None


class EntractionParser(TextParser):
    """Entraction's column-aligned text dialect."""

    format = Format.ENTRACTION
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (split and side pot wins lines, Small + Big Blind)
    version = "2"
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.match(r"\ufeff*Game # \d+ - .+ [A-Z]{3} [\d,.]+/[\d,.]+", head.lstrip("\ufeff \r\n")))

    def parse(self, hand_text: str) -> ParsedHand:
        return _Hand(hand_text).parse()


class _Hand:
    """One hand being read, line by line."""

    def __init__(self, text: str):
        self.lines = [ln.rstrip() for ln in text.lstrip("\ufeff").splitlines()]
        self.hand_id: str | None = None

    def err(self, reason: QuarantineReason, message: str) -> HandParseError:
        return HandParseError(reason, message, self.hand_id)

    def amount(self, text: str) -> int:
        try:
            return DOT.to_minor(text, self.scale)
        except AmountError as exc:
            raise self.err(QuarantineReason.BAD_AMOUNT, f"hand {self.hand_id}: {exc}") from None

    def parse(self) -> ParsedHand:
        lines = [ln for ln in self.lines]
        while lines and not lines[0].strip():
            lines.pop(0)
        if not lines:
            raise self.err(QuarantineReason.TRUNCATED, "empty hand")
        m = _HEADER.match(lines[0])
        if not m:
            raise self.err(QuarantineReason.PARSE_ERROR, f"not an Entraction header: {lines[0]!r}")
        self.hand_id = m.group("id")
        game = _GAMES.get(m.group("game").lower())
        if game is None:
            raise self.err(QuarantineReason.UNSUPPORTED_GAME, f"game {m.group('game')!r} not known")
        currency = m.group("cur")
        self.scale = 100
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.ENTRACTION,
            format=Format.ENTRACTION,
            game=game,
            limit=_LIMITS[m.group("limit")],
            is_tournament=False,
            amount_scale=self.scale,
            currency=currency,
            table_name=m.group("table"),
            is_play_money=currency is None,
        )
        if currency is None:
            hand.notes.append("no currency in the header: read as play money")
        hand.small_blind = self.amount(m.group("sb"))
        hand.big_blind = self.amount(m.group("bb"))
        self.hand = hand
        seats: dict[str, SeatRecord] = {}
        names_longest_first: list[str] = []
        tracker = BetTracker()
        actions = hand.actions
        street = Street.PREFLOP
        board: list[str] = []
        rake_seen = False
        big_blind_posted = False

        def act(seat: SeatRecord | None, kind: ActionKind, amount: int | None = None, all_in: bool = False,
                on: Street | None = None) -> None:
            actions.append(ActionRecord(len(actions) + 1, on or street, seat.seat if seat else None, kind,
                                        amount, all_in))

        def seat_of(name: str, line: str) -> SeatRecord:
            name = name.strip()  # padded to a column before 'was dealt:', 'shows:', 'wins:' in some files
            if name in seats:
                return seats[name]
            # 'was dealt:' lines of some files print the name in lower case; a name that
            # matches exactly one seat ignoring case is that seat
            folded = [s for n, s in seats.items() if n.casefold() == name.casefold()]
            if len(folded) != 1:
                raise self.err(QuarantineReason.INCONSISTENT, f"{name!r} is not seated: {line!r}")
            return folded[0]

        for line in lines[1:]:
            if not line.strip():
                continue
            if (pm := _PLAYERS.match(line)):
                hand.max_seats = int(pm.group(1))
                continue
            if not rake_seen and (sm := _SEAT.match(line)) and not actions and not board:
                seat = SeatRecord(seat=int(sm.group("seat")), player=sm.group("name").strip(),
                                  stack=self.amount(sm.group("stack")))
                seats[seat.player] = seat
                hand.seats.append(seat)
                names_longest_first = sorted(seats, key=len, reverse=True)
                continue
            if (rm := _ROLE.match(line)):
                role, rest = rm.group("role"), rm.group("rest")
                am = re.fullmatch(r"(?P<name>.+?)\s+\((?P<amount>[^)]*)\)", rest)
                name = am.group("name").strip() if am else rest.strip()
                seat = seat_of(name, line)
                if role == "Dealer":
                    hand.button_seat = seat.seat
                    continue
                if not am:
                    raise self.err(QuarantineReason.PARSE_ERROR, f"blind without an amount: {line!r}")
                value = self.amount(am.group("amount"))
                if role == "Small Blind":
                    tracker.add(seat.seat, value)
                    act(seat, ActionKind.POST_SMALL_BLIND, value, on=Street.PREDEAL)
                elif role == "Big Blind":
                    tracker.add(seat.seat, value)
                    kind = ActionKind.POST_BLIND if big_blind_posted else ActionKind.POST_BIG_BLIND
                    big_blind_posted = True
                    act(seat, kind, value, on=Street.PREDEAL)
                elif role == "Small + Big Blind":
                    # both blinds at once (a seat coming back): the big blind is live, the rest dead
                    live = min(value, hand.big_blind or value)
                    tracker.add(seat.seat, live)
                    act(seat, ActionKind.POST_BLIND, live, on=Street.PREDEAL)
                    if value - live:
                        tracker.dead(seat.seat, value - live)
                        act(seat, ActionKind.POST_DEAD, value - live, on=Street.PREDEAL)
                elif role == "Blind out of turn":
                    tracker.add(seat.seat, value)
                    act(seat, ActionKind.POST_BLIND, value, on=Street.PREDEAL)
                elif role == "Ante":
                    tracker.dead(seat.seat, value)
                    hand.ante = value
                    act(seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
                else:
                    tracker.dead(seat.seat, value)
                    act(seat, ActionKind.POST_DEAD, value, on=Street.PREDEAL)
                continue
            if (dm := _DEALT.match(line)):
                seat_of(dm.group("name"), line).cards = _cards(dm.group("cards"), self.hand_id)
                continue
            if (stm := _STREET.match(line)):
                new_board = _cards(stm.group("cards"), self.hand_id)
                if new_board[: len(board)] != board:
                    raise self.err(QuarantineReason.INCONSISTENT, f"board changes between streets: {line!r}")
                board = [c for c in new_board if c]
                street = _STREETS[stm.group("street")]
                tracker.new_street()
                continue
            if (shm := _SHOWS.match(line)):
                seat = seat_of(shm.group("name"), line)
                seat.cards = _cards(shm.group("cards"), self.hand_id)
                seat.showed = True
                act(seat, ActionKind.SHOW, on=Street.SHOWDOWN)
                continue
            if (nm := _NOSHOW.match(line)):
                seat = seat_of(nm.group("name"), line)
                if nm.group("cards"):
                    seat.cards = _cards(nm.group("cards"), self.hand_id)
                seat.mucked = True
                act(seat, ActionKind.MUCK, on=Street.SHOWDOWN)
                continue
            if (wm := _WINS.match(line)):
                seat = seat_of(wm.group("name"), line)
                half = Half.UNLABELLED if game in SPLIT_GAMES else Half.WHOLE
                hand.payouts.append(PayoutRecord(seat.seat, self.amount(wm.group("amount")), None, None,
                                                 half, PayoutSource.POT, line))
                continue
            if (rk := _RAKE.match(line)):
                hand.rake = self.amount(rk.group("amount"))
                hand.rake_source = RakeSource.PRINTED
                rake_seen = True
                continue
            if (em := _ENDED.match(line)):
                hand.start_time_raw = line[len("Game ended "):].strip()
                hand.start_time_utc = to_utc(em.group("when"), em.group("zone"))
                hand.hand_date = (hand.start_time_utc or em.group("when"))[:10]
                hand.notes.append("only the end of the hand is timed: start_time is 'Game ended'")
                continue
            self.action(line, names_longest_first, seats, tracker, act, street)

        if not rake_seen:
            raise self.err(QuarantineReason.TRUNCATED,
                           f"hand {self.hand_id} has no 'Rake:' line: cut off after {lines[-1]!r}")
        if not any(p.source == PayoutSource.POT for p in hand.payouts):
            hand.notes.append("no 'wins:' line: the platform paid no one")
        if hand.start_time_raw is None:
            hand.notes.append("no 'Game ended' line: the hand is not timed")
        if hand.rake is None:
            hand.rake_source = RakeSource.ABSENT
        hand.boards = [board] if board else []
        for seat in hand.seats:
            seat.contributed = tracker.contributed(seat.seat)
        self.check_blinds(hand)
        acted = {a.seat for a in hand.actions}
        if board:
            for seat in hand.seats:
                if seat.seat not in acted:
                    seat.dealt_in = False
                    hand.notes.append(f"seat {seat.seat} ({seat.player}) never acts: read as not dealt in")
        return hand

    def check_blinds(self, hand: ParsedHand) -> None:
        """Blinds are what was posted; the header's stakes are blinds (PL/NL) or bets (FL)."""
        small, big = hand.small_blind, hand.big_blind
        expected = (small // 2, small) if hand.limit == Limit.FIXED else (small, big)
        posted_sb = [a.amount for a in hand.actions if a.kind == ActionKind.POST_SMALL_BLIND]
        posted_bb = [a.amount for a in hand.actions if a.kind == ActionKind.POST_BIG_BLIND]
        hand.small_blind = posted_sb[0] if posted_sb else expected[0]
        hand.big_blind = posted_bb[0] if posted_bb else expected[1]
        if (posted_sb and posted_sb[0] != expected[0]) or (posted_bb and posted_bb[0] != expected[1]):
            hand.notes.append(
                f"blinds posted ({hand.small_blind}/{hand.big_blind}) differ from what the header's "
                f"stakes ({small}/{big}, {hand.limit}) imply ({expected[0]}/{expected[1]})")

    def action(self, line: str, names: list[str], seats: dict[str, SeatRecord], tracker: BetTracker,
               act, street: Street) -> None:
        for name in names:
            if line.startswith(name) and (tm := _ACTION_TAIL.match(line[len(name):])):
                break
        else:
            raise self.err(QuarantineReason.PARSE_ERROR, f"line not understood: {line!r}")
        seat = seats[name]
        verb, raw = tm.group("verb"), tm.group("amount")
        if verb in ("Fold", "Check"):
            if raw:
                raise self.err(QuarantineReason.PARSE_ERROR, f"{verb} with an amount: {line!r}")
            if verb == "Fold":
                seat.folded_street = street
                act(seat, ActionKind.FOLD)
            else:
                act(seat, ActionKind.CHECK)
            return
        if raw is None:
            raise self.err(QuarantineReason.PARSE_ERROR, f"{verb} without an amount: {line!r}")
        value = self.amount(raw)
        if verb == "Payback":
            tracker.returned(seat.seat, value)
            act(seat, ActionKind.UNCALLED_RETURN, value)
            self.hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE,
                                                  PayoutSource.UNCALLED, line))
            return
        before = tracker.max_street_bet()
        tracker.add(seat.seat, value)
        if verb == "All-In":
            seat.all_in = True
            after = tracker.street_bet(seat.seat)
            kind = ActionKind.CALL if after <= before else (ActionKind.RAISE if before else ActionKind.BET)
            act(seat, kind, value, all_in=True)
            return
        act(seat, {"Call": ActionKind.CALL, "Bet": ActionKind.BET, "Raise": ActionKind.RAISE}[verb], value)


PARSER = EntractionParser()
