"""What ingest reads: the files under the paths it is given, and what each one is.

``find_inputs`` lists what lies under files and folders, without opening anything:
every regular file, and as ``Unopenable`` (status ``unreadable``, with the reason) every
entry that cannot be read as one: a dangling link, a link to outside the input folder it
was found in (links are followed only inside that folder, each real folder once, so a
loop ends), a FIFO, a device, a socket, a folder that cannot be listed. Nothing under a
folder is skipped silently, except what ``--exclude`` names and hhaudit's own outputs
(a folder holding an hhaudit ``manifest.json``, or a lake), which are listed as
``Skipped``. ``iter_inputs`` opens what ``find_inputs`` found: the members of ``.zip`` and
``.tar`` archives (``.tar.gz``, ``.tgz``, ``.tar.xz``, ``.txz``, ``.tar.bz2``, ``.tbz2``)
and the content of ``.gz``, ``.xz`` and ``.bz2`` files, decompressed as a stream, never
unpacked to disk. An archive member whose name leaves the archive's root (``../x``,
``/etc/x``), a link member or any other non-file member is refused by name. What a
compressed input expands to is capped (``InputOptions``): beyond the cap, reading it
raises ``ExpansionLimit`` and the file is ``unreadable`` with that message, so a small
bomb cannot fill memory or disk.

``recognise`` looks at a file's first bytes and says which parser reads it, or why none
does (never quoting the file: what hhaudit does not recognise may be anything).
``HashingReader`` hashes every byte read through it, so that a file's digest costs no
second read.
"""

from __future__ import annotations

import bz2
import fnmatch
import gzip
import hashlib
import json
import lzma
import os
import re
import stat
import tarfile
import zipfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import IO, Any, Protocol, cast

from audit.ingest.limits import DEFAULT_MAX_EXPANDED as DEFAULT_MAX_EXPANDED  # re-exported: their home before
from audit.ingest.limits import DEFAULT_MAX_RATIO as DEFAULT_MAX_RATIO
from audit.textio import sniff_encoding
from parsers.base import Parser
from parsers.registry import sniffing

#: Extensions of tracker sidecar files (FPDB expected outputs): never hand histories.
SIDECAR_SUFFIXES = (".hp", ".hands", ".gt")
#: Characters of a file's start that parsers sniff.
SNIFF_CHARS = 8192
#: Bytes read from a file's start to recognise it.
HEAD_BYTES = 65536
#: Tar archives, plain or compressed, by how their names end.
TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".tbz")
#: Below this many expanded bytes the ratio is not checked (a tiny file may compress well).
RATIO_FLOOR = 16 << 20
_BLOCK = 1 << 20


class ByteStream(Protocol):
    """What an input opens as: a file, a zip member, a gzip stream."""

    def read(self, n: int = -1, /) -> bytes: ...

    def __enter__(self) -> ByteStream: ...

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None, /) -> object: ...


@dataclass(frozen=True)
class InputOptions:
    """What ingest reads of the paths given: ``exclude`` globs (matched against a path as
    given, its path below the folder given, and its name; a folder that matches is not
    entered; a member of an archive is matched as ``archive!member`` and by its name),
    and the caps on what a compressed input may expand to (bytes, and bytes per
    compressed byte)."""

    exclude: tuple[str, ...] = ()
    max_expanded: int = DEFAULT_MAX_EXPANDED
    max_ratio: int = DEFAULT_MAX_RATIO

    def excludes(self, *names: str) -> bool:
        return any(fnmatch.fnmatchcase(n, g) for g in self.exclude for n in names)


@dataclass(frozen=True)
class InputFile:
    """One file to read: a path, a member of an archive, or the content of a .gz."""

    name: str  # as reported in source_file
    open: Callable[[], ByteStream]
    size_hint: int


@dataclass(frozen=True)
class Unopenable:
    """A path given, or an entry found, that cannot be opened as a file, and why."""

    name: str
    error: str


@dataclass(frozen=True)
class Found:
    """A regular file found under the paths given (not opened yet)."""

    path: Path
    name: str


@dataclass(frozen=True)
class Skipped:
    """Something under the paths given that is not read, and why (hhaudit's own outputs)."""

    name: str
    reason: str


class ExpansionLimit(ValueError):
    """A compressed input expands beyond ``InputOptions``' caps."""


