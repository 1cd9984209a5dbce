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

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from xml.etree.ElementTree import Element

from defusedxml.ElementTree import fromstring

from rules.games import SPLIT_GAMES
from rules.money import DOT, AmountError
from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    Limit,
    PayoutSource,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)
from parsers.base import (HandText, BetTracker, append_action, cards, show_element, show_or_muck, unknown_in_xml,
                          utc_from_epoch, xml_element)
from rules.records import HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^[ \t\ufeff]*<HAND\b", re.M)
_SESSION = re.compile(r"<SESSION\b[^>]*/>")
_SNIFF = re.compile(r"<SESSION time=\"\d+\" tableName=\"[^\"]*\" id=\"[^\"]*\" type=\"")
_GAMES = {"omaha-hi": Game.OMAHA, "hold-em": Game.HOLDEM, "omaha-hi-lo": Game.OMAHA_HILO}
_LIMITS = {"pot-limit": Limit.POT, "no-limit": Limit.NO, "fixed-limit": Limit.FIXED, "limit": Limit.FIXED}
_CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}


class EverestParser:
    """Everest ``<HAND>`` elements under a ``<SESSION>`` header."""

    format = Format.EVEREST
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (seats numbered from 1, XBLIND, CHAT)
    version = "2"
    hand_start = _HAND_START
    chunkable = False

    def sniff(self, head: str) -> bool:
        return bool(_SNIFF.search(head))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        starts = [m.start() for m in _HAND_START.finditer(text)]
        if not starts:
            if _SESSION.sub("", text).strip(" \r\n\t\ufeff"):
                yield 0, text
            return
        if _SESSION.sub("", text[: starts[0]]).strip(" \r\n\t\ufeff"):
            yield 0, text[: starts[0]]
        elif starts[0]:
            starts[0] = 0
        ends = starts[1:] + [len(text)]
        session = None
        for start, end in zip(starts, ends):
            for m in _SESSION.finditer(text, 0 if session is None else start, end):
                session = m.group(0)
                break
            piece = HandText(text[start:end], context=session or "")
            yield start, piece
            for m in _SESSION.finditer(text, start, end):
                session = m.group(0)

    def parse(self, hand_text: str) -> ParsedHand:
        return _parse(hand_text)


def _parse(text: str) -> ParsedHand:
    session_text = getattr(text, "context", None) or None
    own = _SESSION.search(text)
    root, start = xml_element(text, "HAND")
    if own and own.start() < start:
        session_text = own.group(0)
    hand_id = root.get("id")
    if problem := unknown_in_xml(root, _ELEMENTS):
        raise HandParseError(QuarantineReason.PARSE_ERROR, problem, hand_id)
    if session_text is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR,
                             "no <SESSION> header reached this hand: game, limit and currency unknown", hand_id)
    reader = _HandReader(_header(fromstring(session_text), root, hand_id))
    for el in root:
        _READERS[el.tag][1](reader, el)  # the allow-list passes only the tags read here
    return reader.finish()


def _header(session: Element, root: Element, hand_id: str | None) -> ParsedHand:
    """The hand as its ``<SESSION>`` and ``<HAND>`` attributes describe it: game, money, time, blinds."""
    game = _GAMES.get(session.get("game", ""))
    if game is None:
        raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"game {session.get('game')!r} not known", hand_id)
    is_tournament = session.get("type") != "ring"
    money = session.get("money", "")
    currency = _CURRENCIES.get(money) if not is_tournament else None
    scale = 100 if currency else 1
    epoch = root.get("time", "")
    utc = utc_from_epoch(epoch)
    hand = ParsedHand(
        hand_id=hand_id, platform=Platform.EVEREST, format=Format.EVEREST, game=game,
        limit=_LIMITS.get(session.get("gametype", "")), is_tournament=is_tournament, amount_scale=scale,
        currency=currency, tournament_id=session.get("id") if is_tournament else None,
        is_play_money=not is_tournament and currency is None, table_name=session.get("tableName"),
        start_time_raw=epoch or None, start_time_utc=utc, hand_date=utc[:10] if utc else None,
    )
    if not is_tournament and currency is None:
        hand.notes.append(f"money {money!r}: read as play money")
    blinds = re.findall(r"[\d.,]+", root.get("blinds", ""))
    if len(blinds) == 2:
        try:
            hand.small_blind, hand.big_blind = (DOT.to_minor(b.replace(",", "."), scale) for b in blinds)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"blinds: {exc}", hand_id) from None
    return hand


