"""PokerStars' text hand histories, and every site or converter that writes that dialect.

Player names are fixed by the seat lines, so an action line is matched by the longest
seated name followed by ``": "`` (names may hold spaces, colons, brackets). The fast
readers (``parsers.pokerstars_compiled``, ``parsers.pokerstars_fast``) are checked hand
by hand against this one, the reference; they share its header reading.

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
  PokerStars one, or by ``_chico`` seat names), PPPoker's club tables (2025: ``PPPoker
  Hand #928119270000247:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/04 16:09:07
  UTC``, seats named by number, each street line ending with the rake taken so far,
  ``{Rake: $0}``, and the hand with ``Hand ended at 2025/06/04 16:09:07``; its summary
  prints every showdown seat ``showed [...]``, the winner too, and never an amount, so it
  states nothing the collected lines could contradict), 9stacks Poker (India, 2019:
  ``9stacks Poker Hand #35587765:  Hold'em No Limit (50/100) - 2019/03/18 12:33:47 UTC``,
  rupees with no sign, ``1,612.50 in chips``: ``INR``, scale 100; below).

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
- 9stacks: ``X: unknown 200`` before the cards is a live straddle (a ``POST_BLIND``: the
  others call up to it and the seat acts last before the flop, its stack moves by it), and
  ``X: unknown 0`` the seat that did not straddle (no money); the line elsewhere, or on
  another site, quarantines the hand. ``raises 550 to 650`` adds 550 to the seat's 100 (the
  increment is not over the bet; the total is read, as everywhere). Its ``Total pot`` is after
  the rake, as the pay lines pay it (``Total pot 2,695.38 | Rake 141.86``, 2,837.24 put in):
  ``pots_printed`` net, and the printed total plus the rake is checked against what was put in.
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
- Fusion (``Fusion Pot Limit``): two hole cards dealt, a third with the flop (``Dealt to
  X [6c 7h] [2c]``), a fourth with the turn; the seat's cards are the four, settled as
  Omaha (``rules.games``).
- Seen in real files: hand-history archives put each hand after a number line
  (``*********** # 2 **************``; a 2023 download ``Hand #2: `` and a blank line):
  the first is no hand, the others end the hand
  before them; some copies put a blank line after every line; mined 2021 histories print
  a seated name with nothing after it (``stas622:``) for each all-in seat; a name may
  start with asterisks (``**HCL59** collected $2.11 from pot``) and is no street line; a
  tournament header may be split after its buy-in (``Tournament #T, $1.29+$0.21 USD`` /
  ``Hold'em No Limit - Level I (10/20) - ...``), read as one line.

- Localised clients: a hand whose header is a localised client's (Spanish, 2025: ``Mano
  n.º 254718322088 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 05-02-2025
  14:48:32 CET [...]``) is read line for line in the English shapes
  ``parsers.pokerstars_words`` declares for its language, and its records and quarantines
  quote the lines as printed; a line that table does not hold stays as printed and
  quarantines the hand. The Spanish client's archives number hands ``*********** n. 1
  **************``. The columnar readers hand a chunk holding such a hand back whole.

On the dialect engine (``parsers.engine``): the header hook reads the first,
table and seat lines; the kinds of ``_PLAYER_LINES``, ``_BODY_LINES``, ``_UNSEATED_LINES``
and ``_SUMMARY_LINES`` are tried in that order (a seated name's line is the player's
first: ``players_first``); the finishing hooks check the hand is complete and build what
the summary says. Every player line takes an action number, ``doesn't show hand`` too. A
seat or name printed twice quarantines the hand as ``inconsistent`` ("seated twice").
Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta
from typing import Any, TypedDict
from zoneinfo import ZoneInfo

from rules.cards import CARD_TEXTS
from rules.games import DRAW_GAMES, HILO_GAMES, STUD_GAMES
from rules.money import AmountError, DOT, NumberConvention, format_minor
from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import card
from parsers.engine import BET, CALL, Dialect, DialectParser, Effect, Hand, Line, Streets, Wording, kind, seated, skip
from parsers.pokerstars_words import HEADER_STARTS as LOCALISED_STARTS, MARKERS as LOCALISED_MARKERS
from parsers.pokerstars_words import locale_of, to_english
from parsers.words import quote_printed

#: the names that open a hand of this dialect, and the platform each names (Full Tilt
#: wrote PokerStars' dialect from 2016 on; the others are skins and clubs apps)
SITES: dict[str, Platform] = {
    "PokerStars": Platform.POKERSTARS, "POKERSTARS": Platform.POKERSTARS, "PokerMaster": Platform.POKERMASTER,
    "Run It Once Poker": Platform.RUNITONCE, "Full Tilt": Platform.FULLTILT, "MPLPoker": Platform.MPLPOKER,
    "PokerBros": Platform.POKERBROS, "SupremaPoker": Platform.SUPREMA,
    "PPPoker": Platform.PPPOKER, "9stacks Poker": Platform.NINESTACKS,
}
#: sites whose cash stakes and amounts print no currency sign, and the currency they are in
#: (9stacks: rupees, ``(50/100)``, ``1,612.50 in chips``)
UNSIGNED_CURRENCY: dict[str, str] = {"9stacks Poker": "INR"}
#: what may stand between the site and ``Hand #``
KINDS = ("Home Game", "Zoom", "Rush")
_SITES = "(?:" + "|".join(map(re.escape, SITES)) + ")"
_KIND = "(?: " + "| ".join(KINDS) + ")?"
_RIO = "Run It Once Poker"
# a localised client's header (``parsers.pokerstars_words``) starts a hand too
_HEADS = "(?:" + _SITES + _KIND + r" (?:Game|Hand|GAME|HAND) #\d+:|" + "|".join(LOCALISED_STARTS) + ")"
HAND_START = re.compile(r"^\ufeff*" + _HEADS, re.M)

# HAND_START's matches after the first character, as a newline followed by a hand header
_HAND_AFTER_NEWLINE = re.compile(r"\n(?=\ufeff*" + _HEADS + ")")
_LOCALISED_HAND = re.compile(("(?m)^(?:\ufeff)*(?:" + "|".join(LOCALISED_STARTS) + ")").encode())


def localised_chunk(data: bytes) -> bool:
    """Whether a chunk holds a localised client's hand: the columnar readers, which read
    English shapes only, hand such a chunk back whole (the reference splits and reads it).
    The markers are looked for first: a substring search costs a fraction of the pattern's
    scan over every line of a chunk, and ordinary chunks hold none."""
    if not any(marker.encode() in data for marker in LOCALISED_MARKERS):
        return False
    return _LOCALISED_HAND.search(data) is not None


#: a newline followed by a hand header, in UTF-8 bytes: where ingest cuts a large file into
#: where ``parsers.pokerstars_fast`` cuts byte chunks (ASCII digits only: every cut is a hand start ``split`` sees)
COLUMNAR_CUT = re.compile(
    rb"\n(?=(?:\xef\xbb\xbf)*" + _SITES.encode() + _KIND.encode() + rb" (?:Game|Hand|GAME|HAND) #[0-9]+:)"
)

# PokerStars' hand-history archives (hands requested from support, 2013 to today) number
# each hand on a line of its own before it: ``*********** # 2 **************``; a 2023
# download numbers them ``Hand #2: `` (then a blank line). Such a line belongs to no hand.
# The Spanish client numbers them ``*********** n. 1 **************``.
NUMBER_LINES = (r"\*{5,} # \d+ \*{5,}", r"\*{5,} n\. \d+ \*{5,}", r"Hand #\d+:")
_NUMBER_LINE = "(?:" + "|".join(NUMBER_LINES) + ")"
_ARCHIVE_NUMBER = re.compile(r"^" + _NUMBER_LINE + r"$")
_ARCHIVE_HEAD = re.compile(r"^" + _NUMBER_LINE + r"[ \t]*\r?\n[\s\ufeff]*")
_ARCHIVE_ONLY = re.compile(rb"^[\s\xef\xbb\xbf]*(?:" + _NUMBER_LINE.encode() + rb"[ \t]*\r?\n?[\s]*)+$")


# Some copies (a Zoom archive, a sample file) indent every line but the first by one space:
# such a file's hands start at an indented header and are read with that space taken off
_INDENTED_HAND = re.compile(r"^ (?=\ufeff*" + _SITES + _KIND + r" (?:Game|Hand|GAME|HAND) #\d+:)", re.M)
_UNINDENTED_LINE = re.compile(r"\n(?! |" + _NUMBER_LINE + r"[ \t]*\r?$)[ \t]*[^\s]", re.M)


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
    if "\n " not in hand_text:  # no line after the first starts with a space
        return hand_text
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
    "FUSION": Game.FUSION,  # two hole cards, a third dealt with the flop, a fourth with the turn
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


def _cards_in(text: str) -> list[str]:
    """Every card inside the brackets of ``text`` (``[Ah Kd] [7c]`` -> three cards)."""
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


def game_info(rest: str, hid: str, unsigned: str | None = None) -> GameInfo:
    """What the header says between the hand number and the date (cached per text).

    Game, limit, mixed-game name, tournament, stakes, and the money unit: currency,
    ``amount_scale``, play money, the stake amounts in minor units; ``unsigned``: the
    currency of a site whose cash stakes print none (``UNSIGNED_CURRENCY``).
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
    currency, scale, play_money = _money_unit(stakes, tid is not None, buyin, unsigned)
    try:
        stake_values = [_amount(tok, scale) for tok in _AMOUNT_TOKEN.findall(stakes)]
    except AmountError as exc:
        raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: stakes {stakes!r}: {exc}", hid) from exc
    return {"mixed": mixed, "tournament_id": tid, "buyin": buyin, "game": game, "limit": limit, "stakes": stakes,
            "stake_values": stake_values, "currency": currency, "scale": scale, "play_money": play_money}


