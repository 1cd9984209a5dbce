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

Short deck (``ShortDeck No Limit``) is ``sixplus_holdem_straight_over_trips``, the short
deck GGPoker deals: a flush beats a full house, but a straight still beats three of a kind
(``rules.games.Ranking.HIGH_SHORT_DECK_STRAIGHT_OVER_TRIPS``).

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules.records import ParsedHand, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street
from parsers._text_hand import game_from_name, hand_lines, limit_from_name
from parsers.base import BRACKETS
from parsers.headers import table_line
from parsers.engine import (
    ANTE, BET, BIG_BLIND, BLIND, BOTH_BLINDS, CALL, CHECK, CURRENCY_SIGNS, DEAD_BLIND, OPEN, RAISE_TO, SMALL_BLIND,
    Act, Dialect, DialectParser, Hand, Money, Rake, Require, Streets, Unexpected, Wording, enter_summary, fold_once,
    cash_out, kind, skip, take_seat,
)

_HAND_START = re.compile(r"^\ufeff*Poker Hand #[A-Z]*\d+: ", re.M)
_HEADER = re.compile(r"^Poker Hand #(?P<id>[A-Z]*\d+): (?P<body>.+?) - (?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)\s*$")
_CASH_BODY = re.compile(r"^(?P<game>.+?) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+?)(?:/[^()]*)?\)$")
# Short deck cash tables print one stake, the ante; the button then posts a "button blind".
_ANTE_BODY = re.compile(r"^(?P<game>ShortDeck .+?) \((?P<ante>[^/()]+)\)$")
_TOURNEY_BODY = re.compile(r"^Tournament #(?P<tid>\d+), (?P<name_game>.+?) - Level\s*\d+\s*"
                           r"\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?:\((?P<ante>[\d,.]+)\))?\)$")
_GAME_NAMES = re.compile(r"(?:Hold'?em|PLO(?:-\d)?|Omaha|Short Deck|6\+)[^,]*$", re.I)
# The game and its limit end the tournament's part of the header; the name before them can
# hold a game word too ("High Rollers PLO Main Event $1K Omaha Pot Limit"), so the game
# that ends the text is tried first.
_GAME_AT_END = re.compile(
    r"(?:Hold'?em|PLO(?:-\d)?|Omaha|Short Deck|6\+)(?:\s+(?:No|Pot|Fixed)? ?Limit)?(?:\s*\(NL postflop\))?\s*$", re.I)
# GG's "Omaholic" tournaments: Omaha played pot limit before the flop, no limit after.
_NL_POSTFLOP = re.compile(r"\s*\(NL postflop\)$", re.I)
_CURRENCIES = {**CURRENCY_SIGNS, "¥": "CNY"}
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips\)")
_RUN = r"(?:(?P<run>FIRST|SECOND|THIRD|FOURTH) )?"
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}
_STREET = rf"^\*\*\* {_RUN}(?P<street>HOLE CARDS|PREFLOP|FLOP|TURN|RIVER|SHOWDOWN|SHOW DOWN) \*\*\*(?P<rest>.*)$"
_AMT = r"(?P<amt>[^\s()|\[\]]+)"
_ALL_IN = r"(?P<allin> and is all-in)?"
_FEE = re.compile(r"^\s*(?P<name>[A-Za-z][A-Za-z ]*?) " + _AMT + r"\s*$")
_MONEY_WORDS = re.compile(r"\b(?:posts|calls|bets|raises|collected|returned|Cashout|wins|won)\b")
# Lines known to carry no money or cards, skipped on purpose; any other line fails the
# hand. After a seat's name: its comings and goings, connection, and a tournament finish
# (the prize is paid outside the pot). Naming nobody seated: a newcomer or a player leaving.
_SEAT_NO_MONEY = re.compile(
    r"^(?:sits out|is sitting out|sitting out|is disconnected|is connected|has timed out|has returned|is back|"
    r"leaves the table|finished the tournament in \d+(?:st|nd|rd|th) place(?: and received .*)?)$")
