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

Every element and attribute of a ``<HAND>`` is one ``_ATTRIBUTES`` lists (with those
skipped on purpose); any other, an element nested in one, or an ``<XSHOW>`` (a seat that
does not show) holding cards fails the hand.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Iterator
from xml.etree.ElementTree import Element, ParseError

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
from parsers.base import HandText, BetTracker, cards, show_element
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^[ \t\ufeff]*<HAND\b", re.M)
_SESSION = re.compile(r"<SESSION\b[^>]*/>")
_ELEMENT = re.compile(r"<HAND\b.*?</HAND>", re.S)
_SNIFF = re.compile(r"<SESSION time=\"\d+\" tableName=\"[^\"]*\" id=\"[^\"]*\" type=\"")
_GAMES = {"omaha-hi": Game.OMAHA, "hold-em": Game.HOLDEM, "omaha-hi-lo": Game.OMAHA_HILO}
_LIMITS = {"pot-limit": Limit.POT, "no-limit": Limit.NO, "fixed-limit": Limit.FIXED, "limit": Limit.FIXED}
_CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
# The attributes each element of a <HAND> may carry; any other element, attribute or
# nested element fails the hand, so that nothing that might move money is passed over.
# Known and not read: ``index``, ``stakes`` (the blinds are read), a win's ``potAmount``
# (the pot it is paid from, which the <SWEEP> prints net).
_ATTRIBUTES: dict[str, frozenset[str]] = {
    "SEAT": frozenset({"position", "name", "balance"}),
    "DEALER": frozenset({"position"}),
    "BLIND": frozenset({"position", "amount", "penalty"}),
    "ANTE": frozenset({"position", "amount", "penalty"}),
    "HOLE": frozenset({"position"}),
    "COMMUNITY": frozenset(),
    "BET": frozenset({"position", "amount", "allin"}),
    "FOLD": frozenset({"position"}),
    "PUSH": frozenset({"position", "amount"}),
    "SWEEP": frozenset({"rake", "tax"}),
    "SHOW": frozenset({"position"}),
    "MUCK": frozenset({"position"}),
    "XSHOW": frozenset({"position"}),
    "XBLIND": frozenset({"position"}),
    "CHAT": frozenset({"time", "name"}),
    "WIN": frozenset({"position", "amount", "pot", "potAmount"}),
}
_HAND_ATTRIBUTES = frozenset({"time", "id", "index", "blinds", "stakes"})


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


def _err(reason: QuarantineReason, message: str, hand_id: str | None = None) -> HandParseError:
    return HandParseError(reason, message, hand_id)


