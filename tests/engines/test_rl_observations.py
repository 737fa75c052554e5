"""Observation tensors (mandalakit.rl.observations): no hidden information (the engines'
permutation test, run on the tensors) and worked values of the pieces."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core.registry import get_game
from mandalakit.rl.observations import observation_encoder

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]
SIZES = {("mandala", 2): 142, ("flowers", 2): 322, ("flowers", 3): 438, ("flowers", 4): 554,
         ("ohanami", 2): 1237, ("ohanami", 3): 1721, ("ohanami", 4): 2205}


@pytest.mark.parametrize("game,players", CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_resampling_hidden_cards_leaves_every_tensor_unchanged(game, players, seed):
    """M-2.4, F-2.4, O-2.6: what a seat cannot see (other hands, the deck order, hidden picks)
    is resampled by ``determinize``; the seat's tensor must not move."""
    enc = observation_encoder(game, players)
    assert enc.shape == (SIZES[game, players],)
    state = get_game(game).new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not state.is_terminal():
        if step % 3 == 0:  # every third decision keeps the test at a few seconds
            for p in range(players):
                tensor = enc.encode(state.observation(p))
                assert tensor.dtype == np.float32 and tensor.shape == enc.shape
                sample = state.determinize(p, rng)
                assert np.array_equal(enc.encode(sample.observation(p)), tensor), f"seat {p} sees hidden cards"
                view = enc.view(tensor)
                sizes = view["hand_sizes"]
                assert view["hand"].sum() == sizes[0], "the own hand is seat 0 of the sizes"
                to_act = view.get("to_act")
                if to_act is not None:
                    assert to_act.sum() == 1 and to_act[(state.current_player - p) % players] == 1
        state.apply(state.random_move(rng.random()))
        step += 1


def test_mandala_pieces_of_a_worked_position():
    """A hand-built position (M-2): every piece reads the position, seats relative to the observer."""
    from mandalakit.mandala import from_position

    state = from_position({
        "to_move": 1,
        "hands": [{"red": 3}, {"green": 2, "black": 1}],
        "cups": [{"red": 2}, {}],
        "rivers": [["red", "green"], []],
        "mountains": {"A": {"black": 1}, "B": {}},
        "fields": {"A": [{"orange": 2}, {}], "B": [{}, {"yellow": 1}]},
    })
    enc = observation_encoder("mandala", 2)
    v = enc.view(enc.encode(state.observation(1)))
    assert v["to_act"].tolist() == [1, 0] and v["mover"].tolist() == [1, 0]
    assert v["hand"].tolist() == [1, 2, 0, 0, 0, 0] and v["hand_sizes"].tolist() == [3, 3]
    assert v["cup"].sum() == 0 and v["cup_sizes"].tolist() == [0, 2]
    assert v["rivers"][1, 0, 5] == 1 and v["rivers"][1, 1, 1] == 1 and v["rivers"][0].sum() == 0
    assert v["mountains"][0].tolist() == [1, 0, 0, 0, 0, 0]
    assert v["fields"][0, 1, 4] == 2 and v["fields"][1, 0, 3] == 1  # seat 0 of seat 1's view is seat 1
    assert v["deck_size"][0] + v["discard"].sum() == 108 - 6 - 2 - 2 - 1 - 3
    assert v["phase"].tolist() == [1, 0, 0, 0]


def test_ohanami_reveals_picks_only_once_every_seat_has_picked():
    """O-2.6: seat 1's tensor shows seat 0's pick only in the place phase."""
    from mandalakit.ohanami import new_game

    enc = observation_encoder("ohanami", 2)
    state = new_game(2, seed=5)
    pick0 = state.legal_moves()[0]
    state.apply(pick0)
    v = enc.view(enc.encode(state.observation(1)))
    assert v["revealed"].sum() == 0 and v["own_pick"].sum() == 0
    state.apply(state.legal_moves()[0])
    v = enc.view(enc.encode(state.observation(1)))
    assert [c + 1 for c in np.flatnonzero(v["revealed"][1])] == list(pick0.cards)  # seat 0 is "next" of seat 1
    assert v["revealed"].sum() == 4 and v["phase"].tolist() == [0, 1, 0, 0]
