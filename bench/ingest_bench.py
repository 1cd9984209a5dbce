"""Benchmark of ``hhaudit ingest`` on one large generated PokerStars file.

Run ``python -m bench.ingest_bench [--mb 100] [--hands N] [--command ingest|run]``.

It writes (once, cached under ``bench/out/``) a deterministic file of generated Omaha
Hi/Lo hands, then in the same run:
- times a plain Python line loop over the file (the baseline: read every line, count hand
  headers — no parsing);
- times the real command, ``hhaudit ingest FILE --lake DIR`` as a subprocess, start-up
  included, sampling the resident memory of its whole process tree (the main process
  and its workers) every 20 ms;
and prints hands/s, MB/s, peak memory and the ratio of the two throughputs. It also
prints the CPU seconds the command's process tree used and the load average before the
run: on a shared machine, wall-clock figures move with other work, CPU seconds much less.

Then the same input is ingested again into the lake just written: the second,
incremental ingest, which skips the file unparsed (same SHA-256), timed likewise.

Last, the *floor*: what the command spends however fast hands are parsed — its start-up
(``hhaudit --version``, which imports everything ingest does) and writing the rows it wrote
(the lake's hand tables read back, then written and committed again by the same
``LakeWriter``) — and
what that leaves of a throughput target (``--target``) for everything else, per hand.

A very large file (``--hands 1000000``) is made by generating 20,000 distinct hands and
writing them again under new hand numbers, which keeps generation quick while every hand
stays distinct to the lake. The 20,000 hands span about two weeks of play (``bench.generate``
advances the clock 20-90 s a hand), so the lake has one partition per day: the bench prints
how many and the largest, beside the peak memory of ``--command run`` (the memory
benchmark: ``--hands 1000000 --command run``; the audit reads the lake a batch of
partitions at a time, ``audit.pipeline.hand_batches``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from audit.lake import LakeWriter, partition_rows, read_table
from audit.schema import TABLES
from bench.generate import generate

OUT = Path(__file__).resolve().parent / "out"
HEADER = re.compile(r"^PokerStars Hand #(\d+):", re.M)
DISTINCT = 20_000


def modules_without_bytecode(root: Path = OUT.parent.parent) -> list[Path]:
    """hhaudit's modules whose bytecode is missing or older than their source."""
    stale = []
    for package in ("audit", "parsers", "rules", "reports"):
        for source in (root / package).rglob("*.py"):
            cached = Path(importlib.util.cache_from_source(str(source)))
            if not cached.exists() or cached.stat().st_mtime < source.stat().st_mtime:
                stale.append(source)
    return stale


def bench_file(mb: int | None, hands: int | None, seed: int = 7, out: Path = OUT) -> tuple[Path, int]:
    """The benchmark input (made once, under ``out``) and the number of hands in it."""
    out.mkdir(parents=True, exist_ok=True)
    tag = f"{hands}h" if hands else f"{mb}mb"
    path = out / f"pokerstars-omaha-hilo-{tag}-seed{seed}.txt"
    count_path = path.with_suffix(".count")
    if path.exists() and count_path.exists():
        return path, int(count_path.read_text())
    texts = [t for t, _ in generate(min(DISTINCT, hands or DISTINCT), seed)]
    target_bytes = (mb or 0) * 1_000_000
    written = produced = 0
    next_id = 900_000_000_000
    tmp = path.with_suffix(".partial")
    with open(tmp, "w", encoding="utf-8", newline="") as out:
        while (hands and produced < hands) or (not hands and written < target_bytes):
            text = texts[produced % len(texts)]
            if produced >= len(texts):
                next_id += 1
                text = HEADER.sub(f"PokerStars Hand #{next_id}:", text, count=1)
            out.write(text)
            written += len(text.encode())
            produced += 1
    tmp.replace(path)
    count_path.write_text(str(produced))
    return path, produced


