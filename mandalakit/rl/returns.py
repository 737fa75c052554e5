"""The reward of a finished game for learning agents: the rank, not the score.

>>> from mandalakit.core.contract import Result
>>> rank_returns(Result(scores=(30, 25), winners=(0,)))
(1.0, -1.0)
>>> rank_returns(Result(scores=(40, 40, 10), winners=(0, 1)))
(0.5, 0.5, -1.0)
"""

from __future__ import annotations

from ..core.contract import Result


def rank_returns(result: Result) -> tuple[float, ...]:
    """Per seat, (seats it beats - seats that beat it) / (players - 1), in [-1, 1], summing to 0.

    A seat beats another if it is among the winners and the other is not (the games'
    tie-breaks, M-7.4, F-5.5, O-3.5), or, neither being a winner, if its score is higher. Two
    players: +1 for the winner, -1 for the loser, 0 each for a shared victory.
    """
    n = len(result.scores)
    key = [(seat in result.winners, score) for seat, score in enumerate(result.scores)]
    return tuple(sum((key[i] > key[j]) - (key[i] < key[j]) for j in range(n)) / (n - 1) for i in range(n))
