"""Winamax text hand histories (cash, play money, tournaments; flop games, stud, 2-7 draw).

A hand starts ``Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo
pot limit (1€/2€) - 2016/11/11 14:30:00 UTC``; tournaments put ``Tournament "name" buyIn:
... level: N`` in place of ``CashGame``. Fast-fold tables (``Go Fast "Bucarest"``) and
the tables where Winamax adds money to some pots (``HOLD-UP "Colorado"``) are cash games
too: real money, raked; any other word there quarantines the hand. Before the blinds, a
Hold-up pot says what Winamax adds to it (``Hold-up to Pot: total 2.50€``): house money,
not the players', counted in the ``Total pot`` and in what the winners collect; it is
recorded as a negative fee (``fee_detail['hold_up']``), as PokerStars' splash the pot is.
Amounts carry the euro sign after the number (``4.96€``); play money and chips have none.
Pay lines name the pot and the half: ``collected 4.96€ from pot(HI)``, ``from side pot
1``, ``from main pot``; a line without ``(HI)``/``(LO)`` paid a pot that was not split.
2021 files write the table line without a colon (``Table 'Nagoya' 5-max (real money) Seat
#3 is the button``) and put one after a board street's stars (``*** FLOP ***: [3h Td
6d]``). The summary's ``Total pot 9.91€ | Rake 0.69€`` prints the total after rake.

The 2016 play-money export names games its own way (``7stud fixed limit``, ``Lowball27
fixed limit``, ``Omaha8 pot limit``), labels stud streets ``*** THIRD ***`` to ``***
SEVENTH ***`` with ``bring-in 0.02``, and draw rounds ``*** FIRST-BET ***`` to ``***
FOURTH-BET ***`` with ``*** FIRST-DRAW ***`` between them (``discard 2 cards``, ``discard 0
card``: how many, never which; a draw line starts no street, its discards belong to the
round before). Lowball27 is 2-7 Triple Draw (Winamax deals no other 2-7 lowball; its hands
draw three times); its stakes ``(0.50/1)`` are the small and big bets, the blinds are read
from the posts. No ``Dealt to`` line is printed: the final hands are the shown ones.
Real-money tables name the game ``2-7 Triple Draw fixed limit`` and use the same streets;
there every seat gets a ``Dealt to`` line (``[X X X X X]`` for the hands not seen) and a
seat that draws nothing ``stands pat [...]`` (the cards kept, or X). No real-money file
seen shows a seat drawing cards, so that line is not known and would quarantine the hand.

Play chips and tournament chips are printed whole or with decimals, as euros are (a play
pot's ``Rake 0.07``; a tournament stack of ``7410.50``, ``calls 4455.50``: tournament
chips are split into halves), so every hand is read at 100 minor units per printed unit,
whatever its own amounts show, and the hands of one table or tournament share a scale. A
large total pot is printed rounded (``Total pot 15.52k``) and is then not read.

``raises X to Y`` makes the seat's bet on the street ``Y``. A ``to`` at or below the bet
the seat faced cannot be (a 2016 stud hand: ``brings in 10€``, the other seat completes
to 25€, then ``raises -6.10€ to 18.90€`` and ``calls 3.90€``): the history contradicts
itself. The full call that answers such a raise says what the bet became (the caller's
bet plus its call: 28.90€, the rest of the raiser's stack, and the pot then adds up to
the pay lines and rake); that is read, and the contradiction is recorded (raise line
against call). When the next money line is no such call, the hand is quarantined as
``inconsistent``.

Older files print no uncalled-bet line: an unmatched bet is paid back inside the pot
lines (for example as part of ``side pot 1``), and the totals add up that way. Some pay it
as a pot of its own (``collected 0.22€ from side pot 2``: the last pot, one line, to the
seat that put in most, exactly its excess over the next seat; the total pot leaves it
out): that line is read as the bet returned. The pots one seat wins are paid under one
label (main pot and side pot 1 both "from main pot", the next pot then "side pot 1"):
where the hand has more pots than labels, the labels are dropped and the pay lines are
compared with the hand's pots as a whole.

A seat that neither posts nor acts (not even a fold) and is dealt no cards sat the hand
out (a status Winamax does not print; ``denies big blind``, ``deny BB 0€`` before the deal
say it for some): it is not dealt in, and so no contender for the pot.

Every line is read or known to carry no money or cards: after a seat's name the ``no
money`` kind (not showing, its status at the table), and in the summary the total, the
board and one ``summary seat`` line per seat. Any other line, in the summary
too, fails the hand with its line number, whether or not it holds a money word.

A seat printed without a stack (``Seat 1: Player1 ()``, a player sitting out) is read, with
no stack; a card that is not one quarantines the hand with its id.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). As the old
reader's, errors name the line (``line N 'TEXT': ...``), the board is the summary's
``Board:`` line and a seat's cards are the last printed for it (dealt, shown or summarised:
``hand.dealt``). Street names are the game family's own; lines end at ``\\n`` (the engine's
rule), not at a lone ``\\r``. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""


from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from parsers._text_hand import game_from_name, limit_from_name, stud_upcards, utc_iso
from parsers.base import BRACKETS, cards
from parsers.headers import Header, header_read, read_by_header, table_fields
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BRING_IN, CALL, CHECK, DEAD_BLIND, RAISE_TO, SMALL_BLIND, Dialect, DialectParser, Hand,
    Streets, Unexpected, Wording, enter_summary, fold_once, kind, seated, skip,
)
from rules.games import game_spec
from rules.money import NumberConvention, format_minor
from rules.pots import PotError, build_pots
from rules.records import ActionRecord, HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street

# Winamax writes a decimal point and never groups digits: a comma is not part of an amount.
WINAMAX_NUMBERS = NumberConvention(".", "")

_HAND_START = re.compile(r"^\ufeff*Winamax Poker - ", re.M)
# a file starts with a hand's header, its hand id within the first 400 characters
_HEAD = re.compile(r"Winamax Poker - (?s:.){0,375}HandId: #")
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\)"
    r" - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]{2,5}))?"
)
# the header's kind of table at a cash table (fast-fold and Hold-up tables name their table)
_CASH_KIND = re.compile(r'^(?:CashGame|Go Fast "[^"]*"|HOLD-UP "[^"]*")$')
# 2021: no colon after ``Table``; 2012: the button ``Seat 0000005``. Nothing may follow.
_TABLE = re.compile(
    r"^Table:? '(?P<table>.*)' (?:(?P<max>\d+)-max )?\((?P<money>real money|play money)\)"
    r"(?: Seat #?(?P<button>\d+) is the button)?\s*$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^,()]*)(?:, [^()]*)?\)$")
# the 2016 play-money export's names, and Winamax's own name of 2-7 Triple Draw
_WINAMAX_GAMES = {"7stud fixed limit": Game.STUD, "Lowball27 fixed limit": Game.LOWBALL27_TRIPLE,
                  "2-7 Triple Draw fixed limit": Game.LOWBALL27_TRIPLE}
_HEADER_FIELDS = Header(lambda name: _WINAMAX_GAMES.get(name) or game_from_name(name), limits=limit_from_name)

# Street names as printed (in these capitals only), per family; the 2016 play-money export
# names stud streets THIRD to SEVENTH and draw rounds FIRST-BET to FOURTH-BET.
_S = Street
_EVERY_GAME = {"ANTE/BLINDS": _S.PREDEAL, "SHOW DOWN": _S.SHOWDOWN}
_FAMILIES = {
    "board": {"PRE-FLOP": _S.PREFLOP, "FLOP": _S.FLOP, "TURN": _S.TURN, "RIVER": _S.RIVER},
    "stud": {"3rd STREET": _S.THIRD, "4th STREET": _S.FOURTH, "5th STREET": _S.FIFTH, "6th STREET": _S.SIXTH,
             "7th STREET": _S.SEVENTH, "THIRD": _S.THIRD, "FOURTH": _S.FOURTH, "FIFTH": _S.FIFTH,
             "SIXTH": _S.SIXTH, "SEVENTH": _S.SEVENTH},
    "draw": {"FIRST-BET": _S.PREDRAW, "SECOND-BET": _S.DRAW1, "THIRD-BET": _S.DRAW2, "FOURTH-BET": _S.DRAW3},
}
_STREETS = Streets(**{family: {name.lower(): street for name, street in {**_EVERY_GAME, **names}.items()}
                      for family, names in _FAMILIES.items()})
_PRINTED_STREETS = frozenset(_EVERY_GAME).union(*_FAMILIES.values())
# A draw's discards belong to the betting round before it: its line starts no street.
_DRAWS = frozenset({"FIRST-DRAW", "SECOND-DRAW", "THIRD-DRAW"})

_AMT = r"(?P<amt>[^\s()|]+(?: €)?)"
_ALL_IN = r"(?P<allin> and is all-in)?"
_OOP = r"(?: out of position)?"
_CALL = re.compile(rf"^(?P<verb>calls|bets) {_AMT}{_ALL_IN}$")
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|brings in|bring-in|won)\b")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): .*?(?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\]")
# A tournament's large total is printed rounded to thousands: ``Total pot 15.52k``.
_ABBREVIATED = re.compile(r"\d+(?:\.\d+)?k")


# --- the header ---------------------------------------------------------------------------

def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The header line (kind of table, game, stakes, time) and the table line after it."""
    fields = _HEADER_FIELDS.fields(hand, first)
    game = fields["game"]
    is_tournament = first["kind"].startswith("Tournament ")
    if not is_tournament and not _CASH_KIND.match(first["kind"]):
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown kind of table {first['kind']!r}")
    second = hand.lines[1].text if len(hand.lines) > 1 else None
    table = _TABLE.match(second) if second is not None else None
    if not table:
        raise hand.fail(QuarantineReason.TRUNCATED if second is None else QuarantineReason.PARSE_ERROR,
                        f"second line is not a Winamax table line: {(second or '')[:120]!r}")
    header_read(hand, hand.lines[1].number)
    play_money, stud = table["money"] == "play money", game_spec(game).stud
    # play chips (a rake of 0.07) and tournament chips (halves: a stack of 7410.50) have
    # decimals as euros do: every hand is counted in hundredths alike (the engine's scale)
    date, zone = first["date"], first["tz"]
    tournament = re.search(r"\((\d+)\)#\d+$", table["table"]) if is_tournament else None
    record = hand.new_record(
        **fields, **table_fields(table), is_tournament=is_tournament,
        currency=None if is_tournament or play_money else "EUR", is_play_money=play_money,
        start_time_raw=f"{date} {zone}" if zone else date,
        start_time_utc=utc_iso(datetime.strptime(date, "%Y/%m/%d %H:%M:%S"), zone),
        hand_date=date[:10].replace("/", "-"), tournament_id=tournament.group(1) if tournament else None,
    )
    if stud:
        record.button_seat = None
    amounts = [hand.money(s.strip()) for s in first["stakes"].split("/")]
    if stud:
        record.ante = amounts[0] if len(amounts) == 3 else None
    elif game_spec(game).draw:
        pass  # fixed limit: the stakes are the small and big bets; the blinds come from the posts
    elif len(amounts) == 3:
        record.ante, record.small_blind, record.big_blind = amounts
    elif len(amounts) == 2:
        record.small_blind, record.big_blind = amounts
    return record


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 4: HERO (720€)``; a seat printed with no stack, ``Seat 1: Player1 ()`` (a
    player sitting out, 2015), has none."""
    stack = hand.money(m["stack"]) if m["stack"] else None
    hand.add_seat(SeatRecord(seat=int(m["seat"]), player=m["name"], stack=stack))


def _fail(hand: Hand, reason: QuarantineReason, message: str) -> HandParseError:
    """An error naming the line being read, as the old reader worded them."""
    return hand.fail(reason, f"line {hand.line.number} {hand.line.text!r}: {message}")


def _seated(hand: Hand, name: str) -> SeatRecord:
    return seated(hand, name, "line {number} {line!r}: player {name!r} has no seat")


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [X X 3c] [Kh]``: only hidden cards (``[X X X X X]``) set none; stud's
    face-up cards are the 3rd to 6th."""
    seat = _seated(hand, m["name"])
    held = hand.cards(" ".join(BRACKETS.findall(m["groups"])))
    if hand.family == "stud":
        seat.upcards = stud_upcards(held)
    if any(held):
        hand.dealt[seat.seat] = held


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``shows [Qs Qd] (One pair : Queens)`` (one show action per seat) or ``mucks [...]``."""
    seat, held = hand.player, hand.cards(m["cards"])
    hand.dealt[seat.seat] = held
    if m["verb"] == "shows":
        if not seat.showed:
            hand.add_action(hand.street, seat.seat, ActionKind.SHOW)
        seat.showed = True
    else:
        seat.mucked = True
        hand.add_action(hand.street, seat.seat, ActionKind.MUCK)
    if hand.family == "stud" and not seat.upcards:
        seat.upcards = stud_upcards(held)


def _does_not_show(hand: Hand, m: re.Match[str]) -> None:
    """A seat's status at the table; ``mucks``, ``doesn't show`` say whether it mucked."""
    if m.group(0).startswith(("mucks", "doesn't show", "does not show")):
        hand.player.mucked = m.group(0).startswith("mucks")


# --- the lines ----------------------------------------------------------------------------

def _street(hand: Hand, m: re.Match[str]) -> None:
    """``*** FLOP *** [3h Td 6d]`` (the cards are read from the summary's board), ``***
    SUMMARY ***``, and a draw, which starts no street."""
    _no_short_raise(hand)
    name = m["street"].strip()
    if name == "SUMMARY":
        enter_summary(hand, m)
    elif not (name in _DRAWS and hand.family == "draw"):
        if name not in _PRINTED_STREETS or hand.dialect.streets.target(hand.family, name) is None:
            raise _fail(hand, QuarantineReason.PARSE_ERROR, f"unknown street {name!r}")
        hand.enter_street(name, None, None)


def _hold_up(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Hold-up to Pot: total 2.50€`` before the blinds: house money in the pot, a negative fee."""
    if hand.record.actions:
        return False
    added, record = hand.money(m["amt"]), hand.record
    record.fee_detail["hold_up"] = -added
    record.fees -= added
    record.notes.append(f"the house added {m['amt']} to the pot (Hold-up): recorded as a negative fee")
    return None


def _collected(hand: Hand, m: re.Match[str]) -> bool | None:
    """``NAME collected 4.96€ from pot(HI)``, ``from side pot 1``, ``from main pot``."""
    seat = hand.by_name.get(m["name"])
    if seat is None:
        return False
    _no_short_raise(hand)
    label = m["pot"]
    pot = 0 if label == "main pot" else None if label == "pot" else int(m["side"] or 1)
    half = {"HI": Half.HIGH, "LO": Half.LOW}.get(m["half"] or "", Half.WHOLE)
    hand.pay(seat, hand.money(m["amt"]), pot=pot, half=half)
    return None


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    _no_short_raise(hand)
    hand.return_bet(_seated(hand, m["name"]), hand.money(m["amt"]), paid=True)


def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot 9.91€ | Rake 0.69€`` (after rake), ``| No rake``, or no rake printed."""
    record = hand.record
    if _ABBREVIATED.fullmatch(m["amt"]):
        record.notes.append(f"total pot printed rounded ({m['amt']}): not read")
    else:
        record.total_pot_printed = hand.money(m["amt"])
    record.pots_printed_net = True
    if m["rake"] or m["norake"]:
        record.rake, record.rake_source = hand.money(m["rake"]) if m["rake"] else 0, RakeSource.PRINTED
    else:
        record.rake_source = RakeSource.ABSENT
        record.notes.append("rake not printed")


def _board(hand: Hand, m: re.Match[str]) -> None:
    hand.record.boards = [[c for c in hand.cards(m["cards"]) if c]]


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """One known summary line per seat; ``showed [...]``/``mucked [...]`` give its cards
    (a seat number nobody has is passed over)."""
    shown = _SUMMARY_SEAT.match(hand.line.text)
    seat = hand.seats.get(int(shown["seat"])) if shown else None
    if shown and seat is not None:
        hand.dealt[seat.seat] = hand.cards(shown["cards"])
        if shown["verb"] == "showed":
            seat.showed = True
        else:
            seat.mucked = True


_BRING_IN_PREDEAL = replace(BRING_IN, forced=True, sets=None)


def _bring_in(hand: Hand, m: re.Match[str]) -> None:
    """``brings in 10€`` (export: ``bring-in 0.02``): on ``predeal``, as the posts; the last one is the bring-in."""
    _BRING_IN_PREDEAL(hand, m)
    hand.record.bring_in = hand.money(m["amt"])


def _draw(hand: Hand, m: re.Match[str]) -> bool | None:
    """``discard 2 cards`` (how many, never which) or ``stands pat [cards kept]``, in a draw
    game only, on the betting round before the draw."""
    if hand.family != "draw":
        return False
    count = int(m["count"]) if m["count"] else 0
    if m["kept"] is not None and any(kept := hand.cards(m["kept"])):
        hand.dealt[hand.player.seat] = kept
    hand.add_action(hand.street, hand.player.seat, ActionKind.DISCARD if count else ActionKind.STAND_PAT,
                    changed=count)
    return None


@dataclass(slots=True)
class _ShortRaise:
    """A raise whose "to" is below the bet the seat faced: the history contradicts itself.

    What the seat's bet became is read from the full call that answers it (the caller's
    bet plus its call); ``action`` waits with no amount until then.
    """

    seat: SeatRecord
    action: ActionRecord
    line: str
    to: int
    faced: int


def _raise(hand: Hand, m: re.Match[str]) -> None:
    """``raises 4€ to 6€``; a ``to`` at or below the bet faced waits for the call that answers it."""
    to, faced = hand.money(m["amt"]), hand.tracker.max_street_bet()
    if to > faced:
        RAISE_TO(hand, m)
        return
    seat, all_in = hand.player, bool(m["allin"])
    if all_in:
        seat.all_in = True
    action = hand.add_action(hand.street, seat.seat, ActionKind.RAISE, None, all_in)
    hand.facts["short raise"] = _ShortRaise(seat, action, hand.line.text, to, faced)


def _answer_short_raise(hand: Hand, m: re.Match[str]) -> bool:
    """The money line after a short raise must be another seat's full call, which says what
    the raiser's bet became (the contradiction is recorded); the call is then read (declined here)."""
    short: _ShortRaise | None = hand.facts.get("short raise")
    if short is None or m.string in ("folds", "checks") or not _MONEY_WORDS.search(m.string):
        return False
    seat, call_line = hand.player, _CALL.match(m.string)
    if not call_line or call_line["verb"] != "calls" or call_line["allin"] or seat is short.seat:
        _no_short_raise(hand)
    call = hand.money(call_line["amt"])
    level = hand.tracker.street_bet(seat.seat) + call
    added = level - hand.tracker.street_bet(short.seat.seat)
    if level <= short.faced or added <= 0:
        _no_short_raise(hand)
    del hand.facts["short raise"]
    hand.tracker.add(short.seat.seat, added)
    short.action.amount = added
    scale = hand.scale
    hand.record.contradicts(
        f"seat {short.seat.seat} {short.line[len(short.seat.player):].strip()!r} is a raise to less than the "
        f"{format_minor(short.faced, scale)} bet it faced; seat {seat.seat}'s call of {format_minor(call, scale)} "
        f"makes its bet {format_minor(level, scale)}, which is what is read",
        short.seat.seat, level, short.to)
    return False


