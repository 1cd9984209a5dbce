"""Bovada / Bodog / Ignition text hands.

A hand looks like::

    Bovada Hand #4304661864 TBL#26953916 OMAHA HiLo Pot Limit - 2022-06-26 16:46:42
    Seat 1: Big Blind ($6.84 in chips)
    Dealer  [ME] : Small Blind $0.10
    Big Blind : Big blind $0.25
    *** HOLE CARDS ***
    Big Blind : Card dealt to a spot [Kh Kc Ks Th]
    Dealer  [ME] : Raises $0.65 to $0.75
    ...
    Dealer  [ME] : Return uncalled portion of bet $4.06
    Dealer  [ME] : Hand result $13.18
    *** SUMMARY ***
    Total Pot($13.68)
    Seat+4: Dealer HI $6.59  with Two pair [...] LO $6.59 [...]

Players are seat-position pseudonyms (``UTG+1``, ``Dealer [ME]``; ``Seat+3`` in stud).
Every seat's cards are printed (a seat with none that never acts sat out: not dealt in).
``Hand result`` is one line per winner and pot (halves
summed); the summary gives each seat's ``HI`` and ``LO`` (or ``LOW``) amounts, which
label the result lines: a seat paid only high (or only low) gets that half on every line;
a seat paid both halves from one result line gets that line as two records (high and
low, same line). A pot nobody contested (no ``Showdown``) is ``whole``.

Rake: older files print ``Total Pot($930) | Rake ($3)``; newer ones print only the
gross ``Total Pot``, and the rake is then inferred as everything put in minus everything
paid (``rake_source`` inferred, said in ``notes``). 2012 cash files print no street lines:
each street's cards come in a ``Card dealt to table [Ks 7c 9s]`` line. A returning
player's ``Posts dead chip $15`` at $5/$10 is both blinds: $5 dead and $10 live (his
``Calls $35`` then brings him to $45). Older tournament files print no street lines at
all; a ``Bets`` after the street's betting is closed starts the next one.
Times carry no zone (``start_time_utc`` is None), except in 2022 ``[MVS]`` files, whose
header ends ``- 2022-12-05 04:04:40 UTC`` and is followed by a ``Table Info: Version: 1,
Type: MVS, Stakes: $0.50-$1, Table: ...`` line; their ``Player Info: Seat1: P1-<hash>, ...``
line names each seat's anonymous id and carries no money or cards. When the button is dead
(its seat empty), no seat is called ``Dealer`` and ``Dealer : Set dealer [5]`` only names
the button seat. Zone Poker (Ignition, 2018) seats leave as they fold, ``UTG : Leave(Auto)``,
and new ones arrive, ``Enter(Auto)``: neither carries money. Zone Poker files (2019) also
print nothing under ``*** SUMMARY ***`` for most hands (those the player had left): their
``Hand result`` lines still say what was paid, so they are read with the rake inferred; a
hand that stops at ``*** SUMMARY ***`` with no ``Hand result`` line is truncated.

Bodog's ``Bodog UK``, ``Bodog.eu`` and ``Bodog.com`` headers are Bovada's; stud's ``Double
bets`` is the big bet on 4th street with a pair showing; the ``(timeout)`` bring-in and the
``Bets chip info(timeout)`` bet are the plain actions; a hand whose player line is repeated
verbatim and that does not add up is quarantined as damaged (``inconsistent``), not read as
the money it would double.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Bovada's streets
are known from four kinds of line (a section line, a 2012 ``Card dealt to table`` line, a
stud seat's count of cards, a ``Bets`` after a closed round), so one function, ``_move_to``,
moves the hand along for all of them; a street line printed twice does not open a second
round. The old reader's wording of errors and notes is declared as the dialect's
``Wording``. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from rules.games import game_spec
from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, Platform, QuarantineReason, Street
from parsers.base import BRACKETS
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BRING_IN, CALL, CHECK, DEAD_BLIND, FOLD, MUCK, RAISE_TO, SHOW, SMALL_BLIND, Act,
    Dialect, DialectParser, Hand, Rake, Returned, Streets, Wording, adds_unnamed, enter_summary,
    idle_seats_sat_out, kind, skip,
)
from parsers.game_names import limits
from parsers.headers import Header

_AMT = r"\$?\d[\d,]*(?:\.\d+)?"
_SP = r"[^\S\n]"  # white space within the line (so that the header also finds a file's first line)
_HEADER = re.compile(
    rf"^(?P<site>Bovada|Bodog(?:\.com|\.eu| UK)?|Ignition)(?: Poker)? Hand #(?P<id>\d+):?{_SP}+(?P<body>.*?)"
    rf"{_SP}+-{_SP}+"
    rf"(?P<date>\d{{4}}-\d{{2}}-\d{{2}} \d{{2}}:\d{{2}}:\d{{2}})(?: (?P<zone>UTC))?{_SP}*(?:\n|$)"
)
# 2022 ``[MVS]`` files print the time in UTC, and say so; older ones print no zone
_HEADER_FIELDS = Header(date_format="%Y-%m-%d %H:%M:%S", zones={"UTC": "UTC"})
_SEAT = re.compile(rf"^Seat[+ ](?P<seat>\d+)(?P<me> \[ME\])?: (?P<name>.*?)\s*\(?(?P<stack>{_AMT}) in chips\)?\s*$")
_SECTION = r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$"
_TOTAL = re.compile(rf"^Total Pot\((?P<amount>{_AMT})\)(?:\s*\|\s*Rake \((?P<rake>{_AMT})\))?")
_POSITION = re.compile(r"^\s*(?:Dealer|Small Blind|Big Blind|UTG(?:\+\d+)?)(?=\s|$)")
_HI = re.compile(rf"^\s*(?:HI\s+)?(?P<amount>{_AMT})(?=\s|$)")
_LO = re.compile(rf"\bLOW?\s+(?P<amount>{_AMT})(?=\s|$)")
_HI_LABEL = re.compile(rf"\bHI\s+(?P<amount>{_AMT})(?=\s|$)")

_LIMITS = limits("pot limit", "no limit", "fixed limit")
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_STREET_BY_BOARD = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_STUD_SECTIONS = re.compile(r"^(3RD|4TH|5TH|6TH|7TH) STREET$|^RIVER$")
_STUD_BY_COUNT = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
# Lines that carry no money or cards, after a seat's name or on their own: seating and
# table traffic, Zone Poker's comings and goings, tournament ranks, prizes, deposits.
_NO_MONEY = (
    r"(?:Seat sit out|Sit out|Seat stand|Stand|Table leave user|Table enter user|Seat sit down|"
    r"Re-join|Seat re-join|Ranking \d+|Table deposit .*|Sitout.*|Enter\(Auto\)|Leave(?:\(Auto\))?|"
    r"Prize Cash .*|Table Rebuy.*|Table Addon.*|Checks? \(timeout\)|Set dealer.*|Draw for dealer \[[^\]]*\]|"
    r"Player Info: (?:Seat\d+: [\w-]+(?:, )?)+|"
    # a tournament's rebuys and add-ons change a stack, and its prizes are paid, outside the pot
    r"Rebuyin \d[\d,]*|Addon \d[\d,]*|Double rebuys?(?: \d[\d,]*)?|Prize Tournament Ticket \[[^\]]*\]|"
    r"BOUNTY PRIZE \[[^\]]*\])"
)
# What follows a seat's name: ``Big Blind  [ME] : Calls $0.41`` (the viewer's seat is marked).
_SPEAKER = r"\s*(?:\[ME\])?\s+:"
# The summary's lines (their kinds' names): a summary with none of them was never written.
_SUMMARY_LINES = frozenset({"total", "board", "summary seat"})


def _game(hand: Hand, body: str) -> tuple[Game, Limit | None]:
    upper = body.upper()
    hilo = "HILO" in upper.replace(" ", "") or "HI/LO" in upper
    if "7CARD" in upper or "STUD" in upper:
        game = Game.STUD_HILO if hilo else Game.STUD
    elif "RAZZ" in upper:
        game = Game.RAZZ
    elif "OMAHA" in upper:
        five = "5 CARD" in upper or "5CARD" in upper
        game = (Game.OMAHA5_HILO if hilo else Game.OMAHA5) if five else (Game.OMAHA_HILO if hilo else Game.OMAHA)
    elif "HOLDEM" in upper or "HOLD'EM" in upper:
        game = Game.HOLDEM
    else:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game in {body!r}")
    limit = None
    for text, value in _LIMITS.items():
        if text in body.lower():
            limit = value
    return game, limit


def _name(raw: str) -> str:
    return re.sub(r"\s+", " ", raw.replace("[ME]", "")).strip()


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """``Bovada Hand #N TBL#M <game> <limit> - <date> <time>`` (tournaments: ``Tournament
    #N``, ``Level L (sb/bb)``; 2022 ``[MVS]`` files: `` UTC`` after the time)."""
    body = m["body"]
    game, limit = _game(hand, body)
    tm = re.search(r"Tournament #(\d+)", body)
    hand.scale = 1 if tm else 100
    table = re.search(r"TBL#(\d+)", body)
    record = hand.new_record(
        game=game, limit=limit, is_tournament=tm is not None, currency=None if tm else "USD",
        tournament_id=tm[1] if tm else None, table_name=table[1] if table else None,
        start_time_raw=f"{m['date']} {m['zone']}" if m["zone"] else m["date"], **_HEADER_FIELDS.fields(hand, m),
    )
    if m["site"] != "Bovada":
        record.notes.append(f"dealt by {m['site']} (Bovada network)")
    if level := re.search(r"Level \S+ \((\d[\d,]*)/(\d[\d,]*)\)", body):
        record.small_blind, record.big_blind = hand.money(level[1]), hand.money(level[2])
    return record


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """A seat printed without a name (stud: ``Seat+1: 1,500 in chips``) is ``Seat+1``, as its lines call it."""
    seat = int(m["seat"])
    hand.add_seat(SeatRecord(seat=seat, player=_name(m["name"]) or f"Seat+{seat}", stack=hand.money(m["stack"])))


