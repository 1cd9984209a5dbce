"""Bytes to text in the encodings platforms write, losslessly.

Hand histories come as UTF-8 (with a BOM, sometimes two), UTF-16 with a BOM, or
Windows-1252. Decoding keeps line endings as they are, so a hand's text encodes back to
exactly its original bytes (``raw_sha256`` and byte offsets depend on that).

The encoding is decided per file, never by one bad byte. A file that is not all valid
UTF-8 is still UTF-8 when at least as many of its non-ASCII characters decode as UTF-8
as there are invalid bytes (and one does): it is decoded with codec ``ESCAPED_UTF8``,
which turns each invalid byte into a lone surrogate (and back), so that ingest
quarantines just the hands that hold one (``bad_encoding``) and the others keep their
accented names; its label is ``utf-8-invalid``. Otherwise it is Windows-1252. A UTF-16
file is decoded with ``lone surrogates`` kept the same way (codec ``*-lenient``), and
one cut in the middle of a code unit loses only that last byte.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # the codec that re-encodes ``text`` to the original bytes
    label: str  # what the file was, for the files table: utf-8-bom, utf-16-le, cp1252, ...
    prefix_bytes: int  # bytes before the text (the BOM), so offsets count from the file start


class UndecodableError(ValueError):
    pass


#: UTF-8 whose invalid bytes decode to lone surrogates and encode back (surrogateescape)
ESCAPED_UTF8 = "hhaudit-utf-8-escaped"
_LENIENT = {ESCAPED_UTF8: ("utf-8", "surrogateescape"),
            "hhaudit-utf-16-le-lenient": ("utf-16-le", "surrogatepass"),
            "hhaudit-utf-16-be-lenient": ("utf-16-be", "surrogatepass")}


def _lenient_codec(name: str) -> codecs.CodecInfo | None:
    """The codecs above, whatever errors handler a caller asks for (so that incremental
    decoders made with "strict" by ``audit.ingest.chunking`` escape too)."""
    found = _LENIENT.get(name.replace("_", "-"))
    if found is None:
        return None
    base, errors = found
    info = codecs.lookup(base)

    class Decoder(info.incrementaldecoder):  # type: ignore[misc, name-defined]
        def __init__(self, _errors: str = "strict") -> None:
            super().__init__(errors)

    class Encoder(info.incrementalencoder):  # type: ignore[misc, name-defined]
        def __init__(self, _errors: str = "strict") -> None:
            super().__init__(errors)

    return codecs.CodecInfo(name=name, encode=lambda text, _e="strict": info.encode(text, errors),
                            decode=lambda data, _e="strict": info.decode(data, errors),
                            incrementalencoder=Encoder,  # type: ignore[arg-type]  # typeshed wants instances' type
                            incrementaldecoder=Decoder)  # type: ignore[arg-type]


codecs.register(_lenient_codec)


def lenient(codec: str) -> str:
    """The codec that keeps what ``codec`` cannot decode (UTF-8 and UTF-16), else ``codec``.

    >>> lenient("utf-16-le"), lenient("cp1252")
    ('hhaudit-utf-16-le-lenient', 'cp1252')
    """
    name = ESCAPED_UTF8 if codec == "utf-8" else f"hhaudit-{codec}-lenient"
    return name if name in _LENIENT else codec


def mostly_utf8(data: bytes) -> bool:
    """Whether bytes that are not all valid UTF-8 are still UTF-8 by the rule above.

    >>> mostly_utf8("Señor Müller ".encode() + b"\\xe9")
    True
    >>> mostly_utf8(b"caf\\xe9 cr\\xe8me")
    False
    """
    text = data.decode("utf-8", "surrogateescape")
    invalid = len(_ESCAPED.findall(text))
    valid = sum(1 for ch in text if ord(ch) > 0x7F) - invalid
    return valid > 0 and valid >= invalid


_ESCAPED = re.compile("[\udc80-\udcff]")


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
        if mostly_utf8(head):  # a few bad bytes in UTF-8 text (decode_bytes escapes them)
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
            if mostly_utf8(body):
                text = body.decode(ESCAPED_UTF8)
                return _strip_extra_boms(Decoded(text, ESCAPED_UTF8, label.replace("utf-8", "utf-8-invalid"), bom))
            codec, label = "cp1252", "cp1252"
    if codec == "cp1252":
        try:
            return Decoded(body.decode("cp1252"), "cp1252", "cp1252", bom)
        except UnicodeDecodeError:
            # Five byte values are undefined in cp1252; Latin-1 maps every byte.
            return Decoded(body.decode("latin-1"), "latin-1", "latin-1", bom)
    try:
        return _strip_extra_boms(Decoded(body.decode(codec), codec, label, bom))
    except UnicodeDecodeError:
        pass
    # lone surrogates kept (their hands are quarantined), and a last byte cut off a code unit dropped
    try:
        return _strip_extra_boms(Decoded(body[:len(body) - len(body) % 2].decode(lenient(codec)), lenient(codec),
                                         label, bom))
    except UnicodeDecodeError as exc:
        raise UndecodableError(f"{label}: {exc}") from exc


def _strip_extra_boms(d: Decoded) -> Decoded:
    text = d.text.lstrip("\ufeff")
    if len(text) == len(d.text):
        return d
    extra = len(d.text[: len(d.text) - len(text)].encode(d.encoding))
    return Decoded(text, d.encoding, d.label, d.prefix_bytes + extra)
