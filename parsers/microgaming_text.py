"""Microgaming network text hand histories (2011-2016), beside the network's XML.

The files read here are those fpdb keeps in its ``regression-test-files/.../PokerTracker``
folders: cash games (2011-2016) and sit-and-go and multi-table tournaments (2013), Hold'em
and Omaha. A hand starts with ``** Game ID 4152594215 starting - 2011-11-02 23:08:51``
(``Version:3`` or ``Version:4`` after the number in 2013) or, in the "export" files of 2013
and 2016, ``** Hand # 5029053937 starting - 2013-09-07 02:30:38``; the times name no zone
and are kept only as printed. The next line names the table, the game, the stakes and the kind:
``** Deal 252 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash Game) Real Money``, ``**
Heads Up (Turbo)(10146282):Table 1 [Multi Table Hold'em] (10|20 NL - MTT seats:2 ) Real
Money`` (``MTT`` marks a tournament; the number in parentheses before ``:Table`` is read as
the ``tournament_id``), ``** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash
Game) Real Money``. A hand ends with ``End of game 4152594215`` (an export prints none and
ends with ``Rake: €0.15``).

Seats: ``- Hero sitting in seat 5 with €10.76`` (``[Dealer]``, ``[Sitting out]`` may follow;
a seat sitting out is not dealt in unless it posts or acts); from 2012 ``with €10.00 at end
€9.95``, the closing stack, which is checked against the lines (a difference is noted); the
export writes ``Hero sitting in seat 1 with €49.50[Dealer]``. Tournament chips print two
decimals (``1500.00``) and are counted in hundredths; the currency is null. Cards are ``2
of d, 10 of s`` (the export: ``Qh, 9c``).

**Verbs and their amounts** (worked out from the money: every hand with closing stacks
adds up to them): ``posted the small blind - X``, ``posted the big blind - X``, ``posted
ante - X``, ``posted to play - X`` (a new player's post; half the big blind in the one
file, so read as dead), ``called - X``, ``bet - X``, ``raised - X``, the export's ``raised
to X``, ``went all-in - X``, ``folded``, ``checked``. Two conventions, told apart by the seat
lines:

- files whose seat lines give the closing stack (2012, 2013) and the export print what
  each action **adds** (``Player0 called - 10.00`` from a small blind of 10 against a big
  blind of 20; the export's ``raised to €1.25`` from a small blind of 0.25 is called with
  ``called - €1.00`` by the big blind of 0.50, so ``to`` is not a total there);
- the 2011 files, without closing stacks, print a call and a raise as the street **total**
  (``Hero called - €0.40`` as small blind 0.05 puts in 0.35; stack 19.60, then ``bet -
  €0.85`` and ``went all-in - €18.35`` spend exactly the 19.20 left), and an all-in as what
  it adds.

**Showdown and pay lines.** ``Hero shows: 2 of d, 2 of h``, ``player5 mucks: K of d, A of c``
(shown and conceded), ``Player1 mucks:`` (a winner not showing: nothing to read), then one
``NAME wins €20.50 from the main pot`` or ``from side pot 1`` per pot won (pot 0 and 1..; a
tie prints one line per winner). No uncalled-bet line is printed: what no one matched goes
back to its seat here (noted). Whether the winner's ``wins`` holds that part is decided per
hand by what adds up: the printed rake (the export), else the closing stacks, else the
file's rule. In the files with closing stacks it is inside (``wins 640.00`` with a stack
going from 1500 to 1660 after putting in 480, 320 of it unmatched), and in the 2013 export
(an uncalled bet: ``wins €4.35`` = 3.00 - 0.15 rake + 1.50); that part is then recorded as
an ``uncalled`` payout. It is in no win in the 2011 files (a loser's unmatched 8.99 is paid
by no line and the pots add up without it) and in the 2016 export's all-in call (``wins
€96.77`` of 98.27 matched, ``Rake: €1.50``, the bettor's unmatched 34.49 aside). The 2016
export also prints a blank line after every line; the seat lines are read up to the first
post.

Rake is printed only by the export (``Rake: €0.15``); elsewhere it is inferred as what was
put in less every win (``rake_source`` ``inferred``, noted). A hand with no ``wins`` line is
``truncated``; any line not declared fails the hand (``parse_error``, naming it). Declared on
``parsers.engine``. A format added to contracts' vocabulary in its style: ``microgaming``
(Microgaming's text), beside ``microgaming_xml``.
Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from parsers.base import AMOUNT
from parsers import ipoker_text
from parsers.engine import (
    ANTE, BET, BIG_BLIND, CALL, CHECK, CURRENCY_SIGNS, DEAD_BLIND, FOLD, MUCK, RAISE_BY, SHOW, SMALL_BLIND, Dialect,
    DialectParser, Hand, Money, Rake, Streets, dealt, kind, pays, rake, skip, street,
)
from parsers.engine import take_seat as engine_take_seat
from rules.cards import CardError, read_card
from rules.records import HandParseError, ParsedHand
from rules.vocab import ActionKind, Format, Platform, QuarantineReason, Street
from parsers.game_names import games, limits
from parsers.headers import Header

_HAND_START = re.compile(r"^\ufeff*\*\* (?:Game ID \d+(?: Version:\d+)?|Hand # \d+) starting - ", re.M)
_SNIFF = re.compile(r"\*\* (?:Game ID \d+(?: Version:\d+)?|Hand # \d+) starting - \d{4}-\d{2}-\d{2} ")
_FIRST = re.compile(
    r"^\ufeff*\*\* (?:Game ID (?P<id>\d+)(?: Version:\d+)?|Hand # (?P<id_2>\d+)) starting - "
    r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})\s*$"
)
_TABLE = re.compile(
    r"^\*\* (?P<table>.+?) \[(?P<game>[^\]]+)\] \((?P<sb>[\d,.]+)\|(?P<bb>[\d,.]+) (?P<limit>NL|PL|FL|L) - "
    r"(?P<kind>[^)]*)\) (?P<money>Real|Play) Money$"
)
_TOURNAMENT_ID = re.compile(r"\((?P<tid>\d+)\):Table ")
_GAMES = games("Hold'em", "Multi Table Hold'em", "Omaha")
_LIMITS = limits("NL", "PL", "FL", "L")
_HEADER_FIELDS = Header(_GAMES, "game {game!r} not known in {line!r}", limits=_LIMITS)
_SEAT = re.compile(
    r"^(?:- )?(?P<name>.+?) sitting in seat (?P<seat>\d+) with (?P<stack>[$€£]?[\d,]+(?:\.\d+)?)"
    r"(?: at end (?P<end>[$€£]?[\d,]+(?:\.\d+)?))? ?(?:\[(?P<flag>Dealer|Sitting out)\])?$"
)
_CARD = re.compile(r"^(?P<rank>10|[2-9TJQKA]) of (?P<suit>[cdhs])$|^(?P<rank_2>10|[2-9TJQKA])(?P<suit_2>[cdhs])$")

CALL_TO = replace(CALL, money=Money.TO)
RAISE_TO = replace(RAISE_BY, money=Money.TO)


def _cards(text: str) -> list[str | None]:
    """``2 of d, 10 of s`` or the export's ``Qh, 9c``.

    >>> _cards("2 of d, 10 of s"), _cards("Qh, 9c")
    (['2d', 'Ts'], ['Qh', '9c'])
    """
    out: list[str | None] = []
    for token in (t.strip() for t in text.split(",")):
        m = _CARD.match(token)
        if m is None:
            raise HandParseError(QuarantineReason.BAD_CARDS, f"bad card {token!r}")
        rank, suit = (m["rank"], m["suit"]) if m["rank"] else (m["rank_2"], m["suit_2"])
        try:
            out.append(read_card(("T" if rank == "10" else rank) + suit))
        except CardError:
            raise HandParseError(QuarantineReason.BAD_CARDS, f"bad card {token!r}") from None
    return out


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``** Game ID``/``** Hand #`` line (number, time) and the table line after it."""
    hand.hand_id = first["id"] or first["id_2"]
    table_line = hand.header_line("** ", last=4)  # a 2016 export puts a blank line between lines
    text = table_line.text if table_line else ""
    tm = _TABLE.match(text)
    if tm is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no readable table line: {text!r}")
    game = _HEADER_FIELDS.game(hand, tm["game"], text)
    is_tournament = "MTT" in tm["kind"]
    sign = next((c for c in tm["kind"] if c in CURRENCY_SIGNS), "")
    if not sign and not is_tournament:
        sign = next((c for ln in hand.lines[2:8] if " sitting in seat " in ln.text for c in ln.text[-12:]
                     if c in CURRENCY_SIGNS), "")
    tid = _TOURNAMENT_ID.search(tm["table"]) if is_tournament else None
    record = hand.new_record(
        game=game, limit=_LIMITS[tm["limit"]], is_tournament=is_tournament, tournament_id=tid["tid"] if tid else None,
        table_name=tm["table"], currency=None if is_tournament else CURRENCY_SIGNS.get(sign),
        is_play_money=tm["money"] == "Play",
    )
    if not is_tournament:
        record.small_blind, record.big_blind = hand.money(tm["sb"]), hand.money(tm["bb"])
    record.hand_date, record.start_time_raw = first["date"], f"{first['date']} {first['time']}"
    export = first["id_2"] is not None
    closing = any(" at end " in ln.text for ln in hand.lines[2:14] if " sitting in seat " in ln.text)
    hand.facts["adds"] = hand.facts["return inside win"] = export or closing
    return record


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """A seat line: ``[Dealer]`` is the button, ``at end`` the closing stack (checked)."""
    engine_take_seat(hand, m)
    if m["flag"] == "Dealer":
        hand.record.button_seat = int(m["seat"])
    if m["end"]:
        hand.facts.setdefault("closing", {})[int(m["seat"])] = hand.money(m["end"])
    if m["flag"] == "Sitting out":
        hand.facts.setdefault("sitting out", set()).add(int(m["seat"]))


