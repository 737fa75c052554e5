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

import importlib
from collections.abc import Iterator, Mapping

import numpy as np

from ..core.registry import GAMES, get_game
from . import seeds
from ._jit import compiled


class _Kernels(Mapping):
    """Game -> its playout kernel module (``GameSpec.playout``), for every game of the registry
    that declares one; each imported on first use."""

    def __getitem__(self, game: str):
        name = get_game(game).playout if game in GAMES else ""
        if not name:
            raise KeyError(game)
        return importlib.import_module(name)

    def __iter__(self) -> Iterator[str]:
        return iter([game for game in list(GAMES) if get_game(game).playout])

    def __len__(self) -> int:
        return sum(1 for _game in self)


#: The games whose playouts run on the fast path, by name: their kernel modules (``loadable``,
#: ``load``, ``play``, ``scores``, ``winners``, ``moves`` and the ``ROLLOUTS`` they play).
KERNELS = _Kernels()


def usable(game: str, rollout: str, rules=None) -> bool:
    """True if numba is installed and ``game``'s playouts by ``rollout`` bots run on the fast path
    (every ruling of the game's ``rules``: Ohanami's sakura cap, Mandala's M-6.3, M-7.5 and M-7.6,
    Flowers' draw and tile table)."""
    return compiled() and game in KERNELS and rollout in KERNELS[game].ROLLOUTS


class End:
    """The end of a fast playout, read as :func:`mandalakit.core.search.reward` reads a state.

    Attributes
    ----------
    winners : tuple of int, the winners after the tie-breaks (an ended game), else ()
    """

    def __init__(self, scores, ended, winners, first, kernel=None, log=None):
        self._scores = scores
        self._ended = bool(ended)
        self.winners = winners if ended else ()
        self._moves = (first, kernel, log)

    @classmethod
    def of_arrays(cls, kernel, arrays, log, ended, first):
        """The end of the kernel's play of ``arrays`` (its log), after the engine's moves ``first``."""
        return cls(kernel.scores(arrays), ended, kernel.winners(arrays) if ended else (), first, kernel, log)

    @classmethod
    def of_state(cls, state, first):
        """The end of a playout the engine played to its end or its cut (its moves ``first``)."""
        ended = state.is_terminal()
        return cls(state.scores(), ended, state.result().winners if ended else (), first)

    def scores(self) -> tuple[int, ...]:
        """The seats' points at the end (or at the cut, as they stand)."""
        return self._scores

    def is_terminal(self) -> bool:
        return self._ended

    def result(self):
        """Itself: its :attr:`winners` are the result's."""
        return self

    def moves(self) -> list[tuple[int, object]]:
        """``(seat, move)`` of every decision, in order, as the engine's moves."""
        first, kernel, log = self._moves
        return first + (kernel.moves(log) if kernel is not None else [])


def in_engine(state, kernel, rollout: str, rng, uniform: list[float], greedy, left: int):
    """``(copy, moves, left)``: a copy of ``state`` played on in the engine, as the search's
    reference rollout plays it (the same bots, numbers and reshuffles from ``rng``), until the
    kernel can load it, the end or ``left`` decisions; its moves and the decisions left."""
    own = state.rng
    state.rng = None  # not copied: the copy draws its reshuffles from the search's generator
    try:
        new = state.clone()
    finally:
        state.rng = own
    state, state.rng, state.history = new, rng, []
    moves = []
    while not kernel.loadable(state) and state.current_player >= 0 and left != 0:
        seat = state.current_player
        if rollout == "random":
            if not uniform:
                uniform[:] = rng.random(512).tolist()
            move = state.random_move(uniform.pop())
        else:
            legal = state.legal_moves()
            move = legal[0] if len(legal) == 1 else greedy.choose(state.observation(seat), legal)
        moves.append((seat, move))
        state.apply(move)
        left -= 1
    return state, moves, left


def playout(state, rollout: str, rng: np.random.Generator, uniform: list[float] | None = None,
            left: int | None = None, greedy=None) -> End:
    """Play ``state`` (a determinisation at a decision, every card known; left unchanged) on with
    ``rollout`` bots for at most ``left`` decisions (``None``: to the end).

    A position the kernel does not start from (a Mandala destruction's picks, M-5.3; a Flowers
    tile choice, F-4.1) is played on in the engine, with the same bots and numbers, until it does.

    Parameters
    ----------
    state : the engine's State, of a game of :data:`KERNELS`
    rollout : ``"greedy"`` or ``"random"`` (:func:`usable`)
    rng : numpy Generator (PCG64)
        The bots' numbers and the reshuffles, drawn in the reference order; moved on as the
        reference rollout moves it.
    uniform : list of float, optional
        The random bots' buffer: numbers popped from its end, refilled with ``rng.random(512)``
        when empty; updated in place (the search's ``_random``).
    greedy : the game's GreedyBot, optional
        The search's greedy bot (drawing from ``rng``): a Flowers bot's unused numbers are used
        first, and the rest left to it; default a new one.

    Raises
    ------
    ValueError
        For a game without a kernel or a ``rollout`` policy not named above.
    TypeError
        For an ``rng`` that is not a numpy PCG64 Generator (the kernels draw its very numbers).
    """
    if state.game not in KERNELS or rollout not in KERNELS[state.game].ROLLOUTS:
        raise ValueError(f"No fast playout of {state.game} by {rollout!r} bots: the kernels play "
                         f"{', '.join(sorted(KERNELS))} by greedy or random bots.")
    if not isinstance(rng, np.random.Generator) or not isinstance(rng.bit_generator, np.random.PCG64):
        raise TypeError(f"rng must be a numpy Generator on PCG64 (np.random.default_rng(seed)), not {rng!r}.")
    if state.is_terminal():  # nothing to play
        return End.of_state(state, [])
    kernel = KERNELS[state.game]
    left = -1 if left is None else left
    uniform = [] if uniform is None else uniform
    first = []
    if not kernel.loadable(state):
        if rollout == "greedy" and greedy is None:
            greedy = get_game(state.game).make_bot("greedy", seed=rng)
        state, first, left = in_engine(state, kernel, rollout, rng, uniform, greedy, left)
        if state.current_player < 0 or left == 0:
            return End.of_state(state, first)
    arrays = kernel.load(state)
    words = seeds.from_generator(rng)
    buf = np.zeros(512)
    buf[:len(uniform)] = uniform
    nbuf = np.array([len(uniform)], np.int64)
    log, ended = kernel.play(arrays, rollout, words, buf, nbuf, left, greedy)
    seeds.to_generator(words, rng)
    uniform[:] = buf[:nbuf[0]].tolist()
    return End.of_arrays(kernel, arrays, log, ended, first)
