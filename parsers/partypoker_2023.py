"""partypoker's text hand histories from 2023 on.

A hand reads ``***** Hand History For Game 1676832422659jxi26omnah *****``, then
``0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 13:45:49 EST 2023`` and ``Table
Fremont 14 (Real Money) -- Seat 1 is the button``. Actions print what they added in
parentheses (``calls (0.10)``) except raises (``raises 0.35 to 0.40``: added, then the
street total).

Nothing is paid by a line of its own: the summary gives each pot after rake (``Main Pot:
$2.23 Rake: $0.11``) and one line per player, ``balance $14.91, bet $0.97, collected
$2.23, net +$1.26[cards]``. ``bet`` and ``collected`` include a bet nobody matched, which
the history never prints as returned; the parser takes it back from the action lines and
splits ``collected`` into the returned (``uncalled``) part and the pot part. An all-in
player who takes the cash-out (``opted for cash-out``, ``Cashout Amount is 23.01``,
summary ``Cashed out``) is paid that amount by the house: a ``cash_out`` payout, not from
the pot; the pot is still paid to its winner as printed.

The same dialect runs back to 2010: emailed histories put ``Game #N starts.`` and ``#Game
No : N`` before the banner, and 2010-2013 headers two spaces around the dash.
Tournaments (``350000/700000 Tourney Texas Holdem Game Table (NL) (MTT Tournament
#301084002) (Buyin $50.0 + $5.0) - ...``) count whole chips and print no rake (they take
none). Where a seat's summary says it put in another amount than its actions add up to
(an emailed history leaves some of a seat's actions out; a 2021 tournament prints a raise
a chip short), the actions cannot be audited: the hand is quarantined as inconsistent.
A seat that ``sits out`` (no post, no action, no cards) is not dealt in.

Every line is read or known to carry no money or cards: pot announcements (``Creating
Main Pot with ...``), the summary's ``Board``, and after a seat's name ``_SEAT_NO_MONEY``
(the cash-out offer's odds and premium, showdown lines whose cards the summary gives).
Any other line fails the hand with its line number, whether or not it holds a money word.

Read by the engine (``parsers/engine.py``); the preamble is dropped before a hand is read:
its lines are numbered from the banner. Versions (``parser_version``) and what each changed:
``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from rules.games import game_spec
from rules.records import HandParseError, ParsedHand
from rules.vocab import ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers._text_hand import game_from_name, hand_lines, utc_iso
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, CALL, CHECK, DEAD_BLIND, OPEN, RAISE_TO, SMALL_BLIND, Dialect, Hand, Rake,
    Streets, Unexpected, Wording, cash_out, enter_summary, fold_once, kind, skip, take_seat,
)
from parsers.partypoker import PREAMBLE, PartyParser, all_in_or_sat_out, max_seats, seat_dealt
from parsers.game_names import limits
from parsers.headers import Header, table_fields

_HAND_START = re.compile(
    r"^[\x00\ufeff]*(?:Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History For Game \w+ \*{5})", re.M)
_BANNER = re.compile(r"^\*{5} Hand History For Game (?P<id>\w+) \*{5}$")
# ``0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 13:45:49 EST 2023``; 2010-2013 put
# two spaces around the dash; a tournament's: ``350000/700000 Tourney Texas Holdem Game
# Table (NL) (MTT Tournament #301084002) (Buyin $50.0 + $5.0) - Sun Apr 25 ...`` (2008-2010
# without the buy-in).
_HEADER = re.compile(
    r"^(?P<stakes>[$€£]?[\d.,]+/[$€£]?[\d.,]+) (?P<tourney>Tourney )?(?P<game>.+?) Game Table \((?P<limit>[A-Z]+)\)"
    r"(?:\s+\((?P<kind>[\w ]+?) Tournament #(?P<tourney_id>\d+)\))?(?:\s+\(Buyin [^()]*\))?"
    r"\s+-\s+(?P<date>\w{3} \w{3} \d{1,2} \d\d:\d\d:\d\d) (?P<tz>[A-Z]{2,5}) (?P<year>\d{4})$"
)
_TABLE = re.compile(
    r"^Table (?P<table>.+?) \((?P<money>Real Money|Play Money)\)(?: -- Seat (?P<button>\d+) is the button)?$")
_LIMITS = limits("NL", "PL", "FL")
_HEADER_FIELDS = Header(game_from_name, limits=_LIMITS)
_AMT = r"(?P<amt>[^\s()]+)"
_POTS = re.compile(r"(?P<name>Main Pot|Side Pot(?: \d+)?|Rake): " + _AMT)
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_RESULT = re.compile(
    rf"^(?P<cashed>Cashed out\s+)?balance (?P<balance>{_MONEY}), (?:didn't bet|sits out|lost (?P<lost>{_MONEY})"
    rf"|bet (?P<bet>{_MONEY}), collected (?P<collected>{_MONEY}), net [+-]?{_MONEY})"
    r"(?: \(folded\))?\s*(?P<cards>\[[^\]]*\])?"
)
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|Cashout|balance)\b")
# After a seat's name, known to carry no money or cards: the cash-out offer's odds
# (``probabilty``, as printed) and premium, and showdown lines (a shown hand's cards are
# read from the summary's result line).
_SEAT_NO_MONEY = re.compile(
    r"^(?:probabilty is [\d.]+|probability is [\d.]+|Cash-out Premium % is [\d.]+|"
    r"(?:shows|mucks|does not show|doesn't show)\b.*)$"
)
_TRUNCATED = "hand ends before its summary's 'Main Pot: ... Rake: ...' line"


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The banner, ``0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 ...`` and the table line."""
    lines = [line.text for line in hand.lines]
    banner = _BANNER.match(lines[0])
    if not banner:
        raise HandParseError(QuarantineReason.PARSE_ERROR, f"expected the hand's banner, found {lines[0][:120]!r}")
    hand.hand_id = banner["id"]
    text, cut = [*lines[1:3], "", ""], QuarantineReason.TRUNCATED if len(lines) < 3 else QuarantineReason.PARSE_ERROR
    if not (header := _HEADER.match(text[0])):
        raise hand.fail(QuarantineReason.TRUNCATED if len(lines) < 2 else QuarantineReason.PARSE_ERROR,
                        f"cannot read the stakes/game line {text[0][:120]!r}")
    fields = _HEADER_FIELDS.fields(hand, header)
    if not (table := _TABLE.match(text[1])):
        raise hand.fail(cut, f"cannot read the table line {text[1][:120]!r}")
    play_money = table["money"] == "Play Money"
    seat_text = " ".join(line for line in lines if line.startswith("Seat "))
    currency = None if play_money else "EUR" if "€" in seat_text else "GBP" if "£" in seat_text else "USD"
    is_tournament = bool(header["tourney"])
    hand.scale = 1 if is_tournament else 100
    local = datetime.strptime(f"{header['date']} {header['year']}", "%a %b %d %H:%M:%S %Y")
    record = hand.new_record(
        **fields, **table_fields(table), is_tournament=is_tournament,
        currency=None if is_tournament else currency, tournament_id=header["tourney_id"], is_play_money=play_money,
        start_time_raw=f"{header['date']} {header['tz']} {header['year']}", start_time_utc=utc_iso(local, header["tz"]),
        hand_date=local.strftime("%Y-%m-%d"),
    )
    hand.line = hand.lines[1]  # an amount of the stakes that cannot be read names this line
    small, big = header["stakes"].split("/")
    record.small_blind, record.big_blind = hand.money(small), hand.money(big)
    return record


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    hand.deal(seat_dealt(hand, m["name"]), m["cards"])


