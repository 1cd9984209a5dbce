"""Unibet (Relax Gaming client) text hands.

A hand looks like::

    Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
    *** Seated players ***
    Seat 1: Player0 (€5.15)
    *** Blinds and button ***
    Player4 has the button
    Player0 posts small blind €0.05
    *** Hole cards ***
    Dealt to Hero [Ac 7c]
    *** Preflop ***
    Hero raises €0.95 to €0.95, and is all-in
    Hero wins €1.10
    *** Summary ***
    Total pot €1.10 Rake €0
    Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15

Amounts carry the table currency's symbol and a decimal point. ``raises X to Y`` makes
the seat's street total Y. Uncalled bets are not printed: the unmatched part is inside
the winner's ``wins`` line (``Total pot`` counts it too), so it is derived and split off
that line as an uncalled return; except in 2022 files, which print ``Uncalled bet returned
to X: €2.02`` and leave it out of ``wins`` and ``Total pot``. The time has no zone (``start_time_utc`` None).

The game is read from its whole name after the limit (``Banzai`` names a kind of table):
a name that only contains ``Hold'Em`` or ``Omaha`` is ``unsupported_game``.

The 2026 export opens with ``=== HAND HISTORIES ===`` (joined to the first hand) and
writes the same body under another header, the table on a line of its own::

    Unibet Hand #1558006027 - 0.03/0.05 - Pot Limit Omaha - UTC 21:59:40 2026/06/05
    Table "86113818" 6-max
    Seat 1: Player0 (€0) (sitting out)

or, in a tournament (chips, scale 1; ``tournament_id`` is the ``Tournament #``)::

    Unibet Hand #1558006464, Tournament #85614762, €0.93 + €0.07 - 25.00/50.00 - No Limit Hold'Em - Total prize €4 - UTC 21:59:56 2026/06/05

Its time is UTC. A tournament prints no rake (rake 0, inferred). A hand with no ``wins``
line pays nobody what was put in: such a history stops before the hand's result (in the
2026 sample, a hand stops where the viewer folded: the other seats' actions and summary
lines are missing), so it is quarantined as truncated rather than audited.

Every line is read or known to carry no money or cards: ``Dealt in NAME`` (2026: a seat
dealt in, its cards unseen) and, in the summary, ``Total pot``, ``Board`` and one
``Seat N: NAME: bet X and won Y, net result: Z`` per seat. Any other line, in the
summary too, and cards dealt to no seat, fail the hand with the line's number.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterator

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
from parsers.base import (
    BetTracker,
    HandScope,
    TextParser,
    cards,
    hand_text_lines,
    leading_lines,
    split_joining_chatter,
)
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

_NUM = r"[€$£]?-?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    rf"^Game #(?P<id>\d+): (?P<table>.+?) - (?P<small>{_NUM})/(?P<big>{_NUM}) - (?P<game>.+?) - "
    rf"(?P<time>\d{{1,2}}:\d{{2}}:\d{{2}}) (?P<date>\d{{4}}/\d{{2}}/\d{{2}})\s*$"
)
_HEADER_2026 = re.compile(
    rf"^Unibet Hand #(?P<id>\d+)(?:, Tournament #(?P<tournament>\d+), .+?)? - "
    rf"(?P<small>{_NUM})/(?P<big>{_NUM}) - (?P<game>.+?)(?: - Total prize {_NUM})? - "
    rf"UTC (?P<time>\d{{1,2}}:\d{{2}}:\d{{2}}) (?P<date>\d{{4}}/\d{{2}}/\d{{2}})\s*$"
)
_BANNER = re.compile(r"^=== HAND HISTORIES ===\s*$")
_FILE_OPENING = re.compile(r"^(?:\s|\ufeff|=== HAND HISTORIES ===)*$")
_TABLE = re.compile(r'^Table "(?P<name>[^"]*)"(?: (?P<max>\d+)-max)?\s*$')
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_NUM})\)(?P<out> \(sitting out\))?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_ACTION = re.compile(
    rf"^(?P<verb>posts small blind|posts big blind|posts ante|posts dead blind|posts blind|posts|bets|calls|raises|checks|folds)"
    rf"(?: (?P<amount>{_NUM}))?(?: to (?P<to>{_NUM}))?(?P<allin>,? and is all-in)?\s*$"
)
_WINS = re.compile(rf"^(?P<name>.+?) wins (?P<amount>{_NUM})(?: from (?:the )?(?:(?P<main>main pot)|side pot (?P<side>\d+)|pot))?\s*$")
# 2022 files print the return (``Uncalled bet returned to X: €2.02``), and the winner's
# ``wins`` line then holds the pot alone (its summary ``won`` adds the two).
_UNCALLED = re.compile(rf"^Uncalled bet returned to (?P<name>.+?): (?P<amount>{_NUM})\s*$")
_TOTAL = re.compile(rf"^Total pot (?P<amount>{_NUM})(?: Rake (?P<rake>{_NUM}))?\s*$")
# The summary's line per seat repeats what the action lines put in and paid; with
# ``Total pot`` and ``Board`` it is all a summary is known to hold.
_SUMMARY_SEAT = re.compile(rf"^Seat \d+: .+: bet {_NUM} and won {_NUM}, net result: -?{_NUM}\s*$")
_LIMITS = [("no limit", Limit.NO), ("pot limit", Limit.POT), ("fixed limit", Limit.FIXED)]
# A whole game name, after its limit: a word in it is not enough ("Six Plus Hold'Em" is
# not Hold'em). "Banzai" names a kind of table, not another game.
_GAME_NAME = re.compile(
    r"^(?:(?:no|pot|fixed) limit )?(?P<name>hold'?em|omaha|omaha hi[-/]?lo)(?: banzai)?$", re.I
)
_GAMES = {"holdem": Game.HOLDEM, "hold'em": Game.HOLDEM, "omaha": Game.OMAHA,
          "omaha hilo": Game.OMAHA_HILO, "omaha hi-lo": Game.OMAHA_HILO, "omaha hi/lo": Game.OMAHA_HILO}
_BOARD = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_CURRENCY = {"€": "EUR", "£": "GBP", "$": "USD"}
_KINDS = {
    "posts small blind": ActionKind.POST_SMALL_BLIND,
    "posts big blind": ActionKind.POST_BIG_BLIND,
    "posts ante": ActionKind.POST_ANTE,
    "posts dead blind": ActionKind.POST_DEAD,
    "posts blind": ActionKind.POST_BLIND,
    "posts": ActionKind.POST_BLIND,
}


class UnibetParser(TextParser):
    """Unibet (``Game #N: Table ... - 0.05/0.10 - No Limit Hold'Em - time date``, 2026 ``Unibet Hand #N``)."""

    format = Format.UNIBET
    hand_start = re.compile(r"^\ufeff*(?:Game #\d+: |Unibet Hand #\d+[ ,])", re.M)

    def sniff(self, head: str) -> bool:
        lines = [line for line in leading_lines(head, 6) if line.strip() and not _BANNER.match(line)]
        if len(lines) < 2:
            return False
        if _HEADER.match(lines[0]):
            return lines[1].startswith("*** Seated players ***")
        return bool(_HEADER_2026.match(lines[0]) and _TABLE.match(lines[1]))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_joining_chatter(self.hand_start, _FILE_OPENING, text)

    def parse(self, hand_text: str) -> ParsedHand:
        return _read(hand_text)


def _read(text: str) -> ParsedHand:
    numbered = [(number, line) for number, line in enumerate(hand_text_lines(text), 1) if line.strip()]
    while numbered and _BANNER.match(numbered[0][1]):
        numbered.pop(0)
    lines = [line for _, line in numbered]
    scope = HandScope(DOT)
    fail, amount = scope.fail, scope.amount

    m = (_HEADER.match(lines[0]) or _HEADER_2026.match(lines[0])) if lines else None
    if not m:
        raise fail(QuarantineReason.PARSE_ERROR, f"not a Unibet header: {lines[0][:120] if lines else ''!r}")
    hand_id = scope.hand_id = m["id"]
    named = _GAME_NAME.match(m["game"].strip())
    game = _GAMES[named["name"].lower()] if named else None
    if game is None:
        raise fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {m['game']!r}")

    is_2026 = m.re is _HEADER_2026
    tournament_id = m["tournament"] if is_2026 else None
    if tournament_id is not None:
        scope.scale = 1
    symbol = next((ch for ch in text[:2000] if ch in _CURRENCY), None)
    when = datetime.strptime(f"{m['date']} {m['time']}", "%Y/%m/%d %H:%M:%S")
    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.UNIBET,
        format=Format.UNIBET,
        game=game,
        limit=next((v for t, v in _LIMITS if t in m["game"].lower()), None),
        is_tournament=tournament_id is not None,
        tournament_id=tournament_id,
        amount_scale=scope.scale,
        currency=_CURRENCY.get(symbol) if symbol and tournament_id is None else None,
        small_blind=amount(m["small"]),
        big_blind=amount(m["big"]),
        start_time_raw=f"{'UTC ' if is_2026 else ''}{m['time']} {m['date']}",
        start_time_utc=when.strftime("%Y-%m-%dT%H:%M:%SZ") if is_2026 else None,
        hand_date=when.strftime("%Y-%m-%d"),
        table_name=None if is_2026 else m["table"].removeprefix("Table ").strip(),
    )
    seats: dict[int, SeatRecord] = {}
    by_name: dict[str, int] = {}
    tracker = BetTracker()
    street = Street.PREDEAL
    seq = 0
    board: list[str] = []
    in_summary = False
    wins: list[tuple[int, int, int | None, str]] = []
    names: list[str] = []

    def act(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False) -> None:
        nonlocal seq
        seq += 1
        hand.actions.append(ActionRecord(seq, street, seat, kind, value, all_in))

    def who(line: str) -> tuple[int, str] | None:
        for name in names:
            if line.startswith(name + " "):
                return by_name[name], line[len(name) + 1 :]
        return None

    for number, line in numbered[1:]:
        if sm := _STREET.match(line):
            label = sm["label"].strip().upper()
            if label == "SUMMARY":
                in_summary = True
            elif label == "PREFLOP":
                street = Street.PREFLOP
            elif label in _BOARD:
                tracker.new_street()
                street = _BOARD[label]
                got = [c for g in _BRACKETS.findall(sm["rest"]) for c in cards(g) if c]
                if got:
                    board = got
            elif label not in ("SEATED PLAYERS", "BLINDS AND BUTTON", "HOLE CARDS", "SHOWDOWN", "SHOW DOWN"):
                raise fail(QuarantineReason.PARSE_ERROR, f"unknown street line {number}: {line!r}")
            continue
        if in_summary:
            if tm := _TOTAL.match(line):
                hand.total_pot_printed = amount(tm["amount"])
                if tm["rake"] is not None:
                    hand.rake, hand.rake_source = amount(tm["rake"]), RakeSource.PRINTED
            elif line.startswith("Board"):
                found = _BRACKETS.search(line)
                if found:
                    board = [c for c in cards(found[1]) if c]
            elif not _SUMMARY_SEAT.match(line):
                raise fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {line!r}")
            continue
        if is_2026 and (tm := _TABLE.match(line)):
            hand.table_name = tm["name"]
            hand.max_seats = int(tm["max"]) if tm["max"] else None
            continue
        if s := _SEAT.match(line):
            seat = int(s["seat"])
            seats[seat] = SeatRecord(seat=seat, player=s["name"], stack=amount(s["stack"]), dealt_in=not s["out"])
            by_name[s["name"]] = seat
            names = sorted(by_name, key=len, reverse=True)
            continue
        if line.startswith("Dealt in "):
            if line[len("Dealt in "):].strip() not in by_name:
                raise fail(QuarantineReason.PARSE_ERROR, f"a player not seated is dealt in, line {number}: {line!r}")
            continue  # the 2026 export names every seat dealt in; their actions follow
        if line.startswith("Dealt to "):
            found = who(line[len("Dealt to ") :])
            dealt = _BRACKETS.search(found[1]) if found else None
            if not dealt:
                raise fail(QuarantineReason.PARSE_ERROR, f"cards dealt to no seat, line {number}: {line!r}")
            seats[found[0]].cards = cards(dealt[1])
            continue
        if um := _UNCALLED.match(line):
            seat = by_name.get(um["name"])
            if seat is None:
                raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {um['name']!r}")
            value = amount(um["amount"])
            tracker.returned(seat, value)
            act(seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            continue
        if wm := _WINS.match(line):
            seat = by_name.get(wm["name"])
            if seat is None:
                raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {wm['name']!r}")
            pot = int(wm["side"]) if wm["side"] else (0 if wm["main"] else None)
            wins.append((seat, amount(wm["amount"]), pot, line))
            continue
        found = who(line)
        if not found:
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
        seat, rest = found
        record = seats[seat]
        if rest == "has the button":
            hand.button_seat = seat
            continue
        if am := _ACTION.match(rest):
            verb = am["verb"]
            all_in = bool(am["allin"])
            record.all_in = record.all_in or all_in
            if verb in _KINDS:
                kind, value = _KINDS[verb], amount(am["amount"])
                if kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                    tracker.dead(seat, value)
                else:
                    tracker.add(seat, value)
                act(seat, kind, value, all_in)
            elif verb == "folds":
                record.folded_street = street
                act(seat, ActionKind.FOLD)
            elif verb == "checks":
                act(seat, ActionKind.CHECK)
            elif verb == "raises":
                act(seat, ActionKind.RAISE, tracker.raise_to(seat, amount(am["to"] or am["amount"])), all_in)
            else:
                value = amount(am["amount"])
                tracker.add(seat, value)
                act(seat, ActionKind.CALL if verb == "calls" else ActionKind.BET, value, all_in)
            continue
        if rest.startswith("shows"):
            record.showed = True
            found_cards = _BRACKETS.search(rest)
            if found_cards:
                record.cards = cards(found_cards[1])
            act(seat, ActionKind.SHOW)
            continue
        if rest.startswith("mucks"):
            record.mucked = True
            act(seat, ActionKind.MUCK)
            continue
        raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")

    if not in_summary:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off before *** Summary ***")
    if not seats:
        raise fail(QuarantineReason.PARSE_ERROR, "no seat lines")
    hand.seats = sorted(seats.values(), key=lambda r: r.seat)
    for seat_no, value in tracker.seats().items():
        seats[seat_no].contributed = value
    hand.boards = [board] if board else []
    if not wins and hand.pot_total:
        raise fail(QuarantineReason.TRUNCATED,
                   f"no 'wins' line: nobody is paid the {hand.pot_total} put in (the history stops before the result)")
    ranked = sorted(hand.seats, key=lambda r: r.contributed, reverse=True)
    excess = ranked[0].contributed - ranked[1].contributed if len(ranked) > 1 else 0
    for seat_no, value, pot, line in wins:
        if excess > 0 and seat_no == ranked[0].seat and value >= excess:
            ranked[0].contributed -= excess
            hand.payouts.append(PayoutRecord(seat_no, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            hand.actions.append(ActionRecord(seq + 1, street, seat_no, ActionKind.UNCALLED_RETURN, excess))
            hand.notes.append(f"uncalled {excess} is not printed: it is inside {line!r} (split off as returned)")
            value -= excess
            excess = 0
        if value:
            hand.payouts.append(PayoutRecord(seat_no, value, pot, None,
                                             Half.UNLABELLED if game == Game.OMAHA_HILO else Half.WHOLE,
                                             PayoutSource.POT, line))
    if hand.rake is None and hand.is_tournament:
        hand.rake, hand.rake_source = 0, RakeSource.INFERRED
        hand.notes.append("tournament pots are not raked: rake 0 (no Rake printed)")
    elif hand.rake is None:
        hand.rake_source = RakeSource.ABSENT
        hand.notes.append("rake not printed")
    if not hand.reconciles():
        hand.notes.append(
            f"history does not add up: put in {hand.pot_total}, paid {hand.paid_from_pots()}, rake {hand.rake}"
        )
    return hand


PARSER = UnibetParser()
