"""A bounded fuzz run of ``parse_chunk`` (issue 17), in the suite.

Hypothesis mutates hands of the shared corpus (and generated PokerStars hands, so that
the run means something without the corpus): byte flips, deletions, duplications,
truncations and number changes. Whatever it makes, ``parse_chunk`` never raises and every
hand found is stored or quarantined (found = parsed + quarantined at this level; the
store adds duplicates), on the text path and, for PokerStars, the columnar byte path.
Examples are derandomised (the same inputs on every run) and bounded in number, not in
time. ``bench/robust_bench.py --fuzz N`` runs the same property much longer.
"""

from __future__ import annotations

import re
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit.ingest import parse_chunk
from audit.textio import decode_bytes
from bench.generate import generate
from parsers.registry import all_parsers
from tests.corpus import CORPUS

_NUMBER = re.compile(rb"[0-9]+(?:[.,][0-9]+)?")


@cache
def seeds() -> tuple[tuple[bytes, object], ...]:
    """(a few hands of one file as UTF-8, its parser): per corpus file, its first three hands."""
    out: list[tuple[bytes, object]] = [("".join(t for t, _ in generate(3, 2)).encode(), None)]
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()) if CORPUS.is_dir() else []:
        try:
            text = decode_bytes(path.read_bytes()).text
        except ValueError:
            continue
        parser = next((p for p in all_parsers() if p.sniff(text[:8192])), None)
        if parser is None or not getattr(parser, "chunkable", True):
            continue
        hands = [h for _, h in parser.split(text)][:3]
        if hands:
            out.append(("".join(hands).encode("utf-8", errors="surrogatepass"), parser))
    return tuple(out)


def mutate(data: bytes, ops: list[tuple[int, int, int, int]]) -> bytes:
    """Apply each ``(kind, position, length, value)`` edit in turn."""
    for kind, position, length, value in ops:
        if not data:
            break
        at = position % len(data)
        end = min(len(data), at + 1 + length % 200)
        if kind == 0:  # flip one byte
            data = data[:at] + bytes([data[at] ^ (1 + value % 255)]) + data[at + 1:]
        elif kind == 1:  # delete a run
            data = data[:at] + data[end:]
        elif kind == 2:  # duplicate a run (a line twice, a header twice)
            data = data[:end] + data[at:end] + data[end:]
        elif kind == 3:  # cut the end off
            data = data[:at]
        elif kind == 4:  # a number changed: bigger, negative, huge
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                m = numbers[position % len(numbers)]
                new = (b"99999999999999999999", b"-" + m.group(), b"0", m.group() * 2, b"1e9")[value % 5]
                data = data[:m.start()] + new + data[m.end():]
        elif kind == 5:  # NUL and control bytes
            data = data[:at] + bytes([value % 32]) * (1 + length % 4) + data[at:]
    return data


_OPS = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 1 << 20), st.integers(0, 1 << 10),
                          st.integers(0, 255)), min_size=1, max_size=6)


def _parser_for(seed: object):
    from parsers.pokerstars import PARSER

    return PARSER if seed is None else seed


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_corpus_hands_never_escape_parse_chunk_and_every_hand_is_counted(data) -> None:
    pool = seeds()
    text_bytes, seed = pool[data.draw(st.integers(0, len(pool) - 1), label="seed")]
    parser = _parser_for(seed)
    mutated = mutate(text_bytes, data.draw(_OPS, label="ops"))
    text = mutated.decode("utf-8", errors="replace")
    result = parse_chunk(parser, text, "utf-8", "fuzz.txt")
    assert result.found == result.tables["hands"].num_rows + len(result.quarantine)
    assert result.chunk_bytes == len(text.encode("utf-8"))
    if str(parser.format) == "pokerstars":
        raw = text.encode("utf-8")
        columnar = parse_chunk(parser, raw, "utf-8", "fuzz.txt")
        assert columnar.found == columnar.tables["hands"].num_rows + len(columnar.quarantine)
        assert (columnar.found, columnar.tables["hands"].column("hand_id").to_pylist()) == (
            result.found, result.tables["hands"].column("hand_id").to_pylist())
    for row in result.quarantine:
        assert len(row["message"]) <= 1200
