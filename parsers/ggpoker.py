"""GGPoker (and its network skins) text hand histories.

A hand starts ``Poker Hand #OM232657303: PLO ($2/$5) - 2021/01/21 02:41:55`` (cash) or
``Poker Hand #TM...: Tournament #N, <name> Hold'em No Limit - Level12(200/400) - date``.
Actions are ``name: verb``; pay lines ``name collected $X from pot`` sit under a
``*** SHOWDOWN ***`` header, one header per run when the hand is run more than once
(``*** FIRST SHOWDOWN ***``), so the run of each pay line is the header above it. When
the all-in came on the flop or turn, the summary prints the first run's board in full but
the later runs' as their runout only (``FIRST Board [Js 5s Jd 7s 2s]``, ``SECOND Board
[4d Qs]``): each run's board is the cards dealt before the runs plus its runout. The
summary prints ``Total pot $X | Rake $R | Jackpot $J | Bingo $B`` (and, in newer files,
``| Fortune $F | Tax $T``): X is gross; everything after the rake is a fee taken before
the split.

EV cash-out (``Chooses to EV Cashout``): GG still pays the cashed-out seat from the pot
as usual and settles with it outside the pot: ``Pays Cashout Risk ($x)`` when the seat
won (it gives the house back the part it had insured) or ``Receives Cashout ($x)`` when it
lost (the house pays it). Pot payouts are recorded as printed; a received cash-out is a
``cash_out`` payout (not from the pot) and a paid risk is a note.

A straddle is ``name: straddle $X`` (``posts straddle`` in other files), and X is the
seat's whole bet after it: on an ante table the big blind posts $50 then ``straddle $100``
(the raise after it is ``to $325`` and $225 comes back uncalled), and a seat may straddle
again, all-in (``straddle $0.5`` then ``straddle $15.35 and is all-in`` with a $15.35
stack). Both are live blinds that add the difference to the seat's bet.

All-in insurance (2020): ``name: get an all-in insurance (premium ($0/$4/$0) for
($0/$10.8/$0) - (Mandatory/Main/Sub))`` then, the insured seat having won, ``name: pay
premium of all-in insurance ($4)``; the summary adds ``, AII Premium ($4)`` to its seat
line. The premium is paid outside the pot (the total pot is every seat's contribution and
the winner collects all of it): both lines become notes.

"Omaholic" tournaments name the game ``Omaha (NL postflop)``: Omaha high, pot limit
before the flop and no limit after. The vocabulary has no such limit, so ``limit`` stays
unset (with a note); the pot is won as in Omaha.

Times are printed without a zone, so ``start_time_utc`` stays empty.

Newer cash files print some pay lines with a colon (``Hero: collected $0.12 from pot``) and
a seat that mucked unseen as just ``Seat 3: NAME (button) mucked`` in the summary. "All-in
or Fold" tables print ``*** PREFLOP ***`` after the dealt cards and, when the all-in came
before the flop, no FLOP line: the turn line's first brackets hold the flop.

Every line is read or known to carry no money or cards: after a seat's name
``_SEAT_NO_MONEY`` (sitting out, connection, a tournament finish), naming nobody seated
``_NOBODY_SEATED`` (a newcomer, a player leaving), and in the summary ``Hand was run N
times`` and the seat lines (``_SUMMARY_SEAT_KNOWN``; the pay lines above are the record).
Any other line fails the hand with its line number, money word or not.
"""

from __future__ import annotations

import re

from rules.money import DOT
from rules.vocab import (
    ActionKind,
    Format,
    Half,
    PayoutSource,
    Platform,
    QuarantineReason,
    RakeSource,
    Street,
)
from parsers._text_hand import SPLIT_GAMES, HandBuilder, game_from_name, hand_lines, limit_from_name
from parsers.base import TextParser, cards
from rules.records import HandParseError, ParsedHand

