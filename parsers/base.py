"""What every parser produces, and the small protocol each platform implements.

A parser turns the decoded text of one file into hands. It works in three steps so that
ingest can stream large files and spread them over processes:

1. ``sniff(head)``: does this file (its first few KB of text) belong to this format?
2. ``split(text)``: where does each hand start? Yields ``(char_offset, hand_text)``;
   leading chatter before the first hand is not a hand.
3. ``parse(hand_text)``: one ``ParsedHand``, or ``HandParseError`` with a quarantine
   reason and a message precise enough to fix the parser.

Amounts in records are ``int`` minor units of the hand (``amount_scale`` units per
printed unit). Cards are two-character strings (``"Ac"``), unknown cards ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Protocol

from audit.vocab import (
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


class HandParseError(Exception):
    """A hand that cannot be parsed; it goes to the quarantine table, never away."""

    def __init__(self, reason: QuarantineReason, message: str, hand_id: str | None = None):
        super().__init__(f"{reason}: {message}")
        self.reason = reason
        self.message = message
        self.hand_id = hand_id


@dataclass(slots=True)
class SeatRecord:
    seat: int
    player: str
    stack: int | None = None
    cards: list[str | None] = field(default_factory=list)  # final known cards
    upcards: list[str] = field(default_factory=list)  # stud: dealt face up
    dealt_in: bool = True
    folded_street: Street | None = None
    showed: bool = False
    mucked: bool = False
    all_in: bool = False
    cashed_out: bool = False
    contributed: int = 0  # put in, after uncalled returns


@dataclass(slots=True)
class ActionRecord:
    seq: int
    street: Street
    seat: int | None
    kind: ActionKind
    amount: int | None = None  # chips this action added (or returned, for uncalled)
    all_in: bool = False
    cards_changed: int | None = None  # draws: how many cards were exchanged


@dataclass(slots=True)
class PayoutRecord:
    seat: int
    amount: int
    pot: int | None = None  # 0 main, 1.. side pots in creation order; None: not said
    run: int | None = None  # 1..; None: not said
    half: Half = Half.UNLABELLED
    source: PayoutSource = PayoutSource.POT
    line: str = ""  # the history line that paid it, verbatim


@dataclass(slots=True)
class ParsedHand:
    hand_id: str
    platform: Platform
    format: Format
    game: Game
    limit: Limit | None
    is_tournament: bool
    amount_scale: int  # minor units per printed unit: 100 for cents, 1 for chips
    currency: str | None = None  # ISO code; None for tournament chips and play money
    tournament_id: str | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    button_seat: int | None = None
    max_seats: int | None = None
    start_time_utc: str | None = None  # ISO 8601 with Z, when the zone is known
    start_time_raw: str | None = None
    hand_date: str | None = None  # YYYY-MM-DD as printed (partition key)
    table_name: str | None = None
    is_play_money: bool = False
    boards: list[list[str]] = field(default_factory=list)  # one board per run
    pots_printed: list[int] | None = None  # each pot's amount as printed
    pots_printed_net: bool | None = None  # whether those are after rake
    total_pot_printed: int | None = None
    rake: int | None = None
    fees: int = 0  # jackpot, bingo, ...: everything but rake taken before the split
    fee_detail: dict[str, int] = field(default_factory=dict)
    rake_source: RakeSource = RakeSource.PRINTED
    house_retained: int = 0  # pot money no seat was paid (PokerStars cash-out shares)
    per_seat_only: bool = False  # platform prints only per-seat totals (iPoker)
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    payouts: list[PayoutRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the platform does not print, etc.

    @property
    def runs(self) -> int:
        return max(1, len(self.boards))

    @property
    def pot_total(self) -> int:
        """Everything put in, after uncalled returns."""
        return sum(s.contributed for s in self.seats)

    def seat(self, number: int) -> SeatRecord:
        for s in self.seats:
            if s.seat == number:
                return s
        raise KeyError(number)

    def paid_from_pots(self) -> int:
        return sum(p.amount for p in self.payouts if p.source == PayoutSource.POT)

    def reconciles(self) -> bool:
        """Put in = paid from pots + rake + fees + what the house kept.

        With no rake printed (``rake`` is None) there is nothing to reconcile against:
        the rake is whatever is missing, so it is reconciled only if nothing is
        overpaid.
        """
        paid = self.paid_from_pots() + self.fees + self.house_retained
        if self.rake is None:
            return paid <= self.pot_total
        return paid + self.rake == self.pot_total


class HandText(str):
    """One hand's exact text as it stands in the file, plus the file-level text it needs.

    XML sessions (iPoker, Merge, Everest) state the game, stakes or currency once, before
    the hands. ``split`` yields ``HandText(slice, context=header)``: the value is exactly
    the file's slice (byte offsets and ``raw_sha256`` depend on that) and ``parse`` reads
    the header from ``context``. Such parsers set ``chunkable = False`` so that a large
    file is never cut away from its header.

    >>> h = HandText("<game/>", context="<session/>")
    >>> h == "<game/>", h.context
    (True, '<session/>')
    """

    context: str

    def __new__(cls, text: str, context: str = "") -> "HandText":
        obj = super().__new__(cls, text)
        obj.context = context
        return obj


class Parser(Protocol):
    """One text dialect. Implementations are stateless and picklable.

    ``split`` must yield hands whose text is exactly ``text[offset:offset + len(hand)]``;
    a parser that needs a file header passes it as ``HandText.context``. Optional
    attributes: ``chunkable`` (default True: a large file may be cut at ``hand_start``
    matches and parsed in pieces) and ``version`` (recorded as ``parser_version``).
    """

    format: Format
    #: matches at the first character of every hand; used to cut big files in chunks
    hand_start: re.Pattern[str]

    def sniff(self, head: str) -> bool: ...

    def split(self, text: str) -> Iterator[tuple[int, str]]: ...

    def parse(self, hand_text: str) -> ParsedHand: ...


def split_at(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    """Cut ``text`` at every match of ``pattern`` (which must match a hand's first line).

    Text before the first match is ignored if blank; otherwise it is returned as a hand
    of its own at offset 0, so that a file cut at the front still reaches quarantine.

    >>> import re
    >>> list(split_at(re.compile(r"^Hand ", re.M), "Hand 1\\nx\\n\\nHand 2\\n"))
    [(0, 'Hand 1\\nx\\n\\n'), (10, 'Hand 2\\n')]
    """
    starts = [m.start() for m in pattern.finditer(text)]
    if not starts:
        if text.strip(" \r\n\t\ufeff"):
            yield 0, text
        return
    if starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff"):
        yield 0, text[: starts[0]]
    ends = starts[1:] + [len(text)]
    for start, end in zip(starts, ends):
        yield start, text[start:end]


CARD_RANKS = "23456789TJQKA"
CARD_SUITS = "cdhs"


def card(text: str) -> str:
    """Normalise one printed card to the contract's two characters.

    >>> card("10h"), card("As"), card("ad")
    ('Th', 'As', 'Ad')
    """
    t = text.strip()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2:
        raise HandParseError(QuarantineReason.BAD_CARDS, f"not a card: {text!r}")
    rank, suit = t[0].upper(), t[1].lower()
    if rank not in CARD_RANKS or suit not in CARD_SUITS:
        raise HandParseError(QuarantineReason.BAD_CARDS, f"not a card: {text!r}")
    return rank + suit


def cards(text: str) -> list[str | None]:
    """Cards separated by spaces; face-down placeholders (``X``, ``??``, ``[]``) are None.

    >>> cards("Ac 3d X")
    ['Ac', '3d', None]
    """
    out: list[str | None] = []
    for tok in text.replace(",", " ").split():
        if tok.upper() in {"X", "XX", "??", "?", "[]", "**"}:
            out.append(None)
        else:
            out.append(card(tok))
    return out


class BetTracker:
    """What each seat has put in, street by street, as betting lines are read.

    Platforms print either the amount added (``calls $2``) or the total a seat raised
    to (``raises $2 to $4``); both land here so that every parser derives
    ``contributed`` the same way.

    >>> t = BetTracker()
    >>> t.add(1, 5); t.add(2, 10)          # blinds
    >>> t.raise_to(1, 30)                  # SB raises to 30: adds 25
    25
    >>> t.add(2, 20); t.new_street(); t.add(1, 50); t.returned(1, 50)
    >>> t.contributed(1), t.contributed(2)
    (30, 30)
    """

    __slots__ = ("_total", "_street", "_dead")

    def __init__(self) -> None:
        self._total: dict[int, int] = {}
        self._street: dict[int, int] = {}
        self._dead: dict[int, int] = {}

    def add(self, seat: int, amount: int) -> None:
        self._total[seat] = self._total.get(seat, 0) + amount
        self._street[seat] = self._street.get(seat, 0) + amount

    def dead(self, seat: int, amount: int) -> None:
        """Money into the pot that does not count toward the seat's bet this street."""
        self._total[seat] = self._total.get(seat, 0) + amount
        self._dead[seat] = self._dead.get(seat, 0) + amount

    def raise_to(self, seat: int, total_this_street: int) -> int:
        """The seat's bet this street becomes ``total_this_street``; returns what it added."""
        added = total_this_street - self._street.get(seat, 0)
        if added < 0:
            raise HandParseError(
                QuarantineReason.INCONSISTENT,
                f"seat {seat} raises to {total_this_street} but has {self._street.get(seat, 0)} in already",
            )
        self.add(seat, added)
        return added

    def street_bet(self, seat: int) -> int:
        return self._street.get(seat, 0)

    def max_street_bet(self) -> int:
        return max(self._street.values(), default=0)

    def new_street(self) -> None:
        self._street.clear()

    def returned(self, seat: int, amount: int) -> None:
        self._total[seat] = self._total.get(seat, 0) - amount
        self._street[seat] = self._street.get(seat, 0) - amount

    def contributed(self, seat: int) -> int:
        return self._total.get(seat, 0)

    def seats(self) -> dict[int, int]:
        return dict(self._total)
