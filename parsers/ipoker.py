"""iPoker network XML sessions.

A file is one (or more) ``<session>`` (a 2022 client, 22.9, writes it ``<root>``): a
``<general>`` header (``<gametype>Omaha HiLow PL €5/€10</gametype>``, ``<tablecurrency>``,
``<currency>``, ``<nickname>``, ...) then one ``<game gamecode="...">`` per hand. Each game
lists its players with per-seat totals only (``<player seat="6" name="Hero" bet="€0.41"
win="€0.79"/>``) and rounds of numbered actions (``<action no="3" player="Hero" type="23"
sum="€0.30"/>``).

**What a hand's text is.** A game cannot be read without its session header (the game,
its limit and currency are only there). ``split`` yields each ``<game>`` element as the
exact slice of the file (offsets and ``raw_sha256`` depend on that) wrapped in
``HandText`` whose ``context`` is the session's start tag and ``<general>`` block, and
which carries how the whole session writes numbers (below); the parser is not
``chunkable`` (a chunk cut between games would lose the header).
``parse`` reads ``context + game + </session>`` with ``defusedxml``; given plain text, it
reads it as a whole ``<session>`` document.

Action ``type`` codes (worked out from the files, checked against each seat's ``bet``):
0 fold, 1 small blind, 2 big blind (a second one in a hand is a new player's post),
3 call (amount added), 4 check, 5 bet, 6 raise (amount added; the flat 2011 format, whose
``actiontxt`` says "Raise"), 7 all-in (amount added; ``sum="DP"``, disconnect protection:
a seat that lost its connection is all in with what it has put in, recorded as a check
that is all in, with a note), 8 and 9 sitting out / waiting (no
money), 15 ante, 16 bring-in, 23 raise (``sum`` is the street total raised to). There is
no pot or hi/lo breakdown (``per_seat_only``), each ``win`` is one payout with pot None,
half ``unlabelled`` in split games. A listed player without cards or actions (sitting
out) is recorded as not dealt in. Any other action type, an 8 or 9 with an amount, an
element or attribute of a ``<game>`` that ``_GAME_ELEMENTS`` does not list (it names
those skipped on purpose: a tournament player's rebuy and add-on, an action's text and
timing), and a seat with no player that bets or wins, fail the hand.

**Games.** ``<gametype>`` names the game, then the limit and stakes (``Omaha HiLow PL
€5/€10``, ``7 Card Stud Hi-Lo L €0.05/€0.10``, ``Six Plus Holdem``, ``5 Card Stud L $0.05/$0.10``,
whose rounds are ``Second Street`` to ``River``, every card face up but the first). The flat 2011 format
writes limit Hold'em as ``LH 20/40 x2 Limit $10.00/$20.00``: the bets, then after
``Limit`` the blinds (those the hands post). The 5-card Pot Limit Omaha tables (2019 and
later) name no game at all, ``PL €2/€4``, and nothing else in the session does: only the
cards dealt tell, so a nameless gametype whose every pocket holds five cards is read as
5-card Omaha, high only (iPoker names its split games, ``Omaha HiLow``; fpdb reads these
tables the same way). Any other nameless gametype, and every game the rules do not play
(``5 Card Draw``), is quarantined as ``unsupported_game`` with its name.

**Numbers.** The client writes every number in its user's locale: ``€0.46``,
``14,384.51kr`` and ``150.00`` in one session, ``2,50€``, ``1 192,65€`` and ``0,25`` in
another. The decimal mark is decided once per ``<session>`` from its numbers that can be
read only one way (both marks, as in ``14,384.51``; a mark repeated, as in ``1,234,567``;
one mark not followed by exactly three digits, as in ``2,50`` or ``0.46``) among the
amounts (``chips``, ``bet``, ``win``, ``sum``, ``rakeamount``, the stakes and session
totals) and the points totals the same client writes beside them (a session of whole
amounts such as ``€1,000`` and ``€930`` is decided by its ``<statuspoints>0.00``).
Amounts without a mark read alike either way. No amount carries three decimals (cents
and hundredths of a chip are the finest units), so a session whose only marks are lone
marks before three digits (``$1,295``, ``$3,000`` beside ``$20``) groups thousands with
that mark; one that writes such numbers with both marks, or that writes numbers both
ways, is quarantined (``bad_amount``) rather than read by guess. ``split`` decides for the whole session and
hands the decision on with each game (``parse`` given anything else decides from the
text it has). A currency may be written after the number, ``kr`` included.

**Tournaments.** ``<tournamentcode>`` or, in 2011-2016 sessions, ``<tournamentname>`` (with
``<buyin>`` and ``<place>``) marks one; chips are counted in hundredths, as a rebuy
tournament prints stacks such as ``3,252.50``. A player's ``bet`` can count an ante twice
(a 2012 stud tournament: ``bet="376"`` for 8 ante and 3 x 120); a tournament takes no
rake, so where only the actions add up to the wins, the actions are used (noted).

**The unmatched bet.** The ``bet`` attribute is what the seat put in *before* any
uncalled return: the part of the top contribution no other seat matched is derived and
recorded as returned. Whether the top seat's ``win`` holds that return is the client's
convention, not something each hand can always show: a loser's ``win`` that equals its
unmatched amount (2013: £0.46 back to an ace-queen beaten by a flush) reads equally as
"only the return" or as "£0.46 won from the pot, the return left out", and a winner's
``win`` (2013: £5.95 with £0.30 unmatched) as "pot less £0.40 rake, return inside" or
"pot less £0.10 rake". So the session header decides, as the client writes it:
``<uncalled_bet_enabled>true</uncalled_bet_enabled>`` (2018-2019 clients) leaves the
return out of ``win`` and ``false`` counts it in; without that flag, a
``<client_version>`` of 20 or more leaves it out (the 2023 files) and an older or absent
version (the 2010-2015 files) counts it in (the rule fpdb's and HandHistories' iPoker
readers follow too). Every hand seen whose numbers alone can tell agrees: wins above the
matched pot (return inside) occur only in old sessions, a top seat winning less than its
unmatched amount (return outside) only in new ones. Inside, the return is split off the
top seat's ``win`` as an ``uncalled`` payout with the same line (all of it for a loser);
outside, it is recorded as a payout of its own. Where
a player carries ``rakeamount`` (newer clients print the rake taken from a winner's
share), the rake is printed: their sum, and the reading under which the hand then adds up
is taken. Otherwise the rake is inferred as everything put in minus everything won back
from the pot. Numbers that contradict the convention are not explained away but left for
the audit to see: in a new session, wins above the matched pot (then more is paid than
was put in); in an old one, a top seat whose ``win`` holds less than its unmatched amount
(only what it holds counts as returned, the rest stays put in: the audit finds it was
never given back).

The module reads through the shared XML reader (``parsers.xml_dialect``): the dialect
below (allow-list, action table) is its data, ``_GameReader`` its quirks.

Versions (``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from parsers.base import HandText, after_xml_prologue, card, infer_rake
from parsers.engine import BET, CALL, CHECK, FOLD, RAISE_BY, RAISE_TO, Act, Money
from parsers.xml_dialect import XmlDialect, XmlHand, XmlParser, XmlWording, allow_list
from rules.games import STUD_GAMES
from rules.money import COMMA, DOT, AmountError, NumberConvention, grouped_in_thousands
from rules.records import ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, QuarantineReason, Street

# A 2022 client (22.9) writes the session as ``<root>`` (same ``<general>`` and games).
_SESSION = re.compile(r"<(?:session\b[^>]*|root)>", re.S)
_GENERAL = re.compile(r"<general>.*?</general>", re.S)
_GAME = re.compile(r"<game\s+gamecode=")
_GAME_END = "</game>"
#: where the client writes numbers: amounts, and the points totals in the same locale
_NUMBER_FIELDS = re.compile(
    r'\b(?:chips|win|bet|sum|rakeamount)="([^"]*)"'
    r"|<(?:gametype|smallblind|bigblind|bets|wins|chipsin|chipsout|buyin|totalbuyin|win"
    r"|statuspoints|awardpoints|ipoints)>([^<]*)<"
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_GROUP_SPACE = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}\b)")
_CURRENCY_WORD = re.compile(r"^\s*(?:kr|RSD)|(?:kr|RSD)\s*$")
# Every element a <game> may hold, with its attributes and child elements; any other fails
# the hand, so that nothing that might move money is passed over unread. Known and not
# read: a tournament player's ``rebuy``, ``addon`` and ``reg_code`` (paid outside the pot),
# an action's ``cards``, ``actiontxt`` and ``turntime``, the game's ``servername``; a 2013
# player's ``merge`` only as ``0`` (what another value would mean is not known).
_GAME_ELEMENTS = allow_list(
    {
        "game": ("gamecode", "general round"),
        "general": ("", "players startdate servername"),
        "players": ("", "player"),
        "player": ("seat name chips dealer bet win rakeamount rebuy addon reg_code merge", ""),
        "startdate": ("", ""),
        "servername": ("", ""),
        "round": ("no", "action cards"),
        "action": ("no player type sum cards actiontxt turntime", ""),
        "cards": ("type player", ""),
    }
)
#: action types that move no money and say nothing of the cards: sitting out, waiting for the big blind
_NO_MONEY_ACTIONS = frozenset({"8", "9"})
#: what each action type records and does with its ``sum`` (7, all-in: ``_GameReader.take``)
_ACTIONS = {
    "0": FOLD,
    "1": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS),
    "2": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, later=ActionKind.POST_BLIND),  # a second: a new player's post
    "3": CALL,
    "4": CHECK,
    "5": BET,
    "6": RAISE_BY,
    "15": Act(ActionKind.POST_ANTE, Money.DEAD, sets="ante"),
    "16": Act(ActionKind.BRING_IN, Money.ADDS, sets="bring_in"),
    "23": RAISE_TO,
}

_GAMES = [
    (re.compile(r"omaha\s*hi-?lo(?:w)?|omaha\s*h/l|omaha\s*8", re.I), Game.OMAHA_HILO),
    (re.compile(r"omaha", re.I), Game.OMAHA),
    (re.compile(r"(?:7|seven)\s*card\s*stud\s*hi-?lo(?:w)?", re.I), Game.STUD_HILO),
    (re.compile(r"(?:7|seven)\s*card\s*stud", re.I), Game.STUD),
    (re.compile(r"(?:5|five)\s*card\s*stud", re.I), Game.STUD5),
    (re.compile(r"razz", re.I), Game.RAZZ),
    (re.compile(r"six\s*plus\s*hold'?em|6\+\s*hold'?em", re.I), Game.SIXPLUS_HOLDEM),
    (re.compile(r"hold'?em", re.I), Game.HOLDEM),
    (re.compile(r"^LH\b"), Game.HOLDEM),
]
_LIMIT = re.compile(r"\b(NL|PL|FL|L)\b")
_FLAT_LIMIT = re.compile(r"^LH\b.*?\b(Limit)\b")  # LH 20/40 x2 Limit $10.00/$20.00: blinds after Limit
_LIMITS = {"NL": Limit.NO, "PL": Limit.POT, "L": Limit.FIXED, "FL": Limit.FIXED, "Limit": Limit.FIXED}
_BOARD_ROUNDS = {0: Street.PREDEAL, 1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_STUD_ROUNDS = dict(
    enumerate([Street.PREDEAL] * 2 + [Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH])
)
# Five-card stud: "Second Street" deals one card down and one up, then "Third Street",
# "Fourth Street" and "River" one up each.
_STUD5_ROUNDS = dict(enumerate([Street.PREDEAL] * 2 + [Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH]))
# The first stud deal and where its face-up card is; seven-card stud's river is face down.
_STUD_OPENING = {Game.STUD5: ("Second Street", 1)}


class _SessionGame(HandText):
    """A game's ``HandText`` with how its whole session writes numbers (``_session_numbers``)."""

    numbers: tuple[NumberConvention | None, str]


