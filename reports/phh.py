"""One hand as PHH: the Poker Hand History format (TOML) of the PHH standard, which
pokerkit reads and plays.

:func:`hand_to_phh` is a pure function of the kernel's records (``rules.records``): it
returns the hand's PHH fields in the standard's order, or raises :class:`PhhRefusal`
naming what PHH cannot express. :func:`dumps` writes them as a ``.phh`` file,
:func:`dumps_all` several as a ``.phhs`` file.

What is written, and why:

* Amounts are integers in the hand's minor units (cents for a cash game, chips in a
  tournament), never decimals: a PHH reader then divides pots in whole units as the
  platform did. ``_amount_scale`` says how many make one printed unit.
* Players are the seats dealt in, in PHH's order: button games from the seat left of
  the button round to the button (heads-up the big blind, then the button); stud, which
  records no dealer, by seat number. ``seats`` and ``players`` keep the seat numbers
  and names.
* Forced bets: antes as ``antes``; live blinds and straddles as ``blinds_or_straddles``;
  dead blinds (money to the pot, not to the seat's bet) as antes, the one kind of dead
  money PHH has. PHH reads every blind after the big blind as a straddle that acts last
  before the flop, so a live blind posted out of turn (a new player's post) is refused.
  Heads-up both arrays are written reversed, as the standard says they are read.
* Hole cards are dealt as they are known (``??`` where not); in draw games only the
  final hand is known, so the deal and every exchange are ``??`` and the cards appear
  at the showdown. A seat still in at the showdown shows its cards, or mucks where the
  audit takes it to have conceded (mucked and unpaid, or cards unknown and unpaid).
* The showdown is written where PHH places it, right after the last decision of the
  hand: in an all-in the rest of the board (or the stud cards) follows it, and in stud
  the seventh card, dealt face down, is shown again.
* A player PHH's reference (pokerkit) still has to act though nothing is left to decide
  (the big blind when everyone else is all in for less) checks, and the action's
  commentary says the history writes no such check.
* User-defined fields (the standard's ``_`` prefix): ``_hand_key``, ``_platform``,
  ``_source_file``, ``_source_offset``, ``_game``, ``_limit``, ``_amount_scale``,
  ``_rake`` (when printed or inferred), ``_rake_source``, ``_fees`` and ``_fee_detail``,
  and ``_recorded_winnings`` (per player, what the platform's pay lines paid from the
  pots). The standard's own ``winnings`` is left out on purpose:
  it states what was collected as a fact, and what the platform paid is what an audit
  puts in question.

Refused (:class:`PhhRefusal`, ``reason`` a short name): every game and limit PHH has no
variant for, a hand with more than one run of the board, an all-in cash-out, a dealt-in
seat without a starting stack, a button game without a recorded button, a stud hand with
a shared seventh-street card or face-up cards not recorded, blinds posted out of turn, a
forced bet posted after the deal, a fold before the deal, a seat dealt in that never
acts, a call of more than the bet faced, a fixed-limit hand whose bet sizes cannot be
read from it, a draw whose number of cards is not recorded.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from reports.toml_writer import dumps_table, dumps_tables
from rules.games import game_spec
from rules.records import ActionRecord, ParsedHand, SeatRecord
from rules.vocab import ActionKind, Game, Limit, PayoutSource, Street


class PhhRefusal(ValueError):
    """A hand PHH cannot express; ``reason`` names what, the message says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


_BOARD_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_TRIPLE_DRAW = (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3)
_SINGLE_DRAW = (Street.PREDRAW, Street.DRAW1)
#: board cards dealt at the start of each board street
_BOARD_DEALT = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
#: stud: the card slots (0..6, in dealing order) each street deals
_STUD_SLOTS = {Street.THIRD: (0, 1, 2), Street.FOURTH: (3,), Street.FIFTH: (4,), Street.SIXTH: (5,),
               Street.SEVENTH: (6,)}


