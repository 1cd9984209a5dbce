"""Everleaf Gaming text hand histories (the Everleaf network's skins, 2008-2011).

A hand starts ``Everleaf Gaming Game #N`` and repeats the number in ``***** Hand history
for game #N *****``; the next line holds stakes, game and local time without a zone:
``Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19`` (no limit prefix = fixed
limit; stud writes ``$0.05/$0.10 7 Card Stud - ...``). Bets print the amount each action
**adds** (``raises [$ 0.20 USD]`` adds 0.20 on top of what the seat had in).

What Everleaf does not print, and what this parser does about it:
- no rake and no total pot: ``rake`` is None with ``rake_source`` ABSENT;
- no uncalled-bet line: the part of the largest contribution no one matched is returned
  to its seat here (an ``UNCALLED_RETURN`` action), and the hand's notes say so;
- no all-in marker: a seat whose contribution equals its starting stack is all in;
- a seat may print ``( All-in )`` for its stack (``Seat 4: Player4 ( All-in )``): a player
  left with nothing who takes no part in the hand; its stack stays unknown, and the hand
  is quarantined if that seat puts anything in (nothing would tell whether it was all in);
- a hand has no end line: it ends at the next hand, after its pay lines.

Later skins (2019) open ``- - Grand Poker - Game #N``, add ``Tournament #2768325 - Level 2``
after the hand-history line and name the table size in the game line (``Blinds 15/30 NL
Hold'em - 9 Max - 2019/01/21 - 13:05:02``); such a hand is a tournament's.

Tournament tables print chips with no currency: ``[$ 525]`` in 2009, ``( 965 Chips )`` and
``[ 1,000 Chips]`` in 2011 (the unit is dropped). Without a ``Tournament #`` line nothing
in a hand's text tells a tournament from play chips, so such hands are read as play
money. A player moved in from another table during the hand has ``Seat 7: anem2 ( new
player )`` and a later ``anem2 has been reseated to this table``: no stack is read and
the seat is not dealt in.

Euro tables print the unit as ``EURO`` (``Seat 5: Hero (  € 2.50 EURO )``), and some of
their files print the euro sign as ``ˆ`` throughout (``Blinds ˆ0.25/ˆ0.50 NL Hold'em``,
``posts small blind [ˆ 0.25 EURO]``): the ``EURO`` after every amount says what it is.

Pay lines: ``Hero wins  high ($ 2.57 USD) from main pot with ...``, ``wins  low ($2.56)``,
or unlabelled ``Hero wins $ 0.29 USD from main pot`` (a split-pot game then has one such
line per half, without saying which); ``from side pot`` names the first side pot when there is only
one; with two or more (two all-in levels) every side pot's line says just ``from side
pot``, and a split pot pays one seat several lines, so those lines name no pot (None). Chip
tables (2009 tournaments among them) write ``wins 375 chips from main pot``, though their
bets print ``[$ 525]``.
A long hand description may wrap onto a second line, which carries no money: such a
line (words, then the cards in brackets) is skipped right after a pay line whose
description lacks its cards.

Every other line is read or known to carry no money or cards: the header lines, ``Total
number of players``, and after a seated player's name ``_CHATTER`` (connection notices,
sitting out, ``does not show cards``) or chat (``NAME: text``). Any other line, including
one about nobody seated and cards dealt to no seat, fails the hand with its line number.
"""

from __future__ import annotations

import re

from rules.money import DOT
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
from parsers.base import BetTracker, LineHandReader, TextParser, cards, unprinted_uncalled_note
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

# Later skins of the network open with the skin's name: ``- - Grand Poker - Game #N``.
_OPENING = r"(?:Everleaf Gaming|- - [^\r\n]+? -) Game #"
_HAND_START = re.compile(rf"^\ufeff*{_OPENING}\d+", re.M)
_SNIFF = re.compile(rf"{_OPENING}\d+\s*\r?\n\*{{5}} Hand history for game #\d+")

