"""KingsClub text hands.

A hand looks like::

    #39969218: Limit Omaha Hi-Lo - 40/80
    2021-01-02 15:39:12
    Table '8 Game Mix' Seat 6 is the button
    Seat 1: Player0 (600)
    Hero: posts the small blind 20
    *** HOLE CARDS ***
    Dealt to Hero: [4d Kd Ac 5s]
    Hero raises to 80
    Player0 calls 80
    ...
    *** SUMMARY ***
    Seat 1: Player0 (599.50) -0.50
    Rake 1
    Player0 wins (279.50) from pot
    Hero wins (279.50) from pot

Game names are the platform's own spellings (``Badeucey`` is Badeucy, ``Omaha 5 Card``
is 5-Card Omaha, ``Short Deck Holdem`` is 6+ Hold'em); a name the rules have no game for is quarantined as
``unsupported_game``. One hand prints its summary header as ``*** SUMMARY * **``: it is
read as the summary, whose every line must then still be a summary line, and whose seat
results, rake and pay lines are checked against the betting as in any hand.

Amounts carry no currency symbol and are written with cents where there are any
(``1,262.50``): the hand's minor unit is the hundredth (``amount_scale`` 100) and the
currency is None (the files never say which; notes say so). ``calls X`` and ``raises to
X`` give the seat's total for the street; ``bets X`` is the amount bet. Pay lines are
``X wins (168) from pot`` / ``from side pot 1`` / ``X wins pot (568.25)``, one per
half, quarter or board, never labelled (``unlabelled`` in split games). Uncalled bets
are not printed: the part of the top contribution nobody matched (a dead blind matches
nothing) is derived and recorded as returned. No ``Rake`` line means no rake was taken
(the summary's per-seat results then sum to zero).

``posts blind X`` (a seat back from missed blinds) puts in the big blind ``X`` live and
the small blind dead, though only ``X`` is printed: hand 39879543's summary result (-77:
ante 11, blind 44, small blind 22), its stack after and its pot all count both. A hand
that posts it before any small blind is posted is quarantined: the dead part is unknown.

An all-in-or-fold table deals the flop before the first betting round (hand 7071017:
blinds, ``*** FLOP ***``, then ``raises to 1,000, and is all in``): the blinds stay live
until a seat acts, so that raise includes the small blind, as the summary's ``-1,000``
says.

Older stud files label streets one too early, so stud streets are counted from the cards
dealt. ``*** BOARD 1 - ... ***`` lines are either a run-it-twice (the second board shares
the first cards, ``[- - - Kh]``) or, when both boards are dealt from the flop with
betting after, a two-board game. A draw game all in before the draw whose draw is
printed as ``Dealt to`` lines was run more than once, each run drawing separately: the
final hands are then recorded as not known. Other draw hands run more than once show
each run's final hand of a seat that drew (``Run 1: Hero shows [...]``), and the draw may
print one bracket of new cards per run (``discards [Th] draws [8c] [Qs]``); a seat whose
runs' hands differ is recorded with each run's hand (``run_cards``; the rules settle each
run on its own hands) and no one final hand, the runs' hands also in the notes. Their pay
lines name no run.

Lines skipped on purpose carry no money or cards: after a seat's name, ``_SEAT_NO_MONEY``
(sitting out, timeouts, disconnections, chat), each whole; any other line fails the hand.

The button's second ante on a 0/0 6+ table is its live blind.

Read by the engine. Streets come from the ``Streets`` table by game family (stud's from the
count of cards dealt), game facts from ``rules.games``. Versions (``parser_version``) and
what each changed: ``docs/parser-versions.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from rules.games import GAMES, game_spec
from rules.records import ParsedHand
from rules.vocab import (
    ActionKind, Format, Half, PayoutSource, Platform, QuarantineReason, RakeSource, Street,
)
from parsers.base import BRACKETS
from parsers.engine import (
    ANTE, BIG_BLIND, BLIND, BRING_IN, CHECK, DEAD_BLIND, FOLD, MUCK, RAISE_TO, SMALL_BLIND, Act, Dialect, DialectParser,
    Hand, Money, Require, Streets, Wording, enter_summary, kind, seated, starred_section, stud_street, take_seat,
    unknown_street_line,
)
from parsers.game_names import games, limits
from parsers.headers import Header, folded, header_read, read_by_header, table_fields

_NUM = r"\d[\d,]*(?:\.\d+)?"
_AMT = rf"(?P<amt>{_NUM})"
_ALL_IN = r"(?P<allin>, and is all in)?"
_HEADER = rf"#(?P<id>\d+): (?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?) - (?P<small>{_NUM})/(?P<big>{_NUM})"
_DATE = r"(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"
_TABLE = re.compile(r"^Table '(?P<table>.*)'(?: Seat (?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_NUM})\)\s*(?P<net>[-+]{_NUM})?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<label>[^*]+?) \*\*\*(?P<rest>.*)$")
# What may follow a seat's name on a line known to carry no money or cards, skipped on
# purpose: sitting out, timeouts, disconnections and chat (``said ...``).
_SEAT_NO_MONEY = re.compile(r"^\s*(?:is sitting out|sits out|has timed out|is disconnected|said\b.*)$")

# the platform's spellings (hands 3498679, 6155563, 40200897; 2-7 razz: 40091899)
_GAMES = games("omaha hi-lo", "omaha", "big o", "5 card omaha", "omaha 5 card", "5 card omaha hi-lo", "hold'em",
               "holdem", "short deck holdem", "seven card stud hi-lo", "seven card stud", "razz", "2-7 razz", "badugi",
               "badacey", "badeucy", "badeucey", "2-7 drawmaha", "2-7 single draw", "2-7 triple draw",
               "a-5 single draw", "a-5 triple draw", "5 card draw")
_LIMITS = limits("Limit", "Pot Limit", "No Limit")
_HEADER_FIELDS = Header(_GAMES, game_key=folded, limits=_LIMITS, date_format="%Y-%m-%d %H:%M:%S")
_WAGERS = frozenset({ActionKind.BET, ActionKind.CALL, ActionKind.RAISE})
# the choices of a seat that make the blinds dead money at the next street (see ``_move_to``)
_ACTED = _WAGERS | {ActionKind.CHECK, ActionKind.FOLD}


def _header(hand: Hand, m: re.Match[str]) -> ParsedHand:
    """``#N: Limit Omaha Hi-Lo - 40/80``, then the date line and the ``Table`` line (its
    button); the lines read here are skipped when the engine comes to them."""
    game = _HEADER_FIELDS.fields(hand, m)
    lines = [line for line in hand.lines[1:] if line.text]
    date = re.match(rf"^{_DATE}\s*$", lines[0].text) if lines else None
    if not date:
        raise hand.fail(QuarantineReason.PARSE_ERROR, "no date line after the header")
    table = _TABLE.match(lines[1].text) if len(lines) > 1 else None
    header_read(hand, *(line.number for line in lines[: 2 if table else 1]))
    record = hand.new_record(**game, **_HEADER_FIELDS.fields(hand, date), **(table_fields(table) if table else {}),
                             is_tournament=False, currency=None, start_time_raw=date["date"])
    record.notes.append("KingsClub prints no currency: amounts in hundredths of the table's unit, currency unknown")
    return record


# --- streets ------------------------------------------------------------------------------

def _draws_without_board(hand: Hand) -> bool:
    """Draw games bet first before the draw; Drawmaha, dealt a board, bets first pre-flop."""
    spec = game_spec(hand.record.game)
    return spec.draw and not spec.board_cards


def _move_to(hand: Hand, street: Street) -> None:
    """The hand moves on to ``street``, opening a new betting round, except from the deal
    and while no seat has acted pre-flop: an all-in-or-fold table deals the flop before
    the first betting round (hand 7071017: blinds, ``*** FLOP ***``, then ``raises to
    1,000, and is all in``), and the blinds stay live until a seat acts."""
    if street == hand.street:
        return
    acted = any(a.kind in _ACTED for a in hand.record.actions)
    if hand.street != Street.PREDEAL and not (hand.street == Street.PREFLOP and not acted):
        hand.tracker.new_street()
    hand.street = street


def _hole_cards(hand: Hand, m: re.Match[str]) -> None:
    if hand.street == Street.PREDEAL:
        hand.street = Street.PREFLOP


def _betting_round(hand: Hand, m: re.Match[str]) -> Street:
    """``*** 2ND BETTING ROUND ***`` and the board's streets: to the street the table names
    for the game's family."""
    target = hand.dialect.streets.target(hand.family, m["street"])
    if not isinstance(target, Street):
        unknown_street_line(hand, m)
    _move_to(hand, target)  # type: ignore[arg-type]
    return target  # type: ignore[return-value]


