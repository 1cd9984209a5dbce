"""Integer money: printed amounts to minor units, exactly, or an error.

Each platform has one number convention (decimal point or decimal comma, which
thousands separator); the parser names it once per format, never guesses per amount.
Money is ``int`` from here on; a float never holds an amount.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.vocab import QuarantineReason


class AmountError(ValueError):
    """An amount that cannot be represented exactly in the hand's minor unit."""

    reason = QuarantineReason.BAD_AMOUNT


@dataclass(frozen=True, slots=True)
class NumberConvention:
    """How one platform writes numbers.

    ``decimal`` is the decimal mark; ``thousands`` are the characters it may use to
    group digits (they are dropped). Currency symbols and codes around the number are
    the parser's business; ``to_minor`` strips the usual ones.
    """

    decimal: str = "."
    thousands: str = ","

    def to_minor(self, text: str, scale: int) -> int:
        """Parse ``text`` to an integer number of minor units (``scale`` per unit).

        >>> DOT.to_minor("$1,234.50", 100)
        123450
        >>> COMMA.to_minor("1.234,5 €", 100)
        123450
        >>> DOT.to_minor("T1500", 1)
        1500
        >>> COMMA.to_minor("58,14", 100), DOT.to_minor("1,000", 1)
        (5814, 1000)
        >>> DOT.to_minor("0,76", 100)
        Traceback (most recent call last):
        ...
        rules.money.AmountError: not an amount: '0,76' (digit grouping)
        >>> DOT.to_minor("0.005", 100)
        Traceback (most recent call last):
        ...
        rules.money.AmountError: '0.005' has more decimals than the minor unit allows (scale 100)
        """
        raw = text
        t = _SYMBOLS.sub("", text).strip()
        negative = False
        if t.startswith(("-", "−")):
            negative, t = True, t[1:].strip()
        elif t.startswith("+"):
            t = t[1:].strip()
        if self.decimal != "." and "." in t and "." not in self.thousands:
            raise AmountError(f"{raw!r} has a '.' where this platform writes {self.decimal!r}")
        whole_part, mark, frac_part = t.partition(self.decimal)
        if any(ch in whole_part for ch in self.thousands):
            if not grouped_in_thousands(whole_part, self.thousands):
                raise AmountError(f"not an amount: {raw!r} (digit grouping)")
            for ch in self.thousands:
                whole_part = whole_part.replace(ch, "")
        if any(ch in frac_part for ch in self.thousands + self.decimal):
            raise AmountError(f"not an amount: {raw!r}")
        t = whole_part + ("." + frac_part if mark else "")
        m = _NUMBER.fullmatch(t)
        if not m:
            raise AmountError(f"not an amount: {raw!r}")
        whole, frac = m.group(1), m.group(2) or ""
        digits = _decimals(scale)
        if len(frac) > digits and frac[digits:].strip("0"):
            raise AmountError(
                f"{raw!r} has more decimals than the minor unit allows (scale {scale})"
            )
        frac = (frac + "0" * digits)[:digits]
        value = int(whole or "0") * scale + (int(frac) if frac else 0)
        return -value if negative else value


def grouped_in_thousands(digits: str, separators: str) -> bool:
    """Thousands separators only between groups of three digits: ``1,234,567``.

    >>> grouped_in_thousands("1,234,567", ","), grouped_in_thousands("12,34", ","), grouped_in_thousands("1.2,345", ",")
    (True, False, False)
    """
    groups = re.split("[" + re.escape(separators) + "]", digits)
    return (1 <= len(groups[0]) <= 3 and groups[0].isdigit()
            and all(len(g) == 3 and g.isdigit() for g in groups[1:]))


def _decimals(scale: int) -> int:
    digits = len(str(scale)) - 1
    if scale != 10**digits:
        raise ValueError(f"amount scale must be a power of ten, not {scale}")
    return digits


_SYMBOLS = re.compile(r"[$€£¥₹\u00a0\u202f ]|USD|EUR|GBP|CAD|SEK|DKK|NOK|CHF|INR|RUB|BRL|T(?=\d)|chips?")
_NUMBER = re.compile(r"(\d*)(?:\.(\d*))?")

DOT = NumberConvention(".", ",")
COMMA = NumberConvention(",", ". '\u00a0\u202f")
APOSTROPHE = NumberConvention(".", "'")


def format_minor(value: int, scale: int) -> str:
    """Render minor units for people, exactly: ``format_minor(12345, 100) == '123.45'``.

    >>> format_minor(-5, 100), format_minor(1500, 1)
    ('-0.05', '1500')
    """
    digits = _decimals(scale)
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), scale)
    return f"{sign}{whole}" + (f".{frac:0{digits}d}" if digits else "")
