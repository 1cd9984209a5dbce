"""Ingest: hand-history files in, the Parquet lake out. Library API; never prints.

``ingest(paths, lake)`` reads files, folders (recursively), ``.gz`` and ``.zip``; decodes
each file (``audit.textio``); detects its format (``parsers.registry``); cuts it into
chunks at hand boundaries so that large files spread over all cores; parses the chunks
side by side (``_Workers``: PokerStars' byte chunks in threads through its columnar
reader, other dialects' text chunks in processes); drops duplicate copies of a hand; and
writes the tables of ``contracts.md``. Every hand found ends up exactly once in
``hands``, counted as a duplicate of one that is, or in ``quarantine`` — the returned
``IngestSummary`` reconciles those counts per file.

Memory stays bounded on any input size: one chunk per worker is in flight, the lake
writer flushes partitions by age and by a byte budget (``audit.lake``), and the
duplicate index keeps one dictionary entry per hand key with the rest in Arrow columns.
``bench/ingest_bench.py`` measures throughput and peak memory.
"""

from __future__ import annotations

import bisect
import codecs
import gc
import gzip
import hashlib
import itertools
import multiprocessing
import os
import re
import traceback
import zipfile
from collections import Counter, deque
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable, Iterator, Sequence

import numpy as np

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.lake import LakeWriter, read_table, table_files, write_atomic
from audit.tables import TableBuilder, columnar_tables, content_fingerprints
from audit.schema import FILES, FINGERPRINT_KEY, FINGERPRINT_VERSION, QUARANTINE
from audit.textio import decode_bytes, sniff_encoding
from rules.vocab import FileStatus, QuarantineReason
from parsers.base import Parser
from rules.records import HandParseError
from parsers.registry import all_parsers, columnar_reader

if TYPE_CHECKING:  # polars, loaded by the columnar reader when a chunk needs it
    from parsers.pokerstars_fast import FastChunk

#: Files larger than this are cut into chunks of about this many characters.
CHUNK_CHARS = 2 * 1024 * 1024
#: Below this many input bytes in total, parse in this process (no pool start-up).
POOL_THRESHOLD_BYTES = 8 * 1024 * 1024
#: Extensions of tracker sidecar files (FPDB expected outputs): never hand histories.
SIDECAR_SUFFIXES = (".hp", ".hands", ".gt")
SNIFF_CHARS = 8192


# ---------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class InputFile:
    """One file to read: a path, a member of a zip, or the content of a .gz."""

    name: str  # as reported in source_file
    open: Callable[[], BinaryIO]
    size_hint: int


