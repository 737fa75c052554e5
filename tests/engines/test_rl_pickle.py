"""Games and states pickle (OpenSpiel's own ``test_pickle`` of its Python games) for every game,
player count and chance mode, and environments run in 2 worker processes (issue 34)."""

import multiprocessing
import pickle

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

import gymnasium  # noqa: E402
import pyspiel  # noqa: E402

from mandalakit.rl.gym import make  # noqa: E402
from mandalakit.rl.openspiel import load  # noqa: E402

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]


def random_steps(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("game,players", CASES)
def test_games_and_states_pickle(game, players, chance):
    """OpenSpiel's test_pickle: the game, serialize_game_and_state and the state all come back."""
    g = pyspiel.load_game(f"python_mandalakit_{game}(chance={chance},players={players})")
    again = pickle.loads(pickle.dumps(g))
    assert str(again) == str(g) and again.num_players() == players
    state = random_steps(g.new_initial_state(), np.random.default_rng(players), 400)
    assert len(state.history()) > 20
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state) and back.history() == state.history()
    assert back.legal_actions() == state.legal_actions()
    assert back.information_state_string(0) == state.information_state_string(0)
    if chance == "explicit":
        new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
        assert str(new_game) == str(g) and str(new_state) == str(state)


def test_a_resampled_state_pickles_with_its_cards():
    state = random_steps(load("mandala").new_initial_state(), np.random.default_rng(3), 130)
    sample = state.resampled(state.current_player(), np.random.default_rng(4))
    back = pickle.loads(pickle.dumps(sample))
    assert back.engine.observation(0) == sample.engine.observation(0)
    assert back.engine.observation(1) == sample.engine.observation(1)
    assert back.legal_actions() == sample.legal_actions()


def play_out(args):
    """In a worker: a whole random game of a pickled OpenSpiel game; its returns."""
    game, seed = args
    return random_steps(game.new_initial_state(), np.random.default_rng(seed), 10**6).returns()


def test_an_openspiel_game_goes_to_two_worker_processes():
    game = load("flowers", 3)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        returns = pool.map(play_out, [(game, s) for s in range(4)])
    assert returns == [play_out((game, s)) for s in range(4)]
    assert all(sum(r) == pytest.approx(0) and max(r) > 0 for r in returns)


def test_a_gymnasium_vector_env_over_two_processes():
    """Two Mandala games against the medium level in 2 worker processes, masked random play:
    the same masks, observations and rewards as the same environments stepped here."""
    fns = [lambda s=s: make("mandala", opponent="medium", seed=s) for s in (1, 2)]
    vec = gymnasium.vector.AsyncVectorEnv(fns, context="spawn", autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)
    local = [fn() for fn in fns]
    try:
        obs, _ = vec.reset(seed=[1, 2])
        here = np.stack([e.reset(seed=s)[0] for e, s in zip(local, (1, 2))])
        np.testing.assert_array_equal(obs, here)
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(150):
            masks = np.stack(vec.call("action_masks"))
            np.testing.assert_array_equal(masks, np.stack([e.action_masks() for e in local]))
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, rewards, terminated, truncated, _ = vec.step(actions)
            for i, e in enumerate(local):
                o, r, t, _, _ = e.step(int(actions[i]))
                if t:
                    o, _ = e.reset()  # as the vector env's same-step reset
                    ends += 1
                assert r == rewards[i] and t == terminated[i]
                np.testing.assert_array_equal(obs[i], o)
        assert ends >= 1
    finally:
        vec.close()
