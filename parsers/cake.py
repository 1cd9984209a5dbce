"""Cake Poker text hand histories (``Hand#... - ... -- date``).

* Header ``Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH --
  $5 + $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40``: the
  stakes part is ``ante/small/big`` (or ``small/big``) then limit and game; a ``T<digits>``
  field makes it a tournament (chips, scale 1). The date is written ``2013/07/16``,
  ``2012.02.05`` or ``2012-06-21`` (``hand_date`` takes dashes). No time zone is printed,
  so ``start_time_utc`` stays empty.
* Amounts carry the exporting client's decimal mark: ``$53.55`` (files dated
  ``2012/08/09``) or ``$2,88`` (``2012.02.05``, ``2012-06-21``). Cake prints at most two
  decimals and groups thousands by three, so an amount whose last mark has one or two
  digits after it shows the decimal mark. ``split`` decides the mark once for the file
  (for each chunk of a large one) from those amounts and every amount is read with it; a
  hand parsed on its own, or from a file showing both marks, decides from its own
  amounts. A hand whose amounts show both marks, or none while one of them (``$1,000``)
  reads either way, is ``bad_amount``.
* Cash tables play in dollars and print euro equivalents in parentheses
  (``posts small blind $0.25 (EUR €0.20)``, header stakes in euros). The dollar amounts are
  the table's money and the ground truth; the euro conversions (rounded) are ignored.
* ``raises to 60`` is a raise-to total; ``returns uncalled bet 10`` returns an uncalled bet.
  ``posts dead blind $0,05 and big blind $0,10`` posts a live big blind and dead money; a
  dead blind printed negative (``$-0,10``, hand 2862015946001029) says nothing of what
  the seat put in, so the hand is ``bad_amount``.
* Pay lines ``X wins high pot 327 with ...``, ``wins low pot 327``, ``wins $1``. When the
  hand says ``There is no low hand`` the pot was not split: its lines are ``whole``. Lines
  do not say which pot (main or side): ``pot`` stays None.
* 2012 tournament files may open with a second byte-order mark read as Windows-1252
  (``ï»¿``), name a guarantee and buy-in in dollars in the header (not read, and not counted
  when deciding the decimal mark), group chips with a no-break space (``1\u00a0500``), and
  write a name's spaces as ``_`` in the muck lines after the result. A "Coin Flip"
  tournament hand deals equal stacks all in and prints no post or bet, only the pot won:
  when that pot is every stack, each seat is read as all in for its stack (noted); else
  the hand is quarantined ``inconsistent``.
* A seat with no post, no action and no cards is not dealt in (a player seated between
  hands), so it is no contender.
* No rake is printed: cash rake is inferred as put in minus paid; tournaments take none.
* Lines skipped on purpose carry no pot money or cards: a seat sitting out, timing out,
  disconnecting or coming back (``quiet``), and ``_CHATTER`` (joins, departures, a
  tournament's finishing places). Any other line fails the hand with its line number.
* A player's line (``NAME: folds``, ``NAME: mucks [..]``) naming no seat is an edited history
  (masked names such as ``zhgb***10`` in the seat lines but ``zhgb***`` in a muck line): the
  hand is ``inconsistent``.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from parsers.base import HandText, card, split_at
from parsers.engine import (
    CHECK, OPEN, Act, Dialect, DialectParser, Hand, Money, Rake, Streets, Wording, kind, returned_where_last_bet,
    seated, skip, take_seat,
)
from rules.money import COMMA, DOT, NumberConvention
from rules.games import HILO_GAMES
from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Half, Platform, QuarantineReason, Street
from parsers.game_names import games, limits
from parsers.headers import Header, folded

# Some 2012 files open with a byte-order mark written twice, the second read as Windows-1252
# text (``ï»¿``, mojibake of U+FEFF): it is no part of the hand.
_MOJIBAKE_BOM = "\u00ef\u00bb\u00bf"
_HAND_START = re.compile(r"^(?:\u00ef\u00bb\u00bf)?Hand#[0-9A-Z]+ - ", re.M)
_SNIFF = re.compile(r"^Hand#[0-9A-Z]+ - .+ -- \d{4}([/.-])\d\d\1\d\d - \d\d:\d\d:\d\d", re.M)
_ACTION_LINE = r"^[^:]+: (?:posts|folds|checks|calls|bets|raises|is all in|returns|shows|mucks)\b"
_HEADER = re.compile(
    r"^Hand#(?P<id>[0-9A-Z]+) - (?P<body>.+) -- (?P<date>\d{4}(?P<sep>[/.-])\d\d(?P=sep)\d\d) - (?P<time>\d\d:\d\d:\d\d)\s*$"
)
# A tournament's header names its guarantee and buy-in in dollars (``$3,000 Guaranteed Turbo
# T10624416 -- TICKETCASH -- $40 + $4``, ``$5.50 Coin Flip T11522749 -- TICKETCASH -- $5,25
# + $0,25``), none of them read, and its hand is in chips: those amounts do not tell the
# decimal mark.
_TOURNAMENT_HEADER = re.compile(r"^(?:\ufeff|\u00ef\u00bb\u00bf)*Hand#[0-9A-Z]+ - .*\bT\d+ -- .*$", re.M)
_STAKES = re.compile(r"^(?P<stakes>\S+) (?P<limit>NL|PL|FL) (?P<game>.+)$")
# Some 2012 clients group a tournament's thousands with a no-break space (``1\u00a0500 in chips``),
# the 2018 Revolution skin every amount, decimals included (``2\u00a0134.75``).
_NUM = r"[$€£]?\d(?:[\d.,]*\d)?(?:\u00a0\d{3})*(?:[.,]\d{1,2})?"
_AMT = rf"(?P<amt>{_NUM})"
_MONEY = re.compile(r"[$€£]-?\d(?:[\d.,]*\d)?")
_EUR = r"(?:\s+\(EUR [^)]*\))?"
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>" + _NUM + r") in chips\)")
_SECTION = re.compile(r"^\*\*\*\s*(?P<name>FLOP|TURN|RIVER|SHOW DOWN)\s*\*\*\*\s*(?:\[(?P<cards>[^\]]*)\])?")
_WIN = re.compile(r"^(?P<name>.+?):? wins (?:(?P<half>high|low) )?(?:pot )?(?P<amt>" + _NUM + r")(?P<rest>.*)$")
# Lines known to carry no pot money or cards, skipped on purpose (any other line fails the
# hand): comings and goings, a tournament's finishing places, a bounty won (counted, paid
# outside the pot), a rebuy (chips bought after the hand, 2012) and chat (``NAME  chats: TEXT``,
# two spaces, 2018).
_CHATTER = re.compile(
    r"^(?:Player left the table|.+ finished \d+ out of \d+ players.*|.+ (?:joined|left) the table(?: at seat \d+)?\.?|"
    r"Tournament: .+ wins \d+ bounty\. \(\d+\)|.+ rebuys [\d,]+ chips|.+  chats: .*)$"
)
# A hand's header, or the first line of a text that opens inside a hand (``_header`` says which).
_FIRST = re.compile(rf"^(?={re.sub(r'[(][?]P<(?!sep>)[a-z]+>', '(?:', _HEADER.pattern[1:])}|{_ACTION_LINE[1:]}|"
                    rf"{_CHATTER.pattern[1:]}|Dealer: Seat \d+$)"
                    r"(?:Hand#(?P<id>[0-9A-Z]+))?")
_BRACKET = re.compile(r"\[([^\]]*)\]")
# The 2018 Revolution skin may print, after a hand's blank lines and before the next header,
# the tail of a hand whose header it never wrote (``Player left the table`` or ``Dealer: Seat 0``,
# then seats or actions): a tail holds a line of play, where a hand's own after-lines (places,
# chat, a run of ``Dealer: Seat N`` lines at the end of a file) hold none.
_AFTER_BLANKS = re.compile(r"\n[ \t]*\n(?=[ \t\n]*\S)")
_PLAY_LINE = re.compile(rf"{_ACTION_LINE}|^Seat \d+: |^\*\*\*", re.M)

_GAMES = games("omaha", "omahahilo", "omaha hi/lo", "omaha hi-lo", "hold'em", "holdem")
_LIMITS = limits("NL", "PL", "FL")
_HEADER_FIELDS = Header(_GAMES, "game {game!r} is not supported", folded, _LIMITS)
_CONVENTIONS: dict[str, NumberConvention] = {".": DOT, ",": COMMA}
_STREETS = Streets(board={"dealt": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER,
                          "show down": Street.SHOWDOWN})

# Posts read their stakes at the end (``_stakes_from_posts``): they set no field here.
_SMALL_BLIND = Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True)
_BIG_BLIND = Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True)
_ANTE = Act(ActionKind.POST_ANTE, Money.DEAD, forced=True)
_BRING_IN = Act(ActionKind.BRING_IN, Money.ADDS, forced=True)


def _strip_boms(text: str) -> str:
    """``text`` without its leading byte-order marks, the mojibake one included."""
    while text.startswith(("\ufeff", _MOJIBAKE_BOM)):
        text = text[1:] if text.startswith("\ufeff") else text[len(_MOJIBAKE_BOM):]
    return text


def _decimal_marks(text: str) -> tuple[dict[str, str], str | None]:
    """The decimal marks ``text``'s amounts show (mark -> first amount showing it), and its
    first amount with a mark that shows nothing.

    Cake prints at most two decimals and groups thousands by three, so a mark with one or
    two digits after it is the decimal mark; one with three could be either.

    >>> _decimal_marks("posts $0,05 ... ($1.000 in chips) ... wins $2,88")
    ({',': '$0,05'}, '$1.000')
    """
    marks: dict[str, str] = {}
    ambiguous = None
    for m in _MONEY.finditer(text):
        amount = m.group(0)
        last = max(amount.rfind("."), amount.rfind(","))
        if last < 0:
            continue
        if len(amount) - last - 1 <= 2:
            marks.setdefault(amount[last], amount)
        elif ambiguous is None:
            ambiguous = amount
    return marks, ambiguous


def _cards(text: str) -> list[str | None]:
    """``[6c,Qs]`` or ``[2d Ks]``."""
    return [card(c) for c in re.split(r"[ ,]+", text) if c]


def _amount_text(text: str) -> str:
    return text.replace("\u00a0", "")  # a no-break space groups thousands


def _convention(hand: Hand) -> NumberConvention:
    """The file's decimal mark when its amounts show one, else the one this hand's show."""
    if hand.facts.get("file mark"):
        return _CONVENTIONS[hand.facts["file mark"]]
    text = "\n".join(line.verbatim for line in hand.lines)
    marks, ambiguous = _decimal_marks(_TOURNAMENT_HEADER.sub("", text))
    if len(marks) > 1:
        raise hand.fail(QuarantineReason.BAD_AMOUNT,
                        f"amounts written with a decimal point ({marks['.']!r}) and with a decimal comma "
                        f"({marks[',']!r})")
    if marks:
        return _CONVENTIONS[next(iter(marks))]
    if ambiguous:
        raise hand.fail(QuarantineReason.BAD_AMOUNT,
                        f"no amount shows the decimal mark: {ambiguous!r} could be grouped thousands or decimals")
    return DOT  # no amount has a mark: either convention reads them alike


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The ``Hand#`` line: its last ``--`` field holds stakes, limit and game; ``T<digits>``
    in the first makes a tournament."""
    line = hand.lines[0].text
    m = _HEADER.match(line)
    if not m:  # a file that opens in the middle of a hand (its header cut away)
        raise hand.fail(QuarantineReason.TRUNCATED, f"the text opens inside a hand, without its header: {line[:120]!r}")
    hand.convention = _convention(hand)
    fields = m["body"].split(" -- ")
    sm = _STAKES.match(fields[-1])
    if not sm:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"no stakes/limit/game in {fields[-1]!r}")
    tournament = re.search(r"\bT(\d+)$", fields[0])
    hand.scale = 1 if tournament else 100
    table: str | None = fields[0]
    if tournament:
        table_field = next((f for f in fields if f.startswith("Table ")), None)
        table = table_field[len("Table "):] if table_field else None
    notes = ["start time printed without a time zone"]
    if not tournament and "€" in fields[-1]:
        notes.insert(0, "stakes printed in EUR; the table plays in USD: USD amounts used, EUR equivalents ignored")
    record = hand.new_record(
        **_HEADER_FIELDS.fields(hand, sm), is_tournament=tournament is not None,
        currency=None if tournament else "USD", tournament_id=tournament[1] if tournament else None,
        start_time_raw=f"{m['date']} - {m['time']}", hand_date=re.sub(r"[/.]", "-", m["date"]), table_name=table,
        notes=notes,
    )
    max_seats = re.search(r"\((\d+)-Max\)|\b(\d+) Max\b", m["body"])
    if max_seats:
        record.max_seats = int(max_seats[1] or max_seats[2])
    return record


