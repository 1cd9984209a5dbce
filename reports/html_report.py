"""The HTML report: one self-contained file a compliance officer can open offline and send.

Contents, top to bottom: the run (from ``manifest.json``, shown as it is), the summary
(:mod:`reports.summary`), two inline SVG charts (findings by kind, verdicts by
platform), the worst findings as a sortable table, and one anchored section per hand
explained (:mod:`reports.explain`), each finding linking to its hand.

Nothing is fetched when the file opens: no URL, font, image or script file; a
Content-Security-Policy meta tag forbids it anyway. The table is already in worst-first
order in the HTML, so it reads correctly without scripts; a small inline script adds
click-to-sort on the column headers. The script records any script error into the page
(``#script-errors``, attribute ``data-count``) and marks ``<body data-ready="true">``
when it has run, so a headless browser can check both. All text from the histories is
escaped. With a :class:`reports.redact.Redactor`, player names become pseudonyms
everywhere (table, details, explanations, file names in the run section).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

import polars as pl

from reports import explain, svg
from reports.choices import DEFAULT_TOP as DEFAULT_TOP  # re-exported: its home before
from reports.redact import Redactor, redact_explanation, redact_findings
from reports.summary import CHIPS, Summary, conform_findings, money_label, summarise, worst_findings
from reports.unknown_lines import unknown_line_text
from rules.money import format_minor


_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; font-size: 0.88em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #eef1f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0;
            cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " \\25B2"; }
th[aria-sort="descending"] button::after { content: " \\25BC"; }
tr.accepted td { color: #777; }
.figures { display: flex; flex-wrap: wrap; gap: 0.6em; }
.figure { border: 1px solid #ccc; border-radius: 6px; padding: 0.4em 0.8em; min-width: 8em; }
.figure b { display: block; font-size: 1.4em; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5em; }
.note { color: #555; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.88em; }
.picture svg { max-width: 100%; height: auto; }
section.explanation { border-top: 2px solid #ccc; margin-top: 1.5em; }
#script-errors:empty { display: none; }
#script-errors { color: #b00; }
"""

# Installed first, in <head>, so errors in any later script are caught too.
_ERROR_SCRIPT = """
window.hhauditErrors = [];
window.onerror = function (message, source, line) {
  window.hhauditErrors.push(String(message) + " (line " + line + ")");
  var box = document.getElementById("script-errors");
  if (box) {
    var item = document.createElement("li");
    item.textContent = String(message) + " (line " + line + ")";
    box.appendChild(item);
    box.setAttribute("data-count", String(window.hhauditErrors.length));
  }
};
"""

_SORT_SCRIPT = """
(function () {
  "use strict";
  function key(cell, numeric) {
    var raw = cell.getAttribute("data-v");
    if (raw === null) { raw = cell.textContent; }
    if (numeric) { return raw === "" ? -Infinity : Number(raw); }
    return raw.toLowerCase();
  }
  function sortTable(table, column, numeric, header) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var descending = header.getAttribute("aria-sort") !== "descending";
    rows.forEach(function (row, index) { row.hhauditIndex = index; });
    rows.sort(function (a, b) {
      var x = key(a.cells[column], numeric), y = key(b.cells[column], numeric);
      if (x < y) { return descending ? 1 : -1; }
      if (x > y) { return descending ? -1 : 1; }
      return a.hhauditIndex - b.hhauditIndex;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) { heads[i].removeAttribute("aria-sort"); }
    header.setAttribute("aria-sort", descending ? "descending" : "ascending");
    table.setAttribute("data-sorted-by", header.getAttribute("data-col"));
  }
  function setUp() {
    var tables = document.querySelectorAll("table.sortable");
    for (var t = 0; t < tables.length; t++) {
      (function (table) {
        var heads = table.tHead.rows[0].cells;
        for (var i = 0; i < heads.length; i++) {
          (function (header, column) {
            var button = document.createElement("button");
            button.type = "button";
            button.textContent = header.textContent;
            header.textContent = "";
            header.appendChild(button);
            button.addEventListener("click", function () {
              sortTable(table, column, header.getAttribute("data-type") === "num", header);
            });
          })(heads[i], i);
        }
        table.setAttribute("data-sortable", "ready");
      })(tables[t]);
    }
    var box = document.getElementById("script-errors");
    if (box) { box.setAttribute("data-count", String(window.hhauditErrors.length)); }
    document.body.setAttribute("data-ready", "true");
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
"""

_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")


def _esc(text: Any) -> str:
    return escape("" if text is None else str(text), quote=True)


