"""Absolute Poker and UltimateBet (Cereus network) text hand histories, ``Stage #`` dialect.

Both sites write the same dialect and neither names itself in a hand. The platform is
told from the hand number: UltimateBet numbers start with a letter (``Stage #C241220000``),
Absolute numbers are all digits (``Stage #1797821771``).

What the dialect says, and how it lands in the records:

* Header ``Stage #N: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)``;
  ``Normal`` is fixed limit. Times are US Eastern (``America/New_York``). Files of 2007
  write game and limit in capitals (``Stage #N: HOLDEM NORMAL $25/$50``).
* ``NAME - sitout (wait for BB)`` before the deal: the seat is not dealt in.
* ``Checks (Timeout)`` is a check the client made for a seat that ran out of time;
  ``All-In (Timeout)`` (no amount) leaves the seat in for what it had already put in: it
  adds nothing, and the bet it faced is returned ``not called`` (recorded as an all-in
  call of 0).
* ``NAME - Posts $1 dead $0.50`` is a live $1 plus a dead $0.50; ``Raises $3.50 to $4``
  adds $3.50; ``NAME - returned ($30) : not called`` returns an uncalled bet.
* Stud hands list each seat's cards every street, ``Pocket [H H Js 10d]`` (``H`` face
  down); the third to sixth cards are the up cards. The last street is ``RIVER``.
* Pay lines ``NAME Collects $0.19 from main pot`` carry no half; the summary seat line
  ``won Total ($0.19) HI:... LO:($0.19)`` says how much each seat won per half, and
  labels the pay lines where that is unambiguous (see ``_label_halves``).
* Tournaments (2011): ``Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament
  No Limit 10 - ...`` (no colon; ``Normal`` is the speed, the limit follows ``Tournament``),
  chips with thousands commas, side pots listed in the total (``Total Pot(5,480:3,750,1,730)``).
* The client marks ``Folds (Fold & Show [3s 8c])`` (the cards are kept) and actions it
  took on a preselected button, ``Calls $0.10 (Preselection)``; both are the plain action.
* ``Total Pot($0.43) | Rake ($0.04) | Jackpot Rake ($0.50)``: the jackpot rake is a fee.
  Without a ``Rake`` entry the rake is inferred as total pot minus paid minus fees.
* A "7-2" table (``Holdem  No Limit $4 (7-2)``) plays a proposition: a seat that wins a
  pot with seven-deuce is paid a bonus by the other seats, outside the pot and in no
  action line. ``NAME Collects $40 from 72 proposition pot`` is that bonus: a payout of
  source ``other`` (no pot, noted), counted in the summary's ``collected Total``; the
  summary's ``| 72 Proposition Pot ($40)`` is no fee (hand 1981698003, 2010).
* The summary holds only ``Total Pot(...)``, ``Board [...]`` (the board again) and the
  ``Seat N: ...`` lines; any other line there, as anywhere, fails the hand with its line
  number. ``Does not show`` (an uncontested winner) carries no cards.

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers.base import BRACKETS, card
from parsers.clock import local_to_utc
from parsers.engine import (
    CHECK, OPEN, Act, Dialect, DialectParser, Hand, Money, Streets, Wording, kind, returned_where_last_bet, seated,
    skip, take_seat,
)
from rules.games import HILO_GAMES, STUD_GAMES
from rules.money import format_minor
from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers.game_names import games, limits
from parsers.headers import Header, folded

_HAND_START = re.compile(r"^Stage #[A-Z]*\d+(?:: | Tourney ID \d+ )", re.M)
_SNIFF = re.compile(r"(?=[\s\S]*?^Stage #[A-Z]*\d+(?::| Tourney ID \d+) .+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", re.M)
_WHEN = (r"\s+-\s+(?P<when>(?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)(?:\.\d+)?"
         r"(?: \((?P<zone>[A-Z]+)\))?.*?)\s*$")
# A cash table may name its ante after the stakes (``No Limit $1, $0.25 ante``) and its
# speed (``No Limit $0.10 Turbo``).
_HEADER = re.compile(
    r"^Stage #(?P<id>[A-Z]*\d+):\s+(?P<game>.+?)\s+(?P<limit>(?i:No Limit|Pot Limit|Normal|Limit))\s+"
    r"(?P<stakes>[^\s,]+)(?:, (?P<ante>\$[\d,.]+) ante)?(?: Turbo)?(?: \(7-2\))?" + _WHEN
)
# ``Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - ...``:
# the tournament's kind and speed (``Multi Normal``) stand before ``Tournament``, its limit
# and big blind after it; amounts are chips.
_TOURNEY_HEADER = re.compile(
    r"^Stage #(?P<id>[A-Z]*\d+) Tourney ID (?P<tournament>\d+) (?P<game>.+?) (?:Multi|Single) \w+ Tournament "
    r"(?P<limit>No Limit|Pot Limit|Limit) (?P<stakes>[\d,]+)" + _WHEN
)
# either header, its id the only group (``_header`` reads the rest)
_FIRST = re.compile(r"^(?=" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", h.pattern[1:]) for h in (_HEADER, _TOURNEY_HEADER))
                    + r")Stage #(?P<id>[A-Z]*\d+)")
_TABLE = re.compile(r"^Table: (?P<name>.+?) \((?P<kind>[^)]*)\)(?: Seat #(?P<button>\d+) is the dealer)?")
_SEAT = re.compile(r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>[^)]*?) in chips\)")
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*(?P<cards>.*)$")
_AMT = r"(?P<amt>\$?[\d,]+(?:\.\d+)?)"
_TO = r"(?P<to>\$?[\d,]+(?:\.\d+)?)"
_COLLECT = re.compile(r"^(?P<rest>.+?) Collects " + _AMT +
                      r" from (?P<pot>main pot|side pot(?: ?[#-]?(?P<side>\d+))?|(?P<prop>72 proposition pot))\s*$")
# A tournament hand with side pots lists them after the total: ``Total Pot(5,480:3,750,1,730)``
# (main 3,750, side 1,730). The comma both parts the pots and groups thousands, so the
# list is not read: the total is, and the pay lines name each pot.
_TOTALS = re.compile(r"^Total Pot\(" + _AMT + r"(?::[\d,]+)?\)(?P<rest>.*)$")
_FEE = re.compile(r"\|\s*(?P<name>[A-Za-z ]+?)\s*\((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")
_SUMMARY_HALF = re.compile(r"\b(?P<half>HI|LO):\((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")
_SUMMARY_TOTAL = re.compile(r"\b(?:won|collected) Total \((?P<amount>\$?[\d,]+(?:\.\d+)?)\)")
_BEFORE_CARDS = re.compile(r"(?= |$)")

# a game name may end with the table's kind in brackets (``Omaha Hi/Lo (1 on 1)``): the same game
_HEADER_FIELDS = Header(games("holdem", "hold'em", "omaha", "omaha hi", "omaha hi/lo", "seven card", "seven card stud",
                              "seven card hi/lo", "seven card stud hi/lo", "razz"),
                        "game {game!r} is not supported", lambda name: folded(re.sub(r"\s*\([^)]*\)\s*$", "", name)),
                        limits("No Limit", "Pot Limit", "Normal", "Limit"))
_SHOWDOWN = {"show down": Street.SHOWDOWN, "showdown": Street.SHOWDOWN}
_STREETS = Streets(
    board={"pocket cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER, **_SHOWDOWN},
    stud={"3rd street": OPEN, "4th street": Street.FOURTH, "5th street": Street.FIFTH, "6th street": Street.SIXTH,
          "river": Street.SEVENTH, "7th street": Street.SEVENTH, **_SHOWDOWN},
)

# Posts read their stakes at the end (``_stakes_from_posts``): they set no field here.
_POST = {"sb": Act(ActionKind.POST_SMALL_BLIND, Money.ADDS, forced=True),
         "bb": Act(ActionKind.POST_BIG_BLIND, Money.ADDS, forced=True),
         "post": Act(ActionKind.POST_BLIND, Money.ADDS, forced=True)}
_ANTE = Act(ActionKind.POST_ANTE, Money.DEAD, forced=True)
_BRING_IN = Act(ActionKind.BRING_IN, Money.ADDS, forced=True)
_WAGERS = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


def _cards(text: str) -> list[str | None]:
    """``H H Js 10d``: ``H`` is a card face down."""
    return [None if tok.upper() == "H" else card(tok) for tok in text.split()]


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """Game, limit, stakes and time from the ``Stage #`` line; the ``Table:`` line names the
    table, its kind (play money) and the button."""
    text = hand.lines[0].text
    m = _HEADER.match(text) or _TOURNEY_HEADER.match(text)
    assert m is not None  # ``_FIRST`` matched one of them
    game = _HEADER_FIELDS.game(hand, m["game"])
    stakes = m["stakes"]
    lines = [line.text for line in hand.lines if line.text]
    table = next((t for ln in lines[1:3] if (t := _TABLE.match(ln))), None)
    is_play = "Play Money" in (table["kind"] if table else "")
    is_tournament = "$" not in stakes and not is_play
    digits_only = re.fullmatch(r"[\d,/]+", stakes.replace("$", ""))
    hand.scale = 1 if is_tournament or (is_play and digits_only) else 100
    utc = local_to_utc(f"{m['date']} {m['time']}", "ET", {"ET": "America/New_York"}) if m["zone"] == "ET" else None
    record = hand.new_record(
        game=game, limit=_HEADER_FIELDS.limits.get(m["limit"].title()), is_tournament=is_tournament,
        tournament_id=m.groupdict().get("tournament"), currency="USD" if "$" in stakes and not is_play else None,
        start_time_raw=m["when"], start_time_utc=utc, hand_date=m["date"],
        table_name=table["name"] if table else None, is_play_money=is_play,
    )
    if hand.hand_id and hand.hand_id[0].isalpha():
        record.platform = Platform.ULTIMATEBET  # UltimateBet numbers start with a letter
    if table and table["button"] and game not in STUD_GAMES:
        record.button_seat = int(table["button"])
    return record


def _section(hand: Hand, m: re.Match[str]) -> None:
    """``*** FLOP *** [..]``: a street (the board's cards so far in brackets), the show
    down, or the summary."""
    name = m["name"].lower()
    if name == "summary":
        hand.in_summary = True
        name = "show down"
    if name != name.strip() or hand.dialect.streets.target(hand.family, name) is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"unknown section at line {hand.line.number}: {hand.line.text!r}")
    hand.enter_street(name, None, None)
    if hand.family != "stud" and m["cards"] and hand.street != Street.SHOWDOWN:
        hand.board = [card(c) for group in BRACKETS.findall(m["cards"]) for c in group.split()]


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [Ah Kd]``."""
    hit = hand.split_name(m["who"], _BEFORE_CARDS)
    if hit is None:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"cards dealt to an unseated player: {hand.line.text!r}")
    seat, rest = hit
    group = BRACKETS.search(rest)
    if group:
        hand.dealt[seat.seat] = _cards(group[1])


