"""The arena (mandalakit.arena and `mandalakit arena`): seat balance on shared deals, win rates
with Wilson intervals, Bradley-Terry ratings, English and French output."""

import pytest

from mandalakit.arena import arena, meetings, standings, wilson
from mandalakit.cli import main
from mandalakit.core.errors import RulesError


@pytest.fixture(scope="module")
def duel():
    return arena("ohanami", ["greedy", "random"], games=6, seed=3, jobs=1, progress=False)


def test_every_deal_is_played_once_per_seating_with_the_same_cards(duel):
    """6 games = 3 deals x 2 seatings; each bot sits in each seat 3 times."""
    assert len(duel) == 12
    assert duel.groupby(["bot", "seat"]).size().tolist() == [3, 3, 3, 3]
    for _deal, games in duel.groupby("deal"):
        assert sorted(games.rotation.unique()) == [0, 1]
        first = games[games.rotation == 0].set_index("seat").bot
        second = games[games.rotation == 1].set_index("seat").bot
        assert list(first) == list(reversed(list(second)))
    assert (duel.moves > 0).all() and (duel.seconds >= 0).all()
    again = arena("ohanami", ["greedy", "random"], games=6, seed=3, jobs=1, progress=False)
    assert again.drop(columns="seconds").equals(duel.drop(columns="seconds"))


def test_meetings_and_standings_count_each_game_once(duel):
    points = meetings(duel)
    assert len(points) == 6
    pairs, ratings = standings(duel)
    row = pairs.iloc[0]
    assert (row.bot, row.other, row.meetings) == ("greedy", "random", 6)
    greedy_places = duel[duel.bot == "greedy"].place
    ties = (duel.groupby(["deal", "rotation"]).place.nunique() == 1).sum()
    assert row.wins == (greedy_places == 1).sum() + 0.5 * ties
    assert (row.low, row.high) == pytest.approx(wilson(row.wins, 6))
    assert list(ratings.bot) == (["greedy", "random"] if row.rate > 0.5 else ["random", "greedy"])
    assert ratings.set_index("bot").rating["greedy"] == 0


def test_runs_pooled_with_their_seed_keep_their_games_apart(duel):
    """Deal 0 of seed 3 and deal 0 of seed 4 are two games: pooled with a seed column, the
    meetings add up (without it, the two deals would be taken for one game of four seats)."""
    import pandas as pd

    other = arena("ohanami", ["greedy", "random"], games=6, seed=4, jobs=1, progress=False)
    pooled = pd.concat([duel.assign(seed=3), other.assign(seed=4)], ignore_index=True)
    assert len(meetings(pooled)) == len(meetings(duel)) + len(meetings(other)) == 12
    row = standings(pooled)[0].iloc[0]
    first, second = standings(duel)[0].iloc[0], standings(other)[0].iloc[0]
    assert (row.meetings, row.wins) == (12, first.wins + second.wins)


def test_wilson_interval_matches_the_textbook_values():
    """Wilson (1927): 8 of 10 gives 0.490 to 0.943 at 95 %; 0 of 10 gives 0 to 0.278."""
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)


@pytest.mark.parametrize("kwargs, words", [
    ({"bots": ["greedy", "greedy"]}, "at least 2 different bots"),
    ({"bots": ["greedy"]}, "at least 2 different bots"),
    ({"bots": ["hard", "pimc"]}, "at least 2 different bots"),  # a level is its bot
    ({"bots": ["greedy", "wizard"]}, "no bot called 'wizard'"),
    ({"games": 0}, "at least 1"),
    ({"players": 5}, "O-2.1"),
])
def test_bad_arguments_are_refused_before_any_game(kwargs, words):
    args = {"game": "ohanami", "bots": ["greedy", "random"], "games": 2, "progress": False, **kwargs}
    with pytest.raises(RulesError, match=words):
        arena(**args)


@pytest.mark.parametrize("language, words", [
    ("en", ["greedy against random: ", "95 % interval", "%, 95 % interval", "% to ", "ratings (Bradley-Terry, Elo scale, greedy at 0):",
            "s of CPU time per move"]),
    ("fr", ["glouton contre au hasard\u00a0: ", "intervalle à 95\u00a0%", "\u00a0%, intervalle", "\u00a0% à ", "échelle Elo, glouton à 0",
            "de temps de calcul par coup"]),
])
def test_the_command_prints_win_rates_intervals_and_ratings(capsys, tmp_path, language, words):
    out_file = tmp_path / "arena.csv"
    code = main(["--language", language, "arena", "--game", "flowers", "--players", "2", "--bots",
                 "greedy,random", "--games", "4", "--seed", "1", "--jobs", "1", "--quiet", "--out", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0
    for w in words:
        assert w in out, out
    assert out_file.read_text().startswith("table,deal,rotation,seat,bot,score,winner,place,seconds,moves")


def test_cpu_time_per_move_is_written_in_a_unit_that_shows_it():
    from mandalakit.cli import cpu_time
    from mandalakit.core.messages import language

    assert [cpu_time(x) for x in (2.5, 0.0456, 0.000123, 0.00000781, 0.0)] == \
        ["2.50 s", "45.6 ms", "123 µs", "7.81 µs", "0 µs"]
    with language("fr"):
        assert cpu_time(0.0456) == "45,6 ms"


def test_the_fast_bots_time_per_move_is_not_written_as_zero_seconds(capsys):
    code = main(["arena", "--game", "ohanami", "--players", "2", "--bots", "greedy,random", "--games", "4",
                 "--jobs", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "0.0000 s" not in out and out.count("µs of CPU time per move") == 2, out
