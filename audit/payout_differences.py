"""What the platform paid against a settlement: every difference, classified.

The comparison is made at the finest level the platform labels (pot, run, half, seat;
per seat only where it prints totals). Each kind has a precise condition here, and where
two fit the first in ``contracts.md``'s order wins. The money of one pot (and run) is
compared as a whole:

* a seat contesting the pot but not among its winners was paid from it: ``wrong_winner``
  (even if the pot's total is also off);
* otherwise, its total differs: ``uncalled_bet`` when the gap is an amount nobody matched
  that was not returned, ``rake`` for any rake in a tournament hand, ``side_pot`` when the
  hand's total is right but money sits in the wrong pot, else ``not_conserved``;
* its total agrees: ``side_pot`` when a seat not contesting the pot (folded, or not in
  that side pot) was paid from it; ``cash_out`` when a cashed-out seat's share (which the
  house keeps) was paid to a seat; ``missed_low`` when the pot was paid as if no low
  qualified (the high hand scooped a pot the rules split); ``phantom_low`` when a pot the
  rules give whole to the high hand was split about in half; ``odd_chip`` when the same
  seats won, the rules produced odd units and no seat is off by more than one unit per
  winner; ``tie_split`` when the same seats won in other shares; else ``wrong_winner``.

The other findings of a hand (returns the betting does not allow, contradictions, pots
paid to nobody, rake before the flop) are ``audit.hand_audit``'s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from audit.findings import Finding, finding, money_text
from audit.hand_rows import HandRow, PayoutRow, SeatRow
from audit.showdown_from_rows import Strengths
from rules.games import GAMES, HalfSpec
from rules.odd_chip import CashOutModel, Policy
from rules.settle import OddChip, Settlement, SettlementInputError, Showdown, settle
from rules.vocab import FindingKind, Game, Half

#: (pot, run, half, seat); None where that level is not compared
Key = tuple[int | None, int | None, str | None, int]
_SPLIT_HALVES = frozenset({"high", "low", "badugi", "draw", "omaha"})
_GAME_VALUES = frozenset(g.value for g in GAMES)


def high_only_game(game: str) -> str | None:
    """The high-only twin of a hi/lo game (``rules.games``), or None."""
    if game not in _GAME_VALUES:
        return None
    twin = GAMES[Game(game)].high_only
    return twin.value if twin is not None else None


@dataclass(frozen=True)
class _Levels:
    """Which labels of the pay lines the comparison uses."""

    by_pot: bool
    by_run: bool
    by_half: bool
    runs_in_pot: Mapping[int, int]
    most_runs: int

    def key(self, pot: int | None, run: int | None, seat: int) -> Key:
        # a pot settled as one run (one claimant) is compared whole even if paid per run
        runs = self.runs_in_pot.get(pot, 1) if self.by_pot and pot is not None else self.most_runs
        return (pot if self.by_pot else None, (run or 1) if self.by_run and runs > 1 else None, None, seat)


def _levels(hand: HandRow, recorded: Sequence[PayoutRow], settlement: Settlement, showdown: Showdown) -> _Levels:
    any_rows = bool(recorded)
    by_pot = any_rows and all(r.pot is not None for r in recorded) and not hand.per_seat_only
    if by_pot and any((r.pot or 0) >= len(settlement.pots) for r in recorded):
        by_pot = False
    by_run = any_rows and all(r.run is not None for r in recorded) and len(showdown.boards) > 1
    by_half = any_rows and not any(r.half == Half.UNLABELLED for r in recorded) and not hand.per_seat_only
    runs_in_pot = {a.index: len(a.runs) for a in settlement.pots}
    return _Levels(by_pot, by_run, by_half, runs_in_pot, max(runs_in_pot.values(), default=1))


class _Money:
    """Amounts at the compared levels, and per half inside each."""

    def __init__(self) -> None:
        self.total: dict[Key, int] = defaultdict(int)
        self.halves: dict[Key, dict[str, int]] = defaultdict(lambda: defaultdict(int))

    def add(self, key: Key, half: str, amount: int) -> None:
        self.total[key] += amount
        self.halves[key][half] += amount


def _expected(settlement: Settlement, showdown: Showdown, levels: _Levels) -> _Money:
    out = _Money()
    for award in settlement.pots:
        for run in award.runs:
            for half in run.halves:
                for seat, amount in half.awards:
                    if showdown.policy.cash_out_model is CashOutModel.HOUSE_TAKES_SHARE and _cashed(showdown, seat):
                        continue
                    out.add(levels.key(award.index, run.run, seat), half.half, amount)
    return out


def compare(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow],
            settlement: Settlement, showdown: Showdown) -> list[Finding]:
    """Every difference between the payout lines and the settlement, classified."""
    recorded_rows = [p for p in payouts if p.from_pot]
    levels = _levels(hand, recorded_rows, settlement, showdown)
    # money is compared per (pot, run, seat) at the levels the platform labels; halves
    # only name the rows of a difference (a scoop paid as one line is the same money)
    exp = _expected(settlement, showdown, levels)
    rec = _Money()
    for r in recorded_rows:
        rec.add(levels.key(r.pot, r.run, r.seat), r.half, r.amount)
    # An amount nobody matched that the history never printed as returned: platforms pay
    # it back inside a pot line (Winamax, Merge). Count it where the seat was paid it.
    for seat, amount in settlement.uncalled.items():
        home = next((k for k in sorted(rec.total, key=str)
                     if k[3] == seat and rec.total[k] - exp.total.get(k, 0) == amount), levels.key(0, 1, seat))
        exp.add(home, Half.WHOLE.value, amount)
    keys = sorted(set(exp.total) | set(rec.total), key=lambda k: tuple((x is None, x) for x in k))
    diffs = [k for k in keys if exp.total.get(k, 0) != rec.total.get(k, 0)]
    if not diffs:
        return []
    return _classified(hand, seats, settlement, showdown, exp, rec, diffs, levels.by_half)


def _classified(hand: HandRow, seats: Sequence[SeatRow], settlement: Settlement, showdown: Showdown,
                exp: _Money, rec: _Money, diffs: list[Key], by_half: bool) -> list[Finding]:
    """The findings of the differing keys, classified per group (pot, run): the halves
    and seats of one pot's money together."""
    players = {s.seat: s.player for s in seats}
    contenders = {a.index: set(a.contenders) for a in settlement.pots}
    all_contenders: set[int] = set().union(*contenders.values()) if contenders else set()
    counterfactual = _high_only(showdown) if high_only_game(showdown.game) else None
    groups: dict[tuple[int | None, int | None], list[Key]] = defaultdict(list)
    for k in diffs:
        groups[(k[0], k[1])].append(k)
    hand_gap = sum(rec.total.values()) - sum(exp.total.values())
    findings = []
    for (pot, run), group_keys in groups.items():
        in_pot = contenders.get(pot, all_contenders) if pot is not None else all_contenders
        kind, why = classify(hand, showdown, settlement, _per_seat(exp.total, pot, run), _per_seat(rec.total, pot, run),
                             in_pot, pot, run, counterfactual, hand_gap)
        for k in group_keys:
            for half, recorded, wanted in _half_rows(rec.halves.get(k, {}), exp.halves.get(k, {}), by_half):
                findings.append(finding(hand, kind, seat=k[3], recorded=recorded, expected=wanted, detail=why,
                                        players=players, pot=pot, run=run, half=half))
    return findings


