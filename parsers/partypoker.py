"""partypoker's classic text hand histories (to about 2022).

A hand may be preceded by ``Game #N starts.`` and ``#Game No : N``; it then reads
``***** Hand History for Game N *****``, a header such as ``$20/$40 USD FL Omaha Hi-Lo -
Thursday, January 26, 18:13:53 EST 2012`` (``$10 USD PL Omaha Hi-Lo`` names the table's
buy-in, not the blinds; tournaments: ``PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2
Blinds(20/40) - ...``; stud: ``FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2
Stakes-Antes(60/120-10)``, the small and big bets and the ante, not blinds), the table,
the button and the seats. A tournament header may name no buy-in (``NL Texas Hold'em
Trny: 71487580 Level: 1  Blinds(20/40)``), an entry fee (2005: ``$30 Buy-in  + $3 Entry
Fee``), an ante (``Blinds-Antes(600/1,200 -50)``; 2016: ``1 200/2 400 -400`` or
``1.200/2.400 -400``, digits grouped by spaces or periods: tournament chips are whole) or
no level at all (2016: ``$1 USD Buy-in``, its ``Trny: N Level: 1`` and ``Blinds(10/20)``
on lines of their own after the seats). The level lines after the seats are the hand's
own: where the header names another level, they are read. 2012 tournament files print no
blind post at all, yet the blinds are in the wins and in the next hand's stacks: the
small blind is posted by the first seat after the button (the button itself heads-up),
the big blind by the next (alone, by the first seat after the button, after ``There is no
Small Blind in this hand ...``), at most what the seat has. A tournament takes no rake,
so such a hand is read only if its wins then pay exactly what was put in; otherwise it is
quarantined as ``inconsistent``. Bracketed amounts are what each action added: ``raises
[$10 USD]``, ``is all-In  [$19 USD]``; a stud bet of the big bet on 4th street (an open
pair) is ``double bets [120]``. A 2012 Mac client writes a decimal comma throughout
(``( $26,02 USD )``, ``[ $0,25 USD ]``): a comma before exactly two digits and no point in any
amount say so, per hand. A 2011 euro table writes one line in another locale: ``posts big
blind + dead [0,35 €]`` (a decimal comma: two digits after it, the sign after the
number).

Pay lines: ``X wins $90.50 USD from the main pot with ...`` (the high half, or the whole
pot when no low is paid from that pot), ``X wins Lo ($90.50 USD) from the main pot with
8,5,3,2,A``, ``from the side pot 1``, and a bare ``X wins $3 USD`` for an uncontested
pot. No rake, no pot total and no uncalled-bet line are printed: a bet nobody matched is
paid back inside the win lines (often as a side pot of its own), so ``contributed``
keeps it and the rake is whatever the win lines do not pay (``rake`` stays empty).

Game names are read exactly (``Texas Hold'em``, ``Omaha``, ``Omaha Hi-Lo``, ``7 Card
Stud``, ``7 Card Stud Hi-Lo`` and their spellings in ``_GAMES``), never by a word they
contain: ``NL Double Hold'em`` deals three hole cards and has each player select a point
card on the flop, so it is quarantined as an unsupported game, not read as Hold'em.

A seat that neither posts nor acts (not even a fold) and is dealt no cards sat the hand
out: it is not dealt in, and so no contender for the pot.

A player the seat list does not have (one who joined after it was printed) may post and
play: partypoker prints neither its seat nor its stack, so the hand is quarantined as
``inconsistent``, naming the line.

Every line is read or known to carry no money or cards: chat (``NAME: text``), after a
seat's name ``_SEAT_NO_MONEY`` (table traffic, timeouts, connection, the time bank, a low's
description, stud's ``opens``, tournament moves and finishes), and naming nobody seated
the table line, a player the seat list leaves out folding or coming and going, and a
tournament's ``Player NAME finished in 274.`` and ``Player NAME has been moved ...``
(``_NOBODY_SEATED``). Any other
line fails the hand with its line number, whether or not it holds a money word.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterator

from rules.money import COMMA, DOT, NumberConvention
from rules.vocab import ActionKind, Format, Game, Half, Limit, Platform, QuarantineReason, RakeSource, Street
from parsers._text_hand import (
    SPLIT_GAMES,
    STUD_GAMES,
    HandBuilder,
    hand_lines,
    play_money_scale,
    stud_upcards,
    utc_iso,
)
from parsers.base import cards
from rules.records import HandParseError, ParsedHand

_HAND_START = re.compile(
    r"^[\x00\ufeff]*(?:Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History for Game \d+ \*{5})", re.M
)
_PREAMBLE = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)\s*$")
_BANNER = re.compile(r"^\*{5} Hand History for Game (?P<id>\d+) \*{5}$")
# ``... - Thursday, July 19, 22:00:19 EDT 2012``; 2012-2016 files may drop the space after
# the day's comma (``Wednesday,August 31``) and, once, the spaces around the dash
# (``PL  Omaha Hi-Saturday,February 18``), and a 2013 one the zone (``21:01:39  2013``: no
# UTC time is then known).
_HEADER = re.compile(
    r"^(?P<pre>.+?) ?- ?(?P<day>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day), ?(?P<month>\w+) (?P<dom>\d{1,2}), "
    r"(?P<time>\d\d:\d\d:\d\d) (?:(?P<tz>[A-Z]{2,5}) | )(?P<year>\d{4})$"
)
# A tournament's level and stakes: ``Blinds(20/40)``, ``Blinds-Antes(600/1,200 -50)`` (2016:
# ``1 200/2 400 -400``, digits grouped by spaces), a limit game's ``Stakes(40/80)`` or
# ``Stakes-Antes(60/120-10)`` (the small and big bets and the ante, not blinds).
_NUM = r"\d{1,3}(?:[, .]\d{3})+|\d+"  # whole chips: 1200, 1,200, 1 200 or 1.200
_LEVEL = (r"Trny: ?(?P<tid>\d+) Level: ?\d+\s+(?P<stakes>Blinds|Blinds-Antes|Stakes|Stakes-Antes)"
          rf"\((?P<sb>{_NUM})/(?P<bb>{_NUM})(?: ?-(?P<ante>{_NUM}))?\)")
# The header names a buy-in (``$11 USD Buy-in``, 2005: ``$30 Buy-in  + $3 Entry Fee``; or
# ``Freeroll``), the level, or both; a 2016 format prints the level on lines of its own.
_TOURNEY = re.compile(
    r"^(?:(?P<limit>NL|PL|FL) )?(?P<game>.+?)"
    r"(?: (?P<buyin>(?:[$€£] ?)?[\d.,]+ (?:[A-Z]{3} )?Buy-in(?:  \+ (?:[$€£] ?)?[\d.,]+ Entry Fee)?|Freeroll))?"
    rf"(?:\s+{_LEVEL})?\s*$"
)
# ``$0.10/$0.25 USD NL Texas Hold'em``, ``$10 USD PL Omaha`` (a buy-in), 2013's ``$5  USD  NL
# Texas Hold'em`` (doubled spaces), 2016's fast-fold ``$10 USD fastforward NL Texas Hold'em``
_CASH = re.compile(
    r"^(?P<stakes>[$€£]?[\d.,]+(?:/[$€£]?[\d.,]+)?) +(?P<cur>[A-Z]{3}) +(?:fastforward +)?"
    r"(?:(?P<limit>NL|PL|FL) +)?(?P<game>\S.*)$"
)
# Every name partypoker gives a game the rules evaluate, spelled exactly: any other name
# (``Double Hold'em``, three hole cards and a point card) is a game of
# its own, and reading it by a word it shares with one of these would misjudge it.
_GAMES = {
    "Texas Hold'em": Game.HOLDEM,
    "Texas Holdem": Game.HOLDEM,
    "Hold'em": Game.HOLDEM,
    "Holdem": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi": Game.OMAHA,
    "Omaha Hi-Lo": Game.OMAHA_HILO,
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi-Lo": Game.STUD_HILO,
    "Short Deck": Game.SIXPLUS_HOLDEM,  # SHORTDECK: flush over full house, trips over straight (game 18512107436)
}
# 2016 fast-fold files: ``Table Bolt  ( Real Money )``, ``seat 1: ...``, ``Forward Folds``;
# a 2012 export writes ``seat1: ...`` and ``raises[ $25 USD ]``
_TABLE = re.compile(r"^Table (?P<table>.+?) +\( ?(?P<money>Real Money|Play Money) ?\)$")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button$")
_PLAYERS = re.compile(r"^Total number of players : \d+(?: ?/ ?(?P<max>\d+))?$")  # 2013: "6 / 6"
_SEAT = re.compile(r"^[Ss]eat ?(?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*?) \)$")  # 2012: also "seat1:"
_STREET = re.compile(r"^\*\* Dealing (?P<street>[^*]*?) ?\*\*(?P<rest>.*)$")
_FLOP_STREETS = {"down cards": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_STUD_STREETS = {
    "": Street.THIRD,
    "Fourth street": Street.FOURTH,
    "Fifth street": Street.FIFTH,
    "Sixth street": Street.SIXTH,
    "River": Street.SEVENTH,
}
_AMT = r"\[\s*(?P<amt>[^\]]+?)\s*\]"
# short deck: every seat antes and the button posts a live "button blind" (two spaces before its amount)
_POST = re.compile(r"^posts (?P<what>small blind|big blind \+ dead|big blind|ante|dead blind|bring-in|button blind) +"
                   + _AMT + r"\.?$")
_ACT = re.compile(r"^(?P<verb>calls|bets|double bets|raises|completes|bring-ins|is all-In|is all-in) *" + _AMT + r"\.?$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_SHOWS = re.compile(r"^(?P<verb>shows|doesn't show) +\[(?P<cards>[^\]]*)\]")  # 2013: "doesn't show  [ 5c , 4h ]"
_WINS = re.compile(
    r"^wins (?:Lo \((?P<lo>[^)]+)\)|(?P<amt>[$€£]?[\d.,]+(?: +[A-Z]{3}| chips)?))"
    # 2005: "wins 20 chips from  side pot #1  with ...", "from  the main pot  with ..."
    r"(?: from +(?:the )?(?P<pot>main pot|side pot(?: #?(?P<side>\d+))?))?(?: +with (?P<hand>.*))?\.?$"
)
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|wins|ties|collected|returned|all-In|completes|bring-ins)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: table traffic, timeouts and connection, the time bank, a
# shown low's description (its cards are on the ``shows [...]`` line), a stud ``opens``,
# tournament moves and finishes (prizes are paid outside the pot). Naming nobody seated:
# the table line, a player the seat list leaves out folding (hand 14978808642) or coming
# and going, and a tournament's "Player NAME finished in 274." and "Player NAME has been
# moved from table 33 to this table" (the name after "Player", seated or not).
_SEAT_NO_MONEY = re.compile(
    r"^(?:opens|does not show cards\.|shows\s*[2-9TJQKA](?:,[2-9TJQKA]){4}\s+for low\.|did not respond in time|"
    r"has (?:left|joined) the table\.|is sitting out|will be using (?:his|their) time bank for this hand\.|"
    r"has been reconnected and has \d+ seconds to act\.|"
    r"is disconnected\. We will wait for .+ to reconnect for a maximum of \d+ seconds\.|"
    r"could not respond in time\.\(disconnected\)|"
    r"finished (?:the tournament )?in \d{1,3}(?:[, ]\d{3})*(?:(?:st|nd|rd|th)? place.*|\.)|has been moved from table .*)$"
)
_TRNY_LINE = re.compile(r"^Trny: ?(?P<tid>\d+) Level: ?\d+$")
_STAKES_LINE = re.compile(rf"^(?P<stakes>Blinds|Blinds-Antes|Stakes|Stakes-Antes)"
                          rf"\((?P<sb>{_NUM})/(?P<bb>{_NUM})(?: ?-(?P<ante>{_NUM}))?\)$")
# what names a seat without its taking part in the hand
_TRAFFIC = re.compile(r"^(?:has (?:left|joined) the table\.|is sitting out)$")
# a money action by someone the seat list does not have
_UNSEATED_MONEY = re.compile(
    r"^(?P<name>\S(?:.*\S)?) (?:posts (?:small blind|big blind|ante|dead blind)|calls|bets|raises|is all-In|completes)"
    r"(?: \+ dead)? +\[[^\]]+\]\.?$")
_BRACKETED = re.compile(r"[\[(] ?([$€£][^\])]*?) ?[\])]")  # a seat's stack, an action's amount
_COMMA_CENTS = re.compile(r"\d,\d\d(?!\d)")
_COMMA_EURO = re.compile(r"(\d+),(\d\d) €")
_POSTED_BLIND = re.compile(r" posts (?:small blind|big blind)")
_NO_SMALL_BLIND = "There is no Small Blind in this hand"
_NOBODY_SEATED = re.compile(
    r"^(?:"
    r".+ (?:folds|has (?:left|joined) the table\.|is sitting out)|"
    r"Your time bank will be activated in \d+ secs\. If you do not want it to be used, please act now\.|"
    r"The tournament is now finished as the remaining prizes are of equal value\.|"
    # messages of the client to its user, naming no one's money
    r"Congratulations to player .+ for winning tournament .+|>You have options at Table .+|"
    r"The time at which hand ended:.+|Chat has been disabled till the end of this hand .+|"
    r"Due to current high memory use in your system we disabled the chip and card animations .+|"
    # a tournament's moves and finishes, "Player NAME ..." (2012), the place as a bare number
    r"Player .+ (?:finished in \d{1,3}(?:[, ]\d{3})*(?:\.| place and received .+)|has been moved from table \d+ to this table))$"
)


class PartyPokerParser:
    """Parser for partypoker's classic text dialect."""

    format = Format.PARTYPOKER
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^\*{5} Hand History for Game \d+ \*{5}\s*$", head, re.M))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Each hand starts at the first of its preamble lines; a lone preamble is a cut-off hand."""
        yield from split_with_preamble(_HAND_START, _PREAMBLE, text)

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_lines(hand_text)
        index = 0
        hand_id = None
        while index < len(lines) and (not lines[index].strip() or _PREAMBLE.match(lines[index])):
            number = re.search(r"\d+", lines[index])
            hand_id = hand_id or (number.group(0) if number else None)
            index += 1
        banner = _BANNER.match(lines[index]) if index < len(lines) else None
        if not banner:
            if index >= len(lines):
                raise HandParseError(QuarantineReason.TRUNCATED, "hand ends after its 'Game #N starts.' preamble", hand_id)
            if lines[index] == "Table Closed":
                raise HandParseError(QuarantineReason.TRUNCATED, "the table closed and partypoker wrote no history for "
                                     f"this hand: {' '.join(l for l in lines[index:] if l.strip())[:120]!r}", hand_id)
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"expected the hand's banner, found {lines[index][:120]!r}", hand_id)
        hand_id = banner.group("id")
        header = _HEADER.match(lines[index + 1]) if index + 1 < len(lines) else None
        if not header:
            raise HandParseError(
                QuarantineReason.TRUNCATED if index + 1 >= len(lines) else QuarantineReason.PARSE_ERROR,
                f"cannot read the game/date line {lines[index + 1][:120] if index + 1 < len(lines) else ''!r}",
                hand_id,
            )
        pre = header.group("pre")
        tourney = _TOURNEY.match(pre)
        if tourney and not (tourney.group("buyin") or tourney.group("tid")):
            tourney = None
        cash = None if tourney else _CASH.match(pre)
        if not (tourney or cash):
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"cannot read stakes and game in {pre!r}", hand_id)
        game_name = (tourney or cash).group("game")
        game = _GAMES.get(game_name)
        if game is None:
            raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_name!r}", hand_id)
        limit_code = (tourney or cash).group("limit")
        limit = {"NL": Limit.NO, "PL": Limit.POT, "FL": Limit.FIXED}.get(limit_code or "")
        if limit is None and game in STUD_GAMES:
            limit = Limit.FIXED
        table_line = lines[index + 2] if index + 2 < len(lines) else ""
        table = _TABLE.match(table_line)
        play_money = bool(table and table.group("money") == "Play Money")
        seat_stacks = [m.group("stack") for m in map(_SEAT.match, lines) if m]
        if tourney:
            scale = 1
        elif play_money:
            scale = play_money_scale(cash.group("stakes").split("/") + seat_stacks)
        else:
            scale = 100
        build = HandBuilder(hand_id, _hand_numbers(lines), scale)
        local = datetime.strptime(
            f"{header.group('month')} {header.group('dom')} {header.group('year')} {header.group('time')}", "%B %d %Y %H:%M:%S"
        )
        zone = header.group("tz")
        hand = ParsedHand(
            hand_id=hand_id,
            platform=Platform.PARTYPOKER,
            format=Format.PARTYPOKER,
            game=game,
            limit=limit,
            is_tournament=bool(tourney),
            amount_scale=scale,
            currency=None if (tourney or play_money) else cash.group("cur"),
            tournament_id=tourney.group("tid") if tourney else None,  # else the level line's
            is_play_money=play_money,
            start_time_raw=lines[index + 1][header.start("day"):],
            start_time_utc=utc_iso(local, zone),
            hand_date=local.strftime("%Y-%m-%d"),
            table_name=table.group("table") if table else None,
            rake_source=RakeSource.ABSENT,
        )
        hand.notes.append("rake not printed")
        build.line, build.line_no = lines[index + 1], index + 2
        small_bet = self._stakes(tourney, build, hand) if tourney and tourney.group("stakes") else None
        split_game = game in SPLIT_GAMES
        stud = game in STUD_GAMES

        street = Street.PREDEAL
        big_blind_posted = False
        wins: list[tuple] = []
        no_low = False
        # 2012 tournament files print no blind post: the blinds are posted all the same
        silent_blinds = bool(tourney) and not stud and not any(_POSTED_BLIND.search(line) for line in lines)
        no_small_blind = any(line.startswith(_NO_SMALL_BLIND) for line in lines)
        for number, line in enumerate(lines[index + 2:], start=index + 3):
            build.line, build.line_no = line, number
            if not line.strip() or _PREAMBLE.match(line):
                continue
            m = _STREET.match(line)
            if m:
                names = _STUD_STREETS if stud else _FLOP_STREETS
                if m.group("street") not in names:
                    raise build.fail(QuarantineReason.PARSE_ERROR, f"unknown street {m.group('street')!r}")
                new_street = names[m.group("street")]
                if new_street not in (Street.PREFLOP, Street.THIRD):
                    build.tracker.new_street()
                if new_street == Street.PREFLOP and silent_blinds:
                    self._post_silent_blinds(build, hand, no_small_blind, _taking_part(build, lines[number:]), small_bet)
                street = new_street
                if not stud and new_street != Street.PREFLOP:
                    board = [c for c in cards(m.group("rest").strip().strip("[]")) if c]
                    hand.boards = [(hand.boards[0] if hand.boards else []) + board]
                continue
            m = _BUTTON.match(line)
            if m:
                hand.button_seat = None if stud else int(m.group("seat"))
                continue
            m = _PLAYERS.match(line)
            if m:
                hand.max_seats = int(m.group("max")) if m.group("max") else None
                continue
            m = _SEAT.match(line)
            if m and not build.actions:
                build.add_seat(int(m.group("seat")), m.group("name"), build.amount(m.group("stack")))
                continue
            if line.startswith("There was no qualifying low hand"):
                no_low = True
                continue
            if line.startswith(_NO_SMALL_BLIND):
                continue
            m = _TRNY_LINE.match(line)
            if m and street == Street.PREDEAL and tourney:
                hand.tournament_id = hand.tournament_id or m.group("tid")
                continue
            m = _STAKES_LINE.match(line)
            if m and street == Street.PREDEAL and tourney:
                small_bet = self._stakes(m, build, hand) or small_bet  # the hand's own level: the header's may be the last one
                continue
            m = _DEALT.match(line)
            if m:
                seat = build.seat_named(m.group("name"))
                dealt = cards(m.group("cards"))
                seat.cards = (seat.cards + dealt) if stud else dealt
                continue
            split = build.split_name(line)
            if split is None:
                m = _UNSEATED_MONEY.match(line)
                if m:
                    joined = any(l == f"{m.group('name')} has joined the table." for l in lines[:number])
                    raise build.fail(QuarantineReason.INCONSISTENT, (
                        "a player who joined the table after the seat list was printed" if joined else
                        "a player the seat list does not have") + " puts money in: its seat and stack are unknown")
                if _MONEY_WORDS.search(line):
                    raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected money line")
                if _TABLE.match(line) or _NOBODY_SEATED.match(line):
                    continue
                raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected line")
            seat, rest = split
            if line[len(seat.player):].startswith(":"):
                continue  # chat
            m = _WINS.match(rest)
            if m:
                if m.group("hand") and _MONEY_WORDS.search(m.group("hand")):  # a hand's description holds no money
                    raise build.fail(QuarantineReason.PARSE_ERROR, "pay lines run together on one line")
                wins.append((seat, m, line))
                continue
            before = (len(build.actions), build.tracker.street_bet(seat.seat), build.tracker.max_street_bet())
            big_blind_posted = self._action(rest, seat, street, build, hand, big_blind_posted)
            if silent_blinds and street == Street.PREFLOP and len(build.actions) > before[0]:
                _check_blinds_by_action(build, seat, before[1], max(before[2], hand.big_blind or 0))

        if not wins:
            raise HandParseError(QuarantineReason.TRUNCATED, "hand ends before any 'wins' line", hand_id)
        self._pay(build, wins, split_game, no_low)
        if silent_blinds:
            self._check_silent_blinds(build, hand)
        if stud:
            for seat in build.seats.values():
                # cards are listed in deal order (the hero as dealt, others when shown), so
                # the 3rd to 6th are the face-up ones
                seat.upcards = stud_upcards(seat.cards) if len(seat.cards) >= 3 else []
        hand.seats = build.finish_seats()
        for seat in hand.seats:
            # every seat dealt in posts or acts (a fold at least): one with neither, and no
            # cards, sat the hand out
            if not seat.cards and all(a.seat != seat.seat for a in build.actions):
                seat.dealt_in = False
        hand.actions = build.actions
        hand.payouts = build.payouts
        hand.notes.extend(build.notes)
        return hand

    def _action(self, rest: str, seat, street: Street, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool) -> bool:
        m = _POST.match(rest)
        if m:
            what, amount = m.group("what"), build.amount(_dot_decimal(m.group("amt")))
            if what == "small blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amount)
                hand.small_blind = hand.small_blind or amount
            elif what == "big blind" and not big_blind_posted:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amount)
                hand.big_blind = hand.big_blind or amount
                big_blind_posted = True
            elif what == "big blind + dead":
                live = min(amount, hand.big_blind or amount)
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, live)
                if amount > live:
                    build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount - live)
            elif what == "ante":
                build.act(Street.PREDEAL, seat, ActionKind.POST_ANTE, amount)
                hand.ante = hand.ante or amount
            elif what == "dead blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount)
            else:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
            return big_blind_posted
        if rest in ("folds", "checks", "folds.", "checks.", "Forward Folds"):  # 2012: a period after every action
            if rest.startswith("checks") and build.tracker.street_bet(seat.seat) < build.tracker.max_street_bet():
                raise build.fail(QuarantineReason.INCONSISTENT,
                                 f"checks facing a bet of {build.tracker.max_street_bet()} with "
                                 f"{build.tracker.street_bet(seat.seat)} in: a post the history does not print")
            build.act(street, seat, ActionKind.CHECK if rest.startswith("checks") else ActionKind.FOLD)
            return big_blind_posted
        m = _ACT.match(rest)
        if m:
            verb, amount = m.group("verb"), build.amount(_dot_decimal(m.group("amt")))
            if verb == "bring-ins":
                build.act(Street.PREDEAL, seat, ActionKind.BRING_IN, amount)
                hand.bring_in = amount
            else:
                kind = {
                    "calls": ActionKind.CALL,
                    "bets": ActionKind.BET,
                    "double bets": ActionKind.BET,
                    "completes": ActionKind.COMPLETE,
                }.get(verb, ActionKind.RAISE)
                all_in = verb.startswith("is all")
                if all_in:
                    kind = ActionKind.CALL if amount + build.tracker.street_bet(seat.seat) <= build.tracker.max_street_bet() else ActionKind.RAISE
                build.act(street, seat, kind, amount, all_in=all_in)
            return big_blind_posted
        m = _SHOWS.match(rest)
        if m:
            shown = cards(m.group("cards"))
            if hand.game in STUD_GAMES or len(shown) >= len(seat.cards):
                seat.cards = shown
            if m.group("verb") == "shows":
                seat.showed = True
                build.act(Street.SHOWDOWN, seat, ActionKind.SHOW)
            else:
                seat.mucked = True
                build.act(Street.SHOWDOWN, seat, ActionKind.MUCK)
            return big_blind_posted
        if _SEAT_NO_MONEY.match(rest):
            return big_blind_posted
        raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected action")

    @staticmethod
    def _stakes(m: re.Match[str], build: HandBuilder, hand: ParsedHand) -> int | None:
        """A tournament level's blinds and ante; a limit game's ``Stakes`` are its small and big
        bets, not blinds: the small bet is returned."""
        small, big = (build.amount(re.sub("[ .,]", "", m.group(g))) for g in ("sb", "bb"))
        if m.group("ante"):
            hand.ante = build.amount(re.sub("[ .,]", "", m.group("ante")))
        if m.group("stakes") in ("Blinds", "Blinds-Antes"):
            hand.small_blind, hand.big_blind = small, big
            return None
        return small

    @staticmethod
    def _post_silent_blinds(build: HandBuilder, hand: ParsedHand, no_small_blind: bool, taking_part: set[int],
                            small_bet: int | None) -> None:
        """Post the blinds a 2012 tournament hand does not print, as its wins and the next
        hand's stacks show them posted: the small blind by the first seat after the button
        (the button itself heads-up), the big blind by the next, each at most what the seat
        has left; with ``There is no Small Blind`` the first seat after the button posts the
        big blind alone. Only seats that take part in the hand count (a seat just moved to
        the table posts nothing, not even its ante). A limit level's ``Stakes(200/400)``
        are bets: its blinds are half the small bet and the small bet (100 and 200)."""
        if hand.big_blind is None and small_bet:  # a limit level: half the small bet and the small bet
            hand.small_blind, hand.big_blind = small_bet // 2, small_bet
        if hand.big_blind is None:
            raise build.fail(QuarantineReason.INCONSISTENT, "blinds not printed, and the level names none")
        order = sorted(s.seat for s in build.seats.values() if s.seat in taking_part or s.seat == hand.button_seat)
        if hand.button_seat not in order or len(order) < 2:
            raise build.fail(QuarantineReason.INCONSISTENT, "blinds not printed, and no button to place them from")
        at = order.index(hand.button_seat)
        after = order[at + 1:] + order[: at + 1]
        posters = after[:1] if no_small_blind else (after[-1:] + after[:1] if len(order) == 2 else after[:2])
        blinds = [(ActionKind.POST_BIG_BLIND, hand.big_blind)] if no_small_blind else [
            (ActionKind.POST_SMALL_BLIND, hand.small_blind), (ActionKind.POST_BIG_BLIND, hand.big_blind)]
        by_number = {s.seat: s for s in build.seats.values()}
        for number, (kind, blind) in zip(posters, blinds):
            seat = by_number[number]
            left = (seat.stack or 0) - build.tracker.contributed(number)
            build.act(Street.PREDEAL, seat, kind, min(blind, left), all_in=left <= blind)
        build.notes.append("blinds not printed: posted by " + ", ".join(
            f"seat {a.seat} ({a.amount})" for a in build.actions if a.kind in (ActionKind.POST_SMALL_BLIND,
                                                                                 ActionKind.POST_BIG_BLIND)))

    @staticmethod
    def _check_silent_blinds(build: HandBuilder, hand: ParsedHand) -> None:
        """A tournament takes no rake: blinds placed so must leave the wins paying exactly what
        was put in, or the hand is not read."""
        put_in = sum(build.tracker.contributed(s.seat) for s in build.seats.values())
        paid = sum(p.amount for p in build.payouts)
        if put_in != paid:
            raise HandParseError(
                QuarantineReason.INCONSISTENT,
                f"blinds not printed: with them posted after the button the actions put in {put_in} "
                f"and the wins pay {paid}", hand.hand_id)

    @staticmethod
    def _pay(build: HandBuilder, wins, split_game: bool, no_low: bool) -> None:
        """A pot with a ``wins Lo`` line was split: its other lines are the high half."""
        pots_with_low = set()
        for _, m, _ in wins:
            if m.group("lo"):
                pots_with_low.add(m.group("pot"))
        for seat, m, line in wins:
            build.line = line
            pot_name = m.group("pot")
            pot = None if pot_name is None else 0 if pot_name == "main pot" else int(m.group("side") or 1)
            if m.group("lo"):
                half, amount = Half.LOW, build.amount(m.group("lo"))
            else:
                amount = build.amount(m.group("amt"))
                half = Half.HIGH if split_game and pot_name in pots_with_low and not no_low else Half.WHOLE
            build.pay(seat, amount, line, pot=pot, half=half)


