"""Everleaf Gaming text hand histories (the Everleaf network's skins, 2008-2011).

A hand starts ``Everleaf Gaming Game #N`` and repeats the number in ``***** Hand history
for game #N *****``; the next line holds stakes, game and local time without a zone:
``Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19`` (no limit prefix = fixed
limit; stud writes ``$0.05/$0.10 7 Card Stud - ...``). Bets print the amount each action
**adds** (``raises [$ 0.20 USD]`` adds 0.20 on top of what the seat had in).

What Everleaf does not print, and what this parser does about it:
- no rake and no total pot: ``rake`` is None with ``rake_source`` ABSENT;
- no uncalled-bet line: the part of the largest contribution no one matched is returned
  to its seat here (an ``UNCALLED_RETURN`` action), and the hand's notes say so;
- no all-in marker: a seat whose contribution equals its starting stack is all in;
- a seat may print ``( All-in )`` for its stack (``Seat 4: Player4 ( All-in )``): a player
  left with nothing who takes no part in the hand; its stack stays unknown, and the hand
  is quarantined if that seat puts anything in (nothing would tell whether it was all in);
- a hand has no end line: it ends at the next hand, after its pay lines.

Later skins (2019) open ``- - Grand Poker - Game #N``, add ``Tournament #2768325 - Level 2``
after the hand-history line and name the table size in the game line (``Blinds 15/30 NL
Hold'em - 9 Max - 2019/01/21 - 13:05:02``); such a hand is a tournament's.

Tournament tables print chips with no currency: ``[$ 525]`` in 2009, ``( 965 Chips )`` and
``[ 1,000 Chips]`` in 2011 (the unit is dropped). Without a ``Tournament #`` line nothing
in a hand's text tells a tournament from play chips, so such hands are read as play
money. A player moved in from another table during the hand has ``Seat 7: anem2 ( new
player )`` and a later ``anem2 has been reseated to this table``: no stack is read and
the seat is not dealt in.

Euro tables print the unit as ``EURO`` (``Seat 5: Hero (  € 2.50 EURO )``), and some of
their files print the euro sign as ``ˆ`` throughout (``Blinds ˆ0.25/ˆ0.50 NL Hold'em``,
``posts small blind [ˆ 0.25 EURO]``): the ``EURO`` after every amount says what it is.

Pay lines: ``Hero wins  high ($ 2.57 USD) from main pot with ...``, ``wins  low ($2.56)``,
or unlabelled ``Hero wins $ 0.29 USD from main pot`` (a split-pot game then has one such
line per half, without saying which); ``from side pot`` names the first side pot when there is only
one; with two or more (two all-in levels) every side pot's line says just ``from side
pot``, and a split pot pays one seat several lines, so those lines name no pot (None). Chip
tables (2009 tournaments among them) write ``wins 375 chips from main pot``, though their
bets print ``[$ 525]``.
A long hand description may wrap onto a second line, which carries no money: such a
line (words, then the cards in brackets) is skipped right after a pay line whose
description lacks its cards.

Every other line is read or known to carry no money or cards: the header lines, ``Total
number of players``, and after a seated player's name ``_CHATTER`` (connection notices,
sitting out, ``does not show cards``) or chat (``NAME: text``). Any other line, including
one about nobody seated and cards dealt to no seat, fails the hand with its line number.

The ``Everleaf Gaming - Concord Gaming - Game #N`` opening is read too; ``has joined the
table`` carries nothing; a stud ``Dealt to`` line may end in a full stop (2011); a listed
seat that never posts, acts or gets cards (waiting for the big blind) is not dealt in.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Limit, Platform, QuarantineReason, Street
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BOTH_BLINDS, BRING_IN, CALL, CHECK, COMPLETE, CURRENCY_SIGNS, FOLD, MUCK, OPEN, RAISE_BY,
    SHOW, SMALL_BLIND, Dialect, DialectParser, Hand, Rake, Streets, button, chip_scale, dealt, idle_seats_sat_out, kind,
    pays, skip, street,
)
from parsers.game_names import games
from parsers.headers import table_line

# Later skins of the network open with the skin's name: ``- - Grand Poker - Game #N``,
# ``Everleaf Gaming - Concord Gaming - Game #N`` (2012).
_OPENING = r"(?:Everleaf Gaming(?: - [^\r\n]+? -)?|- - [^\r\n]+? -) Game #"
_HAND_START = re.compile(rf"^\ufeff*{_OPENING}\d+", re.M)
_SNIFF = re.compile(rf"{_OPENING}\d+\s*\r?\n\*{{5}} Hand history for game #\d+")

_FIRST = re.compile(rf"^{_OPENING}(?P<id>\d+)\s*$")
_TOURNAMENT = re.compile(r"^Tournament #(?P<tid>\d+) - Level \d+\s*$")
_GAME_LINE = re.compile(
    r"^(?:Blinds )?(?P<cur>[$€£ˆ])?\s*(?P<lo>[\d,]+(?:\.\d+)?)/[$€£ˆ]?\s*(?P<hi>[\d,]+(?:\.\d+)?)"
    r"(?: (?P<ccy>USD|EUR|GBP))? (?P<game>.+?)(?: - (?P<max>\d+) Max)? - (?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{1,2}:\d{2}:\d{2})\s*$"
)
_CURRENCIES = {**CURRENCY_SIGNS, "ˆ": "EUR"}
_LIMITS = (("NL ", Limit.NO), ("PL ", Limit.POT), ("FL ", Limit.FIXED), ("Limit ", Limit.FIXED))
_GAMES = games("hold'em", "holdem", "omaha", "omaha hi", "omaha hi/lo", "omaha h/l", "7 card stud", "7 card stud hi/lo",
               "7 card stud h/l", "razz")

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)\s*$")
_AMT = r"(?P<amt>[$€£ˆ]?\s*[\d,]+(?:\.\d+)?(?:\s*(?:USD|EURO?|GBP|Chips))?)"
# Euro tables write ``€ 2.50 EURO`` (or ``ˆ 2.50 EURO``, see the module's docstring).
_EURO = re.compile(r"^ˆ|\s*EURO$")
# 2011 tournament tables write the unit after every amount: ``( 965 Chips )``, ``[ 1,000 Chips]``.
_CHIPS = re.compile(r"\s*Chips$")
_PAY = re.compile(
    r"^wins\s+(?:(?P<hl>high|low)\s+\((?P<amt>[^()]*)\)|(?P<amt_2>[$€£ˆ]?\s*[\d,]+(?:\.\d+)?(?:\s*(?:USD|EURO?|GBP))?)"
    r"(?:\s+chips)?)\s+from\s+(?:(?P<main>main pot)|(?P<sidepot>side pot)(?:\s*#?\s*(?P<side>\d+))?)(?:\s+with\b.*)?\s*$"
)
# What may follow a seated player's name on a line known to carry no money or cards,
# skipped on purpose (as is chat, ``NAME: text``); any other line fails the hand.
_CHATTER = re.compile(
    r"^(?:has disconnected(?: and has been given a further \d+ seconds to react)?|does not show cards|"
    r"is sitting out|sits out|has returned|has timed out|has been disconnected|has reconnected|is connected|"
    r"has been reseated to this table|has joined the table)$"
)
# The rest of a hand description a pay line wrapped (``... with two pairs, jacks and`` /
# ``eights [ Jc, Js, 9d, 8c, 8h ]``): words, then the cards, never money.
_WRAPPED = re.compile(r"^[^\[\]$€£ˆ]*\[[^\]]*\]$")
# Seat lines with a word for the stack: a player left with nothing, or one reseated here
# from another table during the hand.
_STACK_WORDS = ("All-in", "new player")


def _amount_text(text: str) -> str:
    """Everleaf pads amounts with space, may end a sentence's amount with a full stop and
    writes the unit after it (``EURO``, ``Chips``)."""
    return _CHIPS.sub("", _EURO.sub("", text.strip().rstrip(".")))


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The stakes/game/date line (no zone; no limit prefix is fixed limit) and, on later
    skins, the ``Tournament #`` line."""
    game_line = next((line for line in hand.lines[1:4] if _GAME_LINE.match(line.text)), None)
    if game_line is None:
        raise hand.fail(QuarantineReason.TRUNCATED if len(hand.lines) < 4 else QuarantineReason.PARSE_ERROR,
                        "no stakes/game/date line in the first lines of the hand")
    gm = _GAME_LINE.match(game_line.text)
    currency = _CURRENCIES.get(gm["cur"] or "") or gm["ccy"]
    if currency is None:
        hand.scale = chip_scale(gm["lo"], gm["hi"])  # chips without a currency: tournament or play chips
    name = gm["game"].strip()
    limit = Limit.FIXED  # Everleaf writes no prefix for fixed limit (and stud)
    for prefix, lim in _LIMITS:
        if name.startswith(prefix):
            limit, name = lim, name[len(prefix):]
            break
    game = _GAMES.get(name.lower())
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"game {gm['game']!r} not known in line {game_line.text!r}")
    record = hand.new_record(
        game=game, limit=limit, is_tournament=False, currency=currency, start_time_raw=f"{gm['date']} - {gm['time']}",
        hand_date=gm["date"].replace("/", "-"), is_play_money=currency is None,
        notes=["start time printed without a time zone"],
    )
    if gm["max"]:
        record.max_seats = int(gm["max"])
    tournament = next((t for line in hand.lines[1:4] if (t := _TOURNAMENT.match(line.text))), None)
    if tournament:
        record.is_tournament, record.is_play_money = True, False
        record.tournament_id = tournament["tid"]
    return record


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """A seat line; ``( All-in )`` or ``( new player )`` for a stack leaves it unknown
    (and a new player, reseated here during the hand, is not dealt in)."""
    word = m["stack"] if m["stack"] in _STACK_WORDS else None
    seat = hand.add_seat(SeatRecord(seat=int(m["seat"]), player=m["name"],
                                    stack=None if word else hand.money(m["stack"])))
    if word:
        hand.facts.setdefault("stack words", {})[seat.seat] = word
        hand.record.notes.append(f"seat {seat.seat} ({seat.player}) printed {word!r} for its stack: none read")
    if word == "new player":
        seat.dealt_in = False


