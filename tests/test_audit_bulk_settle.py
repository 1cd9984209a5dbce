"""The bulk settlement of common showdowns (rules.bulk.settle_simple) pays exactly what
rules.settle.settle pays, on thousands of random showdowns, and leaves every other
showdown to settle()."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import numpy as np
import pytest

from rules.bulk import ShowdownBatch, bulk_pots, settle_simple
from rules.cards import parse_card
from rules.games import game_spec
from rules.odd_chip import get_policy
from rules.pots import build_pots
from rules.settle import SeatInput, SettlementInputError, Showdown, settle
from tests.settle_random import DECK, TIE_PRONE_BOARD

GAMES = ("omaha_hilo", "holdem", "omaha", "omaha5_hilo", "courchevel_hilo", "razz")
#: boards on which many hands tie: a royal flush everyone plays, a wheel for the low
TIE_BOARDS = (tuple(TIE_PRONE_BOARD), ("Ac", "2d", "3h", "4s", "5c"), ("As", "2s", "3s", "Kd", "Kh"))


def random_common_showdown(rng: random.Random, policy, game: str | None = None) -> Showdown:
    """A showdown that is often of the common shape (one pot, all in for the same amount)
    and sometimes not: side pots, mucked or cashed-out seats, dead money, no button,
    unknown or duplicate cards, rake above the pot, odd units and residues."""
    game = game or rng.choice(GAMES)
    spec = game_spec(game)
    holes = spec.hole_cards
    deck = DECK[:]
    rng.shuffle(deck)
    board: tuple[str, ...] = ()
    if spec.board_cards:
        if rng.random() < 0.35:
            board = rng.choice(TIE_BOARDS)
            deck = [c for c in deck if c not in board]
        else:
            board = tuple(deck.pop() for _ in range(5))
    numbers = sorted(rng.sample(range(1, 10), rng.randint(2, 7)))
    level = rng.randint(1, 400)
    seats = []
    for number in numbers:
        folded = rng.random() < 0.35
        if folded:
            contributed = rng.choice([0, rng.randint(1, level), level, level + rng.randint(1, 50)])
            cards = tuple(deck.pop() for _ in range(holes)) if rng.random() < 0.2 else ()
        else:
            contributed = level
            cards = tuple(deck.pop() for _ in range(holes))
        seats.append(SeatInput(number, contributed, cards, folded=folded))
    live = [i for i, s in enumerate(seats) if not s.folded]
    while len(live) < 2:
        i = next(i for i, s in enumerate(seats) if s.folded)
        seats[i] = SeatInput(seats[i].seat, level, tuple(deck.pop() for _ in range(holes)))
        live = [i for i, s in enumerate(seats) if not s.folded]
    roll = rng.random()
    if roll < 0.12:  # one live seat put in more: uncalled, or a side pot with a short all-in
        i = rng.choice(live)
        seats[i] = dataclasses.replace(seats[i], contributed=level + rng.randint(1, 300))
    elif roll < 0.2:  # short all-ins: side pots
        for i in rng.sample(live, rng.randint(1, len(live) - 1)):
            seats[i] = dataclasses.replace(seats[i], contributed=rng.randint(1, level))
    elif roll < 0.3:  # seats that mucked at showdown, with or without their cards known
        for i in rng.sample(live, rng.randint(1, len(live))):
            seats[i] = dataclasses.replace(seats[i], mucked=True, cards=seats[i].cards if rng.random() < 0.5 else ())
    elif roll < 0.33:
        i = rng.choice(live)
        seats[i] = dataclasses.replace(seats[i], cashed_out=True)
    elif roll < 0.36:
        i = rng.randrange(len(seats))
        seats[i] = dataclasses.replace(seats[i], dead=min(seats[i].contributed, rng.randint(1, 5)))
    elif roll < 0.38:
        i = rng.choice(live)
        seats[i] = dataclasses.replace(seats[i], cards=())
    elif roll < 0.4 and board:
        i = rng.choice(live)
        seats[i] = dataclasses.replace(seats[i], cards=(board[0],) + seats[i].cards[1:])
    pot = sum(s.contributed for s in seats)
    rake: int | tuple[int, ...] = (rng.choice([0, 0, rng.randint(0, max(pot // 10, 1)), pot + 1])
                                   if rng.random() < 0.9 else 0)
    if rng.random() < 0.2:  # the rake printed per pot (sometimes more than a pot holds)
        pots = build_pots({s.seat: s.contributed for s in seats}, [s.seat for s in seats if not s.folded]).pots
        rake = tuple(rng.randint(0, p.amount // 10 + 1) + (p.amount if rng.random() < 0.05 else 0) for p in pots)
    unit = rng.choice([1, 1, 1, 2, 5, 7, 25])
    button = None if rng.random() < 0.05 else rng.randint(1, 9)
    return Showdown(game=game, seats=tuple(seats), boards=(board,), button=button, rake=rake,
                    unit=unit, policy=policy)


def batch_of(showdowns: list[Showdown]) -> ShowdownBatch:
    """The showdowns (one game, one policy) as the flat arrays settle_simple reads."""
    spec = game_spec(showdowns[0].game)
    starts, rows = [0], []
    for showdown in showdowns:
        rows.extend(showdown.seats)
        starts.append(len(rows))

    def codes(cards, width):
        return [parse_card(c) for c in cards] if len(cards) == width else [-1] * width

    totals = [s.rake if isinstance(s.rake, int) else sum(s.rake) for s in showdowns]
    given = [not isinstance(s.rake, int) for s in showdowns]
    per_pot = []  # aligned with bulk_pots: the given rake of each pot, 0 elsewhere
    pots = bulk_pots(np.array(starts), np.array([s.contributed for s in rows]), np.array([s.folded for s in rows]))
    for i, showdown in enumerate(showdowns):
        charges = list(showdown.rake) if given[i] else []
        assert not charges or len(charges) == pots.count[i] or not pots.formed[i]
        per_pot.extend(charges if charges and pots.formed[i] else [0] * int(pots.count[i]))
    return ShowdownBatch(
        game=showdowns[0].game, policy=showdowns[0].policy, starts=np.array(starts),
        boards=np.array([codes(s.boards[0], 5) for s in showdowns]),
        rake=np.array(totals), pot_rake=np.array(per_pot, dtype=np.int64), pot_rake_given=np.array(given),
        unit=np.array([s.unit for s in showdowns]),
        button=np.array([s.button or 0 for s in showdowns]),
        has_button=np.array([s.button is not None for s in showdowns]),
        seat=np.array([s.seat for s in rows]), contributed=np.array([s.contributed for s in rows]),
        folded=np.array([s.folded for s in rows]), mucked=np.array([s.mucked for s in rows]),
        cashed_out=np.array([s.cashed_out for s in rows]), dead=np.array([s.dead for s in rows]),
        cards=np.array([codes(s.cards, spec.hole_cards) for s in rows]).reshape(len(rows), spec.hole_cards),
    )


def _awards(settlement) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = defaultdict(int)
    for pot in settlement.pots:
        for run in pot.runs:
            for half in run.halves:
                for seat, amount in half.awards:
                    out[(pot.index, seat)] += amount
    return dict(out)


def _check(showdowns: list[Showdown]) -> tuple[int, int, int, int]:
    """Settle the showdowns both ways; returns how many were settled in bulk, of which
    how many had side pots, a tie with leftover units, a seat still in that mucked."""
    batch = batch_of(showdowns)
    result = settle_simple(batch)
    bulk = side = tied = mucked = 0
    awards: dict[int, dict[tuple[int, int], int]] = defaultdict(lambda: defaultdict(int))
    for row, pot, amount in zip(result.award_row, result.award_pot, result.award_amount):
        hand = int(np.searchsorted(batch.starts, row, side="right")) - 1
        awards[hand][(int(pot), int(batch.seat[row]))] += int(amount)
    for i, showdown in enumerate(showdowns):
        if not result.settled[i]:
            assert i not in awards
            continue
        bulk += 1
        reference = settle(showdown)  # a hand settled in bulk is one settle() accepts
        rows = range(batch.starts[i], batch.starts[i + 1])
        assert {int(batch.seat[r]): int(result.payouts[r]) for r in rows} == dict(reference.payouts), showdown
        assert {int(batch.seat[r]): int(result.uncalled[r]) for r in rows if result.uncalled[r]} \
            == dict(reference.uncalled)
        assert {k: v for k, v in awards[i].items()} == _awards(reference), showdown
        assert result.pot_count[i] == len(reference.pots)
        side += len(reference.pots) > 1
        tied += any(len(h.winners) > 1 and h.odd_chips for p in reference.pots for r in p.runs for h in r.halves)
        mucked += any(s.mucked and not s.folded for s in showdown.seats)
    return bulk, side, tied, mucked


@pytest.mark.parametrize("policy", ["pokerstars", "tda", "pokerkit", "pkr", "robert", "bovada"])
def test_bulk_settlement_pays_exactly_what_settle_pays(policy: str) -> None:
    rng = random.Random(f"bulk-settle-{policy}")
    pol = get_policy(policy)
    variants = [pol, pol.with_options({"tie_order_button": "lowest_seat"}),
                pol.with_options({"multi_remainder": "all_to_first", "identical_hands_both_halves": "per_half"}),
                pol.with_options({"tie_order_button": "random"})]  # no seed: settle() refuses its ties
    bulk = side = tied = mucked = total = 0
    for game in GAMES:
        for variant in variants:
            showdowns = [random_common_showdown(rng, variant, game) for _ in range(40)]
            done, sides, ties, mucks = _check(showdowns)
            bulk, side, tied, mucked, total = (bulk + done, side + sides, tied + ties, mucked + mucks,
                                               total + len(showdowns))
    assert bulk > total // 3
    assert mucked > 20  # seats still in that mucked, settled in bulk, and checked
    assert side > 20  # side pots were settled in bulk, and checked
    assert tied > 10  # leftover units of ties were placed in bulk, and checked


def test_bulk_settlement_gives_a_tied_low_halfs_leftover_to_the_high_half_as_settle_does() -> None:
    rng = random.Random("bulk-settle-to-high-half")
    pol = get_policy("pokerstars").with_options({"split_half_remainder": "to_high_half"})
    moved = 0
    for game in ("omaha_hilo", "omaha5_hilo", "courchevel_hilo"):
        for variant in (pol, pol.with_options({"tie_order_button": "lowest_seat", "multi_remainder": "all_to_first"})):
            showdowns = [random_common_showdown(rng, variant, game) for _ in range(60)]
            _check(showdowns)
            settled = settle_simple(batch_of(showdowns)).settled
            moved += sum(bool(done) and any(chip.rule == "split_half_remainder=to_high_half"
                                            for p in settle(s).pots for r in p.runs for chip in r.odd_chips)
                         for s, done in zip(showdowns, settled))
    assert moved > 10  # tied lows with a leftover were settled in bulk, and checked


def test_hands_left_to_settle_are_exactly_the_uncommon_ones() -> None:
    rng = random.Random("bulk-settle-declined")
    pol = get_policy("pokerstars")
    for _ in range(12):
        showdowns = [random_common_showdown(rng, pol, "omaha_hilo") for _ in range(50)]
        settled = settle_simple(batch_of(showdowns)).settled
        for showdown, done in zip(showdowns, settled):
            live = [s for s in showdown.seats if not s.folded]
            try:
                settle(showdown)
                refused = False
            except SettlementInputError:
                refused = True
            common = (not refused
                      and all(s.contributed - _uncalled(showdown, s.seat) > 0 for s in live)
                      and not any(s.cashed_out or not (s.cards or s.mucked) for s in live)
                      and not any(s.dead for s in showdown.seats)
                      and (showdown.button is not None or not _has_tie(showdown)))
            assert bool(done) == common, showdown


def _uncalled(showdown: Showdown, seat: int) -> int:
    amounts = sorted((s.contributed for s in showdown.seats), reverse=True)
    top = next(s for s in showdown.seats if s.contributed == amounts[0])
    return amounts[0] - amounts[1] if seat == top.seat else 0


def _cards_distinct(showdown: Showdown) -> bool:
    cards = [c for s in showdown.seats for c in s.cards] + list(showdown.boards[0])
    return len(cards) == len(set(cards))


def _has_tie(showdown: Showdown) -> bool:
    """A tie that leaves units over, whose placement needs the button (an exact split needs none)."""
    try:
        reference = settle(dataclasses.replace(showdown, button=1))
    except SettlementInputError:
        return False
    return any(len(h.winners) > 1 and h.odd_chips for p in reference.pots for r in p.runs for h in r.halves)


def test_an_unsupported_game_and_an_empty_batch_settle_nothing() -> None:
    pol = get_policy("pokerstars")
    seats = (SeatInput(1, 10, tuple(DECK[:4])), SeatInput(2, 10, tuple(DECK[4:8])))
    showdown = Showdown(game="omaha_hilo", seats=seats, boards=(tuple(DECK[20:25]),), button=1, rake=1, unit=1,
                        policy=pol)
    batch = batch_of([showdown])
    settled = settle_simple(batch)
    assert settled.settled.tolist() == [True]
    assert settled.payouts.tolist() == [settle(showdown).payouts[1], settle(showdown).payouts[2]]
    assert sum(settled.payouts.tolist()) == 19
    stud = settle_simple(dataclasses.replace(batch, game="stud_hilo"))
    assert stud.settled.tolist() == [False] and stud.payouts.tolist() == [0, 0]
    empty = settle_simple(dataclasses.replace(batch, starts=np.array([0]), boards=np.zeros((0, 5)),
                                              seat=np.zeros(0), cards=np.zeros((0, 4))))
    assert empty.settled.tolist() == [] and empty.payouts.tolist() == [] and empty.award_row.tolist() == []


def test_a_batch_of_only_uncommon_hands_settles_none() -> None:
    pol = get_policy("pokerstars")
    seats = (SeatInput(1, 10, tuple(DECK[:4])), SeatInput(2, 10, ()))  # seat 2 is still in without cards
    showdown = Showdown(game="omaha_hilo", seats=seats, boards=(tuple(DECK[20:25]),), button=1, rake=0, unit=1,
                        policy=pol)
    result = settle_simple(batch_of([showdown, showdown]))
    assert result.settled.tolist() == [False, False]
    assert result.payouts.tolist() == [0, 0, 0, 0] and result.award_row.tolist() == []
