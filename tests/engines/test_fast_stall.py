"""M-7.6 on the fast path: the seed-3 deal of ``mandalakit bench --game mandala --bots greedy
--seed 3`` (two greedy bots discarding for ever without the rule) ends in the compiled loop as in
the engine, and positions that carry ``stalled_turns`` play out the same on both paths."""

from __future__ import annotations

import numpy as np
import pytest
from test_fast_playouts import reference
from test_mandala_stall import POSITION, SEED3_PCG64, discard_turns, seed3_game

from mandalakit import fast
from mandalakit.core import records
from mandalakit.core.bots import play
from mandalakit.fast import mandala as kernel
from mandalakit.fast import run
from mandalakit.fast.playout import playout
from mandalakit.mandala import Rules, from_position

pytestmark = pytest.mark.skipif(not fast.compiled(), reason="the 'fast' extra (numba) is not installed")


def seed3_batch(rules: dict):
    rng = np.random.Generator(np.random.PCG64())
    rng.bit_generator.state = SEED3_PCG64
    batch, streams = run.random_batch(kernel, 2, np.full((1, 2), kernel.GREEDY, np.int64), rng, records=True)
    kernel.play_games(batch, streams, rules)
    return batch


def test_M_7_6_ends_the_seed_3_deal_on_the_fast_path_as_in_the_engine():
    batch = seed3_batch({})
    assert batch.end_reasons() == ["M-7.6"]
    record = run.record("mandala", batch, 0)
    assert record["rules"]["stall_turns"] == 100
    replayed = records.replay(record)  # raises RecordError unless the engine ends it with the same result
    state, bots = seed3_game(Rules())
    play(state, bots)
    assert replayed.end_reason == state.end_reason == "M-7.6"
    assert [str(m) for _s, m in replayed.history] == [str(m) for _s, m in state.history]
    assert batch.decisions()[0] == sum(1 for seat, _m in state.history if seat >= 0)
    with pytest.raises(RuntimeError, match="did not end within 100,000 decisions"):
        seed3_batch({"stall_turns": None})


@pytest.mark.parametrize("stall_turns", [None, 1, 40])
def test_M_7_6_other_values_replay_to_the_same_result(stall_turns):
    batch = fast.playouts("mandala", 2, 300, np.random.default_rng(31), bots="greedy",
                          rules={"stall_turns": stall_turns, "stalemate": "play_on"} if stall_turns else
                          {"stall_turns": None}, records=True)
    ends = batch.end_reasons()
    assert ("M-7.6" in ends) == (stall_turns == 1)  # a single turn more is often too few
    for g in range(300):
        records.replay(run.record("mandala", batch, g))


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_M_7_6_a_playout_from_a_stalled_position_ends_at_the_same_turn(rollout):
    state = from_position(POSITION, seed=1, rules=Rules(stall_turns=6))
    discard_turns(state, 3)
    state.rng = None
    end = playout(state, rollout, np.random.default_rng(4), [])
    ref = state.clone()
    assert end.moves() == reference(ref, rollout, np.random.default_rng(4), [])
    assert end.is_terminal() and ref.end_reason == "M-7.6" and ref.stalled_turns == 7
    assert end.scores() == ref.scores() and end.winners == ref.result().winners
