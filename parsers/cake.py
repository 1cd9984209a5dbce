"""Cake Poker text hand histories (``Hand#... - ... -- date``).

* Header ``Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH --
  $5 + $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40``: the
  stakes part is ``ante/small/big`` (or ``small/big``) then limit and game; a ``T<digits>``
  field makes it a tournament (chips, scale 1). The date is written ``2013/07/16``,
  ``2012.02.05`` or ``2012-06-21`` (``hand_date`` takes dashes). No time zone is printed,
  so ``start_time_utc`` stays empty.
* Amounts carry the exporting client's decimal mark: ``$53.55`` (files dated
  ``2012/08/09``) or ``$2,88`` (``2012.02.05``, ``2012-06-21``). Cake prints at most two
  decimals and groups thousands by three, so an amount whose last mark has one or two
  digits after it shows the decimal mark. ``split`` decides the mark once for the file
  (for each chunk of a large one) from those amounts and every amount is read with it; a
  hand parsed on its own, or from a file showing both marks, decides from its own
  amounts. A hand whose amounts show both marks, or none while one of them (``$1,000``)
  reads either way, is ``bad_amount``.
* Cash tables play in dollars and print euro equivalents in parentheses
  (``posts small blind $0.25 (EUR €0.20)``, header stakes in euros). The dollar amounts are
  the table's money and the ground truth; the euro conversions (rounded) are ignored.
* ``raises to 60`` is a raise-to total; ``returns uncalled bet 10`` returns an uncalled bet.
  ``posts dead blind $0,05 and big blind $0,10`` posts a live big blind and dead money; a
  dead blind printed negative (``$-0,10``, hand 2862015946001029) says nothing of what
  the seat put in, so the hand is ``bad_amount``.
* Pay lines ``X wins high pot 327 with ...``, ``wins low pot 327``, ``wins $1``. When the
  hand says ``There is no low hand`` the pot was not split: its lines are ``whole``. Lines
  do not say which pot (main or side): ``pot`` stays None.
* 2012 tournament files may open with a second byte-order mark read as Windows-1252
  (``ï»¿``), name a guarantee and buy-in in dollars in the header (not read, and not counted
  when deciding the decimal mark), group chips with a no-break space (``1\u00a0500``), and
  write a name's spaces as ``_`` in the muck lines after the result. A "Coin Flip"
  tournament hand prints no post or bet, only the pot won: it is quarantined
  ``inconsistent``.
* No rake is printed: cash rake is inferred as put in minus paid; tournaments take none.
* Lines skipped on purpose carry no pot money or cards: a seat sitting out, timing out,
  disconnecting or coming back (``quiet``), and ``_CHATTER`` (joins, departures, a
  tournament's finishing places). Any other line fails the hand with its line number.
"""

from __future__ import annotations

import re

from rules.money import COMMA, DOT, AmountError, NumberConvention
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
from parsers.base import BetTracker, HandText, TextParser, card, split_at
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

