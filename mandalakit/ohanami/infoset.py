"""An Ohanami state built from one seat's observation alone (for search bots, O-2.6).

A search bot sees an :class:`~.state.Observation`, never the state. :func:`from_observation`
builds a state that shows the same observation, the cards hidden from the seat (the other
hands, the cards discarded face down, the deck) dealt in a fixed order from the cards the seat
cannot see; ``state.determinize(seat, rng)`` then deals them again at random (and redraws the
hidden picks and placements of the seats that chose before it): a sample of the seat's
information set. The state depends on the observation only, so a bot that searches from it
cannot peek.
"""

from __future__ import annotations

from .cards import DECK_SIZE, SUIT_OF
from .moves import pick, placements
from .rules import Rules
from .state import PICK, PLACE, OhanamiState, Observation


def from_observation(obs: Observation, rules: Rules | None = None) -> OhanamiState:
    """A state at a decision of ``obs.player`` whose observation by that seat is ``obs``.

    Parameters
    ----------
    obs : Observation
        Taken at a decision of its own seat (a pick or a placement).
    rules : Rules, optional
        The game's rules (public; not in the observation); default ``Rules()``.

    Returns
    -------
    OhanamiState
        Without a generator and without history. The cards the seat cannot see fill the
        other hands, then the face-down discards (all counted as the next seat's: the
        observation gives only their number; the seat's own discards are among them), then
        the deck, in ascending order; the seats that chose before it this step hold the first
        pick or placement listed. Resample them with ``determinize(obs.player, rng)``.

    Raises
    ------
    ValueError
        If it is not ``obs.player``'s decision.
    """
    if obs.phase not in (PICK, PLACE) or obs.own_pick is not None and obs.phase == PICK:
        raise ValueError("from_observation needs an observation taken at a decision of its own seat.")
    n, me = len(obs.hand_sizes), obs.player
    state = OhanamiState(n, rules or Rules(), None)
    state.round, state.step, state.phase = obs.round, obs.step, obs.phase
    state.rows = [[list(r) for r in rows] for rows in obs.rows]
    state.counts = [[0, 0, 0, 0] for _ in range(n)]
    for p, rows in enumerate(obs.rows):
        for row in rows:
            for card in row:
                state.counts[p][SUIT_OF[card]] += 1
    state.round_scores = [list(s) for s in obs.round_scores]
    state.round_rows = [[] for _ in range(n)]
    seen = set(obs.hand)
    seen.update(card for rows in obs.rows for row in rows for card in row)
    if obs.phase == PLACE:
        seen.update(card for picked in obs.revealed for card in picked)
    pool = [card for card in range(1, DECK_SIZE + 1) if card not in seen]
    others = [p for p in range(n) if p != me]
    state.hands[me] = list(obs.hand)
    k = 0
    for p in others:
        state.hands[p] = pool[k:k + obs.hand_sizes[p]]
        k += obs.hand_sizes[p]
    state.discards[others[0]] = pool[k:k + obs.discarded]
    state.deck = pool[k + obs.discarded:]
    if obs.phase == PICK:  # the seats before this one have picked in secret (O-2.2)
        state.picks = [pick(*state.hands[p][:2]).cards if p < me else None for p in range(n)]
    else:
        state.picks = list(obs.revealed)
        for p in range(me):  # they have placed in secret (O-2.6)
            state.places[p] = placements(state.picks[p], state.rows[p])[0]
            state._placed_rows[p] = state._placement_rows(p, state.places[p])
    state._turn = me
    return state

