"""Exhaustive checks of the five-card rankings through the batch path, and the batch
evaluator cross-checked against the reference one on seeded random deals."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain, combinations

import numpy as np
import pytest

from rules.batch import (
    NO_HAND,
    best_of_values,
    five_card_values,
    omaha_hilo_strengths,
    omaha_strengths,
    stud_hilo_strengths,
    strength_of,
    value_count,
)
from rules.cards import card_str
from rules.evaluate import SHORT_DECK_ORDER, SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER, Category, best_hand, made_hand
from rules.games import Ranking, game_spec


def _all_hands(deck: range) -> np.ndarray:
    size = len(list(combinations(range(len(deck)), 5))) if len(deck) < 52 else 2_598_960
    flat = np.fromiter(chain.from_iterable(combinations(deck, 5)), dtype=np.int32, count=5 * size)
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def every_hand() -> np.ndarray:
    return _all_hands(range(52))


def _categories(ranking: Ranking, values: np.ndarray, order: tuple[Category, ...]) -> dict[Category, tuple[int, int]]:
    """Per category: (hands, distinct values), read from each value's reference strength."""
    category_of_value = np.array([strength_of(ranking, v)[0] for v in range(value_count(ranking))])
    hands = np.bincount(category_of_value[values], minlength=len(order))
    distinct = np.bincount(category_of_value, minlength=len(order))
    return {order[i]: (int(hands[i]), int(distinct[i])) for i in range(len(order))}


def test_every_five_card_hand_high(every_hand: np.ndarray) -> None:
    values = five_card_values(every_hand, Ranking.HIGH)
    assert len(values) == 2_598_960
    assert values.min() >= 0
    assert len(np.unique(values)) == 7_462
    assert _categories(Ranking.HIGH, values, tuple(Category)) == {
        Category.STRAIGHT_FLUSH: (40, 10),
        Category.FOUR_OF_A_KIND: (624, 156),
        Category.FULL_HOUSE: (3_744, 156),
        Category.FLUSH: (5_108, 1_277),
        Category.STRAIGHT: (10_200, 10),
        Category.THREE_OF_A_KIND: (54_912, 858),
        Category.TWO_PAIR: (123_552, 858),
        Category.PAIR: (1_098_240, 2_860),
        Category.HIGH_CARD: (1_302_540, 1_277),
    }


def test_every_short_deck_hand() -> None:
    hands = _all_hands(range(16, 52))  # six to ace
    assert len(hands) == 376_992
    values = five_card_values(hands, Ranking.HIGH_SHORT_DECK)
    assert _categories(Ranking.HIGH_SHORT_DECK, values, SHORT_DECK_ORDER) == {
        Category.STRAIGHT_FLUSH: (24, 6),
        Category.FOUR_OF_A_KIND: (288, 72),
        Category.FLUSH: (480, 120),
        Category.FULL_HOUSE: (1_728, 72),
        Category.THREE_OF_A_KIND: (16_128, 252),
        Category.STRAIGHT: (6_120, 6),
        Category.TWO_PAIR: (36_288, 252),
        Category.PAIR: (193_536, 504),
        Category.HIGH_CARD: (122_400, 120),
    }


def test_every_ggpoker_short_deck_hand() -> None:
    hands = _all_hands(range(16, 52))  # six to ace
    ranking = Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS
    values = five_card_values(hands, ranking)
    assert _categories(ranking, values, SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER) == {
        Category.STRAIGHT_FLUSH: (24, 6),
        Category.FOUR_OF_A_KIND: (288, 72),
        Category.FLUSH: (480, 120),
        Category.FULL_HOUSE: (1_728, 72),
        Category.STRAIGHT: (6_120, 6),
        Category.THREE_OF_A_KIND: (16_128, 252),
        Category.TWO_PAIR: (36_288, 252),
        Category.PAIR: (193_536, 504),
        Category.HIGH_CARD: (122_400, 120),
    }


def test_every_eight_or_better_low(every_hand: np.ndarray) -> None:
    values = five_card_values(every_hand, Ranking.LOW_A5, qualifier=8)
    qualifying = values[values != NO_HAND]
    assert len(qualifying) == 56 * 4**5  # suits never matter to a low
    distinct = sorted(set(qualifying.tolist()), reverse=True)
    assert len(distinct) == 56
    # Independently: five different ranks A(1)..8, compared from the highest card down.
    expected = sorted(combinations(range(1, 9), 5), key=lambda ranks: sorted(ranks, reverse=True))
    assert [tuple(-r for r in strength_of(Ranking.LOW_A5, v)[1:]) for v in distinct] == [
        tuple(sorted(ranks, reverse=True)) for ranks in expected
    ]
    assert strength_of(Ranking.LOW_A5, distinct[0]) == (0, -5, -4, -3, -2, -1)
    assert strength_of(Ranking.LOW_A5, distinct[-1]) == (0, -8, -7, -6, -5, -4)


def _independent_27_key(codes: tuple[int, ...]) -> tuple[int, ...]:
    """Deuce-to-seven, formulated differently: a badness score, smaller is better.

    Every hand is scored as a pair pattern class (0 unpaired, then one pair, two pair,
    trips, then straights and flushes slot in by their standard rank), followed by the
    ranks with the most-repeated first, ace fixed at 14.
    """
    ranks = [c // 4 + 2 for c in codes]
    suits = {c % 4 for c in codes}
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda r: (-counts[r], -r))
    shape = "".join(str(n) for n in sorted(counts.values(), reverse=True))
    distinct = sorted(counts)
    straight = len(distinct) == 5 and distinct[4] - distinct[0] == 4
    flush = len(suits) == 1
    if straight and flush:
        badness = 8
    elif shape == "41":
        badness = 7
    elif shape == "32":
        badness = 6
    elif flush:
        badness = 5
    elif straight:
        badness = 4
    else:
        badness = {"311": 3, "221": 2, "2111": 1, "11111": 0}[shape]
    return (badness, *ordered)


