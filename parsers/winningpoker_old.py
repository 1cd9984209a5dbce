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
T5795043-G33949698``) is not part of the hand and is not read. Files kept by a HUD
(DriveHUD) end each first line with what it read off the table window's title (``Game
started at: 2017/2/16 20:1:53 *** Summary: GameType: NL, TournamentId: 6995792,
TournamentBuyIn: 1.65``): not the platform's text, it is noted, and gives the limit and
the tournament's number, which the hand prints nowhere.

``Six Plus Hold'em`` (a table named ``6+ (PRR) ($5 Max)``) is the short-deck game the
rules call ``sixplus_holdem``; no hand shown down at such a table has been seen, so that
Winning ranks hands as the rules do (trips over a straight, a flush over a full house) is
not confirmed by a history. Any other game name is quarantined as ``unsupported_game``.

Stud street labels are off by one in these files (``*** Third street ***`` deals the
fourth card); streets are therefore counted from the deal, not read from the label.

A player some lines leave unnamed (``Player  has big blind (2)``, ``Player  bets (5.22)``,
``Uncalled bet (10.18) returned to`` with nothing after it; hands 665312038 and 665307190,
both at a full table, its unnamed player seated last in the seat list, out of seat order)
is the one seat of the seat list no other line names, provided the summary, which lists
the seats in the seat list's order, has its one unnamed line in that seat's place; the
note says so. Otherwise whose money it is is not printed and the hand is ``inconsistent``,
naming the line: hand 547441485 (``Player  ante (20)``, ``Player  allin (1480)``) names
every listed seat elsewhere, so its unnamed player is not in the seat list (seat, stack and
cards not printed) and has no summary line (what it was paid not printed).

A header ending in ``N-max`` (``Game ID: 270567990173 10/20 PMS_27056799 (Hold'em)
8-max``, the table named from the game id, numeric player names, ``doesn't show cards.``,
``Wins: 0`` without its full stop, also for the winner) is not the Winning client's: a
data-mining tool writes it, with no currency (kept unknown, ``currency`` None, a cash table
in hundredths of its unit) and a summary whose ``Bets`` are all 0. No hand is dealt without
a blind or an ante, so all-0 ``Bets`` beside action lines that put money in were not filled
in: the action lines say what each seat put in (noted), if they add up to the ``Pot`` line
and its rake; else the hand is ``inconsistent``.

Lines skipped on purpose carry no money or cards: after ``Player NAME``, ``_IGNORED``
(cards mucked, timeouts, sitting out, connection, comings and goings), each whole. Any
other line fails the hand with its line number.

Read by the engine (``parsers.engine``). Versions (``parser_version``) and what each
changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules.money import format_minor
from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import BRACKETS, leading_lines
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BRING_IN, CALL, CHECK, DEAD_BLIND, FOLD, RAISE_BY, SMALL_BLIND, Act, Dialect,
    DialectParser, Hand, Money, Streets, Wording, enter_summary, kind, seated, skip,
)
from parsers.winningpoker import HUD_SUMMARY, add_fee, hud_note, hud_summary
from parsers.game_names import games
from parsers.headers import Header, folded

_STARTED = re.compile(r"^Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})"
                      + HUD_SUMMARY + r"\s*$")
#: the ``GameType`` of a HUD's summary (``XX``: not known)
_HUD_LIMITS = {"NL": Limit.NO, "PL": Limit.POT, "FL": Limit.FIXED}
_GAME_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<stakes>[\d.,]+/[\d.,]+) (?P<table>.*) \((?P<game>[^()]+)\)"
                      r"(?: (?P<max>\d+)-max)?\s*$")
_TOURNAMENT_TABLE = re.compile(r"^(?P<tournament>.+), Table \d+$")
_SEAT = (r"^Seat (?P<seat>\d+)(?:: (?P<name>.+) \((?P<stack>\d[\d,]*(?:\.\d+)?)\)\.?"
         r"|(?P<button> is the button))\s*$")
