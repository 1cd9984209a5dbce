"""What the commands share: typed options, and how a command ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Mapping, NoReturn

import typer

from audit.errors import ExitStatus

PolicyOption = Annotated[str | None, typer.Option(
    "--policy", help="Odd-chip profile name or TOML file, forced for every hand (default: each platform's own).")]
AcceptOption = Annotated[Path | None, typer.Option(
    "--accept", help="CSV or TOML of known anomalies (hand_key, kind, reason) that do not fail the run.")]
MaxQuarantined = Annotated[int, typer.Option(
    "--max-quarantined", help="Quarantined hands tolerated before exit code 3.")]
FailUnverifiable = Annotated[bool, typer.Option(
    "--fail-on-unverifiable", help="Exit 1 when any hand could not be checked.")]
Overwrite = Annotated[bool, typer.Option(help="Replace a non-empty --out.")]
RedactKeyFile = Annotated[Path | None, typer.Option(
    "--redact-key-file", help="File holding your secret redaction key (else $HHAUDIT_REDACT_KEY).")]
RakeScheduleOption = Annotated[Path | None, typer.Option(
    "--rake-schedule", help="TOML of your own rake schedules (replacing the shipped ones of each platform it names; the format: rules/rake_schedules/README.md and rules/rake_toml.py).")]
InputPaths = Annotated[list[Path], typer.Argument(help="Files, folders, .gz or .zip archives.")]


def print_counts(counts: Mapping[str, Any]) -> None:
    """The counts as one JSON object: the last line of stdout of ``run`` and ``audit``."""
    print(json.dumps(counts, sort_keys=True))


def finish(status: ExitStatus) -> NoReturn:
    """End the command with ``status`` as its exit code."""
    raise typer.Exit(int(status))
