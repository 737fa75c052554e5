"""Throughput of the adapters next to the engines' own, per game and player count.

    python -m mandalakit.rl.bench --seconds 2

prints one row per game and player count, in decisions per second of this process's CPU time
(random legal play from seeded games):

``engine``
    the engine alone, as ``mandalakit bench`` measures it (``random_move`` + ``apply``);
``engine+obs``
    the engine with the work an environment must do: ``legal_moves``, the mover's
    ``observation`` and ``apply``;
``pettingzoo``
    the AEC environment: ``last()`` (tensor and mask) and ``step``;
``openspiel``
    the OpenSpiel game: ``legal_actions`` and ``apply_action``, chance nodes drawn card by
    card (not counted as decisions), no observations;

the PettingZoo ``ratio`` (``engine+obs`` over ``pettingzoo``: how many times slower the
environment is than the engine loop with observations), and the overhead of each adapter over
``engine+obs`` in % (the time per decision, less the engine's, over the engine's). The three
loops of a row take turns in slices of 0.1 s of CPU, so a load that comes and goes weighs on
each alike.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ..core import interrupts
from ..core.registry import all_games, get_game
from ..simulate import bench as engine_bench


def all_cases() -> list[tuple[str, int]]:
    """``(game, players)`` for every game of the registry and every player count it is played with."""
    return [(spec.name, n) for spec in all_games() for n in range(spec.min_players, spec.max_players + 1)]


def _rate(play_one: Callable[[np.random.Generator], int], seconds: float, seed: int) -> float:
    """Decisions per CPU second of whole games played by ``play_one(rng) -> decisions``."""
    return _rates([play_one], seconds, seed)[0]


def _rates(plays: Sequence[Callable[[np.random.Generator], int]], seconds: float, seed: int,
           slice_: float = 0.1) -> list[float]:
    """Decisions per CPU second of each of ``plays``, the loops taking turns in slices of
    ``slice_`` CPU seconds (whole games) until each has had ``seconds``: on a loaded machine
    the loops compared see the same load, so their ratios hold better than their rates."""
    rngs = [np.random.default_rng(seed) for _ in plays]
    decisions = [0] * len(plays)
    spent = [0.0] * len(plays)
    while min(spent) < seconds:
        for i, play in enumerate(plays):
            start = time.process_time()
            while (elapsed := time.process_time() - start) < slice_:
                decisions[i] += play(rngs[i])
            spent[i] += elapsed
    return [d / t for d, t in zip(decisions, spent)]


def engine_with_observations(game: str, players: int) -> Callable[[np.random.Generator], int]:
    spec = get_game(game)

    def play(rng):
        state = spec.new_game(players, seed=rng)
        n = 0
        while not state.is_terminal():
            moves = state.legal_moves()
            state.observation(state.current_player)
            state.apply(moves[int(rng.integers(len(moves)))])
            n += 1
        return n
    return play


def pettingzoo_env(game: str, players: int) -> Callable[[np.random.Generator], int]:
    from .pettingzoo import env

    e = env(game, players=players)

    def play(rng):
        e.reset(seed=int(rng.integers(2**31)))
        n = 0
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))  # as a bool mask: 10x faster
            e.step(int(legal[rng.integers(len(legal))]))
            n += 1
        return n
    return play


def openspiel_game(game: str, players: int) -> Callable[[np.random.Generator], int]:
    from .openspiel import load

    g = load(game, players)

    def play(rng):
        state = g.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            n += 1
        return n
    return play


def measure(seconds: float = 2.0, seed: int = 0, cases: Sequence[tuple[str, int]] | None = None,
            progress: bool = True) -> pd.DataFrame:
    """The table of the module docstring: one row per ``(game, players)`` of ``cases`` (default:
    :func:`all_cases`, every game and player count)."""
    rows = []
    for game, players in tqdm(all_cases() if cases is None else cases, desc="Measuring", disable=not progress):
        engine = engine_bench(game, players, seconds=seconds, seed=seed)["decisions_per_s"]
        base, zoo, spiel = _rates([engine_with_observations(game, players), pettingzoo_env(game, players),
                                   openspiel_game(game, players)], seconds, seed)
        rows.append({"game": game, "players": players, "engine": engine, "engine+obs": base, "pettingzoo": zoo,
                     "pettingzoo ratio": base / zoo, "pettingzoo overhead %": 100 * (base / zoo - 1),
                     "openspiel": spiel, "openspiel overhead %": 100 * (base / spiel - 1)})
    return pd.DataFrame(rows)


def main(argv: Sequence[str] | None = None) -> None:
    interrupts.install()  # Ctrl-C: one line, no traceback, status 130
    interrupts.set_message("python -m mandalakit.rl.bench: interrupted")
    parser = argparse.ArgumentParser(prog="python -m mandalakit.rl.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (4 per row)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    table = measure(args.seconds, args.seed)
    print("Decisions per second of CPU time (random legal play):")
    print(table.to_string(index=False, float_format=lambda x: f"{x:,.1f}" if x < 10 else f"{x:,.0f}"))


if __name__ == "__main__":
    main()
