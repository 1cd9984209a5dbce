"""One reader of the header lines of every text dialect: a header's named groups are the
hand's fields, read by the converters the dialect declares.

Every text platform opens a hand with a few lines that name the game, the limit, the
stakes, the table, the tournament and the time, each in its own words. A dialect declares
how to read them as a :class:`Header`: its game names (a table of the names it prints, from
``parsers.game_names``, or a function such as ``game_from_name``) and how an unknown one is
worded, its limit names, the format its date is printed in and the zones it names. Its
patterns name their groups after the fields they give, and :meth:`Header.fields` reads every
such group a match has:

=========================  =============================================================
group                      field
=========================  =============================================================
``game``                   ``game``: looked up; a name not known quarantines the hand
                           (``unsupported_game``, worded by ``unknown_game``)
``limit``                  ``limit`` (a name not known: None; where the dialect reads the
                           limit from the game's name, a function, of ``game``)
``sb``, ``bb``, ``ante``   ``small_blind``, ``big_blind``, ``ante``: amounts at the hand's
                           scale (set ``hand.scale`` first); one not printed is None
``tid``                    ``tournament_id``, and ``is_tournament``: whether it matched
``table``                  ``table_name``
``max``, ``button``        ``max_seats``, ``button_seat``
``date`` (and ``time``)    ``hand_date``, read with ``date_format``; with ``zones``, also
                           ``start_time_utc`` from the ``zone`` group's zone
=========================  =============================================================

The header hook keeps only what is the platform's own (which sign makes a tournament, the
scale of its chips, how it prints the time it started) and passes the fields with its own
to ``hand.new_record(**fields, ...)``. The line kinds a dialect declares for its header's
lines use :func:`table_line` (``Table 'NAME' 6-max Seat #2 is the button``) and
:func:`read_by_header` (a line the header hook read, marked with :func:`header_read`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.vocab import Game, Limit, QuarantineReason
from parsers.clock import utc_in
from parsers.engine import Hand, group, spells


def _as_printed(name: str) -> str:
    return name


def folded(name: str) -> str:
    """A printed name as a dialect's table keys it: lower case, without surrounding blanks.

    >>> folded(" Omaha Hi-Lo ")
    'omaha hi-lo'
    """
    return name.strip().lower()


@dataclass(frozen=True)
class Header:
    """How a dialect's header groups become a hand's fields (see the module's table).

    ``games``: the dialect's game table, or a function of the printed name; ``game_key``:
    how a printed name is looked up in it (``str.lower``...). ``unknown_game``: the error
    for a name not known, a template of ``{game}`` (as printed), ``{stripped}`` (without
    surrounding blanks) and ``{line}`` (the line that names it). ``limits`` and
    ``limit_key`` likewise for the limit (of the ``limit`` group, else of the ``game`` one). ``date_format``: ``strptime``'s format of the
    ``date`` group (followed by a blank and the ``time`` group when the pattern has one).
    ``zones``: the zone names the dialect prints (as ``zone_key`` gives them), as IANA zones.
    """

    games: Mapping[str, Game] | Callable[[str], Game | None] = field(default_factory=dict)
    unknown_game: str = "unknown game {game!r}"
    game_key: Callable[[str], str] = _as_printed
    limits: Mapping[str, Limit] | Callable[[str], Limit | None] = field(default_factory=dict)
    limit_key: Callable[[str], str] = _as_printed
    date_format: str | None = None
    zones: Mapping[str, str] = field(default_factory=dict)
    zone_key: Callable[[str], str] = _as_printed

    def game(self, hand: Hand, printed: str, line: str = "") -> Game:
        """The game a printed name names; a name not known quarantines the hand."""
        key = self.game_key(printed)
        game = self.games(key) if callable(self.games) else self.games.get(key)
        if game is None:
            raise hand.fail(
                QuarantineReason.UNSUPPORTED_GAME,
                self.unknown_game.format(game=printed, stripped=printed.strip(), line=line),
            )
        return game

    def moment(self, m: re.Match[str]) -> datetime:
        """The ``date`` (and ``time``) groups of ``m`` as a naive time, read with ``date_format``."""
        assert self.date_format is not None  # only a dialect that declares one asks
        date, time = group(m, "date"), group(m, "time")
        return datetime.strptime(date if time is None else f"{date} {time}", self.date_format)

    def fields(self, hand: Hand, m: re.Match[str], line: str = "") -> dict[str, Any]:
        """The fields of ``hand.new_record`` that the groups of ``m`` give (``line``: the
        line an error names); groups the pattern does not have give nothing. A group may be
        spelt ``game_2``... in another alternative of the pattern (``parsers.engine.group``)."""
        out: dict[str, Any] = {}
        if spells(m, "game"):
            out["game"] = self.game(hand, group(m, "game") or "", line)
        limit_group = "limit" if spells(m, "limit") else "game" if callable(self.limits) else None
        if limit_group is not None:
            key = self.limit_key(group(m, limit_group) or "")
            out["limit"] = self.limits(key) if callable(self.limits) else self.limits.get(key)
        for name, field_name in (("sb", "small_blind"), ("bb", "big_blind"), ("ante", "ante")):
            if spells(m, name):
                text = group(m, name)
                out[field_name] = hand.money(text, line or None) if text else None
        if spells(m, "tid"):
            out["tournament_id"] = tid = group(m, "tid")
            out["is_tournament"] = tid is not None
        out.update(table_fields(m))
        if spells(m, "date") and self.date_format is not None:
            moment = self.moment(m)
            out["hand_date"] = moment.strftime("%Y-%m-%d")
            if self.zones:
                zone = self.zones.get(self.zone_key(group(m, "zone") or ""))
                out["start_time_utc"] = utc_in(moment, zone) if zone else None
        return out


def table_fields(m: re.Match[str]) -> dict[str, Any]:
    """``table_name``, ``max_seats`` and ``button_seat`` from the groups ``table``, ``max``
    and ``button`` that ``m``'s pattern has (one that did not match: None)."""
    out: dict[str, Any] = {}
    if spells(m, "table"):
        out["table_name"] = group(m, "table")
    for name, field_name in (("max", "max_seats"), ("button", "button_seat")):
        if spells(m, name):
            text = group(m, name)
            out[field_name] = int(text) if text else None
    return out


def table_line(hand: Hand, m: re.Match[str]) -> None:
    """A table line after the header (``Table 'PLOGold9' 6-max Seat #6 is the button``):
    the groups ``table``, ``max`` and ``button`` it has set the hand's fields."""
    for name, value in table_fields(m).items():
        setattr(hand.record, name, value)


def header_read(hand: Hand, *numbers: int) -> None:
    """The lines ``numbers`` were read by the header hook: :func:`read_by_header` takes them."""
    hand.facts.setdefault("header lines", set()).update(numbers)


def read_by_header(hand: Hand, m: re.Match[str]) -> bool | None:
    """A line the header hook read (:func:`header_read`); anywhere else the kind declines it."""
    return None if hand.line is not None and hand.line.number in hand.facts.get("header lines", ()) else False
