"""An independent settlement, built differently, checked against settle().

Structure deliberately unlike rules.settle: pots are peeled layer by layer from the
smallest remaining live stack, and every pot is dealt out chip by chip (one unit at a
time) - to runs in turn, then alternately to the halves starting with the half that
takes the odd chip, then round the tied winners in their odd-chip order (under
split_half_remainder=to_high_half a low half deals whole rounds only and hands the rest
to the high half before it deals). Only hand strengths come from the shared evaluator. Amounts are multiples of the unit here, so
there is never a residue below one unit.
"""

from __future__ import annotations

import random

import pytest

from rules.cards import rank_of, suit_rank
from rules.evaluate import best_hand
from rules.games import Ranking, game_spec
from rules.odd_chip import get_policy
from rules.settle import Showdown, settle
from tests.settle_random import random_showdown


def _layers(showdown: Showdown) -> tuple[list[tuple[int, list[int]]], dict[int, int]]:
    """(amount, contenders) per pot, and uncalled returns."""
    remaining = {s.seat: s.contributed for s in showdown.seats}
    live = {s.seat for s in showdown.seats if not s.folded}
    returned: dict[int, int] = {}
    by_size = sorted(remaining.items(), key=lambda kv: -kv[1])
    if len(by_size) == 1 or by_size[0][1] > by_size[1][1]:
        excess = by_size[0][1] - (by_size[1][1] if len(by_size) > 1 else 0)
        if excess:
            returned[by_size[0][0]] = excess
            remaining[by_size[0][0]] -= excess
    layers: list[tuple[int, list[int]]] = []
    while any(remaining[s] > 0 for s in live):
        step = min(remaining[s] for s in live if remaining[s] > 0)
        contenders = sorted(s for s in live if remaining[s] > 0)
        amount = 0
        for seat in remaining:
            take = min(step, remaining[seat])
            remaining[seat] -= take
            amount += take
        if layers and layers[-1][1] == contenders:
            layers[-1] = (layers[-1][0] + amount, contenders)
        else:
            layers.append((amount, contenders))
    dead = sum(remaining.values())
    if dead:
        if layers:
            layers[-1] = (layers[-1][0] + dead, layers[-1][1])
        else:
            layers.append((dead, sorted(live)))
    return layers, returned


def _clockwise(showdown: Showdown, seats: list[int]) -> list[int]:
    top = max([s.seat for s in showdown.seats] + [showdown.button])
    walk = [(showdown.button + k - 1) % top + 1 for k in range(1, top + 1)]
    return [s for s in walk if s in seats]


def _value(card: str, ranking: Ranking) -> tuple[int, int]:
    rank = rank_of(card)
    if rank == 14 and ranking in (Ranking.LOW_A5, Ranking.BADUGI_ACE_LOW):
        rank = 1
    return rank, suit_rank(card)


def _odd_chip_order(showdown: Showdown, winners: list[int], spec, half, hands) -> list[int]:
    policy = showdown.policy
    if spec.stud:
        assert policy.tie_order_stud == "high_card_by_suit" and policy.stud_card_scope == "best_five"
        return sorted(winners, key=lambda s: sorted((_value(c, half.ranking) for c in hands[s].cards), reverse=True), reverse=True)
    if policy.tie_order_button == "lowest_seat":
        return sorted(winners)
    assert policy.tie_order_button == "left_of_button"
    return _clockwise(showdown, winners)


def _deal(units: int, hands_out: list[int]) -> list[int]:
    """Deal ``units`` one at a time round ``len(hands_out)`` places: counts per place."""
    counts = [0] * len(hands_out)
    for chip in range(units):
        counts[chip % len(hands_out)] += 1
    return counts


def independent_payouts(showdown: Showdown) -> dict[int, int]:
    spec = game_spec(showdown.game)
    policy = showdown.policy
    unit = showdown.unit
    seats = {s.seat: s for s in showdown.seats}
    payouts = {s: 0 for s in seats}
    layers, returned = _layers(showdown)
    for seat, amount in returned.items():
        payouts[seat] += amount
    rake = showdown.rake
    for index, (amount, contenders) in enumerate(layers):
        charge = rake if index == 0 else 0  # policies here charge the main pot
        net_units = (amount - charge) // unit
        claimants = [s for s in contenders if not seats[s].mucked]
        winners_paid: dict[int, int] = {}
        if len(contenders) == 1 or len(claimants) == 1:
            winners_paid[(claimants or contenders)[0]] = net_units
        else:
            run_units = _deal(net_units, list(range(len(showdown.boards))))
            for run, board in enumerate(showdown.boards):
                hands = [{s: best_hand(h, seats[s].cards, board) for s in claimants} for h in spec.halves]
                winners = []
                for per_seat in hands:
                    made = {s: v.strength for s, v in per_seat.items() if v is not None}
                    best = max(made.values(), default=None)
                    winners.append(sorted(s for s, v in made.items() if v == best))
                if len(spec.halves) == 2 and winners[1] and not (
                    policy.identical_hands_both_halves == "pool_even" and winners[0] == winners[1] and len(winners[0]) > 1
                ):
                    half_units = _deal(run_units[run], [0, 1])  # the high half is dealt first
                    if policy.split_half_remainder == "to_high_half":
                        # the low half deals only whole rounds of its winners; the rest goes high
                        short = half_units[1] % len(winners[1])
                        half_units = [half_units[0] + short, half_units[1] - short]
                    pieces = [(half_units[0], winners[0], 0), (half_units[1], winners[1], 1)]
                else:
                    pieces = [(run_units[run], winners[0], 0)]
                for units, tied, h in pieces:
                    order = _odd_chip_order(showdown, tied, spec, spec.halves[h], hands[h])
                    counts = _deal(units, order)
                    if policy.multi_remainder == "all_to_first":
                        leftover = units % len(order)
                        counts = [units // len(order)] * len(order)
                        counts[0] += leftover
                    for seat, count in zip(order, counts):
                        winners_paid[seat] = winners_paid.get(seat, 0) + count
        for seat, count in winners_paid.items():
            house = seats[seat].cashed_out and policy.cash_out_model == "house_takes_share"
            if not house:
                payouts[seat] += count * unit
    return payouts


POLICIES = [
    get_policy("pokerstars"),
    get_policy("tda").with_options({"rake_allocation": "main_only"}),
    get_policy("pokerkit").with_options({"rake_allocation": "main_only", "tie_order_stud": "high_card_by_suit"}),
    get_policy("ggpoker").with_options({"rake_allocation": "main_only", "tie_order_button": "lowest_seat"}),
    get_policy("default").with_options({"rake_allocation": "main_only", "split_half_remainder": "to_high_half"}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=[p.name for p in POLICIES])
def test_independent_settlement_agrees(policy) -> None:
    rng = random.Random(f"independent:{policy.name}")
    games = ("holdem", "omaha_hilo", "stud_hilo", "badugi")
    checked = ties = 0
    for _ in range(500):
        unit = rng.choice((1, 1, 5))
        showdown = random_showdown(rng, policy, unit=unit, games=games)
        if policy.rake_allocation != "main_only":
            showdown = Showdown(**{**showdown.__dict__, "rake": 0})
        expected = independent_payouts(showdown)
        got = settle(showdown)
        assert dict(got.payouts) == expected, showdown
        checked += 1
        ties += any(len(h.winners) > 1 for p in got.pots for r in p.runs for h in r.halves)
    assert checked == 500
    assert ties >= 40  # the generator must exercise odd chips, not only clean wins
