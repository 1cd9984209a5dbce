"""Benchmark of hhaudit's start-up: what a command costs before it does any work.

Run ``python -m bench.startup_bench [--repeat 5]``.

In one run it times, as subprocesses, best of ``--repeat`` each: the baseline (``python -c
pass``, the interpreter alone), ``hhaudit --version``, ``hhaudit --help``, ``hhaudit run
--help``, and the import of each heavy library hhaudit uses (polars, pyarrow, deltalake),
each in CPU seconds (user + system: on a shared machine wall time moves with other work)
and wall seconds; and says which of those libraries ``--version`` imported
(``-X importtime``).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

HEAVY = ("polars", "pyarrow", "deltalake", "numpy")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best(argv: list[str], repeat: int) -> tuple[float, float]:
    """The least CPU seconds and the least wall seconds of ``repeat`` runs of ``argv``."""
    cpus, walls = [], []
    for _ in range(repeat):
        cpu, start = _children_cpu(), time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu() - cpu)
    return min(cpus), min(walls)


def imported_heavy(argv: list[str]) -> list[str]:
    """The heavy libraries a Python command imports (from ``-X importtime``)."""
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}, check=True)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return [m for m in HEAVY if m in names]


def main() -> None:
    ap = argparse.ArgumentParser(description="Benchmark hhaudit's start-up.")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    py = sys.executable
    hhaudit = shutil.which("hhaudit", path=str(Path(py).parent)) or "hhaudit"
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores; best of {args.repeat}, "
          "CPU-s (user+system) and wall s")
    base_cpu, base_wall = best([py, "-c", "pass"], args.repeat)
    print(f"baseline (python -c pass): {base_cpu:.3f} CPU-s, {base_wall:.3f} s")
    commands = {"hhaudit --version": [hhaudit, "--version"], "hhaudit --help": [hhaudit, "--help"],
                "hhaudit run --help": [hhaudit, "run", "--help"]}
    for label, argv in commands.items():
        cpu, wall = best(argv, args.repeat)
        print(f"{label}: {cpu:.3f} CPU-s, {wall:.3f} s ({cpu - base_cpu:.3f} CPU-s above the baseline)")
    for lib in ("polars", "pyarrow", "deltalake"):
        cpu, wall = best([py, "-c", f"import {lib}"], args.repeat)
        print(f"import {lib} alone: {cpu:.3f} CPU-s, {wall:.3f} s")
    heavy = imported_heavy([py, "-c", "import sys; sys.argv = ['hhaudit', '--version']; "
                                      "from audit.cli.app import main; main()"])
    print(f"libraries hhaudit --version imports: {', '.join(heavy) or 'none of ' + ', '.join(HEAVY)}")


if __name__ == "__main__":
    main()