def test_every_27_low_ordering_matches_an_independent_formulation(every_hand: np.ndarray) -> None:
    values = five_card_values(every_hand, Ranking.LOW_27)
    assert len(np.unique(values)) == 7_462
    # One hand per distinct value, plus a check that every hand sharing the value agrees.
    distinct, first_rows = np.unique(values, return_index=True)
    first_of_value = {int(v): tuple(int(c) for c in every_hand[row]) for v, row in zip(distinct, first_rows)}
    sample = random.Random(27).sample(range(len(every_hand)), 60_000)
    for row in sample:
        assert _independent_27_key(tuple(int(c) for c in every_hand[row])) == _independent_27_key(first_of_value[int(values[row])])
    by_value = [first_of_value[v] for v in sorted(first_of_value)]  # worst to best
    keys = [_independent_27_key(hand) for hand in by_value]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)
    assert strength_of(Ranking.LOW_27, max(first_of_value)) == (0, -7, -5, -4, -3, -2)


def _deal(rng: random.Random, count: int, deck: range = range(52)) -> list[int]:
    return rng.sample(list(deck), count)


@pytest.mark.parametrize("ranking", [Ranking.HIGH, Ranking.HIGH_SHORT_DECK, Ranking.LOW_A5, Ranking.LOW_27])
def test_five_card_values_agree_with_the_reference(ranking: Ranking) -> None:
    rng = random.Random(5)
    deck = range(16, 52) if ranking is Ranking.HIGH_SHORT_DECK else range(52)
    hands = [_deal(rng, 5, deck) for _ in range(3_000)]
    values = five_card_values(np.array(hands), ranking)
    for hand, value in zip(hands, values):
        assert strength_of(ranking, value) == made_hand(ranking, hand)


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_omaha_hilo_agrees_with_the_reference(hole_cards: int) -> None:
    rng = random.Random(hole_cards)
    deals = [_deal(rng, hole_cards + 5) for _ in range(300)]
    # Rig a third of the deals with low boards so that lows and ties are common.
    for deal in deals[::3]:
        board_lows = [c for c in rng.sample(range(32), 12) if c not in deal[:hole_cards]]
        deal[hole_cards:] = board_lows[:5]
    hole = np.array([d[:hole_cards] for d in deals])
    board = np.array([d[hole_cards:] for d in deals])
    high, low = omaha_hilo_strengths(hole, board)
    assert (omaha_strengths(hole, board) == high).all()
    high_half, low_half = game_spec("omaha_hilo").halves
    lows_seen = 0
    for row, deal in enumerate(deals):
        hole_text = [card_str(c) for c in deal[:hole_cards]]
        board_text = [card_str(c) for c in deal[hole_cards:]]
        assert strength_of(Ranking.HIGH, high[row]) == best_hand(high_half, hole_text, board_text).strength
        reference_low = best_hand(low_half, hole_text, board_text)
        assert strength_of(Ranking.LOW_A5, low[row]) == (reference_low and reference_low.strength)
        lows_seen += reference_low is not None
    assert lows_seen > 50


def test_stud_hilo_and_razz_agree_with_the_reference() -> None:
    rng = random.Random(7)
    deals = [_deal(rng, 7, range(40) if i % 2 else range(52)) for i in range(600)]
    high, low = stud_hilo_strengths(np.array(deals))
    _, razz = stud_hilo_strengths(np.array(deals), qualifier=None)
    assert (best_of_values(np.array(deals), Ranking.HIGH) == high).all()
    stud_high, stud_low = game_spec("stud_hilo").halves
    (razz_half,) = game_spec("razz").halves
    for row, deal in enumerate(deals):
        text = [card_str(c) for c in deal]
        assert strength_of(Ranking.HIGH, high[row]) == best_hand(stud_high, text).strength
        reference_low = best_hand(stud_low, text)
        assert strength_of(Ranking.LOW_A5, low[row]) == (reference_low and reference_low.strength)
        assert strength_of(Ranking.LOW_A5, razz[row]) == best_hand(razz_half, text).strength


def test_values_order_exactly_as_strengths() -> None:
    for ranking in (Ranking.HIGH, Ranking.HIGH_SHORT_DECK, Ranking.LOW_A5, Ranking.LOW_27):
        strengths = [strength_of(ranking, v) for v in range(value_count(ranking))]
        assert strengths == sorted(strengths)
        assert len(set(strengths)) == len(strengths)
    assert strength_of(Ranking.HIGH, NO_HAND) is None


def test_bad_arrays_are_refused() -> None:
    with pytest.raises(ValueError, match=r"board: expected shape \(n, 5\), got \(1, 4\)"):
        omaha_hilo_strengths(np.array([[0, 1, 2, 3]]), np.array([[4, 5, 6, 7]]))
    with pytest.raises(ValueError, match="hole: card codes must be 0..51"):
        omaha_hilo_strengths(np.array([[0, 1, 2, 52]]), np.array([[4, 5, 6, 7, 8]]))
    with pytest.raises(ValueError, match="cards: need at least 5 per row, got 4"):
        best_of_values(np.array([[0, 1, 2, 3]]), Ranking.HIGH)
