"""Enet (Euro-network) hand histories: a PokerStars-like text with decimal commas.

A hand reads::

    Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6
    Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button
    Seat 2: cik (€58,14 in chips)
    tiza: posts small blind €0,25
    *** HOLECARDS ***
    Hero: raises €2,75
    Rake: €3,61
    *** FLOP *** [Td4h7d]
    *** SHOWDOWN ***
    cik: shows [4dQsQh3h] (A Pair, Queens)
    Player2: collected (€56,64) from pot
    *** SUMMARY ***
    Total pot €2,75 | Rake €1,39
    Seat 5: Player2  showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings

Choices, checked on the corpus hand: amounts use a decimal comma (``€58,14``); every
action amount is what it added (``raises €11,75`` after a 0,50 blind makes 12,25, which
``cik: calls €12,25`` matches; ``goes all-in`` adds the rest of the stack). ``Rake:`` lines
during the hand are running adjustments (one is negative) that sum to the summary's
``Rake``; the summary's figure is the hand's rake. The limit is only in the table name
(``- Pot Limit``). The header's time has no zone (``start_time_utc`` empty). The
``*** SUMMARY ***`` section closes a hand; without it the hand is ``truncated``.
"""

from __future__ import annotations

import re
from datetime import datetime

from rules.money import COMMA
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
from parsers.base import BetTracker, LineHandReader, TextParser, card
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^\ufeff*Game #\d+: ", re.M)
_HEADER = re.compile(
    r"^Game #(?P<id>\d+): (?:Tournament #(?P<tour>\d+),? .*?)?(?P<game>Omaha Hi/Lo|Omaha Hi-Lo|Omaha|Hold'em)"
    r" \((?P<sym>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)\) - (?P<time>\d\d?:\d\d:\d\d) "
    r"(?P<date>\d\d?\.\d\d?\.\d{4})(?: - .*)?$"
)
_TABLE = re.compile(r"^Table '(?P<table>.+?)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?"
                    r"(?:Seat #(?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \([$€£]?(?P<stack>[\d.,]+) in chips\)(?: .*)?$")
_POST = re.compile(r"^(?P<name>.+?): posts (?P<what>small blind|big blind|the ante|small & big blinds) "
                   r"[$€£]?(?P<amount>[\d.,]+)\s*$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_ACTION = re.compile(r"^(?P<name>.+?): (?P<verb>folds|checks|calls|bets|raises|goes all-in)"
                     r"(?: [$€£]?(?P<amount>\S+))?\s*$")
_RAKE_LINE = re.compile(r"^Rake: [$€£]?(?P<amount>-?[\d.,]+)\s*$")
_BOARD = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$")
_MARK = re.compile(r"^\*\*\* (?P<mark>HOLECARDS|SHOWDOWN|SUMMARY) \*\*\*\s*$")
_SHOWS = re.compile(r"^(?P<name>.+?): (?P<verb>shows|mucks|mucked)(?: \[(?P<cards>[^\]]*)\])?.*$")
_COLLECTED = re.compile(r"^(?P<name>.+?): collected \([$€£]?(?P<amount>[\d.,]+)\) from "
                        r"(?:(?P<main>(?:main )?pot)|side pot(?: #?(?P<side>\d+))?)\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \([$€£]?(?P<amount>[\d.,]+)\) returned to (?P<name>.+?)\s*$")
_TOTAL = re.compile(r"^Total pot [$€£]?(?P<total>[\d.,]+)(?: .*?)? \| Rake [$€£]?(?P<rake>-?[\d.,]+)\s*$")
_SUMMARY_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]\s*$")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) (?P<roles>(?:\((?:dealer|small blind|big blind)\))*)\s*"
                           r"(?P<rest>.*)$")
_GAMES = {"Omaha": Game.OMAHA, "Omaha Hi/Lo": Game.OMAHA_HILO, "Omaha Hi-Lo": Game.OMAHA_HILO,
          "Hold'em": Game.HOLDEM}
_SPLIT_GAMES = {Game.OMAHA_HILO}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}


def concatenated_cards(text: str) -> list[str]:
    """``Td4h7d`` (no separators) to cards.

    >>> concatenated_cards("Td4h7d")
    ['Td', '4h', '7d']
    """
    t = text.replace(" ", "").replace("10", "T")
    if len(t) % 2:
        raise HandParseError(QuarantineReason.BAD_CARDS, f"not a run of cards: {text!r}")
    return [card(t[i:i + 2]) for i in range(0, len(t), 2)]


