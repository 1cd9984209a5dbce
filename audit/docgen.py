"""The generated parts of ``docs/``: tables, vocabularies, policies and examples.

Every page of ``docs/`` is prose written by hand around blocks that open with
``<!-- generated: KIND [ARGUMENT] -->`` and close with ``<!-- end generated -->``. The
content of a block is made here from what the code declares (``audit.schema``,
``rules.vocab``, ``rules.games``, ``rules.odd_chip``, the output columns of
``audit.audit``, the parsers' versions) or from the example files under ``docs/examples/``; nothing outside the
blocks is touched. ``tests/test_docs.py`` fails when a committed page differs from what
this module writes, so the pages cannot drift from the code.

``python -m audit.docgen`` rewrites the pages; ``--check`` only lists the stale ones
(exit 1); ``--examples`` first rewrites each example's expected outcome from what the
tool does now (review the diff: the tests compare the tool with those files).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from audit.schema import OUTPUTS, TABLES
from parsers.registry import all_parsers
from rules.games import GAMES, UNSETTLED_RANKINGS, GameSpec
from rules.odd_chip import (
    FACTORY_DEFAULT,
    FEE_NAMES,
    OPTION_VALUES,
    UNIT_SYMBOLS,
    get_policy,
    option_names,
    profile_names,
)
from rules.vocab import VOCABULARIES

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXAMPLES = DOCS / "examples"
_BLOCK = re.compile(r"(<!-- generated: ([a-z-]+)(?: ([\w/.-]+))? -->\n)(.*?)(<!-- end generated -->)", re.S)
#: the columns of a finding row an example shows (the others are the hand's, or constant)
EXAMPLE_COLUMNS = ("seat", "player", "pot", "run", "half", "recorded", "expected", "delta", "kind", "detail")


def _named(argument: str | None, what: str) -> str:
    """A block's argument; the blocks that need one fail on a page that gives none."""
    if argument is None:
        raise ValueError(f"this generated block needs a {what}")
    return argument


def _cell(value: Any) -> str:
    """A table cell: pipes escaped, and angle brackets outside `code` (else they read as HTML)."""
    parts = ("null" if value is None else str(value)).replace("|", "\\|").split("`")
    return "`".join(p if i % 2 else p.replace("<", "&lt;").replace(">", "&gt;") for i, p in enumerate(parts))


def _grid(header: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows])


def _code(values: Iterable[object]) -> str:
    return ", ".join(f"`{v}`" for v in values)


def lake_table(name: str | None) -> str:
    table = TABLES[_named(name, "table")]
    where = ("partitioned as `platform=<p>/date=<hand_date>/`" if table.partitioned else "not partitioned")
    rows = [(f"`{c.name}`", f"`{c.type}`", "yes" if c.nullable else "no", c.doc) for c in table.columns]
    grid = _grid(("column", "type", "null", "meaning"), rows)
    return f"{table.doc} Stored under `<lake>/{name}/`, {where}.\n\n{grid}"


def vocabularies(_: str | None = None) -> str:
    return _grid(("vocabulary", "values"), [(f"`{k}`", _code(m.value for m in v)) for k, v in VOCABULARIES.items()])


def games(_: str | None = None) -> str:
    def halves(spec: GameSpec) -> str:
        return " / ".join(f"{h.half.value}: {h.ranking.value}" + (f" ({h.qualifier} or better)" if h.qualifier else "")
                          for h in spec.halves)
    rows = [(f"`{g.value}`", s.name, "stud" if s.stud else "draw" if s.draw else "board", s.hole_cards,
             s.board_cards, halves(s) + (", two boards" if s.boards == 2 else "")) for g, s in GAMES.items()]
    return _grid(("game", "name", "kind", "cards dealt", "board cards", "halves (ranking)"), rows)


def unsettled_rankings(_: str | None = None) -> str:
    """``rules.games.UNSETTLED_RANKINGS``: each platform game whose ranking is in doubt."""
    rows = [(f"`{u.platform.value}`", f"`{u.recorded.value}`", _code(g.value for g in u.candidates), u.evidence)
            for u in UNSETTLED_RANKINGS]
    return _grid(("platform", "game recorded", "rankings tried (games)", "why in doubt"), rows)


def output_columns(which: str | None) -> str:
    which = _named(which, "which")
    table = OUTPUTS[f"{which}.parquet"]
    return _grid(("column", "type", "meaning"),
                 [(f"`{c.name}`", f"`{c.type}`" + ("" if c.nullable else " not null"), c.doc) for c in table.columns])


def parser_versions(_: str | None = None) -> str:
    """Each format's current version, as ``parser_version`` records it (``1`` where none is declared)."""
    parsers = sorted(all_parsers(), key=lambda p: str(p.format))
    return _grid(("format", "current version"), [(f"`{p.format}`", getattr(p, "version", "1")) for p in parsers])


def option_values(option: str) -> tuple[str, ...]:
    """The values an option takes, as the declarations allow them."""
    if option in OPTION_VALUES:
        return OPTION_VALUES[option]
    if option == "unit":
        return (*UNIT_SYMBOLS, "fixed:<amount>")
    if option == "fees_before_split":
        return (f"a list of {_code(FEE_NAMES)}",)
    return ("true", "false") if isinstance(getattr(FACTORY_DEFAULT, option), bool) else ("an integer",)


def _value(value: Any) -> str:
    """An option's value as a profile file or ``hhaudit policies`` writes it."""
    text = ",".join(value) if isinstance(value, tuple) else "none" if value is None else \
        str(value).lower() if isinstance(value, bool) else str(value)
    return f"`{text}`"


