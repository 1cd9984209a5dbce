"""``hhaudit verify OUT``: that a run's outputs are what its manifest says, and what an
audit of the lake it recorded produces today.

Three checks, every problem one line naming the file: each output the manifest lists has
its recorded SHA-256; each data file of the lake at the recorded table versions has its
recorded SHA-256 (and no other file is among them); and an audit of the lake read at
those versions (Delta time travel, ``audit.lake.pinned``) gives the same findings and
verdicts as ``findings.parquet`` and ``hands.parquet`` (the ``accepted`` columns come from
the accept file, which the digests cover). Never prints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from audit.errors import BadInput, ExitStatus, UnreadableLake
from audit.lake import LakeError, lake_record, pinned
from audit.outputs import FINDINGS_FILE, HANDS_FILE, LAKE_FOLDER, MANIFEST_FILE, file_sha256

#: columns an accept file decides, not the audit
_ACCEPT_COLUMNS = ("accepted", "accept_reason")


@dataclass
class VerifyResult:
    """What ``verify`` found: one line per problem (none: verified)."""

    out: Path
    problems: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def exit_status(self) -> ExitStatus:
        return ExitStatus.FINDINGS if self.problems else ExitStatus.OK


def verify(out: Path | str, lake: Path | str | None = None) -> VerifyResult:
    """Check the run in ``out`` against its manifest (its lake: ``lake``, else the one
    the manifest names, ``OUT/lake`` when it was there)."""
    out = Path(out)
    manifest = _manifest(out)
    result = VerifyResult(out)
    for entry in manifest.get("outputs", []):
        path = out / entry["file"]
        if not path.is_file():
            result.problems.append(f"{path}: listed in the manifest, missing")
        elif file_sha256(path) != entry["sha256"]:
            result.problems.append(f"{path}: its SHA-256 differs from the manifest's (the file was changed)")
    result.checked["outputs"] = len(manifest.get("outputs", []))
    recorded = manifest.get("lake")
    if not recorded:
        result.problems.append(f"{out / MANIFEST_FILE}: records no lake versions (written by an older hhaudit)")
        return result
    root = Path(lake) if lake is not None else _lake_of(out, recorded)
    try:
        with pinned(root, {k: int(v) for k, v in recorded["versions"].items()}):
            _check_lake(root, recorded, result)
            if not result.problems:
                _reaudit(out, root, manifest, result)
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from None
    return result


def _manifest(out: Path) -> dict[str, Any]:
    path = out / MANIFEST_FILE
    if not out.is_dir():
        raise BadInput(f"{out}: no such folder")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(f"{path}: no manifest (not the output folder of hhaudit run or audit)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadInput(f"{path}: cannot read it ({exc})") from None
    if not isinstance(manifest, dict):
        raise BadInput(f"{path}: not a manifest")
    return manifest


def _lake_of(out: Path, recorded: dict[str, Any]) -> Path:
    inside = out / LAKE_FOLDER
    if inside.is_dir() and Path(recorded.get("path", "")).name == LAKE_FOLDER:
        return inside
    return Path(recorded["path"])


def _check_lake(root: Path, recorded: dict[str, Any], result: VerifyResult) -> None:
    expected = {f["file"]: f for f in recorded.get("files", [])}
    found = {f["file"]: f for f in lake_record(root)["files"]}
    for name, entry in sorted(expected.items()):
        now = found.get(name)
        if now is None or now["sha256"] is None:
            result.problems.append(f"{root / name}: a data file of the audited lake version is missing")
        elif now["sha256"] != entry["sha256"]:
            result.problems.append(f"{root / name}: its SHA-256 differs from the manifest's (the lake was changed)")
    for name in sorted(set(found) - set(expected)):
        result.problems.append(f"{root / name}: in the audited lake version, not in the manifest")
    result.checked["lake_files"] = len(expected)


def _reaudit(out: Path, root: Path, manifest: dict[str, Any], result: VerifyResult) -> None:
    from audit.pipeline import audit_lake

    forced = manifest.get("policies", {}).get("*")
    outcome = audit_lake(root, policy=forced["name"] if forced else None)
    for platform, entry in manifest.get("policies", {}).items():
        policy = outcome.policies.get(platform)
        if policy is not None and policy.hash != entry.get("hash"):
            result.problems.append(f"{out / MANIFEST_FILE}: policy {entry.get('name')} of {platform} "
                                   "resolves to other options today")
    for name, frame, key in ((FINDINGS_FILE, outcome.findings, ["hand_key", "seat", "pot", "run", "half", "kind"]),
                             (HANDS_FILE, outcome.verdicts, ["hand_key"])):
        written = pl.read_parquet(out / name)
        cols = [c for c in written.columns if c not in _ACCEPT_COLUMNS]
        if set(cols) != {c for c in frame.columns if c not in _ACCEPT_COLUMNS}:
            result.problems.append(f"{out / name}: its columns differ from what the audit writes")
            continue
        mine, theirs = frame.select(cols).sort(key, nulls_last=True), written.select(cols).sort(key, nulls_last=True)
        if not mine.equals(theirs):
            result.problems.append(f"{out / name}: differs from an audit of the lake at the recorded versions "
                                   f"({theirs.height} rows written, {mine.height} audited)")
    result.checked["audited_hands"] = outcome.verdicts.height
