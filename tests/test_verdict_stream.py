"""The verdicts kept on disk until ``hands.parquet`` is written (``audit.verdict_stream``):
the file holds the rows of every batch sorted by hand key, as one sort of them all."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
from polars.testing import assert_frame_equal

from audit import verdict_stream
from audit.findings import VERDICT_SCHEMA
from audit.outputs import AuditOutcome
from audit.verdict_stream import SortedVerdicts


def verdicts(numbers: list[int], verdict: str = "clean", platform: str = "pokerstars") -> pl.DataFrame:
    return pl.DataFrame(
        {
            "hand_key": [f"{platform}:{n}" for n in numbers],
            "hand_id": [str(n) for n in numbers],
            "platform": platform,
            "game": "omaha_hilo",
            "verdict": verdict,
            "reason": None,
            "policy": "pokerstars",
            "currency": "USD",
            "amount_scale": 100,
            "is_tournament": False,
        },
        schema=VERDICT_SCHEMA,
    )


def test_batches_merged_piece_by_piece_are_all_the_verdicts_sorted(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(verdict_stream, "PIECE_ROWS", 3)
    monkeypatch.setattr(verdict_stream, "ROW_GROUP_ROWS", 4)
    batches = [
        verdicts([15, 3, 9, 12, 1, 30, 7]),
        verdicts([2, 8, 100, 4], "findings"),
        verdicts([5], "unverifiable", "ipoker"),
        verdicts([11, 10, 6, 13, 14]),
    ]
    stream = SortedVerdicts()
    for batch in batches:
        stream.add(batch)
    expected = pl.concat(batches).sort("hand_key")
    assert stream.rows == 17
    assert_frame_equal(stream.frame(), expected)
    stream.write(tmp_path / "hands.parquet")
    assert_frame_equal(pl.read_parquet(tmp_path / "hands.parquet"), expected)
    groups = pq.ParquetFile(tmp_path / "hands.parquet").metadata
    assert [groups.row_group(i).num_rows for i in range(groups.num_row_groups)] == [4, 4, 4, 4, 1]
    tally = stream.tally().sort("verdict").rows()
    assert tally == [
        ("pokerstars", "omaha_hilo", "clean", 12),
        ("pokerstars", "omaha_hilo", "findings", 4),
        ("ipoker", "omaha_hilo", "unverifiable", 1),
    ]
    stream.close()


def test_no_verdict_writes_an_empty_file_of_the_verdicts_columns(tmp_path: Path) -> None:
    stream = SortedVerdicts()
    stream.write(tmp_path / "hands.parquet")
    written = pl.read_parquet(tmp_path / "hands.parquet")
    assert (written.height, written.schema) == (0, pl.Schema(VERDICT_SCHEMA))
    assert stream.tally().height == 0


def test_an_outcome_on_disk_counts_and_reads_as_one_in_memory(tmp_path: Path) -> None:
    batches = [verdicts([4, 2], "findings"), verdicts([3, 1])]
    stream = SortedVerdicts()
    for batch in batches:
        stream.add(batch)
    findings = pl.DataFrame({"accepted": [False], "kind": ["missed_low"]})
    on_disk = AuditOutcome(stream, findings, {})
    in_memory = AuditOutcome(pl.concat(batches).sort("hand_key"), findings, {})
    assert on_disk.counts() == in_memory.counts()
    assert (on_disk.audited, on_disk.counts()["findings"], on_disk.counts()["clean"]) == (4, 2, 2)
    assert_frame_equal(on_disk.verdicts, in_memory.verdicts)
    on_disk.write_verdicts(tmp_path / "a.parquet")
    in_memory.write_verdicts(tmp_path / "b.parquet")
    assert_frame_equal(pl.read_parquet(tmp_path / "a.parquet"), pl.read_parquet(tmp_path / "b.parquet"))
