"""PKR text hand histories (2008-2014; Hold'em and Omaha, high and Hi/Lo).

A hand runs from ``Table #46301943 - Hellenic Aquarium`` / ``Starting Hand #N`` to
``End of Hand #N`` (``End Of Hand`` in 2009); a block of ``Game Type: OMAHA HI/LO``,
``Limit Type: POT LIMIT``, ``Table Type: RING``, ``Money Type: REAL MONEY``, ``Blinds are
now $2 / $4`` (``$0.02/$0.04`` in 2009) describes it. The start time has no zone. The
button is the last ``Moving Button to seat N``. Cards are ``[4 h][Q s]``, one a bracket;
2009 files write ``[Ad 8h]``. ``NAME cheers.`` is a chat emote (so are ``claps.``, ``laughs
his *** off.``, ``admits he's a chicken!``, ``can't believe himself.``). Play money
(``Money Type: PLAY MONEY``) is printed like dollars, cents and all even at whole blinds
(``$8,382.50`` at $5/$10), so it is read in hundredths.

Betting lines print the seat's **total** for the street: ``calls $0.06`` after a $0.04
blind adds $0.02, as ``raises to $12`` does; ``bets $X`` starts a street so it is the
same. 2009 files print ``Returning $0.13 to NAME uncalled``; later ones print no
uncalled-bet line: the part of the largest contribution no one matched is returned to
its seat here (an ``UNCALLED_RETURN`` action, noted), and the closing ``Seat N: name -
$stack`` lines are checked against it.

``Pot sizes: $X`` lines print each pot (main first) **before** rake; ``Taking Rake of $R
from pot N`` counts pots from 1 = the main pot. Pay lines: ``wins $X with: ...``,
``wins $X from side pot #2 with: ...``, ``ties side pot #1, and wins $X with: ...``,
``ties, and wins $X with high hand: ...``, ``ties $X with low hand: A2345``, or
``wins $X`` alone when nobody showed. A line naming no side pot pays the main pot.

Every line is read or known to carry no money or cards (the header block, ``Shuffling
Deck``, ``Dealing Cards``, and after a player's name ``_CHATTER``: the showdown's
``has Straight, 7 high`` / ``has low hand: A2345``, seating, absence, connection, chat);
any other line, including one about nobody seated, fails the hand with its line number.
``did not respond in time and is folded`` is the seat's fold.

Tournaments (2012): ``Table #45061966 - Tournament #25865515 Table #21``, ``Table Type:
TOURNAMENT``, ``Money Type: TOURNAMENT CHIPS``, whole chips with a thousands comma
(``1,200``), no currency. A table's first hand prints ``Last Hand n/a``. A player moved
in from another table during the hand writes ``NAME brings 1,020 to table N`` and ``NAME
has joined from Tournament Table #74``; he has no seat line before the deal and is read
as not dealt in (the same line naming a seated player fails the hand). Chat is ``NAME:
text`` there, ``NAME : text`` at ring tables; ``NAME says ...`` and ``yawns.`` are chat
too, and a hi/lo showdown adds ``NAME has no qualifying low hand`` / ``There is no
qualifying low hand``. Knockout events add the bounty to every seat line (``Seat 1: NAME
(bounty value $0.40, bounty won $0) - 2,940``): bounties are paid outside the pot, so that
part is not read. Antes there read ``posts ante of 10 (all-in)``.
"""

from __future__ import annotations

import re

from rules.money import DOT
from rules.vocab import (
    ActionKind,
    Format,
    Game,
    Half,
    Limit,
    PayoutSource,
    Platform,
    QuarantineReason,
    Street,
)
from parsers.base import (
    BetTracker,
    LineHandReader,
    TextParser,
    card,
    hand_text_lines,
    unprinted_uncalled_note,
)
from rules.records import ActionRecord, ParsedHand, PayoutRecord, SeatRecord

_HAND_START = re.compile(r"^\ufeff*Table #\d+ - [^\r\n]*\r?\n(?=Starting Hand #\d+)", re.M)
_SNIFF = re.compile(r"Table #\d+ - [^\r\n]*\r?\nStarting Hand #\d+\s*\r?\nStart time of hand: ")