def _money_unit(stakes: str, tournament: bool, buyin: str | None,
                unsigned: str | None = None) -> tuple[str | None, int, bool]:
    """``(currency, amount scale, play money)`` of a hand: tournaments count chips (a
    buy-in in no currency is play money); a cash game's currency is its code or sign, or
    the site's (``unsigned``), or it is play money, in cents where the stakes print any.

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
    if currency is None and unsigned is not None:
        return unsigned, 100, False
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
    unsigned = UNSIGNED_CURRENCY.get(site_kind[0])
    key = rest if unsigned is None else f"{unsigned}\n{rest}"  # a header line holds no newline
    info = _GAME_INFO.get(key)
    if info is None:
        info = game_info(rest, hid, unsigned)
        if len(_GAME_INFO) > 10_000:
            _GAME_INFO.clear()
        _GAME_INFO[key] = info
    return hid, site_kind[0], site_kind[1], stamp, zone, info



# --- reading a hand on the engine ---------------------------------------------------------------
#
# The header hook reads the first line, the table line and the seat lines (whose errors
# PokerStars words its own way); the engine then gives every other line to the first kind
# that takes it: a seated player's ``name: verb`` (``players``), a line naming nobody
# (``body``), table traffic (``unseated``), the summary's (``summary``). The finishing
# hooks check that the hand is complete and build what the summary says into the record.


class _StarsAmounts(NumberConvention):
    """PokerStars' amounts (decimal point, comma thousands, the currency sign first),
    their common shapes read directly (``_amount``)."""

    def to_minor(self, text: str, scale: int) -> int:
        return _amount(text, scale)


def _platform(site: str, kind: str | None, tid: str | None, names: Mapping[str, SeatRecord]) -> Platform:
    if SITES[site] is not Platform.POKERSTARS:
        return SITES[site]
    if (tid is not None and len(tid) > 12) or any(n.endswith("_chico") for n in names):
        return Platform.CHICO
    if kind == "Home Game":
        return Platform.HOMEGAME
    return Platform.POKERSTARS


def read_table_line(line: str) -> tuple[str, int | None, int | None] | None:
    """``(name, button, max seats)`` of the table line."""
    tm = _TABLE.match(line)
    if tm is None:
        return None
    return tm["name"], int(tm["button"]) if tm["button"] else None, int(tm["max"]) if tm["max"] else None


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


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """The first line, the table line and the seat lines: the record as the header says it."""
    hid, site, site_kind, stamp, zone, info = _parse_header(hand.text.split("\n", 1)[0].rstrip())
    hand.hand_id, hand.scale = hid, info["scale"]
    if "Rs. " in info["stakes"] or "Rs.\xa0" in info["stakes"]:  # what pay lines quote stays as printed
        hand.lines = [Line(line.number, _RUPEES.sub("₹", line.text), line.verbatim) for line in hand.lines]
    table_name, button, max_seats = _read_table(hand)
    game = info["game"]
    record = hand.new_record(
        game=game, limit=info["limit"], is_tournament=info["tournament_id"] is not None,
        currency=info["currency"], tournament_id=info["tournament_id"],
        button_seat=None if game in STUD_GAMES else button, max_seats=max_seats,
        start_time_utc=to_utc(stamp, zone), start_time_raw=f"{stamp} {zone}" if zone else stamp,
        hand_date=iso_date(stamp), table_name=table_name, is_play_money=info["play_money"])
    hand.record = record
    _read_seats(hand)
    record.platform = _platform(site, site_kind, info["tournament_id"], hand.by_name)
    hand.facts.update({"info": info, "stud": game in STUD_GAMES, "draw": game in DRAW_GAMES,
                       "half": Half.UNLABELLED if game in HILO_GAMES else Half.WHOLE, "run": None,
                       "board": [], "boards by run": {}, "upcards": {}, "totals": _Totals(),
                       "cash out fees": [], "bounty lines": False, "cancelled": False, "stp added": None})
    return record


def _read_table(hand: Hand) -> tuple[str, int | None, int | None]:
    """The table line: the first line after the header that is not blank."""
    lines, n, hid = hand.lines, len(hand.lines), hand.hand_id
    i = 1
    while i < n and not lines[i].text.strip():
        i += 1
    table_line = lines[i].text if i < n else ""
    tm = read_table_line(table_line)
    if tm is None:
        if i >= n - 1:
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends after its header", hid)
        if not any(line.text.strip() for line in lines[i + 1 :]):  # a history cut off in its table line
            raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hid} ends in its table line {table_line!r}", hid)
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"hand {hid}: not a table line: {table_line!r}", hid)
    hand.facts["header end"] = lines[i].number
    return tm


def _read_seats(hand: Hand) -> None:
    """The seat lines after the table line: who sits where with what."""
    hid, order = hand.hand_id, []
    header_end = hand.facts["header end"]
    body = [line for line in hand.lines if line.number > header_end]
    for line in body:
        s = line.text
        if not s:  # some copies put a blank line after every line (2014 EUR tables)
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
            stack = _amount(stack_text, hand.scale)
        except AmountError as exc:
            raise HandParseError(QuarantineReason.BAD_AMOUNT, f"hand {hid}: {exc} in {s!r}", hid) from exc
        hand.line = line
        # "is sitting out" / "out of hand": dealt in only if the seat then acts or gets cards
        order.append(hand.add_seat(SeatRecord(number, name, stack, [], [], not tail.strip())))
        hand.facts["header end"] = line.number
    if not order:
        ended = all(not line.text for line in body)
        raise HandParseError(QuarantineReason.TRUNCATED if ended else QuarantineReason.PARSE_ERROR,
                             f"hand {hid} has no seat lines", hid)
    hand.facts["seat order"] = order


def _header_lines(hand: Hand, m: re.Match[str]) -> bool | None:
    """The table and seat lines, read by the header hook."""
    assert hand.line is not None
    return None if hand.line.number <= hand.facts["header end"] else False


def _text(hand: Hand) -> str:
    """The line being read (hooks run only while one is)."""
    assert hand.line is not None
    return hand.line.text


def _player(hand: Hand) -> SeatRecord:
    """The seat of the player line being read."""
    assert hand.player is not None
    return hand.player


def _in_line(hand: Hand, exc: HandParseError) -> HandParseError:
    """An error of a helper that knows neither the hand nor the line (a card, a raise)."""
    return hand.fail(exc.reason, f"{exc.message} in line {_text(hand)!r}")


def _cards(hand: Hand, text: str) -> list[str]:
    try:
        return _cards_in(text)
    except HandParseError as exc:
        raise _in_line(hand, exc) from None


def _groups(hand: Hand, text: str) -> list[list[str]]:
    try:
        return _bracket_groups(text)
    except HandParseError as exc:
        raise _in_line(hand, exc) from None


def _cents(hand: Hand, text: str) -> int:
    """An amount in the buy-in currency's cents (a bounty), whatever the hand counts."""
    try:
        return _amount(text, 100)
    except AmountError as exc:
        raise hand.fail(QuarantineReason.BAD_AMOUNT, f"{exc} in line {_text(hand)!r}") from None


