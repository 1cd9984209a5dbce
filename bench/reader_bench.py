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
  reader at all (every hand parsed by the reference, in worker processes).

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
from bench.ingest_bench import baseline, bench_file, timed_command
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


# ``hhaudit`` with no columnar reader: ingest parses every hand with the reference parser
_NO_COLUMNAR = ("import sys, audit.ingest; audit.ingest.columnar_reader = lambda format: None; "
                "from audit.cli.app import main; sys.argv[0] = 'hhaudit'; main()")


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
    for label, env in (("compiled", {}), ("pure Python", {"HHAUDIT_PURE_PYTHON": "1"})):
        if label == "compiled" and len(readers) == 2:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            saved = {k: os.environ.get(k) for k in ("HHAUDIT_PURE_PYTHON",)}
            os.environ.pop("HHAUDIT_PURE_PYTHON", None)
            os.environ.update(env)
            try:
                wall, peak, cpu, done = timed_command([hhaudit, "ingest", str(path), "--lake", f"{tmp}/lake", "--json"])
            finally:
                for k, v in saved.items():
                    os.environ.pop(k, None)
                    if v is not None:
                        os.environ[k] = v
        if done.returncode not in (0, 1):
            raise SystemExit(f"hhaudit ingest failed ({done.returncode}): {done.stderr[-2000:]}")
        print(f"hhaudit ingest, {label} path: {wall:.2f} s wall (start-up included), {hands / wall:,.0f} hands/s, "
              f"{cpu:.2f} CPU-s, peak memory {peak / 2**20:,.0f} MiB ({wall / base:.1f}x the baseline's time)")
    with tempfile.TemporaryDirectory() as tmp:
        wall, peak, cpu, done = timed_command([sys.executable, "-c", _NO_COLUMNAR, "ingest", str(path),
                                               "--lake", f"{tmp}/lake", "--json"])
    if done.returncode not in (0, 1):
        raise SystemExit(f"hhaudit ingest failed ({done.returncode}): {done.stderr[-2000:]}")
    print(f"hhaudit ingest, reference parser only: {wall:.2f} s wall (start-up included), {hands / wall:,.0f} hands/s, "
          f"{cpu:.2f} CPU-s, peak memory {peak / 2**20:,.0f} MiB ({wall / base:.1f}x the baseline's time)")


if __name__ == "__main__":
    main()