def _board(hand: Hand, m: re.Match[str]) -> None:
    """``*** TURN *** [Qs 7h 3c] [Jd]`` (the whole board so far), ``*** BOARD 2 - TURN ***
    [- - - Kh]``: a second board's ``-`` are the first board's cards. The boards are kept
    as runs (run 1 the board of a hand dealt once)."""
    street = _betting_round(hand, m)
    got = [c for text in BRACKETS.findall(m["cards"]) for c in hand.cards(text.replace("-", "X"))]
    known = hand.run_boards.get(1, [])
    board = [c if c is not None else (known[i] if i < len(known) else None) for i, c in enumerate(got)]
    if None in board:
        raise hand.fail(QuarantineReason.BAD_CARDS, f"board cards not known in {hand.line.verbatim!r}")
    run = int(m["run"]) if m["run"] else 1
    hand.run_boards[run] = board  # type: ignore[assignment]
    if street == Street.FLOP and m["run"]:
        hand.facts.setdefault("flops", {}).setdefault(run, len(hand.record.actions))


def _draw_round(hand: Hand, m: re.Match[str]) -> None:
    """``*** 1ST DRAW ***`` opens no betting round (the next ``BETTING ROUND`` line does)."""
    hand.facts["draw round"] = int(m["n"])


def _stud_street_label(hand: Hand, m: re.Match[str]) -> bool | None:
    """Older stud files label streets one too early: the deal decides (``_dealt``)."""
    return None if hand.family == "stud" else False


