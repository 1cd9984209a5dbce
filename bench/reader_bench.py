"""Benchmark of the PokerStars readers, compiled and pure-Python, beside the plain line loop.

Run ``python -m bench.reader_bench [--mb 100] [--hands N] [--no-ingest]``.

On the same generated file as ``bench.ingest_bench`` (made once under ``bench/out/``), in
the same run:
- the baseline: a plain Python line loop over the file (read every line, count headers);
- each reader alone, on one thread: the file cut into ingest's byte chunks, each chunk
  read by ``READER.read`` (what ingest's workers call), in hands/s and in units of the
  baseline's time; and the compiled reader with the lake's tables made from what it read
  (``audit.tables.columnar_tables``: the file columns and the child rows' shared ones);
- the reference parser alone (``parsers.pokerstars``, one hand at a time), the other
  candidate for the pure-Python path;
- the whole ``hhaudit ingest`` (start-up included, as ``bench.ingest_bench`` runs it) once
  per path, the pure one with ``HHAUDIT_PURE_PYTHON=1``, and once with no columnar
  reader at all (every hand parsed by the reference, in worker processes: a
  ``sitecustomize`` takes the reader away in each of them). Each run's ``--json`` counts
  must say every hand was stored, or the benchmark stops instead of reporting it.

Readers run in this process (CPU and wall seconds both printed: on a machine shared with
other work the wall clock moves, CPU seconds much less).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from audit.ingest.chunking import CHUNK_CHARS, iter_byte_chunks
from bench.ingest_bench import baseline, bench_file, ingested_every_hand, timed_command
from parsers.pokerstars import COLUMNAR_CUT


def chunks_of(path: Path) -> list[bytes]:
    """The file as ingest cuts a large UTF-8 file for a columnar reader."""
    with open(path, "rb") as stream:
        return list(iter_byte_chunks(stream, b"", COLUMNAR_CUT, 3 * CHUNK_CHARS))


def time_reader(read, chunks: list[bytes], then=None) -> tuple[float, float, int]:
    """Wall and CPU seconds of reading every chunk (and ``then(result)``), and the hands read."""
    taken = 0
    cpu, start = time.process_time(), time.perf_counter()
    for chunk in chunks:
        got = read(chunk)
        if then is not None:
            then(got)
        taken += sum(got.handled)
    return time.perf_counter() - start, time.process_time() - cpu, taken


class _Parsed:
    def __init__(self, handled: list[bool]) -> None:
        self.handled = handled


def reference_read(chunk: bytes) -> _Parsed:
    """Every hand of a chunk parsed by the reference (quarantined ones count as not read)."""
    from parsers.pokerstars import PARSER
    from rules.records import HandParseError

    handled = []
    for _, hand in PARSER.split(chunk.decode("utf-8")):
        try:
            PARSER.parse(hand)
            handled.append(True)
        except HandParseError:
            handled.append(False)
    return _Parsed(handled)


#: Loaded by every Python process of an ``hhaudit ingest`` run given ``PYTHONPATH`` to its
#: folder (the fork server's workers start afresh, so a patch made in the main process
#: alone does not reach them), before audit.ingest binds the registry's function: no
#: format has a columnar reader, and ingest parses every hand with the reference parser.
_NO_COLUMNAR = """import parsers.registry
parsers.registry.columnar_reader = lambda format: None
"""


def ingest_run(hhaudit: str, path: Path, hands: int, env: dict[str, str]) -> tuple[float, int, float]:
    """Wall seconds, peak memory and CPU seconds of ``hhaudit ingest`` of ``path`` (of
    ``hands`` hands) into a new lake, with ``env`` added to the environment (and
    ``HHAUDIT_PURE_PYTHON`` unset unless given); raises unless every hand was stored."""
    saved = dict(os.environ)
    os.environ.pop("HHAUDIT_PURE_PYTHON", None)
    os.environ.update(env)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            wall, peak, cpu, done = timed_command([hhaudit, "ingest", str(path), "--lake", f"{tmp}/lake", "--json"])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    ingested_every_hand(done, hands)
    return wall, peak, cpu


def reference_only_env(folder: Path) -> dict[str, str]:
    """The environment under which ingest has no columnar reader (``_NO_COLUMNAR``)."""
    (folder / "sitecustomize.py").write_text(_NO_COLUMNAR, encoding="utf-8")
    return {"PYTHONPATH": os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH")) if p)}


def main() -> None:
    ap = argparse.ArgumentParser(description="Benchmark the PokerStars readers on a generated file.")
    ap.add_argument("--mb", type=int, default=100, help="size of the input file in MB")
    ap.add_argument("--hands", type=int, default=None, help="number of hands instead of a size")
    ap.add_argument("--no-ingest", action="store_true", help="time the readers only")
    args = ap.parse_args()
    path, hands = bench_file(None if args.hands else args.mb, args.hands)
    size_mb = path.stat().st_size / 1e6
    base = baseline(path)
    chunks = chunks_of(path)
    print(f"input: {path.name}: {hands:,} hands, {size_mb:.1f} MB, {len(chunks)} chunks, {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"baseline (plain Python line loop): {base:.2f} s, {hands / base:,.0f} hands/s")

    from parsers import pokerstars_fast
    readers = [("pure Python (polars) reader", pokerstars_fast.read_chunk, None),
               ("reference parser, one hand at a time", reference_read, None)]
    try:
        from parsers import pokerstars_compiled
        from audit.tables import columnar_tables
    except ImportError:
        print("compiled reader: not built (no C compiler at install)")
    else:
        readers[:0] = [
            ("compiled reader", pokerstars_compiled.read_chunk, None),
            ("compiled reader + lake tables", pokerstars_compiled.read_chunk,
             lambda got: columnar_tables(got, path.name, "pokerstars:1")),
        ]
    for name, read, then in readers:
        wall, cpu, taken = time_reader(read, chunks, then)
        print(f"{name}: {wall:.2f} s wall, {cpu:.2f} CPU-s, {hands / wall:,.0f} hands/s "
              f"({wall / base:.2f}x the baseline's time); read {taken:,} of {hands:,} hands, the rest sent back")

    if args.no_ingest:
        return
    hhaudit = shutil.which("hhaudit", path=str(Path(sys.executable).parent)) or "hhaudit"
    runs = [("pure Python path", {"HHAUDIT_PURE_PYTHON": "1"})]
    if len(readers) > 2:
        runs.insert(0, ("compiled path", {}))
    with tempfile.TemporaryDirectory() as site:
        runs.append(("reference parser only", reference_only_env(Path(site))))
        for label, env in runs:
            wall, peak, cpu = ingest_run(hhaudit, path, hands, env)
            print(f"hhaudit ingest, {label}: {wall:.2f} s wall (start-up included), {hands / wall:,.0f} hands/s, "
                  f"{cpu:.2f} CPU-s, peak memory {peak / 2**20:,.0f} MiB ({wall / base:.1f}x the baseline's time)")

if __name__ == "__main__":
    main()