def _close_street(hand: Hand) -> None:
    """The history prints no uncalled-bet line: when a street ends, its largest bet's part
    over the next largest came back to its bettor (an ``uncalled_return`` action), which
    the summary's ``collected`` pays back (see ``_pay``)."""
    if hand.street == Street.PREDEAL:
        return
    bets = sorted(((hand.tracker.street_bet(s.seat), s) for s in hand.seats.values()), key=lambda b: b[0],
                  reverse=True)
    if bets and bets[0][0] > 0:
        seat, excess = bets[0][1], bets[0][0] - (bets[1][0] if len(bets) > 1 else 0)
        if excess > 0:
            hand.tracker.returned(seat.seat, excess)
            hand.add_action(hand.street, seat.seat, ActionKind.UNCALLED_RETURN, excess)
            returned = hand.facts.setdefault("returned", {})
            returned[seat.seat] = returned.get(seat.seat, 0) + excess
    hand.tracker.new_street()


def _street(hand: Hand, m: re.Match[str]) -> None:
    """``** Dealing Flop ** :  [ 2c, 9d, Qh ]``: the street before it closes."""
    _close_street(hand)
    board = m["street"] != "down cards"
    hand.enter_street(m["street"], m["rest"].strip(" :[]") if board else None, None)


def _summary(hand: Hand, m: re.Match[str]) -> None:
    _close_street(hand)
    enter_summary(hand, m)