def _broken_summary(hand: Hand, m: re.Match[str]) -> None:
    """``*** SUMMARY * **`` (hand 3498679): every line after it must still read as a summary
    line, and its amounts are checked as in any hand: nothing is taken on trust from it."""
    hand.in_summary = True
    hand.record.notes.append(
        f"summary header printed as {hand.line.verbatim.strip()!r}: the lines after it are read as the summary")


# --- cards --------------------------------------------------------------------------------

def _first_bracket(hand: Hand, text: str) -> list[str | None]:
    found = BRACKETS.search(text)
    if found is None:
        raise hand.unexpected()
    return hand.cards(found[1])


def _dealt(hand: Hand, m: re.Match[str]) -> None:
    """``Dealt to NAME: [4d Kd Ac 5s]``. In stud each line deals a street's cards and the
    seat's count of cards tells the street (the 3rd card and the 4th to 6th face up).
    Later lines in other games repeat a partial hand (the shows decide); one in a draw
    round is a draw dealt as ``Dealt to`` (see ``_draw_run_more_than_once``)."""
    hit = hand.split_name(m["who"], re.compile(": "))
    if hit is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR,
                        f"dealt to an unknown player, line {hand.line.number}: {hand.line.verbatim!r}")
    seat, rest = hit
    got, held = _first_bracket(hand, rest), hand.dealt.setdefault(seat.seat, [])
    if hand.family == "stud":
        held.extend(got)
        if len(held) == 3:
            seat.upcards = [c for c in got[2:] if c]
        elif len(held) <= 6:
            seat.upcards = seat.upcards + [c for c in got if c]
        street = stud_street(len(held))
        if street is not None and hand.street == Street.PREDEAL:
            hand.street = street
        elif street is not None:
            _move_to(hand, street)
    elif not held:
        held.extend(got)
        if hand.street == Street.PREDEAL:
            hand.street = Street.PREDRAW if _draws_without_board(hand) else Street.PREFLOP
    elif hand.facts.get("draw round"):
        hand.facts.setdefault("dealt in draw", set()).add(seat.seat)


