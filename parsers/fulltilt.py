"""Full Tilt Poker text hand histories (2006-2014), every game Full Tilt dealt.

A hand starts ``Full Tilt Poker Game #N: <table> - <stakes> - <game> - <time> <zone> -
<date>`` (older files write ``FullTiltPoker Game #N``, the French site's (2010) ``Full Tilt
Poker.fr Game #N``, in English and in euros; from 2013 the game comes before the
stakes; tournaments write ``<name> (<tournament id>), Table N``; some add the Eastern time
in brackets). Mixed-game tables (HORSE, 8-Game, 10-Game) name each hand's own game in its
header, so the game is read per hand.

Cap games (``CAP NL Hold'em``, ``Cap PL ...``; the case varies) are No or Pot Limit with a
cap on what each player may put in the hand: ``limit`` is ``cap`` (the vocabulary has no
"capped no limit"), and the cap itself is not printed. A player who reaches it is written
``raises to $240, and is capped``; Full Tilt then counts the seat as all in (``(Total Pot:
$625, 2 Players, 2 All-In)``), so the action and the seat are recorded ``all_in``.

Pots: the summary ``Total pot $X Main pot $Y. Side pot $Z. | Rake $R`` prints every pot
**before** rake, and Full Tilt took the rake from the main pot (``rules.md`` §2.2), so
``pots_printed_net`` is False. Pay lines are the ``wins``/``ties for`` lines before the
summary (``the high pot``, ``the low pot``, ``the side pot``, ``side pot #2``; run twice
``pot 1``/``pot 2``). Full Tilt labels the halves of a split pot, so an unlabelled pay line
is the whole pot.

The summary repeats what each seat got (``collected ($41.80)``, ``won ($311) with ...``,
per run under ``*** SUMMARY 1 ***``; a hi/lo seat's two halves as one amount). Where the
action section has pay lines they are the record and the summary is checked against them
per seat: a difference is a contradiction (``history_inconsistent``). Some hands have no
pay line at all (an uncontested pot with only ``Seat 5: X collected ($41.80), mucked``):
then the summary's amounts are the payouts, unlabelled in hi/lo games, pot 0 when a single
pot was printed, and a note says so. One summary line for an empty seat was seen running
into the next seat's line (``Seat 3: Player4 Seat 4: Player1 (big blind) collected
($0.50), mucked``): the embedded ``Seat 4:`` line is read as seat 4's.

Every line is read or known to carry no money or cards: chat (``NAME: text``), a seated
player's ``_CHATTER`` (timers, seating, connection, emotes, stud's ``is high with``),
lines naming nobody seated in ``_NOBODY_SEATED`` (observers' chat, newcomers sitting down,
adding chips or sitting out, timer and run-it-twice notices), a low hand's description wrapped onto a
line of its own in the showdown, and the summary's ``Duration`` and per-run ``Pot N``.
Any other line, in the summary too, fails the hand with its line number.

Seen in real files and read as such: 2012 tournaments print no return when
every other seat folds to a bet (``Total pot 30`` with the big blind's unmatched 15 left
out): the unmatched part is returned where the printed Total pot is exactly what was put
in without it; their all-in hands may stop printing street lines before the river, so a
summary board that extends the dealt one is the board. A hand called off after a blind
(``Total pot $0``, nothing dealt) is quarantined as ``inconsistent`` (cancelled); a
``(partial)`` hand printing only its summary is ``truncated``. A seat the summary says
folded is out even without a fold line (it timed out), and one listed ``is sitting out``
that acts was dealt in. Archive files number their hands (``******** # 2 ********``, a
first line ``BEGIN`` from Hold'em Manager 2). Header variants: stakes in thousands
(``250K/500K``), a Flipout tournament's stakes in billions (``2B/2B Ante 2B``: every seat
antes its whole stack, and its ante lines say how much), a cap printed before the game (``$400 Pot Limit Omaha Hi``: limit ``cap``),
the date in words (``15:13 ET - Wed, July 21, 2010``), ``Seats: 9`` on a line of its own.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from typing import Iterator

from rules.games import game_spec
from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Game, Limit, PayoutSource, Platform, QuarantineReason, Street
from parsers.base import AMOUNT, split_at
from parsers.clock import local_to_utc
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BRING_IN, CALL, CHECK, COMPLETE, CURRENCY_SIGNS, DEAD_BLIND, DISCARD, FOLD, MUCK, OPEN,
    RAISE_TO, SHOW, SMALL_BLIND, STAND_PAT, Dialect, DialectParser, Hand, Note, Require, Returned, Streets, button,
    chip_scale, dealt, enter_summary, kind, pays, skip, street, take_seat,
)
from parsers.game_names import games

# the site's name as its headers print it; Full Tilt's French site (2010) adds ``.fr``
_SITE = r"(?:Full Tilt Poker(?:\.fr)?|FullTiltPoker)"
_HAND_START = re.compile(r"^\ufeff*" + _SITE + r" Game #\d+", re.M)
_SNIFF = re.compile(_SITE + r" Game #\d+: ")
# Full Tilt's hand-history archive (hands requested from support) numbers its hands with a
# line of its own before each: ``******************** # 2 *************************``
_ARCHIVE_NUMBER = re.compile(r"^\*{5,} # \d+ \*{5,}$")
# A file may start with that line, or (Hold'em Manager 2's export) with ``BEGIN``
_ARCHIVE_HEAD = re.compile(r"^(?:\*{5,} # \d+ \*{5,}|BEGIN)[ \t]*\r?\n[\s\ufeff]*")

_HEADER = re.compile(r"^" + _SITE + r" Game #(?P<id>\d+): (?P<rest>.*)$")
_HEADER_TAIL = re.compile(
    r"^(?P<body>.*) - (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,5}) - (?P<date>\d{4}/\d{2}/\d{2})"
    r"(?: \[(?P<time2>\d{1,2}:\d{2}:\d{2}) (?P<tz2>[A-Z]{2,5}) - (?P<date2>\d{4}/\d{2}/\d{2})\])?"
    r"(?: \(partial\))?\s*$"
)
# Big play-money and late tournament stakes count in thousands: ``500K/1000K``, ``50K/100K Ante 10000``;
# a Flipout tournament's first hand, where every seat antes its whole stack, in billions: ``2B/2B Ante 2B``
_STAKES = re.compile(
    r"^(?P<cur>[$€£])?(?P<lo>[\d,]+(?:\.\d+)?)[KB]?/[$€£]?(?P<hi>[\d,]+(?:\.\d+)?)[KB]?"
    r"(?: Ante [$€£]?(?P<ante>[\d,]+(?:\.\d+)?)(?P<ante_unit>B)?)?(?: (?P<cap>Cap))?$"
)
_TOURNAMENT = re.compile(r"^(?P<name>.*)\((?P<tid>\d+)\), Table (?P<table>.+)$")
# 2010: ``- 15:13 ET - Wed, July 21, 2010`` (no seconds, the date in words)
_WORDS_DATE = re.compile(r" - (?P<time>\d{1,2}:\d{2}) (?P<tz>[A-Z]{2,5}) - (?:[A-Z][a-z]+, )?(?P<month>[A-Z][a-z]+)"
                         r" (?P<day>\d{1,2}), (?P<year>\d{4})\s*$")
_MONTHS = {name: number for number, name in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
     "December"), 1)}
# Cap games that print the cap before the game: ``$15 Cap No Limit Hold'em``, ``$2,000 Cap Pot
# Limit Omaha Hi``, and without the word, ``$400 Pot Limit Omaha Hi`` (its players ``bet $295,
# and are capped``)
_PRINTED_CAP = re.compile(r"^[$€£]?[\d,]+(?:\.\d+)? (?:Cap )?(?=(?:No|Pot) Limit |NL |PL )")
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: \((?P<extra>[^()]*)\))?$")

# The zone Full Tilt printed, as an IANA zone (it wrote "CET" all year round, meaning
# Central European local time; likewise ET for New York local time).
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "CCT": "Asia/Shanghai",
    "GMT": "UTC",
    "UTC": "UTC",
    "WET": "Europe/Lisbon",
    "BST": "Europe/London",
    "MSK": "Europe/Moscow",
    "AET": "Australia/Sydney",
    "PT": "America/Los_Angeles",
}

_LIMIT_PREFIXES = (
    ("Cap No Limit ", Limit.CAP),
    ("Cap NL ", Limit.CAP),
    ("Cap Pot Limit ", Limit.CAP),
    ("Cap PL ", Limit.CAP),
    ("No Limit ", Limit.NO),
    ("NL ", Limit.NO),
    ("Pot Limit ", Limit.POT),
    ("PL ", Limit.POT),
    ("Limit ", Limit.FIXED),
    ("FL ", Limit.FIXED),
)

# ``5 card stud``: hand 32412111030
_GAMES = games("hold'em", "holdem", "omaha", "omaha hi", "omaha hi/lo", "omaha h/l", "omaha hi-lo", "5 card omaha",
               "5 card omaha hi", "5 card omaha h/l", "5 card omaha hi/lo", "5 card omaha hi-lo", "6 card omaha",
               "6 card omaha hi", "6 card omaha h/l", "6 card omaha hi/lo", "6 card omaha hi-lo", "courchevel",
               "courchevel hi", "courchevel h/l", "courchevel hi/lo", "courchevel hi-lo", "stud", "stud hi",
               "7 card stud", "7 card stud hi", "stud h/l", "stud hi/lo", "7 card stud h/l", "7 card stud hi/lo",
               "razz", "5 card stud", "2-7 triple draw", "2-7 single draw", "a-5 triple draw", "5 card draw", "badugi")

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)(?P<out>, is sitting out)?\s*$")
_ALL_IN = r"(?P<allin>, and is (?:all in|capped))?"
_PAY = re.compile(
    r"^(?P<verb>wins|ties for) (?:the )?(?:(?P<hl>high|low) )?"
    r"(?:(?P<main>main pot)|(?P<sidepot>side pot)(?: #(?P<side>\d+))?|pot)(?: (?P<run>\d+))? \((?P<amt>[^()]+)\)(?: with .*)?$"
)
# Lines a seated player produces that move no pot money and change no cards, skipped on
# purpose: timers, seating, connection, emotes, stud's ``is high with [Ks]`` (who acts
# first), chips added to a stack between hands. Their free text never holds money or cards.
_FREE_TEXT = r"[^$€£\[\]]*"
_CHATTER = re.compile(
    r"^(?:has \d+ seconds left to act|has \d+ seconds to reconnect|is sitting out|sits out|"
    rf"has returned|stands up|sits down|has been disconnected|has reconnected|has timed out{_FREE_TEXT}|"
    rf"is feeling {_FREE_TEXT}|has requested TIME|is (?:high|low) with \[[^\]]*\]|is dealt \d+ cards?|"
    rf"adds [$€£]?[\d,.]+|is all in|seems to be {_FREE_TEXT}|will be allowed to play after the button|"
    r"is connected|has left the table|re-buys and receives .*|rebuys .*)$"
)
# Lines naming no seated player known to carry no money or cards, skipped on purpose:
# observers' chat, a newcomer sitting down or buying chips (seated from the next hand),
# the table's timer and run-it-twice notices, and in a showdown a low hand's description
# wrapped onto a line of its own (`` (8,7,4,3,A)``).
# A player's betting line naming no seat: the history was edited (a seat line taken out).
_UNSEATED_PLAY = re.compile(r"^(?P<name>.+?) (?:posts|antes|brings in|calls|bets|raises|folds|checks) .*$"
                            r"|^(?P<folder>.+?) (?:folds|checks)$")


def _acts_unseated(hand: Hand, m: re.Match[str]) -> None:
    """Whose money the line moves is not known: the hand is inconsistent, not misread."""
    raise hand.fail(QuarantineReason.INCONSISTENT, f"line {hand.line.number}: {m['name'] or m['folder']!r} plays "
                                                   f"but no seat line names him: {hand.line.text!r}")


_NOBODY_SEATED = re.compile(
    r"^(?:.+ \(Observer\): .*|.+ (?:sits down|adds [$€£]?[\d,.]+|is sitting out)|\d+ seconds left to act|"
    r"Players agree to Run It Twice|No low hand qualified|Time has expired)$"
)
_WRAPPED_LOW = re.compile(r"^\([2-8A](?:,[2-8A]){4}\)$")
# Summary lines other than the totals, the board and the seats: the hand's duration, and
# each run's pot (``Pot 1 $311`` under ``*** SUMMARY 1 ***``; its pay lines are read).
_SUMMARY_NO_MONEY = re.compile(r"^(?:Duration \d+s|Pot \d+ [$€£]?[\d,]+(?:\.\d+)?)$")
_TOTAL = re.compile(rf"^Total pot {AMOUNT}(?P<pots>.*?)\s*\| Rake (?P<rake>[$€£]?[\d,]+(?:\.\d+)?)\s*$")
_POT_PART = re.compile(r"(?:Main|Side) pot(?:[- ]#?\d+)? ([$€£]?[\d,]+(?:\.\d+)?)")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_SUMMARY_EMBEDDED_SEAT = re.compile(r"\bSeat \d+: .*$")
_SUMMARY_PAID = re.compile(r"\b(?:won|collected) \((?P<amt>[^()]+)\)")
# how a summary says a seat folded: ``folded before the Flop``, ``folded on the Turn``,
# ``folded on 3rd St.``, ``folded after the First Draw``, ``didn't bet (folded)``
_SUMMARY_FOLDED = re.compile(r"\bfolded(?: ((?:on|before|after) [^()]+?))?\s*(?:\(|\)|$)")
_FOLDED_ON = {"before the Flop": Street.PREFLOP, "on the Flop": Street.FLOP, "on the Turn": Street.TURN,
              "on the River": Street.RIVER, "before the Draw": Street.PREDRAW, "after the First Draw": Street.DRAW1,
              "after the Second Draw": Street.DRAW2, "after the Third Draw": Street.DRAW3, "on 2nd St.": Street.SECOND, "on 3rd St.": Street.THIRD,
              "on 4th St.": Street.FOURTH, "on 5th St.": Street.FIFTH, "on 6th St.": Street.SIXTH,
              "on 7th St.": Street.SEVENTH}
_SUMMARY_KNOWN = re.compile(r"folded|didn't bet|showed|mucked|collected|won|lost|is sitting out|wins|ties")
# A street line: its name (a run's number after it, run twice), the cards in brackets
# (the board so far, then the new ones), and in parentheses the pot so far, which is not
# read (``(Total Pot: $13, 2 Players)``, ``(Pot: $1,425)`` on draw streets).
_STREET = re.compile(r"^\*\*\* (?P<street>[A-Z0-9 -]+?)(?: (?P<run>\d+))? \*\*\*"
                     r"(?P<cards>(?: \[[^\]]*\])*)(?: \([^()]*\))?$")

_SHOW_DOWN = {"show down": Street.SHOWDOWN}
_STREETS = Streets(
    board={"hole cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER, **_SHOW_DOWN,
           # Courchevel's first board card, dealt with the hole cards: the pre-flop
           # round follows it, so blinds still count this street.
           "flopet": Street.PREFLOP},
    stud={"2nd street": Street.SECOND, "3rd street": Street.THIRD, "4th street": Street.FOURTH, "5th street": Street.FIFTH,
          "6th street": Street.SIXTH, "7th street": Street.SEVENTH, **_SHOW_DOWN},
    draw={"hole cards": OPEN, "first draw": Street.DRAW1, "draw": Street.DRAW1, "second draw": Street.DRAW2,
          "third draw": Street.DRAW3, **_SHOW_DOWN},
)


# Games Full Tilt dealt whose rule is not known for certain, and why (README, the sweep)
_UNSETTLED = {
    "irish": "Irish: four hole cards, two discarded after the flop; whether both kept cards must "
             "play is not in any Full Tilt text found, and other descriptions disagree",
}


def _game_of(text: str) -> tuple[Game, Limit | None] | None:
    """``PL Omaha H/L`` -> (OMAHA_HILO, POT); None if the text names no game we know."""
    limit: Limit | None = None
    name = text.strip()
    capped = _PRINTED_CAP.match(name)
    if capped:
        name = name[capped.end():]
    for prefix, lim in _LIMIT_PREFIXES:
        if name.lower().startswith(prefix.lower()):
            limit, name = lim, name[len(prefix):]
            break
    name = re.sub(r"\s*\((?:Rush|Turbo|Speed)\)\s*$", "", name, flags=re.I)
    game = _GAMES.get(name.lower())
    return (game, Limit.CAP if capped else limit) if game else None


def _start_time(m: re.Match[str]) -> str | None:
    """UTC ISO time from the header, preferring the bracketed Eastern time when present."""
    time, tz, date = (m["time2"], m["tz2"], m["date2"]) if m["time2"] else (m["time"], m["tz"], m["date"])
    return local_to_utc(f"{date.replace('/', '-')} {time}", tz, _ZONES)


def _stakes_and_game(hand: Hand, segments: list[str], line: str) -> tuple[int, int, tuple[Game, Limit | None]]:
    """Which header segments hold the stakes and the game (their order changed in 2013)."""
    stakes_at = game_at = None
    game: tuple[Game, Limit | None] | None = None
    for i, seg in enumerate(segments[1:], 1):
        if stakes_at is None and _STAKES.match(seg.strip()):
            stakes_at = i
        elif game is None and (g := _game_of(seg)):
            game, game_at = g, i
    if stakes_at is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no stakes in header: {line!r}")
    if game is None or game_at is None:
        # A segment with a betting limit names the game even when we do not know it.
        named = [seg.strip() for seg in segments[1:]
                 if any(seg.strip().lower().startswith(prefix.lower()) for prefix, _ in _LIMIT_PREFIXES)]
        if named:
            why = next((f" ({why})" for word, why in _UNSETTLED.items() if word in named[0].lower()), "")
            raise hand.fail(QuarantineReason.UNSUPPORTED_GAME,
                            f"game {named[0]!r} is not one the rules support{why}, in header: {line!r}")
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"no game Full Tilt names that we know in header: {line!r}")
    return stakes_at, game_at, game


def _table(where: str, tournament: re.Match[str] | None) -> tuple[str, int | None]:
    """The table's name and its size (``(6 max)``, ``(heads up)``; other notes stay in the name)."""
    table = tournament["table"] if tournament else where
    tm = _TABLE.match(table.strip())
    if not tm:
        return table, None
    extra = (tm["extra"] or "").lower()
    if m := re.search(r"(\d+) max", extra):
        return tm["table"], int(m[1])
    if "heads up" in extra:
        return tm["table"], 2
    if tm["extra"] and not re.search(r"max|heads up|deep|shallow", extra):
        return f"{tm['table']} ({tm['extra']})", None
    return tm["table"], None


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """``<table or tournament> - <stakes> - <game> - <time> <zone> - <date>`` (any order of
    stakes and game), read from the first line."""
    line, rest = hand.lines[0].text, first["rest"]
    _only_the_summary(hand)
    tail = _HEADER_TAIL.match(rest)
    printed_time = rest[len(tail["body"]) + 3:] if tail else ""
    words = None if tail else _WORDS_DATE.search(rest)
    if words and words["month"] in _MONTHS:
        printed_time = rest[words.start() + 3:]
        tail = _HEADER_TAIL.match(f"{rest[:words.start()]} - {words['time']}:00 {words['tz']} - "
                                  f"{words['year']}/{_MONTHS[words['month']]:02d}/{int(words['day']):02d}")
    if not tail:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"header without time and date: {line!r}")
    segments = tail["body"].split(" - ")
    stakes_at, game_at, (game, limit) = _stakes_and_game(hand, segments, line)
    stakes = _STAKES.match(segments[stakes_at].strip())
    tournament = _TOURNAMENT.match(" - ".join(segments[: min(stakes_at, game_at)]))
    currency = CURRENCY_SIGNS.get(stakes["cur"]) if stakes["cur"] else None
    if currency is None:
        hand.scale = 1 if tournament is not None else chip_scale(stakes["lo"], stakes["hi"], stakes["ante"] or "")
    table, max_seats = _table(" - ".join(segments[: min(stakes_at, game_at)]), tournament)
    record = hand.new_record(
        game=game, limit=Limit.CAP if stakes["cap"] else limit, is_tournament=tournament is not None,
        currency=currency, tournament_id=tournament["tid"] if tournament else None, max_seats=max_seats,
        start_time_utc=_start_time(tail), start_time_raw=printed_time.replace(" (partial)", "").strip(),
        hand_date=tail["date"].replace("/", "-"), table_name=table,
        is_play_money=currency is None and tournament is None, pots_printed_net=False,
    )
    if stakes["ante_unit"]:  # no one posts it: each seat's ante line says what it put in
        record.notes.append(f"stakes {segments[stakes_at].strip()!r} name no ante anyone posted: "
                            "the ante is read from the seats' lines")
    elif stakes["ante"]:
        record.ante = hand.money(stakes["ante"], line)
    return record


