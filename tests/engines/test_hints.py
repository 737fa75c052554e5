"""Hints that explain (mandalakit.core.hints): every number a hint's sentence quotes is one of
its facts, in English and in French, and never the search's figures (test_hint_facts checks
each fact against the engine)."""

import re

import numpy as np
import pytest

from mandalakit.core.hints import hint
from mandalakit.core.messages import language
from mandalakit.core.registry import get_game

NUMBER = re.compile(r"\d+")


def positions(game: str, count: int = 3):
    """Decision points of a seeded random 2-player game, with more than one legal move."""
    spec = get_game(game)
    rng = np.random.default_rng(2)
    state = spec.new_game(2, seed=4)
    found = []
    step = 0
    while len(found) < count and not state.is_terminal():
        moves = state.legal_moves()
        if step % 9 == 3 and len(moves) > 1:
            found.append(state.clone())
        state.apply(moves[int(rng.integers(len(moves)))])
        step += 1
    return found


def quoted(advice) -> list[int]:
    """The numbers a hint's sentence may quote, in order: its facts (points now, at the end of
    the round, pinks, fields, claim marker, then the draws and the likeliest colour's figures)."""
    numbers = [advice.now] if "now" in advice.reasons else []
    if "round" in advice.reasons:
        numbers.append(advice.round_points)
    if "pink" in advice.reasons:
        numbers += [3, *advice.pink]  # "the end of round 3"
    if "field" in advice.reasons:
        numbers += list(advice.field[1:])
    if "claim" in advice.reasons:
        numbers.append(advice.claim + 1)
    if advice.likely is not None:
        _name, k, of_colour, unseen = advice.likely
        numbers += [advice.draws, of_colour, unseen] + ([k] if k else [])
    return numbers


@pytest.mark.parametrize("game, lang", [("mandala", "en"), ("ohanami", "en"), ("flowers", "en"), ("flowers", "fr")])
def test_a_hint_quotes_its_facts_not_the_search(game, lang):
    for state in positions(game, 2):
        seat = state.current_player
        with language(lang):
            advice = hint(game, state.observation(seat), state.legal_moves(), seed=1)
        assert advice.move in state.legal_moves()
        sentence = re.sub(r"mandala [AB]", "", advice.sentence)
        assert [int(n) for n in NUMBER.findall(sentence)] == quoted(advice), advice.sentence
        assert 0 <= advice.wins <= advice.rollouts  # for "why the bot thinks so", never in the sentence
        if lang == "en":  # each count agrees with its own noun ("about 1 of them is likely red")
            assert not re.search(r"\b1 of (them|the \d+ cards you cannot see) are\b", advice.sentence), advice.sentence


def test_a_mountain_play_says_which_colour_its_draws_are_likely_to_be():
    """M-4.1: a mountain play from a hand of 2 draws 3 cards; every card seat 0 cannot see is
    yellow (the deck of 14 and the other seat's 3), so all 3 draws are likely yellow."""
    from mandalakit.mandala import COLOURS, Mountain, colour_code, from_position
    from mandalakit.mandala.hints import hint_facts

    position = {"hands": [{"orange": 1, "black": 1}, {"yellow": 3}], "deck": ["yellow"] * 14,
                "mountains": {"A": {"red": 6, "green": 1, "purple": 1}, "B": {}},
                "fields": {"A": [{"black": 1}, {"yellow": 1}], "B": [{}, {}]}}
    used = {"orange": 1, "black": 2, "red": 6, "green": 1, "purple": 1, "yellow": 18}
    position["discard"] = {name: 18 - used.get(name, 0) for name in COLOURS if name != "yellow"}
    state = from_position(position)
    move = Mountain(1, colour_code("black"))
    facts = hint_facts(state, 0, move)
    assert (facts["draws"], facts["likely"]) == (3, ("yellow", 3, 17, 17))
    advice = hint("mandala", state.observation(0), [move], seed=2)
    assert advice.sentence.endswith("It draws 3 cards: 17 of the 17 cards you cannot see are yellow, so about 3 of "
                                    "them are likely yellow."), advice.sentence
    with language("fr"):
        advice = hint("mandala", state.observation(0), state.legal_moves(), seed=2)
    assert [int(n) for n in NUMBER.findall(advice.sentence)] == quoted(advice), advice.sentence


def test_the_only_move_is_said_so():
    """M-5.3: the only colour left in the mountain is the only pick."""
    from mandalakit.mandala import from_position

    state = from_position({"hands": [{"red": 2}, {"red": 1}],
                           "mountains": {"A": {"green": 3}, "B": {}},
                           "fields": {"A": [{"yellow": 1, "orange": 1}, {"purple": 1, "black": 1}], "B": [{}, {}]}})
    state.apply(state.parse_move("field A red 1"))
    assert len(state.legal_moves()) == 1
    advice = hint("mandala", state.observation(0), state.legal_moves(), seed=0)
    assert advice.sentence.startswith("It is the only move you can make.") and advice.move == state.legal_moves()[0]
    assert advice.reasons[0] == "only" and [int(n) for n in NUMBER.findall(advice.sentence)] == quoted(advice)
