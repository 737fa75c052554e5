"""Tournaments: bots × seats × rule options × player counts into one tidy table (docs/design.md,
"Bots, simulation, analysis").

>>> from mandalakit.tournament import tournament
>>> table = tournament("ohanami", players=[2, 3], bots=["greedy", "random"],
...                    vary={"sakura_cap": [15, None]}, rotations=10, seed=1)  # doctest: +SKIP

A *cell* is one player count, one line-up (a multiset of bots, one per seat, from
``itertools.combinations_with_replacement``) and one rule variant (one value of every varied
option, from ``itertools.product``). Every cell plays ``rotations × players`` games. Game ``g``
of a cell is *deal* ``g``: seat ``s`` is played by ``lineup[(s + g) % players]``, so every bot of
a line-up sits in every seat equally often, and its shuffles and bots' seeds come from
``numpy.random.SeedSequence([seed, g])`` (:func:`mandalakit.core.contract.game_seeds`). The seeds
depend only on the base seed and the deal, never on the worker that plays the game, so the
table is the same whatever the number of workers, local or on Dask. Deal ``g`` is the same
shuffle in every cell of a player count: line-ups and variants are compared on the same deals
(common random numbers), and the rows of one cell are exactly those of
``simulate(game, players, rotations * players, seed, lineup, rules)`` (its ``game`` column is
the ``deal`` here).

Table schema (one row per game and seat, sorted by cell, deal and seat)
------------------------------------------------------------------------
``players`` (int, seats in the game), ``lineup`` (str, the cell's bots sorted as given,
comma-separated), ``variant`` (str, the varied options as ``name=value`` joined by ``;``,
``default`` when nothing varies), one column ``rule_<name>`` per varied option (str, its value
as written on the command line, ``none`` for None), ``deal`` (int), then the columns of
:func:`mandalakit.simulate.seat_rows`: ``seat`` (int, 0 moves first), ``bot`` (str),
``score`` (int, points), ``winner`` and ``shared`` (bool), ``margin`` (int, points: the score
minus the best other score), ``decisions`` (int, moves by all seats in the game),
``reshuffles`` (int), ``end`` (str, rule id of the end trigger), and the game's per-seat
summary columns. The Parquet file's metadata key ``mandalakit`` holds JSON with the package
version and the arguments (:func:`write_parquet`, :func:`read_metadata`).
"""

from __future__ import annotations

import itertools
import json
import os
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from .core.contract import check_players, check_seed
from .core.errors import RulesError, shown
from .core.interrupts import patiently, worker_init
from .core.messages import _, bot_name
from .core.registry import get_game
from .core.search import SEARCH_BOTS
from .simulate import MAX_GAMES, MAX_SHARE, dask_cluster, on_dask, play_one
from .simulate import connect as _connect  # noqa: F401 - its name here before it served simulate too
from .simulate import resolve_bots, seat_rows, worker_count
from .tables import joined, recut

#: Key of the Parquet schema metadata that holds the version and arguments (JSON).
METADATA_KEY = b"mandalakit"
#: Start of the column name of a varied option (``rule_sakura_cap``), apart from the summary columns.
OPTION_PREFIX = "rule_"
#: Most games in one share of work sent to a worker when the engine plays them (the fast path's
#: shares hold up to :data:`~mandalakit.simulate.MAX_SHARE` games): one task, one progress step.
MAX_CHUNK = 100


@dataclass(frozen=True)
class Cell:
    """One player count × line-up × rule variant of a tournament."""

    players: int
    lineup: tuple[str, ...]
    variant: str
    options: tuple[tuple[str, str], ...]  # the varied options as written, in --vary order
    rules: dict  # every option of the variant, JSON-ready (Rules.to_dict), sent to the workers

    def first_columns(self, deal: int) -> dict:
        out = {"players": self.players, "lineup": ",".join(self.lineup), "variant": self.variant}
        out.update((f"{OPTION_PREFIX}{name}", value) for name, value in self.options)
        out["deal"] = deal
        return out

    def first_table(self, deals: range) -> dict:
        """The leading columns of the games ``deals`` at once, one array each, typed as
        ``pandas.DataFrame`` types a list of :meth:`first_columns`."""
        import numpy as np

        games = len(deals)
        out = {"players": np.full(games, self.players, np.int64),
               "lineup": np.full(games, ",".join(self.lineup), object),
               "variant": np.full(games, self.variant, object)}
        out.update((f"{OPTION_PREFIX}{name}", np.full(games, value, object)) for name, value in self.options)
        out["deal"] = np.arange(deals.start, deals.stop, dtype=np.int64)
        return out


