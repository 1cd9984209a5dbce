"""Full Tilt Poker text hand histories (2006-2014), every game Full Tilt dealt.

A hand starts ``Full Tilt Poker Game #N: <table> - <stakes> - <game> - <time> <zone> -
<date>`` (older files write ``FullTiltPoker Game #N``; from 2013 the game comes before the
stakes; tournaments write ``<name> (<tournament id>), Table N``; some add the Eastern time
in brackets). Mixed-game tables (HORSE, 8-Game, 10-Game) name each hand's own game in its
header, so the game is read per hand.

Cap games (``CAP NL Hold'em``, ``Cap PL ...``; the case varies) are No or Pot Limit with a
cap on what each player may put in the hand: ``limit`` is ``cap`` (the vocabulary has no
"capped no limit"), and the cap itself is not printed. A player who reaches it is written
``raises to $240, and is capped``; Full Tilt then counts the seat as all in (``(Total Pot:
$625, 2 Players, 2 All-In)``), so the action and the seat are recorded ``all_in``.

Pots: the summary ``Total pot $X Main pot $Y. Side pot $Z. | Rake $R`` prints every pot
**before** rake, and Full Tilt took the rake from the main pot (``rules.md`` §2.2), so
``pots_printed_net`` is False. Pay lines are the ``wins``/``ties for`` lines before the
summary (``the high pot``, ``the low pot``, ``the side pot``, ``side pot #2``; run twice
``pot 1``/``pot 2``). Full Tilt labels the halves of a split pot, so an unlabelled pay line
is the whole pot.

The summary repeats what each seat got (``collected ($41.80)``, ``won ($311) with ...``,
per run under ``*** SUMMARY 1 ***``; a hi/lo seat's two halves as one amount). Where the
action section has pay lines they are the record and the summary is checked against them
per seat: a difference is a contradiction (``history_inconsistent``). Some hands have no
pay line at all (an uncontested pot with only ``Seat 5: X collected ($41.80), mucked``):
then the summary's amounts are the payouts, unlabelled in hi/lo games, pot 0 when a single
pot was printed, and a note says so. One summary line for an empty seat was seen running
into the next seat's line (``Seat 3: Player4 Seat 4: Player1 (big blind) collected
($0.50), mucked``): the embedded ``Seat 4:`` line is read as seat 4's.

Every line is read or known to carry no money or cards: chat (``NAME: text``), a seated
player's ``_CHATTER`` (timers, seating, connection, emotes, stud's ``is high with``),
lines naming nobody seated in ``_NOBODY_SEATED`` (observers' chat, newcomers sitting down
or adding chips, timer and run-it-twice notices), a low hand's description wrapped onto a
line of its own in the showdown, and the summary's ``Duration`` and per-run ``Pot N``.
Any other line, in the summary too, fails the hand with its line number.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

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
    Street,
)
from parsers.base import BetTracker, LineHandReader, TextParser, cards
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord
from parsers._text_hand import SPLIT_GAMES

_HAND_START = re.compile(r"^\ufeff*(?:Full Tilt Poker|FullTiltPoker) Game #\d+", re.M)
_SNIFF = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")

_HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<rest>.*)$")
_HEADER_TAIL = re.compile(
    r"^(?P<body>.*) - (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,5}) - (?P<date>\d{4}/\d{2}/\d{2})"
    r"(?: \[(?P<time2>\d{1,2}:\d{2}:\d{2}) (?P<tz2>[A-Z]{2,5}) - (?P<date2>\d{4}/\d{2}/\d{2})\])?"
    r"(?: \(partial\))?\s*$"
)
_STAKES = re.compile(
    r"^(?P<cur>[$€£])?(?P<lo>[\d,]+(?:\.\d+)?)/[$€£]?(?P<hi>[\d,]+(?:\.\d+)?)"
    r"(?: Ante [$€£]?(?P<ante>[\d,]+(?:\.\d+)?))?(?: (?P<cap>Cap))?$"
)
_TOURNAMENT = re.compile(r"^(?P<name>.*)\((?P<tid>\d+)\), Table (?P<table>.+)$")
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: \((?P<extra>[^()]*)\))?$")

_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}

# The zone Full Tilt printed, as an IANA zone (it wrote "CET" all year round, meaning
# Central European local time; likewise ET for New York local time).
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "CCT": "Asia/Shanghai",
    "GMT": "UTC",
    "UTC": "UTC",
    "WET": "Europe/Lisbon",
    "BST": "Europe/London",
    "MSK": "Europe/Moscow",
    "AET": "Australia/Sydney",
    "PT": "America/Los_Angeles",
}

_LIMIT_PREFIXES = (
    ("Cap No Limit ", Limit.CAP),
    ("Cap NL ", Limit.CAP),
    ("Cap Pot Limit ", Limit.CAP),
    ("Cap PL ", Limit.CAP),
    ("No Limit ", Limit.NO),
    ("NL ", Limit.NO),
    ("Pot Limit ", Limit.POT),
    ("PL ", Limit.POT),
    ("Limit ", Limit.FIXED),
    ("FL ", Limit.FIXED),
)

_GAMES = {
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HILO,
    "omaha h/l": Game.OMAHA_HILO,
    "omaha hi-lo": Game.OMAHA_HILO,
    "5 card omaha": Game.OMAHA5,
    "5 card omaha hi": Game.OMAHA5,
    "5 card omaha h/l": Game.OMAHA5_HILO,
    "5 card omaha hi/lo": Game.OMAHA5_HILO,
    "5 card omaha hi-lo": Game.OMAHA5_HILO,
    "6 card omaha": Game.OMAHA6,
    "6 card omaha hi": Game.OMAHA6,
    "6 card omaha h/l": Game.OMAHA6_HILO,
    "6 card omaha hi/lo": Game.OMAHA6_HILO,
    "6 card omaha hi-lo": Game.OMAHA6_HILO,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi": Game.COURCHEVEL,
    "courchevel h/l": Game.COURCHEVEL_HILO,
    "courchevel hi/lo": Game.COURCHEVEL_HILO,
    "courchevel hi-lo": Game.COURCHEVEL_HILO,
    "stud": Game.STUD,
    "stud hi": Game.STUD,
    "7 card stud": Game.STUD,
    "7 card stud hi": Game.STUD,
    "stud h/l": Game.STUD_HILO,
    "stud hi/lo": Game.STUD_HILO,
    "7 card stud h/l": Game.STUD_HILO,
    "7 card stud hi/lo": Game.STUD_HILO,
    "razz": Game.RAZZ,
    "2-7 triple draw": Game.LOWBALL27_TRIPLE,
    "2-7 single draw": Game.LOWBALL27_SINGLE,
    "a-5 triple draw": Game.LOWBALL_A5_TRIPLE,
    "5 card draw": Game.DRAW5,
    "badugi": Game.BADUGI,
}
_STUD_GAMES = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_DRAW_GAMES = {Game.LOWBALL27_TRIPLE, Game.LOWBALL27_SINGLE, Game.LOWBALL_A5_TRIPLE, Game.DRAW5, Game.BADUGI}

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)(?P<tail>, is sitting out)?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<name>[A-Z0-9 -]+?) \*\*\*(?P<rest>.*)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_AMOUNT = r"(?P<amt>[$€£]?[\d,]+(?:\.\d+)?)"
_ALL_IN = r"(?P<allin>, and is (?:all in|capped))?"

_ACTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^posts the small blind of {_AMOUNT}{_ALL_IN}$"), "sb"),
    (re.compile(rf"^posts the big blind of {_AMOUNT}{_ALL_IN}$"), "bb"),
    (re.compile(rf"^posts (?:a |the )?dead (?:small )?blind of {_AMOUNT}{_ALL_IN}$"), "dead"),
    (re.compile(rf"^posts {_AMOUNT}{_ALL_IN}$"), "post"),
    (re.compile(rf"^antes {_AMOUNT}{_ALL_IN}$"), "ante"),
    (re.compile(rf"^brings in for {_AMOUNT}{_ALL_IN}$"), "bring_in"),
    (re.compile(rf"^completes it to {_AMOUNT}{_ALL_IN}$"), "complete"),
    (re.compile(r"^folds$"), "fold"),
    (re.compile(r"^checks$"), "check"),
    (re.compile(rf"^calls {_AMOUNT}{_ALL_IN}$"), "call"),
    (re.compile(rf"^bets {_AMOUNT}{_ALL_IN}$"), "bet"),
    (re.compile(rf"^raises to {_AMOUNT}{_ALL_IN}$"), "raise"),
    (re.compile(r"^discards (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$"), "discard"),
    (re.compile(r"^stands pat$"), "pat"),
    (re.compile(r"^shows(?: \[(?P<cards>[^\]]*)\])?.*$"), "show"),
    (re.compile(r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$"), "muck"),
]
_PAY = re.compile(
    r"^(?P<verb>wins|ties for) (?:the )?(?:(?P<hl>high|low) )?"
    r"(?P<pot>main pot|side pot(?: #(?P<side>\d+))?|pot)(?: (?P<run>\d+))? \((?P<amt>[^()]+)\)(?: with .*)?$"
)
_BOUNTY = re.compile(r"^wins the [$€£]?[\d,.]+ bounty\b")
_UNCALLED = re.compile(rf"^Uncalled bet of {_AMOUNT} returned to (?P<name>.+?)\s*$")
_DEALT = re.compile(r"^Dealt to (?P<rest>.+)$")
# Lines a seated player produces that move no pot money and change no cards, skipped on
# purpose: timers, seating, connection, emotes, stud's ``is high with [Ks]`` (who acts
# first), chips added to a stack between hands. Their free text never holds money or cards.
_FREE_TEXT = r"[^$€£\[\]]*"
_CHATTER = re.compile(
    r"^(?:has \d+ seconds left to act|has \d+ seconds to reconnect|is sitting out|sits out|"
    rf"has returned|stands up|sits down|has been disconnected|has reconnected|has timed out{_FREE_TEXT}|"
    rf"is feeling {_FREE_TEXT}|has requested TIME|is (?:high|low) with \[[^\]]*\]|is dealt \d+ cards?|"
    rf"adds [$€£]?[\d,.]+|is all in|seems to be {_FREE_TEXT}|will be allowed to play after the button|"
    r"is connected|has left the table|re-buys and receives .*|rebuys .*)$"
)
# Lines naming no seated player known to carry no money or cards, skipped on purpose:
# observers' chat, a newcomer sitting down or buying chips (seated from the next hand),
# the table's timer and run-it-twice notices, and in a showdown a low hand's description
# wrapped onto a line of its own (`` (8,7,4,3,A)``).
_NOBODY_SEATED = re.compile(
    r"^(?:.+ \(Observer\): .*|.+ (?:sits down|adds [$€£]?[\d,.]+)|\d+ seconds left to act|"
    r"Players agree to Run It Twice)$"
)
_WRAPPED_LOW = re.compile(r"^\([2-8A](?:,[2-8A]){4}\)$")
# Summary lines other than the totals, the board and the seats: the hand's duration, and
# each run's pot (``Pot 1 $311`` under ``*** SUMMARY 1 ***``; its pay lines are read).
_SUMMARY_NO_MONEY = re.compile(r"^(?:Duration \d+s|Pot \d+ [$€£]?[\d,]+(?:\.\d+)?)$")
_TOTAL = re.compile(rf"^Total pot {_AMOUNT}(?P<pots>.*?)\s*\| Rake (?P<rake>[$€£]?[\d,]+(?:\.\d+)?)\s*$")
_POT_PART = re.compile(r"(?:Main|Side) pot(?:[- ]#?\d+)? ([$€£]?[\d,]+(?:\.\d+)?)")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_SUMMARY_EMBEDDED_SEAT = re.compile(r"\bSeat \d+: .*$")
_SUMMARY_PAID = re.compile(r"\b(?:won|collected) \((?P<amt>[^()]+)\)")
_SUMMARY_KNOWN = re.compile(r"folded|didn't bet|showed|mucked|collected|won|lost|is sitting out|wins|ties")

_STUD_STREETS = {
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
}
_DRAW_STREETS = {
    "FIRST DRAW": Street.DRAW1,
    "DRAW": Street.DRAW1,
    "SECOND DRAW": Street.DRAW2,
    "THIRD DRAW": Street.DRAW3,
}
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


def _game_of(text: str) -> tuple[Game, Limit | None] | None:
    """``PL Omaha H/L`` -> (OMAHA_HILO, POT); None if the text names no game we know."""
    limit: Limit | None = None
    name = text.strip()
    for prefix, lim in _LIMIT_PREFIXES:
        if name.lower().startswith(prefix.lower()):
            limit, name = lim, name[len(prefix):]
            break
    name = re.sub(r"\s*\((?:Rush|Turbo|Speed)\)\s*$", "", name, flags=re.I)
    game = _GAMES.get(name.lower())
    return (game, limit) if game else None


def _start_time(m: re.Match[str]) -> str | None:
    """UTC ISO time from the header, preferring the bracketed Eastern time when present."""
    time, tz, date = (m["time2"], m["tz2"], m["date2"]) if m["time2"] else (m["time"], m["tz"], m["date"])
    zone = _ZONES.get(tz)
    if zone is None:
        return None
    local = datetime.strptime(f"{date} {time}", "%Y/%m/%d %H:%M:%S").replace(tzinfo=ZoneInfo(zone))
    return local.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Names:
    """Find which seated player a line starts with (names may hold spaces and colons)."""

    def __init__(self, seats: dict[str, int]):
        self.seats = seats
        self.ordered = sorted(seats, key=len, reverse=True)

    def split(self, line: str) -> tuple[int, str, bool] | None:
        """(seat, rest of line, is_chat) for a line that starts with a seated player's name."""
        for name in self.ordered:
            if line.startswith(name):
                after = line[len(name):]
                if after.startswith(": "):
                    return self.seats[name], after[2:], True
                if after.startswith(" ") or after == "":
                    return self.seats[name], after.strip(), False
        return None


