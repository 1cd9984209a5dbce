"""Auditing a lake, and explaining one hand.

Returns frames and dicts; never prints. ``audit_lake`` is the whole comparison (its
outcome is written by ``audit.outputs``); ``explain_hand`` is everything an investigator
needs about one hand.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

import polars as pl

from audit.audit import (
    FINDING_COLUMNS,
    VERDICT_COLUMNS,
    HandAudit,
    PolicyResolver,
    audit_showdown,
    audit_showdowns_bulk,
    audit_uncontested,
    money_expr,
    strength_requests,
)
from audit.lake import read_table, scan_table
from audit.outputs import AuditOutcome
from rules.vocab import FindingKind, PayoutSource, Verdict
from rules.bulk import bulk_strengths
from rules.odd_chip import Policy

_HAND_COLUMNS = [
    "hand_key", "hand_id", "platform", "game", "is_tournament", "currency", "amount_scale",
    "small_blind", "big_blind", "button_seat", "boards", "pot_total", "pots_printed",
    "pots_printed_net", "rake", "fees", "rake_source", "house_retained", "per_seat_only",
    "reconciled", "contradictions",
]
_SEAT_COLUMNS = ["hand_key", "seat", "player", "cards", "dealt_in", "folded_street", "showed",
                 "mucked", "all_in", "cashed_out", "contributed"]
_PAYOUT_COLUMNS = ["hand_key", "seat", "amount", "pot", "run", "half", "source", "line"]
#: what the audit compares (the printed ``line`` is only shown by explanations)
_AUDIT_PAYOUT_COLUMNS = _PAYOUT_COLUMNS[:-1]


def read_seats(lake: Path) -> pl.DataFrame:
    """Seats with ``dead``: how much of each contribution was dead money (from actions)."""
    seats = read_table(lake, "seats", _SEAT_COLUMNS)
    # only the few dead-blind posts are decoded, not every action (the seats table read
    # above has checked the lake's schema version)
    dead = (scan_table(lake, "actions").filter(pl.col("kind") == "post_dead")
            .group_by("hand_key", "seat").agg(pl.col("amount").sum().alias("dead")).collect())
    if dead.height == 0:
        return seats.with_columns(pl.lit(0, pl.Int64).alias("dead"))
    return seats.join(dead, on=["hand_key", "seat"], how="left").with_columns(pl.col("dead").fill_null(0))


def _rows_by_hand(frame: pl.DataFrame) -> dict[str, list[dict]]:
    rows = frame.sort("hand_key", maintain_order=True).to_dicts()
    return {k: list(g) for k, g in groupby(rows, key=lambda r: r["hand_key"])}


def audit_lake(lake: Path, *, policy: str | None = None,
               accept: Mapping[tuple[str, str], str] | None = None,
               progress: Callable[[int, int], None] | None = None,
               bulk_showdowns: bool = True, workers: int | None = None) -> AuditOutcome:
    """Audit every hand of the lake under each platform's policy (or ``policy`` for all).

    ``bulk_showdowns=False`` audits every showdown one by one (``audit_showdown``), the
    reference the bulk path (``audit_showdowns_bulk``) must agree with exactly. Showdowns
    audited one by one use ``workers`` processes (default: one per core) when there are
    at least ``PARALLEL_FROM`` of them.
    """
    resolve = PolicyResolver(policy)
    hands = read_table(lake, "hands", _HAND_COLUMNS)
    seats = read_seats(lake)
    payouts = read_table(lake, "payouts", _AUDIT_PAYOUT_COLUMNS)
    live = seats.filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
    live_count = live.group_by("hand_key").agg(pl.len().alias("n_live"))
    hands = hands.join(live_count, on="hand_key", how="left").with_columns(pl.col("n_live").fill_null(0))

    # no showdown: the last seat standing, in bulk
    uncontested = hands.filter(pl.col("n_live") == 1)
    recorded = (payouts.filter(pl.col("source") == PayoutSource.POT.value)
                .group_by("hand_key", "seat").agg(pl.col("amount").sum()))
    bulk_verdicts, bulk_findings = audit_uncontested(
        uncontested, live.join(uncontested.select("hand_key"), on="hand_key"), recorded)
    policy_names = {p: resolve(p).name for p in hands["platform"].unique().to_list()}
    bulk_verdicts = bulk_verdicts.with_columns(
        pl.col("platform").replace_strict(policy_names, return_dtype=pl.Utf8).alias("policy"))
    if bulk_findings.height:
        bulk_findings = bulk_findings.join(seats.select("hand_key", pl.col("seat").cast(pl.Int32), "player"),
                                           on=["hand_key", "seat"], how="left")
    else:
        bulk_findings = bulk_findings.with_columns(pl.lit(None, pl.Utf8).alias("player"))

    # showdowns: the common shape in bulk, every other hand one by one
    contested = hands.filter(pl.col("n_live") >= 2)
    settled = (audit_showdowns_bulk(contested, seats, payouts, resolve)
               if bulk_showdowns else pl.DataFrame(schema=VERDICT_COLUMNS))
    one_by_one = contested.join(settled.select("hand_key"), on="hand_key", how="anti")
    keys = one_by_one.select("hand_key")
    seat_rows = _rows_by_hand(seats.join(keys, on="hand_key"))
    payout_rows = _rows_by_hand(payouts.join(keys, on="hand_key"))
    verdict_rows: list[dict] = []
    finding_rows: list[dict] = []
    total = contested.height
    contested_rows = one_by_one.to_dicts()
    requests = [r for hand in contested_rows for r in strength_requests(hand, seat_rows.get(hand["hand_key"], []))]
    by_hand: dict[str, dict[tuple[int, int, int], Any]] = defaultdict(dict)
    for ((hand_key, seat, run), half), value in bulk_strengths(requests).items():
        by_hand[hand_key][(seat, run, half)] = value
    work = [(hand, seat_rows.get(hand["hand_key"], []), payout_rows.get(hand["hand_key"], []),
             resolve(hand["platform"]), by_hand.get(hand["hand_key"])) for hand in contested_rows]
    for i, (hand, (verdict, reason, findings)) in enumerate(zip(contested_rows, _audit_one_by_one(work, workers))):
        verdict_rows.append(_verdict_row(hand, verdict, reason, resolve(hand["platform"]).name))
        finding_rows.extend(findings)
        if progress and i % 500 == 0:
            progress(settled.height + i, total)
    for hand in hands.filter(pl.col("n_live") == 0).to_dicts():
        verdict_rows.append(_verdict_row(hand, Verdict.UNVERIFIABLE, "no seat was left in the hand",
                                         resolve(hand["platform"]).name))

    verdicts = pl.concat([
        bulk_verdicts.select(list(VERDICT_COLUMNS)).cast(VERDICT_COLUMNS),
        settled,
        pl.DataFrame(verdict_rows, schema=VERDICT_COLUMNS),
    ]).sort("hand_key")
    no_drop = [p for p in policy_names if resolve(p).no_flop_no_drop]
    contradictions = pl.concat([contradiction_findings(hands, seats), uncalled_return_findings(lake, hands, seats),
                                no_flop_rake_findings(hands, no_drop)])
    findings = pl.concat([
        bulk_findings.with_columns(
            (pl.col("recorded") - pl.col("expected")).alias("delta"), pl.lit(False).alias("accepted"),
            pl.lit(None, pl.Utf8).alias("accept_reason")).select(list(FINDING_COLUMNS)).cast(FINDING_COLUMNS),
        pl.DataFrame(finding_rows, schema=FINDING_COLUMNS),
        contradictions,
    ])
    findings = _order_findings(findings)
    if contradictions.height:
        flagged = (pl.col("hand_key").is_in(contradictions["hand_key"].unique().implode())
                   & (pl.col("verdict") != Verdict.UNVERIFIABLE.value))
        verdicts = verdicts.with_columns(
            pl.when(flagged).then(pl.lit(Verdict.FINDINGS.value)).otherwise(pl.col("verdict")).alias("verdict"),
            pl.when(flagged).then(pl.lit(None, pl.Utf8)).otherwise(pl.col("reason")).alias("reason"))
    unmatched: list[tuple[str, str]] = []
    if accept:
        findings, unmatched = apply_accept(findings, accept)
    return AuditOutcome(verdicts, findings, resolve.used() if not policy else {"*": resolve("*")}, unmatched)


#: showdowns audited one by one from which worker processes pay for their start
PARALLEL_FROM = 2000
#: explanations (each settles a hand with every card evaluated) from which they do
EXPLAIN_PARALLEL_FROM = 200
#: the work of ``_in_order``, inherited by forked workers (never pickled)
_WORK: list[tuple] = []
_TASK: Callable[..., Any] | None = None


def _run_slice(bounds: tuple[int, int]) -> list[Any]:
    return [_TASK(*item) for item in _WORK[bounds[0]:bounds[1]]]  # type: ignore[misc]


def _in_order(task: Callable[..., Any], work: list[tuple], workers: int | None, least: int) -> Iterator[Any]:
    """``task(*item)`` of every item of ``work``, in order.

    From ``least`` items on, forked worker processes share the work in contiguous
    slices whose results come back in order, so the outcome is the same as here. Tasks
    must not use polars (its threads do not survive a fork).
    """
    import multiprocessing
    import os

    count = workers if workers is not None else (os.cpu_count() or 1)
    if count < 2 or len(work) < least or "fork" not in multiprocessing.get_all_start_methods():
        yield from (task(*item) for item in work)
        return
    global _WORK, _TASK
    _WORK, _TASK = work, task
    try:
        step = max(1, -(-len(work) // (8 * count)))
        slices = [(start, min(start + step, len(work))) for start in range(0, len(work), step)]
        with multiprocessing.get_context("fork").Pool(count) as pool:
            for results in pool.imap(_run_slice, slices):
                yield from results
    finally:
        _WORK, _TASK = [], None


def _audit_one(hand, seats, payouts, policy, strengths) -> tuple[Verdict, str | None, list[dict]]:
    result: HandAudit = audit_showdown(hand, seats, payouts, policy, strengths)
    return result.verdict, result.reason, result.findings


def _audit_one_by_one(work: list[tuple], workers: int | None) -> Iterator[tuple[Verdict, str | None, list[dict]]]:
    """``audit_showdown`` of every (hand, seats, payouts, policy, strengths), in order."""
    return _in_order(_audit_one, work, workers, PARALLEL_FROM)


def contradiction_findings(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """One ``history_inconsistent`` finding per place a history contradicts itself
    (``hands.contradictions``): the pay lines are the record of what was paid
    (``recorded``), the contradicting part of the history is ``expected``."""
    hands = hands.filter(pl.col("contradictions").is_not_null() & (pl.col("contradictions").list.len() > 0))
    if hands.height == 0:
        return pl.DataFrame(schema=FINDING_COLUMNS)
    rows = (hands.select("hand_key", "hand_id", "platform", "game", "amount_scale", "currency", "contradictions")
            .explode("contradictions").unnest("contradictions")
            .join(seats.select("hand_key", "seat", "player"), on=["hand_key", "seat"], how="left"))
    return rows.select(
        "hand_key", "hand_id", "platform", "game", pl.col("seat").cast(pl.Int32), "player",
        pl.lit(None, pl.Int32).alias("pot"), pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("recorded").fill_null(0), pl.col("stated").fill_null(0).alias("expected"),
        (pl.col("recorded").fill_null(0) - pl.col("stated").fill_null(0)).alias("delta"),
        "amount_scale", "currency", pl.lit(FindingKind.HISTORY_INCONSISTENT.value).alias("kind"),
        pl.col("message").alias("detail"), pl.lit(False).alias("accepted"), pl.lit(None, pl.Utf8).alias("accept_reason"),
    ).cast(FINDING_COLUMNS)


def no_flop_rake_findings(hands: pl.DataFrame, platforms: list[str]) -> pl.DataFrame:
    """Rake taken from a board-game hand that ended before the flop, on platforms whose
    policy says ``no_flop_no_drop`` (PokerStars: rules.md §2.1)."""
    from rules.games import GAMES

    flop_games = [g.value for g, spec in GAMES.items() if spec.board_cards]
    raked = hands.filter(
        pl.col("platform").is_in(platforms) & pl.col("game").is_in(flop_games)
        & (pl.col("rake").fill_null(0) > 0)
        & (pl.col("boards").list.first().list.len().fill_null(0) < 3))
    return raked.select(
        "hand_key", "hand_id", "platform", "game", pl.lit(None, pl.Int32).alias("seat"),
        pl.lit(None, pl.Utf8).alias("player"), pl.lit(None, pl.Int32).alias("pot"),
        pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("rake").alias("recorded"), pl.lit(0, pl.Int64).alias("expected"), pl.col("rake").alias("delta"),
        "amount_scale", "currency", pl.lit(FindingKind.RAKE.value).alias("kind"),
        pl.lit("rake taken from a hand that ended before the flop (no flop, no drop)").alias("detail"),
        pl.lit(False).alias("accepted"), pl.lit(None, pl.Utf8).alias("accept_reason"),
    ).cast(FINDING_COLUMNS)


def uncalled_return_findings(lake: Path, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Returns of "uncalled" bets that the betting does not allow: only the largest
    bettor gets back what the second largest did not match (dead money never counts).
    ``hands`` and ``seats`` (with ``dead``, as ``read_seats`` gives them) are the lake's,
    already read; only the return actions are read here.

    Contributions in the lake are after returns, so a wrong return would otherwise
    shrink the pot the rules split, and the payout that went with it, out of sight.
    """
    returned = (scan_table(lake, "actions").filter(pl.col("kind") == "uncalled_return")
                .group_by("hand_key", "seat").agg(pl.col("amount").fill_null(0).sum().alias("returned")).collect())
    if returned.height == 0:
        return pl.DataFrame(schema=FINDING_COLUMNS)
    seats = (seats.join(returned.select("hand_key").unique(), on="hand_key")
             .join(returned, on=["hand_key", "seat"], how="left")
             .with_columns(pl.col("returned").fill_null(0))
             .with_columns(bet=pl.col("contributed") + pl.col("returned") - pl.col("dead")))
    ranked = seats.with_columns(
        top=pl.col("bet").max().over("hand_key"),
        tops=(pl.col("bet") == pl.col("bet").max().over("hand_key")).sum().over("hand_key"),
        second=pl.col("bet").sort(descending=True).slice(1, 1).first().over("hand_key").fill_null(0))
    allowed = pl.when((pl.col("bet") == pl.col("top")) & (pl.col("tops") == 1)).then(
        pl.col("top") - pl.col("second")).otherwise(0)
    wrong = ranked.with_columns(allowed=allowed).filter(pl.col("returned") > pl.col("allowed"))
    if wrong.height == 0:
        return pl.DataFrame(schema=FINDING_COLUMNS)
    meta = hands.select("hand_key", "hand_id", "platform", "game", "amount_scale", "currency")
    return wrong.join(meta, on="hand_key").select(
        "hand_key", "hand_id", "platform", "game", pl.col("seat").cast(pl.Int32), "player",
        pl.lit(None, pl.Int32).alias("pot"), pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("returned").alias("recorded"), pl.col("allowed").alias("expected"),
        (pl.col("returned") - pl.col("allowed")).alias("delta"), "amount_scale", "currency",
        pl.lit(FindingKind.UNCALLED_BET.value).alias("kind"),
        pl.format("returned {} as uncalled, but the betting leaves only {} unmatched for this seat",
                  money_expr(pl.col("returned")), money_expr(pl.col("allowed"))).alias("detail"),
        pl.lit(False).alias("accepted"), pl.lit(None, pl.Utf8).alias("accept_reason"),
    ).cast(FINDING_COLUMNS)


