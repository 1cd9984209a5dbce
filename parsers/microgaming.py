"""Microgaming (Prima) hand histories: one ``<Game>`` XML element per hand.

Files look like ``----PRIMA.DAT----`` then ``<Game hhversion=".." id=".." date=".."
stakes="5|10" betlimit="PL" gametype="Omaha H/L" currencysymbol="rCA=" rake="300">``
with ``<Seats>`` and ``<Gameplay>`` (``<Action type=".." seat=".." value=".."/>``), and an
``ExtendedTableName:`` line after the element. Everything a hand needs is on its own
``<Game>`` element: no file-level header is carried; ``split`` only keeps the leading
``----PRIMA.DAT----`` chatter inside the first hand's span so it is not a hand.

Choices, each checked on the corpus files:

* Every ``value`` is what the action added (``Call`` 25.00 after a 35.00 raise over a
  10.00 blind; ``AllIn`` is the rest of the stack). Each seat's ``balance`` minus its
  ``endbalance`` plus its winnings is checked against that sum; a seat that got back more
  than it won had an uncalled bet returned without a pay line: that return is recorded
  as an ``uncalled_return`` action (with a note).
* ``rake`` is in cents of the table currency: ``rake="300"`` is 3.00 (105.00 put in,
  102.00 paid). ``currencysymbol`` is the UTF-16-LE symbol in base64 (``rCA=`` is €).
* ``lowhandwin`` is not a per-line half label: in hand 5049160112 seat 6 wins the high
  half (two pair) with no low possible and is flagged ``1``, as is the low winner; a
  scoop is one line flagged ``1`` (hand 4577018979). What holds in every hand: a ``0``
  line has no low money. So per pot: all ``0`` -> ``whole`` (no low was paid); mixed ->
  ``0`` lines ``high`` and ``1`` lines ``low`` when the ``1`` lines add up to no more than
  the ``0`` lines (a line holding high money too would exceed them), else
  ``unlabelled``; all ``1`` -> ``unlabelled``.
* ``<Action type="MoneyReturned">`` is the return of an uncalled bet (its ``value`` is
  what came back; hands 5049093555, 4519660221): an ``uncalled_return`` action and an
  ``uncalled`` payout, as printed.
* Files of 2009 write ``<Game id=..`` without ``hhversion``. Their blinds and ``AllIn``
  read as in later files (``AllIn`` 42.60 after a 1.00 blind is a 43.60 stack), but
  FPDB's converter reads their ``Call``, ``Raise`` and preflop ``Bet`` values as totals
  ("to") and no file here shows one. A total and an addition are the same for a seat with
  nothing in yet on the street; a hand where such an action follows the seat's own money
  on the street is quarantined ``unknown_format``. Their currency symbol is padded (``IAAkAA==`` is `` $``); the one
  such file is named EUR by its collector and FPDB's converter calls it EUR too, so it is
  not read as dollars: an unknown symbol stays a ``parse_error``.
* Tournaments (``istournament="1"``, ``gametype="Multi Table Hold'em"``): chips (scale 1
  when the stakes are whole numbers; ``2790.00`` is then 2790), no currency, and the
  tournament id is the ``[16000000]`` of ``tablename="... [16000000]:Table 10"`` (hand
  5837000000).
* A complete ``<Game>`` with no ``<Action type="Win">`` is no cut-off hand: when nobody
  put anything in, the hand was cancelled (hand 6505340843) and is quarantined
  ``inconsistent``, as ``merge_xml`` does with ``GAME_CANCELLED``; otherwise it is read
  with no payouts (noted), and the audit reports the money nobody was paid.
* ``date`` carries no zone: ``start_time_utc`` is left empty (noted).
* Every element and attribute of a ``<Game>`` is one ``_ELEMENTS`` lists (with those
  skipped on purpose: the viewer's seat and bet, names, counts); ``badbeat`` other than
  ``false`` or ``true`` (a jackpot table) and a win ``type`` other than empty are not read,
  and fail the hand, as do
  any other element or attribute and a no-money action (``_IGNORED``) with a value.
"""

from __future__ import annotations

