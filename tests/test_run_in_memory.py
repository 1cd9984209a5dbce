"""``run`` audits the hand tables it just ingested from memory when they are the whole lake
(issue 14), with the outcome of reading them back; otherwise it reads the lake."""

from __future__ import annotations

from pathlib import Path

from audit.ingest import ingest
from audit.ingest.store import KeptTables
from audit.jobs import audit_job, run_job
from audit.pipeline import LakeTables, audit_lake
from tests.corpus import require_corpus

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "sample_data").glob("table-*"))


def _platform_dirs() -> list[Path]:
    return sorted(p for p in require_corpus().iterdir() if p.is_dir())


def test_the_kept_tables_audit_as_the_lake_does(tmp_path: Path) -> None:
    kept = KeptTables(10**6)
    summary = ingest(_platform_dirs(), tmp_path / "lake", keep=kept)
    assert kept.usable and kept.hands == summary.hands_parsed > 400
    assert sum(kept.partitions().values()) == summary.hands_parsed
    assert kept.partitions() == LakeTables(tmp_path / "lake").partitions()
    from_lake = audit_lake(tmp_path / "lake", workers=1)
    in_memory = audit_lake(tmp_path / "lake", workers=1, tables=kept)
    assert in_memory.verdicts.equals(from_lake.verdicts)
    assert in_memory.findings.equals(from_lake.findings) and from_lake.findings.height > 0
    batched = audit_lake(tmp_path / "lake", workers=1, tables=kept, batch_hands=25)
    assert batched.verdicts.equals(from_lake.verdicts) and batched.findings.equals(from_lake.findings)


def test_a_lake_holding_hands_already_is_read_back(tmp_path: Path) -> None:
    first = KeptTables(10**6)
    ingest(SAMPLES[:1], tmp_path / "lake", keep=first)
    assert first.usable and first.hands > 0
    second = KeptTables(10**6)
    ingest(SAMPLES[1:], tmp_path / "lake", keep=second)
    assert not second.usable  # the lake's hands are more than this ingest's


def test_more_hands_than_the_cap_are_not_kept(tmp_path: Path) -> None:
    kept = KeptTables(10)
    summary = ingest(SAMPLES[:1], tmp_path / "lake", keep=kept)
    assert summary.hands_parsed > 10 and not kept.usable


def test_run_audits_what_audit_reads_back_from_its_lake(tmp_path: Path) -> None:
    # run's lake starts empty (--overwrite removes an earlier run's), so run audits from memory
    ran = run_job(SAMPLES, tmp_path / "out")
    audited = audit_job(ran.paths.lake, tmp_path / "audit")
    assert ran.counts["audited"] == audited.counts["audited"] > 100
    assert ran.outcome.verdicts.equals(audited.outcome.verdicts)
    assert ran.outcome.findings.equals(audited.outcome.findings)


_STARTED: list[str] | None = None


def _record_children(event: str, args: tuple) -> None:
    if _STARTED is not None and event in ("subprocess.Popen", "os.fork", "os.posix_spawn", "os.exec"):
        _STARTED.append(f"{event} {args[0]!r}")


def test_a_small_run_starts_no_child_process(tmp_path: Path) -> None:
    # a fork of the run's process (ctypes.util.find_library ran 'ldconfig -p' to find
    # malloc_trim) doubled the memory a sample of its process tree counted
    global _STARTED
    import sys

    from audit.memory import _malloc_trim

    sys.addaudithook(_record_children)
    _malloc_trim.cache_clear()
    _STARTED = []
    try:
        result = run_job(SAMPLES[:1], tmp_path / "out", workers=1)
        started = list(_STARTED)
    finally:
        _STARTED = None
    assert result.counts["audited"] > 0 and _malloc_trim() is not None
    assert started == []
