"""``hhaudit report OUT``: the summary, exports and HTML report of an audit run's output.

Reads ``OUT/findings.parquet``, ``OUT/hands.parquet`` and ``OUT/manifest.json``
(``contracts.md``, ``hhaudit run``), and, when present, ``OUT/explanations.jsonl`` (one
explanation per line, shaped as ``reports.explain`` documents) for the HTML report's
per-hand sections. A missing or unreadable input is reported by name, exit code 2.

``--redact`` pseudonymises player names under the key in the environment variable
``HHAUDIT_REDACT_KEY`` (keep it secret to keep pseudonyms unguessable), or else the
run id from the manifest, so one run's files agree with each other.
"""

from __future__ import annotations

import enum
import io
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer

from audit.cli.common import Exit, fail
from reports import export, html_report, terminal
from reports.redact import Redactor, redact_findings
from reports.summary import ReportInputError, conform_findings, summarise, worst_findings

EXPLANATIONS_FILE = "explanations.jsonl"
TABLE_TOP = 20
REDACT_KEY_ENV = "HHAUDIT_REDACT_KEY"


class ReportFormat(str, enum.Enum):
    TABLE = "table"
    CSV = "csv"
    JSONL = "jsonl"
    PARQUET = "parquet"
    HTML = "html"


class _BadInput(Exception):
    """An input file of OUT that is missing or unreadable (message names it)."""


def _read_parquet(path: Path) -> pl.DataFrame:
    if not path.is_file():
        raise _BadInput(f"{path}: missing (is this the --out folder of hhaudit run?)")
    try:
        return pl.read_parquet(path)
    except Exception as exc:  # polars raises several kinds for a damaged file
        raise _BadInput(f"{path}: not a readable Parquet file ({exc})") from None


def _read_manifest(out: Path) -> dict[str, Any]:
    path = out / "manifest.json"
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _BadInput(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise _BadInput(f"{path}: expected a JSON object")
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
                raise _BadInput(f"{path}: line {number}: not valid JSON ({exc})") from None
            if not isinstance(item, dict) or "hand_key" not in item:
                raise _BadInput(f"{path}: line {number}: not an explanation (no hand_key)")
            explanations.append(item)
    return explanations


def _write_text(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
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


def make_report(out: Path, fmt: ReportFormat, output: Path | None, redact: bool,
                top: int | None) -> str:
    """Do the work of ``hhaudit report``; returns a line for stderr (what was written)."""
    if not out.exists():
        raise _BadInput(f"{out}: no such folder")
    if not out.is_dir():
        raise _BadInput(f"{out}: not a folder (give the --out folder of hhaudit run)")
    if fmt is ReportFormat.PARQUET and output is None:
        raise _BadInput("--format parquet needs --output FILE")
    findings = conform_findings(_read_parquet(out / "findings.parquet"))
    manifest = _read_manifest(out)
    redactor = _redactor(manifest) if redact else None

    if fmt in (ReportFormat.TABLE, ReportFormat.HTML):
        hands = _read_parquet(out / "hands.parquet")
        if fmt is ReportFormat.HTML:
            text = html_report.render_report(
                hands, findings, manifest, _read_explanations(out), redactor=redactor,
                top=html_report.DEFAULT_TOP if top is None else top)
            _write_text(text, output)
            return f"wrote {output}" if output else ""
        if redactor is not None:
            findings = redact_findings(findings, redactor)
        run_id = manifest.get("run_id")
        title = "hhaudit report" + (f": run {run_id}" if isinstance(run_id, str) else "")
        worst = worst_findings(findings, TABLE_TOP if top is None else top)
        text = (terminal.render_summary(summarise(hands, findings), title) + "\n"
                + terminal.render_worst(worst.drop("abs_delta", "rank"),
                                        findings.height - worst.height))
        _write_text(text, output)
        return f"wrote {output}" if output else ""

    if redactor is not None:
        findings = redact_findings(findings, redactor)
    if top is not None:
        findings = worst_findings(findings, top).drop("abs_delta", "rank")
    if fmt is ReportFormat.PARQUET:
        assert output is not None
        n = export.write_parquet(findings, output)
        return f"wrote {n} findings to {output}"
    if fmt is ReportFormat.CSV:
        text = export.csv_text(findings)
    else:
        buffer = io.StringIO()
        export.write_jsonl(findings, buffer)
        text = buffer.getvalue()
    _write_text(text, output)
    return f"wrote {findings.height} findings to {output}" if output else ""


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report_command(
        out: Annotated[Path, typer.Argument(help="The --out folder of hhaudit run.")],
        fmt: Annotated[ReportFormat, typer.Option("--format", help="What to write.")] = ReportFormat.TABLE,
        output: Annotated[Path | None, typer.Option("--output", help="File to write (default: stdout; required for parquet).")] = None,
        redact: Annotated[bool, typer.Option("--redact", help=f"Replace player names by stable pseudonyms (key: ${REDACT_KEY_ENV}, else the run id).")] = False,
        top: Annotated[int | None, typer.Option("--top", min=0, help=f"Worst findings to include (default: {TABLE_TOP} in the table, {html_report.DEFAULT_TOP} in HTML, all in exports).")] = None,
    ) -> None:
        """Summarise an audit run's findings, export them, or write the HTML report."""
        try:
            message = make_report(out, fmt, output, redact, top)
        except (_BadInput, ReportInputError) as exc:
            raise fail(str(exc), Exit.BAD_INPUT) from None
        if message:
            print(message, file=sys.stderr)