def lake_name(name: str) -> str:
    """``name`` as the lake records it: a byte of a file's name that is not UTF-8 (which
    Python reads as a lone surrogate) is written as the escape ``\\xNN``.

    >>> lake_name("Freeroll 150\\udc80(5).txt"), lake_name("caf\\xe9.txt")
    ('Freeroll 150\\\\x80(5).txt', 'café.txt')
    """
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no undecodable byte gave: written as its code point
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def find_inputs(paths: Sequence[Path | str], options: InputOptions | None = None) -> list[Found | Unopenable | Skipped]:
    """What lies under ``paths``, in a stable order, nothing opened."""
    options = options or InputOptions()
    found: list[Found | Unopenable | Skipped] = []
    for raw in paths:
        path, name = Path(raw), lake_name(str(raw))
        if options.excludes(name, path.name):
            continue
        if path.is_dir():
            own = hhaudit_output(path)
            if own:
                found.append(Skipped(name, own))
                continue
            below: list[Found | Unopenable | Skipped] = []
            _walk(path, path, os.path.realpath(path), options, set(), below)
            found.extend(sorted(below, key=lambda f: Path(f.name)))
        else:
            found.append(_classify(path, name))
    return found


def iter_inputs(paths: Sequence[Path | str], options: InputOptions | None = None) -> Iterator[InputFile | Unopenable]:
    """Every file under ``paths``, in a stable order, or why one cannot be opened."""
    options = options or InputOptions()
    for item in find_inputs(paths, options):
        if isinstance(item, Found):
            yield from _expand(item.path, item.name, options)
        elif isinstance(item, Unopenable):
            yield item


def hhaudit_output(folder: Path) -> str | None:
    """Why ``folder`` is one of hhaudit's own outputs (never read as input), or None."""
    manifest = folder / "manifest.json"
    if manifest.is_file() and _is_hhaudit_manifest(manifest):
        return "an hhaudit output folder (it holds hhaudit's manifest.json)"
    hands = folder / "hands"
    if (folder / "files").is_dir() and hands.is_dir() and (
            (hands / "_delta_log").is_dir() or any(hands.rglob("*.parquet"))):
        return "an hhaudit lake"
    return None


def _is_hhaudit_manifest(path: Path) -> bool:
    try:
        if path.stat().st_size > 256 << 20:
            return False
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and {"run_id", "tool_version", "outputs"} <= data.keys()


