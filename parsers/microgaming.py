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
  on the street is quarantined ``unknown_format``. Their currency symbol is padded with a
  space (``IAAkAA==`` is `` $``; FPDB's converter knows `` €`` too, ``IACsIA==``): the
  padding is dropped and `` $`` is dollars, as printed. (FPDB's converter calls `` $``
  EUR, and so do the names it gave the two such files; nothing in them says euros, and
  the same writer prints ``€`` where it means euros.) An unknown symbol stays a
  ``parse_error``.
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

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import base64
import re
from typing import Iterator
from xml.etree.ElementTree import Element

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
from parsers.base import (XML_PROLOGUE, BetTracker, append_action, card, show_element, show_or_muck,
                          split_joining_chatter, unknown_in_xml, xml_element)
from rules.records import HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^\ufeff*<Game\b", re.M)
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
# Every element a <Game> may hold, with its attributes and child elements (``Action/Seat``:
# a seat paid by a win); any other fails the hand (``parsers.base.unknown_in_xml``), so
# that nothing that might move money is passed over unread. Known and not read: the
# viewer's ``playerseat`` and ``betamount``, table and type names, counts, a seat's
# ``unicodealias`` and ``sittingout`` (its actions tell), a card's ``id``.
_ELEMENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "Game": (frozenset({"hhversion", "id", "date", "unicodetablename", "tablename", "stakes", "betlimit", "tabletype",
                        "unicodetabletype", "gametypeid", "gametype", "realmoney", "currencysymbol", "currencyId",
                        "playerseat", "betamount", "istournament", "totalplayers", "tablesize", "badbeat", "rake"}),
             frozenset({"Seats", "Gameplay"})),
    "Seats": (frozenset(), frozenset({"Seat"})),
    "Seat": (frozenset({"num", "alias", "unicodealias", "balance", "endbalance", "dealer", "sittingout"}), frozenset()),
    "Gameplay": (frozenset(), frozenset({"Action"})),
    "Action": (frozenset({"seq", "type", "seat", "value"}), frozenset({"Card", "Seat"})),
    "Card": (frozenset({"value", "suit", "id"}), frozenset()),
    "Action/Seat": (frozenset({"num", "amount", "pot", "type", "lowhandwin"}), frozenset()),
}
# Attribute values known to say nothing happened; any other value fails the hand: a win of
# some other type is not read. ``badbeat="true"`` marks a bad-beat jackpot table, on every
# hand of it (the "Hijack", "Cut-Off" and "Flop" tables; never the "Micro" ones): the
# pots add up as on any table (put in = wins + rake), and the jackpot's drop (0.02) is
# taken from a seat's balance outside the pot, which the balance check notes.
_KNOWN_VALUES = {("Game", "badbeat"): frozenset({"false", "true"}), ("Seat", "type"): frozenset({""})}


