"""What the report needs of a run beyond findings and verdicts, read from its lake.

``findings.parquet`` names each hand but not its date, table or tournament; the report's
``--by day|table``, its chip pools (one per tournament) and the HTML report's header
(period covered, ingest health) read them from ``OUT/lake`` (the lake ``hhaudit run``
wrote). A folder written by ``hhaudit audit --out`` has no lake of its own: the report
then has only the platform to pool chips by, and days and tables are ``unknown``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from audit.lake import LakeError, read_table
from audit.outputs import LAKE_FOLDER
from rules.vocab import FileStatus

#: the ``hands`` columns joined to the findings
CONTEXT_COLUMNS = ["hand_key", "hand_date", "table_name", "tournament_id"]


@dataclass(frozen=True)
class RunContext:
    """The lake's view of a run: per-hand context, and the facts the report heads with."""

    hands: pl.DataFrame | None = None
    period: tuple[str, str] | None = None
    quarantined: int = 0
    quarantine_reasons: dict[str, int] = field(default_factory=dict)
    files: int = 0
    bad_files: list[dict[str, Any]] = field(default_factory=list)

    def join(self, findings: pl.DataFrame) -> pl.DataFrame:
        """``findings`` with ``hand_date``, ``table_name`` and ``tournament_id``."""
        if self.hands is None:
            return findings
        extra = [c for c in CONTEXT_COLUMNS if c == "hand_key" or c not in findings.columns]
        return findings.join(self.hands.select(extra), on="hand_key", how="left")

    def header(self) -> dict[str, Any]:
        """The facts the HTML report states first (``reports.html_report``)."""
        return {"period": self.period, "files": self.files, "quarantined": self.quarantined,
                "quarantine_reasons": self.quarantine_reasons, "bad_files": self.bad_files}


def run_context(lake: Path) -> RunContext:
    """The context of the run whose lake is ``lake`` (empty when there is none)."""
    if not (lake / "hands").is_dir():
        return RunContext()
    try:
        hands = read_table(lake, "hands", CONTEXT_COLUMNS)
        files = read_table(lake, "files", ["source_file", "status", "message"])
        quarantine = read_table(lake, "quarantine", ["reason"])
    except LakeError:
        return RunContext()
    dates = hands.filter(pl.col("hand_date") != "unknown")["hand_date"]
    period = (str(dates.min()), str(dates.max())) if dates.len() else None
    reasons = dict(sorted(quarantine.group_by("reason").len().rows()))
    bad = files.filter(pl.col("status").is_in([FileStatus.UNREADABLE.value, FileStatus.UNRECOGNISED.value]))
    return RunContext(hands, period, quarantine.height, {str(k): int(v) for k, v in reasons.items()},
                      files.height, bad.sort("source_file").to_dicts())


def out_context(out: Path) -> RunContext:
    """The context of the run whose output folder is ``out``."""
    return run_context(out / LAKE_FOLDER)
