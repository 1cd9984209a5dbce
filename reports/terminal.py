"""The terminal summary: plain aligned text, safe to print whatever the histories held.

Player names and details come from hand histories, so control characters (an escape
sequence could repaint the terminal) are shown as ``\\xNN`` escapes before printing.
"""

from __future__ import annotations

import re
from typing import Sequence

import polars as pl

from rules.money import format_minor
from reports.summary import CHIPS, Summary, money_label

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: object) -> str:
    """``text`` as one safe line: control characters escaped, None as ``-``.

    >>> printable("a\\x1b[2Jb"), printable(None)
    ('a\\\\x1b[2Jb', '-')
    """
    if text is None:
        return "-"
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", str(text))


def text_table(headers: Sequence[str], rows: Sequence[Sequence[object]],
               right: Sequence[int] = ()) -> list[str]:
    """Rows under headers, columns two spaces apart; columns in ``right`` right-aligned."""
    cells = [[printable(h) for h in headers]] + [[printable(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for row in cells:
        parts = [cell.rjust(w) if i in right else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(parts).rstrip())
    return lines


def render_summary(summary: Summary, title: str = "hhaudit report") -> str:
    """The summary as text: totals, hands by platform and game, findings by kind."""
    h = summary.hands
    lines = [
        title,
        f"hands audited: {h.audited}",
        f"  clean: {h.clean}",
        f"  with findings: {h.findings}",
        f"  unverifiable: {h.unverifiable}",
        f"  relative only: {h.relative_only}",
        f"findings: {summary.findings} (not accepted {summary.not_accepted}, "
        f"accepted {summary.accepted})",
        f"money involved: {money_label(summary.money)}",
    ]
    if summary.groups:
        lines += ["", "hands by platform and game"]
        lines += text_table(
            ["platform", "game", "audited", "clean", "findings", "unverifiable", "relative_only"],
            [(g.platform, g.game, g.hands.audited, g.hands.clean, g.hands.findings,
              g.hands.unverifiable, g.hands.relative_only) for g in summary.groups],
            right=(2, 3, 4, 5, 6),
        )
    rows = [(g.platform, g.game, k.kind, k.findings, k.accepted, money_label(k.money))
            for g in summary.groups for k in g.kinds]
    if rows:
        lines += ["", "findings by platform, game and kind"]
        lines += text_table(["platform", "game", "kind", "findings", "accepted", "money"],
                            rows, right=(3, 4))
    if summary.kinds:
        lines += ["", "findings by kind"]
        lines += text_table(
            ["kind", "findings", "accepted", "money"],
            [(k.kind, k.findings, k.accepted, money_label(k.money)) for k in summary.kinds],
            right=(1, 2),
        )
    return "\n".join(lines) + "\n"


def _amount(value: int | None, scale: int) -> str:
    return "-" if value is None else format_minor(value, scale)


def render_worst(worst: pl.DataFrame, left_out: int = 0) -> str:
    """The worst findings (from :func:`reports.summary.worst_findings`), one table per currency."""
    if worst.height == 0:
        return "worst findings: none\n"
    lines: list[str] = []
    for (currency,), part in worst.group_by("currency", maintain_order=True):
        unit = currency if currency is not None else CHIPS
        lines += ["", f"worst findings ({unit})"]
        rows = []
        for f in part.iter_rows(named=True):
            scale = f["amount_scale"]
            rows.append((
                _amount(f["delta"], scale), _amount(f["recorded"], scale),
                _amount(f["expected"], scale), f["kind"], f["hand_key"], f["seat"],
                f["player"], f["pot"], f["run"], f["half"],
                "yes" if f["accepted"] else "no", f["detail"],
            ))
        lines += text_table(
            ["delta", "recorded", "expected", "kind", "hand", "seat", "player", "pot", "run",
             "half", "accepted", "detail"],
            rows, right=(0, 1, 2, 5, 7, 8),
        )
    if left_out:
        lines.append(f"({left_out} more findings not shown)")
    return "\n".join(lines[1:]) + "\n"
