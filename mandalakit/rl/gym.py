"""A Gymnasium single-agent environment: one seat learns, the kit's bots play the others.

>>> from mandalakit.rl.gym import make
>>> env = make("mandala", opponent="medium", seed=1)
>>> obs, info = env.reset()
>>> obs.shape, env.action_masks().shape, info["seat"] in (0, 1)
((142,), (342,), True)
>>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))

The learner's seat is drawn at each reset from the environment's generator (``seat=None``,
seat-balanced) or fixed (``seat=0``). The opponents (a level ``"easy"``, ``"medium"``,
``"hard"``, any bot name of the game such as ``"greedy"``, or a bot object with
``choose(observation, legal_moves)``; a list gives one per other seat) play their moves inside
:meth:`~MandalakitGymEnv.step` until the learner is to act again or the game is over.

Observations are the float32 tensors of :mod:`mandalakit.rl.observations` of the learner's
seat; actions the fixed numbers of :mod:`mandalakit.rl.actions`. ``action_masks()`` (bool,
one per action) is the hook of sb3-contrib's ``MaskablePPO``; ``info["action_mask"]`` holds
the same (int8). The reward comes once, at the end: the rank
(:func:`~mandalakit.rl.returns.rank_returns`), plus ``margin * tanh(score lead / 10)`` if
``margin`` is given (the lead over the best other seat, in points: a denser signal for learning).

An illegal action raises :class:`~mandalakit.core.errors.IllegalMoveError` and changes nothing
(``illegal="raise"``), or ends the game with reward -1 (``illegal="terminate"``, PettingZoo's
classic behaviour). Games longer than ``max_steps`` learner decisions are truncated.

Needs the ``rl`` extra: ``pip install 'mandalakit[rl]'``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Integral

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("mandalakit.rl.gym needs Gymnasium: pip install 'mandalakit[rl]'") from exc

from ..core.errors import IllegalMoveError
from ..core.registry import get_game
from ..core.seeding import make_rng
from .actions import action_codec
from .observations import observation_encoder
from .returns import rank_returns

ILLEGAL = ("raise", "terminate")


class MandalakitGymEnv(gymnasium.Env):
    """One seat of ``game`` against bots, as a Gymnasium environment (see the module docstring).

    Parameters
    ----------
    game : str
        ``"mandala"``, ``"flowers"`` or ``"ohanami"``.
    opponent : str, bot or sequence of them
        A level or bot name of the game (``"easy"``, ``"medium"``, ``"greedy"``, ...), a bot
        object, or one of those per other seat (``players - 1`` of them).
    players : int, optional
        The seats (default: the game's fewest, 2).
    seat : int, optional
        The learner's seat; ``None`` draws it at each reset.
    seed : int, optional
        Seed of the environment's generator (games, seats, named bots); ``reset(seed=s)`` seeds again.
    rules : dict, optional
        The game's rules options, as ``GameSpec.make_rules``.
    illegal : {"raise", "terminate"}
    margin : float
        Weight of the score-lead term of the reward (0: the rank only).
    max_steps : int
        Learner decisions before the game is truncated.

    Raises
    ------
    RulesError
        For an unknown game, player count, bot name or rules.
    ValueError
        For a seat out of range, a wrong number of opponents or an unknown ``illegal``.
    """

    metadata = {"render_modes": ["ansi", "svg"]}

    def __init__(self, game: str = "mandala", opponent="medium", players: int | None = None, seat: int | None = None,
                 seed: int | None = None, rules: dict | None = None, illegal: str = "raise", margin: float = 0.0,
                 max_steps: int = 2_000, render_mode: str | None = None):
        self.spec_ = get_game(game)
        self.players = self.spec_.min_players if players is None else players
        self.codec = action_codec(game, self.players)
        self.encoder = observation_encoder(game, self.players)
        self.rules = self.spec_.make_rules(rules)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}.")
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be in 0..{self.players - 1}, not {seat}.")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}.")
        others = list(opponent) if isinstance(opponent, Sequence) and not isinstance(opponent, str) else \
            [opponent] * (self.players - 1)
        if len(others) != self.players - 1:
            raise ValueError(f"{len(others)} opponents for {self.players - 1} other seats.")
        for o in others:
            if isinstance(o, str):
                self.spec_.check_bot(o)
        self.opponents = others
        self.illegal, self.margin, self.max_steps = illegal, float(margin), max_steps
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, np.inf, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self._rng = make_rng(seed)  # a bad seed is refused in one sentence
        self.state_ = None
        self.seat = 0 if seat is None else seat
        self._bots: list = []
        self._legal: dict = {}
        self._steps = 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game; returns ``(observation, info)`` at the learner's first decision."""
        if seed is not None:
            self._rng = make_rng(seed)  # a bad seed is refused in one sentence, before Gymnasium's
        super().reset(seed=seed)
        rng = self._rng
        self.seat = int(rng.integers(self.players)) if self.fixed_seat is None else self.fixed_seat
        self.state_ = self.spec_.new_game(self.players, seed=int(rng.integers(2**63)), rules=self.rules)
        bots = iter(self.opponents)
        self._bots = [None if s == self.seat else self._bot(next(bots), rng) for s in range(self.players)]
        self._steps = 0
        self._play_others()
        return self._obs(), self._info()

    def _bot(self, opponent, rng):
        return self.spec_.make_bot(opponent, seed=int(rng.integers(2**63))) if isinstance(opponent, str) else opponent

    def _play_others(self) -> None:
        state = self.state_
        while state.current_player >= 0 and state.current_player != self.seat:
            bot = self._bots[state.current_player]
            obs = state.observation(state.current_player) if getattr(bot, "uses_observation", True) else None
            state.apply(bot.choose(obs, state.legal_moves()))
        self._legal = self.codec.legal(state) if state.current_player == self.seat else {}

    def _obs(self) -> np.ndarray:
        return self.encoder.encode(self.state_.observation(self.seat))

    def _info(self) -> dict:
        return {"seat": self.seat, "action_mask": self._mask().astype(np.int8)}

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.codec.size, bool)
        mask[list(self._legal)] = True
        return mask

    def action_masks(self) -> np.ndarray:
        """bool array of shape ``(actions,)``: True for the learner's legal actions now."""
        return self._mask()

    def step(self, action):
        """Play ``action`` for the learner, then the bots' moves; returns Gymnasium's
        ``(observation, reward, terminated, truncated, info)``.

        Raises
        ------
        IllegalMoveError
            Rule tag ``actions``, with ``illegal="raise"``: ``action`` is no legal move now.
        """
        if isinstance(action, np.ndarray | np.generic) and action.size == 1:
            action = action.item()  # a learner's action as numpy gives it (np.int64, a 0-d array)
        if isinstance(action, bool) or not isinstance(action, Integral):
            self.codec.decode(self.state_, action)  # 3.5, "x": refused in one sentence, nothing played
        move = self._legal.get(int(action))
        if move is None:
            if self.illegal == "raise":
                self.codec.decode(self.state_, action)  # refuses with the legal actions listed
                raise AssertionError(f"the codec decoded action {action}, which the legal moves lack")
            self._legal = {}
            return self._obs(), -1.0, True, False, {**self._info(), "illegal": True}
        self.state_.apply(move)
        self._steps += 1
        self._play_others()
        state = self.state_
        terminated = state.is_terminal()
        reward = self._reward() if terminated else 0.0
        truncated = not terminated and self._steps >= self.max_steps
        return self._obs(), reward, terminated, truncated, self._info()

    def _reward(self) -> float:
        return final_reward(self.state_.result(), self.seat, self.margin)

    def render(self):
        """The text (``"ansi"``) or SVG drawing (``"svg"``) of the game, seen by the learner."""
        if self.render_mode is None or self.state_ is None:
            return None
        if self.render_mode == "ansi":
            from .pettingzoo import ansi

            return ansi(self.state_, self.seat)
        return self.state_.to_svg(self.seat)


