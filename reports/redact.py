"""Stable pseudonyms for player names, so a report can leave the building.

A pseudonym is ``Player-`` and the first six hex digits of an HMAC-SHA256 of the name
under a key: the same name always gets the same pseudonym under one key (so a reader
can still follow one player through the report), and without the key nobody can
confirm a guessed name by hashing it. Two names whose six digits collide get more
digits, never the same pseudonym.

Names are also replaced inside free text (finding details, explanations); a name only
matches where it is not part of a longer word, so a player called ``Al`` does not
turn ``All-in`` into nonsense.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import re
from typing import Any, Iterable, Mapping

import polars as pl

PREFIX = "Player-"
_SHORT = 6


class Redactor:
    """Maps player names to pseudonyms under one key; remembers every name it has seen.

    >>> r = Redactor(b"k")
    >>> r.pseudonym("Hero") == r.pseudonym("Hero"), r.pseudonym("Hero").startswith("Player-")
    (True, True)
    >>> r.pseudonym("Hero") != Redactor(b"other").pseudonym("Hero")
    True
    """

    def __init__(self, key: bytes | str) -> None:
        self._key = key.encode("utf-8") if isinstance(key, str) else bytes(key)
        self._names: dict[str, str] = {}
        self._taken: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None

    def _digest(self, name: str) -> str:
        return hmac.new(self._key, name.encode("utf-8"), hashlib.sha256).hexdigest()

    def pseudonym(self, name: str) -> str:
        """The pseudonym of ``name`` (empty names stay empty: nothing to hide)."""
        if not name:
            return name
        known = self._names.get(name)
        if known is not None:
            return known
        digest = self._digest(name)
        length = _SHORT
        while True:
            candidate = PREFIX + digest[:length]
            if candidate not in self._taken:
                break
            length += 2
        self._names[name] = candidate
        self._taken[candidate] = name
        self._pattern = None
        return candidate

    def learn(self, names: Iterable[str | None]) -> None:
        """Register names up front so :meth:`text` can find them in free text."""
        for name in names:
            if name:
                self.pseudonym(name)

    def mapping(self) -> dict[str, str]:
        """Every name seen so far and its pseudonym (for the key holder's records)."""
        return dict(self._names)

    def text(self, text: str | None) -> str | None:
        """``text`` with every known name replaced by its pseudonym.

        >>> r = Redactor(b"k"); r.learn(["Al", "Al Bundy"])
        >>> out = r.text("Al Bundy beat Al; All-in")
        >>> out.count("Player-"), out.endswith("; All-in")
        (2, True)
        """
        if not text or not self._names:
            return text
        if self._pattern is None:
            # Longest first so "Al Bundy" wins over "Al" at the same position.
            names = sorted(self._names, key=lambda n: (-len(n), n))
            self._pattern = re.compile(
                r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)"
            )
        return self._pattern.sub(lambda m: self._names[m.group(0)], text)


def redact_findings(findings: pl.DataFrame, redactor: Redactor) -> pl.DataFrame:
    """A findings frame (polars) with ``player`` pseudonymised and names in ``detail``
    and ``accept_reason`` replaced. The redactor learns every player first, so a name
    quoted in another row's detail is caught too."""
    if "player" in findings.columns:
        redactor.learn(findings.get_column("player").drop_nulls().unique().sort().to_list())
    columns = []
    for name in ("player", "detail", "accept_reason"):
        if name in findings.columns and findings.schema[name] == pl.String:
            fn = redactor.pseudonym if name == "player" else redactor.text
            values = findings.get_column(name).to_list()
            columns.append(pl.Series(name, [None if v is None else fn(v) for v in values],
                                     dtype=pl.String))
    return findings.with_columns(columns) if columns else findings


def redact_explanation(explanation: Mapping[str, Any], redactor: Redactor) -> dict[str, Any]:
    """A copy of a hand's explanation (``reports.explain``) with names pseudonymised:
    the seats' and findings' ``player``, and names inside details and the reason.
    Structural strings (cards, halves, rules) are left alone, so a player called
    ``high`` cannot rename a half."""
    out = copy.deepcopy(dict(explanation))
    redactor.learn(s.get("player") for s in out.get("seats") or [])
    redactor.learn(f.get("player") for f in out.get("findings") or [])
    for seat in out.get("seats") or []:
        if seat.get("player"):
            seat["player"] = redactor.pseudonym(seat["player"])
    for finding in out.get("findings") or []:
        if finding.get("player"):
            finding["player"] = redactor.pseudonym(finding["player"])
        for key in ("detail", "accept_reason"):
            if finding.get(key):
                finding[key] = redactor.text(finding[key])
    if out.get("reason"):
        out["reason"] = redactor.text(out["reason"])
    for line in out.get("payout_lines") or []:  # the pay lines as printed name the winners
        if line.get("line"):
            line["line"] = redactor.text(line["line"])
    source = out.get("source")
    if isinstance(source, dict) and source.get("file"):  # a file is often named after its player
        source["file"] = redactor.text(source["file"])
    out["notes"] = [redactor.text(n) for n in out.get("notes") or []]
    return out
