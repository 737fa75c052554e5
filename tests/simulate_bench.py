"""Wall time, CPU time and peak memory of one ``mandalakit simulate`` run (issue 25).

    .venv/bin/python tests/simulate_bench.py --games 1000000          # make bench-simulate

Runs the command under ``nice 10`` (the machine may be shared) with its table written to a
Parquet file in a temporary folder, samples the memory of its process tree (the command
and its worker processes) every 0.2 s, and prints the wall time, the CPU time of the
tree (every process the command started, those outliving their parent too: this process is
their subreaper), games per CPU second and per wall second, the peak resident memory of the largest
process and the peak proportional memory (PSS) of the whole tree. The command is always
waited for; on any error its process group is killed first.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil


def tree_memory(process: psutil.Process) -> tuple[int, int]:
    """(largest resident size, summed proportional size) in bytes of ``process`` and its
    descendants: the proportional size (PSS) shares each page among the processes that map it,
    so forked workers' common libraries count once in the sum (0 for processes gone)."""
    largest = total = 0
    for p in [process, *process.children(recursive=True)]:
        try:
            info = p.memory_full_info()
        except psutil.Error:
            continue
        largest, total = max(largest, info.rss), total + info.pss
    return largest, total


#: Linux's ``prctl(PR_SET_CHILD_SUBREAPER, ...)`` option number.
_PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> bool:
    """Make this process the subreaper of its descendants (Linux): a process whose parent ends
    first (a forkserver's workers, a daemon of Dask's) is handed to this one, which waits for
    it, so that its CPU time counts in ``RUSAGE_CHILDREN`` as well. False where not available."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_orphans(seconds: float = 30.0) -> None:
    """Wait for the descendants handed to this process (:func:`adopt_orphans`) until none is
    left (psutil waits for them, so their CPU time counts); those still alive after ``seconds``
    are killed and waited for."""
    me, deadline = psutil.Process(), time.monotonic() + seconds
    while children := me.children():
        _gone, alive = psutil.wait_procs(children, timeout=max(0.1, deadline - time.monotonic()))
        for child in alive:  # past the deadline
            child.kill()


def run(argv: list[str]) -> dict:
    adopt_orphans()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    command = subprocess.Popen(argv, start_new_session=True, preexec_fn=lambda: os.nice(10),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    largest = total = 0
    try:
        watched = psutil.Process(command.pid)
        while command.poll() is None:
            try:
                one, tree = tree_memory(watched)
            except psutil.Error:  # it ended between poll() and the sample
                break
            largest, total = max(largest, one), max(total, tree)
            time.sleep(0.2)
        out, err = command.communicate()
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
            command.wait()
        reap_orphans()
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if command.returncode:
        raise SystemExit(f"simulate failed ({command.returncode}): {err.strip()}")
    return {"wall": wall, "cpu": cpu, "largest": largest, "tree": total, "out": out.strip()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--game", default="ohanami")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    exe = str(Path(sys.executable).with_name("mandalakit"))
    with tempfile.TemporaryDirectory() as folder:
        argv = [exe, "simulate", "--game", args.game, "--players", str(args.players), "--games", str(args.games),
                "--bots", args.bots, "--out", str(Path(folder) / "table.parquet"), "--quiet"]
        if args.jobs:
            argv += ["--jobs", str(args.jobs)]
        r = run(argv)
    print(r["out"])
    print(f"{args.game} {args.players}p {args.bots}, {args.games:,} games: {r['wall']:.1f} s wall, "
          f"{r['cpu']:.1f} s CPU ({args.games / r['cpu']:,.0f} games per CPU second, "
          f"{args.games / r['wall']:,.0f} per wall second)")
    print(f"peak resident memory: {r['largest'] / 2**20:,.0f} MB in the largest process, "
          f"{r['tree'] / 2**20:,.0f} MB (PSS) for the command and its workers together")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
