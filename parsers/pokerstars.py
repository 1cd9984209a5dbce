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
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from typing import NamedTuple, TypedDict
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


# Some copies (a Zoom archive, a sample file) indent every line but the first by one space:
# such a file's hands start at an indented header and are read with that space taken off
_INDENTED_HAND = re.compile(r"^ (?=\ufeff*" + _SITES + _KIND + r" (?:Game|Hand|GAME|HAND) #\d+:)", re.M)
_UNINDENTED_LINE = re.compile(r"\n(?! |\*{5,} # \d+ \*{5,}[ \t]*\r?$)[ \t]*[^\s]", re.M)


def _indented(text: str) -> bool:
    """Whether every non-blank line of ``text`` after its first (archive number lines
    aside) starts with a space, and one of them is an indented hand header."""
    return _INDENTED_HAND.search(text) is not None and _UNINDENTED_LINE.search(text) is None


def indented_chunk(data: bytes) -> bool:
    """Whether a chunk is such a file (``_indented``): the columnar readers hand it back."""
    return b"\n " in data[:4096] and _indented(data.decode("utf-8", "replace"))


def _dedented(hand_text: str) -> str:
    """``hand_text`` with one space taken off each line, when every line after its first is
    indented so (see ``_INDENTED_HAND``)."""
    lines = hand_text.split("\n")
    rest = [line for line in lines[1:] if line.strip()]
    if not rest or not all(line.startswith(" ") for line in rest):
        return hand_text
    return "\n".join(line[1:] if line.startswith(" ") else line for line in lines)


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
# the buy-in is one word, but for PokerStars India's "Rs. 0.44+Rs. 0.06 INR"
_TOURNAMENT = re.compile(
    r"^(?:\{[^}]*\}\s*)?(?:Zoom )?(?i:tournament) #(?P<tid>\d+),\s*"
    r"(?:(?P<buyin>Freeroll|(?:Rs\.[ \xa0](?=\d)|\S)*\d\S*(?: (?:[A-Z]{3}|FPP|SC))?)\s+)?"
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
# PokerStars India writes rupees "Rs. 1" (a space or, in its later files, a NO-BREAK SPACE)
# as well as "₹1": the same amount, a symbol with a space (a seat name holding "Rs. 5" would
# read "₹5" too, alike in every line of the hand)
_RUPEES = re.compile(r"\bRs\.[ \xa0](?=\d)")
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


def _known_prefix(line: str, sep: str, names: Mapping[str, object]) -> tuple[str | None, int]:
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


class GameInfo(TypedDict):
    """What a header says between the hand number and the date (``game_info``)."""

    mixed: str | None  # a mixed game's name (``8-Game``); ``game`` is this hand's
    tournament_id: str | None
    buyin: str | None
    game: Game
    limit: Limit | None
    stakes: str
    stake_values: list[int]  # the stakes' amounts, in minor units
    currency: str | None
    scale: int
    play_money: bool


def game_info(rest: str, hid: str) -> GameInfo:
    """What the header says between the hand number and the date (cached per text).

    Game, limit, mixed-game name, tournament, stakes, and the money unit: currency,
    ``amount_scale``, play money, the stake amounts in minor units.
    """
    mixed: str | None = None
    tid: str | None = None
    buyin: str | None = None
    t = _TOURNAMENT.match(rest) or _TOURNAMENT_UNLEVELLED.match(rest)
    if t is not None:
        tid, buyin = t["tid"], t["buyin"]
        game_text = t["game"]
        stakes = t["stakes"] or ""
        paren = game_text.find(" (")
        if paren != -1 and game_text.endswith(")"):  # HORSE (7 Card Stud Hi/Lo Limit)
            mixed, game_text = game_text[:paren], game_text[paren + 2 : -1]
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
            mixed, game_text, stakes = game_text, inner, after.strip()
    try:
        game, limit = _game_and_limit(game_text)
    except HandParseError as exc:
        exc.hand_id = hid
        raise
    if _CAP_STAKES.search(stakes):  # ($2/$4 - $80 Cap - USD): no or pot limit, capped
        limit = Limit.CAP
    currency, scale, play_money = _money_unit(stakes, tid is not None, buyin)
    try:
        stake_values = [_amount(tok, scale) for tok in _AMOUNT_TOKEN.findall(stakes)]
    except AmountError as exc:
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: stakes {stakes!r}: {exc}", hid) from exc
    return {"mixed": mixed, "tournament_id": tid, "buyin": buyin, "game": game, "limit": limit, "stakes": stakes,
            "stake_values": stake_values, "currency": currency, "scale": scale, "play_money": play_money}


def _money_unit(stakes: str, tournament: bool, buyin: str | None) -> tuple[str | None, int, bool]:
    """``(currency, amount scale, play money)`` of a hand: tournaments count chips (a
    buy-in in no currency is play money); a cash game's currency is its code or sign, or
    it is play money, in cents where the stakes print any.

    >>> _money_unit("$0.01/$0.02 USD", False, None), _money_unit("10/20", True, "$1.29+$0.21 USD")
    (('USD', 100, False), (None, 1, False))
    """
    if tournament:
        # no buy-in printed (2006 shootouts): nothing says play money
        play_money = buyin is not None and buyin != "Freeroll" and not any(ch in buyin for ch in "$€£₹¥") and not (
            buyin.endswith(("FPP", "SC")) or _CURRENCY_CODE.search(buyin)
        )
        return None, 1, play_money
    code = _CURRENCY_CODE.search(stakes)
    if code is not None:
        currency: str | None = code.group(1)
    else:
        currency = next((iso for sym, iso in _SYMBOL_CURRENCY.items() if sym in stakes), None)
    if currency is None:
        return None, 100 if any("." in tok for tok in _AMOUNT_TOKEN.findall(stakes)) else 1, True
    return currency, 100, False


_GAME_INFO: dict[str, GameInfo] = {}
_SITE_KINDS = {
    f"{site}{kind} {word}": (site, kind.strip() or None)
    for site in SITES
    for kind in ("", *(f" {k}" for k in KINDS))
    for word in ("Game", "Hand", "GAME", "HAND")
}


def _parse_header(first: str) -> tuple[str, str, str | None, str, str | None, GameInfo]:
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
        if not starts and _indented(text):
            starts = [m.start() for m in _INDENTED_HAND.finditer(text) if m.start() > 0]
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
            return _parse(_dedented(hand_text))
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
_ACTION_LINES: dict[int, dict[str, _ActionLine]] = {}


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


# --- one hand ---------------------------------------------------------------------------------
#
# ``_parse`` reads a hand in steps, each a function below: the header (``_Hand``), the table
# line, the seat lines, the lines up to the summary (``_read_actions``: a line read before is
# replayed, any other goes to the handler of its kind, the kinds declared as data in
# ``_VERBS`` and ``_BODY_LINES``), the summary (``_SUMMARY_KINDS``), then the checks of the
# whole and the record. The order of the kinds is the order in which a line is tried: the
# first kind whose text matches and whose effect does not decline takes the line.


def _parse(hand_text: str) -> ParsedHand:
    try:
        parsed = _parse_reading(hand_text, raise_adds=False)
    except HandParseError as exc:
        if exc.hand_id is None or not hand_text.startswith(_RIO):
            raise
        return _raise_adds_reading(hand_text, None, exc)
    if parsed.platform in RAISE_TO_ADDS and _misses_total_pot(parsed):
        return _raise_adds_reading(hand_text, parsed, None)
    return parsed


#: Sites whose ``raises X to Y`` may print as Y what the raise *adds*, not the seat's new
#: total this street. Run It Once did in early 2019 (``John R: bets €0.19``, ``Barre:
#: raises €0.39 to €0.58``, ``John R: raises €0.54 to €1.12``, ``Barre: calls €0.73``:
#: John has 1.31 in, and only that reading gives the printed Total pot) and prints the
#: standard reading later (``posts small blind 10``, ``raises 20 to 40``, ``calls 20``).
#: The line alone cannot tell them apart, so a hand of such a site is read the other way
#: only where the standard reading misses its printed Total pot and that reading meets
#: it exactly (said in a note); otherwise the standard reading and its findings stand.
RAISE_TO_ADDS = frozenset({Platform.RUNITONCE})
RAISE_ADDS_NOTE = ("'raises X to Y' read as adding Y (Run It Once's early-2019 habit): the reading that gives"
                   " the printed Total pot; the standard one (Y the street total) does not")


def _parse_reading(hand_text: str, raise_adds: bool) -> ParsedHand:
    hand = _Hand(_one_line_header(hand_text.lstrip("\ufeff")))
    hand.raise_adds = raise_adds
    _read_seats(hand, _read_table(hand))
    totals = _read_summary(hand, _read_actions(hand))
    return _record(hand, totals, _check_complete(hand, totals))


def _misses_total_pot(parsed: ParsedHand) -> bool:
    """The printed Total pot is not what the actions put in (plus what the house added)."""
    printed = parsed.total_pot_printed
    return printed is not None and printed != parsed.pot_total - parsed.fee_detail.get("stp", 0)


def _raise_adds_reading(hand_text: str, standard: ParsedHand | None, failure: HandParseError | None) -> ParsedHand:
    """The ``RAISE_TO_ADDS`` reading where it meets the printed Total pot, else the standard
    reading (or its failure) as it was."""
    try:
        other = _parse_reading(hand_text, raise_adds=True)
    except HandParseError:
        other = None
    if other is not None and other.platform in RAISE_TO_ADDS and not _misses_total_pot(other):
        other.notes.append(RAISE_ADDS_NOTE)
        return other
    if standard is None:
        assert failure is not None
        raise failure
    return standard


def _one_line_header(text: str) -> str:
    """``text`` with a tournament header split after its buy-in read as the one line it is."""
    if len(text) > 1 and _BUYIN_ENDS_LINE.match(text) and _GAME_AND_LEVEL_LINE.match(text, text.find("\n") + 1):
        cut = text.find("\n")
        text = text[:cut].rstrip("\r") + " " + text[cut + 1 :]
    return text


class _Hand:
    """What a hand's lines have said so far: the state its line handlers share.

    A class with slots rather than a dict: the handlers read and write a few of these per
    line, and attribute access on slots is the cheapest Python offers.
    """

    __slots__ = (
        "actions",
        "ante",
        "at",
        "big_blind",
        "board_by_run",
        "board_unprefixed",
        "bounty_lines",
        "bring_in",
        "button",
        "by_number",
        "cache",
        "cancelled",
        "cash_out_fees",
        "dealt",
        "game",
        "half_label",
        "hid",
        "info",
        "is_draw",
        "is_stud",
        "lines",
        "max_seats",
        "next_at",
        "notes",
        "payouts",
        "platform",
        "raise_adds",
        "run",
        "scale",
        "seat_of",
        "seats",
        "seq",
        "shown",
        "site",
        "site_kind",
        "small_blind",
        "small_blind_seat",
        "stamp",
        "stp_added",
        "street",
        "table_name",
        "tracker",
        "upcards",
        "verbatim",
        "zone",
    )
    lines: list[str]
    verbatim: list[str]  # the lines as printed (before rupees are read as ₹): what pay lines record
    hid: str
    site: str
    site_kind: str | None
    stamp: str
    zone: str | None
    info: GameInfo
    game: Game
    is_stud: bool
    is_draw: bool
    half_label: Half
    scale: int
    cache: dict[str, int]
    notes: list[str]
    table_name: str
    button: int | None
    max_seats: int | None
    seats: list[SeatRecord]
    seat_of: dict[str, SeatRecord]
    by_number: dict[int, SeatRecord]
    platform: Platform
    tracker: BetTracker
    actions: list[ActionRecord]
    payouts: list[PayoutRecord]
    street: Street
    run: int | None
    board_unprefixed: list[str]
    board_by_run: dict[int, list[str]]
    dealt: dict[int, list[str | None]]
    upcards: dict[int, list[str]]
    shown: dict[int, list[str | None]]
    small_blind: int | None
    big_blind: int | None
    ante: int | None
    bring_in: int | None
    small_blind_seat: int | None
    cash_out_fees: list[str]
    bounty_lines: bool
    cancelled: bool
    stp_added: int | None
    raise_adds: bool  # ``raises X to Y``: Y is what the raise adds (``RAISE_TO_ADDS``)
    seq: int
    at: int  # the index of the line being read
    next_at: int  # where the lines after the seats start

    def __init__(self, text: str) -> None:
        """The header's facts; the rest starts empty."""
        self.lines = self.verbatim = text.split("\n")
        self.hid, self.site, self.site_kind, self.stamp, self.zone, info = _parse_header(self.lines[0].rstrip())
        if "Rs. " in info["stakes"] or "Rs.\xa0" in info["stakes"]:
            self.lines = _RUPEES.sub("₹", text).split("\n")
        self.info = info
        self.game = game = info["game"]
        self.scale = scale = info["scale"]
        cache = _MONEY_CACHES.get(scale)
        self.cache = cache if cache is not None else _MONEY_CACHES.setdefault(scale, {})
        self.notes = []
        self.is_stud = game in STUD_GAMES
        self.is_draw = game in DRAW_GAMES
        self.half_label = Half.UNLABELLED if game in HILO_GAMES else Half.WHOLE
        self.tracker = BetTracker()
        self.actions, self.payouts = [], []
        self.street, self.run, self.seq, self.at = Street.PREDEAL, None, 0, 0
        self.board_unprefixed, self.board_by_run = [], {}
        self.dealt, self.upcards, self.shown = {}, {}, {}
        self.small_blind = self.big_blind = self.ante = self.bring_in = self.small_blind_seat = None
        self.cash_out_fees = []
        self.bounty_lines = self.cancelled = False
        self.stp_added = None
        self.raise_adds = False

    def unexpected(self) -> HandParseError:
        """The line being read is not one this dialect has (``parse_error``, naming it)."""
        return _unexpected(self.hid, self.lines[self.at].rstrip())

    def act(self, seat: int, kind: ActionKind, amount: int | None = None, all_in: bool = False,
            street: Street | None = None, changed: int | None = None) -> None:
        """One action, numbered in the order printed, on the hand's street unless ``street``."""
        self.actions.append(ActionRecord(self.seq, self.street if street is None else street, seat, kind, amount,
                                         all_in, changed))

    def line_paid(self) -> str:
        return self.verbatim[self.at].rstrip("\r")


def _read_table(hand: _Hand) -> int:
    """The table line (the first after the header that is not blank); the index after it."""
    lines, n, hid = hand.lines, len(hand.lines), hand.hid
    i = 1
    while i < n and not lines[i].strip():
        i += 1
    table_line = lines[i].rstrip() if i < n else ""
    tm = _TABLES_SEEN.get(table_line)
    if tm is None:
        tm = read_table_line(table_line)
    if tm is None:
        if i >= n - 1:
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends after its header", hid)
        if not any(line.strip() for line in lines[i + 1 :]):  # a history cut off in its table line
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends in its table line {table_line!r}", hid)
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: not a table line: {table_line!r}", hid)
    hand.table_name, hand.button, hand.max_seats = tm
    return i + 1


def _read_seats(hand: _Hand, i: int) -> None:
    """The seat lines from ``i``: who sits where with what; then who dealt the hand."""
    lines, n, hid, scale, cache = hand.lines, len(hand.lines), hand.hid, hand.scale, hand.cache
    hand.seats, hand.seat_of, hand.by_number = seats, seat_of, by_number = [], {}, {}
    while i < n:
        s = lines[i].rstrip()
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
        raise HandParseError(QuarantineReason.TRUNCATED if i >= n else QuarantineReason.PARSE_ERROR,
                             f"hand {hid} has no seat lines", hid)
    hand.platform = _platform(hand.site, hand.site_kind, hand.info["tournament_id"], seat_of)
    hand.next_at = i


def _read_actions(hand: _Hand) -> int:
    """The lines from the seats to ``*** SUMMARY ***``; the index of the line after it.

    A line read before in a hand of the same amount scale (``_ACTION_LINES``: folds,
    checks, calls, bets, raises, live posts, by far the most lines) is replayed from what
    it said, its seat looked up by name; any other is read by ``_read_line``.
    """
    lines, n, seat_of, hid = hand.lines, len(hand.lines), hand.seat_of, hand.hid
    action_lines = _ACTION_LINES.get(hand.scale)
    if action_lines is None:
        action_lines = _ACTION_LINES.setdefault(hand.scale, {})
    elif len(action_lines) > 50_000:
        action_lines.clear()
    known_line = action_lines.get
    append, add, street = hand.actions.append, hand.tracker.add, hand.street
    i = hand.next_at
    while i < n:
        line = lines[i]
        i += 1
        known = known_line(line)
        if known is not None:
            rec = seat_of.get(known[0])
            if rec is not None:
                kind, amount, all_in = known[1], known[2], known[3]
                if all_in:
                    rec.all_in = True
                rec.dealt_in = True
                # the commonest kinds done here as _do_fold, _do_check, _do_call and _do_bet
                # do them (a call less per line: these are most of a history's lines)
                if kind is _FOLD:
                    rec.folded_street = street
                    append(ActionRecord(hand.seq, street, rec.seat, _FOLD))
                elif kind is _CHECK:
                    append(ActionRecord(hand.seq, street, rec.seat, _CHECK))
                elif kind is _CALL or kind is _BET:
                    add(rec.seat, amount)
                    append(ActionRecord(hand.seq, street, rec.seat, kind, amount, all_in))
                else:
                    _REPLAY[kind](hand, rec, amount, all_in)
                hand.seq += 1
                continue
        s = line.rstrip()
        if not s:
            continue
        hand.at = i - 1
        try:
            if _read_line(hand, s, line, action_lines):
                return i
            street = hand.street  # a street line, or a draw without one
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in line {s!r}", hid) from exc
        except HandParseError as exc:
            if exc.hand_id is not None:
                raise
            # raised by a helper that knows neither the hand nor the line (a card, a raise)
            raise _in_line(exc, hid, s) from exc
    raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends before its *** SUMMARY ***", hid)


def _read_line(hand: _Hand, s: str, line: str, action_lines: dict[str, _ActionLine]) -> bool:
    """One line not read before (``s``: ``line`` without its end): a seated player's
    ``name: verb ...`` (``_EXACT_VERBS``, ``_VERBS``; a verb's reading is remembered in
    ``action_lines`` where it needs nothing but the seat), else the first of
    ``_BODY_LINES`` to take it. True: the summary starts."""
    seat_of = hand.seat_of
    pos = s.find(": ")
    rec = None
    plain_name = False
    if pos > 0:
        rec = seat_of.get(s[:pos])
        plain_name = rec is not None
        if rec is None and s.find(": ", pos + 1) != -1:
            name, pos = _known_prefix(s, ": ", seat_of)
            rec = seat_of[name] if name is not None else None
    if rec is not None:  # a seated player's line: the verb after the name
        rest = s[pos + 2 :]
        if rest.endswith(" cap"):
            capped = rest.find(_CAP_REACHED)
            if capped != -1:
                _money(rest[capped + len(_CAP_REACHED) : -4], hand.scale, hand.cache)  # the cap is an amount
                rest = rest[:capped]
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[:-14]
            rec.all_in = True
        verb = _EXACT_VERBS.get(rest)
        if verb is None:
            for prefix, reader in _VERBS:
                if rest.startswith(prefix):
                    verb = reader
                    break
            else:
                raise hand.unexpected()
        memo = verb(hand, rec, rest, all_in)
        if memo is not None and plain_name:  # remembered for the next hands, read by their name alone
            action_lines[line] = (rec.player, memo[0], memo[1], all_in)
        hand.seq += 1
        return False
    if s[-1] == ":" and s[:-1] in seat_of:
        # a seated name and nothing after it (mined 2021 histories print one for each
        # all-in seat where the client shows its cards): no money, no cards
        return False
    platform = hand.platform
    for test, text, effect, only in _BODY_LINES:
        if test(s, text) and (only is None or only is platform):
            taken = effect(hand, s)
            if taken is not False:
                return taken is True
    for fragment in INFO_FRAGMENTS:
        if fragment in s:
            return False  # who came, went, timed out; what the dealer did with the deck
    if platform is Platform.RUNITONCE:
        # as it always has: the Run It Once show check left no name position behind, so an
        # unseated "name: sits out" is not skipped there (a line naming nobody is unknown)
        pos = -1
    return _unknown_line(hand, s, pos)


def _unknown_line(hand: _Hand, s: str, pos: int) -> bool:
    """A line no kind took: table traffic of someone not seated, or the hand's end."""
    if pos > 0 and s[pos + 2 :] in SEAT_STATUS:
        return False  # someone not seated in this hand: "name: sits out"
    if s in _CONVERTER_TABLE_EVENTS:
        return False
    if not any(rest_line.strip() for rest_line in hand.lines[hand.at + 1 :]):
        # the last line of a hand that never reached its summary: a file cut mid-line
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hand.hid} ends in a cut line {s!r}", hand.hid)
    raise hand.unexpected()