import base64
import re
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
from parsers.base import XML_PROLOGUE, BetTracker, card, split_joining_chatter
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^\ufeff*<Game\b", re.M)
_ELEMENT = re.compile(r"<Game\b.*?</Game>", re.S)
_CHATTER = re.compile(rf"^(?:{XML_PROLOGUE}|\s|\ufeff|----[^\n]*\.DAT----|ExtendedTableName:[^\n]*)*$", re.S)
_SNIFF = re.compile(r"<Game (?:hhversion=\"\d+\" )?id=\"\d+\"[^>]*\bgametype=\"")
_GAMES = {
    "omaha h/l": Game.OMAHA_HILO,
    "omaha": Game.OMAHA,
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "texas hold'em": Game.HOLDEM,
    "multi table hold'em": Game.HOLDEM,
}
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED}
_CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
_DEALS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_TOURNAMENT_TABLE = re.compile(r"\[(?P<tournament>\d+)\]:Table \d+$")
_IGNORED = {"Disconnect", "Reconnect", "SitOut", "SitIn", "TimeOut", "Chat"}
# Every element a <Game> may hold, by (parent, tag), with its attributes; any other fails
# the hand, so that nothing that might move money is passed over unread. Known and not
# read: the viewer's ``playerseat`` and ``betamount``, table and type names, counts, a
# seat's ``unicodealias`` and ``sittingout`` (its actions tell), a card's ``id``.
_ELEMENTS: dict[tuple[str, str], frozenset[str]] = {
    ("", "Game"): frozenset({"hhversion", "id", "date", "unicodetablename", "tablename", "stakes", "betlimit", "tabletype",
                             "unicodetabletype", "gametypeid", "gametype", "realmoney", "currencysymbol", "currencyId",
                             "playerseat", "betamount", "istournament", "totalplayers", "tablesize", "badbeat", "rake"}),
    ("Game", "Seats"): frozenset(),
    ("Seats", "Seat"): frozenset({"num", "alias", "unicodealias", "balance", "endbalance", "dealer", "sittingout"}),
    ("Game", "Gameplay"): frozenset(),
    ("Gameplay", "Action"): frozenset({"seq", "type", "seat", "value"}),
    ("Action", "Card"): frozenset({"value", "suit", "id"}),
    ("Action", "Seat"): frozenset({"num", "amount", "pot", "type", "lowhandwin"}),
}
# Attribute values known to say nothing happened; any other value fails the hand: a win of
# some other type is not read. ``badbeat="true"`` marks a bad-beat jackpot table, on every
# hand of it (the "Hijack", "Cut-Off" and "Flop" tables; never the "Micro" ones): the
# pots add up as on any table (put in = wins + rake), and the jackpot's drop (0.02) is
# taken from a seat's balance outside the pot, which the balance check notes.
_KNOWN_VALUES = {("Game", "badbeat"): {"false", "true"}, ("Seat", "type"): {""}}