def _verdict_row(hand: Mapping[str, Any], verdict: Verdict, reason: str | None, policy: str) -> dict:
    return {"hand_key": hand["hand_key"], "hand_id": hand["hand_id"], "platform": hand["platform"],
            "game": hand["game"], "verdict": str(verdict), "reason": reason, "policy": policy,
            "currency": hand["currency"], "amount_scale": hand["amount_scale"],
            "is_tournament": hand["is_tournament"]}


def _order_findings(findings: pl.DataFrame) -> pl.DataFrame:
    order = {k.value: i for i, k in enumerate(FindingKind)}
    return findings.with_columns(pl.col("kind").replace_strict(order, return_dtype=pl.Int32).alias("_k")).sort(
        ["hand_key", "_k", "pot", "run", "seat"], nulls_last=True).drop("_k")


def apply_accept(findings: pl.DataFrame, accept: Mapping[tuple[str, str], str]
                 ) -> tuple[pl.DataFrame, list[tuple[str, str]]]:
    """Mark accepted findings; return the accept entries that matched nothing (stale)."""
    keys = list(zip(findings["hand_key"].to_list(), findings["kind"].to_list()))
    reasons = [accept.get(k) for k in keys]
    marked = findings.with_columns(pl.Series("accepted", [r is not None for r in reasons]),
                                   pl.Series("accept_reason", reasons, dtype=pl.Utf8))
    seen = set(keys)
    return marked, sorted(k for k in accept if k not in seen)


