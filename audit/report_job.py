"""The library behind ``hhaudit report OUT``: the summary, exports and HTML report of an
audit run's output folder.

Reads ``OUT/findings.parquet``, ``OUT/hands.parquet`` and ``OUT/manifest.json``
(``contracts.md``, ``hhaudit run``), and, when present, ``OUT/explanations.jsonl`` (one
explanation per line, shaped as ``reports.explain`` documents) for the HTML report's
per-hand sections. A missing or unreadable input raises ``BadReportInput`` naming it.

``redact`` pseudonymises player names under the key in the environment variable
``HHAUDIT_REDACT_KEY`` (keep it secret to keep pseudonyms unguessable), or else the
run id from the manifest, so one run's files agree with each other.
"""

from __future__ import annotations

import enum
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from audit.errors import BadReportInput, ExitStatus
from audit.outputs import EXPLANATIONS_FILE, FINDINGS_FILE, HANDS_FILE, MANIFEST_FILE
from reports import export, html_report, terminal
from reports.redact import Redactor, redact_findings
from reports.summary import ReportInputError, conform_findings, summarise, worst_findings

TABLE_TOP = 20
REDACT_KEY_ENV = "HHAUDIT_REDACT_KEY"


class ReportFormat(enum.StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSONL = "jsonl"
    PARQUET = "parquet"
    HTML = "html"


@dataclass(frozen=True)
class ReportResult:
    """What ``report_job`` made: the text for stdout when no ``output`` was given, the
    file written otherwise, and a line saying what was written (empty for stdout)."""

    text: str | None
    written: Path | None
    message: str
    exit_status: ExitStatus = ExitStatus.OK


def report_job(out: Path | str, fmt: ReportFormat = ReportFormat.TABLE, output: Path | None = None, *,
               redact: bool = False, top: int | None = None) -> ReportResult:
    """``hhaudit report``: the report of the run whose output folder is ``out``, in
    ``fmt``, written to ``output`` (or returned as ``text``)."""
    out = Path(out)
    if not out.exists():
        raise BadReportInput(f"{out}: no such folder")
    if not out.is_dir():
        raise BadReportInput(f"{out}: not a folder (give the --out folder of hhaudit run)")
    if fmt is ReportFormat.PARQUET and output is None:
        raise BadReportInput("--format parquet needs --output FILE")
    try:
        findings = conform_findings(_read_parquet(out / FINDINGS_FILE))
        manifest = _read_manifest(out)
        redactor = _redactor(manifest) if redact else None
        if fmt in (ReportFormat.TABLE, ReportFormat.HTML):
            text = _summary_report(out, fmt, findings, manifest, redactor, top)
        else:
            if redactor is not None:
                findings = redact_findings(findings, redactor)
            if top is not None:
                findings = worst_findings(findings, top).drop("abs_delta", "rank")
            if fmt is ReportFormat.PARQUET:
                assert output is not None
                n = export.write_parquet(findings, output)
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
    if fmt is ReportFormat.HTML:
        return html_report.render_report(
            hands, findings, manifest, _read_explanations(out), redactor=redactor,
            top=html_report.DEFAULT_TOP if top is None else top)
    if redactor is not None:
        findings = redact_findings(findings, redactor)
    run_id = manifest.get("run_id")
    title = "hhaudit report" + (f": run {run_id}" if isinstance(run_id, str) else "")
    worst = worst_findings(findings, TABLE_TOP if top is None else top)
    return (terminal.render_summary(summarise(hands, findings), title) + "\n"
            + terminal.render_worst(worst.drop("abs_delta", "rank"), findings.height - worst.height))


def _export_text(fmt: ReportFormat, findings: pl.DataFrame) -> str:
    if fmt is ReportFormat.CSV:
        return export.csv_text(findings)
    buffer = io.StringIO()
    export.write_jsonl(findings, buffer)
    return buffer.getvalue()


def _read_parquet(path: Path) -> pl.DataFrame:
    if not path.is_file():
        raise BadReportInput(f"{path}: missing (is this the --out folder of hhaudit run?)")
    try:
        return pl.read_parquet(path)
    except (pl.exceptions.PolarsError, OSError) as exc:
        raise BadReportInput(f"{path}: not a readable Parquet file ({exc})") from None


def _read_manifest(out: Path) -> dict[str, Any]:
    path = out / MANIFEST_FILE
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadReportInput(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BadReportInput(f"{path}: expected a JSON object")
    return data


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
    temp = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, output)
    finally:
        if temp.exists():
            temp.unlink()


def _redactor(manifest: dict[str, Any]) -> Redactor:
    key = os.environ.get(REDACT_KEY_ENV) or str(manifest.get("run_id") or "hhaudit")
    return Redactor(key)
