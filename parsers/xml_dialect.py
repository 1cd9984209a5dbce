"""One reader for the XML hand histories: a dialect is data, this module reads it.

iPoker, Merge, Microgaming, Boss Media and Everest write a hand as an XML element; each
says the same things in its own elements (who sits where with what, who posts, bets,
raises or folds, which cards fall, what came back, who won what, what the house took).
``parsers.engine`` reads the line-by-line formats; this module is its counterpart for
XML, and shares its verbs (``parsers.engine.Act`` and ``Money``: the action-kind table)
and its bet tracker (``parsers.base.BetTracker``). A platform is an :class:`XmlDialect`:

* **the allow-list** (``elements``, built with :func:`allow_list`; ``values``): every
  element and attribute a hand may hold. Anything else quarantines the hand as
  ``parse_error`` naming it (``parsers.base.unknown_in_xml``), so that a platform's new
  attribute or element, which may carry money, is never passed over unread;
* **the hand's element** (``root``, named by its ``id_attribute``), how its amounts are
  spelt (``money``, a ``rules.money`` convention; ``wording`` for the errors); each
  module's action table (what each action's type records and what its amount does) is
  written on the engine's ``Act``, which ``XmlHand.act`` takes;
* **the file**: ``sniff`` (a pattern searched in a file's head), ``hand_start`` and the
  ``chatter`` a file may open with, which joins its first hand
  (``parsers.base.split_joining_chatter``); a format whose hands need a file header cuts
  them itself (:class:`XmlParser`'s ``cut``) and is not ``chunkable``.

:class:`XmlHand` is the hand builder: the record, the seats, the tracker, the street and
the board, and the steps every dialect takes (:meth:`XmlHand.act` for a verb of the
table, :meth:`XmlHand.uncalled` for a printed return, :meth:`XmlHand.pay`). A dialect's
quirks are the named functions and methods of its own module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar
from xml.etree.ElementTree import Element

from parsers.base import BetTracker, append_action, show_element, show_or_muck, split_joining_chatter, unknown_in_xml
from parsers.base import xml_element as _xml_element
from parsers.engine import Act, Money
from rules.games import SPLIT_GAMES
from rules.money import DOT, AmountError, NumberConvention
from rules.records import HandParseError, ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, Street

AllowList = Mapping[str, tuple[frozenset[str], frozenset[str]]]
V = TypeVar("V")


def allow_list(spec: Mapping[str, tuple[str, str]]) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """The allow-list ``unknown_in_xml`` reads, from ``tag: ("attributes", "children")``
    written as words (a key ``parent/tag``: the tag as it stands under that parent).

    >>> attributes, children = allow_list({"game": ("id", "winner round"), "winner": ("amount", "")})["game"]
    >>> sorted(attributes), sorted(children)
    (['id'], ['round', 'winner'])
    """
    return {
        tag: (frozenset(attributes.split()), frozenset(children.split()))
        for tag, (attributes, children) in spec.items()
    }


def spelt(spec: Mapping[str, V]) -> dict[str, V]:
    """A table whose keys are words: each key of ``spec`` lists, space-separated, the
    spellings of one value (a platform's codes, round names, event types).

    >>> spelt({"1 2": "holdem", "4": "omaha"})
    {'1': 'holdem', '2': 'holdem', '4': 'omaha'}
    """
    return {word: value for words, value in spec.items() for word in words.split()}


@dataclass(frozen=True)
class XmlWording:
    """How a dialect's errors are phrased (the platform's old reader phrased them so).

    ``hand`` wraps every message (``{hand_id}``, ``{message}``; only when the id is
    known); ``no_amount`` names the element without an amount (``{tag}``, ``{attrib}``);
    ``bad_amount`` an amount that is not one (``{error}``, ``{hand_id}``, ``{what}``).
    """

    hand: str = "{message}"
    no_amount: str = "no amount in <{tag} {attrib}>"
    bad_amount: str = "hand {hand_id}: {error}"
    blank_is_missing: bool = False  # an empty amount is missing, not malformed


@dataclass(frozen=True)
class XmlDialect:
    """How one platform writes a hand in XML (see the module's docstring for each part)."""

    platform: Platform
    format: Format
    version: str
    root: str
    elements: AllowList
    sniff: re.Pattern[str]
    hand_start: re.Pattern[str]
    id_attribute: str = "id"
    values: Mapping[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    chatter: re.Pattern[str] | None = None
    money: NumberConvention = DOT
    wording: XmlWording = XmlWording()

    def unknown(self, root: Element) -> str | None:
        """What in ``root`` the allow-list does not know, said plainly (None: all of it)."""
        return unknown_in_xml(root, self.elements, self.values)


class XmlParser:
    """The ``parsers.base.Parser`` of a dialect: ``read`` parses one hand's text; ``cut``
    (for formats whose hands carry a file header as ``HandText.context``, and so are not
    ``chunkable``) splits a file, else hands are cut at ``hand_start`` with the dialect's
    ``chatter`` joining the first. Instances hold no state, so they pickle."""

    def __init__(
        self,
        dialect: XmlDialect,
        read: Callable[[str], ParsedHand],
        cut: Callable[[str], Iterator[tuple[int, str]]] | None = None,
    ):
        self.dialect, self.read, self.cut, self.chunkable = dialect, read, cut, cut is None
        self.format, self.version, self.hand_start = dialect.format, dialect.version, dialect.hand_start

    def sniff(self, head: str) -> bool:
        return bool(self.dialect.sniff.search(head))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        if self.cut is not None:
            return self.cut(text)
        assert self.dialect.chatter is not None, "a dialect without its own cut declares its chatter"
        return split_joining_chatter(self.dialect.hand_start, self.dialect.chatter, text)

    def parse(self, hand_text: str) -> ParsedHand:
        return self.read(hand_text)


class XmlHand:
    """One hand as its elements are read: the record (set by the dialect's header step),
    the seats by the key actions name them with, the bets, the street and the board."""

    def __init__(self, dialect: XmlDialect, hand_id: str | None = None):
        self.dialect = dialect
        self.hand_id = hand_id
        self.scale = 100
        self.record: ParsedHand = None  # type: ignore[assignment]  # set by the dialect's header step
        self.seats: dict[Any, SeatRecord] = {}
        self.tracker = BetTracker()
        self.street = Street.PREFLOP
        self.board: list[str] = []

    @classmethod
    def element(cls, dialect: XmlDialect, text: str) -> tuple[Element, int, Self]:
        """The hand's element in ``text`` (see ``parsers.base.xml_element``), where it
        starts, and a hand for it named by its id."""
        root, start = _xml_element(text, dialect.root, dialect.id_attribute)
        return root, start, cls(dialect, root.get(dialect.id_attribute))

    def new_record(self, **fields: Any) -> ParsedHand:
        """The hand's ``ParsedHand``: its id, platform, format and scale, and ``fields``."""
        d = self.dialect
        hand_id: str = self.hand_id  # type: ignore[assignment]  # a dialect that needs one has checked it
        return ParsedHand(hand_id=hand_id, platform=d.platform, format=d.format, amount_scale=self.scale, **fields)

    def fail(self, reason: QuarantineReason, message: str) -> HandParseError:
        """The error that quarantines this hand (raise it), worded as the dialect says."""
        if self.hand_id:
            message = self.dialect.wording.hand.format(hand_id=self.hand_id, message=message)
        return HandParseError(reason, message, self.hand_id)

    def check(self, root: Element) -> None:
        """Fail the hand on anything in ``root`` the dialect's allow-list does not know."""
        if problem := self.dialect.unknown(root):
            raise self.fail(QuarantineReason.PARSE_ERROR, problem)

    def amount(self, value: str | None, where: Element | str) -> int:
        """A printed amount in minor units at the hand's scale; ``where`` (the element,
        or words) is named when it is missing or malformed."""
        wording = self.dialect.wording
        if value is None or (value == "" and wording.blank_is_missing):
            assert isinstance(where, Element)
            raise self.fail(QuarantineReason.PARSE_ERROR, wording.no_amount.format(tag=where.tag, attrib=where.attrib))
        try:
            return self.dialect.money.to_minor(value, self.scale)
        except AmountError as exc:
            what = where if isinstance(where, str) else where.tag
            raise self.fail(
                QuarantineReason.BAD_AMOUNT, wording.bad_amount.format(error=exc, hand_id=self.hand_id, what=what)
            ) from None

    def cards(self, read: Callable[[], list[str | None]]) -> list[str | None]:
        """``read()``'s cards; a card that is not one quarantines this hand, named."""
        try:
            return read()
        except HandParseError as exc:
            raise self.fail(exc.reason, exc.message) from None

    def seat(self, seat: SeatRecord, key: Any = None) -> SeatRecord:
        """Seat a player, found by ``key`` (its number unless actions name it otherwise)."""
        self.seats[seat.seat if key is None else key] = seat
        return seat

    def add_action(
        self,
        seat: int | None,
        kind: ActionKind,
        amount: int | None = None,
        all_in: bool = False,
        on: Street | None = None,
        changed: int | None = None,
    ) -> None:
        append_action(self.record, on or self.street, seat, kind, amount, all_in)
        if changed is not None:
            self.record.actions[-1].cards_changed = changed

    def act(self, verb: Act, seat: SeatRecord, amount: int | None = None, *, all_in: bool = False) -> int | None:
        """Record ``verb`` of ``seat`` with ``amount`` moved as its ``money`` says (a forced
        bet on ``predeal``; a second of a ``later`` kind is that kind; the first amount
        fills the field it ``sets``); what it added."""
        kind = verb.kind
        if verb.later is not None and any(a.kind == kind for a in self.record.actions):
            kind = verb.later
        added = None if verb.money is Money.NONE else amount
        if verb.money is Money.ADDS:
            self.tracker.add(seat.seat, amount or 0)
        elif verb.money is Money.DEAD:
            self.tracker.dead(seat.seat, amount or 0, blind=kind == ActionKind.POST_DEAD)
        elif verb.money is Money.TO:
            added = self.tracker.raise_to(seat.seat, amount or 0)
        if verb.sets and not getattr(self.record, verb.sets):
            setattr(self.record, verb.sets, amount)
        if kind == ActionKind.FOLD:
            seat.folded_street = self.street
        if all_in:
            seat.all_in = True
        self.add_action(seat.seat, kind, added, all_in, on=Street.PREDEAL if verb.forced else None)
        return added

    def unnamed(self, seat: SeatRecord, amount: int, *, all_in: bool = False) -> ActionKind:
        """An amount added whose action the history does not name: a call, bet or raise by what it tops."""
        kind = self.tracker.add_unnamed(seat.seat, amount)
        if all_in:
            seat.all_in = True
        self.add_action(seat.seat, kind, amount, all_in)
        return kind

    def show(self, seat: SeatRecord, *, showed: bool) -> None:
        show_or_muck(self.record, seat, showed=showed)

    def uncalled(self, seat: SeatRecord, amount: int, line: str, on: Street | None = None) -> None:
        """A printed return of an uncalled bet: taken back, and paid as ``uncalled``."""
        self.tracker.returned(seat.seat, amount)
        self.add_action(seat.seat, ActionKind.UNCALLED_RETURN, amount, on=on)
        self.record.payouts.append(PayoutRecord(seat.seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))

    def unlabelled(self) -> Half:
        """The half of a pay line that does not say: ``unlabelled`` where the pot can be split."""
        return Half.UNLABELLED if self.record.game in SPLIT_GAMES else Half.WHOLE

    def pay(self, seat: int, amount: int, pot: int | None, half: Half, line: str | Element) -> None:
        text = line if isinstance(line, str) else show_element(line)
        self.record.payouts.append(PayoutRecord(seat, amount, pot, None, half, PayoutSource.POT, text))

    def contributions(self) -> None:
        """What each seat put in, from the tracker."""
        for seat in self.record.seats:
            seat.contributed = self.tracker.contributed(seat.seat)