# --- a seated player's line: ``name: verb ...`` ------------------------------------------------

#: what PokerStars may print after any verb: the seat is all in, or its bet reached the cap
_TAIL = r"(?P<allin> and is all-in)?(?: and has reached the (?P<cap>.+) cap)?$"


def _said(m: re.Match[str]) -> str:
    """The verb's text without its tail, as card errors quote it."""
    if m["allin"]:
        return m.string[: m.start("allin")]
    return m.string[: m.start("cap") - len(" and has reached the ")] if m["cap"] is not None else m.string


@dataclass(frozen=True)
class _Verb:
    """A verb's effect after its tail: the cap must be an amount; all in marks the seat."""

    effect: Effect

    def __call__(self, hand: Hand, m: re.Match[str]) -> Any:
        if m["cap"] is not None:
            hand.money(m["cap"])
        if m["allin"]:
            _player(hand).all_in = True
        return self.effect(hand, m)


def _fold(hand: Hand, m: re.Match[str]) -> None:
    """``folds``, ``folds (disconnect)`` (converters say why); ``folds [Ah Kd]`` shows them."""
    seat = _player(hand)
    seat.folded_street = hand.street
    if m.groupdict().get("cards"):
        hand.shown[seat.seat] = list(_cards(hand, _said(m)))
    hand.add_action(hand.street, seat.seat, ActionKind.FOLD)


def _check(hand: Hand, m: re.Match[str]) -> None:
    hand.add_action(hand.street, _player(hand).seat, ActionKind.CHECK)


def _raise(hand: Hand, m: re.Match[str]) -> None:
    """``raises $2 to $4``: the bet this street becomes $4 (Run It Once, early 2019: $4 added)."""
    seat = _player(hand)
    hand.money(m["by"])  # the increment must be an amount too
    raised_to = hand.money(m["amt"])
    if hand.facts["raise adds"]:
        added = raised_to
        hand.tracker.add(seat.seat, added)
    else:
        try:
            added = hand.tracker.raise_to(seat.seat, raised_to)
        except HandParseError as exc:
            raise _in_line(hand, exc) from None
    hand.add_action(hand.street, seat.seat, ActionKind.RAISE, added, bool(m["allin"]))


@dataclass(frozen=True)
class _Post:
    """A forced post on ``predeal``; ``sets``: the first one not all in is the hand's."""

    kind: ActionKind
    dead: bool = False
    sets: str | None = None

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        seat, amount, all_in = _player(hand), hand.money(m["amt"]), bool(m["allin"])
        (hand.tracker.dead if self.dead else hand.tracker.add)(seat.seat, amount)
        if self.sets and not all_in:
            hand.facts.setdefault(self.sets, amount)
        hand.add_action(Street.PREDEAL, seat.seat, self.kind, amount, all_in)


_BIG_BLIND = _Post(ActionKind.POST_BIG_BLIND, sets="big blind")
_LIVE_BLIND = _Post(ActionKind.POST_BLIND)  # button blind, straddle, ...
_DEAD_SMALL_BLIND = _Post(ActionKind.POST_DEAD, dead=True)
_LIVE_SMALL_BLIND = _Post(ActionKind.POST_SMALL_BLIND, sets="small blind")


def _straddle_or_none(hand: Hand, m: re.Match[str]) -> bool | None:
    """9stacks: ``X: unknown 200`` before the cards is a live straddle (the seat acts last
    before the flop, the others call up to it); ``unknown 0`` is the seat that did not
    straddle: no money. Anywhere else the line is not read."""
    if hand.street != Street.PREDEAL:
        return False
    if hand.money(m["amt"]) == 0:
        hand.number_unrecorded()
        return None
    return _LIVE_BLIND(hand, m)


def _small_blind(hand: Hand, m: re.Match[str]) -> None:
    """A second small blind is a newcomer's (or a returning player's) dead one: the call
    that follows adds the whole bet (``calls $2`` at 0.25/0.50)."""
    if hand.facts.setdefault("small blind seat", _player(hand).seat) != _player(hand).seat:
        return _DEAD_SMALL_BLIND(hand, m)
    return _LIVE_SMALL_BLIND(hand, m)


def _ante(hand: Hand, m: re.Match[str]) -> None:
    """An ante; the hand's is the largest posted by a seat not all in."""
    seat, amount, all_in = _player(hand), hand.money(m["amt"]), bool(m["allin"])
    hand.tracker.dead(seat.seat, amount)
    if not all_in and (hand.record.ante is None or amount > hand.record.ante):
        hand.record.ante = amount
    hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_ANTE, amount, all_in)


def _both_blinds(hand: Hand, m: re.Match[str]) -> None:
    """A returning player's posts: the big blind is live, the small one dead."""
    seat, amount, all_in = _player(hand), hand.money(m["amt"]), bool(m["allin"])
    stakes = hand.facts["info"]["stake_values"]
    live = hand.facts.get("big blind")
    live = min(live if live is not None else stakes[1] if len(stakes) > 1 else amount, amount)
    hand.tracker.add(seat.seat, live)
    hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_BLIND, live, all_in)
    if amount > live:
        hand.tracker.dead(seat.seat, amount - live)
        hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_DEAD, amount - live, all_in)


def _brings_in(hand: Hand, m: re.Match[str]) -> None:
    seat, amount, all_in = _player(hand), hand.money(m["amt"]), bool(m["allin"])
    hand.tracker.add(seat.seat, amount)
    if hand.record.bring_in is None and not all_in:
        hand.record.bring_in = amount
    hand.add_action(hand.street, seat.seat, ActionKind.BRING_IN, amount, all_in)