_TABLE = re.compile(r"^Table #(?P<tid>\d+) - (?P<name>.*?)\s*$")
_HAND_ID = re.compile(r"^Starting Hand #(?P<id>\d+)\s*$")
_END = re.compile(r"^End [Oo]f Hand #(?P<id>\d+)\s*$")
_START = re.compile(r"^Start time of hand: (?P<day>\d{1,2}) (?P<mon>\w{3}) (?P<year>\d{4}) (?P<time>\d{1,2}:\d{2}:\d{2})\s*$")
_BLINDS = re.compile(r"^Blinds are now (?P<cur>[$€£])?(?P<sb>[\d,]+(?:\.\d+)?) ?/ ?[$€£]?(?P<bb>[\d,]+(?:\.\d+)?)\s*$")
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_GAMES = {"HOLD'EM": Game.HOLDEM, "HOLDEM": Game.HOLDEM, "OMAHA": Game.OMAHA, "OMAHA HI/LO": Game.OMAHA_HILO}
_LIMITS = {"NO LIMIT": Limit.NO, "POT LIMIT": Limit.POT, "FIXED LIMIT": Limit.FIXED, "LIMIT": Limit.FIXED}
_SPLIT_GAMES = {Game.OMAHA_HILO}
_MONTHS = {m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?)(?P<bounty> \(bounty value [^()]*\))? - (?P<stack>[$€£]?[\d,]+(?:\.\d+)?)(?P<away> \(away from table\))?\s*$")
_AMT = r"(?P<amt>[$€£]?[\d,]+(?:\.\d+)?)"
_ALL_IN = r"(?P<allin> \(all-in\))?"
_ACTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^posts small blind \({_AMT}\){_ALL_IN}$"), "sb"),
    (re.compile(rf"^posts big blind \({_AMT}\){_ALL_IN}$"), "bb"),
    (re.compile(rf"^posts ante (?:of )?\(?{_AMT}\)?{_ALL_IN}$"), "ante"),
    (re.compile(rf"^posts \(?{_AMT}\)?{_ALL_IN}$"), "post"),
    (re.compile(rf"^calls {_AMT}{_ALL_IN}$"), "call"),
    (re.compile(rf"^bets {_AMT}{_ALL_IN}$"), "bet"),
    (re.compile(rf"^raises to {_AMT}{_ALL_IN}$"), "raise"),
    (re.compile(r"^(?:folds|did not respond in time and is folded)$"), "fold"),
    (re.compile(r"^checks$"), "check"),
    (re.compile(r"^shows (?P<cards>(?:\[[^\]]*\])+)\s*$"), "show"),
    (re.compile(r"^mucks\s*$"), "muck"),
]
_PAY = re.compile(
    rf"^(?:wins|ties(?: side pot #(?P<side1>\d+))?(?:, and wins)?) {_AMT}"
    r"(?: from (?:side pot #(?P<side2>\d+)|(?:the )?main pot))?"
    r"(?: with(?: (?P<hl>high|low) hand)?:?(?: .*)?)?\s*$"
)
# What may follow a seated player's name on a line known to carry no money or cards,
# skipped on purpose: the showdown's description of a hand (``has Straight, 7 high``,
# ``has low hand: A2345``; the cards themselves are in ``shows``), seating, absence,
# connection and chat (``cheers.``). Any other line fails the hand.
_CHATTER = re.compile(
    r"^(?:doesn't show|will be dealt in after the button|"
    r"has (?:low hand: [2-9TJQKA]+|(?:High Card|One Pair|Two Pairs|Three of a Kind|Straight|Flush|Full House|"
    r"Four of a Kind|Straight Flush|Royal Flush)\b[^$€£]*)|is sitting out|sits out|has returned|is away from table|"
    r"has left the table|has joined the table|is disconnected|has reconnected|cheers\.|yawns\.|claps\.|laughs (?:his|her) \*\*\* off\.|admits (?:he|she)'s a chicken!|"
    r"can't believe (?:him|her)self\.|says .*|"
    r"has requested more time|has no qualifying low hand)\s*$"
)
# A tournament moves a player to this table during a hand: he brings his chips and sits,
# but is dealt in only from the next hand, so no seat line of this hand names him.
_ARRIVING = re.compile(r"^(?P<name>.+?) (?:brings [\d,]+ to table \d+|has joined from Tournament Table #\d+)\s*$")
_DEALING = re.compile(r"^Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<name>.+?)\s*$")
_BOARD = re.compile(r"^Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)\s*$")
_RETURNING = re.compile(rf"^Returning {_AMT} to (?P<name>.+?) uncalled\s*$")
_POTS = re.compile(rf"^Pot sizes: {_AMT}\s*$")
_RAKE = re.compile(rf"^Taking Rake of {_AMT} from pot (?P<pot>\d+)\s*$")
_BUTTON = re.compile(r"^(?:Button is at|Moving Button to) seat (?P<seat>\d+)\s*$")
_BOARD_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_HEADER_KEYS = ("Last Hand ", "There is no qualifying low hand", "Table Type:", "Money Type:", "Game Type:", "Limit Type:", "Shuffling Deck", "Dealing Cards")


