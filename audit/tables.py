"""Parsed hands to Arrow tables (worker side), and the duplicate fingerprint.

Two ways in: ``TableBuilder`` takes the records of parsers that read one hand at a time,
``columnar_tables`` the frames of a columnar reader (``parsers.pokerstars_fast``); both
give the lake's schema and the same ``content_fingerprints``. Kept apart from
``audit.lake`` so that workers build Arrow tables without touching the file system.

This is the hottest code of ``hhaudit ingest`` after the parsers, so it avoids
per-value Python work: each record becomes one tuple (read with C-level
``attrgetter``), the tuples are transposed once per chunk, and the columns every child
row shares with its hand (``hand_key``, ``platform``, ``hand_date``) are gathered in C
from the hands table instead of being repeated row by row in Python.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from audit.compiled_tables import compiled_tables
from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS, Table
from rules.records import ParsedHand

if TYPE_CHECKING:  # polars on use: the compiled path's ingest never imports it
    import polars as pl

    from parsers.columnar_chunk import FastChunk

UNKNOWN_DATE = "unknown"


def hand_key(hand: ParsedHand) -> str:
    return f"{hand.platform}:{hand.hand_id}"


def content_fingerprints(hands: pa.Table, seats: pa.Table, seat_owner: pa.Array,
                         payouts: pa.Table, payout_owner: pa.Array) -> pa.Array:
    """Per hand, a digest of what every viewer of it saw alike: the game, the boards, each
    seat's public state (name, what it put in, whether and when it folded, mucked or
    cashed out, and its cards if it showed them), who was paid what, rake and fees.

    Hole cards seen by one viewer are left out, so copies of one hand written for
    different players share a fingerprint, while copies that disagree on anything public
    (a shown card, a fold, a payout) do not. ``seat_owner`` and ``payout_owner`` give the
    row of ``hands`` each child row belongs to.

    The digest is blake2b (96 bits) of a canonical text: one field a line (no field can
    hold a line break), seats and payouts each in a sorted order. It is computed on the
    tables, not on parsed objects, so that every path into the lake gives the same value.
    """
    if hands.num_rows == 0:
        return pa.array([], pa.string())
    import polars as pl

    def frame(table: pa.Table) -> pl.DataFrame:
        out = pl.from_arrow(table)
        assert isinstance(out, pl.DataFrame)  # a table, not a single column
        return out

    def text(name: str) -> pl.Expr:
        return pl.col(name).cast(pl.String).fill_null("-")

    def cards(column: pl.Expr) -> pl.Expr:
        return column.list.eval(pl.element().fill_null("?")).list.join(" ").fill_null("")

    head = frame(hands.select(["game", "boards", "rake", "fees"])).with_row_index("owner").select(
        "owner", head=pl.concat_str(
            [pl.lit("H"), text("game"), pl.col("boards").list.eval(cards(pl.element())).list.join("|"),
             text("rake"), text("fees")], separator="\n"))
    seat_text = frame(seats.select(
        ["seat", "player", "contributed", "folded_street", "mucked", "cashed_out", "showed", "cards"])).select(
        owner=pl.Series(seat_owner, dtype=pl.UInt32),
        seat=pl.col("seat"),
        t=pl.concat_str([pl.lit("S"), text("seat"), text("player"), text("contributed"), text("folded_street"),
                         text("mucked"), text("cashed_out"),
                         pl.when(pl.col("showed")).then(cards(pl.col("cards"))).otherwise(pl.lit(""))],
                        separator="\n"))
    payout_text = frame(payouts.select(["seat", "amount", "pot", "run", "half", "source"])).select(
        owner=pl.Series(payout_owner, dtype=pl.UInt32),
        t=pl.concat_str([pl.lit("P"), text("seat"), text("amount"), pl.col("pot").fill_null(0).cast(pl.String),
                         pl.col("run").fill_null(0).cast(pl.String), text("half"), text("source")],
                        separator="\n"))
    seat_part = seat_text.sort("owner", "seat", "t").group_by("owner", maintain_order=True).agg(
        seats=pl.col("t").str.join("\n"))
    payout_part = payout_text.sort("owner", "t").group_by("owner", maintain_order=True).agg(
        payouts=pl.col("t").str.join("\n"))
    whole = (head.join(seat_part, on="owner", how="left", maintain_order="left")
             .join(payout_part, on="owner", how="left", maintain_order="left")
             .select(pl.concat_str([pl.col("head"), pl.col("seats").fill_null(""), pl.col("payouts").fill_null("")],
                                   separator="\n\n")))
    blake2b = hashlib.blake2b
    return pa.array([blake2b(t.encode(), digest_size=12).hexdigest() for t in whole.to_series().to_list()],
                    pa.string())


def _utc(value: str | None) -> datetime | None:
    if not value:
        return None
    return datetime.fromisoformat(value)


# Each child record is read as one tuple, in these columns' order.
_SEAT_COLUMNS = ("seat", "player", "stack", "cards", "upcards", "dealt_in", "folded_street", "showed",
                 "mucked", "all_in", "cashed_out", "contributed", "run_cards")
_ACTION_COLUMNS = ("seq", "street", "seat", "kind", "amount", "all_in", "cards_changed")
_PAYOUT_COLUMNS = ("seat", "amount", "pot", "run", "half", "source", "line")
_seat_row = attrgetter(*_SEAT_COLUMNS)
_action_row = attrgetter(*_ACTION_COLUMNS)
_payout_row = attrgetter(*_PAYOUT_COLUMNS)
_SHARED = ("hand_key", "platform", "hand_date")  # child columns gathered from the hand's row
_HAND_COLUMNS = tuple(c.name for c in HANDS.columns)

for _spec, _own in ((SEATS, _SEAT_COLUMNS), (ACTIONS, _ACTION_COLUMNS), (PAYOUTS, _PAYOUT_COLUMNS)):
    assert {c.name for c in _spec.columns} == set(_own) | set(_SHARED), _spec.name


def _empty_to_none(values: tuple[Any, ...]) -> list[Any]:
    """Empty card lists are stored as null, as they always were."""
    return [v or None for v in values]


def _as_text(values: tuple[Any, ...]) -> list[Any]:
    """Vocabulary values as stored (``str()`` of each, even of a stray None)."""
    return [str(v) for v in values]


class TableBuilder:
    """Rows for the four per-hand tables, filled hand by hand; ``tables()`` makes Arrow."""

    def __init__(self) -> None:
        self.hand_rows: list[tuple[Any, ...]] = []
        self.seat_rows: list[tuple[Any, ...]] = []
        self.action_rows: list[tuple[Any, ...]] = []
        self.payout_rows: list[tuple[Any, ...]] = []
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
            source_file, source_offset, raw_sha256, "", parser_version,  # fingerprint: tables()
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
        seats = _child_table(SEATS, _SEAT_COLUMNS, self.seat_rows, self.seat_hand, hands, {
            "cards": _empty_to_none, "upcards": _empty_to_none, "run_cards": _empty_to_none})
        payouts = _child_table(PAYOUTS, _PAYOUT_COLUMNS, self.payout_rows, self.payout_hand, hands, {
            "half": _as_text, "source": _as_text})
        return {
            "hands": with_fingerprints(hands, seats, pa.array(self.seat_hand, pa.int32()),
                                       payouts, pa.array(self.payout_hand, pa.int32())),
            "seats": seats,
            "actions": _child_table(ACTIONS, _ACTION_COLUMNS, self.action_rows, self.action_hand, hands, {
                "street": _as_text, "kind": _as_text}),
            "payouts": payouts,
        }


def with_fingerprints(hands: pa.Table, seats: pa.Table, seat_owner: pa.Array, payouts: pa.Table,
                      payout_owner: pa.Array) -> pa.Table:
    """``hands`` with its ``content_fingerprint`` column computed from the child tables."""
    index = hands.schema.get_field_index("content_fingerprint")
    digests = content_fingerprints(hands, seats, seat_owner, payouts, payout_owner)
    return hands.set_column(index, hands.schema.field(index), digests)


def _hands_table(rows: list[tuple[Any, ...]]) -> pa.Table:
    schema = HANDS.schema
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(_HAND_COLUMNS)
    arrays = [pa.array(values, schema.field(name).type) for name, values in zip(_HAND_COLUMNS, columns, strict=True)]
    return pa.Table.from_arrays(arrays, schema=schema)


def _child_table(spec: Table, names: tuple[str, ...], rows: list[tuple[Any, ...]], owner: list[int],
                 hands: pa.Table, convert: dict[str, Any]) -> pa.Table:
    schema = spec.schema
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(names)
    by_name: dict[str, pa.Array] = {}
    for name, values in zip(names, columns, strict=True):
        field = schema.field(name)
        if name in convert and (convert[name] is not _as_text or None in values):
            values = convert[name](values)
        by_name[name] = pa.array(values, field.type)
    owners = pa.array(owner, pa.int32())
    for name in _SHARED:
        by_name[name] = hands.column(name).take(owners)
    return pa.Table.from_arrays([by_name[f.name] for f in schema], schema=schema)


def columnar_tables(fast: FastChunk, source_file: str, parser_version: str) -> dict[str, Any]:
    """The tables of the hands a columnar reader read, in the lake's schema.

    Returns the four tables and, for each child table, ``<name>_hand``: the chunk's hand
    number of each row (the frames' ``hand`` column), and ``<name>_owner``: the row of
    ``hands`` it belongs to, both as numpy arrays.
    """
    if fast.arrow is not None:  # the compiled reader's: digests and fingerprints already made
        return compiled_tables(fast, source_file, parser_version)
    import polars as pl

    data, starts = fast.data, fast.starts
    index = fast.hands["hand"].to_list()
    sha256 = hashlib.sha256
    digests = [sha256(data[starts[k]:starts[k + 1]]).hexdigest() for k in index]
    frame = fast.hands.with_columns(
        source_file=pl.lit(source_file), source_offset=pl.Series([starts[k] for k in index], dtype=pl.Int64),
        raw_sha256=pl.Series(digests, dtype=pl.String), content_fingerprint=pl.lit(""),
        parser_version=pl.lit(parser_version))
    raw = frame.to_arrow(compat_level=pl.CompatLevel.oldest())
    board = raw.column("board").combine_chunks().cast(pa.list_(pa.string()))
    present = pc.invert(board.is_null())
    offsets = np.concatenate([[0], np.cumsum(present.to_numpy(zero_copy_only=False), dtype=np.int32)])
    boards = pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), board.filter(present))
    schema = HANDS.schema
    arrays = [boards if f.name == "boards" else raw.column(f.name).cast(f.type) for f in schema]
    hands = pa.Table.from_arrays(arrays, schema=schema)
    out: dict[str, Any] = {}
    numbers = np.asarray(index, np.int64)  # ascending: a child's hand row is a binary search away
    for name, spec, frame in (("seats", SEATS, fast.seats), ("actions", ACTIONS, fast.actions),
                              ("payouts", PAYOUTS, fast.payouts)):
        chunk_hand = frame["hand"].to_numpy().astype(np.int64)
        owner = np.searchsorted(numbers, chunk_hand).astype(np.int32)
        rows = pa.array(owner)
        child = frame.drop("hand").to_arrow(compat_level=pl.CompatLevel.oldest())
        arrays = [hands.column(f.name).take(rows) if f.name in _SHARED else child.column(f.name).cast(f.type)
                  for f in spec.schema]
        out[name] = pa.Table.from_arrays(arrays, schema=spec.schema)
        out[f"{name}_hand"] = chunk_hand
        out[f"{name}_owner"] = owner
    out["hands"] = with_fingerprints(hands, out["seats"], pa.array(out["seats_owner"]),
                                     out["payouts"], pa.array(out["payouts_owner"]))
    return out