def _all_in(hand: Hand, m: re.Match[str]) -> None:
    """``is all-In.``: no money of its own; the seat's last action was all in."""
    seat = hand.player
    seat.all_in = True
    for action in reversed(hand.record.actions):
        if action.seat == seat.seat:
            action.all_in = True
            break


def _cash_out_amount(hand: Hand, m: re.Match[str]) -> None:
    """``Cashout Amount is 23.01``: what the house pays the seat (see ``_pay``)."""
    hand.facts.setdefault("cash-out", {})[hand.player.seat] = hand.money(m["amt"])


def _pots(hand: Hand, m: re.Match[str]) -> None:
    """``Main Pot: $2.23 Rake: $0.11``, ``Side Pot 1: ...``: each pot after rake, and the rake."""
    for pot in _POTS.finditer(hand.line.text):
        amount = hand.money(pot["amt"])
        if pot["name"] == "Rake":
            hand.record.rake, hand.record.rake_source = amount, RakeSource.PRINTED
        else:
            hand.pots.append(amount)
    hand.record.pots_printed_net = True


def _result(hand: Hand, m: re.Match[str]) -> bool | None:
    """``NAME balance $14.91, bet $0.97, collected $2.23, net +$1.26 [cards]``: what the seat
    put in and collected (paid by ``_pay``) and the cards it showed."""
    hit = hand.split_name(hand.line.text)
    if hit is None:
        return False
    seat, rest = hit
    result = _RESULT.match(rest.lstrip(": "))
    if not result:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"line {hand.line.number} {hand.line.text!r}: "
                                                      "cannot read this player's result")
    if result["cards"]:
        hand.reveal(seat, result["cards"].strip("[]"), showed=True)
    if result["cashed"]:
        seat.cashed_out = True
    put_in, collected = result["bet"] or result["lost"], result["collected"]
    hand.facts.setdefault("results", []).append(
        (seat, hand.money(put_in) if put_in else 0, hand.money(collected) if collected else 0, hand.line.verbatim))
    return None


def _summary_printed(hand: Hand) -> None:
    """A hand cut off before its pot line is truncated; a tournament prints no rake (it takes none)."""
    record = hand.record
    if not hand.in_summary or not hand.pots or (record.rake is None and not record.is_tournament):
        raise hand.fail(QuarantineReason.TRUNCATED, _TRUNCATED)
    if record.rake is None:
        record.rake_source = RakeSource.ABSENT


def _pay(hand: Hand) -> None:
    """Split each ``collected`` into the returned bet, the house's cash-out and pot winnings."""
    record, single_pot = hand.record, len(hand.pots) == 1
    returned, cash_outs = hand.facts.get("returned", {}), hand.facts.get("cash-out", {})
    split = game_spec(record.game).split
    last = hand.lines[-1].number  # the old reader named the hand's last line here
    for seat, bet, collected, line in hand.facts.get("results", []):
        back = returned.get(seat.seat, 0)
        if bet != hand.tracker.contributed(seat.seat) + back:
            # an emailed history leaves out some of a seat's actions; a 2021 tournament's
            # rounds a raise a chip short: either way the actions are not what was put in
            raise hand.fail(QuarantineReason.INCONSISTENT,
                            f"line {last} {line!r}: seat {seat.seat} ({seat.player}): the summary says {bet} put in, "
                            f"the actions add up to {hand.tracker.contributed(seat.seat) + back}")
        if not collected:
            if back:
                record.notes.append(f"seat {seat.seat} ({seat.player}) had {back} unmatched but collected nothing")
            continue
        uncalled = min(back, collected)
        if uncalled:
            hand.pay(seat, uncalled, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED, line=line)
        rest = collected - uncalled
        if seat.cashed_out and seat.seat in cash_outs and rest:
            cash_out = min(rest, cash_outs[seat.seat])
            hand.pay(seat, cash_out, pot=None, half=Half.WHOLE, source=PayoutSource.CASH_OUT, line=line)
            rest -= cash_out
            if rest:
                record.notes.append(f"seat {seat.seat} ({seat.player}) cashed out and also collected {rest} "
                                    "from the pot")
        if rest:
            hand.pay(seat, rest, pot=0 if single_pot else None, half=Half.UNLABELLED if split else Half.WHOLE,
                     line=line)


