"""The only code that reads and writes the lake: six Delta Lake tables (``deltalake``).

Layout: ``<lake>/<table>/`` is a Delta table (``_delta_log/`` and Parquet data files);
the per-hand tables are partitioned by ``platform`` and ``hand_date``
(``<table>/platform=<p>/hand_date=<YYYY-MM-DD>/part-<run>-<n>.parquet``), ``files`` and
``quarantine`` are not. Any Delta reader reads them (polars ``read_delta``, DuckDB's
``delta_scan``, Spark); partition columns live in the table's log, as Delta stores them.

A lake-wide commit: one ingest changes up to six tables, each its own Delta commit, so
``<lake>/_hhaudit/lake.json`` names the table versions of the last complete ingest, and
hhaudit's readers read exactly those versions (time travel). An ingest writes its data
files (invisible to every reader until committed), commits each table, then replaces
``lake.json`` in one rename: a reader sees the lake before or after it, never half. A
process killed at any moment leaves data files no version references, or table commits
past ``lake.json``; the next writer (``locked``) removes those commits from the logs and
the files with them (a Delta vacuum that keeps every version), as ``hhaudit lake vacuum``
does. Writers hold ``<lake>/_hhaudit/lock`` (``fcntl.flock``) from reading what the lake
holds to their commit, so two ingests into one lake run one after the other and never
store a hand twice.

Test hook: ``HHAUDIT_TEST_PAUSE=<point>:<seconds>`` sleeps at a named point of a write
(``parse``: after the first chunk's hands were stored; ``parts``: after the first data
file; ``commit``: between two tables' commits;
``state``: before ``lake.json`` is replaced), so that a test can kill the process there;
it first creates the file ``HHAUDIT_TEST_PAUSED`` names, if set, to say it is there.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import threading
import time
import uuid
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.atomic import atomic_output
from audit.schema import SCHEMA_VERSION, TABLES, Table

if TYPE_CHECKING:  # polars costs ~0.1 s to import: only the readers need it
    import polars as pl

META_FOLDER = "_hhaudit"
STATE_FILE = "lake.json"
LOCK_FILE = "lock"
PARTITION_BY = ["platform", "hand_date"]
#: the table property that says which hhaudit schema version wrote a table
VERSION_PROPERTY = "hhaudit.schema_version"
PAUSE_VARIABLE = "HHAUDIT_TEST_PAUSE"
PAUSED_VARIABLE = "HHAUDIT_TEST_PAUSED"


class LakeError(RuntimeError):
    pass


def pause_point(point: str) -> None:
    """The kill tests' hook (module docstring); does nothing unless the variable names ``point``."""
    wanted = os.environ.get(PAUSE_VARIABLE, "")
    name, _, seconds = wanted.partition(":")
    if name == point:
        flag = os.environ.get(PAUSED_VARIABLE)
        if flag:
            Path(flag).touch()
        time.sleep(float(seconds or 30))


# --- small atomic files -------------------------------------------------------------

def write_atomic(table: pa.Table, path: Path) -> None:
    """Write ``table`` to ``path`` via a temporary name in the same folder, then rename."""
    with atomic_path(path) as tmp:
        pq.write_table(table, tmp, compression="zstd")


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """``audit.atomic.atomic_output``, its folder made first (the lake's own folders)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_output(path) as tmp:
        yield tmp


# --- the lake's state and lock -----------------------------------------------------

def table_path(root: Path, name: str) -> Path:
    return Path(root) / name


def _log_versions(table: Path) -> list[int]:
    log = table / "_delta_log"
    if not log.is_dir():
        return []
    return sorted(int(p.name[:20]) for p in log.iterdir() if p.name.endswith(".json") and p.name[:20].isdigit())


def committed_versions(root: Path) -> dict[str, int] | None:
    """The table versions of the lake's last complete commit (None: no hhaudit commit)."""
    path = Path(root) / META_FOLDER / STATE_FILE
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return {str(k): int(v) for k, v in state["tables"].items()}


def _write_state(root: Path, versions: Mapping[str, int]) -> None:
    path = Path(root) / META_FOLDER / STATE_FILE
    with atomic_path(path) as tmp:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"schema_version": SCHEMA_VERSION, "tables": dict(sorted(versions.items()))}, f, indent=1)
            f.flush()
            os.fsync(f.fileno())


#: (thread, lake) -> (lock file descriptor, nesting depth); another thread of the process
#: opens its own descriptor, which flock makes wait like another process
_HELD: dict[tuple[int, str], tuple[int, int]] = {}


