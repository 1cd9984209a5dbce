"""OnGame network text hand histories (2009-2014).

A hand runs from ``***** History for hand R5-81867677-657 *****`` to ``***** End of hand
R5-81867677-657 *****``; ``Start hand: Mon Sep 13 00:26:26 GMT+0100 2010`` gives the
time with its zone; ``Table: Tilburg [81867677] (LIMIT OMAHA_HI $0.05/$0.10, Real money)``
the limit, game, stakes (and ``ante: $0.02`` in stud). A tournament hand's first line
names its tournament, ``***** History for hand T5-556000000-1 (TOURNAMENT: "NAME",
R-10093-864, buy-in: €5) *****`` (``R-10093-864`` is the ``tournament_id``), and its table
plays for ``Chips``.

Stud opens with ``small bring in $0.12``, or ``big bring in $1`` when the seat brings it
in for a full bet (a ``BRING_IN`` of that amount; the table's own bring-in is then not
printed, so ``bring_in`` stays unset). In five-card draw, ``NAME changed 2 cards`` is a
draw and ``New hand for NAME: [...]`` the cards it gives the viewer; some files print no
``---`` between the betting before and after the draw, so the first draw line starts it.

Betting lines print what each action **adds**: ``calls $0.03``, ``bets $0.10``,
``raises $265.00 to $325.00`` (the first amount is added; the ``to`` amount is the
street total, or in stud the total since 3rd street). OnGame prints no uncalled-bet
line: the part of the largest contribution no one matched is returned to its seat here
(an ``UNCALLED_RETURN`` action, noted), and the per-seat ``net`` of the summary is checked
against it.

Summary: ``Main pot: $520.00 won by A ($259.50), A ($259.50)`` then ``Side pot 1: ...``,
``Rake taken: $1``. Each ``won by`` entry is one share of that pot; in a split-pot game an
entry is one half or one tied share, and OnGame does not say which (a tied high with no
low also prints two entries), so each is a payout with half UNLABELLED. The pot amounts
are printed **before** rake (520.00 = 259.50 + 259.50 + 1).

Every line is read or known to carry no money or cards (``_HEADER``, ``_CHATTER``: the
header, street openers, sitting out, timeouts, disconnections, chat); any other line,
including one about nobody seated, fails the hand with its line number, so that a money
line this parser does not know is never lost unread.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
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
from parsers.base import (
    BetTracker,
    LineHandReader,
    TextParser,
    card,
    hand_text_lines,
    unprinted_uncalled_note,
)
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

_TOURNAMENT = r"(?: \(TOURNAMENT: [^\r\n]*\))?"
_HAND_START = re.compile(rf"^\ufeff*\*{{5}} History for hand \S+{_TOURNAMENT} \*{{5}}", re.M)
_SNIFF = re.compile(rf"\*{{5}} History for hand \S+{_TOURNAMENT} \*{{5}}\s*\r?\nStart hand: ")

_FIRST = re.compile(
    r"^\*{5} History for hand (?P<id>\S+)"
    r'(?: \(TOURNAMENT: ".*", (?P<tournament_id>[^,()]+), buy-in: [^()]*\))? \*{5}\s*$'
)
_END = re.compile(r"^\*{5} End of hand (?P<id>\S+) \*{5}\s*$")
_START = re.compile(
    r"^Start hand: \w{3} (?P<mon>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>\S+) (?P<year>\d{4})\s*$"
)
_TABLE = re.compile(
    r"^Table: (?P<table>.+?) \[(?P<tid>[^\]]+)\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) "
    r"(?P<stakes>[^,()]+?)(?:, ante: (?P<ante>[^,()]+))?, (?P<money>[^()]+)\)\s*$"
)
_STAKES = re.compile(r"^(?P<cur>[$€£])?(?P<lo>[\d,]+(?:\.\d+)?)/[$€£]?(?P<hi>[\d,]+(?:\.\d+)?)$")
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_LIMITS = {"LIMIT": Limit.FIXED, "FIXED_LIMIT": Limit.FIXED, "POT_LIMIT": Limit.POT, "NO_LIMIT": Limit.NO}
_GAMES = {
    "TEXAS_HOLDEM": Game.HOLDEM,
    "HOLDEM": Game.HOLDEM,
    "OMAHA_HI": Game.OMAHA,
    "OMAHA": Game.OMAHA,
    "OMAHA_HI_LO": Game.OMAHA_HILO,
    "SEVEN_CARD_STUD": Game.STUD,
    "SEVEN_CARD_STUD_HI_LO": Game.STUD_HILO,
    "RAZZ": Game.RAZZ,
    "FIVE_CARD_DRAW": Game.DRAW5,
}
_STUD_GAMES = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_DRAW_GAMES = {Game.DRAW5}
_SPLIT_GAMES = {Game.OMAHA_HILO, Game.STUD_HILO}
# Zone names OnGame printed, as offsets or IANA zones.
_ZONES = {
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "BST": "Europe/London",
    "GMT": "UTC",
    "UTC": "UTC",
    "MSK": "Europe/Moscow",
    "MSD": "Europe/Moscow",
}
_GMT_OFFSET = re.compile(r"^(?:GMT|UTC)(?P<sign>[+-])(?P<h>\d{2}):?(?P<m>\d{2})$")

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)\s*$")
_AMT = r"(?P<amt>[$€£]?[\d,]+(?:\.\d+)?)"
_ALL_IN = r"(?P<allin> \[all in\])?"
_ACTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^posts small blind \({_AMT}\){_ALL_IN}$"), "sb"),
    (re.compile(rf"^posts big blind \({_AMT}\){_ALL_IN}$"), "bb"),
    (re.compile(rf"^posts ante {_AMT}{_ALL_IN}$"), "ante"),
    (re.compile(rf"^small bring in {_AMT}{_ALL_IN}$"), "bring_in"),
    (re.compile(rf"^big bring in {_AMT}{_ALL_IN}$"), "big_bring_in"),
    (re.compile(r"^changed (?P<changed>\d+) cards?$"), "draw"),
    (re.compile(rf"^calls {_AMT}{_ALL_IN}$"), "call"),
    (re.compile(rf"^bets {_AMT}{_ALL_IN}$"), "bet"),
    (re.compile(rf"^raises {_AMT} to [$€£]?[\d,]+(?:\.\d+)?{_ALL_IN}$"), "raise"),
    (re.compile(r"^folds$"), "fold"),
    (re.compile(r"^checks$"), "check"),
]
# Lines known to carry no money and no cards, skipped on purpose; any other line fails the
# hand. The header lines are read from the first lines of the hand (``Start hand:``,
# ``Table:``) or name the viewer and the count of players; ``---`` and ``Dealing pocket
# cards`` only open a street. After a seated player's name: ``_CHATTER`` (sitting out,
# timeouts, disconnections) and chat (``NAME : text``).
_HEADER = re.compile(r"^(?:Start hand: .*|Table: .*|User: .+|Players in round: \d+(?: \(\d+\))?|---|(?:--- )?Dealing pocket cards)$")
_CHATTER = re.compile(r"^(?:is sitting out|sits out|has returned|has timed out|is disconnected|has reconnected)$")
_DEALING_TO = re.compile(r"^Dealing to (?P<rest>.+): \[(?P<cards>[^\]]*)\]\s*$")
_NEW_HAND = re.compile(r"^New hand for (?P<rest>.+): \[(?P<cards>[^\]]*)\]\s*$")
_BOARD = re.compile(r"^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]\s*$")
_STUD_STREET = re.compile(r"^Dealing (?P<street>4th street|5th street|6th street|river)\s*$")
_POT_LINE = re.compile(rf"^(?P<label>Main pot|Side pot (?P<side>\d+)): {_AMT} won by (?P<winners>.+?)\s*$")
_RAKE = re.compile(rf"^Rake taken: {_AMT}\s*$")
_SUMMARY_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<final>[^()]*)\)(?:, net: (?P<net>[+-][$€£]?[\d,]+(?:\.\d+)?))?"
    r"(?:, \[(?P<cards>[^\]]*)\])?(?: \((?P<desc>[^()]*)\))?\s*$"
)
_STUD_STREETS = {"4th street": Street.FOURTH, "5th street": Street.FIFTH, "6th street": Street.SIXTH, "river": Street.SEVENTH}
_BOARD_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_MONTHS = {m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}


def _cards(text: str) -> list[str | None]:
    """``Ks, 4s`` or stud's ``-, -, Kh`` (a dash is a face-down card)."""
    return [None if tok.strip() in ("-", "") else card(tok) for tok in text.split(",")]


