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
  any other element or attribute and a no-money action (``_IGNORED``) with a value
  (but a ``Disconnect``'s, a time: ``_TIMED``).

The module reads through the shared XML reader (``parsers.xml_dialect``): the dialect
below (allow-list, action table) is its data, ``_Game`` its quirks.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import base64
import re
from xml.etree.ElementTree import Element

from parsers.base import XML_PROLOGUE, card, show_element
from parsers.engine import BET, CALL, CHECK, CURRENCY_SIGNS, FOLD, RAISE_BY, Act, Money
from parsers.xml_dialect import XmlDialect, XmlHand, XmlParser, allow_list
from rules.games import SPLIT_GAMES
from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, Platform, QuarantineReason, RakeSource, Street

_GAMES = {
    "omaha h/l": Game.OMAHA_HILO,
    "omaha": Game.OMAHA,
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "texas hold'em": Game.HOLDEM,
    "multi table hold'em": Game.HOLDEM,
}
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED}
_DEALS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_TOURNAMENT_TABLE = re.compile(r"\[(?P<tournament>\d+)\]:Table \d+$")
_IGNORED = {"Disconnect", "Reconnect", "SitOut", "SitIn", "TimeOut", "Chat"}
# Those whose value is no money: a Disconnect's is the time the seat is waited for, in
# milliseconds (``value="30000"``; the seat's balance is unchanged, then it folds)
_TIMED = {"Disconnect"}
# What each <Action type> with a value records and does with it (AllIn, MoneyReturned: ``_Game.money_action``).
_ACTIONS = {
    "SmallBlind": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True),
    "BigBlind": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True, later=ActionKind.POST_BLIND),
    "PostedToPlay": Act(ActionKind.POST_BLIND, Money.ADDS, forced=True),
    "Ante": Act(ActionKind.POST_ANTE, Money.DEAD, forced=True),
    "Call": CALL,
    "Bet": BET,
    "Raise": RAISE_BY,
}
# Every element a <Game> may hold, with its attributes and child elements (``Action/Seat``:
# a seat paid by a win); any other fails the hand (``parsers.base.unknown_in_xml``), so
# that nothing that might move money is passed over unread. Known and not read: the
# viewer's ``playerseat`` and ``betamount``, table and type names, counts, a seat's
# ``unicodealias`` and ``sittingout`` (its actions tell), a card's ``id``.
_ELEMENTS = allow_list(
    {
        "Game": (
            "hhversion id date unicodetablename tablename stakes betlimit tabletype unicodetabletype gametypeid "
            "gametype realmoney currencysymbol currencyId playerseat betamount istournament totalplayers tablesize "
            "badbeat rake",
            "Seats Gameplay",
        ),
        "Seats": ("", "Seat"),
        "Seat": ("num alias unicodealias balance endbalance dealer sittingout", ""),
        "Gameplay": ("", "Action"),
        "Action": ("seq type seat value", "Card Seat"),
        "Card": ("value suit id", ""),
        "Action/Seat": ("num amount pot type lowhandwin", ""),
    }
)
# Attribute values known to say nothing happened; any other value fails the hand: a win of
# some other type is not read. ``badbeat="true"`` marks a bad-beat jackpot table, on every
# hand of it (the "Hijack", "Cut-Off" and "Flop" tables; never the "Micro" ones): the
# pots add up as on any table (put in = wins + rake), and the jackpot's drop (0.02) is
# taken from a seat's balance outside the pot, which the balance check notes.
_KNOWN_VALUES = {("Game", "badbeat"): frozenset({"false", "true"}), ("Seat", "type"): frozenset({""})}


def _parse(text: str) -> ParsedHand:
    root, _, game = _Game.element(DIALECT, text)
    game.check(root)
    if not game.hand_id:
        raise HandParseError(QuarantineReason.PARSE_ERROR, "<Game> without an id")
    game.root, game.versionless = root, root.get("hhversion") is None
    game.record = _header(game, root)
    game.read_seats()
    game.read_play()
    game.settle()
    _payouts(game, game.wins)
    return game.record


