"""Winning Poker Network / Americas Cardroom, the text format written since about 2017.

A hand looks like::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: Hero ($200.00)
    Hero posts the small blind $10.00
    *** HOLE CARDS ***
    Hero raises $30.00 to $40.00
    *** FLOP *** [5d 4h As]
    Main pot $79.20 | Rake $0.80
    ...
    Player0 collected $199.00 from main pot
    *** SUMMARY ***
    Total pot $199.00 | Rake $0.96 | JP Fee $0.04

Tournaments start ``Game Hand #N - Tournament #M - ...`` (a named one ``Game Hand #N -
$100k GTD Tournament #M - ...``, 2022) and print chips without ``$``.
Pay lines are ``collected X from main pot`` / ``from side pot-1``; run-it-twice hands say
``from main pot 1`` / ``from main pot 2`` (the run). The lines carry no hi/lo label, so a
split-pot game's payouts are ``unlabelled``. ``Total pot`` is after rake; the parts after
it (``Rake``, ``JP Fee``, ...) are what was taken, ``JP Fee`` going to ``fees``. The
running ``Main pot $199.00 | Rake $1.00`` lines print what has been taken so far, fees
included (that hand's summary: ``Rake $0.96 | JP Fee $0.04``), per pot and run. Some
summaries print a bare ``Total pot $0.17`` (hand 784383001, whose running lines say
``Rake $0.00``): the rake is then what the last running line of each pot and run prints,
less the fees; with no running line either (a walk) it is taken as 0, inferred.

A seat coming back posts its missed blinds in one line, ``posts dead $0.07`` at
$0.02/$0.05: the small and big blind together, the big blind live (the poster of hand
784383001 then checks the big blind) and the small one dead. A ``posts dead`` of any other
amount is quarantined: which part of it is live cannot be told.

Anomalies seen in real files and reported in ``notes``: a walk pays ``won $9.00`` only in
the summary (no ``collected`` line, no uncalled line: the big blind's unmatched part is
derived and returned); the run-it-twice summary can disagree with the ``collected`` lines
(the collected lines are the pay lines).

Every line is read or known to carry no money or cards: after a seat's name
``_SEAT_NO_MONEY`` (not showing, its status at the table, chat), a tournament's seat draw
dealt before the hand, and in the summary the total, the boards and one
``_SUMMARY_KNOWN`` line per seat. Any other line, in the summary too, fails the hand with
its line number.
"""

from __future__ import annotations

import re
from datetime import datetime

from rules.money import DOT, format_minor
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
from parsers.base import BetTracker, LineHandReader, TextParser, cards, leading_lines
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

_HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?:(?P<tname>[^()]*?) )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?)\s*\((?P<limit>[A-Za-z -]+)\) - "
    r"(?:Level \S+ \((?P<lsb>[\d.,]+)/(?P<lbb>[\d.,]+)\)\s*|(?P<stakes>\S+))\s*-\s*"
    r"(?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})(?: (?P<zone>[A-Z]+))?\s*$"
)
_TABLE = re.compile(r"^(?P<name>.*?) (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_POT_LINE = re.compile(
    r"^(?P<kind>Main pot|Side pot\((?P<side>\d+)\))(?: (?P<run>\d+))? (?P<amount>[$\d.,]+)(?: \| Rake (?P<rake>[$\d.,]+))?\s*$"
)
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+?)\s*$")
_COLLECTED = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>[$\d.,]+) from (?:main pot|side pot-(?P<side>\d+))(?: (?P<run>\d+))?\s*$"
)
_TOTAL = re.compile(r"^Total pot (?P<amount>[$\d.,]+)(?P<parts>(?: \| [^|]+)*)\s*$")
_SUMMARY_WON = re.compile(r"^Seat (?P<seat>\d+): .*? won (?P<amount>[$\d.,]+)")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: a seat that does not show, its status at the table, chat.
# In the summary, besides ``Total pot``: the boards and one line per seat (folded, showed
# or mucked, won or lost; its cards and ``won`` are read, the pay lines are the record).
_SEAT_NO_MONEY = re.compile(
    r"^(?:does not show(?: cards)?\.?|is sitting out|sits out|waits for big blind|is disconnected|has returned|"
    r"has timed out|is timed out|"
    r"joins the table(?: at seat #\d+)?|leaves the table|said\b.*)$"
)
_SUMMARY_KNOWN = re.compile(
    r"^(?:Board(?: \d+)? \[[^\]]*\]|Seat \d+: .+? (?:folded on the [\w-]+(?: Street)?(?: and did not bet)?|"
    r"showed \[[^\]]*\] and (?:won [$\d.,]+|lost)(?: with .*)?|mucked \[[^\]]*\].*|did not show and won [$\d.,]+))$"
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")

_GAMES: dict[str, Game] = {
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha h/l": Game.OMAHA_HILO,
    "5card omaha": Game.OMAHA5,
    "5card omaha h/l": Game.OMAHA5_HILO,
    "5 card omaha": Game.OMAHA5,
    "5 card omaha h/l": Game.OMAHA5_HILO,
    "7stud": Game.STUD,
    "7stud h/l": Game.STUD_HILO,
    "7 stud": Game.STUD,
    "7 stud h/l": Game.STUD_HILO,
    "razz": Game.RAZZ,
}
_LIMITS = {"no limit": Limit.NO, "pot limit": Limit.POT, "fixed limit": Limit.FIXED}
_SPLIT_GAMES = {Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.STUD_HILO}
_STUD_GAMES = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_STUD_STREETS = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
                 "6th": Street.SIXTH, "7th": Street.SEVENTH}
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_FORCED = {
    "the small blind": ActionKind.POST_SMALL_BLIND,
    "the big blind": ActionKind.POST_BIG_BLIND,
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "dead blind": ActionKind.POST_DEAD,
    "dead small blind": ActionKind.POST_DEAD,
    "straddle": ActionKind.POST_BLIND,
    "blind": ActionKind.POST_BLIND,
}
_ACTION = re.compile(
    r"^(?P<verb>posts (?P<forced>the small blind|the big blind|small blind|big blind|ante|dead small blind|dead blind|dead|straddle|blind)"
    r"|posts|brings in|bets|calls|raises|caps|checks|folds)"
    r"(?: (?P<amount>\S+))?(?: to (?P<to>\S+))?(?P<allin> and is all-in)?\s*$"
)


class WinningPokerParser(TextParser):
    """Americas Cardroom / Winning Poker Network text hands (``Hand #N - ...``)."""

    format = Format.WINNINGPOKER
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (caps, a bare post, waits for big blind, hyphenated limits)
    version = "2"
    hand_start = re.compile(r"^\ufeff*(?:Game )?Hand #\d+ - ", re.M)

    def sniff(self, head: str) -> bool:
        return bool(_HEADER.match(leading_lines(head, 1)[0]))

    def parse(self, hand_text: str) -> ParsedHand:
        return _HandReader(hand_text).read()


