"""Duplicates: a hand stored once however many copies of it ingest meets.

Two copies of a hand (same hand key) are the same hand when their content fingerprints
agree (``audit.tables.content_fingerprints``: what every viewer saw alike); the later one
is then counted as a duplicate, and when its raw text differs (another viewer's copy,
showing other hole cards) the cards it shows are merged into the stored seats. Copies
whose fingerprints differ contradict each other: the later one is quarantined as
``conflicting_duplicate``.

``SeenHands`` remembers every hand key stored so far, the lake's too, compactly: one
dictionary entry per key, the rest in the chunks' Arrow columns.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.ingest.parse import Rows
from audit.lake import read_table, table_files
from audit.schema import FINGERPRINT_KEY, FINGERPRINT_VERSION
from audit.tables import content_fingerprints


@dataclass(frozen=True)
class Screening:
    """What ``SeenHands.screen`` found in a chunk's hands, by their index in it."""

    keep: list[bool] | None  # None: every hand is new (the usual chunk)
    duplicates: int = 0
    other_views: list[int] = field(default_factory=list)  # duplicates whose raw text differs
    conflicts: list[tuple[int, str]] = field(default_factory=list)  # and where the stored copy is


class SeenHands:
    """Every hand key stored so far: the dictionary maps a key to a row number, and what
    a later copy is compared with (fingerprint, the first 64 bits of the raw digest,
    where it was stored) stays in the chunks' Arrow columns."""

    def __init__(self) -> None:
        self.rows: dict[str, int] = {}
        self._starts: list[int] = []
        self._blocks: list[tuple[pa.Array, pa.Array, pa.Array | str, pa.Array]] = []
        self._next = 0

    @classmethod
    def of_lake(cls, lake: Path) -> SeenHands:
        """The hands the lake at ``lake`` already stores (none for a new lake)."""
        seen = cls()
        if not table_files(lake, "hands"):
            return seen
        existing = read_table(lake, "hands", ["hand_key", "content_fingerprint", "raw_sha256",
                                              "source_file", "source_offset"]).to_arrow()
        fingerprints = existing.column("content_fingerprint")
        if _older_fingerprints(lake):
            fingerprints = _recomputed_fingerprints(lake, existing.column("hand_key"))
        start = seen._add_block(fingerprints, existing.column("raw_sha256"),
                                existing.column("source_file"), existing.column("source_offset"))
        seen.rows.update(zip(existing.column("hand_key").to_pylist(), itertools.count(start)))
        return seen

    def screen(self, hands: pa.Table, source_file: str, offsets: pa.Array) -> Screening:
        """Remember a chunk's hands (stored at ``offsets`` of ``source_file``) and say
        which of them to keep: a hand already seen, in the lake, an earlier chunk or
        earlier in this one, is a duplicate or a conflict."""
        keys = hands.column("hand_key").to_pylist()
        n = len(keys)
        fingerprints = hands.column("content_fingerprint")
        start = self._add_block(fingerprints, hands.column("raw_sha256"), source_file, offsets)
        if self.rows.keys().isdisjoint(keys) and len(set(keys)) == n:  # the usual case, at C speed
            self.rows.update(zip(keys, range(start, start + n), strict=True))
            return Screening(None)
        fps = fingerprints.to_pylist()
        raws = pc.utf8_slice_codeunits(hands.column("raw_sha256"), 0, 16).to_pylist()
        keep = [True] * n
        duplicates = 0
        other_views: list[int] = []
        conflicts: list[tuple[int, str]] = []
        for i in range(n):
            prior_row = self.rows.get(keys[i])
            if prior_row is None:
                self.rows[keys[i]] = start + i
                continue
            keep[i] = False
            prior_fp, prior_raw, prior_where = self._prior(prior_row)
            if prior_fp != fps[i]:
                conflicts.append((i, prior_where))
                continue
            duplicates += 1
            if prior_raw != raws[i]:
                other_views.append(i)
        return Screening(keep, duplicates, other_views, conflicts)

    def _add_block(self, fingerprints: pa.Array | pa.ChunkedArray, raw_sha: pa.Array | pa.ChunkedArray,
                   source: pa.Array | pa.ChunkedArray | str, offsets: pa.Array | pa.ChunkedArray) -> int:
        """Keep a chunk's columns; returns the row number of its first hand."""
        start = self._next
        self._starts.append(start)
        self._blocks.append((_combine(fingerprints), _combine(pc.utf8_slice_codeunits(raw_sha, 0, 16)),
                             source if isinstance(source, str) else _combine(source), _combine(offsets)))
        self._next += len(fingerprints)
        return start

    def _prior(self, row: int) -> tuple[str, str, str]:
        """(fingerprint, raw digest prefix, ``file@offset``) of a stored row."""
        block = bisect.bisect_right(self._starts, row) - 1
        fps, raws, source, offsets = self._blocks[block]
        i = row - self._starts[block]
        src = source if isinstance(source, str) else source[i].as_py()
        return fps[i].as_py(), raws[i].as_py(), f"{src}@{offsets[i].as_py()}"


