"""The search's rollouts in the engine and on the fast path: rollouts per second from a mid-game
position, and the hard bot's decisions per second, both ways (``make bench``).

Rates are per second of this process's CPU time on one core (a busy machine disturbs them less
than wall-clock rates); the load average is printed beside them. A rollout is what the search
does for each sample and move: a clone of a determinisation played to the end by greedy bots.

    python -m mandalakit.fast.playout_bench --game ohanami --players 2 --seconds 2
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ..core.contract import LEVELS
from ..core.registry import GAMES, get_game
from ..core.search import light_clone
from .bench import load_average
from .playout import KERNELS, usable

PATHS = ("reference", "fast")


def middle(game: str, players: int, seed: int):
    """A typical mid-game position: a seeded game after half of its random legal decisions."""
    spec = get_game(game)
    state = spec.new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    moves = []
    end = state.clone()
    while not end.is_terminal():
        moves.append(end.random_move(rng.random()))
        end.apply(moves[-1])
    for move in moves[:len(moves) // 2]:
        state.apply(move)
    return state


def rollouts(game: str, players: int, playouts: str, seconds: float, seed: int) -> float:
    """Greedy rollouts per CPU second from :func:`middle`, each from a fresh determinisation."""
    state = middle(game, players, seed)
    seat = state.current_player
    bot = get_game(game).bots[LEVELS["hard"]](seed=seed, playouts=playouts)
    root = bot.information_set(state.observation(seat))
    bot.playout(light_clone(bot.sample(root, seat), bot.rng))  # compile (or load) outside the clock
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        bot.playout(light_clone(bot.sample(root, seat), bot.rng))
        done += 1
    return done / (time.process_time() - start)


def decisions(game: str, players: int, playouts: str, seconds: float, seed: int) -> float:
    """The hard bot's decisions per CPU second (its own budget each), over the decisions of
    seeded games played by greedy bots, from the first (at least one decision)."""
    spec = get_game(game)
    bot = spec.bots[LEVELS["hard"]](seed=seed, playouts=playouts)
    done, used = 0, 0.0
    game_seed = seed
    while used < seconds or not done:
        state = spec.new_game(players, seed=game_seed)
        greedy = spec.make_bot("greedy", seed=game_seed)
        while not state.is_terminal() and (used < seconds or not done):
            seat, legal = state.current_player, state.legal_moves()
            obs = state.observation(seat)
            start = time.process_time()
            bot.choose(obs, legal)
            used += time.process_time() - start
            done += 1
            state.apply(greedy.choose(obs, legal))
        game_seed += 1
    return done / used


def line(game: str, players: int, seconds: float, seed: int) -> str:
    """One line: rollouts/s and the hard bot's decisions/s, reference then fast, and the ratios."""
    fast = usable(game, "greedy")
    paths = PATHS if fast else PATHS[:1]
    roll = {p: rollouts(game, players, p, seconds, seed) for p in paths}
    hard = {p: decisions(game, players, p, seconds, seed) for p in paths}
    text = f"{game} {players}p search: rollouts {roll['reference']:,.0f}/s reference"
    if fast:
        text += f", {roll['fast']:,.0f}/s fast ({roll['fast'] / roll['reference']:.1f}x)"
    text += f"; hard bot {hard['reference']:.2f} decisions/s reference"
    if fast:
        text += f", {hard['fast']:.2f}/s fast ({hard['fast'] / hard['reference']:.1f}x)"
    elif game not in KERNELS:
        text += " (no fast playout kernel)"
    else:
        text += " (fast path unavailable: numba is not installed)"
    return f"{text}  [load {load_average()}]"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (4 of them)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(line(args.game, args.players, args.seconds, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
