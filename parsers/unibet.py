"""Unibet (Relax Gaming client) text hands.

A hand looks like::

    Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
    *** Seated players ***
    Seat 1: Player0 (€5.15)
    *** Blinds and button ***
    Player4 has the button
    Player0 posts small blind €0.05
    *** Hole cards ***
    Dealt to Hero [Ac 7c]
    *** Preflop ***
    Hero raises €0.95 to €0.95, and is all-in
    Hero wins €1.10
    *** Summary ***
    Total pot €1.10 Rake €0
    Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15

Amounts carry the table currency's symbol and a decimal point. ``raises X to Y`` makes
the seat's street total Y. Uncalled bets are not printed: the unmatched part is inside
the winner's ``wins`` line (``Total pot`` counts it too), so it is derived and split off
that line as an uncalled return; except in 2022 files, which print ``Uncalled bet returned
to X: €2.02`` and leave it out of ``wins`` and ``Total pot``. The time has no zone (``start_time_utc`` None).

The game is read from its whole name after the limit (``Banzai`` names a kind of table):
a name that only contains ``Hold'Em`` or ``Omaha`` is ``unsupported_game``.

The 2026 export opens with ``=== HAND HISTORIES ===`` (joined to the first hand) and
writes the same body under another header, the table on a line of its own::

    Unibet Hand #1558006027 - 0.03/0.05 - Pot Limit Omaha - UTC 21:59:40 2026/06/05
    Table "86113818" 6-max
    Seat 1: Player0 (€0) (sitting out)

or, in a tournament (chips, scale 1; ``tournament_id`` is the ``Tournament #``)::

    Unibet Hand #1558006464, Tournament #85614762, €0.93 + €0.07 - 25.00/50.00 - No Limit Hold'Em - Total prize €4 - UTC 21:59:56 2026/06/05

Its time is UTC. A tournament prints no rake (rake 0, inferred). A hand with no ``wins``
line pays nobody what was put in: such a history stops before the hand's result (in the
2026 sample, a hand stops where the viewer folded: the other seats' actions and summary
lines are missing), so it is quarantined as truncated rather than audited.

Every line is read or known to carry no money or cards: ``Dealt in NAME`` (2026: a seat
dealt in, its cards unseen) and, in the summary, ``Total pot``, ``Board`` and one
``Seat N: NAME: bet X and won Y, net result: Z`` per seat. Any other line, in the
summary too, and cards dealt to no seat, fail the hand with the line's number.

The French client writes the same lines in its own words (``Partie 643536107 : Table €4 PL
- ...``, ``X relance de €0.14 à €0.14``, French card letters): ``parsers.unibet_words``
declares each line shape seen with its English line, and the hand is read in those
shapes, its records and quarantines quoting the lines as printed.

Read by the engine (``parsers.engine``). The unmatched part inside a ``wins`` line is the
engine's unprinted return, split off that line (``unmatched_in_pay_line``). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Iterator

from rules.records import ParsedHand
from rules.vocab import Format, Game, Limit, Platform, QuarantineReason, RakeSource, Street
from parsers.base import BRACKETS, leading_lines, split_joining_chatter
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, CALL, CHECK, CURRENCY_SIGNS, DEAD_BLIND, FOLD, MUCK, RAISE_TO, SHOW, SMALL_BLIND,
    Dialect, DialectParser, Hand, PaidInside, Streets, Wording, dealt_after_name, kind, seated, skip, summary_board,
    take_seat,
)
from parsers.game_names import games
from parsers.headers import Header, table_line
from parsers.unibet_words import HEADER_START as FRENCH_START
from parsers.unibet_words import locale_of
from parsers.words import quote_printed, to_english

_NUM = r"[€$£]?-?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    rf"^Game #(?P<id>\d+): (?P<seats_table>.+?) - (?P<sb>{_NUM})/(?P<bb>{_NUM}) - (?P<game>.+?) - "
    rf"(?P<time>\d{{1,2}}:\d{{2}}:\d{{2}}) (?P<date>\d{{4}}/\d{{2}}/\d{{2}})\s*$"
)
_HEADER_2026 = re.compile(
    rf"^Unibet Hand #(?P<id>\d+)(?:, Tournament #(?P<tournament>\d+), .+?)? - "
    rf"(?P<sb>{_NUM})/(?P<bb>{_NUM}) - (?P<game>.+?)(?: - Total prize {_NUM})? - "
    rf"(?P<zone>UTC) (?P<time>\d{{1,2}}:\d{{2}}:\d{{2}}) (?P<date>\d{{4}}/\d{{2}}/\d{{2}})\s*$"
)


def _unnamed(pattern: re.Pattern[str]) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", pattern.pattern)


# Either header, whole (the engine reads only the id; ``_header`` reads the rest).
_FIRST = re.compile(rf"(?=(?:{_unnamed(_HEADER)})|(?:{_unnamed(_HEADER_2026)}))(?:Game|Unibet Hand) #(?P<id>\d+)")
_BANNER = re.compile(r"^=== HAND HISTORIES ===\s*$")
_FILE_OPENING = re.compile(r"^(?:\s|\ufeff|=== HAND HISTORIES ===)*$")
_TABLE = re.compile(r'^Table "(?P<table>[^"]*)"(?: (?P<max>\d+)-max)?\s*$')
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<out> \(sitting out\))?\s*$")
_SECTION = r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$"
_AMT = rf"(?P<amt>{_NUM})"
_ALL_IN = r"(?P<allin>,? and is all-in)?\s*$"
_LIMITS = [("no limit", Limit.NO), ("pot limit", Limit.POT), ("fixed limit", Limit.FIXED)]
# A whole game name, after its limit: a word in it is not enough ("Six Plus Hold'Em" is
# not Hold'em). "Banzai" names a kind of table, not another game.
_GAME_NAME = re.compile(
    r"^(?:(?:no|pot|fixed) limit )?(?P<name>hold'?em|omaha|omaha hi[-/]?lo)(?: banzai)?$", re.I
)
_GAMES = games("holdem", "hold'em", "omaha", "omaha hilo", "omaha hi-lo", "omaha hi/lo")


def _game(name: str) -> Game | None:
    named = _GAME_NAME.match(name.strip())
    return _GAMES[named["name"].lower()] if named else None


_HEADER_FIELDS = Header(_game, date_format="%Y/%m/%d %H:%M:%S", zones={"UTC": "UTC"})
_BOARD = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
# Section lines that only mark where the hand is.
_MARKS = ("SEATED PLAYERS", "BLINDS AND BUTTON", "HOLE CARDS", "SHOWDOWN", "SHOW DOWN")
# Every verb is recorded on the street it is printed in (the blinds come before
# ``*** Preflop ***``); the header states the blinds.
_OPEN = {"forced": False, "sets": None}
_SMALL_BLIND, _BIG_BLIND = replace(SMALL_BLIND, **_OPEN), replace(BIG_BLIND, **_OPEN)
_ANTE, _POST = replace(ANTE, **_OPEN), replace(BLIND, forced=False)
_DEAD = replace(DEAD_BLIND, forced=False)


def _seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 1: Player0 (€5.15)``; a stack that is no amount (a file read in the wrong
    encoding: ``(\x805.15)``) makes the line unknown."""
    if not re.fullmatch(_NUM, m["stack"]):
        raise hand.unexpected()
    take_seat(hand, m)


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """``Game #N: Table ... - 0.05/0.10 - No Limit Hold'Em - 13:22:50 2021/04/04`` (no zone), or
    2026's ``Unibet Hand #N[, Tournament #M, ...] - 0.05/0.10 - Pot Limit Omaha - UTC time date``."""
    text = hand.lines[0].text
    m = _HEADER.match(text) or _HEADER_2026.match(text)
    is_2026 = m.re is _HEADER_2026
    hand.facts["2026"] = is_2026
    tournament_id = m["tournament"] if is_2026 else None
    if tournament_id is not None:
        hand.scale = 1
    head = "\n".join(line.verbatim for line in hand.lines)[:2000]
    symbol = next((ch for ch in head if ch in CURRENCY_SIGNS), None)
    return hand.new_record(
        **_HEADER_FIELDS.fields(hand, m), limit=next((v for t, v in _LIMITS if t in m["game"].lower()), None),
        is_tournament=tournament_id is not None, tournament_id=tournament_id,
        currency=CURRENCY_SIGNS.get(symbol) if symbol and tournament_id is None else None,
        start_time_raw=f"{'UTC ' if is_2026 else ''}{m['time']} {m['date']}",
        table_name=None if is_2026 else m["seats_table"].removeprefix("Table ").strip(),
    )


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``*** Flop *** [Jd 9h 3s]``, ``*** Turn *** [Jd 9h 3s] [7c]`` (the board so far),
    ``*** Summary ***`` and the sections that only mark where the hand is."""
    label = m["label"].strip().upper()
    if label == "SUMMARY":
        hand.in_summary = True
    elif label == "PREFLOP":
        hand.street = Street.PREFLOP
    elif label in _BOARD:
        hand.tracker.new_street()
        hand.street = _BOARD[label]
        board = [c for text in BRACKETS.findall(m["rest"]) for c in hand.cards(text) if c]
        if board:
            hand.board = board
    elif label not in _MARKS:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown street line {hand.line.number}: {hand.line.verbatim!r}")


def _table(hand: Hand, m: re.Match[str]) -> bool | None:
    """2026: ``Table "86113818" 6-max`` after the header; in older files the line is not known."""
    if not hand.facts["2026"]:
        return False
    table_line(hand, m)
    return None


def _dealt_in(hand: Hand, m: re.Match[str]) -> None:
    """2026: ``Dealt in NAME`` names every seat dealt in (cards unseen); their actions follow."""
    if m["name"].strip() not in hand.by_name:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"a player not seated is dealt in, line {hand.line.number}: {hand.line.verbatim!r}")


def _seated(hand: Hand, name: str) -> int:
    return seated(hand, name, "no seat for {name!r}", QuarantineReason.PARSE_ERROR).seat


def _uncalled(hand: Hand, m: re.Match[str]) -> None:
    """2022 files print ``Uncalled bet returned to X: €2.02`` and leave it out of ``wins``."""
    hand.return_bet(hand.seats[_seated(hand, m["name"])], hand.money(m["amt"]), paid=True)


def _wins(hand: Hand, m: re.Match[str]) -> None:
    """``NAME wins €1.10 [from the main pot | from side pot 1 | from pot]``: paid at the end,
    in order, after the printed returns (an unprinted return is inside it)."""
    pot = int(m["side"]) if m["side"] else (0 if m["main"] else None)
    hand.facts.setdefault("wins", []).append((_seated(hand, m["name"]), hand.money(m["amt"]), pot, hand.line.verbatim))


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``shows [9s 9c 5d 4h], Three of a Kind, Nines``: the cards in the first brackets."""
    SHOW(hand, m)
    if found := BRACKETS.search(m["rest"]):
        hand.shown[hand.player.seat] = hand.cards(found[1])


