"""Winning Poker Network, the older text format (2015-2019; often UTF-16).

A hand looks like::

    Game started at: 2016/8/2 11:16:59
    Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)
    Seat 4 is the button
    Seat 1: fullstacker (37.15).
    Player fullstacker has small blind (0.10)
    Player ramair7 raises (0.85)
    *** FLOP ***: [5d 3s 3h]
    Uncalled bet (0.25) returned to ramair7
    ------ Summary ------
    Pot: 0.57. Rake 0.03
    *Player ramair7 mucks (does not show cards). Bets: 0.25. Collects: 0.57. Wins: 0.32.
    Game ended at: 2016/8/2 11:17:14

No currency is printed: cash tables are in USD, amounts in cents. The summary gives each
seat's ``Bets`` (what it put in, after uncalled returns) and ``Collects`` (what it was
paid from the pot); there is no pot or hi/lo breakdown, so each ``Collects`` is one
payout with ``pot`` None and, in split games, half ``unlabelled``. ``Pot`` is after rake;
``Rake`` and ``JP fee`` are what was taken (the cash tables seen print ``Rake`` even when
it is 0; a ``Pot:`` line without it gets rake 0, inferred, with a note). The summary is
the authority for the money: the action lines use one number per action (``raises
(0.85)`` is the amount added), and when they disagree with ``Bets`` the hand says so in
``notes``. A seat the summary pays from the pot did not fold, even where an action line
says so (the note says which); a seat dealt no card that never acts and puts nothing in
sat out (not dealt in).

Tournaments: what marks one is its table, named ``<tournament>, Table <n>``
(``Game ID: 714490456 2500/5000 OSS #27 - $300,000 GTD Sunday Special, Table 8
(Hold'em)``; cash tables are named like ``(PRR) Elepaio``). Its amounts are chips (scale
1, no currency) and its ``Pot:`` line prints no ``Rake`` (tournament pots are not raked:
rake 0, inferred). The hand prints no tournament number, so ``tournament_id`` is the
tournament's name as printed; the number in the file name (``HH20160828
T5795043-G33949698``) is not part of the hand and is not read.

``Six Plus Hold'em`` (a table named ``6+ (PRR) ($5 Max)``) is the short-deck game the
rules call ``sixplus_holdem``; no hand shown down at such a table has been seen, so that
Winning ranks hands as the rules do (trips over a straight, a flush over a full house) is
not confirmed by a history. Any other game name is quarantined as ``unsupported_game``.

Stud street labels are off by one in these files (``*** Third street ***`` deals the
fourth card); streets are therefore counted from the deal, not read from the label.

Lines skipped on purpose carry no money or cards: after ``Player NAME``, ``_IGNORED``
(cards mucked, timeouts, sitting out, connection, comings and goings), each whole. Any
other line fails the hand with its line number.
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
    PayoutSource,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)
from parsers.base import BetTracker, HandScope, TextParser, cards, hand_text_lines, leading_lines
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

_STARTED = re.compile(r"^Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})\s*$")
_GAME_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<stakes>[\d.,]+/[\d.,]+) (?P<table>.*) \((?P<game>[^()]+)\)\s*$")
_TOURNAMENT_TABLE = re.compile(r"^(?P<tournament>.+), Table \d+$")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\d[\d,]*(?:\.\d+)?)\)\.?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*:?(?P<rest>.*)$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+?)\s*$")
_POT = re.compile(r"^Pot: (?P<pot>\d[\d,]*(?:\.\d+)?)\.?(?P<parts>.*)$")
_SUMMARY_SEAT = re.compile(
    r"^(?P<star>\*)?Player (?P<body>.+?)\s*Bets: (?P<bets>\d[\d,]*(?:\.\d+)?)\. Collects: (?P<collects>\d[\d,]*(?:\.\d+)?)\. "
    r"(?:Wins|Loses): (?P<net>\d[\d,]*(?:\.\d+)?)\.\s*$"
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_AMOUNT_ACTION = re.compile(
    r"^(?P<verb>has small blind|has big blind|posts ante|ante|posts|straddle|bring in|calls|bets|raises|caps|allin)"
    r" \((?P<amount>[^)]+)\)\s*$"
)

_GAMES = {
    "omaha": Game.OMAHA,
    "omaha hilow": Game.OMAHA_HILO,
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "six plus hold'em": Game.SIXPLUS_HOLDEM,
    "seven cards stud": Game.STUD,
    "seven cards stud hilow": Game.STUD_HILO,
    "razz": Game.RAZZ,
}
_SPLIT = {Game.OMAHA_HILO, Game.STUD_HILO}
_STUD = {Game.STUD, Game.STUD_HILO, Game.RAZZ}
_STUD_BY_COUNT = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
_BOARD = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_DEAD_BET = re.compile(r"^posts \((?P<amount>[^)]+)\) as a dead bet\s*$")
_KINDS = {
    "has small blind": ActionKind.POST_SMALL_BLIND,
    "has big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    # a seat posting out of turn, or straddling: live money, called and checked like a blind
    "posts": ActionKind.POST_BLIND,
    "straddle": ActionKind.POST_BLIND,
    "bring in": ActionKind.BRING_IN,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
    "caps": ActionKind.RAISE,
}
# What may follow ``Player NAME`` on a line known to carry no money or cards, skipped on
# purpose (the summary's ``mucks`` line says what a mucked seat held); any other line
# fails the hand.
_IGNORED = re.compile(
    r"^(?:mucks cards|is timed out\.|is sitting out|sitting out|is disconnected|is connected|has returned|"
    r"wait for big blind|wait BB|sits out|joined the table(?: at seat #?\d+)?\.?|left the table\.?)$"
)


def _nobody_seated(body: str, names: list[str]) -> bool:
    """True when a summary line's text names none of the seated players."""
    return not any(body.startswith(name + " ") or body == name for name in names)


