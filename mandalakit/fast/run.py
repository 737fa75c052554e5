"""Batches of fast games: their randomness, their table rows and their records.

Two ways to seed a batch (both from seeded numpy Generators only):

* :func:`reference_batch` gives each game ``g`` the generators that
  :func:`mandalakit.simulate.play_one` gives it (``SeedSequence([seed, g])``, then
  ``default_rng`` for the game and each bot): the fast game is the very game the reference
  engine plays, so tables are equal row for row. :mod:`mandalakit.fast.seeds` makes those
  generators for a whole chunk in compiled loops (about a microsecond a game, where numpy's
  objects cost tens).
* :func:`random_batch` draws every game of a batch from one generator: the rate of the
  compiled loops themselves (``bench``, search playouts). Other games than the reference
  engine's for the same seed, equally random.
"""

from __future__ import annotations

import importlib
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from itertools import islice

import numpy as np

from ..core.contract import check_seed
from ..core.registry import GAMES, get_game
from . import seeds
from ._jit import compiled
from ._kernel import whole_blocks

#: Games a :func:`frames` chunk holds: each game is seeded on its own, so a small chunk costs
#: no speed; its random numbers take at most 64 MB (4 seats of at most 2,048 numbers a game).
CHUNK = 1024


def kernel(game: str):
    """The kernel module of ``game`` (its ``GameSpec.fast``), or None if the game has none (yet)."""
    if game not in GAMES:
        return None
    name = get_game(game).fast
    if not name:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:  # a game whose kernel is not written
        if exc.name == name:
            return None
        raise


def usable(game: str, names: Sequence[str], rules: Mapping) -> bool:
    """True if the compiled loops play this game with these bots (one name per seat) and rules
    exactly as the reference engine does, and numba is installed to compile them."""
    module = kernel(game)
    return (compiled() and module is not None and all(name in module.BOTS for name in bots_behind(game, names))
            and module.supports(rules))


def bots_behind(game: str, names: Sequence[str]) -> list[str]:
    """The bots the kernels play for ``names``: a level is its bot (``"medium"`` is ``"greedy"``),
    while the table keeps the names as given."""
    from ..core.registry import get_game

    levels = get_game(game).levels
    return [levels.get(name, name) for name in names]


def seat_names(names: Sequence[str], index: int) -> list[str]:
    """The bot of each seat in game ``index``: ``names`` rotated as in :func:`mandalakit.simulate.play_one`."""
    players = len(names)
    return [names[(s + index) % players] for s in range(players)]


def seat_table(names: Sequence[str], start: int, stop: int) -> np.ndarray:
    """The bots of every seat of games ``start`` to ``stop - 1``, (games, players) names, as
    :func:`seat_names` gives them one game at a time: made in one step for a whole batch."""
    players = len(names)
    rotation = (np.arange(players)[None, :] + np.arange(start, stop)[:, None]) % players
    return np.array(list(names), dtype=object)[rotation]


def reference_batch(module, players: int, names: Sequence[str], seed: int, start: int, stop: int,
                    records: bool = False):
    """``(batch, streams)`` of games ``start`` to ``stop - 1``, each seeded as
    :func:`mandalakit.simulate.play_one` seeds it (bots rotated over the seats), its generators
    made in bulk by :mod:`mandalakit.fast.seeds`; ``records``: keep what :func:`record` needs
    (a few kB a game).

    ``streams`` (B, P, n) holds each seat's first uniform numbers in order of use; the batch
    keeps its bots' generators (``seat_states``, ``seat_blocks``) for a game that needs more.
    """
    games = stop - start
    rotation = (np.arange(players)[None, :] + np.arange(start, stop)[:, None]) % players  # seat_names
    bots = np.array([module.BOTS.index(name) for name in names], np.int64)[rotation]
    blocks = np.array([module.BLOCKS[name] for name in names], np.int64)[rotation]
    words = seeds.seed_words(check_seed(seed))
    states = np.zeros((games, players + 1, seeds.STATE), np.uint64)
    seeds.game_states(words, len(words), start, stop, players, states)
    seat_states = np.ascontiguousarray(states[:, 1:])
    streams = np.empty((games, players, whole_blocks(module.BLOCKS.values(), max(module.STREAMS[n] for n in names))))
    seeds.streams(seat_states, blocks, streams)
    batch = module.Batch.from_states(np.ascontiguousarray(states[:, 0]), bots, players, records)
    batch.seat_states, batch.seat_blocks = seat_states, blocks  # for a game that needs more numbers
    return batch, streams


