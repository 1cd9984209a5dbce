"""``hhaudit ingest`` and ``hhaudit schema``.

The library is imported inside each command, not here: ``hhaudit --help`` and
``--version`` then start without polars and pyarrow (tests/test_cli_startup.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from audit.cli.common import (
    DEFAULT_RATIO,
    DEFAULT_SIZE_TEXT,
    DaskOption,
    ExcludeOption,
    InputPaths,
    MaxExpandedSize,
    MaxExpansionRatio,
    MaxQuarantined,
    Workers,
    finish,
    parse_size,
    print_problems,
)
from audit.cli.progress import progress_display
from audit.errors import escape_controls

if TYPE_CHECKING:
    from audit.ingest import IngestSummary


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
    if d["skipped"]:
        lines.append(f"files skipped (the lake holds their content already): {d['skipped']}")
    for f in summary.bad_files:
        lines.append(f"{f.status}: {escape_controls(f.source_file)}: {escape_controls(f.message or '')}")
    ok = "yes" if summary.reconciles() else "NO"
    lines.append(f"found = parsed + duplicates + quarantined: {ok}")
    return "\n".join(lines)


def _schema_json() -> str:
    from audit.schema import EXPLANATION, OUTPUTS, SCHEMA_VERSION, TABLES
    from rules.vocab import VOCABULARIES

    return json.dumps({
        "schema_version": SCHEMA_VERSION,
        "tables": {t.name: [{"name": c.name, "type": str(c.type), "nullable": c.nullable,
                             "doc": c.doc} for c in t.columns] for t in TABLES.values()},
        "outputs": {t.name: [{"name": c.name, "type": str(c.type), "nullable": c.nullable,
                              "doc": c.doc} for c in t.columns] for t in OUTPUTS.values()},
        "explanation": [{"key": k.name, "doc": k.doc, "settled_only": k.settled_only} for k in EXPLANATION],
        "vocabularies": {k: [m.value for m in v] for k, v in VOCABULARIES.items()},
    }, indent=2)


def _schema_text() -> str:
    from audit.schema import EXPLANATION, OUTPUTS, SCHEMA_VERSION, TABLES
    from rules.vocab import VOCABULARIES

    lines = [f"hhaudit lake schema version {SCHEMA_VERSION}"]
    for table in (*TABLES.values(), *OUTPUTS.values()):
        where = "partitioned by platform and date" if table.partitioned else "not partitioned"
        lines.append(f"\n{table.name}: {table.doc} ({where})")
        width = max(len(c.name) for c in table.columns)
        for c in table.columns:
            null = "" if c.nullable else " not null"
            lines.append(f"  {c.name:<{width}}  {c.type!s}{null}  -- {c.doc}")
    lines.append("\nexplanation (hhaudit explain --json, OUT/explanations.jsonl):")
    for k in EXPLANATION:
        lines.append(f"  {k.name}  -- {k.doc}" + (" (only where a showdown was settled)" if k.settled_only else ""))
    lines.append("\nvocabularies:")
    for name, enum in VOCABULARIES.items():
        lines.append(f"  {name}: {', '.join(m.value for m in enum)}")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command("ingest")
    def ingest_command(
        paths: InputPaths,
        lake: Annotated[Path, typer.Option("--lake", help="Lake folder to write.")],
        workers: Workers = None,
        max_quarantined: MaxQuarantined = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print the counts as one JSON object.")] = False,
        exclude: ExcludeOption = None,
        max_expanded_size: MaxExpandedSize = DEFAULT_SIZE_TEXT,
        max_expansion_ratio: MaxExpansionRatio = DEFAULT_RATIO,
        dask: DaskOption = None,
    ) -> None:
        """Read hand histories into the Parquet lake and report what was found."""
        from audit.ingest_job import ingest_job  # not audit.jobs: ingest needs neither the audit nor polars

        size = parse_size(max_expanded_size)
        with progress_display(enabled=not as_json) as progress:
            result = ingest_job(paths, lake, workers=workers, max_quarantined=max_quarantined, progress=progress,
                                exclude=exclude or (), max_expanded_size=size, max_expansion_ratio=max_expansion_ratio,
                                dask=dask)
        print(json.dumps(result.counts, sort_keys=True) if as_json else format_summary(result.summary))
        print_problems([f"skipped {s.name}: {s.reason}" for s in result.skipped])
        print_problems(result.problems)
        finish(result.exit_status)

    @app.command("schema")
    def schema_command(
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
        settle: Annotated[bool, typer.Option("--settle", help="Print the JSON Schema of `hhaudit settle`'s "
            "input.")] = False,
    ) -> None:
        """Print the lake's tables, the audit's outputs, their columns and vocabularies (or, with
        --settle, the JSON Schema of settle's input)."""
        if settle:
            from rules.showdown_contract import json_schema as settle_schema

            print(json.dumps(settle_schema(), indent=2))
            return
        print(_schema_json() if as_json else _schema_text())