def _kept_after_cash_out(hand: Hand) -> None:
    """Pot money paid to no seat after a cash-out: the house kept it."""
    record = hand.record
    shortfall = record.pot_total - record.paid_from_pots() - (record.rake or 0)
    if shortfall > 0 and any(s.cashed_out for s in record.seats):
        record.house_retained = shortfall
        record.notes.append(f"{shortfall} of the pot was paid to no seat after a cash-out: taken as kept by the house")


DIALECT = Dialect(
    platform=Platform.PARTYPOKER,
    format=Format.PARTYPOKER_2023,
    version="2",
    hand_start=_HAND_START,
    head=_HAND_START,  # ``sniff`` is the parser's own
    first=re.compile(r"^(?P<id>(?!))?"),  # ``_header`` reads the three header lines
    not_first="",
    header=_header,
    header_lines=3,
    seat=kind("seat", r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*)\)$", take_seat),
    body=(
        kind("street", r"^\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?P<rest>.*)$", _street),
        kind("summary", r"^\*\* Summary \*\*", _summary),
        kind("players", r"^Total number of players : \d+(?:/(?P<max>\d+))?$", max_seats),
        # ``Creating Main Pot with $ 1.20 with A, B`` announces a pot the actions already put in
        kind("pot announcement", r"^Creating (?:Main|Side) Pot(?: \d+)? with .+$", skip),
        kind("dealt", r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", _dealt),
    ),
    players=(
        kind("small blind", rf"^posts small blind \({_AMT}\)$", replace(SMALL_BLIND, sets=None)),
        kind("big blind", rf"^posts big blind \({_AMT}\)$", replace(BIG_BLIND, sets=None, later=ActionKind.POST_BLIND)),
        kind("ante", rf"^posts ante \({_AMT}\)$", ANTE),
        kind("dead blind", rf"^posts dead blind \({_AMT}\)$", DEAD_BLIND),
        kind("straddle", rf"^posts straddle \({_AMT}\)$", BLIND),
        kind("fold", r"^folds$", fold_once),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls \({_AMT}\)$", CALL),
        kind("bet", rf"^bets \({_AMT}\)$", BET),
        kind("raise", rf"^raises \S+ to {_AMT}$", RAISE_TO),
        kind("all in", r"^is all-[Ii]n", _all_in),
        kind("cash-out", r"^opted for cash-out$", cash_out),
        kind("cash-out amount", rf"^Cashout Amount is {_AMT}$", _cash_out_amount),
    ),
    quiet=_SEAT_NO_MONEY,
    after_name=re.compile(r"[: ]*"),
    summary=(
        kind("pots", r"^(?:Main Pot:|Side Pot)", _pots),
        kind("board", r"^Board: \[[^\]]*\]$", skip),
        kind("result", r"", _result),
    ),
    streets=Streets(board={"down cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    rake=Rake(),  # a tournament prints none: ``_summary_printed``
    first_action_opens=False,  # ``** Dealing down cards **`` opens the betting
    before_returns=(_summary_printed, _pay),
    checks=(all_in_or_sat_out, _kept_after_cash_out),
    wording=Wording(unexpected=Unexpected(_MONEY_WORDS), bad_amount="line {number} {text!r}: {error}", unbalanced=""),
)


class PartyPoker2023Parser(PartyParser):
    """partypoker's 2023+ dialect: a hand starts at its preamble, or at its banner."""

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^\*{5} Hand History For Game \w+ \*{5}\s*$", head, re.M)) and " Game Table (" in head

    def parse(self, hand_text: str) -> ParsedHand:
        """The preamble is dropped: the lines are numbered from the banner, as they were."""
        lines = hand_lines(hand_text)
        while lines and (not lines[0].strip() or PREAMBLE.match(lines[0])):
            lines.pop(0)
        if not lines:
            raise HandParseError(QuarantineReason.PARSE_ERROR, "expected the hand's banner, found ''")
        return self.read(lines)


PARSER = PartyPoker2023Parser(DIALECT)