def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot $X Main pot $Y. Side pot $Z. | Rake $R``: every pot before rake."""
    record = hand.record
    record.total_pot_printed = hand.money(m["amt"])
    record.rake = hand.money(m["rake"])
    parts = _POT_PART.findall(m["pots"])
    hand.pots = [hand.money(p) for p in parts] if parts else [record.total_pot_printed]


def _summary_board(hand: Hand, m: re.Match[str]) -> None:
    """``Board: [...]`` (per run under ``*** SUMMARY N ***``): noted if it is not the board dealt."""
    printed = hand.cards(m["cards"])
    target = hand.run_boards.get(hand.summary_run) if hand.summary_run else hand.board
    if target is not None and len(printed) > len(target) and printed[:len(target)] == target:
        # 2012 tournaments' all-in hands may stop printing street lines before the river
        # (``*** TURN ***`` and then the summary): the summary's board is the board dealt
        hand.record.notes.append(f"street lines show the board {target} only; the summary's {printed} is the board")
        if hand.summary_run:
            hand.run_boards[hand.summary_run] = printed  # type: ignore[assignment]
        else:
            hand.board = printed  # type: ignore[assignment]
    elif target is not None and printed != target:
        hand.record.notes.append(f"summary board {printed} differs from the dealt board {target}")


def _summary_seat(hand: Hand, m: re.Match[str]) -> bool:
    return _read_summary_seat(hand, m, hand.line.text)


def _read_summary_seat(hand: Hand, m: re.Match[str], text: str) -> bool:
    """A summary seat line: what the seat won (checked against the pay lines), the cards
    it showed or mucked, whether it sat out. One line for an empty seat was seen running
    into the next seat's (``Seat 3: Player4 Seat 4: Player1 (big blind) collected ...``):
    the embedded line is read as that seat's."""
    seat = hand.seats.get(int(m["seat"]))
    if seat is None:
        embedded = _SUMMARY_EMBEDDED_SEAT.search(m["rest"])
        if embedded is None:
            return False
        hand.record.notes.append(f"summary line for empty seat {m['seat']} runs into another seat's line: {text!r}")
        return _read_summary_seat(hand, _SUMMARY_SEAT.match(embedded[0]), embedded[0])
    rest = m["rest"]
    if rest.startswith(seat.player):
        rest = rest[len(seat.player):]
    if pm := _PAY.match(rest.strip()):
        amount, pot, run, half = hand.pay_terms(pm)
        hand.summary_won(seat, amount, text, pot=pot, run=run, half=half)
    for paid in _SUMMARY_PAID.finditer(rest):
        # The seat's whole share (both halves of a hi/lo pot, as one amount).
        hand.summary_won(seat, hand.money(paid["amt"]), text, run=hand.summary_run, half=hand.half(None, labelled=False))
    if "is sitting out" in rest and not any(a.seat == seat.seat for a in hand.record.actions):
        seat.dealt_in = False
    folded = _SUMMARY_FOLDED.search(rest)
    if folded and seat.folded_street is None:
        # a seat that timed out or disconnected has no fold line; its summary line says it folded
        seat.folded_street = _FOLDED_ON.get(folded[1] or "", hand.opening)
    if not _SUMMARY_KNOWN.search(rest):
        hand.record.notes.append(f"summary line for seat {seat.seat} does not say how it left the hand: {text!r}")
    if shown := re.search(r"\b(showed|mucked) \[([^\]]*)\]", rest):
        hand.reveal(seat, shown[2], showed=shown[1] == "showed")
    return True


