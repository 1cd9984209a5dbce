"""Games found dealt in real histories (issue 13), settled by their rules.

Each test is a showdown written anew with the amounts a platform would pay: 2-7 razz
(KingsClub), five-card stud (iPoker, Full Tilt), PokerStars Fusion, and five-card draw
(Boss Media; the game was declared before, its dealer's files are read now).
"""

from __future__ import annotations

from rules.games import game_spec
from rules.odd_chip import get_policy
from rules.settle import SeatInput, Showdown, settle


def test_razz27_counts_the_straight_against_the_hand() -> None:
    """Seat 2's 2-3-4-5-6 is a straight, so its best 2-7 low is K-5-4-3-2 (the kings
    pair); seat 5's 8-6-4-3-2 is lower and takes the 290 pot (300 less 10 rake). Under
    A-5 razz seat 2's six-low would have won."""
    seats = (SeatInput(2, 150, ("2c", "3d", "4h", "5s", "6c", "Kd", "Kh")),
             SeatInput(5, 150, ("8d", "6h", "4s", "3c", "2h", "Qs", "Qc")),
             SeatInput(7, 20, folded=True))
    paid = settle(Showdown(game="razz27", seats=seats, rake=30, policy=get_policy("pokerstars")))
    assert dict(paid.payouts) == {2: 0, 5: 290, 7: 0}
    razz = settle(Showdown(game="razz", seats=seats, rake=30, policy=get_policy("pokerstars")))
    assert dict(razz.payouts) == {2: 290, 5: 0, 7: 0}


def test_stud5_pays_the_best_five_and_side_pots_apart() -> None:
    """The Full Tilt shape: a short stack all in mucks its main pot, the pair of aces
    beats the pair of kings for the side pot and takes the main pot too."""
    seats = (SeatInput(1, 4800, ("Ks", "Kc", "Tc", "Qd", "3d")),
             SeatInput(2, 4800, ("Ad", "Qh", "3h", "Kd", "Ah")),
             SeatInput(7, 1495, ("Js", "9h", "4c", "2d", "7c"), mucked=True),
             SeatInput(8, 400, folded=True))
    paid = settle(Showdown(game="stud5", seats=seats, policy=get_policy("pokerstars")))
    assert dict(paid.payouts) == {1: 0, 2: 11495, 7: 0, 8: 0}
    assert [p.amount for p in paid.pots] == [1495 * 3 + 400, 2 * (4800 - 1495)]


def test_stud5_tie_splits_and_the_odd_chip_goes_by_suit() -> None:
    """Two identical ace-king-high hands tie; the odd chip of 101 goes to the one whose
    five cards hold the highest card by suit (the ace of spades)."""
    seats = (SeatInput(3, 50, ("As", "Kd", "9c", "7h", "4d")),
             SeatInput(6, 50, ("Ah", "Kc", "9d", "7s", "4c")),
             SeatInput(8, 1, folded=True))
    paid = settle(Showdown(game="stud5", seats=seats, policy=get_policy("tda")))
    assert dict(paid.payouts) == {3: 51, 6: 50, 8: 0}


def test_fusion_plays_exactly_two_of_four_hole_cards() -> None:
    """A four-flush board: seat 1's one heart cannot make a flush (two hole cards must
    play), seat 4's two hearts do and win."""
    board = ("Ah", "Kh", "7h", "2h", "9c")
    seats = (SeatInput(1, 500, ("Qh", "Qs", "Qd", "3c")), SeatInput(4, 500, ("5h", "4h", "8c", "8d")))
    paid = settle(Showdown(game="fusion", seats=seats, boards=(board,), button=1, rake=25,
                           policy=get_policy("pokerstars")))
    assert dict(paid.payouts) == {1: 0, 4: 975}
    assert game_spec("fusion").halves[0].hole_used == 2


def test_draw5_high_hand_wins_after_the_draw() -> None:
    """The Boss Media pot-limit hand's shape: a pair of kings beats queen-high; 8.00 less
    0.40 rake is 7.60."""
    seats = (SeatInput(3, 400, ("Kh", "Kc", "2d", "Qs", "8h")), SeatInput(4, 400, ("Qd", "Jc", "9h", "7c", "4s")))
    paid = settle(Showdown(game="draw5", seats=seats, button=3, rake=40, policy=get_policy("pokerstars")))
    assert dict(paid.payouts) == {3: 760, 4: 0}
