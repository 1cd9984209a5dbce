"""Cutting a file into chunks at hand starts, so that a large file spreads over workers.

A file up to twice ``CHUNK_CHARS`` is one chunk, decoded whole. A larger one is read in
blocks and cut where a hand starts: as UTF-8 bytes at the columnar reader's ``cut``
pattern for a format that has one (PokerStars), else as text at the parser's
``hand_start``. Every chunk but the last ends just before a hand, so no hand is split.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from audit.ingest.inputs import ByteStream
from audit.textio import decode_bytes
from parsers.base import Parser
from parsers.registry import columnar_reader

#: Files larger than this are cut into chunks of about this many characters.
CHUNK_CHARS = 2 * 1024 * 1024


class _Readable(Protocol):
    def read(self, n: int = -1, /) -> bytes: ...


@dataclass(frozen=True)
class ChunkPlan:
    """How one file is read: its codec and encoding label as decoded, the bytes before
    its first chunk (BOMs), and the chunks themselves (read lazily)."""

    codec: str
    label: str
    start: int
    chunks: Iterator[str | bytes]


def plan_chunks(stream: _Readable, head: bytes, parser: Parser, codec: str, label: str, bom: int, *,
                size_hint: int, reopen: Callable[[], ByteStream], chunk_chars: int) -> ChunkPlan:
    """The chunks of a file whose first bytes ``head`` were read from ``stream`` already
    and sniffed as ``codec``/``label`` with a ``bom`` of that many bytes."""
    if size_hint <= 2 * chunk_chars or not getattr(parser, "chunkable", True):
        decoded = decode_bytes(head + stream.read())
        return ChunkPlan(decoded.encoding, decoded.label, decoded.prefix_bytes, iter([decoded.text]))
    first, start = head[bom:], bom
    while first.startswith(codecs.BOM_UTF8) and codec == "utf-8":
        first, start = first[3:], start + 3
    if codec == "utf-8" and not _all_utf8(reopen):
        # a large Windows-1252 file can look like UTF-8 in its first 64 KB
        codec, label = "cp1252", "cp1252"
    columnar = columnar_reader(parser.format)
    chunks: Iterator[str | bytes]
    if columnar is not None and codec == "utf-8":  # the columnar reader takes bytes as they are
        chunks = iter_byte_chunks(stream, first, columnar.cut, 3 * chunk_chars)
    else:
        chunks = iter_chunks(stream, codec, first, parser, chunk_chars)
    return ChunkPlan(codec, label, start, chunks)


def _all_utf8(reopen: Callable[[], ByteStream]) -> bool:
    """Whether the whole file decodes as UTF-8 (one extra read, in blocks)."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        with reopen() as stream:
            while block := stream.read(1 << 22):
                decoder.decode(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


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


def iter_byte_chunks(stream: _Readable, first: bytes, cut: re.Pattern[bytes], chunk_bytes: int) -> Iterator[bytes]:
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


def iter_chunks(stream: _Readable, codec: str, first: bytes, parser: Parser,
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