def _utc(m: re.Match[str]) -> str | None:
    month = _MONTHS.get(m["mon"])
    if month is None:
        return None
    local = datetime.strptime(f"{m['year']}-{month:02d}-{int(m['day']):02d} {m['time']}", "%Y-%m-%d %H:%M:%S")
    tz = m["tz"]
    if om := _GMT_OFFSET.match(tz):
        offset = timedelta(hours=int(om["h"]), minutes=int(om["m"]))
        aware = local.replace(tzinfo=timezone(offset if om["sign"] == "+" else -offset))
    elif tz in _ZONES:
        aware = local.replace(tzinfo=ZoneInfo(_ZONES[tz]))
    else:
        return None
    return aware.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class OnGameParser(TextParser):
    """Parser for OnGame network text histories."""

    format = Format.ONGAME
    hand_start = _HAND_START
    head_pattern = _SNIFF

    def parse(self, hand_text: str) -> ParsedHand:
        return _HandReader(hand_text).read()


class _HandReader(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = DOT
    #: the number, in the hand's text, of the header line (blank lines before it are dropped)
    first_line_number = 1

    @staticmethod
    def split_lines(hand_text: str) -> list[str]:
        """Trailing space is never meaningful in this dialect: every line loses it."""
        return [line.rstrip() for line in hand_text_lines(hand_text)]

    def read(self) -> ParsedHand:
        lines = self.lines
        while lines and not lines[0]:
            lines.pop(0)
            self.first_line_number += 1
        first = _FIRST.match(lines[0]) if lines else None
        if not first:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not an OnGame header: {(lines or [''])[0][:120]!r}")
        self.hand_id = first["id"]
        if not any(_END.match(line) for line in lines):
            raise self.fail(
                QuarantineReason.TRUNCATED,
                "hand has no '***** End of hand' line (cut off at the end of the file?)",
            )
        table_line = next((ln for ln in lines[1:6] if ln.startswith("Table: ")), None)
        tm = _TABLE.match(table_line) if table_line else None
        if not tm:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"no readable 'Table:' line: {table_line!r}")
        hand = self.read_header(tm, table_line or "", first["tournament_id"])
        start_line = next((ln for ln in lines[1:6] if ln.startswith("Start hand: ")), None)
        if start_line and (sm := _START.match(start_line)):
            hand.start_time_raw = start_line[len("Start hand: "):]
            hand.start_time_utc = _utc(sm)
            month = _MONTHS.get(sm["mon"])
            if month:
                hand.hand_date = f"{sm['year']}-{month:02d}-{int(sm['day']):02d}"
        self.read_body(hand, lines[1:])
        return hand

    def read_header(self, tm: re.Match[str], line: str, tournament_id: str | None) -> ParsedHand:
        stakes = _STAKES.match(tm["stakes"].strip())
        if not stakes:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"stakes not understood in {line!r}")
        game = _GAMES.get(tm["game"])
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {tm['game']!r} not known in {line!r}")
        money_kind = tm["money"].strip().lower()
        currency = _CURRENCIES.get(stakes["cur"] or "")
        is_tournament = "tournament" in money_kind or tournament_id is not None
        is_play = "play" in money_kind
        if is_tournament or currency is None:
            whole = "." not in stakes["lo"] + stakes["hi"]
            self.scale = 1 if whole else 100
        if is_tournament or is_play:
            currency = None
        hand = ParsedHand(
            hand_id=self.hand_id or "",
            platform=Platform.ONGAME,
            format=Format.ONGAME,
            game=game,
            limit=_LIMITS.get(tm["limit"]),
            is_tournament=is_tournament,
            tournament_id=tournament_id,
            amount_scale=self.scale,
            currency=currency,
            table_name=tm["table"],
            is_play_money=is_play,
            pots_printed_net=False,
        )
        if tm["ante"]:
            hand.ante = self.money(tm["ante"].strip(), line)
        return hand

    def read_body(self, hand: ParsedHand, lines: list[str]) -> None:
        seats: dict[int, SeatRecord] = {}
        names: dict[str, int] = {}
        seat_lines: set[int] = set()
        for index, line in enumerate(lines):
            if line.startswith("---") or line.startswith("Summary:"):
                break
            if m := _SEAT.match(line):
                seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=self.money(m["stack"], line))
                seats[seat.seat] = seat
                names[seat.player] = seat.seat
                seat_lines.add(index)
        if not seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no seat lines before the deal")
        ordered = sorted(names, key=len, reverse=True)
        game = hand.game
        stud = game in _STUD_GAMES
        draw = game in _DRAW_GAMES
        street = Street.PREDEAL
        tracker = BetTracker()
        board: list[str] = []
        held: dict[int, list[str | None]] = {}
        seq = 0
        in_summary = False
        nets: dict[int, int] = {}
        pots: list[int] = []
        bb_seen = False

        def act(seat: int | None, kind: ActionKind, amount: int | None = None, all_in: bool = False,
                on: Street | None = None, changed: int | None = None) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, on or street, seat, kind, amount, all_in, changed))

        def who(text: str) -> tuple[int, str] | None:
            for name in ordered:
                if text.startswith(name + " "):
                    return names[name], text[len(name) + 1:]
            return None

        for index, line in enumerate(lines):
            if not line or index in seat_lines:
                continue
            number = self.first_line_number + 1 + index  # ``lines`` starts after the header
            if line.startswith("Summary:"):
                in_summary = True
                continue
            if in_summary:
                if pm := _POT_LINE.match(line):
                    pot_index = int(pm["side"]) if pm["side"] else 0
                    pots.append(self.money(pm["amt"], line))
                    for seat_no, amount in self.winners(pm["winners"], ordered, names, line):
                        half = Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE
                        hand.payouts.append(PayoutRecord(seat_no, amount, pot_index, None, half, PayoutSource.POT, line))
                elif rm := _RAKE.match(line):
                    hand.rake = self.money(rm["amt"], line)
                elif ssm := _SUMMARY_SEAT.match(line):
                    seat = seats.get(int(ssm["seat"]))
                    if seat is None:
                        raise self.fail(QuarantineReason.INCONSISTENT, f"summary names a seat not dealt: {line!r}")
                    if ssm["net"]:
                        nets[seat.seat] = self.money(ssm["net"], line)
                    if ssm["cards"]:
                        seat.cards = _cards(ssm["cards"])
                        seat.showed = True
                elif not _END.match(line):
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {line!r}")
                continue
            if _HEADER.match(line):
                continue
            if line.startswith("Button: seat "):
                hand.button_seat = int(line.split()[-1])
                continue
            if bm := _BOARD.match(line):
                if stud:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"board card in a stud hand: {line!r}")
                street = _BOARD_STREETS[bm["street"]]
                tracker.new_street()
                board = board + [c for c in _cards(bm["cards"]) if c]
                continue
            if sm := _STUD_STREET.match(line):
                street = _STUD_STREETS[sm["street"]]
                tracker.new_street()
                continue
            if nm := _NEW_HAND.match(line):
                seat_no = names.get(nm["rest"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to an unseated player: {line!r}")
                held[seat_no] = _cards(nm["cards"])
                continue
            if dm := _DEALING_TO.match(line):
                seat_no = names.get(dm["rest"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to an unseated player: {line!r}")
                dealt = _cards(dm["cards"])
                mine = held.setdefault(seat_no, [])
                mine.extend(dealt)
                if stud:
                    if street == Street.PREDEAL or street == Street.THIRD:
                        up = dealt[2:3]
                    elif street == Street.SEVENTH:
                        up = []
                    else:
                        up = dealt
                    seats[seat_no].upcards.extend(c for c in up if c)
                continue
            hit = who(line)
            if hit is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            seat_no, rest = hit
            seat = seats[seat_no]
            for pattern, kind in _ACTIONS:
                am = pattern.match(rest)
                if am:
                    break
            else:
                if _CHATTER.match(rest) or rest.startswith(": "):
                    continue
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            groups = am.groupdict()
            all_in = bool(groups.get("allin"))
            if all_in:
                seat.all_in = True
            amount = self.money(am["amt"], line) if groups.get("amt") else None
            if street == Street.PREDEAL and kind not in ("sb", "bb", "ante"):
                street = Street.THIRD if stud else Street.PREDRAW if draw else Street.PREFLOP
            if kind == "sb":
                tracker.add(seat_no, amount)
                hand.small_blind = hand.small_blind or amount
                act(seat_no, ActionKind.POST_SMALL_BLIND, amount, all_in, Street.PREDEAL)
            elif kind == "bb":
                tracker.add(seat_no, amount)
                if not bb_seen:
                    bb_seen = True
                    hand.big_blind = amount
                    act(seat_no, ActionKind.POST_BIG_BLIND, amount, all_in, Street.PREDEAL)
                else:
                    act(seat_no, ActionKind.POST_BLIND, amount, all_in, Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat_no, amount)
                act(seat_no, ActionKind.POST_ANTE, amount, all_in, Street.PREDEAL)
            elif kind == "bring_in":
                tracker.add(seat_no, amount)
                hand.bring_in = amount
                act(seat_no, ActionKind.BRING_IN, amount, all_in)
            elif kind == "big_bring_in":
                # The seat chose to bring it in for a full bet: what the table's bring-in
                # is, this hand does not say, so ``bring_in`` stays unset.
                tracker.add(seat_no, amount)
                act(seat_no, ActionKind.BRING_IN, amount, all_in)
            elif kind == "draw":
                if not draw:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"a draw in a {game} hand: {line!r}")
                if street == Street.PREDRAW:  # no line marks the draw: the first change does
                    street = Street.DRAW1
                    tracker.new_street()
                act(seat_no, ActionKind.DISCARD, changed=int(am["changed"]))
            elif kind in ("call", "bet", "raise"):
                tracker.add(seat_no, amount)
                act(seat_no, {"call": ActionKind.CALL, "bet": ActionKind.BET, "raise": ActionKind.RAISE}[kind], amount, all_in)
            elif kind == "fold":
                seat.folded_street = street
                act(seat_no, ActionKind.FOLD)
            elif kind == "check":
                act(seat_no, ActionKind.CHECK)

        if board:
            hand.boards = [board]
        if pots:
            hand.pots_printed = pots
        returned = tracker.unmatched()
        if returned:
            seat_no, amount = returned
            tracker.returned(seat_no, amount)
            act(seat_no, ActionKind.UNCALLED_RETURN, amount)
            hand.notes.append(unprinted_uncalled_note(seat_no, amount))
        for seat_no, seat in seats.items():
            seat.contributed = tracker.contributed(seat_no)
            if not seat.cards and held.get(seat_no):
                seat.cards = held[seat_no]
        hand.seats = [seats[s] for s in sorted(seats)]
        self.check(hand, nets)

    def winners(self, text: str, ordered: list[str], names: dict[str, int], line: str) -> list[tuple[int, int]]:
        """``A ($259.50), B ($259.50)`` -> [(seat, amount), ...]; names may hold spaces."""
        out: list[tuple[int, int]] = []
        rest = text
        while rest:
            for name in ordered:
                if rest.startswith(name + " ("):
                    close = rest.index(")", len(name))
                    out.append((names[name], self.money(rest[len(name) + 2:close], line)))
                    rest = rest[close + 1:]
                    if rest.startswith(", "):
                        rest = rest[2:]
                    elif rest.strip():
                        raise self.fail(QuarantineReason.PARSE_ERROR, f"cannot read winners in {line!r}")
                    else:
                        rest = ""
                    break
            else:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"winner is not a seated player in {line!r}")
        return out

    def check(self, hand: ParsedHand, nets: dict[int, int]) -> None:
        """Compare OnGame's own per-seat ``net`` with what the lines add up to."""
        paid: dict[int, int] = {}
        for p in hand.payouts:
            paid[p.seat] = paid.get(p.seat, 0) + p.amount
        for seat in hand.seats:
            derived = paid.get(seat.seat, 0) - seat.contributed
            printed = nets.get(seat.seat, 0)
            if derived != printed:
                hand.notes.append(
                    f"seat {seat.seat}: summary net {printed} but the lines give {derived} "
                    f"(won {paid.get(seat.seat, 0)}, put in {seat.contributed})"
                )
        if hand.pots_printed and sum(hand.pots_printed) != hand.pot_total:
            hand.notes.append(f"pots printed {hand.pots_printed} do not add up to the {hand.pot_total} put in")
        if hand.rake is None:
            hand.notes.append("no 'Rake taken' line")
        elif not hand.reconciles():
            hand.notes.append(
                f"history does not add up: put in {hand.pot_total}, paid {hand.paid_from_pots()}, rake {hand.rake}"
            )


PARSER = OnGameParser()