def _collects(hand: Hand, m: re.Match[str]) -> None:
    """``NAME Collects $0.19 from main pot``: paid at the end, labelled from the summary."""
    seat = seated(hand, m["rest"], "pot paid to an unseated player: {line!r}")
    pot = 0 if m["pot"] == "main pot" else (int(m["side"]) if m["side"] else None)
    if m["prop"]:  # the 7-2 bonus, paid by the other seats outside the pot
        hand.facts.setdefault("proposition", []).append((seat, hand.money(m["amt"]), hand.line.verbatim))
        return
    hand.facts.setdefault("collects", []).append((seat, hand.money(m["amt"]), pot, hand.line.verbatim))


def _totals(hand: Hand, m: re.Match[str]) -> None:
    """``Total Pot($0.43) | Rake ($0.04) | Jackpot Rake ($0.50)``: every entry but the rake is a fee."""
    record = hand.record
    record.total_pot_printed = hand.money(m["amt"])
    for fee in _FEE.finditer(m["rest"]):
        label, value = fee["name"].strip(), hand.money(fee["amount"])
        if label.lower() == "rake":
            record.rake = value
        else:
            record.fee_detail[label.lower().replace(" ", "_")] = value
            record.fees += value


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat N: ...``: what it won per half (read at the end) and the cards it mucked."""
    number = int(m["seat"])
    hand.facts.setdefault("summary", {})[number] = hand.line.text
    mucked = re.search(r"\[Mucked\] \[([^\]]*)\]", hand.line.text)
    seat = hand.seats.get(number)
    if mucked and seat is not None:
        hand.dealt[number] = _cards(mucked[1])
        seat.mucked = True


@dataclass(frozen=True)
class _Wager:
    """A call, bet or raise: a printed return goes back on the street of the seat's last one."""

    act: Act | None = None  # None: a raise, checked against the amount it says it adds

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        seat = hand.player
        if self.act is not None:
            self.act(hand, m)
        else:
            added = hand.tracker.raise_to(seat.seat, hand.money(m["to"]))
            said = hand.money(m["amt"])
            if added != said:
                hand.facts.setdefault("notes", []).append(f"{hand.line.text!r}: raise adds {added}, the line says {said}")
            hand.add_action(hand.street, seat.seat, ActionKind.RAISE, added)
        hand.facts.setdefault("last bet", {})[seat.seat] = hand.street


