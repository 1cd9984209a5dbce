"""Cutting a file into chunks at hand starts, so that a large file spreads over workers.

A file up to twice ``CHUNK_CHARS`` is one chunk, decoded whole. A larger one is read in
blocks and cut where a hand starts: as UTF-8 bytes at the columnar reader's ``cut``
pattern for a format that has one (PokerStars), else as text at the parser's
``hand_start``. Every chunk but the last ends just before a hand, so no hand is split.

Memory stays bounded whatever the input: a run of blank space after a hand (a hand and
a gigabyte of newlines) is cut off the hand and passed on in blank chunks, which hold no
hand; a hand longer than ``MAX_HAND_CHARS`` is never held whole: it becomes an
``Oversized`` chunk with its first characters and its length, quarantined as
``too_large``, and the rest of it is read past up to the next hand start.
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import audit.ingest.parse as parse  # MAX_HAND_CHARS read at call time (tests lower it)
from audit.ingest.inputs import ByteStream
from audit.ingest.parse import RAW_TEXT_CHARS, Oversized
from audit.textio import ESCAPED_UTF8, decode_bytes
from parsers.base import Parser
from parsers.registry import columnar_reader

#: Files larger than this are cut into chunks of about this many characters.
CHUNK_CHARS = 2 * 1024 * 1024
#: What a blank run after a hand is made of (as ``parsers.base.split_at`` skips it).
_BLANK = " \r\n\t\ufeff"
_BLANK_BYTES = b" \r\n\t"


class _Readable(Protocol):
    def read(self, n: int = -1, /) -> bytes: ...


@dataclass(frozen=True)
class ChunkPlan:
    """How one file is read: its codec and encoding label as decoded, the bytes before
    its first chunk (BOMs), and the chunks themselves (read lazily)."""

    codec: str
    label: str
    start: int
    chunks: Iterator[str | bytes | Oversized]


def plan_chunks(stream: _Readable, head: bytes, parser: Parser, codec: str, label: str, bom: int, *,
                size_hint: int, reopen: Callable[[], ByteStream], chunk_chars: int) -> ChunkPlan:
    """The chunks of a file whose first bytes ``head`` were read from ``stream`` already
    and sniffed as ``codec``/``label`` with a ``bom`` of that many bytes."""
    if not getattr(parser, "chunkable", True):
        decoded = decode_bytes(head + stream.read())
        return ChunkPlan(decoded.encoding, decoded.label, decoded.prefix_bytes, iter([decoded.text]))
    if size_hint <= 2 * chunk_chars:
        # what the size says may be far short of what a .gz holds: read no more than a chunk's worth
        whole = head + stream.read(max(0, 2 * chunk_chars + 1 - len(head)))
        if len(whole) <= 2 * chunk_chars:
            decoded = decode_bytes(whole)
            return ChunkPlan(decoded.encoding, decoded.label, decoded.prefix_bytes, iter([decoded.text]))
        head = whole
    first, start = head[bom:], bom
    while first.startswith(codecs.BOM_UTF8) and codec == "utf-8":
        first, start = first[3:], start + 3
    if codec == "utf-8" and not _all_utf8(reopen):
        # a large Windows-1252 file can look like UTF-8 in its first 64 KB; by textio's rule
        # a few invalid bytes in a UTF-8 file do not make it one
        if _mostly_utf8(reopen):
            codec, label = ESCAPED_UTF8, label.replace("utf-8", "utf-8-invalid")
        else:
            codec, label = "cp1252", "cp1252"
    columnar = columnar_reader(parser.format)
    chunks: Iterator[str | bytes | Oversized]
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
            while block := stream.read(1 << 18):  # blocks that stay in the cache: 3x faster than 4 MB ones
                decoder.decode(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _mostly_utf8(reopen: Callable[[], ByteStream]) -> bool:
    """``audit.textio.mostly_utf8`` of the whole file, counted in blocks."""
    decoder = codecs.getincrementaldecoder(ESCAPED_UTF8)()
    valid = invalid = 0
    with reopen() as stream:
        while True:
            block = stream.read(1 << 22)
            text = decoder.decode(block, final=not block)
            bad = sum(1 for ch in text if 0xDC80 <= ord(ch) <= 0xDCFF) if not text.isascii() else 0
            invalid += bad
            valid += (sum(1 for ch in text if ord(ch) > 0x7F) - bad) if not text.isascii() else 0
            if not block:
                return valid > 0 and valid >= invalid


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


def iter_byte_chunks(stream: _Readable, first: bytes, cut: re.Pattern[bytes], chunk_bytes: int, *,
                     max_hand: int | None = None) -> Iterator[bytes | Oversized]:
    """Read ``stream`` in blocks and yield byte chunks of about ``chunk_bytes``, each cut
    just after a newline where ``cut`` matches (a hand starts), without decoding; a hand
    longer than ``max_hand`` (default ``MAX_HAND_CHARS``) as an ``Oversized``."""
    max_hand = max_hand or parse.MAX_HAND_CHARS
    # A bytearray grows in place and drops its front without copying what stays: with
    # bytes, each block read and each chunk cut off copied the whole buffer into fresh
    # memory (about 0.3 CPU-s per 100 MB, most of it the kernel zeroing those pages).
    buffer = bytearray(first)
    while True:
        block = stream.read(chunk_bytes)
        buffer += block
        while len(buffer) >= 2 * chunk_bytes:
            # a long blank run first (whole hands before it, and no regex scan of it)
            blank = _blank_tail_cut(buffer, _BLANK_BYTES, b"\n", chunk_bytes)
            if blank is not None:
                yield _take_front(buffer, blank)
                continue
            # a hand start past the target, else any (a long hand may be before)
            found = cut.search(buffer, chunk_bytes) or cut.search(buffer)
            if found is not None:
                yield _take_front(buffer, found.start() + 1)
                continue
            if len(buffer) > max_hand:
                oversized, rest, block = _skip_bytes(stream, bytes(buffer), cut, chunk_bytes, max_hand)
                buffer = bytearray(rest)
                yield oversized
                continue
            break  # one long hand: read on
        if not block:
            break
    if buffer:
        yield bytes(buffer)


def _take_front(buffer: bytearray, n: int) -> bytes:
    """The first ``n`` bytes of ``buffer``, removed from it.

    >>> b = bytearray(b"abcdef"); _take_front(b, 2), b
    (b'ab', bytearray(b'cdef'))
    """
    with memoryview(buffer) as view:
        front = bytes(view[:n])
    del buffer[:n]
    return front


def _blank_tail_cut(buffer: Any, blank: Any, newline: Any, chunk: int) -> int | None:
    """Where to cut ``buffer`` (text or bytes, in which no hand starts after its first
    character) when it ends in a blank run longer than ``chunk``: after the first newline
    past its last non-blank character, or all of it when it is all blank; else None."""
    # the usual case, told without copying the buffer: something not blank in its last chunk
    tail = len(buffer) - chunk - 1
    if tail < 0 or _not_blank(blank).search(buffer, tail) is not None:
        return None
    end = len(buffer.rstrip(blank))
    if len(buffer) - end <= chunk:
        return None
    if end == 0:
        return len(buffer)
    at = buffer.find(newline, end - 1)
    return at + 1 if at >= 0 else end


@functools.cache
def _not_blank(blank: Any) -> re.Pattern[Any]:
    """A character (or byte) that is not one of ``blank``'s."""
    return re.compile((b"[^%s]" if isinstance(blank, bytes) else "[^%s]") % re.escape(blank))