def options(_: str | None = None) -> str:
    rows = [(f"`{o}`", ", ".join(v if v.startswith(("a ", "an ")) else f"`{v}`" for v in option_values(o)),
             _value(getattr(FACTORY_DEFAULT, o))) for o in option_names()]
    return _grid(("option", "values", "factory default"), rows)


def profiles(_: str | None = None) -> str:
    everything = option_names()
    rows = []
    for name in profile_names():
        policy = get_policy(name)
        changed = [f"{o} = {_value(getattr(policy, o))}" for o in everything
                   if getattr(policy, o) != getattr(FACTORY_DEFAULT, o)]
        unconfirmed = sorted(policy.unconfirmed)
        if len(unconfirmed) > len(everything) / 2:
            others = [o for o in everything if o not in policy.unconfirmed]
            shown = "all but " + _code(others) if others else "all"
        else:
            shown = _code(unconfirmed) or "none"
        rows.append((f"`{name}`", f"`{policy.base or 'none'}`", ", ".join(changed) or "none", shown,
                     f"`{policy.hash}`"))
    return _grid(("profile", "base", "differs from the factory default", "unconfirmed [U]", "hash"), rows)


def pretty_json(value: Any) -> str:
    """JSON indented by two, with lists of plain values kept on one line."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)


def example(path: str | None) -> str:
    path = _named(path, "path")
    """A hand history of ``docs/examples/`` and what the audit makes of it (``PATH.json``)."""
    hand = (EXAMPLES / f"{path}.txt").read_text(encoding="utf-8").rstrip("\n")
    outcome = json.loads((EXAMPLES / f"{path}.json").read_text(encoding="utf-8"))
    verdict = f"Verdict: `{outcome['verdict']}`" + (f" ({outcome['reason']})." if outcome["reason"] else ".")
    rows = [tuple(r[c] for c in EXAMPLE_COLUMNS) for r in outcome["findings"]]
    table = f"\n\nRows of `findings.parquet` (amounts in minor units):\n\n{_grid(EXAMPLE_COLUMNS, rows)}" if rows else \
        "\n\nNo row in `findings.parquet`."
    return f"`docs/examples/{path}.txt`:\n\n```text\n{hand}\n```\n\n{verdict}{table}"


def settle_example(path: str | None) -> str:
    path = _named(path, "path")
    """A ``hhaudit settle`` input of ``docs/examples/`` and its output (``PATH.out.json``)."""
    given = (EXAMPLES / f"{path}.json").read_text(encoding="utf-8").rstrip("\n")
    out = pretty_json(json.loads((EXAMPLES / f"{path}.out.json").read_text(encoding="utf-8")))
    return (f"`hhaudit settle docs/examples/{path}.json` reads:\n\n```json\n{given}\n```\n\n"
            f"and writes (on one line; indented here):\n\n```json\n{out}\n```")


BLOCKS: dict[str, Callable[[str | None], str]] = {
    "table": lake_table, "vocabularies": vocabularies, "games": games, "output-columns": output_columns,
    "unsettled-rankings": unsettled_rankings,
    "options": options, "profiles": profiles, "example": example, "settle": settle_example,
    "parser-versions": parser_versions,
}


def render(text: str) -> str:
    """The page with every generated block made anew (an unknown block kind: KeyError)."""
    return _BLOCK.sub(lambda m: f"{m.group(1)}{BLOCKS[m.group(2)](m.group(3))}\n{m.group(5)}", text)


def finding_outcomes() -> dict[Path, dict[str, Any]]:
    """What the audit makes of each example hand history (one hand a file), by file."""
    import tempfile

    from audit.ingest import ingest
    from audit.lake import read_table
    from audit.pipeline import audit_lake

    files = sorted(EXAMPLES.glob("*/*.txt"))
    with tempfile.TemporaryDirectory() as tmp:
        lake = Path(tmp) / "lake"
        ingest(files, lake, workers=1)
        sources = dict(read_table(lake, "hands", ["hand_key", "source_file"]).iter_rows())
        outcome = audit_lake(lake, workers=1)
    out = {}
    for hand in outcome.verdicts.iter_rows(named=True):
        rows = outcome.findings.filter(outcome.findings["hand_key"] == hand["hand_key"])
        out[Path(sources[hand["hand_key"]])] = {
            "hand_key": hand["hand_key"], "verdict": hand["verdict"], "reason": hand["reason"],
            "findings": rows.select(EXAMPLE_COLUMNS).to_dicts()}
    return out


def settle_output(path: Path) -> dict[str, Any]:
    """What settlement makes of a ``hhaudit settle`` input file."""
    from rules.settle import settle
    from rules.showdown_json import settlement_to_json, showdown_from_json

    return settlement_to_json(settle(showdown_from_json(json.loads(path.read_text(encoding="utf-8")))))


def refresh_examples() -> None:
    """Rewrite every example's expected outcome from what the tool does now."""
    for path, outcome in finding_outcomes().items():
        path.with_suffix(".json").write_text(json.dumps(outcome, indent=2) + "\n", encoding="utf-8")
    for given in sorted(EXAMPLES.glob("settle/*.json")):
        if not given.name.endswith(".out.json"):
            given.with_suffix(".out.json").write_text(pretty_json(settle_output(given)) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if "--examples" in argv:
        refresh_examples()
    stale = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        fresh = render(text)
        if fresh != text:
            stale.append(page)
            if "--check" not in argv:
                page.write_text(fresh, encoding="utf-8")
    for page in stale:
        print(f"{'stale' if '--check' in argv else 'rewrote'}: {page.relative_to(DOCS.parent)}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