_SUMMARY_SEAT = (
    r"^(?P<star>\*)?Player (?P<body>.+?)\s*Bets: (?P<bets>\d[\d,]*(?:\.\d+)?)\. "
    r"Collects: (?P<collects>\d[\d,]*(?:\.\d+)?)\. "
    r"(?:Wins|Loses): (?P<net>\d[\d,]*(?:\.\d+)?)\.?\s*$"
)
_NAME_ENDS = re.compile(r"(?= |$)")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amt>[^)]+)\) returned to(?: (?P<name>.+?))?\s*$")
_GAMES = games("omaha", "omaha hilow", "holdem", "hold'em", "six plus hold'em", "seven cards stud",
               "seven cards stud hilow", "razz")
_HEADER_FIELDS = Header(_GAMES, "unknown game {stripped!r}", folded, date_format="%Y/%m/%d %H:%M:%S")
_STUD_BY_COUNT = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
_BOARD = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_AMT = r" \((?P<amt>[^)]+)\)\s*$"
# Every verb is recorded on the street it is printed in; the first blinds set the hand's.
_SMALL_BLIND, _BIG_BLIND = replace(SMALL_BLIND, forced=False), replace(BIG_BLIND, forced=False)
_ANTE, _DEAD = replace(ANTE, forced=False), replace(DEAD_BLIND, forced=False)
_POST, _BRING_IN = replace(BLIND, forced=False), replace(BRING_IN, forced=False)
# What may follow ``Player NAME`` on a line known to carry no money or cards, skipped on
# purpose (the summary's ``mucks`` line says what a mucked seat held); any other line
# fails the hand.
_IGNORED = (
    r"^(?:mucks cards|is timed out\.|is sitting out|sitting out|is disconnected|is connected|has returned|"
    r"wait for big blind|wait BB|sits out|joined the table(?: at seat #?\d+)?\.?|left the table\.?)$"
)


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """``Game started at: 2016/8/2 11:16:59`` then ``Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)``
    (a tournament's table: ``<tournament>, Table <n>``)."""
    hand.hand_id = None  # ``first`` matched no id: the Game ID line has it
    lines = [line for line in hand.lines if line.text][:2]
    started = _STARTED.match(lines[0].text) if len(lines) == 2 else None
    if started is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"not a 'Game started at:' line: {lines[0].verbatim[:120]!r}")
    gm = _GAME_ID.match(lines[1].text)
    if not gm:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"not a 'Game ID:' line: {lines[1].verbatim[:120]!r}")
    hand.hand_id = gm["id"]
    game = _HEADER_FIELDS.game(hand, gm["game"])
    table = gm["table"].strip()
    tournament = _TOURNAMENT_TABLE.match(table)
    hud = hud_summary(started["hud"])
    if "TournamentId" in hud and not tournament:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"a HUD's summary names tournament {hud['TournamentId']}, "
                                                      f"but the table {table!r} is not a tournament's "
                                                      "('<tournament>, Table <n>')")
    hand.scale = 1 if tournament else 100
    mined = gm["max"] is not None and not tournament
    record = hand.new_record(
        game=game, limit=_HUD_LIMITS.get(hud.get("GameType", "")), is_tournament=tournament is not None,
        table_name=table, tournament_id=hud.get("TournamentId", tournament["tournament"]) if tournament else None,
        currency=None if tournament or mined else "USD", max_seats=int(gm["max"]) if gm["max"] else None,
        start_time_raw=started["date"], **_HEADER_FIELDS.fields(hand, started),
    )
    kind = "tournament" if tournament else "mined" if mined else "cash"
    record.notes.extend(_header_notes(kind, gm, hud))
    record.notes.extend(hud_note(started["hud"]))
    if " - CAP" in gm["table"]:
        record.notes.append("capped table (CAP in the table line)")
    hand.facts["table"] = gm["table"]
    return record


