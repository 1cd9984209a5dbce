"""The library behind ``hhaudit ingest`` (``ingest_job``) and what ``run`` shares with it:
the checks of the input options, the reasons for exit status 3, the engine.

Apart from ``audit.jobs`` (which re-exports every name here) so that ``hhaudit ingest``
imports neither the audit nor the report, nor polars with them: about 0.4 CPU-seconds of
start-up on the 2-core machine. Same rules as ``audit.jobs``: nothing prints, a problem
with what the job was given raises an ``audit.errors.HhauditError``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from audit.errors import BadOption, ExitStatus, NoInputFiles, OutputRefused, UnreadableLake
from audit.ingest import IngestSummary, ingest
from audit.ingest.inputs import (
    DEFAULT_MAX_EXPANDED,
    DEFAULT_MAX_RATIO,
    Found,
    InputOptions,
    Skipped,
    Unopenable,
    find_inputs,
)
from audit.lake import LakeError
from audit.outputs import check_apart, check_out_folder
from rules.vocab import FileStatus

if TYPE_CHECKING:
    from audit.cluster import ClusterPool

#: quarantine reasons named in the line that says why a run exits 3
TOP_REASONS = 5


class Progress(Protocol):
    """Where a job reports how far it is (each call is cheap; none is required)."""

    def begin(self, stage: str) -> None:
        """A stage starts (``reading``, ``auditing``, ``explaining``); the last one ends."""

    def reading(self, name: str) -> None:
        """The file ``name`` is being read."""

    def audited(self, done: int, total: int) -> None:
        """``done`` of ``total`` showdowns are audited."""


@dataclass(frozen=True)
class IngestResult:
    """What ``ingest_job`` did: the counts per file, the lake written, the exit status."""

    summary: IngestSummary
    lake: Path
    exit_status: ExitStatus
    problems: tuple[str, ...] = ()  # why the status is 3, one line each
    skipped: tuple[Skipped, ...] = ()  # hhaudit's own outputs found under the inputs

    @property
    def counts(self) -> dict[str, Any]:
        """The counts ``hhaudit ingest --json`` prints."""
        return self.summary.as_dict()


def ingest_job(paths: Sequence[Path | str], lake: Path | str, *, workers: int | None = None,
               max_quarantined: int = 0, progress: Progress | None = None, exclude: Sequence[str] = (),
               max_expanded_size: int = DEFAULT_MAX_EXPANDED,
               max_expansion_ratio: int = DEFAULT_MAX_RATIO, dask: str | None = None) -> IngestResult:
    """``hhaudit ingest``: read ``paths`` (files, folders, archives) into ``lake``; with
    ``dask`` (a scheduler's address), parsed on that cluster's workers."""
    lake = Path(lake)
    select = check_options(workers, max_quarantined, exclude, max_expanded_size, max_expansion_ratio)
    skipped = find_input_files(paths, select)
    if lake.exists() and not lake.is_dir():
        raise OutputRefused(f"--lake {lake} is a file, not a folder")
    check_apart(lake, paths, "--lake", inside=True)  # a lake over an input would hide it
    check_out_folder(lake, "--lake")
    if progress:
        progress.begin("reading")
    with lake_errors(), compute_engine(dask) as cluster:
        summary = ingest(paths, lake, workers=workers, progress=progress.reading if progress else None,
                         select=select, cluster=cluster)
    problems = ingest_problems(summary, max_quarantined)
    return IngestResult(summary, lake, ExitStatus.INPUT_PROBLEMS if problems else ExitStatus.OK,
                        problems, skipped)


@contextmanager
def compute_engine(dask: str | None) -> Iterator[ClusterPool | None]:
    """The Dask cluster at ``dask`` for the block, or None: this machine's workers."""
    if dask is None:
        yield None
        return
    from audit.cluster import dask_pool

    with dask_pool(dask) as pool:
        yield pool


def check_options(workers: int | None, max_quarantined: int, exclude: Sequence[str] = (),
                  max_expanded_size: int = DEFAULT_MAX_EXPANDED,
                  max_expansion_ratio: int = DEFAULT_MAX_RATIO) -> InputOptions:
    """Raise ``BadOption`` for a value an option does not allow; else what ingest reads."""
    if workers is not None and workers < 1:
        raise BadOption(f"--workers must be 1 or more, not {workers}")
    if max_quarantined < 0:
        raise BadOption(f"--max-quarantined must be 0 or more, not {max_quarantined}")
    if max_expanded_size < 1:
        raise BadOption(f"--max-expanded-size must be 1 byte or more, not {max_expanded_size}")
    if max_expansion_ratio < 1:
        raise BadOption(f"--max-expansion-ratio must be 1 or more, not {max_expansion_ratio}")
    return InputOptions(tuple(exclude), max_expanded_size, max_expansion_ratio)


def find_input_files(paths: Sequence[Path | str], select: InputOptions) -> tuple[Skipped, ...]:
    """Raise ``NoInputFiles`` when ``paths`` hold nothing to read; else what is skipped."""
    found = find_inputs(paths, select)
    if not any(isinstance(f, (Found, Unopenable)) for f in found):
        raise NoInputFiles(", ".join(str(p) for p in paths) or "no path given")
    return tuple(f for f in found if isinstance(f, Skipped))


def ingest_problems(summary: IngestSummary, max_quarantined: int) -> tuple[str, ...]:
    """Why an ingest makes the exit status 3, one line each (none when it does not): each
    file unreadable or unrecognised, the quarantined hands beyond the tolerance with their
    commonest reasons, or no hand found at all."""
    lines = [f"{f.status}: {f.source_file}: {f.message}"
             + ("; --exclude it if it is not meant as input" if f.status == FileStatus.UNRECOGNISED else "")
             for f in summary.bad_files]
    if summary.hands_quarantined > max_quarantined:
        lines.append(quarantine_line(summary.hands_quarantined, max_quarantined,
                                      summary.as_dict()["quarantined_by_reason"]))
    if summary.hands_found == 0 and not summary.skipped:  # a skipped file's hands are in the lake already
        empty = [f.source_file for f in summary.files if f.message == "empty file"]
        lines.append("no hand found in any input file" + (f" (empty: {', '.join(empty)})" if empty else ""))
    return tuple(lines)


def quarantine_line(quarantined: int, max_quarantined: int, by_reason: Mapping[str, int]) -> str:
    """The exit-3 line for quarantines beyond ``--max-quarantined``, commonest reasons first."""
    top = sorted(by_reason.items(), key=lambda item: (-item[1], item[0]))[:TOP_REASONS]
    more = len(by_reason) - len(top)
    reasons = ", ".join(f"{reason} {n}" for reason, n in top) + (f", {more} other reasons" if more > 0 else "")
    return (f"{quarantined} {'hand' if quarantined == 1 else 'hands'} quarantined, more than --max-quarantined "
            f"{max_quarantined}"
            + (f" ({reasons})" if reasons else ""))


@contextmanager
def lake_errors() -> Iterator[None]:
    """A lake this hhaudit cannot read is an input problem, not a crash."""
    try:
        yield
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from exc
