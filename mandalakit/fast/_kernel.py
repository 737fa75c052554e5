"""Pieces the game kernels share: the event tape, the bots' uniform numbers and the loop that
plays a batch of Mandala or Flowers games (each from its own generator, or all from one)."""

from __future__ import annotations

import numpy as np

from ..core.worded import endless_game
from . import seeds
from ._jit import njit
from .seeds import random, shuffle

#: A game's status after the kernel: played, stopped for want of the bots' numbers (played
#: again with more), its events longer than the tape, or not ended after 100,000 decisions.
OK, SHORT_STREAM, SHORT_TAPE, TOO_LONG = 0, 1, 2, 3
#: play()'s safety stop (a Mandala game under stalemate="play_on" may never end).
MAX_DECISIONS = 100_000


@njit
def put(tape, n, value):
    """Write ``value`` at ``tape[n]`` if the tape has room; return ``n + 1`` (the events written)."""
    if n < tape.shape[0]:
        tape[n] = value
    return n + 1


@njit
def chance(state, pile, kind, tape, tp):
    """Shuffle ``pile`` in place with the generator ``state`` (``Generator.shuffle``) and write the
    chance event ``kind`` (a negative code), its length and its codes on the tape; return the
    tape's new length."""
    shuffle(state, pile)
    tp = put(tape, tp, kind)
    tp = put(tape, tp, len(pile))
    for code in pile:
        tp = put(tape, tp, code)
    return tp


@njit
def random_index(state, streams, use_streams, seat, pos, count):
    """RandomBot's choice among ``count`` legal moves for seat ``seat``: its next uniform number
    (from its stream ``streams[seat]`` at ``pos[seat]``, moved on, or from the generator
    ``state``) times ``count``, rounded down; -1 if the stream is used up."""
    if not use_streams:
        return int(random(state) * count)
    if pos[seat] >= streams.shape[1]:
        return -1
    pos[seat] += 1
    return int(streams[seat, pos[seat] - 1] * count)


@njit
def pop_uniform(state, buf, nbuf, scale):
    """The next of a bot's own numbers kept as the engine keeps them: ``buf[:nbuf[0]]`` used from
    the last, refilled with ``len(buf)`` draws of ``state`` times ``scale`` when empty (the
    search's ``rng.random(512)``, Flowers' GreedyBot's ``rng.random(256) * 1e-6``)."""
    if nbuf[0] == 0:
        for i in range(buf.shape[0]):
            buf[i] = random(state) * scale
        nbuf[0] = buf.shape[0]
    nbuf[0] -= 1
    return buf[nbuf[0]]


@njit
def random_choice(state, streams, use_streams, buffered, buf, nbuf, seat, pos, count):
    """:func:`random_index`, or with ``buffered`` (a search's random rollout) ``int(u * count)`` for
    ``u`` from the search's own numbers (:func:`pop_uniform`)."""
    if buffered:
        return int(pop_uniform(state, buf, nbuf, 1.0) * count)
    return random_index(state, streams, use_streams, seat, pos, count)


@njit
def uniforms(state, streams, use_streams, seat, pos, n, out):
    """Seat ``seat``'s next ``n`` uniform numbers into ``out[:n]`` (as :func:`uniform`); False if
    its stream is too short."""
    if use_streams:
        if pos[seat] + n > streams.shape[1]:
            return False
        out[:n] = streams[seat, pos[seat]:pos[seat] + n]
        pos[seat] += n
    else:
        for j in range(n):
            out[j] = random(state)
    return True


class TapeBatch:
    """What a batch of ``B`` Mandala or Flowers games holds besides its game's outcome.

    Attributes
    ----------
    bots : (B, P) int64, the bot code of each seat
    rng : the one numpy Generator every game draws from (:meth:`from_generator`), or None
    states : (B, 6) uint64, each game's own generator (:meth:`from_states`, :mod:`mandalakit.fast.seeds`)
    tape, tape_len : (B, TAPE) int32 events (see the game's module) and how many are used
    decision_count, reshuffle_count, end, status : (B,) int64 (``end`` indexes ``ENDS``)
    """

    TAPE = 1
    ENDS: tuple[str, ...] = ()

    def __init__(self, bots, players, records=True):
        games = len(bots)
        self.bots = bots
        self.players = players
        self.rng = None
        self.states = None
        self.tape = np.zeros((games, self.TAPE if records else 1), np.int32)  # (B, 1) when no record is kept
        self.tape_len = np.zeros(games, np.int64)
        self.decision_count = np.zeros(games, np.int64)
        self.reshuffle_count = np.zeros(games, np.int64)
        self.end = np.zeros(games, np.int64)
        self.status = np.zeros(games, np.int64)

    @classmethod
    def from_states(cls, states, bots, players, records=True):
        """Game ``i`` shuffled (and reshuffled) by the generator ``states[i]``, as a reference game
        is by its own."""
        batch = cls(bots, players, records)
        batch.states = states
        return batch

    @classmethod
    def from_generator(cls, rng, bots, players, records=True):
        """Every game shuffled by ``rng``; its bots draw from ``rng`` too."""
        batch = cls(bots, players, records)
        batch.rng = rng
        return batch

    def decisions(self) -> np.ndarray:
        """(B,) moves made by all seats in each game."""
        return self.decision_count

    def reshuffles(self) -> np.ndarray:
        """(B,) reshuffles of the discard pile in each game."""
        return self.reshuffle_count

    def end_reasons(self) -> list[str]:
        """The rule that ended each game (the state's ``end_reason``)."""
        return [self.ENDS[e] for e in self.end.tolist()]

    def setup(self) -> dict:
        return {"first_player": 0}


