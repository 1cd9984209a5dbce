"""The small protocol each platform's parser implements, and the helpers they share.

A parser turns the decoded text of one file into hands. It works in three steps so that
ingest can stream large files and spread them over processes:

1. ``sniff(head)``: does this file (its first few KB of text) belong to this format?
2. ``split(text)``: where does each hand start? Yields ``(char_offset, hand_text)``;
   leading chatter before the first hand is not a hand.
3. ``parse(hand_text)``: one ``rules.records.ParsedHand``, or ``HandParseError`` with a
   quarantine reason and a message precise enough to fix the parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Callable, Iterator, Mapping, Protocol
from xml.etree.ElementTree import Element

from rules.cards import CardError, read_card
from rules.records import ActionRecord, HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, QuarantineReason, RakeSource, Street


class HandText(str):
    """One hand's exact text as it stands in the file, plus the file-level text it needs.

    XML sessions (iPoker, Merge, Everest) state the game, stakes or currency once, before
    the hands. ``split`` yields ``HandText(slice, context=header)``: the value is exactly
    the file's slice (byte offsets and ``raw_sha256`` depend on that) and ``parse`` reads
    the header from ``context``. Such parsers set ``chunkable = False`` so that a large
    file is never cut away from its header.

    >>> h = HandText("<game/>", context="<session/>")
    >>> h == "<game/>", h.context
    (True, '<session/>')
    """

    context: str

    def __new__(cls, text: str, context: str = "") -> "HandText":
        obj = super().__new__(cls, text)
        obj.context = context
        return obj


class Parser(Protocol):
    """One text dialect. Implementations are stateless and picklable.

    ``split`` must yield hands whose text is exactly ``text[offset:offset + len(hand)]``;
    a parser that needs a file header passes it as ``HandText.context``. Optional
    attributes: ``chunkable`` (default True: a large file may be cut at ``hand_start``
    matches and parsed in pieces) and ``version`` (recorded as ``parser_version``).
    """

    format: Format
    #: matches at the first character of every hand; used to cut big files in chunks
    hand_start: re.Pattern[str]

    def sniff(self, head: str) -> bool: ...

    def split(self, text: str) -> Iterator[tuple[int, str]]: ...

    def parse(self, hand_text: str) -> ParsedHand: ...


@dataclass(frozen=True)
class ColumnarReader:
    """A reader of many hands at once, in columns, for one format: an accelerator of its
    ``Parser``, which stays the reference.

    ``read(chunk)`` takes a chunk of UTF-8 bytes cut at ``cut`` (a pattern that matches
    where a hand starts) and returns what it read exactly as the parser would, with the
    hands it leaves to the parser; or None when it takes nothing of that chunk.
    ``screens``: ``read`` itself takes nothing of a chunk that holds a control character
    (but tab, line feed, carriage return) or a line longer than ``MAX_LINE_BYTES``, which
    ingest would otherwise look for first (``audit.ingest.parse``).
    """

    cut: re.Pattern[bytes]
    read: Callable[[bytes | str], Any]
    screens: bool = False


#: The longest line (bytes of UTF-8) a hand may hold: longer, it is quarantined unread, as
#: a parser's patterns cost more than linear time on such lines (``audit.ingest.parse``).
MAX_LINE_BYTES = 64 * 1024


def split_at(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    """Cut ``text`` at every match of ``pattern`` (which must match a hand's first line).

    Text before the first match is ignored if blank; otherwise it is returned as a hand
    of its own at offset 0, so that a file cut at the front still reaches quarantine.

    >>> import re
    >>> list(split_at(re.compile(r"^Hand ", re.M), "Hand 1\\nx\\n\\nHand 2\\n"))
    [(0, 'Hand 1\\nx\\n\\n'), (10, 'Hand 2\\n')]
    """
    return cut_at(text, [m.start() for m in pattern.finditer(text)])


def cut_at(text: str, starts: list[int]) -> Iterator[tuple[int, str]]:
    """``text`` cut where its hands start (``starts``, in order), as :func:`split_at` cuts it.

    >>> list(cut_at("junk\\nHand 1\\n", [5])), list(cut_at(" \\n", []))
    ([(0, 'junk\\n'), (5, 'Hand 1\\n')], [])
    """
    if not starts:
        if text.strip(" \r\n\t\ufeff"):
            yield 0, text
        return
    if starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff"):
        yield 0, text[: starts[0]]
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        yield start, text[start:end]


def card(text: str) -> str:
    """``rules.cards.read_card`` for parsers: a card that is not one quarantines the hand.

    >>> card("10h"), card("ad")
    ('Th', 'Ad')
    >>> card("1x")
    Traceback (most recent call last):
    ...
    rules.records.HandParseError: bad_cards: not a card: '1x'
    """
    try:
        return read_card(text)
    except CardError as exc:
        raise HandParseError(QuarantineReason.BAD_CARDS, str(exc)) from None


def show_element(el: Element) -> str:
    """An element as an investigator reads it in a quarantine message.

    >>> from defusedxml.ElementTree import fromstring
    >>> show_element(fromstring('<winner amount="0.35" player="0"><x/></winner>'))
    '<winner amount="0.35" player="0"/>'
    """
    return "<" + el.tag + "".join(f' {k}="{v}"' for k, v in el.attrib.items()) + "/>"


def unknown_in_xml(root: Element, known: Mapping[str, tuple[frozenset[str], frozenset[str]]],
                   values: Mapping[tuple[str, str], frozenset[str]] | None = None) -> str | None:
    """What in ``root`` and below ``known`` does not list, said plainly; None when it all is.

    The one element/attribute allow-list of the XML formats. ``known`` gives each tag its
    attributes and its children's tags (``root``'s tag is in it); a key ``parent/tag``
    declares a tag that means something else under that parent (it wins over ``tag``).
    ``values`` lists, for some ``(tag, attribute)``, the only values known to say
    nothing happened. XML parsers fail a hand on anything else: a platform's new
    attribute or element may carry money (a jackpot, a rake per pot) that would
    otherwise pass unread.

    >>> from defusedxml.ElementTree import fromstring
    >>> known = {"game": (frozenset({"id"}), frozenset({"winner"})), "winner": (frozenset({"amount"}), frozenset())}
    >>> unknown_in_xml(fromstring('<game id="1"><winner amount="2"/></game>'), known) is None
    True
    >>> print(unknown_in_xml(fromstring('<game id="1"><winner amount="2" rake="1"/></game>'), known))
    attribute rake='1' of <winner> not known: <winner amount="2" rake="1"/>
    >>> unknown_in_xml(fromstring('<game id="1"><jackpot amount="1"/></game>'), known)
    'element <jackpot amount="1"/> not known inside <game>'
    >>> seats = {"Game": (frozenset({"badbeat"}), frozenset({"Seat", "Action"})), "Seat": (frozenset({"num"}), frozenset()),
    ...          "Action": (frozenset(), frozenset({"Seat"})), "Action/Seat": (frozenset({"num", "amount"}), frozenset())}
    >>> unknown_in_xml(fromstring('<Game badbeat="false"><Seat num="1"/><Action><Seat num="1" amount="5"/></Action></Game>'),
    ...                seats, {("Game", "badbeat"): frozenset({"false"})}) is None
    True
    >>> print(unknown_in_xml(fromstring('<Game badbeat="true"/>'), seats, {("Game", "badbeat"): frozenset({"false"})}))
    badbeat='true' of <Game> not read: <Game badbeat="true"/>
    >>> print(unknown_in_xml(fromstring('<Game><Seat num="1" amount="5"/></Game>'), seats))
    attribute amount='5' of <Seat> not known: <Seat num="1" amount="5"/>
    """
    def visit(el: Element, parent: str) -> str | None:
        attributes, children = known.get(f"{parent}/{el.tag}") or known[el.tag]  # children are checked before their turn
        unknown = sorted(set(el.attrib) - attributes)
        if unknown:
            return f"attribute {unknown[0]}={el.get(unknown[0])!r} of <{el.tag}> not known: {show_element(el)}"
        for name, value in el.attrib.items():
            allowed = (values or {}).get((el.tag, name))
            if allowed is not None and value not in allowed:
                return f"{name}={value!r} of <{el.tag}> not read: {show_element(el)}"
        for child in el:
            if child.tag not in children:
                return f"element {show_element(child)} not known inside <{el.tag}>"
        for child in el:
            if problem := visit(child, el.tag):
                return problem
        return None

    return visit(root, "")


def xml_element(text: str, tag: str, id_attribute: str = "id") -> tuple[Element, int]:
    """The first whole ``<tag ...>...</tag>`` of a hand's text, parsed, and where it starts.

    For XML formats whose every hand is one element: an element opened and never closed
    is a hand cut off (named by its ``id_attribute`` when the start tag has one); no
    element at all, or one that is not well-formed, a parse error.

    >>> xml_element('junk <HAND id="7"><SEAT/></HAND>', "HAND")[0].find("SEAT") is not None
    True
    >>> xml_element('<HAND id="7"><SEAT/>', "HAND")
    Traceback (most recent call last):
    ...
    rules.records.HandParseError: truncated: <HAND> element without its </HAND>: hand cut off
    """
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException  # imported here: most formats are not XML
    from defusedxml.ElementTree import fromstring

    m = re.search(rf"<{tag}\b.*?</{tag}>", text, re.S)
    if not m:
        if f"<{tag}" in text:
            named = re.search(rf'<{tag}\b[^>]*\b{id_attribute}="(\d+)"', text)
            raise HandParseError(QuarantineReason.TRUNCATED, f"<{tag}> element without its </{tag}>: hand cut off",
                                 named.group(1) if named else None)
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"no <{tag}> element in {text[:80]!r}")
    try:
        return fromstring(m.group(0)), m.start()
    except (ParseError, DefusedXmlException) as exc:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"XML: {exc}") from None


def utc_from_epoch(epoch: str) -> str | None:
    """A start time written as seconds since 1970 (UTC), as ISO UTC; None when it is not one.

    >>> utc_from_epoch("1300000000"), utc_from_epoch("")
    ('2011-03-13T07:06:40Z', None)
    """
    return datetime.fromtimestamp(int(epoch), UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if epoch.isdigit() else None


def append_action(hand: ParsedHand, street: Street, seat: int | None, kind: ActionKind, amount: int | None = None,
                  all_in: bool = False) -> None:
    """Record an action of ``hand``, numbered after those before it (for readers not on
    ``parsers.engine``, which numbers its own)."""
    hand.actions.append(ActionRecord(len(hand.actions) + 1, street, seat, kind, amount, all_in))


def show_or_muck(hand: ParsedHand, seat: SeatRecord, *, showed: bool) -> None:
    """A seat's hand shown (``showed``) or mucked at showdown, recorded as such."""
    if showed:
        seat.showed = True
    else:
        seat.mucked = True
    append_action(hand, Street.SHOWDOWN, seat.seat, ActionKind.SHOW if showed else ActionKind.MUCK)


