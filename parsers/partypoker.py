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
on lines of their own after the seats; 2018: a sit & go's bare price ``NL Texas Hold'em
$0.25 USD``, a tournament only where its ``Trny: N Level: 1`` line follows, and thousands
shortened with a K in the header only, ``Blinds-Antes(700/1.4K -175)``). The level lines after the seats are the hand's
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
amount say so, per hand. That client also drops the line break after some lines, printing
two as one: ``Player3 is sitting outPlayer4 posts big blind [$0,25 USD].`` (hand
12395237393), ``Player3 wins $27,37 USD from the main pot with two pairs, Aces and
Queens.Player4 wins $27,36 USD ...`` (hand 12395241485), ``Player2 does not show
cards.Player2 wins $1,10 USD`` (hand 12385840660). Such a line is read as the lines it
joins only where its first part is a whole line of one of the kinds seen joined (``is
sitting out``, ``does not show cards.``, a win line ending in its period) by a listed seat
and the rest begins with a listed seat's name; both keep the file's line number and a note
names the line. A win line whose description runs into anything else (a name not seated)
still fails the hand. A 2011 euro table writes one line in another locale: ``posts big
blind + dead [0,35 €]`` (a decimal comma: two digits after it, the sign after the
number); a 2018 dollar table likewise ``posts big blind + dead [$0,03].`` (no currency word).

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
play: partypoker prints neither its seat nor its stack (``Player8 has joined the table.``
names no seat). Settlement needs its seat (the odd chip's order) and what it put in (its
lines), not its stack; so the hand is read where the seat can be told: the seat list
holds as many seats as ``Total number of players : 8/9`` says, exactly one seat of the
table is free (unlisted, or left by a listed player who takes no part: ``Player6 has left
the table.`` before the newcomer posts, hand 11970291958), and nobody else the list leaves
out is named at the table (hand 10498911237: 8 of 9 seats listed, seat 2 free; hand
12385840660: a big blind by a player with no joined line, 5 of 6, seat 2 free). A note
says so. Otherwise (seats 5 and 6 free, hand 13291512580; three joiners for seats 1, 2 and
9, hand 9521729454; both seats of a heads-up table listed, hand 14981802530; a table
without its size) the hand is quarantined as ``inconsistent``, naming the line and why.

A knockout's ``X has knocked out Y and won a $0.10 USD bounty prize.`` is a ``BOUNTY``
payout in cents of the buy-in's currency, outside the pot.

Every line is read or known to carry no money or cards: chat (``NAME: text``), after a
seat's name ``_SEAT_NO_MONEY`` (table traffic, timeouts, connection, the time bank, a low's
description, stud's ``opens``, tournament moves and finishes), and naming nobody seated
the table line, a player the seat list leaves out folding or coming and going, and a
tournament's ``Player NAME finished in 274.`` and ``Player NAME has been moved ...``, the
break notice (``_NOBODY_SEATED``), and a 2017 New Jersey table's chat printed bare (``nice
stretch``: no digit, bracket, currency sign or poker verb, ``_BARE_CHAT``). Any other
line fails the hand with its line number, whether or not it holds a money word.

Read by the engine (``parsers/engine.py``). A hand written with a decimal comma is read by
the dialect with ``rules.money.COMMA``. What the 2023 dialect shares with this one is here:
the split at a preamble, ``seat_dealt``, ``max_seats``, ``all_in_or_sat_out``; the old
wording of a line not known is the engine's ``Unexpected``. Versions (``parser_version``)
and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

from rules.games import game_spec
from rules.money import COMMA, DOT, AmountError, NumberConvention
from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Half, Limit, PayoutSource, Platform, QuarantineReason, Street
from parsers._text_hand import STUD_GAMES, hand_lines, play_money_scale, stud_upcards, utc_iso
from parsers.headers import header_read, read_by_header
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BOTH_BLINDS, BRING_IN, CALL, CHECK, COMPLETE, DEAD_BLIND, OPEN, RAISE_BY, SMALL_BLIND,
    Act, Dialect, DialectParser, Hand, Line, Money, Rake, Streets, Unexpected, Wording, fold_once, kind, read_cards,
    seated, skip, take_seat,
)
from parsers.game_names import games, limits

_HAND_START = re.compile(
    r"^[\x00\ufeff]*(?:Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History for Game \d+ \*{5})", re.M
)
PREAMBLE = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)\s*$")
# what partypoker prints in place of a hand it wrote no history for, and why
_NO_HISTORY = {"Table Closed": "the table closed and",
               "Connection Lost due to some reason": "the connection was lost and"}
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
# whole chips: 1200, 1,200, 1 200 or 1.200; a 2018 header shortens thousands: 1K, 1.4K
_NUM = r"\d+(?:\.\d{1,3})?K|\d{1,3}(?:[, .]\d{3})+|\d+"
_LEVEL_LINE = re.compile(r"^Trny: ?(?P<tid>\d+) Level: ?\d+$")
_STAKES = (rf"(?P<stakes>Blinds|Blinds-Antes|Stakes|Stakes-Antes)\((?P<sb>{_NUM})/(?P<bb>{_NUM})"
           rf"(?: ?-(?P<ante>{_NUM}))?\)")
