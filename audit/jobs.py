"""The library behind ``hhaudit ingest``, ``audit`` and ``run``: one function per command.

Each takes what the command's options say, does all the work, and returns a result
object: the counts the command prints, the paths it wrote, and its ``ExitStatus``. None
prints. A problem with what it was given raises an ``audit.errors.HhauditError`` with a
one-line message; the command line maps those to exit codes. Progress, where wanted, is
reported to a ``Progress`` (the command line's draws it with rich on stderr).

``run_job`` always finishes and writes every output once its inputs are accepted: the
exit status only summarises (``contracts.md``).
"""

from __future__ import annotations

import json
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Protocol, Sequence

import polars as pl

from audit.accept import AcceptFileError, load_accept
from audit.policies import PolicyResolver
from audit.errors import BadAcceptFile, ExitStatus, NotALake, UnknownPolicy, UnreadableLake
from audit.ingest import IngestSummary, ingest
from audit.lake import LakeError, pinned
from audit.outputs import (
    EXPLANATIONS_FILE,
    FINDINGS_FILE,
    HANDS_FILE,
    LAKE_FOLDER,
    MANIFEST_FILE,
    REPORT_FILE,
    AuditOutcome,
    prepare_out,
    write_outputs,
)
from audit.explanation import explain_hands
from audit.pipeline import audit_lake
from rules.odd_chip import PolicyError

#: explanations embedded for the report: the hands with the largest findings first
MAX_EXPLANATIONS = 1000

#: ``(hand_key, kind) -> reason``, as ``audit.accept.load_accept`` reads an accept file
Accepted = Mapping[tuple[str, str], str]


class Progress(Protocol):
    """Where a job reports how far it is (each call is cheap; none is required)."""

    def begin(self, stage: str) -> None:
        """A stage starts (``reading``, ``auditing``, ``explaining``); the last one ends."""

    def reading(self, name: str) -> None:
        """The file ``name`` is being read."""

    def audited(self, done: int, total: int) -> None:
        """``done`` of ``total`` showdowns are audited."""


@dataclass(frozen=True)
class IngestResult:
    """What ``ingest_job`` did: the counts per file, the lake written, the exit status."""

    summary: IngestSummary
    lake: Path
    exit_status: ExitStatus

    @property
    def counts(self) -> dict[str, Any]:
        """The counts ``hhaudit ingest --json`` prints."""
        return self.summary.as_dict()


@dataclass(frozen=True)
class OutputPaths:
    """The files a job wrote (``report`` and ``explanations`` by ``run`` only)."""

    out: Path
    lake: Path
    findings: Path
    hands: Path
    manifest: Path
    report: Path | None = None
    explanations: Path | None = None


@dataclass(frozen=True)
class AuditResult:
    """What ``audit_job`` or ``run_job`` did: the counts (the JSON object the command
    prints last), the files written, the exit status, and the audit itself."""

    counts: dict[str, Any]
    paths: OutputPaths
    exit_status: ExitStatus
    outcome: AuditOutcome
    ingest: IngestSummary | None = None  # run_job's ingest


def ingest_job(paths: Sequence[Path | str], lake: Path | str, *, workers: int | None = None,
               max_quarantined: int = 0, progress: Progress | None = None) -> IngestResult:
    """``hhaudit ingest``: read ``paths`` (files, folders, ``.gz``, ``.zip``) into ``lake``."""
    lake = Path(lake)
    if progress:
        progress.begin("reading")
    with _lake_errors():
        summary = ingest(paths, lake, workers=workers, progress=progress.reading if progress else None)
    problems = _input_problems(len(summary.bad_files), summary.hands_quarantined, max_quarantined)
    return IngestResult(summary, lake, ExitStatus.INPUT_PROBLEMS if problems else ExitStatus.OK)


def audit_job(lake: Path | str, out: Path | str, *, policy: str | None = None, accept: Path | None = None,
              overwrite: bool = False, max_quarantined: int = 0, fail_on_unverifiable: bool = False,
              progress: Progress | None = None) -> AuditResult:
    """``hhaudit audit``: settle every hand of ``lake`` and write findings, verdicts and
    the manifest to ``out``."""
    lake, out = Path(lake), Path(out)
    if not (lake / "hands").is_dir():
        raise NotALake(lake)
    accepted = load_accept_file(accept)
    prepare_out(out, overwrite)
    with _lake_errors(), pinned(lake):  # one state of the lake, which the manifest records
        outcome = _audit(lake, policy, accepted, progress)
        counts = write_outputs(out, outcome, lake)
    written = OutputPaths(out, lake, out / FINDINGS_FILE, out / HANDS_FILE, out / MANIFEST_FILE)
    return AuditResult(counts, written, exit_status(counts, outcome, max_quarantined, fail_on_unverifiable), outcome)


