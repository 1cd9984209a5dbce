"""The library behind ``hhaudit report OUT``: the summary, exports and HTML report of an
audit run's output folder.

Reads ``OUT/findings.parquet``, ``OUT/hands.parquet`` and ``OUT/manifest.json``
(``contracts.md``, ``hhaudit run``), and, when present, ``OUT/explanations.jsonl`` (one
explanation per line, shaped as ``reports.explain`` documents) for the HTML report's
per-hand sections. A folder that is not a finished run's (no ``manifest.json``, or one that
says the run did not complete) is ``IncompleteRun``; a file the manifest lists that is
missing, differs from its recorded SHA-256 or cannot be read is ``DamagedOutput`` naming
it (both exit 3). Checking the digest first means a damaged Parquet file is never handed
to the Parquet reader. ``output`` never replaces one of the run's own files.

``redact`` pseudonymises player names under the operator's key (``--redact-key-file``
or the environment variable ``HHAUDIT_REDACT_KEY``: keep it secret to keep pseudonyms
unguessable; the same key gives the same pseudonyms in every run), or else under a
random key drawn for that one report, with a warning (:func:`redactor_for`).
"""

from __future__ import annotations

import io
import json
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq

from audit.errors import BadReportInput, DamagedOutput, ExitStatus, IncompleteRun, OutputRefused
from audit.outputs import (
    EXPLANATIONS_FILE,
    FINDINGS_FILE,
    HANDS_FILE,
    LAKE_FOLDER,
    MANIFEST_FILE,
    atomic_output,
    check_output_file,
    file_sha256,
)
from audit.report_context import out_context
from audit.report_options import REDACT_KEY_ENV as REDACT_KEY_ENV  # re-exported: their home before
from audit.report_options import TABLE_TOP as TABLE_TOP
from audit.report_options import ReportFormat as ReportFormat
from reports import export, html_report, owed, terminal
from reports.owed import GroupBy
from reports.redact import Redactor, redact_findings
from reports.summary import ReportInputError, conform_findings, summarise, worst_findings


@dataclass(frozen=True)
class ReportResult:
    """What ``report_job`` made: the text for stdout when no ``output`` was given, the
    file written otherwise, and a line saying what was written (empty for stdout)."""

    text: str | None
    written: Path | None
    message: str
    exit_status: ExitStatus = ExitStatus.OK


def report_job(out: Path | str, fmt: ReportFormat = ReportFormat.TABLE, output: Path | None = None, *,
               redact: bool = False, top: int | None = None, by: GroupBy | None = None,
               redact_key_file: Path | None = None) -> ReportResult:
    """``hhaudit report``: the report of the run whose output folder is ``out``, in
    ``fmt``, written to ``output`` (or returned as ``text``). ``by`` sums underpaid,
    overpaid and net per player, day, table or platform instead (``reports.owed``);
    ``fmt`` ``players-owed`` is the CSV of each player's net underpayment. ``redact``
    pseudonymises names under the key of :func:`redactor_for`; without an operator key
    the result's message warns that the pseudonyms will not match another run's."""
    redactor, warning = redactor_for(redact_key_file) if redact else (None, None)
    result = _report_job(Path(out), fmt, output, redactor=redactor, top=top, by=by)
    if warning is None:
        return result
    return replace(result, message="\n".join(m for m in (warning, result.message) if m))