# The header names a buy-in (``$11 USD Buy-in``, 2005: ``$30 Buy-in  + $3 Entry Fee``; or
# ``Freeroll``), the level, or both; a 2016 format prints the level on lines of its own.
_TOURNEY = re.compile(
    r"^(?:(?P<limit>NL|PL|FL) )?(?P<game>.+?)"
    r"(?: (?P<buyin>(?:[$€£] ?)?[\d.,]+ (?:[A-Z]{3} )?Buy-in(?:  \+ (?:[$€£] ?)?[\d.,]+ Entry Fee)?|Freeroll)"
    # 2018: a sit & go's ``$0.25 USD`` (its level on lines of its own), ``$0.22 USD Trny:N ...``
    r"|(?: (?P<price>[$€£][\d.,]+ [A-Z]{3})(?= *$| Trny:)))?"
    rf"(?:\s+Trny: ?(?P<tid>\d+) Level: ?\d+\s+{_STAKES})?\s*$"
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
# ``Short Deck`` (game 18512107436) is recorded as sixplus_holdem; whether trips beat a
# straight there is in doubt, so the audit tries both rankings (rules.games.UNSETTLED_RANKINGS)
_GAMES = games("Texas Hold'em", "Texas Holdem", "Hold'em", "Holdem", "Omaha", "Omaha Hi", "Omaha Hi-Lo", "7 Card Stud",
               "7 Card Stud Hi-Lo", "Short Deck")
_LIMITS = limits("NL", "PL", "FL")
# 2016 fast-fold files: ``Table Bolt  ( Real Money )``, ``seat 1: ...``, ``Forward Folds``;
# a 2012 export writes ``seat1: ...`` and ``raises[ $25 USD ]``
_TABLE = re.compile(r"^Table (?P<table>.+?) +\( ?(?P<money>Real Money|Play Money) ?\)$")
_SEAT = re.compile(r"^[Ss]eat ?(?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*?) \)$")  # 2012: also "seat1:"
_STREETS = Streets(board={"down cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER},
                   stud={"": OPEN, "fourth street": Street.FOURTH, "fifth street": Street.FIFTH,
                         "sixth street": Street.SIXTH, "river": Street.SEVENTH})
_STREET_NAMES = {"board": ("down cards", "Flop", "Turn", "River"),  # as printed: another spelling is unknown
                 "stud": ("", "Fourth street", "Fifth street", "Sixth street", "River")}
_AMT = r"\[\s*(?P<amt>[^\]]+?)\s*\]"
_WINS = re.compile(
    r"^wins (?:Lo \((?P<lo>[^)]+)\)|(?P<amt>[$€£]?[\d.,]+(?: +[A-Z]{3}| chips)?))"
    # 2005: "wins 20 chips from  side pot #1  with ...", "from  the main pot  with ..."
    r"(?: from +(?:the )?(?P<pot>main pot|side pot(?: #?(?P<side>\d+))?))?(?: +with (?P<hand>.*))?\.?$"
)
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|wins|ties|collected|returned|all-In|completes|bring-ins)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: table traffic, timeouts and connection, the time bank, a
# shown low's description (its cards are on the ``shows [...]`` line), a stud ``opens``,
# tournament moves and finishes (prizes are paid outside the pot).
_SEAT_NO_MONEY = re.compile(
    r"^(?:opens|does not show cards\.|shows\s*[2-9TJQKA](?:,[2-9TJQKA]){4}\s+for low\.|did not respond in time|"
    r"has (?:left|joined) the table\.|is sitting out|will be using (?:his|their) time bank for this hand\.|"
    r"has been reconnected and has \d+ seconds to act\.|"
    r"is disconnected\. We will wait for .+ to reconnect for a maximum of \d+ seconds\.|"
    r"could not respond in time\.\(disconnected\)|"
    r"finished (?:the tournament )?in \d{1,3}(?:[, ]\d{3})*(?:(?:st|nd|rd|th)? place.*|\.)|"
    r"has been moved from table .*)$"
)
# what names a seat without its taking part in the hand
_TRAFFIC = re.compile(r"^(?:has (?:left|joined) the table\.|is sitting out)$")
_BRACKETED = re.compile(r"[\[(] ?([$€£][^\])]*?) ?[\])]")  # a seat's stack, an action's amount
_COMMA_CENTS = re.compile(r"\d,\d\d(?!\d)")
_COMMA_EURO = re.compile(r"(\d+),(\d\d) €")
_COMMA_DOLLAR = re.compile(r"\$(\d+),(\d\d)")  # 2018: ``posts big blind + dead [$0,03].`` beside ``[$0.02 USD]``
_POSTED_BLIND = re.compile(r" posts (?:small blind|big blind)")
_NO_SMALL_BLIND = "There is no Small Blind in this hand"
# Naming nobody seated: a player the seat list leaves out folding (hand 14978808642) or
# coming and going, the client's messages to its user, and a tournament's "Player NAME
# finished in 274." and "Player NAME has been moved from table 33 to this table" (the name
# after "Player", seated or not).
_NOBODY_SEATED = re.compile(
    r"^(?:"
    r".+ (?:folds|has (?:left|joined) the table\.|is sitting out|did not respond in time)|"
    r"There will be a break in \d+ minute\(s\)|"
    r"Your time bank will be activated in \d+ secs\. If you do not want it to be used, please act now\.|"
    r"The tournament is now finished as the remaining prizes are of equal value\.|"
    # messages of the client to its user, naming no one's money
    r"Congratulations to player .+ for winning tournament .+|>You have options at Table .+|"
    r"The time at which hand ended:.+|Chat has been disabled till the end of this hand .+|"
    r"Due to current high memory use in your system we disabled the chip and card animations .+|"
    # a tournament's moves and finishes, "Player NAME ..." (2012), the place as a bare number
    r"Player .+ (?:finished in \d{1,3}(?:[, ]\d{3})*(?:\.| place and received .+)|"
    r"has been moved from table \d+ to this table))$"
)
# A 2017 New Jersey table prints its players' chat bare, without a name (``nice stretch``):
# a line with no digit, bracket or currency sign (and no money word: ``_no_money``) can
# carry no amount; one with any of them is not chat and fails the hand.
_BARE_CHAT = re.compile(r"^[^\d\[\]()$€£]+$")
# nor a poker verb: a line saying one is no chat to skip unread (``nice call`` fails the hand)
_CHAT_VERBS = re.compile(r"\b(?:post|call|bet|raise|win|won|tie|collect|return|all-?in|complete|bring-?in|fold|check|"
                         r"muck|show|ante|blind|pot)(?:s|ed)?\b", re.I)
# ``X has knocked out Y and won a $0.10 USD bounty prize.``: paid outside the pot
_BOUNTY = (r"^has knocked out (?P<out>.+) and won an? (?P<amt>[$€£][\d.,]+(?: [A-Z]{3})?) bounty prize\.$")
# a line by someone at the table (joining, sitting out, acting), who may not be listed
_AT_THE_TABLE = re.compile(r"^(?P<name>\S(?:.*?\S)?) (?:has joined the table\.|is sitting out|did not respond in time|"
                           r"folds|checks|posts |calls |bets |raises |is all-In |completes |shows |doesn't show |"
                           r"does not show |wins )")
# a money action by someone the seat list does not have
_UNSEATED_MONEY = (r"^(?P<name>\S(?:.*\S)?) (?:posts (?:small blind|big blind|ante|dead blind)|calls|bets|raises|"
                   r"is all-In|completes)(?: \+ dead)? +\[[^\]]+\]\.?$")


# --- shared with the 2023 dialect -----------------------------------------------------------

class PartyParser(DialectParser):
    """A partypoker dialect: a hand starts at the first of its preamble lines (a lone
    preamble is a cut-off hand); ``read`` reads its lines (``hand_lines``: without BOMs and
    NULs, cut at every line break, ``\\r`` alone too, as the old readers read them)."""

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        starts: list[int] = []
        for m in self.hand_start.finditer(text):
            between = [line for line in hand_lines(text[starts[-1]:m.start()]) if line.strip()] if starts else []
            if between and all(PREAMBLE.match(line) for line in between):
                continue  # the previous start was only this hand's preamble
            starts.append(m.start())
        if not starts or (starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff\x00")):
            starts.insert(0, 0)  # text before the first hand (or no hand at all) is a piece of its own
        for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
            if begin or end < len(text) or text.strip(" \r\n\t\ufeff\x00"):
                yield begin, text[begin:end]

    def read(self, lines: list[str], dialect: Dialect | None = None) -> ParsedHand:
        return Hand(dialect or self.dialect, "\n".join(lines)).read()


def seat_dealt(hand: Hand, name: str) -> SeatRecord:
    """The seat a ``Dealt to NAME [...]`` line names: nobody seated makes the hand inconsistent."""
    return seated(hand, name, "line {number} {line!r}: player {name!r} has no seat")


def max_seats(hand: Hand, m: re.Match[str]) -> None:
    """``Total number of players : 3/9`` (2013: ``3 / 9``): the table's size."""
    hand.record.max_seats = int(m["max"]) if m["max"] else None


# --- the header ---------------------------------------------------------------------------

def _banner(hand: Hand) -> int:
    """Where the banner is, after the preamble (whose number names a hand cut off after it)."""
    lines, at, hand_id = hand.lines, 0, None
    while at < len(lines) and (not lines[at].text.strip() or PREAMBLE.match(lines[at].text)):
        number = re.search(r"\d+", lines[at].text)
        hand_id = hand_id or (number.group(0) if number else None)
        at += 1
    banner = _BANNER.match(lines[at].text) if at < len(lines) else None
    if banner:
        hand.hand_id = banner["id"]
        return at
    if at >= len(lines):
        raise HandParseError(QuarantineReason.TRUNCATED, "hand ends after its 'Game #N starts.' preamble", hand_id)
    if lines[at].text in _NO_HISTORY:
        rest = " ".join(line.text for line in lines[at:] if line.text.strip())
        raise HandParseError(QuarantineReason.TRUNCATED, f"{_NO_HISTORY[lines[at].text]} partypoker wrote no history "
                             f"for this hand: {rest[:120]!r}", hand_id)
    raise HandParseError(QuarantineReason.PARSE_ERROR, f"expected the hand's banner, found {lines[at].text[:120]!r}",
                         hand_id)


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The banner, the game/date line (stakes or buy-in and level, game, limit, time) and the
    table line; the first two are then skipped as the hand is read."""
    at = _banner(hand)
    lines = [line.text for line in hand.lines]
    # the game/date and table lines follow the banner (a blank line a copy added between them aside)
    after = [i for i in range(at + 1, min(len(lines), at + 6)) if lines[i].strip()] + [len(lines)] * 2
    dated, tabled = after[0], after[1]
    header_read(hand, hand.lines[at].number, *(hand.lines[i].number for i in (dated,) if i < len(lines)))
    header = _HEADER.match(lines[dated]) if dated < len(lines) else None
    if not header:
        raise hand.fail(QuarantineReason.TRUNCATED if dated >= len(lines) else QuarantineReason.PARSE_ERROR,
                        f"cannot read the game/date line {lines[dated][:120] if dated < len(lines) else ''!r}")
    pre = header["pre"]
    tourney = _TOURNEY.match(pre)
    if tourney and not (tourney["buyin"] or tourney["tid"] or (tourney["price"] and _has_level_line(lines))):
        tourney = None  # a bare price is a buy-in only where the hand prints its level
    cash = None if tourney else _CASH.match(pre)
    game_line = tourney or cash
    if game_line is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"cannot read stakes and game in {pre!r}")
    game = _GAMES.get(game_line["game"])
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_line['game']!r}")
    limit = _LIMITS.get(game_line["limit"] or "")
    stud = game in STUD_GAMES
    table = _TABLE.match(lines[tabled]) if tabled < len(lines) else None
    play_money = bool(table and table["money"] == "Play Money")
    if tourney:
        hand.scale = 1
    elif play_money:
        stacks = [m["stack"] for m in map(_SEAT.match, lines) if m]
        hand.scale = play_money_scale(cash["stakes"].split("/") + stacks)
    local = datetime.strptime(f"{header['month']} {header['dom']} {header['year']} {header['time']}",
                              "%B %d %Y %H:%M:%S")
    record = hand.new_record(
        game=game, limit=Limit.FIXED if limit is None and stud else limit, is_tournament=bool(tourney),
        currency=None if (tourney or play_money) else cash["cur"],
        tournament_id=tourney["tid"] if tourney else None,  # else the level line's
        is_play_money=play_money, start_time_raw=lines[dated][header.start("day"):],
        start_time_utc=utc_iso(local, header["tz"]), hand_date=local.strftime("%Y-%m-%d"),
        table_name=table["table"] if table else None,
    )
    hand.line = hand.lines[dated]
    hand.facts["small bet"] = _stakes(hand, record, tourney) if tourney and tourney["stakes"] else None
    # 2012 tournament files print no blind post: the blinds are posted all the same
    hand.facts["silent blinds"] = bool(tourney) and not stud and not any(_POSTED_BLIND.search(t) for t in lines)
    hand.facts["no small blind"] = any(t.startswith(_NO_SMALL_BLIND) for t in lines)
    return record


def _has_level_line(lines: list[str]) -> bool:
    return any(_LEVEL_LINE.match(line) for line in lines)


def _chips(text: str) -> str:
    """Whole tournament chips as digits: grouping dropped, a ``K`` (thousands) multiplied out.

    >>> _chips("1.4K"), _chips("1K"), _chips("1.25K"), _chips("1,200"), _chips("1.200"), _chips("175")
    ('1400', '1000', '1250', '1200', '1200', '175')
    """
    if text.endswith("K"):
        whole, _, thousandths = text[:-1].partition(".")
        return str(int(whole) * 1000 + int(thousandths.ljust(3, "0")))
    return re.sub("[ .,]", "", text)


def _stakes(hand: Hand, record: ParsedHand, m: re.Match[str]) -> int | None:
    """A tournament level's blinds and ante; a limit game's ``Stakes`` are its small and big
    bets, not blinds: the small bet is returned."""
    small, big = (hand.money(_chips(m[g])) for g in ("sb", "bb"))
    if m["ante"]:
        record.ante = hand.money(_chips(m["ante"]))
    if m["stakes"] in ("Blinds", "Blinds-Antes"):
        record.small_blind, record.big_blind = small, big
        return None
    return small


def _level_line(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Trny: N Level: 1`` and ``Blinds(10/20)`` on lines of their own (2016), before the
    deal: the hand's own level (the header's may be the last one)."""
    if not hand.record.is_tournament:
        return False
    if m.groupdict().get("tid"):
        hand.record.tournament_id = hand.record.tournament_id or m["tid"]
    else:
        hand.facts["small bet"] = _stakes(hand, hand.record, m) or hand.facts["small bet"]
    return None


def _players(hand: Hand, m: re.Match[str]) -> None:
    """``Total number of players : 3/9``: how many the seat list lists, and the table's size."""
    hand.facts["players listed"] = int(m["count"])
    max_seats(hand, m)


def _button(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 3 is the button`` (stud has none: ``Seat 0``)."""
    hand.record.button_seat = None if hand.family == "stud" else int(m["seat"])


# --- streets, cards and unprinted blinds ---------------------------------------------------

def _street(hand: Hand, m: re.Match[str]) -> None:
    """``** Dealing Flop ** [ 9s, 4d, Tc ]``, stud's ``** Dealing **``; in a 2012 tournament
    that prints no blinds, the deal is where they are posted."""
    if m["street"] not in _STREET_NAMES[hand.family]:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"line {hand.line.number} {hand.line.text!r}: unknown street {m['street']!r}")
    board = hand.family == "board" and m["street"] != "down cards"
    hand.enter_street(m["street"], m["rest"].strip().strip("[]") if board else None, None)
    if hand.street == Street.PREFLOP and hand.facts["silent blinds"]:
        _post_silent_blinds(hand)


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [ Kd 7c ]``: stud deals street by street, listed in deal order."""
    seat, cards = seat_dealt(hand, m["name"]), read_cards(m["cards"])
    held = hand.facts.setdefault("cards", {})
    held[seat.seat] = held.get(seat.seat, []) + cards if hand.family == "stud" else cards


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``shows [ Kd, 7c ]a pair of Sevens.``, ``doesn't show [ 3s, 5c ]``: the cards, unless
    fewer than were dealt (stud: always)."""
    seat, shown = hand.player, read_cards(m["cards"])
    held = hand.facts.setdefault("cards", {})
    if hand.family == "stud" or len(shown) >= len(held.get(seat.seat, [])):
        held[seat.seat] = shown
    if m["verb"] == "shows":
        seat.showed = True
    else:
        seat.mucked = True
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW if m["verb"] == "shows" else ActionKind.MUCK)


def _taking_part(hand: Hand) -> set[int]:
    """Seats named at the start of a later line of the hand that is no chat and no table traffic."""
    seats: set[int] = set()
    for line in hand.lines:
        hit = hand.split_name(line.text) if line.number > hand.line.number else None
        if hit and not hit[1].startswith(":") and not _TRAFFIC.match(hit[1].lstrip(": ")):
            seats.add(hit[0].seat)
    return seats


def _post_silent_blinds(hand: Hand) -> None:
    """Post the blinds a 2012 tournament hand does not print, after the button as the module
    says, by seats that take part in the hand (one just moved to the table posts nothing).
    A limit level's ``Stakes(200/400)`` are bets: its blinds are 100 and 200."""
    record, small_bet, alone = hand.record, hand.facts["small bet"], hand.facts["no small blind"]
    if record.big_blind is None and small_bet:
        record.small_blind, record.big_blind = small_bet // 2, small_bet
    where = f"line {hand.line.number} {hand.line.text!r}: "
    if record.big_blind is None:
        raise hand.fail(QuarantineReason.INCONSISTENT, where + "blinds not printed, and the level names none")
    taking_part = _taking_part(hand)
    order = sorted(s for s in hand.seats if s in taking_part or s == record.button_seat)
    if record.button_seat not in order or len(order) < 2:
        raise hand.fail(QuarantineReason.INCONSISTENT, where + "blinds not printed, and no button to place them from")
    at = order.index(record.button_seat)
    after = order[at + 1:] + order[: at + 1]
    posters = after[:1] if alone else (after[-1:] + after[:1] if len(order) == 2 else after[:2])
    blinds = [(ActionKind.POST_BIG_BLIND, record.big_blind)] if alone else [
        (ActionKind.POST_SMALL_BLIND, record.small_blind), (ActionKind.POST_BIG_BLIND, record.big_blind)]
    for number, (blind_kind, blind) in zip(posters, blinds, strict=False):
        seat = hand.seats[number]
        left = (seat.stack or 0) - hand.tracker.contributed(number)
        amount, all_in = min(blind, left), left <= blind
        hand.tracker.add(number, amount)
        if all_in:
            seat.all_in = True
        hand.add_action(Street.PREDEAL, number, blind_kind, amount, all_in)
        if blind_kind is ActionKind.POST_BIG_BLIND and amount < blind:
            hand.facts["short big blind"] = amount
    record.notes.append("blinds not printed: posted by " + ", ".join(
        f"seat {a.seat} ({a.amount})" for a in record.actions
        if a.kind in (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND)))


# --- the player's lines -------------------------------------------------------------------

def _silent_blinds_allow(hand: Hand, had: int, faced: int) -> None:
    """Unprinted blinds placed after the button must make every pre-flop check and call legal:
    a check facing nothing, a call that levels the seat's bet with the bet it ``faced``."""
    action = hand.record.actions[-1]
    if action.kind == ActionKind.CHECK:
        legal = had >= faced
    else:
        # facing a big blind all in for less: a call of the full blind, or of just what
        # the blind put in (so calls the last seat left to face it in hand 11939457428)
        levels = {faced, hand.facts.get("short big blind", faced)}
        legal = faced > had and hand.tracker.street_bet(hand.player.seat) in levels
    if not legal:
        seat = hand.player
        # a stack printed smaller than what the seat puts in cut its unprinted blind short
        # (hand 12359566781 prints every stack as ``( 1 )``)
        short = seat.stack is not None and hand.tracker.contributed(seat.seat) > seat.stack
        raise hand.fail(QuarantineReason.INCONSISTENT, f"line {hand.line.number} {hand.line.text!r}: blinds not "
                        "printed, and with them posted after the button this action is not allowed" + (
                            f" (seat {seat.seat}'s stack is printed as {seat.stack}, less than it puts in)"
                            if short else ""))


def _facing(hand: Hand) -> tuple[int, int, bool]:
    """The seat's bet and the bet it faces before it acts, and whether unprinted blinds were placed."""
    bet, top = hand.tracker.street_bet(hand.player.seat), hand.tracker.max_street_bet()
    silent = hand.facts["silent blinds"] and hand.street == Street.PREFLOP
    return bet, max(top, hand.record.big_blind or 0) if silent else top, silent


def _check(hand: Hand, m: re.Match[str]) -> None:
    """A check facing a bet means a post the history does not print (2012 "silent post" files)."""
    bet, top = hand.tracker.street_bet(hand.player.seat), hand.tracker.max_street_bet()
    if bet < top:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"line {hand.line.number} {hand.line.text!r}: checks facing "
                        f"a bet of {top} with {bet} in: a post the history does not print")
    had, faced, silent = _facing(hand)
    CHECK(hand, m)
    if silent:
        _silent_blinds_allow(hand, had, faced)


def _call(hand: Hand, m: re.Match[str]) -> None:
    had, faced, silent = _facing(hand)
    CALL(hand, m)
    if silent:
        _silent_blinds_allow(hand, had, faced)


_ALL_IN_CALL = Act(ActionKind.CALL, Money.ADDS)
_ALL_IN_RAISE = Act(ActionKind.RAISE, Money.ADDS)


def _all_in(hand: Hand, m: re.Match[str]) -> None:
    """``is all-In  [$19 USD]``: what it adds; a call when it levels no more than the top bet."""
    bet, top = hand.tracker.street_bet(hand.player.seat), hand.tracker.max_street_bet()
    (_ALL_IN_CALL if hand.money(m["amt"]) + bet <= top else _ALL_IN_RAISE)(hand, m)


def _wins(hand: Hand, m: re.Match[str]) -> None:
    """``wins $90.50 USD from the main pot with ...``, ``wins Lo ($90.50 USD) ...``: paid at
    the end (``_pay``), when it is known which pots were split."""
    if m["hand"] and _MONEY_WORDS.search(m["hand"]):  # a hand's description holds no money
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"line {hand.line.number} {hand.line.text!r}: pay lines run together on one line")
    hand.facts.setdefault("wins", []).append((hand.player, m, hand.line.text))


def _no_low(hand: Hand, m: re.Match[str]) -> None:
    hand.facts["no low"] = True


def _unseated_money(hand: Hand, m: re.Match[str]) -> None:
    """Money from a player the seat list does not have: read where the hand tells its seat
    (the one seat free), else the hand is quarantined. Its stack is never printed, and
    settlement needs none: its contribution is in its lines, an all-in is said."""
    name, line = m["name"], hand.line
    joined = any(other.text == f"{name} has joined the table." for other in hand.lines if other.number <= line.number)
    who = "a player who joined the table after the seat list was printed" if joined else \
        "a player the seat list does not have"
    number, why = _newcomer_seat(hand, name)
    if number is None:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"line {line.number} {line.text!r}: {who} puts money in: {why}")
    left = hand.seats.pop(number, None)
    if left is not None:
        del hand.by_name[left.player]
    hand.add_seat(SeatRecord(seat=number, player=name))
    hand.record.notes.append(f"line {line.number}: {who} puts money in: seated in seat {number}, {why}; "
                             "its stack is not printed")
    hit = hand.split_name(line.text)
    if hit is None or hand.read_player(*hit) is None:
        raise hand.unexpected()


