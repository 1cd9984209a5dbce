"""``hhaudit ingest`` and ``hhaudit schema``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from audit.cli.common import Exit, progress_printer
from audit.ingest import IngestSummary, ingest
from audit.schema import SCHEMA_VERSION, TABLES
from rules.showdown_contract import json_schema as settle_schema
from rules.vocab import VOCABULARIES, FileStatus


def format_summary(summary: IngestSummary) -> str:
    """The ingest report a person reads: every count, and that they reconcile."""
    d = summary.as_dict()
    lines = [
        f"files read: {d['files']} ("
        + ", ".join(f"{k} {v}" for k, v in d["files_by_status"].items()) + ")",
        f"hands found: {d['hands_found']}",
        f"  parsed: {d['hands_parsed']}",
        f"  duplicates: {d['hands_duplicate']}",
        f"  quarantined: {d['hands_quarantined']}",
    ]
    for reason, n in d["quarantined_by_reason"].items():
        lines.append(f"    {reason}: {n}")
    problems = [f for f in summary.files if f.status in (FileStatus.UNREADABLE, FileStatus.UNRECOGNISED)]
    for f in problems:
        lines.append(f"{f.status}: {f.source_file}: {f.message}")
    ok = "yes" if summary.reconciles() else "NO"
    lines.append(f"found = parsed + duplicates + quarantined: {ok}")
    return "\n".join(lines)


def ingest_exit_code(summary: IngestSummary, max_quarantined: int) -> Exit:
    bad_files = any(f.status in (FileStatus.UNREADABLE, FileStatus.UNRECOGNISED) for f in summary.files)
    if bad_files or summary.hands_quarantined > max_quarantined:
        return Exit.INPUT_PROBLEMS
    return Exit.OK


def register(app: typer.Typer) -> None:
    @app.command("ingest")
    def ingest_command(
        paths: Annotated[list[Path], typer.Argument(help="Files, folders, .gz or .zip archives.")],
        lake: Annotated[Path, typer.Option("--lake", help="Lake folder to write.")],
        workers: Annotated[int | None, typer.Option(help="Worker processes (default: all cores for large inputs).")] = None,
        max_quarantined: Annotated[int, typer.Option("--max-quarantined", help="Quarantined hands tolerated before exit code 3.")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print the counts as one JSON object.")] = False,
    ) -> None:
        """Read hand histories into the Parquet lake and report what was found."""
        summary = ingest(paths, lake, workers=workers, progress=progress_printer(not as_json))
        if sys.stderr.isatty() and not as_json:
            print("\r\033[K", end="", file=sys.stderr)
        if as_json:
            print(json.dumps(summary.as_dict(), sort_keys=True))
        else:
            print(format_summary(summary))
        raise typer.Exit(int(ingest_exit_code(summary, max_quarantined)))

    @app.command("schema")
    def schema_command(
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
        settle: Annotated[bool, typer.Option("--settle", help="Print the JSON Schema of `hhaudit settle`'s input.")] = False,
    ) -> None:
        """Print the lake's tables, columns and vocabularies (or, with --settle, the settle contract)."""
        if settle:
            print(json.dumps(settle_schema(), indent=2))
            return
        if as_json:
            print(json.dumps({
                "schema_version": SCHEMA_VERSION,
                "tables": {t.name: [{"name": c.name, "type": str(c.type), "nullable": c.nullable,
                                     "doc": c.doc} for c in t.columns] for t in TABLES.values()},
                "vocabularies": {k: [m.value for m in v] for k, v in VOCABULARIES.items()},
            }, indent=2))
            return
        print(f"hhaudit lake schema version {SCHEMA_VERSION}")
        for table in TABLES.values():
            where = "partitioned by platform and date" if table.partitioned else "not partitioned"
            print(f"\n{table.name}: {table.doc} ({where})")
            width = max(len(c.name) for c in table.columns)
            for c in table.columns:
                null = "" if c.nullable else " not null"
                print(f"  {c.name:<{width}}  {str(c.type)}{null}  -- {c.doc}")
        print("\nvocabularies:")
        for name, enum in VOCABULARIES.items():
            print(f"  {name}: {', '.join(m.value for m in enum)}")
