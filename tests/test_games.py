"""Every game is declared, and the declarations say what the rules say."""

from __future__ import annotations

import dataclasses

import pytest

from rules.vocab import Game, Half
from rules.games import GAMES, HalfSpec, Ranking, game_spec

OMAHA_FAMILY = {Game.OMAHA: 4, Game.OMAHA5: 5, Game.OMAHA6: 6, Game.COURCHEVEL: 5, Game.OMAHA_SPLIT: 4}
OMAHA_HILO_FAMILY = {Game.OMAHA_HILO: 4, Game.OMAHA5_HILO: 5, Game.OMAHA6_HILO: 6, Game.COURCHEVEL_HILO: 5}


def test_every_game_is_declared_once() -> None:
    assert set(GAMES) == set(Game)
    for game, spec in GAMES.items():
        assert spec.game is game
        assert game_spec(game.value) is spec
        assert 1 <= len(spec.halves) <= 2
        assert len({h.half for h in spec.halves}) == len(spec.halves)


def test_lookup_errors_and_immutability() -> None:
    with pytest.raises(KeyError) as raised:
        game_spec("xyz")
    assert raised.value.args == ("unknown game 'xyz'",)
    with pytest.raises(TypeError):
        GAMES[Game.HOLDEM] = GAMES[Game.OMAHA]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        GAMES[Game.HOLDEM].boards = 2  # type: ignore[misc]


@pytest.mark.parametrize("game", list(OMAHA_HILO_FAMILY))
def test_omaha_hilo_halves(game: Game) -> None:
    spec = game_spec(game)
    assert spec.hole_cards == OMAHA_HILO_FAMILY[game] and spec.board_cards == 5
    assert spec.halves == (
        HalfSpec(Half.HIGH, Ranking.HIGH, hole_used=2, board_used=3, hand_size=5, qualifier=None),
        HalfSpec(Half.LOW, Ranking.LOW_A5, hole_used=2, board_used=3, hand_size=5, qualifier=8),
    )
    assert (spec.always_split, spec.boards, spec.button_game, spec.stud, spec.draw) == (False, 1, True, False, False)


@pytest.mark.parametrize("game", list(OMAHA_FAMILY))
def test_omaha_high_only(game: Game) -> None:
    spec = game_spec(game)
    assert spec.hole_cards == OMAHA_FAMILY[game]
    assert spec.halves == (HalfSpec(Half.WHOLE, Ranking.HIGH, 2, 3, 5, None),)


def test_single_half_games_use_whole() -> None:
    expected = {
        Game.HOLDEM: Ranking.HIGH, Game.HOLDEM_SPLIT: Ranking.HIGH, Game.SIXPLUS_HOLDEM: Ranking.HIGH_SHORT_DECK,
        Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS: Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS,
        Game.STUD: Ranking.HIGH, Game.RAZZ: Ranking.LOW_A5, Game.DRAW5: Ranking.HIGH,
        Game.LOWBALL27_SINGLE: Ranking.LOW_27, Game.LOWBALL27_TRIPLE: Ranking.LOW_27,
        Game.LOWBALL_A5_TRIPLE: Ranking.LOW_A5, Game.BADUGI: Ranking.BADUGI_ACE_LOW,
    }
    for game, ranking in expected.items():
        (half,) = game_spec(game).halves
        assert (half.half, half.ranking, half.hole_used, half.board_used, half.qualifier) == (Half.WHOLE, ranking, None, None, None)
        assert half.hand_size == (4 if game is Game.BADUGI else 5)


def test_stud_games_have_no_button() -> None:
    for game in (Game.STUD, Game.STUD_HILO, Game.RAZZ):
        spec = game_spec(game)
        assert (spec.hole_cards, spec.board_cards, spec.stud, spec.button_game, spec.draw) == (7, 0, True, False, False)
    high, low = game_spec(Game.STUD_HILO).halves
    assert (high.half, high.ranking, low.half, low.ranking, low.qualifier) == (Half.HIGH, Ranking.HIGH, Half.LOW, Ranking.LOW_A5, 8)
    assert low.hole_used is None and high.hole_used is None


def test_two_board_and_always_split_games() -> None:
    assert {g for g, s in GAMES.items() if s.boards == 2} == {Game.HOLDEM_SPLIT, Game.OMAHA_SPLIT}
    assert {g for g, s in GAMES.items() if s.always_split} == {
        Game.HOLDEM_SPLIT, Game.OMAHA_SPLIT, Game.BADACEY, Game.BADEUCY, Game.DRAWMAHA27,
    }


def test_badugi_family_and_drawmaha_halves() -> None:
    badugi, low = game_spec(Game.BADACEY).halves
    assert (badugi.half, badugi.ranking, badugi.hand_size) == (Half.BADUGI, Ranking.BADUGI_ACE_LOW, 4)
    assert (low.half, low.ranking, low.hole_used, low.qualifier) == (Half.LOW, Ranking.LOW_A5, 5, None)
    badugi, low = game_spec(Game.BADEUCY).halves
    assert (badugi.half, badugi.ranking, low.half, low.ranking) == (Half.BADUGI, Ranking.BADUGI_ACE_HIGH, Half.LOW, Ranking.LOW_27)
    omaha, draw = game_spec(Game.DRAWMAHA27).halves
    assert (omaha.half, omaha.ranking, omaha.hole_used, omaha.board_used) == (Half.OMAHA, Ranking.HIGH, 2, 3)
    assert (draw.half, draw.ranking, draw.hole_used, draw.board_used) == (Half.DRAW, Ranking.LOW_27, 5, 0)
    spec = game_spec(Game.DRAWMAHA27)
    assert (spec.hole_cards, spec.board_cards, spec.draw, spec.button_game) == (5, 5, True, True)
    for game in (Game.DRAW5, Game.LOWBALL27_SINGLE, Game.LOWBALL27_TRIPLE, Game.LOWBALL_A5_TRIPLE, Game.BADUGI, Game.BADACEY, Game.BADEUCY):
        spec = game_spec(game)
        assert (spec.draw, spec.board_cards, spec.hole_cards) == (True, 0, 4 if game is Game.BADUGI else 5)

