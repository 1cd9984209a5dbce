"""The few TOML shapes a PHH file needs, written exactly (``tomllib`` only reads TOML).

Values: ``bool``, ``int`` (64-bit, as TOML requires), ``str``, ``datetime.time``, arrays
of those, and inline tables of those keyed by text. Floats are refused: money is integer
minor units everywhere, and a float in a hand history would bring back the rounding the
whole project avoids. Strings are TOML basic strings: ``\\`` and ``"`` escaped, control
characters written as escapes, every other character as itself (TOML files are UTF-8).
A key is bare when TOML allows it (letters, digits, ``_``, ``-``), quoted otherwise.

>>> print(dumps_table({"variant": "NT", "antes": [0, 0], "_fee": {"jackpot": 5}}), end="")
variant = "NT"
antes = [0, 0]
_fee = {jackpot = 5}
>>> dumps_value('say "hi"\\n')
'"say \\\\"hi\\\\"\\\\n"'
>>> dumps_value(0.5)
Traceback (most recent call last):
...
ValueError: TOML value of type float is not written here (money is integer minor units)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_INT_RANGE = range(-(2**63), 2**63)
#: arrays whose line would be longer than this are written one element a line
_WRAP_AFTER = 100


def dumps_string(text: str) -> str:
    """A TOML basic string.

    >>> print(dumps_string("Ca\N{LATIN SMALL LETTER N WITH TILDE}o\\x07"))
    "Caño\\u0007"
    """
    out = []
    for ch in text:
        code = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"a lone surrogate (U+{code:04X}) cannot be written as TOML")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def dumps_key(key: str) -> str:
    """A key, bare when TOML allows it.

    >>> dumps_key("_rake"), dumps_key("pokerstars:12")
    ('_rake', '"pokerstars:12"')
    """
    if not isinstance(key, str) or not key:
        raise ValueError(f"a TOML key must be non-empty text, not {key!r}")
    return key if _BARE_KEY.fullmatch(key) else dumps_string(key)


def dumps_value(value: Any) -> str:
    """One value on one line (arrays and inline tables of scalars included)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value not in _INT_RANGE:
            raise ValueError(f"{value} does not fit TOML's 64-bit integers")
        return str(value)
    if isinstance(value, str):
        return dumps_string(value)
    if isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise ValueError("a TOML local time has no time zone")
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{dumps_key(k)} = {_scalar(v)}" for k, v in value.items()) + "}"
    raise ValueError(f"TOML value of type {type(value).__name__} is not written here"
                     + (" (money is integer minor units)" if isinstance(value, float) else ""))


def _scalar(value: Any) -> str:
    if isinstance(value, (list, tuple, Mapping)):
        raise ValueError("nested arrays and tables are not written here")
    return dumps_value(value)


def dumps_table(fields: Mapping[str, Any]) -> str:
    """``key = value`` lines, in the mapping's order; long arrays one element a line."""
    lines = []
    for key, value in fields.items():
        if isinstance(value, (list, tuple)) and len(dumps_value(value)) + len(key) > _WRAP_AFTER:
            lines.append(f"{dumps_key(key)} = [")
            lines.extend(f"  {_scalar(v)}," for v in value)
            lines.append("]")
        else:
            lines.append(f"{dumps_key(key)} = {dumps_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_tables(tables: Iterable[tuple[str, Mapping[str, Any]]]) -> str:
    """Several named tables, ``[name]`` then its lines, a blank line between them.

    >>> print(dumps_tables([("a:1", {"x": 1}), ("b", {"x": 2})]), end="")
    ["a:1"]
    x = 1
    <BLANKLINE>
    [b]
    x = 2
    """
    parts = []
    names: set[str] = set()
    for name, fields in tables:
        if name in names:
            raise ValueError(f"table {name!r} is written twice")
        names.add(name)
        parts.append(f"[{dumps_key(name)}]\n{dumps_table(fields)}")
    return "\n".join(parts)
