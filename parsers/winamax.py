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

Every line is read or known to carry no money or cards: after a seat's name
``_SEAT_NO_MONEY`` (not showing, its status at the table), and in the summary the total,
the board and one ``_SUMMARY_SEAT_KNOWN`` line per seat. Any other line, in the summary
too, fails the hand with its line number, whether or not it holds a money word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from rules.games import DRAW_GAMES
from rules.money import NumberConvention, format_minor
from rules.pots import PotError, build_pots
from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    PayoutSource,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)
from parsers._text_hand import (
    SPLIT_GAMES,
    STUD_GAMES,
    HandBuilder,
    game_from_name,
    hand_lines,
    limit_from_name,
    stud_upcards,
    utc_iso,
)
from parsers.base import TextParser, cards
from rules.records import ActionRecord, HandParseError, ParsedHand, SeatRecord

# Winamax writes a decimal point and never groups digits: a comma is not part of an amount.
WINAMAX_NUMBERS = NumberConvention(".", "")

_HAND_START = re.compile(r"^\ufeff*Winamax Poker - ", re.M)
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\)"
    r" - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]{2,5}))?"
)
# 2021 files drop the colon after ``Table`` (and put one after a board street's stars);
# a 2012 file writes the button ``Seat 0000005`` (no ``#``, zero-padded). Nothing else may
# follow: it would be read past.
# What the header says in place of ``CashGame`` at a cash table: fast-fold ("Go Fast") and
# Hold-up tables are named after the table they stand for.
_CASH_KIND = re.compile(r'^(?:CashGame|Go Fast "[^"]*"|HOLD-UP "[^"]*")$')
_TABLE = re.compile(
    r"^Table:? '(?P<table>.*)' (?:(?P<max>\d+)-max )?\((?P<money>real money|play money)\)(?: Seat #?(?P<button>\d+) is the button)?\s*$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^,()]+)(?:, [^()]*)?\)$")
