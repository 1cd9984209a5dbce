"""The ingest job: every input file in order, its chunks to the workers, their results to
the store, at most one chunk per worker in flight (each holds a few hundred MB of
columns), so memory stays bounded whatever the input size."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audit.ingest.chunking import CHUNK_CHARS, plan_chunks
from audit.ingest.counts import FileCounts, IngestSummary
from audit.ingest.inputs import (
    HEAD_BYTES,
    ByteStream,
    HashingReader,
    InputFile,
    InputOptions,
    Unopenable,
    is_sidecar,
    iter_inputs,
    recognise,
)
from audit.ingest.parse import ChunkResult, Oversized
from audit.ingest.store import KeptTables, LakeStore
from audit.ingest.workers import Workers, worker_count
from audit.lake import compact_fragmented
from audit.memory import give_back
from parsers.base import Parser
from parsers.registry import has_format
from rules.vocab import FileStatus

if TYPE_CHECKING:
    from audit.cluster import ClusterPool


def ingest(paths: Sequence[Path | str], lake: Path | str, *, workers: int | None = None,
           chunk_chars: int = CHUNK_CHARS, progress: Callable[[str], None] | None = None,
           parsers: tuple[Parser, ...] | None = None, cluster: ClusterPool | None = None,
           select: InputOptions | None = None, keep: KeptTables | None = None) -> IngestSummary:
    """Read ``paths`` into the lake at ``lake``. Returns counts that always reconcile.

    ``progress`` is called with each file's name as it is read. ``parsers`` restricts
    detection to those formats (default: every registered one, each imported only when a
    file's head may be of its format: ``parsers.registry.sniffing``). ``cluster`` parses on a
    Dask cluster (``audit.cluster.dask_pool``) instead of local workers. ``select``
    excludes paths and caps what compressed inputs expand to (``audit.ingest.inputs``).
    ``keep`` receives the hand tables written, for an audit that follows (``KeptTables``).
    """
    lake = Path(lake)
    summary = IngestSummary(lake)
    inputs = list(iter_inputs(paths, select))
    total = sum(i.size_hint for i in inputs if isinstance(i, InputFile))
    store = LakeStore(lake, summary, keep)  # holds the lake's lock until its commit
    try:
        _read_all(inputs, summary, store, parsers, Workers(worker_count(workers, total), cluster), chunk_chars,
                  progress)
    except BaseException:
        store.abort()
        if keep is not None:
            keep.give_up()
        raise
    store.close()
    # many small ingests into one partition: its files compacted (only the tables this one added to can be)
    compact_fragmented(lake, tables=store.writer.committed)
    return summary


def _read_all(inputs: list[InputFile | Unopenable], summary: IngestSummary, store: LakeStore,
              candidates: tuple[Parser, ...] | None, pool: Workers, chunk_chars: int,
              progress: Callable[[str], None] | None) -> None:
    flight = _InFlight(pool, store)
    try:
        for item in inputs:
            if isinstance(item, Unopenable):
                summary.files.append(FileCounts(item.name, status=FileStatus.UNREADABLE, message=item.error))
                continue
            if progress:
                progress(item.name)
            counts = FileCounts(item.name)
            summary.files.append(counts)
            try:
                known = store.known.candidates(item.name, item.size_hint)
                start, whole = 0, None
                if known:  # the lake may hold this content, or its first bytes
                    whole, prior = _compare_known(item, known)
                    if prior is not None and prior["size"] == whole[1]:
                        summary.files.pop()  # stored already: no second row, nothing parsed
                        summary.skipped.append(item.name)
                        continue
                    if prior is not None:
                        counts.prior, start = prior, prior["size"]
                _read_file(item, counts, candidates, flight, chunk_chars, start, whole)
            except Exception as exc:  # any file that cannot be read is reported, never fatal
                flight.drain(0)
                counts.status = FileStatus.UNREADABLE
                counts.message = f"{type(exc).__name__}: {exc}"
        flight.drain(0)
    finally:
        flight.pool.shutdown()


class _InFlight:
    """The chunks handed to workers and not yet stored, oldest first."""

    def __init__(self, pool: Workers, store: LakeStore) -> None:
        self.pool = pool
        self.store = store
        self.limit = pool.workers  # chunks in flight: one per worker
        self._stored = 0
        self._pending: deque[tuple[FileCounts, str | bytes | Oversized, Future[ChunkResult] | ChunkResult]] = deque()

    def submit(self, counts: FileCounts, parser: Parser, chunk: str | bytes | Oversized) -> None:
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
            self._stored += 1
            if self._stored % GIVE_BACK_EVERY == 0:
                give_back()  # freed chunks' memory, which malloc would keep, back to the system


#: chunks stored between two returns of freed memory to the system (``audit.memory``)
GIVE_BACK_EVERY = 16

#: encodings whose bytes past a hand decode alone (a UTF-16 file's end has no BOM to say how)
RESUMABLE = ("utf-8", "utf-8-bom", "cp1252")


def _compare_known(item: InputFile, known: list[dict[str, Any]]) -> tuple[tuple[str, int], dict[str, Any] | None]:
    """One pass over the file: its SHA-256 and size, and the lake's row that holds the
    same content (same size and digest) or, failing that, the longest row of the same
    name whose content is this file's first bytes (it grew since), or None."""
    digest = hashlib.sha256()
    prefixes: dict[int, str] = {}
    pos = 0
    with item.open() as stream:
        for boundary in sorted({row["size"] for row in known}):
            while pos < boundary:
                block = stream.read(min(1 << 20, boundary - pos))
                if not block:
                    break
                digest.update(block)
                pos += len(block)
            if pos == boundary:
                prefixes[boundary] = digest.copy().hexdigest()
        while block := stream.read(1 << 20):
            digest.update(block)
            pos += len(block)
    whole = (digest.hexdigest(), pos)
    same = [r for r in known if (r["sha256"], r["size"]) == whole]
    if same:
        return whole, same[0]
    grown = [r for r in known if r["source_file"] == item.name and r["size"] < pos and r["status"] == FileStatus.OK
             and r["encoding"] in RESUMABLE and prefixes.get(r["size"]) == r["sha256"]]
    return whole, max(grown, key=lambda r: r["size"]) if grown else None


def _skip(stream: ByteStream, n: int) -> None:
    while n > 0:
        block = stream.read(min(1 << 20, n))
        if not block:
            return
        n -= len(block)


def _read_file(item: InputFile, counts: FileCounts, candidates: tuple[Parser, ...] | None, flight: _InFlight,
               chunk_chars: int, start: int = 0, whole: tuple[str, int] | None = None) -> None:
    """Read a file into the lake; from byte ``start`` on when its first bytes are stored
    already (``counts.prior``; its format is then known). ``whole``: its digest and
    size, when known already. ``candidates`` None: the registry's parsers."""
    only: str | None = None  # the one format tried (that of the stored first bytes)
    if counts.prior is not None:
        if candidates is not None:
            candidates = tuple(p for p in candidates if str(p.format) == counts.prior["format"]) or candidates
        elif has_format(counts.prior["format"]):
            only = counts.prior["format"]
    with item.open() as raw_stream:
        _skip(raw_stream, start)
        stream = HashingReader(raw_stream)
        head = stream.read(HEAD_BYTES)
        counts.bytes_done = start
        if not head or is_sidecar(item.name):
            counts.sha256, counts.size = stream.finish()
            counts.status = FileStatus.NO_HANDS
            counts.message = ("empty file" if not head
                              else "tracker sidecar file (.hp/.hands/.gt), not a hand history")
            return
        found = recognise(head, candidates, only)
        counts.encoding = found.label
        if found.parser is None:
            counts.sha256, counts.size = stream.finish()
            counts.status = FileStatus.NO_HANDS if found.no_hands else FileStatus.UNRECOGNISED
            counts.message = found.message
            return
        counts.format = str(found.parser.format)
        counts.bytes_done = start + found.bom
        plan = plan_chunks(stream, head, found.parser, found.codec, found.label, found.bom,
                           size_hint=item.size_hint - start, reopen=item.open, chunk_chars=chunk_chars)
        counts.encoding, counts.bytes_done, counts.codec = plan.label, start + plan.start, plan.codec
        for chunk in plan.chunks:
            flight.submit(counts, found.parser, chunk)
        flight.drain(0)
        counts.sha256, counts.size = stream.finish()
    if whole is not None:
        counts.sha256, counts.size = whole
    if counts.found == 0 and counts.prior is None:
        counts.status, counts.message = FileStatus.NO_HANDS, "no hand found in a file of a known format"
