"""Mandala: the fixed action numbering and the observation tensors (docs/rl.md), declared by
the game (``GameSpec.encoding``) and read by :mod:`mandalakit.rl`.

The numbering and the layout are part of ``GameSpec.layout_version``: change either, raise it.
"""

from __future__ import annotations

from functools import lru_cache

from ..rl.actions import TableCodec
from ..rl.observations import ObservationEncoder, offsets, relative_seat, rotate


@lru_cache(maxsize=None)
def action_codec() -> TableCodec:
    """The game's :class:`~mandalakit.rl.actions.ActionCodec` (one object per process)."""
    from .cards import NUM_COLOURS, PER_COLOUR
    from .moves import DISCARD, FIELD, MOUNTAIN, PICK

    moves = [MOUNTAIN[m][c] for m in range(2) for c in range(NUM_COLOURS)]
    moves += [FIELD[m][c][n] for m in range(2) for c in range(NUM_COLOURS) for n in range(PER_COLOUR)]
    moves += [DISCARD[c][n] for c in range(NUM_COLOURS) for n in range(PER_COLOUR)]
    moves += list(PICK)
    return TableCodec("mandala", moves, [
        ("mountain", "6 * mandala + colour (M-4.1)"),
        ("field", "12 + 108 * mandala + 18 * colour + count - 1 (M-4.2)"),
        ("discard", "228 + 18 * colour + count - 1 (M-4.3)"),
        ("pick", "336 + colour (M-5.3)"),
    ])


def observation_encoder(players: int) -> ObservationEncoder:
    """The game's :class:`~mandalakit.rl.observations.ObservationEncoder` for ``players`` seats
    (checked by :func:`mandalakit.rl.observations.observation_encoder`)."""
    from .cards import NUM_COLOURS, RIVER_SPACES
    from .phases import CHANCE_PHASE, OVER, PICKING, PLAY

    phases = (PLAY, PICKING, CHANCE_PHASE, OVER)
    c = NUM_COLOURS
    pieces = [
        ("to_act", (2,), "one-hot: the seat to decide (0 = the observer); all 0 at chance or end"),
        ("phase", (4,), "one-hot: play, pick (a destruction, M-5), chance, over"),
        ("mover", (2,), "one-hot: the seat whose turn it is (M-2.5)"),
        ("destroying", (2,), "one-hot: mandala A or B being destroyed (M-5.2); 0 otherwise"),
        ("hand", (c,), "own hand, cards per colour (black, green, purple, yellow, orange, red)"),
        ("cup", (c,), "own cup, cards per colour"),
        ("hand_sizes", (2,), "cards in hand per seat"),
        ("cup_sizes", (2,), "cards in cup per seat"),
        ("rivers", (2, RIVER_SPACES, c), "per seat, per river space (value 1 to 6), one-hot colour (M-1.3)"),
        ("mountains", (2, c), "per mandala A, B: mountain cards per colour"),
        ("fields", (2, 2, c), "per mandala, per seat: field cards per colour"),
        ("discard", (c,), "discard pile, cards per colour (face up, M-1.3)"),
        ("deck_size", (1,), "cards left in the deck"),
        ("end_triggered", (1,), "1 once the deck has been emptied (M-6.2)"),
    ]

    start = offsets(pieces)
    phase_of = {phase: start["phase"] + i for i, phase in enumerate(phases)}
    counts = start["hand"], start["rivers"]  # hand .. cup_sizes: counts, one after the other
    rest = start["mountains"], start[None]  # mountains .. end_triggered too
    rivers = start["rivers"]

    def fill(o, v, n):
        # Three assignments into the flat tensor (the views' base): the one-hots as indices,
        # and the two runs of counts as lists (a dozen small assignments took most of a step).
        p = o.player
        flat = v["to_act"].base
        ones = [phase_of[o.phase], start["mover"] + relative_seat(o.mover, p, n)]
        if o.to_act >= 0:
            ones.append(start["to_act"] + relative_seat(o.to_act, p, n))
        if o.destroying >= 0:
            ones.append(start["destroying"] + o.destroying)
        for s, river in enumerate(rotate(o.rivers, p)):
            base = rivers + s * RIVER_SPACES * c
            ones += [base + space * c + colour for space, colour in enumerate(river)]
        flat[ones] = 1
        flat[counts[0]:counts[1]] = [*o.hand, *o.cup, *rotate(o.hand_sizes, p), *rotate(o.cup_sizes, p)]
        fields = [x for f in o.fields for seat in rotate(f, p) for x in seat]
        flat[rest[0]:rest[1]] = [*o.mountains[0], *o.mountains[1], *fields, *o.discard, o.deck_size, o.end_triggered]

    return ObservationEncoder("mandala", players, pieces, fill)
