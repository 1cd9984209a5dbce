"""Cards as the contract writes them (``"Ac"``) and as the batch evaluator stores them.

A card code is ``4 * rank_index + suit_index``: ``RANKS`` and ``SUITS`` are both in
ascending order, so codes sort by rank first and by suit second, and the suit index is
also the odd-chip suit order (clubs < diamonds < hearts < spades).

>>> parse_card("2c"), parse_card("Ac"), parse_card("As")
(0, 48, 51)
>>> card_str(51), rank_of("Td"), suit_rank("Td")
('As', 10, 1)
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # suit order for odd chips: s > h > d > c

RANK_NAMES = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}
RANK_PLURALS = {rank: name + ("es" if name == "Six" else "s") for rank, name in RANK_NAMES.items()}

_CODE_OF = {rank + suit: 4 * r + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
_TEXT_OF = {code: text for text, code in _CODE_OF.items()}


#: every card as the contract writes it
CARD_TEXTS = frozenset(_CODE_OF)


class CardError(ValueError):
    """A printed card that is not one of the 52."""


def read_card(text: str) -> str:
    """A card as a platform prints it, in the contract's two characters: the rank upper
    case (``10`` read as ``T``), then the suit lower case.

    >>> read_card("10h"), read_card("As"), read_card("ad"), read_card(" Kc ")
    ('Th', 'As', 'Ad', 'Kc')
    >>> read_card("1x")
    Traceback (most recent call last):
    ...
    rules.cards.CardError: not a card: '1x'
    """
    t = text.strip()
    if t.startswith("10"):
        t = "T" + t[2:]
    normal = t[:1].upper() + t[1:].lower()
    if normal not in _CODE_OF:
        raise CardError(f"not a card: {text!r}")
    return normal


def parse_card(text: str) -> int:
    """The code 0..51 of a two-character card (rank upper case, suit lower case).

    >>> parse_card("Kh")
    46
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1x'
    """
    try:
        return _CODE_OF[text]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {text!r}") from None


def card_str(code: int) -> str:
    """The two-character text of a card code.

    >>> card_str(0), card_str(46)
    ('2c', 'Kh')
    >>> card_str(52)
    Traceback (most recent call last):
    ...
    ValueError: not a card code: 52
    """
    try:
        return _TEXT_OF[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code: {code!r}") from None


def rank_of(card: str) -> int:
    """The rank 2..14 of a card; the ace is 14 (rankings that play it low map it to 1).

    >>> rank_of("2c"), rank_of("Ah")
    (2, 14)
    """
    return parse_card(card) // 4 + 2


def suit_rank(card: str) -> int:
    """The suit's odd-chip order: clubs 0 < diamonds 1 < hearts 2 < spades 3.

    >>> [suit_rank(c) for c in ("Ac", "Ad", "Ah", "As")]
    [0, 1, 2, 3]
    """
    return parse_card(card) % 4
