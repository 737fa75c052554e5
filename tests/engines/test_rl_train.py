"""mandalakit.rl.train at a tiny budget: the teacher's decisions, the warm start that copies them,
the learning curve and a saved agent that loads back (the notebook notebooks/rl.ipynb runs the
same at its own tiny budget)."""

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the train extra is not installed: make .venv/.train")

from mandalakit.rl import train  # noqa: E402
from mandalakit.rl.gym import make  # noqa: E402


def test_the_teachers_decisions_are_legal_and_their_targets_the_discounted_end_reward():
    data = train.teacher_games("mandala", "medium", 300, seed=3, margin=0.5, gamma=0.9)
    n = len(data["actions"])
    assert n >= 300 and data["obs"].shape == (n, 142) and data["masks"].shape == (n, 342)
    assert data["masks"][np.arange(n), data["actions"]].all()  # every action the teacher chose was legal
    # rank +-1 plus 0.5 tanh(lead / 10), discounted: within 1.5, and no decision's target is 0 (no draws here)
    assert np.abs(data["targets"]).max() <= 1.5 and (data["targets"] != 0).all()


def test_copying_the_teacher_raises_the_agreement_and_the_agent_reloads(tmp_path):
    env = make("mandala", opponent="medium", seed=1)
    model = train.new_model(env, seed=1)
    agreement = train.imitate(model, train.teacher_games("mandala", "medium", 1_000, seed=1), epochs=4, seed=1)
    assert len(agreement) == 4 and agreement[-1] > agreement[0]
    model.save(tmp_path / "agent.zip")
    from sb3_contrib import MaskablePPO

    again = MaskablePPO.load(tmp_path / "agent.zip", device="cpu")
    obs, _ = env.reset(seed=2)
    mask = env.action_masks()
    assert again.predict(obs, action_masks=mask, deterministic=True)[0] == \
        model.predict(obs, action_masks=mask, deterministic=True)[0]


def test_the_curve_has_a_point_after_the_warm_start_and_after_each_part():
    points = []
    model, curve = train.train("mandala", "easy", steps=256, seed=2, imitation=200, epochs=1, curve=128,
                               curve_games=4, report=points.append, n_steps=128, batch_size=64)
    assert [p["steps"] for p in curve] == [0, 128, 256] and points == curve
    assert all(0 <= p["easy"] <= 1 and 0 <= p["medium"] <= 1 and p["cpu_s"] >= 0 for p in curve)
