"""Duplicates: a hand stored once however many copies of it ingest meets.

Two copies of a hand (same hand key) are the same hand when their content fingerprints
agree (``audit.tables.content_fingerprints``: what every viewer saw alike); the later one
is then counted as a duplicate, and when its raw text differs (another viewer's copy,
showing other hole cards) the cards it shows are merged into the stored seats. Copies
whose fingerprints differ contradict each other: the later one is quarantined as
``conflicting_duplicate``.

``SeenHands`` remembers every hand key stored so far, the lake's too, in memory bounded
to 12 bytes a hand: a 64-bit hash of each key and the row it names, in sorted numpy runs.
What a later copy is compared with (the key itself, fingerprint, raw digest, where it was
stored) stays on disk: in the lake's own data files for the hands it held, in an
anonymous temporary file for those of this ingest (``audit.memory.Spill``). A hash met
again is confirmed against the stored key, so two keys sharing a hash are still told
apart exactly.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.ingest.parse import Rows
from audit.lake import read_table, table_files
from audit.memory import Spill
from audit.schema import FINGERPRINT_KEY, FINGERPRINT_VERSION
from audit.tables import content_fingerprints

#: the columns a stored copy is compared by (``raw_sha256`` cut to its first 16 hex digits)
_DETAIL = ["hand_key", "content_fingerprint", "raw_sha256", "source_file", "source_offset"]
#: runs of the hash index are merged up to this many entries (the merge's copy stays small)
MERGED_RUN_MOST = 1 << 22


@dataclass(frozen=True)
class Screening:
    """What ``SeenHands.screen`` found in a chunk's hands, by their index in it."""

    keep: list[bool] | None  # None: every hand is new (the usual chunk)
    duplicates: int = 0
    other_views: list[int] = field(default_factory=list)  # duplicates whose raw text differs
    conflicts: list[tuple[int, str]] = field(default_factory=list)  # and where the stored copy is


def key_hash(keys: list[str]) -> np.ndarray:
    """A 64-bit hash of each key (Python's string hash: the index lives one process)."""
    return np.fromiter(map(hash, keys), np.int64, len(keys))


class HashIndex:
    """Rows by the hash of their key: sorted runs of (hash, row), merged two by two as a
    binary counter merges, so that adding stays cheap and a look-up searches a few runs."""

    def __init__(self) -> None:
        self._runs: list[tuple[np.ndarray, np.ndarray]] = []

    def __len__(self) -> int:
        return sum(self.run_sizes())

    def run_sizes(self) -> list[int]:
        return [len(hashes) for hashes, _ in self._runs]

    def add(self, hashes: np.ndarray, rows: np.ndarray) -> None:
        order = np.argsort(hashes, kind="stable")
        self._runs.append((hashes[order], rows[order].astype(np.uint32)))
        while len(self._runs) > 1 and len(self._runs[-2][0]) <= 2 * len(self._runs[-1][0]) \
                and len(self._runs[-2][0]) + len(self._runs[-1][0]) <= MERGED_RUN_MOST:
            (h2, r2), (h1, r1) = self._runs.pop(), self._runs.pop()
            hashes, rows = np.concatenate([h1, h2]), np.concatenate([r1, r2])
            order = np.argsort(hashes, kind="stable")
            self._runs.append((hashes[order], rows[order]))

    def matches(self, hashes: np.ndarray) -> list[tuple[int, int]]:
        """(index in ``hashes``, row) for every stored row whose hash is one of them."""
        found: list[tuple[int, int]] = []
        for run, rows in self._runs:
            lo, hi = np.searchsorted(run, hashes, "left"), np.searchsorted(run, hashes, "right")
            for i in np.flatnonzero(hi > lo).tolist():
                found.extend((i, int(r)) for r in rows[lo[i]:hi[i]].tolist())
        return found


@dataclass(frozen=True)
class _Block:
    """Where the stored details of rows ``start``.. are: a lake data file (``path``), or
    the spilled table ``spilled``, of hands of ``source`` (None: the column says)."""

    start: int
    path: Path | None = None
    spilled: int = 0
    source: str | None = None


