"""The choices the reports offer, without the libraries that make them: ``hhaudit report
--help`` lists these and imports no polars (``reports.owed`` and ``reports.html_report``
re-export them)."""

from __future__ import annotations

import enum


class GroupBy(enum.StrEnum):
    PLAYER = "player"
    DAY = "day"
    TABLE = "table"
    PLATFORM = "platform"


#: the worst findings the HTML report shows by default
DEFAULT_TOP = 1000
