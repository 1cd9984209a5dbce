"""The corpus ingested on a real Dask ``LocalCluster`` (worker processes) is the local
ingest's lake row for row, also when a worker is killed while it parses."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from audit.ingest import ingest
from audit.lake import read_table
from audit.schema import TABLES
from tests.corpus import require_corpus

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install '.[dask]')")

pytestmark = [pytest.mark.slow, pytest.mark.corpus]

#: small chunks, so the corpus makes many tasks and a killed worker holds some of them
CHUNK_CHARS = 20_000


def lake_rows(lake: Path) -> dict[str, list[str]]:
    """Every table's rows as sorted text: order of arrival is not part of the content."""
    return {name: sorted(repr(row) for row in read_table(lake, name).iter_rows()) for name in TABLES}


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


@pytest.fixture(scope="module")
def local_lake(tmp_path_factory):
    lake = tmp_path_factory.mktemp("local") / "lake"
    summary = ingest([require_corpus()], lake, workers=1, chunk_chars=CHUNK_CHARS)
    return lake, summary


def test_corpus_on_two_worker_processes_is_the_local_lake(cluster, local_lake, tmp_path):
    from audit.cluster import dask_pool

    lake, local = local_lake
    with dask_pool(cluster.scheduler_address) as pool:
        assert pool.slots == 2
        summary = ingest([require_corpus()], tmp_path / "lake", chunk_chars=CHUNK_CHARS, cluster=pool)
    assert (summary.hands_found, summary.hands_parsed, summary.hands_quarantined) == (431, 423, 5)
    assert (local.hands_found, local.hands_parsed, local.hands_quarantined) == (431, 423, 5)
    assert lake_rows(tmp_path / "lake") == lake_rows(lake)


def test_a_worker_killed_mid_ingest_loses_and_doubles_nothing(cluster, local_lake, tmp_path):
    from audit.cluster import dask_pool

    lake, _ = local_lake
    with dask_pool(cluster.scheduler_address) as pool:
        pids = pool.client.run(os.getpid)  # worker address -> its process id
        victim = sorted(pids.values())[0]
        read: list[str] = []

        def kill_after_a_few_files(name: str) -> None:
            read.append(name)
            if len(read) == 40:  # chunks of earlier files are in flight on both workers now
                os.kill(victim, signal.SIGKILL)

        summary = ingest([require_corpus()], tmp_path / "lake", chunk_chars=CHUNK_CHARS, cluster=pool,
                         progress=kill_after_a_few_files)
        survivors = set(pool.client.run(os.getpid).values())
    assert victim not in survivors  # the worker really died (its nanny started another)
    assert (summary.hands_found, summary.hands_parsed, summary.hands_quarantined) == (431, 423, 5)
    assert lake_rows(tmp_path / "lake") == lake_rows(lake)


def test_an_unreachable_scheduler_is_a_one_line_usage_error():
    from audit.cluster import ClusterUnavailable, dask_pool

    with pytest.raises(ClusterUnavailable, match=r"^cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9: "):
        with dask_pool("tcp://127.0.0.1:9", timeout=2):
            pass


def test_run_on_the_cluster_writes_the_local_run_outputs(cluster, tmp_path):
    # `hhaudit run --dask`: the parse and each platform's audit on the workers; the
    # findings, verdicts and lake are the local run's, and the manifest names the engine
    import json

    import polars as pl
    from typer.testing import CliRunner

    from audit.cli.app import app

    runner = CliRunner()
    local = runner.invoke(app, ["run", str(require_corpus()), "--out", str(tmp_path / "local"), "--workers", "1"])
    remote = runner.invoke(app, ["run", str(require_corpus()), "--out", str(tmp_path / "dask"),
                                 "--dask", cluster.scheduler_address])
    assert (local.exit_code, remote.exit_code) == (3, 3)  # the corpus's MANIFEST.tsv and its 4 quarantined hands
    assert remote.stdout.splitlines()[-1] == local.stdout.splitlines()[-1]  # the counts line
    for name in ("findings.parquet", "hands.parquet"):
        assert pl.read_parquet(tmp_path / "dask" / name).equals(pl.read_parquet(tmp_path / "local" / name))
    assert lake_rows(tmp_path / "dask" / "lake") == lake_rows(tmp_path / "local" / "lake")
    manifests = [json.loads((tmp_path / d / "manifest.json").read_text()) for d in ("local", "dask")]
    assert [m["engine"] for m in manifests] == ["local", f"dask {cluster.scheduler_address}"]
    assert manifests[0]["policies"] == manifests[1]["policies"]
