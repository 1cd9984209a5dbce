"""The compliance summary: pure functions from ``hands`` and ``findings`` frames to counts.

Inputs are the audit's ``OUT/hands.parquet`` and ``OUT/findings.parquet``
(``contracts.md``, ``hhaudit run``). Amounts are integers in minor units with the
hand's ``amount_scale``; ``currency`` null means tournament chips or play money. Money
is never added across currencies, and chips are never added to money: every total is
a tuple of :class:`Money`, one per currency, chips last. Sums are exact integer sums;
amounts of one currency written at different scales are brought to the finest scale by
integer multiplication (scales are powers of ten), never through floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import polars as pl

from rules.money import format_minor
from rules.vocab import FindingKind, Verdict

CHIPS = "chips"

FINDINGS_SCHEMA: dict[str, pl.DataType] = {
    "hand_key": pl.String(),
    "hand_id": pl.String(),
    "platform": pl.String(),
    "game": pl.String(),
    "seat": pl.Int32(),
    "player": pl.String(),
    "pot": pl.Int32(),
    "run": pl.Int32(),
    "half": pl.String(),
    "recorded": pl.Int64(),
    "expected": pl.Int64(),
    "delta": pl.Int64(),
    "amount_scale": pl.Int64(),
    "currency": pl.String(),
    "kind": pl.String(),
    "detail": pl.String(),
    "accepted": pl.Boolean(),
    "accept_reason": pl.String(),
}
"""Columns of ``findings.parquet`` as reports read them, in output order: those that
``audit.schema.FINDINGS`` declares (reports import only the kernel, so they cannot read
that declaration; ``tests/test_schema.py`` holds the two equal)."""

FINDINGS_REQUIRED = ("hand_key", "platform", "game", "delta", "amount_scale", "currency", "kind")
"""Columns without which no summary can be made; the others default to null."""

HANDS_SCHEMA: dict[str, pl.DataType] = {
    "hand_key": pl.String(),
    "hand_id": pl.String(),
    "platform": pl.String(),
    "game": pl.String(),
    "verdict": pl.String(),
    "reason": pl.String(),
    "policy": pl.String(),
}
"""Columns of ``hands.parquet`` reports use (others are kept, not needed), typed as
``audit.schema.VERDICTS`` declares them (``tests/test_schema.py``)."""

HANDS_REQUIRED = ("hand_key", "platform", "game", "verdict")
#: the column of a ``verdict_tally``: hands of one platform, game and verdict
TALLY_COUNT = "hands"

_KIND_ORDER = {kind.value: i for i, kind in enumerate(FindingKind)}


class ReportInputError(ValueError):
    """A frame that cannot be summarised (a missing column, a column of the wrong kind)."""


def _conform(frame: pl.DataFrame, schema: dict[str, pl.DataType], required: Iterable[str],
             what: str) -> pl.DataFrame:
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise ReportInputError(f"{what} has no column {', '.join(missing)}")
    columns = []
    for name, dtype in schema.items():
        if name not in frame.columns:
            columns.append(pl.lit(None, dtype=dtype).alias(name))
            continue
        have = frame.schema[name]
        if have == dtype:
            columns.append(pl.col(name))
        elif dtype == pl.String() and have != pl.Null():
            columns.append(pl.col(name).cast(pl.String))
        elif have == pl.Null() or (dtype.is_integer() and have.is_integer()) or dtype == have:
            columns.append(pl.col(name).cast(dtype))
        else:
            raise ReportInputError(f"{what}: column {name} is {have}, expected {dtype}")
    extra = [c for c in frame.columns if c not in schema]
    return frame.select(columns + [pl.col(c) for c in extra])


def conform_findings(findings: pl.DataFrame) -> pl.DataFrame:
    """``findings`` with every column of :data:`FINDINGS_SCHEMA`, typed, in order.

    >>> conform_findings(pl.DataFrame({"hand_key": ["a"]}))
    Traceback (most recent call last):
    ...
    reports.summary.ReportInputError: findings has no column platform, game, delta, amount_scale, currency, kind
    """
    out = _conform(findings, FINDINGS_SCHEMA, FINDINGS_REQUIRED, "findings")
    return out.with_columns(pl.col("accepted").fill_null(False))


def conform_hands(hands: pl.DataFrame) -> pl.DataFrame:
    """``hands`` with the columns of :data:`HANDS_SCHEMA` typed (extra columns kept)."""
    return _conform(hands, HANDS_SCHEMA, HANDS_REQUIRED, "hands")


@dataclass(frozen=True, slots=True)
class Money:
    """An exact amount of one currency (``currency`` None: chips) in minor units.

    Chips are worth nothing outside their own tournament (or play-money platform), so a
    chip amount carries its ``pool``: ``pokerstars tournament 123`` or the platform.
    """

    currency: str | None
    scale: int
    amount: int
    pool: str | None = None

    def label(self) -> str:
        """``USD 12.34`` or ``2383 chips (pokerstars tournament 7)``.

        >>> Money("USD", 100, 1234).label(), Money(None, 1, 2383, "pokerstars tournament 7").label()
        ('USD 12.34', '2383 chips (pokerstars tournament 7)')
        """
        if self.currency is None:
            pool = f" ({self.pool})" if self.pool else ""
            return f"{format_minor(self.amount, self.scale)} {CHIPS}{pool}"
        return f"{self.currency} {format_minor(self.amount, self.scale)}"


def money_label(money: Iterable[Money]) -> str:
    """Several currencies on one line, ``-`` when there is none."""
    parts = [m.label() for m in money]
    return "; ".join(parts) if parts else "-"


#: finding kinds in which no money moved: the history contradicts itself, nothing more
NO_MONEY_KINDS = (FindingKind.HISTORY_INCONSISTENT.value,)


def chip_pool(platform: str | None, tournament_id: str | None) -> str:
    """What a chip amount is worth something in: its tournament, else its platform.

    >>> chip_pool("pokerstars", "123"), chip_pool("winamax", None)
    ('pokerstars tournament 123', 'winamax')
    """
    return f"{platform} tournament {tournament_id}" if tournament_id else str(platform)


def with_pool(findings: pl.DataFrame) -> pl.DataFrame:
    """``findings`` with ``pool``: null for money, the chip pool (:func:`chip_pool`) for
    chips, from ``tournament_id`` where the frame has it (``audit.report_job`` adds it
    from the lake; ``findings.parquet`` has no such column)."""
    tid = pl.col("tournament_id") if "tournament_id" in findings.columns else pl.lit(None, pl.String)
    pool = (pl.when(tid.is_not_null()).then(pl.col("platform") + pl.lit(" tournament ") + tid.cast(pl.String))
            .otherwise(pl.col("platform")))
    return findings.with_columns(
        pl.when(pl.col("currency").is_null()).then(pool).otherwise(pl.lit(None, pl.String)).alias("pool"))


def _finest(parts: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """(scale, amount) parts of one currency as one amount at the finest scale."""
    parts = list(parts)
    finest = max(scale for scale, _ in parts)
    return finest, sum(amount * (finest // scale) for scale, amount in parts)


def _sorted_money(totals: dict[tuple[str | None, str | None], list[tuple[int, int]]]) -> tuple[Money, ...]:
    keys = sorted(totals, key=lambda k: (k[0] is None, k[0] or "", k[1] or ""))
    return tuple(Money(currency, *_finest(totals[(currency, pool)]), pool) for currency, pool in keys)


def money_totals(findings: pl.DataFrame) -> tuple[Money, ...]:
    """The money involved in conformed ``findings``, per currency (A-Z), chips last and
    per tournament: each hand counts once what went to the wrong seats, the larger of
    what it overpaid and what it underpaid (a misallocated amount is one amount, not its
    winner's gain plus its loser's loss; a payout dropped is what was underpaid), and
    ``history_inconsistent`` rows count nothing (no money moved).

    >>> f = conform_findings(pl.DataFrame({"hand_key": ["a", "a", "b", "c", "d"], "platform": "p",
    ...     "game": "g", "delta": [-5, 5, 120, 7, 40], "amount_scale": [100, 100, 10, 1, 100],
    ...     "currency": ["EUR", "EUR", "EUR", None, "EUR"],
    ...     "kind": ["wrong_winner", "wrong_winner", "rake", "odd_chip", "history_inconsistent"]}))
    >>> [m.label() for m in money_totals(f)]
    ['EUR 12.05', '7 chips (p)']
    """
    rows = (
        with_pool(findings.filter(pl.col("delta").is_not_null() & ~pl.col("kind").is_in(NO_MONEY_KINDS)))
        .group_by("hand_key", "currency", "pool", "amount_scale")
        .agg(pl.col("delta").clip(lower_bound=0).sum().alias("over"),
             (-pl.col("delta")).clip(lower_bound=0).sum().alias("under"))
        .rows()
    )
    per_hand: dict[tuple[str, str | None, str | None], list[tuple[int, int, int]]] = {}
    for hand, currency, pool, scale, over, under in rows:
        per_hand.setdefault((hand, currency, pool), []).append((int(scale), int(over), int(under)))
    totals: dict[tuple[str | None, str | None], list[tuple[int, int]]] = {}
    for (_, currency, pool), parts in per_hand.items():
        scale, over = _finest((s, o) for s, o, _ in parts)
        _, under = _finest((s, u) for s, _, u in parts)
        totals.setdefault((currency, pool), []).append((scale, max(over, under)))
    return _sorted_money(totals)


@dataclass(frozen=True, slots=True)
class HandCounts:
    """Audited hands by verdict."""

    audited: int = 0
    clean: int = 0
    findings: int = 0
    unverifiable: int = 0
    relative_only: int = 0


def verdict_tally(hands: pl.DataFrame) -> pl.DataFrame:
    """``hands`` counted by platform, game and verdict (the column ``hands``): all that
    a summary needs of them. A tally is returned as it is."""
    if "hand_key" not in hands.columns and TALLY_COUNT in hands.columns:
        return hands
    return conform_hands(hands).group_by("platform", "game", "verdict").len(TALLY_COUNT)


def hand_counts(hands: pl.DataFrame) -> HandCounts:
    """Count ``hands`` (or their ``verdict_tally``) by verdict."""
    tally = verdict_tally(hands)
    verdicts = dict(tally.group_by("verdict").agg(pl.col(TALLY_COUNT).sum()).rows())
    return HandCounts(
        audited=int(tally[TALLY_COUNT].sum()),
        clean=verdicts.get(Verdict.CLEAN.value, 0),
        findings=verdicts.get(Verdict.FINDINGS.value, 0),
        unverifiable=verdicts.get(Verdict.UNVERIFIABLE.value, 0),
        relative_only=verdicts.get(Verdict.RELATIVE_ONLY.value, 0),
    )


@dataclass(frozen=True, slots=True)
class KindSummary:
    """Findings of one kind: how many, how many accepted, the money involved."""

    kind: str
    findings: int
    accepted: int
    money: tuple[Money, ...]


@dataclass(frozen=True, slots=True)
class GroupSummary:
    """One platform and game: its hands by verdict and its findings by kind."""

    platform: str
    game: str
    hands: HandCounts
    findings: int
    accepted: int
    money: tuple[Money, ...]
    kinds: tuple[KindSummary, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    """Everything the report's first page says, computed once."""

    hands: HandCounts
    findings: int
    accepted: int
    money: tuple[Money, ...]
    kinds: tuple[KindSummary, ...]
    groups: tuple[GroupSummary, ...]
    verdicts_by_platform: tuple[tuple[str, HandCounts], ...]

    @property
    def not_accepted(self) -> int:
        return self.findings - self.accepted


