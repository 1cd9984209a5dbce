"""What an audit produced, and the files a run writes from it (``contracts.md``, ``run``).

``AuditOutcome`` is the audit's result: verdicts, findings, the policies used, the accept
entries that matched nothing. ``write_outputs`` writes ``findings.parquet``,
``hands.parquet`` and ``manifest.json`` and returns the run's counts (the JSON object on
the last line of ``run`` and ``audit``). Never prints.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Mapping, Sequence

import polars as pl

from audit.errors import OutNotEmpty
from audit.lake import atomic_path, lake_record, read_table
from audit.schema import SCHEMA_VERSION
from rules.odd_chip import Policy
from rules.vocab import FileStatus, Verdict

FINDINGS_FILE = "findings.parquet"
HANDS_FILE = "hands.parquet"
MANIFEST_FILE = "manifest.json"
EXPLANATIONS_FILE = "explanations.jsonl"
REPORT_FILE = "report.html"
LAKE_FOLDER = "lake"


def tool_version() -> str:
    """The installed hhaudit's version, from the package metadata (``pyproject.toml``)."""
    try:
        return version("hhaudit")
    except PackageNotFoundError:  # imported from a source tree that was never installed
        return "0+unknown"


@dataclass
class AuditOutcome:
    """One audit of a lake: a verdict per hand, a row per finding, the policy per platform
    (``"*"`` when one was forced), and the accept entries that matched no finding."""

    verdicts: pl.DataFrame
    findings: pl.DataFrame
    policies: dict[str, Policy]
    unmatched_accepts: list[tuple[str, str]] = field(default_factory=list)

    def counts(self) -> dict[str, Any]:
        v = Counter(self.verdicts["verdict"].to_list())
        open_findings = self.findings.filter(~pl.col("accepted"))
        return {
            "audited": self.verdicts.height,
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
        return self.findings.filter(~pl.col("accepted")).height


def prepare_out(out: Path, overwrite: bool) -> None:
    """Make ``out`` an empty folder: refuse one with files in it unless ``overwrite``."""
    if out.exists() and any(out.iterdir()):
        if not overwrite:
            raise OutNotEmpty(out)
        for child in out.iterdir():
            if child.is_dir():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_outputs(out: Path, outcome: AuditOutcome, lake: Path, *, extra_files: Sequence[Path] = (),
                  ingest_counts: Mapping[str, Any] | None = None, run_id: str | None = None,
                  tables: bool = True) -> dict[str, Any]:
    """Write findings, verdicts and the manifest; returns the run's summary counts.

    ``tables=False`` rewrites only the manifest, over findings and verdicts this outcome
    already wrote (the manifest lists their digests either way)."""
    out.mkdir(parents=True, exist_ok=True)
    findings_path, hands_path = out / FINDINGS_FILE, out / HANDS_FILE
    if tables or not findings_path.exists() or not hands_path.exists():
        with atomic_path(findings_path) as tmp:
            outcome.findings.write_parquet(tmp)
        with atomic_path(hands_path) as tmp:
            outcome.verdicts.write_parquet(tmp)
    files = read_table(lake, "files")
    quarantine = read_table(lake, "quarantine", ["reason"])
    summary = lake_counts(files, quarantine, ingest_counts)
    summary.update(outcome.counts())
    manifest = {
        "run_id": run_id or uuid.uuid4().hex,
        "created_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tool_version": tool_version(),
        "schema_version": SCHEMA_VERSION,
        "policies": {platform: {"name": p.name, "hash": p.hash, "options": p.resolve()}
                     for platform, p in sorted(outcome.policies.items())},
        "inputs": [{"file": r["source_file"], "sha256": r["sha256"], "status": r["status"]}
                   for r in files.sort("source_file").iter_rows(named=True)],
        "unmatched_accepts": [{"hand_key": k, "kind": kind} for k, kind in outcome.unmatched_accepts],
        "summary": summary,
        "outputs": [{"file": p.name, "sha256": file_sha256(p)} for p in (findings_path, hands_path, *extra_files)],
        "lake": lake_record(lake),  # the table versions audited and their files (hhaudit verify)
    }
    with atomic_path(out / MANIFEST_FILE) as tmp:
        tmp.write_text(json.dumps(manifest, indent=2, default=str) + "\n", encoding="utf-8")
    return summary


def lake_counts(files: pl.DataFrame, quarantine: pl.DataFrame,
                ingest_counts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ingest half of a run's counts: from this run's ingest when it ingested, else
    from the lake's files and quarantine tables."""
    if ingest_counts:
        return {"files": ingest_counts["files"], "hands_found": ingest_counts["hands_found"],
                "parsed": ingest_counts["hands_parsed"], "quarantined": ingest_counts["hands_quarantined"],
                "duplicates": ingest_counts["hands_duplicate"],
                "bad_files": sum(n for s, n in ingest_counts["files_by_status"].items()
                                 if s in (FileStatus.UNREADABLE, FileStatus.UNRECOGNISED))}
    return {
        "files": files.height,
        "hands_found": int(files["hands_found"].sum() or 0),
        "parsed": int(files["hands_parsed"].sum() or 0),
        "quarantined": quarantine.height,
        "duplicates": int(files["hands_duplicate"].sum() or 0),
        "bad_files": files.filter(pl.col("status").is_in([FileStatus.UNREADABLE.value,
                                                          FileStatus.UNRECOGNISED.value])).height,
    }