def _stud_summary_cards_only_when_all_seven(hand: Hand) -> None:
    """In stud a summary's cards replace what the deal and the shows tell only when they
    are all of the seat's cards (seven; five in five-card stud)."""
    if hand.family != "stud":
        return
    dealt = game_spec(hand.record.game).hole_cards
    for seat in hand.record.seats:
        summary = hand.revealed.get(seat.seat) or []
        held = summary if len(summary) == dealt else hand.shown.get(seat.seat) or hand.dealt.get(seat.seat)
        seat.cards = list(held or [])


def _mucked_winners_did_not_concede(hand: Hand) -> None:
    """``mucks`` before winning uncontested: the seat did not concede."""
    paid = {p.seat for p in hand.record.payouts}
    for seat in hand.record.seats:
        if seat.mucked and seat.seat in paid:
            seat.mucked = False


def _acting_seats_were_dealt_in(hand: Hand) -> None:
    """A seat listed ``is sitting out`` that then acts and wins (``Seat 9: Player8 ($4.96),
    is sitting out``, later ``Player8 calls $0.30`` ... ``Player8 wins the pot``) was dealt in."""
    acted = {a.seat for a in hand.record.actions if a.kind in _DEALT_IN_ACTIONS}
    for seat in hand.record.seats:
        if seat.seat in acted:
            seat.dealt_in = True


