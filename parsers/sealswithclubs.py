"""Seals With Clubs text hand histories (``Hand #N-M - date`` / ``Site: Seals With Clubs``).

* ``Game: PL Omaha Hi-Lo (9.70+0.30) - Blinds 10/20`` (a tournament level may add ``Ante
  25``, posted as ``posts ante 25``; older files write ``posts the ante``): a ``buy-in+fee`` in parentheses is
  a tournament (chips, scale 1); ``(20 - 100)`` is a cash table's buy-in range. Cash tables
  play in mBTC (currency ``mBTC``, scale 100: hundredths of a mBTC; scale 1 for hands dealt
  before 2013-04-15, when the site counted whole mBTC and an odd one of a split went to a
  winner). No time zone is printed, so ``start_time_utc`` stays empty.
* A seat is dealt in when it posts, acts or is dealt cards, whatever its status: ``Seat 3:
  NAME (77) - sitting out`` is not dealt in unless it posts (a tournament seat sitting
  out still posts its blinds, and may win the pot so), ``- waiting for big blind`` is dealt
  in when it then posts the big blind, and a seat with no status that does nothing sat
  the hand out.
* ``raises to 90`` is a raise-to total; ``NAME refunded 300`` returns an uncalled bet.
* A second ``posts small blind`` (a player coming in beside the small blind) is dead money:
  the pots and the next hand's stacks count it, the seat's bet does not.
* Pay lines ``wins Pot (440)`` (the only pot, not split), ``wins Hi Pot (1390)`` /
  ``wins Lo Pot (1390)``, ``wins Main Pot (6)``, ``wins Side Pot 1 (2)`` (``splits`` for a
  share of a tie). An unqualified ``Pot`` is pot 0 when no line of the hand names a main or
  side pot.
* ``Rake (0)`` follows each pot's payment: the hand's rake is their sum (printed); a hand
  without one is a tournament (rake 0) or an uncontested cash pot (inferred, with a note).
* A hand with no post and no ``** Hole Cards **`` section has lost its start (truncated);
  a refund larger than what the seat put in means lines are missing (inconsistent).
* Lines skipped on purpose carry no pot money or cards: ``Site:``/``Table:``, ``No low hand
  qualified``, a tournament's ``NAME moved from Table 1`` / ``moved to Table 2``, chips a
  player not in the seat list adds, and after a seat's name the ``quiet`` ones (the
  button, a new player who ``plays after the button`` without posting, timeouts, chips
  added between hands, a tournament finish and its prize, paid outside the pot, sitting
  out or down, standing up), each whole; any other line fails the hand.

Cash hands dealt before 2013-04-15 count whole mBTC (``amount_scale`` 1,
``_HUNDREDTHS_OF_MBTC_FROM``).

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from rules.money import format_minor
from rules.records import ParsedHand
from rules.vocab import (
    ActionKind, Format, Game, Half, PayoutSource, Platform, QuarantineReason, Street,
)
from parsers.base import card
from parsers.engine import (
    BET, CALL, CHECK, FOLD, OPEN, RAISE_TO, Act, Dialect, DialectParser, Hand, Money, Rake, Streets, Wording, kind,
    rake, seated, skip, take_seat,
)
from parsers.game_names import games, limits
from parsers.headers import Header

_HAND_START = re.compile(r"^Hand #\d+-\d+ - ", re.M)
# Neither line opens every file: a file of the dialect holds both somewhere in its head.
_SNIFF = re.compile(r"(?=[\s\S]*^Site: Seals With Clubs\s*$)(?=[\s\S]*^Hand #\d+-\d+ - )", re.M)
_HEADER = re.compile(r"^Hand #(?P<id>\d+-\d+) - (?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)\s*$")
_GAME = re.compile(
    r"^Game: (?P<limit>NL|PL|Limit) (?P<game>.+?) \((?P<buyin>[^)]*)\) - (?:Blinds|Stakes) "
    r"(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)(?: Ante (?P<ante>[\d.,]+))?\s*$"
)
_NUM = r"[\d,]+(?:\.\d+)?"
_AMT = rf"(?P<amt>{_NUM})"
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _NUM + r")\)(?: - (?:sitting out|waiting for big blind))?\s*$"
)
_SECTION = re.compile(r"^\*\* (?P<name>[^*]+?) \*\*\s*(?:\[(?P<cards>[^\]]*)\])?\s*$")
_ALLIN = r"(?P<allin> \(All-in\))?"
_WIN = re.compile(
    r"^(?P<name>.+?) (?P<verb>wins|splits) (?P<what>(?:(?:Main|Side|Hi|Lo) )*Pot(?: (?P<side>\d+))?(?: (?:Hi|Lo))?) "
    r"\((?P<amt>" + _NUM + r")\)(?P<rest>.*)$"
)
# a tournament moving a player between tables, or chips added between hands, by a player
# seated in this hand or not
_TABLE_MOVE = re.compile(r"^\S(?:.*\S)? (?:moved (?:from|to) Table \d+|adds " + _NUM + r" chips)$")
# After a seat's name: lines that carry no pot money or cards, each whole.
_QUIET = re.compile(r"^(?:has timed out|adds " + _NUM + r" chips"
                    r"|finishes tournament in place #\d+(?: and wins [\d.,]+ chips)?|sits out|has returned|is sitting out|stands up|sits down|plays after the button)$")

_GAMES = games("hold'em", "holdem", "omaha", "omaha hi-lo", "omaha hi/lo")
# Cash tables counted whole mBTC until the site moved to hundredths: the 206 cash hands of
# 2013-04-09..12 in the 2026-12-03 sweep print no decimal (their tables blind 1/1 and 1/2, and
# hand 5223513-15 splits a pot of 105 as 52 and 53, the next hand's stacks agree), every
# cash hand from 2013-04-15 on prints hundredths ("Rake (0.22)", splits 45.83 and 45.82).
_HUNDREDTHS_OF_MBTC_FROM = "2013-04-15"
_LIMITS = limits("NL", "PL", "Limit")
_HEADER_FIELDS = Header(_GAMES, "game {game!r} is not supported", str.lower, _LIMITS)
_STREETS = {"hole cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}

_SMALL_BLIND = Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True)  # the stakes come from the Game line
_BIG_BLIND = Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True)
_SECOND_SMALL_BLIND = Act(ActionKind.POST_DEAD, Money.DEAD, forced=True)
_ANTE = Act(ActionKind.POST_ANTE, Money.DEAD, forced=True)


def _cards(text: str) -> list[str | None]:
    """Cards separated by spaces; Seals With Clubs prints no face-down placeholder."""
    return [card(c) for c in text.split()]


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``Game:`` line right after the first (game, limit, buy-in, blinds, ante) and the
    ``Table:`` line; the time has no zone."""
    lines = [line.text for line in hand.lines if line.text]
    if len(lines) < 2:
        raise hand.fail(QuarantineReason.TRUNCATED, "the hand stops after its first line")
    g = _GAME.match(lines[1])
    if not g:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unreadable Game line {lines[1][:120]!r}")
    is_tournament = "+" in g["buyin"]
    whole_mbtc = not is_tournament and first["date"] < _HUNDREDTHS_OF_MBTC_FROM
    hand.scale = 1 if is_tournament or whole_mbtc else 100
    notes = ["start time printed without a time zone"]
    if whole_mbtc:
        notes.append(f"cash amounts are whole mBTC before {_HUNDREDTHS_OF_MBTC_FROM}; amount_scale 1")
    elif not is_tournament:
        notes.append("cash amounts are mBTC; amount_scale 100 counts hundredths of a mBTC")
    return hand.new_record(
        **_HEADER_FIELDS.fields(hand, g), is_tournament=is_tournament, currency=None if is_tournament else "mBTC",
        start_time_raw=f"{first['date']} {first['time']}", hand_date=first["date"],
        table_name=next((ln[len("Table: "):] for ln in lines[2:5] if ln.startswith("Table: ")), None), notes=notes,
    )


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``** Flop ** [2s 7h Kd]``: the flop deals the board, a later street adds to it; a
    ``** Pot Show Down ** [board]`` (``Main Pot Show Down``...) repeats the board, which
    must be the one dealt."""
    label, new = m["name"].lower(), _cards(m["cards"] or "")
    if label.endswith("show down"):
        hand.enter_street("show down", None, None)
        if m["cards"]:
            if hand.board and hand.board != new:
                raise hand.fail(QuarantineReason.INCONSISTENT,
                                f"showdown board {new} differs from the dealt board {hand.board}")
            hand.board = new  # type: ignore[assignment]
        return
    if label not in _STREETS:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown section {hand.line.text!r}")
    hand.enter_street(label, None, None)
    if label == "flop":
        hand.board = new  # type: ignore[assignment]
        hand.facts["flop"] = True  # even without its cards
    elif new:
        if not hand.facts.get("flop"):
            raise hand.fail(QuarantineReason.INCONSISTENT, f"{m['name']} dealt before the flop")
        hand.board.extend(new)  # type: ignore[arg-type]


def _win(hand: Hand, m: re.Match[str]) -> None:
    """``NAME wins Hi Pot (1390) with ...``: which pot it is depends on every pay line of
    the hand, so the lines are kept and paid at the end (``_pay_pots``)."""
    seat = seated(hand, m["name"], "pot paid to an unseated player: {line!r}")
    hand.facts.setdefault("wins", []).append((seat, hand.money(m["amt"]), m["what"], m["side"], hand.line.verbatim))


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [Jc Jd]``."""
    hit, cards = hand.split_name(m["who"]), re.search(r"\[([^\]]*)\]", m["who"])
    if hit is None or not cards:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unreadable deal line {hand.line.text!r}")
    hand.dealt[hit[0].seat] = _cards(cards[1])