def _draw(hand: Hand, m: re.Match[str]) -> None:
    """``discards 2 cards``, ``stands pat [cards]``; one printed without its street line
    opens the first draw."""
    if hand.street == Street.PREDRAW:
        hand.street = Street.DRAW1
        hand.tracker.new_street()
    seat, changed = _player(hand).seat, m.groupdict().get("changed")
    if changed is None and "[" in m["rest"]:  # stands pat with the cards kept
        hand.dealt[seat] = list(_cards(hand, _said(m)))
    action = ActionKind.DISCARD if changed is not None else ActionKind.STAND_PAT
    hand.add_action(hand.street, seat, action, None, False, int(changed) if changed else 0)


def _shows(hand: Hand, m: re.Match[str]) -> None:
    seat = _player(hand)
    hand.shown[seat.seat] = list(_cards(hand, _said(m)))
    seat.showed = True
    hand.add_action(hand.street, seat.seat, ActionKind.SHOW)


def _mucks(hand: Hand, m: re.Match[str]) -> None:
    seat = _player(hand)
    seat.mucked = True
    if "[" in m["rest"]:
        hand.shown[seat.seat] = list(_cards(hand, _said(m)))
    hand.add_action(hand.street, seat.seat, ActionKind.MUCK)


def _says_nothing(hand: Hand, m: re.Match[str]) -> None:
    """``doesn't show hand``, a seat's status; a converter's ``Table deposit $5`` (a top-up
    of the stack, not pot money, but an amount): no money, no cards, but a number."""
    if m.groupdict().get("amt"):
        hand.money(m["amt"])
    hand.number_unrecorded()


@dataclass(frozen=True)
class _Only:
    """A line only ``platform`` prints (elsewhere the next kinds are tried)."""

    platform: Platform
    effect: Effect

    def __call__(self, hand: Hand, m: re.Match[str]) -> Any:
        return self.effect(hand, m) if hand.record.platform is self.platform else False


_STATUS = "|".join(map(re.escape, sorted(SEAT_STATUS, key=len, reverse=True)))
#: what may follow a seated name and ``": "``, tried in order
_PLAYER_LINES = (
    kind("fold", r"^folds(?: \(disconnect\))?" + _TAIL, _Verb(_fold)),
    kind("check", r"^checks" + _TAIL, _Verb(_check)),
    kind("status", rf"^(?:{_STATUS}){_TAIL}", _Verb(_says_nothing)),
    kind("call", r"^calls (?P<amt>.+?)" + _TAIL, _Verb(CALL)),
    kind("bet", r"^bets (?P<amt>.+?)" + _TAIL, _Verb(BET)),
    kind("raise", r"^raises (?P<by>.*?) to (?P<amt>.+?)" + _TAIL, _Verb(_raise)),
    kind("ante", r"^posts the ante (?P<amt>.+?)" + _TAIL, _Verb(_ante)),
    kind("small blind", r"^posts small blind (?P<amt>.+?)" + _TAIL, _Verb(_small_blind)),
    kind("big blind", r"^posts big blind (?P<amt>.+?)" + _TAIL, _Verb(_BIG_BLIND)),
    kind("both blinds", r"^posts small & big blinds (?P<amt>.+?)" + _TAIL, _Verb(_both_blinds)),
    kind("blind", r"^posts (?:.*? )??(?P<amt>[^ ]*?)" + _TAIL, _Verb(_LIVE_BLIND)),  # the amount last
    kind("bring-in", r"^brings in for (?P<amt>.+?)" + _TAIL, _Verb(_brings_in)),
    kind("unknown", r"^unknown (?P<amt>[^ ]+?)" + _TAIL, _Only(Platform.NINESTACKS, _Verb(_straddle_or_none))),
    kind("discard", r"^discards (?P<changed>\d+)(?: .*?)?" + _TAIL, _Verb(_draw)),
    kind("stand pat", r"^stands pat(?P<rest>.*?)" + _TAIL, _Verb(_draw)),
    kind("show", r"^shows(?P<rest>.*?)" + _TAIL, _Verb(_shows)),
    kind("muck", r"^mucks(?P<rest>.*?)" + _TAIL, _Verb(_mucks)),
    kind("fold face up", r"^folds (?P<cards>\[.*?)" + _TAIL, _Verb(_fold)),
    kind("no show", r"^doesn't show.*?" + _TAIL, _Verb(_says_nothing)),
    kind("deposit", r"^Table deposit (?P<amt>.+?)" + _TAIL, _Verb(_says_nothing)),
    # mined 2021 histories print a seated name with nothing after it (``stas622:``) for
    # each all-in seat whose cards the client shows: no money, no cards
    kind("empty", r"^$", skip),
)


# --- the lines that do not start with a seated name ---------------------------------------------

def _street_line(hand: Hand, m: re.Match[str]) -> bool | None:
    """``*** FLOP *** [...]``: a new street (and its cards), the showdown or the summary."""
    s = _text(hand)
    if _known_prefix(s, " ", hand.by_name)[0] is not None:
        return False  # "**HCL59** collected ...": a seat's line
    end = s.find(" ***", 4)
    if not s.startswith("*** ") or end == -1:
        raise hand.unexpected()
    label, after, facts = s[4:end], s[end + 4 :], hand.facts
    if label == "SUMMARY":
        hand.in_summary = True
    elif label in _FIRST_ROUND:
        # the first betting round goes on from the blinds: no new street bets
        hand.street = Street.PREDRAW if facts["draw"] else Street.PREFLOP
        if "*" in after:
            hand.record.notes.append(f"garbled street line as printed: {s!r}")
            after = after[: after.find("*")]
        if after.strip():
            facts["board"] = _cards(hand, after)
    elif label in ("SHOW DOWN", "SHOWDOWN") or label.endswith(" SHOW DOWN"):  # SHOWDOWN: Run It Once
        if label.endswith(" SHOW DOWN"):
            facts["run"] = _RUN_PREFIX.get(label[:-10])
            if facts["run"] is None:
                raise hand.unexpected()
        hand.street = Street.SHOWDOWN
    elif facts["stud"] or facts["draw"]:
        new_street = (_STUD_STREETS if facts["stud"] else _DRAW_STREETS).get(label)
        if new_street is None:
            raise hand.unexpected()
        if facts["draw"] or hand.street != Street.PREDEAL:  # stud antes are dead: 3rd street starts afresh anyway
            hand.tracker.new_street()
        hand.street = new_street
        if facts["stud"] and "[" in after:  # too few cards left: one community card for all
            facts["board"] = _cards(hand, after)
    else:
        _board_street(hand, s, label, after)
    return None


#: the street lines that open the first betting round
_FIRST_ROUND = frozenset({"HOLE CARDS", "PRE-FLOP", "DEALING HANDS"})


def _board_street(hand: Hand, s: str, label: str, after: str) -> None:
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
        hand.record.notes.append(f"garbled street line as printed: {s!r}")
        return
    if prefix:
        hand.facts["boards by run"][_RUN_PREFIX[prefix]] = cards_now
    else:
        hand.facts["board"] = cards_now


