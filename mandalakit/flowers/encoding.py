"""Flowers: the fixed action numbering and the observation tensors (docs/rl.md), declared by
the game (``GameSpec.encoding``) and read by :mod:`mandalakit.rl`.

The numbering and the layout are part of ``GameSpec.layout_version``: change either, raise it.
"""

from __future__ import annotations

from functools import lru_cache

from ..rl.actions import TableCodec
from ..rl.observations import ObservationEncoder, relative_seat, rotate, seat_one_hot


@lru_cache(maxsize=None)
def action_codec() -> TableCodec:
    """The game's :class:`~mandalakit.rl.actions.ActionCodec` (one object per process)."""
    from .cards import CARDS_PER_COLOUR, NUM_COLOURS, NUM_MANDALAS
    from .moves import PASS, TAKES, play

    moves = [play(c, n, m) for c in range(NUM_COLOURS) for n in range(1, CARDS_PER_COLOUR + 1)
             for m in range(NUM_MANDALAS)]
    moves += list(TAKES) + [PASS]
    return TableCodec("flowers", moves, [
        ("play", "45 * colour + 3 * (count - 1) + mandala (F-3.1)"),
        ("take", "270 + tile colour (F-4.1)"),
        ("pass", "276 (F-5.3)"),
    ])


def observation_encoder(players: int) -> ObservationEncoder:
    """The game's :class:`~mandalakit.rl.observations.ObservationEncoder` for ``players`` seats
    (checked by :func:`mandalakit.rl.observations.observation_encoder`)."""
    from .cards import NUM_COLOURS, NUM_MANDALAS
    from .phases import CHOOSE, DRAW, OVER, PLAY, SETUP
    from .tiles import NUM_TILES, X3

    phases = (SETUP, PLAY, DRAW, CHOOSE, OVER)
    n, c, m = players, NUM_COLOURS, NUM_MANDALAS
    pieces = [
        ("to_act", (n,), "one-hot: the seat to decide (0 = the observer); all 0 at chance or end"),
        ("active", (n,), "one-hot: the seat whose turn it is (differs while a tile is chosen, F-4.1)"),
        ("phase", (5,), "one-hot: setup, play, draw (a reshuffle is due), choose (a tile), over"),
        ("hand", (c,), "own hand, cards per colour (grey, purple, red, green, orange, yellow)"),
        ("hand_sizes", (n,), "cards in hand per seat"),
        ("deck_size", (1,), "cards left in the deck"),
        ("discard", (c,), "discard pile, cards per colour (F-3.5)"),
        ("tiles", (m, 2, c + 2), "per mandala, its dark and light tile: one-hot colour, flowers, 1 if x3 (F-1.4)"),
        ("claim", (m, n), "per mandala: one-hot claim-marker holder (F-3.6)"),
        ("face_up", (m, n, c), "per mandala, per seat: face-up cards per colour (F-3.2)"),
        ("cards", (m, n, c), "per mandala, per seat: all cards per colour, face up and face down"),
        ("covered", (m, c), "per mandala: 1 for each colour present (tile or face-up card, F-3.7)"),
        ("singles", (n, NUM_TILES), "per seat: unpaired tiles by tile id - 1 (F-4.3)"),
        ("flowers", (n, NUM_TILES), "per seat: tiles in completed flowers by tile id - 1 (F-4.3)"),
        ("stacks", (2,), "tiles left in the dark and the light stack"),
        ("scores", (n,), "score per seat so far (F-5.4)"),
        ("passes", (1,), "passes in a row (F-5.3)"),
        ("pending", (m,), "one-hot: the completed mandala whose tile is being chosen (F-4.1)"),
        ("runner_up", (n,), "one-hot: the seat that gets the other tile (F-4.2)"),
    ]

    def fill(o, v, n):
        p = o.player
        seat_one_hot(v["to_act"], o.to_act, p, n)
        seat_one_hot(v["active"], o.active, p, n)
        v["phase"][phases.index(o.phase)] = 1
        v["hand"][:] = o.hand
        v["hand_sizes"][:] = rotate(o.hand_sizes, p)
        v["deck_size"][0] = o.deck_size
        v["discard"][:] = o.discard
        for i, view in enumerate(o.mandalas):
            for k, tile in enumerate(view.tiles):
                v["tiles"][i, k, tile.colour] = 1
                v["tiles"][i, k, c] = tile.face
                v["tiles"][i, k, c + 1] = tile.face == X3
            seat_one_hot(v["claim"][i], view.claim, p, n)
            for colour, (seat, count) in enumerate(view.face_up):
                if seat >= 0:
                    v["face_up"][i, relative_seat(seat, p, n), colour] = count
            v["cards"][i] = rotate(view.cards, p)
            v["covered"][i] = [view.covered >> colour & 1 for colour in range(c)]
        for s, tiles in enumerate(rotate(o.singles, p)):
            for tile in tiles:
                v["singles"][s, tile.id - 1] = 1
        for s, pairs in enumerate(rotate(o.flowers, p)):
            for pair in pairs:
                for tile in pair:
                    v["flowers"][s, tile.id - 1] = 1
        v["stacks"][:] = o.stacks
        v["scores"][:] = rotate(o.scores, p)
        v["passes"][0] = o.passes
        if o.pending >= 0:
            v["pending"][o.pending] = 1
        seat_one_hot(v["runner_up"], o.runner_up, p, n)

    return ObservationEncoder("flowers", players, pieces, fill)
