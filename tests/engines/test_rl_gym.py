"""The single-agent Gymnasium environment against the kit's levels (mandalakit.rl.gym), and
the PettingZoo options of issue 34: illegal="terminate", masks of the agent to act, versions."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_seed_test  # noqa: E402

from mandalakit.core.errors import IllegalMoveError, RulesError  # noqa: E402
from mandalakit.core.registry import get_game  # noqa: E402
from mandalakit.rl.gym import make, win_rate  # noqa: E402
from mandalakit.rl.pettingzoo import VERSIONS, env, parallel_env  # noqa: E402

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    # counts and scores have no fixed top: the tensors' Box is [0, inf)
    "ignore:.*A Box observation space maximum value is infinity:UserWarning",
)


def masked_random(rng):
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game,players", CASES)
def test_gymnasium_check_env_and_whole_games_against_medium(game, players):
    # check_env steps random actions: with illegal="terminate" an illegal one ends the game
    check_env(make(game, players=players, opponent="medium", seed=1, illegal="terminate"), skip_render_check=True)
    e = make(game, players=players, opponent="medium", seed=2)
    rng = np.random.default_rng(0)
    obs, info = e.reset()
    assert obs.shape == e.observation_space.shape and e.observation_space.contains(obs)
    steps, done = 0, False
    while not done:
        mask = e.action_masks()
        assert mask.dtype == bool and mask.any() and e.state_.current_player == info["seat"]
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        done = terminated or truncated
    assert terminated and e.state_.is_terminal() and not e.action_masks().any()
    assert reward in {-1.0, -0.5, 0.0, 0.5, 1.0} or players == 4
    assert steps > 5


def test_reset_by_seed_replays_the_game_and_the_seat():
    e = make("flowers", players=3, opponent="easy", seed=5)
    first = [e.reset(seed=11) for _ in range(2)]
    assert first[0][1]["seat"] == first[1][1]["seat"]
    np.testing.assert_array_equal(first[0][0], first[1][0])
    seats = {e.reset()[1]["seat"] for _ in range(30)}
    assert seats == {0, 1, 2}  # seat=None: every seat in turn of the draws
    fixed = make("flowers", players=3, seat=2, seed=5)
    assert {fixed.reset()[1]["seat"] for _ in range(5)} == {2}


def test_an_illegal_action_raises_or_ends_the_game():
    e = make("mandala", seed=1)
    e.reset()
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    before = len(e.state_.history)
    with pytest.raises(IllegalMoveError, match="not legal"):
        e.step(illegal)
    assert len(e.state_.history) == before and e.action_masks().any()
    t = make("mandala", seed=1, illegal="terminate")
    t.reset()
    obs, reward, terminated, truncated, info = t.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)


def test_opponents_are_levels_bot_names_or_bots_and_bad_ones_are_refused():
    class First:
        uses_observation = False

        def choose(self, observation, legal_moves):
            return legal_moves[0]

    e = make("ohanami", players=3, opponent=["hard", First()], seed=1)
    assert e.reset()[0].shape == (1721,)
    assert isinstance(make("mandala", opponent="greedy").opponents[0], str)
    with pytest.raises(RulesError, match="no bot called"):
        make("mandala", opponent="grandmaster")
    with pytest.raises(ValueError, match="2 opponents for 1 other seats"):
        make("mandala", opponent=["easy", "easy"])
    with pytest.raises(ValueError, match="illegal must be one of"):
        make("mandala", illegal="ignore")


def test_the_score_margin_adds_to_the_rank_reward():
    e = make("mandala", seed=3, margin=0.5)
    e.reset()
    rng = np.random.default_rng(1)
    while True:
        _, reward, terminated, _, _ = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        if terminated:
            break
    scores = e.state_.result().scores
    lead = scores[e.seat] - scores[1 - e.seat]
    assert reward == pytest.approx(np.sign(lead) + 0.5 * np.tanh(lead / 10)) or lead == 0


def test_win_rate_is_seat_balanced_and_the_medium_level_beats_random():
    rate = win_rate(masked_random(np.random.default_rng(0)), "mandala", opponent="medium", games=20, seed=1)
    assert rate["games"] == 20 and rate["wins"] + rate["losses"] + rate["ties"] == 20
    assert rate["win_rate"] < 0.4  # random play against the greedy bot (medium)
    again = win_rate(masked_random(np.random.default_rng(0)), "mandala", opponent="medium", games=20, seed=1)
    assert again == rate


@pytest.mark.parametrize("game,players", CASES)
def test_parallel_seed_test_passes_with_the_terminate_option(game, players):
    """PettingZoo's own parallel_seed_test samples actions without the mask: with
    illegal="terminate" an illegal sample ends the game with -1 for its agent."""
    parallel_seed_test(lambda: parallel_env(game, players=players, illegal="terminate"), num_cycles=100)
    api_test(env(game, players=players, seed=1, illegal="terminate"), num_cycles=200)


def test_terminate_gives_the_penalty_to_the_agent_that_played_it():
    e = env("flowers", players=3, seed=1, illegal="terminate")
    e.reset()
    agent = e.agent_selection
    obs = e.observe(agent)
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(e.unwrapped.terminations.values())
    assert e.unwrapped._cumulative_rewards == {a: (-1.0 if a == agent else 0.0) for a in e.possible_agents}
    par = parallel_env("ohanami", players=3, illegal="terminate")
    observations, _ = par.reset(seed=2)
    actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in par.agents}
    actions["player_1"] = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    _, rewards, terminations, _, _ = par.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0} and all(terminations.values())
    assert par.agents == []


def test_aec_masks_only_for_the_agent_to_act_unless_asked_for_the_simultaneous_view():
    """O-2.6: every seat chooses its pick at once; the AEC view shows a mask to the agent to act
    only (a learner reads a mask as its turn), the simultaneous view to every seat still to choose."""
    aec = env("ohanami", players=3, seed=1)
    aec.reset()
    sim = env("ohanami", players=3, seed=1, simultaneous=True)
    sim.reset()
    assert aec.agent_selection == "player_0"
    assert [int(aec.observe(a)["action_mask"].sum()) for a in aec.possible_agents] == [45, 0, 0]
    assert [int(sim.observe(a)["action_mask"].sum()) for a in sim.possible_agents] == [45, 45, 45]


def test_environment_names_carry_their_version():
    assert VERSIONS == {"mandala": 1, "flowers": 1, "ohanami": 1}
    for game in VERSIONS:
        assert env(game).metadata["name"] == f"{game}_v1"
        assert env(f"{game}_v1").unwrapped.spec_ is get_game(game)
    assert parallel_env("ohanami_v1", players=2).metadata["name"] == "ohanami_v1"
    with pytest.raises(ValueError, match="it has mandala_v1"):
        env("mandala_v0")


@pytest.mark.parametrize("seed", ["abc", 1.5, -1, True])
def test_a_bad_seed_is_refused_in_one_sentence_at_make_and_at_reset(seed):
    with pytest.raises(RulesError, match="A seed must be"):
        make("mandala", seed=seed)
    env = make("mandala", seed=1)
    env.reset()
    with pytest.raises(RulesError, match="A seed must be"):
        env.reset(seed=seed)


@pytest.mark.parametrize("action", [3.5, "x", None])
def test_an_action_that_is_no_whole_number_is_refused_and_nothing_is_played(action):
    env = make("mandala", seed=1)
    env.reset()
    before = env.state_.position()
    with pytest.raises(ValueError, match="A mandala action is a whole number from 0 to 341"):
        env.step(action)
    assert env.state_.position() == before


def test_a_numpy_action_plays_as_its_number():
    env = make("mandala", seed=1)
    env.reset()
    action = int(np.flatnonzero(env.action_masks())[0])
    assert env.step(np.int64(action))[3] is False
    env.reset(seed=1)
    assert env.step(np.array(action))[3] is False
