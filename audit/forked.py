"""Pure-Python work shared among forked worker processes, results in order."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

#: the work of ``in_order``, inherited by forked workers (never pickled)
_WORK: Sequence[tuple[Any, ...]] = ()
_TASK: Callable[..., Any] | None = None


def _run_slice(bounds: tuple[int, int]) -> list[Any]:
    assert _TASK is not None
    return [_TASK(*item) for item in _WORK[bounds[0]:bounds[1]]]


def in_order(task: Callable[..., Any], work: Sequence[tuple[Any, ...]], workers: int | None,
             least: int) -> Iterator[Any]:
    """``task(*item)`` of every item of ``work``, in order.

    From ``least`` items on, forked worker processes (``workers``, default one per core)
    share the work in contiguous slices whose results come back in order, so the outcome
    is the same as here. Tasks must not use polars (its threads do not survive a fork).
    """
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count < 2 or len(work) < least or "fork" not in multiprocessing.get_all_start_methods():
        yield from (task(*item) for item in work)
        return
    global _WORK, _TASK
    _WORK, _TASK = work, task
    try:
        step = max(1, -(-len(work) // (8 * count)))
        slices = [(start, min(start + step, len(work))) for start in range(0, len(work), step)]
        with multiprocessing.get_context("fork").Pool(count) as pool:
            for results in pool.imap(_run_slice, slices):
                yield from results
    finally:
        _WORK, _TASK = (), None
