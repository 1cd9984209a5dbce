"""The findings of a whole lake at once, in polars: hands without a showdown, and the
findings beside the pot's money (contradictions, returns the betting does not allow,
rake before the flop).

Each computes, for every hand of the frames it is given, what ``audit.hand_audit``
computes for one hand (its docstring says when each finding applies);
``tests/test_hand_audit.py`` holds them equal, hand by hand.
"""

from __future__ import annotations

import polars as pl

from audit.findings import FINDING_SCHEMA, money_expr
from audit.hand_audit import NO_FLOP_DETAIL, TOURNAMENT_RAKE_DETAIL, UNCONTESTED_RELATIVE_REASON
from rules.games import GAMES
from rules.vocab import ActionKind, FindingKind, RakeSource, Verdict


def audit_uncontested(hands: pl.DataFrame, live: pl.DataFrame,
                      recorded: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
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
        pl.lit(FindingKind.RAKE.value).alias("kind"), pl.lit(TOURNAMENT_RAKE_DETAIL).alias("detail"))
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
        pl.when(pl.col("relative")).then(pl.col("pot_total") - pl.col("fees"))
        .otherwise(pl.col("expected_net")).alias("expected"),
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
        .then(pl.lit(UNCONTESTED_RELATIVE_REASON)).otherwise(pl.lit(None, pl.Utf8)).alias("reason"),
        "currency", "amount_scale", "is_tournament")
    return verdicts, findings


def contradiction_findings(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """One ``history_inconsistent`` finding per place a history contradicts itself
    (``hands.contradictions``): the pay lines are the record of what was paid
    (``recorded``), the contradicting part of the history is ``expected``."""
    hands = hands.filter(pl.col("contradictions").is_not_null() & (pl.col("contradictions").list.len() > 0))
    if hands.height == 0:
        return pl.DataFrame(schema=FINDING_SCHEMA)
    rows = (hands.select("hand_key", "hand_id", "platform", "game", "amount_scale", "currency", "contradictions")
            .explode("contradictions").unnest("contradictions")
            .join(seats.select("hand_key", "seat", "player"), on=["hand_key", "seat"], how="left"))
    return rows.select(
        "hand_key", "hand_id", "platform", "game", pl.col("seat").cast(pl.Int32), "player",
        pl.lit(None, pl.Int32).alias("pot"), pl.lit(None, pl.Int32).alias("run"), pl.lit(None, pl.Utf8).alias("half"),
        pl.col("recorded").fill_null(0), pl.col("stated").fill_null(0).alias("expected"),
        (pl.col("recorded").fill_null(0) - pl.col("stated").fill_null(0)).alias("delta"),
        "amount_scale", "currency", pl.lit(FindingKind.HISTORY_INCONSISTENT.value).alias("kind"),
        pl.col("message").alias("detail"), pl.lit(False).alias("accepted"),
        pl.lit(None, pl.Utf8).alias("accept_reason"),
    ).cast(FINDING_SCHEMA)


def no_flop_rake_findings(hands: pl.DataFrame, platforms: list[str]) -> pl.DataFrame:
    """Rake taken from a board-game hand that ended before the flop, on platforms whose
    policy says ``no_flop_no_drop`` (PokerStars: rules.md §2.1)."""
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
        pl.lit(NO_FLOP_DETAIL).alias("detail"),
        pl.lit(False).alias("accepted"), pl.lit(None, pl.Utf8).alias("accept_reason"),
    ).cast(FINDING_SCHEMA)


def uncalled_return_findings(actions: pl.LazyFrame, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Returns of "uncalled" bets that the betting does not allow: only the largest
    bettor gets back what the second largest did not match (dead money never counts).
    ``seats`` carry ``dead`` (``audit.hand_rows.read_seats``); only the return actions
    of ``actions`` are read."""
    returned = (actions.filter(pl.col("kind") == ActionKind.UNCALLED_RETURN.value)
                .group_by("hand_key", "seat").agg(pl.col("amount").fill_null(0).sum().alias("returned")).collect())
    if returned.height == 0:
        return pl.DataFrame(schema=FINDING_SCHEMA)
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
        return pl.DataFrame(schema=FINDING_SCHEMA)
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
    ).cast(FINDING_SCHEMA)
