"""Every input problem of the batch contract, through the command line: each case with its
exit code and the exact one line it prints on stderr, nothing on stdout, no traceback, and
(for a refused option) no output written. Then the safe-output cases: what ``--overwrite``
removes and what it never touches, and ``report`` of a folder that is not a complete run."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from audit.jobs import ingest_job, run_job
from audit.lake import read_table

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_data" / "table-aral-2024-03-01.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """A lake, a finished run and a file, shared by the cases (none of them changes them)."""
    root = tmp_path_factory.mktemp("inputs")
    (root / "in").mkdir()
    shutil.copy(SAMPLE, root / "in" / SAMPLE.name)
    ingest_job([root / "in"], root / "lake")
    run_job([root / "in"], root / "run")
    (root / "file.txt").write_text("not a folder\n")
    return {"root": root, "in": root / "in", "lake": root / "lake", "run": root / "run", "file": root / "file.txt"}


def _damaged_run(made: dict[str, Path], tmp: Path, edit: Callable[[Path], None]) -> Path:
    copy = tmp / "run-copy"
    shutil.copytree(made["run"], copy)
    edit(copy)
    return copy


def _flip_a_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _incomplete(run: Path) -> None:
    manifest = json.loads((run / "manifest.json").read_text())
    (run / "manifest.json").write_text(json.dumps({**manifest, "complete": False}))


MESSAGE_NO_INPUT = "(empty folders, or every file excluded or an hhaudit output)"

#: id -> (given the shared files and a fresh folder: the arguments, the exit code, the line on stderr)
CASES: dict[str, Callable[[dict[str, Path], Path], tuple[list[str], int, str]]] = {
    "run --out is a file": lambda m, t: (
        ["run", str(m["in"]), "--out", str(m["file"])], 2, f"hhaudit: --out {m['file']} is a file, not a folder"),
    "audit --out is a file": lambda m, t: (
        ["audit", "--lake", str(m["lake"]), "--out", str(m["file"])], 2,
        f"hhaudit: --out {m['file']} is a file, not a folder"),
    "ingest --lake is a file": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(m["file"])], 2, f"hhaudit: --lake {m['file']} is a file, not a folder"),
    "audit --lake is a file": lambda m, t: (
        ["audit", "--lake", str(m["file"]), "--out", str(t / "o")], 2,
        f"hhaudit: --lake {m['file']} is a file, not a lake folder"),
    "explain --lake is a file": lambda m, t: (
        ["explain", "pokerstars:1", "--lake", str(m["file"])], 2,
        f"hhaudit: --lake {m['file']} is a file, not a lake folder"),
    "run --out not writable": lambda m, t: (
        ["run", str(m["in"]), "--out", str(m["file"] / "out")], 2,
        f"hhaudit: cannot write to --out {m['file'] / 'out'}: Not a directory"),
    "ingest --lake not writable": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(m["file"] / "lake")], 2,
        f"hhaudit: cannot write to --lake {m['file'] / 'lake'}: Not a directory"),
    "export --out is a file": lambda m, t: (
        ["export", "--lake", str(m["lake"]), "--out", str(m["file"])], 2,
        f"hhaudit: --out {m['file']} is a file, not a folder"),
    "run --out is the input": lambda m, t: (
        ["run", str(m["in"]), "--out", str(m["in"]), "--overwrite"], 2,
        f"hhaudit: --out {m['in']} is the input {m['in']}: choose an output folder apart from the inputs"),
    "run --out contains the input": lambda m, t: (
        ["run", str(m["in"] / SAMPLE.name), "--out", str(m["in"]), "--overwrite"], 2,
        f"hhaudit: --out {m['in']} contains the input {m['in'] / SAMPLE.name}: choose an output folder apart "
        "from the inputs"),
    "run --out inside the input": lambda m, t: (
        ["run", str(m["in"]), "--out", str(m["in"] / "out")], 2,
        f"hhaudit: --out {m['in'] / 'out'} is inside the input {m['in']}: choose an output folder apart from the "
        "inputs"),
    "audit --out contains the lake": lambda m, t: (
        ["audit", "--lake", str(m["run"] / "lake"), "--out", str(m["run"]), "--overwrite"], 2,
        f"hhaudit: --out {m['run']} contains the input {m['run'] / 'lake'}: choose an output folder apart from "
        "the inputs"),
    "ingest --lake is the input": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(m["in"])], 2,
        f"hhaudit: --lake {m['in']} is the input {m['in']}: choose an output folder apart from the inputs"),
    "ingest --lake contains the input": lambda m, t: (
        ["ingest", str(m["in"] / SAMPLE.name), "--lake", str(m["in"])], 2,
        f"hhaudit: --lake {m['in']} contains the input {m['in'] / SAMPLE.name}: choose an output folder apart "
        "from the inputs"),
    "report --output is a folder": lambda m, t: (
        ["report", str(m["run"]), "--output", str(t)], 2,
        f"hhaudit: --output {t} is a folder; give the name of a file to write"),
    "report --output in a missing folder": lambda m, t: (
        ["report", str(m["run"]), "--format", "csv", "--output", str(t / "no" / "r.csv")], 2,
        f"hhaudit: --output {t / 'no' / 'r.csv'}: the folder {t / 'no'} does not exist"),
    "report --output onto the run's findings": lambda m, t: (
        ["report", str(m["run"]), "--format", "parquet", "--output", str(m["run"] / "findings.parquet")], 2,
        f"hhaudit: --output {m['run'] / 'findings.parquet'} is the run's own findings.parquet: write the report "
        "elsewhere"),
    "report --output onto the run's report": lambda m, t: (
        ["report", str(m["run"]), "--format", "html", "--output", str(m["run"] / "report.html")], 2,
        f"hhaudit: --output {m['run'] / 'report.html'} is the run's own report.html: write the report elsewhere"),
    "explain --html into a missing folder": lambda m, t: (
        ["explain", "pokerstars:1", "--lake", str(m["lake"]), "--html", str(t / "no" / "h.html")], 2,
        f"hhaudit: --html {t / 'no' / 'h.html'}: the folder {t / 'no'} does not exist"),
    "run --policy a missing file": lambda m, t: (
        ["run", str(m["in"]), "--out", str(t / "o"), "--policy", str(t / "house.toml")], 2,
        f"hhaudit: unknown policy or profile: {t / 'house.toml'}: No such file or directory"),
    "run --policy a typo": lambda m, t: (
        ["run", str(m["in"]), "--out", str(t / "o"), "--policy", "pokerstrs"], 2,
        "hhaudit: unknown policy or profile: unknown policy 'pokerstrs'"),
    "settle a binary file": lambda m, t: (
        ["settle", str(_binary(t))], 2,
        f"error: cannot read {t / 'image.bin'}: not UTF-8 text (byte 0); give JSON"),
    "run --workers -1": lambda m, t: (
        ["run", str(m["in"]), "--out", str(t / "o"), "--workers", "-1"], 2,
        "hhaudit: --workers must be 1 or more, not -1"),
    "ingest --workers 0": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(t / "o"), "--workers", "0"], 2,
        "hhaudit: --workers must be 1 or more, not 0"),
    "run --max-quarantined -5": lambda m, t: (
        ["run", str(m["in"]), "--out", str(t / "o"), "--max-quarantined", "-5"], 2,
        "hhaudit: --max-quarantined must be 0 or more, not -5"),
    "audit --max-quarantined -5": lambda m, t: (
        ["audit", "--lake", str(m["lake"]), "--out", str(t / "o"), "--max-quarantined", "-5"], 2,
        "hhaudit: --max-quarantined must be 0 or more, not -5"),
    "run --max-expanded-size not a size": lambda m, t: (
        ["run", str(m["in"]), "--out", str(t / "o"), "--max-expanded-size", "lots"], 2,
        "hhaudit: --max-expanded-size takes a size such as 4G, 512M or 1000000, not 'lots'"),
    "ingest --max-expansion-ratio 0": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(t / "o"), "--max-expansion-ratio", "0"], 2,
        "hhaudit: --max-expansion-ratio must be 1 or more, not 0"),
    "run --overwrite a folder no run wrote": lambda m, t: (
        ["run", str(m["in"]), "--out", str(_foreign(t)), "--overwrite"], 2,
        f"hhaudit: --overwrite removes only an earlier hhaudit run's files, and {t / 'mine'} holds no "
        "manifest.json of one: empty it yourself or choose another --out"),
    "run an empty folder": lambda m, t: (
        ["run", str(_empty(t)), "--out", str(t / "o")], 3,
        f"hhaudit: no input files in {t / 'empty'} {MESSAGE_NO_INPUT}"),
    "ingest every file excluded": lambda m, t: (
        ["ingest", str(m["in"]), "--lake", str(t / "o"), "--exclude", "*.txt"], 3,
        f"hhaudit: no input files in {m['in']} {MESSAGE_NO_INPUT}"),
    "report a folder that is no run": lambda m, t: (
        ["report", str(t)], 3, f"hhaudit: {t} is not a complete hhaudit run (no manifest.json): give the --out "
                               "folder of a finished hhaudit run or audit"),
    "report a run that did not finish": lambda m, t: (
        ["report", str(_damaged_run(m, t, _incomplete))], 3,
        f"hhaudit: {t / 'run-copy'} is not a complete hhaudit run (its manifest.json says it stopped before "
        "writing every output): run it again"),
    "report a flipped byte of findings.parquet": lambda m, t: (
        ["report", str(_damaged_run(m, t, lambda r: _flip_a_byte(r / "findings.parquet")))], 3,
        f"hhaudit: {t / 'run-copy' / 'findings.parquet'}: damaged or edited since hhaudit wrote it (its SHA-256 "
        "differs from the one in manifest.json)"),
    "report a missing hands.parquet": lambda m, t: (
        ["report", str(_damaged_run(m, t, lambda r: (r / "hands.parquet").unlink()))], 3,
        f"hhaudit: {t / 'run-copy' / 'hands.parquet'}: missing (the run's manifest.json lists it)"),
    "report a manifest that is not JSON": lambda m, t: (
        ["report", str(_damaged_run(m, t, lambda r: (r / "manifest.json").write_text("{")))], 3,
        f"hhaudit: {t / 'run-copy' / 'manifest.json'}: not valid JSON (Expecting property name enclosed in double "
        "quotes: line 1 column 2 (char 1))"),
}


def _binary(tmp: Path) -> Path:
    (tmp / "image.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    return tmp / "image.bin"


def _foreign(tmp: Path) -> Path:
    (tmp / "mine").mkdir()
    (tmp / "mine" / "thesis.txt").write_text("years of work\n")
    return tmp / "mine"


def _empty(tmp: Path) -> Path:
    (tmp / "empty" / "sub").mkdir(parents=True)
    return tmp / "empty"


@pytest.mark.parametrize("case", list(CASES))
def test_an_input_problem_is_one_line_and_its_exit_code(case: str, made, tmp_path: Path) -> None:
    before = _snapshot(made["root"])
    args, code, line = CASES[case](made, tmp_path)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr, result.stdout) == (code, line + "\n", "")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert _snapshot(made["root"]) == before  # no input, lake or run touched
    assert not (tmp_path / "o").exists()  # refused before any work: nothing written


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder whatever its mode")
def test_an_out_folder_that_cannot_be_written_is_refused(made, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = runner.invoke(app, ["run", str(made["in"]), "--out", str(locked)])
    finally:
        locked.chmod(0o700)
    assert (result.exit_code, result.stderr) == (2, f"hhaudit: cannot write to --out {locked}: Permission denied\n")


def _day(tmp: Path) -> Path:
    """A day's folder: the sample table, a hand cut short, an empty file, a stray manifest."""
    day = tmp / "day"
    day.mkdir()
    shutil.copy(SAMPLE, day / SAMPLE.name)
    (day / "cut.txt").write_bytes(SAMPLE.read_bytes()[:1500])
    (day / "empty.txt").write_bytes(b"")
    (day / "MANIFEST.tsv").write_text("local_path\tsite\tsecret\n")
    return day