def _table_info(hand: Hand, m: re.Match[str]) -> bool | None:
    """2022 ``[MVS]`` files print ``Table Info: ...`` right after the header; anywhere else it is not known."""
    return None if hand.previous is None and not hand.seen else False


# --- streets ------------------------------------------------------------------------------

def _move_to(hand: Hand, street: Street) -> None:
    """The hand moves on to ``street``: a new betting round, unless the hand was still being
    dealt or already there (a street line printed twice)."""
    if street != hand.street:
        if hand.street != Street.PREDEAL:
            hand.tracker.new_street()
        hand.street = street


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``*** HOLE CARDS ***``, ``*** TURN *** [Ks 7h 5c] [2d]`` (the whole board so far),
    ``*** SUMMARY ***``; in stud the deal tells the street, so its section lines only mark it."""
    label, stud = m["label"].strip().upper(), hand.family == "stud"
    if label == "SUMMARY":
        enter_summary(hand, m)
    elif label == "HOLE CARDS":
        if not stud:
            hand.street = Street.PREFLOP
    elif label in _BOARD_STREETS and not stud:
        _move_to(hand, _BOARD_STREETS[label])
        board = [c for text in BRACKETS.findall(m["rest"]) for c in hand.cards(text) if c]
        if board:
            hand.board = board
    elif not (stud and _STUD_SECTIONS.match(label)):
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown street line {hand.line.verbatim!r}")


def _table_cards(hand: Hand, m: re.Match[str]) -> bool | None:
    """2012 cash files print no street lines: ``Card dealt to table [Ks 7c 9s]``, then
    ``[9d]``, deals each street's board, and the board's size tells the street."""
    if hand.family == "stud":
        return False
    board = hand.board + [c for c in hand.cards(m["cards"]) if c]
    if len(board) not in _STREET_BY_BOARD:
        raise hand.fail(QuarantineReason.BAD_CARDS, f"a board of {len(board)} cards after {hand.line.verbatim!r}")
    hand.board = board
    _move_to(hand, _STREET_BY_BOARD[len(board)])
    return None


def _spot(hand: Hand, m: re.Match[str]) -> None:
    """``Card dealt to a spot [Kh Kc]``. In stud each line deals a street's cards, and the
    seat's count of cards tells the street; the 3rd card and the 4th to 6th are face up."""
    seat = hand.player
    if hand.family != "stud":
        return hand.deal(seat, m["cards"])
    got = hand.cards(m["cards"])
    held = hand.dealt.setdefault(seat.seat, [])
    first = not held
    held.extend(got)
    if first or len(held) <= 6:
        seat.upcards = [c for c in got[2:3] if c] if first else seat.upcards + [c for c in got if c]
    street = _STUD_BY_COUNT.get(len(held))
    if street is not None and hand.street == Street.PREDEAL:
        hand.street = street
    elif street is not None:
        _move_to(hand, street)
    return None