def _split(text: str) -> Iterator[tuple[int, str]]:
    """Each ``<game>`` as its exact text, with its session's start tag and ``<general>`` as context."""
    sessions = list(_SESSION.finditer(text))
    if not sessions:
        if text.strip(" \r\n\t\ufeff"):
            yield 0, text
        return
    for i, sm in enumerate(sessions):
        end = sessions[i + 1].start() if i + 1 < len(sessions) else len(text)
        general = _GENERAL.search(text, sm.end(), end)
        header = sm.group(0) + (general.group(0) if general else "")
        numbers = _session_numbers(text[sm.start() : end])
        games = [g.start() for g in _GAME.finditer(text, sm.end(), end)]
        for j, start in enumerate(games):
            stop = games[j + 1] if j + 1 < len(games) else end
            close = text.find(_GAME_END, start, stop)
            body = text[start : close + len(_GAME_END)] if close >= 0 else text[start:stop]
            game = _SessionGame(body, context=header)
            game.numbers = numbers
            yield start, game


def _parse(hand_text: str) -> ParsedHand:
    context = getattr(hand_text, "context", "")
    closing = "</root>" if context.startswith("<root>") else "</session>"
    document = context + str(hand_text) + closing if context else str(hand_text)
    numbers = getattr(hand_text, "numbers", None) or _session_numbers(document)
    return _GameReader(document, str(hand_text), numbers).record


