"""Absolute Poker and UltimateBet (Cereus network) text hand histories, ``Stage #`` dialect.

Both sites write the same dialect and neither names itself in a hand. The platform is
told from the hand number: UltimateBet numbers start with a letter (``Stage #C241220000``),
Absolute numbers are all digits (``Stage #1797821771``).

What the dialect says, and how it lands in the records:

* Header ``Stage #N: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)``;
  ``Normal`` is fixed limit. Times are US Eastern (``America/New_York``). Files of 2007
  write game and limit in capitals (``Stage #N: HOLDEM NORMAL $25/$50``).
* ``NAME - sitout (wait for BB)`` before the deal: the seat is not dealt in.
* ``Checks (Timeout)`` is a check the client made for a seat that ran out of time;
  ``All-In (Timeout)`` (no amount) leaves the seat in for what it had already put in: it
  adds nothing, and the bet it faced is returned ``not called`` (recorded as an all-in
  call of 0).
* ``NAME - Posts $1 dead $0.50`` is a live $1 plus a dead $0.50; ``Raises $3.50 to $4``
  adds $3.50; ``NAME - returned ($30) : not called`` returns an uncalled bet.
* Stud hands list each seat's cards every street, ``Pocket [H H Js 10d]`` (``H`` face
  down); the third to sixth cards are the up cards. The last street is ``RIVER``.
* Pay lines ``NAME Collects $0.19 from main pot`` carry no half; the summary seat line
  ``won Total ($0.19) HI:... LO:($0.19)`` says how much each seat won per half, and
  labels the pay lines where that is unambiguous (see ``_label_halves``).
* Tournaments (2011): ``Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament
  No Limit 10 - ...`` (no colon; ``Normal`` is the speed, the limit follows ``Tournament``),
  chips with thousands commas, side pots listed in the total (``Total Pot(5,480:3,750,1,730)``).
* The client marks ``Folds (Fold & Show [3s 8c])`` (the cards are kept) and actions it
  took on a preselected button, ``Calls $0.10 (Preselection)``; both are the plain action.
* ``Total Pot($0.43) | Rake ($0.04) | Jackpot Rake ($0.50)``: the jackpot rake is a fee.
  Without a ``Rake`` entry the rake is inferred as total pot minus paid minus fees.
* The summary holds only ``Total Pot(...)``, ``Board [...]`` (the board again) and the
  ``Seat N: ...`` lines; any other line there, as anywhere, fails the hand with its line
  number. ``Does not show`` (an uncontested winner) carries no cards.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from parsers.base import BetTracker, TextParser, card
from rules.games import HILO_GAMES, STUD_GAMES
from rules.money import DOT, AmountError, format_minor
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord
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

_HAND_START = re.compile(r"^Stage #[A-Z]*\d+(?:: | Tourney ID \d+ )", re.M)
_WHEN = (r"\s+-\s+(?P<when>(?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)(?:\.\d+)?"
         r"(?: \((?P<zone>[A-Z]+)\))?.*?)\s*$")
# A cash table may name its ante after the stakes (``No Limit $1, $0.25 ante``) and its
# speed (``No Limit $0.10 Turbo``).
_HEADER = re.compile(
    r"^Stage #(?P<id>[A-Z]*\d+):\s+(?P<game>.+?)\s+(?P<limit>(?i:No Limit|Pot Limit|Normal|Limit))\s+"
    r"(?P<stakes>[^\s,]+)(?:, (?P<ante>\$[\d,.]+) ante)?(?: Turbo)?" + _WHEN
)
# ``Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - ...``:
# the tournament's kind and speed (``Multi Normal``) stand before ``Tournament``, its limit
# and big blind after it; amounts are chips.
_TOURNEY_HEADER = re.compile(
    r"^Stage #(?P<id>[A-Z]*\d+) Tourney ID (?P<tournament>\d+) (?P<game>.+?) (?:Multi|Single) \w+ Tournament "
    r"(?P<limit>No Limit|Pot Limit|Limit) (?P<stakes>[\d,]+)" + _WHEN
)
_TABLE = re.compile(r"^Table: (?P<name>.+?) \((?P<kind>[^)]*)\)(?: Seat #(?P<button>\d+) is the dealer)?")
_SEAT = re.compile(r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>[^)]*?) in chips\)")
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*(?P<cards>.*)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_AMOUNT = r"(?P<amount>\$?[\d,]+(?:\.\d+)?)"
_ACTIONS = [
    ("sb", re.compile(r"^Posts small blind " + _AMOUNT + r"$")),
    ("bb", re.compile(r"^Posts big blind " + _AMOUNT + r"$")),
    ("dead", re.compile(r"^Posts " + _AMOUNT + r" dead (?P<dead>\$?[\d,]+(?:\.\d+)?)$")),
    # 2007: ``Posts dead $40 dead $15`` at $25/$50 (blinds $15/$25) is $40 in all, $15 of it
    # dead: the seat then ``Raises $25 to $50`` and the pot holds its $65 (hand 736661180)
    ("dead_total", re.compile(r"^Posts dead " + _AMOUNT + r" dead (?P<dead>\$?[\d,]+(?:\.\d+)?)$")),
    ("post", re.compile(r"^Posts " + _AMOUNT + r"$")),
    ("ante", re.compile(r"^Ante " + _AMOUNT + r"$")),
    ("bring", re.compile(r"^Bring-In " + _AMOUNT + r"$")),
    ("fold", re.compile(r"^Folds(?: \(Fold & Show \[(?P<cards>[^\]]*)\]\))?$")),
    ("check", re.compile(r"^Checks(?: \(Timeout\))?$")),
    ("call", re.compile(r"^Calls " + _AMOUNT + r"$")),
    ("bet", re.compile(r"^Bets " + _AMOUNT + r"$")),
    ("raise", re.compile(r"^Raises " + _AMOUNT + r" to (?P<to>\$?[\d,]+(?:\.\d+)?)$")),
    ("timeout_allin", re.compile(r"^All-In \(Timeout\)$")),
    ("allin", re.compile(r"^All-In(?:\((?:Raise|Bet|Call)\))? " + _AMOUNT + r"(?: to (?P<to>\$?[\d,]+(?:\.\d+)?))?$")),
    ("returned", re.compile(r"^returned \(" + _AMOUNT + r"\) : not called$")),
    ("pocket", re.compile(r"^Pocket \[(?P<cards>[^\]]*)\]$")),
    ("shows", re.compile(r"^Shows \[(?P<cards>[^\]]*)\].*$")),
    ("mucks", re.compile(r"^Mucks(?: \[(?P<cards>[^\]]*)\])?$")),
    ("noshow", re.compile(r"^Does not show$")),
    ("sitout", re.compile(r"^sitout(?: \([^)]*\))?$")),
]
_COLLECT = re.compile(r"^(?P<rest>.+?) Collects " + _AMOUNT + r" from (?P<pot>main pot|side pot(?: ?[#-]?(?P<side>\d+))?)\s*$")
# A tournament hand with side pots lists them after the total: ``Total Pot(5,480:3,750,1,730)``
# (main 3,750, side 1,730). The comma both parts the pots and groups thousands, so the
# list is not read: the total is, and the pay lines name each pot.
_TOTALS = re.compile(r"^Total Pot\(" + _AMOUNT + r"(?::[\d,]+)?\)(?P<rest>.*)$")
_FEE = re.compile(r"\|\s*(?P<name>[A-Za-z ]+?)\s*\((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): ")
_SUMMARY_HALF = re.compile(r"\b(?P<half>HI|LO):\((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")
_SUMMARY_BOARD = re.compile(r"^Board \[[^\]]*\]$")
_SUMMARY_TOTAL = re.compile(r"\b(?:won|collected) Total \((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")

_GAMES = {
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HILO,
    "seven card": Game.STUD,
    "seven card stud": Game.STUD,
    "seven card hi/lo": Game.STUD_HILO,
    "seven card stud hi/lo": Game.STUD_HILO,
    "razz": Game.RAZZ,
}
_LIMITS = {"No Limit": Limit.NO, "Pot Limit": Limit.POT, "Normal": Limit.FIXED, "Limit": Limit.FIXED}
_BOARD_STREETS = {
    "POCKET CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
_STUD_STREETS = {
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "RIVER": Street.SEVENTH,
    "7TH STREET": Street.SEVENTH,
}
_EASTERN = ZoneInfo("America/New_York")


class AbsoluteParser(TextParser):
    """Absolute Poker / UltimateBet ``Stage #`` hands."""

    format = Format.ABSOLUTE
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^Stage #[A-Z]*\d+(?::| Tourney ID \d+) .+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d",
                              head.lstrip("\ufeff "), re.M))

    def parse(self, hand_text: str) -> ParsedHand:
        return _Builder(hand_text).build()