#: what a pair of square brackets holds (cards, an amount), one group per pair
BRACKETS = re.compile(r"\[([^\]]*)\]")
#: an amount as most dialects print it (``$1,192.50``, ``€0.25``, ``500``), as group ``amt``
AMOUNT = r"(?P<amt>[$€£]?[\d,]+(?:\.\d+)?)"


def cards(text: str) -> list[str | None]:
    """Cards separated by spaces; face-down placeholders (``X``, ``??``, ``[]``) are None.

    The old way: a dialect on ``parsers.engine`` reads cards with its ``cards`` reader
    (by default ``parsers.engine.read_cards``), which also knows OnGame's ``-``.

    >>> cards("Ac 3d X")
    ['Ac', '3d', None]
    """
    out: list[str | None] = []
    for tok in text.replace(",", " ").split():
        if tok.upper() in {"X", "XX", "??", "?", "[]", "**"}:
            out.append(None)
        else:
            out.append(card(tok))
    return out


class BetTracker:
    """What each seat has put in, street by street, as betting lines are read (the
    engine's bookkeeping: ``parsers.engine.Hand`` drives one per hand).

    Platforms print either the amount added (``calls $2``) or the total a seat raised
    to (``raises $2 to $4``); both land here so that every parser derives
    ``contributed`` the same way.

    >>> t = BetTracker()
    >>> t.add(1, 5); t.add(2, 10)          # blinds
    >>> t.raise_to(1, 30)                  # SB raises to 30: adds 25
    25
    >>> t.add(2, 20); t.new_street(); t.add(1, 50); t.returned(1, 50)
    >>> t.contributed(1), t.contributed(2)
    (30, 30)
    """

    __slots__ = ("_total", "_street", "_dead", "_dead_blind")

    def __init__(self) -> None:
        self._total: dict[int, int] = {}
        self._street: dict[int, int] = {}
        self._dead: dict[int, int] = {}
        self._dead_blind: dict[int, int] = {}

    def add(self, seat: int, amount: int) -> None:
        self._total[seat] = self._total.get(seat, 0) + amount
        self._street[seat] = self._street.get(seat, 0) + amount

    def dead(self, seat: int, amount: int, *, blind: bool = False) -> None:
        """Money into the pot that does not count toward the seat's bet this street
        (``blind``: a dead blind, which :meth:`unmatched` never returns; an ante is not)."""
        self._total[seat] = self._total.get(seat, 0) + amount
        self._dead[seat] = self._dead.get(seat, 0) + amount
        if blind:
            self._dead_blind[seat] = self._dead_blind.get(seat, 0) + amount

    def raise_to(self, seat: int, total_this_street: int) -> int:
        """The seat's bet this street becomes ``total_this_street``; returns what it added."""
        added = total_this_street - self._street.get(seat, 0)
        if added < 0:
            raise HandParseError(
                QuarantineReason.INCONSISTENT,
                f"seat {seat} raises to {total_this_street} but has {self._street.get(seat, 0)} in already",
            )
        self.add(seat, added)
        return added

    def add_unnamed(self, seat: int, amount: int) -> ActionKind:
        """Add an amount whose action the history does not name (an all-in, a bare bet):
        a call when it tops no bet of the street, else a bet or a raise.

        >>> t = BetTracker()
        >>> t.add_unnamed(1, 10), t.add_unnamed(2, 30), t.add_unnamed(1, 20)
        (<ActionKind.BET: 'bet'>, <ActionKind.RAISE: 'raise'>, <ActionKind.CALL: 'call'>)
        """
        before = self.max_street_bet()
        self.add(seat, amount)
        if self.street_bet(seat) <= before:
            return ActionKind.CALL
        return ActionKind.RAISE if before else ActionKind.BET

    def street_bet(self, seat: int) -> int:
        return self._street.get(seat, 0)

    def max_street_bet(self) -> int:
        return max(self._street.values(), default=0)

    def new_street(self) -> None:
        self._street.clear()

    def returned(self, seat: int, amount: int) -> None:
        self._total[seat] = self._total.get(seat, 0) - amount
        self._street[seat] = self._street.get(seat, 0) - amount

    def contributed(self, seat: int) -> int:
        return self._total.get(seat, 0)

    def seats(self) -> dict[int, int]:
        return dict(self._total)

    def unmatched(self, *, lone: bool = False) -> tuple[int, int] | None:
        """``(seat, amount)`` of the largest contribution's part no other seat matched, or None.

        For platforms that print no uncalled-bet line: the largest contribution can only
        be contested up to the second largest, so the rest goes back to its seat whatever
        happens at showdown. Nothing is changed here; the caller records the return.

        >>> t = BetTracker()
        >>> t.add(1, 50); t.add(2, 20); t.add(3, 20)
        >>> t.unmatched()
        (1, 30)
        >>> t.add(2, 30); t.unmatched() is None
        True
        >>> t = BetTracker()  # a returning seat's dead small blind is not returned with its bet
        >>> t.dead(1, 2, blind=True); t.add(1, 15); t.add(2, 5)
        >>> t.unmatched()
        (1, 10)
        >>> t = BetTracker(); t.add(3, 10)  # ``lone``: a seat alone in putting money in gets it all back
        >>> t.unmatched(), t.unmatched(lone=True)
        (None, (3, 10))
        """
        # a dead blind is forfeit to the pot: it neither matches a bet nor comes back with one
        matched = {seat: total - self._dead_blind.get(seat, 0) for seat, total in self._total.items()}
        ranked = sorted(matched.items(), key=lambda seat_total: seat_total[1], reverse=True)
        if len(ranked) >= 2 and ranked[0][1] > ranked[1][1]:
            return ranked[0][0], ranked[0][1] - ranked[1][1]
        if lone and len(ranked) == 1 and ranked[0][1] > 0:
            return ranked[0]
        return None


