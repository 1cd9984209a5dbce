"""What the audit says of a hand: its findings and its verdict.

``Finding`` is one row of ``findings.parquet`` as a value, with exactly the columns
``audit.schema.FINDINGS`` declares (a test holds them equal); ``finding`` makes one for
a hand; ``findings_frame`` and ``order_findings`` give frames the declared types and the
output order; ``money_text`` and ``money_expr`` write an amount of a hand for people, in
Python and as a polars expression, alike. ``HandAudit`` is the whole audit of one hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import polars as pl

from audit.hand_rows import HandRow
from audit.schema import FINDINGS, VERDICTS, polars_schema
from rules.money import format_minor
from rules.settle import Settlement, Showdown
from rules.vocab import FindingKind, Verdict

FINDING_SCHEMA = polars_schema(FINDINGS)
VERDICT_SCHEMA = polars_schema(VERDICTS)


@dataclass(frozen=True, slots=True)
class Finding:
    """One difference, as ``findings.parquet`` stores it."""

    hand_key: str
    hand_id: str
    platform: str
    game: str
    seat: int | None
    player: str | None
    pot: int | None
    run: int | None
    half: str | None
    recorded: int
    expected: int
    delta: int
    amount_scale: int
    currency: str | None
    kind: str
    detail: str
    accepted: bool = False
    accept_reason: str | None = None

    def accept(self, accept: Mapping[tuple[str, str], str] | None) -> Finding:
        """This finding marked accepted when ``accept`` lists its hand and kind."""
        reason = (accept or {}).get((self.hand_key, self.kind))
        return replace(self, accepted=reason is not None, accept_reason=reason)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RankingTrial:
    """The audit of a hand under one of the rankings its platform may use
    (``rules.games.UNSETTLED_RANKINGS``): the game tried, the verdict it gives, and what
    it pays each seat from the pots."""

    game: str
    verdict: Verdict
    pays: Mapping[int, int]
    findings: int

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "verdict": self.verdict.value, "pays": {str(s): a for s, a in self.pays.items()},
                "findings": self.findings}


@dataclass(frozen=True)
class HandAudit:
    """One hand's audit: the verdict (with its reason), every finding in output order,
    and where a showdown was settled, the showdown and its settlement (each odd chip with
    the rule that placed it), with what the rules pay each seat (``expected``) against
    what the history paid it from the pots (``recorded``)."""

    verdict: Verdict
    reason: str | None = None
    findings: tuple[Finding, ...] = ()
    settlement: Settlement | None = None
    showdown: Showdown | None = None
    expected: Mapping[int, int] = field(default_factory=dict)
    recorded: Mapping[int, int] = field(default_factory=dict)
    #: which rake allocation explained the payouts, where the platform's is unknown
    detail: str | None = None
    #: where the platform's ranking of the game is in doubt, the audit under each candidate
    rankings: tuple[RankingTrial, ...] = ()


def money_text(hand: HandRow, amount: int) -> str:
    """An amount of this hand for people: ``USD 39.50``, or chips as a plain number."""
    text = format_minor(amount, hand.amount_scale)
    return f"{hand.currency} {text}" if hand.currency else text


def money_expr(amount: pl.Expr) -> pl.Expr:
    """``money_text`` as a polars expression over the frame's ``amount_scale`` and ``currency``.

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


def finding(hand: HandRow, kind: FindingKind, *, seat: int | None, recorded: int, expected: int,
            detail: str, players: Mapping[int, str] | None = None, pot: int | None = None,
            run: int | None = None, half: str | None = None) -> Finding:
    """A finding of ``hand`` (the player is looked up in ``players`` by seat)."""
    return Finding(
        hand_key=hand.hand_key, hand_id=hand.hand_id, platform=hand.platform, game=hand.game,
        seat=seat, player=(players or {}).get(seat) if seat is not None else None,
        pot=pot, run=run, half=half, recorded=recorded, expected=expected, delta=recorded - expected,
        amount_scale=hand.amount_scale, currency=hand.currency, kind=str(kind), detail=detail)


def findings_frame(findings: Iterable[Finding]) -> pl.DataFrame:
    """``findings`` as a frame of the declared columns and types."""
    return pl.DataFrame([f.as_dict() for f in findings], schema=FINDING_SCHEMA)


#: where each kind comes in a hand's findings: ``FindingKind``'s (contracts.md's) order
KIND_ORDER = {kind.value: i for i, kind in enumerate(FindingKind)}


def order_findings(findings: pl.DataFrame) -> pl.DataFrame:
    """The output order: by hand, kind, pot, run and seat (nulls last)."""
    return findings.with_columns(pl.col("kind").replace_strict(KIND_ORDER, return_dtype=pl.Int32).alias("_k")).sort(
        ["hand_key", "_k", "pot", "run", "seat"], nulls_last=True, maintain_order=True).drop("_k")


def finding_order(f: Finding) -> tuple[Any, ...]:
    """``order_findings``' key for one hand's findings, as a sort key."""
    return (KIND_ORDER[f.kind], *tuple((v is None, v or 0) for v in (f.pot, f.run, f.seat)))


def verdict_row(hand: HandRow, verdict: Verdict, reason: str | None, policy: str) -> dict[str, Any]:
    """One row of ``hands.parquet``."""
    return {"hand_key": hand.hand_key, "hand_id": hand.hand_id, "platform": hand.platform,
            "game": hand.game, "verdict": str(verdict), "reason": reason, "policy": policy,
            "currency": hand.currency, "amount_scale": hand.amount_scale,
            "is_tournament": hand.is_tournament}
