# SPDX-License-Identifier: Apache-2.0
"""Studies that outgrow one machine: a designer's analysis (``ludus analyze``: metrics of
self-play, option sweeps, opening map, skill trace) or a match (``ludus match``) played as
Dask tasks, each a chunk of games with fixed seeds, on any Dask cluster.

Game i of a study depends only on the study and i (its players are seeded from the seed and
i), so wherever and in whatever order the chunks run, and however often a lost worker's
chunk is run again, the merged result is the same as on one machine: the same JSON, text
and HTML report ``ludus analyze`` and ``ludus match`` write, computed by the same C++ code.

    from distributed import Client
    from ludus import study
    result = study.analyze("n-mesh", ["size=5..7"], ai="easy", games=200,
                           client=Client("tcp://scheduler:8786"))
    print(result.text)
    result.write_report("n-mesh-report")

Without a client the chunks run on this machine's cores.  The command line does the same:
``python3 -m ludus.study analyze n-mesh -o size=5..7 --ai easy -n 200 --scheduler tcp://HOST:8786``.
Workers need the ludus package (the .deb, or PYTHONPATH pointing at a build).
"""

import argparse
import functools
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import _ludus

DEFAULT_CHUNK = 10  # games per task


# --- the tasks, run on the workers ----------------------------------------------------------------
# A task carries the study's request as JSON text; each worker builds the study once and
# plays its chunks from it.

@functools.lru_cache(maxsize=16)
def _analysis_study(request_text):
    return _ludus._AnalysisStudy(**json.loads(request_text))


@functools.lru_cache(maxsize=16)
def _match_study(request_text):
    return _ludus._MatchStudy(**json.loads(request_text))


def play_analysis_chunk(request_text, batch, first, count):
    """Game traces (JSON texts) of games [first, first + count) of one batch of an analysis."""
    return _analysis_study(request_text).play(batch, first, count)


def play_match_chunk(request_text, first, count):
    """Games [first, first + count) of a match (JSON texts)."""
    return _match_study(request_text).play(first, count)


# --- running the chunks -----------------------------------------------------------------------

class _Progress:
    """Games done, on stderr: a redrawn line at a terminal, else a line every tenth; or a
    callable progress(done, total) of the caller's."""

    def __init__(self, label, total, progress):
        self.label, self.total, self.done = label, total, 0
        self.callback = progress if callable(progress) else None
        self.enabled = bool(progress) and not self.callback
        self.tty = sys.stderr.isatty()
        self.start = time.monotonic()
        self.reported_tenth = 0

    def add(self, games):
        self.done += games
        if self.callback:
            self.callback(self.done, self.total)
            return
        if not self.enabled:
            return
        line = f"{self.label}: {self.done}/{self.total} games ({100 * self.done // max(1, self.total)}%), " \
               f"{time.monotonic() - self.start:.1f} s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if self.done >= self.total else ""))
            sys.stderr.flush()
        elif self.done * 10 // max(1, self.total) > self.reported_tenth or self.done >= self.total:
            self.reported_tenth = self.done * 10 // max(1, self.total)
            print(line, file=sys.stderr, flush=True)


def _connect(client):
    """(client, whether this call opened it) for a Client or a scheduler address."""
    if client is None or not isinstance(client, str):
        return client, False
    from distributed import Client  # Debian's python3-distributed; only needed here
    return Client(client), True


def _run_chunks(tasks, client, threads, progress):
    """Runs tasks (function, args, games) on the client's cluster or on local threads;
    returns their results in task order."""
    results = [None] * len(tasks)
    if threads is not None and not 1 <= threads <= 1024:
        raise _ludus.LudusError(f"threads must be in [1, 1024], not {threads}")
    if client is None:
        with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
            futures = {pool.submit(fn, *args): i for i, (fn, args, _) in enumerate(tasks)}
            for future in as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                progress.add(tasks[i][2])
        return results
    from distributed import as_completed as dask_completed
    # Pure tasks: a chunk's key is its content, so a chunk lost with a worker is run again
    # under the same key and counted once.
    futures = [client.submit(fn, *args, pure=True, retries=2) for fn, args, _ in tasks]
    index = {future.key: i for i, future in enumerate(futures)}
    for future, result in dask_completed(futures, with_results=True):
        # Released once received: the cluster forgets the result, so a worker lost later
        # does not make the scheduler compute it again for a client that still wants it.
        future.release()
        i = index[future.key]
        results[i] = result
        progress.add(tasks[i][2])
    return results