def _newcomer_seat(hand: Hand, name: str) -> tuple[int | None, str]:
    """The seat of ``name``, whom the seat list does not have, and why it is that seat (the
    one seat free, and nobody else the list leaves out named in the hand); or None and why
    it cannot be told."""
    size, listed = hand.record.max_seats, hand.facts.get("players listed")
    if size is None:
        return None, "its seat is not printed, nor the table's size"
    if listed != len(hand.seats):
        return None, f"its seat is not printed, and the seat list has {len(hand.seats)} seats for {listed} players"
    if hand.facts["silent blinds"]:
        return None, "its seat is not printed, and the blinds this hand does not print are placed by seat"
    vacated = _vacated(hand)
    free = sorted(set(range(1, size + 1)) - set(hand.seats) | set(vacated))
    others = sorted(_unlisted_names(hand) - {name})
    if not free:
        return None, f"its seat is not printed, and the seat list fills all {size} seats"
    if len(free) > 1:
        return None, f"its seat is not printed, and seats {', '.join(map(str, free[:-1]))} and {free[-1]} are free"
    if others:
        return None, (f"its seat is not printed, and others the seat list does not have ({', '.join(others)}) "
                      f"are at the table with one seat free ({free[0]})")
    seat = free[0]
    after = f" ({vacated[seat]} left it)" if seat in vacated else ""
    return seat, f"the one seat of {size} free{after}"