def _all_in(hand: Hand, m: re.Match[str]) -> None:
    """``All-In(Raise) $3 to $4``, ``All-In $2``: a call, bet or raise by what it does to the street's bet."""
    seat, tracker = hand.player, hand.tracker
    level = tracker.max_street_bet()
    if m["to"]:
        added = tracker.raise_to(seat.seat, hand.money(m["to"]))
    else:
        added = hand.money(m["amt"])
        tracker.add(seat.seat, added)
    new_bet = tracker.street_bet(seat.seat)
    act = ActionKind.CALL if new_bet <= level else (ActionKind.BET if level == 0 else ActionKind.RAISE)
    seat.all_in = True
    hand.facts.setdefault("last bet", {})[seat.seat] = hand.street
    hand.add_action(hand.street, seat.seat, act, added, True)


def _timeout_all_in(hand: Hand, m: re.Match[str]) -> None:
    """``All-In (Timeout)``: the seat stays in for what it has already put in, adding
    nothing; the bet it faced comes back ``returned ... : not called``."""
    hand.player.all_in = True
    hand.add_action(hand.street, hand.player.seat, ActionKind.CALL, 0, True)


def _dead_post(hand: Hand, m: re.Match[str]) -> None:
    """``Posts $1 dead $0.50`` (a live $1 and a dead $0.50); ``Posts dead $40 dead $15`` is
    $40 in all, $15 of it dead."""
    seat, amount, dead = hand.player.seat, hand.money(m["amt"]), hand.money(m["dead"])
    if m.group(0).startswith("Posts dead "):
        amount -= dead
        if amount < 0:
            raise hand.fail(QuarantineReason.BAD_AMOUNT,
                            f"dead part above the post at line {hand.line.number}: {hand.line.text!r}")
    hand.tracker.add(seat, amount)
    hand.tracker.dead(seat, dead)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
    hand.add_action(Street.PREDEAL, seat, ActionKind.POST_DEAD, dead)


