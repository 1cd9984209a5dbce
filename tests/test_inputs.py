"""What ingest reads (``audit.ingest.inputs``): archives of every kind, members refused by
name, decompression bombs capped, special entries listed, excludes, hhaudit's own outputs
skipped. Bombs are made here, small on disk; the hands are the toy dialect's."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import socket
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from audit.ingest import ingest
from audit.ingest.inputs import (
    DEFAULT_MAX_RATIO,
    RATIO_FLOOR,
    Found,
    InputOptions,
    Skipped,
    Unopenable,
    find_inputs,
    iter_inputs,
)
from tests.toy_format import PARSER, toy_hand

TOY = (PARSER,)


def run(paths, lake, **kw):
    return ingest(paths, lake, parsers=TOY, **kw)


def rows(summary, root: Path) -> list[tuple[str, str, int, str | None]]:
    return [(f.source_file.replace(str(root) + "/", ""), str(f.status), f.parsed, f.message) for f in summary.files]


def _tar(path: Path, mode: str, members: dict[str, bytes]) -> None:
    with tarfile.open(path, mode) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


@pytest.mark.parametrize("name,mode", [("day.tar", "w"), ("day.tar.gz", "w:gz"), ("day.tgz", "w:gz"),
                                       ("day.tar.xz", "w:xz"), ("day.tar.bz2", "w:bz2")])
def test_tar_archives_are_read_member_by_member(tmp_path: Path, name: str, mode: str) -> None:
    members = {"a/h1.txt": toy_hand("1").encode(), "h2.txt.gz": gzip.compress(toy_hand("2").encode())}
    _tar(tmp_path / name, mode, members)
    summary = run([tmp_path / name], tmp_path / "lake")
    assert rows(summary, tmp_path) == [(f"{name}!a/h1.txt", "ok", 1, None), (f"{name}!h2.txt.gz", "ok", 1, None)]


@pytest.mark.parametrize("suffix,compress", [(".gz", gzip.compress), (".xz", lzma.compress), (".bz2", bz2.compress)])
def test_compressed_files_are_read_like_gz(tmp_path: Path, suffix, compress) -> None:
    (tmp_path / f"h.txt{suffix}").write_bytes(compress((toy_hand("1") + toy_hand("2")).encode()))
    summary = run([tmp_path / f"h.txt{suffix}"], tmp_path / "lake")
    assert rows(summary, tmp_path) == [(f"h.txt{suffix}", "ok", 2, None)]


def test_a_large_member_of_a_compressed_tar_is_read_in_chunks(tmp_path: Path) -> None:
    big = "".join(toy_hand(str(i)) for i in range(400)).encode()
    _tar(tmp_path / "day.tgz", "w:gz", {"big.txt": big, "small.txt": toy_hand("x").encode()})
    summary = run([tmp_path / "day.tgz"], tmp_path / "lake", chunk_chars=4000)
    assert rows(summary, tmp_path) == [("day.tgz!big.txt", "ok", 400, None), ("day.tgz!small.txt", "ok", 1, None)]


def test_tar_members_outside_the_root_links_and_devices_are_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "evil.tar"
    with tarfile.open(path, "w") as tar:
        for name in ("../up.txt", "/etc/abs.txt", "ok.txt"):
            info = tarfile.TarInfo(name)
            data = toy_hand("1").encode()
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, kind in (("sym.txt", tarfile.SYMTYPE), ("hard.txt", tarfile.LNKTYPE), ("fifo", tarfile.FIFOTYPE)):
            info = tarfile.TarInfo(name)
            info.type, info.linkname = kind, "ok.txt"
            tar.addfile(info)
    summary = run([path], tmp_path / "lake")
    assert rows(summary, tmp_path) == [
        ("evil.tar!../up.txt", "unreadable", 0,
         "an archive member outside the archive root (a '..' in its path), not read"),
        ("evil.tar!/etc/abs.txt", "unreadable", 0,
         "an archive member outside the archive root (an absolute path), not read"),
        ("evil.tar!fifo", "unreadable", 0, "not a regular file inside the archive, not read"),
        ("evil.tar!hard.txt", "unreadable", 0, "a link inside the archive, not read"),
        ("evil.tar!ok.txt", "ok", 1, None),
        ("evil.tar!sym.txt", "unreadable", 0, "a link inside the archive, not read"),
    ]


def test_zip_members_outside_the_root_and_links_are_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "evil.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("../../up.txt", toy_hand("1"))
        z.writestr("ok.txt", toy_hand("1"))
        link = zipfile.ZipInfo("link.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "ok.txt")
    summary = run([path], tmp_path / "lake")
    assert rows(summary, tmp_path) == [
        ("evil.zip!../../up.txt", "unreadable", 0,
         "an archive member outside the archive root (a '..' in its path), not read"),
        ("evil.zip!link.txt", "unreadable", 0, "a link inside the archive, not read"),
        ("evil.zip!ok.txt", "ok", 1, None),
    ]


def _newline_bomb(size: int) -> bytes:
    """One hand, then ``size`` bytes of newlines: a few hundred KB compressed."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as gz:
        gz.write(toy_hand("1").encode())
        block = b"\n" * (1 << 20)
        for _ in range(size >> 20):
            gz.write(block)
    return out.getvalue()