_NOBODY_SEATED = rf"^(?!.*{_MONEY_WORDS.pattern}).+ (?:joins the table at seat #\d+|leaves the table)$"
# The summary's seat lines besides the total, the boards and how many runs.
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): .*?(?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\]")
_SUMMARY_SEAT_KNOWN = (
    # a folded seat may be given the board's own hand: ``folded before Flop (didn't bet) with three of a kind, Aces``
    r"^Seat \d+: .+? (?:folded (?:before Flop|on the (?:Flop|Turn|River))(?: \(didn't bet\))?(?: with [^()\[\]]+)?|"
    r"(?:showed|mucked) \[[^\]]*\].*|mucked|collected \([^()]*\).*|won \([^()]*\).*|lost.*|is sitting out)$")


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The first line: cash ``PLO ($2/$5)``, short deck ``ShortDeck No Limit ($0.05)`` (the
    ante) or ``Tournament #N, NAME GAME - Level12(200/400(50))``, then the date."""
    body = first["body"]
    tourney = _TOURNEY_BODY.match(body)
    cash = None if tourney else _CASH_BODY.match(body)
    ante_only = None if tourney or cash else _ANTE_BODY.match(body)
    if tourney:
        name_game = tourney["name_game"]
        game_match = _GAME_AT_END.search(name_game) or _GAME_NAMES.search(name_game)
        game_name = game_match.group(0) if game_match else name_game
        sb, bb, ante = tourney["sb"], tourney["bb"], tourney["ante"]
    elif cash:
        game_name, sb, bb, ante = cash["game"], cash["sb"], cash["bb"], None
    elif ante_only:
        game_name, sb, bb, ante = ante_only["game"], None, None, ante_only["ante"]
    else:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"cannot read stakes in header {hand.line.text!r}")
    mixed_limit = _NL_POSTFLOP.search(game_name)
    if mixed_limit:
        game_name = game_name[: mixed_limit.start()]
    game = game_from_name(game_name.replace("ShortDeck", "Short Deck"))
    if game is Game.SIXPLUS_HOLDEM:
        game = Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS  # GG ranks a straight over three of a kind
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"unknown game {game_name!r}")
    # GG cash stakes are always money, a bare number dollars; tournament chips are whole
    hand.scale = 1 if tourney else 100
    date = first["date"]
    record = hand.new_record(
        game=game, limit=None if mixed_limit else limit_from_name(game_name), is_tournament=bool(tourney),
        currency=None if tourney else _CURRENCIES.get((sb or ante or "").strip()[:1], "USD"),
        tournament_id=tourney["tid"] if tourney else None, start_time_raw=date, hand_date=date[:10].replace("/", "-"),
    )
    if sb and bb:
        record.small_blind, record.big_blind = hand.money(sb), hand.money(bb)
    record.ante = hand.money(ante) if ante else None
    record.notes.append("start time printed without a time zone")
    if mixed_limit:
        # pot limit before the flop and no limit after it: the vocabulary has no such limit
        record.notes.append("pot limit before the flop, no limit after (NL postflop): limit left unset")
    return record


def _street(hand: Hand, m: re.Match[str]) -> None:
    """``*** FLOP *** [Qh 7h 2c]``, ``*** SECOND TURN *** [Qh 7h 2c] [6s]``, ``*** FIRST
    SHOWDOWN ***``: each run's board so far is its last street line's cards (text beside
    them is not read), and a showdown header names the run of the pay lines under it."""
    run = _RUNS[m["run"]] if m["run"] else None
    if m["street"] in ("FLOP", "TURN", "RIVER"):
        cards = hand.cards(" ".join(BRACKETS.findall(m["rest"])))
        hand.facts.setdefault("street boards", {})[run or 0] = [c for c in cards if c]
    elif m["street"] in ("SHOWDOWN", "SHOW DOWN"):
        hand.facts["run"] = run
    hand.enter_street(m["street"], None, None)


def _summary_board(hand: Hand, m: re.Match[str]) -> None:
    """``Board [..]``, ``FIRST Board [..]`` (a label printed alone on the line before is
    joined to it by ``GGPokerParser.parse``)."""
    cards = hand.cards(m["cards"])
    hand.facts.setdefault("summary boards", {})[_RUNS[m["run"]] if m["run"] else 0] = [c for c in cards if c]


def _boards(hand: Hand) -> None:
    """The summary's boards, else the street lines'. A later run's summary board that is
    its runout only gets the cards dealt before the runs: the last street line without a
    run word, else (every street line named by its run, ``*** FIRST FLOP ***`` .. ``***
    SECOND RIVER *** [7h Qd 3d 9s] [6d]``, 2025) that run's own last street line."""
    summary, streets = hand.facts.get("summary boards"), hand.facts.get("street boards", {})
    if summary:
        shared = streets.get(0, [])
        hand.record.boards = []
        for k in sorted(summary):
            board = summary[k] if summary[k][: len(shared)] == shared else shared + summary[k]
            own = streets.get(k, [])
            if len(own) > len(board) and own[len(own) - len(board):] == board:
                board = own
            hand.record.boards.append(board)
    elif streets:
        hand.record.boards = [streets[k] for k in sorted(streets)]


