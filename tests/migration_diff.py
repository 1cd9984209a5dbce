"""Compare a parser migrated onto ``parsers.engine`` with its version on another branch.

``/work/tools/compare.sh`` checks the lake of the corpus row for row; the corpus holds few
hands of most platforms. This runs the module of another git revision (default ``main``)
and the working tree's side by side on the platform's corpus hands, on the long string
constants of its ``tests/test_parser_<module>.py`` and on randomly edited copies of them
(lines deleted, repeated, swapped, cut, padded, digits changed), and prints every
difference by kind: what each parser returned or the quarantine reason and message. A
migration should differ only on edited hands, and each kind of difference should be one
the engine's guide names (its stricter reading of unknown text, its wording of errors).

usage: ``python -m tests.migration_diff MODULE CORPUS_DIR [--edits N] [--rev REV] [--show K] [--tests FILE]``
e.g. ``.venv/bin/python -m tests.migration_diff ongame OnGame --edits 4000`` (``--tests`` names the
module's test file where it is not ``tests/test_parser_<module>.py``: ``poker888`` has
``tests/test_parser_888poker.py``). Not a test.
"""

from __future__ import annotations

import argparse
import ast
import collections
import dataclasses
import importlib
import random
import re
import subprocess
import types
from pathlib import Path
from typing import Any

from tests.corpus import CORPUS, read_text

REPO = Path(__file__).resolve().parent.parent


def _old_module(module: str, rev: str) -> types.ModuleType:
    source = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:parsers/{module}.py"],
                            capture_output=True, text=True, check=True).stdout
    old = types.ModuleType(f"old_{module}")
    exec(compile(source, f"{rev}:parsers/{module}.py", "exec"), old.__dict__)  # noqa: S102 (our own history)
    return old


def _hands(parser: Any, module: str, corpus_dir: str, tests: Path | None = None) -> list[str]:
    hands = []
    for path in sorted((CORPUS / corpus_dir).rglob("*")):
        if path.is_file() and parser.sniff(read_text(path)[:8192]):
            hands += [hand for _, hand in parser.split(read_text(path))]
    tests = tests or REPO / "tests" / f"test_parser_{module}.py"
    for node in ast.walk(ast.parse(tests.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.count("\n") > 5:
            hands.append(node.value)
    return hands


def _edit(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    edit = rng.randrange(8)
    if edit == 0:
        del lines[i]
    elif edit == 1:
        lines.insert(i, lines[j])
    elif edit == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif edit == 3:
        lines[i] = re.sub(r"\d", lambda _: str(rng.randrange(10)), lines[i], count=1)
    elif edit == 4:
        lines = lines[:i]
    elif edit == 5:
        lines[i] = f"  {lines[i]}  "
    elif edit == 6:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    else:
        lines[i] = f"{lines[i]} {lines[j][-8:]}"
    return "\n".join(lines)


def _outcome(parser: Any, text: str) -> tuple:
    try:
        return ("ok", dataclasses.asdict(parser.parse(text)))
    except Exception as exc:  # a parser fault is an outcome too
        return ("error", type(exc).__name__, str(getattr(exc, "reason", "")), getattr(exc, "message", str(exc)),
                getattr(exc, "hand_id", None))


def _kind(a: tuple, b: tuple) -> str:
    if a[0] == b[0] == "ok":
        return "both parse; differing fields: " + ", ".join(k for k in a[1] if a[1][k] != b[1][k])
    shape = (lambda o: "parses" if o[0] == "ok" else f"{o[2] or o[1]}: {re.sub(r'[0-9]+|' + chr(39) + '.*' + chr(39), '#', o[3])[:80]}")
    return f"{shape(a)}  ->  {shape(b)}"


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("module")
    args.add_argument("corpus_dir")
    args.add_argument("--edits", type=int, default=3000)
    args.add_argument("--rev", default="main")
    args.add_argument("--show", type=int, default=1, help="examples printed per kind of difference")
    args.add_argument("--tests", type=Path, help="the module's test file (default tests/test_parser_MODULE.py)")
    opts = args.parse_args()
    old, new = _old_module(opts.module, opts.rev).PARSER, importlib.import_module(f"parsers.{opts.module}").PARSER
    hands = _hands(new, opts.module, opts.corpus_dir, opts.tests)
    rng = random.Random(7)
    cases = [("as written", h) for h in hands]
    for _ in range(opts.edits):
        text = rng.choice(hands)
        for _ in range(rng.randrange(1, 3)):
            text = _edit(text, rng)
        cases.append(("edited", text))
    found: dict[str, list] = collections.defaultdict(list)
    for origin, text in cases:
        a, b = _outcome(old, text), _outcome(new, text)
        if a != b:
            found[_kind(a, b)].append((origin, text, a, b))
    print(f"{len(hands)} hands, {len(cases)} cases, {sum(map(len, found.values()))} differ")
    for kind, items in sorted(found.items(), key=lambda kv: -len(kv[1])):
        origins = sorted({origin for origin, *_ in items})
        print(f"{len(items):6d}  {kind}   [{', '.join(origins)}]")
        base_lines = {line for hand in hands for line in hand.split("\n")}
        for _, text, a, b in items[: opts.show]:
            print("          edited lines:", [line for line in text.split("\n") if line not in base_lines][:3])


if __name__ == "__main__":
    main()
