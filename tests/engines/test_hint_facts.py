"""Each number a hint quotes is what the engine computes in that position (issue 30).

For each game, positions along seeded random games are hinted; for every hint the facts are
computed again here, from the engine (scores, rows and round scoring, fields, claim markers,
hands and the cards the seat cannot see), and every number of the sentence must be one of
them. Every sentence template of :mod:`mandalakit.core.hints` is met in some game. No sentence
quotes the search (games played out, wins).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from mandalakit.core.hints import hint
from mandalakit.core.registry import get_game
from mandalakit.ohanami.cards import PINK, SUIT_OF
from mandalakit.ohanami.scoring import round_score, sakura_points

#: The templates each game's hints must show in the positions tried.
TEMPLATES = {"mandala": {"now", "field", "draws"}, "ohanami": {"round", "pink"}, "flowers": {"claim", "draws"}}


def positions(game: str, seed: int, every: int = 3, most: int = 10):
    """States at a decision, along a seeded random game."""
    spec = get_game(game)
    state, rng = spec.new_game(2, seed=seed), np.random.default_rng(seed)
    found, k = [], 0
    while not state.is_terminal() and len(found) < most:
        while state.is_chance():
            state.apply(state.sample_chance(rng))
        if state.is_terminal():
            break
        if k % every == 0 and len(state.legal_moves()) > 1:
            found.append(state.clone())
        moves = state.legal_moves()
        state.apply(moves[rng.integers(len(moves))])
        k += 1
    return found


def engine_numbers(game: str, state, h) -> set[int]:
    """The hint's facts computed again from the engine (asserting each field), as numbers."""
    me = state.current_player
    move, numbers = h.move, set()
    if game == "ohanami":
        cards = [c for c, r in move.steps if r] if hasattr(move, "steps") else list(move.cards)
        counts = [0] * 4
        for row in state.rows[me]:
            for c in row:
                counts[SUIT_OF[c]] += 1
        more = list(counts)
        for c in cards:
            more[SUIT_OF[c]] += 1
        cap = state.rules.sakura_cap
        if cards:
            assert h.round_points == round_score(state.round, more, cap) - round_score(state.round, counts, cap)
            numbers |= {h.round_points, 3}  # "round 3" names the round pinks score in
        if h.pink is not None:
            assert state.round < 3 and h.pink == (more[PINK], sakura_points(more[PINK], cap) - sakura_points(counts[PINK], cap))
            numbers |= set(h.pink)
        return numbers
    after = state.clone()
    after.rng = None
    after.apply(move)
    assert h.now == after.scores()[me] - state.scores()[me]
    numbers.add(h.now)
    played = getattr(move, "count", 1 if hasattr(move, "mandala") else 0)
    assert h.draws == max(0, sum(after.hands[me]) - (sum(state.hands[me]) - played))
    if h.likely is not None:
        name, k, of_colour, unseen = h.likely
        colours = __import__(f"mandalakit.{game}.cards", fromlist=["COLOURS"]).COLOURS
        hidden = [0] * len(colours)
        for c in state.deck:
            hidden[c] += 1
        for p, hand in enumerate(state.hands):
            if p != me:
                hidden = [a + b for a, b in zip(hidden, hand)]
        if game == "mandala":
            hidden = [a + b for a, b in zip(hidden, state.cups[1 - me])]
        assert unseen == sum(hidden) and of_colour == hidden[colours.index(name)] == max(hidden)
        assert k == round(h.draws * of_colour / unseen)
        numbers |= {h.draws, k, of_colour, unseen}
    if h.field is not None:
        m, mine, theirs = h.field
        assert mine == sum(after.fields[m][me]) and theirs == sum(state.fields[m][1 - me])
        numbers |= {mine, theirs}
    if h.claim is not None:
        assert after.observation(me).mandalas[h.claim].claim == me != state.observation(me).mandalas[h.claim].claim
        numbers.add(h.claim + 1)
    return numbers


@pytest.mark.parametrize("game", ["mandala", "ohanami", "flowers"])
def test_every_number_a_hint_quotes_is_the_engines(game):
    seen = set()
    for seed in (1, 2):
        for state in positions(game, seed):
            h = hint(game, state.observation(state.current_player), state.legal_moves(), seed=seed)
            quoted = {int(n) for n in re.findall(r"\d+", h.sentence.replace("mandala A", "").replace("mandala B", ""))}
            assert quoted <= engine_numbers(game, state, h), (str(h.move), h.sentence)
            assert not re.search(r"games? the search|played out|won \d", h.sentence), h.sentence
            seen |= set(h.reasons)
    assert TEMPLATES[game] <= seen, seen