def _pay_wins(hand: Hand) -> None:
    """The ``wins`` lines are the payouts; without a Summary, or without a ``wins`` line
    while money was put in, the history stops before the hand's result."""
    if not hand.in_summary:
        raise hand.fail(QuarantineReason.TRUNCATED, "hand cut off before *** Summary ***")
    wins = hand.facts.get("wins", [])
    put_in = sum(hand.tracker.seats().values())
    if not wins and put_in:
        raise hand.fail(QuarantineReason.TRUNCATED,
                        f"no 'wins' line: nobody is paid the {put_in} put in (the history stops before the result)")
    for seat, amount, pot, line in wins:
        hand.pay(hand.seats[seat], amount, pot=pot, line=line)


def _unprinted_rake(hand: Hand) -> None:
    """A tournament prints no rake: 0, inferred. A cash hand without one: unknown."""
    record = hand.record
    if record.rake is None and record.is_tournament:
        record.rake, record.rake_source = 0, RakeSource.INFERRED
        record.notes.append("tournament pots are not raked: rake 0 (no Rake printed)")
    elif record.rake is None:
        record.rake_source = RakeSource.ABSENT
        record.notes.append("rake not printed")
        if not record.reconciles():
            record.notes.append(f"history does not add up: put in {record.pot_total}, "
                                f"paid {record.paid_from_pots()}, rake None")


