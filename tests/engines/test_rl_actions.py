"""The fixed action numbering (mandalakit.rl.actions) over random legal play, every game and
player count: every legal move encodes to a distinct int in range and decodes back, and an int
means the same move in every state."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core.errors import IllegalMoveError, RulesError
from mandalakit.core.registry import get_game
from mandalakit.mandala import Field, Mountain
from mandalakit.ohanami.moves import Pick, Place
from mandalakit.rl.actions import action_codec

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]
SIZES = {"mandala": 342, "flowers": 277, "ohanami": 7156}


def meaning(codec, move) -> str:
    """What a move does, written without the state: its notation, except an Ohanami placement,
    which is the rows of its lower and higher card."""
    if type(move) is Place:
        (a, x), (b, y) = move.steps
        low, high = (x, y) if a < b else (y, x)
        return f"place lower>{'x123'[low]} higher>{'x123'[high]}"
    return str(move)


@pytest.mark.parametrize("game,players", CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_move_round_trips_and_each_number_keeps_its_meaning(game, players, seed):
    codec = action_codec(game, players)
    assert codec.size == SIZES[game]
    state = get_game(game).new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    seen: dict[int, str] = {}
    while not state.is_terminal():
        moves = state.legal_moves()
        actions = [codec.encode(m) for m in moves]
        assert len(set(actions)) == len(moves), "two legal moves share a number"
        assert all(0 <= a < codec.size for a in actions)
        mask = codec.mask(state)
        assert mask.shape == (codec.size,) and mask.sum() == len(moves) and all(mask[actions])
        for a, m in zip(actions, moves):
            assert codec.decode(state, a) == m
            assert seen.setdefault(a, meaning(codec, m)) == meaning(codec, m), f"action {a} changed meaning"
            assert codec.name(a) == meaning(codec, m)
        state.apply(state.random_move(rng.random()))
    assert codec.legal(state) == {} and not codec.mask(state).any()


def test_worked_numbers_from_the_tables():
    mandala = action_codec("mandala")
    assert mandala.encode(Mountain(1, 5)) == 11  # mountain B red (M-4.1)
    assert mandala.encode(Field(1, 2, 3)) == 12 + 108 + 36 + 2  # field B purple 3 (M-4.2)
    assert [mandala.name(a) for a in (0, 12, 228, 341)] == ["mountain A black", "field A black 1", "discard black 1",
                                                           "pick red"]
    flowers = action_codec("flowers")
    assert [flowers.name(a) for a in (0, 1, 3, 269, 270, 276)] == [
        "play 1 grey on 1", "play 1 grey on 2", "play 2 grey on 1", "play 15 yellow on 3", "take grey", "pass"]
    ohanami = action_codec("ohanami")
    assert ohanami.encode(Pick((1, 2))) == 0 and ohanami.encode(Pick((119, 120))) == 7139
    assert ohanami.encode(Pick((2, 3))) == 119  # after the 119 pairs of card 1
    assert ohanami.encode(Place(((45, 1), (12, 0)))) == 7140 + 4 * 0 + 1  # 12 discarded, 45 on row 1
    assert ohanami.name(7155) == "place lower>3 higher>3"


def test_a_number_that_is_no_legal_move_is_refused_and_changes_nothing():
    codec = action_codec("mandala")
    state = get_game("mandala").new_game(2, seed=3)
    before = len(state.history)
    illegal = next(a for a in range(codec.size) if not codec.mask(state)[a])
    with pytest.raises(IllegalMoveError, match=rf"Action {illegal} \("):
        codec.decode(state, illegal)
    for bad in (-1, codec.size, 2.0, True, "3"):
        with pytest.raises(ValueError, match="whole number from 0 to 341"):
            codec.decode(state, bad)
    assert len(state.history) == before
    with pytest.raises(ValueError, match="not a mandala move"):
        codec.encode("mountain A red")


def test_player_counts_are_checked():
    with pytest.raises(RulesError, match="exactly 2 players"):
        action_codec("mandala", 3)
    with pytest.raises(RulesError, match="Unknown game"):
        action_codec("chess")