# --- actions ------------------------------------------------------------------------------

# Bovada's posts are recorded on the street they are printed in: a stud tournament's
# ``Big blind/Bring in 10`` comes after the deal, on 3rd street.
_SMALL_BLIND = replace(SMALL_BLIND, forced=False, sets=None)
_BIG_BLIND = replace(BIG_BLIND, forced=False, sets=None)
_ANTE, _BRING_IN = replace(ANTE, forced=False), replace(BRING_IN, forced=False)
_DEAD, _POST = replace(DEAD_BLIND, forced=False), replace(BLIND, forced=False)


def _blind(hand: Hand, m: re.Match[str], *, verb: Act, field: str) -> None:
    """A blind line sets the hand's blind only where the header stated none: a stud
    tournament's ``Level 1 (0/0)`` states 0, which ``Big blind/Bring in 10`` leaves."""
    unstated = getattr(hand.record, field) is None
    verb(hand, m)
    if unstated:
        setattr(hand.record, field, hand.money(m["amt"]))


def _button_in_brackets(hand: Hand, m: re.Match[str]) -> None:
    """``Dealer : Set dealer [4]`` (``Set dealer/Bring in spot [2]`` in 2012 files)."""
    got = BRACKETS.search(m["rest"])
    if got and got[1].strip().isdigit():
        hand.record.button_seat = int(got[1])


