"""Random valid showdowns for the settlement property and cross-check tests."""

from __future__ import annotations

import random

from rules.cards import RANKS, SUITS
from rules.pots import build_pots
from rules.settle import SeatInput, Showdown

DECK = [r + s for r in RANKS for s in SUITS]
GAMES = ("holdem", "omaha_hilo", "stud_hilo", "razz", "badugi")
HOLE = {"holdem": 2, "omaha_hilo": 4, "stud_hilo": 7, "razz": 7, "badugi": 4}
BOARD = {"holdem": 5, "omaha_hilo": 5, "stud_hilo": 0, "razz": 0, "badugi": 0}
TIE_PRONE_BOARD = ["As", "Ks", "Qs", "Js", "Ts"]  # everyone plays the royal flush


def random_showdown(rng: random.Random, policy, unit: int = 1, games=GAMES, with_rake: bool = True) -> Showdown:
    """A showdown every seat of which is consistent: cards dealt, amounts multiples of ``unit``."""
    game = rng.choice(games)
    seat_numbers = sorted(rng.sample(range(1, 10), rng.randint(2, 6)))
    deck = DECK[:]
    rng.shuffle(deck)
    runs = rng.choice((1, 1, 2)) if BOARD[game] else 1
    boards: tuple[tuple[str, ...], ...]
    if BOARD[game] and rng.random() < 0.4:
        boards = (tuple(TIE_PRONE_BOARD),) * runs
        deck = [c for c in deck if c not in TIE_PRONE_BOARD]
        runs = 1
        boards = boards[:1]
    elif BOARD[game]:
        shared = rng.choice((3, 4, 5)) if runs > 1 else 5
        first = [deck.pop() for _ in range(5)]
        boards = (tuple(first),) + tuple(tuple(first[:shared] + [deck.pop() for _ in range(5 - shared)]) for _ in range(runs - 1))
    else:
        boards = ((),)
    levels = [unit * k for k in rng.sample(range(1, 40), 3)]
    seats = []
    for number in seat_numbers:
        folded = rng.random() < 0.3
        contributed = rng.choice(levels) if not folded else rng.choice([0] + levels)
        cards = tuple(deck.pop() for _ in range(HOLE[game])) if not folded or rng.random() < 0.2 else ()
        seats.append(SeatInput(number, contributed, cards, folded=folded,
                               mucked=not folded and rng.random() < 0.08,
                               cashed_out=not folded and rng.random() < 0.05))
    live = [i for i, s in enumerate(seats) if not s.folded]
    if not live:
        live = [0]
    top = max(seats[i].contributed for i in live)
    # the largest live stack must be able to claim: otherwise a pot has only mucked contenders
    keeper = next(i for i in live if seats[i].contributed == top)
    s = seats[keeper]
    seats[keeper] = SeatInput(s.seat, s.contributed, s.cards or tuple(deck.pop() for _ in range(HOLE[game])),
                              cashed_out=s.cashed_out)
    pots = build_pots({s.seat: s.contributed for s in seats}, [s.seat for s in seats if not s.folded]).pots
    main = pots[0].amount if pots else 0
    rake = unit * rng.randint(0, main // unit) if with_rake and rng.random() < 0.5 else 0
    return Showdown(game=game, seats=tuple(seats), boards=boards, button=rng.randint(1, 9), rake=rake,
                    unit=unit, policy=policy)
