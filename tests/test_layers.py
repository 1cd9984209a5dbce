"""Imports point down only (architecture): parsers, rules and reports never import each
other; all may use the vocabulary (audit.vocab, audit.money); only audit joins them."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: package -> what it may import from this repository
ALLOWED = {
    "parsers": {"parsers", "audit.vocab", "audit.money"},
    "rules": {"rules", "audit.vocab"},
    "reports": {"reports", "audit.vocab", "audit.money"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {n for n in names if n.split(".")[0] in {"audit", "parsers", "rules", "reports"}}


def test_layers_import_only_downwards() -> None:
    wrong = []
    for package, allowed in ALLOWED.items():
        for path in sorted((REPO / package).rglob("*.py")):
            for name in _imports(path):
                if not any(name == a or name.startswith(a + ".") for a in allowed):
                    wrong.append(f"{path.relative_to(REPO)} imports {name}")
    assert wrong == []


def test_audit_package_init_imports_nothing_of_the_pipeline() -> None:
    assert _imports(REPO / "audit" / "__init__.py") == set()
