"""What a move changes on a Mandala board, for a hint (:mod:`mandalakit.core.hints`): the points
it scores now, the cards it draws (M-4.1, M-4.3) and, for a field play, the bigger field
(M-4.2, M-5.2).
"""

from __future__ import annotations

from ..core.hints import board_facts


def hint_facts(state, me: int, move) -> dict:
    """The :class:`~mandalakit.core.hints.Hint` fields of ``move`` for seat ``me`` (``GameSpec.hints``)."""
    # Cards that leave the hand: a count, or the one card of a mountain play; none for a pick.
    played = getattr(move, "count", 1 if hasattr(move, "mandala") else 0)
    facts, _after = board_facts(state, me, move, hand=lambda s: sum(s.hands[me]), played=played)
    if hasattr(move, "mandala") and hasattr(move, "count"):  # a field play (M-4.2)
        fields = state.observation(me).fields[move.mandala]
        mine = sum(fields[me]) + move.count
        facts["field"] = (move.mandala, mine, sum(fields[1 - me]))
    return facts