@dataclass(frozen=True)
class Variant:
    """One variant of the PHH standard: its code, its name there, its streets in our
    vocabulary, and for fixed limit how many first streets bet the small bet."""

    code: str
    name: str
    streets: tuple[Street, ...]
    fixed_limit: bool
    small_bet_streets: int = 0

    @property
    def stud(self) -> bool:
        return self.streets is _STUD_STREETS

    @property
    def draw(self) -> bool:
        return self.streets[0] is Street.PREDRAW


#: every variant of the PHH standard (its "required fields" table), in its order
PHH_VARIANTS: tuple[Variant, ...] = (
    Variant("FT", "fixed-limit Texas hold 'em", _BOARD_STREETS, True, 2),
    Variant("NT", "no-limit Texas hold 'em", _BOARD_STREETS, False),
    Variant("NS", "no-limit short-deck hold 'em", _BOARD_STREETS, False),
    Variant("PO", "pot-limit Omaha hold 'em", _BOARD_STREETS, False),
    Variant("FO/8", "fixed-limit Omaha hold 'em high/low-split eight or better", _BOARD_STREETS, True, 2),
    Variant("F7S", "fixed-limit seven card stud", _STUD_STREETS, True, 2),
    Variant("F7S/8", "fixed-limit seven card stud high/low-split eight or better", _STUD_STREETS, True, 2),
    Variant("FR", "fixed-limit razz", _STUD_STREETS, True, 2),
    Variant("N2L1D", "no-limit deuce-to-seven lowball single draw", _SINGLE_DRAW, False),
    Variant("F2L3D", "fixed-limit deuce-to-seven lowball triple draw", _TRIPLE_DRAW, True, 2),
    Variant("FB", "fixed-limit badugi", _TRIPLE_DRAW, True, 2),
)
_BY_CODE = {v.code: v for v in PHH_VARIANTS}

#: our game and limit -> the PHH variant that is the same game. 6+ Hold'em is not
#: mapped to NS: PokerStars and GGPoker rank three of a kind above a straight, PHH's
#: reference (pokerkit) ranks the straight higher, so the same cards would win otherwise.
VARIANT_OF: Mapping[tuple[Game, Limit], Variant] = MappingProxyType({
    (Game.HOLDEM, Limit.FIXED): _BY_CODE["FT"],
    (Game.HOLDEM, Limit.NO): _BY_CODE["NT"],
    (Game.OMAHA, Limit.POT): _BY_CODE["PO"],
    (Game.OMAHA_HILO, Limit.FIXED): _BY_CODE["FO/8"],
    (Game.STUD, Limit.FIXED): _BY_CODE["F7S"],
    (Game.STUD_HILO, Limit.FIXED): _BY_CODE["F7S/8"],
    (Game.RAZZ, Limit.FIXED): _BY_CODE["FR"],
    (Game.LOWBALL27_SINGLE, Limit.NO): _BY_CODE["N2L1D"],
    (Game.LOWBALL27_TRIPLE, Limit.FIXED): _BY_CODE["F2L3D"],
    (Game.BADUGI, Limit.FIXED): _BY_CODE["FB"],
})

_LIMIT_NAMES = {Limit.FIXED: "fixed-limit", Limit.POT: "pot-limit", Limit.NO: "no-limit",
                Limit.HALF_POT: "half-pot-limit", Limit.CAP: "capped"}
_BLINDS = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_BLIND})
_DEAD = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})
_RAISES = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
_DECISIONS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
                        ActionKind.COMPLETE, ActionKind.BRING_IN, ActionKind.DISCARD, ActionKind.STAND_PAT})
_IGNORED = frozenset({ActionKind.UNCALLED_RETURN, ActionKind.SHOW, ActionKind.MUCK})


def game_title(game: Game | str, limit: Limit | str | None) -> str:
    """A game as people name it: ``pot-limit Omaha Hi/Lo``.

    >>> game_title("omaha_hilo", "pot"), game_title("razz", None)
    ('pot-limit Omaha Hi/Lo', 'Razz (limit not recorded)')
    """
    name = game_spec(game).name
    return f"{_LIMIT_NAMES[Limit(limit)]} {name}" if limit else f"{name} (limit not recorded)"