def random_batch(module, players: int, bots: np.ndarray, rng: np.random.Generator, records: bool = False):
    """``(batch, streams)`` of ``len(bots)`` games all drawn from ``rng`` (``bots``: (B, P) codes;
    ``records``: keep what :func:`record` needs)."""
    batch = module.Batch.from_generator(rng, bots, players, records)
    return batch, rng.random((len(bots), players, module.stream_size(bots)))


def rows_table(module, batch, names_of: Callable[[int], list[str]] | np.ndarray, first: Mapping[str, Sequence]):
    """The table of a played batch, as :func:`mandalakit.simulate.seat_rows` writes it.

    ``first`` holds the leading columns, one value per game; ``names_of`` the bots of each
    game's seats: a (games, players) array of names (:func:`seat_table`, made once for the
    batch), or a function of the game's index in the batch.
    """
    import pandas as pd

    games, players = batch.bots.shape
    if callable(names_of):
        names_of = np.array([names_of(i) for i in range(games)], dtype=object).reshape(games, players)
    scores = batch.scores()
    winners = batch.winners()
    best_other = np.empty_like(scores)
    for s in range(players):
        best_other[:, s] = np.delete(scores, s, axis=1).max(axis=1)
    shared = winners.sum(axis=1) > 1
    columns = {name: np.repeat(np.asarray(values), players) for name, values in first.items()}
    columns["seat"] = np.tile(np.arange(players, dtype=np.int64), games)
    columns["bot"] = np.asarray(names_of, dtype=object).ravel()
    columns["score"] = scores.ravel()
    columns["winner"] = winners.ravel()
    columns["shared"] = (winners & shared[:, None]).ravel()
    columns["margin"] = (scores - best_other).ravel()
    columns["decisions"] = np.repeat(batch.decisions(), players)
    columns["reshuffles"] = np.repeat(batch.reshuffles(), players)
    columns["end"] = np.repeat(np.asarray(batch.end_reasons(), dtype=object), players)
    columns.update((name, values.ravel()) for name, values in module.seat_summary(batch).items())
    return pd.DataFrame(columns)


def play_reference(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, start: int, stop: int,
                   records: bool = False):
    """Games ``start`` to ``stop - 1`` of :func:`mandalakit.simulate.simulate` played fast:
    ``(module, batch)``, the same games as the reference engine's."""
    module = kernel(game)
    batch, streams = reference_batch(module, players, bots_behind(game, names), seed, start, stop, records)
    module.play_games(batch, streams, rules)
    return module, batch


def chunk_frame(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, start: int, stop: int):
    """The rows of :func:`mandalakit.simulate.simulate` for its games ``start`` to ``stop - 1``,
    played :data:`CHUNK` games at a time (so that a large share, the unit of work of a Dask
    worker, takes no more memory for its random numbers than one chunk) in one DataFrame."""
    return deals_frame(game, players, names, rules, seed, range(start, stop),
                       lambda part: {"game": np.arange(part.start, part.stop)})


def _chunk_frame(work: tuple):
    return chunk_frame(*work)


def frames(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, games: int, jobs: int = 1):
    """The table of :func:`mandalakit.simulate.simulate`, in DataFrames of :data:`CHUNK` games, in order.

    The rows are those the reference engine gives for the same arguments (same columns,
    dtypes and values). ``jobs`` worker processes play the chunks (each a chunk at a time),
    never more than two chunks each ahead of the reader, so that memory does not grow when the
    reader (a table writer) is slower than the games; closing the generator early stops them.
    """
    work = [(game, players, tuple(names), dict(rules), seed, start, min(start + CHUNK, games))
            for start in range(0, games, CHUNK)]
    if jobs <= 1 or len(work) == 1:
        for chunk in work:
            yield _chunk_frame(chunk)
        return
    import multiprocessing

    import os

    from ..core.interrupts import patiently, worker_init

    jobs = min(jobs, len(work))
    with multiprocessing.Pool(jobs, initializer=worker_init, initargs=(os.getpid(),)) as pool:
        waiting = iter(work)
        ahead = deque(pool.apply_async(_chunk_frame, (chunk,)) for chunk in islice(waiting, 2 * jobs))
        while ahead:
            frame = patiently(ahead.popleft().get)
            ahead.extend(pool.apply_async(_chunk_frame, (chunk,)) for chunk in islice(waiting, 1))
            yield frame


def record(game: str, batch, g: int, players: Sequence[str] | None = None, seed: int | None = None) -> dict:
    """Game ``g`` of a played batch as a record (:mod:`mandalakit.core.records` format) that
    :func:`mandalakit.core.records.replay` replays to the same result."""
    from ..core.records import FORMAT, VERSION

    module = kernel(game)
    count = batch.bots.shape[1]
    names = list(players) if players is not None else [module.BOTS[b] for b in batch.bots[g]]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "rules": batch.rules_dict(),
        "players": [{"seat": i, "name": str(n)} for i, n in enumerate(names)],
        "setup": {"players": count, **batch.setup()},
        "seed": seed,
        "events": module.events(batch, g),
        "result": module.result(batch, g),
    }


