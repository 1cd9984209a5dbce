"""What the commands share: typed options, and how a command ends."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from audit.errors import BadOption, ExitStatus, escape_controls
from audit.ingest.limits import DEFAULT_MAX_EXPANDED, DEFAULT_MAX_RATIO

PolicyOption = Annotated[str | None, typer.Option(
    "--policy", help="Odd-chip profile name or TOML file, forced for every hand (default: each platform's own).")]
AcceptOption = Annotated[Path | None, typer.Option(
    "--accept", help="CSV or TOML of known anomalies (hand_key, kind, reason) that do not fail the run.")]
MaxQuarantined = Annotated[int, typer.Option(
    "--max-quarantined", help="Quarantined hands tolerated before exit code 3.")]
FailUnverifiable = Annotated[bool, typer.Option(
    "--fail-on-unverifiable", help="Exit 1 when any hand could not be checked.")]
Overwrite = Annotated[bool, typer.Option(help="Replace a non-empty --out.")]
InputPaths = Annotated[list[Path], typer.Argument(
    help="Files, folders, archives (.zip, .tar, .tar.gz, .tgz, .tar.xz, .tar.bz2) and .gz, .xz, .bz2 files.")]
Workers = Annotated[int | None, typer.Option(
    "--workers", help="Workers that parse and audit side by side, threads or processes "
                      "(1 or more; default: all cores for large inputs).")]
ExcludeOption = Annotated[list[str] | None, typer.Option(
    "--exclude", metavar="GLOB", help="Do not read paths matching GLOB (as given, below the folder given, or "
                                      "by name; repeatable).")]
MaxExpandedSize = Annotated[str, typer.Option(
    "--max-expanded-size", metavar="SIZE",
    help="Refuse a compressed file or archive member that expands to more than SIZE (bytes, or with K, M, G, T).")]
MaxExpansionRatio = Annotated[int, typer.Option(
    "--max-expansion-ratio", help="Refuse one that expands past 16 MiB to more than this many times its "
                                  "compressed size.")]
#: the defaults of the two caps, as the options show them
DEFAULT_SIZE_TEXT = f"{DEFAULT_MAX_EXPANDED >> 30}G"
DEFAULT_RATIO = DEFAULT_MAX_RATIO
_SIZE = re.compile(r"^\s*(\d+)\s*([KMGT]?)(?:I?B)?\s*$", re.I)


def parse_size(text: str, option: str = "--max-expanded-size") -> int:
    """Bytes from ``4G``, ``512M``, ``100K`` or a plain number (binary units).

    >>> parse_size("4G"), parse_size("512MiB"), parse_size("1000")
    (4294967296, 536870912, 1000)
    """
    found = _SIZE.match(text)
    if found is None:
        raise BadOption(f"{option} takes a size such as 4G, 512M or 1000000, not {text!r}")
    return int(found.group(1)) << (10 * " KMGT".index(found.group(2).upper() or " "))


def print_problems(lines: Iterable[str]) -> None:
    """Why a command exits 3, one line each on stderr, names escaped."""
    for line in lines:
        print(f"hhaudit: {escape_controls(line)}", file=sys.stderr)
DaskOption = Annotated[str | None, typer.Option(
    "--dask", metavar="ADDRESS",
    help="Run on the dask.distributed scheduler at ADDRESS (tcp://host:8786): its workers parse and "
         "audit (pip install 'hhaudit[dask]'; docs/cluster.md).")]
RedactKeyFile = Annotated[Path | None, typer.Option(
    "--redact-key-file", help="File holding your secret redaction key (else $HHAUDIT_REDACT_KEY).")]
RakeScheduleOption = Annotated[Path | None, typer.Option(
    "--rake-schedule", help="TOML of your own rake schedules (replacing the shipped ones of each platform it "
        "names; the format: rules/rake_schedules/README.md and rules/rake_toml.py).")]


def print_counts(counts: Mapping[str, Any]) -> None:
    """The counts as one JSON object: the last line of stdout of ``run`` and ``audit``."""
    print(json.dumps(counts, sort_keys=True))


def finish(status: ExitStatus) -> NoReturn:
    """End the command with ``status`` as its exit code."""
    raise typer.Exit(int(status))