def _skip_bytes(stream: _Readable, buffer: bytes, cut: re.Pattern[bytes], chunk_bytes: int,
                limit: int) -> tuple[Oversized, bytes, bytes]:
    """An ``Oversized`` for the hand at the start of ``buffer``, read past up to the next
    hand start; and what follows it, with the last block read."""
    head, size = buffer[:RAW_TEXT_CHARS].decode("utf-8", errors="replace"), 0
    block, start = b"x", 1  # the hand starts at 0; later the buffer starts at a newline, or mid-line
    while True:
        found = cut.search(buffer, start)
        start = 0
        if found is not None:
            size += found.start() + 1
            return Oversized(head, size, size, limit), buffer[found.start() + 1:], block
        keep = buffer.rfind(b"\n")
        keep = keep if keep >= 0 and len(buffer) - keep < 65536 else len(buffer)
        size += keep
        buffer = buffer[keep:]
        block = stream.read(chunk_bytes)
        if not block:
            size += len(buffer)
            return Oversized(head, size, size, limit), b"", block
        buffer += block


def iter_chunks(stream: _Readable, codec: str, first: bytes, parser: Parser,
                chunk_chars: int, *, max_hand: int | None = None) -> Iterator[str | Oversized]:
    """Decode ``stream`` incrementally and yield text chunks cut at hand starts; a hand
    longer than ``max_hand`` (default ``MAX_HAND_CHARS``) as an ``Oversized``."""
    max_hand = max_hand or parse.MAX_HAND_CHARS
    decoder = codecs.getincrementaldecoder(codec)("strict")
    buffer = decoder.decode(first)
    while True:
        block = stream.read(chunk_chars)
        buffer += decoder.decode(block, final=not block)
        while len(buffer) >= 2 * chunk_chars:
            blank = _blank_tail_cut(buffer, _BLANK, "\n", chunk_chars)  # as for bytes
            if blank is not None:
                yield buffer[:blank]
                buffer = buffer[blank:]
                continue
            cut = _cut_point(parser, buffer, chunk_chars)
            if cut:
                yield buffer[:cut]
                buffer = buffer[cut:]
                continue
            if len(buffer) > max_hand:
                oversized, buffer, block = _skip_text(stream, decoder, codec, buffer, parser, chunk_chars,
                                                      max_hand)
                yield oversized
                continue
            break  # one long hand: read on
        if not block:
            break
    if buffer:
        yield buffer


def _skip_text(stream: _Readable, decoder: codecs.IncrementalDecoder, codec: str, buffer: str, parser: Parser,
               chunk_chars: int, limit: int) -> tuple[Oversized, str, bytes]:
    """``_skip_bytes`` for text: the hand at the start of ``buffer`` read past."""
    head, chars, size = buffer[:RAW_TEXT_CHARS], 0, 0
    block = b"x"
    while True:
        found = next((m for m in parser.hand_start.finditer(buffer, 1) if m.start() > 0), None)
        if found is not None:
            chars += found.start()
            size += len(buffer[:found.start()].encode(codec))
            return Oversized(head, chars, size, limit), buffer[found.start():], block
        keep = buffer.rfind("\n")
        keep = keep if keep >= 0 and len(buffer) - keep < 65536 else len(buffer)
        chars += keep
        size += len(buffer[:keep].encode(codec))
        buffer = buffer[keep:]
        block = stream.read(chunk_chars)
        buffer += decoder.decode(block, final=not block)
        if not block:
            chars += len(buffer)
            size += len(buffer.encode(codec))
            return Oversized(head, chars, size, limit), "", block