def _dead_chip(hand: Hand, m: re.Match[str]) -> None:
    """A returning player's ``Posts dead chip $15`` at $5/$10 is both blinds: the small
    blind dead, the big blind live (his ``Calls $35`` then brings him to $45)."""
    record, seat = hand.record, hand.player.seat
    sb, bb = record.small_blind, record.big_blind
    if not (sb and bb and hand.money(m["amt"]) == sb + bb):
        return _DEAD(hand, m)
    hand.tracker.dead(seat, sb)
    hand.add_action(hand.street, seat, ActionKind.POST_DEAD, sb)
    hand.tracker.add(seat, bb)
    hand.add_action(hand.street, seat, ActionKind.POST_BLIND, bb)
    return None


def _bets(hand: Hand, m: re.Match[str]) -> None:
    """Older tournament files print no street lines: a ``Bets`` after someone bet this street opens the next."""
    if hand.tracker.max_street_bet() > 0 and hand.street in _NEXT_STREET and hand.family != "stud":
        _move_to(hand, _NEXT_STREET[hand.street])
    BET(hand, m)


def _result(hand: Hand, m: re.Match[str]) -> None:
    """``Hand result $13.18``: one line per winner and pot, halves summed (the summary labels them)."""
    hand.facts.setdefault("results", []).append((hand.player.seat, hand.money(m["amt"]), bool(m["side"]),
                                                 hand.line.verbatim))


