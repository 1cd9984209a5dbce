"""``hhaudit --version`` and every ``--help`` start without the data libraries (issue 14):
the commands import the library when they run, not when the application is built."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("polars", "pyarrow", "deltalake")
COMMANDS = ("ingest", "audit", "run", "explain", "report", "export", "settle", "games", "policies", "schema",
            "verify", "lake")
ARGS = [["--version"], ["--help"], *([c, "--help"] for c in COMMANDS), ["lake", "vacuum", "--help"]]


def _imported(args: list[str]) -> tuple[str, list[str]]:
    """What the command printed, and which of the heavy libraries it had imported at exit."""
    program = (
        "import json, sys\n"
        f"sys.argv = ['hhaudit', *{args!r}]\n"
        "from audit.cli.app import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        f"    print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("args", ARGS, ids=" ".join)
def test_help_and_version_import_no_data_library(args: list[str]) -> None:
    out, heavy = _imported(args)
    assert heavy == []
    assert ("hhaudit " if args == ["--version"] else "Usage:") in out


def test_a_command_that_works_still_imports_them() -> None:
    out, heavy = _imported(["schema", "--json"])
    assert json.loads(out)["tables"]["hands"][0]["name"] == "hand_key"
    assert "pyarrow" in heavy