def baseline(path: Path) -> float:
    """Seconds for a plain Python line loop over the file."""
    start = time.perf_counter()
    n = 0
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            if line.startswith("PokerStars Hand #"):
                n += 1
    return time.perf_counter() - start


_TICK = os.sysconf("SC_CLK_TCK")


def _tree_rss(pid: int, cpu: dict[int, float] | None = None) -> int:
    """Resident bytes of ``pid`` and all its descendants (Linux /proc); with ``cpu``, the
    CPU seconds each of them has used so far recorded in it by process id."""
    total = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        break
            if cpu is not None:
                with open(f"/proc/{p}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                cpu[p] = (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_command(argv: list[str]) -> tuple[float, int, float, subprocess.CompletedProcess]:
    """Wall seconds, peak tree memory and CPU seconds (user + system) of a command and its
    workers.

    The CPU is the larger of two lower bounds: what the command and the children it
    waited for used (``getrusage``), and what every process of its tree had used when
    last sampled. The second counts worker processes that the command never waits for
    itself (a fork server's, which ``getrusage`` leaves out); the first what a sample
    misses of a process's last 20 ms."""
    peak = 0
    tree_cpu: dict[int, float] = {}
    cpu_before = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(proc.pid, tree_cpu))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    cpu = max(_children_cpu() - cpu_before, sum(tree_cpu.values()))
    return wall, peak, cpu, subprocess.CompletedProcess(argv, proc.returncode, out, err)


def ingested_every_hand(done: subprocess.CompletedProcess, hands: int, command: str = "ingest") -> dict:
    """The ``--json`` counts of an ingest of ``hands`` hands into an empty lake, once they
    say every hand was found and stored: a run that failed, or stored fewer hands, raises
    (a benchmark must not report the speed of work it did not do)."""
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    try:
        counts = json.loads(last)
    except ValueError:
        counts = None
    if done.returncode not in (0, 1) or not isinstance(counts, dict):
        print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
        raise SystemExit(f"hhaudit {command} failed with exit code {done.returncode}")
    stored = counts.get("hands_parsed", 0) + counts.get("hands_quarantined", 0) + counts.get("hands_duplicate", 0)
    if counts.get("hands_found") != hands or stored != hands:
        raise SystemExit(f"hhaudit {command} did not ingest every hand of the {hands:,}: {last}")
    return counts


HAND_TABLES = ("hands", "seats", "actions", "payouts")


