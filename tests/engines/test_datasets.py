"""The shipped tournament tables (datasets/README.md): each one's data card quotes the command
that its Parquet metadata records, and that command, run again on a small slice (one rotation
of the smallest player count), gives exactly the shipped rows."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mandalakit.core.options import option_value
from mandalakit.tournament import read_metadata, tournament

ROOT = Path(__file__).resolve().parents[2]
DATASETS = sorted((ROOT / "datasets").glob("*.parquet"))
CARDS = (ROOT / "datasets" / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def command(path: Path, arguments: dict) -> str:
    """The `mandalakit tournament` command of a data card, from the file's metadata."""
    words = ["mandalakit tournament", f"--game {arguments['game']}", f"--bots {','.join(arguments['bots'])}",
             f"--rotations {arguments['rotations']}", f"--seed {arguments['seed']}"]
    words += [f"--vary {name}={','.join(values)}" for name, values in arguments["vary"].items()]
    words += [f"--rule {name}={value}" for name, value in arguments["rules"].items()]
    return " ".join(words + [f"--out datasets/{path.name}"])


def test_six_tables_of_a_few_megabytes_in_all():
    assert [p.stem for p in DATASETS] == ["flowers-bots", "flowers-variants", "mandala-bots", "mandala-variants",
                                          "ohanami-bots", "ohanami-sakura-cap"]
    assert sum(p.stat().st_size for p in DATASETS) < 5_000_000


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
    again = tournament(arguments["game"], players=[players], bots=arguments["bots"], vary=vary, rules=rules,
                       rotations=1, seed=arguments["seed"], jobs=1, progress=False)
    shipped = pd.read_parquet(path)
    shipped = shipped[(shipped.players == players) & (shipped.deal < players)].reset_index(drop=True)
    assert len(again) > 0
    pd.testing.assert_frame_equal(again, shipped)


def test_the_shipped_summaries_are_those_of_the_shipped_tables():
    """datasets/summaries.json (what the analysis page reads) is exactly what its command, quoted in
    the data card, computes from the six tables and the strength ladder: they cannot drift apart."""
    from mandalakit.summaries import FILENAME, dumps, load_ladders, load_tables, summarize

    assert "`python -m mandalakit.summaries datasets`" in CARDS
    assert "$(BIN)/python -m mandalakit.summaries datasets\n" in MAKEFILE  # the last step of `make datasets`
    shipped = (ROOT / "datasets" / FILENAME).read_text(encoding="utf-8")
    assert dumps(summarize(load_tables(ROOT / "datasets"), load_ladders(ROOT / "datasets"))) == shipped
