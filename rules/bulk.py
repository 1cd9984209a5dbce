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
from typing import Hashable, Iterable, Sequence

import numpy as np

from rules.batch import NO_HAND, best_of_values, omaha_strengths, omaha_hilo_strengths
from rules.cards import parse_card
from rules.games import HalfSpec, Ranking, game_spec

_BATCHED = (Ranking.HIGH, Ranking.LOW_A5)

Request = tuple[Hashable, str, Sequence[str], Sequence[str]]


def _kind(half: HalfSpec, hole: int, board: int) -> str | None:
    if half.ranking not in _BATCHED or half.hand_size != 5:
        return None
    if half.hole_used == 2 and half.board_used == 3 and board == 5 and hole >= 2:
        return "omaha"
    if half.hole_used is None and half.board_used is None and hole + board >= 5:
        return "any_five"
    return None


def bulk_strengths(requests: Iterable[Request]) -> dict[tuple[Hashable, int], int | None]:
    """``(key, half index) -> strength`` for every request ``(key, game, hole, board)``.

    A strength is an ``int`` that orders exactly as the reference ``HandValue.strength``
    within its half, or ``None`` where the seat has no qualifying hand for that half.
    Halves without a batch kernel are absent from the result.
    """
    groups: dict[tuple, list[tuple[Hashable, tuple[int, ...], tuple[int, ...]]]] = defaultdict(list)
    for key, game, hole, board in requests:
        spec = game_spec(game)
        codes_hole = tuple(parse_card(c) for c in hole)
        codes_board = tuple(parse_card(c) for c in board)
        for index, half in enumerate(spec.halves):
            kind = _kind(half, len(hole), len(board))
            if kind is None:
                continue
            group = (kind, half.ranking, half.qualifier, len(hole), len(board), index)
            groups[group].append((key, codes_hole, codes_board))
    out: dict[tuple[Hashable, int], int | None] = {}
    for (kind, ranking, qualifier, _, _, index), rows in groups.items():
        keys = [r[0] for r in rows]
        hole = np.array([r[1] for r in rows], dtype=np.int32)
        board = np.array([r[2] for r in rows], dtype=np.int32)
        if kind == "omaha":
            if ranking is Ranking.LOW_A5:
                values = omaha_hilo_strengths(hole, board, qualifier)[1]
            else:
                values = omaha_strengths(hole, board, ranking)
        else:
            cards = np.concatenate([hole, board], axis=1) if board.shape[1] else hole
            values = best_of_values(cards, ranking, qualifier)
        for key, value in zip(keys, values.tolist()):
            out[(key, index)] = None if value == NO_HAND else value
    return out
