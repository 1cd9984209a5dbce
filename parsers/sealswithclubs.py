"""Seals With Clubs text hand histories (``Hand #N-M - date`` / ``Site: Seals With Clubs``).

* ``Game: PL Omaha Hi-Lo (9.70+0.30) - Blinds 10/20`` (a tournament level may add ``Ante
  25``, posted as ``posts ante 25``; older files write ``posts the ante``): a ``buy-in+fee`` in parentheses is
  a tournament (chips, scale 1); ``(20 - 100)`` is a cash table's buy-in range. Cash tables
  play in mBTC (currency ``mBTC``, scale 100: hundredths of a mBTC). No time zone is
  printed, so ``start_time_utc`` stays empty.
* A seat is dealt in when it posts, acts or is dealt cards, whatever its status: ``Seat 3:
  NAME (77) - sitting out`` is not dealt in unless it posts (a tournament seat sitting
  out still posts its blinds, and may win the pot so), ``- waiting for big blind`` is dealt
  in when it then posts the big blind, and a seat with no status that does nothing sat
  the hand out.
* ``raises to 90`` is a raise-to total; ``NAME refunded 300`` returns an uncalled bet.
* A second ``posts small blind`` (a player coming in beside the small blind) is dead money:
  the pots and the next hand's stacks count it, the seat's bet does not.
* Pay lines ``wins Pot (440)`` (the only pot, not split), ``wins Hi Pot (1390)`` /
  ``wins Lo Pot (1390)``, ``wins Main Pot (6)``, ``wins Side Pot 1 (2)`` (``splits`` for a
  share of a tie). An unqualified ``Pot`` is pot 0 when no line of the hand names a main or
  side pot.
* ``Rake (0)`` follows each pot's payment: the hand's rake is their sum (printed); a hand
  without one is a tournament (rake 0) or an uncontested cash pot (inferred, with a note).
* A hand with no post and no ``** Hole Cards **`` section has lost its start (truncated);
  a refund larger than what the seat put in means lines are missing (inconsistent).
* Lines skipped on purpose carry no pot money or cards: ``Site:``/``Table:``, ``No low hand
  qualified``, a tournament's ``NAME moved from Table 1`` / ``moved to Table 2``, chips a
  player not in the seat list adds, and after a seat's name the ``quiet`` ones (the
  button, a new player who ``plays after the button`` without posting, timeouts, chips
  added between hands, a tournament finish and its prize, paid outside the pot, sitting
  out or down, standing up), each whole; any other line fails the hand.
"""

from __future__ import annotations

import re

