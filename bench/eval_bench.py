"""Time the batch Omaha Hi/Lo evaluator against the reference one on the same deals.

Run ``python -m bench.eval_bench [hands]``. Deals are random 4-card Omaha Hi/Lo seats
(and, from the same deals, 7-card Stud Hi/Lo hands for a quarter as many seats)
from a fixed seed; both evaluators see the same deals, the reference on a prefix (it is
~10^4 times slower), and their answers are compared on that prefix; the compiled loop and
its numpy twin are compared on every deal. Prints
player-hands per second for each (one core: numpy runs single-threaded here) and the
ratio. One "player-hand" is one seat's best high and best qualifying low.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

from rules.batch import NO_HAND, omaha_hilo_strengths, omaha_loop_path, strength_of, stud_hilo_strengths, value_table
from rules.cards import card_str
from rules.compiled import PURE_PYTHON_ENV
from rules.evaluate import best_hand
from rules.games import Ranking, game_spec

SEED = 20240601


def random_deals(hands: int, hole_cards: int = 4, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """``hands`` independent (hole, board) deals without repeated cards, as card codes."""
    rng = np.random.default_rng(seed)
    deck = np.argsort(rng.random((hands, 52)), axis=1).astype(np.int32)
    return deck[:, :hole_cards], deck[:, hole_cards:hole_cards + 5]


def main(argv: list[str]) -> int:
    hands = int(argv[0]) if argv else 1_000_000
    reference_hands = min(hands, 2_000)
    hole, board = random_deals(hands)
    value_table(Ranking.HIGH), value_table(Ranking.LOW_A5, 8)  # build tables outside the timing

    started = time.perf_counter()
    high, low = omaha_hilo_strengths(hole, board)
    batch_seconds = time.perf_counter() - started
    path = omaha_loop_path()
    os.environ[PURE_PYTHON_ENV] = "1"  # the numpy twin on the same deals, in the same run
    started = time.perf_counter()
    numpy_high, numpy_low = omaha_hilo_strengths(hole, board)
    numpy_seconds = time.perf_counter() - started
    del os.environ[PURE_PYTHON_ENV]
    mismatches = int((numpy_high != high).sum() + (numpy_low != low).sum())

    high_half, low_half = game_spec("omaha_hilo").halves
    started = time.perf_counter()
    reference = []
    for row in range(reference_hands):
        hole_text = [card_str(int(c)) for c in hole[row]]
        board_text = [card_str(int(c)) for c in board[row]]
        reference.append((best_hand(high_half, hole_text, board_text), best_hand(low_half, hole_text, board_text)))
    reference_seconds = time.perf_counter() - started

    for row, (ref_high, ref_low) in enumerate(reference):
        batch_low = None if low[row] == NO_HAND else strength_of(Ranking.LOW_A5, low[row])
        if strength_of(Ranking.HIGH, high[row]) != ref_high.strength or batch_low != (ref_low and ref_low.strength):
            mismatches += 1

    stud_hands = hands // 4
    stud_cards = np.concatenate([hole, board[:, :3]], axis=1)[:stud_hands]
    started = time.perf_counter()
    stud_high, stud_low = stud_hilo_strengths(stud_cards)
    stud_seconds = time.perf_counter() - started
    stud_high_half, stud_low_half = game_spec("stud_hilo").halves
    stud_reference = min(stud_hands, 2_000)
    started = time.perf_counter()
    stud_answers = []
    for row in range(stud_reference):
        text = [card_str(int(c)) for c in stud_cards[row]]
        stud_answers.append((best_hand(stud_high_half, text), best_hand(stud_low_half, text)))
    stud_reference_seconds = time.perf_counter() - started
    for row, (ref_high, ref_low) in enumerate(stud_answers):
        batch_low = None if stud_low[row] == NO_HAND else strength_of(Ranking.LOW_A5, stud_low[row])
        expected_low = ref_low and ref_low.strength
        if strength_of(Ranking.HIGH, stud_high[row]) != ref_high.strength or batch_low != expected_low:
            mismatches += 1

    batch_rate = hands / batch_seconds
    reference_rate = reference_hands / reference_seconds
    print(f"Omaha-4 Hi/Lo, seed {SEED}: best high + best 8-or-better low per player-hand")
    print(f"batch     {hands:>9,} player-hands in {batch_seconds:7.3f} s = {batch_rate:>12,.0f} /s ({path} loop)")
    numpy_rate = hands / numpy_seconds
    print(f"numpy     {hands:>9,} player-hands in {numpy_seconds:7.3f} s = {numpy_rate:>12,.0f} /s "
          f"(ratio batch/numpy: {batch_rate / numpy_rate:.2f}x)")
    print(f"reference {reference_hands:>9,} player-hands in {reference_seconds:7.3f} s = {reference_rate:>12,.0f} /s")
    print(f"ratio batch/reference: {batch_rate / reference_rate:,.0f}x")
    stud_rate, stud_reference_rate = stud_hands / stud_seconds, stud_reference / stud_reference_seconds
    print("7-card Stud Hi/Lo (same seed): best high + best 8-or-better low, any 5 of 7")
    print(f"batch     {stud_hands:>9,} player-hands in {stud_seconds:7.3f} s = {stud_rate:>12,.0f} /s")
    print(f"reference {stud_reference:>9,} player-hands in {stud_reference_seconds:7.3f} s "
          f"= {stud_reference_rate:>12,.0f} /s")
    print(f"ratio batch/reference: {stud_rate / stud_reference_rate:,.0f}x")
    print(f"disagreements on the {reference_hands + stud_reference:,} hands both evaluated: {mismatches}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