@contextmanager
def locked(root: Path) -> Iterator[None]:
    """Hold the lake's writer lock (re-entrant in one process). On taking it, undo what a
    writer that died left (``recover``)."""
    root = Path(root)
    key = (threading.get_ident(), str(root.resolve()))
    if key in _HELD:
        fd, depth = _HELD[key]
        _HELD[key] = (fd, depth + 1)
        try:
            yield
        finally:
            fd, depth = _HELD[key]
            _HELD[key] = (fd, depth - 1)
        return
    (root / META_FOLDER).mkdir(parents=True, exist_ok=True)
    fd = os.open(root / META_FOLDER / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        _HELD[key] = (fd, 1)
        recover(root)
        yield
    finally:
        _HELD.pop(key, None)
        os.close(fd)  # closing the descriptor releases the lock


def _pending(root: Path) -> list[Path]:
    folder = Path(root) / META_FOLDER
    return sorted(folder.glob("pending-*")) if folder.is_dir() else []


def recover(root: Path) -> bool:
    """Under the lock: take back the commits past ``lake.json`` and delete the files no
    committed version references. Returns whether there was anything to undo."""
    root = Path(root)
    versions = committed_versions(root)
    pending = _pending(root)
    dirty = bool(pending)
    for name in TABLES:
        table = table_path(root, name)
        present = _log_versions(table)
        if not present:
            continue
        keep = versions.get(name, -1) if versions is not None else present[-1]
        if present[-1] > keep:
            _truncate_log(table, keep)
            dirty = True
    if dirty:
        _vacuum_orphans(root)
        for marker in pending:
            marker.unlink(missing_ok=True)
    return dirty


def _truncate_log(table: Path, keep: int) -> None:
    """Remove the commits after version ``keep`` from a table's log (all of it when -1)."""
    log = table / "_delta_log"
    for p in log.iterdir():
        if p.name[:20].isdigit() and int(p.name[:20]) > keep:
            p.unlink()
    last = log / "_last_checkpoint"
    if last.exists():
        try:
            if int(json.loads(last.read_text())["version"]) > keep:
                last.unlink()
        except (ValueError, KeyError):
            last.unlink()
    if keep < 0:  # the table's creation itself was never committed
        import shutil

        shutil.rmtree(table)


def _vacuum_orphans(root: Path) -> None:
    """Delete every data file that no version of its table references, keeping every
    version readable; record the versions the vacuum's own commits made."""
    from deltalake import DeltaTable

    versions = dict(committed_versions(root) or {})
    for name in TABLES:
        table = table_path(root, name)
        if not _log_versions(table):
            continue
        dt = DeltaTable(str(table))
        dt.vacuum(retention_hours=0, dry_run=False, enforce_retention_duration=False, full=True,
                  keep_versions=_log_versions(table))  # every version still in the log
        versions[name] = DeltaTable(str(table)).version()
    _write_state(root, versions)


def vacuum(root: Path, retention_hours: int = 168) -> list[str]:
    """``hhaudit lake vacuum``: delete unreferenced files (a killed writer's, at once)
    and the files older versions alone reference, once removed more than
    ``retention_hours`` ago (versions older than that can then no longer be read)."""
    from deltalake import DeltaTable

    root = Path(root)
    deleted: list[str] = []
    with locked(root):
        _vacuum_orphans(root)
        versions = dict(committed_versions(root) or {})
        for name in TABLES:
            table = table_path(root, name)
            if not _log_versions(table):
                continue
            dt = DeltaTable(str(table))
            deleted += [f"{name}/{p}" for p in dt.vacuum(retention_hours=retention_hours, dry_run=False,
                                                          enforce_retention_duration=False, full=True)]
            versions[name] = DeltaTable(str(table)).version()
        _write_state(root, versions)
    return deleted


def optimize(root: Path, target_size: int = 128 * 2**20) -> dict[str, int]:
    """``hhaudit lake optimize``: compact each partition's small files into few (the
    rows do not change; older versions stay readable until vacuumed). Returns the files
    removed per table."""
    from deltalake import DeltaTable

    root = Path(root)
    removed: dict[str, int] = {}
    with locked(root):
        versions = dict(committed_versions(root) or {})
        for name in TABLES:
            table = table_path(root, name)
            if not _log_versions(table):
                continue
            dt = DeltaTable(str(table))
            metrics = dt.optimize.compact(target_size=target_size)
            removed[name] = int(metrics.get("numFilesRemoved", 0))
            versions[name] = DeltaTable(str(table)).version()
        _write_state(root, versions)
    return removed


#: a partition with this many data files is compacted after the ingest that made it so
COMPACT_FROM = 16


def compact_fragmented(root: Path, threshold: int = COMPACT_FROM,
                       tables: Iterable[str] | None = None) -> dict[str, int]:
    """Compact the partitions that hold ``threshold`` data files or more (many small
    ingests, as a day's runs make): what ``optimize`` does, only where it is needed; of
    ``tables`` only, if given (those a commit just added files to: reading each table's
    log costs about 10 ms). Returns the files removed per table."""
    from deltalake import DeltaTable

    root = Path(root)
    removed: dict[str, int] = {}
    wanted = set(TABLES) if tables is None else set(tables)
    with locked(root):
        versions = dict(committed_versions(root) or {})
        for name, spec in TABLES.items():
            if name not in wanted:
                continue
            parts = committed_parts(root, name)
            counts: dict[tuple[str | None, ...], int] = defaultdict(int)
            for _, partition, _ in parts:
                counts[tuple(partition.get(c) for c in PARTITION_BY)] += 1
            crowded = [key for key, n in counts.items() if n >= threshold]
            if not crowded:
                continue
            dt = DeltaTable(str(table_path(root, name)))
            for key in crowded:
                filters = [(c, "=", v) for c, v in zip(PARTITION_BY, key, strict=True)] if spec.partitioned else None
                metrics = dt.optimize.compact(partition_filters=filters)
                removed[name] = removed.get(name, 0) + int(metrics.get("numFilesRemoved", 0))
            versions[name] = DeltaTable(str(table_path(root, name))).version()
        if removed:
            _write_state(root, versions)
    return removed


# --- writing ---------------------------------------------------------------------------

def storage_schema(spec: Table) -> pa.Schema:
    """The table's schema as Delta stores it: timestamps in microseconds (Delta's unit)."""
    fields = [pa.field(f.name, pa.timestamp("us", tz="UTC"), f.nullable) if pa.types.is_timestamp(f.type) else f
              for f in spec.schema]
    return pa.schema(fields, metadata=spec.schema.metadata)


def _data_schema(spec: Table) -> pa.Schema:
    schema = storage_schema(spec)
    if spec.partitioned:
        for col in PARTITION_BY:
            schema = schema.remove(schema.get_field_index(col))
    return schema


def ensure_tables(root: Path) -> dict[str, int]:
    """Create whichever of the six tables is missing (empty); under the lock. Returns
    the latest version of each."""
    root = Path(root)
    with locked(root):
        return _create_tables(root)


def _create_tables(root: Path) -> dict[str, int]:
    """``ensure_tables`` by a thread whose process holds the lock."""
    from deltalake import DeltaTable

    versions: dict[str, int] = {}
    for name, spec in TABLES.items():
        table = table_path(root, name)
        if not _log_versions(table):
            if table.is_dir() and any(table.rglob("*.parquet")):
                raise LakeError(f"{table}: written by an older hhaudit (plain Parquet parts, no Delta log); "
                                "ingest its inputs into a new lake")
            DeltaTable.create(str(table), schema=storage_schema(spec),
                              partition_by=PARTITION_BY if spec.partitioned else None, name=name,
                              configuration={VERSION_PROPERTY: SCHEMA_VERSION}, raise_if_key_not_exists=False)
        versions[name] = _log_versions(table)[-1]
    if committed_versions(root) is None:
        _write_state(root, versions)
    return versions


def _is_new_lake(root: Path) -> bool:
    """Whether ``root`` holds no lake yet: no table folder and no commit of hhaudit's."""
    return committed_versions(root) is None and not any(table_path(root, name).exists() for name in TABLES)


def _stats(table: pa.Table, written: pq.FileMetaData | None = None) -> str:
    """Delta's per-file statistics: row count, and min, max and nulls of the flat
    columns (readers skip files by them, e.g. on ``hand_key``).

    ``written``: the footer of the Parquet file just written from ``table``, whose
    statistics the Parquet writer computed already: they are taken from it where it has
    them (about a third of the CPU of writing a part is saved), else from the table."""
    mins: dict[str, Any] = {}
    maxs: dict[str, Any] = {}
    nulls: dict[str, int] = {}
    footer = _footer_stats(written) if written is not None else {}
    for field in table.schema:
        t = field.type
        if pa.types.is_nested(t) or pa.types.is_map(t):
            continue
        wanted = pa.types.is_string(t) or pa.types.is_integer(t)
        known = footer.get(field.name)
        if known is not None and (known[1] or not wanted):
            nulls[field.name] = known[0]
            if wanted and known[2] is not None:
                mins[field.name], maxs[field.name] = known[2], known[3]
            continue
        col = table.column(field.name)
        nulls[field.name] = col.null_count
        if wanted:
            mm = pc.min_max(col)
            if mm["min"].is_valid:
                mins[field.name], maxs[field.name] = mm["min"].as_py(), mm["max"].as_py()
    return json.dumps({"numRecords": table.num_rows, "minValues": mins, "maxValues": maxs, "nullCount": nulls})


def _footer_stats(meta: pq.FileMetaData) -> dict[str, tuple[int, bool, Any, Any]]:
    """Per top-level flat column of a Parquet footer: its null count, whether min and max
    are known (every row group with a value has them), and the min and max (None when
    every value is null). A column whose row groups lack a null count is left out."""
    out: dict[str, tuple[int, bool, Any, Any]] = {}
    groups = [meta.row_group(r) for r in range(meta.num_row_groups)]
    for j in range(meta.num_columns):
        path = groups[0].column(j).path_in_schema if groups else None
        if path is None or "." in path:
            continue
        nulls, exact, low, high = 0, True, None, None
        for group in groups:
            stats = group.column(j).statistics
            if stats is None or not stats.has_null_count:
                break
            nulls += stats.null_count
            if stats.null_count == group.num_rows:
                continue
            if not stats.has_min_max:
                exact = False
                continue
            low = stats.min if low is None or stats.min < low else low
            high = stats.max if high is None or stats.max > high else high
        else:
            out[path] = (nulls, exact, low, high)
    return out


#: Columns whose values are (nearly) all distinct: a Parquet dictionary of them only costs
#: (measured on the benchmark's lake, parts of its sizes: the lake 7% smaller, its encoding
#: ~6% less CPU written plain, then zstd).
DISTINCT_VALUED = frozenset({"hand_key", "hand_id", "raw_sha256", "content_fingerprint", "start_time_raw",
                             "source_offset", "line"})


@functools.cache
def _dictionary_columns(schema: pa.Schema) -> list[str]:
    """The columns a part encodes with a dictionary: every one but ``DISTINCT_VALUED``'s,
    by their leaves' paths as the Parquet writer names them (a nested column's name alone
    would leave its leaves without one).

    >>> _dictionary_columns(pa.schema([("hand_key", pa.string()), ("cards", pa.list_(pa.string()))]))
    ['cards.list.element']
    """
    return [path for f in schema if f.name not in DISTINCT_VALUED for path in _leaf_paths(f.name, f.type)]


def _leaf_paths(path: str, kind: pa.DataType) -> list[str]:
    if pa.types.is_map(kind):
        return _leaf_paths(f"{path}.key_value.key", kind.key_type) + _leaf_paths(f"{path}.key_value.value",
                                                                               kind.item_type)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return _leaf_paths(f"{path}.list.element", kind.value_type)
    if pa.types.is_struct(kind):
        return [p for i in range(kind.num_fields) for p in _leaf_paths(f"{path}.{kind.field(i).name}",
                                                                      kind.field(i).type)]
    return [path]


def _as_stored(table: pa.Table, schema: pa.Schema) -> pa.Table:
    """``table`` (of ``schema``'s columns, in order) cast to ``schema``: only the columns
    whose type differs (the timestamps) are converted, not each column in turn as
    ``Table.cast`` does, which cost a few milliseconds a part.

    >>> t = pa.table({"n": [1], "at": pa.array([0], pa.timestamp("ms", tz="UTC"))})
    >>> _as_stored(t, pa.schema([("n", pa.int64()), ("at", pa.timestamp("us", tz="UTC"))])).column("at").type
    TimestampType(timestamp[us, tz=UTC])
    """
    if table.schema.equals(schema):
        return table
    if table.schema.names != schema.names:
        return table.cast(schema)
    columns = [column if column.type == field.type else column.cast(field.type)
               for column, field in zip(table.columns, schema, strict=True)]
    return pa.Table.from_arrays(columns, schema=schema)


def _write_part(table: pa.Table, path: Path, relative: str, partition: dict[str, str | None]) -> Any:
    from deltalake.transaction import AddAction

    path.parent.mkdir(parents=True, exist_ok=True)
    footer: list[pq.FileMetaData] = []
    pq.write_table(table, path, compression="zstd", use_dictionary=_dictionary_columns(table.schema),
                   metadata_collector=footer)
    stats = _stats(table, footer[0])  # the writer's own footer: no second read of the file
    pause_point("parts")
    st = path.stat()
    # Arrow's pool keeps the freed pages for the next part: releasing them after each part
    # cost about 0.4 CPU-s per 100 MB of input (the kernel zeroing them again when asked
    # for); ingest gives memory back every few chunks instead (audit.ingest.job)
    return AddAction(relative, st.st_size, partition, int(st.st_mtime * 1000), True, stats)


#: threads that write data files: two keep both cores busy when parsing is done (the
#: last parts of an ingest) or waits for the writer
WRITER_THREADS = 2


class LakeWriter:
    """Buffers rows per table and partition, writes them as data files, and commits them
    to the lake in one lake-wide commit on ``close``.

    Memory stays bounded whatever the input size: a 1,000,000-hand input is written as
    a stream of parts. A partition's buffer is written when it reaches
    ``rows_per_part`` rows, when no rows came for it in the last ``idle_adds`` calls of
    ``add`` (histories run in time order, so an old date is finished), and whenever all
    of them together pass ``max_buffered_bytes``, those that had no rows for longest go
    out (the partitions of a day the input has left behind; a partition's rows are
    buffered without the partition's columns, which its path says).

    Parts are written by ``WRITER_THREADS`` background threads (Parquet encoding releases
    the GIL), so that parsing goes on meanwhile; the parts waiting for them hold at most
    ``max_buffered_bytes`` of rows more, which bounds memory, and lets the main thread
    hand over a whole round of flushed partitions without waiting. Every data file costs
    a fixed ~2 ms of CPU (a hands part), so fewer, larger ones are cheaper to write, and
    to read.
    The writer holds the lake's lock from its creation to the end of ``close``.
    """

    def __init__(self, root: Path, rows_per_part: int = 500_000, *, idle_adds: int = 24,
                 max_buffered_bytes: int = 96 * 2**20) -> None:
        self.root = Path(root)
        self.run = uuid.uuid4().hex[:12]
        self.rows_per_part = rows_per_part
        self.idle_adds = idle_adds
        self.max_buffered_bytes = max_buffered_bytes
        self._lock = locked(self.root)
        self._lock.__enter__()
        self._writer = ThreadPoolExecutor(WRITER_THREADS, thread_name_prefix="lake-writer")
        #: the lake held nothing when the lock was taken: no reader need look at it, and
        #: its empty tables are made in the background (~50 ms) while the first chunks parse
        self.new_lake = _is_new_lake(self.root)
        self._tables_made: Future[Any] | None = None
        try:
            if self.new_lake:
                self._tables_made = self._writer.submit(_create_tables, self.root)
            else:
                ensure_tables(self.root)
        except BaseException:
            self._writer.shutdown(wait=True)
            self._lock.__exit__(None, None, None)
            raise
        self._buffers: dict[tuple[str, str, str], list[pa.Table]] = defaultdict(list)
        self._rows: dict[tuple[str, str, str], int] = defaultdict(int)
        self._bytes: dict[tuple[str, str, str], int] = defaultdict(int)
        self._last_add: dict[tuple[str, str, str], int] = {}
        self._adds = 0
        self._seq = 0
        self._written: list[tuple[str, Path]] = []
        self._actions: dict[str, list[Any]] = defaultdict(list)  # table -> AddAction / RemoveAction
        self._writes: deque[tuple[str, Future[Any], int]] = deque()  # table, write, bytes
        self._marked = False
        self._closed = False
        #: the tables ``close`` committed data files to (or removed some from)
        self.committed: frozenset[str] = frozenset()

    def add(self, table_name: str, rows: pa.Table, runs: PartitionRuns | None = None) -> None:
        """Buffer ``rows`` of a table; ``runs``: their ``partition_runs`` if known already
        (a chunk's child rows have their hand's partition: ``child_runs``)."""
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
            for (platform, date), part in _partitions(rows, runs):
                self._buffer((table_name, platform, date), part.drop_columns(PARTITION_BY))
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
            for key in sorted(self._bytes, key=lambda k: (self._last_add[k], -self._bytes[k])):  # oldest first
                total -= self._bytes[key]
                self._flush(key)
                if total <= self.max_buffered_bytes // 2:
                    break

    def _mark(self) -> None:
        """Before the first data file: say that a write is under way (``recover``)."""
        if not self._marked:
            (self.root / META_FOLDER / f"pending-{self.run}").touch()
            self._marked = True

    def _flush(self, key: tuple[str, str, str]) -> None:
        parts = self._buffers.pop(key, [])
        self._rows.pop(key, None)
        self._bytes.pop(key, None)
        self._last_add.pop(key, None)
        if not parts:
            return
        table_name, platform, date = key
        spec = TABLES[table_name]
        table = pa.concat_tables(parts)
        self._seq += 1
        name = f"part-{self.run}-{self._seq:05d}.parquet"
        partition: dict[str, str | None] = {}
        if spec.partitioned:
            partition = {"platform": platform, "hand_date": date}
            name = f"platform={quote(platform, safe='')}/hand_date={quote(date, safe='')}/{name}"
        self.submit(table_name, _as_stored(table, _data_schema(spec)), name, partition)

    def submit(self, table_name: str, table: pa.Table, relative: str, partition: dict[str, str | None]) -> Path:
        """Write ``table`` as the data file ``relative`` of ``table_name`` (in the
        background), to be added by the commit."""
        self._tables_ready()  # a table is made in an empty folder (a part in it would look like an older lake's)
        self._mark()
        path = table_path(self.root, table_name) / relative
        self._wait(most_bytes=max(0, self.max_buffered_bytes - table.nbytes))
        self._writes.append((table_name, self._writer.submit(_write_part, table, path, relative, partition),
                             table.nbytes))
        self._written.append((table_name, path))
        return path

    def remove(self, table_name: str, relative: str, partition: Mapping[str, str | None], size: int) -> None:
        """Have the commit remove a committed data file (its rows were rewritten)."""
        from deltalake._internal import RemoveAction

        self._actions[table_name].append(RemoveAction(relative, True, int(time.time() * 1000), size,
                                                      dict(partition)))

    def drop_staged(self, path: Path) -> None:
        """Forget a data file written by this writer and not committed (rewritten)."""
        self._wait()
        for table_name, actions in self._actions.items():
            keep = [a for a in actions if not (hasattr(a, "stats")
                                               and table_path(self.root, table_name) / a.path == path)]
            self._actions[table_name] = keep
        self._written = [(t, p) for t, p in self._written if p != path]
        path.unlink(missing_ok=True)

    @property
    def written(self) -> list[Path]:
        """The data files written so far (once those still being written are done)."""
        self._wait()
        return [p for _, p in self._written]

    def staged(self, table_name: str) -> list[Path]:
        self._wait()
        return [p for t, p in self._written if t == table_name]

    def _tables_ready(self) -> None:
        """Wait until the new lake's tables are made (``new_lake``)."""
        if self._tables_made is not None:
            made, self._tables_made = self._tables_made, None
            made.result()

    def _wait(self, most_bytes: int = 0) -> None:
        """Take the writes done, oldest first, and wait for more until the rows of those
        pending come to at most ``most_bytes`` (0: wait for all, and for the new lake's
        tables: the lake can be read then). If one failed, wait for all of them and raise
        the first error."""
        if most_bytes == 0:
            self._tables_ready()
        pending = sum(size for _, _, size in self._writes)
        while self._writes and (pending > most_bytes or self._writes[0][1].done()):
            table_name, fut, size = self._writes.popleft()
            pending -= size
            try:
                self._actions[table_name].append(fut.result())
            except BaseException:
                for _, later, _ in self._writes:
                    later.exception()
                self._writes.clear()
                raise

    def flush(self) -> None:
        """Write every buffered row (the commit is still to come)."""
        for key in list(self._buffers):
            self._flush(key)
        self._wait()

    def close(self) -> list[Path]:
        """Write what is buffered and commit it all; release the lock."""
        try:
            self.flush()
            self._writer.shutdown()
            pa.default_memory_pool().release_unused()
            commit(self.root, self._actions, self.run)
            self.committed = frozenset(name for name, actions in self._actions.items() if actions)
            (self.root / META_FOLDER / f"pending-{self.run}").unlink(missing_ok=True)
        finally:
            self.abort()
        return [p for _, p in self._written]

    def abort(self) -> None:
        """Release the lock without committing (the next writer removes the files)."""
        if not self._closed:
            self._closed = True
            self._writer.shutdown(wait=True)
            self._lock.__exit__(None, None, None)


def rewrite_parts(writer: LakeWriter, table_name: str, change: Callable[[pa.Table], pa.Table | None]) -> None:
    """Rewrite the data files of ``table_name`` that ``change`` changes (it returns None
    for a file it leaves alone): those ``writer`` wrote and those the lake holds, the
    old ones removed in the writer's commit. Delta files are never changed in place."""
    folder = table_path(writer.root, table_name)
    for path in writer.staged(table_name):
        changed = change(pq.read_table(path))
        if changed is not None:
            relative = path.relative_to(folder).as_posix()
            writer.drop_staged(path)
            writer.submit(table_name, changed, _renamed(relative, writer.run), _partition_of(relative))
    for relative, partition, size in committed_parts(writer.root, table_name):
        changed = change(pq.read_table(folder / unquote(relative)))
        if changed is not None:
            writer.remove(table_name, relative, partition, size)
            writer.submit(table_name, changed, _renamed(unquote(relative), writer.run), partition)


def _renamed(relative: str, run: str) -> str:
    folder, _, name = relative.rpartition("/")
    return f"{folder}/rewritten-{run}-{name}" if folder else f"rewritten-{run}-{name}"


def _partition_of(relative: str) -> dict[str, str | None]:
    return {k: unquote(v) for k, v in (p.split("=", 1) for p in relative.split("/")[:-1])}


def commit(root: Path, actions: Mapping[str, list[Any]], run: str) -> dict[str, int]:
    """Commit each table's actions, then ``lake.json``: the lake-wide commit."""
    from deltalake import CommitProperties, DeltaTable

    root = Path(root)
    with locked(root):
        versions = dict(committed_versions(root) or {})
        versions.update(ensure_tables(root))
        first = True
        for name, spec in TABLES.items():
            todo = actions.get(name) or []
            if not todo:
                continue
            if not first:
                pause_point("commit")
            first = False
            dt = DeltaTable(str(table_path(root, name)))
            _add_declared_columns(dt, spec, run)
            dt.create_write_transaction(
                todo, mode="append", schema=storage_schema(spec),
                partition_by=PARTITION_BY if spec.partitioned else None,
                commit_properties=CommitProperties(custom_metadata={"hhaudit.run": run,
                                                                    VERSION_PROPERTY: SCHEMA_VERSION}))
            dt.update_incremental()  # the commit just made (cheaper than loading the table anew)
            versions[name] = dt.version()
        pause_point("state")
        _write_state(root, versions)
    return versions


def _add_declared_columns(dt: Any, spec: Table, run: str) -> None:
    """Add to a table written before a column was declared (contracts.md lets columns be
    added) that column, before rows that hold it are committed: files the table's schema
    does not name a column of would read it as null. Its own commit, made under the
    lake's lock; the older rows read it as null (an added column is always nullable)."""
    from deltalake import CommitProperties, Schema

    present = {field.name for field in dt.schema().fields}
    missing = [field for field in storage_schema(spec) if field.name not in present]
    if missing:
        dt.alter.add_columns(list(Schema.from_arrow(pa.schema(missing)).fields), commit_properties=CommitProperties(
            custom_metadata={"hhaudit.run": run, VERSION_PROPERTY: SCHEMA_VERSION}))
        dt.update_incremental()


#: runs of consecutive rows of one partition: ((platform, hand_date), first row, row after)
PartitionRuns = list[tuple[tuple[str, str], int, int]]


def partition_runs(rows: pa.Table) -> PartitionRuns:
    """The runs of consecutive rows of ``rows`` that share (platform, hand_date), in order.

    Hands come in time order, so a partition is a few runs of consecutive rows: the runs
    are found by comparing each row with the next in Arrow. (No Python value is handed to
    Arrow compute here: converting one makes pyarrow retry importing the absent
    ``dateutil`` each time, which costs milliseconds.)
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
    return [((platforms[start].as_py(), dates[start].as_py()), start, end)
            for start, end in zip(starts, [*starts[1:], n], strict=True)]


def child_runs(hand_runs: PartitionRuns, owner: npt.ArrayLike) -> PartitionRuns | None:
    """The ``partition_runs`` of child rows whose hands have ``hand_runs``, from each
    row's hand (``owner``: its row of the hands; in hand order, as a chunk's child rows
    are), without comparing the child rows' own partition columns; None when ``owner``
    is not in order.

    >>> child_runs([(("p", "d1"), 0, 2), (("p", "d2"), 2, 3)], [0, 0, 1, 2, 2])
    [(('p', 'd1'), 0, 3), (('p', 'd2'), 3, 5)]
    """
    rows = np.asarray(owner, np.int64)
    if not hand_runs or (len(rows) > 1 and bool(np.any(rows[1:] < rows[:-1]))):
        return None
    bounds = np.searchsorted(rows, [start for _, start, _ in hand_runs] + [hand_runs[-1][2]]).tolist()
    if bounds[0] != 0 or bounds[-1] != len(rows):
        return None
    return [(key, bounds[i], bounds[i + 1]) for i, (key, _, _) in enumerate(hand_runs) if bounds[i + 1] > bounds[i]]


def _partitions(rows: pa.Table, runs: PartitionRuns | None = None) -> list[tuple[tuple[str, str], pa.Table]]:
    """``rows`` split by (platform, hand_date): groups in order of first appearance, rows
    in their order within each group, each group its runs' zero-copy slices (``runs``:
    the rows' ``partition_runs``, computed here if not given)."""
    runs = partition_runs(rows) if runs is None else runs
    if len(runs) == 1:
        return [(runs[0][0], rows)]
    groups: dict[tuple[str, str], list[pa.Table]] = {}
    for key, start, end in runs:
        groups.setdefault(key, []).append(rows.slice(start, end - start))
    return [(key, parts[0] if len(parts) == 1 else pa.concat_tables(parts)) for key, parts in groups.items()]


