"""``hhaudit report OUT``: the summary, exports and HTML report of an audit run's output
(``audit.report_job``). A bad option or ``--output`` is exit code 2; a folder that is not a
complete, intact run is exit code 3, the file named."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from audit.cli.common import RedactKeyFile, finish
from audit.report_options import REDACT_KEY_ENV, TABLE_TOP, ReportFormat
from reports.choices import DEFAULT_TOP, GroupBy


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report_command(
        out: Annotated[Path, typer.Argument(help="The --out folder of hhaudit run.")],
        fmt: Annotated[ReportFormat, typer.Option("--format", help="What to write.")] = ReportFormat.TABLE,
        output: Annotated[Path | None, typer.Option("--output", help="File to write (default: stdout; required "
            "for parquet).")] = None,
        redact: Annotated[bool, typer.Option("--redact", help=f"Replace player names by pseudonyms keyed by your "
            f"secret (--redact-key-file or ${REDACT_KEY_ENV}; without one, a random key and a warning: "
            f"pseudonyms then match no other run).")] = False,
        redact_key_file: RedactKeyFile = None,
        by: Annotated[GroupBy | None, typer.Option("--by", help="Underpaid, overpaid and net per player, day, "
            "table or platform (per currency; chips per tournament).")] = None,
        top: Annotated[int | None, typer.Option("--top", min=0, help=f"Worst findings to include (default: "
            f"{TABLE_TOP} in the table, {DEFAULT_TOP} in HTML, all in exports).")] = None,
    ) -> None:
        """Summarise an audit run's findings, export them, write the HTML report, sum them
        --by player, day, table or platform, or list the players owed (--format players-owed)."""
        from audit.report_job import report_job  # the library on use: --help starts without polars

        result = report_job(out, fmt, output, redact=redact, top=top, by=by, redact_key_file=redact_key_file)
        if result.text is not None:
            sys.stdout.write(result.text)
        if result.message:
            print(result.message, file=sys.stderr)
        finish(result.exit_status)
