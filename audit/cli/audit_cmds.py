"""``hhaudit audit``, ``hhaudit run`` and ``hhaudit explain``.

``run`` is the nightly job: ingest, audit and report in one command. It always finishes
and writes every output; the exit code only summarises (``contracts.md``). Progress goes
to stderr on a terminal; the last line of stdout is the run's counts as one JSON object.
"""

from __future__ import annotations

import json
import shutil
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Iterator

import polars as pl
import typer

from audit.accept import AcceptFileError, load_accept
from audit.cli.common import Exit, fail
from audit.ingest import ingest
from audit.explanation import HandNotFound, explain_hand, explain_hands
from audit.pipeline import AuditOutcome, audit_lake, write_outputs
from rules.vocab import Verdict
from rules.odd_chip import PolicyError

EXPLANATIONS_FILE = "explanations.jsonl"
#: explanations embedded for the report: the hands with the largest findings first
MAX_EXPLANATIONS = 1000


@contextmanager
def _progress(enabled: bool) -> Iterator[Any]:
    """A rich progress display on stderr when it is a terminal; otherwise nothing."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as progress:
        yield progress


def _load_accept(path: Path | None) -> dict:
    if path is None:
        return {}
    try:
        return load_accept(path)
    except AcceptFileError as exc:
        raise fail(str(exc))


def _audit(lake: Path, policy: str | None, accept: dict, progress) -> AuditOutcome:
    task = progress.add_task("auditing", total=None) if progress else None

    def tick(done: int, total: int) -> None:
        if progress:
            progress.update(task, completed=done, total=total)

    try:
        return audit_lake(lake, policy=policy, accept=accept, progress=tick)
    except (PolicyError, KeyError, FileNotFoundError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        raise fail(f"unknown policy or profile: {message}")


def write_explanations(out: Path, lake: Path, outcome: AuditOutcome, policy: str | None,
                       accept: dict, limit: int = MAX_EXPLANATIONS) -> Path:
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
    from reports.html_report import render_report

    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    rows = [json.loads(line) for line in explanations.read_text(encoding="utf-8").splitlines() if line]
    path = out / "report.html"
    path.write_text(render_report(outcome.verdicts, outcome.findings, manifest, rows), encoding="utf-8")
    return path


def exit_code(summary: dict, outcome: AuditOutcome, max_quarantined: int, fail_on_unverifiable: bool) -> Exit:
    code = Exit.OK
    if outcome.open_findings or (fail_on_unverifiable and summary.get("unverifiable")):
        code = Exit.FINDINGS
    if summary.get("bad_files") or summary.get("quarantined", 0) > max_quarantined:
        code = Exit.INPUT_PROBLEMS
    return code


def _prepare_out(out: Path, overwrite: bool) -> None:
    if out.exists() and any(out.iterdir()):
        if not overwrite:
            raise fail(f"{out} is not empty (use --overwrite to replace its contents)")
        for child in out.iterdir():
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    out.mkdir(parents=True, exist_ok=True)


PolicyOption = Annotated[str | None, typer.Option(
    "--policy", help="Odd-chip profile name or TOML file, forced for every hand (default: each platform's own).")]
AcceptOption = Annotated[Path | None, typer.Option(
    "--accept", help="CSV or TOML of known anomalies (hand_key, kind, reason) that do not fail the run.")]
MaxQuarantined = Annotated[int, typer.Option(
    "--max-quarantined", help="Quarantined hands tolerated before exit code 3.")]
FailUnverifiable = Annotated[bool, typer.Option(
    "--fail-on-unverifiable", help="Exit 1 when any hand could not be checked.")]


def register(app: typer.Typer) -> None:
    @app.command("audit")
    def audit_command(
        lake: Annotated[Path, typer.Option("--lake", help="Lake written by hhaudit ingest.")],
        out: Annotated[Path, typer.Option("--out", help="Folder for findings, verdicts and manifest.")],
        policy: PolicyOption = None,
        accept: AcceptOption = None,
        overwrite: Annotated[bool, typer.Option(help="Replace a non-empty --out.")] = False,
        max_quarantined: MaxQuarantined = 0,
        fail_on_unverifiable: FailUnverifiable = False,
    ) -> None:
        """Settle every hand of the lake and compare with what the platform paid."""
        if not (lake / "hands").is_dir():
            raise fail(f"{lake} is not a lake (no hands table); run hhaudit ingest first")
        accepted = _load_accept(accept)
        _prepare_out(out, overwrite)
        with _progress(True) as progress:
            outcome = _audit(lake, policy, accepted, progress)
        summary = write_outputs(out, outcome, lake)
        print(json.dumps(summary, sort_keys=True))
        raise typer.Exit(int(exit_code(summary, outcome, max_quarantined, fail_on_unverifiable)))

    @app.command("run")
    def run_command(
        paths: Annotated[list[Path], typer.Argument(help="Files, folders, .gz or .zip archives.")],
        out: Annotated[Path, typer.Option("--out", help="Output folder (lake, findings, report).")],
        policy: PolicyOption = None,
        accept: AcceptOption = None,
        overwrite: Annotated[bool, typer.Option(help="Replace a non-empty --out.")] = False,
        max_quarantined: MaxQuarantined = 0,
        fail_on_unverifiable: FailUnverifiable = False,
        workers: Annotated[int | None, typer.Option(help="Worker processes for ingest.")] = None,
    ) -> None:
        """Ingest, audit and report in one command (the nightly job)."""
        accepted = _load_accept(accept)
        _prepare_out(out, overwrite)
        lake = out / "lake"
        with _progress(True) as progress:
            task = progress.add_task("reading", total=None) if progress else None

            def reading(name: str) -> None:
                if progress:
                    progress.update(task, description=f"reading {Path(name).name[-40:]}", advance=1)

            ingested = ingest(paths, lake, workers=workers, progress=reading)
            if progress:
                progress.remove_task(task)
            outcome = _audit(lake, policy, accepted, progress)
        explanations = write_explanations(out, lake, outcome, policy, accepted)
        run_id = uuid.uuid4().hex
        # the report shows the manifest, and the final manifest lists the report's digest
        write_outputs(out, outcome, lake, ingest_counts=ingested.as_dict(), run_id=run_id)
        report = write_html_report(out, outcome, explanations)
        summary = write_outputs(out, outcome, lake, extra_files=[report, explanations],
                                ingest_counts=ingested.as_dict(), run_id=run_id, tables=False)
        from reports.summary import summarise
        from reports.terminal import render_summary

        print(render_summary(summarise(outcome.verdicts, outcome.findings)))
        print(json.dumps(summary, sort_keys=True))
        raise typer.Exit(int(exit_code(summary, outcome, max_quarantined, fail_on_unverifiable)))

    @app.command("explain")
    def explain_command(
        hand: Annotated[str, typer.Argument(help="PLATFORM:HAND_ID, e.g. pokerstars:1676150046")],
        lake: Annotated[Path, typer.Option("--lake", help="Lake written by hhaudit ingest or run.")],
        policy: PolicyOption = None,
        html: Annotated[Path | None, typer.Option("--html", help="Also write the table as a picture page.")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the explanation as JSON.")] = False,
    ) -> None:
        """Explain one hand: best hands, pots, splits, odd chips, recorded against expected."""
        from reports.explain import render_html, render_text

        if ":" not in hand:
            raise fail(f"give the hand as PLATFORM:HAND_ID, not {hand!r}")
        try:
            explanation = explain_hand(lake, hand, policy=policy)
        except HandNotFound as exc:
            raise fail(exc.args[0])
        except (PolicyError, KeyError) as exc:
            raise fail(f"unknown policy or profile: {exc.args[0] if exc.args else exc}")
        if html is not None:
            html.write_text(render_html(explanation), encoding="utf-8")
        print(json.dumps(explanation, indent=2, default=str) if as_json else render_text(explanation))
        code = Exit.FINDINGS if explanation.get("verdict") == Verdict.FINDINGS.value else Exit.OK
        raise typer.Exit(int(code))
