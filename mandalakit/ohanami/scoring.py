"""Ohanami scoring (O-3): per-suit points at the end of each round and the sakura table."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BLUE, GREEN, GREY, HAND_SIZE, PINK, SUIT_OF

#: Cards of each suit in the deck (O-1.2), by suit code: 34 blue, 35 green, 17 grey, 34 pink.
SUIT_CARDS: tuple[int, ...] = tuple(SUIT_OF.count(code) for code in (BLUE, GREEN, GREY, PINK))

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


def scored_pink(pink: int, cap: int | None = 15) -> int:
    """Pink cards that score in round 3: all of them, or at most ``cap`` (O-3.4, the
    ``sakura_cap`` ruling; None: no cap)."""
    return pink if cap is None else min(pink, cap)


def sakura_points(pink: int, cap: int | None = 15) -> int:
    """Sakura points for ``pink`` pink cards over all rows (O-3.3, O-3.4).

    ``sakura_points(6) == 21``; with the default cap 15, ``sakura_points(17) == 120``;
    ``cap=None`` gives the open formula.
    """
    if pink < 0:
        raise ValueError(f"A pink count cannot be negative ({pink}).")
    return triangular(scored_pink(pink, cap))


def round_score(round_no: int, counts: Sequence[int], cap: int | None = 15) -> int:
    """Score of one round from the suit counts over all of a player's rows (O-3.1 to O-3.3).

    The reference engine and the compiled kernels (:mod:`mandalakit.fast.ohanami`, which
    compiles this very function) both score with it.

    Parameters
    ----------
    round_no : int
        1, 2 or 3.
    counts : sequence of 4 ints
        Cards in rows by suit: blue, green, grey, pink (a list, or a row of a numpy array).
    cap : int or None
        The ``sakura_cap`` ruling (O-3.4); the kernels write None as 120, more pink cards than
        the deck holds.

    Examples
    --------
    >>> round_score(1, (4, 0, 0, 0)), round_score(2, (7, 5, 0, 0)), round_score(3, (10, 8, 3, 6))
    (12, 41, 104)
    """
    weights = SUIT_POINTS[round_no - 1]
    score = weights[BLUE] * counts[BLUE] + weights[GREEN] * counts[GREEN] + weights[GREY] * counts[GREY]
    if round_no == 3:
        score += triangular(scored_pink(counts[PINK], cap))  # O-3.3, O-3.4
    return score


def most_cards_in_rows(round_no: int) -> int:
    """The most cards a player's rows can hold at the end of round ``round_no``: 10 a round.

    Each round deals a player 10 cards (O-2.1) and every card the player places comes from
    that hand (O-2.2, O-2.3: 2 a step over 5 steps), so 10, 20 and 30 by the ends of rounds
    1, 2 and 3.
    """
    return HAND_SIZE * round_no


def best_round_score(round_no: int, cap: int | None = 15) -> tuple[int, tuple[int, int, int, int]]:
    """The highest score a game allows at the end of round ``round_no``, and suit counts reaching it.

    The counts hold at most :func:`most_cards_in_rows` cards in all and at most the deck's
    cards of each suit (:data:`SUIT_CARDS`, O-1.2); the score is :func:`round_score`.

    Examples
    --------
    >>> best_round_score(1), best_round_score(2), best_round_score(3)
    ((30, (10, 0, 0, 0)), (80, (0, 20, 0, 0)), (225, (0, 0, 15, 15)))
    >>> best_round_score(3, cap=None)
    (465, (0, 0, 0, 30))
    """
    room = most_cards_in_rows(round_no)
    weights = SUIT_POINTS[round_no - 1]
    by_weight = sorted((BLUE, GREEN, GREY), key=lambda suit: -weights[suit])
    best = (-1, (0, 0, 0, 0))
    for pink in range(min(room, SUIT_CARDS[PINK]) + 1 if round_no == 3 else 1):
        counts, left = [0, 0, 0, pink], room - pink
        for suit in by_weight:  # for a given pink count the other suits add their weight per card
            counts[suit] = min(left, SUIT_CARDS[suit]) if weights[suit] else 0
            left -= counts[suit]
        score = round_score(round_no, counts, cap)
        if score > best[0]:
            best = (score, tuple(counts))
    return best
