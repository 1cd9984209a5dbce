"""The audit's verdicts on their way to ``hands.parquet``, kept on disk, not in memory.

An audit settles the lake a batch of partitions at a time (``audit.pipeline``), and a
verdict takes some 80 bytes: held until ``hands.parquet`` was written, the verdicts of
10,000,000 hands alone would take most of a gigabyte. ``SortedVerdicts`` keeps each
batch's verdicts sorted by hand key in a ``audit.memory.Spill`` (pieces of
``PIECE_ROWS``), and writes the file by merging the batches' runs piece by piece with a
Parquet writer: the rows, and their order by hand key, are those of all the verdicts
sorted at once. What the counts and the report need of them, hands by platform, game
and verdict, is counted as they come (``tally``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.findings import VERDICT_SCHEMA
from audit.memory import Spill

#: rows of a spilled piece of a run (what the merge holds of each batch at once)
PIECE_ROWS = 8_192
#: rows of a row group of ``hands.parquet`` (polars' default, as before)
ROW_GROUP_ROWS = 512 * 512
TALLY_COLUMNS = ["platform", "game", "verdict"]


class SortedVerdicts:
    """Verdicts added a batch at a time, read back or written as one table sorted by
    hand key."""

    def __init__(self) -> None:
        self._spill = Spill()
        self._runs: list[list[int]] = []  # per batch, its spilled pieces in key order
        self._tallies: list[pl.DataFrame] = []
        self.rows = 0
        self.schema = pl.DataFrame(schema=VERDICT_SCHEMA).to_arrow().schema

    def add(self, verdicts: pl.DataFrame) -> None:
        if verdicts.height == 0:
            return
        self._tallies.append(verdicts.group_by(TALLY_COLUMNS).len("hands"))
        table = verdicts.sort("hand_key").to_arrow().cast(self.schema)
        self._runs.append([self._spill.put(table.slice(at, PIECE_ROWS)) for at in range(0, table.num_rows, PIECE_ROWS)])
        self.rows += verdicts.height

    def tally(self) -> pl.DataFrame:
        """Hands by platform, game and verdict (the column ``hands``)."""
        if not self._tallies:
            return pl.DataFrame(schema={**{c: VERDICT_SCHEMA[c] for c in TALLY_COLUMNS}, "hands": pl.UInt32})
        return pl.concat(self._tallies).group_by(TALLY_COLUMNS).agg(pl.col("hands").sum())

    def tables(self) -> Iterator[pa.Table]:
        """The verdicts sorted by hand key, a merged piece at a time: each step takes, from
        every run, the rows up to the least of the runs' last keys in hand."""
        runs = [iter(pieces) for pieces in self._runs]
        held = [self._spill.get(next(run)) for run in runs]
        while runs:
            bound = min(piece.column("hand_key")[-1].as_py() for piece in held)
            taken = []
            for i, piece in enumerate(held):
                upto = pc.sum(pc.less_equal(piece.column("hand_key"), bound)).as_py() or 0
                taken.append(piece.slice(0, upto))
                held[i] = piece.slice(upto)
            merged = pa.concat_tables(taken)
            yield merged.take(pc.sort_indices(merged, [("hand_key", "ascending")]))
            for i in reversed(range(len(runs))):
                if held[i].num_rows == 0:
                    following = next(runs[i], None)
                    if following is None:
                        del runs[i], held[i]
                    else:
                        held[i] = self._spill.get(following)

    def write(self, path: Path) -> None:
        """``hands.parquet`` at ``path``, written piece by piece."""
        with pq.ParquetWriter(path, self.schema, compression="zstd") as writer:
            pending = self.schema.empty_table()
            for table in self.tables():
                pending = pa.concat_tables([pending, table])
                if pending.num_rows >= ROW_GROUP_ROWS:
                    writer.write_table(pending.slice(0, ROW_GROUP_ROWS))
                    pending = pending.slice(ROW_GROUP_ROWS)
            if pending.num_rows or self.rows == 0:
                writer.write_table(pending)

    def frame(self) -> pl.DataFrame:
        """Every verdict in memory, sorted by hand key (for callers that need them all)."""
        tables = list(self.tables())
        frame = pl.from_arrow(pa.concat_tables(tables) if tables else self.schema.empty_table())
        assert isinstance(frame, pl.DataFrame)
        return frame.cast(VERDICT_SCHEMA)

    def close(self) -> None:
        self._spill.close()
