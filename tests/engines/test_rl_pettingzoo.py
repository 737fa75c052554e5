"""The PettingZoo environments (mandalakit.rl.pettingzoo) pass PettingZoo's own tests for every
game and player count, replay by seed, render, and refuse illegal actions without change."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'mandalakit[rl]'")

from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec  # noqa: E402

from mandalakit.core.errors import IllegalMoveError, RulesError  # noqa: E402
from mandalakit.rl.pettingzoo import env, parallel_env  # noqa: E402
from mandalakit.rl.returns import rank_returns  # noqa: E402

CASES = [("mandala", 2), ("flowers", 2), ("flowers", 3), ("flowers", 4), ("ohanami", 2), ("ohanami", 3), ("ohanami", 4)]

pytestmark = pytest.mark.filterwarnings(
    # api_test asks for a Box observation space; ours is PettingZoo's classic {"observation", "action_mask"} Dict
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_api_and_seed_tests(game, players):
    api_test(env(game, players=players, seed=1), num_cycles=1000)
    seed_test(lambda: env(game, players=players), num_cycles=1000)


@pytest.mark.parametrize("game,players", CASES)
def test_parallel_api_test_and_back_to_aec(game, players):
    """Ohanami's picks and placements are joint steps of every seat (O-2.6); Mandala and
    Flowers go through PettingZoo's turn-based conversion."""
    parallel_api_test(parallel_env(game, players=players, seed=1), num_cycles=1000)
    if game == "ohanami":
        api_test(parallel_to_aec(parallel_env(game, players=players, seed=1)), num_cycles=1000)


def play_parallel(game, players, seed):
    """A whole parallel game, every seat sampling from its own mask with a seeded space."""
    par = parallel_env(game, players=players)
    obs, _ = par.reset(seed=seed)
    for i, agent in enumerate(par.possible_agents):
        par.action_space(agent).seed(seed + i)
    trace = []
    while par.agents:
        actions = {a: par.action_space(a).sample(obs[a]["action_mask"]) if obs[a]["action_mask"].any() else 0
                   for a in par.agents}
        trace.append(actions)
        obs, rewards, *_ = par.step(actions)
    return trace, rewards


@pytest.mark.parametrize("game,players", [("ohanami", 3), ("flowers", 2)])
def test_parallel_games_replay_by_seed(game, players):
    """PettingZoo's parallel_seed_test samples actions without the mask, which a game with
    illegal moves refuses; this is the same check with the mask."""
    first, rewards = play_parallel(game, players, 7)
    assert play_parallel(game, players, 7) == (first, rewards)
    assert play_parallel(game, players, 8)[0] != first
    assert sum(rewards.values()) == pytest.approx(0)


def test_ohanami_parallel_step_is_one_draft_step_of_every_seat():
    """O-2.2, O-2.6: every seat sees its own picks at once; one joint step picks for all."""
    par = parallel_env("ohanami", players=3, seed=2)
    obs, _ = par.reset()
    assert all(obs[a]["action_mask"].sum() == 45 for a in par.agents)  # C(10, 2) picks each
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    obs, *_ = par.step(actions)
    state = par.unwrapped.state_
    assert state.phase == "place" and len(state.history) == 1 + 3
    assert all(0 < obs[a]["action_mask"].sum() <= 16 for a in par.agents)


@pytest.mark.parametrize("game,players", [("mandala", 2), ("flowers", 4), ("ohanami", 2)])
def test_a_whole_game_ends_with_the_rank_rewards(game, players):
    e = env(game, players=players, seed=3)
    e.reset()
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert [e.unwrapped.codec.name(a) for a in legal] == info["legal_moves"]
        e.step(int(rng.choice(legal)))
    state = e.unwrapped.state_
    assert state.is_terminal()
    assert tuple(totals[a] for a in e.possible_agents) == rank_returns(state.result())


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env("mandala", seed=4)
    e.reset()
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = len(e.unwrapped.state_.history)
    with pytest.raises(IllegalMoveError, match="is not legal now"):
        e.step(illegal)
    with pytest.raises(ValueError, match="whole number from 0 to 341"):
        e.step(342)
    assert len(e.unwrapped.state_.history) == before and e.agent_selection == "player_0"
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(e.unwrapped.state_.history) == before + 1


@pytest.mark.parametrize("game,players", [("mandala", 2), ("flowers", 3), ("ohanami", 4)])
def test_pettingzoo_render_test(game, players, capsys):
    render_test(lambda render_mode: env(game, players=players, seed=1, render_mode=render_mode),
                custom_tests={"svg": lambda svg: svg.lstrip().startswith("<svg")})
    assert "IPython.core.display.HTML" in capsys.readouterr().out  # "human" displays, outside a notebook as text


def test_render_modes_give_the_engines_svg_and_text():
    e = env("flowers", players=3, seed=5, render_mode="svg")
    e.reset()
    assert e.render().lstrip().startswith("<svg")
    e = env("ohanami", players=2, seed=5, render_mode="ansi")
    e.reset()
    text = e.render()
    assert text.startswith("ohanami 2p, seen by player_0") and "hand: (" in text
    plain = env("mandala", seed=1)
    plain.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert plain.render() is None  # no render mode: nothing (PettingZoo warns)
    with pytest.raises(ValueError, match="render_mode must be one of"):
        env("mandala", render_mode="rgb_array")  # no rasteriser: see docs/rl.md


def test_bad_arguments_are_refused_with_the_rule():
    with pytest.raises(RulesError, match="exactly 2 players"):
        env("mandala", players=3)
    with pytest.raises(RulesError, match="Unknown rules option"):
        env("mandala", rules={"colour": 1})


@pytest.mark.parametrize("bad_seat", [0, 2, 3])
def test_O_2_6_an_illegal_action_in_a_joint_step_changes_nothing(bad_seat):
    par = parallel_env("ohanami", players=4, seed=5)
    observations, _infos = par.reset(seed=5)
    legal = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in par.agents}
    illegal = int(np.flatnonzero(observations[f"player_{bad_seat}"]["action_mask"] == 0)[0])
    before = [str(e) for _, e in par.aec_env.unwrapped.state_.history]
    with pytest.raises(IllegalMoveError):
        par.step({**legal, f"player_{bad_seat}": illegal})
    assert [str(e) for _, e in par.aec_env.unwrapped.state_.history] == before
    with pytest.raises(ValueError, match="one action to each"):
        par.step({})
    par.step(legal)  # the environment still works
    assert len(par.aec_env.unwrapped.state_.history) > len(before)