# --- reading -------------------------------------------------------------------------

_PINNED: ContextVar[dict[str, dict[str, int]] | None] = ContextVar("hhaudit_pinned_lake", default=None)


@contextmanager
def pinned(root: Path, versions: Mapping[str, int] | None = None) -> Iterator[dict[str, int]]:
    """Read the lake at ``versions`` (default: its committed versions now) inside the
    block, whatever commits meanwhile: an audit reads one state of the lake, which the
    manifest records. Yields the versions."""
    chosen = dict(versions) if versions is not None else lake_versions(root)
    current = dict(_PINNED.get() or {})
    current[str(Path(root).resolve())] = chosen
    token = _PINNED.set(current)
    try:
        yield chosen
    finally:
        _PINNED.reset(token)


def lake_versions(root: Path) -> dict[str, int]:
    """The table versions hhaudit's readers read now: pinned ones, else the committed
    ones, else (a lake written by another Delta writer) each table's latest."""
    pins = _PINNED.get()
    if pins and str(Path(root).resolve()) in pins:
        return dict(pins[str(Path(root).resolve())])
    versions = committed_versions(root)
    if versions is not None:
        return versions
    return {name: v[-1] for name in TABLES if (v := _log_versions(table_path(root, name)))}


def _delta(root: Path, table_name: str, version: int | None) -> Any:
    """The table at the version to read, checked: present, Delta, this schema version."""
    from deltalake import DeltaTable
    from deltalake.exceptions import DeltaError

    table = table_path(root, table_name)
    if version is None:
        version = lake_versions(root).get(table_name)
    if not _log_versions(table):
        if table.is_dir() and any(table.rglob("*.parquet")):
            raise LakeError(f"{table}: written by an older hhaudit (plain Parquet parts, no Delta log); "
                            "ingest its inputs into a new lake")
        raise LakeError(f"{Path(root)}: the lake has no {table_name} table ({table} is missing)")
    try:
        dt = DeltaTable(str(table), version=version)
    except (DeltaError, OSError) as exc:
        raise LakeError(f"{table}: cannot read version {version} ({exc})") from None
    written = dt.metadata().configuration.get(VERSION_PROPERTY, "?")
    if written != SCHEMA_VERSION:
        raise LakeError(f"{table}: written with schema version {written}, this hhaudit reads {SCHEMA_VERSION}")
    _check_commits(table, dt)
    return dt


