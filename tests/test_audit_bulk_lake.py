"""The audit with showdowns settled in bulk gives exactly the verdicts and findings of the
audit that settles every showdown one by one, on a lake full of errors of every sort."""

from __future__ import annotations

import random
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from audit.bulk_showdowns import audit_showdowns_bulk
from audit.ingest import ingest
from audit.lake import LakeWriter, read_table
from audit.hand_rows import AUDIT_PAYOUT_COLUMNS, HAND_COLUMNS, read_seats
from audit.pipeline import audit_lake
from audit.policies import PolicyResolver
from audit.schema import TABLES
from bench.generate import write_file

HANDS = 900


def _mutate(tables: dict[str, pl.DataFrame], rng: random.Random) -> None:
    """Change payouts, seats and hands at random: wrong amounts and seats, mucked,
    cashed-out and card-less seats, dead money, other contributions, no button, rake
    not printed, tournaments, broken boards."""
    def pick(frame: pl.DataFrame, share: float) -> pl.Series:
        return pl.Series([rng.random() < share for _ in range(frame.height)])

    p = tables["payouts"]
    seats_of = p["seat"].to_list()
    p = p.with_columns(
        pl.when(pick(p, 0.03)).then(pl.col("amount") + 1)
        .when(pick(p, 0.03)).then(pl.col("amount") - 5)
        .when(pick(p, 0.02)).then(0).otherwise(pl.col("amount")).alias("amount"),
        pl.when(pick(p, 0.03)).then(pl.Series([rng.choice(seats_of) for _ in range(p.height)]))
        .otherwise(pl.col("seat")).alias("seat"),
        pl.when(pick(p, 0.02)).then(pl.lit("uncalled")).otherwise(pl.col("source")).alias("source"),
    )
    tables["payouts"] = p.filter(~pick(p, 0.02))

    s = tables["seats"]
    s = s.with_columns(
        pl.when(pick(s, 0.03)).then(True).otherwise(pl.col("mucked")).alias("mucked"),
        pl.when(pick(s, 0.02)).then(True).otherwise(pl.col("cashed_out")).alias("cashed_out"),
        pl.when(pick(s, 0.02)).then(pl.lit(None, pl.List(pl.Utf8)))
        .when(pick(s, 0.01)).then(pl.col("cards").list.head(3)).otherwise(pl.col("cards")).alias("cards"),
        pl.when(pick(s, 0.03)).then(pl.col("contributed") + rng.choice([1, 7, 50, 300]))
        .when(pick(s, 0.01)).then(0).otherwise(pl.col("contributed")).alias("contributed"),
    )
    tables["seats"] = s

    a = tables["actions"]
    tables["actions"] = a.with_columns(
        pl.when(pick(a, 0.01) & pl.col("kind").str.starts_with("post")).then(pl.lit("post_dead"))
        .otherwise(pl.col("kind")).alias("kind"))

    h = tables["hands"]
    unprinted = pick(h, 0.05)
    h = h.with_columns(
        pl.when(pick(h, 0.03)).then(pl.lit(None, pl.Int32)).otherwise(pl.col("button_seat")).alias("button_seat"),
        pl.when(unprinted).then(pl.lit(None, pl.Int64)).otherwise(pl.col("rake")).alias("rake"),
        pl.when(unprinted).then(pl.lit("absent")).otherwise(pl.col("rake_source")).alias("rake_source"),
        pl.when(pick(h, 0.02)).then(True).otherwise(pl.col("is_tournament")).alias("is_tournament"),
        pl.when(pick(h, 0.01)).then(pl.col("boards").list.eval(pl.element().list.head(4)))
        .when(pick(h, 0.01)).then(pl.col("boards").list.eval(
            pl.element().list.head(4).list.concat(pl.element().list.head(1))))
        .otherwise(pl.col("boards")).alias("boards"),
        pl.when(pick(h, 0.02)).then(pl.col("fees") + 3)
        .when(pick(h, 0.01)).then(pl.col("fees") - 500)  # money the house added (a splash)
        .otherwise(pl.col("fees")).alias("fees"),
    )
    tables["hands"] = h