# ----------------------------------------------------------------------------- explain


class HandNotFound(KeyError):
    pass


def explain_hand(lake: Path, hand: str, *, policy: str | None = None,
                 accept: Mapping[tuple[str, str], str] | None = None) -> dict[str, Any]:
    """Everything about one hand: seats, cards, boards, each contender's best hands with
    the cards used, every pot and half and odd chip with its rule, recorded against
    expected. ``hand`` is ``PLATFORM:HAND_ID`` (the hand key)."""
    return next(explain_hands(lake, [hand], policy=policy, accept=accept))


def explain_hands(lake: Path, hands: Iterable[str], *, policy: str | None = None,
                  accept: Mapping[tuple[str, str], str] | None = None,
                  workers: int | None = None) -> Iterator[dict[str, Any]]:
    """``explain_hand`` of each of ``hands`` in turn, reading the lake once for all
    (with ``workers`` processes, default one per core, for many showdowns)."""
    wanted = list(hands)
    if not wanted:
        return
    rows = read_table(lake, "hands").filter(pl.col("hand_key").is_in(wanted))
    by_key = {r["hand_key"]: r for r in rows.iter_rows(named=True)}
    missing = next((k for k in wanted if k not in by_key), None)
    if missing is not None:
        raise HandNotFound(f"no hand {missing!r} in the lake {lake} "
                           "(give PLATFORM:HAND_ID, e.g. pokerstars:1676150046)")
    seats: dict[str, list[dict]] = defaultdict(list)
    for s in read_seats(lake).filter(pl.col("hand_key").is_in(wanted)).sort("seat", maintain_order=True).iter_rows(
            named=True):
        seats[s["hand_key"]].append(s)
    payouts: dict[str, list[dict]] = defaultdict(list)
    for p in read_table(lake, "payouts", _PAYOUT_COLUMNS).filter(pl.col("hand_key").is_in(wanted)).iter_rows(
            named=True):
        payouts[p["hand_key"]].append(p)
    resolve = PolicyResolver(policy)
    # the audit's own verdict for each hand, with hand strengths evaluated in bulk; the
    # explanation's settlement below still evaluates every hand with the cards used
    requests = [r for key in wanted for r in strength_requests(by_key[key], seats[key])]
    strengths: dict[str, dict[tuple[int, int, int], Any]] = defaultdict(dict)
    for ((hand_key, seat, run), half), value in bulk_strengths(requests).items():
        strengths[hand_key][(seat, run, half)] = value
    # showdowns (pure settlement work) may go to worker processes; the rest (polars) stays
    def showdown(key: str) -> bool:
        return sum(1 for s in seats[key] if s["dealt_in"] and s["folded_street"] is None) >= 2

    work = [(by_key[k], seats[k], payouts[k], resolve(by_key[k]["platform"]), accept, strengths.get(k))
            for k in wanted if showdown(k)]
    settled = _in_order(_explanation, work, workers, EXPLAIN_PARALLEL_FROM)
    contradictions: dict[str, list[dict]] = defaultdict(list)
    seat_frame = pl.DataFrame([{"hand_key": s["hand_key"], "seat": s["seat"], "player": s["player"]}
                               for key in wanted for s in seats[key]],
                              schema={"hand_key": pl.Utf8, "seat": pl.Int32, "player": pl.Utf8})
    for f in contradiction_findings(rows, seat_frame).iter_rows(named=True):
        reason = (accept or {}).get((f["hand_key"], f["kind"]))
        f["accepted"], f["accept_reason"] = reason is not None, reason
        contradictions[f["hand_key"]].append(f)
    for key in wanted:
        if showdown(key):
            explanation = next(settled)
        else:
            explanation = _explanation(by_key[key], seats[key], payouts[key], resolve(by_key[key]["platform"]),
                                       accept)
        if contradictions.get(key):
            explanation["findings"] = list(explanation.get("findings") or []) + contradictions[key]
            if explanation.get("verdict") != Verdict.UNVERIFIABLE.value:
                explanation["verdict"], explanation["reason"] = Verdict.FINDINGS.value, None
        yield explanation