class SeenHands:
    """Every hand key stored so far: its hash in memory (``HashIndex``), what a later copy
    is compared with on disk, read back only when a hash is met again."""

    def __init__(self, hash_keys: Callable[[list[str]], np.ndarray] = key_hash) -> None:
        self.hash_keys = hash_keys
        self.index = HashIndex()
        self._blocks: list[_Block] = []
        self._starts: list[int] = []
        self._next = 0
        self._spill = Spill()

    @classmethod
    def of_lake(cls, lake: Path, hash_keys: Callable[[list[str]], np.ndarray] = key_hash) -> SeenHands:
        """The hands the lake at ``lake`` already stores (none for a new lake)."""
        seen = cls(hash_keys)
        files = table_files(lake, "hands")
        if not files:
            return seen
        if _older_fingerprints(lake):
            seen._add_recomputed(lake)
            return seen
        for path in files:
            keys = pq.read_table(path, columns=["hand_key"]).column("hand_key").to_pylist()
            start = seen._add_block(_Block(seen._next, path=path), len(keys))
            seen.index.add(seen.hash_keys(keys), np.arange(start, start + len(keys)))
        return seen

    def _add_recomputed(self, lake: Path) -> None:
        """The lake's hands with today's fingerprints recomputed, spilled as one block."""
        existing = read_table(lake, "hands", _DETAIL).to_arrow()
        fingerprints = _recomputed_fingerprints(lake, existing.column("hand_key"))
        at = existing.schema.get_field_index("content_fingerprint")
        details = existing.set_column(at, "content_fingerprint", fingerprints)
        keys = details.column("hand_key").to_pylist()
        start = self._spill_block(details, None)
        self.index.add(self.hash_keys(keys), np.arange(start, start + len(keys)))

    def screen(self, hands: pa.Table, source_file: str, offsets: pa.Array) -> Screening:
        """Remember a chunk's hands (stored at ``offsets`` of ``source_file``) and say
        which of them to keep: a hand already seen, in the lake, an earlier chunk or
        earlier in this one, is a duplicate or a conflict."""
        keys = hands.column("hand_key").to_pylist()
        n = len(keys)
        hashes = self.hash_keys(keys)
        details = pa.table({"hand_key": hands.column("hand_key"),
                            "content_fingerprint": hands.column("content_fingerprint"),
                            "raw_sha256": hands.column("raw_sha256"), "source_offset": offsets})
        matches = self.index.matches(hashes)
        if not matches and len(np.unique(hashes)) == n:  # the usual case, at C speed
            start = self._spill_block(details, source_file)
            self.index.add(hashes, np.arange(start, start + n))
            return Screening(None)
        stored = self._stored(keys, matches)
        fps = hands.column("content_fingerprint").to_pylist()
        raws = pc.utf8_slice_codeunits(hands.column("raw_sha256"), 0, 16).to_pylist()
        keep = [True] * n
        duplicates = 0
        other_views: list[int] = []
        conflicts: list[tuple[int, str]] = []
        first_here: dict[str, int] = {}
        for i, key in enumerate(keys):
            prior = stored.get(key)
            if prior is None and key in first_here:
                j = first_here[key]
                prior = fps[j], raws[j], f"{source_file}@{offsets[j].as_py()}"
            if prior is None:
                first_here[key] = i
                continue
            keep[i] = False
            prior_fp, prior_raw, prior_where = prior
            if prior_fp != fps[i]:
                conflicts.append((i, prior_where))
                continue
            duplicates += 1
            if prior_raw != raws[i]:
                other_views.append(i)
        start = self._spill_block(details, source_file)
        kept = np.flatnonzero(keep)
        self.index.add(hashes[kept], kept + start)
        return Screening(keep, duplicates, other_views, conflicts)

    def _stored(self, keys: list[str], matches: Iterable[tuple[int, int]]) -> dict[str, tuple[str, str, str]]:
        """(fingerprint, raw digest prefix, ``file@offset``) of the stored copy of each
        key whose hash matched a stored row, compared exactly by key."""
        by_block: dict[int, list[tuple[int, int]]] = {}
        for i, row in matches:
            by_block.setdefault(bisect.bisect_right(self._starts, row) - 1, []).append((i, row))
        stored: dict[str, tuple[str, str, str]] = {}
        for b, pairs in by_block.items():
            block = self._blocks[b]
            table = self._details(block)
            for i, row in pairs:
                r = row - block.start
                if table["hand_key"][r] == keys[i]:
                    src = block.source if block.source is not None else table["source_file"][r]
                    stored[keys[i]] = (table["content_fingerprint"][r], table["raw_sha256"][r][:16],
                                       f"{src}@{table['source_offset'][r]}")
        return stored

    def _details(self, block: _Block) -> dict[str, list[Any]]:
        if block.path is not None:
            table = pq.read_table(block.path, columns=_DETAIL)
        else:
            table = self._spill.get(block.spilled)
        return {name: table.column(name).to_pylist() for name in table.column_names}

    def _spill_block(self, details: pa.Table, source: str | None) -> int:
        """Write a block's details to the spill file; returns the row of its first hand."""
        block = _Block(self._next, spilled=self._spill.put(details), source=source)
        return self._add_block(block, details.num_rows)

    def _add_block(self, block: _Block, rows: int) -> int:
        self._starts.append(block.start)
        self._blocks.append(block)
        self._next += rows
        return block.start

    def close(self) -> None:
        self._spill.close()


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