def _dealt_to(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to X [Ah Kd]`` (stud: ``[2c 3d] [7h]``, the last group the new cards)."""
    s = _text(hand)
    body = s[9:]
    name, pos = _known_prefix(body, " [", hand.by_name)
    if name is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to no seat: {s!r}")
    seat = hand.by_name[name]
    seat.dealt_in = True
    groups = _groups(hand, body[pos:])
    if not hand.facts["stud"]:
        hand.dealt[seat.seat] = [c for g in groups for c in g]
        return
    have = hand.dealt.setdefault(seat.seat, [])
    ups = hand.facts["upcards"].setdefault(seat.seat, [])
    if hand.street == Street.THIRD and len(groups) == 1:
        got = groups[0]
        have[:] = [None, None, got[0]] if len(got) == 1 else got
        ups[:] = got[-1:]
    else:
        have.extend(groups[-1])
        if hand.street != Street.SEVENTH:  # 7th street is dealt face down
            ups.extend(groups[-1])


#: a pay line's pot as printed after ``from``; ``side pot-N`` (``side pot N``) is pot N
_POTS = {"pot": 0, "main pot": 0, "side pot": 1}


def _seat_before(hand: Hand, words: str, what: str) -> tuple[SeatRecord, str]:
    """The seated name before ``words`` in the line, and the text after them."""
    s = _text(hand)
    name, pos = _known_prefix(s, words, hand.by_name)
    if name is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"{what}: {s!r}")
    return hand.by_name[name], s[pos + len(words) :]


def _collected(hand: Hand, m: re.Match[str]) -> None:
    """``X collected $1 from side pot-2``: a pay line."""
    seat, rest = _seat_before(hand, " collected ", "pot paid to no seat")
    amount_text, _, source = rest.partition(" from ")
    pot = _POTS.get(source)
    if pot is None:
        if not (source.startswith(("side pot-", "side pot ")) and source[9:].isdigit()):
            raise hand.unexpected()
        pot = int(source[9:])
    hand.pay(seat, hand.money(amount_text), pot=pot, run=hand.facts["run"], half=hand.facts["half"])


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    """``Uncalled bet ($2) returned to X``."""
    s = _text(hand)
    close = s.find(") returned to ")
    if close == -1:
        raise hand.unexpected()
    hand.return_bet(seated(hand, s[close + 14 :], "bet returned to no seat: {line!r}", QuarantineReason.PARSE_ERROR), hand.money(s[14:close]), paid=True)


def _hand_cancelled(hand: Hand, m: re.Match[str]) -> None:
    hand.facts["cancelled"] = True  # judged once the summary is read (``_check_complete``)


def _cashed_out(hand: Hand, m: re.Match[str]) -> None:
    """``X cashed out the hand for $35.72 | Cash Out Fee $0.36``: the house pays the seat."""
    seat, rest = _seat_before(hand, " cashed out the hand for ", "cash out by no seat")
    paid_text, _, fee_text = rest.partition(" | ")
    amount = hand.money(paid_text.strip())
    seat.cashed_out = True
    hand.add_action(hand.street, seat.seat, ActionKind.CASH_OUT)
    hand.pay(seat, amount, pot=None, run=hand.facts["run"], half=Half.WHOLE, source=PayoutSource.CASH_OUT)
    if fee_text:
        hand.facts["cash out fees"].append(f"seat {seat.seat}: {fee_text.strip()}")


def _bounty(hand: Hand, m: re.Match[str]) -> None:
    """``X wins $18.75 for eliminating Y``: a bounty, in the buy-in currency's cents."""
    seat, rest = _seat_before(hand, " wins ", "bounty paid to no seat")
    prize = rest.split(" ", 2)
    amount = _cents(hand, prize[1] if prize[0] == "the" else prize[0])
    hand.pay(seat, amount, pot=None, half=Half.WHOLE, source=PayoutSource.BOUNTY)
    hand.facts["bounty lines"] = True


def _bounty_split(hand: Hand, m: re.Match[str]) -> None:
    """``A, B split the $50 bounty for eliminating C``: equal shares where the cents divide
    (PokerStars splits a bounty equally among the seats that split the pot; which seat
    gets an odd cent is not printed)."""
    s = _text(hand)
    at = s.find(" split the ")
    names = _listed_names(s[:at], hand.by_name)
    if names is None or len(set(names)) != len(names):
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"bounty split among no seats: {s!r}")
    amount_text = s[at + 11 : s.find(" bounty for eliminating ")]
    amount = _cents(hand, amount_text)
    winners = [hand.by_name[name] for name in names]
    if amount % len(winners):
        hand.record.notes.append(
            f"bounty of {amount_text} split between seats {', '.join(str(w.seat) for w in winners)} with no"
            f" shares printed and no even split in cents: no share recorded ({s!r})")
        return
    for winner in winners:
        hand.pay(winner, amount // len(winners), pot=None, half=Half.WHOLE, source=PayoutSource.BOUNTY)
    hand.facts["bounty lines"] = True


def _listed_names(text: str, names: Mapping[str, SeatRecord]) -> list[str] | None:
    """The seated names ``text`` lists, separated by ``", "``; None unless exactly one
    reading exists (a name may itself hold ``", "``)."""
    readings: list[list[str]] = []

    def walk(start: int, got: list[str]) -> None:
        for name in names:
            end = start + len(name)
            if len(readings) > 1 or not text.startswith(name, start):
                continue
            if end == len(text):
                readings.append([*got, name])
            elif text.startswith(", ", end):
                walk(end + 2, [*got, name])

    walk(0, [])
    return readings[0] if len(readings) == 1 else None


def _splash_added(hand: Hand, m: re.Match[str]) -> None:
    hand.facts["stp added"] = hand.money(m["amt"])  # Run It Once: checked against the summary's STP


def _shows_hole_cards(hand: Hand, m: re.Match[str]) -> bool | None:
    """Run It Once: ``X shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]``, hole cards first."""
    name, pos = _known_prefix(_text(hand), " shows [", hand.by_name)
    if name is None:
        return False
    seat = hand.by_name[name]
    hand.shown[seat.seat] = list(_groups(hand, _text(hand)[pos:])[0])
    seat.showed = True
    hand.add_action(hand.street, seat.seat, ActionKind.SHOW)
    return None


def _unseated_status(hand: Hand, m: re.Match[str]) -> bool | None:
    """Someone not seated in this hand: ``name: sits out`` (not so read on Run It Once)."""
    return False if hand.record.platform is Platform.RUNITONCE else None


def _cut_line(hand: Hand, m: re.Match[str]) -> bool:
    """A line no kind took: the hand's end when nothing follows it (a file cut mid-line)."""
    assert hand.line is not None
    at = hand.lines.index(hand.line)
    if not any(line.text.strip() for line in hand.lines[at + 1 :]):
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hand.hand_id} ends in a cut line {_text(hand)!r}",
                             hand.hand_id)
    return False


_BODY_LINES = (
    kind("header", r"^(?:Table|Seat) ", _header_lines),
    kind("street", r"^\*", _street_line),
    kind("dealt", r"^Dealt to ", _dealt_to),
    kind("collected", r"^(?=.* collected )", _collected),
    kind("uncalled", r"^Uncalled bet \(", _uncalled),
    kind("chat", r'^(?=.* said, ")', skip),
    kind("cancelled", r"^Hand cancelled$", _hand_cancelled),
    kind("cash out", r"^(?=.* cashed out the hand for )", _cashed_out),
    kind("bounty", r"^(?=.* wins )(?=.*(?: for eliminating | for splitting the elimination of ))", _bounty),
    kind("bounty split", r"^(?=.* split the )(?=.* bounty for eliminating )", _bounty_split),
    kind("metadata", r"^#", _Only(Platform.POKERMASTER, skip)),  # the grabber's JSON metadata comment
    kind("splash", r"^STP added: (?P<amt>.*)", _Only(Platform.RUNITONCE, _splash_added)),
    kind("hole cards shown", r"^(?=.* shows \[)", _Only(Platform.RUNITONCE, _shows_hole_cards)),
)
_UNSEATED_LINES = (
    # who came, went, timed out; what the dealer did with the deck
    kind("table traffic", "^(?=.*(?:" + "|".join(map(re.escape, INFO_FRAGMENTS)) + "))", skip),
    kind("unseated status", rf"^(?:(?!: ).)+: (?:{_STATUS})$", _unseated_status),
    # a satellite's prize, after "finished the tournament in 1st place": no chips move
    kind("entry won", r"^(?=.* wins an entry to tournament #\d+$)", skip),
    kind("converter event", r"^(?:" + "|".join(map(re.escape, sorted(_CONVERTER_TABLE_EVENTS))) + ")$", skip),
    kind("cut line", r"", _cut_line),
)