RATIO_MESSAGE = f"ExpansionLimit: expands to more than {DEFAULT_MAX_RATIO} times its compressed size of "


def test_a_gz_bomb_is_unreadable_with_the_ratio_cap_not_read_into_memory(tmp_path: Path) -> None:
    bomb = _newline_bomb(64 << 20)
    assert len(bomb) < 100_000
    (tmp_path / "bomb.txt.gz").write_bytes(bomb)
    summary = run([tmp_path / "bomb.txt.gz"], tmp_path / "lake")
    [(name, status, parsed, message)] = rows(summary, tmp_path)
    assert (name, status, parsed) == ("bomb.txt.gz", "unreadable", 0)
    assert message == RATIO_MESSAGE + f"{len(bomb) / 1024:.1f} KiB (the cap set by --max-expansion-ratio)"


def test_a_gz_inside_a_zip_and_a_bz2_tar_bomb_are_capped(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "nested.zip", "w") as z:
        z.writestr("bomb.txt.gz", _newline_bomb(48 << 20))
    member = toy_hand("1").encode() + b"\n" * (64 << 20)
    _tar(tmp_path / "bomb.tar.bz2", "w:bz2", {"h.txt": member})
    assert (tmp_path / "bomb.tar.bz2").stat().st_size < 100_000
    summary = run([tmp_path / "nested.zip", tmp_path / "bomb.tar.bz2"], tmp_path / "lake")
    got = rows(summary, tmp_path)
    assert [r[:3] for r in got] == [("nested.zip!bomb.txt.gz", "unreadable", 0), ("bomb.tar.bz2", "unreadable", 0)]
    assert got[0][3].startswith(RATIO_MESSAGE)
    assert got[1][3].startswith(f"expands to more than {DEFAULT_MAX_RATIO} times its compressed size of ")


def test_the_caps_are_options(tmp_path: Path) -> None:
    data = "".join(toy_hand(str(i)) for i in range(50)).encode()
    (tmp_path / "h.txt.xz").write_bytes(lzma.compress(data))
    summary = run([tmp_path / "h.txt.xz"], tmp_path / "lake", select=InputOptions(max_expanded=4096))
    assert rows(summary, tmp_path) == [
        ("h.txt.xz", "unreadable", 0,
         "ExpansionLimit: expands to more than 4 KiB (the cap set by --max-expanded-size)")]
    bomb = tmp_path / "b.txt.gz"
    bomb.write_bytes(_newline_bomb(RATIO_FLOOR + (1 << 20)))
    summary = run([bomb], tmp_path / "lake2", select=InputOptions(max_ratio=100_000))
    assert rows(summary, tmp_path)[0][1:3] == ("ok", 1)