def iter_inputs(paths: list[Path | str]) -> Iterator[InputFile | tuple[str, str]]:
    """Every file under ``paths``, in a stable order; ``(name, error)`` for a path that
    cannot be opened as given (missing, corrupt archive)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for child in _files_under(path):
                yield from _expand(child, str(child))
        elif path.is_file():
            yield from _expand(path, str(raw))
        else:
            yield str(raw), "no such file or folder"


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


def _expand(path: Path, name: str) -> Iterator[InputFile | tuple[str, str]]:
    lower = path.name.lower()
    if lower.endswith(".zip"):
        try:
            archive = zipfile.ZipFile(path)
            members = [m for m in archive.infolist() if not m.is_dir()]
        except (zipfile.BadZipFile, OSError) as exc:
            yield name, f"not a readable zip archive: {exc}"
            return
        for member in sorted(members, key=lambda m: m.filename):
            member_name = f"{name}!{member.filename}"
            opener = (lambda a=archive, m=member: a.open(m))
            if member.filename.lower().endswith(".gz"):
                opener = (lambda a=archive, m=member: gzip.GzipFile(fileobj=a.open(m)))
            yield InputFile(member_name, opener, member.file_size)
    elif lower.endswith(".gz"):
        yield InputFile(name, lambda p=path: gzip.open(p, "rb"), path.stat().st_size * 4)
    else:
        yield InputFile(name, lambda p=path: open(p, "rb"), path.stat().st_size)


# ---------------------------------------------------------------------------- workers


@dataclass
class ChunkResult:
    """What a worker returns for one chunk of one file.

    Child rows point at their hand's row of ``tables["hands"]`` through ``seat_hand``,
    ``action_hand`` and ``payout_hand``; stored hands are in the order they stand in
    the chunk.
    """

    tables: dict[str, pa.Table]
    seat_hand: Sequence[int]
    action_hand: Sequence[int]
    payout_hand: Sequence[int]
    hand_rel_offsets: Sequence[int]  # byte offset of each stored hand within the chunk
    hand_rel_ends: Sequence[int]  # and of the byte just after it
    quarantine: list[dict]  # source_offset relative to the chunk
    found: int
    chunk_bytes: int


def parser_version(parser: Parser) -> str:
    return f"{parser.format}:{getattr(parser, 'version', '1')}"


def parse_chunk(parser: Parser, chunk: str | bytes, codec: str, source_file: str) -> ChunkResult:
    """Split and parse one chunk. Never raises for a bad hand: it is quarantined.

    ``chunk`` is text, or for a format with a columnar reader (``parsers.registry.
    columnar_reader``: PokerStars) the UTF-8 bytes of a large file cut at its ``cut``. That reader
    reads the chunk in columns first and hands back what it does not read exactly; those
    hands, and every hand of other parsers, are parsed one at a time.

    The cyclic garbage collector is paused meanwhile: a chunk makes hundreds of thousands
    of short-lived records and no cycles worth collecting, and the collector's repeated
    scans of the growing row lists would cost about a third of the time.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        columnar = columnar_reader(parser.format)
        if columnar is not None and codec == "utf-8":
            fast = columnar.read(chunk)
            if fast is not None:
                return _merge_columnar(parser, fast, source_file)
        text = chunk.decode(codec) if isinstance(chunk, bytes) else chunk
        return _parse_chunk(parser, text, codec, source_file)
    finally:
        if collecting:
            gc.enable()


class _HandSink:
    """Parses hands one at a time into a ``TableBuilder``, or into quarantine rows."""

    def __init__(self, parser: Parser, source_file: str) -> None:
        self.parser = parser
        self.source_file = source_file
        self.format_name = str(parser.format)
        self.version = parser_version(parser)
        self.builder = TableBuilder()
        self.quarantine: list[dict] = []

    def parse(self, hand_text: str, raw: bytes, byte_offset: int) -> bool:
        """True when the hand was stored, False when it was quarantined."""
        try:
            hand = self.parser.parse(hand_text)
        except HandParseError as exc:
            self._quarantine(byte_offset, exc.reason, exc.message, hand_text, exc.hand_id)
            return False
        except Exception as exc:  # a parser bug must not lose the hand or stop the run
            where = traceback.extract_tb(exc.__traceback__)[-1]
            message = (f"parser error {type(exc).__name__}: {exc} "
                       f"(at {Path(where.filename).name}:{where.lineno})")
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR, message, hand_text, None)
            return False
        try:
            self.builder.add(hand, source_file=self.source_file, source_offset=byte_offset,
                             raw_sha256=hashlib.sha256(raw).hexdigest(), parser_version=self.version)
        except Exception as exc:
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR,
                             f"record error {type(exc).__name__}: {exc}", hand_text, hand.hand_id)
            return False
        return True

    def _quarantine(self, offset: int, reason: str, message: str, hand_text: str, hand_id: str | None) -> None:
        self.quarantine.append(_quarantine_row(self.source_file, offset, reason, message, hand_text, hand_id,
                                               self.format_name, self.version))