class EnetParser(TextParser):
    """Enet's text dialect."""

    format = Format.ENET
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        first = head.lstrip("\ufeff \r\n").split("\n", 1)[0]
        return bool(_HEADER.match(first.rstrip()))

    def parse(self, hand_text: str) -> ParsedHand:
        return _Hand(hand_text).parse()


class _Hand(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = COMMA

    @staticmethod
    def split_lines(hand_text: str) -> list[str]:
        """Every line break ``str.splitlines`` knows; blank lines and surrounding space dropped."""
        return [ln.strip() for ln in hand_text.lstrip("\ufeff").splitlines() if ln.strip()]

    def cards(self, text: str) -> list[str]:
        try:
            return concatenated_cards(text)
        except HandParseError as exc:
            raise self.fail(exc.reason, exc.message) from None

    def parse(self) -> ParsedHand:
        if not self.lines or not (h := _HEADER.match(self.lines[0])):
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not an Enet header: {self.lines[:1]!r}")
        self.hand_id = h.group("id")
        is_tournament = h.group("tour") is not None
        real = bool(h.group("sym"))
        if is_tournament or not real:
            self.scale = 1 if all(re.fullmatch(r"\d+", h.group(k)) for k in ("sb", "bb")) else 100
        day, month, year = h.group("date").split(".")
        when = datetime(int(year), int(month), int(day), *map(int, h.group("time").split(":")))
        game = _GAMES[h.group("game")]
        hand = ParsedHand(
            hand_id=self.hand_id, platform=Platform.ENET, format=Format.ENET, game=game, limit=None,
            is_tournament=is_tournament, amount_scale=self.scale, tournament_id=h.group("tour"),
            currency=_CURRENCIES.get(h.group("sym")) if real and not is_tournament else None,
            is_play_money=not real and not is_tournament,
            start_time_raw=f"{h.group('time')} {h.group('date')}", hand_date=when.strftime("%Y-%m-%d"),
        )
        hand.small_blind, hand.big_blind = self.amount(h.group("sb")), self.amount(h.group("bb"))
        hand.notes.append("time zone not printed: start_time_utc left empty")
        seats: dict[str, SeatRecord] = {}
        tracker = BetTracker()
        street = Street.PREFLOP
        board: list[str] = []
        section = "head"
        running_rake: list[int] = []
        big_blind_posted = False

        def record(seat: SeatRecord, kind: ActionKind, value: int | None = None, all_in: bool = False,
                   on: Street | None = None) -> None:
            hand.actions.append(ActionRecord(len(hand.actions) + 1, on or street, seat.seat, kind, value, all_in))

        def seat_of(name: str, line: str) -> SeatRecord:
            if name not in seats:
                raise self.fail(QuarantineReason.INCONSISTENT, f"{name!r} is not seated: {line!r}")
            return seats[name]

        for line in self.lines[1:]:
            if (m := _MARK.match(line)):
                section = m.group("mark").lower()
                continue
            if section == "summary":
                self.summary_line(line, hand, seats)
                continue
            if (m := _TABLE.match(line)) and section == "head":
                hand.table_name = m.group("table")
                hand.max_seats = int(m.group("max")) if m.group("max") else None
                hand.button_seat = int(m.group("button")) if m.group("button") else None
                for words, limit in (("Pot Limit", Limit.POT), ("No Limit", Limit.NO), ("Limit", Limit.FIXED)):
                    if hand.table_name.endswith("- " + words):
                        hand.limit = limit
                        break
                continue
            if (m := _SEAT.match(line)) and section == "head":
                seat = SeatRecord(int(m.group("seat")), m.group("name"), self.amount(m.group("stack")))
                seats[seat.player] = seat
                hand.seats.append(seat)
                continue
            if (m := _POST.match(line)):
                seat, value, what = seat_of(m.group("name"), line), self.amount(m.group("amount")), m.group("what")
                if what == "the ante":
                    tracker.dead(seat.seat, value)
                    hand.ante = value
                    record(seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
                elif what == "small & big blinds":
                    tracker.dead(seat.seat, hand.small_blind)
                    tracker.add(seat.seat, value - hand.small_blind)
                    record(seat, ActionKind.POST_BLIND, value, on=Street.PREDEAL)
                else:
                    tracker.add(seat.seat, value)
                    if what == "small blind":
                        kind = ActionKind.POST_SMALL_BLIND
                    else:
                        kind = ActionKind.POST_BLIND if big_blind_posted else ActionKind.POST_BIG_BLIND
                        big_blind_posted = True
                    record(seat, kind, value, on=Street.PREDEAL)
                continue
            if (m := _DEALT.match(line)):
                seat_of(m.group("name"), line).cards = self.cards(m.group("cards"))
                continue
            if (m := _RAKE_LINE.match(line)):
                running_rake.append(self.amount(m.group("amount")))
                continue
            if (m := _BOARD.match(line)):
                new = self.cards(m.group("cards"))
                if new[: len(board)] != board:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"board changes between streets: {line!r}")
                board = new
                street = _STREETS[m.group("street")]
                tracker.new_street()
                continue
            if (m := _UNCALLED.match(line)):
                seat, value = seat_of(m.group("name"), line), self.amount(m.group("amount"))
                tracker.returned(seat.seat, value)
                record(seat, ActionKind.UNCALLED_RETURN, value)
                hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
                continue
            if (m := _COLLECTED.match(line)):
                seat = seat_of(m.group("name"), line)
                pot = 0 if m.group("main") and m.group("main") != "pot" else (
                    int(m.group("side")) if m.group("side") else None)
                hand.payouts.append(PayoutRecord(seat.seat, self.amount(m.group("amount")), pot, None,
                                                 Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE,
                                                 PayoutSource.POT, line))
                continue
            if (m := _ACTION.match(line)) and m.group("name") in seats:
                self.action(m, line, seats[m.group("name")], tracker, record, street)
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
        if section != "summary":
            raise self.fail(QuarantineReason.TRUNCATED,
                           f"hand {self.hand_id} has no *** SUMMARY ***: cut off after {self.lines[-1]!r}")
        if hand.limit is None:
            hand.notes.append("limit not printed (neither header nor table name)")
        hand.boards = [board] if board else []
        for seat in hand.seats:
            seat.contributed = tracker.contributed(seat.seat)
        if hand.rake is None:
            if running_rake:
                hand.rake, hand.rake_source = sum(running_rake), RakeSource.PRINTED
            else:
                hand.rake_source = RakeSource.ABSENT
                hand.notes.append("rake not printed")
        elif running_rake and sum(running_rake) != hand.rake:
            hand.notes.append(f"in-hand Rake: lines sum to {sum(running_rake)}, the summary says {hand.rake}")
        if any(r < 0 for r in running_rake):
            hand.notes.append(f"in-hand Rake: lines {running_rake} include a negative adjustment")
        self.check_totals(hand)
        return hand

    def action(self, m: re.Match, line: str, seat: SeatRecord, tracker: BetTracker, record, street: Street) -> None:
        verb, raw = m.group("verb"), m.group("amount")
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
        top = tracker.max_street_bet()
        tracker.add(seat.seat, value)
        if verb == "goes all-in":
            seat.all_in = True
            after = tracker.street_bet(seat.seat)
            kind = ActionKind.CALL if after <= top else (ActionKind.RAISE if top else ActionKind.BET)
            record(seat, kind, value, all_in=True)
        else:
            record(seat, {"calls": ActionKind.CALL, "bets": ActionKind.BET, "raises": ActionKind.RAISE}[verb], value)

    def summary_line(self, line: str, hand: ParsedHand, seats: dict[str, SeatRecord]) -> None:
        if (m := _TOTAL.match(line)):
            hand.total_pot_printed = self.amount(m.group("total"))
            hand.rake, hand.rake_source = self.amount(m.group("rake")), RakeSource.PRINTED
            return
        if (m := _SUMMARY_BOARD.match(line)):
            self.summary_board = self.cards(m.group("cards"))
            return
        if (m := _SUMMARY_SEAT.match(line)):
            roles = m.group("roles")
            if "(dealer)" in roles and hand.button_seat not in (None, int(m.group("seat"))):
                hand.notes.append(f"the summary marks seat {m.group('seat')} as dealer; the header says seat "
                                  f"#{hand.button_seat} is the button")
            shown = re.search(r"(?:showed|mucked) \[([^\]]*)\]", m.group("rest"))
            seat = seats.get(m.group("name").strip())
            if seat is not None and shown:
                seat.cards = self.cards(shown.group(1))
            return
        raise self.fail(QuarantineReason.PARSE_ERROR, f"summary line not understood: {line!r}")

    def check_totals(self, hand: ParsedHand) -> None:
        put_in, paid = hand.pot_total, hand.paid_from_pots()
        if hand.total_pot_printed is not None and hand.total_pot_printed != put_in:
            hand.notes.append(f"summary 'Total pot' {hand.total_pot_printed} but {put_in} was put in")
        if hand.rake is not None and paid + hand.rake != put_in:
            hand.notes.append(f"history does not add up: paid {paid} + rake {hand.rake} = {paid + hand.rake}, "
                              f"but {put_in} was put in ({put_in - paid - hand.rake} unaccounted for)")


PARSER = EnetParser()
