"""A Mandala state built from one seat's observation alone (for search bots, M-2.4).

A search bot sees an :class:`~.state.Observation`, never the state. :func:`from_observation`
builds a state that shows the same observation, the cards hidden from the seat (the
opponent's hand and cup, the deck) dealt in a fixed order from the cards the seat cannot
see; ``state.determinize(seat, rng)`` then deals them again at random: a sample of the
seat's information set. The state depends on the observation only, so a bot that searches
from it cannot peek.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.contract import TERMINAL
from .cards import COLOURS, NUM_COLOURS, PER_COLOUR, RIVER_SPACES
from .rules import STALL_TURNS, Rules
from .state import _COLOURS, _MOUNTAIN, _NONE, RESHUFFLE, MandalaState, Observation


def from_observation(obs: Observation, rules: Rules | None = None) -> MandalaState:
    """A state at a decision of ``obs.player`` whose observation by that seat is ``obs``.

    Parameters
    ----------
    obs : Observation
        Taken at a decision of its own seat (``obs.to_act == obs.player``).
    rules : Rules, optional
        The game's rules (public; not in the observation); default ``Rules()``. A search plays
        its samples to their end, so ``stall_turns=None`` is played as the default 100 (M-7.6):
        without it two greedy bots may only discard and draw again for ever.

    Returns
    -------
    MandalaState
        Without a generator and without history. The cards the seat cannot see (18 of each
        colour, M-1.1, minus those it sees) fill the opponent's hand, then cup, then the deck,
        colour by colour: resample them with ``determinize(obs.player, rng)``.

    Raises
    ------
    ValueError
        If it is not ``obs.player``'s decision.
    """
    if obs.to_act != obs.player or obs.to_act == TERMINAL:
        raise ValueError("from_observation needs an observation taken at a decision of its own seat.")
    me, other = obs.player, 1 - obs.player
    rules = rules or Rules()
    if rules.stall_turns is None:
        rules = replace(rules, stall_turns=STALL_TURNS)
    state = MandalaState(rules, None, {}, obs.mover)
    state.hands[me] = list(obs.hand)
    state.cups[me] = list(obs.cup)
    state.rivers = [list(r) for r in obs.rivers]
    state.mountains = [list(m) for m in obs.mountains]
    state.fields = [[list(f) for f in fm] for fm in obs.fields]
    state.discard = list(obs.discard)
    state.discard_size = sum(obs.discard)
    unseen = [PER_COLOUR] * NUM_COLOURS
    for area in [obs.hand, obs.cup, *obs.mountains, *obs.fields[0], *obs.fields[1], obs.discard]:
        for c in _COLOURS:
            unseen[c] -= area[c]
    for river in obs.rivers:
        for c in river:
            unseen[c] -= 1
    pool = [c for c in _COLOURS for _ in range(unseen[c])]
    hand_size, cup_size = obs.hand_sizes[other], obs.cup_sizes[other]
    for c in pool[:hand_size]:
        state.hands[other][c] += 1
    for c in pool[hand_size:hand_size + cup_size]:
        state.cups[other][c] += 1
    state.deck = pool[hand_size + cup_size:]
    state.hand_sizes = list(obs.hand_sizes)
    for m in range(2):
        state.field_sizes[m] = [sum(f) for f in state.fields[m]]
        for c in _COLOURS:
            if state.mountains[m][c]:
                state.owner[m][c] = _MOUNTAIN
            for seat in range(2):
                if state.fields[m][seat][c]:
                    state.owner[m][c] = 1 + seat
        if m == obs.destroying:  # M-5.3: the picked colours came from the mountain
            state.owner[m] = [_MOUNTAIN if o == _NONE else o for o in state.owner[m]]
        state.ncolours[m] = sum(o != _NONE for o in state.owner[m])
    state.end_triggered = obs.end_triggered
    state._stalled = obs.stalled_turns
    state.river_full = any(len(r) == RIVER_SPACES for r in obs.rivers)
    state.destroying = obs.destroying
    state.phase = obs.phase
    state._turn = obs.to_act
    state._chance_kind = RESHUFFLE
    state.count_free()
    return state


def unseen(state: MandalaState, seat: int) -> dict[str, int]:
    """Colour name -> cards of that colour ``seat`` cannot see (``GameSpec.unseen``): the deck,
    the other hand and the other seat's cup."""
    counts = [0] * NUM_COLOURS
    for c in state.deck:
        counts[c] += 1
    for cards in [*(hand for p, hand in enumerate(state.hands) if p != seat), state.cups[1 - seat]]:
        for c, n in enumerate(cards):
            counts[c] += n
    return dict(zip(COLOURS, counts))
