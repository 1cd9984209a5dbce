"""Commands ``settle``, ``games`` and ``policies``: the rules engine from the shell.

``hhaudit settle [FILE|-] [--jsonl]`` reads one showdown (contracts.md) and writes its
settlement as JSON; with ``--jsonl`` one showdown per line in, one result per line out,
a bad line answered by ``{"error": ..., "line": N}`` and exit code 2 at the end.
Bad input: ``error:`` and the message on stderr, exit 2 (``audit.errors.RulesInputError``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from audit.cli.common import finish
from audit.errors import ExitStatus, RulesInputError

# rules.settle and its kin are imported inside the commands: --help and --version start
# without them (tests/test_cli_startup.py)


def _settle_text(text: str) -> dict[str, Any]:
    from rules.settle import SettlementInputError, settle
    from rules.showdown_json import settlement_to_json, showdown_from_json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettlementInputError(f"not valid JSON: {exc}") from None
    return settlement_to_json(settle(showdown_from_json(data)))


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def settle_cmd(
    file: str = typer.Argument("-", help="a JSON file, or - for standard input"),
    jsonl: bool = typer.Option(False, "--jsonl", help="one showdown per line in, one result per line out"),
) -> None:
    """Settle showdowns given as JSON (the format: docs/settle.md; hhaudit schema --settle)."""
    from rules.settle import SettlementInputError

    where = "standard input" if file == "-" else file
    try:
        data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        text = data.decode("utf-8")
    except OSError as exc:
        raise RulesInputError(f"cannot read {file}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise RulesInputError(f"cannot read {where}: not UTF-8 text (byte {exc.start}); give JSON") from None
    if not jsonl:
        try:
            result = _settle_text(text)
        except SettlementInputError as exc:
            raise RulesInputError(str(exc)) from None
        typer.echo(_dump(result))
        return
    failed = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            typer.echo(_dump(_settle_text(line)))
        except SettlementInputError as exc:
            failed = True
            typer.echo(_dump({"error": str(exc), "line": number}))
    if failed:  # every line was answered; the exit code says some were bad
        finish(ExitStatus.BAD_INPUT)


def games_cmd() -> None:
    """One line per game: name, cards dealt, and how the pot is won."""
    from rules.games import GAMES

    for game, spec in GAMES.items():
        halves = " / ".join(
            f"{h.half.value}:{h.ranking.value}" + (f"({h.qualifier} or better)" if h.qualifier else "")
            for h in spec.halves
        )
        kind = "stud" if spec.stud else ("draw" if spec.draw else "board")
        extra = " two boards" if spec.boards == 2 else ""
        typer.echo(f"{game.value}\t{spec.name}\t{kind}\thole={spec.hole_cards}\tboard={spec.board_cards}\t{halves}{extra}")


def policies_cmd(name: str | None = typer.Argument(None, help="a profile to show in full")) -> None:
    """One line per profile, or one profile's options (``[U]``: unconfirmed)."""
    from rules.odd_chip import PolicyError, get_policy, profile_names

    if name is None:
        for profile in profile_names():
            policy = get_policy(profile)
            count = len(policy.unconfirmed)
            typer.echo(f"{profile}\t{policy.hash}\t{count} unconfirmed")
        return
    try:
        policy = get_policy(name)
    except PolicyError as exc:
        raise RulesInputError(str(exc)) from None
    typer.echo(f"# {policy.name} (hash {policy.hash}; base {policy.base or 'none'})")
    typer.echo(f"# {policy.description}")
    typer.echo(policy.describe())


def register(app: typer.Typer) -> None:
    """Add ``settle``, ``games`` and ``policies`` to the hhaudit application."""
    app.command("settle")(settle_cmd)
    app.command("games")(games_cmd)
    app.command("policies")(policies_cmd)
