"""Odd-chip policies: the options of rules.md §4.1 and the named profiles of §4.2.

A :class:`Policy` is a frozen set of options. Every option has a fixed set of values
(:data:`OPTION_VALUES`); ``unit`` is symbolic here (``currency_minor``, ``fixed:5``, ...)
and becomes a number only at settlement, where the showdown says what the smallest chip
is. Profiles are built from the factory default (rules.md §4.2, "recommended factory
default") by overriding options, and each records which of its options rest on no
published or observed evidence (``unconfirmed``, the [U] marks of rules.md), so a run can
say which payouts were checked against a guess.

Each enumerated option is a ``StrEnum`` (:data:`OPTION_TYPES`: ``TieOrderButton``,
``RakeAllocation``, ...), ``unit`` a :class:`UnitSymbol` or a :class:`FixedUnit`, and
``fees_before_split`` a tuple of :class:`Fee`. Their values are the strings profiles,
manifests and the ``settle`` JSON write (a member equals its string), and
:func:`option_rule` names the rule a value states, as odd chips record it.

Options (values in the order of rules.md §4.1):

``unit``
    What "one odd chip" is: ``denomination_in_play`` (TDA 20, WSOP-T 73; no history
    prints it, so the audit tries the minor unit, then each larger chip that every amount
    of the hand is counted in: :func:`coarser_units`),
    ``blind_unit`` (WSOP-L 152), ``currency_minor`` (online cash), ``tournament_chip``
    (online tournaments: 1 chip), ``fixed:<amount>`` (a number of minor units).
``hilo_between_halves``
    The odd unit between the high and low halves: ``high`` (every rulebook) or
    ``by_position`` (to the half won by the first winner clockwise from the button).
``nontraditional_high_half``
    Which half counts as "high" in splits without one (Badacey, Badeucy, Drawmaha):
    ``five_card_hand`` (BARGE: the five-card hand; Drawmaha: the draw hand),
    ``razz_hand`` (WSOP-L 153/331: the A-5 hand), ``by_position`` (WSOP-L 153 low-low
    split games), ``floor_random`` (a seeded draw; TDA RP-14).
``split_half_remainder``
    Leftover units of a tied half (not in rules.md; observed at Bovada): ``tie_order``
    (the rulebooks: that half's tied winners get them, in tie order) or
    ``to_high_half`` (the low half's tied winners each get an equal share in whole
    units; what it cannot divide goes to the high half. A tied high half keeps its own
    leftovers, in tie order). "High" is the half that takes the odd unit between the
    halves (``hilo_between_halves``, ``nontraditional_high_half``). When both halves
    are tied, the low half's leftover joins the high half's and its winners share both
    in tie order (not observed). A pot pooled by ``identical_hands_both_halves`` has no
    halves, so the option does not apply.
``identical_hands_both_halves``
    When the same tied seats win both halves: ``pool_even`` (one even split of the pot
    share: WSOP-T 73, WSOP-L 153, RRoP, TDA-2017 19-F: 66 -> 33/33) or ``per_half``
    (each half split on its own: TDA-2024 by deletion: 66 -> 34/32).
``tie_order_button``
    Who gets leftover units of a tie in button games: ``left_of_button`` (first winner
    clockwise from the button, button last), ``high_card_by_suit``, ``lowest_seat``,
    ``random`` (needs ``seed``).
``tie_order_stud``
    The same for stud games: ``high_card_by_suit``, ``high_for_high_low_for_low`` (RRoP:
    lowest card by suit in low halves), ``position_from_dealer`` (pokerkit: seats from
    seat 1, as stud records no button), ``lowest_seat``.
``stud_card_scope``
    Which cards the stud suit rule looks at: ``best_five`` (TDA, WSOP) or ``all_cards``
    (RRoP).
``multi_remainder``
    Two or more leftover units: ``one_each_in_order`` (RRoP, PokerStars 2008) or
    ``all_to_first`` (pokerkit).
``runout_remainder``
    The odd unit between runs or boards: ``first_run`` (WSOP-L 217, every sample) or
    ``by_position`` (dealt one unit each to the pot's winners in tie order).
``rake_allocation``
    How a total rake is charged to the pots when the platform did not print it per pot
    (a per-pot list given at settlement is always used as printed):
    ``use_printed_net`` (the printed per-pot nets; with only a total, charged as
    ``main_first_cumulative``), ``main_first_cumulative`` (each pot absorbs the rake of
    its increment at the hand's effective rate, rounded half to even, main first -
    reproduces PokerStars' 1.37/0.45/0.72, rake 0.12 -> 0.06/0.03/0.03),
    ``main_only`` (all of it from the main pot: Full Tilt), ``pro_rata`` (in proportion
    to pot size, largest remainders, main first on ties), ``largest_pot`` (all of it
    from the largest pot, the earliest on ties: PKR), ``per_pot_cap`` (pokerkit: every
    pot raked on its own at ``rake_rate_bp`` basis points capped at ``rake_cap``; the
    total given must equal what that computes).
``fees_before_split``
    The deductions taken off before any split (rake, jackpot, bingo ...). Settlement
    receives them summed into ``rake``; this records what a parser must include.
``cash_out_model``
    ``house_takes_share`` (PokerStars: a cashed-out seat is not paid; a share its hand
    wins goes to the house) or ``seat_paid`` (GGPoker EV cash-out: paid as usual).
``rake_rate_bp``, ``rake_cap``
    Rate (basis points) and per-pot cap (minor units; 0 = none) for ``per_pot_cap``.
``no_flop_no_drop``
    ``true`` where the platform takes no rake from a board-game hand that ends before
    the flop (PokerStars, documented: rules.md §2.1); the audit reports any such rake.
``seed``
    Integer seed for ``random`` and ``floor_random``; none means those values are refused.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeAlias, TypedDict, Unpack

from rules.vocab import Platform


class HiloBetweenHalves(StrEnum):
    """``hilo_between_halves``: the odd unit between the high and low halves."""

    HIGH = "high"
    BY_POSITION = "by_position"


class NontraditionalHighHalf(StrEnum):
    """``nontraditional_high_half``: which half is "high" in splits without one."""

    FIVE_CARD_HAND = "five_card_hand"
    RAZZ_HAND = "razz_hand"
    BY_POSITION = "by_position"
    FLOOR_RANDOM = "floor_random"


class SplitHalfRemainder(StrEnum):
    """``split_half_remainder``: where the leftover units of a tied half go."""

    TIE_ORDER = "tie_order"
    TO_HIGH_HALF = "to_high_half"


class IdenticalHandsBothHalves(StrEnum):
    """``identical_hands_both_halves``: the same tied seats win both halves."""

    POOL_EVEN = "pool_even"
    PER_HALF = "per_half"


class TieOrderButton(StrEnum):
    """``tie_order_button``: who gets the leftover units of a tie in button games."""

    LEFT_OF_BUTTON = "left_of_button"
    HIGH_CARD_BY_SUIT = "high_card_by_suit"
    LOWEST_SEAT = "lowest_seat"
    RANDOM = "random"


class TieOrderStud(StrEnum):
    """``tie_order_stud``: who gets the leftover units of a tie in stud games."""

    HIGH_CARD_BY_SUIT = "high_card_by_suit"
    HIGH_FOR_HIGH_LOW_FOR_LOW = "high_for_high_low_for_low"
    POSITION_FROM_DEALER = "position_from_dealer"
    LOWEST_SEAT = "lowest_seat"


class StudCardScope(StrEnum):
    """``stud_card_scope``: the cards the stud suit rule looks at."""

    BEST_FIVE = "best_five"
    ALL_CARDS = "all_cards"


class MultiRemainder(StrEnum):
    """``multi_remainder``: how two or more leftover units are dealt."""

    ONE_EACH_IN_ORDER = "one_each_in_order"
    ALL_TO_FIRST = "all_to_first"


class RunoutRemainder(StrEnum):
    """``runout_remainder``: the odd unit between runs or boards."""

    FIRST_RUN = "first_run"
    BY_POSITION = "by_position"


class RakeAllocation(StrEnum):
    """``rake_allocation``: how a total rake is charged to the pots."""

    USE_PRINTED_NET = "use_printed_net"
    MAIN_FIRST_CUMULATIVE = "main_first_cumulative"
    MAIN_ONLY = "main_only"
    PRO_RATA = "pro_rata"
    LARGEST_POT = "largest_pot"
    PER_POT_CAP = "per_pot_cap"


class CashOutModel(StrEnum):
    """``cash_out_model``: what a cashed-out seat's winning share becomes."""

    HOUSE_TAKES_SHARE = "house_takes_share"
    SEAT_PAID = "seat_paid"


