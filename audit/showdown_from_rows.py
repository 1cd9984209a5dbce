"""From one hand's lake rows to the ``rules.settle.Showdown`` the rules settle.

What is split is what the players put in less rake and fees *as the platform printed
them* (per pot where it printed per-pot amounts), never the sum of what was paid, so an
overpaid winner cannot hide. Where the platform prints no rake, the rake is taken to be
whatever was not paid and only the relative split is checked (``relative_only``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from audit.hand_rows import Cards, HandRow, PayoutRow, SeatRow
from rules.bulk import bulk_strengths
from rules.games import GAMES, GameSpec
from rules.odd_chip import Policy, UnitSymbol
from rules.pots import Pot, PotError, build_pots
from rules.settle import SeatInput, SettlementInputError, Showdown
from rules.vocab import Game, RakeSource

_GAME_VALUES = frozenset(g.value for g in GAMES)
#: what ``rules.bulk.bulk_strengths`` is asked: ``((hand_key, seat, run index), game, cards, board)``
#: hand strengths evaluated in bulk, keyed ``(seat, run index, half index)`` (``rules.settle``)
Strengths = Mapping[tuple[int, int, int], int | None]
StrengthRequest = tuple[tuple[str, int, int], str, tuple[str, ...], tuple[str, ...]]


def game_of(hand: HandRow) -> GameSpec | None:
    """The hand's game, where the rules evaluate it."""
    return GAMES[Game(hand.game)] if hand.game in _GAME_VALUES else None


def relative_only(hand: HandRow) -> bool:
    """No rake printed in a cash game: only who won what share can be checked."""
    return hand.rake_source != RakeSource.PRINTED and not hand.is_tournament


def unit_for(policy: Policy, *, amount_scale: int, small_blind: int | None = None,
             big_blind: int | None = None, is_tournament: bool = False, fractional: bool = False) -> int:
    """The odd-chip unit in the hand's minor units, from the policy's symbolic unit.

    A tournament has no fraction of a chip: its smallest unit is one whole chip even
    where a platform counts in hundredths of one (Winamax's half-chip antes, iPoker's
    tournaments), so ``currency_minor`` there is ``amount_scale`` units. Except in a hand
    whose chips do come in fractions (``fractional``: a seat put in a fraction of a chip,
    as in iPoker's rebuy tournaments, where stacks are 87,522.93 chips and a tie of
    183,545.86 is paid 91,772.93 each): there the hundredth is the unit.

    >>> from rules.odd_chip import get_policy
    >>> chip = get_policy("default").with_options({"unit": "tournament_chip"})
    >>> unit_for(chip, amount_scale=1), unit_for(chip, amount_scale=100)
    (1, 100)
    >>> unit_for(get_policy("default").with_options({"unit": "blind_unit"}), amount_scale=100,
    ...          small_blind=25, big_blind=50)
    25
    >>> minor = get_policy("default")
    >>> unit_for(minor, amount_scale=100), unit_for(minor, amount_scale=100, is_tournament=True)
    (1, 100)
    >>> unit_for(minor, amount_scale=100, is_tournament=True, fractional=True)
    1
    >>> in_play = get_policy("fulltilt")  # the smallest chip in play: from the minor unit up
    >>> unit_for(in_play, amount_scale=100), unit_for(in_play, amount_scale=100, is_tournament=True)
    (1, 100)
    """
    if policy.fixed_unit:
        return policy.fixed_unit
    if policy.unit is UnitSymbol.BLIND_UNIT:
        blinds = [b for b in (small_blind, big_blind) if b]
        return math.gcd(*blinds) if blinds else 1
    if policy.unit is UnitSymbol.TOURNAMENT_CHIP:
        return amount_scale or 1  # one whole chip
    # the smallest chip in play is not printed: it starts from the minor unit, as online
    # cash tables count (showdown_audit tries larger ones the hand's amounts allow)
    minor = (UnitSymbol.CURRENCY_MINOR, UnitSymbol.DENOMINATION_IN_PLAY)
    if policy.unit in minor and is_tournament and not fractional:
        return amount_scale or 1
    return 1