def hand_anchor(hand_key: str) -> str:
    """The HTML id of a hand's explanation section (only ``[A-Za-z0-9_-]``).

    >>> hand_anchor("pokerstars:1676150046"), hand_anchor("ipoker:<x>")
    ('hand-pokerstars-1676150046', 'hand-ipoker-x-')
    """
    return "hand-" + re.sub(r"[^A-Za-z0-9_]+", "-", str(hand_key))


def _anchors(keys: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    used: set[str] = set()
    for key in keys:
        anchor = base = hand_anchor(key)
        n = 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        out[key] = anchor
    return out


def _json_html(value: Any, depth: int = 0) -> str:
    """Any JSON value as nested HTML (the manifest is displayed, never interpreted)."""
    if isinstance(value, Mapping):
        if not value:
            return "<i>none</i>"
        rows = "".join(f"<tr><th>{_esc(k)}</th><td>{_json_html(v, depth + 1)}</td></tr>"
                       for k, v in value.items())
        return f"<table>{rows}</table>"
    if isinstance(value, list):
        if not value:
            return "<i>none</i>"
        if all(isinstance(v, Mapping) for v in value):
            columns: list[str] = []
            for v in value:
                columns += [k for k in v if k not in columns]
            head = "".join(f"<th>{_esc(c)}</th>" for c in columns)
            body = "".join(
                "<tr>" + "".join(f"<td>{_json_html(v.get(c), depth + 1)}</td>" for c in columns)
                + "</tr>" for v in value)
            return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        return "<br>".join(_json_html(v, depth + 1) for v in value)
    if value is None:
        return "<i>null</i>"
    if isinstance(value, bool):
        return "true" if value else "false"
    return _esc(value)


def _redact_json(value: Any, redactor: Redactor) -> Any:
    if isinstance(value, Mapping):
        return {k: _redact_json(v, redactor) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact_json(v, redactor) for v in value]
    if isinstance(value, str):
        return redactor.text(value)
    return value


def _figure(label: str, value: Any) -> str:
    return f'<div class="figure"><b>{_esc(value)}</b>{_esc(label)}</div>'


def _summary_html(summary: Summary) -> str:
    h = summary.hands
    figures = "".join([
        _figure("hands audited", h.audited), _figure("clean", h.clean),
        _figure("with findings", h.findings), _figure("unverifiable", h.unverifiable),
        _figure("relative only", h.relative_only),
        _figure("findings not accepted", summary.not_accepted),
        _figure("findings accepted", summary.accepted),
    ])
    parts = [f'<section id="summary"><h2>Summary</h2><div class="figures">{figures}</div>',
             f'<p>Money involved (per hand, what was paid to the wrong seats, or what was not paid; '
             f'per currency, chips per tournament, never added to money): '
             f'<b class="money">{_esc(money_label(summary.money))}</b></p>']
    rows = "".join(
        f"<tr><td>{_esc(g.platform)}</td><td>{_esc(g.game)}</td>"
        f'<td class="num">{g.hands.audited}</td><td class="num">{g.hands.clean}</td>'
        f'<td class="num">{g.hands.findings}</td><td class="num">{g.hands.unverifiable}</td>'
        f'<td class="num">{g.hands.relative_only}</td><td class="num">{g.findings}</td>'
        f'<td class="num">{g.accepted}</td><td>{_esc(money_label(g.money))}</td></tr>'
        for g in summary.groups)
    parts.append(
        '<h3>By platform and game</h3><table id="by-platform-game"><thead><tr><th>platform</th>'
        "<th>game</th><th>audited</th><th>clean</th><th>with findings</th><th>unverifiable</th>"
        "<th>relative only</th><th>findings</th><th>accepted</th><th>money involved</th></tr>"
        f"</thead><tbody>{rows}</tbody></table>")
    rows = "".join(
        f"<tr><td>{_esc(g.platform)}</td><td>{_esc(g.game)}</td><td>{_esc(k.kind)}</td>"
        f'<td class="num">{k.findings}</td><td class="num">{k.accepted}</td>'
        f"<td>{_esc(money_label(k.money))}</td></tr>"
        for g in summary.groups for k in g.kinds)
    parts.append(
        '<h3>Findings by platform, game and kind</h3><table id="by-kind"><thead><tr>'
        "<th>platform</th><th>game</th><th>kind</th><th>findings</th><th>accepted</th>"
        f"<th>money involved</th></tr></thead><tbody>{rows}</tbody></table></section>")
    return "".join(parts)


def _charts_html(summary: Summary) -> str:
    kinds = svg.bar_chart([(k.kind, k.findings) for k in summary.kinds], "Findings by kind",
                          css_class="chart chart-kinds")
    verdicts = svg.stacked_bar_chart(
        [(platform, [("clean", c.clean), ("findings", c.findings),
                     ("unverifiable", c.unverifiable), ("relative_only", c.relative_only)])
         for platform, c in summary.verdicts_by_platform],
        "Hands by verdict and platform", svg.VERDICT_COLOURS, css_class="chart chart-verdicts")
    return f'<section id="charts"><h2>Charts</h2><div class="charts">{kinds}{verdicts}</div></section>'


_COLUMNS = (  # (key, header, numeric)
    ("rank", "rank", True), ("delta", "delta", True), ("recorded", "recorded", True),
    ("expected", "expected", True), ("unit", "unit", False), ("kind", "kind", False),
    ("hand_key", "hand", False), ("seat", "seat", True), ("player", "player", False),
    ("pot", "pot", True), ("run", "run", True), ("half", "half", False),
    ("accepted", "accepted", False), ("detail", "detail", False),
)


def _findings_table(worst: pl.DataFrame, anchors: Mapping[str, str], total: int) -> str:
    head = "".join(f'<th data-col="{key}" data-type="{"num" if numeric else "text"}">'
                   f"{_esc(label)}</th>" for key, label, numeric in _COLUMNS)
    rows = []
    for f in worst.iter_rows(named=True):
        scale = f["amount_scale"] or 1

        def amount(value: int | None, scale: int = scale) -> str:
            if value is None:
                return '<td class="num" data-v=""></td>'
            return f'<td class="num" data-v="{value}">{_esc(format_minor(value, scale))}</td>'

        def number(value: int | None) -> str:
            return f'<td class="num" data-v="{"" if value is None else value}">' \
                   f'{"" if value is None else value}</td>'

        anchor = anchors.get(f["hand_key"])
        hand = (f'<a href="#{_esc(anchor)}">{_esc(f["hand_key"])}</a>' if anchor
                else _esc(f["hand_key"]))
        accepted = (f'yes: {_esc(f["accept_reason"])}' if f["accept_reason"] else "yes") \
            if f["accepted"] else "no"
        cls = ' class="finding accepted"' if f["accepted"] else ' class="finding"'
        rows.append(
            f"<tr{cls}>{number(f['rank'])}{amount(f['delta'])}{amount(f['recorded'])}"
            f"{amount(f['expected'])}<td>{_esc(f['currency'] or CHIPS)}</td>"
            f"<td>{_esc(f['kind'])}</td><td>{hand}</td>{number(f['seat'])}"
            f"<td>{_esc(f['player'])}</td>{number(f['pot'])}{number(f['run'])}"
            f"<td>{_esc(f['half'])}</td><td>{accepted}</td><td>{_esc(f['detail'])}</td></tr>")
    left_out = total - worst.height
    note = (f"Showing all {total} findings, worst first within each currency."
            if not left_out else
            f"Showing the worst {worst.height} of {total} findings; {left_out} left out "
            f"(all of them are in findings.parquet).")
    return (f'<section id="findings"><h2>Findings</h2><p class="note" id="findings-note" '
            f'data-shown="{worst.height}" data-total="{total}" data-left-out="{left_out}">'
            f"{_esc(note)} Rank is the order within the finding's currency; click a column "
            f"heading to sort.</p>"
            f'<table id="findings-table" class="sortable"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></section>')


def _audited(summary: Summary, context: Mapping[str, Any] | None) -> str:
    """What was audited, for the title: hands, platforms and the period."""
    platforms = ", ".join(p for p, _ in summary.verdicts_by_platform) or "no platform"
    period = (context or {}).get("period")
    when = "" if not period else (f", {period[0]}" if period[0] == period[1] else f", {period[0]} to {period[1]}")
    return f"{summary.hands.audited} hands of {platforms}{when}"


def _scope_html(summary: Summary, manifest: Mapping[str, Any], context: Mapping[str, Any], run_id: str) -> str:
    """The period covered, the policy per platform and ingest health, before anything else."""
    period = context.get("period")
    items = [f"<li>Period covered (hand dates as printed): <b id='period'>"
             f"{_esc(f'{period[0]} to {period[1]}' if period else 'unknown')}</b></li>"]
    policies = manifest.get("policies") or {}
    if isinstance(policies, Mapping) and policies:
        rows = "".join(f"<li>{_esc(p)}: {_esc(v.get('name') if isinstance(v, Mapping) else v)}"
                       f"{_esc(' (hash ' + str(v.get('hash')) + ')') if isinstance(v, Mapping) and v.get('hash') else ''}"
                       f"</li>" for p, v in policies.items())
        items.append(f"<li>Odd-chip policy per platform (\"*\": forced for all):<ul id='policies'>{rows}</ul></li>")
    quarantined = context.get("quarantined", (manifest.get("summary") or {}).get("quarantined"))
    reasons = context.get("quarantine_reasons") or {}
    why = "; ".join(f"{k}: {v}" for k, v in reasons.items())
    items.append(f"<li>Ingest health: <b id='quarantined'>{_esc(quarantined if quarantined is not None else '?')}"
                 f"</b> hands quarantined (not audited){_esc(' (' + why + ')') if why else ''}; ")
    bad = context.get("bad_files") or []
    files = context.get("files", len(manifest.get("inputs") or []))
    listed = "".join(f"<li>{_esc(b.get('source_file'))}: {_esc(b.get('status'))}"
                     f"{_esc(': ' + str(b['message'])) if b.get('message') else ''}</li>" for b in bad)
    items[-1] += (f"<b id='bad-files'>{len(bad)}</b> of {_esc(files)} files unreadable or unrecognised"
                  f"{'<ul>' + listed + '</ul>' if listed else ''}</li>")
    unknown = context.get("unknown_lines") or []
    if unknown:
        shapes = "".join(f"<li>{_esc(unknown_line_text(u))}</li>" for u in unknown)
        items.append(f"<li>Lines the parsers do not know, commonest first (what a platform changed):"
                     f"<ul id='unknown-lines'>{shapes}</ul></li>")
    if run_id:
        items.append(f"<li>Run {_esc(run_id)}</li>")
    return f'<section id="scope"><ul>{"".join(items)}</ul></section>'


def render_report(hands: pl.DataFrame, findings: pl.DataFrame,
                  manifest: Mapping[str, Any] | None = None,
                  explanations: Iterable[Mapping[str, Any]] = (), *,
                  redactor: Redactor | None = None, top: int = DEFAULT_TOP,
                  title: str = "hhaudit report", context: Mapping[str, Any] | None = None) -> str:
    """The whole report as one HTML document (text). ``context`` is what the run's lake
    says beyond the findings (``audit.report_context.RunContext.header``: the period
    covered and ingest health); the report states it first, with the policy per platform."""
    findings = conform_findings(findings)
    if redactor is not None:
        findings = redact_findings(findings, redactor)
    summary = summarise(hands, findings)
    worst = worst_findings(findings, top)
    shown = set(worst.get_column("hand_key").to_list())
    by_key: dict[str, Mapping[str, Any]] = {}
    for e in explanations:
        key = str(e.get("hand_key"))
        if key in shown and key not in by_key:
            by_key[key] = redact_explanation(e, redactor) if redactor is not None else e
    ordered = [k for k in dict.fromkeys(worst.get_column("hand_key").to_list()) if k in by_key]
    anchors = _anchors(ordered)
    manifest = dict(manifest or {})
    context = dict(context or {})
    if redactor is not None:
        manifest = _redact_json(manifest, redactor)
        context = _redact_json(context, redactor)  # file names are often a player's
    given = manifest.get("run_id")
    run_id = given if isinstance(given, str) else ""
    heading = f"{title}: {_audited(summary, context)}"
    explained = "".join(explain.fragment(by_key[k], anchors[k]) for k in ordered)
    missing = len(shown) - len(ordered)
    hands_note = (f'<p class="note">{missing} hands with findings shown have no explanation '
                  f"in this report.</p>" if missing else "")
    redacted = ('<p class="note" id="redacted">Player names are pseudonyms '
                "(Player-&lt;keyed hash&gt;): the same player has the same pseudonym "
                "throughout this file.</p>" if redactor is not None else "")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        f"<title>{_esc(heading)}</title><style>{_STYLE}</style>",
        f"<script>{_ERROR_SCRIPT}</script></head>",
        '<body data-ready="false">',
        f"<h1>{_esc(heading)}</h1>{redacted}",
        _scope_html(summary, manifest, context or {}, run_id),
        '<ul id="script-errors" data-count="0"></ul>',
        _summary_html(summary),
        _charts_html(summary),
        _findings_table(worst, anchors, findings.height),
        f'<section id="hands"><h2>Hands explained</h2>{hands_note}{explained}</section>',
        # the run's provenance (inputs, digests, resolved policies) last: it is for the record
        f'<section id="run"><h2>Run</h2><details><summary>inputs, outputs and policies of this run'
        f'</summary>{_json_html(manifest)}</details></section>',
        f"<script>{_SORT_SCRIPT}</script>",
        "</body></html>\n",
    ])
