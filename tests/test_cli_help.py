"""Help texts (issue 16): -h works as --help, and no help text names a file that is not in
the repository."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from audit.cli.app import app

REPO = Path(__file__).resolve().parent.parent
COMMANDS = ["ingest", "audit", "run", "explain", "report", "export", "settle", "games", "policies", "schema"]
runner = CliRunner()


def test_h_is_help_for_the_program_and_every_command() -> None:
    assert runner.invoke(app, ["-h"]).stdout == runner.invoke(app, ["--help"]).stdout
    for command in COMMANDS:
        short, long = runner.invoke(app, [command, "-h"]), runner.invoke(app, [command, "--help"])
        assert short.exit_code == 0 and short.stdout == long.stdout, command


def test_no_help_text_names_a_file_not_in_the_repository() -> None:
    named = set()
    for command in [None, *COMMANDS]:
        text = runner.invoke(app, [command, "--help"] if command else ["--help"], terminal_width=400).stdout
        named |= set(re.findall(r"[\w./-]+\.(?:md|py|toml)\b", re.sub(r"[│╭╮╰╯─]", " ", text)))
    assert "rules/rake_schedules/README.md" in named and "docs/settle.md" in named
    assert sorted(n for n in named if not (REPO / n).exists()) == []


def test_no_profile_description_names_a_file_not_in_the_repository() -> None:
    from rules.odd_chip import profile_names

    for name in profile_names():
        text = runner.invoke(app, ["policies", name]).stdout
        named = re.findall(r"[\w./-]+\.(?:md|py|toml)\b", text)
        assert [n for n in named if not (REPO / n).exists()] == [], name
