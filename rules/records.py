"""The records a parser emits for one hand, and the error that quarantines a hand.

These are the kernel's hand records: every parser builds a ``ParsedHand`` (with its
seats, actions and payouts) or raises ``HandParseError``; ``audit`` turns them into the
lake's tables. Amounts are ``int`` minor units of the hand (``amount_scale`` units per
printed unit). Cards are two-character strings (``"Ac"``), unknown cards ``None``.

>>> hand = ParsedHand("1", Platform.POKERSTARS, Format.POKERSTARS, Game.OMAHA_HILO, Limit.POT,
...                   is_tournament=False, amount_scale=100, currency="USD")
>>> hand.seats = [SeatRecord(1, "ann", contributed=50), SeatRecord(2, "bob", contributed=50)]
>>> hand.payouts = [PayoutRecord(1, 95)]
>>> hand.rake = 5
>>> hand.pot_total, hand.reconciles()
(100, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.money import format_minor
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
    #: a draw game run more than once, the seat drawing anew for each run: each run's final
    #: hand, run 1 first (``cards`` then holds no final hand); empty: one hand on every run
    run_cards: list[list[str | None]] = field(default_factory=list)


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


@dataclass(slots=True, frozen=True)
class Contradiction:
    """Where a history contradicts itself, e.g. its summary against its pay lines.

    ``recorded`` is what the lines that paid say (the record of what was paid),
    ``stated`` what the contradicting part of the history says, for ``seat``.
    """

    message: str
    seat: int | None = None
    recorded: int | None = None
    stated: int | None = None


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
    contradictions: list[Contradiction] = field(default_factory=list)

    def contradicts(self, message: str, seat: int | None = None, recorded: int | None = None,
                    stated: int | None = None) -> None:
        """Record that the history contradicts itself (also as a note, for people)."""
        self.notes.append(message)
        self.contradictions.append(Contradiction(message, seat, recorded, stated))

    def pot_paid_by_seat(self) -> dict[int, int]:
        """What the pay lines pay each seat from the pots."""
        paid: dict[int, int] = {}
        for p in self.payouts:
            if p.source == PayoutSource.POT:
                paid[p.seat] = paid.get(p.seat, 0) + p.amount
        return paid

    def contradicts_summary(self, stated: dict[int, int], lines: str = "collected lines") -> None:
        """Record every seat whose summary states another total than its pay lines pay
        (``lines`` names them as the platform does): the pay lines stay the record."""
        paid = self.pot_paid_by_seat()
        for seat in sorted(set(paid) | set(stated)):
            recorded, said = paid.get(seat, 0), stated.get(seat, 0)
            if recorded != said:
                self.contradicts(f"summary says seat {seat} won {format_minor(said, self.amount_scale)} "
                                 f"but its {lines} pay {format_minor(recorded, self.amount_scale)}",
                                 seat, recorded, said)

    @property
    def runs(self) -> int:
        """Boards run, or a draw's runs where a seat drew anew for each (``run_cards``)."""
        return max(1, len(self.boards), *(len(s.run_cards) for s in self.seats))

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
