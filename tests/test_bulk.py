"""Settling with bulk strengths (rules.bulk) gives exactly what per-hand evaluation gives."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.bulk import bulk_strengths
from rules.odd_chip import get_policy
from rules.settle import settle
from tests.settle_random import random_showdown


@pytest.mark.parametrize("policy", ["pokerstars", "pkr", "robert", "tda"])
def test_bulk_strengths_settle_exactly_like_the_reference(policy: str) -> None:
    rng = random.Random(f"bulk-{policy}")
    pol = get_policy(policy)
    checked = 0
    for _ in range(300):
        showdown = random_showdown(rng, pol)
        requests = [((seat.seat, run), showdown.game, seat.cards, board)
                    for seat in showdown.seats if seat.cards and not seat.folded
                    for run, board in enumerate(showdown.boards)]
        strengths = {(seat, run, half): v for ((seat, run), half), v in bulk_strengths(requests).items()}
        fast = settle(dataclasses.replace(showdown, strengths=strengths))
        slow = settle(showdown)
        assert fast.payouts == slow.payouts
        assert [p.odd_chips for p in fast.pots] == [p.odd_chips for p in slow.pots]
        checked += bool(strengths)
    assert checked > 150