def _dealer_button(hand: Hand, m: re.Match[str]) -> None:
    hand.record.button_seat = hand.player.seat


def _small_blind(hand: Hand, m: re.Match[str]) -> None:
    """A second ``posts small blind`` (a player coming in beside the small blind) is dead:
    the pots and the next hand's stacks count it, the seat's bet does not."""
    second = any(a.kind == ActionKind.POST_SMALL_BLIND for a in hand.record.actions)
    (_SECOND_SMALL_BLIND if second else _SMALL_BLIND)(hand, m)


def _both_blinds(hand: Hand, m: re.Match[str]) -> None:
    """``posts small & big blind 3``: the big blind's worth live, the rest dead."""
    seat, amount, all_in = hand.player, hand.money(m["amt"]), bool(m["allin"])
    seat.all_in = seat.all_in or all_in
    live = min(amount, hand.record.big_blind or amount)
    hand.tracker.add(seat.seat, live)
    hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_BLIND, live, all_in)
    if amount > live:
        hand.tracker.dead(seat.seat, amount - live)
        hand.add_action(Street.PREDEAL, seat.seat, ActionKind.POST_DEAD, amount - live)


def _ante(hand: Hand, m: re.Match[str]) -> None:
    """``posts ante 25``: the hand's ante is the largest posted (or the Game line's)."""
    _ANTE(hand, m)
    hand.record.ante = max(hand.record.ante or 0, hand.money(m["amt"]))