def _text(parent: Element, tag: str) -> str | None:
    node = parent.find(tag)
    return node.text.strip() if node is not None and node.text else None


def _ipoker_card(token: str) -> str | None:
    """``CA`` / ``D10`` (suit first) to ``Ac`` / ``Td``; ``X`` is unknown."""
    if token.upper() == "X":
        return None
    return card(token[1:] + token[0].lower())


def _decimal_mark(number: str) -> str | None:
    """The decimal mark ``number`` can only have been written with; None if it reads both
    ways (``4,510``) or is no well-formed number at all (``0.7.9``: left to ``to_minor``)."""
    marks = [ch for ch in number if ch in ".,"]
    if not marks:
        return None
    last = marks[-1]
    if marks.count(last) == 1 and len(set(marks)) == 2:
        whole, _, _ = number.rpartition(last)  # 14,384.51
        return last if grouped_in_thousands(whole, marks[0]) else None
    if len(marks) > 1:
        return ("," if last == "." else ".") if grouped_in_thousands(number, last) else None  # 1,234,567
    return None if len(number) - number.index(last) - 1 == 3 else last


def _session_numbers(text: str) -> tuple[NumberConvention | None, str]:
    """How a session writes numbers, from those that read only one way: (convention, why none)."""
    seen: dict[str, str] = {}
    thousands: dict[str, str] = {}  # a lone mark before three digits: 1,295
    for m in _NUMBER_FIELDS.finditer(text):
        value = m.group(1) if m.group(1) is not None else m.group(2)
        for number in _NUMBER.findall(_GROUP_SPACE.sub("", value)):
            mark = _decimal_mark(number)
            if mark:
                seen.setdefault(mark, value.strip())
            elif sum(number.count(ch) for ch in ".,") == 1:
                thousands.setdefault("," if "," in number else ".", value.strip())
    if len(seen) == 2:
        return None, (
            f"the session writes numbers both with a decimal point ({seen['.']!r}) "
            f"and with a decimal comma ({seen[',']!r})"
        )
    if seen:
        return (DOT if "." in seen else COMMA), ""
    if len(thousands) == 1:
        # no amount has three decimals: a lone mark before three digits groups thousands
        return (DOT if "," in thousands else COMMA), ""
    if thousands:
        return None, (
            f"the session writes thousands both as {thousands[',']!r} and as {thousands['.']!r}: "
            "no number shows which mark is the decimal one"
        )
    return None, "no number of the session shows whether it marks decimals with '.' or ','"


