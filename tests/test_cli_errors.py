"""Every typed error of ``audit.errors``, run through the command line: its exit code and
its exact one-line message on stderr, nothing on stdout. Errors that are not typed are
bugs and are not reported as something else."""

from __future__ import annotations

import inspect
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import audit.errors as errors
from audit.cli.app import app
from audit.jobs import ingest_job
from audit.lake import TABLES, _log_versions, _write_state, table_files
from audit.schema import METADATA_KEY

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_data" / "table-aral-2024-03-01.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def lake(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("errors") / "lake"
    assert ingest_job([SAMPLE], path).summary.hands_parsed == 150
    return path


def _older_lake(lake: Path, tmp: Path) -> tuple[Path, str]:
    """A copy of the lake to whose hands table another schema version committed a part."""
    from deltalake import CommitProperties, DeltaTable, write_deltalake

    copy = tmp / "older"
    shutil.copytree(lake, copy)
    table = DeltaTable(str(copy / "hands"))
    part = table_files(copy, "hands")[0]
    rows = pq.read_table(part)
    rows = rows.append_column("platform", pa.array(["pokerstars"] * rows.num_rows)).append_column(
        "hand_date", pa.array(["2030-01-01"] * rows.num_rows))
    target = pa.schema(table.schema().to_arrow())
    write_deltalake(table, rows.select(target.names).cast(target),
                    mode="append", commit_properties=CommitProperties(custom_metadata={METADATA_KEY.decode(): "0"}))
    _write_state(copy, {name: _log_versions(copy / name)[-1] for name in TABLES})
    return copy, f"{copy / 'hands'}: version {_log_versions(copy / 'hands')[-1]} was written with schema version 0"


def _accept_not_found(lake: Path, tmp: Path) -> tuple[list[str], str]:
    missing = tmp / "accept.csv"
    return (["audit", "--lake", str(lake), "--out", str(tmp / "o"), "--accept", str(missing)],
            f"hhaudit: accept file not found: {missing}")


def _out_not_empty(lake: Path, tmp: Path) -> tuple[list[str], str]:
    (tmp / "o").mkdir()
    (tmp / "o" / "yesterday.txt").write_text("x")
    return (["audit", "--lake", str(lake), "--out", str(tmp / "o")],
            f"hhaudit: {tmp / 'o'} is not empty (use --overwrite to replace its contents)")


def _unreadable_lake(lake: Path, tmp: Path) -> tuple[list[str], str]:
    older, where = _older_lake(lake, tmp)
    return (["audit", "--lake", str(older), "--out", str(tmp / "o")],
            f"hhaudit: {where}, this hhaudit reads 1")


def _damaged_output(lake: Path, tmp: Path) -> tuple[list[str], str]:
    out = tmp / "o"
    assert CliRunner().invoke(app, ["audit", "--lake", str(lake), "--out", str(out)]).exit_code == 1
    (out / "hands.parquet").unlink()
    return ["report", str(out)], f"hhaudit: {out / 'hands.parquet'}: missing (the run's manifest.json lists it)"


#: error class -> (what to run and the exact line it prints, given the lake and a folder)
CASES: dict[type[errors.HhauditError], Callable[[Path, Path], tuple[list[str], str]]] = {
    errors.UnknownPolicy: lambda lake, tmp: (
        ["audit", "--lake", str(lake), "--out", str(tmp / "o"), "--policy", "no-such-profile"],
        "hhaudit: unknown policy or profile: unknown policy 'no-such-profile'"),
    errors.BadAcceptFile: _accept_not_found,
    errors.OutNotEmpty: _out_not_empty,
    errors.NotALake: lambda lake, tmp: (
        ["audit", "--lake", str(tmp), "--out", str(tmp / "o")],
        f"hhaudit: {tmp} is not a lake (no hands table); run hhaudit ingest first"),
    errors.BadHandKey: lambda lake, tmp: (
        ["explain", "1676150046", "--lake", str(lake)],
        "hhaudit: give the hand as PLATFORM:HAND_ID, not '1676150046'"),
    errors.HandNotInLake: lambda lake, tmp: (
        ["explain", "pokerstars:1", "--lake", str(lake)],
        f"hhaudit: no hand 'pokerstars:1' in the lake {lake} (give PLATFORM:HAND_ID, e.g. pokerstars:1676150046)"),
    errors.BadReportInput: lambda lake, tmp: (
        ["report", str(tmp / "nope")], f"hhaudit: {tmp / 'nope'}: no such folder"),
    errors.RulesInputError: lambda lake, tmp: (
        ["policies", "nosuch"], "error: unknown policy 'nosuch'"),
    errors.UnreadableLake: _unreadable_lake,
    errors.BadOption: lambda lake, tmp: (
        ["audit", "--lake", str(lake), "--out", str(tmp / "o"), "--max-quarantined", "-1"],
        "hhaudit: --max-quarantined must be 0 or more, not -1"),
    errors.OutputRefused: lambda lake, tmp: (
        ["audit", "--lake", str(lake), "--out", str(lake)],
        f"hhaudit: --out {lake} is the input {lake}: choose an output folder apart from the inputs"),
    errors.NoInputFiles: lambda lake, tmp: (
        ["ingest", str(tmp), "--lake", str(tmp / "lake")],
        f"hhaudit: no input files in {tmp} (empty folders, or every file excluded or an hhaudit output)"),
    errors.IncompleteRun: lambda lake, tmp: (
        ["report", str(tmp)],
        f"hhaudit: {tmp} is not a complete hhaudit run (no manifest.json): give the --out folder of a "
        "finished hhaudit run or audit"),
    errors.DamagedOutput: _damaged_output,
    errors.BadRakeSchedule: lambda lake, tmp: (
        ["audit", "--lake", str(lake), "--out", str(tmp / "o"), "--rake-schedule", str(tmp / "none.toml")],
        f"hhaudit: {tmp / 'none.toml'}: cannot be read: [Errno 2] No such file or directory: '{tmp / 'none.toml'}'"),
}


def _leaf_errors() -> set[type[errors.HhauditError]]:
    found = {c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, errors.HhauditError)}
    return {c for c in found if not any(other is not c and issubclass(other, c) for other in found)}


