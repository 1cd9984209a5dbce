"""``hhaudit audit``, ``hhaudit run`` and ``hhaudit explain``.

``run`` is the nightly job: ingest, audit and report in one command. It always finishes
and writes every output; the exit code only summarises (``contracts.md``). Progress goes
to stderr on a terminal; the last line of stdout is the run's counts as one JSON object.

The library is imported inside each command, not here: ``hhaudit --help`` and
``--version`` then start without polars and pyarrow (tests/test_cli_startup.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from audit.cli.common import (
    DEFAULT_RATIO,
    DEFAULT_SIZE_TEXT,
    AcceptOption,
    DaskOption,
    ExcludeOption,
    FailUnverifiable,
    InputPaths,
    MaxExpandedSize,
    MaxExpansionRatio,
    MaxQuarantined,
    Overwrite,
    PolicyOption,
    RakeScheduleOption,
    RedactKeyFile,
    Workers,
    finish,
    parse_size,
    print_counts,
    print_problems,
)
from audit.cli.progress import progress_display
from audit.errors import BadHandKey, ExitStatus, HandNotInLake, NotALake, UnreadableLake


def register(app: typer.Typer) -> None:
    @app.command("audit")
    def audit_command(
        lake: Annotated[Path, typer.Option("--lake", help="Lake written by hhaudit ingest.")],
        out: Annotated[Path, typer.Option("--out", help="Folder for findings, verdicts and manifest.")],
        policy: PolicyOption = None,
        accept: AcceptOption = None,
        overwrite: Overwrite = False,
        max_quarantined: MaxQuarantined = 0,
        fail_on_unverifiable: FailUnverifiable = False,
        rake_schedule: RakeScheduleOption = None,
        dask: DaskOption = None,
    ) -> None:
        """Settle every hand of the lake and compare with what the platform paid."""
        from audit.jobs import audit_job

        with progress_display() as progress:
            result = audit_job(lake, out, policy=policy, accept=accept, overwrite=overwrite,
                               max_quarantined=max_quarantined, fail_on_unverifiable=fail_on_unverifiable,
                               progress=progress, rake_schedule=rake_schedule, dask=dask)
        print_problems(result.problems)
        print_counts(result.counts)
        finish(result.exit_status)

    @app.command("run")
    def run_command(
        paths: InputPaths,
        out: Annotated[Path, typer.Option("--out", help="Output folder (lake, findings, report).")],
        policy: PolicyOption = None,
        accept: AcceptOption = None,
        overwrite: Overwrite = False,
        max_quarantined: MaxQuarantined = 0,
        fail_on_unverifiable: FailUnverifiable = False,
        workers: Workers = None,
        exclude: ExcludeOption = None,
        max_expanded_size: MaxExpandedSize = DEFAULT_SIZE_TEXT,
        max_expansion_ratio: MaxExpansionRatio = DEFAULT_RATIO,
        rake_schedule: RakeScheduleOption = None,
        dask: DaskOption = None,
    ) -> None:
        """Ingest, audit and report in one command (the nightly job)."""
        from audit.jobs import run_job
        from reports.summary import summarise
        from reports.terminal import render_summary

        size = parse_size(max_expanded_size)
        with progress_display() as progress:
            result = run_job(paths, out, policy=policy, accept=accept, overwrite=overwrite,
                             max_quarantined=max_quarantined, fail_on_unverifiable=fail_on_unverifiable,
                             workers=workers, progress=progress, exclude=exclude or (), max_expanded_size=size,
                             max_expansion_ratio=max_expansion_ratio, rake_schedule=rake_schedule, dask=dask)
        from audit.report_context import run_context

        findings = run_context(result.paths.lake).join(result.outcome.findings)  # chips per tournament
        print(render_summary(summarise(result.outcome.tally(), findings)))  # not millions of verdicts
        print_problems([f"skipped {s.name}: {s.reason}" for s in result.skipped])
        print_problems(result.problems)
        print_counts(result.counts)
        finish(result.exit_status)

    app.command("explain")(explain_command)


def explain_command(
    hand: Annotated[str, typer.Argument(help="PLATFORM:HAND_ID, e.g. pokerstars:1676150046")],
    lake: Annotated[Path, typer.Option("--lake", help="Lake written by hhaudit ingest or run.")],
    policy: PolicyOption = None,
    html: Annotated[Path | None, typer.Option("--html", help="Also write the table as a picture page.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the explanation as JSON.")] = False,
    redact: Annotated[bool, typer.Option("--redact", help="Replace player names by pseudonyms keyed by your "
        "secret (--redact-key-file or $HHAUDIT_REDACT_KEY; without one, a random key and a warning).")] = False,
    redact_key_file: RedactKeyFile = None,
    rake_schedule: RakeScheduleOption = None,
) -> None:
    """Explain one hand as it was played (date, table, stakes, source file and offset,
    each street's actions and stacks, the pay lines as printed), then its settlement:
    best hands, pots, splits, odd chips, recorded against expected."""
    from audit.atomic import atomic_output
    from audit.explanation import HandNotFound, explain_hand, quarantined_hand, render_quarantined
    from audit.jobs import check_policy
    from audit.lake import LakeError
    from audit.outputs import check_output_file
    from audit.rake_check import load_schedules
    from audit.report_job import redactor_for
    from reports.explain import render_html, render_text
    from reports.redact import redact_explanation
    from rules.vocab import Verdict

    if ":" not in hand:
        raise BadHandKey(hand)
    if not (lake / "hands").is_dir():
        raise NotALake(lake)
    check_policy(policy)
    if html is not None:
        check_output_file(html, "--html")
    schedules = load_schedules(rake_schedule)
    redactor, warning = redactor_for(redact_key_file) if redact else (None, None)
    try:
        explanation = explain_hand(lake, hand, policy=policy, rake_schedules=schedules)
    except HandNotFound as exc:
        quarantined = quarantined_hand(lake, hand) if (lake / "quarantine").is_dir() else []
        if not quarantined:
            raise HandNotInLake(exc.args[0]) from None
        text = render_quarantined(hand, quarantined, raw=redactor is None)
        print(redactor.text(text) if redactor is not None else text, end="")
        finish(ExitStatus.INPUT_PROBLEMS)
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from exc
    if redactor is not None:
        explanation = redact_explanation(explanation, redactor)
        if warning:
            print(warning, file=sys.stderr)
    if html is not None:
        with atomic_output(html) as tmp:
            tmp.write_text(render_html(explanation), encoding="utf-8")
    print(json.dumps(explanation, indent=2, default=str) if as_json else render_text(explanation))
    finish(ExitStatus.FINDINGS if explanation.get("verdict") == Verdict.FINDINGS.value else ExitStatus.OK)
