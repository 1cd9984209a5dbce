"""The library behind ``hhaudit ingest``, ``audit`` and ``run``: one function per command.

Each takes what the command's options say, does all the work, and returns a result
object: the counts the command prints, the paths it wrote, and its ``ExitStatus``. None
prints. A problem with what it was given raises an ``audit.errors.HhauditError`` with a
one-line message; the command line maps those to exit codes. Progress, where wanted, is
reported to a ``Progress`` (the command line's draws it with rich on stderr).

Every option is checked before any work starts (``check_options``, ``check_policy``, the
accept file, the output folder: ``audit.outputs.prepare_out``); paths that hold no input
file at all are ``NoInputFiles`` (exit 3). ``run_job`` then always finishes and writes
every output: the exit status only summarises (``contracts.md``), and ``problems`` says
in words why it is 3.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl

from audit.accept import AcceptFileError, load_accept
from audit.errors import (
    BadAcceptFile,
    ExitStatus,
    NotALake,
    UnknownPolicy,
)
from audit.explanation import explain_hands
from audit.ingest import IngestSummary, ingest
from audit.ingest.inputs import (
    DEFAULT_MAX_EXPANDED,
    DEFAULT_MAX_RATIO,
    Skipped,
)
from audit.ingest.store import KeptTables
from audit.ingest_job import TOP_REASONS as TOP_REASONS  # re-exported: ingest's job lives there
from audit.ingest_job import IngestResult as IngestResult
from audit.ingest_job import Progress as Progress
from audit.ingest_job import check_options, compute_engine, find_input_files, lake_errors, quarantine_line
from audit.ingest_job import ingest_job as ingest_job
from audit.ingest_job import ingest_problems as ingest_problems
from audit.lake import pinned, read_table
from audit.memory import give_back
from audit.outputs import (
    AUDIT_OUTPUTS,
    EXPLANATIONS_FILE,
    FINDINGS_FILE,
    HANDS_FILE,
    LAKE_FOLDER,
    MANIFEST_FILE,
    REPORT_FILE,
    RUN_OUTPUTS,
    AuditOutcome,
    atomic_output,
    prepare_out,
    start_manifest,
    write_outputs,
)
from audit.pipeline import BATCH_HANDS, HandTables, audit_lake
from audit.policies import PolicyResolver
from audit.rake_check import load_schedules
from audit.report_context import run_context
from reports.unknown_lines import UNKNOWN_LINE_INPUT, unknown_line_text, unknown_lines
from rules.odd_chip import PolicyError
from rules.rake import RakeSchedule

if TYPE_CHECKING:
    from audit.cluster import ClusterPool

#: explanations embedded for the report: the hands with the largest findings first
MAX_EXPLANATIONS = 1000

#: how many shapes of unknown line `run` prints when it exits 3 (the HTML report lists more)
UNKNOWN_LINES_PRINTED = 5

#: ``(hand_key, kind) -> reason``, as ``audit.accept.load_accept`` reads an accept file
Accepted = Mapping[tuple[str, str], str]


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
    problems: tuple[str, ...] = ()  # why the status is 3, one line each
    skipped: tuple[Skipped, ...] = ()  # hhaudit's own outputs found under run_job's inputs


def audit_job(lake: Path | str, out: Path | str, *, policy: str | None = None, accept: Path | None = None,
              overwrite: bool = False, max_quarantined: int = 0, fail_on_unverifiable: bool = False,
              progress: Progress | None = None, rake_schedule: Path | None = None,
              dask: str | None = None) -> AuditResult:
    """``hhaudit audit``: settle every hand of ``lake`` and write findings, verdicts and
    the manifest to ``out``; with ``dask``, each platform's hands on that cluster."""
    lake, out = Path(lake), Path(out)
    check_options(None, max_quarantined)
    if not (lake / "hands").is_dir():
        raise NotALake(lake)
    check_policy(policy)
    accepted = load_accept_file(accept)
    schedules = load_schedules(rake_schedule)
    prepare_out(out, overwrite, inputs=[lake])
    start_manifest(out, uuid.uuid4().hex, AUDIT_OUTPUTS, None)
    with lake_errors(), pinned(lake), compute_engine(dask) as cluster:  # one state of the lake, as recorded
        outcome = _audit(lake, policy, accepted, progress, schedules, cluster)
        counts = write_outputs(out, outcome, lake, engine=_engine_name(cluster))
    written = OutputPaths(out, lake, out / FINDINGS_FILE, out / HANDS_FILE, out / MANIFEST_FILE)
    status = exit_status(counts, outcome, max_quarantined, fail_on_unverifiable)
    problems = _count_problems(counts, max_quarantined) if status is ExitStatus.INPUT_PROBLEMS else ()
    return AuditResult(counts, written, status, outcome, problems=problems)