def variant_for(game: Game | str, limit: Limit | str | None) -> Variant:
    """The PHH variant of a game and limit, or PhhRefusal naming the game.

    >>> variant_for("omaha_hilo", "fixed").code
    'FO/8'
    >>> variant_for("omaha_hilo", "pot")
    Traceback (most recent call last):
    ...
    reports.phh.PhhRefusal: pot-limit Omaha Hi/Lo has no PHH variant (PHH has FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB)
    """
    variant = VARIANT_OF.get((Game(game), Limit(limit))) if limit else None
    if variant is None:
        codes = ", ".join(v.code for v in PHH_VARIANTS)
        raise PhhRefusal("game", f"{game_title(game, limit)} has no PHH variant (PHH has {codes})")
    return variant


# ----------------------------------------------------------------------------- players


def player_order(hand: ParsedHand, variant: Variant) -> list[SeatRecord]:
    """The seats dealt in, in PHH's order (see the module docstring)."""
    seats = sorted((s for s in hand.seats if s.dealt_in), key=lambda s: s.seat)
    if variant.stud:
        return seats
    if hand.button_seat is None:
        raise PhhRefusal("button", "the button is not recorded, so the players' order is unknown")
    after = [s for s in seats if s.seat > hand.button_seat]
    return after + [s for s in seats if s.seat <= hand.button_seat]


def _per_player(values: Sequence[int]) -> list[int]:
    """A per-player array as PHH writes it: heads-up reversed (the standard reads antes,
    blinds and straddles reversed when there are two players)."""
    return list(values[::-1]) if len(values) == 2 else list(values)


def _seated(actions: Iterable[ActionRecord]) -> Iterator[tuple[int, ActionRecord]]:
    """Each action with its seat: every action PHH writes is a player's."""
    for action in actions:
        if action.seat is None:
            raise PhhRefusal("action", f"action {action.seq} ({action.kind}) names no seat")
        yield action.seat, action


def _forced_bets(hand: ParsedHand, index: Mapping[int, int]) -> tuple[list[int], list[int]]:
    """Antes (dead money: antes and dead blinds) and live blinds per player."""
    antes, blinds = [0] * len(index), [0] * len(index)
    for seat, action in _seated(hand.actions):
        if action.kind in _BLINDS or action.kind in _DEAD:
            if action.street is not Street.PREDEAL:
                raise PhhRefusal("late_post", f"a forced bet is posted on {action.street} (PHH posts them before the deal)")
            target = blinds if action.kind in _BLINDS else antes
            target[index[seat]] += action.amount or 0
    return antes, blinds


def _first_actor_by_blinds(blinds: Sequence[int], stacks: Sequence[int]) -> int | None:
    """Who acts first before the flop as PHH reads the blinds: the player after the
    largest blind or straddle (the later one of equal ones), skipping players all in."""
    count = len(blinds)
    posted = [i for i in range(count) if blinds[i]]
    start = (max(posted, key=lambda i: (min(blinds[i], stacks[i]), i)) + 1) % count if posted else 0
    for step in range(count):
        i = (start + step) % count
        if stacks[i] > blinds[i]:
            return i
    return None


# ----------------------------------------------------------------------------- bet sizes