class _HandReader(LineHandReader):
    """One pass over one hand's lines."""

    convention = DOT

    def seat_of(self, name: str) -> int:
        seat = self.by_name.get(name)
        if seat is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: no seat for player {name!r}")
        return seat

    def split_name(self, line: str) -> tuple[int, str] | None:
        """The seat whose name starts ``line`` (longest name first), and the rest."""
        for name in self.names_longest_first:
            if line.startswith(name + " "):
                return self.by_name[name], line[len(name) + 1 :]
        return None

    def read(self) -> ParsedHand:
        lines = [ln for ln in self.lines]
        skipped = 0  # blank lines before the header: line numbers count them
        while lines and not lines[0].strip():
            lines.pop(0)
            skipped += 1
        if not lines:
            raise self.fail(QuarantineReason.PARSE_ERROR, "empty hand text")
        m = _HEADER.match(lines[0].lstrip("\ufeff"))
        if not m:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a Winning Poker header: {lines[0][:120]!r}")
        self.hand_id = m["id"]
        game_key = re.sub(r"\s+", " ", m["game"].strip().lower())
        game = _GAMES.get(game_key)
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"hand {self.hand_id}: unknown game {m['game']!r}")
        limit = _LIMITS.get(m["limit"].strip().lower())
        is_tournament = m["tid"] is not None
        stakes = m["stakes"] or ""
        self.scale = 1 if is_tournament else 100
        currency = None if is_tournament else ("USD" if "$" in stakes else None)
        raw_time = m["date"] + (f" {m['zone']}" if m["zone"] else "")
        when = datetime.strptime(m["date"], "%Y/%m/%d %H:%M:%S")
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.WINNINGPOKER,
            format=Format.WINNINGPOKER,
            game=game,
            limit=limit,
            is_tournament=is_tournament,
            amount_scale=self.scale,
            currency=currency,
            tournament_id=m["tid"],
            start_time_raw=raw_time,
            start_time_utc=when.strftime("%Y-%m-%dT%H:%M:%SZ") if m["zone"] == "UTC" else None,
            hand_date=when.strftime("%Y-%m-%d"),
        )
        if not is_tournament and "$" not in stakes:
            hand.is_play_money = True
            hand.currency = None
            if "." in stakes:
                hand.notes.append("play money with fractional stakes: amounts in hundredths")
            else:
                self.scale = hand.amount_scale = 1
        if m["lsb"]:
            hand.small_blind, hand.big_blind = self.amount(m["lsb"]), self.amount(m["lbb"])
        elif stakes and game not in _STUD_GAMES:
            small, _, big = stakes.partition("/")
            hand.small_blind, hand.big_blind = self.amount(small), self.amount(big)

        self.by_name: dict[str, int] = {}
        seats: dict[int, SeatRecord] = {}
        index = 1
        if index < len(lines) and (t := _TABLE.match(lines[index])):
            hand.table_name = t["name"].strip().strip("'")
            hand.max_seats = int(t["max"])
            hand.button_seat = int(t["button"]) if t["button"] else None
            index += 1
        while index < len(lines) and (s := _SEAT.match(lines[index])):
            seat = int(s["seat"])
            stack_text = s["stack"].split(",")[0].strip()
            record = SeatRecord(seat=seat, player=s["name"], stack=self.amount(stack_text))
            if "sitting out" in (s["rest"] + s["stack"]).lower():
                record.dealt_in = False
            seats[seat] = record
            self.by_name[s["name"]] = seat
            index += 1
        if not seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: no seat lines")
        self.names_longest_first = sorted(self.by_name, key=len, reverse=True)
        hand.seats = list(seats.values())

        tracker = BetTracker()
        is_stud = game in _STUD_GAMES
        street = Street.PREDEAL
        seq = 0
        boards: dict[int, list[str]] = {}
        pots: dict[tuple[int, int], int] = {}
        running_rake: dict[tuple[int, int], int] = {}
        printed_uncalled: set[int] = set()
        summary_won: dict[int, int] = {}
        summary_lines: dict[int, str] = {}
        in_summary = False
        saw_summary = False
        waiting: set[int] = set()  # seats that "wait for big blind"
        dealt_started = is_stud

        def act(seat: int | None, kind: ActionKind, amount: int | None = None, all_in: bool = False) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, street, seat, kind, amount, all_in))

        for number, line in enumerate(lines[index:], skipped + index + 1):
            if not line.strip():
                continue
            sm = _STREET.match(line)
            if sm:
                label = sm["label"].strip()
                word, _, run_text = label.partition(" ")
                if label == "SUMMARY":
                    in_summary = saw_summary = True
                elif label == "HOLE CARDS":
                    street, dealt_started = Street.PREFLOP, True
                elif word in _BOARD_STREETS:
                    run = int(run_text) if run_text.isdigit() else 1
                    new_street = _BOARD_STREETS[word]
                    if new_street != street:
                        tracker.new_street()
                    street = new_street
                    found = [c for grp in _BRACKETS.findall(sm["rest"]) for c in cards(grp)]
                    boards[run] = [c for c in found if c is not None]
                elif word.lower() in _STUD_STREETS and label.lower().endswith("street"):
                    new_street = _STUD_STREETS[word.lower()]
                    if new_street != street and street != Street.PREDEAL:
                        tracker.new_street()
                    street = new_street
                elif label.startswith("SHOW DOWN") or label == "RUN IT TWICE":
                    pass
                else:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: unknown street line {number}: {line!r}")
                continue
            if in_summary:
                tm = _TOTAL.match(line)
                if tm:
                    hand.total_pot_printed = self.amount(tm["amount"])
                    hand.rake = 0
                    rake_seen = False
                    for part in filter(None, (p.strip() for p in tm["parts"].split("|"))):
                        pm = re.match(r"^(?P<name>.+?) (?P<amount>[$\d.,]+)$", part)
                        if not pm:
                            raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: summary part {part!r}")
                        value = self.amount(pm["amount"])
                        if pm["name"] == "Rake":
                            hand.rake, rake_seen = value, True
                        else:
                            key = re.sub(r"\W+", "_", pm["name"].strip().lower())
                            hand.fee_detail[key] = hand.fee_detail.get(key, 0) + value
                            hand.fees += value
                    hand.rake_source = RakeSource.PRINTED
                    taken = sum(running_rake.values())
                    if not rake_seen and running_rake and taken >= hand.fees:
                        hand.rake = taken - hand.fees
                        hand.notes.append(
                            f"no Rake on the Total pot line: rake {format_minor(hand.rake, self.scale)} from the "
                            "last running pot lines (what they print as Rake includes the fees)")
                    elif not rake_seen:
                        hand.rake_source = RakeSource.INFERRED
                        hand.notes.append("no Rake on the Total pot line: rake taken as 0")
                    continue
                wm = _SUMMARY_WON.match(line)
                if wm:
                    seat = int(wm["seat"])
                    summary_won[seat] = summary_won.get(seat, 0) + self.amount(wm["amount"])
                    summary_lines.setdefault(seat, line)
                sl = re.match(r"^Seat (\d+): .*?(?:showed|mucked) \[([^\]]*)\]", line)
                if sl and int(sl[1]) in seats:
                    record = seats[int(sl[1])]
                    shown = cards(sl[2])
                    if len(shown) >= len(record.cards):
                        record.cards = shown
                    if " mucked " in line:
                        record.mucked = True
                if not _SUMMARY_KNOWN.match(line):
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: unexpected summary line {number}: {line!r}")
                continue
            pm = _POT_LINE.match(line)
            if pm:
                pot_index = int(pm["side"]) if pm["side"] else 0
                run = int(pm["run"]) if pm["run"] else 1
                pots[(pot_index, run)] = self.amount(pm["amount"])
                if pm["rake"]:
                    running_rake[(pot_index, run)] = self.amount(pm["rake"])
                continue
            um = _UNCALLED.match(line)
            if um:
                seat = self.seat_of(um["name"])
                value = self.amount(um["amount"])
                tracker.returned(seat, value)
                act(seat, ActionKind.UNCALLED_RETURN, value)
                printed_uncalled.add(seat)
                hand.payouts.append(PayoutRecord(seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
                continue
            cm = _COLLECTED.match(line)
            if cm:
                seat = self.seat_of(cm["name"])
                hand.payouts.append(
                    PayoutRecord(
                        seat,
                        self.amount(cm["amount"]),
                        int(cm["side"]) if cm["side"] else 0,
                        int(cm["run"]) if cm["run"] else None,
                        Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE,
                        PayoutSource.POT,
                        line,
                    )
                )
                continue
            if line.startswith("Dealt to "):
                found = self.split_name(line[len("Dealt to ") :])
                if found is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: dealt to unknown player: {line!r}")
                seat, rest = found
                groups = [cards(g) for g in _BRACKETS.findall(rest)]
                if not dealt_started:
                    continue  # tournament seat draw for the button, before the hand
                record = seats[seat]
                if is_stud:
                    self._stud_deal(record, groups, street)
                else:
                    record.cards = [c for g in groups for c in g]
                continue
            found = self.split_name(line)
            if found is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: unexpected line {number}: {line!r}")
            seat, rest = found
            record = seats[seat]
            am = _ACTION.match(rest)
            if am:
                verb = am["verb"]
                all_in = bool(am["allin"])
                record.all_in = record.all_in or all_in
                if am["forced"] == "dead":
                    # both missed blinds in one amount: only the big blind is live (module docstring)
                    value = self.amount(am["amount"])
                    if hand.big_blind is None or value != hand.small_blind + hand.big_blind:
                        blinds = "no blinds in the header" if hand.big_blind is None else (
                            f"{format_minor(hand.small_blind, self.scale)} + {format_minor(hand.big_blind, self.scale)}")
                        raise self.fail(QuarantineReason.PARSE_ERROR,
                                        f"hand {self.hand_id}: {line!r} is not the small and big blind together "
                                        f"({blinds}): which part is live is unknown")
                    tracker.add(seat, hand.big_blind)
                    act(seat, ActionKind.POST_BLIND, hand.big_blind, all_in)
                    tracker.dead(seat, hand.small_blind)
                    act(seat, ActionKind.POST_DEAD, hand.small_blind, all_in)
                elif am["forced"]:
                    kind = _FORCED[am["forced"]]
                    value = self.amount(am["amount"])
                    if kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                        tracker.dead(seat, value)
                        if kind == ActionKind.POST_ANTE:
                            hand.ante = hand.ante or value
                    else:
                        tracker.add(seat, value)
                    act(seat, kind, value, all_in)
                elif verb == "posts":
                    # a bare post (a seat coming in out of turn): live, like a big blind
                    value = self.amount(am["amount"])
                    tracker.add(seat, value)
                    act(seat, ActionKind.POST_BLIND, value, all_in)
                elif verb == "brings in":
                    value = self.amount(am["amount"])
                    tracker.add(seat, value)
                    hand.bring_in = hand.bring_in or value
                    act(seat, ActionKind.BRING_IN, value, all_in)
                elif verb == "folds":
                    record.folded_street = street
                    act(seat, ActionKind.FOLD)
                elif verb == "checks":
                    act(seat, ActionKind.CHECK)
                elif verb == "calls" or verb == "bets":
                    value = self.amount(am["amount"])
                    tracker.add(seat, value)
                    act(seat, ActionKind.CALL if verb == "calls" else ActionKind.BET, value, all_in)
                elif verb == "caps":
                    # a "(Cap)" table's bet up to the hand's cap: like the older format's
                    # "caps (X)", X is what the seat adds
                    value = self.amount(am["amount"])
                    tracker.add(seat, value)
                    act(seat, ActionKind.RAISE, value, all_in)
                else:  # raises X to Y: Y is the seat's total this street
                    target = self.amount(am["to"] or am["amount"])
                    added = tracker.raise_to(seat, target)
                    act(seat, ActionKind.RAISE, added, all_in)
                continue
            if rest.startswith("shows "):
                record.showed = True
                shown = _BRACKETS.search(rest)
                if shown:
                    got = cards(shown[1])
                    if len(got) >= len(record.cards):
                        record.cards = got
                act(seat, ActionKind.SHOW)
                continue
            if rest.startswith("mucks"):
                record.mucked = True
                act(seat, ActionKind.MUCK)
                continue
            if _SEAT_NO_MONEY.match(rest):
                if rest == "waits for big blind":
                    waiting.add(seat)
                continue
            raise self.fail(QuarantineReason.PARSE_ERROR, f"hand {self.hand_id}: unexpected line {number}: {line!r}")

        for seat in waiting - {a.seat for a in hand.actions}:
            seats[seat].dealt_in = False  # sat this hand out, waiting for its big blind
        if not saw_summary:
            raise self.fail(QuarantineReason.TRUNCATED, f"hand {self.hand_id}: no *** SUMMARY *** (hand cut off)")

        for seat, value in tracker.seats().items():
            seats[seat].contributed = value
        hand.boards = [boards[r] for r in sorted(boards)]
        if pots:
            by_pot: dict[int, int] = {}
            for (pot_index, _run), value in pots.items():
                by_pot[pot_index] = by_pot.get(pot_index, 0) + value
            hand.pots_printed = [by_pot[k] for k in sorted(by_pot)]
            hand.pots_printed_net = True

        pot_payouts = [p for p in hand.payouts if p.source == PayoutSource.POT]
        if not pot_payouts and summary_won:
            # A walk: the summary's "won" is the only pay line.
            for seat, value in summary_won.items():
                hand.payouts.append(
                    PayoutRecord(seat, value, 0, None,
                                 Half.UNLABELLED if game in _SPLIT_GAMES else Half.WHOLE,
                                 PayoutSource.POT, summary_lines[seat])
                )
            hand.notes.append("no collected line: payouts taken from the summary's 'won' lines")
        elif summary_won:
            hand.contradicts_summary(summary_won)
        _return_unmatched(hand, printed_uncalled)
        if not hand.reconciles():
            hand.notes.append(_shortfall(hand))
        return hand

    def _stud_deal(self, record: SeatRecord, groups: list[list[str | None]], street: Street) -> None:
        """``Dealt to X [old] [new]``: the last group is what was dealt this street."""
        if not groups:
            return
        new = groups[-1]
        if street == Street.THIRD:
            if len(new) == 1:
                record.cards = [None, None, new[0]]
                record.upcards = [c for c in new if c]
            else:
                record.cards = list(new)
                record.upcards = [c for c in new[2:] if c]
            return
        record.cards = list(record.cards) + list(new)
        if street != Street.SEVENTH:
            record.upcards = record.upcards + [c for c in new if c]


def _return_unmatched(hand: ParsedHand, printed: set[int]) -> None:
    """Money one seat bet beyond every other seat can only go back to it.

    When the history prints no uncalled line for it (a walk), record the return and
    take it out of the pay line that handed it back. A dead blind is no bet: it stays in
    the pot, so it is left out of the comparison."""
    dead: dict[int, int] = {}
    for action in hand.actions:
        if action.kind == ActionKind.POST_DEAD and action.amount:
            dead[action.seat] = dead.get(action.seat, 0) + action.amount
    live = {s.seat: s.contributed - dead.get(s.seat, 0) for s in hand.seats}
    ranked = sorted(hand.seats, key=lambda s: live[s.seat], reverse=True)
    if len(ranked) < 2 or live[ranked[0].seat] <= live[ranked[1].seat]:
        return
    top = ranked[0]
    if top.seat in printed:
        return
    excess = live[top.seat] - live[ranked[1].seat]
    pays = [p for p in hand.payouts if p.seat == top.seat and p.source == PayoutSource.POT]
    if not pays or pays[0].amount < excess:
        return
    pays[0].amount -= excess
    top.contributed -= excess
    hand.payouts.insert(hand.payouts.index(pays[0]),
                        PayoutRecord(top.seat, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, pays[0].line))
    hand.actions.append(ActionRecord(len(hand.actions) + 1, hand.actions[-1].street if hand.actions else Street.PREDEAL,
                                     top.seat, ActionKind.UNCALLED_RETURN, excess))
    hand.notes.append(
        f"seat {top.seat}'s unmatched {excess} is not printed as returned; it is part of the pay line "
        f"{pays[0].line!r} and recorded as an uncalled return"
    )


def _shortfall(hand: ParsedHand) -> str:
    paid = hand.paid_from_pots()
    return (
        f"history does not add up: seats put in {hand.pot_total}, pay lines pay {paid}, "
        f"rake {hand.rake}, fees {hand.fees}"
    )


PARSER = WinningPokerParser()
