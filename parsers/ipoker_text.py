"""iPoker network text hand histories (2011-2021), beside the network's XML.

The files read here are the ones fpdb keeps in its ``regression-test-files/.../PokerTracker``
folders (2011-2021, cash games, sit-and-gos and multi-table tournaments, Hold'em and
Omaha); which program wrote them (the client's own text export, a tracker, HandHQ) the
files do not say, and one of them names the server (``Server poker2.ipoker.com``). A hand
starts with its ``GAME #`` line and ends at the next one; hands are separated by blank
lines (or none, at the end of a file).

**The header** is one line, in four variants:

- 2011: ``GAME #2978859505: Texas Hold'em  NL $0.05/$0.10 2011-10-12 02:52:19`` (HandHQ's
  copies write the date ``2011/01/23``); a tournament prints ``Tournament`` for the stakes;
- 2013: ``GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18`` (no limit and no
  currency: the limit stays unknown, the currency is the seat lines' sign);
- 2018 (Zone tables): ``GAME #3704959981 Texas Hold'em NL $1/$2 2018-12-24 10:34:39/GMT``;
- 2019-2026: ``GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02
  2018-12-26 22:40:05/GMT``.

``/GMT`` times are UTC; a time without a zone is kept only as printed (``start_time_utc``
null). The next line is ``Table NAME``; a tournament's is ``Table NAME, 705016870,
703707441 (Tournament: NAME Buy-In: €22,25 + €22,25 + €5,50)``, whose first number is read
as the ``tournament_id``; a 2024 hand adds ``Table Size 6`` before it, a 2026 one ``Table
Info: Size: 3, Blinds: 15/30, Ante: 5`` (both skipped: the posts say it), and 2024 numbers
its cash table, ``Table Saratov, 560234179``. Seats are ``Seat 3: Hero (€179.50 in chips)
DEALER`` (``DEALER`` marks the button, after one space or, in 2024, two; ``(REBUY) (ADDON)``
may follow in a tournament), in any seat order. Tournament chips are printed with the
currency sign and cents (``$1,192.50 in chips``): they are counted in hundredths, as for
the XML, and the currency is null. Cards are suit then rank, ``H10``, ``SK``, or in the
HandHQ copies ``dJ``; ``X`` is a card not shown.

**Verbs** (worked out from the files by the money each hand must add up to; every hand of
the sweep then reconciles): ``Post SB``/``SB``, ``Post BB``/``BB`` (a second ``Post BB`` of
more than the big blind is a seat posting both blinds: the big blind's worth live, the
rest dead; of the big blind or less, a new player's live post), ``Post BB Allin``, ``Post
Ante`` (dead), ``Call`` and ``Bet`` (the amount added), ``Raise (NF) X`` (the street total
raised *to*: a small blind of 400 that ``Raise (NF) €5,600.00`` is called by the big blind's
``Call €4,800.00``), ``Raise X`` and the 2013 ``Raise to X`` (both the amount *added*: in
2013 a small blind of 50 that ``Raise to $250.00`` is re-raised by the big blind's ``Raise to
$800.00`` and calls it with ``Call $600.00``, 900 each; in hand 2607756372 a seat that bet
35.00 and faces a raise to 112.70 answers ``Raise $31.10``, 66.10 in all, and the tie pays
the raiser's unmatched 46.60 back), ``Allin X`` (the amount added: the rest of the stack),
``Fold``, ``Check``. A seat's name followed by nothing (``Player8:``, 2011) carries nothing;
a listed seat that posts nothing, never acts and gets no cards sat the hand out (not dealt
in).
Lines of one street can come out of order (a Zone hand prints a ``Call`` before the ``Bet``
it calls); the amounts are read as printed, in the order printed.

**Summary.** ``*** SUMMARY ***`` (read as the showdown), then ``Total pot €38,410.00 Rake
€0.00``, ``NAME: Shows [DK H10] Straight, Ace High`` (also a folded seat showing a card,
``Shows [D9 X]``), ``NAME: Mucks [SA H9] One Pair, Aces`` (cards shown and conceded) and one
``NAME: wins $146.20`` per winner: the seat's total over all pots, so payouts are
``per_seat_only`` with pot null. The pot and the wins are after rake. No uncalled-bet line is
printed: what no one matched goes back to its seat here (an ``UNCALLED_RETURN`` action,
noted). Whether the wins hold that return depends on the header: with ``Uncalled:Y``
(2019-2021) it is out of the total pot and out of the wins; without it (2011, 2013, the 2018
Zone file) the total pot and the winner's ``wins`` include it (``Total pot $8,398.00 Rake
$2.00`` over 8,400 put in of which 4,200 came back): that part of the win is recorded as an
``uncalled`` payout, noted. The printed total pot is checked against the pay lines; a
difference is noted.

A hand without its ``Total pot`` line is ``truncated``. Any line not declared here fails
the hand (``parse_error``, naming the line). Declared on ``parsers.engine``. A format added
to contracts' vocabulary in its style: ``ipoker`` (iPoker's text), beside ``ipoker_xml``.
Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from rules.cards import CardError, read_card
from rules.records import HandParseError, ParsedHand, PayoutRecord
from rules.vocab import ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, Street
from parsers.clock import local_to_utc
from parsers.base import AMOUNT
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BOTH_BLINDS, CALL, CHECK, CURRENCY_SIGNS, FOLD, MUCK, OPEN, RAISE_BY, RAISE_TO, SHOW,
    SMALL_BLIND, Dialect, DialectParser, Hand, Rake, Require, Streets, dealt, idle_seats_sat_out, kind, skip,
    street, take_seat,
)
from parsers.game_names import games, limits
from parsers.headers import Header

_HAND_START = re.compile(r"^\ufeff*GAME #\d+", re.M)
_SNIFF = re.compile(r"GAME #\d+:? (?:Version:\S+ )?(?:Uncalled:[YN] )?(?:Texas Hold'em|Omaha|\S)")
_FIRST = re.compile(
    r"^\ufeff*GAME #(?P<id>\d+):?(?: Version:(?P<version>\S+))?(?: Uncalled:(?P<uncalled>[YN]))? "
    r"(?P<game>.+?)  ?(?:(?P<limit>NL|PL|FL|L)  ?)?"
    r"(?:(?P<tourney>Tournament)|(?P<sb>[$€£]?[\d,.]+)/(?P<bb>[$€£]?[\d,.]+))(?: -)? "
    r"(?P<date>\d{4}[-/]\d{2}[-/]\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?P<zone>/GMT)?\s*$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?)(?:, (?P<tid>\d+), \d+ \(Tournament: .*\))?$")
_TABLE_SIZE = re.compile(r"^Table (?:Size \d+|Info: .*)$")  # 2024, 2026: lines about the table, before its name
_GAMES = games("Texas Hold'em", "Omaha")
_LIMITS = limits("NL", "PL", "FL", "L")
_HEADER_FIELDS = Header(_GAMES, "game {stripped!r} not known in {line!r}", str.strip, _LIMITS)
_SIGN = re.compile(r"\((?P<sign>[$€£])")
_SUITS = "cdhs"


def _cards(text: str) -> list[str | None]:
    """``H10 SK dJ X``: suit then rank (``10`` for ten), either case; ``X`` not shown.

    >>> _cards("H10 SK dJ X")
    ['Th', 'Ks', 'Jd', None]
    """
    out: list[str | None] = []
    for token in text.split():
        if token.upper() == "X":
            out.append(None)
            continue
        suit, rank = token[:1].lower(), token[1:].upper()
        try:
            if suit not in _SUITS:
                raise CardError(f"bad card {token!r}")
            out.append(read_card(("T" if rank == "10" else rank) + suit))
        except CardError:
            raise HandParseError(QuarantineReason.BAD_CARDS, f"bad card {token!r}") from None
    return out


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``GAME #`` line (game, limit, stakes, time) and the ``Table`` line (name, tournament)."""
    line = hand.lines[0].text
    fields = _HEADER_FIELDS.fields(hand, first, line)  # the blinds too, at a cash table
    is_tournament = first["tourney"] is not None
    sign = (first["sb"] or "")[:1]
    if sign not in CURRENCY_SIGNS:
        seat_sign = next((m["sign"] for ln in hand.lines[1:8] if ln.text.startswith("Seat ")
                          and (m := _SIGN.search(ln.text))), "")
        sign = seat_sign
    table_line = next((ln for ln in hand.lines[1:4] if ln.text.startswith("Table ") and not _TABLE_SIZE.match(ln.text)),
                      None)
    tm = _TABLE.match(table_line.text) if table_line else None
    record = hand.new_record(
        **fields, is_tournament=is_tournament,
        tournament_id=tm["tid"] if tm and is_tournament else None, table_name=tm["table"] if tm else None,
        currency=None if is_tournament else CURRENCY_SIGNS.get(sign), per_seat_only=True,
    )
    date = first["date"].replace("/", "-")
    record.hand_date = date
    record.start_time_raw = f"{first['date']} {first['time']}{first['zone'] or ''}"
    if first["zone"]:
        record.start_time_utc = local_to_utc(f"{date} {first['time']}", "UTC", {"UTC": "UTC"})
    # with ``Uncalled:Y`` an uncalled bet is out of the wins; without, the winner's win holds it
    hand.facts["return inside win"] = first["uncalled"] != "Y"
    return record


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 3: Hero (€179.50 in chips) DEALER``: ``DEALER`` marks the button."""
    take_seat(hand, m)
    if m["dealer"]:
        hand.record.button_seat = int(m["seat"])


def _post_bb(hand: Hand, m: re.Match[str]) -> None:
    """``Post BB``: the first is the big blind; a later one of more than the big blind is a
    seat posting both blinds (``Post BB $1.50`` at $0.50/$1: 1 live, 0.50 dead, file
    NLHE-USD-0.50-1.00-201101.iPoker.post.both), else a new player's live post."""
    if not any(a.kind == ActionKind.POST_BIG_BLIND for a in hand.record.actions):
        return BIG_BLIND(hand, m)
    return live_post_or_both_blinds(hand, m)


