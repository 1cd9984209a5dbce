"""The only code that reads and writes the Parquet lake.

Layout: ``<lake>/<table>/platform=<p>/date=<YYYY-MM-DD>/part-<run>-<n>.parquet`` for the
per-hand tables and ``<lake>/<table>/part-<run>-<n>.parquet`` for ``files`` and
``quarantine``. Every file also carries ``platform`` and ``hand_date`` as columns, so a
plain glob read keeps them (read with hive partitioning off).

Writes are atomic: each part is written under a temporary name that does not end in
``.parquet`` and renamed into place, so a reader never sees half a file and a crashed
run leaves only ``*.tmp`` files, which readers ignore.
"""

from __future__ import annotations

import os
import uuid
from collections import defaultdict, deque
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.schema import METADATA_KEY, SCHEMA_VERSION, TABLES, Table

if TYPE_CHECKING:  # polars costs ~0.1 s to import: only the readers need it
    import polars as pl


class LakeError(RuntimeError):
    pass


def write_atomic(table: pa.Table, path: Path) -> None:
    """Write ``table`` to ``path`` via a temporary name in the same folder, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write_part(table: pa.Table, path: Path) -> None:
    write_atomic(table, path)
    del table
    pa.default_memory_pool().release_unused()  # give the written rows back to the system


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; renamed onto ``path`` on success."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _safe(value: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in value)


class LakeWriter:
    """Buffers rows per table and partition and writes them as part files.

    Memory stays bounded whatever the input size: a 1,000,000-hand input is written as
    a stream of parts. A partition's buffer is written when it reaches
    ``rows_per_part`` rows, when no rows came for it in the last ``idle_adds`` calls of
    ``add`` (histories run in time order, so an old date is finished), and the biggest
    buffers go out whenever all of them together pass ``max_buffered_bytes``.

    Parts are written by one background thread (Parquet encoding releases the GIL), so
    that parsing goes on meanwhile; at most two parts wait for it, which bounds memory.
    ``close`` waits for every write and raises the first error.
    """

    def __init__(self, root: Path, rows_per_part: int = 500_000, *, idle_adds: int = 24,
                 max_buffered_bytes: int = 32 * 2**20) -> None:
        self.root = Path(root)
        self.run = uuid.uuid4().hex[:12]
        self.rows_per_part = rows_per_part
        self.idle_adds = idle_adds
        self.max_buffered_bytes = max_buffered_bytes
        self._buffers: dict[tuple[str, str, str], list[pa.Table]] = defaultdict(list)
        self._rows: dict[tuple[str, str, str], int] = defaultdict(int)
        self._bytes: dict[tuple[str, str, str], int] = defaultdict(int)
        self._last_add: dict[tuple[str, str, str], int] = {}
        self._adds = 0
        self._seq = 0
        self._written: list[Path] = []
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="lake-writer")
        self._writes: deque[Future] = deque()

    def add(self, table_name: str, rows: pa.Table) -> None:
        if rows.num_rows == 0:
            return
        self._adds += 1
        spec = TABLES[table_name]
        rows = rows.select([c.name for c in spec.columns])
        if not rows.schema.equals(spec.schema):
            rows = rows.cast(spec.schema)
        if not spec.partitioned:
            self._buffer((table_name, "", ""), rows)
        else:
            for (platform, date), part in _partitions(rows):
                self._buffer((table_name, platform, date), part)
        self._flush_idle()

    def _buffer(self, key: tuple[str, str, str], rows: pa.Table) -> None:
        self._buffers[key].append(rows)
        self._rows[key] += rows.num_rows
        self._bytes[key] += rows.nbytes
        self._last_add[key] = self._adds
        if self._rows[key] >= self.rows_per_part:
            self._flush(key)

    def _flush_idle(self) -> None:
        idle = [k for k, last in self._last_add.items() if self._adds - last > self.idle_adds]
        for key in idle:
            self._flush(key)
        total = sum(self._bytes.values())
        if total > self.max_buffered_bytes:
            for key in sorted(self._bytes, key=self._bytes.__getitem__, reverse=True):
                total -= self._bytes[key]
                self._flush(key)
                if total <= self.max_buffered_bytes // 2:
                    break

    def _flush(self, key: tuple[str, str, str]) -> None:
        parts = self._buffers.pop(key, [])
        self._rows.pop(key, None)
        self._bytes.pop(key, None)
        self._last_add.pop(key, None)
        if not parts:
            return
        table_name, platform, date = key
        spec = TABLES[table_name]
        table = pa.concat_tables(parts).replace_schema_metadata(spec.schema.metadata)
        folder = self.root / table_name
        if spec.partitioned:
            folder = folder / f"platform={_safe(platform)}" / f"date={_safe(date)}"
        self._seq += 1
        path = folder / f"part-{self.run}-{self._seq:05d}.parquet"
        self._wait(until=1)
        self._writes.append(self._writer.submit(_write_part, table, path))
        self._written.append(path)

    @property
    def written(self) -> list[Path]:
        """The part files written so far (once those still being written are done)."""
        self._wait()
        return list(self._written)

    def _wait(self, until: int = 0) -> None:
        """Wait until at most ``until`` writes are pending. If one failed, wait for all of
        them (each cleans up its own temporary file) and raise the first error."""
        while len(self._writes) > until:
            try:
                self._writes.popleft().result()
            except BaseException:
                for later in self._writes:
                    later.exception()
                self._writes.clear()
                raise

    def close(self) -> list[Path]:
        try:
            for key in list(self._buffers):
                self._flush(key)
            self._wait()
        finally:
            self._writer.shutdown()
        pa.default_memory_pool().release_unused()  # give the written rows back to the system
        for name in TABLES:
            (self.root / name).mkdir(parents=True, exist_ok=True)
        return self.written


def _partitions(rows: pa.Table) -> list[tuple[tuple[str, str], pa.Table]]:
    """``rows`` split by (platform, hand_date): groups in order of first appearance, rows
    in their order within each group.

    Hands come in time order, so a partition is a few runs of consecutive rows: the runs
    are found by comparing each row with the next in Arrow, and a group is its runs'
    zero-copy slices. (No Python value is handed to Arrow compute here: converting one
    makes pyarrow retry importing the absent ``dateutil`` each time, which costs
    milliseconds.)
    """
    n = rows.num_rows
    platforms = rows.column("platform").combine_chunks()
    dates = rows.column("hand_date").combine_chunks()
    if n > 1:
        changed = pc.or_(pc.not_equal(platforms.slice(1), platforms.slice(0, n - 1)),
                         pc.not_equal(dates.slice(1), dates.slice(0, n - 1)))
        starts = [0] + [i + 1 for i in pc.indices_nonzero(changed).to_pylist()]
    else:
        starts = [0]
    if len(starts) == 1:
        return [((platforms[0].as_py(), dates[0].as_py()), rows)]
    groups: dict[tuple[str, str], list[pa.Table]] = {}
    for start, end in zip(starts, starts[1:] + [n]):
        key = (platforms[start].as_py(), dates[start].as_py())
        groups.setdefault(key, []).append(rows.slice(start, end - start))
    return [(key, parts[0] if len(parts) == 1 else pa.concat_tables(parts)) for key, parts in groups.items()]


def table_files(root: Path, table_name: str, platforms: Iterable[str] | None = None) -> list[Path]:
    """The part files of a table; of the partitions of ``platforms`` only, if given."""
    folder = Path(root) / table_name
    if not folder.is_dir():
        return []
    if platforms is None or not TABLES[table_name].partitioned:
        return sorted(folder.rglob("*.parquet"))
    return sorted(f for p in sorted(set(platforms)) for f in (folder / f"platform={_safe(p)}").rglob("*.parquet"))


def check_version(files: list[Path]) -> None:
    """LakeError unless the first of ``files`` was written with this schema version."""
    for f in files[:1]:
        meta = pq.read_schema(f).metadata or {}
        version = meta.get(METADATA_KEY, b"?").decode()
        if version != SCHEMA_VERSION:
            raise LakeError(
                f"{f}: written with schema version {version}, this hhaudit reads {SCHEMA_VERSION}"
            )


def read_table(root: Path, table_name: str, columns: list[str] | None = None) -> pl.DataFrame:
    """One table of the lake as a DataFrame, validated against the declared schema.

    An absent table reads as an empty frame with the declared columns, so downstream code
    never special-cases a lake with, say, no quarantined hands.
    """
    import polars as pl

    spec: Table = TABLES[table_name]
    files = table_files(root, table_name)
    if not files:
        empty = pl.from_arrow(spec.schema.empty_table())
        return empty.select(columns) if columns else empty
    check_version(files)
    # A lake written before a column was added (same schema version: contracts.md lets
    # columns be added freely) reads with that column null.
    schema = pl.from_arrow(spec.schema.empty_table()).schema
    frame = pl.scan_parquet([str(f) for f in files], hive_partitioning=False, schema=schema,
                            missing_columns="insert")
    return (frame.select(columns) if columns else frame).collect()


def scan_table(root: Path, table_name: str, platforms: Iterable[str] | None = None) -> pl.LazyFrame:
    """A table of the lake as a LazyFrame (of the partitions of ``platforms`` only, if given)."""
    import polars as pl

    files = table_files(root, table_name, platforms)
    if not files:
        return pl.from_arrow(TABLES[table_name].schema.empty_table()).lazy()
    schema = pl.from_arrow(TABLES[table_name].schema.empty_table()).schema
    return pl.scan_parquet([str(f) for f in files], hive_partitioning=False, schema=schema,
                           missing_columns="insert")
