"""sample_data/ is what the generator writes, and the audit finds exactly what was planted."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl

from audit.ingest import ingest
from audit.pipeline import audit_lake
from bench.sample_data import DEFAULT_FOLDER, DEFAULT_KEY, build


def test_sample_data_is_the_generators_output_byte_for_byte(tmp_path: Path) -> None:
    build(tmp_path / "sample", tmp_path / "planted.tsv")
    for committed in sorted(DEFAULT_FOLDER.iterdir()):
        assert (tmp_path / "sample" / committed.name).read_bytes() == committed.read_bytes(), committed.name
    assert (tmp_path / "planted.tsv").read_text() == DEFAULT_KEY.read_text()


def test_audit_flags_exactly_the_planted_hands_each_with_its_kind(tmp_path: Path) -> None:
    with open(DEFAULT_KEY, newline="") as f:
        planted = {row["hand_id"]: row["finding"] for row in csv.DictReader(f, delimiter="\t")}
    summary = ingest([DEFAULT_FOLDER], tmp_path / "lake")
    assert (summary.hands_found, summary.hands_parsed, summary.hands_quarantined) == (450, 450, 0)
    outcome = audit_lake(tmp_path / "lake")
    found = {hand_id: sorted(set(kinds)) for hand_id, kinds in
             outcome.findings.group_by("hand_id").agg(pl.col("kind")).rows()}
    assert found == {hand_id: [kind] for hand_id, kind in planted.items()}
    assert sorted(set(planted.values())) == ["missed_low", "not_conserved", "odd_chip", "wrong_winner"]
    assert outcome.counts()["clean"] == 450 - len(planted)