def infer_rake(record: ParsedHand, notes: list[str], *, inferred: str, overpaid: str = "",
               tournament: str | None = None) -> None:
    """The rake of a hand that prints none, noted in ``notes``: 0 for a tournament where
    ``tournament`` (the note) says the platform rakes no tournament pot; else everything
    put in less everything paid from the pots (``inferred``, a note that may name
    ``{put_in}``, ``{paid}``, ``{rake}``); when more was paid than put in, unknown
    (``absent``, noted ``overpaid``, which may name ``{put_in}``, ``{paid}`` and ``{excess}``,
    the one less the other).

    >>> from rules.vocab import Game, Platform
    >>> hand = ParsedHand("1", Platform.MERGE, Format.MERGE_XML, Game.HOLDEM, None, False, 100)
    >>> hand.seats = [SeatRecord(1, "a", 100, contributed=50)]
    >>> notes: list[str] = []
    >>> infer_rake(hand, notes, inferred="put in {put_in}, paid {paid}: rake {rake}")
    >>> hand.rake, hand.rake_source.value, notes
    (50, 'inferred', ['put in 50, paid 0: rake 50'])
    """
    put_in, paid = record.pot_total, record.paid_from_pots()
    if tournament is not None and record.is_tournament:
        record.rake, record.rake_source = 0, RakeSource.INFERRED
        notes.append(tournament)
    elif paid <= put_in:
        record.rake, record.rake_source = put_in - paid, RakeSource.INFERRED
        notes.append(inferred.format(put_in=put_in, paid=paid, rake=put_in - paid))
    else:
        record.rake, record.rake_source = None, RakeSource.ABSENT
        if overpaid:
            notes.append(overpaid.format(put_in=put_in, paid=paid, excess=paid - put_in))