def _vacated(hand: Hand) -> dict[int, str]:
    """Seats whose player left the table before this line and takes no part in the hand."""
    vacated: dict[int, str] = {}
    for seat in hand.seats.values():
        said = [other for other in hand.lines if other.text.startswith(seat.player + " ")]
        left = [other for other in said if other.text == f"{seat.player} has left the table."]
        takes_part = any(not _TRAFFIC.match(other.text[len(seat.player) + 1:]) for other in said)
        if left and left[0].number < hand.line.number and not takes_part and not hand.tracker.contributed(seat.seat):
            vacated[seat.seat] = seat.player
    return vacated


def _unlisted_names(hand: Hand) -> set[str]:
    """Everyone named at the start of a line of the hand who is not listed and was at the
    table: joining, sitting out, acting or putting money in."""
    names: set[str] = set()
    for line in hand.lines:
        m = _AT_THE_TABLE.match(line.text)
        if m and hand.split_name(line.text) is None:
            names.add(m["name"])
    return names


def _bounty(hand: Hand, m: re.Match[str]) -> None:
    """A knockout's bounty, in cents of the buy-in's currency (the pot is in chips), is no
    pot money: recorded as a ``BOUNTY`` payout, which no pot check counts."""
    try:
        cents = hand.convention.to_minor(m["amt"], 100)
    except AmountError as exc:
        raise hand.fail(QuarantineReason.BAD_AMOUNT, f"line {hand.line.number} {hand.line.text!r}: {exc}") from None
    hand.pay(hand.player, cents, pot=None, half=Half.WHOLE, source=PayoutSource.BOUNTY)


