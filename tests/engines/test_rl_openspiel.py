"""The OpenSpiel games (mandalakit.rl.openspiel): OpenSpiel's random-simulation test for every
game and player count, shuffles as card-by-card chance nodes, information states, and IS-MCTS
on Mandala at a tiny budget."""

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

import pyspiel  # noqa: E402

from mandalakit.core.errors import IllegalMoveError, RulesError  # noqa: E402
from mandalakit.rl.openspiel import load, short_name  # noqa: E402

CASES = [("mandala", 2, 3), ("flowers", 2, 1), ("flowers", 3, 1), ("flowers", 4, 1),
         ("ohanami", 2, 2), ("ohanami", 3, 2), ("ohanami", 4, 1)]


@pytest.mark.parametrize("game,players,sims", CASES)
def test_openspiel_random_simulation_test(game, players, sims):
    """OpenSpiel's own checks: legal actions sorted and unique strings, chance outcomes summing to
    1, clones equal, returns zero-sum in [-1, 1], observation and information state tensors of
    the declared sizes, game length within ``max_game_length``."""
    pyspiel.random_sim_test(load(game, players), num_sims=sims, serialize=False, verbose=False)


def test_the_registered_names_and_parameters():
    game = pyspiel.load_game("python_mandalakit_flowers(players=3)")
    assert game.num_players() == 3 and game.num_distinct_actions() == 277 and game.max_chance_outcomes() == 37
    assert short_name("ohanami") == "python_mandalakit_ohanami"
    assert load("mandala").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    with pytest.raises(RulesError, match="exactly 2 players"):
        load("mandala", 3)


def play_chance(state, rng):
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        assert sum(probs) == pytest.approx(1)
        state.apply_action(int(rng.choice(actions, p=probs)))


def test_the_first_shuffle_is_108_chance_nodes_drawing_every_card_once():
    """M-2.1: 108 cards, 18 per colour; each chance node draws the next card by colour, with
    its share of the cards left; the engine then gets the whole deck as one shuffle event."""
    state = load("mandala").new_initial_state()
    assert state.chance_outcomes() == [(c, 1 / 6) for c in range(6)]
    drawn = []
    while state.is_chance_node():
        outcomes = dict(state.chance_outcomes())
        action = min(outcomes)  # black first, then green, ...
        if drawn:
            left = 108 - len(drawn)
            assert outcomes[action] == pytest.approx((18 - drawn.count(action)) / left)
        drawn.append(action)
        state.apply_action(action)
    assert len(drawn) == 108 and drawn == sorted(drawn)
    event = state.engine.history[0][1]
    assert event.kind == "shuffle" and list(event.outcome) == drawn
    with pytest.raises(pyspiel.SpielError, match="No card 6 is left to draw in this shuffle"):
        load("mandala").new_initial_state().apply_action(6)  # no colour 6 (M-1.1)
    before = len(state.engine.history)
    with pytest.raises(IllegalMoveError, match="is not legal now"):
        state.apply_action(336)  # a pick outside a destruction (M-5.3)
    assert len(state.engine.history) == before


def test_information_states_hide_the_others_cards_and_keep_the_past():
    """M-2.4: resampling what seat 0 cannot see keeps its information state string and tensor;
    the string grows with every event (perfect recall), the observation string does not."""
    game = load("mandala")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    play_chance(state, rng)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
        play_chance(state, rng)
    p = state.current_player()
    sample = state.resampled(p, np.random.default_rng(2))
    assert sample.information_state_string(p) == state.information_state_string(p)
    assert sample.information_state_tensor(p) == state.information_state_tensor(p)
    assert sample.observation_string(p) == state.observation_string(p)
    drawn = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))  # as ISMCTSBot does
    assert drawn.information_state_string(p) == state.information_state_string(p)
    assert sample.engine.hands[1 - p] != state.engine.hands[1 - p] or sample.engine.deck != state.engine.deck
    assert state.information_state_string(p).count("\n") == len(state.engine.history)
    assert "\n" not in state.observation_string(p)
    assert state.legal_actions(1 - p) == []


def test_ismcts_plays_a_whole_game_of_mandala_at_a_tiny_budget():
    from mandalakit.rl.ismcts import match

    result = match("mandala", games=1, simulations=3, seed=5, progress=False)
    assert result["games"] == 1 and result["wins"] + result["losses"] + result["ties"] == 1
    assert -1 <= result["mean_return"] <= 1


def test_outcome_sampling_mccfr_runs_on_mandala():
    """A CFR-family algorithm on the game: every iteration samples one whole game and adds the
    information sets it meets (perfect-recall strings: a new one at each decision)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(load("mandala"))
    for _ in range(3):
        solver.iteration()
    assert len(solver._infostates) > 3 * 30  # some 45 decisions per game
