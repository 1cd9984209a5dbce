"""The HTML report and an explanation page in a real browser (Debian's headless Chromium).

Checks what only a browser can: the page's script ran without an error (the page
records ``window.onerror`` into ``#script-errors`` and marks ``<body data-ready>``),
clicking a column heading sorts the findings, and the pages render to a non-trivial
picture. Skipped, saying why, where ``/usr/bin/chromium`` is missing; ``.ci/run``
installs it, so in CI these run.
"""

from __future__ import annotations

import re
import struct

import pytest

from reports import explain, html_report
from reports.redact import Redactor
from tests import browser
from tests.test_reports import MANIFEST, disputed_explanation, small_findings, small_hands

pytestmark = pytest.mark.skipif(
    not browser.available(),
    reason="Debian's chromium is not installed at /usr/bin/chromium "
           "(apt-get install chromium; .ci/run does this in CI)",
)


def _write_report(tmp_path, **kwargs):
    page = html_report.render_report(small_hands(), small_findings(), MANIFEST,
                                     [disputed_explanation()], **kwargs)
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return len(data), width, height


def _rows(dom: str) -> list[str]:
    return re.findall(r'<tr class="finding[^"]*">(.*?)</tr>', dom, flags=re.S)


def test_report_scripts_run_without_errors_and_everything_is_there(tmp_path):
    dom = browser.dump_dom(_write_report(tmp_path))
    assert re.search(r'<body[^>]*data-ready="true"', dom)
    assert '<ul id="script-errors" data-count="0"></ul>' in dom
    assert 'id="findings-table" class="sortable" data-sortable="ready"' in dom
    assert len(_rows(dom)) == 5
    assert dom.count('class="chart chart-kinds"') == 1
    assert dom.count('class="chart chart-verdicts"') == 1
    assert '<section id="summary">' in dom
    assert 'id="hand-pokerstars-1676150046"' in dom
    # headers became buttons (the script's work), and the hostile name stayed text
    assert dom.count('<th data-col="delta" data-type="num"><button type="button">delta</button>') == 1
    assert "<script>alert(1)</script>" not in dom
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


def test_clicking_a_heading_sorts_the_findings(tmp_path):
    path = _write_report(tmp_path)
    clicks = ("<script>document.addEventListener('DOMContentLoaded', function () {"
              "document.querySelector('th[data-col=\"delta\"] button').click();"
              "document.body.setAttribute('data-clicked', 'delta');});</script></body>")
    path.write_text(path.read_text(encoding="utf-8").replace("</body>", clicks), encoding="utf-8")
    dom = browser.dump_dom(path)
    assert 'data-clicked="delta"' in dom
    assert 'data-sorted-by="delta"' in dom and 'aria-sort="descending"' in dom
    deltas = [re.findall(r'data-v="([^"]*)"', row)[1] for row in _rows(dom)]
    assert deltas == ["1500", "5", "1", "-1", "-1500"]
    assert '<ul id="script-errors" data-count="0"></ul>' in dom


def test_script_errors_would_be_shown(tmp_path):
    """The error trap itself works: a deliberately broken script is reported in the DOM."""
    path = _write_report(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(
        "</body>", "<script>undefinedFunction();</script></body>"), encoding="utf-8")
    dom = browser.dump_dom(path)
    assert '<ul id="script-errors" data-count="1">' in dom
    assert "undefinedFunction" in dom


def test_report_screenshot(tmp_path):
    png = browser.screenshot(_write_report(tmp_path, redactor=Redactor(b"k")),
                             tmp_path / "report.png", (1280, 2400))
    size, width, height = _png_size(png)
    assert (width, height) == (1280, 2400)
    assert size > 50_000  # a blank page is a few kilobytes


def test_explanation_page_renders(tmp_path):
    path = tmp_path / "hand.html"
    path.write_text(explain.render_html(disputed_explanation()), encoding="utf-8")
    dom = browser.dump_dom(path)
    assert dom.count('<g class="seat"') == 8
    assert 'class="table-picture"' in dom
    assert "got 1256 (expected 1255)" in dom
    size, width, height = _png_size(browser.screenshot(path, tmp_path / "hand.png", (1100, 900)))
    assert (width, height) == (1100, 900)
    assert size > 40_000
