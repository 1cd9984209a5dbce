"""``hhaudit lake vacuum|optimize LAKE`` (``audit.lake_job``) and ``hhaudit verify OUT``
(``audit.verify``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from audit.cli.common import finish
from audit.errors import ExitStatus

LakeArgument = Annotated[Path, typer.Argument(help="The lake folder (hhaudit ingest --lake, or OUT/lake).")]


def register(app: typer.Typer) -> None:
    lake_app = typer.Typer(help="Maintain a lake: remove unreferenced files, compact small ones.",
                           no_args_is_help=True)
    app.add_typer(lake_app, name="lake")

    @lake_app.command("vacuum")
    def vacuum_command(
        lake: LakeArgument,
        retention_hours: Annotated[int, typer.Option(
            "--retention-hours", min=0,
            help="Keep files that older versions read for this long after they were removed.")] = 168,
    ) -> None:
        """Delete the files no lake version references (left by a killed writer) and those
        only older versions read, removed more than --retention-hours ago."""
        from audit.lake_job import vacuum_job  # the library on use: --help starts without pyarrow

        print(json.dumps(vacuum_job(lake, retention_hours), sort_keys=True))

    @lake_app.command("optimize")
    def optimize_command(lake: LakeArgument) -> None:
        """Compact each partition's small files into few (the rows do not change)."""
        from audit.lake_job import optimize_job

        print(json.dumps(optimize_job(lake), sort_keys=True))

    @app.command("verify")
    def verify_command(
        out: Annotated[Path, typer.Argument(help="The --out folder of hhaudit run or audit.")],
        lake: Annotated[Path | None, typer.Option("--lake", help="The lake audited (default: the manifest's).")] = None,
    ) -> None:
        """Check every digest in OUT's manifest, re-audit the lake at the recorded table
        versions, and confirm findings.parquet and hands.parquet; exit 1 naming each file
        that differs."""
        from audit.verify import verify

        result = verify(out, lake)
        for line in result.problems:
            print(line)
        if result.exit_status is ExitStatus.OK:
            print("verified: " + ", ".join(f"{k} {v}" for k, v in result.checked.items()))
        finish(result.exit_status)