def test_run_says_why_it_exits_3(tmp_path: Path) -> None:
    day = _day(tmp_path)
    result = runner.invoke(app, ["run", str(day), "--out", str(tmp_path / "out")])
    assert result.exit_code == 3
    assert result.stderr == (
        f"hhaudit: unrecognised: {day / 'MANIFEST.tsv'}: no parser recognises this file (not a hand history of a "
        "platform hhaudit reads); --exclude it if it is not meant as input\n"
        "hhaudit: 1 hand quarantined, more than --max-quarantined 0 (parse_error 1)\n"
        # the cut hand's last line, as the parser quoted it: the unknown-lines report's one shape
        f"hhaudit: unknown line in 1 pokerstars hand: S (first: {day / 'cut.txt'} at byte 984)\n")
    assert "secret" not in result.stdout + result.stderr  # never quoted
    counts = json.loads(result.stdout.splitlines()[-1])
    assert (counts["files"], counts["bad_files"], counts["quarantined"]) == (4, 1, 1)
    result = runner.invoke(app, ["run", str(day), "--out", str(tmp_path / "out2"), "--exclude", "MANIFEST.tsv",
                                 "--max-quarantined", "1"])
    assert (result.exit_code, result.stderr) == (1, "")  # the sample's planted findings remain
    assert json.loads(result.stdout.splitlines()[-1])["files"] == 3