def _bet_sizes(hand: ParsedHand, variant: Variant, blinds: Sequence[int]) -> tuple[int, int]:
    """Fixed limit: the small and big bet, read from the betting itself (the records keep
    blinds and bring-in, not the limits). Each bet or raise that is not all in adds one
    bet to the last full bet (a short all-in raise reopens nothing); on the first
    ``small_bet_streets`` streets the small one. In stud the first raise of the bring-in
    completes it to the small bet."""
    sizes: dict[bool, set[int]] = {True: set(), False: set()}
    street_of = {s: i for i, s in enumerate(variant.streets)}
    for street in variant.streets:
        bets = _blind_bets(hand) if street is variant.streets[0] and not variant.stud else {}
        level = max(bets.values(), default=0)  # the last full bet of the street
        brought_in = False
        for seat, action in _seated(hand.actions):
            if action.street is not street and not (action.kind is ActionKind.BRING_IN
                                                    and street is variant.streets[0]):
                continue
            if action.kind is ActionKind.BRING_IN:
                brought_in = True
            to = bets.get(seat, 0) + (action.amount or 0)
            if action.kind in _RAISES and not action.all_in:
                completes = action.kind is ActionKind.COMPLETE or (brought_in and level == 0)
                sizes[street_of[street] < variant.small_bet_streets].add(to if completes else to - level)
                level = to
            if action.amount and action.kind in (_RAISES | {ActionKind.CALL, ActionKind.BRING_IN}):
                bets[seat] = to
    for small_bets in (True, False):
        if len(sizes[small_bets]) > 1:
            name = "small" if small_bets else "big"
            raise PhhRefusal("limits", f"the {name} bets are not all the same size ({sorted(sizes[small_bets])}): "
                                       "not a fixed-limit structure PHH can state")
    small = next(iter(sizes[True]), None)
    big = next(iter(sizes[False]), None)
    if small is None and big is not None and big % 2 == 0:
        small = big // 2
    if small is None and not variant.stud and max(blinds, default=0):
        small = max(blinds)  # a limit game's small bet is its big blind
    if small is None:
        raise PhhRefusal("limits", "no bet in the hand shows the fixed-limit bet sizes, which PHH requires")
    return small, big if big is not None else 2 * small


def _blind_bets(hand: ParsedHand) -> dict[int, int]:
    bets: dict[int, int] = {}
    for seat, action in _seated(hand.actions):
        if action.kind in _BLINDS:
            bets[seat] = bets.get(seat, 0) + (action.amount or 0)
    return bets


# ----------------------------------------------------------------------------- cards


def _cards_text(cards: Iterable[str | None]) -> str:
    return "".join(c or "??" for c in cards)


def _hole(seat: SeatRecord, count: int) -> list[str | None]:
    """A board or draw game's hole cards as dealt: known ones, ``None`` where unknown."""
    cards = list(seat.cards or [])
    return cards if len(cards) == count else [None] * count


def _stud_slots(seat: SeatRecord) -> list[str | None]:
    """A stud seat's seven card slots in dealing order (down, down, up x4, down)."""
    slots: list[str | None] = (list(seat.cards or []) + [None] * 7)[:7]
    for k, card in enumerate(seat.upcards[:4]):
        slots[2 + k] = slots[2 + k] or card
    return slots


def _street_index(variant: Variant, street: Street | None) -> int:
    return variant.streets.index(street) if street in variant.streets else len(variant.streets)


# ----------------------------------------------------------------------------- actions


