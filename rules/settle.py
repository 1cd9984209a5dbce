"""Settle one showdown: who is paid what, and which rule placed every odd chip.

Order of division (rules.md §2.6 and §4.1 "fixed"): contributions -> pots (uncalled
amounts back) -> rake and fees off each pot -> each pot on its own: equal share per run
or board -> within a run the high/low (or Badugi-family) halves -> tied winners of a half.
At every step the leftover units go where the policy says, and each is recorded as an
:class:`OddChip` naming the option that placed it (``"hilo_between_halves=high"``).

Decisions this module makes where the rules are silent:

* A pot contested by one seat goes to it whole, without evaluating anything (everyone
  else folded or did not reach it). A seat that mucked at showdown concedes: if only one
  contender of a pot did not muck, the pot is its; if every contender of a pot mucked,
  nobody can claim it and that is an input error.
* A pot is split high/low only when one of *that pot's* claimants (contenders that did
  not muck, cashed-out seats included since their hands still play) has a qualifying
  low. An unsplit pot's half is recorded as ``whole``.
* A cashed-out seat under ``cash_out_model=house_takes_share`` is evaluated like any
  other (the notional split is recorded), but whatever it would be paid goes to the
  house (``Settlement.house``); under ``seat_paid`` it is paid as usual.
* ``runout_remainder=by_position``: runs get equal whole-unit shares and the leftover
  units are dealt to the pot's winners (any run, any half) in tie order.
* "By position" in a stud game (no button) means by seat number from seat 1.
* ``split_half_remainder=to_high_half`` with both halves tied: the low half's leftover
  joins the high half before it is divided, so the high winners get those units with
  the high half's own leftovers, in tie order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import assert_never

from rules.cards import CARD_TEXTS, rank_of, suit_rank
from rules.evaluate import HandValue, best_hand
from rules.games import GameSpec, HalfSpec, Ranking, game_spec
from rules.odd_chip import (
    FACTORY_DEFAULT,
    CashOutModel,
    HiloBetweenHalves,
    IdenticalHandsBothHalves,
    MultiRemainder,
    NontraditionalHighHalf,
    Policy,
    RunoutRemainder,
    SplitHalfRemainder,
    StudCardScope,
    TieOrderButton,
    TieOrderStud,
    option_rule,
)
from rules.pots import Pot, PotError, SeatAmount, allocate_rake, build_pots, divide
from rules.vocab import Half


class SettlementInputError(ValueError):
    """A showdown that cannot be settled; the message names the problem."""


@dataclass(frozen=True)
class SeatInput:
    """One seat: what it put in, its cards (empty if unknown) and how it left the hand."""

    seat: int
    contributed: int
    cards: tuple[str, ...] = ()
    folded: bool = False
    mucked: bool = False
    cashed_out: bool = False
    dead: int = 0  # of ``contributed``, dead money (a missed blind posted dead): never a bet
    #: a draw game run more than once, where this seat drew anew for each run: each run's
    #: final hand, run 1 first (then ``cards`` stays empty); empty: ``cards`` plays every run
    run_cards: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Showdown:
    """Everything settlement needs. ``boards`` holds one board per run (or the two
    boards of a two-board game); stud games have a single empty board, or a one-card
    board for a shared seventh-street card; draw games one empty board per run (a draw
    run more than once deals each run's draw anew: a seat's ``run_cards``). ``rake`` is
    a total or one amount per pot, main first. ``unit`` None: the policy's fixed unit,
    else 1."""

    game: str
    seats: tuple[SeatInput, ...]
    boards: tuple[tuple[str, ...], ...] = ((),)
    button: int | None = None
    rake: int | tuple[int, ...] = 0
    unit: int | None = None
    policy: Policy = FACTORY_DEFAULT
    #: Optional strengths computed in bulk (``rules.batch``), keyed by
    #: ``(seat, run index from 0, half index)``; ``None`` is "no qualifying hand".
    #: They must order exactly like ``HandValue.strength`` within one half. Cards used
    #: are then evaluated only where an odd chip is placed by suit.
    strengths: Mapping[tuple[int, int, int], int | None] | None = None


@dataclass(frozen=True)
class OddChip:
    """One leftover unit (or the residue below a unit) and the rule that placed it.

    Exactly one of ``seat`` (inside a half), ``half`` (between halves) or ``run``
    (between runs) says where it went.
    """

    amount: int
    rule: str
    seat: int | None = None
    half: str | None = None
    run: int | None = None


@dataclass(frozen=True)
class HalfAward:
    """One half of one run of one pot (``half`` is ``whole`` when the pot is not split)."""

    half: str
    amount: int
    winners: tuple[int, ...]
    awards: tuple[SeatAmount, ...]
    odd_chips: tuple[OddChip, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class RunAward:
    """One run (or board) of a pot: its share and its halves."""

    run: int
    amount: int
    halves: tuple[HalfAward, ...]
    odd_chips: tuple[OddChip, ...] = ()


@dataclass(frozen=True)
class PotAward:
    """One pot settled: gross amount, rake charged to it, contenders, and its runs."""

    index: int
    amount: int
    rake: int
    contenders: tuple[int, ...]
    runs: tuple[RunAward, ...]
    odd_chips: tuple[OddChip, ...] = ()
    house: int = 0

    @property
    def net(self) -> int:
        return self.amount - self.rake


@dataclass(frozen=True)
class SeatHand:
    """The best hand one seat makes for one half on one run, with the exact cards used."""

    seat: int
    run: int
    half: str
    cards: tuple[str, ...]
    hole: tuple[str, ...]
    board: tuple[str, ...]
    description: str


@dataclass(frozen=True)
class Settlement:
    """The outcome: ``payouts`` has every seat (uncalled returns included)."""

    payouts: Mapping[int, int]
    uncalled: Mapping[int, int]
    pots: tuple[PotAward, ...]
    hands: tuple[SeatHand, ...]
    rake: int
    house: int
    unit: int
    policy: Policy = field(default=FACTORY_DEFAULT)


_LOW_RANKINGS = frozenset({Ranking.LOW_A5, Ranking.LOW_27, Ranking.BADUGI_ACE_LOW, Ranking.BADUGI_ACE_HIGH})
_ACE_LOW_RANKINGS = frozenset({Ranking.LOW_A5, Ranking.BADUGI_ACE_LOW})


def _card_key(card: str, ranking: Ranking) -> tuple[int, int]:
    """(rank as the card plays in this half, suit): the odd-chip comparison of one card."""
    rank = rank_of(card)
    if rank == 14 and ranking in _ACE_LOW_RANKINGS:
        rank = 1
    return rank, suit_rank(card)


class _Table:
    """The validated showdown, with cached hand evaluations."""

    def __init__(self, showdown: Showdown) -> None:
        try:
            self.spec: GameSpec = game_spec(showdown.game)
        except KeyError as exc:
            raise SettlementInputError(exc.args[0]) from None
        self.showdown = showdown
        self.policy = showdown.policy
        self.seats: dict[int, SeatInput] = {}
        for seat in showdown.seats:
            if not isinstance(seat.seat, int) or isinstance(seat.seat, bool) or seat.seat < 1:
                raise SettlementInputError(f"seat numbers must be positive integers, not {seat.seat!r}")
            if seat.seat in self.seats:
                raise SettlementInputError(f"seat {seat.seat} is listed twice")
            if not isinstance(seat.contributed, int) or isinstance(seat.contributed, bool) or seat.contributed < 0:
                raise SettlementInputError(
                    f"seat {seat.seat}: contributed must be a non-negative integer, not {seat.contributed!r}"
                )
            self.seats[seat.seat] = seat
        if not self.seats:
            raise SettlementInputError("no seats")
        unit = showdown.unit if showdown.unit is not None else (self.policy.fixed_unit or 1)
        if not isinstance(unit, int) or isinstance(unit, bool) or unit < 1:
            raise SettlementInputError(f"unit must be a positive integer, not {unit!r}")
        self.unit = unit
        self.button = None if self.spec.stud else showdown.button
        self.boards = tuple(tuple(b) for b in showdown.boards) or ((),)
        self._check_cards()
        self._hands: dict[tuple[int, int, int], HandValue | None] = {}

    # -- validation -------------------------------------------------------------------

    def _hole_count(self) -> int:
        if self.spec.stud:
            return self.spec.hole_cards - len(self.boards[0])
        return self.spec.hole_cards

    def _check_cards(self) -> None:
        spec = self.spec
        game = spec.game.value
        if spec.stud or spec.board_cards == 0:
            self._check_no_board(game)
        else:
            if spec.boards == 2 and len(self.boards) != 2:
                raise SettlementInputError(f"{game} is dealt on two boards; got {len(self.boards)}")
            for number, board in enumerate(self.boards, start=1):
                if len(board) != spec.board_cards and (board or len(self.boards) > 1):
                    raise SettlementInputError(
                        f"board {number} has {len(board)} cards; {game} needs {spec.board_cards}"
                    )
        seen: dict[str, str] = {}
        for number, board in enumerate(self.boards, start=1):
            for position, card in enumerate(board):
                self._parse(card, f"board {number}")
                where = f"board {number}"
                if card in seen:
                    # runs share the cards dealt before the board was run again: the same
                    # card at the same place on every earlier board (never twice on one board)
                    shared_prefix = (
                        spec.boards != 2 and number > 1 and seen[card].startswith("board ")
                        and all(b[position:position + 1] == (card,) for b in self.boards[:number - 1])
                    )
                    if not shared_prefix:
                        raise SettlementInputError(f"duplicate card {card} ({seen[card]} and {where})")
                else:
                    seen[card] = where
        drawn_per_run = any(seat.run_cards for seat in self.seats.values())
        for run in range(len(self.boards) if drawn_per_run else 1):
            self._check_hands(game, dict(seen), run if drawn_per_run else None)

    def _check_no_board(self, game: str) -> None:
        """Stud: one board of at most one shared card; draw: no board, one per run."""
        stud = self.spec.stud
        if stud and len(self.boards) != 1:
            raise SettlementInputError(f"{game} has no runs: give one board, not {len(self.boards)}")
        for board in self.boards:
            if len(board) > (1 if stud else 0):
                raise SettlementInputError(
                    f"{game} takes {'at most one shared card' if stud else 'no board'}; got {len(board)} board cards"
                )
        for seat in self.seats.values():
            if seat.run_cards and (stud or len(seat.run_cards) != len(self.boards) or seat.cards):
                raise SettlementInputError(
                    f"seat {seat.seat}: run_cards are a draw game's hands, one per run ({len(self.boards)} "
                    f"here), given instead of cards; got {len(seat.run_cards)}"
                    + (" beside cards" if seat.cards else ""))
        if not any(seat.run_cards for seat in self.seats.values()) and len(self.boards) != 1:
            raise SettlementInputError(f"{game} has no board: give one empty board, or one per run with "
                                       f"the seats' run_cards, not {len(self.boards)}")

    def _check_hands(self, game: str, seen: dict[str, str], run: int | None) -> None:
        """Every seat's cards (on ``run``, for a draw run more than once): cards, none dealt twice."""
        holes = self._hole_count()
        for seat in self.seats.values():
            where = f"seat {seat.seat}" + (f" run {run + 1}" if run is not None and seat.run_cards else "")
            cards = self.cards_on(seat.seat, run or 0)
            if isinstance(cards, str) or isinstance(seat.run_cards, str):
                raise SettlementInputError(f"{where}: cards must be a list of cards")
            for card in cards:
                self._parse(card, where)
                if card in seen:
                    raise SettlementInputError(f"duplicate card {card} ({seen[card]} and {where})")
                seen[card] = where
            short = cards and len(cards) != holes and not (seat.folded or seat.mucked)
            if len(cards) > holes or short:
                raise SettlementInputError(f"{where} has {len(cards)} cards; {game} deals {holes}")

    def cards_on(self, seat: int, run: int) -> tuple[str, ...]:
        """The seat's cards on a run: its own hand of that run where it drew per run."""
        given = self.seats[seat]
        return given.run_cards[run] if given.run_cards else given.cards

    @staticmethod
    def _parse(card: object, where: str) -> None:
        if not isinstance(card, str) or card not in CARD_TEXTS:
            raise SettlementInputError(f"{where}: not a card: {card!r}")

    # -- evaluation -------------------------------------------------------------------

    def hand(self, seat: int, run: int, half_index: int) -> HandValue | None:
        key = (seat, run, half_index)
        given = self.showdown.strengths
        # Bulk strengths, when given, decide every comparison: they never meet a
        # reference strength (a different scale) even once full_hand cached one.
        if given is not None and key in given:
            strength = given[key]
            return None if strength is None else HandValue((strength,), (), (), (), "")
        return self.full_hand(seat, run, half_index)

    def full_hand(self, seat: int, run: int, half_index: int) -> HandValue | None:
        """The evaluated hand with the exact cards used (never a bulk strength)."""
        key = (seat, run, half_index)
        if key not in self._hands:
            cards = self.cards_on(seat, run)
            board = self.boards[run] if self.spec.board_cards or self.spec.stud else ()
            if not cards:
                raise SettlementInputError(f"seat {seat} contests a pot at showdown but has no cards")
            if self.spec.board_cards and len(board) != self.spec.board_cards:
                raise SettlementInputError(
                    f"board {run + 1} has {len(board)} cards; {self.spec.game.value} needs {self.spec.board_cards}"
                )
            try:
                self._hands[key] = best_hand(self.spec.halves[half_index], cards, board)
            except ValueError as exc:
                raise SettlementInputError(f"seat {seat}: {exc}") from None
        return self._hands[key]

    def is_house(self, seat: int) -> bool:
        return self.seats[seat].cashed_out and self.policy.cash_out_model is CashOutModel.HOUSE_TAKES_SHARE

    # -- ordering ---------------------------------------------------------------------

    def position_order(self, seats: Sequence[int], rule: str) -> list[int]:
        """Seats clockwise from the button (button last); stud: from seat 1."""
        if self.spec.stud:
            return sorted(seats)
        button = self.button
        if button is None:
            raise SettlementInputError(f"{rule} needs the button seat")
        modulus = max([*self.seats, button]) + 1
        return sorted(seats, key=lambda s: (s - button - 1) % modulus)

    def tie_order(self, winners: Sequence[int], run: int, half_index: int, where: str) -> _Placement:
        """The order tied winners receive leftover units, and the rule that set it."""
        if self.spec.stud:
            return self._stud_tie_order(winners, run, half_index)
        option = self.policy.tie_order_button
        rule = option_rule(option)
        match option:
            case TieOrderButton.LEFT_OF_BUTTON:
                order = self.position_order(winners, rule)
            case TieOrderButton.LOWEST_SEAT:
                order = sorted(winners)
            case TieOrderButton.RANDOM:
                if self.policy.seed is None:
                    raise SettlementInputError(f"{rule} needs a seed")
                order = sorted(winners)
                random.Random(f"{self.policy.seed}:{where}").shuffle(order)
            case TieOrderButton.HIGH_CARD_BY_SUIT:
                order = self._by_suit(winners, run, half_index, highest=True, scope=StudCardScope.BEST_FIVE)
            case _:
                assert_never(option)
        return _Placement(tuple(order), rule)

    def _stud_tie_order(self, winners: Sequence[int], run: int, half_index: int) -> _Placement:
        option, scope = self.policy.tie_order_stud, self.policy.stud_card_scope
        if option in (TieOrderStud.LOWEST_SEAT, TieOrderStud.POSITION_FROM_DEALER):
            return _Placement(tuple(sorted(winners)), option_rule(option))
        highest = (option is TieOrderStud.HIGH_CARD_BY_SUIT
                   or self.spec.halves[half_index].ranking not in _LOW_RANKINGS)
        order = self._by_suit(winners, run, half_index, highest=highest, scope=scope)
        return _Placement(tuple(order), f"{option_rule(option)}; {option_rule(scope)}")

    def _by_suit(self, winners: Sequence[int], run: int, half_index: int, *, highest: bool,
                 scope: StudCardScope) -> list[int]:
        ranking = self.spec.halves[half_index].ranking

        def cards_of(seat: int) -> list[tuple[int, int]]:
            if scope is StudCardScope.ALL_CARDS:
                held = list(self.cards_on(seat, run)) + list(self.boards[run] if self.spec.stud else ())
                return sorted((_card_key(c, ranking) for c in held), reverse=highest)
            hand = self.full_hand(seat, run, half_index)
            used = sorted((_card_key(c, ranking) for c in hand.cards), reverse=highest) if hand else []
            own = sorted((_card_key(c, ranking) for c in self.cards_on(seat, run)), reverse=highest)
            return [*used, (-1, -1), *own]

        if highest:
            return sorted(winners, key=lambda s: ([(-r, -u) for r, u in cards_of(s)], s))
        return sorted(winners, key=lambda s: (cards_of(s), s))


