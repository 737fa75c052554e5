"""OpenSpiel's information-set MCTS (IS-MCTS) against a random player, on one of the games.

    python -m mandalakit.rl.ismcts --game mandala --games 4 --simulations 100 --seed 1

prints, per seat of the IS-MCTS bot, its wins, losses and ties against OpenSpiel's uniform random
bot, and the mean return (:func:`~mandalakit.rl.returns.rank_returns`). The bot searches
samples of its information set drawn by the engine's ``determinize`` and evaluates leaves with
one random rollout (OpenSpiel's ``RandomRolloutEvaluator``).

Needs the ``rl`` extra: ``pip install 'mandalakit[rl]'``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np
from tqdm.auto import tqdm

from ..core import interrupts
from ..core.registry import GAMES
from .openspiel import load, resampler


def ismcts_bot(game, simulations: int, seed: int):
    """OpenSpiel's Python ``ISMCTSBot`` for ``game`` (a game of :func:`~mandalakit.rl.openspiel.load`),
    with ``simulations`` searches per decision, every random draw from ``seed``."""
    from open_spiel.python.algorithms import ismcts, mcts

    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
    )
    bot.set_resampler(resampler(np.random.default_rng(seed + 2)))
    return bot


def play(game, bots: Sequence, rng: np.random.Generator) -> list[float]:
    """One game of ``bots`` (one per seat; ``None`` plays uniformly at random) with chance
    drawn from ``rng``; returns each seat's return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        bot = bots[state.current_player()]
        state.apply_action(int(rng.choice(state.legal_actions())) if bot is None else bot.step(state))
    return state.returns()


def match(game_name: str = "mandala", players: int = 2, games: int = 2, simulations: int = 50,
          seed: int = 0, progress: bool = True) -> dict:
    """IS-MCTS in each seat in turn against random players.

    Returns
    -------
    dict
        ``{"games", "wins", "losses", "ties", "mean_return"}`` of the IS-MCTS bot.
    """
    game = load(game_name, players)
    rng = np.random.default_rng(seed)
    returns = []
    for i in tqdm(range(games), desc=f"IS-MCTS ({simulations} simulations) on {game_name}", disable=not progress):
        seat = i % players
        bots = [None] * players
        bots[seat] = ismcts_bot(game, simulations, seed + i)
        returns.append(play(game, bots, rng)[seat])
    r = np.asarray(returns)
    return {"games": games, "wins": int((r > 0).sum()), "losses": int((r < 0).sum()), "ties": int((r == 0).sum()),
            "mean_return": float(r.mean())}


def main(argv: Sequence[str] | None = None) -> None:
    interrupts.install()  # Ctrl-C: one line, no traceback, status 130
    interrupts.set_message("python -m mandalakit.rl.ismcts: interrupted")
    parser = argparse.ArgumentParser(prog="python -m mandalakit.rl.ismcts", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="mandala")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100, help="IS-MCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = match(args.game, args.players, args.games, args.simulations, args.seed)
    print(f"IS-MCTS ({args.simulations} simulations) against random on {args.game}, {args.players} players: "
          f"{result['wins']} won, {result['losses']} lost, {result['ties']} tied of {result['games']}; "
          f"mean return {result['mean_return']:+.2f}")


if __name__ == "__main__":
    main()