def _report_job(out: Path, fmt: ReportFormat, output: Path | None, *, redactor: Redactor | None,
                top: int | None, by: GroupBy | None) -> ReportResult:
    if not out.exists():
        raise BadReportInput(f"{out}: no such folder")
    if not out.is_dir():
        raise BadReportInput(f"{out}: not a folder (give the --out folder of hhaudit run)")
    if fmt is ReportFormat.PARQUET and output is None:
        raise BadReportInput("--format parquet needs --output FILE")
    manifest = _read_manifest(out)
    if output is not None:
        check_output_file(output, "--output")
        _refuse_own_file(out, manifest, output)
    _check_digests(out, manifest)
    try:
        findings = conform_findings(_read_parquet(out / FINDINGS_FILE))
        if by is not None or fmt is ReportFormat.PLAYERS_OWED:
            return _owed_report(out, fmt, output, findings, redactor, by)
        if fmt in (ReportFormat.TABLE, ReportFormat.HTML):
            text = _summary_report(out, fmt, findings, manifest, redactor, top)
        else:
            if redactor is not None:
                findings = redact_findings(findings, redactor)
            if top is not None:
                findings = worst_findings(findings, top).drop("abs_delta", "rank")
            if fmt is ReportFormat.PARQUET:
                assert output is not None
                with atomic_output(output) as tmp:
                    n = export.write_parquet(findings, tmp)
                return ReportResult(None, output, f"wrote {n} findings to {output}")
            text = _export_text(fmt, findings)
    except ReportInputError as exc:
        raise BadReportInput(str(exc)) from None
    if output is None:
        return ReportResult(text, None, "")
    _write_text(text, output)
    if fmt in (ReportFormat.TABLE, ReportFormat.HTML):
        return ReportResult(None, output, f"wrote {output}")
    return ReportResult(None, output, f"wrote {findings.height} findings to {output}")


def _summary_report(out: Path, fmt: ReportFormat, findings: pl.DataFrame, manifest: dict[str, Any],
                    redactor: Redactor | None, top: int | None) -> str:
    """The table or the HTML report: both need the verdicts as well."""
    hands = _read_parquet(out / HANDS_FILE)
    context = out_context(out)
    findings = context.join(findings)  # chips are pooled per tournament
    if fmt is ReportFormat.HTML:
        return html_report.render_report(
            hands, findings, manifest, _read_explanations(out), redactor=redactor,
            top=html_report.DEFAULT_TOP if top is None else top, context=context.header())
    if redactor is not None:
        findings = redact_findings(findings, redactor)
    run_id = manifest.get("run_id")
    title = "hhaudit report" + (f": run {run_id}" if isinstance(run_id, str) else "")
    worst = worst_findings(findings, TABLE_TOP if top is None else top)
    return (terminal.render_summary(summarise(hands, findings), title) + "\n"
            + terminal.render_worst(worst.drop("abs_delta", "rank"), findings.height - worst.height))


def _owed_report(out: Path, fmt: ReportFormat, output: Path | None, findings: pl.DataFrame,
                 redactor: Redactor | None, by: GroupBy | None) -> ReportResult:
    """``--by`` and ``--format players-owed`` (``reports.owed``), with the lake's days,
    tables and tournaments joined to the findings."""
    findings = out_context(out).join(findings)
    if redactor is not None:
        findings = redact_findings(findings, redactor)
    if fmt is ReportFormat.PLAYERS_OWED:
        frame = owed.players_owed(findings)
        text = export.frame_csv_text(frame)
    else:
        assert by is not None
        frame = owed.by_group(findings, by)
        if fmt is ReportFormat.PARQUET:
            assert output is not None
            with atomic_output(output) as tmp:
                frame.write_parquet(tmp)
            return ReportResult(None, output, f"wrote {frame.height} rows to {output}")
        if fmt is ReportFormat.HTML:
            raise BadReportInput("--by writes table, csv, jsonl or parquet, not html")
        text = {ReportFormat.CSV: export.frame_csv_text, ReportFormat.JSONL: export.frame_jsonl_text}.get(
            fmt, lambda f: owed.render_by(f, by))(frame)
    if output is None:
        return ReportResult(text, None, "")
    _write_text(text, output)
    return ReportResult(None, output, f"wrote {frame.height} rows to {output}")


def _export_text(fmt: ReportFormat, findings: pl.DataFrame) -> str:
    if fmt is ReportFormat.CSV:
        return export.csv_text(findings)
    buffer = io.StringIO()
    export.write_jsonl(findings, buffer)
    return buffer.getvalue()


def _read_parquet(path: Path) -> pl.DataFrame:
    if not path.is_file():
        raise DamagedOutput(f"{path}: missing (the run's manifest.json lists it)")
    try:
        # pyarrow raises on a malformed file where a native reader may abort the process
        frame = pl.from_arrow(pq.read_table(path))
        assert isinstance(frame, pl.DataFrame)
        return frame
    except Exception as exc:
        raise DamagedOutput(f"{path}: not a readable Parquet file ({type(exc).__name__}: {exc})") from None


