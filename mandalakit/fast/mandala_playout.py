"""Mandala playouts in the compiled loop: a determinisation played on by greedy bots (M-4 to M-7).

:func:`load` copies a :class:`~mandalakit.mandala.state.MandalaState` at a play decision (every
card known, the deck in its order) into arrays; :func:`play` plays it on with the whole-game
kernel's loop (:func:`mandalakit.fast.mandala._run`): moves listed in the engine's order, draws
and reshuffles of M-6.1/M-6.2 shuffled by the search's generator as the engine shuffles with
``rng.permutation``, destructions of M-5, the ends of M-6.3, M-7.1, M-7.2, M-7.5 and M-7.6 under the
state's rulings. The greedy bot draws ``rng.random(len(legal_moves))`` from the same generator,
none for a single legal move, as the search's reference rollout does, so the playout is that
rollout move for move, and so are random bots using the search's numbers (``tests/engines/test_fast_playouts.py``).

A state in the pick phase of a destruction (M-5.3) is played on in the engine until its next
play decision (a few picks; :func:`mandalakit.fast.playout.playout`), then loaded.
"""

from __future__ import annotations

import numpy as np

from ..mandala.cards import DECK_SIZE, NUM_COLOURS
from ..mandala.moves import parse
from ..mandala.phases import PLAY
from ..mandala.rules import STALEMATE_END
from ..mandala.scoring import river_score
from ._kernel import TOO_LONG, tape_moves
from .mandala import GREEDY, RANDOM, _move, _run

#: Events a playout's tape holds: a whole game's decisions (about 100, 300 with the 100 turns of
#: M-7.6) and its reshuffles of at most 108 cards.
TAPE = 16384
#: The rollout policies this kernel plays.
ROLLOUTS = ("greedy", "random")


class Arrays:
    """A Mandala position as :func:`mandalakit.fast.mandala._run` reads it (see its arguments)."""

    def __init__(self, state):
        self.hands = np.array(state.hands, np.int64)
        self.hs = np.array(state.hand_sizes, np.int64)
        self.cups = np.array(state.cups, np.int64)
        self.river = np.zeros((2, NUM_COLOURS), np.int64)
        self.rlen = np.array([len(r) for r in state.rivers], np.int64)
        for p, river in enumerate(state.rivers):
            self.river[p, :len(river)] = river
        self.mountains = np.array(state.mountains, np.int64)
        self.fields = np.array(state.fields, np.int64)
        self.fsz = np.array(state.field_sizes, np.int64)
        self.owner = np.array(state.owner, np.int64)
        self.ncol = np.array(state.ncolours, np.int64)
        self.free = np.array(state.free, np.int64)
        self.discard = np.array(state.discard, np.int64)
        self.dsize = np.array([state.discard_size], np.int64)
        self.deck = np.zeros(DECK_SIZE, np.int64)
        self.deck[:len(state.deck)] = state.deck[::-1]  # the engine draws from the end of its list
        self.top = np.array([0, len(state.deck), int(state.end_triggered), 0, state.stalled_turns], np.int64)
        self.mover = state.current_player
        self.stall_limit = state.rules.turns_after_trigger
        self.stalemate_end = state.rules.stalemate == STALEMATE_END


def loadable(state) -> bool:
    """True at a play decision (M-4); not at a destruction's picks (M-5.3)."""
    return state.phase == PLAY and state.current_player >= 0


def load(state) -> Arrays:
    """The arrays of ``state`` at a play decision (M-4)."""
    return Arrays(state)


def play(arrays: Arrays, rollout: str, words: np.ndarray, buf, nbuf, left: int, greedy=None):
    """Play ``arrays`` on for at most ``left`` decisions (-1: to the end) with ``rollout`` bots: greedy
    ones drawing from the generator ``words`` (moved on), random ones from the search's numbers
    ``buf[:nbuf[0]]`` (refilled from ``words``); return ``(tape, ended)``."""
    a = arrays
    tape = np.zeros(TAPE, np.int32)
    bots = np.full(2, RANDOM if rollout == "random" else GREEDY, np.int64)
    limit = np.iinfo(np.int64).max if left < 0 else left
    tp, _decisions, status, _full, _last = _run(
        words, bots, np.zeros((2, 1)), False, np.zeros(2, np.int64), True, buf, nbuf, a.stall_limit, a.stalemate_end, limit, a.hands,
        a.hs, a.cups, a.river, a.rlen, a.mountains, a.fields, a.fsz, a.owner, a.ncol, a.free, a.discard, a.dsize,
        a.deck, a.top, a.mover, tape, 0)
    if tp > TAPE:  # pragma: no cover - a game and its reshuffles fit
        raise RuntimeError("A playout has more events than its tape holds.")
    return tape[:tp], status != TOO_LONG


def scores(arrays: Arrays) -> tuple[int, ...]:
    """Each seat's score as it stands (M-7.3)."""
    return tuple(river_score(arrays.river[p, :arrays.rlen[p]].tolist(), arrays.cups[p].tolist()) for p in range(2))


def winners(arrays: Arrays) -> tuple[int, ...]:
    """M-7.4: the higher score; tied: fewer cards in the cup; still tied: both."""
    key = [(s, -int(arrays.cups[p].sum())) for p, s in enumerate(scores(arrays))]
    return tuple(p for p in range(2) if key[p] == max(key))


def moves(tape: np.ndarray) -> list[tuple[int, object]]:
    """``(seat, move)`` of every decision on the tape, in order (chance events skipped)."""
    return tape_moves(tape, lambda code: parse(_move(code)))
