"""Betfair Poker hand histories (text).

A hand reads::

    ***** Betfair Poker Hand History for Game 100000000 *****
    PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009
    Table Death 1 6-max (Real Money)
    Seat 2 is the button
    Seat 1: Hero ( $1 )
    Player2 posts small blind [$0.05]
    ** Dealing down cards **
    Dealt to Hero [ 7c, 6c, 5h, Jh ]
    Player2 raises to [$0.30]
    Hero goes all-in
    Hero raises to [$1]
    ** Dealing Flop ** [ 4d, 5d, 6d ]
    ** Showdown **
    Hero shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three
    ** Hand Conclusion **
    Player4 wins $6.26 from side pot #1 with a straight flush, Seven to Three
    ************  Game 100000000 ends  ************

Choices, checked on the corpus hand: ``calls``/``bets`` print the amount added,
``raises to`` the seat's street total; ``goes all-in`` flags the next line of the same
player. ``from main pot`` is pot 0, ``from side pot #n`` pot n. No rake and no total pot
are printed: ``rake`` is None (``absent``) with a note; in the corpus hand 0.56 of the
11.26 put in is paid to no one (the main pot of 5.00 pays 4.44), 5 % of the pot. The
``... ends`` line closes a hand; without it the hand is ``truncated``. Lines the parser
does not know are ``parse_error`` (one corpus hand only: the format is not fully known).

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.base import cards
from parsers.clock import utc_in
from parsers.engine import (
    CURRENCY_SIGNS, Act, Dialect, DialectParser, Hand, Money, Rake, Streets, Wording, button, dealt_to_seated, kind,
    must_be_seated, shows_at_showdown, skip, take_seat,
)
from rules.games import SPLIT_GAMES
from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Half, Platform, QuarantineReason, Street
from parsers.game_names import games, limits
from parsers.headers import Header, table_line

_HAND_START = re.compile(r"^\ufeff*\*{5} Betfair Poker Hand History for Game \d+ \*{5}", re.M)
_TITLE = re.compile(r"^\*{5} Betfair Poker Hand History for Game (?P<id>\d+) \*{5}\s*$")
_GAME_LINE = re.compile(
    r"^(?P<limit>PL|NL|FL|Limit|Pot Limit|No Limit)\s+(?P<sym>[$€£]?)(?P<sb>[\d,.]+)/[$€£]?(?P<bb>[\d,.]+)\s+"
    r"(?P<game>.+?) - \w+, (?P<month>\w+) (?P<day>\d+), (?P<time>\d\d:\d\d:\d\d) (?P<zone>[A-Z]+) (?P<year>\d{4})\s*$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: (?P<max>\d+)-max)? \((?P<money>Real|Play) Money\)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( [$€£]?(?P<stack>[\d,.]+) \)\s*$")
_AMT = r"\[[$€£]?(?P<amt>[^\]]+)\]"
_POSTS = r"posts (?P<what>small blind|big blind|ante|dead blind|small and big blinds?) " + _AMT + r"\s*$"
_WINS = r"wins [$€£]?(?P<amt>[\d,.]+) from (?:(?P<main>main pot)|side pot #(?P<side>\d+))(?: with .*)?\s*$"
_END = re.compile(r"^\*{6,}\s+Game (?P<id>\d+) ends\s+\*{6,}\s*$")
_GAMES = games("omaha", "omaha hi", "omaha hi-lo", "omaha hi/lo", "texas hold'em", "hold'em")
_LIMITS = limits("PL", "Pot Limit", "NL", "No Limit", "FL", "Limit")
_HEADER = Header(_GAMES, "game {game!r} not known", str.lower, _LIMITS)
_POST = {"small blind": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True),
         "big blind": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True, later=ActionKind.POST_BLIND),
         "ante": Act(ActionKind.POST_ANTE, Money.DEAD, forced=True),
         "dead blind": Act(ActionKind.POST_DEAD, Money.DEAD, forced=True)}
_VERBS = {"folds": ActionKind.FOLD, "checks": ActionKind.CHECK, "calls": ActionKind.CALL, "bets": ActionKind.BET,
          "raises to": ActionKind.RAISE}


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The game line right after the title: limit, stakes, game and the time with its zone."""
    lines = [line.text for line in hand.lines if line.text.strip()]
    g = _GAME_LINE.match(lines[1]) if len(lines) > 1 else None
    if g is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR if len(lines) > 1 else QuarantineReason.TRUNCATED,
                        f"game line not understood: {lines[1:2]!r}")
    when = datetime.strptime(f"{g['year']} {g['month']} {g['day']} {g['time']}", "%Y %B %d %H:%M:%S")
    utc = utc_in(when, "UTC") if g["zone"] in ("GMT", "UTC") else None
    hand.street = Street.PREFLOP  # betting before the first board line is pre-flop, marked or not
    return hand.new_record(
        **_HEADER.fields(hand, g), is_tournament=False, currency=CURRENCY_SIGNS.get(g["sym"]),
        start_time_raw=lines[1].split(" - ", 1)[1].strip(), start_time_utc=utc,
        hand_date=(utc or when.strftime("%Y-%m-%d"))[:10],
    )