def _read_manifest(out: Path) -> dict[str, Any]:
    """The finished run's manifest: ``IncompleteRun`` when there is none or the run did
    not finish, ``DamagedOutput`` when it cannot be read."""
    path = out / MANIFEST_FILE
    if not path.is_file():
        raise IncompleteRun(f"{out} is not a complete hhaudit run (no {MANIFEST_FILE}): give the --out "
                            "folder of a finished hhaudit run or audit")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DamagedOutput(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("outputs", []), list):
        raise DamagedOutput(f"{path}: not an hhaudit manifest (expected a JSON object with outputs)")
    if data.get("complete") is False:
        raise IncompleteRun(f"{out} is not a complete hhaudit run (its {MANIFEST_FILE} says it stopped "
                            "before writing every output): run it again")
    return data


def _listed(manifest: dict[str, Any]) -> dict[str, str | None]:
    """file name -> SHA-256 of every output the manifest lists."""
    return {o["file"]: o.get("sha256") for o in manifest.get("outputs", [])
            if isinstance(o, dict) and isinstance(o.get("file"), str)}


def _check_digests(out: Path, manifest: dict[str, Any]) -> None:
    """Every file the report reads that the manifest lists must be as the run wrote it."""
    listed = _listed(manifest)
    for name in (FINDINGS_FILE, HANDS_FILE, EXPLANATIONS_FILE):
        digest = listed.get(name)
        if not digest:
            continue
        path = out / name
        if not path.is_file():
            raise DamagedOutput(f"{path}: missing (the run's {MANIFEST_FILE} lists it)")
        if file_sha256(path) != digest:
            raise DamagedOutput(f"{path}: damaged or edited since hhaudit wrote it (its SHA-256 differs from "
                                f"the one in {MANIFEST_FILE})")


def _refuse_own_file(out: Path, manifest: dict[str, Any], output: Path) -> None:
    """``--output`` may be anywhere but onto a file of the run itself."""
    target = Path(os.path.realpath(output))
    own = {Path(os.path.realpath(out / name)): name for name in (*_listed(manifest), MANIFEST_FILE)}
    lake = Path(os.path.realpath(out / LAKE_FOLDER))
    if target in own or target.is_relative_to(lake):
        what = own.get(target, LAKE_FOLDER)
        raise OutputRefused(f"--output {output} is the run's own {what}: write the report elsewhere")


def _read_explanations(out: Path) -> list[dict[str, Any]]:
    path = out / EXPLANATIONS_FILE
    if not path.is_file():
        return []
    explanations = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadReportInput(f"{path}: line {number}: not valid JSON ({exc})") from None
            if not isinstance(item, dict) or "hand_key" not in item:
                raise BadReportInput(f"{path}: line {number}: not an explanation (no hand_key)")
            explanations.append(item)
    return explanations


def _write_text(text: str, output: Path) -> None:
    with atomic_output(output) as tmp:
        tmp.write_text(text, encoding="utf-8")


def redactor_for(key_file: Path | None = None) -> tuple[Redactor, str | None]:
    """The redactor of a report or an explanation, and a warning when there is one.

    The key is the operator's secret: the content of ``key_file``
    (``--redact-key-file``), else the environment variable ``HHAUDIT_REDACT_KEY``; the
    same key gives the same pseudonyms in every run. Without either, a random key is
    drawn for this one report, never a value printed anywhere (the run id is in the
    report's own title): its pseudonyms cannot be reversed, nor matched across runs."""
    if key_file is not None:
        try:
            key = Path(key_file).read_bytes().strip()
        except OSError as exc:
            raise BadReportInput(f"{key_file}: cannot read the redaction key ({exc.strerror or exc})") from None
        if not key:
            raise BadReportInput(f"{key_file}: the redaction key file is empty")
        return Redactor(key), None
    env = os.environ.get(REDACT_KEY_ENV, "").strip()
    if env:
        return Redactor(env), None
    return Redactor(secrets.token_bytes(32)), RANDOM_KEY_WARNING


RANDOM_KEY_WARNING = (f"hhaudit: warning: no redaction key (--redact-key-file FILE or ${REDACT_KEY_ENV}): "
                      "a random key was used, so these pseudonyms will not match those of any other run")