def _call(hand: Hand, m: re.Match[str]) -> None:
    """``called - X``: what it adds, or in the 2011 files the street total (see the docstring)."""
    return (CALL if hand.facts["adds"] else CALL_TO)(hand, m)


def _raise(hand: Hand, m: re.Match[str]) -> None:
    """``raised - X``/``raised to X``: what it adds, or in the 2011 files the street total."""
    return (RAISE_BY if hand.facts["adds"] else RAISE_TO)(hand, m)


def _sitting_out(hand: Hand) -> None:
    """A seat printed ``[Sitting out]`` that posts and acts nowhere was not dealt in; one
    that does plays the hand (``[Sitting out]`` beside a seat that goes all in, hand
    4969489282)."""
    acted = {a.seat for a in hand.record.actions}
    for seat in hand.record.seats:
        seat.dealt_in = seat.seat not in hand.facts.get("sitting out", set()) or seat.seat in acted


def _closing_stacks(hand: Hand) -> None:
    """``at end €9.95``: each seat's closing stack against its stack, less what it put in,
    plus what the pots paid it (after an unmatched bet inside a win is taken out of it)."""
    paid = hand.record.pot_paid_by_seat()
    for seat in hand.record.seats:
        closing = hand.facts.get("closing", {}).get(seat.seat)
        if closing is not None and seat.stack is not None:
            expected = seat.stack - seat.contributed + paid.get(seat.seat, 0)
            if closing != expected:
                hand.record.notes.append(f"seat {seat.seat}: closing stack {closing} but the lines give {expected}")


