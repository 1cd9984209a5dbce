"""Every file of the shared corpus: hands found = parsed + duplicates + quarantined, and
nothing quarantined or unreconciled except the hands listed here with why the history
itself is at fault.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from audit.ingest import IngestSummary
from audit.lake import read_table
from tests.corpus import CORPUS

#: (corpus-relative file, reason) -> (count, why the file itself is broken)
KNOWN_QUARANTINED: dict[tuple[str, str], tuple[int, str]] = {
    ("PokerStars/OmahaHiLo/HandActionTests__UncalledBet.txt", "conflicting_duplicate"): (
        1, "a hand-edited test fixture: hand #109716666902 is also in "
           "HandActionTests__StrangePlayerNames.txt with seat 1 renamed ('Beeethoven87' vs 'wo_ooly :D')"),
    ("Entraction/OmahaHiLo/HandActionTests__AllInHandWithShowdown.txt", "conflicting_duplicate"): (
        1, "a hand-edited test fixture: hand 2646515969 is also in GameTypeTests__PotLimitOmahaHiLo.txt "
           "and Limits__EuroTable.txt, here with an all-in of 900 added to a 100/200 fixed-limit game"),
    ("PartyPoker/OmahaHiLo/PLO8-10max-USD-20-2-201310.chat.fix.txt", "truncated"): (
        1, "the file ends with the next hand's first line, 'Game #13387444948 starts.', and nothing else"),
    ("WinningPoker/StudHiLo/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "truncated"): (
        1, "the file ends in the middle of hand 693976187, after its seat lines"),
    ("BetOnline/Holdem/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt", "inconsistent"): (
        1, "3.97 put in, 2.49 paid + 0.22 rake: the 1.26 pot printed before the showdown is paid by no "
           "line, and BetOnline prints a seat winning several pots 'won' the last alone: who got it is not printed"),
}

#: hand_key -> why the history itself does not add up
KNOWN_UNRECONCILED: dict[str, str] = {
    "enet:7732419": "pays 56,64 + rake 1,39 of 140,53 put in; the summary's total pot (2,75) and a "
                    "rake line of -2,22 contradict the betting",
}

#: files that hold no hand history, with why
NO_HANDS = {".hp", ".hands", ".gt"}


@pytest.fixture(scope="module")
def corpus_lake(corpus_ingest) -> tuple[IngestSummary, Path]:
    return corpus_ingest  # the session's one corpus lake (tests/conftest.py)


def _rel(source_file: str) -> str:
    return str(Path(source_file).relative_to(CORPUS))


def test_every_corpus_file_is_read_and_reconciles(corpus_lake) -> None:
    summary, _ = corpus_lake
    problems = []
    for f in summary.files:
        rel = _rel(f.source_file)
        if not f.reconciles():
            problems.append(f"{rel}: found {f.found} != parsed {f.parsed} + dup {f.duplicate} + quarantined {f.quarantined}")
        expected_status = "no_hands" if Path(rel).suffix in NO_HANDS else "ok"
        if f.status != expected_status:
            problems.append(f"{rel}: status {f.status} ({f.message})")
    assert problems == []


def test_nothing_is_quarantined_but_the_known_broken_hands(corpus_lake) -> None:
    _, lake = corpus_lake
    q = read_table(lake, "quarantine")
    got: dict[tuple[str, str], int] = {}
    for src, reason in q.select("source_file", "reason").rows():
        got[(_rel(src), reason)] = got.get((_rel(src), reason), 0) + 1
    expected = {k: v[0] for k, v in KNOWN_QUARANTINED.items()}
    if got != expected:
        detail = q.select("source_file", "reason", "message").rows()
        pytest.fail(f"quarantined {got}, expected {expected}: {detail[:20]}")


def test_every_parsed_hand_reconciles_or_is_explained(corpus_lake) -> None:
    _, lake = corpus_lake
    hands = read_table(lake, "hands", ["hand_key", "reconciled", "source_file"])
    bad = hands.filter(~pl.col("reconciled"))["hand_key"].to_list()
    assert sorted(bad) == sorted(KNOWN_UNRECONCILED)


def test_hand_keys_are_unique(corpus_lake) -> None:
    _, lake = corpus_lake
    hands = read_table(lake, "hands", ["hand_key"])
    assert hands.height == hands["hand_key"].n_unique()


def _corpus_text_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix not in NO_HANDS
                  and p.name != "MANIFEST.tsv")


@pytest.mark.parametrize("path", _corpus_text_files(), ids=lambda p: str(p.relative_to(CORPUS)))
def test_split_yields_exact_slices_of_the_file(path: Path) -> None:
    """Offsets and raw_sha256 rely on each hand being exactly its slice of the file."""
    from audit.textio import decode_bytes
    from parsers.registry import detect

    text = decode_bytes(path.read_bytes()).text
    parser = detect(text[:8192])
    assert parser is not None, f"no parser claims {path}"
    for offset, hand in parser.split(text):
        assert text[offset:offset + len(hand)] == hand, (offset, hand[:80])