def _no_short_raise(hand: Hand) -> None:
    """A short raise that no full call answers (the line read, or the end of the hand):
    nothing says what the seat's bet became."""
    short: _ShortRaise | None = hand.facts.get("short raise")
    if short is not None:
        after = (f", and the next line {hand.line.text!r} is no full call that says what its bet became" if hand.line
                 else ", and no full call says what its bet became")
        raise hand.fail(QuarantineReason.INCONSISTENT, f"{short.line!r} is a raise to less than the "
                        f"{format_minor(short.faced, hand.scale)} bet it faced{after}")


# --- the end of the hand ------------------------------------------------------------------

def _complete(hand: Hand) -> None:
    """No short raise waits for its call, and the summary printed its total."""
    _no_short_raise(hand)
    if "total" not in hand.seen:
        raise hand.fail(QuarantineReason.TRUNCATED, "hand ends before its summary's 'Total pot' line")


def _unmatched_bet_paid_as_a_pot(hand: Hand) -> None:
    """An older file pays an unmatched bet back as a pot of its own (``collected 0.22€
    from side pot 2``: the last pot, one line, to the seat that put in most, exactly
    its excess over the next seat): that line is the bet returned, not a pot won."""
    payouts, actions = hand.record.payouts, hand.record.actions
    if any(p.source == PayoutSource.UNCALLED for p in payouts):
        return
    put_in = sorted(((hand.tracker.contributed(s.seat), s) for s in hand.seats.values()),
                    key=lambda pair: pair[0], reverse=True)
    labelled = [p for p in payouts if p.source == PayoutSource.POT and p.pot]
    if len(put_in) < 2 or not labelled:
        return
    (most, seat), (second, _) = put_in[0], put_in[1]
    last = max(labelled, key=lambda p: p.pot or 0)
    alone = [p for p in labelled if p.pot == last.pot] == [last]
    if not (alone and last.seat == seat.seat and last.amount == most - second > 0):
        return
    street = next(a.street for a in reversed(actions) if a.seat == seat.seat and a.amount)
    hand.tracker.returned(seat.seat, last.amount)
    hand.add_action(street, seat.seat, ActionKind.UNCALLED_RETURN, last.amount)
    last.source, last.pot, last.half = PayoutSource.UNCALLED, None, Half.WHOLE
    hand.record.notes.append(f"{last.line!r} is {seat.player}'s unmatched bet returned (no uncalled-bet line)")