class WinningPokerOldParser(TextParser):
    """The ``Game started at:`` / ``Game ID:`` format of Winning Poker Network."""

    format = Format.WINNINGPOKER_OLD
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (posts, straddle, posts ante, dead bets, the JP drop)
    version = "2"
    hand_start = re.compile(r"^\ufeff*Game started at: ", re.M)

    def sniff(self, head: str) -> bool:
        lines = leading_lines(head, 2)
        return len(lines) == 2 and bool(_STARTED.match(lines[0])) and bool(_GAME_ID.match(lines[1]))

    def parse(self, hand_text: str) -> ParsedHand:
        return _read(hand_text)


def _read(text: str) -> ParsedHand:
    numbered = [(number, line) for number, line in enumerate(hand_text_lines(text), 1) if line.strip()]
    lines = [line for _, line in numbered]
    scope = HandScope(DOT)
    fail, amount = scope.fail, scope.amount

    if len(lines) < 2 or not _STARTED.match(lines[0]):
        raise fail(QuarantineReason.PARSE_ERROR, f"not a 'Game started at:' line: {lines[0][:120] if lines else ''!r}")
    gm = _GAME_ID.match(lines[1])
    if not gm:
        raise fail(QuarantineReason.PARSE_ERROR, f"not a 'Game ID:' line: {lines[1][:120]!r}")
    hand_id = scope.hand_id = gm["id"]
    game_name = gm["game"].strip()
    game = _GAMES.get(game_name.lower())
    if game is None:
        raise fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_name!r}")
    when = datetime.strptime(_STARTED.match(lines[0])["date"], "%Y/%m/%d %H:%M:%S")
    table = gm["table"].strip()
    tournament = _TOURNAMENT_TABLE.match(table)
    if tournament:
        scope.scale = 1

    hand = ParsedHand(
        hand_id=hand_id,
        platform=Platform.WINNINGPOKER,
        format=Format.WINNINGPOKER_OLD,
        game=game,
        limit=None,
        is_tournament=tournament is not None,
        tournament_id=tournament["tournament"] if tournament else None,
        amount_scale=scope.scale,
        currency=None if tournament else "USD",
        start_time_raw=_STARTED.match(lines[0])["date"],
        hand_date=when.strftime("%Y-%m-%d"),
        table_name=table,
    )
    if tournament:
        hand.notes.append(
            "tournament chips (', Table N' ends the table name); no tournament number printed: "
            f"tournament_id is the tournament's name; limit not printed; header stakes {gm['stakes']} "
            "(blinds taken from the blind lines)"
        )
    else:
        hand.notes.append(
            f"no currency printed: Winning Poker cash tables are in USD; limit not printed; "
            f"header stakes {gm['stakes']} (blinds taken from the blind lines)"
        )
    if " - CAP" in gm["table"]:
        hand.notes.append("capped table (CAP in the table line)")

    seats: dict[int, SeatRecord] = {}
    by_name: dict[str, int] = {}
    index = 2
    while index < len(lines):
        line = lines[index]
        if b := _BUTTON.match(line):
            hand.button_seat = int(b["seat"])
        elif s := _SEAT.match(line):
            seat = int(s["seat"])
            seats[seat] = SeatRecord(seat=seat, player=s["name"], stack=amount(s["stack"]))
            by_name[s["name"]] = seat
        else:
            break
        index += 1
    if not seats:
        raise fail(QuarantineReason.PARSE_ERROR, "no seat lines")
    names = sorted(by_name, key=len, reverse=True)
    hand.seats = list(seats.values())

    def player(rest: str) -> tuple[int, str]:
        for name in names:
            if rest.startswith(name + " ") or rest == name:
                return by_name[name], rest[len(name) :].strip()
        raise fail(QuarantineReason.PARSE_ERROR, f"no seat for the player in {rest[:80]!r}")

    is_stud = game in _STUD
    tracker = BetTracker()
    street = Street.PREDEAL
    stud_count: dict[int, int] = {}
    seq = 0
    board: list[str] = []
    summary = False
    ended = False
    summary_bets: dict[int, int] = {}
    dealt: set[int] = set()

    def act(seat: int | None, kind: ActionKind, value: int | None = None, all_in: bool = False) -> None:
        nonlocal seq
        seq += 1
        hand.actions.append(ActionRecord(seq, street, seat, kind, value, all_in))

    for number, line in numbered[index:]:
        if line.startswith("Game ended at:"):
            ended = True
            continue
        if line.startswith("------ Summary ------"):
            summary = True
            continue
        if summary:
            if pm := _POT.match(line):
                hand.total_pot_printed = amount(pm["pot"])
                hand.pots_printed = [hand.total_pot_printed]
                hand.pots_printed_net = True
                hand.rake = 0
                rake_seen = False
                for name, value in re.findall(r"(Rake|JP fee|[A-Za-z]+ fee) ([\d,]+(?:\.\d+)?)", pm["parts"]):
                    if name == "Rake":
                        hand.rake, rake_seen = amount(value), True
                    else:
                        key = re.sub(r"\W+", "_", name.lower())
                        hand.fee_detail[key] = hand.fee_detail.get(key, 0) + amount(value)
                        hand.fees += amount(value)
                hand.rake_source = RakeSource.PRINTED if rake_seen else RakeSource.INFERRED
                if not rake_seen:
                    hand.notes.append("tournament pots are not raked: rake 0 (no Rake on the Pot line)"
                                      if tournament else "no Rake on the Pot line: rake taken as 0")
                continue
            if line.startswith("Board:"):
                found = _BRACKETS.search(line)
                if found and found[1].strip():
                    board = [c for c in cards(found[1]) if c]
                continue
            if sm := _SUMMARY_SEAT.match(line):
                if _nobody_seated(sm["body"], names) and amount(sm["bets"]) == 0 == amount(sm["collects"]):
                    # a player the seat list does not have, who put in and took nothing
                    hand.notes.append(f"summary line of a player not seated, no money: {line.strip()!r}")
                    continue
                seat, body = player(sm["body"])
                record = seats[seat]
                summary_bets[seat] = amount(sm["bets"])
                shown = _BRACKETS.findall(body)
                if shown:
                    got = cards(shown[-1])
                    if len(got) >= len([c for c in record.cards if c]):
                        record.cards = got
                if body.startswith("shows"):
                    record.showed = True
                elif body.startswith("mucks"):
                    record.mucked = True
                collects = amount(sm["collects"])
                if collects:
                    hand.payouts.append(
                        PayoutRecord(seat, collects, None, None,
                                     Half.UNLABELLED if game in _SPLIT else Half.WHOLE,
                                     PayoutSource.POT, line)
                    )
                continue
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {number}: {line!r}")
        if sm := _STREET.match(line):
            word = sm["label"].split()[0].upper()
            if word in _BOARD:
                if street != _BOARD[word]:
                    tracker.new_street()
                street = _BOARD[word]
                got = [c for g in _BRACKETS.findall(sm["rest"]) for c in cards(g) if c]
                if got:
                    board = got
            elif not is_stud:
                raise fail(QuarantineReason.PARSE_ERROR, f"unknown street line {number}: {line!r}")
            continue  # stud labels are off by one: the deal decides the street
        if um := _UNCALLED.match(line):
            seat = by_name.get(um["name"])
            if seat is None:
                raise fail(QuarantineReason.PARSE_ERROR, f"no seat for {um['name']!r}")
            value = amount(um["amount"])
            tracker.returned(seat, value)
            act(seat, ActionKind.UNCALLED_RETURN, value)
            hand.payouts.append(PayoutRecord(seat, value, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
            continue
        if not line.startswith("Player "):
            raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
        seat, rest = player(line[len("Player ") :])
        record = seats[seat]
        if rest.startswith(("received card: ", "received a card")):
            dealt.add(seat)
        if rest.startswith("received card: "):
            got = cards(_BRACKETS.search(rest)[1])
            if is_stud:
                count = stud_count.get(seat, 0) + 1
                stud_count[seat] = count
                _stud_street(count)
                record.cards = list(record.cards) + got
                if 3 <= count <= 6:
                    record.upcards = record.upcards + [c for c in got if c]
                new_street = _STUD_BY_COUNT.get(count)
                if new_street and new_street != street:
                    if street != Street.PREDEAL:
                        tracker.new_street()
                    street = new_street
            else:
                record.cards = list(record.cards) + got
                street = Street.PREFLOP if street == Street.PREDEAL else street
            continue
        if rest.startswith("received a card"):
            if is_stud:
                count = stud_count.get(seat, 0) + 1
                stud_count[seat] = count
                record.cards = list(record.cards) + [None]
                new_street = _STUD_BY_COUNT.get(count)
                if new_street and new_street != street:
                    if street != Street.PREDEAL:
                        tracker.new_street()
                    street = new_street
            else:
                street = Street.PREFLOP if street == Street.PREDEAL else street
            continue
        if dm := _DEAD_BET.match(rest):
            # a seat coming back posts the small blind dead ("as a dead bet") beside its live post
            value = amount(dm["amount"])
            tracker.dead(seat, value)
            act(seat, ActionKind.POST_DEAD, value)
            continue
        if am := _AMOUNT_ACTION.match(rest):
            verb, value = am["verb"], amount(am["amount"])
            if verb == "allin":
                record.all_in = True
                before = tracker.max_street_bet()
                tracker.add(seat, value)
                kind = ActionKind.CALL if tracker.street_bet(seat) <= before else (
                    ActionKind.BET if before == 0 else ActionKind.RAISE)
                act(seat, kind, value, True)
            elif verb in ("ante", "posts ante"):
                tracker.dead(seat, value)
                hand.ante = hand.ante or value
                act(seat, ActionKind.POST_ANTE, value)
            else:
                tracker.add(seat, value)
                if verb == "has small blind":
                    hand.small_blind = hand.small_blind or value
                elif verb == "has big blind":
                    hand.big_blind = hand.big_blind or value
                if verb == "bring in":
                    hand.bring_in = hand.bring_in or value
                act(seat, _KINDS[verb], value)
            continue
        if rest == "folds":
            record.folded_street = street
            act(seat, ActionKind.FOLD)
            continue
        if rest == "checks":
            act(seat, ActionKind.CHECK)
            continue
        if rest == "allin" or rest.startswith("is disconnected and ALL IN"):
            record.all_in = True
            continue
        if _IGNORED.match(rest):
            continue
        raise fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")

    if not summary or not ended:
        raise fail(QuarantineReason.TRUNCATED, "hand cut off before its summary ended ('Game ended at:' missing)")
    if hand.total_pot_printed is None:
        raise fail(QuarantineReason.PARSE_ERROR, "summary without a 'Pot:' line")
    hand.boards = [board] if board else []
    tracked = tracker.seats()
    disagree = []
    for seat, record in seats.items():
        if seat in summary_bets:
            record.contributed = summary_bets[seat]
            if tracked.get(seat, 0) != summary_bets[seat]:
                disagree.append(f"seat {seat} actions {tracked.get(seat, 0)} vs Bets {summary_bets[seat]}")
        else:
            record.contributed = tracked.get(seat, 0)
    if disagree:
        hand.notes.append("action lines disagree with the summary's Bets (Bets used): " + "; ".join(disagree))
    _trust_the_summary_winner(hand)
    acted = {a.seat for a in hand.actions}
    for seat, record in seats.items():
        if seat not in dealt and seat not in acted and not record.contributed:
            record.dealt_in = False
    _unprinted_jackpot_drop(hand, gm["table"])
    if not hand.reconciles():
        hand.notes.append(
            f"history does not add up: Bets total {hand.pot_total}, Collects {hand.paid_from_pots()}, "
            f"rake {hand.rake}, fees {hand.fees}"
        )
    return hand


# Jackpot ("JP") and "Beast" cash tables take a drop this format does not print (the newer
# format prints it as "JP Fee"): on every such hand seen (19 at six tables, 2014), raked
# ones are short of their Bets by exactly 0.25 after the Pot and the Rake, unraked ones by
# nothing.
_JACKPOT_DROP_CENTS = 25
_JACKPOT_TABLE = re.compile(r"\((?:[^()]*, )?JP\)|\( Beast \)")


def _unprinted_jackpot_drop(hand: ParsedHand, table: str) -> None:
    """Record a jackpot table's 0.25 gap as the drop it is; any other gap stays."""
    if hand.is_tournament or not _JACKPOT_TABLE.search(table) or hand.amount_scale != 100:
        return
    gap = hand.pot_total - hand.paid_from_pots() - (hand.rake or 0) - hand.fees
    if gap == _JACKPOT_DROP_CENTS and hand.rake:
        hand.fee_detail["jackpot"] = hand.fee_detail.get("jackpot", 0) + gap
        hand.fees += gap
        hand.notes.append("jackpot table: the unprinted 0.25 jackpot drop is the gap between "
                          "the Bets and the Pot plus Rake")


def _trust_the_summary_winner(hand: ParsedHand) -> None:
    """A seat the summary pays from the pot (``*Player X mucks ... Collects: 79.25``) did not
    fold, whatever an action line says: the summary is the authority, and a fold line for
    the winner (hand 727152195, which also returns the uncalled bet to that seat) is one of
    the action lines that disagree with it."""
    paid = {p.seat for p in hand.payouts if p.source == PayoutSource.POT and p.amount > 0}
    for record in hand.seats:
        if record.seat in paid and record.folded_street is not None:
            hand.notes.append(
                f"seat {record.seat}: a fold line on {record.folded_street.value}, but the summary pays it "
                "from the pot: the fold line is taken to be wrong")
            record.folded_street = None


def _stud_street(count: int) -> None:
    """Stud deals past the seventh card do not exist; a history that has one is broken."""
    if count > 7:
        raise HandParseError(QuarantineReason.INCONSISTENT, f"more than seven stud cards dealt to one seat ({count})")


PARSER = WinningPokerOldParser()
