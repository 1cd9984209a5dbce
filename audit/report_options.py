"""The options of ``hhaudit report`` as ``audit.report_job`` takes them, apart from the job
so that the command's ``--help`` imports no polars (``audit.report_job`` re-exports them)."""

from __future__ import annotations

import enum

#: the worst findings the terminal table shows by default
TABLE_TOP = 20
REDACT_KEY_ENV = "HHAUDIT_REDACT_KEY"


class ReportFormat(enum.StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSONL = "jsonl"
    PARQUET = "parquet"
    HTML = "html"
    PLAYERS_OWED = "players-owed"