def bench(game: str, players: int, rules: Mapping, seconds: float, seed: int, bots: str = "random") -> dict:
    """Rate of the compiled loops on one core, every seat played by ``bots``, games drawn from
    one generator (:func:`random_batch`); rates per second of this process's CPU time.

    The first batch (which compiles, or loads the compiled loops from numba's cache) is not
    timed. Returns a dict as :func:`mandalakit.simulate.bench` does.
    """
    module = kernel(game)
    rng = np.random.default_rng(seed)
    size = 2048
    codes = np.full((size, players), module.BOTS.index(bots), np.int64)
    batch, streams = random_batch(module, players, codes[:8], rng)
    module.play_games(batch, streams, rules)  # compile outside the clock
    games = decisions = 0
    elapsed = 0.0
    start = time.process_time()
    while elapsed < seconds:  # the randomness is drawn on the clock too
        batch, streams = random_batch(module, players, codes, rng)
        module.play_games(batch, streams, rules)
        elapsed = time.process_time() - start
        games += size
        decisions += int(batch.decisions().sum())
    return {"game": game, "players": players, "games": games, "decisions": decisions, "seconds": elapsed,
            "games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed}


def simulate_table(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, games: int,
                   progress: bool = False, jobs: int = 1):
    """The DataFrame :func:`mandalakit.simulate.simulate` returns, played fast (by ``jobs`` processes).

    ``names`` has one bot per seat (rotated over the games), ``rules`` is ``Rules.to_dict()``;
    check :func:`usable` first. A tqdm progress bar on stderr if ``progress``.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    parts = []
    with tqdm(total=games, desc=f"{game} {players}p", unit="game", disable=not progress) as bar:
        for frame in frames(game, players, names, rules, seed, games, jobs):
            parts.append(frame)
            bar.update(len(frame) // players)
    return pd.concat(parts, ignore_index=True)


def simulate_rows(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, deals: range,
                  first: Callable[[int], Mapping]) -> list[dict]:
    """The rows of games ``deals`` as :func:`mandalakit.tournament.play_chunk` writes them:
    ``first(deal)`` gives each game's leading columns (the tournament's cell and deal)."""
    import pandas as pd

    def columns(part: range) -> dict:
        leading = pd.DataFrame([first(deal) for deal in part])
        return {key: leading[key].to_numpy() for key in leading.columns}

    return deals_frame(game, players, names, rules, seed, deals, columns).to_dict("records")


def deals_frame(game: str, players: int, names: Sequence[str], rules: Mapping, seed: int, deals: range,
                columns: Callable[[range], Mapping[str, np.ndarray]]):
    """The rows of games ``deals`` as one DataFrame, played :data:`CHUNK` games at a time:
    ``columns(part)`` gives the leading columns of the games ``part`` (one value a game)."""
    import pandas as pd

    parts = []
    for a in range(deals.start, deals.stop, CHUNK):
        b = min(a + CHUNK, deals.stop)
        module, batch = play_reference(game, players, names, rules, seed, a, b)
        parts.append(rows_table(module, batch, seat_table(names, a, b), columns(range(a, b))))
    return parts[0] if len(parts) == 1 else pd.concat(parts, ignore_index=True)


def playouts(game: str, players: int, games: int, rng: np.random.Generator, bots: str = "random", rules=None,
             records: bool = False):
    """Play ``games`` games from ``rng`` alone (search playouts, statistics); return the played batch.

    Its ``scores()`` and ``winners()`` are (games, players) arrays. ``rules`` is a mapping of
    the game's rules options (default: the defaults). With ``records``, :func:`record` exports
    any of its games (a Flowers game keeps 16 kB for it, a Mandala game 8 kB).

    Raises
    ------
    RulesError
        For a game, bot or rules the compiled loops do not play (see :func:`usable`).
    """
    from ..core.errors import RulesError
    from ..core.messages import _
    from ..core.registry import get_game

    spec = get_game(game)
    rules = spec.make_rules(rules).to_dict()
    module = kernel(game)
    if module is None or bots not in module.BOTS or not module.supports(rules):
        raise RulesError("options", _("The fast simulator does not play {game} with the {bot} bot.", game=game,
                                      bot=bots))
    codes = np.full((games, players), module.BOTS.index(bots), np.int64)
    batch, streams = random_batch(module, players, codes, rng, records)
    module.play_games(batch, streams, rules)
    return batch
