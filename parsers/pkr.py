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

A file may open at a hand's ``Starting Hand #N`` line, its table line missing (fpdb keeps
such a copy): the hand is read, its table unknown, a note saying so. A missing table line
anywhere else joins the hand to the one before it, which then fails on the line.

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

The dead small blind ``posts $0.02 dead`` is a dead post and a newcomer's ``brings $200 to
table`` his stack; a fold that shows (``folds and shows [XX] [A d]``), emotes at a player, a
dropped connection, money a seated cash player brings or buys mid-hand, a disconnection
granted protection, ``No Rake Taken`` (a rake of nothing), ``acknowledges a nice hand.`` and
the time-bank lines carry nothing; a seat may show one card of two, ``shows [XX] [J s]``
(the hidden card is unknown). A win "limited" by disconnection protection (``wins $0.04,
disconnection protection limited from $0.17``) is quarantined ``unsupported_game`` saying
so: how PKR divides the rest is not published, and the history shows it only by example (the
winner got back what he put in; the rest went to the other seat still in).

Read by ``parsers.engine`` (``parsers/ongame.py`` is the worked example). Versions
(``parser_version``) and what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re

from rules.records import ParsedHand
from rules.vocab import ActionKind, Format, Platform, QuarantineReason, Street
from parsers.base import AMOUNT, card
from parsers.clock import iso_date
from parsers.engine import (
    ANTE, BIG_BLIND, BLIND, CHECK, CURRENCY_SIGNS, DEAD_BLIND, FOLD, MUCK, OPEN, SHOW, SMALL_BLIND, Act, Dialect,
    DialectParser, Hand, Money, Rake, Returned, Streets, button, chip_scale, dealt, kind, pays, rake, skip, street,
    take_seat,
)
from parsers.game_names import games, limits

_HAND_START = re.compile(r"^\ufeff*Table #\d+ - [^\r\n]*\r?\n(?=Starting Hand #\d+)", re.M)
# A file may open at a hand's second line, its table line cut off (so the hand is no
# other's tail): it is read, its table unknown.
_SNIFF = re.compile(r"(?:Table #\d+ - [^\r\n]*\r?\n)?Starting Hand #\d+\s*\r?\nStart time of hand: ")

# The table line and the hand line, the two lines every hand opens with (the first
# missing where a file opens at the second).
_FIRST = re.compile(r"^(?:Table #(?P<tid>\d+) - (?P<name>.*?)\s*\n)?Starting Hand #(?P<id>\d+)\s*(?:\n|$)")
_END = re.compile(r"^End [Oo]f Hand #(?P<id>\d+)\s*$")
_START = re.compile(r"^(?P<day>\d{1,2}) (?P<mon>\w{3}) (?P<year>\d{4}) (?P<time>\d{1,2}:\d{2}:\d{2})\s*$")
_BLINDS = re.compile(r"^Blinds are now (?P<cur>[$€£])?(?P<sb>[\d,]+(?:\.\d+)?) ?/ ?[$€£]?(?P<bb>[\d,]+(?:\.\d+)?)\s*$")
_GAMES = games("HOLD'EM", "HOLDEM", "OMAHA", "OMAHA HI/LO")
_LIMITS = limits("NO LIMIT", "POT LIMIT", "FIXED LIMIT", "LIMIT")

_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?)(?P<bounty> \(bounty value [^()]*\))? - "
                   r"(?P<stack>[$€£]?[\d,]+(?:\.\d+)?)(?P<out> \(away from table\))?\s*$")
_ALL_IN = r"(?P<allin> \(all-in\))?"


def _limited_pay(hand: Hand, m: re.Match[str]) -> None:
    """See the module's docstring: the amounts are printed, the rule that made them is not."""
    raise hand.fail(QuarantineReason.UNSUPPORTED_GAME,
                    f"line {hand.line.number}: a win limited by PKR's disconnection protection ({m['amt']} of "
                    f"{m['full']}): the rule that limits it and pays the rest is not published, so the payout "
                    f"cannot be checked: {hand.line.text!r}")


