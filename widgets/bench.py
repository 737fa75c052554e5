"""``python -m mandalakit.widgets.bench``: server-side time from a click to the redrawn board.

For each game, a person's seat plays a whole game by clicks against the greedy bot (bots
move at once); every click is timed from :meth:`GameView.click` until the board, chips,
status and score panel hold the new drawing. Prints the median and the 95th percentile per
game (issue 9's target: median under 50 ms). The browser side (first render, page weight)
is ``make bench-ui``'s second half, the play-dashboard tests in Chromium.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from .game_view import GameView

GAMES = (("ohanami", ["you", "greedy"]), ("mandala", ["you", "greedy"]), ("flowers", ["you", "greedy", "greedy", "greedy"]))


def click_times(game: str, seats, seed: int) -> list[float]:
    """Seconds per click over one game played by random clicks on highlighted targets."""
    view = GameView(game, seats=seats, seed=seed, bot_delay=0)
    rng = np.random.default_rng(seed)
    times = []
    while not view.state.is_terminal():
        targets = sorted(view.active)
        target = targets[int(rng.integers(len(targets)))]
        start = time.perf_counter()
        view.click(target)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    for game, seats in GAMES:
        times = sorted(t for seed in range(3) for t in click_times(game, seats, seed))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{game:8s} {len(seats)}p: {len(times)} clicks, click to redrawn board: median "
              f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms (target: median < 50 ms; "
              "includes the bots' replies)")


if __name__ == "__main__":
    main()
