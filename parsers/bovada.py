"""Bovada / Bodog / Ignition text hands.

A hand looks like::

    Bovada Hand #4304661864 TBL#26953916 OMAHA HiLo Pot Limit - 2022-06-26 16:46:42
    Seat 1: Big Blind ($6.84 in chips)
    Dealer  [ME] : Small Blind $0.10
    Big Blind : Big blind $0.25
    *** HOLE CARDS ***
    Big Blind : Card dealt to a spot [Kh Kc Ks Th]
    Dealer  [ME] : Raises $0.65 to $0.75
    ...
    Dealer  [ME] : Return uncalled portion of bet $4.06
    Dealer  [ME] : Hand result $13.18
    *** SUMMARY ***
    Total Pot($13.68)
    Seat+4: Dealer HI $6.59  with Two pair [...] LO $6.59 [...]

Players are seat-position pseudonyms (``UTG+1``, ``Dealer [ME]``; ``Seat+3`` in stud).
Every seat's cards are printed (a seat with none that never acts sat out: not dealt in). ``Hand result`` is one line per winner and pot (halves
summed); the summary gives each seat's ``HI`` and ``LO`` (or ``LOW``) amounts, which
label the result lines: a seat paid only high (or only low) gets that half on every line;
a seat paid both halves from one result line gets that line as two records (high and
low, same line). A pot nobody contested (no ``Showdown``) is ``whole``.

Rake: older files print ``Total Pot($930) | Rake ($3)``; newer ones print only the
gross ``Total Pot``, and the rake is then inferred as everything put in minus everything
paid (``rake_source`` inferred, said in ``notes``). 2012 cash files print no street lines:
each street's cards come in a ``Card dealt to table [Ks 7c 9s]`` line. A returning
player's ``Posts dead chip $15`` at $5/$10 is both blinds: $5 dead and $10 live (his
``Calls $35`` then brings him to $45). Older tournament
files print no street lines at all; a ``Bets`` after the street's betting is closed starts the next one.
Times carry no zone (``start_time_utc`` is None), except in 2022 ``[MVS]`` files, whose
header ends ``- 2022-12-05 04:04:40 UTC`` and is followed by a ``Table Info: Version: 1,
Type: MVS, Stakes: $0.50-$1, Table: ...`` line; their ``Player Info: Seat1: P1-<hash>, ...``
line names each seat's anonymous id and carries no money or cards. When the button is dead
(its seat empty), no seat is called ``Dealer`` and ``Dealer : Set dealer [5]`` only names
the button seat. Zone Poker (Ignition, 2018) seats leave as they fold, ``UTG : Leave(Auto)``,
and new ones arrive, ``Enter(Auto)``: neither carries money. Zone Poker files (2019) also
print nothing under ``*** SUMMARY ***`` for most hands (those the player had left): their
``Hand result`` lines still say what was paid, so they are read with the rake inferred; a
hand that stops at ``*** SUMMARY ***`` with no ``Hand result`` line is truncated.
"""

from __future__ import annotations