#: operations that add no rows of their own (a compaction rewrites rows it already had)
_NO_NEW_ROWS = {"CREATE TABLE", "OPTIMIZE", "VACUUM START", "VACUUM END"}
_CHECKED: set[tuple[str, int]] = set()


def _check_commits(table: Path, dt: Any) -> None:
    """LakeError unless every commit up to the version read that added rows says it was
    written with this schema version (each of hhaudit's commits records it): a part of
    another schema version is never read. Checked once per table version and process."""
    key = (str(table.resolve()), dt.version())
    if key in _CHECKED:
        return
    for commit in dt.history():
        if commit.get("version", 0) > dt.version() or commit.get("operation") in _NO_NEW_ROWS:
            continue
        written = commit.get(VERSION_PROPERTY, "none (not written by hhaudit)")
        if written != SCHEMA_VERSION:
            raise LakeError(f"{table}: version {commit.get('version')} was written with schema version {written}, "
                            f"this hhaudit reads {SCHEMA_VERSION}")
    _CHECKED.add(key)


def _declared(spec: Table) -> pl.Schema:
    import polars as pl

    return pl.from_arrow(spec.schema.empty_table()).schema  # type: ignore[union-attr]


def lake_record(root: Path) -> dict[str, Any]:
    """What a manifest records of the lake audited: the table versions read, and every
    data file of those versions with its size and SHA-256 (``hhaudit verify``)."""
    import hashlib

    root = Path(root)
    files: list[dict[str, Any]] = []
    for name in TABLES:
        for path in table_files(root, name):
            if not path.is_file():  # vacuumed since this version was written
                files.append({"file": path.relative_to(root.resolve()).as_posix(), "size": None, "sha256": None})
                continue
            digest = hashlib.sha256()
            with open(path, "rb") as f:
                while block := f.read(1 << 20):
                    digest.update(block)
            files.append({"file": path.relative_to(root.resolve()).as_posix(), "size": path.stat().st_size,
                          "sha256": digest.hexdigest()})
    return {"path": str(root), "versions": lake_versions(root), "files": files}


