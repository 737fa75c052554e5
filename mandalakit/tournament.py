"""Tournaments: bots × seats × rule options × player counts into one tidy table (design.md,
"Bots, simulation, analysis").

>>> from mandalakit.tournament import tournament
>>> table = tournament("ohanami", players=[2, 3], bots=["greedy", "random"],
...                    vary={"sakura_cap": [15, None]}, rotations=10, seed=1)  # doctest: +SKIP

A *cell* is one player count, one line-up (a multiset of bots, one per seat, from
``itertools.combinations_with_replacement``) and one rule variant (one value of every varied
option, from ``itertools.product``). Every cell plays ``rotations × players`` games. Game ``g``
of a cell is *deal* ``g``: seat ``s`` is played by ``lineup[(s + g) % players]``, so every bot of
a line-up sits in every seat equally often, and its shuffles and bots' seeds come from
``numpy.random.SeedSequence([seed, g])`` (:func:`mandalakit.simulate.game_seeds`). The seeds
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
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass

from .core.contract import check_players, check_seed
from .core.errors import RulesError, shown
from .core.messages import _, bot_name
from .core.registry import get_game
from .simulate import MAX_GAMES, _worker_signals, play_one, resolve_bots, seat_rows, worker_count

#: Key of the Parquet schema metadata that holds the version and arguments (JSON).
METADATA_KEY = b"mandalakit"
#: Start of the column name of a varied option (``rule_sakura_cap``), apart from the summary columns.
OPTION_PREFIX = "rule_"
#: Most games in one chunk of work sent to a worker (a chunk is one task, one progress step).
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


def written(value) -> str:
    """An option value as written on the command line: ``none``, ``true``/``false``, else ``str``."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value)


