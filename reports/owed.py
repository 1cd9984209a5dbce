"""Who is owed what: findings summed by player, day, table or platform, and the
players-owed list staff use to refund players.

Inputs are conformed findings (:func:`reports.summary.conform_findings`), optionally with
``hand_date``, ``table_name`` and ``tournament_id`` joined from the lake's ``hands``
(``audit.report_job`` does it). Every amount is an exact integer of minor units with its
``amount_scale``; a currency's rows of different scales are brought to the finest scale.
Money is grouped per currency, chips per tournament (:func:`reports.summary.chip_pool`),
never added to each other.

Per group: ``underpaid`` is what the seats were paid less than the audit expects (the sum
of the negative deltas, as a positive amount), ``overpaid`` what they were paid more,
``net`` = ``overpaid`` - ``underpaid`` (negative: the group is owed money). A finding
without a seat (rake, fees) belongs to no player: ``--by player`` shows it under
:data:`NO_PLAYER`. ``history_inconsistent`` rows move no money and are left out.
The sums reconcile with ``findings.parquet`` to the unit: the underpaid column's total is
the sum of the negative deltas of the findings that count, per currency and pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from reports.choices import GroupBy as GroupBy  # re-exported: its home before
from reports.summary import CHIPS, NO_MONEY_KINDS, with_pool
from rules.money import format_minor

NO_PLAYER = "(no seat: rake and fees)"
"""The player named for findings without a seat in ``--by player``."""


#: the columns each grouping is keyed by (before currency and pool)
GROUP_COLUMNS: dict[GroupBy, tuple[str, ...]] = {
    GroupBy.PLAYER: ("platform", "player"),
    GroupBy.DAY: ("hand_date",),
    GroupBy.TABLE: ("platform", "table_name"),
    GroupBy.PLATFORM: ("platform",),
}

BY_COLUMNS = ("currency", "pool", "amount_scale", "underpaid", "overpaid", "net", "findings", "hands")
"""The columns after the group's own, in order."""

OWED_COLUMNS = ("platform", "player", "currency", "pool", "amount_scale", "owed", "owed_text", "hands")
"""The players-owed CSV's columns: ``owed`` in minor units, ``owed_text`` as printed,
``hands`` each hand behind it as ``hand_key (delta)``, ``; ``-separated."""


def _counted(findings: pl.DataFrame) -> pl.DataFrame:
    """The findings whose money counts, with ``pool`` and every amount at its currency's
    finest scale (so that sums of one currency are sums of one unit)."""
    rows = with_pool(findings.filter(pl.col("delta").is_not_null() & ~pl.col("kind").is_in(NO_MONEY_KINDS)))
    for column in ("hand_date", "table_name"):
        if column not in rows.columns:
            rows = rows.with_columns(pl.lit(None, pl.String).alias(column))
    finest = pl.col("amount_scale").max().over("currency", "pool")
    return rows.with_columns(
        (pl.col("delta") * (finest // pl.col("amount_scale"))).alias("delta"), finest.alias("amount_scale"),
        pl.col("player").fill_null(NO_PLAYER),
        pl.col("hand_date").fill_null("unknown"), pl.col("table_name").fill_null("(not printed)"))


def _order(frame: pl.DataFrame, keys: tuple[str, ...]) -> pl.DataFrame:
    """Currencies A-Z, chips last; within them by the group's keys."""
    return (frame.with_columns(pl.col("currency").is_null().alias("_chips"))
            .sort(["_chips", "currency", "pool", *keys], nulls_last=True).drop("_chips"))


def by_group(findings: pl.DataFrame, by: GroupBy) -> pl.DataFrame:
    """Underpaid, overpaid and net per group, currency and chip pool (see the module)."""
    keys = GROUP_COLUMNS[by]
    rows = _counted(findings)
    out = rows.group_by(*keys, "currency", "pool", "amount_scale").agg(
        (-pl.col("delta")).clip(lower_bound=0).sum().alias("underpaid"),
        pl.col("delta").clip(lower_bound=0).sum().alias("overpaid"),
        pl.col("delta").sum().alias("net"),
        pl.len().alias("findings"), pl.col("hand_key").n_unique().alias("hands"))
    return _order(out.select(*keys, *BY_COLUMNS), keys)


def players_owed(findings: pl.DataFrame) -> pl.DataFrame:
    """Each player's net underpayment per currency and chip pool (only players owed
    something: net < 0), with the hands behind it."""
    rows = _counted(findings).filter(pl.col("player") != NO_PLAYER)
    per_hand = rows.group_by("platform", "player", "currency", "pool", "amount_scale", "hand_key").agg(
        pl.col("delta").sum())
    out = (per_hand.sort("hand_key")
           .group_by("platform", "player", "currency", "pool", "amount_scale", maintain_order=True)
           .agg((-pl.col("delta")).sum().alias("owed"),
                pl.concat_str(pl.col("hand_key"), pl.lit(" ("), pl.col("delta").cast(pl.String), pl.lit(")"))
                .str.join("; ").alias("hands"))
           .filter(pl.col("owed") > 0))
    texts = [format_minor(o, s) for o, s in zip(out["owed"].to_list(), out["amount_scale"].to_list(), strict=True)]
    out = out.with_columns(pl.Series("owed_text", texts, dtype=pl.String))
    return _order(out.select(OWED_COLUMNS), ("platform", "player"))


@dataclass(frozen=True)
class _Unit:
    currency: str | None
    pool: str | None

    def label(self) -> str:
        return self.currency if self.currency is not None else f"{CHIPS} ({self.pool})"


def render_by(frame: pl.DataFrame, by: GroupBy) -> str:
    """:func:`by_group`'s frame as text, one table per currency (chips per pool)."""
    from reports.terminal import text_table

    keys = GROUP_COLUMNS[by]
    if frame.height == 0:
        return f"by {by}: no money involved\n"
    lines: list[str] = []
    for (currency, pool), part in frame.group_by("currency", "pool", maintain_order=True):
        lines += ["", f"by {by} ({_Unit(currency, pool).label()})"]
        rows: list[list[Any]] = []
        for r in part.iter_rows(named=True):
            scale = r["amount_scale"]
            rows.append([*(r[k] for k in keys), format_minor(r["underpaid"], scale),
                         format_minor(r["overpaid"], scale), format_minor(r["net"], scale),
                         r["findings"], r["hands"]])
        n = len(keys)
        lines += text_table([*keys, "underpaid", "overpaid", "net", "findings", "hands"], rows,
                            right=tuple(range(n, n + 5)))
    return "\n".join(lines[1:]) + "\n"