def _sat_out(hand: Hand) -> None:
    """Every seat dealt in posts or acts (a fold at least): one with neither, and no
    cards, sat out the hand (sitting out, or waiting for the big blind)."""
    for seat in hand.record.seats:
        if not seat.cards and all(a.seat != seat.seat for a in hand.record.actions):
            seat.dealt_in = False


def _pots_merged_under_one_label(hand: Hand) -> None:
    """Winamax pays the pots one seat wins under one label: a seat that wins the main pot
    and side pot 1 collects both "from main pot", and the next pot is then labelled
    "side pot 1". Where the hand has more pots than labels, a label names no single pot:
    the pay lines are compared with the hand's pots as a whole (per seat), not pot by pot."""
    record = hand.record
    labels = {p.pot for p in record.payouts if p.source == PayoutSource.POT and p.pot is not None}
    if not labels:
        return
    live = [s.seat for s in record.seats if s.dealt_in and s.folded_street is None]
    dead: dict[int, int] = {}
    for action in record.actions:
        if action.kind == ActionKind.POST_DEAD and action.amount and action.seat is not None:
            dead[action.seat] = dead.get(action.seat, 0) + action.amount
    try:
        pots = build_pots({s.seat: s.contributed for s in record.seats if s.contributed}, live, dead).pots
    except PotError:
        return  # the audit says why these contributions make no pots
    if len(labels) >= len(pots):
        return
    for payout in record.payouts:
        if payout.source == PayoutSource.POT:
            payout.pot = None
    record.notes.append(f"{len(pots)} pots paid under {len(labels)} pot labels (Winamax labels the pots one seat "
                        "wins as one): compared for the hand as a whole")


