"""The compiled Omaha Hi/Lo loop gives the numpy path's values, seat for seat."""

from __future__ import annotations

import numpy as np
import pytest

from bench.eval_bench import random_deals
from rules import batch
from rules.compiled import PURE_PYTHON_ENV


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_compiled_loop_equals_numpy_on_random_deals(hole_cards, monkeypatch):
    if batch._compiled_loop() is None:
        pytest.skip("rules._omaha_c was not built (no C compiler at install): only the numpy path exists here")
    hole, board = random_deals(20_000, hole_cards, seed=hole_cards)
    assert batch.omaha_loop_path() == "compiled"
    compiled = batch.omaha_hilo_strengths(hole, board)
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    assert batch.omaha_loop_path() == "numpy"
    numpy_path = batch.omaha_hilo_strengths(hole, board)
    assert np.array_equal(compiled[0], numpy_path[0]) and np.array_equal(compiled[1], numpy_path[1])
    # both halves really vary: some seats have no qualifying low, many different highs
    assert (compiled[1] == batch.NO_HAND).sum() > 1000 and len(np.unique(compiled[0])) > 1000


def test_no_low_qualifier_and_hole_wider_than_six_use_numpy():
    hole, board = random_deals(500, 7, seed=7)
    high, low = batch.omaha_hilo_strengths(hole, board, qualifier=None)
    assert high.shape == low.shape == (500,) and (low >= 0).all()
