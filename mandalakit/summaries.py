"""What the analysis page shows, computed once from the shipped tournament tables.

``python -m mandalakit.summaries datasets`` (a step of ``make datasets``) reads the six tables
of ``datasets/`` (:func:`tables`), the search bot's tables (:data:`SEARCH_TABLE`) and the strength
ladder (:func:`load_ladders`) and writes
``datasets/summaries.json``: for every game, player count and line-up choice, and for the search
bot's ladder games, the numbers the analysis page (:mod:`mandalakit.widgets.analysis.analysis`)
draws and says, from the statistics of :mod:`mandalakit.analysis`. The page reads only this file
(:func:`load_summaries`), so its kernel needs neither pandas nor scipy. The file holds numbers
and names, never sentences: the page words them in its own language. Its schema is in
``datasets/README.md``.

Computing needs the ``analysis`` extra (pandas, scipy, choix); reading needs only the standard
library.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

#: The search bot's tournament table of each game (2 players, default rules), and its two line-ups
#: compared for the first player's win share: good play (the search on both sides) and one-ply play.
SEARCH_TABLE, GOOD, ONE_PLY = "{game}-search", "pimc,pimc", "greedy,greedy"
#: A game's rules-option table with the search bot on both sides, where one is shipped (Mandala).
SEARCH_VARIANTS = "{game}-search-variants"
#: The file's name in ``datasets/``.
FILENAME = "summaries.json"
#: The strength ladder's files per game (datasets/README.md, "Strength ladder"): the sampling search
#: against greedy (one file per seed, pooled), and the one-ply bots, of which greedy against random.
SEARCH_LADDER, ONE_PLY_LADDER = "ladder-{game}-search-seed*.csv", "ladder-{game}-one-ply.csv"
ONE_PLY_TABLE = "greedy,random"
#: The key of a player count's summary over every line-up (the others are line-ups, ``greedy,random``).
EVERY = "*"
#: Format name and version written at the top of the file.
FORMAT, VERSION = "mandalakit-summaries", 3
#: The measures whose option effects are stored (see :func:`mandalakit.analysis.effects`).
EFFECT_MEASURES = ("score", "winning_margin", "decisions")
#: Bins of a histogram, at most.
BINS = 20
DIGITS = 6  # decimals kept of every float: the file is the same on every machine


def tables() -> dict[str, tuple[str, ...]]:
    """Which shipped table holds what, per game of the registry that ships them (``GameSpec.tables``):
    ``{game: (bots against each other, the variant study)}``, in the registry's order."""
    from .core.registry import GAMES, get_game

    return {spec.name: spec.tables for spec in map(get_game, GAMES) if spec.tables}


def _clean(value):
    """``value`` as plain JSON types: numpy scalars made Python's, floats rounded to :data:`DIGITS` decimals."""
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if hasattr(value, "item"):  # a numpy scalar
        value = value.item()
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return value if math.isnan(value) or math.isinf(value) else round(float(value), DIGITS)


def _edges(values, count: int = BINS) -> list[int]:
    """Integer bin edges covering ``values`` (integers) in at most ``count`` equal bins."""
    low, high = int(min(values)), int(max(values))
    width = max(1, math.ceil((high - low + 1) / count))
    return list(range(low, high + width + 1, width))


def _histogram(values, edges: list[int]) -> list[int]:
    import numpy as np

    return np.histogram(values, bins=edges)[0].tolist()