def unprinted_uncalled_note(seat: int, amount: int) -> str:
    """The note a parser leaves when it returned an uncalled bet the platform did not print."""
    return f"uncalled bet not printed: {amount} returned to seat {seat} (what no other seat matched)"


def leading_lines(head: str, count: int) -> list[str]:
    """The first ``count`` lines of a file's head, after leading BOMs and blank space.

    Lines are cut at ``\\n`` and lose the ``\\r`` of CRLF endings; fewer come back when
    the head is shorter. For ``sniff`` methods that test a dialect's first lines.

    >>> leading_lines("\\ufeff\\r\\n Hand #1\\r\\nTable 'x'\\r\\nSeat 1", 2)
    ['Hand #1', "Table 'x'"]
    """
    return [line.rstrip("\r") for line in head.lstrip("\ufeff \r\n\t").split("\n", count)[:count]]


def hand_text_lines(hand_text: str) -> list[str]:
    """A hand's lines cut at ``\\n``, without leading BOMs or the ``\\r`` of CRLF endings.

    Blank lines and other trailing space stay: some dialects give them meaning.

    >>> hand_text_lines("\\ufeffHand 1\\r\\nSeat 1 \\r\\n")
    ['Hand 1', 'Seat 1 ', '']
    """
    return [line.rstrip("\r") for line in hand_text.lstrip("\ufeff").split("\n")]


