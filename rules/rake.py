"""Rake against a platform's published schedule, as data.

A :class:`RakeSchedule` is what a platform publishes for a period: the rate and the caps
of each game, limit and stakes (:class:`RakeRule`), how the exact percentage is rounded,
whether a hand that ends in its first betting round is raked, and where that was read
(:class:`ScheduleSource`). Schedules are written in TOML (:mod:`rules.rake_toml` reads
them; ``rules/rake_schedules/`` holds the ones hhaudit ships, each citing its source).

:func:`max_rake` takes what one hand provides (:class:`HandFacts`) and returns a
:class:`RakeCheck`: the most rake the schedule allows, in the hand's minor units, and the
rule that allowed it, or, as a distinct outcome, that no schedule covers the hand (its
platform, date, currency, game, limit or stakes), so that the rake was not checked.

Money stays exact: amounts and percentages are :class:`fractions.Fraction` of the
schedule's currency unit, read from decimal text, never floats; the allowed maximum is an
``int`` of minor units.

>>> rule = RakeRule(games=(Game.HOLDEM,), limits=(Limit.NO,), stakes=((Fraction(1, 100), Fraction(2, 100)),),
...                 percent=Fraction(5), caps=(CapTier(2, None, Fraction(1)),))
>>> schedule = RakeSchedule(platform=Platform.POKERSTARS, name="Example", currency="USD",
...                         effective_from=date(2024, 4, 2), effective_until=None, rules=(rule,),
...                         source=ScheduleSource("an example", "https://example.org/rake", date(2026, 12, 1)))
>>> facts = HandFacts(platform=Platform.POKERSTARS, date=date(2024, 5, 1), game=Game.HOLDEM, limit=Limit.NO,
...                   currency="USD", amount_scale=100, small_blind=1, big_blind=2, players_dealt=6,
...                   first_round_only=False, pot=90, fast_fold=False)
>>> check = max_rake([schedule], facts)
>>> check.max_rake, check.rule
(4, "Example NL Hold'em $0.01/$0.02, 5% capped at $1.00 for 2+ players")
>>> check.explanation
'5% of the total pot $0.90 is $0.045, rounded half to even to $0.04'
>>> check.overcharge(5), check.overcharge(4)
(1, 0)
>>> max_rake([schedule], replace(facts, date=date(2024, 4, 1))).explanation
'rake not checked against a schedule: no pokerstars rake schedule in force on 2024-04-01'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace  # noqa: F401  (the doctests use replace)
from datetime import date
from enum import StrEnum
from fractions import Fraction

from rules.games import game_spec
from rules.money import format_minor
from rules.vocab import Game, Limit, Platform

NOT_CHECKED = "rake not checked against a schedule"
"""How every outcome without a schedule begins (the audit reports it as it is)."""


class RakeScheduleError(ValueError):
    """A schedule that cannot be used: bad data in its file, or rules that contradict."""


class Rounding(StrEnum):
    """How the exact percentage of the pot becomes an amount the platform can take."""

    HALF_EVEN = "half_even"
    """To the nearest increment; exactly half way, to the even one (PokerStars' and
    888poker's published 'true percentage ... round half to even')."""

    FLOOR = "floor"
    """Down to a whole number of increments: '$0.05 for each full $1 in the pot' is
    5% taken in increments of $0.05, floored."""


class PotBase(StrEnum):
    """Which pot the percentage is taken of."""

    TOTAL_POT = "total_pot"
    """Everything put in by every seat (blinds, antes, dead money, bets), after
    uncalled bets are returned: the 'Total pot' of the summary, all side pots together.
    Platforms that publish a rate per pot cap it per hand; none of the shipped sources
    rakes a side pot separately."""


class StakesOf(StrEnum):
    """What a rule's stakes name: the blinds (big-bet games) or the bets (fixed limit)."""

    BLINDS = "blinds"
    BETS = "bets"


@dataclass(frozen=True, slots=True)
class PlayerRange:
    """A number of players, inclusive: ``high`` None means 'and more'.

    >>> PlayerRange(3, 4).label, PlayerRange(5, None).label, PlayerRange(2, 2).label
    ('3-4', '5+', '2')
    >>> PlayerRange(5, None).contains(9), PlayerRange(3, 4).contains(5)
    (True, False)
    """

    low: int
    high: int | None

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}-{self.high}"

    def contains(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    def overlaps(self, other: PlayerRange) -> bool:
        """Some number is in both ranges.

        >>> PlayerRange(3, 4).overlaps(PlayerRange(4, None)), PlayerRange(2, 2).overlaps(PlayerRange(3, 4))
        (True, False)
        """
        return (self.high is None or other.low <= self.high) and (other.high is None or self.low <= other.high)


@dataclass(frozen=True, slots=True)
class CapTier:
    """The most rake taken from a hand dealt to ``low``..``high`` players (``high`` None:
    and more); ``cap`` None means uncapped. Players are those *dealt in*, not seated."""

    low: int
    high: int | None
    cap: Fraction | None

    @property
    def players(self) -> PlayerRange:
        return PlayerRange(self.low, self.high)


@dataclass(frozen=True, slots=True)
class RakeRule:
    """One row of a schedule: which hands it rakes, at what rate, capped how.

    ``stakes`` lists exact stakes as (small, big) pairs of currency units; else
    ``stakes_min``/``stakes_max`` bound the big blind (or big bet) inclusively, either
    end open when None. ``stakes_of`` says whether the stakes are the blinds or, for
    fixed-limit rows written as '$0.10/$0.20', the small and big bet. ``seats`` limits
    the rule to tables of that many seats (heads-up tables); ``fast_fold`` to fast-fold
    tables (True), to the others (False), or to both (None). ``percent`` is of the pot,
    ``increment`` the smallest amount the platform takes (None: one minor unit of the
    hand's currency), ``caps`` a cap for every number of players dealt in from 2 up.
    """

    games: tuple[Game, ...]
    limits: tuple[Limit, ...]
    percent: Fraction
    caps: tuple[CapTier, ...]
    stakes: tuple[tuple[Fraction, Fraction], ...] = ()
    stakes_min: Fraction | None = None
    stakes_max: Fraction | None = None
    stakes_of: StakesOf = StakesOf.BLINDS
    seats: PlayerRange | None = None
    fast_fold: bool | None = None
    increment: Fraction | None = None

    def big_range(self) -> tuple[Fraction | None, Fraction | None]:
        """The big blinds (or big bets) this rule can match, as an inclusive range.

        >>> RakeRule((Game.HOLDEM,), (Limit.NO,), Fraction(5), (), stakes=((Fraction(1), Fraction(2)),)).big_range()
        (Fraction(2, 1), Fraction(2, 1))
        """
        if self.stakes:
            bigs = [big for _, big in self.stakes]
            return min(bigs), max(bigs)
        return self.stakes_min, self.stakes_max

    def cap_for(self, players: int) -> CapTier:
        for tier in self.caps:
            if tier.players.contains(players):
                return tier
        raise RakeScheduleError(f"no cap for {players} players dealt in")  # the loader forbids gaps


@dataclass(frozen=True, slots=True)
class ScheduleSource:
    """Where a schedule was read: a citation for people, the address, the date it was
    read (``read``) and, when the source carries one, the date it was published or shows
    (``published``). ``supporting`` lists further sources for parts of the schedule
    (its rounding rule, say), each a citation with its address."""

    citation: str
    url: str
    read: date
    published: date | None = None
    supporting: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    """A platform's rake for one currency and period (``effective_until`` inclusive;
    None: no end known), as its source publishes it. ``name`` heads every rule name
    ("PokerStars 2024-04"); ``increment`` is the default of its rules'."""

    platform: Platform
    name: str
    currency: str
    effective_from: date
    effective_until: date | None
    rules: tuple[RakeRule, ...]
    source: ScheduleSource
    rounding: Rounding = Rounding.HALF_EVEN
    pot_base: PotBase = PotBase.TOTAL_POT
    no_flop_no_drop: bool = True
    increment: Fraction | None = None
    notes: str = ""

    def in_force(self, day: date) -> bool:
        return self.effective_from <= day and (self.effective_until is None or day <= self.effective_until)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What one hand tells the rake check.

    ``date`` is the hand's date as the platform printed it. ``currency`` is None for
    tournament chips and play money (no schedule applies). Amounts are ``int`` minor units
    (``amount_scale`` per currency unit). ``small_blind``/``big_blind`` are the blinds;
    ``small_bet``/``big_bet`` the fixed-limit bets, where the hand prints them.
    ``players_dealt`` counts the seats dealt in, not the seats at the table (``max_seats``).
    ``first_round_only``: the hand ended in its first betting round (before the flop in
    Hold'em and Omaha, fourth street in stud, the first draw in draw games).
    ``pot``: the pot of the schedule's ``pot_base``, everything put in after uncalled
    returns. ``fast_fold``: the table was fast-fold (Zoom, Rush, Fast Forward); None when
    the history does not say.
    """

    platform: Platform
    date: date
    game: Game
    limit: Limit | None
    currency: str | None
    amount_scale: int
    small_blind: int | None
    big_blind: int | None
    players_dealt: int
    first_round_only: bool
    pot: int
    max_seats: int | None = None
    fast_fold: bool | None = None
    small_bet: int | None = None
    big_bet: int | None = None

    def stakes(self, of: StakesOf) -> tuple[Fraction, Fraction] | None:
        """The hand's stakes in currency units, or None when it does not print them."""
        small, big = (self.small_blind, self.big_blind) if of is StakesOf.BLINDS else (self.small_bet, self.big_bet)
        if small is None or big is None:
            return None
        return Fraction(small, self.amount_scale), Fraction(big, self.amount_scale)


@dataclass(frozen=True, slots=True)
class RakeCheck:
    """The outcome of :func:`max_rake`.

    Checked: ``max_rake`` is the most the schedule allows (minor units), ``rule`` names the
    rule that applied, ``explanation`` shows the arithmetic and ``source`` where the rule
    was read. Not checked: ``max_rake``, ``rule`` and ``source`` are None and
    ``explanation`` says why, starting with :data:`NOT_CHECKED`.
    """

    max_rake: int | None
    rule: str | None
    explanation: str
    source: ScheduleSource | None

    @property
    def checked(self) -> bool:
        return self.max_rake is not None

    def overcharge(self, rake: int) -> int:
        """How much ``rake`` exceeds the allowed maximum (0 within it, or when unchecked)."""
        return 0 if self.max_rake is None else max(0, rake - self.max_rake)


def _not_checked(why: str) -> RakeCheck:
    return RakeCheck(max_rake=None, rule=None, explanation=f"{NOT_CHECKED}: {why}", source=None)


def max_rake(schedules: Iterable[RakeSchedule], facts: HandFacts) -> RakeCheck:
    """The most rake the platform's published schedule allows for this hand.

    Exactly one rule of the schedules in force for the hand's platform, date and currency
    must match its game, limit, stakes, table size and table kind; none matching is the
    distinct outcome 'not checked', two matching is a :class:`RakeScheduleError` (the
    loader refuses schedules whose rules overlap). See the module docstring for an example.
    """
    if facts.players_dealt < 2 or facts.pot < 0:
        raise ValueError(f"a hand is dealt to at least 2 players and has no negative pot: {facts}")
    if facts.currency is None:
        return _not_checked("tournament chips and play money have no rake schedule")
    chosen = _schedules_for(schedules, facts)
    if isinstance(chosen, str):
        return _not_checked(chosen)
    matches = [(s, r) for s in chosen for r in s.rules if _rule_matches(r, facts)]
    if not matches:
        return _not_checked(_no_rule_reason(chosen, facts))
    if len(matches) > 1:
        names = " and ".join(rule_name(s, r, facts) for s, r in matches)
        raise RakeScheduleError(f"{len(matches)} rules apply to one hand: {names}")
    return _evaluate(*matches[0], facts)


def _schedules_for(schedules: Iterable[RakeSchedule], facts: HandFacts) -> list[RakeSchedule] | str:
    """The schedules that cover the hand's platform, date and currency, or why none does."""
    platform = [s for s in schedules if s.platform == facts.platform]
    if not platform:
        return f"no {facts.platform} rake schedule"
    dated = [s for s in platform if s.in_force(facts.date)]
    if not dated:
        return f"no {facts.platform} rake schedule in force on {facts.date.isoformat()}"
    priced = [s for s in dated if s.currency == facts.currency]
    if not priced:
        return f"no {facts.platform} rake schedule for {facts.currency} on {facts.date.isoformat()}"
    return priced


def _rule_matches(rule: RakeRule, facts: HandFacts, *, ignore_table: bool = False) -> bool:
    if facts.game not in rule.games or facts.limit not in rule.limits:
        return False
    if not ignore_table and not _table_matches(rule, facts):
        return False
    stakes = facts.stakes(rule.stakes_of)
    if stakes is None:
        return False
    if rule.stakes:
        return stakes in rule.stakes
    low, high = rule.stakes_min, rule.stakes_max
    return (low is None or low <= stakes[1]) and (high is None or stakes[1] <= high)


def _table_matches(rule: RakeRule, facts: HandFacts) -> bool:
    """The table's size and kind are those the rule names (unknown ones never match)."""
    if rule.seats is not None and (facts.max_seats is None or not rule.seats.contains(facts.max_seats)):
        return False
    return rule.fast_fold is None or facts.fast_fold is rule.fast_fold


def _no_rule_reason(schedules: Sequence[RakeSchedule], facts: HandFacts) -> str:
    names = ", ".join(s.name for s in schedules)
    what = f"{_game_label(facts.game, facts.limit)} {_hand_stakes_label(facts)}"
    by_table = [r for s in schedules for r in s.rules if _rule_matches(r, facts, ignore_table=True)]
    unknown = []
    if facts.max_seats is None and any(r.seats is not None for r in by_table):
        unknown.append("how many seats its table has")
    if facts.fast_fold is None and any(r.fast_fold is not None for r in by_table):
        unknown.append("whether its table was fast-fold")
    if unknown:
        return f"{names} covers {what} only at some tables, and the hand does not say {' or '.join(unknown)}"
    return f"{names} has no rule for {what} on {facts.date.isoformat()}"


def _evaluate(schedule: RakeSchedule, rule: RakeRule, facts: HandFacts) -> RakeCheck:
    name = rule_name(schedule, rule, facts)
    scale = facts.amount_scale
    if schedule.no_flop_no_drop and facts.first_round_only:
        return RakeCheck(0, name, "no rake: the hand ended in its first betting round (no flop, no drop)",
                         schedule.source)
    step = next(x for x in (rule.increment, schedule.increment, Fraction(1, scale)) if x is not None)
    increment = _minor_units(step, scale, name, "increment")
    exact = facts.pot * rule.percent / 100
    steps = exact / increment
    taken = (round(steps) if schedule.rounding is Rounding.HALF_EVEN else math.floor(steps)) * increment
    explanation = (f"{_percent(rule.percent)} of the {_POT_WORDS[schedule.pot_base]} {_money(facts.pot, facts)} "
                   f"is {_money(exact, facts)}")
    if steps.denominator != 1:
        how = {Rounding.HALF_EVEN: "rounded half to even", Rounding.FLOOR: "floored"}[schedule.rounding]
        steps_of = f" in steps of {_money(increment, facts)}" if increment != 1 else ""
        explanation += f", {how}{steps_of} to {_money(taken, facts)}"
    tier = rule.cap_for(facts.players_dealt)
    if tier.cap is not None:
        cap = _minor_units(tier.cap, scale, name, "cap")
        if taken > cap:
            taken = cap
            explanation += f", capped at {_money(cap, facts)} for {tier.players.label} players"
    return RakeCheck(int(taken), name, explanation, schedule.source)


_POT_WORDS = {PotBase.TOTAL_POT: "total pot"}


def _minor_units(amount: Fraction, scale: int, rule: str, what: str) -> int:
    minor = amount * scale
    if minor.denominator != 1:
        raise RakeScheduleError(f"{rule}: the {what} {_decimal_text(amount)} is not a whole number of the "
                                f"hand's minor units (amount scale {scale})")
    return minor.numerator


def rule_name(schedule: RakeSchedule, rule: RakeRule, facts: HandFacts) -> str:
    """The rule as people read it, for the hand it applies to.

    >>> tier = CapTier(3, 4, Fraction(1, 2))
    >>> rule = RakeRule((Game.OMAHA_HILO,), (Limit.POT,), Fraction(9, 2), (CapTier(2, 2, None), tier),
    ...                 stakes_min=Fraction(1, 10))
    >>> schedule = RakeSchedule(Platform.POKERSTARS, "PokerStars 2024-01", "USD", date(2024, 1, 1), None, (rule,),
    ...                         ScheduleSource("x", "https://example.org", date(2026, 12, 1)))
    >>> facts = HandFacts(Platform.POKERSTARS, date(2024, 1, 2), Game.OMAHA_HILO, Limit.POT, "USD", 100, 5, 10,
    ...                   3, False, 0)
    >>> rule_name(schedule, rule, facts)
    'PokerStars 2024-01 PL Omaha Hi/Lo $0.05/$0.10, 4.5% capped at $0.50 for 3-4 players'
    >>> rule_name(schedule, rule, replace(facts, players_dealt=2))
    'PokerStars 2024-01 PL Omaha Hi/Lo $0.05/$0.10, 4.5% uncapped for 2 players'
    """
    tier = rule.cap_for(facts.players_dealt)
    capped = "uncapped" if tier.cap is None else f"capped at {_money(tier.cap * facts.amount_scale, facts)}"
    return (f"{schedule.name} {_game_label(facts.game, facts.limit)} {_hand_stakes_label(facts, rule.stakes_of)}, "
            f"{_percent(rule.percent)} {capped} for {tier.players.label} players")


_LIMIT_LABELS = {Limit.NO: "NL", Limit.POT: "PL", Limit.FIXED: "FL", Limit.HALF_POT: "half-pot", Limit.CAP: "CAP"}
_CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def _game_label(game: Game, limit: Limit | None) -> str:
    name = game_spec(game).name
    return name if limit is None else f"{_LIMIT_LABELS[limit]} {name}"


def _hand_stakes_label(facts: HandFacts, of: StakesOf = StakesOf.BLINDS) -> str:
    stakes = facts.stakes(of) or facts.stakes(StakesOf.BETS if of is StakesOf.BLINDS else StakesOf.BLINDS)
    if stakes is None:
        return "(stakes not printed)"
    return "/".join(_money(x * facts.amount_scale, facts) for x in stakes)


def _money(minor: Fraction | int, facts: HandFacts) -> str:
    """Minor units for people, exactly: sub-unit fractions (a rate's raw result) in full.

    >>> f = HandFacts(Platform.POKERSTARS, date(2024, 1, 1), Game.HOLDEM, Limit.NO, "EUR", 100, 1, 2, 2, False, 0)
    >>> _money(Fraction(9, 2), f), _money(150, f), _money(7, replace(f, currency="CAD"))
    ('€0.045', '€1.50', '0.07 CAD')
    """
    minor = Fraction(minor)
    currency = facts.currency or ""
    if minor.denominator == 1:
        text = format_minor(minor.numerator, facts.amount_scale)
    else:
        text = _decimal_text(minor / facts.amount_scale)
    symbol = _CURRENCY_SYMBOLS.get(currency)
    return f"{symbol}{text}" if symbol else f"{text} {currency}".rstrip()


def _percent(value: Fraction) -> str:
    return f"{_decimal_text(value)}%"


def _decimal_text(value: Fraction) -> str:
    """A fraction whose denominator has only the factors 2 and 5, written out exactly.

    >>> _decimal_text(Fraction(83, 20)), _decimal_text(Fraction(5)), _decimal_text(Fraction(9, 200))
    ('4.15', '5', '0.045')
    """
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
        if digits > 30:
            raise ValueError(f"{value} has no exact decimal form")
    whole = abs(value.numerator) * 10**digits // value.denominator
    sign = "-" if value < 0 else ""
    if not digits:
        return f"{sign}{whole}"
    text = str(whole).rjust(digits + 1, "0")
    return f"{sign}{text[:-digits]}.{text[-digits:]}"


def with_operator_schedules(shipped: Iterable[RakeSchedule], own: Iterable[RakeSchedule]) -> tuple[RakeSchedule, ...]:
    """The operator's schedules (``--rake-schedule FILE``) replace every shipped schedule
    of each platform they name; the shipped schedules of other platforms stay.

    >>> src = ScheduleSource("x", "https://example.org", date(2026, 12, 1))
    >>> ship = [RakeSchedule(Platform.POKERSTARS, "shipped", "USD", date(2024, 1, 1), None, (), src),
    ...         RakeSchedule(Platform.POKER888, "shipped 888", "USD", date(2024, 1, 1), None, (), src)]
    >>> mine = [RakeSchedule(Platform.POKERSTARS, "ours", "USD", date(2020, 1, 1), None, (), src)]
    >>> [s.name for s in with_operator_schedules(ship, mine)]
    ['ours', 'shipped 888']
    """
    own = tuple(own)
    replaced = {s.platform for s in own}
    return own + tuple(s for s in shipped if s.platform not in replaced)