def _classify(path: Path, name: str) -> Found | Unopenable:
    """A path given on its own (a link is followed: the user named it)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return Unopenable(name, "a dangling link" if path.is_symlink() else "no such file or folder")
    except OSError as exc:
        return Unopenable(name, f"cannot read it: {exc.strerror or exc}")
    if stat.S_ISREG(mode):
        return Found(path, name)
    return Unopenable(name, _not_a_file(mode))


def _not_a_file(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    return "not a regular file"


def _walk(folder: Path, top: Path, root: str, options: InputOptions, seen: set[str],
          found: list[Found | Unopenable | Skipped]) -> None:
    """Everything below ``folder`` into ``found``; ``top`` is the folder given, ``root``
    its real path (links are followed only to inside it)."""
    real = os.path.realpath(folder)
    if real in seen:
        return
    seen.add(real)
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError as exc:
        found.append(Unopenable(lake_name(str(folder)), f"cannot list this folder: {exc.strerror or exc}"))
        return
    for entry in entries:
        path = folder / entry.name
        name = lake_name(str(path))
        if options.excludes(name, path.relative_to(top).as_posix(), entry.name):
            continue
        if entry.is_symlink():
            target = os.path.realpath(path)
            if not os.path.exists(target):
                found.append(Unopenable(name, "a dangling link"))
                continue
            if os.path.commonpath([root, target]) != root:
                found.append(Unopenable(name, "a link to outside the input folder, not followed"))
                continue
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            found.append(Unopenable(name, f"cannot read it: {exc.strerror or exc}"))
            continue
        if stat.S_ISDIR(mode):
            own = hhaudit_output(path)
            if own:
                found.append(Skipped(name, own))
            else:
                _walk(path, top, root, options, seen, found)
        elif stat.S_ISREG(mode):
            found.append(Found(path, name))
        else:
            found.append(Unopenable(name, _not_a_file(mode)))


def _decompressor(name: str) -> Callable[[Any], IO[bytes]] | None:
    """How to decompress a file (a path or a stream) called ``name``, or None if it is not
    compressed."""
    lower = name.lower()
    for suffixes, module in (((".gz", ".tgz"), gzip), ((".xz", ".txz"), lzma), ((".bz2", ".tbz2", ".tbz"), bz2)):
        if lower.endswith(suffixes):
            opener = cast(Any, module).open
            return lambda f: cast(IO[bytes], opener(f, "rb"))
    return None


def _expand(path: Path, name: str, options: InputOptions) -> Iterator[InputFile | Unopenable]:
    lower = path.name.lower()
    if lower.endswith(".zip"):
        yield from _zip_members(path, name, options)
    elif lower.endswith(TAR_SUFFIXES):
        yield from _tar_members(path, name, options)
    elif (decompress := _decompressor(lower)) is not None:
        size = path.stat().st_size
        yield InputFile(name, lambda: Capped(decompress(path), size, options), size * 4)
    else:
        yield InputFile(name, lambda: open(path, "rb"), path.stat().st_size)


class Capped:
    """A decompressed stream that raises ``ExpansionLimit`` once it has given more than
    ``options.max_expanded`` bytes, or (past ``RATIO_FLOOR``) more than
    ``options.max_ratio`` times ``packed``, the compressed size. It reads in blocks even
    when asked for everything, so memory never holds more than the cap."""

    def __init__(self, inner: IO[bytes], packed: int, options: InputOptions) -> None:
        self.inner = inner
        self.packed = max(packed, 1)
        self.options = options
        self.given = 0

    def _count(self, n: int) -> None:
        self.given += n
        if self.given > self.options.max_expanded:
            raise ExpansionLimit(f"expands to more than {_size(self.options.max_expanded)} "
                                 "(the cap set by --max-expanded-size)")
        if self.given > RATIO_FLOOR and self.given > self.options.max_ratio * self.packed:
            raise ExpansionLimit(f"expands to more than {self.options.max_ratio} times its compressed size "
                                 f"of {_size(self.packed)} (the cap set by --max-expansion-ratio)")

    def read(self, n: int = -1, /) -> bytes:
        if n is not None and n >= 0:
            data = self.inner.read(n)
            self._count(len(data))
            return data
        blocks = []
        while block := self.inner.read(_BLOCK):
            self._count(len(block))
            blocks.append(block)
        return b"".join(blocks)

    def __enter__(self) -> Capped:
        return self

    def __exit__(self, *exc: object) -> None:
        self.inner.close()


def _size(n: int) -> str:
    """``n`` bytes for a person: ``4 GiB``, ``16 MiB``, ``812 bytes``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            value = n / (1 << shift)
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"


def _unsafe_member(member: str) -> str | None:
    """Why an archive member's name is refused, or None: it must stay inside the archive."""
    posix = PurePosixPath(member.replace("\\", "/"))
    if posix.is_absolute() or (len(member) > 1 and member[1] == ":"):
        return "an archive member outside the archive root (an absolute path), not read"
    if ".." in posix.parts:
        return "an archive member outside the archive root (a '..' in its path), not read"
    return None


def _zip_members(path: Path, name: str, options: InputOptions) -> Iterator[InputFile | Unopenable]:
    try:
        archive = zipfile.ZipFile(path)
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError) as exc:
        yield Unopenable(name, f"not a readable zip archive: {exc}")
        return
    for member in sorted(members, key=lambda m: m.filename):
        label = f"{name}!{member.filename}"
        if options.excludes(label, member.filename, PurePosixPath(member.filename).name):
            continue
        kind = (member.external_attr >> 16) & 0o170000
        refused = _unsafe_member(member.filename) or (
            "a link inside the archive, not read" if kind == stat.S_IFLNK
            else "not a regular file inside the archive, not read" if kind not in (0, stat.S_IFREG) else None)
        if refused:
            yield Unopenable(label, refused)
            continue
        yield InputFile(label, _zip_opener(archive, member, options), member.file_size)


def _zip_opener(archive: zipfile.ZipFile, member: zipfile.ZipInfo, options: InputOptions) -> Callable[[], ByteStream]:
    def open_member() -> ByteStream:
        stream: IO[bytes] = archive.open(member)
        inner = _decompressor(member.filename)
        if inner is not None:
            stream = inner(stream)
        return Capped(stream, member.compress_size, options)

    return open_member


