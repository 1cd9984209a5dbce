"""Everest Poker text hand histories (2011), beside the client's XML (``parsers/everest.py``).

The files read here are the two fpdb keeps in its ``regression-test-files/.../PokerTracker``
folders: a cash table (``NLHE-USD-0.50-1.00-201101.Everest``, 100 hands of January 2011)
and a sit and go (``LHE-EUR-SNG-201111.Everest``, 67 hands of November 2011); which
program wrote them (a tracker's export of the client's hands) the files do not say. A hand
starts with its ``EverestPoker Game #`` line; hands are separated by two blank lines.

**The header** is one line:
``EverestPoker Game #N: Table NAME - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02``;
a tournament's adds its id before the table, ``EverestPoker Game #N: Tourney ID: 49630157,
Table 49630157-0 - 100/200 - Limit Hold'em - 09:01:24 - 2011/11/02``. The time comes before
the date and names no zone: it is kept as printed (``start_time_utc`` null). No Limit
stakes are the blinds; Limit stakes are the small and big bet (``100/200`` posts blinds of
50 and 100, hand 7164315170), so a Limit hand's blinds are read from its posts. Seats are
``Seat 3: NAME ($1,305.00)``, every amount with the currency sign and cents, tournament
chips too (``$1,170.00``): they are counted in hundredths and the currency is null; a cash
table's sign is its currency. The button is ``The button is in seat #7``; ``Dealt to NAME
[5d 3c]`` the hero's cards; tens may be written ``10`` (``*** TURN *** [10c]``).

**Verbs** (worked out from the money each hand must add up to): ``posts the small blind
of``, ``posts the big blind of``, ``posts the ante of`` (dead); ``posts the dead blind of
$1.00`` at $0.50/$1 is a newcomer's live big blind (hand 6450848903: the poster later checks
facing the 1.00), of less than the big blind a dead small blind, posted beside a live
``posts $1.00`` (hand 6474531197: the poster checks on 1.00); ``calls`` and ``bets`` add
their amount, ``raises to`` is the street total (hand 6450771214: the small blind raises to
3.00, the big blind to 9.00, and the 6.00 nobody called comes back); ``, and is all-in``
marks the seat all in. ``has been disconnected, and is allin`` puts no money in: the seat
stays in the hand for what it has put in (hand 6474571169: the small blind's 0.50 makes a
main pot of 3.00 paid 2.85, the rest a side pot of 26.50 paid 25.20). ``Uncalled bet of
$7.00 returned to NAME`` is printed, outside the pay lines (hand 6450768434: 7.00 back,
12.85 collected of the 13.50 left), also after an all-in call for less (hand 6450936869:
4.79 of a raise to 92.10 comes back over a call all in for 54.31); a return the client did
not print would be made and noted. A listed seat with no line at all sat the hand out
(seat 3 of hand 6450768434).

**Showdown and summary.** ``NAME shows [..]`` and ``NAME mucked [..]`` (cards shown and
conceded) are printed when the hands are opened (before the turn after an all-in on the
flop, hand 7164315170), again after the river and again in the summary, where each pay
line may be preceded by every show line once more (hand 6474531197). A seat's cards are
read from each such line (differing cards fail the hand); its show or muck is recorded once.
``*** SUMMARY ***`` is read as the showdown. Pay lines are ``NAME collects $12.85``, one per
pot share (four ``collects $1.19`` in the four-way tie of hand 6474531197; a main and a
side pot to one seat in hand 6474571169), after rake and naming no pot, so payouts have pot
null and are compared per seat (``per_seat_only``). The client prints no rake: a cash hand's
rake is what was put in less what was collected (``inferred``: in the cash file it is 5%
rounded down to 0.05 and at most 3.00, none without a flop, hand 6450853986 keeps 3.00 of
270.25); a tournament pot is not raked (hand 7164315170 collects all 1,440 put in), so its
rake is 0. ``NAME finished in place 8 and won $$0`` (or ``won 0,02 €``) is a tournament
result, no pot money: noted.

A hand without a ``collects`` line is ``truncated``. Any line not declared here fails the
hand (``parse_error``, naming the line). Declared on ``parsers.engine``. A format added to
contracts' vocabulary in the style of ``ipoker`` beside ``ipoker_xml``: ``everest_text``
beside ``everest``. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from parsers.base import AMOUNT
from parsers.engine import (
    ANTE,
    BET,
    BIG_BLIND,
    BLIND,
    CALL,
    CHECK,
    CURRENCY_SIGNS,
    DEAD_BLIND,
    FOLD,
    MUCK,
    OPEN,
    RAISE_TO,
    SHOW,
    SMALL_BLIND,
    Dialect,
    DialectParser,
    Hand,
    Note,
    Rake,
    Returned,
    Streets,
    button,
    dealt,
    idle_seats_sat_out,
    kind,
    street,
    take_seat,
)
from parsers.game_names import games, limits
from parsers.headers import Header
from rules.records import ParsedHand
from rules.vocab import Format, Limit, Platform, QuarantineReason, Street

_HAND_START = re.compile(r"^\ufeff*EverestPoker Game #\d+", re.M)
_SNIFF = re.compile(r"EverestPoker Game #\d+: (?:Tourney ID: \d+, )?Table ")
_MONEY = r"[$€£]?[\d,]+(?:\.\d+)?"
_FIRST = re.compile(
    r"^\ufeff*EverestPoker Game #(?P<id>\d+): (?:Tourney ID: (?P<tid>\d+), )?Table (?P<table>.+?) - "
    rf"(?P<low>{_MONEY})/(?P<high>{_MONEY}) - (?P<limit>No Limit|Pot Limit|Limit) (?P<game>.+?) - "
    r"(?P<time>\d{1,2}:\d{2}:\d{2}) - (?P<date>\d{4}/\d{2}/\d{2})\s*$"
)
_HEADER_FIELDS = Header(games("Hold'em", "Omaha", "Omaha Hi/Lo"), "game {stripped!r} not known in {line!r}",
                        limits=limits("No Limit", "Pot Limit", "Limit"), date_format="%Y/%m/%d %H:%M:%S")
_ALL_IN = r"(?P<allin>, and is all-in)?"
_STACK_SIGN = re.compile(r"^Seat \d+: .+ \((?P<sign>[$€£])[\d,.]+\)$")  # a cash table's currency


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``EverestPoker Game #`` line: game, limit, stakes, table, tournament and time."""
    line = hand.lines[0].text
    fields = _HEADER_FIELDS.fields(hand, first, line)
    is_tournament = first["tid"] is not None
    blinds: dict[str, int] = {}
    if fields["limit"] is not Limit.FIXED:  # a Limit table prints its bets: the posts give the blinds
        blinds = {"small_blind": hand.money(first["low"], line), "big_blind": hand.money(first["high"], line)}
    sign = next((m["sign"] for ln in hand.lines[1:3] if (m := _STACK_SIGN.search(ln.text))), "")
    record = hand.new_record(
        **fields, **blinds, currency=None if is_tournament else CURRENCY_SIGNS.get(sign), per_seat_only=True,
    )
    record.start_time_raw = f"{first['date']} {first['time']}"
    return record


