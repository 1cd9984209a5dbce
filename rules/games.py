"""Every game the auditor settles, declared as data.

A game is a :class:`GameSpec`: how many hole and board cards are dealt, and one or two
:class:`HalfSpec` halves saying how each half of the pot is won (which ranking, how
many hole and board cards must play, whether a low must qualify). The evaluator
(:mod:`rules.evaluate`) and the settlement read these records and nothing else, so a
new game is a new entry here, not new code.

>>> spec = game_spec("omaha_hilo")
>>> [(h.half.value, h.ranking.value, h.hole_used, h.board_used, h.qualifier) for h in spec.halves]
[('high', 'high', 2, 3, None), ('low', 'low_a5', 2, 3, 8)]
>>> spec.always_split, spec.button_game
(False, True)
>>> game_spec("razz").halves[0].ranking, game_spec("razz").button_game
(<Ranking.LOW_A5: 'low_a5'>, False)

Games found dealt in real histories, with the rule that settles them: Kansas City (2-7)
razz is seven-card stud played for the deuce-to-seven low, so a straight or a flush
counts against the hand; five-card stud deals five cards and the best five are all of
them; Fusion is settled as Omaha (exactly two of the four hole cards). Short deck is two
games because platforms rank it two ways: three of a kind over a straight
(``sixplus_holdem``) or a straight over three of a kind (GGPoker's); both put a flush
over a full house. Where a platform's ranking of a game is not known for certain, the
games it may be are declared in ``UNSETTLED_RANKINGS`` (``candidate_games``), and the
audit settles such a hand under each of them.

>>> razz27 = game_spec("razz27")
>>> razz27.stud, razz27.hole_cards, razz27.halves[0].ranking, razz27.button_game
(True, 7, <Ranking.LOW_27: 'low_27'>, False)
>>> stud5 = game_spec("stud5")
>>> stud5.stud, stud5.hole_cards, stud5.halves[0].ranking
(True, 5, <Ranking.HIGH: 'high'>)
>>> [game_spec(g).halves[0].ranking.value for g in ("sixplus_holdem", "sixplus_holdem_straight_over_trips")]
['high_short_deck', 'high_short_deck_straight_over_trips']
>>> fusion = game_spec("fusion")
>>> fusion.hole_cards, fusion.board_cards, [(h.hole_used, h.board_used) for h in fusion.halves]
(4, 5, [(2, 3)])
>>> game_spec("pineapple")
Traceback (most recent call last):
...
KeyError: "unknown game 'pineapple'"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.vocab import Game, Half, Platform


class Ranking(StrEnum):
    """How five (Badugi: up to four) cards are ranked against each other."""

    HIGH = "high"
    """Standard high poker: straight flush, quads, full house, flush, straight, trips,
    two pair, pair, high card. The ace plays high, or low in the A-2-3-4-5 straight."""

    HIGH_SHORT_DECK = "high_short_deck"
    """6+ (short-deck) Hold'em, 36 cards six to ace: a flush beats a full house, three
    of a kind beats a straight (PokerStars' rule; partypoker's as reported at its launch,
    which a Ladbrokes page contradicts: ``UNSETTLED_RANKINGS``), and A-6-7-8-9 is the
    lowest straight."""

    HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS = "high_short_deck_straight_over_trips"
    """Short deck as GGPoker ranks it: a flush beats a full house and A-6-7-8-9 is the
    lowest straight, but a straight still beats three of a kind, as in standard high.
    GG's own page on the game (contents.ggnetwork-contents.com/short-deck) names only
    those two changes, and GG paid an ace-high straight over three tens in both the pay
    lines and the summary of hand 1171217378123557259 (2021)."""

    LOW_A5 = "low_a5"
    """Ace-to-five low: the ace is low, straights and flushes do not count; fewer pairs
    is better, then lower cards compared from the top. Best 5-4-3-2-A."""

    LOW_27 = "low_27"
    """Deuce-to-seven low: the reverse of standard high with the ace always high, so
    straights and flushes count against the hand and A-2-3-4-5 is an ace-high hand, not
    a straight. Best 7-5-4-3-2 of two or more suits."""

    BADUGI_ACE_LOW = "badugi_ace_low"
    """Badugi: the largest set of cards with no repeated rank and no repeated suit wins
    (four beats three beats two beats one); then the lower cards, compared from the
    highest down, with the ace lowest. Best A-2-3-4 in four suits."""

    BADUGI_ACE_HIGH = "badugi_ace_high"
    """Badugi as in Badeucy: the same, but the ace is the highest card. Best 2-3-4-5."""


SHORT_DECK_RANKINGS = frozenset({Ranking.HIGH_SHORT_DECK, Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS})
"""The rankings of games dealt from 36 cards, six to ace, where A-6-7-8-9 is a straight."""


@dataclass(frozen=True)
class HalfSpec:
    """One half of the pot: who wins it and from which cards.

    ``hole_used`` and ``board_used`` are *exact* counts (Omaha: 2 and 3); ``None``
    means any number, the best ``hand_size`` cards of everything the seat can use.
    ``qualifier`` is the highest rank a qualifying low may contain (8 for 8-or-better,
    which also demands five different ranks); ``None`` means every hand qualifies.
    """

    half: Half
    ranking: Ranking
    hole_used: int | None
    board_used: int | None
    hand_size: int
    qualifier: int | None


@dataclass(frozen=True)
class GameSpec:
    """What is dealt and how the pot is divided.

    ``always_split``: the pot is always divided between the halves (Badacey, Badeucy,
    Drawmaha, and two-board games, which divide by board); when False, a second half
    is only a low that takes its share if some contender qualifies, otherwise the high
    takes the pot. ``boards`` is 2 for two-board games, where each board is evaluated
    with the single half and wins its share of the pot. ``button_game`` is False for
    stud games, which have no button: their odd chips go by suit.
    """

    game: Game
    name: str
    hole_cards: int
    board_cards: int
    halves: tuple[HalfSpec, ...]
    always_split: bool
    boards: int
    button_game: bool
    stud: bool
    draw: bool
    high_only: Game | None = None
    """The same deal played for high only: what a hi/lo pot comes to when no low
    qualifies (the audit compares a pot paid as a scoop against it)."""

    @property
    def hilo(self) -> bool:
        """A high half and a low half that must qualify: the low may or may not play.

        >>> game_spec("omaha_hilo").hilo, game_spec("badacey").hilo, game_spec("razz").hilo
        (True, False, False)
        """
        return any(h.qualifier is not None for h in self.halves)

    @property
    def split(self) -> bool:
        """The pot can be divided between two halves (hi/lo, or always split by hand or
        by board): a platform's pay lines may name the half they pay.

        >>> game_spec("stud_hilo").split, game_spec("holdem_split").split, game_spec("omaha").split
        (True, True, False)
        """
        return len(self.halves) > 1 or self.boards > 1


def _high(half: Half = Half.WHOLE, ranking: Ranking = Ranking.HIGH) -> HalfSpec:
    return HalfSpec(half, ranking, hole_used=None, board_used=None, hand_size=5, qualifier=None)


def _whole(ranking: Ranking, hand_size: int = 5) -> HalfSpec:
    return HalfSpec(Half.WHOLE, ranking, hole_used=None, board_used=None, hand_size=hand_size, qualifier=None)


_OMAHA_HIGH = HalfSpec(Half.HIGH, Ranking.HIGH, hole_used=2, board_used=3, hand_size=5, qualifier=None)
_OMAHA_LOW = HalfSpec(Half.LOW, Ranking.LOW_A5, hole_used=2, board_used=3, hand_size=5, qualifier=8)
_OMAHA_WHOLE = HalfSpec(Half.WHOLE, Ranking.HIGH, hole_used=2, board_used=3, hand_size=5, qualifier=None)
_STUD_LOW = HalfSpec(Half.LOW, Ranking.LOW_A5, hole_used=None, board_used=None, hand_size=5, qualifier=8)


def _board_game(game: Game, name: str, hole: int, halves: tuple[HalfSpec, ...], *, always_split: bool = False,
                boards: int = 1, high_only: Game | None = None) -> GameSpec:
    return GameSpec(
        game=game, name=name, hole_cards=hole, board_cards=5, halves=halves, always_split=always_split,
        boards=boards, button_game=True, stud=False, draw=False, high_only=high_only,
    )


def _stud_game(game: Game, name: str, halves: tuple[HalfSpec, ...], high_only: Game | None = None,
               cards: int = 7) -> GameSpec:
    return GameSpec(
        game=game, name=name, hole_cards=cards, board_cards=0, halves=halves, always_split=False,
        boards=1, button_game=False, stud=True, draw=False, high_only=high_only,
    )


def _draw_game(game: Game, name: str, hole: int, halves: tuple[HalfSpec, ...], always_split: bool = False) -> GameSpec:
    return GameSpec(
        game=game, name=name, hole_cards=hole, board_cards=0, halves=halves, always_split=always_split,
        boards=1, button_game=True, stud=False, draw=True,
    )


_SPECS = (
    _board_game(Game.HOLDEM, "Hold'em", 2, (_high(),)),
    _board_game(Game.HOLDEM_SPLIT, "Split Hold'em", 2, (_high(),), always_split=True, boards=2),
    _board_game(Game.SIXPLUS_HOLDEM, "6+ Hold'em", 2, (_high(ranking=Ranking.HIGH_SHORT_DECK),)),
    _board_game(Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS, "6+ Hold'em (straight over trips)", 2,
                (_high(ranking=Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS),)),
    _board_game(Game.OMAHA, "Omaha", 4, (_OMAHA_WHOLE,)),
    _board_game(Game.OMAHA5, "5-Card Omaha", 5, (_OMAHA_WHOLE,)),
    _board_game(Game.OMAHA6, "6-Card Omaha", 6, (_OMAHA_WHOLE,)),
    _board_game(Game.OMAHA_SPLIT, "Split Omaha", 4, (_OMAHA_WHOLE,), always_split=True, boards=2),
    _board_game(Game.COURCHEVEL, "Courchevel", 5, (_OMAHA_WHOLE,)),
    # PokerStars Fusion (its published rules, pokerstars.uk/poker/games/fusion/): two hole
    # cards, a third with the flop and a fourth with the turn; at showdown exactly two of
    # the four with three of the board, as in Omaha.
    _board_game(Game.FUSION, "Fusion", 4, (_OMAHA_WHOLE,)),
    _board_game(Game.OMAHA_HILO, "Omaha Hi/Lo", 4, (_OMAHA_HIGH, _OMAHA_LOW), high_only=Game.OMAHA),
    _board_game(Game.OMAHA5_HILO, "5-Card Omaha Hi/Lo", 5, (_OMAHA_HIGH, _OMAHA_LOW), high_only=Game.OMAHA5),
    _board_game(Game.OMAHA6_HILO, "6-Card Omaha Hi/Lo", 6, (_OMAHA_HIGH, _OMAHA_LOW), high_only=Game.OMAHA6),
    _board_game(Game.COURCHEVEL_HILO, "Courchevel Hi/Lo", 5, (_OMAHA_HIGH, _OMAHA_LOW), high_only=Game.COURCHEVEL),
    _stud_game(Game.STUD, "7-Card Stud", (_high(),)),
    _stud_game(Game.STUD_HILO, "7-Card Stud Hi/Lo", (_high(Half.HIGH), _STUD_LOW), high_only=Game.STUD),
    _stud_game(Game.RAZZ, "Razz", (_whole(Ranking.LOW_A5),)),
    # Kansas City razz: seven-card stud for the deuce-to-seven low (WSOP live rules 238;
    # rules.md section 3), straights and flushes counting against the hand.
    _stud_game(Game.RAZZ27, "2-7 Razz", (_whole(Ranking.LOW_27),)),
    # Five-card stud: one card down and four up, the best (only) five for high.
    _stud_game(Game.STUD5, "5-Card Stud", (_high(),), cards=5),
    _draw_game(Game.DRAW5, "5-Card Draw", 5, (_high(),)),
    _draw_game(Game.LOWBALL27_SINGLE, "2-7 Single Draw", 5, (_whole(Ranking.LOW_27),)),
    _draw_game(Game.LOWBALL27_TRIPLE, "2-7 Triple Draw", 5, (_whole(Ranking.LOW_27),)),
    _draw_game(Game.LOWBALL_A5_SINGLE, "A-5 Single Draw", 5, (_whole(Ranking.LOW_A5),)),
    _draw_game(Game.LOWBALL_A5_TRIPLE, "A-5 Triple Draw", 5, (_whole(Ranking.LOW_A5),)),
    _draw_game(Game.BADUGI, "Badugi", 4, (_whole(Ranking.BADUGI_ACE_LOW, hand_size=4),)),
    _draw_game(
        Game.BADACEY, "Badacey", 5,
        (
            HalfSpec(Half.BADUGI, Ranking.BADUGI_ACE_LOW, hole_used=None, board_used=None, hand_size=4, qualifier=None),
            HalfSpec(Half.LOW, Ranking.LOW_A5, hole_used=5, board_used=None, hand_size=5, qualifier=None),
        ),
        always_split=True,
    ),
    _draw_game(
        Game.BADEUCY, "Badeucy", 5,
        (
            HalfSpec(Half.BADUGI, Ranking.BADUGI_ACE_HIGH, hole_used=None, board_used=None, hand_size=4,
                     qualifier=None),
            HalfSpec(Half.LOW, Ranking.LOW_27, hole_used=5, board_used=None, hand_size=5, qualifier=None),
        ),
        always_split=True,
    ),
    GameSpec(
        game=Game.DRAWMAHA27, name="Drawmaha 2-7", hole_cards=5, board_cards=5,
        halves=(
            HalfSpec(Half.OMAHA, Ranking.HIGH, hole_used=2, board_used=3, hand_size=5, qualifier=None),
            HalfSpec(Half.DRAW, Ranking.LOW_27, hole_used=5, board_used=0, hand_size=5, qualifier=None),
        ),
        always_split=True, boards=1, button_game=True, stud=False, draw=True,
    ),
)

GAMES: Mapping[Game, GameSpec] = MappingProxyType({spec.game: spec for spec in _SPECS})
"""Every member of :class:`rules.vocab.Game`, declared."""

HILO_GAMES = frozenset(g for g, spec in GAMES.items() if spec.hilo)
"""Games with a low half that must qualify (8-or-better).