def written(value) -> str:
    """An option value as written on the command line: ``none``, ``true``/``false``, else ``str``."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value)


def default_bots(game: str) -> list[str]:
    """The bots a tournament plays when none are named: every bot of ``game`` but the search bots
    (:data:`~mandalakit.core.search.SEARCH_BOTS`, about 0.4 s a move: thousands of times slower),
    in the game's order; ``["random", "greedy"]``, and the rule of thumb ``"heuristic"`` in Mandala."""
    return [name for name in get_game(game).bots if name not in SEARCH_BOTS]


def cells(game: str, players: Sequence[int] | None = None, bots: Sequence[str] | None = None,
          vary: Mapping[str, Sequence] | None = None, rules: Mapping | None = None) -> list[Cell]:
    """The cells of a tournament, in table order (player count, line-up, variant).

    ``players`` defaults to every count the game allows, ``bots`` to :func:`default_bots`.

    Raises
    ------
    RulesError
        For a player count outside the game's range (its rule id), an unknown or repeated
        bot, an option both fixed and varied, an option varied with no value or a value
        twice, or a variant the game's ``Rules`` refuse (its rule id): all before any game.
    """
    spec = get_game(game)
    counts = list(range(spec.min_players, spec.max_players + 1)) if players is None else list(players)
    if not counts or len(set(counts)) != len(counts):
        raise RulesError("options", _("Give each player count once, not {counts}.", counts=shown(counts)))
    counts = [check_players(spec.name, p, spec.min_players, spec.max_players, spec.player_rule) for p in counts]
    names = default_bots(game) if bots is None else [spec.check_bot(name) for name in bots]  # "glouton" is greedy
    if not names or len(set(names)) != len(names):
        raise RulesError("options", _("Give each bot once, not {bots}.",  # named as the command prints them
                                      bots=shown(",".join(bot_name(name) for name in names))))
    vary = dict(vary or {})
    fixed = dict(rules or {})
    for name, values in vary.items():
        if name in fixed:
            raise RulesError("options", _("The option {name} is both fixed (--rule) and varied (--vary); give it once.", name=shown(name)))
        texts = [written(v) for v in values]
        if not texts or len(set(texts)) != len(texts):
            raise RulesError("options", _("Give each value of {name} once, not {values}.", name=shown(name), values=shown(",".join(texts))))
    def value(name, v):
        # A file option named by its path (an analyst's tiles="my_tiles.csv", as --vary writes it) is
        # read here, once, where the tournament runs; the variant keeps the path as its label.
        if isinstance(v, str) and name in spec.rules.file_options:
            return spec.rules.option_from_command_line(name, v)
        return v

    fixed = {name: value(name, v) for name, v in fixed.items()}
    variants = []
    for values in itertools.product(*vary.values()):
        chosen = dict(zip(vary, values))
        label = ";".join(f"{name}={written(v)}" for name, v in chosen.items()) or "default"
        options = tuple((name, written(v)) for name, v in chosen.items())
        variants.append((label, options, spec.make_rules({**fixed, **{n: value(n, v) for n, v in chosen.items()}})
                         .to_dict()))
    return [Cell(p, resolve_bots(spec, p, lineup), label, options, rules_dict)
            for p in counts
            for lineup in itertools.combinations_with_replacement(names, p)
            for label, options, rules_dict in variants]


def play_chunk(game: str, seed: int, cell: Cell, start: int, stop: int) -> list[dict]:
    """The rows of deals ``start`` to ``stop - 1`` of ``cell``, as row dicts (:func:`play_share`)."""
    return play_share(game, seed, ((cell, start, stop),)).to_dict("records")


def play_share(game: str, seed: int, pieces: Sequence[tuple]):
    """The rows of a share of a tournament (the unit of work of a worker) as one DataFrame:
    ``pieces`` are ``(cell, start, stop)``, deals ``start`` to ``stop - 1`` of a cell, in table
    order; from :mod:`mandalakit.fast` when it plays a cell's bots and rules (the same rows,
    docs/fast.md), else from the engine."""
    import pandas as pd

    from .fast import usable
    from .fast.run import deals_frame

    spec = get_game(game)
    parts = []
    for cell, start, stop in pieces:
        if usable(game, cell.lineup, cell.rules):
            parts.append(deals_frame(game, cell.players, cell.lineup, cell.rules, seed, range(start, stop),
                                     cell.first_table))
            continue
        rules = spec.make_rules(cell.rules)
        rows = []
        for deal in range(start, stop):
            state, seat_bots = play_one(spec, cell.players, rules, cell.lineup, seed, deal)
            rows.extend(seat_rows(spec, state, seat_bots, cell.first_columns(deal)))
        parts.append(pd.DataFrame(rows))
    return parts[0] if len(parts) == 1 else pd.concat(parts, ignore_index=True)