def _header_notes(kind: str, game_id: re.Match[str], hud: dict[str, str]) -> list[str]:
    """What the two header lines leave unprinted, and where the hand's values come from instead."""
    if kind == "tournament":
        number = ("tournament_id is the HUD's TournamentId" if "TournamentId" in hud else
                  "no tournament number printed: tournament_id is the tournament's name")
        table = f"tournament chips (', Table N' ends the table name); {number}"
    elif kind == "mined":
        table = (f"not written by the Winning client (its Game ID line never ends in '{game_id['max']}-max'): "
                 "no currency printed and none known, read as a cash table in hundredths of its unit")
    else:
        table = "no currency printed: Winning Poker cash tables are in USD"
    limit = "limit from the HUD's GameType" if hud.get("GameType") in _HUD_LIMITS else "limit not printed"
    return [f"{table}; {limit}; header stakes {game_id['stakes']} (blinds taken from the blind lines)"]


def _game_id_line(hand: Hand, m: re.Match[str]) -> bool | None:
    """The second header line (read by ``_header``); anywhere else it is not known."""
    return False if hand.seen else None


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 1: fullstacker (37.15).``; ``Seat 4 is the button`` among them."""
    if m["button"]:
        hand.record.button_seat = int(m["seat"])
    else:
        hand.add_seat(SeatRecord(seat=int(m["seat"]), player=m["name"], stack=hand.money(m["stack"])))


def _player(hand: Hand, text: str) -> tuple[SeatRecord, str]:
    """The seat whose name starts ``text`` (followed by a space or nothing), and the rest;
    a name left empty (``Player  has big blind (2)``) is the seat ``_unnamed_seat`` finds."""
    found = hand.split_name(text, _NAME_ENDS)
    if found is None and text.startswith(" "):
        seat, why = _unnamed_seat(hand)
        if seat is None:
            raise _unnamed_failure(hand, why)
        return seat, text.strip()
    if found is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no seat for the player in {text[:80]!r}")
    return found[0], found[1].strip()


def _named_on(hand: Hand, text: str) -> SeatRecord | str | None:
    """Whom a line after the seat list names: a seat, ``""`` when it leaves the name
    empty, or None when it names no player at all."""
    uncalled = _UNCALLED.match(text)
    if uncalled:
        return "" if uncalled["name"] is None else hand.by_name.get(uncalled["name"])
    if not text.startswith(("Player ", "*Player ")):
        return None
    rest = text.split("Player ", 1)[1]
    found = hand.split_name(rest, _NAME_ENDS)
    return found[0] if found else "" if rest.startswith(" ") else None


def _unnamed_seat(hand: Hand) -> tuple[SeatRecord | None, str]:
    """The seat of the player some lines leave unnamed (``Player  bets (5.22)``, ``Uncalled
    bet (10.18) returned to``; hands 665312038 and 665307190): the one seat of the seat list
    no line after it names, whose place in the seat list's order the summary's unnamed line
    takes (the summary lists the seats in that order); else None and what is missing."""
    if "unnamed" not in hand.facts:
        hand.facts["unnamed"] = _find_unnamed_seat(hand)
    return hand.facts["unnamed"]  # type: ignore[no-any-return]


def _unnamed_failure(hand: Hand, why: str) -> HandParseError:
    line = hand.line
    where = f"line {line.number} {line.verbatim.strip()!r}" if line else "a line"
    return hand.fail(QuarantineReason.INCONSISTENT, f"{where} names no player{why}")


def _find_unnamed_seat(hand: Hand) -> tuple[SeatRecord | None, str]:
    order = [hand.by_name.get(m["name"]) for line in hand.lines
             if (m := re.match(_SEAT, line.text)) and not m["button"]]
    named: set[int] = set()
    unnamed_lines: list[int] = []
    summary_order: list[SeatRecord | str | None] = []
    for line in hand.lines:
        if re.match(_SEAT, line.text):
            continue
        who = _named_on(hand, line.text)
        if who == "":
            unnamed_lines.append(line.number)
        elif isinstance(who, SeatRecord):
            named.add(who.seat)
        if re.match(_SUMMARY_SEAT, line.text):
            summary_order.append(who)
    never = [seat for seat in order if seat is not None and seat.seat not in named]
    if not never:
        return None, (", and every player of the seat list is named on other lines: a player not in the seat "
                      "list (its seat, stack and cards not printed)"
                      + ("" if "" in summary_order else ", and no summary line for it (what it was paid not printed)"))
    if len(never) > 1:
        return None, (f", and seats {', '.join(str(s.seat) for s in never)} are never named after the seat list: "
                      "whose line it is is not printed")
    seat = never[0]
    if summary_order.count("") != 1 or len(summary_order) != len(order) or (
            summary_order.index("") != order.index(seat)):
        return None, (f"; seat {seat.seat} ({seat.player}) is the only seat never named after the seat list, but "
                      "the summary's unnamed line is not in its place in the seat order")
    hand.record.notes.append(
        f"seat {seat.seat} ({seat.player}) is the player lines {', '.join(map(str, unnamed_lines))} leave unnamed: "
        "the only seat no line after the seat list names, and the summary's unnamed line is in its place "
        "in the seat order")
    return seat, ""


def _player_line(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Player NAME verb ...``: the verb is read as what follows a seated name. A notice
    that names nobody (``Player  is timed out.``, 2014) carries no money either: noted,
    unless the unnamed player's seat is known (``_unnamed_seat``)."""
    if not hand.line.verbatim.startswith("Player "):
        return False
    text = hand.line.verbatim[len("Player "):]
    if (text.startswith(" ") and hand.split_name(text, _NAME_ENDS) is None and re.match(_IGNORED, text.strip())
            and _unnamed_seat(hand)[0] is None):
        hand.record.notes.append(f"a notice naming no player, no money: {hand.line.verbatim.strip()!r}")
        return None
    seat, rest = _player(hand, text)
    if hand.read_player(seat, rest.rstrip()) is None:
        raise hand.unexpected()
    return None


