"""The reference evaluator, game by game, and Badugi checked exhaustively against an
independent formulation."""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

import pytest

from rules.vocab import Game
from rules.evaluate import HandValue, best_hand, made_hand
from rules.games import Ranking, game_spec

# (game, which half, hole, board, cards that play best-first, cards from the hole, description)
CASES = [
    (Game.HOLDEM, 0, "Ah Kd", "As 7c 7d 2h Ks", "As Ah Ks Kd 7d", "Ah Kd", "two pair, Aces and Kings with 7"),
    (Game.HOLDEM, 0, "2c 3d", "Ts Js Qs Ks As", "As Ks Qs Js Ts", "", "a royal flush"),
    (Game.HOLDEM, 0, "Ac 2d", "3h 4s 5c Kd Kh", "5c 4s 3h 2d Ac", "2d Ac", "a straight, Ace to Five"),
    (Game.HOLDEM_SPLIT, 0, "9h 9c", "9d 9s 2c 3c 4c", "9s 9h 9d 9c 4c", "9h 9c", "four of a kind, Nines with 4"),
    (Game.SIXPLUS_HOLDEM, 0, "Ah 6d", "7c 8s 9h Kd Kc", "9h 8s 7c 6d Ah", "6d Ah", "a straight, Ace to Nine"),
    # Omaha: four hearts on board but only one in the hand is no flush.
    (Game.OMAHA, 0, "Ah Kc Qd Jd", "2h 5h 8h Jh Ts", "Jh Jd Ah Ts 8h", "Jd Ah", "a pair of Jacks with A,T,8"),
    # The seed examples, with the true best hands.
    (Game.OMAHA_HILO, 0, "As 2c Kh Kd", "Ad 7s 4c 8h Qs", "As Ad Kh Qs 8h", "As Kh", "a pair of Aces with K,Q,8"),
    (Game.OMAHA_HILO, 1, "As 2c Kh Kd", "Ad 7s 4c 8h Qs", "8h 7s 4c 2c As", "2c As", "8,7,4,2,A"),
    (Game.OMAHA_HILO, 1, "As Ah 3d 6s", "Ac 8d 5h Kc 2d", "6s 5h 3d 2d Ac", "6s 3d", "6,5,3,2,A"),
    (Game.OMAHA_HILO, 0, "Kh Kc 5c 7d", "Ac 3d 6h Ks Kd", "Ks Kh Kd Kc Ac", "Kh Kc", "four of a kind, Kings with A"),
    (Game.OMAHA_HILO, 1, "Kh Kc 5c 7d", "Ac 3d 6h Ks Kd", "7d 6h 5c 3d Ac", "7d 5c", "7,6,5,3,A"),
    (Game.OMAHA_HILO, 1, "2c 4d Qc Jd", "Ac 3d 6h Ks Kd", "6h 4d 3d 2c Ac", "4d 2c", "6,4,3,2,A"),
    (Game.OMAHA5_HILO, 0, "As 2s 3d Kc Kh", "4s 5s 8d Kd Qc", "Kh Kd Kc Qc 8d", "Kh Kc", "three of a kind, Kings with Q,8"),
    (Game.OMAHA5_HILO, 1, "As 2s 3d Kc Kh", "4s 5s 8d Kd Qc", "8d 5s 4s 2s As", "2s As", "8,5,4,2,A"),
    (Game.COURCHEVEL_HILO, 0, "As 2s 3d Kc Kh", "4s 5s 9s Kd Qc", "As 9s 5s 4s 2s", "As 2s", "a flush, A,9,5,4,2"),
    (Game.OMAHA6_HILO, 1, "As 2s 3d 4c Kc Kh", "5s 6s 7d Kd Qc", "7d 6s 5s 2s As", "2s As", "7,6,5,2,A"),
    (Game.OMAHA6, 0, "As 2s 3d 4c Kc Kh", "5s 6s 7d Kd Qc", "7d 6s 5s 4c 3d", "4c 3d", "a straight, Three to Seven"),
    (Game.DRAWMAHA27, 0, "7c 5d 4h 3s 2c", "Ac Kd Qh Js Tc", "Ac Kd Qh 7c 5d", "7c 5d", "high card Ace with K,Q,7,5"),
    (Game.DRAWMAHA27, 1, "7c 5d 4h 3s 2c", "Ac Kd Qh Js Tc", "7c 5d 4h 3s 2c", "7c 5d 4h 3s 2c", "7,5,4,3,2"),
    (Game.STUD, 0, "As Ks Qs Js 9s 2c 2d", "", "As Ks Qs Js 9s", "As Ks Qs Js 9s", "a flush, A,K,Q,J,9"),
    (Game.STUD_HILO, 0, "Ah 2d 3c 4s 6h 6d Kc", "", "6h 6d Ah Kc 4s", "6h 6d Ah Kc 4s", "a pair of Sixes with A,K,4"),
    (Game.STUD_HILO, 1, "Ah 2d 3c 4s 6h 6d Kc", "", "6h 4s 3c 2d Ah", "6h 4s 3c 2d Ah", "6,4,3,2,A"),
    # A shared seventh-street card plays for both halves.
    (Game.STUD_HILO, 1, "Ah 2d 3c 4s 9h 9d", "5c", "5c 4s 3c 2d Ah", "4s 3c 2d Ah", "5,4,3,2,A"),
    (Game.STUD_HILO, 0, "Ah 2d 3c 4s 9h 9d", "5c", "5c 4s 3c 2d Ah", "4s 3c 2d Ah", "a straight, Ace to Five"),
    (Game.RAZZ, 0, "As Ad Ac 7h 7s 3d 2c", "", "As Ad 7s 3d 2c", "As Ad 7s 3d 2c", "a pair of Aces with 7,3,2"),
    (Game.RAZZ, 0, "Kd Qd 9d 8d 7c 6h 6s", "", "Qd 9d 8d 7c 6s", "Qd 9d 8d 7c 6s", "Q,9,8,7,6"),
    (Game.DRAW5, 0, "Th Jh Qh Kh 9h", "", "Kh Qh Jh Th 9h", "Kh Qh Jh Th 9h", "a straight flush, Nine to King"),
    (Game.LOWBALL27_SINGLE, 0, "As 2d 3c 4h 5s", "", "As 5s 4h 3c 2d", "As 5s 4h 3c 2d", "A,5,4,3,2"),
    (Game.LOWBALL27_SINGLE, 0, "7h 5h 4h 3h 2h", "", "7h 5h 4h 3h 2h", "7h 5h 4h 3h 2h", "a flush, 7,5,4,3,2"),
    (Game.LOWBALL27_TRIPLE, 0, "6c 5d 4h 3s 2c", "", "6c 5d 4h 3s 2c", "6c 5d 4h 3s 2c", "a straight, Two to Six"),
    (Game.LOWBALL27_TRIPLE, 0, "7c 5d 4h 3s 2c", "", "7c 5d 4h 3s 2c", "7c 5d 4h 3s 2c", "7,5,4,3,2"),
    (Game.LOWBALL_A5_TRIPLE, 0, "5c 4d 3h 2s Ac", "", "5c 4d 3h 2s Ac", "5c 4d 3h 2s Ac", "5,4,3,2,A"),
    (Game.BADUGI, 0, "As 2s 2h 3d", "", "3d 2h As", "3d 2h As", "three-card Badugi: 3,2,A"),
    (Game.BADUGI, 0, "Kc Qd Jh 9s", "", "Kc Qd Jh 9s", "Kc Qd Jh 9s", "Badugi: K,Q,J,9"),
    (Game.BADUGI, 0, "8s 5h 3d Ac", "", "8s 5h 3d Ac", "8s 5h 3d Ac", "Badugi: 8,5,3,A"),
    (Game.BADUGI, 0, "Kc Kd Kh Ks", "", "Ks", "Ks", "one-card Badugi: K"),
    (Game.BADUGI, 0, "2c 3c 2d 3d", "", "3d 2c", "3d 2c", "two-card Badugi: 3,2"),
    (Game.BADACEY, 0, "As 2s 3h 4d 5c", "", "5c 4d 3h As", "5c 4d 3h As", "Badugi: 5,4,3,A"),
    (Game.BADACEY, 1, "As 2s 3h 4d 5c", "", "5c 4d 3h 2s As", "5c 4d 3h 2s As", "5,4,3,2,A"),
    (Game.BADEUCY, 0, "As 2s 3h 4d 5c", "", "5c 4d 3h 2s", "5c 4d 3h 2s", "Badugi: 5,4,3,2"),
    (Game.BADEUCY, 1, "As 2s 3h 4d 5c", "", "As 5c 4d 3h 2s", "As 5c 4d 3h 2s", "A,5,4,3,2"),
]


