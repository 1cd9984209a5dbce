"""Bytes to text in the encodings platforms write, losslessly.

Hand histories come as UTF-8 (with a BOM, sometimes two), UTF-16 with a BOM, or
Windows-1252. Decoding keeps line endings as they are, so a hand's text encodes back to
exactly its original bytes (``raw_sha256`` and byte offsets depend on that).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # the codec that re-encodes ``text`` to the original bytes
    label: str  # what the file was, for the files table: utf-8-bom, utf-16-le, cp1252, ...
    prefix_bytes: int  # bytes before the text (the BOM), so offsets count from the file start


class UndecodableError(ValueError):
    pass


def sniff_encoding(data: bytes) -> tuple[str, str, int]:
    """``(codec, label, bom_length)`` for the start of a file.

    >>> sniff_encoding(b"\\xef\\xbb\\xbfPokerStars")
    ('utf-8', 'utf-8-bom', 3)
    >>> sniff_encoding(b"\\xff\\xfeF\\x00u\\x00")
    ('utf-16-le', 'utf-16-le-bom', 2)
    >>> sniff_encoding("Poker".encode("utf-16-le"))
    ('utf-16-le', 'utf-16-le', 0)
    """
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8", "utf-8-bom", 3
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", "utf-16-le-bom", 2
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", "utf-16-be-bom", 2
    head = data[:4096]
    if len(head) >= 4:
        odd_nuls = head[1::2].count(0)
        even_nuls = head[0::2].count(0)
        half = len(head) // 2
        if odd_nuls > 0.4 * half and even_nuls < 0.1 * half:
            return "utf-16-le", "utf-16-le", 0
        if even_nuls > 0.4 * half and odd_nuls < 0.1 * half:
            return "utf-16-be", "utf-16-be", 0
    try:
        head.decode("utf-8")
        return "utf-8", "utf-8", 0
    except UnicodeDecodeError as exc:
        # A multi-byte character cut by the 4 KB window is still UTF-8.
        if exc.start >= len(head) - 3 and exc.reason == "unexpected end of data":
            return "utf-8", "utf-8", 0
        return "cp1252", "cp1252", 0


def decode_bytes(data: bytes) -> Decoded:
    """Decode a whole file. Extra BOMs after the first (some exporters double them)
    count as prefix too, so the text starts at the first real character and still
    re-encodes to the original bytes from ``prefix_bytes`` on.

    >>> d = decode_bytes(b"\\xef\\xbb\\xbf\\xef\\xbb\\xbfHand")
    >>> d.label, d.text, d.prefix_bytes
    ('utf-8-bom', 'Hand', 6)
    >>> decode_bytes(b"caf\\xe9").label
    'cp1252'
    """
    codec, label, bom = sniff_encoding(data)
    body = data[bom:]
    if codec == "utf-8":
        try:
            return _strip_extra_boms(Decoded(body.decode("utf-8"), "utf-8", label, bom))
        except UnicodeDecodeError:
            codec, label = "cp1252", "cp1252"
    if codec == "cp1252":
        try:
            return Decoded(body.decode("cp1252"), "cp1252", "cp1252", bom)
        except UnicodeDecodeError:
            # Five byte values are undefined in cp1252; Latin-1 maps every byte.
            return Decoded(body.decode("latin-1"), "latin-1", "latin-1", bom)
    try:
        return _strip_extra_boms(Decoded(body.decode(codec), codec, label, bom))
    except UnicodeDecodeError as exc:
        raise UndecodableError(f"{label}: {exc}") from exc


def _strip_extra_boms(d: Decoded) -> Decoded:
    text = d.text.lstrip("\ufeff")
    if len(text) == len(d.text):
        return d
    extra = len(d.text[: len(d.text) - len(text)].encode(d.encoding))
    return Decoded(text, d.encoding, d.label, d.prefix_bytes + extra)