def floor(hhaudit: str, lake: Path, slices: int) -> tuple[float, float, float]:
    """Start-up seconds (best of three), and wall and CPU seconds of writing the hand
    tables of ``lake`` again, added in ``slices`` pieces as ingest adds them per chunk."""
    startup = min(timed_command([hhaudit, "--version"])[0] for _ in range(3))
    tables = {name: read_table(lake, name).to_arrow().cast(TABLES[name].schema) for name in HAND_TABLES}
    with tempfile.TemporaryDirectory() as tmp:
        cpu, start = time.process_time(), time.perf_counter()
        writer = LakeWriter(Path(tmp))
        for name, table in tables.items():
            step = -(-table.num_rows // slices)
            for at in range(0, table.num_rows, step):
                writer.add(name, table.slice(at, step))
        writer.close()
        return startup, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description="Benchmark hhaudit ingest (or run) on a generated file.")
    ap.add_argument("--mb", type=int, default=100, help="size of the input file in MB")
    ap.add_argument("--hands", type=int, default=None, help="number of hands instead of a size")
    ap.add_argument("--command", choices=["ingest", "run"], default="ingest")
    ap.add_argument("--target", type=int, default=None,
                    help="hands/s the command should reach (default: 50,000 for ingest, 30,000 for run)")
    ap.add_argument("--data", type=Path, default=OUT,
                    help="folder for the input file and the lake written (10M hands take some 30 GB)")
    ap.add_argument("--no-floor", action="store_true",
                    help="skip the floor (it reads the lake's hand tables into this process)")
    args = ap.parse_args()
    target = args.target or (50_000 if args.command == "ingest" else 30_000)
    path, hands = bench_file(None if args.hands else args.mb, args.hands, out=args.data)
    size_mb = path.stat().st_size / 1e6
    base = baseline(path)
    load = os.getloadavg()[0]
    hhaudit = shutil.which("hhaudit", path=str(Path(sys.executable).parent)) or "hhaudit"
    with tempfile.TemporaryDirectory(dir=args.data) as tmp:
        if args.command == "ingest":
            argv = [hhaudit, "ingest", str(path), "--lake", f"{tmp}/lake", "--json"]
        else:
            argv = [hhaudit, "run", str(path), "--out", f"{tmp}/out"]
        wall, peak, cpu, done = timed_command(argv)
        lake = Path(tmp) / ("lake" if args.command == "ingest" else "out/lake")
        # the same input again into the same lake: skipped unparsed (incremental ingest)
        again_wall, _, again_cpu, again = timed_command([hhaudit, "ingest", str(path), "--lake", str(lake), "--json"])
        partitions = partition_rows(lake, "hands") if done.returncode in (0, 1) else {}
        chunks = max(1, -(-path.stat().st_size // (6 * 2**20)))  # ingest's byte chunks
        measured = done.returncode in (0, 1) and not args.no_floor
        startup, write_wall, write_cpu = floor(hhaudit, lake, chunks) if measured else (0, 0, 0)
    if args.command == "ingest":
        ingested_every_hand(done, hands)
    elif done.returncode not in (0, 1):
        print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
        raise SystemExit(f"hhaudit {args.command} failed with exit code {done.returncode}")
    print(f"input: {path.name}: {hands:,} hands, {size_mb:.1f} MB, {os.cpu_count()} cores")
    stale = modules_without_bytecode()
    if stale and os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # measured 2026-12-04: compiling hhaudit's modules costs a run some 0.1-0.2 CPU-s
        print(f"bytecode cache: {len(stale)} of hhaudit's modules have no current bytecode and "
              "PYTHONDONTWRITEBYTECODE is set, so every run compiles them anew (make's install compiles them)")
    print(f"baseline (plain Python line loop): {base:.2f} s, {hands / base:,.0f} hands/s, {size_mb / base:.1f} MB/s")
    print(f"hhaudit {args.command}: {wall:.2f} s wall (start-up included), "
          f"{hands / wall:,.0f} hands/s, {size_mb / wall:.1f} MB/s, peak memory {peak / 2**20:,.0f} MiB")
    if partitions:
        print(f"lake: {len(partitions)} partitions (platform, day), the largest {max(partitions.values()):,} hands")
    print(f"CPU: {cpu:.2f} s user+system over the process tree ({hands / cpu:,.0f} hands per CPU-second); "
          f"load average before the run {load:.2f}")
    print(f"second (incremental) ingest of the same input into that lake: {again_wall:.2f} s wall, "
          f"{again_cpu:.2f} CPU-s ({again_wall / wall:.2f} of the first's time); "
          f"{again.stdout.strip().splitlines()[-1] if again.stdout.strip() else again.stderr[-300:]}")
    print(f"ratio to baseline: {wall / base:.1f}x the baseline's time "
          f"({(hands / wall) / (hands / base):.3f} of its throughput)")
    budget = hands / target
    cores = os.cpu_count() or 1
    left = cores * (budget - startup) - write_cpu
    if args.no_floor:
        print(f"last line of output: {done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ''}")
        return
    print(f"floor: start-up {startup:.2f} s; writing the rows it wrote {write_wall:.2f} s wall, {write_cpu:.2f} CPU-s")
    print(f"at {target:,} hands/s this input has {budget:.2f} s: after start-up and writing, {cores} cores have "
          f"{left:.2f} CPU-s for reading, parsing and checking, {left / hands * 1e6:.1f} µs a hand "
          f"(the command used {(cpu - write_cpu - startup) / hands * 1e6:.1f} µs a hand for them)")
    print(f"last line of output: {done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ''}")


if __name__ == "__main__":
    main()