DIALECT = Dialect(
    platform=Platform.MICROGAMING,
    format=Format.MICROGAMING_TEXT,
    version="1",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not a Microgaming text header",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    # seat lines are read up to the first post or deal (a 2016 export puts blank lines between them)
    seats_end=re.compile(r"^(?:.+ posted |\*\* Dealing )"),
    body=(
        kind("table", r"^\*\* .+ \[[^\]]+\] \(.+\) (?:Real|Play) Money$", skip, once=True),  # read by ``_header``
        kind("dealt", r"^\*\* Dealing cards? to (?P<name>.+): (?P<cards>.+)$", dealt),
        kind("board", r"^\*\* Dealing the (?P<street>flop|turn|river): (?P<cards>.+)$", street),
        kind("end", r"^End of game \d+$", skip),
        kind("rake", rf"^Rake: {AMOUNT}$", rake),
    ),
    players=(
        kind("small blind", rf"^posted the small blind - {AMOUNT}$", SMALL_BLIND),
        kind("big blind", rf"^posted the big blind - {AMOUNT}$", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
        kind("ante", rf"^posted ante - {AMOUNT}$", ANTE),
        kind("post to play", rf"^posted to play - {AMOUNT}$", DEAD_BLIND),
        kind("call", rf"^called - {AMOUNT}$", _call),
        kind("bet", rf"^bet - {AMOUNT}$", BET),
        kind("raise", rf"^raised(?: -| to) {AMOUNT}$", _raise),
        kind("all in", rf"^went (?P<allin>all-in) - {AMOUNT}$", BET),
        kind("fold", r"^folded$", FOLD),
        kind("check", r"^checked$", CHECK),
        kind("shows", r"^shows: (?P<cards>.+)$", SHOW),
        kind("mucks", r"^mucks: (?P<cards>.+)$", MUCK),
        kind("mucks nothing", r"^mucks:$", skip),  # a winner who does not show
        kind("wins", rf"^wins {AMOUNT} from (?:the (?P<main>main) pot|side pot (?P<side>\d+))$", pays),
    ),
    name_follows=re.compile(r"(?= )"),
    after_name=re.compile(r" "),
    cards=_cards,
    strip_lines=True,
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    rake=Rake(inferred="rake not printed: inferred as put in minus won ({put_in} - {paid})",
              overpaid="rake not printed, and more was won than put in"),
    labels_halves=True,
    returns_unmatched=True,
    requires_payout=(QuarantineReason.TRUNCATED, "hand has no 'wins' line (cut off?)"),
    checks=(_sitting_out, ipoker_text.uncalled_in_win, _closing_stacks),
)

PARSER = DialectParser(DIALECT)