def _half_rows(rec: Mapping[str, int], exp: Mapping[str, int], labelled: bool) -> list[tuple[str | None, int, int]]:
    """One seat's difference, per half where both sides name halves, else as one row."""
    total: tuple[str | None, int, int] = (None, sum(rec.values()), sum(exp.values()))
    if not labelled or not set(rec) <= _SPLIT_HALVES or not set(exp) <= _SPLIT_HALVES:
        return [total]
    rows: list[tuple[str | None, int, int]] = [
        (h, rec.get(h, 0), exp.get(h, 0)) for h in sorted(set(rec) | set(exp)) if rec.get(h, 0) != exp.get(h, 0)]
    return rows or [total]


def _cashed(showdown: Showdown, seat: int) -> bool:
    return any(s.seat == seat and s.cashed_out for s in showdown.seats)


def _per_seat(amounts: Mapping[Key, int], pot: int | None, run: int | None) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for (p, r, _h, seat), amount in amounts.items():
        if p == pot and r == run:
            out[seat] += amount
    return {s: a for s, a in out.items() if a}


def _high_only(showdown: Showdown) -> Settlement | None:
    game = high_only_game(showdown.game)
    assert game is not None
    try:
        return settle(Showdown(game=game, seats=showdown.seats, boards=showdown.boards,
                               button=showdown.button, rake=showdown.rake, unit=showdown.unit,
                               policy=showdown.policy, strengths=_same_half_strengths(showdown, game)))
    except SettlementInputError:
        return None