class Fee(StrEnum):
    """A deduction that ``fees_before_split`` may name."""

    RAKE = "rake"
    JACKPOT = "jackpot"
    BINGO = "bingo"
    JP_FEE = "jp_fee"
    STP = "stp"


class UnitSymbol(StrEnum):
    """The named values of ``unit`` (the other is :class:`FixedUnit`)."""

    DENOMINATION_IN_PLAY = "denomination_in_play"
    BLIND_UNIT = "blind_unit"
    CURRENCY_MINOR = "currency_minor"
    TOURNAMENT_CHIP = "tournament_chip"


class PolicyError(ValueError):
    """An unknown profile, option or option value."""


@dataclass(frozen=True)
class FixedUnit:
    """A ``unit`` the policy fixes in minor units, written ``fixed:<amount>``.

    >>> FixedUnit(5), str(FixedUnit(5))
    (FixedUnit(amount=5), 'fixed:5')
    """

    amount: int

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise PolicyError(f"unit: a fixed unit must be a positive integer, not {self.amount!r}")

    def __str__(self) -> str:
        return f"fixed:{self.amount}"


Unit: TypeAlias = UnitSymbol | FixedUnit
"""What one odd chip is: a symbol settled from the showdown, or a fixed amount."""

OPTION_TYPES: Mapping[str, type[StrEnum]] = {
    "hilo_between_halves": HiloBetweenHalves,
    "nontraditional_high_half": NontraditionalHighHalf,
    "split_half_remainder": SplitHalfRemainder,
    "identical_hands_both_halves": IdenticalHandsBothHalves,
    "tie_order_button": TieOrderButton,
    "tie_order_stud": TieOrderStud,
    "stud_card_scope": StudCardScope,
    "multi_remainder": MultiRemainder,
    "runout_remainder": RunoutRemainder,
    "rake_allocation": RakeAllocation,
    "cash_out_model": CashOutModel,
}
"""Every enumerated option and the enum of its values."""

