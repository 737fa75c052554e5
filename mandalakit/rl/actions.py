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
from itertools import combinations
from numbers import Integral

import numpy as np

from ..core.contract import State
from ..core.errors import IllegalMoveError
from ..core.messages import _
from ..core.registry import get_game


class ActionCodec:
    """The fixed numbering of one game's moves (see the module docstring for the tables).

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
        return dict(sorted((self.encode(m), m) for m in state.legal_moves()))

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


class _TableCodec(ActionCodec):
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

    def legal(self, state: State) -> dict[int, object]:
        # The engines list their moves' shared objects (mandala.moves.FIELD, ...): found by
        # identity first (hashing a move is a Python call; no other live object has the id of
        # one of the table's moves), by equality else.
        moves = state.legal_moves()
        keys = list(map(self._by_id.get, map(id, moves)))
        if None in keys:
            keys = [self._index[m] if k is None else k for k, m in zip(keys, moves)]
        return dict(sorted(zip(keys, moves)))  # the numbers differ: no move is compared

    def table(self) -> list[tuple[str, str, str]]:
        rows, start = [], 0
        for kind, meaning in self._blocks:
            end = start
            while end < self.size and type(self.moves[end]).__name__.lower() == kind:
                end += 1
            rows.append((f"{start}-{end - 1}" if end - 1 > start else str(start), kind, meaning))
            start = end
        return rows


def _mandala() -> _TableCodec:
    from ..mandala.cards import NUM_COLOURS, PER_COLOUR
    from ..mandala.moves import DISCARD, FIELD, MOUNTAIN, PICK

    moves = [MOUNTAIN[m][c] for m in range(2) for c in range(NUM_COLOURS)]
    moves += [FIELD[m][c][n] for m in range(2) for c in range(NUM_COLOURS) for n in range(PER_COLOUR)]
    moves += [DISCARD[c][n] for c in range(NUM_COLOURS) for n in range(PER_COLOUR)]
    moves += list(PICK)
    return _TableCodec("mandala", moves, [
        ("mountain", "6 * mandala + colour (M-4.1)"),
        ("field", "12 + 108 * mandala + 18 * colour + count - 1 (M-4.2)"),
        ("discard", "228 + 18 * colour + count - 1 (M-4.3)"),
        ("pick", "336 + colour (M-5.3)"),
    ])


def _flowers() -> _TableCodec:
    from ..flowers.cards import CARDS_PER_COLOUR, NUM_COLOURS, NUM_MANDALAS
    from ..flowers.moves import PASS, TAKES, play

    moves = [play(c, n, m) for c in range(NUM_COLOURS) for n in range(1, CARDS_PER_COLOUR + 1)
             for m in range(NUM_MANDALAS)]
    moves += list(TAKES) + [PASS]
    return _TableCodec("flowers", moves, [
        ("play", "45 * colour + 3 * (count - 1) + mandala (F-3.1)"),
        ("take", "270 + tile colour (F-4.1)"),
        ("pass", "276 (F-5.3)"),
    ])


class _OhanamiCodec(ActionCodec):
    """Picks by their two cards, placements by the rows of the lower and the higher card."""

    game = "ohanami"

    def __init__(self):
        from ..ohanami.cards import DECK_SIZE
        from ..ohanami.moves import MAX_ROWS, Pick, Place

        self._Pick, self._Place = Pick, Place
        self.pairs = tuple(combinations(range(1, DECK_SIZE + 1), 2))
        self._pair_index = {pair: i for i, pair in enumerate(self.pairs)}
        self.targets = MAX_ROWS + 1  # x, row 1, row 2, row 3
        self.place_base = len(self.pairs)  # 7140
        self.size = self.place_base + self.targets ** 2  # 7156
        rows = "x123"[:self.targets]
        self._names = tuple(f"pick {a} {b}" for a, b in self.pairs) + tuple(
            f"place lower>{low} higher>{high}" for low in rows for high in rows)

    def encode(self, move) -> int:
        if type(move) is self._Pick and move.cards in self._pair_index:
            return self._pair_index[move.cards]
        if type(move) is self._Place and len(move.steps) == 2:
            (a, x), (b, y) = move.steps
            low, high = (x, y) if a < b else (y, x)
            if 0 <= low < self.targets and 0 <= high < self.targets:
                return self.place_base + self.targets * low + high
        raise ValueError(f"{move!r} is not an Ohanami move.")

    def legal(self, state: State) -> dict[int, object]:
        # A pick's number straight from its cards (most legal moves are picks).
        pairs, pick, encode = self._pair_index, self._Pick, self.encode
        moves = state.legal_moves()
        keys = [pairs.get(m.cards) if type(m) is pick else encode(m) for m in moves]
        if None in keys:  # a pick that is no pair of the deck: encode refuses it
            keys = [encode(m) if k is None else k for k, m in zip(keys, moves)]
        return dict(sorted(zip(keys, moves)))  # the numbers differ: no move is compared

    def table(self) -> list[tuple[str, str, str]]:
        return [
            (f"0-{self.place_base - 1}", "pick", "the pairs (a, b), 1 <= a < b <= 120, in ascending order: "
                                                 "(1, 2) = 0, (1, 3) = 1, ..., (119, 120) = 7139 (O-2.2)"),
            (f"{self.place_base}-{self.size - 1}", "place",
             f"{self.place_base} + 4 * row of the lower card + row of the higher card; row 0 = discard (x), "
             "1-3 = rows in the order they were started (O-2.3 to O-2.5)"),
        ]


@lru_cache(maxsize=None)
def action_codec(game: str, players: int | None = None) -> ActionCodec:
    """The :class:`ActionCodec` of ``game`` (``"mandala"``, ``"flowers"`` or ``"ohanami"``).

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
    return {"mandala": _mandala, "flowers": _flowers, "ohanami": _OhanamiCodec}[game]()
