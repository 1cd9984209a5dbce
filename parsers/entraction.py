"""Entraction hand histories (fixed-width text columns).

A hand reads::

    Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "Portland"
    Players(max 2):
    Ballyhoo                    (EUR 3,999.25 in seat 1)
    Dealer:                     Ballyhoo
    Big Blind:                  YoOyYo      (100.00)
    Ballyhoo                    Raise       (150.00)
    Flop                        4h - 7h - 6c
    YoOyYo shows:               9d - 5d - Ad - 6h
    Ballyhoo didn't show hand (Jd - Qh - 6s - Ac)
    YoOyYo wins:                EUR 799.25
    Rake:                       EUR 1.50
    Game ended 2012-05-31 04:46:52 GMT+01:00

Choices, each checked on the corpus files (cash hands):

* Every action amount is what the action added: ``Raise (150.00)`` after a 50.00 small
  blind makes 200.00, ``Call (100.00)`` tops a 100.00 big blind up to 200.00 (the
  printed rake plus the ``wins`` lines equal these sums in every corpus hand).
  ``All-In (x)`` also adds x; ``Payback (x)`` returns an uncalled x.
* ``Blind out of turn: name (1.00)`` (a seat posting to come in) is a live blind: in hand
  2322970601 that seat's ``Raise (2.50)`` and ``Call (8.00)`` match an 11.50 bet only
  with the 1.00 counted in its bet.
* ``wins:`` lines name neither the pot nor the half: one line per winner per half (a
  scooper gets two lines). Hi/Lo lines are therefore ``unlabelled``, ``pot`` is None.
* Names are padded to a column; a name may hold spaces, so action lines are matched
  against the seated names (longest first), never split on whitespace. Some files pad
  the name before ``was dealt:``, ``shows:`` and ``wins:`` too (``Hero   shows:``).
* Only the end of the hand is timed (``Game ended ...``); that time is recorded as
  ``start_time_raw`` with a note. ``BST`` is UTC+1, ``GMT+01:00`` a fixed offset.
* The ``Rake:`` line closes the hand's money; a hand without it is ``truncated``. A hand
  with it but no ``wins:`` line is complete and paid no one: it is read with no pot
  payouts (noted), for the audit to report.

Tournament hands (fpdb's STT hand 2662867624 and MTT hand 2667452662) differ so (names
and amounts invented)::

    Game # 5100300555 - Texas Hold'em No Limit 100/200 and 25 ante - Table "Weekend €2,500 #4 30405999 7"
    Ravenna                     (8,400.00 in seat 1)
    Ravenna                     Ante        (25.00)
    Tamsin Lee wins:            1,500.00
    Game ended 2013-03-02 22:41:19 CET

* The header prints the stakes without a currency and may name an ante (``and 25
  ante``). The table's name ends in two numbers: the tournament's id, then the table's
  number (hand 2662867624's Sit & Go table ends in 12713943 and 1, hand 2667452662's
  in 12717727 and 2; fpdb reads them so too). A header without a currency whose table
  ends so is a tournament: ``is_tournament``, ``currency`` None, ``tournament_id`` the
  first number, ``table_name`` the whole name as printed. Without a currency and
  without those numbers a hand is still read as play money (noted), as before.
* Amounts are chips printed with two decimals (``8,400.00``): read at scale 1, so a
  fraction of a chip is a ``bad_amount``.
* Antes are player lines, ``NAME   Ante   (20.00)``, each adding a dead 20: in hand
  2667452662 eight antes, the 200/400 blinds and the 400 matched of a 980 raise make the
  1,160.00 the ``wins:`` line pays. The header's ante is the hand's; a seat posting
  another amount than it, not its whole stack, is noted.
* No ``Rake:`` line is printed (no tournament pot is raked): the rake is 0 (``inferred``,
  noted) and the ``Game ended`` line closes the hand; one without it is ``truncated``.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). The role lines
(``Small Blind:  NAME  (0.25)``) name their seat after the role and are read by ``_role``;
every line naming a seat looks the name up ignoring case where no seated name is exactly it
(``_seat_of``); a Flop, Turn or River line repeats the board so far and must not change it;
the end of the hand keeps the old reader's checks (``_rake_printed``, ``_closing_notes``,
``_blinds_posted``, ``_never_acted``). As on every engine dialect, the seat lines are read
first as one run. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from rules.records import HandParseError, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.base import card
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BOTH_BLINDS, CALL, CHECK, DEAD_BLIND, FOLD, RAISE_BY, SMALL_BLIND, Act,
    Dialect, DialectParser, Hand, Returned, Streets, Wording, adds_unnamed, kind, street,
)
from parsers.game_names import games, limits
from parsers.headers import Header

_HAND_START = re.compile(r"^\ufeff*Game # \d+ - ", re.M)
_HEADER = re.compile(
    r"^Game # (?P<id>\d+) - (?P<game>.+?) (?P<limit>Pot Limit|Fixed Limit|No Limit|Limit) "
    r"(?:(?P<cur>[A-Z]{3}) )?(?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?: and (?P<ante>[\d,.]+) ante)?"
    r"(?: - Table \"(?P<table>.*)\")?\s*$"
)
# A tournament's table: its name, then the tournament's id and the table's number.
_TOURNAMENT_TABLE = re.compile(r"^.*\S (?P<tid>\d+) (?P<number>\d+)$")
_SEAT = re.compile(r"^(?P<name>.+?)\s+\((?:[A-Z]{3} )?(?P<stack>[\d,.]+) in seat (?P<seat>\d+)\)\s*$")
_ROLE = re.compile(
    r"^(?P<role>Dealer|Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn|Ante|Dead Blind|Dead Small Blind):"
    r"\s+(?P<rest>.+?)\s*$"
)
_POSTED = re.compile(r"(?P<name>.+?)\s+\((?P<amt>[^)]*)\)")  # after a role: ``NAME   (0.25)``
_CARD = r"[2-9TJQKA][cdhs]"
_AMT = r"\s*\((?P<amt>[^)]*)\)\s*$"
_GAMES = games("omaha hi/lo", "omaha high/low", "omaha high", "omaha", "5-card omaha high", "5-card omaha hi/lo",
               "texas hold'em", "hold'em")
_LIMITS = limits("Pot Limit", "Fixed Limit", "Limit", "No Limit")
_HEADER_FIELDS = Header(_GAMES, "game {game!r} not known", str.lower, _LIMITS)
# What each role line posts; the blinds are checked against the header's stakes at the end (``_blinds_posted``).
_ROLE_VERBS: Mapping[str, Act] = {
    "Small Blind": replace(SMALL_BLIND, sets=None),
    "Big Blind": replace(BIG_BLIND, sets=None, later=ActionKind.POST_BLIND),
    "Small + Big Blind": BOTH_BLINDS,  # a seat coming back: the big blind is live, the rest dead
    "Blind out of turn": BLIND,  # live (hand 2322970601: see the docstring)
    "Ante": replace(ANTE, sets=None),  # ``_role`` keeps the last
    "Dead Blind": DEAD_BLIND,
    "Dead Small Blind": DEAD_BLIND,
}
_ANTE_POSTED = replace(ANTE, sets=None)  # ``_ante`` keeps the header's
_FIXED_ZONES = {"GMT": 0, "UTC": 0, "WET": 0, "BST": 60, "WEST": 60, "CET": 60, "CEST": 120,
                "EET": 120, "EEST": 180, "MSK": 180}
_NAMED_ZONES = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York"}


def to_utc(local: str, zone: str | None, fmt: str = "%Y-%m-%d %H:%M:%S") -> str | None:
    """``local`` in ``zone`` (an abbreviation or ``GMT+01:00``) as ISO-8601 UTC, or None.

    >>> to_utc("2012-08-07 00:36:56", "BST"), to_utc("2012-05-31 04:46:52", "GMT+01:00")
    ('2012-08-06T23:36:56Z', '2012-05-31T03:46:52Z')
    """
    if not zone:
        return None
    naive = datetime.strptime(local, fmt)
    m = re.fullmatch(r"(?:GMT|UTC)([+-])(\d\d?):?(\d\d)?", zone)
    if m:
        minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
        aware = naive.replace(tzinfo=timezone(timedelta(minutes=minutes if m.group(1) == "+" else -minutes)))
    elif zone in _FIXED_ZONES:
        aware = naive.replace(tzinfo=timezone(timedelta(minutes=_FIXED_ZONES[zone])))
    elif zone in _NAMED_ZONES:
        aware = naive.replace(tzinfo=ZoneInfo(_NAMED_ZONES[zone]))
    else:
        return None
    return aware.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def read_cards(text: str) -> list[str | None]:
    """``Qs - 7d - 8c`` to cards; any other text quarantines the hand.

    >>> read_cards("Qs - 7d - 10c")
    ['Qs', '7d', 'Tc']
    """
    return [card(t) for t in text.split(" - ")]


def _cards(hand: Hand, text: str) -> list[str | None]:
    """:func:`read_cards`, failing the hand (``hand.cards`` would read brackets, which no
    Entraction card line has: one that has them is bad cards)."""
    try:
        return read_cards(text)
    except HandParseError as exc:
        raise hand.fail(exc.reason, exc.message) from None


# --- the header and the seats -------------------------------------------------------------

def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """``Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "Portland"``:
    no currency and a table naming a tournament (``_TOURNAMENT_TABLE``) is a tournament in
    chips; no currency otherwise means play money. The stakes are the blinds until
    ``_blinds_posted``."""
    if m["id"] is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"not an Entraction header: {hand.lines[0].text!r}")
    currency = m["cur"]
    tournament = _TOURNAMENT_TABLE.match(m["table"] or "") if currency is None else None
    if tournament:
        hand.scale = 1  # chips: ``8,400.00`` is 8400, a fraction of a chip a bad amount
    record = hand.new_record(**_HEADER_FIELDS.fields(hand, m), is_tournament=tournament is not None,
                             currency=currency, is_play_money=currency is None and tournament is None,
                             tournament_id=tournament["tid"] if tournament else None)
    if currency is None and tournament is None:
        record.notes.append("no currency in the header: read as play money")
    hand.street = Street.PREFLOP  # no line opens it: every line after the blinds bets pre-flop, a Payback too
    return record


def _seat(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Ballyhoo      (EUR 3,999.25 in seat 1)``; after the first run of them, a seat line
    still seats a player until the first action, board or rake line (as the old reader did)."""
    if hand.record.actions or hand.board or "rake" in hand.seen:
        return False
    hand.add_seat(SeatRecord(seat=int(m["seat"]), player=m["name"].strip(), stack=hand.money(m["stack"])))
    return None