def _street(hand: Hand, m: re.Match[str]) -> None:
    """``*** FLOP ***: [5d 3s 3h]``. Stud labels are off by one: the deal decides the street."""
    word = m["label"].split()[0].upper()
    if word in _BOARD:
        if hand.street != _BOARD[word]:
            hand.tracker.new_street()
        hand.street = _BOARD[word]
        board = [c for text in BRACKETS.findall(m["rest"]) for c in hand.cards(text) if c]
        if board:
            hand.board = board
    elif hand.family != "stud":
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown street line {hand.line.number}: {hand.line.verbatim!r}")


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    """``Uncalled bet (0.25) returned to ramair7``; ``returned to`` and no name: the unnamed seat."""
    if m["name"] is None:
        found, why = _unnamed_seat(hand)
        if found is None:
            raise _unnamed_failure(hand, why)
        seat = found
    else:
        seat = seated(hand, m["name"], "no seat for {name!r}", QuarantineReason.PARSE_ERROR)
    hand.return_bet(seat, hand.money(m["amt"]), paid=True)


def _received(hand: Hand, m: re.Match[str]) -> None:
    """``received card: [Ah]`` (the viewer's, or a stud card face up) or ``received a card.``
    (face down). Stud: the count of cards dealt tells the street (3rd to 6th face up)."""
    seat = hand.player
    hand.facts.setdefault("dealt", set()).add(seat.seat)
    got = hand.cards(BRACKETS.search(m["rest"])[1]) if m["seen"] else [None]  # type: ignore[index]
    if hand.family != "stud":
        if m["seen"]:
            hand.dealt[seat.seat] = hand.dealt.get(seat.seat, []) + got
        hand.street = Street.PREFLOP if hand.street == Street.PREDEAL else hand.street
        return
    counts = hand.facts.setdefault("stud count", {})
    count = counts[seat.seat] = counts.get(seat.seat, 0) + 1
    if m["seen"] and count > 7:  # a history that deals past the seventh card is broken
        raise hand.fail(QuarantineReason.INCONSISTENT, f"more than seven stud cards dealt to one seat ({count})")
    hand.dealt[seat.seat] = hand.dealt.get(seat.seat, []) + got
    if m["seen"] and 3 <= count <= 6:
        seat.upcards = seat.upcards + [c for c in got if c]
    street = _STUD_BY_COUNT.get(count)
    if street and street != hand.street:
        if hand.street != Street.PREDEAL:
            hand.tracker.new_street()
        hand.street = street


