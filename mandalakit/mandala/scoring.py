"""Mandala scoring and the winner (M-7.3, M-7.4)."""

from __future__ import annotations

from collections.abc import Sequence


def river_score(river: Sequence[int], cup: Sequence[int]) -> int:
    """Score of one player (M-7.3).

    Each cup card scores the value (1..6, left to right) of the river space holding its
    colour; cup cards of a colour not in the river score 0; river cards score nothing.

    Parameters
    ----------
    river : sequence of int
        Colour codes in river order (at most 6, all different).
    cup : sequence of 6 int
        Cup cards per colour code.

    Examples
    --------
    River [red, green, black], cup 3 red + 2 green + 4 purple (M-8):

    >>> from mandalakit.mandala.cards import BLACK, GREEN, PURPLE, RED
    >>> cup = [0] * 6; cup[RED], cup[GREEN], cup[PURPLE] = 3, 2, 4
    >>> river_score([RED, GREEN, BLACK], cup)
    7
    """
    return sum((space + 1) * cup[colour] for space, colour in enumerate(river))


def winners(scores: Sequence[int], cup_sizes: Sequence[int]) -> tuple[int, ...]:
    """Seats that win (M-7.4): higher score; tie → fewer cards in cup; still tied → all of them.

    Examples
    --------
    >>> winners([7, 7], [9, 5]), winners([7, 7], [5, 5]), winners([8, 7], [20, 5])
    ((1,), (0, 1), (0,))
    """
    keys = [(s, -k) for s, k in zip(scores, cup_sizes)]
    best = max(keys)
    return tuple(p for p, key in enumerate(keys) if key == best)
