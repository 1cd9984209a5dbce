"""Which parsers exist, in the order ``detect`` tries them.

One line per format. Order matters only where one format's header could be mistaken
for another's (sites that write PokerStars' dialect come before PokerStars itself).
"""

from __future__ import annotations

import importlib
from functools import cache

from parsers.base import ColumnarReader, Parser
from rules.vocab import Format

# module names under parsers/, each exposing PARSER
_MODULES: tuple[str, ...] = (
    "merge_xml",
    "entraction",
    "microgaming",
    "bossmedia",
    "betfair",
    "enet",
    "everest",
    "absolute",
    "cake",
    "sealswithclubs",
    "pokerstars",
    "fulltilt",
    "everleaf",
    "ongame",
    "pkr",
    "ggpoker",
    "partypoker",
    "partypoker_2023",
    "poker888",
    "winamax",
    "ipoker",
    "winningpoker",
    "winningpoker_old",
    "bovada",
    "kingsclub",
    "betonline",
    "unibet",
)


#: formats with a columnar reader: the module under parsers/ exposing READER
_COLUMNAR: dict[Format, str] = {Format.POKERSTARS: "pokerstars_fast"}


@cache
def columnar_reader(format: Format) -> ColumnarReader | None:
    """The columnar reader of a format, if it has one (imported only when asked for: it
    needs polars)."""
    module = _COLUMNAR.get(format)
    return None if module is None else importlib.import_module(f"parsers.{module}").READER


@cache
def all_parsers() -> tuple[Parser, ...]:
    return tuple(importlib.import_module(f"parsers.{m}").PARSER for m in _MODULES)


def detect(head: str) -> Parser | None:
    """The parser whose ``sniff`` accepts this file's first characters, or None."""
    for parser in all_parsers():
        if parser.sniff(head):
            return parser
    return None
