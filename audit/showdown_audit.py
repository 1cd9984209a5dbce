"""One showdown settled and compared with its pay lines (``audit_showdown``).

The rake is taken off as the platform printed it; where it printed only a total for
several pots and the profile does not confirm how it shares rake between pots (or no
rake is printed), every allocation is tried and the one that explains the payouts best
is kept. Where the profile's odd-chip unit is the smallest chip in play, which no
history prints, and the odd units alone differ, a larger unit that every amount of the
hand is counted in may explain the split (``_coarser_unit``). Where the platform's
ranking of the game is not known for certain (``rules.games.UNSETTLED_RANKINGS``), the
hand is settled under each ranking it may use: where they all conclude the same, the
verdict is as usual; where they do not, the hand is ``unverifiable`` and its reason
names each ranking and what it pays (``RANKINGS_DISAGREE``). This is the showdown part
of ``audit.hand_audit.audit_hand``, and what the lake-wide audit runs for the showdowns
that ``audit.bulk_showdowns`` does not settle.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace

from audit.findings import Finding, HandAudit, RankingTrial, finding, money_text
from audit.hand_rows import HandRow, PayoutRow, SeatRow
from audit.payout_differences import compare, unconfirmed_tie_orders
from audit.showdown_from_rows import (
    Strengths,
    amounts_in_play,
    build_showdown,
    game_of,
    hand_deduction,
    hand_pots,
    relative_only,
)
from rules.games import UnsettledRanking, unsettled_ranking
from rules.odd_chip import Policy, RakeAllocation, UnitSymbol, coarser_units
from rules.pots import Pot, allocate_rake
from rules.settle import Settlement, SettlementInputError, Showdown, settle
from rules.vocab import FindingKind, Verdict

#: the rake-allocation label of per-pot deductions read off the payouts themselves
IMPLIED_ALLOCATION = "the per-pot rake implied by the payouts"
RELATIVE_REASON = "rake not printed: only who won what share was checked"
_IMPLIED_REASON = ("rake allocation between pots unknown for this platform: only the split inside each pot "
                   "was checked, with the per-pot rake the payouts imply")
#: the reason of a hand that the rankings its platform may use pay differently
RANKINGS_DISAGREE = ("{platform}'s ranking of {game} is not known for certain (rules.games.UNSETTLED_RANKINGS), "
                     "and the rankings it may use pay this hand differently: {each}; the history pays {paid}")
Deduction = int | tuple[int, ...]


def audit_showdown(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow], policy: Policy,
                   strengths: Strengths | None = None) -> HandAudit:
    """Settle one showdown hand and compare; never raises for bad data (unverifiable).

    ``strengths``: hand strengths evaluated in bulk (``rules.bulk``), keyed
    ``(seat, run index, half index)``; without them each hand is evaluated here. Where
    the platform's ranking of the game is in doubt (``rules.games.unsettled_ranking``),
    the hand is settled under each candidate ranking (``_audit_each_ranking``).
    """
    if game_of(hand) is None:
        return HandAudit(Verdict.UNVERIFIABLE, f"game {hand.game} is not evaluated yet")
    doubt = unsettled_ranking(hand.platform, hand.game)
    if doubt is not None:
        return _audit_each_ranking(doubt, hand, seats, payouts, policy, strengths)
    return _audit_as_dealt(hand, seats, payouts, policy, strengths)


def _audit_each_ranking(doubt: UnsettledRanking, hand: HandRow, seats: Sequence[SeatRow],
                        payouts: Sequence[PayoutRow], policy: Policy, strengths: Strengths | None) -> HandAudit:
    """The audit under every ranking the platform may use: the usual one where they all
    say the same (verdict, findings and what each seat is owed), else ``unverifiable``,
    naming each ranking and what it pays. ``strengths`` were evaluated under the recorded
    game only: every other candidate is evaluated here."""
    audits = {game.value: _audit_as_dealt(hand if game.value == hand.game else replace(hand, game=game.value),
                                          seats, payouts, policy, strengths if game.value == hand.game else None)
              for game in doubt.candidates}
    trials = tuple(RankingTrial(game, audit.verdict, _pot_awards(audit), len(audit.findings))
                   for game, audit in audits.items())
    usual = audits[hand.game]
    if all(_outcome(audit) == _outcome(usual) for audit in audits.values()):
        return replace(usual, rankings=trials)
    return HandAudit(Verdict.UNVERIFIABLE, rankings_reason(hand, trials, usual.recorded), recorded=usual.recorded,
                     rankings=trials)


def _outcome(audit: HandAudit) -> tuple[object, ...]:
    """What an audit concludes, whichever game it was settled as: its verdict, what each
    seat is owed, and each finding's money."""
    money = sorted((f.kind, f.seat or 0, f.pot or 0, f.run or 0, f.half or "", f.recorded, f.expected)
                   for f in audit.findings)
    return audit.verdict, sorted(audit.expected.items()), money


