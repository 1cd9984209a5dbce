"""The columnar PokerStars readers give exactly what the one-hand-at-a-time parser gives.

``parsers.pokerstars_compiled`` (the Cython extension, where it is built) and
``parsers.pokerstars_fast`` (polars, the pure-Python path) read the ordinary hands of a
chunk and hand every other hand back to ``parsers.pokerstars``; every test here runs once
on each path (``reader``: the registry is switched with ``HHAUDIT_PURE_PYTHON``). Each test here runs a text both ways, through
``audit.ingest``'s two chunk paths, and compares everything ingest keeps: the four tables
row for row (fingerprints and digests included), which hand each child row belongs to,
byte offsets, quarantine rows and the count of hands found. Some also pin which hands
the fast reader took and why it sent the others back.
"""

from __future__ import annotations

import gzip
import importlib
import os
from pathlib import Path

import pytest

from audit.ingest import parse_chunk
from audit.ingest.chunking import iter_byte_chunks
from audit.ingest.parse import parse_text_chunk
from bench.generate import generate
from parsers import registry
from parsers.pokerstars import COLUMNAR_CUT, KINDS, PARSER, SITES
from rules.vocab import Format
from tests.corpus import corpus_files, read_text, require_corpus
from tests.test_ingest_speed_paths import _hand

REPO = Path(__file__).resolve().parent.parent
PATHS = {"compiled": "parsers.pokerstars_compiled", "pure": "parsers.pokerstars_fast"}


def compiled_reader_built() -> bool:
    """Whether the extension is there; under CI it must be (the machines have gcc)."""
    try:
        importlib.import_module("parsers._pokerstars_c")
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("the compiled PokerStars reader is not built: CI tests both paths")
        return False
    return True


@pytest.fixture(params=list(PATHS), autouse=True)
def reader(request, monkeypatch):
    """The module the registry hands ingest on this path (the compiled path is skipped,
    saying so, where the extension is not built)."""
    yield from use_reader(request, monkeypatch)


def use_reader(request, monkeypatch):
    """Set the reader path ``request.param`` names for one test, and yield its module."""
    if request.param == "compiled" and not compiled_reader_built():
        pytest.skip("the compiled PokerStars reader is not built here (no C compiler at install)")
    if request.param == "pure":
        monkeypatch.setenv(registry.PURE_PYTHON_ENV, "1")
    else:
        monkeypatch.delenv(registry.PURE_PYTHON_ENV, raising=False)
    registry.columnar_reader.cache_clear()
    module = importlib.import_module(PATHS[request.param])
    assert registry.columnar_reader(Format.POKERSTARS) is module.READER
    yield module
    registry.columnar_reader.cache_clear()


@pytest.fixture
def read_chunk(reader):
    return reader.read_chunk


def both_ways(text: str | bytes):
    """(reference result, fast result, what the fast reader read) for one chunk."""
    reference = parse_text_chunk(PARSER, text.decode("utf-8") if isinstance(text, bytes) else text, "utf-8", "f.txt")
    fast = parse_chunk(PARSER, text, "utf-8", "f.txt")
    return reference, fast, registry.columnar_reader(Format.POKERSTARS).read(text)


def assert_same(reference, fast) -> None:
    for name in ("hands", "seats", "actions", "payouts"):
        want, got = reference.tables[name], fast.tables[name]
        assert got.schema == want.schema, name
        for column in want.column_names:
            assert got.column(column).to_pylist() == want.column(column).to_pylist(), f"{name}.{column}"
    for field in ("seat_hand", "action_hand", "payout_hand", "hand_rel_offsets", "hand_rel_ends"):
        assert [int(v) for v in getattr(fast, field)] == [int(v) for v in getattr(reference, field)], field
    assert fast.quarantine == reference.quarantine
    assert (fast.found, fast.chunk_bytes) == (reference.found, reference.chunk_bytes)


def check(text: str | bytes):
    reference, fast, read = both_ways(text)
    assert_same(reference, fast)
    return read


# ------------------------------------------------------------------ real and generated histories


@pytest.mark.corpus
def test_every_pokerstars_dialect_file_of_the_corpus_reads_the_same_both_ways() -> None:
    require_corpus()
    taken = found = 0
    for path in corpus_files("PokerStars"):
        text = read_text(path)
        if not PARSER.sniff(text[:8192]):
            continue
        read = check(text)
        found += len(list(PARSER.split(text)))
        taken += sum(read.handled) if read is not None else 0
    # the corpus is mostly odd hands (stud, draw, run it twice, cash-outs, chat, Chico,
    # files with BOMs inside): those go the reference way; the ordinary ones in columns
    assert (taken, found) == (28, 155)


