"""M-7.6 (play without progress): once the deck has triggered the end, ``stall_turns`` turns with
no completion after the triggering one end the game, in the engine, its positions and
observations, and on the seed-3 deal of ``mandalakit bench --game mandala --bots greedy --seed 3``
(two greedy bots that discard for ever without the rule; the fast path's side is in
``test_fast_stall.py``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mandalakit import RulesError
from mandalakit.core import records
from mandalakit.core.bots import play
from mandalakit.core.messages import language
from mandalakit.mandala import Rules, from_position, new_game
from mandalakit.mandala.bots import GreedyBot
from mandalakit.mandala.infoset import from_observation
from mandalakit.mandala.render import render_scores

#: After the deck has run out: a discard draws from the reshuffled pile, and no play completes a mandala.
POSITION = {"to_move": 0, "hands": [{"red": 2, "green": 1}, {"black": 2, "yellow": 1}],
            "mountains": {"A": {"purple": 1}, "B": {"orange": 1}}, "end_triggered": True}

#: The generator at game 1534 of the third batch of ``mandalakit bench --game mandala --bots greedy
#: --seed 3`` (``numpy.random.default_rng(3)`` after the 8 games of the batch that compiles, 2,048
#: of the next and 1,534): the deal, its reshuffles and both greedy bots draw from it.
SEED3_PCG64 = {"bit_generator": "PCG64", "state": {"state": 105380850575281539910613860772159239807,
                                                   "inc": 222003063171874261427395693950637096479},
               "has_uint32": 0, "uinteger": 4233391148}


def discard_turns(state, turns: int) -> None:
    """Each seat in turn discards (the last legal move: a discard, M-4.3)."""
    for _ in range(turns):
        assert not state.is_terminal()
        state.apply(state.legal_moves()[-1])


def test_M_7_6_stall_turns_option_is_checked():
    assert Rules().stall_turns == 100 and Rules(stall_turns=None).stall_turns is None
    assert Rules.from_dict({"stall_turns": None}) == Rules(stall_turns=None)
    for bad in (0, -3, True, 2.5, "100"):
        with pytest.raises(RulesError, match=r"^\[M-7\.6\] stall_turns must be a whole number of at least 1, or none"):
            Rules(stall_turns=bad)
    assert Rules.option_from_text("stall_turns", "none") is None and Rules.option_from_text("stall_turns", "7") == 7


def test_M_7_6_the_game_ends_after_stall_turns_turns_with_no_completion():
    state = from_position(POSITION, seed=1, rules=Rules(stall_turns=3))
    assert state.stalled_turns == 0  # the position's turn counts as the one that triggered the end
    discard_turns(state, 3)
    assert state.stalled_turns == 3 and not state.is_terminal()
    discard_turns(state, 1)  # the third turn after the triggering one
    assert state.is_terminal() and state.end_reason == "M-7.6" and state.stalled_turns == 4
    assert state.result().scores == state.scores()


def test_M_7_6_default_is_100_turns_and_none_has_no_limit():
    state = from_position(POSITION, seed=1)
    discard_turns(state, 100)
    assert not state.is_terminal()
    discard_turns(state, 1)
    assert state.end_reason == "M-7.6"
    endless = from_position(POSITION, seed=1, rules=Rules(stall_turns=None))
    discard_turns(endless, 300)
    assert not endless.is_terminal() and endless.stalled_turns == 300


def test_M_7_6_positions_and_observations_carry_the_count():
    state = from_position(POSITION, seed=1, rules=Rules(stall_turns=5))
    discard_turns(state, 2)
    position = state.position()
    assert position["stalled_turns"] == 2
    again = from_position(position, seed=1, rules=Rules(stall_turns=5))
    discard_turns(again, 3)
    assert not again.is_terminal()
    discard_turns(again, 1)
    assert again.end_reason == "M-7.6"
    seat = state.current_player
    assert from_observation(state.observation(seat), Rules(stall_turns=5)).stalled_turns == 2
    with pytest.raises(RulesError, match=r"^\[M-7\.6\] 6 turns have passed with no mandala completed"):
        from_position({**position, "stalled_turns": 6}, rules=Rules(stall_turns=5))
    with pytest.raises(RulesError, match=r"^\[M-7\.6\] stalled_turns must be a whole number"):
        from_position({**POSITION, "end_triggered": False, "deck": ["red"], "stalled_turns": 1})


def test_M_6_3_end_at_once_still_ends_with_the_triggering_turn():
    state = from_position(POSITION, seed=1, rules=Rules(deck_exhaustion="end_at_once"))
    discard_turns(state, 1)
    assert state.end_reason == "M-6.3"


def seed3_game(rules: Rules):
    rng = np.random.Generator(np.random.PCG64())
    rng.bit_generator.state = SEED3_PCG64
    state = new_game(2, seed=rng, rules=rules)
    return state, [GreedyBot(seed=rng), GreedyBot(seed=rng)]


def test_M_7_6_ends_the_seed_3_deal_of_two_greedy_bots():
    state, bots = seed3_game(Rules())
    play(state, bots)
    assert state.end_reason == "M-7.6" and state.stalled_turns == 101
    endless, bots = seed3_game(Rules(stall_turns=None))
    with pytest.raises(RuntimeError, match="did not end within 5,000 decisions"):
        play(endless, bots, max_decisions=5000)


@pytest.mark.parametrize("stall_turns", [None, 7])
def test_M_7_6_records_keep_stall_turns_through_json(stall_turns):
    state, bots = seed3_game(Rules(stall_turns=stall_turns))
    if stall_turns:
        play(state, bots)
    record = records.loads(json.dumps(records.from_state(state)))
    assert record["rules"]["stall_turns"] == stall_turns
    again = records.replay(record)
    assert again.rules == state.rules and again.stalled_turns == state.stalled_turns
    assert again.end_reason == state.end_reason == ("M-7.6" if stall_turns else None)


@pytest.mark.parametrize(("code", "sentence"), [("en", "No mandala was completed for 100 turns."),
                                                ("fr", "Aucun mandala n’a été terminé pendant 100 tours.")])
def test_M_7_6_the_score_screen_says_why_the_game_ended(code, sentence):
    state, bots = seed3_game(Rules())
    play(state, bots)
    with language(code):
        assert sentence in render_scores(state)