@pytest.mark.parametrize(("game", "half", "hole", "board", "cards", "from_hole", "description"), CASES)
def test_best_hand_per_game(game: Game, half: int, hole: str, board: str, cards: str, from_hole: str, description: str) -> None:
    spec = game_spec(game).halves[half]
    value = best_hand(spec, hole.split(), board.split())
    assert isinstance(value, HandValue)
    assert value.cards == tuple(cards.split())
    assert value.hole == tuple(from_hole.split())
    assert value.board == tuple(c for c in value.cards if c not in value.hole)
    assert set(value.board) <= set(board.split())
    assert value.description == description


NO_LOW_CASES = [
    (Game.OMAHA_HILO, "Kh Kc Qd Jd", "Ac 3d 6h Ks Kd"),  # only one low card in the hand
    (Game.OMAHA_HILO, "As 2c 3d 4h", "9c Td 6h Ks Kd"),  # only one low card on the board
    (Game.OMAHA5_HILO, "As 2s 3d Kc Kh", "4s 5s 9s Kd Qc"),
    (Game.STUD_HILO, "As Ad Ac 7h 7s 3d 2c", ""),  # four different low ranks only
]


@pytest.mark.parametrize(("game", "hole", "board"), NO_LOW_CASES)
def test_no_qualifying_low_is_none(game: Game, hole: str, board: str) -> None:
    assert best_hand(game_spec(game).halves[1], hole.split(), board.split()) is None