class MicrogamingParser:
    """Microgaming ``<Game>`` elements."""

    format = Format.MICROGAMING_XML
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(_SNIFF.search(head))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Each ``<Game`` to the next; leading ``----PRIMA.DAT----`` chatter joins the first."""
        return split_joining_chatter(_HAND_START, _CHATTER, text)

    def parse(self, hand_text: str) -> ParsedHand:
        return _parse(hand_text)


def _err(reason: QuarantineReason, message: str, hand_id: str | None = None) -> HandParseError:
    return HandParseError(reason, message, hand_id)


def _card(el: Element, hand_id: str) -> str:
    try:
        return card(el.get("value", "") + el.get("suit", ""))
    except HandParseError as exc:
        raise _err(exc.reason, f"{exc.message} in {el.attrib}", hand_id) from None


def _parse(text: str) -> ParsedHand:
    m = _ELEMENT.search(text)
    if not m:
        hid = re.search(r'<Game\b[^>]*\bid="(\d+)"', text)
        if "<Game" in text:
            raise _err(QuarantineReason.TRUNCATED, "<Game> element without its </Game>: hand cut off",
                       hid.group(1) if hid else None)
        raise _err(QuarantineReason.PARSE_ERROR, f"no <Game> element in {text[:80]!r}")
    try:
        root = fromstring(m.group(0))
    except ParseError as exc:
        raise _err(QuarantineReason.PARSE_ERROR, f"XML: {exc}") from None
    hand_id = root.get("id")
    _check_elements(root, hand_id)
    versionless = root.get("hhversion") is None
    if not hand_id:
        raise _err(QuarantineReason.PARSE_ERROR, "<Game> without an id")
    gametype = root.get("gametype", "")
    game = _GAMES.get(gametype.lower())
    if game is None:
        raise _err(QuarantineReason.UNSUPPORTED_GAME, f"gametype {gametype!r} not known", hand_id)
    is_tournament = root.get("istournament", "0") not in ("0", "") or "tourn" in root.get("tabletype", "").lower()
    real = root.get("realmoney", "true") == "true"
    stakes = root.get("stakes", "").split("|")
    if len(stakes) != 2:
        raise _err(QuarantineReason.PARSE_ERROR, f"stakes {root.get('stakes')!r} is not 'sb|bb'", hand_id)
    if is_tournament or not real:
        scale = 1 if all(re.fullmatch(r"\d+", s) for s in stakes) else 100
    else:
        scale = 100
    symbol = ""
    if root.get("currencysymbol"):
        try:
            symbol = base64.b64decode(root.get("currencysymbol")).decode("utf-16-le")
        except (ValueError, UnicodeDecodeError):
            symbol = ""
    currency = _CURRENCIES.get(symbol) if real and not is_tournament else None
    tournament = _TOURNAMENT_TABLE.search(root.get("tablename", "")) if is_tournament else None

    def amount(value: str | None, where: Element) -> int:
        if value is None:
            raise _err(QuarantineReason.PARSE_ERROR, f"no amount in <{where.tag} {where.attrib}>", hand_id)
        try:
            return DOT.to_minor(value, scale)
        except AmountError as exc:
            raise _err(QuarantineReason.BAD_AMOUNT, f"hand {hand_id}: {exc}", hand_id) from None

    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.MICROGAMING,
        format=Format.MICROGAMING_XML,
        game=game,
        limit=_LIMITS.get(root.get("betlimit", "")),
        is_tournament=is_tournament,
        tournament_id=tournament.group("tournament") if tournament else None,
        amount_scale=scale,
        currency=currency,
        is_play_money=not real,
        table_name=root.get("tablename"),
        start_time_raw=root.get("date"),
        hand_date=(root.get("date") or "")[:10] or None,
        max_seats=int(root.get("tablesize")) if (root.get("tablesize") or "").isdigit() else None,
    )
    if real and not is_tournament and currency is None:
        raise _err(QuarantineReason.PARSE_ERROR, f"currency symbol {symbol!r} not known", hand_id)
    hand.small_blind = amount(stakes[0], root)
    hand.big_blind = amount(stakes[1], root)
    hand.notes.append("time zone not printed: start_time_utc left empty")
    if is_tournament and not tournament:
        hand.notes.append(f"tournament id not printed: tablename {root.get('tablename')!r} has no '[id]:Table n'")
    if root.get("rake") is not None:
        if not re.fullmatch(r"\d+", root.get("rake")):
            raise _err(QuarantineReason.BAD_AMOUNT, f"rake {root.get('rake')!r} is not whole cents", hand_id)
        # rake is printed in hundredths of the printed unit
        cents = int(root.get("rake"))
        if (cents * scale) % 100:
            raise _err(QuarantineReason.BAD_AMOUNT, f"rake {cents} cents does not fit scale {scale}", hand_id)
        hand.rake, hand.rake_source = cents * scale // 100, RakeSource.PRINTED
    else:
        hand.rake_source = RakeSource.ABSENT
        hand.notes.append("rake not printed")

    seats: dict[int, SeatRecord] = {}
    end_balance: dict[int, int] = {}
    seats_el = root.find("Seats")
    if seats_el is None:
        raise _err(QuarantineReason.PARSE_ERROR, "no <Seats>", hand_id)
    for s in seats_el.findall("Seat"):
        number = int(s.get("num"))
        seat = SeatRecord(seat=number, player=s.get("alias", ""), stack=amount(s.get("balance"), s))
        if s.get("endbalance") is not None:
            end_balance[number] = amount(s.get("endbalance"), s)
        if s.get("dealer") == "true":
            hand.button_seat = number
        seats[number] = seat
        hand.seats.append(seat)

    play = root.find("Gameplay")
    if play is None:
        raise _err(QuarantineReason.PARSE_ERROR, "no <Gameplay>", hand_id)
    tracker = BetTracker()
    street = Street.PREFLOP
    board: list[str] = []
    big_blind_posted = False
    wins: list[tuple[Element, int]] = []
    acted: set[int] = set()
    jackpot: dict[int, int] = {}

    def record(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False,
               on: Street | None = None) -> None:
        hand.actions.append(ActionRecord(len(hand.actions) + 1, on or street, seat, kind, value, all_in))

    def seat_of(el: Element) -> SeatRecord:
        number = el.get("seat")
        if number is None or not number.isdigit() or int(number) not in seats:
            raise _err(QuarantineReason.INCONSISTENT, f"action on an empty seat: {el.attrib}", hand_id)
        return seats[int(number)]

    for el in play:
        kind = el.get("type", "")
        if kind == "Win":
            for w in el.findall("Seat"):
                wins.append((w, amount(w.get("amount"), w)))
            continue
        if kind in _DEALS:
            board.extend(_card(c, hand_id) for c in el.findall("Card"))
            street = _DEALS[kind]
            tracker.new_street()
            continue
        if kind in _IGNORED:
            if el.get("value") is not None:
                raise _err(QuarantineReason.PARSE_ERROR, f"action {kind!r} with a value: {el.attrib}", hand_id)
            continue
        if kind == "BadBeatContribution":
            # the bad-beat jackpot's drop, taken from the seat's balance outside the pot (the
            # pot adds up without it, hands 5049133688, 5079074821): noted, and counted by
            # the balance check; it does not show the seat was dealt in
            payer = seat_of(el)
            drop = amount(el.get("value"), el)
            jackpot[payer.seat] = jackpot.get(payer.seat, 0) + drop
            hand.notes.append(f"seat {payer.seat} paid {drop} to the bad-beat jackpot, outside the pot")
            continue
        seat = seat_of(el)
        acted.add(seat.seat)
        if kind == "DealCards":
            seat.cards = [_card(c, hand_id) for c in el.findall("Card")]
            continue
        if kind in ("ShowCards", "MuckCards"):
            shown = [_card(c, hand_id) for c in el.findall("Card")]
            if shown:
                seat.cards = shown
            if kind == "ShowCards":
                seat.showed = True
                record(seat.seat, ActionKind.SHOW, on=Street.SHOWDOWN)
            else:
                seat.mucked = True
                record(seat.seat, ActionKind.MUCK, on=Street.SHOWDOWN)
            continue
        if kind == "Fold":
            seat.folded_street = street
            record(seat.seat, ActionKind.FOLD)
            continue
        if kind == "Check":
            record(seat.seat, ActionKind.CHECK)
            continue
        value = amount(el.get("value"), el)
        if kind == "SmallBlind":
            tracker.add(seat.seat, value)
            record(seat.seat, ActionKind.POST_SMALL_BLIND, value, on=Street.PREDEAL)
        elif kind == "BigBlind":
            tracker.add(seat.seat, value)
            record(seat.seat, ActionKind.POST_BLIND if big_blind_posted else ActionKind.POST_BIG_BLIND, value,
                   on=Street.PREDEAL)
            big_blind_posted = True
        elif kind == "PostedToPlay":
            tracker.add(seat.seat, value)
            record(seat.seat, ActionKind.POST_BLIND, value, on=Street.PREDEAL)
        elif kind == "Ante":
            tracker.dead(seat.seat, value)
            hand.ante = value
            record(seat.seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
        elif kind == "MoneyReturned":
            tracker.returned(seat.seat, value)
            record(seat.seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED,
                                             _element_line(el)))
        elif kind in ("Call", "Bet", "Raise", "AllIn"):
            if versionless and kind != "AllIn" and tracker.street_bet(seat.seat):
                raise _err(QuarantineReason.UNKNOWN_FORMAT,
                           f"<Action type={kind!r}> of seat {seat.seat}, which already has "
                           f"{tracker.street_bet(seat.seat)} in this street, in a <Game> without hhversion: "
                           f"whether its value is what it added or a total is not known", hand_id)
            before = tracker.max_street_bet()
            tracker.add(seat.seat, value)
            if kind == "AllIn":
                seat.all_in = True
                after = tracker.street_bet(seat.seat)
                action = ActionKind.CALL if after <= before else (ActionKind.RAISE if before else ActionKind.BET)
            else:
                action = {"Call": ActionKind.CALL, "Bet": ActionKind.BET, "Raise": ActionKind.RAISE}[kind]
            record(seat.seat, action, value, all_in=kind == "AllIn")
        else:
            raise _err(QuarantineReason.PARSE_ERROR, f"action type {kind!r} not known: {el.attrib}", hand_id)

    if not wins:
        if not any(tracker.seats().values()):
            # merge_xml quarantines its GAME_CANCELLED the same way: the element is complete
            # (not truncated) and every part of it was read (no parse error)
            raise _err(QuarantineReason.INCONSISTENT,
                       f"hand cancelled: nobody put anything in and there is no <Action type=\"Win\"> "
                       f"({len(seats)} seat(s) at the table)", hand_id)
        hand.notes.append("no <Action type=\"Win\">: the platform paid no one")
    hand.boards = [board] if board else []
    won: dict[int, int] = {}
    for w, value in wins:
        won[int(w.get("num"))] = won.get(int(w.get("num")), 0) + value
    for seat in hand.seats:
        seat.contributed = tracker.contributed(seat.seat)
        if seat.seat in end_balance and seat.stack is not None:
            implied = seat.stack - end_balance[seat.seat] + won.get(seat.seat, 0) - jackpot.get(seat.seat, 0)
            returned = seat.contributed - implied
            if returned > 0 and seat.seat == max(tracker.seats(), key=lambda s: tracker.contributed(s)):
                tracker.returned(seat.seat, returned)
                seat.contributed -= returned
                record(seat.seat, ActionKind.UNCALLED_RETURN, returned)
                hand.notes.append(f"seat {seat.seat}: {returned} returned as an uncalled bet without a pay line "
                                  f"(balance - endbalance + winnings)")
            elif returned:
                hand.notes.append(f"seat {seat.seat}: actions put in {seat.contributed} but balance - endbalance "
                                  f"+ winnings is {implied}")
        if seat.seat not in acted and board:
            seat.dealt_in = False
    _payouts(hand, wins, game)
    return hand


def _payouts(hand: ParsedHand, wins: list[tuple[Element, int]], game: Game) -> None:
    by_pot: dict[str, list[tuple[Element, int]]] = {}
    for w, value in wins:
        by_pot.setdefault(w.get("pot", ""), []).append((w, value))
    labels: dict[int, Half] = {}
    for lines in by_pot.values():
        flags = {w.get("lowhandwin", "0") for w, _ in lines}
        for w, value in lines:
            low = w.get("lowhandwin", "0") == "1"
            if game not in SPLIT_GAMES or flags == {"0"}:
                half = Half.WHOLE
            elif flags == {"1"}:
                half = Half.UNLABELLED
            elif not low:
                half = Half.HIGH
            else:
                high_sum = sum(v for x, v in lines if x.get("lowhandwin", "0") != "1")
                low_sum = sum(v for x, v in lines if x.get("lowhandwin", "0") == "1")
                half = Half.LOW if low_sum <= high_sum else Half.UNLABELLED
            labels[id(w)] = half
    if game in SPLIT_GAMES and any(h == Half.UNLABELLED for h in labels.values()):
        hand.notes.append("lowhandwin='1' on every line of a pot does not say which line is the low half: "
                          "those lines are unlabelled")
    for w, value in wins:
        pot = w.get("pot")
        hand.payouts.append(PayoutRecord(int(w.get("num")), value, int(pot) if pot and pot.isdigit() else None,
                                         None, labels[id(w)], PayoutSource.POT, _element_line(w)))


def _check_elements(root: Element, hand_id: str | None) -> None:
    """Fail the hand on an element, attribute or value ``_ELEMENTS`` and ``_KNOWN_VALUES`` do not allow."""
    def check(el: Element, parent: str) -> None:
        attributes = _ELEMENTS.get((parent, el.tag))
        if attributes is None:
            raise _err(QuarantineReason.PARSE_ERROR, f"element <{el.tag} {el.attrib}> not known inside <{parent}>", hand_id)
        for name, value in el.attrib.items():
            if name not in attributes:
                raise _err(QuarantineReason.PARSE_ERROR, f"attribute {name}={value!r} of <{el.tag}> not known: {el.attrib}",
                           hand_id)
            if value not in _KNOWN_VALUES.get((el.tag, name), {value}):
                raise _err(QuarantineReason.PARSE_ERROR, f"{name}={value!r} of <{el.tag}> not read: {el.attrib}", hand_id)
        for child in el:
            check(child, el.tag)

    check(root, "")


def _element_line(el: Element) -> str:
    return f"<{el.tag} " + " ".join(f'{k}="{v}"' for k, v in el.attrib.items()) + "/>"


PARSER = MicrogamingParser()
