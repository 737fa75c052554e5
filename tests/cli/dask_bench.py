"""Dask against local workers, interleaved (issue 35): ``make bench-dask``.

    .venv/bin/python tests/cli/dask_bench.py --games 100000 1000000 --rounds 2

For each number of games, ``simulate`` (Ohanami 2p, random bots) and ``tournament`` (Ohanami 2p,
random and greedy: three line-ups) run on ``--jobs 2``, ``--dask-workers 1`` and
``--dask-workers 2``, one after the other in every round (so a busy moment of the shared
machine falls on all of them alike), each under ``nice 10`` with its table written to a
temporary Parquet file. Prints the median wall and CPU seconds of each (the command and every
process it started, every worker included, from ``RUSAGE_CHILDREN``: the bench is their
subreaper), the ratios
of Dask with 2 workers to ``--jobs 2`` (target: within 1.3x the CPU and 1.5x the wall time)
and of 2 Dask workers to 1 (the scaling), the load average around each run and the range of
those of a line, and whether every run wrote the same file byte for byte (the same rows in the
same row groups as the local run: the command exits non-zero if not).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from simulate_bench import run  # noqa: E402 - tests/simulate_bench.py: one run's wall, CPU and memory

WHERE = {"jobs 2": ["--jobs", "2"], "dask 1": ["--dask-workers", "1"], "dask 2": ["--dask-workers", "2"]}


def argv(exe: str, command: str, games: int, out: Path) -> list[str]:
    if command == "simulate":
        return [exe, "simulate", "--game", "ohanami", "--players", "2", "--games", str(games), "--bots", "random",
                "--seed", "1", "--quiet", "--out", str(out)]
    return [exe, "tournament", "--game", "ohanami", "--players", "2", "--bots", "random,greedy", "--rotations",
            str(max(1, games // 6)), "--seed", "1", "--quiet", "--out", str(out)]


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    sha = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    exe = str(Path(sys.executable).with_name("mandalakit"))
    print(f"load average before: {load()}", flush=True)
    failed = False
    for games in args.games:
        for command in ("simulate", "tournament"):
            times: dict = {where: [] for where in WHERE}
            loads = []
            files: dict = {}  # the digest of each run's file -> the runs that wrote it
            with tempfile.TemporaryDirectory() as folder:
                for r in range(args.rounds):
                    order = list(WHERE) if r % 2 == 0 else list(WHERE)[::-1]
                    for where in order:
                        out = Path(folder) / f"{where.replace(' ', '-')}-{r}.parquet"
                        before = os.getloadavg()[0]
                        t = run(argv(exe, command, games, out) + WHERE[where])
                        loads += [before, os.getloadavg()[0]]
                        times[where].append(t)
                        files.setdefault(digest(out), []).append(f"{where} (round {r + 1})")
                        out.unlink()
                        print(f"  {command} {games:,} games, {where}: {t['wall']:.1f} s wall, {t['cpu']:.1f} s CPU"
                              f" (load {before:.2f} -> {os.getloadavg()[0]:.2f})", flush=True)
            wall = {w: statistics.median(t["wall"] for t in ts) for w, ts in times.items()}
            cpu = {w: statistics.median(t["cpu"] for t in ts) for w, ts in times.items()}
            print(f"{command} {games:,} games: " + ", ".join(f"{w} {wall[w]:.1f} s wall / {cpu[w]:.1f} s CPU"
                                                              for w in WHERE)
                  + f" (medians; load {min(loads):.2f}-{max(loads):.2f})")
            print(f"  dask 2 / jobs 2: CPU {cpu['dask 2'] / cpu['jobs 2']:.2f}x, wall {wall['dask 2'] / wall['jobs 2']:.2f}x;"
                  f" dask 1 -> 2 workers: wall {wall['dask 1'] / wall['dask 2']:.2f}x faster", flush=True)
            if len(files) == 1:
                print(f"  the same file, byte for byte, from all {args.rounds * len(WHERE)} runs", flush=True)
            else:
                failed = True
                print("  FILES DIFFER: " + "; ".join(", ".join(runs) for runs in files.values()), flush=True)
    print(f"load average after: {load()}")
    if failed:
        raise SystemExit("the runs did not all write the same table")


if __name__ == "__main__":
    main()
