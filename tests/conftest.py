"""The ``corpus`` marker, applied from what a test reads rather than by hand.

A test is marked ``corpus`` when it, one of its fixtures, or a helper of its module calls
the helpers of ``tests/corpus.py`` (so ``pytest -m "not corpus"`` runs where the shared
corpus is absent, and ``-m "not slow and not corpus"`` is the quick loop of the README).
Marking by hand drifted: 28 modules read the corpus and few said so.
"""

from __future__ import annotations

import inspect
import re
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer.testing

_READS_CORPUS = re.compile(
    r"\b(require_corpus|corpus_files?|CORPUS|hands_by_id|parse_corpus_file|corpus_lake|corpus_ingest)\b")


def _source(obj: object) -> str:
    try:
        return inspect.getsource(obj)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return ""


@cache
def _corpus_helpers(module: ModuleType) -> re.Pattern[str]:
    """Names of the module's own functions that read the corpus, as one pattern."""
    names = [name for name, value in vars(module).items()
             if inspect.isfunction(value) and value.__module__ == module.__name__
             and _READS_CORPUS.search(_source(value))]
    return re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else re.compile(r"(?!)")


def _reads_corpus(item: pytest.Function) -> bool:
    sources = [_source(item.function)]
    sources += [_source(d.func) for defs in item._fixtureinfo.name2fixturedefs.values() for d in defs]
    helpers = _corpus_helpers(item.module)
    return any(_READS_CORPUS.search(s) or helpers.search(s) for s in sources)


# Typer's CliRunner builds the click command again on every ``invoke`` (about 36 ms, a
# quarter of a one-hand ``explain``); ``hhaudit`` builds it once a process, so the tests,
# invoking it thousands of times, do the same (an app hashes by identity and, as the
# cache's key, stays alive). ``_get_command`` is the one seam Typer's runner offers.
typer.testing._get_command = cache(typer.testing._get_command)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.Function) and _reads_corpus(item):
            item.add_marker(pytest.mark.corpus)


@pytest.fixture(scope="session")
def corpus_ingest(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """The shared corpus ingested once per test session: ``(IngestSummary, lake)``.

    Every platform folder, as the corpus tests read it; tests only read this lake (a
    test that changes a lake copies it first)."""
    from audit.ingest import ingest
    from tests.corpus import require_corpus

    root = require_corpus()
    lake = tmp_path_factory.mktemp("corpus_session") / "lake"
    return ingest(sorted(p for p in root.iterdir() if p.is_dir()), lake), lake