def view(rows, variants) -> dict:
    """Every section's summary of some rows of a bots table and of a variants table (one player
    count; one line-up, or every line-up together).

    Returns
    -------
    dict
        ``seats``: one dict per seat (seat 0 first) with ``seat``, ``share``, ``share_low``,
        ``share_high`` (win share and its 95 % interval), ``score``, ``score_low``,
        ``score_high`` (points) and ``games``; ``scores``: ``edges`` (points, integer bin
        edges) and per bot its ``counts`` per bin and ``mean``, ``low``, ``high`` (points);
        ``length``: ``edges`` and ``counts`` of the moves per game, ``mean``, ``low``, ``high``
        (moves), ``reshuffles`` (mean per game), ``games``, and ``ends``: ``[rule id, games]``
        pairs, most common first; ``duels`` (rows of :func:`mandalakit.analysis.head_to_head`: the
        meetings of different bots, none in a line-up of one bot), ``ratings`` (``[bot, Elo rating]``
        pairs, :func:`mandalakit.analysis.bradley_terry`) and ``effects`` (rows of
        :func:`mandalakit.analysis.effects` of every option ``variants`` varies, on every measure of
        :data:`EFFECT_MEASURES`).
    """
    from . import analysis as A

    seats = A.seat_advantage(rows)
    edges = _edges(rows.score)
    bots = []
    for bot, group in rows.groupby("bot"):
        mean, low, high = A.mean_ci(group.score)
        bots.append(dict(bot=bot, counts=_histogram(group.score, edges), mean=mean, low=low, high=high))
    games = A.per_game(rows)
    moves = _edges(games.decisions)
    mean, low, high = A.mean_ci(games.decisions)
    ends = games.end.value_counts()
    ratings = A.bradley_terry(rows)
    return dict(
        seats=[dict(seat=seat, **row) for seat, row in seats.to_dict("index").items()],
        scores=dict(edges=edges, bots=bots),
        length=dict(edges=moves, counts=_histogram(games.decisions, moves), mean=mean, low=low, high=high,
                    reshuffles=games.reshuffles.mean(), games=len(games),
                    ends=[[end, count] for end, count in ends.items()]),
        duels=A.head_to_head(rows).to_dict("records"), ratings=[[b, r] for b, r in ratings.items()],
        effects=[row for option in A.varied(variants) for measure in EFFECT_MEASURES
                 for row in A.effects(variants, option, measure).to_dict("records")])


def _estimate(mean_low_high, n: int) -> dict:
    mean, low, high = mean_low_high
    return dict(mean=mean, low=low, high=high, n=n)


def search_view(search, one_ply) -> dict:
    """What changes with a bot that plays well, from the strength ladder of one game
    (:func:`load_ladders`): ``search``, the sampling search against greedy; ``one_ply``, greedy
    against random; both 2 players, seat-balanced on shared deals, default rules.

    Returns
    -------
    dict
        ``games`` (search games), ``search_wins`` (its wins, a shared win half), ``lead``: the first
        player's lead (:func:`mandalakit.analysis.first_player_lead`) with ``search`` and
        ``one_ply`` (``mean``, ``low``, ``high``: points, 95 % Student-t interval; ``n``: deals)
        and their ``difference`` (search less one-ply, Welch's 95 % interval); ``greedy``: greedy's
        score against the search bot (``search``) and against random (``one_ply``), each the mean
        over a deal's two seatings (``n``: deals), and their ``difference`` (points).
    """
    from . import analysis as A

    leads = [A.first_player_lead(t) for t in (search, one_ply)]
    # greedy's mean score over a deal's two seatings: the two games of a deal share their cards,
    # so the deal, not the game, is the independent unit of the interval
    greedy = [t[t.bot == "greedy"].groupby(["seed", "table", "deal"]).score.mean() for t in (search, one_ply)]
    share = search.winner / search.groupby(["seed", "table", "deal", "rotation"]).winner.transform("sum")
    return dict(games=len(search) // 2, search_wins=float(share[search.bot == "pimc"].sum()),
                lead=dict(search=_estimate(A.mean_ci(leads[0]), len(leads[0])),
                          one_ply=_estimate(A.mean_ci(leads[1]), len(leads[1])),
                          difference=dict(zip(("mean", "low", "high"), A.difference_ci(*leads)))),
                greedy=dict(search=_estimate(A.mean_ci(greedy[0]), len(greedy[0])),
                            one_ply=_estimate(A.mean_ci(greedy[1]), len(greedy[1])),
                            difference=dict(zip(("mean", "low", "high"), A.difference_ci(*greedy)))))