def _fold(hand: Hand, m: re.Match[str]) -> None:
    """``Folds (Fold & Show [3s 8c])``: the folder shows its cards as it folds."""
    hand.player.folded_street = hand.street
    if m["cards"]:
        hand.dealt[hand.player.seat] = _cards(m["cards"])
    hand.add_action(hand.street, hand.player.seat, ActionKind.FOLD)


def _pocket(hand: Hand, m: re.Match[str]) -> None:
    """Stud: ``Pocket [H H Js 10d]`` each street; the third to sixth cards are up."""
    seat, pocket = hand.player, _cards(m["cards"])
    if len(pocket) >= len(hand.dealt.get(seat.seat, [])):
        hand.dealt[seat.seat] = pocket
    seat.upcards = [c for c in pocket[2:6] if c]


def _show(hand: Hand, m: re.Match[str]) -> None:
    seat = hand.player
    if m.group(0).startswith("Shows"):
        hand.dealt[seat.seat] = _cards(m["cards"])
        seat.showed = True
        hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.SHOW)
        return
    seat.mucked = True
    if m["cards"]:
        hand.dealt[seat.seat] = _cards(m["cards"])
    hand.add_action(Street.SHOWDOWN, seat.seat, ActionKind.MUCK)


def _sitout(hand: Hand, m: re.Match[str]) -> None:
    hand.player.dealt_in = False