def _holds(hand: Hand, seat: SeatRecord, text: str, *, shown: bool | None = None) -> None:
    """A seat's cards are those of the last line that printed them (dealt, shown or the
    summary's), even none: the engine's ``dealt`` is the one place they are kept.
    ``shown``: the seat showed them (False: mucked them)."""
    hand.dealt[seat.seat] = hand.cards(text)
    if shown is not None:
        seat.showed, seat.mucked = seat.showed or shown, seat.mucked or not shown


def _seat_named(hand: Hand, name: str) -> SeatRecord:
    seat = hand.by_name.get(name)
    if seat is None:
        line = hand.line
        raise hand.fail(QuarantineReason.INCONSISTENT, f"line {line.number} {line.text!r}: player {name!r} has no seat")
    return seat


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME [Ah Kh]``; ``Dealt to NAME`` (another seat) deals it nothing known."""
    seat = _seat_named(hand, m["name"])
    if m["cards"]:
        _holds(hand, seat, m["cards"])


def _shows(hand: Hand, m: re.Match[str]) -> None:
    """``shows [Ah Kh] (a pair)``, ``mucks hand [..]``, on the street it is printed on."""
    seat, shows = hand.player, m["verb"].startswith("shows")
    _holds(hand, seat, m["cards"], shown=shows)
    hand.add_action(hand.street, seat.seat, ActionKind.SHOW if shows else ActionKind.MUCK)


def _no_show(hand: Hand, m: re.Match[str]) -> None:
    """``mucks hand`` without cards; ``doesn't show hand``: it did not muck, whatever came before."""
    hand.player.mucked = bool(m["mucks"])


def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """A summary seat line of a known shape; one that says what a seat showed or mucked
    gives its cards (a seat number nobody has gives nothing)."""
    cards = _SUMMARY_SEAT.match(hand.line.text)
    seat = hand.seats.get(int(cards["seat"])) if cards else None
    if cards and seat is not None:
        _holds(hand, seat, cards["cards"], shown=cards["verb"] == "showed")


def _returned(hand: Hand, m: re.Match[str]) -> None:
    """``Uncalled bet ($2) returned to Lark``, paid back as ``uncalled``."""
    seat = _seat_named(hand, m["name"])
    hand.return_bet(seat, hand.money(m["amt"]), paid=True)