def final_reward(result, seat: int, margin: float = 0.0) -> float:
    """The end reward of ``seat``: its rank (:func:`~mandalakit.rl.returns.rank_returns`),
    plus ``margin * tanh(lead / 10)``, the lead being its score less the best other seat's."""
    reward = rank_returns(result)[seat]
    if margin:
        scores = result.scores
        lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        reward += margin * math.tanh(lead / 10)
    return float(reward)


def make(game: str = "mandala", **kwargs) -> MandalakitGymEnv:
    """:class:`MandalakitGymEnv` of ``game`` (keyword arguments as that class)."""
    return MandalakitGymEnv(game, **kwargs)


def win_rate(policy, game: str = "mandala", opponent="medium", games: int = 400, seed: int = 0, **kwargs) -> dict:
    """Play ``games`` seat-balanced games of ``policy(observation, action_mask) -> action``
    against ``opponent`` (the learner in seat ``i % players`` of game ``i``).

    Returns
    -------
    dict
        ``{"games", "wins", "losses", "ties", "win_rate", "mean_return"}``: a win is a victory
        alone, a tie a shared one (counted as half a win in ``win_rate``), anything else a loss
        (a truncated game too).
    """
    envs = [make(game, opponent=opponent, seat=s, seed=seed + s, **kwargs)
            for s in range(kwargs.get("players") or get_game(game).min_players)]
    wins = ties = 0
    returns = []
    for i in range(games):
        env = envs[i % len(envs)]
        obs, _ = env.reset()
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(policy(obs, env.action_masks()))
            done = terminated or truncated
        if terminated and env.state_.is_terminal():
            result = env.state_.result()
            wins += result.winners == (env.seat,)
            ties += env.seat in result.winners and len(result.winners) > 1
            returns.append(rank_returns(result)[env.seat])
        else:  # truncated, or ended by an illegal action
            returns.append(-1.0 if terminated else 0.0)
    return {"games": games, "wins": wins, "losses": games - wins - ties, "ties": ties,
            "win_rate": (wins + 0.5 * ties) / games, "mean_return": float(np.mean(returns))}