def _table(hand: Hand, m: re.Match[str]) -> None:
    """``Table Death 1 6-max (Real Money)``: the name, the table size, play money."""
    table_line(hand, m)
    if m["money"] == "Play":
        hand.record.is_play_money, hand.record.currency = True, None


def _board(hand: Hand, m: re.Match[str]) -> None:
    """``** Dealing Flop ** [ 4d, 5d, 6d ]``: the new cards of the board."""
    hand.enter_street(m["street"], None, None)
    hand.board.extend(c for c in hand.cards(m["cards"]) if c)  # type: ignore[misc]


def _post(hand: Hand, m: re.Match[str]) -> None:
    """Blinds, antes and dead blinds; ``small and big blinds`` is not understood yet."""
    verb = _POST.get(m["what"])
    if verb is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"posting not understood: {hand.line.text!r}")
    verb(hand, m)
    if m["what"] == "ante":
        hand.record.ante = hand.money(m["amt"])


def _wins(hand: Hand, m: re.Match[str]) -> None:
    """``wins $6.26 from side pot #1``: a hi/lo pot's line does not say which half."""
    half = Half.UNLABELLED if hand.record.game in SPLIT_GAMES else Half.WHOLE
    hand.pay(hand.player, hand.money(m["amt"]), pot=0 if m["main"] else int(m["side"]), half=half)


def _act(hand: Hand, m: re.Match[str]) -> None:
    """A betting line: ``calls``/``bets`` print the amount added, ``raises to`` the street
    total; ``goes all-in`` flags the player's next betting line."""
    seat, verb, pending = hand.player, m["verb"], hand.facts.setdefault("all-in next", set())
    if verb == "goes all-in":
        pending.add(seat.seat)
        seat.all_in = True
        return
    all_in = seat.seat in pending
    pending.discard(seat.seat)
    kind_ = _VERBS[verb]
    if kind_ in (ActionKind.FOLD, ActionKind.CHECK):
        if kind_ == ActionKind.FOLD:
            seat.folded_street = hand.street
        hand.add_action(hand.street, seat.seat, kind_)
        return
    if m["amt"] is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"{verb} without an amount: {hand.line.text!r}")
    value = hand.money(m["amt"])
    if kind_ == ActionKind.RAISE:
        value = hand.tracker.raise_to(seat.seat, value)
    else:
        hand.tracker.add(seat.seat, value)
    hand.add_action(hand.street, seat.seat, kind_, value, all_in)


def _ended(hand: Hand) -> None:
    if "end" not in hand.seen:
        last = next(line.text for line in reversed(hand.lines) if line.text.strip())
        raise hand.fail(QuarantineReason.TRUNCATED,
                        f"hand {hand.hand_id} has no 'Game {hand.hand_id} ends' line: cut off after {last!r}")


def _unpaid(hand: Hand) -> None:
    record = hand.record
    unpaid = record.pot_total - record.paid_from_pots()
    if unpaid > 0:
        record.notes.append(f"{unpaid} of the {record.pot_total} put in is paid to no seat (rake, not printed)")


DIALECT = Dialect(
    platform=Platform.BETFAIR,
    format=Format.BETFAIR,
    version="2",
    hand_start=_HAND_START,
    head=_HAND_START,
    first=_TITLE,
    not_first="not a Betfair title",
    header=_header,
    seat=kind("seat", _SEAT, take_seat),
    cards=cards,
    body=(
        kind("game", _GAME_LINE, skip, once=True),
        kind("table", _TABLE, _table),
        kind("button", r"^Seat (?P<seat>\d+) is the button\s*$", button),
        kind("marks", r"^(?:Total number of active players : \d+|\*\* (?:Dealing down cards|Showdown|Hand Conclusion) \*\*)"
                      r"\s*$", skip),
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$", dealt_to_seated),
        kind("board", r"^\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]\s*$", _board),
        kind("end", _END, skip),
    ),
    players=(
        kind("post", "^" + _POSTS, _post),
        kind("wins", "^" + _WINS, _wins),
        kind("action", r"^(?P<verb>folds|checks|calls|bets|raises to|goes all-in)(?: " + _AMT + r")?\s*$", _act),
        kind("shows", r"^(?P<verb>shows|mucks)(?: \[(?P<cards>[^\]]*)\])?.*$", shows_at_showdown),
    ),
    unseated=(kind("unseated post", rf"^(?P<name>.+?) {_POSTS}", must_be_seated),
              kind("unseated pay", rf"^(?P<name>.+?) {_WINS}", must_be_seated)),
    name_follows=re.compile(r"(?= )"),
    after_name=re.compile(r" "),
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    rake=Rake(printed=False, absent_note="rake not printed"),
    first_action_opens=False,
    notes_unbalanced=False,
    before_returns=(_ended,),
    checks=(_unpaid,),
    first_action_seq=1,
    wording=Wording(unexpected="line not understood: {verbatim!r}", bad_amount="hand {hand_id}: {error}"),
)


class _BetfairParser(DialectParser):
    def sniff(self, head: str) -> bool:
        return bool(_HAND_START.search(head[:4096]))  # anywhere in the file's head


PARSER = _BetfairParser(DIALECT)
