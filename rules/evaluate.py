"""The reference showdown evaluator: plain, per hand, written to read like the rules.

:func:`best_hand` tries every way a half allows the cards to be combined (Omaha: every
2 hole cards with every 3 board cards; stud and Hold'em: every 5 of the 7) and keeps
the best. The batch evaluator (:mod:`rules.batch`) is checked against this one.

The strength of a hand is a tuple: larger is better *within one half*, equal tuples tie,
and suits never appear in it (suits never decide who wins a pot).

The examples the seed texts got wrong, with the true best hands:

>>> from rules.games import game_spec
>>> high, low = game_spec("omaha_hilo").halves
>>> best = best_hand(high, ["As", "2c", "Kh", "Kd"], ["Ad", "7s", "4c", "8h", "Qs"])
>>> best.description, best.cards, best.hole
('a pair of Aces with K,Q,8', ('As', 'Ad', 'Kh', 'Qs', '8h'), ('As', 'Kh'))
>>> best_hand(low, ["As", "2c", "Kh", "Kd"], ["Ad", "7s", "4c", "8h", "Qs"]).description
'8,7,4,2,A'
>>> alice = best_hand(low, ["As", "Ah", "3d", "6s"], ["Ac", "8d", "5h", "Kc", "2d"])
>>> alice.description, alice.hole, alice.board
('6,5,3,2,A', ('6s', '3d'), ('5h', '2d', 'Ac'))

Four kings against 6-4-3-2-A (seed example 1), and two identical wheels-to-six tying:

>>> board = ["Ac", "3d", "6h", "Ks", "Kd"]
>>> a, b = ["2c", "4d", "Qc", "Jd"], ["Kh", "Kc", "5c", "7d"]
>>> best_hand(high, b, board).description
'four of a kind, Kings with A'
>>> best_hand(high, b, board).strength > best_hand(high, a, board).strength
True
>>> best_hand(low, a, board).description, best_hand(low, b, board).description
('6,4,3,2,A', '7,6,5,3,A')
>>> best_hand(low, ["2c", "4d", "Qc", "Jd"], board).strength == best_hand(low, ["Kh", "Kc", "2h", "4s"], board).strength
True

Kansas City (2-7) razz reads the same seven stud cards for the deuce-to-seven low: the
six-high straight counts against the hand, so the best low is king-high, where razz
(ace-to-five) ignores the straight. Five-card stud plays all five cards:

>>> seven = ["2c", "3d", "4h", "5s", "6c", "Kd", "Kh"]
>>> best_hand(game_spec("razz27").halves[0], seven).description
'K,5,4,3,2'
>>> best_hand(game_spec("razz").halves[0], seven).description
'6,5,4,3,2'
>>> best_hand(game_spec("stud5").halves[0], ["Ad", "Qh", "3h", "Kd", "Ah"]).description
'a pair of Aces with K,Q,3'

No qualifying low is ``None``; a hand that cannot be formed is a ``ValueError``:

>>> best_hand(low, ["Kh", "Kc", "Qd", "Jd"], board) is None
True
>>> best_hand(high, ["Kh"], board)
Traceback (most recent call last):
...
ValueError: this half uses exactly 2 hole cards; got 1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from rules.cards import RANK_NAMES, RANK_PLURALS, card_str, parse_card
from rules.games import SHORT_DECK_RANKINGS, HalfSpec, Ranking


@dataclass(frozen=True)
class HandValue:
    """The best hand a seat makes for one half.

    ``strength`` orders hands within one half (larger is better, equal is a tie);
    ``cards`` are the cards that play, read best-first as a player would announce them
    (a full house's three of a kind first; a wheel ends with its ace; a low starts with
    its highest card); ``hole`` and ``board`` say which of them came from where, in
    the same order. When several choices of cards make the same hand, the one whose
    cards, read best-first, carry the higher suits is shown (suits only matter for
    stud odd chips, where a player would table that one).
    """

    strength: tuple[int, ...]
    cards: tuple[str, ...]
    hole: tuple[str, ...]
    board: tuple[str, ...]
    description: str


class Category(IntEnum):
    """Five-card categories, numbered in standard high order (Ranking.HIGH)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


SHORT_DECK_ORDER = (
    Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.STRAIGHT, Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH,
)
"""6+ Hold'em: trips beat a straight and a flush beats a full house."""

SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER = (
    Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.STRAIGHT,
    Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH,
)
"""GGPoker's short deck: a flush beats a full house, a straight still beats trips."""

LOWBALL_ORDER = (
    Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE, Category.FOUR_OF_A_KIND,
)
"""Ace-to-five low ignores straights and flushes: only the pairing pattern counts."""

_PATTERN = {
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (4, 1): Category.FOUR_OF_A_KIND,
}

