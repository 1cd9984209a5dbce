"""The lines the parsers did not know, most frequent first: what a platform changed.

A ``parse_error`` quarantine row quotes the line its parser stopped at. Lines that differ
only in their numbers, amounts and cards are one *shape* (a new verb prints with every
seat's name and stake), so the report counts shapes per format and shows one hand of
each, where an operator can see at a glance which line a platform started printing.

>>> import polars as pl
>>> rows = pl.DataFrame({
...     "reason": ["parse_error", "parse_error", "parse_error", "truncated"],
...     "format": ["pokerstars", "pokerstars", "pokerstars", "pokerstars"],
...     "message": ["unexpected line 19: 'Hero stands pat on [6d 2c 3s 9s 7s]'",
...                 "unexpected line 28: 'Hero stands pat on [4s 7s 5h 3c 2h]'",
...                 "no seat lines in the hand", "cut off"],
...     "source_file": ["a.txt", "b.txt", "c.txt", "d.txt"], "source_offset": [0, 310, 0, 0],
...     "hand_id": ["1", "2", "3", None]})
>>> table = unknown_lines(rows)
>>> table.select("format", "shape", "hands").rows()
[('pokerstars', 'Hero stands pat on [# cards]', 2), ('pokerstars', 'no seat lines in the hand', 1)]
>>> table.row(0, named=True)["example_file"], table.row(0, named=True)["example_offset"]
('a.txt', 0)
"""

from __future__ import annotations

import re

import polars as pl

from rules.vocab import QuarantineReason

_CARDS = re.compile(r"\[(?:[2-9TJQKA10][cdhs] ?)+\]")
_AMOUNT = re.compile(r"[$€£]?\d[\d,. ]*\d|[$€£]?\d")
#: the longest shape kept: the report is read on a screen
SHAPE_CHARS = 120

UNKNOWN_LINE_COLUMNS = ("format", "shape", "hands", "example_file", "example_offset", "example_hand_id", "example")


def _quoted(message: str) -> str:
    """The line a message quotes, repr style: in double quotes when it holds a single one."""
    for quote in ('"', "'"):
        first, last = message.find(quote), message.rfind(quote)
        if first != -1 and last > first + 1:
            return message[first + 1:last]
    return message


def line_shape(message: str) -> str:
    """The quoted line of a parse error with its cards, numbers and amounts blanked.

    >>> line_shape("hand 86564040647: unexpected line \\"Table '604678566 47' 9-max Seat #1 is the button\\"")
    "Table '#' #-max Seat ## is the button"
    >>> line_shape("line 7 'Seat 2:  ( $895 )': unexpected line")
    'Seat #:  ( # )'
    """
    text = _quoted(message)
    text = _CARDS.sub("[# cards]", text)
    text = _AMOUNT.sub("#", text)
    return text[:SHAPE_CHARS]


def unknown_lines(quarantine: pl.DataFrame, top: int = 20) -> pl.DataFrame:
    """The ``top`` most frequent shapes of the ``parse_error`` rows, with one example each."""
    errors = quarantine.filter(pl.col("reason") == QuarantineReason.PARSE_ERROR.value)
    if errors.is_empty():
        return pl.DataFrame(schema={"format": pl.String, "shape": pl.String, "hands": pl.UInt32,
                                    "example_file": pl.String, "example_offset": pl.Int64,
                                    "example_hand_id": pl.String, "example": pl.String})
    shaped = errors.with_columns(pl.col("message").map_elements(line_shape, return_dtype=pl.String).alias("shape"),
                                 pl.col("format").fill_null("unknown"))
    grouped = (shaped.sort("source_file", "source_offset")
               .group_by("format", "shape", maintain_order=True)
               .agg(pl.len().alias("hands"), pl.col("source_file").first().alias("example_file"),
                    pl.col("source_offset").first().alias("example_offset"),
                    pl.col("hand_id").first().alias("example_hand_id"),
                    pl.col("message").first().alias("example")))
    return grouped.sort(["hands", "format", "shape"], descending=[True, False, False]).head(top)
