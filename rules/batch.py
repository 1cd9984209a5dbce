"""Showdowns evaluated in batches over arrays of card codes (:mod:`rules.cards`).

A five-card hand's value depends only on the multiset of its ranks and on whether all
five share a suit. Any five cards split into a pair (cards 0-1) and a triple (cards
2-4); the 91 rank multisets of a pair and the 455 of a triple index one table of
``91 * 455 * 2`` entries (the last factor: flush or not) per ranking, small enough to
stay in cache. Omaha exploits the split directly: a seat's 6 hole pairs and the board's
10 triples are each indexed once, and the 60 combinations are one broadcast add and one
gather. The A-5 low ignores suits, so it reads the same index without the flush bit.

Values are small integers that order *exactly* as the reference
:func:`rules.evaluate.made_hand` strength tuples do: the table holds, for each hand, the
position of its strength among all distinct strengths of that ranking (0 = worst).
:func:`strength_of` maps a value back to its tuple. ``NO_HAND`` (-1) marks a low that
does not qualify; it is below every real value.

>>> import numpy as np
>>> from rules.cards import parse_card
>>> def codes(*rows): return np.array([[parse_card(c) for c in row.split()] for row in rows])
>>> high, low = omaha_hilo_strengths(codes("As 2c Kh Kd", "Ah Ac 3d 6s"), codes("Ad 7s 4c 8h Qs", "As 8d 5h Kc 2d"))
>>> [strength_of(Ranking.HIGH, v) for v in high]
[(1, 14, 13, 12, 8), (3, 14, 13, 8)]
>>> [strength_of(Ranking.LOW_A5, v) for v in low]
[(0, -8, -7, -4, -2, -1), (0, -6, -5, -3, -2, -1)]
>>> omaha_hilo_strengths(codes("Kh Kc Qd Jd"), codes("Ac 3d 6h Ks Kd"))[1]
array([-1], dtype=int32)
"""

from __future__ import annotations

import importlib
from functools import cache
from itertools import combinations, combinations_with_replacement
from types import ModuleType

import numpy as np

from rules.compiled import pure_python_forced
from rules.evaluate import LOWBALL_ORDER, Category, made_hand
from rules.games import SHORT_DECK_RANKINGS, Ranking

NO_HAND = -1
"""The value of a half a seat cannot win: no qualifying low."""

_IMPOSSIBLE = -2  # table slots no real hand reaches (five of a rank, a paired flush)

_PAIRS = list(combinations_with_replacement(range(13), 2))
_TRIPLES = list(combinations_with_replacement(range(13), 3))
_TRIPLE_COUNT = len(_TRIPLES)  # 455
_HALF = len(_PAIRS) * _TRIPLE_COUNT  # 41,405 slots per flush flag

PAIR_INDEX = np.zeros((13, 13), dtype=np.int32)
"""Index of the rank multiset {r0, r1} (rank indexes 0..12, deuce 0)."""
for _i, (_a, _b) in enumerate(_PAIRS):
    PAIR_INDEX[_a, _b] = PAIR_INDEX[_b, _a] = _i * _TRIPLE_COUNT

TRIPLE_INDEX = np.zeros((13, 13, 13), dtype=np.int32)
"""Index of the rank multiset {r0, r1, r2}."""
for _i, _t in enumerate(_TRIPLES):
    for _a, _b, _c in {(_t[0], _t[1], _t[2]), (_t[0], _t[2], _t[1]), (_t[1], _t[0], _t[2]),
                       (_t[1], _t[2], _t[0]), (_t[2], _t[0], _t[1]), (_t[2], _t[1], _t[0])}:
        TRIPLE_INDEX[_a, _b, _c] = _i


def _representative(ranks: tuple[int, ...], flush: bool) -> list[int] | None:
    """Card codes with these rank indexes, all one suit or not; None if no such hand."""
    if max(ranks.count(r) for r in ranks) > 4:
        return None
    if flush:
        return [4 * r for r in ranks] if len(set(ranks)) == 5 else None
    seen: dict[int, int] = {}
    codes = []
    for r in ranks:
        codes.append(4 * r + seen.get(r, 0))
        seen[r] = seen.get(r, 0) + 1
    if len(set(ranks)) == 5:
        codes[-1] += 1  # five different ranks: break the flush
    return codes


