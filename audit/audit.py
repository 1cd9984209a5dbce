"""The audit: what the platform paid against what the rules say, hand by hand.

``audit_lake(lake)`` reads the lake and returns one verdict per hand and one finding per
difference. Two paths:

* **No showdown** (one seat left): checked in bulk with polars — the last seat standing
  gets everything put in less rake and fees; no per-hand Python.
* **Showdown**: each hand becomes a ``rules.settle.Showdown`` under the platform's (or the
  forced) policy; its settlement is compared with the payout lines at the finest level
  the platform labels (pot, run, half, seat — per seat only where it prints totals).

What is split is what the players put in less rake and fees *as the platform printed
them* (per pot where it printed per-pot amounts), never the sum of what was paid, so an
overpaid winner cannot hide. Where the platform prints no rake, the rake is taken to be
whatever was not paid and only the relative split is checked (``relative_only``).

Classification of a difference. Each kind has a precise condition here, and where two fit
the first in ``contracts.md``'s order wins. The money of one pot (and run) is compared as
a whole:

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

Beside the comparison (``audit.pipeline``): a return of an "uncalled" bet that the
betting does not allow is ``uncalled_bet``; a place where the history contradicts itself
(``hands.contradictions``) is ``history_inconsistent``; a hand with no printed rake where
nobody was paid at all is ``not_conserved``; rake from a hand that ended before the flop is
``rake`` where the policy says ``no_flop_no_drop``. Not yet checked: the rake amount
against each platform's published rate and cap (issue "The audit": "comes later").
"""

from __future__ import annotations

import math
from pathlib import Path
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np
import polars as pl

from rules.money import format_minor
from rules.vocab import FindingKind, Half, PayoutSource, RakeSource, Verdict
from rules.bulk import BulkPots, ShowdownBatch, bulk_pots, bulk_settles, settle_simple
from rules.cards import RANKS, SUITS
from rules.games import GAMES
from rules.odd_chip import Policy, get_policy, load_profile_file, profile_names
from rules.pots import Pot, PotError, allocate_rake, build_pots
from rules.settle import SeatInput, Settlement, SettlementInputError, Showdown, settle

#: the high-only game whose settlement is "the pot as if no low qualified"
HIGH_ONLY = {
    "omaha_hilo": "omaha", "omaha5_hilo": "omaha5", "omaha6_hilo": "omaha6",
    "courchevel_hilo": "courchevel", "stud_hilo": "stud",
}

_GAME_VALUES = frozenset(g.value for g in GAMES)
#: the rake-allocation label of per-pot deductions read off the payouts themselves
IMPLIED_ALLOCATION = "the per-pot rake implied by the payouts"

FINDING_COLUMNS = {
    "hand_key": pl.Utf8, "hand_id": pl.Utf8, "platform": pl.Utf8, "game": pl.Utf8,
    "seat": pl.Int32, "player": pl.Utf8, "pot": pl.Int32, "run": pl.Int32, "half": pl.Utf8,
    "recorded": pl.Int64, "expected": pl.Int64, "delta": pl.Int64, "amount_scale": pl.Int64,
    "currency": pl.Utf8, "kind": pl.Utf8, "detail": pl.Utf8, "accepted": pl.Boolean,
    "accept_reason": pl.Utf8,
}
VERDICT_COLUMNS = {
    "hand_key": pl.Utf8, "hand_id": pl.Utf8, "platform": pl.Utf8, "game": pl.Utf8,
    "verdict": pl.Utf8, "reason": pl.Utf8, "policy": pl.Utf8, "currency": pl.Utf8,
    "amount_scale": pl.Int64, "is_tournament": pl.Boolean,
}
_RELATIVE_REASON = "rake not printed: only who won what share was checked"


# ----------------------------------------------------------------------------- policies


class PolicyResolver:
    """The policy for each platform: its own profile, or one forced for the whole run."""

    def __init__(self, forced: str | None = None) -> None:
        self.forced: Policy | None = None
        if forced:
            self.forced = load_profile_file(Path(forced)) if forced.endswith(".toml") else get_policy(forced)
        self._cache: dict[str, Policy] = {}
        self._known = set(profile_names())

    def __call__(self, platform: str) -> Policy:
        if self.forced is not None:
            return self.forced
        if platform not in self._cache:
            self._cache[platform] = get_policy(platform if platform in self._known else "default")
        return self._cache[platform]

    def used(self) -> dict[str, Policy]:
        return dict(self._cache)


def unit_for(policy: Policy, hand: Mapping[str, Any]) -> int:
    """The odd-chip unit in the hand's minor units, from the policy's symbolic unit.

    >>> chip = get_policy("default").with_options({"unit": "tournament_chip"})
    >>> unit_for(chip, {"amount_scale": 1}), unit_for(chip, {"amount_scale": 100})
    (1, 100)
    >>> unit_for(get_policy("default").with_options({"unit": "blind_unit"}), {"small_blind": 25, "big_blind": 50})
    25
    """
    if policy.fixed_unit:
        return policy.fixed_unit
    if policy.unit == "blind_unit":
        blinds = [b for b in (hand.get("small_blind"), hand.get("big_blind")) if b]
        return math.gcd(*blinds) if blinds else 1
    if policy.unit == "tournament_chip":
        return hand.get("amount_scale") or 1  # one whole chip (Winamax counts in hundredths)
    return 1


# ----------------------------------------------------------------------------- results


@dataclass
class HandAudit:
    """One hand's outcome: its verdict and the differences found."""

    verdict: Verdict
    reason: str | None = None
    findings: list[dict] = field(default_factory=list)
    settlement: Settlement | None = None
    showdown: Showdown | None = None
    expected: dict[int, int] = field(default_factory=dict)
    recorded: dict[int, int] = field(default_factory=dict)
    detail: str | None = None


def _money(hand: Mapping[str, Any], amount: int) -> str:
    """An amount of this hand for people: ``USD 39.50``, or chips as a plain number."""
    text = format_minor(amount, hand["amount_scale"])
    return f"{hand['currency']} {text}" if hand.get("currency") else text