class _HandReader:
    """The elements of one ``<HAND>``, read in order into its hand."""

    def __init__(self, hand: ParsedHand):
        self.hand, self.hand_id = hand, hand.hand_id
        self.seats: dict[int, SeatRecord] = {}
        self.tracker = BetTracker()
        self.street = Street.PREFLOP
        self.board: list[str] = []
        self.sweep: Element | None = None
        self.seen_win = False
        self.big_blind_posted = False

    def fail(self, reason: QuarantineReason, message: str) -> HandParseError:
        return HandParseError(reason, message, self.hand_id)

    def amount(self, el: Element, name: str = "amount") -> int:
        value = el.get(name)
        if value is None or not re.fullmatch(r"\d+", value):
            raise self.fail(QuarantineReason.BAD_AMOUNT,
                            f"{name}={value!r} is not whole cents in <{el.tag} {el.attrib}>")
        return int(value)

    def cards(self, text: str) -> list[str | None]:
        try:
            return cards(text)
        except HandParseError as exc:
            raise self.fail(exc.reason, exc.message) from None

    def record(self, seat: int, kind: ActionKind, value: int | None = None, all_in: bool = False,
               on: Street | None = None) -> None:
        append_action(self.hand, on or self.street, seat, kind, value, all_in)

    def seat_of(self, el: Element) -> SeatRecord:
        pos = el.get("position", "")
        if not pos.isdigit() or int(pos) + 1 not in self.seats:
            raise self.fail(QuarantineReason.INCONSISTENT, f"<{el.tag}> for an empty position: {el.attrib}")
        return self.seats[int(pos) + 1]

    def take_seat(self, el: Element) -> None:
        # positions count from 0 and seats from 1: seat = position + 1
        seat = SeatRecord(int(el.get("position")) + 1, el.get("name", ""), self.amount(el, "balance"))
        self.seats[seat.seat] = seat
        self.hand.seats.append(seat)

    def dealer(self, el: Element) -> None:
        self.hand.button_seat = int(el.get("position")) + 1

    def blind(self, el: Element) -> None:
        """``<BLIND>`` or ``<ANTE>``, with any ``penalty`` (a dead blind) on top."""
        seat, value = self.seat_of(el), self.amount(el)
        penalty = self.amount(el, "penalty") if el.get("penalty") is not None else 0
        if el.tag == "ANTE":
            self.tracker.dead(seat.seat, value)
            self.hand.ante = value
            self.record(seat.seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
            return
        self.tracker.add(seat.seat, value)
        small_posted = any(a.kind == ActionKind.POST_SMALL_BLIND for a in self.hand.actions)
        if not small_posted and not self.big_blind_posted and value == self.hand.small_blind:
            kind = ActionKind.POST_SMALL_BLIND
        elif not self.big_blind_posted:
            kind, self.big_blind_posted = ActionKind.POST_BIG_BLIND, True
        else:
            kind = ActionKind.POST_BLIND
        self.record(seat.seat, kind, value, on=Street.PREDEAL)
        if penalty:
            self.tracker.dead(seat.seat, penalty)
            self.record(seat.seat, ActionKind.POST_DEAD, penalty, on=Street.PREDEAL)

    def hole(self, el: Element) -> None:
        seat = self.seat_of(el)
        seat.cards = list(seat.cards) + (self.cards(el.text or "") if (el.text or "").strip("-") else [None])

    def community(self, el: Element) -> None:
        self.board.extend(c for c in self.cards(el.text or "") if c)
        self.street = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}.get(len(self.board), self.street)
        self.tracker.new_street()

    def bet(self, el: Element) -> None:
        """``amount="0"`` is a check; any other amount is added, a call, bet or raise by what it tops."""
        seat, value = self.seat_of(el), self.amount(el)
        if value == 0:
            self.record(seat.seat, ActionKind.CHECK)
            return
        kind = self.tracker.add_unnamed(seat.seat, value)
        all_in = el.get("allin") == "1"
        seat.all_in = seat.all_in or all_in
        self.record(seat.seat, kind, value, all_in)

    def fold(self, el: Element) -> None:
        seat = self.seat_of(el)
        seat.folded_street = self.street
        self.record(seat.seat, ActionKind.FOLD)

    def push(self, el: Element) -> None:
        seat, value = self.seat_of(el), self.amount(el)
        self.tracker.returned(seat.seat, value)
        self.record(seat.seat, ActionKind.UNCALLED_RETURN, value)
        self.hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED,
                                              show_element(el)))

    def take_sweep(self, el: Element) -> None:
        self.sweep = el  # each carries the running rake and tax: the last one counts

    def show(self, el: Element) -> None:
        """``<SHOW>`` or ``<MUCK>``, with the cards when printed."""
        seat = self.seat_of(el)
        if (el.text or "").strip():
            seat.cards = self.cards(el.text or "")
        show_or_muck(self.hand, seat, showed=el.tag == "SHOW")

    def chat(self, el: Element) -> None:
        """Table chat: words, no money."""

    def sit_out(self, el: Element) -> None:
        """``<XBLIND>``: a seat that does not post its blind sits the hand out (no money, no cards)."""
        seat = self.seat_of(el)
        seat.dealt_in = False
        self.hand.notes.append(f"seat {seat.seat} did not post its blind (<XBLIND>): not dealt in")

    def no_show(self, el: Element) -> None:
        """``<XSHOW>``: a seat that does not show, so no cards."""
        self.seat_of(el)
        if (el.text or "").strip():
            raise self.fail(QuarantineReason.PARSE_ERROR,
                            f"<XSHOW> with cards not read: {show_element(el)} {el.text!r}")

    def win(self, el: Element) -> None:
        self.seen_win = True
        seat, value = self.seat_of(el), self.amount(el)
        pot = el.get("pot")
        self.hand.payouts.append(PayoutRecord(seat.seat, value, int(pot) if pot and pot.isdigit() else None, None,
                                              Half.UNLABELLED if self.hand.game in SPLIT_GAMES else Half.WHOLE,
                                              PayoutSource.POT, show_element(el)))

    def finish(self) -> ParsedHand:
        """What each seat put in, and the rake and tax of the last ``<SWEEP>``."""
        hand = self.hand
        if not self.seen_win:
            raise self.fail(QuarantineReason.TRUNCATED, "no <WIN>: the hand has no result")
        hand.boards = [self.board] if self.board else []
        for seat in hand.seats:
            seat.contributed = self.tracker.contributed(seat.seat)
            if seat.cards and all(c is None for c in seat.cards):
                seat.cards = [None] * len(seat.cards)
        sweep = self.sweep
        if sweep is None:
            hand.rake, hand.rake_source = None, RakeSource.ABSENT
            hand.notes.append("no <SWEEP>: rake not printed")
            return hand
        hand.rake, hand.rake_source = self.amount(sweep, "rake") if sweep.get("rake") else 0, RakeSource.PRINTED
        tax = self.amount(sweep, "tax") if sweep.get("tax") else 0
        if tax:
            hand.fees, hand.fee_detail = tax, {"tax": tax}
        if (sweep.text or "").strip().isdigit():
            hand.total_pot_printed = int((sweep.text or "").strip())
            hand.pots_printed, hand.pots_printed_net = [hand.total_pot_printed], True
        return hand


