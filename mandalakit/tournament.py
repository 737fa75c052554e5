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
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial

from .core.contract import check_players, check_seed
from .core.errors import RulesError, shown
from .core.interrupts import deaf_to_ctrl_c, patiently, worker_init
from .core.messages import _, bot_name
from .core.registry import get_game
from .core.search import SEARCH_BOTS
from .simulate import MAX_GAMES, play_one, resolve_bots, seat_rows, worker_count
from .tables import joined

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
    from .tables import frames_of

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
    if dask_workers is not None:
        dask_workers = worker_count(total, dask_workers)  # at most MAX_JOBS (256), as --jobs

    def chunks(workers: int) -> Iterator[tuple]:
        """The work in chunks of consecutive deals of one cell, about 4 per worker (at most
        :data:`MAX_CHUNK` games each); the rows do not depend on the chunking."""
        size = max(1, min(MAX_CHUNK, total // (4 * workers)))
        return ((game, seed, cell, start, min(start + size, rotations * cell.players))
                for cell in grid for start in range(0, rotations * cell.players, size))

    if scheduler is not None or dask_workers is not None:
        results = _run_dask(chunks, total, scheduler, dask_workers, progress)
    else:
        jobs = worker_count(total, jobs)
        results = _run_local(chunks(jobs), total, jobs, progress)
    return frames_of(results)


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


def _run_local(chunks: Iterator[tuple], total: int, jobs: int, progress: bool) -> Iterator[list[dict]]:
    """Rows of every chunk, in chunk order, played here (``jobs == 1``) or by worker processes."""
    from concurrent.futures import ProcessPoolExecutor

    with _bar(total, progress) as bar:
        if jobs == 1:
            for chunk in chunks:
                yield play_chunk(*chunk)
                bar.update(chunk[4] - chunk[3])
            return
        pool = ProcessPoolExecutor(jobs, initializer=worker_init, initargs=(os.getpid(),))
        try:
            for chunk, rows in _in_order(lambda c: pool.submit(play_chunk, *c), chunks, 4 * jobs):
                yield rows
                bar.update(chunk[4] - chunk[3])
        finally:  # also on Ctrl-C in a notebook: no new chunk starts, the running ones are not waited for
            pool.shutdown(wait=False, cancel_futures=True)


def _in_order(submit, chunks: Iterator[tuple], ahead: int) -> Iterator[tuple[tuple, list[dict]]]:
    """``(chunk, submit(chunk).result())`` for every chunk, in chunk order, with at most
    ``ahead`` chunks submitted and not yet read: the workers stay busy while the results held
    in memory stay few, whatever the number of chunks."""
    waiting: deque = deque()
    for chunk in chunks:
        waiting.append((chunk, submit(chunk)))
        if len(waiting) >= ahead:
            chunk, future = waiting.popleft()
            yield chunk, patiently(future.result)
    while waiting:
        chunk, future = waiting.popleft()
        yield chunk, patiently(future.result)


def _run_dask(make_chunks, total: int, scheduler: str | None, workers: int | None,
              progress: bool) -> Iterator[list[dict]]:
    """Rows of every chunk of ``make_chunks(workers)``, in chunk order, played on a Dask
    cluster (see :func:`tournament`): a local one of ``workers`` processes, or the one at
    ``scheduler``, whose workers are counted once connected."""
    import logging

    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RulesError("options", _("Dask is not installed: pip install 'mandalakit[analysis]'.")) from None
    with ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(deaf_to_ctrl_c(  # the command stops its workers itself
                partial(LocalCluster, n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=logging.CRITICAL)))
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(_connect(Client, scheduler))
        count = max(1, len(client.scheduler_info().get("workers", {})))
        bar = stack.enter_context(_bar(total, progress))
        for chunk, rows in _in_order(lambda c: client.submit(play_chunk, *c, pure=False), make_chunks(count),
                                     4 * count):
            yield rows
            bar.update(chunk[4] - chunk[3])


#: Seconds a running Dask scheduler has to answer before :func:`tournament` gives up on it.
CONNECT_SECONDS = 10


def _connect(client_class, scheduler: str):
    """A Dask ``Client`` of the scheduler at ``scheduler``.

    Raises :class:`RulesError` naming the address and why it cannot be reached, in the
    language in force (Dask's own ``OSError`` says it in English, after its own time-out),
    when it does not answer within :data:`CONNECT_SECONDS`: refused, unknown, silent (a server
    that takes the connection and never answers), or not a Dask scheduler.
    """
    try:
        _handshake(scheduler)
        return client_class(scheduler, timeout=CONNECT_SECONDS)
    except OSError as exc:  # Dask's "Timed out trying to connect", caused by the system's refusal
        raise RulesError("options", _("Cannot reach the Dask scheduler at {address}: {reason}.",
                                      address=shown(scheduler), reason=_connection_reason(exc))) from None
    except Exception:  # noqa: BLE001 - another server answered: Dask read its bytes as a frame (MemoryError, ...)
        raise RulesError("options", _("Cannot reach the Dask scheduler at {address}: {reason}.",
                                      address=shown(scheduler),
                                      reason=_("something else answers there, not a Dask scheduler"))) from None


def _handshake(scheduler: str) -> None:
    """Connect to ``scheduler`` and exchange Dask's greetings, all within :data:`CONNECT_SECONDS`.

    A ``tcp://`` address is first reached by a plain connection, so that a refusal or an unknown
    host is said at once with the system's reason (``ConnectionRefusedError``,
    ``socket.gaierror``), not after Dask's retries. Dask's ``Client`` bounds the connection but
    waits for the scheduler's greeting without end, so a server that takes the connection and
    stays silent would hang the command. Raises ``TimeoutError`` (an ``OSError``) when the time
    is up, or what the connections raise. Runs in a thread of its own: a notebook's kernel
    already runs an event loop in this one.
    """
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from distributed.comm import connect
    from distributed.comm.addressing import parse_address, parse_host_port

    async def greet():
        scheme, location = parse_address(scheduler)
        if scheme == "tcp":
            _reader, writer = await asyncio.open_connection(*parse_host_port(location))
            writer.close()
        comm = await connect(scheduler, timeout=0.8 * CONNECT_SECONDS)
        await comm.close()

    async def bounded():
        await asyncio.wait_for(greet(), CONNECT_SECONDS)

    with ThreadPoolExecutor(1, thread_name_prefix="mandalakit-handshake") as thread:
        thread.submit(asyncio.run, bounded()).result()


def _connection_reason(exc: BaseException) -> str:
    """Why a connection failed, in the language in force: the first system error in the chain
    of causes of ``exc`` (refused, unknown host, ...), else no answer in time."""
    import socket

    from .core.messages import os_reason

    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, socket.gaierror):
            return _("no computer of that name was found")
        if isinstance(exc, OSError) and exc.errno is not None:
            return os_reason(exc)
        exc = exc.__cause__ or exc.__context__
    return _("it did not answer within {seconds} seconds", seconds=CONNECT_SECONDS)


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