def _unseated(hand: Hand, m: re.Match[str]) -> bool | None:
    """A ``NAME : ...`` line that starts with no seated name. When the button is dead (its
    seat empty) no seat is called Dealer and ``Dealer : Set dealer [5]`` only names the
    button seat; a seated name spaced otherwise (``[ME]`` dropped, spaces collapsed) is
    that seat's, as the old reader read it; any other name fails the hand."""
    name = _name(m["name"])
    seat = hand.by_name.get(name)
    if seat is None and name == "Dealer" and m["rest"].startswith("Set dealer"):
        return _button_in_brackets(hand, m)
    if seat is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no seat for {name!r} in {hand.line.verbatim!r}")
    if hand.read_player(seat, hand.line.text[m.end("name"):]) is None:
        raise hand.unexpected()
    return None


# --- the summary and the end of the hand --------------------------------------------------

def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total Pot($930) | Rake ($3)``; newer files print only the gross ``Total Pot``."""
    hand.record.total_pot_printed = hand.money(m["amount"])
    if m["rake"] is not None:
        hand.record.rake = hand.money(m["rake"])


def _summary_board(hand: Hand, m: re.Match[str]) -> None:
    """``Board [2h 6d Ks 9d ]``: the board, as the summary gives it."""
    if found := BRACKETS.search(hand.line.text):
        hand.facts["summary board"] = [c for c in hand.cards(found[1]) if c]


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat+4: Dealer HI $6.59  with Two pair [...] LO $6.59 [...]``: the halves the seat
    won (an amount alone is the high); ``[Mucked]``."""
    seat, rest = int(m["seat"]), _POSITION.sub("", m["rest"], count=1)
    lo, hi = _LO.search(rest), _HI.match(rest) or _HI_LABEL.search(rest)
    if hi:
        hand.facts.setdefault("hi", {})[seat] = hand.money(hi["amount"])
    if lo:
        hand.facts.setdefault("lo", {})[seat] = hand.money(lo["amount"])
    if "[Mucked]" in rest and seat in hand.seats:
        hand.seats[seat].mucked = True


def _summary_written(hand: Hand) -> None:
    """Zone Poker writes no summary for a hand its player left (the client moved him to a
    new table): its ``Hand result`` lines say what was paid. A summary with neither, or
    none at all, is a hand cut off."""
    if not hand.in_summary:
        raise hand.fail(QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***")
    if not _SUMMARY_LINES & hand.seen:
        if not hand.facts.get("results"):
            raise hand.fail(QuarantineReason.TRUNCATED, "hand cut off right after *** SUMMARY ***")
        hand.record.notes.append("summary section empty: no total pot or rake printed; "
                                 "paid as the Hand result lines say")
    elif hand.record.total_pot_printed is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, "summary without 'Total Pot(...)'")


def _summary_board_is_the_board(hand: Hand) -> None:
    """The summary's ``Board [..]`` is the board (stud's cards are the seats')."""
    if hand.family != "stud" and hand.facts.get("summary board"):
        hand.record.boards = [hand.facts["summary board"]]  # the summary's board is the board


def _side_pot_count(hand: ParsedHand) -> int:
    """How many side pots the contributions make: one per all-in level below the top."""
    live = [s for s in hand.seats if s.folded_street is None and s.contributed > 0]
    top = max((s.contributed for s in live), default=0)
    return len({s.contributed for s in live if s.all_in and s.contributed < top})


def _halves(hi: int, lo: int, value: int, lines: int) -> list[tuple[int, Half]]:
    """A seat paid only high (or only low) gets that half on every line; one line paying
    both halves, as the summary adds them, is two records."""
    if bool(hi) != bool(lo):
        return [(value, Half.HIGH if hi else Half.LOW)]
    if lines == 1 and hi + lo == value:
        return [(hi, Half.HIGH), (lo, Half.LOW)]
    return [(value, Half.UNLABELLED)]


