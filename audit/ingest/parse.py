"""Parsing one chunk: what each worker does, in a thread, a process or here.

``parse_chunk`` turns a chunk of a file into the lake's tables and quarantine rows; it
never raises for a bad hand. A format with a columnar reader (PokerStars) reads the
chunk in columns first and hands back what it does not read exactly; those hands, and
every hand of other formats, are parsed one at a time by the format's parser
(``parse_text_chunk``, the reference).
"""

from __future__ import annotations

import gc
import hashlib
import re
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from audit import textio  # noqa: F401 - registers the lenient codecs a chunk's codec may name, in workers too
from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS, Table
from audit.tables import TableBuilder, columnar_tables
from parsers.base import MAX_LINE_BYTES, HandText, Parser
from parsers.registry import columnar_reader
from rules.records import HandParseError, ParsedHand
from rules.vocab import QuarantineReason

if TYPE_CHECKING:  # polars, loaded by the columnar reader when a chunk needs it
    from parsers.columnar_chunk import FastChunk

#: row numbers: a list from the one-hand-at-a-time path, an array from the columnar one
Rows = Sequence[int] | npt.NDArray[np.int64]

#: The largest amount (minor units) the lake takes: 2**53, so that every amount, and the sum
#: of many, stays exact in int64 and in JSON readers that use doubles. Beyond it: bad_amount.
MAX_AMOUNT = 2**53
#: Seat numbers, sequence numbers, pots and runs are int32 columns.
MAX_INT32 = 2**31 - 1
#: The longest hand ingest holds (characters; bytes for byte chunks): real hands are a
#: few KB, the longest tournament hands with chat well under 1 MB.
MAX_HAND_CHARS = 16 * 1024 * 1024
#: Characters of a quarantine message kept; a longer one is cut, saying its full length.
MESSAGE_CHARS = 1000
#: Characters of a quarantined hand's ``raw_text`` kept; the message says the full length.
RAW_TEXT_CHARS = 256 * 1024
#: The longest line a hand may hold (characters); a hand with a longer one is quarantined
#: unread (``too_large``): a parser's patterns cost more than linear time on such lines.
MAX_LINE_CHARS = MAX_LINE_BYTES


@dataclass
class ChunkResult:
    """What a worker returns for one chunk of one file.

    Child rows point at their hand's row of ``tables["hands"]`` through ``seat_hand``,
    ``action_hand`` and ``payout_hand``; stored hands are in the order they stand in
    the chunk.
    """

    tables: dict[str, pa.Table]
    seat_hand: Rows
    action_hand: Rows
    payout_hand: Rows
    hand_rel_offsets: Sequence[int]  # byte offset of each stored hand within the chunk
    hand_rel_ends: Sequence[int]  # and of the byte just after it
    quarantine: list[dict[str, Any]]  # source_offset relative to the chunk
    found: int
    chunk_bytes: int


@dataclass(frozen=True)
class Oversized:
    """A hand longer than ingest holds (``audit.ingest.chunking.MAX_HAND_CHARS``), as a
    chunk of its own: its first characters and its length; quarantined as ``too_large``."""

    head: str
    chars: int
    size_bytes: int
    limit: int  # the cap it is beyond


def parser_version(parser: Parser) -> str:
    """What the lake records as ``parser_version``: ``<format>:<version>``."""
    return f"{parser.format}:{getattr(parser, 'version', '1')}"


def parse_chunk(parser: Parser, chunk: str | bytes | Oversized, codec: str, source_file: str) -> ChunkResult:
    """Split and parse one chunk. Never raises: a bad hand is quarantined, and so is
    anything a fault leaves unread (``parse_error``, naming the code's file and line).

    ``chunk`` is text, or for a format with a columnar reader (``parsers.registry.
    columnar_reader``: PokerStars) the UTF-8 bytes of a large file cut at its ``cut``. That reader
    reads the chunk in columns first and hands back what it does not read exactly; those
    hands, and every hand of other parsers, are parsed one at a time.

    The cyclic garbage collector is paused meanwhile: a chunk makes hundreds of thousands
    of short-lived records and no cycles worth collecting, and the collector's repeated
    scans of the growing row lists would cost about a third of the time.
    """
    if isinstance(chunk, Oversized):
        return _oversized(parser, chunk, source_file)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _parse_chunk(parser, chunk, codec, source_file)
    except Exception as exc:  # the last line of defence: the chunk is one quarantined hand
        return _unread_chunk(parser, chunk, codec, source_file, exc)
    finally:
        if collecting:
            gc.enable()