_PAY = re.compile(
    rf"^(?:wins|ties(?: side pot #(?P<side>\d+))?(?:, and wins)?) {AMOUNT}"
    r"(?: from (?:side pot #(?P<side_2>\d+)|(?:the )?main pot))?"
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
    r"has requested more time|has no qualifying low hand|acknowledges a nice hand\.|"
    # the time bank (printed with two spaces after the name when it is drawn on)
    r"\s?is using the time bank|has \d+ seconds remaining in the time bank|has received \d+ additional seconds in the time bank \(\d+ total seconds\)|"
    # emotes aimed at someone, a dropped connection, and money a seated cash player brings
    # or buys during a hand (it joins the stack after it, never the pot; a tournament
    # player's ``brings 1,345`` is only ever a newcomer's, see ``_ARRIVING``)
    r"has disconnected and has been granted disconnection protection|is relieved about that\.|will see you\.|"
    r"yawns at .+\.|has become disconnected and has \d+ seconds to reconnect|"
    r"brings [$€£][\d,]+(?:\.\d+)? to table \d+|rebuys [$€£][\d,]+(?:\.\d+)?)\s*$"
)
# A tournament moves a player to this table during a hand: he brings his chips and sits,
# but is dealt in only from the next hand, so no seat line of this hand names him.
_ARRIVING = re.compile(
    r"^(?P<name>.+?) (?:brings [$€£]?[\d,]+(?:\.\d+)? to table \d+|has joined from Tournament Table #\d+)\s*$")
# brackets may stand apart when a seat shows one card of two: ``shows [XX] [J s]``
_CARDS = r"(?P<cards>(?:\[[^\]]*\] ?)+)"


def _bracket_cards(text: str) -> list[str | None]:
    """One bracket's cards: ``4 h`` (one card written rank, space, suit) or ``Ad 8h``
    (2009: the whole hand in one bracket)."""
    words = text.split()
    if len(words) == 2 and len(words[1]) == 1:
        words = ["".join(words)]
    return [None if word == "XX" else card(word) for word in words or [text]]  # XX: a card kept hidden


def _field(hand: Hand, prefix: str) -> str | None:
    line = hand.header_line(prefix, 0, 20)
    return line.text[len(prefix):].strip() if line else None


def _header(hand: Hand, first: re.Match[str]) -> ParsedHand:
    """The block of ``Game Type:``, ``Limit Type:``, ``Table Type:``, ``Money Type:`` and
    ``Blinds are now`` lines, and the start time (printed without a zone)."""
    game_name = _field(hand, "Game Type:")
    game = _GAMES.get(game_name or "")
    if game is None:
        raise hand.fail(QuarantineReason.UNSUPPORTED_GAME, f"game type {game_name!r} not known")
    blinds_line = hand.header_line("Blinds are now", 0, 20)
    bm = _BLINDS.match(blinds_line.text) if blinds_line else None
    if not bm:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"no readable 'Blinds are now' line: {blinds_line and blinds_line.text!r}")
    table_type = (_field(hand, "Table Type:") or "").upper()
    money_type = (_field(hand, "Money Type:") or "").upper()
    is_tournament = "TOURNAMENT" in table_type or "TOURNAMENT" in money_type
    is_play = "PLAY" in money_type
    currency = None if (is_tournament or is_play) else CURRENCY_SIGNS.get(bm["cur"] or "")
    if currency is None:
        # Play chips are printed like money, cents and all (``$8,382.50`` at $5/$10):
        # read in hundredths whatever the blinds; tournament chips are whole.
        hand.scale = 100 if is_play else chip_scale(bm["sb"], bm["bb"])
    notes = ["start time printed without a time zone"]
    if first["tid"] is None:
        notes.append("the hand's table line ('Table #N - NAME') is not in the file: its table is not known")
    record = hand.new_record(
        game=game, limit=_LIMITS.get(_field(hand, "Limit Type:") or ""), is_tournament=is_tournament,
        currency=currency, table_name=first["name"], is_play_money=is_play, pots_printed_net=False, notes=notes,
    )
    start = _field(hand, "Start time of hand:")
    if start:
        record.start_time_raw = start
        if sm := _START.match(start):
            record.hand_date = iso_date(sm["day"], sm["mon"], sm["year"])
    return record


def _closing_stack(hand: Hand, m: re.Match[str]) -> None:
    """``Seat N: name - $stack`` after the deal: the seat's stack once the hand is over."""
    hand.closing[int(m["seat"])] = hand.money(m["stack"])


def _pot_sizes(hand: Hand, m: re.Match[str]) -> None:
    """``Pot sizes: $X``, one line per pot, printed again after every street: the last
    block of them is the final pots."""
    if hand.previous != "pot sizes":
        hand.pots = []
    hand.pots.append(hand.money(m["amt"]))


def _rake_from_pot(hand: Hand, m: re.Match[str]) -> None:
    """``Taking Rake of $R from pot N``: PKR counts the main pot as pot 1, which the note says."""
    rake(hand, m)
    hand.record.notes.append(f"rake {hand.money(m['amt'])} taken from pot {m['pot']} (PKR counts the main pot as pot 1)")


