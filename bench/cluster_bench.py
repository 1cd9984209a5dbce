"""Benchmark of ``hhaudit run`` on a Dask cluster beside the same run on this machine.

Run ``python -m bench.cluster_bench [--mb 20]``. On the generated PokerStars file of
``bench.ingest_bench`` it times, in one run: the plain Python line loop (the baseline),
``hhaudit run FILE`` with local workers, then ``hhaudit run FILE --dask ADDRESS`` on a
``LocalCluster`` of 1 and of 2 worker processes (started before the timing, as a standing
cluster would be), each a subprocess with its start-up, and prints hands/s and the ratio
to the local run. All of it on one machine: the cluster's figures say what the task
split costs and what a second worker gains, not what N machines give (README, "On a
cluster").
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from bench.ingest_bench import baseline, bench_file, timed_command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=20)
    args = parser.parse_args()
    from distributed import LocalCluster

    path, hands = bench_file(args.mb, None)
    hhaudit = str(Path(sys.executable).with_name("hhaudit"))
    loop = baseline(path)
    print(f"input: {path.name}, {hands:,} hands; load average before: {os.getloadavg()[0]:.1f}")
    print(f"baseline line loop       {loop:7.2f} s  {hands / loop:>10,.0f} hands/s")
    with tempfile.TemporaryDirectory() as tmp:
        wall, peak, cpu, done = timed_command([hhaudit, "run", str(path), "--out", f"{tmp}/local"])
        local = hands / wall
        print(f"run, local workers       {wall:7.2f} s  {local:>10,.0f} hands/s  (exit {done.returncode}, "
              f"{cpu:.1f} CPU-s, peak {peak / 2**20:.0f} MiB)")
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster:
                wall, peak, cpu, done = timed_command([hhaudit, "run", str(path), "--out", f"{tmp}/dask{workers}",
                                                       "--dask", cluster.scheduler_address])
            print(f"run --dask, {workers} worker{'s' if workers > 1 else ' '}   {wall:7.2f} s  "
                  f"{hands / wall:>10,.0f} hands/s  (exit {done.returncode}, {hands / wall / local:.2f}x local; "
                  f"client process tree {cpu:.1f} CPU-s, peak {peak / 2**20:.0f} MiB)")


if __name__ == "__main__":
    main()