def tape_events(batch: TapeBatch, g: int, kinds: tuple[str, ...], move) -> list[dict]:
    """The events of game ``g`` in record form (``{"by": seat or "chance", "event": notation}``)
    from its tape: a chance event ``-k`` is ``kinds[k - 1]`` with its codes, a move token
    ``MOVE | seat << 16 | code`` is ``move(code)``. The batch must keep its records."""
    if batch.tape.shape[1] == 1:
        raise ValueError("This batch was played without keeping its records (records=False).")
    tape = batch.tape[g, :batch.tape_len[g]].tolist()
    out = []
    i = 0
    while i < len(tape):
        token = tape[i]
        if token < 0:
            size = tape[i + 1]
            out.append({"by": "chance", "event": " ".join([kinds[-token - 1], *map(str, tape[i + 2:i + 2 + size])])})
            i += 2 + size
        else:
            out.append({"by": token >> 16 & 3, "event": move(token & 0xFFFF)})
            i += 1
    return out


def tape_moves(tape: np.ndarray, move) -> list[tuple[int, object]]:
    """``(seat, move(code))`` of every move token ``MOVE | seat << 16 | code`` of a playout's
    ``tape`` (one game's events, as :func:`tape_events` reads them), chance events skipped."""
    out = []
    tokens = tape.tolist()
    i = 0
    while i < len(tokens):
        if tokens[i] < 0:
            i += 2 + tokens[i + 1]
            continue
        out.append((tokens[i] >> 16 & 3, move(tokens[i] & 0xFFFF)))
        i += 1
    return out


def play_batch(batch, streams: np.ndarray, kernel, *args) -> None:
    """Play every game of a Mandala or Flowers ``batch`` with its ``kernel``
    ``(states, per_game, g0, g1, streams, use_streams, *args)``.

    With one generator for the batch (``batch.rng``) every game and bot draws from it, and it
    moves on. Otherwise game ``g`` shuffles with ``batch.states[g]`` and its seats use
    ``streams[g]``; a game whose seat needs more numbers is played again from its generator's
    first state with a stream four times longer (the same numbers, and more after them).

    Raises
    ------
    RuntimeError
        For a game that has not ended after 100,000 decisions, as :func:`mandalakit.core.bots.play` does.
    """
    games = len(batch.bots)
    if batch.rng is not None:
        state = seeds.from_generator(batch.rng)[None]
        kernel(state, False, 0, games, np.zeros((1, batch.players, 1)), False, *args)
        seeds.to_generator(state[0], batch.rng)
    else:
        start = batch.states.copy()
        kernel(batch.states, True, 0, games, streams, True, *args)
        for g in np.flatnonzero(batch.status == SHORT_STREAM).tolist():
            size = streams.shape[2]
            while batch.status[g] == SHORT_STREAM:
                size *= 4
                batch.states[g] = start[g]
                kernel(batch.states, True, g, g + 1, longer_stream(batch, g, size), True, *args)
    if (batch.status == TOO_LONG).any():
        raise endless_game(MAX_DECISIONS)
    if (batch.status == SHORT_TAPE).any():  # pragma: no cover - a tape holds any game of the default rules
        raise RuntimeError("A game has more events than the fast tape holds.")


def whole_blocks(blocks, size: int) -> int:
    """``size`` rounded up to a whole number of each of ``blocks`` (0: no block)."""
    block = int(np.lcm.reduce([int(b) or 1 for b in blocks]))
    return -(-size // block) * block


def longer_stream(batch, g: int, size: int) -> np.ndarray:
    """(1, P, n) streams of at least ``size`` numbers for game ``g`` of ``batch`` from its bots'
    first generator states (``batch.seat_states``): the same numbers as before, and more after them."""
    out = np.empty((1, batch.players, whole_blocks(batch.seat_blocks[g], size)))
    seeds.streams(batch.seat_states[g:g + 1], batch.seat_blocks[g:g + 1], out)
    return out