def test_special_entries_under_a_folder_are_listed_unreadable(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "h.txt").write_text(toy_hand("1"))
    (inbox / "gone.txt").symlink_to(inbox / "nothing.txt")
    os.mkfifo(inbox / "pipe")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(inbox / "sock"))
    try:
        summary = run([inbox, inbox / "pipe"], tmp_path / "lake")
    finally:
        sock.close()
    assert rows(summary, tmp_path) == [
        ("inbox/gone.txt", "unreadable", 0, "a dangling link"),
        ("inbox/h.txt", "ok", 1, None),
        ("inbox/pipe", "unreadable", 0, "a named pipe (FIFO), not a regular file"),
        ("inbox/sock", "unreadable", 0, "a socket, not a regular file"),
        ("inbox/pipe", "unreadable", 0, "a named pipe (FIFO), not a regular file"),
    ]
    assert [i.error for i in iter_inputs([Path("/dev/null")]) if isinstance(i, Unopenable)] == [
        "a device, not a regular file"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder whatever its mode")
def test_a_folder_that_cannot_be_listed_is_unreadable(tmp_path: Path) -> None:
    locked = tmp_path / "inbox" / "locked"
    locked.mkdir(parents=True)
    locked.chmod(0)
    try:
        found = find_inputs([tmp_path / "inbox"])
    finally:
        locked.chmod(0o700)
    assert found == [Unopenable(str(locked), "cannot list this folder: Permission denied")]


def test_exclude_globs_match_the_path_given_below_the_folder_and_the_name(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    (inbox / "old").mkdir(parents=True)
    for name in ("a.txt", "MANIFEST.tsv", "old/b.txt", "c.txt"):
        (inbox / name).write_text(toy_hand(name[0]))
    with zipfile.ZipFile(inbox / "d.zip", "w") as z:
        z.writestr("keep.txt", toy_hand("k"))
        z.writestr("notes/skip.txt", toy_hand("s"))
    options = InputOptions(exclude=("*.tsv", "old", "skip.txt", str(inbox / "c.txt")))
    assert [i.name.replace(str(inbox) + "/", "") for i in iter_inputs([inbox], options)] == ["a.txt", "d.zip!keep.txt"]


def _manifest(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps({"run_id": "x", "tool_version": "1", "outputs": []}))
    (folder / "report.html").write_text("<html>")


def test_hhaudit_outputs_and_lakes_under_an_input_folder_are_skipped(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "h.txt").write_text(toy_hand("1"))
    _manifest(inbox / "yesterday")
    assert run([inbox / "h.txt"], inbox / "lake").hands_parsed == 1
    found = find_inputs([inbox])
    assert found == [
        Found(inbox / "h.txt", str(inbox / "h.txt")),
        Skipped(str(inbox / "lake"), "an hhaudit lake"),
        Skipped(str(inbox / "yesterday"), "an hhaudit output folder (it holds hhaudit's manifest.json)"),
    ]
    (inbox / "other").mkdir()
    (inbox / "other" / "manifest.json").write_text('{"name": "not hhaudit"}')
    assert Found(inbox / "other" / "manifest.json", str(inbox / "other" / "manifest.json")) in find_inputs([inbox])


def _measured(args: list[str]) -> tuple[int, str, int]:
    """Run ``python -m audit ARGS`` in a fresh process; its exit code, stdout, and peak
    resident memory in bytes (measured by a parent of its own, so no other child counts)."""
    import subprocess
    import sys

    probe = ("import json, resource, subprocess, sys; "
             "done = subprocess.run([sys.executable, '-m', 'audit', *sys.argv[1:]], capture_output=True, text=True); "
             "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss; "
             "print(json.dumps([done.returncode, done.stdout, peak]))")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    code, out, kib = json.loads(done.stdout)
    return code, out, kib * 1024


def test_a_one_megabyte_gz_of_a_gigabyte_stays_far_below_a_gigabyte_of_memory(tmp_path: Path) -> None:
    hand = (Path(__file__).resolve().parent.parent / "sample_data" / "table-aral-2024-03-01.txt").read_bytes()[:1400]
    block = gzip.compress(b"\n" * (1 << 20), 9)
    (tmp_path / "bomb.txt.gz").write_bytes(gzip.compress(hand) + block * 1024)  # gzip members, one after another
    assert (tmp_path / "bomb.txt.gz").stat().st_size < 1_200_000
    code, out, peak = _measured(["ingest", str(tmp_path / "bomb.txt.gz"), "--lake", str(tmp_path / "lake")])
    assert code == 3
    assert "unreadable: " in out and "expands to more than 100 times its compressed size" in out
    assert peak < 1 << 30
