"""Observation tensors: the engines' observations as flat float32 vectors with named pieces.

A tensor is computed from ``state.observation(player)`` only, the engine's value that holds no
hidden card (M-2.4, F-2.4, O-2.6), so it cannot leak what the seat may not know; the tests
also resample the hidden cards (``determinize``) and check the tensor stays the same.

Seats are relative to the observer: "seat 0" of every piece is the observer, then the next
seats clockwise. Counts are raw card counts (not scaled); one-hot pieces are 0/1. The layout
of each game and player count is :attr:`ObservationEncoder.pieces` (printed in docs/rl.md).

Examples
--------
>>> from mandalakit import mandala
>>> from mandalakit.rl.observations import observation_encoder
>>> enc = observation_encoder("mandala", 2)
>>> state = mandala.new_game(2, seed=1)
>>> x = enc.encode(state.observation(0))
>>> x.shape, x.dtype.name, int(enc.view(x)["hand"].sum())
((142,), 'float32', 6)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.registry import get_game


def offsets(pieces: list[tuple[str, tuple[int, ...], str]]) -> dict[str | None, int]:
    """Where each piece starts in the flat tensor, by name, and under ``None`` the tensor's size:
    for an encoder's ``fill`` that sets several pieces in one assignment to the flat array.

    >>> offsets([("a", (2,), ""), ("b", (2, 3), "")])
    {'a': 0, 'b': 2, None: 8}
    """
    starts, at = {}, 0
    for name, shape, _ in pieces:
        starts[name] = at
        at += int(np.prod(shape))
    starts[None] = at
    return starts


class ObservationEncoder:
    """The tensor layout of one game and player count; each game's own lives in its package
    (``mandalakit.<game>.encoding``).

    Attributes
    ----------
    game : str
    players : int
    pieces : list of (str, tuple of int, str)
        ``(name, shape, meaning)`` in tensor order.
    size : int
        Length of the flat tensor (the product of the shapes, summed).
    """

    def __init__(self, game: str, players: int, pieces: list[tuple[str, tuple[int, ...], str]], fill):
        self.game, self.players, self.pieces = game, players, pieces
        starts = offsets(pieces)
        self._slices = [(name, starts[name], starts[name] + int(np.prod(shape)), shape) for name, shape, _ in pieces]
        self.size = starts[None]
        self._fill = fill
        self._scratch = np.zeros(self.size, np.float32)  # filled through its views, then copied
        self._views = self.view(self._scratch)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def view(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (no copies) of the pieces of a flat ``tensor`` of shape ``(size,)``."""
        return {name: tensor[start:stop].reshape(shape) for name, start, stop, shape in self._slices}

    def encode(self, observation, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 tensor of shape ``(size,)`` of an engine observation (written into
        ``out`` if given)."""
        self._scratch.fill(0)
        self._fill(observation, self._views, self.players)
        if out is None:
            return self._scratch.copy()
        out[:] = self._scratch
        return out


def relative_seat(seat: int, player: int, n: int) -> int:
    """``seat`` as seen from ``player``: 0 is the player, then clockwise."""
    return (seat - player) % n


def rotate(values, player: int) -> list:
    """Per-seat ``values`` reordered so the observer comes first."""
    values = list(values)
    return values[player:] + values[:player]


def seat_one_hot(v: np.ndarray, seat: int, player: int, n: int) -> None:
    """Set the entry of ``seat`` (as seen from ``player``) in ``v``; nothing for -1, -2 (none, chance, end)."""
    if seat >= 0:
        v[relative_seat(seat, player, n)] = 1


@lru_cache(maxsize=None)
def observation_encoder(game: str, players: int) -> ObservationEncoder:
    """The :class:`ObservationEncoder` of ``game`` played by ``players``.

    Raises
    ------
    RulesError
        For an unknown game or a player count the game is not played with (M-2, F-2, O-2).
    """
    from ..core.contract import check_players

    spec = get_game(game)
    check_players(game, players, spec.min_players, spec.max_players, spec.player_rule)
    return spec.observation_encoder(players)

