"""The shipped tournament tables (datasets/README.md): each one's data card quotes the command
that its Parquet metadata records, and that command, run again on a small slice (one rotation
of the smallest player count; for the search bot's tables, one deal), gives exactly the shipped rows."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mandalakit.core.registry import get_game
from mandalakit.core.options import option_value
from mandalakit.tables import frames_of
from mandalakit.tournament import cells, play_chunk, read_metadata, tournament

ROOT = Path(__file__).resolve().parents[2]
DATASETS = sorted((ROOT / "datasets").glob("*.parquet"))
CARDS = (ROOT / "datasets" / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def command(path: Path, arguments: dict) -> str:
    """The `mandalakit tournament` command of a data card, from the file's metadata."""
    game = get_game(arguments["game"])
    every = list(range(game.min_players, game.max_players + 1))  # the default: written only when narrowed
    players = [] if arguments["players"] == every else [f"--players {','.join(map(str, arguments['players']))}"]
    words = ["mandalakit tournament", f"--game {arguments['game']}", *players, f"--bots {','.join(arguments['bots'])}",
             f"--rotations {arguments['rotations']}", f"--seed {arguments['seed']}"]
    words += [f"--vary {name}={','.join(values)}" for name, values in arguments["vary"].items()]
    words += [f"--rule {name}={value}" for name, value in arguments["rules"].items()]
    return " ".join(words + [f"--out datasets/{path.name}"])


def test_ten_tables_of_a_few_megabytes_in_all():
    assert [p.stem for p in DATASETS] == ["flowers-bots", "flowers-search", "flowers-variants", "mandala-bots",
                                          "mandala-search-variants", "mandala-search", "mandala-variants", "ohanami-bots",
                                          "ohanami-sakura-cap", "ohanami-search"]
    assert sum(p.stat().st_size for p in DATASETS) < 5_000_000
    assert all(p.stat().st_size < 60_000 for p in DATASETS if "-search" in p.stem)


@pytest.mark.parametrize("path", [p for p in DATASETS if "-search" in p.stem], ids=lambda p: p.stem)
def test_the_search_tables_are_made_by_make_datasets_search(path):
    """`make datasets-search` runs the card's command (with nice, on the fast path)."""
    arguments = read_metadata(path)["arguments"]
    assert arguments["bots"][0] == "pimc" and arguments["players"] == [2]
    flat = MAKEFILE.replace("\\\n\t\t", "")
    assert f"nice $(BIN)/{command(path, arguments)}\n" in flat
    assert "datasets-search: $(VENV)/.test $(VENV)/.fast\n" in MAKEFILE


@pytest.mark.parametrize("path", DATASETS, ids=lambda p: p.stem)
def test_the_data_card_quotes_the_command_and_the_size(path):
    arguments = read_metadata(path)["arguments"]
    assert f"`{command(path, arguments)}`" in CARDS
    table = pd.read_parquet(path)
    games = len(table.groupby(["players", "lineup", "variant", "deal"]))
    assert f"`{path.name}`: {games:,} games, {len(table):,} rows" in CARDS


@pytest.mark.parametrize("path", DATASETS, ids=lambda p: p.stem)
def test_a_slice_made_again_equals_the_shipped_rows(path, monkeypatch):
    monkeypatch.chdir(ROOT)  # a varied tile table is named by its path from the repository's root
    arguments = read_metadata(path)["arguments"]
    players = min(arguments["players"])
    vary = {name: [option_value(v, name) for v in values] for name, values in arguments["vary"].items()}
    rules = {name: option_value(v, name) for name, v in arguments["rules"].items()}
    if "pimc" in arguments["bots"]:
        # a search game costs seconds of CPU on the slow CI machine: deal 0 of each line-up, played by
        # the tournament's own worker function, is the slice
        grid = cells(arguments["game"], [players], arguments["bots"], vary, rules)
        again = pd.concat(frames_of(play_chunk(arguments["game"], arguments["seed"], cell, 0, 1) for cell in grid),
                          ignore_index=True)
        deals = 1
    else:
        again = tournament(arguments["game"], players=[players], bots=arguments["bots"], vary=vary, rules=rules,
                           rotations=1, seed=arguments["seed"], jobs=1, progress=False)
        deals = players
    shipped = pd.read_parquet(path)
    shipped = shipped[(shipped.players == players) & (shipped.deal < deals)].reset_index(drop=True)
    assert len(again) > 0
    pd.testing.assert_frame_equal(again, shipped)


