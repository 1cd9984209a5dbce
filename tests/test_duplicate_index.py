"""The duplicate index (``audit.ingest.duplicates``): keys kept as 64-bit hashes, every
hash met again confirmed against the stored key, so that keys sharing a hash stay apart."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa

from audit.ingest import duplicates, ingest
from audit.ingest.duplicates import HashIndex, SeenHands
from audit.lake import read_table, table_files
from tests.toy_format import PARSER, toy_hand


def same_hash(keys: list[str]) -> np.ndarray:
    """Every key one hash: each look-up must tell the keys apart by the key itself."""
    return np.zeros(len(keys), np.int64)


def chunk(*hands: tuple[str, str, str]) -> pa.Table:
    """A chunk's hand rows: (key, fingerprint, raw digest)."""
    keys, fps, raws = zip(*hands, strict=True)
    return pa.table({"hand_key": list(keys), "content_fingerprint": list(fps), "raw_sha256": list(raws)})


def offsets(*values: int) -> pa.Array:
    return pa.array(values, pa.int64())


def test_the_index_finds_every_row_of_a_hash_across_merged_runs(monkeypatch) -> None:
    monkeypatch.setattr(duplicates, "MERGED_RUN_MOST", 5)  # the third run stays apart
    index = HashIndex()
    index.add(np.array([5, 1], np.int64), np.array([0, 1]))
    index.add(np.array([5, 9], np.int64), np.array([2, 3]))
    index.add(np.array([7, 5], np.int64), np.array([4, 5]))
    assert len(index) == 6
    assert index.run_sizes() == [4, 2]
    assert sorted(index.matches(np.array([5, 2, 9], np.int64))) == [(0, 0), (0, 2), (0, 5), (2, 3)]


def test_keys_sharing_a_hash_are_compared_exactly() -> None:
    seen = SeenHands(same_hash)
    first = seen.screen(
        chunk(("t:1", "fa", "a" * 64), ("t:2", "fb", "b" * 64), ("t:1", "fa", "a" * 64)),
        "one.txt",
        offsets(0, 100, 200),
    )
    assert (first.keep, first.duplicates, first.other_views, first.conflicts) == ([True, True, False], 1, [], [])
    second = seen.screen(
        chunk(("t:3", "fc", "c" * 64), ("t:2", "fb", "d" * 64), ("t:1", "fX", "a" * 64), ("t:3", "fc", "c" * 64)),
        "two.txt",
        offsets(0, 50, 90, 130),
    )
    assert second.keep == [True, False, False, False]
    assert (second.duplicates, second.other_views) == (2, [1])  # t:2 another viewer's copy, t:3 again
    assert second.conflicts == [(2, "one.txt@0")]
    seen.close()


def test_a_new_key_whose_hash_is_stored_is_new(tmp_path: Path) -> None:
    seen = SeenHands(same_hash)
    assert seen.screen(chunk(("t:1", "fa", "a" * 64)), "one.txt", offsets(0)).keep is None
    again = seen.screen(chunk(("t:9", "fz", "z" * 64)), "two.txt", offsets(0))
    assert (again.keep, again.duplicates, again.conflicts) == ([True], 0, [])
    assert len(seen.index) == 2


def test_hands_stored_in_the_lake_are_confirmed_from_its_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(toy_hand("1") + toy_hand("2") + toy_hand("3", date="2024-01-03"))
    lake = tmp_path / "lake"
    ingest([tmp_path / "a.txt"], lake, parsers=(PARSER,))
    assert len(table_files(lake, "hands")) == 2  # two days, two partitions
    stored = read_table(lake, "hands").sort("hand_id")
    keys, fps, raws = (stored[c].to_list() for c in ("hand_key", "content_fingerprint", "raw_sha256"))
    seen = SeenHands.of_lake(lake, same_hash)
    assert len(seen.index) == 3
    screening = seen.screen(
        chunk(
            (keys[2], fps[2], raws[2]),
            ("betfair:4", "f4", "4" * 64),
            (keys[0], "changed", raws[0]),
            (keys[1], fps[1], "e" * 64),
        ),
        "b.txt",
        offsets(0, 10, 20, 30),
    )
    assert screening.keep == [False, True, False, False]
    assert (screening.duplicates, screening.other_views) == (2, [3])
    assert screening.conflicts == [(2, f"{tmp_path / 'a.txt'}@0")]
    seen.close()


def test_duplicates_across_runs_and_chunks_are_counted_as_before(tmp_path: Path) -> None:
    hands = [toy_hand(str(i)) for i in range(400)]
    (tmp_path / "a.txt").write_text("".join(hands))
    (tmp_path / "b.txt").write_text("".join(hands[150:]) + toy_hand("0", paid="1.80"))
    lake = tmp_path / "lake"
    first = ingest([tmp_path / "a.txt"], lake, parsers=(PARSER,), chunk_chars=3_000)
    second = ingest([tmp_path / "b.txt"], lake, parsers=(PARSER,), chunk_chars=3_000)
    assert (first.hands_parsed, first.hands_duplicate) == (400, 0)
    assert (second.hands_parsed, second.hands_duplicate, dict(second.quarantined_by_reason)) == (
        0,
        250,
        {"conflicting_duplicate": 1},
    )
    assert read_table(lake, "hands").height == 400


def test_copies_of_hands_stored_with_an_older_fingerprint_are_recognised(tmp_path: Path, monkeypatch) -> None:
    # a lake written by an hhaudit whose fingerprints were of another method (files
    # without today's fingerprint key): ingest recomputes them before comparing a copy
    import pyarrow.parquet as pq

    import audit.tables
    from audit.schema import FINGERPRINT_KEY, TABLES

    hands = [toy_hand(str(i)) for i in range(1, 5)]
    (tmp_path / "a.txt").write_text("".join(hands))
    older = TABLES["hands"].schema.remove_metadata().with_metadata(
        {k: v for k, v in TABLES["hands"].schema.metadata.items() if k != FINGERPRINT_KEY})
    with monkeypatch.context() as patch:
        patch.setitem(TABLES["hands"].__dict__, "schema", older)
        patch.setattr(audit.tables, "content_fingerprints",
                      lambda hands, *rest: pa.array([f"old-{i}" for i in range(hands.num_rows)], pa.string()))
        ingest([tmp_path / "a.txt"], tmp_path / "lake", parsers=(PARSER,), workers=1)
    [stored_file] = table_files(tmp_path / "lake", "hands")
    assert FINGERPRINT_KEY not in (pq.read_schema(stored_file).metadata or {})
    assert set(read_table(tmp_path / "lake", "hands")["content_fingerprint"]) == {"old-0", "old-1", "old-2", "old-3"}
    assert duplicates._older_fingerprints(tmp_path / "lake")
    # the same hands again, one of them paid otherwise: three copies and one conflict
    (tmp_path / "b.txt").write_text("".join(hands[:3]) + toy_hand("4", paid="1.80"))
    again = ingest([tmp_path / "b.txt"], tmp_path / "lake", parsers=(PARSER,), workers=1)
    assert (again.hands_parsed, again.hands_duplicate, dict(again.quarantined_by_reason)) == (
        0, 3, {"conflicting_duplicate": 1})
    assert read_table(tmp_path / "lake", "hands").height == 4