def _dealer(hand: Hand, m: re.Match[str]) -> None:
    hand.record.button_seat = int(m["seat"])


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``*** FLOP *** [Qc,As,4s]`` deals the board, a later street adds to it."""
    name = m["name"]
    if name == "SHOW DOWN":
        hand.enter_street("show down", None, None)
        hand.facts["showdown"] = True
        return
    hand.tracker.new_street()  # every street line opens a round, even before any card is dealt
    hand.street = _STREETS.board[name.lower()]  # type: ignore[assignment]
    new = _cards(m["cards"] or "")
    if hand.street == Street.FLOP:
        hand.board = new  # type: ignore[assignment]
        hand.facts["flop"] = True  # even without its cards
    elif hand.facts.get("flop"):
        hand.board.extend(new)  # type: ignore[arg-type]
    else:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"{name} dealt before the flop")


def _name_at(hand: Hand, text: str) -> tuple[SeatRecord, str] | None:
    """The seat whose name starts ``text``, and the rest; the muck lines printed after the
    result write a name's spaces as underscores (``Player_Space: mucks [8h,9d]`` for seat
    ``Player Space``, 2012)."""
    hit = hand.split_name(text)
    if hit is not None:
        return hit
    for name, seat in sorted(hand.by_name.items(), key=lambda item: len(item[0]), reverse=True):
        spelled = name.replace(" ", "_")
        if spelled != name and text.startswith(spelled + ":"):
            return seat, text[len(spelled):]
    return None


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to Hero [6c,Qs]``: the hole cards, which open the betting."""
    hit, cards = _name_at(hand, m["who"]), _BRACKET.search(m["who"])
    if hit is None or not cards:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unreadable deal line {hand.line.text!r}")
    hand.dealt[hit[0].seat] = _cards(cards[1])
    if hand.street == Street.PREDEAL:
        hand.enter_street("dealt", None, None)