def test_the_sample_data_reads_the_same_both_ways() -> None:
    for path in sorted((REPO / "sample_data").iterdir()):
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        text = data.decode("utf-8")
        if PARSER.sniff(text[:8192]):
            read = check(data)
            # the hands with planted payout errors no longer add up: the reference reads those
            assert set(read.sent_back) <= {"money does not add up"}, path.name


@pytest.mark.parametrize("seed", [3, 11])
def test_generated_hands_read_the_same_both_ways_with_either_line_ending(seed: int) -> None:
    text = "".join(t for t, _ in generate(600, seed))
    assert text.count("\n") == text.count("\r\n")  # the generator writes Windows line ends
    for variant in (text, text.replace("\r\n", "\n")):
        read = check(variant)
        assert read.sent_back == {} and len(read.handled) == 600 and all(read.handled)


def test_generated_hands_with_planted_errors_read_the_same_and_the_broken_ones_go_back() -> None:
    texts = [t for t, _ in generate(400, 5, plant_every=7)]
    read = check("".join(texts))
    assert read.sent_back == {"money does not add up": 7}
    assert sum(read.handled) == 393


def test_byte_chunks_of_a_large_file_read_the_same_as_the_whole_text() -> None:
    text = "".join(t for t, _ in generate(300, 8)).encode()
    from io import BytesIO

    chunks = list(iter_byte_chunks(BytesIO(text), b"", COLUMNAR_CUT, 20_000))
    assert len(chunks) > 10 and b"".join(chunks) == text
    assert all(c.startswith(b"PokerStars Hand #") for c in chunks)
    for chunk in chunks:
        check(chunk)


# ------------------------------------------------------------------ what is read in columns, what goes back


def _sent_back(text: str) -> dict[str, int]:
    read = check(text)
    assert read is not None
    return read.sent_back


def test_an_ordinary_hand_is_read_in_columns() -> None:
    assert _sent_back(_hand("1") + _hand("2")) == {}


@pytest.mark.parametrize("edit, reason", [
    # lines this path does not know: the reference reads them (or quarantines the hand)
    (lambda h: h.replace("*** FLOP ***", "Bob: winks\n*** FLOP ***"), "unread line"),
    (lambda h: h.replace("*** FLOP ***", "Something odd happened\n*** FLOP ***"), "unread line"),
    # a chat line that says " collected " is read as a pay line first, and is none
    (lambda h: h.replace("*** FLOP ***", 'Bob said, "I collected $5 from pot"\n*** FLOP ***'),
     "dealt, pay or return line"),
    (lambda h: h.replace("*** SUMMARY ***", "*** SUMMARY *** extra"), "summary line"),
    (lambda h: h.replace("*** TURN ***", "*** FLOP *** [2c 7d 9h]\n*** TURN ***"), "street line twice"),
    (lambda h: h.replace("won ($0.57)", "won ($0.58)"), "summary contradicts pay lines"),
    (lambda h: h.replace("Rake $0.03", "Rake $0.02"), "money does not add up"),
    (lambda h: h.replace("Total pot $0.60 | Rake $0.03", "Total pot $0.60"), "total line"),
    (lambda h: h.replace("[Ac 2d 3h 4s]", "[Ac 2d 3h 10s]"), "unread line"),  # "10s" the reference normalises
    (lambda h: h.replace("Board [2c 7d 9h Ts Kd]", "Board [2c 7d 9h Ts Kh]"), "boards differ"),
    (lambda h: h.replace("Omaha Hi/Lo Pot Limit", "8-Game (Omaha Hi/Lo Pot Limit,").replace(
        "USD) - ", "USD)) - "), "game"),
    (lambda h: h.replace("Seat 3: Carl ($10 in chips) ", "Seat 3: Carl_chico ($10 in chips) ")
     .replace("Carl", "Carl_chico").replace("Carl_chico_chico", "Carl_chico"), "chico"),
    (lambda h: h.replace("Carl collected $0.57 from pot\n", ""), "summary contradicts pay lines"),
    # winnings stated without brackets (converters, Run It Once): this path reads only "won ($x)"
    (lambda h: h.replace("(small blind) folded before Flop", "(small blind) folded before Flop and won $0.10"),
     "summary seat line"),
    (lambda h: h.replace("and won ($0.57)", "and won $0.57"), "summary seat line"),
    # a newcomer's small blind beside the small blind is dead money: the reference reads it
    (lambda h: h.replace("Carl: posts big blind $0.25\n", "Carl: posts big blind $0.25\nBob: posts small blind $0.10\n")
     .replace("$0.60 | Rake", "$0.70 | Rake").replace("$0.57", "$0.67"), "a second small blind (dead)"),
])
def test_hands_outside_the_strict_shapes_go_the_reference_way(edit, reason: str) -> None:
    sent = _sent_back(_hand("1") + edit(_hand("2")) + _hand("3"))
    assert sent == {reason: 1}


