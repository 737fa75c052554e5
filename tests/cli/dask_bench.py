"""Dask against local workers, interleaved (issue 35): ``make bench-dask``.

    .venv/bin/python tests/cli/dask_bench.py --games 100000 1000000 --rounds 2

For each number of games, ``simulate`` (Ohanami 2p, random bots) and ``tournament`` (Ohanami 2p,
random and greedy: three line-ups) run on ``--jobs 2``, ``--dask-workers 1`` and
``--dask-workers 2``, one after the other in every round (so a busy moment of the shared
machine falls on all of them alike), each under ``nice 10`` with its table written to a
temporary Parquet file. Prints the median wall and CPU seconds of each (the command and every
process it started, workers and Dask's nannies included, from ``RUSAGE_CHILDREN``), the ratios
of Dask with 2 workers to ``--jobs 2`` (target: within 1.3x the CPU and 1.5x the wall time)
and of 2 Dask workers to 1 (the scaling), and the load average before and after.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    exe = str(Path(sys.executable).with_name("mandalakit"))
    print("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    for games in args.games:
        for command in ("simulate", "tournament"):
            times: dict = {where: [] for where in WHERE}
            with tempfile.TemporaryDirectory() as folder:
                for r in range(args.rounds):
                    order = list(WHERE) if r % 2 == 0 else list(WHERE)[::-1]
                    for where in order:
                        times[where].append(run(argv(exe, command, games, Path(folder) / "t.parquet") + WHERE[where]))
            wall = {w: statistics.median(t["wall"] for t in ts) for w, ts in times.items()}
            cpu = {w: statistics.median(t["cpu"] for t in ts) for w, ts in times.items()}
            print(f"{command} {games:,} games: " + ", ".join(f"{w} {wall[w]:.1f} s wall / {cpu[w]:.1f} s CPU"
                                                              for w in WHERE))
            print(f"  dask 2 / jobs 2: CPU {cpu['dask 2'] / cpu['jobs 2']:.2f}x, wall {wall['dask 2'] / wall['jobs 2']:.2f}x;"
                  f" dask 1 -> 2 workers: wall {wall['dask 1'] / wall['dask 2']:.2f}x faster", flush=True)
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