def _parse_chunk(parser: Parser, text: str, codec: str, source_file: str) -> ChunkResult:
    sink = _HandSink(parser, source_file)
    rel_offsets: list[int] = []
    rel_ends: list[int] = []
    found = 0
    byte_pos = 0
    char_pos = 0
    for char_offset, hand_text in parser.split(text):
        found += 1
        byte_pos += len(text[char_pos:char_offset].encode(codec))
        raw = hand_text.encode(codec)
        hand_byte_offset = byte_pos
        byte_pos += len(raw)
        char_pos = char_offset + len(hand_text)
        if sink.parse(hand_text, raw, hand_byte_offset):
            rel_offsets.append(hand_byte_offset)
            rel_ends.append(byte_pos)
    byte_pos += len(text[char_pos:].encode(codec))
    builder = sink.builder
    return ChunkResult(builder.tables(), builder.seat_hand, builder.action_hand, builder.payout_hand,
                       rel_offsets, rel_ends, sink.quarantine, found, byte_pos)


def _merge_columnar(parser: Parser, fast: FastChunk, source_file: str) -> ChunkResult:
    """The hands the columnar reader read, and the others parsed one at a time, as one
    chunk's tables in the order the hands stand in the chunk."""
    data, starts = fast.data, fast.starts
    sink = _HandSink(parser, source_file)
    slow_index: list[int] = []  # chunk hand number of each hand the sink stored
    for k, done in enumerate(fast.handled):
        if not done:
            raw = data[starts[k]:starts[k + 1]]
            if sink.parse(raw.decode("utf-8"), raw, starts[k]):
                slow_index.append(k)
    fast_index = fast.hands["hand"].to_numpy().astype(np.int64)
    quick = columnar_tables(fast, source_file, sink.version)
    if not slow_index:  # the usual chunk: every hand read in columns, already in order
        stored = fast_index.tolist()
        return ChunkResult({name: quick[name] for name in ("hands", "seats", "actions", "payouts")},
                           quick["seats_owner"], quick["actions_owner"], quick["payouts_owner"],
                           [starts[k] for k in stored],
                           [starts[k + 1] for k in stored], sink.quarantine, len(fast.handled), len(data))
    slow = sink.builder.tables()
    every = np.concatenate([fast_index, np.asarray(slow_index, np.int64)])
    order = np.argsort(every, kind="stable")
    hands = pa.concat_tables([quick["hands"], slow["hands"]]).take(order)
    position = np.zeros(len(fast.handled), np.int64)
    position[every[order]] = np.arange(len(order))
    owners: dict[str, np.ndarray] = {}
    tables = {"hands": hands}
    slow_owner = {"seats": sink.builder.seat_hand, "actions": sink.builder.action_hand,
                  "payouts": sink.builder.payout_hand}
    slow_at = np.asarray(slow_index, np.int64)
    for name in ("seats", "actions", "payouts"):
        chunk_hand = np.concatenate([quick[f"{name}_hand"], slow_at[np.asarray(slow_owner[name], np.int64)]])
        child_order = np.argsort(chunk_hand, kind="stable")
        tables[name] = pa.concat_tables([quick[name], slow[name]]).take(child_order)
        owners[name] = position[chunk_hand[child_order]]
    stored = every[order]
    return ChunkResult(tables, owners["seats"], owners["actions"], owners["payouts"],
                       [starts[k] for k in stored], [starts[k + 1] for k in stored], sink.quarantine,
                       len(fast.handled), len(data))


def _quarantine_row(source_file: str, offset: int, reason: str, message: str, raw_text: str,
                    hand_id: str | None, format_name: str | None, version: str | None) -> dict:
    return {
        "source_file": source_file, "source_offset": offset, "reason": str(reason),
        "message": message, "raw_text": raw_text, "hand_id": hand_id, "format": format_name,
        "parser_version": version,
    }


# ---------------------------------------------------------------------------- chunking


def _cut_point(parser: Parser, text: str, target: int) -> int:
    """The start of the last hand that begins at or after ``target`` chars... or before.

    Returns 0 when no hand starts after position 0 (the whole text is one hand).
    """
    pattern = parser.hand_start
    window = 65536
    start = max(1, target)
    while True:
        lo = max(1, start - window)
        last = None
        for m in pattern.finditer(text, lo, min(len(text), start + window)):
            if m.start() > 0:
                last = m.start()
                if last >= start:
                    break
        if last is not None:
            return last
        if lo == 1:
            return 0
        window *= 4


