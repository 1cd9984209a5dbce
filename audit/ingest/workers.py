"""Where chunks are parsed: in this process, in threads, or in processes of a fork server.

Byte chunks (the columnar reader's) go to threads, because polars and numpy release the
GIL; text chunks (the one-hand-at-a-time parsers, pure Python) go to processes. The
processes come from a fork server started afresh: forking this process once polars has
started its threads could deadlock the children (their ``TableBuilder`` uses polars too).
"""

from __future__ import annotations

import gc
import os
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from audit.ingest.parse import ChunkResult, Oversized, parse_chunk
from parsers.base import Parser

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.context import BaseContext

    from audit.cluster import ClusterPool

#: Below this many input bytes in total, parse in this process (no pool start-up).
POOL_THRESHOLD_BYTES = 8 * 1024 * 1024


def worker_count(workers: int | None, total_bytes: int) -> int:
    """``workers`` if given, else every core for a large input and one for a small one."""
    if workers is not None:
        return workers
    return (os.cpu_count() or 1) if total_bytes >= POOL_THRESHOLD_BYTES else 1


class Workers:
    """Parses chunks: here with one worker; else in threads (byte chunks) or processes
    (text chunks), each pool made on first use; or, given a ``cluster``, all of them on
    the cluster's workers (``audit.cluster``)."""

    def __init__(self, workers: int, cluster: ClusterPool | None = None) -> None:
        self.cluster = cluster
        self.workers = cluster.slots if cluster is not None else workers
        self._threads: ThreadPoolExecutor | None = None
        self._processes: ProcessPoolExecutor | None = None

    def run(self, parser: Parser, chunk: str | bytes | Oversized, codec: str,
            source_file: str) -> Future[ChunkResult] | ChunkResult:
        """``parse_chunk`` of the chunk: done (one worker) or to be done."""
        if self.cluster is not None:
            return self.cluster.submit(parse_chunk, parser, chunk, codec, source_file)
        if self.workers < 2:
            return parse_chunk(parser, chunk, codec, source_file)
        if isinstance(chunk, bytes):
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="ingest")
            return self._threads.submit(parse_chunk, parser, chunk, codec, source_file)
        if self._processes is None:
            # imported here: the byte chunks of the compiled path never need processes
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            context: BaseContext
            if "forkserver" in multiprocessing.get_all_start_methods():
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["audit.ingest.parse"])
            else:
                context = multiprocessing.get_context("spawn")
            # gc.freeze in each worker: what it inherits from the server is never scanned
            self._processes = ProcessPoolExecutor(self.workers, mp_context=context, initializer=gc.freeze)
        return self._processes.submit(parse_chunk, parser, chunk, codec, source_file)

    def shutdown(self) -> None:
        for executor in (self._threads, self._processes):
            if executor is not None:
                executor.shutdown(cancel_futures=True)