def test_the_shipped_summaries_are_those_of_the_shipped_tables():
    """datasets/summaries.json (what the analysis page reads) is exactly what its command, quoted in
    the data card, computes from the six tables and the strength ladder: they cannot drift apart."""
    from mandalakit.summaries import (FILENAME, dumps, load_ladders, load_search_variants, load_searches, load_tables,
                                      summarize)

    assert "`python -m mandalakit.summaries datasets`" in CARDS
    assert "$(BIN)/python -m mandalakit.summaries datasets\n" in MAKEFILE  # the last step of `make datasets`
    shipped = (ROOT / "datasets" / FILENAME).read_text(encoding="utf-8")
    folder = ROOT / "datasets"
    assert dumps(summarize(load_tables(folder), load_ladders(folder), load_searches(folder),
                           load_search_variants(folder))) == shipped


@pytest.mark.parametrize("game", ["mandala", "ohanami", "flowers"])
def test_the_search_tables_greedy_games_are_the_one_ply_tables_own(game):
    """Deal g has the same shuffle and bot seeds in every table of seed 2026: the search table's
    greedy,greedy games are the first deals of the one-ply table's 2-player greedy,greedy games, so
    the page compares good play with the same one-ply play it shows above."""
    search = pd.read_parquet(ROOT / f"datasets/{game}-search.parquet").query("lineup == 'greedy,greedy'")
    bots = pd.read_parquet(ROOT / f"datasets/{game}-bots.parquet").query("lineup == 'greedy,greedy' and players == 2")
    bots = bots[bots.deal < search.deal.nunique()]
    assert len(search) in (400, 600)
    pd.testing.assert_frame_equal(search.reset_index(drop=True), bots.reset_index(drop=True))


def test_the_good_play_summaries_are_the_search_tables_first_player_shares():
    """summaries.json's ``good_play`` (the page's first-player sentence) holds, per game, the first
    player's win share of ``pimc,pimc`` and ``greedy,greedy`` as mandalakit.analysis computes them,
    and the shipped figures (Mandala 55.0 % against 53.2 % over 300 games each)."""
    from mandalakit import analysis as A
    from mandalakit.summaries import load_searches, load_summaries

    good_play = load_summaries(ROOT / "datasets")["good_play"]
    for game, table in load_searches(ROOT / "datasets").items():
        for key, lineup in (("good", "pimc,pimc"), ("one_ply", "greedy,greedy")):
            seat = A.seat_advantage(table[table.lineup == lineup]).loc[0]
            said = good_play[game][key]
            assert (said["games"], said["share"]) == (seat.games, pytest.approx(seat.share, abs=1e-6))
            assert (said["low"], said["high"]) == (pytest.approx(seat.share_low, abs=1e-6),
                                                   pytest.approx(seat.share_high, abs=1e-6))
        difference = good_play[game]["difference"]
        assert difference["mean"] == pytest.approx(good_play[game]["good"]["share"] - good_play[game]["one_ply"]["share"],
                                                   abs=1e-5)
    from mandalakit.summaries import load_search_variants

    variants = load_search_variants(ROOT / "datasets")
    assert list(variants) == ["mandala"]
    score = A.effects(variants["mandala"], "deck_exhaustion", "score").iloc[0]
    said = [e for e in good_play["mandala"]["effects"] if e["measure"] == "score"]
    assert len(said) == 1 and said[0]["pairs"] == score.pairs == 200
    assert [said[0][k] for k in ("effect", "low", "high")] == pytest.approx([score.effect, score.low, score.high], abs=1e-6)
    assert round(said[0]["effect"], 2) == -2.52 and good_play["ohanami"]["effects"] == []
    mandala = good_play["mandala"]
    assert (mandala["games"], round(100 * mandala["good"]["share"], 1), round(100 * mandala["one_ply"]["share"], 1)) \
        == (300, 55.0, 53.2)