def _ante_returned(hand: Hand, m: re.Match[str]) -> None:
    """``NAME - Ante returned $2.50`` after ``NAME - sitout (wait for BB)`` (2009): the seat
    that sits out gets its ante back, so it never went in: the ante is taken back off the
    seat's posts (noted), no payout (more back than the seat anted fails the hand)."""
    seat, amount = hand.player, hand.money(m["amt"])
    assert seat is not None and hand.line is not None  # a player's line: the engine set both
    antes = [a for a in hand.record.actions if a.seat == seat.seat and a.kind == ActionKind.POST_ANTE]
    anted = sum(a.amount or 0 for a in antes)
    if not antes or amount > anted:
        raise hand.fail(QuarantineReason.INCONSISTENT, f"{hand.line.verbatim!r}: more than the seat's ante of {anted}")
    hand.tracker.dead(seat.seat, -amount)
    left = anted - amount
    for ante in antes[1:]:
        hand.record.actions.remove(ante)
    if left:
        antes[0].amount = left
    else:
        hand.record.actions.remove(antes[0])
    hand.record.notes.append(f"{hand.line.verbatim!r}: seat {seat.seat}'s ante taken back, not in the pot")


def _summary_reached(hand: Hand) -> None:
    if not hand.in_summary:
        raise hand.fail(QuarantineReason.TRUNCATED, "the hand ends before its *** SUMMARY ***")


def _stakes_from_posts(hand: Hand) -> None:
    """The blinds and ante are the largest posted; the bring-in the last."""
    record = hand.record
    for field, kinds in (("small_blind", ActionKind.POST_SMALL_BLIND), ("big_blind", ActionKind.POST_BIG_BLIND),
                         ("ante", ActionKind.POST_ANTE)):
        posted = [a.amount or 0 for a in record.actions if a.kind == kinds]
        if posted:
            setattr(record, field, max(posted))
    brought = [a.amount for a in record.actions if a.kind == ActionKind.BRING_IN]
    if brought:
        record.bring_in = brought[-1]


def _pay_collects(hand: Hand) -> None:
    """The Collects lines against the summary's ``won Total``, labelled with its halves."""
    record, collects = hand.record, hand.facts.get("collects", [])
    halves: dict[int, dict[str, int]] = {}
    for seat, text in hand.facts.get("summary", {}).items():
        halves[seat] = {h["half"]: hand.money(h["amount"]) for h in _SUMMARY_HALF.finditer(text)}
        total = _SUMMARY_TOTAL.search(text)
        collected = sum(a for s, a, *_ in collects + hand.facts.get("proposition", []) if s.seat == seat)
        if total and hand.money(total["amount"]) != collected:
            stated = hand.money(total["amount"])
            record.contradicts(f"summary says seat {seat} won {format_minor(stated, record.amount_scale)}, "
                               f"its Collects lines pay {format_minor(collected, record.amount_scale)}",
                               seat, collected, stated)
    hilo = record.game in HILO_GAMES
    lines = [(s.seat, a, pot, line) for s, a, pot, line in collects]
    labels = _label_halves(lines, halves) if hilo else [Half.WHOLE] * len(lines)
    for (seat, amount, pot, line), half in zip(lines, labels, strict=True):
        hand.pay(hand.seats[seat], amount, pot=pot, half=half, line=line)
    for seat, amount, line in hand.facts.get("proposition", []):
        hand.pay(seat, amount, pot=None, half=Half.WHOLE, source=PayoutSource.OTHER, line=line)
        record.notes.append(f"seat {seat.seat} is paid a 7-2 proposition bonus of {amount} by the other seats, "
                            "outside the pot (no action line shows their shares)")
    record.notes.extend(hand.facts.get("notes", []))
    if hilo and Half.UNLABELLED in labels:
        record.notes.append("some Collects lines could not be matched to a half from the summary")


