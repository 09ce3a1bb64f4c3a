#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Speed of the Python module beside `ludus bench`'s C++ figures, on the same boards.

For each board: Python-driven steps/s (a Python loop of legal_actions() and apply_action()
on random moves, the cost an agent written in Python pays per ply), batched random
playouts/s (ludus.random_playouts: one call, the playouts in C++) on one thread and on
every core, and `ludus bench`'s playouts/s on one thread and every core; the ratio column is
batched / C++ on one thread.  A benchmark, not a test: run it on a quiet machine.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py --ludus build/ludus
    ... --games ndengrod --seconds 2 --json
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

import ludus


def python_steps_per_second(game, seconds):
    """Plies per second of a plain Python loop over legal_actions() and apply_action()."""
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def batched_playouts_per_second(game, seconds, threads):
    """Random playouts per second of ludus.random_playouts from the start position."""
    state = game.new_initial_state()
    count = 64
    while True:  # grow the batch until one call takes a tenth of the time
        start = time.perf_counter()
        ludus.random_playouts(state, playouts=count, seed=count, threads=threads)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 10:
            break
        count *= 4
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        ludus.random_playouts(state, playouts=count, seed=done, threads=threads)
        done += count
    return done / (time.perf_counter() - start)


def observations_per_second(game, seconds):
    """Observation tensors per second of ludus.observation_tensors over a batch of positions."""
    rng = random.Random(2)
    states, state = [], game.new_initial_state()
    while len(states) < 256:
        if state.is_terminal():
            state = game.new_initial_state()
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        ludus.observation_tensors(states)
        done += len(states)
    return done / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ludus", default="build/ludus", help="the ludus binary (for `ludus bench`)")
    parser.add_argument("--games", nargs="*", default=[], help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--json", action="store_true", help="JSON output")
    args = parser.parse_args()

    threads = os.cpu_count() or 1
    bench = subprocess.run([args.ludus, "bench", *args.games, "--no-mcts", "--json", "--seconds", str(args.seconds),
                            "--threads", str(threads), "--signature-games", "1"],
                           check=True, capture_output=True, text=True)
    rows = []
    for board in json.loads(bench.stdout)["boards"]:
        game = ludus.load_game(board["game"], board["options"])
        rows.append({
            "board": f"{game.name} " + " ".join(f"{k}={v}" for k, v in sorted(board["options"].items())),
            "python_steps_per_second": python_steps_per_second(game, args.seconds),
            "batched_playouts_per_second": batched_playouts_per_second(game, args.seconds, 1),
            "cpp_playouts_per_second": board["playouts_per_second"],
            "batched_playouts_per_second_all_threads": batched_playouts_per_second(game, args.seconds, threads),
            "cpp_playouts_per_second_all_threads": board["playouts_per_second_all_threads"],
            "observations_per_second": observations_per_second(game, args.seconds),
            "threads": threads,
        })
        rows[-1]["batched_over_cpp"] = rows[-1]["batched_playouts_per_second"] / rows[-1]["cpp_playouts_per_second"]
        if not args.json:
            if len(rows) == 1:
                print(f"| board | Python steps/s | batched playouts/s | C++ playouts/s | ratio | batched x{threads} thr "
                      f"| C++ x{threads} thr | observations/s |")
                print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
            r = rows[-1]
            print(f"| {r['board']} | {r['python_steps_per_second']:,.0f} | {r['batched_playouts_per_second']:,.0f} "
                  f"| {r['cpp_playouts_per_second']:,.0f} | {r['batched_over_cpp']:.2f} "
                  f"| {r['batched_playouts_per_second_all_threads']:,.0f} | {r['cpp_playouts_per_second_all_threads']:,.0f} "
                  f"| {r['observations_per_second']:,.0f} |", flush=True)
    if args.json:
        json.dump({"boards": rows, "load_average": os.getloadavg()}, sys.stdout, indent=2)
        print()
    else:
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
