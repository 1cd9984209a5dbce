"""Where the shared corpus is, and a clear failure or skip when it is not there.

CI has ``../shared/corpus`` beside the checkout, so there a missing corpus fails the
run; on a developer machine without it the corpus tests skip, saying why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("HHAUDIT_CORPUS", REPO.parent / "shared" / "corpus"))


def require_corpus() -> Path:
    if CORPUS.is_dir():
        return CORPUS
    message = f"the shared corpus is absent: expected it at {CORPUS} (set HHAUDIT_CORPUS)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def corpus_file(relative: str) -> Path:
    path = require_corpus() / relative
    if not path.is_file():
        pytest.fail(f"corpus file missing: {path}")
    return path


def corpus_files(platform_dir: str) -> list[Path]:
    """Every file under one platform's folder, sorted (empty when the corpus is absent)."""
    root = CORPUS / platform_dir
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.is_file())


def read_text(path: Path) -> str:
    """Decode a corpus file the way ingest does."""
    from audit.textio import decode_bytes

    return decode_bytes(path.read_bytes()).text