def hand_unit(policy: Policy, hand: HandRow, seats: Sequence[SeatRow] = ()) -> int:
    scale = hand.amount_scale or 1
    return unit_for(policy, amount_scale=hand.amount_scale, small_blind=hand.small_blind,
                    big_blind=hand.big_blind, is_tournament=hand.is_tournament,
                    fractional=any(s.contributed % scale for s in seats))


def amounts_in_play(hand: HandRow, seats: Sequence[SeatRow]) -> list[int]:
    """Every amount the hand records a chip count of: each seat's stack and what it put
    in, the blinds, the ante, the rake and the fees (``rules.odd_chip.coarser_units``)."""
    amounts = [a for s in seats for a in (s.stack, s.contributed) if a]
    amounts += [a for a in (hand.small_blind, hand.big_blind, hand.ante, hand.rake, hand.fees) if a]
    return amounts


def _known(cards: Cards | None) -> tuple[str, ...] | None:
    if not cards or any(c is None for c in cards):
        return None
    return tuple(c for c in cards if c is not None)


def _seat_input(seat: SeatRow, spec: GameSpec | None, paid: set[int]) -> SeatInput:
    if seat.run_cards:
        return _drawn_per_run(seat)
    live = seat.live
    cards = _known(seat.cards)
    if live and cards is None and seat.showed and seat.seat not in paid:
        # it did not concede, and what it showed cannot be compared (a paid seat without
        # cards is a claimant with unknown cards: settlement says so)
        raise SettlementInputError(f"seat {seat.seat} showed its hand, but not all of its cards are recorded")
    if spec is not None and cards and spec.stud is False and len(cards) != spec.hole_cards:
        if live and seat.showed and len(cards) > spec.hole_cards:
            # more cards than the game deals: the game or the cards are misread, and
            # conceding would let a wrong winner pass (fewer is a partial show: it concedes)
            raise SettlementInputError(
                f"seat {seat.seat} showed {len(cards)} cards, but {spec.name} deals {spec.hole_cards}")
        cards = None
    mucked = bool(seat.mucked) and seat.seat not in paid
    if live and cards is None and seat.seat not in paid:
        mucked = True
    return SeatInput(seat=seat.seat, contributed=seat.contributed, cards=cards or (), folded=not live,
                     mucked=mucked, cashed_out=bool(seat.cashed_out), dead=min(seat.dead or 0, seat.contributed))


def _drawn_per_run(seat: SeatRow) -> SeatInput:
    """A seat that drew anew for each run of a draw: its hand on each run (all known)."""
    known = tuple(hand for hand in map(_known, seat.run_cards) if hand is not None)
    if len(known) != len(seat.run_cards):
        raise SettlementInputError(f"seat {seat.seat} drew for each run, but not all of its cards are recorded")
    return SeatInput(seat=seat.seat, contributed=seat.contributed, run_cards=known,
                     folded=not seat.live, mucked=bool(seat.mucked), cashed_out=bool(seat.cashed_out),
                     dead=min(seat.dead or 0, seat.contributed))


def _boards(hand: HandRow, seats: Iterable[SeatRow]) -> tuple[tuple[str, ...], ...]:
    """The hand's boards, one per run; a draw run more than once: one empty board per run."""
    runs = max((len(s.run_cards) for s in seats), default=0)
    return ((),) * runs if runs else hand.boards or ((),)


