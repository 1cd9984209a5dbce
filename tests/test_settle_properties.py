"""Properties of settle() on any valid showdown (hypothesis).

* Conservation: payouts + rake + house == everything put in (uncalled returns included
  in payouts).
* Nobody is paid from a pot they were not contesting; each pot pays out exactly its net.
* The order in which seats are listed changes nothing.

The showdowns are a Hypothesis strategy (``showdowns``), so a counterexample shrinks to a
small hand rather than being one opaque seed.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.odd_chip import OPTION_VALUES, FACTORY_DEFAULT
from rules.settle import Showdown, settle
from rules.showdown_json import settlement_to_json
from tests.settle_random import random_showdown

_CHOSEN = (
    "hilo_between_halves",
    "split_half_remainder",
    "identical_hands_both_halves",
    "tie_order_button",
    "tie_order_stud",
    "stud_card_scope",
    "multi_remainder",
    "runout_remainder",
    "cash_out_model",
)
_RAKE = ("use_printed_net", "main_first_cumulative", "main_only", "pro_rata", "largest_pot")

policies = st.fixed_dictionaries(
    {name: st.sampled_from(OPTION_VALUES[name]) for name in _CHOSEN}
    | {"rake_allocation": st.sampled_from(_RAKE), "seed": st.integers(0, 1000)}
).map(FACTORY_DEFAULT.with_options)


def _paid_by_pot(pot) -> dict[int, int]:
    paid: dict[int, int] = {}
    for run in pot.runs:
        for half in run.halves:
            assert sum(a for _, a in half.awards) == half.amount
            for seat, amount in half.awards:
                paid[seat] = paid.get(seat, 0) + amount
    for chip in pot.odd_chips:
        if chip.seat is not None:
            paid[chip.seat] = paid.get(chip.seat, 0) + chip.amount
    return paid


@st.composite
def showdowns(draw: st.DrawFn) -> Showdown:
    """Valid showdowns of every game under a drawn policy and chip unit. The dealing draws
    from a Random whose every choice Hypothesis makes (``st.randoms``), so a failing
    showdown shrinks toward fewer seats, smaller bets and one board."""
    policy = draw(policies)
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    return random_showdown(draw(st.randoms(use_true_random=False)), policy, unit=unit)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdown=showdowns(), shuffler=st.randoms(use_true_random=False))
def test_settlement_properties(showdown: Showdown, shuffler: random.Random) -> None:
    result = settle(showdown)

    put_in = sum(s.contributed for s in showdown.seats)
    assert sum(result.payouts.values()) + result.rake + result.house == put_in
    assert set(result.payouts) == {s.seat for s in showdown.seats}

    for pot in result.pots:
        paid = _paid_by_pot(pot)
        assert set(paid) <= set(pot.contenders)
        assert sum(paid.values()) == pot.net
        pooled = sum(c.amount for c in pot.odd_chips if c.seat is not None)  # runout by_position
        assert sum(r.amount for r in pot.runs) + pooled == pot.net

    for seat in showdown.seats:
        if seat.folded or seat.mucked:
            assert result.payouts[seat.seat] == result.uncalled.get(seat.seat, 0)

    shuffled = list(showdown.seats)
    shuffler.shuffle(shuffled)
    for order in (tuple(reversed(showdown.seats)), tuple(shuffled)):
        again = settle(Showdown(**{**showdown.__dict__, "seats": order}))
        assert settlement_to_json(again) == settlement_to_json(result)