def _pots_printed_before_rake(hand: Hand) -> None:
    if hand.record.pots_printed:
        hand.record.notes.append("pots printed before rake; Full Tilt took the rake from the main pot (rules.md §2.2)")


def _table_size(hand: Hand, m: re.Match[str]) -> None:
    """``Seats: 9``, a line of its own after the header of 2013 tournament hands
    (``$10,000 Rush Guar (Rebuy) (247042894), Table 6``, whose table name gives no size)."""
    if hand.record.max_seats is None:
        hand.record.max_seats = int(m["seats"])


def _stands_pat_on(hand: Hand, m: re.Match[str]) -> None:
    """``Hero stands pat on [6d 7d 9h 3s 4s]`` (draw hands from 2012): a stand pat that
    prints the cards kept, which are the seat's whole hand."""
    STAND_PAT(hand, m)
    hand.deal(hand.player, f"[{m['kept']}]")


def _only_the_summary(hand: Hand) -> None:
    """Hands headed ``(partial)`` may print nothing but their summary (no seat lines, no
    actions: the viewer joined as it ended): nothing to audit, the history is cut."""
    summary_at = next((i for i, line in enumerate(hand.lines) if line.text.startswith("*** SUMMARY")), None)
    if summary_at is not None and not any(line.text for line in hand.lines[1:summary_at]):
        raise hand.fail(QuarantineReason.TRUNCATED, "only the summary of this hand is printed (a partial history)")