def _parse_chunk(parser: Parser, chunk: str | bytes, codec: str, source_file: str) -> ChunkResult:
    blank = chunk.strip(_BLANK_BYTES) if isinstance(chunk, bytes) else chunk.strip(_BLANK)
    if not blank:  # a blank run: no hand
        size = len(chunk) if isinstance(chunk, bytes) else len(chunk.encode(codec))
        return ChunkResult(TableBuilder().tables(), [], [], [], [], [], [], 0, size)
    columnar = columnar_reader(parser.format)
    if columnar is not None and codec == "utf-8" and (columnar.screens or not _screened_out(chunk)):
        fast = _read_in_columns(columnar.read, chunk)
        if fast is not None:
            try:
                return _merge_columnar(parser, fast, source_file)
            except Exception:  # a fault of the accelerator: the reference reads the chunk
                pass
    text = chunk.decode(codec) if isinstance(chunk, bytes) else chunk
    try:
        return parse_text_chunk(parser, text, codec, source_file)
    except Exception:  # tables of many hands failed: again, each hand checked alone
        return parse_text_chunk(parser, text, codec, source_file, careful=True)


def _screened_out(chunk: str | bytes) -> bool:
    """Whether a chunk goes the reference way unread in columns: a long line or a control
    character (a columnar reader that ``screens`` finds them in its own pass over the bytes)."""
    return has_long_line(chunk) or _has_control(chunk)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
#: what can open a line before a hand's header: control characters (NULs a crash or a bad
#: copy left) and byte-order marks (files joined end to end)
_LINE_OPENER = re.compile("^[\x00-\x08\x0b\x0c\x0e-\x1f\ufeff]+", re.M)


#: every byte but the control ones: deleting them leaves only the control bytes. The
#: translation scans a chunk about ten times faster than the regular expression, which cost
#: near a CPU-second per 100 MB of PokerStars on the compiled path.
_NOT_CONTROL_BYTES = bytes(c for c in range(256) if c >= 0x20 or c in b"\t\n\r")


def _has_control(chunk: str | bytes) -> bool:
    r"""Whether ``chunk`` holds a control character other than tab, newline and carriage return.

    >>> _has_control(b"Seat 1: A\r\n\tB"), _has_control(b"a\x00b"), _has_control("a\x1fb")
    (False, True, True)
    """
    if isinstance(chunk, bytes):
        return bool(chunk.translate(None, _NOT_CONTROL_BYTES))
    return _CONTROL.search(chunk) is not None


def _split(parser: Parser, text: str) -> Iterator[tuple[int, str]]:
    """``parser.split``, and a hand whose header a run of control characters (NULs) or a
    byte-order mark (files joined end to end) pushed off the start of its line cut from
    the hand before it, so two hands never merge into one: control characters stay with
    the hand before, marks go with the hand they precede (every reader skips a mark a hand
    opens with); each piece keeps the file-level context its hand carried."""
    for offset, hand in parser.split(text):
        if _CONTROL.search(hand) is None and "\ufeff" not in hand:
            yield offset, hand
            continue
        context = hand.context if isinstance(hand, HandText) else None
        start = 0
        for run in _LINE_OPENER.finditer(hand, 1):  # a run the hand opens with is the split's choice
            if parser.hand_start.match(hand[run.end():run.end() + 4096]) is not None:
                cut = run.start() + len(run.group().rstrip("\ufeff"))
                yield offset + start, _piece(hand[start:cut], context)
                start = cut
        yield offset + start, _piece(hand[start:], context) if start else hand


def _piece(text: str, context: str | None) -> str:
    return text if context is None else HandText(text, context=context)


def _oversized(parser: Parser, chunk: Oversized, source_file: str) -> ChunkResult:
    row = quarantine_row(source_file, 0, QuarantineReason.TOO_LARGE,
                         f"a hand of {chunk.chars} characters ({chunk.size_bytes} bytes), beyond the "
                         f"{chunk.limit} ingest holds: not read", chunk.head, None, str(parser.format),
                         parser_version(parser))
    return ChunkResult(TableBuilder().tables(), [], [], [], [], [], [row], 1, chunk.size_bytes)


def _unread_chunk(parser: Parser, chunk: str | bytes, codec: str, source_file: str,
                  exc: Exception) -> ChunkResult:
    """A chunk nothing could read, as one quarantined hand: counted, never lost."""
    if isinstance(chunk, bytes):
        size, text = len(chunk), chunk.decode(codec, errors="replace")
    else:
        size, text = len(chunk.encode(codec, errors="replace")), chunk
    row = quarantine_row(source_file, 0, QuarantineReason.PARSE_ERROR,
                         error_message("chunk not read", exc), text, None, str(parser.format),
                         parser_version(parser))
    return ChunkResult(TableBuilder().tables(), [], [], [], [], [], [row], 1, size)


