"""What an audit produced, and the files a run writes from it (``contracts.md``, ``run``).

``AuditOutcome`` is the audit's result: verdicts, findings, the policies used, the accept
entries that matched nothing. ``write_outputs`` writes ``findings.parquet``,
``hands.parquet`` and ``manifest.json`` and returns the run's counts (the JSON object on
the last line of ``run`` and ``audit``). Never prints.

Outputs are safe to point at any folder: ``prepare_out`` refuses an ``--out`` that is a
file, cannot be written, or equals, contains or lies inside an input; ``--overwrite``
removes only what an earlier hhaudit run's ``manifest.json`` lists (its outputs, its own
lake, the manifest) and hhaudit's leftover temporary files, never anything else. A job
writes a manifest with ``"complete": false`` before any other file, so that a run killed
half-way is still known as hhaudit's (and ``report`` refuses it), and the final one with
``"complete": true`` last. Every file is written under a temporary name (``.NAME.<8
hex>.tmp``) and renamed into place.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from audit.atomic import atomic_output as atomic_output  # re-exported: the outputs are written with it
from audit.errors import OutNotEmpty, OutputRefused
from audit.lake import lake_record, read_table
from audit.schema import SCHEMA_VERSION
from audit.version import tool_version as tool_version  # re-exported: the manifest records it
from rules.vocab import FileStatus, Verdict

if TYPE_CHECKING:  # polars on use: ingest checks its --lake here and needs no polars
    import polars as pl

    from audit.verdict_stream import SortedVerdicts
    from rules.odd_chip import Policy  # its profiles cost ~0.05 s to build: ingest needs none

FINDINGS_FILE = "findings.parquet"
HANDS_FILE = "hands.parquet"
MANIFEST_FILE = "manifest.json"
EXPLANATIONS_FILE = "explanations.jsonl"
REPORT_FILE = "report.html"
LAKE_FOLDER = "lake"
#: what run and audit write, in the order the manifest lists them
RUN_OUTPUTS = (FINDINGS_FILE, HANDS_FILE, REPORT_FILE, EXPLANATIONS_FILE)
AUDIT_OUTPUTS = (FINDINGS_FILE, HANDS_FILE)
#: hhaudit's temporary files (``atomic_output``; the lake's writer names its own alike)
TEMPORARY = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


@dataclass
class AuditOutcome:
    """One audit of a lake: a verdict per hand, a row per finding, the policy per platform
    (``"*"`` when one was forced), and the accept entries that matched no finding.

    The verdicts are a frame, or (``audit.pipeline.audit_lake``'s) kept on disk until
    ``hands.parquet`` is written (``SortedVerdicts``): ``verdicts`` reads those back
    whole, which ``run`` and ``audit`` never need (``tally``, ``write_verdicts``)."""

    verdict_rows: pl.DataFrame | SortedVerdicts
    findings: pl.DataFrame
    policies: dict[str, Policy]
    unmatched_accepts: list[tuple[str, str]] = field(default_factory=list)

    @property
    def verdicts(self) -> pl.DataFrame:
        """Every verdict, sorted by hand key as ``hands.parquet`` holds them."""
        rows = self.verdict_rows
        return rows.frame() if _on_disk(rows) else cast("pl.DataFrame", rows)

    @property
    def audited(self) -> int:
        rows = self.verdict_rows
        return rows.rows if _on_disk(rows) else cast("pl.DataFrame", rows).height

    def tally(self) -> pl.DataFrame:
        """Hands by platform, game and verdict (the column ``hands``): all the counts and
        the report's summary need of the verdicts (``reports.summary.summarise``)."""
        rows = self.verdict_rows
        if _on_disk(rows):
            return rows.tally()
        return cast("pl.DataFrame", rows).group_by("platform", "game", "verdict").len("hands")

    def write_verdicts(self, path: Path) -> None:
        """``hands.parquet`` at ``path``."""
        rows = self.verdict_rows
        if _on_disk(rows):
            rows.write(path)
        else:
            cast("pl.DataFrame", rows).write_parquet(path)

    def counts(self) -> dict[str, Any]:
        import polars as pl

        tally = self.tally()
        v = dict(tally.group_by("verdict").agg(pl.col("hands").sum()).rows())
        open_findings = self.findings.filter(~pl.col("accepted"))
        return {
            "audited": self.audited,
            "clean": v.get(Verdict.CLEAN.value, 0),
            "findings": v.get(Verdict.FINDINGS.value, 0),
            "findings_by_kind": dict(sorted(Counter(self.findings["kind"].to_list()).items())),
            "finding_rows": self.findings.height,
            "findings_accepted": self.findings.height - open_findings.height,
            "unverifiable": v.get(Verdict.UNVERIFIABLE.value, 0),
            "relative_only": v.get(Verdict.RELATIVE_ONLY.value, 0),
        }

    @property
    def open_findings(self) -> int:
        import polars as pl

        return self.findings.filter(~pl.col("accepted")).height


def _on_disk(rows: pl.DataFrame | SortedVerdicts) -> TypeGuard[SortedVerdicts]:
    from audit.verdict_stream import SortedVerdicts

    return isinstance(rows, SortedVerdicts)


def read_manifest(folder: Path) -> dict[str, Any] | None:
    """The manifest hhaudit wrote in ``folder`` (complete or not), or None when there is
    none or it is not hhaudit's."""
    try:
        data = json.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and {"run_id", "tool_version", "outputs"} <= data.keys():
        return data
    return None


def prepare_out(out: Path, overwrite: bool, inputs: Sequence[Path | str] = ()) -> None:
    """Make ``out`` a folder to write a run's files to.

    Refuses (``OutputRefused``) an ``out`` that is a file, that equals, contains or is
    inside one of ``inputs``, or that cannot be written; refuses one with files in it
    unless ``overwrite`` (``OutNotEmpty``), and then removes only what an earlier hhaudit
    run there wrote."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputRefused(f"--out {out} is a file, not a folder")
    check_apart(out, inputs)
    if out.is_dir() and any(out.iterdir()):
        if not overwrite:
            raise OutNotEmpty(out)
        manifest = read_manifest(out)
        if manifest is None:
            raise OutputRefused(f"--overwrite removes only an earlier hhaudit run's files, and {out} holds "
                                f"no {MANIFEST_FILE} of one: empty it yourself or choose another --out")
        _remove_previous_run(out, manifest)
    check_out_folder(out)


def check_out_folder(out: Path, option: str = "--out") -> None:
    """Make the folder ``out`` if needed; ``OutputRefused`` when it is a file or cannot
    be written (tried with a file made and removed at once)."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputRefused(f"{option} {out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test.", suffix=".tmp", dir=out)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise OutputRefused(f"cannot write to {option} {out}: {exc.strerror or exc}") from None


def check_apart(out: Path, inputs: Sequence[Path | str], option: str = "--out", inside: bool = False) -> None:
    """Refuse an ``out`` that is, holds or (unless ``inside``) lies inside an input:
    ``--overwrite`` would remove the input, and the next run would read its own outputs
    (a lake inside an input folder is skipped as hhaudit's own, so ``ingest`` allows it)."""
    where = Path(os.path.realpath(out))
    for raw in inputs:
        given = Path(os.path.realpath(raw))
        relation = ("is" if where == given else "contains" if given.is_relative_to(where)
                    else "is inside" if where.is_relative_to(given) and not inside else None)
        if relation:
            raise OutputRefused(f"{option} {out} {relation} the input {raw}: choose an output folder "
                                "apart from the inputs")


def _remove_previous_run(out: Path, manifest: Mapping[str, Any]) -> None:
    """Remove what ``manifest`` says its run wrote in ``out``, and hhaudit's temporary
    files; nothing else. A manifest before ``lake_folder`` was recorded is a run's when it
    lists a report (``audit`` writes none, and never a lake)."""
    listed = {o.get("file") for o in manifest.get("outputs", []) if isinstance(o, dict)}
    names = {n for n in listed if isinstance(n, str) and n == Path(n).name and not n.startswith(".")}
    for name in sorted(names | {MANIFEST_FILE}):
        path = out / name
        if path.is_symlink() or path.is_file():
            path.unlink()
    lake = manifest.get("lake_folder", LAKE_FOLDER if REPORT_FILE in names else None)
    if lake == LAKE_FOLDER:
        path = out / LAKE_FOLDER
        if path.is_symlink():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)
    for leftover in out.iterdir():
        if TEMPORARY.match(leftover.name) and (leftover.is_file() or leftover.is_symlink()):
            leftover.unlink()


def check_output_file(path: Path, option: str) -> None:
    """Refuse (``OutputRefused``) a file to write that is a folder, or whose folder is
    missing or cannot be written, before any work."""
    path = Path(path)
    if path.is_dir():
        raise OutputRefused(f"{option} {path} is a folder; give the name of a file to write")
    if not path.parent.is_dir():
        raise OutputRefused(f"{option} {path}: the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK):
        raise OutputRefused(f"cannot write {option} {path}: the folder {path.parent} is not writable")


def start_manifest(out: Path, run_id: str, outputs: Sequence[str], lake: str | None) -> None:
    """The manifest a job writes before any other file: which files it will write, and
    that it has not finished (``"complete": false``)."""
    manifest = {**_header(run_id), "complete": False, "lake_folder": lake,
                "outputs": [{"file": name, "sha256": None} for name in outputs]}
    _write_manifest(out, manifest)


def _header(run_id: str | None) -> dict[str, Any]:
    return {
        "run_id": run_id or uuid.uuid4().hex,
        "created_utc": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tool_version": tool_version(),
        "schema_version": SCHEMA_VERSION,
    }


def _write_manifest(out: Path, manifest: Mapping[str, Any]) -> None:
    with atomic_output(out / MANIFEST_FILE) as tmp:
        tmp.write_text(json.dumps(manifest, indent=2, default=str) + "\n", encoding="utf-8")


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_outputs(out: Path, outcome: AuditOutcome, lake: Path, *, extra_files: Sequence[Path] = (),
                  ingest_counts: Mapping[str, Any] | None = None, run_id: str | None = None,
                  tables: bool = True, complete: bool = True, lake_folder: str | None = None,
                  engine: str = "local") -> dict[str, Any]:
    """Write findings, verdicts and the manifest; returns the run's summary counts.

    ``tables=False`` rewrites only the manifest, over findings and verdicts this outcome
    already wrote (the manifest lists their digests either way). ``complete`` says
    whether this is the job's last manifest; ``lake_folder``, the lake it wrote in
    ``out`` (``run``'s). The manifest's record of the lake is read from the lake, or with
    ``tables=False`` from this run's (``run_id``) manifest written before, of the same
    state of the lake (``audit.lake.pinned``): the record hashes every data file."""
    out.mkdir(parents=True, exist_ok=True)
    findings_path, hands_path = out / FINDINGS_FILE, out / HANDS_FILE
    if tables or not findings_path.exists() or not hands_path.exists():
        with atomic_output(findings_path) as tmp:
            outcome.findings.write_parquet(tmp)
        with atomic_output(hands_path) as tmp:
            outcome.write_verdicts(tmp)
    recorded = None if tables else _recorded_before(out, run_id)
    files = read_table(lake, "files") if recorded is None or not ingest_counts else None
    if recorded is None:
        assert files is not None
        recorded = _lake_entries(files, lake)
    if ingest_counts:
        summary = ingested_counts(ingest_counts)
    else:
        assert files is not None
        summary = lake_counts(files, read_table(lake, "quarantine", ["reason"]))
    summary.update(outcome.counts())
    manifest = {
        **_header(run_id),
        "complete": complete,
        "lake_folder": lake_folder,
        "engine": engine,
        "policies": {platform: {"name": p.name, "hash": p.hash, "options": p.resolve()}
                     for platform, p in sorted(outcome.policies.items())},
        "inputs": recorded["inputs"],
        "unmatched_accepts": [{"hand_key": k, "kind": kind} for k, kind in outcome.unmatched_accepts],
        "summary": summary,
        "outputs": [{"file": p.name, "sha256": file_sha256(p)} for p in (findings_path, hands_path, *extra_files)],
        "lake": recorded["lake"],  # the table versions audited and their files (hhaudit verify)
    }
    _write_manifest(out, manifest)
    return summary


def _recorded_before(out: Path, run_id: str | None) -> dict[str, Any] | None:
    """The manifest's ``inputs`` and ``lake`` as this run (``run_id``) wrote them in ``out``
    before, or None when it wrote none."""
    previous = read_manifest(out) if run_id else None
    if previous is not None and previous["run_id"] == run_id and {"inputs", "lake"} <= previous.keys():
        return {"inputs": previous["inputs"], "lake": previous["lake"]}
    return None


def _lake_entries(files: pl.DataFrame, lake: Path) -> dict[str, Any]:
    """The manifest's ``inputs`` (the lake's ``files`` table) and ``lake`` record."""
    return {"inputs": [{"file": r["source_file"], "sha256": r["sha256"], "status": r["status"]}
                       for r in files.sort("source_file").iter_rows(named=True)],
            "lake": lake_record(lake)}


def ingested_counts(ingest_counts: Mapping[str, Any]) -> dict[str, Any]:
    """The ingest half of a run's counts, from this run's ingest."""
    return {"files": ingest_counts["files"], "hands_found": ingest_counts["hands_found"],
            "parsed": ingest_counts["hands_parsed"], "quarantined": ingest_counts["hands_quarantined"],
            "duplicates": ingest_counts["hands_duplicate"],
            "bad_files": sum(n for s, n in ingest_counts["files_by_status"].items()
                             if s in (FileStatus.UNREADABLE, FileStatus.UNRECOGNISED))}


def lake_counts(files: pl.DataFrame, quarantine: pl.DataFrame) -> dict[str, Any]:
    """The ingest half of an audit's counts, from the lake's files and quarantine tables."""
    import polars as pl

    return {
        "files": files.height,
        "hands_found": int(files["hands_found"].sum() or 0),
        "parsed": int(files["hands_parsed"].sum() or 0),
        "quarantined": quarantine.height,
        "duplicates": int(files["hands_duplicate"].sum() or 0),
        "bad_files": files.filter(pl.col("status").is_in([FileStatus.UNREADABLE.value,
                                                          FileStatus.UNRECOGNISED.value])).height,
    }
