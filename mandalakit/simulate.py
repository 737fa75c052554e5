"""Seat-balanced bot simulations into a tidy table (docs/design.md, "Bots, simulation, analysis").

>>> from mandalakit.simulate import simulate
>>> table = simulate("ohanami", players=2, games=100, seed=1, bots=["greedy", "random"])  # doctest: +SKIP
>>> table.groupby("bot").winner.mean()  # doctest: +SKIP

Every game ``g`` gets its own seeds from ``numpy.random.SeedSequence([seed, g])``, so a table
is the same whatever the number of worker processes. Bots rotate over the seats: in game
``g`` seat ``s`` is played by ``bots[(s + g) % players]``, so ``games`` a multiple of
``players`` gives every bot every seat equally often.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from functools import partial
from itertools import islice

import numpy as np

from .core.bots import play, random_playout
from .core.contract import GameSpec, check_players, check_seed, game_seeds
from .core.errors import MandalakitError, RulesError, shown
from .core.interrupts import deaf_to_ctrl_c, patiently, worker_init
from .core.messages import _, ngettext
from .core.options import MAX_JOBS, check_jobs
from .core.registry import get_game
from .tables import joined, recut

#: Below this many games one process is faster than starting workers.
PARALLEL_THRESHOLD = 200
#: Most games in one share of work sent to a Dask worker (a task): about 0.1 s of Ohanami
#: and 16 MB of rows, so that scheduling is noise and the rows held stay few.
MAX_SHARE = 16_384
#: Most games one run plays (``games`` above it is refused): ten million games take hours
#: and a table of gigabytes; more is split into runs with different seeds.
MAX_GAMES = 10_000_000


def resolve_bots(spec: GameSpec, players: int, bots: Sequence[str] | None) -> tuple[str, ...]:
    """Check bot names and the player count; one name is used for every seat.

    Raises :class:`RulesError` for a player count outside the game's range (with its rule
    id), for unknown bot names, or for a list whose length is not 1 or ``players``.
    """
    players = check_players(spec.name, players, spec.min_players, spec.max_players, spec.player_rule)
    names = tuple(spec.check_bot(name) for name in bots) if bots else ("random",)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise RulesError("options", _("Give one bot name or one per seat: {names} names for {players} players.",
                                      names=len(names), players=players))
    return names


def play_one(spec: GameSpec, players: int, rules, names: Sequence[str], seed: int, index: int):
    """Play game ``index`` of a simulation; return ``(state, seat_bots)``."""
    rotation = index % players
    seat_bots = [names[(s + rotation) % players] for s in range(players)]
    game_seed, bot_seeds = game_seeds(seed, index)
    state = spec.new_game(players, seed=game_seed, rules=rules)
    play(state, [spec.make_bot(name, seed=bot_seeds[s]) for s, name in enumerate(seat_bots)])
    return state, seat_bots


def _rows(job) -> list[dict]:
    game, players, rules_dict, names, seed, index = job
    spec = get_game(game)
    state, seat_bots = play_one(spec, players, spec.make_rules(rules_dict), names, seed, index)
    return seat_rows(spec, state, seat_bots, {"game": index})


def play_share(game: str, players: int, names: Sequence[str], rules_dict: Mapping, seed: int, start: int,
               stop: int):
    """The rows of games ``start`` to ``stop - 1`` of a simulation as one DataFrame (a share, the
    unit of work of a Dask worker): from :mod:`mandalakit.fast` when it plays these bots and
    rules there, else from the engine."""
    import pandas as pd

    from .fast import usable
    from .fast.run import chunk_frame

    if usable(game, names, rules_dict):
        return chunk_frame(game, players, names, rules_dict, seed, start, stop)
    return pd.DataFrame([row for g in range(start, stop) for row in _rows((game, players, rules_dict, names, seed, g))])


def _rows_of(jobs: list) -> list[list[dict]]:
    """The rows of each game of ``jobs`` (a worker's share of the work), in order."""
    return [_rows(job) for job in jobs]


def seat_rows(spec: GameSpec, state, seat_bots: Sequence[str], first: Mapping) -> list[dict]:
    """The table rows of a finished game, one per seat: ``first`` (the game's coordinates),
    then ``seat, bot, score, winner, shared, margin, decisions, reshuffles, end`` and the
    game's :attr:`~mandalakit.core.contract.GameSpec.seat_summary` columns.

    ``margin``: the seat's score minus the best score of the other seats (points; > 0 for a
    sole winner). ``decisions``: moves made by all seats in the game. ``reshuffles``: chance
    events of kind ``reshuffle`` (Mandala M-6.1, Flowers F-3.5). ``end``: the rule id of the
    end trigger (``state.end_reason``), the same in every row of a game.
    """
    result = state.result()
    scores = result.scores
    decisions = reshuffles = 0
    for seat, move in state.history:
        if seat >= 0:
            decisions += 1
        elif getattr(move, "kind", "") == "reshuffle":
            reshuffles += 1
    end = getattr(state, "end_reason", None) or ""
    rows = []
    for s in range(len(scores)):
        row = dict(first)
        row.update({
            "seat": s,
            "bot": seat_bots[s],
            "score": scores[s],
            "winner": s in result.winners,
            "shared": len(result.winners) > 1 and s in result.winners,
            "margin": scores[s] - max(scores[:s] + scores[s + 1:]),
            "decisions": decisions,
            "reshuffles": reshuffles,
            "end": end,
        })
        row.update(spec.seat_summary(state, s))
        rows.append(row)
    return rows


def simulate_frames(
    game: str,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    rules: Mapping | None = None,
    jobs: int | None = None,
    progress: bool = True,
    scheduler: str | None = None,
    dask_workers: int | None = None,
) -> Iterator:
    """The table of :func:`simulate` (same arguments, same rows) as DataFrames of
    :data:`~mandalakit.tables.FRAME_ROWS` rows (of :data:`mandalakit.fast.run.CHUNK` games for
    the fast path) made as the games are played, so that memory does not grow with ``games``
    (:func:`mandalakit.tables.write_table` writes them).

    Every argument is checked here, before any game: :class:`RulesError` as :func:`simulate`
    says. The games are played as the frames are read.
    """
    from .tables import frames_of

    spec = get_game(game)
    names = resolve_bots(spec, players, bots)
    rules_dict = spec.make_rules(rules).to_dict()
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError("options", _("The number of games must be a whole number of at least 1, not {games}.",
                                      games=shown(games)))
    if games > MAX_GAMES:
        raise RulesError("options", _("At most {most:,} games can be played in one run, not {games}; split a larger "
                                      "simulation into runs with different seeds.", most=MAX_GAMES, games=shown(games)))
    check_seed(seed)
    from .fast import frames, usable  # the same rows from compiled loops (docs/fast.md)
    from .fast.run import CHUNK
    from .tables import FRAME_ROWS

    fast = usable(spec.name, names, rules_dict)
    cluster = dask_cluster(games, jobs, scheduler, dask_workers)
    if cluster is not None:
        def shares(workers: int) -> Iterator[tuple]:
            # Whole chunks of the fast path (its frames are cut there again), 2 to 16 shares a worker.
            size = (CHUNK * max(1, min(MAX_SHARE // CHUNK, games // (CHUNK * 2 * workers))) if fast
                    else max(1, min(256, games // (16 * workers))))
            return ((spec.name, players, names, rules_dict, seed, a, min(a + size, games)) for a in range(0, games, size))

        warm = [(spec.name, players, names, rules_dict, seed, 0, 1)] if fast else []
        played = (frame for _share, frame in on_dask(play_share, shares, cluster, warm))
        return _under_bar(recut(played, players * CHUNK if fast else FRAME_ROWS), games, players,
                          f"{game} {players}p", progress)
    if fast:
        # One process unless asked: it plays tens of thousands of games a second, and each
        # worker would load the compiled kernels again (about 100 MB): docs/fast.md.
        jobs = worker_count(games, 1 if jobs is None else jobs)
        return _under_bar(frames(spec.name, players, names, rules_dict, seed, games, jobs), games, players,
                          f"{game} {players}p", progress)
    jobs = worker_count(games, jobs)
    work = ((game, players, rules_dict, names, seed, g) for g in range(games))
    return frames_of(_played(work, games, jobs, f"{game} {players}p", progress))


simulate = joined(simulate_frames, """Play ``games`` seat-balanced games between bots; one row per game and seat.

Parameters
----------
game : str
    ``"ohanami"``, ``"mandala"`` or ``"flowers"``.
players : int
    Number of seats (checked against the game's rule).
games : int
    Number of games, at least 1 and at most :data:`MAX_GAMES` (10,000,000).
seed : int
    Master seed; the table is a function of it (and of the other arguments) only.
bots : sequence of str, optional
    One bot name for every seat, or one per seat (rotated over seats); default random.
rules : mapping, optional
    Rules options of the game (unknown names raise :class:`RulesError`).
jobs : int, optional
    Worker processes; default all cores when ``games >= PARALLEL_THRESHOLD``, else 1.
    Never more than ``games``; more than :data:`MAX_JOBS` (256) raises :class:`RulesError`.
    Games that :mod:`mandalakit.fast` plays (see :func:`mandalakit.fast.usable`) are played
    far faster, in chunks of 1,024 games, with the same rows, and in one process unless
    ``jobs`` asks for more (a million games in about 300 MB; each worker loads the compiled
    kernels again).
progress : bool
    Show a tqdm progress bar (on stderr).
scheduler : str, optional
    Address of a running dask.distributed scheduler (``tcp://host:8786``) whose workers play
    the games, in shares of up to :data:`MAX_SHARE` games; they need the same mandalakit
    version installed. The rows are those of a local run.
dask_workers : int, optional
    Start a local Dask cluster of this many single-threaded worker processes (at most
    :data:`MAX_JOBS`, 256) instead. Neither with ``jobs``, nor both.

Returns
-------
pandas.DataFrame
    Columns ``game`` (the game's index), then those of :func:`seat_rows`: ``seat, bot,
    score, winner, shared, margin, decisions, reshuffles, end`` and the game's per-seat
    summary columns (for Ohanami ``round1..round3`` and the suit counts ``blue, green,
    grey, pink``). The whole table is in memory: for millions of games write
    :func:`simulate_frames` with :func:`mandalakit.tables.write_table` instead.

Raises
------
RulesError
    For bad arguments, before any game; also when the scheduler cannot be reached.
MandalakitError
    When the Dask cluster fails during the run (tag ``"dask"``, one sentence: a share lost
    with too many workers, the scheduler gone, a worker without mandalakit).
""")


def _under_bar(frames: Iterator, games: int, players: int, desc: str, progress: bool) -> Iterator:
    """``frames`` (of ``players`` rows per game) as they come, under a progress bar of games."""
    from tqdm.auto import tqdm

    with tqdm(total=games, desc=desc, unit="game", disable=not progress) as bar:
        for frame in frames:
            yield frame
            bar.update(len(frame) // players)


def _played(work: Iterator[tuple], games: int, jobs: int, desc: str, progress: bool) -> Iterator[list[dict]]:
    """The rows of each game of ``work`` (see :func:`_rows`), in order, played here or by
    ``jobs`` worker processes, under a progress bar."""
    from tqdm.auto import tqdm

    with ExitStack() as stack:
        if jobs > 1:
            # Leaving the block (also on Ctrl-C in a notebook) terminates the workers at once.
            pool = stack.enter_context(multiprocessing.Pool(jobs, initializer=worker_init, initargs=(os.getpid(),)))
            # Shares of the work as its items, so that imap's iterator is its own (its next takes a
            # timeout: patiently), not the plain generator a chunksize above 1 hands back.
            size = max(1, min(256, games // (jobs * 16)))
            work = iter(work)
            shares = iter(lambda: list(islice(work, size)), [])
            results = _each(pool.imap(_rows_of, shares))
        else:
            results = map(_rows, work)
        yield from tqdm(results, total=games, desc=desc, unit="game", disable=not progress)


def _each(played) -> Iterator[list[dict]]:
    """Every game's rows of ``played`` (an ``imap`` iterator of shares), waited for patiently."""
    while True:
        try:
            share = patiently(played.next)
        except StopIteration:
            return
        yield from share


def worker_count(games: int, jobs: int | None) -> int:
    """How many worker processes :func:`simulate` starts for ``games`` games.

    ``jobs=None`` means all cores for :data:`PARALLEL_THRESHOLD` games or more, else 1. Never
    more workers than games (an idle worker is a process for nothing).

    Raises :class:`RulesError` for ``jobs`` that is not a whole number from 1 to
    :data:`MAX_JOBS` (256), before any process starts.
    """
    if jobs is None:
        jobs = min(os.cpu_count() or 1, MAX_JOBS) if games >= PARALLEL_THRESHOLD else 1
    return min(check_jobs(jobs), games)


#: Longest measuring time of :func:`bench`, in seconds (an hour).
MAX_BENCH_SECONDS = 3600


def bench(game: str, players: int | None = None, seconds: float = 3.0, seed: int = 0,
          rules: Mapping | None = None) -> dict:
    """Random self-play throughput on one core (uniform legal moves, no observations built).

    Rates are per second of this process's CPU time, so other programs on a busy machine
    disturb them less than wall-clock rates. ``players`` defaults (``None`` only) to the
    game's smallest count. ``rules`` are the game's rules options (``{"sakura_cap": None}``).

    Raises :class:`RulesError` for a player count outside the game's range (0 included, with
    its rule id), a ``seconds`` not above 0 and at most 3600, a bad seed, or unknown rules
    names or bad values.

    Returns
    -------
    dict with ``games``, ``decisions``, ``seconds`` (CPU), ``games_per_s``, ``decisions_per_s``.
    """
    spec = get_game(game)
    if players is None:
        players = spec.min_players
    players = check_players(spec.name, players, spec.min_players, spec.max_players, spec.player_rule)
    if not 0 < seconds <= MAX_BENCH_SECONDS:  # also refuses nan
        raise RulesError("options", _("The measuring time must be more than 0 and at most {most} seconds, not "
                                      "{seconds}.", most=MAX_BENCH_SECONDS, seconds=seconds))
    rules = spec.make_rules(rules)
    rng = np.random.default_rng(check_seed(seed))
    games = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _playout in range(10):
            decisions += random_playout(spec.new_game(players, seed=rng, rules=rules), rng)
            games += 1
        elapsed = time.process_time() - start
    return {
        "game": game,
        "players": players,
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
    }


def dask_cluster(games: int, jobs: int | None, scheduler: str | None, workers: int | None) -> tuple | None:
    """``(scheduler, workers)`` of a run on Dask, or None for a local run; ``workers`` (a local
    cluster's) is at most ``games``.

    Raises :class:`RulesError` for both Dask arguments, ``jobs`` with one of them, or more
    workers than :data:`MAX_JOBS`; before any process starts.
    """
    if scheduler is None and workers is None:
        return None
    if scheduler is not None and workers is not None:
        raise RulesError("options", _("Give either a Dask scheduler's address or a number of local Dask workers, not both."))
    if jobs is not None:
        raise RulesError("options", _("Give either a number of local worker processes or a Dask cluster, not both."))
    return scheduler, None if workers is None else worker_count(games, workers)


def on_dask(function, make_shares, cluster: tuple, warm: Sequence[tuple] = ()) -> Iterator[tuple]:
    """``(share, function(*share))`` for every share of ``make_shares(workers)``, in order, played
    on the Dask cluster ``cluster`` (:func:`dask_cluster`): a local one started here, or the one
    at a scheduler's address, whose workers are counted once connected.

    A local cluster's workers are forked from this process where the system forks safely
    (Linux; :func:`local_start_method`), after ``function(*share)`` for each share of ``warm``
    (a game of each kind, played here): they start with its modules imported and its compiled
    loops loaded, instead of a fresh interpreter each that imports Dask, pandas and mandalakit
    and loads the loops again (seconds of CPU a worker).

    At most two shares a worker are sent and not yet read: the results wait on the workers,
    not here. A share lost with its worker is played again by Dask. Raises
    :class:`MandalakitError` (tag ``"dask"``, one sentence) when the cluster fails, the
    :class:`RulesError` of :func:`connect` when the scheduler cannot be reached, and what
    ``function`` raises (a game's own error) as it is.
    """
    import asyncio
    import logging

    try:
        import dask
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RulesError("options", _("Dask is not installed: pip install 'mandalakit[analysis]'.")) from None
    scheduler, workers = cluster
    with ExitStack() as stack:
        stack.enter_context(dask.config.set(DASK_SETTINGS))
        # Dask's own log lines (a traceback for a lost scheduler) would come before the one sentence.
        for name in ["distributed", *(n for n in list(logging.root.manager.loggerDict) if n.startswith("distributed."))]:
            quiet = logging.getLogger(name)
            stack.callback(quiet.setLevel, quiet.level)
            quiet.setLevel(logging.CRITICAL + 1)
        if scheduler is None:
            method = local_start_method()
            if method == "fork":
                for share in warm:
                    function(*share)
            with dask.config.set({"distributed.worker.multiprocessing-method": method}):
                local = stack.enter_context(deaf_to_ctrl_c(  # the command stops its workers itself
                    # No dashboard, and the scheduler's own HTTP routes on a free port: on its default
                    # (8787), taken by another run, Dask would print a warning before the command's lines.
                    partial(LocalCluster, n_workers=workers, threads_per_worker=1, processes=True,
                            dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                            silence_logs=logging.CRITICAL)))
            client = stack.enter_context(Client(local))
        else:
            client = stack.enter_context(connect(Client, scheduler))
        count = max(1, len(client.scheduler_info().get("workers", {})))
        try:
            yield from _in_order_on(client, function, make_shares(count), 2 * count)
        except MandalakitError:
            raise
        except (Exception, asyncio.CancelledError) as exc:  # noqa: BLE001 - Dask's failures, each in one sentence
            raise MandalakitError("dask", _("The Dask run failed: {reason}.", reason=dask_reason(exc))) from None


def local_start_method() -> str:
    """How a local Dask cluster starts its worker processes: ``"fork"`` on Linux (a copy of
    this process, its imports and compiled loops included; the worker's first thread is the
    one of Dask's event loop that forks it), else Dask's own setting (``"spawn"``: a fresh
    interpreter; macOS's system libraries are not safe to fork)."""
    import dask

    if sys.platform.startswith("linux"):
        return "fork"
    return dask.config.get("distributed.worker.multiprocessing-method")


def _in_order_on(client, function, shares, ahead: int) -> Iterator[tuple]:
    """``(share, result)`` of every share, in order, from Dask futures read as they complete
    (``as_completed``), with at most ``ahead`` shares sent and not yet given out."""
    from dask.distributed import as_completed

    shares = iter(shares)
    sent: dict = {}  # future's key -> (index, share, future)
    done: dict = {}  # index -> (share, future), completed out of order
    completed = as_completed()

    def send(index: int, share: tuple) -> None:
        future = client.submit(function, *share, pure=False)
        sent[future.key] = (index, share, future)
        completed.add(future)

    count = 0
    for share in islice(shares, ahead):
        send(count, share)
        count += 1
    given = 0
    for future in completed:
        index, share, future = sent.pop(future.key)
        done[index] = (share, future)
        while given in done:
            share, future = done.pop(given)
            result = future.result()
            future.release()
            given += 1
            for share_next in islice(shares, 1):
                send(count, share_next)
                count += 1
            yield share, result


def dask_reason(exc: BaseException) -> str:
    """Why a Dask run failed, as the end of one sentence."""
    from concurrent.futures import CancelledError

    name = type(exc).__name__
    if name == "KilledWorker":
        return _("a share of the games was lost with every worker that took it; see the workers' logs")
    if isinstance(exc, CancelledError) or name in ("FuturesCancelledError", "CancelledError"):
        return _("the scheduler gave the work up or could no longer be reached")
    if isinstance(exc, ModuleNotFoundError):
        return _("a worker cannot load {module}: install the same mandalakit on every worker",
                 module=shown(exc.name or str(exc)))
    if isinstance(exc, OSError):
        return _("the connection to the cluster was lost ({reason})", reason=str(exc).split("\n")[0] or name)
    text = str(exc).strip().split("\n")[0]
    return f"{name}: {text}" if text else name


#: Dask's settings during a run, in this process and in the workers of a local cluster: no
#: sampling profiler in the workers (every 10 ms by default: a few CPU seconds a worker every
#: minute, seen in ``make bench-dask``), the event loops' watch and the system monitor at 1 and
#: 2 s instead of 20 and 500 ms. Workers of a scheduler's address keep their own settings.
DASK_SETTINGS = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
                 "distributed.admin.system-monitor.interval": "2s"}


#: Seconds a running Dask scheduler has to answer before a run gives up on it.
CONNECT_SECONDS = 10


def connect(client_class, scheduler: str):
    """A Dask ``Client`` of the scheduler at ``scheduler``.

    Raises :class:`RulesError` naming the address and why it cannot be reached, in the
    language in force (Dask's own ``OSError`` says it in English, after its own time-out),
    when it does not answer within :data:`CONNECT_SECONDS`: refused, unknown, silent (a server
    that takes the connection and never answers), or not a Dask scheduler.
    """
    try:
        handshake(scheduler)
        return client_class(scheduler, timeout=CONNECT_SECONDS)
    except OSError as exc:  # Dask's "Timed out trying to connect", caused by the system's refusal
        raise RulesError("options", _("Cannot reach the Dask scheduler at {address}: {reason}.",
                                      address=shown(scheduler), reason=_connection_reason(exc))) from None
    except Exception:  # noqa: BLE001 - another server answered: Dask read its bytes as a frame (MemoryError, ...)
        raise RulesError("options", _("Cannot reach the Dask scheduler at {address}: {reason}.",
                                      address=shown(scheduler),
                                      reason=_("something else answers there, not a Dask scheduler"))) from None


def handshake(scheduler: str) -> None:
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
