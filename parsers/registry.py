"""Which parsers exist, in the order ``detect`` tries them.

One line per format. Order matters only where one format's header could be mistaken
for another's (sites that write PokerStars' dialect come before PokerStars itself).
"""

from __future__ import annotations

import importlib
from functools import cache

from parsers.base import ColumnarReader, Parser
from rules.compiled import PURE_PYTHON_ENV as PURE_PYTHON_ENV  # the one switch of every extension
from rules.compiled import pure_python_forced
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
    "ipoker_text",
    "merge_text",
    "microgaming_text",
    "winningpoker",
    "winningpoker_old",
    "bovada",
    "kingsclub",
    "betonline",
    "unibet",
)


#: formats with a columnar reader: modules under parsers/ exposing READER, the compiled one
#: first (used when its extension is built and not switched off), then the pure-Python one
_COLUMNAR: dict[Format, tuple[str, str]] = {Format.POKERSTARS: ("pokerstars_compiled", "pokerstars_fast")}

#: set to anything but "" or "0", the pure-Python readers run even where the compiled one is built


@cache
def _compiled_error() -> str | None:
    """Why the compiled extension cannot be used (None: it can)."""
    try:
        importlib.import_module("parsers._pokerstars_c")
    except ImportError as exc:
        return f"not built ({exc})"
    return None


def reader_path() -> str:
    """Which PokerStars reader ingest runs, said plainly: ``compiled`` or ``pure Python (why)``.

    The compiled reader is the optional Cython extension ``parsers._pokerstars_c``; the
    pure-Python one the polars reader ``parsers.pokerstars_fast``. Both give the same lake.
    """
    if pure_python_forced():
        return f"pure Python ({PURE_PYTHON_ENV} is set)"
    error = _compiled_error()
    return "compiled" if error is None else "pure Python (compiled reader not built)"


@cache
def columnar_reader(format: Format) -> ColumnarReader | None:
    """The columnar reader of a format, if it has one (imported only when asked for: it
    needs polars): the compiled one where ``reader_path()`` says so, else the pure-Python one.

    Cached: a test that changes ``HHAUDIT_PURE_PYTHON`` calls ``columnar_reader.cache_clear()``.
    """
    modules = _COLUMNAR.get(format)
    if modules is None:
        return None
    compiled, pure = modules
    use_compiled = not pure_python_forced() and _compiled_error() is None
    reader: ColumnarReader = importlib.import_module(f"parsers.{compiled if use_compiled else pure}").READER
    return reader


@cache
def all_parsers() -> tuple[Parser, ...]:
    return tuple(importlib.import_module(f"parsers.{m}").PARSER for m in _MODULES)


def detect(head: str) -> Parser | None:
    """The parser whose ``sniff`` accepts this file's first characters, or None."""
    for parser in all_parsers():
        if parser.sniff(head):
            return parser
    return None
