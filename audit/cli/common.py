"""What every command shares: exit codes and error reporting."""

from __future__ import annotations

import sys
from enum import IntEnum

import typer


class Exit(IntEnum):
    """Exit codes of every command (contracts.md); when several apply the highest wins."""

    OK = 0
    FINDINGS = 1
    BAD_INPUT = 2
    INPUT_PROBLEMS = 3


def fail(message: str, code: Exit = Exit.BAD_INPUT) -> typer.Exit:
    """Print ``message`` to stderr and return the Exit to raise."""
    print(f"hhaudit: {message}", file=sys.stderr)
    return typer.Exit(int(code))


def progress_printer(enabled: bool):
    """A callback that shows the file being read on a terminal's stderr, or nothing."""
    if not enabled or not sys.stderr.isatty():
        return None

    def show(name: str) -> None:
        print(f"\r\033[Kreading {name[-100:]}", end="", file=sys.stderr, flush=True)

    return show
