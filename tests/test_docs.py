"""docs/ stays true: its generated blocks are what ``audit.docgen`` writes from the code,
its examples are what the tool does with them, and every name it must explain is."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from audit import docgen
from audit.cli.app import app
from audit.schema import OUTPUTS
from parsers.registry import all_parsers
from rules.odd_chip import option_names
from rules.vocab import VOCABULARIES, FindingKind, Platform, Verdict

DOCS = docgen.DOCS
PAGES = sorted(DOCS.glob("*.md"))
#: the example hand histories; each ``NAME.txt`` has its expected outcome in ``NAME.json``
HANDS = sorted(docgen.EXAMPLES.glob("*/*.txt"))
runner = CliRunner()


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _prose(name: str) -> str:
    """A page without its generated blocks: what a person wrote."""
    return re.sub(r"<!-- generated: .*?<!-- end generated -->", "", _page(name), flags=re.S)


def _undefined(text: str, names) -> list[str]:
    """The names that no list item (``- `name`...``) or heading (``## `name```) of the text defines."""
    return [n for n in names if not re.search(rf"^(?:\s*- |#+ )`{re.escape(str(n))}`", text, re.M)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_is_what_the_generator_writes(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert docgen.render(text) == text, f"{page.name} is stale: run python -m audit.docgen"


def test_every_page_is_in_the_index_and_every_link_resolves() -> None:
    index = _page("README.md")
    assert [p.name for p in PAGES if p.name != "README.md" and f"]({p.name})" not in index] == []
    broken = [(p.name, target) for p in PAGES for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", p.read_text())
              if not (DOCS / target).exists()]
    assert broken == []


@pytest.fixture(scope="module")
def run_out(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    """``hhaudit run`` over every example hand history of docs/examples/."""
    out = tmp_path_factory.mktemp("docs") / "out"
    result = runner.invoke(app, ["run", *map(str, HANDS), "--out", str(out), "--workers", "1"])
    return out, result


def test_each_example_hand_gets_the_verdict_and_rows_its_page_shows(run_out) -> None:
    out, result = run_out
    assert result.exit_code == 1, result.output  # findings, as outputs.md says
    findings = pl.read_parquet(out / "findings.parquet")
    verdicts = {r["hand_key"]: r for r in pl.read_parquet(out / "hands.parquet").iter_rows(named=True)}
    assert len(verdicts) == len(HANDS)
    for hand in HANDS:
        expected = json.loads(hand.with_suffix(".json").read_text(encoding="utf-8"))
        key = expected["hand_key"]
        rows = findings.filter(pl.col("hand_key") == key).select(docgen.EXAMPLE_COLUMNS).to_dicts()
        assert (verdicts[key]["verdict"], verdicts[key]["reason"], rows) == (
            expected["verdict"], expected["reason"], expected["findings"]), hand.name


def test_every_finding_kind_and_verdict_has_an_example() -> None:
    for kind in FindingKind:
        rows = json.loads((docgen.EXAMPLES / "findings" / f"{kind}.json").read_text())["findings"]
        assert {r["kind"] for r in rows} == {kind.value}, kind
    shown = {json.loads(p.with_suffix(".json").read_text())["verdict"] for p in HANDS}
    assert shown == {v.value for v in Verdict}


def test_settle_examples_are_what_the_command_prints() -> None:
    inputs = [p for p in sorted(docgen.EXAMPLES.glob("settle/*.json")) if not p.name.endswith(".out.json")]
    assert inputs
    for given in inputs:
        result = runner.invoke(app, ["settle", str(given)])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout) == json.loads(given.with_suffix(".out.json").read_text()), given.name


def test_outputs_page_names_every_file_field_and_count_a_run_writes(run_out) -> None:
    out, result = run_out
    written = {p.name for p in out.iterdir()}
    assert written == {"lake", "findings.parquet", "hands.parquet", "manifest.json", "report.html", "explanations.jsonl"}
    prose = _prose("outputs.md")
    assert _undefined(prose, sorted(written)) == []
    manifest = json.loads((out / "manifest.json").read_text())
    assert _undefined(prose, manifest) == []
    assert _undefined(prose, manifest["summary"]) == []
    last = json.loads(result.stdout.splitlines()[-1])
    assert _undefined(prose, last) == []
    shown = re.search(r"ends with this line:\n\n```json\n(.*?)\n```", prose, re.S)
    assert shown and json.loads(shown.group(1)) == last
    assert _undefined(prose, [c.name for t in OUTPUTS.values() for c in t.columns]) == []


def test_every_name_a_page_must_explain_is_explained() -> None:
    lake = _prose("lake.md")
    for vocabulary in ("limit", "half", "payout_source", "rake_source", "file_status", "quarantine_reason"):
        assert _undefined(lake, (m.value for m in VOCABULARIES[vocabulary])) == [], vocabulary
    findings = _prose("findings.md")
    assert _undefined(findings, [*(k.value for k in FindingKind), *(v.value for v in Verdict)]) == []
    assert _undefined(_prose("policies.md"), option_names()) == []
    platforms = _prose("platforms.md")
    assert [p.value for p in Platform if f"`{p.value}`" not in platforms] == []


def test_every_parser_version_says_what_it_changed() -> None:
    """Each format has a section listing every version from 1 to its current one, in order."""
    prose = _prose("parser-versions.md")
    sections = dict(re.findall(r"^### `([\w]+)`\n\n(.*?)(?=^### |\Z)", prose, re.M | re.S))
    listed = {fmt: re.findall(r"^- \*\*(\d+)\*\*: \S", text, re.M) for fmt, text in sections.items()}
    current = {str(p.format): getattr(p, "version", "1") for p in all_parsers()}
    assert listed == {fmt: [str(v) for v in range(1, int(version) + 1)] for fmt, version in current.items()}
