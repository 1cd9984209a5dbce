"""KingsClub text hands.

A hand looks like::

    #39969218: Limit Omaha Hi-Lo - 40/80
    2021-01-02 15:39:12
    Table '8 Game Mix' Seat 6 is the button
    Seat 1: Player0 (600)
    Hero: posts the small blind 20
    *** HOLE CARDS ***
    Dealt to Hero: [4d Kd Ac 5s]
    Hero raises to 80
    Player0 calls 80
    ...
    *** SUMMARY ***
    Seat 1: Player0 (599.50) -0.50
    Rake 1
    Player0 wins (279.50) from pot
    Hero wins (279.50) from pot

Game names are the platform's own spellings (``Badeucey`` is Badeucy, ``Omaha 5 Card``
is 5-Card Omaha, ``Short Deck Holdem`` is 6+ Hold'em); a name the rules have no game for is quarantined as
``unsupported_game``. One hand prints its summary header as ``*** SUMMARY * **``: it is
read as the summary, whose every line must then still be a summary line, and whose seat
results, rake and pay lines are checked against the betting as in any hand.

Amounts carry no currency symbol and are written with cents where there are any
(``1,262.50``): the hand's minor unit is the hundredth (``amount_scale`` 100) and the
currency is None (the files never say which; notes say so). ``calls X`` and ``raises to
X`` give the seat's total for the street; ``bets X`` is the amount bet. Pay lines are
``X wins (168) from pot`` / ``from side pot 1`` / ``X wins pot (568.25)``, one per
half, quarter or board, never labelled (``unlabelled`` in split games). Uncalled bets
are not printed: the part of the top contribution nobody matched (a dead blind matches
nothing) is derived and recorded as returned. No ``Rake`` line means no rake was taken
(the summary's per-seat results then sum to zero).

``posts blind X`` (a seat back from missed blinds) puts in the big blind ``X`` live and
the small blind dead, though only ``X`` is printed: hand 39879543's summary result (-77:
ante 11, blind 44, small blind 22), its stack after and its pot all count both. A hand
that posts it before any small blind is posted is quarantined: the dead part is unknown.

An all-in-or-fold table deals the flop before the first betting round (hand 7071017:
blinds, ``*** FLOP ***``, then ``raises to 1,000, and is all in``): the blinds stay live
until a seat acts, so that raise includes the small blind, as the summary's ``-1,000``
says.

Older stud files label streets one too early, so stud streets are counted from the cards
dealt. ``*** BOARD 1 - ... ***`` lines are either a run-it-twice (the second board shares
the first cards, ``[- - - Kh]``) or, when both boards are dealt from the flop with
betting after, a two-board game. A draw game all in before the draw whose draw is
printed as ``Dealt to`` lines was run more than once, each run drawing separately: the
final hands are then recorded as not known. Other draw hands run more than once show
each run's final hand of a seat that drew (``Run 1: Hero shows [...]``), and the draw may
print one bracket of new cards per run (``discards [Th] draws [8c] [Qs]``); a seat whose
runs' hands differ is recorded with its final cards not known (the lake holds one final
hand per seat and the rules settle draw games on one run), the runs' hands in the notes.
Their pay lines name no run.

Lines skipped on purpose carry no money or cards: after a seat's name, ``_SEAT_NO_MONEY``
(sitting out, timeouts, disconnections, chat), each whole; any other line fails the hand.
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
from parsers.base import BetTracker, HandScope, TextParser, cards, hand_text_lines, leading_lines
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

_NUM = r"\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(rf"^#(?P<id>\d+): (?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?) - (?P<small>{_NUM})/(?P<big>{_NUM})\s*$")
_DATE = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})\s*$")
_TABLE = re.compile(r"^Table '(?P<name>.*)'(?: Seat (?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_NUM})\)\s*(?P<net>[-+]{_NUM})?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_RUN_SHOWS = re.compile(r"^Run (?P<run>\d+): (?P<rest>.+)$")
# one bracket of drawn cards per run when the hand is run more than once
_DISCARDS = re.compile(r"^discards \[(?P<out>[^\]]*)\] draws (?P<runs>\[[^\]]*\](?: \[[^\]]*\])*)\s*$")
# "*** SUMMARY * **" (hand 3498679): the summary header with its closing stars broken up
_BROKEN_SUMMARY = re.compile(r"^\*\*\* SUMMARY [* ]*\*\s*$")
_WINS = re.compile(
    rf"^(?P<name>.+?) wins (?:pot \((?P<a1>{_NUM})\)|\((?P<a2>{_NUM})\) from (?:pot|side pot (?P<side>\d+)))\s*$"
)
# What may follow a seat's name on a line known to carry no money or cards, skipped on
# purpose: sitting out, timeouts, disconnections and chat (``said ...``).
_SEAT_NO_MONEY = re.compile(r"^(?:is sitting out|sits out|has timed out|is disconnected|said\b.*)$")
_ACTION = re.compile(
    rf"^(?P<verb>posts ante|posts the small blind|posts the big blind|posts small blind|posts big blind|"
    rf"posts dead blind|posts blind|posts|brings in for|bets|calls|raises to|checks|folds)"
    rf"(?: (?P<amount>{_NUM}))?(?P<allin>, and is all in)?\s*$"
)

_GAMES = {
    "omaha hi-lo": Game.OMAHA_HILO,
    "omaha": Game.OMAHA,
    "big o": Game.OMAHA5_HILO,
    "5 card omaha": Game.OMAHA5,
    "omaha 5 card": Game.OMAHA5,  # hand 3498679
    "5 card omaha hi-lo": Game.OMAHA5_HILO,
    "hold'em": Game.HOLDEM,
    "holdem": Game.HOLDEM,
    "short deck holdem": Game.SIXPLUS_HOLDEM,  # hand 6155563
    "seven card stud hi-lo": Game.STUD_HILO,
    "seven card stud": Game.STUD,
    "razz": Game.RAZZ,
    "2-7 razz": Game.RAZZ27,  # hands 40091899, 3703449
    "badugi": Game.BADUGI,
    "badacey": Game.BADACEY,
    "badeucy": Game.BADEUCY,
    "badeucey": Game.BADEUCY,  # how KingsClub spells it (hand 40200897)
    "2-7 drawmaha": Game.DRAWMAHA27,
    "2-7 single draw": Game.LOWBALL27_SINGLE,
    "2-7 triple draw": Game.LOWBALL27_TRIPLE,
    "a-5 single draw": Game.LOWBALL_A5_SINGLE,
    "a-5 triple draw": Game.LOWBALL_A5_TRIPLE,
    "5 card draw": Game.DRAW5,
}
_LIMITS = {"Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO}
_SPLIT = {Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.STUD_HILO, Game.BADACEY, Game.BADEUCY, Game.DRAWMAHA27}
_STUD = {Game.STUD, Game.STUD_HILO, Game.RAZZ, Game.RAZZ27}
_DRAW = {Game.BADUGI, Game.BADACEY, Game.BADEUCY, Game.LOWBALL27_SINGLE, Game.LOWBALL27_TRIPLE,
         Game.LOWBALL_A5_SINGLE, Game.LOWBALL_A5_TRIPLE, Game.DRAW5}
_STUD_BY_COUNT = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
_DRAW_ROUNDS = {"1ST BETTING ROUND": Street.PREDRAW, "2ND BETTING ROUND": Street.DRAW1,
                "3RD BETTING ROUND": Street.DRAW2, "4TH BETTING ROUND": Street.DRAW3}
_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_KINDS = {
    "posts ante": ActionKind.POST_ANTE,
    "posts the small blind": ActionKind.POST_SMALL_BLIND,
    "posts small blind": ActionKind.POST_SMALL_BLIND,
    "posts the big blind": ActionKind.POST_BIG_BLIND,
    "posts big blind": ActionKind.POST_BIG_BLIND,
    "posts dead blind": ActionKind.POST_DEAD,
    "posts": ActionKind.POST_BLIND,
    "brings in for": ActionKind.BRING_IN,
}


class KingsClubParser(TextParser):
    """KingsClub (``#N: Limit Omaha Hi-Lo - 40/80``)."""

    format = Format.KINGSCLUB
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (the button's second ante on a 0/0 6+ table is its live blind)
    version = "2"
    hand_start = re.compile(r"^\ufeff*#\d+: (?:Limit|Pot Limit|No Limit) ", re.M)

    def sniff(self, head: str) -> bool:
        lines = leading_lines(head, 3)
        return (
            len(lines) == 3
            and bool(_HEADER.match(lines[0]))
            and bool(_DATE.match(lines[1]))
            and lines[2].startswith("Table '")
        )

    def parse(self, hand_text: str) -> ParsedHand:
        return _read(hand_text)


def _read(text: str) -> ParsedHand:
    numbered = [(number, line) for number, line in enumerate(hand_text_lines(text), 1) if line.strip()]
    lines = [line for _, line in numbered]
    scope = HandScope(DOT)
    fail, amount = scope.fail, scope.amount

    m = _HEADER.match(lines[0]) if lines else None
    if not m:
        raise fail(QuarantineReason.PARSE_ERROR, f"not a KingsClub header: {lines[0][:120] if lines else ''!r}")
    hand_id = scope.hand_id = m["id"]
    game = _GAMES.get(m["game"].strip().lower())
    if game is None:
        raise fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {m['game']!r}")

    dm = _DATE.match(lines[1]) if len(lines) > 1 else None
    if not dm:
        raise fail(QuarantineReason.PARSE_ERROR, "no date line after the header")
    when = datetime.strptime(dm["date"], "%Y-%m-%d %H:%M:%S")
    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.KINGSCLUB,
        format=Format.KINGSCLUB,
        game=game,
        limit=_LIMITS[m["limit"]],
        is_tournament=False,
        amount_scale=100,
        currency=None,
        start_time_raw=dm["date"],
        hand_date=when.strftime("%Y-%m-%d"),
    )
    hand.notes.append("KingsClub prints no currency: amounts in hundredths of the table's unit, currency unknown")
    index = 2
    if index < len(lines) and (t := _TABLE.match(lines[index])):
        hand.table_name = t["name"]
        hand.button_seat = int(t["button"]) if t["button"] else None
        index += 1
    seats: dict[int, SeatRecord] = {}
    by_name: dict[str, int] = {}
    while index < len(lines) and (s := _SEAT.match(lines[index])):
        seat = int(s["seat"])
        seats[seat] = SeatRecord(seat=seat, player=s["name"], stack=amount(s["stack"]))
        by_name[s["name"]] = seat
        index += 1
    if not seats:
        raise fail(QuarantineReason.PARSE_ERROR, "no seat lines")
    hand.seats = list(seats.values())
    names = sorted(by_name, key=len, reverse=True)

    def who(line: str, sep: str) -> tuple[int, str] | None:
        for name in names:
            if line.startswith(name + sep):
                return by_name[name], line[len(name) + len(sep) :]
        return None

    is_stud, is_draw = game in _STUD, game in _DRAW
    tracker = BetTracker()
    street = Street.PREDEAL
    seq = 0
    boards: dict[int, list[str]] = {}
    board_flops: set[int] = set()
    actions_after_second_flop = False
    draw_round = 0
    in_summary = False
    nets: dict[int, int] = {}
    rake_printed: int | None = None
    hand_size: int | None = None
    dealt_in_draw: set[int] = set()
    shown_per_run: dict[int, dict[int, list[str | None]]] = {}
    draw_runs = 1
    seats_acted = False

    def act(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False,
            changed: int | None = None) -> None:
        nonlocal seq
        seq += 1
        hand.actions.append(ActionRecord(seq, street, seat, kind, value, all_in, changed))

    def move_to(new: Street) -> None:
        nonlocal street
        if new != street:
            # the blinds stay live until a seat acts on them: an all-in-or-fold table
            # deals the flop before the first betting round (hand 7071017)
            if street != Street.PREDEAL and not (street == Street.PREFLOP and not seats_acted):
                tracker.new_street()
            street = new

    for number, line in numbered[index:]:
        sm = _STREET.match(line)
        if not sm and not in_summary and _BROKEN_SUMMARY.match(line):
            # every line after it must still read as a summary line, and its amounts are
            # checked as in any hand: nothing is taken on trust from the broken header
            in_summary = True
            hand.notes.append(f"summary header printed as {line.strip()!r}: the lines after it are read as the summary")
            continue
        if sm:
            label = sm["label"].strip().upper()
            bm = re.match(r"^BOARD (\d+) - (FLOP|TURN|RIVER)$", label)
            if label == "SUMMARY":
                in_summary = True
            elif label == "HOLE CARDS":
                street = Street.PREFLOP if street == Street.PREDEAL else street
            elif label in _BOARD_STREETS or bm:
                word = bm[2] if bm else label
                run = int(bm[1]) if bm else 1
                move_to(_BOARD_STREETS[word])
                groups = _BRACKETS.findall(sm["rest"])
                got: list[str | None] = [c for g in groups for c in cards(g.replace("-", "X"))]
                known = boards.get(1, [])
                board = [c if c is not None else (known[i] if i < len(known) else None) for i, c in enumerate(got)]
                if None in board:
                    raise fail(QuarantineReason.BAD_CARDS, f"board cards not known in {line!r}")
                boards[run] = board  # type: ignore[assignment]
                if word == "FLOP" and bm:
                    board_flops.add(run)
            elif label in _DRAW_ROUNDS:
                move_to(_DRAW_ROUNDS[label])
            elif re.match(r"^\d(ST|ND|RD|TH) DRAW$", label):
                draw_round = int(label[0])
            elif re.match(r"^\d(ST|ND|RD|TH) STREET$", label) and is_stud:
                pass  # labels are off by one in older files: the deal decides
            else:
                raise fail(QuarantineReason.PARSE_ERROR, f"unknown street line {number}: {line!r}")
            continue
        if in_summary:
            if s := _SEAT.match(line):
                seat = int(s["seat"])
                nets[seat] = amount(s["net"]) if s["net"] else 0
                continue
            if rm := re.match(rf"^Rake (?P<a>{_NUM})\s*$", line):
                rake_printed = amount(rm["a"])
                continue
            if wm := _WINS.match(line):
                seat = by_name.get(wm["name"])
                if seat is None:
                    raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {wm['name']!r}")
                # "wins pot (X)" is everything in the middle (main and side pots alike,
                # so it names no pot); "wins (X) from pot" is one share of the main pot
                half = Half.UNLABELLED if game in _SPLIT and wm["a2"] else Half.WHOLE
                pot = None if wm["a1"] else (int(wm["side"]) if wm["side"] else 0)
                hand.payouts.append(
                    PayoutRecord(seat, amount(wm["a1"] or wm["a2"]), pot, None, half, PayoutSource.POT, line)
                )
                continue
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {line!r}")
        if line.startswith("Dealt to "):
            found = who(line[len("Dealt to ") :], ": ")
            if not found:
                raise fail(QuarantineReason.PARSE_ERROR, f"dealt to an unknown player, line {number}: {line!r}")
            seat, rest = found
            got = cards(_BRACKETS.search(rest)[1])
            record = seats[seat]
            if is_stud:
                record.cards = list(record.cards) + got
                count = len(record.cards)
                if count == 3:
                    record.upcards = [c for c in got[2:] if c]
                elif count <= 6:
                    record.upcards = record.upcards + [c for c in got if c]
                new = _STUD_BY_COUNT.get(count)
                if new:
                    if street == Street.PREDEAL:
                        street = new
                    else:
                        move_to(new)
            elif not record.cards:
                record.cards = got
                hand_size = hand_size or len(got)
                if street == Street.PREDEAL:
                    street = Street.PREDRAW if is_draw else Street.PREFLOP
            elif draw_round:
                dealt_in_draw.add(seat)
            # later "Dealt to" lines in draw games repeat a partial hand: the shows decide
            continue
        if is_stud is False and street == Street.PREDEAL and (
            line.startswith(tuple(n + " " for n in names)) and " posts " not in line and ": posts" not in line
        ):
            street = Street.PREDRAW if is_draw else Street.PREFLOP
        if (rm := _RUN_SHOWS.match(line)) and (shown := who(rm["rest"], " shows ")):
            seats[shown[0]].showed = True
            shown_per_run.setdefault(shown[0], {})[int(rm["run"])] = cards(_BRACKETS.search(shown[1])[1])
            act(shown[0], ActionKind.SHOW)
            continue
        found = who(line, ": ") or who(line, " ")
        if not found:
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
        seat, rest = found
        record = seats[seat]
        if am := _ACTION.match(rest):
            verb = am["verb"]
            all_in = bool(am["allin"])
            seats_acted = seats_acted or not verb.startswith(("posts", "brings in"))
            record.all_in = record.all_in or all_in
            if verb == "posts blind":
                # a seat back from missed blinds posts both: the big blind live (the amount
                # printed) and the small blind dead, which the line leaves out
                if hand.small_blind is None:
                    raise fail(QuarantineReason.PARSE_ERROR, f"{line!r} posts the small blind dead as well, "
                               "but no small blind was posted to say how much")
                live = amount(am["amount"])
                tracker.add(seat, live)
                act(seat, ActionKind.POST_BLIND, live, all_in)
                tracker.dead(seat, hand.small_blind)
                act(seat, ActionKind.POST_DEAD, hand.small_blind, all_in)
            elif verb == "posts ante" and seat == hand.button_seat and any(
                    a.seat == seat and a.kind == ActionKind.POST_ANTE for a in hand.actions):
                # the button's second ante on a table without blinds (6+ Hold'em 0/0) is its
                # live button blind: hand 6155563's all-in call 'calls 808.62' makes the
                # button's whole stake 5 + 808.62, its stack, and the summary's +13 agrees
                value = amount(am["amount"])
                tracker.add(seat, value)
                act(seat, ActionKind.POST_BLIND, value, all_in)
                hand.notes.append(
                    f"the button's second 'posts ante' ({line.strip()!r}) is read as its live button blind")
            elif verb in _KINDS:
                kind, value = _KINDS[verb], amount(am["amount"])
                if kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
                    tracker.dead(seat, value)
                    if kind == ActionKind.POST_ANTE:
                        hand.ante = hand.ante or value
                else:
                    tracker.add(seat, value)
                if kind == ActionKind.POST_SMALL_BLIND:
                    hand.small_blind = hand.small_blind or value
                elif kind == ActionKind.POST_BIG_BLIND:
                    hand.big_blind = hand.big_blind or value
                elif kind == ActionKind.BRING_IN:
                    hand.bring_in = hand.bring_in or value
                act(seat, kind, value, all_in)
            elif verb == "folds":
                record.folded_street = street
                act(seat, ActionKind.FOLD)
            elif verb == "checks":
                act(seat, ActionKind.CHECK)
            else:
                if is_draw is False and street == Street.PREDEAL:
                    street = Street.PREFLOP
                before = tracker.max_street_bet()
                added = tracker.raise_to(seat, amount(am["amount"]))
                kind = {"bets": ActionKind.BET, "calls": ActionKind.CALL, "raises to": ActionKind.RAISE}[verb]
                if verb == "bets" and before > 0:
                    kind = ActionKind.RAISE if tracker.street_bet(seat) > before else ActionKind.CALL
                act(seat, kind, added, all_in)
                if board_flops and 2 in board_flops:
                    actions_after_second_flop = True
            continue
        if dm2 := _DISCARDS.match(rest):
            out = cards(dm2["out"])
            drawn = [cards(group) for group in _BRACKETS.findall(dm2["runs"])]
            kept = [c for c in record.cards if c not in out]
            # drawn once per run: which run's cards are final, the run shows say
            record.cards = kept + (drawn[0] if len(drawn) == 1 else [None] * len(drawn[0]))
            draw_runs = max(draw_runs, len(drawn))
            act(seat, ActionKind.DISCARD, None, False, len(drawn[0]))
            continue
        if dm2 := re.match(r"^draws (?P<n>\d+)\s*$", rest):
            act(seat, ActionKind.DISCARD, None, False, int(dm2["n"]))
            record.cards = [None] * len(record.cards) if record.cards else record.cards
            continue
        if rest.strip() == "stands pat":
            act(seat, ActionKind.STAND_PAT, None, False, 0)
            continue
        if rest.startswith("shows "):
            record.showed = True
            record.cards = cards(_BRACKETS.search(rest)[1])
            act(seat, ActionKind.SHOW)
            continue
        if rest.startswith("mucks"):
            record.mucked = True
            act(seat, ActionKind.MUCK)
            continue
        if _SEAT_NO_MONEY.match(rest.strip()):
            continue
        raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")

    if not in_summary:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***")
    for seat_no, value in tracker.seats().items():
        seats[seat_no].contributed = value
    if 2 in board_flops and actions_after_second_flop:
        if game == Game.OMAHA:
            game = hand.game = Game.OMAHA_SPLIT
        elif game == Game.HOLDEM:
            game = hand.game = Game.HOLDEM_SPLIT
        hand.notes.append("two boards dealt from the flop with betting after: a two-board game, not run-it-twice")
        for payout in hand.payouts:
            if payout.source == PayoutSource.POT and " wins (" in payout.line:
                payout.half = Half.UNLABELLED
    hand.boards = [boards[r] for r in sorted(boards)]
    if shown_per_run or draw_runs > 1:
        _draw_shown_per_run(hand, shown_per_run, draw_runs)
    if dealt_in_draw:
        _draw_run_more_than_once(hand, dealt_in_draw)
    _return_unmatched(hand)
    if rake_printed is not None:
        hand.rake, hand.rake_source = rake_printed, RakeSource.PRINTED
    else:
        hand.rake, hand.rake_source = -sum(nets.values()), RakeSource.INFERRED
        hand.notes.append(f"no Rake line: rake taken as minus the sum of the summary's results ({hand.rake})")
    for seat_no, record in seats.items():
        won = sum(p.amount for p in hand.payouts if p.seat == seat_no and p.source == PayoutSource.POT)
        if seat_no in nets and won - record.contributed != nets[seat_no]:
            hand.notes.append(
                f"seat {seat_no}: summary result {nets[seat_no]} but the pay lines give "
                f"{won - record.contributed} (won {won}, put in {record.contributed})"
            )
    if not hand.reconciles():
        hand.notes.append(
            f"history does not add up: put in {hand.pot_total}, pay lines {hand.paid_from_pots()}, rake {hand.rake}"
        )
    return hand


def _draw_shown_per_run(hand: ParsedHand, shown_per_run: dict[int, dict[int, list[str | None]]],
                        draw_runs: int) -> None:
    """A draw hand run more than once after the draw shows each run's final hand of a seat
    that drew (``Run 1: Hero shows [...]``, ``Run 2: Hero shows [...]``; the draw itself
    may print one bracket of new cards per run: ``discards [Th] draws [8c] [Qs]``). A seat
    that stood pat shows once, its hand the same in every run. The lake holds one final
    hand per seat and the rules settle a draw game on one run only, so a seat whose runs
    differ is recorded with its final cards not known and the runs' hands are kept in the
    notes. The audit then weighs no hand of that seat: the hand is unverifiable when a
    pay line pays the seat, and the seat is taken to concede when none does."""
    runs = max([draw_runs] + [run for by_run in shown_per_run.values() for run in by_run])
    differing = []
    for seat, by_run in sorted(shown_per_run.items()):
        record = hand.seat(seat)
        hands = [by_run[run] for run in sorted(by_run)]
        if len(by_run) == runs and all(h == hands[0] for h in hands):
            record.cards = hands[0]
            continue
        record.cards = [None] * len(hands[0])
        differing.append(f"seat {seat} " + ", ".join(
            f"run {run} [{' '.join(c or 'X' for c in by_run[run])}]" for run in sorted(by_run)))
    if differing:
        hand.notes.append(
            f"drawn once per run ({runs} runs), each run's final hand shown: {'; '.join(differing)}; one "
            "final hand per seat cannot stand for every run, so those seats' final cards are recorded as not known")


def _draw_run_more_than_once(hand: ParsedHand, dealt_in_draw: set[int]) -> None:
    """A draw hand all in before the draw that prints the draw as ``Dealt to`` lines
    (``Dealt to Hero: [6h Ks Ks]``, ``Dealt to Player3: [X X X X X X]``) instead of
    ``discards``/``draws`` lines was drawn once per run: each run has its own final hands
    and the history shows only one run's. One final hand per seat cannot stand for the
    runs, so the final cards of the seats still in are recorded as not known."""
    live = [s for s in hand.seats if s.dealt_in and s.folded_street is None]
    if not all(s.all_in for s in live):
        hand.notes.append(
            f"seat {', '.join(str(s) for s in sorted(dealt_in_draw))}: cards dealt in the draw without a "
            "discard line; the shown hands decide")
        return
    for record in live:
        record.cards = [None] * len(record.cards)
    hand.notes.append(
        "all in before the draw and the draw dealt as 'Dealt to' lines: drawn once per run, "
        "each run with its own final hands; the shown hands are one run's, so no seat's final "
        "hand is known for every run")


def _return_unmatched(hand: ParsedHand) -> None:
    """KingsClub prints no uncalled bets: the part of the top contribution no other seat
    matched went back to that seat (recorded as an uncalled return, not printed). A dead
    blind is no bet: it matches nothing."""
    dead: dict[int, int] = {}
    for action in hand.actions:
        if action.kind == ActionKind.POST_DEAD:
            dead[action.seat] = dead.get(action.seat, 0) + action.amount
    bets = {s.seat: s.contributed - dead.get(s.seat, 0) for s in hand.seats}
    ranked = sorted(hand.seats, key=lambda s: bets[s.seat], reverse=True)
    if len(ranked) < 2 or bets[ranked[0].seat] <= bets[ranked[1].seat]:
        return
    top = ranked[0]
    excess = bets[top.seat] - bets[ranked[1].seat]
    top.contributed -= excess
    street = hand.actions[-1].street if hand.actions else Street.PREDEAL
    hand.actions.append(ActionRecord(len(hand.actions) + 1, street, top.seat, ActionKind.UNCALLED_RETURN, excess))
    hand.payouts.append(PayoutRecord(top.seat, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, ""))
    hand.notes.append(f"uncalled {excess} returned to seat {top.seat} (not printed by KingsClub; derived)")


PARSER = KingsClubParser()
