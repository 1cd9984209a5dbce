"""Strengths of many showdowns at once, for ``Showdown.strengths``.

The audit settles thousands of showdowns; evaluating each seat's hand with the reference
evaluator dominates that work. ``bulk_strengths`` groups the seats of many showdowns by
how their half is made (exactly 2 hole + 3 board, or any five of the cards) and evaluates
each group with one vectorised call of :mod:`rules.batch`. Halves the batch kernels do
not cover (Badugi, 2-7, Badacey) are left out of the result and settlement evaluates them
one by one, so the result is always exactly what the reference evaluator would say.

>>> requests = [("a", "omaha_hilo", ("2c", "4d", "Qc", "Jd"), ("Ac", "3d", "6h", "Ks", "Kd")),
...             ("b", "omaha_hilo", ("Kh", "Kc", "5c", "7d"), ("Ac", "3d", "6h", "Ks", "Kd"))]
>>> s = bulk_strengths(requests)
>>> s[("b", 0)] > s[("a", 0)], s[("a", 1)] > s[("b", 1)]   # kings win high, 6-4-3-2-A low
(True, True)
>>> from rules.batch import strength_of
>>> from rules.evaluate import best_hand
>>> from rules.games import game_spec, Ranking
>>> strength_of(Ranking.LOW_A5, s[("a", 1)]) == best_hand(game_spec("omaha_hilo").halves[1],
...     requests[0][2], requests[0][3]).strength
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

import numpy as np

from rules.batch import NO_HAND, best_of_values, omaha_hilo_strengths, omaha_strengths
from rules.cards import parse_card
from rules.games import GameSpec, HalfSpec, Ranking, game_spec
from rules.odd_chip import (
    HiloBetweenHalves,
    IdenticalHandsBothHalves,
    MultiRemainder,
    Policy,
    RakeAllocation,
    SplitHalfRemainder,
    TieOrderButton,
)
from rules.pots import Pot, PotError, allocate_rake
from rules.vocab import Half

_BATCHED = (Ranking.HIGH, Ranking.LOW_A5)

Request: TypeAlias = tuple[Hashable, str, Sequence[str], Sequence[str]]
"""``(key, game, hole cards, board cards)``: one seat's cards to evaluate."""


class _Kernel(Enum):
    """How the batch evaluates a half: exactly 2 hole + 3 board, or any five cards."""

    OMAHA = "omaha"
    ANY_FIVE = "any_five"


def _kind(half: HalfSpec, hole: int, board: int) -> _Kernel | None:
    if half.ranking not in _BATCHED or half.hand_size != 5:
        return None
    if half.hole_used == 2 and half.board_used == 3 and board == 5 and hole >= 2:
        return _Kernel.OMAHA
    if half.hole_used is None and half.board_used is None and hole + board >= 5:
        return _Kernel.ANY_FIVE
    return None


@dataclass(frozen=True)
class _Group:
    """Seats whose half one batch call evaluates: same kernel, ranking, qualifier and
    card counts, and the index of the half in its game."""

    kernel: _Kernel
    ranking: Ranking
    qualifier: int | None
    hole: int
    board: int
    half_index: int


def bulk_strengths(requests: Iterable[Request]) -> dict[tuple[Hashable, int], int | None]:
    """``(key, half index) -> strength`` for every request ``(key, game, hole, board)``.

    A strength is an ``int`` that orders exactly as the reference ``HandValue.strength``
    within its half, or ``None`` where the seat has no qualifying hand for that half.
    Halves without a batch kernel are absent from the result.
    """
    groups: dict[_Group, list[tuple[Hashable, tuple[int, ...], tuple[int, ...]]]] = defaultdict(list)
    for key, game, hole, board in requests:
        spec = game_spec(game)
        codes_hole = tuple(parse_card(c) for c in hole)
        codes_board = tuple(parse_card(c) for c in board)
        for index, half in enumerate(spec.halves):
            kernel = _kind(half, len(hole), len(board))
            if kernel is None:
                continue
            group = _Group(kernel, half.ranking, half.qualifier, len(hole), len(board), index)
            groups[group].append((key, codes_hole, codes_board))
    out: dict[tuple[Hashable, int], int | None] = {}
    for group, rows in groups.items():
        keys = [r[0] for r in rows]
        values = _group_values(group, np.array([r[1] for r in rows], dtype=np.int32),
                               np.array([r[2] for r in rows], dtype=np.int32))
        for key, value in zip(keys, values.tolist(), strict=True):
            out[(key, group.half_index)] = None if value == NO_HAND else value
    return out