import re
from datetime import datetime

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
from parsers.base import BetTracker, HandScope, TextParser, cards, leading_lines, non_blank_lines
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_AMT = r"\$?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    r"^(?P<site>Bovada|Bodog|Ignition)(?: Poker)? Hand #(?P<id>\d+):?\s+(?P<body>.*?)\s+-\s+"
    r"(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?: (?P<tz>UTC))?\s*$"
)
_SEAT = re.compile(rf"^Seat[+ ](?P<seat>\d+)(?P<me> \[ME\])?: (?P<name>.*?)\s*\(?(?P<stack>{_AMT}) in chips\)?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_LINE = re.compile(r"^(?P<name>.+?)\s+:\s+(?P<rest>.*?)\s*$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
# 2012 files print no street lines: the board is dealt by a line of its own
_TABLE_CARDS = re.compile(r"^Card dealt to table \[(?P<cards>[^\]]*)\]$")
_STREET_BY_BOARD = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_RESULT = re.compile(rf"^Hand [Rr]esult(?P<side>-Side [Pp]ot)?\s+(?P<amount>{_AMT})$")
_TOTAL = re.compile(rf"^Total Pot\((?P<amount>{_AMT})\)(?:\s*\|\s*Rake \((?P<rake>{_AMT})\))?")
_SUMMARY_SEAT = re.compile(r"^Seat[+ ](?P<seat>\d+):(?P<rest>.*)$")
_POSITION = re.compile(r"^\s*(?:Dealer|Small Blind|Big Blind|UTG(?:\+\d+)?)(?=\s|$)")
_HI = re.compile(rf"^\s*(?:HI\s+)?(?P<amount>{_AMT})(?=\s|$)")
_LO = re.compile(rf"\bLOW?\s+(?P<amount>{_AMT})(?=\s|$)")
_HI_LABEL = re.compile(rf"\bHI\s+(?P<amount>{_AMT})(?=\s|$)")

_LIMITS = {"pot limit": Limit.POT, "no limit": Limit.NO, "fixed limit": Limit.FIXED}
_SPLIT = {Game.OMAHA_HILO, Game.STUD_HILO, Game.OMAHA5_HILO}
_STUD = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_STUD_BY_COUNT = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
_FORCED = [
    (re.compile(rf"^(?:Ante/)?Small [Bb]lind\s+(?P<a>{_AMT})$"), ActionKind.POST_SMALL_BLIND),
    (re.compile(rf"^Big [Bb]lind(?:/Bring in)?\s+(?P<a>{_AMT})$"), ActionKind.POST_BIG_BLIND),
    (re.compile(rf"^Ante chip\s+(?P<a>{_AMT})$"), ActionKind.POST_ANTE),
    (re.compile(rf"^Bring_in chip\s+(?P<a>{_AMT})$"), ActionKind.BRING_IN),
    (re.compile(rf"^Posts dead chip\s+(?P<a>{_AMT})$"), ActionKind.POST_DEAD),
    (re.compile(rf"^Posts chip\s+(?P<a>{_AMT})$"), ActionKind.POST_BLIND),
]
_BET = re.compile(
    rf"^(?P<verb>Calls?|D? ?[Bb]ets|Raises|All-in\(raise\)|All-in)\s+(?P<a>{_AMT})(?:\s+to\s+(?P<to>{_AMT}))?$"
)
_IGNORED = re.compile(
    r"^(?:Seat sit out|Sit out|Seat stand|Stand|Table leave user|Table enter user|Seat sit down|"
    r"Re-join|Seat re-join|Ranking \d+|Table deposit .*|Sitout.*|Enter\(Auto\)|Leave(?:\(Auto\))?|"
    r"Prize Cash .*|Table Rebuy.*|Table Addon.*|Checks? \(timeout\)|Set dealer.*|Draw for dealer \[[^\]]*\]|"
    r"Player Info: (?:Seat\d+: [\w-]+(?:, )?)+)$"
)


def _game(body: str) -> tuple[Game, Limit | None]:
    upper = body.upper()
    hilo = "HILO" in upper.replace(" ", "") or "HI/LO" in upper
    if "7CARD" in upper or "STUD" in upper:
        game = Game.STUD_HILO if hilo else Game.STUD
    elif "RAZZ" in upper:
        game = Game.RAZZ
    elif "OMAHA" in upper:
        five = "5 CARD" in upper or "5CARD" in upper
        game = (Game.OMAHA5_HILO if hilo else Game.OMAHA5) if five else (Game.OMAHA_HILO if hilo else Game.OMAHA)
    elif "HOLDEM" in upper or "HOLD'EM" in upper:
        game = Game.HOLDEM
    else:
        raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game in {body!r}")
    limit = None
    for text, value in _LIMITS.items():
        if text in body.lower():
            limit = value
    return game, limit


class BovadaParser(TextParser):
    """Bovada, Bodog and Ignition (``Bovada Hand #N TBL#M ...``)."""

    format = Format.BOVADA
    hand_start = re.compile(r"^\ufeff*(?:Bovada|Bodog|Ignition)(?: Poker)? Hand #\d+", re.M)

    def sniff(self, head: str) -> bool:
        return bool(_HEADER.match(leading_lines(head, 1)[0]))

    def parse(self, hand_text: str) -> ParsedHand:
        return _read(hand_text)


def _name(raw: str) -> str:
    return re.sub(r"\s+", " ", raw.replace("[ME]", "")).strip()


def _read(text: str) -> ParsedHand:
    lines = non_blank_lines(text)
    scope = HandScope(DOT)
    fail, amount = scope.fail, scope.amount

    m = _HEADER.match(lines[0]) if lines else None
    if not m:
        raise fail(QuarantineReason.PARSE_ERROR, f"not a Bovada header: {lines[0][:120] if lines else ''!r}")
    hand_id = scope.hand_id = m["id"]
    body = m["body"]
    try:
        game, limit = _game(body)
    except HandParseError as exc:
        raise fail(exc.reason, exc.message) from None
    tm = re.search(r"Tournament #(\d+)", body)
    is_tournament = tm is not None
    scale = scope.scale = 1 if is_tournament else 100

    when = datetime.strptime(m["date"], "%Y-%m-%d %H:%M:%S")
    table = re.search(r"TBL#(\d+)", body)
    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.BOVADA,
        format=Format.BOVADA,
        game=game,
        limit=limit,
        is_tournament=is_tournament,
        amount_scale=scale,
        currency=None if is_tournament else "USD",
        tournament_id=tm[1] if tm else None,
        start_time_raw=f"{m['date']} {m['tz']}" if m["tz"] else m["date"],
        start_time_utc=f"{m['date'].replace(' ', 'T')}Z" if m["tz"] else None,
        hand_date=when.strftime("%Y-%m-%d"),
        table_name=table[1] if table else None,
    )
    if m["site"] != "Bovada":
        hand.notes.append(f"dealt by {m['site']} (Bovada network)")
    level = re.search(r"Level \S+ \((\d[\d,]*)/(\d[\d,]*)\)", body)
    if level:
        hand.small_blind, hand.big_blind = amount(level[1]), amount(level[2])

    seats: dict[int, SeatRecord] = {}
    by_name: dict[str, int] = {}
    index = 1
    if index < len(lines) and lines[index].startswith("Table Info: "):
        index += 1  # 2022 MVS files: version, table type, stakes and table id, all in the header too
    while index < len(lines) and (s := _SEAT.match(lines[index])):
        seat = int(s["seat"])
        name = _name(s["name"]) or f"Seat+{seat}"
        seats[seat] = SeatRecord(seat=seat, player=name, stack=amount(s["stack"]))
        by_name[name] = seat
        index += 1
    if not seats:
        raise fail(QuarantineReason.PARSE_ERROR, "no seat lines")
    hand.seats = list(seats.values())

    is_stud = game in _STUD
    tracker = BetTracker()
    street = Street.PREDEAL
    seq = 0
    board: list[str] = []
    results: list[tuple[int, int, bool, str]] = []  # seat, amount, side pot, line
    showdown = False
    returned: dict[int, int] = {}
    in_summary = False
    summary_lines = 0
    summary_board: list[str] = []
    summary_hi: dict[int, int] = {}
    summary_lo: dict[int, int] = {}

    def act(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False) -> None:
        nonlocal seq
        seq += 1
        hand.actions.append(ActionRecord(seq, street, seat, kind, value, all_in))

    def move_to(new: Street) -> None:
        nonlocal street
        if new != street:
            if street not in (Street.PREDEAL,) and not (street == Street.PREFLOP and new == Street.PREFLOP):
                tracker.new_street()
            street = new

    for line in lines[index:]:
        sm = _STREET.match(line)
        if sm:
            label = sm["label"].strip().upper()
            if label == "SUMMARY":
                in_summary = True
            elif label == "HOLE CARDS":
                street = Street.PREFLOP if not is_stud else street
            elif label in _BOARD_STREETS and not is_stud:
                move_to(_BOARD_STREETS[label])
                got = [c for g in _BRACKETS.findall(sm["rest"]) for c in cards(g) if c]
                if got:
                    board = got
            elif re.match(r"^(3RD|4TH|5TH|6TH|7TH) STREET$|^RIVER$", label) and is_stud:
                pass  # stud: the deal decides the street
            else:
                raise fail(QuarantineReason.PARSE_ERROR, f"unknown street line {line!r}")
            continue
        if in_summary:
            summary_lines += bool(line.strip())
            if tot := _TOTAL.match(line):
                hand.total_pot_printed = amount(tot["amount"])
                if tot["rake"] is not None:
                    hand.rake = amount(tot["rake"])
                    hand.rake_source = RakeSource.PRINTED
                continue
            if line.startswith("Board"):
                found = _BRACKETS.search(line)
                if found:
                    summary_board = [c for c in cards(found[1]) if c]
                continue
            if ss := _SUMMARY_SEAT.match(line):
                seat = int(ss["seat"])
                rest = ss["rest"]
                rest = _POSITION.sub("", rest, count=1)
                lo = _LO.search(rest)
                hi = _HI.match(rest) or _HI_LABEL.search(rest)
                if hi:
                    summary_hi[seat] = amount(hi["amount"])
                if lo:
                    summary_lo[seat] = amount(lo["amount"])
                if "[Mucked]" in rest and seat in seats:
                    seats[seat].mucked = True
                continue
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {line!r}")
        if (tc := _TABLE_CARDS.match(line.strip())) and not is_stud:
            board = board + [c for c in cards(tc["cards"]) if c]
            if len(board) not in _STREET_BY_BOARD:
                raise fail(QuarantineReason.BAD_CARDS, f"a board of {len(board)} cards after {line!r}")
            move_to(_STREET_BY_BOARD[len(board)])
            continue
        lm = _LINE.match(line)
        if not lm:
            if _IGNORED.match(line.strip()):
                continue
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {line!r}")
        name, rest = _name(lm["name"]), lm["rest"]
        seat = by_name.get(name)
        if seat is None and name == "Dealer" and rest.startswith("Set dealer"):
            # A dead button: the dealer position is an empty seat, so no seat is called Dealer.
            got = _BRACKETS.search(rest)
            if got and got[1].strip().isdigit():
                hand.button_seat = int(got[1])
            continue
        if seat is None:
            raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {name!r} in {line!r}")
        record = seats[seat]
        if rest.startswith("Set dealer"):
            got = _BRACKETS.search(rest)
            if got and got[1].strip().isdigit():
                hand.button_seat = int(got[1])
            continue
        if rest.startswith("Card dealt to a spot"):
            got = cards(_BRACKETS.search(rest)[1])
            if is_stud:
                before = len(record.cards)
                record.cards = list(record.cards) + got
                count = len(record.cards)
                if before == 0:
                    record.upcards = [c for c in got[2:3] if c]
                elif count <= 6:
                    record.upcards = record.upcards + [c for c in got if c]
                new = _STUD_BY_COUNT.get(count)
                if new:
                    if street == Street.PREDEAL:
                        street = new
                    else:
                        move_to(new)
            else:
                record.cards = got
            continue
        forced = next(((kind, fm) for pattern, kind in _FORCED if (fm := pattern.match(rest))), None)
        if forced:
            kind, fm = forced
            value = amount(fm["a"])
            blinds = (hand.small_blind or 0) + (hand.big_blind or 0)
            if kind == ActionKind.POST_DEAD and hand.small_blind and hand.big_blind and value == blinds:
                # a returning player's dead chip of both blinds is the small blind dead and
                # the big blind live: 'Posts dead chip $15' at $5/$10, then 'Calls $35' to $45
                tracker.dead(seat, hand.small_blind)
                act(seat, ActionKind.POST_DEAD, hand.small_blind)
                tracker.add(seat, hand.big_blind)
                act(seat, ActionKind.POST_BLIND, hand.big_blind)
                continue
            if kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                tracker.dead(seat, value)
                if kind == ActionKind.POST_ANTE:
                    hand.ante = hand.ante or value
            else:
                tracker.add(seat, value)
            if kind == ActionKind.POST_SMALL_BLIND and hand.small_blind is None:
                hand.small_blind = value
            if kind == ActionKind.POST_BIG_BLIND and hand.big_blind is None:
                hand.big_blind = value
            if kind == ActionKind.BRING_IN:
                hand.bring_in = hand.bring_in or value
            act(seat, kind, value)
            continue
        if bm := _BET.match(rest):
            verb = bm["verb"]
            value = amount(bm["a"])
            all_in = verb.startswith("All-in")
            record.all_in = record.all_in or all_in
            before = tracker.max_street_bet()
            if verb.endswith("ets") and before > 0 and street != Street.PREDEAL and not is_stud:
                # no street line was printed: a bet after the street's betting closed opens the next
                following = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
                if street in following:
                    move_to(following[street])
                    before = 0
            if verb in ("Raises", "All-in(raise)"):
                added = tracker.raise_to(seat, amount(bm["to"] or bm["a"]))
                act(seat, ActionKind.RAISE, added, all_in)
            else:
                tracker.add(seat, value)
                if verb.startswith("Call"):
                    kind = ActionKind.CALL
                elif verb.endswith("ets"):
                    kind = ActionKind.BET
                else:
                    after = tracker.street_bet(seat)
                    kind = ActionKind.CALL if after <= before else (ActionKind.BET if before == 0 else ActionKind.RAISE)
                act(seat, kind, value, all_in)
            continue
        if rest.startswith("Return uncalled portion of bet"):
            value = amount(rest.split()[-1])
            tracker.returned(seat, value)
            returned[seat] = returned.get(seat, 0) + value
            act(seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            continue
        if rm := _RESULT.match(rest):
            results.append((seat, amount(rm["amount"]), bool(rm["side"]), line))
            continue
        if rest.startswith("Fold"):
            record.folded_street = street
            act(seat, ActionKind.FOLD)
            continue
        if rest.startswith("Check"):
            act(seat, ActionKind.CHECK)
            continue
        if rest.startswith("Showdown"):
            record.showed = True
            showdown = True
            act(seat, ActionKind.SHOW)
            continue
        if rest.startswith("Mucks"):
            record.mucked = True
            act(seat, ActionKind.MUCK)
            continue
        if rest.startswith("Does not show"):
            continue
        if _IGNORED.match(rest):
            continue
        raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {line!r}")

    if not in_summary:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***")
    if not summary_lines and not results:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off right after *** SUMMARY ***")
    if not summary_lines:
        # Zone Poker writes no summary for a hand its player left (the client moved him
        # to a new table); its Hand result lines, printed before, say what was paid
        hand.notes.append("summary section empty: no total pot or rake printed; paid as the Hand result lines say")
    elif hand.total_pot_printed is None:
        raise fail(QuarantineReason.PARSE_ERROR, "summary without 'Total Pot(...)'")
    for seat_no, value in tracker.seats().items():
        seats[seat_no].contributed = value
    # every dealt seat's cards are printed: a seat with none that never acted sat out
    # (``Seat sit out``, ``Table leave user``); counted as still in it would make an
    # uncontested pot a showdown
    acted = {a.seat for a in hand.actions}
    for seat_no, record in seats.items():
        if not record.cards and seat_no not in acted and not record.contributed:
            record.dealt_in = False
    if not is_stud:
        final = summary_board or board
        hand.boards = [final] if final else []
    split_game = game in _SPLIT
    side_levels = _side_pot_count(hand)
    by_seat: dict[int, list[tuple[int, bool, str]]] = {}
    for seat_no, value, side, line in results:
        by_seat.setdefault(seat_no, []).append((value, side, line))
    for seat_no, value, side, line in results:
        pot = (1 if side_levels == 1 else None) if side else 0
        hi, lo = summary_hi.get(seat_no, 0), summary_lo.get(seat_no, 0)
        if not split_game or not showdown:
            hand.payouts.append(PayoutRecord(seat_no, value, pot, None, Half.WHOLE, PayoutSource.POT, line))
        elif hi and not lo:
            hand.payouts.append(PayoutRecord(seat_no, value, pot, None, Half.HIGH, PayoutSource.POT, line))
        elif lo and not hi:
            hand.payouts.append(PayoutRecord(seat_no, value, pot, None, Half.LOW, PayoutSource.POT, line))
        elif len(by_seat[seat_no]) == 1 and hi + lo == value:
            hand.payouts.append(PayoutRecord(seat_no, hi, pot, None, Half.HIGH, PayoutSource.POT, line))
            hand.payouts.append(PayoutRecord(seat_no, lo, pot, None, Half.LOW, PayoutSource.POT, line))
        else:
            hand.payouts.append(PayoutRecord(seat_no, value, pot, None, Half.UNLABELLED, PayoutSource.POT, line))
    for seat_no, lines_of_seat in by_seat.items():
        paid = sum(v for v, _, _ in lines_of_seat)
        labelled = summary_hi.get(seat_no, 0) + summary_lo.get(seat_no, 0)
        if labelled and labelled != paid:
            hand.notes.append(f"seat {seat_no}: summary HI/LO total {labelled} differs from Hand result total {paid}")
    if split_game and not showdown and results:
        hand.notes.append("uncontested pot: Bovada labels it HI in the summary; recorded as whole")
    if hand.rake is None:
        inferred = hand.pot_total - hand.paid_from_pots()
        if inferred >= 0:
            hand.rake = inferred
            hand.rake_source = RakeSource.INFERRED
            hand.notes.append(
                "rake not printed: inferred as everything put in minus every Hand result "
                f"({hand.pot_total} - {hand.paid_from_pots()} = {inferred})"
            )
        else:
            hand.rake_source = RakeSource.ABSENT
            hand.notes.append("rake not printed, and Hand results exceed what was put in")
    if hand.total_pot_printed is not None and hand.total_pot_printed != hand.pot_total:
        hand.notes.append(
            f"Total Pot printed {hand.total_pot_printed} differs from everything put in {hand.pot_total}"
        )
    if not hand.reconciles():
        hand.notes.append(
            f"history does not add up: put in {hand.pot_total}, paid {hand.paid_from_pots()}, rake {hand.rake}"
        )
    return hand


def _side_pot_count(hand: ParsedHand) -> int:
    """How many side pots the contributions make: one per all-in level below the top."""
    live = [s for s in hand.seats if s.folded_street is None and s.contributed > 0]
    if not live:
        return 0
    top = max(s.contributed for s in live)
    levels = {s.contributed for s in live if s.all_in and s.contributed < top}
    return len(levels)


PARSER = BovadaParser()
