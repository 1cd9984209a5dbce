"""The same run on a Dask cluster: the cluster's workers parse and audit, this process stores.

A ``dask.distributed`` scheduler (``dask scheduler``, then ``dask worker ADDRESS`` on each
machine) runs ``parse_chunk`` on the chunks this process cuts at hand boundaries, as the
local process pool does. Each result comes back here and is stored and committed by the
one writer the local run uses, so the lake is the local run's row for row, and a chunk
that the scheduler runs again after a worker died still reaches the lake once: a result is
stored when it arrives, and a task is retried only while its result has not arrived.

What scales with the cluster is the parse (about three quarters of an ingest's CPU);
reading the input bytes, the duplicate check and the commit stay in this process. The
audit runs as one task per platform (``audit_on_cluster``), each reading its partitions
of the lake at the versions this process pinned: the workers must see the lake's folder
at the same path (a shared file system).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audit.errors import BadInput
from audit.outputs import AuditOutcome

if TYPE_CHECKING:
    from rules.odd_chip import Policy
    from rules.rake import RakeSchedule

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


def _audit_platform(lake: str, platform: str, versions: dict[str, int], policy: str | None,
                    rake_schedules: Sequence[RakeSchedule] | None) -> AuditOutcome:
    """One task: the audit of one platform's partitions, at the lake versions given."""
    from audit.lake import pinned
    from audit.pipeline import audit_lake

    with pinned(Path(lake), versions):
        return audit_lake(Path(lake), policy=policy, workers=1, rake_schedules=rake_schedules,
                          platforms=[platform])


def audit_on_cluster(pool: ClusterPool, lake: Path, *, policy: str | None = None,
                     accept: Mapping[tuple[str, str], str] | None = None,
                     rake_schedules: Sequence[RakeSchedule] | None = None) -> AuditOutcome:
    """``audit_lake`` with each platform's hands audited by a task on the cluster.

    A hand's audit reads only its own rows, so the audits of the platforms' partitions
    put together are the audit of the lake: verdicts and findings are ordered as
    ``audit_lake`` orders them, and the accept file is applied to the whole, here.
    Every task reads the lake at the versions this process pinned.
    """
    import polars as pl

    from audit.findings import order_findings
    from audit.lake import lake_versions, read_table
    from audit.pipeline import apply_accept

    versions = lake_versions(lake)
    platforms = sorted(read_table(lake, "hands", ["platform"])["platform"].unique().to_list())
    where = str(Path(lake).resolve())  # a worker's working folder is not this one
    futures = [pool.submit(_audit_platform, where, p, versions, policy, rake_schedules) for p in platforms]
    parts: list[AuditOutcome] = [f.result() for f in futures]
    if not parts:  # an empty lake: the local audit's empty outcome
        from audit.pipeline import audit_lake

        return audit_lake(lake, policy=policy, accept=accept, rake_schedules=rake_schedules)
    verdicts = pl.concat([p.verdicts for p in parts]).sort("hand_key")
    findings = order_findings(pl.concat([p.findings for p in parts]))
    unmatched: list[tuple[str, str]] = []
    if accept:
        findings, unmatched = apply_accept(findings, accept)
    policies: dict[str, Policy] = {}
    for part in parts:
        policies.update(part.policies)
    return AuditOutcome(verdicts, findings, dict(sorted(policies.items())), unmatched)