def test_every_typed_error_has_a_case() -> None:
    assert set(CASES) == _leaf_errors()


@pytest.mark.parametrize("error", list(CASES), ids=lambda c: c.__name__)
def test_a_typed_error_is_one_line_on_stderr_and_its_exit_code(error, lake: Path, tmp_path: Path) -> None:
    args, line = CASES[error](lake, tmp_path)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr, result.stdout) == (int(error.exit_status), line + "\n", "")


def test_the_exit_codes_of_the_two_kinds() -> None:
    assert (errors.BadInput.exit_status, errors.InputProblem.exit_status) == (2, 3)
    assert errors.UnreadableLake.exit_status is errors.ExitStatus.INPUT_PROBLEMS
    assert {c.exit_status for c in _leaf_errors() if issubclass(c, errors.BadInput)} == {2}


def test_a_policy_file_that_is_missing_is_an_unknown_policy(lake: Path, tmp_path: Path) -> None:
    missing = tmp_path / "house.toml"
    result = runner.invoke(app, ["audit", "--lake", str(lake), "--out", str(tmp_path / "o"),
                                 "--policy", str(missing)])
    assert (result.exit_code, result.stderr) == (
        2, f"hhaudit: unknown policy or profile: {missing}: No such file or directory\n")


def test_a_key_error_inside_the_audit_is_a_bug_not_an_unknown_policy(lake: Path, tmp_path: Path,
                                                                     monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise KeyError("platform")

    monkeypatch.setattr("audit.jobs.audit_lake", broken)
    result = runner.invoke(app, ["audit", "--lake", str(lake), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert isinstance(result.exception, KeyError)
    assert "unknown policy" not in result.stderr


def test_the_installed_program_exits_with_the_code_and_the_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "audit", "report", str(tmp_path / "nope")],
                          capture_output=True, text=True)
    assert (done.returncode, done.stderr, done.stdout) == (2, f"hhaudit: {tmp_path / 'nope'}: no such folder\n", "")


def test_an_accept_file_or_a_policy_file_that_is_not_text_is_bad_input(lake: Path, tmp_path: Path) -> None:
    accept = tmp_path / "accept.csv"
    accept.write_bytes(b"\xff\xfe\x00binary")
    result = runner.invoke(app, ["audit", "--lake", str(lake), "--out", str(tmp_path / "o"), "--accept", str(accept)])
    assert (result.exit_code, result.stderr) == (
        2, f"hhaudit: {accept}: cannot read it ('utf-8' codec can't decode byte 0xff in position 0: "
           "invalid start byte)\n")
    profile = tmp_path / "house.toml"
    profile.write_bytes(b"\xff\xfe\x00binary")
    result = runner.invoke(app, ["audit", "--lake", str(lake), "--out", str(tmp_path / "p"), "--policy", str(profile)])
    assert (result.exit_code, result.stderr) == (2, f"hhaudit: unknown policy or profile: {profile}: not a text file\n")