ACE = 14


@dataclass(frozen=True)
class _Made:
    """One five-card (Badugi: up to four) hand as read under one ranking."""

    strength: tuple[int, ...]
    ordered: tuple[int, ...]  # card codes, best-first
    category: Category
    qualifies_up_to: int  # highest card of an unpaired low (or 99: not an unpaired low)


def _rank(code: int) -> int:
    return code // 4 + 2


def _suit(code: int) -> int:
    return code % 4


def _read_five(codes: Sequence[int], *, ace_low: bool, straights: bool,
               wheel_top: int | None) -> tuple[Category, list[int], dict[int, int]]:
    """Category, grouped ranks (most copies first, then highest) and each card's rank value."""
    value = {c: (1 if ace_low and _rank(c) == ACE else _rank(c)) for c in codes}
    counts = Counter(value.values())
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    category = _PATTERN[tuple(sorted(counts.values(), reverse=True))]
    if category is Category.HIGH_CARD and straights:
        flush = len({_suit(c) for c in codes}) == 1
        ranks = sorted(counts)
        straight = ranks[-1] - ranks[0] == 4
        if wheel_top is not None and ranks[-1] == ACE and ranks[:-1] == list(range(wheel_top - 3, wheel_top + 1)):
            straight = True
            grouped = [*range(wheel_top, wheel_top - 4, -1), ACE]
            value = {c: (0 if _rank(c) == ACE else _rank(c)) for c in codes}  # the ace reads last
        if straight:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        elif flush:
            category = Category.FLUSH
    return category, grouped, value


def _best_first(codes: Sequence[int], value: dict[int, int]) -> tuple[int, ...]:
    copies = Counter(value.values())
    return tuple(sorted(codes, key=lambda c: (copies[value[c]], value[c], _suit(c)), reverse=True))


def _high_made(codes: Sequence[int], order: Sequence[Category], *, wheel_top: int | None) -> _Made:
    category, grouped, value = _read_five(codes, ace_low=False, straights=True, wheel_top=wheel_top)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        tiebreak: list[int] = [grouped[0]]
    else:
        tiebreak = grouped
    return _Made((order.index(category), *tiebreak), _best_first(codes, value), category, 99)


def _made_high(codes: Sequence[int]) -> _Made:
    return _high_made(codes, tuple(Category), wheel_top=5)


def _made_short_deck(codes: Sequence[int]) -> _Made:
    return _high_made(codes, SHORT_DECK_ORDER, wheel_top=9)


def _made_short_deck_straight_over_trips(codes: Sequence[int]) -> _Made:
    return _high_made(codes, SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER, wheel_top=9)


def _made_low_a5(codes: Sequence[int]) -> _Made:
    category, grouped, value = _read_five(codes, ace_low=True, straights=False, wheel_top=None)
    strength = (-LOWBALL_ORDER.index(category), *(-r for r in grouped))
    top = grouped[0] if category is Category.HIGH_CARD else 99
    return _Made(strength, _best_first(codes, value), category, top)


def _made_low_27(codes: Sequence[int]) -> _Made:
    high = _high_made(codes, tuple(Category), wheel_top=None)
    top = high.strength[1] if high.category is Category.HIGH_CARD else 99
    return _Made(tuple(-x for x in high.strength), high.ordered, high.category, top)


def _badugi_made(codes: Sequence[int], *, ace_value: int) -> _Made:
    """The best Badugi among ``codes``: most cards with no shared rank or suit, then lowest."""

    def value(c: int) -> int:
        return ace_value if _rank(c) == ACE else _rank(c)

    for size in range(min(4, len(codes)), 0, -1):
        best: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        for subset in combinations(codes, size):
            if len({_rank(c) for c in subset}) < size or len({_suit(c) for c in subset}) < size:
                continue
            ordered = tuple(sorted(subset, key=lambda c: (value(c), _suit(c)), reverse=True))
            strength = (size, *(-value(c) for c in ordered))
            key = (strength, tuple(_suit(c) for c in ordered), ordered)
            if best is None or key[:2] > best[:2]:
                best = key
        if best is not None:
            return _Made(best[0], best[2], Category.HIGH_CARD, 99)
    raise ValueError("a Badugi needs at least one card")


_FIVE_CARD: dict[Ranking, Callable[[Sequence[int]], _Made]] = {
    Ranking.HIGH: _made_high,
    Ranking.HIGH_SHORT_DECK: _made_short_deck,
    Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS: _made_short_deck_straight_over_trips,
    Ranking.LOW_A5: _made_low_a5,
    Ranking.LOW_27: _made_low_27,
}