# Some 2012 files open with a byte-order mark written twice, the second read as Windows-1252
# text (``ï»¿``, mojibake of U+FEFF): it is no part of the hand.
_MOJIBAKE_BOM = "\u00ef\u00bb\u00bf"
_HAND_START = re.compile(r"^(?:\u00ef\u00bb\u00bf)?Hand#[0-9A-Z]+ - ", re.M)
_HEADER = re.compile(
    r"^Hand#(?P<id>[0-9A-Z]+) - (?P<body>.+) -- (?P<date>\d{4}(?P<sep>[/.-])\d\d(?P=sep)\d\d) - (?P<time>\d\d:\d\d:\d\d)\s*$"
)
# A tournament's header names its guarantee and buy-in in dollars (``$3,000 Guaranteed Turbo
# T10624416 -- TICKETCASH -- $40 + $4``, ``$5.50 Coin Flip T11522749 -- TICKETCASH -- $5,25
# + $0,25``), none of them read, and its hand is in chips: those amounts do not tell the
# decimal mark.
_TOURNAMENT_HEADER = re.compile(r"^(?:\ufeff|\u00ef\u00bb\u00bf)*Hand#[0-9A-Z]+ - .*\bT\d+ -- .*$", re.M)
_STAKES = re.compile(r"^(?P<stakes>\S+) (?P<limit>NL|PL|FL) (?P<game>.+)$")
# Some 2012 clients group a tournament's thousands with a no-break space (``1\u00a0500 in chips``).
_NUM = r"[$€£]?\d(?:[\d.,]*\d)?(?:\u00a0\d{3})*"
_MONEY = re.compile(r"[$€£]-?\d(?:[\d.,]*\d)?")
_EUR = r"(?:\s+\(EUR [^)]*\))?"
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _NUM + r") in chips\)")
_DEALER = re.compile(r"^Dealer: Seat (?P<seat>\d+)")
_SECTION = re.compile(r"^\*\*\*\s*(?P<name>FLOP|TURN|RIVER|SHOW DOWN)\s*\*\*\*\s*(?:\[(?P<cards>[^\]]*)\])?")
_ACTIONS = [
    ("sb", re.compile(r"^posts small blind (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("bb", re.compile(r"^posts big blind (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("both", re.compile(r"^\s*posts dead blind (?P<dead>[$€£]?-?" + _NUM + r") and big blind (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("ante", re.compile(r"^posts ante of (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("bring", re.compile(r"^brings[- ]in(?: low)? for (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("bet", re.compile(r"^bets (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("raise", re.compile(r"^raises to (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("allin", re.compile(r"^is all in (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("returned", re.compile(r"^returns uncalled bet (?P<amount>" + _NUM + r")" + _EUR + r"$")),
    ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\].*$")),
    ("mucks", re.compile(r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$")),
    ("quiet", re.compile(r"^(?:sits out|is sitting out|has timed out|is disconnected|has returned|is back)$")),
]
_WIN = re.compile(r"^(?P<name>.+?):? wins (?:(?P<half>high|low) )?(?:pot )?(?P<amount>" + _NUM + r")(?P<rest>.*)$")
# Lines known to carry no pot money or cards, skipped on purpose (any other line fails the
# hand): comings and goings, a tournament's finishing places, a bounty won (counted, paid
# outside the pot) and a rebuy (chips bought after the hand, 2012).
_CHATTER = re.compile(
    r"^(?:Player left the table|.+ finished \d+ out of \d+ players.*|.+ (?:joined|left) the table(?: at seat \d+)?\.?|"
    r"Tournament: .+ wins \d+ bounty\. \(\d+\)|.+ rebuys [\d,]+ chips)$"
)

_GAMES = {
    "omaha": Game.OMAHA,
    "omahahilo": Game.OMAHA_HILO,
    "omaha hi/lo": Game.OMAHA_HILO,
    "omaha hi-lo": Game.OMAHA_HILO,
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
}
_LIMITS = {"NL": Limit.NO, "PL": Limit.POT, "FL": Limit.FIXED}
_CONVENTIONS: dict[str, NumberConvention] = {".": DOT, ",": COMMA}
_HILO = {Game.OMAHA_HILO}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


class CakeParser(TextParser):
    """Cake Poker ``Hand#`` hands."""

    format = Format.CAKE
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^Hand#[0-9A-Z]+ - .+ -- \d{4}([/.-])\d\d\1\d\d - \d\d:\d\d:\d\d", _strip_boms(head), re.M))

    def split(self, text: str):
        """Hands as ``HandText`` whose context is the decimal mark the text's amounts show."""
        marks, _ = _decimal_marks(_TOURNAMENT_HEADER.sub("", text))
        mark = next(iter(marks)) if len(marks) == 1 else ""
        for start, piece in split_at(_HAND_START, text):
            yield start, HandText(piece, context=mark)

    def parse(self, hand_text: str) -> ParsedHand:
        return _Builder(hand_text, getattr(hand_text, "context", "")).build()


def _decimal_marks(text: str) -> tuple[dict[str, str], str | None]:
    """The decimal marks ``text``'s amounts show (mark -> first amount showing it), and its
    first amount with a mark that shows nothing.

    Cake prints at most two decimals and groups thousands by three, so a mark with one or
    two digits after it is the decimal mark; one with three could be either.

    >>> _decimal_marks("posts $0,05 ... ($1.000 in chips) ... wins $2,88")
    ({',': '$0,05'}, '$1.000')
    """
    marks: dict[str, str] = {}
    ambiguous = None
    for m in _MONEY.finditer(text):
        amount = m.group(0)
        last = max(amount.rfind("."), amount.rfind(","))
        if last < 0:
            continue
        if len(amount) - last - 1 <= 2:
            marks.setdefault(amount[last], amount)
        elif ambiguous is None:
            ambiguous = amount
    return marks, ambiguous


class _Builder:
    def __init__(self, text: str, file_mark: str = ""):
        # (stripped line, line as printed): pay lines keep their verbatim text.
        raw_lines = _strip_boms(text).replace("\r\n", "\n").split("\n")
        self.lines = [ln.strip() for ln in raw_lines if ln.strip()]
        self.raw = [ln.rstrip("\r") for ln in raw_lines if ln.strip()]
        self.numbers = [number for number, ln in enumerate(raw_lines, 1) if ln.strip()]
        self.hand_id: str | None = None
        self.notes: list[str] = []
        self.text = text
        self.file_mark = file_mark

    def fail(self, reason: QuarantineReason, message: str) -> HandParseError:
        return HandParseError(reason, message, self.hand_id)

    def money(self, text: str) -> int:
        try:
            return self.convention.to_minor(text.replace("\u00a0", ""), self.scale)
        except AmountError as exc:
            raise self.fail(QuarantineReason.BAD_AMOUNT, str(exc)) from None

    def build(self) -> ParsedHand:
        if not self.lines:
            raise self.fail(QuarantineReason.PARSE_ERROR, "empty hand text")
        m = _HEADER.match(self.lines[0])
        if not m:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Cake header: {self.lines[0][:120]!r}")
        self.hand_id = m.group("id")
        self.convention = self.number_convention()
        fields = m.group("body").split(" -- ")
        sm = _STAKES.match(fields[-1])
        if not sm:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"no stakes/limit/game in {fields[-1]!r}")
        game_name = sm.group("game").strip().lower()
        if game_name not in _GAMES:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {sm.group('game')!r} is not supported")
        tournament = re.search(r"\bT(\d+)$", fields[0])
        is_tournament = tournament is not None
        self.scale = 1 if is_tournament else 100
        table = fields[0]
        if is_tournament:
            table_field = next((f for f in fields if f.startswith("Table ")), None)
            table = table_field[len("Table "):] if table_field else None
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.CAKE,
            format=Format.CAKE,
            game=_GAMES[game_name],
            limit=_LIMITS[sm.group("limit")],
            is_tournament=is_tournament,
            amount_scale=self.scale,
            currency=None if is_tournament else "USD",
            tournament_id=tournament.group(1) if tournament else None,
            start_time_raw=f"{m.group('date')} - {m.group('time')}",
            hand_date=re.sub(r"[/.]", "-", m.group("date")),
            table_name=table,
        )
        max_seats = re.search(r"\((\d+)-Max\)|\b(\d+) Max\b", m.group("body"))
        if max_seats:
            hand.max_seats = int(max_seats.group(1) or max_seats.group(2))
        self.hand = hand
        if not is_tournament and "€" in fields[-1]:
            self.notes.append("stakes printed in EUR; the table plays in USD: USD amounts used, EUR equivalents ignored")
        self.notes.append("start time printed without a time zone")
        self.read_body()
        hand.notes.extend(self.notes)
        return hand

    def number_convention(self) -> NumberConvention:
        """The file's decimal mark when its amounts show one, else the one this hand's show."""
        if self.file_mark:
            return _CONVENTIONS[self.file_mark]
        marks, ambiguous = _decimal_marks(_TOURNAMENT_HEADER.sub("", self.text))
        if len(marks) > 1:
            raise self.fail(QuarantineReason.BAD_AMOUNT,
                            f"amounts written with a decimal point ({marks['.']!r}) and with a decimal comma "
                            f"({marks[',']!r})")
        if marks:
            return _CONVENTIONS[next(iter(marks))]
        if ambiguous:
            raise self.fail(QuarantineReason.BAD_AMOUNT,
                            f"no amount shows the decimal mark: {ambiguous!r} could be grouped thousands or decimals")
        return DOT  # no amount has a mark: either convention reads them alike

    def read_body(self) -> None:
        hand = self.hand
        seats: dict[str, SeatRecord] = {}
        names: list[str] = []
        tracker = BetTracker()
        street = Street.PREDEAL
        seq = 0
        last_bet_street: dict[int, Street] = {}
        wins: list[tuple[int, int, str | None, str]] = []
        no_low = False
        saw_showdown = False

        def add(seat: int, kind: ActionKind, amount: int | None = None, *, st: Street | None = None, all_in: bool = False) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, st or street, seat, kind, amount, all_in))

        for line, raw, number in zip(self.lines[1:], self.raw[1:], self.numbers[1:]):
            if m := _SEAT.match(line):
                rec = SeatRecord(int(m.group("seat")), m.group("name"), self.money(m.group("stack")))
                seats[rec.player] = rec
                names = sorted(seats, key=len, reverse=True)
                continue
            if m := _DEALER.match(line):
                hand.button_seat = int(m.group("seat"))
                continue
            if m := _SECTION.match(line):
                if m.group("name") == "SHOW DOWN":
                    street, saw_showdown = Street.SHOWDOWN, True
                    continue
                tracker.new_street()
                street = _STREETS[m.group("name")]
                new_cards = [card(c) for c in re.split(r"[ ,]+", m.group("cards") or "") if c]
                if street == Street.FLOP:
                    hand.boards = [new_cards]
                elif hand.boards:
                    hand.boards[0].extend(new_cards)
                else:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"{m.group('name')} dealt before the flop")
                continue
            if line.startswith("Dealt to "):
                who = _name_at(line[len("Dealt to "):], names)
                cards_m = re.search(r"\[([^\]]*)\]", line)
                if who is None or not cards_m:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unreadable deal line {line!r}")
                seats[who].cards = [card(c) for c in re.split(r"[ ,]+", cards_m.group(1)) if c]
                if street == Street.PREDEAL:
                    street = Street.PREFLOP
                continue
            if line == "There is no low hand":
                no_low = True
                continue
            if (m := _WIN.match(line)) and not _CHATTER.match(line):  # a bounty won is no pot
                who = m.group("name")
                if who not in seats:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"pot paid to an unseated player: {line!r}")
                wins.append((seats[who].seat, self.money(m.group("amount")), m.group("half"), raw))
                continue
            if _CHATTER.match(line):
                continue
            who = _name_at(line, names)
            if who is None or line[len(who):len(who) + 1] != ":":
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            rec = seats[who]
            seat = rec.seat
            rest = line[len(who) + 1:].strip()
            for kind, rx in _ACTIONS:
                if am := rx.match(rest):
                    break
            else:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected action at line {number}: {line!r}")
            amount = self.money(am.group("amount")) if "amount" in am.groupdict() and am.group("amount") else None
            if kind in ("sb", "bb"):
                tracker.add(seat, amount)
                if kind == "sb":
                    hand.small_blind = max(hand.small_blind or 0, amount)
                else:
                    hand.big_blind = max(hand.big_blind or 0, amount)
                add(seat, ActionKind.POST_SMALL_BLIND if kind == "sb" else ActionKind.POST_BIG_BLIND, amount, st=Street.PREDEAL)
            elif kind == "both":
                dead = self.money(am.group("dead"))
                if dead < 0:
                    raise self.fail(QuarantineReason.BAD_AMOUNT,
                                    f"dead blind printed negative ({am.group('dead')!r}): what the seat put in "
                                    f"is not known: {line!r}")
                tracker.add(seat, amount)
                tracker.dead(seat, dead)
                add(seat, ActionKind.POST_BLIND, amount, st=Street.PREDEAL)
                add(seat, ActionKind.POST_DEAD, dead, st=Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat, amount)
                hand.ante = max(hand.ante or 0, amount)
                add(seat, ActionKind.POST_ANTE, amount, st=Street.PREDEAL)
            elif kind == "bring":
                tracker.add(seat, amount)
                hand.bring_in = amount
                add(seat, ActionKind.BRING_IN, amount, st=Street.PREDEAL)
            elif kind == "fold":
                rec.folded_street = street
                add(seat, ActionKind.FOLD)
            elif kind == "check":
                add(seat, ActionKind.CHECK)
            elif kind in ("call", "bet"):
                tracker.add(seat, amount)
                last_bet_street[seat] = street
                add(seat, ActionKind.CALL if kind == "call" else ActionKind.BET, amount)
            elif kind == "raise":
                last_bet_street[seat] = street
                add(seat, ActionKind.RAISE, tracker.raise_to(seat, amount))
            elif kind == "allin":
                level = tracker.max_street_bet()
                added = amount
                already = tracker.contributed(seat)
                if rec.stack is not None and already + amount != rec.stack and already + amount - tracker.street_bet(seat) == rec.stack:
                    added = amount - tracker.street_bet(seat)
                tracker.add(seat, added)
                bet = tracker.street_bet(seat)
                kind_ = ActionKind.CALL if bet <= level else (ActionKind.BET if level == 0 else ActionKind.RAISE)
                rec.all_in = True
                last_bet_street[seat] = street
                add(seat, kind_, added, all_in=True)
            elif kind == "returned":
                tracker.returned(seat, amount)
                add(seat, ActionKind.UNCALLED_RETURN, amount, st=last_bet_street.get(seat, street))
                hand.payouts.append(PayoutRecord(seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, raw))
            elif kind == "shows":
                rec.cards = [card(c) for c in re.split(r"[ ,]+", am.group("cards")) if c]
                rec.showed = True
                add(seat, ActionKind.SHOW, st=Street.SHOWDOWN)
            elif kind == "mucks":
                if am.group("cards"):
                    rec.cards = [card(c) for c in re.split(r"[ ,]+", am.group("cards")) if c]
                # Cake prints "mucks" for an uncontested winner too: only a contested muck concedes.
                add(seat, ActionKind.MUCK, st=Street.SHOWDOWN)

        if not saw_showdown or not wins:
            raise self.fail(QuarantineReason.TRUNCATED, "the hand ends before its pot is paid (no ***SHOW DOWN*** and wins line)")
        if not any(tracker.seats().values()):
            # a "Coin Flip" tournament (2012) deals every stack all in and prints no post or
            # bet: what each seat put in is not written, only the pot it won
            raise self.fail(QuarantineReason.INCONSISTENT,
                            f"a pot of {sum(w[1] for w in wins)} is paid but no seat posted or bet anything")
        for rec in sorted(seats.values(), key=lambda r: r.seat):
            rec.contributed = tracker.contributed(rec.seat)
            hand.seats.append(rec)
        hilo = hand.game in _HILO
        for seat, amount, half_text, line in wins:
            if not hilo or no_low:
                half = Half.WHOLE
            else:
                half = {"high": Half.HIGH, "low": Half.LOW}.get(half_text or "", Half.UNLABELLED)
            hand.payouts.append(PayoutRecord(seat, amount, None, None, half, PayoutSource.POT, line))
        if hilo and no_low:
            self.notes.append("'There is no low hand': the high pot lines paid the whole pot")
        paid = hand.paid_from_pots()
        if hand.is_tournament:
            hand.rake, hand.rake_source = 0, RakeSource.INFERRED
            self.notes.append("tournament pots are not raked: rake 0 (Cake prints no rake)")
        elif paid <= hand.pot_total:
            hand.rake, hand.rake_source = hand.pot_total - paid, RakeSource.INFERRED
            self.notes.append(f"rake not printed: inferred as put in {hand.pot_total} minus paid {paid}")
        else:
            hand.rake, hand.rake_source = None, RakeSource.ABSENT
            self.notes.append(f"paid {paid} exceeds everything put in {hand.pot_total}")


def _strip_boms(text: str) -> str:
    """``text`` without its leading byte-order marks, the mojibake one included."""
    while text.startswith(("\ufeff", _MOJIBAKE_BOM)):
        text = text[1:] if text.startswith("\ufeff") else text[len(_MOJIBAKE_BOM):]
    return text


def _name_at(text: str, names: list[str]) -> str | None:
    for name in names:
        if text.startswith(name) and (len(text) == len(name) or text[len(name)] in " :"):
            return name
    for name in names:
        # the muck lines printed after the result write a name's spaces as underscores
        # ('Player_Space: mucks [8h,9d]' for seat 'Player Space', 2012)
        spelled = name.replace(" ", "_")
        if spelled != name and text.startswith(spelled + ":"):
            return name
    return None


PARSER = CakeParser()
