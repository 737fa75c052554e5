"""A real Dask cluster, as on separate machines (issue 35): a scheduler and two workers started
as processes of their own with Dask's command-line tools (``dask scheduler``, ``dask worker``)
on free ports of 127.0.0.1, a ``mandalakit simulate --scheduler tcp://...`` sent there, one
worker killed in the middle of the run. Dask plays the lost share again on the other worker:
the table is the local run's, row for row; a run that fails says why in one sentence, exits
non-zero and writes nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import _processes

distributed = pytest.importorskip("distributed")

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(300)]

DASK = Path(sys.executable).with_name("dask")
GAMES = 200_000  # a few seconds on each worker: long enough to lose one in the middle


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def started(argv: list[str], log: Path):
    """``argv`` in a session of its own, its output to ``log``; killed with its group and waited for at the end."""
    with open(log, "w") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


@contextlib.contextmanager
def cluster(tmp_path: Path, workers: int = 2):
    """``(address, worker processes, a Client of the test)`` of a scheduler and ``workers`` workers,
    each its own ``dask`` process; the client waits until every worker has joined."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    with contextlib.ExitStack() as stack:
        scheduler = stack.enter_context(started(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            tmp_path / "scheduler.log"))
        procs = [stack.enter_context(started(
            [str(DASK), "worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
             "--host", "127.0.0.1", "--name", f"worker-{i}"], tmp_path / f"worker-{i}.log")) for i in range(workers)]
        client = stack.enter_context(distributed.Client(address, timeout=60))
        client.wait_for_workers(workers, timeout=120)
        assert scheduler.poll() is None
        yield address, procs, client


def simulate_argv(address: str, out: Path) -> list[str]:
    return ["simulate", "--game", "ohanami", "--players", "2", "--games", str(GAMES), "--bots", "random,greedy",
            "--seed", "35", "--scheduler", address, "--quiet", "--out", str(out)]


def test_a_simulation_on_a_real_cluster_survives_a_lost_worker(tmp_path):
    from mandalakit.simulate import simulate

    out = tmp_path / "out" / "runs.parquet"
    out.parent.mkdir()
    with cluster(tmp_path) as (address, workers, client):
        with _processes.command(simulate_argv(address, out)) as run:
            # The run has sent its shares and both workers play: kill the one that holds the most.
            assert _processes.wait_until(lambda: all(client.processing().values()) and len(client.processing()) == 2,
                                         120, run), run.communicate(timeout=60)[1][-2000:]
            busiest = max(client.processing().items(), key=lambda item: len(item[1]))[0]
            name = client.scheduler_info()["workers"][busiest]["name"]  # worker-0 or worker-1
            victim = workers[int(str(name).rpartition("-")[2])]
            os.killpg(victim.pid, signal.SIGKILL)
            victim.wait(timeout=30)
            stdout, stderr = run.communicate(timeout=240)
        assert len(client.scheduler_info()["workers"]) == 1  # the kill did land: one worker is left
    if run.returncode == 0:
        assert stdout.startswith(f"{GAMES} games, {2 * GAMES} rows -> "), stderr[-2000:]
        local = simulate("ohanami", 2, GAMES, seed=35, bots=["random", "greedy"], progress=False)
        pd.testing.assert_frame_equal(pd.read_parquet(out), local)
    else:  # Dask gave the run up: one sentence, nothing written
        assert stdout == "" and len(stderr.splitlines()) == 1 and "error: [dask]" in stderr, stderr[-2000:]
        assert _processes.leftovers(out.parent) == []


def test_a_run_whose_scheduler_dies_says_why_in_one_sentence_and_writes_nothing(tmp_path):
    out = tmp_path / "out" / "runs.parquet"
    out.parent.mkdir()
    with cluster(tmp_path, workers=1) as (address, _workers, client):
        with _processes.command(simulate_argv(address, out)) as run:
            assert _processes.wait_until(lambda: any(client.processing().values()), 120, run), \
                run.communicate(timeout=60)[1][-2000:]
            scheduler_pid = client.run_on_scheduler(os.getpid)
            client.close()
            os.kill(scheduler_pid, signal.SIGKILL)
            stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 2 and stdout == "", stderr[-2000:]
    assert len(stderr.splitlines()) == 1 and stderr.startswith("mandalakit simulate: error: [dask] The Dask run failed: ")
    assert _processes.leftovers(out.parent) == []
