"""Parsing one chunk: what each worker does, in a thread, a process or here.

``parse_chunk`` turns a chunk of a file into the lake's tables and quarantine rows; it
never raises for a bad hand. A format with a columnar reader (PokerStars) reads the
chunk in columns first and hands back what it does not read exactly; those hands, and
every hand of other formats, are parsed one at a time by the format's parser
(``parse_text_chunk``, the reference).
"""

from __future__ import annotations

import gc
import hashlib
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from audit.tables import TableBuilder, columnar_tables
from parsers.base import Parser
from parsers.registry import columnar_reader
from rules.records import HandParseError
from rules.vocab import QuarantineReason

if TYPE_CHECKING:  # polars, loaded by the columnar reader when a chunk needs it
    from parsers.pokerstars_fast import FastChunk

#: row numbers: a list from the one-hand-at-a-time path, an array from the columnar one
Rows = Sequence[int] | npt.NDArray[np.int64]


@dataclass
class ChunkResult:
    """What a worker returns for one chunk of one file.

    Child rows point at their hand's row of ``tables["hands"]`` through ``seat_hand``,
    ``action_hand`` and ``payout_hand``; stored hands are in the order they stand in
    the chunk.
    """

    tables: dict[str, pa.Table]
    seat_hand: Rows
    action_hand: Rows
    payout_hand: Rows
    hand_rel_offsets: Sequence[int]  # byte offset of each stored hand within the chunk
    hand_rel_ends: Sequence[int]  # and of the byte just after it
    quarantine: list[dict[str, Any]]  # source_offset relative to the chunk
    found: int
    chunk_bytes: int


def parser_version(parser: Parser) -> str:
    """What the lake records as ``parser_version``: ``<format>:<version>``."""
    return f"{parser.format}:{getattr(parser, 'version', '1')}"