def _seat_of(hand: Hand, name: str) -> SeatRecord:
    """The seat a line names (padded to a column before ``was dealt:``, ``shows:``, ``wins:``
    in some files); ``was dealt:`` lines of some files print the name in lower case, so a
    name that matches exactly one seat ignoring case is that seat."""
    name = name.strip()
    seat = hand.by_name.get(name)
    if seat is not None:
        return seat
    folded = [s for n, s in hand.by_name.items() if n.casefold() == name.casefold()]
    if len(folded) != 1:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"{name!r} is not seated: {hand.line.text!r}")
    return folded[0]


# --- the lines ----------------------------------------------------------------------------

def _max_seats(hand: Hand, m: re.Match[str]) -> None:
    hand.record.max_seats = int(m["max"])


def _role(hand: Hand, m: re.Match[str]) -> None:
    """``Dealer:   NAME`` (the button) and the posts: ``Small Blind:   NAME   (0.25)``."""
    posted = _POSTED.fullmatch(m["rest"])
    seat = _seat_of(hand, posted["name"] if posted else m["rest"])
    if m["role"] == "Dealer":
        hand.record.button_seat = seat.seat
        return
    if posted is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"blind without an amount: {hand.line.text!r}")
    hand.act(_ROLE_VERBS[m["role"]], posted, seat)
    if m["role"] == "Ante":  # each ante line restates the table's ante: the last one stands
        hand.record.ante = hand.money(posted["amt"])


