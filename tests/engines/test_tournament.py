"""`mandalakit tournament`: seat balance, seeds by deal, the same table whatever the workers
(local processes or a Dask cluster), Parquet metadata, refusals before any game."""

import contextlib
from pathlib import Path

import pandas as pd
import pytest

from mandalakit import __version__
from mandalakit.cli import main
from mandalakit.core.errors import RulesError
from mandalakit.simulate import simulate
from mandalakit.tournament import cells, default_bots, read_metadata, tournament

SMALL = dict(players=[2, 3], bots=["greedy", "random"], vary={"sakura_cap": [15, None]}, rotations=2, seed=3)


@pytest.fixture(scope="module")
def small():
    return tournament("ohanami", **SMALL, jobs=1, progress=False)


def test_every_cell_every_deal_every_seat_once(small):
    # 2p: 3 line-ups, 3p: 4 line-ups; 2 variants; 2 rotations x players deals.
    assert len(cells("ohanami", SMALL["players"], SMALL["bots"], SMALL["vary"])) == (3 + 4) * 2
    assert len(small) == 2 * (3 * 4 * 2 + 4 * 6 * 3)
    assert not small.duplicated(["players", "lineup", "variant", "deal", "seat"]).any()
    assert sorted(small.variant.unique()) == ["sakura_cap=15", "sakura_cap=none"]
    assert set(small.rule_sakura_cap) == {"15", "none"}
    assert (small.end == "O-2.1").all()  # Ohanami ends after the third round
    assert (small.groupby(["players", "lineup", "variant", "deal"]).winner.sum() >= 1).all()


def test_without_bots_the_one_ply_bots_meet_and_the_search_bots_only_when_named():
    """The search bots think about 0.4 s a move: a tournament plays them only when asked."""
    assert default_bots("mandala") == ["random", "greedy", "heuristic"]
    assert default_bots("ohanami") == default_bots("flowers") == ["random", "greedy"]
    lineups = {cell.lineup for cell in cells("flowers", [2])}
    assert lineups == {("random", "random"), ("random", "greedy"), ("greedy", "greedy")}
    assert ("pimc", "greedy") in {cell.lineup for cell in cells("flowers", [2], ["pimc", "greedy"])}


def test_seat_balance_each_bot_of_a_lineup_sits_in_each_seat_equally_often(small):
    for (lineup, seat), group in small.groupby(["lineup", "seat"]):
        bots = lineup.split(",")
        per_bot = group.groupby(["variant", "bot"]).size()
        for (_, bot), n in per_bot.items():
            assert n == SMALL["rotations"] * bots.count(bot), (lineup, seat, bot)


def test_a_cell_is_the_simulation_of_its_lineup_and_its_deal_is_the_game_seed(small):
    cell = small[(small.lineup == "greedy,random,random") & (small.variant == "sakura_cap=none")]
    alone = simulate("ohanami", 3, 6, seed=3, bots=["greedy", "random", "random"], rules={"sakura_cap": None},
                     jobs=1, progress=False)
    ours = cell.drop(columns=["players", "lineup", "variant", "rule_sakura_cap"]).rename(columns={"deal": "game"})
    pd.testing.assert_frame_equal(ours.reset_index(drop=True), alone)


def test_margin_is_the_score_minus_the_best_other_score(small):
    for _, game in small.groupby(["players", "lineup", "variant", "deal"]):
        scores = game.score.tolist()
        expected = [s - max(scores[:i] + scores[i + 1:]) for i, s in enumerate(scores)]
        assert game.margin.tolist() == expected
        # Every seat: 3 rounds (O-2.1) of 4 picks and 5 placements (O-2.2: the 5th step takes the last 2 cards).
        assert game.decisions.nunique() == 1 and game.decisions.iloc[0] == 3 * (4 + 5) * len(scores)


def test_same_table_and_file_whatever_the_number_of_workers(tmp_path, capsys):
    args = ["tournament", "--game", "flowers", "--players", "2,3", "--bots", "greedy,random", "--rotations", "2",
            "--vary", "single_play_draw=4,2", "--seed", "9", "--quiet"]
    assert main([*args, "--jobs", "1", "--out", str(tmp_path / "a.parquet")]) == 0
    assert main([*args, "--jobs", "2", "--out", str(tmp_path / "b.parquet")]) == 0
    out = capsys.readouterr().out
    assert "72 games, 192 rows" in out  # (2p: 3 line-ups x 4 deals + 3p: 4 x 6) x 2 variants
    assert (tmp_path / "a.parquet").read_bytes() == (tmp_path / "b.parquet").read_bytes()
    meta = read_metadata(tmp_path / "a.parquet")
    assert meta == {"mandalakit_version": __version__,
                    "arguments": {"game": "flowers", "players": [2, 3], "bots": ["greedy", "random"],
                                  "vary": {"single_play_draw": ["4", "2"]}, "rules": {}, "rotations": 2, "seed": 9}}
    table = pd.read_parquet(tmp_path / "a.parquet")
    assert set(table.end) <= {"F-5.1", "F-5.2", "F-5.3"} and table.rule_single_play_draw.tolist().count("2") == 96