class FullTiltParser(TextParser):
    """Parser for Full Tilt Poker's text histories (cash, play money and tournaments)."""

    format = Format.FULLTILT
    hand_start = _HAND_START
    head_pattern = _SNIFF

    def parse(self, hand_text: str) -> ParsedHand:
        return _HandReader(hand_text).read()


class _HandReader(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = DOT
    #: the number, in the hand's text, of the header line (blank lines before it are dropped)
    first_line_number = 1

    def read(self) -> ParsedHand:
        lines = self.lines
        while lines and not lines[0].strip():
            lines.pop(0)
            self.first_line_number += 1
        if not lines:
            raise self.fail(QuarantineReason.TRUNCATED, "empty hand text")
        head = _HEADER.match(lines[0].strip())
        if not head:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Full Tilt header: {lines[0][:120]!r}")
        self.hand_id = head["id"]
        hand = self.read_header(head["rest"], lines[0])
        if not any(line.startswith("*** SUMMARY ***") for line in lines):
            raise self.fail(
                QuarantineReason.TRUNCATED,
                "hand ends before its *** SUMMARY *** section (cut off at the end of the file?)",
            )
        self.read_body(hand, lines[1:])
        return hand

    def read_header(self, rest: str, line: str) -> ParsedHand:
        tail = _HEADER_TAIL.match(rest)
        if not tail:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"header without time and date: {line!r}")
        segments = tail["body"].split(" - ")
        stakes_at = game_at = None
        game: tuple[Game, Limit | None] | None = None
        for i, seg in enumerate(segments):
            if i == 0:
                continue
            if stakes_at is None and _STAKES.match(seg.strip()):
                stakes_at = i
            elif game is None and (g := _game_of(seg)):
                game, game_at = g, i
        if stakes_at is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"no stakes in header: {line!r}")
        if game is None or game_at is None:
            # A segment with a betting limit names the game even when we do not know it.
            named = [seg.strip() for seg in segments[1:]
                     if any(seg.strip().lower().startswith(prefix.lower()) for prefix, _ in _LIMIT_PREFIXES)]
            if named:
                raise self.fail(QuarantineReason.UNSUPPORTED_GAME,
                                f"game {named[0]!r} is not one the rules support, in header: {line!r}")
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"no game Full Tilt names that we know in header: {line!r}")
        stakes = _STAKES.match(segments[stakes_at].strip())
        assert stakes is not None
        where = " - ".join(segments[: min(stakes_at, game_at)])
        tournament = _TOURNAMENT.match(where)
        currency = _CURRENCIES.get(stakes["cur"]) if stakes["cur"] else None
        is_play = currency is None and tournament is None
        if currency is not None:
            self.scale = 100
        elif tournament is not None:
            self.scale = 1
        else:
            whole = "." not in stakes["lo"] + stakes["hi"] + (stakes["ante"] or "")
            self.scale = 1 if whole else 100
        game_kind, limit = game
        if stakes["cap"]:
            limit = Limit.CAP
        table = tournament["table"] if tournament else where
        max_seats = None
        tm = _TABLE.match(table.strip())
        if tm:
            table = tm["table"]
            extra = (tm["extra"] or "").lower()
            if m := re.search(r"(\d+) max", extra):
                max_seats = int(m[1])
            elif "heads up" in extra:
                max_seats = 2
            elif tm["extra"] and not re.search(r"max|heads up|deep|shallow", extra):
                table = f"{tm['table']} ({tm['extra']})"
        raw_time = rest[len(tail["body"]) + 3 :].replace(" (partial)", "").strip()
        hand = ParsedHand(
            hand_id=self.hand_id or "",
            platform=Platform.FULLTILT,
            format=Format.FULLTILT,
            game=game_kind,
            limit=limit,
            is_tournament=tournament is not None,
            amount_scale=self.scale,
            currency=currency,
            tournament_id=tournament["tid"] if tournament else None,
            max_seats=max_seats,
            start_time_utc=_start_time(tail),
            start_time_raw=raw_time,
            hand_date=tail["date"].replace("/", "-"),
            table_name=table,
            is_play_money=is_play,
            pots_printed_net=False,
        )
        if stakes["ante"]:
            hand.ante = self.money(stakes["ante"], line)
        return hand

    def read_body(self, hand: ParsedHand, lines: list[str]) -> None:
        seats: dict[int, SeatRecord] = {}
        names: dict[str, int] = {}
        i = 0
        while i < len(lines) and (m := _SEAT.match(lines[i])):
            seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=self.money(m["stack"], lines[i]))
            seat.dealt_in = not m["tail"]
            seats[seat.seat] = seat
            names[m["name"]] = seat.seat
            i += 1
        if not seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no seat lines after the header")
        who = _Names(names)
        game = hand.game
        street = Street.PREDEAL
        tracker = BetTracker()
        board: list[str] = []
        run_boards: dict[int, list[str]] = {}
        stud: dict[int, list[str | None]] = {}
        known: dict[int, list[str | None]] = {}
        seq = 0
        in_summary = False
        summary_run: int | None = None
        summary_paid: list[PayoutRecord] = []
        uncalled_seen = False

        def act(seat: int | None, kind: ActionKind, amount: int | None = None, all_in: bool = False,
                changed: int | None = None, on: Street | None = None) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, on or street, seat, kind, amount, all_in, changed))

        for index, line in enumerate(lines[i:], i):
            text = line.strip()
            number = self.first_line_number + 1 + index  # ``lines`` starts after the header
            if not text:
                continue
            sm = _STREET.match(text)
            if sm:
                name = sm["name"].strip()
                if name == "SUMMARY" or name.startswith("SUMMARY "):
                    in_summary = True
                    summary_run = int(name.split()[1]) if " " in name else None
                    continue
                if in_summary:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {text!r}")
                if name == "HOLE CARDS":
                    street = Street.PREDRAW if game in _DRAW_GAMES else Street.PREFLOP
                elif name in _STUD_STREETS:
                    street = _STUD_STREETS[name]
                    tracker.new_street()
                elif name in _DRAW_STREETS:
                    street = _DRAW_STREETS[name]
                    tracker.new_street()
                elif name == "FLOPET":
                    # Courchevel's first board card, dealt with the hole cards: the
                    # pre-flop round follows it, so blinds still count this street.
                    street = Street.PREFLOP
                    board = self.board_from(board, sm["rest"])
                elif name.split()[0] in _BOARD_STREETS:
                    parts = name.split()
                    street = _BOARD_STREETS[parts[0]]
                    tracker.new_street()
                    if len(parts) > 1:
                        run = int(parts[1])
                        run_boards[run] = self.board_from(run_boards.get(run, list(board)), sm["rest"])
                    else:
                        board = self.board_from(board, sm["rest"])
                elif name.startswith("SHOW DOWN"):
                    street = Street.SHOWDOWN
                else:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown section line {number}: {text!r}")
                continue
            if in_summary:
                if not self.read_summary_line(hand, text, seats, names, summary_run, run_boards, board, known,
                                              summary_paid):
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {text!r}")
                continue
            if text.startswith("The button is in seat #"):
                hand.button_seat = int(text.rsplit("#", 1)[1])
                continue
            if um := _UNCALLED.match(text):
                seat_no = names.get(um["name"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"uncalled bet returned to an unseated player: {text!r}")
                amount = self.money(um["amt"], text)
                tracker.returned(seat_no, amount)
                act(seat_no, ActionKind.UNCALLED_RETURN, amount)
                uncalled_seen = True
                continue
            if dm := _DEALT.match(text):
                hit = who.split(dm["rest"])
                if hit is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to an unseated player: {text!r}")
                seat_no = hit[0]
                groups = [cards(g) for g in _BRACKETS.findall(hit[1])]
                if game in _STUD_GAMES:
                    self.deal_stud(stud.setdefault(seat_no, []), groups, street, seats[seat_no])
                else:
                    known[seat_no] = [c for g in groups for c in g]
                continue
            hit = who.split(text)
            if hit is None:
                if _NOBODY_SEATED.match(text) or street == Street.SHOWDOWN and _WRAPPED_LOW.match(text):
                    continue
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {text!r}")
            seat_no, rest, is_chat = hit
            if is_chat:
                continue
            seat = seats[seat_no]
            pm = _PAY.match(rest)
            if pm:
                hand.payouts.append(self.pay_record(seat_no, pm, line.rstrip()))
                continue
            if _BOUNTY.match(rest):
                hand.notes.append(f"bounty line not counted as pot money: {text!r}")
                continue
            for pattern, kind in _ACTIONS:
                am = pattern.match(rest)
                if am:
                    break
            else:
                if _CHATTER.match(rest):
                    continue
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {text!r}")
            all_in = bool(am.groupdict().get("allin"))
            if all_in:
                seat.all_in = True
            amount = self.money(am["amt"], text) if "amt" in am.groupdict() and am["amt"] else None
            if kind == "sb":
                tracker.add(seat_no, amount)
                hand.small_blind = hand.small_blind or amount
                act(seat_no, ActionKind.POST_SMALL_BLIND, amount, all_in, on=Street.PREDEAL)
            elif kind == "bb":
                tracker.add(seat_no, amount)
                hand.big_blind = hand.big_blind or amount
                act(seat_no, ActionKind.POST_BIG_BLIND, amount, all_in, on=Street.PREDEAL)
            elif kind == "post":
                tracker.add(seat_no, amount)
                act(seat_no, ActionKind.POST_BLIND, amount, all_in, on=Street.PREDEAL)
            elif kind == "dead":
                tracker.dead(seat_no, amount)
                act(seat_no, ActionKind.POST_DEAD, amount, all_in, on=Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat_no, amount)
                hand.ante = hand.ante or amount
                act(seat_no, ActionKind.POST_ANTE, amount, all_in, on=Street.PREDEAL)
            elif kind == "bring_in":
                tracker.add(seat_no, amount)
                hand.bring_in = amount
                act(seat_no, ActionKind.BRING_IN, amount, all_in)
            elif kind == "complete":
                act(seat_no, ActionKind.COMPLETE, tracker.raise_to(seat_no, amount), all_in)
            elif kind == "raise":
                act(seat_no, ActionKind.RAISE, tracker.raise_to(seat_no, amount), all_in)
            elif kind in ("call", "bet"):
                tracker.add(seat_no, amount)
                act(seat_no, ActionKind.CALL if kind == "call" else ActionKind.BET, amount, all_in)
            elif kind == "fold":
                seat.folded_street = street
                act(seat_no, ActionKind.FOLD)
            elif kind == "check":
                act(seat_no, ActionKind.CHECK)
            elif kind == "discard":
                act(seat_no, ActionKind.DISCARD, changed=int(am["n"]))
            elif kind == "pat":
                act(seat_no, ActionKind.STAND_PAT, changed=0)
            elif kind == "show":
                seat.showed = True
                if am["cards"]:
                    self.learn_shown(seat_no, cards(am["cards"]), game, stud, known)
                act(seat_no, ActionKind.SHOW)
            elif kind == "muck":
                seat.mucked = True
                if am["cards"]:
                    self.learn_shown(seat_no, cards(am["cards"]), game, stud, known)
                act(seat_no, ActionKind.MUCK)

        self.finish(hand, seats, tracker, board, run_boards, stud, known, uncalled_seen, summary_paid)

    def pay_record(self, seat_no: int, pm: re.Match[str], line: str) -> PayoutRecord:
        """The payout of a ``wins``/``ties for`` line, in the action section or the summary."""
        amount = self.money(pm["amt"], line)
        hl = pm["hl"]
        half = Half.HIGH if hl == "high" else Half.LOW if hl == "low" else Half.WHOLE
        if pm["pot"] == "pot":
            pot = None if pm["run"] else 0
        elif pm["pot"] == "main pot":
            pot = 0
        else:
            pot = int(pm["side"]) if pm["side"] else 1
        run = int(pm["run"]) if pm["run"] else None
        return PayoutRecord(seat_no, amount, pot, run, half, PayoutSource.POT, line)

    def board_from(self, board: list[str], rest: str) -> list[str]:
        """The board after a street line: the brackets either repeat the board then add
        cards, or (Courchevel's flop) print only the new cards."""
        new = [c for g in _BRACKETS.findall(rest) for c in cards(g)]
        if any(c is None for c in new):
            raise self.fail(QuarantineReason.BAD_CARDS, f"face-down card on the board: {rest!r}")
        if new[: len(board)] == board:
            return list(new)  # type: ignore[arg-type]
        return board + new  # type: ignore[operator]

    def deal_stud(self, held: list[str | None], groups: list[list[str | None]], street: Street, seat: SeatRecord) -> None:
        """Stud: 3rd street shows ``[down down] [up]`` to the owner and ``[up]`` to others;
        later streets show ``[cards so far] [new]``; the 7th card is dealt face down."""
        if not groups:
            return
        new = groups[-1]
        if street == Street.THIRD:
            if len(groups) == 2 and len(groups[0]) == 2:
                held[:] = groups[0] + new
            elif len(new) == 1:
                held[:] = [None, None] + new
            else:
                held[:] = [c for g in groups for c in g]
            if held[2:3] and held[2] is not None:
                seat.upcards = [held[2]]  # type: ignore[list-item]
            return
        earlier = [c for g in groups[:-1] for c in g]
        if len(earlier) == len(held) and all(h is None or h == e for h, e in zip(held, earlier)):
            held[:] = earlier
        held.extend(new)
        if street != Street.SEVENTH:
            seat.upcards.extend(c for c in new if c is not None)

    @staticmethod
    def learn_shown(seat_no: int, shown: list[str | None], game: Game, stud: dict, known: dict) -> None:
        if game in _STUD_GAMES:
            stud[seat_no] = list(shown)
        else:
            known[seat_no] = list(shown)

    def read_summary_line(self, hand: ParsedHand, text: str, seats: dict[int, SeatRecord],
                          names: dict[str, int], summary_run: int | None,
                          run_boards: dict[int, list[str]], board: list[str], known: dict,
                          summary_paid: list[PayoutRecord]) -> bool:
        """Read one summary line; False when it is none the summary is known to hold."""
        if tm := _TOTAL.match(text):
            hand.total_pot_printed = self.money(tm["amt"], text)
            hand.rake = self.money(tm["rake"], text)
            parts = _POT_PART.findall(tm["pots"])
            hand.pots_printed = [self.money(p, text) for p in parts] if parts else [hand.total_pot_printed]
            return True
        if text.startswith("Board: "):
            printed = [c for g in _BRACKETS.findall(text) for c in cards(g)]
            target = run_boards.get(summary_run) if summary_run else board
            if target is not None and printed != target:
                hand.notes.append(f"summary board {printed} differs from the dealt board {target}")
            return True
        if _SUMMARY_NO_MONEY.match(text):
            return True
        sm = _SUMMARY_SEAT.match(text)
        if not sm:
            return False
        seat = seats.get(int(sm["seat"]))
        if seat is None:
            if embedded := _SUMMARY_EMBEDDED_SEAT.search(sm["rest"]):
                hand.notes.append(f"summary line for empty seat {sm['seat']} runs into another seat's line: {text!r}")
                return self.read_summary_line(hand, embedded[0], seats, names, summary_run, run_boards, board, known,
                                              summary_paid)
            return False
        rest = sm["rest"]
        if rest.startswith(seat.player):
            rest = rest[len(seat.player):]
        if pm := _PAY.match(rest.strip()):
            summary_paid.append(self.pay_record(seat.seat, pm, text))
        for paid in _SUMMARY_PAID.finditer(rest):
            # The seat's whole share (both halves of a hi/lo pot); its pot is settled in finish.
            half = Half.UNLABELLED if hand.game in SPLIT_GAMES else Half.WHOLE
            summary_paid.append(PayoutRecord(seat.seat, self.money(paid["amt"], text), None, summary_run, half,
                                             PayoutSource.POT, text))
        if "is sitting out" in rest and not any(a.seat == seat.seat for a in hand.actions):
            seat.dealt_in = False
        if not _SUMMARY_KNOWN.search(rest):
            hand.notes.append(f"summary line for seat {seat.seat} does not say how it left the hand: {text!r}")
        if m := re.search(r"\b(showed|mucked) \[([^\]]*)\]", rest):
            shown = cards(m[2])
            if m[1] == "showed":
                seat.showed = True
            known[seat.seat] = shown
        return True

    def finish(self, hand: ParsedHand, seats: dict[int, SeatRecord], tracker: BetTracker,
               board: list[str], run_boards: dict[int, list[str]], stud: dict, known: dict,
               uncalled_seen: bool, summary_paid: list[PayoutRecord]) -> None:
        if hand.total_pot_printed is None:
            raise self.fail(QuarantineReason.TRUNCATED, "summary has no 'Total pot ... | Rake' line")
        self.check_summary_paid(hand, summary_paid)
        if run_boards:
            hand.boards = [run_boards[r] for r in sorted(run_boards)]
        elif board:
            hand.boards = [board]
        for seat_no, seat in seats.items():
            seat.contributed = tracker.contributed(seat_no)
            if hand.game in _STUD_GAMES:
                held = known.get(seat_no) if len(known.get(seat_no) or []) == 7 else stud.get(seat_no)
                seat.cards = list(held or [])
            else:
                seat.cards = list(known.get(seat_no) or [])
            if seat.mucked and any(p.seat == seat_no for p in hand.payouts):
                seat.mucked = False  # "mucks" before winning uncontested: it did not concede
        hand.seats = [seats[s] for s in sorted(seats)]
        if hand.pots_printed:
            hand.notes.append(
                "pots printed before rake; Full Tilt took the rake from the main pot (rules.md §2.2)"
            )
        if hand.total_pot_printed != hand.pot_total:
            hand.notes.append(
                f"printed total pot {hand.total_pot_printed} differs from the {hand.pot_total} the seats put in"
            )
        if not hand.reconciles():
            paid = hand.paid_from_pots()
            hand.notes.append(
                f"history does not add up: put in {hand.pot_total}, paid {paid}, rake {hand.rake}"
            )

    def check_summary_paid(self, hand: ParsedHand, summary_paid: list[PayoutRecord]) -> None:
        """The pay lines against the summary; the summary pays only where no pay line did."""
        if not any(p.source == PayoutSource.POT for p in hand.payouts):
            single_pot = len(hand.pots_printed or ()) <= 1
            for paid in summary_paid:
                if paid.pot is None and paid.run is None and single_pot:
                    paid.pot = 0
            hand.payouts.extend(summary_paid)
            if summary_paid:
                hand.notes.append("no pay line in the action section: payouts taken from the summary")
            return
        stated: dict[int, int] = {}
        for p in summary_paid:
            stated[p.seat] = stated.get(p.seat, 0) + p.amount
        hand.contradicts_summary(stated, "pay lines")


PARSER = FullTiltParser()