def table_files(root: Path, table_name: str, platforms: Iterable[str] | None = None) -> list[Path]:
    """The data files of a table at the version read (of the partitions of
    ``platforms`` only, if given)."""
    if not _log_versions(table_path(root, table_name)):
        return []
    dt = _delta(root, table_name, None)
    files = sorted(_part_paths(dt))
    if platforms is not None and TABLES[table_name].partitioned:
        wanted = {f"platform={quote(p, safe='')}" for p in platforms}
        files = [f for f in files if f.parent.parent.name in wanted]
    return files


def _part_paths(dt: Any) -> list[Path]:
    """The data files of an open Delta table, as paths: deltalake names them percent-encoded
    (``Compliance%20Data``), and sometimes as ``file://`` URIs."""
    return [Path(unquote(uri.removeprefix("file://"))) for uri in dt.file_uris()]


def committed_parts(root: Path, table_name: str) -> list[tuple[str, dict[str, str | None], int]]:
    """Each data file of a table at the version read: its path in the table, its
    partition values and size (what a commit that rewrites it must remove)."""
    if not _log_versions(table_path(root, table_name)):
        return []
    actions = pa.table(_delta(root, table_name, None).get_add_actions(flatten=True))
    cols = [c for c in actions.column_names if c.startswith("partition.")]
    rows = actions.select(["path", "size_bytes", *cols]).to_pylist()
    return [(r["path"], {c.removeprefix("partition."): r[c] for c in cols}, r["size_bytes"]) for r in rows]


