"""Which parsers exist, in the order ``detect`` tries them, imported only when sniffing
reaches them.

One line per format: the module under ``parsers/`` (exposing ``PARSER``), its format, and
its *markers*: texts one of which every file head its ``sniff`` accepts holds (a literal
part of its sniff pattern). A module is imported only for a head holding one of its
markers, so that reading a PokerStars file never imports, say, ``parsers.cake`` with its
patterns (``tests/test_registry_lazy.py`` holds each marker to its parser's ``sniff`` on
every test file). Order matters only where one format's header could be mistaken for
another's (sites that write PokerStars' dialect come before PokerStars itself).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from parsers.base import ColumnarReader, Parser
from rules.compiled import PURE_PYTHON_ENV as PURE_PYTHON_ENV  # the one switch of every extension
from rules.compiled import pure_python_forced
from rules.vocab import Format


@dataclass(frozen=True)
class Entry:
    """One parser module of the registry, as detection sees it before importing it."""

    module: str  # under parsers/, exposing PARSER
    format: Format  # its PARSER's format
    markers: tuple[str, ...]  # one of them is in every head its sniff accepts


_GAME_OR_HAND = ("Game #", "Hand #")
_TABLE: tuple[Entry, ...] = (
    Entry("merge_xml", Format.MERGE_XML, ('<description type="', '<game id="')),
    Entry("entraction", Format.ENTRACTION, ("Game # ",)),
    Entry("microgaming", Format.MICROGAMING_XML, ("<Game ",)),
    Entry("bossmedia", Format.BOSSMEDIA_XML, ('<HISTORY ID="',)),
    Entry("betfair", Format.BETFAIR, ("Betfair Poker Hand History for Game ",)),
    Entry("enet", Format.ENET, ("Game #",)),
    Entry("everest", Format.EVEREST, ('<SESSION time="',)),
    Entry("everest_text", Format.EVEREST_TEXT, ("EverestPoker Game #",)),
    Entry("absolute", Format.ABSOLUTE, ("Stage #",)),
    Entry("cake", Format.CAKE, ("Hand#",)),
    Entry("sealswithclubs", Format.SEALSWITHCLUBS, ("Site: Seals With Clubs",)),
    Entry("pokerstars", Format.POKERSTARS, (*_GAME_OR_HAND, "GAME #", "HAND #", "de PokerStars:")),
    Entry("fulltilt", Format.FULLTILT, ("Game #",)),
    Entry("everleaf", Format.EVERLEAF, ("Hand history for game #",)),
    Entry("ongame", Format.ONGAME, ("History for hand ",)),
    Entry("pkr", Format.PKR, ("Starting Hand #",)),
    Entry("ggpoker", Format.GGPOKER, ("Poker Hand #",)),
    Entry("partypoker", Format.PARTYPOKER, ("Hand History for Game ",)),
    Entry("partypoker_2023", Format.PARTYPOKER_2023, ("Hand History For Game ",)),
    Entry("poker888", Format.POKER888, ("Hand History for Game",)),
    Entry("winamax", Format.WINAMAX, ("Winamax Poker - ",)),
    Entry("ipoker", Format.IPOKER_XML, ("<gametype>",)),
    Entry("ipoker_text", Format.IPOKER_TEXT, ("GAME #",)),
    Entry("merge_text", Format.MERGE_TEXT, ("MERGE_GAME #", "Merge Game #")),
    Entry("microgaming_text", Format.MICROGAMING_TEXT, ("** Game ID ", "** Hand # ")),
    Entry("winningpoker", Format.WINNINGPOKER, ("Hand #",)),
    Entry("winningpoker_old", Format.WINNINGPOKER_OLD, ("Game started at: ",)),
    Entry("bovada", Format.BOVADA, ("Hand #",)),
    Entry("kingsclub", Format.KINGSCLUB, ("Table '",)),
    Entry("betonline", Format.BETONLINE, _GAME_OR_HAND),
    Entry("chico_2012", Format.CHICO_2012, ("ActionPoker.com Game #", "Gear Poker Game #")),
    Entry("unibet", Format.UNIBET, (*_GAME_OR_HAND, "Partie ")),  # "Partie ": the French client
)

# module names under parsers/, each exposing PARSER
_MODULES: tuple[str, ...] = tuple(e.module for e in _TABLE)


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
def parser_of(module: str) -> Parser:
    """The ``PARSER`` of ``parsers.<module>`` (imported on first use)."""
    parser: Parser = importlib.import_module(f"parsers.{module}").PARSER
    return parser


def all_parsers() -> tuple[Parser, ...]:
    """Every registered parser, in detection order (each module imported)."""
    return tuple(parser_of(m) for m in _MODULES)


def sniffing(head: str, format: str | None = None) -> Iterator[Parser]:
    """The parsers that may accept ``head``, in detection order, each imported only when
    reached: those holding a marker in it (of ``format`` only, if given)."""
    for entry in _TABLE:
        if (format is None or entry.format == format) and any(m in head for m in entry.markers):
            yield parser_of(entry.module)


def has_format(format: str) -> bool:
    """Whether a registered parser reads ``format``."""
    return any(entry.format == format for entry in _TABLE)


def detect(head: str) -> Parser | None:
    """The parser whose ``sniff`` accepts this file's first characters, or None."""
    return next((p for p in sniffing(head) if p.sniff(head)), None)
