"""The library behind ``hhaudit lake vacuum`` and ``hhaudit lake optimize``: the lake's
maintenance (``audit.lake``), with its problems raised as the typed errors of
``audit.errors``. Never prints."""

from __future__ import annotations

from pathlib import Path

from audit.errors import NotALake, UnreadableLake
from audit.lake import META_FOLDER, LakeError, lake_versions, optimize, vacuum


def _check(lake: Path) -> None:
    if not (lake / "hands").is_dir() and not (lake / META_FOLDER).is_dir():
        raise NotALake(lake)


def vacuum_job(lake: Path | str, retention_hours: int = 168) -> dict[str, object]:
    """Delete the files no lake version references (a killed writer's) and those only
    versions removed more than ``retention_hours`` ago reference. Returns what was done."""
    lake = Path(lake)
    _check(lake)
    try:
        deleted = vacuum(lake, retention_hours)
        return {"deleted_files": len(deleted), "versions": lake_versions(lake)}
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from None


def optimize_job(lake: Path | str) -> dict[str, object]:
    """Compact each partition's small files (the rows stay as they are)."""
    lake = Path(lake)
    _check(lake)
    try:
        removed = optimize(lake)
        return {"files_compacted": removed, "versions": lake_versions(lake)}
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from None