@dataclass(frozen=True)
class _Placement:
    """The order leftover units are dealt in (seats, or half indexes) and the rule that set it."""

    order: tuple[int, ...]
    rule: str


def _award_half(table: _Table, amount: int, winners: Sequence[int], run: int, half_index: int,
                half_name: str, where: str, note: str = "") -> HalfAward:
    if len(winners) == 1:
        return HalfAward(half_name, amount, tuple(winners), (SeatAmount(winners[0], amount),), (), note)
    if amount % (table.unit * len(winners)) == 0:  # nothing left over: no tie order is needed
        share = amount // len(winners)
        return HalfAward(half_name, amount, tuple(sorted(winners)),
                         tuple(SeatAmount(seat, share) for seat in sorted(winners)), (), note)
    placement = table.tie_order(winners, run, half_index, where)
    order, rule = placement.order, placement.rule
    all_first = table.policy.multi_remainder is MultiRemainder.ALL_TO_FIRST
    division = divide(amount, len(order), table.unit, list(range(len(order))), all_to_first=all_first)
    if all_first and division.odd and division.odd[0].amount > table.unit:
        rule = f"{rule}; {option_rule(MultiRemainder.ALL_TO_FIRST)}"
    awards = tuple(sorted(SeatAmount(order[i], share) for i, share in enumerate(division.shares)))
    chips = tuple(OddChip(chip.amount, rule, seat=order[chip.share]) for chip in division.odd)
    return HalfAward(half_name, amount, tuple(sorted(winners)), awards, chips, note)


