"""The registry imports a parser module only when a file's head may be of its format
(issue 14): each module's markers are held to its ``sniff`` on every file the tests know,
and ingesting a PokerStars file imports no other platform's parser."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import parsers
from audit.ingest.inputs import HEAD_BYTES, SNIFF_CHARS
from audit.textio import sniff_encoding
from parsers import registry
from tests.corpus import CORPUS

REPO = Path(__file__).resolve().parent.parent
KNOWN = [p for root in (CORPUS, REPO / "sample_data", REPO / "tests" / "cases") if root.is_dir()
         for p in sorted(root.rglob("*")) if p.is_file()]


def _head(path: Path) -> str:
    """A file's head as ``recognise`` sniffs it."""
    raw = path.read_bytes()[:HEAD_BYTES]
    codec, _, bom = sniff_encoding(raw)
    return raw[bom:].decode(codec, errors="ignore")[:SNIFF_CHARS].lstrip("\ufeff")


def test_the_table_names_every_parser_module_with_its_format() -> None:
    exposing = sorted(m.name for m in pkgutil.iter_modules(parsers.__path__)
                      if hasattr(importlib.import_module(f"parsers.{m.name}"), "PARSER"))
    assert sorted(registry._MODULES) == exposing
    for entry in registry._TABLE:
        assert registry.parser_of(entry.module).format == entry.format, entry.module


def test_every_head_a_parser_accepts_holds_one_of_its_markers() -> None:
    assert len(KNOWN) > 150  # the corpus (every platform), the sample data and the test cases
    accepted = 0
    for path in KNOWN:
        head = _head(path)
        for entry in registry._TABLE:
            if registry.parser_of(entry.module).sniff(head):
                accepted += 1
                assert any(m in head for m in entry.markers), (entry.module, path)
        # the lazy detection finds what trying every parser in order finds
        assert registry.detect(head) is next((p for p in registry.all_parsers() if p.sniff(head)), None), path
    assert accepted > 150


def test_a_head_without_markers_imports_no_parser() -> None:
    assert list(registry.sniffing("just some text\nof no platform\n")) == []
    stars = list(registry.sniffing("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)"))
    # PokerStars is the first tried (no earlier module's marker is in it); of the later
    # ones only those whose marker it holds ("Hand #") would be
    assert stars[0] is registry.parser_of("pokerstars")
    assert [p.format for p in stars[1:]] == [registry.parser_of(m).format
                                             for m in ("winningpoker", "bovada", "betonline", "unibet")]
    assert registry.detect("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - "
                           "2024/03/01 12:00:00 ET\n") is registry.parser_of("pokerstars")


def test_ingesting_a_pokerstars_file_imports_only_the_parsers_its_head_selects(tmp_path: Path) -> None:
    source = REPO / "sample_data" / "table-aral-2024-03-01.txt"
    program = (
        "import json, sys\n"
        "from audit.ingest import ingest\n"
        f"summary = ingest([{str(source)!r}], {str(tmp_path / 'lake')!r})\n"
        "print(json.dumps({'parsed': summary.hands_parsed,\n"
        "                  'parsers': sorted(m for m in sys.modules if m.startswith('parsers.'))}))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                          cwd=REPO)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["parsed"] > 0
    imported = {m.removeprefix("parsers.") for m in result["parsers"]}
    assert "pokerstars" in imported
    assert not imported & {"cake", "ggpoker", "winamax", "ipoker", "merge_xml", "partypoker", "bovada"}
    # the modules before PokerStars in the order have no marker in its head: none imported
    assert imported & set(registry._MODULES) == {"pokerstars"}