def _header(game: XmlHand, root: Element) -> ParsedHand:
    """The hand as its ``<Game>`` attributes describe it: game, stakes, money, rake."""
    gametype = root.get("gametype", "")
    kind = _GAMES.get(gametype.lower())
    if kind is None:
        raise game.fail(QuarantineReason.UNSUPPORTED_GAME, f"gametype {gametype!r} not known")
    is_tournament = root.get("istournament", "0") not in ("0", "") or "tourn" in root.get("tabletype", "").lower()
    real = root.get("realmoney", "true") == "true"
    stakes = root.get("stakes", "").split("|")
    if len(stakes) != 2:
        raise game.fail(QuarantineReason.PARSE_ERROR, f"stakes {root.get('stakes')!r} is not 'sb|bb'")
    whole_chips = (is_tournament or not real) and all(re.fullmatch(r"\d+", s) for s in stakes)
    game.scale = 1 if whole_chips else 100
    symbol = _currency_symbol(root.get("currencysymbol"))
    currency = CURRENCY_SIGNS.get(symbol) if real and not is_tournament else None
    tournament = _TOURNAMENT_TABLE.search(root.get("tablename", "")) if is_tournament else None
    hand = game.new_record(
        game=kind,
        limit=_LIMITS.get(root.get("betlimit", "")),
        is_tournament=is_tournament,
        tournament_id=tournament.group("tournament") if tournament else None,
        currency=currency,
        is_play_money=not real,
        table_name=root.get("tablename"),
        start_time_raw=root.get("date"),
        hand_date=(root.get("date") or "")[:10] or None,
        max_seats=int(root.get("tablesize")) if (root.get("tablesize") or "").isdigit() else None,  # type: ignore[arg-type]
    )
    if real and not is_tournament and currency is None:
        raise game.fail(
            QuarantineReason.PARSE_ERROR,
            f"currency symbol {symbol!r} not known (currencysymbol={root.get('currencysymbol')!r})",
        )
    hand.small_blind, hand.big_blind = (game.amount(s, root) for s in stakes)
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
        raise HandParseError(
            QuarantineReason.BAD_AMOUNT, f"rake {cents} cents does not fit scale {scale}", hand.hand_id
        )
    hand.rake, hand.rake_source = cents * scale // 100, RakeSource.PRINTED


class _Game(XmlHand):
    """The ``<Seats>`` and ``<Gameplay>`` of one ``<Game>``, read into its hand."""

    root: Element
    versionless: bool

    def __init__(self, dialect: XmlDialect, hand_id: str | None = None):
        super().__init__(dialect, hand_id)
        self.end_balance: dict[int, int] = {}
        self.wins: list[tuple[Element, int]] = []
        self.acted: set[int] = set()
        self.jackpot: dict[int, int] = {}

    def card(self, el: Element) -> str:
        try:
            return card(el.get("value", "") + el.get("suit", ""))
        except HandParseError as exc:
            raise HandParseError(exc.reason, f"{exc.message} in {el.attrib}", self.hand_id) from None

    def seat_of(self, el: Element) -> SeatRecord:
        number = el.get("seat")
        if number is None or not number.isdigit() or int(number) not in self.seats:
            raise self.fail(QuarantineReason.INCONSISTENT, f"action on an empty seat: {el.attrib}")
        return self.seats[int(number)]

    def read_seats(self) -> None:
        seats_el = self.root.find("Seats")
        if seats_el is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no <Seats>")
        for s in seats_el.findall("Seat"):
            number = int(s.get("num"))  # type: ignore[arg-type]  # a Seat without one fails, as it did
            seat = self.seat(SeatRecord(seat=number, player=s.get("alias", ""), stack=self.amount(s.get("balance"), s)))
            if s.get("endbalance") is not None:
                self.end_balance[number] = self.amount(s.get("endbalance"), s)
            if s.get("dealer") == "true":
                self.record.button_seat = number
            self.record.seats.append(seat)

    def read_play(self) -> None:
        play = self.root.find("Gameplay")
        if play is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no <Gameplay>")
        for el in play:
            kind = el.get("type", "")
            if not self.table_event(el, kind):
                self.seat_action(el, kind, self.seat_of(el))

    def table_event(self, el: Element, kind: str) -> bool:
        """Read ``el`` if it is no action of a seat in the hand (a win, a deal, a jackpot's drop, chatter)."""
        if kind == "Win":
            self.wins.extend((w, self.amount(w.get("amount"), w)) for w in el.findall("Seat"))
        elif kind in _DEALS:
            self.board.extend(self.card(c) for c in el.findall("Card"))
            self.street = _DEALS[kind]
            self.tracker.new_street()
        elif kind in _IGNORED:
            if el.get("value") is not None and kind not in _TIMED:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"action {kind!r} with a value: {el.attrib}")
        elif kind == "BadBeatContribution":
            # the bad-beat jackpot's drop, taken from the seat's balance outside the pot (the
            # pot adds up without it, hands 5049133688, 5079074821): noted, and counted by
            # the balance check; it does not show the seat was dealt in
            payer = self.seat_of(el)
            drop = self.amount(el.get("value"), el)
            self.jackpot[payer.seat] = self.jackpot.get(payer.seat, 0) + drop
            self.record.notes.append(f"seat {payer.seat} paid {drop} to the bad-beat jackpot, outside the pot")
        else:
            return False
        return True

    def seat_action(self, el: Element, kind: str, seat: SeatRecord) -> None:
        self.acted.add(seat.seat)
        if kind == "DealCards":
            seat.cards = [self.card(c) for c in el.findall("Card")]
        elif kind in ("ShowCards", "MuckCards"):
            shown: list[str | None] = [self.card(c) for c in el.findall("Card")]
            if shown:
                seat.cards = shown
            self.show(seat, showed=kind == "ShowCards")
        elif kind in ("Fold", "Check"):
            self.act(FOLD if kind == "Fold" else CHECK, seat)
        else:
            self.money_action(el, kind, seat, self.amount(el.get("value"), el))

    def money_action(self, el: Element, kind: str, seat: SeatRecord, value: int) -> None:
        if kind == "MoneyReturned":
            self.uncalled(seat, value, show_element(el))
        elif kind == "AllIn":
            self.unnamed(seat, value, all_in=True)
        elif kind in _ACTIONS:
            if not _ACTIONS[kind].forced:
                self.check_versionless(kind, seat)
            self.act(_ACTIONS[kind], seat, value)
            if kind == "Ante":
                self.record.ante = value
        else:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"action type {kind!r} not known: {el.attrib}")

    def check_versionless(self, kind: str, seat: SeatRecord) -> None:
        if self.versionless and self.tracker.street_bet(seat.seat):
            raise self.fail(
                QuarantineReason.UNKNOWN_FORMAT,
                f"<Action type={kind!r}> of seat {seat.seat}, which already has "
                f"{self.tracker.street_bet(seat.seat)} in this street, in a <Game> without hhversion: "
                f"whether its value is what it added or a total is not known",
            )

    def settle(self) -> None:
        """What each seat put in, checked against its balances; a hand without a win explained."""
        if not self.wins:
            if not any(self.tracker.seats().values()):
                # merge_xml quarantines its GAME_CANCELLED the same way: the element is complete
                # (not truncated) and every part of it was read (no parse error)
                raise self.fail(
                    QuarantineReason.INCONSISTENT,
                    f'hand cancelled: nobody put anything in and there is no <Action type="Win"> '
                    f"({len(self.seats)} seat(s) at the table)",
                )
            self.record.notes.append('no <Action type="Win">: the platform paid no one')
        self.record.boards = [self.board] if self.board else []
        won: dict[int, int] = {}
        for w, value in self.wins:
            won[int(w.get("num"))] = won.get(int(w.get("num")), 0) + value  # type: ignore[arg-type]
        self.contributions()
        for seat in self.record.seats:
            if seat.seat in self.end_balance and seat.stack is not None:
                self.check_balance(seat, won.get(seat.seat, 0))
            # a seat with no action at all (not even dealt cards) sat the hand out, with a
            # board or without: still in, it made a pot everyone folded to one player contested
            if seat.seat not in self.acted:
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
            self.add_action(seat.seat, ActionKind.UNCALLED_RETURN, returned)
            self.record.notes.append(
                f"seat {seat.seat}: {returned} returned as an uncalled bet without a pay line "
                f"(balance - endbalance + winnings)"
            )
        elif returned:
            self.record.notes.append(
                f"seat {seat.seat}: actions put in {seat.contributed} but balance - endbalance + winnings is {implied}"
            )


