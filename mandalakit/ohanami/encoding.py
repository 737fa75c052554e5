"""Ohanami: the fixed action numbering and the observation tensors (docs/rl.md), declared by
the game (``GameSpec.encoding``) and read by :mod:`mandalakit.rl`.

The numbering and the layout are part of ``GameSpec.layout_version``: change either, raise it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..rl.actions import ActionCodec
from ..rl.observations import ObservationEncoder, offsets, rotate


class OhanamiCodec(ActionCodec):
    """Picks by their two cards, placements by the rows of the lower and the higher card."""

    game = "ohanami"

    def __init__(self):
        from .cards import DECK_SIZE
        from .moves import MAX_ROWS, Pick, Place

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

    def _numbers(self, moves: list) -> list[int | None]:
        # A pick's number straight from its cards (most legal moves are picks).
        pairs, pick, encode = self._pair_index, self._Pick, self.encode
        return [pairs.get(m.cards) if type(m) is pick else encode(m) for m in moves]

    def table(self) -> list[tuple[str, str, str]]:
        return [
            (f"0-{self.place_base - 1}", "pick", "the pairs (a, b), 1 <= a < b <= 120, in ascending order: "
                                                 "(1, 2) = 0, (1, 3) = 1, ..., (119, 120) = 7139 (O-2.2)"),
            (f"{self.place_base}-{self.size - 1}", "place",
             f"{self.place_base} + 4 * row of the lower card + row of the higher card; row 0 = discard (x), "
             "1-3 = rows in the order they were started (O-2.3 to O-2.5)"),
        ]


@lru_cache(maxsize=None)
def action_codec() -> OhanamiCodec:
    """The game's :class:`~mandalakit.rl.actions.ActionCodec` (one object per process)."""
    return OhanamiCodec()


def observation_encoder(players: int) -> ObservationEncoder:
    """The game's :class:`~mandalakit.rl.observations.ObservationEncoder` for ``players`` seats
    (checked by :func:`mandalakit.rl.observations.observation_encoder`)."""
    from .cards import DECK_SIZE
    from .moves import MAX_ROWS, parse
    from .state import DEAL, OVER, PICK, PLACE, ROUNDS, STEPS

    codec = action_codec()
    phases = (PICK, PLACE, DEAL, OVER)
    n, cards = players, DECK_SIZE
    places = codec.size - codec.place_base
    pieces = [
        ("round", (ROUNDS,), "one-hot: round 1 to 3 (O-2.1)"),
        ("step", (STEPS,), "one-hot: draft step 1 to 5 (O-2.2)"),
        ("phase", (4,), "one-hot: pick, place, deal, over"),
        ("hand", (cards,), "own hand: 1 at card number - 1"),
        ("own_pick", (cards,), "own pick of this step, once made (O-2.2)"),
        ("revealed", (n, cards), "per seat: its pick, once every seat has picked (O-2.6)"),
        ("own_place", (places,), "one-hot: own placement of this step once made, as action - 7140"),
        ("rows", (n, MAX_ROWS, cards), "per seat, per row (in the order started): its cards (O-2.4)"),
        ("hand_sizes", (n,), "cards in hand per seat"),
        ("discarded", (1,), "cards discarded face down so far, by everyone (O-2.3)"),
        ("round_scores", (n, ROUNDS), "per seat: the score of each round ended (O-3)"),
    ]

    start = offsets(pieces)
    o_round, o_step, o_phase = start["round"] - 1, start["step"] - 1, start["phase"]
    o_hand, o_pick, o_revealed = start["hand"] - 1, start["own_pick"] - 1, start["revealed"] - 1
    o_place, o_rows = start["own_place"] - codec.place_base, start["rows"] - 1
    phase_of = {phase: o_phase + i for i, phase in enumerate(phases)}

    def fill(o, v, n):
        # The one-hot pieces as flat indices of the tensor (the views' base), set in one
        # assignment: most of a step's time in Ohanami was spent on a dozen small ones.
        p = o.player
        ones = [phase_of[o.phase]]
        if o.round:
            ones.append(o_round + o.round)
        if o.step:
            ones.append(o_step + o.step)
        ones += [o_hand + card for card in o.hand]
        if o.own_pick is not None:
            ones += [o_pick + card for card in o.own_pick]
        if o.revealed is not None:
            for s, picked in enumerate(rotate(o.revealed, p)):
                base = o_revealed + s * cards
                ones += [base + card for card in picked]
        if o.own_place is not None:
            ones.append(o_place + codec.encode(parse(o.own_place)))
        for s, rows in enumerate(rotate(o.rows, p)):
            for r, row in enumerate(rows):
                base = o_rows + (s * MAX_ROWS + r) * cards
                ones += [base + card for card in row]
        v["round"].base[ones] = 1
        v["hand_sizes"][:] = rotate(o.hand_sizes, p)
        v["discarded"][0] = o.discarded
        for s, scores in enumerate(rotate(o.round_scores, p)):
            v["round_scores"][s, :len(scores)] = scores

    return ObservationEncoder("ohanami", players, pieces, fill)