def build_showdown(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow], policy: Policy,
                   rake: int | tuple[int, ...] | None = None,
                   strengths: Strengths | None = None, unit: int | None = None) -> Showdown:
    """The showdown the rules settle, from the lake's rows of one hand.

    A seat still in at showdown whose cards were never shown concedes (is treated as
    having mucked) unless the history pays it from a pot: then it is a claimant with
    unknown cards, and settlement says the hand cannot be checked. A seat still in that
    showed some of its cards (PokerStars' ``shows [Qs]``) concedes too; one that showed
    more cards than the game deals, or showed cards the history does not record, makes
    the hand unverifiable (``SettlementInputError``): the game or the cards were misread.
    ``unit`` replaces the policy's odd-chip unit (``hand_unit``) when given.
    """
    paid = {p.seat for p in payouts if p.from_pot and p.amount > 0}
    spec = game_of(hand)
    inputs = tuple(_seat_input(s, spec, paid) for s in seats if s.live or s.contributed)
    boards = _boards(hand, seats)
    if rake is None:
        rake = hand_deduction(hand, seats, payouts)
    return Showdown(game=hand.game, seats=inputs, boards=boards,
                    button=hand.button_seat, rake=rake, unit=unit or hand_unit(policy, hand, seats), policy=policy,
                    strengths=strengths)


def strength_requests(hand: HandRow, seats: Iterable[SeatRow]) -> list[StrengthRequest]:
    """What ``rules.bulk.bulk_strengths`` needs for one showdown: every live seat with
    known cards, on every complete board. Keys are ``(hand_key, seat, run index)``."""
    spec = game_of(hand)
    if spec is None:
        return []
    seats = list(seats)
    boards = _boards(hand, seats)
    out: list[StrengthRequest] = []
    for s in seats:
        if not s.live:
            continue
        for run, board in enumerate(boards):
            # a seat short of a run's hand is left to settlement, which says so
            cards = _known((s.run_cards[run] if run < len(s.run_cards) else None) if s.run_cards else s.cards)
            if cards is None or (not spec.stud and len(cards) != spec.hole_cards):
                continue
            if spec.board_cards and len(board) != spec.board_cards:
                continue
            out.append(((hand.hand_key, s.seat, run), hand.game, cards, board))
    return out


def strengths_by_hand(requests: Iterable[StrengthRequest]) -> dict[str, dict[tuple[int, int, int], object]]:
    """``rules.bulk.bulk_strengths`` of ``requests``, by hand and keyed as ``Showdown``
    takes them: ``(seat, run index, half index)``."""
    out: dict[str, dict[tuple[int, int, int], object]] = defaultdict(dict)
    for (key, half), value in bulk_strengths(requests).items():
        hand_key, seat, run = cast(tuple[str, int, int], key)
        out[hand_key][(seat, run, half)] = value
    return out


def hand_pots(seats: Sequence[SeatRow]) -> tuple[Pot, ...]:
    """The pots the hand's contributions make, as settlement makes them (dead money
    included); none where they cannot form pots (settlement then says why)."""
    live = [s.seat for s in seats if s.live]
    contributions = {s.seat: s.contributed for s in seats if s.contributed}
    dead = {s.seat: s.dead or 0 for s in seats if s.contributed}
    try:
        return build_pots(contributions, live, dead).pots
    except PotError:
        return ()


def hand_deduction(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow]) -> int | tuple[int, ...]:
    """Rake and fees to take off before the split: per pot where the platform printed
    per-pot net amounts that match the pots the contributions make, else the total."""
    fees = hand.fees or 0
    if hand.is_tournament and hand.rake is None:
        return fees
    if hand.rake is None:  # not printed: whatever was not paid (relative check only)
        paid = sum(p.amount for p in payouts if p.from_pot)
        return max(0, hand.pot_total - paid - hand.house_retained)
    printed = [net for net in hand.pots_printed or () if net is not None]
    if hand.pots_printed_net and len(printed) > 1 and len(printed) == len(hand.pots_printed or ()):
        pots = hand_pots(seats)
        if len(pots) == len(printed):
            per_pot = tuple(p.amount - net for p, net in zip(pots, printed, strict=True))
            if all(d >= 0 for d in per_pot) and sum(per_pot) == hand.rake + fees:
                return per_pot
    return hand.rake + fees