def _best(table: _Table, claimants: Sequence[int], run: int, half_index: int) -> list[int]:
    scored = [(table.hand(s, run, half_index), s) for s in claimants]
    qualified = [(h.strength, s) for h, s in scored if h is not None]
    if not qualified:
        return []
    top = max(strength for strength, _ in qualified)
    return sorted(s for strength, s in qualified if strength == top)


def _high_half_first(table: _Table, winners_by_half: list[list[int]]) -> _Placement:
    """Which half (index order) receives the odd unit between the two halves."""
    spec, policy = table.spec, table.policy
    if not spec.always_split:
        option: HiloBetweenHalves | NontraditionalHighHalf = policy.hilo_between_halves
        by_position = option is HiloBetweenHalves.BY_POSITION
    else:
        option = policy.nontraditional_high_half
        by_position = option is NontraditionalHighHalf.BY_POSITION
    rule = option_rule(option)
    if by_position:
        first = table.position_order(sorted({s for w in winners_by_half for s in w}), rule)[0]
        high = 0 if first in winners_by_half[0] else 1
    elif option is HiloBetweenHalves.HIGH:
        high = next(i for i, h in enumerate(spec.halves) if h.half is Half.HIGH)
    elif option is NontraditionalHighHalf.FLOOR_RANDOM:
        if policy.seed is None:
            raise SettlementInputError(f"{rule} needs a seed")
        high = random.Random(f"{policy.seed}:halves").randrange(2)
    else:
        high = _nontraditional_high(spec.halves, razz_hand=option is NontraditionalHighHalf.RAZZ_HAND)
    return _Placement((high, 1 - high), rule)