def good_play_view(table, variants=None) -> dict:
    """The first player's win share under good play and under one-ply play, from a game's search
    tournament table (:data:`SEARCH_TABLE`: 2 players, the line-ups :data:`GOOD` and :data:`ONE_PLY`
    play the same deals).

    Returns
    -------
    dict
        ``games`` (games per line-up); ``good`` and ``one_ply``: seat 0's ``share`` (win share, a
        shared win split: 0 to 1), ``low``, ``high`` (95 % Student-t interval) and ``games``; and
        their ``difference`` (good less one-ply, paired by deal: ``mean``, ``low``, ``high``, ``n``
        deals), share 0 to 1; ``effects``: rows of :func:`mandalakit.analysis.effects` of every
        option ``variants`` (the search bot's rules-option table, :data:`SEARCH_VARIANTS`) varies, on
        every measure of :data:`EFFECT_MEASURES`, empty without it.
    """
    from . import analysis as A

    table = table.assign(share=A.win_share(table))
    first = {lineup: table[(table.lineup == lineup) & (table.seat == 0)].set_index("deal").share
             for lineup in (GOOD, ONE_PLY)}
    said = {}
    for key, lineup in (("good", GOOD), ("one_ply", ONE_PLY)):
        share, low, high = A.mean_ci(first[lineup])
        said[key] = dict(share=share, low=low, high=high, games=len(first[lineup]))
    paired = (first[GOOD] - first[ONE_PLY]).dropna()
    effects = [] if variants is None else [row for option in A.varied(variants) for measure in EFFECT_MEASURES
                                           for row in A.effects(variants, option, measure).to_dict("records")]
    return dict(games=said["good"]["games"], **said, difference=_estimate(A.mean_ci(paired), len(paired)),
                effects=effects)


def summarize(tables: dict, ladders: dict | None = None, searches: dict | None = None,
              search_variants: dict | None = None) -> dict:
    """The summaries of ``{game: (bots table, variants table)}`` (:func:`load_tables`), of the
    strength ladder ``{game: (search table, one-ply table)}`` (:func:`load_ladders`) and of the search
    bot's tables ``{game: table}`` (:func:`load_searches`) with its rules-option tables ``{game: table}``
    (:func:`load_search_variants`).

    Returns
    -------
    dict
        ``{"format", "version", "games": {game: {players (str): summary}}}``; a player count's
        summary holds ``lineups`` (the line-ups, as in the tables) and ``views``: :func:`view` of
        every line-up together (key :data:`EVERY`) and of each line-up, each from the rows of the
        bots table and of the variants table that it covers. ``search``: ``{game:``
        :func:`search_view` ``}`` of the ladders (empty without them); ``good_play``: ``{game:``
        :func:`good_play_view` ``}`` of the search tables (empty without them). Floats are rounded to
        6 decimals.
    """
    games = {}
    for game, (bots_table, variants) in tables.items():
        counts = {}
        for players in sorted(bots_table.players.unique().tolist()):
            rows, played = bots_table[bots_table.players == players], variants[variants.players == players]
            lineups = list(dict.fromkeys(rows.lineup))
            counts[str(players)] = dict(lineups=lineups, views={
                EVERY: view(rows, played),
                **{lineup: view(rows[rows.lineup == lineup], played[played.lineup == lineup]) for lineup in lineups}})
        games[game] = counts
    search = {game: search_view(*pair) for game, pair in (ladders or {}).items()}
    good_play = {game: good_play_view(table, (search_variants or {}).get(game))
                 for game, table in (searches or {}).items()}
    return _clean(dict(format=FORMAT, version=VERSION, games=games, search=search, good_play=good_play))


