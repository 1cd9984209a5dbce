"""One hand's rows of the lake, typed: what the per-hand audit and the explanations read.

``HandRows`` holds a hand's ``hands`` row, its seats, actions and payouts as frozen
values with the lake's column names (``audit.schema``). ``read_hand_rows`` reads them
for chosen hands; ``hand_rows_of`` builds them from frames already read (the lake-wide
audit, which has the tables in memory). Columns the audit does not read are left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import polars as pl

from audit.lake import read_table, scan_table
from rules.records import Contradiction
from rules.vocab import ActionKind, PayoutSource

Cards = tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class HandRow:
    """The columns of one ``hands`` row the audit reads."""

    hand_key: str
    hand_id: str
    platform: str
    game: str
    is_tournament: bool
    currency: str | None
    amount_scale: int
    small_blind: int | None
    big_blind: int | None
    button_seat: int | None
    boards: tuple[tuple[str, ...], ...]
    pot_total: int
    pots_printed: tuple[int | None, ...] | None
    pots_printed_net: bool | None
    rake: int | None
    fees: int
    rake_source: str
    house_retained: int
    per_seat_only: bool
    reconciled: bool
    contradictions: tuple[Contradiction, ...]
    notes: tuple[str, ...]
    # what the rake schedule and the explanation's game recall read (not the payout check)
    hand_date: str = "unknown"
    limit: str | None = None
    max_seats: int | None = None
    table_name: str | None = None
    tournament_id: str | None = None
    ante: int | None = None
    start_time_raw: str | None = None
    start_time_utc: Any = None
    source_file: str | None = None
    source_offset: int | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One ``seats`` row, with ``dead``: how much of ``contributed`` was dead money
    (the seat's ``post_dead`` actions)."""

    seat: int
    player: str
    cards: Cards | None
    dealt_in: bool
    folded_street: str | None
    showed: bool
    mucked: bool
    all_in: bool
    cashed_out: bool
    contributed: int
    dead: int = 0
    stack: int | None = None  # at the start of the hand (the explanation's game recall)
    run_cards: tuple[Cards, ...] = ()  # a draw run more than once: each run's final hand

    @property
    def live(self) -> bool:
        """Still in the hand at the end: dealt in and never folded."""
        return self.dealt_in and self.folded_street is None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One ``actions`` row."""

    seq: int
    street: str
    seat: int | None
    kind: str
    amount: int | None
    all_in: bool
    cards_changed: int | None


@dataclass(frozen=True, slots=True)
class PayoutRow:
    """One ``payouts`` row."""

    seat: int
    amount: int
    pot: int | None
    run: int | None
    half: str
    source: str
    #: the history line, verbatim; empty where it was not read (only explanations show it)
    line: str = ""

    @property
    def from_pot(self) -> bool:
        return self.source == PayoutSource.POT


@dataclass(frozen=True)
class HandRows:
    """Everything the lake holds about one hand, in the order it holds it (seats by seat
    number, actions by ``seq``, payouts as the history printed them)."""

    hand: HandRow
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]
    payouts: tuple[PayoutRow, ...]

    @property
    def key(self) -> str:
        return self.hand.hand_key

    @property
    def live(self) -> tuple[SeatRow, ...]:
        return tuple(s for s in self.seats if s.live)


def _names(row_type: type) -> list[str]:
    return [f.name for f in fields(row_type)]


#: the lake's columns each row type reads (``dead`` is computed from the actions)
HAND_COLUMNS = _names(HandRow)
SEAT_COLUMNS = [name for name in _names(SeatRow) if name != "dead"]
ACTION_COLUMNS = _names(ActionRow)
PAYOUT_COLUMNS = _names(PayoutRow)
#: what the audit compares (the printed ``line`` is only shown by explanations)
AUDIT_PAYOUT_COLUMNS = [name for name in PAYOUT_COLUMNS if name != "line"]


#: columns a frame may lack (the bulk paths read only what they compare)
_OPTIONAL = frozenset({"hand_date", "limit", "max_seats", "table_name", "tournament_id", "ante", "start_time_raw",
                       "start_time_utc", "source_file", "source_offset", "stack", "run_cards"})


def _tuple(value: Sequence[Any] | None) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def hand_row(row: Mapping[str, Any]) -> HandRow:
    """A ``HandRow`` from a row of the ``hands`` table as polars gives it."""
    values = {name: row[name] for name in HAND_COLUMNS if name in row or name not in _OPTIONAL}
    values["boards"] = tuple(tuple(b) for b in row["boards"] or ())
    values["pots_printed"] = _tuple(row["pots_printed"])
    values["contradictions"] = tuple(Contradiction(**c) for c in row["contradictions"] or ())
    values["notes"] = tuple(row["notes"] or ())
    return HandRow(**values)


def seat_row(row: Mapping[str, Any]) -> SeatRow:
    """A ``SeatRow`` from a row of ``seats`` (with ``dead`` where the frame has it)."""
    values = {name: row[name] for name in SEAT_COLUMNS if name in row or name not in _OPTIONAL}
    values["cards"] = _tuple(row["cards"])
    if "run_cards" in values:
        values["run_cards"] = tuple(tuple(hand) for hand in values["run_cards"] or ())
    return SeatRow(**values, dead=row.get("dead") or 0)


def payout_row(row: Mapping[str, Any]) -> PayoutRow:
    return PayoutRow(**{name: row[name] for name in PAYOUT_COLUMNS if name in row})


def action_row(row: Mapping[str, Any]) -> ActionRow:
    return ActionRow(**{name: row[name] for name in ACTION_COLUMNS})


def rows_by_hand(frame: pl.DataFrame, columns: Sequence[str], order: Sequence[str] = ()
                 ) -> dict[str, list[dict[str, Any]]]:
    """The rows of ``frame`` (only ``columns``) grouped by ``hand_key``, in frame order
    within a hand unless ``order`` names columns to sort by."""
    if order:
        frame = frame.sort(list(order), maintain_order=True)
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in frame.select("hand_key", *columns).iter_rows(named=True):
        out[row["hand_key"]].append(row)
    return out


def with_dead(seats: pl.DataFrame, actions: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """``seats`` with ``dead``: the amount of each seat's ``post_dead`` actions."""
    dead = (actions.lazy().filter(pl.col("kind") == ActionKind.POST_DEAD.value)
            .group_by("hand_key", "seat").agg(pl.col("amount").sum().alias("dead")).collect())
    if dead.height == 0:
        return seats.with_columns(pl.lit(0, pl.Int64).alias("dead"))
    return seats.join(dead, on=["hand_key", "seat"], how="left").with_columns(pl.col("dead").fill_null(0))