def run_job(paths: Sequence[Path | str], out: Path | str, *, policy: str | None = None,
            accept: Path | None = None, overwrite: bool = False, max_quarantined: int = 0,
            fail_on_unverifiable: bool = False, workers: int | None = None,
            progress: Progress | None = None, exclude: Sequence[str] = (),
            max_expanded_size: int = DEFAULT_MAX_EXPANDED,
            max_expansion_ratio: int = DEFAULT_MAX_RATIO, rake_schedule: Path | None = None,
            dask: str | None = None) -> AuditResult:
    """``hhaudit run``, the nightly job: ingest ``paths`` into ``out/lake``, audit it, and
    write findings, verdicts, explanations, the HTML report and the manifest to ``out``.
    With ``dask`` (a scheduler's address) the parse and the audit run on that cluster."""
    out = Path(out)
    select = check_options(workers, max_quarantined, exclude, max_expanded_size, max_expansion_ratio)
    check_policy(policy)
    accepted = load_accept_file(accept)
    schedules = load_schedules(rake_schedule)
    skipped = find_input_files(paths, select)
    prepare_out(out, overwrite, inputs=paths)
    run_id = uuid.uuid4().hex
    start_manifest(out, run_id, RUN_OUTPUTS, LAKE_FOLDER)
    lake = out / LAKE_FOLDER
    if progress:
        progress.begin("reading")
    with lake_errors(), compute_engine(dask) as cluster:
        # the hand tables ingested, kept for the audit when they are the whole lake and fit one batch
        kept = KeptTables(BATCH_HANDS) if cluster is None else None
        ingested = ingest(paths, lake, workers=workers, progress=progress.reading if progress else None,
                          select=select, cluster=cluster, keep=kept)
        give_back()  # what the ingest freed (its duplicate index, its buffers), before the audit
        with pinned(lake):  # one state of the lake, which the manifest records
            outcome = _audit(lake, policy, accepted, progress, schedules, cluster,
                             kept if kept is not None and kept.usable else None)
            if kept is not None:
                kept.give_up()  # their memory back before the report
            give_back()
            if progress:
                progress.begin("explaining")
            explanations = write_explanations(out, lake, outcome, policy, accepted, rake_schedules=schedules)
            # the report shows the manifest, and the final manifest lists the report's digest
            write_outputs(out, outcome, lake, ingest_counts=ingested.as_dict(), run_id=run_id, complete=False,
                          lake_folder=LAKE_FOLDER, engine=_engine_name(cluster))
            report = write_html_report(out, outcome, explanations)
            counts = write_outputs(out, outcome, lake, extra_files=[report, explanations],
                                   ingest_counts=ingested.as_dict(), run_id=run_id, tables=False,
                                   lake_folder=LAKE_FOLDER, engine=_engine_name(cluster))
    written = OutputPaths(out, lake, out / FINDINGS_FILE, out / HANDS_FILE, out / MANIFEST_FILE,
                          report, explanations)
    status = exit_status(counts, outcome, max_quarantined, fail_on_unverifiable)
    problems = ingest_problems(ingested, max_quarantined)
    if problems:  # the commonest lines no parser knew: what a platform may have changed
        problems += tuple(unknown_line_text(row) for row in _unknown_lines(lake, UNKNOWN_LINES_PRINTED))
    return AuditResult(counts, written, status, outcome, ingested, problems,
                       skipped)


def _engine_name(cluster: ClusterPool | None) -> str:
    """What the manifest records as the engine that ran the job."""
    return "local" if cluster is None else f"dask {cluster.address}"