def _hand_numbers(lines: list[str]) -> NumberConvention:
    """How a hand writes amounts: with a decimal point and comma grouping (``$1,132``,
    ``$2,127.50``), or, in 2012 Mac-client files, with a decimal comma (``$26,02``, ``[$0,10
    USD]``), which a comma before exactly two digits and no point anywhere tell."""
    amounts = [m.group(1) for line in lines for m in _BRACKETED.finditer(line)]
    if any(_COMMA_CENTS.search(a) for a in amounts) and not any("." in a for a in amounts):
        return COMMA
    return DOT


def _dot_decimal(amount: str) -> str:
    """A euro table's post may be written in the other locale, ``0,35 €`` beside ``€0.75 EUR``:
    exactly two digits after the comma and the sign after the number say it is a decimal
    comma. Any other amount is left as printed.

    >>> _dot_decimal("0,35 €"), _dot_decimal("€0.75 EUR"), _dot_decimal("1,200")
    ('€0.35', '€0.75 EUR', '1,200')
    """
    m = _COMMA_EURO.fullmatch(amount)
    return f"€{m.group(1)}.{m.group(2)}" if m else amount


def _taking_part(build: HandBuilder, lines: list[str]) -> set[int]:
    """Seats named at the start of a line of the hand that is no chat and no table traffic."""
    seats: set[int] = set()
    for line in lines:
        split = build.split_name(line)
        if split and not line[len(split[0].player):].startswith(":") and not _TRAFFIC.match(split[1]):
            seats.add(split[0].seat)
    return seats


