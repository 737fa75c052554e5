"""Search bots (mandalakit.core.search): information sets built from observations, no peeking,
and clear choices in hand-built positions of each game."""

import math

import numpy as np
import pytest
from _positions import endless_mandala_position

from mandalakit.core.registry import get_game
from mandalakit.core.search import ISMCTSBot, PIMCBot, light_clone, reward
from mandalakit.mandala import Rules

GAMES = ("mandala", "ohanami", "flowers")
SEARCH = (PIMCBot, ISMCTSBot)


def decisions(game: str, players: int, seed: int, every: int = 7):
    """Some decision points of a seeded random game: (state, seat)."""
    spec = get_game(game)
    rng = np.random.default_rng(seed)
    state = spec.new_game(players, seed=seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state.clone(), state.current_player
        moves = state.legal_moves()
        state.apply(moves[int(rng.integers(len(moves)))])
        step += 1


@pytest.mark.parametrize("game", GAMES)
def test_from_observation_shows_the_seat_its_observation_and_the_same_legal_moves(game):
    """The state built from an observation, and every determinisation of it, show that seat the
    same observation and legal moves, and keep every card (the invariants of M-8, O-1.1, F-6)."""
    spec = get_game(game)
    rng = np.random.default_rng(1)
    checked = 0
    for players in range(spec.min_players, spec.max_players + 1):
        for state, seat in (d for seed in range(3) for d in decisions(game, players, seed=seed)):
            obs = state.observation(seat)
            built = spec.from_observation(obs, state.rules)
            assert built.observation(seat) == obs
            built.check_invariants()
            sample = built.determinize(seat, rng)
            assert sample.observation(seat) == obs
            sample.check_invariants()
            assert sample.legal_moves() == state.legal_moves()
            checked += 1
    assert checked >= 30


def hidden(state, seat):
    """Everything of ``state`` that ``seat`` cannot see, as comparable text."""
    if state.game == "mandala":
        return str((state.hands[1 - seat], state.cups[1 - seat], state.deck))
    if state.game == "ohanami":
        return str(([h for p, h in enumerate(state.hands) if p != seat], state.deck))
    return str(([h for p, h in enumerate(state.hands) if p != seat], state.deck, state.stacks))


@pytest.mark.parametrize("bot", SEARCH, ids=lambda b: b.name)
@pytest.mark.parametrize("game", GAMES)
def test_a_search_bot_does_not_peek_its_choice_is_the_same_whatever_the_hidden_cards(game, bot):
    """The same observation with the hidden cards dealt otherwise gives the same move and the same
    measured values: the bot reads nothing of the real game beyond its observation."""
    state = [s for (s, _seat), _ in zip(decisions(game, 2, seed=11, every=11), range(4))][-1]
    seat = state.current_player
    other = state.determinize(seat, np.random.default_rng(5))
    assert hidden(other, seat) != hidden(state, seat)
    choices = []
    for real in (state, other):
        b = bot(game, seed=3, iterations=30, rollout="random", rollout_depth=40)
        choices.append((b.choose(real.observation(seat), real.legal_moves()), {str(m): (s.visits, s.reward)
                                                                              for m, s in b.stats.items()}))
    assert choices[0] == choices[1]


@pytest.mark.parametrize("bot", SEARCH, ids=lambda b: b.name)
def test_mandala_search_completes_the_mandala_before_the_other_seat_outgrows_its_field(bot):
    """M-5.1, M-5.2: orange into seat 0's field completes mandala A with seat 0's field the larger
    (2 cards to 1), so seat 0 picks the 6 reds first: red is on space 3 of its river, so they are
    worth 18 points (M-7.3). Every card seat 0 cannot see is yellow (the others lie face up in the
    discard pile), so the other seat holds yellows and would grow its yellow field in A if seat 0
    waited, and pick first."""
    from mandalakit.mandala import COLOURS, Field, colour_code, from_position

    position = {
        "hands": [{"orange": 1, "black": 1}, {"yellow": 3}],
        "rivers": [["green", "purple", "red"], []],
        "mountains": {"A": {"red": 6, "green": 1, "purple": 1}, "B": {}},
        "fields": {"A": [{"black": 1}, {"yellow": 1}], "B": [{}, {}]},
        "deck": ["yellow"] * 14,
    }
    used = dict.fromkeys(COLOURS, 0)
    for counts in [*position["hands"], position["mountains"]["A"], *position["fields"]["A"]]:
        for name, n in counts.items():
            used[name] += n
    for name in position["rivers"][0]:
        used[name] += 1
    position["discard"] = {name: 18 - n for name, n in used.items() if name != "yellow"}
    state = from_position(position)
    for seed in (1, 2):
        b = bot("mandala", seed=seed, iterations=100, rollout="greedy", rollout_depth=30)
        move = b.choose(state.observation(0), state.legal_moves())
        assert type(move) is Field and move.mandala == 0 and move.colour == colour_code("orange"), str(move)


@pytest.mark.parametrize("bot", SEARCH, ids=lambda b: b.name)
def test_mandala_search_picks_the_colour_worth_most(bot):
    """M-5.4, M-7.3: 4 greens on river space 3 are worth 12 points; black is worth 4 at most."""
    from mandalakit.mandala import Pick, from_position

    state = from_position({
        "hands": [{"red": 2}, {"black": 1}],
        "rivers": [["purple", "yellow", "green"], []],
        "mountains": {"A": {"black": 1, "green": 4}, "B": {}},
        "fields": {"A": [{"yellow": 2, "orange": 1}, {"purple": 1}], "B": [{}, {}]},
    })
    state.apply(state.parse_move("mountain A red"))
    b = bot("mandala", seed=0, iterations=60, rollout="random", rollout_depth=40)
    assert b.choose(state.observation(0), state.legal_moves()) == Pick(1)
    assert b.stats[Pick(1)].mean_points > b.stats[Pick(0)].mean_points + 4


@pytest.mark.parametrize("bot", SEARCH, ids=lambda b: b.name)
def test_flowers_search_takes_the_tile_that_makes_a_flower(bot):
    """F-4.1, F-4.3, F-5.4: with an unpaired green 3, the green x3 tile makes a Flower worth 9 (+6); the
    grey 1 tile is worth 1 and leaves the green x3 to the runner-up, where it scores 0."""
    from mandalakit.flowers import from_position, parse

    state = from_position(
        2, hands=["1 yellow, 2 red", "2 red"], owned=[["green 3"], []],
        mandalas=[{"tiles": ("grey 1", "green x3"), "claim": 0, "up": {0: "2 orange, 1 red", 1: "1 purple"}}])
    state.apply(parse("play 1 yellow on 1"))
    b = bot("flowers", seed=0, iterations=60, rollout="greedy", rollout_depth=20)
    assert str(b.choose(state.observation(0), state.legal_moves())) == "take green"


@pytest.mark.parametrize("bot", SEARCH, ids=lambda b: b.name)
def test_ohanami_search_places_both_cards_rather_than_discard_them(bot):
    """O-2.3, O-3: every card placed in round 1 scores in a later round; a discarded one never does."""
    from mandalakit.ohanami import from_position

    state = from_position({"round": 1, "step": 5, "hands": [[], []], "picks": [[30, 40], [70, 80]],
                           "rows": [[[10, 20], [50, 60], [90, 100]], [[1, 2], [3, 4], [5, 6]]],
                           "discards": [[7, 8], [9, 11]]})
    b = bot("ohanami", seed=0, iterations=200, rollout="random", margin_scale=25)
    move = b.choose(state.observation(0), state.legal_moves())
    assert ">x" not in str(move), str(move)


def test_the_budget_counts_rollouts_and_the_generator_makes_the_choice_reproducible():
    state = [s for (s, _seat), _ in zip(decisions("mandala", 2, seed=4, every=13), range(3))][-1]
    seat = state.current_player
    obs, moves = state.observation(seat), state.legal_moves()
    first = ISMCTSBot("mandala", seed=9, iterations=25, rollout="random", rollout_depth=30)
    again = ISMCTSBot("mandala", seed=9, iterations=25, rollout="random", rollout_depth=30)
    assert first.choose(obs, moves) == again.choose(obs, moves)
    assert sum(s.visits for s in first.stats.values()) == 25
    pimc = PIMCBot("mandala", seed=9, iterations=25, rollout="random", rollout_depth=30)
    pimc.choose(obs, moves)
    assert sum(s.visits for s in pimc.stats.values()) == len(moves) * -(-25 // len(moves))


def test_M_7_6_a_greedy_rollout_where_both_bots_only_discard_ends_by_the_rule():
    """M-7.6: once its deck has run out, a Mandala game ends only at a completion (M-7.1), and in
    some samples two greedy bots only discard (M-4.3). Found when an arena run hung (seed 7, deal
    0, the search bot second, its 7th move): its rollouts end by M-7.6, 100 turns after the
    trigger, even for a search given ``stall_turns=None``, and the search chooses."""
    state, bots = endless_mandala_position()
    bot, obs, legal = bots[1], state.observation(1), state.legal_moves()
    bot.rules = Rules(stall_turns=None)
    root, searched = bot.information_set(obs), bot.shortlist(obs, legal)
    assert root.rules.stall_turns == 100
    stalled = []
    for _ in range(40):
        sample = bot.sample(root, 1)
        for move in searched:
            rollout = light_clone(sample, bot.rng)
            rollout.apply(move)
            values, end = bot.playout(rollout)
            assert end is rollout and rollout.is_terminal()  # the reference path plays the rollout on in place
            if rollout.end_reason == "M-7.6":
                stalled.append((rollout, values))
    assert stalled, "no stalled rollout in 40 samples"
    rollout, values = stalled[0]
    assert rollout.stalled_turns == 101 and all(0 <= v <= 1 for v in values)
    assert rollout.history[-1][1].__class__.__name__ == "Discard"
    assert bot.choose(obs, legal) in legal


def test_reward_shares_the_victory_and_the_margin():
    from mandalakit.mandala import from_position

    state = from_position({"hands": [{"red": 1}, {"red": 1}], "rivers": [["red", "green"], ["black"]],
                           "cups": [{"red": 2}, {}]})
    assert state.scores() == (2, 0)  # red on space 1: 2 cup cards (M-7.3)
    assert reward(state, margin_scale=2) == [pytest.approx(0.5 + 0.25 * (1 + math.tanh(1))),
                                             pytest.approx(0.25 * (1 - math.tanh(1)))]
    clone = light_clone(state, np.random.default_rng(0))
    assert clone.history == [] and clone.observation(0) == state.observation(0)


@pytest.mark.parametrize("kwargs, words", [({"iterations": None}, "needs a budget"), ({"iterations": 0}, "at least 1"),
                                           ({"rollout": "smart"}, "rollout must be")])
def test_bad_budgets_and_rollouts_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        PIMCBot("mandala", **kwargs)
