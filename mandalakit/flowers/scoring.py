"""Flowers scoring (F-5.4) and pairing (F-4.3).

Faces are ints: a number of flowers (1 or more) or :data:`~mandalakit.flowers.tiles.X3`
(0) for the ×3 multiplier.
"""

from __future__ import annotations

from .tiles import X3


def single_score(face: int) -> int:
    """An unpaired tile scores its flowers; an unpaired ×3 scores 0 (F-5.4)."""
    return face  # X3 == 0


def flower_score(a: int, b: int) -> int:
    """Score of a Flower of faces ``a`` and ``b`` in any order (F-5.4).

    ×3 and v score 3·v; two flower faces a >= b score a + 2·b; two ×3 score 0.

    >>> flower_score(1, 3), flower_score(2, 2), flower_score(X3, 2), flower_score(X3, 3), flower_score(X3, X3)
    (5, 6, 6, 9, 0)
    """
    if a == X3:
        return 3 * b  # b == X3 gives 0
    if b == X3:
        return 3 * a
    if a < b:
        a, b = b, a
    return a + 2 * b


def gain_value(single_face: int | None, face: int) -> int:
    """Points a player gains by taking a tile of ``face`` (F-4.3, F-5.4).

    ``single_face`` is the face of the player's unpaired tile of the same colour, or
    ``None``: with one, the two pair at once into a Flower.
    """
    if single_face is None:
        return face
    return flower_score(single_face, face) - single_face


def score_tiles(singles, flowers) -> int:
    """Total of unpaired tiles plus Flowers (F-5.4).

    Parameters
    ----------
    singles : iterable of int
        Faces of the unpaired tiles.
    flowers : iterable of (int, int)
        Faces of each Flower's two tiles.
    """
    return sum(singles) + sum(flower_score(a, b) for a, b in flowers)