from rules.money import DOT, AmountError, format_minor
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
from parsers.base import BetTracker, TextParser, card
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^Hand #\d+-\d+ - ", re.M)
_HEADER = re.compile(r"^Hand #(?P<id>\d+-\d+) - (?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)\s*$")
_GAME = re.compile(
    r"^Game: (?P<limit>NL|PL|Limit) (?P<game>.+?) \((?P<buyin>[^)]*)\) - (?:Blinds|Stakes) "
    r"(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)(?: Ante (?P<ante>[\d.,]+))?\s*$"
)
_NUM = r"[\d,]+(?:\.\d+)?"
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _NUM + r")\)(?: - (?:sitting out|waiting for big blind))?\s*$"
)
_SECTION = re.compile(r"^\*\* (?P<name>[^*]+?) \*\*\s*(?:\[(?P<cards>[^\]]*)\])?\s*$")
_ALLIN = r"(?P<allin> \(All-in\))?"
_ACTIONS = [
    ("sb", re.compile(r"^posts small blind (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("bb", re.compile(r"^posts big blind (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("both", re.compile(r"^posts small & big blind (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("ante", re.compile(r"^posts (?:the )?ante (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("bet", re.compile(r"^bets (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("raise", re.compile(r"^raises to (?P<amount>" + _NUM + r")" + _ALLIN + r"$")),
    ("refund", re.compile(r"^refunded (?P<amount>" + _NUM + r")$")),
    ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\].*$")),
    ("mucks", re.compile(r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$")),
    ("quiet", re.compile(r"^(?:has the dealer button|has timed out|adds " + _NUM + r" chips|finishes tournament in place #\d+(?: and wins [\d.,]+ chips)?|sits out|has returned|is sitting out|stands up|sits down|plays after the button)$")),
]
_WIN = re.compile(
    r"^(?P<name>.+?) (?P<verb>wins|splits) (?P<what>(?:(?:Main|Side|Hi|Lo) )*Pot(?: (?P<side>\d+))?(?: (?:Hi|Lo))?) "
    r"\((?P<amount>" + _NUM + r")\)(?P<rest>.*)$"
)
# a tournament moving a player between tables, or chips added between hands, by a player
# seated in this hand or not
_TABLE_MOVE = re.compile(r"^\S(?:.*\S)? (?:moved (?:from|to) Table \d+|adds " + _NUM + r" chips)$")
_RAKE = re.compile(r"^Rake \((?P<amount>" + _NUM + r")\)\s*$")

_GAMES = {
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi-lo": Game.OMAHA_HILO,
    "omaha hi/lo": Game.OMAHA_HILO,
}
_LIMITS = {"NL": Limit.NO, "PL": Limit.POT, "Limit": Limit.FIXED}
_STREETS = {"hole cards": Street.PREFLOP, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}


class SealsWithClubsParser(TextParser):
    """Seals With Clubs ``Hand #`` hands."""

    format = Format.SEALSWITHCLUBS
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^Site: Seals With Clubs\s*$", head, re.M)) and bool(_HAND_START.search(head))

    def parse(self, hand_text: str) -> ParsedHand:
        return _Builder(hand_text).build()


class _Builder:
    def __init__(self, text: str):
        raw_lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
        self.raw = [ln.rstrip("\r") for ln in raw_lines if ln.strip()]
        self.lines = [ln.strip() for ln in self.raw]
        self.numbers = [number for number, ln in enumerate(raw_lines, 1) if ln.strip()]
        self.hand_id: str | None = None
        self.notes: list[str] = []

    def fail(self, reason: QuarantineReason, message: str) -> HandParseError:
        return HandParseError(reason, message, self.hand_id)

    def money(self, text: str) -> int:
        try:
            return DOT.to_minor(text, self.scale)
        except AmountError as exc:
            raise self.fail(QuarantineReason.BAD_AMOUNT, str(exc)) from None

    def build(self) -> ParsedHand:
        if len(self.lines) < 2:
            raise self.fail(QuarantineReason.TRUNCATED, "the hand stops after its first line")
        m = _HEADER.match(self.lines[0])
        if not m:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Seals With Clubs header: {self.lines[0][:120]!r}")
        self.hand_id = m.group("id")
        g = _GAME.match(self.lines[1])
        if not g:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"unreadable Game line {self.lines[1][:120]!r}")
        name = g.group("game").lower()
        if name not in _GAMES:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {g.group('game')!r} is not supported")
        is_tournament = "+" in g.group("buyin")
        self.scale = 1 if is_tournament else 100
        table = next((ln[len("Table: "):] for ln in self.lines[2:5] if ln.startswith("Table: ")), None)
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.SEALSWITHCLUBS,
            format=Format.SEALSWITHCLUBS,
            game=_GAMES[name],
            limit=_LIMITS[g.group("limit")],
            is_tournament=is_tournament,
            amount_scale=self.scale,
            currency=None if is_tournament else "mBTC",
            small_blind=self.money(g.group("sb")),
            big_blind=self.money(g.group("bb")),
            ante=self.money(g.group("ante")) if g.group("ante") else None,
            start_time_raw=f"{m.group('date')} {m.group('time')}",
            hand_date=m.group("date"),
            table_name=table,
        )
        self.hand = hand
        self.notes.append("start time printed without a time zone")
        if not is_tournament:
            self.notes.append("cash amounts are mBTC; amount_scale 100 counts hundredths of a mBTC")
        self.read_body()
        hand.notes.extend(self.notes)
        return hand

    def read_body(self) -> None:
        hand = self.hand
        seats: dict[str, SeatRecord] = {}
        names: list[str] = []
        tracker = BetTracker()
        street = Street.PREDEAL
        seq = 0
        last_bet_street: dict[int, Street] = {}
        wins: list[tuple[int, int, re.Match[str], str]] = []
        rakes: list[int] = []
        button_name = None

        def add(seat: int, kind: ActionKind, amount: int | None = None, *, st: Street | None = None, all_in: bool = False) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, st or street, seat, kind, amount, all_in))

        for line, raw, number in zip(self.lines[2:], self.raw[2:], self.numbers[2:]):
            if line.startswith(("Site: ", "Table: ")):
                continue
            if m := _SEAT.match(line):
                rec = SeatRecord(int(m.group("seat")), m.group("name"), self.money(m.group("stack")))
                seats[rec.player] = rec
                names = sorted(seats, key=len, reverse=True)
                continue
            if m := _SECTION.match(line):
                label = m.group("name").lower()
                cards_text = m.group("cards")
                if label.endswith("show down"):
                    street = Street.SHOWDOWN
                    if cards_text:
                        board = [card(c) for c in cards_text.split()]
                        if hand.boards and hand.boards[0] != board:
                            raise self.fail(QuarantineReason.INCONSISTENT, f"showdown board {board} differs from the dealt board {hand.boards[0]}")
                        hand.boards = [board]
                    continue
                if label not in _STREETS:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown section {line!r}")
                street = _STREETS[label]
                if street != Street.PREFLOP:
                    tracker.new_street()
                new_cards = [card(c) for c in (cards_text or "").split()]
                if street == Street.FLOP:
                    hand.boards = [new_cards]
                elif new_cards:
                    if not hand.boards:
                        raise self.fail(QuarantineReason.INCONSISTENT, f"{m.group('name')} dealt before the flop")
                    hand.boards[0].extend(new_cards)
                continue
            if line.startswith("Dealt to "):
                who = _name_at(line[len("Dealt to "):], names)
                cm = re.search(r"\[([^\]]*)\]", line)
                if who is None or not cm:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unreadable deal line {line!r}")
                seats[who].cards = [card(c) for c in cm.group(1).split()]
                continue
            if m := _RAKE.match(line):
                rakes.append(self.money(m.group("amount")))
                continue
            if line == "No low hand qualified" or _TABLE_MOVE.match(line):
                continue
            if m := _WIN.match(line):
                if m.group("name") not in seats:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"pot paid to an unseated player: {line!r}")
                wins.append((seats[m.group("name")].seat, self.money(m.group("amount")), m, raw))
                continue
            who = _name_at(line, names)
            if who is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            rec = seats[who]
            seat = rec.seat
            rest = line[len(who):].strip()
            for kind, rx in _ACTIONS:
                if am := rx.match(rest):
                    break
            else:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected action at line {number}: {line!r}")
            amount = self.money(am.group("amount")) if "amount" in am.groupdict() and am.group("amount") else None
            all_in = bool(am.groupdict().get("allin"))
            if all_in:
                rec.all_in = True
            if kind == "quiet":
                if rest == "has the dealer button":
                    button_name = who
            elif kind == "sb" and any(a.kind == ActionKind.POST_SMALL_BLIND for a in hand.actions):
                # a second small blind (a player coming in) is dead: the pot counts it, its bet does not
                tracker.dead(seat, amount)
                add(seat, ActionKind.POST_DEAD, amount, st=Street.PREDEAL, all_in=all_in)
            elif kind in ("sb", "bb"):
                tracker.add(seat, amount)
                add(seat, ActionKind.POST_SMALL_BLIND if kind == "sb" else ActionKind.POST_BIG_BLIND, amount, st=Street.PREDEAL, all_in=all_in)
            elif kind == "both":
                live = min(amount, hand.big_blind or amount)
                tracker.add(seat, live)
                add(seat, ActionKind.POST_BLIND, live, st=Street.PREDEAL, all_in=all_in)
                if amount > live:
                    tracker.dead(seat, amount - live)
                    add(seat, ActionKind.POST_DEAD, amount - live, st=Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat, amount)
                hand.ante = max(hand.ante or 0, amount)
                add(seat, ActionKind.POST_ANTE, amount, st=Street.PREDEAL, all_in=all_in)
            elif kind == "fold":
                rec.folded_street = street
                add(seat, ActionKind.FOLD)
            elif kind == "check":
                add(seat, ActionKind.CHECK)
            elif kind in ("call", "bet"):
                tracker.add(seat, amount)
                last_bet_street[seat] = street
                add(seat, ActionKind.CALL if kind == "call" else ActionKind.BET, amount, all_in=all_in)
            elif kind == "raise":
                last_bet_street[seat] = street
                add(seat, ActionKind.RAISE, tracker.raise_to(seat, amount), all_in=all_in)
            elif kind == "refund":
                if amount > tracker.contributed(seat):
                    raise self.fail(QuarantineReason.INCONSISTENT,
                                    f"line {number} {line!r} refunds more than the {format_minor(tracker.contributed(seat), self.scale)} "
                                    "the seat put in: lines of the hand are missing")
                tracker.returned(seat, amount)
                add(seat, ActionKind.UNCALLED_RETURN, amount, st=last_bet_street.get(seat, street))
                hand.payouts.append(PayoutRecord(seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, raw))
            elif kind == "shows":
                rec.cards = [card(c) for c in am.group("cards").split()]
                rec.showed = True
                add(seat, ActionKind.SHOW, st=Street.SHOWDOWN)
            elif kind == "mucks":
                rec.mucked = True
                if am.group("cards"):
                    rec.cards = [card(c) for c in am.group("cards").split()]
                add(seat, ActionKind.MUCK, st=Street.SHOWDOWN)

        if not wins:
            raise self.fail(QuarantineReason.TRUNCATED, "the hand ends before any pot is paid")
        if not any(a.street == Street.PREDEAL for a in hand.actions) and not any(
                ln.lower().startswith("** hole cards **") for ln in self.lines):
            raise self.fail(QuarantineReason.TRUNCATED, "the hand has no post and no hole cards: its start is missing")
        if button_name is not None:
            hand.button_seat = seats[button_name].seat
        acted = {a.seat for a in hand.actions}
        for rec in sorted(seats.values(), key=lambda r: r.seat):
            rec.contributed = tracker.contributed(rec.seat)
            # dealt in: a seat that posts, acts or holds cards, whatever its status says
            rec.dealt_in = bool(rec.cards) or rec.seat in acted
            hand.seats.append(rec)
        several_pots = any(re.search(r"\b(?:Main|Side)\b", m.group("what")) for _, _, m, _ in wins)
        hilo = hand.game == Game.OMAHA_HILO
        for seat, amount, m, raw in wins:
            words = m.group("what").split()
            if "Side" in words:
                pot = int(m.group("side")) if m.group("side") else None
            elif "Main" in words or not several_pots:
                pot = 0
            else:
                pot = None
            if not hilo:
                half = Half.WHOLE
            elif "Hi" in words:
                half = Half.HIGH
            elif "Lo" in words:
                half = Half.LOW
            else:
                half = Half.WHOLE
            hand.payouts.append(PayoutRecord(seat, amount, pot, None, half, PayoutSource.POT, raw))
        paid = hand.paid_from_pots()
        if rakes:
            hand.rake, hand.rake_source = sum(rakes), RakeSource.PRINTED
        elif hand.is_tournament:
            hand.rake, hand.rake_source = 0, RakeSource.INFERRED
            self.notes.append("tournament pots are not raked: rake 0 (no Rake line printed)")
        elif paid <= hand.pot_total:
            hand.rake, hand.rake_source = hand.pot_total - paid, RakeSource.INFERRED
            self.notes.append(f"no Rake line: rake inferred as put in {hand.pot_total} minus paid {paid}")
        else:
            hand.rake_source = RakeSource.ABSENT
            self.notes.append(f"paid {paid} exceeds everything put in {hand.pot_total}")


def _name_at(text: str, names: list[str]) -> str | None:
    for name in names:
        if text.startswith(name) and (len(text) == len(name) or text[len(name)] == " "):
            return name
    return None


PARSER = SealsWithClubsParser()