def cells(game: str, players: Sequence[int] | None = None, bots: Sequence[str] | None = None,
          vary: Mapping[str, Sequence] | None = None, rules: Mapping | None = None) -> list[Cell]:
    """The cells of a tournament, in table order (player count, line-up, variant).

    ``players`` defaults to every count the game allows, ``bots`` to all of its bots.

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
    names = list(spec.bots) if bots is None else [spec.check_bot(name) for name in bots]  # "glouton" is greedy
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
    variants = []
    for values in itertools.product(*vary.values()):
        chosen = dict(zip(vary, values))
        label = ";".join(f"{name}={written(v)}" for name, v in chosen.items()) or "default"
        options = tuple((name, written(v)) for name, v in chosen.items())
        variants.append((label, options, spec.make_rules({**fixed, **chosen}).to_dict()))
    return [Cell(p, resolve_bots(spec, p, lineup), label, options, rules_dict)
            for p in counts
            for lineup in itertools.combinations_with_replacement(names, p)
            for label, options, rules_dict in variants]


def play_chunk(game: str, seed: int, cell: Cell, start: int, stop: int) -> list[dict]:
    """The rows of deals ``start`` to ``stop - 1`` of ``cell`` (the unit of work of a worker);
    from :mod:`mandalakit.fast` when it plays these bots and rules (the same rows, docs/fast.md)."""
    from .fast import simulate_rows, usable

    if usable(game, cell.lineup, cell.rules):
        return simulate_rows(game, cell.players, cell.lineup, cell.rules, seed, range(start, stop), cell.first_columns)
    spec = get_game(game)
    rules = spec.make_rules(cell.rules)
    rows = []
    for deal in range(start, stop):
        state, seat_bots = play_one(spec, cell.players, rules, cell.lineup, seed, deal)
        rows.extend(seat_rows(spec, state, seat_bots, cell.first_columns(deal)))
    return rows


def tournament(
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
):
    """Play every cell of a tournament (see the module's docstring) into one tidy table.

    Parameters
    ----------
    game : str
        ``"ohanami"``, ``"mandala"`` or ``"flowers"``.
    players : sequence of int, optional
        Player counts; default every count the game allows.
    bots : sequence of str, optional
        Bots that meet in every line-up of every player count; default all of the game's bots.
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
        Start a local Dask cluster of this many single-threaded worker processes.
    progress : bool
        Show a tqdm progress bar on stderr (games played).

    Returns
    -------
    pandas.DataFrame
        One row per game and seat, columns as in the module's docstring.

    Raises
    ------
    RulesError
        For bad arguments (see :func:`cells`), ``rotations`` below 1, more than
        :data:`~mandalakit.simulate.MAX_GAMES` games, or both Dask arguments; before any game.
    """
    import pandas as pd

    grid = cells(game, players, bots, vary, rules)
    if isinstance(rotations, bool) or not isinstance(rotations, int) or rotations < 1:
        raise RulesError("options", _("The number of rotations must be a whole number of at least 1, not {value}.",
                                      value=shown(rotations)))
    check_seed(seed)
    total = sum(rotations * c.players for c in grid)
    if total > MAX_GAMES:
        raise RulesError("options", _("This tournament has {total:,} games; at most {most:,} can be played in one run: "
                                      "fewer rotations, bots, player counts or variants.", total=total, most=MAX_GAMES))
    if scheduler is not None and dask_workers is not None:
        raise RulesError("options", _("Give either a Dask scheduler's address or a number of local Dask workers, not both."))

    def chunks(workers: int) -> list[tuple]:
        """The work in chunks of consecutive deals of one cell, about 4 per worker (at most
        :data:`MAX_CHUNK` games each); the rows do not depend on the chunking."""
        size = max(1, min(MAX_CHUNK, total // (4 * workers)))
        return [(game, seed, cell, start, min(start + size, rotations * cell.players))
                for cell in grid for start in range(0, rotations * cell.players, size)]

    if scheduler is not None or dask_workers is not None:
        results = _run_dask(chunks, total, scheduler, dask_workers, progress)
    else:
        jobs = worker_count(total, jobs)
        results = _run_local(chunks(jobs), total, jobs, progress)
    return pd.DataFrame([row for chunk_rows in results for row in chunk_rows])


def _bar(total: int, progress: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="tournament", unit="game", disable=not progress)


def _run_local(chunks: list, total: int, jobs: int, progress: bool) -> list[list[dict]]:
    """Rows of every chunk, in chunk order, played here (``jobs == 1``) or by worker processes."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    results: list = [None] * len(chunks)
    with _bar(total, progress) as bar:
        if jobs == 1:
            for i, chunk in enumerate(chunks):
                results[i] = play_chunk(*chunk)
                bar.update(chunk[4] - chunk[3])
            return results
        pool = ProcessPoolExecutor(jobs, initializer=_worker_signals)
        try:
            futures = {pool.submit(play_chunk, *chunk): i for i, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                bar.update(chunks[i][4] - chunks[i][3])
        finally:  # also on Ctrl-C: no new chunk starts, the running ones are not waited for
            pool.shutdown(wait=False, cancel_futures=True)
    return results


def _run_dask(make_chunks, total: int, scheduler: str | None, workers: int | None,
              progress: bool) -> list[list[dict]]:
    """Rows of every chunk of ``make_chunks(workers)``, in chunk order, played on a Dask
    cluster (see :func:`tournament`): a local one of ``workers`` processes, or the one at
    ``scheduler``, whose workers are counted once connected."""
    import logging

    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise RulesError("options", _("Dask is not installed: pip install 'mandalakit[analysis]'.")) from None
    with ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                       dashboard_address=None, silence_logs=logging.CRITICAL))
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(scheduler))
        chunks = make_chunks(max(1, len(client.scheduler_info().get("workers", {}))))
        results: list = [None] * len(chunks)
        bar = stack.enter_context(_bar(total, progress))
        futures = [client.submit(play_chunk, *chunk, pure=False) for chunk in chunks]
        index = {future.key: i for i, future in enumerate(futures)}
        for future in as_completed(futures):
            i = index[future.key]
            results[i] = future.result()
            bar.update(chunks[i][4] - chunks[i][3])
    return results


def metadata(arguments: Mapping) -> dict:
    """What a table's Parquet file says of itself: the package version and the arguments."""
    from . import __version__

    return {"mandalakit_version": __version__, "arguments": dict(arguments)}


def write_parquet(table, path, arguments: Mapping) -> None:
    """Write ``table`` to ``path`` as Parquet with :func:`metadata` under :data:`METADATA_KEY`."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    arrow = pa.Table.from_pandas(table, preserve_index=False)
    meta = {**(arrow.schema.metadata or {}), METADATA_KEY: json.dumps(metadata(arguments), sort_keys=True).encode()}
    pq.write_table(arrow.replace_schema_metadata(meta), path)


def read_metadata(path) -> dict:
    """The :func:`metadata` stored in a Parquet file written by :func:`write_parquet`."""
    import pyarrow.parquet as pq

    return json.loads(pq.read_schema(path).metadata[METADATA_KEY])