def _half(game: Game, lines: list[tuple[Element, int]], low: bool) -> Half:
    """The half one win line of a pot pays, from the pot's ``lowhandwin`` flags (see the module)."""
    flags = {w.get("lowhandwin", "0") for w, _ in lines}
    if game not in SPLIT_GAMES or flags == {"0"}:
        return Half.WHOLE
    if flags == {"1"}:
        return Half.UNLABELLED
    if not low:
        return Half.HIGH
    high_sum = sum(v for x, v in lines if x.get("lowhandwin", "0") != "1")
    low_sum = sum(v for x, v in lines if x.get("lowhandwin", "0") == "1")
    return Half.LOW if low_sum <= high_sum else Half.UNLABELLED


def _payouts(game: XmlHand, wins: list[tuple[Element, int]]) -> None:
    hand = game.record
    by_pot: dict[str, list[tuple[Element, int]]] = {}
    for w, value in wins:
        by_pot.setdefault(w.get("pot", ""), []).append((w, value))
    labels = {
        id(w): _half(hand.game, lines, w.get("lowhandwin", "0") == "1") for lines in by_pot.values() for w, _ in lines
    }
    if hand.game in SPLIT_GAMES and any(h == Half.UNLABELLED for h in labels.values()):
        hand.notes.append(
            "lowhandwin='1' on every line of a pot does not say which line is the low half: those lines are unlabelled"
        )
    for w, value in wins:
        pot = w.get("pot")
        game.pay(int(w.get("num")), value, int(pot) if pot and pot.isdigit() else None, labels[id(w)], w)  # type: ignore[arg-type]


DIALECT = XmlDialect(
    platform=Platform.MICROGAMING,
    format=Format.MICROGAMING_XML,
    # 2: a currency symbol padded with a space is read; 3: idle seats sat out before a board too;
    # 4: a Disconnect's value (a time) is read as no money
    version="4",
    root="Game",
    elements=_ELEMENTS,
    values=_KNOWN_VALUES,
    sniff=re.compile(r"<Game (?:hhversion=\"\d+\" )?id=\"\d+\"[^>]*\bgametype=\""),
    hand_start=re.compile(r"^\ufeff*<Game\b", re.M),
    chatter=re.compile(rf"^(?:{XML_PROLOGUE}|\s|\ufeff|----[^\n]*\.DAT----|ExtendedTableName:[^\n]*)*$", re.S),
)
PARSER = XmlParser(DIALECT, _parse)