def _chunks(games, chunk):
    if chunk < 1:
        raise _ludus.LudusError("chunk must be at least 1 game")
    return [(first, min(chunk, games - first)) for first in range(0, games, chunk)]


# --- the studies -----------------------------------------------------------------------------

class AnalysisResult:
    """An analysis as ``ludus analyze`` reports it: ``json`` (the dict of ``--json``),
    ``json_text``, ``text`` (the tables), ``write_report(dir)`` (the HTML page),
    ``plot_svg()``, ``opening_map_svg()``; ``seconds`` the wall time."""

    def __init__(self, computed, seconds, chunks):
        self._computed = computed
        self.json_text = computed.json()
        self.json = json.loads(self.json_text)
        self.text = computed.text()
        self.seconds = seconds
        self.chunks = chunks

    def write_report(self, directory):
        self._computed.write_report(str(directory))

    def plot_svg(self):
        return self._computed.plot_svg()

    def opening_map_svg(self):
        return self._computed.opening_map_svg()


class MatchResult:
    """A match as ``ludus match`` reports it: ``json`` (the dict of ``--json``), ``json_text``,
    ``text``; ``seconds`` the wall time."""

    def __init__(self, json_text, text, seconds, chunks):
        self.json_text = json_text
        self.json = json.loads(json_text)
        self.text = text
        self.seconds = seconds
        self.chunks = chunks


def analyze(game, options=(), ai="random", games=100, seed=1, max_plies=0, baseline=True, opening_map=False,
            opening_games=4, skill_trace="", skill_games=20, client=None, chunk=DEFAULT_CHUNK, threads=None,
            progress=True):
    """The designer's analysis of ``ludus analyze`` (docs/metrics.md), its games played as Dask
    tasks of ``chunk`` games on ``client`` (a distributed.Client or a scheduler address such as
    "tcp://scheduler:8786"), or on ``threads`` local threads (default: every core) without one.

    ``options``: "k=v" texts as ``-o`` takes them ("size=5..9" and repeated names sweep) or a
    dict.  ``progress``: True (stderr), False, or a callable progress(games_done, total)."""
    if isinstance(options, dict):
        options = [f"{k}={v}" for k, v in options.items()]
    request = dict(game=game, options=list(options), ai=ai, games=int(games), seed=int(seed), max_plies=int(max_plies),
                   baseline=bool(baseline), opening_map=bool(opening_map), opening_games=int(opening_games),
                   skill_ladder=skill_trace, skill_games=int(skill_games))
    request_text = json.dumps(request, sort_keys=True)
    computed = _ludus._AnalysisStudy(**request)  # checks the request here, before any task is sent
    tasks = []
    for b, batch in enumerate(computed.batches()):
        for first, count in _chunks(batch["games"], chunk):
            tasks.append((play_analysis_chunk, (request_text, b, first, count), count))
    client, opened = _connect(client)
    start = time.monotonic()
    try:
        results = _run_chunks(tasks, client, threads, _Progress("analyze", computed.total_games(), progress))
    finally:
        if opened:
            client.close()
    traces = [[] for _ in computed.batches()]
    for (_, (_, b, _, _), _), chunk_traces in zip(tasks, results):
        traces[b].extend(chunk_traces)  # tasks are in game order within each batch
    computed.finish(traces)
    return AnalysisResult(computed, time.monotonic() - start, len(tasks))


def match(game, a, b, games=10, seed=1, max_plies=0, options=None, client=None, chunk=DEFAULT_CHUNK, threads=None,
          progress=True):
    """The match of ``ludus match`` (A and B alternate seats; game i seeded from seed and i),
    played like ``analyze``.  ``options``: a dict of game options."""
    request = dict(game=game, options={str(k): str(v) for k, v in (options or {}).items()}, a=a, b=b,
                   games=int(games), seed=int(seed), max_plies=int(max_plies))
    request_text = json.dumps(request, sort_keys=True)
    computed = _ludus._MatchStudy(**request)
    tasks = [(play_match_chunk, (request_text, first, count), count) for first, count in _chunks(int(games), chunk)]
    client, opened = _connect(client)
    start = time.monotonic()
    try:
        # "threads" reports the games played at once as the match began: the cluster's
        # workers then (a worker lost on the way does not lower it), or the local threads.
        workers = len(client.scheduler_info()["workers"]) if client is not None else (threads or os.cpu_count() or 1)
        results = _run_chunks(tasks, client, threads, _Progress("match", int(games), progress))
    finally:
        if opened:
            client.close()
    json_text, text = computed.summary([g for chunk_games in results for g in chunk_games], workers)
    return MatchResult(json_text, text, time.monotonic() - start, len(tasks))