# --- the summary -------------------------------------------------------------------------------

class _Totals:
    """What the summary says: the totals, rake and fees, the boards, what each seat won."""

    def __init__(self) -> None:
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.pots_printed: list[int] | None = None
        self.pots_net: bool | None = None
        self.fees = 0
        self.fee_detail: dict[str, int] = {}
        self.boards: dict[int, list[str]] = {}
        self.won: dict[int, int] = {}  # seat -> what its summary line says it won
        self.notional: dict[int, int] = {}  # seat -> winnings its summary line says were not paid (cash-outs)
        self.seats: set[int] = set()  # the seats with a summary line


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 3: X (button) showed [...] and won ($5)``: what the seat showed and won."""
    s, totals = _text(hand), hand.facts["totals"]
    colon = s.find(": ")
    number_text = s[5:colon]
    if colon == -1 or not number_text.isdigit() or int(number_text) not in hand.seats:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unexpected summary line {s!r}")
    seat = hand.seats[int(number_text)]
    totals.seats.add(seat.seat)
    body = s[colon + 2 :]
    if body.startswith(seat.player):
        said = _summary_says(hand, body[len(seat.player) :], may_skip=True)
    else:
        hand.record.notes.append(
            f"summary names seat {seat.seat} differently from its seat line ({seat.player!r}): {s!r}")
        paren = body.find(" (")
        said = _summary_says(hand, body[paren:] if paren != -1 else "", may_skip=False)
    mucked, cards, showed, won, unpaid, cashed = said
    seat.mucked = seat.mucked or mucked
    if cards is not None:
        hand.shown[seat.seat] = list(cards)
    seat.showed = seat.showed or showed
    if unpaid:
        totals.notional[seat.seat] = totals.notional.get(seat.seat, 0) + won
    elif won:
        totals.won[seat.seat] = won
    seat.cashed_out = seat.cashed_out or cashed


def _summary_says(hand: Hand, body: str, *, may_skip: bool) -> tuple[bool, list[str] | None, bool, int, bool, bool]:
    """What a summary seat line says after the player's name: ``(mucked, cards shown or
    mucked, showed, won, won but not paid, cashed out)``.

    ``may_skip``: a line with no cards, no winnings and no cash out records nothing but
    a muck (when the name was read as printed).
    """
    if may_skip and "[" not in body and " won " not in body and " collected " not in body and "cashed" not in body:
        return (" mucked" in body, None, False, 0, False, False)  # folded, or did not bet
    mucked = showed = False
    cards: list[str] | None = None
    for marker in (" showed [", " mucked ["):
        at = body.find(marker)
        if at != -1:
            cards = _cards(hand, body[at + len(marker) - 1 : body.find("]", at) + 1])
            showed, mucked = showed or marker == " showed [", mucked or marker == " mucked ["
    mucked = mucked or body.startswith(" mucked") or " mucked" in body.split("[", 1)[0]
    won = 0
    for key in (" won ", " collected "):
        at = body.find(key)
        while at != -1:
            start = at + len(key)
            if body.startswith("(", start):
                at = body.find(")", start)
                won += hand.money(body[start + 1 : at])
            else:  # converters and Run It Once print the amount bare: "collected $10"
                end = body.find(" ", start)
                token = body[start : end if end != -1 else len(body)].rstrip(",")
                if _AMOUNT_TOKEN.fullmatch(token):
                    won += hand.money(token)
            at = body.find(key, start)
    return (mucked, cards, showed, won, "(pot not awarded" in body, "cashed out" in body)


def _total_pot(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25``."""
    tm, totals = _TOTAL.match(_text(hand)), hand.facts["totals"]
    if tm is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unreadable totals {_text(hand)!r}")
    totals.total_pot = hand.money(tm["total"])
    if tm["main"] is not None:
        printed = {0: hand.money(tm["main"])}
        for k, (index, amount_text) in enumerate(_SIDE.findall(tm["sides"] or "")):
            printed[int(index) if index else k + 1] = hand.money(amount_text)
        totals.pots_printed = [printed[k] for k in sorted(printed)]
        totals.pots_net = True
    else:
        totals.pots_printed = [totals.total_pot]
        totals.pots_net = hand.record.platform in _TOTAL_AFTER_RAKE
    _total_segments(hand, totals, tm["segments"] or "")


#: sites whose ``Total pot`` is printed after the rake, as their pay lines pay it (9stacks:
#: ``Total pot 2,695.38 | Rake 141.86`` where 2,837.24 was put in and 2,695.38 collected)
_TOTAL_AFTER_RAKE = frozenset({Platform.NINESTACKS})


def _total_segments(hand: Hand, totals: _Totals, segments: str) -> None:
    """``| Rake $0.25 | STP added $2 | ...``: the rake, pots (Run It Once) and fees."""
    segment_pots: dict[int, int] = {}
    for segment in segments.split("|"):
        segment = segment.strip()
        if not segment:
            continue
        label, _, amount_text = segment.rpartition(" ")
        value = hand.money(amount_text)
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
            hand.record.notes.append(
                f"the house added {amount_text} to the pot ({segment!r}): recorded as a negative fee")
        totals.fee_detail[key] = totals.fee_detail.get(key, 0) + value
        totals.fees += value


def _summary_board(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Board [...]``, ``FIRST Board [...]`` (run it twice)."""
    s = _text(hand)
    if not (s.startswith("Board [") or (s.endswith("]") and " Board [" in s)):
        return False
    prefix, _, cards_text = s.partition("Board ")
    hand.facts["totals"].boards[_RUN_PREFIX.get(prefix.strip(), 1) if prefix.strip() else 1] = _cards(hand, cards_text)
    return None


#: dialects whose summary seat lines never state what a seat won (PPPoker's print the
#: cards of every seat at the showdown, ``showed [...]``, the winner's too, and no amount)
_SUMMARY_STATES_NO_WINNINGS = frozenset({Platform.PPPOKER})

_SUMMARY_LINES = (
    kind("summary seat", r"^Seat ", _summary_seat),
    kind("total pot", r"^Total pot ", _total_pot),
    kind("board", r"^(?=.*Board \[)", _summary_board),
    kind("run twice", r"^Hand was run ", skip),  # the boards say it
    kind("number line", _ARCHIVE_NUMBER, skip),  # the next hand's number, in an archive or a download
    kind("hand ended", r"^Hand ended at \d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}$", _Only(Platform.PPPOKER, skip)),
)


# --- the whole hand ----------------------------------------------------------------------------

def _reached_summary(hand: Hand) -> None:
    if not hand.in_summary:
        raise HandParseError(QuarantineReason.TRUNCATED, f"hand {hand.hand_id} ends before its *** SUMMARY ***",
                             hand.hand_id)


def _check_complete(hand: Hand) -> None:
    """The hand stands unless it was cancelled or its summary lacks the totals or a dealt
    seat's line."""
    totals = hand.facts["totals"]
    if hand.facts["cancelled"]:
        # what was posted before the cancellation went back unprinted: nothing to audit
        # unless the history itself returns every chip and prints the (empty) pot
        if (totals.total_pot is None or any(hand.tracker.seats().values())
                or any(p.source == PayoutSource.POT for p in hand.record.payouts)):
            raise hand.fail(QuarantineReason.INCONSISTENT, "hand cancelled by the platform: no pot was played")
        hand.record.notes.append("hand cancelled by the platform: every chip put in was returned")
    if totals.total_pot is None:
        raise hand.fail(QuarantineReason.TRUNCATED, "summary has no 'Total pot' line")
    for seat in hand.facts["seat order"]:
        if seat.dealt_in and seat.seat not in totals.seats:
            raise hand.fail(QuarantineReason.TRUNCATED, f"summary has no line for seat {seat.seat} ({seat.player})")


#: the actions by which a seat sitting out shows it was dealt in after all
_DEALT_IN_BY = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                          ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_BLIND,
                          ActionKind.POST_DEAD, ActionKind.POST_ANTE, ActionKind.BRING_IN})