def made_hand(ranking: Ranking, codes: Sequence[int]) -> tuple[int, ...]:
    """The strength of exactly these cards (five; Badugi: one to four) under ``ranking``.

    >>> made_hand(Ranking.HIGH, [parse_card(c) for c in ("Ah", "2d", "3c", "4s", "5h")])
    (4, 5)
    >>> made_hand(Ranking.LOW_27, [parse_card(c) for c in ("Ah", "2d", "3c", "4s", "5h")])
    (0, -14, -5, -4, -3, -2)
    >>> made_hand(Ranking.BADUGI_ACE_LOW, [parse_card(c) for c in ("Ah", "2d", "3c", "Ks")])
    (4, -13, -3, -2, -1)

    Short deck's two rankings part on three of a kind against a straight:

    >>> straight = [parse_card(c) for c in ("Ks", "Qs", "Jd", "Tc", "Ah")]
    >>> trips = [parse_card(c) for c in ("Td", "Ts", "Tc", "Ah", "Jd")]
    >>> made_hand(Ranking.HIGH_SHORT_DECK, trips) > made_hand(Ranking.HIGH_SHORT_DECK, straight)
    True
    >>> gg = Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS
    >>> made_hand(gg, straight) > made_hand(gg, trips), made_hand(gg, straight), made_hand(gg, trips)
    (True, (4, 14), (3, 10, 14, 11))
    """
    if ranking is Ranking.BADUGI_ACE_LOW:
        return _badugi_made(codes, ace_value=1).strength
    if ranking is Ranking.BADUGI_ACE_HIGH:
        return _badugi_made(codes, ace_value=ACE).strength
    return _FIVE_CARD[ranking](codes).strength


def _rank_char(value: int) -> str:
    return "A" if value in (1, ACE) else "23456789TJQK"[value - 2] if value >= 2 else "A"


def _name(value: int, plural: bool = False) -> str:
    rank = ACE if value in (0, 1) else value
    return (RANK_PLURALS if plural else RANK_NAMES)[rank]


def _high_phrase(category: Category, ordered: Sequence[int], value: Callable[[int], int]) -> str:
    ranks = [value(c) for c in ordered]
    chars = [_rank_char(r) for r in ranks]
    if category is Category.HIGH_CARD:
        return f"high card {_name(ranks[0])} with {','.join(chars[1:])}"
    if category is Category.PAIR:
        return f"a pair of {_name(ranks[0], True)} with {','.join(chars[2:])}"
    if category is Category.TWO_PAIR:
        return f"two pair, {_name(ranks[0], True)} and {_name(ranks[2], True)} with {chars[4]}"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {_name(ranks[0], True)} with {','.join(chars[3:])}"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_name(ranks[0], True)} with {chars[4]}"
    if category is Category.FULL_HOUSE:
        return f"a full house, {_name(ranks[0], True)} full of {_name(ranks[3], True)}"
    if category is Category.FLUSH:
        return f"a flush, {','.join(chars)}"
    if category is Category.STRAIGHT:
        return f"a straight, {_name(ranks[4])} to {_name(ranks[0])}"
    if ranks[0] == ACE and ranks[4] == 10:
        return "a royal flush"
    return f"a straight flush, {_name(ranks[4])} to {_name(ranks[0])}"


_BADUGI_SIZES = {3: "three-card ", 2: "two-card ", 1: "one-card "}


def describe(ranking: Ranking, made: _Made) -> str:
    """How a player announces the hand: ``"a full house, Aces full of Sevens"``, ``"6,4,3,2,A"``."""
    ordered = made.ordered
    if ranking in (Ranking.BADUGI_ACE_LOW, Ranking.BADUGI_ACE_HIGH):
        ranks = ",".join(card_str(c)[0] for c in ordered)
        return f"{_BADUGI_SIZES.get(len(ordered), '')}Badugi: {ranks}"
    if ranking is Ranking.LOW_A5:
        if made.category is Category.HIGH_CARD:
            return ",".join(card_str(c)[0] for c in ordered)
        return _high_phrase(made.category, ordered, lambda c: 1 if _rank(c) == ACE else _rank(c))
    if ranking is Ranking.LOW_27 and made.category is Category.HIGH_CARD:
        return ",".join(card_str(c)[0] for c in ordered)
    wheel_ace_last = made.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and _rank(ordered[-1]) == ACE
    return _high_phrase(made.category, ordered, lambda c: 1 if wheel_ace_last and c == ordered[-1] else _rank(c))


def _make(ranking: Ranking, codes: Sequence[int]) -> _Made:
    if ranking is Ranking.BADUGI_ACE_LOW:
        return _badugi_made(codes, ace_value=1)
    if ranking is Ranking.BADUGI_ACE_HIGH:
        return _badugi_made(codes, ace_value=ACE)
    return _FIVE_CARD[ranking](codes)