# --- a seated player's line: ``name: verb ...`` ------------------------------------------------

#: what an action line already read said: (name, kind, amount, all in); amount 0 for
#: folds and checks, the amount raised *to* for raises
_ActionLine = tuple[str, ActionKind, int, bool]
#: what a verb's reader returns to be remembered for the line: (kind, amount), or None
#: where the reading needs more than the seat (a dead blind, a draw, cards)
_Memo = tuple[ActionKind, int] | None


# the hottest names as module globals: one dictionary look-up each, no enum attribute
_FOLD, _CHECK, _CALL, _BET = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET
_RAISE = ActionKind.RAISE
_POST_SB, _POST_BB, _POST_ANTE = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_ANTE
_POST_DEAD, _PREDEAL = ActionKind.POST_DEAD, Street.PREDEAL


# What each remembered kind does to the hand, for a line read now and for one replayed:
# ``(hand, seat, amount, all in)``.

def _do_fold(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    rec.folded_street = hand.street
    hand.actions.append(ActionRecord(hand.seq, hand.street, rec.seat, _FOLD))


def _do_check(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    hand.actions.append(ActionRecord(hand.seq, hand.street, rec.seat, _CHECK))


def _do_call(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    hand.tracker.add(rec.seat, amount)
    hand.actions.append(ActionRecord(hand.seq, hand.street, rec.seat, _CALL, amount, all_in))


def _do_bet(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    hand.tracker.add(rec.seat, amount)
    hand.actions.append(ActionRecord(hand.seq, hand.street, rec.seat, _BET, amount, all_in))


def _do_raise(hand: _Hand, rec: SeatRecord, raised_to: int, all_in: bool) -> None:
    rec.dealt_in = True
    if hand.raise_adds:
        added = raised_to
        hand.tracker.add(rec.seat, added)
    else:
        added = hand.tracker.raise_to(rec.seat, raised_to)
    hand.actions.append(ActionRecord(hand.seq, hand.street, rec.seat, _RAISE, added, all_in))


def _do_small_blind(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    if hand.small_blind_seat not in (None, rec.seat):
        # a second small blind is a newcomer's (or a returning player's) dead one: the
        # call that follows adds the whole bet ("calls $2" at 0.25/0.50)
        hand.tracker.dead(rec.seat, amount)
        hand.actions.append(ActionRecord(hand.seq, _PREDEAL, rec.seat, _POST_DEAD, amount, all_in))
        return
    hand.tracker.add(rec.seat, amount)
    hand.small_blind_seat = rec.seat
    if hand.small_blind is None and not all_in:
        hand.small_blind = amount
    hand.actions.append(ActionRecord(hand.seq, _PREDEAL, rec.seat, _POST_SB, amount, all_in))


def _do_big_blind(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    hand.tracker.add(rec.seat, amount)
    if hand.big_blind is None and not all_in:
        hand.big_blind = amount
    hand.actions.append(ActionRecord(hand.seq, _PREDEAL, rec.seat, _POST_BB, amount, all_in))


def _do_ante(hand: _Hand, rec: SeatRecord, amount: int, all_in: bool) -> None:
    rec.dealt_in = True
    hand.tracker.dead(rec.seat, amount)
    if not all_in and (hand.ante is None or amount > hand.ante):
        hand.ante = amount
    hand.actions.append(ActionRecord(hand.seq, _PREDEAL, rec.seat, _POST_ANTE, amount, all_in))


_REPLAY: dict[ActionKind, Callable[[_Hand, SeatRecord, int, bool], None]] = {
    ActionKind.FOLD: _do_fold, ActionKind.CHECK: _do_check, ActionKind.CALL: _do_call, ActionKind.BET: _do_bet,
    ActionKind.RAISE: _do_raise, ActionKind.POST_SMALL_BLIND: _do_small_blind,
    ActionKind.POST_BIG_BLIND: _do_big_blind, ActionKind.POST_ANTE: _do_ante,
}


# The verbs' readers: ``(hand, seat, text after the name, all in) -> what to remember``.

def _folds(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    _do_fold(hand, rec, 0, all_in)  # "folds (disconnect)": converters say why; no money moves
    return ActionKind.FOLD, 0


def _checks(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    _do_check(hand, rec, 0, all_in)
    return ActionKind.CHECK, 0


def _calls(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    amount = _money(rest[6:], hand.scale, hand.cache)
    _do_call(hand, rec, amount, all_in)
    return ActionKind.CALL, amount


def _bets(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    amount = _money(rest[5:], hand.scale, hand.cache)
    _do_bet(hand, rec, amount, all_in)
    return ActionKind.BET, amount


def _raises(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    to = rest.find(" to ")
    if to == -1:
        raise hand.unexpected()
    _money(rest[7:to], hand.scale, hand.cache)  # the increment must be an amount too
    raised_to = _money(rest[to + 4 :], hand.scale, hand.cache)
    _do_raise(hand, rec, raised_to, all_in)
    return ActionKind.RAISE, raised_to


def _posts(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    what = rest[6:]
    rec.dealt_in = True
    for prefix, post in _POSTS:
        if what.startswith(prefix):
            return post(hand, rec, what[len(prefix) :], all_in)
    # button blind, straddle, ...: a live blind
    amount = _money(what.rpartition(" ")[2], hand.scale, hand.cache)
    hand.tracker.add(rec.seat, amount)
    hand.act(rec.seat, ActionKind.POST_BLIND, amount, all_in, Street.PREDEAL)
    return None


def _posts_ante(hand: _Hand, rec: SeatRecord, amount_text: str, all_in: bool) -> _Memo:
    amount = _money(amount_text, hand.scale, hand.cache)
    _do_ante(hand, rec, amount, all_in)
    return ActionKind.POST_ANTE, amount


def _posts_small_blind(hand: _Hand, rec: SeatRecord, amount_text: str, all_in: bool) -> _Memo:
    amount = _money(amount_text, hand.scale, hand.cache)
    dead = hand.small_blind_seat not in (None, rec.seat)  # remembered only as the live one
    _do_small_blind(hand, rec, amount, all_in)
    return None if dead else (ActionKind.POST_SMALL_BLIND, amount)


def _posts_big_blind(hand: _Hand, rec: SeatRecord, amount_text: str, all_in: bool) -> _Memo:
    amount = _money(amount_text, hand.scale, hand.cache)
    _do_big_blind(hand, rec, amount, all_in)
    return ActionKind.POST_BIG_BLIND, amount


def _posts_both_blinds(hand: _Hand, rec: SeatRecord, amount_text: str, all_in: bool) -> _Memo:
    """A returning player's posts: the big blind is live, the small one dead."""
    amount = _money(amount_text, hand.scale, hand.cache)
    stakes = hand.info["stake_values"]
    live = hand.big_blind if hand.big_blind is not None else (stakes[1] if len(stakes) > 1 else amount)
    live = min(live, amount)
    hand.tracker.add(rec.seat, live)
    hand.act(rec.seat, ActionKind.POST_BLIND, live, all_in, Street.PREDEAL)
    if amount > live:
        hand.seq += 1
        hand.tracker.dead(rec.seat, amount - live)
        hand.act(rec.seat, ActionKind.POST_DEAD, amount - live, all_in, Street.PREDEAL)
    return None


def _brings_in(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    amount = _money(rest[14:], hand.scale, hand.cache)
    hand.tracker.add(rec.seat, amount)
    rec.dealt_in = True
    if hand.bring_in is None and not all_in:
        hand.bring_in = amount
    hand.act(rec.seat, ActionKind.BRING_IN, amount, all_in)
    return None


def _draw_opens(hand: _Hand) -> None:
    """A draw printed without its street line opens the first draw."""
    if hand.street == Street.PREDRAW:
        hand.street = Street.DRAW1
        hand.tracker.new_street()


def _discards(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    _draw_opens(hand)
    count = rest[9:].split(" ", 1)[0]
    if not count.isdigit():
        raise hand.unexpected()
    hand.act(rec.seat, ActionKind.DISCARD, None, False, None, int(count))
    return None


def _stands_pat(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    _draw_opens(hand)
    if "[" in rest:
        hand.dealt[rec.seat] = list(_cards_in(rest))
    hand.act(rec.seat, ActionKind.STAND_PAT, None, False, None, 0)
    return None


def _shows(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    hand.shown[rec.seat] = list(_cards_in(rest))
    rec.showed = True
    hand.act(rec.seat, ActionKind.SHOW)
    return None


def _mucks(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    rec.mucked = True
    if "[" in rest:
        hand.shown[rec.seat] = list(_cards_in(rest))
    hand.act(rec.seat, ActionKind.MUCK)
    return None


def _folds_face_up(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    rec.folded_street = hand.street
    rec.dealt_in = True
    hand.shown[rec.seat] = list(_cards_in(rest))
    hand.act(rec.seat, ActionKind.FOLD)
    return None


def _says_nothing(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    return None  # "doesn't show hand", a seat's status: no money, no cards


def _table_deposit(hand: _Hand, rec: SeatRecord, rest: str, all_in: bool) -> _Memo:
    _money(rest[14:].rstrip(), hand.scale, hand.cache)  # a converter's top-up of the stack: no pot money, but an amount
    return None


_Verb = Callable[[_Hand, SeatRecord, str, bool], _Memo]
#: verbs that are the whole text after the name
_EXACT_VERBS: dict[str, _Verb] = {
    "folds": _folds, "folds (disconnect)": _folds, "checks": _checks,
    **{status: _says_nothing for status in SEAT_STATUS},
}
#: verbs that start the text after the name, tried in order (none is a prefix of another)
_VERBS: tuple[tuple[str, _Verb], ...] = (
    ("calls ", _calls),
    ("bets ", _bets),
    ("raises ", _raises),
    ("posts ", _posts),
    ("brings in for ", _brings_in),
    ("discards ", _discards),
    ("stands pat", _stands_pat),
    ("shows", _shows),
    ("mucks", _mucks),
    ("folds [", _folds_face_up),
    ("doesn't show", _says_nothing),
    ("Table deposit ", _table_deposit),
)
#: what may follow ``posts ``, tried in order; anything else is a live blind
_POSTS: tuple[tuple[str, _Verb], ...] = (
    ("the ante ", _posts_ante),
    ("small blind ", _posts_small_blind),
    ("big blind ", _posts_big_blind),
    ("small & big blinds ", _posts_both_blinds),
)


# --- the lines that do not start with a seated name ---------------------------------------------
#
# A kind's effect takes ``(hand, line)`` and returns None when it took the line, False to
# decline it (the next kinds are tried), True when the line starts the summary.

# how a kind's text is matched: the line starts with it, holds it, is it (``test(line, text)``:
# str's own methods, run in C with no Python call)
_STARTS, _HOLDS, _IS = str.startswith, str.__contains__, str.__eq__
_Effect = Callable[[_Hand, str], "bool | None"]


class _Kind(NamedTuple):
    """A kind of line: ``test(line, text)`` says whether it is one, ``effect`` reads it;
    ``only`` one platform's."""

    test: Callable[[str, str], bool]
    text: str
    effect: _Effect
    only: Platform | None = None


def _street_line(hand: _Hand, s: str) -> bool | None:
    """``*** FLOP *** [...]``: a new street (and its cards), the showdown or the summary."""
    if _known_prefix(s, " ", hand.seat_of)[0] is not None:
        return False  # "**HCL59** collected ...": a seat's line
    end = s.find(" ***", 4)
    if not s.startswith("*** ") or end == -1:
        raise hand.unexpected()
    label, after = s[4:end], s[end + 4 :]
    if label == "SUMMARY":
        return True
    if label in _FIRST_ROUND:
        # the first betting round goes on from the blinds: no new street bets
        hand.street = Street.PREDRAW if hand.is_draw else Street.PREFLOP
        if "*" in after:
            hand.notes.append(f"garbled street line as printed: {s!r}")
            after = after[: after.find("*")]
        if after.strip():
            hand.board_unprefixed = _cards_in(after)
    elif label == "SHOW DOWN" or label == "SHOWDOWN" or label.endswith(" SHOW DOWN"):  # SHOWDOWN: Run It Once
        if label.endswith(" SHOW DOWN"):
            hand.run = _RUN_PREFIX.get(label[:-10])
            if hand.run is None:
                raise hand.unexpected()
        hand.street = Street.SHOWDOWN
    elif hand.is_stud:
        _stud_street(hand, label, after)
    elif hand.is_draw:
        new_street = _DRAW_STREETS.get(label)
        if new_street is None:
            raise hand.unexpected()
        hand.street = new_street
        hand.tracker.new_street()
    else:
        _board_street(hand, s, label, after)
    return None


#: the street lines that open the first betting round
_FIRST_ROUND = frozenset({"HOLE CARDS", "PRE-FLOP", "DEALING HANDS"})


def _stud_street(hand: _Hand, label: str, after: str) -> None:
    new_street = _STUD_STREETS.get(label)
    if new_street is None:
        raise hand.unexpected()
    if hand.street != Street.PREDEAL:  # antes are dead: 3rd street starts afresh anyway
        hand.tracker.new_street()
    hand.street = new_street
    if "[" in after:  # too few cards left: one community card for all
        hand.board_unprefixed = _cards_in(after)


def _board_street(hand: _Hand, s: str, label: str, after: str) -> None:
    """``*** TURN *** [...] [...]``, ``*** SECOND FLOP ***`` (run it twice): the board so far."""
    prefix, _, base = label.rpartition(" ")
    new_street = _BOARD_STREETS.get(base)
    if new_street is None or (prefix and prefix not in _RUN_PREFIX):
        raise hand.unexpected()
    if new_street != hand.street:
        hand.street = new_street
        hand.tracker.new_street()
    try:
        cards_now = _cards_in(after)
    except HandParseError:
        hand.notes.append(f"garbled street line as printed: {s!r}")
        return
    if prefix:
        hand.board_by_run[_RUN_PREFIX[prefix]] = cards_now
    else:
        hand.board_unprefixed = cards_now


def _dealt_to(hand: _Hand, s: str) -> None:
    """``Dealt to X [Ah Kd]`` (stud: ``[2c 3d] [7h]``, the last group the new cards)."""
    body = s[9:]
    name, pos = _known_prefix(body, " [", hand.seat_of)
    if name is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: cards dealt to no seat: {s!r}", hand.hid)
    rec = hand.seat_of[name]
    rec.dealt_in = True
    groups = _bracket_groups(body[pos:])
    if not hand.is_stud:
        hand.dealt[rec.seat] = [c for g in groups for c in g]
        return
    have = hand.dealt.setdefault(rec.seat, [])
    ups = hand.upcards.setdefault(rec.seat, [])
    if hand.street == Street.THIRD and len(groups) == 1:
        got = groups[0]
        have[:] = [None, None, got[0]] if len(got) == 1 else got
        ups[:] = got[-1:]
    else:
        new = groups[-1]
        have.extend(new)
        if hand.street != Street.SEVENTH:  # 7th street is dealt face down
            ups.extend(new)


#: a pay line's pot as printed after ``from``; ``side pot-N`` (``side pot N``) is pot N
_POTS = {"pot": 0, "main pot": 0, "side pot": 1}


def _collected(hand: _Hand, s: str) -> None:
    """``X collected $1 from side pot-2``: a pay line."""
    name, pos = _known_prefix(s, " collected ", hand.seat_of)
    if name is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: pot paid to no seat: {s!r}", hand.hid)
    amount_text, _, source = s[pos + 11 :].partition(" from ")
    pot = _POTS.get(source)
    if pot is None:
        if not (source.startswith(("side pot-", "side pot ")) and source[9:].isdigit()):
            raise hand.unexpected()
        pot = int(source[9:])
    amount = _money(amount_text, hand.scale, hand.cache)
    hand.payouts.append(PayoutRecord(hand.seat_of[name].seat, amount, pot, hand.run, hand.half_label, PayoutSource.POT,
                                     hand.line_paid()))


def _uncalled(hand: _Hand, s: str) -> None:
    """``Uncalled bet ($2) returned to X``."""
    close = s.find(") returned to ")
    if close == -1:
        raise hand.unexpected()
    rec = hand.seat_of.get(s[close + 14 :])
    if rec is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: bet returned to no seat: {s!r}", hand.hid)
    amount = _money(s[14:close], hand.scale, hand.cache)
    hand.tracker.returned(rec.seat, amount)
    hand.act(rec.seat, ActionKind.UNCALLED_RETURN, amount)
    hand.seq += 1
    hand.payouts.append(PayoutRecord(rec.seat, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, hand.line_paid()))


def _skip(hand: _Hand, s: str) -> None:
    """A line that moves no money and no cards (chat, table traffic, a grabber's comment)."""


def _hand_cancelled(hand: _Hand, s: str) -> None:
    hand.cancelled = True  # judged once the summary is read (``_check_complete``)


def _cashed_out(hand: _Hand, s: str) -> None:
    """``X cashed out the hand for $35.72 | Cash Out Fee $0.36``: the house pays the seat."""
    name, pos = _known_prefix(s, " cashed out the hand for ", hand.seat_of)
    if name is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: cash out by no seat: {s!r}", hand.hid)
    rec = hand.seat_of[name]
    paid_text, _, fee_text = s[pos + 25 :].partition(" | ")
    amount = _money(paid_text.strip(), hand.scale, hand.cache)
    rec.cashed_out = True
    hand.act(rec.seat, ActionKind.CASH_OUT)
    hand.seq += 1
    hand.payouts.append(
        PayoutRecord(rec.seat, amount, None, hand.run, Half.WHOLE, PayoutSource.CASH_OUT, hand.line_paid()))
    if fee_text:
        hand.cash_out_fees.append(f"seat {rec.seat}: {fee_text.strip()}")


def _bounty(hand: _Hand, s: str) -> bool | None:
    """``X wins $18.75 for eliminating Y``: a bounty, in the buy-in currency's cents."""
    if " for eliminating " not in s and " for splitting the elimination of " not in s:
        return False
    name, pos = _known_prefix(s, " wins ", hand.seat_of)
    if name is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: bounty paid to no seat: {s!r}", hand.hid)
    prize = s[pos + 6 :].split(" ", 2)
    token = prize[1] if prize[0] == "the" else prize[0]
    hand.payouts.append(PayoutRecord(hand.seat_of[name].seat, _amount(token, 100), None, None, Half.WHOLE,
                                     PayoutSource.BOUNTY, hand.line_paid()))
    hand.bounty_lines = True
    return None


def _bounty_split(hand: _Hand, s: str) -> bool | None:
    """``A, B split the $50 bounty for eliminating C``: equal shares where the cents divide."""
    if " bounty for eliminating " not in s:
        return False
    split = _split_bounty(s, hand.seat_of)
    if split is None:
        raise HandParseError(
            QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: bounty split among no seats: {s!r}", hand.hid)
    winners, amount_text, share = split
    if share is None:
        hand.notes.append(
            f"bounty of {amount_text} split between seats {', '.join(str(w) for w in winners)} with no"
            f" shares printed and no even split in cents: no share recorded ({s!r})")
        return None
    for winner in winners:
        hand.payouts.append(
            PayoutRecord(winner, share, None, None, Half.WHOLE, PayoutSource.BOUNTY, hand.line_paid()))
    hand.bounty_lines = True
    return None


def _splash_added(hand: _Hand, s: str) -> None:
    hand.stp_added = _money(s[11:], hand.scale, hand.cache)  # Run It Once: checked against the summary's STP


def _shows_hole_cards(hand: _Hand, s: str) -> bool | None:
    """Run It Once: ``X shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]``, hole cards first."""
    name, pos = _known_prefix(s, " shows [", hand.seat_of)
    if name is None:
        return False
    rec = hand.seat_of[name]
    hand.shown[rec.seat] = list(_bracket_groups(s[pos:])[0])
    rec.showed = True
    hand.act(rec.seat, ActionKind.SHOW)
    hand.seq += 1
    return None


_BODY_LINES: tuple[_Kind, ...] = (
    _Kind(_STARTS, "*", _street_line),
    _Kind(_STARTS, "Dealt to ", _dealt_to),
    _Kind(_HOLDS, " collected ", _collected),
    _Kind(_STARTS, "Uncalled bet (", _uncalled),
    _Kind(_HOLDS, ' said, "', _skip),
    _Kind(_IS, "Hand cancelled", _hand_cancelled),
    _Kind(_HOLDS, " cashed out the hand for ", _cashed_out),
    _Kind(_HOLDS, " wins ", _bounty),
    _Kind(_HOLDS, " split the ", _bounty_split),
    _Kind(_STARTS, "#", _skip, Platform.POKERMASTER),  # the grabber's JSON metadata comment
    _Kind(_STARTS, "STP added: ", _splash_added, Platform.RUNITONCE),
    _Kind(_HOLDS, " shows [", _shows_hole_cards, Platform.RUNITONCE),
)  # then INFO_FRAGMENTS: lines that hold one are skipped


# --- the summary -------------------------------------------------------------------------------

class _Totals:
    """What the summary says: the totals, rake and fees, the boards, what each seat won."""

    __slots__ = (
        "boards",
        "fee_detail",
        "fees",
        "memo",
        "notional",
        "pots_net",
        "pots_printed",
        "rake",
        "seats",
        "total_pot",
        "won",
    )
    total_pot: int | None
    rake: int | None
    pots_printed: list[int] | None
    pots_net: bool | None
    fees: int
    fee_detail: dict[str, int]
    boards: dict[int, list[str]]
    won: dict[int, int]  # seat -> what its summary line says it won
    notional: dict[int, int]  # seat -> winnings its summary line says were not paid (cash-outs)
    seats: set[int]  # the seats with a summary line
    memo: dict[str, tuple[int, str, _SummaryEffects]]

    def __init__(self, scale: int) -> None:
        self.total_pot = self.rake = self.pots_printed = self.pots_net = None
        self.fees = 0
        self.fee_detail, self.boards, self.won, self.notional, self.seats = {}, {}, {}, {}, set()
        memo = _SUMMARY_LINES.get(scale)
        self.memo = memo if memo is not None else _SUMMARY_LINES.setdefault(scale, {})


_SummaryEffect = Callable[[_Hand, _Totals, str], "bool | None"]


def _read_summary(hand: _Hand, at: int) -> _Totals:
    """The summary's lines from ``at``, each taken by the first of ``_SUMMARY_KINDS`` that
    does not decline it."""
    totals = _Totals(hand.scale)
    hid, by_number, memo = hand.hid, hand.by_number, totals.memo.get
    for j in range(at, len(hand.lines)):
        s = hand.lines[j].rstrip()
        if not s:
            continue
        known = memo(s)
        if known is not None and known[0] in by_number and by_number[known[0]].player == known[1]:
            # a seat's line read before (by ``_summary_seat``), for a seat of the same name
            totals.seats.add(known[0])
            _apply_summary(known[2], by_number[known[0]], known[0], hand.shown, totals.won, totals.notional)
            continue
        hand.at = j
        try:
            for test, text, effect in _SUMMARY_KINDS:
                if test(s, text) and effect(hand, totals, s) is not False:
                    break
            else:
                raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: unexpected summary line {s!r}", hid)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in line {s!r}", hid) from exc
        except HandParseError as exc:
            if exc.hand_id is not None:
                raise
            # raised by a helper that knows neither the hand nor the line (a card)
            raise _in_line(exc, hid, s) from exc
    return totals


def _summary_seat(hand: _Hand, totals: _Totals, s: str) -> None:
    """``Seat 3: X (button) showed [...] and won ($5)``: what the seat showed and won
    (remembered in ``totals.memo`` when the name is the seat line's)."""
    by_number = hand.by_number
    colon = s.find(": ")
    number_text = s[5:colon]
    if colon == -1 or not number_text.isdigit() or int(number_text) not in by_number:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: unexpected summary line {s!r}", hand.hid)
    number = int(number_text)
    rec = by_number[number]
    totals.seats.add(number)
    body = s[colon + 2 :]
    if body.startswith(rec.player):
        effects = _summary_effects(body[len(rec.player) :], hand.scale, hand.cache, True)
        if len(totals.memo) > 50_000:
            totals.memo.clear()
        totals.memo[s] = (number, rec.player, effects)
    else:
        hand.notes.append(f"summary names seat {number} differently from its seat line ({rec.player!r}): {s!r}")
        paren = body.find(" (")
        effects = _summary_effects(body[paren:] if paren != -1 else "", hand.scale, hand.cache, False)
    _apply_summary(effects, rec, number, hand.shown, totals.won, totals.notional)


def _total_pot(hand: _Hand, totals: _Totals, s: str) -> None:
    """``Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25``."""
    tm = _TOTAL.match(s)
    if tm is None:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hand.hid}: unreadable totals {s!r}", hand.hid)
    totals.total_pot = _money(tm["total"], hand.scale, hand.cache)
    if tm["main"] is not None:
        printed = {0: _money(tm["main"], hand.scale, hand.cache)}
        for k, (index, amount_text) in enumerate(_SIDE.findall(tm["sides"] or "")):
            printed[int(index) if index else k + 1] = _money(amount_text, hand.scale, hand.cache)
        totals.pots_printed = [printed[k] for k in sorted(printed)]
        totals.pots_net = True
    else:
        totals.pots_printed = [totals.total_pot]
        totals.pots_net = False
    _total_segments(hand, totals, tm["segments"] or "")


def _total_segments(hand: _Hand, totals: _Totals, segments: str) -> None:
    """``| Rake $0.25 | STP added $2 | ...``: the rake, pots (Run It Once) and fees."""
    segment_pots: dict[int, int] = {}
    for segment in segments.split("|"):
        segment = segment.strip()
        if not segment:
            continue
        label, _, amount_text = segment.rpartition(" ")
        value = _money(amount_text, hand.scale, hand.cache)
        if label == "Rake":
            totals.rake = value
            continue
        if label in ("Main pot", "Side pot") or (label.startswith("Side pot ") and label[9:].isdigit()):
            # Run It Once: "| Main pot €62.60 | Side pot €20.98 |", before rake
            index = 0 if label == "Main pot" else int(label[9:]) if label[9:] else len(segment_pots)
            segment_pots[index] = value
            totals.pots_printed = [segment_pots[k] for k in sorted(segment_pots)]
            continue
        key = label.lower().replace(" ", "_")
        if "added" in key or key == "stp":  # splash the pot: money the house adds
            value = -value
            hand.notes.append(f"the house added {amount_text} to the pot ({segment!r}): recorded as a negative fee")
        totals.fee_detail[key] = totals.fee_detail.get(key, 0) + value
        totals.fees += value


def _summary_board(hand: _Hand, totals: _Totals, s: str) -> bool | None:
    """``Board [...]``, ``FIRST Board [...]`` (run it twice)."""
    if not (s.startswith("Board [") or (s.endswith("]") and " Board [" in s)):
        return False
    prefix, _, cards_text = s.partition("Board ")
    index = _RUN_PREFIX.get(prefix.strip(), 1) if prefix.strip() else 1
    totals.boards[index] = _cards_in(cards_text)
    return None


def _summary_skip(hand: _Hand, totals: _Totals, s: str) -> None:
    """``Hand was run twice``: the boards say it."""


def _archive_number(hand: _Hand, totals: _Totals, s: str) -> bool | None:
    return None if _ARCHIVE_NUMBER.match(s) else False  # the next hand's number, in an archive


_SUMMARY_KINDS: tuple[tuple[Callable[[str, str], bool], str, _SummaryEffect], ...] = (
    (_STARTS, "Seat ", _summary_seat),
    (_STARTS, "Total pot ", _total_pot),
    (_HOLDS, "Board [", _summary_board),
    (_STARTS, "Hand was run ", _summary_skip),
    (_STARTS, "*", _archive_number),
)


# --- the whole hand ----------------------------------------------------------------------------

def _check_complete(hand: _Hand, totals: _Totals) -> int:
    """The printed Total pot, unless the hand was cancelled or its summary lacks the
    totals or a dealt seat's line."""
    hid = hand.hid
    if hand.cancelled:
        # what was posted before the cancellation went back unprinted: nothing to audit
        # unless the history itself returns every chip and prints the (empty) pot
        if (totals.total_pot is None or any(hand.tracker.seats().values())
                or any(p.source == PayoutSource.POT for p in hand.payouts)):
            raise HandParseError(
                QuarantineReason.INCONSISTENT, f"hand {hid}: hand cancelled by the platform: no pot was played", hid)
        hand.notes.append("hand cancelled by the platform: every chip put in was returned")
    if totals.total_pot is None:
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid}: summary has no 'Total pot' line", hid)
    for rec in hand.seats:
        if rec.dealt_in and rec.seat not in totals.seats:
            raise HandParseError(
                QuarantineReason.TRUNCATED, f"hand {hid}: summary has no line for seat {rec.seat} ({rec.player})", hid
            )
    return totals.total_pot


def _boards(hand: _Hand, totals: _Totals) -> list[list[str]]:
    """The summary's boards are authoritative; the street lines must agree with them."""
    if hand.board_by_run:
        street_boards = [hand.board_by_run[k] for k in sorted(hand.board_by_run)]
    elif hand.board_unprefixed:
        street_boards = [hand.board_unprefixed]
    else:
        street_boards = []
    if not totals.boards:
        return street_boards
    boards = [totals.boards[k] for k in sorted(totals.boards)]
    if street_boards and street_boards != boards:
        hand.notes.append(f"street lines show board(s) {street_boards} but the summary says {boards}")
    return boards


def _unprinted_return(hand: _Hand, total_pot: int) -> None:
    """Old histories (2005) return an uncalled bet without printing it; their Total pot
    leaves it out. Inferred only when the printed total says exactly that."""
    put_in = hand.tracker.seats()
    if not put_in:
        return
    ranked = sorted(put_in.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    excess = top - second
    if excess > 0 and sum(put_in.values()) - excess == total_pot:
        hand.tracker.returned(top_seat, excess)
        bet_street = next((a.street for a in reversed(hand.actions) if a.seat == top_seat and a.amount), hand.street)
        hand.act(top_seat, ActionKind.UNCALLED_RETURN, excess, False, bet_street)
        hand.seq += 1
        hand.payouts.append(PayoutRecord(top_seat, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, ""))
        hand.notes.append(
            f"uncalled bet of {excess} returned to seat {top_seat} is not printed; inferred from the"
            f" Total pot {total_pot} (put in {sum(put_in.values())})"
        )


def _settle_seats(hand: _Hand) -> None:
    """What each seat put in, and its final known cards (stud: which were face up)."""
    is_stud, shown, dealt = hand.is_stud, hand.shown, hand.dealt
    saw_seventh = is_stud and any(a.street == Street.SEVENTH for a in hand.actions)
    for rec in hand.seats:
        rec.contributed = hand.tracker.contributed(rec.seat)
        number = rec.seat
        if number in shown and (len(shown[number]) >= len(dealt.get(number, ())) or not is_stud):
            rec.cards = shown[number]
        elif number in dealt:
            cards_known = dealt[number]
            if is_stud and saw_seventh and len(cards_known) == 6 and rec.folded_street is None:
                cards_known = cards_known + [None]
            rec.cards = cards_known
        if is_stud and number in hand.upcards:
            rec.upcards = hand.upcards[number]


def _record(hand: _Hand, totals: _Totals, total_pot: int) -> ParsedHand:
    """The hand as hhaudit records it, checked against itself."""
    boards = _boards(hand, totals)
    game, info = hand.game, hand.info
    if game in _PLAIN_OMAHA and hand.platform in _GAME_BY_CARDS:
        game = _omaha_by_cards(hand.hid, game, hand.dealt, hand.shown, hand.notes)
    _unprinted_return(hand, total_pot)
    _settle_seats(hand)
    stamp, zone, scale, rake = hand.stamp, hand.zone, hand.scale, totals.rake
    parsed = ParsedHand(
        hand_id=hand.hid, platform=hand.platform, format=Format.POKERSTARS, game=game, limit=info["limit"],
        is_tournament=info["tournament_id"] is not None, amount_scale=scale, currency=info["currency"],
        tournament_id=info["tournament_id"], small_blind=None, big_blind=None, ante=hand.ante,
        bring_in=hand.bring_in, button_seat=None if hand.is_stud else hand.button, max_seats=hand.max_seats,
        start_time_utc=to_utc(stamp, zone), start_time_raw=f"{stamp} {zone}" if zone else stamp,
        hand_date=iso_date(stamp), table_name=hand.table_name, is_play_money=info["play_money"], boards=boards,
        pots_printed=totals.pots_printed, pots_printed_net=totals.pots_net, total_pot_printed=total_pot,
        rake=rake, fees=totals.fees, fee_detail=totals.fee_detail,
        rake_source=RakeSource.PRINTED if rake is not None else RakeSource.ABSENT,
        seats=hand.seats, actions=hand.actions, payouts=hand.payouts, notes=hand.notes,
    )
    if not hand.is_stud:
        stakes = info["stake_values"]
        if info["limit"] in (Limit.NO, Limit.POT) and len(stakes) >= 2:
            parsed.small_blind, parsed.big_blind = stakes[0], stakes[1]
        else:
            parsed.small_blind, parsed.big_blind = hand.small_blind, hand.big_blind
    _closing_notes(hand, parsed)
    _check_money(parsed, totals.won, totals.notional, hand.cash_out_fees, hand.bounty_lines)
    return parsed


def _closing_notes(hand: _Hand, parsed: ParsedHand) -> None:
    """What an auditor must know of the whole hand: a mixed game's hand, the rake, the splash."""
    notes, rake, scale = parsed.notes, parsed.rake, parsed.amount_scale
    if hand.info["mixed"]:
        notes.append(f"mixed game {hand.info['mixed']!r}: this hand is {parsed.game.value}")
    if rake is None:
        notes.append("rake not printed")
    elif hand.platform is Platform.MPLPOKER and rake and parsed.paid_from_pots() == parsed.pot_total:
        # MPLPoker's pay lines pay the whole pot and its rake line is taken after them:
        # how a rake is shared between winners is not printed, so only shares are checked
        notes.append(f"MPLPoker pays the pot before its rake ({format_minor(rake, scale)} printed): "
                     "the rake is not checked, only who won what share")
        parsed.rake, parsed.rake_source = None, RakeSource.ABSENT
    splash = -parsed.fee_detail.get("stp", 0)
    if hand.stp_added is not None and splash != hand.stp_added:
        parsed.contradicts(f"the hand says the house added {format_minor(hand.stp_added, scale)} (STP), the summary"
                           f" {format_minor(splash, scale)}", None, splash, hand.stp_added)


_PLAIN_OMAHA = {
    Game.OMAHA: {5: Game.OMAHA5, 6: Game.OMAHA6},
    Game.OMAHA_HILO: {5: Game.OMAHA5_HILO, 6: Game.OMAHA6_HILO},
}
# Dialects whose header names the game as another site called it: PokerMaster's grabber
# writes "Omaha" for its 5-card tables. PokerStars names every Omaha by its card count.
_GAME_BY_CARDS = frozenset({Platform.POKERMASTER, Platform.CHICO, Platform.RUNITONCE})


def _omaha_by_cards(hid: str, game: Game, dealt: Mapping[int, Sequence[str | None]],
                    shown: Mapping[int, Sequence[str | None]], notes: list[str]) -> Game:
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
    counts = ", ".join(f"seat {seat}: {' and '.join(map(str, sorted(n)))}" for seat, n in sorted(sizes.items()))
    raise HandParseError(
        QuarantineReason.BAD_CARDS,
        f"hand {hid}: header names {game.value}, but the hole cards dealt or shown number differently ({counts})", hid)


#: what a summary seat line says after the name: (mucked, cards shown or mucked, showed,
#: won, won but not paid, cashed out)
_SummaryEffects = tuple[bool, tuple[str, ...] | None, bool, int, bool, bool]
# per amount scale: a summary seat line already read -> (seat, name, effects)
_SUMMARY_LINES: dict[int, dict[str, tuple[int, str, _SummaryEffects]]] = {}


def _summary_effects(body: str, scale: int, cache: dict[str, int], may_skip: bool) -> _SummaryEffects:
    """What a summary seat line says after the player's name: ``(mucked, cards shown or
    mucked, showed, won, won but not paid, cashed out)``.

    ``may_skip``: a line with no cards, no winnings and no cash out records nothing but
    a muck (when the name was read as printed).
    """
    if may_skip and "[" not in body and " won " not in body and " collected " not in body and "cashed" not in body:
        return (" mucked" in body, None, False, 0, False, False)  # folded, or did not bet
    mucked = showed = False
    cards: tuple[str, ...] | None = None
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


def _apply_summary(effects: _SummaryEffects, rec: SeatRecord, number: int, shown: dict[int, list[str | None]],
                   summary_won: dict[int, int],
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
