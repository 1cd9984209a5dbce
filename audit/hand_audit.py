"""The audit of one hand: ``audit_hand``, the reference every faster path is held to.

It returns every finding the audit makes, for one hand's rows:

* **the pot's money**: with two or more seats left, the showdown settled and compared
  with the pay lines (``audit.showdown_audit``; the kinds are ``audit.payout_differences``');
  with one seat left, the last seat standing gets everything put in less rake and fees
  (``wrong_winner`` for another seat paid, ``not_conserved`` for a wrong amount or, where
  no rake is printed, a pot paid to nobody or more than was put in);
* **rake in a tournament hand** (``rake``);
* **returns of "uncalled" bets the betting does not allow** (``uncalled_bet``): only the
  largest bettor gets back what the second largest did not match (dead money never
  counts); contributions in the lake are after returns, so a wrong return would
  otherwise shrink the pot the rules split, and the payout that went with it, out of sight;
* **contradictions** of the history with itself (``hands.contradictions``,
  ``history_inconsistent``): the pay lines are what was paid (``recorded``), the
  contradicting part of the history is ``expected``;
* **rake from a hand that ended before the flop** (``rake``) where the policy says
  ``no_flop_no_drop`` (PokerStars: rules.md §2.1).

* **rake above the platform's published schedule** (``rake``, naming the rule:
  ``audit.rake_check``), where a schedule covers the hand's platform, date and stakes.

Any finding beyond the pot's makes the verdict ``findings`` unless the hand cannot be
checked at all (``unverifiable`` stays, with its reason).

``audit.bulk_showdowns`` and ``audit.bulk_findings`` compute the same (``audit_uncontested``,
``contradiction_findings``, ``uncalled_return_findings``, ``no_flop_rake_findings``) for a whole lake
at once; ``tests/test_hand_audit.py`` holds them to this, hand by hand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace

from audit.findings import Finding, HandAudit, finding, finding_order, money_text
from audit.hand_rows import HandRow, HandRows, PayoutRow, SeatRow
from audit.rake_check import schedule_rake_findings
from audit.showdown_audit import audit_showdown
from audit.showdown_from_rows import Strengths, game_of, relative_only
from rules.odd_chip import Policy
from rules.rake import RakeSchedule
from rules.rake_toml import shipped_schedules
from rules.vocab import ActionKind, FindingKind, Verdict

NO_SEAT_LEFT = "no seat was left in the hand"
UNCONTESTED_RELATIVE_REASON = "rake not printed: only who won was checked"
NO_FLOP_DETAIL = "rake taken from a hand that ended before the flop (no flop, no drop)"
TOURNAMENT_RAKE_DETAIL = "rake taken in a tournament hand"


def audit_hand(rows: HandRows, policy: Policy, strengths: Strengths | None = None,
               schedules: Sequence[RakeSchedule] | None = None) -> HandAudit:
    """Every finding of one hand under ``policy``, its verdict, and its settlement.

    ``strengths`` (hand strengths evaluated in bulk, as ``audit_showdown`` takes them)
    only save time: without them every hand is evaluated here, with the cards used.
    ``schedules`` are the rake schedules the rake is checked against (default: the
    shipped ones; ``audit.rake_check``).
    """
    live = rows.live
    if not live:
        pot = HandAudit(Verdict.UNVERIFIABLE, NO_SEAT_LEFT)
    elif len(live) == 1:
        pot = audit_uncontested_hand(rows.hand, live[0], rows.seats, rows.payouts)
    else:
        pot = audit_showdown(rows.hand, rows.seats, rows.payouts, policy, strengths)
    beside = [*hand_contradictions(rows), *hand_uncalled_returns(rows), *hand_no_flop_rake(rows, policy)]
    beside += schedule_rake_findings(rows, shipped_schedules() if schedules is None else schedules, beside)
    findings = tuple(sorted([*pot.findings, *beside], key=finding_order))
    if not beside or pot.verdict == Verdict.UNVERIFIABLE:
        return replace(pot, findings=findings)
    return replace(pot, verdict=Verdict.FINDINGS, reason=None, findings=findings)


def _players(seats: Sequence[SeatRow]) -> dict[int, str]:
    return {s.seat: s.player for s in seats}


def _paid_from_pots(payouts: Sequence[PayoutRow]) -> dict[int, int]:
    paid: dict[int, int] = defaultdict(int)
    for p in payouts:
        if p.from_pot:
            paid[p.seat] += p.amount
    return dict(paid)


def audit_uncontested_hand(hand: HandRow, winner: SeatRow, seats: Sequence[SeatRow],
                      payouts: Sequence[PayoutRow]) -> HandAudit:
    """One seat left: it gets everything put in less rake and fees (house shares aside).

    Where no rake is printed, only that nobody else was paid, that somebody was, and that
    no more than was put in (less fees) was paid, can be checked."""
    players = _players(seats)
    recorded = _paid_from_pots(payouts)
    relative = relative_only(hand)
    deduction = None if hand.rake is None and not hand.is_tournament else (hand.rake or 0) + hand.fees
    expected_net = None if deduction is None else hand.pot_total - deduction - hand.house_retained
    findings: list[Finding] = []
    others = 0
    for seat, amount in recorded.items():
        if seat != winner.seat and amount > 0:
            others += amount
            findings.append(finding(
                hand, FindingKind.WRONG_WINNER, seat=seat, recorded=amount, expected=0, players=players,
                detail=f"uncontested pot paid to seat {seat} instead of the last seat standing, seat {winner.seat}"))
    amount = recorded.get(winner.seat, 0)
    paid = amount + others
    tournament_rake = hand.is_tournament and (hand.rake or 0) > 0
    if tournament_rake:
        findings.append(finding(hand, FindingKind.RAKE, seat=None, recorded=hand.rake or 0, expected=0,
                                detail=TOURNAMENT_RAKE_DETAIL))
    if relative:
        wrong_total = paid > hand.pot_total - hand.fees or (paid == 0 and hand.pot_total > 0)
        wanted = hand.pot_total - hand.fees
    else:
        wrong_total = expected_net is not None and paid != expected_net
        wanted = expected_net or 0
    if wrong_total and not tournament_rake:
        findings.append(finding(
            hand, FindingKind.NOT_CONSERVED, seat=winner.seat, recorded=amount, expected=wanted, players=players,
            detail=(f"uncontested pot: put in {money_text(hand, hand.pot_total)}, rake and fees "
                    f"{money_text(hand, deduction or 0)}, paid {money_text(hand, paid)}")))
    if findings:
        verdict, reason = Verdict.FINDINGS, None
    elif relative:
        verdict, reason = Verdict.RELATIVE_ONLY, UNCONTESTED_RELATIVE_REASON
    else:
        verdict, reason = Verdict.CLEAN, None
    net = hand.pot_total - (hand.rake or 0) - hand.fees - hand.house_retained
    return HandAudit(verdict, reason, tuple(findings), expected={winner.seat: net}, recorded=recorded)


def hand_contradictions(rows: HandRows) -> list[Finding]:
    """One ``history_inconsistent`` finding per place the history contradicts itself."""
    players = _players(rows.seats)
    return [finding(rows.hand, FindingKind.HISTORY_INCONSISTENT, seat=c.seat, recorded=c.recorded or 0,
                    expected=c.stated or 0, detail=c.message, players=players)
            for c in rows.hand.contradictions]


def hand_uncalled_returns(rows: HandRows) -> list[Finding]:
    """Returns of "uncalled" bets beyond what the seat's bet left unmatched."""
    returns = [a for a in rows.actions if a.kind == ActionKind.UNCALLED_RETURN]
    if not returns:
        return []
    returned: dict[int | None, int] = defaultdict(int)
    for a in returns:
        returned[a.seat] += a.amount or 0
    bets = {s.seat: s.contributed + returned.get(s.seat, 0) - s.dead for s in rows.seats}
    if not bets:
        return []
    ranked = sorted(bets.values(), reverse=True)
    top, second = ranked[0], (ranked[1] if len(ranked) > 1 else 0)
    players = _players(rows.seats)
    out = []
    for seat in rows.seats:
        allowed = top - second if bets[seat.seat] == top and ranked.count(top) == 1 else 0
        back = returned.get(seat.seat, 0)
        if back > allowed:
            out.append(finding(rows.hand, FindingKind.UNCALLED_BET, seat=seat.seat, recorded=back, expected=allowed,
                               players=players,
                               detail=(f"returned {money_text(rows.hand, back)} as uncalled, but the betting "
                                       f"leaves only {money_text(rows.hand, allowed)} unmatched for this seat")))
    return out


def hand_no_flop_rake(rows: HandRows, policy: Policy) -> list[Finding]:
    """Rake from a board-game hand that ended before the flop, where the policy says
    ``no_flop_no_drop``."""
    hand = rows.hand
    spec = game_of(hand)
    if not policy.no_flop_no_drop or spec is None or not spec.board_cards or (hand.rake or 0) <= 0:
        return []
    if hand.boards and len(hand.boards[0]) >= 3:
        return []
    return [finding(hand, FindingKind.RAKE, seat=None, recorded=hand.rake or 0, expected=0, detail=NO_FLOP_DETAIL)]


def accepted(audit: HandAudit, accept: Mapping[tuple[str, str], str] | None) -> tuple[Finding, ...]:
    """The hand's findings marked as the accept file says."""
    return tuple(f.accept(accept) for f in audit.findings)
