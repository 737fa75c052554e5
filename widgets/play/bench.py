"""``python -m mandalakit.widgets.play.bench``: server-side time from a click to the redrawn board.

For each game, a person's seat plays a whole game by clicks against the greedy bot (bots
move at once); every click is timed from :meth:`GameView.click` until the board, chips,
status and score panel hold the new drawing. Prints the median and the 95th percentile per
game (issue 9's target: median under 50 ms), and the time the engine takes to draw the
fullest board of a seeded game, wide and 400 px narrow (target: under 10 ms), and the hard
level's CPU time a move as the play pages run it (issue 30's target: at most 0.3 s a move, and
no first move of 10-19 s: :mod:`.warm` readies the search's fast kernels when its game starts).
The browser side (first render, page weight) is ``make bench-ui``'s second half, the
play-dashboard tests in Chromium.
"""

from __future__ import annotations

import statistics
import time
import timeit

import numpy as np

from mandalakit.core.contract import CHANCE
from mandalakit.core.registry import all_games, get_game

from mandalakit.widgets.play.game_view import GameView
from mandalakit.widgets.play.warm import warm


def cases() -> list[tuple[str, list[str]]]:
    """Each game of the registry at its fullest table: a person's seat and medium bots."""
    return [(spec.name, ["you"] + ["medium"] * (spec.max_players - 1)) for spec in all_games()]


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


def drawing_ms(game: str, seats: int, seed: int = 0) -> dict[str, float]:
    """Milliseconds to draw the board with the longest drawing of a seeded random game, wide
    (``"wide"``) and 400 px narrow (``"narrow"``): the best of 3 rounds of 10 drawings each."""
    state = get_game(game).new_game(seats, seed=seed)
    rng = np.random.default_rng(seed)
    fullest, size = state.clone(), 0
    while not state.is_terminal():
        if state.current_player != CHANCE and len(text := state.to_svg()) > size:
            fullest, size = state.clone(), len(text)
        moves = state.legal_moves()
        state.apply(moves[int(rng.integers(len(moves)))])
    return {name: 1000 * min(timeit.repeat(lambda: fullest.to_svg(marks={"discard": "active"}, width=width),
                                           number=10, repeat=3)) / 10
            for name, width in (("wide", None), ("narrow", 400))}


def hard_cpu(game: str, seed: int = 0, moves: int = 10) -> tuple[float, list[float]]:
    """The seconds :func:`~mandalakit.widgets.play.warm.warm` took for ``game`` in this process,
    and the CPU seconds of each of the hard bot's first ``moves`` decisions with a choice, in a
    2-player game against a person (whose seat plays at random here)."""
    ready = warm(game)  # what GameView.new_game does for a game with the hard bot
    spec = get_game(game)
    bot, rng = spec.make_bot("hard", seed=seed), np.random.default_rng(seed)  # as GameView makes it
    state, cpu = spec.new_game(2, seed=seed), []
    while not state.is_terminal() and len(cpu) < moves:
        while state.is_chance():
            state.apply(state.sample_chance(rng))
        if state.is_terminal():
            break
        legal = state.legal_moves()
        if state.current_player == 0 and len(legal) > 1:
            start = time.process_time()
            move = bot.choose(state.observation(0), legal)
            cpu.append(time.process_time() - start)
        else:
            move = legal[int(rng.integers(len(legal)))]
        state.apply(move)
    return ready, cpu


def main() -> None:
    for game, seats in cases():
        times = sorted(t for seed in range(3) for t in click_times(game, seats, seed))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{game:8s} {len(seats)}p: {len(times)} clicks, click to redrawn board: median "
              f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms (target: median < 50 ms; "
              "includes the bots' replies)")
        ms = drawing_ms(game, len(seats))
        print(f"{game:8s} {len(seats)}p: drawing the fullest board: {ms['wide']:.1f} ms wide, "
              f"{ms['narrow']:.1f} ms at 400 px (target: under 10 ms)")
        ready, cpu = hard_cpu(game)
        print(f"{game:8s} 2p: Bot (hard): {statistics.median(cpu):.2f} s of CPU a move (median of {len(cpu)}), "
              f"most {max(cpu):.2f} s, first {cpu[0]:.2f} s (target: at most 0.3 s); its kernels made ready "
              f"in {ready:.1f} s when the game started")


if __name__ == "__main__":
    main()