def _bare_chat(hand: Hand, m: re.Match[str]) -> bool | None:
    """Chat printed without a name, skipped unless it says a poker verb."""
    return False if _CHAT_VERBS.search(hand.line.text) else _no_money(hand, m)


def _no_money(hand: Hand, m: re.Match[str]) -> bool | None:
    """A line naming nobody seated, skipped unless it holds a money word."""
    return False if _MONEY_WORDS.search(hand.line.text) else None


# --- the end of the hand ------------------------------------------------------------------

def _pay(hand: Hand) -> None:
    """A pot with a ``wins Lo`` line was split: its other lines are the high half."""
    wins = hand.facts.get("wins")
    if not wins:
        raise hand.fail(QuarantineReason.TRUNCATED, "hand ends before any 'wins' line")
    record, last = hand.record, hand.lines[-1].number  # the old reader named the hand's last line here
    split = game_spec(record.game).split
    with_low = {m["pot"] for _, m, _ in wins if m["lo"]}
    for seat, m, text in wins:
        hand.line = Line(last, text, text)
        pot = None if m["pot"] is None else 0 if m["pot"] == "main pot" else int(m["side"] or 1)
        if m["lo"]:
            half, amount = Half.LOW, hand.money(m["lo"])
        else:
            amount = hand.money(m["amt"])
            half = Half.HIGH if split and m["pot"] in with_low and not hand.facts.get("no low") else Half.WHOLE
        hand.pay(seat, amount, pot=pot, half=half, line=text)
    if hand.facts["silent blinds"]:
        # a tournament takes no rake: blinds placed so must leave the wins paying exactly
        # what was put in, or the hand is not read
        put_in, paid = sum(hand.tracker.contributed(s) for s in hand.seats), sum(p.amount for p in record.payouts)
        if put_in != paid:
            raise hand.fail(QuarantineReason.INCONSISTENT, f"blinds not printed: with them posted after the button "
                            f"the actions put in {put_in} and the wins pay {paid}")