def _strength(game: Game, half: int, hole: str, board: str = "") -> tuple[int, ...]:
    value = best_hand(game_spec(game).halves[half], hole.split(), board.split())
    assert value is not None
    return value.strength


def test_short_deck_flush_beats_full_house_and_trips_beat_a_straight() -> None:
    board = "Kd Kc 9h 8h 7h"
    flush = _strength(Game.SIXPLUS_HOLDEM, 0, "Ah 6h", board)
    full_house = _strength(Game.SIXPLUS_HOLDEM, 0, "Ks 9s", board)
    trips = _strength(Game.SIXPLUS_HOLDEM, 0, "Kh Qs", board)
    straight = _strength(Game.SIXPLUS_HOLDEM, 0, "Ts 6d", board)
    assert flush > full_house > trips > straight
    # Standard high ranks the same kinds of hands the other way round.
    assert made_hand(Ranking.HIGH, [48, 44, 40, 36, 32]) > made_hand(Ranking.HIGH, [50, 46, 42, 38, 32])


def test_ggpoker_short_deck_flush_beats_full_house_and_a_straight_beats_trips() -> None:
    board = "Kd Kc 9h 8h 7h"
    game = Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS
    flush = _strength(game, 0, "Ah 6h", board)
    full_house = _strength(game, 0, "Ks 9s", board)
    trips = _strength(game, 0, "Kh Qs", board)
    straight = _strength(game, 0, "Ts 6d", board)
    assert flush > full_house > straight > trips
    value = best_hand(game_spec(game).halves[0], ["Ah", "6d"], ["7c", "8s", "9h", "Kd", "Kc"])
    assert value is not None and value.description == "a straight, Ace to Nine"


