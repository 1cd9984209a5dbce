"""What the parser tests do with corpus files, written once.

Each ``tests/test_parser_<platform>.py`` lists its platform's corpus files with their
hand counts and checks every file the same way before checking exact values of chosen
hands; the shared steps are here so that each test module keeps only its platform's
expectations.
"""

from __future__ import annotations

from pathlib import Path

from parsers.base import Parser
from rules.records import ParsedHand
from parsers.registry import detect
from tests.corpus import corpus_file, read_text


def hands_by_id(parser: Parser, relative: str) -> dict[str, ParsedHand]:
    """Every hand of one corpus file (path relative to the corpus), parsed, by hand id."""
    return {h.hand_id: h for h in (parser.parse(t) for _, t in parser.split(read_text(corpus_file(relative))))}


def parse_corpus_file(parser: Parser, path: Path, expected_hands: dict[str, int]) -> list[ParsedHand]:
    """The parsed hands of one corpus file, once the file has passed the checks every file must.

    The file is listed in ``expected_hands`` (file name -> hand count), ``parser.sniff``
    and ``detect`` both claim it from its first 8 KiB, and it splits into exactly the
    listed number of hands. A parse error fails the test.
    """
    assert path.name in expected_hands, f"new corpus file {path.name}: add its hand count"
    text = read_text(path)
    assert parser.sniff(text[:8192]) and detect(text[:8192]) is parser
    chunks = list(parser.split(text))
    assert len(chunks) == expected_hands[path.name]
    return [parser.parse(hand_text) for _, hand_text in chunks]
