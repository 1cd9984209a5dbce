"""What the report needs of a run beyond findings and verdicts, read from its lake.

``findings.parquet`` names each hand but not its date, table or tournament; the report's
``--by day|table``, its chip pools (one per tournament) and the HTML report's header
(period covered, ingest health) read them from ``OUT/lake`` (the lake ``hhaudit run``
wrote). A folder written by ``hhaudit audit --out`` has no lake of its own: the report
then has only the platform to pool chips by, and days and tables are ``unknown``.

Nothing here reads every hand: the period covered comes from the lake's partitions (its
log), and ``RunContext.join`` reads the rows of the findings' hands only, so that the
report's memory does not grow with the lake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from audit.lake import LakeError, partition_rows, read_table, scan_table
from audit.outputs import LAKE_FOLDER
from reports.unknown_lines import UNKNOWN_LINE_INPUT, unknown_lines
from rules.vocab import FileStatus

#: the ``hands`` columns joined to the findings
CONTEXT_COLUMNS = ["hand_key", "hand_date", "table_name", "tournament_id"]


#: how many shapes of unknown line the report lists
UNKNOWN_LINES_SHOWN = 20


@dataclass(frozen=True)
class RunContext:
    """The lake's view of a run: per-hand context, and the facts the report heads with."""

    lake: Path | None = None  # where the findings' hands are read (None: no lake)
    period: tuple[str, str] | None = None
    quarantined: int = 0
    quarantine_reasons: dict[str, int] = field(default_factory=dict)
    files: int = 0
    bad_files: list[dict[str, Any]] = field(default_factory=list)
    unknown_lines: list[dict[str, Any]] = field(default_factory=list)  # reports.unknown_lines, commonest first

    def join(self, findings: pl.DataFrame) -> pl.DataFrame:
        """``findings`` with ``hand_date``, ``table_name`` and ``tournament_id``."""
        if self.lake is None:
            return findings
        extra = [c for c in CONTEXT_COLUMNS if c == "hand_key" or c not in findings.columns]
        scan = scan_table(self.lake, "hands").select(extra)
        keys = findings["hand_key"].unique().implode()
        hands = (scan.filter(pl.col("hand_key").is_in(keys)) if findings.height else scan.head(0)).collect()
        return findings.join(hands, on="hand_key", how="left")

    def header(self) -> dict[str, Any]:
        """The facts the HTML report states first (``reports.html_report``)."""
        return {"period": self.period, "files": self.files, "quarantined": self.quarantined,
                "quarantine_reasons": self.quarantine_reasons, "bad_files": self.bad_files,
                "unknown_lines": self.unknown_lines}


def run_context(lake: Path) -> RunContext:
    """The context of the run whose lake is ``lake`` (empty when there is none)."""
    if not (lake / "hands").is_dir():
        return RunContext()
    try:
        dates = [date for (_, date), n in partition_rows(lake, "hands").items() if n and date not in (None, "unknown")]
        files = read_table(lake, "files", ["source_file", "status", "message"])
        quarantine = read_table(lake, "quarantine", UNKNOWN_LINE_INPUT)
    except LakeError:
        return RunContext()
    period = (str(min(dates)), str(max(dates))) if dates else None
    reasons = dict(sorted(quarantine.group_by("reason").len().rows()))
    bad = files.filter(pl.col("status").is_in([FileStatus.UNREADABLE.value, FileStatus.UNRECOGNISED.value]))
    return RunContext(lake, period, quarantine.height, {str(k): int(v) for k, v in reasons.items()},
                      files.height, bad.sort("source_file").to_dicts(),
                      unknown_lines(quarantine, UNKNOWN_LINES_SHOWN).to_dicts())


def out_context(out: Path) -> RunContext:
    """The context of the run whose output folder is ``out``."""
    return run_context(out / LAKE_FOLDER)