def _acted_in(hand: Hand) -> None:
    """A seat whose line said it was out is dealt in when it then posts or bets."""
    for action in hand.record.actions:
        if action.kind in _DEALT_IN_BY and action.seat is not None:
            hand.seats[action.seat].dealt_in = True


def _boards(hand: Hand) -> None:
    """The summary's boards are authoritative; the street lines must agree with them."""
    by_run, board, said = hand.facts["boards by run"], hand.facts["board"], hand.facts["totals"].boards
    street_boards = [by_run[k] for k in sorted(by_run)] if by_run else [board] if board else []
    boards = [said[k] for k in sorted(said)] if said else street_boards
    if said and street_boards and street_boards != boards:
        hand.record.notes.append(f"street lines show board(s) {street_boards} but the summary says {boards}")
    hand.record.boards = boards


_PLAIN_OMAHA = {
    Game.OMAHA: {5: Game.OMAHA5, 6: Game.OMAHA6},
    Game.OMAHA_HILO: {5: Game.OMAHA5_HILO, 6: Game.OMAHA6_HILO},
}
# Dialects whose header names the game as another site called it: PokerMaster's grabber
# writes "Omaha" for its 5-card tables. PokerStars names every Omaha by its card count.
_GAME_BY_CARDS = frozenset({Platform.POKERMASTER, Platform.CHICO, Platform.RUNITONCE})


def _omaha_by_cards(hand: Hand) -> None:
    """The Omaha game the hole cards dealt and shown say, where the header names plain
    Omaha (or Omaha Hi/Lo): the header's while no seat holds more than four."""
    game = hand.record.game
    if game not in _PLAIN_OMAHA or hand.record.platform not in _GAME_BY_CARDS:
        return
    sizes: dict[int, set[int]] = {}
    for cards_by_seat in (hand.dealt, hand.shown):
        for seat, held in cards_by_seat.items():
            sizes.setdefault(seat, set()).add(len(held))
    every = set().union(*sizes.values())
    if not every or max(every) <= 4:
        return
    if len(every) == 1 and (size := every.pop()) in _PLAIN_OMAHA[game]:
        hand.record.game = _PLAIN_OMAHA[game][size]
        hand.record.notes.append(f"header names {game.value} but every hand dealt or shown holds {size} cards:"
                                 f" recorded as {hand.record.game.value}")
        return
    counts = ", ".join(f"seat {seat}: {' and '.join(map(str, sorted(n)))}" for seat, n in sorted(sizes.items()))
    raise hand.fail(QuarantineReason.BAD_CARDS,
                    f"header names {game.value}, but the hole cards dealt or shown number differently ({counts})")


