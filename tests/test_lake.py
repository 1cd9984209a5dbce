"""The Delta lake: incremental ingest, concurrent writers, and kills at any moment.

Each test runs the real thing: real Delta tables, real ``hhaudit`` subprocesses killed
with SIGKILL (``HHAUDIT_TEST_PAUSE`` holds one at a named point of its write, see
``audit.lake``), and compares the lake's content sorted by key with an uninterrupted run's.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from audit.ingest import ingest
from audit.lake import PAUSE_VARIABLE, PAUSED_VARIABLE, TABLES, lake_versions, read_table
from tests.corpus import require_corpus
from tests.test_ingest_speed_paths import _hand

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_data"


def content(lake: Path) -> dict[str, list[tuple]]:
    """Every table's rows, sorted: what two lakes must agree on."""
    return {name: sorted(map(repr, read_table(lake, name).rows())) for name in TABLES}


def hhaudit(*args: str, pause: str | None = None, paused: Path | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop(PAUSE_VARIABLE, None)
    env.pop(PAUSED_VARIABLE, None)
    if pause:
        env[PAUSE_VARIABLE] = pause
    if paused:
        env[PAUSED_VARIABLE] = str(paused)
    return subprocess.Popen([sys.executable, "-m", "audit", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


# ------------------------------------------------------------------ incremental


def test_a_second_ingest_skips_files_already_ingested_and_adds_no_row(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    first = ingest([SAMPLE], lake)
    before = content(lake)
    second = ingest([SAMPLE], lake)
    assert (second.hands_found, second.as_dict()["files"], len(second.skipped)) == (0, 0, len(first.files))
    assert content(lake) == before


def test_a_file_that_grew_is_read_from_where_it_stopped(tmp_path: Path) -> None:
    path, lake = tmp_path / "table.txt", tmp_path / "lake"
    path.write_text(_hand("1") + _hand("2"), encoding="utf-8")
    assert ingest([path], lake).hands_parsed == 2
    start = path.stat().st_size
    with open(path, "a", encoding="utf-8") as f:
        f.write(_hand("3"))
    grown = ingest([path], lake)
    assert (grown.hands_found, grown.hands_parsed, grown.hands_duplicate) == (1, 1, 0)
    files = read_table(lake, "files")
    assert files.select("source_file", "size", "hands_found", "hands_parsed").rows() == [
        (str(path), path.stat().st_size, 3, 3)]
    hands = read_table(lake, "hands").sort("hand_id")
    assert hands["hand_id"].to_list() == ["1", "2", "3"]
    assert hands["source_offset"][2] == start
    again = ingest([path], lake)
    assert (again.hands_found, again.skipped) == (0, [str(path)])


@pytest.mark.corpus
def test_three_ingests_of_the_corpus_keep_one_row_per_file_and_quarantined_hand(tmp_path: Path) -> None:
    corpus = require_corpus()
    lake = tmp_path / "lake"
    summaries = [ingest([corpus], lake) for _ in range(3)]
    assert [s.hands_found for s in summaries] == [431, 0, 0]
    assert [len(s.skipped) for s in summaries] == [0, 197, 197]
    files = read_table(lake, "files")
    assert (files.height, files["hands_found"].sum(), read_table(lake, "quarantine").height) == (197, 431, 5)


# ------------------------------------------------------------------ concurrency


def test_two_ingests_into_one_lake_at_once_store_every_hand_once(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    sample = str(SAMPLE / "table-aral-2024-03-01.txt")
    # the first holds its write open for a while, so that the second starts meanwhile
    first = hhaudit("ingest", sample, "--lake", str(lake), "--json", pause="parts:2")
    second = hhaudit("ingest", sample, "--lake", str(lake), "--json")
    outs = [p.communicate(timeout=120) for p in (first, second)]
    assert [p.returncode for p in (first, second)] == [0, 0], outs
    hands = read_table(lake, "hands")
    assert (hands.height, hands["hand_key"].n_unique()) == (150, 150)
    assert read_table(lake, "files").height == 1


# ------------------------------------------------------------------ kills


def _killed_at(args: list[str], pause: str, flag: Path, delay: float) -> None:
    """Start ``hhaudit ARGS`` and SIGKILL it: where it pauses at the point ``pause``
    names (once it says it is there, in the file ``flag``), or ``delay`` seconds in."""
    proc = hhaudit(*args, pause=pause or None, paused=flag)
    deadline = time.monotonic() + 120
    while pause and not flag.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert not pause or flag.exists(), proc.communicate()
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.slow
# each moment but the first is a named pause point, never a delay: a timed kill can land
# after a fast machine finished the ingest
@pytest.mark.parametrize(("pause", "delay"), [("", 0.3), ("parse:60", 0.1), ("parts:60", 0.1),
                                              ("commit:60", 0.1), ("state:60", 0.1)],
                         ids=["early", "mid-parse", "after-a-part", "between-commits", "before-lake-json"])
def test_ingest_killed_at_any_moment_then_rerun_gives_the_uninterrupted_lake(tmp_path: Path, pause: str,
                                                                           delay: float) -> None:
    inputs = [str(SAMPLE)]
    clean = tmp_path / "clean"
    assert ingest(inputs, clean).hands_parsed > 0
    lake = tmp_path / "lake"
    before_kill = None
    if pause.startswith("commit"):  # a lake with an ingest committed already
        ingest([str(SAMPLE / "table-aral-2024-03-01.txt")], lake)
        before_kill = content(lake)
    _killed_at(["ingest", *inputs, "--lake", str(lake)], pause, tmp_path / "paused", delay)
    if before_kill is not None:  # killed between two tables' commits: readers see the lake as before
        assert content(lake) == before_kill
    ingest(inputs, lake)
    assert content(lake) == content(clean)
    orphans = [p for p in lake.rglob("*.parquet") if p not in set(_referenced(lake))]
    assert orphans == []


def _referenced(lake: Path) -> list[Path]:
    from audit.lake import table_files

    return [f for name in TABLES for f in table_files(lake, name)]


@pytest.mark.slow
@pytest.mark.parametrize("pause", ["parse:60", "commit:60"])
def test_run_killed_then_rerun_gives_the_uninterrupted_outputs(tmp_path: Path, pause: str) -> None:
    clean = hhaudit("run", str(SAMPLE), "--out", str(tmp_path / "clean"))
    clean.communicate(timeout=300)
    out = tmp_path / "out"
    _killed_at(["run", str(SAMPLE), "--out", str(out)], pause, tmp_path / "paused", 0.1)
    rerun = hhaudit("run", str(SAMPLE), "--out", str(out), "--overwrite")
    rerun.communicate(timeout=300)
    assert rerun.returncode == clean.returncode == 1  # the sample's planted errors
    assert content(out / "lake") == content(tmp_path / "clean" / "lake")
    for name in ("findings.parquet", "hands.parquet"):
        cols = ["hand_key", "seat", "kind"] if name == "findings.parquet" else ["hand_key"]
        assert pl.read_parquet(out / name).sort(cols).equals(pl.read_parquet(tmp_path / "clean" / name).sort(cols))


def test_the_versions_read_are_those_of_the_last_complete_commit(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    ingest([SAMPLE / "table-aral-2024-03-01.txt"], lake)
    versions = lake_versions(lake)
    assert set(versions) == set(TABLES) and versions["hands"] >= 1


# ------------------------------------------------------------------ verify, optimize, vacuum


def _flip_a_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> Path:
    from audit.jobs import run_job

    out = tmp_path_factory.mktemp("verify") / "out"
    run_job([SAMPLE], out)
    return out


def _copy(out: Path, tmp_path: Path) -> Path:
    import shutil

    copy = tmp_path / "out"
    shutil.copytree(out, copy)
    return copy


def test_verify_passes_on_a_fresh_run_and_the_manifest_records_the_versions(audited: Path) -> None:
    import json

    from audit.verify import verify

    manifest = json.loads((audited / "manifest.json").read_text())
    assert manifest["lake"]["versions"] == lake_versions(audited / "lake")
    result = verify(audited)
    assert (result.problems, int(result.exit_status)) == ([], 0)
    assert result.checked["audited_hands"] == 450


def test_verify_names_an_output_with_a_changed_byte_and_exits_1(audited: Path, tmp_path: Path) -> None:
    out = _copy(audited, tmp_path)
    _flip_a_byte(out / "findings.parquet")
    done = hhaudit("verify", str(out))
    stdout, _ = done.communicate(timeout=120)
    assert (done.returncode, stdout) == (
        1, f"{out / 'findings.parquet'}: its SHA-256 differs from the manifest's (the file was changed)\n")


def test_verify_names_a_lake_part_with_a_changed_byte(audited: Path, tmp_path: Path) -> None:
    from audit.lake import table_files
    from audit.verify import verify

    out = _copy(audited, tmp_path)
    part = table_files(out / "lake", "payouts")[0]
    _flip_a_byte(part)
    assert verify(out).problems == [
        f"{part}: its SHA-256 differs from the manifest's (the lake was changed)"]


def test_verify_finds_findings_that_an_audit_does_not_produce(audited: Path, tmp_path: Path) -> None:
    import json

    from audit.outputs import file_sha256
    from audit.verify import verify

    out = _copy(audited, tmp_path)
    findings = pl.read_parquet(out / "findings.parquet")
    findings.head(findings.height - 1).write_parquet(out / "findings.parquet")  # one finding dropped
    manifest = json.loads((out / "manifest.json").read_text())
    for entry in manifest["outputs"]:  # and the digest made to match, as a forger would
        entry["sha256"] = file_sha256(out / entry["file"])
    (out / "manifest.json").write_text(json.dumps(manifest))
    assert verify(out).problems == [
        f"{out / 'findings.parquet'}: differs from an audit of the lake at the recorded versions "
        f"({findings.height - 1} rows written, {findings.height} audited)"]


def test_optimize_compacts_verify_reads_the_recorded_versions_and_vacuum_removes_them(tmp_path: Path) -> None:
    from audit.explanation import explain_hand
    from audit.jobs import audit_job
    from audit.lake import table_files
    from audit.lake_job import optimize_job, vacuum_job
    from audit.verify import verify

    lake = tmp_path / "lake"
    ingest([SAMPLE / "table-aral-2024-03-01.txt"], lake)
    ingest([SAMPLE / "table-bering-2024-03-01.txt"], lake)  # the same partition: a second file
    assert len(table_files(lake, "hands")) == 2
    audit_job(lake, tmp_path / "out")
    before = content(lake)
    assert optimize_job(lake)["files_compacted"]["hands"] == 2
    assert len(table_files(lake, "hands")) == 1 and content(lake) == before
    assert verify(tmp_path / "out").problems == []  # the audited versions are still readable
    # Delta's compaction writes files without hhaudit's Parquet metadata: the lake still audits
    audit_job(lake, tmp_path / "again")
    findings = [pl.read_parquet(out / "findings.parquet").drop("run_id", strict=False) for out in
                (tmp_path / "out", tmp_path / "again")]
    assert findings[0].height > 0 and findings[0].equals(findings[1])
    key = findings[0]["hand_key"][0]
    assert explain_hand(lake, key)["hand_key"] == key
    assert vacuum_job(lake, retention_hours=0)["deleted_files"] >= 2
    assert content(lake) == before
    problems = verify(tmp_path / "out").problems
    assert problems and all("a data file of the audited lake version is missing" in p for p in problems)


def test_lake_commands_on_a_folder_that_is_no_lake_exit_2(tmp_path: Path) -> None:
    done = hhaudit("lake", "vacuum", str(tmp_path / "nope"))
    _, stderr = done.communicate(timeout=60)
    assert (done.returncode, stderr) == (
        2, f"hhaudit: {tmp_path / 'nope'} is not a lake (no hands table); run hhaudit ingest first\n")


def test_a_lake_without_its_payouts_table_is_an_input_error(tmp_path: Path) -> None:
    import shutil

    lake = tmp_path / "lake"
    ingest([SAMPLE / "table-aral-2024-03-01.txt"], lake)
    shutil.rmtree(lake / "payouts")
    done = hhaudit("audit", "--lake", str(lake), "--out", str(tmp_path / "out"))
    _, stderr = done.communicate(timeout=120)
    assert (done.returncode, stderr) == (
        3, f"hhaudit: {lake}: the lake has no payouts table ({lake / 'payouts'} is missing)\n")


def test_a_partition_made_of_many_small_ingests_is_compacted(tmp_path: Path) -> None:
    from audit.lake import COMPACT_FROM, table_files

    lake = tmp_path / "lake"
    for n in range(COMPACT_FROM):
        path = tmp_path / f"t{n}.txt"
        path.write_text(_hand(str(n + 1)), encoding="utf-8")
        ingest([path], lake)
    assert len(table_files(lake, "hands")) == 1  # the sixteenth ingest compacted the partition
    assert sorted(read_table(lake, "hands")["hand_id"].to_list(), key=int) == [str(n + 1) for n in range(COMPACT_FROM)]


def test_a_lake_whose_path_has_a_space_is_read_written_again_and_audited(tmp_path: Path) -> None:
    """deltalake names a part by its percent-encoded path (``Compliance%20Data``): read as
    spelt, no part of such a lake is found."""
    from audit.lake import table_files

    out = tmp_path / "Compliance Data" / "night 1"
    run = hhaudit("run", str(SAMPLE), "--out", str(out))
    _, stderr = run.communicate(timeout=300)
    assert run.returncode == 1, stderr  # sample_data has findings
    lake = out / "lake"
    assert all(path.is_file() for path in table_files(lake, "hands"))
    before = content(lake)
    assert sum(len(rows) for rows in before.values()) > 0
    again = ingest([SAMPLE], lake)
    assert (again.hands_found, len(again.skipped)) == (0, 3)
    assert content(lake) == before
    assert read_table(lake, "hands").height == 450
    hand_key = read_table(lake, "hands")["hand_key"].sort()[0]
    explain = hhaudit("explain", hand_key, "--lake", str(lake))
    shown, _ = explain.communicate(timeout=120)
    assert explain.returncode == 0 and shown.startswith(f"hand {hand_key} ")
