"""What ingest reads: the files under the paths it is given, and what each one is.

``iter_inputs`` finds every file under files and folders (following linked folders,
each real folder once), and opens the members of ``.zip`` archives and the content of
``.gz`` files without unpacking them to disk. ``recognise`` looks at a file's first bytes
and says which parser reads it, or why none does. ``HashingReader`` hashes every byte
read through it, so that a file's digest costs no second read.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Callable, Iterator, Protocol, Sequence

from audit.textio import sniff_encoding
from parsers.base import Parser

#: Extensions of tracker sidecar files (FPDB expected outputs): never hand histories.
SIDECAR_SUFFIXES = (".hp", ".hands", ".gt")
#: Characters of a file's start that parsers sniff.
SNIFF_CHARS = 8192
#: Bytes read from a file's start to recognise it.
HEAD_BYTES = 65536


class ByteStream(Protocol):
    """What an input opens as: a file, a zip member, a gzip stream."""

    def read(self, n: int = -1, /) -> bytes: ...

    def __enter__(self) -> ByteStream: ...

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None, /) -> object: ...


@dataclass(frozen=True)
class InputFile:
    """One file to read: a path, a member of a zip, or the content of a .gz."""

    name: str  # as reported in source_file
    open: Callable[[], ByteStream]
    size_hint: int


@dataclass(frozen=True)
class Unopenable:
    """A path given that cannot be opened as given (missing, corrupt archive), and why."""

    name: str
    error: str


def iter_inputs(paths: Sequence[Path | str]) -> Iterator[InputFile | Unopenable]:
    """Every file under ``paths``, in a stable order, or why a path cannot be opened."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for child in _files_under(path):
                yield from _expand(child, str(child))
        elif path.is_file():
            yield from _expand(path, str(raw))
        else:
            yield Unopenable(str(raw), "no such file or folder")


def _files_under(folder: Path) -> list[Path]:
    """Every file below ``folder``, sorted, following linked folders (each real folder
    once, so a link loop ends) — a day's histories are often a folder of links."""
    seen: set[str] = set()
    found: list[Path] = []
    for root, dirs, files in os.walk(folder, followlinks=True):
        real = os.path.realpath(root)
        if real in seen:
            dirs[:] = []
            continue
        seen.add(real)
        found.extend(Path(root) / f for f in files if (Path(root) / f).is_file())
    return sorted(found)


def _expand(path: Path, name: str) -> Iterator[InputFile | Unopenable]:
    lower = path.name.lower()
    if lower.endswith(".zip"):
        yield from _zip_members(path, name)
    elif lower.endswith(".gz"):
        yield InputFile(name, _opener(path, gz=True), path.stat().st_size * 4)
    else:
        yield InputFile(name, _opener(path, gz=False), path.stat().st_size)


def _opener(path: Path, *, gz: bool) -> Callable[[], ByteStream]:
    def open_file() -> ByteStream:
        return gzip.open(path, "rb") if gz else open(path, "rb")

    return open_file


def _zip_members(path: Path, name: str) -> Iterator[InputFile | Unopenable]:
    try:
        archive = zipfile.ZipFile(path)
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError) as exc:
        yield Unopenable(name, f"not a readable zip archive: {exc}")
        return
    for member in sorted(members, key=lambda m: m.filename):
        yield InputFile(f"{name}!{member.filename}", _member_opener(archive, member), member.file_size)


def _member_opener(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> Callable[[], ByteStream]:
    def open_member() -> ByteStream:
        stream = archive.open(member)
        return gzip.GzipFile(fileobj=stream) if member.filename.lower().endswith(".gz") else stream

    return open_member


def is_sidecar(name: str) -> bool:
    """Whether ``name`` is a tracker's sidecar file, which is never a hand history."""
    return name.lower().endswith(SIDECAR_SUFFIXES)


@dataclass(frozen=True)
class Recognised:
    """What the start of a file says: its encoding, and the parser that reads it (or why
    none does: ``message``)."""

    codec: str  # the Python codec of its text
    label: str  # the encoding as the files table records it
    bom: int  # bytes of byte-order mark before the text
    parser: Parser | None
    message: str | None = None


def recognise(head: bytes, candidates: Sequence[Parser]) -> Recognised:
    """The encoding and parser of a file that starts with ``head`` (not empty)."""
    codec, label, bom = sniff_encoding(head)
    head_text = head[bom:].decode(codec, errors="ignore")[:SNIFF_CHARS]
    head_text = head_text.lstrip("\ufeff")
    parser = next((p for p in candidates if p.sniff(head_text)), None)
    if parser is not None:
        return Recognised(codec, label, bom, parser)
    if b"\x00" in head and not codec.startswith("utf-16"):
        message = "binary data, not a hand history"
    else:
        first = head_text.lstrip("\ufeff").strip().splitlines()[:1]
        message = "no parser recognises this file; first line: " + (repr(first[0][:120]) if first else "(blank)")
    return Recognised(codec, label, bom, None, message)


class HashingReader:
    """Wraps a binary stream: counts and hashes every byte read through it."""

    def __init__(self, inner: ByteStream) -> None:
        self.inner = inner
        self.digest = hashlib.sha256()
        self.size = 0

    def read(self, n: int = -1) -> bytes:
        data = self.inner.read(n)
        self.digest.update(data)
        self.size += len(data)
        return data

    def finish(self) -> tuple[str, int]:
        """Read the rest of the file and return its SHA-256 and size (the file's digest,
        not the parsed part's)."""
        while self.read(1 << 20):
            pass
        return self.digest.hexdigest(), self.size
