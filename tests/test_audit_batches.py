"""The audit reads the lake a batch of partitions at a time (issue 14): the outcome is the
same whatever the batches, on the whole corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from audit.lake import partition_rows
from audit.pipeline import LakeTables, audit_lake, hand_batches


def test_batches_cover_every_partition_once(corpus_ingest: tuple[Any, Path]) -> None:
    summary, lake = corpus_ingest
    partitions = partition_rows(lake, "hands")
    assert sum(partitions.values()) == summary.hands_parsed
    batches = [b for b in hand_batches(partitions, most=30) if b is not None]
    assert len(batches) > 5
    whole = [(p, d) for b in batches if b.part is None for p, dates in b.dates.items() for d in dates]
    sliced = [(p, d, b.part) for b in batches if b.part is not None for p, dates in b.dates.items() for d in dates]
    assert sorted(whole + sorted({(p, d) for p, d, _ in sliced})) == sorted(partitions)
    for p, d in {(p, d) for p, d, _ in sliced}:  # a larger partition: all its slices, once each
        parts = [part for q, e, part in sliced if (q, e) == (p, d)]
        assert partitions[(p, d)] > 30 and parts == [(i, len(parts)) for i in range(len(parts))]
        assert sum(b.hands for b in batches if b.part is not None and b.dates == {p: (d,)}) == partitions[(p, d)]
    for b in batches:  # at most 30 hands each
        if b.part is None:
            assert b.hands == sum(partitions[(p, d)] for p, dates in b.dates.items() for d in dates)
        assert b.hands <= 30
    assert hand_batches(partitions, most=summary.hands_parsed) == [None]


def test_small_batches_give_the_outcome_of_one(corpus_ingest: tuple[Any, Path]) -> None:
    _, lake = corpus_ingest
    whole = audit_lake(lake, workers=1)
    batched = audit_lake(lake, workers=1, batch_hands=20)
    assert any(b is not None and b.part for b in hand_batches(partition_rows(lake, "hands"), most=20))
    assert whole.verdicts.height > 400 and whole.findings.height > 0
    assert batched.verdicts.equals(whole.verdicts)
    assert batched.findings.equals(whole.findings)
    assert {k: p.hash for k, p in batched.policies.items()} == {k: p.hash for k, p in whole.policies.items()}


def test_a_platform_s_batches_read_only_its_partitions(corpus_ingest: tuple[Any, Path]) -> None:
    _, lake = corpus_ingest
    tables = LakeTables(lake, ["pokerstars"])
    assert {p for p, _ in tables.partitions()} == {"pokerstars"}
    alone = audit_lake(lake, workers=1, platforms=["pokerstars"], batch_hands=5)
    assert set(alone.verdicts["platform"].to_list()) == {"pokerstars"}
    whole = audit_lake(lake, workers=1)
    assert alone.verdicts.equals(whole.verdicts.filter(whole.verdicts["platform"] == "pokerstars"))