def test_dask_local_cluster_of_two_workers_gives_the_local_table(small):
    pytest.importorskip("dask.distributed")
    on_dask = tournament("ohanami", **SMALL, dask_workers=2, progress=False)
    pd.testing.assert_frame_equal(on_dask, small)


@pytest.mark.parametrize("game, bots, games", [
    ("ohanami", ["random", "greedy"], 5000),  # the fast path: shares of whole chunks, forked workers
    ("mandala", ["heuristic", "random"], 40),  # the reference engine in the workers
])
def test_a_simulation_on_two_local_dask_workers_gives_the_local_table(game, bots, games):
    pytest.importorskip("dask.distributed")
    from mandalakit.simulate import simulate

    local = simulate(game, 2, games, seed=35, bots=bots, progress=False, jobs=1)
    on_dask = simulate(game, 2, games, seed=35, bots=bots, progress=False, dask_workers=2)
    assert len(local) == 2 * games
    pd.testing.assert_frame_equal(on_dask, local)


@pytest.mark.parametrize("kwargs, message", [
    (dict(players=[5]), r"\[O-2.1\] Ohanami is played by 2 to 4 players, not 5"),
    (dict(players=[2, 2]), r"Give each player count once"),
    (dict(bots=["greedy", "clever"]), r"There is no bot called 'clever'"),
    (dict(bots=["greedy", "greedy"]), r"Give each bot once"),
    (dict(vary={"sakura_cap": [0]}), r"\[O-3.4\] sakura_cap must be a whole number of at least 1"),
    (dict(vary={"sakura_cap": [15, 15]}), r"Give each value of 'sakura_cap' once"),
    (dict(vary={"sakura_cap": [15]}, rules={"sakura_cap": 10}), r"both fixed \(--rule\) and varied"),
    (dict(vary={"colour": [1]}), r"Unknown rules option"),
    (dict(rotations=0), r"rotations must be a whole number of at least 1"),
    (dict(scheduler="tcp://127.0.0.1:1", dask_workers=2), r"either a Dask scheduler's address or"),
])
def test_refusals_come_before_any_game(kwargs, message, monkeypatch):
    import mandalakit.tournament as t

    monkeypatch.setattr(t, "play_one", lambda *a: pytest.fail("a game was played"))
    with pytest.raises(RulesError, match=message):
        tournament("ohanami", **kwargs, progress=False)


def test_cli_refuses_a_vary_without_values_and_a_csv_target(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "--game", "ohanami", "--vary", "sakura_cap=", "--out", str(tmp_path / "t.parquet")])
    assert exc.value.code == 2 and "expected NAME=VALUE,VALUE,..." in capsys.readouterr().err
    assert main(["tournament", "--game", "ohanami", "--out", str(tmp_path / "t.csv")]) == 2
    assert "the output must end in .parquet" in capsys.readouterr().err


def test_a_varied_flowers_tile_table_keeps_its_own_column_beside_the_tiles_count():
    table_file = str(Path(__file__).resolve().parents[2] / "datasets" / "flowers-tiles-no-x3.csv")
    table = tournament("flowers", players=[2], bots=["random"], vary={"tiles": [None, table_file]}, rotations=1,
                       seed=0, jobs=1, progress=False)
    assert set(table.rule_tiles) == {"none", table_file}  # F-1.5: the table the game was played with
    assert table.tiles.dtype.kind == "i"  # the seat's tile count (flowers.seat_summary)
    # No x3 face in the variant table: every Flower scores its faces' sum, so the scores differ.
    assert table.groupby("rule_tiles").score.sum().nunique() == 2


def test_a_server_that_is_no_dask_scheduler_gets_one_sentence():
    """Another server at the address (here one answering HTTP 400) made Dask read its reply as a
    frame length and raise MemoryError; the tournament says it in one sentence instead."""
    import socket
    import threading

    from dask.distributed import Client

    from mandalakit.tournament import _connect

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer():
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                with conn:
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)

    threading.Thread(target=answer, daemon=True).start()
    try:
        with pytest.raises(RulesError, match="^\\[options\\] Cannot reach the Dask scheduler at .*: "
                                             "(something else answers there, not a Dask scheduler|no answer)"):
            _connect(Client, f"tcp://127.0.0.1:{port}")
    finally:
        server.close()
