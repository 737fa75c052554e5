"""mandalakit.fast.seeds: numpy's SeedSequence and PCG64, compiled, draw what numpy draws.

Every piece is compared with numpy itself: the generators :func:`mandalakit.core.contract.game_seeds`
and ``default_rng`` make for a game and its bots, ``Generator.random()``, ``Generator.permutation``
of every length a game shuffles (Ohanami's deck of 120, Mandala's 108 and its reshuffles,
Flowers' 90 and its tile stacks), mixed in any order (the 32-bit buffer carries over).
"""

from __future__ import annotations

import numpy as np
import pytest

from mandalakit import fast
from mandalakit.fast import seeds
from mandalakit.core.contract import game_seeds

pytestmark = pytest.mark.skipif(not fast.compiled(), reason="the 'fast' extra (numba) is not installed")


def numpy_state(rng: np.random.Generator) -> list[int]:
    return seeds.from_generator(rng).tolist()


@pytest.mark.parametrize("seed", [0, 1, 2026, 2**32 - 1, 2**32, 2**40 + 7, 2**64 - 1, 3**70])
def test_game_generators_are_those_of_game_seeds_and_default_rng(seed):
    start, stop, seats = 1000, 1300, 4
    states = np.zeros((stop - start, seats + 1, seeds.STATE), np.uint64)
    seeds.game_states(seeds.seed_words(seed), len(seeds.seed_words(seed)), start, stop, seats, states)
    for g in range(start, stop):
        game_seed, bot_seeds = game_seeds(seed, g)
        expected = [numpy_state(np.random.default_rng(word)) for word in [game_seed, *bot_seeds[:seats]]]
        assert states[g - start].tolist() == expected, g


def test_draws_and_permutations_are_numpy_s():
    """Doubles and shuffles of every length 0 to 130, interleaved, from 300 seeds: the same
    numbers and the same state after them."""
    rng = np.random.default_rng(5)
    for word in rng.integers(0, 2**63, 300).tolist():
        ours = np.zeros(seeds.STATE, np.uint64)
        seeds.seed_state(np.uint64(word), ours)
        theirs = np.random.default_rng(word)
        assert ours.tolist() == numpy_state(theirs)
        for n in rng.integers(0, 131, 6).tolist():
            assert seeds.random(ours) == theirs.random()
            assert seeds.permutation(ours, n).tolist() == theirs.permutation(n).tolist()
            pile = rng.integers(0, 6, n)
            mine = pile.copy()
            seeds.shuffle(ours, mine)
            assert mine.tolist() == theirs.permutation(pile).tolist()
        assert ours.tolist() == numpy_state(theirs)


def test_a_state_goes_to_a_generator_and_back():
    rng = np.random.default_rng(9)
    rng.permutation(7)  # a 32-bit half is waiting in the buffer
    state = seeds.from_generator(rng)
    expected = rng.random(3).tolist()
    other = np.random.default_rng(0)
    seeds.to_generator(state, other)
    assert other.random(3).tolist() == expected
