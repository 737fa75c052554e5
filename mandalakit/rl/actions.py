"""A fixed action numbering per game: one int per move, meaning the same move in every state.

Learning agents need a fixed action space: the engines list legal moves in a fixed order, but
position 3 of one state's list is another move than position 3 of the next. An
:class:`ActionCodec` numbers every move a game can ever offer, once (tables in docs/rl.md):

========  ===============  ============================================================
game      actions          numbering
========  ===============  ============================================================
mandala   342              0-11 mountain (mandala x colour), 12-227 field (mandala x colour
                           x count 1-18), 228-335 discard (colour x count 1-18),
                           336-341 pick (colour); M-4.1 to M-4.3, M-5.3
flowers   277              0-269 play (colour x count 1-15 x mandala), 270-275 take
                           (tile colour), 276 pass; F-3.1, F-4.1, F-5.3
ohanami   7156             0-7139 pick (the two cards, pairs of 1-120 in ascending
                           order), 7140-7155 place (row of the lower card x row of the
                           higher card, each x/1/2/3); O-2.2 to O-2.5
========  ===============  ============================================================

The numbering does not depend on the player count. An Ohanami placement is numbered by the
rows its two picked cards go to (``x`` = discarded, 1 to 3 = rows in the order they were
started, the next number starting a new row): the picked cards are known from the state, and
the engine lists each placement once in a form these two rows determine (O-2.5). Two new rows
are "lower card on the first new row, higher card on the second" (O-2.4: rows have no order).

Examples
--------
>>> from mandalakit import mandala
>>> from mandalakit.rl.actions import action_codec
>>> codec = action_codec("mandala")
>>> state = mandala.new_game(2, seed=1)
>>> move = state.legal_moves()[0]
>>> str(move), codec.encode(move), codec.decode(state, codec.encode(move)) == move
('mountain A black', 0, True)
>>> codec.name(336)
'pick black'
"""

from __future__ import annotations

from functools import lru_cache
from numbers import Integral

import numpy as np

from ..core.contract import State
from ..core.errors import IllegalMoveError
from ..core.messages import _
from ..core.registry import get_game


class ActionCodec:
    """The fixed numbering of one game's moves (see the module docstring for the tables); each
    game's own lives in its package (``mandalakit.<game>.encoding``).

    Attributes
    ----------
    game : str
    size : int
        Number of actions; every move encodes to an int in ``range(size)``.
    """

    game: str
    size: int
    _names: tuple[str, ...]  # per action, what it means

    def encode(self, move) -> int:
        """The action number of ``move`` (a move of the game, not a chance event).

        Raises
        ------
        ValueError
            If ``move`` is not a move of this game.
        """
        raise NotImplementedError

    def name(self, action: int) -> str:
        """What ``action`` means, in the game's notation where it is state-free (``"field B
        green 2"``) and in words for an Ohanami placement (``"place lower>1 higher>x"``)."""
        self._check(action)
        return self._names[action]

    def legal(self, state: State) -> dict[int, object]:
        """``{action: move}`` for the legal moves of ``state``, in ascending action order
        (empty at a chance node or after the end)."""
        moves = state.legal_moves()
        keys = self._numbers(moves)
        if None in keys:
            keys = [self.encode(m) if k is None else k for k, m in zip(keys, moves)]
        return dict(sorted(zip(keys, moves)))  # the numbers differ: no move is compared

    def _numbers(self, moves: list) -> list[int | None]:
        """The action numbers of ``moves`` that a codec finds faster than :meth:`encode` (the
        adapters' hot path), ``None`` where it leaves a move to :meth:`encode`."""
        return [None] * len(moves)

    def mask(self, state: State) -> np.ndarray:
        """The legal-action mask of ``state``: int8 array of shape ``(size,)``, 1 where legal."""
        out = np.zeros(self.size, dtype=np.int8)
        out[list(self.legal(state))] = 1
        return out

    def decode(self, state: State, action: int):
        """The legal move of ``state`` that ``action`` stands for.

        Raises
        ------
        ValueError
            If ``action`` is not a whole number in ``range(size)``.
        IllegalMoveError
            Rule tag ``actions``, if ``action`` names no legal move of ``state`` (the state is
            unchanged).
        """
        self._check(action)
        move = self.legal(state).get(int(action))
        if move is None:
            raise IllegalMoveError("actions", _("Action {action} ({name}) is not legal now; the legal actions are "
                                                "{legal}.", action=int(action), name=self.name(action),
                                                legal=list(self.legal(state))))
        return move

    def _check(self, action) -> None:
        if type(action) is int and 0 <= action < self.size:  # the usual case, checked fast
            return
        if isinstance(action, bool) or not isinstance(action, Integral | np.integer) or not 0 <= action < self.size:
            raise ValueError(f"A {self.game} action is a whole number from 0 to {self.size - 1}, not {action!r}.")

    def table(self) -> list[tuple[str, str, str]]:
        """Rows ``(first-last, kind, meaning)`` of the numbering, for docs/rl.md."""
        raise NotImplementedError


class TableCodec(ActionCodec):
    """A codec whose every action is one fixed move object (Mandala, Flowers)."""

    def __init__(self, game: str, moves: list, blocks: list[tuple[str, str]]):
        self.game = game
        self.moves = tuple(moves)
        self.size = len(moves)
        self._index = {m: i for i, m in enumerate(moves)}
        self._by_id = {id(m): i for i, m in enumerate(self.moves)}
        self._names = tuple(map(str, moves))
        self._blocks = blocks  # (kind, meaning) per run of one move type, in order

    def encode(self, move) -> int:
        try:
            return self._index[move]
        except (KeyError, TypeError):
            raise ValueError(f"{move!r} is not a {self.game} move.") from None

    def _numbers(self, moves: list) -> list[int | None]:
        # The engines list their moves' shared objects (mandala.moves.FIELD, ...): found by
        # identity (hashing a move is a Python call; no other live object has the id of one of
        # the table's moves); any other move by equality, through encode.
        return list(map(self._by_id.get, map(id, moves)))

    def table(self) -> list[tuple[str, str, str]]:
        rows, start = [], 0
        for kind, meaning in self._blocks:
            end = start
            while end < self.size and type(self.moves[end]).__name__.lower() == kind:
                end += 1
            rows.append((f"{start}-{end - 1}" if end - 1 > start else str(start), kind, meaning))
            start = end
        return rows


@lru_cache(maxsize=None)
def action_codec(game: str, players: int | None = None) -> ActionCodec:
    """The :class:`ActionCodec` of ``game``, declared by the game (``GameSpec.encoding``).

    Parameters
    ----------
    game : str
    players : int, optional
        Checked against the game's player range (M-2, F-2, O-2); the numbering is the same for
        every player count.

    Raises
    ------
    RulesError
        For an unknown game or a player count the game is not played with.
    """
    spec = get_game(game)
    if players is not None:
        from ..core.contract import check_players

        check_players(game, players, spec.min_players, spec.max_players, spec.player_rule)
    return spec.action_codec()