def _shows(hand: Hand, m: re.Match[str]) -> None:
    hand.player.showed = True
    hand.dealt[hand.player.seat] = hand.cards(m["cards"])
    hand.add_action(hand.street, hand.player.seat, ActionKind.SHOW)


def _run_shows(hand: Hand, m: re.Match[str]) -> bool | None:
    """``Run 1: Hero shows [...]``: a draw hand run more than once shows each run's final
    hand of a seat that drew (see ``_draw_shown_per_run``)."""
    hit = hand.split_name(m["rest"], re.compile(" shows "))
    if hit is None:
        return False
    seat, rest = hit
    seat.showed = True
    hand.facts.setdefault("shown per run", {}).setdefault(seat.seat, {})[int(m["run"])] = _first_bracket(hand, rest)
    hand.add_action(hand.street, seat.seat, ActionKind.SHOW)
    return None


def _discards(hand: Hand, m: re.Match[str]) -> None:
    """``discards [Th] draws [8c]``; run more than once, one bracket of new cards per run
    (``draws [8c] [Qs]``): which run's cards are final, the run shows say."""
    seat = hand.player.seat
    out = hand.cards(m["out"])
    drawn = [hand.cards(text) for text in BRACKETS.findall(m["runs"])]
    kept = [c for c in hand.dealt.get(seat, []) if c not in out]
    hand.dealt[seat] = kept + (drawn[0] if len(drawn) == 1 else [None] * len(drawn[0]))
    hand.facts["draw runs"] = max(hand.facts.get("draw runs", 1), len(drawn))
    hand.add_action(hand.street, seat, ActionKind.DISCARD, None, False, len(drawn[0]))


def _draws(hand: Hand, m: re.Match[str]) -> None:
    """``draws 2`` (the cards drawn are not known), ``stands pat``."""
    seat = hand.player.seat
    if m["pat"]:
        hand.add_action(hand.street, seat, ActionKind.STAND_PAT, None, False, 0)
        return
    hand.add_action(hand.street, seat, ActionKind.DISCARD, None, False, int(m["n"]))
    if hand.dealt.get(seat):
        hand.dealt[seat] = [None] * len(hand.dealt[seat])


# --- actions ------------------------------------------------------------------------------

# KingsClub's posts are recorded on the street they are printed in (a draw game's antes
# after ``*** 1ST BETTING ROUND ***`` are on predraw).
_SMALL_BLIND, _BIG_BLIND = replace(SMALL_BLIND, forced=False), replace(BIG_BLIND, forced=False)
_ANTE, _DEAD, _POST = replace(ANTE, forced=False), replace(DEAD_BLIND, forced=False), replace(BLIND, forced=False)
_BRING_IN = replace(BRING_IN, forced=False)
_CALL = Act(ActionKind.CALL, Money.TO)  # ``calls X``: the seat's total for the street


def _play_begins(hand: Hand, m: re.Match[str]) -> bool:
    """A ``NAME verb`` line other than a post while the hand is still being dealt: play has
    begun (the betting before the draw, else pre-flop; in stud the deal tells the street).
    Declines the line, which the next kinds read."""
    line = hand.line.verbatim
    if hand.family != "stud" and hand.street == Street.PREDEAL and " posts " not in line and ": posts" not in line \
            and any(line.startswith(name + " ") for name in hand.by_name):
        hand.street = Street.PREDRAW if _draws_without_board(hand) else Street.PREFLOP
    return False


