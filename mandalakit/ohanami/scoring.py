"""Ohanami scoring (O-3): per-suit points at the end of each round and the sakura table."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BLUE, GREEN, GREY, PINK

#: Points per card by round (O-3.1 to O-3.3), indexed [round - 1][suit]; pink is scored by
#: :func:`sakura_points` in round 3 instead.
SUIT_POINTS: tuple[tuple[int, int, int, int], ...] = (
    (3, 0, 0, 0),  # O-3.1
    (3, 4, 0, 0),  # O-3.2
    (3, 4, 7, 0),  # O-3.3 (pink via sakura_points)
)


def triangular(k: int) -> int:
    """T(k) = k(k+1)/2, the k-th triangular number (O-3.3)."""
    return k * (k + 1) // 2


def sakura_points(pink: int, cap: int | None = 15) -> int:
    """Sakura points for ``pink`` pink cards over all rows (O-3.3, O-3.4).

    ``sakura_points(6) == 21``; with the default cap 15, ``sakura_points(17) == 120``;
    ``cap=None`` gives the open formula.
    """
    if pink < 0:
        raise ValueError(f"A pink count cannot be negative ({pink}).")
    return triangular(pink if cap is None else min(pink, cap))


def round_score(round_no: int, counts: Sequence[int], cap: int | None = 15) -> int:
    """Score of one round from the suit counts over all of a player's rows (O-3.1 to O-3.3).

    Parameters
    ----------
    round_no : int
        1, 2 or 3.
    counts : sequence of 4 ints
        Cards in rows by suit: blue, green, grey, pink.
    cap : int or None
        The ``sakura_cap`` ruling (O-3.4).

    Examples
    --------
    >>> round_score(1, (4, 0, 0, 0)), round_score(2, (7, 5, 0, 0)), round_score(3, (10, 8, 3, 6))
    (12, 41, 104)
    """
    weights = SUIT_POINTS[round_no - 1]
    score = weights[BLUE] * counts[BLUE] + weights[GREEN] * counts[GREEN] + weights[GREY] * counts[GREY]
    if round_no == 3:
        score += sakura_points(counts[PINK], cap)
    return score
