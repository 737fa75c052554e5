"""Flowers playouts in the compiled loop: a determinisation played on by greedy bots (F-3 to F-5).

:func:`load` copies a :class:`~mandalakit.flowers.state.FlowersState` at a play decision (every
card and tile known, the deck and the tile stacks in their order) into arrays; :func:`play`
plays it on with the whole-game kernel's loop (:func:`mandalakit.fast.flowers._run`): plays
listed in the engine's order, draws of F-3.3 with the ``single_play_draw`` ruling, reshuffles of
F-3.5 shuffled by the search's generator as the engine shuffles with ``rng.permutation``, the
claim marker, completions and tiles of F-3.6 to F-4.5 with the game's tile table, the ends of
F-5.1 to F-5.3. The greedy bot uses its own numbers as :class:`mandalakit.flowers.bots.GreedyBot`
does (``rng.random(256) * 1e-6``, used from the last), the search's bot's unused ones first, so
the playout is the search's reference rollout move for move
(``tests/engines/test_fast_playouts.py``).

A state at a claim holder's tile choice (F-4.1) is played on in the engine until the next play
decision (:func:`mandalakit.fast.playout.playout`), then loaded.
"""

from __future__ import annotations

import numpy as np

from ..flowers.cards import DECK_SIZE, NUM_COLOURS
from ..flowers.moves import parse
from ..flowers.phases import PLAY
from ..flowers.scoring import flower_score
from ._kernel import TOO_LONG, tape_moves
from .flowers import _MANDALAS, _MAX_FLOWERS, GREEDY, RANDOM, TAPE, _move, _run

#: The rollout policies this kernel plays.
ROLLOUTS = ("greedy", "random")


class Arrays:
    """A Flowers position as :func:`mandalakit.fast.flowers._run` reads it (see its arguments)."""

    def __init__(self, state):
        n = state.num_players
        tiles = state.rules.tile_set.tiles
        self.colour = np.array([0] + [t.colour for t in tiles[1:]], np.int64)
        self.face = np.array([0] + [t.face for t in tiles[1:]], np.int64)
        self.draw_max = state.rules.single_play_draw
        self.hands = np.array(state.hands, np.int64)
        self.sizes = np.array(state.sizes, np.int64)
        self.deck = np.zeros(DECK_SIZE, np.int64)
        self.deck[:len(state.deck)] = state.deck[::-1]  # the engine's top card is its list's last
        self.left = len(state.deck)
        self.discard = np.array(state.discard, np.int64)
        self.dsize = state.discard_size
        self.dark = np.array(state.stacks[0][::-1], np.int64)
        self.light = np.array(state.stacks[1][::-1], np.int64)
        ms = state.mandalas
        self.mdark = np.array([m.dark for m in ms], np.int64)
        self.mlight = np.array([m.light for m in ms], np.int64)
        self.covered = np.array([m.covered for m in ms], np.int64)
        self.claim = np.array([m.claim for m in ms], np.int64)
        self.up_owner = np.array([m.up_owner for m in ms], np.int64)
        self.cards = np.array([m.cards for m in ms], np.int64).reshape(_MANDALAS, n, NUM_COLOURS)
        self.tot = np.array([m.tot for m in ms], np.int64)
        self.up = np.array([m.up for m in ms], np.int64)
        self.singles = np.array(state.singles, np.int64)
        self.flowers = np.zeros((n, _MAX_FLOWERS, 2), np.int64)
        for p, own in enumerate(state.flowers):
            if own:
                self.flowers[p, :len(own)] = own
        self.nflowers = np.array(state.nflowers, np.int64)
        self.active = state.current_player
        self.passes = state.passes


def loadable(state) -> bool:
    """True at a play decision (F-3); not at a claim holder's tile choice (F-4.1)."""
    return state.phase == PLAY and state.current_player >= 0


def load(state) -> Arrays:
    """The arrays of ``state`` at a play decision (F-3)."""
    return Arrays(state)


def play(arrays: Arrays, rollout: str, words: np.ndarray, buf, nbuf, left: int, greedy=None):
    """Play ``arrays`` on for at most ``left`` decisions (-1: to the end) with ``rollout`` bots, the
    generator ``words`` (moved on) shuffling; the greedy bot's numbers are ``greedy``'s unused
    ones (updated), then new ones from ``words``; the random bots' are the search's
    ``buf[:nbuf[0]]`` (refilled from ``words``). Returns ``(tape, ended)``."""
    a = arrays
    n = len(a.sizes)
    code = RANDOM if rollout == "random" else GREEDY
    noise = [] if greedy is None or code == RANDOM else greedy._noise
    own = np.zeros(256)
    own[:len(noise)] = noise
    nown = np.array([len(noise)], np.int64)
    if code == RANDOM:
        own, nown = buf, nbuf
    tape = np.zeros(TAPE, np.int32)
    limit = np.iinfo(np.int64).max if left < 0 else left
    tp, _decisions, status, _end, _reshuffles = _run(
        words, n, np.full(n, code, np.int64), np.zeros((n, 1)), False, np.zeros(n, np.int64), True, own, nown,
        a.colour, a.face, a.draw_max, limit, a.hands, a.sizes, a.deck, 0, a.left, a.discard, a.dsize, a.dark, 0,
        a.light, 0, a.mdark, a.mlight, a.covered, a.claim, a.up_owner, a.cards, a.tot, a.up, a.singles, a.flowers,
        a.nflowers, a.active, a.passes, tape, 0)
    if greedy is not None and code == GREEDY:
        greedy._noise = own[:nown[0]].tolist()
    if tp > TAPE:  # pragma: no cover - a rollout's events fit
        raise RuntimeError("A playout has more events than its tape holds.")
    return tape[:tp], status != TOO_LONG


def scores(arrays: Arrays) -> tuple[int, ...]:
    """Each seat's points now: unpaired tiles plus Flowers (F-5.4)."""
    face = arrays.face.tolist()
    return tuple(sum(face[t] for t in arrays.singles[p].tolist())
                 + sum(flower_score(face[x], face[y]) for x, y in arrays.flowers[p, :arrays.nflowers[p]].tolist())
                 for p in range(len(arrays.sizes)))


def winners(arrays: Arrays) -> tuple[int, ...]:
    """F-5.4: the best score; a tie is a shared victory."""
    points = scores(arrays)
    return tuple(p for p, s in enumerate(points) if s == max(points))


def moves(tape: np.ndarray) -> list[tuple[int, object]]:
    """``(seat, move)`` of every decision on the tape, in order (chance events skipped)."""
    return tape_moves(tape, lambda code: parse(_move(code)))
