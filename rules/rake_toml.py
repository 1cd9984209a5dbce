"""Rake schedules from TOML: the shipped ones (``rules/rake_schedules/``) and an operator's.

A file is a list of ``[[schedule]]`` tables, each with its ``[schedule.source]`` and its
``[[schedule.rule]]`` rows::

    [[schedule]]
    platform = "pokerstars"            # a platform of rules.vocab.Platform
    name = "PokerStars 2024-04"        # heads every rule name
    currency = "USD"                   # the hands' currency code, exactly
    from = 2024-04-02                  # first day in force (a TOML date)
    until = 2024-04-13                 # last day in force, inclusive; omit: no end known
    rounding = "half_even"             # or "floor" (rake taken per full increment)
    pot_base = "total_pot"             # put in after uncalled returns
    no_flop_no_drop = true             # no rake from a hand ended in its first round
    increment = "0.01"                 # optional: the smallest amount taken
    notes = "..."                      # optional

    [schedule.source]
    citation = "PokerStars, 'PokerStars rake changes explained'"
    url = "https://www.pokerstars.com/poker/learn/news/pokerstars-rake-changes-explained/"
    read = 2026-12-01                  # the date it was read
    published = 2024-04-13             # optional: the date the source carries
    supporting = ["..."]               # optional: further sources, each with its address

    [[schedule.rule]]
    games = ["holdem"]                 # rules.vocab.Game values
    limits = ["no", "pot"]             # rules.vocab.Limit values
    stakes = ["0.01/0.02"]             # exact stakes, or stakes_min/stakes_max ("0.10/0.25"):
                                       #   the big blind (big bet) within, inclusive
    stakes_of = "blinds"               # optional: "bets" for fixed-limit small/big bets
    seats = "2"                        # optional: only tables of so many seats ("2-6", "7+")
    fast_fold = false                  # optional: only (true) or never (false) fast-fold tables
    percent = "5"                      # of the pot, as decimal text
    increment = "0.05"                 # optional, overrides the schedule's
    caps = { "2" = "0.50", "3-4" = "1.00", "5+" = "none" }   # by players dealt in, from 2 up

Amounts and percentages are decimal *strings*: a TOML float is refused, since it is not
exact. Every key is checked (an unknown one is refused first) and every error names the file,
the table (``schedule #2 rule #5``, counted from 1) and the key. Rules of one platform and
currency whose dates, games, limits, stakes and tables overlap are refused: a hand must
never match two rows.

>>> (schedule,) = parse_rake_schedules(EXAMPLE, "example.toml")
>>> schedule.rules[0].caps, schedule.effective_until
((CapTier(low=2, high=None, cap=Fraction(1, 1)),), None)
>>> parse_rake_schedules(EXAMPLE.replace('percent = "5"', 'percent = 5.0'), "example.toml")
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rules.rake.RakeScheduleError: example.toml: schedule #1 rule #1: percent: must be decimal text such as "4.5", ...
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from datetime import date, datetime
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TypeVar

from rules.rake import (
    CapTier,
    PlayerRange,
    PotBase,
    RakeRule,
    RakeSchedule,
    RakeScheduleError,
    Rounding,
    ScheduleSource,
    StakesOf,
)
from rules.vocab import Game, Limit, Platform

EXAMPLE = """
[[schedule]]
platform = "pokerstars"
name = "Example"
currency = "USD"
from = 2024-04-02
rounding = "half_even"
pot_base = "total_pot"
no_flop_no_drop = true
[schedule.source]
citation = "an example"
url = "https://example.org/rake"
read = 2026-12-01
[[schedule.rule]]
games = ["holdem"]
limits = ["no"]
stakes = ["0.01/0.02"]
percent = "5"
caps = { "2+" = "1.00" }
"""
"""The smallest complete schedule (an example, not any platform's rake)."""

SHIPPED_DIR = Path(__file__).resolve().parent / "rake_schedules"
"""The schedules hhaudit ships, one file per platform, each citing its public source."""

_DECIMAL = re.compile(r"\d+(?:\.\d+)?")
_RANGE = re.compile(r"(\d+)(?:-(\d+)|(\+))?")
_E = TypeVar("_E", Game, Limit, Platform, Rounding, PotBase, StakesOf)
_T = TypeVar("_T")

_FILE_KEYS = frozenset({"schedule"})
_SCHEDULE_KEYS = frozenset({"platform", "name", "currency", "from", "until", "rounding", "pot_base",
                            "no_flop_no_drop", "increment", "notes", "source", "rule"})
_SOURCE_KEYS = frozenset({"citation", "url", "read", "published", "supporting"})
_RULE_KEYS = frozenset({"games", "limits", "stakes", "stakes_min", "stakes_max", "stakes_of", "seats",
                        "fast_fold", "percent", "increment", "caps"})


class _Table:
    """One TOML table being read, with the keys it may have: any other is refused first
    (a misspelt key is reported as such, not as the right one missing).

    ``req(key, convert)`` reads a key that must be there, ``opt`` one that may be absent
    (TOML has no null: a key present always has a value); the ``as_*`` converters check
    the value's type and say what was found instead.
    """

    def __init__(self, data: object, where: str, origin: str, keys: frozenset[str]):
        self.where, self.origin = where, origin
        if not isinstance(data, dict):
            raise self.error(None, f"must be a table, not {_kind(data)}")
        unknown = sorted(set(data) - keys)
        if unknown:
            raise self.error(None, f"unknown key {unknown[0]!r} (allowed: {', '.join(sorted(keys))})")
        self.data: dict[str, object] = data

    def error(self, key: str | None, message: str) -> RakeScheduleError:
        place = f"{self.origin}: {self.where}" if self.where else self.origin
        return RakeScheduleError(f"{place}: {key}: {message}" if key else f"{place}: {message}")

    def req(self, key: str, convert: Callable[[str, object], _T]) -> _T:
        if key not in self.data:
            raise self.error(key, "missing")
        return convert(key, self.data[key])

    def opt(self, key: str, convert: Callable[[str, object], _T]) -> _T | None:
        return convert(key, self.data[key]) if key in self.data else None

    def as_text(self, key: str, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"must be non-empty text, not {_kind(value)}")
        return value

    def as_flag(self, key: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, not {_kind(value)}")
        return value

    def as_day(self, key: str, value: object) -> date:
        if isinstance(value, datetime) or not isinstance(value, date):
            raise self.error(key, f"must be a TOML date such as 2024-04-02, not {_kind(value)}")
        return value

    def as_decimal(self, key: str, value: object) -> Fraction:
        if isinstance(value, float):
            raise self.error(key, f'must be decimal text such as "4.5", not the float {value!r} (a float is not exact)')
        if not isinstance(value, str) or not _DECIMAL.fullmatch(value):
            raise self.error(key, f'must be decimal text such as "4.5", not {_kind(value)}')
        return Fraction(value)

    def as_positive(self, key: str, value: object) -> Fraction:
        amount = self.as_decimal(key, value)
        if amount <= 0:
            raise self.error(key, f"must be more than 0, not {value!r}")
        return amount

    def as_texts(self, key: str, value: object) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.error(key, f"must be a list of non-empty texts, not {_kind(value)}")
        return tuple(value)

    def as_member(self, vocabulary: type[_E]) -> Callable[[str, object], _E]:
        def convert(key: str, value: object) -> _E:
            if not isinstance(value, str):
                raise self.error(key, f"must be text, not {_kind(value)}")
            try:
                return vocabulary(value)
            except ValueError:
                allowed = ", ".join(m.value for m in vocabulary)
                raise self.error(key, f"unknown {_kind(value)} (allowed: {allowed})") from None
        return convert

    def as_members(self, vocabulary: type[_E]) -> Callable[[str, object], tuple[_E, ...]]:
        member = self.as_member(vocabulary)

        def convert(key: str, value: object) -> tuple[_E, ...]:
            if not isinstance(value, list) or not value:
                raise self.error(key, f"must be a non-empty list, not {_kind(value)}")
            return tuple(member(key, v) for v in value)
        return convert

    def as_tables(self, header: str) -> Callable[[str, object], list[object]]:
        def convert(key: str, value: object) -> list[object]:
            if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
                raise self.error(key, f"must be one or more [[{header}]] tables, not {_kind(value)}")
            return value
        return convert

def _kind(value: object) -> str:
    """A value as an error message shows it: its TOML type and the value itself."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, datetime):
        return f"the date-time {value.isoformat()}"
    if isinstance(value, date):
        return f"the date {value.isoformat()}"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    return "a table" if isinstance(value, dict) else type(value).__name__


def load_rake_schedules(path: str | Path) -> tuple[RakeSchedule, ...]:
    """Every schedule in a TOML file (an operator's ``--rake-schedule FILE``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RakeScheduleError(f"{path}: cannot be read: {exc}") from exc
    return parse_rake_schedules(text, str(path))


@cache
def shipped_schedules() -> tuple[RakeSchedule, ...]:
    """Every schedule hhaudit ships (``rules/rake_schedules/*.toml``), files in name order."""
    return tuple(s for p in sorted(SHIPPED_DIR.glob("*.toml")) for s in load_rake_schedules(p))


def parse_rake_schedules(text: str, origin: str) -> tuple[RakeSchedule, ...]:
    """Schedules from TOML text; ``origin`` (a file name) begins every error message."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RakeScheduleError(f"{origin}: not valid TOML: {exc}") from exc
    top = _Table(data, "", origin, _FILE_KEYS)
    tables = top.req("schedule", top.as_tables("schedule"))
    schedules = tuple(_schedule(t, f"schedule #{i}", origin) for i, t in enumerate(tables, 1))
    _refuse_overlaps(schedules, origin)
    return schedules


def _schedule(data: object, where: str, origin: str) -> RakeSchedule:
    table = _Table(data, where, origin, _SCHEDULE_KEYS)
    platform = table.req("platform", table.as_member(Platform))
    name, currency = table.req("name", table.as_text), table.req("currency", table.as_text)
    start, until = table.req("from", table.as_day), table.opt("until", table.as_day)
    rounding = table.req("rounding", table.as_member(Rounding))
    pot_base = table.req("pot_base", table.as_member(PotBase))
    no_flop_no_drop = table.req("no_flop_no_drop", table.as_flag)
    increment = table.opt("increment", table.as_positive)
    notes = table.opt("notes", table.as_text) or ""
    source = _source(table.req("source", lambda _, value: value), f"{where} source", origin)
    rules = table.req("rule", table.as_tables("schedule.rule"))
    if until is not None and until < start:
        raise table.error("until", f"{until.isoformat()} is before from {start.isoformat()}")
    return RakeSchedule(
        platform=platform, name=name, currency=currency, effective_from=start, effective_until=until,
        rules=tuple(_rule(r, f"{where} rule #{i}", origin) for i, r in enumerate(rules, 1)),
        source=source, rounding=rounding, pot_base=pot_base, no_flop_no_drop=no_flop_no_drop,
        increment=increment, notes=notes,
    )


def _source(data: object, where: str, origin: str) -> ScheduleSource:
    table = _Table(data, where, origin, _SOURCE_KEYS)
    citation, url = table.req("citation", table.as_text), table.req("url", table.as_text)
    read = table.req("read", table.as_day)
    published = table.opt("published", table.as_day)
    supporting = table.opt("supporting", table.as_texts) or ()
    if not url.startswith(("https://", "http://")):
        raise table.error("url", f"must be an http(s) address, not {url!r}")
    return ScheduleSource(citation, url, read, published, supporting)


def _rule(data: object, where: str, origin: str) -> RakeRule:
    table = _Table(data, where, origin, _RULE_KEYS)
    games = table.req("games", table.as_members(Game))
    limits = table.req("limits", table.as_members(Limit))
    stakes, low, high = _stakes(table)
    stakes_of = table.opt("stakes_of", table.as_member(StakesOf)) or StakesOf.BLINDS
    seats = table.opt("seats", lambda key, value: _player_range(table, key, value))
    fast_fold = table.opt("fast_fold", table.as_flag)
    percent = table.req("percent", table.as_decimal)
    if not 0 < percent <= 100:
        raise table.error("percent", f"must be more than 0 and at most 100, not {table.data['percent']!r}")
    increment = table.opt("increment", table.as_positive)
    caps = table.req("caps", lambda key, value: _caps(table, key, value))
    return RakeRule(games=games, limits=limits, percent=percent, caps=caps, stakes=stakes, stakes_min=low,
                    stakes_max=high, stakes_of=stakes_of, seats=seats, fast_fold=fast_fold, increment=increment)


def _stakes(table: _Table) -> tuple[tuple[tuple[Fraction, Fraction], ...], Fraction | None, Fraction | None]:
    """Exact stakes, or a range of big blinds (bets): exactly one of the two forms."""
    exact = table.opt("stakes", _stake_list(table))
    low, high = (table.opt(key, _stake_pair(table)) for key in ("stakes_min", "stakes_max"))
    if exact is None and low is None and high is None:
        raise table.error(None, "stakes missing: give stakes = [...] or stakes_min/stakes_max")
    if exact is not None:
        if low is not None or high is not None:
            raise table.error("stakes", "give exact stakes or stakes_min/stakes_max, not both")
        return exact, None, None
    if low is not None and high is not None and high[1] < low[1]:
        raise table.error(
            "stakes_max", f"{table.data['stakes_max']!r} is below stakes_min {table.data['stakes_min']!r}"
        )
    return (), None if low is None else low[1], None if high is None else high[1]


def _stake_pair(table: _Table) -> Callable[[str, object], tuple[Fraction, Fraction]]:
    def convert(key: str, value: object) -> tuple[Fraction, Fraction]:
        parts = value.split("/") if isinstance(value, str) else []
        if len(parts) != 2 or not all(_DECIMAL.fullmatch(p) for p in parts):
            raise table.error(key, f'must be stakes such as "0.05/0.10", not {_kind(value)}')
        small, big = Fraction(parts[0]), Fraction(parts[1])
        if not 0 < small <= big:
            raise table.error(key, f"{value!r}: the small stake must be more than 0 and at most the big one")
        return small, big
    return convert


def _stake_list(table: _Table) -> Callable[[str, object], tuple[tuple[Fraction, Fraction], ...]]:
    pair = _stake_pair(table)

    def convert(key: str, value: object) -> tuple[tuple[Fraction, Fraction], ...]:
        if not isinstance(value, list) or not value:
            raise table.error(key, f'must be a non-empty list such as ["0.01/0.02"], not {_kind(value)}')
        return tuple(pair(key, v) for v in value)
    return convert


def _player_range(table: _Table, key: str, value: object) -> PlayerRange:
    m = _RANGE.fullmatch(value) if isinstance(value, str) else None
    if not m:
        raise table.error(key, f'{_kind(value)} is not a number of players such as "2", "3-4" or "5+"')
    low = int(m.group(1))
    high = None if m.group(3) else int(m.group(2) or low)
    if low < 2 or (high is not None and high < low):
        raise table.error(key, f"{value!r}: a hand is dealt to 2 players or more, written low to high")
    return PlayerRange(low, high)


def _caps(table: _Table, key: str, data: object) -> tuple[CapTier, ...]:
    """Caps by players dealt in: ranges from 2 up, without gap or overlap, the last open."""
    if not isinstance(data, dict) or not data:
        raise table.error(key, f'must be a table such as {{ "2" = "0.50", "3+" = "1.00" }}, not {_kind(data)}')
    tiers = sorted((_cap_tier(table, key, k, v) for k, v in data.items()), key=lambda t: t.low)
    expected: int | None = 2
    for tier in tiers:
        if expected is None or tier.low < expected:
            raise table.error(key, f"player ranges overlap at {tier.players.label}")
        if tier.low > expected:
            raise table.error(key, f"no cap for {_gap(expected, tier.low)} players dealt in")
        expected = None if tier.high is None else tier.high + 1
    if expected is not None:
        raise table.error(key, f"no cap for {expected}+ players dealt in (the last range ends with '+')")
    return tuple(tiers)


def _gap(low: int, next_low: int) -> str:
    return str(low) if next_low == low + 1 else f"{low}-{next_low - 1}"


def _cap_tier(table: _Table, key: str, players_text: str, value: object) -> CapTier:
    players = _player_range(table, key, players_text)
    cap = None if value == "none" else table.as_positive(f"{key} {players_text!r}", value)
    return CapTier(players.low, players.high, cap)


def _refuse_overlaps(schedules: tuple[RakeSchedule, ...], origin: str) -> None:
    """No hand may match two rules: refuse the first pair that could both apply."""
    rows = [(i, j, s, r) for i, s in enumerate(schedules, 1) for j, r in enumerate(s.rules, 1)]
    for (i1, j1, s1, r1), (i2, j2, s2, r2) in _pairs(rows):
        if _schedules_overlap(s1, s2) and _rules_overlap(r1, r2):
            raise RakeScheduleError(
                f"{origin}: schedule #{i2} rule #{j2} overlaps schedule #{i1} rule #{j1}: a {s1.platform} "
                f"{s1.currency} hand could match both (same days, games, limits, stakes and tables)")



def _pairs(items: list[_T]) -> Iterator[tuple[_T, _T]]:
    for k, first in enumerate(items):
        for second in items[k + 1:]:
            yield first, second


def _schedules_overlap(a: RakeSchedule, b: RakeSchedule) -> bool:
    def ends_after(s: RakeSchedule, day: date) -> bool:
        return s.effective_until is None or day <= s.effective_until

    return (a.platform == b.platform and a.currency == b.currency
            and ends_after(a, b.effective_from) and ends_after(b, a.effective_from))


def _rules_overlap(a: RakeRule, b: RakeRule) -> bool:
    checks: tuple[Callable[[], bool], ...] = (
        lambda: bool(set(a.games) & set(b.games)) and bool(set(a.limits) & set(b.limits)),
        lambda: a.stakes_of == b.stakes_of and _stakes_overlap(a, b),
        lambda: a.seats is None or b.seats is None or a.seats.overlaps(b.seats),
        lambda: a.fast_fold is None or b.fast_fold is None or a.fast_fold == b.fast_fold,
    )
    return all(check() for check in checks)


def _stakes_overlap(a: RakeRule, b: RakeRule) -> bool:
    if a.stakes and b.stakes:
        return bool(set(a.stakes) & set(b.stakes))
    if a.stakes or b.stakes:
        exact, ranged = (a, b) if a.stakes else (b, a)
        return any(_within(big, ranged.stakes_min, ranged.stakes_max) for _, big in exact.stakes)
    (low_a, high_a), (low_b, high_b) = a.big_range(), b.big_range()
    return (high_a is None or low_b is None or low_b <= high_a) and (high_b is None or low_a is None or low_a <= high_b)


def _within(value: Fraction, low: Fraction | None, high: Fraction | None) -> bool:
    return (low is None or low <= value) and (high is None or value <= high)


def describe(schedule: RakeSchedule) -> Mapping[str, str]:
    """What a person needs to know of a schedule, for listings and reports.

    >>> (s,) = parse_rake_schedules(EXAMPLE, "example.toml")
    >>> describe(s)["in force"], describe(s)["source"]
    ('2024-04-02 onwards (no end known)', 'an example <https://example.org/rake>, read 2026-12-01')
    """
    until = "onwards (no end known)" if schedule.effective_until is None else f"to {schedule.effective_until}"
    src = schedule.source
    shows = f", dated {src.published}" if src.published else ""
    return {
        "platform": str(schedule.platform), "name": schedule.name, "currency": schedule.currency,
        "in force": f"{schedule.effective_from} {until}", "rules": str(len(schedule.rules)),
        "source": f"{src.citation} <{src.url}>{shows}, read {src.read}",
    }
