"""A Flowers state built from one seat's observation alone (for search bots, F-2.4).

A search bot sees an :class:`~.state.Observation`, never the state. :func:`from_observation`
builds a state that shows the same observation, what is hidden from the seat (the other
hands, the order of the deck and of the two tile stacks) laid out in a fixed order;
``state.determinize(seat, rng)`` then deals it again at random: a sample of the seat's
information set. The state depends on the observation only, so a bot that searches from it
cannot peek.
"""

from __future__ import annotations

from .cards import CARDS_PER_COLOUR, COLOURS, DARK, LIGHT, NUM_COLOURS
from .rules import Rules
from .state import CHOOSE, PLAY, SETUP_EVENTS, FlowersState, Observation



def from_observation(obs: Observation, rules: Rules | None = None) -> FlowersState:
    """A state at a decision of ``obs.player`` whose observation by that seat is ``obs``.

    Parameters
    ----------
    obs : Observation
        Taken at a decision of its own seat (a play, a pass or a tile choice).
    rules : Rules, optional
        The game's rules (public; not in the observation: the tile table and the draw of
        F-3.3); default ``Rules()``.

    Returns
    -------
    FlowersState
        Without a generator and without history. The cards the seat cannot see (15 of each
        colour, F-1.1, minus those it sees) fill the other hands, then the deck, colour by
        colour; the tiles on no mandala and owned by no seat form the stacks in table order.
        Resample them with ``determinize(obs.player, rng)``.

    Raises
    ------
    ValueError
        If it is not ``obs.player``'s decision.
    """
    if obs.to_act != obs.player or obs.phase not in (PLAY, CHOOSE):
        raise ValueError("from_observation needs an observation taken at a decision of its own seat.")
    n, me = len(obs.hand_sizes), obs.player
    state = FlowersState(n, rules or Rules(), None, obs.active)
    state.phase = obs.phase
    state._setup_step = len(SETUP_EVENTS)
    state.current_player = obs.to_act
    state.sizes = list(obs.hand_sizes)
    state.discard = list(obs.discard)
    state.discard_size = sum(obs.discard)
    state.passes = obs.passes
    used = set()
    unseen = [CARDS_PER_COLOUR - obs.hand[c] - obs.discard[c] for c in range(NUM_COLOURS)]
    for m, view in zip(state.mandalas, obs.mandalas):
        if view.tiles:
            m.dark, m.light = view.tiles[0].id, view.tiles[1].id
            used.update((m.dark, m.light))
        m.covered = view.covered
        m.claim = view.claim
        m.up_owner = [owner for owner, _count in view.face_up]
        m.up_count = [count for _owner, count in view.face_up]
        m.cards = [list(cards) for cards in view.cards]
        m.tot = list(view.totals)
        m.up = list(view.face_up_totals)
        for cards in view.cards:
            for c in range(NUM_COLOURS):
                unseen[c] -= cards[c]
    for p in range(n):
        for tile in obs.singles[p]:
            state.singles[p][tile.colour] = tile.id
            used.add(tile.id)
        state.flowers[p] = [(a.id, b.id) for a, b in obs.flowers[p]]
        used.update(t.id for pair in obs.flowers[p] for t in pair)
        state.nflowers[p] = len(obs.flowers[p])
    tile_set = state.rules.tile_set
    state.stacks = [[t for t in tile_set.stack(back) if t not in used] for back in (DARK, LIGHT)]
    pool = [c for c in range(NUM_COLOURS) for _ in range(unseen[c])]
    state.hands[me] = list(obs.hand)
    k = 0
    for p in range(n):
        if p != me:
            for c in pool[k:k + obs.hand_sizes[p]]:
                state.hands[p][c] += 1
            k += obs.hand_sizes[p]
    state.deck = pool[k:]
    if obs.phase == CHOOSE:
        state._pending, state._runner = obs.pending, obs.runner_up
    return state


def unseen(state: FlowersState, seat: int) -> dict[str, int]:
    """Colour name -> cards of that colour ``seat`` cannot see (``GameSpec.unseen``): the deck
    and the other hands (F-2.4)."""
    counts = [0] * NUM_COLOURS
    for c in state.deck:
        counts[c] += 1
    for p, hand in enumerate(state.hands):
        if p != seat:
            for c, n in enumerate(hand):
                counts[c] += n
    return dict(zip(COLOURS, counts))
