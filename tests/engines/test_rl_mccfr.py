"""CFR-family and search algorithms of OpenSpiel on every game and player count (issue 34):
outcome-sampling MCCFR on the sampled-chance games, every regret and average-policy value
finite, and information-set MCTS (IS-MCTS) through a few decisions, at small budgets."""

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

from mandalakit.rl.ismcts import ismcts_bot  # noqa: E402
from mandalakit.rl.openspiel import load  # noqa: E402

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]


def sampled(game, players):
    return pyspiel.load_game(f"python_mandalakit_{game}(chance=sampled,players={players},seed=1)")


@pytest.mark.filterwarnings("error::RuntimeWarning")  # a division by zero or inf - inf fails
@pytest.mark.parametrize("game,players", CASES)
def test_outcome_sampling_mccfr_values_are_finite(game, players):
    """A sampled game has no chance node (OpenSpiel's sampled-stochastic mode): the card-by-card
    chance probabilities (down to 10^-211 for a Flowers game) no longer enter the sampling
    weights, which underflowed to inf and NaN."""
    g = sampled(game, players)
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert not g.new_initial_state().is_chance_node() and g.max_chance_outcomes() == 0
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(g)
    for _ in range(3):
        solver.iteration()
    tables = list(solver._infostates.values())
    assert len(tables) > 50
    values = np.concatenate([np.ravel(t) for table in tables for t in table])
    assert np.isfinite(values).all() and np.abs(values).max() > 0
    policy = solver.average_policy()
    state = g.new_initial_state()
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1)


def test_sampled_games_differ_by_seed_and_replay_by_it():
    deals = [sampled("mandala", 2).new_initial_state().observation_string(0) for _ in range(2)]
    assert deals[0] == deals[1]  # the same seed, the same first game
    g = sampled("mandala", 2)
    assert g.new_initial_state().observation_string(0) != g.new_initial_state().observation_string(0)
    pyspiel.random_sim_test(sampled("flowers", 3), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game,players", CASES)
def test_ismcts_plays_decisions_of_every_game(game, players):
    g = load(game, players)
    rng = np.random.default_rng(players)
    state = g.new_initial_state()
    bot = ismcts_bot(g, simulations=4, seed=1)
    decisions = 0
    while decisions < 3 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 3