_FIRST = re.compile(rf"^{_OPENING}(?P<id>\d+)\s*$")
_TOURNAMENT = re.compile(r"^Tournament #(?P<tid>\d+) - Level \d+\s*$")
_GAME_LINE = re.compile(
    r"^(?:Blinds )?(?P<cur>[$€£ˆ])?\s*(?P<lo>[\d,]+(?:\.\d+)?)/[$€£ˆ]?\s*(?P<hi>[\d,]+(?:\.\d+)?)"
    r"(?: (?P<ccy>USD|EUR|GBP))? (?P<game>.+?)(?: - (?P<max>\d+) Max)? - (?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{1,2}:\d{2}:\d{2})\s*$"
)
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "ˆ": "EUR"}
_LIMITS = (("NL ", Limit.NO), ("PL ", Limit.POT), ("FL ", Limit.FIXED), ("Limit ", Limit.FIXED))
_GAMES = {
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HILO,
    "omaha h/l": Game.OMAHA_HILO,
    "7 card stud": Game.STUD,
    "7 card stud hi/lo": Game.STUD_HILO,
    "7 card stud h/l": Game.STUD_HILO,
    "razz": Game.RAZZ,
}
_STUD_GAMES = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_SPLIT_GAMES = {Game.OMAHA_HILO, Game.STUD_HILO}

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)\s*$")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button\s*$")
_TABLE = re.compile(r"^Table (?P<table>.+?)\s*$")
_AMT = r"(?P<amt>[$€£ˆ]?\s*[\d,]+(?:\.\d+)?(?:\s*(?:USD|EURO?|GBP|Chips))?)"
# Euro tables write ``€ 2.50 EURO`` (or ``ˆ 2.50 EURO``, see the module's docstring).
_EURO = re.compile(r"^ˆ|\s*EURO$")
# 2011 tournament tables write the unit after every amount: ``( 965 Chips )``, ``[ 1,000 Chips]``.
_CHIPS = re.compile(r"\s*Chips$")
_ACTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^posts small blind \[{_AMT}\s*\]$"), "sb"),
    (re.compile(rf"^posts big blind \[{_AMT}\s*\]$"), "bb"),
    (re.compile(rf"^posts small & big blinds? \[{_AMT}\s*\]$"), "sb_bb"),
    (re.compile(rf"^posts ante \[{_AMT}\s*\]$"), "ante"),
    (re.compile(rf"^posts bring-in {_AMT}\.?$"), "bring_in"),
    (re.compile(rf"^completes to {_AMT}\.?$"), "complete"),
    (re.compile(rf"^calls \[{_AMT}\s*\]$"), "call"),
    (re.compile(rf"^bets \[{_AMT}\s*\]$"), "bet"),
    (re.compile(rf"^raises \[{_AMT}\s*\]$"), "raise"),
    (re.compile(r"^folds$"), "fold"),
    (re.compile(r"^checks$"), "check"),
    (re.compile(r"^shows \[(?P<cards>[^\]]*)\].*$"), "show"),
    (re.compile(r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$"), "muck"),
]
_PAY = re.compile(
    r"^wins\s+(?:(?P<hl>high|low)\s+\((?P<amt1>[^()]*)\)|(?P<amt2>[$€£ˆ]?\s*[\d,]+(?:\.\d+)?(?:\s*(?:USD|EURO?|GBP))?)(?:\s+chips)?)"
    r"\s+from\s+(?P<pot>main pot|side pot(?:\s*#?\s*(?P<side>\d+))?)(?:\s+with\b.*)?\s*$"
)
# What may follow a seated player's name on a line known to carry no money or cards,
# skipped on purpose (as is chat, ``NAME: text``); any other line fails the hand.
_CHATTER = re.compile(
    r"^(?:has disconnected(?: and has been given a further \d+ seconds to react)?|does not show cards|"
    r"is sitting out|sits out|has returned|has timed out|has been disconnected|has reconnected|is connected|"
    r"has been reseated to this table)$"
)
# The rest of a hand description a pay line wrapped (``... with two pairs, jacks and`` /
# ``eights [ Jc, Js, 9d, 8c, 8h ]``): words, then the cards, never money.
_WRAPPED = re.compile(r"^[^\[\]$€£ˆ]*\[[^\]]*\]$")
_DEALT = re.compile(r"^Dealt to (?P<rest>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_STREET = re.compile(r"^\*{2,4} (?P<name>[^*]+?) \*{2,4}\s*(?P<rest>.*)$")
_STUD_STREETS = {
    "dealing 4th street": Street.FOURTH,
    "dealing 5th street": Street.FIFTH,
    "dealing 6th street": Street.SIXTH,
    "dealing river": Street.SEVENTH,
    "dealing 7th street": Street.SEVENTH,
}
_BOARD_STREETS = {"dealing flop": Street.FLOP, "dealing turn": Street.TURN, "dealing river": Street.RIVER}


class EverleafParser(TextParser):
    """Parser for Everleaf Gaming's text histories."""

    format = Format.EVERLEAF
    hand_start = _HAND_START
    head_pattern = _SNIFF

    def parse(self, hand_text: str) -> ParsedHand:
        return _HandReader(hand_text).read()


class _HandReader(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = DOT
    #: the number, in the hand's text, of the first line (blank lines before it are dropped)
    first_line_number = 1

    def money(self, text: str, line: str) -> int:
        """Everleaf pads amounts with space and may end a sentence's amount with a full stop."""
        text = _CHIPS.sub("", _EURO.sub("", text.strip().rstrip(".")))
        return super().money(text, line)

    def read(self) -> ParsedHand:
        lines = [line for line in self.lines]
        while lines and not lines[0].strip():
            lines.pop(0)
            self.first_line_number += 1
        first = _FIRST.match(lines[0].strip()) if lines else None
        if not first:
            head = lines[0][:120] if lines else ""
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not an Everleaf header: {head!r}")
        self.hand_id = first["id"]
        game_line = next((ln for ln in lines[1:4] if _GAME_LINE.match(ln.strip())), None)
        if game_line is None:
            raise self.fail(
                QuarantineReason.TRUNCATED if len(lines) < 4 else QuarantineReason.PARSE_ERROR,
                "no stakes/game/date line in the first lines of the hand",
            )
        gm = _GAME_LINE.match(game_line.strip())
        assert gm is not None
        hand = self.read_header(gm, game_line)
        if gm["max"]:
            hand.max_seats = int(gm["max"])
        tournament = next((t for ln in lines[1:4] if (t := _TOURNAMENT.match(ln.strip()))), None)
        if tournament:
            hand.is_tournament, hand.is_play_money = True, False
            hand.tournament_id = tournament["tid"]
        self.read_body(hand, lines[1:])
        return hand

    def read_header(self, gm: re.Match[str], line: str) -> ParsedHand:
        currency = _CURRENCIES.get(gm["cur"] or "") or gm["ccy"]
        if currency is None:
            # Chips without a currency: tournament or play chips, whole units.
            whole = "." not in gm["lo"] + gm["hi"]
            self.scale = 1 if whole else 100
        name = gm["game"].strip()
        limit: Limit | None = None
        for prefix, lim in _LIMITS:
            if name.startswith(prefix):
                limit, name = lim, name[len(prefix):]
                break
        game = _GAMES.get(name.lower())
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {gm['game']!r} not known in line {line.strip()!r}")
        if limit is None:
            limit = Limit.FIXED  # Everleaf writes no prefix for fixed limit (and stud)
        return ParsedHand(
            hand_id=self.hand_id or "",
            platform=Platform.EVERLEAF,
            format=Format.EVERLEAF,
            game=game,
            limit=limit,
            is_tournament=False,
            amount_scale=self.scale,
            currency=currency,
            start_time_raw=f"{gm['date']} - {gm['time']}",
            hand_date=gm["date"].replace("/", "-"),
            is_play_money=currency is None,
            rake=None,
            rake_source=RakeSource.ABSENT,
            notes=[
                "rake not printed: Everleaf prints no rake or total pot line",
                "start time printed without a time zone",
            ],
        )

    def read_body(self, hand: ParsedHand, lines: list[str]) -> None:
        seats: dict[int, SeatRecord] = {}
        names: dict[str, int] = {}
        seat_lines: set[int] = set()
        stack_words: dict[int, str] = {}
        for index, line in enumerate(lines):
            if m := _SEAT.match(line.strip()):
                stackless = m["stack"] in ("All-in", "new player")
                stack = None if stackless else self.money(m["stack"], line)
                seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=stack)
                if stackless:
                    stack_words[seat.seat] = m["stack"]
                    hand.notes.append(f"seat {seat.seat} ({seat.player}) printed {m['stack']!r} for its stack: none read")
                if m["stack"] == "new player":
                    seat.dealt_in = False  # reseated here from another table during the hand
                seats[seat.seat] = seat
                names[seat.player] = seat.seat
                seat_lines.add(index)
            elif seats:
                break
        if not seats:
            raise self.fail(QuarantineReason.TRUNCATED, "no seat lines in the hand")
        ordered = sorted(names, key=len, reverse=True)
        game = hand.game
        stud = game in _STUD_GAMES
        street = Street.PREDEAL
        tracker = BetTracker()
        board: list[str] = []
        seq = 0
        seen_table = False
        wrapped = False  # the last line was a pay line whose hand description lacks its cards
        unnumbered_side: list[int] = []  # pay lines that say only "from side pot"

        def act(seat: int | None, kind: ActionKind, amount: int | None = None, on: Street | None = None) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, on or street, seat, kind, amount))

        for index, line in enumerate(lines):
            text = line.strip()
            number = self.first_line_number + 1 + index  # ``lines`` starts after the first line
            if wrapped and _WRAPPED.match(text):
                wrapped = False
                continue
            wrapped = False
            if not text or index in seat_lines or text.startswith("***** Hand history") or _GAME_LINE.match(text) \
                    or _TOURNAMENT.match(text):
                continue
            if bm := _BUTTON.match(text):
                hand.button_seat = int(bm["seat"])
                continue
            if not seen_table and (tm := _TABLE.match(text)):
                hand.table_name = tm["table"]
                seen_table = True
                continue
            if text.startswith("Total number of players"):
                continue
            if sm := _STREET.match(text):
                name = sm["name"].strip().lower()
                if name == "dealing down cards":
                    street = Street.THIRD if stud else Street.PREFLOP
                elif stud and name in _STUD_STREETS:
                    street = _STUD_STREETS[name]
                    tracker.new_street()
                elif not stud and name in _BOARD_STREETS:
                    street = _BOARD_STREETS[name]
                    tracker.new_street()
                    board = board + [c for c in cards(sm["rest"].strip().strip("[]")) if c]
                else:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown section line {number}: {text!r}")
                continue
            if dm := _DEALT.match(text):
                seat_no = names.get(dm["rest"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to an unseated player, line {number}: {text!r}")
                seats[seat_no].cards = cards(dm["cards"])
                continue
            hit = None
            for name in ordered:
                if text.startswith(name) and text[len(name):len(name) + 1] in (" ", ":"):
                    hit = (names[name], text[len(name):].lstrip(":").strip())
                    break
            if hit is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {text!r}")
            seat_no, rest = hit
            seat = seats[seat_no]
            if pm := _PAY.match(rest):
                amount = self.money(pm["amt1"] or pm["amt2"], text)
                if pm["hl"]:
                    half = Half.HIGH if pm["hl"] == "high" else Half.LOW
                else:
                    half = Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE
                pot = 0 if pm["pot"] == "main pot" else int(pm["side"] or 1)
                if pm["pot"] != "main pot" and not pm["side"]:
                    unnumbered_side.append(len(hand.payouts))
                hand.payouts.append(PayoutRecord(seat_no, amount, pot, None, half, PayoutSource.POT, line.rstrip()))
                wrapped = " with " in rest and "[" not in rest
                continue
            for pattern, kind in _ACTIONS:
                am = pattern.match(rest)
                if am:
                    break
            else:
                if _CHATTER.match(rest) or text[len(seat.player):].startswith(":"):
                    continue  # chat, or a connection notice
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {text!r}")
            amount = self.money(am["amt"], text) if "amt" in am.groupdict() else None
            if kind == "sb":
                tracker.add(seat_no, amount)
                hand.small_blind = hand.small_blind or amount
                act(seat_no, ActionKind.POST_SMALL_BLIND, amount, Street.PREDEAL)
            elif kind == "bb":
                tracker.add(seat_no, amount)
                if hand.big_blind is None:
                    hand.big_blind = amount
                    act(seat_no, ActionKind.POST_BIG_BLIND, amount, Street.PREDEAL)
                else:
                    act(seat_no, ActionKind.POST_BLIND, amount, Street.PREDEAL)
            elif kind == "sb_bb":
                live = min(amount, hand.big_blind or amount)
                tracker.add(seat_no, live)
                act(seat_no, ActionKind.POST_BLIND, live, Street.PREDEAL)
                if amount > live:
                    tracker.dead(seat_no, amount - live)
                    act(seat_no, ActionKind.POST_DEAD, amount - live, Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat_no, amount)
                hand.ante = hand.ante or amount
                act(seat_no, ActionKind.POST_ANTE, amount, Street.PREDEAL)
            elif kind == "bring_in":
                tracker.add(seat_no, amount)
                hand.bring_in = amount
                act(seat_no, ActionKind.BRING_IN, amount)
            elif kind == "complete":
                act(seat_no, ActionKind.COMPLETE, tracker.raise_to(seat_no, amount))
            elif kind in ("call", "bet", "raise"):
                tracker.add(seat_no, amount)
                act(seat_no, {"call": ActionKind.CALL, "bet": ActionKind.BET, "raise": ActionKind.RAISE}[kind], amount)
            elif kind == "fold":
                seat.folded_street = street
                act(seat_no, ActionKind.FOLD)
            elif kind == "check":
                act(seat_no, ActionKind.CHECK)
            elif kind == "show":
                seat.showed = True
                seat.cards = cards(am["cards"])
                act(seat_no, ActionKind.SHOW)
            elif kind == "muck":
                seat.mucked = True
                if am["cards"]:
                    seat.cards = cards(am["cards"])
                act(seat_no, ActionKind.MUCK)

        if not hand.payouts:
            raise self.fail(QuarantineReason.TRUNCATED, "hand has no pay line (cut off before the result?)")
        if board:
            hand.boards = [board]
        for seat_no, seat in seats.items():
            put_in = tracker.contributed(seat_no)
            if seat.stack is None and put_in:
                # Without its stack, nothing tells whether this seat was all in.
                raise self.fail(
                    QuarantineReason.INCONSISTENT,
                    f"seat {seat_no} printed {stack_words[seat_no]!r} for its stack and then put {put_in} in the pot",
                )
            if seat.stack is not None and put_in >= seat.stack > 0:
                seat.all_in = True
        returned = tracker.unmatched()
        if returned:
            seat_no, amount = returned
            tracker.returned(seat_no, amount)
            act(seat_no, ActionKind.UNCALLED_RETURN, amount)
            hand.notes.append(unprinted_uncalled_note(seat_no, amount))
        for seat_no, seat in seats.items():
            seat.contributed = tracker.contributed(seat_no)
        top = max(seat.contributed for seat in seats.values())
        all_in_levels = {seat.contributed for seat in seats.values() if seat.all_in and seat.contributed < top}
        if unnumbered_side and len(all_in_levels) > 1:
            # Every side pot's line says just "from side pot", and one seat may be paid
            # several times from one split pot: which side pot a line pays is not said.
            for index in unnumbered_side:
                hand.payouts[index].pot = None
            hand.notes.append(
                f"{len(all_in_levels)} side pots, each paid 'from side pot' without its number: their pay lines name no pot"
            )
        hand.seats = [seats[s] for s in sorted(seats)]
        if not hand.reconciles():
            hand.notes.append(
                f"history does not add up: put in {hand.pot_total}, paid {hand.paid_from_pots()} (more than was put in)"
            )


PARSER = EverleafParser()