@dataclass
class _Writer:
    """Builds the ``actions`` array street by street."""

    hand: ParsedHand
    variant: Variant
    order: list[SeatRecord]

    def __post_init__(self) -> None:
        self.index = {s.seat: i for i, s in enumerate(self.order)}
        self.lines: list[str] = []
        self.last_decision = 0  # len(lines) after the last decision of a player
        self.spec = game_spec(self.hand.game)
        self.board = self.hand.boards[0] if self.hand.boards else []
        self.folded: set[int] = set()
        # what each player has behind: the starting stack less everything posted
        self.chips = {s.seat: s.stack or 0 for s in self.order}
        for seat, action in _seated(self.hand.actions):
            if action.kind in _BLINDS or action.kind in _DEAD:
                self.chips[seat] -= action.amount or 0

    def p(self, seat: int) -> str:
        if seat not in self.index:
            raise PhhRefusal("seat", f"seat {seat} acts but was not dealt in")
        return f"p{self.index[seat] + 1}"

    def active(self, street_index: int) -> list[SeatRecord]:
        return [s for s in self.order if _street_index(self.variant, s.folded_street) >= street_index]

    def deal(self, k: int, street: Street) -> None:
        if self.variant.stud:
            for seat in self.active(k):
                slots = _stud_slots(seat)
                if any(slots[i] is None for i in _STUD_SLOTS[street] if 2 <= i <= 5):
                    raise PhhRefusal("cards", f"seat {seat.seat}'s face-up card on {street} is not recorded "
                                              "(in stud it decides who brings in and who acts first)")
                self.lines.append(f"d dh {self.p(seat.seat)} {_cards_text(slots[i] for i in _STUD_SLOTS[street])}")
        elif k == 0:
            for seat in self.order:
                hole = [None] * self.spec.hole_cards if self.variant.draw else _hole(seat, self.spec.hole_cards)
                self.lines.append(f"d dh {self.p(seat.seat)} {_cards_text(hole)}")
        elif not self.variant.draw:
            start = sum(_BOARD_DEALT[s] for s in self.variant.streets[:k])
            self.lines.append(f"d db {''.join(self.board[start:start + _BOARD_DEALT[street]])}")

    def bet(self, actions: list[ActionRecord], opening: dict[int, int]) -> None:
        bets = dict(opening)
        draws: list[tuple[int, int]] = []
        pending = self._to_act(bets)
        last = None
        for seat, action in _seated(actions):
            kind = action.kind
            if kind in _IGNORED:
                continue
            if kind is ActionKind.CASH_OUT:
                raise PhhRefusal("cash_out", "a seat cashed out the all-in: PHH has no cash-out")
            if kind in (ActionKind.DISCARD, ActionKind.STAND_PAT):
                count = 0 if kind is ActionKind.STAND_PAT else action.cards_changed
                if count is None:
                    raise PhhRefusal("draw", f"seat {seat}'s draw on {action.street} does not say how many cards")
                self.lines.append(f"{self.p(seat)} sd {'??' * count}".rstrip())
                draws.append((seat, count))
                self.last_decision = len(self.lines)
                continue
            if draws:  # the replacement cards come after every draw of the street
                self.lines.extend(f"d dh {self.p(seat)} {'??' * n}" for seat, n in draws if n)
                draws = []
            added = action.amount or 0
            if kind is ActionKind.FOLD:
                self.lines.append(f"{self.p(seat)} f")
            elif kind in (ActionKind.CHECK, ActionKind.CALL):
                if bets.get(seat, 0) + added > max(bets.values(), default=0):
                    raise PhhRefusal("call", f"seat {seat} calls {added}, more than the bet it faces "
                                             "(a big blind all in for less, called in full): a PHH call matches "
                                             "the bet")
                self.lines.append(f"{self.p(seat)} cc")
            elif kind is ActionKind.BRING_IN:
                self.lines.append(f"{self.p(seat)} pb")
            elif kind in _RAISES:
                self.lines.append(f"{self.p(seat)} cbr {bets.get(seat, 0) + added}")
            else:
                raise PhhRefusal("action", f"{kind} on {action.street} has no PHH action")
            bets[seat] = bets.get(seat, 0) + added
            self.chips[seat] -= added
            self.last_decision = len(self.lines)
            last = seat
            if kind is ActionKind.FOLD:
                self.folded.add(seat)
            if kind in _RAISES or kind is ActionKind.BRING_IN:
                pending = [s.seat for s in self.order if s.seat not in self.folded and s.seat != seat]
            elif seat in pending:
                pending.remove(seat)
        if draws:
            self.lines.extend(f"d dh {self.p(seat)} {'??' * n}" for seat, n in draws if n)
        self._close(pending, bets, last)

    def _to_act(self, bets: Mapping[int, int]) -> list[int]:
        """Who must act when a betting round starts, as PHH's reference (pokerkit) has it:
        players still in with chips behind and something to lose; nobody when only one of
        them is left and nothing is bet against it."""
        live = [s.seat for s in self.order if s.seat not in self.folded]
        totals = sorted(bets.get(s, 0) + self.chips[s] for s in live)
        second = totals[-2] if len(totals) > 1 else 0
        pending = [s for s in live if min(self.chips[s], max(0, second - bets.get(s, 0))) > 0]
        if len(pending) == 1 and bets.get(pending[0], 0) >= max(bets.values(), default=0):
            return []
        return pending

    def _close(self, pending: list[int], bets: Mapping[int, int], last: int | None) -> None:
        """End the round as PHH needs it: a player still to act with nothing to call and
        nobody left to bet against it (the big blind, the others all in) checks. The
        history writes no such check, so the line says it was added."""
        live = [s.seat for s in self.order if s.seat not in self.folded]
        pending = [s for s in pending if s not in self.folded and self.chips[s] > 0]
        top = max(bets.values(), default=0)
        if len(live) < 2 or not pending or any(bets.get(s, 0) < top for s in pending):
            return
        start = self.index[last] + 1 if last in self.index else 0
        ring = [s.seat for s in self.order[start:] + self.order[:start]]
        for seat in sorted(pending, key=ring.index):
            self.lines.append(f"{self.p(seat)} cc # no decision left: the history writes no check")
            self.last_decision = len(self.lines)