def _pay_hand_results(hand: Hand) -> None:
    """The ``Hand result`` lines as payouts: side pot 1 when the bets make one side pot,
    else unnumbered; halves as the summary labels them in a split game's showdown, else
    ``whole``."""
    record, results = hand.record, hand.facts.get("results", [])
    hi, lo = hand.facts.get("hi", {}), hand.facts.get("lo", {})
    split = game_spec(record.game).split
    showdown = any(a.kind == ActionKind.SHOW for a in record.actions)
    side_pot = 1 if _side_pot_count(record) == 1 else None
    lines = {seat: [r for r in results if r[0] == seat] for seat, *_ in results}
    for seat, value, side, line in results:
        halves = _halves(hi.get(seat, 0), lo.get(seat, 0), value, len(lines[seat])) if split and showdown else [
            (value, Half.WHOLE)]
        for amount, half in halves:
            hand.pay(hand.seats[seat], amount, pot=side_pot if side else 0, half=half, line=line)
    for seat, its_lines in lines.items():
        paid, labelled = sum(r[1] for r in its_lines), hi.get(seat, 0) + lo.get(seat, 0)
        if labelled and labelled != paid:
            record.notes.append(f"seat {seat}: summary HI/LO total {labelled} differs from Hand result total {paid}")
    if split and not showdown and results:
        record.notes.append("uncontested pot: Bovada labels it HI in the summary; recorded as whole")


def _damaged_by_repeated_lines(hand: Hand) -> None:
    """Some 2014-2015 files repeat a player's line verbatim, two to four times
    (``Small Blind : Ante/Small blind 125`` four times where the Total Pot counts one; fpdb
    keeps such files as ``corrupted.lines``). Read as printed, the repeats put in or pay out
    money that was never bet or won, and the audit would report rake in a tournament or an
    overpaid pot. A hand with a repeated player line that does not add up (its printed Total
    Pot is not what the lines put in, or the lines pay out more than was put in) is damaged:
    it is quarantined, naming the line. A repeat in a hand that adds up is kept as read."""
    record = hand.record
    printed, put_in, paid = record.total_pot_printed, record.pot_total, record.paid_from_pots()
    if (printed is None or printed == put_in) and paid <= put_in:
        return
    for before, line in zip(hand.lines, hand.lines[1:], strict=False):
        if line.text and line.text == before.text and " : " in line.text:
            raise hand.fail(QuarantineReason.INCONSISTENT,
                            f"damaged history: line {line.number} repeats line {before.number} "
                            f"{line.text!r}, and the hand does not add up (Total Pot printed {printed}, "
                            f"put in {put_in}, paid {paid})")