def _no_low(hand: Hand, m: re.Match[str]) -> None:
    hand.facts["no low"] = True


def _win(hand: Hand, m: re.Match[str]) -> None:
    """``Hero wins high pot 327 with ...``: paid at the end, whole when there was no low."""
    seat = seated(hand, m["name"], "pot paid to an unseated player: {line!r}")
    hand.facts.setdefault("wins", []).append((seat, hand.money(m["amt"]), m["half"], hand.line.verbatim))


def _underscored(hand: Hand, m: re.Match[str]) -> bool | str | None:
    """A player's line naming the seat with underscores for its spaces (see ``_name_at``)."""
    hit = _name_at(hand, hand.line.text)
    if hit is None:
        _no_seat(hand)
        return False
    return hand.read_player(*hit) or False


_PLAYER_LINE = re.compile(_ACTION_LINE)


def _no_seat(hand: Hand) -> None:
    """A player's line (``NAME: folds``) whose name no seat line holds, in any spelling: the
    history was edited (an anonymiser that renamed the seats but not every line, or dropped
    a seat line), so whose money or cards the line moves is not known."""
    if _PLAYER_LINE.match(hand.line.text):
        name = hand.line.text.split(":", 1)[0]
        raise hand.fail(QuarantineReason.INCONSISTENT, f"line {hand.line.number} is a player's line for {name!r}, "
                                                       f"whom no seat line names: {hand.line.text!r}")