class TextParser:
    """``sniff`` and ``split`` for a text dialect whose every hand starts with a known line
    (``parsers.engine.DialectParser`` is one, for the dialects declared as data).

    A subclass sets ``format``, ``hand_start`` (matches at the first character of every
    hand) and ``head_pattern`` (matches at the start of a file of the dialect, once
    leading BOMs and blank space are skipped), and implements ``parse``. A dialect that
    recognises its files or cuts its hands another way overrides ``sniff`` or ``split``.
    Instances hold no state, so they pickle and can be shared between processes.
    """

    format: Format
    hand_start: re.Pattern[str]
    head_pattern: re.Pattern[str]

    def sniff(self, head: str) -> bool:
        return bool(self.head_pattern.match(head.lstrip("\ufeff \r\n\t")))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_at(self.hand_start, text)

    def parse(self, hand_text: str) -> ParsedHand:
        raise NotImplementedError(f"{type(self).__name__} must implement parse")


#: what may stand before an XML file's root element: declaration, comments, a DOCTYPE
#: naming a DTD. A DOCTYPE with an internal subset (``[...]``, where entities are
#: declared) is not matched: such a file reads as junk and is quarantined.
XML_PROLOGUE = r"<\?xml[^>]*\?>|<!--.*?-->|<!DOCTYPE[^\[>]*>"
_PROLOGUE_RUN = re.compile(rf"(?:\ufeff|\s|{XML_PROLOGUE})*", re.S)


