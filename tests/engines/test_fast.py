"""mandalakit.fast: the compiled games are the reference engine's games (docs/fast.md).

* Records: thousands of fast games of each game and player count export as records that the
  reference engine replays to the identical result (scores, winners, final positions), through
  :func:`mandalakit.core.records.replay`, which checks the stored result.
* Tables: ``simulate`` and ``tournament`` give the same rows (columns, dtypes, values) through
  the fast path and through the reference engines, for the same seeds.
* The greedy bot: the compiled Ohanami greedy bot makes the reference bot's choice on sampled
  positions, from the same random numbers.

MANDALAKIT_FAST_GAMES sets the number of games replayed per game and player count (default
2,000, about half a minute in all on an idle machine): ``MANDALAKIT_FAST_GAMES=20000 pytest
tests/engines/test_fast.py`` replays ten times more.

Without numba (the ``fast`` extra) the replays still run, at a small count (the kernels run as
plain Python, far slower): the fast path's proof never silently disappears. The comparisons of
the two paths' tables and of the compiled greedy bots need the compiled loops and are skipped.
"""

from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

from mandalakit import fast
from mandalakit.core import records
from mandalakit.core.bots import RandomBot
from mandalakit.core.contract import copy_rng
from mandalakit.core.errors import RulesError
from mandalakit.fast import run
from mandalakit.simulate import simulate
from mandalakit.tournament import tournament

#: The tests that need the compiled loops (the fast path of simulate and tournament, the
#: compiled greedy bots' sampled positions, numba's py_func).
needs_numba = pytest.mark.skipif(not fast.compiled(), reason="the 'fast' extra (numba) is not installed")

COUNTS = [("ohanami", 2), ("ohanami", 3), ("ohanami", 4), ("mandala", 2), ("flowers", 2), ("flowers", 3),
          ("flowers", 4)]
GAMES = int(os.environ.get("MANDALAKIT_FAST_GAMES", "2000" if fast.compiled() else "40"))
#: Games of each ruling other than the defaults replayed (fewer as plain Python).
RULING_GAMES = 300 if fast.compiled() else 10