def load_tables(folder: str | Path) -> dict:
    """The shipped tables by game: ``{game: (bots table, variants table)}`` (pandas DataFrames).

    Raises ``FileNotFoundError`` naming a missing table (see ``datasets/README.md``).
    """
    import pandas as pd

    folder = Path(folder)
    return {game: tuple(pd.read_parquet(folder / f"{name}.parquet") for name in names)
            for game, names in tables().items()}


def load_searches(folder: str | Path) -> dict:
    """The search bot's tournament tables by game: ``{game: table}`` (pandas DataFrames of
    :data:`SEARCH_TABLE`). Raises ``FileNotFoundError`` naming a missing table (``datasets/README.md``)."""
    import pandas as pd

    return {game: pd.read_parquet(Path(folder) / f"{SEARCH_TABLE.format(game=game)}.parquet") for game in tables()}


def load_search_variants(folder: str | Path) -> dict:
    """The search bot's rules-option tables that are shipped, by game: ``{game: table}`` (pandas
    DataFrames of :data:`SEARCH_VARIANTS`; a game without one is left out)."""
    import pandas as pd

    paths = {game: Path(folder) / f"{SEARCH_VARIANTS.format(game=game)}.parquet" for game in tables()}
    return {game: pd.read_parquet(path) for game, path in paths.items() if path.exists()}


def load_ladders(folder: str | Path) -> dict:
    """The strength ladder by game: ``{game: (search table, one-ply table)}`` (pandas DataFrames of
    :func:`mandalakit.arena.arena`): every :data:`SEARCH_LADDER` run pooled with its file's seed as a
    ``seed`` column, and the games of :data:`ONE_PLY_TABLE` of :data:`ONE_PLY_LADDER`.

    Raises ``FileNotFoundError`` naming a game with no search run or no one-ply file.
    """
    import pandas as pd

    folder, ladders = Path(folder), {}
    for game in tables():
        runs = sorted(folder.glob(SEARCH_LADDER.format(game=game)))
        if not runs:
            raise FileNotFoundError(f"no {SEARCH_LADDER.format(game=game)} in {folder.name}/; see datasets/README.md")
        search = pd.concat([pd.read_csv(run).assign(seed=run.stem.rsplit("seed", 1)[1]) for run in runs],
                           ignore_index=True)
        one_ply = pd.read_csv(folder / ONE_PLY_LADDER.format(game=game)).assign(seed="")
        ladders[game] = (search, one_ply[one_ply.table == ONE_PLY_TABLE])
    return ladders


def dumps(summaries: dict) -> str:
    """The file's text: indented JSON ending in a newline (an undefined value, such as the interval of
    one value, is ``NaN``, and an infinite effect size ``Infinity``, as Python's json writes them)."""
    return json.dumps(summaries, indent=1, ensure_ascii=False) + "\n"


def load_summaries(path: str | Path) -> dict:
    """Read a summaries file (``datasets/summaries.json``); a folder means its :data:`FILENAME`.

    Raises ``FileNotFoundError`` if missing, ``ValueError`` if it is not this format's :data:`VERSION`.
    """
    path = Path(path)
    if path.is_dir():
        path = path / FILENAME
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{str(path)[-60:]} is not a {FORMAT} file of version {VERSION}; "
                         "make it again with `python -m mandalakit.summaries datasets`")
    return data


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mandalakit.summaries",
                                     description="Write the analysis page's summaries of the shipped tables.")
    parser.add_argument("folder", help="the folder of the tournament tables and the strength ladder (datasets)")
    parser.add_argument("--out", help=f"the file to write (default: FOLDER/{FILENAME})")
    args = parser.parse_args(argv)
    out = Path(args.out) if args.out else Path(args.folder) / FILENAME
    folder = args.folder
    out.write_text(dumps(summarize(load_tables(folder), load_ladders(folder), load_searches(folder),
                                   load_search_variants(folder))), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