def _refund(hand: Hand, m: re.Match[str]) -> None:
    """``NAME refunded 300``: an uncalled bet, returned on the street the seat last bet;
    more than the seat put in means lines of the hand are missing."""
    seat, amount = hand.player, hand.money(m["amt"])
    put_in = hand.tracker.contributed(seat.seat)
    if amount > put_in:
        raise hand.fail(QuarantineReason.INCONSISTENT,
                        f"line {hand.line.number} {hand.line.text!r} refunds more than the "
                        f"{format_minor(put_in, hand.scale)} the seat put in: lines of the hand are missing")
    bets = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
    street = next((a.street for a in reversed(hand.record.actions) if a.seat == seat.seat and a.kind in bets),
                  hand.street)
    hand.tracker.returned(seat.seat, amount)
    hand.add_action(street, seat.seat, ActionKind.UNCALLED_RETURN, amount)
    hand.pay(seat, amount, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED)


def _shows(hand: Hand, m: re.Match[str]) -> None:
    seat = hand.player
    hand.shown[seat.seat] = _cards(m["cards"])
    seat.showed = True
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW)


def _mucks(hand: Hand, m: re.Match[str]) -> None:
    seat = hand.player
    seat.mucked = True
    if m["cards"]:
        hand.shown[seat.seat] = _cards(m["cards"])
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.MUCK)


def _paid_and_started(hand: Hand) -> None:
    """A hand with no pay line is cut off; one with no post and no ``** Hole Cards **``
    has lost its start."""
    if not hand.facts.get("wins"):
        raise hand.fail(QuarantineReason.TRUNCATED, "the hand ends before any pot is paid")
    if not any(a.street == Street.PREDEAL for a in hand.record.actions) and not any(
            line.text.lower().startswith("** hole cards **") for line in hand.lines):
        raise hand.fail(QuarantineReason.TRUNCATED, "the hand has no post and no hole cards: its start is missing")