# Each element a <HAND> may hold: its attributes and its reader. Any other element, attribute
# or nested element fails the hand (``parsers.base.unknown_in_xml``), so that nothing that
# might move money is passed over. Known and not read: ``index``, ``stakes`` (the blinds are
# read), a win's ``potAmount`` (the pot it is paid from, which the <SWEEP> prints net).
_READERS: dict[str, tuple[frozenset[str], Callable[[_HandReader, Element], None]]] = {
    "SEAT": (frozenset({"position", "name", "balance"}), _HandReader.take_seat),
    "DEALER": (frozenset({"position"}), _HandReader.dealer),
    "BLIND": (frozenset({"position", "amount", "penalty"}), _HandReader.blind),
    "ANTE": (frozenset({"position", "amount", "penalty"}), _HandReader.blind),
    "HOLE": (frozenset({"position"}), _HandReader.hole),
    "COMMUNITY": (frozenset(), _HandReader.community),
    "BET": (frozenset({"position", "amount", "allin"}), _HandReader.bet),
    "FOLD": (frozenset({"position"}), _HandReader.fold),
    "PUSH": (frozenset({"position", "amount"}), _HandReader.push),
    "SWEEP": (frozenset({"rake", "tax"}), _HandReader.take_sweep),
    "SHOW": (frozenset({"position"}), _HandReader.show),
    "MUCK": (frozenset({"position"}), _HandReader.show),
    "XSHOW": (frozenset({"position"}), _HandReader.no_show),
    "XBLIND": (frozenset({"position"}), _HandReader.sit_out),
    "CHAT": (frozenset({"time", "name"}), _HandReader.chat),
    "WIN": (frozenset({"position", "amount", "pot", "potAmount"}), _HandReader.win),
}
_ELEMENTS = {"HAND": (frozenset({"time", "id", "index", "blinds", "stakes"}), frozenset(_READERS)),
             **{tag: (attributes, frozenset()) for tag, (attributes, _) in _READERS.items()}}


PARSER = EverestParser()
