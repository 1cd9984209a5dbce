"""BetOnline (Chico network) text hands.

A hand looks like::

    BetOnline Poker Game #1606125823: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight Time
    Table '24' 10-Max, Seat #4 is the button
    Seat 4: Player0 (0.63 in chips) - The button
    Player0: ante processed 0.00
    Player8: posts small blind 0.01
    *** HOLE CARDS ***
    Player6: raises 0.04 to 0.04
    *** FLOP *** [5d Ad 4h]
    Player5: raises 1.48 to 1.48 and is all in
    Total pot 1.26 | Rake 0.22
    *** SHOW DOWN ***
    Player5 shows Qh Ac
    *** SUMMARY ***
    Total pot 2.49 | Rake 0.22
    Board [5d Ad 4h 5c 9s]
    Seat 2: Player1 showed [5s 4s] and won (2.49)

Other skins of the Chico network write the same dialect under their own name:
``PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - 2012/06/07 08:58 GMT Standard
Time``. The network deals the hands and numbers them in one series (BetOnline's own are
1073058326 in September 2012 and 1606125823 in 2016), so a skin's hand has platform
``betonline`` (its ``hand_key`` is the one a BetOnline player's copy of it would have) and a
note names the skin. Times may lack seconds. ``GMT Standard Time`` (Windows' name for UK
time, printed in June, when the UK is on summer time) does not say which offset applied:
``start_time_utc`` stays empty for it.

A seat printed ``- Sitting out`` that posts a live blind, acts or shows was dealt in
(PayNoRake's hand: ``Hero (25.00 in chips) - Sitting out`` posts the big blind and goes to
showdown).

Seats are numbered from 0 (``Seat 0: Hero``, ``Seat #0 is the button``); records use the
printed number + 1 everywhere (seats, button, summary lines), so that every seat number is
positive as settlement requires and the order around the table is kept. Pay lines keep the
printed text.

Amounts are in the table's currency without a symbol (``$`` appears only in the stakes).
Pay lines are ``X collected Y from pot`` where printed, else the summary's
``Seat N: X showed [..] and won (Y)`` or, for a pot won without a showdown,
``Seat N: X collected (Y)`` (the files seen print only the summary); a summary amount that
differs from a seat's collected lines is recorded as a contradiction. ``collected (0.00)``
(a seat still in that won nothing, or one not dealt in) pays nothing. ``calls X`` adds X;
``raises X to Y`` makes the seat's street total Y. Times are US Eastern (``Eastern Daylight
Time``, or ``EDT`` as the 2012 files write it).

Uncalled bets: some files print ``Uncalled bet (0.45) returned to X``; others (the 2012
Pot Limit table 'Weeds (Hi)') print nothing, and the bettor's next stack shows the
unmatched part came back (hand 1073064926: bets 3.77, an all-in call of 3.25, 0.52 back).
So when a street closes (at the next street or the summary) with no uncalled line printed
on it, the excess of its largest bet over the next largest is returned to its bettor, with
a note; a big blind nobody called is returned down to the small blind the same way (no
walk has been seen to say otherwise).

Tournaments (2011, 2016): ``BetOnline Poker Game #900218526: Tournament #3427473: Hold'em
$10.00/$20.00 - ...`` (stakes without parentheses, no limit named, so ``limit`` stays
empty), chips printed in hundredths (``4941.25 in chips``), no rake. A file may open with
``Tournament will start in a moment.`` and a hand may hold the client's ``Joined table
during game.  History will only be recorded from the next hand.`` (the hand is whole).
The 2011 files print the summary's first lines twice (a voluntary ``X shows`` among them)
and ``collected (0.00)`` for a seat that posted, did and held nothing: such a seat is not
dealt in. A button printed at a seat number where nobody sits is not recorded.

``X: post dead 0.50`` (at $0.25/$0.50) is the big blind, live, plus the small blind, dead,
which is not printed: the total pot and rake add up only with it (hands 1002134798 and
900203618, whose ``post dead 0.00`` is the same post with its live part misprinted).

``X: post now 0.10`` is a new player's blind, and it is live: the poster checks when the
action comes round, and calls only the rest of a raise (hand 1073064152: post now 0.10,
raise to 0.75, ``calls 0.65``). ``X joins the table at seat #3`` (the newcomer, seated from
the next hand, may chat before it) is skipped; ``X has left the table`` makes a seat still
in the hand that is not all in fold there (a busted seat with 0.00 in chips leaves without
a fold line, and would otherwise look like a contender).

Every line is read or known to carry no money or cards: the summary holds ``Total pot``,
``Board``, the seat lines that win (``won (X)``, ``collected (X)``) and those that do not
(``_SUMMARY_NO_WIN``: folded, did not win, mucked); joins, departures and chat may come
anywhere, and after a seat's name ``_SEAT_NO_MONEY`` (sitting out, timeouts,
disconnections, ``does not show``, chat). Any other line, in the summary too, fails the
hand with its line number, as do cards ``Dealt to`` no seat.

Anomaly in the corpus sample (hand 1606125823): three seats all in, 3.97 put in, the
summary pays 2.49 with rake 0.22, and a ``Total pot 1.26 | Rake 0.22`` line printed before
the showdown is exactly the missing amount; ``notes`` say so and the hand does not
reconcile.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

from parsers.base import (
    BetTracker,
    HandScope,
    TextParser,
    cards,
    hand_text_lines,
    leading_lines,
    split_joining_chatter,
    unprinted_uncalled_note,
)
from rules.games import SPLIT_GAMES
from rules.money import DOT
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord
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

_NUM = r"\$?\d[\d,]*(?:\.\d+)?"
_SKINS = r"BetOnline Poker|PayNoRake"
_HEADER = re.compile(
    rf"^(?P<skin>{_SKINS}) (?:Game|Hand) #(?P<id>\d+):\s+(?:Tournament #(?P<tid>\d+)[:,]?\s+)?(?P<game>.+?)\s+"
    rf"(?P<open>\()?(?P<small>{_NUM})/(?P<big>{_NUM})(?(open)\))\s+-\s+"
    rf"(?P<date>\d{{4}}/\d{{2}}/\d{{2}} \d{{1,2}}:\d{{2}}(?P<seconds>:\d{{2}})?)\s*(?P<zone>.*?)\s*$"
)
_TABLE = re.compile(r"^Table '(?P<name>[^']*)' (?P<max>\d+)-Max(?:, Seat #(?P<button>\d+) is the button)?")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_NUM}) in chips\)(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_ACTION = re.compile(
    rf"^(?P<verb>ante processed|posts small blind|posts big blind|posts dead blind|posts blind|post now|post dead|posts ante|"
    rf"brings in for|bets|calls|raises|checks|folds)(?: (?P<amount>{_NUM}))?(?: to (?P<to>{_NUM}))?"
    rf"(?P<allin> and is all.in)?\s*$"
)
_UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>{_NUM})\) returned to (?P<name>.+?)\s*$")
_COLLECTED = re.compile(rf"^(?P<name>.+?) collected (?P<amount>{_NUM}) from (?:the )?(?:(?P<main>main )?pot|side pot[- ]?(?P<side>\d+)?)\s*$")
# A tournament file (2011) opens with the client's notice before the first hand.
_PREAMBLE_LINE = re.compile(r"^[\s\ufeff]*Tournament will start in a moment\.[ \t]*(?:\r?\n)?")
_PREAMBLE = re.compile(r"^(?:[\s\ufeff]|Tournament will start in a moment\.)*$")
# The client's notice to a viewer seated mid-hand (2011, a tournament table move); the
# hand is printed whole all the same.
_JOINED_NOTICE = "Joined table during game.  History will only be recorded from the next hand."
_JOINS = re.compile(r"^.+ joins the table at seat #\d+\s*$")
_LEFT = re.compile(r"^(?P<name>.+?) has left the table\s*$")
_CHAT = re.compile(r'^.+ said ".*"\s*$')
_TOTAL = re.compile(rf"^Total pot (?P<amount>{_NUM})(?:.*?\| Rake (?P<rake>{_NUM}))?\s*$")
_WON = re.compile(rf"^Seat (?P<seat>\d+): .*? (?:won|collected) \((?P<amount>{_NUM})\)")
# Lines known to carry no money or cards, skipped on purpose (any other line fails the
# hand): a summary seat line that wins nothing, and what may follow a seated player's name
# about its presence or its chat. ``_JOINS``, ``_CHAT`` and ``_LEFT`` lines may come
# anywhere, the summary included.
_SUMMARY_NO_WIN = re.compile(
    r"^Seat \d+: .+? (?:folded (?:before Flop|on the \w+)|(?:showed|mucked) \[[^\]]*\](?: but)? did not win|"
    r"mucked(?: \[[^\]]*\])?|did not win)\s*$"
)
_SEAT_NO_MONEY = re.compile(r'^(?:is sitting out|sits out|has timed out|is disconnected|does not show|said ".*")\s*$')
_GAMES = [
    (re.compile(r"omaha hi[-/]?lo", re.I), Game.OMAHA_HILO),
    (re.compile(r"omaha", re.I), Game.OMAHA),
    (re.compile(r"7 card stud hi[-/]?lo", re.I), Game.STUD_HILO),
    (re.compile(r"7 card stud", re.I), Game.STUD),
    (re.compile(r"razz", re.I), Game.RAZZ),
    (re.compile(r"hold'?em", re.I), Game.HOLDEM),
]
_LIMITS = [("no limit", Limit.NO), ("pot limit", Limit.POT), ("fixed limit", Limit.FIXED), ("limit", Limit.FIXED)]
_ZONES = {"eastern daylight time": "America/New_York", "eastern standard time": "America/New_York",
          "et": "America/New_York", "edt": "America/New_York", "est": "America/New_York",
          "utc": "UTC", "gmt": "UTC"}
_BOARD = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_KINDS = {
    "posts small blind": ActionKind.POST_SMALL_BLIND,
    "posts big blind": ActionKind.POST_BIG_BLIND,
    "posts blind": ActionKind.POST_BLIND,
    "post now": ActionKind.POST_BLIND,  # a new player's live blind: it counts toward the seat's bet
    "post dead": ActionKind.POST_BLIND,  # live, and a dead small blind that is not printed (see _read)
    "posts dead blind": ActionKind.POST_DEAD,
    "posts ante": ActionKind.POST_ANTE,
    "ante processed": ActionKind.POST_ANTE,
    "brings in for": ActionKind.BRING_IN,
}


def _seat_number(printed: str) -> int:
    """BetOnline numbers seats from 0; the lake's seats start at 1 (settlement needs it)."""
    return int(printed) + 1