@pytest.mark.parametrize("line", [
    'Bob said, "gl: hf"', "Bob: sits out ", "Dave joins the table at seat #4 ", "Dave leaves the table ",
    "Bob has timed out", "Dave: is sitting out", "No low hand qualified",
])
def test_lines_that_change_nothing_are_read_in_columns(line: str) -> None:
    hand = _hand("1").replace("*** FLOP ***", f"{line}\n*** FLOP ***")
    assert _sent_back(hand) == {}


def test_names_with_colons_brackets_and_other_alphabets_are_read_in_columns(read_chunk) -> None:
    hand = (_hand("7").replace("Bob", "Zoë [NL]").replace("Carl", "Δημήτρης: 2"))
    assert _sent_back(hand) == {}
    read = read_chunk(hand)
    assert read.seats["player"].to_list() == ["Zoë [NL]", "Mr: Pigeon", "Δημήτρης: 2"]
    assert read.payouts["seat"].to_list() == [3]


RAISED = """PokerStars Hand #4:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/03/01 12:00:31 ET
Table 'T 1' 6-max Seat #1 is the button
Seat 1: Bob ($10 in chips) 
Seat 2: Mr: Pigeon ($10 in chips) 
Seat 3: Carl ($10 in chips) 
Mr: Pigeon: posts small blind $0.10
Carl: posts big blind $0.25
*** HOLE CARDS ***
Bob: calls $0.25
Mr: Pigeon: raises $0.50 to $0.75
Carl: calls $0.50
Bob: calls $0.50
*** FLOP *** [2c 7d 9h]
Mr: Pigeon: bets $1
Carl: folds 
Bob: raises $2 to $3
Mr: Pigeon: calls $2
*** TURN *** [2c 7d 9h] [Ts]
Mr: Pigeon: checks 
Bob: checks 
*** RIVER *** [2c 7d 9h Ts] [Kd]
Mr: Pigeon: checks 
Bob: checks 
*** SHOW DOWN ***
Mr: Pigeon: shows [Ac 2d 3h 4s]
Bob: mucks hand 
Mr: Pigeon collected $7.86 from pot
*** SUMMARY ***
Total pot $8.25 | Rake $0.39 
Board [2c 7d 9h Ts Kd]
Seat 1: Bob (button) mucked
Seat 2: Mr: Pigeon (small blind) showed [Ac 2d 3h 4s] and won ($7.86)
Seat 3: Carl (big blind) folded on the Flop
"""


def test_a_raise_is_recorded_as_what_it_added_over_the_seats_bet_this_street(read_chunk) -> None:
    assert _sent_back(RAISED) == {}
    read = read_chunk(RAISED)
    raises = read.actions.filter(read.actions["kind"] == "raise")
    # preflop: to $0.75 over the $0.10 blind; on the flop: to $3 from nothing yet
    assert (raises["seat"].to_list(), raises["amount"].to_list()) == ([2, 1], [65, 300])
    assert read.seats["contributed"].to_list() == [375, 375, 75]


def test_text_before_the_first_hand_and_a_cut_off_last_hand_go_the_reference_way() -> None:
    text = "junk at the top\n" + _hand("1") + _hand("2").split("*** SUMMARY ***")[0]
    reference, fast, read = both_ways(text)
    assert_same(reference, fast)
    assert read.handled == [False, True, False]
    assert [q["reason"] for q in fast.quarantine] == ["unknown_format", "truncated"]


def test_a_hand_numbered_in_other_digits_starts_a_hand_as_for_the_reference() -> None:
    other = _hand("1").replace("Hand #1:", "Hand #\u0661\u0662:")  # Arabic-Indic 12
    read = check(_hand("7") + other + _hand("8"))
    assert read.handled == [True, False, True]
    assert read.sent_back == {"header": 1}