# --- the command line -----------------------------------------------------------------------

def _arguments(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m ludus.study",
        description="ludus analyze and ludus match as Dask tasks: the same games and the same report, on any Dask "
                    "cluster (--scheduler) or on this machine's cores.")
    commands = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("game")
        p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                       help="game option (analyze: repeat a name or give a range size=5..9 to sweep)")
        p.add_argument("-n", "--games", type=int, default=None, help="games (analyze: per variant and AI)")
        p.add_argument("--seed", type=int, default=1, help="random seed (same seed, same games)")
        p.add_argument("--max-plies", type=int, default=0, help="stop longer games as draws (default: the game's limit)")
        p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://HOST:8786 (default: local threads)")
        p.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help=f"games per task (default {DEFAULT_CHUNK})")
        p.add_argument("--threads", type=int, default=0, help="local threads without --scheduler (0 = every core)")
        p.add_argument("--json", action="store_true", help="print JSON instead of tables")
        p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    a = commands.add_parser("analyze", help="the game designer's evaluation (ludus analyze)")
    common(a)
    a.add_argument("--ai", default="random", help="AI playing both seats (default random)")
    a.add_argument("--no-baseline", action="store_true", help="do not also measure random play")
    a.add_argument("--opening-map", metavar="FILE", help="write the opening map (SVG) to FILE")
    a.add_argument("--opening-games", type=int, default=4, help="games per first move for the opening map")
    a.add_argument("--skill-trace", default="", metavar="LADDER", help="each level of LADDER against the next")
    a.add_argument("--skill-games", type=int, default=20, help="games per step of the skill trace")
    a.add_argument("--report", metavar="DIR", help="write DIR/index.html")
    a.add_argument("--plot", metavar="FILE", help="write the lengths and branching plot (SVG) to FILE")

    m = commands.add_parser("match", help="a match between two AIs (ludus match)")
    common(m)
    m.add_argument("--a", required=True, help="AI of player A")
    m.add_argument("--b", required=True, help="AI of player B")
    return parser.parse_args(argv)


def _options_dict(items):
    options = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _ludus.LudusError(f"malformed option '{item}': expected name=value")
        options[key.strip().lstrip("-")] = value.strip()
    return options


def main(argv=None):
    args = _arguments(sys.argv[1:] if argv is None else argv)
    progress = not args.quiet
    try:
        if args.command == "analyze":
            result = analyze(args.game, args.option, ai=args.ai, games=args.games or 100, seed=args.seed,
                             max_plies=args.max_plies, baseline=not args.no_baseline,
                             opening_map=bool(args.opening_map), opening_games=args.opening_games,
                             skill_trace=args.skill_trace, skill_games=args.skill_games, client=args.scheduler,
                             chunk=args.chunk, threads=args.threads or None, progress=progress)
            for path, svg in ((args.plot, result.plot_svg), (args.opening_map, result.opening_map_svg)):
                if path:
                    with open(path, "w", encoding="utf-8") as out:
                        out.write(svg())
            if args.report:
                result.write_report(args.report)
            if args.json:
                sys.stdout.write(result.json_text)
                return 0
            sys.stdout.write(result.text)
            for what, path in (("Plot", args.plot), ("Opening map", args.opening_map)):
                if path:
                    print(f"{what} written to {path}")
            if args.report:
                print(f"Report written to {os.path.join(args.report, 'index.html')}")
        else:
            result = match(args.game, args.a, args.b, games=args.games or 10, seed=args.seed, max_plies=args.max_plies,
                           options=_options_dict(args.option), client=args.scheduler, chunk=args.chunk,
                           threads=args.threads or None, progress=progress)
            sys.stdout.write(result.json_text if args.json else result.text)
        if not args.json:
            tasks = f"{result.chunks} task" + ("" if result.chunks == 1 else "s")
            print(f"{tasks} in {result.seconds:.1f} s" + (f" on {args.scheduler}" if args.scheduler else " on this machine"))
        return 0
    except (_ludus.LudusError, OSError) as error:
        print(f"ludus.study: {error}", file=sys.stderr)
        return 2
    except ImportError as error:  # here or on a worker
        print(f"ludus.study: {error} (a Dask study needs Debian's python3-distributed here and the ludus package "
              "on every worker)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    # Run through the package's module, so the tasks sent to workers name ludus.study (which
    # they can import) rather than __main__.
    from ludus.study import main as _main
    sys.exit(_main())