def money_expr(amount: pl.Expr) -> pl.Expr:
    """``_money`` as a polars expression over the frame's ``amount_scale`` and ``currency``.

    Integer arithmetic only: the whole units, then the minor digits zero-padded to the
    scale's width (``amount_scale`` is a power of ten).
    """
    scale = pl.col("amount_scale")
    width = scale.cast(pl.Utf8).str.len_chars() - 1
    whole = (amount.abs() // scale).cast(pl.Utf8)
    frac = (amount.abs() % scale).cast(pl.Utf8).str.zfill(width.cast(pl.Int64).clip(lower_bound=1))
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    text = sign + pl.when(scale > 1).then(whole + "." + frac).otherwise(whole)
    return pl.when(pl.col("currency").is_not_null()).then(pl.col("currency") + " " + text).otherwise(text)


def _finding(hand: Mapping[str, Any], kind: FindingKind, *, seat: int | None, recorded: int,
             expected: int, detail: str, players: Mapping[int, str] | None = None,
             pot: int | None = None, run: int | None = None, half: str | None = None) -> dict:
    return {
        "hand_key": hand["hand_key"], "hand_id": hand["hand_id"], "platform": hand["platform"],
        "game": hand["game"], "seat": seat, "player": (players or {}).get(seat) if seat is not None else None,
        "pot": pot, "run": run, "half": half, "recorded": recorded, "expected": expected,
        "delta": recorded - expected, "amount_scale": hand["amount_scale"],
        "currency": hand["currency"], "kind": str(kind), "detail": detail, "accepted": False,
        "accept_reason": None,
    }


# ----------------------------------------------------------------------------- showdowns


def _known(cards: list | None) -> tuple[str, ...] | None:
    if not cards or any(c is None for c in cards):
        return None
    return tuple(cards)


def _relative(hand: Mapping[str, Any]) -> bool:
    return hand["rake_source"] != RakeSource.PRINTED and not hand["is_tournament"]


def build_showdown(hand: Mapping[str, Any], seats: list[Mapping[str, Any]],
                   payouts: list[Mapping[str, Any]], policy: Policy,
                   rake: int | tuple[int, ...] | None = None,
                   strengths: Mapping[tuple[int, int, int], Any] | None = None) -> Showdown:
    """The showdown the rules settle, from the lake's rows of one hand.

    A seat still in at showdown whose cards were never shown concedes (is treated as
    having mucked) unless the history pays it from a pot: then it is a claimant with
    unknown cards, and settlement says the hand cannot be checked. A seat still in that
    showed some of its cards (PokerStars' ``shows [Qs]``) concedes too; one that showed
    more cards than the game deals, or showed cards the history does not record, makes
    the hand unverifiable (``SettlementInputError``): the game or the cards were misread.
    """
    paid = {p["seat"] for p in payouts if p["source"] == PayoutSource.POT and p["amount"] > 0}
    spec = GAMES.get(hand["game"]) if hand["game"] in _GAME_VALUES else None
    inputs = []
    for s in seats:
        live = s["dealt_in"] and s["folded_street"] is None
        if not live and not s["contributed"]:
            continue
        cards = _known(s["cards"])
        if live and cards is None and s.get("showed") and s["seat"] not in paid:
            # it did not concede, and what it showed cannot be compared (a paid seat without
            # cards is a claimant with unknown cards: settlement says so)
            raise SettlementInputError(f"seat {s['seat']} showed its hand, but not all of its cards are recorded")
        if spec is not None and cards and spec.stud is False and len(cards) != spec.hole_cards:
            if live and s.get("showed") and len(cards) > spec.hole_cards:
                # more cards than the game deals: the game or the cards are misread, and
                # conceding would let a wrong winner pass (fewer is a partial show: it concedes)
                raise SettlementInputError(
                    f"seat {s['seat']} showed {len(cards)} cards, but {spec.name} deals {spec.hole_cards}")
            cards = None
        mucked = bool(s["mucked"]) and s["seat"] not in paid
        if live and cards is None and s["seat"] not in paid:
            mucked = True
        inputs.append(SeatInput(
            seat=s["seat"], contributed=s["contributed"], cards=cards or (),
            folded=not live, mucked=mucked, cashed_out=bool(s["cashed_out"]),
            dead=min(s.get("dead") or 0, s["contributed"])))
    boards = tuple(tuple(b) for b in (hand["boards"] or [])) or ((),)
    if rake is None:
        rake = hand_deduction(hand, seats, payouts)
    return Showdown(game=hand["game"], seats=tuple(inputs), boards=boards,
                    button=hand["button_seat"], rake=rake, unit=unit_for(policy, hand), policy=policy,
                    strengths=strengths)


def strength_requests(hand: Mapping[str, Any], seats: Iterable[Mapping[str, Any]]) -> list[tuple]:
    """What ``rules.bulk.bulk_strengths`` needs for one showdown: every live seat with
    known cards, on every complete board. Keys are ``(hand_key, seat, run index)``."""
    spec = GAMES.get(hand["game"]) if hand["game"] in _GAME_VALUES else None
    if spec is None:
        return []
    boards = [tuple(b) for b in (hand["boards"] or [])] or [()]
    out = []
    for s in seats:
        if not (s["dealt_in"] and s["folded_street"] is None):
            continue
        cards = _known(s["cards"])
        if cards is None or (not spec.stud and len(cards) != spec.hole_cards):
            continue
        for run, board in enumerate(boards):
            if spec.board_cards and len(board) != spec.board_cards:
                continue
            out.append(((hand["hand_key"], s["seat"], run), hand["game"], cards, board))
    return out


def hand_pots(seats: list[Mapping[str, Any]]) -> tuple[Pot, ...]:
    """The pots the hand's contributions make, as settlement makes them (dead money
    included); none where they cannot form pots (settlement then says why)."""
    live = [s["seat"] for s in seats if s["dealt_in"] and s["folded_street"] is None]
    contributions = {s["seat"]: s["contributed"] for s in seats if s["contributed"]}
    dead = {s["seat"]: s.get("dead") or 0 for s in seats if s["contributed"]}
    try:
        return build_pots(contributions, live, dead).pots
    except PotError:
        return ()


def hand_deduction(hand: Mapping[str, Any], seats: list[Mapping[str, Any]],
                   payouts: list[Mapping[str, Any]]) -> int | tuple[int, ...]:
    """Rake and fees to take off before the split: per pot where the platform printed
    per-pot net amounts that match the pots the contributions make, else the total."""
    fees = hand["fees"] or 0
    if hand["is_tournament"] and hand["rake"] is None:
        return fees
    if hand["rake"] is None:  # not printed: whatever was not paid (relative check only)
        paid = sum(p["amount"] for p in payouts if p["source"] == PayoutSource.POT)
        return max(0, hand["pot_total"] - paid - hand["house_retained"])
    printed = hand["pots_printed"]
    if hand["pots_printed_net"] and printed and len(printed) > 1:
        pots = hand_pots(seats)
        if len(pots) == len(printed):
            per_pot = tuple(p.amount - net for p, net in zip(pots, printed))
            if all(d >= 0 for d in per_pot) and sum(per_pot) == hand["rake"] + fees:
                return per_pot
    return hand["rake"] + fees


def _unlabelled_half(rows: Iterable[Mapping[str, Any]]) -> bool:
    return any(r["half"] == Half.UNLABELLED for r in rows)


def compare(hand: Mapping[str, Any], seats: list[Mapping[str, Any]], payouts: list[Mapping[str, Any]],
            settlement: Settlement, showdown: Showdown) -> list[dict]:
    """Every difference between the payout lines and the settlement, classified."""
    players = {s["seat"]: s["player"] for s in seats}
    recorded_rows = [p for p in payouts if p["source"] == PayoutSource.POT]
    by_pot = bool(recorded_rows) and all(r["pot"] is not None for r in recorded_rows) \
        and not hand["per_seat_only"]
    by_run = bool(recorded_rows) and all(r["run"] is not None for r in recorded_rows) \
        and len(showdown.boards) > 1
    by_half = bool(recorded_rows) and not _unlabelled_half(recorded_rows) and not hand["per_seat_only"]
    pot_count = len(settlement.pots)
    if by_pot and any(r["pot"] >= pot_count for r in recorded_rows):
        by_pot = False

    # expected money at (pot, run, half, seat); an amount nobody matched belongs to pot 0
    expected: dict[tuple, int] = defaultdict(int)
    for award in settlement.pots:
        for run in award.runs:
            for half in run.halves:
                for seat, amount in half.awards:
                    if showdown.policy.cash_out_model == "house_takes_share" and _cashed(showdown, seat):
                        continue
                    expected[(award.index, run.run, half.half, seat)] += amount
    runs_in_pot = {a.index: len(a.runs) for a in settlement.pots}
    most_runs = max(runs_in_pot.values(), default=1)

    # money is compared per (pot, run, seat) at the levels the platform labels; halves
    # only name the rows of a difference (a scoop paid as one line is the same money).
    # A pot settled as one run (one claimant) is compared whole even if paid per run.
    def key(pot: int | None, run: int | None, seat: int) -> tuple:
        runs = runs_in_pot.get(pot, 1) if by_pot else most_runs
        return (pot if by_pot else None, (run or 1) if by_run and runs > 1 else None, None, seat)

    exp: dict[tuple, int] = defaultdict(int)
    exp_half: dict[tuple, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for (pot, run, half, seat), amount in expected.items():
        exp[key(pot, run, seat)] += amount
        exp_half[key(pot, run, seat)][half] += amount
    rec: dict[tuple, int] = defaultdict(int)
    rec_half: dict[tuple, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in recorded_rows:
        rec[key(r["pot"], r["run"], r["seat"])] += r["amount"]
        rec_half[key(r["pot"], r["run"], r["seat"])][r["half"]] += r["amount"]
    # An amount nobody matched that the history never printed as returned: platforms pay
    # it back inside a pot line (Winamax, Merge). Count it where the seat was paid it.
    for seat, amount in settlement.uncalled.items():
        home = next((k for k in sorted(rec, key=str) if k[3] == seat and rec[k] - exp.get(k, 0) == amount),
                    key(0, 1, seat))
        exp[home] += amount
        exp_half[home][Half.WHOLE.value] += amount
    keys = sorted(set(exp) | set(rec), key=lambda k: tuple((x is None, x) for x in k))
    diffs = [k for k in keys if exp.get(k, 0) != rec.get(k, 0)]
    if not diffs:
        return []

    # classify per group (pot, run): the halves and seats of one pot's money together
    contenders = {a.index: set(a.contenders) for a in settlement.pots}
    all_contenders = set().union(*contenders.values()) if contenders else set()
    counterfactual = _high_only(showdown) if showdown.game in HIGH_ONLY else None
    findings = []
    groups: dict[tuple, list[tuple]] = defaultdict(list)
    for k in diffs:
        groups[(k[0], k[1])].append(k)
    total_rec = sum(rec.values())
    total_exp = sum(exp.values())
    for (pot, run), group_keys in groups.items():
        group_exp = _per_seat(exp, pot, run)
        group_rec = _per_seat(rec, pot, run)
        in_pot = contenders.get(pot, all_contenders) if pot is not None else all_contenders
        kind, why = _classify(hand, showdown, settlement, group_exp, group_rec, in_pot, pot, run,
                              counterfactual, total_rec - total_exp)
        for k in group_keys:
            seat = k[3]
            for half, recorded, wanted in _half_rows(rec_half.get(k, {}), exp_half.get(k, {}), by_half):
                findings.append(_finding(hand, kind, seat=seat, recorded=recorded, expected=wanted,
                                         detail=why, players=players, pot=pot, run=run, half=half))
    return findings


_SPLIT_HALVES = frozenset({"high", "low", "badugi", "draw", "omaha"})


def _half_rows(rec: Mapping[str, int], exp: Mapping[str, int], labelled: bool) -> list[tuple[str | None, int, int]]:
    """One seat's difference, per half where both sides name halves, else as one row."""
    total = (None, sum(rec.values()), sum(exp.values()))
    if not labelled or not set(rec) <= _SPLIT_HALVES or not set(exp) <= _SPLIT_HALVES:
        return [total]
    rows = [(h, rec.get(h, 0), exp.get(h, 0)) for h in sorted(set(rec) | set(exp))
            if rec.get(h, 0) != exp.get(h, 0)]
    return rows or [total]


def _cashed(showdown: Showdown, seat: int) -> bool:
    return any(s.seat == seat and s.cashed_out for s in showdown.seats)


def _per_seat(amounts: Mapping[tuple, int], pot: int | None, run: int | None) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for (p, r, _h, seat), amount in amounts.items():
        if p == pot and r == run:
            out[seat] += amount
    return {s: a for s, a in out.items() if a}


def _high_only(showdown: Showdown) -> Settlement | None:
    game = HIGH_ONLY[showdown.game]
    try:
        return settle(Showdown(game=game, seats=showdown.seats, boards=showdown.boards,
                               button=showdown.button, rake=showdown.rake, unit=showdown.unit,
                               policy=showdown.policy, strengths=_same_half_strengths(showdown, game)))
    except SettlementInputError:
        return None


def _evaluation(half) -> tuple:
    return half.ranking, half.hole_used, half.board_used, half.hand_size, half.qualifier


def _same_half_strengths(showdown: Showdown, game: str) -> dict[tuple[int, int, int], Any] | None:
    """The showdown's bulk strengths of the half that is evaluated exactly as ``game``'s
    only half (same ranking, cards used, size and qualifier: the evaluator reads nothing
    else), keyed for ``game``; None when there are none."""
    if not showdown.strengths or showdown.game not in _GAME_VALUES or game not in _GAME_VALUES:
        return None
    target = GAMES[game].halves
    if len(target) != 1:
        return None
    for index, half in enumerate(GAMES[showdown.game].halves):
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


def _odd_chips(settlement: Settlement, pot: int | None, run: int | None) -> list:
    """Every odd chip the rules placed in one pot (and run), or the whole hand."""
    out = []
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


def _classify(hand, showdown: Showdown, settlement: Settlement, exp: dict[int, int], rec: dict[int, int],
              in_pot: set[int], pot: int | None, run: int | None, high_only: Settlement | None,
              hand_gap: int) -> tuple[FindingKind, str]:
    where = "the hand" if pot is None else ("the main pot" if pot == 0 else f"side pot {pot}")
    if run is not None:
        where += f", run {run}"
    gap = sum(rec.values()) - sum(exp.values())
    house = sum(a.house for a in settlement.pots if pot is None or a.index == pot)
    if house and 0 < gap <= house and showdown.policy.cash_out_model == "house_takes_share":
        return FindingKind.CASH_OUT, (
            f"a cashed-out seat's share of {where} ({_money(hand, house)}) belongs to the house, "
            f"yet {_money(hand, gap)} of it was paid to a seat")
    # a seat contesting the pot but not among its winners was paid: whatever else is
    # wrong with this pot's money, that comes first (contracts.md order)
    intruders = sorted(s for s, a in rec.items() if a > exp.get(s, 0) and not exp.get(s) and s in in_pot)
    if intruders and gap != 0:
        return FindingKind.WRONG_WINNER, (
            f"{where} was paid to seat {', '.join(map(str, intruders))}, which did not win it "
            f"(and {_money(hand, abs(gap))} {'more' if gap > 0 else 'less'} than the rules pay)")
    if gap != 0:
        uncalled = sum(settlement.uncalled.values())
        if uncalled and gap == -uncalled:
            return FindingKind.UNCALLED_BET, (
                f"{_money(hand, uncalled)} that nobody matched was neither returned nor paid in {where}")
        if hand["is_tournament"] and (hand["rake"] or 0) > 0:
            return FindingKind.RAKE, f"rake {_money(hand, hand['rake'])} taken in a tournament hand"
        if hand_gap == 0:
            return FindingKind.SIDE_POT, f"money paid from {where} belongs to another pot"
        return FindingKind.NOT_CONSERVED, (
            f"{where}: paid {_money(hand, sum(rec.values()))}, the rules pay {_money(hand, sum(exp.values()))} "
            f"(put in {_money(hand, hand['pot_total'])}, rake and fees {_money(hand, settlement.rake)})")
    outsiders = sorted(s for s, a in rec.items() if a > 0 and s not in in_pot)
    if outsiders:
        return FindingKind.SIDE_POT, (
            f"seat {', '.join(map(str, outsiders))} paid from {where}, which it did not contest")
    cashed = sorted(s for s, a in rec.items() if a > exp.get(s, 0) and _cashed(showdown, s)
                    and showdown.policy.cash_out_model == "house_takes_share")
    if cashed or (settlement.house and any(a > exp.get(s, 0) for s, a in rec.items())):
        return FindingKind.CASH_OUT, (
            f"a cashed-out seat's share of {where} ({_money(hand, settlement.house)}) belongs to the house, "
            "not to another seat")
    if high_only is not None:
        scoop = _pot_payouts(high_only, pot, run)
        if rec == scoop and scoop != exp:
            return FindingKind.MISSED_LOW, f"{where} was paid as if no low qualified; a qualifying low was not paid"
    split_here = any(len(r.halves) == 2 for a in settlement.pots if pot is None or a.index == pot
                     for r in a.runs if run is None or r.run == run)
    if hand["game"] in HIGH_ONLY and not split_here:
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
        f"{where} was paid to seat {', '.join(map(str, sorted(winners_rec)))}; the rules pay seat "
        f"{', '.join(map(str, sorted(winners_exp)))}")


def audit_showdown(hand: Mapping[str, Any], seats: list[Mapping[str, Any]],
                   payouts: list[Mapping[str, Any]], policy: Policy,
                   strengths: Mapping[tuple[int, int, int], Any] | None = None) -> HandAudit:
    """Settle one showdown hand and compare; never raises for bad data (unverifiable).

    ``strengths``: hand strengths evaluated in bulk (``rules.bulk``), keyed
    ``(seat, run index, half index)``; without them each hand is evaluated here.
    """
    if hand["game"] not in _GAME_VALUES:
        return HandAudit(Verdict.UNVERIFIABLE, f"game {hand['game']} is not evaluated yet")
    findings: list[dict] = []
    if hand["is_tournament"] and (hand["rake"] or 0) > 0:
        findings.append(_finding(hand, FindingKind.RAKE, seat=None, recorded=hand["rake"], expected=0,
                                 detail="rake taken in a tournament hand"))
    candidates = _rake_candidates(hand, seats, payouts, policy)
    best: tuple[list[dict], Settlement, Showdown, str | None] | None = None
    for label, rake in candidates:
        try:
            showdown = build_showdown(hand, seats, payouts, policy, rake, strengths)
            settlement = settle(showdown)
        except SettlementInputError as exc:
            return HandAudit(Verdict.UNVERIFIABLE, str(exc))
        diffs = compare(hand, seats, payouts, settlement, showdown)
        if best is None or len(diffs) < len(best[0]):
            best = (diffs, settlement, showdown, label)
        if not diffs:
            break
    assert best is not None
    diffs, settlement, showdown, label = best
    findings.extend(diffs)
    expected = {s: a for s, a in settlement.payouts.items()}
    recorded: dict[int, int] = defaultdict(int)
    for p in payouts:
        if p["source"] == PayoutSource.POT:
            recorded[p["seat"]] += p["amount"]
    detail = None
    if label and len(candidates) > 1 and not diffs:
        detail = f"rake allocation unknown for this platform; {label} explains the payouts"
    if _relative(hand) and hand["pot_total"] > 0 and not any(
            p["amount"] for p in payouts if p["source"] == PayoutSource.POT):
        findings.append(_finding(hand, FindingKind.NOT_CONSERVED, seat=None, recorded=0,
                                 expected=hand["pot_total"],
                                 detail="no pay line at all: nobody was paid from the pot (no rake is printed)"))
    if findings:
        verdict, reason = Verdict.FINDINGS, None
    elif label == IMPLIED_ALLOCATION:
        verdict, reason = Verdict.RELATIVE_ONLY, (
            "rake allocation between pots unknown for this platform: only the split inside each pot "
            "was checked, with the per-pot rake the payouts imply")
    elif _relative(hand):
        verdict, reason = Verdict.RELATIVE_ONLY, _RELATIVE_REASON
    else:
        verdict, reason = Verdict.CLEAN, None
    return HandAudit(verdict, reason or detail, findings, settlement, showdown, expected, dict(recorded), detail)


def _rake_candidates(hand, seats, payouts, policy: Policy) -> list[tuple[str | None, int | tuple[int, ...]]]:
    """Per-pot deductions to try: the printed ones, or where only a total is known for
    several pots and the profile's allocation is unconfirmed, every allocation."""
    deduction = hand_deduction(hand, seats, payouts)
    if not isinstance(deduction, int) or deduction == 0:
        return [(None, deduction)]
    if "rake_allocation" not in policy.unconfirmed and not _relative(hand):
        return [(None, deduction)]
    pots = hand_pots(seats)
    if len(pots) < 2:
        return [(None, deduction)]
    out: list[tuple[str | None, int | tuple[int, ...]]] = []
    seen = set()
    for allocation in (policy.rake_allocation, "main_first_cumulative", "main_only", "pro_rata", "largest_pot"):
        try:
            per_pot = allocate_rake(pots, deduction, "main_first_cumulative" if allocation == "use_printed_net"
                                    else allocation)
        except ValueError:
            continue
        if per_pot not in seen:
            seen.add(per_pot)
            out.append((f"rake_allocation={allocation}", per_pot))
    implied = _implied_deductions(hand, seats, payouts, policy, pots, deduction)
    if implied is not None and implied not in seen:
        out.append((IMPLIED_ALLOCATION, implied))
    return out or [(None, deduction)]


def _implied_deductions(hand, seats, payouts, policy: Policy, pots, deduction: int) -> tuple[int, ...] | None:
    """Per-pot deductions read off the payouts, where each pot's payments can be told
    apart (pots labelled, or each pot won by seats that win no other pot). Only the
    split inside each pot is then checked, not how the rake was shared between pots."""
    rows = [p for p in payouts if p["source"] == PayoutSource.POT]
    if all(r["pot"] is not None for r in rows) and rows:
        paid = [sum(r["amount"] for r in rows if r["pot"] == pot.index) for pot in pots]
    else:
        try:
            zero = settle(build_showdown(hand, seats, payouts, policy, 0))
        except SettlementInputError:
            return None
        if zero.uncalled:
            return None
        winners = [{s for r in a.runs for h in r.halves for s, amt in h.awards if amt} for a in zero.pots]
        if any(winners[i] & winners[j] for i in range(len(winners)) for j in range(i + 1, len(winners))):
            return None
        paid = [sum(r["amount"] for r in rows if r["seat"] in w) for w in winners]
    implied = tuple(pot.amount - amount for pot, amount in zip(pots, paid))
    if any(d < 0 for d in implied) or sum(implied) != deduction:
        return None
    return implied


# ----------------------------------------------------------------------------- bulk path


def audit_uncontested(hands: pl.DataFrame, live: pl.DataFrame, recorded: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Hands with one seat left, in bulk: (verdict rows, finding rows)."""
    h = hands.join(live.select("hand_key", pl.col("seat").alias("winner")), on="hand_key")
    deduction = (pl.when(pl.col("is_tournament") & pl.col("rake").is_null()).then(0)
                 .otherwise(pl.col("rake")) + pl.col("fees"))
    h = h.with_columns(expected_net=pl.col("pot_total") - deduction - pl.col("house_retained"),
                       relative=(pl.col("rake_source") != RakeSource.PRINTED.value) & ~pl.col("is_tournament"))
    per_seat = recorded.join(h.select("hand_key", "winner"), on="hand_key")
    # a seat other than the last one standing was paid from the pot
    wrong = per_seat.filter((pl.col("seat") != pl.col("winner")) & (pl.col("amount") > 0))
    winner_paid = h.join(per_seat.filter(pl.col("seat") == pl.col("winner")).select("hand_key", "amount"),
                         on="hand_key", how="left").with_columns(pl.col("amount").fill_null(0))
    others_paid = wrong.group_by("hand_key").agg(pl.col("amount").sum().alias("others"))
    winner_paid = winner_paid.join(others_paid, on="hand_key", how="left").with_columns(pl.col("others").fill_null(0))
    base_cols = ["hand_key", "hand_id", "platform", "game", "amount_scale", "currency"]
    f_wrong = wrong.join(h.select(*base_cols, "expected_net"), on="hand_key").select(
        *base_cols, pl.col("seat").cast(pl.Int32), pl.lit(None, pl.Int32).alias("pot"),
        pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("amount").alias("recorded"), pl.lit(0, pl.Int64).alias("expected"),
        pl.lit(FindingKind.WRONG_WINNER.value).alias("kind"),
        pl.format("uncontested pot paid to seat {} instead of the last seat standing, seat {}",
                  pl.col("seat"), pl.col("winner")).alias("detail"))
    tour_rake = winner_paid.filter(pl.col("is_tournament") & (pl.col("rake").fill_null(0) > 0)).select(
        *base_cols, pl.lit(None, pl.Int32).alias("seat"), pl.lit(None, pl.Int32).alias("pot"),
        pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("rake").alias("recorded"), pl.lit(0, pl.Int64).alias("expected"),
        pl.lit(FindingKind.RAKE.value).alias("kind"), pl.lit("rake taken in a tournament hand").alias("detail"))
    # the winner's amount: exact where rake is printed; where it is not, it can be at most all put in
    wrong_amount = winner_paid.filter(
        ~(pl.col("is_tournament") & (pl.col("rake").fill_null(0) > 0))
        & (pl.when(pl.col("relative")).then((pl.col("amount") + pl.col("others") > pl.col("pot_total") - pl.col("fees"))
                                           | ((pl.col("amount") + pl.col("others") == 0) & (pl.col("pot_total") > 0)))
           .otherwise(pl.col("amount") + pl.col("others") != pl.col("expected_net")))
    ).select(
        *base_cols, pl.col("winner").cast(pl.Int32).alias("seat"), pl.lit(None, pl.Int32).alias("pot"),
        pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("amount").alias("recorded"),
        pl.when(pl.col("relative")).then(pl.col("pot_total") - pl.col("fees")).otherwise(pl.col("expected_net")).alias("expected"),
        pl.lit(FindingKind.NOT_CONSERVED.value).alias("kind"),
        pl.format("uncontested pot: put in {}, rake and fees {}, paid {}", money_expr(pl.col("pot_total")),
                  money_expr(deduction.fill_null(0)), money_expr(pl.col("amount") + pl.col("others"))).alias("detail"))
    findings = pl.concat([f_wrong, tour_rake, wrong_amount], how="vertical_relaxed")
    flagged = findings.select("hand_key").unique()
    verdicts = winner_paid.join(flagged.with_columns(pl.lit(True).alias("flag")), on="hand_key", how="left").select(
        "hand_key", "hand_id", "platform", "game",
        pl.when(pl.col("flag")).then(pl.lit(Verdict.FINDINGS.value))
        .when(pl.col("relative")).then(pl.lit(Verdict.RELATIVE_ONLY.value))
        .otherwise(pl.lit(Verdict.CLEAN.value)).alias("verdict"),
        pl.when(pl.col("flag").is_null() & pl.col("relative"))
        .then(pl.lit("rake not printed: only who won was checked")).otherwise(pl.lit(None, pl.Utf8)).alias("reason"),
        "currency", "amount_scale", "is_tournament")
    return verdicts, findings


# ----------------------------------------------------------------------------- bulk showdowns


#: the texts ``rules.cards.parse_card`` accepts, in code order: an Enum's physical value is the code
_CARD_ENUM = pl.Enum([rank + suit for rank in RANKS for suit in SUITS])


@dataclass(frozen=True)
class _CardLists:
    """A list-of-cards column read once: each list's length, and per position whether a
    card text is there, whether it is a card, and its code."""

    length: np.ndarray
    present: np.ndarray
    parsed: np.ndarray
    codes: np.ndarray

    @classmethod
    def read(cls, cards: pl.Series, width: int) -> "_CardLists":
        present = np.zeros((len(cards), width), dtype=bool)
        parsed = np.zeros((len(cards), width), dtype=bool)
        codes = np.full((len(cards), width), -1, dtype=np.int64)
        for i in range(width):
            text = cards.list.get(i, null_on_oob=True)
            code = text.cast(_CARD_ENUM, strict=False).to_physical()
            present[:, i] = text.is_not_null().to_numpy()
            parsed[:, i] = code.is_not_null().to_numpy()
            codes[:, i] = code.fill_null(-1).to_numpy()
        return cls(cards.list.len().fill_null(0).to_numpy(), present, parsed, codes)

    def as_dealt(self, rows: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The lists of ``rows`` read as ``build_showdown`` reads a hand of ``width``
        cards: complete (exactly ``width`` cards, none unknown), holding a text that is
        not a card (settlement refuses it), and the codes (``-1`` unless complete)."""
        complete = (self.length[rows] == width) & self.present[rows, :width].all(axis=1)
        unparsed = complete & (self.present[rows, :width] & ~self.parsed[rows, :width]).any(axis=1)
        codes = np.where(complete[:, None], self.codes[rows, :width], -1)
        return complete, unparsed, codes


def audit_showdowns_bulk(hands: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                         resolve: PolicyResolver) -> pl.DataFrame:
    """Verdicts of the showdowns settled in bulk and paid exactly as the rules say.

    ``hands`` are hands with two or more seats left (the lake's columns); ``seats`` and
    ``payouts`` may hold other hands' rows too (``seats`` with ``dead``). A hand gets a
    verdict here only when ``rules.bulk.settle_simple`` settles it (one board, no seat
    cashed out, no dead money; see there) from the showdown ``build_showdown`` would
    build, ``audit_showdown`` would try a single rake deduction for it (``hand_deduction``
    per pot or in total), and the payout lines match that settlement at every level
    ``compare`` compares (per pot where the platform labels pots, else per seat): then
    ``audit_showdown`` finds no difference, and the verdict is the one it gives
    (``clean``, or ``relative_only`` where the rake was not printed). Every other hand is
    left to ``audit_showdown``.
    """
    empty = pl.DataFrame(schema=VERDICT_COLUMNS)
    if hands.height == 0:
        return empty
    index = hands.select("hand_key").with_row_index("_h")
    pot_rows = (payouts.filter(pl.col("source") == PayoutSource.POT.value).join(index, on="hand_key")
                .select("_h", "seat", "amount", "pot"))
    unreadable = pot_rows.filter(pl.col("seat").is_null() | pl.col("amount").is_null()).select("_h").unique()
    # compare() labels money by pot when every line names a pot (and the pots exist)
    labels = pot_rows.group_by("_h").agg(
        pl.col("pot").is_null().any().not_().alias("_labelled"), pl.col("pot").max().alias("_top_label"),
        pl.col("amount").sum().alias("paid_total"))
    fees = pl.col("fees").fill_null(0)
    tournament = pl.col("is_tournament").fill_null(False)
    unpaid = pl.col("pot_total") - pl.col("paid_total") - pl.col("house_retained")
    frame = (hands.with_row_index("_h")
             .join(unreadable, on="_h", how="anti")
             .join(labels, on="_h", how="left")
             .with_columns(pl.col("paid_total").fill_null(0), pl.col("_labelled").fill_null(False))
             .filter(~(tournament & (pl.col("rake").fill_null(0) > 0)))
             .filter(pl.col("boards").list.len() == 1)
             .with_columns(
                 deduction=pl.when(tournament & pl.col("rake").is_null()).then(fees)
                 .when(pl.col("rake").is_null())
                 .then(pl.max_horizontal(pl.lit(0), unpaid))
                 .otherwise(pl.col("rake") + fees),
                 # hand_deduction's per-pot amounts are possible (the pot count decides)
                 per_pot_printed=pl.col("rake").is_not_null() & ~(tournament & pl.col("rake").is_null())
                 & pl.col("pots_printed_net").fill_null(False)
                 & (pl.col("pots_printed").list.len() > 1).fill_null(False),
                 relative=(pl.col("rake_source").fill_null("") != RakeSource.PRINTED.value) & ~tournament)
             .filter(pl.col("deduction").is_not_null())
             # nobody paid where no rake is printed: audit_showdown reports it
             .filter(~(pl.col("relative") & (pl.col("paid_total") == 0) & (pl.col("pot_total") > 0)))
             .sort("_h"))
    frame = frame.filter(pl.col("game").is_in([g for g in _GAME_VALUES if bulk_settles(g)]))
    if frame.height == 0:
        return empty
    live = pl.col("dealt_in").fill_null(False) & pl.col("folded_street").is_null()
    seat_rows = (seats.filter(live | (pl.col("contributed").fill_null(0) != 0))
                 .join(frame.select("hand_key", "_h"), on="hand_key")
                 .with_columns(_live=live)
                 .sort("_h"))
    seat = seat_rows["seat"].fill_null(0).cast(pl.Int64).to_numpy()
    row_hand = seat_rows["_h"].cast(pl.Int64).to_numpy()
    paid_rows = pot_rows.filter(pl.col("amount") > 0)
    rows = {
        "hand": row_hand, "seat": seat,
        "contributed": seat_rows["contributed"].fill_null(-1).cast(pl.Int64).to_numpy(),
        "folded": ~seat_rows["_live"].to_numpy(),
        "mucked": seat_rows["mucked"].fill_null(False).to_numpy(),
        "showed": seat_rows["showed"].fill_null(False).to_numpy(),
        "cashed_out": seat_rows["cashed_out"].fill_null(False).to_numpy(),
        "dead": seat_rows["dead"].fill_null(0).cast(pl.Int64).to_numpy(),
        "paid": np.isin(row_hand * 2**32 + seat, paid_rows["_h"].cast(pl.Int64).to_numpy() * 2**32
                        + paid_rows["seat"].fill_null(0).cast(pl.Int64).to_numpy()),
    }
    widest = max(GAMES[g].hole_cards for g in frame["game"].unique().to_list())
    cards = _CardLists.read(seat_rows["cards"], widest)
    boards = _CardLists.read(frame["boards"].list.first(), 5)
    hand_numbers = frame["_h"].cast(pl.Int64).to_numpy()
    game_of, platform_of = frame["game"].to_numpy(), frame["platform"].to_numpy()
    verdicts = []
    for game, platform in sorted(set(zip(game_of.tolist(), platform_of.tolist()))):
        chosen = np.flatnonzero((game_of == game) & (platform_of == platform))
        everything = chosen.size == frame.height
        group_rows = (np.arange(row_hand.size) if everything
                      else np.flatnonzero(np.isin(row_hand, hand_numbers[chosen])))
        verdicts.append(_bulk_group(frame if everything else frame[chosen], rows, group_rows, cards,
                                    boards.as_dealt(chosen, 5), pot_rows, GAMES[game], resolve(platform)))
    verdicts = [v for v in verdicts if v.height]
    return pl.concat(verdicts) if verdicts else empty


def _printed_pot_rakes(hands: pl.DataFrame, pots: BulkPots) -> tuple[np.ndarray, np.ndarray]:
    """``hand_deduction``'s per-pot rake where it applies: the pots the contributions make
    are as many as the printed net pots, each net at most its pot, and the differences
    add up to the rake and fees. Returns (per pot of ``pots``, which hands)."""
    per_pot = np.zeros(len(pots.hand), dtype=np.int64)
    printed = hands["pots_printed"]
    candidates = (hands["per_pot_printed"].to_numpy()
                  & (printed.list.len().fill_null(0).to_numpy() == pots.count)
                  & (printed.list.eval(pl.element().is_null()).list.any().fill_null(True).not_().to_numpy()))
    chosen = np.flatnonzero(candidates)
    if not chosen.size:
        return per_pot, candidates
    nets = printed.gather(chosen).explode().to_numpy().astype(np.int64)
    first = pots.first()
    span = np.repeat(first[chosen], pots.count[chosen]) + (
        np.arange(nets.size) - np.repeat(np.cumsum(pots.count[chosen]) - pots.count[chosen], pots.count[chosen]))
    charges = pots.amount[span] - nets
    owner = np.repeat(np.arange(chosen.size), pots.count[chosen])
    negative = np.zeros(chosen.size, dtype=bool)
    np.logical_or.at(negative, owner, charges < 0)
    totals = np.zeros(chosen.size, dtype=np.int64)
    np.add.at(totals, owner, charges)
    wanted = (hands["rake"].fill_null(0) + hands["fees"].fill_null(0)).to_numpy()[chosen]
    given = np.zeros(hands.height, dtype=bool)
    given[chosen] = ~negative & (totals == wanted)
    per_pot[span] = np.where(given[chosen][owner], charges, 0)
    return per_pot, given


def _bulk_group(hands: pl.DataFrame, rows: dict[str, np.ndarray], chosen: np.ndarray, cards: _CardLists,
                boards: tuple[np.ndarray, np.ndarray, np.ndarray], pot_rows: pl.DataFrame, spec,
                policy: Policy) -> pl.DataFrame:
    """One game under one policy: settle in bulk, keep the hands paid exactly so.

    ``hands`` are sorted by the hand number ``_h``; ``chosen`` are the positions, in
    ``rows`` (every showdown seat, sorted by ``_h``), of these hands' seats."""
    hand_numbers = hands["_h"].cast(pl.Int64).to_numpy()
    h = hands.height
    counts = np.bincount(np.searchsorted(hand_numbers, rows["hand"][chosen]), minlength=h)
    starts = np.concatenate([[0], np.cumsum(counts)])
    board_complete, board_unparsed, board_codes = boards
    board_codes = np.where((board_complete & ~board_unparsed)[:, None], board_codes, -1)  # settle() refuses these
    complete, unparsed, hole_codes = cards.as_dealt(chosen, spec.hole_cards)
    hole_codes[unparsed] = 99  # a text that is not a card: settle() refuses the hand, so leave it to settle()
    seat = rows["seat"][chosen]
    paid = rows["paid"][chosen]
    contributed = rows["contributed"][chosen]
    folded = rows["folded"][chosen]
    pots = bulk_pots(starts, contributed, folded)
    pot_rake, pot_rake_given = _printed_pot_rakes(hands, pots)
    deduction = hands["deduction"].to_numpy()
    # several rake allocations to try (audit_showdown's _rake_candidates): one by one
    tries_allocations = ((deduction != 0) & (pots.count >= 2) & ~pot_rake_given
                         & (("rake_allocation" in policy.unconfirmed) | hands["relative"].to_numpy()))
    batch = ShowdownBatch(
        game=spec.game.value, policy=policy, starts=starts, boards=board_codes,
        rake=deduction, unit=_units(hands, policy),
        button=hands["button_seat"].fill_null(0).to_numpy(),
        has_button=hands["button_seat"].is_not_null().to_numpy(),
        seat=seat, contributed=contributed, folded=folded,
        # build_showdown: a seat still in concedes when it mucked, or never showed its
        # cards, unless the history pays it from a pot
        mucked=(rows["mucked"][chosen] | (~folded & ~complete)) & ~paid,
        cashed_out=rows["cashed_out"][chosen],
        dead=np.minimum(rows["dead"][chosen], np.maximum(contributed, 0)),
        cards=hole_codes, pot_rake=pot_rake, pot_rake_given=pot_rake_given,
    )
    result = settle_simple(batch)
    # a seat still in that showed more cards than the game deals, or whose shown cards are
    # not recorded: build_showdown refuses the hand (unverifiable), so it is not settled here
    length = cards.length[chosen]
    unknown = (length == 0) | (cards.present[chosen].sum(axis=1) < np.minimum(length, cards.present.shape[1]))
    miscounted = ~folded & rows["showed"][chosen] & ((length > spec.hole_cards) | unknown)
    hand_of_row = np.repeat(np.arange(h), counts)
    refused = np.zeros(h, dtype=bool)
    np.logical_or.at(refused, hand_of_row, miscounted)
    settled = result.settled & ~tries_allocations & ~refused
    if not settled.any():
        return pl.DataFrame(schema=VERDICT_COLUMNS)
    # compare(): money per (pot, seat) where every line names an existing pot, else per seat
    by_pot = (hands["_labelled"].to_numpy() & ~hands["per_seat_only"].fill_null(False).to_numpy()
              & (hands["_top_label"].fill_null(-1).to_numpy() < result.pot_count))
    uncalled_rows = np.flatnonzero(result.uncalled != 0)
    award_rows = np.concatenate([result.award_row, uncalled_rows])
    award_hand = hand_of_row[award_rows]
    expected = pl.DataFrame({
        "_h": hand_numbers[award_hand],
        "_pot": np.where(by_pot[award_hand], np.concatenate([result.award_pot, np.zeros(uncalled_rows.size,
                                                                                          dtype=np.int64)]), -1),
        "seat": seat[award_rows],
        "expected": np.concatenate([result.award_amount, result.uncalled[uncalled_rows]]).astype(np.int64),
    }).group_by("_h", "_pot", "seat").agg(pl.col("expected").sum())
    settled_hands = pl.DataFrame({"_h": hand_numbers[settled], "_by_pot": by_pot[settled]})
    recorded = (pot_rows.join(settled_hands, on="_h")
                .select("_h", pl.when(pl.col("_by_pot")).then(pl.col("pot").cast(pl.Int64))
                        .otherwise(-1).alias("_pot"), pl.col("seat").cast(pl.Int64), "amount")
                .group_by("_h", "_pot", "seat").agg(pl.col("amount").sum().alias("recorded")))
    differs = (expected.join(recorded, on=["_h", "_pot", "seat"], how="full", coalesce=True)
               .filter(pl.col("expected").fill_null(0) != pl.col("recorded").fill_null(0))
               .select("_h").unique())
    clean = hands.filter(pl.Series(settled)).join(differs, on="_h", how="anti")
    return clean.select(
        "hand_key", "hand_id", "platform", "game",
        pl.when(pl.col("relative")).then(pl.lit(Verdict.RELATIVE_ONLY.value))
        .otherwise(pl.lit(Verdict.CLEAN.value)).alias("verdict"),
        pl.when(pl.col("relative")).then(pl.lit(_RELATIVE_REASON)).otherwise(pl.lit(None, pl.Utf8)).alias("reason"),
        pl.lit(policy.name).alias("policy"), "currency", "amount_scale", "is_tournament",
    ).cast(VERDICT_COLUMNS)


def _units(hands: pl.DataFrame, policy: Policy) -> np.ndarray:
    """``unit_for`` of every hand, as an array."""
    if policy.fixed_unit:
        return np.full(hands.height, policy.fixed_unit, dtype=np.int64)
    if policy.unit == "blind_unit":
        small = np.abs(hands["small_blind"].fill_null(0).to_numpy().astype(np.int64))
        big = np.abs(hands["big_blind"].fill_null(0).to_numpy().astype(np.int64))
        unit = np.gcd(small, big)
        return np.where(unit == 0, 1, unit)
    if policy.unit == "tournament_chip":
        return hands["amount_scale"].fill_null(1).cast(pl.Int64).to_numpy()
    return np.ones(hands.height, dtype=np.int64)
