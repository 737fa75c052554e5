"""A fourth game, Toy (tests/toygame), registered by one line, passes every shared tool
(issue 32): the conformance check and the record round-trip, the command line's simulate and
arena, PettingZoo's api_test, OpenSpiel's random_sim_test and the play view, by clicks."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mandalakit.cli import main
from mandalakit.core import records
from mandalakit.core.conformance import check_game
from mandalakit.core.registry import GAMES, get_game, register_game, unregister_game


@pytest.fixture
def toy():
    register_game("toy", "toygame")  # the one line
    try:
        yield get_game("toy")
    finally:
        unregister_game("toy")


@pytest.mark.parametrize("players", [2, 3])
def test_the_toy_game_passes_the_conformance_check_and_the_record_round_trip(toy, players):
    for seed in range(3):
        state = check_game(toy, players, seed)
        record = json.loads(json.dumps(records.from_state(state, players=["random"] * players, seed=seed)))
        assert records.replay(record).result() == state.result()
        assert sum(state.result().scores) == sum(state.scores()) > 0


def test_the_toy_game_is_listed_by_the_registry_only_while_registered(toy):
    assert "toy" in GAMES and GAMES["toy"] == "toygame"
    from mandalakit.rl.pettingzoo import VERSIONS

    assert VERSIONS["toy"] == 1


def test_no_toy_without_its_line():
    assert "toy" not in GAMES


def test_simulate_and_arena_on_the_command_line(toy, tmp_path, capsys):
    out = tmp_path / "runs.csv"
    code = main(["simulate", "--game", "toy", "--players", "3", "--games", "6", "--seed", "2", "--out", str(out),
                 "--quiet", "--jobs", "1"])
    assert code == 0, capsys.readouterr().err
    import pandas as pd

    table = pd.read_csv(out)
    assert len(table) == 6 * 3 and set(table["game"]) == set(range(6)) and set(table["seat"]) == {0, 1, 2}
    code = main(["arena", "--game", "toy", "--bots", "greedy,random", "--games", "6", "--seed", "1", "--jobs", "1"])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert "greedy" in printed.out and "random" in printed.out


def test_pettingzoo_api_test(toy):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from mandalakit.rl.pettingzoo import env

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("toy", players=3, seed=1), num_cycles=200)
        api_test(env("toy_v1", players=2, seed=2), num_cycles=200)


def test_openspiel_random_sim_test(toy):
    pyspiel = pytest.importorskip("pyspiel")
    from mandalakit.rl.openspiel import load

    for players in (2, 3):
        game = load("toy", players)
        assert game.max_chance_outcomes() == 13 and game.num_distinct_actions() == 12
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_play_view_draws_the_toy_game_and_plays_it_by_clicks(toy):
    from mandalakit.widgets.play.game_view import GameView

    view = GameView("toy", seats=["you", "greedy"], seed=3, bot_delay=0)
    assert 'data-mk-target="card:' in view.board.svg
    rng = np.random.default_rng(3)
    clicks = 0
    while not view.state.is_terminal():
        targets = sorted(view.active)
        assert targets and all(t.startswith("card:") for t in targets)
        before = len(view.state.history)
        view.click(targets[int(rng.integers(len(targets)))])
        assert len(view.state.history) > before
        clicks += 1
    assert clicks >= 6 and view.end.layout.display == "flex"
    assert view.end.picture.value == view.state.scores_svg(view.viewer, width=view.board.width or None,
                                                           names=view.names, you=True)
