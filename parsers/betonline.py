"""BetOnline (Chico network) text hands.

A hand looks like::

    BetOnline Poker Game #1606125823: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight Time
    Table '24' 10-Max, Seat #4 is the button
    Seat 4: Player0 (0.63 in chips) - The button
    Player0: ante processed 0.00
    Player8: posts small blind 0.01
    *** HOLE CARDS ***
    Player6: raises 0.04 to 0.04
    *** FLOP *** [5d Ad 4h]
    Player5: raises 1.48 to 1.48 and is all in
    Total pot 1.26 | Rake 0.22
    *** SHOW DOWN ***
    Player5 shows Qh Ac
    *** SUMMARY ***
    Total pot 2.49 | Rake 0.22
    Board [5d Ad 4h 5c 9s]
    Seat 2: Player1 showed [5s 4s] and won (2.49)

Other skins of the Chico network write the same dialect under their own name:
``PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - 2012/06/07 08:58 GMT Standard
Time``. The network deals the hands and numbers them in one series (BetOnline's own are
1073058326 in September 2012 and 1606125823 in 2016), so a skin's hand has platform
``betonline`` (its ``hand_key`` is the one a BetOnline player's copy of it would have) and a
note names the skin. Times may lack seconds. ``GMT Standard Time`` (Windows' name for UK
time, printed in June, when the UK is on summer time) does not say which offset applied:
``start_time_utc`` stays empty for it.

A seat printed ``- Sitting out`` that posts a live blind, acts or shows was dealt in
(PayNoRake's hand: ``Hero (25.00 in chips) - Sitting out`` posts the big blind and goes to
showdown).

Seats are numbered from 0 (``Seat 0: Hero``, ``Seat #0 is the button``); records use the
printed number + 1 everywhere (seats, button, summary lines), so that every seat number is
positive as settlement requires and the order around the table is kept. Pay lines keep the
printed text.

Amounts are in the table's currency without a symbol (``$`` appears only in the stakes).
Pay lines are ``X collected Y from pot`` where printed, else the summary's
``Seat N: X showed [..] and won (Y)`` or, for a pot won without a showdown,
``Seat N: X collected (Y)`` (the files seen print only the summary); a summary amount that
differs from a seat's collected lines is recorded as a contradiction. ``collected (0.00)``
(a seat still in that won nothing, or one not dealt in) pays nothing. ``calls X`` adds X;
``raises X to Y`` makes the seat's street total Y. Times are US Eastern (``Eastern Daylight
Time``, or ``EDT`` as the 2012 files write it).

Uncalled bets: some files print ``Uncalled bet (0.45) returned to X``; others (the 2012
Pot Limit table 'Weeds (Hi)') print nothing, and the bettor's next stack shows the
unmatched part came back (hand 1073064926: bets 3.77, an all-in call of 3.25, 0.52 back).
So when a street closes (at the next street or the summary) with no uncalled line printed
on it, the excess of its largest bet over the next largest is returned to its bettor, with
a note; a big blind nobody called is returned down to the small blind the same way (no
walk has been seen to say otherwise).

Tournaments (2011, 2016): ``BetOnline Poker Game #900218526: Tournament #3427473: Hold'em
$10.00/$20.00 - ...`` (stakes without parentheses, no limit named, so ``limit`` stays
empty), chips printed in hundredths (``4941.25 in chips``), no rake. A file may open with
``Tournament will start in a moment.`` and a hand may hold the client's ``Joined table
during game.  History will only be recorded from the next hand.`` (the hand is whole).
The 2011 files print the summary's first lines twice (a voluntary ``X shows`` among them)
and ``collected (0.00)`` for a seat that posted, did and held nothing: such a seat is not
dealt in. A button printed at a seat number where nobody sits is not recorded.

``X: post dead 0.50`` (at $0.25/$0.50) is the big blind, live, plus the small blind, dead,
which is not printed: the total pot and rake add up only with it (hands 1002134798 and
900203618, whose ``post dead 0.00`` is the same post with its live part misprinted).

``X: post now 0.10`` is a new player's blind, and it is live: the poster checks when the
action comes round, and calls only the rest of a raise (hand 1073064152: post now 0.10,
raise to 0.75, ``calls 0.65``). ``X joins the table at seat #3`` (the newcomer, seated from
the next hand, may chat before it) is skipped; ``X has left the table`` makes a seat still
in the hand that is not all in fold there (a busted seat with 0.00 in chips leaves without
a fold line, and would otherwise look like a contender).

Every line is read or known to carry no money or cards: the summary holds ``Total pot``,
``Board``, the seat lines that win (``won (X)``, ``collected (X)``) and those that do not
(``_SUMMARY_NO_WIN``: folded, did not win, mucked); joins, departures and chat may come
anywhere, and after a seat's name ``_SEAT_NO_MONEY`` (sitting out, timeouts,
disconnections, ``does not show``, chat). Any other line, in the summary too, fails the
hand with its line number, as do cards ``Dealt to`` no seat.

One ``Total pot X | Rake R`` line is printed a pot (X net of its rake; side pots before the
showdown, or every pot in the 2012 'Weeds (Hi)' summary), and a seat that wins several pots
is printed ``won (X)`` for the last alone; the next hand's stacks show the others paid. The
corpus sample (hand 1606125823: three seats all in, 3.97 put in, ``won (2.49)`` with rake
0.22, and ``Total pot 1.26 | Rake 0.22`` before the showdown) is such a hand: who was paid a
pot no line pays is not printed, so the hand is quarantined ``inconsistent``
(``pots_no_line_pays``) rather than audited as an underpayment.

A hand printing two players in one seat (a 2016 tournament file lists the viewer in the
small blind's seat too) is ``inconsistent``. A hand headed ``Hold'em`` whose seats with
cards all hold four is Omaha (the 2012 'Weeds (Hi)' table, ``_omaha_printed_as_holdem``); a
summary printing one ``Total pot | Rake`` line per pot takes the sum of their rakes where
only that makes the hand add up (``rake_of_each_total``).

Read by the engine; the unprinted uncalled bet returned when a street closes
(``close_street``), the seats dealt in (``dealt_in``) and the summary's amounts
(``summary_pays``) are hooks. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``. The hooks named without a leading underscore are also those of
``parsers/chico_2012.py``, the network's other dialect (ActionPoker.com and Gear Poker, 2012).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime

from rules.money import format_minor
from rules.records import ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Game, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import BRACKETS, leading_lines, split_joining_chatter, unprinted_uncalled_note
from parsers.clock import utc_in
from parsers.headers import Header, header_read, read_by_header, table_fields
from parsers.engine import (
    CHECK, FOLD, MUCK, RAISE_TO, Act, Dialect, DialectParser, Hand, Money, Require, Streets, Wording, dealt_after_name,
    enter_summary, kind, seated, skip, starred_section, summary_board, unknown_street_line,
)

_NUM = r"\$?\d[\d,]*(?:\.\d+)?"
_AMT = rf"(?P<amt>{_NUM})"
_ALL_IN = r"(?P<allin> and is all.in)?"
_SKINS = r"BetOnline Poker|PayNoRake"
_HEADER = re.compile(
    rf"^(?P<skin>{_SKINS}) (?:Game|Hand) #(?P<id>\d+):\s+(?:Tournament #(?P<tid>\d+)[:,]?\s+)?(?P<game>.+?)\s+"
    rf"(?P<open>\()?(?P<sb>{_NUM})/(?P<bb>{_NUM})(?(open)\))\s+-\s+"
    rf"(?P<date>\d{{4}}/\d{{2}}/\d{{2}} \d{{1,2}}:\d{{2}}(?P<seconds>:\d{{2}})?)\s*(?P<zone>.*?)\s*$"
)
_TABLE = re.compile(r"^Table '(?P<table>[^']*)' (?P<max>\d+)-Max(?:, Seat #(?P<button>\d+) is the button)?")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_NUM}) in chips\)(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>{_NUM})\) returned to (?P<name>.+?)\s*$")
_COLLECTED = re.compile(rf"^(?P<name>.+?) collected (?P<amount>{_NUM}) from (?:the )?(?:(?P<main>main )?pot|"
                        rf"side pot[- ]?(?P<side>\d+)?)\s*$")
# A tournament file (2011) opens with the client's notice before the first hand.
_PREAMBLE_LINE = re.compile(r"^[\s\ufeff]*Tournament will start in a moment\.[ \t]*(?:\r?\n)?")
_PREAMBLE = re.compile(r"^(?:[\s\ufeff]|Tournament will start in a moment\.)*$")
# The client's notice to a viewer seated mid-hand (2011, a tournament table move); the
# hand is printed whole all the same.
_JOINED_NOTICE = "Joined table during game.  History will only be recorded from the next hand."
_JOINS = re.compile(r"^.+ joins the table at seat #\d+\s*$")
_LEFT = re.compile(r"^(?P<name>.+?) has left the table\s*$")
_CHAT = re.compile(r'^.+ said ".*"\s*$')
_TOTAL = re.compile(rf"^Total pot (?P<amount>{_NUM})(?:.*?\| Rake (?P<rake>{_NUM}))?\s*$")
_WON = re.compile(rf"^Seat (?P<seat>\d+): .*? (?:won|collected) \((?P<amount>{_NUM})\)")
_SHOWED = re.compile(r"^Seat (\d+): .*?(?:showed|mucked) \[([^\]]*)\]")
# Lines known to carry no money or cards, skipped on purpose (any other line fails the
# hand): a summary seat line that wins nothing, and what may follow a seated player's name
# about its presence or its chat. ``_JOINS``, ``_CHAT`` and ``_LEFT`` lines may come
# anywhere, the summary included.
_SUMMARY_NO_WIN = re.compile(
    r"^Seat \d+: .+? (?:folded (?:before Flop|on the \w+)|(?:showed|mucked) \[[^\]]*\](?: but)? did not win|"
    r"mucked(?: \[[^\]]*\])?|did not win)\s*$"
)
_SEAT_NO_MONEY = re.compile(r'^(?:is sitting out|sits out|has timed out|is disconnected|does not show|said ".*")\s*$')
_GAMES = [(re.compile(pattern, re.I), game) for pattern, game in (
    (r"omaha hi[-/]?lo", Game.OMAHA_HILO), (r"omaha", Game.OMAHA), (r"7 card stud hi[-/]?lo", Game.STUD_HILO),
    (r"7 card stud", Game.STUD), (r"razz", Game.RAZZ), (r"hold'?em", Game.HOLDEM))]
_LIMITS = [("no limit", Limit.NO), ("pot limit", Limit.POT), ("fixed limit", Limit.FIXED), ("limit", Limit.FIXED)]
_ZONES = {"eastern daylight time": "America/New_York", "eastern standard time": "America/New_York",
          "et": "America/New_York", "edt": "America/New_York", "est": "America/New_York",
          "utc": "UTC", "gmt": "UTC"}
_HEADER_FIELDS = Header(lambda name: next((game for pattern, game in _GAMES if pattern.search(name)), None))
# the actions of a seat printed as sitting out that show it played the hand (see ``dealt_in``)
_NOT_PLAYING = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD, ActionKind.MUCK, ActionKind.UNCALLED_RETURN})


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """The header (game, limit, stakes, time and zone) and the ``Table`` line after it (its
    seats are numbered from 0, the button too)."""
    fields = _HEADER_FIELDS.fields(hand, m)
    when = datetime.strptime(m["date"], "%Y/%m/%d %H:%M:%S" if m["seconds"] else "%Y/%m/%d %H:%M")
    zone = _ZONES.get(m["zone"].lower())
    lines = [line for line in hand.lines[1:] if line.text]
    table = _TABLE.match(lines[0].text) if lines else None
    # tournament chips are printed in hundredths (``4941.25 in chips``, 2016), as cash is
    record = hand.new_record(
        **fields, limit=next((v for text, v in _LIMITS if text in m["game"].lower()), None),
        currency=None if fields["is_tournament"] else "USD", start_time_raw=f"{m['date']} {m['zone']}".strip(),
        hand_date=when.strftime("%Y-%m-%d"), start_time_utc=utc_in(when, zone) if zone else None,
        **(table_fields(table) if table else {}),
    )
    if m["skin"] != "BetOnline Poker":
        record.notes.append(f"skin: {m['skin']} (Chico network, recorded as betonline)")
    if table:
        record.button_seat = int(table["button"]) + 1 if table["button"] else None
        header_read(hand, lines[0].number)
    return record


def seat_numbered_from_0(hand: Hand, m: re.Match[str]) -> None:
    """Seats are numbered from 0: the record's number is the printed one + 1."""
    seat = hand.add_seat(SeatRecord(seat=int(m["seat"]) + 1, player=m["name"], stack=hand.money(m["stack"])))
    seat.dealt_in = "sitting out" not in m["rest"].lower()


