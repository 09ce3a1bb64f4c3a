# SPDX-License-Identifier: Apache-2.0
"""ludus.study on a real Dask cluster: a scheduler and two single-threaded workers started on
loopback (Debian's python3-distributed), a small designer sweep whose first worker is killed
mid-run, and a match.  The merged results must equal the single-machine runs with the same
seeds (ludus.study without a cluster, and `ludus analyze` / `ludus match` themselves): no
game lost, none counted twice.  Run by ctest (python/dask_study_test)."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from ludus import study

LUDUS = os.environ.get("LUDUS_BINARY", "ludus")
SWEEP = dict(game="trellis", options=["size=7..9..2"], ai="mcts:iters=200", games=12, seed=3)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli_json(*args):
    out = subprocess.run([LUDUS, *args, "--json"], check=True, capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout)


def chunk_runs(dask_scheduler, prefix, since):
    """How many times the scheduler saw a task of `prefix` computed (moved to memory) since
    `since`: a chunk run again after a lost worker counts twice."""
    return sum(1 for t in dask_scheduler.transition_log
               if t.finish == "memory" and t.start == "processing" and t.key.startswith(prefix) and t.timestamp >= since)


def without_timing(match_json):
    return {k: v for k, v in match_json.items() if k not in ("ms_per_move", "threads")}


class DaskStudy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        from distributed import Client
        cls.directory = tempfile.TemporaryDirectory(prefix="ludus-dask-")
        cls.address = f"tcp://127.0.0.1:{free_port()}"
        env = dict(os.environ)
        # The workers import the same ludus package as this test, from any directory.
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(study.__file__)))
        env["PYTHONPATH"] = os.pathsep.join([package_parent] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
        cls.environment = env
        cls.logs = open(os.path.join(cls.directory.name, "dask.log"), "w")
        spawn = lambda *args: subprocess.Popen([sys.executable, "-m", *args], env=env, cwd=cls.directory.name,
                                               stdout=cls.logs, stderr=subprocess.STDOUT)
        cls.scheduler = spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                              cls.address.rsplit(":", 1)[1], "--no-dashboard")
        # No nanny: killing a worker kills it for good (a nanny would restart it).
        cls.spawn_worker = staticmethod(
            lambda name: spawn("distributed.cli.dask_worker", cls.address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                               "--name", name, "--local-directory", cls.directory.name))
        cls.workers = [cls.spawn_worker(f"worker-{i}") for i in range(2)]
        cls.client = Client(cls.address, timeout=60)
        cls.client.wait_for_workers(2, timeout=60)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        for process in cls.workers + [cls.scheduler]:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        cls.logs.close()
        cls.directory.cleanup()

    def test_a_sweep_survives_a_lost_worker_and_equals_the_local_run(self):
        killed = []

        def kill_a_worker_half_way(done, total):
            if not killed and done * 2 >= total:
                self.workers[0].kill()
                self.workers[0].wait()
                killed.append(done)

        since = time.time()
        distributed = study.analyze(**SWEEP, client=self.client, chunk=2, progress=kill_a_worker_half_way)
        self.assertTrue(killed, "the worker was never killed")
        self.assertLess(killed[0], 48)
        # The chunks received before the kill are not run again (the study releases each
        # result as it arrives); only those the lost worker had not delivered are: at most
        # the one it was playing and one finished but not yet received.
        runs = self.client.run_on_scheduler(chunk_runs, prefix="play_analysis_chunk", since=since)
        self.assertGreaterEqual(runs, 24)
        self.assertLessEqual(runs - 24, 2, f"{runs - 24} chunks of 24 were run again after the lost worker")
        local = study.analyze(**SWEEP, threads=2, progress=False)
        self.assertEqual(distributed.json, local.json)
        self.assertEqual(distributed.text, local.text)
        self.assertEqual([s["games"] for s in distributed.json["settings"]], [12, 12, 12, 12])
        # ... and what `ludus analyze` itself computes on this machine.
        cli = cli_json("analyze", "trellis", "-o", "size=7..9..2", "--ai", SWEEP["ai"], "-n", "12", "--seed", "3",
                       "--no-cache", "--threads", "2", "--quiet")
        self.assertEqual(distributed.json, cli)
        with tempfile.TemporaryDirectory() as report:
            distributed.write_report(report)
            with open(os.path.join(report, "index.html"), encoding="utf-8") as page:
                self.assertIn("Metrics by variant", page.read())

    def test_match_and_the_command_line(self):
        distributed = study.match("ndengrod", "mcts:iters=40", "random", games=10, seed=5, options={"size": 4, "length": 4},
                                  client=self.client, chunk=3, progress=False)
        local = study.match("ndengrod", "mcts:iters=40", "random", games=10, seed=5, options={"size": 4, "length": 4},
                            threads=2, progress=False)
        self.assertEqual(without_timing(distributed.json), without_timing(local.json))
        cli = cli_json("match", "ndengrod", "-o", "size=4", "-o", "length=4", "--a", "mcts:iters=40", "--b", "random",
                       "-n", "10", "--seed", "5", "--threads", "2", "--quiet")
        self.assertEqual(without_timing(distributed.json), without_timing(cli))
        self.assertEqual(distributed.json["a_wins"] + distributed.json["a_losses"] + distributed.json["draws"], 10)
        self.assertEqual(distributed.json["threads"], len(self.client.scheduler_info()["workers"]))
        out = subprocess.run([sys.executable, "-m", "ludus.study", "analyze", "ndengrod", "-o", "size=4", "-o", "length=4",
                              "-n", "6", "--chunk", "2", "--scheduler", self.address, "--json", "--quiet"],
                             check=True, capture_output=True, text=True, timeout=120, env=self.environment)
        self.assertEqual(json.loads(out.stdout), cli_json("analyze", "ndengrod", "-o", "size=4", "-o", "length=4", "-n", "6",
                                                           "--no-cache", "--quiet"))
        bad = subprocess.run([sys.executable, "-m", "ludus.study", "analyze", "chess", "--scheduler", self.address],
                             capture_output=True, text=True, timeout=60, env=self.environment)
        self.assertEqual(bad.returncode, 2)
        self.assertEqual(bad.stderr.strip(), "ludus.study: unknown game 'chess' (games: epoxy, n-mesh, ndengrod, netted, trellis)")


    def test_match_threads_are_the_workers_it_began_with(self):
        extra = self.spawn_worker("worker-extra")
        try:
            self.client.wait_for_workers(len(self.client.scheduler_info()["workers"]) + 1, timeout=60)
            began_with = len(self.client.scheduler_info()["workers"])
            killed = []

            def kill_the_extra_worker(done, total):
                if not killed:
                    extra.kill()
                    extra.wait()
                    killed.append(done)
                    deadline = time.monotonic() + 60  # until the scheduler has seen it go
                    while len(self.client.scheduler_info()["workers"]) >= began_with and time.monotonic() < deadline:
                        time.sleep(0.1)

            result = study.match("n-mesh", "random", "random", games=8, seed=2, options={"size": 4}, client=self.client,
                                 chunk=1, progress=kill_the_extra_worker)
            self.assertTrue(killed)
            self.assertEqual(result.json["games"], 8)
            self.assertEqual(result.json["threads"], began_with)
            self.assertLess(len(self.client.scheduler_info()["workers"]), began_with)
        finally:
            if extra.poll() is None:
                extra.kill()
                extra.wait()


if __name__ == "__main__":
    unittest.main()
