"""Parsed hand records to Arrow tables (worker side), and the duplicate fingerprint.

Kept apart from ``audit.lake`` so that worker processes build Arrow tables without
touching the file system.

This is the hottest code of ``hhaudit ingest`` after the parsers, so it avoids
per-value Python work: each record becomes one tuple (read with C-level
``attrgetter``), the tuples are transposed once per chunk, and the columns every child
row shares with its hand (``hand_key``, ``platform``, ``hand_date``) are gathered in C
from the hands table instead of being repeated row by row in Python.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from enum import Enum
from operator import attrgetter

import pyarrow as pa

from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS, Table
from parsers.base import ParsedHand

UNKNOWN_DATE = "unknown"


def hand_key(hand: ParsedHand) -> str:
    return f"{hand.platform}:{hand.hand_id}"


_ENUM_REPRS: dict[object, str] = {}


def _repr(value: object) -> str:
    """``repr(value)``, with enum members' (slow, Python-level) reprs remembered."""
    if isinstance(value, Enum):
        text = _ENUM_REPRS.get(value)
        if text is None:
            text = _ENUM_REPRS[value] = repr(value)
        return text
    return repr(value)


def _fingerprint_seat(seat) -> tuple:
    """What every viewer saw of a seat: its name, what it put in, whether it folded,
    mucked or cashed out, and its cards if it showed them (hole cards seen only by their
    owner stay out, so one player's copy matches another's)."""
    shown = tuple(seat.cards) if seat.showed else ()
    return (seat.seat, seat.player, seat.contributed, str(seat.folded_street), seat.mucked,
            seat.cashed_out, shown)


def content_fingerprint(hand: ParsedHand) -> str:
    """Digest of what every viewer of the hand saw alike: game, boards, each seat's public
    state (``_fingerprint_seat``: cards shown at showdown included), who was paid what.
    Hole cards seen by one viewer are left out, so copies of one hand written for
    different players share a fingerprint, while copies that disagree on anything public
    (a shown card, a fold) do not.

    The digest is of ``repr((game, boards, seats, payouts, rake, fees))``, assembled here
    without calling the enums' slow ``__repr__`` once per value.
    """
    seats = repr(tuple(sorted(map(_fingerprint_seat, hand.seats))))
    if hand.payouts:
        items = [f"({seat!r}, {amount!r}, {pot!r}, {run!r}, {_repr(half)}, {_repr(source)})"
                 for seat, amount, pot, run, half, source in sorted(
                     [(p.seat, p.amount, p.pot or 0, p.run or 0, p.half, p.source) for p in hand.payouts])]
        payouts = f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    else:
        payouts = "()"
    text = (f"({_repr(hand.game)}, {tuple(map(tuple, hand.boards))!r}, {seats}, {payouts}, "
            f"{hand.rake!r}, {hand.fees!r})")
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _utc(value: str | None) -> datetime | None:
    if not value:
        return None
    return datetime.fromisoformat(value)


# Each child record is read as one tuple, in these columns' order.
_SEAT_COLUMNS = ("seat", "player", "stack", "cards", "upcards", "dealt_in", "folded_street", "showed",
                 "mucked", "all_in", "cashed_out", "contributed")
_ACTION_COLUMNS = ("seq", "street", "seat", "kind", "amount", "all_in", "cards_changed")
_PAYOUT_COLUMNS = ("seat", "amount", "pot", "run", "half", "source", "line")
_seat_row = attrgetter(*_SEAT_COLUMNS)
_action_row = attrgetter(*_ACTION_COLUMNS)
_payout_row = attrgetter(*_PAYOUT_COLUMNS)
_SHARED = ("hand_key", "platform", "hand_date")  # child columns gathered from the hand's row
_HAND_COLUMNS = tuple(c.name for c in HANDS.columns)

for _spec, _own in ((SEATS, _SEAT_COLUMNS), (ACTIONS, _ACTION_COLUMNS), (PAYOUTS, _PAYOUT_COLUMNS)):
    assert {c.name for c in _spec.columns} == set(_own) | set(_SHARED), _spec.name


def _empty_to_none(values: tuple) -> list:
    """Empty card lists are stored as null, as they always were."""
    return [v or None for v in values]