def _both_blinds(hand: Hand, m: re.Match[str]) -> None:
    """``posts dead blind $0,05 and big blind $0,10``: a live big blind and dead money; a
    dead blind printed negative says nothing of what the seat put in."""
    seat, amount, dead = hand.player.seat, hand.money(m["amt"]), hand.money(m["dead"])
    if dead < 0:
        raise hand.fail(QuarantineReason.BAD_AMOUNT, f"dead blind printed negative ({m['dead']!r}): what the seat "
                                                     f"put in is not known: {hand.line.text!r}")
    hand.tracker.add(seat, amount)
    hand.tracker.dead(seat, dead)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_DEAD, dead)


@dataclass(frozen=True)
class _Wager:
    """A call, bet or raise: a printed return goes back on the street of the seat's last one."""

    act: Act

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        self.act(hand, m)
        hand.facts.setdefault("last bet", {})[hand.player.seat] = hand.street


def _all_in(hand: Hand, m: re.Match[str]) -> None:
    """``is all in 225``: the amount added, except where it is the seat's whole stack
    counting what it had in this street (then it added the difference); a call, bet or
    raise by what it does to the street's bet."""
    seat, tracker, amount = hand.player, hand.tracker, hand.money(m["amt"])
    added, already = amount, tracker.contributed(hand.player.seat)
    in_street = tracker.street_bet(seat.seat)
    if seat.stack is not None and already + amount != seat.stack and already + amount - in_street == seat.stack:
        added = amount - in_street
    act = tracker.add_unnamed(seat.seat, added)
    seat.all_in = True
    hand.facts.setdefault("last bet", {})[seat.seat] = hand.street
    hand.add_action(hand.street, seat.seat, act, added, True)