def read_seats(lake: Path, platforms: Iterable[str] | None = None) -> pl.DataFrame:
    """Seats with ``dead`` (``with_dead``): only the dead-blind posts of the actions are
    decoded, not every action. ``platforms``: of those platforms' partitions only."""
    return with_dead(read_table(lake, "seats", [*SEAT_COLUMNS, "hand_key"], platforms=platforms),
                     scan_table(lake, "actions", platforms))


def hand_rows_of(hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame | None,
                 payouts: pl.DataFrame) -> Iterator[HandRows]:
    """``HandRows`` of every hand of ``hands``, in its order. ``seats`` carries ``dead``;
    ``actions`` None leaves every hand's actions empty (the showdown comparison reads none)."""
    seats_of = rows_by_hand(seats, [*SEAT_COLUMNS, "dead"], order=("hand_key", "seat"))
    payouts_of = rows_by_hand(payouts, [c for c in PAYOUT_COLUMNS if c in payouts.columns])
    actions_of = rows_by_hand(actions, ACTION_COLUMNS, order=("hand_key", "seq")) if actions is not None else {}
    for row in hands.iter_rows(named=True):
        key = row["hand_key"]
        yield HandRows(hand_row(row), tuple(seat_row(s) for s in seats_of.get(key, ())),
                       tuple(action_row(a) for a in actions_of.get(key, ())),
                       tuple(payout_row(p) for p in payouts_of.get(key, ())))


def read_hand_rows(lake: Path, keys: Iterable[str]) -> dict[str, HandRows]:
    """The rows of the hands ``keys`` that the lake holds (absent keys are absent),
    reading each table once, and of it only the partitions of those hands' platforms and
    the rows of those hands (the filter reaches the Parquet reader)."""
    unique = list(dict.fromkeys(keys))
    chosen = pl.col("hand_key").is_in(pl.Series(unique, dtype=pl.Utf8).implode())
    platforms = {key.partition(":")[0] for key in unique}  # a hand key starts with its platform

    def rows(table: str) -> pl.DataFrame:
        return scan_table(lake, table, platforms).filter(chosen).collect()

    hands, actions, payouts = rows("hands"), rows("actions"), rows("payouts")
    seats = with_dead(rows("seats"), actions)
    return {r.key: r for r in hand_rows_of(hands, seats, actions, payouts)}