def _as_text(values: tuple) -> list:
    """Vocabulary values as stored (``str()`` of each, even of a stray None)."""
    return [str(v) for v in values]


class TableBuilder:
    """Rows for the four per-hand tables, filled hand by hand; ``tables()`` makes Arrow."""

    def __init__(self) -> None:
        self.hand_rows: list[tuple] = []
        self.seat_rows: list[tuple] = []
        self.action_rows: list[tuple] = []
        self.payout_rows: list[tuple] = []
        # which hand (row of ``hands``) each child row belongs to, for dropping duplicates
        self.seat_hand: list[int] = []
        self.action_hand: list[int] = []
        self.payout_hand: list[int] = []

    def add(self, hand: ParsedHand, *, source_file: str, source_offset: int, raw_sha256: str,
            parser_version: str) -> None:
        index = len(self.hand_rows)
        key = hand_key(hand)
        # in HANDS column order (checked by the table's schema in ``tables``)
        self.hand_rows.append((
            key, hand.hand_id, str(hand.platform), hand.hand_date or UNKNOWN_DATE, str(hand.format),
            str(hand.game), str(hand.limit) if hand.limit else None, hand.is_tournament,
            hand.tournament_id, hand.is_play_money, hand.currency, hand.amount_scale,
            hand.small_blind, hand.big_blind, hand.ante, hand.bring_in, hand.button_seat,
            hand.max_seats, hand.table_name, _utc(hand.start_time_utc), hand.start_time_raw,
            [list(b) for b in hand.boards], hand.runs, hand.pot_total, hand.total_pot_printed,
            hand.pots_printed, hand.pots_printed_net, hand.rake, hand.fees,
            list(hand.fee_detail.items()) if hand.fee_detail else None, str(hand.rake_source),
            hand.house_retained, hand.per_seat_only, hand.reconciles(), hand.notes or None,
            [(c.message, c.seat, c.recorded, c.stated) for c in hand.contradictions] or None,
            source_file, source_offset, raw_sha256, content_fingerprint(hand), parser_version,
        ))
        if hand.seats:
            self.seat_rows.extend(map(_seat_row, hand.seats))
            self.seat_hand.extend([index] * len(hand.seats))
        if hand.actions:
            self.action_rows.extend(map(_action_row, hand.actions))
            self.action_hand.extend([index] * len(hand.actions))
        if hand.payouts:
            self.payout_rows.extend(map(_payout_row, hand.payouts))
            self.payout_hand.extend([index] * len(hand.payouts))

    def tables(self) -> dict[str, pa.Table]:
        hands = _hands_table(self.hand_rows)
        return {
            "hands": hands,
            "seats": _child_table(SEATS, _SEAT_COLUMNS, self.seat_rows, self.seat_hand, hands, {
                "cards": _empty_to_none, "upcards": _empty_to_none}),
            "actions": _child_table(ACTIONS, _ACTION_COLUMNS, self.action_rows, self.action_hand, hands, {
                "street": _as_text, "kind": _as_text}),
            "payouts": _child_table(PAYOUTS, _PAYOUT_COLUMNS, self.payout_rows, self.payout_hand, hands, {
                "half": _as_text, "source": _as_text}),
        }


def _hands_table(rows: list[tuple]) -> pa.Table:
    schema = HANDS.schema
    columns = list(zip(*rows)) if rows else [()] * len(_HAND_COLUMNS)
    arrays = [pa.array(values, schema.field(name).type) for name, values in zip(_HAND_COLUMNS, columns)]
    return pa.Table.from_arrays(arrays, schema=schema)


def _child_table(spec: Table, names: tuple[str, ...], rows: list[tuple], owner: list[int],
                 hands: pa.Table, convert: dict) -> pa.Table:
    schema = spec.schema
    columns = list(zip(*rows)) if rows else [()] * len(names)
    by_name: dict[str, pa.Array] = {}
    for name, values in zip(names, columns):
        field = schema.field(name)
        if name in convert and (convert[name] is not _as_text or None in values):
            values = convert[name](values)
        by_name[name] = pa.array(values, field.type)
    owners = pa.array(owner, pa.int32())
    for name in _SHARED:
        by_name[name] = hands.column(name).take(owners)
    return pa.Table.from_arrays([by_name[f.name] for f in schema], schema=schema)