def _evaluation(half: HalfSpec) -> tuple[object, ...]:
    return half.ranking, half.hole_used, half.board_used, half.hand_size, half.qualifier


def _same_half_strengths(showdown: Showdown, game: str) -> Strengths | None:
    """The showdown's bulk strengths of the half that is evaluated exactly as ``game``'s
    only half (same ranking, cards used, size and qualifier: the evaluator reads nothing
    else), keyed for ``game``; None when there are none."""
    if not showdown.strengths or showdown.game not in _GAME_VALUES or game not in _GAME_VALUES:
        return None
    target = GAMES[Game(game)].halves
    if len(target) != 1:
        return None
    for index, half in enumerate(GAMES[Game(showdown.game)].halves):
        if _evaluation(half) == _evaluation(target[0]):
            return {(seat, run, 0): value for (seat, run, h), value in showdown.strengths.items() if h == index}
    return None


def _pot_payouts(settlement: Settlement, pot: int | None, run: int | None) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for award in settlement.pots:
        if pot is not None and award.index != pot:
            continue
        for r in award.runs:
            if run is not None and r.run != run:
                continue
            for half in r.halves:
                for seat, amount in half.awards:
                    out[seat] += amount
    return {s: a for s, a in out.items() if a}


def _odd_chips(settlement: Settlement, pot: int | None, run: int | None) -> list[OddChip]:
    """Every odd chip the rules placed in one pot (and run), or the whole hand."""
    out: list[OddChip] = []
    for award in settlement.pots:
        if pot is not None and award.index != pot:
            continue
        out.extend(award.odd_chips)
        for r in award.runs:
            if run is not None and r.run != run:
                continue
            out.extend(r.odd_chips)
            for half in r.halves:
                out.extend(half.odd_chips)
    return out


#: the options that order tied winners: who among equal hands gets a leftover unit
_TIE_OPTIONS = frozenset({"tie_order_button", "tie_order_stud", "stud_card_scope", "multi_remainder"})


def unconfirmed_tie_orders(findings: Sequence[Finding], settlement: Settlement,
                           policy: Policy) -> tuple[list[Finding], str | None]:
    """``findings`` without the ``odd_chip`` rows that only disagree with a tie order the
    policy marks unconfirmed, and a sentence saying what was set aside (None if nothing).

    Which tied winner gets a leftover unit is the one rule no authority agrees on and
    platforms rarely publish: where a profile only guesses it (``unconfirmed``), a unit
    placed otherwise among the same tied winners is no evidence of a wrong payout
    (Bovada's 88 two-way ties in real histories follow no order tried: left or right of
    the button, lowest seat, suit, showdown order). Odd units between halves or runs, and
    any larger difference, stay findings.
    """
    kept: list[Finding] = []
    set_aside: set[str] = set()
    for f in findings:
        chips = _odd_chips(settlement, f.pot, f.run) if f.kind == FindingKind.ODD_CHIP else []
        options = {part.split("=", 1)[0].strip() for c in chips for part in c.rule.split(";")}
        if chips and options <= _TIE_OPTIONS & policy.unconfirmed:
            set_aside.update(c.rule for c in chips)
            continue
        kept.append(f)
    if not set_aside:
        return kept, None
    return kept, (f"odd units among tied winners placed otherwise than by {'; '.join(sorted(set_aside))}, "
                  f"which is unconfirmed for {policy.name}: not a finding")


def _seats(seats: Iterable[int]) -> str:
    return ", ".join(map(str, sorted(seats)))


