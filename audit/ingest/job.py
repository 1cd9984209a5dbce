"""The ingest job: every input file in order, its chunks to the workers, their results to
the store, at most one chunk per worker in flight (each holds a few hundred MB of
columns), so memory stays bounded whatever the input size."""

from __future__ import annotations

from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from audit.ingest.chunking import CHUNK_CHARS, plan_chunks
from audit.ingest.counts import FileCounts, IngestSummary
from audit.ingest.inputs import HEAD_BYTES, HashingReader, InputFile, Unopenable, is_sidecar, iter_inputs, recognise
from audit.ingest.parse import ChunkResult
from audit.ingest.store import LakeStore
from audit.ingest.workers import Workers, worker_count
from parsers.base import Parser
from parsers.registry import all_parsers
from rules.vocab import FileStatus

if TYPE_CHECKING:
    from audit.cluster import ClusterPool


def ingest(paths: Sequence[Path | str], lake: Path | str, *, workers: int | None = None,
           chunk_chars: int = CHUNK_CHARS, progress: Callable[[str], None] | None = None,
           parsers: tuple[Parser, ...] | None = None, cluster: ClusterPool | None = None) -> IngestSummary:
    """Read ``paths`` into the lake at ``lake``. Returns counts that always reconcile.

    ``progress`` is called with each file's name as it is read. ``parsers`` restricts
    detection to those formats (default: every registered one). ``cluster`` parses on a
    Dask cluster (``audit.cluster.dask_pool``) instead of local workers.
    """
    lake = Path(lake)
    candidates = parsers if parsers is not None else all_parsers()
    summary = IngestSummary(lake)
    store = LakeStore(lake, summary)
    inputs = list(iter_inputs(paths))
    total = sum(i.size_hint for i in inputs if isinstance(i, InputFile))
    flight = _InFlight(Workers(worker_count(workers, total), cluster), store)
    try:
        for item in inputs:
            if isinstance(item, Unopenable):
                summary.files.append(FileCounts(item.name, status=FileStatus.UNREADABLE, message=item.error))
                continue
            counts = FileCounts(item.name)
            summary.files.append(counts)
            if progress:
                progress(item.name)
            try:
                _read_file(item, counts, candidates, flight, chunk_chars)
            except Exception as exc:  # any file that cannot be read is reported, never fatal
                flight.drain(0)
                counts.status = FileStatus.UNREADABLE
                counts.message = f"{type(exc).__name__}: {exc}"
        flight.drain(0)
    finally:
        flight.pool.shutdown()
    store.close()
    return summary


class _InFlight:
    """The chunks handed to workers and not yet stored, oldest first."""

    def __init__(self, pool: Workers, store: LakeStore) -> None:
        self.pool = pool
        self.store = store
        self.limit = pool.workers  # chunks in flight: one per worker
        self._pending: deque[tuple[FileCounts, str | bytes, Future[ChunkResult] | ChunkResult]] = deque()

    def submit(self, counts: FileCounts, parser: Parser, chunk: str | bytes) -> None:
        self._pending.append((counts, chunk, self.pool.run(parser, chunk, counts.codec, counts.source_file)))
        self.drain(self.limit)

    def drain(self, until: int) -> None:
        """Store the oldest results, in order, until ``until`` chunks are in flight."""
        while len(self._pending) > until:
            counts, chunk, fut = self._pending.popleft()
            result = fut.result() if isinstance(fut, Future) else fut
            base = counts.bytes_done
            counts.bytes_done += result.chunk_bytes
            self.store.add(counts, chunk, base, result)


def _read_file(item: InputFile, counts: FileCounts, candidates: tuple[Parser, ...], flight: _InFlight,
               chunk_chars: int) -> None:
    with item.open() as raw_stream:
        stream = HashingReader(raw_stream)
        head = stream.read(HEAD_BYTES)
        counts.bytes_done = 0
        if not head or is_sidecar(item.name):
            counts.sha256, counts.size = stream.finish()
            counts.status = FileStatus.NO_HANDS
            counts.message = ("empty file" if not head
                              else "tracker sidecar file (.hp/.hands/.gt), not a hand history")
            return
        found = recognise(head, candidates)
        counts.encoding = found.label
        if found.parser is None:
            counts.sha256, counts.size = stream.finish()
            counts.status, counts.message = FileStatus.UNRECOGNISED, found.message
            return
        counts.format = str(found.parser.format)
        counts.bytes_done = found.bom
        plan = plan_chunks(stream, head, found.parser, found.codec, found.label, found.bom,
                           size_hint=item.size_hint, reopen=item.open, chunk_chars=chunk_chars)
        counts.encoding, counts.bytes_done, counts.codec = plan.label, plan.start, plan.codec
        for chunk in plan.chunks:
            flight.submit(counts, found.parser, chunk)
        flight.drain(0)
        counts.sha256, counts.size = stream.finish()
    if counts.found == 0:
        counts.status, counts.message = FileStatus.NO_HANDS, "no hand found in a file of a known format"