class MicrogamingParser:
    """Microgaming ``<Game>`` elements."""

    format = Format.MICROGAMING_XML
    version = "2"  # 2: a currency symbol padded with a space is read
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(_SNIFF.search(head))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Each ``<Game`` to the next; leading ``----PRIMA.DAT----`` chatter joins the first."""
        return split_joining_chatter(_HAND_START, _CHATTER, text)

    def parse(self, hand_text: str) -> ParsedHand:
        return _parse(hand_text)


def _card(el: Element, hand_id: str) -> str:
    try:
        return card(el.get("value", "") + el.get("suit", ""))
    except HandParseError as exc:
        raise HandParseError(exc.reason, f"{exc.message} in {el.attrib}", hand_id) from None


def _amount(value: str | None, where: Element, scale: int, hand_id: str) -> int:
    if value is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"no amount in <{where.tag} {where.attrib}>", hand_id)
    try:
        return DOT.to_minor(value, scale)
    except AmountError as exc:
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hand_id}: {exc}", hand_id) from None


def _parse(text: str) -> ParsedHand:
    root, _ = xml_element(text, "Game")
    hand_id = root.get("id")
    if problem := unknown_in_xml(root, _ELEMENTS, _KNOWN_VALUES):
        raise HandParseError(QuarantineReason.PARSE_ERROR, problem, hand_id)
    if not hand_id:
        raise HandParseError(QuarantineReason.PARSE_ERROR, "<Game> without an id")
    game = _GameReader(root, _header(root, hand_id))
    game.read_seats()
    game.read_play()
    game.settle()
    _payouts(game.hand, game.wins, game.hand.game)
    return game.hand


def _header(root: Element, hand_id: str) -> ParsedHand:
    """The hand as its ``<Game>`` attributes describe it: game, stakes, money, rake."""
    gametype = root.get("gametype", "")
    game = _GAMES.get(gametype.lower())
    if game is None:
        raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"gametype {gametype!r} not known", hand_id)
    is_tournament = root.get("istournament", "0") not in ("0", "") or "tourn" in root.get("tabletype", "").lower()
    real = root.get("realmoney", "true") == "true"
    stakes = root.get("stakes", "").split("|")
    if len(stakes) != 2:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"stakes {root.get('stakes')!r} is not 'sb|bb'", hand_id)
    whole_chips = (is_tournament or not real) and all(re.fullmatch(r"\d+", s) for s in stakes)
    scale = 1 if whole_chips else 100
    symbol = _currency_symbol(root.get("currencysymbol"))
    currency = _CURRENCIES.get(symbol) if real and not is_tournament else None
    tournament = _TOURNAMENT_TABLE.search(root.get("tablename", "")) if is_tournament else None
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
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"currency symbol {symbol!r} not known "
                             f"(currencysymbol={root.get('currencysymbol')!r})", hand_id)
    hand.small_blind, hand.big_blind = (_amount(s, root, scale, hand_id) for s in stakes)
    hand.notes.append("time zone not printed: start_time_utc left empty")
    if is_tournament and not tournament:
        hand.notes.append(f"tournament id not printed: tablename {root.get('tablename')!r} has no '[id]:Table n'")
    _read_rake(root.get("rake"), hand)
    return hand


def _currency_symbol(encoded: str | None) -> str:
    """``currencysymbol``: UTF-16-LE in base64, without the space files of 2009 pad it with;
    empty when absent or unreadable.

    >>> _currency_symbol("rCA="), _currency_symbol("IAAkAA=="), _currency_symbol("IACsIA=="), _currency_symbol("!")
    ('€', '$', '€', '')
    """
    if not encoded:
        return ""
    try:
        return base64.b64decode(encoded).decode("utf-16-le").strip(" ")
    except (ValueError, UnicodeDecodeError):
        return ""


def _read_rake(rake: str | None, hand: ParsedHand) -> None:
    if rake is None:
        hand.rake_source = RakeSource.ABSENT
        hand.notes.append("rake not printed")
        return
    if not re.fullmatch(r"\d+", rake):
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"rake {rake!r} is not whole cents", hand.hand_id)
    # rake is printed in hundredths of the printed unit
    cents, scale = int(rake), hand.amount_scale
    if (cents * scale) % 100:
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"rake {cents} cents does not fit scale {scale}",
                             hand.hand_id)
    hand.rake, hand.rake_source = cents * scale // 100, RakeSource.PRINTED


class _GameReader:
    """The ``<Seats>`` and ``<Gameplay>`` of one ``<Game>``, read into its hand."""

    def __init__(self, root: Element, hand: ParsedHand):
        self.root, self.hand, self.hand_id = root, hand, hand.hand_id
        self.versionless = root.get("hhversion") is None
        self.seats: dict[int, SeatRecord] = {}
        self.end_balance: dict[int, int] = {}
        self.tracker = BetTracker()
        self.street = Street.PREFLOP
        self.board: list[str] = []
        self.big_blind_posted = False
        self.wins: list[tuple[Element, int]] = []
        self.acted: set[int] = set()
        self.jackpot: dict[int, int] = {}

    def amount(self, value: str | None, where: Element) -> int:
        return _amount(value, where, self.hand.amount_scale, self.hand_id)

    def record(self, seat: int, kind: ActionKind, value: int | None = None, all_in: bool = False,
               on: Street | None = None) -> None:
        append_action(self.hand, on or self.street, seat, kind, value, all_in)

    def seat_of(self, el: Element) -> SeatRecord:
        number = el.get("seat")
        if number is None or not number.isdigit() or int(number) not in self.seats:
            raise HandParseError(QuarantineReason.INCONSISTENT, f"action on an empty seat: {el.attrib}", self.hand_id)
        return self.seats[int(number)]

    def read_seats(self) -> None:
        seats_el = self.root.find("Seats")
        if seats_el is None:
            raise HandParseError(QuarantineReason.PARSE_ERROR, "no <Seats>", self.hand_id)
        for s in seats_el.findall("Seat"):
            number = int(s.get("num"))
            seat = SeatRecord(seat=number, player=s.get("alias", ""), stack=self.amount(s.get("balance"), s))
            if s.get("endbalance") is not None:
                self.end_balance[number] = self.amount(s.get("endbalance"), s)
            if s.get("dealer") == "true":
                self.hand.button_seat = number
            self.seats[number] = seat
            self.hand.seats.append(seat)

    def read_play(self) -> None:
        play = self.root.find("Gameplay")
        if play is None:
            raise HandParseError(QuarantineReason.PARSE_ERROR, "no <Gameplay>", self.hand_id)
        for el in play:
            kind = el.get("type", "")
            if not self.table_event(el, kind):
                self.seat_action(el, kind, self.seat_of(el))

    def table_event(self, el: Element, kind: str) -> bool:
        """Read ``el`` if it is no action of a seat in the hand (a win, a deal, a jackpot's drop, chatter)."""
        if kind == "Win":
            self.wins.extend((w, self.amount(w.get("amount"), w)) for w in el.findall("Seat"))
        elif kind in _DEALS:
            self.board.extend(_card(c, self.hand_id) for c in el.findall("Card"))
            self.street = _DEALS[kind]
            self.tracker.new_street()
        elif kind in _IGNORED:
            if el.get("value") is not None:
                raise HandParseError(QuarantineReason.PARSE_ERROR, f"action {kind!r} with a value: {el.attrib}",
                                     self.hand_id)
        elif kind == "BadBeatContribution":
            # the bad-beat jackpot's drop, taken from the seat's balance outside the pot (the
            # pot adds up without it, hands 5049133688, 5079074821): noted, and counted by
            # the balance check; it does not show the seat was dealt in
            payer = self.seat_of(el)
            drop = self.amount(el.get("value"), el)
            self.jackpot[payer.seat] = self.jackpot.get(payer.seat, 0) + drop
            self.hand.notes.append(f"seat {payer.seat} paid {drop} to the bad-beat jackpot, outside the pot")
        else:
            return False
        return True

    def seat_action(self, el: Element, kind: str, seat: SeatRecord) -> None:
        self.acted.add(seat.seat)
        if kind == "DealCards":
            seat.cards = [_card(c, self.hand_id) for c in el.findall("Card")]
        elif kind in ("ShowCards", "MuckCards"):
            shown = [_card(c, self.hand_id) for c in el.findall("Card")]
            if shown:
                seat.cards = shown
            show_or_muck(self.hand, seat, showed=kind == "ShowCards")
        elif kind == "Fold":
            seat.folded_street = self.street
            self.record(seat.seat, ActionKind.FOLD)
        elif kind == "Check":
            self.record(seat.seat, ActionKind.CHECK)
        else:
            self.money_action(el, kind, seat, self.amount(el.get("value"), el))

    def money_action(self, el: Element, kind: str, seat: SeatRecord, value: int) -> None:
        if kind in ("SmallBlind", "BigBlind", "PostedToPlay"):
            self.tracker.add(seat.seat, value)
            if kind == "SmallBlind":
                posted = ActionKind.POST_SMALL_BLIND
            elif kind == "BigBlind" and not self.big_blind_posted:
                posted = ActionKind.POST_BIG_BLIND
            else:
                posted = ActionKind.POST_BLIND
            self.big_blind_posted = self.big_blind_posted or kind == "BigBlind"
            self.record(seat.seat, posted, value, on=Street.PREDEAL)
        elif kind == "Ante":
            self.tracker.dead(seat.seat, value)
            self.hand.ante = value
            self.record(seat.seat, ActionKind.POST_ANTE, value, on=Street.PREDEAL)
        elif kind == "MoneyReturned":
            self.tracker.returned(seat.seat, value)
            self.record(seat.seat, ActionKind.UNCALLED_RETURN, value)
            self.hand.payouts.append(PayoutRecord(seat.seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED,
                                                  show_element(el)))
        elif kind in ("Call", "Bet", "Raise", "AllIn"):
            self.wager(kind, seat, value)
        else:
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"action type {kind!r} not known: {el.attrib}",
                                 self.hand_id)

    def wager(self, kind: str, seat: SeatRecord, value: int) -> None:
        if self.versionless and kind != "AllIn" and self.tracker.street_bet(seat.seat):
            raise HandParseError(QuarantineReason.UNKNOWN_FORMAT,
                       f"<Action type={kind!r}> of seat {seat.seat}, which already has "
                       f"{self.tracker.street_bet(seat.seat)} in this street, in a <Game> without hhversion: "
                       f"whether its value is what it added or a total is not known", self.hand_id)
        if kind == "AllIn":
            seat.all_in = True
            action = self.tracker.add_unnamed(seat.seat, value)
        else:
            self.tracker.add(seat.seat, value)
            action = {"Call": ActionKind.CALL, "Bet": ActionKind.BET, "Raise": ActionKind.RAISE}[kind]
        self.record(seat.seat, action, value, all_in=kind == "AllIn")

    def settle(self) -> None:
        """What each seat put in, checked against its balances; a hand without a win explained."""
        if not self.wins:
            if not any(self.tracker.seats().values()):
                # merge_xml quarantines its GAME_CANCELLED the same way: the element is complete
                # (not truncated) and every part of it was read (no parse error)
                raise HandParseError(QuarantineReason.INCONSISTENT,
                           f"hand cancelled: nobody put anything in and there is no <Action type=\"Win\"> "
                           f"({len(self.seats)} seat(s) at the table)", self.hand_id)
            self.hand.notes.append("no <Action type=\"Win\">: the platform paid no one")
        self.hand.boards = [self.board] if self.board else []
        won: dict[int, int] = {}
        for w, value in self.wins:
            won[int(w.get("num"))] = won.get(int(w.get("num")), 0) + value
        for seat in self.hand.seats:
            seat.contributed = self.tracker.contributed(seat.seat)
            if seat.seat in self.end_balance and seat.stack is not None:
                self.check_balance(seat, won.get(seat.seat, 0))
            if seat.seat not in self.acted and self.board:
                seat.dealt_in = False

    def check_balance(self, seat: SeatRecord, won: int) -> None:
        """``balance`` - ``endbalance`` + winnings against the actions: what the top seat got
        back beyond them is a return the history does not print."""
        assert seat.stack is not None
        implied = seat.stack - self.end_balance[seat.seat] + won - self.jackpot.get(seat.seat, 0)
        returned = seat.contributed - implied
        if returned > 0 and seat.seat == max(self.tracker.seats(), key=lambda s: self.tracker.contributed(s)):
            self.tracker.returned(seat.seat, returned)
            seat.contributed -= returned
            self.record(seat.seat, ActionKind.UNCALLED_RETURN, returned)
            self.hand.notes.append(f"seat {seat.seat}: {returned} returned as an uncalled bet without a pay line "
                                   f"(balance - endbalance + winnings)")
        elif returned:
            self.hand.notes.append(f"seat {seat.seat}: actions put in {seat.contributed} but balance - endbalance "
                                   f"+ winnings is {implied}")


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
                                         None, labels[id(w)], PayoutSource.POT, show_element(w)))


PARSER = MicrogamingParser()
