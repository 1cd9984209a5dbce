"""Known anomalies that do not fail a run: ``--accept FILE``.

A CSV with the columns ``hand_key,kind,reason`` or a TOML file with ``[[accept]]``
tables of the same keys. Accepted findings still appear in every output, marked
``accepted`` with the reason; they only stop counting toward exit code 1.
"""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path

from rules.vocab import FindingKind


class AcceptFileError(ValueError):
    pass


def load_accept(path: Path) -> dict[tuple[str, str], str]:
    """``(hand_key, kind) -> reason``; every row must name a known finding kind."""
    path = Path(path)
    if not path.is_file():
        raise AcceptFileError(f"accept file not found: {path}")
    rows: list[dict[str, object]] = []
    if path.suffix.lower() == ".toml":
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise AcceptFileError(f"{path}: {exc}") from None
        rows = list(data.get("accept", []))
    else:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            missing = {"hand_key", "kind", "reason"} - set(reader.fieldnames or [])
            if missing:
                raise AcceptFileError(f"{path}: missing column(s) {', '.join(sorted(missing))}")
            rows = list(reader)
    kinds = {k.value for k in FindingKind}
    out: dict[tuple[str, str], str] = {}
    for number, row in enumerate(rows, start=1):
        key, kind, reason = (str(row.get(k, "")).strip() for k in ("hand_key", "kind", "reason"))
        if not key or kind not in kinds or not reason:
            raise AcceptFileError(
                f"{path}: entry {number} needs hand_key, a finding kind ({', '.join(sorted(kinds))}) and a reason")
        out[(key, kind)] = reason
    return out