def _nontraditional_high(halves: Sequence[HalfSpec], *, razz_hand: bool) -> int:
    """The "high" half of a split without one: the A-5 hand (``razz_hand``), else the draw
    hand, else the five-card hand (not a Badugi), else the first."""
    if razz_hand:
        for index, half in enumerate(halves):
            if half.ranking is Ranking.LOW_A5:
                return index
    for index, half in enumerate(halves):
        if half.half is Half.DRAW:
            return index
    for index, half in enumerate(halves):
        if half.hand_size == 5 and half.ranking not in (Ranking.BADUGI_ACE_LOW, Ranking.BADUGI_ACE_HIGH):
            return index
    return 0


def _settle_run(table: _Table, amount: int, claimants: Sequence[int], run: int, where: str) -> RunAward:
    spec = table.spec
    halves = spec.halves
    winners = [_best(table, claimants, run, i) for i in range(len(halves))]
    split = len(halves) == 2 and (spec.always_split or bool(winners[1]))
    if not split:
        return RunAward(run + 1, amount, (_award_half(table, amount, winners[0], run, 0, Half.WHOLE.value, where,
                                                       "no qualifying low" if len(halves) == 2 else ""),))
    if (table.policy.identical_hands_both_halves is IdenticalHandsBothHalves.POOL_EVEN
            and winners[0] == winners[1] and len(winners[0]) > 1):
        rule = option_rule(IdenticalHandsBothHalves.POOL_EVEN)
        pooled = _award_half(table, amount, winners[0], run, 0, Half.WHOLE.value, where, rule)
        return RunAward(run + 1, amount, (pooled,))
    placement = _high_half_first(table, winners)
    division = divide(amount, 2, table.unit, placement.order)
    shares = list(division.shares)
    chips = [OddChip(chip.amount, placement.rule, half=halves[chip.share].half.value) for chip in division.odd]
    high, low = placement.order
    # moved before the high half is divided, so a tied high half deals these units too
    if table.policy.split_half_remainder is SplitHalfRemainder.TO_HIGH_HALF and len(winners[low]) > 1:
        each = shares[low] // table.unit // len(winners[low]) * table.unit
        leftover = shares[low] - each * len(winners[low])
        if leftover:
            shares[low] -= leftover
            shares[high] += leftover
            chips.append(OddChip(leftover, option_rule(SplitHalfRemainder.TO_HIGH_HALF), half=halves[high].half.value))
    awards = tuple(
        _award_half(table, shares[i], winners[i], run, i, halves[i].half.value, f"{where}:{i}")
        for i in range(2)
    )
    return RunAward(run + 1, amount, awards, tuple(chips))