_HAND_START = re.compile(r"^\ufeff*Poker Hand #[A-Z]*\d+: ", re.M)
_HEADER = re.compile(
    r"^Poker Hand #(?P<id>[A-Z]*\d+): (?P<body>.+?) - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})\s*$"
)
_CASH_BODY = re.compile(r"^(?P<game>.+?) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+?)(?:/[^()]*)?\)$")
# Short deck cash tables print one stake, the ante; the button then posts a "button blind".
_ANTE_BODY = re.compile(r"^(?P<game>ShortDeck .+?) \((?P<ante>[^/()]+)\)$")
_TOURNEY_BODY = re.compile(
    r"^Tournament #(?P<tid>\d+), (?P<name_game>.+?) - Level\s*\d+\s*"
    r"\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?:\((?P<ante>[\d,.]+)\))?\)$"
)
_GAME_NAMES = re.compile(
    r"(?:Hold'?em|PLO(?:-\d)?|Omaha|Short Deck|6\+)[^,]*$", re.I
)
# The game and its limit end the tournament's part of the header; the name before them can
# hold a game word too ("High Rollers PLO Main Event $1K Omaha Pot Limit"), so the game
# that ends the text is tried first.
_GAME_AT_END = re.compile(
    r"(?:Hold'?em|PLO(?:-\d)?|Omaha|Short Deck|6\+)"
    r"(?:\s+(?:No|Pot|Fixed)? ?Limit)?(?:\s*\(NL postflop\))?\s*$",
    re.I,
)
# GG's "Omaholic" tournaments: Omaha played pot limit before the flop, no limit after.
_NL_POSTFLOP = re.compile(r"\s*\(NL postflop\)$", re.I)
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips\)")
_STREET = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD|FOURTH) )?(?P<street>HOLE CARDS|PREFLOP|FLOP|TURN|RIVER|SHOWDOWN|SHOW DOWN|SUMMARY) \*\*\*(?P<rest>.*)$"
)
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}
_AMT = r"(?P<amt>[^\s()|\[\]]+)"
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind|button blind|the ante|ante|missed blind|straddle|dead blind|"
    r"small & big blinds) " + _AMT + "$"
)
# ``name: straddle $X`` (no "posts") prints the seat's whole bet after the straddle, not
# what it added: a big blind that straddles or a seat that re-straddles adds the difference.
_STRADDLE = re.compile(r"^straddle " + _AMT.replace("amt", "to") + r"(?P<allin> and is all-in)?$")
_BET = re.compile(r"^(?P<verb>calls|bets) " + _AMT + r"(?P<allin> and is all-in)?$")
_RAISE = re.compile(r"^raises \S+ to " + _AMT.replace("amt", "to") + r"(?P<allin> and is all-in)?$")
_UNCALLED = re.compile(r"^Uncalled bet \(" + _AMT + r"\) returned to (?P<name>.+)$")
_COLLECTED = re.compile(
    r"^(?P<name>.+?):? collected " + _AMT + r" from (?:the )?(?P<pot>main pot|side pot(?:[- ]?(?P<side>\d+))?|pot)$"
)
_DEALT = re.compile(r"^Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?\s*$")
_SHOWS = re.compile(r"^(?P<verb>shows|mucks|shows hand|mucks hand) \[(?P<cards>[^\]]*)\]")
_CASHOUT_RISK = re.compile(r"^Pays Cashout Risk \(" + _AMT + r"\)$")
_CASHOUT_PAID = re.compile(r"^Receives Cashout \(" + _AMT + r"\)$")
# All-in insurance (2020 files): the cover bought and the premium paid are settled with the
# house outside the pot; what the insured seat would have been paid had it lost is unknown
# here, so any other insurance line still fails the hand.
_INSURANCE_TAKEN = re.compile(
    r"^get an all-in insurance \(premium \((?P<premium>[^()]*)\) for \((?P<cover>[^()]*)\) - \(Mandatory/Main/Sub\)\)$"
)
_INSURANCE_PREMIUM = re.compile(r"^pay premium of all-in insurance \(" + _AMT + r"\)$")
_CASH_DROP = re.compile(r"^Cash Drop to Pot : total " + _AMT + "$")
_TOTAL = re.compile(r"^Total pot " + _AMT + r"(?P<rest>(?: \| [^|]+)*)$")
_FEE = re.compile(r"^\s*(?P<name>[A-Za-z][A-Za-z ]*?) " + _AMT + r"\s*$")
_BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD|FOURTH) )?Board \[(?P<cards>[^\]]*)\]$")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): .*?(?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\]")
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|Cashout|wins|won)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: its comings and goings, connection, and a tournament finish
# (the prize is paid outside the pot). Naming nobody seated: a newcomer or a player leaving.
_SEAT_NO_MONEY = re.compile(
    r"^(?:sits out|is sitting out|sitting out|is disconnected|is connected|has timed out|has returned|is back|"
    r"leaves the table|finished the tournament in \d+(?:st|nd|rd|th) place(?: and received .*)?)$"
)
_NOBODY_SEATED = re.compile(r"^.+ (?:joins the table at seat #\d+|leaves the table)$")
# The summary's lines besides the total and the boards: how many runs, and one per seat.
_RUNS_LINE = re.compile(r"^Hand was run (?:two|three|four) times$")
_SUMMARY_SEAT_KNOWN = re.compile(
    r"^Seat \d+: .+? (?:folded (?:before Flop|on the (?:Flop|Turn|River))(?: \(didn't bet\)| with [^()\[\]]+)?|"
    r"(?:showed|mucked) \[[^\]]*\].*|mucked|collected \([^()]*\).*|won \([^()]*\).*|lost.*|is sitting out)$"
)