def _codes(cards: Sequence[str], what: str) -> list[int]:
    if isinstance(cards, str):
        raise ValueError(f"{what} must be a sequence of cards, not the string {cards!r}")
    return [parse_card(c) for c in cards]


def _choices(spec: HalfSpec, hole: list[int], board: list[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (hole part, board part) the half allows a seat to play."""
    badugi = spec.ranking in (Ranking.BADUGI_ACE_LOW, Ranking.BADUGI_ACE_HIGH)
    hole_used, board_used = spec.hole_used, spec.board_used
    if hole_used is not None and len(hole) < hole_used:
        raise ValueError(f"this half uses exactly {hole_used} hole cards; got {len(hole)}")
    if board_used is not None and len(board) < board_used:
        raise ValueError(f"this half uses exactly {board_used} board cards; got {len(board)}")
    if hole_used is None and board_used is None:
        pool = hole + board
        if len(pool) < spec.hand_size:
            raise ValueError(f"a {spec.ranking.value} hand needs {spec.hand_size} cards; got {len(pool)}")
        if badugi:  # the Badugi search picks its own subset of everything held
            yield tuple(hole), tuple(board)
            return
        in_hole = set(hole)
        for five in combinations(pool, spec.hand_size):
            yield tuple(c for c in five if c in in_hole), tuple(c for c in five if c not in in_hole)
        return
    if hole_used is None:
        hole_used = spec.hand_size - (board_used or 0)
    if board_used is None:
        board_used = spec.hand_size - hole_used
    if not 0 <= hole_used <= len(hole) or not 0 <= board_used <= len(board):
        raise ValueError(f"cannot take {hole_used} hole and {board_used} board cards from {len(hole)} and {len(board)}")
    for hole_part in combinations(hole, hole_used):
        for board_part in combinations(board, board_used):
            yield hole_part, board_part


def _qualifies(spec: HalfSpec, made: _Made) -> bool:
    return spec.qualifier is None or made.qualifies_up_to <= spec.qualifier


def best_hand(spec: HalfSpec, hole: Sequence[str], board: Sequence[str] = ()) -> HandValue | None:
    """The best hand ``hole`` (with ``board``) makes for the half ``spec``, or None if no
    choice of cards qualifies (no 8-or-better low).

    For stud, ``hole`` is every card the seat holds (up to seven) and ``board`` a shared
    seventh-street card if one was dealt. Raises ``ValueError`` when the cards cannot
    form a hand for this half (too few cards, a duplicated card, an unreadable card, a
    card below six in a short-deck game).

    >>> from rules.games import game_spec
    >>> stud_high, stud_low = game_spec("stud_hilo").halves
    >>> seven = ["As", "Ad", "7h", "7s", "3d", "2c", "4c"]
    >>> best_hand(stud_high, seven).description
    'two pair, Aces and Sevens with 4'
    >>> best_hand(stud_low, seven).description
    '7,4,3,2,A'
    >>> trips = ["As", "Ad", "Ac", "7h", "7s", "3d", "2c"]
    >>> best_hand(stud_high, trips).description, best_hand(stud_low, trips)
    ('a full house, Aces full of Sevens', None)
    >>> best_hand(game_spec("razz").halves[0], trips).description
    'a pair of Aces with 7,3,2'
    >>> best_hand(game_spec("holdem").halves[0], ["5c", "5d"], ["5c", "8s", "9s", "Ts", "Js"])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card '5c'
    """
    hole_codes = _codes(hole, "hole")
    board_codes = _codes(board, "board")
    seen: set[int] = set()
    for code in hole_codes + board_codes:
        if code in seen:
            raise ValueError(f"duplicate card {card_str(code)!r}")
        seen.add(code)
    if spec.ranking in SHORT_DECK_RANKINGS:
        for code in hole_codes + board_codes:
            if _rank(code) < 6:
                raise ValueError(f"short-deck game: no card below Six, got {card_str(code)!r}")
    best: tuple[tuple[int, ...], tuple[int, ...], _Made, frozenset[int]] | None = None
    for hole_part, board_part in _choices(spec, hole_codes, board_codes):
        made = _make(spec.ranking, hole_part + board_part)
        if not _qualifies(spec, made):
            continue
        key = (made.strength, tuple(_suit(c) for c in made.ordered))
        if best is None or key > best[:2]:
            best = (*key, made, frozenset(hole_part))
    if best is None:
        return None
    made, from_hole = best[2], best[3]
    return HandValue(
        strength=made.strength,
        cards=tuple(card_str(c) for c in made.ordered),
        hole=tuple(card_str(c) for c in made.ordered if c in from_hole),
        board=tuple(card_str(c) for c in made.ordered if c not in from_hole),
        description=describe(spec.ranking, made),
    )