def test_short_deck_refuses_small_cards() -> None:
    with pytest.raises(ValueError, match=r"^short-deck game: no card below Six, got '5c'$"):
        best_hand(game_spec(Game.SIXPLUS_HOLDEM).halves[0], ["Ah", "5c"], ["7c", "8s", "9h", "Kd", "Kc"])
    with pytest.raises(ValueError, match=r"^short-deck game: no card below Six, got '5c'$"):
        best_hand(game_spec(Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS).halves[0], ["Ah", "5c"],
                  ["7c", "8s", "9h", "Kd", "Kc"])


def test_badugi_ties_ignore_excluded_cards_and_suits() -> None:
    assert _strength(Game.BADUGI, 0, "Ac 2d 3h Kh") == _strength(Game.BADUGI, 0, "As 2h 3d Qd")
    assert _strength(Game.BADUGI, 0, "Kc Qd Jh Ts") > _strength(Game.BADUGI, 0, "Ac 2d 3h 3s")
    assert _strength(Game.BADUGI, 0, "7c 4d 2h 2s") > _strength(Game.BADUGI, 0, "7c 5d Ah As")
    assert _strength(Game.BADUGI, 0, "8s 5h 3d Ac") > _strength(Game.BADUGI, 0, "8h 6c 2d As")
    # Badeucy: the ace is high, so 2-3-4-5 is best and 7-4-3 beats 7-5-2.
    assert _strength(Game.BADEUCY, 0, "2c 3d 4h 5s Kc") > _strength(Game.BADEUCY, 0, "Ac 2d 3h 4s Kc")
    assert _strength(Game.BADEUCY, 0, "7c 4d 3h 3s 3c") > _strength(Game.BADEUCY, 0, "7c 5d 2h 2s 2c")


def test_27_ace_is_high_and_straights_count() -> None:
    seven_five = _strength(Game.LOWBALL27_SINGLE, 0, "7c 5d 4h 3s 2c")
    eight_six = _strength(Game.LOWBALL27_SINGLE, 0, "8c 6d 4h 3s 2c")
    wheel = _strength(Game.LOWBALL27_SINGLE, 0, "Ac 5d 4h 3s 2c")
    six_straight = _strength(Game.LOWBALL27_SINGLE, 0, "6c 5d 4h 3s 2c")
    king_high = _strength(Game.LOWBALL27_SINGLE, 0, "Kc 5d 4h 3s 2c")
    pair = _strength(Game.LOWBALL27_SINGLE, 0, "2c 2d 4h 3s 5c")
    assert seven_five > eight_six > king_high > wheel > pair > six_straight


def test_a5_low_orders_from_the_top_card() -> None:
    wheel = _strength(Game.LOWBALL_A5_TRIPLE, 0, "5c 4d 3h 2s Ac")
    six_four = _strength(Game.LOWBALL_A5_TRIPLE, 0, "6c 4d 3h 2s Ac")
    seven_five = _strength(Game.LOWBALL_A5_TRIPLE, 0, "7c 5d 4h 3s 2c")
    suited_wheel = _strength(Game.LOWBALL_A5_TRIPLE, 0, "5c 4c 3c 2c Ac")
    paired = _strength(Game.LOWBALL_A5_TRIPLE, 0, "Ac Ad 2c 3h 4s")
    king = _strength(Game.LOWBALL_A5_TRIPLE, 0, "Kc 4d 3h 2s Ac")
    assert wheel == suited_wheel > six_four > seven_five > king > paired


def test_omaha_halves_may_use_different_hole_cards() -> None:
    high, low = game_spec(Game.OMAHA_HILO).halves
    hole, board = "Kh Kc 2s 3s".split(), "Ks 4d 5c 8h Qd".split()
    assert best_hand(high, hole, board).hole == ("Kh", "Kc")
    assert best_hand(low, hole, board).hole == ("3s", "2s")


def test_stud_prefers_higher_suits_among_equal_hands() -> None:
    # Two Eights could play in the low; the one a player would table for an odd chip shows.
    low = best_hand(game_spec(Game.STUD_HILO).halves[1], "8c 8s 7h 4d 2c Ah Kd".split())
    assert low.cards == ("8s", "7h", "4d", "2c", "Ah")


