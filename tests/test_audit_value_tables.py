"""The batch lookup tables built by array arithmetic equal, slot for slot, the tables
built from the reference evaluator (rules.evaluate.made_hand)."""

from __future__ import annotations

import numpy as np
import pytest

from rules.batch import NO_HAND, reference_value_table, strength_of, value_table
from rules.games import Ranking


@pytest.mark.parametrize(("ranking", "qualifier"), [(Ranking.HIGH, None), (Ranking.LOW_A5, 8),
                                                    (Ranking.LOW_A5, None), (Ranking.LOW_A5, 7)])
def test_arithmetic_tables_equal_the_reference_tables(ranking: Ranking, qualifier: int | None) -> None:
    fast = value_table(ranking, qualifier)
    reference = reference_value_table(ranking, qualifier)
    assert fast.dtype == reference.dtype and fast.shape == reference.shape == (82_810,)
    assert np.array_equal(fast, reference)


def test_the_tables_hold_every_value_and_refuse_writes() -> None:
    high = value_table(Ranking.HIGH)
    assert set(np.unique(high[high >= 0]).tolist()) == set(range(7462))
    assert strength_of(Ranking.HIGH, int(high.max())) == (8, 14)  # the royal flush
    low = value_table(Ranking.LOW_A5, 8)
    assert (low == NO_HAND).any() and strength_of(Ranking.LOW_A5, int(low.max())) == (0, -5, -4, -3, -2, -1)
    with pytest.raises(ValueError):
        high[0] = 1
    with pytest.raises(ValueError, match="no batch qualifier for high"):
        value_table(Ranking.HIGH, 8)