# --- streets ------------------------------------------------------------------------------

def close_street(hand: Hand) -> None:
    """Give back the street's unmatched bet where no uncalled-bet line did (some files print none)."""
    if hand.facts.get("returned"):
        return
    bets = sorted(((hand.tracker.street_bet(s), s) for s in hand.seats), reverse=True)
    if not bets or bets[0][0] <= 0:
        return
    excess, seat = bets[0][0] - (bets[1][0] if len(bets) > 1 else 0), bets[0][1]
    if excess > 0:
        hand.tracker.returned(seat, excess)
        hand.add_action(hand.street, seat, ActionKind.UNCALLED_RETURN, excess)
        hand.record.notes.append(unprinted_uncalled_note(seat, excess))


def summary_starts(hand: Hand, m: re.Match[str]) -> None:
    """The summary closes the last street (a summary header printed twice, once)."""
    if not hand.in_summary:
        close_street(hand)
        enter_summary(hand, m)


def hole_cards(hand: Hand, m: re.Match[str]) -> None:
    hand.street = Street.PREFLOP


def board_street(hand: Hand, m: re.Match[str]) -> None:
    """``*** TURN *** [5d Ad 4h][5c]``: the street closes, the next opens, the board is
    every card printed."""
    street = hand.dialect.streets.target(hand.family, m["street"])
    if street is None:
        unknown_street_line(hand, m)
    close_street(hand)
    hand.tracker.new_street()
    hand.facts["returned"] = False
    hand.street = street  # type: ignore[assignment]
    board = [c for text in BRACKETS.findall(m["cards"]) for c in hand.cards(text) if c]
    if board:
        hand.board = board  # type: ignore[assignment]