def _join_split_run_boards(lines: list[str]) -> list[str]:
    """Some files print a run's summary board over two lines ("FIRST", then "Board [..]")."""
    joined: list[str] = []
    for line in lines:
        if joined and line.startswith("Board [") and joined[-1].strip() in _RUNS:
            joined[-1] = f"{joined[-1].strip()} {line}"
        else:
            joined.append(line)
    return joined


class GGPokerParser(TextParser):
    """Parser for GGPoker's text dialect (cash and tournaments, run it twice, EV cash-out)."""

    format = Format.GGPOKER
    # recorded as ``parser_version``; 2: the real-history sweep's fixes (the game read from the header's end, short deck ante-only headers, split run labels); 3: pay lines with a colon, a bare "mucked" summary seat, All-in or Fold's PREFLOP line
    version = "3"
    hand_start = _HAND_START
    head_pattern = re.compile(r"Poker Hand #[A-Z]*\d+: .+ - \d{4}/\d{2}/\d{2} ")

    def parse(self, hand_text: str) -> ParsedHand:
        lines = _join_split_run_boards(hand_lines(hand_text))
        while lines and not lines[0].strip():
            lines.pop(0)
        header = _HEADER.match(lines[0]) if lines else None
        if not header:
            raise HandParseError(
                QuarantineReason.PARSE_ERROR,
                f"first line is not a GGPoker header: {lines[0][:120]!r}" if lines else "empty hand",
            )
        hand_id = header.group("id")
        build = HandBuilder(hand_id, DOT)
        body = header.group("body")
        tourney = _TOURNEY_BODY.match(body)
        cash = None if tourney else _CASH_BODY.match(body)
        ante_only = None if tourney or cash else _ANTE_BODY.match(body)
        if tourney:
            game_match = _GAME_AT_END.search(tourney.group("name_game")) or _GAME_NAMES.search(
                tourney.group("name_game")
            )
            game_name = game_match.group(0) if game_match else tourney.group("name_game")
            sb_text, bb_text, ante_text = tourney.group("sb"), tourney.group("bb"), tourney.group("ante")
            build.scale = 1
        elif cash:
            game_name, sb_text, bb_text, ante_text = cash.group("game"), cash.group("sb"), cash.group("bb"), None
        elif ante_only:
            game_name, ante_text = ante_only.group("game"), ante_only.group("ante")
            sb_text = bb_text = None
        else:
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"cannot read stakes in header {lines[0]!r}", hand_id)
        mixed_limit = _NL_POSTFLOP.search(game_name)
        if mixed_limit:
            game_name = game_name[: mixed_limit.start()]
        game = game_from_name(game_name.replace("ShortDeck", "Short Deck"))
        if game is None:
            raise HandParseError(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_name!r}", hand_id)
        # Pot limit before the flop and no limit after it: the vocabulary has no such limit.
        limit = None if mixed_limit else limit_from_name(game_name)
        stake_text = sb_text or ante_text or ""
        currency = None if tourney else {"$": "USD", "€": "EUR", "¥": "CNY", "£": "GBP"}.get(stake_text.strip()[:1])
        if not tourney and currency is None:
            build.scale = 100  # GG cash stakes are always money; a bare number is dollars
            currency = "USD"
        hand = ParsedHand(
            hand_id=hand_id,
            platform=Platform.GGPOKER,
            format=Format.GGPOKER,
            game=game,
            limit=limit,
            is_tournament=bool(tourney),
            amount_scale=build.scale,
            currency=currency,
            tournament_id=tourney.group("tid") if tourney else None,
            start_time_raw=header.group("date"),
            hand_date=header.group("date")[:10].replace("/", "-"),
        )
        build.line, build.line_no = lines[0], 1
        if sb_text and bb_text:
            hand.small_blind, hand.big_blind = build.amount(sb_text), build.amount(bb_text)
        hand.ante = build.amount(ante_text) if ante_text else None
        hand.notes.append("start time printed without a time zone")
        if mixed_limit:
            hand.notes.append("pot limit before the flop, no limit after (NL postflop): limit left unset")
        split_game = game in SPLIT_GAMES

        street = Street.PREDEAL
        run: int | None = None
        in_summary = False
        saw_summary_total = False
        boards: dict[int, list[str]] = {}
        street_boards: dict[int, list[str]] = {}
        big_blind_posted = False
        for number, line in enumerate(lines[1:], start=2):
            build.line, build.line_no = line, number
            if not line.strip():
                continue
            m = _STREET.match(line)
            if m:
                name = m.group("street")
                run_word = m.group("run")
                if name == "SUMMARY":
                    in_summary = True
                elif name in ("HOLE CARDS", "PREFLOP"):
                    street = Street.PREFLOP
                elif name in ("SHOWDOWN", "SHOW DOWN"):
                    street = Street.SHOWDOWN
                    run = _RUNS[run_word] if run_word else None
                else:
                    street = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}[name]
                    build.tracker.new_street()
                    shown = cards(" ".join(re.findall(r"\[([^\]]*)\]", m.group("rest"))))
                    street_boards[_RUNS[run_word] if run_word else 0] = [c for c in shown if c]
                continue
            if in_summary:
                saw_summary_total |= self._summary_line(line, build, hand, boards)
                continue
            if not build.seats or line.startswith("Seat ") or line.startswith("Table "):
                if self._preamble_line(line, build, hand):
                    continue
            m = _DEALT.match(line)
            if m:
                seat = build.seat_named(m.group("name"))
                if m.group("cards"):
                    seat.cards = cards(m.group("cards"))
                continue
            m = _UNCALLED.match(line)
            if m:
                build.act(street, build.seat_named(m.group("name")), ActionKind.UNCALLED_RETURN, build.amount(m.group("amt")))
                seat = build.seat_named(m.group("name"))
                build.pay(seat, build.amount(m.group("amt")), line, half=Half.WHOLE, source=PayoutSource.UNCALLED)
                continue
            m = _COLLECTED.match(line)
            if m and m.group("name") in build.seats:
                pot = 0 if m.group("pot") == "main pot" else None
                if m.group("pot").startswith("side pot"):
                    pot = int(m.group("side") or 1)
                half = Half.UNLABELLED if split_game else Half.WHOLE
                build.pay(build.seats[m.group("name")], build.amount(m.group("amt")), line, pot=pot, run=run, half=half)
                continue
            m = _CASH_DROP.match(line)
            if m:
                drop = build.amount(m.group("amt"))
                hand.fee_detail["cash_drop"] = hand.fee_detail.get("cash_drop", 0) - drop
                hand.notes.append(f"house added {drop} to the pot (Cash Drop): recorded as a negative fee")
                continue
            split = build.split_name(line)
            if split is None:
                if _MONEY_WORDS.search(line):
                    raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected money line")
                if _NOBODY_SEATED.match(line):
                    continue
                raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected line")
            seat, rest = split
            big_blind_posted = self._action(rest, seat, street, build, hand, big_blind_posted)

        if not in_summary or not saw_summary_total:
            raise HandParseError(
                QuarantineReason.TRUNCATED,
                "hand ends before its summary's 'Total pot' line",
                hand_id,
            )
        if boards:
            # After an all-in on the flop or turn, GG's summary prints the later runs'
            # boards as their runout only (``SECOND Board [4d Qs]``); the cards dealt before
            # the all-in (the last street line without a run word) belong to every run.
            shared = street_boards.get(0, [])
            hand.boards = [
                boards[k] if boards[k][: len(shared)] == shared else shared + boards[k] for k in sorted(boards)
            ]
        elif street_boards:
            hand.boards = [street_boards[k] for k in sorted(street_boards)]
        hand.seats = build.finish_seats()
        hand.actions = build.actions
        hand.payouts = build.payouts
        hand.fees = sum(hand.fee_detail.values())
        hand.notes.extend(build.notes)
        if hand.is_tournament and hand.rake:
            hand.notes.append(f"tournament hand prints rake {hand.rake}")
        return hand

    # -------------------------------------------------------------------------------
    def _preamble_line(self, line: str, build: HandBuilder, hand: ParsedHand) -> bool:
        m = _TABLE.match(line)
        if m:
            hand.table_name = m.group("table")
            hand.max_seats = int(m.group("max"))
            hand.button_seat = int(m.group("button")) if m.group("button") else None
            return True
        m = _SEAT.match(line)
        if m:
            build.add_seat(int(m.group("seat")), m.group("name"), build.amount(m.group("stack")))
            return True
        return False

    def _action(self, rest, seat, street, build: HandBuilder, hand: ParsedHand, big_blind_posted: bool) -> bool:
        m = _POST.match(rest)
        if m:
            what, amount = m.group("what"), build.amount(m.group("amt"))
            if what == "small blind":
                build.act(Street.PREDEAL, seat, ActionKind.POST_SMALL_BLIND, amount)
            elif what in ("big blind", "button blind") and not big_blind_posted:
                build.act(Street.PREDEAL, seat, ActionKind.POST_BIG_BLIND, amount)
                big_blind_posted = True
            elif what in ("big blind", "button blind", "straddle"):
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, amount)
            elif what in ("the ante", "ante"):
                build.act(Street.PREDEAL, seat, ActionKind.POST_ANTE, amount)
                hand.ante = hand.ante or amount
            elif what == "small & big blinds":
                live = min(amount, hand.big_blind or amount)
                build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, live)
                if amount - live:
                    build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount - live)
            else:  # missed or dead blind: money in the pot that is not part of the seat's bet
                build.act(Street.PREDEAL, seat, ActionKind.POST_DEAD, amount)
            return big_blind_posted
        m = _STRADDLE.match(rest)
        if m:
            build.act(Street.PREDEAL, seat, ActionKind.POST_BLIND, raise_to=build.amount(m.group("to")),
                      all_in=bool(m.group("allin")))
            return big_blind_posted
        if rest in ("folds", "checks"):
            build.act(street, seat, ActionKind.FOLD if rest == "folds" else ActionKind.CHECK)
            return big_blind_posted
        m = _BET.match(rest)
        if m:
            kind = ActionKind.CALL if m.group("verb") == "calls" else ActionKind.BET
            build.act(street, seat, kind, build.amount(m.group("amt")), all_in=bool(m.group("allin")))
            return big_blind_posted
        m = _RAISE.match(rest)
        if m:
            build.act(street, seat, ActionKind.RAISE, raise_to=build.amount(m.group("to")), all_in=bool(m.group("allin")))
            return big_blind_posted
        m = _SHOWS.match(rest)
        if m:
            seat.cards = cards(m.group("cards"))
            if m.group("verb").startswith("shows"):
                seat.showed = True
                build.act(street, seat, ActionKind.SHOW)
            else:
                seat.mucked = True
                build.act(street, seat, ActionKind.MUCK)
            return big_blind_posted
        if rest.startswith("Chooses to EV Cashout"):
            seat.cashed_out = True
            build.act(street, seat, ActionKind.CASH_OUT)
            return big_blind_posted
        m = _CASHOUT_RISK.match(rest)
        if m:
            risk = build.amount(m.group("amt"))
            build.notes.append(
                f"seat {seat.seat} ({seat.player}) took EV Cashout and paid the house "
                f"cashout risk {risk} outside the pot; its pot winnings are recorded as printed"
            )
            return big_blind_posted
        m = _INSURANCE_TAKEN.match(rest)
        if m:
            build.notes.append(
                f"seat {seat.seat} ({seat.player}) bought all-in insurance (premium {m.group('premium')} "
                f"for {m.group('cover')}, mandatory/main/sub) from the house, outside the pot"
            )
            return big_blind_posted
        m = _INSURANCE_PREMIUM.match(rest)
        if m:
            premium = build.amount(m.group("amt"))
            build.notes.append(
                f"seat {seat.seat} ({seat.player}) paid the house all-in insurance premium {premium} "
                "outside the pot; its pot winnings are recorded as printed"
            )
            return big_blind_posted
        m = _CASHOUT_PAID.match(rest)
        if m:
            seat.cashed_out = True
            build.pay(seat, build.amount(m.group("amt")), build.line, half=Half.WHOLE, source=PayoutSource.CASH_OUT)
            return big_blind_posted
        if rest.startswith(("mucks", "doesn't show", "does not show")):
            seat.mucked = rest.startswith("mucks")
            return big_blind_posted
        if not _SEAT_NO_MONEY.match(rest):
            raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected action")
        return big_blind_posted

    def _summary_line(self, line: str, build: HandBuilder, hand: ParsedHand, boards: dict[int, list[str]]) -> bool:
        m = _TOTAL.match(line)
        if m:
            hand.total_pot_printed = build.amount(m.group("amt"))
            hand.pots_printed_net = False
            for part in filter(None, (p.strip() for p in m.group("rest").split("|"))):
                fee = _FEE.match(part)
                if not fee:
                    raise build.fail(QuarantineReason.PARSE_ERROR, f"cannot read {part!r} in the pot total")
                name, amount = fee.group("name").strip().lower().replace(" ", "_"), build.amount(fee.group("amt"))
                if name == "rake":
                    hand.rake = amount
                    hand.rake_source = RakeSource.PRINTED
                elif name in ("main_pot",) or name.startswith("side_pot"):
                    hand.pots_printed = (hand.pots_printed or []) + [amount]
                else:
                    hand.fee_detail[name] = hand.fee_detail.get(name, 0) + amount
            if hand.rake is None:
                hand.rake_source = RakeSource.ABSENT
                hand.notes.append("rake not printed")
            return True
        m = _BOARD.match(line)
        if m:
            boards[_RUNS[m.group("run")] if m.group("run") else 0] = [c for c in cards(m.group("cards")) if c]
            return False
        m = _SUMMARY_SEAT.match(line)
        if m:
            build.summary_cards(int(m.group("seat")), m.group("cards"), showed=m.group("verb") == "showed")
        if not (_SUMMARY_SEAT_KNOWN.match(line) or _RUNS_LINE.match(line)):
            raise build.fail(QuarantineReason.PARSE_ERROR, "unexpected summary line")
        return False


PARSER = GGPokerParser()