def _check_blinds_by_action(build: HandBuilder, seat, had: int, faced: int) -> None:
    """Blinds placed where the history prints none must make every pre-flop check and call
    one the betting allows: a check facing nothing, a call that levels the seat's bet with
    the bet it ``faced`` (at least the whole big blind, even one posted all in for less)."""
    action = build.actions[-1]
    legal = True
    if action.kind == ActionKind.CHECK:
        legal = had >= faced
    elif action.kind == ActionKind.CALL and not action.all_in:
        legal = faced > had and build.tracker.street_bet(seat.seat) == faced
    if not legal:
        raise build.fail(QuarantineReason.INCONSISTENT,
                         "blinds not printed, and with them posted after the button this action is not allowed")


def split_with_preamble(start: re.Pattern[str], preamble: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    """Cut at ``start`` matches, keeping a hand's preamble lines with the hand they announce."""
    starts: list[int] = []
    for m in start.finditer(text):
        if starts:
            between = [l for l in hand_lines(text[starts[-1]:m.start()]) if l.strip()]
            if between and all(preamble.match(l) for l in between):
                continue  # the previous start was only this hand's preamble
        starts.append(m.start())
    if not starts:
        if text.strip(" \r\n\t\ufeff\x00"):
            yield 0, text
        return
    if starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff\x00"):
        yield 0, text[: starts[0]]
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        yield begin, text[begin:end]


PARSER = PartyPokerParser()