def _collected(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Lark collected $2 from pot`` (``from the main pot``, ``side pot-1``), in the run of
    the showdown header above it; a name nobody has declines the line (a seated name's own?)."""
    seat = hand.by_name.get(m["name"])
    if seat is None:
        return False
    pot = 0 if m["pot"] == "main pot" else int(m["side"] or 1) if m["pot"].startswith("side pot") else None
    hand.pay(seat, hand.money(m["amt"]), pot=pot, run=hand.facts.get("run"), half=hand.half(None))
    return None


def _cash_drop(hand: Hand, m: re.Match[str]) -> None:
    """``Cash Drop to Pot : total $X``: the house adds money to the pot."""
    drop, record = hand.money(m["amt"]), hand.record
    record.fee_detail["cash_drop"] = record.fee_detail.get("cash_drop", 0) - drop
    record.notes.append(f"house added {drop} to the pot (Cash Drop): recorded as a negative fee")


def _cash_out_received(hand: Hand, m: re.Match[str]) -> None:
    """``Receives Cashout ($x)``: the house pays the seat that lost, outside the pot."""
    hand.player.cashed_out = True
    hand.pay(hand.player, hand.money(m["amt"]), pot=None, half=Half.WHOLE, source=PayoutSource.CASH_OUT)


@dataclass(frozen=True)
class _OutsideThePot:
    """What a seat settles with the house outside the pot (a cash-out's risk, all-in
    insurance): a note, ``message`` with ``{seat}``, ``{player}``, ``{amount}`` (the
    ``amt``) and the match's groups, placed after the hand's other notes."""

    message: str

    def __call__(self, hand: Hand, m: re.Match[str]) -> None:
        seat, fields = hand.player, m.groupdict()
        if fields.get("amt"):
            fields["amount"] = hand.money(m["amt"])
        hand.facts.setdefault("notes", []).append(self.message.format(seat=seat.seat, player=seat.player, **fields))


def _total(hand: Hand, m: re.Match[str]) -> None:
    """``Total pot $X | Rake $R | Jackpot $J | Bingo $B`` (``| Fortune $F | Tax $T``): X is
    gross, the rake is the rake, main and side pots are the pots, the rest are fees. No
    rake printed: the rake is unknown (``absent``)."""
    record, line = hand.record, hand.line
    record.total_pot_printed, record.pots_printed_net = hand.money(m["amt"]), False
    for part in filter(None, (p.strip() for p in m["rest"].split("|"))):
        fee = _FEE.match(part)
        if not fee:
            raise hand.fail(QuarantineReason.PARSE_ERROR, f"line {line.number} {line.text!r}: cannot read {part!r} "
                                                          "in the pot total")
        name, amount = fee["name"].strip().lower().replace(" ", "_"), hand.money(fee["amt"])
        if name == "rake":
            record.rake, record.rake_source = amount, RakeSource.PRINTED
        elif name == "main_pot" or name.startswith("side_pot"):
            record.pots_printed = (record.pots_printed or []) + [amount]
        else:
            record.fee_detail[name] = record.fee_detail.get(name, 0) + amount
    if record.rake is None:
        record.rake_source = RakeSource.ABSENT
        record.notes.append("rake not printed")


def _settle(hand: Hand) -> None:
    """A seat that put in its whole stack is all in; the fees add up; the notes of what
    was settled outside the pot come last, and a tournament hand that prints a rake says so."""
    record = hand.record
    for seat in record.seats:
        if seat.stack is not None and seat.contributed and seat.contributed >= seat.stack:
            seat.all_in = True
    record.fees = sum(record.fee_detail.values())
    record.notes.extend(hand.facts.get("notes", []))
    if record.is_tournament and record.rake:
        record.notes.append(f"tournament hand prints rake {record.rake}")


_STREET_KINDS = (kind("street", _STREET, _street), kind("summary", rf"^\*\*\* {_RUN}SUMMARY \*\*\*", enter_summary))
_STRADDLE = Act(ActionKind.POST_BLIND, Money.TO, forced=True)  # ``straddle $X``: X is the seat's whole bet
_HELD_OUTSIDE = "its pot winnings are recorded as printed"

DIALECT = Dialect(
    platform=Platform.GGPOKER,
    format=Format.GGPOKER,
    version="7",
    hand_start=_HAND_START,
    head=re.compile(r"Poker Hand #[A-Z]*\d+: .+ - \d{4}/\d{2}/\d{2} "),
    first=_HEADER,
    not_first="first line is not a GGPoker header",
    header=_header,
    seat=kind("seat", _SEAT, take_seat),
    seatless=None,  # a hand cut off before its seats is truncated, as one cut later is
    body=(
        *_STREET_KINDS,
        kind("table", r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?", table_line),
        kind("seat", _SEAT, take_seat),  # a seat line after the first run of them seats its player too
        kind("dealt", r"^Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?\s*$", _dealt),
        kind("uncalled", rf"^Uncalled bet \({_AMT}\) returned to (?P<name>.+)$", _returned),
        kind("collected", rf"^(?P<name>.+?):? collected {_AMT} from (?:the )?"
                          r"(?P<pot>main pot|side pot(?:[- ]?(?P<side>\d+))?|pot)$", _collected),
        kind("cash drop", rf"^Cash Drop to Pot : total {_AMT}$", _cash_drop),
    ),
    players=(
        # the header states the blinds
        kind("small blind", rf"^posts small blind {_AMT}$", replace(SMALL_BLIND, sets=None)),
        kind("big blind", rf"^posts (?:big|button) blind {_AMT}$",
             replace(BIG_BLIND, sets=None, later=ActionKind.POST_BLIND)),
        kind("ante", rf"^posts (?:the )?ante {_AMT}$", ANTE),
        kind("posted straddle", rf"^posts straddle {_AMT}$", BLIND),
        kind("both blinds", rf"^posts small & big blinds {_AMT}$", BOTH_BLINDS),
        kind("dead blind", rf"^posts (?:missed|dead) blind {_AMT}$", DEAD_BLIND),
        kind("straddle", rf"^straddle {_AMT}{_ALL_IN}$", _STRADDLE),
        kind("fold", r"^folds$", fold_once),
        kind("check", r"^checks$", CHECK),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", CALL),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", BET),
        # The client's "Bet & Muck" button: a bet that mucks if called (the pot's arithmetic:
        # the amount goes in, the call matches it, the summary says the seat folded).
        kind("bet & muck folds", r"^Bet & Muck folds$", fold_once),
        kind("bet & muck", rf"^Bet & Muck {_AMT}{_ALL_IN}$", BET),
        kind("raise", rf"^raises \S+ to {_AMT}{_ALL_IN}$", RAISE_TO),
        kind("shows", r"^(?P<verb>shows|mucks|shows hand|mucks hand) \[(?P<cards>[^\]]*)\]", _shows),
        kind("cash out", r"^Chooses to EV Cashout", cash_out),
        kind("cash-out risk", rf"^Pays Cashout Risk \({_AMT}\)$", _OutsideThePot(
            "seat {seat} ({player}) took EV Cashout and paid the house cashout risk {amount} outside the pot; "
            + _HELD_OUTSIDE)),
        # All-in insurance (2020 files): the cover bought and the premium paid are settled
        # with the house outside the pot; what the insured seat would have been paid had it
        # lost is unknown here, so any other insurance line still fails the hand.
        kind("insurance", r"^get an all-in insurance \(premium \((?P<premium>[^()]*)\) for \((?P<cover>[^()]*)\) - "
                          r"\(Mandatory/Main/Sub\)\)$", _OutsideThePot(
            "seat {seat} ({player}) bought all-in insurance (premium {premium} for {cover}, mandatory/main/sub) "
            "from the house, outside the pot")),
        kind("insurance premium", rf"^pay premium of all-in insurance \({_AMT}\)$", _OutsideThePot(
            "seat {seat} ({player}) paid the house all-in insurance premium {amount} outside the pot; "
            + _HELD_OUTSIDE)),
        kind("cash out received", rf"^Receives Cashout \({_AMT}\)$", _cash_out_received),
        kind("no show", r"^(?:(?P<mucks>mucks)|doesn't show|does not show)", _no_show),
    ),
    quiet=_SEAT_NO_MONEY,
    after_name=re.compile(r"[: ]*"),
    unseated=(kind("nobody seated", _NOBODY_SEATED, skip),),
    summary=(
        *_STREET_KINDS,  # read in the summary too, as the old reader did
        kind("total", rf"^Total pot {_AMT}(?P<rest>(?: \| [^|]+)*)$", _total),
        kind("board", rf"^{_RUN}Board \[(?P<cards>[^\]]*)\]$", _summary_board),
        kind("summary seat", _SUMMARY_SEAT_KNOWN, _summary_seat),
        kind("runs", r"^Hand was run (?:two|three|four) times$", skip),
    ),
    streets=Streets(board={"hole cards": OPEN, "preflop": OPEN, "flop": Street.FLOP, "turn": Street.TURN,
                           "river": Street.RIVER, "showdown": Street.SHOWDOWN, "show down": Street.SHOWDOWN}),
    rake=Rake(),  # printed in the total line; ``_total`` notes a hand that prints none
    first_action_opens=False,  # actions before ``*** HOLE CARDS ***`` stay on predeal, as GG prints none
    requires=(Require("total", QuarantineReason.TRUNCATED, "hand ends before its summary's 'Total pot' line"),),
    checks=(_boards, _settle),
    notes_unbalanced=False,
    wording=Wording(unexpected=Unexpected(_MONEY_WORDS), bad_amount="line {number} {text!r}: {error}", total_pot=None),
)


# Some files print a run's summary board over two lines ("FIRST", then "Board [..]").
_SPLIT_RUN_BOARD = re.compile(r"^[^\S\n]*(FIRST|SECOND|THIRD|FOURTH)[^\S\n]*\n(?=Board \[)", re.M)


class GGPokerParser(DialectParser):
    """GGPoker's dialect, its lines cut as the old reader cut them (at every line break, a
    lone ``\\r`` too, without BOMs or NULs, leading blank lines dropped before they are
    numbered), a run's summary label printed alone joined to its board."""

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_lines(hand_text)
        while lines and not lines[0].strip():
            lines.pop(0)
        return Hand(self.dialect, _SPLIT_RUN_BOARD.sub(r"\1 ", "\n".join(lines))).read()


PARSER = GGPokerParser(DIALECT)