>>> sorted(HILO_GAMES)
['courchevel_hilo', 'omaha5_hilo', 'omaha6_hilo', 'omaha_hilo', 'stud_hilo']
"""
SPLIT_GAMES = frozenset(g for g, spec in GAMES.items() if spec.split)
"""Games whose pot can be divided between two halves or two boards."""
STUD_GAMES = frozenset(g for g, spec in GAMES.items() if spec.stud)
"""Games dealt as stud: no button, no board, cards dealt face up by street.

>>> sorted(STUD_GAMES)
['razz', 'razz27', 'stud', 'stud5', 'stud_hilo']
"""
DRAW_GAMES = frozenset(g for g, spec in GAMES.items() if spec.draw)
"""Games with draws (Drawmaha has a board too)."""


def game_spec(game: Game | str) -> GameSpec:
    """The declaration of a game, by enum member or by its contract value.

    >>> game_spec(Game.BADEUCY).halves[0].ranking
    <Ranking.BADUGI_ACE_HIGH: 'badugi_ace_high'>
    """
    try:
        return GAMES[Game(game)]
    except (ValueError, KeyError):
        raise KeyError(f"unknown game {str(game)!r}") from None


@dataclass(frozen=True)
class UnsettledRanking:
    """A platform's game whose ranking is not known for certain: the games it may be.

    ``recorded`` is the game the platform's parser records; ``candidates`` every game the
    platform may in fact deal under that name (``recorded`` among them), each settled by
    the audit; ``evidence`` says why the ranking is in doubt. A hand the candidates pay
    differently cannot be checked (the audit says so, naming each and what it pays).
    """

    platform: Platform
    recorded: Game
    candidates: tuple[Game, ...]
    evidence: str

    def __post_init__(self) -> None:
        if self.recorded not in self.candidates or len(set(self.candidates)) < 2:
            raise ValueError(f"{self.platform} {self.recorded}: the candidates must hold it and another game")


UNSETTLED_RANKINGS: tuple[UnsettledRanking, ...] = (
    UnsettledRanking(
        Platform.PARTYPOKER, Game.SIXPLUS_HOLDEM,
        (Game.SIXPLUS_HOLDEM, Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS),
        "partypoker's SHORTDECK launch (2019) was reported as ranking three of a kind over a "
        "straight (pokernewsdaily.com/partypoker-launches-shortdeck-32794); a page of Ladbrokes, "
        "a partypoker-network skin, says a straight beats three of a kind. No history seen yet "
        "shows a straight meeting three of a kind at a showdown.",
    ),
)
"""Every platform game whose ranking is in doubt, declared as data (``candidate_games``)."""

_CANDIDATES: Mapping[tuple[str, str], UnsettledRanking] = MappingProxyType(
    {(u.platform.value, u.recorded.value): u for u in UNSETTLED_RANKINGS})


def unsettled_ranking(platform: str, game: str) -> UnsettledRanking | None:
    """The doubt declared about ``platform``'s ``game``, or None where its ranking is known.

    >>> unsettled_ranking("partypoker", "sixplus_holdem").platform
    <Platform.PARTYPOKER: 'partypoker'>
    >>> unsettled_ranking("ggpoker", "sixplus_holdem_straight_over_trips") is None
    True
    """
    return _CANDIDATES.get((str(platform), str(game)))


def candidate_games(platform: str, game: str) -> tuple[Game, ...]:
    """The games a hand of ``platform`` recorded as ``game`` may be settled as: the
    candidates of ``UNSETTLED_RANKINGS``, else the recorded game alone.

    >>> [g.value for g in candidate_games("partypoker", "sixplus_holdem")]
    ['sixplus_holdem', 'sixplus_holdem_straight_over_trips']
    >>> [g.value for g in candidate_games("pokerstars", "sixplus_holdem")]
    ['sixplus_holdem']
    """
    doubt = unsettled_ranking(platform, game)
    return doubt.candidates if doubt is not None else (Game(game),)
