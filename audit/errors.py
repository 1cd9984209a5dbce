"""Exit statuses and the errors the library raises for a user to fix.

Every command ends with an ``ExitStatus`` (the README's exit codes; when several apply
the highest wins). An ``HhauditError`` is a problem with what the user gave, never a
bug: it carries its exit status and a one-line message, and the command line prints
that line to stderr and exits with that status, all in one place
(``audit.cli.app.HhauditGroup``). Anything else that escapes is a bug and shows as one.

>>> NotALake(Path("/tmp/x")).line()
'hhaudit: /tmp/x is not a lake (no hands table); run hhaudit ingest first'
>>> int(NotALake(Path("/tmp/x")).exit_status)
2
>>> UnreadableLake("a\\n  b").message
'a b'
>>> BadInput("no such file: run\\x1b[2J.txt").line()
'hhaudit: no such file: run\\\\x1b[2J.txt'
"""

from __future__ import annotations

import re
import unicodedata
from enum import IntEnum
from pathlib import Path
from typing import ClassVar


class ExitStatus(IntEnum):
    """How a command ended: its exit code (README, "Exit codes"; never change a meaning)."""

    OK = 0  # success and, for audit and run, no open finding
    FINDINGS = 1  # findings not accepted (or, with --fail-on-unverifiable, unverifiable hands)
    BAD_INPUT = 2  # usage error or bad input to the command
    INPUT_PROBLEMS = 3  # unreadable or unrecognised inputs, too many quarantined hands


class HhauditError(Exception):
    """A problem with what the user gave: a one-line message and an exit status."""

    exit_status: ClassVar[ExitStatus] = ExitStatus.BAD_INPUT
    #: what the printed line starts with
    prefix: ClassVar[str] = "hhaudit: "

    def __init__(self, message: str) -> None:
        # one line, whatever a wrapped library's message holds
        self.message = re.sub(r"\s*\n\s*", " ", message.strip())
        super().__init__(self.message)

    def line(self) -> str:
        """The line the command line prints to stderr (control characters escaped: it
        names files, whose names may hold terminal escape sequences)."""
        return f"{self.prefix}{escape_controls(self.message)}"


def escape_controls(text: str) -> str:
    """``text`` with every control or format character (terminal escapes, carriage
    returns, bidirectional overrides) written as a Python escape, so that a file name
    printed to a terminal shows what it is and cannot redraw the screen.

    >>> escape_controls("day1\\x1b[31m.txt\\u202e")
    'day1\\\\x1b[31m.txt\\\\u202e'
    >>> escape_controls("Peña café.txt")
    'Peña café.txt'
    """
    if text.isprintable():
        return text
    return "".join(repr(ch)[1:-1] if unicodedata.category(ch) in _CONTROL_CATEGORIES else ch for ch in text)


#: control, format, and line or paragraph separators: what a terminal may act on
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})


class BadInput(HhauditError):
    """Usage error or bad input to the command: exit code 2."""

    exit_status = ExitStatus.BAD_INPUT


class InputProblem(HhauditError):
    """The inputs themselves cannot be used: exit code 3."""

    exit_status = ExitStatus.INPUT_PROBLEMS


class UnknownPolicy(BadInput):
    """``--policy`` names no profile, or a profile file that cannot be read or is invalid."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"unknown policy or profile: {detail}")


class BadAcceptFile(BadInput):
    """``--accept`` names a file that is missing, unreadable or malformed."""


class OutNotEmpty(BadInput):
    """``--out`` holds files and ``--overwrite`` was not given."""

    def __init__(self, out: Path) -> None:
        super().__init__(f"{out} is not empty (use --overwrite to replace its contents)")


class NotALake(BadInput):
    """``--lake`` is not a folder that ``hhaudit ingest`` wrote."""

    def __init__(self, lake: Path) -> None:
        if Path(lake).is_file():
            super().__init__(f"--lake {lake} is a file, not a lake folder")
        else:
            super().__init__(f"{lake} is not a lake (no hands table); run hhaudit ingest first")


class BadHandKey(BadInput):
    """A hand given otherwise than as ``PLATFORM:HAND_ID``."""

    def __init__(self, hand: str) -> None:
        super().__init__(f"give the hand as PLATFORM:HAND_ID, not {hand!r}")


class HandNotInLake(BadInput):
    """The hand asked for is not in the lake."""


class BadRakeSchedule(BadInput):
    """A ``--rake-schedule`` file that cannot be used (the message names file, table and key)."""


class BadReportInput(BadInput):
    """A file of an output folder that ``hhaudit report`` cannot read, or options that
    contradict each other."""


class RulesInputError(BadInput):
    """Bad input to ``settle`` or ``policies``, which have always said ``error:``."""

    prefix = "error: "


class UnreadableLake(InputProblem):
    """A lake whose files this hhaudit cannot read (another schema version)."""


class OutputRefused(BadInput):
    """An output path hhaudit will not write: a file where a folder is needed, a folder
    that cannot be written, a folder that overlaps an input, a folder ``--overwrite``
    may not empty, a report that would replace a run's own file."""


class BadOption(BadInput):
    """An option's value outside what it allows (``--workers 0``, ``--max-quarantined -5``),
    checked before any work starts."""


class NoInputFiles(InputProblem):
    """The paths given hold no file to read (empty folders, or every file excluded)."""

    def __init__(self, paths: str) -> None:
        super().__init__(f"no input files in {paths} (empty folders, or every file excluded or "
                         "an hhaudit output)")


class IncompleteRun(InputProblem):
    """``hhaudit report`` of a folder that is not a finished run's ``--out``."""


class DamagedOutput(InputProblem):
    """A file of a run's output folder that is damaged or edited since hhaudit wrote it."""
