"""Findings to files: CSV, JSON Lines and Parquet.

Every export writes the columns of :data:`reports.summary.FINDINGS_SCHEMA` in that
order, amounts as integers in minor units (with ``amount_scale`` beside them), so a
reader recomputes nothing and loses nothing.

CSV is read by spreadsheets, which run a text cell starting with ``=``, ``+``, ``-``,
``@``, tab or carriage return as a formula (a player named ``=HYPERLINK(...)`` would
become a link that leaks data). Such text cells get a leading ``'``, which spreadsheets
show as text; numbers are written as numbers, so a negative delta stays ``-5``.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any, TextIO

import polars as pl

from reports.summary import FINDINGS_SCHEMA, conform_findings

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: Any) -> Any:
    """A CSV cell's value: formula-looking text gets a leading ``'``; numbers untouched.

    >>> neutralise("=1+1"), neutralise("-x"), neutralise(-5), neutralise("Hero")
    ("'=1+1", "'-x", -5, 'Hero')
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return neutralise(value)


def write_csv(findings: pl.DataFrame, out: TextIO) -> int:
    """Write ``findings`` as CSV (header row first) to ``out``; return the rows written."""
    frame = conform_findings(findings).select(list(FINDINGS_SCHEMA))
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(frame.columns)
    for row in frame.iter_rows():
        writer.writerow([_cell(v) for v in row])
    return frame.height


def csv_text(findings: pl.DataFrame) -> str:
    """The CSV of ``findings`` as one string."""
    buffer = io.StringIO()
    write_csv(findings, buffer)
    return buffer.getvalue()


def write_jsonl(findings: pl.DataFrame, out: TextIO) -> int:
    """One JSON object per finding, keys in column order, nulls as ``null``."""
    frame = conform_findings(findings).select(list(FINDINGS_SCHEMA))
    for row in frame.iter_rows(named=True):
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return frame.height


def write_parquet(findings: pl.DataFrame, path: Path) -> int:
    """Copy ``findings`` to ``path`` (temporary name, then rename: never a half file)."""
    frame = conform_findings(findings).select(list(FINDINGS_SCHEMA))
    path = Path(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        frame.write_parquet(temp)
        os.replace(temp, path)
    finally:
        if temp.exists():
            temp.unlink()
    return frame.height


def frame_csv_text(frame: pl.DataFrame) -> str:
    """Any frame (a ``--by`` table, the players-owed list) as CSV, cells as for findings."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(frame.columns)
    for row in frame.iter_rows():
        writer.writerow([_cell(v) for v in row])
    return buffer.getvalue()


def frame_jsonl_text(frame: pl.DataFrame) -> str:
    """Any frame as JSON Lines, keys in column order."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in frame.iter_rows(named=True))