def _pay(hand: Hand, m: re.Match[str]) -> None:
    """A pay line: one naming only ``side pot`` is marked (see ``_unnumbered_side_pots``),
    and one whose hand description lacks its cards may wrap onto the next line."""
    if m["sidepot"] and not m["side"]:
        hand.facts.setdefault("unnumbered", []).append(len(hand.record.payouts))
    pays(hand, m)
    if " with " in m.string and "[" not in m.string:
        hand.continuation = _WRAPPED


def _stackless_seats_put_nothing_in(hand: Hand) -> None:
    """Without its stack, nothing tells whether a seat that put money in was all in."""
    for number, word in hand.facts.get("stack words", {}).items():
        if put_in := hand.tracker.contributed(number):
            raise hand.fail(QuarantineReason.INCONSISTENT,
                            f"seat {number} printed {word!r} for its stack and then put {put_in} in the pot")


def _unnumbered_side_pots(hand: Hand) -> None:
    """With two or more side pots every side pot's line says just ``from side pot``, and
    one seat may be paid several times from one split pot: which one a line pays is not
    said, so those lines name no pot (hand 283100417 in the tests is shaped on them)."""
    unnumbered = hand.facts.get("unnumbered", [])
    seats = hand.record.seats
    top = max(seat.contributed for seat in seats)
    levels = {seat.contributed for seat in seats if seat.all_in and seat.contributed < top}
    if unnumbered and len(levels) > 1:
        for index in unnumbered:
            hand.record.payouts[index].pot = None
        hand.record.notes.append(
            f"{len(levels)} side pots, each paid 'from side pot' without its number: their pay lines name no pot")