def _posts_blind(hand: Hand, m: re.Match[str]) -> None:
    """``posts blind X`` (a seat back from missed blinds) puts in the big blind ``X`` live and
    the small blind dead, though only ``X`` is printed (hand 39879543's summary result, -77:
    ante 11, blind 44, small blind 22)."""
    small = hand.record.small_blind
    if small is None:
        raise hand.fail(QuarantineReason.PARSE_ERROR, f"{hand.line.verbatim!r} posts the small blind dead as well, "
                                                      "but no small blind was posted to say how much")
    _POST(hand, m)
    hand.tracker.dead(hand.player.seat, small, blind=True)
    hand.add_action(hand.street, hand.player.seat, ActionKind.POST_DEAD, small, bool(m["allin"]))


def _ante(hand: Hand, m: re.Match[str]) -> None:
    """The button's second ante on a table without blinds (6+ Hold'em 0/0) is its live
    button blind: hand 6155563's all-in call ``calls 808.62`` makes the button's whole
    stake 5 + 808.62, its stack, and the summary's +13 agrees."""
    seat = hand.player.seat
    if seat == hand.record.button_seat and any(
            a.seat == seat and a.kind == ActionKind.POST_ANTE for a in hand.record.actions):
        _POST(hand, m)
        hand.record.notes.append(
            f"the button's second 'posts ante' ({hand.line.verbatim.strip()!r}) is read as its live button blind")
    else:
        _ANTE(hand, m)


def _wager(hand: Hand, m: re.Match[str], verb: Act | None = None) -> None:
    """``calls``, ``raises to`` and ``bets`` give the seat's total for the street; a ``bets``
    after a bet this street is a call or a raise. Before any deal they open pre-flop."""
    if not _draws_without_board(hand) and hand.street == Street.PREDEAL:
        hand.street = Street.PREFLOP
    if verb is None:
        before = hand.tracker.max_street_bet()
        after = hand.money(m["amt"])
        verb = Act(ActionKind.BET if before == 0 else ActionKind.RAISE if after > before else ActionKind.CALL, Money.TO)
    verb(hand, m)


# --- the summary and the end of the hand --------------------------------------------------

def _summary_seat(hand: Hand, m: re.Match[str]) -> None:
    """``Seat 1: Player0 (599.50) -0.50``: the seat's result (checked in ``_summary_results``)."""
    hand.nets[int(m["seat"])] = hand.money(m["net"]) if m["net"] else 0
    hand.facts.setdefault("net_lines", {})[int(m["seat"])] = hand.line.verbatim


def _rake(hand: Hand, m: re.Match[str]) -> None:
    hand.record.rake = hand.money(m["amt"])


def _wins(hand: Hand, m: re.Match[str]) -> None:
    """``X wins pot (568.25)`` is everything in the middle (main and side pots alike, so it
    names no pot); ``X wins (168) from pot`` / ``from side pot 1`` is one share of that pot,
    never labelled (``unlabelled`` in split games)."""
    seat = seated(hand, m["name"], "no seat for {name!r}", QuarantineReason.PARSE_ERROR)
    if m["pot"]:
        hand.pay(seat, hand.money(m["pot"]), pot=None, half=Half.WHOLE)
    else:
        hand.pay(seat, hand.money(m["share"]), pot=int(m["side"]) if m["side"] else 0)


def _two_boards(hand: Hand) -> None:
    """``*** BOARD 1 - ... ***`` lines are a run-it-twice, unless both boards are dealt from
    the flop with betting after: then a two-board game (the game's two-board twin in
    ``rules.games``), whose shares are unlabelled."""
    record, second = hand.record, hand.facts.get("flops", {}).get(2)
    if second is None or not any(a.kind in _WAGERS for a in record.actions[second:]):
        return
    spec = game_spec(record.game)
    record.game = next((g for g, twin in GAMES.items() if twin.boards == 2 and twin.hole_cards == spec.hole_cards
                        and twin.halves == spec.halves), record.game)
    record.notes.append("two boards dealt from the flop with betting after: a two-board game, not run-it-twice")
    for payout in record.payouts:
        if payout.source == PayoutSource.POT and " wins (" in payout.line:
            payout.half = Half.UNLABELLED