def _settle_rake(hand: Hand) -> None:
    """A tournament's pots are not raked; without a ``Rake`` entry a cash hand's rake is
    the total pot less what was paid and the fees."""
    record = hand.record
    paid = record.paid_from_pots()
    if record.is_tournament:
        if record.rake is None:
            record.rake, record.rake_source = 0, RakeSource.INFERRED
            record.notes.append("tournament pots are not raked: rake 0")
    elif record.rake is None:
        base = record.total_pot_printed if record.total_pot_printed is not None else record.pot_total
        if base - paid - record.fees >= 0:
            record.rake, record.rake_source = base - paid - record.fees, RakeSource.INFERRED
            record.notes.append(
                f"no Rake in the summary: rake inferred as Total Pot {base} minus paid {paid} minus fees {record.fees}")
        else:
            record.rake_source = RakeSource.ABSENT


def _label_halves(
    collect_lines: list[tuple[int, int, int | None, str]], halves: dict[int, dict[str, int]]
) -> list[Half]:
    """Halves for the Collects lines of a hi/lo hand, from the summary's HI:/LO: amounts.

    A seat paid only a high (or only a low) amount gets that label on all its lines; a
    seat paid both gets them where its lines' amounts match them one to one; anything
    else stays unlabelled.
    """
    labels: list[Half] = []
    for seat, _amount, _pot, _line in collect_lines:
        won = halves.get(seat, {})
        hi, lo = won.get("HI", 0), won.get("LO", 0)
        if hi and not lo:
            labels.append(Half.HIGH)
        elif lo and not hi:
            labels.append(Half.LOW)
        else:
            labels.append(Half.UNLABELLED)
    for seat in {s for s, *_ in collect_lines}:
        idx = [i for i, (s, *_rest) in enumerate(collect_lines) if s == seat]
        won = halves.get(seat, {})
        hi, lo = won.get("HI", 0), won.get("LO", 0)
        if hi and lo and len(idx) == 2:
            a, b = (collect_lines[i][1] for i in idx)
            if (a, b) == (hi, lo):
                labels[idx[0]], labels[idx[1]] = Half.HIGH, Half.LOW
            elif (a, b) == (lo, hi):
                labels[idx[0]], labels[idx[1]] = Half.LOW, Half.HIGH
    return labels


def _unexpected(hand: Hand) -> str:
    """A seated player's line (``NAME - ...``) no verb reads is an unexpected action."""
    where = "summary line" if hand.in_summary else "action at line" if hand.split_name(hand.line.text) else "line"
    return f"unexpected {where} {hand.line.number}: {hand.line.text!r}"


# A player's line of play naming no seat: the history was edited (a name changed in the seat
# line only: ``Seat 1 - PLAYER1``, then ``Player1 - Ante $0.01``).
_UNSEATED_PLAY = re.compile(r"^(?P<name>.+?) - (?:Ante|Posts|Bring-In|Calls|Bets|Raises|All-In|Folds|Checks|Pocket|"
                            r"Shows|Mucks)\b")


def _plays_unseated(hand: Hand, m: re.Match[str]) -> None:
    """Whose money or cards the line moves is not known: the hand is inconsistent."""
    alike = [name for name in hand.by_name if name.casefold() == m["name"].casefold()]
    why = f" (the seat line spells it {alike[0]!r})" if alike else ""
    raise hand.fail(QuarantineReason.INCONSISTENT, f"line {hand.line.number}: {m['name']!r} plays but no seat line "
                                                   f"names him{why}: {hand.line.text!r}")


def _player(pattern: str) -> str:
    """A verb's pattern; the client may add ``(Preselection)``: it acted on a button the
    player had chosen in advance."""
    return pattern.removesuffix("$") + r"(?: \(Preselection\))?$"


