"""The library behind the commands (``audit.jobs``, ``audit.report_job``): result
objects, exit statuses, progress on its own stream, and the README's example."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from audit.cli.progress import progress_display
from audit.errors import ExitStatus
from audit.jobs import audit_job, exit_status, ingest_job, run_job
from audit.outputs import AuditOutcome
from audit.report_job import ReportFormat, report_job

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_data" / "table-aral-2024-03-01.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory):
    return run_job([SAMPLE], tmp_path_factory.mktemp("run") / "out")


def test_run_job_returns_the_counts_the_paths_and_the_status_the_command_prints(sample_run, tmp_path) -> None:
    cli = runner.invoke(app, ["run", str(SAMPLE), "--out", str(tmp_path / "cli")])
    assert cli.exit_code == int(sample_run.exit_status) == 1
    assert json.loads(cli.stdout.splitlines()[-1]) == sample_run.counts
    assert (sample_run.counts["hands_found"], sample_run.counts["audited"], sample_run.counts["findings"]) == (
        150, 150, 14)
    paths = sample_run.paths
    assert paths.lake == paths.out / "lake" and (paths.lake / "hands").is_dir()
    written = [paths.findings, paths.hands, paths.report, paths.explanations]
    manifest = json.loads(paths.manifest.read_text())
    assert [o["file"] for o in manifest["outputs"]] == [p.name for p in written if p is not None]
    assert pl.read_parquet(paths.findings).height == sample_run.outcome.findings.height == sample_run.counts[
        "finding_rows"]
    assert sample_run.ingest is not None and sample_run.ingest.hands_parsed == 150


def test_audit_job_of_the_run_lake_agrees_and_writes_no_report(sample_run, tmp_path) -> None:
    result = audit_job(sample_run.paths.lake, tmp_path / "a")
    assert result.exit_status is ExitStatus.FINDINGS
    assert result.counts == sample_run.counts
    assert (result.paths.report, result.paths.explanations, result.ingest) == (None, None, None)
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["findings.parquet", "hands.parquet",
                                                                 "manifest.json"]


def test_ingest_job_exit_status_counts_bad_files_and_quarantined_hands(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("shopping list\n")
    result = ingest_job([tmp_path / "notes.txt"], tmp_path / "lake")
    assert result.exit_status is ExitStatus.INPUT_PROBLEMS
    assert [(f.status, f.message) for f in result.summary.bad_files] == [
        ("unrecognised", "no parser recognises this file (not a hand history of a platform hhaudit reads)")]
    cut = tmp_path / "cut.txt"
    cut.write_text(SAMPLE.read_text(encoding="utf-8")[:3000], encoding="utf-8")  # the second hand is truncated
    strict = ingest_job([cut], tmp_path / "lake2")
    assert (strict.summary.hands_quarantined, strict.exit_status) == (1, ExitStatus.INPUT_PROBLEMS)
    tolerant = ingest_job([cut], tmp_path / "lake3", max_quarantined=1)
    assert tolerant.exit_status is ExitStatus.OK
    assert tolerant.counts == tolerant.summary.as_dict()


def _outcome(verdicts: list[str], accepted: list[bool]) -> AuditOutcome:
    return AuditOutcome(pl.DataFrame({"verdict": verdicts}, schema={"verdict": pl.Utf8}),
                        pl.DataFrame({"accepted": accepted, "kind": ["odd_chip"] * len(accepted)},
                                     schema={"accepted": pl.Boolean, "kind": pl.Utf8}), {})


@pytest.mark.parametrize("counts, verdicts, accepted, flags, expected", [
    ({}, ["clean"], [], (0, False), ExitStatus.OK),
    ({}, ["findings"], [True], (0, False), ExitStatus.OK),  # accepted findings do not fail
    ({}, ["findings"], [False], (0, False), ExitStatus.FINDINGS),
    ({"unverifiable": 1}, ["unverifiable"], [], (0, False), ExitStatus.OK),
    ({"unverifiable": 1}, ["unverifiable"], [], (0, True), ExitStatus.FINDINGS),
    ({"quarantined": 2}, ["clean"], [], (2, False), ExitStatus.OK),
    ({"quarantined": 3}, ["findings"], [False], (2, False), ExitStatus.INPUT_PROBLEMS),  # the highest wins
    ({"bad_files": 1}, ["findings"], [False], (5, False), ExitStatus.INPUT_PROBLEMS),
])
def test_exit_status_is_the_highest_that_applies(counts, verdicts, accepted, flags, expected) -> None:
    assert exit_status(counts, _outcome(verdicts, accepted), *flags) is expected


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_drawn_by_rich_on_its_own_stream_and_only_on_a_terminal(tmp_path: Path, capsys) -> None:
    terminal = _Terminal()
    with progress_display(stream=terminal) as progress:
        assert progress is not None
        result = ingest_job([SAMPLE], tmp_path / "lake", progress=progress)
    assert result.summary.hands_parsed == 150
    assert "reading table-aral-2024-03-01.txt" in terminal.getvalue()
    assert capsys.readouterr() == ("", "")  # nothing on stdout or stderr
    with progress_display(stream=io.StringIO()) as progress:  # not a terminal
        assert progress is None
    with progress_display(enabled=False, stream=_Terminal()) as progress:
        assert progress is None


def test_report_job_returns_the_text_or_writes_the_file(sample_run, tmp_path: Path) -> None:
    printed = report_job(sample_run.paths.out, ReportFormat.JSONL)
    assert printed.written is None and printed.message == ""
    assert printed.text is not None
    assert len(printed.text.splitlines()) == sample_run.counts["finding_rows"]
    target = tmp_path / "f.csv"
    written = report_job(sample_run.paths.out, ReportFormat.CSV, target)
    assert (written.text, written.written) == (None, target)
    assert written.message == f"wrote {sample_run.counts['finding_rows']} findings to {target}"
    assert target.read_text(encoding="utf-8").startswith("hand_key,")


def test_the_readme_library_example_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Library API"):]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None and "run_job(" in block.group(1)
    (tmp_path / "sample_data").symlink_to(REPO / "sample_data")
    monkeypatch.chdir(tmp_path)
    exec(compile(block.group(1), "README.md (Library API)", "exec"), {})
    assert capsys.readouterr().out == (
        "41 hands with findings, 73 differences\n"
        "lib-out is not empty (use --overwrite to replace its contents)\n")


def test_progress_shows_a_file_name_as_text_never_as_markup_or_escapes(tmp_path: Path) -> None:
    name = tmp_path / "[bold]x\x1b[2J.txt"
    shutil.copy(SAMPLE, name)
    terminal = _Terminal()
    with progress_display(stream=terminal) as progress:
        assert progress is not None
        progress.begin("reading")
        progress.reading(str(name))
        progress.display.refresh()
    shown = terminal.getvalue()
    assert "reading [bold]x\\x1b[2J.txt" in shown and "\x1b[2J" not in shown
