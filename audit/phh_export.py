"""Hands of the lake as PHH (``hhaudit export --format phh``): the library under the CLI.

:func:`export_phh` reads the chosen hands back into records (``audit.lake_records``),
converts each (``reports.phh``) and returns what was written and what PHH cannot
express, with the reason. One ``.phh`` file per hand, named after its hand key
(``pokerstars-1676150046.phh``): each file is one disputed hand an investigator can hand
to another tool as it is, and pokerkit's ``HandHistory.load`` reads it directly; a
``.phhs`` bundle (:func:`reports.phh.dumps_all`) is what ``export`` writes to standard
output when several hands are asked for without ``--out``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audit.lake import atomic_path
from audit.lake_records import read_hands
from reports.phh import PhhRefusal, dumps, hand_to_phh


class UnknownHand(KeyError):
    """A hand key the lake does not hold."""


@dataclass
class PhhExport:
    """The hands converted (hand key -> PHH fields, in the lake's order) and those PHH
    cannot express (hand key -> the refusal)."""

    hands: dict[str, dict[str, Any]] = field(default_factory=dict)
    refused: dict[str, PhhRefusal] = field(default_factory=dict)

    def counts(self) -> dict[str, Any]:
        return {"exported": len(self.hands), "refused": len(self.refused),
                "refused_by_reason": dict(sorted(Counter(r.reason for r in self.refused.values()).items()))}


def export_phh(lake: Path, keys: Iterable[str] | None = None) -> PhhExport:
    """Every hand of the lake (or those of ``keys``; UnknownHand for one it lacks) as PHH."""
    wanted = None if keys is None else list(dict.fromkeys(keys))
    out = PhhExport()
    for stored in read_hands(lake, wanted):
        try:
            out.hands[stored.hand_key] = hand_to_phh(stored.hand, source_file=stored.source_file,
                                                     source_offset=stored.source_offset)
        except PhhRefusal as exc:
            out.refused[stored.hand_key] = exc
    missing = [k for k in wanted or () if k not in out.hands and k not in out.refused]
    if missing:
        raise UnknownHand(f"no hand {missing[0]!r} in the lake {lake} (give PLATFORM:HAND_ID, "
                          "e.g. pokerstars:1676150046)")
    return out


def file_name(hand_key: str) -> str:
    """The ``.phh`` file of a hand: its key with anything but letters, digits, ``-``,
    ``_`` and ``.`` replaced (``pokerstars:123`` -> ``pokerstars-123.phh``).

    >>> file_name("pokerstars:123"), file_name("merge:4026/37 x")
    ('pokerstars-123.phh', 'merge-4026_37_x.phh')
    """
    platform, _, hand_id = hand_key.partition(":")
    return f"{platform}-{re.sub(r'[^A-Za-z0-9._-]', '_', hand_id)}.phh"


def write_phh_files(export: PhhExport, out: Path) -> list[Path]:
    """One ``.phh`` file per exported hand in ``out`` (each written atomically)."""
    out.mkdir(parents=True, exist_ok=True)
    names = {key: file_name(key) for key in export.hands}
    if len(set(names.values())) != len(names):
        raise ValueError("two hand keys give the same file name")
    written = []
    for key, fields in export.hands.items():
        path = out / names[key]
        with atomic_path(path) as tmp:
            tmp.write_text(dumps(fields), encoding="utf-8")
        written.append(path)
    return written