_STREET = re.compile(r"^\*\*\* (?P<street>[^*]+?) \*\*\*(?P<rest>.*)$")
_STREETS = {
    "ANTE/BLINDS": Street.PREDEAL,
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
    "SHOW DOWN": Street.SHOWDOWN,
    # the 2016 play-money export's stud and draw streets
    "THIRD": Street.THIRD,
    "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH,
    "SIXTH": Street.SIXTH,
    "SEVENTH": Street.SEVENTH,
    "FIRST-BET": Street.PREDRAW,
    "SECOND-BET": Street.DRAW1,
    "THIRD-BET": Street.DRAW2,
    "FOURTH-BET": Street.DRAW3,
}
# A draw's discards belong to the betting round before it: its line starts no street.
_DRAWS = frozenset({"FIRST-DRAW", "SECOND-DRAW", "THIRD-DRAW"})
# Names of the 2016 play-money export that no other platform prints, and Winamax's own
# name of 2-7 Triple Draw. Winamax deals 2-7 lowball only as Triple Draw, fixed limit (its
# hands draw three times: FIRST-DRAW to THIRD-DRAW).
_WINAMAX_GAMES = {
    "7stud fixed limit": Game.STUD,
    "Lowball27 fixed limit": Game.LOWBALL27_TRIPLE,
    "2-7 Triple Draw fixed limit": Game.LOWBALL27_TRIPLE,
}
_AMT = r"(?P<amt>[^\s()|]+(?: €)?)"
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind|ante|straddle|dead blind) " + _AMT + r"(?P<oop> out of position)?"
    r"(?P<allin> and is all-in)?$"
)
_BRING_IN = re.compile(r"^(?:brings in|bring-in) " + _AMT + r"(?P<allin> and is all-in)?$")
_BET = re.compile(r"^(?P<verb>calls|bets) " + _AMT + r"(?P<allin> and is all-in)?$")
_RAISE = re.compile(r"^raises \S+(?: €)? to " + _AMT + r"(?P<allin> and is all-in)?$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) (?P<groups>(?:\[[^\]]*\]\s*)+)$")
_DISCARD = re.compile(r"^discard (?P<count>\d+) cards?$")
# a real-money draw names the cards kept (``[X X X X X]`` for a hand not seen)
_STANDS_PAT = re.compile(r"^stands pat \[(?P<cards>[^\]]*)\]$")
_SHOWS = re.compile(r"^(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\]")
_COLLECTED = re.compile(
    r"^(?P<name>.+?) collected " + _AMT
    + r" from (?P<pot>main pot|side pot(?: (?P<side>\d+))?|pot)\s?(?:\((?P<half>HI|LO)\))?$"
)
_UNCALLED = re.compile(r"^Uncalled bet (?:of )?\(?" + _AMT + r"\)? (?:is )?returned to (?P<name>.+)$")
# Money the house adds to the pot of a Hold-up hand, printed before the blinds.
_HOLD_UP = re.compile(r"^Hold-up to Pot: total " + _AMT + r"$")
_TOTAL = re.compile(r"^Total pot " + _AMT + r"(?: \| (?:Rake (?P<rake>[^\s()|]+(?: €)?)|(?P<norake>No rake)))?")
# A tournament's large total is printed rounded to thousands: ``Total pot 15.52k``.
_ABBREVIATED = re.compile(r"\d+(?:\.\d+)?k")
_BOARD = re.compile(r"^Board: \[(?P<cards>[^\]]*)\]")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): .*?(?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\]")
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|brings in|bring-in|won)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: a seat that does not show, and its status at the table. In
# the summary, besides the total and the board, one line per seat (the pay lines above are
# the record): folded, showed or mucked, won or lost. 2013 files summarise a seat whose
# shown hand lost as bare ``mucked``, without its cards (its ``shows`` line has them).
# Before the deal, a player who will not post the big blind to come in (seated or not:
# older files name players the seat list does not have, always with nothing posted).
_DENIES_BIG_BLIND = re.compile(r"^.+? (?:denies big blind|deny BB 0(?:\.0+)?(?: ?€)?)$")
_SEAT_NO_MONEY = re.compile(
    r"^(?:mucks|doesn't show(?: hand)?|does not show(?: hand)?|is sitting out|sits out|is disconnected|"
    r"is connected|has timed out|has returned)$"
)
_SUMMARY_SEAT_KNOWN = re.compile(
    r"^Seat \d+: .+? (?:folded(?: on the [\w-]+)?|(?:showed|mucked) \[[^\]]*\].*|mucked|won .+|lost.*)$"
)


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


