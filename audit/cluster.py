"""The same ingest on a Dask cluster: the cluster's workers parse, this process stores.

A ``dask.distributed`` scheduler (``dask scheduler``, then ``dask worker ADDRESS`` on each
machine) runs ``parse_chunk`` on the chunks this process cuts at hand boundaries, as the
local process pool does. Each result comes back here and is stored and committed by the
one writer the local run uses, so the lake is the local run's row for row, and a chunk
that the scheduler runs again after a worker died still reaches the lake once: a result is
stored when it arrives, and a task is retried only while its result has not arrived.

What scales with the cluster is the parse (about three quarters of an ingest's CPU);
reading the input bytes, the duplicate check and the commit stay in this process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from audit.errors import BadInput

#: seconds to wait for the scheduler before the command gives up with a message
CONNECT_TIMEOUT = 20


class ClusterUnavailable(BadInput):
    """``--dask`` names a scheduler this process cannot use."""


@dataclass
class ClusterPool:
    """Chunks to the cluster: ``submit`` as a ``concurrent.futures`` executor does, and as
    many chunks in flight as the cluster has worker threads."""

    address: str
    client: Any  # distributed.Client: the package has no type hints
    executor: Executor

    @property
    def slots(self) -> int:
        return max(1, int(sum(self.client.nthreads().values())))

    def submit(self, task: Callable[..., Any], *args: Any) -> Future[Any]:
        return self.executor.submit(task, *args)


@contextmanager
def dask_pool(address: str, timeout: float = CONNECT_TIMEOUT) -> Iterator[ClusterPool]:
    """A connection to the scheduler at ``address``, closed on leaving."""
    try:
        from distributed import Client
    except ImportError as exc:  # the optional extra is not installed
        raise ClusterUnavailable("--dask needs Dask: pip install 'hhaudit[dask]'") from exc
    try:
        connect: Any = Client  # untyped package
        client: Any = connect(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        # pure=False: two equal chunks (a file given twice) are two tasks, as in a local run
        yield ClusterPool(address, client, client.get_executor(pure=False))
    finally:
        client.close()