@cache
def _strengths(ranking: Ranking) -> tuple[dict[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], ...]]:
    """Strength of every (sorted rank indexes + flush flag) hand, and all distinct strengths sorted."""
    by_hand: dict[tuple[int, ...], tuple[int, ...]] = {}
    lowest = 4 if ranking in SHORT_DECK_RANKINGS else 0
    for ranks in combinations_with_replacement(range(lowest, 13), 5):
        for flush in (False, True):
            codes = _representative(ranks, flush)
            if codes is not None:
                by_hand[(*ranks, flush)] = made_hand(ranking, codes)
    return by_hand, tuple(sorted(set(by_hand.values())))


def strength_of(ranking: Ranking, value: int) -> tuple[int, ...] | None:
    """The reference strength tuple a batch value stands for (None for ``NO_HAND``)."""
    if value == NO_HAND:
        return None
    return _strengths(ranking)[1][int(value)]


def value_count(ranking: Ranking) -> int:
    """How many distinct five-card values the ranking has (7,462 for standard high)."""
    return len(_strengths(ranking)[1])


@cache
def value_table(ranking: Ranking, qualifier: int | None = None) -> np.ndarray:
    """The lookup table of one ranking: ``pair index + triple index (+ 41,405 if flush)``
    -> value. With a ``qualifier`` (A-5 low only), hands that do not qualify are
    ``NO_HAND``.

    Standard high and A-5 low are built from array arithmetic on the rank multisets (a
    test checks every slot against :func:`reference_value_table`); other rankings
    evaluate one representative hand per multiset with :func:`rules.evaluate.made_hand`.
    """
    if qualifier is not None and ranking is not Ranking.LOW_A5:
        raise ValueError(f"no batch qualifier for {ranking.value}")
    if ranking in (Ranking.HIGH, Ranking.LOW_A5):
        table = _arithmetic_table(ranking, qualifier)
    else:
        table = reference_value_table(ranking, qualifier)
    table.setflags(write=False)
    return table


def reference_value_table(ranking: Ranking, qualifier: int | None = None) -> np.ndarray:
    """:func:`value_table` built slot by slot from :func:`rules.evaluate.made_hand`."""
    by_hand, ordered = _strengths(ranking)
    position = {strength: i for i, strength in enumerate(ordered)}
    table = np.full(2 * _HALF, _IMPOSSIBLE, dtype=np.int32)
    for p, pair in enumerate(_PAIRS):
        for t, triple in enumerate(_TRIPLES):
            ranks = tuple(sorted(pair + triple))
            for flush in (False, True):
                strength = by_hand.get((*ranks, flush))
                if strength is None:
                    continue
                value = position[strength]
                if qualifier is not None:
                    if ranking is not Ranking.LOW_A5:
                        raise ValueError(f"no batch qualifier for {ranking.value}")
                    unpaired = len(set(ranks)) == 5
                    top = max(1 if r == 12 else r + 2 for r in ranks)
                    if not (unpaired and top <= qualifier):
                        value = NO_HAND
                table[p * _TRIPLE_COUNT + t + (_HALF if flush else 0)] = value
    return table


def _arithmetic_table(ranking: Ranking, qualifier: int | None) -> np.ndarray:
    """Standard high or A-5 low for every slot at once.

    Each hand gets an integer key that orders as its ``made_hand`` strength does: the
    category's place (high: ``Category`` order; low: minus its ``LOWBALL_ORDER`` place),
    then the ranks grouped most copies first, then highest (a straight: its top card
    only), as base-15 digits. A slot's value is its key's place among all keys. The keys
    are computed once per distinct multiset of five ranks (6,188 of them), which every
    slot's pair and triple together make.
    """
    multisets, multiset_of_slot = _slot_multisets()
    keys, qualifies = _multiset_keys(multisets, ranking, qualifier)
    valid = keys != np.iinfo(np.int64).min
    distinct = np.unique(keys[valid])
    table = np.full(2 * _HALF, _IMPOSSIBLE, dtype=np.int32)
    for flush in (False, True):
        slots = slice(_HALF if flush else 0, 2 * _HALF if flush else _HALF)
        key, ok = keys[multiset_of_slot, int(flush)], valid[multiset_of_slot, int(flush)]
        value = np.where(ok, np.searchsorted(distinct, key), _IMPOSSIBLE)
        if qualifier is not None:  # an unpaired low whose top card is at most the qualifier
            value = np.where(ok & ~qualifies[multiset_of_slot], NO_HAND, value)
        table[slots] = value
    return table