class _CappedFile:
    """The seekable, decompressed stream of a compressed tar, capped on how far into it
    anything reads (listing its members reads through all of them)."""

    def __init__(self, inner: IO[bytes], packed: int, options: InputOptions) -> None:
        self.inner = inner
        self.cap = Capped(inner, packed, options)

    def read(self, n: int = -1) -> bytes:
        data = self.inner.read(n)
        reached = self.inner.tell()
        if reached > self.cap.given:
            self.cap._count(reached - self.cap.given)
        return data

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.inner.seek(offset, whence)

    def tell(self) -> int:
        return self.inner.tell()

    def close(self) -> None:
        self.inner.close()


def _tar_members(path: Path, name: str, options: InputOptions) -> Iterator[InputFile | Unopenable]:
    """The members of a tar archive, read from one ``TarFile`` kept open (a member read
    while another is open gets one of its own)."""
    source = _TarSource(path, options)
    try:
        members = source.shared().getmembers()
    except (tarfile.TarError, OSError, EOFError, lzma.LZMAError, ExpansionLimit) as exc:
        yield Unopenable(name, f"not a readable tar archive: {type(exc).__name__}: {exc}"
                         if not isinstance(exc, ExpansionLimit) else str(exc))
        return
    for member in sorted(members, key=lambda m: m.name):
        if member.isdir():
            continue
        label = lake_name(f"{name}!{member.name}")
        if options.excludes(label, member.name, PurePosixPath(member.name).name):
            continue
        refused = _unsafe_member(member.name) or (
            "a link inside the archive, not read" if member.issym() or member.islnk()
            else "not a regular file inside the archive, not read" if not member.isfile() else None)
        if refused:
            yield Unopenable(label, refused)
            continue
        yield InputFile(label, source.opener(member), member.size)


class _TarSource:
    def __init__(self, path: Path, options: InputOptions) -> None:
        self.path = path
        self.options = options
        self._shared: tarfile.TarFile | None = None
        self._busy = False

    def _open(self) -> tarfile.TarFile:
        decompress = _decompressor(self.path.name)
        if decompress is None:
            return tarfile.open(self.path, "r:")
        inner = _CappedFile(decompress(self.path), self.path.stat().st_size, self.options)
        return tarfile.open(fileobj=cast(IO[bytes], inner), mode="r:")

    def shared(self) -> tarfile.TarFile:
        if self._shared is None:
            self._shared = self._open()
        return self._shared

    def opener(self, member: tarfile.TarInfo) -> Callable[[], ByteStream]:
        def open_member() -> ByteStream:
            if self._busy:  # a second reader of this archive at once: its own TarFile
                archive = self._open()
                done = archive.close
            else:
                self._busy, archive, done = True, self.shared(), self._release
            raw = archive.extractfile(member)
            assert raw is not None
            decompress = _decompressor(member.name)
            if decompress is None:
                return _Closing(raw, raw.close, done)
            stream = Capped(decompress(raw), member.size, self.options)
            return _Closing(stream, raw.close, done)

        return open_member

    def _release(self) -> None:
        self._busy = False


class _Closing:
    """A member's stream that runs ``done`` (each in order) when closed."""

    def __init__(self, inner: IO[bytes] | Capped, *done: Callable[[], None]) -> None:
        self.inner = inner
        self.done = done

    def read(self, n: int = -1, /) -> bytes:
        return self.inner.read(n)

    def __enter__(self) -> _Closing:
        return self

    def __exit__(self, *exc: object) -> None:
        if isinstance(self.inner, Capped):
            self.inner.inner.close()
        for step in self.done:
            step()


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
    no_hands: bool = False  # a file of a known kind that holds no hand (a tournament summary)