def _reached(hand: ParsedHand, variant: Variant, by_street: Mapping[Street, list[ActionRecord]]) -> int:
    """The index of the last street the hand dealt."""
    last = 0
    for k, street in enumerate(variant.streets):
        if by_street.get(street):
            last = k
    if variant.stud:
        for seat in hand.seats:
            slots = _stud_slots(seat)
            for k, street in enumerate(variant.streets):
                if any(slots[i] for i in _STUD_SLOTS[street]):
                    last = max(last, k)
    elif not variant.draw:
        dealt = len(hand.boards[0]) if hand.boards else 0
        for k in range(1, len(variant.streets)):
            needed = sum(_BOARD_DEALT[s] for s in variant.streets[:k + 1])
            if dealt >= needed:
                last = max(last, k)
            elif by_street.get(variant.streets[k]):
                raise PhhRefusal("board", f"there is betting on the {variant.streets[k]} but the board "
                                          f"has {dealt} cards")
    return last


def _showdown(writer: _Writer, hand: ParsedHand, reached: int) -> list[str]:
    """``sm`` lines for every seat still in when the betting ended (none if one is left)."""
    live = [s for s in writer.order if s.folded_street is None]
    if len(live) < 2:
        return []
    paid = {p.seat for p in hand.payouts if p.source is PayoutSource.POT and p.amount > 0}
    lines = []
    for seat in live:
        if writer.variant.stud:
            shown = [_stud_slots(seat)[i] for street in writer.variant.streets[:reached + 1]
                     for i in _STUD_SLOTS[street]]
        else:
            cards = list(seat.cards or [])
            if seat.showed and len(cards) > writer.spec.hole_cards:
                raise PhhRefusal("cards", f"seat {seat.seat} showed {len(cards)} cards, but "
                                          f"{writer.spec.name} deals {writer.spec.hole_cards}")
            shown = cards if len(cards) == writer.spec.hole_cards else [None] * writer.spec.hole_cards
        known = all(shown)
        # as the audit reads a showdown (audit.showdown_from_rows.build_showdown): a seat that mucked, or
        # whose cards are unknown, concedes unless the platform paid it from a pot
        if (seat.mucked or not known) and seat.seat not in paid:
            lines.append(f"{writer.p(seat.seat)} sm")
        else:
            lines.append(f"{writer.p(seat.seat)} sm {_cards_text(shown)}")
    return lines