@cache
def _slot_multisets() -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of five rank indexes (sorted rows), and the one each slot's pair and
    triple make (a row number of the first).

    >>> multisets, of_slot = _slot_multisets()
    >>> len(multisets), len(of_slot), multisets[of_slot[PAIR_INDEX[12, 0] + TRIPLE_INDEX[3, 0, 12]]].tolist()
    (6188, 41405, [0, 0, 3, 12, 12])
    """
    multisets = np.array(list(combinations_with_replacement(range(13), 5)), dtype=np.int64)
    digits = 13 ** np.arange(4, -1, -1)  # a multiset's code: its sorted ranks in base 13
    row_of_code = np.zeros(13 ** 5, dtype=np.int64)
    row_of_code[multisets @ digits] = np.arange(len(multisets))
    pairs = np.array(_PAIRS, dtype=np.int64)
    triples = np.array(_TRIPLES, dtype=np.int64)
    ranks = np.concatenate([np.repeat(pairs, len(triples), axis=0), np.tile(triples, (len(pairs), 1))], axis=1)
    return multisets, row_of_code[np.sort(ranks, axis=1) @ digits]


def _multiset_keys(ranks: np.ndarray, ranking: Ranking, qualifier: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Per multiset of five rank indexes (rows of ``ranks``): its key without and with a
    flush (columns 0 and 1; ``int64`` min where no such hand exists), and whether it is
    a qualifying low."""
    low = ranking is Ranking.LOW_A5
    values = np.where(ranks == 12, 1, ranks + 2) if low else ranks + 2  # the ace plays 1 in A-5 low
    copies = (values[:, :, None] == np.arange(15)[None, None, :]).sum(axis=1)  # per rank value 0..14
    present = copies > 0
    distinct = present.sum(axis=1)
    most = copies.max(axis=1)
    # grouped ranks: most copies first, then highest; up to five base-15 digits
    order_key = np.where(present, copies * 16 + np.arange(15)[None, :], -1)
    grouped = np.argsort(-order_key, axis=1, kind="stable")[:, :5]
    grouped = np.where(np.take_along_axis(present, grouped, axis=1), grouped, 0)
    pattern = np.select(
        [distinct == 5, (distinct == 4), (distinct == 3) & (most == 2), (distinct == 3) & (most == 3),
         (distinct == 2) & (most == 3), (distinct == 2) & (most == 4)],
        [int(Category.HIGH_CARD), int(Category.PAIR), int(Category.TWO_PAIR), int(Category.THREE_OF_A_KIND),
         int(Category.FULL_HOUSE), int(Category.FOUR_OF_A_KIND)], default=-1)
    possible = most <= 4
    digits = 15 ** np.arange(4, -1, -1)
    keys: list[np.ndarray] = []
    for flush in (False, True):
        valid = possible & (distinct == 5 if flush else True)
        if low:
            place = np.array([-LOWBALL_ORDER.index(c) if c in LOWBALL_ORDER else 0 for c in Category])
            category = place[np.maximum(pattern, 0)]
            tiebreak = np.where(grouped > 0, 15 - grouped, 0) @ digits
        else:
            top, bottom = values.max(axis=1), values.min(axis=1)
            wheel = (distinct == 5) & (np.sort(values, axis=1) == np.array([2, 3, 4, 5, 14])).all(axis=1)
            straight = (distinct == 5) & ((top - bottom == 4) | wheel)
            category = pattern.copy()
            category = np.where(straight, int(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), category)
            if flush:
                category = np.where(~straight & (distinct == 5), int(Category.FLUSH), category)
            straight_top = np.where(wheel, 5, top)
            tiebreak = np.where(straight, straight_top * digits[0], grouped @ digits)
        key = category * 15 ** 5 + tiebreak
        keys.append(np.where(valid, key, np.iinfo(np.int64).min))
    qualifies = (distinct == 5) & (values.max(axis=1) <= (qualifier if qualifier is not None else 14))
    return np.stack(keys, axis=1), qualifies