OPTION_VALUES: Mapping[str, tuple[str, ...]] = {
    option: tuple(member.value for member in values) for option, values in OPTION_TYPES.items()
}
"""Every enumerated option and its values as written (in manifests, profiles and the
``settle`` JSON); the first value is not implied to be default.

>>> OPTION_VALUES["multi_remainder"]
('one_each_in_order', 'all_to_first')
"""

_OPTION_OF: Mapping[type[StrEnum], str] = {values: option for option, values in OPTION_TYPES.items()}


def option_rule(value: StrEnum) -> str:
    """The rule an option value states, ``option=value``, as odd chips record it.

    >>> option_rule(TieOrderButton.LOWEST_SEAT), option_rule(RunoutRemainder.BY_POSITION)
    ('tie_order_button=lowest_seat', 'runout_remainder=by_position')
    """
    return f"{_OPTION_OF[type(value)]}={value}"


UNIT_SYMBOLS: tuple[str, ...] = tuple(member.value for member in UnitSymbol)
FEE_NAMES: tuple[str, ...] = tuple(member.value for member in Fee)

_FIXED_UNIT = re.compile(r"fixed:([1-9][0-9]*)")
_META_FIELDS = frozenset({"name", "description", "unconfirmed", "base"})


def parse_unit(value: object) -> Unit:
    """The ``unit`` option from its written form (a member or a FixedUnit as it is).

    >>> parse_unit("blind_unit"), parse_unit("fixed:5")
    (<UnitSymbol.BLIND_UNIT: 'blind_unit'>, FixedUnit(amount=5))
    >>> parse_unit("fixed:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.odd_chip.PolicyError: unit: unknown value 'fixed:0' (expected one of ... or fixed:<amount>)
    """
    if isinstance(value, (UnitSymbol, FixedUnit)):
        return value
    if isinstance(value, str):
        if value in UNIT_SYMBOLS:
            return UnitSymbol(value)
        match = _FIXED_UNIT.fullmatch(value)
        if match:
            return FixedUnit(int(match.group(1)))
    raise PolicyError(
        f"unit: unknown value {value!r} (expected one of {', '.join(UNIT_SYMBOLS)} or fixed:<amount>)"
    )


def _member(option: str, value: object) -> StrEnum:
    """The member of ``option``'s enum that ``value`` is or names (PolicyError if none)."""
    values = OPTION_TYPES[option]
    if isinstance(value, values):
        return value
    if isinstance(value, str) and value in OPTION_VALUES[option]:
        return values(value)
    raise PolicyError(f"{option}: unknown value {value!r} (expected one of {', '.join(OPTION_VALUES[option])})")


def _fee(value: object) -> Fee:
    if isinstance(value, str) and value in FEE_NAMES:
        return Fee(value)
    raise PolicyError(f"fees_before_split: unknown fee {value!r} (expected some of {', '.join(FEE_NAMES)})")


