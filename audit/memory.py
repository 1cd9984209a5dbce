"""Giving freed memory back to the system between the stages of a run.

Memory a stage freed stays in the process unless the allocators return it: CPython's
and glibc's ``malloc`` keep freed blocks for reuse, and Arrow's pool keeps its own. After
an ingest of 1,000,000 hands the process held some 350 MiB more than it used until they
were asked (``bench.ingest_bench --command run``), which the audit's batches then added
to. ``give_back`` asks each of them; it changes no result.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl)."""
    name = ctypes.util.find_library("c")
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
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
