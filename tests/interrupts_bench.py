"""Signals at random moments of a ``mandalakit simulate --jobs 2`` run (issue 19): how many
stops are clean, how many processes outlive the command, how many outputs are left.

    .venv/bin/python tests/interrupts_bench.py -n 50          # make bench-interrupts

Each delivery starts ``simulate`` (4-player Ohanami, 2,000,000 games, 2 workers, Parquet
output) in a session of its own, under ``nice 10`` and beside a busy sibling process that
keeps a core busy, with SIGINT ignored in every other run (as ``command &`` leaves it); it
sends SIGINT or SIGTERM (alternately) after a random delay of 0 to 15 seconds (seeded), which
lands anywhere from the interpreter's start through the import of numpy, the workers' start
and the games to the writing of the first chunks of the table. A stop is clean when the
command exits with 128 + the signal's number, prints one line on stderr and nothing on
stdout, and leaves no file beside its target. Whatever happens, each run's process group
is killed and the command waited for before the next one.

A signal that lands before the command's first line runs (while Python itself starts: the
interpreter and ``site``; the command's handlers come next, before numpy and the engines load,
:mod:`mandalakit.console`) meets the system's or Python's defaults: the command dies with no
line, or a SIGINT that the parent ignored is lost. Those are counted apart ("before the
handlers"). On the loaded 2-core machine (load 27) the handlers are in place a median 264 ms
after the start, where Python alone takes 244 ms to run its first line (605 ms before
mandalakit.console); ``--longest 1`` aims the deliveries at that start.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _processes  # noqa: E402

ARGV = ["simulate", "--game", "ohanami", "--players", "4", "--games", "2000000", "--jobs", "2", "--quiet"]


def deliver(delay: float, signum: int, ignore_sigint: bool) -> dict:
    """One run: the command signalled after ``delay`` seconds; what came of it."""
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        with _processes.command([*ARGV, "--out", str(folder / "runs.parquet")], ignore_sigint=ignore_sigint,
                                nice=10) as proc:
            start = time.monotonic()
            _processes.wait_until(lambda: time.monotonic() - start >= delay, delay + 1, proc)
            handlers = _processes.catches(proc.pid, signal.SIGTERM)
            workers = len(_processes.children(proc.pid))
            chunk = (out := _processes.temporary_output(folder)) is not None and out.stat().st_size > 0
            proc.send_signal(signum)
            try:
                out, err = proc.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                out, err = "", "(still running 120 s after the signal)"
            left = _processes.group_members(proc.pid)
            _processes.wait_until(lambda: not _processes.group_members(proc.pid), 10)
            orphans = len(_processes.group_members(proc.pid))  # still alive 10 s after the command ended
            files = _processes.leftovers(folder)
    clean = (proc.returncode == 128 + signum and out == "" and len(err.splitlines()) == 1
             and "interrupted" in err and not files)
    return {"delay": delay, "signal": signal.Signals(signum).name, "sigint_ignored": ignore_sigint,
            "handlers": handlers, "workers": workers, "chunk_written": chunk, "status": proc.returncode,
            "clean": clean, "orphans": orphans, "alive_at_exit": len(left), "files": files,
            "stderr": err.strip()[-300:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=50, help="signal deliveries (default 50)")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--longest", type=float, default=15.0, help="longest delay in seconds (default 15)")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])  # the busy sibling
    results = []
    try:
        for i in range(args.n):
            signum = signal.SIGINT if i % 2 == 0 else signal.SIGTERM
            r = deliver(float(rng.uniform(0, args.longest)), signum, ignore_sigint=i % 4 == 0)
            results.append(r)
            where = ("before the handlers" if not r["handlers"] else
                     f"{r['workers']} workers" + (", a chunk written" if r["chunk_written"] else ""))
            print(f"{i + 1:2d}. {r['signal']:7s} at {r['delay']:5.2f} s ({where}): status {r['status']}, "
                  f"{'clean' if r['clean'] else 'NOT CLEAN'}, orphans {r['orphans']}, files {r['files']}"
                  + ("" if r["clean"] else f"\n    stderr: {r['stderr']!r}"), flush=True)
    finally:
        busy.kill()
        busy.wait()
    early = [r for r in results if not r["handlers"]]
    late = [r for r in results if r["handlers"]]
    print(f"\n{len(results)} deliveries: {sum(r['clean'] for r in results)} clean stops "
          f"({sum(r['clean'] for r in late)} of {len(late)} after the command's handlers were in place, "
          f"{sum(r['clean'] for r in early)} of {len(early)} before), "
          f"{sum(r['orphans'] for r in results)} orphan processes, "
          f"{sum(bool(r['files']) for r in results)} partial outputs; "
          f"{sum(r['workers'] > 0 for r in results)} landed with workers running, "
          f"{sum(r['chunk_written'] for r in results)} after a chunk of the table was written.")


if __name__ == "__main__":
    main()