@dataclass(frozen=True)
class _PotOutcome:
    """One pot settled, and what it pays each seat (a cashed-out seat's share left out
    when the house takes it)."""

    award: PotAward
    paid: Mapping[int, int]


def _settle_pot(table: _Table, pot: Pot, rake: int) -> _PotOutcome:
    net = pot.amount - rake
    claimants = [s for s in pot.contenders if not table.seats[s].mucked]
    if len(pot.contenders) == 1 or len(claimants) == 1:
        (winner,) = pot.contenders if len(pot.contenders) == 1 else claimants
        note = "uncontested" if len(pot.contenders) == 1 else "the other contenders mucked"
        half = HalfAward(Half.WHOLE.value, net, (winner,), (SeatAmount(winner, net),), (), note)
        runs: tuple[RunAward, ...] = (RunAward(1, net, (half,)),)
        return _with_house(table, PotAward(pot.index, pot.amount, rake, pot.contenders, runs), {winner: net})
    if not claimants:
        raise SettlementInputError(f"pot {pot.index}: every contender mucked; nobody can be paid")
    run_count = len(table.boards)
    policy = table.policy
    pot_chips: tuple[OddChip, ...] = ()
    if policy.runout_remainder is RunoutRemainder.FIRST_RUN or run_count == 1:
        division = divide(net, run_count, table.unit, list(range(run_count)))
        shares, pooled = list(division.shares), 0
        rule = option_rule(RunoutRemainder.FIRST_RUN)
        pot_chips = tuple(OddChip(chip.amount, rule, run=chip.share + 1) for chip in division.odd)
    else:
        each = (net // table.unit // run_count) * table.unit
        shares, pooled = [each] * run_count, net - each * run_count
    runs = tuple(_settle_run(table, shares[r], claimants, r, f"{pot.index}:{r}") for r in range(run_count))
    paid: dict[int, int] = {}
    for run in runs:
        for half in run.halves:
            for seat, amount in half.awards:
                paid[seat] = paid.get(seat, 0) + amount
    if pooled:
        rule = option_rule(RunoutRemainder.BY_POSITION)
        order = table.position_order(sorted(paid), rule)
        division = divide(pooled, len(order), table.unit, list(range(len(order))),
                          all_to_first=policy.multi_remainder is MultiRemainder.ALL_TO_FIRST)
        dealt = [SeatAmount(order[i], share) for i, share in enumerate(division.shares) if share]
        for seat, amount in dealt:
            paid[seat] += amount
        pot_chips = tuple(OddChip(amount, rule, seat=seat) for seat, amount in dealt)
    return _with_house(table, PotAward(pot.index, pot.amount, rake, pot.contenders, runs, pot_chips), paid)


def _with_house(table: _Table, award: PotAward, paid: Mapping[int, int]) -> _PotOutcome:
    house = sum(amount for seat, amount in paid.items() if table.is_house(seat))
    kept = {seat: amount for seat, amount in paid.items() if not table.is_house(seat)}
    if house:
        award = replace(award, house=house)
    return _PotOutcome(award, kept)


def settle(showdown: Showdown) -> Settlement:
    """Settle ``showdown`` under its policy (see the module docstring for the order).

    The contracts.md worked example: four kings take the high half and the odd chip,
    6-4-3-2-A the low half.

    >>> from rules.odd_chip import get_policy
    >>> s = settle(Showdown(
    ...     game="omaha_hilo", boards=(("Ac", "3d", "6h", "Ks", "Kd"),),
    ...     seats=(SeatInput(1, 600, ("2c", "4d", "Qc", "Jd")), SeatInput(4, 600, ("Kh", "Kc", "5c", "7d")),
    ...            SeatInput(6, 25, folded=True)),
    ...     button=4, policy=get_policy("pokerstars")))
    >>> dict(s.payouts)
    {1: 612, 4: 613, 6: 0}
    >>> s.pots[0].runs[0].odd_chips
    (OddChip(amount=1, rule='hilo_between_halves=high', seat=None, half='high', run=None),)

    Bovada pays a tied low half only what it divides evenly: of 95, trip kings take the
    high half's 48 and the unit that the two tied lows cannot share out of 47.

    >>> s = settle(Showdown(
    ...     game="omaha_hilo", boards=(("Kd", "4s", "Kc", "8d", "Ah"),),
    ...     seats=(SeatInput(1, 30, ("Ks", "Qs", "Jh", "Th")), SeatInput(2, 30, ("2c", "3c", "9h", "9s")),
    ...            SeatInput(3, 30, ("2d", "3h", "7c", "6c")), SeatInput(4, 5, folded=True)),
    ...     button=1, policy=get_policy("bovada")))
    >>> dict(s.payouts)
    {1: 49, 2: 23, 3: 23, 4: 0}
    >>> [(c.amount, c.rule, c.half) for c in s.pots[0].runs[0].odd_chips]
    [(1, 'hilo_between_halves=high', 'high'), (1, 'split_half_remainder=to_high_half', 'high')]

    A 2-7 single draw run twice, all in before the draw: seat 2 stands pat on T-9-7-5-3,
    seat 3 keeps 9-8-5-4 and draws one card for each run, making J-9-8-5-4 on the first
    (worse) and 9-8-7-5-4 on the second (better): each wins one run's half of the pot.

    >>> s = settle(Showdown(
    ...     game="lowball27_single", boards=((), ()),
    ...     seats=(SeatInput(2, 600, ("Tc", "9h", "7h", "5c", "3s")),
    ...            SeatInput(3, 600, run_cards=(("Jd", "9c", "8d", "5h", "4s"), ("7c", "9c", "8d", "5h", "4s"))),
    ...            SeatInput(5, 25, folded=True)), button=5))
    >>> dict(s.payouts), [(run.run, run.amount, run.halves[0].winners) for run in s.pots[0].runs]
    ({2: 613, 3: 612, 5: 0}, [(1, 613, (2,)), (2, 612, (3,))])
    """
    table = _Table(showdown)
    contributions = {s: seat.contributed for s, seat in table.seats.items()}
    live = [s for s, seat in table.seats.items() if not seat.folded]
    try:
        breakdown = build_pots(contributions, live, {s: seat.dead for s, seat in table.seats.items()})
        rakes = allocate_rake(
            breakdown.pots,
            showdown.rake if isinstance(showdown.rake, int) else list(showdown.rake),
            table.policy.rake_allocation,
            table.policy.rake_rate_bp,
            table.policy.rake_cap,
        )
    except PotError as exc:
        raise SettlementInputError(str(exc)) from None
    payouts = {s: 0 for s in sorted(table.seats)}
    uncalled = dict(breakdown.uncalled)
    for seat, amount in uncalled.items():
        payouts[seat] += amount
    pots: list[PotAward] = []
    for pot, rake in zip(breakdown.pots, rakes, strict=True):
        outcome = _settle_pot(table, pot, rake)
        pots.append(outcome.award)
        for seat, amount in outcome.paid.items():
            payouts[seat] += amount
    return Settlement(
        payouts=payouts,
        uncalled=uncalled,
        pots=tuple(pots),
        hands=_hands(table),
        rake=sum(rakes),
        house=sum(p.house for p in pots),
        unit=table.unit,
        policy=table.policy,
    )


def _hands(table: _Table) -> tuple[SeatHand, ...]:
    out = []
    for (seat, run, half_index), value in sorted(table._hands.items()):
        if value is not None:
            out.append(SeatHand(seat, run + 1, table.spec.halves[half_index].half.value,
                                value.cards, value.hole, value.board, value.description))
    return tuple(out)