def _ante(hand: Hand, m: re.Match[str]) -> None:
    """``NAME   Ante   (20.00)`` (tournament hands): the header's ante (``and 20 ante``)
    stands, a post of another amount that is not the seat's whole stack noted; with none
    in the header, the last post is the ante."""
    hand.act(_ANTE_POSTED, m)
    posted, record, seat = hand.money(m["amt"]), hand.record, hand.player
    header_ante = hand.facts.setdefault("header ante", record.ante)
    if header_ante is None:
        record.ante = posted  # as the role lines' ``Ante:``: the last one stands
    elif posted != header_ante and seat is not None and posted != seat.stack:
        record.notes.append(f"seat {seat.seat} ({seat.player}) posts an ante of {posted}, "
                            f"the header's ante is {header_ante}")


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Hero was dealt:   Qs - 7d - 8c - 9s - 5h`` (the cards are read before the name)."""
    cards = _cards(hand, m["cards"])
    hand.dealt[_seat_of(hand, m["name"]).seat] = cards


def _board(hand: Hand, m: re.Match[str]) -> None:
    """``Turn   Kc - 2s - 2d - 8d``: every street line repeats the board so far, which it
    must not change."""
    if _cards(hand, m["cards"])[: len(hand.board)] != hand.board:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"board changes between streets: {hand.line.text!r}")
    street(hand, m)


def _showdown(hand: Hand, m: re.Match[str]) -> None:
    """``NAME shows:   9d - 5d - Ad - 6h (description)`` and ``NAME didn't show hand (cards)``
    (a muck, its cards printed or not), recorded on the showdown."""
    seat = _seat_of(hand, m["name"])
    if m["cards"]:
        hand.dealt[seat.seat] = _cards(hand, m["cards"])
    shows = m["verb"] == "shows"
    seat.showed, seat.mucked = seat.showed or shows, seat.mucked or not shows
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW if shows else ActionKind.MUCK)


def _wins(hand: Hand, m: re.Match[str]) -> None:
    """``NAME wins:   EUR 799.25``: neither the pot nor the half is named."""
    seat = _seat_of(hand, m["name"])
    hand.pay(seat, hand.money(m["amt"]), pot=None)


def _rake(hand: Hand, m: re.Match[str]) -> None:
    """``Rake:   EUR 1.50`` closes the hand's money; a second one restates it (the engine's
    ``rake`` would add them up)."""
    hand.record.rake = hand.money(m["amt"])


def _ended(hand: Hand, m: re.Match[str]) -> None:
    """``Game ended 2012-08-07 00:36:56 BST``, the only time printed."""
    record = hand.record
    record.start_time_raw = hand.line.text[len("Game ended "):].strip()
    record.start_time_utc = to_utc(m["when"], m["zone"])
    record.hand_date = (record.start_time_utc or m["when"])[:10]
    record.notes.append("only the end of the hand is timed: start_time is 'Game ended'")


def _refused(hand: Hand, m: re.Match[str]) -> None:
    """Fold or Check with an amount, a bet without one: the line cannot be read."""
    amount = "with" if m["verb"] in ("Fold", "Check") else "without"
    raise hand.fail(QuarantineReason.PARSE_ERROR, f"{m['verb']} {amount} an amount: {hand.line.text!r}")


def _cut_after_name(hand: Hand, m: re.Match[str]) -> None:
    """A seated name padded to the verb's column and nothing after: as the text's last line
    the hand was cut off there (a copy that ends mid-line); inside a hand it is not read."""
    if hand.line is hand.lines[-1] and not hand.text.endswith("\n"):
        raise hand.fail(QuarantineReason.TRUNCATED,
                        f"hand {hand.hand_id} is cut off in its last line, after a name: {hand.line.text!r}")
    raise hand.fail(QuarantineReason.PARSE_ERROR, f"line not understood: {hand.line.text!r}")


# --- the end of the hand ------------------------------------------------------------------

def _last_line(hand: Hand) -> str:
    """The hand's last line as ``str.splitlines`` cuts it (a final line break opens no
    line), as version 2 quoted it."""
    return hand.text.lstrip("\ufeff").splitlines()[-1].rstrip()


def _rake_printed(hand: Hand) -> None:
    """A cash hand without its ``Rake:`` line is cut off. A tournament hand prints none
    (no tournament pot is raked): its ``Game ended`` line closes it instead."""
    if "rake" in hand.seen:
        return
    if not hand.record.is_tournament:
        raise hand.fail(QuarantineReason.TRUNCATED,
                        f"hand {hand.hand_id} has no 'Rake:' line: cut off after {_last_line(hand)!r}")
    if "ended" not in hand.seen:
        raise hand.fail(QuarantineReason.TRUNCATED,
                        f"hand {hand.hand_id} has no 'Game ended' line: cut off after {_last_line(hand)!r}")
    hand.record.rake, hand.record.rake_source = 0, RakeSource.INFERRED
    hand.record.notes.append("tournament pots are not raked: rake 0 (no 'Rake:' line in a tournament hand)")


def _closing_notes(hand: Hand) -> None:
    """A complete hand that pays no one is read for the audit to report; an untimed one is noted."""
    record = hand.record
    if not any(p.source == PayoutSource.POT for p in record.payouts):
        record.notes.append("no 'wins:' line: the platform paid no one")
    if record.start_time_raw is None:
        record.notes.append("no 'Game ended' line: the hand is not timed")


def _blinds_posted(hand: Hand) -> None:
    """Blinds are what was posted; the header's stakes are blinds (PL/NL) or bets (FL)."""
    record = hand.record
    small, big = record.small_blind, record.big_blind
    expected = (small // 2, small) if record.limit == Limit.FIXED else (small, big)
    posted_sb = [a.amount for a in record.actions if a.kind == ActionKind.POST_SMALL_BLIND]
    posted_bb = [a.amount for a in record.actions if a.kind == ActionKind.POST_BIG_BLIND]
    record.small_blind = posted_sb[0] if posted_sb else expected[0]
    record.big_blind = posted_bb[0] if posted_bb else expected[1]
    if (posted_sb and posted_sb[0] != expected[0]) or (posted_bb and posted_bb[0] != expected[1]):
        record.notes.append(
            f"blinds posted ({record.small_blind}/{record.big_blind}) differ from what the header's "
            f"stakes ({small}/{big}, {record.limit}) imply ({expected[0]}/{expected[1]})")


def _never_acted(hand: Hand) -> None:
    """Once a board is dealt, a seat with no line of its own was not dealt in; before
    one, such a seat dealt no cards was not either (every seat dealt in acts before a hand
    ends: counted as still in, it made a pot everyone folded to one player contested)."""
    record = hand.record
    acted = {a.seat for a in record.actions}
    for seat in record.seats:
        if seat.seat not in acted and (record.boards or not seat.cards):
            seat.dealt_in = False
            record.notes.append(f"seat {seat.seat} ({seat.player}) never acts: read as not dealt in")


DIALECT = Dialect(
    platform=Platform.ENTRACTION,
    format=Format.ENTRACTION,
    version="6",
    hand_start=_HAND_START,
    head=re.compile(r"\ufeff*Game # \d+ - .+ (?:[A-Z]{3} )?[\d,.]+/[\d,.]+"),  # no currency: a tournament
    first=re.compile(_HEADER.pattern + "|"),  # always matches: ``_header`` words a header it cannot read
    not_first="",
    header=_header,
    seat=kind("seat", _SEAT, _seat),
    seatless=None,  # a hand cut off before its seats is truncated by ``_rake_printed``
    body=(
        kind("players", r"^Players\(max (?P<max>\d+)\):\s*$", _max_seats),
        kind("seat", _SEAT, _seat),
        kind("role", _ROLE, _role),
        kind("dealt", r"^(?P<name>.+?) was dealt:\s+(?P<cards>.+?)\s*$", _dealt),
        kind("street", r"^(?P<street>Flop|Turn|River)\s{2,}(?P<cards>.+?)\s*$", _board),
        kind("shows", rf"^(?P<name>.+?) (?P<verb>shows):\s+(?P<cards>{_CARD}(?: - {_CARD})*)(?:\s+\(.*\))?\s*$",
             _showdown),
        kind("no show", r"^(?P<name>.+?) (?P<verb>didn't show) hand(?: \((?P<cards>[^)]*)\))?\s*$", _showdown),
        # some files add which pot the line pays ("split pot", "side pot") before the hand's name
        kind("wins", r"^(?P<name>.+?) wins:\s+(?:[A-Z]{3} )?(?P<amt>\S+)(?:\s+(?:split|side|main) pot)?"
                     r"(?:\s+\(.*\))?\s*$", _wins),
        kind("rake", r"^Rake:\s+(?:[A-Z]{3} )?(?P<amt>\S+)\s*$", _rake),
        kind("ended", r"^Game ended (?P<when>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?: (?P<zone>\S+))?\s*$", _ended),
    ),
    # After a seated name, padded to a column: the verb and what it added, in brackets.
    players=(
        kind("fold", r"^Fold\s*$", FOLD),
        kind("check", r"^Check\s*$", CHECK),
        kind("amount where none is", r"^(?P<verb>Fold|Check)\s*\([^)]*\)\s*$", _refused),
        kind("no amount", r"^(?P<verb>Call|Bet|Raise|All-In|Payback|Ante)\s*$", _refused),
        kind("ante", rf"^Ante{_AMT}", _ante),
        kind("call", rf"^Call{_AMT}", CALL),
        kind("bet", rf"^Bet{_AMT}", BET),
        kind("raise", rf"^Raise{_AMT}", RAISE_BY),
        kind("all-in", rf"^(?P<allin>All-In){_AMT}", adds_unnamed),  # ``All-In (x)`` adds x
        kind("payback", rf"^Payback{_AMT}", Returned(paid=True)),
        kind("name alone", r"^\s*$", _cut_after_name),
    ),
    name_follows=re.compile(r"(?=\s|$)"),  # a name alone: a line cut after it
    streets=Streets(board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    cards=read_cards,
    board_repeats=True,
    notes_unbalanced=False,  # the old reader never noted it: the audit reports it
    first_action_seq=1,
    before_returns=(_rake_printed,),
    checks=(_closing_notes, _blinds_posted, _never_acted),
    wording=Wording(unexpected="line not understood: {text!r}", bad_amount="hand {hand_id}: {error}"),
)

PARSER = DialectParser(DIALECT)