def _cards(hand: Hand) -> None:
    """Cards as dealt and shown (stud: the 3rd to 6th are face up)."""
    held = hand.facts.get("cards", {})
    for seat in hand.record.seats:
        seat.cards = held.get(seat.seat, [])
        if hand.family == "stud":
            seat.upcards = stud_upcards(seat.cards) if len(seat.cards) >= 3 else []


def all_in_or_sat_out(hand: Hand) -> None:
    """A seat that put in its whole stack (a new player's ``( $0 USD )`` too) is all in; one
    that neither posts nor acts (not even a fold) and has no cards sat the hand out."""
    acted = {a.seat for a in hand.record.actions}
    for seat in hand.record.seats:
        if seat.stack is not None and seat.contributed and seat.contributed >= seat.stack:
            seat.all_in = True
        if not seat.cards and seat.seat not in acted:
            seat.dealt_in = False


def _dot_decimal(amount: str) -> str:
    """A euro table's post may be written in the other locale, ``0,35 €`` beside ``€0.75 EUR``:
    exactly two digits after the comma and the sign after the number say it is a decimal
    comma. Any other amount is left as printed.

    >>> _dot_decimal("0,35 €"), _dot_decimal("€0.75 EUR"), _dot_decimal("1,200")
    ('€0.35', '€0.75 EUR', '1,200')
    """
    m = _COMMA_EURO.fullmatch(amount)
    return f"€{m.group(1)}.{m.group(2)}" if m else amount


