"""Ingest end to end on a toy dialect: counts reconcile, nothing is lost, offsets are bytes."""

from __future__ import annotations

import gzip
import hashlib
import zipfile
from pathlib import Path

import polars as pl
import pytest

from audit import lake as lake_module
from audit.ingest import ingest
from audit.lake import read_table
from tests.toy_format import PARSER, toy_hand

TOY = (PARSER,)


def run(paths, lake, **kw):
    return ingest(paths, lake, parsers=TOY, **kw)


def test_every_hand_found_is_parsed_duplicate_or_quarantined(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text(toy_hand("1") + toy_hand("2") + toy_hand("2") + toy_hand("3", paid="1.80")
                 + toy_hand("4", paid="x") + "TOY HAND #5 2024-01-02\nseat 1 a put 1.00\n")
    b = tmp_path / "b.txt"
    b.write_text(toy_hand("3"))
    summary = run([a, b], tmp_path / "lake")
    assert summary.as_dict() == {
        "files": 2, "files_by_status": {"ok": 2}, "hands_found": 7, "hands_parsed": 3,
        "hands_quarantined": 2 + 1, "hands_duplicate": 1, "skipped": 0,
        "quarantined_by_reason": {"bad_amount": 1, "conflicting_duplicate": 1, "truncated": 1},
    }
    assert summary.reconciles()
    quarantine = read_table(tmp_path / "lake", "quarantine").sort("source_offset")
    assert quarantine.select("source_file", "reason", "message", "hand_id").rows() == [
        (str(b), "conflicting_duplicate",
         f"hand betfair:3 is already stored from {a}@{len(toy_hand('1')) * 3} with a different "
         "outcome (players, contributions, boards or payouts differ)", "3"),
        (str(a), "bad_amount", "not an amount: 'x'", "4"),
        (str(a), "truncated", "hand ends before its rake line", "5"),
    ]
    assert quarantine["raw_text"][0] == toy_hand("3")
    hands = read_table(tmp_path / "lake", "hands").sort("hand_id")
    assert hands["hand_id"].to_list() == ["1", "2", "3"]
    assert hands["reconciled"].to_list() == [True, True, False]  # hand 3 pays 1.80 of 1.90
    files = read_table(tmp_path / "lake", "files").sort("source_file")
    assert files.select("hands_found", "hands_parsed", "hands_quarantined", "hands_duplicate").rows() == [
        (6, 3, 2, 1), (1, 0, 1, 0)]


def test_offsets_are_bytes_and_raw_sha_matches_across_chunks_and_workers(tmp_path: Path) -> None:
    text = "".join(toy_hand(str(i)).replace("alice", "ålïcé") for i in range(3000))
    data = text.encode("utf-8")
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    summary = run([path], tmp_path / "lake", workers=2, chunk_chars=20_000)
    assert (summary.hands_found, summary.hands_parsed) == (3000, 3000)
    hands = read_table(tmp_path / "lake", "hands").with_columns(
        pl.col("hand_id").cast(pl.Int64).alias("n")).sort("n")
    one = len(toy_hand("0").replace("alice", "ålïcé").encode())
    for n, offset, sha in hands.select("n", "source_offset", "raw_sha256").rows()[::97]:
        raw = toy_hand(str(n)).replace("alice", "ålïcé").encode()
        assert data[offset:offset + len(raw)] == raw
        assert sha == hashlib.sha256(raw).hexdigest()
    assert hands["source_offset"][1] == one


@pytest.mark.parametrize(
    ("label", "encode"),
    [
        ("utf-8", lambda t: t.encode("utf-8")),
        ("utf-8-bom", lambda t: b"\xef\xbb\xbf" + t.encode("utf-8")),
        ("utf-8-bom", lambda t: b"\xef\xbb\xbf\xef\xbb\xbf" + t.encode("utf-8")),  # doubled BOM
        ("utf-16-le-bom", lambda t: t.encode("utf-16")),
        ("cp1252", lambda t: t.replace("alice", "Ålice€").encode("cp1252")),
    ],
)
def test_platform_encodings_are_read(tmp_path: Path, label: str, encode) -> None:
    text = toy_hand("1") + toy_hand("2")
    path = tmp_path / "h.txt"
    path.write_bytes(encode(text))
    summary = run([path], tmp_path / "lake")
    assert (summary.files[0].encoding, summary.hands_parsed) == (label, 2)
    hands = read_table(tmp_path / "lake", "hands").sort("hand_id")
    data = path.read_bytes()
    second = hands.row(1, named=True)
    assert hashlib.sha256(data[second["source_offset"]:]).hexdigest() == second["raw_sha256"]


def test_gz_zip_and_bad_inputs_each_get_a_files_row(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    with gzip.open(tmp_path / "in" / "h.txt.gz", "wt") as f:
        f.write(toy_hand("1"))
    with zipfile.ZipFile(tmp_path / "in" / "day.zip", "w") as z:
        z.writestr("x/h2.txt", toy_hand("2"))
        z.writestr("h3.txt.gz", gzip.compress(toy_hand("3").encode()))
    (tmp_path / "in" / "broken.zip").write_bytes(b"PK\x03\x04 not really")
    (tmp_path / "in" / "empty.txt").write_bytes(b"")
    (tmp_path / "in" / "notes.txt").write_text("shopping list\nmilk\n")
    (tmp_path / "in" / "image.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tmp_path / "in" / "h.txt.hp").write_text("{'expected': 1}")
    summary = run([tmp_path / "in", tmp_path / "missing.txt"], tmp_path / "lake")
    rows = {f.source_file.rsplit("in/", 1)[-1].rsplit("/", 1)[-1] if "!" not in f.source_file else f.source_file.rsplit("/in/", 1)[-1]: (f.status, f.found, f.message) for f in summary.files}
    assert rows == {
        "h.txt.gz": ("ok", 1, None),
        "day.zip!h3.txt.gz": ("ok", 1, None),
        "day.zip!x/h2.txt": ("ok", 1, None),
        "broken.zip": ("unreadable", 0, "not a readable zip archive: File is not a zip file"),
        "empty.txt": ("no_hands", 0, "empty file"),
        "notes.txt": ("unrecognised", 0, "no parser recognises this file (not a hand history of a platform hhaudit reads)"),
        "image.bin": ("unrecognised", 0, "binary data, not a hand history"),
        "h.txt.hp": ("no_hands", 0, "tracker sidecar file (.hp/.hands/.gt), not a hand history"),
        "missing.txt": ("unreadable", 0, "no such file or folder"),
    }
    assert summary.hands_parsed == 3
    assert read_table(tmp_path / "lake", "files").height == 9


def test_viewer_copies_merge_hole_cards_and_reingest_finds_only_duplicates(tmp_path: Path) -> None:
    (tmp_path / "alice.txt").write_text(toy_hand("7", cards="Ah Kh"))
    (tmp_path / "bob.txt").write_text(toy_hand("7"))
    first = run([tmp_path / "bob.txt", tmp_path / "alice.txt"], tmp_path / "lake")
    assert (first.hands_parsed, first.hands_duplicate) == (1, 1)
    seats = read_table(tmp_path / "lake", "seats").sort("seat")
    assert seats["cards"].to_list() == [["Ah", "Kh"], [None, None]]
    again = run([tmp_path / "alice.txt"], tmp_path / "lake")  # the same content: not read again
    assert (again.hands_found, again.skipped) == (0, [str(tmp_path / "alice.txt")])
    (tmp_path / "alice-copy.txt").write_text(toy_hand("7", cards="Ah Kh") + "\n")  # other bytes, same hand
    copy = run([tmp_path / "alice-copy.txt"], tmp_path / "lake")
    assert (copy.hands_parsed, copy.hands_duplicate) == (0, 1)
    assert read_table(tmp_path / "lake", "hands").height == 1


def test_a_failed_write_leaves_the_lake_as_it_was_and_the_next_writer_removes_its_files(
        tmp_path: Path, monkeypatch) -> None:
    real = lake_module.pq.write_table

    def explode(table, where, **kw):
        Path(where).write_bytes(b"partial")
        raise OSError("disk full")

    monkeypatch.setattr(lake_module.pq, "write_table", explode)
    (tmp_path / "a.txt").write_text(toy_hand("1"))
    with pytest.raises(OSError, match="disk full"):
        run([tmp_path / "a.txt"], tmp_path / "lake")
    assert read_table(tmp_path / "lake", "hands").height == 0  # the lake as before: empty
    monkeypatch.setattr(lake_module.pq, "write_table", real)
    run([tmp_path / "a.txt"], tmp_path / "lake")
    assert read_table(tmp_path / "lake", "hands")["hand_id"].to_list() == ["1"]
    assert [p for p in (tmp_path / "lake").rglob("*") if p.is_file() and p.read_bytes() == b"partial"] == []


def test_copies_that_disagree_on_a_shown_card_are_conflicting(tmp_path: Path) -> None:
    from parsers.pokerstars import PARSER as STARS

    from tests.corpus import corpus_file

    text = corpus_file("PokerStars/OmahaHiLo/PLO8-6max-USD-0.01-0.02-200911.txt").read_text()
    hand = text[text.index("PokerStars Game #35875034981"):]
    hand = hand[: hand.index("\n\n\n") + 3] if "\n\n\n" in hand else hand
    (tmp_path / "a.txt").write_text(hand)
    (tmp_path / "b.txt").write_text(hand.replace("[Ah 2h Kh 2s]", "[Ah 3c Kh 9s]"))
    assert "[Ah 2h Kh 2s]" in hand
    summary = ingest([tmp_path / "a.txt", tmp_path / "b.txt"], tmp_path / "lake", parsers=(STARS,))
    assert (summary.hands_parsed, summary.hands_duplicate, dict(summary.quarantined_by_reason)) == (
        1, 0, {"conflicting_duplicate": 1})


def test_a_large_file_that_is_not_utf8_past_its_head_is_read_as_cp1252(tmp_path: Path) -> None:
    text = "".join(toy_hand(str(i)) for i in range(2000)) + toy_hand("9999").replace("alice", "H\xe9r\xf6")
    path = tmp_path / "big.txt"
    path.write_bytes(text.encode("cp1252"))
    summary = run([path], tmp_path / "lake", chunk_chars=20_000)
    assert (summary.files[0].status, summary.files[0].encoding) == ("ok", "cp1252")
    assert (summary.hands_found, summary.hands_parsed) == (2001, 2001)


def test_a_file_that_cannot_be_read_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe" + "TOY HAND #1 2024-01-02\n".encode("utf-16-le") + b"\x00")
    (tmp_path / "good.txt").write_text(toy_hand("2"))
    summary = run([tmp_path / "bad.txt", tmp_path / "good.txt"], tmp_path / "lake")
    statuses = {Path(f.source_file).name: f.status for f in summary.files}
    assert statuses == {"bad.txt": "unreadable", "good.txt": "ok"}
    assert summary.hands_parsed == 1


def test_folders_reached_through_links_are_read_once_and_loops_end(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    day = inbox / "archive" / "day1"
    day.mkdir(parents=True)
    (day / "h.txt").write_text(toy_hand("1"))
    (inbox / "day1").symlink_to(day, target_is_directory=True)
    (day / "loop").symlink_to(day, target_is_directory=True)
    summary = run([inbox], tmp_path / "lake")
    assert [Path(f.source_file).relative_to(inbox).as_posix() for f in summary.files] == ["archive/day1/h.txt"]
    assert summary.hands_parsed == 1


def test_a_link_to_outside_the_input_folder_is_unreadable_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "h.txt").write_text(toy_hand("1"))
    (elsewhere / "secret.txt").write_text("password: hunter2\n")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "day1").symlink_to(elsewhere, target_is_directory=True)
    (inbox / "key.txt").symlink_to(elsewhere / "secret.txt")
    summary = run([inbox], tmp_path / "lake")
    assert [(Path(f.source_file).name, f.status, f.message) for f in summary.files] == [
        ("day1", "unreadable", "a link to outside the input folder, not followed"),
        ("key.txt", "unreadable", "a link to outside the input folder, not followed")]
    summary = run([elsewhere / "secret.txt"], tmp_path / "lake2")  # named on its own: read, never quoted
    assert [(f.status, f.message) for f in summary.files] == [
        ("unrecognised", "no parser recognises this file (not a hand history of a platform hhaudit reads)")]