def _parse(text: str) -> ParsedHand:
    session_text = getattr(text, "context", None) or None
    own = _SESSION.search(text)
    m = _ELEMENT.search(text)
    if own and (not m or own.start() < m.start()):
        session_text = own.group(0)
    if not m:
        hid = re.search(r'<HAND\b[^>]*\bid="(\d+)"', text)
        if "<HAND" in text:
            raise _err(QuarantineReason.TRUNCATED, "<HAND> element without its </HAND>: hand cut off",
                       hid.group(1) if hid else None)
        raise _err(QuarantineReason.PARSE_ERROR, f"no <HAND> element in {text[:80]!r}")
    try:
        root = fromstring(m.group(0))
    except ParseError as exc:
        raise _err(QuarantineReason.PARSE_ERROR, f"XML: {exc}") from None
    hand_id = root.get("id")
    _check_elements(root, hand_id)
    if session_text is None:
        raise _err(QuarantineReason.PARSE_ERROR,
                   "no <SESSION> header reached this hand: game, limit and currency unknown", hand_id)
    session = fromstring(session_text)
    game = _GAMES.get(session.get("game", ""))
    if game is None:
        raise _err(QuarantineReason.UNSUPPORTED_GAME, f"game {session.get('game')!r} not known", hand_id)
    is_tournament = session.get("type") != "ring"
    money = session.get("money", "")
    currency = _CURRENCIES.get(money) if not is_tournament else None
    scale = 100 if currency else 1
    epoch = root.get("time", "")
    utc = datetime.fromtimestamp(int(epoch), timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if epoch.isdigit() else None
    hand = ParsedHand(
        hand_id=hand_id, platform=Platform.EVEREST, format=Format.EVEREST, game=game,
        limit=_LIMITS.get(session.get("gametype", "")), is_tournament=is_tournament, amount_scale=scale,
        currency=currency, tournament_id=session.get("id") if is_tournament else None,
        is_play_money=not is_tournament and currency is None, table_name=session.get("tableName"),
        start_time_raw=epoch or None, start_time_utc=utc, hand_date=utc[:10] if utc else None,
    )
    if not is_tournament and currency is None:
        hand.notes.append(f"money {money!r}: read as play money")

    def amount(el: Element, name: str = "amount") -> int:
        value = el.get(name)
        if value is None or not re.fullmatch(r"\d+", value):
            raise _err(QuarantineReason.BAD_AMOUNT, f"{name}={value!r} is not whole cents in <{el.tag} {el.attrib}>",
                       hand_id)
        return int(value)

    blinds = re.findall(r"[\d.,]+", root.get("blinds", ""))
    if len(blinds) == 2:
        try:
            hand.small_blind, hand.big_blind = (DOT.to_minor(b.replace(",", "."), scale) for b in blinds)
        except AmountError as exc:
            raise _err(QuarantineReason.BAD_AMOUNT, f"blinds: {exc}", hand_id) from None
    seats: dict[int, SeatRecord] = {}
    tracker = BetTracker()
    street = Street.PREFLOP
    board: list[str] = []
    sweep: Element | None = None
    seen_win = False

    def record(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False,
               on: Street | None = None) -> None:
        hand.actions.append(ActionRecord(len(hand.actions) + 1, on or street, seat, kind, value, all_in))

    def seat_of(el: Element) -> SeatRecord:
        pos = el.get("position", "")
        if not pos.isdigit() or int(pos) + 1 not in seats:
            raise _err(QuarantineReason.INCONSISTENT, f"<{el.tag}> for an empty position: {el.attrib}", hand_id)
        return seats[int(pos) + 1]

    big_blind_posted = False
    for el in root:
        tag = el.tag
        if tag == "SEAT":
            # positions count from 0 and seats from 1: seat = position + 1
            seat = SeatRecord(int(el.get("position")) + 1, el.get("name", ""), amount(el, "balance"))
            seats[seat.seat] = seat
            hand.seats.append(seat)
        elif tag == "DEALER":
            hand.button_seat = int(el.get("position")) + 1
        elif tag in ("BLIND", "ANTE"):
            seat, value = seat_of(el), amount(el)
            penalty = amount(el, "penalty") if el.get("penalty") is not None else 0
            if tag == "ANTE":
                tracker.dead(seat.seat, value)
                hand.ante = value
                record(seat.seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
                continue
            tracker.add(seat.seat, value)
            small_posted = any(a.kind == ActionKind.POST_SMALL_BLIND for a in hand.actions)
            if not small_posted and not big_blind_posted and value == hand.small_blind:
                kind = ActionKind.POST_SMALL_BLIND
            elif not big_blind_posted:
                kind, big_blind_posted = ActionKind.POST_BIG_BLIND, True
            else:
                kind = ActionKind.POST_BLIND
            record(seat.seat, kind, value, on=Street.PREDEAL)
            if penalty:
                tracker.dead(seat.seat, penalty)
                record(seat.seat, ActionKind.POST_DEAD, penalty, on=Street.PREDEAL)
        elif tag == "HOLE":
            seat = seat_of(el)
            try:
                seat.cards = list(seat.cards) + (cards(el.text or "") if (el.text or "").strip("-") else [None])
            except HandParseError as exc:
                raise _err(exc.reason, exc.message, hand_id) from None
        elif tag == "COMMUNITY":
            try:
                new = [c for c in cards(el.text or "") if c]
            except HandParseError as exc:
                raise _err(exc.reason, exc.message, hand_id) from None
            board.extend(new)
            street = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}.get(len(board), street)
            tracker.new_street()
        elif tag == "BET":
            seat, value = seat_of(el), amount(el)
            if value == 0:
                record(seat.seat, ActionKind.CHECK)
                continue
            top = tracker.max_street_bet()
            tracker.add(seat.seat, value)
            after = tracker.street_bet(seat.seat)
            all_in = el.get("allin") == "1"
            seat.all_in = seat.all_in or all_in
            record(seat.seat, ActionKind.CALL if after <= top else (ActionKind.RAISE if top else ActionKind.BET),
                   value, all_in)
        elif tag == "FOLD":
            seat = seat_of(el)
            seat.folded_street = street
            record(seat.seat, ActionKind.FOLD)
        elif tag == "PUSH":
            seat, value = seat_of(el), amount(el)
            tracker.returned(seat.seat, value)
            record(seat.seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED,
                                             show_element(el)))
        elif tag == "SWEEP":
            sweep = el
        elif tag in ("SHOW", "MUCK"):
            seat = seat_of(el)
            if (el.text or "").strip():
                try:
                    seat.cards = cards(el.text)
                except HandParseError as exc:
                    raise _err(exc.reason, exc.message, hand_id) from None
            if tag == "SHOW":
                seat.showed = True
                record(seat.seat, ActionKind.SHOW, on=Street.SHOWDOWN)
            else:
                seat.mucked = True
                record(seat.seat, ActionKind.MUCK, on=Street.SHOWDOWN)
        elif tag == "CHAT":  # table chat: words, no money
            pass
        elif tag == "XBLIND":
            # a seat that does not post its blind, and so sits the hand out: no money, no cards
            seat = seat_of(el)
            seat.dealt_in = False
            hand.notes.append(f"seat {seat.seat} did not post its blind (<XBLIND>): not dealt in")
        elif tag == "XSHOW":  # a seat that does not show: no cards
            seat_of(el)
            if (el.text or "").strip():
                raise _err(QuarantineReason.PARSE_ERROR, f"<XSHOW> with cards not read: {show_element(el)} {el.text!r}", hand_id)
        elif tag == "WIN":
            seen_win = True
            seat, value = seat_of(el), amount(el)
            pot = el.get("pot")
            hand.payouts.append(PayoutRecord(seat.seat, value, int(pot) if pot and pot.isdigit() else None, None,
                                             Half.UNLABELLED if game in SPLIT_GAMES else Half.WHOLE,
                                             PayoutSource.POT, show_element(el)))
        else:
            raise _err(QuarantineReason.PARSE_ERROR, f"element <{tag}> not known: {el.attrib}", hand_id)
    if not seen_win:
        raise _err(QuarantineReason.TRUNCATED, "no <WIN>: the hand has no result", hand_id)
    hand.boards = [board] if board else []
    for seat in hand.seats:
        seat.contributed = tracker.contributed(seat.seat)
        if seat.cards and all(c is None for c in seat.cards):
            seat.cards = [None] * len(seat.cards)
    if sweep is not None:
        hand.rake, hand.rake_source = amount(sweep, "rake") if sweep.get("rake") else 0, RakeSource.PRINTED
        tax = amount(sweep, "tax") if sweep.get("tax") else 0
        if tax:
            hand.fees, hand.fee_detail = tax, {"tax": tax}
        if (sweep.text or "").strip().isdigit():
            hand.total_pot_printed = int(sweep.text.strip())
            hand.pots_printed, hand.pots_printed_net = [hand.total_pot_printed], True
    else:
        hand.rake, hand.rake_source = None, RakeSource.ABSENT
        hand.notes.append("no <SWEEP>: rake not printed")
    return hand


def _check_elements(root: Element, hand_id: str | None) -> None:
    """Fail the hand on an element, attribute or nested element ``_ATTRIBUTES`` does not list."""
    unknown = sorted(set(root.attrib) - _HAND_ATTRIBUTES)
    if unknown:
        raise _err(QuarantineReason.PARSE_ERROR, f"attribute {unknown[0]}={root.get(unknown[0])!r} of <HAND> not known",
                   hand_id)
    for el in root:
        if el.tag not in _ATTRIBUTES:
            raise _err(QuarantineReason.PARSE_ERROR, f"element <{el.tag}> not known: {el.attrib}", hand_id)
        unknown = sorted(set(el.attrib) - _ATTRIBUTES[el.tag])
        if unknown:
            raise _err(QuarantineReason.PARSE_ERROR,
                       f"attribute {unknown[0]}={el.get(unknown[0])!r} of <{el.tag}> not known: {show_element(el)}", hand_id)
        for child in el:
            raise _err(QuarantineReason.PARSE_ERROR, f"element <{child.tag}> not known inside {show_element(el)}", hand_id)


PARSER = EverestParser()