def _unprinted_return_the_total_leaves_out(hand: Hand) -> None:
    """Full Tilt's tournaments of 2012 print no return when every other seat folds to a
    bet or to the big blind (``Player1 posts the big blind of 30``, all fold, ``Total pot
    30 | Rake 0`` with the small blind's 15 in it; ``raises to 345, and is all in``, all
    fold, ``Total pot 75``): the part nobody matched went back. It is returned only
    where the printed Total pot is exactly what was put in without it."""
    unmatched = hand.tracker.unmatched()
    printed = hand.record.total_pot_printed
    if unmatched is not None and printed is not None and sum(hand.tracker.seats().values()) - unmatched[1] == printed:
        hand.return_unmatched()


def _cancelled(hand: Hand) -> None:
    """A hand called off after a blind was posted (``Villain posts the small blind of $5``,
    the other seat sits out, ``Total pot $0 | Rake $0``, nothing dealt): the blind went
    back unprinted, so there is nothing to audit; quarantined as PokerStars' cancelled
    hands are."""
    record = hand.record
    if (record.total_pot_printed == 0 and record.pot_total > 0
            and not any(p.source == PayoutSource.POT for p in record.payouts)
            and not any(a.kind in _DEALT_IN_ACTIONS for a in record.actions)):
        raise hand.fail(QuarantineReason.INCONSISTENT, "hand cancelled by the platform: no pot was played")


