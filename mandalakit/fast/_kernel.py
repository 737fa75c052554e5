"""Pieces the game kernels share: the event tape and the bots' uniform numbers."""

from __future__ import annotations

from ._jit import njit


@njit
def put(tape, n, value):
    """Write ``value`` at ``tape[n]`` if the tape has room; return ``n + 1`` (the events written)."""
    if n < tape.shape[0]:
        tape[n] = value
    return n + 1


@njit
def uniforms(rng, streams, use_streams, seat, pos, n, out):
    """Seat ``seat``'s next ``n`` uniform numbers into ``out[:n]``: from its stream
    ``streams[0, seat]`` at ``pos[seat]`` (moved on), or from ``rng``. False if the stream is too short."""
    if use_streams:
        if pos[seat] + n > streams.shape[2]:
            return False
        out[:n] = streams[0, seat, pos[seat]:pos[seat] + n]
        pos[seat] += n
    else:
        for j in range(n):
            out[j] = rng.random()
    return True