_STUD_STREETS = {"dealing down cards": OPEN, "dealing 4th street": Street.FOURTH, "dealing 5th street": Street.FIFTH,
         "dealing 6th street": Street.SIXTH, "dealing river": Street.SEVENTH, "dealing 7th street": Street.SEVENTH}

DIALECT = Dialect(
    platform=Platform.EVERLEAF,
    format=Format.EVERLEAF,
    version="3",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not an Everleaf header",
    header=_header,
    strip_lines=True,
    seat=kind("seat", _SEAT, _seat),
    seatless=QuarantineReason.TRUNCATED,
    amount_text=_amount_text,
    body=(
        kind("header", r"^\*\*\*\*\* Hand history", skip),
        kind("game", _GAME_LINE, skip),
        kind("tournament", _TOURNAMENT, skip),
        kind("button", r"^Seat (?P<seat>\d+) is the button\s*$", button),
        kind("table", r"^Table (?P<table>.+?)\s*$", table_line, once=True),
        kind("players", r"^Total number of players", skip),
        kind("street", r"^\*{2,4} (?P<street>[^*]+?) \*{2,4}\s*(?P<cards>.*)$", street),
        # 2011 stud files end the line with a full stop: ``Dealt to A [ 5d, Qs, 7s ].``
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\.?\s*$", dealt),
    ),
    players=(
        kind("pay", _PAY, _pay),
        kind("small blind", rf"^posts small blind \[{_AMT}\s*\]$", SMALL_BLIND),
        kind("big blind", rf"^posts big blind \[{_AMT}\s*\]$", replace(BIG_BLIND, later=ActionKind.POST_BLIND)),
        kind("both blinds", rf"^posts small & big blinds? \[{_AMT}\s*\]$", BOTH_BLINDS),
        kind("ante", rf"^posts ante \[{_AMT}\s*\]$", ANTE),
        kind("bring-in", rf"^posts bring-in {_AMT}\.?$", BRING_IN),
        kind("complete", rf"^completes to {_AMT}\.?$", COMPLETE),
        kind("call", rf"^calls \[{_AMT}\s*\]$", CALL),
        kind("bet", rf"^bets \[{_AMT}\s*\]$", BET),
        kind("raise", rf"^raises \[{_AMT}\s*\]$", RAISE_BY),  # the amount added, not the total
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("show", r"^shows \[(?P<cards>[^\]]*)\].*$", SHOW),
        kind("muck", r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$", MUCK),
    ),
    quiet=_CHATTER,
    chat=re.compile(r"^:"),
    name_follows=re.compile(r"(?=[ :])"),
    after_name=re.compile(r":*\s*"),
    streets=Streets(
        board={"dealing down cards": OPEN, "dealing flop": Street.FLOP, "dealing turn": Street.TURN,
               "dealing river": Street.RIVER},
        stud=_STUD_STREETS,
    ),
    rake=Rake(printed=False, absent_note="rake not printed: Everleaf prints no rake or total pot line"),
    returns_unmatched=True,
    all_in_when_stack_spent=True,
    requires_payout=(QuarantineReason.TRUNCATED, "hand has no pay line (cut off before the result?)"),
    before_returns=(_stackless_seats_put_nothing_in,),
    # a seated player who joined the table and waits for the big blind (``Miazza has joined
    # the table`` in the hand before, 2010) is listed but never posts, acts or gets cards
    checks=(idle_seats_sat_out, _unnumbered_side_pots),
    first_action_seq=1,
)

PARSER = DialectParser(DIALECT)