def iter_byte_chunks(stream: BinaryIO, first: bytes, cut: re.Pattern[bytes], chunk_bytes: int) -> Iterator[bytes]:
    """Read ``stream`` in blocks and yield byte chunks of about ``chunk_bytes``, each cut
    just after a newline where ``cut`` matches (a hand starts), without decoding."""
    buffer = first
    while True:
        block = stream.read(chunk_bytes)
        buffer += block
        while len(buffer) >= 2 * chunk_bytes:
            found = cut.search(buffer, chunk_bytes)
            if found is None:
                break  # one very long hand: read on
            yield buffer[:found.start() + 1]
            buffer = buffer[found.start() + 1:]
        if not block:
            break
    if buffer:
        yield buffer


def iter_chunks(stream: BinaryIO, codec: str, first: bytes, parser: Parser,
                chunk_chars: int) -> Iterator[str]:
    """Decode ``stream`` incrementally and yield text chunks cut at hand starts."""
    decoder = codecs.getincrementaldecoder(codec)("strict")
    buffer = decoder.decode(first)
    while True:
        block = stream.read(chunk_chars)
        buffer += decoder.decode(block, final=not block)
        while len(buffer) >= 2 * chunk_chars:
            cut = _cut_point(parser, buffer, chunk_chars)
            if cut == 0:
                break
            yield buffer[:cut]
            buffer = buffer[cut:]
        if not block:
            break
    if buffer:
        yield buffer


# ---------------------------------------------------------------------------- summary


@dataclass
class FileCounts:
    source_file: str
    size: int = 0
    sha256: str = ""
    encoding: str | None = None
    platform: str | None = None
    format: str | None = None
    found: int = 0
    parsed: int = 0
    quarantined: int = 0
    duplicate: int = 0
    status: FileStatus = FileStatus.OK
    message: str | None = None
    bytes_done: int = 0  # bytes of the file handed to workers so far (offset base)
    codec: str = "utf-8"  # the Python codec its text was decoded with

    def reconciles(self) -> bool:
        return self.found == self.parsed + self.quarantined + self.duplicate

    def row(self) -> dict:
        return {
            "source_file": self.source_file, "size": self.size, "sha256": self.sha256,
            "encoding": self.encoding, "platform": self.platform, "format": self.format,
            "hands_found": self.found, "hands_parsed": self.parsed,
            "hands_quarantined": self.quarantined, "hands_duplicate": self.duplicate,
            "status": str(self.status), "message": self.message,
        }


@dataclass
class IngestSummary:
    lake: Path
    files: list[FileCounts] = field(default_factory=list)
    quarantined_by_reason: Counter = field(default_factory=Counter)

    @property
    def hands_found(self) -> int:
        return sum(f.found for f in self.files)

    @property
    def hands_parsed(self) -> int:
        return sum(f.parsed for f in self.files)

    @property
    def hands_quarantined(self) -> int:
        return sum(f.quarantined for f in self.files)

    @property
    def hands_duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def files_by_status(self) -> Counter:
        return Counter(str(f.status) for f in self.files)

    def reconciles(self) -> bool:
        return all(f.reconciles() for f in self.files)

    def as_dict(self) -> dict:
        return {
            "files": len(self.files),
            "files_by_status": dict(sorted(self.files_by_status.items())),
            "hands_found": self.hands_found,
            "hands_parsed": self.hands_parsed,
            "hands_quarantined": self.hands_quarantined,
            "quarantined_by_reason": dict(sorted(self.quarantined_by_reason.items())),
            "hands_duplicate": self.hands_duplicate,
        }


# ---------------------------------------------------------------------------- the job