def _all_in(hand: Hand, m: re.Match[str]) -> None:
    """``allin (2.60)`` adds the amount: a call up to the largest bet this street, else a bet or a raise."""
    seat, value = hand.player.seat, hand.money(m["amt"])
    before = hand.tracker.max_street_bet()
    after = hand.tracker.street_bet(seat) + value
    verb = ActionKind.CALL if after <= before else ActionKind.BET if before == 0 else ActionKind.RAISE
    Act(verb, Money.ADDS)(hand, m)


def _all_in_mark(hand: Hand, m: re.Match[str]) -> None:
    """``allin`` alone, ``is disconnected and ALL IN``: the seat is all in, no money moves."""
    hand.player.all_in = True


def _pot(hand: Hand, m: re.Match[str]) -> None:
    """``Pot: 0.57. Rake 0.03`` (after rake; ``JP fee 0.04`` beside it); no ``Rake``: 0, inferred."""
    record, tournament = hand.record, hand.record.is_tournament
    record.total_pot_printed = hand.money(m["amt"])
    record.pots_printed, record.pots_printed_net, record.rake = [record.total_pot_printed], True, 0
    rake_seen = False
    for name, value in re.findall(r"(Rake|JP fee|[A-Za-z]+ fee) ([\d,]+(?:\.\d+)?)", m["parts"]):
        if name == "Rake":
            record.rake, rake_seen = hand.money(value), True
        else:
            add_fee(record, name, hand.money(value))
    record.rake_source = RakeSource.PRINTED if rake_seen else RakeSource.INFERRED
    if not rake_seen:
        record.notes.append("tournament pots are not raked: rake 0 (no Rake on the Pot line)"
                            if tournament else "no Rake on the Pot line: rake taken as 0")


def _summary_board(hand: Hand, m: re.Match[str]) -> None:
    found = BRACKETS.search(hand.line.text)
    if found and found[1].strip():
        hand.board = [c for c in hand.cards(found[1]) if c]


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``*Player NAME mucks (...). Bets: 0.25. Collects: 0.57. Wins: 0.32.``: what the seat
    put in (the authority) and was paid from the pot (one payout, no pot or half named)."""
    bets, collects = hand.money(m["bets"]), hand.money(m["collects"])
    body = m["body"]
    if not any(body.startswith(name + " ") or body == name for name in hand.by_name) and bets == 0 == collects:
        hand.record.notes.append(f"summary line of a player not seated, no money: {hand.line.verbatim.strip()!r}")
        return
    seat, body = _player(hand, body)
    hand.facts.setdefault("bets", {})[seat.seat] = bets
    shown = BRACKETS.findall(body)
    if shown:
        got = hand.cards(shown[-1])
        if len(got) >= len([c for c in hand.dealt.get(seat.seat, []) if c]):
            hand.dealt[seat.seat] = got
    if body.startswith("shows"):
        seat.showed = True
    elif body.startswith("mucks"):
        seat.mucked = True
    if collects:
        hand.pay(seat, collects, pot=None)


def _ended(hand: Hand) -> None:
    if not hand.in_summary or "end" not in hand.seen:
        raise hand.fail(QuarantineReason.TRUNCATED, "hand cut off before its summary ended ('Game ended at:' missing)")
    if hand.record.total_pot_printed is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, "summary without a 'Pot:' line")


def _summary_bets(hand: Hand) -> None:
    """The summary's ``Bets`` are what each seat put in; where the action lines say otherwise, noted."""
    bets, disagree = hand.facts.get("bets", {}), []
    put_in = sum(seat.contributed for seat in hand.record.seats)
    if bets and not any(bets.values()) and put_in:
        _unfilled_bets(hand, put_in)
        return
    for seat in hand.record.seats:
        if seat.seat in bets:
            if seat.contributed != bets[seat.seat]:
                disagree.append(f"seat {seat.seat} actions {seat.contributed} vs Bets {bets[seat.seat]}")
            seat.contributed = bets[seat.seat]
    if disagree:
        hand.record.notes.append("action lines disagree with the summary's Bets (Bets used): " + "; ".join(disagree))


