"""Search bots over the engine contract: determinised sampling (PIMC) and information-set MCTS.

Both see only the observation and the legal moves (docs/design.md, "Bots, simulation,
analysis"). From the observation the game's :attr:`~.contract.GameSpec.from_observation`
builds a state with the hidden cards in a fixed order, and :meth:`~.contract.State.determinize` deals them again with the bot's own
generator: every sample is a state the seat cannot tell from the real one (a *determinisation*
of its *information set*). Nothing else of the real game reaches the search, so the bots
cannot peek (``tests/engines/test_search.py`` permutes the hidden cards and checks the choice).

* :class:`PIMCBot` (perfect-information Monte Carlo, "determinised sampling"): every legal move
  is tried on the same determinisations, each followed by one rollout; the move with the best
  mean reward wins. Long known to be strong in card games (Ginsberg's GIB; Long et al. 2010).
* :class:`ISMCTSBot` (single-observer information-set MCTS, Cowling, Powley and Whitehouse
  2012): one tree of moves over the seat's information set; each iteration samples a
  determinisation, descends by UCB among the moves legal in it (counting how often each was
  available), adds one node and rolls out.

A *rollout* plays a determinisation to the end with the game's greedy bot (``"greedy"``) or with
uniformly random legal moves (``"random"``), in the engine or on the fast path (``playouts``,
:data:`PLAYOUTS`: the same moves, faster); ``rollout_depth`` cuts it after that many
decisions and values the position by its scores so far; without it a rollout is played to the
end of the game, which every game's rules bring (Mandala's M-7.6 ends the games in which two greedy
bots only discard and draw again).
The reward of a seat is in [0, 1]: half its share of the victory (ties after the game's tie-breaks share it), half its score
margin over the best other seat, squashed by ``tanh(margin / margin_scale)`` (:func:`reward`).

Budgets: ``iterations`` rollouts per decision (reproducible: same seed and observation, same
move), or ``seconds`` of wall-clock time per decision (not reproducible: it depends on the
machine's load), whichever ends first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .contract import Seed, State, make_rng
from .errors import IllegalMoveError
from .registry import get_game

#: Rollout policies by name.
ROLLOUTS = ("greedy", "random")
#: Where rollouts are played (the ``playouts`` option): ``"auto"`` on the fast path
#: (:mod:`mandalakit.fast.playout`) when numba is installed and it plays the game and the rollout
#: policy, else in the engine; ``"fast"`` always there (an error where it cannot); ``"reference"``
#: always in the engine. Both paths make the same moves from the same generator.
PLAYOUTS = ("auto", "fast", "reference")
#: The games' names of the search bots (seconds a move, not milliseconds: a tournament plays them
#: only when asked).
SEARCH_BOTS = ("pimc", "ismcts")


def shares(state: State) -> list[float]:
    """Each seat's share of the victory in ``state``: 1/k for each of the k winners (after the
    game's tie-breaks once finished; by score in a position cut off before the end), else 0."""
    scores = state.scores()
    if state.is_terminal():
        winners = state.result().winners
    else:
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(scores))]


def reward(state: State, margin_scale: float = 10.0) -> list[float]:
    """Reward in [0, 1] of every seat for ``state`` (finished, or cut off in a rollout).

    ``0.5 × share + 0.5 × (1 + tanh(margin / margin_scale)) / 2``: ``share`` from
    :func:`shares`; ``margin`` is the seat's score minus the best other score, in points.
    """
    scores = state.scores()
    out = []
    for p, share in enumerate(shares(state)):
        margin = scores[p] - max(scores[:p] + scores[p + 1:])
        out.append(0.5 * share + 0.25 * (1.0 + math.tanh(margin / margin_scale)))
    return out


def light_clone(state: State, rng) -> State:
    """A clone that shares ``rng`` for its chance events and keeps no history.

    Cloning a generator costs more than cloning a whole position (``State.clone`` copies it so
    a clone draws the same future; a rollout needs no such thing), and a rollout never reads
    the history.
    """
    own = state.rng
    state.rng = None
    try:
        new = state.clone()
    finally:
        state.rng = own
    new.rng = rng
    new.history = []
    return new