def run_job(paths: Sequence[Path | str], out: Path | str, *, policy: str | None = None,
            accept: Path | None = None, overwrite: bool = False, max_quarantined: int = 0,
            fail_on_unverifiable: bool = False, workers: int | None = None,
            progress: Progress | None = None) -> AuditResult:
    """``hhaudit run``, the nightly job: ingest ``paths`` into ``out/lake``, audit it, and
    write findings, verdicts, explanations, the HTML report and the manifest to ``out``."""
    out = Path(out)
    accepted = load_accept_file(accept)
    prepare_out(out, overwrite)
    lake = out / LAKE_FOLDER
    if progress:
        progress.begin("reading")
    with _lake_errors():
        ingested = ingest(paths, lake, workers=workers, progress=progress.reading if progress else None)
        with pinned(lake):  # one state of the lake, which the manifest records
            outcome = _audit(lake, policy, accepted, progress)
            if progress:
                progress.begin("explaining")
            explanations = write_explanations(out, lake, outcome, policy, accepted)
            run_id = uuid.uuid4().hex
            # the report shows the manifest, and the final manifest lists the report's digest
            write_outputs(out, outcome, lake, ingest_counts=ingested.as_dict(), run_id=run_id)
            report = write_html_report(out, outcome, explanations)
            counts = write_outputs(out, outcome, lake, extra_files=[report, explanations],
                                   ingest_counts=ingested.as_dict(), run_id=run_id, tables=False)
    written = OutputPaths(out, lake, out / FINDINGS_FILE, out / HANDS_FILE, out / MANIFEST_FILE,
                          report, explanations)
    status = exit_status(counts, outcome, max_quarantined, fail_on_unverifiable)
    return AuditResult(counts, written, status, outcome, ingested)


def exit_status(counts: Mapping[str, Any], outcome: AuditOutcome, max_quarantined: int,
                fail_on_unverifiable: bool) -> ExitStatus:
    """The exit status of an audit with these counts: the highest that applies."""
    if _input_problems(counts.get("bad_files", 0), counts.get("quarantined", 0), max_quarantined):
        return ExitStatus.INPUT_PROBLEMS
    if outcome.open_findings or (fail_on_unverifiable and counts.get("unverifiable")):
        return ExitStatus.FINDINGS
    return ExitStatus.OK


def _input_problems(bad_files: int, quarantined: int, max_quarantined: int) -> bool:
    """Unreadable or unrecognised files, or more quarantined hands than tolerated."""
    return bad_files > 0 or quarantined > max_quarantined


def load_accept_file(path: Path | None) -> dict[tuple[str, str], str]:
    """The accept file's entries (none without one)."""
    if path is None:
        return {}
    try:
        return load_accept(path)
    except AcceptFileError as exc:
        raise BadAcceptFile(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadAcceptFile(f"{path}: cannot read it ({exc})") from None


def check_policy(policy: str | None) -> None:
    """Raise ``UnknownPolicy`` unless ``policy`` is None, a profile name or a readable
    profile file (``.toml``)."""
    try:
        PolicyResolver(policy)
    except PolicyError as exc:
        raise UnknownPolicy(str(exc)) from None
    except OSError as exc:
        raise UnknownPolicy(f"{policy}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UnknownPolicy(f"{policy}: not a text file") from None


@contextmanager
def _lake_errors() -> Iterator[None]:
    """A lake this hhaudit cannot read is an input problem, not a crash."""
    try:
        yield
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from exc


def _audit(lake: Path, policy: str | None, accepted: Accepted, progress: Progress | None) -> AuditOutcome:
    check_policy(policy)
    if progress:
        progress.begin("auditing")
    return audit_lake(lake, policy=policy, accept=accepted, progress=progress.audited if progress else None)


def write_explanations(out: Path, lake: Path, outcome: AuditOutcome, policy: str | None,
                       accept: Accepted, limit: int = MAX_EXPLANATIONS) -> Path:
    """One explanation per hand with findings (largest first), for the HTML report."""
    keys = (outcome.findings.with_columns(pl.col("delta").abs().alias("size"))
            .group_by("hand_key").agg(pl.col("size").max()).sort("size", descending=True)
            .head(limit)["hand_key"].to_list())
    path = out / EXPLANATIONS_FILE
    with open(path, "w", encoding="utf-8") as f:
        for explanation in explain_hands(lake, keys, policy=policy, accept=accept):
            f.write(json.dumps(explanation, default=str) + "\n")
    return path


def write_html_report(out: Path, outcome: AuditOutcome, explanations: Path) -> Path:
    """``report.html`` from the outcome, the manifest written so far and the explanations."""
    from reports.html_report import render_report

    manifest = json.loads((out / MANIFEST_FILE).read_text(encoding="utf-8"))
    rows = [json.loads(line) for line in explanations.read_text(encoding="utf-8").splitlines() if line]
    path = out / REPORT_FILE
    path.write_text(render_report(outcome.verdicts, outcome.findings, manifest, rows), encoding="utf-8")
    return path