def replay_all(game: str, batch, games: int) -> None:
    """Every game of ``batch`` replays in the reference engine to its stored result."""
    for g in range(games):
        record = run.record(game, batch, g)
        state = records.replay(record)  # raises RecordError if the result differs
        assert state.is_terminal()
        assert state.result().to_dict() == record["result"]


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_fast_games_replay_to_the_same_result(game, players):
    batch = fast.playouts(game, players, GAMES, np.random.default_rng([25, players]), records=True)
    replay_all(game, batch, GAMES)
    assert (batch.decisions() > 0).all()


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_fast_greedy_games_replay_to_the_same_result(game, players):
    batch = fast.playouts(game, players, GAMES // 4, np.random.default_rng([26, players]), bots="greedy",
                          records=True)
    replay_all(game, batch, GAMES // 4)


def test_fast_rulings_replay_to_the_same_result():
    """The rulings other than the defaults: O-3.4 without a cap, M-6.3 end at once, M-7.5 play
    on, F-3.3 a draw of 2 and F-1.5 another tile table."""
    from mandalakit.flowers.tiles import DEFAULT_TILES

    tiles = [list(row) for row in DEFAULT_TILES]
    tiles[5][2], tiles[0][2] = tiles[0][2], tiles[5][2]  # two faces of one colour swapped
    for game, players, rules in [("ohanami", 3, {"sakura_cap": None}),
                                 ("mandala", 2, {"deck_exhaustion": "end_at_once"}),
                                 ("mandala", 2, {"stalemate": "play_on"}), ("flowers", 3, {"single_play_draw": 2}),
                                 ("flowers", 2, {"tiles": tiles})]:
        batch = fast.playouts(game, players, RULING_GAMES, np.random.default_rng(28), rules=rules, records=True)
        for g in range(RULING_GAMES):
            record = run.record(game, batch, g)
            for name, value in rules.items():
                assert record["rules"][name] == value
            records.replay(record)


def reference_table(monkeypatch, function, *args, **kwargs):
    """``function(*args, **kwargs)`` played by the reference engines (the fast path switched off)."""
    with monkeypatch.context() as patch:
        patch.setattr(run, "compiled", lambda: False)
        assert not fast.usable("ohanami", ["random"], {})
        return function(*args, **kwargs)


@needs_numba
@pytest.mark.parametrize(("game", "players", "bots", "rules"), [
    ("ohanami", 2, ["greedy", "random"], None), ("ohanami", 3, ["random"], {"sakura_cap": None}),
    ("ohanami", 4, ["greedy"], None), ("mandala", 2, ["random"], None),
    ("mandala", 2, ["random"], {"deck_exhaustion": "end_at_once"}), ("mandala", 2, ["greedy", "random"], None),
    ("mandala", 2, ["greedy"], {"stalemate": "play_on"}), ("flowers", 2, ["random"], None),
    ("flowers", 4, ["random"], {"single_play_draw": 2}), ("flowers", 3, ["greedy", "random", "random"], None),
    ("flowers", 4, ["greedy"], {"single_play_draw": 2}),
    ("ohanami", 2, ["medium", "easy"], None),  # levels: the bots behind them, the names kept in the table
])
def test_simulate_gives_the_same_rows_on_both_paths(monkeypatch, game, players, bots, rules):
    kwargs = dict(games=120, seed=2026, bots=bots, rules=rules, jobs=1, progress=False)
    assert fast.usable(game, bots * (players // len(bots)), {} if rules is None else rules)
    monkeypatch.setattr(run, "CHUNK", 50)  # three chunks, joined as one table
    table = simulate(game, players, **kwargs)
    pd.testing.assert_frame_equal(table, reference_table(monkeypatch, simulate, game, players, **kwargs))


@needs_numba
def test_simulate_on_two_processes_gives_the_same_rows(monkeypatch):
    monkeypatch.setattr(run, "CHUNK", 40)  # forked workers see it too
    kwargs = dict(seed=8, bots=["greedy", "random", "random"], progress=False)
    table = simulate("ohanami", 3, 150, jobs=2, **kwargs)
    pd.testing.assert_frame_equal(table, simulate("ohanami", 3, 150, jobs=1, **kwargs))
    pd.testing.assert_frame_equal(table, reference_table(monkeypatch, simulate, "ohanami", 3, 150, jobs=1, **kwargs))


@needs_numba
def test_tournament_gives_the_same_rows_on_both_paths(monkeypatch):
    kwargs = dict(players=[2, 3], bots=["greedy", "random"], vary={"sakura_cap": [15, None]}, rotations=3, seed=4,
                  jobs=1, progress=False)
    table = tournament("ohanami", **kwargs)
    pd.testing.assert_frame_equal(table, reference_table(monkeypatch, tournament, "ohanami", **kwargs))
    kwargs = dict(players=[3], bots=["random"], rotations=5, seed=4, jobs=1, progress=False)
    table = tournament("flowers", **kwargs)
    pd.testing.assert_frame_equal(table, reference_table(monkeypatch, tournament, "flowers", **kwargs))


@needs_numba
def test_bots_the_fast_path_does_not_play_use_the_reference_engines():
    assert fast.usable("ohanami", ["greedy", "random"], {"sakura_cap": 15})
    assert fast.usable("mandala", ["greedy", "random"], {})
    assert fast.usable("flowers", ["greedy", "greedy"], {})
    assert not fast.usable("mandala", ["heuristic", "random"], {})
    assert not fast.usable("flowers", ["pimc", "greedy"], {})
    assert not fast.usable("mandala", ["random", "random"], {"deck_exhaustion": "sometimes"})
    table = simulate("mandala", 2, 4, seed=3, bots=["heuristic", "random"], jobs=1, progress=False)
    assert list(table.bot[:2]) == ["heuristic", "random"]
    with pytest.raises(RulesError):
        fast.playouts("mandala", 2, 10, np.random.default_rng(1), bots="heuristic")


def test_playouts_are_a_function_of_the_generator():
    a = fast.playouts("flowers", 3, 50, np.random.default_rng(9))
    b = fast.playouts("flowers", 3, 50, np.random.default_rng(9))
    c = fast.playouts("flowers", 3, 50, np.random.default_rng(10))
    assert (a.scores() == b.scores()).all() and (a.decisions() == b.decisions()).all()
    assert not (a.scores() == c.scores()).all()


@needs_numba
@pytest.mark.parametrize(("game", "names"), [("mandala", ("random", "greedy")),
                                           ("flowers", ("greedy", "random", "random"))])
def test_a_reference_game_needing_more_random_numbers_draws_them_further(game, names):
    """A seat's stream holds its bot's first numbers; a game that needs more is played again
    with the bot's next numbers (in blocks of 512 or 256 used from the last, or in order), and
    is still the reference engine's game."""
    from mandalakit.fast._kernel import OK

    module = run.kernel(game)
    batch, streams = run.reference_batch(module, len(names), names, 5, 0, 4)
    short = streams[:, :, :16].copy()  # far fewer than a game uses
    module.play_games(batch, short, {})
    assert (batch.status == OK).all()
    table = run.rows_table(module, batch, lambda i: run.seat_names(names, i), {"game": np.arange(4)})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(run, "compiled", lambda: False)
        reference = simulate(game, len(names), 4, seed=5, bots=list(names), jobs=1, progress=False)
    pd.testing.assert_frame_equal(table, reference)


def sampled_positions(game: str, seed: int, games: int):
    """``(state, bot)`` at positions of games between greedy and random bots where a greedy bot
    is to move (about half of its decisions), each then played on by that bot's own choice."""
    from mandalakit.core.registry import get_game

    spec = get_game(game)
    rng = np.random.default_rng(seed)
    for g in range(games):
        players = spec.min_players + g % (spec.max_players - spec.min_players + 1)
        state = spec.new_game(players, seed=int(rng.integers(2**32)))
        bots = [spec.make_bot("greedy" if rng.random() < 0.6 else "random", seed=int(rng.integers(2**32)))
                for _ in range(players)]
        while not state.is_terminal():
            bot = bots[state.current_player]
            if bot.name == "greedy" and rng.random() < 0.5:
                yield state, bot
            state.apply(bot.choose(state.observation(state.current_player), state.legal_moves()))


@needs_numba
def test_fast_greedy_mandala_makes_the_reference_choice_on_sampled_positions():
    """Plays and picks from games of greedy and random bots: the compiled greedy bot and the
    reference GreedyBot, given the same numbers (one per legal move), choose the same move."""
    from mandalakit.fast.mandala import greedy_move

    compared = {"play": 0, "pick": 0}
    for state, bot in sampled_positions("mandala", 32, 40):
        stream = copy_rng(bot.rng).random(len(state.legal_moves()))
        expected = bot.choose(state.observation(state.current_player), state.legal_moves())
        assert greedy_move(state, stream) == expected, str(state.observation(state.current_player))
        compared[state.phase] += 1
    assert compared["play"] > 500 and compared["pick"] > 100, compared


@needs_numba
def test_fast_greedy_flowers_makes_the_reference_choice_on_sampled_positions():
    """Plays and tile choices from 2-4 player games of greedy and random bots: the compiled
    greedy bot and the reference GreedyBot, given the same numbers, choose the same move."""
    from mandalakit.fast.flowers import greedy_move

    compared = {"play": 0, "take": 0}
    for state, bot in sampled_positions("flowers", 33, 45):
        bot._noise = []  # its next numbers: a fresh block of 256, used from the last
        stream = copy_rng(bot.rng).random(256)[::-1]
        legal = state.legal_moves()
        expected = bot.choose(state.observation(state.current_player), legal)
        if len(legal) > 256 or str(expected) == "pass":
            continue
        assert greedy_move(state, stream) == expected, str(state.observation(state.current_player))
        compared["take" if str(expected).startswith("take") else "play"] += 1
    assert compared["play"] > 500 and compared["take"] > 50, compared


@needs_numba
def test_kernels_run_as_plain_python_without_numba():
    """Without the extra the kernels are plain Python (only slower): the same games."""
    from mandalakit.fast import ohanami

    module = run.kernel("ohanami")
    codes = np.array([[ohanami.GREEDY, ohanami.RANDOM]])
    batch, streams = run.random_batch(module, 2, codes, np.random.default_rng(2))
    plain, _ = run.random_batch(module, 2, codes, np.random.default_rng(2))
    module.play_games(batch, streams, {"sakura_cap": 15})
    ohanami._play_games.py_func(2, plain.decks, plain.bots, streams, 15, plain.round_scores, plain.counts, plain.log,
                                plain.cells, plain.ends)
    assert (batch.round_scores == plain.round_scores).all() and (batch.log == plain.log).all()
