"""Dask against local workers, interleaved: CPU and wall time of ``simulate`` and ``tournament``
on ``--dask-workers 2`` against ``--jobs 2`` (issue 35).

    .venv/bin/python tests/dask_bench.py --games 100000 1000000 --rounds 2      # make bench-dask

For each size and round, each command runs once on ``--jobs 2`` and once on ``--dask-workers 2``,
one after the other (so a change of the machine's load touches both alike), under ``nice 10``,
Ohanami 2p random bots (the fast path in the workers), its table written to Parquet in a
temporary folder; the two tables must be identical, byte for byte. Prints each run, then per
command and size the ratios Dask / local of the summed CPU time (the command, its workers and
Dask's scheduler) and of the wall time (target: at most 1.3 and 1.5), and the load average.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from simulate_bench import run  # noqa: E402 - the measured run of one command (CPU of its tree, wall, memory)

WHERE = (["--jobs", "2"], ["--dask-workers", "2"])


def argv(exe: str, command: str, games: int, out: Path, where: list[str]) -> list[str]:
    if command == "simulate":
        return [exe, "simulate", "--game", "ohanami", "--players", "2", "--games", str(games), "--out", str(out),
                "--quiet", *where]
    return [exe, "tournament", "--game", "ohanami", "--players", "2", "--bots", "random", "--rotations",
            str(games // 2), "--out", str(out), "--quiet", *where]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--commands", nargs="+", default=["simulate", "tournament"])
    args = parser.parse_args()
    exe = str(Path(sys.executable).with_name("mandalakit"))
    ratios = {}
    with tempfile.TemporaryDirectory() as folder:
        for games in args.games:
            for command in args.commands:
                cpu = {0: [], 1: []}
                wall = {0: [], 1: []}
                for r in range(args.rounds):
                    outs = []
                    for k, where in enumerate(WHERE):
                        out = Path(folder) / f"{command}-{games}-{k}.parquet"
                        got = run(argv(exe, command, games, out, where))
                        cpu[k].append(got["cpu"])
                        wall[k].append(got["wall"])
                        outs.append(out)
                        print(f"{command} {games:,} games {' '.join(where)}: {got['cpu']:.1f} s CPU, "
                              f"{got['wall']:.1f} s wall, peak {got['tree'] / 2**20:,.0f} MB (PSS)", flush=True)
                    same = filecmp.cmp(outs[0], outs[1], shallow=False)
                    print(f"  round {r + 1}: tables identical: {same}", flush=True)
                    if not same:
                        raise SystemExit("the Dask table differs from the local one")
                ratios[command, games] = (sum(cpu[1]) / sum(cpu[0]), sum(wall[1]) / sum(wall[0]))
    for (command, games), (c, w) in ratios.items():
        print(f"{command} {games:,} games, --dask-workers 2 / --jobs 2: CPU {c:.2f}x (target 1.3), "
              f"wall {w:.2f}x (target 1.5)")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
