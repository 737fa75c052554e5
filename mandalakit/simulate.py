"""Seat-balanced bot simulations into a tidy table (design.md, "Bots, simulation, analysis").

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
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from itertools import islice

import numpy as np

from .core.bots import play, random_playout
from .core.contract import GameSpec, check_players, check_seed, game_seeds
from .core.errors import RulesError, shown
from .core.interrupts import patiently, worker_init
from .core.messages import _, ngettext
from .core.options import MAX_JOBS, check_jobs
from .core.registry import get_game
from .tables import joined

#: Below this many games one process is faster than starting workers.
PARALLEL_THRESHOLD = 200
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
) -> Iterator:
    """The table of :func:`simulate` (same arguments, same rows) as DataFrames of
    :data:`~mandalakit.tables.FRAME_ROWS` rows made as the games are played, so that memory
    does not grow with ``games`` (:func:`mandalakit.tables.write_table` writes them).

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

    if usable(spec.name, names, rules_dict):
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

Returns
-------
pandas.DataFrame
    Columns ``game`` (the game's index), then those of :func:`seat_rows`: ``seat, bot,
    score, winner, shared, margin, decisions, reshuffles, end`` and the game's per-seat
    summary columns (for Ohanami ``round1..round3`` and the suit counts ``blue, green,
    grey, pink``). The whole table is in memory: for millions of games write
    :func:`simulate_frames` with :func:`mandalakit.tables.write_table` instead.
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
