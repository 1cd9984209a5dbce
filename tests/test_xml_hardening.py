"""XML is parsed only through defusedxml: entity expansion and external entities are
refused, and a hostile file is quarantined rather than hanging or reading local files."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from audit.ingest import parse_chunk
from parsers import bossmedia, everest, ipoker, merge_xml, microgaming

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
    for module in (bossmedia, everest, ipoker, merge_xml, microgaming):
        assert "defusedxml" in Path(module.__file__).read_text(encoding="utf-8")