def _dead_blind(hand: Hand, m: re.Match[str]) -> None:
    """``posts the dead blind of``: of the big blind, a newcomer's live post (hand
    6450848903); of less, dead (hand 6474531197, beside a live ``posts $1.00``)."""
    big = hand.record.big_blind
    if big is not None and hand.money(m["amt"]) >= big:
        return BLIND(hand, m)
    return DEAD_BLIND(hand, m)


def _disconnected(hand: Hand, m: re.Match[str]) -> None:
    """``has been disconnected, and is allin``: all in for what the seat has put in (hand 6474571169)."""
    seat = hand.player
    seat.all_in = True
    hand.record.notes.append(f"seat {seat.seat} disconnected: all in for what it had put in ({hand.line.text!r})")


def _opens(hand: Hand, m: re.Match[str]) -> None:
    """``shows [..]`` or ``mucked [..]``, printed up to three times: the cards each time
    (another set of cards fails the hand), the show or muck once."""
    seat, cards = hand.player, hand.cards(m["cards"])
    known = hand.facts.setdefault("opened", {})
    if seat.seat in known:
        if known[seat.seat] != cards:
            raise hand.fail(QuarantineReason.INCONSISTENT, f"seat {seat.seat} shows other cards, "
                                                           f"line {hand.line.number}: {hand.line.text!r}")
        return
    known[seat.seat] = cards
    (SHOW if m["verb"] == "shows" else MUCK)(hand, m)


def _collects(hand: Hand, m: re.Match[str]) -> None:
    """``NAME collects $12.85``: one pot share, after rake, naming no pot."""
    hand.pay(hand.player, hand.money(m["amt"]), pot=None)


DIALECT = Dialect(
    platform=Platform.EVEREST,
    format=Format.EVEREST_TEXT,
    version="1",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not an Everest text header",
    header=_header,
    seat=kind("seat", rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_MONEY})\)$", take_seat),
    body=(
        kind("button", r"^The button is in seat #(?P<seat>\d+)$", button),
        kind("street", r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*(?: \[(?P<cards>[^\]]*)\])?$",
             street),
        kind("dealt", r"^Dealt to (?P<name>.+) \[(?P<cards>[^\]]*)\]$", dealt),
        kind("uncalled", rf"^Uncalled bet of {AMOUNT} returned to (?P<name>.+)$", Returned()),
    ),
    players=(
        kind("small blind", rf"^posts the small blind of {AMOUNT}$", SMALL_BLIND),
        kind("big blind", rf"^posts the big blind of {AMOUNT}$", BIG_BLIND),
        kind("ante", rf"^posts the ante of {AMOUNT}$", ANTE),
        kind("dead blind", rf"^posts the dead blind of {AMOUNT}$", _dead_blind),
        kind("post", rf"^posts {AMOUNT}$", BLIND),
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls {AMOUNT}{_ALL_IN}$", CALL),
        kind("bet", rf"^bets {AMOUNT}{_ALL_IN}$", BET),
        kind("raise", rf"^raises to {AMOUNT}{_ALL_IN}$", RAISE_TO),
        kind("disconnected", r"^has been disconnected, and is allin$", _disconnected),
        kind("opens", r"^(?P<verb>shows|mucked) \[(?P<cards>[^\]]*)\]$", _opens),
        kind("collects", rf"^collects {AMOUNT}$", _collects, on=(Street.SHOWDOWN,)),
        kind("finished", r"^finished in place \d+ and won .+$", Note("tournament result: {line!r}"),
             on=(Street.SHOWDOWN,)),
    ),
    name_follows=re.compile(r"(?= )"),
    streets=Streets(board={"hole cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER,
                           "summary": Street.SHOWDOWN}),
    rake=Rake(inferred="rake not printed: inferred as put in minus collected ({put_in} - {paid})",
              overpaid="rake not printed, and more was collected than put in",
              tournament="tournament pots are not raked: rake 0 (Everest prints no rake)"),
    returns_unmatched=True,  # every return is printed; one that is not is made and noted
    requires_payout=(QuarantineReason.TRUNCATED, "hand has no 'collects' line (cut off?)"),
    checks=(idle_seats_sat_out,),
)

PARSER = DialectParser(DIALECT)
