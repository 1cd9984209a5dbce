"""The lake schema is pinned.

contracts.md: columns may be added freely (update the pinned file in the same change);
renaming or dropping one, or changing its type, needs a schema version bump — which this
test enforces by keeping every column of the pinned declaration of each released version.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq

from audit.schema import METADATA_KEY, SCHEMA_VERSION, TABLES, describe
from rules.vocab import VOCABULARIES

PINNED = Path(__file__).parent / "data" / f"schema_v{SCHEMA_VERSION}.json"


def test_schema_matches_the_pinned_declaration_of_its_version() -> None:
    pinned = json.loads(PINNED.read_text())
    assert pinned["schema_version"] == SCHEMA_VERSION
    assert describe() == pinned["tables"], (
        "the lake schema changed: pin the new declaration (and bump SCHEMA_VERSION if a "
        "column was renamed, dropped or retyped)")


#: the columns of version 1 as first released: never renamed, dropped or retyped in v1
RELEASED_V1_HANDS = {"hand_key", "hand_id", "platform", "hand_date", "format", "game", "pot_total",
                     "rake", "fees", "rake_source", "reconciled", "source_file", "source_offset",
                     "raw_sha256", "notes"}


def test_version_1_keeps_its_released_columns() -> None:
    assert RELEASED_V1_HANDS <= {c.name for c in TABLES["hands"].columns}


def test_contract_key_columns_are_present() -> None:
    required = {
        "files": "source_file size sha256 encoding platform format hands_found hands_parsed "
                 "hands_quarantined hands_duplicate status",
        "hands": "hand_key hand_id platform format game limit is_tournament tournament_id currency "
                 "amount_scale small_blind big_blind ante bring_in button_seat max_seats "
                 "start_time_utc start_time_raw boards runs pot_total pots_printed pots_printed_net "
                 "rake fees rake_source reconciled source_file source_offset raw_sha256 "
                 "parser_version hand_date",
        "seats": "hand_key seat player stack cards upcards dealt_in folded_street showed mucked "
                 "all_in cashed_out contributed platform hand_date",
        "actions": "hand_key seq street seat kind amount all_in cards_changed",
        "payouts": "hand_key seat amount pot run half source line",
        "quarantine": "source_file source_offset reason message raw_text hand_id",
    }
    for table, names in required.items():
        have = {c.name for c in TABLES[table].columns}
        assert set(names.split()) <= have, (table, set(names.split()) - have)


def test_vocabularies_are_lower_snake_case() -> None:
    for name, enum in VOCABULARIES.items():
        for member in enum:
            assert member.value == member.value.lower().replace(" ", "_"), (name, member)


def test_written_files_carry_the_schema_version(tmp_path: Path) -> None:
    from audit.lake import LakeWriter

    writer = LakeWriter(tmp_path)
    writer.add("quarantine", TABLES["quarantine"].schema.empty_table())
    import pyarrow as pa

    writer.add("files", pa.Table.from_pylist([{
        "source_file": "x", "size": 0, "sha256": "", "hands_found": 0, "hands_parsed": 0,
        "hands_quarantined": 0, "hands_duplicate": 0, "status": "no_hands"}], TABLES["files"].schema))
    (path,) = writer.close()
    assert path.suffix == ".parquet"
    assert pq.read_schema(path).metadata[METADATA_KEY] == SCHEMA_VERSION.encode()


def test_a_lake_written_before_a_column_was_added_reads_it_as_null(tmp_path: Path) -> None:
    import pyarrow as pa
    from deltalake import CommitProperties, DeltaTable, write_deltalake

    from audit.lake import VERSION_PROPERTY, read_table

    older = TABLES["quarantine"].schema.remove(TABLES["quarantine"].schema.get_field_index("parser_version"))
    rows = pa.Table.from_pylist([{"source_file": "f", "source_offset": 0, "reason": "truncated",
                                  "message": "m", "raw_text": "t", "hand_id": None, "format": None}], older)
    DeltaTable.create(str(tmp_path / "quarantine"), schema=older, configuration={VERSION_PROPERTY: SCHEMA_VERSION},
                      raise_if_key_not_exists=False)
    write_deltalake(str(tmp_path / "quarantine"), rows, mode="append",
                    commit_properties=CommitProperties(custom_metadata={VERSION_PROPERTY: SCHEMA_VERSION}))
    frame = read_table(tmp_path, "quarantine")
    assert frame.columns == [c.name for c in TABLES["quarantine"].columns]
    assert frame.select("reason", "parser_version").rows() == [("truncated", None)]


def test_the_reports_read_the_outputs_as_the_schema_declares_them() -> None:
    from audit.schema import FINDINGS, VERDICTS, polars_schema
    from reports.summary import FINDINGS_SCHEMA, HANDS_SCHEMA

    assert FINDINGS_SCHEMA == dict(polars_schema(FINDINGS))
    verdicts = dict(polars_schema(VERDICTS))
    assert {name: verdicts[name] for name in HANDS_SCHEMA} == HANDS_SCHEMA


def test_the_audit_writes_its_outputs_with_the_declared_columns(tmp_path: Path) -> None:
    from audit.cli.app import app
    from audit.schema import OUTPUTS, polars_schema
    from typer.testing import CliRunner

    sample = Path(__file__).resolve().parent.parent / "sample_data"
    out = tmp_path / "out"
    CliRunner().invoke(app, ["run", str(sample), "--out", str(out)])
    import polars as pl

    for name, table in OUTPUTS.items():
        written = pl.read_parquet(out / name)
        assert written.schema == polars_schema(table), name
        assert written.height > 0


def test_an_ingest_into_a_lake_written_before_a_column_was_added_adds_it(tmp_path: Path) -> None:
    """A real Delta ``seats`` table made without ``run_cards``: the next ingest's commit
    adds the column first, so the rows that hold it keep it (a file whose table does not
    name a column reads it as null), and the older rows read it as null."""
    from deltalake import DeltaTable

    from audit.ingest_job import ingest_job
    from audit.lake import VERSION_PROPERTY, ensure_tables, read_table
    from tests.test_parser_kingsclub import RUN_TWICE_DRAWN_PER_RUN

    older = TABLES["seats"].schema.remove(TABLES["seats"].schema.get_field_index("run_cards"))
    lake = tmp_path / "lake"
    DeltaTable.create(str(lake / "seats"), schema=older, partition_by=["platform", "hand_date"],
                      configuration={VERSION_PROPERTY: SCHEMA_VERSION}, raise_if_key_not_exists=False)
    ensure_tables(lake)
    (tmp_path / "h.txt").write_text(RUN_TWICE_DRAWN_PER_RUN, encoding="utf-8")
    ingest_job([tmp_path / "h.txt"], lake)
    assert "run_cards" in [f.name for f in DeltaTable(str(lake / "seats")).schema().fields]
    seats = read_table(lake, "seats").sort("seat")
    assert seats.select("seat", "run_cards").rows() == [
        (1, [["7d", "5c", "4h", "8h", "2s"], ["7d", "5c", "4h", "3c", "2s"]]), (2, None)]