def _draw_shown_per_run(hand: Hand) -> None:
    """A draw hand run more than once shows each run's final hand (see the module's
    docstring): a seat whose runs' hands differ has each run's hand (``run_cards``) and
    no one final hand."""
    shown_per_run, draw_runs = hand.facts.get("shown per run", {}), hand.facts.get("draw runs", 1)
    if not shown_per_run and draw_runs == 1:
        return
    record = hand.record
    runs = max([draw_runs] + [run for by_run in shown_per_run.values() for run in by_run])
    differing = []
    for seat, by_run in sorted(shown_per_run.items()):
        hands = [by_run[run] for run in sorted(by_run)]
        if len(by_run) == runs and all(h == hands[0] for h in hands):
            record.seat(seat).cards = hands[0]
            continue
        record.seat(seat).cards = [None] * len(hands[0])
        if len(by_run) == runs:
            record.seat(seat).run_cards = hands
        differing.append(f"seat {seat} " + ", ".join(
            f"run {run} [{' '.join(c or 'X' for c in by_run[run])}]" for run in sorted(by_run)))
    if differing:
        record.notes.append(
            f"drawn once per run ({runs} runs), each run's final hand shown: {'; '.join(differing)}; those "
            "seats' hands are recorded per run (run_cards), their one final hand as not known")


def _draw_run_more_than_once(hand: Hand) -> None:
    """All in before the draw, the draw dealt as ``Dealt to`` lines: drawn once per run,
    the seats still in have no final hand that stands for every run."""
    dealt_in_draw, record = hand.facts.get("dealt in draw"), hand.record
    if not dealt_in_draw:
        return
    live = [s for s in record.seats if s.dealt_in and s.folded_street is None]
    if not all(s.all_in for s in live):
        record.notes.append(
            f"seat {', '.join(str(s) for s in sorted(dealt_in_draw))}: cards dealt in the draw without a "
            "discard line; the shown hands decide")
        return
    for seat in live:
        seat.cards = [None] * len(seat.cards)
    record.notes.append(
        "all in before the draw and the draw dealt as 'Dealt to' lines: drawn once per run, "
        "each run with its own final hands; the shown hands are one run's, so no seat's final "
        "hand is known for every run")


def _return_unmatched(hand: Hand) -> None:
    """KingsClub prints no uncalled bets: the part of the top contribution no other seat
    matched went back to that seat (recorded as an uncalled return and its payout, not
    printed). A dead blind is no bet: it matches nothing."""
    record = hand.record
    dead: dict[int, int] = {}
    for action in record.actions:
        if action.kind == ActionKind.POST_DEAD:
            dead[action.seat] = dead.get(action.seat, 0) + action.amount  # type: ignore[index, operator]
    bets = {s.seat: s.contributed - dead.get(s.seat, 0) for s in record.seats}
    ranked = sorted(record.seats, key=lambda s: bets[s.seat], reverse=True)
    if len(ranked) < 2 or bets[ranked[0].seat] <= bets[ranked[1].seat]:
        return
    top = ranked[0]
    excess = bets[top.seat] - bets[ranked[1].seat]
    top.contributed -= excess
    street = record.actions[-1].street if record.actions else Street.PREDEAL
    hand.add_action(street, top.seat, ActionKind.UNCALLED_RETURN, excess)
    hand.pay(top, excess, pot=None, half=Half.WHOLE, source=PayoutSource.UNCALLED, line="")
    record.notes.append(f"uncalled {excess} returned to seat {top.seat} (not printed by KingsClub; derived)")


