"""The Typer application. Each command lives in its own module and registers itself here.

Every command parses its options, calls one library function (``audit.jobs`` and
friends) and prints what it returns; data goes to stdout, progress and diagnostics to
stderr. ``HhauditGroup`` is the one place where the library's errors
(``audit.errors.HhauditError``) become a line on stderr and an exit code (README, "Exit
codes": 0 success, 1 findings, 2 usage or bad input, 3 input problems).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from audit.errors import HhauditError
from audit.memory import set_allocator_defaults
from audit.version import tool_version


class HhauditGroup(TyperGroup):
    """Runs a command; an ``HhauditError`` it raises is printed as its one line on stderr
    and ends the program with its exit status. Any other exception is a bug and is not
    dressed up as something else."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except HhauditError as exc:
            print(exc.line(), file=sys.stderr)
            raise typer.Exit(int(exc.exit_status)) from None


app = typer.Typer(
    name="hhaudit",
    cls=HhauditGroup,
    help="Audit split-pot poker payouts: recompute every showdown from the cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# command modules under audit/cli/, each with register(app)
_COMMAND_MODULES: tuple[str, ...] = (
    "ingest_cmd",
    "audit_cmds",
    "rules_cmds",
    "report_cmd",
    "export_cmd",
    "lake_cmd",
)


def _print_version(value: bool) -> None:
    if value:
        from parsers.registry import reader_path
        from rules.batch import omaha_loop_path

        typer.echo(f"hhaudit {tool_version()}\nPokerStars reader: {reader_path()}\n"
                   f"Omaha Hi/Lo evaluation: {omaha_loop_path()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print hhaudit's version and exit."),
) -> None:
    """Audit split-pot poker payouts: recompute every showdown from the cards."""


for _name in _COMMAND_MODULES:
    importlib.import_module(f"audit.cli.{_name}").register(app)


def main() -> None:
    # before pyarrow is first imported: its pool is chosen once, by the environment
    set_allocator_defaults(os.environ)
    try:
        app()
    finally:
        # What is left at exit is the system's to free: without this the collector
        # scans every object again as the interpreter ends (0.2-0.4 s after an ingest
        # of 100 MB, once its output was printed).
        gc.freeze()