class _Builder:
    def __init__(self, text: str):
        self.lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
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
        numbered = [(number, ln) for number, ln in enumerate(self.lines, 1) if ln.strip()]
        lines = [ln for _, ln in numbered]
        if not lines:
            raise self.fail(QuarantineReason.PARSE_ERROR, "empty hand text")
        m = _HEADER.match(lines[0].strip()) or _TOURNEY_HEADER.match(lines[0].strip())
        if not m:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Stage header: {lines[0][:120]!r}")
        self.hand_id = m.group("id")
        game_text = re.sub(r"\s*\([^)]*\)\s*$", "", m.group("game")).strip().lower()
        if game_text not in _GAMES:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {m.group('game')!r} is not supported")
        game = _GAMES[game_text]
        stakes = m.group("stakes")
        table = next((_TABLE.match(ln) for ln in lines[1:3] if _TABLE.match(ln)), None)
        table_kind = table.group("kind") if table else ""
        is_play = "Play Money" in table_kind
        is_tournament = "$" not in stakes and not is_play
        tournament_id = m.groupdict().get("tournament")
        if is_tournament or (is_play and re.fullmatch(r"[\d,/]+", stakes.replace("$", ""))):
            self.scale = 1
        else:
            self.scale = 100
        when = datetime.strptime(f"{m.group('date')} {m.group('time')}", "%Y-%m-%d %H:%M:%S")
        utc = None
        if m.group("zone") == "ET":
            utc = when.replace(tzinfo=_EASTERN).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.ULTIMATEBET if self.hand_id[0].isalpha() else Platform.ABSOLUTE,
            format=Format.ABSOLUTE,
            game=game,
            limit=_LIMITS[m.group("limit").title()],
            is_tournament=is_tournament,
            tournament_id=tournament_id,
            amount_scale=self.scale,
            currency="USD" if "$" in stakes and not is_play else None,
            start_time_raw=m.group("when"),
            start_time_utc=utc,
            hand_date=m.group("date"),
            table_name=table.group("name") if table else None,
            is_play_money=is_play,
        )
        if table and table.group("button") and game not in STUD_GAMES:
            hand.button_seat = int(table.group("button"))
        self.hand = hand
        self.read_body(numbered[1:])
        return hand

    def read_body(self, lines: list[tuple[int, str]]) -> None:
        """Read the numbered lines after the header (blank lines left out)."""
        hand = self.hand
        stud = hand.game in STUD_GAMES
        seats: dict[str, SeatRecord] = {}
        tracker = BetTracker()
        street = Street.PREDEAL
        seq = 0
        in_summary = False
        summary_seats: dict[int, str] = {}
        last_bet_street: dict[int, Street] = {}
        collect_lines: list[tuple[int, int, int | None, str]] = []
        names_sorted: list[str] = []
        saw_summary = False

        def add_action(seat: int | None, kind: ActionKind, amount: int | None = None, *, st: Street | None = None, all_in: bool = False) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, st or street, seat, kind, amount, all_in))

        for number, line in lines:
            text = line.strip()
            sm = _SEAT.match(text)
            if sm and not in_summary:
                rec = SeatRecord(seat=int(sm.group("seat")), player=sm.group("name"), stack=self.money(sm.group("stack")))
                seats[rec.player] = rec
                names_sorted = sorted(seats, key=len, reverse=True)
                continue
            if _TABLE.match(text):
                continue
            sec = _SECTION.match(text)
            if sec:
                name = sec.group("name").upper()
                if name == "SUMMARY":
                    in_summary = saw_summary = True
                    street = Street.SHOWDOWN
                    continue
                if name in ("SHOW DOWN", "SHOWDOWN"):
                    street = Street.SHOWDOWN
                    continue
                mapping = _STUD_STREETS if stud else _BOARD_STREETS
                if name not in mapping:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown section at line {number}: {text!r}")
                new_street = mapping[name]
                if new_street not in (Street.PREFLOP, Street.THIRD):
                    tracker.new_street()
                street = new_street
                if not stud and sec.group("cards"):
                    board = [card(c) for group in _BRACKETS.findall(sec.group("cards")) for c in group.split()]
                    hand.boards = [board]
                continue
            if in_summary:
                tm = _TOTALS.match(text)
                if tm:
                    hand.total_pot_printed = self.money(tm.group("amount"))
                    for fee in _FEE.finditer(tm.group("rest")):
                        label, value = fee.group("name").strip(), self.money(fee.group("amount"))
                        if label.lower() == "rake":
                            hand.rake = value
                        else:
                            hand.fee_detail[label.lower().replace(" ", "_")] = value
                            hand.fees += value
                    continue
                ss = _SUMMARY_SEAT.match(text)
                if ss:
                    summary_seats[int(ss.group("seat"))] = text
                    mucked = re.search(r"\[Mucked\] \[([^\]]*)\]", text)
                    rec = next((r for r in seats.values() if r.seat == int(ss.group("seat"))), None)
                    if mucked and rec is not None:
                        rec.cards = self.cards(mucked.group(1))
                        rec.mucked = True
                    continue
                if _SUMMARY_BOARD.match(text):
                    continue  # the board the street lines dealt, again
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {text!r}")
            if text.startswith("Dealt to "):
                who = self.name_at(text[len("Dealt to "):], names_sorted)
                if who is None:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"cards dealt to an unseated player: {text!r}")
                group = _BRACKETS.search(text[len("Dealt to ") + len(who):])
                if group:
                    seats[who].cards = self.cards(group.group(1))
                continue
            cm = _COLLECT.match(text)
            if cm:
                who = cm.group("rest")
                if who not in seats:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"pot paid to an unseated player: {text!r}")
                pot = 0 if cm.group("pot") == "main pot" else (int(cm.group("side")) if cm.group("side") else None)
                collect_lines.append((seats[who].seat, self.money(cm.group("amount")), pot, line))
                continue
            who = self.name_at(text, names_sorted)
            if who is None or not text[len(who):].startswith(" - "):
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {text!r}")
            rec = seats[who]
            # "(Preselection)": the client acted on a button the player had chosen in advance
            rest = text[len(who) + 3:].strip().removesuffix(" (Preselection)")
            for kind, rx in _ACTIONS:
                am = rx.match(rest)
                if am:
                    break
            else:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected action at line {number}: {text!r}")
            seat = rec.seat
            amount = self.money(am.group("amount")) if "amount" in am.groupdict() and am.group("amount") else None
            if kind in ("sb", "bb", "post"):
                tracker.add(seat, amount)
                if kind == "sb":
                    hand.small_blind = max(hand.small_blind or 0, amount)
                elif kind == "bb":
                    hand.big_blind = max(hand.big_blind or 0, amount)
                add_action(seat, {"sb": ActionKind.POST_SMALL_BLIND, "bb": ActionKind.POST_BIG_BLIND, "post": ActionKind.POST_BLIND}[kind], amount, st=Street.PREDEAL)
            elif kind in ("dead", "dead_total"):
                dead = self.money(am.group("dead"))
                if kind == "dead_total":
                    amount = (amount or 0) - dead
                    if amount < 0:
                        raise self.fail(QuarantineReason.BAD_AMOUNT, f"dead part above the post at line {number}: {text!r}")
                tracker.add(seat, amount)
                tracker.dead(seat, dead)
                add_action(seat, ActionKind.POST_BLIND, amount, st=Street.PREDEAL)
                add_action(seat, ActionKind.POST_DEAD, dead, st=Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat, amount)
                hand.ante = max(hand.ante or 0, amount)
                add_action(seat, ActionKind.POST_ANTE, amount, st=Street.PREDEAL)
            elif kind == "bring":
                tracker.add(seat, amount)
                hand.bring_in = amount
                add_action(seat, ActionKind.BRING_IN, amount, st=Street.PREDEAL)
            elif kind == "fold":
                rec.folded_street = street
                if am.group("cards"):  # "Fold & Show": the folder shows its cards as it folds
                    rec.cards = self.cards(am.group("cards"))
                add_action(seat, ActionKind.FOLD)
            elif kind == "check":
                add_action(seat, ActionKind.CHECK)
            elif kind in ("call", "bet"):
                tracker.add(seat, amount)
                last_bet_street[seat] = street
                add_action(seat, ActionKind.CALL if kind == "call" else ActionKind.BET, amount)
            elif kind == "raise":
                added = tracker.raise_to(seat, self.money(am.group("to")))
                if added != amount:
                    self.notes.append(f"{text!r}: raise adds {added}, the line says {amount}")
                last_bet_street[seat] = street
                add_action(seat, ActionKind.RAISE, added)
            elif kind == "allin":
                level = tracker.max_street_bet()
                added = tracker.raise_to(seat, self.money(am.group("to"))) if am.group("to") else amount
                if not am.group("to"):
                    tracker.add(seat, added)
                new_bet = tracker.street_bet(seat)
                act = ActionKind.CALL if new_bet <= level else (ActionKind.BET if level == 0 else ActionKind.RAISE)
                rec.all_in = True
                last_bet_street[seat] = street
                add_action(seat, act, added, all_in=True)
            elif kind == "timeout_allin":
                # A seat that times out stays in for what it has already put in, adding
                # nothing: the bet it faced comes back ``returned ... : not called``.
                rec.all_in = True
                add_action(seat, ActionKind.CALL, 0, all_in=True)
            elif kind == "sitout":
                rec.dealt_in = False
            elif kind == "returned":
                tracker.returned(seat, amount)
                add_action(seat, ActionKind.UNCALLED_RETURN, amount, st=last_bet_street.get(seat, street))
                hand.payouts.append(PayoutRecord(seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            elif kind == "pocket":
                pocket = self.cards(am.group("cards"))
                if len(pocket) >= len(rec.cards):
                    rec.cards = pocket
                rec.upcards = [c for c in pocket[2:6] if c]
            elif kind == "shows":
                rec.cards = self.cards(am.group("cards"))
                rec.showed = True
                add_action(seat, ActionKind.SHOW, st=Street.SHOWDOWN)
            elif kind == "mucks":
                rec.mucked = True
                if am.group("cards"):
                    rec.cards = self.cards(am.group("cards"))
                add_action(seat, ActionKind.MUCK, st=Street.SHOWDOWN)
            # "Does not show": the uncontested winner keeps its cards hidden.

        if not saw_summary:
            raise self.fail(QuarantineReason.TRUNCATED, "the hand ends before its *** SUMMARY ***")
        for rec in sorted(seats.values(), key=lambda r: r.seat):
            rec.contributed = tracker.contributed(rec.seat)
            hand.seats.append(rec)
        self.read_payouts(collect_lines, summary_seats)
        self.settle_rake()
        hand.notes.extend(self.notes)

    def name_at(self, text: str, names: list[str]) -> str | None:
        for name in names:
            if text.startswith(name) and (len(text) == len(name) or text[len(name)] == " "):
                return name
        return None

    def cards(self, text: str) -> list[str | None]:
        return [None if tok.upper() == "H" else card(tok) for tok in text.split()]

    def read_payouts(self, collect_lines: list[tuple[int, int, int | None, str]], summary: dict[int, str]) -> None:
        hand = self.hand
        hilo = hand.game in HILO_GAMES
        halves: dict[int, dict[str, int]] = {}
        for seat, text in summary.items():
            halves[seat] = {h.group("half"): self.money(h.group("amount")) for h in _SUMMARY_HALF.finditer(text)}
            total = _SUMMARY_TOTAL.search(text)
            collected = sum(a for s, a, _, _ in collect_lines if s == seat)
            if total and self.money(total.group("amount")) != collected:
                stated = self.money(total.group("amount"))
                hand.contradicts(f"summary says seat {seat} won {format_minor(stated, hand.amount_scale)}, "
                                 f"its Collects lines pay {format_minor(collected, hand.amount_scale)}",
                                 seat, collected, stated)
        labels = _label_halves(collect_lines, halves) if hilo else [Half.WHOLE] * len(collect_lines)
        for (seat, amount, pot, line), half in zip(collect_lines, labels):
            hand.payouts.append(PayoutRecord(seat, amount, pot, None, half, PayoutSource.POT, line))
        if hilo and Half.UNLABELLED in labels:
            self.notes.append("some Collects lines could not be matched to a half from the summary")

    def settle_rake(self) -> None:
        hand = self.hand
        paid = hand.paid_from_pots()
        if hand.is_tournament:
            if hand.rake is None:
                hand.rake, hand.rake_source = 0, RakeSource.INFERRED
                self.notes.append("tournament pots are not raked: rake 0")
        elif hand.rake is None:
            base = hand.total_pot_printed if hand.total_pot_printed is not None else hand.pot_total
            if base - paid - hand.fees >= 0:
                hand.rake, hand.rake_source = base - paid - hand.fees, RakeSource.INFERRED
                self.notes.append(
                    f"no Rake in the summary: rake inferred as Total Pot {base} minus paid {paid} minus fees {hand.fees}"
                )
            else:
                hand.rake_source = RakeSource.ABSENT
        if hand.total_pot_printed is not None and hand.total_pot_printed != hand.pot_total:
            self.notes.append(
                f"Total Pot {hand.total_pot_printed} differs from what the actions put in, {hand.pot_total}"
            )


def _label_halves(
    collect_lines: list[tuple[int, int, int | None, str]], halves: dict[int, dict[str, int]]
) -> list[Half]:
    """Halves for the Collects lines of a hi/lo hand, from the summary's HI:/LO: amounts.

    A seat paid only a high (or only a low) amount gets that label on all its lines; a
    seat paid both gets them where its lines' amounts match them one to one; anything
    else stays unlabelled.
    """
    labels: list[Half] = []
    for seat, amount, _pot, _line in collect_lines:
        won = halves.get(seat, {})
        hi, lo = won.get("HI", 0), won.get("LO", 0)
        if hi and not lo:
            labels.append(Half.HIGH)
        elif lo and not hi:
            labels.append(Half.LOW)
        else:
            labels.append(Half.UNLABELLED)
    for seat in {s for s, *_ in collect_lines}:
        idx = [i for i, (s, *_rest) in enumerate(collect_lines) if s == seat]
        won = halves.get(seat, {})
        hi, lo = won.get("HI", 0), won.get("LO", 0)
        if hi and lo and len(idx) == 2:
            a, b = (collect_lines[i][1] for i in idx)
            if (a, b) == (hi, lo):
                labels[idx[0]], labels[idx[1]] = Half.HIGH, Half.LOW
            elif (a, b) == (lo, hi):
                labels[idx[0]], labels[idx[1]] = Half.LOW, Half.HIGH
    return labels


PARSER = AbsoluteParser()
