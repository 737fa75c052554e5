"""The arena: bots meet seat-balanced on shared deals; win rates with 95 % intervals and ratings.

>>> from mandalakit.arena import arena, standings
>>> table = arena("mandala", ["greedy", "random"], games=20, seed=1, progress=False)  # doctest: +SKIP
>>> pairs, ratings = standings(table)  # doctest: +SKIP

Every *table* is one set of ``players`` different bots from the list (each combination once).
Deal ``d`` of a table is played ``players`` times, once per *rotation* ``r``: seat ``s`` is
played by ``table[(s + r) % players]``, so each bot sits in each seat equally often, on the
same cards. The deal's shuffle and the bots' seeds come from
``numpy.random.SeedSequence([seed, d])`` (:func:`mandalakit.core.contract.game_seeds`; a bot keeps its
seed over the rotations of a deal): deal ``d`` is the same shuffle at every table, so every
pairing meets the same deals (common random numbers), whatever the number of workers.

Two bots at a table *meet* once per game: the one that finishes ahead wins the meeting (the
game's winners, after its tie-breaks, ahead of the others, then the higher score); a tie
counts half to each. :func:`standings` gives each pairing's win rate with a 95 % Wilson
interval, and each bot's Bradley-Terry rating (``choix``) on the Elo scale (400 points: odds of
10 to 1), the first bot listed at 0, with its CPU seconds per move.
"""

from __future__ import annotations

import itertools
import math
import os
import time
from collections.abc import Mapping, Sequence

from .core.contract import check_players, check_seed
from .core.errors import RulesError, shown
from .core.messages import _, bot_name, ngettext
from .core.interrupts import patiently, worker_init
from .core.registry import get_game
from .simulate import MAX_GAMES, game_seeds, worker_count

#: Standard normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Elo points per unit of Bradley-Terry log-strength (400 points: odds of 10 to 1).
ELO = 400 / math.log(10)


class _Timed:
    """A bot whose CPU seconds and moves are counted (process time: fair on a busy machine)."""

    def __init__(self, bot):
        self.bot = bot
        self.uses_observation = getattr(bot, "uses_observation", True)
        self.seconds = 0.0
        self.moves = 0

    def choose(self, observation, legal_moves):
        start = time.process_time()
        move = self.bot.choose(observation, legal_moves)
        self.seconds += time.process_time() - start
        self.moves += 1
        return move


def play_deal(game: str, table: tuple[str, ...], seed: int, deal: int, rules: Mapping | None = None) -> list[dict]:
    """Every rotation of deal ``deal`` at ``table``: one row per game and seat.

    Columns: ``table`` (the bots, comma-separated), ``deal``, ``rotation``, ``seat``, ``bot``,
    ``score`` (points), ``winner`` (bool), ``place`` (1 for the winners, then 2, ... by score),
    ``seconds`` (the bot's CPU seconds in the game) and ``moves`` (its decisions).
    """
    from .core.bots import play

    spec = get_game(game)
    rules = spec.make_rules(rules)
    players = len(table)
    game_seed, bot_seeds = game_seeds(seed, deal)
    rows = []
    for rotation in range(players):
        seat_bots = [table[(s + rotation) % players] for s in range(players)]
        timed = [_Timed(spec.make_bot(name, seed=bot_seeds[table.index(name)])) for name in seat_bots]
        state = play(spec.new_game(players, seed=game_seed, rules=rules), timed)
        result = state.result()
        ahead = sorted({(s in result.winners, result.scores[s]) for s in range(players)}, reverse=True)
        for s in range(players):
            rows.append({"table": ",".join(table), "deal": deal, "rotation": rotation, "seat": s,
                         "bot": seat_bots[s], "score": result.scores[s], "winner": s in result.winners,
                         "place": 1 + ahead.index((s in result.winners, result.scores[s])),
                         "seconds": timed[s].seconds, "moves": timed[s].moves})
    return rows