class _Seen:
    """Every hand key stored so far, compactly: the dictionary maps a key to a row
    number, and what a later copy is compared with (fingerprint, the first 64 bits of
    the raw digest, where it was stored) stays in the chunks' Arrow columns."""

    def __init__(self) -> None:
        self.rows: dict[str, int] = {}
        self._starts: list[int] = []
        self._blocks: list[tuple[pa.Array, pa.Array, pa.Array | str, pa.Array]] = []
        self._next = 0

    def add_block(self, fingerprints: pa.Array, raw_sha: pa.Array, source: pa.Array | str,
                  offsets: pa.Array) -> int:
        """Keep a chunk's columns; returns the row number of its first hand."""
        start = self._next
        self._starts.append(start)
        self._blocks.append((_combine(fingerprints), _combine(pc.utf8_slice_codeunits(raw_sha, 0, 16)),
                             source if isinstance(source, str) else _combine(source), _combine(offsets)))
        self._next += len(fingerprints)
        return start

    def prior(self, row: int) -> tuple[str, str, str]:
        """(fingerprint, raw digest prefix, ``file@offset``) of a stored row."""
        block = bisect.bisect_right(self._starts, row) - 1
        fps, raws, source, offsets = self._blocks[block]
        i = row - self._starts[block]
        src = source if isinstance(source, str) else source[i].as_py()
        return fps[i].as_py(), raws[i].as_py(), f"{src}@{offsets[i].as_py()}"


def _combine(values: pa.Array | pa.ChunkedArray) -> pa.Array:
    return values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values


class _Collector:
    """Main-process side: duplicates, offsets, writing, counts. Chunks arrive in order."""

    def __init__(self, lake: Path, summary: IngestSummary) -> None:
        self.writer = LakeWriter(lake)
        self.summary = summary
        self.seen = _Seen()
        self.card_patches: dict[str, dict[int, list]] = {}
        self.quarantine_rows: list[dict] = []
        if table_files(lake, "hands"):
            existing = read_table(lake, "hands", ["hand_key", "content_fingerprint", "raw_sha256",
                                                  "source_file", "source_offset"]).to_arrow()
            fingerprints = existing.column("content_fingerprint")
            if _older_fingerprints(lake):
                fingerprints = _recomputed_fingerprints(lake, existing.column("hand_key"))
            start = self.seen.add_block(fingerprints, existing.column("raw_sha256"),
                                        existing.column("source_file"), existing.column("source_offset"))
            self.seen.rows.update(zip(existing.column("hand_key").to_pylist(), itertools.count(start)))

    def add(self, counts: FileCounts, chunk: str | bytes, base_bytes: int, result: ChunkResult) -> None:
        counts.found += result.found
        for row in result.quarantine:
            row["source_offset"] += base_bytes
            self._quarantine(counts, row)
        hands = result.tables["hands"]
        n = hands.num_rows
        if n == 0:
            return
        if counts.platform is None:
            counts.platform = hands.column("platform")[0].as_py()
        offsets = pc.add(pa.array(result.hand_rel_offsets, pa.int64()), pa.scalar(base_bytes, pa.int64()))
        hands = hands.set_column(hands.schema.get_field_index("source_offset"), "source_offset", offsets)
        keys = hands.column("hand_key").to_pylist()
        fps_column = hands.column("content_fingerprint")
        start = self.seen.add_block(fps_column, hands.column("raw_sha256"), counts.source_file, offsets)
        seen = self.seen.rows
        if seen.keys().isdisjoint(keys) and len(set(keys)) == n:  # the usual case, at C speed
            seen.update(zip(keys, range(start, start + n)))
            counts.parsed += n
            self.writer.add("hands", hands)
            for name in ("seats", "actions", "payouts"):
                self.writer.add(name, result.tables[name])
            return
        fps = fps_column.to_pylist()
        raws = pc.utf8_slice_codeunits(hands.column("raw_sha256"), 0, 16).to_pylist()
        keep = [True] * n
        data = chunk if isinstance(chunk, bytes) else None  # the chunk's bytes, encoded once if needed
        for i in range(n):
            prior_row = seen.get(keys[i])
            if prior_row is None:
                seen[keys[i]] = start + i
                continue
            keep[i] = False
            prior_fp, prior_raw, prior_where = self.seen.prior(prior_row)
            offset = base_bytes + result.hand_rel_offsets[i]
            if prior_fp == fps[i]:
                counts.duplicate += 1
                if prior_raw != raws[i]:
                    self._remember_cards(result, i, keys[i])
            else:
                if data is None:
                    data = chunk.encode(counts.codec)
                raw = data[result.hand_rel_offsets[i]:result.hand_rel_ends[i]]
                self._quarantine(counts, _quarantine_row(
                    counts.source_file, offset, QuarantineReason.CONFLICTING_DUPLICATE,
                    f"hand {keys[i]} is already stored from {prior_where} with a different outcome "
                    "(players, contributions, boards or payouts differ)",
                    raw.decode(counts.codec), keys[i].split(":", 1)[1], counts.format, None))
        counts.parsed += sum(keep)
        mask = pa.array(keep)
        self.writer.add("hands", hands.filter(mask))
        for name, owner in (("seats", result.seat_hand), ("actions", result.action_hand),
                            ("payouts", result.payout_hand)):
            child_mask = mask.take(pa.array(owner, pa.int32()))
            self.writer.add(name, result.tables[name].filter(child_mask))

    def _remember_cards(self, result: ChunkResult, hand_index: int, key: str) -> None:
        seats = result.tables["seats"]
        cards = seats.column("cards").to_pylist()
        numbers = seats.column("seat").to_pylist()
        for row, owner in enumerate(result.seat_hand):
            if owner == hand_index and cards[row] and any(c is not None for c in cards[row]):
                self.card_patches.setdefault(key, {})[numbers[row]] = cards[row]

    def _quarantine(self, counts: FileCounts, row: dict) -> None:
        counts.quarantined += 1
        self.summary.quarantined_by_reason[row["reason"]] += 1
        self.quarantine_rows.append(row)
        if len(self.quarantine_rows) >= 10_000:
            self._flush_quarantine()

    def _flush_quarantine(self) -> None:
        if self.quarantine_rows:
            self.writer.add("quarantine", pa.Table.from_pylist(self.quarantine_rows, QUARANTINE.schema))
            self.quarantine_rows = []

    def close(self) -> None:
        self._flush_quarantine()
        self.writer.add("files", pa.Table.from_pylist([f.row() for f in self.summary.files],
                                                      FILES.schema))
        self.writer.close()
        if self.card_patches:
            _apply_card_patches(self.writer.root, self.card_patches)


