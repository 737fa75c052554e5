"""Bots and the loop that plays them.

A bot sees only an observation, the legal moves and its own generator (docs/design.md, "Bots,
simulation, analysis"): ``bot.choose(observation, legal_moves) -> move``. Bots that ignore the observation set
``uses_observation = False`` so the loop does not build one for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

import numpy as np

from .contract import CHANCE, Seed, State, make_rng
from .worded import endless_game
from .messages import ngettext
from .search import ISMCTSBot, PIMCBot

class RandomBot:
    """Chooses uniformly among the legal moves, with its own seeded generator."""

    name = "random"
    uses_observation = False

    def __init__(self, seed: Seed = None):
        self.rng = make_rng(seed)
        self._buffer: list[float] = []

    def _uniform(self) -> float:
        # One numpy call per 512 decisions: scalar Generator calls cost microseconds each.
        if not self._buffer:
            self._buffer = self.rng.random(512).tolist()
        return self._buffer.pop()

    def choose(self, observation, legal_moves: Sequence):
        return legal_moves[int(self._uniform() * len(legal_moves))]


def play(state: State, bots: Sequence, *, max_decisions: int = 100_000) -> State:
    """Play ``state`` to the end in place, seat ``i`` moved by ``bots[i]``.

    Parameters
    ----------
    state : State
        A state with its own generator (chance resolved automatically).
    bots : sequence of bots, one per seat
    max_decisions : int
        Safety stop; raises :class:`~.errors.EndlessGameError` (a ``RuntimeError``) if the game
        has not ended by then.

    Returns
    -------
    The same ``state``, now terminal.
    """
    if len(bots) != state.num_players:
        raise ValueError(ngettext("{n} bot for a {players}-player game.", "{n} bots for a {players}-player game.",
                                  len(bots), players=state.num_players))
    wants = [getattr(bot, "uses_observation", True) for bot in bots]
    for _ in range(max_decisions):
        seat = state.current_player
        if seat < 0:
            if seat == CHANCE:
                raise ValueError("play() needs a state with its own generator to resolve chance.")
            return state
        bot = bots[seat]
        obs = state.observation(seat) if wants[seat] else None
        state.apply(bot.choose(obs, state.legal_moves()))
    raise endless_game(max_decisions)


def random_playout(state: State, rng: np.random.Generator) -> int:
    """Play uniformly random legal moves to the end, in place; return the number of decisions."""
    uniform = RandomBot(rng)._uniform
    decisions = 0
    while state.current_player >= 0:
        state.apply(state.random_move(uniform()))
        decisions += 1
    return decisions


def game_bots(game: str, greedy: type, search: Mapping, **more) -> dict:
    """The bots a game offers, by name, for its :class:`~.contract.GameSpec`: ``random``, the
    game's ``greedy`` bot, any ``more`` of its own, then the two search bots of
    :mod:`.search` (``pimc``, ``ismcts``) with the game's ``search`` settings (iterations,
    rollout, candidates, margin scale)."""
    return {"random": RandomBot, "greedy": greedy, **more, "pimc": partial(PIMCBot, game, **search),
            "ismcts": partial(ISMCTSBot, game, **search)}
