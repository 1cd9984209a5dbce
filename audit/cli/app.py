"""The Typer application. Each command lives in its own module and registers itself here.

Exit codes (contracts.md): 0 success, 1 findings, 2 usage or bad input, 3 input
problems. Data goes to stdout, progress and diagnostics to stderr.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="hhaudit",
    help="Audit split-pot poker payouts: recompute every showdown from the cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# command modules under audit/cli/, each with register(app)
_COMMAND_MODULES: tuple[str, ...] = (
    "ingest_cmd",
    "audit_cmds",
    "rules_cmds",
    "report_cmd",
    "export_cmd",
)



def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"hhaudit {version('hhaudit')}")
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
    app()