# --- lines of the hand --------------------------------------------------------------------

def _seated(hand: Hand, name: str) -> SeatRecord:
    return seated(hand, name, "no seat for {name!r}", QuarantineReason.PARSE_ERROR)


def total_line(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot 2.49 | Rake 0.22``: the summary's; one printed before it is kept to
    explain a hand that does not add up (see ``unbalanced``)."""
    if not hand.in_summary:
        hand.facts.setdefault("mid totals", []).append(hand.money(m["amount"]))
        return
    hand.record.total_pot_printed = hand.money(m["amount"])
    hand.facts.setdefault("summary totals", []).append(hand.record.total_pot_printed)
    if m["rake"] is not None:
        hand.record.rake, hand.record.rake_source = hand.money(m["rake"]), RakeSource.PRINTED
        hand.facts.setdefault("summary rakes", []).append(hand.record.rake)


def rake_of_each_total(hand: Hand) -> None:
    """A 2012 'Weeds (Hi)' summary may print one ``Total pot X | Rake R`` line per pot
    (hand 1073068762: ``10.90 | Rake 0.60`` and ``12.00 | Rake 0.60``, 24.10 put in). The
    last line's rake is the hand's unless only the sum of every line's rake makes the hand
    add up exactly: then the sum is, with a note."""
    record, rakes = hand.record, hand.facts.get("summary rakes", [])
    if len(rakes) < 2 or record.reconciles():
        return
    last, record.rake = record.rake, sum(rakes)
    if record.reconciles():
        record.notes.append(f"{len(rakes)} 'Total pot' lines each print a rake: the hand adds up with their sum "
                            f"({record.rake}), not the last ({last})")
    else:
        record.rake = last


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    seat = _seated(hand, m["name"])
    hand.facts["returned"] = True
    hand.return_bet(seat, hand.money(m["amount"]), paid=True)


def _collected(hand: Hand, m: re.Match[str]) -> None:
    """``X collected 1.20 from pot`` / ``from side pot-1``; an unnumbered side pot names no pot."""
    pot = int(m["side"]) if m["side"] else (None if "side pot" in hand.line.text else 0)
    hand.pay(_seated(hand, m["name"]), hand.money(m["amount"]), pot=pot)


def _left(hand: Hand, m: re.Match[str]) -> None:
    """A seat still in the hand that is not all in and leaves the table folds there (a
    busted seat with 0.00 in chips leaves without a fold line)."""
    seat = hand.by_name.get(m["name"])
    if seat is None:
        return
    all_in = seat.all_in or bool(seat.stack and hand.tracker.contributed(seat.seat) >= seat.stack)
    if seat.folded_street is None and not all_in:
        seat.folded_street = hand.street


# --- actions ------------------------------------------------------------------------------

# Posts are recorded on the street they are printed in; the blinds are the header's stakes.
_ANTE = Act(ActionKind.POST_ANTE, Money.DEAD, sets="ante")
_POST = Act(ActionKind.POST_BLIND, Money.ADDS)  # ``posts blind``, ``post now``: live


def _ante(hand: Hand, m: re.Match[str]) -> None:
    """``ante processed 0.00``: no ante at this table."""
    if hand.money(m["amt"]):
        _ANTE(hand, m)


def _post_dead(hand: Hand, m: re.Match[str]) -> None:
    """``post dead 0.50`` at $0.25/$0.50 is the big blind, live (the poster checks and calls
    1.00 of a raise to 1.50), and the small blind, dead: only with it do the total pot and
    rake add up (hands 1002134798, 900203618)."""
    _POST(hand, m)
    small, seat = hand.record.small_blind, hand.player.seat
    if small:
        hand.tracker.dead(seat, small, blind=True)
        hand.add_action(hand.street, seat, ActionKind.POST_DEAD, small, bool(m["allin"]))
        hand.record.notes.append(f"seat {seat} 'post dead {m['amt']}': the dead small blind {small} "
                                 "it also put in is not printed")


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``Player5 shows Qh Ac`` (no brackets)."""
    hand.player.showed = True
    if shown := hand.cards(m["cards"].strip().strip("[]")):
        hand.dealt[hand.player.seat] = shown
    hand.add_action(hand.street, hand.player.seat, ActionKind.SHOW)


# --- the summary and the end of the hand --------------------------------------------------

def _summary_seat(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Seat 2: X showed [5s 4s] and won (2.49)``, ``collected (0.57)``: what the seat won
    (see ``summary_pays``) and the cards it showed or mucked; a seat line that wins
    nothing is one of ``_SUMMARY_NO_WIN``."""
    line = hand.line
    won = _WON.match(line.text)
    if won:
        hand.facts.setdefault("won", []).append((int(won["seat"]) + 1, hand.money(won["amount"]), line.verbatim))
    if shown := _SHOWED.match(line.text):
        if int(shown[1]) + 1 not in hand.seats:
            raise hand.fail(QuarantineReason.INCONSISTENT,
                            f"summary line {line.number} shows the cards of no seat: {line.verbatim!r}")
        hand.dealt[int(shown[1]) + 1] = hand.cards(shown[2])
    return None if won or _SUMMARY_NO_WIN.match(line.text) else False


def _summary_shows(hand: Hand, m: re.Match[str]) -> bool | None:
    """2011 files print the summary's first lines twice, a voluntary ``X shows`` among them."""
    hit = hand.split_name(hand.line.text)
    rest = hit[1][hand.dialect.after_name.match(hit[1]).end():] if hit else ""  # type: ignore[union-attr]
    if not rest.startswith("shows "):
        return False
    seat = hit[0]  # type: ignore[index]
    seat.showed = True
    hand.dealt[seat.seat] = hand.cards(rest[len("shows "):].strip().strip("[]")) or hand.dealt.get(seat.seat, [])
    return None


def _omaha_printed_as_holdem(hand: Hand) -> None:
    """The 2012 Pot Limit table 'Weeds (Hi)' heads its hands ``Hold'em Pot Limit`` but
    deals four hole cards (the viewer's ``Dealt to Hero [3h 5s Jd As]``, four shown at
    the showdown): a hand where every seat with cards holds four is Omaha, said in a note.
    Read as Hold'em it could only be unverifiable (a seat showing more cards than the game
    deals)."""
    record = hand.record
    held = {len(seat.cards) for seat in record.seats if seat.cards}
    if record.game == Game.HOLDEM and held == {4}:
        record.game = Game.OMAHA
        record.notes.append("header says Hold'em but every seat with cards holds four: read as Omaha")


def dealt_in(hand: Hand) -> None:
    """A seat printed ``- Sitting out`` that posts a live blind, acts or shows was dealt in;
    one with no post, no action and no cards was not, though the summary may print it
    ``collected (0.00)`` (2011): it is no contender."""
    record = hand.record
    for seat in record.seats:
        actions = [a.kind for a in record.actions if a.seat == seat.seat]
        seat.dealt_in = (seat.dealt_in or any(k not in _NOT_PLAYING for k in actions)) and bool(
            actions or any(seat.cards))
    if record.button_seat is not None and record.button_seat not in hand.seats:
        record.notes.append(f"the button is printed at seat #{record.button_seat - 1}, where no one sits: not recorded")
        record.button_seat = None


def summary_pays(hand: Hand) -> None:
    """The collected lines are the record of what was paid; where the summary's ``won (X)``
    or ``collected (X)`` says otherwise for a seat, the history contradicts itself. Where
    none was printed the summary's amounts are the payouts (``collected (0.00)`` pays nothing)."""
    record, won = hand.record, hand.facts.get("won", [])
    if any(p.source == PayoutSource.POT for p in record.payouts):
        stated: dict[int, int] = {}
        for seat, value, _ in won:
            stated[seat] = stated.get(seat, 0) + value
        record.contradicts_summary(stated)
        return
    for seat, value, line in won:
        if value:
            record.payouts.append(PayoutRecord(seat, value, None, None, hand.half(None), PayoutSource.POT, line))


def unbalanced(hand: Hand) -> str:
    """The note of a hand that does not add up; a ``Total pot`` printed before the summary
    that is exactly what is missing says which pot's payment was not printed."""
    record = hand.record
    missing = record.pot_total - (record.paid_from_pots() + (record.rake or 0) + record.fees)
    note = (f"history does not add up: seats put in {record.pot_total}, pay lines pay {record.paid_from_pots()} "
            f"with rake {record.rake} (missing {missing})")
    if missing in hand.facts.get("mid totals", []):
        note += f"; a 'Total pot' line before the summary prints exactly {missing}: that pot's payment is not printed"
    return note


def pots_no_line_pays(hand: Hand) -> None:
    """BetOnline prints one ``Total pot X`` line a pot, X net of its rake (side pots before
    the summary, or every pot in the 2012 'Weeds (Hi)' summary), and a seat that wins several
    pots is printed ``won (X)`` for the last alone. The next hand's stacks show the others
    paid (hand 1073059444: 78.32 - 10.13 put in, then 100.90, i.e. 32.71 = 6.91 + 3.95 +
    10.30 + 11.55, where ``won (11.55)``), but not to whom: such a hand is quarantined, not
    audited as the underpayment its pay lines alone would make it. A repeated line (the 2011
    files print lines twice) is one pot."""
    record = hand.record
    mid = hand.facts.get("mid totals", [])
    totals = [t for i, t in enumerate(mid) if i == 0 or t != mid[i - 1]] + hand.facts.get("summary totals", [])
    unpaid_by_lines = record.pot_total - record.paid_from_pots() - (record.rake or 0) - record.fees
    if unpaid_by_lines <= 0 or len(totals) < 2 or record.paid_from_pots() != totals[-1]:
        return
    unpaid = ", ".join(format_minor(t, hand.scale) for t in totals[:-1])
    raise hand.fail(QuarantineReason.INCONSISTENT,
                    f"{len(totals)} 'Total pot' lines print a pot each, but the pay lines pay only the last "
                    f"({format_minor(totals[-1], hand.scale)}): who was paid {unpaid} is not printed")


def _rake_not_printed(hand: Hand) -> None:
    """Tournaments print no rake: nothing to reconcile against but an overpaid pot (the
    engine reconciles a hand whose rake is printed)."""
    record = hand.record
    if record.rake is None:
        record.rake_source = RakeSource.ABSENT
        record.notes.append("rake not printed")
        if not record.reconciles():
            record.notes.append(unbalanced(hand))


_SECTIONS = (
    kind("summary", starred_section("SUMMARY"), summary_starts),
    kind("hole cards", starred_section("HOLE CARDS"), hole_cards),
    kind("board", starred_section("(?P<street>FLOP|TURN|RIVER)") + r"(?P<cards>.*)$", board_street),
    kind("show down", starred_section("SHOW DOWN"), skip),
    kind("section", _STREET, unknown_street_line),
)
# joins, chat and departures may come anywhere: a newcomer is dealt in from the next hand
_TRAFFIC = (kind("joins", _JOINS, skip), kind("chat", _CHAT, skip))

DIALECT = Dialect(
    platform=Platform.BETONLINE,
    format=Format.BETONLINE,
    version="4",
    hand_start=re.compile(rf"^\ufeff*(?:{_SKINS}) (?:Game|Hand) #\d+", re.M),
    head=_HEADER,
    first=_HEADER,
    not_first="not a BetOnline header",
    header=_header,
    preamble=re.compile(r"^\s*Tournament will start in a moment\.$"),
    seat=kind("seat", _SEAT, seat_numbered_from_0),
    body=(
        kind("table", _TABLE, read_by_header),
        *_SECTIONS,
        kind("total", _TOTAL, total_line),
        kind("uncalled", _UNCALLED, _uncalled),
        kind("collected", _COLLECTED, _collected),
        *_TRAFFIC,
        kind("joined notice", rf"^\s*{re.escape(_JOINED_NOTICE)}$", skip),
        kind("left", _LEFT, _left),
        kind("dealt", r"^Dealt to (?P<who>.*)$", dealt_after_name),
    ),
    players=(
        kind("ante", rf"^(?:ante processed|posts ante) {_AMT}{_ALL_IN}$", _ante),
        kind("small blind", rf"^posts small blind {_AMT}{_ALL_IN}$", Act(ActionKind.POST_SMALL_BLIND, Money.ADDS)),
        kind("big blind", rf"^posts big blind {_AMT}{_ALL_IN}$", Act(ActionKind.POST_BIG_BLIND, Money.ADDS)),
        kind("dead blind", rf"^posts dead blind {_AMT}{_ALL_IN}$", Act(ActionKind.POST_DEAD, Money.DEAD)),
        kind("blind", rf"^(?:posts blind|post now) {_AMT}{_ALL_IN}$", _POST),
        # a new player's ``post now`` is live: the poster checks, and calls the rest of a raise
        kind("post dead", rf"^post dead {_AMT}{_ALL_IN}$", _post_dead),
        kind("bring-in", rf"^brings in for {_AMT}{_ALL_IN}$", Act(ActionKind.BRING_IN, Money.ADDS)),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", Act(ActionKind.BET, Money.ADDS)),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", Act(ActionKind.CALL, Money.ADDS)),
        kind("raise", rf"^raises (?:(?:{_NUM} )?to {_AMT}|(?P<amt_2>{_NUM})){_ALL_IN}$", RAISE_TO),
        kind("check", r"^checks$", CHECK),
        kind("fold", r"^folds$", FOLD),
        kind("shows", r"^shows(?P<cards>.*)$", _shows),
        kind("muck", r"^mucks", MUCK),
    ),
    quiet=_SEAT_NO_MONEY,
    name_follows=re.compile(r"(?=: | )"),
    after_name=re.compile(r": | "),
    summary=(
        *_SECTIONS,
        kind("total", _TOTAL, total_line),
        kind("board line", r"^Board", summary_board),
        kind("summary seat", r"^Seat \d+: ", _summary_seat),
        kind("shows", r".* shows ", _summary_shows),
        *_TRAFFIC,
        kind("left", _LEFT, skip),
    ),
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    requires=(Require("summary", QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***"),),
    first_action_opens=False,  # ``*** HOLE CARDS ***`` opens the betting
    quotes_trailing_space=True,
    checks=(_omaha_printed_as_holdem, dealt_in, summary_pays, rake_of_each_total, _rake_not_printed,
            pots_no_line_pays),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}", total_pot=None, unbalanced=unbalanced),
    first_action_seq=1,
)


class BetOnlineParser(DialectParser):
    """BetOnline and its network's skins; a tournament file's opening notice joins its first hand."""

    def sniff(self, head: str) -> bool:
        return bool(_HEADER.match(leading_lines(_PREAMBLE_LINE.sub("", head), 1)[0]))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_joining_chatter(self.hand_start, _PREAMBLE, text)


PARSER = BetOnlineParser(DIALECT)