def _rake_rule(hand: Hand) -> None:
    """No ``Rake`` line means no rake was taken: the summary's per-seat results then sum to
    minus the rake (zero)."""
    record = hand.record
    if record.rake is not None:
        record.rake_source = RakeSource.PRINTED
    else:
        record.rake, record.rake_source = -sum(hand.nets.values()), RakeSource.INFERRED
        record.notes.append(f"no Rake line: rake taken as minus the sum of the summary's results ({record.rake})")


def _summary_results(hand: Hand) -> None:
    """Each seat's summary result against what the pay lines gave it less what it put in."""
    record = hand.record
    _unprinted_pots(hand)
    for seat in record.seats:
        won = sum(p.amount for p in record.payouts if p.seat == seat.seat and p.source == PayoutSource.POT)
        if seat.seat in hand.nets and won - seat.contributed != hand.nets[seat.seat]:
            record.notes.append(
                f"seat {seat.seat}: summary result {hand.nets[seat.seat]} but the pay lines give "
                f"{won - seat.contributed} (won {won}, put in {seat.contributed})")


UNPRINTED_POTS_NOTE = ("the pay lines pay {paid} of the {pot} in the middle; the summary's results pay the"
                       " other {missing} ({shares}): recorded from them, naming no pot")


def _unprinted_pots(hand: Hand) -> None:
    """A side pot with no pay line (hand 3264632: ``wins pot (1,350)`` is the main pot
    only; the winner's ``+2,925`` counts a side pot of 3,450 too): where every seat's
    summary result is what the pay lines give it or more, and the excesses are exactly
    what no line paid, each excess is that seat's pay, its line the summary's."""
    record = hand.record
    nets, lines = hand.nets, hand.facts.get("net_lines", {})
    if record.rake is None or not nets or any(s.seat not in nets for s in record.seats):
        return
    won = {s.seat: 0 for s in record.seats}
    for p in record.payouts:
        if p.source == PayoutSource.POT and p.seat in won:
            won[p.seat] += p.amount
    missing = record.pot_total - record.rake - record.fees - sum(won.values())
    excess = {s.seat: nets[s.seat] + s.contributed - won[s.seat] for s in record.seats}
    if missing <= 0 or min(excess.values()) < 0 or sum(excess.values()) != missing:
        return
    paid = sum(won.values())
    for seat in record.seats:
        if excess[seat.seat]:
            hand.pay(seat, excess[seat.seat], pot=None, line=lines[seat.seat])
    shares = ", ".join(f"seat {k}: {v}" for k, v in sorted(excess.items()) if v)
    record.notes.append(UNPRINTED_POTS_NOTE.format(paid=paid, pot=paid + missing, missing=missing, shares=shares))


_SECTIONS = (
    kind("summary", starred_section("SUMMARY"), enter_summary),
    kind("hole cards", starred_section("HOLE CARDS"), _hole_cards),
    kind("board", starred_section(r"(?:BOARD (?P<run>\d+) - )?(?P<street>FLOP|TURN|RIVER)") + r"(?P<cards>.*)$",
         _board),
    kind("betting round", starred_section(r"(?P<street>\d(?:ST|ND|RD|TH) BETTING ROUND)"), _betting_round),
    kind("draw", starred_section(r"(?P<n>\d)(?:ST|ND|RD|TH) DRAW"), _draw_round),
    kind("stud street", starred_section(r"\d(?:ST|ND|RD|TH) STREET"), _stud_street_label),
    kind("section", _STREET, unknown_street_line),
)

