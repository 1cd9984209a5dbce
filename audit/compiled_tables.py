"""The lake's tables of the hands the compiled PokerStars reader read.

``parsers.pokerstars_compiled`` returns the four tables already in the lake's types, with
each hand's ``raw_sha256`` and ``content_fingerprint`` computed while reading; what is
left is what only ingest knows (the file, the parser version) and the columns every child
row shares with its hand. ``audit.tables.columnar_tables`` hands such chunks here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS

if TYPE_CHECKING:
    from parsers.columnar_chunk import FastChunk

_SHARED = ("hand_key", "platform", "hand_date")  # child columns gathered from the hand's row


def compiled_tables(fast: FastChunk, source_file: str, parser_version: str) -> dict[str, Any]:
    """``audit.tables.columnar_tables`` for a chunk whose ``arrow`` the compiled reader made:
    the four tables, and per child table ``<name>_hand`` (the chunk's hand number of each
    row) and ``<name>_owner`` (its row of ``hands``), as numpy arrays."""
    tables = fast.arrow
    if tables is None:
        raise ValueError("compiled_tables takes a chunk the compiled reader made (its arrow tables)")
    given = tables["hands"]
    numbers = given.column("hand").to_numpy().astype(np.int64)
    n = given.num_rows
    starts = np.asarray(fast.starts, np.int64)
    extra = {
        "source_file": pa.array([source_file] * n, pa.string()) if n else pa.array([], pa.string()),
        "source_offset": pa.array(starts[numbers]),
        "parser_version": pa.array([parser_version] * n, pa.string()) if n else pa.array([], pa.string()),
    }
    hands = pa.Table.from_arrays([extra[f.name] if f.name in extra else given.column(f.name) for f in HANDS.schema],
                                 schema=HANDS.schema)
    out: dict[str, Any] = {"hands": hands}
    for name, spec in (("seats", SEATS), ("actions", ACTIONS), ("payouts", PAYOUTS)):
        child = tables[name]
        chunk_hand = child.column("hand").to_numpy().astype(np.int64)
        owner = np.searchsorted(numbers, chunk_hand).astype(np.int32)
        rows = pa.array(owner)
        arrays = [hands.column(f.name).take(rows) if f.name in _SHARED else child.column(f.name)
                  for f in spec.schema]
        out[name] = pa.Table.from_arrays(arrays, schema=spec.schema)
        out[f"{name}_hand"] = chunk_hand
        out[f"{name}_owner"] = owner
    return out