def _unprinted_return(hand: Hand) -> None:
    """Old histories (2005) return an uncalled bet without printing it; their Total pot
    leaves it out. Inferred only when the printed total says exactly that."""
    put_in, total_pot = hand.tracker.seats(), hand.facts["totals"].total_pot
    if not put_in:
        return
    ranked = sorted(put_in.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ranked[0]
    excess = top - (ranked[1][1] if len(ranked) > 1 else 0)
    if excess > 0 and sum(put_in.values()) - excess == total_pot:
        hand.tracker.returned(top_seat, excess)
        actions = hand.record.actions
        bet_street = next((a.street for a in reversed(actions) if a.seat == top_seat and a.amount), hand.street)
        hand.add_action(bet_street, top_seat, ActionKind.UNCALLED_RETURN, excess)
        hand.pay(hand.seats[top_seat], excess, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED, line="")
        hand.record.notes.append(
            f"uncalled bet of {excess} returned to seat {top_seat} is not printed; inferred from the"
            f" Total pot {total_pot} (put in {sum(put_in.values())})")


def _settle_seats(hand: Hand) -> None:
    """What each seat put in, and its final known cards (stud: which were face up), in
    the order of the seat lines."""
    stud, shown, dealt, upcards = hand.facts["stud"], hand.shown, hand.dealt, hand.facts["upcards"]
    saw_seventh = stud and any(a.street == Street.SEVENTH for a in hand.record.actions)
    hand.record.seats = hand.facts["seat order"]
    for seat in hand.record.seats:
        seat.contributed = hand.tracker.contributed(seat.seat)
        number = seat.seat
        seat.cards = []
        if number in shown and (len(shown[number]) >= len(dealt.get(number, ())) or not stud):
            seat.cards = shown[number]
        elif number in dealt:
            seat.cards = dealt[number]
            if stud and saw_seventh and len(seat.cards) == 6 and seat.folded_street is None:
                seat.cards = [*seat.cards, None]
        if stud and number in upcards:
            seat.upcards = upcards[number]


def _summary_totals(hand: Hand) -> None:
    """The summary's totals, rake and fees; the blinds (the stakes' in no- and pot-limit
    games, else as posted)."""
    record, totals, info = hand.record, hand.facts["totals"], hand.facts["info"]
    record.pots_printed, record.pots_printed_net = totals.pots_printed, totals.pots_net
    record.total_pot_printed, record.rake, record.fees = totals.total_pot, totals.rake, totals.fees
    record.fee_detail = totals.fee_detail
    record.rake_source = RakeSource.PRINTED if totals.rake is not None else RakeSource.ABSENT
    if not hand.facts["stud"]:
        stakes = info["stake_values"]
        if info["limit"] in (Limit.NO, Limit.POT) and len(stakes) >= 2:
            record.small_blind, record.big_blind = stakes[0], stakes[1]
        else:
            record.small_blind, record.big_blind = hand.facts.get("small blind"), hand.facts.get("big blind")


def _closing_notes(hand: Hand) -> None:
    """What an auditor must know of the whole hand: a mixed game's hand, the rake, the splash."""
    record = hand.record
    notes, rake, scale, mixed = record.notes, record.rake, record.amount_scale, hand.facts["info"]["mixed"]
    if mixed:
        notes.append(f"mixed game {mixed!r}: this hand is {record.game.value}")
    if rake is None:
        notes.append("rake not printed")
    elif record.platform is Platform.MPLPOKER and rake and record.paid_from_pots() == record.pot_total:
        # MPLPoker's pay lines pay the whole pot and its rake line is taken after them:
        # how a rake is shared between winners is not printed, so only shares are checked
        notes.append(f"MPLPoker pays the pot before its rake ({format_minor(rake, scale)} printed): "
                     "the rake is not checked, only who won what share")
        record.rake, record.rake_source = None, RakeSource.ABSENT
    splash, added = -record.fee_detail.get("stp", 0), hand.facts["stp added"]
    if added is not None and splash != added:
        record.contradicts(f"the hand says the house added {format_minor(added, scale)} (STP), the summary"
                           f" {format_minor(splash, scale)}", None, splash, added)


def _check_totals(hand: Hand) -> None:
    """The printed Total pot and pots against what was put in; uncalled returns against it."""
    record = hand.record
    put_in, rake, scale = record.pot_total, record.rake or 0, record.amount_scale
    splashed = -record.fee_detail.get("stp", 0)  # Run It Once counts the house's money in its Total pot
    printed = _printed_gross(record)
    if printed is not None and printed != put_in + splashed:
        record.contradicts(
            f"summary says Total pot {format_minor(record.total_pot_printed or 0, scale)}"
            + (f" after a rake of {format_minor(rake, scale)}" if printed != record.total_pot_printed else "")
            + f" but the actions put in {format_minor(put_in, scale)}"
            + (f" and the house added {format_minor(splashed, scale)}" if splashed else ""),
            None, put_in + splashed, printed)
    if record.pots_printed_net and sum(record.pots_printed or ()) != (printed or 0) - rake - record.fees:
        record.notes.append(f"printed pots {record.pots_printed} do not add up to the total {printed} less rake {rake}")
    returned: dict[int, int] = {}
    for p in record.payouts:
        if p.source == PayoutSource.UNCALLED:
            returned[p.seat] = returned.get(p.seat, 0) + p.amount
    for s in record.seats:
        if s.contributed < 0:  # Run It Once printed a splash (STP) inside a returned bet
            back = returned.get(s.seat, 0)
            record.contradicts(
                f"seat {s.seat} got {format_minor(back, scale)} back as an uncalled bet but put in only"
                f" {format_minor(back + s.contributed, scale)}", s.seat, back, back + s.contributed)
    if record.platform not in _SUMMARY_STATES_NO_WINNINGS:
        record.contradicts_summary(hand.facts["totals"].won)


def _printed_gross(record: ParsedHand) -> int | None:
    """The printed Total pot before rake (``_TOTAL_AFTER_RAKE``: the printed one plus the
    rake, where a rake is printed)."""
    printed = record.total_pot_printed
    if printed is not None and record.platform in _TOTAL_AFTER_RAKE:
        return printed + (record.rake or 0)
    return printed


def _check_paid(hand: Hand) -> None:
    """What was paid against what was put in: a cash-out's share the house kept, or a
    history that does not add up; the bounties' unit."""
    record, notional = hand.record, hand.facts["totals"].notional
    notes, rake, paid = record.notes, record.rake or 0, record.paid_from_pots()
    missing = record.pot_total - rake - record.fees - paid
    if any(s.cashed_out for s in record.seats):
        if missing > 0:
            record.house_retained = missing
            notes.append(
                f"{missing} of the pot was paid to no seat: the share of a seat that cashed out, kept by the house")
        if notional:
            shares = ", ".join(f"seat {k}: {v}" for k, v in sorted(notional.items()))
            notes.append(f"summary's notional winnings not paid because the seat cashed out: {shares}")
            if sum(notional.values()) != max(missing, 0):
                notes.append(
                    f"notional cash-out winnings {sum(notional.values())} differ from the unpaid pot {missing}")
        for fee in hand.facts["cash out fees"]:
            notes.append(f"cash-out fee charged by the house on its own payment (not pot money): {fee}")
    elif missing != 0 and record.rake is not None:
        notes.append(
            f"history does not add up: put in {record.pot_total}, paid {paid}, rake {rake}, fees {record.fees}")
    if hand.facts["bounty lines"]:
        notes.append("bounty payouts are in the buy-in currency's cents, not tournament chips")


DIALECT = Dialect(
    platform=Platform.POKERSTARS,
    format=Format.POKERSTARS,
    # 2: the real-history sweep's fixes (archives, a blank line after every line, empty
    # name lines, names starting with asterisks); the move onto the engine changed nothing;
    # 4: a download's "Hand #N: " number lines; 6: the Spanish client's words; 7: 9stacks,
    # a satellite's "wins an entry to tournament #N"
    version="7",
    hand_start=HAND_START,
    head=HAND_START,
    first=re.compile(r"(?P<id>)"),  # the header hook reads the first line
    not_first="not a PokerStars hand header",
    header=_header,
    seat=kind("seat", r"(?!)", skip),  # read by the header hook
    seatless=None,
    seats_end=re.compile(""),  # the engine reads no seat line (the header hook has): it stops at the first
    body=_BODY_LINES,
    players=_PLAYER_LINES,
    unseated=_UNSEATED_LINES,
    summary=_SUMMARY_LINES,
    streets=Streets(),  # the street lines are read by ``_street_line``
    money=_StarsAmounts(),
    quotes_trailing_space=True,
    players_first=True,
    name_follows=re.compile(r"(?=: |:$)"),
    after_name=re.compile(r": ?"),
    first_action_opens=False,
    notes_unbalanced=False,
    before_returns=(_reached_summary, _acted_in, _check_complete),
    checks=(_boards, _omaha_by_cards, _unprinted_return, _settle_seats, _summary_totals, _closing_notes,
            _check_totals, _check_paid),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {text!r}", total_pot=None),
)


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


class PokerStarsParser(DialectParser):
    """PokerStars' dialect (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(DIALECT)

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
        """The standard reading, or the ``RAISE_TO_ADDS`` one where only it meets the
        printed Total pot."""
        dedented = _dedented(hand_text)
        text = _one_line_header(dedented.lstrip("\ufeff"))
        locale = locale_of(text.split("\n", 1)[0])
        if locale is not None:  # read in English shapes, quoted as printed
            return _reading(to_english(text, locale), raise_adds=False, printed=text)
        try:
            parsed = _reading(text, raise_adds=False)
        except HandParseError as exc:
            if exc.hand_id is None or not dedented.startswith(_RIO):
                raise
            return _raise_adds_reading(text, None, exc)
        if parsed.platform in RAISE_TO_ADDS and _misses_total_pot(parsed):
            return _raise_adds_reading(text, parsed, None)
        return parsed


def _reading(text: str, raise_adds: bool, printed: str | None = None) -> ParsedHand:
    """``text`` read; ``printed``: the text as a localised client printed it, line for line
    (``text`` is its English shape), which the hand's records and quarantines quote."""
    if not text.strip():
        _parse_header(text.split("\n", 1)[0].rstrip())  # says what is wrong
    hand = Hand(DIALECT, text) if printed is None else quote_printed(Hand(DIALECT, text), printed)
    hand.facts["raise adds"] = raise_adds
    return hand.read()


def _misses_total_pot(parsed: ParsedHand) -> bool:
    """The printed Total pot is not what the actions put in (plus what the house added)."""
    printed = parsed.total_pot_printed
    return printed is not None and printed != parsed.pot_total - parsed.fee_detail.get("stp", 0)


def _raise_adds_reading(text: str, standard: ParsedHand | None, failure: HandParseError | None) -> ParsedHand:
    """The ``RAISE_TO_ADDS`` reading where it meets the printed Total pot, else the standard
    reading (or its failure) as it was."""
    try:
        other = _reading(text, raise_adds=True)
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


PARSER = PokerStarsParser()