def _bracket_cards(text: str) -> list[str | None]:
    """``[4 h][Q s]`` (one card a bracket) or ``[Ad 8h]`` (2009: one bracket) -> ``['4h', 'Qs']``.

    A bracket whose second word is a lone suit holds one card written rank, space, suit.
    """
    out: list[str | None] = []
    for group in re.findall(r"\[([^\]]*)\]", text):
        words = group.split()
        if len(words) == 2 and len(words[1]) == 1:
            words = ["".join(words)]
        out.extend(card(word) for word in words or [group])
    return out


class PkrParser(TextParser):
    """Parser for PKR's text histories."""

    format = Format.PKR
    hand_start = _HAND_START
    head_pattern = _SNIFF

    def parse(self, hand_text: str) -> ParsedHand:
        return _HandReader(hand_text).read()


class _HandReader(LineHandReader):
    """One hand's parse state; a fresh reader per hand keeps the parser stateless."""

    convention = DOT
    #: the number, in the hand's text, of the table line (blank lines before it are dropped)
    first_line_number = 1

    @staticmethod
    def split_lines(hand_text: str) -> list[str]:
        """Trailing space is never meaningful in this dialect: every line loses it."""
        return [line.rstrip() for line in hand_text_lines(hand_text)]

    def field(self, prefix: str) -> str | None:
        for line in self.lines[:20]:
            if line.startswith(prefix):
                return line[len(prefix):].strip()
        return None

    def read(self) -> ParsedHand:
        lines = self.lines
        while lines and not lines[0]:
            lines.pop(0)
            self.first_line_number += 1
        table = _TABLE.match(lines[0]) if lines else None
        hid = _HAND_ID.match(lines[1]) if len(lines) > 1 else None
        if not table or not hid:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"not a PKR header: {(lines or [''])[0][:120]!r}")
        self.hand_id = hid["id"]
        if not any(_END.match(line) for line in lines):
            raise self.fail(QuarantineReason.TRUNCATED, "hand has no 'End of Hand' line (cut off at the end of the file?)")
        game_name = self.field("Game Type:")
        game = _GAMES.get(game_name or "")
        if game is None:
            raise self.fail(QuarantineReason.UNSUPPORTED_GAME, f"game type {game_name!r} not known")
        blinds_line = next((ln for ln in lines[:20] if ln.startswith("Blinds are now")), None)
        bm = _BLINDS.match(blinds_line) if blinds_line else None
        if not bm:
            raise self.fail(QuarantineReason.PARSE_ERROR, f"no readable 'Blinds are now' line: {blinds_line!r}")
        table_type = (self.field("Table Type:") or "").upper()
        money_type = (self.field("Money Type:") or "").upper()
        is_tournament = "TOURNAMENT" in table_type or "TOURNAMENT" in money_type
        is_play = "PLAY" in money_type
        currency = None if (is_tournament or is_play) else _CURRENCIES.get(bm["cur"] or "")
        if currency is None:
            # Play chips are printed like money, cents and all (``$8,382.50`` at $5/$10):
            # read in hundredths whatever the blinds; tournament chips are whole.
            whole = "." not in bm["sb"] + bm["bb"]
            self.scale = 100 if is_play or not whole else 1
        hand = ParsedHand(
            hand_id=self.hand_id,
            platform=Platform.PKR,
            format=Format.PKR,
            game=game,
            limit=_LIMITS.get(self.field("Limit Type:") or ""),
            is_tournament=is_tournament,
            amount_scale=self.scale,
            currency=currency,
            table_name=table["name"],
            is_play_money=is_play,
            pots_printed_net=False,
            notes=["start time printed without a time zone"],
        )
        start = self.field("Start time of hand:")
        if start:
            hand.start_time_raw = start
            if sm := _START.match(f"Start time of hand: {start}"):
                month = _MONTHS.get(sm["mon"])
                if month:
                    hand.hand_date = f"{sm['year']}-{month:02d}-{int(sm['day']):02d}"
        self.read_body(hand, lines[2:])
        return hand

    def read_body(self, hand: ParsedHand, lines: list[str]) -> None:
        seats: dict[int, SeatRecord] = {}
        names: dict[str, int] = {}
        finals: dict[int, int] = {}
        dealt = False
        for line in lines:
            if line.startswith("Dealing Cards"):
                dealt = True
            if m := _SEAT.match(line):
                if not dealt:
                    seat = SeatRecord(seat=int(m["seat"]), player=m["name"], stack=self.money(m["stack"], line))
                    seat.dealt_in = not m["away"]
                    seats[seat.seat] = seat
                    names[seat.player] = seat.seat
                else:
                    finals[int(m["seat"])] = self.money(m["stack"], line)
        if not seats:
            raise self.fail(QuarantineReason.PARSE_ERROR, "no seat lines before the deal")
        ordered = sorted(names, key=len, reverse=True)
        split_game = hand.game in _SPLIT_GAMES
        street = Street.PREDEAL
        tracker = BetTracker()
        board: list[str] = []
        seq = 0
        pot_groups: list[list[int]] = []
        last_was_pot = False
        acted: set[int] = set()

        def act(seat: int | None, kind: ActionKind, amount: int | None = None, all_in: bool = False,
                on: Street | None = None) -> None:
            nonlocal seq
            seq += 1
            hand.actions.append(ActionRecord(seq, on or street, seat, kind, amount, all_in))
            if seat is not None:
                acted.add(seat)

        for index, line in enumerate(lines):
            number = self.first_line_number + 2 + index  # ``lines`` starts after the two header lines
            if not line or _SEAT.match(line) or _END.match(line) or line.startswith(_HEADER_KEYS) \
                    or line.startswith("Start time of hand:") or line.startswith("Blinds are now"):
                if line.startswith("Dealing Cards"):
                    street = Street.PREFLOP
                last_was_pot = False
                continue
            if pm := _POTS.match(line):
                if not last_was_pot:
                    pot_groups.append([])
                pot_groups[-1].append(self.money(pm["amt"], line))
                last_was_pot = True
                continue
            last_was_pot = False
            if bm := _BUTTON.match(line):
                hand.button_seat = int(bm["seat"])
                continue
            if rm := _RAKE.match(line):
                hand.rake = (hand.rake or 0) + self.money(rm["amt"], line)
                hand.notes.append(f"rake {self.money(rm['amt'], line)} taken from pot {rm['pot']} (PKR counts the main pot as pot 1)")
                continue
            if bm := _BOARD.match(line):
                street = _BOARD_STREETS[bm["street"]]
                tracker.new_street()
                board = board + [c for c in _bracket_cards(bm["cards"]) if c]
                continue
            if rm := _RETURNING.match(line):
                seat_no = names.get(rm["name"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.INCONSISTENT, f"bet returned to an unseated player: {line!r}")
                amount = self.money(rm["amt"], line)
                tracker.returned(seat_no, amount)
                act(seat_no, ActionKind.UNCALLED_RETURN, amount)
                hand.payouts.append(PayoutRecord(seat_no, amount, None, None, Half.WHOLE, PayoutSource.UNCALLED, line))
                continue
            if dm := _DEALING.match(line):
                seat_no = names.get(dm["name"])
                if seat_no is None:
                    raise self.fail(QuarantineReason.PARSE_ERROR, f"cards dealt to an unseated player: {line!r}")
                seats[seat_no].cards = _bracket_cards(dm["cards"])
                continue
            hit = None
            for name in ordered:
                if line.startswith(name + " "):
                    hit = (names[name], line[len(name) + 1:])
                    break
                if line.startswith(name + ": "):  # tournament tables write chat with no space before the colon
                    hit = (names[name], line[len(name):])
                    break
            if hit is None and (arriving := _ARRIVING.match(line)) and arriving["name"] not in names:
                continue
            if hit is None:
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            seat_no, rest = hit
            seat = seats[seat_no]
            if pay := _PAY.match(rest):
                amount = self.money(pay["amt"], line)
                side = pay["side1"] or pay["side2"]
                if pay["hl"]:
                    half = Half.HIGH if pay["hl"] == "high" else Half.LOW
                else:
                    half = Half.UNLABELLED if split_game else Half.WHOLE
                hand.payouts.append(PayoutRecord(seat_no, amount, int(side) if side else 0, None, half, PayoutSource.POT, line))
                continue
            for pattern, kind in _ACTIONS:
                am = pattern.match(rest)
                if am:
                    break
            else:
                if _CHATTER.match(rest) or rest.startswith(": "):
                    continue
                raise self.fail(QuarantineReason.PARSE_ERROR, f"unexpected line {number}: {line!r}")
            groups = am.groupdict()
            all_in = bool(groups.get("allin"))
            if all_in:
                seat.all_in = True
            amount = self.money(am["amt"], line) if groups.get("amt") else None
            if kind == "sb":
                tracker.add(seat_no, amount)
                hand.small_blind = hand.small_blind or amount
                act(seat_no, ActionKind.POST_SMALL_BLIND, amount, all_in, Street.PREDEAL)
            elif kind == "bb":
                tracker.add(seat_no, amount)
                hand.big_blind = hand.big_blind or amount
                act(seat_no, ActionKind.POST_BIG_BLIND, amount, all_in, Street.PREDEAL)
            elif kind == "post":
                tracker.add(seat_no, amount)
                act(seat_no, ActionKind.POST_BLIND, amount, all_in, Street.PREDEAL)
            elif kind == "ante":
                tracker.dead(seat_no, amount)
                hand.ante = hand.ante or amount
                act(seat_no, ActionKind.POST_ANTE, amount, all_in, Street.PREDEAL)
            elif kind in ("call", "bet", "raise"):
                added = tracker.raise_to(seat_no, amount)
                act(seat_no, {"call": ActionKind.CALL, "bet": ActionKind.BET, "raise": ActionKind.RAISE}[kind], added, all_in)
            elif kind == "fold":
                seat.folded_street = street
                act(seat_no, ActionKind.FOLD)
            elif kind == "check":
                act(seat_no, ActionKind.CHECK)
            elif kind == "show":
                seat.showed = True
                seat.cards = _bracket_cards(am["cards"])
                act(seat_no, ActionKind.SHOW)
            elif kind == "muck":
                seat.mucked = True
                act(seat_no, ActionKind.MUCK)

        if board:
            hand.boards = [board]
        if pot_groups:
            hand.pots_printed = pot_groups[-1]
        returned = tracker.unmatched()
        if returned:
            seat_no, amount = returned
            tracker.returned(seat_no, amount)
            act(seat_no, ActionKind.UNCALLED_RETURN, amount)
            hand.notes.append(unprinted_uncalled_note(seat_no, amount))
        for seat_no, seat in seats.items():
            seat.contributed = tracker.contributed(seat_no)
            if seat_no not in acted:
                seat.dealt_in = False  # PKR prints a fold for every seat dealt in
        hand.seats = [seats[s] for s in sorted(seats)]
        self.check(hand, finals)

    def check(self, hand: ParsedHand, finals: dict[int, int]) -> None:
        """Compare PKR's closing stacks and pot sizes with what the lines add up to."""
        paid: dict[int, int] = {}
        for p in hand.payouts:
            if p.source == PayoutSource.POT:  # ``contributed`` is already net of returned bets
                paid[p.seat] = paid.get(p.seat, 0) + p.amount
        for seat in hand.seats:
            if seat.seat in finals and seat.stack is not None:
                expected = seat.stack - seat.contributed + paid.get(seat.seat, 0)
                if finals[seat.seat] != expected:
                    hand.notes.append(
                        f"seat {seat.seat}: closing stack {finals[seat.seat]} but the lines give {expected}"
                    )
        if hand.pots_printed and sum(hand.pots_printed) != hand.pot_total:
            hand.notes.append(f"pot sizes printed {hand.pots_printed} do not add up to the {hand.pot_total} put in")
        if hand.rake is None:
            hand.rake = 0
            hand.notes.append("no 'Taking Rake' line: rake 0")
        if not hand.payouts:
            raise self.fail(QuarantineReason.INCONSISTENT, "hand has no pay line")
        if not hand.reconciles():
            hand.notes.append(
                f"history does not add up: put in {hand.pot_total}, paid {hand.paid_from_pots()}, rake {hand.rake}"
            )


PARSER = PkrParser()