def _older_fingerprints(lake: Path) -> bool:
    """Whether some hands file of the lake holds fingerprints of an older method."""
    return any((pq.read_schema(f).metadata or {}).get(FINGERPRINT_KEY, b"1").decode() != FINGERPRINT_VERSION
               for f in table_files(lake, "hands"))


def _recomputed_fingerprints(lake: Path, keys: pa.ChunkedArray) -> pa.Array:
    """Today's fingerprint of every hand stored in the lake, in the order of ``keys``,
    from its stored seats and payouts: a copy of a hand stored by an older hhaudit is
    then still recognised as a duplicate."""
    hands = read_table(lake, "hands", ["hand_key", "game", "boards", "rake", "fees"]).to_arrow()
    row = {key: i for i, key in enumerate(hands.column("hand_key").to_pylist())}
    seats = read_table(lake, "seats").to_arrow()
    payouts = read_table(lake, "payouts").to_arrow()
    digests = content_fingerprints(
        hands, seats, pa.array([row[k] for k in seats.column("hand_key").to_pylist()], pa.int32()),
        payouts, pa.array([row[k] for k in payouts.column("hand_key").to_pylist()], pa.int32()))
    return digests.take(pa.array([row[k] for k in keys.to_pylist()], pa.int32()))


def _merge_cards(stored: list | None, other: list) -> list:
    if not stored:
        return other
    merged = list(stored)
    for i, c in enumerate(other[: len(merged)]):
        if merged[i] is None and c is not None:
            merged[i] = c
    return merged


