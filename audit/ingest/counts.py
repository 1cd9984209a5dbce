"""The counts ingest returns: per file, and for the whole ingest, always reconciled.

Every hand found is stored once (``parsed``), counted as a duplicate of one that is, or
quarantined; ``reconciles`` checks exactly that, per file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.vocab import FileStatus


@dataclass
class FileCounts:
    """One input file's row of the files table, filled in while it is read."""

    source_file: str
    size: int = 0
    sha256: str = ""
    encoding: str | None = None
    platform: str | None = None
    format: str | None = None
    found: int = 0
    parsed: int = 0
    quarantined: int = 0
    duplicate: int = 0
    status: FileStatus = FileStatus.OK
    message: str | None = None
    bytes_done: int = 0  # bytes of the file handed to workers so far (offset base)
    codec: str = "utf-8"  # the Python codec its text was decoded with
    #: the lake's row for this file's first bytes, when the file grew since and only its
    #: new end was read: the stored row is replaced by one for the whole file
    prior: dict[str, Any] | None = None

    def reconciles(self) -> bool:
        return self.found == self.parsed + self.quarantined + self.duplicate

    def row(self) -> dict[str, Any]:
        return {
            "source_file": self.source_file, "size": self.size, "sha256": self.sha256,
            "encoding": self.encoding, "platform": self.platform, "format": self.format,
            "hands_found": self.found, "hands_parsed": self.parsed,
            "hands_quarantined": self.quarantined, "hands_duplicate": self.duplicate,
            "status": str(self.status), "message": self.message,
        }

    def lake_row(self) -> dict[str, Any]:
        """The files table's row: ``row()``, with the counts of the first bytes added
        where only the file's new end was read this time."""
        row = self.row()
        if self.prior is None:
            return row
        for key in ("hands_found", "hands_parsed", "hands_quarantined", "hands_duplicate"):
            row[key] += self.prior[key]
        for key in ("encoding", "platform", "format"):
            row[key] = self.prior[key] or row[key]
        if self.prior["status"] == FileStatus.OK:
            row["status"], row["message"] = str(FileStatus.OK), None
        return row


@dataclass
class IngestSummary:
    """What one ingest read: a ``FileCounts`` per file, and the quarantine reasons."""

    lake: Path
    files: list[FileCounts] = field(default_factory=list)
    quarantined_by_reason: Counter[str] = field(default_factory=Counter)
    #: files not read: the lake holds their content already (same SHA-256)
    skipped: list[str] = field(default_factory=list)

    @property
    def hands_found(self) -> int:
        return sum(f.found for f in self.files)

    @property
    def hands_parsed(self) -> int:
        return sum(f.parsed for f in self.files)

    @property
    def hands_quarantined(self) -> int:
        return sum(f.quarantined for f in self.files)

    @property
    def hands_duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def files_by_status(self) -> Counter[str]:
        return Counter(str(f.status) for f in self.files)

    @property
    def bad_files(self) -> list[FileCounts]:
        """The files that could not be read or that no parser recognises (exit code 3)."""
        return [f for f in self.files if f.status in (FileStatus.UNREADABLE, FileStatus.UNRECOGNISED)]

    def reconciles(self) -> bool:
        return all(f.reconciles() for f in self.files)

    def as_dict(self) -> dict[str, Any]:
        return {
            "files": len(self.files),
            "files_by_status": dict(sorted(self.files_by_status.items())),
            "hands_found": self.hands_found,
            "hands_parsed": self.hands_parsed,
            "hands_quarantined": self.hands_quarantined,
            "quarantined_by_reason": dict(sorted(self.quarantined_by_reason.items())),
            "hands_duplicate": self.hands_duplicate,
            "skipped": len(self.skipped),
        }