def after_xml_prologue(text: str) -> str:
    """``text`` from its root element on: a byte-order mark, blanks, the declaration,
    comments and a DOCTYPE before it skipped.

    >>> after_xml_prologue('<?xml version="1.0"?>\\n<!DOCTYPE session SYSTEM "x.dtd">\\n<session>')
    '<session>'
    >>> after_xml_prologue('<!DOCTYPE s [<!ENTITY e "x">]><session>')[:10]
    '<!DOCTYPE '
    """
    return text[_PROLOGUE_RUN.match(text).end():]  # type: ignore[union-attr]  # * always matches


def split_joining_chatter(pattern: re.Pattern[str], chatter: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    """``split_at`` for files that open with chatter (an XML prolog, a root tag, a banner).

    When ``chatter`` matches the whole text before the first hand, that text joins the
    first hand (which then starts at offset 0) instead of being a hand of its own, so the
    file's bytes stay covered. Text that is not chatter is still returned as a hand of its
    own, so that a file cut at the front reaches quarantine.

    >>> import re
    >>> hand, banner = re.compile(r"^<Game", re.M), re.compile(r"^(?:\\s|--BANNER--)*$")
    >>> list(split_joining_chatter(hand, banner, "--BANNER--\\n<Game 1/>\\n<Game 2/>"))
    [(0, '--BANNER--\\n<Game 1/>\\n'), (21, '<Game 2/>')]
    >>> list(split_joining_chatter(hand, banner, "junk\\n<Game 1/>"))
    [(0, 'junk\\n'), (5, '<Game 1/>')]
    """
    starts = [m.start() for m in pattern.finditer(text)]
    if not starts:
        if not chatter.match(text):
            yield 0, text
        return
    if not chatter.match(text[: starts[0]]):
        yield 0, text[: starts[0]]
    elif starts[0]:
        starts[0] = 0
    ends = starts[1:] + [len(text)]
    for start, end in zip(starts, ends):
        yield start, text[start:end]