class _Searcher:
    """What both search bots share: samples of the information set, rollouts, the budget."""

    uses_observation = True

    def __init__(self, game: str, seed: Seed = None, *, iterations: int | None = 200,
                 seconds: float | None = None, rollout: str = "greedy", rollout_depth: int | None = None,
                 margin_scale: float = 10.0, candidates: int | None = None, rules=None, playouts: str = "auto"):
        if iterations is None and seconds is None:
            raise ValueError("A search bot needs a budget: iterations, seconds or both.")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}.")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be more than 0, not {seconds!r}.")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}.")
        if playouts not in PLAYOUTS:
            raise ValueError(f"playouts must be one of {', '.join(PLAYOUTS)}, not {playouts!r}.")
        self.spec = get_game(game)
        if self.spec.from_observation is None:
            raise ValueError(f"{game} has no from_observation: its states cannot be sampled from an observation.")
        self.rng = make_rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.margin_scale = margin_scale
        self.candidates = candidates
        self.rules = rules
        greedy = self.spec.make_bot("greedy", seed=self.rng) if rollout == "greedy" or candidates else None
        self._greedy = greedy if rollout == "greedy" else None
        self._prior = greedy if candidates else None
        self._uniform: list[float] = []
        self._fast = False
        if playouts != "reference":
            from ..fast.playout import usable

            self._fast = usable(game, rollout, rules)
            if playouts == "fast" and not self._fast:
                raise ValueError(f"{game} rollouts by {rollout} bots cannot run on the fast path here (it needs "
                                 "numba, the fast extra, and a kernel for the game): use playouts='auto' or "
                                 "'reference'.")

    # ----- pieces -----------------------------------------------------------------------------
    def information_set(self, observation) -> State:
        """The observation's state with the hidden cards in a fixed order (see the module)."""
        return self.spec.from_observation(observation, self.rules)

    def shortlist(self, observation, legal_moves: Sequence) -> list:
        """The moves searched: all, or the ``candidates`` best by the greedy bot's values (in
        the order of ``legal_moves``)."""
        if not self.candidates or len(legal_moves) <= self.candidates:
            return list(legal_moves)
        values = self._prior.values(observation, legal_moves)
        keep = set(sorted(range(len(values)), key=lambda i: -values[i])[:self.candidates])
        return [m for i, m in enumerate(legal_moves) if i in keep]

    def sample(self, root: State, player: int) -> State:
        """A determinisation of ``root`` for ``player``, drawing chance with the bot's generator."""
        new = root.determinize(player, self.rng)
        new.rng = self.rng
        new.history = []
        return new

    def _random(self) -> float:
        if not self._uniform:
            self._uniform = self.rng.random(512).tolist()
        return self._uniform.pop()

    def playout(self, state: State) -> tuple[list[float], State]:
        """Play ``state`` on by the rollout policy; the :func:`reward` of every seat and the end
        (``state`` itself, played on in place, or the fast path's :class:`~mandalakit.fast.playout.End`,
        ``state`` unchanged): read its ``scores()``."""
        greedy = self._greedy
        left = -1 if self.rollout_depth is None else self.rollout_depth
        if self._fast and state.current_player >= 0:
            from ..fast.playout import playout

            end = playout(state, self.rollout, self.rng, self._uniform, None if left < 0 else left, greedy)
            return reward(end, self.margin_scale), end
        while state.current_player >= 0 and left:
            seat = state.current_player
            if greedy is None:
                move = state.random_move(self._random())
            else:
                moves = state.legal_moves()
                move = moves[0] if len(moves) == 1 else greedy.choose(state.observation(seat), moves)
            state.apply(move)
            left -= 1
        return reward(state, self.margin_scale), state

    def _budget(self, per_unit: int = 1):
        """Yield once per unit of work (``per_unit`` rollouts) until the budget is spent; at
        least once."""
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            yield done
            done += per_unit
            if self.iterations is not None and done >= self.iterations:
                return
            if stop is not None and time.perf_counter() >= stop:
                return


@dataclass
class MoveStats:
    """What the search measured of one move of the root (for hints and tests).

    ``visits`` rollouts after the move; ``reward`` their summed :func:`reward` for the seat;
    ``points`` their summed score of the seat at the end of the rollout; ``wins`` its summed
    :func:`shares` of the victory there (a shared victory counts 1/k; :class:`PIMCBot` only).
    """

    visits: int = 0
    reward: float = 0.0
    points: float = 0.0
    wins: float = 0.0

    @property
    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.visits if self.visits else 0.0