def _actions(hand: ParsedHand, variant: Variant, order: list[SeatRecord]) -> list[str]:
    by_street: dict[Street, list[ActionRecord]] = {}
    for action in hand.actions:
        if action.street is Street.PREDEAL and action.kind is ActionKind.BRING_IN:
            by_street.setdefault(variant.streets[0], []).append(action)  # some parsers file it before the deal
        elif action.street is Street.PREDEAL and action.kind in _DECISIONS:
            raise PhhRefusal("action", f"seat {action.seat} {action.kind}s before the deal, out of turn: PHH "
                                       "writes every action at its turn")
        elif action.street is not Street.PREDEAL and action.kind not in _IGNORED:
            if action.street not in variant.streets:
                raise PhhRefusal("action", f"an action on {action.street}, which {variant.code} does not have")
            by_street.setdefault(action.street, []).append(action)
    writer = _Writer(hand, variant, order)
    reached = _reached(hand, variant, by_street)
    # the showdown comes right after the last decision (in an all-in the rest of the cards
    # follow it); with no decision at all, right after the deal; in draw games at the end
    position, at_street = None, 0
    for k, street in enumerate(variant.streets[:reached + 1]):
        writer.deal(k, street)
        if position is None:
            position = len(writer.lines)
        decided = writer.last_decision
        writer.bet(by_street.get(street, []), _blind_bets(hand) if k == 0 and not variant.stud else {})
        if writer.last_decision != decided:
            position, at_street = writer.last_decision, k
    lines = writer.lines
    if variant.draw:
        position, at_street = len(lines), reached
    shown = _showdown(writer, hand, at_street)
    again: list[str] = []
    if variant.stud and at_street < reached and variant.streets[reached] is Street.SEVENTH:
        # the seventh card comes face down after an all-in showdown: PHH shows it again
        showing = {line.split()[0] for line in shown if not line.endswith(" sm")}
        again = [line for line in _showdown(writer, hand, reached) if line.split()[0] in showing]
    return lines[:position] + shown + lines[position:] + again


# ----------------------------------------------------------------------------- the hand


def hand_to_phh(hand: ParsedHand, *, source_file: str | None = None,
                source_offset: int | None = None) -> dict[str, Any]:
    """The PHH fields of one hand, in the standard's order, then the user-defined ones."""
    variant = variant_for(hand.game, hand.limit)
    if hand.runs > 1:
        ran = "the board was" if len(hand.boards) > 1 else "the draw was"
        raise PhhRefusal("runs", f"{ran} run {hand.runs} times: PHH has no notation for choosing "
                                 "the number of runs")
    if variant.stud and hand.boards and any(hand.boards[0]):
        raise PhhRefusal("board", "a stud hand with a shared seventh-street card: PHH deals no community "
                                  "card in stud")
    if any(s.cashed_out for s in hand.seats):
        raise PhhRefusal("cash_out", "a seat cashed out the all-in: PHH has no cash-out")
    order = player_order(hand, variant)
    if len(order) < 2:
        raise PhhRefusal("players", f"{len(order)} seat dealt in: PHH needs two players or more")
    for seat in order:
        if not seat.stack or seat.stack <= 0:
            raise PhhRefusal("stack", f"seat {seat.seat}'s starting stack is not recorded")
    acting = {a.seat for a in hand.actions if a.kind not in _IGNORED}
    for seat in order:
        if seat.seat not in acting and not seat.contributed:
            raise PhhRefusal("seat", f"seat {seat.seat} is dealt in but neither posts nor acts (sitting out?): "
                                     "PHH would have it act in turn")
    index = {s.seat: i for i, s in enumerate(order)}
    antes, blinds = _forced_bets(hand, index)
    stacks = [s.stack or 0 for s in order]  # every stack was checked recorded above
    fields: dict[str, Any] = {"variant": variant.code, "antes": _per_player(antes)}
    if variant.stud:
        fields["bring_in"] = hand.bring_in or _bring_in(hand)
    else:
        _check_blind_order(hand, order, blinds, antes, stacks)
        fields["blinds_or_straddles"] = _per_player(blinds)
    if variant.fixed_limit:
        fields["small_bet"], fields["big_bet"] = _bet_sizes(hand, variant, blinds)
    else:
        fields["min_bet"] = hand.big_blind or max(blinds, default=0)
        if not fields["min_bet"]:
            raise PhhRefusal("limits", "no big blind is recorded, and PHH requires the minimum bet")
    fields["starting_stacks"] = stacks
    fields["actions"] = _actions(hand, variant, order)
    fields.update(_optional_fields(hand, order))
    fields.update(_user_fields(hand, order, source_file, source_offset))
    return fields


