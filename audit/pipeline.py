"""Auditing a whole lake.

Returns frames and dicts; never prints. ``audit_lake`` is the whole comparison, lake-wide:
hands without a showdown and the findings beside the pot's money in bulk
(``audit.bulk_findings``), showdowns of the common shape in bulk (``audit.bulk_showdowns``),
every other showdown one by one (``audit.showdown_audit``), all held equal to the audit of
one hand, ``audit.hand_audit.audit_hand``. ``findings.parquet``,
``hands.parquet`` and ``manifest.json`` are written by ``audit.outputs``. One hand's
explanation is ``audit.explanation``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from audit.bulk_findings import (
    audit_uncontested,
    contradiction_findings,
    no_flop_rake_findings,
    uncalled_return_findings,
)
from audit.bulk_showdowns import audit_showdowns_bulk
from audit.findings import FINDING_SCHEMA, VERDICT_SCHEMA, Finding, findings_frame, order_findings, verdict_row
from audit.forked import in_order
from audit.hand_audit import NO_SEAT_LEFT
from audit.hand_rows import (
    AUDIT_PAYOUT_COLUMNS,
    HAND_COLUMNS,
    HandRow,
    PayoutRow,
    SeatRow,
    hand_row,
    hand_rows_of,
    read_seats,
)
from audit.lake import read_table, scan_table
from audit.outputs import AuditOutcome
from audit.policies import PolicyResolver
from audit.rake_check import candidates, schedule_rake_findings
from audit.showdown_audit import audit_showdown
from audit.showdown_from_rows import Strengths, strength_requests, strengths_by_hand
from rules.odd_chip import Policy
from rules.rake import RakeSchedule
from rules.rake_toml import shipped_schedules
from rules.vocab import FindingKind, PayoutSource, Verdict

#: showdowns audited one by one from which worker processes pay for their start
PARALLEL_FROM = 2000


def audit_lake(lake: Path, *, policy: str | None = None,
               accept: Mapping[tuple[str, str], str] | None = None,
               progress: Callable[[int, int], None] | None = None,
               bulk_showdowns: bool = True, workers: int | None = None,
               rake_schedules: Sequence[RakeSchedule] | None = None) -> AuditOutcome:
    """Audit every hand of the lake under each platform's policy (or ``policy`` for all).

    ``bulk_showdowns=False`` audits every showdown one by one (``audit_showdown``), the
    reference the bulk path (``audit_showdowns_bulk``) must agree with exactly. Showdowns
    audited one by one use ``workers`` processes (default: one per core) when there are
    at least ``PARALLEL_FROM`` of them. ``rake_schedules``: what the rake is checked
    against (default: the shipped schedules; ``audit.rake_check``).
    """
    resolve = PolicyResolver(policy)
    hands = read_table(lake, "hands", HAND_COLUMNS)
    seats = read_seats(lake)
    payouts = read_table(lake, "payouts", ["hand_key", *AUDIT_PAYOUT_COLUMNS])
    live = seats.filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
    live_count = live.group_by("hand_key").agg(pl.len().alias("n_live"))
    hands = hands.join(live_count, on="hand_key", how="left").with_columns(pl.col("n_live").fill_null(0))
    policy_names = {p: resolve(p).name for p in hands["platform"].unique().to_list()}

    uncontested_verdicts, uncontested_findings = _uncontested(hands, live, seats, payouts, policy_names)
    contested = hands.filter(pl.col("n_live") >= 2)
    settled = (audit_showdowns_bulk(contested, seats, payouts, resolve)
               if bulk_showdowns else pl.DataFrame(schema=VERDICT_SCHEMA))
    one_by_one = contested.join(settled.select("hand_key"), on="hand_key", how="anti")
    showdown_verdicts, showdown_findings = _showdowns_one_by_one(
        one_by_one, seats, payouts, resolve, workers,
        (lambda done: progress(settled.height + done, contested.height)) if progress else None)
    nobody_left = [verdict_row(hand_row(h), Verdict.UNVERIFIABLE, NO_SEAT_LEFT, resolve(h["platform"]).name)
                   for h in hands.filter(pl.col("n_live") == 0).iter_rows(named=True)]
    verdicts = pl.concat([uncontested_verdicts, settled, showdown_verdicts,
                          pl.DataFrame(nobody_left, schema=VERDICT_SCHEMA)]).sort("hand_key")
    no_drop = [p for p in policy_names if resolve(p).no_flop_no_drop]
    beside = pl.concat([contradiction_findings(hands, seats),
                        uncalled_return_findings(scan_table(lake, "actions"), hands, seats),
                        no_flop_rake_findings(hands, no_drop)])
    beside = pl.concat([beside, _schedule_rake(lake, hands, seats, payouts, beside,
                                               shipped_schedules() if rake_schedules is None else rake_schedules)])
    findings = order_findings(pl.concat([uncontested_findings, showdown_findings, beside]))
    verdicts = _flagged(verdicts, beside)
    unmatched: list[tuple[str, str]] = []
    if accept:
        findings, unmatched = apply_accept(findings, accept)
    return AuditOutcome(verdicts, findings, resolve.used() if not policy else {"*": resolve("*")}, unmatched)


def _uncontested(hands: pl.DataFrame, live: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                 policy_names: Mapping[str, str]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Verdicts and findings of the hands with one seat left, in bulk."""
    uncontested = hands.filter(pl.col("n_live") == 1)
    recorded = (payouts.filter(pl.col("source") == PayoutSource.POT.value)
                .group_by("hand_key", "seat").agg(pl.col("amount").sum()))
    verdicts, findings = audit_uncontested(
        uncontested, live.join(uncontested.select("hand_key"), on="hand_key"), recorded)
    verdicts = verdicts.with_columns(
        pl.col("platform").replace_strict(policy_names, return_dtype=pl.Utf8).alias("policy"))
    if findings.height:
        findings = findings.join(seats.select("hand_key", pl.col("seat").cast(pl.Int32), "player"),
                                 on=["hand_key", "seat"], how="left")
    else:
        findings = findings.with_columns(pl.lit(None, pl.Utf8).alias("player"))
    findings = findings.with_columns(
        (pl.col("recorded") - pl.col("expected")).alias("delta"), pl.lit(False).alias("accepted"),
        pl.lit(None, pl.Utf8).alias("accept_reason"))
    return (verdicts.select(list(VERDICT_SCHEMA)).cast(VERDICT_SCHEMA),
            findings.select(list(FINDING_SCHEMA)).cast(FINDING_SCHEMA))