class PIMCBot(_Searcher):
    """Determinised sampling (PIMC): every legal move on the same samples, one rollout each.

    Parameters
    ----------
    game : str
        ``"mandala"``, ``"ohanami"`` or ``"flowers"``.
    seed : int, Generator or None
        The bot's own generator: samples, rollouts and tie-breaks.
    iterations : int or None
        Rollouts per decision (rounded up to whole samples: each sample tries every move).
    seconds : float or None
        Wall-clock time per decision; the first of the two budgets to run out ends the search.
    rollout : ``"greedy"`` or ``"random"``
        Rollout policy (see the module).
    rollout_depth : int or None
        Decisions per rollout before it is cut and valued by the scores; ``None``: to the end.
    margin_scale : float
        Points of margin that count for about three quarters of the margin's half of the
        reward (:func:`reward`); a typical winning margin of the game.
    candidates : int or None
        Search only this many moves, the best by the greedy bot's values (``values``); ``None``:
        every legal move.
    rules : the game's Rules, optional
        The rules of the game played (public); default the game's default rules.
    playouts : ``"auto"``, ``"fast"`` or ``"reference"``
        Where the rollouts are played (:data:`PLAYOUTS`): the same moves either way, the fast
        path tens of times faster (docs/fast.md). ``"fast"`` raises ValueError without numba.

    After :meth:`choose`, :attr:`stats` maps each legal move to its :class:`MoveStats`.
    """

    name = "pimc"

    def choose(self, observation, legal_moves: Sequence):
        if len(legal_moves) == 1:
            self.stats = {legal_moves[0]: MoveStats()}
            return legal_moves[0]
        self.stats = self.search(observation, legal_moves)
        searched = [m for m in legal_moves if self.stats[m].visits]
        best = max(self.stats[m].mean for m in searched)
        tied = [m for m in searched if self.stats[m].mean == best]
        return tied[int(self._random() * len(tied))]

    def search(self, observation, legal_moves: Sequence) -> dict:
        """:class:`MoveStats` of every legal move after the budget's rollouts."""
        me = observation.player
        root = self.information_set(observation)
        searched = self.shortlist(observation, legal_moves)
        stats = {move: MoveStats() for move in legal_moves}
        for _ in self._budget(len(searched)):
            sample = self.sample(root, me)
            for move in searched:
                state = light_clone(sample, self.rng)
                try:
                    state.apply(move)
                except IllegalMoveError:  # not legal under the rules the bot assumes: never chosen
                    stats[move].reward -= 1.0
                    continue
                result, end = self.playout(state)
                entry = stats[move]
                entry.visits += 1
                entry.reward += result[me]
                entry.points += end.scores()[me]
                entry.wins += shares(end)[me]
        return stats


class _Node:
    __slots__ = ("seat", "visits", "reward", "points", "available", "children")

    def __init__(self, seat: int):
        self.seat = seat  # the seat that made the move leading here
        self.visits = 0
        self.reward = 0.0
        self.points = 0.0
        self.available = 0
        self.children: dict = {}


class ISMCTSBot(_Searcher):
    """Single-observer information-set MCTS (SO-ISMCTS) with UCB over determinisations.

    Parameters as :class:`PIMCBot`, and

    exploration : float
        The UCB constant ``c`` of ``mean + c * sqrt(log(available) / visits)``.

    Each iteration: sample a determinisation; from the root, while every move legal in it has a
    child, count those children as available and follow the one of best UCB for the seat that
    moves; add one untried move as a node (a random one); roll out; add the reward of the seat
    that moved into each node of the path. The move played is the root's most visited child.
    After :meth:`choose`, :attr:`stats` maps each legal move to its :class:`MoveStats`.
    """

    name = "ismcts"

    def __init__(self, game: str, seed: Seed = None, *, exploration: float = 0.7, **budget):
        super().__init__(game, seed, **budget)
        self.exploration = exploration

    def choose(self, observation, legal_moves: Sequence):
        if len(legal_moves) == 1:
            self.stats = {legal_moves[0]: MoveStats()}
            return legal_moves[0]
        self.stats = self.search(observation, legal_moves)
        most = max(s.visits for s in self.stats.values())
        tied = [m for m in legal_moves if self.stats[m].visits == most]
        if len(tied) > 1:
            best = max(self.stats[m].mean for m in tied)
            tied = [m for m in tied if self.stats[m].mean == best]
        return tied[int(self._random() * len(tied))]

    def search(self, observation, legal_moves: Sequence) -> dict:
        """:class:`MoveStats` of every legal move (the root's children) after the budget."""
        me = observation.player
        root_state = self.information_set(observation)
        root = _Node(-1)
        searched = self.shortlist(observation, legal_moves)
        c = self.exploration
        for _ in self._budget():
            state = self.sample(root_state, me)
            node = root
            path = []
            while state.current_player >= 0:
                moves = state.legal_moves() if node is not root else searched
                untried = [m for m in moves if m not in node.children]
                if untried:
                    move = untried[int(self._random() * len(untried))]
                    child = _Node(state.current_player)
                    node.children[move] = child
                    for m in moves:
                        if m in node.children:
                            node.children[m].available += 1
                    state.apply(move)
                    path.append(child)
                    break
                best, best_value = None, -math.inf
                for m in moves:
                    child = node.children[m]
                    child.available += 1
                    value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                    if value > best_value:
                        best, best_value = m, value
                node = node.children[best]
                state.apply(best)
                path.append(node)
            result, end = self.playout(state)
            points = end.scores()[me]
            for node in path:
                node.visits += 1
                node.reward += result[node.seat]
                node.points += points
        children = root.children
        return {m: MoveStats(children[m].visits, children[m].reward, children[m].points) if m in children
                else MoveStats() for m in legal_moves}