def _apply_card_patches(lake: Path, patches: dict[str, dict[int, list]]) -> None:
    """Copies of a hand written for different viewers: merge the hole cards each saw."""
    keys = pa.array(list(patches))
    for path in table_files(lake, "seats"):
        table = pq.read_table(path)
        hit = pc.is_in(table.column("hand_key"), value_set=keys)
        if not pc.any(hit).as_py():
            continue
        hand_keys = table.column("hand_key").to_pylist()
        seats = table.column("seat").to_pylist()
        cards = table.column("cards").to_pylist()
        for i, key in enumerate(hand_keys):
            patch = patches.get(key)
            if patch and seats[i] in patch:
                cards[i] = _merge_cards(cards[i], patch[seats[i]])
        idx = table.schema.get_field_index("cards")
        table = table.set_column(idx, table.schema.field(idx), pa.array(cards, table.schema.field(idx).type))
        write_atomic(table, path)


def _all_utf8(item: InputFile) -> bool:
    """Whether the whole file decodes as UTF-8 (one extra read, in blocks)."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        with item.open() as stream:
            while block := stream.read(1 << 22):
                decoder.decode(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


class _HashingReader:
    """Wraps a binary stream: counts and hashes every byte read through it."""

    def __init__(self, inner: BinaryIO) -> None:
        self.inner = inner
        self.digest = hashlib.sha256()
        self.size = 0

    def read(self, n: int = -1) -> bytes:
        data = self.inner.read(n)
        self.digest.update(data)
        self.size += len(data)
        return data

    def finish(self, counts: "FileCounts") -> None:
        """Hash the rest of the file (it is the file's digest, not the parsed part's)."""
        while self.read(1 << 20):
            pass
        counts.sha256 = self.digest.hexdigest()
        counts.size = self.size


def ingest(paths: list[Path | str], lake: Path | str, *, workers: int | None = None,
           chunk_chars: int = CHUNK_CHARS, progress: Callable[[str], None] | None = None,
           parsers: tuple[Parser, ...] | None = None) -> IngestSummary:
    """Read ``paths`` into the lake at ``lake``. Returns counts that always reconcile.

    ``parsers`` restricts detection to those formats (default: every registered one).
    """
    lake = Path(lake)
    candidates = parsers if parsers is not None else all_parsers()
    summary = IngestSummary(lake)
    collector = _Collector(lake, summary)
    inputs = list(iter_inputs(paths))
    total = sum(i.size_hint for i in inputs if isinstance(i, InputFile))
    if workers is None:
        workers = (os.cpu_count() or 1) if total >= POOL_THRESHOLD_BYTES else 1
    pool = _Workers(workers)
    pending: deque[tuple[FileCounts, str | bytes, Future | ChunkResult]] = deque()
    limit = workers  # chunks in flight: one per worker (each holds a few hundred MB of columns)

    def drain(until: int) -> None:
        while len(pending) > until:
            counts, chunk, fut = pending.popleft()
            result = fut.result() if isinstance(fut, Future) else fut
            base = counts.bytes_done
            counts.bytes_done += result.chunk_bytes
            collector.add(counts, chunk, base, result)

    try:
        for item in inputs:
            if isinstance(item, tuple):
                name, error = item
                summary.files.append(FileCounts(name, status=FileStatus.UNREADABLE, message=error))
                continue
            counts = FileCounts(item.name)
            summary.files.append(counts)
            if progress:
                progress(item.name)
            try:
                _read_file(item, counts, candidates, pool, pending, drain, limit, chunk_chars)
            except Exception as exc:  # any file that cannot be read is reported, never fatal
                drain(0)
                counts.status = FileStatus.UNREADABLE
                counts.message = f"{type(exc).__name__}: {exc}"
        drain(0)
    finally:
        pool.shutdown()
    collector.close()
    return summary


class _Workers:
    """Where chunks are parsed: here with one worker; else threads for byte chunks (the
    columnar reader works in polars and numpy, which release the GIL) and processes for
    text chunks (the one-hand-at-a-time parsers are Python).

    The processes come from a fork server started afresh: forking this process once
    polars has started its threads could deadlock the children (their TableBuilder uses
    polars too). Each is made on first use.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._threads: ThreadPoolExecutor | None = None
        self._processes: ProcessPoolExecutor | None = None

    def run(self, parser: Parser, chunk: str | bytes, codec: str, source_file: str) -> Future | ChunkResult:
        if self.workers < 2:
            return parse_chunk(parser, chunk, codec, source_file)
        if isinstance(chunk, bytes):
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="ingest")
            return self._threads.submit(parse_chunk, parser, chunk, codec, source_file)
        if self._processes is None:
            if "forkserver" in multiprocessing.get_all_start_methods():
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["audit.ingest"])
            else:
                context = multiprocessing.get_context("spawn")
            # gc.freeze in each worker: what it inherits from the server is never scanned
            self._processes = ProcessPoolExecutor(self.workers, mp_context=context, initializer=gc.freeze)
        return self._processes.submit(parse_chunk, parser, chunk, codec, source_file)

    def shutdown(self) -> None:
        for executor in (self._threads, self._processes):
            if executor is not None:
                executor.shutdown(cancel_futures=True)