DIALECT = Dialect(
    platform=Platform.ABSOLUTE,
    format=Format.ABSOLUTE,
    version="5",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    not_first="not a Stage header",
    header=_header,
    strip_lines=True,
    quotes_trailing_space=True,
    seat=kind("seat", _SEAT, take_seat),
    body=(
        kind("table", _TABLE, skip),
        kind("section", _SECTION, _section),
        kind("dealt", r"^Dealt to (?P<who>.*)$", _dealt),
        kind("collects", _COLLECT, _collects),
        # 2009: the seat due the small blind left; the hand has a big blind only
        kind("no small blind", r"^No small blind is posted due to player leave$", skip),
    ),
    players=(
        kind("small blind", _player(rf"^Posts small blind {_AMT}$"), _POST["sb"]),
        kind("big blind", _player(rf"^Posts big blind {_AMT}$"), _POST["bb"]),
        kind("dead", _player(rf"^Posts {_AMT} dead (?P<dead>\$?[\d,]+(?:\.\d+)?)$"), _dead_post),
        # 2007: ``Posts dead $40 dead $15`` at $25/$50 (blinds $15/$25) is $40 in all, $15 of it
        # dead: the seat then ``Raises $25 to $50`` and the pot holds its $65 (hand 736661180)
        kind("dead total", _player(rf"^Posts dead {_AMT} dead (?P<dead>\$?[\d,]+(?:\.\d+)?)$"), _dead_post),
        kind("post", _player(rf"^Posts {_AMT}$"), _POST["post"]),
        kind("ante", _player(rf"^Ante {_AMT}$"), _ANTE),
        kind("bring-in", _player(rf"^Bring-In {_AMT}$"), _BRING_IN),
        kind("fold", _player(r"^Folds(?: \(Fold & Show \[(?P<cards>[^\]]*)\]\)| \(Timeout\))?$"), _fold),
        kind("check", _player(r"^Checks(?: \(Timeout\))?$"), CHECK),
        kind("call", _player(rf"^Calls {_AMT}$"), _Wager(Act(ActionKind.CALL, Money.ADDS))),
        kind("bet", _player(rf"^Bets {_AMT}$"), _Wager(Act(ActionKind.BET, Money.ADDS))),
        kind("raise", _player(rf"^Raises {_AMT} to {_TO}$"), _Wager()),
        kind("timeout all-in", _player(r"^All-In \(Timeout\)$"), _timeout_all_in),
        kind("all-in", _player(rf"^All-In(?:\((?:Raise|Bet|Call)\))? {_AMT}(?: to {_TO})?$"), _all_in),
        kind("returned", _player(rf"^returned \({_AMT}\) : not called$"), returned_where_last_bet),
        kind("pocket", _player(r"^Pocket \[(?P<cards>[^\]]*)\]$"), _pocket),
        kind("shows", _player(r"^Shows \[(?P<cards>[^\]]*)\].*$"), _show),
        kind("mucks", _player(r"^Mucks(?: \[(?P<cards>[^\]]*)\])?$"), _show),
        kind("no show", _player(r"^Does not show$"), skip),  # the uncontested winner keeps its cards hidden
        kind("sitout", _player(r"^sitout(?: \([^)]*\))?$"), _sitout),
        kind("ante returned", _player(rf"^Ante returned {_AMT}$"), _ante_returned),
    ),
    summary=(
        kind("table", _TABLE, skip),
        kind("section", _SECTION, _section),
        kind("totals", _TOTALS, _totals),
        kind("summary seat", r"^Seat (?P<seat>\d+): ", _summary_seat),
        kind("board", r"^Board \[[^\]]*\]$", skip),  # the board the street lines dealt, again
    ),
    unseated=(kind("plays unseated", _UNSEATED_PLAY, _plays_unseated),),
    name_follows=re.compile(r"(?= - )"),
    after_name=re.compile(r" - \s*"),
    streets=_STREETS,
    first_action_opens=False,
    notes_unbalanced=False,
    before_returns=(_summary_reached,),
    checks=(_stakes_from_posts, _pay_collects, _settle_rake),
    first_action_seq=1,
    wording=Wording(unexpected=_unexpected, bad_amount="{error}",
                    total_pot="Total Pot {printed} differs from what the actions put in, {total}"),
)

PARSER = DialectParser(DIALECT)