def _dealt_in_by_what_it_did(hand: Hand) -> None:
    """A seat is dealt in when it posts, acts or holds cards, whatever its status says."""
    acted = {a.seat for a in hand.record.actions}
    for seat in hand.record.seats:
        seat.dealt_in = bool(seat.cards) or seat.seat in acted


def _pay_pots(hand: Hand) -> None:
    """The pay lines: ``Pot`` is pot 0 when no line names a main or side pot (else it
    names none); ``Hi``/``Lo`` label the halves of a hi/lo game."""
    wins = hand.facts["wins"]
    several_pots = any(re.search(r"\b(?:Main|Side)\b", what) for _, _, what, _, _ in wins)
    hilo = hand.record.game == Game.OMAHA_HILO
    for seat, amount, what, side, line in wins:
        words = what.split()
        pot = (int(side) if side else None) if "Side" in words else 0 if "Main" in words or not several_pots else None
        half = Half.HIGH if hilo and "Hi" in words else Half.LOW if hilo and "Lo" in words else Half.WHOLE
        hand.pay(seat, amount, pot=pot, half=half, line=line)




def _unexpected(hand: Hand) -> str:
    """A seated player's line no verb reads is an unexpected action."""
    what = "action at line" if hand.split_name(hand.line.text) else "line"
    return f"unexpected {what} {hand.line.number}: {hand.line.text!r}"


DIALECT = Dialect(
    platform=Platform.SEALSWITHCLUBS,
    format=Format.SEALSWITHCLUBS,
    version="3",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_HEADER,
    not_first="not a Seals With Clubs header",
    header=_header,
    strip_lines=True,
    quotes_trailing_space=True,
    seat=kind("seat", _SEAT, take_seat),
    cards=_cards,
    body=(
        kind("header", r"^(?:Site|Table): ", skip),
        kind("game", _GAME, skip, once=True),
        kind("section", _SECTION, _section),
        kind("dealt", r"^Dealt to (?P<who>.+)$", _dealt),
        kind("rake", rf"^Rake \({_AMT}\)\s*$", rake),
        kind("no low", r"^No low hand qualified$", skip),
        kind("table move", _TABLE_MOVE, skip),
        kind("win", _WIN, _win),
    ),
    players=(
        kind("small blind", rf"^posts small blind {_AMT}{_ALLIN}$", _small_blind),
        kind("big blind", rf"^posts big blind {_AMT}{_ALLIN}$", _BIG_BLIND),
        kind("both blinds", rf"^posts small & big blind {_AMT}{_ALLIN}$", _both_blinds),
        kind("ante", rf"^posts (?:the )?ante {_AMT}{_ALLIN}$", _ante),
        kind("fold", r"^folds$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls {_AMT}{_ALLIN}$", CALL),
        kind("bet", rf"^bets {_AMT}{_ALLIN}$", BET),
        kind("raise", rf"^raises to {_AMT}{_ALLIN}$", RAISE_TO),
        kind("refund", rf"^refunded {_AMT}$", _refund),
        kind("show", r"^shows \[(?P<cards>[^\]]*)\].*$", _shows),
        kind("muck", r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$", _mucks),
        kind("button", r"^has the dealer button$", _dealer_button),
    ),
    quiet=_QUIET,
    name_follows=re.compile(r"(?= |$)"),
    streets=Streets(board={**_STREETS, "show down": Street.SHOWDOWN}),
    first_action_opens=False,  # a hand's actions before ``** Hole Cards **`` stay before the deal
    notes_unbalanced=False,
    before_returns=(_paid_and_started,),
    checks=(_dealt_in_by_what_it_did, _pay_pots),
    # ``Rake (0)`` lines add up (printed); without one a tournament's rake is 0 and a cash
    # pot's is what was put in less what was paid
    rake=Rake(inferred="no Rake line: rake inferred as put in {put_in} minus paid {paid}",
              overpaid="paid {paid} exceeds everything put in {put_in}",
              tournament="tournament pots are not raked: rake 0 (no Rake line printed)"),
    first_action_seq=1,
    wording=Wording(unexpected=_unexpected, bad_amount="{error}"),
)

PARSER = DialectParser(DIALECT)
