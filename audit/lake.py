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
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from audit.schema import METADATA_KEY, SCHEMA_VERSION, TABLES, Table


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
    """Buffers rows per table and partition; flushes a part file every ``rows_per_part``.

    Memory stays bounded whatever the input size: a 1,000,000-hand input is written as
    a stream of parts.
    """

    def __init__(self, root: Path, rows_per_part: int = 500_000) -> None:
        self.root = Path(root)
        self.run = uuid.uuid4().hex[:12]
        self.rows_per_part = rows_per_part
        self._buffers: dict[tuple[str, str, str], list[pa.Table]] = defaultdict(list)
        self._rows: dict[tuple[str, str, str], int] = defaultdict(int)
        self._seq = 0
        self.written: list[Path] = []

    def add(self, table_name: str, rows: pa.Table) -> None:
        if rows.num_rows == 0:
            return
        spec = TABLES[table_name]
        rows = rows.select([c.name for c in spec.columns]).cast(spec.schema)
        if not spec.partitioned:
            self._buffer((table_name, "", ""), rows)
            return
        platforms = rows.column("platform")
        dates = rows.column("hand_date")
        keys = set(zip(platforms.to_pylist(), dates.to_pylist()))
        if len(keys) == 1:
            (platform, date), = keys
            self._buffer((table_name, platform, date), rows)
            return
        frame = pl.from_arrow(rows)
        for (platform, date), part in frame.group_by(["platform", "hand_date"], maintain_order=True):
            self._buffer((table_name, platform, date), part.to_arrow().cast(spec.schema))

    def _buffer(self, key: tuple[str, str, str], rows: pa.Table) -> None:
        self._buffers[key].append(rows)
        self._rows[key] += rows.num_rows
        if self._rows[key] >= self.rows_per_part:
            self._flush(key)

    def _flush(self, key: tuple[str, str, str]) -> None:
        parts = self._buffers.pop(key, [])
        self._rows.pop(key, None)
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
        write_atomic(table, path)
        self.written.append(path)

    def close(self) -> list[Path]:
        for key in list(self._buffers):
            self._flush(key)
        for name in TABLES:
            (self.root / name).mkdir(parents=True, exist_ok=True)
        return self.written


def table_files(root: Path, table_name: str) -> list[Path]:
    folder = Path(root) / table_name
    if not folder.is_dir():
        return []
    return sorted(folder.rglob("*.parquet"))


def read_table(root: Path, table_name: str, columns: list[str] | None = None) -> pl.DataFrame:
    """One table of the lake as a DataFrame, validated against the declared schema.

    An absent table reads as an empty frame with the declared columns, so downstream code
    never special-cases a lake with, say, no quarantined hands.
    """
    spec: Table = TABLES[table_name]
    files = table_files(root, table_name)
    if not files:
        empty = pl.from_arrow(spec.schema.empty_table())
        return empty.select(columns) if columns else empty
    for f in files[:1]:
        meta = pq.read_schema(f).metadata or {}
        version = meta.get(METADATA_KEY, b"?").decode()
        if version != SCHEMA_VERSION:
            raise LakeError(
                f"{f}: written with schema version {version}, this hhaudit reads {SCHEMA_VERSION}"
            )
    return pl.read_parquet(
        [str(f) for f in files], columns=columns, hive_partitioning=False, schema=None
    )


def scan_table(root: Path, table_name: str) -> pl.LazyFrame:
    files = table_files(root, table_name)
    if not files:
        return pl.from_arrow(TABLES[table_name].schema.empty_table()).lazy()
    return pl.scan_parquet([str(f) for f in files], hive_partitioning=False)