# actions only a hand that was dealt has
_DEALT_IN_ACTIONS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                               ActionKind.BRING_IN, ActionKind.COMPLETE, ActionKind.SHOW, ActionKind.MUCK})


class FullTiltParser(DialectParser):
    """The engine's parser, reading Full Tilt's archive files too: their first hand is
    preceded by its number line (or an exporter's ``BEGIN``), which is no hand."""

    def sniff(self, head: str) -> bool:
        head = head.lstrip("\ufeff \r\n\t")
        archive = _ARCHIVE_HEAD.match(head)
        return super().sniff(head[archive.end():] if archive else head)

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        for offset, chunk in split_at(self.hand_start, text):
            if offset == 0 and not self.hand_start.match(chunk) and all(
                    not line.strip() or _ARCHIVE_NUMBER.match(line.strip()) or line.strip() == "BEGIN"
                    for line in chunk.splitlines()):
                continue
            yield offset, chunk


DIALECT = Dialect(
    platform=Platform.FULLTILT,
    format=Format.FULLTILT,
    version="4",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_HEADER,
    not_first="not a Full Tilt header",
    header=_header,
    strip_lines=True,
    complete=re.compile(r"^\*\*\* SUMMARY \*\*\*"),
    truncated="hand ends before its *** SUMMARY *** section (cut off at the end of the file?)",
    seat=kind("seat", _SEAT, take_seat),
    body=(
        kind("summary", r"^\*\*\* SUMMARY(?: (?P<run>\d+))? \*\*\*$", enter_summary),
        kind("street", _STREET, street),
        kind("button", r"^The button is in seat #(?P<seat>\d+)$", button),
        kind("uncalled", rf"^Uncalled bet of {AMOUNT} returned to (?P<name>.+?)\s*$", Returned()),
        kind("dealt", r"^Dealt to (?P<who>.+)$", dealt),
        kind("table size", r"^Seats: (?P<seats>\d+)$", _table_size),
    ),
    players=(
        kind("pay", _PAY, pays),
        kind("bounty", r"^wins the [$€£]?[\d,.]+ bounty\b", Note("bounty line not counted as pot money: {line!r}")),
        kind("small blind", rf"^posts the small blind of {AMOUNT}{_ALL_IN}$", SMALL_BLIND),
        kind("big blind", rf"^posts the big blind of {AMOUNT}{_ALL_IN}$", BIG_BLIND),
        kind("dead blind", rf"^posts (?:a |the )?dead (?:small )?blind of {AMOUNT}{_ALL_IN}$", DEAD_BLIND),
        kind("post", rf"^posts {AMOUNT}{_ALL_IN}$", BLIND),
        kind("ante", rf"^antes {AMOUNT}{_ALL_IN}$", ANTE),
        kind("bring-in", rf"^brings in for {AMOUNT}{_ALL_IN}$", BRING_IN),
        kind("complete", rf"^completes it to {AMOUNT}{_ALL_IN}$", COMPLETE),
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls {AMOUNT}{_ALL_IN}$", CALL),
        kind("bet", rf"^bets {AMOUNT}{_ALL_IN}$", BET),
        kind("raise", rf"^raises to {AMOUNT}{_ALL_IN}$", RAISE_TO),
        kind("discard", r"^discards (?P<changed>\d+) cards?(?: \[(?P<discarded>[^\]]*)\])?$", DISCARD),
        kind("stand pat", r"^stands pat$", STAND_PAT),
        kind("stand pat on", r"^stands pat on \[(?P<kept>[^\]]*)\]$", _stands_pat_on),
        kind("show", r"^shows(?: \[(?P<cards>[^\]]*)\])?.*$", SHOW),
        kind("muck", r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$", MUCK),
    ),
    quiet=_CHATTER,
    chat=re.compile(r"^: "),
    name_follows=re.compile(r"(?=: | |$)"),
    unseated=(
        kind("nobody seated", _NOBODY_SEATED, skip),
        kind("wrapped low", _WRAPPED_LOW, skip, on=(Street.SHOWDOWN,)),
        kind("acts unseated", _UNSEATED_PLAY, _acts_unseated),
    ),
    summary=(
        kind("summary", r"^\*\*\* SUMMARY(?: (?P<run>\d+))? \*\*\*$", enter_summary),
        kind("total", _TOTAL, _total),
        kind("board", r"^Board: (?P<cards>.*)$", _summary_board),
        kind("no money", _SUMMARY_NO_MONEY, skip),
        kind("archive number", _ARCHIVE_NUMBER, skip),
        kind("summary seat", _SUMMARY_SEAT, _summary_seat),
    ),
    streets=_STREETS,
    labels_halves=True,
    board_repeats=True,
    summary_won=True,
    summary_pays=True,
    requires=(Require("total", QuarantineReason.TRUNCATED, "summary has no 'Total pot ... | Rake' line"),),
    before_returns=(_unprinted_return_the_total_leaves_out,),
    checks=(_stud_summary_cards_only_when_all_seven, _mucked_winners_did_not_concede, _pots_printed_before_rake,
            _acting_seats_were_dealt_in, _cancelled),
    first_action_seq=1,
)

PARSER = FullTiltParser(DIALECT)