def _show(hand: Hand, m: re.Match[str]) -> None:
    """``shows [..]``, ``mucks [..]``: Cake prints "mucks" for an uncontested winner too, so
    only a contested muck concedes (the seat is not marked as mucked)."""
    seat = hand.player
    if m["cards"]:
        hand.dealt[seat.seat] = _cards(m["cards"])
    shows = m.group(0).startswith("shows")
    seat.showed = seat.showed or shows
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW if shows else ActionKind.MUCK)


def _paid_and_played(hand: Hand) -> None:
    """A hand is paid after its show down; a "Coin Flip" tournament's money is its stacks
    (``_coin_flip``)."""
    wins = hand.facts.get("wins", [])
    if not hand.facts.get("showdown") or not wins:
        raise hand.fail(QuarantineReason.TRUNCATED,
                        "the hand ends before its pot is paid (no ***SHOW DOWN*** and wins line)")
    paid = sum(w[1] for w in wins)
    if not any(hand.tracker.seats().values()) and not _coin_flip(hand, paid):
        raise hand.fail(QuarantineReason.INCONSISTENT, f"a pot of {paid} is paid but no seat posted or bet anything")


def _coin_flip(hand: Hand, paid: int) -> bool:
    """A "Coin Flip" tournament (2012) deals equal stacks all in and prints no post or bet,
    only the cards and the pot won: when the pot paid is every stack, each seat is read as
    all in for its stack (in seat order, bet then calls), with a note. Else False."""
    seats = [s for s in hand.seats.values() if s.stack]
    stacks = {s.stack for s in seats}
    if "Coin Flip" not in hand.lines[0].text or len(seats) < 2 or len(stacks) != 1 or paid != sum(stacks) * len(seats):
        return False
    shown = list(hand.record.actions)
    hand.record.actions.clear()
    for seat in seats:
        act = hand.tracker.add_unnamed(seat.seat, seat.stack or 0)
        seat.all_in = True
        hand.add_action(Street.PREFLOP, seat.seat, act, seat.stack, True)
    first = hand.dialect.first_action_seq + len(hand.record.actions)
    hand.record.actions += [replace(a, seq=first + i) for i, a in enumerate(shown)]  # the show downs after
    hand.record.notes.append(f"a Coin Flip tournament: no post or bet printed; the pot paid, {paid}, is every "
                             f"stack, so each of the {len(seats)} seats is read as all in for its stack")
    return True


def _settle(hand: Hand) -> None:
    """Seats never in the hand, the stakes posted and the pay lines (the rake follows them:
    see ``DIALECT.rake``)."""
    record = hand.record
    acted = {a.seat for a in record.actions}
    for seat in record.seats:
        if seat.seat not in acted and not any(seat.cards or []):
            seat.dealt_in = False  # seated, but no post, no action and no cards: not in the hand
    for field, kinds in (("small_blind", ActionKind.POST_SMALL_BLIND), ("big_blind", ActionKind.POST_BIG_BLIND),
                         ("ante", ActionKind.POST_ANTE)):
        if posted := [a.amount or 0 for a in record.actions if a.kind == kinds]:
            setattr(record, field, max(posted))
    if brought := [a.amount for a in record.actions if a.kind == ActionKind.BRING_IN]:
        record.bring_in = brought[-1]
    hilo, no_low = record.game in HILO_GAMES, hand.facts.get("no low", False)
    for seat, amount, half_text, line in hand.facts["wins"]:
        half = Half.WHOLE if not hilo or no_low else {"high": Half.HIGH, "low": Half.LOW}.get(half_text or "",
                                                                                                Half.UNLABELLED)
        hand.pay(seat, amount, pot=None, half=half, line=line)
    if hilo and no_low:
        record.notes.append("'There is no low hand': the high pot lines paid the whole pot")


def _unexpected(hand: Hand) -> str:
    """A seated player's line (``NAME: ...``) no verb reads is an unexpected action."""
    hit = _name_at(hand, hand.line.text)
    what = "action at line" if hit and hit[1].startswith(":") else "line"
    return f"unexpected {what} {hand.line.number}: {hand.line.text!r}"