ERRORS = [
    (Game.OMAHA_HILO, 0, ["Kh"], ["Ac", "3d", "6h", "Ks", "Kd"], "this half uses exactly 2 hole cards; got 1"),
    (Game.OMAHA, 0, ["Kh", "Kc", "Qd", "Jd"], ["Ac", "3d"], "this half uses exactly 3 board cards; got 2"),
    (Game.HOLDEM, 0, ["Kh", "Kc"], ["Ac", "3d"], "a high hand needs 5 cards; got 4"),
    (Game.BADUGI, 0, ["Kh", "Kc"], [], "a badugi_ace_low hand needs 4 cards; got 2"),
    (Game.HOLDEM, 0, ["Kh", "Kh"], ["Ac", "3d", "4d"], "duplicate card 'Kh'"),
    (Game.HOLDEM, 0, ["Kh", "1x"], ["Ac", "3d", "4d"], "not a card: '1x'"),
    (Game.DRAW5, 0, "AcKdQhJsTc", [], "hole must be a sequence of cards, not the string 'AcKdQhJsTc'"),
]


@pytest.mark.parametrize(("game", "half", "hole", "board", "message"), ERRORS)
def test_impossible_hands_raise(game: Game, half: int, hole: list[str], board: list[str], message: str) -> None:
    with pytest.raises(ValueError) as raised:
        best_hand(game_spec(game).halves[half], hole, board)
    assert str(raised.value) == message


def _independent_badugi(codes: tuple[int, ...], ace_high: bool) -> tuple[int, int]:
    """Badugi by rank bitmasks: the most cards with distinct ranks and suits, then the
    smallest mask of their ranks (comparing masks compares the highest card first)."""
    for size in range(len(codes), 0, -1):
        masks = []
        for chosen in combinations(codes, size):
            rank_bits = suit_bits = 0
            for code in chosen:
                rank = code // 4 + 2
                rank_bits |= 1 << (1 if rank == 14 and not ace_high else rank)
                suit_bits |= 1 << (code % 4)
            if bin(rank_bits).count("1") == bin(suit_bits).count("1") == size:
                masks.append(rank_bits)
        if masks:
            return size, -min(masks)
    raise AssertionError("no cards")


def _check_badugi_order(ranking: Ranking, hands: Iterable[tuple[int, ...]]) -> tuple[dict[tuple[int, ...], tuple[int, int]], list[int]]:
    """Every hand's reference strength maps to one independent key, in the same order."""
    ace_high = ranking is Ranking.BADUGI_ACE_HIGH
    key_of_strength: dict[tuple[int, ...], tuple[int, int]] = {}
    sizes = [0, 0, 0, 0, 0]
    for hand in hands:
        strength = made_hand(ranking, hand)
        key = _independent_badugi(hand, ace_high)
        assert key_of_strength.setdefault(strength, key) == key, hand
        sizes[strength[0]] += 1
    ordered = sorted(key_of_strength)
    assert [key_of_strength[s] for s in ordered] == sorted(key_of_strength.values())
    assert len(set(key_of_strength.values())) == len(key_of_strength)
    return key_of_strength, sizes


def test_every_four_card_badugi_against_an_independent_brute_force() -> None:
    key_of_strength, sizes = _check_badugi_order(Ranking.BADUGI_ACE_LOW, combinations(range(52), 4))
    assert len(key_of_strength) == 715 + 286 + 78 + 13
    assert sizes[4] == 715 * 24
    assert sum(sizes) == 270_725


def test_ace_high_and_five_card_badugi_against_an_independent_brute_force() -> None:
    rng = random.Random(4)
    four = [tuple(rng.sample(range(52), 4)) for _ in range(20_000)]
    five = [tuple(rng.sample(range(52), 5)) for _ in range(10_000)]
    for ranking in (Ranking.BADUGI_ACE_HIGH, Ranking.BADUGI_ACE_LOW):
        key_of_strength, _ = _check_badugi_order(ranking, four + five)
        assert len(key_of_strength) > 900
