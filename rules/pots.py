"""Pots from contributions, rake charged to pots, and division into whole units.

Everything here is integer arithmetic on minor units and knows nothing of cards.

How pots form (rules.md §1.10 f; TDA 21):

* An amount one seat put in that no other seat matched comes back to it (uncalled):
  the single largest contributor gets back what it put in above the second largest.
* The levels are the distinct amounts put in by the seats still in (not folded); pot
  ``k`` holds, from every seat, what it put in between level ``k-1`` and level ``k``.
  Folded money therefore stays in the pots it reached. Dead money above the highest
  level (folded seats that put in more than any seat still in) joins the last pot; if
  no seat still in put anything in, that dead money is one pot contested by them all.
* A pot is contested by the seats still in that reached its level. Pots with the same
  contenders are merged (they would be settled identically).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from rules.odd_chip import RakeAllocation


class PotError(ValueError):
    """Contributions or rake that cannot form pots (negative amounts, rake above a pot)."""


class SeatAmount(NamedTuple):
    """An amount for one seat: an award, an uncalled return. A tuple, so that
    ``for seat, amount in ...`` and ``dict(...)`` read it as the pair it is."""

    seat: int
    amount: int


class Leftover(NamedTuple):
    """One leftover unit of a :class:`Division` (or the residue below a unit): the
    index of the share it went to, and the amount."""

    share: int
    amount: int


@dataclass(frozen=True)
class Pot:
    """One pot: its gross amount, who put money into it, and who contests it.

    ``index`` 0 is the main pot, then side pots in order of creation (as contracts.md
    numbers them). ``level`` is the per-seat amount a seat had to reach to contest it.
    """

    index: int
    amount: int
    level: int
    contenders: tuple[int, ...]
    contributors: tuple[int, ...]


@dataclass(frozen=True)
class PotBreakdown:
    """The pots of one hand and the uncalled amounts returned (seat -> amount)."""

    pots: tuple[Pot, ...]
    uncalled: tuple[SeatAmount, ...]

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.pots)

    def uncalled_to(self, seat: int) -> int:
        return dict(self.uncalled).get(seat, 0)


def build_pots(contributions: Mapping[int, int], live: Iterable[int],
               dead: Mapping[int, int] | None = None) -> PotBreakdown:
    """Main and side pots from what each seat put in; ``live`` are the seats not folded.

    ``dead`` is the part of a seat's contribution that was dead money (a missed blind
    posted dead): it never counts toward the seat's bet, so it cannot be "uncalled" and
    makes no level; it goes to the main pot.

    Two players all in for 600, a third folded after putting in 25:

    >>> build_pots({1: 600, 4: 600, 6: 25}, live=[1, 4]).pots
    (Pot(index=0, amount=1225, level=600, contenders=(1, 4), contributors=(1, 4, 6)),)

    A short all-in makes a side pot; the bigger stack's unmatched 100 comes back:

    >>> b = build_pots({1: 50, 2: 300, 3: 200}, live=[1, 2, 3])
    >>> [(p.amount, p.contenders) for p in b.pots], b.uncalled
    ([(150, (1, 2, 3)), (300, (2, 3))], (SeatAmount(seat=2, amount=100),))

    Folded money stays in the pots it reached:

    >>> [(p.amount, p.contenders) for p in build_pots({1: 50, 2: 100, 3: 100, 4: 80}, [1, 2, 3]).pots]
    [(200, (1, 2, 3)), (130, (2, 3))]

    A missed blind posted dead (2 of seat 4's 50) is not a bet nobody called:

    >>> b = build_pots({1: 48, 2: 5, 4: 50}, [1, 4], dead={4: 2})
    >>> [(p.amount, p.contenders) for p in b.pots], b.uncalled
    ([(103, (1, 4))], ())
    """
    dead = {s: a for s, a in (dead or {}).items() if a}
    for seat, amount in dead.items():
        if amount < 0 or amount > contributions.get(seat, 0):
            raise PotError(f"seat {seat}: dead money {amount} is not part of its contribution")
    if dead:
        return _with_dead_money(contributions, list(live), dead)
    for seat, amount in contributions.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise PotError(f"seat {seat}: contribution must be a non-negative integer, not {amount!r}")
    live_seats = {s for s in live if s in contributions}
    if not live_seats:
        raise PotError("no seat is still in the hand (every seat folded)")
    put_in = dict(contributions)
    uncalled = _return_uncalled(put_in)
    return PotBreakdown(_pots_by_level(put_in, live_seats), tuple(uncalled))


def _with_dead_money(contributions: Mapping[int, int], live: list[int], dead: Mapping[int, int]) -> PotBreakdown:
    """The pots of the bets (contributions less dead money), with the dead money added to
    the main pot (a pot of its own, contested by the live seats, when nobody bet).

    >>> _with_dead_money({1: 10, 2: 10}, [1, 2], {1: 10, 2: 10}).pots
    (Pot(index=0, amount=20, level=0, contenders=(1, 2), contributors=(1, 2)),)
    >>> b = _with_dead_money({1: 30, 2: 20}, [1, 2], {2: 5})
    >>> b.pots[0].amount, b.uncalled
    (35, (SeatAmount(seat=1, amount=15),))
    """
    bets = {s: a - dead.get(s, 0) for s, a in contributions.items()}
    inner = build_pots(bets, live) if any(bets[s] for s in live if s in bets) else None
    extra = sum(dead.values())
    if inner is None or not inner.pots:
        contenders = tuple(sorted(s for s in live if s in contributions))
        pot = Pot(0, extra + (inner.total if inner else 0), 0, contenders, tuple(sorted(dead)))
        return PotBreakdown((pot,), inner.uncalled if inner else ())
    main = inner.pots[0]
    merged = Pot(main.index, main.amount + extra, main.level, main.contenders,
                 tuple(sorted(set(main.contributors) | set(dead))))
    return PotBreakdown((merged, *inner.pots[1:]), inner.uncalled)


def _return_uncalled(put_in: dict[int, int]) -> list[SeatAmount]:
    """Take back, in ``put_in``, the part of the biggest contribution nobody matched (all
    of it when only one seat put anything in) and say whose it is.

    >>> put_in = {1: 50, 2: 300, 3: 200}
    >>> _return_uncalled(put_in), put_in
    ([SeatAmount(seat=2, amount=100)], {1: 50, 2: 200, 3: 200})
    >>> _return_uncalled({1: 40, 2: 40})
    []
    """
    ordered = sorted(put_in.values(), reverse=True)
    if len(ordered) == 1:
        seat = next(iter(put_in))
        if put_in[seat] > 0:
            amount, put_in[seat] = put_in[seat], 0
            return [SeatAmount(seat, amount)]
    elif ordered[0] > ordered[1]:
        top_seat = next(s for s, a in put_in.items() if a == ordered[0])
        put_in[top_seat] = ordered[1]
        return [SeatAmount(top_seat, ordered[0] - ordered[1])]
    return []


def _pots_by_level(put_in: Mapping[int, int], live_seats: set[int]) -> tuple[Pot, ...]:
    """One pot per level a live seat's contribution reaches (folded money above the top
    level joins the last pot); neighbouring levels with the same contenders make one pot.

    >>> [(p.amount, p.level, p.contenders) for p in _pots_by_level({1: 50, 2: 200, 3: 200}, {1, 2, 3})]
    [(150, 50, (1, 2, 3)), (300, 200, (2, 3))]
    """
    levels = sorted({put_in[s] for s in live_seats if put_in[s] > 0})
    top_dead = max(put_in.values(), default=0)
    if not levels:
        levels = [top_dead] if top_dead > 0 else []
    pots: list[Pot] = []
    previous = 0
    for position, level in enumerate(levels):
        is_last = position == len(levels) - 1
        ceiling = max(level, top_dead) if is_last else level
        amount = 0
        contributors = []
        for seat in sorted(put_in):
            slice_ = min(put_in[seat], ceiling) - min(put_in[seat], previous)
            if slice_ > 0:
                amount += slice_
                contributors.append(seat)
        contenders = tuple(sorted(s for s in live_seats if put_in[s] >= level)) or tuple(sorted(live_seats))
        if pots and pots[-1].contenders == contenders:
            last = pots[-1]
            merged_contributors = tuple(sorted(set(last.contributors) | set(contributors)))
            pots[-1] = Pot(last.index, last.amount + amount, level, contenders, merged_contributors)
        elif amount > 0:
            pots.append(Pot(len(pots), amount, level, contenders, tuple(contributors)))
        previous = ceiling
    return tuple(pots)


def _round_half_even(value: Fraction) -> int:
    return round(value)  # Fraction.__round__ rounds half to even, exactly


def allocate_rake(
    pots: Sequence[Pot],
    rake: int | Sequence[int],
    allocation: RakeAllocation,
    rake_rate_bp: int = 0,
    rake_cap: int = 0,
) -> tuple[int, ...]:
    """The rake (and fees) charged to each pot, main first.

    A list is the platform's own per-pot figures and is used as given; a total is charged
    by ``allocation`` (odd_chip module docstring describes each).

    >>> pots = [Pot(0, 137, 0, (1, 2), ()), Pot(1, 45, 0, (1, 2), ()), Pot(2, 72, 0, (1, 2), ())]
    >>> allocate_rake(pots, 12, RakeAllocation.MAIN_FIRST_CUMULATIVE)
    (6, 3, 3)
    >>> allocate_rake(pots, 12, RakeAllocation.PRO_RATA)
    (7, 2, 3)
    >>> allocate_rake(pots, 12, RakeAllocation.LARGEST_POT), allocate_rake(pots, 12, RakeAllocation.MAIN_ONLY)
    ((12, 0, 0), (12, 0, 0))
    >>> allocate_rake(pots, [1, 2, 3], RakeAllocation.MAIN_ONLY)
    (1, 2, 3)
    >>> allocate_rake(pots, 138, RakeAllocation.MAIN_ONLY)
    Traceback (most recent call last):
    ...
    rules.pots.PotError: rake 138 is above pot 0 (137)

    A negative total is money the house added beyond its rake (Run It Once's "splash the
    pot", dealt in before any bet): it lies in the main pot.

    >>> allocate_rake(pots, -300, RakeAllocation.PRO_RATA), allocate_rake(pots, [-300, 0, 0], RakeAllocation.MAIN_ONLY)
    ((-300, 0, 0), (-300, 0, 0))
    """
    amounts = [p.amount for p in pots]
    if not isinstance(rake, int):
        per_pot = list(rake)
        if len(per_pot) != len(amounts):
            raise PotError(f"rake lists {len(per_pot)} amounts but the hand has {len(amounts)} pots")
        for index, (charge, amount) in enumerate(zip(per_pot, amounts, strict=True)):
            if not isinstance(charge, int) or isinstance(charge, bool):
                raise PotError(f"rake for pot {index} must be an integer, not {charge!r}")  # below 0: money added
            if charge > amount:
                raise PotError(f"rake {charge} is above pot {index} ({amount})")
        return tuple(per_pot)
    if isinstance(rake, bool) or not isinstance(rake, int):
        raise PotError(f"rake must be an integer, not {rake!r}")
    if rake < 0:
        return (rake, *(0 for _ in amounts[1:]))
    total = sum(amounts)
    if rake > total:
        raise PotError(f"rake {rake} is above the pot ({total})")
    if rake == 0:
        return tuple(0 for _ in amounts)
    charges = _ALLOCATORS[allocation](amounts, rake, rake_rate_bp, rake_cap)
    for index, (charge, amount) in enumerate(zip(charges, amounts, strict=True)):
        if charge > amount:
            raise PotError(f"rake {rake} is above pot {index} ({amount})")
    return tuple(charges)


def _main_first_cumulative(amounts: list[int], rake: int, _bp: int, _cap: int) -> list[int]:
    total = sum(amounts)
    charges, charged, running = [], 0, 0
    for amount in amounts:
        running += amount
        target = min(rake, _round_half_even(Fraction(rake * running, total)))
        charges.append(target - charged)
        charged = target
    charges[-1] += rake - charged
    return charges


def _main_only(amounts: list[int], rake: int, _bp: int, _cap: int) -> list[int]:
    return [rake] + [0] * (len(amounts) - 1)


def _largest_pot(amounts: list[int], rake: int, _bp: int, _cap: int) -> list[int]:
    largest = max(range(len(amounts)), key=lambda i: (amounts[i], -i))
    return [rake if i == largest else 0 for i in range(len(amounts))]


def _pro_rata(amounts: list[int], rake: int, _bp: int, _cap: int) -> list[int]:
    total = sum(amounts)
    shares = [Fraction(rake * a, total) for a in amounts]
    charges = [int(s) for s in shares]
    left = rake - sum(charges)
    by_remainder = sorted(range(len(amounts)), key=lambda i: (-(shares[i] - charges[i]), i))
    for i in by_remainder[:left]:
        charges[i] += 1
    return charges


def _per_pot_cap(amounts: list[int], rake: int, bp: int, cap: int) -> list[int]:
    charges = []
    for amount in amounts:
        charge = amount * bp // 10_000
        charges.append(min(charge, cap) if cap else charge)
    if sum(charges) != rake:
        raise PotError(
            f"rake {rake} does not match per_pot_cap at {bp} bp capped at {cap} "
            f"(computes {sum(charges)})"
        )
    return charges


_ALLOCATORS: Mapping[RakeAllocation, Callable[[list[int], int, int, int], list[int]]] = {
    RakeAllocation.USE_PRINTED_NET: _main_first_cumulative,
    RakeAllocation.MAIN_FIRST_CUMULATIVE: _main_first_cumulative,
    RakeAllocation.MAIN_ONLY: _main_only,
    RakeAllocation.PRO_RATA: _pro_rata,
    RakeAllocation.LARGEST_POT: _largest_pot,
    RakeAllocation.PER_POT_CAP: _per_pot_cap,
}


@dataclass(frozen=True)
class Division:
    """An amount divided into shares, and who received each leftover unit.

    ``odd`` lists ``(share_index, amount)`` for every leftover unit, in the order
    dealt; the residue below one unit (an amount not a multiple of the unit) travels
    with the first leftover unit, or alone to the first share when nothing is left over.
    """

    shares: tuple[int, ...]
    odd: tuple[Leftover, ...]


def divide(amount: int, count: int, unit: int, order: Sequence[int], all_to_first: bool = False) -> Division:
    """Split ``amount`` into ``count`` equal whole-unit shares; leftovers by ``order``.

    ``order`` ranks the share indexes for leftover units (first = first to receive).

    The 2008 PokerStars four-way tie, $1.90 in $0.05 units, SB and BB first:

    >>> divide(190, 4, 5, [0, 1, 2, 3]).shares
    (50, 50, 45, 45)
    >>> divide(14, 3, 1, [0, 1, 2]).shares, divide(14, 3, 1, [0, 1, 2], all_to_first=True).shares
    ((5, 5, 4), (6, 4, 4))
    >>> divide(7, 2, 5, [1, 0])
    Division(shares=(0, 7), odd=(Leftover(share=1, amount=7),))
    """
    if count < 1:
        raise PotError("cannot divide among nobody")
    if sorted(order) != list(range(count)):
        raise PotError(f"order {list(order)} is not a ranking of {count} shares")
    units, residue = divmod(amount, unit)
    base, extra = divmod(units, count)
    shares = [base * unit] * count
    odd: list[Leftover] = []
    if all_to_first and extra:
        shares[order[0]] += extra * unit
        odd.append(Leftover(order[0], extra * unit))
    else:
        for index in order[:extra]:
            shares[index] += unit
            odd.append(Leftover(index, unit))
    if residue:
        target = order[0] if all_to_first or not odd else odd[0].share
        shares[target] += residue
        if odd and odd[0].share == target:
            odd[0] = Leftover(target, odd[0].amount + residue)
        else:
            odd.insert(0, Leftover(target, residue))
    return Division(tuple(shares), tuple(odd))
