"""Storing what the workers parsed: the one place ingest writes the lake.

``LakeStore`` takes each chunk's result in file order, gives its rows their file offsets,
drops duplicates (``audit.ingest.duplicates``), counts, and hands the rows to the lake
writer (``audit.lake.LakeWriter``); at the end it writes the files table, merges the
hole cards that other viewers' copies showed into the stored seats (rewriting those data
files in the same commit), and commits the whole ingest at once. The writer holds the
lake's lock from before the duplicate index reads the lake until that commit, so two
ingests into one lake never store a hand twice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.compute as pc

from audit.ingest.counts import FileCounts, IngestSummary
from audit.ingest.duplicates import CardPatches, SeenHands, merge_cards, remember_cards
from audit.ingest.parse import ChunkResult, Oversized, quarantine_row
from audit.lake import (
    LakeWriter,
    PartitionRuns,
    as_declared,
    child_runs,
    committed_parts,
    partition_runs,
    pause_point,
    read_arrow,
    rewrite_parts,
)
from audit.schema import FILES, QUARANTINE, TABLES
from rules.vocab import FileStatus, QuarantineReason

if TYPE_CHECKING:
    import polars as pl

    from audit.pipeline import Batch

#: quarantine rows buffered before they are handed to the writer
QUARANTINE_BATCH = 10_000
_CHILD_TABLES = ("seats", "actions", "payouts")


class KeptTables:
    """The hand tables one ingest wrote, kept in memory for the audit that follows it
    (``hhaudit run``), so that it need not read them back from the lake: an
    ``audit.pipeline.HandTables``.

    They are the lake's hand tables only when the lake held no hand before the ingest
    (other viewers' cards merged into the stored seats are merged into the kept ones
    too); the store gives them up otherwise (``usable`` false), and as soon as they pass
    ``most_hands`` hands, so that memory stays bounded: the audit then reads the lake.
    They stay Arrow tables: a scan converts to polars only the columns and rows its query
    reads (a pyarrow dataset, to which polars hands the query's filters and columns).
    """

    def __init__(self, most_hands: int) -> None:
        self.most_hands = most_hands
        self.usable = True
        self.hands = 0
        self._parts: dict[str, list[pa.Table]] = defaultdict(list)
        self._tables: dict[str, pa.Table] = {}

    def add(self, table_name: str, rows: pa.Table) -> None:
        if not self.usable or rows.num_rows == 0:
            return
        if table_name == "hands":
            self.hands += rows.num_rows
            if self.hands > self.most_hands:
                self.give_up()
                return
        spec = TABLES[table_name]
        rows = rows.select([c.name for c in spec.columns])  # as the lake writer stores them
        self._parts[table_name].append(rows if rows.schema.equals(spec.schema) else rows.cast(spec.schema))

    def change(self, table_name: str, change: Callable[[pa.Table], pa.Table | None]) -> None:
        """Change the kept rows as ``audit.lake.rewrite_parts`` changes the stored ones."""
        self._parts[table_name] = [changed if (changed := change(part)) is not None else part
                                   for part in self._parts.get(table_name, [])]

    def give_up(self) -> None:
        self.usable = False
        self._parts.clear()
        self._tables.clear()

    def _table(self, table_name: str) -> pa.Table:
        if table_name not in self._tables:
            parts = self._parts.pop(table_name, None) or [TABLES[table_name].schema.empty_table()]
            self._tables[table_name] = pa.concat_tables(parts)  # the parts' chunks, not copied
        return self._tables[table_name]

    def partitions(self) -> dict[tuple[str, str], int]:
        counts = self._table("hands").group_by(["platform", "hand_date"]).aggregate([([], "count_all")])
        columns = (counts.column(name).to_pylist() for name in ("platform", "hand_date", "count_all"))
        return {(platform, date): n for platform, date, n in zip(*columns, strict=True)}

    def scan(self, table: str, batch: Batch | None) -> pl.LazyFrame:
        # through a dataset, polars converts only the columns and rows a query reads: the
        # audit reads a few of the actions (dead blinds, uncalled returns) of the hundreds
        # of thousands, and converting them all took a third of its time
        import polars as pl
        import pyarrow.dataset as ds

        frame = as_declared(table, pl.scan_pyarrow_dataset(ds.dataset(self._table(table))))
        return frame if batch is None else frame.filter(batch.where())


class LakeStore:
    """Main-process side of ingest: duplicates, offsets, writing, counts. Chunks arrive
    in order."""

    def __init__(self, lake: Path, summary: IngestSummary, keep: KeptTables | None = None) -> None:
        self.writer = LakeWriter(lake)  # takes the lake's lock before the lake is read
        self.summary = summary
        self.keep = keep
        self._seen: SeenHands | None = None
        try:
            self.known = KnownFiles([]) if self.writer.new_lake else KnownFiles.of_lake(lake)
            if keep is not None and not self.writer.new_lake and committed_parts(lake, "hands"):
                keep.give_up()  # the lake holds more hands than this ingest's
        except BaseException:
            self.writer.abort()
            raise
        self.card_patches: CardPatches = {}
        self.quarantine_rows: list[dict[str, Any]] = []

    @property
    def seen(self) -> SeenHands:
        """The hands stored so far, read from the lake when the first chunk comes (an
        ingest whose files are all skipped never reads them)."""
        if self._seen is None:
            self._seen = SeenHands() if self.writer.new_lake else SeenHands.of_lake(self.writer.root)
        return self._seen

    def add(self, counts: FileCounts, chunk: str | bytes | Oversized, base_bytes: int, result: ChunkResult) -> None:
        """Store one chunk's result; ``base_bytes`` is the chunk's offset in its file."""
        counts.found += result.found
        for row in result.quarantine:
            row["source_offset"] += base_bytes
            self._quarantine(counts, row)
        hands = result.tables["hands"]
        if hands.num_rows == 0:
            return
        if counts.platform is None:
            counts.platform = hands.column("platform")[0].as_py()
        offsets = pc.add(pa.array(result.hand_rel_offsets, pa.int64()), pa.scalar(base_bytes, pa.int64()))
        hands = hands.set_column(hands.schema.get_field_index("source_offset"), "source_offset", offsets)
        screening = self.seen.screen(hands, counts.source_file, offsets)
        pause_point("parse")  # the kill tests' hook (audit.lake)
        if screening.keep is None:
            counts.parsed += hands.num_rows
            runs = partition_runs(hands)
            self._add("hands", hands, runs)
            for name, owner in zip(_CHILD_TABLES, (result.seat_hand, result.action_hand, result.payout_hand),
                                   strict=True):
                self._add(name, result.tables[name], child_runs(runs, owner))
            return
        keys = hands.column("hand_key").to_pylist()
        counts.duplicate += screening.duplicates
        for i in screening.other_views:
            remember_cards(self.card_patches, result.tables["seats"], result.seat_hand, i, keys[i])
        if screening.conflicts:
            assert not isinstance(chunk, Oversized)  # an oversized hand is quarantined whole: it has no rows
            self._quarantine_conflicts(counts, chunk, base_bytes, result, keys, screening.conflicts)
        counts.parsed += sum(screening.keep)
        mask = pa.array(screening.keep)
        self._add("hands", hands.filter(mask))
        for name, owner in zip(_CHILD_TABLES, (result.seat_hand, result.action_hand, result.payout_hand),
                               strict=True):
            child_mask = mask.take(pa.array(owner, pa.int32()))
            self._add(name, result.tables[name].filter(child_mask))

    def _add(self, table_name: str, rows: pa.Table, runs: PartitionRuns | None = None) -> None:
        """Hand rows to the lake writer (with their ``partition_runs``, if known), and to
        the tables kept for the audit, if any."""
        self.writer.add(table_name, rows, runs)
        if self.keep is not None:
            self.keep.add(table_name, rows)

    def _quarantine_conflicts(self, counts: FileCounts, chunk: str | bytes, base_bytes: int, result: ChunkResult,
                              keys: list[str], conflicts: list[tuple[int, str]]) -> None:
        data = chunk if isinstance(chunk, bytes) else chunk.encode(counts.codec)
        for i, prior_where in conflicts:
            raw = data[result.hand_rel_offsets[i]:result.hand_rel_ends[i]]
            self._quarantine(counts, quarantine_row(
                counts.source_file, base_bytes + result.hand_rel_offsets[i], QuarantineReason.CONFLICTING_DUPLICATE,
                f"hand {keys[i]} is already stored from {prior_where} with a different outcome "
                "(players, contributions, boards or payouts differ)",
                raw.decode(counts.codec), keys[i].split(":", 1)[1], counts.format, None))

    def _quarantine(self, counts: FileCounts, row: dict[str, Any]) -> None:
        counts.quarantined += 1
        self.summary.quarantined_by_reason[row["reason"]] += 1
        self.quarantine_rows.append(row)
        if len(self.quarantine_rows) >= QUARANTINE_BATCH:
            self._flush_quarantine()

    def _flush_quarantine(self) -> None:
        if self.quarantine_rows:
            self.writer.add("quarantine", pa.Table.from_pylist(self.quarantine_rows, QUARANTINE.schema))
            self.quarantine_rows = []

    def close(self) -> None:
        """Write what is buffered and the files table, merge other viewers' cards, and
        commit the ingest."""
        self._flush_quarantine()
        self.writer.add("files", pa.Table.from_pylist([f.lake_row() for f in self.summary.files], FILES.schema))
        replaced = {(f.prior["source_file"], f.prior["sha256"]) for f in self.summary.files if f.prior}
        if replaced:  # a file that grew: its row for the first bytes gives way to the whole file's
            self.writer.flush()
            rewrite_parts(self.writer, "files", lambda table: _without_rows(table, replaced))
        if self.card_patches:
            self.writer.flush()
            _apply_card_patches(self.writer, self.card_patches)
            if self.keep is not None:  # the kept seats as the stored ones
                patches = self.card_patches
                self.keep.change("seats", lambda table: _patched(table, patches))
        self._forget_seen()
        self.writer.close()

    def abort(self) -> None:
        """Give the lock back without committing anything (the next writer removes the
        files written)."""
        self._forget_seen()
        self.writer.abort()

    def _forget_seen(self) -> None:
        """The duplicate index's memory and spill file back (it is of no use after the store)."""
        if self._seen is not None:
            self._seen.close()
            self._seen = None


class KnownFiles:
    """The files the lake holds (by name and by size), to skip a file ingested already
    and to read only the new end of one that grew."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.by_name: dict[str, list[dict[str, Any]]] = {}
        self.by_size: dict[int, list[dict[str, Any]]] = {}
        for row in rows:
            if row["status"] == FileStatus.UNREADABLE or not row["sha256"]:
                continue
            self.by_name.setdefault(row["source_file"], []).append(row)
            self.by_size.setdefault(row["size"], []).append(row)

    @classmethod
    def of_lake(cls, lake: Path) -> KnownFiles:
        if not committed_parts(lake, "files"):
            return cls([])
        return cls(read_arrow(lake, "files").to_pylist())

    def candidates(self, name: str, size_hint: int) -> list[dict[str, Any]]:
        """Rows that may hold this file's content or its first bytes."""
        rows = self.by_name.get(name, []) + self.by_size.get(size_hint, [])
        return list({(r["source_file"], r["sha256"]): r for r in rows}.values())


def _without_rows(table: pa.Table, drop: set[tuple[str, str]]) -> pa.Table | None:
    keep = [(f, h) not in drop for f, h in zip(table.column("source_file").to_pylist(),
                                               table.column("sha256").to_pylist(), strict=True)]
    return None if all(keep) else table.filter(pa.array(keep))


def _apply_card_patches(writer: LakeWriter, patches: CardPatches) -> None:
    """Copies of a hand written for different viewers: merge the hole cards each saw,
    into the seats written by this ingest and those committed before (each data file
    rewritten, and the old one removed, in the ingest's commit)."""
    rewrite_parts(writer, "seats", lambda table: _patched(table, patches))


def _patched(table: pa.Table, patches: CardPatches) -> pa.Table | None:
    """``table`` (seats) with the patched hands' cards merged; None if none is in it."""
    hit = pc.is_in(table.column("hand_key"), value_set=pa.array(list(patches)))
    if not pc.any(hit).as_py():
        return None
    hand_keys = table.column("hand_key").to_pylist()
    seats = table.column("seat").to_pylist()
    cards = table.column("cards").to_pylist()
    for i, key in enumerate(hand_keys):
        patch = patches.get(key)
        if patch and seats[i] in patch:
            cards[i] = merge_cards(cards[i], patch[seats[i]])
    idx = table.schema.get_field_index("cards")
    return table.set_column(idx, table.schema.field(idx), pa.array(cards, table.schema.field(idx).type))
