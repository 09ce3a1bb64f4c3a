#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Wall time of a designer sweep (ludus.study.analyze) on a Dask cluster of N single-threaded
worker processes on this machine, beside the same sweep on N local threads and on one, and a
check that all three give the same analysis.  A benchmark, not a test.

    PYTHONPATH=build/python /usr/bin/python3 bench/dask_sweep_bench.py
    ... --game n-mesh --option size=5..7 --ai easy --games 40 --workers 2
"""

import argparse
import os
import time

import ludus
from ludus import study


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="n-mesh")
    parser.add_argument("--option", action="append", default=None, help="as -o of ludus analyze (default size=5..7)")
    parser.add_argument("--ai", default="easy")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=study.DEFAULT_CHUNK)
    args = parser.parse_args()
    sweep = dict(game=args.game, options=args.option or ["size=5..7"], ai=args.ai, games=args.games, seed=1,
                 chunk=args.chunk, progress=False)

    # The workers import ludus from where this process did.
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(ludus.__file__)))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")]))
    from distributed import Client, LocalCluster
    runs = {}
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        runs[f"dask, {args.workers} workers x 1 thread"] = study.analyze(**sweep, client=client)
    runs[f"local, {args.workers} threads"] = study.analyze(**sweep, threads=args.workers)
    runs["local, 1 thread"] = study.analyze(**sweep, threads=1)

    first = next(iter(runs.values()))
    games = sum(s["games"] for s in first.json["settings"])
    print(f"{args.game} {' '.join(sweep['options'])}, AI {args.ai}, {args.games} games per setting "
          f"({games} games, {first.chunks} tasks of {args.chunk}); load average before the last run "
          f"{os.getloadavg()[0]:.2f}")
    print("| run | seconds | games/s | same analysis |")
    print("| --- | ---: | ---: | --- |")
    for name, result in runs.items():
        print(f"| {name} | {result.seconds:.1f} | {games / result.seconds:.1f} | {result.json == first.json} |")


if __name__ == "__main__":
    main()