def test_a_name_with_terminal_escapes_is_printed_escaped(tmp_path: Path) -> None:
    day = tmp_path / "day"
    day.mkdir()
    (day / "evil\x1b[2J\x1b]0;owned\x07.txt").write_text("just notes\n")
    result = runner.invoke(app, ["ingest", str(day), "--lake", str(tmp_path / "lake")])
    assert result.exit_code == 3
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr
    assert f"unrecognised: {day}/evil\\x1b[2J\\x1b]0;owned\\x07.txt: no parser" in result.stdout
    assert result.stderr.startswith(f"hhaudit: unrecognised: {day}/evil\\x1b[2J\\x1b]0;owned\\x07.txt: no parser")


def test_yesterdays_outputs_under_the_inputs_are_not_read(tmp_path: Path) -> None:
    day = tmp_path / "day"
    day.mkdir()
    shutil.copy(SAMPLE, day / SAMPLE.name)
    assert run_job([day / SAMPLE.name], day / "yesterday").exit_status == 1  # a run inside the day folder
    assert ingest_job([day / SAMPLE.name], day / "lake").exit_status == 0
    result = runner.invoke(app, ["run", str(day), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr == (f"hhaudit: skipped {day / 'lake'}: an hhaudit lake\n"
                             f"hhaudit: skipped {day / 'yesterday'}: an hhaudit output folder (it holds hhaudit's "
                             "manifest.json)\n")
    assert json.loads(result.stdout.splitlines()[-1])["files"] == 1


def test_overwrite_removes_only_what_the_previous_run_listed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_job([SAMPLE], out).exit_status == 1
    (out / "notes.txt").write_text("mine\n")
    (out / "keep").mkdir()
    (out / ".findings.parquet.0123abcd.tmp").write_bytes(b"half a file")  # left by a killed run
    (out / ".mine.tmp").write_text("not hhaudit's\n")
    first = json.loads((out / "manifest.json").read_text())
    assert (first["complete"], first["lake_folder"]) == (True, "lake")
    cut = tmp_path / "cut.txt"
    cut.write_bytes(SAMPLE.read_bytes()[:1500])
    result = runner.invoke(app, ["run", str(cut), "--out", str(out), "--overwrite"])
    assert result.exit_code == 3
    assert read_table(out / "lake", "files")["source_file"].to_list() == [str(cut)]  # a new lake
    assert sorted(p.name for p in out.iterdir()) == [
        ".mine.tmp", "explanations.jsonl", "findings.parquet", "hands.parquet", "keep", "lake", "manifest.json",
        "notes.txt", "report.html"]
    assert json.loads((out / "manifest.json").read_text())["run_id"] != first["run_id"]


def test_overwrite_never_follows_a_manifest_outside_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "victim.txt").write_text("precious\n")
    (out / "sub").mkdir()
    (out / "sub" / "x.txt").write_text("precious\n")
    (out / "manifest.json").write_text(json.dumps({
        "run_id": "x", "tool_version": "0", "lake_folder": "../", "complete": True,
        "outputs": [{"file": "../victim.txt"}, {"file": "sub/x.txt"}, {"file": str(tmp_path / "victim.txt")}]}))
    assert run_job([SAMPLE], out, overwrite=True).exit_status == 1
    assert (tmp_path / "victim.txt").read_text() == "precious\n" and (out / "sub" / "x.txt").is_file()


def test_a_run_killed_before_it_finished_is_no_run_to_report_and_can_be_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_job([SAMPLE], out).exit_status == 1
    _incomplete(out)  # as the manifest stands until the last file is written
    (out / "report.html").unlink()
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 3 and "is not a complete hhaudit run" in result.stderr
    assert runner.invoke(app, ["run", str(SAMPLE), "--out", str(out)]).exit_code == 2  # not empty
    assert runner.invoke(app, ["run", str(SAMPLE), "--out", str(out), "--overwrite"]).exit_code == 1
    assert runner.invoke(app, ["report", str(out)]).exit_code == 0


def test_report_output_beside_the_run_is_written_atomically(made, tmp_path: Path) -> None:
    target = tmp_path / "r.csv"
    result = runner.invoke(app, ["report", str(made["run"]), "--format", "csv", "--output", str(target)])
    assert result.exit_code == 0 and target.read_text().startswith("hand_key,")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_a_damaged_parquet_file_without_a_recorded_digest_is_named_not_an_abort(made, tmp_path: Path) -> None:
    def cut_and_forget(run: Path) -> None:
        data = (run / "findings.parquet").read_bytes()
        (run / "findings.parquet").write_bytes(data[: len(data) // 2])
        manifest = json.loads((run / "manifest.json").read_text())
        (run / "manifest.json").write_text(json.dumps({**manifest, "outputs": []}))

    run = _damaged_run(made, tmp_path, cut_and_forget)
    result = runner.invoke(app, ["report", str(run)])
    assert result.exit_code == 3
    assert result.stderr.startswith(f"hhaudit: {run / 'findings.parquet'}: not a readable Parquet file (ArrowInvalid: ")
    assert result.stderr.count("\n") == 1


def test_a_file_name_that_is_not_utf8_is_recorded_with_the_byte_escaped_everywhere(tmp_path: Path) -> None:
    # a cp1252 euro sign (raw byte 0x80) in a name; Linux keeps the byte as it is
    day = tmp_path / "day"
    day.mkdir()
    text = SAMPLE.read_bytes()
    (day.joinpath(os.fsdecode(b"Freeroll 150\x80 (77).txt"))).write_bytes(text[:1500])  # a hand cut off
    shown = f"{day}/Freeroll 150\\x80 (77).txt"
    result = runner.invoke(app, ["run", str(day), "--out", str(tmp_path / "out"), "--max-quarantined", "1"])
    assert (result.exit_code, result.stderr, result.exception) == (0, "", None)
    assert json.loads(result.stdout.splitlines()[-1])["quarantined"] == 1
    assert json.loads((tmp_path / "out" / "manifest.json").read_text())["complete"] is True
    lake = tmp_path / "out" / "lake"
    assert read_table(lake, "files")["source_file"].to_list() == [shown]
    assert read_table(lake, "quarantine")["source_file"].to_list() == [shown]
    assert set(read_table(lake, "hands")["source_file"].to_list()) == {shown}
    assert f"{shown} at byte 984)" in (tmp_path / "out" / "report.html").read_text()
    result = runner.invoke(app, ["explain", "pokerstars:250020000038", "--lake", str(lake)])
    assert result.exit_code == 0 and f"source: {shown} at byte offset 0\n" in result.stdout