DIALECT = Dialect(
    platform=Platform.CAKE,
    format=Format.CAKE,
    version="4",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not a Cake header",
    header=_header,
    strip_lines=True,
    quotes_trailing_space=True,
    seat=kind("seat", _SEAT, take_seat),
    amount_text=_amount_text,
    body=(
        kind("dealer", r"^Dealer: Seat (?P<seat>\d+)", _dealer),
        kind("section", _SECTION, _section),
        kind("dealt", r"^Dealt to (?P<who>.*)$", _dealt),
        kind("no low", r"^There is no low hand$", _no_low),
        kind("chatter", _CHATTER, skip),  # before the pay lines: a bounty won is no pot
        kind("win", _WIN, _win),
    ),
    players=(
        kind("small blind", rf"^posts small blind {_AMT}{_EUR}$", _SMALL_BLIND),
        kind("big blind", rf"^posts big blind {_AMT}{_EUR}$", _BIG_BLIND),
        kind("both blinds", rf"^\s*posts dead blind (?P<dead>[$€£]?-?{_NUM}) and big blind {_AMT}{_EUR}$", _both_blinds),
        kind("ante", rf"^posts ante of {_AMT}{_EUR}$", _ANTE),
        kind("bring-in", rf"^brings[- ]in(?: low)? for {_AMT}{_EUR}$", _BRING_IN),
        kind("fold", r"^folds$", Act(ActionKind.FOLD)),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls {_AMT}{_EUR}$", _Wager(Act(ActionKind.CALL, Money.ADDS))),
        kind("bet", rf"^bets {_AMT}{_EUR}$", _Wager(Act(ActionKind.BET, Money.ADDS))),
        kind("raise", rf"^raises to {_AMT}{_EUR}$", _Wager(Act(ActionKind.RAISE, Money.TO))),
        kind("all-in", rf"^is all in {_AMT}{_EUR}$", _all_in),
        kind("returned", rf"^returns uncalled bet {_AMT}{_EUR}$", returned_where_last_bet),
        kind("shows", r"^shows \[(?P<cards>[^\]]*)\].*$", _show),
        kind("mucks", r"^mucks(?: \[(?P<cards>[^\]]*)\])?.*$", _show),
    ),
    quiet=re.compile(r"^(?:sits out|is sitting out|has timed out|is disconnected|has returned|is back)$"),
    unseated=(kind("underscored name", r"^[^:]+:", _underscored),),
    after_name=re.compile(r":\s*"),
    streets=_STREETS,
    first_action_opens=False,
    notes_unbalanced=False,
    before_returns=(_paid_and_played,),
    checks=(_settle,),
    rake=Rake(inferred="rake not printed: inferred as put in {put_in} minus paid {paid}",
              overpaid="paid {paid} exceeds everything put in {put_in}",
              tournament="tournament pots are not raked: rake 0 (Cake prints no rake)"),
    first_action_seq=1,
    wording=Wording(unexpected=_unexpected, bad_amount="{error}"),
)


def _without_headless_tail(piece: str) -> list[tuple[int, str]]:
    """``piece`` cut where a header-less tail of play follows its blank lines (the tail is a
    piece of its own, quarantined as opening inside a hand), else ``piece`` whole."""
    for gap in _AFTER_BLANKS.finditer(piece):
        if _PLAY_LINE.search(piece, gap.end()):
            tail = gap.end() + len(piece[gap.end():]) - len(piece[gap.end():].lstrip(" \t\n"))
            return [(0, piece[:tail]), (tail, piece[tail:])]
    return [(0, piece)]


class _CakeParser(DialectParser):
    """The engine's parser, deciding the decimal mark once per file (see the module's docstring)."""

    def sniff(self, head: str) -> bool:
        return bool(_SNIFF.search(_strip_boms(head)))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Hands as ``HandText`` whose context is the decimal mark the text's amounts show."""
        marks, _ = _decimal_marks(_TOURNAMENT_HEADER.sub("", text))
        mark = next(iter(marks)) if len(marks) == 1 else ""
        for start, piece in split_at(_HAND_START, text):
            for offset, part in _without_headless_tail(piece):
                yield start + offset, HandText(part, context=mark)

    def parse(self, hand_text: str) -> ParsedHand:
        hand = Hand(self.dialect, _strip_boms(hand_text))
        hand.facts["file mark"] = getattr(hand_text, "context", "")
        return hand.read()


PARSER = _CakeParser(DIALECT)