def _explanation(row: Mapping[str, Any], seats: list[dict], payouts: list[dict], pol: Policy,
                 accept: Mapping[tuple[str, str], str] | None,
                 strengths: Mapping[tuple[int, int, int], Any] | None = None) -> dict[str, Any]:
    from audit.audit import build_showdown
    from rules.settle import SettlementInputError, settle
    from rules.showdown_json import settlement_to_json

    hand = row["hand_key"]
    live = [s for s in seats if s["dealt_in"] and s["folded_street"] is None]
    recorded: dict[str, int] = {str(s["seat"]): 0 for s in seats}
    for p in payouts:
        if p["source"] == PayoutSource.POT:
            recorded[str(p["seat"])] += p["amount"]
    out: dict[str, Any] = {
        "hand_key": hand, "hand_id": row["hand_id"], "platform": row["platform"], "game": row["game"],
        "policy": pol.name, "policy_options": pol.resolve(), "currency": row["currency"],
        "amount_scale": row["amount_scale"], "button": row["button_seat"],
        "boards": [list(b) for b in (row["boards"] or [])],
        "pot_total": row["pot_total"], "rake": row["rake"], "fees": row["fees"],
        "rake_source": row["rake_source"], "notes": row["notes"] or [],
        "seats": [{"seat": s["seat"], "player": s["player"], "cards": s["cards"] or [],
                   "contributed": s["contributed"], "folded": s["folded_street"] is not None,
                   "mucked": bool(s["mucked"]), "cashed_out": bool(s["cashed_out"]),
                   "showed": bool(s["showed"])} for s in seats],
        "payout_lines": [{k: p[k] for k in ("seat", "amount", "pot", "run", "half", "source", "line")}
                         for p in payouts],
        "recorded": dict(recorded),
    }
    if len(live) < 2:
        full = {**row, "n_live": len(live)}
        outcome = audit_lake_single(full, seats, payouts, pol)
        out.update(outcome)
        return out
    try:
        showdown = build_showdown(row, seats, payouts, pol)
        settlement = settle(showdown)
    except SettlementInputError as exc:
        out.update({"verdict": Verdict.UNVERIFIABLE.value, "reason": str(exc), "findings": [],
                    "expected": {}, "pots": [], "hands": {}})
        return out
    result = audit_showdown(row, seats, payouts, pol, strengths)
    findings = result.findings
    if accept:
        for f in findings:
            reason = accept.get((f["hand_key"], f["kind"]))
            f["accepted"], f["accept_reason"] = reason is not None, reason
    out.update(settlement_to_json(settlement))
    expected = {str(s["seat"]): 0 for s in seats}
    expected.update({str(s): a for s, a in result.expected.items()})
    out["expected"] = expected
    out["verdict"], out["reason"], out["findings"] = result.verdict.value, result.reason, findings
    return out


