"""Auditing a whole lake, a batch of partitions at a time.

Returns frames and dicts; never prints. ``audit_lake`` is the whole comparison, lake-wide:
hands without a showdown and the findings beside the pot's money in bulk
(``audit.bulk_findings``), showdowns of the common shape in bulk (``audit.bulk_showdowns``),
every other showdown one by one (``audit.showdown_audit``), all held equal to the audit of
one hand, ``audit.hand_audit.audit_hand``. ``findings.parquet``,
``hands.parquet`` and ``manifest.json`` are written by ``audit.outputs``. One hand's
explanation is ``audit.explanation``'s.

Every check reads one hand's rows only, and a hand's rows all lie in its (platform,
hand_date) partition, so the lake is audited in batches of whole partitions of one
platform or more, up to ``BATCH_HANDS`` hands each, and a partition larger than that in
slices of its hands by hand key (``hand_batches``): memory is bounded by the batch, not by
the lake. The outcome is the same as one batch of everything: verdicts
are sorted by hand and findings by ``order_findings`` (stable, and ties only within a
hand, whose findings come in the same order either way).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

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
    SEAT_COLUMNS,
    HandRow,
    PayoutRow,
    SeatRow,
    hand_row,
    hand_rows_of,
    with_dead,
)
from audit.lake import partition_rows, scan_table
from audit.memory import give_back
from audit.outputs import AuditOutcome
from audit.policies import PolicyResolver
from audit.rake_check import candidates, schedule_rake_findings
from audit.showdown_audit import audit_showdown
from audit.showdown_from_rows import Strengths, strength_requests, strengths_by_hand
from audit.verdict_stream import SortedVerdicts
from rules.odd_chip import Policy
from rules.rake import RakeSchedule
from rules.rake_toml import shipped_schedules
from rules.vocab import FindingKind, PayoutSource, Verdict

#: showdowns audited one by one from which worker processes pay for their start
PARALLEL_FROM = 2000
#: the columns of hands that ``audit.bulk_findings.audit_uncontested`` reads
UNCONTESTED_COLUMNS = ["hand_key", "hand_id", "platform", "game", "amount_scale", "currency", "is_tournament", "rake",
                       "fees", "pot_total", "house_retained", "rake_source"]
#: hands audited together at most (a partition larger than this is cut in slices):
#: what bounds the audit's memory (about 2 kB a hand while a batch is audited)
BATCH_HANDS = 100_000
#: contested hands a thread of the bulk settlement takes at least (``settle_in_slices``)
SLICE_FROM = 20_000


@dataclass(frozen=True)
class Batch:
    """Partitions audited together: the hand dates of each platform, and their hands' count;
    with ``part`` ``(i, n)``, the ``i``-th of ``n`` slices of one partition too large for a
    batch, its hands chosen by a hash of the hand key."""

    dates: Mapping[str, tuple[str, ...]]  # platform -> its hand dates
    hands: int
    part: tuple[int, int] | None = None

    def where(self) -> pl.Expr:
        """The batch's rows of a hand table (its partition columns select whole files; a
        slice's hash of the hand key, its hands' rows in them)."""
        chosen = pl.any_horizontal([(pl.col("platform") == p) & pl.col("hand_date").is_in(list(dates))
                                    for p, dates in self.dates.items()])
        if self.part is None:
            return chosen
        i, n = self.part
        return chosen & (pl.col("hand_key").hash() % n == i)


class HandTables(Protocol):
    """Where the audit reads the hand tables: the lake (``LakeTables``), or the tables an
    ingest just wrote, held in memory (``audit.ingest.store.KeptTables``)."""

    def partitions(self) -> dict[tuple[str, str], int]:
        """Hands per (platform, hand_date) partition."""

    def scan(self, table: str, batch: Batch | None) -> pl.LazyFrame:
        """A hand table's rows (the declared columns) of the batch's partitions (None: all)."""


class LakeTables:
    """The hand tables of a lake, at the version read (``audit.lake.pinned``); of the
    partitions of ``platforms`` only, if given."""

    def __init__(self, lake: Path, platforms: Sequence[str] | None = None) -> None:
        self.lake = lake
        self.platforms = platforms

    def partitions(self) -> dict[tuple[str, str], int]:
        counts = partition_rows(self.lake, "hands")
        return {k: n for k, n in counts.items() if self.platforms is None or k[0] in self.platforms}

    def scan(self, table: str, batch: Batch | None) -> pl.LazyFrame:
        if batch is None:
            return scan_table(self.lake, table, self.platforms)
        # the partition columns filter the data files themselves (hive partitions)
        return scan_table(self.lake, table, list(batch.dates)).filter(batch.where())


def hand_batches(partitions: Mapping[tuple[str, str], int], most: int = BATCH_HANDS) -> list[Batch | None]:
    """The partitions grouped into batches of consecutive partitions (by platform, then
    date) up to ``most`` hands each, a larger partition cut into slices of about ``most``
    hands (``Batch.part``); ``[None]`` (everything at once, unfiltered) when all of them
    fit in one.

    >>> for b in hand_batches({("a", "d1"): 3, ("a", "d2"): 2, ("a", "d3"): 9, ("b", "d1"): 1, ("b", "d2"): 1},
    ...                       most=5):
    ...     print(dict(b.dates), b.hands, b.part)
    {'a': ('d1', 'd2')} 5 None
    {'a': ('d3',)} 4 (0, 2)
    {'a': ('d3',)} 5 (1, 2)
    {'b': ('d1', 'd2')} 2 None
    >>> hand_batches({("a", "d1"): 3, ("b", "d1"): 2}, most=5)
    [None]
    """
    if sum(partitions.values()) <= most:
        return [None]
    batches: list[Batch | None] = []
    group: dict[str, list[str]] = {}
    hands = 0
    for (platform, date), n in sorted(partitions.items()):
        if group and hands + n > most:
            batches.append(Batch({p: tuple(d) for p, d in group.items()}, hands))
            group, hands = {}, 0
        if n > most:  # a partition alone is too large: its slices, by hand key
            slices = -(-n // most)
            batches += [Batch({platform: (date,)}, n * (i + 1) // slices - n * i // slices, (i, slices))
                        for i in range(slices)]
            continue
        group.setdefault(platform, []).append(date)
        hands += n
    if group:
        batches.append(Batch({p: tuple(d) for p, d in group.items()}, hands))
    return batches


def audit_lake(lake: Path, *, policy: str | None = None,
               accept: Mapping[tuple[str, str], str] | None = None,
               progress: Callable[[int, int], None] | None = None,
               bulk_showdowns: bool = True, workers: int | None = None,
               rake_schedules: Sequence[RakeSchedule] | None = None,
               platforms: Sequence[str] | None = None, tables: HandTables | None = None,
               batch_hands: int = BATCH_HANDS, spill_verdicts: bool = False) -> AuditOutcome:
    """Audit every hand of the lake under each platform's policy (or ``policy`` for all);
    with ``platforms``, the hands of those platforms only (a cluster's task: ``audit.cluster``).

    ``bulk_showdowns=False`` audits every showdown one by one (``audit_showdown``), the
    reference the bulk path (``audit_showdowns_bulk``) must agree with exactly. Showdowns
    audited one by one use ``workers`` processes (default: one per core) when there are
    at least ``PARALLEL_FROM`` of them in a batch. ``rake_schedules``: what the rake is
    checked against (default: the shipped schedules; ``audit.rake_check``). ``tables``:
    where the rows are read (default: the lake's files, of ``platforms``); ``batch_hands``: the most hands
    audited together (``hand_batches``); ``spill_verdicts``: keep the verdicts on disk
    until ``hands.parquet`` is written (``audit.verdict_stream``), not in memory.
    """
    resolve = PolicyResolver(policy)
    source = tables if tables is not None else LakeTables(lake, platforms)
    schedules = shipped_schedules() if rake_schedules is None else rake_schedules
    partitions = source.partitions()
    batches = hand_batches(partitions, batch_hands)
    total = sum(partitions.values())
    spilled = SortedVerdicts() if spill_verdicts else None
    verdict_parts: list[pl.DataFrame] = []
    finding_parts: list[pl.DataFrame] = []
    done = 0
    # threads settle slices side by side only where one batch is the whole audit: with
    # several, each batch's memory is the bound, and two slices at once raised the peak of
    # `run` on 10,000,000 hands by some 100 MiB (2026-12-04)
    slicing = workers if len(batches) == 1 else 1
    for number, batch in enumerate(batches, 1):
        verdicts, findings = _audit_batch(source, batch, resolve, bulk_showdowns, workers, schedules,
                                          _offset(progress, done, total), slicing)
        done += verdicts.height
        if spilled is not None:
            spilled.add(verdicts)
        else:
            verdict_parts.append(verdicts)
        finding_parts.append(findings)
        del verdicts
        if number < len(batches):  # what the batch's rows took, back before the next batch reads its own
            give_back()
    rows = spilled if spilled is not None else pl.concat(verdict_parts).sort("hand_key")
    findings = order_findings(pl.concat(finding_parts))
    unmatched: list[tuple[str, str]] = []
    if accept:
        findings, unmatched = apply_accept(findings, accept)
    return AuditOutcome(rows, findings, resolve.used() if not policy else {"*": resolve("*")}, unmatched)


def _offset(progress: Callable[[int, int], None] | None, done: int, total: int) -> Callable[[int], None] | None:
    """A batch's progress as the whole audit's: ``done`` hands audited before it."""
    if progress is None:
        return None
    report = progress
    return lambda n: report(done + n, total)


def _audit_batch(source: HandTables, batch: Batch | None, resolve: PolicyResolver, bulk_showdowns: bool,
                 workers: int | None, schedules: Sequence[RakeSchedule],
                 progress: Callable[[int], None] | None,
                 slicing: int | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Verdicts and findings (not yet ordered) of the hands of one batch; ``slicing``: the
    most threads of ``settle_in_slices`` (default: one per core)."""
    hands = source.scan("hands", batch).select(HAND_COLUMNS).collect()
    actions = source.scan("actions", batch)
    seats = with_dead(source.scan("seats", batch).select([*SEAT_COLUMNS, "hand_key"]).collect(), actions)
    payouts = source.scan("payouts", batch).select(["hand_key", *AUDIT_PAYOUT_COLUMNS]).collect()
    live = (seats.lazy().filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
            .select("hand_key", "seat").collect())
    live_count = live.lazy().group_by("hand_key").agg(pl.len().alias("n_live"))
    # joined to the hand keys alone: a join carries every column it is given
    n_live = (hands.lazy().select("hand_key").join(live_count, on="hand_key", how="left", maintain_order="left")
              .select(pl.col("n_live").fill_null(0)).collect())
    hands = hands.with_columns(n_live["n_live"])
    policy_names = {p: resolve(p).name for p in hands["platform"].unique().to_list()}

    uncontested_verdicts, uncontested_findings = _uncontested(hands, live, seats, payouts, policy_names)
    contested = hands.filter(pl.col("n_live") >= 2)
    settled = (settle_in_slices(contested, seats, payouts, resolve, slicing)
               if bulk_showdowns else pl.DataFrame(schema=VERDICT_SCHEMA))
    one_by_one = contested.join(settled.select("hand_key"), on="hand_key", how="anti")
    showdown_verdicts, showdown_findings = _showdowns_one_by_one(
        one_by_one, seats, payouts, resolve, workers,
        (lambda done: progress(settled.height + done)) if progress else None)
    nobody_left = [verdict_row(hand_row(h), Verdict.UNVERIFIABLE, NO_SEAT_LEFT, resolve(h["platform"]).name)
                   for h in hands.filter(pl.col("n_live") == 0).iter_rows(named=True)]
    verdicts = pl.concat([uncontested_verdicts, settled, showdown_verdicts,
                          pl.DataFrame(nobody_left, schema=VERDICT_SCHEMA)]).sort("hand_key")
    no_drop = [p for p in policy_names if resolve(p).no_flop_no_drop]
    beside = pl.concat([contradiction_findings(hands, seats),
                        uncalled_return_findings(actions, hands, seats),
                        no_flop_rake_findings(hands, no_drop)])
    beside = pl.concat([beside, _schedule_rake(actions, hands, seats, payouts, beside, schedules)])
    return _flagged(verdicts, beside), pl.concat([uncontested_findings, showdown_findings, beside])


def settle_in_slices(contested: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                     resolve: PolicyResolver, workers: int | None = None,
                     smallest: int | None = None) -> pl.DataFrame:
    """``audit_showdowns_bulk`` of ``contested``, cut in consecutive slices of at least
    ``smallest`` hands settled side by side in threads (at most ``workers``, default one per
    core): the same verdicts as one call (in another order where several games are
    settled: the caller sorts them).

    Threads, not processes: the settlement's work is polars queries and numpy operations
    over whole columns, which release the GIL, and the slices share ``seats`` and
    ``payouts`` unpickled (``smallest``: default ``SLICE_FROM``). Two slices on two cores
    took 0.6-0.8 of one call's time (52,719 showdowns, 2026-12-04).

    >>> settle_in_slices(pl.DataFrame(), pl.DataFrame(), pl.DataFrame(), PolicyResolver()).height
    0
    """
    smallest = SLICE_FROM if smallest is None else smallest
    count = min(workers if workers is not None else (os.cpu_count() or 1), contested.height // smallest)
    if count <= 1:
        return audit_showdowns_bulk(contested, seats, payouts, resolve)
    for platform in contested["platform"].unique().to_list():
        resolve(platform)  # each platform's policy looked up once, before the threads share the resolver
    bounds = [contested.height * i // count for i in range(count + 1)]
    with ThreadPoolExecutor(count) as pool:
        parts = pool.map(lambda start, stop: audit_showdowns_bulk(contested[start:stop], seats, payouts, resolve),
                         bounds[:-1], bounds[1:])
        return pl.concat(list(parts))


def _uncontested(hands: pl.DataFrame, live: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                 policy_names: Mapping[str, str]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Verdicts and findings of the hands with one seat left, in bulk."""
    # only the columns audit_uncontested reads, and only these hands' rows: its joins carry all they are given
    uncontested = hands.lazy().filter(pl.col("n_live") == 1).select(UNCONTESTED_COLUMNS).collect()
    keys = uncontested.lazy().select("hand_key")
    recorded = (payouts.lazy().filter(pl.col("source") == PayoutSource.POT.value).join(keys, on="hand_key", how="semi")
                .group_by("hand_key", "seat").agg(pl.col("amount").sum()).collect())
    verdicts, findings = audit_uncontested(
        uncontested, live.lazy().join(keys, on="hand_key", how="semi").collect(), recorded)
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


def _schedule_rake(actions: pl.LazyFrame, hands: pl.DataFrame, seats: pl.DataFrame, payouts: pl.DataFrame,
                   beside: pl.DataFrame, schedules: Sequence[RakeSchedule]) -> pl.DataFrame:
    """``rake`` findings of the hands whose rake exceeds their schedule: only the hands a
    schedule could cover are read row by row (``audit.rake_check.candidates``)."""
    chosen = candidates(hands, schedules)
    if chosen.height == 0:
        return findings_frame([])
    keys = chosen.select("hand_key")
    chosen_actions = actions.join(keys.lazy(), on="hand_key").collect()
    raked = beside.filter(pl.col("kind") == FindingKind.RAKE.value)
    found: list[Finding] = []
    for rows in hand_rows_of(chosen, seats.join(keys, on="hand_key"), chosen_actions,
                             payouts.join(keys, on="hand_key")):
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
