"""PokerStars' text hand histories, and every site or converter that writes that dialect.

One pass over the lines of a hand, dispatching on a cheap prefix or keyword check; the
few regular expressions run once per hand (header, table line, totals), never once per
action line. Player names are fixed by the seat lines, so an action line is matched by
the longest seated name followed by ``": "`` (names may hold spaces, colons, brackets).

Dialects handled here (``format`` is always ``pokerstars``; ``platform`` is who dealt):

- PokerStars itself: cash, tournaments (chips, ``amount_scale`` 1; Zoom tournaments say
  ``Zoom Tournament #``), play money, Zoom,
  home games (``pokerstars_home``; a home-game tournament names its club first:
  ``{Club} Tournament #743144019, 100+9 8-Game (Razz Limit) - Match Round I, Level IV
  (30/60)``), PokerStars.it tournaments, whose header ends with the regulator's event id
  (``Level I (125/250) [ADM ID: M5B4211F65DB6CXO]``), PokerStars India, which writes
  rupees ``Rs. 1`` as well as ``₹1`` (read alike), mixed games whose game changes per hand
  (``8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)``), PokerTracker 2 re-exports with
  an upper-case header.
- PokerMaster hands written by a HUD grabber (``PokerMaster Hand #``, a ``# {json}``
  metadata line; its 5-card Omaha tables are headed plain ``Omaha``), Run It Once
  (``Run It Once Poker Hand #``, with habits of its own: below), Chico-network hands run
  through a converter (recognised by a Chico tournament number, longer than any
  PokerStars one, or by ``_chico`` seat names).

What the platform prints and how it is recorded:

- Pay lines ``X collected $1 from pot`` (``main pot``, ``side pot``, ``side pot-2``):
  one line per pot and per half, never labelled high or low, so in a hi/lo game each is
  ``Half.UNLABELLED``; in other games ``Half.WHOLE``. ``from pot`` and ``main pot`` are
  pot 0, ``side pot`` pot 1, ``side pot-N`` pot N. Run-it-twice and two-board games put
  each ``*** FIRST SHOW DOWN ***`` section's lines in run 1, ``SECOND`` in run 2.
- ``Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25``: the total is gross,
  the pots are after rake (``pots_printed_net``). With a single pot only the gross total
  is printed: ``pots_printed == [total]`` and ``pots_printed_net`` is False.
- All-in cash out (``X cashed out the hand for $35.72 | Cash Out Fee $0.36``): a
  ``CASH_OUT`` payout of what the house paid; the pot share the cashed-out seat would
  have won is collected by no one and is ``house_retained``. The cash-out fee is the
  house's charge on its own payment, not pot money: it is kept in ``notes`` only.
- Cap games print the cap among the stakes (``Hold'em No Limit ($2/$4 - $80 Cap - USD)``):
  limit ``cap``, blinds as posted. A bet or call that reaches the cap ends
  ``and has reached the $80 cap``, a suffix read like the all-in one (the seat is not
  all-in: it keeps its chips).
- Knockout bounties (``X wins $18.75 for eliminating Y ...``) are ``BOUNTY`` payouts.
  They are paid in the buy-in currency while the hand counts chips, so their amount is
  in that currency's cents; the hand's notes say so. A bounty shared by the winners of
  the pot that eliminated a player is one line with no shares printed
  (``A, B split the $50 bounty for eliminating C``). PokerStars awards a bounty with
  the pot the player was all-in for, so a split pot splits it in equal shares: each
  winner gets a ``BOUNTY`` payout of its share when the cents divide evenly; when they
  do not, who got the odd cent is not printed, so no share is recorded and a note says
  so. (Progressive knockouts print each share: ``wins $4.60 for splitting the
  elimination of C``.)
- The game is the header's, except where a dialect other than PokerStars' own (which
  names every Omaha by its card count) heads a hand plain ``Omaha`` or ``Omaha Hi/Lo``:
  PokerMaster does so for 5-card tables (``Omaha Pot Limit ($15/$30 USD)``, then
  ``Dealt to X [9c Qc 9h Jc Qs]``); Chico and Run It Once are read the same way. There,
  when every hand dealt or shown holds 5 (or 6) cards, the game is the one the cards
  show (``omaha5``, ``omaha6``, or their hi/lo), with a note; hands of several sizes
  above four are quarantined (``bad_cards``).
- A summary seat line states what the seat won: ``won ($0.29)``, ``collected ($12)``, or,
  in converted histories and Run It Once's, bare: ``collected $10``, ``won €9.01 with``.
  Where it differs from the seat's collected lines the history contradicts itself
  (``hand.contradictions``); the collected lines are the record of what was paid.
- Money the house adds to a pot (a summary segment such as ``| STP added $2``) is
  recorded as a negative fee (``fee_detail['stp_added'] == -200``) so that put in + added
  = paid + rake still reconciles; every other extra summary segment is a positive fee.
- Run It Once: its clock has no seconds and comes first in UTC, then a local one
  labelled CET all year (the UTC one is read); ``Table ID '30698037' 6-Max``;
  ``*** SHOWDOWN ***``; a show has no colon and is followed by the best five
  (``X shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]``: the first bracket is the
  hole cards); ``collected €20.98 from side pot 1`` (pot 1); the pots are summary
  segments before rake (``Total pot €83.58 | Main pot €62.60 | Side pot €20.98 | Rake
  €2.00``: ``pots_printed``, not net); splash the pot, money the house adds, is
  ``STP added: €5.00`` among the actions and ``| STP €5.00`` in the summary, counted in
  the Total pot: a negative fee ``stp``. Its histories contradict themselves: a bet
  "returned" with the splash in it (more than nobody matched, even more than the seat
  put in), collected lines paying more than the summary says the seat won, a Total pot
  larger than the actions put in. Each is recorded as such (``hand.contradictions``),
  never smoothed over.
- ``Hand cancelled``: the platform called the hand off after the blinds; the blinds went
  back without a line saying so and no pot is printed. Such a hand is quarantined as
  ``inconsistent`` ("hand cancelled by the platform: no pot was played": what was put in
  is neither returned nor paid in the text, which is no parse failure but a history that
  cannot balance); it is read only where the text itself returns every chip.
- Shootout hands of 2006 print no buy-in (``Tournament #35055742, Hold'em No Limit -
  Match Round I, Level I (15/30)``): a tournament whose buy-in is unknown, not play money.
- Tournament headers without a level carry the stakes after the game: Run It Once names
  the event after the buy-in (``Tournament #158168, €4.69+€0.31 Cub3d, Hold'em No Limit
  (10/20)``), an old converter writes `` - `` there (``$125+$10 - Hold'em No Limit
  (300/600)``). An event name holding a comma is not read (``parse_error``).
- Converted histories may say why a seat folded (``X: folds (disconnect)``): a fold; and
  may write a seat's top-up of its stack among the actions (``X: Table deposit $347.50``):
  chips added to the stack, not to the pot, so an information line (its amount must read).
  Bodog hands so converted keep Bodog's own table events, which name no seat
  (``Table leave user``, ``Table enter user``): information lines.
- A hand that stops before its summary is ``truncated``, also where its last line is itself
  cut short (``Player0`` alone, the file ending mid-action); the same line inside a hand
  that goes on is a ``parse_error``.
- ``The deck is reshuffled`` (a draw game whose stub ran out: the discards are dealt
  again) moves no money and no seat's cards: an information line.
- Seen in real files (version 2): hand-history archives put each hand after a number line
  (``*********** # 2 **************``): the first is no hand, the others end the hand
  before them; some copies put a blank line after every line; mined 2021 histories print
  a seated name with nothing after it (``stas622:``) for each all-in seat; a name may
  start with asterisks (``**HCL59** collected $2.11 from pot``) and is no street line; a
  tournament header may be split after its buy-in (``Tournament #T, $1.29+$0.21 USD`` /
  ``Hold'em No Limit - Level I (10/20) - ...``), read as one line.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Iterator
from zoneinfo import ZoneInfo

from rules.money import AmountError, DOT, format_minor
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
from parsers.base import BetTracker, card
from rules.cards import CARD_TEXTS
from rules.games import DRAW_GAMES, HILO_GAMES, STUD_GAMES
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord

#: the names that open a hand of this dialect, and the platform each names (Full Tilt
#: wrote PokerStars' dialect from 2016 on; the others are skins and clubs apps)
SITES: dict[str, Platform] = {
    "PokerStars": Platform.POKERSTARS, "POKERSTARS": Platform.POKERSTARS, "PokerMaster": Platform.POKERMASTER,
    "Run It Once Poker": Platform.RUNITONCE, "Full Tilt": Platform.FULLTILT, "MPLPoker": Platform.MPLPOKER,
    "PokerBros": Platform.POKERBROS, "SupremaPoker": Platform.SUPREMA,
}
#: what may stand between the site and ``Hand #``
KINDS = ("Home Game", "Zoom", "Rush")
_SITES = "(?:" + "|".join(map(re.escape, SITES)) + ")"
_KIND = "(?: " + "| ".join(KINDS) + ")?"
_RIO = "Run It Once Poker"
HAND_START = re.compile(r"^\ufeff*" + _SITES + _KIND + r" (?:Game|Hand|GAME|HAND) #\d+:", re.M)

# HAND_START's matches after the first character, as a newline followed by a hand header
_HAND_AFTER_NEWLINE = re.compile(
    r"\n(?=\ufeff*" + _SITES + _KIND + r" (?:Game|Hand|GAME|HAND) #\d+:)"
)

#: a newline followed by a hand header, in UTF-8 bytes: where ingest cuts a large file into
#: where ``parsers.pokerstars_fast`` cuts byte chunks (ASCII digits only: every cut is a hand start ``split`` sees)
COLUMNAR_CUT = re.compile(
    rb"\n(?=(?:\xef\xbb\xbf)*" + _SITES.encode() + _KIND.encode() + rb" (?:Game|Hand|GAME|HAND) #[0-9]+:)"
)

# PokerStars' hand-history archives (hands requested from support, 2013 to today) number
# each hand on a line of its own before it: ``*********** # 2 **************``
_ARCHIVE_NUMBER = re.compile(r"^\*{5,} # \d+ \*{5,}$")
_ARCHIVE_HEAD = re.compile(r"^\*{5,} # \d+ \*{5,}[ \t]*\r?\n[\s\ufeff]*")
_ARCHIVE_ONLY = re.compile(rb"^[\s\xef\xbb\xbf]*(?:\*{5,} # \d+ \*{5,}[ \t]*\r?\n?[\s]*)+$")


def prefix_is_a_hand(before: bytes) -> bool:
    """Whether the text before a chunk's first hand header is a hand of its own (to be
    parsed and quarantined): not when blank, nor when it is only an archive's number line.

    >>> prefix_is_a_hand(b"\\r\\n"), prefix_is_a_hand(b"*********** # 1 **************\\r\\n"), prefix_is_a_hand(b"x")
    (False, False, True)
    """
    return bool(before.strip(b" \r\n\t")) and _ARCHIVE_ONLY.match(before) is None


_HEADER = re.compile(
    r"^(?P<site>" + _SITES[3:-1] + r")(?: (?P<kind>" + "|".join(KINDS) + r"))?"
    r" (?:Game|Hand|GAME|HAND) #(?P<hid>\d+):\s+(?P<rest>.*?)"
    r" - (?:(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?)(?: (?P<zone>[A-Z]{1,5}))?"
    r"(?: \[(?P<date2>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?)(?: (?P<zone2>[A-Z]{1,5}))?\])?"
    # 2007-2008: ``- 2007/10/15 - 08:20:33 (ET)``
    r"|(?P<day_old>\d{4}/\d{1,2}/\d{1,2}) - (?P<clock_old>\d{1,2}:\d{2}:\d{2}) \((?P<zone_old>[A-Z]{1,5})\))\s*$"
)
_TOURNAMENT = re.compile(
    r"^(?:\{[^}]*\}\s*)?(?:Zoom )?(?i:tournament) #(?P<tid>\d+),\s*(?:(?P<buyin>Freeroll|\S*\d\S*(?: (?:[A-Z]{3}|FPP|SC))?)\s+)?"
    r"(?P<game>.+?)(?: - (?i:match round) [IVXLC]+,| -) (?i:level) (?P<level>[IVXLC\d]+)"
    r"(?: \((?P<stakes>[^()]*)\))?"
    r"(?: \[ADM ID: [^\]]*\])?$"  # PokerStars.it prints the regulator's id of the event
)
# No level: Run It Once names the event after the buy-in ("€4.69+€0.31 Cub3d, Hold'em No
# Limit (10/20)"), an old converter writes " - " there ("$125+$10 - Hold'em No Limit (300/600)")
_TOURNAMENT_UNLEVELLED = re.compile(
    r"^(?i:tournament) #(?P<tid>\d+), (?P<buyin>\S*\d\S*)(?: [^,()]+,| -) (?P<game>[^,()]+?)"
    r" \((?P<stakes>[^()]*)\)$"
)
_CAP_STAKES = re.compile(r" Cap\b")
# 2020 (a Japanese client's copy): ``PokerStars Hand #N: Tournament #T, $1.29+$0.21 USD``, then
# ``Hold'em No Limit - Level I (10/20) - 2020/03/23 0:53:09 JST [...]`` on the next line
_BUYIN_ENDS_LINE = re.compile(r"[^\n]* (?:Game|Hand) #\d+: (?:Zoom )?Tournament #\d+, [^\s,]*\d[^\s,]*(?: [A-Z]{3})?[ \t]*\r?\n")
_GAME_AND_LEVEL_LINE = re.compile(r"[^\n*:]+ - (?:Match Round [IVXLC]+, )?Level [IVXLC\d]+ ")
_TOURNAMENT_NAMED = re.compile(r"(?i)\btournament #\d")
_CASH = re.compile(r"^(?:\{[^}]*\}\s*)?(?P<game>.+?) \((?P<stakes>[^()]*)\)$")
_TABLE = re.compile(
    # MPLPoker adds the table's number: ``Table 'NLH 50/100 #31'(1941947783) 6-max``
    r"^Table(?: ID)? '(?P<name>.*)'(?:\(\d+\))?(?: (?P<max>\d+)-[Mm]ax)?(?: \((?:Play Money|Real Money)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?\s*(?:\(Play Money\))?$"
)
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.*?) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)(?P<tail>.*)$"
)
_TOTAL = re.compile(
    r"^Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+?)\.(?P<sides>(?: Side pot(?:-\d+)? \S+?\.)*))?"
    r"\s*(?:\|(?P<segments>.*))?$"
)
_SIDE = re.compile(r" Side pot(?:-(\d+))? (\S+?)\.(?=\s|$)")
_AMOUNT_TOKEN = re.compile(r"[$€£¥₹]?\d[\d,]*(?:\.\d+)?")
# PokerStars India writes rupees "Rs. 1" as well as "₹1": the same amount, a symbol with a
# space (a seat name holding "Rs. 5" would read "₹5" too, alike in every line of the hand)
_RUPEES = re.compile(r"\bRs\. (?=\d)")
_CURRENCY_CODE = re.compile(r"\b(USD|EUR|GBP|CAD|INR|AUD|CHF|SEK|DKK|NOK|RUB|BRL|CNY|JPY)\b")

_SYMBOL_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
}

# Game name (upper case, limit removed) -> game. PokerTracker 2 re-exports upper-case it.
_GAMES = {
    "HOLD'EM": Game.HOLDEM,
    "SPLIT HOLD'EM": Game.HOLDEM_SPLIT,
    "6+ HOLD'EM": Game.SIXPLUS_HOLDEM,
    "OMAHA": Game.OMAHA,
    "5 CARD OMAHA": Game.OMAHA5,
    "OMAHA 5 CARDS": Game.OMAHA5,  # MPLPoker
    "6 CARD OMAHA": Game.OMAHA6,
    "COURCHEVEL": Game.COURCHEVEL,
    "OMAHA HI/LO": Game.OMAHA_HILO,
    "5 CARD OMAHA HI/LO": Game.OMAHA5_HILO,
    "6 CARD OMAHA HI/LO": Game.OMAHA6_HILO,
    "COURCHEVEL HI/LO": Game.COURCHEVEL_HILO,
    "7 CARD STUD": Game.STUD,
    "7 CARD STUD HI/LO": Game.STUD_HILO,
    "RAZZ": Game.RAZZ,
    "5 CARD DRAW": Game.DRAW5,
    "SINGLE DRAW 2-7 LOWBALL": Game.LOWBALL27_SINGLE,
    "TRIPLE DRAW 2-7 LOWBALL": Game.LOWBALL27_TRIPLE,
    "TRIPLE DRAW A-5 LOWBALL": Game.LOWBALL_A5_TRIPLE,
    "BADUGI": Game.BADUGI,
}
_LIMITS = (
    (" POT LIMIT PRE-FLOP, NO LIMIT POST-FLOP", Limit.POT_THEN_NO),
    (" CAP NO LIMIT", Limit.CAP),
    (" CAP POT LIMIT", Limit.CAP),
    (" NO LIMIT", Limit.NO),
    (" POT LIMIT", Limit.POT),
    (" FIXED LIMIT", Limit.FIXED),
    (" LIMIT", Limit.FIXED),
)

_BOARD_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_STUD_STREETS = {
    "3rd STREET": Street.THIRD,
    "4th STREET": Street.FOURTH,
    "5th STREET": Street.FIFTH,
    "6th STREET": Street.SIXTH,
    "7th STREET": Street.SEVENTH,
    "RIVER": Street.SEVENTH,
}
_DRAW_STREETS = {
    "FIRST DRAW": Street.DRAW1,
    "SECOND DRAW": Street.DRAW2,
    "THIRD DRAW": Street.DRAW3,
    "DRAW": Street.DRAW1,
}
_RUN_PREFIX = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_ALL_IN = " and is all-in"
_CAP_REACHED = " and has reached the "  # ... $80 cap: the seat may bet no more this hand

# Lines that say who came, went, timed out or chatted, or what the dealer did with the
# deck (a draw game reshuffles the discards when the stub runs out): no money, no cards.
INFO_FRAGMENTS = (
    " joins the table at seat #",
    " leaves the table",
    " is connected",
    " is disconnected",
    " has timed out",
    " has returned",
    " was removed from the table",
    " will be allowed to play after the button",
    " is sitting out",
    " sits out",
    " finished the tournament",
    " wins the tournament and receives",
    " re-buys and receives",
    " takes the add-on and receives",
    " is feeling ",
    "Betting is capped",
    "Pair on board - a double bet is allowed",
    "No low hand qualified",
    "The deck is reshuffled",
)
# Bodog's own table events, left in by the converter that rewrites Bodog hands in this
# dialect: they name no seat and move no money.
_CONVERTER_TABLE_EVENTS = frozenset({"Table leave user", "Table enter user"})
SEAT_STATUS = frozenset(
    {"sits out", "is sitting out", "sitting out", "is disconnected", "is connected",
     "has timed out", "has returned", "is back", "leaves the table"}
)


def _amount(text: str, scale: int) -> int:
    """A printed PokerStars amount to minor units (decimal point, comma thousands).

    The common shapes are read directly; anything else goes through the platform's
    ``NumberConvention`` (``DOT``), which parses it exactly or raises ``AmountError``.

    >>> _amount("$1,234.50", 100), _amount("4300", 1), _amount("€0.5", 100)
    (123450, 4300, 50)
    """
    t = text
    if t and t[0] in "$€£¥₹":
        t = t[1:]
    if "," in t:
        t = t.replace(",", "")
    if t.isascii():
        if t.isdigit():
            return int(t) * scale
        whole, _, frac = t.partition(".")
        if whole.isdigit() and frac.isdigit():
            digits = 2 if scale == 100 else len(str(scale)) - 1
            if len(frac) <= digits:
                return int(whole) * scale + int(frac.ljust(digits, "0"))
    return DOT.to_minor(text, scale)


_CARDS_SEEN: dict[str, tuple[str, ...]] = {}


def _cards_in(text: str) -> list[str]:
    """Every card inside the brackets of ``text`` (``[Ah Kd] [7c]`` -> three cards).

    Boards and shown hands repeat: a text already read is answered from a cache.
    """
    known = _CARDS_SEEN.get(text)
    if known is not None:
        return list(known)
    out = _read_cards_in(text)
    if len(_CARDS_SEEN) > 20_000:
        _CARDS_SEEN.clear()
    _CARDS_SEEN[text] = tuple(out)
    return out


def _read_cards_in(text: str) -> list[str]:
    out: list[str] = []
    start = text.find("[")
    while start != -1:
        end = text.find("]", start)
        if end == -1:
            raise HandParseError(QuarantineReason.BAD_CARDS, f"unclosed card bracket in {text!r}")
        for tok in text[start + 1 : end].split():
            out.append(tok if tok in CARD_TEXTS else card(tok))
        start = text.find("[", end)
    return out


def _bracket_groups(text: str) -> list[list[str]]:
    groups: list[list[str]] = []
    start = text.find("[")
    while start != -1:
        end = text.find("]", start)
        if end == -1:
            raise HandParseError(QuarantineReason.BAD_CARDS, f"unclosed card bracket in {text!r}")
        groups.append([t if t in CARD_TEXTS else card(t) for t in text[start + 1 : end].split()])
        start = text.find("[", end)
    return groups


def _known_prefix(line: str, sep: str, names: dict[str, int]) -> tuple[str | None, int]:
    """The longest seated name that ``line`` starts with, followed by ``sep``."""
    best: str | None = None
    best_pos = -1
    pos = line.find(sep)
    while pos > 0:
        candidate = line[:pos]
        if candidate in names:
            best, best_pos = candidate, pos
        pos = line.find(sep, pos + 1)
    return best, best_pos


_UTC_OFFSETS: dict[tuple[str, int, str], timedelta] = {}


def to_utc(stamp: str, zone: str | None) -> str | None:
    """``2013/04/11 12:57:19`` in ``ET`` -> ``2013-04-11T16:57:19Z``; None for unknown zones.

    Hands of one hour share everything up to the minutes: that prefix is remembered per
    (day, hour, zone) when the zone's offset is whole hours, and the printed minutes and
    seconds are appended.

    >>> to_utc("2005/05/11 1:29:15", "ET"), to_utc("2020/01/01 10:00:00", "XYZ")
    ('2005-05-11T05:29:15Z', None)
    >>> to_utc("2019/06/25 16:12", "UTC")  # Run It Once prints no seconds
    '2019-06-25T16:12:00Z'
    """
    if zone is None or zone not in _ZONES:
        return None
    day, _, clock = stamp.partition(" ")
    hour, _, minutes_seconds = clock.partition(":")
    prefix = _UTC_HOURS.get((day, hour, zone))
    minutes, seconds = minutes_seconds[:2], minutes_seconds[3:]
    if (prefix is not None and len(minutes_seconds) == 5 and minutes_seconds[2] == ":" and minutes_seconds.isascii()
            and minutes.isdigit() and seconds.isdigit() and minutes <= "59" and seconds <= "59"):
        return prefix + minutes_seconds + "Z"
    try:
        y, mo, d = (int(x) for x in day.split("/"))
        h, mi, se = (int(x) for x in (clock + ":00" if clock.count(":") == 1 else clock).split(":"))
        local = datetime(y, mo, d, h, mi, se)
    except ValueError:
        return None
    key = (day, h, zone)
    offset = _UTC_OFFSETS.get(key)
    if offset is None:
        offset = local.replace(tzinfo=ZoneInfo(_ZONES[zone])).utcoffset() or timedelta(0)
        if len(_UTC_OFFSETS) > 100_000:
            _UTC_OFFSETS.clear()
            _UTC_HOURS.clear()
        _UTC_OFFSETS[key] = offset
    u = local - offset
    if offset % timedelta(hours=1) == timedelta(0):
        top = local.replace(minute=0, second=0) - offset
        _UTC_HOURS[(day, hour, zone)] = f"{top.year:04d}-{top.month:02d}-{top.day:02d}T{top.hour:02d}:"
    return f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}Z"


#: (day, hour as printed, zone) -> ``YYYY-MM-DDTHH:`` in UTC, for whole-hour offsets
_UTC_HOURS: dict[tuple[str, str, str], str] = {}


_ISO_DATES: dict[str, str] = {}


def iso_date(stamp: str) -> str:
    day = stamp.split(" ", 1)[0]
    iso = _ISO_DATES.get(day)
    if iso is None:
        y, m, d = day.split("/")
        iso = f"{y}-{int(m):02d}-{int(d):02d}"
        if len(_ISO_DATES) > 100_000:
            _ISO_DATES.clear()
        _ISO_DATES[day] = iso
    return iso


def _game_and_limit(text: str) -> tuple[Game, Limit | None]:
    upper = text.strip().upper().replace("’", "'")
    limit: Limit | None = None
    for suffix, value in _LIMITS:
        if upper.endswith(suffix):
            upper, limit = upper[: -len(suffix)], value
            break
    game = _GAMES.get(upper)
    if game is None:
        raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"game not supported: {text!r}")
    return game, limit


def game_info(rest: str, hid: str) -> dict:
    """What the header says between the hand number and the date (cached per text).

    Game, limit, mixed-game name, tournament, stakes, and the money unit: currency,
    ``amount_scale``, play money, the stake amounts in minor units.
    """
    info: dict = {"mixed": None, "tournament_id": None, "buyin": None}
    t = _TOURNAMENT.match(rest) or _TOURNAMENT_UNLEVELLED.match(rest)
    if t is not None:
        info["tournament_id"] = t["tid"]
        info["buyin"] = buyin = t["buyin"]
        game_text = t["game"]
        stakes = t["stakes"] or ""
        paren = game_text.find(" (")
        if paren != -1 and game_text.endswith(")"):  # HORSE (7 Card Stud Hi/Lo Limit)
            info["mixed"], game_text = game_text[:paren], game_text[paren + 2 : -1]
    elif _TOURNAMENT_NAMED.search(rest):
        # read as a cash game, the whole tournament text would pass for an unknown game's name
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: cannot read the tournament header {rest!r}", hid)
    else:
        c = _CASH.match(rest)
        if c is None:
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: cannot read game and stakes in {rest!r}", hid)
        game_text, stakes = c["game"], c["stakes"]
        if "," in stakes:  # mixed games: 8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)
            inner, _, after = stakes.partition(",")
            info["mixed"], game_text, stakes = game_text, inner, after.strip()
    try:
        info["game"], info["limit"] = _game_and_limit(game_text)
    except HandParseError as exc:
        exc.hand_id = hid
        raise
    if _CAP_STAKES.search(stakes):  # ($2/$4 - $80 Cap - USD): no or pot limit, capped
        info["limit"] = Limit.CAP
    info["stakes"] = stakes

    currency: str | None = None
    play_money = False
    tokens = _AMOUNT_TOKEN.findall(stakes)
    if info["tournament_id"] is not None:
        scale = 1
        # no buy-in printed (2006 shootouts): nothing says play money
        play_money = buyin is not None and buyin != "Freeroll" and not any(ch in buyin for ch in "$€£₹¥") and not (
            buyin.endswith(("FPP", "SC")) or _CURRENCY_CODE.search(buyin)
        )
    else:
        code = _CURRENCY_CODE.search(stakes)
        if code is not None:
            currency = code.group(1)
        else:
            currency = next((iso for sym, iso in _SYMBOL_CURRENCY.items() if sym in stakes), None)
        if currency is None:
            play_money = True
            scale = 100 if any("." in tok for tok in tokens) else 1
        else:
            scale = 100
    try:
        info["stake_values"] = [_amount(tok, scale) for tok in tokens]
    except AmountError as exc:
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: stakes {stakes!r}: {exc}", hid) from exc
    info["currency"], info["scale"], info["play_money"] = currency, scale, play_money
    return info


_GAME_INFO: dict[str, dict] = {}
_SITE_KINDS = {
    f"{site}{kind} {word}": (site, kind.strip() or None)
    for site in SITES
    for kind in ("", *(f" {k}" for k in KINDS))
    for word in ("Game", "Hand", "GAME", "HAND")
}


def _parse_header(first: str) -> tuple[str, str, str | None, str, str | None, dict]:
    """``(hand_id, site, kind, time_raw, zone, game_info)`` from a hand's first line.

    The usual shape is cut with string operations; anything else goes through the full
    regular expression, which either reads it or says precisely what is wrong.
    """
    hash_at = first.find(" #")
    colon = first.find(":", hash_at)
    dash = first.rfind(" - ")
    site_kind = _SITE_KINDS.get(first[:hash_at])
    when = first[dash + 3 :].strip()
    hid = first[hash_at + 2 : colon]
    if site_kind is None or colon < 0 or dash < colon or not hid.isdigit() or when[4:5] != "/":
        m = _HEADER.match(first)
        if m is None:
            raise HandParseError(QuarantineReason.UNKNOWN_FORMAT, f"not a PokerStars hand header: {first!r}")
        site_kind = (m["site"], m["kind"])
        hid, rest = m["hid"], m["rest"]
        if m["day_old"]:
            stamp, zone = f"{m['day_old']} {m['clock_old']}", m["zone_old"]
        else:
            stamp, zone = (m["date2"], m["zone2"]) if m["date2"] and m["site"] != _RIO else (m["date"], m["zone"])
    else:
        rest = first[colon + 1 : dash].strip()
        bracket = when.find("[")
        if bracket != -1 and site_kind[0] == _RIO:
            # Run It Once's own clock is UTC; its bracket is a local one labelled CET even
            # in summer ("16:12 UTC [17:12 CET]" in June)
            when = when[:bracket].strip()
        elif bracket != -1:  # the ET bracket: the same clock for every viewer of the hand
            when = when[bracket + 1 : when.rfind("]")]
        parts = when.split(" ")
        stamp = f"{parts[0]} {parts[1]}" if len(parts) > 1 else parts[0]
        zone = parts[2] if len(parts) > 2 else None
    info = _GAME_INFO.get(rest)
    if info is None:
        info = game_info(rest, hid)
        if len(_GAME_INFO) > 10_000:
            _GAME_INFO.clear()
        _GAME_INFO[rest] = info
    return hid, site_kind[0], site_kind[1], stamp, zone, info


class PokerStarsParser:
    """PokerStars' dialect (see the module docstring)."""

    format = Format.POKERSTARS
    hand_start = HAND_START
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (archives, a blank
    # line after every line, empty name lines, names starting with asterisks)
    version = "2"

    def sniff(self, head: str) -> bool:
        """True when the first non-blank text is a PokerStars-dialect hand header (after an
        archive's number line, if any)."""
        head = head.lstrip("\ufeff \t\r\n")
        archive = _ARCHIVE_HEAD.match(head)
        return HAND_START.match(head[archive.end():] if archive else head) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Exactly ``split_at(HAND_START, text)``, found faster: the search looks for a
        newline first (a literal the regex engine scans for in C) instead of trying
        ``^`` at every character."""
        starts = [m.start() + 1 for m in _HAND_AFTER_NEWLINE.finditer(text)]
        if HAND_START.match(text) is not None:
            starts.insert(0, 0)
        if not starts:
            if text.strip(" \r\n\t\ufeff"):
                yield 0, text
            return
        if (starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff")
                and _ARCHIVE_ONLY.match(text[: starts[0]].encode()) is None):
            yield 0, text[: starts[0]]
        ends = starts[1:] + [len(text)]
        for start, end in zip(starts, ends):
            yield start, text[start:end]

    def parse(self, hand_text: str) -> ParsedHand:
        try:
            return _parse(hand_text)
        except AmountError as exc:  # raised outside a line handler: the header's stakes
            raise HandParseError(QuarantineReason.BAD_AMOUNT, str(exc)) from exc


PARSER = PokerStarsParser()


def _platform(site: str, kind: str | None, tid: str | None, names: dict[str, SeatRecord]) -> Platform:
    if SITES[site] is not Platform.POKERSTARS:
        return SITES[site]
    if (tid is not None and len(tid) > 12) or any(n.endswith("_chico") for n in names):
        return Platform.CHICO
    if kind == "Home Game":
        return Platform.HOMEGAME
    return Platform.POKERSTARS


def _money(text: str, scale: int, cache: dict[str, int]) -> int:
    """``_amount`` through a per-scale cache: a history repeats the same few amounts."""
    value = cache.get(text)
    if value is None:
        value = _amount(text, scale)
        if len(cache) > 50_000:
            cache.clear()
        cache[text] = value
    return value


_MONEY_CACHES: dict[int, dict[str, int]] = {}
_TABLES_SEEN: dict[str, tuple[str, int | None, int | None]] = {}
# per amount scale: an action line already read -> (name, kind, amount, all in), for the
# lines whose reading needs nothing from the hand but the seat: folds, checks, calls,
# bets, raises (the amount raised to), antes and blinds
_ACTION_LINES: dict[int, dict[str, tuple]] = {}


def read_table_line(line: str) -> tuple[str, int | None, int | None] | None:
    """``(name, button, max seats)`` of the table line (remembered: tables repeat)."""
    tm = _TABLE.match(line)
    if tm is None:
        return None
    got = (tm["name"], int(tm["button"]) if tm["button"] else None, int(tm["max"]) if tm["max"] else None)
    if len(_TABLES_SEEN) > 10_000:
        _TABLES_SEEN.clear()
    _TABLES_SEEN[line] = got
    return got


def _seat_line(s: str) -> tuple[int, str, str, str] | None:
    """``(seat, name, stack text, tail)`` of ``Seat 3: name ($7.06 in chips) tail``."""
    colon = s.find(": ")
    chips = s.rfind(" in chips")
    if colon < 6 or chips == -1 or not s[5:colon].isdigit():
        return None
    paren = s.rfind(" (", colon, chips)
    close = s.find(")", chips)
    if paren == -1 or close == -1:
        return None
    stack = s[paren + 2 : chips]
    if "(" in stack or ")" in stack:
        return None
    return int(s[5:colon]), s[colon + 2 : paren], stack, s[close + 1 :]


def _listed_names(text: str, names: dict[str, SeatRecord]) -> list[str] | None:
    """The seated names ``text`` lists, separated by ``", "``; None unless exactly one
    reading exists (a name may itself hold ``", "``)."""
    readings: list[list[str]] = []

    def walk(start: int, got: list[str]) -> None:
        for name in names:
            end = start + len(name)
            if len(readings) > 1 or not text.startswith(name, start):
                continue
            if end == len(text):
                readings.append(got + [name])
            elif text.startswith(", ", end):
                walk(end + 2, got + [name])

    walk(0, [])
    return readings[0] if len(readings) == 1 else None


def _split_bounty(s: str, seat_of: dict[str, SeatRecord]) -> tuple[list[int], str, int | None] | None:
    """``(winning seats, bounty as printed, each one's share)`` of ``A, B split the $50
    bounty for eliminating C``; the share is None where the bounty does not divide into
    equal cents. None when the line lists no seated names."""
    at = s.find(" split the ")
    names = _listed_names(s[:at], seat_of)
    if names is None or len(set(names)) != len(names):
        return None
    amount_text = s[at + 11 : s.find(" bounty for eliminating ")]
    amount = _amount(amount_text, 100)
    winners = [seat_of[name].seat for name in names]
    # PokerStars splits a bounty equally among the seats that split the pot; where the
    # cents do not divide, which seat gets the odd cent is not printed on this line
    return winners, amount_text, amount // len(winners) if amount % len(winners) == 0 else None


def _in_line(exc: HandParseError, hid: str, s: str) -> HandParseError:
    return HandParseError(exc.reason, f"hand {hid}: {exc.message} in line {s!r}", hid)


def _unexpected(hid: str, s: str) -> HandParseError:
    return HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unexpected line {s!r}", hid)


def _parse(hand_text: str) -> ParsedHand:
    text = hand_text.lstrip("\ufeff")
    if len(text) > 1 and _BUYIN_ENDS_LINE.match(text) and _GAME_AND_LEVEL_LINE.match(text, text.find("\n") + 1):
        # a tournament header split after its buy-in: read as the one line it is
        cut = text.find("\n")
        text = text[:cut].rstrip("\r") + " " + text[cut + 1 :]
    raw_lines = verbatim = text.split("\n")  # verbatim: what pay lines record
    n_lines = len(raw_lines)
    hid, site, site_kind, stamp, zone, info = _parse_header(raw_lines[0].rstrip())
    if "Rs. " in info["stakes"]:
        raw_lines = _RUPEES.sub("₹", text).split("\n")
    game: Game = info["game"]
    is_tournament = info["tournament_id"] is not None
    scale: int = info["scale"]
    stake_values: list[int] = info["stake_values"]
    cache = _MONEY_CACHES.get(scale)
    if cache is None:
        cache = _MONEY_CACHES.setdefault(scale, {})
    notes: list[str] = []
    is_stud = game in STUD_GAMES
    is_draw = game in DRAW_GAMES
    half_label = Half.UNLABELLED if game in HILO_GAMES else Half.WHOLE

    # Table line, then seat lines.
    i = 1
    while i < n_lines and not raw_lines[i].strip():
        i += 1
    table_line = raw_lines[i].rstrip() if i < n_lines else ""
    tm = _TABLES_SEEN.get(table_line)
    if tm is None:
        tm = read_table_line(table_line)
    if tm is None:
        if i >= n_lines - 1:
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends after its header", hid)
        if not any(line.strip() for line in raw_lines[i + 1 :]):  # a history cut off in its table line
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends in its table line {table_line!r}", hid)
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: not a table line: {table_line!r}", hid)
    table_name, button, max_seats = tm
    i += 1

    seats: list[SeatRecord] = []
    seat_of: dict[str, SeatRecord] = {}
    by_number: dict[int, SeatRecord] = {}
    while i < n_lines:
        s = raw_lines[i].rstrip()
        if not s:  # some copies put a blank line after every line (2014 EUR tables)
            i += 1
            continue
        if not s.startswith("Seat "):
            break
        parts = _seat_line(s)
        if parts is None:
            sm = _SEAT.match(s)
            if sm is None:
                raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unreadable seat line {s!r}", hid)
            parts = (int(sm["seat"]), sm["name"], sm["stack"], sm["tail"])
        number, name, stack_text, tail = parts
        try:
            stack = _money(stack_text, scale, cache)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in {s!r}", hid) from exc
        # "is sitting out" / "out of hand": dealt in only if the seat then acts or gets cards
        rec = SeatRecord(number, name, stack, [], [], not tail.strip())
        seats.append(rec)
        seat_of[name] = rec
        by_number[number] = rec
        i += 1
    if not seats:
        raise HandParseError(QuarantineReason.TRUNCATED if i >= n_lines else QuarantineReason.PARSE_ERROR,
                             f"hand {hid} has no seat lines", hid)
    platform = _platform(site, site_kind, info["tournament_id"], seat_of)

    tracker = BetTracker()
    add = tracker.add
    actions: list[ActionRecord] = []
    append_action = actions.append
    payouts: list[PayoutRecord] = []
    street = Street.PREDEAL
    run: int | None = None
    board_unprefixed: list[str] = []
    board_by_run: dict[int, list[str]] = {}
    dealt: dict[int, list[str | None]] = {}
    upcards: dict[int, list[str]] = {}
    shown: dict[int, list[str | None]] = {}
    small_blind = big_blind = ante = bring_in = None
    small_blind_seat: int | None = None
    cash_out_fees: list[str] = []
    bounty_lines = False
    cancelled = False
    stp_added: int | None = None
    summary_at = -1
    seq = 0
    FOLD, CHECK, CALL, BET, RAISE = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE
    POST_SB, POST_BB, POST_ANTE = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_ANTE

    action_lines = _ACTION_LINES.get(scale)
    if action_lines is None:
        action_lines = _ACTION_LINES.setdefault(scale, {})
    elif len(action_lines) > 50_000:
        action_lines.clear()
    known_line = action_lines.get

    while i < n_lines:
        line = raw_lines[i]
        i += 1
        known = known_line(line)
        if known is not None:
            # a fold, check, call or bet line read before: only the seat is looked up
            rec = seat_of.get(known[0])
            if rec is not None:
                kind, amt, all_in = known[1], known[2], known[3]
                if all_in:
                    rec.all_in = True
                rec.dealt_in = True
                if kind is FOLD:
                    rec.folded_street = street
                    append_action(ActionRecord(seq, street, rec.seat, FOLD))
                elif kind is CHECK:
                    append_action(ActionRecord(seq, street, rec.seat, CHECK))
                elif kind is CALL or kind is BET:
                    add(rec.seat, amt)
                    append_action(ActionRecord(seq, street, rec.seat, kind, amt, all_in))
                elif kind is RAISE:
                    append_action(ActionRecord(seq, street, rec.seat, RAISE, tracker.raise_to(rec.seat, amt), all_in))
                elif kind is POST_SB and small_blind_seat not in (None, rec.seat):  # a dead one, as below
                    tracker.dead(rec.seat, amt)
                    append_action(ActionRecord(seq, Street.PREDEAL, rec.seat, ActionKind.POST_DEAD, amt, all_in))
                elif kind is POST_SB:
                    add(rec.seat, amt)
                    small_blind_seat = rec.seat
                    if small_blind is None and not all_in:
                        small_blind = amt
                    append_action(ActionRecord(seq, Street.PREDEAL, rec.seat, POST_SB, amt, all_in))
                elif kind is POST_BB:
                    add(rec.seat, amt)
                    if big_blind is None and not all_in:
                        big_blind = amt
                    append_action(ActionRecord(seq, Street.PREDEAL, rec.seat, POST_BB, amt, all_in))
                else:  # the ante
                    tracker.dead(rec.seat, amt)
                    if not all_in and (ante is None or amt > ante):
                        ante = amt
                    append_action(ActionRecord(seq, Street.PREDEAL, rec.seat, POST_ANTE, amt, all_in))
                seq += 1
                continue
        s = line.rstrip()
        if not s:
            continue
        try:
            pos = s.find(": ")
            if pos > 0:
                rec = seat_of.get(s[:pos])
                plain_name = rec is not None
                if rec is None and s.find(": ", pos + 1) != -1:
                    name, pos = _known_prefix(s, ": ", seat_of)
                    rec = seat_of[name] if name is not None else None
            else:
                rec = None
            if rec is not None:
                # "name: action"
                seat = rec.seat
                rest = s[pos + 2 :]
                if rest.endswith(" cap"):
                    capped = rest.find(_CAP_REACHED)
                    if capped != -1:
                        _money(rest[capped + len(_CAP_REACHED) : -4], scale, cache)  # the cap is an amount
                        rest = rest[:capped]
                all_in = rest.endswith(_ALL_IN)
                if all_in:
                    rest = rest[:-14]
                    rec.all_in = True
                if rest == "folds" or rest == "folds (disconnect)":  # converters say why, no money moves
                    rec.folded_street = street
                    rec.dealt_in = True
                    append_action(ActionRecord(seq, street, seat, FOLD))
                    if plain_name:
                        action_lines[line] = (rec.player, FOLD, None, all_in)
                elif rest == "checks":
                    rec.dealt_in = True
                    append_action(ActionRecord(seq, street, seat, CHECK))
                    if plain_name:
                        action_lines[line] = (rec.player, CHECK, None, all_in)
                elif rest.startswith("calls "):
                    amt = _money(rest[6:], scale, cache)
                    add(seat, amt)
                    rec.dealt_in = True
                    append_action(ActionRecord(seq, street, seat, CALL, amt, all_in))
                    if plain_name:
                        action_lines[line] = (rec.player, CALL, amt, all_in)
                elif rest.startswith("bets "):
                    amt = _money(rest[5:], scale, cache)
                    add(seat, amt)
                    rec.dealt_in = True
                    append_action(ActionRecord(seq, street, seat, BET, amt, all_in))
                    if plain_name:
                        action_lines[line] = (rec.player, BET, amt, all_in)
                elif rest.startswith("raises "):
                    to = rest.find(" to ")
                    if to == -1:
                        raise _unexpected(hid, s)
                    _money(rest[7:to], scale, cache)  # the increment must be an amount too
                    raised_to = _money(rest[to + 4 :], scale, cache)
                    amt = tracker.raise_to(seat, raised_to)
                    rec.dealt_in = True
                    append_action(ActionRecord(seq, street, seat, RAISE, amt, all_in))
                    if plain_name:
                        action_lines[line] = (rec.player, RAISE, raised_to, all_in)
                elif rest.startswith("posts "):
                    what = rest[6:]
                    rec.dealt_in = True
                    if what.startswith("the ante "):
                        amt = _money(what[9:], scale, cache)
                        tracker.dead(seat, amt)
                        if not all_in and (ante is None or amt > ante):
                            ante = amt
                        append_action(ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_ANTE, amt, all_in))
                        if plain_name:
                            action_lines[line] = (rec.player, POST_ANTE, amt, all_in)
                    elif what.startswith("small blind ") and small_blind_seat not in (None, seat):
                        # a second small blind is a newcomer's (or a returning player's) dead
                        # one: the call that follows adds the whole bet ("calls $2" at 0.25/0.50)
                        amt = _money(what[12:], scale, cache)
                        tracker.dead(seat, amt)
                        append_action(ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_DEAD, amt, all_in))
                    elif what.startswith("small blind "):
                        amt = _money(what[12:], scale, cache)
                        add(seat, amt)
                        small_blind_seat = seat
                        if small_blind is None and not all_in:
                            small_blind = amt
                        append_action(
                            ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amt, all_in)
                        )
                        if plain_name:
                            action_lines[line] = (rec.player, POST_SB, amt, all_in)
                    elif what.startswith("big blind "):
                        amt = _money(what[10:], scale, cache)
                        add(seat, amt)
                        if big_blind is None and not all_in:
                            big_blind = amt
                        append_action(
                            ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amt, all_in)
                        )
                        if plain_name:
                            action_lines[line] = (rec.player, POST_BB, amt, all_in)
                    elif what.startswith("small & big blinds "):
                        # a returning player's posts: the big blind is live, the small one dead
                        amt = _money(what[19:], scale, cache)
                        live = big_blind if big_blind is not None else (
                            stake_values[1] if len(stake_values) > 1 else amt
                        )
                        live = min(live, amt)
                        add(seat, live)
                        append_action(ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_BLIND, live, all_in))
                        if amt > live:
                            seq += 1
                            tracker.dead(seat, amt - live)
                            append_action(
                                ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_DEAD, amt - live, all_in)
                            )
                    else:  # button blind, straddle, ...: a live blind
                        amt = _money(what.rpartition(" ")[2], scale, cache)
                        add(seat, amt)
                        append_action(ActionRecord(seq, Street.PREDEAL, seat, ActionKind.POST_BLIND, amt, all_in))
                elif rest.startswith("brings in for "):
                    amt = _money(rest[14:], scale, cache)
                    add(seat, amt)
                    rec.dealt_in = True
                    if bring_in is None and not all_in:
                        bring_in = amt
                    append_action(ActionRecord(seq, street, seat, ActionKind.BRING_IN, amt, all_in))
                elif rest.startswith("discards "):
                    if street == Street.PREDRAW:  # a draw printed without its street line
                        street = Street.DRAW1
                        tracker.new_street()
                    count = rest[9:].split(" ", 1)[0]
                    if not count.isdigit():
                        raise _unexpected(hid, s)
                    append_action(ActionRecord(seq, street, seat, ActionKind.DISCARD, None, False, int(count)))
                elif rest.startswith("stands pat"):
                    if street == Street.PREDRAW:
                        street = Street.DRAW1
                        tracker.new_street()
                    if "[" in rest:
                        dealt[seat] = list(_cards_in(rest))
                    append_action(ActionRecord(seq, street, seat, ActionKind.STAND_PAT, None, False, 0))
                elif rest.startswith("shows"):
                    shown[seat] = list(_cards_in(rest))
                    rec.showed = True
                    append_action(ActionRecord(seq, street, seat, ActionKind.SHOW))
                elif rest.startswith("mucks"):
                    rec.mucked = True
                    if "[" in rest:
                        shown[seat] = list(_cards_in(rest))
                    append_action(ActionRecord(seq, street, seat, ActionKind.MUCK))
                elif rest.startswith("folds ["):  # folded face up
                    rec.folded_street = street
                    rec.dealt_in = True
                    shown[seat] = list(_cards_in(rest))
                    append_action(ActionRecord(seq, street, seat, FOLD))
                elif rest.startswith("doesn't show") or rest in SEAT_STATUS:
                    pass
                elif rest.startswith("Table deposit "):  # a converter's top-up of the stack: no pot money
                    _money(rest[14:].rstrip(), scale, cache)
                else:
                    raise _unexpected(hid, s)
                seq += 1
                continue

            if s[-1] == ":" and s[:-1] in seat_of:
                # a seated name and nothing after it (mined 2021 histories print one for each
                # all-in seat where the client shows its cards): no money, no cards
                continue

            if s[0] == "*" and _known_prefix(s, " ", seat_of)[0] is None:  # "**HCL59** collected ..." is a seat's
                end = s.find(" ***", 4)
                if not s.startswith("*** ") or end == -1:
                    raise _unexpected(hid, s)
                label = s[4:end]
                after = s[end + 4 :]
                if label == "SUMMARY":
                    summary_at = i
                    break
                if label in ("HOLE CARDS", "PRE-FLOP", "DEALING HANDS"):
                    # The first betting round goes on from the blinds: no new street bets.
                    street = Street.PREDRAW if is_draw else Street.PREFLOP
                    if "*" in after:
                        notes.append(f"garbled street line as printed: {s!r}")
                        after = after[: after.find("*")]
                    if after.strip():
                        board_unprefixed = _cards_in(after)
                    continue
                if label == "SHOW DOWN" or label == "SHOWDOWN" or label.endswith(" SHOW DOWN"):  # SHOWDOWN: Run It Once
                    if label.endswith(" SHOW DOWN"):
                        run = _RUN_PREFIX.get(label[:-10])
                        if run is None:
                            raise _unexpected(hid, s)
                    street = Street.SHOWDOWN
                    continue
                if is_stud:
                    new_street = _STUD_STREETS.get(label)
                    if new_street is None:
                        raise _unexpected(hid, s)
                    if street != Street.PREDEAL:  # antes are dead: 3rd street starts afresh anyway
                        tracker.new_street()
                    street = new_street
                    if "[" in after:  # too few cards left: one community card for all
                        board_unprefixed = _cards_in(after)
                    continue
                if is_draw:
                    new_street = _DRAW_STREETS.get(label)
                    if new_street is None:
                        raise _unexpected(hid, s)
                    street = new_street
                    tracker.new_street()
                    continue
                prefix, _, base = label.rpartition(" ")
                new_street = _BOARD_STREETS.get(base)
                if new_street is None or (prefix and prefix not in _RUN_PREFIX):
                    raise _unexpected(hid, s)
                if new_street != street:
                    street = new_street
                    tracker.new_street()
                try:
                    cards_now = _cards_in(after)
                except HandParseError:
                    notes.append(f"garbled street line as printed: {s!r}")
                    continue
                if prefix:
                    board_by_run[_RUN_PREFIX[prefix]] = cards_now
                else:
                    board_unprefixed = cards_now
                continue

            if s.startswith("Dealt to "):
                body = s[9:]
                name, pos = _known_prefix(body, " [", seat_of)
                if name is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: cards dealt to no seat: {s!r}", hid)
                rec = seat_of[name]
                rec.dealt_in = True
                seat = rec.seat
                groups = _bracket_groups(body[pos:])
                if is_stud:
                    have = dealt.setdefault(seat, [])
                    ups = upcards.setdefault(seat, [])
                    if street == Street.THIRD and len(groups) == 1:
                        got = groups[0]
                        have[:] = [None, None, got[0]] if len(got) == 1 else got
                        ups[:] = got[-1:]
                    else:
                        new = groups[-1]
                        have.extend(new)
                        if street != Street.SEVENTH:  # 7th street is dealt face down
                            ups.extend(new)
                else:
                    dealt[seat] = [c for g in groups for c in g]
                continue

            if " collected " in s:
                name, pos = _known_prefix(s, " collected ", seat_of)
                if name is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: pot paid to no seat: {s!r}", hid)
                amount_text, _, source = s[pos + 11 :].partition(" from ")
                if source == "pot" or source == "main pot":
                    pot = 0
                elif source == "side pot":
                    pot = 1
                elif source.startswith(("side pot-", "side pot ")) and source[9:].isdigit():
                    pot = int(source[9:])
                else:
                    raise _unexpected(hid, s)
                payouts.append(
                    PayoutRecord(seat_of[name].seat, _money(amount_text, scale, cache), pot, run, half_label,
                                 PayoutSource.POT, verbatim[i - 1].rstrip("\r"))
                )
                continue

            if s.startswith("Uncalled bet ("):
                close = s.find(") returned to ")
                if close == -1:
                    raise _unexpected(hid, s)
                rec = seat_of.get(s[close + 14 :])
                if rec is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: bet returned to no seat: {s!r}", hid)
                amt = _money(s[14:close], scale, cache)
                tracker.returned(rec.seat, amt)
                append_action(ActionRecord(seq, street, rec.seat, ActionKind.UNCALLED_RETURN, amt))
                seq += 1
                payouts.append(
                    PayoutRecord(rec.seat, amt, None, None, Half.WHOLE, PayoutSource.UNCALLED, verbatim[i - 1].rstrip("\r"))
                )
                continue

            if ' said, "' in s:
                continue


            if s == "Hand cancelled":
                cancelled = True
                continue

            if " cashed out the hand for " in s:
                name, pos = _known_prefix(s, " cashed out the hand for ", seat_of)
                if name is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: cash out by no seat: {s!r}", hid)
                rec = seat_of[name]
                paid_text, _, fee_text = s[pos + 25 :].partition(" | ")
                amt = _money(paid_text.strip(), scale, cache)
                rec.cashed_out = True
                append_action(ActionRecord(seq, street, rec.seat, ActionKind.CASH_OUT))
                seq += 1
                payouts.append(
                    PayoutRecord(rec.seat, amt, None, run, Half.WHOLE, PayoutSource.CASH_OUT, verbatim[i - 1].rstrip("\r"))
                )
                if fee_text:
                    cash_out_fees.append(f"seat {rec.seat}: {fee_text.strip()}")
                continue

            if " wins " in s and (" for eliminating " in s or " for splitting the elimination of " in s):
                name, pos = _known_prefix(s, " wins ", seat_of)
                if name is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: bounty paid to no seat: {s!r}", hid)
                prize = s[pos + 6 :].split(" ", 2)
                token = prize[1] if prize[0] == "the" else prize[0]
                payouts.append(
                    PayoutRecord(seat_of[name].seat, _amount(token, 100), None, None, Half.WHOLE,
                                 PayoutSource.BOUNTY, verbatim[i - 1].rstrip("\r"))
                )
                bounty_lines = True
                continue

            if " split the " in s and " bounty for eliminating " in s:
                split = _split_bounty(s, seat_of)
                if split is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: bounty split among no seats: {s!r}", hid)
                winners, amount_text, share = split
                if share is None:
                    notes.append(
                        f"bounty of {amount_text} split between seats {', '.join(str(w) for w in winners)} with no"
                        f" shares printed and no even split in cents: no share recorded ({s!r})")
                    continue
                for winner in winners:
                    payouts.append(PayoutRecord(winner, share, None, None, Half.WHOLE, PayoutSource.BOUNTY,
                                                verbatim[i - 1].rstrip("\r")))
                bounty_lines = True
                continue

            if s[0] == "#" and platform == Platform.POKERMASTER:
                continue  # the grabber's JSON metadata comment
            if platform == Platform.RUNITONCE:
                if s.startswith("STP added: "):
                    stp_added = _money(s[11:], scale, cache)
                    continue
                name, pos = _known_prefix(s, " shows [", seat_of)
                if name is not None:  # "X shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]": the hole cards first
                    rec = seat_of[name]
                    shown[rec.seat] = _bracket_groups(s[pos:])[0]
                    rec.showed = True
                    append_action(ActionRecord(seq, street, rec.seat, ActionKind.SHOW))
                    seq += 1
                    continue
            for fragment in INFO_FRAGMENTS:
                if fragment in s:
                    break
            else:
                if pos > 0 and s[pos + 2 :] in SEAT_STATUS:
                    continue  # someone not seated in this hand: "name: sits out"
                if s in _CONVERTER_TABLE_EVENTS:
                    continue
                if not any(rest_line.strip() for rest_line in raw_lines[i:]):
                    # the last line of a hand that never reached its summary: a file cut mid-line
                    raise HandParseError(
                        QuarantineReason.TRUNCATED, f"hand {hid} ends in a cut line {s!r}", hid
                    )
                raise _unexpected(hid, s)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in line {s!r}", hid) from exc
        except HandParseError as exc:
            if exc.hand_id is not None:
                raise
            # raised by a helper that knows neither the hand nor the line (a card, a raise)
            raise _in_line(exc, hid, s) from exc

    if summary_at < 0:
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends before its *** SUMMARY ***", hid)

    # Summary.
    total_pot = rake = None
    pots_printed: list[int] | None = None
    pots_net: bool | None = None
    fees = 0
    fee_detail: dict[str, int] = {}
    summary_boards: dict[int, list[str]] = {}
    summary_won: dict[int, int] = {}
    notional: dict[int, int] = {}
    summary_seats: set[int] = set()
    summary_lines = _SUMMARY_LINES.get(scale)
    if summary_lines is None:
        summary_lines = _SUMMARY_LINES.setdefault(scale, {})
    known_summary = summary_lines.get
    for j in range(summary_at, n_lines):
        s = raw_lines[j].rstrip()
        if not s:
            continue
        try:
            if s.startswith("Seat "):
                known = known_summary(s)
                if known is not None and known[0] in by_number and by_number[known[0]].player == known[1]:
                    # a summary line read before, for a seat of the same name
                    number = known[0]
                    rec = by_number[number]
                    summary_seats.add(number)
                    _apply_summary(known[2], rec, number, shown, summary_won, notional)
                    continue
                colon = s.find(": ")
                number_text = s[5:colon]
                if colon == -1 or not number_text.isdigit() or int(number_text) not in by_number:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unexpected summary line {s!r}", hid)
                number = int(number_text)
                rec = by_number[number]
                summary_seats.add(number)
                body = s[colon + 2 :]
                if body.startswith(rec.player):
                    effects = _summary_effects(body[len(rec.player) :], scale, cache, True)
                    if len(summary_lines) > 50_000:
                        summary_lines.clear()
                    summary_lines[s] = (number, rec.player, effects)
                else:
                    notes.append(f"summary names seat {number} differently from its seat line ({rec.player!r}): {s!r}")
                    paren = body.find(" (")
                    effects = _summary_effects(body[paren:] if paren != -1 else "", scale, cache, False)
                _apply_summary(effects, rec, number, shown, summary_won, notional)
                continue
            if s.startswith("Total pot "):
                tm2 = _TOTAL.match(s)
                if tm2 is None:
                    raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unreadable totals {s!r}", hid)
                total_pot = _money(tm2["total"], scale, cache)
                if tm2["main"] is not None:
                    printed = {0: _money(tm2["main"], scale, cache)}
                    for k, (index, amount_text) in enumerate(_SIDE.findall(tm2["sides"] or "")):
                        printed[int(index) if index else k + 1] = _money(amount_text, scale, cache)
                    pots_printed = [printed[k] for k in sorted(printed)]
                    pots_net = True
                else:
                    pots_printed = [total_pot]
                    pots_net = False
                segment_pots: dict[int, int] = {}
                for segment in (tm2["segments"] or "").split("|"):
                    segment = segment.strip()
                    if not segment:
                        continue
                    label, _, amount_text = segment.rpartition(" ")
                    value = _money(amount_text, scale, cache)
                    if label == "Rake":
                        rake = value
                        continue
                    if label in ("Main pot", "Side pot") or (label.startswith("Side pot ") and label[9:].isdigit()):
                        # Run It Once: "| Main pot €62.60 | Side pot €20.98 |", before rake
                        index = 0 if label == "Main pot" else int(label[9:]) if label[9:] else len(segment_pots)
                        segment_pots[index] = value
                        pots_printed = [segment_pots[k] for k in sorted(segment_pots)]
                        continue
                    key = label.lower().replace(" ", "_")
                    if "added" in key or key == "stp":  # splash the pot: money the house adds
                        value = -value
                        notes.append(f"the house added {amount_text} to the pot ({segment!r}): recorded as a negative fee")
                    fee_detail[key] = fee_detail.get(key, 0) + value
                    fees += value
                continue
            if s.startswith("Board [") or s.endswith("]") and " Board [" in s:
                prefix, _, cards_text = s.partition("Board ")
                index = _RUN_PREFIX.get(prefix.strip(), 1) if prefix.strip() else 1
                summary_boards[index] = _cards_in(cards_text)
                continue
            if s.startswith("Hand was run "):
                continue
            if s[0] == "*" and _ARCHIVE_NUMBER.match(s):  # the next hand's number, in an archive
                continue
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unexpected summary line {s!r}", hid)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in line {s!r}", hid) from exc
        except HandParseError as exc:
            if exc.hand_id is not None:
                raise
            # raised by a helper that knows neither the hand nor the line (a card, a raise)
            raise _in_line(exc, hid, s) from exc

    if cancelled:
        # what was posted before the cancellation went back unprinted: nothing to audit
        # unless the history itself returns every chip and prints the (empty) pot
        if total_pot is None or any(tracker.seats().values()) or any(p.source == PayoutSource.POT for p in payouts):
            raise HandParseError(
                QuarantineReason.INCONSISTENT, f"hand {hid}: hand cancelled by the platform: no pot was played", hid)
        notes.append("hand cancelled by the platform: every chip put in was returned")
    if total_pot is None:
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid}: summary has no 'Total pot' line", hid)
    for rec in seats:
        if rec.dealt_in and rec.seat not in summary_seats:
            raise HandParseError(
                QuarantineReason.TRUNCATED, f"hand {hid}: summary has no line for seat {rec.seat} ({rec.player})", hid
            )

    # Boards: the summary's are authoritative; the street lines must agree with them.
    if board_by_run:
        street_boards = [board_by_run[k] for k in sorted(board_by_run)]
    elif board_unprefixed:
        street_boards = [board_unprefixed]
    else:
        street_boards = []
    if summary_boards:
        boards = [summary_boards[k] for k in sorted(summary_boards)]
        if street_boards and street_boards != boards:
            notes.append(f"street lines show board(s) {street_boards} but the summary says {boards}")
    else:
        boards = street_boards

    if game in _PLAIN_OMAHA and platform in _GAME_BY_CARDS:
        game = _omaha_by_cards(hid, game, dealt, shown, notes)

    # Old histories (2005) return an uncalled bet without printing it; their Total pot
    # leaves it out. Infer it only when the printed total says exactly that.
    put_in = tracker.seats()
    if put_in and total_pot is not None:
        ranked = sorted(put_in.items(), key=lambda kv: kv[1], reverse=True)
        top_seat, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        excess = top - second
        if excess > 0 and sum(put_in.values()) - excess == total_pot:
            tracker.returned(top_seat, excess)
            bet_street = next(
                (a.street for a in reversed(actions) if a.seat == top_seat and a.amount), street
            )
            actions.append(ActionRecord(seq, bet_street, top_seat, ActionKind.UNCALLED_RETURN, excess))
            seq += 1
            payouts.append(PayoutRecord(top_seat, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, ""))
            notes.append(
                f"uncalled bet of {excess} returned to seat {top_seat} is not printed; inferred from the"
                f" Total pot {total_pot} (put in {sum(put_in.values())})"
            )

    # Seats: what each put in, and the final known cards.
    saw_seventh = is_stud and any(a.street == Street.SEVENTH for a in actions)
    for rec in seats:
        rec.contributed = tracker.contributed(rec.seat)
        number = rec.seat
        if number in shown and (len(shown[number]) >= len(dealt.get(number, ())) or not is_stud):
            rec.cards = shown[number]
        elif number in dealt:
            cards_known = dealt[number]
            if is_stud and saw_seventh and len(cards_known) == 6 and rec.folded_street is None:
                cards_known = cards_known + [None]
            rec.cards = cards_known
        if is_stud and number in upcards:
            rec.upcards = upcards[number]

    hand = ParsedHand(
        hand_id=hid,
        platform=platform,
        format=Format.POKERSTARS,
        game=game,
        limit=info["limit"],
        is_tournament=is_tournament,
        amount_scale=scale,
        currency=info["currency"],
        tournament_id=info["tournament_id"],
        small_blind=None,
        big_blind=None,
        ante=ante,
        bring_in=bring_in,
        button_seat=None if is_stud else button,
        max_seats=max_seats,
        start_time_utc=to_utc(stamp, zone),
        start_time_raw=f"{stamp} {zone}" if zone else stamp,
        hand_date=iso_date(stamp),
        table_name=table_name,
        is_play_money=info["play_money"],
        boards=boards,
        pots_printed=pots_printed,
        pots_printed_net=pots_net,
        total_pot_printed=total_pot,
        rake=rake,
        fees=fees,
        fee_detail=fee_detail,
        rake_source=RakeSource.PRINTED if rake is not None else RakeSource.ABSENT,
        seats=seats,
        actions=actions,
        payouts=payouts,
        notes=notes,
    )
    if not is_stud:
        if info["limit"] in (Limit.NO, Limit.POT) and len(stake_values) >= 2:
            hand.small_blind, hand.big_blind = stake_values[0], stake_values[1]
        else:
            hand.small_blind, hand.big_blind = small_blind, big_blind
    if info["mixed"]:
        notes.append(f"mixed game {info['mixed']!r}: this hand is {game.value}")
    if rake is None:
        notes.append("rake not printed")
    elif platform is Platform.MPLPOKER and rake and hand.paid_from_pots() == hand.pot_total:
        # MPLPoker's pay lines pay the whole pot and its rake line is taken after them:
        # how a rake is shared between winners is not printed, so only shares are checked
        notes.append(f"MPLPoker pays the pot before its rake ({format_minor(rake, scale)} printed): "
                     "the rake is not checked, only who won what share")
        hand.rake, hand.rake_source = None, RakeSource.ABSENT
    if stp_added is not None and -fee_detail.get("stp", 0) != stp_added:
        hand.contradicts(f"the hand says the house added {format_minor(stp_added, scale)} (STP), the summary"
                         f" {format_minor(-fee_detail.get('stp', 0), scale)}", None, -fee_detail.get("stp", 0), stp_added)
    _check_money(hand, summary_won, notional, cash_out_fees, bounty_lines)
    return hand


_PLAIN_OMAHA = {
    Game.OMAHA: {5: Game.OMAHA5, 6: Game.OMAHA6},
    Game.OMAHA_HILO: {5: Game.OMAHA5_HILO, 6: Game.OMAHA6_HILO},
}
# Dialects whose header names the game as another site called it: PokerMaster's grabber
# writes "Omaha" for its 5-card tables. PokerStars names every Omaha by its card count.
_GAME_BY_CARDS = frozenset({Platform.POKERMASTER, Platform.CHICO, Platform.RUNITONCE})


def _omaha_by_cards(hid: str, game: Game, dealt: dict[int, list], shown: dict[int, list], notes: list[str]) -> Game:
    """The Omaha game the hole cards dealt and shown say, where the header names plain
    Omaha (or Omaha Hi/Lo): ``game`` while no seat holds more than four."""
    sizes: dict[int, set[int]] = {}
    for cards_by_seat in (dealt, shown):
        for seat, held in cards_by_seat.items():
            sizes.setdefault(seat, set()).add(len(held))
    every = set().union(*sizes.values())
    if not every or max(every) <= 4:
        return game
    if len(every) == 1 and (size := every.pop()) in _PLAIN_OMAHA[game]:
        by_cards = _PLAIN_OMAHA[game][size]
        notes.append(f"header names {game.value} but every hand dealt or shown holds {size} cards:"
                     f" recorded as {by_cards.value}")
        return by_cards
    held = ", ".join(f"seat {seat}: {' and '.join(map(str, sorted(n)))}" for seat, n in sorted(sizes.items()))
    raise HandParseError(
        QuarantineReason.BAD_CARDS,
        f"hand {hid}: header names {game.value}, but the hole cards dealt or shown number differently ({held})", hid)


# per amount scale: a summary seat line already read -> (seat, name, effects)
_SUMMARY_LINES: dict[int, dict[str, tuple]] = {}


def _summary_effects(body: str, scale: int, cache: dict[str, int], may_skip: bool) -> tuple:
    """What a summary seat line says after the player's name: ``(mucked, cards shown or
    mucked, showed, won, won but not paid, cashed out)``.

    ``may_skip``: a line with no cards, no winnings and no cash out records nothing but
    a muck (when the name was read as printed).
    """
    if may_skip and "[" not in body and " won " not in body and " collected " not in body and "cashed" not in body:
        return (" mucked" in body, None, False, 0, False, False)  # folded, or did not bet
    mucked = showed = False
    cards = None
    for marker in (" showed [", " mucked ["):
        at = body.find(marker)
        if at != -1:
            cards = tuple(_cards_in(body[at + len(marker) - 1 : body.find("]", at) + 1]))
            if marker == " showed [":
                showed = True
            else:
                mucked = True
    if body.startswith(" mucked") or " mucked" in body.split("[", 1)[0]:
        mucked = True
    won = 0
    for key in (" won ", " collected "):
        at = body.find(key)
        while at != -1:
            start = at + len(key)
            if body.startswith("(", start):
                at = body.find(")", start)
                won += _money(body[start + 1 : at], scale, cache)
            else:  # converters and Run It Once print the amount bare: "collected $10"
                end = body.find(" ", start)
                token = body[start : end if end != -1 else len(body)].rstrip(",")
                if _AMOUNT_TOKEN.fullmatch(token):
                    won += _money(token, scale, cache)
            at = body.find(key, start)
    cashed = "(cashed out)" in body or "cashed out" in body
    return (mucked, cards, showed, won, "(pot not awarded" in body, cashed)


def _apply_summary(effects: tuple, rec: SeatRecord, number: int, shown: dict, summary_won: dict[int, int],
                   notional: dict[int, int]) -> None:
    mucked, cards, showed, won, unpaid, cashed = effects
    if mucked:
        rec.mucked = True
    if cards is not None:
        shown[number] = list(cards)
    if showed:
        rec.showed = True
    if unpaid:
        notional[number] = notional.get(number, 0) + won
    elif won:
        summary_won[number] = won
    if cashed:
        rec.cashed_out = True


def _check_money(
    hand: ParsedHand,
    summary_won: dict[int, int],
    notional: dict[int, int],
    cash_out_fees: list[str],
    bounty_lines: bool,
) -> None:
    """Cross-check the history against itself; say in ``notes`` where it does not add up."""
    notes = hand.notes
    put_in = hand.pot_total
    paid = hand.paid_from_pots()
    rake = hand.rake or 0
    splashed = -hand.fee_detail.get("stp", 0)  # Run It Once counts the house's money in its Total pot
    if hand.total_pot_printed is not None and hand.total_pot_printed != put_in + splashed:
        scale = hand.amount_scale
        hand.contradicts(
            f"summary says Total pot {format_minor(hand.total_pot_printed, scale)} but the actions put in"
            f" {format_minor(put_in, scale)}" + (f" and the house added {format_minor(splashed, scale)}" if splashed else ""),
            None, put_in + splashed, hand.total_pot_printed)
    if hand.pots_printed_net and sum(hand.pots_printed or ()) != (hand.total_pot_printed or 0) - rake - hand.fees:
        notes.append(
            f"printed pots {hand.pots_printed} do not add up to the total {hand.total_pot_printed} less rake {rake}"
        )
    returned: dict[int, int] = {}
    for p in hand.payouts:
        if p.source == PayoutSource.UNCALLED:
            returned[p.seat] = returned.get(p.seat, 0) + p.amount
    for s in hand.seats:
        if s.contributed < 0:  # Run It Once printed a splash (STP) inside a returned bet
            back = returned.get(s.seat, 0)
            hand.contradicts(
                f"seat {s.seat} got {format_minor(back, hand.amount_scale)} back as an uncalled bet but put in only"
                f" {format_minor(back + s.contributed, hand.amount_scale)}", s.seat, back, back + s.contributed)
    hand.contradicts_summary(summary_won)
    missing = put_in - rake - hand.fees - paid
    if any(s.cashed_out for s in hand.seats):
        if missing > 0:
            hand.house_retained = missing
            notes.append(
                f"{missing} of the pot was paid to no seat: the share of a seat that cashed out, kept by the house"
            )
        if notional:
            shares = ", ".join(f"seat {k}: {v}" for k, v in sorted(notional.items()))
            notes.append(f"summary's notional winnings not paid because the seat cashed out: {shares}")
            if sum(notional.values()) != max(missing, 0):
                notes.append(f"notional cash-out winnings {sum(notional.values())} differ from the unpaid pot {missing}")
        for fee in cash_out_fees:
            notes.append(f"cash-out fee charged by the house on its own payment (not pot money): {fee}")
    elif missing != 0 and hand.rake is not None:
        notes.append(f"history does not add up: put in {put_in}, paid {paid}, rake {rake}, fees {hand.fees}")
    if bounty_lines:
        notes.append("bounty payouts are in the buy-in currency's cents, not tournament chips")