def _showdowns_one_by_one(hands: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                          resolve: PolicyResolver, workers: int | None,
                          progress: Callable[[int], None] | None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Verdicts and findings of ``audit_showdown`` for each of ``hands``, with the hand
    strengths evaluated in bulk first."""
    keys = hands.select("hand_key")
    rows = list(hand_rows_of(hands, seats.join(keys, on="hand_key"), None, payouts.join(keys, on="hand_key")))
    strengths = strengths_by_hand(r for hand in rows for r in strength_requests(hand.hand, hand.seats))
    work = [(r.hand, r.seats, r.payouts, resolve(r.hand.platform), strengths.get(r.key)) for r in rows]
    verdicts: list[dict[str, Any]] = []
    findings: list[Finding] = []
    audited = in_order(_audit_one, work, workers, PARALLEL_FROM)
    for i, (r, (verdict, reason, found)) in enumerate(zip(rows, audited, strict=True)):
        verdicts.append(verdict_row(r.hand, verdict, reason, resolve(r.hand.platform).name))
        findings.extend(found)
        if progress and i % 500 == 0:
            progress(i)
    return pl.DataFrame(verdicts, schema=VERDICT_SCHEMA), findings_frame(findings)


def _audit_one(hand: HandRow, seats: tuple[SeatRow, ...], payouts: tuple[PayoutRow, ...], policy: Policy,
               strengths: Strengths | None) -> tuple[Verdict, str | None, tuple[Finding, ...]]:
    result = audit_showdown(hand, seats, payouts, policy, strengths)
    return result.verdict, result.reason, result.findings


def _schedule_rake(lake: Path, hands: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                   beside: pl.DataFrame, schedules: Sequence[RakeSchedule]) -> pl.DataFrame:
    """``rake`` findings of the hands whose rake exceeds their schedule: only the hands a
    schedule could cover are read row by row (``audit.rake_check.candidates``)."""
    chosen = candidates(hands, schedules)
    if chosen.height == 0:
        return findings_frame([])
    keys = chosen.select("hand_key")
    actions = scan_table(lake, "actions").join(keys.lazy(), on="hand_key").collect()
    raked = beside.filter(pl.col("kind") == FindingKind.RAKE.value)
    found: list[Finding] = []
    for rows in hand_rows_of(chosen, seats.join(keys, on="hand_key"), actions, payouts.join(keys, on="hand_key")):
        already = [f for f in raked.filter(pl.col("hand_key") == rows.key).iter_rows(named=True)]
        if not already:
            found += schedule_rake_findings(rows, schedules)
    return findings_frame(found)


def _flagged(verdicts: pl.DataFrame, beside: pl.DataFrame) -> pl.DataFrame:
    """A hand with a finding beside the pot's money has findings, unless unverifiable."""
    if beside.height == 0:
        return verdicts
    flagged = (pl.col("hand_key").is_in(beside["hand_key"].unique().implode())
               & (pl.col("verdict") != Verdict.UNVERIFIABLE.value))
    return verdicts.with_columns(
        pl.when(flagged).then(pl.lit(Verdict.FINDINGS.value)).otherwise(pl.col("verdict")).alias("verdict"),
        pl.when(flagged).then(pl.lit(None, pl.Utf8)).otherwise(pl.col("reason")).alias("reason"))


def apply_accept(findings: pl.DataFrame, accept: Mapping[tuple[str, str], str]
                 ) -> tuple[pl.DataFrame, list[tuple[str, str]]]:
    """Mark accepted findings; return the accept entries that matched nothing (stale)."""
    keys = list(zip(findings["hand_key"].to_list(), findings["kind"].to_list(), strict=False))
    reasons = [accept.get(k) for k in keys]
    marked = findings.with_columns(pl.Series("accepted", [r is not None for r in reasons]),
                                   pl.Series("accept_reason", reasons, dtype=pl.Utf8))
    seen = set(keys)
    return marked, sorted(k for k in accept if k not in seen)
