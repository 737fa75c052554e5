"""What a move changes in Ohanami rows, for a hint (:mod:`mandalakit.core.hints`): the points its
cards add at the end of the round (O-3.1 to O-3.3) and the pink cards' points at the end of
round 3 (O-3.3, O-3.4).
"""

from __future__ import annotations

from .cards import PINK, SUIT_OF
from .scoring import round_score, sakura_points


def hint_facts(state, me: int, move) -> dict:
    """The :class:`~mandalakit.core.hints.Hint` fields of ``move`` for seat ``me`` (``GameSpec.hints``):
    the points the cards ``move`` lays in the rows (a placement) or may lay there (a
    pick: both cards) add at the end of this round (O-3.1 to O-3.3), and, before round 3, what the
    pink cards among them add at the end of round 3 (O-3.3, O-3.4)."""
    cards = [c for c, row in move.steps if row] if hasattr(move, "steps") else list(move.cards)
    if not cards:
        return {}
    counts = state.counts[me]  # the seat's cards in rows by suit, kept by the state
    more = list(counts)
    for c in cards:
        more[SUIT_OF[c]] += 1
    rnd, cap = state.round, state.rules.sakura_cap
    facts = {"round_points": round_score(rnd, more, cap) - round_score(rnd, counts, cap), "laid": len(cards),
             "picked": not hasattr(move, "steps")}
    if rnd < 3 and more[PINK] > counts[PINK]:
        facts["pink"] = (more[PINK], sakura_points(more[PINK], cap) - sakura_points(counts[PINK], cap))
    return facts