def partition_rows(root: Path, table_name: str) -> dict[tuple[str, str], int]:
    """The rows of a partitioned table per (platform, hand_date) partition at the version
    read, from its log's statistics (no data file is opened)."""
    if not _log_versions(table_path(root, table_name)):
        return {}
    actions = pa.table(_delta(root, table_name, None).get_add_actions(flatten=True))
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for row in actions.select(["partition.platform", "partition.hand_date", "num_records"]).to_pylist():
        counts[(row["partition.platform"], row["partition.hand_date"])] += row["num_records"] or 0
    return dict(counts)


def scan_table(root: Path, table_name: str, platforms: Iterable[str] | None = None, *,
               version: int | None = None) -> pl.LazyFrame:
    """A table of the lake as a LazyFrame with the declared columns and types (of the
    partitions of ``platforms`` only, if given), at the version read."""
    import polars as pl

    spec = TABLES[table_name]
    dt = _delta(root, table_name, version)
    frame = as_declared(table_name, _scan(dt, root))
    if platforms is not None and spec.partitioned:
        frame = frame.filter(pl.col("platform").is_in(sorted(set(platforms))))
    return frame


def _scan(dt: Any, root: Path) -> pl.LazyFrame:
    """The table's rows, lazily. deltalake names its files by percent-encoded paths, which
    polars' own Delta reader opens as they are spelt: in a lake whose path has a space (or
    any character a URI escapes) it finds no file. Such a lake is read through deltalake's
    own dataset, which opens them (slower, and only there)."""
    import polars as pl

    resolved = str(root.resolve())
    if quote(resolved, safe="/") == resolved:
        return pl.scan_delta(dt)
    return pl.scan_pyarrow_dataset(dt.to_pyarrow_dataset())


