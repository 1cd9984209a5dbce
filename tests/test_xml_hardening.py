"""XML is parsed only through defusedxml: entity expansion and external entities are
refused, and a hostile file is quarantined rather than hanging or reading local files."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from audit.ingest import parse_chunk
from parsers import base, bossmedia, everest, ipoker, merge_xml, microgaming, xml_dialect

REPO = Path(__file__).resolve().parent.parent
#: only these names may come from the standard library's XML package: types, no parsers
STDLIB_XML_ALLOWED = {"Element", "ParseError"}

LAUGHS = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
          '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>')
EXTERNAL = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


def test_no_parser_uses_a_standard_library_xml_parser() -> None:
    wrong = []
    for path in sorted((REPO / "parsers").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("xml"):
                wrong += [f"{path.name}: {a.name}" for a in node.names if a.name not in STDLIB_XML_ALLOWED]
            if isinstance(node, ast.Import):
                wrong += [f"{path.name}: {a.name}" for a in node.names if a.name.startswith(("xml", "lxml"))]
    assert wrong == []


@pytest.mark.parametrize("prolog", [LAUGHS, EXTERNAL])
def test_defusedxml_refuses_entities(prolog: str) -> None:
    with pytest.raises(DefusedXmlException):
        fromstring(prolog + "<a>&lol3;</a>" if prolog is LAUGHS else prolog + "<a>&xxe;</a>")


HOSTILE = {
    merge_xml: LAUGHS + '<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>\n'
                        '<game id="1-1" starttime="20110908010704" numholecards="4" gametype="35">'
                        '<players dealer="1"><player seat="0" nickname="&lol3;" balance="$1"/></players></game>',
    ipoker: LAUGHS + '<session sessioncode="1"><general><gametype>Omaha HiLow PL $1/$2</gametype></general>'
                     '<game gamecode="1"><general><players><player name="&lol3;"/></players></general></game>'
                     '</session>',
}


@pytest.mark.parametrize("module", list(HOSTILE), ids=lambda m: m.__name__)
def test_a_hostile_file_is_quarantined_not_expanded(module) -> None:
    result = parse_chunk(module.PARSER, HOSTILE[module], "utf-8", "hostile.xml")
    assert result.found >= 1
    assert result.tables["hands"].num_rows == 0
    assert all("lollol" not in row["message"] for row in result.quarantine)
    assert {row["reason"] for row in result.quarantine} <= {"parse_error", "inconsistent", "bad_amount"}


def test_every_xml_parser_is_covered_by_the_static_check() -> None:
    # a parser parses with defusedxml itself, or through parsers.base.xml_element, which does,
    # or through the shared XML reader, which parses with xml_element
    assert "defusedxml" in inspect.getsource(base.xml_element)
    assert "xml_element(" in inspect.getsource(xml_dialect.XmlHand.element)
    for module in (bossmedia, everest, ipoker, merge_xml, microgaming):
        text = Path(module.__file__).read_text(encoding="utf-8")
        assert "defusedxml" in text or "xml_element(" in text or "parsers.xml_dialect import" in text, module.__name__


def _with_doctype(platform: str, doctype: str) -> str:
    import re

    from tests.corpus import corpus_files, read_text

    files = [p for p in corpus_files(platform) if p.suffix.lower() in (".xml", ".txt")]
    if not files:
        pytest.fail(f"no {platform} file in the corpus")
    text = read_text(files[0])
    found = re.match(r"\ufeff?\s*<\?xml[^>]*\?>\s*", text)
    cut = found.end() if found else 0
    return text[:cut] + doctype + "\n" + text[cut:]


@pytest.mark.parametrize("platform, parser", [("iPoker", ipoker.PARSER), ("BossMedia", bossmedia.PARSER),
                                              ("Microgaming", microgaming.PARSER)], ids=["ipoker", "bossmedia",
                                                                                         "microgaming"])
def test_a_doctype_naming_a_dtd_is_prologue_not_a_hand(platform, parser) -> None:
    plain = _with_doctype(platform, "")
    text = _with_doctype(platform, '<!DOCTYPE session SYSTEM "hands.dtd">')
    assert parser.sniff(text[:65536])  # iPoker's file was unrecognised
    given, kept = parse_chunk(parser, plain, "utf-8", "f.xml"), parse_chunk(parser, text, "utf-8", "f.xml")
    assert (kept.found, kept.tables["hands"].num_rows, len(kept.quarantine)) == (
        given.found, given.tables["hands"].num_rows, len(given.quarantine))  # the DOCTYPE counted no hand


def test_a_doctype_with_an_internal_subset_is_still_refused() -> None:
    text = _with_doctype("BossMedia", '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">]>')
    result = parse_chunk(bossmedia.PARSER, text, "utf-8", "f.xml")
    assert result.quarantine and result.quarantine[0]["source_offset"] == 0
