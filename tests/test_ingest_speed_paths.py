"""The fast paths of ingest give exactly what the plain ones give.

``hhaudit ingest`` is tuned for throughput (see ``bench/ingest_bench.py``): the PokerStars
parser remembers the headers and dates it has read, splits with a newline-anchored search, the record
builder reads records as tuples and gathers shared columns in Arrow, the lake writer
splits partitions in Arrow and flushes idle ones, and duplicate detection keeps a
compact index. Each test here pins one of those to the plain computation it replaces.
No test here is timed.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.ingest import ingest
from audit.lake import LakeWriter, read_table, rewrite_parts
from audit.tables import TableBuilder, hand_key
from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS
from parsers import pokerstars
from parsers.base import split_at
from rules.records import HandParseError
from parsers.pokerstars import HAND_START, PARSER
from tests.corpus import corpus_files, read_text, require_corpus

HEADER = "PokerStars Hand #{hid}:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/03/0{day} 12:00:31 ET\n"


def _hand(hid: str, day: int = 1, *, caller: str = "Bob", raise_line: str | None = None) -> str:
    """A small complete cash hand; ``caller`` names who calls the big blind."""
    return (HEADER.format(hid=hid, day=day) + (
        "Table 'T 1' 6-max Seat #1 is the button\n"
        "Seat 1: Bob ($10 in chips) \n"
        "Seat 2: Mr: Pigeon ($10 in chips) \n"
        "Seat 3: Carl ($10 in chips) \n"
        "Mr: Pigeon: posts small blind $0.10\n"
        "Carl: posts big blind $0.25\n"
        "*** HOLE CARDS ***\n"
        f"{caller}: calls $0.25\n"
        + (raise_line or "Mr: Pigeon: folds \n") +
        "Carl: checks \n"
        "*** FLOP *** [2c 7d 9h]\n"
        "Carl: checks \n"
        "Bob: checks \n"
        "*** TURN *** [2c 7d 9h] [Ts]\n"
        "Carl: checks \n"
        "Bob: checks \n"
        "*** RIVER *** [2c 7d 9h Ts] [Kd]\n"
        "Carl: checks \n"
        "Bob: checks \n"
        "*** SHOW DOWN ***\n"
        "Carl: shows [Ac 2d 3h 4s]\n"
        "Bob: mucks hand \n"
        "Carl collected $0.57 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot $0.60 | Rake $0.03 \n"
        "Board [2c 7d 9h Ts Kd]\n"
        "Seat 1: Bob (button) mucked\n"
        "Seat 2: Mr: Pigeon (small blind) folded before Flop\n"
        "Seat 3: Carl (big blind) showed [Ac 2d 3h 4s] and won ($0.57)\n\n\n"))


def _clear_parser_caches() -> None:
    for cache in (pokerstars._GAME_INFO, pokerstars._ISO_DATES, pokerstars._UTC_HOURS, pokerstars._UTC_OFFSETS):
        cache.clear()


def _pokerstars_corpus_texts() -> list[tuple[str, str]]:
    texts = []
    for path in corpus_files("PokerStars"):
        text = read_text(path)
        if PARSER.sniff(text[:8192]):
            texts.append((path.name, text))
    return texts


# ------------------------------------------------------------------ the parser


@pytest.mark.parametrize("text", [
    "", "  \r\n\t", "chatter\n" + _hand("1"), "\n\n" + _hand("1") + _hand("2"),
    "\ufeff" + _hand("1") + "\ufeff" + _hand("2"), _hand("1")[:-3] + _hand("2"),
    "x PokerStars Hand #3: not at a line start\n", "PokerStars Hand #4:", "tail\nPokerStars Hand #5:",
])
def test_split_cuts_where_split_at_cuts(text: str) -> None:
    assert list(PARSER.split(text)) == list(split_at(HAND_START, text))


def test_split_cuts_every_pokerstars_corpus_file_where_split_at_cuts() -> None:
    texts = _pokerstars_corpus_texts()
    if not texts:
        pytest.skip("no PokerStars corpus files")
    for name, text in texts:
        assert list(PARSER.split(text)) == list(split_at(HAND_START, text)), name


def test_remembered_headers_and_dates_give_the_same_hands_as_fresh_reads() -> None:
    texts = _pokerstars_corpus_texts()
    if not texts:
        pytest.skip("no PokerStars corpus files")

    def outcome(hand_text: str):
        try:
            return PARSER.parse(hand_text)
        except HandParseError as exc:
            return (exc.reason, exc.message)

    hands = [h for _, text in texts for _, h in PARSER.split(text)]
    _clear_parser_caches()
    cold = [outcome(h) for h in hands]
    assert len(pokerstars._GAME_INFO) > 10 and len(pokerstars._ISO_DATES) > 10  # warm pass reads memory
    warm = [outcome(h) for h in hands]
    assert warm == cold
    assert len(cold) == 155  # every hand of the PokerStars corpus files, all parsed
    assert all(not isinstance(h, tuple) for h in cold)


def test_a_remembered_line_is_used_only_for_a_seated_name() -> None:
    """``Mr: Pigeon: folds`` is read through the longest seated name (not remembered);
    ``Bob: calls $0.25`` is remembered, and used only where Bob sits."""
    _clear_parser_caches()
    first = PARSER.parse(_hand("1"))
    again = PARSER.parse(_hand("2"))
    for hand in (first, again):
        folds = [(a.seat, a.kind) for a in hand.actions if a.kind == "fold"]
        assert folds == [(2, "fold")]
        assert hand.seat(2).folded_street == "preflop"
        assert hand.seat(3).folded_street is None
    # "Bob: calls $0.25" was remembered from hand 1; in hand 3 Bob is not seated under that
    # name, so the line is read afresh and refused exactly as a fresh parser would.
    unseated = _hand("3").replace("Seat 1: Bob ($10", "Seat 1: Rob ($10").replace(
        "Seat 1: Bob (button) mucked", "Seat 1: Rob (button) mucked").replace("Bob: checks", "Rob: checks").replace(
        "Bob: mucks", "Rob: mucks")
    with pytest.raises(HandParseError) as err:
        PARSER.parse(unseated)
    assert err.value.message == "hand 3: unexpected line 'Bob: calls $0.25'"


def test_remembered_amounts_are_per_amount_scale() -> None:
    """The same line text is 25 chips in a tournament and $25 in a cash game."""
    _clear_parser_caches()
    cash = _hand("1").replace("Bob: calls $0.25", "Bob: calls 25")
    tournament = _hand("2").replace(
        "Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD)",
        "Tournament #77, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I (10/25)")
    for dollars, chips in (("$0.10", "10"), ("$0.25", "25"), ("$10 in chips", "1000 in chips"),
                           ("$0.57", "57"), ("$0.60", "60"), ("$0.03", "3")):
        tournament = tournament.replace(dollars, chips)
    assert "Bob: calls 25\n" in cash and "Bob: calls 25\n" in tournament
    for text, scale, amount in ((cash, 100, 2500), (tournament, 1, 25), (cash, 100, 2500)):
        hand = PARSER.parse(text)
        call = next(a for a in hand.actions if a.kind == "call")
        assert (hand.amount_scale, call.seat, call.amount) == (scale, 1, amount)


# ------------------------------------------------------------------ records


def _expected_rows(hand, table: str) -> list[dict]:
    """The rows of one hand, written out field by field (the builder's plain equivalent)."""
    shared = {"hand_key": hand_key(hand), "platform": str(hand.platform), "hand_date": hand.hand_date}
    if table == "seats":
        return [{**shared, "seat": s.seat, "player": s.player, "stack": s.stack, "cards": s.cards or None,
                 "upcards": s.upcards or None, "dealt_in": s.dealt_in,
                 "folded_street": str(s.folded_street) if s.folded_street else None, "showed": s.showed,
                 "mucked": s.mucked, "all_in": s.all_in, "cashed_out": s.cashed_out,
                 "contributed": s.contributed, "run_cards": s.run_cards or None} for s in hand.seats]
    if table == "actions":
        return [{**shared, "seq": a.seq, "street": str(a.street), "seat": a.seat, "kind": str(a.kind),
                 "amount": a.amount, "all_in": a.all_in, "cards_changed": a.cards_changed}
                for a in hand.actions]
    return [{**shared, "seat": p.seat, "amount": p.amount, "pot": p.pot, "run": p.run, "half": str(p.half),
             "source": str(p.source), "line": p.line} for p in hand.payouts]


def test_table_builder_writes_each_record_field_by_field() -> None:
    hands = [PARSER.parse(_hand("1")), PARSER.parse(_hand("2", day=2))]
    builder = TableBuilder()
    for i, hand in enumerate(hands):
        builder.add(hand, source_file="f.txt", source_offset=100 * i, raw_sha256=f"sha{i}", parser_version="v")
    tables = builder.tables()
    for name, spec in (("seats", SEATS), ("actions", ACTIONS), ("payouts", PAYOUTS)):
        assert tables[name].schema == spec.schema
        expected = [row for hand in hands for row in _expected_rows(hand, name)]
        assert tables[name].to_pylist() == [{c.name: row[c.name] for c in spec.columns} for row in expected]
    assert tables["hands"].schema == HANDS.schema
    rows = tables["hands"].to_pylist()
    assert [(r["hand_key"], r["hand_date"], r["source_offset"], r["raw_sha256"]) for r in rows] == [
        ("pokerstars:1", "2024-03-01", 0, "sha0"), ("pokerstars:2", "2024-03-02", 100, "sha1")]
    assert [str(r["start_time_utc"]) for r in rows] == ["2024-03-01 17:00:31+00:00", "2024-03-02 17:00:31+00:00"]
    assert rows[0]["boards"] == [["2c", "7d", "9h", "Ts", "Kd"]]
    assert (rows[0]["pot_total"], rows[0]["rake"], rows[0]["reconciled"]) == (60, 3, True)
    assert builder.seat_hand == [0, 0, 0, 1, 1, 1]
    assert builder.payout_hand == [0, 1]


def test_timestamps_that_are_not_plain_utc_texts_are_still_read() -> None:
    hand = PARSER.parse(_hand("1"))
    builder = TableBuilder()
    for stamp in ("2024-03-01T17:00:31Z", "2024-03-01T18:00:31+01:00", None):
        hand.start_time_utc = stamp
        builder.add(hand, source_file="f", source_offset=0, raw_sha256="s", parser_version="v")
    column = builder.tables()["hands"].column("start_time_utc").to_pylist()
    assert [str(v) for v in column] == ["2024-03-01 17:00:31+00:00", "2024-03-01 17:00:31+00:00", "None"]


def _canonical(hand) -> str:
    """The fingerprint's text, written out plainly from a parsed hand (the tables' version
    in ``audit.tables.content_fingerprints`` must agree)."""
    def text(value) -> str:
        if value is None:
            return "-"
        return str(value).lower() if isinstance(value, bool) else str(value)

    def cards(values) -> str:
        return " ".join(c if c is not None else "?" for c in values)

    head = "\n".join(["H", str(hand.game), "|".join(cards(b) for b in hand.boards), text(hand.rake), text(hand.fees)])
    seats = sorted((s.seat, "\n".join(["S", text(s.seat), s.player, text(s.contributed), text(s.folded_street),
                                        text(s.mucked), text(s.cashed_out), cards(s.cards) if s.showed else ""]))
                   for s in hand.seats)
    payouts = sorted("\n".join(["P", text(p.seat), text(p.amount), text(p.pot or 0), text(p.run or 0), str(p.half),
                                str(p.source)]) for p in hand.payouts)
    return "\n\n".join([head, "\n".join(t for _, t in seats), "\n".join(payouts)])


def test_content_fingerprint_is_the_digest_of_the_public_outcome() -> None:
    require_corpus()
    hands = [PARSER.parse(_hand("1"))]
    for _, text in _pokerstars_corpus_texts()[:12]:
        for _, h in PARSER.split(text):
            try:
                hands.append(PARSER.parse(h))
            except HandParseError:
                pass
    assert len(hands) > 40
    builder = TableBuilder()
    for hand in hands:
        builder.add(hand, source_file="f", source_offset=0, raw_sha256="s", parser_version="v")
    stored = builder.tables()["hands"].column("content_fingerprint").to_pylist()
    assert stored == [hashlib.blake2b(_canonical(h).encode(), digest_size=12).hexdigest() for h in hands]


def test_content_fingerprint_ignores_private_hole_cards_and_sees_shown_ones() -> None:
    def fingerprint(hand) -> str:
        builder = TableBuilder()
        builder.add(hand, source_file="f", source_offset=0, raw_sha256="s", parser_version="v")
        return builder.tables()["hands"].column("content_fingerprint")[0].as_py()

    hand = PARSER.parse(_hand("1"))
    before = fingerprint(hand)
    bob = hand.seat(1)  # mucked: his hole cards are his viewer's business
    bob.cards = ["As", "Ks", "Qs", "Js"]
    assert fingerprint(hand) == before
    carl = hand.seat(3)  # showed
    carl.cards = ["Ac", "2d", "3h", "5s"]
    assert fingerprint(hand) != before


# ------------------------------------------------------------------ the lake writer


def _rows(keys_dates: list[tuple[str, str]]) -> pa.Table:
    hand = PARSER.parse(_hand("1"))
    builder = TableBuilder()
    for key, date in keys_dates:
        hand.hand_id, hand.hand_date = key, date
        builder.add(hand, source_file="f", source_offset=0, raw_sha256="s", parser_version="v")
    return builder.tables()["hands"]


def test_partitions_keep_first_seen_order_and_row_order(tmp_path: Path) -> None:
    writer = LakeWriter(tmp_path)
    writer.add("hands", _rows([("1", "2024-03-02"), ("2", "2024-03-01"), ("3", "2024-03-02"), ("4", "2024-03-01"),
                               ("5", "2024-03-03")]))
    written = writer.close()
    found = {p.parent.name: pq.read_table(p).column("hand_id").to_pylist() for p in written}
    assert found == {"hand_date=2024-03-02": ["1", "3"], "hand_date=2024-03-01": ["2", "4"], "hand_date=2024-03-03": ["5"]}
    assert [p.parent.name for p in written] == ["hand_date=2024-03-02", "hand_date=2024-03-01", "hand_date=2024-03-03"]


def test_a_partition_without_new_rows_is_written_before_the_end(tmp_path: Path) -> None:
    writer = LakeWriter(tmp_path, idle_adds=2)
    writer.add("hands", _rows([("1", "2024-03-01")]))
    writer.add("hands", _rows([("2", "2024-03-02")]))
    writer.add("hands", _rows([("3", "2024-03-02")]))
    assert writer.written == []
    writer.add("hands", _rows([("4", "2024-03-02")]))  # 2024-03-01 idle for 3 adds: written
    assert [p.parent.name for p in writer.written] == ["hand_date=2024-03-01"]
    writer.close()
    assert read_table(tmp_path, "hands").sort("hand_id")["hand_id"].to_list() == ["1", "2", "3", "4"]


def test_buffers_past_the_byte_budget_are_written(tmp_path: Path) -> None:
    one = _rows([("1", "2024-03-01")])
    writer = LakeWriter(tmp_path, max_buffered_bytes=int(one.nbytes * 3.5))
    for i, day in enumerate(["2024-03-01", "2024-03-01", "2024-03-01", "2024-03-02"]):
        writer.add("hands", _rows([(str(i), day)]))
    # four rows pass the budget of three and a half: the biggest buffer goes out
    assert [p.parent.name for p in writer.written] == ["hand_date=2024-03-01"]
    assert pq.read_table(writer.written[0]).column("hand_id").to_pylist() == ["0", "1", "2"]


# ------------------------------------------------------------------ duplicates


def test_duplicates_and_conflicts_against_an_existing_lake_name_where_the_first_copy_is(tmp_path: Path) -> None:
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(_hand("1") + _hand("2"), encoding="utf-8")
    conflicting = _hand("2").replace("$0.57", "$0.56").replace("Rake $0.03", "Rake $0.04")
    second.write_text(_hand("1") + conflicting + _hand("3") + _hand("3"), encoding="utf-8")
    lake = tmp_path / "lake"
    assert ingest([first], lake).hands_parsed == 2
    summary = ingest([second], lake)
    assert (summary.hands_found, summary.hands_parsed, summary.hands_duplicate, summary.hands_quarantined) == (
        4, 1, 2, 1)
    quarantine = read_table(lake, "quarantine")
    assert quarantine["message"].to_list() == [
        f"hand pokerstars:2 is already stored from {first}@{len(_hand('1').encode())} with a different outcome "
        "(players, contributions, boards or payouts differ)"]
    assert quarantine["source_offset"].to_list() == [len(_hand("1").encode())]
    assert sorted(read_table(lake, "hands")["hand_id"].to_list()) == ["1", "2", "3"]


def test_utc_times_from_the_remembered_hour_are_exact() -> None:
    pokerstars._UTC_HOURS.clear()
    pokerstars._UTC_OFFSETS.clear()
    stamps = [("2024/03/01 12:00:31", "ET", "2024-03-01T17:00:31Z"),
              ("2024/03/01 12:59:59", "ET", "2024-03-01T17:59:59Z"),  # from the remembered hour
              ("2024/03/01 12:0a:31", "ET", None), ("2024/03/01 12:60:00", "ET", None),
              ("2024/03/01 12:0\u0663:00", "ET", "2024-03-01T17:03:00Z"),  # int() reads Arabic-Indic digits
              ("2024/11/03 1:30:00", "ET", "2024-11-03T05:30:00Z"),  # the first 1 a.m. (EDT)
              ("2024/11/03 1:45:10", "ET", "2024-11-03T05:45:10Z"),
              ("2024/03/01 23:10:00", "NZT", "2024-03-01T10:10:00Z"),
              ("1850/01/01 10:10:10", "ET", "1850-01-01T15:06:12Z"),  # local mean time: -4:56:02
              ("2024/03/01 12:00:31", "XYZ", None)]
    for _ in range(2):
        assert [pokerstars.to_utc(stamp, zone) for stamp, zone, _ in stamps] == [want for *_, want in stamps]


def test_a_remembered_summary_line_is_used_only_for_the_same_seat_and_name() -> None:
    _clear_parser_caches()
    first = PARSER.parse(_hand("1"))
    renamed = _hand("2").replace("Carl", "Carla")  # same seat number, another name
    second = PARSER.parse(renamed)
    again = PARSER.parse(_hand("3"))
    for hand in (first, second, again):
        seat = hand.seat(3)
        assert (seat.showed, seat.mucked, seat.cards) == (True, False, ["Ac", "2d", "3h", "4s"])
        assert (hand.seat(1).mucked, hand.seat(1).showed) == (True, False)
    assert second.seat(3).player == "Carla"
    assert first.notes == again.notes == []


def test_a_hand_whose_record_cannot_be_built_is_quarantined_alone(tmp_path: Path, monkeypatch) -> None:
    real_parse = PARSER.parse

    def parse(text: str):
        hand = real_parse(text)
        if hand.hand_id == "2":
            hand.start_time_utc = "2024-02-30T10:00:00Z"  # not a date
        return hand

    monkeypatch.setattr(PARSER, "parse", parse)
    monkeypatch.setattr("audit.ingest.parse.columnar_reader", lambda fmt: None)  # every hand through parse
    path = tmp_path / "h.txt"
    path.write_text(_hand("1") + _hand("2") + _hand("3"), encoding="utf-8")
    summary = ingest([path], tmp_path / "lake", parsers=(PARSER,))
    assert (summary.hands_parsed, summary.hands_quarantined) == (2, 1)
    [message] = read_table(tmp_path / "lake", "quarantine")["message"].to_list()
    assert re.fullmatch(r"record error ValueError: day is out of range for month \(at audit/tables\.py:[0-9]+\)",
                        message)


def test_a_lake_with_fingerprints_of_the_older_method_still_recognises_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_text(_hand("1") + _hand("2"), encoding="utf-8")
    lake = tmp_path / "lake"
    ingest([path], lake)
    # what an older hhaudit wrote: other digests, and no fingerprint version in the file
    def older(table: pa.Table) -> pa.Table:
        index = table.schema.get_field_index("content_fingerprint")
        table = table.set_column(index, "content_fingerprint", pa.array(["old"] * table.num_rows))
        return table.replace_schema_metadata({k: v for k, v in table.schema.metadata.items()
                                              if k != b"hhaudit.fingerprint"})

    writer = LakeWriter(lake)
    rewrite_parts(writer, "hands", older)
    writer.close()
    assert set(read_table(lake, "hands")["content_fingerprint"]) == {"old"}
    copy = tmp_path / "copy.txt"  # the same hands in other bytes (the same file is not read again)
    copy.write_text(_hand("1") + _hand("2") + "\n", encoding="utf-8")
    summary = ingest([copy], lake)
    assert (summary.hands_found, summary.hands_duplicate, summary.hands_quarantined) == (2, 2, 0)


def test_workers_parse_text_chunks_in_processes_and_byte_chunks_in_threads() -> None:
    from concurrent.futures import Future

    from audit.ingest import parse_chunk
    from audit.ingest.workers import Workers

    text = _hand("1") + _hand("2")
    here = parse_chunk(PARSER, text, "utf-8", "f")
    workers = Workers(2)
    try:
        in_process = workers.run(PARSER, text, "utf-8", "f")
        in_thread = workers.run(PARSER, text.encode(), "utf-8", "f")
        assert isinstance(in_process, Future) and isinstance(in_thread, Future)
        for result in (in_process.result(), in_thread.result()):
            assert result.tables["hands"].equals(here.tables["hands"])
            assert result.tables["actions"].equals(here.tables["actions"])
        assert workers._processes is not None and workers._threads is not None
    finally:
        workers.shutdown()