def _combine(values: pa.Array | pa.ChunkedArray) -> pa.Array:
    return values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values


def _older_fingerprints(lake: Path) -> bool:
    """Whether some hands file of the lake holds fingerprints of an older method."""
    return any((pq.read_schema(f).metadata or {}).get(FINGERPRINT_KEY, b"1").decode() != FINGERPRINT_VERSION
               for f in table_files(lake, "hands"))


def _recomputed_fingerprints(lake: Path, keys: pa.ChunkedArray) -> pa.Array:
    """Today's fingerprint of every hand stored in the lake, in the order of ``keys``,
    from its stored seats and payouts: a copy of a hand stored by an older hhaudit is
    then still recognised as a duplicate."""
    hands = read_table(lake, "hands", ["hand_key", "game", "boards", "rake", "fees"]).to_arrow()
    row = {key: i for i, key in enumerate(hands.column("hand_key").to_pylist())}
    seats = read_table(lake, "seats").to_arrow()
    payouts = read_table(lake, "payouts").to_arrow()
    digests = content_fingerprints(
        hands, seats, pa.array([row[k] for k in seats.column("hand_key").to_pylist()], pa.int32()),
        payouts, pa.array([row[k] for k in payouts.column("hand_key").to_pylist()], pa.int32()))
    return digests.take(pa.array([row[k] for k in keys.to_pylist()], pa.int32()))


#: hand key -> seat -> the hole cards another viewer's copy shows (None where unseen)
CardPatches = dict[str, dict[int, list[Any]]]


def remember_cards(patches: CardPatches, seats: pa.Table, seat_hand: Rows,
                   hand_index: int, key: str) -> None:
    """Note the cards that the seats of hand ``hand_index`` of a chunk (rows of ``seats``
    it owns, by ``seat_hand``) show, to merge into the stored copy of hand ``key``."""
    cards = seats.column("cards").to_pylist()
    numbers = seats.column("seat").to_pylist()
    for row, owner in enumerate(seat_hand):
        if owner == hand_index and cards[row] and any(c is not None for c in cards[row]):
            patches.setdefault(key, {})[numbers[row]] = cards[row]


def merge_cards(stored: list[Any] | None, other: list[Any]) -> list[Any]:
    """The stored hole cards with each unseen one filled in from another viewer's copy.

    >>> merge_cards(["Ah", None], [None, "Kd"])
    ['Ah', 'Kd']
    >>> merge_cards(None, ["2c", "3c"])
    ['2c', '3c']
    """
    if not stored:
        return other
    merged = list(stored)
    for i, c in enumerate(other[: len(merged)]):
        if merged[i] is None and c is not None:
            merged[i] = c
    return merged
