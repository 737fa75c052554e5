"""Search playouts on the fast path: a determinisation played to the end in a compiled loop.

A search bot (:mod:`mandalakit.core.search`) rolls out thousands of determinisations a move.
:func:`playout` does one such rollout: it copies the engine's state (every card known) into a
game's arrays, plays it on with the greedy or random bots in a compiled kernel, and returns an
:class:`End` that :func:`mandalakit.core.search.reward` reads like a state. The kernel draws its
numbers from the search's own generator in the reference rollout's order, so the rollout is the
reference one move for move (``tests/engines/test_fast_playouts.py``): a search bot makes the
same moves on either path.

>>> import numpy as np
>>> from mandalakit.ohanami import new_game
>>> from mandalakit.fast.playout import playout
>>> state = new_game(3, seed=1)
>>> end = playout(state, "greedy", np.random.default_rng(2))  # doctest: +SKIP
>>> end.scores(), end.moves()[:2]  # doctest: +SKIP
"""

from __future__ import annotations

import numpy as np

from . import ohanami_playout, seeds
from ._jit import compiled

#: The games whose playouts run on the fast path, by name: their kernel modules.
KERNELS = {"ohanami": ohanami_playout}
#: The rollout policies the kernels play (:data:`mandalakit.core.search.ROLLOUTS`).
ROLLOUTS = ("greedy", "random")


def usable(game: str, rollout: str, rules=None) -> bool:
    """True if numba is installed and ``game``'s playouts by ``rollout`` bots run on the fast path
    (every ruling of the game's ``rules``; Ohanami: all)."""
    return compiled() and game in KERNELS and rollout in ROLLOUTS


class End:
    """The end of a fast playout, read as :func:`mandalakit.core.search.reward` reads a state.

    Attributes
    ----------
    seats, codes : (D,) int64, the seat and move code of each decision made, in order
    winners : tuple of int, the winners after the tie-breaks (an ended game), else ()
    """

    def __init__(self, kernel, arrays, seats, codes, ended):
        self._kernel = kernel
        self._scores = tuple(arrays.scores.tolist())
        self._ended = bool(ended)
        self.seats = seats
        self.codes = codes
        self.winners = kernel.winners(arrays) if ended else ()

    def scores(self) -> tuple[int, ...]:
        """The seats' points at the end (or at the cut, of the rounds scored so far)."""
        return self._scores

    def is_terminal(self) -> bool:
        return self._ended

    def result(self):
        """Itself: its :attr:`winners` are the result's."""
        return self

    def moves(self) -> list[tuple[int, object]]:
        """``(seat, move)`` of every decision, in order, as the engine's moves."""
        return [(seat, self._kernel.move(code)) for seat, code in zip(self.seats.tolist(), self.codes.tolist())]


def playout(state, rollout: str, rng: np.random.Generator, uniform: list[float] | None = None,
            left: int | None = None) -> End:
    """Play ``state`` (a determinisation at a decision, every card known; left unchanged) on with
    ``rollout`` bots for at most ``left`` decisions (``None``: to the end).

    Parameters
    ----------
    state : the engine's State, of a game of :data:`KERNELS`
    rollout : ``"greedy"`` or ``"random"``
    rng : numpy Generator (PCG64)
        The greedy bots' numbers, drawn in the reference order; moved on as the reference moves it.
    uniform : list of float, optional
        The random bots' buffer: numbers popped from its end, refilled with ``rng.random(512)``
        when empty; updated in place (the search's ``_random``).
    """
    kernel = KERNELS[state.game]
    arrays = kernel.load(state)
    words = seeds.from_generator(rng)
    uniform = [] if uniform is None else uniform
    buf = np.zeros(512)
    buf[:len(uniform)] = uniform
    nbuf = np.array([len(uniform)], np.int64)
    seats, codes, ended = kernel.play(arrays, rollout, words, buf, nbuf, -1 if left is None else left)
    seeds.to_generator(words, rng)
    uniform[:] = buf[:nbuf[0]].tolist()
    return End(kernel, arrays, seats, codes, ended)
