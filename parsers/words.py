"""A client's words, as data: each localised line shape paired with the English line the
platform's English client prints for it, so that one reader reads every language.

A platform's client set to another language writes the same hand in its own words.
Each language is a :class:`Locale`: its header pattern and a table of whole-line
patterns, each with an English template. ``to_english`` rewrites a hand line for line;
the dialect reads the English shapes, and ``quote_printed`` makes its records and
quarantines quote the lines as printed. A line no pattern takes stays as printed, so
the reader meets a line it does not know and quarantines the hand naming it: a localised
word never passes for an English one by resemblance. The tables: ``parsers.pokerstars_words``,
``parsers.unibet_words``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from parsers.base import hand_text_lines
from parsers.engine import Hand, Line


def as_printed(text: str) -> str:
    """A group the English line prints in the same shape."""
    return text


@dataclass(frozen=True)
class Locale:
    """One client language: its ``header`` (the first line, read by ``header_to``), and
    its ``lines`` (pattern, English template) tried in order on every other line.

    Templates name the pattern's groups; a group named ``a``, ``a2``, ... is an amount
    (rewritten by ``money``), ``d``/``d2`` a date-and-clock (rewritten by ``date``),
    ``c``, ``c2``, ... a bracket of cards (rewritten by ``cards``).

    >>> loc = Locale("xx", re.compile(r"Main (?P<hid>\\d+)"), "Hand #{hid}",
    ...              lines(("(?P<n>.+) paie (?P<a>AMT)", "{n} calls {a}"), amount=r"\\d+ €"),
    ...              money=lambda t: "€" + t.split()[0], date=as_printed)
    >>> loc.english("Ann paie 5 €"), loc.english("Ann paie 5 $")
    ('Ann calls €5', None)
    """

    name: str
    header: re.Pattern[str]
    header_to: str
    lines: tuple[tuple[re.Pattern[str], str], ...]
    money: Callable[[str], str]
    date: Callable[[str], str]
    cards: Callable[[str], str] = as_printed

    def english(self, line: str) -> str | None:
        """``line`` in English shape, or None when no pattern of this language takes it."""
        for pattern, template in ((self.header, self.header_to), *self.lines):
            m = pattern.fullmatch(line)
            if m is not None:
                return template.format_map(self._groups(m))
        return None

    def _groups(self, m: re.Match[str]) -> dict[str, str]:
        out = {}
        for key, value in m.groupdict().items():
            if value is None:
                value = ""
            elif _numbered(key, "a"):
                value = self.money(value)
            elif _numbered(key, "c"):
                value = self.cards(value)
            elif key in ("d", "d2"):
                value = self.date(value)
            out[key] = value
        return out


def _numbered(key: str, letter: str) -> bool:
    return key == letter or (key[0] == letter and key[1:].isdigit())


#: a bracket of cards as every client prints it, whatever its card letters: ``[8Pi 10Co]``
CARDS = r"\[[^\[\]]*\]"


def lines(*pairs: tuple[str, str], amount: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, template) pairs compiled, ``AMT`` in a pattern standing for ``amount`` and
    ``CARDS`` for a bracket of cards."""
    return tuple((re.compile(p.replace("AMT", amount).replace("CARDS", CARDS)), t) for p, t in pairs)


def locale_among(locales: tuple[Locale, ...], first_line: str) -> Locale | None:
    """The language of ``locales`` whose header ``first_line`` is, if any."""
    line = first_line.lstrip("\ufeff").rstrip()
    return next((loc for loc in locales if loc.header.fullmatch(line)), None)


def to_english(hand_text: str, locale: Locale) -> str:
    """``hand_text`` with every line a pattern of ``locale`` takes in its English shape,
    line for line (the line count and line ends kept: quarantines quote the printed line
    by its number); a line no pattern takes is left as printed."""
    out = []
    for raw in hand_text.split("\n"):
        body = raw.rstrip("\r")
        lead = len(body) - len(body.lstrip("\ufeff"))
        stripped = body[lead:].rstrip()
        english = locale.english(stripped) if stripped else None
        out.append(raw if english is None else body[:lead] + english + raw[lead + len(stripped):])
    return "\n".join(out)


def quote_printed(hand: Hand, printed: str) -> Hand:
    """``hand`` (reading the English shape of ``printed``) quoting each line as printed."""
    raws = hand_text_lines(printed)
    hand.lines = [Line(line.number, line.text, raws[line.number - 1]) for line in hand.lines]
    return hand