DIALECT = Dialect(
    platform=Platform.KINGSCLUB,
    format=Format.KINGSCLUB,
    version="4",
    hand_start=re.compile(r"^\ufeff*#\d+: (?:Limit|Pot Limit|No Limit) ", re.M),
    head=re.compile(rf"{_HEADER}[^\S\n]*\n{_DATE}[^\S\n]*\nTable '"),
    first=re.compile(rf"^{_HEADER}\s*$"),
    not_first="not a KingsClub header",
    header=_header,
    seat=kind("seat", _SEAT, take_seat),
    body=(
        *_SECTIONS,
        # "*** SUMMARY * **" (hand 3498679): the summary header with its closing stars broken up
        kind("summary", r"^\*\*\* SUMMARY [* ]*\*\s*$", _broken_summary),
        kind("dealt", r"^Dealt to (?P<who>.+)$", _dealt),
        kind("run shows", r"^Run (?P<run>\d+): (?P<rest>.+)$", _run_shows),
        kind("date", rf"^{_DATE}\s*$", read_by_header),
        kind("table", _TABLE, read_by_header),
    ),
    players=(
        kind("play begins", r"", _play_begins),
        kind("ante", rf"^posts ante {_AMT}{_ALL_IN}$", _ante),
        kind("small blind", rf"^posts (?:the )?small blind {_AMT}{_ALL_IN}$", _SMALL_BLIND),
        kind("big blind", rf"^posts (?:the )?big blind {_AMT}{_ALL_IN}$", _BIG_BLIND),
        kind("dead blind", rf"^posts dead blind {_AMT}{_ALL_IN}$", _DEAD),
        kind("blind", rf"^posts blind {_AMT}{_ALL_IN}$", _posts_blind),
        kind("post", rf"^posts {_AMT}{_ALL_IN}$", _POST),
        kind("bring-in", rf"^brings in for {_AMT}{_ALL_IN}$", _BRING_IN),
        kind("bet", rf"^bets {_AMT}{_ALL_IN}$", _wager),
        kind("call", rf"^calls {_AMT}{_ALL_IN}$", partial(_wager, verb=_CALL)),
        kind("raise", rf"^raises to {_AMT}{_ALL_IN}$", partial(_wager, verb=RAISE_TO)),
        kind("check", r"^checks$", CHECK),
        kind("fold", r"^folds$", FOLD),
        kind("discard", r"^discards \[(?P<out>[^\]]*)\] draws (?P<runs>\[[^\]]*\](?: \[[^\]]*\])*)\s*$", _discards),
        kind("draw", r"^(?:draws (?P<n>\d+)|\s*(?P<pat>stands pat))\s*$", _draws),
        kind("shows", r"^shows [^\[]*\[(?P<cards>[^\]]*)\]", _shows),
        kind("muck", r"^mucks", MUCK),
    ),
    quiet=_SEAT_NO_MONEY,
    name_follows=re.compile(r"(?=: | )"),
    after_name=re.compile(r": | "),
    summary=(
        *_SECTIONS,
        kind("summary seat", _SEAT, _summary_seat),
        kind("rake", rf"^Rake {_AMT}\s*$", _rake),
        kind("wins", rf"^(?P<name>.+?) wins (?:pot \((?P<pot>{_NUM})\)|\((?P<share>{_NUM})\) from "
                     r"(?:pot|side pot (?P<side>\d+)))\s*$", _wins),
    ),
    streets=Streets(
        board={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER},
        draw={"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER,  # Drawmaha
              "1st betting round": Street.PREDRAW, "2nd betting round": Street.DRAW1,
              "3rd betting round": Street.DRAW2, "4th betting round": Street.DRAW3},
    ),
    requires=(Require("summary", QuarantineReason.TRUNCATED, "hand cut off before *** SUMMARY ***"),),
    first_action_opens=False,  # see ``_play_begins`` and ``_dealt``
    quotes_trailing_space=True,
    checks=(_two_boards, _draw_shown_per_run, _draw_run_more_than_once, _return_unmatched, _rake_rule,
            _summary_results),
    wording=Wording(hand="hand {hand_id}: {message}", unexpected="unexpected {where} {number}: {verbatim!r}",
                    bad_amount="{error}",
                    unbalanced="history does not add up: put in {put_in}, pay lines {paid}, rake {rake}"),
    first_action_seq=1,
)

PARSER = DialectParser(DIALECT)