def _chip_denominations(up_to: int) -> list[int]:
    """The amounts chips come in, in minor units, up to ``up_to``: 1, 2, 2.5 and 5 times
    a power of ten (1, 2, 5, 10, 20, 25, 50, 100, ...)."""
    out: list[int] = []
    power = 1
    while power <= up_to:
        out.extend(d for d in (power, 2 * power, 25 * power // 10, 5 * power) if d <= up_to and d not in out)
        power *= 10
    return sorted(out)


def coarser_units(amounts: Iterable[int], unit: int) -> list[int]:
    """Odd-chip units larger than ``unit`` that a hand's ``amounts`` (stacks, what each
    seat put in, blinds, antes, rake) leave possible, smallest first: the multiples of
    ``unit`` that divide every amount and that chips come in (1, 2, 2.5 or 5 times a
    power of ten). A table where every amount is counted in 5 cents may have had no
    smaller chip in play: Full Tilt split a $7.75 hi/lo pot at $0.25/$0.50 as
    $3.90/$3.85 (hand 33727835942, stacks $10.90 and $4).

    >>> coarser_units([1090, 400, 25, 50, 150, 25], 1)
    [5]
    >>> coarser_units([11_099_950, 2_900_000, 100_000, 200_000, 50], 1)
    [2, 5, 10, 25, 50]
    >>> coarser_units([300, 150], 5)  # no chip comes in 15, 30, 75 or 150
    [10, 25, 50]
    >>> coarser_units([496, 1431, 5, 10, 49], 1), coarser_units([], 1)
    ([], [])
    """
    common = 0
    for amount in amounts:
        common = math.gcd(common, abs(amount))
    if unit < 1 or common % unit:
        return []
    return [d for d in _chip_denominations(common) if d > unit and d % unit == 0 and common % d == 0]


OptionValue: TypeAlias = str | int | bool | list[str] | None
"""An option's value as a run records it (:meth:`Policy.resolve`): plain JSON."""


def _written(value: object) -> OptionValue:
    """An option's value as written: enum members and fixed units as their text."""
    if isinstance(value, tuple):
        return [str(item) for item in value]
    if isinstance(value, (StrEnum, FixedUnit)):
        return str(value)
    if value is None or isinstance(value, (str, int)):  # int covers bool
        return value
    raise TypeError(f"not an option value: {value!r}")


@dataclass(frozen=True)
class Policy:
    """One fully specified odd-chip and settlement policy (see the module docstring).

    Options are typed (:class:`TieOrderButton`, :class:`Unit`, ...); given as their
    written strings, as profiles and JSON give them, they are read into those types.

    >>> p = FACTORY_DEFAULT
    >>> p.tie_order_button, p.multi_remainder
    (<TieOrderButton.LEFT_OF_BUTTON: 'left_of_button'>, <MultiRemainder.ONE_EACH_IN_ORDER: 'one_each_in_order'>)
    >>> p.with_options({"multi_remainder": "all_to_first"}).multi_remainder is MultiRemainder.ALL_TO_FIRST
    True
    >>> p.with_options({"multi_remainder": "all"})
    Traceback (most recent call last):
    ...
    rules.odd_chip.PolicyError: multi_remainder: unknown value 'all' (expected one of one_each_in_order, all_to_first)
    """

    name: str
    description: str
    unit: Unit = UnitSymbol.CURRENCY_MINOR
    hilo_between_halves: HiloBetweenHalves = HiloBetweenHalves.HIGH
    nontraditional_high_half: NontraditionalHighHalf = NontraditionalHighHalf.FIVE_CARD_HAND
    split_half_remainder: SplitHalfRemainder = SplitHalfRemainder.TIE_ORDER
    identical_hands_both_halves: IdenticalHandsBothHalves = IdenticalHandsBothHalves.POOL_EVEN
    tie_order_button: TieOrderButton = TieOrderButton.LEFT_OF_BUTTON
    tie_order_stud: TieOrderStud = TieOrderStud.HIGH_CARD_BY_SUIT
    stud_card_scope: StudCardScope = StudCardScope.BEST_FIVE
    multi_remainder: MultiRemainder = MultiRemainder.ONE_EACH_IN_ORDER
    runout_remainder: RunoutRemainder = RunoutRemainder.FIRST_RUN
    rake_allocation: RakeAllocation = RakeAllocation.USE_PRINTED_NET
    fees_before_split: tuple[Fee, ...] = (Fee.RAKE, Fee.JACKPOT, Fee.BINGO)
    cash_out_model: CashOutModel = CashOutModel.HOUSE_TAKES_SHARE
    rake_rate_bp: int = 0
    rake_cap: int = 0
    no_flop_no_drop: bool = False
    seed: int | None = None
    unconfirmed: frozenset[str] = field(default_factory=frozenset)
    base: str | None = None

    def __post_init__(self) -> None:
        # Options may arrive as their written strings (TOML, JSON, keyword arguments):
        # each is read into its type here, so every comparison meets a member.
        for option in OPTION_TYPES:
            object.__setattr__(self, option, _member(option, getattr(self, option)))
        object.__setattr__(self, "unit", parse_unit(self.unit))
        object.__setattr__(self, "fees_before_split", tuple(_fee(fee) for fee in self.fees_before_split))
        for number in ("rake_rate_bp", "rake_cap"):
            value = getattr(self, number)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise PolicyError(f"{number}: must be a non-negative integer, not {value!r}")
        if not isinstance(self.no_flop_no_drop, bool):
            raise PolicyError(f"no_flop_no_drop: must be true or false, not {self.no_flop_no_drop!r}")
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)):
            raise PolicyError(f"seed: must be an integer, not {self.seed!r}")
        unknown = set(self.unconfirmed) - set(option_names())
        if unknown:
            raise PolicyError(f"unconfirmed names unknown options: {', '.join(sorted(unknown))}")

    @property
    def fixed_unit(self) -> int | None:
        """The unit in minor units when the policy fixes it (``fixed:<amount>``).

        >>> FACTORY_DEFAULT.with_options({"unit": "fixed:25"}).fixed_unit, FACTORY_DEFAULT.fixed_unit
        (25, None)
        """
        return self.unit.amount if isinstance(self.unit, FixedUnit) else None

    def resolve(self) -> dict[str, OptionValue]:
        """Every option with its written value (lists for tuples), sorted by name: what a
        run records.

        >>> FACTORY_DEFAULT.resolve()["fees_before_split"], FACTORY_DEFAULT.resolve()["unit"]
        (['rake', 'jackpot', 'bingo'], 'currency_minor')
        """
        return {name: _written(getattr(self, name)) for name in sorted(option_names())}

    @property
    def hash(self) -> str:
        """SHA-256 (hex, first 16) of the resolved options: same options, same hash.

        >>> get_policy("tda").hash == get_policy("tda").with_options({}).hash
        True
        >>> get_policy("tda").hash == get_policy("wsop").hash
        False
        """
        canonical = json.dumps(self.resolve(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def with_options(self, options: Mapping[str, Any], name: str | None = None) -> Policy:
        """A copy with ``options`` overridden (unknown names or values: PolicyError).

        An option set explicitly is no longer unconfirmed: whoever set it decided it.
        """
        known = set(option_names())
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in known:
                raise PolicyError(f"unknown policy option {key!r}")
            if key == "fees_before_split":
                if isinstance(value, str) or not isinstance(value, (list, tuple)):
                    raise PolicyError(f"fees_before_split: must be a list, not {value!r}")
                value = tuple(value)
            changes[key] = value
        return replace(
            self,
            name=name if name is not None else self.name,
            unconfirmed=frozenset(self.unconfirmed - set(changes)),
            base=self.base if name is None else self.name,
            **changes,
        )

    def describe(self) -> str:
        """One line per option, ``name = value``, unconfirmed ones marked ``[U]``.

        >>> get_policy("ggpoker").describe().splitlines()[:2]
        ['cash_out_model = seat_paid', 'fees_before_split = rake,jackpot,bingo']
        """
        lines = []
        for option, value in self.resolve().items():
            mark = "  [U]" if option in self.unconfirmed else ""
            shown = ",".join(value) if isinstance(value, list) else ("none" if value is None else value)
            lines.append(f"{option} = {shown}{mark}")
        return "\n".join(lines)


class PolicyOptions(TypedDict, total=False):
    """Options to override, typed (keyword arguments of the built-in profiles)."""

    unit: Unit
    hilo_between_halves: HiloBetweenHalves
    nontraditional_high_half: NontraditionalHighHalf
    split_half_remainder: SplitHalfRemainder
    identical_hands_both_halves: IdenticalHandsBothHalves
    tie_order_button: TieOrderButton
    tie_order_stud: TieOrderStud
    stud_card_scope: StudCardScope
    multi_remainder: MultiRemainder
    runout_remainder: RunoutRemainder
    rake_allocation: RakeAllocation
    fees_before_split: tuple[Fee, ...]
    cash_out_model: CashOutModel
    rake_rate_bp: int
    rake_cap: int
    no_flop_no_drop: bool
    seed: int | None


def option_names() -> tuple[str, ...]:
    """The option names of :class:`Policy` (no name, description or bookkeeping)."""
    return tuple(f.name for f in fields(Policy) if f.name not in _META_FIELDS)


FACTORY_DEFAULT = Policy(
    name="default",
    description=(
        "Factory default for an unknown platform (research notes §4.2 'recommended factory "
        "default'): left_of_button, high side, one unit each in order, first run, stud "
        "high card by suit in the best five, identical hands pooled evenly "
        "(WSOP-T 73 and RRoP agree), printed per-pot nets for rake."
    ),
)

_ALL_OPTIONS = frozenset(option_names()) - {"rake_rate_bp", "rake_cap", "seed"}


def _profile(name: str, description: str, unconfirmed: Set[str] = frozenset(),
             base: Policy = FACTORY_DEFAULT, **options: Unpack[PolicyOptions]) -> Policy:
    policy = replace(base, name=name, description=description, base=base.name, **options)
    return replace(policy, unconfirmed=frozenset(unconfirmed))


_TDA = _profile(
    "tda",
    "Poker TDA 2024 v1.0 Rule 20 (A: board games first seat left of the button; B: stud, "
    "razz and stud/8 halves by high card by suit in the 5-card hand; C: odd chip of the "
    "total pot to the high side; D deleted 2022, so identical hands are split half by "
    "half) and Rule 21 (side pots split separately). Draw games, several odd units and "
    "run-outs are not covered by the text.",
    {"nontraditional_high_half", "multi_remainder", "runout_remainder", "rake_allocation",
     "cash_out_model"},
    unit=UnitSymbol.DENOMINATION_IN_PLAY,
    identical_hands_both_halves=IdenticalHandsBothHalves.PER_HALF,
)
_WSOP = _profile(
    "wsop",
    "2026 WSOP Tournament Rules 73 (button games left of the button; stud by high card by "
    "suit in the best 5 cards; H/L odd chip to the high side; identical hands winning both "
    "halves split as evenly as possible), 74 (side pots separately), 129 -> WSOP-L 217 "
    "(run it twice: extra chip to the main board). Badacey/Badeucy between halves [U].",
    {"nontraditional_high_half", "multi_remainder", "rake_allocation", "cash_out_model"},
    unit=UnitSymbol.DENOMINATION_IN_PLAY,
)
_WSOP_LIVE = _profile(
    "wsop-live",
    "2026 WSOP Live Action Rules 150 (suits never break ties), 152 (unit: smallest unit "
    "used to make the blinds), 153 (button games clockwise from the button; stud high card "
    "by suit, five cards; high hand gets the odd chip; identical hands split evenly; "
    "low-low split games by position from the button), 217 (extra chip to the main board), "
    "248, 331; Rule 31 rake 10% up to $6 (pot allocation not stated).",
    {"multi_remainder", "rake_allocation", "cash_out_model"},
    unit=UnitSymbol.BLIND_UNIT,
    nontraditional_high_half=NontraditionalHighHalf.BY_POSITION,
)
_ROBERT = _profile(
    "robert",
    "Robert's Rules of Poker, 'Ties': smallest unit used in the game; no player gets more "
    "than one odd chip; button games clockwise from the button; stud highest card by suit "
    "in high games and lowest card by suit in low games, using all cards; high hand gets "
    "the odd chip between halves; identical hands split as evenly as possible.",
    {"nontraditional_high_half", "runout_remainder", "rake_allocation", "cash_out_model"},
    unit=UnitSymbol.DENOMINATION_IN_PLAY,
    tie_order_stud=TieOrderStud.HIGH_FOR_HIGH_LOW_FOR_LOW,
    stud_card_scope=StudCardScope.ALL_CARDS,
)
_BARGE = _profile(
    "barge",
    "BARGE rulebook 'Ties and odd chips' (follows TDA: identical hands per half; one odd "
    "chip per player; suits s>h>d>c) plus its split-game rule: in 5-card vs 4-card splits "
    "(Badacey, Badeucy, Razzdugi) the five-card hand is 'high', in Dramaha the draw hand.",
    {"runout_remainder", "rake_allocation", "cash_out_model"},
    unit=UnitSymbol.DENOMINATION_IN_PLAY,
    identical_hands_both_halves=IdenticalHandsBothHalves.PER_HALF,
)
_POKERKIT = _profile(
    "pokerkit",
    "PokerKit 0.7.7 (reference library, not a rulebook; research notes §1.9): whole remainder "
    "to the winner most out of position (pot 14, three tied -> 6/4/4), hi/lo remainder to "
    "high, board 0 first, stud position from the dealer's left, each pot raked on its own "
    "with its own cap.",
    frozenset(),
    identical_hands_both_halves=IdenticalHandsBothHalves.PER_HALF,
    tie_order_stud=TieOrderStud.POSITION_FROM_DEALER,
    multi_remainder=MultiRemainder.ALL_TO_FIRST,
    rake_allocation=RakeAllocation.PER_POT_CAP,
)
_WA_STATE = _profile(
    "wa-state",
    "Washington State: odd chips are a matter of each room's approved house rules "
    "(WAC 230-15-030/065); no statewide rule was found, so every option is the factory "
    "default and unconfirmed. Rake at most 10% of the wagers per hand (WAC 230-15-080).",
    _ALL_OPTIONS,
)

_PLATFORM_PROFILES: tuple[Policy, ...] = (
    _profile(
        Platform.POKERSTARS.value,
        "PokerStars, observed in the HH corpus (research notes §1.8): high side between halves "
        "[O 5]; ties first clockwise from the button, button last, heads-up the big blind "
        "[O 10]; several odd units one each in that order [O 1]; a tied low half's odd "
        "cent stays in it (#35875034981) [O 1]; extra unit to the first run "
        "(#184487904738) [O]; printed per-pot nets, otherwise main pot first "
        "cumulatively [O 7]; a cashed-out seat is not paid and its winning share goes to "
        "PokerStars [D]. The odd unit was the smallest chip in play: $0.05 in 2008-2010 "
        "(#14402833808 at $0.25/$0.50: $1.90 -> .50/.50/.45/.45; #47184382861 at $1/$2: "
        "$10.15 -> 5.10/5.05), cents by 2013 (#109680525613 at $0.50/$1: 4.78/4.77) [O 3]: "
        "read as cents unless a larger unit that every amount of the hand is counted in "
        "explains the split.",
        {"identical_hands_both_halves", "tie_order_stud", "stud_card_scope",
         "nontraditional_high_half"},
        unit=UnitSymbol.DENOMINATION_IN_PLAY,
        no_flop_no_drop=True,
    ),
    _profile(
        Platform.GGPOKER.value,
        "GGPoker: ties first clockwise from the button, button last [O 1]; extra unit to "
        "the first run (#OM232657303 $48.93/$48.92) [O 1]; rake, jackpot and bingo off "
        "before the split [D]; EV cash-out pays the seat as usual.",
        {"hilo_between_halves", "nontraditional_high_half", "identical_hands_both_halves",
         "split_half_remainder", "tie_order_stud", "stud_card_scope", "multi_remainder",
         "rake_allocation"},
        cash_out_model=CashOutModel.SEAT_PAID,
    ),
    _profile(
        Platform.PARTYPOKER.value,
        "partypoker: ties first clockwise from the button, button last (Game 12566995177: "
        "$7.13 -> $3.57 seat 2 / $3.56 button) [O 1]; printed nets.",
        {"hilo_between_halves", "nontraditional_high_half", "identical_hands_both_halves",
         "split_half_remainder", "tie_order_stud", "stud_card_scope", "multi_remainder",
         "runout_remainder", "cash_out_model"},
    ),
    _profile(
        Platform.POKER888.value,
        "888poker: ties first clockwise from the button [O 3, play-money fixed-limit "
        "Hold'em].",
        _ALL_OPTIONS - {"tie_order_button", "unit"},
    ),
    _profile(
        Platform.WINAMAX.value,
        "Winamax: odd cent to the high half (0.93 -> 0.47 HI / 0.46 LO; 4.96 / 4.95) "
        "[O 2]; printed net totals. A total rake over several pots is not charged "
        "main_first_cumulative (#270777-217-1284853532: 0.22 taken 0.18 main / 0.04 side, "
        "not 0.17 / 0.05): its allocation is unconfirmed.",
        _ALL_OPTIONS - {"hilo_between_halves", "unit"},
    ),
    _profile(
        Platform.FULLTILT.value,
        "Full Tilt (historical): rake came off the main pot, per-pot amounts printed gross "
        "[O 2]. Hi/lo odd units went to the high half in a unit that grew with the stakes: "
        "cents at $0.05/$0.10 (#33729545246 $9.43 -> 4.72 HI / 4.71 LO), $0.05 at "
        "$0.25/$0.50 (#33727835942 $7.75 -> 3.90 / 3.85, every amount of the hand in "
        "nickels), $0.50 at $1,000/$2,000 (#33727700367 $31,999.50 -> 16,000 / 15,999.50) "
        "[O 3]: the smallest chip in play, which the audit reads as cents unless a larger "
        "unit that every amount of the hand is counted in explains the split.",
        _ALL_OPTIONS - {"rake_allocation", "hilo_between_halves", "unit"},
        unit=UnitSymbol.DENOMINATION_IN_PLAY,
        rake_allocation=RakeAllocation.MAIN_ONLY,
    ),
    _profile(
        Platform.ONGAME.value,
        "OnGame (historical): the odd cent went to the higher card by suit, not left of "
        "the button (R5-81867677-657: button with Ks over Kd) [O 1], but in a 2010 "
        "tournament (T5-17781999-6) the odd chip went to Ac over Ah, the seat nearer the "
        "button's left: no one order fits both, so it is unconfirmed.",
        _ALL_OPTIONS,
        tie_order_button=TieOrderButton.HIGH_CARD_BY_SUIT,
    ),
    _profile(
        Platform.PKR.value,
        "PKR (historical): the odd cent went to the higher card by suit (5s over 5c) "
        "[O 1]; 'Taking Rake ... from pot 2': the whole rake from the largest pot [O 1].",
        _ALL_OPTIONS - {"tie_order_button", "rake_allocation"},
        tie_order_button=TieOrderButton.HIGH_CARD_BY_SUIT,
        rake_allocation=RakeAllocation.LARGEST_POT,
    ),
    _profile(
        Platform.MERGE.value,
        "Merge (historical): odd chip to the high side [O 1].",
        _ALL_OPTIONS - {"hilo_between_halves"},
    ),
    _profile(
        Platform.ABSOLUTE.value,
        "Absolute (historical): odd chip to the high side [O 1].",
        _ALL_OPTIONS - {"hilo_between_halves"},
    ),
    _profile(
        Platform.EVERLEAF.value,
        "Everleaf (historical): odd chip to the high side [O 1].",
        _ALL_OPTIONS - {"hilo_between_halves"},
    ),
    _profile(
        Platform.IPOKER.value,
        "iPoker: the XML gives per-player totals only; nothing is known of its odd-chip "
        "rules, so this is the factory default (research notes §4.2).",
        _ALL_OPTIONS,
    ),
    _profile(
        Platform.WINNINGPOKER.value,
        "ACR/WPN: nothing is known of its odd-chip rules, so this is the factory default "
        "(research notes §4.2); 'JP Fee' is off before the split. Of its hi/lo splits in the "
        "corpus and the sweeps of 2026-12-03 and -05, ten leave an odd unit between the "
        "halves: five to the high half (Omaha H/L tournament #1092719860, #1092767171, "
        "#1092809808, #1092827420, #1092828173) and five to the low (stud/8 #693975843, "
        "$7.05 -> 3.53 LO / 3.52 HI; #1092723191, #1092769594, #1092814383, #1092829197). "
        "Neither position, seat number, showing order nor the cards fit all ten, so no rule "
        "is declared: the low ones stay findings against the high-half rule of every "
        "rulebook.",
        _ALL_OPTIONS,
        fees_before_split=(Fee.RAKE, Fee.JP_FEE),
    ),
    _profile(
        Platform.BOVADA.value,
        "Bovada/Bodog/Ignition, observed in hands that print each half (2014 PLO8 cash, "
        "FPDB regression files; the corpus): the odd cent between the halves goes to the "
        "high half [O 11, e.g. #2902239195 $0.45 -> 0.23 HI / 0.22 LO, stud/8 "
        "#2633952287]; a tied low half pays each winner an equal share in whole cents and "
        "what it cannot divide goes to the high half (#2902256725 $9.62 -> HI 4.82, LO "
        "2.40/2.40; #2902266598 $0.95 -> HI 0.49, LO 0.23/0.23; #2902253333; #2902260511) "
        "[O 4]; a tied high half keeps its odd cent (#2902234353 $12.81 -> HI 3.21/3.20, "
        "LO 6.40) [O 1], its first seat clockwise from the button (or the lowest seat: "
        "not told apart).",
        _ALL_OPTIONS - {"hilo_between_halves", "split_half_remainder", "unit"},
        split_half_remainder=SplitHalfRemainder.TO_HIGH_HALF,
    ),
)


_OBSERVED = {policy.name: policy for policy in _PLATFORM_PROFILES}


def _platform_profile(platform: Platform) -> Policy:
    if platform.value in _OBSERVED:
        return _OBSERVED[platform.value]
    description = (
        f"{platform.value}: nothing is known of this platform's odd-chip rules; this is "
        "the factory default of research notes §4.2, every option unconfirmed."
    )
    return _profile(platform.value, description, _ALL_OPTIONS)


BUILTIN_PROFILES: dict[str, Policy] = {
    p.name: p for p in (_TDA, _WSOP, _WSOP_LIVE, _ROBERT, _BARGE, _POKERKIT, _WA_STATE)
}
BUILTIN_PROFILES.update({p.value: _platform_profile(p) for p in Platform})

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"


def load_profile_file(path: Path) -> Policy:
    """A profile from TOML: ``base = "<profile>"``, optional ``description``, then options.

    The profile is named after the file (``house-high-card.toml`` -> ``house-high-card``).
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(f"{path.name}: not valid TOML: {exc}") from exc
    name = path.stem
    base_name = data.pop("base", FACTORY_DEFAULT.name)
    description = data.pop("description", f"{name}: {base_name} with {sorted(data)} changed")
    base = FACTORY_DEFAULT if base_name == FACTORY_DEFAULT.name else get_policy(base_name)
    policy = base.with_options(data, name=name)
    return replace(policy, description=description)


def profile_names() -> list[str]:
    """Every profile name: built-ins, then TOML files in ``rules/profiles``, sorted."""
    names = set(BUILTIN_PROFILES) | {FACTORY_DEFAULT.name}
    if PROFILE_DIR.is_dir():
        names |= {p.stem for p in PROFILE_DIR.glob("*.toml")}
    return sorted(names)


def get_policy(name: str) -> Policy:
    """The profile called ``name`` (built-in, ``default``, or ``rules/profiles/<name>.toml``).

    >>> get_policy("ongame").tie_order_button
    <TieOrderButton.HIGH_CARD_BY_SUIT: 'high_card_by_suit'>
    >>> get_policy("nosuch")
    Traceback (most recent call last):
    ...
    rules.odd_chip.PolicyError: unknown policy 'nosuch'
    """
    if name == FACTORY_DEFAULT.name:
        return FACTORY_DEFAULT
    if name in BUILTIN_PROFILES:
        return BUILTIN_PROFILES[name]
    path = PROFILE_DIR / f"{name}.toml"
    if re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name) and path.is_file():
        return load_profile_file(path)
    raise PolicyError(f"unknown policy {name!r}")


def policy_from_spec(spec: str | Mapping[str, Any] | Policy | None) -> Policy:
    """A policy from a profile name, an options object (``base`` + options), or a Policy.

    >>> policy_from_spec({"base": "tda", "multi_remainder": "all_to_first"}).multi_remainder
    <MultiRemainder.ALL_TO_FIRST: 'all_to_first'>
    >>> policy_from_spec(None).name
    'default'
    """
    if spec is None:
        return FACTORY_DEFAULT
    if isinstance(spec, Policy):
        return spec
    if isinstance(spec, str):
        return get_policy(spec)
    if isinstance(spec, Mapping):
        options = dict(spec)
        base_name = options.pop("base", FACTORY_DEFAULT.name)
        if not isinstance(base_name, str):
            raise PolicyError(f"policy base must be a profile name, not {base_name!r}")
        base = get_policy(base_name)
        if not options:
            return base
        return base.with_options(options, name=f"{base.name}+custom")
    raise PolicyError(f"policy must be a profile name or an object, not {spec!r}")
