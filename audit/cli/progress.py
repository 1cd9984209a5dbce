"""The one progress display of every command: rich, on stderr, only on a terminal.

stdout carries data (``run`` and ``audit`` end with their counts as JSON), so progress
never goes there; on anything but a terminal (a pipe, a log file, a batch job) it is not
drawn at all.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, TextIO

from audit.errors import escape_controls

if TYPE_CHECKING:  # rich is imported only when a terminal will show it
    from rich.progress import Progress, TaskID


class RichProgress:
    """A job's progress (``audit.jobs.Progress``) as one rich task per stage."""

    def __init__(self, display: Progress) -> None:
        self.display = display
        self._task: TaskID | None = None

    def begin(self, stage: str) -> None:
        if self._task is not None:
            self.display.remove_task(self._task)
        self._task = self.display.add_task(stage, total=None)

    def reading(self, name: str) -> None:
        if self._task is not None:
            from rich.markup import escape

            # a file name is text, not rich markup nor terminal control sequences
            shown = escape(escape_controls(Path(name).name[-40:]))
            self.display.update(self._task, description=f"reading {shown}", advance=1)

    def audited(self, done: int, total: int) -> None:
        if self._task is not None:
            self.display.update(self._task, completed=done, total=total)


@contextmanager
def progress_display(enabled: bool = True, stream: TextIO | None = None) -> Iterator[RichProgress | None]:
    """A progress display on ``stream`` (default stderr) while the block runs, when it is
    ``enabled`` and the stream is a terminal; otherwise None. It disappears at the end."""
    stream = stream if stream is not None else sys.stderr
    if not enabled or not stream.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=Console(file=stream), transient=True) as display:
        yield RichProgress(display)
