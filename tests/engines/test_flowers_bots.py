"""Flowers bots: the greedy bot against the random baseline, seat-balanced (issue 4).

400 games in 2 players and 400 in 4 players (one greedy seat, rotated over every seat equally
often). A seat "wins" when it is among the winners (shared victories count, F-5.5).
Baselines: 50% in 2 players, 25% in 4 players. Measured figures at the time of writing:
greedy wins 100% in 2p and about 98% in 4p.
"""

import pytest

from mandalakit.core.bots import RandomBot, play
from mandalakit.flowers import GAME, GreedyBot, new_game, seat_summary
from mandalakit.flowers.bots import tile_worth
from mandalakit.simulate import play_one

GAMES = 400


def win_rate(players: int, games: int = GAMES, seed: int = 2024) -> float:
    names = ["greedy"] + ["random"] * (players - 1)
    wins = 0
    seats = [0] * players
    for index in range(games):
        state, seat_bots = play_one(GAME, players, GAME.make_rules(), names, seed, index)
        seat = seat_bots.index("greedy")
        seats[seat] += 1
        wins += seat in state.result().winners
    assert seats == [games // players] * players  # seat-balanced
    return wins / games


@pytest.mark.parametrize("players, baseline, target", [(2, 0.50, 0.90), (4, 0.25, 0.80)])
def test_greedy_beats_random(players, baseline, target):
    rate = win_rate(players)
    print(f"greedy vs random, {players}p, {GAMES} games: {rate:.1%} (baseline {baseline:.0%})")
    assert rate > baseline
    assert rate > target  # clearly above the baseline, with room for statistical noise


def test_greedy_takes_the_best_tile_as_claim_holder():
    from mandalakit.flowers import from_position, parse

    # Seat 0 holds an unpaired green 3: the green 1 tile makes a Flower worth 5 (gain 2),
    # more than the grey 1 tile (gain 1).
    state = from_position(
        2, hands=["1 yellow, 2 red", "2 red"], owned=[["green 3"], []],
        mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 0, "up": {0: "2 orange, 1 red", 1: "1 purple"}}])
    state.apply(parse("play 1 yellow on 1"))
    bot = GreedyBot(seed=0)
    move = bot.choose(state.observation(0), state.legal_moves())
    assert str(move) == "take green"
    green = state.tile(state.mandalas[0].light)
    assert tile_worth(state.observation(0).singles[0], green) == 2.0


def test_greedy_completes_a_mandala_it_holds():
    from mandalakit.flowers import from_position

    state = from_position(
        2, hands=["1 yellow, 3 purple", "2 red"],
        mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 0, "up": {0: "2 orange, 1 red, 1 purple"}}])
    move = GreedyBot(seed=1).choose(state.observation(0), state.legal_moves())
    assert str(move) == "play 1 yellow on 1"


def test_bots_are_deterministic_and_seat_summary_counts_tiles():
    def game():
        state = new_game(3, seed=7)
        play(state, [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)])
        return state

    a, b = game(), game()
    assert [str(e) for _, e in a.history] == [str(e) for _, e in b.history]
    for seat in range(3):
        row = seat_summary(a, seat)
        detail = a.result().players[seat]
        assert row["flowers"] == len(detail["flowers"]) and row["singles"] == len(detail["singles"])
        assert row["tiles"] == 2 * row["flowers"] + row["singles"]
        assert sum(row[f"tiles_{c}"] for c in ("grey", "purple", "red", "green", "orange", "yellow")) == row["tiles"]
        assert row["end"] == a.end_reason