def _read_file(item: InputFile, counts: FileCounts, candidates: tuple[Parser, ...],
               pool: _Workers, pending: deque,
               drain: Callable[[int], None], limit: int, chunk_chars: int) -> None:
    with item.open() as raw_stream:
        stream = _HashingReader(raw_stream)
        head = stream.read(65536)
        counts.bytes_done = 0
        if not head:
            counts.status, counts.message = FileStatus.NO_HANDS, "empty file"
            stream.finish(counts)
            return
        if item.name.lower().endswith(SIDECAR_SUFFIXES):
            counts.status = FileStatus.NO_HANDS
            counts.message = "tracker sidecar file (.hp/.hands/.gt), not a hand history"
            stream.finish(counts)
            return
        codec, label, bom = sniff_encoding(head)
        counts.encoding = label
        head_text = head[bom:].decode(codec, errors="ignore")[:SNIFF_CHARS]
        head_text = head_text.lstrip("\ufeff")
        parser = next((p for p in candidates if p.sniff(head_text)), None)
        if parser is None:
            stream.finish(counts)
            counts.status = FileStatus.UNRECOGNISED
            if b"\x00" in head and not codec.startswith("utf-16"):
                counts.message = "binary data, not a hand history"
            else:
                first = head_text.lstrip("\ufeff").strip().splitlines()[:1]
                counts.message = ("no parser recognises this file; first line: "
                                  + (repr(first[0][:120]) if first else "(blank)"))
            return
        counts.format = str(parser.format)
        counts.bytes_done = bom
        chunkable = getattr(parser, "chunkable", True)
        if item.size_hint <= 2 * chunk_chars or not chunkable:
            decoded = decode_bytes(head + stream.read())
            counts.encoding = decoded.label
            counts.bytes_done = decoded.prefix_bytes
            codec = decoded.encoding
            chunks = iter([decoded.text])
        else:
            first = head[bom:]
            while first.startswith(codecs.BOM_UTF8) and codec == "utf-8":
                first, counts.bytes_done = first[3:], counts.bytes_done + 3
            if codec == "utf-8" and not _all_utf8(item):
                # a large Windows-1252 file can look like UTF-8 in its first 64 KB
                codec, counts.encoding = "cp1252", "cp1252"
            columnar = columnar_reader(parser.format)
            if columnar is not None and codec == "utf-8":  # the columnar reader takes bytes as they are
                chunks: Iterator[str | bytes] = iter_byte_chunks(stream, first, columnar.cut, 3 * chunk_chars)
            else:
                chunks = iter_chunks(stream, codec, first, parser, chunk_chars)
        counts.codec = codec
        for chunk in chunks:
            pending.append((counts, chunk, pool.run(parser, chunk, codec, item.name)))
            drain(limit)
        drain(0)
        stream.finish(counts)
    if counts.found == 0:
        counts.status, counts.message = FileStatus.NO_HANDS, "no hand found in a file of a known format"
