"""Broken and hostile input (issue 17, the parsing side): nothing escapes ``parse_chunk``,
nothing is lost, and what is quarantined says why.

Each test states the outcome: which hands are kept, which are quarantined with what
reason and message, and, through ``ingest_job``, the exit code. The tests of the
columnar PokerStars readers run on both paths (compiled and pure Python) and hold them to
the reference reader, as ``tests/test_pokerstars_fast.py`` does.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from audit.errors import ExitStatus
from audit.ingest import parse_chunk
from audit.ingest.parse import MAX_AMOUNT, MESSAGE_CHARS, RAW_TEXT_CHARS, parse_text_chunk, quarantine_row
from audit.jobs import ingest_job
from audit.lake import read_table
from parsers.pokerstars import PARSER
from rules.vocab import Format
from tests.test_ingest_speed_paths import _hand
from tests.test_pokerstars_fast import PATHS, assert_same, use_reader


@pytest.fixture(params=list(PATHS))
def reader(request, monkeypatch):
    """Which columnar PokerStars reader ingest runs (both are tested)."""
    yield from use_reader(request, monkeypatch)


def _both_paths(text: str):
    """The chunk read as text (reference) and as bytes (columnar reader first): the same."""
    reference = parse_text_chunk(PARSER, text, "utf-8", "f.txt")
    fast = parse_chunk(PARSER, text.encode(), "utf-8", "f.txt")
    assert_same(reference, fast)
    return reference


def _kept(result) -> list[str]:
    return result.tables["hands"].column("hand_id").to_pylist()


def _quarantined(result) -> list[tuple[str | None, str, str]]:
    return [(q["hand_id"], q["reason"], q["message"]) for q in result.quarantine]


# ------------------------------------------------------------------ amounts beyond the lake's range


def test_one_hand_with_a_total_pot_beyond_int64_is_bad_amount_and_the_other_19_are_kept(reader) -> None:
    hands = [_hand(str(i)) for i in range(1, 21)]
    hands[4] = hands[4].replace("Total pot $0.60", "Total pot $99999999999999999999")
    result = _both_paths("".join(hands))
    assert result.found == 20
    assert _kept(result) == [str(i) for i in range(1, 21) if i != 5]
    assert _quarantined(result) == [("5", "bad_amount", "hand 5: hands.total_pot_printed 9999999999999999999900 "
                                           f"is beyond the lake's range (at most {MAX_AMOUNT} in size)")]


def test_a_stack_beyond_the_lake_range_is_bad_amount_for_that_hand_alone(reader) -> None:
    broken = _hand("2").replace("Seat 3: Carl ($10 in chips)", "Seat 3: Carl ($123456789012345678 in chips)")
    result = _both_paths(_hand("1") + broken + _hand("3"))
    assert _kept(result) == ["1", "3"]
    assert [(hid, reason) for hid, reason, _ in _quarantined(result)] == [("2", "bad_amount")]
    assert "seats.stack 12345678901234567800 is beyond" in result.quarantine[0]["message"]


def test_a_file_with_an_amount_beyond_int64_keeps_its_other_hands_and_exits_3(tmp_path: Path) -> None:
    hands = [_hand(str(i)) for i in range(1, 21)]
    hands[4] = hands[4].replace("Total pot $0.60", "Total pot $99999999999999999999")
    (tmp_path / "in.txt").write_text("".join(hands))
    result = ingest_job([tmp_path / "in.txt"], tmp_path / "lake")
    counts = result.summary.files[0]
    assert (str(counts.status), counts.found, counts.parsed, counts.quarantined) == ("ok", 20, 19, 1)
    assert result.exit_status is ExitStatus.INPUT_PROBLEMS  # one quarantined hand, --max-quarantined 0
    quarantine = read_table(tmp_path / "lake", "quarantine").to_dicts()
    assert [(q["hand_id"], q["reason"]) for q in quarantine] == [("5", "bad_amount")]


# ------------------------------------------------------------------ a negative contribution


def test_a_moved_uncalled_bet_line_makes_the_hand_inconsistent_never_a_negative_contribution(reader) -> None:
    moved = _hand("2").replace("*** HOLE CARDS ***\n",
                               "*** HOLE CARDS ***\nUncalled bet ($0.15) returned to Mr: Pigeon\n")
    result = _both_paths(_hand("1") + moved + _hand("3"))
    assert _kept(result) == ["1", "3"]
    assert _quarantined(result) == [(
        "2", "inconsistent",
        "hand 2: seat 2 put in -5, less than nothing (an uncalled bet returned before it was bet?)")]
    assert min(result.tables["seats"].column("contributed").to_pylist()) >= 0


# ------------------------------------------------------------------ duplicated lines, the fast readers


@pytest.mark.parametrize("copies", [2, 3])
def test_a_duplicated_table_line_in_a_one_hand_file_reads_as_the_reference_reads_it(reader, copies: int) -> None:
    table = "Table 'T 1' 6-max Seat #1 is the button\n"
    text = _hand("1").replace(table, table * copies)
    reader.READER.read(text.encode())  # never raises (the IndexError of issue 17)
    result = _both_paths(text)
    assert (result.found, _kept(result)) == (1, [])
    assert _quarantined(result) == [("1", "parse_error", "hand 1 has no seat lines")]


def test_every_line_of_a_hand_duplicated_or_dropped_reads_the_same_both_ways(reader) -> None:
    """The fuzzer's shapes of one-hand files: any line twice, any line gone, the hand cut
    after any line; the columnar reader never raises and agrees with the reference."""
    lines = _hand("1").splitlines(keepends=True)
    for i in range(len(lines)):
        for edited in (lines[:i + 1] + lines[i:], lines[:i] + lines[i + 1:], lines[:i + 1]):
            text = "".join(edited)
            reader.READER.read(text.encode())
            result = _both_paths(text)
            assert result.found == len(_kept(result)) + len(result.quarantine) == 1 + (i == 0 and len(edited) > i + 1
                                                                                    and edited[1] == lines[0])


# ------------------------------------------------------------------ a fault of the code


class _Faulty:
    """The PokerStars parser with a bug planted in ``parse`` (hand 2) or in ``split``."""

    format = Format.FULLTILT  # a format without a columnar reader: every hand goes through parse
    hand_start = PARSER.hand_start
    version = "test"

    def __init__(self, where: str) -> None:
        self.where = where

    def sniff(self, head: str) -> bool:
        return PARSER.sniff(head)

    def split(self, text: str):
        for n, (offset, hand) in enumerate(PARSER.split(text)):
            if self.where == "split" and n == 2:
                raise RuntimeError("split bug")
            yield offset, hand

    def parse(self, hand_text: str):
        if self.where == "parse" and "Hand #2:" in hand_text:
            return {}["no such key"]
        return PARSER.parse(hand_text)


def test_an_exception_in_parse_quarantines_that_hand_alone_naming_the_file_and_line() -> None:
    text = _hand("1") + _hand("2") + _hand("3")
    result = parse_chunk(_Faulty("parse"), text, "utf-8", "f.txt")
    assert (result.found, _kept(result)) == (3, ["1", "3"])
    [(hand_id, reason, message)] = _quarantined(result)
    assert (hand_id, reason) == (None, "parse_error")
    assert message.startswith("parser error KeyError: 'no such key' (at tests/test_robust_input.py:")


def test_an_exception_in_split_keeps_the_hands_before_and_quarantines_the_rest_as_one() -> None:
    text = _hand("1") + _hand("2") + _hand("3") + _hand("4")
    result = parse_chunk(_Faulty("split"), text, "utf-8", "f.txt")
    assert (result.found, _kept(result)) == (3, ["1", "2"])
    [row] = result.quarantine
    assert (row["reason"], row["source_offset"]) == ("parse_error", len((_hand("1") + _hand("2")).encode()))
    assert row["message"].startswith("split error RuntimeError: split bug (at tests/test_robust_input.py:")
    assert row["raw_text"] == _hand("3") + _hand("4")
    assert result.chunk_bytes == len(text.encode())


# ------------------------------------------------------------------ what a quarantine row holds


def test_a_long_message_and_raw_text_are_cut_saying_their_full_length() -> None:
    row = quarantine_row("f", 0, "parse_error", "m" * 70_000, "r" * (RAW_TEXT_CHARS + 5), None, "x", "x:1")
    assert row["message"] == ("m" * MESSAGE_CHARS + "... (message cut: 70000 characters in all)"
                              f" (raw_text cut: the first {RAW_TEXT_CHARS} of {RAW_TEXT_CHARS + 5} characters kept)")
    assert row["raw_text"] == "r" * RAW_TEXT_CHARS


# ------------------------------------------------------------------ bounded memory: blank runs, huge hands, long lines


def _long_chat(hand: str, chars: int) -> str:
    return hand.replace("*** SUMMARY ***", 'Bob said, "' + "x" * chars + '"\n*** SUMMARY ***')


@pytest.mark.parametrize("way", ["text", "bytes"])
def test_blank_runs_and_a_huge_hand_are_cut_into_bounded_chunks_and_every_byte_is_counted(way: str) -> None:
    import io

    from audit.ingest.chunking import iter_byte_chunks, iter_chunks
    from parsers.pokerstars import COLUMNAR_CUT

    text = (_hand("1") + "\n" * 200_000 + _hand("2") + _long_chat(_hand("4"), 300_000) + _hand("3")
            + "\r\n" * 50_000)
    data = text.encode()
    chunks = list(iter_chunks(io.BytesIO(data), "utf-8", b"", PARSER, 4096, max_hand=100_000) if way == "text"
                  else iter_byte_chunks(io.BytesIO(data), b"", COLUMNAR_CUT, 4096, max_hand=100_000))
    results = [parse_chunk(PARSER, c, "utf-8", "f.txt") for c in chunks]
    # no chunk holds more than a hand's cap and a block: the 300 KB hand is held as its first characters
    assert max(len(c.head) if hasattr(c, "head") else len(c) for c in chunks) <= 100_000 + 3 * 4096
    assert sum(r.chunk_bytes for r in results) == len(data)
    kept = [hid for r in results for hid in _kept(r)]
    assert (sum(r.found for r in results), kept) == (4, ["1", "2", "3"])
    [row] = [q for r in results for q in r.quarantine]
    assert (row["reason"], row["message"]) == (
        "too_large", "a hand of 300835 characters (300835 bytes), beyond the 100000 ingest holds: not read")
    assert row["raw_text"].startswith("PokerStars Hand #4: ") and len(row["raw_text"]) <= 100_000 + 3 * 4096


def test_a_line_beyond_the_line_cap_quarantines_its_hand_alone_both_ways(reader) -> None:
    from audit.ingest.parse import MAX_LINE_CHARS

    result = _both_paths(_hand("1") + _long_chat(_hand("2"), MAX_LINE_CHARS) + _hand("3"))
    assert _kept(result) == ["1", "3"]
    assert _quarantined(result) == [(None, "too_large", f"a line of {MAX_LINE_CHARS + 12} characters, beyond the "
                                                        f"{MAX_LINE_CHARS} a hand's line may have")]


def test_a_file_of_one_hand_and_64_mb_of_newlines_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """The proportionate form of issue 17's 1 GB case (bench/robust_bench.py runs that one;
    a .gz of it is refused by its expansion ratio, tests/test_inputs.py): the hand is kept
    and Python's peak allocation stays a small fraction of the input."""
    import tracemalloc

    from audit.ingest import ingest

    newlines = 64 * 1024 * 1024
    with open(tmp_path / "one.txt", "wb") as out:
        out.write(_hand("1").encode())
        for _ in range(newlines // (1 << 20)):
            out.write(b"\n" * (1 << 20))
    tracemalloc.start()
    try:
        summary = ingest([tmp_path / "one.txt"], tmp_path / "lake", workers=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    [counts] = summary.files
    assert (str(counts.status), counts.found, counts.parsed, counts.quarantined) == ("ok", 1, 1, 0)
    assert counts.size == len(_hand("1")) + newlines
    assert peak < 48 * 1024 * 1024, peak


# ------------------------------------------------------------------ encodings


def _named(hid: str, name: str) -> str:
    return _hand(hid).replace("Carl", name)


def test_one_invalid_byte_in_a_utf8_file_quarantines_its_hand_and_the_others_keep_their_names(tmp_path: Path) -> None:
    text = _named("1", "Müller") + _named("2", "Zoë") + _named("3", "Señor")
    data = text.encode().replace("Zoë".encode(), b"Zo\xeb", 1)  # one cp1252 byte in hand 2's seat line
    (tmp_path / "in.txt").write_bytes(data)
    result = ingest_job([tmp_path / "in.txt"], tmp_path / "lake")
    [counts] = result.summary.files
    assert (counts.encoding, counts.found, counts.parsed, counts.quarantined) == ("utf-8-invalid", 3, 2, 1)
    seats = read_table(tmp_path / "lake", "seats")["player"].to_list()
    assert {"Müller", "Señor"} <= set(seats) and not any("Ã" in p for p in seats)
    [row] = read_table(tmp_path / "lake", "quarantine").to_dicts()
    assert (row["reason"], row["message"]) == (
        "bad_encoding", "invalid byte 0xEB in the file's encoding at line 5 of the hand")
    assert "Zo\ufffd" in row["raw_text"]
    hands = read_table(tmp_path / "lake", "hands").to_dicts()
    for hand in hands:  # offsets and digests still of the file's own bytes
        start = hand["source_offset"]
        assert data[start:start + 20].startswith(b"PokerStars Hand #")
    assert result.exit_status is ExitStatus.INPUT_PROBLEMS


@pytest.mark.parametrize(("written", "line"), [
    ("Seat 3: Ves\\x80na ($10 in chips)", "Seat 3: Carl ($10 in chips)"),
    ("Seat 3: Carl (\\xa310 in chips)", "Seat 3: Carl ($10 in chips)"),
])
def test_a_byte_written_out_as_an_escape_quarantines_its_hand_as_bad_encoding(
        tmp_path: Path, written: str, line: str) -> None:
    # A history saved from a program's escaped string: a euro sign in a name, or a pound
    # sign before an amount (else a bad_amount), became four characters such as \x80.
    text = _named("1", "Ulla") + _hand("2").replace(line, written, 1)
    (tmp_path / "in.txt").write_text(text, encoding="ascii")
    result = ingest_job([tmp_path / "in.txt"], tmp_path / "lake")
    [counts] = result.summary.files
    assert (counts.encoding, counts.found, counts.parsed, counts.quarantined) == ("utf-8", 2, 1, 1)
    [row] = read_table(tmp_path / "lake", "quarantine").to_dicts()
    escape = written[written.index("\\x"):][:4]
    assert (row["reason"], row["message"]) == (
        "bad_encoding", f"a byte written out as the text {escape!r} at line 5 of the hand (a program's escaped "
                        "string saved as the history): which character it was is not in the file")


def test_a_cp1252_file_is_still_read_as_cp1252() -> None:
    from audit.textio import decode_bytes

    decoded = decode_bytes(_named("1", "Müller").encode("cp1252"))
    assert (decoded.label, "Müller" in decoded.text) == ("cp1252", True)


@pytest.mark.parametrize("bom", [b"", b"\xff\xfe"])
def test_a_utf16_file_cut_by_one_byte_keeps_every_complete_hand(tmp_path: Path, bom: bytes) -> None:
    text = "".join(_named(str(i), "Zoë") for i in range(1, 6))
    data = bom + text.encode("utf-16-le")
    (tmp_path / "in.txt").write_bytes(data[:-1])
    result = ingest_job([tmp_path / "in.txt"], tmp_path / "lake")
    [counts] = result.summary.files
    assert (str(counts.status), counts.found, counts.parsed) == ("ok", 5, 5)
    assert set(read_table(tmp_path / "lake", "seats")["player"].to_list()) >= {"Zoë"}


# ------------------------------------------------------------------ NULs and control bytes


def test_nul_bytes_before_a_header_do_not_merge_two_hands(reader) -> None:
    hands = [_hand(str(i)) for i in range(1, 21)]
    hands[10] = "\x00" * 7 + hands[10]
    result = _both_paths("".join(hands))
    assert result.found == 20
    assert result.found == len(_kept(result)) + len(result.quarantine)
    # the hand after the NULs reads; they stay at the end of hand 10, a line it does not expect
    assert _kept(result) == [str(i) for i in range(1, 21) if i != 10]
    assert _quarantined(result) == [("10", "parse_error", "hand 10: unexpected summary line '" + "\\x00" * 7 + "'")]


# ------------------------------------------------------------------ files joined end to end, files cut at the front

SEALS_HAND = """Hand #1-{n} - 2013-05-10 23:12:49
Game: PL Omaha Hi-Lo (9.70+0.30) - Blinds 10/20
Site: Seals With Clubs
Table: T
Seat 1: A (1000)
Seat 2: B (1000)
A has the dealer button
A posts small blind 10
B posts big blind 20
** Hole Cards **
A folds
B refunded 10
B wins Pot (20)

"""
CAKE_HAND = """Hand#{n} - Table -- $0.10/$0.25 PL Omaha -- 2012/08/09 - 02:43:32
Dealer: Seat 1
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts small blind $0.10
B: posts big blind $0.25
A: folds
B: returns uncalled bet $0.15
***SHOW DOWN***
B: mucks
B wins $0.20

"""


@pytest.mark.parametrize(("module", "hand", "ids"), [
    ("sealswithclubs", SEALS_HAND, ["1-1", "1-2", "1-3"]),
    ("cake", CAKE_HAND, ["1", "2", "3"]),  # its hands carry the file's decimal mark as context
])
def test_a_byte_order_mark_before_a_header_does_not_merge_two_hands(module: str, hand: str, ids: list[str]) -> None:
    parser = importlib.import_module(f"parsers.{module}").PARSER
    text = hand.format(n=1) + "\ufeff" + hand.format(n=2) + "\ufeff\ufeff" + hand.format(n=3)
    result = parse_text_chunk(parser, text, "utf-8", "f.txt")
    assert (result.found, _kept(result), result.quarantine) == (3, ids, [])
    # every byte is counted: the marks open the hand after them
    assert result.chunk_bytes == len(text.encode())


def test_a_file_that_opens_inside_a_hand_quarantines_that_tail_as_truncated_and_reads_the_rest(reader) -> None:
    first = _hand("1")
    tail = first[first.index("*** HOLE CARDS ***"):]
    result = _both_paths(tail + _hand("2") + _hand("3"))
    assert (result.found, _kept(result)) == (3, ["2", "3"])
    assert _quarantined(result) == [
        (None, "truncated", "the text opens inside a hand, without its header: '*** HOLE CARDS ***'")]


def test_the_tail_of_a_hand_before_the_first_header_is_truncated_whatever_the_dialect() -> None:
    from parsers.sealswithclubs import PARSER as SEALS
    hand = SEALS_HAND.format(n=1)
    result = parse_text_chunk(SEALS, "\ufeff\r\n" + hand[hand.index("A posts"):] + SEALS_HAND.format(n=2), "utf-8", "f.txt")
    assert (result.found, _kept(result)) == (2, ["1-2"])
    assert _quarantined(result) == [
        (None, "truncated", "the text opens inside a hand, without its header: 'A posts small blind 10'")]