def error_message(what: str, exc: BaseException) -> str:
    """``what``, the exception and where our code raised it (the deepest frame in this
    checkout, outside the standard library and installed packages), for whoever fixes it."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if _in_checkout(f.filename)]
    where = (ours or frames)[-1] if frames else None
    at = ""
    if where is not None:
        path = Path(where.filename)
        shown = path.relative_to(_CHECKOUT) if _in_checkout(where.filename) else path.name
        at = f" (at {shown}:{where.lineno})"
    return f"{what} {type(exc).__name__}: {exc}{at}"


_CHECKOUT = Path(__file__).resolve().parents[2]


def _in_checkout(filename: str) -> bool:
    path = Path(filename).resolve()
    return path.is_relative_to(_CHECKOUT) and "site-packages" not in path.parts and ".venv" not in path.parts


def has_long_line(chunk: str | bytes, limit: int = 0) -> bool:
    """Whether a line of ``chunk`` is longer than ``limit`` (default ``MAX_LINE_CHARS``;
    bytes are counted for a byte chunk, which is never fewer than its characters).

    >>> has_long_line(b"ab\\ncd\\n", 2), has_long_line("abc\\nd", 2)
    (False, True)
    """
    limit = limit or MAX_LINE_CHARS
    if len(chunk) <= limit:
        return False
    data = chunk if isinstance(chunk, bytes) else chunk.encode("utf-8", errors="surrogatepass")
    ends = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)
    bounds = np.concatenate([[-1], ends, [len(data)]])
    longest = int(np.max(np.diff(bounds))) - 1
    if longest <= limit or isinstance(chunk, bytes):
        return longest > limit
    return any(len(line) > limit for line in chunk.split("\n"))


def unreadable_text(hand_text: str) -> tuple[QuarantineReason, str] | None:
    """Why a hand is quarantined before any parser reads it, or None: a line longer than
    ``MAX_LINE_CHARS``, or bytes that were not valid in the file's encoding (decoded as
    lone surrogates by ``audit.textio``, so that the text still re-encodes exactly), or a
    byte written out as a Python escape (``\\x80``: the file's bytes are ASCII, so no
    decoding can recover the character)."""
    if len(hand_text) > MAX_LINE_CHARS and has_long_line(hand_text):
        longest = max(len(line) for line in hand_text.split("\n"))
        return (QuarantineReason.TOO_LARGE,
                f"a line of {longest} characters, beyond the {MAX_LINE_CHARS} a hand's line may have")
    bad = _SURROGATE.search(hand_text)
    if bad is not None:
        line = hand_text.count("\n", 0, bad.start()) + 1
        byte = ord(bad.group()) - 0xDC00
        shown = f"byte 0x{byte:02X}" if 0x80 <= byte <= 0xFF else f"code unit U+{ord(bad.group()):04X}"
        return QuarantineReason.BAD_ENCODING, f"invalid {shown} in the file's encoding at line {line} of the hand"
    escaped = _WRITTEN_OUT_BYTE.search(hand_text) if "\\x" in hand_text else None
    if escaped is not None:
        line = hand_text.count("\n", 0, escaped.start()) + 1
        return (QuarantineReason.BAD_ENCODING,
                f"a byte written out as the text {escaped.group()!r} at line {line} of the hand (a program's escaped "
                "string saved as the history): which character it was is not in the file")
    return None


#: What a blank chunk is made of (``parsers.base.split_at`` finds no hand in it).
_BLANK = " \r\n\t\ufeff"
_BLANK_BYTES = b" \r\n\t"
_SURROGATE = re.compile("[\ud800-\udfff]")
# A byte of the upper half spelled as a Python escape (``\x80``, the Windows-1252 euro read
# as Latin-1 and printed with repr; ``\xa3``, a pound sign before an amount): no platform
# writes these four characters, and in an amount they would otherwise be a bad_amount.
_WRITTEN_OUT_BYTE = re.compile(r"\\x[89a-fA-F][0-9a-fA-F]")


_HEADLESS = "the text opens inside a hand, without its header"
_LINE_START = re.compile(f"^[{_BLANK}]*", re.M)
#: what a parser says of a text it could not read as a hand at all
_NOT_READ = (QuarantineReason.PARSE_ERROR, QuarantineReason.UNKNOWN_FORMAT)


def headless_opening(parser: Parser, hand_text: str) -> str | None:
    """The first line of a text that is the tail of a hand (a file that opens inside a
    hand, its front cut off): no line of it starts a hand, and it holds more than one line
    (a single line before the first header is a title or junk, and keeps the parser's
    reason); cut to 120 characters. None for any other text (XML hands and some dialects'
    first hands follow a file's prologue: their header is on a later line).

    >>> from parsers.pkr import PARSER
    >>> headless_opening(PARSER, "\\ufeff\\r\\nPlayer5 wins $0.13\\nEnd of Hand #1\\n")
    'Player5 wins $0.13'
    >>> headless_opening(PARSER, "\\nTable #9 - Oak\\nStarting Hand #2\\n"), headless_opening(PARSER, "Exported\\n")
    (None, None)
    """
    starts = [line.end() for line in _LINE_START.finditer(hand_text) if line.end() < len(hand_text)]
    if len(starts) < 2 or any(parser.hand_start.match(hand_text, at) is not None for at in starts):
        return None
    return hand_text[starts[0]:].split("\n", 1)[0].rstrip("\r")[:120]


def _text_id(hand: ParsedHand) -> str | None:
    return hand.hand_id if isinstance(hand.hand_id, str) else None


def out_of_range(hand: ParsedHand) -> tuple[QuarantineReason, str] | None:
    """Why the lake cannot take a parsed hand as it is, or None: an amount beyond
    ``MAX_AMOUNT`` (``bad_amount``), a number beyond an int32 column (``parse_error``),
    or a seat that put in less than nothing (``inconsistent``: what a moved "uncalled
    bet returned" line makes)."""
    for table, records in ((HANDS, (hand,)), (SEATS, hand.seats), (ACTIONS, hand.actions),
                           (PAYOUTS, hand.payouts)):
        for record in records:
            problem = _record_out_of_range(table, record)
            if problem is not None:
                return problem[0], f"hand {hand.hand_id}: {problem[1]}"
    for seat in hand.seats:
        if isinstance(seat.contributed, int) and seat.contributed < 0:
            return (QuarantineReason.INCONSISTENT,
                    f"hand {hand.hand_id}: seat {seat.seat} put in {seat.contributed}, less than nothing "
                    "(an uncalled bet returned before it was bet?)")
    return None


def _record_out_of_range(table: Table, record: Any) -> tuple[QuarantineReason, str] | None:
    for column, bound in _INT_COLUMNS[table.name]:
        value = getattr(record, column, None)
        values = value if isinstance(value, list) else value.values() if isinstance(value, dict) else (value,)
        for v in values:
            if isinstance(v, int) and not -bound <= v <= bound:
                reason = QuarantineReason.BAD_AMOUNT if bound == MAX_AMOUNT else QuarantineReason.PARSE_ERROR
                return reason, f"{table.name}.{column} {v} is beyond the lake's range (at most {bound} in size)"
    return None


def _int_columns(table: Table) -> tuple[tuple[str, int], ...]:
    out = []
    for c in table.columns:
        kind = c.type
        if pa.types.is_list(kind):
            kind = kind.value_type
        elif pa.types.is_map(kind):
            kind = kind.item_type
        if kind == pa.int64():
            out.append((c.name, MAX_AMOUNT))
        elif kind == pa.int32():
            out.append((c.name, MAX_INT32))
    return tuple(out)


_INT_COLUMNS = {t.name: _int_columns(t) for t in (HANDS, SEATS, ACTIONS, PAYOUTS)}


def _read_in_columns(read: Callable[[str | bytes], FastChunk | None], chunk: str | bytes) -> FastChunk | None:
    """The columnar reader's result, or None when it fails: it is an accelerator of the
    reference parser, which then reads the whole chunk (and quarantines what is broken),
    so a fault of the fast path can cost speed but never a hand."""
    try:
        return read(chunk)
    except Exception:  # any fault of the accelerator: the reference reads the chunk
        return None


class _HandSink:
    """Parses hands one at a time into a ``TableBuilder``, or into quarantine rows."""

    def __init__(self, parser: Parser, source_file: str, *, careful: bool = False) -> None:
        self.careful = careful
        self.parser = parser
        self.source_file = source_file
        self.format_name = str(parser.format)
        self.version = parser_version(parser)
        self.builder = TableBuilder()
        self.quarantine: list[dict[str, Any]] = []

    def parse(self, hand_text: str, raw: bytes, byte_offset: int) -> bool:
        """True when the hand was stored, False when it was quarantined."""
        problem = unreadable_text(hand_text)
        if problem is not None:
            self._quarantine(byte_offset, problem[0], problem[1], hand_text, None)
            return False
        try:
            hand = self.parser.parse(hand_text)
        except HandParseError as exc:
            reason, message = exc.reason, exc.message
            if reason in _NOT_READ and (opening := headless_opening(self.parser, hand_text)) is not None:
                reason, message = QuarantineReason.TRUNCATED, f"{_HEADLESS}: {opening!r}"
            self._quarantine(byte_offset, reason, message, hand_text, exc.hand_id)
            return False
        except Exception as exc:  # a parser bug must not lose the hand or stop the run
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR, error_message("parser error", exc),
                             hand_text, None)
            return False
        problem = out_of_range(hand)
        if problem is not None:
            self._quarantine(byte_offset, problem[0], problem[1], hand_text, _text_id(hand))
            return False
        try:
            if self.careful:  # the hand made into tables alone first, so that a fault is this hand's
                alone = TableBuilder()
                alone.add(hand, source_file=self.source_file, source_offset=byte_offset, raw_sha256="",
                          parser_version=self.version)
                alone.tables()
            self.builder.add(hand, source_file=self.source_file, source_offset=byte_offset,
                             raw_sha256=hashlib.sha256(raw).hexdigest(), parser_version=self.version)
        except Exception as exc:
            self._quarantine(byte_offset, QuarantineReason.PARSE_ERROR, error_message("record error", exc),
                             hand_text, _text_id(hand))
            return False
        return True

    def _quarantine(self, offset: int, reason: str, message: str, hand_text: str, hand_id: str | None) -> None:
        self.quarantine.append(quarantine_row(self.source_file, offset, reason, message, hand_text, hand_id,
                                               self.format_name, self.version))


def parse_text_chunk(parser: Parser, text: str, codec: str, source_file: str, *,
                     careful: bool = False) -> ChunkResult:
    """The reference path: ``parser.split`` the text, then each hand through
    ``parser.parse``, with byte offsets counted in ``codec``. A fault of ``split`` leaves
    the hands it gave stored and the rest of the text one quarantined hand. ``careful``
    makes each hand into tables alone before it joins the chunk's (slower: for a chunk
    whose tables failed)."""
    sink = _HandSink(parser, source_file, careful=careful)
    rel_offsets: list[int] = []
    rel_ends: list[int] = []
    found = 0
    byte_pos = 0
    char_pos = 0
    try:
        for char_offset, hand_text in _split(parser, text):
            found += 1
            byte_pos += len(text[char_pos:char_offset].encode(codec))
            raw = hand_text.encode(codec)
            hand_byte_offset = byte_pos
            byte_pos += len(raw)
            char_pos = char_offset + len(hand_text)
            if sink.parse(hand_text, raw, hand_byte_offset):
                rel_offsets.append(hand_byte_offset)
                rel_ends.append(byte_pos)
    except Exception as exc:  # split failed: what it did not give is one quarantined hand
        rest = text[char_pos:]
        found += 1
        sink._quarantine(byte_pos, QuarantineReason.PARSE_ERROR, error_message("split error", exc), rest, None)
        byte_pos += len(rest.encode(codec))
        char_pos = len(text)
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
    fast_index = fast.hand_numbers().astype(np.int64)
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
    owners: dict[str, npt.NDArray[np.int64]] = {}
    tables: dict[str, pa.Table] = {"hands": hands}
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


def quarantine_row(source_file: str, offset: int, reason: str, message: str, raw_text: str,
                   hand_id: str | None, format_name: str | None, version: str | None) -> dict[str, Any]:
    """One row of the quarantine table. A message is cut at ``MESSAGE_CHARS`` and the raw
    text at ``RAW_TEXT_CHARS`` characters, the message saying each full length; bytes that
    were invalid in the file's encoding are stored as U+FFFD."""
    raw = _storable(raw_text)
    message = _storable(message)
    if len(message) > MESSAGE_CHARS:
        message = f"{message[:MESSAGE_CHARS]}... (message cut: {len(message)} characters in all)"
    if len(raw) > RAW_TEXT_CHARS:
        message += f" (raw_text cut: the first {RAW_TEXT_CHARS} of {len(raw)} characters kept)"
        raw = raw[:RAW_TEXT_CHARS]
    return {
        "source_file": source_file, "source_offset": offset, "reason": str(reason),
        "message": message, "raw_text": raw, "hand_id": hand_id, "format": format_name,
        "parser_version": version,
    }


def _storable(text: str) -> str:
    """``text`` with any lone surrogate (an undecodable byte) as U+FFFD, so Arrow takes it."""
    if _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub("\ufffd", text)
