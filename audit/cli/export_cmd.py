"""``hhaudit export --format phh --lake DIR [HAND_KEY...] [--out DIR]``: hands as PHH.

With ``--out`` one ``.phh`` file per hand goes into DIR and the counts, as JSON, are the
last line of stdout; without it the PHH itself is stdout (the one hand asked for as
``.phh``, else a ``.phhs`` bundle keyed by hand key) and the counts go to stderr.

A hand asked for by key that PHH cannot express is refused by name (the game, or what
else it lacks), exit code 2; the others asked for are still written. Exporting the whole
lake lists every hand left out with its reason on stderr, counts them, and exits 0.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from audit.cli.common import finish
from audit.errors import BadInput, ExitStatus, NotALake, UnreadableLake


class ExportFormat(StrEnum):
    PHH = "phh"


def export_command(
    lake: Annotated[Path, typer.Option("--lake", help="The lake to read.")],
    hand_keys: Annotated[list[str] | None, typer.Argument(
        help="Hands to export, as PLATFORM:HAND_ID (default: every hand of the lake).")] = None,
    format: Annotated[ExportFormat, typer.Option("--format", help="Export format (PHH, the poker hand history "
                                                                  "standard pokerkit reads).")] = ExportFormat.PHH,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for one .phh file per hand "
                                                           "(default: the PHH on stdout).")] = None,
) -> None:
    """Write hands of the lake as PHH files, refusing by name what PHH cannot express."""
    from audit.lake import LakeError  # the library on use: --help starts without polars
    from audit.outputs import check_out_folder
    from audit.phh_export import UnknownHand, export_phh, write_phh_files
    from reports.phh import dumps, dumps_all

    if not (lake / "hands").is_dir():
        raise NotALake(lake)
    if out is not None:
        check_out_folder(out)
    try:
        export = export_phh(lake, hand_keys or None)
    except UnknownHand as exc:
        raise BadInput(exc.args[0]) from exc
    except LakeError as exc:
        raise UnreadableLake(str(exc)) from exc
    for key, refusal in export.refused.items():
        verb = "cannot export" if hand_keys else "skipped"
        print(f"hhaudit: {verb} {key}: {refusal.message} [{refusal.reason}]", file=sys.stderr)
    counts = export.counts()
    if out is not None:
        counts["out"] = str(out)
        counts["files"] = len(write_phh_files(export, out))
        print(json.dumps(counts, sort_keys=True))
    else:
        if hand_keys and len(hand_keys) == 1:
            if export.hands:
                sys.stdout.write(dumps(next(iter(export.hands.values()))))
        elif export.hands:
            sys.stdout.write(dumps_all(export.hands.values()))
        print(json.dumps(counts, sort_keys=True), file=sys.stderr)
    if hand_keys and export.refused:
        finish(ExitStatus.BAD_INPUT)


def register(app: typer.Typer) -> None:
    """Add ``export`` to the hhaudit application."""
    app.command("export")(export_command)