def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot €1.10 Rake €0`` (the pot holds an unprinted return)."""
    hand.record.total_pot_printed = hand.money(m["amt"])
    if m["rake"] is not None:
        hand.record.rake, hand.record.rake_source = hand.money(m["rake"]), RakeSource.PRINTED


def _has_button(hand: Hand, m: re.Match[str]) -> None:
    hand.record.button_seat = hand.player.seat


DIALECT = Dialect(
    platform=Platform.UNIBET,
    format=Format.UNIBET,
    version="3",
    hand_start=re.compile(rf"^\ufeff*(?:Game #\d+: |Unibet Hand #\d+[ ,]|{FRENCH_START})", re.M),
    head=re.compile(r"(?:Game #\d+: |Unibet Hand #\d+[ ,])"),  # ``UnibetParser.sniff`` is stricter
    first=_FIRST,
    not_first="not a Unibet header",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    body=(
        kind("section", _SECTION, _section),
        kind("table", _TABLE, _table),
        kind("dealt in", r"^Dealt in (?P<name>.*)$", _dealt_in),
        kind("dealt to", r"^Dealt to (?P<who>.*)$", dealt_after_name),
        kind("uncalled", rf"^Uncalled bet returned to (?P<name>.+?): {_AMT}\s*$", _uncalled),
        kind("wins", rf"^(?P<name>.+?) wins {_AMT}"
                     r"(?: from (?:the )?(?:(?P<main>main pot)|side pot (?P<side>\d+)|pot))?\s*$", _wins),
    ),
    players=(
        kind("button", r"^has the button$", _has_button),
        kind("small blind", rf"^posts small blind {_AMT}{_ALL_IN}", _SMALL_BLIND),
        kind("big blind", rf"^posts big blind {_AMT}{_ALL_IN}", _BIG_BLIND),
        kind("ante", rf"^posts ante {_AMT}{_ALL_IN}", _ANTE),
        kind("dead blind", rf"^posts dead blind {_AMT}{_ALL_IN}", _DEAD),
        kind("post", rf"^posts(?: blind)? {_AMT}{_ALL_IN}", _POST),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}", BET),
        kind("call", rf"^calls {_AMT}{_ALL_IN}", CALL),
        # ``raises €0.95 to €0.95``: the street total
        kind("raise", rf"^raises (?:{_NUM} to {_AMT}|(?P<amt_2>{_NUM})){_ALL_IN}", RAISE_TO),
        kind("check", rf"^checks{_ALL_IN}", CHECK),
        kind("fold", rf"^folds{_ALL_IN}", FOLD),
        kind("show", r"^shows(?P<rest>.*)$", _shows),
        kind("muck", r"^mucks", MUCK),
    ),
    summary=(
        kind("section", _SECTION, _section),
        kind("total", rf"^Total pot {_AMT}(?: Rake (?P<rake>{_NUM}))?\s*$", _total),
        kind("board", r"^Board", summary_board),
        kind("summary seat", rf"^Seat \d+: .+: bet {_NUM} and won {_NUM}, net result: -?{_NUM}\s*$", skip),
    ),
    streets=Streets(),  # ``_section`` moves the streets
    name_follows=re.compile(r"(?= )"),
    after_name=re.compile(r" "),
    first_action_opens=False,
    returns_unmatched=True,
    unmatched_in_pay_line=PaidInside("uncalled {amount} is not printed: it is inside {line!r} (split off as returned)"),
    quotes_trailing_space=True,
    before_returns=(_pay_wins,),
    checks=(_unprinted_rake,),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}", total_pot=None,
                    unbalanced="history does not add up: put in {put_in}, paid {paid}, rake {rake}"),
    first_action_seq=1,
)


class UnibetParser(DialectParser):
    """Unibet (``Game #N: Table ... - 0.05/0.10 - No Limit Hold'Em - time date``, 2026 ``Unibet Hand #N``):
    the 2026 export's banner joins the first hand and is passed over."""

    def sniff(self, head: str) -> bool:
        lines = [line for line in leading_lines(head, 6) if line.strip() and not _BANNER.match(line)]
        if len(lines) < 2:
            return False
        if (locale := locale_of(lines[0])) is not None:
            lines = to_english("\n".join(lines[:2]), locale).split("\n")
        if _HEADER.match(lines[0]):
            return lines[1].startswith("*** Seated players ***")
        return bool(_HEADER_2026.match(lines[0]) and _TABLE.match(lines[1]))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_joining_chatter(self.hand_start, _FILE_OPENING, text)

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_text.split("\n")
        for i, line in enumerate(lines):  # the banner before the first hand: a blank line (numbers kept)
            if line.strip(" \t\r\ufeff") and not _BANNER.match(line.lstrip("\ufeff")):
                break
            lines[i] = ""
        text = "\n".join(lines)
        locale = locale_of(text.lstrip("\n").split("\n", 1)[0])
        if locale is None:
            return super().parse(text)
        # read in English shapes, quoted as printed
        return quote_printed(Hand(self.dialect, to_english(text, locale)), text).read()


PARSER = UnibetParser(DIALECT)