class BetOnlineParser(TextParser):
    """BetOnline and its network's skins (``BetOnline Poker Game #N: ...``, ``PayNoRake Game #N: ...``)."""

    format = Format.BETONLINE
    hand_start = re.compile(rf"^\ufeff*(?:{_SKINS}) (?:Game|Hand) #\d+", re.M)

    def sniff(self, head: str) -> bool:
        return bool(_HEADER.match(leading_lines(_PREAMBLE_LINE.sub("", head), 1)[0]))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Each hand from its header; a tournament file's opening notice joins the first."""
        return split_joining_chatter(self.hand_start, _PREAMBLE, text)

    def parse(self, hand_text: str) -> ParsedHand:
        return _read(hand_text)


def _read(text: str) -> ParsedHand:
    numbered = [(number, line) for number, line in enumerate(hand_text_lines(text), 1) if line.strip()]
    while numbered and numbered[0][1].strip() == "Tournament will start in a moment.":
        numbered.pop(0)
    lines = [line for _, line in numbered]
    scope = HandScope(DOT)
    fail, amount = scope.fail, scope.amount

    m = _HEADER.match(lines[0]) if lines else None
    if not m:
        raise fail(QuarantineReason.PARSE_ERROR, f"not a BetOnline header: {lines[0][:120] if lines else ''!r}")
    hand_id = scope.hand_id = m["id"]
    game = next((g for pattern, g in _GAMES if pattern.search(m["game"])), None)
    if game is None:
        raise fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {m['game']!r}")
    limit = next((v for text_, v in _LIMITS if text_ in m["game"].lower()), None)
    is_tournament = m["tid"] is not None
    # tournament chips are printed in hundredths (``4941.25 in chips``, 2016), as cash is
    scale = scope.scale = 100

    when = datetime.strptime(m["date"], "%Y/%m/%d %H:%M:%S" if m["seconds"] else "%Y/%m/%d %H:%M")
    zone = _ZONES.get(m["zone"].lower())
    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.BETONLINE,
        format=Format.BETONLINE,
        game=game,
        limit=limit,
        is_tournament=is_tournament,
        amount_scale=scale,
        currency=None if is_tournament else "USD",
        tournament_id=m["tid"],
        small_blind=amount(m["small"]),
        big_blind=amount(m["big"]),
        start_time_raw=f"{m['date']} {m['zone']}".strip(),
        hand_date=when.strftime("%Y-%m-%d"),
    )
    if m["skin"] != "BetOnline Poker":
        hand.notes.append(f"skin: {m['skin']} (Chico network, recorded as betonline)")
    if zone:
        utc = when.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC"))
        hand.start_time_utc = utc.strftime("%Y-%m-%dT%H:%M:%SZ")
    index = 1
    if index < len(lines) and (t := _TABLE.match(lines[index])):
        hand.table_name, hand.max_seats = t["name"], int(t["max"])
        hand.button_seat = _seat_number(t["button"]) if t["button"] else None
        index += 1
    seats: dict[int, SeatRecord] = {}
    by_name: dict[str, int] = {}
    while index < len(lines) and (s := _SEAT.match(lines[index])):
        seat = _seat_number(s["seat"])
        record = SeatRecord(seat=seat, player=s["name"], stack=amount(s["stack"]))
        record.dealt_in = "sitting out" not in s["rest"].lower()
        seats[seat] = record
        by_name[s["name"]] = seat
        index += 1
    if not seats:
        raise fail(QuarantineReason.PARSE_ERROR, "no seat lines")
    hand.seats = sorted(seats.values(), key=lambda r: r.seat)
    names = sorted(by_name, key=len, reverse=True)

    def who(line: str) -> tuple[int, str] | None:
        for name in names:
            for sep in (": ", " "):
                if line.startswith(name + sep):
                    return by_name[name], line[len(name) + len(sep) :]
        return None

    tracker = BetTracker()
    street = Street.PREDEAL
    seq = 0
    board: list[str] = []
    in_summary = False
    mid_totals: list[int] = []
    won: list[tuple[int, int, str]] = []

    printed_return = False  # an "Uncalled bet" line was printed this street

    def act(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False) -> None:
        nonlocal seq
        seq += 1
        hand.actions.append(ActionRecord(seq, street, seat, kind, value, all_in))

    def close_street() -> None:
        """Give back the street's unmatched bet where no uncalled-bet line did (some files print none)."""
        if printed_return:
            return
        bets = sorted(((tracker.street_bet(s), s) for s in seats), reverse=True)
        if not bets or bets[0][0] <= 0:
            return
        excess = bets[0][0] - (bets[1][0] if len(bets) > 1 else 0)
        if excess > 0:
            tracker.returned(bets[0][1], excess)
            act(bets[0][1], ActionKind.UNCALLED_RETURN, excess)
            hand.notes.append(unprinted_uncalled_note(bets[0][1], excess))

    for number, line in numbered[index:]:
        if sm := _STREET.match(line):
            label = sm["label"].strip().upper()
            if (label == "SUMMARY" and not in_summary) or label in _BOARD:
                close_street()
            if label == "SUMMARY":
                in_summary = True
            elif label == "HOLE CARDS":
                street = Street.PREFLOP
            elif label in _BOARD:
                tracker.new_street()
                printed_return = False
                street = _BOARD[label]
                got = [c for g in _BRACKETS.findall(sm["rest"]) for c in cards(g) if c]
                if got:
                    board = got
            elif label not in ("SHOW DOWN",):
                raise fail(QuarantineReason.PARSE_ERROR, f"unknown street line {number}: {line!r}")
            continue
        if tm := _TOTAL.match(line):
            if in_summary:
                hand.total_pot_printed = amount(tm["amount"])
                if tm["rake"] is not None:
                    hand.rake, hand.rake_source = amount(tm["rake"]), RakeSource.PRINTED
            else:
                mid_totals.append(amount(tm["amount"]))
            continue
        if in_summary:
            if line.startswith("Board"):
                found = _BRACKETS.search(line)
                if found:
                    board = [c for c in cards(found[1]) if c]
                continue
            wm = _WON.match(line)
            if wm:
                won.append((_seat_number(wm["seat"]), amount(wm["amount"]), line))
            if sm2 := re.match(r"^Seat (\d+): .*?(?:showed|mucked) \[([^\]]*)\]", line):
                if _seat_number(sm2[1]) not in seats:
                    raise fail(QuarantineReason.INCONSISTENT, f"summary line {number} shows the cards of no seat: {line!r}")
                seats[_seat_number(sm2[1])].cards = cards(sm2[2])
            if (shown := who(line)) and shown[1].startswith("shows "):
                # 2011 files print the summary's first lines twice, a voluntary show among them
                seats[shown[0]].showed = True
                seats[shown[0]].cards = cards(shown[1][len("shows "):].strip().strip("[]")) or seats[shown[0]].cards
                continue
            if not (wm or _SUMMARY_NO_WIN.match(line) or _JOINS.match(line) or _CHAT.match(line) or _LEFT.match(line)):
                raise fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {line!r}")
            continue
        if um := _UNCALLED.match(line):
            seat = by_name.get(um["name"])
            if seat is None:
                raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {um['name']!r}")
            value = amount(um["amount"])
            printed_return = True
            tracker.returned(seat, value)
            act(seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            continue
        if cm := _COLLECTED.match(line):
            seat = by_name.get(cm["name"])
            if seat is None:
                raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {cm['name']!r}")
            pot = int(cm["side"]) if cm["side"] else (None if "side pot" in line else 0)
            hand.payouts.append(PayoutRecord(seat, amount(cm["amount"]), pot, None,
                                             Half.UNLABELLED if game in SPLIT_GAMES else Half.WHOLE, PayoutSource.POT, line))
            continue
        if _JOINS.match(line) or _CHAT.match(line) or line.strip() == _JOINED_NOTICE:
            continue  # a newcomer is dealt in from the next hand, and may chat before it
        if lm := _LEFT.match(line):
            seat = by_name.get(lm["name"])
            if seat is not None:
                record = seats[seat]
                stake = tracker.contributed(seat)
                all_in = record.all_in or bool(record.stack and stake >= record.stack)
                if record.folded_street is None and not all_in:
                    record.folded_street = street  # a seat that leaves forfeits the hand
            continue
        if line.startswith("Dealt to "):
            found = who(line[len("Dealt to ") :])
            dealt = _BRACKETS.search(found[1]) if found else None
            if not dealt:
                raise fail(QuarantineReason.PARSE_ERROR, f"cards dealt to no seat, line {number}: {line!r}")
            seats[found[0]].cards = cards(dealt[1])
            continue
        found = who(line)
        if not found:
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
        seat, rest = found
        record = seats[seat]
        if am := _ACTION.match(rest):
            verb = am["verb"]
            all_in = bool(am["allin"])
            record.all_in = record.all_in or all_in
            if _KINDS.get(verb) not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                record.dealt_in = True  # a seat printed as sitting out that posts a blind or acts plays the hand
            if verb in _KINDS:
                kind, value = _KINDS[verb], amount(am["amount"])
                if value == 0 and kind == ActionKind.POST_ANTE:
                    continue  # "ante processed 0.00": no ante at this table
                if kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                    tracker.dead(seat, value)
                    hand.ante = hand.ante or (value if kind == ActionKind.POST_ANTE else None)
                else:
                    tracker.add(seat, value)
                act(seat, kind, value, all_in)
                if verb == "post dead" and hand.small_blind:
                    # "post dead 0.50" at $0.25/$0.50 is the big blind, live (the poster checks
                    # and calls 1.00 of a raise to 1.50), and the small blind, dead: only with
                    # it do the total pot and rake add up (hands 1002134798, 900203618)
                    tracker.dead(seat, hand.small_blind)
                    act(seat, ActionKind.POST_DEAD, hand.small_blind, all_in)
                    hand.notes.append(f"seat {seat} 'post dead {am['amount']}': the dead small blind "
                                      f"{hand.small_blind} it also put in is not printed")
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
            record.dealt_in = record.showed = True
            shown = cards(rest[len("shows") :].strip().strip("[]"))
            if shown:
                record.cards = shown
            act(seat, ActionKind.SHOW)
            continue
        if rest.startswith("mucks"):
            record.mucked = True
            act(seat, ActionKind.MUCK)
            continue
        if _SEAT_NO_MONEY.match(rest):
            continue
        raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")

    if not in_summary:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***")
    acted = {a.seat for a in hand.actions}
    for record in seats.values():
        if record.seat not in acted and not any(record.cards or []):
            # no post, no action, no cards: seated but not dealt in, though the summary may
            # print it 'collected (0.00)' (2011); it is no contender
            record.dealt_in = False
    if hand.button_seat is not None and hand.button_seat not in seats:
        hand.notes.append(f"the button is printed at seat #{hand.button_seat - 1}, where no one sits: not recorded")
        hand.button_seat = None
    for seat_no, value in tracker.seats().items():
        seats[seat_no].contributed = value
    hand.boards = [board] if board else []
    if any(p.source == PayoutSource.POT for p in hand.payouts):
        _check_summary(hand, won)
    else:
        for seat_no, value, line in won:
            if value:  # "collected (0.00)": a seat still in at the end that won nothing
                hand.payouts.append(PayoutRecord(seat_no, value, None, None,
                                                 Half.UNLABELLED if game in SPLIT_GAMES else Half.WHOLE, PayoutSource.POT, line))
    if hand.rake is None:
        hand.rake_source = RakeSource.ABSENT
        hand.notes.append("rake not printed")
    if not hand.reconciles():
        paid = hand.paid_from_pots() + (hand.rake or 0) + hand.fees
        missing = hand.pot_total - paid
        note = (f"history does not add up: seats put in {hand.pot_total}, pay lines pay {hand.paid_from_pots()} "
                f"with rake {hand.rake} (missing {missing})")
        if missing in mid_totals:
            note += f"; a 'Total pot' line before the summary prints exactly {missing}: that pot's payment is not printed"
        hand.notes.append(note)
    return hand


def _check_summary(hand: ParsedHand, won: list[tuple[int, int, str]]) -> None:
    """The collected lines are the record of what was paid; where the summary's ``won (X)``
    or ``collected (X)`` says otherwise for a seat, the history contradicts itself."""
    stated: dict[int, int] = {}
    for seat_no, value, _ in won:
        stated[seat_no] = stated.get(seat_no, 0) + value
    hand.contradicts_summary(stated)


PARSER = BetOnlineParser()