def classify(hand: HandRow, showdown: Showdown, settlement: Settlement, exp: dict[int, int], rec: dict[int, int],
             in_pot: set[int], pot: int | None, run: int | None, high_only: Settlement | None,
             hand_gap: int) -> tuple[FindingKind, str]:
    """The kind of one pot's (and run's) difference and why, in ``contracts.md``'s order."""
    where = "the hand" if pot is None else ("the main pot" if pot == 0 else f"side pot {pot}")
    if run is not None:
        where += f", run {run}"
    gap = sum(rec.values()) - sum(exp.values())
    house = sum(a.house for a in settlement.pots if pot is None or a.index == pot)
    if house and 0 < gap <= house and showdown.policy.cash_out_model is CashOutModel.HOUSE_TAKES_SHARE:
        return FindingKind.CASH_OUT, (
            f"a cashed-out seat's share of {where} ({money_text(hand, house)}) belongs to the house, "
            f"yet {money_text(hand, gap)} of it was paid to a seat")
    # a seat contesting the pot but not among its winners was paid: whatever else is
    # wrong with this pot's money, that comes first (contracts.md order)
    intruders = [s for s, a in rec.items() if a > exp.get(s, 0) and not exp.get(s) and s in in_pot]
    if intruders and gap != 0:
        return FindingKind.WRONG_WINNER, (
            f"{where} was paid to seat {_seats(intruders)}, which did not win it "
            f"(and {money_text(hand, abs(gap))} {'more' if gap > 0 else 'less'} than the rules pay)")
    if gap != 0:
        return _total_differs(hand, settlement, exp, rec, where, gap, hand_gap)
    outsiders = [s for s, a in rec.items() if a > 0 and s not in in_pot]
    if outsiders:
        return FindingKind.SIDE_POT, f"seat {_seats(outsiders)} paid from {where}, which it did not contest"
    cashed = [s for s, a in rec.items() if a > exp.get(s, 0) and _cashed(showdown, s)
              and showdown.policy.cash_out_model is CashOutModel.HOUSE_TAKES_SHARE]
    if cashed or (settlement.house and any(a > exp.get(s, 0) for s, a in rec.items())):
        return FindingKind.CASH_OUT, (
            f"a cashed-out seat's share of {where} ({money_text(hand, settlement.house)}) belongs to the house, "
            "not to another seat")
    return _same_total(hand, settlement, exp, rec, where, pot, run, high_only)


def _total_differs(hand: HandRow, settlement: Settlement, exp: dict[int, int], rec: dict[int, int],
                   where: str, gap: int, hand_gap: int) -> tuple[FindingKind, str]:
    uncalled = sum(settlement.uncalled.values())
    if uncalled and gap == -uncalled:
        return FindingKind.UNCALLED_BET, (
            f"{money_text(hand, uncalled)} that nobody matched was neither returned nor paid in {where}")
    if hand.is_tournament and (hand.rake or 0) > 0:
        return FindingKind.RAKE, f"rake {money_text(hand, hand.rake or 0)} taken in a tournament hand"
    if hand_gap == 0:
        return FindingKind.SIDE_POT, f"money paid from {where} belongs to another pot"
    return FindingKind.NOT_CONSERVED, (
        f"{where}: paid {money_text(hand, sum(rec.values()))}, the rules pay {money_text(hand, sum(exp.values()))} "
        f"(put in {money_text(hand, hand.pot_total)}, rake and fees {money_text(hand, settlement.rake)})")


def _same_total(hand: HandRow, settlement: Settlement, exp: dict[int, int], rec: dict[int, int], where: str,
                pot: int | None, run: int | None, high_only: Settlement | None) -> tuple[FindingKind, str]:
    """The kind of a difference in a pot paid in full to the seats that contest it."""
    if high_only is not None:
        scoop = _pot_payouts(high_only, pot, run)
        if rec == scoop and scoop != exp:
            return FindingKind.MISSED_LOW, f"{where} was paid as if no low qualified; a qualifying low was not paid"
    split_here = any(len(r.halves) == 2 for a in settlement.pots if pot is None or a.index == pot
                     for r in a.runs if run is None or r.run == run)
    if high_only_game(hand.game) and not split_here:
        # paid as if split: the rules' winners kept about half, others took the rest
        winners = {s for s, a in exp.items() if a}
        kept = sum(a for s, a in rec.items() if s in winners)
        total = sum(exp.values())
        if kept < total and abs(2 * kept - total) <= 2 * settlement.unit * max(1, len(rec)):
            return FindingKind.PHANTOM_LOW, f"{where} was split though no hand qualified for low"
    winners_exp = {s for s, a in exp.items() if a}
    winners_rec = {s for s, a in rec.items() if a}
    if winners_exp == winners_rec:
        worst = max(abs(rec.get(s, 0) - exp.get(s, 0)) for s in winners_exp | winners_rec)
        chips = _odd_chips(settlement, pot, run)
        if chips and worst <= settlement.unit * len(winners_exp):
            rules_used = sorted({c.rule for c in chips})
            return FindingKind.ODD_CHIP, (
                f"the odd units of {where} were placed otherwise than by {'; '.join(rules_used)}")
        return FindingKind.TIE_SPLIT, f"the winners of {where} were paid other shares than an even split"
    return FindingKind.WRONG_WINNER, (
        f"{where} was paid to seat {_seats(winners_rec)}; the rules pay seat {_seats(winners_exp)}")
