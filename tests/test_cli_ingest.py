"""The CLI is a thin layer: these run it and check exit codes and exact output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from audit.cli.app import app

runner = CliRunner()


def test_ingest_of_files_no_parser_reads_exits_3_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("shopping list\n")
    (tmp_path / "empty.txt").write_text("")
    result = runner.invoke(app, ["ingest", str(tmp_path), "--lake", str(tmp_path / "lake")])
    assert result.exit_code == 3
    assert result.stdout == (
        "files read: 2 (no_hands 1, unrecognised 1)\n"
        "hands found: 0\n"
        "  parsed: 0\n"
        "  duplicates: 0\n"
        "  quarantined: 0\n"
        f"unrecognised: {tmp_path / 'notes.txt'}: no parser recognises this file (not a hand history of a platform hhaudit reads)\n"
        "found = parsed + duplicates + quarantined: yes\n"
    )


def test_ingest_json_counts(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    result = runner.invoke(app, ["ingest", str(tmp_path), "--lake", str(tmp_path / "lake"), "--json"])
    # an empty file is read and counted, but with no hand at all there is nothing to audit
    assert (result.exit_code, result.stderr) == (
        3, f"hhaudit: no hand found in any input file (empty: {tmp_path / 'empty.txt'})\n")
    assert json.loads(result.stdout) == {
        "files": 1, "files_by_status": {"no_hands": 1}, "hands_found": 0, "hands_parsed": 0,
        "hands_quarantined": 0, "quarantined_by_reason": {}, "hands_duplicate": 0, "skipped": 0}


def test_schema_lists_every_table_and_vocabulary() -> None:
    result = runner.invoke(app, ["schema", "--json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert list(doc["tables"]) == ["files", "hands", "seats", "actions", "payouts", "quarantine"]
    assert doc["vocabularies"]["half"][:4] == ["high", "low", "whole", "unlabelled"]


def test_unknown_option_is_a_usage_error_exit_2() -> None:
    result = runner.invoke(app, ["ingest", "--no-such-option"])
    assert result.exit_code == 2


def test_python_dash_m_audit_is_the_same_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "audit", "schema"], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.startswith("hhaudit lake schema version 1\n")


def test_version_prints_the_version_pyproject_declares() -> None:
    import tomllib

    declared = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]["version"]
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    from parsers.registry import reader_path
    from rules.batch import omaha_loop_path

    assert result.stdout == (f"hhaudit {declared}\nPokerStars reader: {reader_path()}\n"
                             f"Omaha Hi/Lo evaluation: {omaha_loop_path()}\n")