def as_declared(table_name: str, frame: pl.LazyFrame) -> pl.LazyFrame:
    """``frame`` with the declared columns and types of a table, as every reader gets it."""
    import polars as pl

    declared = _declared(TABLES[table_name])
    present = set(frame.collect_schema().names())
    # A lake written before a column was added (same schema version: contracts.md lets
    # columns be added freely) reads with that column null.
    return frame.select([pl.col(n).cast(t) if n in present else pl.lit(None, t).alias(n) for n, t in declared.items()])


def read_arrow(root: Path, table_name: str) -> pa.Table:
    """An unpartitioned table of the lake (``files``, ``quarantine``) as an Arrow table of
    its declared columns and types, at the version read: what ``read_table`` gives, read
    with pyarrow alone, so that ingest need not import polars (about 0.25 CPU-s) to learn
    which files the lake holds. A missing table is a ``LakeError``, as for ``read_table``."""
    spec = TABLES[table_name]
    if spec.partitioned:
        raise ValueError(f"{table_name} is partitioned: read it with read_table")
    parts = [pq.read_table(path) for path in _part_paths(_delta(root, table_name, None))]
    stored = pa.concat_tables(parts, promote_options="permissive") if parts else None
    columns = []
    for field in spec.schema:
        if stored is not None and field.name in stored.column_names:
            columns.append(stored.column(field.name).cast(field.type))
        else:  # a column added since the part was written (contracts.md) reads as null
            columns.append(pa.nulls(stored.num_rows if stored is not None else 0, field.type))
    return pa.Table.from_arrays(columns, schema=spec.schema)


def read_table(root: Path, table_name: str, columns: list[str] | None = None, *,
               version: int | None = None, platforms: Iterable[str] | None = None) -> pl.DataFrame:
    """One table of the lake as a DataFrame, with the declared columns and types (of the
    partitions of ``platforms`` only, if given).

    A missing table is a ``LakeError`` (an input problem), never an empty frame."""
    frame = scan_table(root, table_name, platforms, version=version)
    return (frame.select(columns) if columns else frame).collect()