def _pot_awards(audit: HandAudit) -> dict[int, int]:
    """What the settlement pays each seat from the pots (uncalled returns aside)."""
    if audit.settlement is None:
        return {}
    paid = {seat: amount - audit.settlement.uncalled.get(seat, 0) for seat, amount in audit.settlement.payouts.items()}
    return {seat: amount for seat, amount in sorted(paid.items()) if amount}


def _pays_text(hand: HandRow, pays: Mapping[int, int]) -> str:
    paid = [f"seat {seat} {money_text(hand, amount)}" for seat, amount in sorted(pays.items()) if amount]
    return ", ".join(paid) or "nobody"


def rankings_reason(hand: HandRow, trials: Sequence[RankingTrial], recorded: Mapping[int, int]) -> str:
    """Why a hand whose candidate rankings disagree cannot be checked: each ranking and
    what it pays from the pots, and what the history paid.

    The form is ``RANKINGS_DISAGREE`` (``docs/findings.md``)."""
    each = "; ".join(f"{t.game} pays {_pays_text(hand, t.pays)}" for t in trials)
    return RANKINGS_DISAGREE.format(platform=hand.platform, game=hand.game, each=each,
                                    paid=_pays_text(hand, recorded))


def _audit_as_dealt(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow], policy: Policy,
                    strengths: Strengths | None) -> HandAudit:
    """The showdown settled as ``hand.game`` and compared with the pay lines."""
    findings: list[Finding] = []
    if hand.is_tournament and (hand.rake or 0) > 0:
        findings.append(finding(hand, FindingKind.RAKE, seat=None, recorded=hand.rake or 0, expected=0,
                                detail="rake taken in a tournament hand"))
    candidates = _rake_candidates(hand, seats, payouts, policy)
    best: tuple[list[Finding], Settlement, Showdown, str | None, Deduction] | None = None
    for label, rake in candidates:
        try:
            showdown = build_showdown(hand, seats, payouts, policy, rake, strengths)
            settlement = settle(showdown)
        except SettlementInputError as exc:
            return HandAudit(Verdict.UNVERIFIABLE, str(exc))
        diffs = compare(hand, seats, payouts, settlement, showdown)
        if best is None or len(diffs) < len(best[0]):
            best = (diffs, settlement, showdown, label, rake)
        if not diffs:
            break
    assert best is not None
    diffs, settlement, showdown, label, rake = best
    unit_note = None
    coarser = _coarser_unit(hand, seats, payouts, policy, rake, strengths, diffs, showdown)
    if coarser is not None:
        diffs, settlement, showdown = [], coarser[0], coarser[1]
        unit_note = (f"odd-chip unit the smallest chip in play: {money_text(hand, showdown.unit or 1)}, which every "
                     "amount of the hand is counted in, explains the payouts")
    diffs, set_aside = unconfirmed_tie_orders(diffs, settlement, policy)
    findings.extend(diffs)
    recorded: dict[int, int] = defaultdict(int)
    for p in payouts:
        if p.from_pot:
            recorded[p.seat] += p.amount
    detail = None
    if label and len(candidates) > 1 and not diffs:
        detail = f"rake allocation unknown for this platform; {label} explains the payouts"
    if unit_note:
        detail = f"{detail}; {unit_note}" if detail else unit_note
    if relative_only(hand) and hand.pot_total > 0 and not any(p.amount for p in payouts if p.from_pot):
        findings.append(finding(hand, FindingKind.NOT_CONSERVED, seat=None, recorded=0, expected=hand.pot_total,
                                detail="no pay line at all: nobody was paid from the pot (no rake is printed)"))
    if findings:
        verdict, reason = Verdict.FINDINGS, None
    elif label == IMPLIED_ALLOCATION:
        verdict, reason = Verdict.RELATIVE_ONLY, _IMPLIED_REASON
    elif relative_only(hand):
        verdict, reason = Verdict.RELATIVE_ONLY, RELATIVE_REASON
    else:
        verdict, reason = Verdict.CLEAN, None
    said = "; ".join(part for part in (reason or detail, set_aside) if part) or None
    return HandAudit(verdict, said, tuple(findings), settlement, showdown,
                     dict(settlement.payouts), dict(recorded), detail)


