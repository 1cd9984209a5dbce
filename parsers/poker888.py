"""888poker / Pacific Poker / Cassava text hand histories.

A hand is ``#Game No : 441698247`` then ``***** 888poker Hand History for Game N *****``
(older files: ``Cassava``), ``$0.05/$0.10 Blinds Pot Limit OmahaHL - *** 06 01 2014
09:01:04`` (day month year, no time zone), ``Table Coslada 9 Max (Real Money)`` or, in
tournaments, ``Tournament #N $10 + $1 - Table #1 (Real Money)``; play money says
``(Practice Play)``. Localised clients write amounts their own way (see ``_SignPlaced``);
the German client (2020) writes ``0,01\xa0$/0,02\xa0$ Blinds``, amounts
``3,10\xa0$`` (comma decimals, the sign after a no-break space) and suits in words
(``[ QHerz, 10Pik ]``) for the hero, while the other seats' amounts and cards may come in
English in the same hand: each amount is read by where its sign stands. Play chips are printed like money, whole or with two decimals
(``4,202.50``: play pots are raked too, e.g. 870 put in, ``collected [ 867.50 ]``), so
play money is read at 100 minor units per chip in every hand, as cash is, even where a
hand's own amounts are all whole; tournament chips are whole (scale 1). Amounts are
bracketed and are what the action added: ``raises [$2]``; a returning player's ``posts
dead blind [$0.01 + $0.02]`` is dead small blind plus live big blind.

No rake and no uncalled-bet line are printed. The pay lines ``X collected [ $0.38 ]``
come once per half and per pot without saying which; the ``** Summary **`` prints
``(Hi: ...)``/``(Lo: ...)`` under each half's winner, which labels a winner's line when it
is unambiguous. An unmatched bet is not in the collected amount, so it is taken back
from ``contributed`` (an ``uncalled_return`` action; the history has no line for it).

A file may end right after a next hand's ``#Game No : N`` line: that hand is truncated.

Every line is read or known to carry no money or cards (``_SEAT_NO_MONEY``: a seat that
does not show, its comings, goings and connection); any other line fails the hand with
its line number, whether or not it holds a money word.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterator

from rules.cards import CardError, read_card
from rules.money import COMMA, DOT, NumberConvention
from rules.vocab import ActionKind, Format, Half, Limit, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers._text_hand import SPLIT_GAMES, HandBuilder, game_from_name, hand_lines
from parsers.base import cards as english_cards
from rules.records import HandParseError, ParsedHand

_SITE = r"(?:888poker|888|Cassava|Pacific Poker|Pacific)"
_HAND_START = re.compile(r"^\ufeff*(?:#Game No : \d+|\*{5} " + _SITE + r"[^*\n]* Hand History for Game )", re.M)
_GAME_NO = re.compile(r"^#Game No : (?P<id>\d+)\s*$")
_BANNER = re.compile(r"^\*{5} " + _SITE + r"[^*]* Hand History for Game (?P<id>\d+) \*{5}$")
_HEADER = re.compile(
    r"^(?P<stakes>[^/\s]\S*?/\S+?|[^/]+?/[^/]+?) Blinds(?P<extra>.*?) (?P<limit>No Limit|Pot Limit|Fix Limit|Fixed Limit|Limit) "
    r"(?P<game>.+?) - \*\*\*(?: (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d))?\s*$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?) \((?P<money>Real Money|Practice Play|Play Money)\)")
_TOURNEY = re.compile(
    r"^Tournament #(?P<tid>\d+) (?:(?P<buyin>.*?) - Table (?P<table>.+?)|(?P<free>Free) (?P<size>\d+ Max)) "
    r"\((?P<money>[^)]+)\)")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*?) \)$")
_STREET = re.compile(r"^\*\* (?P<street>Dealing down cards|Dealing flop|Dealing turn|Dealing river|Summary) \*\*(?P<rest>.*)$")
_STREETS = {"Dealing flop": Street.FLOP, "Dealing turn": Street.TURN, "Dealing river": Street.RIVER}
# an amount may hold a no-break space before the currency sign (``0,01\xa0$``)
_AMT = r"(?P<amt>[^\]\s+](?:[^\]+]*[^\]\s+])?)"
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind|ante|dead blind|dead small blind|dead big blind|straddle) "
    r"\[" + _AMT + r"(?: \+ (?P<live>[^\]\s](?:[^\]]*[^\]\s])?))?\]$"
)
_ACT = re.compile(r"^(?P<verb>calls|bets|raises|is all-In|all-In|is all-in) \[" + _AMT + r"\]$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_SHOWS = re.compile(r"^(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\]")
_HALF_LINE = re.compile(r"^\((?P<half>Hi|Lo): [^)]*\)$")
_COLLECTED = re.compile(r"^collected \[ ?" + _AMT + r" ?\]$")
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|all-In|wins)\b")
# What may follow a seat's name on a line known to carry no money or cards, skipped on
# purpose (any other line fails the hand): a seat that does not show, and its comings,
# goings and connection.
_SEAT_NO_MONEY = re.compile(
    r"^(?:did not show his hand|does not show(?: his hand| cards)?|is sitting out|sits out|has left the table|"
    r"has joined the table|is disconnected|is connected|has timed out)$"
)


# The German client names suits in words after an English rank: ``[ 10Karo, KKreuz ]``.
_GERMAN_SUITS = {"Karo": "d", "Kreuz": "c", "Herz": "h", "Pik": "s"}
_GERMAN_CARD = re.compile(r"^(?P<rank>10|[2-9TJQKA])(?P<suit>Karo|Kreuz|Herz|Pik)$")


def cards(text: str) -> list[str | None]:
    """Cards as 888's clients print them, English (``Qs, Tc``) or German (``QHerz, 10Pik``),
    card by card: a German client's history prints the hero's cards in German and the
    others' in English.

    >>> cards("QHerz, 10Pik"), cards(" Qs, Tc "), cards("4Herz, 4Karo, 8s")
    (['Qh', 'Ts'], ['Qs', 'Tc'], ['4h', '4d', '8s'])
    """
    out: list[str | None] = []
    for token in text.replace(",", " ").split():
        german = _GERMAN_CARD.match(token)
        if german is None:
            out.extend(english_cards(token))
            continue
        try:
            out.append(read_card(german["rank"] + _GERMAN_SUITS[german["suit"]]))
        except CardError as exc:
            raise HandParseError(QuarantineReason.BAD_CARDS, str(exc)) from None
    return out


class _SignPlaced:
    """888's amounts, read by where the currency sign stands, amount by amount. The English
    client writes the sign right before the number (``$1,024.24``), and tournament chips
    have no sign: a dot is the decimal mark. Other clients put the sign after the number
    (German, 2020: ``0,01\xa0$``; 888.ro: ``3.000 $``) or before it with a space (Dutch,
    2014: ``$ 552,72``): a comma is the decimal mark and dots or spaces group thousands. A
    German client's history mixes both ways, even within one hand.

    >>> [_SignPlaced().to_minor(t, 100) for t in ("0,02\xa0$", "$0.08", "3.000 $", "$ 3.243", "1,500")]
    [2, 8, 300000, 324300, 150000]
    """

    def to_minor(self, text: str, scale: int) -> int:
        convention: NumberConvention = DOT if _ENGLISH.match(text.strip()) or not _SIGN.search(text) else COMMA
        return convention.to_minor(text, scale)


_SIGN = re.compile(r"[$€£]")
_ENGLISH = re.compile(r"^[$€£]\d")


class Poker888Parser:
    """Parser for 888poker's (Pacific, Cassava) text dialect."""

    format = Format.POKER888
    hand_start = _HAND_START

    def sniff(self, head: str) -> bool:
        return bool(_BANNER.search(head.replace("\r", ""), 0) or re.search(
            r"^\*{5} " + _SITE + r"[^*\n]* Hand History for Game \d+ \*{5}", head, re.M
        ))

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """Hands start at ``#Game No`` or, when that line is missing, at the banner."""
        starts: list[int] = []
        for m in _HAND_START.finditer(text):
            if starts and m.group(0).lstrip("\ufeff").startswith("*") and _only_game_no(text[starts[-1]:m.start()]):
                continue
            starts.append(m.start())
        if not starts:
            if text.strip(" \r\n\t\ufeff"):
                yield 0, text
            return
        if starts[0] > 0 and text[: starts[0]].strip(" \r\n\t\ufeff"):
            yield 0, text[: starts[0]]
        for start, end in zip(starts, starts[1:] + [len(text)]):
            yield start, text[start:end]

    def parse(self, hand_text: str) -> ParsedHand:
        lines = [l for l in hand_lines(hand_text)]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():  # a file cut after ``#Game No : N`` ends in blank lines
            lines.pop()
        hand_id = None
        index = 0
        if lines and _GAME_NO.match(lines[0]):
            hand_id = _GAME_NO.match(lines[0]).group("id")
            index = 1
        banner = _BANNER.match(lines[index]) if len(lines) > index else None
        if not banner:
            raise HandParseError(
                QuarantineReason.TRUNCATED if len(lines) <= index else QuarantineReason.PARSE_ERROR,
                "no '***** ... Hand History for Game N *****' line after the game number"
                if len(lines) <= index else f"expected the hand's banner, found {lines[index][:120]!r}",
                hand_id,
            )
        hand_id = banner.group("id")
        header = _HEADER.match(lines[index + 1]) if len(lines) > index + 1 else None
        if not header:
            raise HandParseError(
                QuarantineReason.TRUNCATED if len(lines) <= index + 1 else QuarantineReason.PARSE_ERROR,
                f"cannot read the stakes/game line {lines[index + 1][:120] if len(lines) > index + 1 else ''!r}",
                hand_id,
            )
        # a jackpot table takes a jackpot drop beside the rake; neither is printed
        name, jackpot = re.subn(r" Jackpot table$", "", header.group("game"))
        game = game_from_name(name)
        if game is None:
            raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {header.group('game')!r}", hand_id)
        limit = {"No Limit": Limit.NO, "Pot Limit": Limit.POT}.get(header.group("limit"), Limit.FIXED)
        table_line = lines[index + 2] if len(lines) > index + 2 else ""
        tourney = _TOURNEY.match(table_line)
        table = tourney or _TABLE.match(table_line)
        if not table:
            raise HandParseError(
                QuarantineReason.TRUNCATED if not table_line else QuarantineReason.PARSE_ERROR,
                f"cannot read the table line {table_line[:120]!r}",
                hand_id,
            )
        play_money = table.group("money") in ("Practice Play", "Play Money")
        stakes = header.group("stakes").split("/")
        # play chips are printed like money, with cents where a pot's rake left some
        # (``957.50``), so play money has the cash scale whatever this hand's stacks show
        scale = 1 if tourney else 100
        currency = None
        if not tourney and not play_money:
            currency = "EUR" if "€" in header.group("stakes") else "GBP" if "£" in header.group("stakes") else "USD"
        build = HandBuilder(hand_id, _SignPlaced(), scale)  # type: ignore[arg-type]  # a NumberConvention's reader
        date = header.group("date")  # 888.ro's free tournaments (2019) print none
        local = datetime.strptime(date, "%d %m %Y %H:%M:%S") if date else None
        table_name = table.group("table") or table.group("size")
        seats_max = re.search(r"(\d+) Max\b", table_name)
        hand = ParsedHand(
            hand_id=hand_id,
            platform=Platform.POKER888,
            format=Format.POKER888,
            game=game,
            limit=limit,
            is_tournament=bool(tourney),
            amount_scale=scale,
            currency=currency,
            tournament_id=tourney.group("tid") if tourney else None,
            is_play_money=play_money,
            start_time_raw=date,
            hand_date=local.strftime("%Y-%m-%d") if local else None,
            table_name=table_name,
            max_seats=int(seats_max.group(1)) if seats_max else None,
            rake_source=RakeSource.ABSENT,
        )
        hand.notes.append("rake not printed" + (" (a jackpot table: its jackpot drop is not printed either)" if jackpot else ""))
        hand.notes.append("start time printed without a time zone" if date else "no start time printed")
        build.line, build.line_no = lines[index + 1], index + 2
        hand.small_blind, hand.big_blind = build.amount(stakes[0]), build.amount(stakes[1])
        split_game = game in SPLIT_GAMES

        street = Street.PREDEAL
        in_summary = False
        big_blind_posted = False
        half_marks: dict[int, list[Half]] = {}
        last_shown: int | None = None
        collected_lines: list[tuple[int, int, str]] = []
        for number, line in enumerate(lines[index + 3:], start=index + 4):
            build.line, build.line_no = line, number
            if not line.strip():
                continue
            m = _STREET.match(line)
            if m:
                name = m.group("street")
                if name == "Dealing down cards":
                    street = Street.PREFLOP
                    continue
                self._close_street(build, street)
                if name == "Summary":
                    in_summary = True
                    street = Street.SHOWDOWN
                    continue
                street = _STREETS[name]
                board = [c for c in cards(m.group("rest").strip().strip("[]")) if c]
                hand.boards = [(hand.boards[0] if hand.boards else []) + board]
                continue
            m = _BUTTON.match(line)
            if m:
                hand.button_seat = int(m.group("seat"))
                continue
            m = _SEAT.match(line)
            if m and not build.actions:
                build.add_seat(int(m.group("seat")), m.group("name"), build.amount(m.group("stack")))
                continue
            if line.startswith("Total number of players"):
                continue
            m = _HALF_LINE.match(line)
            if m:
                if last_shown is not None:
                    half_marks.setdefault(last_shown, []).append(Half.HIGH if m.group("half") == "Hi" else Half.LOW)
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
            m = _COLLECTED.match(rest)
            if m:
                collected_lines.append((seat.seat, build.amount(m.group("amt")), line))
                continue
            m = _SHOWS.match(rest)
            if m:
                seat.cards = cards(m.group("cards"))
                if m.group("verb") == "shows":
                    seat.showed = True
                    build.act(Street.SHOWDOWN, seat, ActionKind.SHOW)
                else:
                    seat.mucked = True
                    build.act(Street.SHOWDOWN, seat, ActionKind.MUCK)
                last_shown = seat.seat
                continue
            big_blind_posted = self._action(rest, seat, street, build, hand, big_blind_posted)

        if not in_summary:
            raise HandParseError(QuarantineReason.TRUNCATED, "hand ends before its '** Summary **' line", hand_id)
        self._pay(build, hand, collected_lines, half_marks, split_game)
        self._keep_excess_paid_in_collected(build)
        hand.seats = build.finish_seats()
        hand.actions = build.actions
        hand.payouts = build.payouts
        hand.notes.extend(build.notes)
        put_in, paid = hand.pot_total, hand.paid_from_pots()
        if not hand.payouts and put_in:
            hand.notes.append(f"no collected line: the history does not say who was paid the {put_in} put in")
        elif hand.is_tournament and paid != put_in:
            hand.notes.append(
                f"tournament hand (no rake) pays {paid} of the {put_in} put in: "
                f"the collected lines are {put_in - paid} short"
            )
        return hand

    @staticmethod
    def _close_street(build: HandBuilder, street: Street) -> None:
        """Take back the street's unmatched bet (888 prints no line for it), then reset bets."""
        if street != Street.PREDEAL:
            returned = build.return_unmatched_bet(street, blind_excess_returned=False)
            if returned:
                seat = next(s for s in build.seats.values() if s.seat == build.actions[-1].seat)
                build.notes.append(
                    f"unmatched bet {returned} of seat {seat.seat} ({seat.player}) taken as returned "
                    "(888 prints no uncalled-bet line and does not pay it in 'collected')"
                )
        build.tracker.new_street()

    @staticmethod
    def _keep_excess_paid_in_collected(build: HandBuilder) -> None:
        """Undo the return of an unmatched bet that the collected lines pay back.

        888 prints no uncalled-bet line. Often the collected lines leave the unmatched
        part out, so ``_close_street`` takes it back; but in many hands the bettor's
        collected line includes it (an uncontested pot paid as pot plus the bet nobody
        called), or a line of exactly the excess pays it back beside the pots (blinds all
        in for less, then a showdown: ``Hero collected [ $220 ]``). Then the collected
        lines pay more than was put in once the excess is taken back, which no pot can:
        the excess stays in the contributions, and the settlement returns it.
        """
        paid = sum(p.amount for p in build.payouts if p.source == PayoutSource.POT)
        for action in [a for a in build.actions if a.kind == ActionKind.UNCALLED_RETURN]:
            put_in = sum(build.tracker.seats().values())
            excess = action.amount or 0
            if paid <= put_in or action.seat is None:
                break
            build.actions.remove(action)
            build.tracker.add(action.seat, excess)
            build.notes = [n for n in build.notes if not n.startswith(f"unmatched bet {excess} of seat {action.seat} ")]
            build.notes.append(f"unmatched bet {excess} of seat {action.seat} paid back in the collected lines "
                               "(888 prints no uncalled-bet line)")
        for number, action in enumerate(build.actions):
            action.seq = number

    def _action(self, rest, seat, street: Street, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool) -> bool:
        m = _POST.match(rest)
        if m:
            what, amount = m.group("what"), build.amount(m.group("amt"))
            if m.group("live"):
                build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount)
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, build.amount(m.group("live")))
            elif what == "small blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amount)
            elif what == "big blind" and not big_blind_posted:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amount)
                big_blind_posted = True
            elif what == "ante":
                build.act(Street.PREDEAL, seat, ActionKind.POST_ANTE, amount)
                hand.ante = hand.ante or amount
            elif what.startswith("dead"):
                build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount)
            else:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
            return big_blind_posted
        if rest in ("folds", "checks"):
            build.act(street, seat, ActionKind.FOLD if rest == "folds" else ActionKind.CHECK)
            return big_blind_posted
        m = _ACT.match(rest)
        if m:
            verb = m.group("verb")
            kind = {"calls": ActionKind.CALL, "bets": ActionKind.BET}.get(verb, ActionKind.RAISE)
            build.act(street, seat, kind, build.amount(m.group("amt")), all_in="all-" in verb.lower())
            return big_blind_posted
        if _SEAT_NO_MONEY.match(rest):
            return big_blind_posted
        raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected action")

    @staticmethod
    def _pay(build: HandBuilder, hand: ParsedHand, collected, half_marks, split_game: bool) -> None:
        """One payout per collected line; label halves only where the summary makes it certain."""
        any_low = any(Half.LOW in marks for marks in half_marks.values())
        lines_per_seat: dict[int, int] = {}
        for seat_no, _, _ in collected:
            lines_per_seat[seat_no] = lines_per_seat.get(seat_no, 0) + 1
        position: dict[int, int] = {}
        for seat_no, amount, line in collected:
            seat = next(s for s in build.seats.values() if s.seat == seat_no)
            half = Half.WHOLE
            if split_game:
                marks = half_marks.get(seat_no, [])
                nth = position.get(seat_no, 0)
                position[seat_no] = nth + 1
                if marks == [Half.HIGH] and not any_low and lines_per_seat[seat_no] == 1:
                    half = Half.WHOLE  # nobody won a low: the pot was not split
                elif len(marks) == lines_per_seat[seat_no]:
                    half = marks[nth]
                    if nth == 1:
                        hand.notes.append(
                            f"seat {seat_no} won both halves: its collected lines carry no label and are "
                            "taken as high then low, in the order the summary names them"
                        )
                else:
                    half = Half.UNLABELLED
            build.pay(seat, amount, line, half=half)


def _only_game_no(chunk: str) -> bool:
    """True when ``chunk`` holds nothing but a ``#Game No : N`` line (and blanks)."""
    lines = [l for l in hand_lines(chunk) if l.strip()]
    return len(lines) == 1 and bool(_GAME_NO.match(lines[0]))


PARSER = Poker888Parser()