def _return_inside_win(general: Element) -> bool:
    """Whether this session's client counts a returned unmatched bet inside the seat's ``win``."""
    flag = (_text(general, "uncalled_bet_enabled") or "").lower()
    if flag in ("true", "false"):
        return flag == "false"
    major = (_text(general, "client_version") or "").split(".")[0]
    return not (major.isdigit() and int(major) >= 20)


class _GameReader(XmlHand):
    """One ``<game>``, read step by step into ``record``. ``text``: a whole session document
    holding the game; ``own``: the hand's own text; ``numbers``: how the session writes numbers."""

    def __init__(self, text: str, own: str, numbers: tuple[NumberConvention | None, str]):
        gm = re.search(r'<game\s+gamecode="([^"]*)"', own)
        super().__init__(DIALECT, gm[1] if gm else None)
        if gm and _GAME_END not in own[gm.start() :]:
            raise self.fail(QuarantineReason.TRUNCATED, "game element cut off (no </game>)")
        self.general, self.game_node = self.open(text)
        self.hero = _text(self.general, "nickname")
        self.convention, self.undecided = numbers
        self.by_name: dict[str, int] = {}
        self.bets: dict[int, int] = {}
        self.wins: dict[int, int] = {}
        self.printed_rake: int | None = None
        self.dealt: set[int] = set()
        self.record = self.read_header()
        self.read_players()
        self.read_actions(self.read_rounds())
        self.settle()

    def amount(self, value: str | None, what: Element | str) -> int:
        number = _CURRENCY_WORD.sub("", value or "")
        if self.convention is None and any(mark in number for mark in ".,"):
            raise self.fail(QuarantineReason.BAD_AMOUNT, f"{what}: {value!r} reads two ways: {self.undecided}")
        try:
            return (self.convention or DOT).to_minor(number, self.scale)
        except AmountError as exc:
            raise self.fail(QuarantineReason.BAD_AMOUNT, f"{what}: {exc}") from None

    def open(self, text: str) -> tuple[Element, Element]:
        """The session's ``<general>`` header and its ``<game>``."""
        try:
            root = SafeET.fromstring(text.lstrip("\ufeff"))
        except (ParseError, DefusedXmlException) as exc:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"XML: {exc}") from None
        if root.tag not in ("session", "root"):
            raise self.fail(QuarantineReason.PARSE_ERROR, f"root element is <{root.tag}>, not <session>")
        general, game_node = root.find("general"), root.find("game")
        if general is None or game_node is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no <general> header or no <game>")
        self.check(game_node)
        return general, game_node

    def game(self, gametype: str) -> Game:
        game = next((g for pattern, g in _GAMES if pattern.search(gametype)), None)
        if game is None and _LIMIT.match(gametype):
            # iPoker's 5-card Omaha tables name no game anywhere: the pockets dealt are all that tells
            pockets = sorted(
                {len((c.text or "").split()) for c in self.game_node.iter("cards") if c.get("type") == "Pocket"}
            )
            if pockets != [5]:
                raise self.fail(
                    QuarantineReason.UNSUPPORTED_GAME,
                    f"gametype {gametype!r} names no game, and pockets of {pockets} cards are not 5-card Omaha",
                )
            game = Game.OMAHA5
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown gametype {gametype!r}")
        return game

    def read_header(self) -> ParsedHand:
        """The game, stakes, money and time of the hand, from the session header and the game's own."""
        general = self.general
        gametype = _text(general, "gametype") or ""
        game = self.game(gametype)
        lm = _LIMIT.search(gametype) or _FLAT_LIMIT.search(gametype)
        # 2011-2016 tournament sessions name the tournament and its buy-in but print no code
        is_tournament = bool(_text(general, "tournamentcode") or _text(general, "tournamentname"))
        stakes = re.findall(r"[^\s/]*\d[\d.,]*", gametype.split(lm[0], 1)[1] if lm else "")
        play = (_text(general, "mode") or "real").lower() != "real" and not is_tournament
        # play chips are whole unless the stakes show decimals; tournament chips may carry
        # decimals (a rebuy MTT's stack of 3,252.50), so they stay in hundredths
        if play and not (self.convention and any(self.convention.decimal in s for s in stakes)):
            self.scale = 1
        currency = None if (is_tournament or play) else (_text(general, "tablecurrency") or _text(general, "currency"))
        own_general = self.game_node.find("general")
        start_raw = _text(own_general if own_general is not None else general, "startdate")
        hand = ParsedHand(
            hand_id=self.game_node.get("gamecode") or "",
            platform=Platform.IPOKER,
            format=Format.IPOKER_XML,
            game=game,
            limit=_LIMITS.get(lm[1]) if lm else None,
            is_tournament=is_tournament,
            amount_scale=self.scale,
            currency=currency,
            tournament_id=_text(general, "tournamentcode"),
            start_time_raw=start_raw,
            table_name=_text(general, "tablename"),
            is_play_money=play,
            per_seat_only=True,
        )
        if start_raw:
            try:
                hand.hand_date = datetime.strptime(start_raw[:19], "%Y-%m-%d %H:%M:%S").strftime("%Y-%m-%d")
            except ValueError:
                hand.hand_date = None
        if not any(mark in gametype for mark in ("$", "€", "£", "kr", "RSD")) and not is_tournament and not play:
            hand.notes.append("gametype prints no currency symbol")
        if len(stakes) >= 2 and game not in STUD_GAMES:
            hand.small_blind, hand.big_blind = self.amount(stakes[0], "stakes"), self.amount(stakes[1], "stakes")
        size = _text(general, "tablesize")
        hand.max_seats = int(size) if size and size.isdigit() else None
        return hand

    def read_players(self) -> None:
        """Each listed player's seat, stack, ``bet``, ``win`` and printed rake; an empty seat moves no money."""
        amount, hand = self.amount, self.record
        for node in self.game_node.findall("./general/players/player"):
            name = node.get("name") or ""
            if not name:
                if amount(node.get("bet") or "0", "bet of an empty seat") or amount(
                    node.get("win") or "0", "win of an empty seat"
                ):
                    raise self.fail(QuarantineReason.INCONSISTENT, f"a seat with no player bets or wins: {node.attrib}")
                continue
            if node.get("merge", "0") != "0":
                raise self.fail(
                    QuarantineReason.PARSE_ERROR,
                    f"attribute merge={node.get('merge')!r} of <player> not known: {node.attrib}",
                )
            seat = int(node.get("seat") or 0)
            self.seats[seat] = SeatRecord(seat=seat, player=name, stack=amount(node.get("chips"), f"chips of {name}"))
            self.by_name[name] = seat
            self.bets[seat] = amount(node.get("bet"), f"bet of {name}")
            self.wins[seat] = amount(node.get("win"), f"win of {name}")
            if node.get("rakeamount") is not None:
                self.printed_rake = (self.printed_rake or 0) + amount(node.get("rakeamount"), f"rakeamount of {name}")
            if node.get("dealer") == "1" and hand.game not in STUD_GAMES:
                hand.button_seat = seat
        if not self.seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no players")
        hand.seats = list(self.seats.values())

    def read_rounds(self) -> list[tuple[int, Street, Element]]:
        """The cards dealt in each ``<round>``; its actions, in the order they are numbered."""
        is_stud = self.record.game in STUD_GAMES
        rounds = (_STUD5_ROUNDS if self.record.game is Game.STUD5 else _STUD_ROUNDS) if is_stud else _BOARD_ROUNDS
        board: list[str] = []
        entries = []
        for round_node in self.game_node.findall("round"):
            number = int(round_node.get("no") or 0)
            street = rounds.get(number)
            if street is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected round no={number}")
            for cards_node in round_node.findall("cards"):
                kind = cards_node.get("type") or ""
                got = [_ipoker_card(t) for t in (cards_node.text or "").split()]
                if kind in ("Flop", "Turn", "River") and not is_stud:
                    board.extend(c for c in got if c)
                else:
                    self.deal(cards_node.get("player") or "", kind, got)
            entries += [(int(action.get("no") or 0), street, action) for action in round_node.findall("action")]
        self.record.boards = [board] if board else []
        return sorted(entries, key=lambda e: e[0])

    def deal(self, owner: str, kind: str, got: list[str | None]) -> None:
        """A player's cards: a pocket, or a stud street's (the opening's up card, all later ones but a 7-card river)."""
        seat = self.by_name.get(owner)
        if seat is None:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"cards for unknown player {owner!r}")
        record, game = self.seats[seat], self.record.game
        self.dealt.add(seat)
        if game in STUD_GAMES:
            opening, up_at = _STUD_OPENING.get(game, ("Third Street", 2))
            if kind == opening:
                record.upcards = [c for c in got[up_at : up_at + 1] if c]
            elif kind != "River" or game is Game.STUD5:
                record.upcards = record.upcards + [c for c in got if c]
            record.cards = list(record.cards) + got
        else:
            record.cards = got
        if any(got) and owner != self.hero:
            record.showed = True

    def read_actions(self, entries: list[tuple[int, Street, Element]]) -> None:
        current, hand = None, self.record
        for no, street, action in entries:
            if street != current:
                if current not in (None, Street.PREDEAL):
                    self.tracker.new_street()
                current = street
            name = action.get("player") or ""
            seat = self.by_name.get(name)
            if seat is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"action by unknown player {name!r}")
            self.street = street
            if action.get("type") == "7" and action.get("sum") == "DP":
                # disconnect protection: a seat that lost its connection is all in with what it
                # has put in, contesting only the pots up to there
                self.add_action(seat, ActionKind.CHECK, None, True)
                self.seats[seat].all_in = True
                hand.notes.append(
                    f"seat {seat} disconnected: all in (disconnect protection) with {self.tracker.contributed(seat)} in"
                )
            else:
                self.take(action, self.seats[seat], self.amount(action.get("sum") or "0", f"action no={no}"))
        # A listed player with no cards and no action (sitting out, a $0 stack, an empty
        # client seat) was not dealt in: counted as still in, it would turn an uncontested
        # pot into a showdown on an unfinished board.
        acted = {a.seat for a in hand.actions}
        for seat, record in self.seats.items():
            if seat not in self.dealt and seat not in acted and not self.bets.get(seat) and not self.wins.get(seat):
                record.dealt_in = False

    def take(self, action: Element, seat: SeatRecord, value: int) -> None:
        """What an action's ``type`` did with its ``sum``, counted and recorded (nothing, for no money)."""
        code = action.get("type") or ""
        if code in _ACTIONS:
            self.act(_ACTIONS[code], seat, value)
        elif code == "7":
            self.unnamed(seat, value, all_in=True)
        elif code not in _NO_MONEY_ACTIONS or value != 0:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"unknown action type {code} with sum {action.get('sum')!r}")

    def settle(self) -> None:
        self.choose_bets()
        self.pay_wins(*self.return_unmatched())
        hand = self.record
        if self.printed_rake is not None:
            hand.rake = self.printed_rake
        else:
            infer_rake(
                hand,
                hand.notes,
                inferred="rake not printed: inferred as put in minus won ({put_in} - {paid})",
                overpaid="wins exceed what was put in by {excess}: the history does not add up",
            )

    def choose_bets(self) -> None:
        """The players' ``bet`` attributes, or in a tournament the actions where only they add up to the wins."""
        tracked, bets, notes = self.tracker.seats(), self.bets, self.record.notes
        mismatched = [
            f"seat {s}: actions {tracked.get(s, 0)} vs bet {b}" for s, b in bets.items() if tracked.get(s, 0) != b
        ]
        if mismatched and self.record.is_tournament and self.adds_up(tracked) and not self.adds_up(bets):
            self.bets = bets = {s: tracked.get(s, 0) for s in bets}
            notes.append(
                "actions disagree with the players' bet attributes (actions used: a tournament takes "
                "no rake, and only they add up to the wins): " + "; ".join(mismatched)
            )
        elif mismatched:
            notes.append("actions disagree with the players' bet attributes (bet used): " + "; ".join(mismatched))
        for seat, value in bets.items():
            self.seats[seat].contributed = value

    def adds_up(self, put_in: dict[int, int]) -> bool:
        """Whether what ``put_in`` says each player put in is all the wins hold, as in a hand
        without rake: the wins hold the top seat's unmatched part too where the client counts
        it inside, and leave it out otherwise."""
        ranked = sorted((put_in.get(s, 0) for s in self.bets), reverse=True)
        excess = ranked[0] - ranked[1] if len(ranked) > 1 else 0
        kept = 0 if (excess == 0 or _return_inside_win(self.general)) else excess
        return sum(put_in.get(s, 0) for s in self.bets) - sum(self.wins.values()) == kept

    def return_unmatched(self) -> tuple[int | None, int]:
        """Return what of the top bet no one matched, in its ``win`` or not as the client counts it
        (see the module): the seat whose win holds it (None if none does) and what came back."""
        bets, wins, hand = self.bets, self.wins, self.record
        ranked = sorted(bets.items(), key=lambda kv: kv[1], reverse=True)
        if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
            return None, 0
        top, excess = ranked[0][0], ranked[0][1] - ranked[1][1]
        inside = _return_inside_win(self.general)
        if self.printed_rake is not None:
            # a printed rake leaves one reading that adds up (they differ by the return)
            kept = sum(bets.values()) - sum(wins.values()) - self.printed_rake
            if kept in (0, excess):
                inside = kept == 0
        if not inside and sum(wins.values()) > sum(bets.values()) - excess:
            hand.notes.append(
                f"the wins exceed the matched pot although this client leaves seat {top}'s "
                f"unmatched {excess} out of its win"
            )
        # inside, only what the win holds came back: the rest stays put in, for the audit to see
        returned = min(excess, wins.get(top, 0)) if inside else excess
        if returned < excess:
            hand.notes.append(
                f"seat {top} put in {excess} more than anyone and its win holds only {returned} of it back"
            )
        if returned:
            self.seats[top].contributed -= returned
            street = hand.actions[-1].street if hand.actions else Street.PREDEAL
            self.add_action(top, ActionKind.UNCALLED_RETURN, returned, on=street)
        if not inside:
            hand.payouts.append(PayoutRecord(top, excess, None, None, Half.WHOLE, PayoutSource.UNCALLED, ""))
            hand.notes.append(f"seat {top}'s unmatched {excess} is returned (derived; not part of any win)")
        return (top if inside else None), returned

    def pay_wins(self, inside: int | None, returned: int) -> None:
        """Each ``win`` paid, on its player's line; the ``inside`` seat's holds its ``returned`` bet."""
        half = self.unlabelled()
        payouts, notes = self.record.payouts, self.record.notes
        for node in self.game_node.findall("./general/players/player"):
            seat = self.by_name.get(node.get("name") or "")
            if seat is None or not self.wins.get(seat):
                continue
            line, won = SafeET.tostring(node, encoding="unicode").strip(), self.wins[seat]
            if inside == seat:
                payouts.append(PayoutRecord(seat, returned, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
                notes.append(f"seat {seat}'s unmatched {returned} is inside its win: recorded as an uncalled return")
                won -= returned
            if won:
                self.pay(seat, won, None, half, line)


class _IPokerParser(XmlParser):
    def sniff(self, head: str) -> bool:
        start = after_xml_prologue(head)
        return (start.startswith("<session") or start.startswith("<root><general>")) and "<gametype>" in head


DIALECT = XmlDialect(
    platform=Platform.IPOKER,
    format=Format.IPOKER_XML,
    version="1",
    root="game",
    id_attribute="gamecode",
    elements=_GAME_ELEMENTS,
    sniff=re.compile(r"<session|<root><general>"),  # read only with what stands before it (``_IPokerParser.sniff``)
    hand_start=re.compile(r"<game\s+gamecode="),
    wording=XmlWording(hand="game {hand_id}: {message}"),
)
PARSER = _IPokerParser(DIALECT, _parse, _split)