def _dot_decimal_any(amount: str) -> str:
    """As ``_dot_decimal``, and a dollar post written ``$0,03`` (no currency word, two digits
    after the comma; partypoker groups thousands by three) in a hand whose other amounts
    have a decimal point. A hand read with a decimal comma keeps ``_dot_decimal``.

    >>> _dot_decimal_any("$0,03"), _dot_decimal_any("$1,200"), _dot_decimal_any("$0,25 USD")
    ('$0.03', '$1,200', '$0,25 USD')
    """
    m = _COMMA_DOLLAR.fullmatch(amount)
    return f"${m.group(1)}.{m.group(2)}" if m else _dot_decimal(amount)


def _post(what: str, verb: Act) -> tuple[str, str, Act]:
    return what, rf"^posts {what} +{_AMT}\.?$", verb  # short deck's button blind: two spaces


DIALECT = Dialect(
    platform=Platform.PARTYPOKER,
    format=Format.PARTYPOKER,
    version="6",
    hand_start=_HAND_START,
    head=_HAND_START,  # ``sniff`` is the parser's own
    first=re.compile(r"^(?P<id>(?!))?"),  # ``_header`` finds the banner after the preamble
    not_first="",
    header=_header,
    seat=kind("seat", _SEAT, take_seat),
    seatless=QuarantineReason.TRUNCATED,  # a hand cut off after its header
    body=(
        kind("preamble", PREAMBLE, skip),
        kind("header", r"", read_by_header),
        kind("street", r"^\*\* Dealing (?P<street>[^*]*?) ?\*\*(?P<rest>.*)$", _street),
        kind("button", r"^Seat (?P<seat>\d+) is the button$", _button),
        kind("players", r"^Total number of players : (?P<count>\d+)(?: ?/ ?(?P<max>\d+))?$", _players),
        kind("no low", r"^There was no qualifying low hand", _no_low),
        kind("no small blind", "^" + re.escape(_NO_SMALL_BLIND), skip),
        kind("level", _LEVEL_LINE, _level_line, on=(Street.PREDEAL,)),
        kind("stakes", rf"^{_STAKES}$", _level_line, on=(Street.PREDEAL,)),
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", _dealt),
    ),
    players=(
        kind("wins", _WINS, _wins),
        kind("bounty", _BOUNTY, _bounty),
        *(kind(name, pattern, verb) for name, pattern, verb in (
            _post("small blind", SMALL_BLIND),
            _post(r"big blind \+ dead", BOTH_BLINDS),
            _post("big blind", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
            _post("ante", ANTE),
            _post("dead blind", DEAD_BLIND),
            _post("bring-in", BLIND),
            _post("button blind", BLIND),  # short deck: the button posts a live blind, every seat antes
            ("fold", r"^(?:folds\.?|Forward Folds)$", fold_once),  # 2012: a period after every action
            ("check", r"^checks\.?$", _check),
            ("call", rf"^calls *{_AMT}\.?$", _call),
            ("bet", rf"^(?:double )?bets *{_AMT}\.?$", BET),  # stud's big bet on 4th street: ``double bets``
            ("raise", rf"^raises *{_AMT}\.?$", RAISE_BY),
            ("complete", rf"^completes *{_AMT}\.?$", replace(COMPLETE, money=Money.ADDS)),
            ("bring-in", rf"^bring-ins *{_AMT}\.?$", replace(BRING_IN, forced=True)),
            ("all in", rf"^(?P<allin>is all-In|is all-in) *{_AMT}\.?$", _all_in),
            ("shows", r"^(?P<verb>shows|doesn't show) +\[(?P<cards>[^\]]*)\]", _shows),  # 2013: doubled spaces
        )),
    ),
    quiet=_SEAT_NO_MONEY,
    chat=re.compile(r"^:"),
    after_name=re.compile(r"(?!:)[: ]*"),
    unseated=(
        kind("unseated money", _UNSEATED_MONEY, _unseated_money),
        kind("table", _TABLE, _no_money),
        kind("nobody seated", _NOBODY_SEATED, _no_money),
        kind("bare chat", _BARE_CHAT, _bare_chat),
    ),
    streets=_STREETS,
    amount_text=_dot_decimal_any,
    rake=Rake(printed=False, absent_note="rake not printed"),
    first_action_opens=False,  # ``** Dealing down cards **`` opens the betting
    before_returns=(_pay,),
    checks=(_cards, all_in_or_sat_out),
    wording=Wording(unexpected=Unexpected(_MONEY_WORDS), bad_amount="line {number} {text!r}: {error}", unbalanced=""),
)
_COMMA_DIALECT = replace(DIALECT, money=COMMA, amount_text=_dot_decimal)


def _hand_numbers(lines: list[str]) -> NumberConvention:
    """How a hand writes amounts: with a decimal point and comma grouping (``$1,132``,
    ``$2,127.50``), or, in 2012 Mac-client files, with a decimal comma (``$26,02``, ``[$0,10
    USD]``), which a comma before exactly two digits and no point anywhere tell."""
    amounts = [m.group(1) for line in lines for m in _BRACKETED.finditer(line)]
    if any(_COMMA_CENTS.search(a) for a in amounts) and not any("." in a for a in amounts):
        return COMMA
    return DOT


# where a line printed without its line break may end: after ``is sitting out`` or a period
_JOIN_POINT = re.compile(r"is sitting out|\.")
_JOINABLE = re.compile(r"is sitting out|does not show cards\.")


def _complete_head(rest: str) -> bool:
    """What follows a seated name is a whole line of a kind the Mac client prints without its
    line break: ``is sitting out``, ``does not show cards.`` or a win line with its period."""
    return bool(_JOINABLE.fullmatch(rest) or (rest.endswith(".") and rest.startswith("wins ") and _WINS.match(rest)))


def _split_joined(text: str, names: list[str]) -> list[str]:
    """``text`` cut where a complete line of a joinable kind by a seated name ends and the
    next begins with a seated name (``names``, longest first): the earliest such cut, then
    the rest likewise; a line with no such cut stays whole."""
    head_name = next((n for n in names if text.startswith(n + " ")), None)
    if head_name is None:
        return [text]
    for point in _JOIN_POINT.finditer(text, len(head_name) + 1):
        at = point.end()
        if any(text.startswith(n + " ", at) for n in names) and _complete_head(text[len(head_name) + 1:at]):
            return [text[:at], *_split_joined(text[at:], names)]
    return [text]


def _unjoined(hand: Hand) -> list[str]:
    """Split the hand's joined lines (each part keeps the file's line number); the notes say where."""
    listed = {m["name"] for m in map(_SEAT.match, (line.text for line in hand.lines)) if m}
    names = sorted(listed, key=len, reverse=True)
    lines: list[Line] = []
    notes: list[str] = []
    for line in hand.lines:
        parts = _split_joined(line.text, names) if names else [line.text]
        if len(parts) == 1:
            lines.append(line)
            continue
        notes.append(f"line {line.number} holds {len(parts)} lines printed without a line break between them, "
                     "read apart: " + " | ".join(parts))
        lines.extend(Line(line.number, part, part) for part in parts)
    hand.lines = lines
    return notes


class PartyPokerParser(PartyParser):
    """partypoker's classic dialect; a hand written with a decimal comma is read with COMMA,
    a hand with joined lines (the 2012 Mac client) with them read apart."""

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^\*{5} Hand History for Game \d+ \*{5}\s*$", head, re.M))

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_lines(hand_text)
        hand = Hand(_COMMA_DIALECT if _hand_numbers(lines) is COMMA else DIALECT, "\n".join(lines))
        notes = _unjoined(hand)
        record = hand.read()
        record.notes.extend(notes)
        return record


PARSER = PartyPokerParser(DIALECT)