def _as_codes(cards: np.ndarray, width: int | None, what: str) -> np.ndarray:
    array = np.asarray(cards)
    if array.ndim != 2 or (width is not None and array.shape[1] != width):
        raise ValueError(f"{what}: expected shape (n, {width or 'k'}), got {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise ValueError(f"{what}: card codes must be 0..51")
    return array.astype(np.int32, copy=False)


def five_card_values(cards: np.ndarray, ranking: Ranking, qualifier: int | None = None) -> np.ndarray:
    """Values of exactly-five-card hands: ``cards[..., 5]`` -> ``values[...]``.

    >>> from rules.cards import parse_card
    >>> v = five_card_values(np.array([[parse_card(c) for c in "Ah Kh Qh Jh Th".split()]]), Ranking.HIGH)
    >>> strength_of(Ranking.HIGH, v[0]), int(v[0]) == value_count(Ranking.HIGH) - 1
    ((8, 14), True)
    """
    ranks, suits = cards // 4, cards % 4
    index = PAIR_INDEX[ranks[..., 0], ranks[..., 1]] + TRIPLE_INDEX[ranks[..., 2], ranks[..., 3], ranks[..., 4]]
    if ranking is not Ranking.LOW_A5:
        flush = (suits[..., 0] == suits[..., 1]) & (suits[..., 1] == suits[..., 2])
        flush &= (suits[..., 2] == suits[..., 3]) & (suits[..., 3] == suits[..., 4])
        index = index + flush * _HALF
    values: np.ndarray = value_table(ranking, qualifier)[index]
    return values


def best_of_values(cards: np.ndarray, ranking: Ranking, qualifier: int | None = None) -> np.ndarray:
    """Best five of any ``k >= 5`` cards per row (stud, Hold'em with the board appended,
    Razz, Badacey's low): ``cards[n, k]`` -> ``values[n]``."""
    array = _as_codes(cards, None, "cards")
    if array.shape[1] < 5:
        raise ValueError(f"cards: need at least 5 per row, got {array.shape[1]}")
    choose = np.array(list(combinations(range(array.shape[1]), 5)), dtype=np.intp)
    best: np.ndarray = five_card_values(array[:, choose], ranking, qualifier).max(axis=1)
    return best


def stud_hilo_strengths(cards: np.ndarray, qualifier: int | None = 8) -> tuple[np.ndarray, np.ndarray]:
    """Stud Hi/Lo: best high and best qualifying A-5 low, each any 5 of the seat's cards.

    ``cards[n, 5..7]`` -> ``(high[n], low[n])``; low is ``NO_HAND`` without a qualifying
    low. ``qualifier=None`` gives Razz's unqualified low.
    """
    array = _as_codes(cards, None, "cards")
    if array.shape[1] < 5:
        raise ValueError(f"cards: need at least 5 per row, got {array.shape[1]}")
    choose = np.array(list(combinations(range(array.shape[1]), 5)), dtype=np.intp)
    high = np.empty(array.shape[0], dtype=np.int32)
    low = np.empty(array.shape[0], dtype=np.int32)
    for start in range(0, array.shape[0], _CHUNK // 4):
        hands = array[start:start + _CHUNK // 4][:, choose]
        high[start:start + len(hands)] = five_card_values(hands, Ranking.HIGH).max(axis=1)
        low[start:start + len(hands)] = five_card_values(hands, Ranking.LOW_A5, qualifier).max(axis=1)
    return high, low


_BOARD_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.intp)
_CHUNK = 32768  # rows per pass: keeps the (rows, pairs, 10) temporaries in cache-sized blocks


def _omaha_parts(hole: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    pairs = np.array(list(combinations(range(hole.shape[1]), 2)), dtype=np.intp)
    h0, h1 = hole[:, pairs[:, 0]], hole[:, pairs[:, 1]]
    pair_index = PAIR_INDEX[h0 >> 2, h1 >> 2]
    pair_suit = np.where((h0 & 3) == (h1 & 3), h0 & 3, 4)  # 4: unsuited, matches no triple
    b0, b1, b2 = (board[:, _BOARD_TRIPLES[:, i]] for i in range(3))
    triple_index = TRIPLE_INDEX[b0 >> 2, b1 >> 2, b2 >> 2]
    mono = ((b0 & 3) == (b1 & 3)) & ((b1 & 3) == (b2 & 3))
    triple_suit = np.where(mono, b0 & 3, 5)  # 5: not one suit, matches no pair
    return pair_index, pair_suit, triple_index, triple_suit


@cache
def _compiled_loop() -> ModuleType | None:
    """The compiled Omaha Hi/Lo loop (``rules._omaha_c``), if it was built at install."""
    try:
        return importlib.import_module("rules._omaha_c")
    except ImportError:
        return None


def omaha_loop_path() -> str:
    """Which Omaha Hi/Lo evaluator runs: ``compiled`` or ``numpy``."""
    return "compiled" if not pure_python_forced() and _compiled_loop() is not None else "numpy"


def omaha_hilo_strengths(hole: np.ndarray, board: np.ndarray,
                         qualifier: int | None = 8) -> tuple[np.ndarray, np.ndarray]:
    """Omaha Hi/Lo (4, 5 or 6 hole cards): best high and best qualifying A-5 low, each
    exactly 2 hole + 3 board cards, chosen independently.

    ``hole[n, 4|5|6]``, ``board[n, 5]`` of card codes -> ``(high[n], low[n])`` int32,
    ordered as the reference strengths of ``Ranking.HIGH`` and ``Ranking.LOW_A5``
    (:func:`strength_of`); ``low`` is ``NO_HAND`` when no 8-or-better low can be made.
    Cards are not checked for duplicates: the settlement validates deals first.
    """
    hole = _as_codes(hole, None, "hole")
    board = _as_codes(board, 5, "board")
    if hole.shape[0] != board.shape[0] or hole.shape[1] < 2:
        raise ValueError(f"hole {hole.shape} and board {board.shape} do not pair up")
    high_table = value_table(Ranking.HIGH)
    low_table = value_table(Ranking.LOW_A5, qualifier)
    n = hole.shape[0]
    high = np.empty(n, dtype=np.int32)
    low = np.empty(n, dtype=np.int32)
    compiled = _compiled_loop() if hole.shape[1] <= 6 and not pure_python_forced() else None
    if compiled is not None:
        compiled.omaha_hilo_into(np.ascontiguousarray(hole), np.ascontiguousarray(board), PAIR_INDEX, TRIPLE_INDEX,
                                 high_table, low_table, _HALF, high, low)
        return high, low
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        pair_index, pair_suit, triple_index, triple_suit = _omaha_parts(hole[start:stop], board[start:stop])
        index = pair_index[:, :, None] + triple_index[:, None, :]
        low[start:stop] = low_table[index].max(axis=(1, 2))
        index += (pair_suit[:, :, None] == triple_suit[:, None, :]) * np.int32(_HALF)
        high[start:stop] = high_table[index].max(axis=(1, 2))
    return high, low


def omaha_strengths(hole: np.ndarray, board: np.ndarray, ranking: Ranking = Ranking.HIGH) -> np.ndarray:
    """Best exactly-2-hole + 3-board hand per row under one ranking (Omaha high, the
    Omaha half of Drawmaha): ``hole[n, k]``, ``board[n, 5]`` -> ``values[n]``."""
    hole = _as_codes(hole, None, "hole")
    board = _as_codes(board, 5, "board")
    table = value_table(ranking)
    pair_index, pair_suit, triple_index, triple_suit = _omaha_parts(hole, board)
    index = pair_index[:, :, None] + triple_index[:, None, :]
    index += (pair_suit[:, :, None] == triple_suit[:, None, :]) * np.int32(_HALF)
    best: np.ndarray = table[index].max(axis=(1, 2))
    return best