#: the differences an odd-chip unit can make: where a leftover unit went, or unequal shares
_UNIT_KINDS = frozenset({FindingKind.ODD_CHIP, FindingKind.TIE_SPLIT})


def _coarser_unit(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow], policy: Policy,
                  rake: Deduction, strengths: Strengths | None, diffs: Sequence[Finding],
                  showdown: Showdown) -> tuple[Settlement, Showdown] | None:
    """Where the profile's unit is the smallest chip in play (``denomination_in_play``),
    which a history does not print, and the only differences are where odd units went:
    the settlement with the smallest larger unit that every amount of the hand is counted
    in (``rules.odd_chip.coarser_units``) and that explains the payouts exactly, or None.
    Full Tilt split at $0.05/$0.10 in cents, at $0.25/$0.50 in $0.05 and at $1,000/$2,000
    in $0.50."""
    if not diffs or policy.unit is not UnitSymbol.DENOMINATION_IN_PLAY:
        return None
    if any(d.kind not in _UNIT_KINDS for d in diffs):
        return None
    for unit in coarser_units(amounts_in_play(hand, seats), showdown.unit or 1):
        try:
            trial = build_showdown(hand, seats, payouts, policy, rake, strengths, unit=unit)
            settlement = settle(trial)
        except SettlementInputError:
            return None
        if not compare(hand, seats, payouts, settlement, trial):
            return settlement, trial
    return None


def _rake_candidates(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow],
                     policy: Policy) -> list[tuple[str | None, Deduction]]:
    """Per-pot deductions to try: the printed ones, or where only a total is known for
    several pots and the profile's allocation is unconfirmed, every allocation."""
    deduction = hand_deduction(hand, seats, payouts)
    if not isinstance(deduction, int) or deduction == 0:
        return [(None, deduction)]
    if "rake_allocation" not in policy.unconfirmed and not relative_only(hand):
        return [(None, deduction)]
    pots = hand_pots(seats)
    if len(pots) < 2:
        return [(None, deduction)]
    out: list[tuple[str | None, Deduction]] = []
    seen = set()
    tried = (policy.rake_allocation, RakeAllocation.MAIN_FIRST_CUMULATIVE, RakeAllocation.MAIN_ONLY,
             RakeAllocation.PRO_RATA, RakeAllocation.LARGEST_POT)
    for allocation in tried:
        try:
            # nothing printed per pot: the printed-net rule falls back as settlement does
            per_pot = allocate_rake(pots, deduction, RakeAllocation.MAIN_FIRST_CUMULATIVE
                                    if allocation is RakeAllocation.USE_PRINTED_NET else allocation)
        except ValueError:
            continue
        if per_pot not in seen:
            seen.add(per_pot)
            out.append((f"rake_allocation={allocation}", per_pot))
    implied = _implied_deductions(hand, seats, payouts, policy, pots, deduction)
    if implied is not None and implied not in seen:
        out.append((IMPLIED_ALLOCATION, implied))
    return out or [(None, deduction)]


def _implied_deductions(hand: HandRow, seats: Sequence[SeatRow], payouts: Sequence[PayoutRow], policy: Policy,
                        pots: Sequence[Pot], deduction: int) -> tuple[int, ...] | None:
    """Per-pot deductions read off the payouts, where each pot's payments can be told
    apart (pots labelled, or each pot won by seats that win no other pot). Only the
    split inside each pot is then checked, not how the rake was shared between pots."""
    rows = [p for p in payouts if p.from_pot]
    if all(r.pot is not None for r in rows) and rows:
        paid = [sum(r.amount for r in rows if r.pot == pot.index) for pot in pots]
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
        paid = [sum(r.amount for r in rows if r.seat in w) for w in winners]
    implied = tuple(pot.amount - amount for pot, amount in zip(pots, paid, strict=True))
    if any(d < 0 for d in implied) or sum(implied) != deduction:
        return None
    return implied