DIALECT = Dialect(
    platform=Platform.BOVADA,
    format=Format.BOVADA,
    version="3",
    hand_start=re.compile(r"^\ufeff*(?:Bovada|Bodog(?:\.com|\.eu| UK)?|Ignition)(?: Poker)? Hand #\d+", re.M),
    head=_HEADER,
    first=_HEADER,
    not_first="not a Bovada header",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    body=(
        kind("section", _SECTION, _section),
        kind("table cards", r"^\s*Card (?:dealt to table|to the table) \[(?P<cards>[^\]]*)\]$", _table_cards),
        kind("table info", r"^Table Info: ", _table_info),
        kind("seating info", r"^Seating Info: \d+(?:, \d+)*$", skip),  # 2021 MVS tournaments: seat ids, no money
    ),
    players=(
        kind("set dealer", r"^Set dealer(?P<rest>.*)$", _button_in_brackets),
        kind("dealt", r"^Card dealt to a spot (?P<cards>.*)$", _spot),
        kind("small blind", rf"^(?:Ante/)?Small [Bb]lind\s+(?P<amt>{_AMT})$",
             partial(_blind, verb=_SMALL_BLIND, field="small_blind")),
        kind("big blind", rf"^Big [Bb]lind(?:/Bring in)?(?:\(timeout\))?\s+(?P<amt>{_AMT})$",
             partial(_blind, verb=_BIG_BLIND, field="big_blind")),
        kind("ante", rf"^Ante chip\s+(?P<amt>{_AMT})$", _ANTE),
        kind("bring-in", rf"^Bring_in chip\s+(?P<amt>{_AMT})$", _BRING_IN),
        kind("dead chip", rf"^Posts dead chip\s+(?P<amt>{_AMT})$", _dead_chip),
        kind("post", rf"^Posts chip\s+(?P<amt>{_AMT})$", _POST),
        # a verb the client played for a seat that ran out of time is marked ``(timeout)``
        kind("call", rf"^Calls?(?:\(timeout\))?\s+(?P<amt>{_AMT})(?:\s+to\s+{_AMT})?$", CALL),
        # stud's ``Double bets 20`` is the big bet on 4th street with a pair showing; a timed-out
        # ``Bets chip info(timeout) 12960`` is a bet all the same (the call and return match it)
        kind("bet", rf"^(?:D? ?|Double )[Bb]ets(?: chip info)?(?:\(timeout\))?\s+(?P<amt>{_AMT})"
                    rf"(?:\s+to\s+{_AMT})?$", _bets),
        kind("raise", rf"^(?:Raises(?:\(timeout\))?|(?P<allin>All-in)\(raise(?:-timeout)?\))\s+"
                      rf"(?:{_AMT}\s+to\s+)?(?P<amt>{_AMT})$", RAISE_TO),
        kind("all-in", rf"^(?P<allin>All-in)(?:\(timeout\))?\s+(?P<amt>{_AMT})(?:\s+to\s+{_AMT})?$", adds_unnamed),
        kind("uncalled", r"^Return uncalled portion of bet(?:.*\s)?(?P<amt>\S+)$", Returned(paid=True)),
        kind("result", rf"^Hand [Rr]esult(?P<side>-Side [Pp]ot)?\s+(?P<amt>{_AMT})$", _result),
        kind("fold", r"^Fold", FOLD),
        kind("check", r"^Check", CHECK),
        kind("showdown", r"^Showdown", SHOW),
        kind("muck", r"^Mucks", MUCK),
        kind("does not show", r"^Does not show", skip),
    ),
    quiet=re.compile(rf"^{_NO_MONEY}$"),
    name_follows=re.compile(rf"(?={_SPEAKER}\s)"),
    after_name=re.compile(rf"{_SPEAKER}\s+"),
    unseated=(
        kind("unseated", r"^(?P<name>.+?)\s+:\s+(?P<rest>.*?)\s*$", _unseated),
        kind("no money", rf"^\s*{_NO_MONEY}$", skip),
    ),
    summary=(
        kind("section", _SECTION, _section),
        kind("total", _TOTAL, _total),
        kind("board", r"^Board", _summary_board),
        kind("summary seat", r"^Seat[+ ](?P<seat>\d+):(?P<rest>.*)$", _summary_seat),
    ),
    streets=Streets(),  # Bovada's streets are moved along by ``_move_to``
    first_action_opens=False,  # the hole cards' section line (stud: the deal) opens the betting
    quotes_trailing_space=True,
    before_returns=(_summary_written,),
    # every dealt seat's cards are printed: a seat with none that never acted sat out (``Seat sit out``)
    checks=(idle_seats_sat_out, _summary_board_is_the_board, _pay_hand_results, _damaged_by_repeated_lines),
    rake=Rake(inferred="rake not printed: inferred as everything put in minus every Hand result "
                       "({put_in} - {paid} = {rake})",
              overpaid="rake not printed, and Hand results exceed what was put in"),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {verbatim!r}",
                    bad_amount="{error}",
                    total_pot="Total Pot printed {printed} differs from everything put in {total}",
                    unbalanced="history does not add up: put in {put_in}, paid {paid}, rake {rake}"),
    first_action_seq=1,
)

PARSER = DialectParser(DIALECT)