def arena(game: str, bots: Sequence[str], games: int, seed: int = 0, players: int = 2,
          rules: Mapping | None = None, jobs: int | None = None, progress: bool = True):
    """Play every table of ``players`` bots from ``bots``, ``games`` games each (see the module).

    Parameters
    ----------
    game : str
    bots : sequence of str
        At least ``players`` different bots of the game (own names or names as people read them).
    games : int
        Games per table, rounded up to whole deals (a multiple of ``players``).
    seed : int
        Base seed; the table of results depends only on it and the arguments.
    players : int
        Seats per game (checked against the game's rule).
    rules : mapping, optional
        The game's rules options.
    jobs : int, optional
        Worker processes; default as :func:`mandalakit.simulate.simulate`.
    progress : bool
        A tqdm progress bar on stderr (games played).

    Returns
    -------
    pandas.DataFrame
        One row per game and seat, columns of :func:`play_deal`, sorted by table, deal, rotation, seat.

    Raises
    ------
    RulesError
        For an unknown or repeated bot, fewer bots than seats, a bad player count (its rule
        id), fewer than 1 game or more than :data:`~mandalakit.simulate.MAX_GAMES`, a bad
        seed or bad rules: before any game.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    spec = get_game(game)
    players = check_players(spec.name, players, spec.min_players, spec.max_players, spec.player_rule)
    names = [spec.check_bot(name) for name in bots]
    if len({spec.bot_behind(n) for n in names}) != len(names) or len(names) < players:  # "hard" is pimc
        raise RulesError("options", _("Give at least {players} different bots, once each, not {bots}.", players=players,
                                      bots=shown(",".join(bot_name(n) for n in names))))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError("options", _("The number of games must be a whole number of at least 1, not {games}.",
                                      games=shown(games)))
    check_seed(seed)
    rules = spec.make_rules(rules).to_dict()
    tables = list(itertools.combinations(names, players))
    deals = -(-games // players)
    total = len(tables) * deals * players
    if total > MAX_GAMES:
        raise RulesError("options", ngettext(
            "At most {most:,} games can be played in one run, not {games} ({total:,} with each deal played once per "
            "seating); split a larger simulation into runs with different seeds.",
            "At most {most:,} games can be played in one run, not {games} for each of {n} sets of bots ({total:,} in "
            "all, each deal played once per seating); split a larger simulation into runs with different seeds.",
            len(tables), most=MAX_GAMES, games=shown(games), total=total))
    work = [(game, table, seed, deal, rules) for deal in range(deals) for table in tables]
    jobs = worker_count(total, jobs)
    results = []
    with tqdm(total=total, desc=_("arena"), unit="game", disable=not progress) as bar:
        if jobs == 1:
            for task in work:
                results.append(play_deal(*task))
                bar.update(players)
        else:
            from concurrent.futures import ProcessPoolExecutor

            pool = ProcessPoolExecutor(jobs, initializer=worker_init, initargs=(os.getpid(),))
            try:
                for future in [pool.submit(play_deal, *task) for task in work]:
                    results.append(patiently(future.result))
                    bar.update(players)
            finally:  # also on Ctrl-C: nothing new starts
                pool.shutdown(wait=False, cancel_futures=True)
    table = pd.DataFrame([row for rows in results for row in rows])
    return table.sort_values(["table", "deal", "rotation", "seat"], kind="stable").reset_index(drop=True)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``wins`` may hold halves for ties)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def meetings(table) -> list[tuple[str, str, float]]:
    """Every meeting of two bots in one game: ``(bot, other, points)``, points 1, 0.5 or 0.

    Tables of several runs may be pooled with a ``seed`` column (each run's seed): deal ``d`` of
    one seed and deal ``d`` of another are different games.
    """
    out = []
    keys = ["seed", "table", "deal", "rotation"] if "seed" in table else ["table", "deal", "rotation"]
    for _key, game in table.groupby(keys, sort=False):
        seats = list(zip(game.bot, game.place))
        for (a, place_a), (b, place_b) in itertools.combinations(seats, 2):
            points = 1.0 if place_a < place_b else 0.0 if place_a > place_b else 0.5
            out.append((a, b, points))
    return out


def standings(table):
    """Win rates of every pairing and ratings of every bot, from an :func:`arena` table (or
    several pooled with a ``seed`` column, see :func:`meetings`).

    Returns
    -------
    pairs : pandas.DataFrame
        One row per pairing ``bot`` vs ``other`` (in the order the bots were listed):
        ``meetings``, ``wins`` (ties count half), ``rate``, ``low`` and ``high`` (95 % Wilson
        interval of the rate).
    ratings : pandas.DataFrame
        One row per bot, strongest first: ``rating`` (Bradley-Terry by ``choix``, Elo scale,
        the first bot listed at 0), ``seconds_per_move`` (CPU), ``moves``.

    Raises
    ------
    RulesError
        If ``choix`` (the ``analysis`` extra) is not installed.
    """
    import numpy as np
    import pandas as pd

    try:
        import choix
    except ImportError:
        raise RulesError("options", _("The ratings need choix: pip install 'mandalakit[analysis]'.")) from None
    order = list(dict.fromkeys(b for t in dict.fromkeys(table.table) for b in t.split(",")))
    index = {b: i for i, b in enumerate(order)}
    tally: dict = {}
    comparisons = []
    for a, b, points in meetings(table):
        if index[a] > index[b]:
            a, b, points = b, a, 1.0 - points
        n, w = tally.get((a, b), (0, 0.0))
        tally[(a, b)] = (n + 1, w + points)
        # A tie is half a win each way: one comparison each way, on a doubled count.
        comparisons += [(index[a], index[b])] * int(2 * points) + [(index[b], index[a])] * int(2 * (1 - points))
    pairs = pd.DataFrame([{"bot": a, "other": b, "meetings": n, "wins": w, "rate": w / n,
                           "low": wilson(w, n)[0], "high": wilson(w, n)[1]} for (a, b), (n, w) in tally.items()])
    strength = choix.ilsr_pairwise(len(order), comparisons, alpha=0.01)
    elo = ELO * (np.asarray(strength) - strength[0])
    moves = table.groupby("bot")["moves"].sum()
    seconds = table.groupby("bot")["seconds"].sum()
    ratings = pd.DataFrame([{"bot": b, "rating": float(elo[index[b]]), "moves": int(moves[b]),
                             "seconds_per_move": float(seconds[b] / moves[b]) if moves[b] else 0.0} for b in order])
    return pairs, ratings.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)
