"""Giving freed memory back to the system between the stages of a run.

Memory a stage freed stays in the process unless the allocators return it: CPython's
and glibc's ``malloc`` keep freed blocks for reuse, and Arrow's pool keeps its own. After
an ingest of 1,000,000 hands the process held some 350 MiB more than it used until they
were asked (``bench.ingest_bench --command run``), which the audit's batches then added
to. ``give_back`` asks each of them; it changes no result.

What grows with the input is kept on disk instead: ``Spill`` holds Arrow tables in an
anonymous temporary file (the duplicate index's stored copies, the verdicts until
``hands.parquet`` is written).

Which allocator Arrow uses is chosen once, as pyarrow first allocates: ``hhaudit`` asks
for the C library's ``malloc`` (``ALLOCATOR_DEFAULTS``), which ``give_back`` can empty.
Arrow's default, mimalloc, kept the pages of freed buffers: a ``run`` of 1,000,000 hands
peaked at 787 MiB with it and 698 MiB without (2026-12-05); on the 100 MB benchmark file
the two were within the machine's noise of each other (30,100-35,687 hands/s with
mimalloc, 27,393-34,031 with ``malloc`` warm, 22,010 in the run that made the file).
"""

from __future__ import annotations

import ctypes
import gc
import os
import tempfile
from collections.abc import Callable, MutableMapping
from functools import cache
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa


#: environment variables ``hhaudit`` sets, where the user has not, before any library reads them
ALLOCATOR_DEFAULTS = {"ARROW_DEFAULT_MEMORY_POOL": "system"}


def set_allocator_defaults(environ: MutableMapping[str, str]) -> None:
    """Set ``ALLOCATOR_DEFAULTS`` in ``environ``, each where it is not set already (an
    operator's own choice stands).

    >>> env = {"ARROW_DEFAULT_MEMORY_POOL": "jemalloc"}
    >>> set_allocator_defaults(env)
    >>> env["ARROW_DEFAULT_MEMORY_POOL"]
    'jemalloc'
    >>> env = {}
    >>> set_allocator_defaults(env)
    >>> env
    {'ARROW_DEFAULT_MEMORY_POOL': 'system'}
    """
    for name, value in ALLOCATOR_DEFAULTS.items():
        environ.setdefault(name, value)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl).

    Looked up among the symbols the process has loaded (``CDLL(None)``), not by
    ``ctypes.util.find_library``, which runs ``ldconfig -p`` in a child process: a fork
    of a process holding most of a gigabyte, which a memory sample of the process tree
    counted twice (``bench.ingest_bench`` saw 1.3 GB peaks in 2 runs of 5 at 1,000,000 hands).
    """
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    if trim is not None:
        trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


def give_back() -> None:
    """Collect garbage, and return the freed memory of Arrow's pool and of ``malloc`` to
    the system."""
    gc.collect()
    import pyarrow as pa

    pa.default_memory_pool().release_unused()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


class Spill:
    """Arrow tables kept on disk until read back, each by the number ``put`` gave it: in
    one anonymous temporary file, unlinked as it is made, so that nothing is left behind
    however the process ends (a killed nightly job leaves no file)."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._where: list[tuple[int, int]] = []

    def put(self, table: pa.Table) -> int:
        import pyarrow as pa

        if self._file is None:
            self._file = tempfile.TemporaryFile()
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, table.schema) as stream:
            stream.write_table(table)
        data = sink.getvalue()
        self._where.append((self._file.seek(0, os.SEEK_END), data.size))
        self._file.write(data)
        return len(self._where) - 1

    def get(self, number: int) -> pa.Table:
        import pyarrow as pa

        assert self._file is not None
        at, size = self._where[number]
        self._file.seek(at)
        return pa.ipc.open_stream(self._file.read(size)).read_all()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
