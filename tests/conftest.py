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
from types import ModuleType

import pytest

_READS_CORPUS = re.compile(r"\b(require_corpus|corpus_files?|CORPUS|hands_by_id|parse_corpus_file|corpus_lake)\b")


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.Function) and _reads_corpus(item):
            item.add_marker(pytest.mark.corpus)
