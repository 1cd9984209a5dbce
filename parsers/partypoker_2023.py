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
"""

from __future__ import annotations

import re
from datetime import datetime

from rules.money import DOT
from rules.vocab import ActionKind, Format, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers._text_hand import SPLIT_GAMES, HandBuilder, game_from_name, hand_lines, utc_iso
from parsers.base import TextParser, cards
from parsers.partypoker import split_with_preamble
from rules.records import HandParseError, ParsedHand

_HAND_START = re.compile(
    r"^[\x00\ufeff]*(?:Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History For Game \w+ \*{5})", re.M)
# the lines an emailed history (2010) prints before a hand's banner
_PREAMBLE = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)\s*$")
_BANNER = re.compile(r"^\*{5} Hand History For Game (?P<id>\w+) \*{5}$")
# ``0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 13:45:49 EST 2023``; 2010-2013 put
# two spaces around the dash; a tournament's: ``350000/700000 Tourney Texas Holdem Game
# Table (NL) (MTT Tournament #301084002) (Buyin $50.0 + $5.0) - Sun Apr 25 ...`` (2008-2010
# without the buy-in).
_HEADER = re.compile(
    r"^(?P<stakes>[$€£]?[\d.,]+/[$€£]?[\d.,]+) (?P<tourney>Tourney )?(?P<game>.+?) Game Table \((?P<limit>[A-Z]+)\)"
    r"(?:\s+\((?P<kind>[\w ]+?) Tournament #(?P<tid>\d+)\))?(?:\s+\(Buyin [^()]*\))?"
    r"\s+-\s+(?P<date>\w{3} \w{3} \d{1,2} \d\d:\d\d:\d\d) (?P<tz>[A-Z]{2,5}) (?P<year>\d{4})$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?) \((?P<money>Real Money|Play Money)\)(?: -- Seat (?P<button>\d+) is the button)?$")
_PLAYERS = re.compile(r"^Total number of players : \d+(?:/(?P<max>\d+))?$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*)\)$")
_STREET = re.compile(r"^\*\* (?:Dealing (?P<street>down cards|Flop|Turn|River)|(?P<summary>Summary)) \*\*(?P<rest>.*)$")
_STREETS = {"down cards": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_AMT = r"(?P<amt>[^\s()]+)"
_POST = re.compile(r"^posts (?P<what>small blind|big blind|ante|dead blind|straddle) \(" + _AMT + r"\)$")
_BET = re.compile(r"^(?P<verb>calls|bets) \(" + _AMT + r"\)$")
_RAISE = re.compile(r"^raises \S+ to " + _AMT + "$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_CASHOUT_AMOUNT = re.compile(r"^Cashout Amount is " + _AMT + "$")
_POTS = re.compile(r"(?P<name>Main Pot|Side Pot(?: \d+)?|Rake): " + _AMT)
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_RESULT = re.compile(
    rf"^(?P<cashed>Cashed out\s+)?balance (?P<balance>{_MONEY}), (?:didn't bet|sits out|lost (?P<lost>{_MONEY})"
    rf"|bet (?P<bet>{_MONEY}), collected (?P<collected>{_MONEY}), net [+-]?{_MONEY})"
    r"(?: \(folded\))?\s*(?P<cards>\[[^\]]*\])?"
)
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|Cashout|balance)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. ``Creating Main Pot with $ 1.20 with A, B`` announces a pot the actions already
# put in. After a seat's name: the cash-out offer's odds (``probabilty``, as printed) and
# premium, and showdown lines
# (a shown hand's cards are read from the summary's result line).
_POT_ANNOUNCEMENT = re.compile(r"^Creating (?:Main|Side) Pot(?: \d+)? with .+$")
_SEAT_NO_MONEY = re.compile(
    r"^(?:probabilty is [\d.]+|probability is [\d.]+|Cash-out Premium % is [\d.]+|(?:shows|mucks|does not show|doesn't show)\b.*)$"
)
_SUMMARY_BOARD = re.compile(r"^Board: \[[^\]]*\]$")


class PartyPoker2023Parser(TextParser):
    """Parser for partypoker's 2023+ text dialect."""

    format = Format.PARTYPOKER_2023
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^\*{5} Hand History For Game \w+ \*{5}\s*$", head, re.M)) and " Game Table (" in head

    def split(self, text: str):
        """Each hand starts at the first of its preamble lines (emailed histories)."""
        yield from split_with_preamble(_HAND_START, _PREAMBLE, text)

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_lines(hand_text)
        while lines and (not lines[0].strip() or _PREAMBLE.match(lines[0])):
            lines.pop(0)
        banner = _BANNER.match(lines[0]) if lines else None
        if not banner:
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"expected the hand's banner, found {lines[0][:120] if lines else ''!r}")
        hand_id = banner.group("id")
        header = _HEADER.match(lines[1]) if len(lines) > 1 else None
        if not header:
            raise HandParseError(
                QuarantineReason.TRUNCATED if len(lines) < 2 else QuarantineReason.PARSE_ERROR,
                f"cannot read the stakes/game line {lines[1][:120] if len(lines) > 1 else ''!r}",
                hand_id,
            )
        game = game_from_name(header.group("game"))
        if game is None:
            raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {header.group('game')!r}", hand_id)
        table = _TABLE.match(lines[2]) if len(lines) > 2 else None
        if not table:
            raise HandParseError(
                QuarantineReason.TRUNCATED if len(lines) < 3 else QuarantineReason.PARSE_ERROR,
                f"cannot read the table line {lines[2][:120] if len(lines) > 2 else ''!r}",
                hand_id,
            )
        play_money = table.group("money") == "Play Money"
        seat_text = " ".join(l for l in lines if l.startswith("Seat "))
        currency = None if play_money else "EUR" if "€" in seat_text else "GBP" if "£" in seat_text else "USD"
        is_tournament = bool(header.group("tourney"))
        scale = 1 if is_tournament else 100
        build = HandBuilder(hand_id, DOT, scale)
        local = datetime.strptime(f"{header.group('date')} {header.group('year')}", "%a %b %d %H:%M:%S %Y")
        hand = ParsedHand(
            hand_id=hand_id,
            platform=Platform.PARTYPOKER,
            format=Format.PARTYPOKER_2023,
            game=game,
            limit={"NL": Limit.NO, "PL": Limit.POT, "FL": Limit.FIXED}.get(header.group("limit")),
            is_tournament=is_tournament,
            amount_scale=scale,
            currency=None if is_tournament else currency,
            tournament_id=header.group("tid"),
            is_play_money=play_money,
            start_time_raw=f"{header.group('date')} {header.group('tz')} {header.group('year')}",
            start_time_utc=utc_iso(local, header.group("tz")),
            hand_date=local.strftime("%Y-%m-%d"),
            table_name=table.group("table"),
            button_seat=int(table.group("button")) if table.group("button") else None,
        )
        build.line, build.line_no = lines[1], 2
        small, big = header.group("stakes").split("/")
        hand.small_blind, hand.big_blind = build.amount(small), build.amount(big)
        split_game = game in SPLIT_GAMES

        street = Street.PREDEAL
        in_summary = False
        big_blind_posted = False
        cashout_amounts: dict[int, int] = {}
        results: list[tuple] = []
        returned: dict[int, int] = {}
        for number, line in enumerate(lines[3:], start=4):
            build.line, build.line_no = line, number
            if not line.strip():
                continue
            m = _STREET.match(line)
            if m:
                if street != Street.PREDEAL and not in_summary:
                    self._close_street(build, street, returned)
                if m.group("summary"):
                    in_summary = True
                    continue
                street = _STREETS[m.group("street")]
                if street != Street.PREFLOP:
                    board = [c for c in cards(m.group("rest").strip(" :[]")) if c]
                    hand.boards = [(hand.boards[0] if hand.boards else []) + board]
                continue
            m = _PLAYERS.match(line)
            if m:
                hand.max_seats = int(m.group("max")) if m.group("max") else None
                continue
            m = _SEAT.match(line)
            if m and not build.actions and not in_summary:
                build.add_seat(int(m.group("seat")), m.group("name"), build.amount(m.group("stack")))
                continue
            if in_summary:
                self._summary_line(line, build, hand, results)
                continue
            if _POT_ANNOUNCEMENT.match(line):
                continue
            m = _DEALT.match(line)
            if m:
                build.seat_named(m.group("name")).cards = cards(m.group("cards"))
                continue
            split = build.split_name(line)
            if split is None:
                raise build.fail(QuarantineReason.PARSE_ERROR,
                                 "unexpected money line" if _MONEY_WORDS.search(line) else "unexpected line")
            seat, rest = split
            big_blind_posted = self._action(rest, seat, street, build, hand, big_blind_posted, cashout_amounts)

        if not in_summary or hand.pots_printed is None or (hand.rake is None and not is_tournament):
            raise HandParseError(QuarantineReason.TRUNCATED, "hand ends before its summary's 'Main Pot: ... Rake: ...' line", hand_id)
        if hand.rake is None:  # a tournament's summary prints no rake: it takes none
            hand.rake_source = RakeSource.ABSENT
        self._pay(build, hand, results, returned, cashout_amounts, split_game)
        hand.seats = build.finish_seats()
        for seat in hand.seats:
            # a seat that neither posts nor acts and has no cards sat the hand out ("sits out")
            if not seat.cards and all(a.seat != seat.seat for a in build.actions):
                seat.dealt_in = False
        hand.actions = build.actions
        hand.payouts = build.payouts
        hand.notes.extend(build.notes)
        shortfall = hand.pot_total - hand.paid_from_pots() - (hand.rake or 0)
        if shortfall > 0 and any(s.cashed_out for s in hand.seats):
            hand.house_retained = shortfall
            hand.notes.append(f"{shortfall} of the pot was paid to no seat after a cash-out: taken as kept by the house")
        return hand

    @staticmethod
    def _close_street(build: HandBuilder, street: Street, returned: dict[int, int]) -> None:
        amount = build.return_unmatched_bet(street)
        if amount:
            seat_no = build.actions[-1].seat
            returned[seat_no] = returned.get(seat_no, 0) + amount
        build.tracker.new_street()

    def _action(self, rest, seat, street, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool, cashout_amounts) -> bool:
        m = _POST.match(rest)
        if m:
            what, amount = m.group("what"), build.amount(m.group("amt"))
            if what == "small blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amount)
            elif what == "big blind" and not big_blind_posted:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amount)
                big_blind_posted = True
            elif what == "ante":
                build.act(Street.PREDEAL, seat, ActionKind.POST_ANTE, amount)
                hand.ante = hand.ante or amount
            elif what == "dead blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount)
            else:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
            return big_blind_posted
        if rest in ("folds", "checks"):
            build.act(street, seat, ActionKind.FOLD if rest == "folds" else ActionKind.CHECK)
            return big_blind_posted
        m = _BET.match(rest)
        if m:
            kind = ActionKind.CALL if m.group("verb") == "calls" else ActionKind.BET
            build.act(street, seat, kind, build.amount(m.group("amt")))
            return big_blind_posted
        m = _RAISE.match(rest)
        if m:
            build.act(street, seat, ActionKind.RAISE, raise_to=build.amount(m.group("amt")))
            return big_blind_posted
        if rest.startswith("is all-In") or rest.startswith("is all-in"):
            seat.all_in = True
            for action in reversed(build.actions):
                if action.seat == seat.seat:
                    action.all_in = True
                    break
            return big_blind_posted
        if rest == "opted for cash-out":
            seat.cashed_out = True
            build.act(street, seat, ActionKind.CASH_OUT)
            return big_blind_posted
        m = _CASHOUT_AMOUNT.match(rest)
        if m:
            cashout_amounts[seat.seat] = build.amount(m.group("amt"))
            return big_blind_posted
        if _SEAT_NO_MONEY.match(rest):
            return big_blind_posted
        raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected action")

    @staticmethod
    def _summary_line(line: str, build: HandBuilder, hand: ParsedHand, results: list) -> None:
        if line.startswith(("Main Pot:", "Side Pot")):
            for m in _POTS.finditer(line):
                amount = build.amount(m.group("amt"))
                if m.group("name") == "Rake":
                    hand.rake = amount
                    hand.rake_source = RakeSource.PRINTED
                else:
                    hand.pots_printed = (hand.pots_printed or []) + [amount]
            hand.pots_printed_net = True
            return
        if _SUMMARY_BOARD.match(line):
            return
        split = build.split_name(line)
        if split is None:
            raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected summary line")
        seat, rest = split
        m = _RESULT.match(rest)
        if not m:
            raise build.fail(QuarantineReason.PARSE_ERROR, "cannot read this player's result")
        if m.group("cards"):
            seat.cards = cards(m.group("cards").strip("[]"))
            seat.showed = True
        if m.group("cashed"):
            seat.cashed_out = True
        put_in = m.group("bet") or m.group("lost")
        results.append(
            (seat, build.amount(put_in) if put_in else 0, build.amount(m.group("collected")) if m.group("collected") else 0, line)
        )

    @staticmethod
    def _pay(build: HandBuilder, hand: ParsedHand, results, returned, cashout_amounts, split_game: bool) -> None:
        """Split each ``collected`` into returned bet, house cash-out and pot winnings."""
        single_pot = hand.pots_printed is not None and len(hand.pots_printed) == 1
        for seat, bet, collected, line in results:
            build.line = line
            back = returned.get(seat.seat, 0)
            if bet != build.tracker.contributed(seat.seat) + back:
                # an emailed history leaves out some of a seat's actions; a 2021 tournament's
                # rounds a raise a chip short: either way the actions are not what was put in
                raise build.fail(QuarantineReason.INCONSISTENT,
                                 f"seat {seat.seat} ({seat.player}): the summary says {bet} put in, the actions "
                                 f"add up to {build.tracker.contributed(seat.seat) + back}")
            if not collected:
                if back:
                    build.notes.append(f"seat {seat.seat} ({seat.player}) had {back} unmatched but collected nothing")
                continue
            uncalled = min(back, collected)
            if uncalled:
                build.pay(seat, uncalled, line, half=Half.WHOLE, source=PayoutSource.UNCALLED)
            rest = collected - uncalled
            if seat.cashed_out and seat.seat in cashout_amounts and rest:
                cash_out = min(rest, cashout_amounts[seat.seat])
                build.pay(seat, cash_out, line, half=Half.WHOLE, source=PayoutSource.CASH_OUT)
                rest -= cash_out
                if rest:
                    build.notes.append(f"seat {seat.seat} ({seat.player}) cashed out and also collected {rest} from the pot")
            if rest:
                half = Half.UNLABELLED if split_game else Half.WHOLE
                build.pay(seat, rest, line, pot=0 if single_pot else None, half=half)


PARSER = PartyPoker2023Parser()