def parse_chunk(parser: Parser, chunk: str | bytes, codec: str, source_file: str) -> ChunkResult:
    """Split and parse one chunk. Never raises for a bad hand: it is quarantined.

    ``chunk`` is text, or for a format with a columnar reader (``parsers.registry.
    columnar_reader``: PokerStars) the UTF-8 bytes of a large file cut at its ``cut``. That reader
    reads the chunk in columns first and hands back what it does not read exactly; those
    hands, and every hand of other parsers, are parsed one at a time.

    The cyclic garbage collector is paused meanwhile: a chunk makes hundreds of thousands
    of short-lived records and no cycles worth collecting, and the collector's repeated
    scans of the growing row lists would cost about a third of the time.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        columnar = columnar_reader(parser.format)
        if columnar is not None and codec == "utf-8":
            fast = _read_in_columns(columnar.read, chunk)
            if fast is not None:
                return _merge_columnar(parser, fast, source_file)
        text = chunk.decode(codec) if isinstance(chunk, bytes) else chunk
        return parse_text_chunk(parser, text, codec, source_file)
    finally:
        if collecting:
            gc.enable()


def _read_in_columns(read: Callable[[str | bytes], FastChunk | None], chunk: str | bytes) -> FastChunk | None:
    """The columnar reader's result, or None when it fails: it is an accelerator of the
    reference parser, which then reads the whole chunk (and quarantines what is broken),
    so a fault of the fast path can cost speed but never a hand."""
    try:
        return read(chunk)
    except Exception:
        return None


class _HandSink:
    """Parses hands one at a time into a ``TableBuilder``, or into quarantine rows."""

    def __init__(self, parser: Parser, source_file: str) -> None:
        self.parser = parser
        self.source_file = source_file
        self.format_name = str(parser.format)
        self.version = parser_version(parser)
        self.builder = TableBuilder()
        self.quarantine: list[dict[str, Any]] = []

    def parse(self, hand_text: str, raw: bytes, byte_offset: int) -> bool:
        """True when the hand was stored, False when it was quarantined."""
        try:
            hand = self.parser.parse(hand_text)
        except HandParseError as exc:
            self._quarantine(byte_offset, exc.reason, exc.message, hand_text, exc.hand_id)
            return False
        except Exception as exc:  # a parser bug must not lose the hand or stop the run
            where = traceback.extract_tb(exc.__traceback__)[-1]
            message = (f"parser error {type(exc).__name__}: {exc} "
                       f"(at {Path(where.filename).name}:{where.lineno})")
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR, message, hand_text, None)
            return False
        try:
            self.builder.add(hand, source_file=self.source_file, source_offset=byte_offset,
                             raw_sha256=hashlib.sha256(raw).hexdigest(), parser_version=self.version)
        except Exception as exc:
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR,
                             f"record error {type(exc).__name__}: {exc}", hand_text, hand.hand_id)
            return False
        return True

    def _quarantine(self, offset: int, reason: str, message: str, hand_text: str, hand_id: str | None) -> None:
        self.quarantine.append(quarantine_row(self.source_file, offset, reason, message, hand_text, hand_id,
                                               self.format_name, self.version))


def parse_text_chunk(parser: Parser, text: str, codec: str, source_file: str) -> ChunkResult:
    """The reference path: ``parser.split`` the text, then each hand through
    ``parser.parse``, with byte offsets counted in ``codec``."""
    sink = _HandSink(parser, source_file)
    rel_offsets: list[int] = []
    rel_ends: list[int] = []
    found = 0
    byte_pos = 0
    char_pos = 0
    for char_offset, hand_text in parser.split(text):
        found += 1
        byte_pos += len(text[char_pos:char_offset].encode(codec))
        raw = hand_text.encode(codec)
        hand_byte_offset = byte_pos
        byte_pos += len(raw)
        char_pos = char_offset + len(hand_text)
        if sink.parse(hand_text, raw, hand_byte_offset):
            rel_offsets.append(hand_byte_offset)
            rel_ends.append(byte_pos)
    byte_pos += len(text[char_pos:].encode(codec))
    builder = sink.builder
    return ChunkResult(builder.tables(), builder.seat_hand, builder.action_hand, builder.payout_hand,
                       rel_offsets, rel_ends, sink.quarantine, found, byte_pos)


def _merge_columnar(parser: Parser, fast: FastChunk, source_file: str) -> ChunkResult:
    """The hands the columnar reader read, and the others parsed one at a time, as one
    chunk's tables in the order the hands stand in the chunk."""
    data, starts = fast.data, fast.starts
    sink = _HandSink(parser, source_file)
    slow_index: list[int] = []  # chunk hand number of each hand the sink stored
    for k, done in enumerate(fast.handled):
        if not done:
            raw = data[starts[k]:starts[k + 1]]
            if sink.parse(raw.decode("utf-8"), raw, starts[k]):
                slow_index.append(k)
    fast_index = fast.hands["hand"].to_numpy().astype(np.int64)
    quick = columnar_tables(fast, source_file, sink.version)
    if not slow_index:  # the usual chunk: every hand read in columns, already in order
        stored = fast_index.tolist()
        return ChunkResult({name: quick[name] for name in ("hands", "seats", "actions", "payouts")},
                           quick["seats_owner"], quick["actions_owner"], quick["payouts_owner"],
                           [starts[k] for k in stored],
                           [starts[k + 1] for k in stored], sink.quarantine, len(fast.handled), len(data))
    slow = sink.builder.tables()
    every = np.concatenate([fast_index, np.asarray(slow_index, np.int64)])
    order = np.argsort(every, kind="stable")
    hands = pa.concat_tables([quick["hands"], slow["hands"]]).take(order)
    position = np.zeros(len(fast.handled), np.int64)
    position[every[order]] = np.arange(len(order))
    owners: dict[str, npt.NDArray[np.int64]] = {}
    tables: dict[str, pa.Table] = {"hands": hands}
    slow_owner = {"seats": sink.builder.seat_hand, "actions": sink.builder.action_hand,
                  "payouts": sink.builder.payout_hand}
    slow_at = np.asarray(slow_index, np.int64)
    for name in ("seats", "actions", "payouts"):
        chunk_hand = np.concatenate([quick[f"{name}_hand"], slow_at[np.asarray(slow_owner[name], np.int64)]])
        child_order = np.argsort(chunk_hand, kind="stable")
        tables[name] = pa.concat_tables([quick[name], slow[name]]).take(child_order)
        owners[name] = position[chunk_hand[child_order]]
    stored = every[order]
    return ChunkResult(tables, owners["seats"], owners["actions"], owners["payouts"],
                       [starts[k] for k in stored], [starts[k + 1] for k in stored], sink.quarantine,
                       len(fast.handled), len(data))


def quarantine_row(source_file: str, offset: int, reason: str, message: str, raw_text: str,
                   hand_id: str | None, format_name: str | None, version: str | None) -> dict[str, Any]:
    """One row of the quarantine table."""
    return {
        "source_file": source_file, "source_offset": offset, "reason": str(reason),
        "message": message, "raw_text": raw_text, "hand_id": hand_id, "format": format_name,
        "parser_version": version,
    }