def _seats_that_never_acted_were_not_dealt_in(hand: Hand) -> None:
    """PKR prints a fold for every seat dealt in: a seat with no action sat the hand out."""
    acted = {a.seat for a in hand.record.actions}
    for seat in hand.record.seats:
        if seat.seat not in acted:
            seat.dealt_in = False


DIALECT = Dialect(
    platform=Platform.PKR,
    format=Format.PKR,
    version="6",
    hand_start=_HAND_START,
    head=_SNIFF,
    first=_FIRST,
    header_lines=2,
    not_first="not a PKR header",
    header=_header,
    complete=_END,
    truncated="hand has no 'End of Hand' line (cut off at the end of the file?)",
    seat=kind("seat", _SEAT, take_seat),
    seats_end=re.compile(r"^Dealing Cards"),
    cards=_bracket_cards,
    body=(
        kind("closing stack", _SEAT, _closing_stack),
        kind("end", _END, skip),
        kind("header", r"^(?:Last Hand |There is no qualifying low hand|Table Type:|Money Type:|Game Type:|Limit Type:"
                       r"|Shuffling Deck|Start time of hand:|Blinds are now|No Rake Taken)", skip),
        kind("deal", r"^(?P<street>Dealing Cards)", street),
        kind("pot sizes", rf"^Pot sizes: {AMOUNT}\s*$", _pot_sizes),
        kind("button", r"^(?:Button is at|Moving Button to) seat (?P<seat>\d+)\s*$", button),
        kind("rake", rf"^Taking Rake of {AMOUNT} from pot (?P<pot>\d+)\s*$", _rake_from_pot),
        kind("board", rf"^Dealing (?P<street>Flop|Turn|River) {_CARDS}\s*$", street),
        kind("uncalled", rf"^Returning {AMOUNT} to (?P<name>.+?) uncalled\s*$", Returned(paid=True)),
        kind("dealt", rf"^Dealing {_CARDS} to (?P<name>.+?)\s*$", dealt),
    ),
    players=(
        kind("pay", _PAY, pays),
        kind("limited pay", rf"^wins {AMOUNT}, disconnection protection limited from (?P<full>\S+) with\b.*$",
             _limited_pay),
        kind("small blind", rf"^posts small blind \({AMOUNT}\){_ALL_IN}$", SMALL_BLIND),
        kind("big blind", rf"^posts big blind \({AMOUNT}\){_ALL_IN}$", BIG_BLIND),
        kind("ante", rf"^posts ante (?:of )?\(?{AMOUNT}\)?{_ALL_IN}$", ANTE),
        # a returning seat's small blind, dead: ``posts $0.02 dead`` (beside ``posts $0``)
        kind("dead", rf"^posts \(?{AMOUNT}\)? dead{_ALL_IN}$", DEAD_BLIND),
        kind("post", rf"^posts \(?{AMOUNT}\)?{_ALL_IN}$", BLIND),
        # Every bet prints the seat's total for the street.
        kind("call", rf"^calls {AMOUNT}{_ALL_IN}$", Act(ActionKind.CALL, Money.TO)),
        kind("bet", rf"^bets {AMOUNT}{_ALL_IN}$", Act(ActionKind.BET, Money.TO)),
        kind("raise", rf"^raises to {AMOUNT}{_ALL_IN}$", Act(ActionKind.RAISE, Money.TO)),
        # a folding seat may show its cards (``[XX]`` for one it keeps hidden): they contest nothing
        kind("fold", r"^(?:folds(?: and shows (?:\[[^\]]*\] ?)+)?|did not respond in time and is folded)\s*$", FOLD),
        kind("check", r"^checks$", CHECK),
        kind("show", rf"^shows {_CARDS}\s*$", SHOW),
        kind("muck", r"^mucks\s*$", MUCK),
    ),
    quiet=_CHATTER,
    chat=re.compile(r"^ ?: "),  # ``NAME : text`` at ring tables, ``NAME: text`` in tournaments
    name_follows=re.compile(r"(?= |: )"),
    after_name=re.compile(r" ?"),
    unseated=(kind("arriving", _ARRIVING, skip),),
    streets=Streets(board={"dealing cards": OPEN, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}),
    rake=Rake(missing=0, missing_note="no 'Taking Rake' line: rake 0"),
    returns_unmatched=True,
    requires_payout=(QuarantineReason.INCONSISTENT, "hand has no pay line"),
    pots_add_up="pot sizes printed {pots} do not add up to the {total} put in",
    checks=(_seats_that_never_acted_were_not_dealt_in,),
    first_action_seq=1,
)

PARSER = DialectParser(DIALECT)