def live_post_or_both_blinds(hand: Hand, m: re.Match[str]) -> None:
    """A post (``amt``) of more than the big blind is both blinds (the big blind's worth
    live, the rest dead); at most the big blind, a live post."""
    big = hand.record.big_blind
    if big is not None and hand.money(m["amt"]) > big:
        return BOTH_BLINDS(hand, m)
    return BLIND(hand, m)


def _total_pot(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot $0.24 Rake $0.01``: the rake, and the total (after rake) the wins must make."""
    hand.record.rake = hand.money(m["rake"])
    hand.facts["total pot"] = hand.money(m["amt"])


def _wins(hand: Hand, m: re.Match[str]) -> bool | None:
    """``NAME: wins $0.45``: the seat's total over every pot (pot not said)."""
    if hand.player is None:
        return False
    hand.pay(hand.player, hand.money(m["amt"]), pot=None)
    return None


def _return_inside(hand: Hand, seat: int, amount: int) -> bool:
    """Whether the wins hold the unmatched ``amount`` returned to ``seat``: the reading that
    adds up to a printed rake, else the one the closing stacks give, else the dialect's rule
    for the hand (``hand.facts["return inside win"]``). A 2016 Microgaming export pays an
    all-in caller's pot without the bettor's unmatched 34.49 (``wins €96.77`` of 98.27 put in
    after it, ``Rake: €1.50``), while its 2013 file's uncalled bet is inside the win."""
    record = hand.record
    wins = sum(p.amount for p in record.payouts if p.source == PayoutSource.POT)
    if record.rake is not None:
        if wins + record.rake == record.pot_total + amount:
            return True
        if wins + record.rake == record.pot_total:
            return False
    closing: int | None = hand.facts.get("closing", {}).get(seat)
    start = hand.seats[seat].stack
    if closing is not None and start is not None:
        won = sum(p.amount for p in record.payouts if p.source == PayoutSource.POT and p.seat == seat)
        kept = start - hand.seats[seat].contributed + won
        if closing in (kept - amount, kept):
            return closing == kept - amount
    return bool(hand.facts.get("return inside win"))


def uncalled_in_win(hand: Hand) -> None:
    """Without ``Uncalled:Y`` the winner's ``wins`` holds the bet nobody matched (2013 file
    PLO-2max-USD-50.00-100.00-201308.iPoker.archive: ``wins $8,398.00`` of 8,400 put in,
    4,200 of it unmatched): that part is recorded as an uncalled payout. Shared by the Merge
    and Microgaming text dialects (``_return_inside`` says which hands)."""
    record = hand.record
    returns = [a for a in record.actions if a.kind == ActionKind.UNCALLED_RETURN]
    if not returns or hand.facts.get("return printed"):
        return
    back = returns[-1]
    if back.seat is None or not back.amount or not _return_inside(hand, back.seat, back.amount):
        return
    won = [p for p in record.payouts if p.seat == back.seat and p.source == PayoutSource.POT]
    held = sum(p.amount for p in won)
    if held < back.amount:
        record.notes.append(f"seat {back.seat}'s wins ({held}) do not hold its unmatched {back.amount}")
        return
    left = back.amount
    for p in reversed(won):
        taken = min(left, p.amount)
        p.amount -= taken
        left -= taken
    record.payouts = [p for p in record.payouts if p.amount or p.source != PayoutSource.POT]
    record.payouts.append(PayoutRecord(back.seat, back.amount, None, None, Half.WHOLE, PayoutSource.UNCALLED,
                                       won[0].line))
    record.notes.append(f"seat {back.seat}'s unmatched {back.amount} is inside its win: recorded as an uncalled return")


def _check_total(hand: Hand) -> None:
    """The printed total pot is what the ``wins`` lines add up to."""
    total = hand.facts.get("total pot")
    printed = sum(p.amount for p in hand.record.payouts)
    if total is not None and total != printed:
        hand.record.notes.append(f"total pot printed {total} but the wins add up to {printed}")


DIALECT = Dialect(
    platform=Platform.IPOKER,
    format=Format.IPOKER_TEXT,
    version="1",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not an iPoker text header",
    header=_header,
    seat=kind("seat", r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d,]+(?:\.\d+)?) in chips\)"
                      r"(?P<dealer> +DEALER)?(?: \(REBUY\))?(?: \(ADDON\))?$", _seat),
    body=(
        kind("table", r"^(?:Table .+|Server \S+)$", skip),  # read by ``_header``; the server and the size name nothing
        kind("street", r"^\*\*\* (?P<street>HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*(?: \[(?P<cards>[^\]]*)\])?$",
             street),
        kind("dealt", r"^Dealt to (?P<name>.+) \[(?P<cards>[^\]]*)\]$", dealt),
        kind("total pot", rf"^Total pot {AMOUNT} Rake (?P<rake>[$€£]?[\d,]+(?:\.\d+)?)$", _total_pot, once=True),
    ),
    players=(
        kind("small blind", rf"^(?:Post )?SB {AMOUNT}$", SMALL_BLIND),
        kind("big blind", rf"^(?:Post )?BB(?P<allin> Allin)? {AMOUNT}$", _post_bb),
        kind("ante", rf"^Post Ante {AMOUNT}$", ANTE),
        kind("fold", r"^Fold$", FOLD),
        kind("check", r"^Check$", CHECK),
        kind("call", rf"^Call {AMOUNT}$", CALL),
        kind("bet", rf"^Bet {AMOUNT}$", BET),
        kind("raise to", rf"^Raise \(NF\) {AMOUNT}$", RAISE_TO),
        kind("raise by", rf"^Raise(?: to)? {AMOUNT}$", RAISE_BY),
        kind("all in", rf"^(?P<allin>Allin) {AMOUNT}$", BET),
        kind("shows", r"^Shows \[(?P<cards>[^\]]*)\](?: [A-Z][^\[\]]*)?$", SHOW, on=(Street.SHOWDOWN,)),
        kind("mucks", r"^Mucks \[(?P<cards>[^\]]*)\](?: [A-Z][^\[\]]*)?$", MUCK, on=(Street.SHOWDOWN,)),
        kind("wins", rf"^wins {AMOUNT}$", _wins, on=(Street.SHOWDOWN,)),
    ),
    quiet=re.compile(r"^$"),  # ``Player8:`` with nothing after it (2011)
    name_follows=re.compile(r"(?=:(?: |$))"),
    after_name=re.compile(r": ?"),
    cards=_cards,
    strip_lines=True,
    streets=Streets(board={"hole cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER,
                           "summary": Street.SHOWDOWN}),
    rake=Rake(missing_note="no 'Total pot ... Rake' line"),
    board_repeats=True,  # the 2013 file repeats the board: ``*** TURN *** [D3 SK C3 DQ]``
    returns_unmatched=True,
    requires=(Require("total pot", QuarantineReason.TRUNCATED, "hand has no 'Total pot' line (cut off?)"),),
    # a listed seat that sat the hand out: ``Seat 3: Player8 ($0.00 in chips)`` in hand
    # 2978860697, 2011; a tournament's button that never acts, hand 3617041679
    checks=(idle_seats_sat_out, uncalled_in_win, _check_total),
)

PARSER = DialectParser(DIALECT)
