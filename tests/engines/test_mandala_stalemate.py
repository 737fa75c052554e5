"""M-7.5 checked against an exhaustive search: on small hand-built positions, a mandala can
still complete exactly when ``can_complete()`` says so, and random play from any position the
engine accepts ends."""

import itertools
from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mandalakit import RulesError
from mandalakit.core.contract import CHANCE, ChanceEvent
from mandalakit.mandala import COLOURS, Rules, from_position

PLAY_ON = Rules(stalemate="play_on")


@st.composite
def small_positions(draw, most_in_hand=3, most_in_pile=2):
    """Positions with few free cards (hands, deck, discard pile) and both mandalas incomplete;
    every other card in the cups."""
    colour = st.sampled_from(COLOURS)
    used = Counter()
    mountains, fields = {}, {}
    for name in "AB":
        areas = [{}, {}, {}]  # mountain, field of seat 0, field of seat 1
        for c in draw(st.lists(colour, max_size=5, unique=True)):
            k = draw(st.integers(1, 2))
            areas[draw(st.integers(0, 2))][c] = k
            used[c] += k
        mountains[name], fields[name] = areas[0], areas[1:]
    hands = [Counter(draw(st.lists(colour, min_size=1, max_size=most_in_hand))) for _ in range(2)]
    deck = draw(st.lists(colour, max_size=most_in_pile))
    discard = Counter(draw(st.lists(colour, max_size=most_in_pile)))
    for cards in (*hands, deck, discard):
        used.update(cards)
    cups = [{}, {}]
    for c in COLOURS:
        rest = 18 - used[c]
        cups[0][c] = draw(st.integers(0, rest))
        cups[1][c] = rest - cups[0][c]
    return {"to_move": draw(st.integers(0, 1)), "hands": [dict(h) for h in hands], "cups": cups,
            "mountains": mountains, "fields": fields, "deck": deck, "discard": dict(discard),
            "end_triggered": not deck or draw(st.booleans())}


def _key(s):
    """What decides whether a mandala can still complete: the cards of mountains and fields
    count only through the area each colour lives in (M-3.1)."""
    return (s.current_player, s.mover, tuple(map(tuple, s.hands)), tuple(s.deck), tuple(s.discard),
            tuple(map(tuple, s.owner)))


def completion_reachable(state, limit=1_000_000):
    """Exhaustive search over every move and every reshuffle order: can a mandala complete?"""
    seen = {_key(state)}
    todo = [state]
    while todo:
        s = todo.pop()
        if s.phase == "pick":
            return True
        if s.current_player == CHANCE:
            pile = [c for c in range(6) for _ in range(s.discard[c])]
            nexts = [ChanceEvent("reshuffle", p) for p in set(itertools.permutations(pile))]
        else:
            nexts = s.legal_moves()
        for move in nexts:
            t = s.clone()
            t.apply(move)
            key = _key(t)
            if key not in seen:
                seen.add(key)
                assert len(seen) < limit, "position too large for the exhaustive search"
                todo.append(t)
    return False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=small_positions(most_in_hand=2, most_in_pile=1))
def test_M_7_5_can_complete_agrees_with_an_exhaustive_search(position):
    state = from_position(position, rules=PLAY_ON, manual_chance=True)
    assert state.can_complete() == completion_reachable(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=small_positions(), seed=st.integers(0, 2**32 - 1))
def test_M_7_5_random_play_from_any_accepted_position_ends(position, seed):
    try:
        state = from_position(position, seed=seed)
    except RulesError as exc:
        assert exc.rule == "M-7.5" and not from_position(position, rules=PLAY_ON).can_complete()
        return
    rng = np.random.default_rng(seed)
    for _ in range(5_000):
        if state.is_terminal():
            break
        state.apply(state.random_move(rng.random()))
    assert state.is_terminal()
    state.check_invariants()