def _kinds(findings: pl.DataFrame) -> tuple[KindSummary, ...]:
    out = []
    for (kind,), part in findings.group_by("kind"):
        accepted = part.filter(pl.col("accepted")).height
        out.append(KindSummary(kind, part.height, accepted, money_totals(part)))
    return tuple(sorted(out, key=lambda k: (_KIND_ORDER.get(k.kind, len(_KIND_ORDER)), k.kind)))


def summarise(hands: pl.DataFrame, findings: pl.DataFrame) -> Summary:
    """The summary of one audit run by platform, game and kind; ``hands`` may be their
    ``verdict_tally`` (what ``hhaudit run`` keeps of millions of verdicts)."""
    hands = verdict_tally(hands)
    findings = conform_findings(findings)
    keys = set(hands.select("platform", "game").unique().rows())
    keys |= set(findings.select("platform", "game").unique().rows())
    groups = []
    for platform, game in sorted(keys, key=lambda k: (k[0] or "", k[1] or "")):
        group_hands = hands.filter((pl.col("platform") == platform) & (pl.col("game") == game))
        group_findings = findings.filter(
            (pl.col("platform") == platform) & (pl.col("game") == game))
        groups.append(GroupSummary(
            platform=platform, game=game, hands=hand_counts(group_hands),
            findings=group_findings.height,
            accepted=group_findings.filter(pl.col("accepted")).height,
            money=money_totals(group_findings), kinds=_kinds(group_findings),
        ))
    platforms = sorted({p for p, _ in keys}, key=lambda p: p or "")
    verdicts = tuple(
        (platform, hand_counts(hands.filter(pl.col("platform") == platform)))
        for platform in platforms
    )
    return Summary(
        hands=hand_counts(hands),
        findings=findings.height,
        accepted=findings.filter(pl.col("accepted")).height,
        money=money_totals(findings),
        kinds=_kinds(findings),
        groups=tuple(groups),
        verdicts_by_platform=verdicts,
    )