def shares(game: str, grid: Sequence[Cell], rotations: int, total: int, workers: int) -> Iterator[tuple]:
    """The work of a tournament in shares of consecutive deals (:func:`play_share`'s pieces),
    about 4 per worker: up to :data:`~mandalakit.simulate.MAX_SHARE` games of the cells the fast
    path plays, which may span cells, and up to :data:`MAX_CHUNK` of the others. The rows do not
    depend on the sharing."""
    from .fast import usable

    big = max(1, min(MAX_SHARE, total // (4 * workers)))
    small = max(1, min(MAX_CHUNK, total // (4 * workers)))
    share: list = []
    held = 0
    for cell in grid:
        size = big if usable(game, cell.lineup, cell.rules) else small
        games = rotations * cell.players
        start = 0
        while start < games:
            if held >= size:
                yield tuple(share)
                share, held = [], 0
            stop = min(games, start + size - held)
            share.append((cell, start, stop))
            held += stop - start
            start = stop
    if share:
        yield tuple(share)


def share_games(share: Sequence[tuple]) -> int:
    """The number of games of a share."""
    return sum(stop - start for _cell, start, stop in share)


def tournament_frames(
    game: str,
    players: Sequence[int] | None = None,
    bots: Sequence[str] | None = None,
    vary: Mapping[str, Sequence] | None = None,
    rules: Mapping | None = None,
    rotations: int = 1,
    seed: int = 0,
    jobs: int | None = None,
    scheduler: str | None = None,
    dask_workers: int | None = None,
    progress: bool = True,
) -> Iterator:
    """The table of :func:`tournament` (same arguments, same rows) as DataFrames of
    :data:`~mandalakit.tables.FRAME_ROWS` rows made as the games are played, so that memory
    does not grow with the number of games (:func:`mandalakit.tables.write_table` writes them).

    Every argument is checked here, before any game (:class:`RulesError` as :func:`tournament`
    says); the games are played as the frames are read.
    """
    from .tables import FRAME_ROWS

    grid = cells(game, players, bots, vary, rules)
    if isinstance(rotations, bool) or not isinstance(rotations, int) or rotations < 1:
        raise RulesError("options", _("The number of rotations must be a whole number of at least 1, not {value}.",
                                      value=shown(rotations)))
    check_seed(seed)
    total = sum(rotations * c.players for c in grid)
    if total > MAX_GAMES:
        raise RulesError("options", _("This tournament has {total:,} games; at most {most:,} can be played in one run: "
                                      "fewer rotations, bots, player counts or variants.", total=total, most=MAX_GAMES))
    cluster = dask_cluster(total, jobs, scheduler, dask_workers)  # at most MAX_JOBS (256) workers, as --jobs

    def work(workers: int) -> Iterator[tuple]:
        return ((game, seed, share) for share in shares(game, grid, rotations, total, workers))

    if cluster is not None:
        from .fast import usable

        # One game of every cell the fast path plays, before a local cluster forks its workers.
        warm = [(game, seed, ((cell, 0, 1),)) for cell in grid if usable(game, cell.lineup, cell.rules)]
        results = _run_dask(work, total, cluster, progress, warm)
    else:
        jobs = worker_count(total, jobs)
        results = _run_local(work(jobs), total, jobs, progress)
    return recut(results, FRAME_ROWS)


tournament = joined(tournament_frames, """Play every cell of a tournament (see the module's docstring) into one tidy table.

Parameters
----------
game : str
    ``"ohanami"``, ``"mandala"`` or ``"flowers"``.
players : sequence of int, optional
    Player counts; default every count the game allows.
bots : sequence of str, optional
    Bots that meet in every line-up of every player count; default :func:`default_bots`
    (every bot but the search bots, which are asked for by name: ``["pimc", "greedy"]``).
vary : mapping of str to sequence, optional
    Rules options to vary, each with its values (``{"sakura_cap": [15, None]}``); every
    combination is a variant.
rules : mapping, optional
    Rules options fixed for every game.
rotations : int
    Full rotations over the seats per cell: each cell plays ``rotations × players`` games.
seed : int
    Base seed; the table depends only on it and the arguments above.
jobs : int, optional
    Local worker processes (concurrent.futures); default as :func:`~mandalakit.simulate.simulate`.
scheduler : str, optional
    Address of a running dask.distributed scheduler (``tcp://host:8786``); its workers
    need the same mandalakit version installed.
dask_workers : int, optional
    Start a local Dask cluster of this many single-threaded worker processes (at most
    :data:`~mandalakit.simulate.MAX_JOBS`, 256).
progress : bool
    Show a tqdm progress bar on stderr (games played).

Returns
-------
pandas.DataFrame
    One row per game and seat, columns as in the module's docstring. The whole table is
    in memory: for millions of games write :func:`tournament_frames` with
    :func:`mandalakit.tables.write_table` instead.

Raises
------
RulesError
    For bad arguments (see :func:`cells`), ``rotations`` below 1, more than
    :data:`~mandalakit.simulate.MAX_GAMES` games, both Dask arguments, or more Dask
    workers than :data:`~mandalakit.simulate.MAX_JOBS`; before any game. Also when the
    scheduler at ``scheduler`` cannot be reached.
""")


def _bar(total: int, progress: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="tournament", unit="game", disable=not progress)


def _run_local(work: Iterator[tuple], total: int, jobs: int, progress: bool) -> Iterator:
    """The DataFrame of every share of ``work``, in order, played here (``jobs == 1``) or by
    worker processes."""
    from concurrent.futures import ProcessPoolExecutor

    with _bar(total, progress) as bar:
        if jobs == 1:
            for share in work:
                yield play_share(*share)
                bar.update(share_games(share[2]))
            return
        pool = ProcessPoolExecutor(jobs, initializer=worker_init, initargs=(os.getpid(),))
        try:
            for share, frame in _in_order(lambda s: pool.submit(play_share, *s), work, 2 * jobs):
                yield frame
                bar.update(share_games(share[2]))
        finally:  # also on Ctrl-C in a notebook: no new share starts, the running ones are not waited for
            pool.shutdown(wait=False, cancel_futures=True)


def _in_order(submit, work: Iterator[tuple], ahead: int) -> Iterator[tuple]:
    """``(share, submit(share).result())`` for every share, in order, with at most ``ahead``
    shares submitted and not yet read: the workers stay busy while the results held in memory
    stay few, whatever the number of shares."""
    waiting: deque = deque()
    for share in work:
        waiting.append((share, submit(share)))
        if len(waiting) >= ahead:
            share, future = waiting.popleft()
            yield share, patiently(future.result)
    while waiting:
        share, future = waiting.popleft()
        yield share, patiently(future.result)


def _run_dask(work, total: int, cluster: tuple, progress: bool, warm: Sequence[tuple] = ()) -> Iterator:
    """The DataFrame of every share of ``work(workers)``, in order, played on the Dask cluster
    ``cluster`` (:func:`mandalakit.simulate.on_dask`, which plays ``warm`` first)."""
    with _bar(total, progress) as bar:
        for share, frame in on_dask(play_share, work, cluster, warm):
            yield frame
            bar.update(share_games(share[2]))


def metadata(arguments: Mapping) -> dict:
    """What a table's Parquet file says of itself: the package version and the arguments."""
    from . import __version__

    return {"mandalakit_version": __version__, "arguments": dict(arguments)}


def write_parquet(frames, path, arguments: Mapping) -> None:
    """Write a tournament's table to ``path`` as Parquet with :func:`metadata` under
    :data:`METADATA_KEY`: ``frames`` is the table (a DataFrame) or its chunks in order
    (:func:`tournament_frames`), each written as it comes (:func:`mandalakit.tables.write_table`)."""
    import pandas as pd

    from .tables import write_table

    chunks = [frames] if isinstance(frames, pd.DataFrame) else frames
    write_table(chunks, path, ".parquet", {METADATA_KEY: json.dumps(metadata(arguments), sort_keys=True).encode()})


def read_metadata(path) -> dict:
    """The :func:`metadata` stored in a Parquet file written by :func:`write_parquet`."""
    import pyarrow.parquet as pq

    return json.loads(pq.read_schema(path).metadata[METADATA_KEY])