@pytest.fixture(scope="module")
def lake(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bulk")
    history = root / "hands.txt"
    write_file(history, HANDS, seed=11, plant_every=9)
    original = root / "original"
    ingest([history], original)
    tables = {name: read_table(original, name) for name in TABLES}
    _mutate(tables, random.Random("bulk-lake"))
    mutated = root / "mutated"
    writer = LakeWriter(mutated)
    for name, frame in tables.items():
        writer.add(name, frame.to_arrow())
    writer.close()
    return mutated


@pytest.mark.parametrize("policy", [None, "tda", "pkr", "pokerkit", "wsop-live", "bovada"])
def test_bulk_showdowns_audit_exactly_like_one_by_one(lake: Path, policy: str | None) -> None:
    bulk = audit_lake(lake, policy=policy)
    one_by_one = audit_lake(lake, policy=policy, bulk_showdowns=False)
    assert_frame_equal(bulk.verdicts, one_by_one.verdicts)
    assert_frame_equal(bulk.findings, one_by_one.findings)
    assert bulk.verdicts.height == HANDS
    kinds = set(bulk.findings["kind"].to_list())
    assert {"not_conserved", "wrong_winner", "odd_chip"} <= kinds


def test_most_showdowns_of_the_lake_are_settled_in_bulk(lake: Path) -> None:
    hands = read_table(lake, "hands", HAND_COLUMNS)
    seats = read_seats(lake)
    live = seats.filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
    contested = (hands.join(live.group_by("hand_key").agg(pl.len().alias("n_live")), on="hand_key")
                 .filter(pl.col("n_live") >= 2))
    settled = audit_showdowns_bulk(contested, seats, read_table(lake, "payouts", ["hand_key", *AUDIT_PAYOUT_COLUMNS]),
                                   PolicyResolver())
    assert set(settled["verdict"].to_list()) == {"clean", "relative_only"}
    assert contested.height * 0.3 < settled.height < contested.height  # the rest: changed hands


def test_worker_processes_audit_exactly_like_one_process(lake: Path, monkeypatch) -> None:
    import multiprocessing

    import audit.pipeline as pipeline

    contexts: list[str] = []
    real = multiprocessing.get_context

    def spy(method=None):
        contexts.append(method)
        return real(method)

    monkeypatch.setattr(pipeline, "PARALLEL_FROM", 10)
    monkeypatch.setattr(multiprocessing, "get_context", spy)
    one = audit_lake(lake, bulk_showdowns=False, workers=1)
    assert contexts == []
    two = audit_lake(lake, bulk_showdowns=False, workers=2)
    assert contexts == ["fork"]
    assert_frame_equal(one.verdicts, two.verdicts)
    assert_frame_equal(one.findings, two.findings)
    assert one.findings.height > 50


def test_showdowns_settled_in_slices_side_by_side_are_settled_exactly_as_in_one_call(
        lake: Path, monkeypatch) -> None:
    import threading

    import audit.pipeline as pipeline

    hands = read_table(lake, "hands", HAND_COLUMNS)
    seats = read_seats(lake)
    payouts = read_table(lake, "payouts", ["hand_key", *AUDIT_PAYOUT_COLUMNS])
    live = seats.filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
    contested = (hands.join(live.group_by("hand_key").agg(pl.len().alias("n_live")), on="hand_key")
                 .filter(pl.col("n_live") >= 2))
    whole = audit_showdowns_bulk(contested, seats, payouts, PolicyResolver())
    calls: list[tuple[int, bool]] = []

    def spy(slice_of_hands: pl.DataFrame, *rest):
        calls.append((slice_of_hands.height, threading.current_thread() is threading.main_thread()))
        return audit_showdowns_bulk(slice_of_hands, *rest)

    monkeypatch.setattr(pipeline, "audit_showdowns_bulk", spy)
    sliced = pipeline.settle_in_slices(contested, seats, payouts, PolicyResolver(), workers=3, smallest=100)
    n = contested.height
    assert sorted(calls) == sorted((n * (i + 1) // 3 - n * i // 3, False) for i in range(3))
    assert_frame_equal(sliced.sort("hand_key"), whole.sort("hand_key"))
    assert whole.height > 200
    calls.clear()
    assert_frame_equal(pipeline.settle_in_slices(contested, seats, payouts, PolicyResolver(), smallest=n), whole)
    assert calls == [(n, True)]


def test_showdowns_without_seat_rows_are_left_to_one_by_one(lake: Path) -> None:
    hands = read_table(lake, "hands", HAND_COLUMNS).head(5)
    settled = audit_showdowns_bulk(hands, read_seats(lake).head(0), read_table(lake, "payouts", ["hand_key", *AUDIT_PAYOUT_COLUMNS]),
                                   PolicyResolver())
    assert settled.height == 0 and list(settled.columns)[:5] == ["hand_key", "hand_id", "platform", "game", "verdict"]


def test_a_seat_that_showed_more_cards_than_the_game_deals_makes_the_hand_unverifiable(tmp_path: Path) -> None:
    # were it taken as conceding, a pot paid to the wrong seat would pass as clean
    history = tmp_path / "hands.txt"
    write_file(history, 40, seed=5)
    original = tmp_path / "original"
    ingest([history], original)
    tables = {name: read_table(original, name) for name in TABLES}
    paid = tables["payouts"].filter(pl.col("source") == "pot").select("hand_key", "seat").unique()
    shown_losers = (tables["seats"].filter(pl.col("showed") & pl.col("folded_street").is_null())
                    .join(paid, on=["hand_key", "seat"], how="anti").sort("hand_key", "seat"))
    key, seat = shown_losers.row(0, named=True)["hand_key"], shown_losers.row(0, named=True)["seat"]
    game = tables["hands"].filter(pl.col("hand_key") == key)["game"].item()
    assert game == "omaha_hilo"
    before = audit_lake(original).verdicts.filter(pl.col("hand_key") == key)["verdict"].item()
    assert before == "clean"

    def audited_with(cards: pl.Expr, name: str) -> list[pl.DataFrame]:
        changed = {**tables, "seats": tables["seats"].with_columns(
            pl.when((pl.col("hand_key") == key) & (pl.col("seat") == seat)).then(cards)
            .otherwise(pl.col("cards")).alias("cards"))}
        writer = LakeWriter(tmp_path / name)
        for table, frame in changed.items():
            writer.add(table, frame.to_arrow())
        writer.close()
        return [audit_lake(tmp_path / name, bulk_showdowns=bulk).verdicts for bulk in (True, False)]

    for verdicts in audited_with(pl.col("cards").list.concat(pl.lit(["2c"])), "five"):
        row = verdicts.filter(pl.col("hand_key") == key).row(0, named=True)
        assert (row["verdict"], row["reason"]) == (
            "unverifiable", f"seat {seat} showed 5 cards, but Omaha Hi/Lo deals 4")
        assert verdicts.filter(pl.col("verdict") == "unverifiable").height == 1
    # a seat that showed, whose cards the history does not record, did not concede
    for verdicts in audited_with(pl.lit(None, pl.List(pl.String)), "unrecorded"):
        row = verdicts.filter(pl.col("hand_key") == key).row(0, named=True)
        assert (row["verdict"], row["reason"]) == (
            "unverifiable", f"seat {seat} showed its hand, but not all of its cards are recorded")
    # showing one card of four (PokerStars' "shows [Qs]") concedes, as mucking does
    for verdicts in audited_with(pl.col("cards").list.head(1), "one"):
        assert verdicts.filter(pl.col("hand_key") == key)["verdict"].item() == "clean"


@pytest.mark.parametrize("policy", [None, "wsop-live"])
def test_the_lake_wide_audit_finds_exactly_what_audit_hand_finds(lake: Path, policy: str | None) -> None:
    from tests.test_hand_audit import _reference, _rows

    outcome = audit_lake(lake, policy=policy)
    verdicts, findings = _reference(lake, policy)
    assert dict(outcome.verdicts.select("hand_key", pl.struct("verdict", "reason")).iter_rows()) == {
        k: {"verdict": v, "reason": r} for k, (v, r) in verdicts.items()}
    assert _rows(outcome.findings) == findings
    assert len(findings) > 100


def test_a_card_twice_on_one_board_makes_the_hand_unverifiable(tmp_path: Path) -> None:
    # the hand strengths evaluated in bulk never meet the cards again: settlement must
    # refuse the board itself (it took a card repeated on one board for runs sharing it)
    history = tmp_path / "hands.txt"
    write_file(history, 40, seed=5)
    original = tmp_path / "original"
    ingest([history], original)
    tables = {name: read_table(original, name) for name in TABLES}
    showdowns = (tables["seats"].filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
                 .group_by("hand_key").agg(pl.len().alias("n")).filter(pl.col("n") >= 2))
    hands = tables["hands"].join(showdowns, on="hand_key").filter(pl.col("boards").list.first().list.len() == 5)
    key, board = hands.sort("hand_key").select("hand_key", pl.col("boards").list.first()).row(0)
    tables["hands"] = tables["hands"].with_columns(
        pl.when(pl.col("hand_key") == key).then(pl.lit([[*board[:4], board[0]]], pl.List(pl.List(pl.Utf8))))
        .otherwise(pl.col("boards")).alias("boards"))
    writer = LakeWriter(tmp_path / "repeated")
    for name, frame in tables.items():
        writer.add(name, frame.to_arrow())
    writer.close()
    for bulk in (True, False):
        verdicts = audit_lake(tmp_path / "repeated", bulk_showdowns=bulk).verdicts
        row = verdicts.filter(pl.col("hand_key") == key).row(0, named=True)
        assert (row["verdict"], row["reason"]) == ("unverifiable", f"duplicate card {board[0]} (board 1 and board 1)")


def test_only_an_audit_of_one_batch_settles_slices_side_by_side(lake: Path, monkeypatch) -> None:
    import threading

    import audit.pipeline as pipeline

    on_main: list[bool] = []

    def spy(*args):
        on_main.append(threading.current_thread() is threading.main_thread())
        return audit_showdowns_bulk(*args)

    monkeypatch.setattr(pipeline, "audit_showdowns_bulk", spy)
    monkeypatch.setattr(pipeline, "SLICE_FROM", 50)
    one_batch = audit_lake(lake, workers=2)
    assert on_main == [False, False]
    on_main.clear()
    batched = audit_lake(lake, workers=2, batch_hands=300)
    batches = pipeline.hand_batches(pipeline.LakeTables(lake).partitions(), 300)
    assert len(batches) > 1 and len(on_main) == len(batches) and all(on_main)  # one call a batch, on the main thread
    assert_frame_equal(one_batch.verdicts, batched.verdicts) and one_batch.verdicts.height == HANDS