def _unfilled_bets(hand: Hand, put_in: int) -> None:
    """No hand is dealt without a blind or an ante: ``Bets`` all 0 were never filled in (the
    data-mining writer's summary, hand 270567990173, which prints ``Wins: 0`` for its winner
    too). The action lines then say what each seat put in, if they add up to the ``Pot``
    line with its rake; if not, nothing says what was put in."""
    record, scale = hand.record, hand.record.amount_scale
    taken = (record.total_pot_printed or 0) + (record.rake or 0) + record.fees
    if put_in != taken:
        raise hand.fail(QuarantineReason.INCONSISTENT,
                        f"the summary's Bets are all 0 (not filled in) and the action lines put in "
                        f"{format_minor(put_in, scale)}, not the {format_minor(taken, scale)} of the Pot line "
                        "and its rake: what each seat put in is not known")
    record.notes.append(f"the summary's Bets are all 0 while the action lines put in {format_minor(put_in, scale)}: "
                        "Bets not filled in, what each seat put in is read from the action lines")


def _trust_the_summary_winner(hand: Hand) -> None:
    """A seat the summary pays from the pot (``*Player X mucks ... Collects: 79.25``) did not
    fold, whatever an action line says: the summary is the authority, and a fold line for
    the winner (hand 727152195, which also returns the uncalled bet to that seat) is one of
    the action lines that disagree with it. A seat dealt no card that never acts and puts
    nothing in sat out."""
    record = hand.record
    paid = {p.seat for p in record.payouts if p.source == PayoutSource.POT and p.amount > 0}
    for seat in record.seats:
        if seat.seat in paid and seat.folded_street is not None:
            record.notes.append(f"seat {seat.seat}: a fold line on {seat.folded_street.value}, but the summary pays "
                                "it from the pot: the fold line is taken to be wrong")
            seat.folded_street = None
    acted, dealt = {a.seat for a in record.actions}, hand.facts.get("dealt", set())
    for seat in record.seats:
        if seat.seat not in dealt and seat.seat not in acted and not seat.contributed:
            seat.dealt_in = False


# Jackpot ("JP") and "Beast" cash tables take a drop this format does not print (the newer
# format prints it as "JP Fee"): on every such hand seen (19 at six tables, 2014), raked
# ones are short of their Bets by exactly 0.25 after the Pot and the Rake, unraked ones by
# nothing.
_JACKPOT_DROP_CENTS = 25
_JACKPOT_TABLE = re.compile(r"\((?:[^()]*, )?JP\)|\( Beast \)")


def _unprinted_jackpot_drop(hand: Hand) -> None:
    """Record a jackpot table's 0.25 gap as the drop it is; any other gap stays."""
    record = hand.record
    if record.is_tournament or not _JACKPOT_TABLE.search(hand.facts["table"]) or record.amount_scale != 100:
        return
    gap = record.pot_total - record.paid_from_pots() - (record.rake or 0) - record.fees
    if gap == _JACKPOT_DROP_CENTS and record.rake:
        record.fee_detail["jackpot"] = record.fee_detail.get("jackpot", 0) + gap
        record.fees += gap
        record.notes.append("jackpot table: the unprinted 0.25 jackpot drop is the gap between "
                            "the Bets and the Pot plus Rake")


