"""The shared contract on Flowers: random legal play from many seeds, plus an independent recount.

``check_game`` asserts at every step: conservation (90 cards, 36 tiles, via
``check_invariants``), notation round-trip, clone independence, observations unchanged by
``determinize``, illegal input refused without change; then determinism and the JSON record
round-trip.
"""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core import records
from mandalakit.core.bots import RandomBot, random_playout
from mandalakit.core.conformance import check_game
from mandalakit.core.errors import IllegalMoveError
from mandalakit.core.registry import get_game
from mandalakit.flowers import DEFAULT_TILES, GAME, Play, Rules, new_game
from mandalakit.flowers.moves import Play as PlayMove
from mandalakit.flowers.turn import plays_for


def recount(detail: dict) -> int:
    """Score one seat from its result entry only, without the engine's scoring code (F-5.4)."""
    def face(tile):
        value = tile.split()[1]
        return None if value == "x3" else int(value)

    total = 0
    for item in detail["singles"]:
        f = face(item["tile"])
        assert item["score"] == (f or 0)
        total += f or 0
    for item in detail["flowers"]:
        a, b = (face(t) for t in item["tiles"])
        assert item["tiles"][0].split()[0] == item["tiles"][1].split()[0], "a Flower is one colour"
        if a is None or b is None:
            score = 3 * ((a or 0) + (b or 0))
        else:
            score = max(a, b) + 2 * min(a, b)
        assert item["score"] == score
        total += score
    return total


def test_flowers_is_registered():
    assert get_game("flowers") is GAME
    assert set(GAME.bots) == {"random", "greedy", "pimc", "ismcts"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_contract_conformance(players, seed):
    state = check_game(GAME, players, seed)
    result = state.result()
    assert [recount(d) for d in result.players] == list(result.scores)
    best = max(result.scores)
    assert result.winners == tuple(p for p, s in enumerate(result.scores) if s == best)  # F-5.5
    assert state.end_reason in ("F-5.1", "F-5.2", "F-5.3")
    if state.end_reason == "F-5.1":
        assert max(state.nflowers) >= 3


@pytest.mark.parametrize("rules", [Rules(single_play_draw=2), Rules(single_play_draw=0)])
def test_conformance_with_rule_options(rules):
    state = check_game(GAME, 3, 21, rules)
    assert [recount(d) for d in state.result().players] == list(state.result().scores)


def test_conformance_with_a_custom_tile_table():
    rows = [[b, c, 2 if f == "x3" else "x3" if f == 1 else f] for b, c, f in DEFAULT_TILES]
    state = check_game(GAME, 4, 5, Rules(tiles=rows))
    assert [recount(d) for d in state.result().players] == list(state.result().scores)


def test_reshuffles_are_recorded_and_replayed():
    # Find a game with a reshuffle (F-3.5) and check its record replays event for event.
    for seed in range(50):
        state = new_game(4, seed=seed)
        random_playout(state, np.random.default_rng(seed))
        kinds = [ev.kind for by, ev in state.history if by == -1]
        if "reshuffle" in kinds:
            break
    assert "reshuffle" in kinds
    rec = json.loads(json.dumps(records.from_state(state)))
    replayed = records.replay(rec)
    assert [str(e) for _, e in replayed.history] == [str(e) for _, e in state.history]


def test_random_move_matches_legal_moves():
    state = new_game(4, seed=8)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        u = float(rng.random())
        moves = state.legal_moves()
        assert state.random_move(u) == moves[int(u * len(moves))]
        moves.clear()  # a caller mutating the list must not corrupt the cache
        state.apply(state.random_move(u))
    assert plays_for((0, 0, 2, 0, 0, 0))[0].count == 1


def full_state(state):
    """Everything a Flowers state holds, hidden parts included, as plain values."""
    mandalas = [(m.dark, m.light, m.covered, m.claim, m.up_owner[:], m.up_count[:], [c[:] for c in m.cards],
                 m.tot[:], m.up[:]) for m in state.mandalas]
    return (state.phase, state.current_player, state.active, [h[:] for h in state.hands], state.sizes[:],
            state.deck[:], state.discard[:], [s[:] for s in state.stacks], mandalas,
            [s[:] for s in state.singles], [f[:] for f in state.flowers], state.passes, state.end_reason,
            len(state.history))


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_illegal_plays_and_clones_leave_the_state_unchanged(players, seed):
    state = new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    bot = RandomBot(seed)
    while not state.is_terminal():
        legal = set(map(str, state.legal_moves()))
        before = full_state(state)
        for _ in range(3):
            move = PlayMove(int(rng.integers(6)), int(rng.integers(1, 6)), int(rng.integers(3)))
            if str(move) not in legal:
                with pytest.raises(IllegalMoveError):
                    state.apply(move)
                assert full_state(state) == before
        twin = state.clone()
        twin.apply(bot.choose(None, twin.legal_moves()))
        assert full_state(state) == before
        state.apply(bot.choose(None, state.legal_moves()))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), draw=st.sampled_from([4, 2, 1]),
       first=st.integers(0, 3))
def test_random_legal_play_property(players, seed, draw, first):
    first %= players
    state = new_game(players, seed=seed, rules=Rules(single_play_draw=draw), setup={"first_player": first})
    bot = RandomBot(seed)
    while not state.is_terminal():
        state.check_invariants()
        moves = state.legal_moves()
        assert moves
        seat = state.current_player
        move = bot.choose(None, moves)
        state.apply(move)
        if isinstance(move, Play):
            assert state.sizes[seat] >= 1  # F-3.4: a play never leaves an empty hand
    state.check_invariants()
    result = state.result()
    assert [recount(d) for d in result.players] == list(result.scores)
    assert state.end_reason in ("F-5.1", "F-5.2", "F-5.3")
    replay = records.replay(json.loads(json.dumps(records.from_state(state))))
    assert replay.result() == result