def _bring_in(hand: ParsedHand) -> int:
    for action in hand.actions:
        if action.kind is ActionKind.BRING_IN and action.amount:
            return action.amount
    raise PhhRefusal("limits", "the bring-in is not recorded, and PHH requires it for stud")


def _check_blind_order(hand: ParsedHand, order: list[SeatRecord], blinds: list[int], antes: list[int],
                       stacks: list[int]) -> None:
    """Refuse blinds PHH would read with another first player than the history's."""
    first = next((a for a in hand.actions if a.street in (Street.PREFLOP, Street.PREDRAW)
                  and a.kind in _DECISIONS), None)
    if first is None:
        return
    left = [max(0, stack - ante) for stack, ante in zip(stacks, antes)]
    expected = _first_actor_by_blinds(blinds, left)
    actual = next(i for i, s in enumerate(order) if s.seat == first.seat)
    if expected != actual:
        who = f"seat {order[expected].seat}" if expected is not None else "nobody"
        raise PhhRefusal("blinds", f"seat {first.seat} acts first, but PHH reads these blinds "
                                   f"({blinds}) as putting {who} first: a live blind posted out of turn "
                                   "(PHH reads it as a straddle)")


def _optional_fields(hand: ParsedHand, order: list[SeatRecord]) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": hand.hand_id}
    if hand.table_name:
        out["table"] = hand.table_name
    out["seats"] = [s.seat for s in order]
    if hand.max_seats:
        out["seat_count"] = hand.max_seats
    out["players"] = [s.player for s in order]
    if hand.currency:
        out["currency"] = hand.currency
    if hand.start_time_utc:
        when = datetime.datetime.fromisoformat(hand.start_time_utc)
        out.update(time=when.time().replace(tzinfo=None), time_zone="UTC", day=when.day, month=when.month,
                   year=when.year)
    return out


def _user_fields(hand: ParsedHand, order: list[SeatRecord], source_file: str | None,
                 source_offset: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"_hand_key": f"{hand.platform}:{hand.hand_id}", "_platform": str(hand.platform)}
    if source_file is not None:
        out["_source_file"] = source_file
    if source_offset is not None:
        out["_source_offset"] = source_offset
    out.update(_game=str(hand.game), _limit=str(hand.limit), _amount_scale=hand.amount_scale)
    if hand.rake is not None:
        out["_rake"] = hand.rake
    out["_rake_source"] = str(hand.rake_source)
    out["_fees"] = hand.fees
    if hand.fee_detail:
        out["_fee_detail"] = dict(hand.fee_detail)
    paid = {s.seat: 0 for s in order}
    for payout in hand.payouts:
        if payout.seat in paid and payout.source is PayoutSource.POT:
            paid[payout.seat] += payout.amount
    out["_recorded_winnings"] = [paid[s.seat] for s in order]
    return out


def _comment(fields: Mapping[str, Any]) -> str:
    scale = fields.get("_amount_scale", 1)
    unit = (f"1/{scale} of {fields['currency']}" if "currency" in fields and scale != 1
            else "chips" if scale == 1 else f"1/{scale} of a chip")
    return (f"# {fields.get('_hand_key', 'hand')}, written by hhaudit. Amounts are integers in {unit}.\n")


def dumps(fields: Mapping[str, Any]) -> str:
    """One hand's fields as a ``.phh`` file."""
    return _comment(fields) + dumps_table(fields)


def dumps_all(hands: Iterable[Mapping[str, Any]]) -> str:
    """Several hands as a ``.phhs`` file: one table per hand, named by its hand key."""
    return dumps_tables((fields["_hand_key"], fields) for fields in hands)
