"""What a move changes on a Flowers board, for a hint (:mod:`mandalakit.core.hints`): the points
it scores now (a tile), the cards it draws (F-3.3) and the claim marker it takes (F-3.6).
"""

from __future__ import annotations

from ..core.hints import board_facts


def hint_facts(state, me: int, move) -> dict:
    """The :class:`~mandalakit.core.hints.Hint` fields of ``move`` for seat ``me`` (``GameSpec.hints``)."""
    # Cards that leave the hand: a play's count; none for a tile choice or a pass.
    played = getattr(move, "count", 1 if hasattr(move, "mandala") else 0)
    facts, after = board_facts(state, me, move, hand=lambda s: sum(s.hands[me]), played=played)
    if hasattr(move, "mandala"):
        m = move.mandala
        if state.observation(me).mandalas[m].claim != me and after.observation(me).mandalas[m].claim == me:
            facts["claim"] = m
    return facts