#: Files the platforms and trackers write beside hand histories that hold no hand: their
#: first line, and what they are. Such a file is ``no_hands`` (exit 0), not unrecognised.
SUMMARY_FILES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"PokerStars Tournament #\d+, "), "a PokerStars tournament summary"),
    (re.compile(r"Winamax Poker - Tournament summary : "), "a Winamax tournament summary"),
    (re.compile(r"\*{5} (?:Cassava|888poker|888) Tournament Summary \*{5}"), "an 888poker tournament summary"),
    (re.compile(r"PokerTracker \d+ Tournament Summary\b"), "a PokerTracker tournament summary"),
    # ``.fr``: Full Tilt's French site
    (re.compile(r"Full Tilt Poker(?:\.fr)? Tournament Summary "), "a Full Tilt tournament summary"),
    # a play-money sit & go's: ``Full Tilt Tournament #1571041343, No Limit Hold'em``, ``Buy-In: 870/130``
    (re.compile(r"Full Tilt Tournament #\d+, "), "a Full Tilt tournament summary"),
    (re.compile(r"Run It Once Poker Tournament #\d+, "), "a Run It Once tournament summary"),
)
#: what may stand before a summary's first line: blanks, marks, control bytes a copy left (0x10)
_BEFORE_FIRST_LINE = "\ufeff \r\n\t" + "".join(map(chr, range(0x20)))


def summary_kind(head_text: str) -> str | None:
    """What a file that holds no hand is, from its first line; None if not one of those.

    >>> summary_kind("PokerStars Tournament #1234, No Limit Hold'em\\nBuy-In: $1/$0.10 USD")
    'a PokerStars tournament summary'
    >>> summary_kind("\\x10PokerStars Tournament #329147523, No Limit Hold'em")
    'a PokerStars tournament summary'
    >>> summary_kind("Run It Once Poker Tournament #158168, Cubed SNG No Limit Hold 'Em\\nBuy-In: €5.00")
    'a Run It Once tournament summary'
    >>> summary_kind("PokerStars Hand #1: Hold'em No Limit") is None
    True
    """
    first = head_text.lstrip(_BEFORE_FIRST_LINE).split("\n", 1)[0]
    return next((what for pattern, what in SUMMARY_FILES if pattern.match(first)), None)


def recognise(head: bytes, candidates: Sequence[Parser] | None = None, format: str | None = None) -> Recognised:
    """The encoding and parser of a file that starts with ``head`` (not empty): one of
    ``candidates``, or (None) of the registry's parsers, of ``format`` only if given,
    importing only those the head's markers select (``parsers.registry.sniffing``)."""
    codec, label, bom = sniff_encoding(head)
    head_text = head[bom:].decode(codec, errors="ignore")[:SNIFF_CHARS]
    head_text = head_text.lstrip("\ufeff")
    tried = candidates if candidates is not None else sniffing(head_text, format)
    # a file cut at the front: a header further on (only parsers with a marker in the head
    # can have one: their sniff accepts text of the head)
    parser = next((p for p in tried if p.sniff(head_text)), None) or _first_header_later(
        head_text, candidates if candidates is not None else list(sniffing(head_text, format)))
    if parser is not None:
        return Recognised(codec, label, bom, parser)
    if (summary := summary_kind(head_text)) is not None:
        return Recognised(codec, label, bom, None, f"{summary}, not a hand history (it holds no hand)", no_hands=True)
    if b"\x00" in head and not codec.startswith("utf-16"):
        message = "binary data, not a hand history"
    else:
        # never quote it: a file no parser claims may be anything (a link to a secret)
        message = "no parser recognises this file (not a hand history of a platform hhaudit reads)"
    return Recognised(codec, label, bom, None, message)


def _first_header_later(head_text: str, candidates: Sequence[Parser]) -> Parser | None:
    r"""The parser of a file that starts inside a hand (a copy cut at the front, a log
    started mid-hand): the one whose hand header comes first after the start and whose
    ``sniff`` accepts the text from there. The cut-off part before it is split off as a
    hand of its own and quarantined; the hands after it are read as in any file.

    >>> from parsers.pkr import PARSER
    >>> tail = "Player5 wins $0.13\nEnd of Hand #1\n\nTable #9 - Oak\nStarting Hand #2\nStart time of hand: 1 Aug"
    >>> _first_header_later(tail, [PARSER]) is PARSER, _first_header_later("no hand here", [PARSER])
    (True, None)
    """
    first: tuple[int, Parser] | None = None
    for parser in candidates:
        found = parser.hand_start.search(head_text, 1)
        if found and (first is None or found.start() < first[0]) and parser.sniff(head_text[found.start():]):
            first = (found.start(), parser)
    return first[1] if first else None


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
