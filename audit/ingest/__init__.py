"""Ingest: hand-history files in, the lake out. Library API; never prints.

``ingest(paths, lake)`` reads files, folders (recursively), ``.gz`` and ``.zip``; decodes
each file (``audit.textio``); detects its format (``parsers.registry``); cuts it into
chunks at hand boundaries so that large files spread over all cores; parses the chunks
side by side; drops duplicate copies of a hand; and writes the tables of
``contracts.md``. Every hand found ends up exactly once in ``hands``, counted as a
duplicate of one that is, or in ``quarantine`` — the returned ``IngestSummary``
reconciles those counts per file.

One module per concern:

- ``inputs``: finding the files under the paths given, opening archives, recognising
  a file's encoding and format, hashing what is read;
- ``chunking``: cutting a large file into chunks at hand starts;
- ``parse``: what a worker does with one chunk (``parse_chunk``);
- ``workers``: where chunks are parsed (here, threads, or a fork server's processes);
- ``duplicates``: fingerprints, the set of hands seen, merging other viewers' cards;
- ``store``: the one place that writes the lake (through ``audit.lake``);
- ``counts``: the per-file and total counts ingest returns;
- ``job``: the orchestration, ``ingest`` itself.

Memory stays bounded on any input size: one chunk per worker is in flight, the lake
writer flushes partitions by age and by a byte budget (``audit.lake``), and the
duplicate index keeps one dictionary entry per hand key with the rest in Arrow columns.
``bench/ingest_bench.py`` measures throughput and peak memory.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from audit.ingest.counts import FileCounts, IngestSummary
    from audit.ingest.job import ingest
    from audit.ingest.parse import ChunkResult, parse_chunk

__all__ = ["ChunkResult", "FileCounts", "IngestSummary", "ingest", "parse_chunk"]

#: where each name lives: imported on first use, so that importing ``audit.ingest.inputs``
#: (the command line's option defaults) does not import the writer and pyarrow with it
_HOMES = {"FileCounts": "counts", "IngestSummary": "counts", "ingest": "job", "ChunkResult": "parse",
          "parse_chunk": "parse"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'audit.ingest' has no attribute {name!r}")
    return getattr(importlib.import_module(f"audit.ingest.{_HOMES[name]}"), name)
