"""Pots from contributions, rake allocation and whole-unit division (rules.pots)."""

from __future__ import annotations

import pytest

from rules.pots import Pot, PotError, allocate_rake, build_pots, divide


def test_single_pot_with_folded_money():
    breakdown = build_pots({1: 600, 4: 600, 6: 25}, live=[1, 4])
    assert [(p.index, p.amount, p.contenders, p.contributors) for p in breakdown.pots] == [
        (0, 1225, (1, 4), (1, 4, 6))
    ]
    assert breakdown.uncalled == ()


def test_three_levels_from_two_all_ins():
    # 60920749213: all-ins at 0.29 and 0.44, two seats to 0.80; folded 0.20 and 0.01
    contributions = {2: 44, 3: 80, 5: 80, 6: 0, 7: 20, 8: 1, 9: 29}
    breakdown = build_pots(contributions, live=[2, 3, 5, 9])
    assert [(p.amount, p.level, p.contenders) for p in breakdown.pots] == [
        (137, 29, (2, 3, 5, 9)),
        (45, 44, (2, 3, 5)),
        (72, 80, (3, 5)),
    ]
    assert breakdown.total == 254


def test_unmatched_bet_comes_back():
    breakdown = build_pots({3: 8175, 4: 10750}, live=[3, 4])
    assert breakdown.uncalled == ((4, 2575),)
    assert breakdown.uncalled_to(4) == 2575 and breakdown.uncalled_to(3) == 0
    assert [p.amount for p in breakdown.pots] == [16350]


def test_bet_then_everyone_folds_returns_the_raise_and_leaves_a_single_contender_pot():
    breakdown = build_pots({1: 100, 2: 300}, live=[2])
    assert breakdown.uncalled == ((2, 200),)
    assert [(p.amount, p.contenders) for p in breakdown.pots] == [(200, (2,))]


def test_folded_seat_above_every_live_seat_feeds_the_last_pot():
    breakdown = build_pots({1: 50, 2: 150, 3: 150}, live=[1])
    assert [(p.amount, p.contenders) for p in breakdown.pots] == [(350, (1,))]


def test_lone_contributor_gets_everything_back():
    breakdown = build_pots({1: 40, 2: 0}, live=[1, 2])
    assert breakdown.uncalled == ((1, 40),)
    assert breakdown.pots == ()


@pytest.mark.parametrize(
    ("contributions", "live", "message"),
    [
        ({1: -1, 2: 5}, [1, 2], "seat 1: contribution must be a non-negative integer, not -1"),
        ({1: 5, 2: 5}, [], "no seat is still in the hand (every seat folded)"),
    ],
)
def test_bad_contributions(contributions, live, message):
    with pytest.raises(PotError) as caught:
        build_pots(contributions, live)
    assert str(caught.value) == message


POTS = [Pot(0, 137, 29, (2, 3), ()), Pot(1, 45, 44, (2, 3), ()), Pot(2, 72, 80, (2, 3), ())]


@pytest.mark.parametrize(
    ("allocation", "expected"),
    [
        ("use_printed_net", (6, 3, 3)),
        ("main_first_cumulative", (6, 3, 3)),
        ("main_only", (12, 0, 0)),
        ("pro_rata", (7, 2, 3)),
        ("largest_pot", (12, 0, 0)),
    ],
)
def test_rake_allocations(allocation, expected):
    assert allocate_rake(POTS, 12, allocation) == expected


def test_largest_pot_takes_the_rake_when_a_side_pot_is_largest():
    pots = [Pot(0, 30, 10, (1, 2, 3), ()), Pot(1, 170, 95, (2, 3), ())]
    assert allocate_rake(pots, 17, "largest_pot") == (0, 17)


def test_per_pot_cap_like_pokerkit():
    # rules.md §1.9: main 300 + side 200, 5% capped at 3 -> 6 raked in total
    pots = [Pot(0, 300, 100, (1, 2, 3), ()), Pot(1, 200, 200, (2, 3), ())]
    assert allocate_rake(pots, 6, "per_pot_cap", rake_rate_bp=500, rake_cap=3) == (3, 3)
    with pytest.raises(PotError) as caught:
        allocate_rake(pots, 5, "per_pot_cap", rake_rate_bp=500, rake_cap=3)
    assert str(caught.value) == "rake 5 does not match per_pot_cap at 500 bp capped at 3 (computes 6)"


def test_printed_rake_list_is_used_as_given_and_checked():
    assert allocate_rake(POTS, [0, 45, 0], "main_only") == (0, 45, 0)
    with pytest.raises(PotError) as caught:
        allocate_rake(POTS, [1, 2], "main_only")
    assert str(caught.value) == "rake lists 2 amounts but the hand has 3 pots"
    with pytest.raises(PotError) as caught:
        allocate_rake(POTS, [0, 46, 0], "main_only")
    assert str(caught.value) == "rake 46 is above pot 1 (45)"


def test_zero_rake_charges_nothing_under_any_allocation():
    assert allocate_rake(POTS, 0, "per_pot_cap") == (0, 0, 0)


@pytest.mark.parametrize(
    ("amount", "count", "unit", "order", "all_first", "shares", "odd"),
    [
        (190, 4, 5, [0, 1, 2, 3], False, (50, 50, 45, 45), ((0, 5), (1, 5))),
        (14, 3, 1, [1, 2, 0], False, (4, 5, 5), ((1, 1), (2, 1))),
        (14, 3, 1, [1, 2, 0], True, (4, 6, 4), ((1, 2),)),
        (12, 3, 1, [0, 1, 2], False, (4, 4, 4), ()),
        (66, 2, 1, [0, 1], False, (33, 33), ()),
        (33, 2, 1, [1, 0], False, (16, 17), ((1, 1),)),
        (12, 2, 5, [0, 1], False, (7, 5), ((0, 2),)),
        (16, 3, 5, [2, 0, 1], False, (5, 5, 6), ((2, 1),)),
    ],
)
def test_divide(amount, count, unit, order, all_first, shares, odd):
    division = divide(amount, count, unit, order, all_to_first=all_first)
    assert division.shares == shares
    assert division.odd == odd
    assert sum(division.shares) == amount


def test_dead_money_only_goes_to_the_seats_still_in():
    breakdown = build_pots({1: 0, 3: 37, 6: 4}, live=[1])
    assert breakdown.uncalled == ((3, 33),)
    assert [(p.amount, p.contenders) for p in breakdown.pots] == [(8, (1,))]
