"""Everest Poker hand histories: a ``<SESSION .../>`` line, then ``<HAND>`` elements.

::

    <SESSION time="1291146443" tableName="Toulouse-2" id="1069.21.2" type="ring" money="€"
             screenName="Hero" game="omaha-hi" gametype="pot-limit"/>
    <HAND time="1291155932" id="6351562000" index="0" blinds="5 €/10 €" stakes="10 €/10 €">
      <SEAT position="0" name="Hero" balance="100000"/>  <DEALER position="0"/>
      <BLIND position="0" amount="500" penalty="0"/>     <HOLE position="0">8h</HOLE>
      <BET position="0" amount="2500"/>  <FOLD position="0"/>  <COMMUNITY>6s, 8c, Jh</COMMUNITY>
      <SWEEP rake="150" tax="100">5750</SWEEP>  <PUSH position="4" amount="18000"/>
      <WIN position="4" amount="17750" pot="0" potAmount="17750"/>
    </HAND>

File-level header: the game, limit, currency and table are only on ``<SESSION>``.
``split`` hands each ``<HAND>`` over as its exact text, as a ``parsers.base.HandText``
whose ``context`` holds the latest ``<SESSION>`` element before it (the first hand's
span starts at the file start, so it also contains the line itself); ``parse`` reads
the session from that attribute, else from the text, else fails with ``parse_error``.
The parser is not ``chunkable``: a chunk cut mid-file would lose the session.

Positions count from 0; seats are numbered from 1, so a seat is its position + 1.

Choices, checked on the corpus hand: amounts are integer cents (``balance="100000"``
is 1000.00 at 5/10 blinds); ``BET`` adds its amount (SB 500 + 2500 = BB 1000 + 2000),
``amount="0"`` is a check; ``PUSH`` returns an uncalled bet; each ``SWEEP`` carries the
running ``rake`` and ``tax`` and the net pot, so the last sweep's ``rake`` is the rake and
its ``tax`` a fee (``fee_detail['tax']``). ``WIN pot`` is the pot index. Times are Unix.

Every element and attribute of a ``<HAND>`` is one ``_READERS`` lists (with those
skipped on purpose); any other, an element nested in one, or an ``<XSHOW>`` (a seat that
does not show) holding cards fails the hand.

The module reads through the shared XML reader (``parsers.xml_dialect``): the dialect
below is its data, the ``_Hand`` readers its quirks.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from xml.etree.ElementTree import Element

from defusedxml.ElementTree import fromstring

from parsers.base import HandText, cards, show_element, utc_from_epoch
from parsers.engine import CURRENCY_SIGNS, FOLD
from parsers.xml_dialect import XmlDialect, XmlHand, XmlParser, allow_list
from rules.money import DOT, AmountError
from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Limit, Platform, QuarantineReason, RakeSource, Street

_HAND_START = re.compile(r"^[ \t\ufeff]*<HAND\b", re.M)
_SESSION = re.compile(r"<SESSION\b[^>]*/>")
_GAMES = {"omaha-hi": Game.OMAHA, "hold-em": Game.HOLDEM, "omaha-hi-lo": Game.OMAHA_HILO}
_LIMITS = {"pot-limit": Limit.POT, "no-limit": Limit.NO, "fixed-limit": Limit.FIXED, "limit": Limit.FIXED}


def _split(text: str) -> Iterator[tuple[int, str]]:
    """Each ``<HAND>`` as its exact text, with the latest ``<SESSION>`` before it as context."""
    starts = [m.start() for m in _HAND_START.finditer(text)]
    if not starts:
        if _SESSION.sub("", text).strip(" \r\n\t\ufeff"):
            yield 0, text
        return
    if _SESSION.sub("", text[: starts[0]]).strip(" \r\n\t\ufeff"):
        yield 0, text[: starts[0]]
    elif starts[0]:
        starts[0] = 0
    ends = [*starts[1:], len(text)]
    session = None
    for start, end in zip(starts, ends, strict=True):
        for m in _SESSION.finditer(text, 0 if session is None else start, end):
            session = m.group(0)
            break
        yield start, HandText(text[start:end], context=session or "")
        for m in _SESSION.finditer(text, start, end):
            session = m.group(0)


def _parse(text: str) -> ParsedHand:
    session_text = getattr(text, "context", None) or None
    own = _SESSION.search(text)
    root, start, hand = _Hand.element(DIALECT, text)
    if own and own.start() < start:
        session_text = own.group(0)
    hand.check(root)
    if session_text is None:
        raise hand.fail(
            QuarantineReason.PARSE_ERROR, "no <SESSION> header reached this hand: game, limit and currency unknown"
        )
    hand.record = _header(hand, fromstring(session_text), root)
    for el in root:
        _READERS[el.tag][1](hand, el)  # the allow-list passes only the tags read here
    return hand.finish()


def _header(hand: XmlHand, session: Element, root: Element) -> ParsedHand:
    """The hand as its ``<SESSION>`` and ``<HAND>`` attributes describe it: game, money, time, blinds."""
    game = _GAMES.get(session.get("game", ""))
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {session.get('game')!r} not known")
    is_tournament = session.get("type") != "ring"
    money = session.get("money", "")
    currency = CURRENCY_SIGNS.get(money) if not is_tournament else None
    scale = 100 if currency else 1
    epoch = root.get("time", "")
    utc = utc_from_epoch(epoch)
    record = ParsedHand(
        hand_id=hand.hand_id,  # type: ignore[arg-type]  # None only if the HAND has no id, as before
        platform=Platform.EVEREST,
        format=Format.EVEREST,
        game=game,
        limit=_LIMITS.get(session.get("gametype", "")),
        is_tournament=is_tournament,
        amount_scale=scale,
        currency=currency,
        tournament_id=session.get("id") if is_tournament else None,
        is_play_money=not is_tournament and currency is None,
        table_name=session.get("tableName"),
        start_time_raw=epoch or None,
        start_time_utc=utc,
        hand_date=utc[:10] if utc else None,
    )
    if not is_tournament and currency is None:
        record.notes.append(f"money {money!r}: read as play money")
    blinds = re.findall(r"[\d.,]+", root.get("blinds", ""))
    if len(blinds) == 2:
        try:
            record.small_blind, record.big_blind = (DOT.to_minor(b.replace(",", "."), scale) for b in blinds)
        except AmountError as exc:
            raise hand.fail(QuarantineReason.BAD_AMOUNT, f"blinds: {exc}") from None
    return record


class _Hand(XmlHand):
    """The elements of one ``<HAND>``, read in order into its hand."""

    sweep: Element | None = None
    seen_win = False
    big_blind_posted = False

    def cents(self, el: Element, name: str = "amount") -> int:
        value = el.get(name)
        if value is None or not re.fullmatch(r"\d+", value):
            raise self.fail(
                QuarantineReason.BAD_AMOUNT, f"{name}={value!r} is not whole cents in <{el.tag} {el.attrib}>"
            )
        return int(value)

    def read_cards(self, text: str) -> list[str | None]:
        return self.cards(lambda: cards(text))

    def seat_of(self, el: Element) -> SeatRecord:
        pos = el.get("position", "")
        if not pos.isdigit() or int(pos) + 1 not in self.seats:
            raise self.fail(QuarantineReason.INCONSISTENT, f"<{el.tag}> for an empty position: {el.attrib}")
        return self.seats[int(pos) + 1]

    def take_seat(self, el: Element) -> None:
        # positions count from 0 and seats from 1: seat = position + 1
        self.record.seats.append(
            self.seat(
                SeatRecord(
                    int(el.get("position")) + 1,  # type: ignore[arg-type]  # a SEAT without one fails as before
                    el.get("name", ""),
                    self.cents(el, "balance"),
                )
            )
        )

    def dealer(self, el: Element) -> None:
        self.record.button_seat = int(el.get("position")) + 1  # type: ignore[arg-type]

    def blind(self, el: Element) -> None:
        """``<BLIND>`` or ``<ANTE>``, with any ``penalty`` (a dead blind) on top."""
        seat, value = self.seat_of(el), self.cents(el)
        penalty = self.cents(el, "penalty") if el.get("penalty") is not None else 0
        if el.tag == "ANTE":
            self.tracker.dead(seat.seat, value)
            self.record.ante = value
            self.add_action(seat.seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
            return
        self.tracker.add(seat.seat, value)
        small_posted = any(a.kind == ActionKind.POST_SMALL_BLIND for a in self.record.actions)
        if not small_posted and not self.big_blind_posted and value == self.record.small_blind:
            kind = ActionKind.POST_SMALL_BLIND
        elif not self.big_blind_posted:
            kind, self.big_blind_posted = ActionKind.POST_BIG_BLIND, True
        else:
            kind = ActionKind.POST_BLIND
        self.add_action(seat.seat, kind, value, on=Street.PREDEAL)
        if penalty:
            self.tracker.dead(seat.seat, penalty)
            self.add_action(seat.seat, ActionKind.POST_DEAD, penalty, on=Street.PREDEAL)

    def hole(self, el: Element) -> None:
        seat = self.seat_of(el)
        seat.cards = list(seat.cards) + (self.read_cards(el.text or "") if (el.text or "").strip("-") else [None])

    def community(self, el: Element) -> None:
        self.board.extend(c for c in self.read_cards(el.text or "") if c)
        self.street = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}.get(len(self.board), self.street)
        self.tracker.new_street()

    def bet(self, el: Element) -> None:
        """``amount="0"`` is a check; any other amount is added, a call, bet or raise by what it tops."""
        seat, value = self.seat_of(el), self.cents(el)
        if value == 0:
            self.add_action(seat.seat, ActionKind.CHECK)
        else:
            self.unnamed(seat, value, all_in=el.get("allin") == "1")

    def fold(self, el: Element) -> None:
        self.act(FOLD, self.seat_of(el))

    def push(self, el: Element) -> None:
        self.uncalled(self.seat_of(el), self.cents(el), show_element(el))

    def take_sweep(self, el: Element) -> None:
        self.sweep = el  # each carries the running rake and tax: the last one counts

    def show_cards(self, el: Element) -> None:
        """``<SHOW>`` or ``<MUCK>``, with the cards when printed."""
        seat = self.seat_of(el)
        if (el.text or "").strip():
            seat.cards = self.read_cards(el.text or "")
        self.show(seat, showed=el.tag == "SHOW")

    def chat(self, el: Element) -> None:
        """Table chat: words, no money."""

    def sit_out(self, el: Element) -> None:
        """``<XBLIND>``: a seat that does not post its blind sits the hand out (no money, no cards)."""
        seat = self.seat_of(el)
        seat.dealt_in = False
        self.record.notes.append(f"seat {seat.seat} did not post its blind (<XBLIND>): not dealt in")

    def no_show(self, el: Element) -> None:
        """``<XSHOW>``: a seat that does not show, so no cards."""
        self.seat_of(el)
        if (el.text or "").strip():
            raise self.fail(
                QuarantineReason.PARSE_ERROR, f"<XSHOW> with cards not read: {show_element(el)} {el.text!r}"
            )

    def win(self, el: Element) -> None:
        self.seen_win = True
        seat, value, pot = self.seat_of(el), self.cents(el), el.get("pot")
        self.pay(seat.seat, value, int(pot) if pot and pot.isdigit() else None, self.unlabelled(), el)

    def finish(self) -> ParsedHand:
        """What each seat put in, and the rake and tax of the last ``<SWEEP>``."""
        record = self.record
        if not self.seen_win:
            raise self.fail(QuarantineReason.TRUNCATED, "no <WIN>: the hand has no result")
        record.boards = [self.board] if self.board else []
        self.contributions()
        for seat in record.seats:
            if seat.cards and all(c is None for c in seat.cards):
                seat.cards = [None] * len(seat.cards)
        sweep = self.sweep
        if sweep is None:
            record.rake, record.rake_source = None, RakeSource.ABSENT
            record.notes.append("no <SWEEP>: rake not printed")
            return record
        record.rake, record.rake_source = self.cents(sweep, "rake") if sweep.get("rake") else 0, RakeSource.PRINTED
        tax = self.cents(sweep, "tax") if sweep.get("tax") else 0
        if tax:
            record.fees, record.fee_detail = tax, {"tax": tax}
        if (sweep.text or "").strip().isdigit():
            record.total_pot_printed = int((sweep.text or "").strip())
            record.pots_printed, record.pots_printed_net = [record.total_pot_printed], True
        return record


# Each element a <HAND> may hold: its attributes and its reader. Any other element, attribute
# or nested element fails the hand (``parsers.base.unknown_in_xml``), so that nothing that
# might move money is passed over. Known and not read: ``index``, ``stakes`` (the blinds are
# read), a win's ``potAmount`` (the pot it is paid from, which the <SWEEP> prints net).
_READERS: dict[str, tuple[str, Callable[[_Hand, Element], None]]] = {
    "SEAT": ("position name balance", _Hand.take_seat),
    "DEALER": ("position", _Hand.dealer),
    "BLIND": ("position amount penalty", _Hand.blind),
    "ANTE": ("position amount penalty", _Hand.blind),
    "HOLE": ("position", _Hand.hole),
    "COMMUNITY": ("", _Hand.community),
    "BET": ("position amount allin", _Hand.bet),
    "FOLD": ("position", _Hand.fold),
    "PUSH": ("position amount", _Hand.push),
    "SWEEP": ("rake tax", _Hand.take_sweep),
    "SHOW": ("position", _Hand.show_cards),
    "MUCK": ("position", _Hand.show_cards),
    "XSHOW": ("position", _Hand.no_show),
    "XBLIND": ("position", _Hand.sit_out),
    "CHAT": ("time name", _Hand.chat),
    "WIN": ("position amount pot potAmount", _Hand.win),
}
_ELEMENTS = allow_list(
    {
        "HAND": ("time id index blinds stakes", " ".join(_READERS)),
        **{tag: (attributes, "") for tag, (attributes, _) in _READERS.items()},
    }
)

# recorded as ``parser_version``; 2: the real-history sweep's fixes (seats numbered from 1, XBLIND, CHAT)
DIALECT = XmlDialect(
    platform=Platform.EVEREST,
    format=Format.EVEREST,
    version="2",
    root="HAND",
    elements=_ELEMENTS,
    sniff=re.compile(r"<SESSION time=\"\d+\" tableName=\"[^\"]*\" id=\"[^\"]*\" type=\""),
    hand_start=_HAND_START,
)
PARSER = XmlParser(DIALECT, _parse, _split)