def _labels_in_a_high_only_game(hand: Hand) -> None:
    record = hand.record
    if not game_spec(record.game).split and any(p.half in (Half.HIGH, Half.LOW) for p in record.payouts):
        record.notes.append("high-only game paid with (HI)/(LO) labels")


_STREET = kind("street", r"^\*\*\* (?P<street>[^*]+?) \*\*\*.*$", _street)

DIALECT = Dialect(
    platform=Platform.WINAMAX,
    format=Format.WINAMAX,
    version="3",
    hand_start=_HAND_START,
    head=_HEAD,
    first=_HEADER,
    not_first="first line is not a Winamax header",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    seatless=QuarantineReason.TRUNCATED,
    body=(
        kind("table", r"", read_by_header, once=True),
        _STREET,
        kind("hold-up", rf"^Hold-up to Pot: total {_AMT}$", _hold_up, once=True, on=(Street.PREDEAL,)),
        kind("dealt", r"^Dealt to (?P<name>.+?) (?P<groups>(?:\[[^\]]*\]\s*)+)$", _dealt),
        kind("collected", rf"^(?P<name>.+?) collected {_AMT} from (?P<pot>main pot|side pot(?: (?P<side>\d+))?|pot)"
                          r"\s?(?:\((?P<half>HI|LO)\))?$", _collected),
        kind("uncalled", rf"^Uncalled bet (?:of )?\(?{_AMT}\)? (?:is )?returned to (?P<name>.+)$", _uncalled),
        # before the deal, a player (seated or not) who will not post the big blind to come in
        kind("denies big blind", r"^.+? (?:denies big blind|deny BB 0(?:\.0+)?(?: ?€)?)$", skip,
             on=(Street.PREDEAL,)),
    ),
    players=(
        kind("answer", r"", _answer_short_raise),
        kind("fold", r"^folds$", fold_once),
        kind("check", r"^checks$", CHECK),
        # a real-money draw names the cards kept (``[X X X X X]`` for a hand not seen)
        kind("draw", r"^(?:stands pat \[(?P<kept>[^\]]*)\]|discard (?P<count>\d+) cards?)$", _draw),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", CALL),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", BET),
        kind("raise", rf"^raises \S+(?: €)? to {_AMT}{_ALL_IN}$", _raise),
        # a returning player's small blind posted out of position is dead money; a big
        # blind out of position, or a second big blind, is a live post
        kind("dead small blind", rf"^posts small blind {_AMT} out of position{_ALL_IN}$", DEAD_BLIND),
        kind("small blind", rf"^posts small blind {_AMT}{_ALL_IN}$", SMALL_BLIND),
        kind("big blind", rf"^posts big blind {_AMT}{_ALL_IN}$", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
        kind("live blind", rf"^posts big blind {_AMT} out of position{_ALL_IN}$", BLIND),
        kind("ante", rf"^posts ante {_AMT}{_OOP}{_ALL_IN}$", ANTE),
        kind("straddle", rf"^posts straddle {_AMT}{_OOP}{_ALL_IN}$", BLIND),
        kind("dead blind", rf"^posts dead blind {_AMT}{_OOP}{_ALL_IN}$", DEAD_BLIND),
        kind("bring-in", rf"^(?:brings in|bring-in) {_AMT}{_ALL_IN}$", _bring_in),
        kind("shows", r"^(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\]", _shows),
        # after a seat's name: a seat that does not show, and its status at the table
        kind("no money", r"^(?:mucks|doesn't show(?: hand)?|does not show(?: hand)?|is sitting out|sits out|"
                         r"is disconnected|is connected|has timed out|has returned)$", _does_not_show),
    ),
    after_name=re.compile(r"[: ]*"),
    # one line per seat (the pay lines are the record): folded, showed or mucked, won or
    # lost; a 2013 seat whose shown hand lost is a bare ``mucked`` (its shows line has the cards)
    summary=(
        _STREET,
        kind("total", rf"^Total pot {_AMT}(?: \| (?:Rake (?P<rake>[^\s()|]+(?: €)?)|(?P<norake>No rake)))?", _total),
        kind("board", r"^Board: \[(?P<cards>[^\]]*)\]", _board),
        kind("summary seat", r"^Seat \d+: .+? (?:folded(?: on the [\w-]+)?|(?:showed|mucked) \[[^\]]*\].*|mucked|"
                             r"won .+|lost.*)$", _summary_seat),
    ),
    streets=_STREETS,
    money=WINAMAX_NUMBERS,
    cards=cards,
    first_action_opens=False,  # the street lines open the betting
    all_in_when_stack_spent=True,
    notes_unbalanced=False,
    before_returns=(_complete, _unmatched_bet_paid_as_a_pot),
    checks=(_sat_out, _pots_merged_under_one_label, _labels_in_a_high_only_game),
    wording=Wording(unexpected=Unexpected(_MONEY_WORDS), bad_amount="line {number} {text!r}: {error}", total_pot=None),
)


PARSER = DialectParser(DIALECT)