def _group_values(group: _Group, hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Batch values of one group's rows of hole and board card codes."""
    if group.kernel is _Kernel.OMAHA:
        if group.ranking is Ranking.LOW_A5:
            return omaha_hilo_strengths(hole, board, group.qualifier)[1]
        return omaha_strengths(hole, board, group.ranking)
    cards = np.concatenate([hole, board], axis=1) if board.shape[1] else hole
    return best_of_values(cards, group.ranking, group.qualifier)


# ----------------------------------------------------------------------------- simple showdowns

#: tie orders the bulk settlement places leftover units by (others: per-hand settlement)
_BULK_TIE_ORDERS = (TieOrderButton.LEFT_OF_BUTTON, TieOrderButton.LOWEST_SEAT)
_NO_VALUE = np.iinfo(np.int32).min  # below every batch value and NO_HAND


@dataclass(frozen=True)
class ShowdownBatch:
    """Many showdowns of one game under one policy, as flat arrays.

    Seat rows are grouped by hand: hand ``i`` owns rows ``starts[i]:starts[i + 1]``, the
    seats its ``rules.settle.Showdown`` would list. Cards are codes (:mod:`rules.cards`),
    ``-1`` where unknown; a seat's cards are all known or all unknown. Per hand: the one
    board, the total rake and fees (``Showdown.rake`` as a total), the odd-chip unit and
    the button (``has_button`` False where none is known). ``pot_rake`` optionally gives
    the rake of every pot of :func:`bulk_pots` (``Showdown.rake`` as a per-pot list) for
    the hands where ``pot_rake_given``.
    """

    game: str
    policy: Policy
    starts: np.ndarray
    boards: np.ndarray
    rake: np.ndarray
    unit: np.ndarray
    button: np.ndarray
    has_button: np.ndarray
    seat: np.ndarray
    contributed: np.ndarray
    folded: np.ndarray
    mucked: np.ndarray
    cashed_out: np.ndarray
    dead: np.ndarray
    cards: np.ndarray
    pot_rake: np.ndarray | None = None
    pot_rake_given: np.ndarray | None = None

    @property
    def hands(self) -> int:
        return len(self.starts) - 1


@dataclass(frozen=True)
class BulkPots:
    """The pots of many hands (``rules.pots.build_pots`` without dead money), in order of
    hand then pot index. ``formed[i]``: hand ``i`` has pots of the shape handled here
    (every seat still in put something in); other hands have no pots listed."""

    hand: np.ndarray
    index: np.ndarray
    amount: np.ndarray
    level: np.ndarray
    count: np.ndarray
    put_in: np.ndarray
    uncalled: np.ndarray
    formed: np.ndarray

    def first(self) -> np.ndarray:
        """Position of each hand's first pot (as if it had one where it has none)."""
        first: np.ndarray = np.cumsum(self.count) - self.count
        return first


def bulk_pots(starts: np.ndarray, contributed: np.ndarray, folded: np.ndarray) -> BulkPots:
    """Main and side pots of every hand at once, as ``rules.pots.build_pots`` makes them.

    The single largest contribution above the second largest comes back (uncalled); the
    distinct amounts the seats still in then put in are the pot levels; a pot holds what
    every seat put in between the previous level and its own (the last pot also takes
    folded money above the top level) and is contested by the seats still in that
    reached its level.
    """
    starts = np.asarray(starts, dtype=np.int64)
    counts = np.diff(starts)
    h = len(counts)
    hid = np.repeat(np.arange(h), counts)
    contributed = np.asarray(contributed, dtype=np.int64)
    live = ~np.asarray(folded, dtype=bool)
    top = _segment_reduce(np.maximum, contributed, starts, 0)
    at_top = contributed == top[hid]
    top_count = np.bincount(hid[at_top], minlength=h)
    second = _segment_reduce(np.maximum, np.where(at_top, -1, contributed), starts, -1)
    second = np.where(top_count >= 2, top, np.maximum(second, 0))
    uncalled = np.where(at_top & (top_count[hid] == 1), top[hid] - second[hid], 0)
    put_in = contributed - uncalled
    live_min = _segment_reduce(np.minimum, np.where(live, put_in, np.iinfo(np.int64).max), starts,
                               np.iinfo(np.int64).max)
    formed = (live_min > 0) & (live_min < np.iinfo(np.int64).max) & ~_segment_any(contributed < 0, starts, h)
    rows = np.flatnonzero(live & formed[hid])
    # the distinct (hand, level) pairs, in order
    sorted_rows = rows[np.lexsort((put_in[rows], hid[rows]))]
    fresh = np.ones(sorted_rows.size, dtype=bool)
    fresh[1:] = (hid[sorted_rows][1:] != hid[sorted_rows][:-1]) | (put_in[sorted_rows][1:] != put_in[sorted_rows][:-1])
    pot_hand, level = hid[sorted_rows][fresh], put_in[sorted_rows][fresh]
    count = np.bincount(pot_hand, minlength=h).astype(np.int64)
    first = np.cumsum(count) - count
    index = np.arange(len(pot_hand)) - first[pot_hand]
    previous = np.where(index > 0, np.concatenate([[0], level[:-1]]), 0)
    last = index == count[pot_hand] - 1
    top_put_in = _segment_reduce(np.maximum, put_in, starts, 0)
    ceiling = np.where(last, np.maximum(level, top_put_in[pot_hand]), level)
    # every (pot, seat of its hand) pair: what the seat put in between the two levels
    per_pot = counts[pot_hand]
    pair_pot = np.repeat(np.arange(len(pot_hand)), per_pot)
    pair_row = starts[pot_hand][pair_pot] + np.arange(len(pair_pot)) - np.repeat(np.cumsum(per_pot) - per_pot, per_pot)
    slices = np.minimum(put_in[pair_row], ceiling[pair_pot]) - np.minimum(put_in[pair_row], previous[pair_pot])
    amount = _sum_by(pair_pot, slices, len(pot_hand))
    return BulkPots(pot_hand, index, amount, level, count, put_in, uncalled, formed)


@dataclass(frozen=True)
class BulkSettlement:
    """What :func:`settle_simple` settled: ``settled[i]`` for hand ``i``; for its seat
    rows ``payouts`` (``Settlement.payouts``, uncalled returns included) and
    ``uncalled``; and every award of a pot to a seat (``award_row`` the seat's row,
    ``award_pot`` the pot index, ``award_amount``)."""

    settled: np.ndarray
    payouts: np.ndarray
    uncalled: np.ndarray
    pot_count: np.ndarray
    award_row: np.ndarray
    award_pot: np.ndarray
    award_amount: np.ndarray


def bulk_settles(game: str) -> bool:
    """Whether :func:`settle_simple` settles showdowns of ``game`` at all."""
    return _supported(game_spec(game))


def _supported(spec: GameSpec) -> bool:
    """One board of five, no stud or draw, every half evaluated by a batch kernel, and a
    second half (if any) that is a low taking its share only when it qualifies."""
    if spec.stud or spec.draw or spec.boards != 1 or spec.always_split or spec.board_cards != 5:
        return False
    if len(spec.halves) not in (1, 2) or any(_kind(h, spec.hole_cards, 5) is None for h in spec.halves):
        return False
    return len(spec.halves) == 1 or any(h.half is Half.HIGH for h in spec.halves)


def _half_values(spec: GameSpec, hole: np.ndarray, board: np.ndarray) -> list[np.ndarray]:
    """Batch values of every half for rows of hole cards on their boards."""
    halves = spec.halves
    if (len(halves) == 2 and all(_kind(h, spec.hole_cards, 5) is _Kernel.OMAHA for h in halves)
            and [h.ranking for h in halves] == [Ranking.HIGH, Ranking.LOW_A5]):
        high, low = omaha_hilo_strengths(hole, board, halves[1].qualifier)
        return [high, low]
    out = []
    for half in halves:
        if _kind(half, spec.hole_cards, 5) is _Kernel.OMAHA:
            if half.ranking is Ranking.LOW_A5:
                out.append(omaha_hilo_strengths(hole, board, half.qualifier)[1])
            else:
                out.append(omaha_strengths(hole, board, half.ranking))
        else:
            out.append(best_of_values(np.concatenate([hole, board], axis=1), half.ranking, half.qualifier))
    return out


def _segment_any(flags: np.ndarray, starts: np.ndarray, hands: int) -> np.ndarray:
    """Per segment: is any row's flag set (empty segments: False)."""
    counts = np.diff(starts)
    out = np.zeros(hands, dtype=bool)
    nonempty = counts > 0
    if flags.size:
        out[nonempty] = np.logical_or.reduceat(flags, starts[:-1][nonempty])
    return out


def _segment_reduce(ufunc: np.ufunc, values: np.ndarray, starts: np.ndarray, empty: int) -> np.ndarray:
    """Per segment: ``ufunc`` over its rows (empty segments: ``empty``)."""
    counts = np.diff(starts)
    out = np.full(len(counts), empty, dtype=values.dtype if values.size else np.int64)
    nonempty = counts > 0
    if values.size:
        out[nonempty] = ufunc.reduceat(values, starts[:-1][nonempty])
    return out


def _sum_by(index: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Integer sums of ``values`` by ``index`` (money stays integer: no float weights)."""
    out = np.zeros(size, dtype=np.int64)
    np.add.at(out, index, values.astype(np.int64, copy=False))
    return out


def _pot_rakes(batch: ShowdownBatch, pots: BulkPots, ok: np.ndarray) -> np.ndarray:
    """The rake charged to each pot, as ``settle`` charges it (``ok`` cleared where
    ``allocate_rake`` would refuse)."""
    policy = batch.policy
    rake = np.asarray(batch.rake, dtype=np.int64)
    given = (np.zeros(batch.hands, dtype=bool) if batch.pot_rake_given is None
             else np.asarray(batch.pot_rake_given, dtype=bool))
    single = (pots.count == 1) & ~given
    first = pots.first()
    total = _sum_by(pots.hand, pots.amount, batch.hands)
    charges = np.zeros(len(pots.hand), dtype=np.int64)
    # one pot charged a total: all of it (per_pot_cap computes its own: see below)
    simple = single & (policy.rake_allocation is not RakeAllocation.PER_POT_CAP)
    charges[first[simple & (pots.count > 0)]] = rake[simple & (pots.count > 0)]
    ok &= ~(simple & ((rake < 0) | (rake > total)))
    # per-pot amounts given: used as given, each within its pot
    if given.any():
        if batch.pot_rake is None:
            raise ValueError("ShowdownBatch: pot_rake_given needs pot_rake")
        listed = given[pots.hand]
        charges[listed] = batch.pot_rake[listed]
        ok &= ~_sum_by(pots.hand, listed & ((charges < 0) | (charges > pots.amount)), batch.hands).astype(bool)
    nothing = ~given & ~simple & (rake == 0)
    # a total over several pots: allocated by the policy, exactly as settle allocates it
    for i in np.flatnonzero(ok & ~given & ~simple & ~nothing & (pots.count > 0)):
        span = slice(first[i], first[i] + pots.count[i])
        amounts = [Pot(int(j), int(a), 0, (), ()) for j, a in zip(pots.index[span], pots.amount[span], strict=True)]
        try:
            charges[span] = allocate_rake(amounts, int(rake[i]), policy.rake_allocation, policy.rake_rate_bp,
                                          policy.rake_cap)
        except PotError:
            ok[i] = False
    return charges


@dataclass(frozen=True)
class _Rows:
    """The seat rows of a :class:`ShowdownBatch` as arrays of one dtype each; ``hand``
    is each row's hand, ``mucked`` a seat still in that conceded."""

    starts: np.ndarray
    counts: np.ndarray
    hand: np.ndarray
    seat: np.ndarray
    contributed: np.ndarray
    folded: np.ndarray
    live: np.ndarray
    mucked: np.ndarray
    cards: np.ndarray
    boards: np.ndarray
    unit: np.ndarray
    button: np.ndarray
    has_button: np.ndarray

    @property
    def hands(self) -> int:
        return len(self.counts)

    @property
    def size(self) -> int:
        return len(self.cards)


def _rows(batch: ShowdownBatch, spec: GameSpec, n: int) -> _Rows:
    starts = np.asarray(batch.starts, dtype=np.int64)
    counts = np.diff(starts)
    folded = np.asarray(batch.folded, dtype=bool)
    live = ~folded
    return _Rows(
        starts=starts,
        counts=counts,
        hand=np.repeat(np.arange(len(counts)), counts),
        seat=np.asarray(batch.seat, dtype=np.int64),
        contributed=np.asarray(batch.contributed, dtype=np.int64),
        folded=folded,
        live=live,
        mucked=np.asarray(batch.mucked, dtype=bool) & live,
        cards=np.asarray(batch.cards, dtype=np.int64).reshape(n, spec.hole_cards),
        boards=np.asarray(batch.boards, dtype=np.int64).reshape(len(counts), 5),
        unit=np.asarray(batch.unit, dtype=np.int64),
        button=np.asarray(batch.button, dtype=np.int64),
        has_button=np.asarray(batch.has_button, dtype=bool),
    )


def _in_shape(batch: ShowdownBatch, rows: _Rows) -> np.ndarray:
    """Per hand: the shape settle_simple settles, seat by seat (anything else is left to
    settle()), with distinct seats and distinct valid cards."""
    cards, seat, hid, starts, h = rows.cards, rows.seat, rows.hand, rows.starts, rows.hands
    known = (cards >= 0).all(axis=1)
    partial = (cards >= 0).any(axis=1) & ~known
    bad_row = ((seat < 1) | (rows.contributed < 0) | (np.asarray(batch.dead, dtype=np.int64) != 0) | partial
               | (cards > 51).any(axis=1)
               | (rows.live & (np.asarray(batch.cashed_out, dtype=bool) | (~rows.mucked & ~known))))
    ok = ~_segment_any(bad_row, starts, h)
    ok &= (rows.unit >= 1) & ((rows.boards >= 0) & (rows.boards <= 51)).all(axis=1) & (rows.counts >= 2)
    order = np.lexsort((seat, hid))
    repeated = np.zeros(rows.size, dtype=bool)
    repeated[1:] = (hid[order][1:] == hid[order][:-1]) & (seat[order][1:] == seat[order][:-1])
    ok &= ~_segment_any(repeated[np.argsort(order)], starts, h)
    # every card once: the sum of distinct bits equals their union
    bits = np.where(cards >= 0, np.left_shift(np.uint64(1), np.clip(cards, 0, 63).astype(np.uint64)), np.uint64(0))
    board_bits = np.left_shift(np.uint64(1), np.clip(rows.boards, 0, 63).astype(np.uint64))
    hand_or = (_segment_reduce(np.bitwise_or, np.bitwise_or.reduce(bits, axis=1), starts, 0).astype(np.uint64)
               | np.bitwise_or.reduce(board_bits, axis=1))
    hand_sum = (_segment_reduce(np.add, bits.sum(axis=1, dtype=np.uint64), starts, 0).astype(np.uint64)
                + board_bits.sum(axis=1, dtype=np.uint64))
    in_shape: np.ndarray = ok & (hand_or == hand_sum)
    return in_shape


def _row_values(spec: GameSpec, rows: _Rows, ok: np.ndarray) -> list[np.ndarray]:
    """Per half, the hand value of every row still in that did not muck, of the hands
    still in shape (``_NO_VALUE`` elsewhere)."""
    evaluated = np.flatnonzero(ok[rows.hand] & rows.live & ~rows.mucked)
    values = [np.full(rows.size, _NO_VALUE, dtype=np.int64) for _ in spec.halves]
    if evaluated.size:
        computed = _half_values(spec, rows.cards[evaluated].astype(np.int32),
                                rows.boards[rows.hand[evaluated]].astype(np.int32))
        for half_values, half_computed in zip(values, computed, strict=True):
            half_values[evaluated] = half_computed
    return values


@dataclass(frozen=True)
class _Contests:
    """Every (pot, contender) pair of the hands in shape, grouped by pot: ``pot`` and
    ``row`` (the contender's seat row) per pair; pot ``p`` owns pairs
    ``starts[p]:starts[p + 1]``."""

    pot: np.ndarray
    row: np.ndarray
    starts: np.ndarray

    @property
    def pots(self) -> int:
        return len(self.starts) - 1

    @property
    def contenders(self) -> np.ndarray:
        counts: np.ndarray = np.diff(self.starts)
        return counts


def _contests(rows: _Rows, pots: BulkPots, ok: np.ndarray) -> _Contests:
    per_pot = np.where(ok[pots.hand], rows.counts[pots.hand], 0)
    pair_pot = np.repeat(np.arange(len(pots.hand)), per_pot)
    pair_row = (rows.starts[pots.hand[pair_pot]] + np.arange(len(pair_pot))
                - np.repeat(np.cumsum(per_pot) - per_pot, per_pot))
    contends = rows.live[pair_row] & (pots.put_in[pair_row] >= pots.level[pair_pot])
    pair_pot, pair_row = pair_pot[contends], pair_row[contends]
    starts = np.concatenate([[0], np.cumsum(np.bincount(pair_pot, minlength=len(pots.hand)))])
    return _Contests(pair_pot, pair_row, starts)


@dataclass(frozen=True)
class _Halves:
    """Per half: which pairs win it (``winners``) and each pot's money for it
    (``amounts``); ``single``: pots one seat takes unevaluated; ``fine``: pots this
    module settles exactly as settle() does."""

    winners: tuple[np.ndarray, ...]
    amounts: tuple[np.ndarray, ...]
    single: np.ndarray
    fine: np.ndarray


def _winners(rows: _Rows, contests: _Contests, values: list[np.ndarray], net: np.ndarray) -> _Halves:
    """The winners of every half of every pot, the whole net amount to the first half."""
    pair_pot, p_count = contests.pot, contests.pots
    winners = []
    for half_values in values:
        v = half_values[contests.row]
        qualified = v > NO_HAND
        best = _segment_reduce(np.maximum, np.where(qualified, v, _NO_VALUE), contests.starts, _NO_VALUE)
        winners.append(qualified & (v == best[pair_pot]))
    # a pot one seat contests, or that only one contender did not muck, is that seat's,
    # unevaluated; a pot every contender mucked cannot be settled (settle() refuses it)
    claims = ~rows.mucked[contests.row]
    claimants = np.bincount(pair_pot[claims], minlength=p_count)
    alone = contests.contenders == 1
    single = alone | (claimants == 1)
    winners[0] = np.where(single[pair_pot], alone[pair_pot] | claims, winners[0])
    for i in range(1, len(winners)):
        winners[i] = winners[i] & ~single[pair_pot]
    fine = (np.bincount(pair_pot[winners[0]], minlength=p_count) >= 1) & (alone | (claimants >= 1))
    amounts = [net.copy()] + [np.zeros(p_count, dtype=np.int64) for _ in values[1:]]
    return _Halves(tuple(winners), tuple(amounts), single, fine)


def _split_high_low(spec: GameSpec, policy: Policy, rows: _Rows, pots: BulkPots, contests: _Contests,
                    halves: _Halves) -> _Halves:
    """A pot with a qualifying low divided between the high and the low half."""
    pair_pot, p_count = contests.pot, contests.pots
    winners, net = halves.winners, halves.amounts[0]
    counts_of = [np.bincount(pair_pot[w], minlength=p_count) for w in winners]
    split = counts_of[1] >= 1
    if policy.identical_hands_both_halves is IdenticalHandsBothHalves.POOL_EVEN:
        same = ~_segment_any(winners[0] != winners[1], contests.starts, p_count)
        split &= ~(same & (counts_of[0] > 1))
    fine = halves.fine & ~split if policy.hilo_between_halves is not HiloBetweenHalves.HIGH else halves.fine
    high = next(i for i, half in enumerate(spec.halves) if half.half is Half.HIGH)
    pot_unit = rows.unit[pots.hand]
    units, residue = np.divmod(net, np.maximum(pot_unit, 1))
    base, extra = np.divmod(units, 2)
    # the odd unit (and any residue below a unit) goes to the high half
    shares = [(base + extra) * pot_unit + residue if i == high else base * pot_unit for i in range(2)]
    if policy.split_half_remainder is SplitHalfRemainder.TO_HIGH_HALF:
        # a tied low half keeps equal whole units each; the rest joins the high half
        low_count = np.maximum(counts_of[1 - high], 1)
        step = np.maximum(pot_unit, 1)
        leftover = shares[1 - high] - shares[1 - high] // step // low_count * step * low_count
        leftover = np.where(counts_of[1 - high] > 1, leftover, 0)
        shares[1 - high] = shares[1 - high] - leftover
        shares[high] = shares[high] + leftover
    amounts = (np.where(split, shares[0], net), np.where(split, shares[1], 0))
    return _Halves((winners[0], winners[1] & split[pair_pot]), amounts, halves.single, fine)


@dataclass(frozen=True)
class _Awards:
    """What each winning pair is paid (``pairs`` index the contests), and the pots
    settled exactly (``fine``)."""

    pairs: np.ndarray
    amounts: np.ndarray
    fine: np.ndarray


def _divide_halves(policy: Policy, rows: _Rows, pots: BulkPots, contests: _Contests, halves: _Halves) -> _Awards:
    """Each half among its winners: equal whole units, leftovers in tie order."""
    option = policy.tie_order_button
    pair_pot, p_count = contests.pot, contests.pots
    modulus = np.maximum(_segment_reduce(np.maximum, rows.seat, rows.starts, 0), rows.button) + 1
    pair_hand = pots.hand[pair_pot]
    if option is TieOrderButton.LEFT_OF_BUTTON:
        tie_key = np.mod(rows.seat[contests.row] - rows.button[pair_hand] - 1, modulus[pair_hand])
    else:
        tie_key = rows.seat[contests.row]
    all_to_first = policy.multi_remainder is MultiRemainder.ALL_TO_FIRST
    fine = halves.fine.copy()
    award_pairs, award_amounts = [], []
    for mask, amount in zip(halves.winners, halves.amounts, strict=True):
        count = np.bincount(pair_pot[mask], minlength=p_count)
        tied = (count > 1) & ~halves.single
        if option not in _BULK_TIE_ORDERS:
            # the order is not computed here: fine only where nothing is left over (and
            # where settle() can compute it: a random order needs its seed)
            pot_unit = np.maximum(rows.unit[pots.hand], 1)
            exact = (amount % pot_unit == 0) & ((amount // pot_unit) % np.maximum(count, 1) == 0)
            orderable = option is not TieOrderButton.RANDOM or policy.seed is not None
            fine &= ~(tied & ~(exact & orderable))
        elif option is TieOrderButton.LEFT_OF_BUTTON:
            # a split with nothing left over needs no button
            pot_unit = np.maximum(rows.unit[pots.hand], 1)
            exact = (amount % pot_unit == 0) & ((amount // pot_unit) % np.maximum(count, 1) == 0)
            fine &= ~(tied & ~rows.has_button[pots.hand] & ~exact)
        where = np.flatnonzero(mask)
        ranked = where[np.lexsort((tie_key[where], pair_pot[where]))]
        group = pair_pot[ranked]
        rank = np.arange(ranked.size) - np.searchsorted(group, group, side="left")
        g_unit = rows.unit[pots.hand[group]]
        units, residue = np.divmod(amount[group], np.maximum(g_unit, 1))
        base, extra = np.divmod(units, np.maximum(count[group], 1))
        share = base * g_unit
        if all_to_first:
            share += np.where(rank == 0, extra * g_unit, 0)
        else:
            share += np.where(rank < extra, g_unit, 0)
        share += np.where(rank == 0, residue, 0)
        award_pairs.append(ranked)
        award_amounts.append(share)
    return _Awards(np.concatenate(award_pairs), np.concatenate(award_amounts), fine)


def settle_simple(batch: ShowdownBatch) -> BulkSettlement:
    """Settle the showdowns of ``batch`` that have the common shape, all at once.

    For a hand settled here (``settled``) the payouts and the award of each pot to each
    seat are exactly those of ``rules.settle.settle`` on the same showdown. The common
    shape: one board; every seat still in put money in, did not cash out, and has its
    cards unless it mucked; no dead money; valid distinct cards; rake the pots can pay;
    and leftover units of a tie placed by a tie order this function knows
    (``left_of_button`` with a button, ``lowest_seat``), or none left over. Main and side
    pots are formed as settle forms them. Every other hand is left to ``settle``
    (``settled`` False), which also reports the input errors such hands may have.
    """
    spec = game_spec(batch.game)
    h = batch.hands
    n = int(np.asarray(batch.starts)[-1]) if h else 0
    if h == 0 or not _supported(spec):
        nothing = np.zeros(0, dtype=np.int64)
        return BulkSettlement(np.zeros(h, dtype=bool), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
                              np.zeros(h, dtype=np.int64), nothing, nothing, nothing)
    rows = _rows(batch, spec, n)
    ok = _in_shape(batch, rows)
    pots = bulk_pots(rows.starts, rows.contributed, rows.folded)
    ok &= pots.formed
    net = pots.amount - _pot_rakes(batch, pots, ok)
    contests = _contests(rows, pots, ok)
    halves = _winners(rows, contests, _row_values(spec, rows, ok), net)
    if len(spec.halves) == 2:
        halves = _split_high_low(spec, batch.policy, rows, pots, contests, halves)
    awards = _divide_halves(batch.policy, rows, pots, contests, halves)
    ok &= ~_segment_any(~awards.fine, np.concatenate([[0], np.cumsum(pots.count)]), h)
    keep = ok[pots.hand[contests.pot[awards.pairs]]]
    pairs, award_amount = awards.pairs[keep], awards.amounts[keep]
    award_row, award_pot = contests.row[pairs], pots.index[contests.pot[pairs]]
    payouts = _sum_by(award_row, award_amount, n) + pots.uncalled
    payouts[~ok[rows.hand]] = 0
    return BulkSettlement(ok, payouts, np.where(ok[rows.hand], pots.uncalled, 0), pots.count, award_row, award_pot,
                          award_amount)