def worst_findings(findings: pl.DataFrame, top: int | None = None) -> pl.DataFrame:
    """Findings worst first: largest |delta| first within each currency, in its own unit.

    Amounts of different currencies cannot be compared, so ``top`` keeps the findings
    of best rank within their own currency (every currency's worst before any
    currency's second worst). The result is ordered by currency (A-Z, chips last),
    then |delta| descending; ties are broken by hand, seat, pot, run, half and kind so
    the order never depends on the input's. Adds ``abs_delta`` and ``rank`` (1 = worst
    of its currency).
    """
    findings = conform_findings(findings)
    ranked = findings.with_columns(
        pl.col("delta").abs().fill_null(0).alias("abs_delta"),
        pl.col("currency").is_null().alias("_is_chips"),
    ).sort(
        ["_is_chips", "currency", "abs_delta", "accepted", "hand_key", "seat", "pot", "run",
         "half", "kind"],
        descending=[False, False, True, False, False, False, False, False, False, False],
        nulls_last=True,
    ).with_columns(
        pl.int_range(1, pl.len() + 1).over("_is_chips", "currency").alias("rank")
    )
    if top is not None and ranked.height > top:
        keep = ranked.with_row_index("_order").sort("rank", "_order").head(top)
        ranked = keep.sort("_order").drop("_order")
    return ranked.drop("_is_chips")
