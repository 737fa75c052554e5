"""Positions several test modules start from."""

from __future__ import annotations

from mandalakit.core.registry import get_game
from mandalakit.core.contract import game_seeds


def endless_mandala_position():
    """M-7.1, M-4.3: the Mandala position where, in some samples of the hidden cards, two greedy
    bots only discard for ever once the deck has run out. Found when an arena run hung (seed 7,
    deal 0, the search bot second, its 7th move).

    Returns ``(state, bots)``: the position after 12 decisions, and the greedy bot (seat 0) and
    the search bot (seat 1, ``pimc`` with its rollouts in the engine) that played them.
    """
    spec = get_game("mandala")
    game_seed, bot_seeds = game_seeds(7, 0)
    state = spec.new_game(2, seed=game_seed)
    bots = [spec.make_bot("greedy", seed=bot_seeds[1]), spec.bots["pimc"](seed=bot_seeds[0], playouts="reference")]
    for _ in range(12):
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_moves()))
    return state, bots