@pytest.mark.parametrize("oddity", ["\ufeff", "\x1f", "\r"])
def test_a_chunk_with_characters_the_line_reader_does_not_take_goes_the_reference_way(oddity: str,
                                                                                     read_chunk) -> None:
    text = _hand("1") + oddity + _hand("2")
    assert read_chunk(text) is None
    check(text)


def _mutations(seed: int, count: int) -> str:
    """Generated hands with one random line edit each: a line dropped, doubled or moved,
    a digit changed, a name or a card garbled. Whatever the edit, the two readers must
    agree (the fast one reads the hand exactly or hands it back)."""
    import random

    rng = random.Random(seed)
    hands = [t.replace("\r\n", "\n") for t, _ in generate(count, seed)]
    out = []
    for text in hands:
        lines = text.split("\n")
        i = rng.randrange(1, max(2, len(lines) - 3))
        edit = rng.randrange(6)
        if edit == 0:
            del lines[i]
        elif edit == 1:
            lines.insert(i, lines[i])
        elif edit == 2:
            j = rng.randrange(1, len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        elif edit == 3:
            digits = [k for k, ch in enumerate(lines[i]) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                lines[i] = lines[i][:k] + str((int(lines[i][k]) + 1) % 10) + lines[i][k + 1:]
        elif edit == 4:
            lines[i] = lines[i].replace(": ", " : ", 1)
        else:
            lines[i] = lines[i].replace("[", "[X", 1).replace("s ", "S ", 1)
        out.append("\n".join(lines))
    return "".join(out)


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_randomly_edited_hands_read_the_same_both_ways(seed: int) -> None:
    read = check(_mutations(seed, 250))
    assert 0 < sum(read.handled) < len(read.handled)  # some edits are harmless, most are not


@pytest.mark.parametrize("text", ["junk at the top\n", "\n\r\n", "PokerStars Hand #5:  Omaha Hi/Lo Pot Limit\n",
                                  _hand("1").split("*** HOLE CARDS ***")[0]])
def test_chunks_without_an_ordinary_hand_read_the_same_both_ways(text: str) -> None:
    read = check(text)
    assert read is None or not any(read.handled)


@pytest.mark.parametrize("clock, start_raw", [
    ("2024/03/01 18:00:31 CET [2024/03/01 12:00:31 ET]", "2024/03/01 12:00:31 ET"),  # each viewer's, then ET
    ("2024/03/01 12:00:31 [2024/03/01 12:00:31]", "2024/03/01 12:00:31"),  # no zone: no UTC time
    ("2024/03/01 12:00:31 UTC", "2024/03/01 12:00:31 UTC"),
])
def test_the_clocks_a_header_prints_are_read_in_columns_as_the_reference_reads_them(clock: str, start_raw: str,
                                                                                     read_chunk) -> None:
    hand = _hand("9").replace("2024/03/01 12:00:31 ET", clock)
    assert clock in hand and _sent_back(hand) == {}
    assert read_chunk(hand).hands["start_time_raw"].to_list() == [start_raw]


@pytest.mark.parametrize("clock", ["2024/03/01 12:60:31 ET", "2024/03/01 12:00:31 ET extra",
                                   "2024/03/01 12:00:31 TOOLONG", "2024/03/01 12:00 ET"])
def test_clocks_outside_the_common_shapes_go_the_reference_way(clock: str) -> None:
    hand = _hand("9").replace("2024/03/01 12:00:31 ET", clock)
    assert set(_sent_back(hand)) <= {"header", "clock"}


@pytest.mark.parametrize("site", [f"{site}{' ' + kind if kind else ''}" for site in SITES for kind in ("", *KINDS)])
def test_hands_of_every_site_of_the_dialect_start_where_the_reference_starts_them(site: str) -> None:
    text = "".join(_hand(str(n)).replace("PokerStars Hand #", f"{site} Hand #", 1) for n in (1, 2))
    check(text)
    assert len(list(PARSER.split(text))) == 2


def test_a_hand_whose_seat_lines_are_commented_out_reads_the_same_both_ways() -> None:
    # a test fixture prints '#' before every line after the header: no seat is read
    hand = _hand("1")
    head, _, rest = hand.partition("\n")
    text = head + "\n" + "".join(f"#{line}\n" for line in rest.rstrip("\n").split("\n")) + "\n"
    check(text)


def test_a_fault_of_the_columnar_reader_costs_speed_never_a_hand(monkeypatch) -> None:
    def broken(chunk: bytes) -> None:
        raise IndexError("a fault of the fast path")

    monkeypatch.setattr("audit.ingest.parse.columnar_reader",
                        lambda fmt: registry.ColumnarReader(COLUMNAR_CUT, broken))
    text = (_hand("1") + _hand("2")).encode()
    result = parse_chunk(PARSER, text, "utf-8", "f.txt")
    reference = parse_text_chunk(PARSER, text.decode(), "utf-8", "f.txt")
    assert (result.found, result.tables["hands"].num_rows) == (reference.found, 2)


def test_a_hand_with_a_blank_line_after_every_line_reads_the_same_both_ways() -> None:
    # seen in real files: the reference reads it; the fast readers send it back or read it alike
    spaced = "\n\n".join(_hand("2").split("\n"))
    read = check(_hand("1") + spaced + _hand("3"))
    assert read is not None and sum(read.handled) >= 2


def test_a_mined_hand_with_empty_name_lines_reads_the_same_both_ways() -> None:
    from tests.test_parser_pokerstars import MINED_EMPTY_SHOW_LINES

    read = check(_hand("1") + MINED_EMPTY_SHOW_LINES + _hand("3"))
    assert read is not None and sum(read.handled) == 2


def test_an_archive_file_reads_the_same_both_ways() -> None:
    # its first number line is no hand of its own; the others end the hand before them
    from tests.test_parser_pokerstars import archive

    reference, fast, read = both_ways(archive(_hand("1"), _hand("2"), _hand("3")))
    assert_same(reference, fast)
    assert reference.quarantine == [] and reference.found == 3


@pytest.mark.parametrize("bom", ["\ufeff", ""])
def test_a_download_numbering_its_hands_reads_the_same_both_ways(bom: str) -> None:
    # its "Hand #N: " lines belong to no hand; the columnar readers hand such hands back
    from tests.test_parser_pokerstars import numbered_download

    text = bom + numbered_download(_hand("1"), _hand("2"), _hand("3")).lstrip("\ufeff")
    reference, fast, read = both_ways(text)
    assert_same(reference, fast)
    assert reference.quarantine == [] and reference.found == 3
    assert read is None if bom else read.handled == [False, False, True]


def test_a_tournament_header_split_after_its_buy_in_reads_the_same_both_ways() -> None:
    from tests.test_parser_pokerstars import SPLIT_TOURNAMENT_HEADER

    reference, fast, _ = both_ways(_hand("1") + SPLIT_TOURNAMENT_HEADER + _hand("3"))
    assert_same(reference, fast)
    assert reference.quarantine == [] and reference.found == 3


def test_a_run_it_once_hand_goes_the_reference_way_where_its_raises_are_read_as_what_they_add() -> None:
    from tests.test_parser_pokerstars import RUN_IT_ONCE_RAISE_ADDS

    text = _hand("1") + RUN_IT_ONCE_RAISE_ADDS + "\n\n\n" + _hand("2")
    assert _sent_back(text) == {"header": 1}


def test_rupee_hands_read_the_same_both_ways() -> None:
    # amounts after "Rs." + a space or a NO-BREAK SPACE go the reference way; a rupee
    # tournament's amounts are chips and are read in columns
    from tests.test_parser_pokerstars import RUPEE_TOURNAMENT, RUPEES_WRITTEN_RS, RUPEES_WRITTEN_RS_NBSP

    read = check(_hand("1") + RUPEES_WRITTEN_RS + RUPEES_WRITTEN_RS_NBSP + RUPEE_TOURNAMENT)
    assert read.handled == [True, False, False, True]
    reference, _, _ = both_ways(RUPEES_WRITTEN_RS_NBSP + RUPEE_TOURNAMENT)
    assert reference.quarantine == [] and reference.found == 2


def test_a_file_with_every_line_indented_reads_the_same_both_ways() -> None:
    from tests.test_parser_pokerstars import RUPEE_TOURNAMENT, _indent_all_but_first_line

    text = _indent_all_but_first_line("*********** # 1 **************\r\n" + RUPEE_TOURNAMENT.replace("\n", "\r\n"))
    reference, fast, read = both_ways(text)
    assert_same(reference, fast)
    assert read is None and reference.quarantine == [] and reference.found == 1


def test_a_fusion_hand_reads_the_same_both_ways() -> None:
    # its hole cards come two, then one with the flop and one with the turn: four at the end
    from tests.test_parser_pokerstars import FUSION

    reference, fast, _ = both_ways(_hand("1") + FUSION + "\n\n\n" + _hand("2"))
    assert_same(reference, fast)
    assert reference.quarantine == [] and reference.found == 3