def audit_lake_single(hand: Mapping[str, Any], seats: list[dict], payouts: list[dict], pol: Policy) -> dict[str, Any]:
    """The uncontested path for one hand, as an explanation fragment."""
    frame = pl.DataFrame([{k: hand[k] for k in _HAND_COLUMNS}])
    live = pl.DataFrame([{"hand_key": s["hand_key"], "seat": s["seat"]} for s in seats
                         if s["dealt_in"] and s["folded_street"] is None],
                        schema={"hand_key": pl.Utf8, "seat": pl.Int32})
    rec = pl.DataFrame([{"hand_key": p["hand_key"], "seat": p["seat"], "amount": p["amount"]} for p in payouts
                        if p["source"] == PayoutSource.POT],
                       schema={"hand_key": pl.Utf8, "seat": pl.Int32, "amount": pl.Int64})
    rec = rec.group_by("hand_key", "seat").agg(pl.col("amount").sum())
    if live.height != 1:
        return {"verdict": Verdict.UNVERIFIABLE.value, "reason": "no seat was left in the hand",
                "findings": [], "expected": {}, "pots": [], "hands": {}}
    verdicts, findings = audit_uncontested(frame, live, rec)
    winner = live["seat"][0]
    deduction = (hand["rake"] or 0) + hand["fees"]
    return {
        "verdict": verdicts["verdict"][0], "reason": verdicts["reason"][0],
        "findings": findings.to_dicts(),
        "expected": {str(winner): hand["pot_total"] - deduction - hand["house_retained"]},
        "pots": [{"index": 0, "amount": hand["pot_total"], "rake": deduction,
                  "net": hand["pot_total"] - deduction, "contenders": [str(winner)], "house": 0,
                  "odd_chips": [], "runs": [{"run": 1, "amount": hand["pot_total"] - deduction, "odd_chips": [],
                                             "halves": [{"half": "whole", "amount": hand["pot_total"] - deduction,
                                                         "winners": [str(winner)],
                                                         "awards": {str(winner): hand["pot_total"] - deduction},
                                                         "odd_chips": [], "note": "uncontested"}]}]}],
        "hands": {},
    }