def _unknown_lines(lake: Path, top: int) -> list[dict[str, Any]]:
    with lake_errors():
        return unknown_lines(read_table(lake, "quarantine", UNKNOWN_LINE_INPUT), top).to_dicts()


def _count_problems(counts: Mapping[str, Any], max_quarantined: int) -> tuple[str, ...]:
    """``audit``'s reasons for 3, from the lake's counts."""
    lines = []
    if counts.get("bad_files"):
        lines.append(f"{counts['bad_files']} input files of the lake are unreadable or unrecognised "
                     "(its files table says which)")
    if counts.get("quarantined", 0) > max_quarantined:
        lines.append(quarantine_line(counts["quarantined"], max_quarantined, {}))
    return tuple(lines)


def exit_status(counts: Mapping[str, Any], outcome: AuditOutcome, max_quarantined: int,
                fail_on_unverifiable: bool) -> ExitStatus:
    """The exit status of an audit with these counts: the highest that applies."""
    # hands audited were found, by this run or (its files skipped, unchanged) an earlier one
    if _input_problems(counts.get("bad_files", 0), counts.get("quarantined", 0), max_quarantined,
                       counts.get("hands_found", 1) or outcome.audited):
        return ExitStatus.INPUT_PROBLEMS
    if outcome.open_findings or (fail_on_unverifiable and counts.get("unverifiable")):
        return ExitStatus.FINDINGS
    return ExitStatus.OK


def _input_problems(bad_files: int, quarantined: int, max_quarantined: int, found: int = 1) -> bool:
    """Unreadable or unrecognised files, more quarantined hands than tolerated, or no
    hand at all."""
    return bad_files > 0 or quarantined > max_quarantined or found == 0


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


def _audit(lake: Path, policy: str | None, accepted: Accepted, progress: Progress | None,
           schedules: Sequence[RakeSchedule] | None = None, cluster: ClusterPool | None = None,
           tables: HandTables | None = None) -> AuditOutcome:
    """Audit the lake; its hand tables read from ``tables`` if given (what ``run`` just
    ingested into an empty lake, in memory), else from its files."""
    check_policy(policy)
    if progress:
        progress.begin("auditing")
    if cluster is not None:
        from audit.cluster import audit_on_cluster

        return audit_on_cluster(cluster, lake, policy=policy, accept=accepted, rake_schedules=schedules)
    return audit_lake(lake, policy=policy, accept=accepted, progress=progress.audited if progress else None,
                      rake_schedules=schedules, tables=tables, spill_verdicts=True)


def write_explanations(out: Path, lake: Path, outcome: AuditOutcome, policy: str | None,
                       accept: Accepted, limit: int = MAX_EXPLANATIONS,
                       rake_schedules: Sequence[RakeSchedule] | None = None) -> Path:
    """One explanation per hand with findings (largest first), for the HTML report."""
    keys = (outcome.findings.with_columns(pl.col("delta").abs().alias("size"))
            .group_by("hand_key").agg(pl.col("size").max()).sort("size", descending=True)
            .head(limit)["hand_key"].to_list())
    path = out / EXPLANATIONS_FILE
    with atomic_output(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
        for explanation in explain_hands(lake, keys, policy=policy, accept=accept, rake_schedules=rake_schedules):
            f.write(json.dumps(explanation, default=str) + "\n")
    return path


def write_html_report(out: Path, outcome: AuditOutcome, explanations: Path) -> Path:
    """``report.html`` from the outcome, the manifest written so far and the explanations."""
    from reports.html_report import render_report

    manifest = json.loads((out / MANIFEST_FILE).read_text(encoding="utf-8"))
    manifest.pop("complete", None)  # false until the run's last write, which follows the report
    rows = [json.loads(line) for line in explanations.read_text(encoding="utf-8").splitlines() if line]
    path = out / REPORT_FILE
    context = run_context(out / LAKE_FOLDER)
    with atomic_output(path) as tmp:
        tmp.write_text(render_report(outcome.tally(), context.join(outcome.findings), manifest, rows,
                                     context=context.header()), encoding="utf-8")
    return path