DIALECT = Dialect(
    platform=Platform.WINNINGPOKER,
    format=Format.WINNINGPOKER_OLD,
    version="7",
    hand_start=re.compile(r"^\ufeff*Game started at: ", re.M),
    head=_STARTED,  # the parser matches it and ``_GAME_ID`` against the file's first two lines
    first=re.compile(r"(?P<id>)"),  # ``_header`` reads the two header lines and the id
    not_first="not a 'Game started at:' line",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    body=(
        kind("end", r"^Game ended at:", skip),
        kind("game id", r"^Game ID: ", _game_id_line),
        kind("summary", r"^------ Summary ------", enter_summary),
        kind("street", r"^\*\*\* (?P<label>[^*]+?) \*\*\*:?(?P<rest>.*)$", _street),
        kind("uncalled", _UNCALLED, _uncalled),
        kind("player", r"^Player", _player_line),
    ),
    players=(
        kind("received", r"^received (?:(?P<seen>card: )|a card)(?P<rest>.*)$", _received),
        kind("dead bet", r"^posts \((?P<amt>[^)]+)\) as a dead bet\s*$", _DEAD),
        kind("small blind", rf"^has small blind{_AMT}", _SMALL_BLIND),
        kind("big blind", rf"^has big blind{_AMT}", _BIG_BLIND),
        kind("ante", rf"^(?:posts )?ante{_AMT}", _ANTE),
        # a seat posting out of turn, or straddling: live money, called and checked like a blind
        kind("post", rf"^(?:posts|straddle){_AMT}", _POST),
        kind("bring-in", rf"^bring in{_AMT}", _BRING_IN),
        kind("call", rf"^calls{_AMT}", CALL),
        kind("bet", rf"^bets{_AMT}", BET),
        kind("raise", rf"^(?:raises|caps){_AMT}", RAISE_BY),  # ``raises (0.85)``: the amount added
        kind("all-in", rf"^(?P<allin>allin){_AMT}", _all_in),
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("all-in mark", r"^(?:allin$|is disconnected and ALL IN)", _all_in_mark),
        kind("ignored", _IGNORED, skip),
    ),
    summary=(
        kind("end", r"^Game ended at:", skip),
        kind("summary", r"^------ Summary ------", skip),
        kind("pot", r"^Pot: (?P<amt>\d[\d,]*(?:\.\d+)?)\.?(?P<parts>.*)$", _pot),
        kind("board", r"^Board:", _summary_board),
        kind("summary seat", _SUMMARY_SEAT, _summary_seat),
    ),
    streets=Streets(),  # ``_street`` and ``_received`` move the streets
    name_follows=re.compile(r"(?!)"),  # a player's line starts ``Player NAME`` (``_player_line``)
    after_name=re.compile(r""),
    first_action_opens=False,
    quotes_trailing_space=True,
    before_returns=(_ended,),
    checks=(_summary_bets, _trust_the_summary_winner, _unprinted_jackpot_drop),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}", total_pot=None,
                    unbalanced="history does not add up: Bets total {put_in}, Collects {paid}, rake {rake}, "
                               "fees {fees}"),
    first_action_seq=1,
)


class WinningPokerOldParser(DialectParser):
    """The ``Game started at:`` / ``Game ID:`` format: recognised by its first two lines."""

    def sniff(self, head: str) -> bool:
        # a copy saved with every line doubled (``Game started at: ..`` , a blank line, ``Game ID: ..``)
        lines = [line for line in leading_lines(head, 3) if line.strip()][:2]
        return len(lines) == 2 and bool(_STARTED.match(lines[0])) and bool(_GAME_ID.match(lines[1]))


PARSER = WinningPokerOldParser(DIALECT)
