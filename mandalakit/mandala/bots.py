"""Mandala bots and the per-seat summary used by simulation tables."""

from __future__ import annotations

from ..core.contract import Seed, make_rng
from .cards import COLOURS


class GreedyBot:
    """Placeholder."""

    name = "greedy"
    uses_observation = True

    def __init__(self, seed: Seed = None):
        self.rng = make_rng(seed)

    def choose(self, observation, legal_moves):
        return legal_moves[0]


def seat_summary(state, seat: int) -> dict:
    """Extra simulation columns for one seat of a finished game.

    Returns
    -------
    dict
        ``river_length`` (0..6), ``cup_size``, ``cup_<colour>`` (cup cards per colour) and
        ``river_<colour>`` (the river space value 1..6 of that colour, 0 if not in the river).
    """
    river = state.rivers[seat]
    cup = state.cups[seat]
    out = {"river_length": len(river), "cup_size": sum(cup)}
    out.update({f"cup_{name}": cup[c] for c, name in enumerate(COLOURS)})
    out.update({f"river_{name}": (river.index(c) + 1 if c in river else 0) for c, name in enumerate(COLOURS)})
    return out
