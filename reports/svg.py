"""Inline SVG pictures drawn in Python: bar charts, and cards for the table picture.

Everything is returned as text to embed in an HTML page; nothing refers to a font file,
an image or any URL, so the page draws the same offline. Every piece of text is
escaped here, so callers may pass names straight from hand histories.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

PALETTE = ("#3b6ea5", "#d9822b", "#3f8f5a", "#b8463e", "#7d5ba6", "#8c6d31", "#c25b9d",
           "#5f7f8c", "#a3a33a", "#2f8f8f", "#6b6b6b")
"""Colours for chart series (colour-blind-friendly enough, and readable when printed)."""

VERDICT_COLOURS = {"clean": "#3f8f5a", "findings": "#b8463e", "unverifiable": "#8c8c8c",
                   "relative_only": "#d9a43b"}

SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
SUIT_COLOURS = {"c": "#1d5e2b", "d": "#1f4fb8", "h": "#c0262d", "s": "#111111"}
"""Four-colour deck, so clubs and spades, hearts and diamonds cannot be confused."""

FONT = "font-family=\"sans-serif\""


def esc(text: object) -> str:
    """Text for SVG or HTML content or attributes."""
    return escape("" if text is None else str(text), quote=True)


def bar_chart(items: Sequence[tuple[str, int]], title: str, *, width: int = 560,
              css_class: str = "chart") -> str:
    """A horizontal bar chart, one labelled bar per item, value written at its end.

    >>> svg = bar_chart([("wrong_winner", 3), ("<x>", 1)], "Findings by kind")
    >>> svg.count("<rect"), "&lt;x&gt;" in svg, "<x>" in svg
    (2, True, False)
    """
    bar_h, gap, top, label_w = 22, 8, 34, 170
    height = top + max(1, len(items)) * (bar_h + gap) + 10
    most = max([v for _, v in items] + [1])
    plot_w = width - label_w - 70
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{esc(css_class)}" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<title>{esc(title)}</title>",
        f'<text x="0" y="18" {FONT} font-size="15" font-weight="bold">{esc(title)}</text>',
    ]
    if not items:
        parts.append(f'<text x="0" y="{top + 16}" {FONT} font-size="13" fill="#555">none</text>')
    for i, (label, value) in enumerate(items):
        y = top + i * (bar_h + gap)
        w = max(1, round(plot_w * value / most)) if value else 0
        colour = PALETTE[i % len(PALETTE)]
        parts.append(f'<text x="{label_w - 8}" y="{y + 16}" {FONT} font-size="13" '
                     f'text-anchor="end">{esc(label)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" '
                     f'fill="{colour}"><title>{esc(label)}: {value}</title></rect>')
        parts.append(f'<text x="{label_w + w + 6}" y="{y + 16}" {FONT} font-size="13">'
                     f"{value}</text>")
    parts.append("</svg>")
    return "".join(parts)


def stacked_bar_chart(rows: Sequence[tuple[str, Sequence[tuple[str, int]]]], title: str,
                      colours: dict[str, str], *, width: int = 560,
                      css_class: str = "chart") -> str:
    """One horizontal bar per row, split into coloured segments, with a legend.

    ``rows``: (label, [(segment name, count), ...]); each bar is scaled to the largest
    row total, so bar lengths compare row sizes and segments compare within a row.
    """
    bar_h, gap, label_w = 22, 8, 170
    names = list(colours)
    legend_h = 24
    top = 34 + legend_h
    height = top + max(1, len(rows)) * (bar_h + gap) + 10
    most = max([sum(v for _, v in segs) for _, segs in rows] + [1])
    plot_w = width - label_w - 70
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{esc(css_class)}" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<title>{esc(title)}</title>",
        f'<text x="0" y="18" {FONT} font-size="15" font-weight="bold">{esc(title)}</text>',
    ]
    x = 0
    for name in names:
        parts.append(f'<rect x="{x}" y="32" width="12" height="12" fill="{colours[name]}"/>')
        parts.append(f'<text x="{x + 16}" y="43" {FONT} font-size="12">{esc(name)}</text>')
        x += 24 + 7 * len(name)
    if not rows:
        parts.append(f'<text x="0" y="{top + 16}" {FONT} font-size="13" fill="#555">none</text>')
    for i, (label, segments) in enumerate(rows):
        y = top + i * (bar_h + gap)
        parts.append(f'<text x="{label_w - 8}" y="{y + 16}" {FONT} font-size="13" '
                     f'text-anchor="end">{esc(label)}</text>')
        x = label_w
        total = 0
        for name, value in segments:
            total += value
            if not value:
                continue
            w = max(1, round(plot_w * value / most))
            parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{bar_h}" '
                         f'fill="{colours.get(name, "#999")}"><title>{esc(label)} {esc(name)}: '
                         f"{value}</title></rect>")
            x += w
        parts.append(f'<text x="{x + 6}" y="{y + 16}" {FONT} font-size="13">{total}</text>')
    parts.append("</svg>")
    return "".join(parts)


def card(x: float, y: float, code: str | None, *, w: int = 30, h: int = 42) -> str:
    """One card as SVG at (x, y): rank and suit symbol in the suit's colour.

    ``None`` (a card nobody saw) is drawn face down. Unknown codes are drawn as text.

    >>> "\u2665" in card(0, 0, "Ah"), "card-back" in card(0, 0, None)
    (True, True)
    """
    if not code:
        return (f'<g class="card card-back"><rect x="{x}" y="{y}" width="{w}" height="{h}" '
                f'rx="4" fill="#2d4f86" stroke="#fff" stroke-width="1.5"/>'
                f'<rect x="{x + 4}" y="{y + 4}" width="{w - 8}" height="{h - 8}" rx="2" '
                f'fill="none" stroke="#8fb0e0" stroke-width="1"/></g>')
    rank, suit = code[:-1], code[-1:]
    symbol = SUIT_SYMBOLS.get(suit)
    if symbol is None:
        rank, symbol, colour = code, "", "#111"
    else:
        colour = SUIT_COLOURS[suit]
    rank = "10" if rank == "T" else rank
    return (f'<g class="card" data-card="{esc(code)}">'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fff" '
            f'stroke="#333" stroke-width="1"/>'
            f'<text x="{x + w / 2}" y="{y + h * 0.45}" {FONT} font-size="{h * 0.36:.0f}" '
            f'font-weight="bold" text-anchor="middle" fill="{colour}">{esc(rank)}</text>'
            f'<text x="{x + w / 2}" y="{y + h * 0.88}" {FONT} font-size="{h * 0.4:.0f}" '
            f'text-anchor="middle" fill="{colour}">{symbol}</text></g>')


def card_row(x: float, y: float, codes: Sequence[str | None], *, w: int = 30, h: int = 42,
             gap: int = 3) -> str:
    """Cards side by side starting at (x, y)."""
    return "".join(card(x + i * (w + gap), y, c, w=w, h=h) for i, c in enumerate(codes))


def row_width(count: int, *, w: int = 30, gap: int = 3) -> int:
    """Width of :func:`card_row` of ``count`` cards."""
    return count * w + max(0, count - 1) * gap