class WinamaxParser(TextParser):
    """Parser for Winamax's text dialect."""

    format = Format.WINAMAX
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        first = head.lstrip("\ufeff \r\n\t")
        return first.startswith("Winamax Poker - ") and "HandId: #" in first[:400]

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_lines(hand_text)
        while lines and not lines[0].strip():
            lines.pop(0)
        header = _HEADER.match(lines[0]) if lines else None
        if not header:
            raise HandParseError(
                QuarantineReason.PARSE_ERROR,
                f"first line is not a Winamax header: {lines[0][:120]!r}" if lines else "empty hand",
            )
        hand_id = header.group("id")
        game = _WINAMAX_GAMES.get(header.group("game")) or game_from_name(header.group("game"))
        if game is None:
            raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {header.group('game')!r}", hand_id)
        kind = header.group("kind")
        is_tournament = kind.startswith("Tournament ")
        if not is_tournament and not _CASH_KIND.match(kind):
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"unknown kind of table {kind!r}", hand_id)
        table = _TABLE.match(lines[1]) if len(lines) > 1 else None
        if not table:
            raise HandParseError(
                QuarantineReason.TRUNCATED if len(lines) < 2 else QuarantineReason.PARSE_ERROR,
                f"second line is not a Winamax table line: {lines[1][:120] if len(lines) > 1 else ''!r}",
                hand_id,
            )
        play_money = table.group("money") == "play money"
        stakes = [s.strip() for s in header.group("stakes").split("/")]
        # play chips (a rake of 0.07) and tournament chips (halves: a stack of 7410.50)
        # have decimals as euros do: every hand is counted in hundredths alike
        scale = 100
        build = HandBuilder(hand_id, WINAMAX_NUMBERS, scale)
        date = header.group("date")
        zone = header.group("tz")
        hand = ParsedHand(
            hand_id=hand_id,
            platform=Platform.WINAMAX,
            format=Format.WINAMAX,
            game=game,
            limit=limit_from_name(header.group("game")),
            is_tournament=is_tournament,
            amount_scale=scale,
            currency=None if (is_tournament or play_money) else "EUR",
            is_play_money=play_money,
            start_time_raw=f"{date} {zone}" if zone else date,
            start_time_utc=utc_iso(datetime.strptime(date, "%Y/%m/%d %H:%M:%S"), zone),
            hand_date=date[:10].replace("/", "-"),
            table_name=table.group("table"),
            max_seats=int(table.group("max")) if table.group("max") else None,
            button_seat=None if game in STUD_GAMES or not table.group("button") else int(table.group("button")),
        )
        if is_tournament:
            tid = re.search(r"\((\d+)\)#\d+$", table.group("table"))
            hand.tournament_id = tid.group(1) if tid else None
        build.line, build.line_no = lines[0], 1
        amounts = [build.amount(s) for s in stakes]
        if game in STUD_GAMES:
            hand.ante = amounts[0] if len(amounts) == 3 else None
        elif game in DRAW_GAMES:
            pass  # fixed limit: the stakes are the small and big bets; the blinds come from the posts
        elif len(amounts) == 3:
            hand.ante, hand.small_blind, hand.big_blind = amounts
        elif len(amounts) == 2:
            hand.small_blind, hand.big_blind = amounts
        split_game = game in SPLIT_GAMES

        street = Street.PREDEAL
        in_summary = False
        saw_total = False
        short_raise: _ShortRaise | None = None
        big_blind_posted = False
        stud_known: dict[int, list[str | None]] = {}
        for number, line in enumerate(lines[2:], start=3):
            build.line, build.line_no = line, number
            if not line.strip():
                continue
            m = _STREET.match(line)
            if m:
                if short_raise is not None:
                    raise self._unanswered(short_raise, build, line)
                name = m.group("street").strip()
                if name == "SUMMARY":
                    in_summary = True
                    continue
                if name in _DRAWS and game in DRAW_GAMES:
                    continue
                if name not in _STREETS:
                    raise build.fail(QuarantineReason.PARSE_ERROR, f"unknown street {name!r}")
                new_street = _STREETS[name]
                if new_street not in (Street.PREFLOP, Street.THIRD, Street.PREDRAW, Street.SHOWDOWN):
                    build.tracker.new_street()
                street = new_street
                continue
            if in_summary:
                saw_total |= self._summary_line(line, build, hand)
                continue
            m = _SEAT.match(line)
            if m and street == Street.PREDEAL and not build.actions:
                build.add_seat(int(m.group("seat")), m.group("name"), build.amount(m.group("stack")))
                continue
            m = _HOLD_UP.match(line)
            if m and street == Street.PREDEAL and not build.actions and "hold_up" not in hand.fee_detail:
                added = build.amount(m.group("amt"))
                hand.fee_detail["hold_up"] = -added
                hand.fees -= added
                hand.notes.append(f"the house added {m.group('amt')} to the pot (Hold-up): recorded as a negative fee")
                continue
            m = _DEALT.match(line)
            if m:
                seat = build.seat_named(m.group("name"))
                dealt = cards(" ".join(re.findall(r"\[([^\]]*)\]", m.group("groups"))))
                if game in STUD_GAMES:
                    stud_known[seat.seat] = dealt
                    seat.upcards = stud_upcards(dealt)
                    if any(dealt):
                        seat.cards = dealt
                elif any(dealt):  # a real-money draw deals every seat a line, "[X X X X X]" unseen
                    seat.cards = dealt
                continue
            m = _COLLECTED.match(line)
            if m and m.group("name") in build.seats:
                if short_raise is not None:
                    raise self._unanswered(short_raise, build, line)
                pot = {"main pot": 0, "pot": None}.get(m.group("pot"))
                if m.group("pot").startswith("side pot"):
                    pot = int(m.group("side") or 1)
                label = m.group("half")
                half = Half.HIGH if label == "HI" else Half.LOW if label == "LO" else Half.WHOLE
                build.pay(build.seats[m.group("name")], build.amount(m.group("amt")), line, pot=pot, half=half)
                continue
            m = _UNCALLED.match(line)
            if m:
                if short_raise is not None:
                    raise self._unanswered(short_raise, build, line)
                seat = build.seat_named(m.group("name"))
                amount = build.amount(m.group("amt"))
                build.act(street, seat, ActionKind.UNCALLED_RETURN, amount)
                build.pay(seat, amount, line, half=Half.WHOLE, source=PayoutSource.UNCALLED)
                continue
            if street == Street.PREDEAL and _DENIES_BIG_BLIND.match(line):
                continue
            split = build.split_name(line)
            if split is None:
                raise build.fail(QuarantineReason.PARSE_ERROR,
                                 "unexpected money line" if _MONEY_WORDS.search(line) else "unexpected line")
            seat, rest = split
            if short_raise is not None and rest not in ("folds", "checks") and _MONEY_WORDS.search(rest):
                self._answer_short_raise(short_raise, seat, rest, build, hand)
                short_raise = None
            m = _RAISE.match(rest)
            if m and build.amount(m.group("amt")) <= build.tracker.max_street_bet():
                # its "to" cannot be the bet it made: the call that answers it will say
                faced = build.tracker.max_street_bet()
                action = build.act(street, seat, ActionKind.RAISE, all_in=bool(m.group("allin")))
                short_raise = _ShortRaise(seat, action, line, build.amount(m.group("amt")), faced)
                continue
            big_blind_posted = self._action(rest, seat, street, build, hand, big_blind_posted)

        if short_raise is not None:
            raise self._unanswered(short_raise, build, "")
        if not saw_total:
            raise HandParseError(QuarantineReason.TRUNCATED, "hand ends before its summary's 'Total pot' line", hand_id)
        self._unmatched_bet_paid_as_a_pot(build)
        hand.seats = build.finish_seats()
        for seat in hand.seats:
            # every seat dealt in posts or acts (a fold at least): one with neither, and no
            # cards, sat out the hand (sitting out, or waiting for the big blind)
            if not seat.cards and all(a.seat != seat.seat for a in build.actions):
                seat.dealt_in = False
        hand.actions = build.actions
        hand.payouts = build.payouts
        hand.notes.extend(build.notes)
        self._pots_merged_under_one_label(hand)
        if split_game is False and any(p.half in (Half.HIGH, Half.LOW) for p in hand.payouts):
            hand.notes.append("high-only game paid with (HI)/(LO) labels")
        return hand

    @staticmethod
    def _unmatched_bet_paid_as_a_pot(build: HandBuilder) -> None:
        """An older file pays an unmatched bet back as a pot of its own (``collected 0.22€
        from side pot 2``: the last pot, one line, to the seat that put in most, exactly
        its excess over the next seat): that line is the bet returned, not a pot won."""
        if any(p.source == PayoutSource.UNCALLED for p in build.payouts):
            return
        put_in = sorted(((build.tracker.contributed(s.seat), s) for s in build.seats.values()),
                        key=lambda pair: pair[0], reverse=True)
        labelled = [p for p in build.payouts if p.source == PayoutSource.POT and p.pot]
        if len(put_in) < 2 or not labelled:
            return
        (most, seat), (second, _) = put_in[0], put_in[1]
        last = max(labelled, key=lambda p: p.pot)
        alone = [p for p in labelled if p.pot == last.pot] == [last]
        if not (alone and last.seat == seat.seat and last.amount == most - second > 0):
            return
        street = next(a.street for a in reversed(build.actions) if a.seat == seat.seat and a.amount)
        build.act(street, seat, ActionKind.UNCALLED_RETURN, last.amount)
        last.source, last.pot, last.half = PayoutSource.UNCALLED, None, Half.WHOLE
        build.notes.append(f"{last.line!r} is {seat.player}'s unmatched bet returned (no uncalled-bet line)")

    @staticmethod
    def _pots_merged_under_one_label(hand: ParsedHand) -> None:
        """Winamax pays the pots one seat wins under one label: a seat that wins the main pot
        and side pot 1 collects both "from main pot", and the next pot is then labelled
        "side pot 1". Where the hand has more pots than labels, a label names no single pot:
        the pay lines are compared with the hand's pots as a whole (per seat), not pot by pot."""
        labels = {p.pot for p in hand.payouts if p.source == PayoutSource.POT and p.pot is not None}
        if not labels:
            return
        live = [s.seat for s in hand.seats if s.dealt_in and s.folded_street is None]
        dead: dict[int, int] = {}
        for action in hand.actions:
            if action.kind == ActionKind.POST_DEAD and action.amount and action.seat is not None:
                dead[action.seat] = dead.get(action.seat, 0) + action.amount
        try:
            pots = build_pots({s.seat: s.contributed for s in hand.seats if s.contributed}, live, dead).pots
        except PotError:
            return  # the audit says why these contributions make no pots
        if len(labels) >= len(pots):
            return
        for payout in hand.payouts:
            if payout.source == PayoutSource.POT:
                payout.pot = None
        hand.notes.append(f"{len(pots)} pots paid under {len(labels)} pot labels (Winamax labels the pots one seat "
                          "wins as one): compared for the hand as a whole")

    @staticmethod
    def _answer_short_raise(short: _ShortRaise, seat, rest: str, build: HandBuilder, hand: ParsedHand) -> None:
        """Read the bet a short raise made from the full call that answers it, and record the contradiction."""
        m = _BET.match(rest)
        if not m or m.group("verb") != "calls" or m.group("allin") or seat is short.seat:
            raise WinamaxParser._unanswered(short, build, build.line)
        call = build.amount(m.group("amt"))
        level = build.tracker.street_bet(seat.seat) + call
        added = level - build.tracker.street_bet(short.seat.seat)
        if level <= short.faced or added <= 0:
            raise WinamaxParser._unanswered(short, build, build.line)
        build.tracker.add(short.seat.seat, added)
        short.action.amount = added
        scale = hand.amount_scale
        hand.contradicts(
            f"seat {short.seat.seat} {short.line[len(short.seat.player):].strip()!r} is a raise to less than the "
            f"{format_minor(short.faced, scale)} bet it faced; seat {seat.seat}'s call of {format_minor(call, scale)} "
            f"makes its bet {format_minor(level, scale)}, which is what is read",
            short.seat.seat, level, short.to)

    @staticmethod
    def _unanswered(short: _ShortRaise, build: HandBuilder, line: str) -> HandParseError:
        """A short raise that no full call answers: nothing says what the seat's bet became."""
        after = f", and the next line {line!r} is no full call that says what its bet became" if line else (
            ", and no full call says what its bet became")
        return HandParseError(
            QuarantineReason.INCONSISTENT,
            f"{short.line!r} is a raise to less than the {format_minor(short.faced, build.scale)} bet it faced{after}",
            build.hand_id,
        )

    @staticmethod
    def _post(m: re.Match[str], seat, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool) -> bool:
        """A blind or ante post (``and is all-in`` when it took the seat's last chips)."""
        what, amount, all_in = m.group("what"), build.amount(m.group("amt")), bool(m.group("allin"))
        if what == "ante":
            build.act(Street.PREDEAL, seat, ActionKind.POST_ANTE, amount, all_in=all_in)
            hand.ante = hand.ante or amount
        elif what == "small blind" and m.group("oop"):
            # a returning player's small blind posted out of position is dead money
            build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount, all_in=all_in)
        elif what == "small blind":
            build.act(Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amount, all_in=all_in)
            hand.small_blind = hand.small_blind or amount
        elif what == "big blind" and not big_blind_posted and not m.group("oop"):
            build.act(Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amount, all_in=all_in)
            hand.big_blind = hand.big_blind or amount
            big_blind_posted = True
        elif what == "dead blind":
            build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount, all_in=all_in)
        else:
            build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount, all_in=all_in)
        return big_blind_posted

    def _action(self, rest: str, seat, street: Street, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool) -> bool:
        m = _POST.match(rest)
        if m:
            return self._post(m, seat, build, hand, big_blind_posted)
        m = _BRING_IN.match(rest)
        if m:
            amount = build.amount(m.group("amt"))
            build.act(Street.PREDEAL, seat, ActionKind.BRING_IN, amount, all_in=bool(m.group("allin")))
            hand.bring_in = amount
            return big_blind_posted
        if rest in ("folds", "checks"):
            build.act(street, seat, ActionKind.FOLD if rest == "folds" else ActionKind.CHECK)
            return big_blind_posted
        m = _STANDS_PAT.match(rest)
        if m and hand.game in DRAW_GAMES:
            kept = cards(m.group("cards"))
            if any(kept):
                seat.cards = kept
            build.act(street, seat, ActionKind.STAND_PAT).cards_changed = 0
            return big_blind_posted
        m = _DISCARD.match(rest)
        if m and hand.game in DRAW_GAMES:
            count = int(m.group("count"))
            action = build.act(street, seat, ActionKind.DISCARD if count else ActionKind.STAND_PAT)
            action.cards_changed = count
            return big_blind_posted
        m = _BET.match(rest)
        if m:
            kind = ActionKind.CALL if m.group("verb") == "calls" else ActionKind.BET
            build.act(street, seat, kind, build.amount(m.group("amt")), all_in=bool(m.group("allin")))
            return big_blind_posted
        m = _RAISE.match(rest)
        if m:
            build.act(street, seat, ActionKind.RAISE, raise_to=build.amount(m.group("amt")), all_in=bool(m.group("allin")))
            return big_blind_posted
        m = _SHOWS.match(rest)
        if m:
            seat.cards = cards(m.group("cards"))
            if m.group("verb") == "shows":
                if not seat.showed:
                    build.act(street, seat, ActionKind.SHOW)
                seat.showed = True
            else:
                seat.mucked = True
                build.act(street, seat, ActionKind.MUCK)
            if hand.game in STUD_GAMES:
                seat.upcards = stud_upcards(seat.cards) if not seat.upcards else seat.upcards
            return big_blind_posted
        if _SEAT_NO_MONEY.match(rest):
            if rest.startswith(("mucks", "doesn't show", "does not show")):
                seat.mucked = rest.startswith("mucks")
            return big_blind_posted
        raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected action")

    def _summary_line(self, line: str, build: HandBuilder, hand: ParsedHand) -> bool:
        m = _TOTAL.match(line)
        if m:
            if _ABBREVIATED.fullmatch(m.group("amt")):
                hand.notes.append(f"total pot printed rounded ({m.group('amt')}): not read")
            else:
                hand.total_pot_printed = build.amount(m.group("amt"))
            hand.pots_printed_net = True
            if m.group("rake"):
                hand.rake = build.amount(m.group("rake"))
                hand.rake_source = RakeSource.PRINTED
            elif m.group("norake"):
                hand.rake = 0
                hand.rake_source = RakeSource.PRINTED
            else:
                hand.rake_source = RakeSource.ABSENT
                hand.notes.append("rake not printed")
            return True
        m = _BOARD.match(line)
        if m:
            hand.boards = [[c for c in cards(m.group("cards")) if c]]
            return False
        m = _SUMMARY_SEAT.match(line)
        if m:
            build.summary_cards(int(m.group("seat")), m.group("cards"), showed=m.group("verb") == "showed")
        if not _SUMMARY_SEAT_KNOWN.match(line):
            raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected summary line")
        return False


PARSER = WinamaxParser()
