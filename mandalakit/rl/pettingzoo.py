"""PettingZoo environments of the registered games (the AEC API; parallel where it fits).

>>> from mandalakit.rl.pettingzoo import env
>>> e = env("mandala", seed=1)
>>> e.reset()
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_0', 342)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(info["legal_moves"])
((142,), True)
>>> e.step(int(obs["action_mask"].argmax()))
>>> info["legal_moves"][0]
'mountain A black'

Agents are ``"player_0"`` .. ``"player_{n-1}"``, the engine's seats. Each observation is a
dict: ``"observation"``, the float32 tensor of :mod:`mandalakit.rl.observations`, and
``"action_mask"``, the int8 mask of :mod:`mandalakit.rl.actions`: non-zero only for the agent
to act. With ``simultaneous=True`` (the parallel environment's view) every Ohanami seat still to
choose in a draft step sees its own mask, as its choice is simultaneous (O-2.6). Actions are the
fixed numbers of :mod:`mandalakit.rl.actions`. An action that is not legal raises
:class:`~mandalakit.core.errors.IllegalMoveError` and changes nothing (``illegal="raise"``), or
ends the game with reward -1 for the agent that played it and 0 for the others
(``illegal="terminate"``: PettingZoo's ``TerminateIllegalWrapper`` of its classic games).

The environments are versioned as PettingZoo's are (:data:`VERSIONS`, ``metadata["name"]``
``"mandala_v1"``); ``env("mandala_v1")`` is ``env("mandala")``. The version goes up when
the observation or action layout changes.

Rewards come once, at the end: :func:`rank_returns` of the result (+1 / -1 / 0 in a two-player
game; zero-sum for every player count). Chance (shuffles, reshuffles) is resolved by the
engine with the environment's seeded generator: ``env(..., seed=s)`` and ``reset(seed=s)``
replay the same games; without a seed each reset draws the game's seed from the
environment's own generator.

Render modes: ``"ansi"`` (text of the observation of the agent to act), ``"svg"`` (the
engine's drawing, seen by the agent to act) and ``"human"`` (that drawing shown in the
notebook). There is no ``"rgb_array"``: turning the SVG into
pixels needs a rasteriser (cairosvg over the system's Cairo), which the kit does not install.

Needs the ``rl`` extra: ``pip install 'mandalakit[rl]'``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.conversions import aec_to_parallel_wrapper, turn_based_aec_to_parallel
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("mandalakit.rl.pettingzoo needs PettingZoo and Gymnasium: pip install 'mandalakit[rl]'") from exc

from ..core.contract import make_rng
from ..core.errors import IllegalMoveError
from ..core.messages import _
from ..core.registry import GAMES, get_game
from .actions import action_codec
from .observations import observation_encoder
from .returns import rank_returns

class _Versions(Mapping):
    """Game -> version of its environment, ``GameSpec.layout_version`` of every registered game."""

    def __getitem__(self, game: str) -> int:
        if game not in GAMES:
            raise KeyError(game)
        return get_game(game).layout_version

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAMES))

    def __len__(self) -> int:
        return len(GAMES)


#: The environments' versions (``metadata["name"]`` is ``f"{game}_v{version}"``), as each game
#: declares them. A game whose decisions come in rounds where every seat acts once, in seat
#: order (``GameSpec.simultaneous``: Ohanami's picks and placements, O-2.2, O-2.6), converts
#: to the parallel API.
VERSIONS = _Versions()
ILLEGAL = ("raise", "terminate")


def game_name(name: str) -> str:
    """The game of an environment name: ``"mandala"`` for ``"mandala"`` or ``"mandala_v1"``.

    Raises
    ------
    ValueError
        For a version that is not the environment's own (:data:`VERSIONS`).
    """
    game, sep, version = name.rpartition("_v")
    if not sep or game not in VERSIONS:
        return name
    if version != str(VERSIONS[game]):
        raise ValueError(f"{name} is not an environment of this kit; it has {game}_v{VERSIONS[game]}.")
    return game


class MandalakitEnv(AECEnv):
    """One game of ``game`` for ``players`` seats as a PettingZoo AEC environment.

    Parameters
    ----------
    game : str
        ``"mandala"``, ``"flowers"`` or ``"ohanami"``.
    players : int, optional
        The seats (default: the game's fewest, 2).
    seed : int, optional
        Seed of the environment's generator (the games' shuffles); ``None``: not reproducible.
    rules : dict, optional
        The game's rules options (``{"deck_exhaustion": "end_at_once"}``), as ``GameSpec.make_rules``.
    render_mode : {"human", "ansi", "svg"} or None
    illegal : {"raise", "terminate"}
        What an illegal action does: raise and change nothing, or end the game with reward -1
        for its agent.
    simultaneous : bool
        Ohanami: every seat still to choose in a draft step sees its mask (O-2.6); else only
        the agent to act.

    Attributes
    ----------
    state_ : the engine's state of the game being played (read it; play through :meth:`step`)
    codec : :class:`~mandalakit.rl.actions.ActionCodec`
    encoder : :class:`~mandalakit.rl.observations.ObservationEncoder`

    Raises
    ------
    RulesError
        For an unknown game, a player count the game is not played with, or unknown rules.
    """

    metadata = {"render_modes": ["human", "ansi", "svg"], "name": "mandalakit_v1", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, seed: int | None = None, rules: dict | None = None,
                 render_mode: str | None = None, illegal: str = "raise", simultaneous: bool = False):
        super().__init__()
        game = game_name(game)
        self.spec_ = get_game(game)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}.")
        self.illegal = illegal
        self.simultaneous = simultaneous and self.spec_.simultaneous
        players = self.spec_.min_players if players is None else players
        self.codec = action_codec(game, players)
        self.encoder = observation_encoder(game, players)
        self.rules = self.spec_.make_rules(rules)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}.")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game}_v{VERSIONS[game]}",
                         "is_parallelizable": self.spec_.simultaneous}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._rng = make_rng(seed)
        box = spaces.Box(0.0, np.inf, self.encoder.shape, np.float32)
        mask = spaces.Box(0, 1, (self.codec.size,), np.int8)
        both = spaces.Dict({"observation": box, "action_mask": mask})
        self.observation_spaces = {a: both for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.state_ = None
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game: with ``seed`` (the environment's generator is seeded again with
        it), else with a seed drawn from the environment's generator. ``options`` is not used."""
        if seed is not None:
            self._rng = make_rng(seed)
        game_seed = int(self._rng.integers(2**63))
        self.state_ = self.spec_.new_game(len(self.possible_agents), seed=game_seed, rules=self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._legal = self.codec.legal(self.state_)
        self.agent_selection = self.agents[self.state_.current_player]
        self.infos = {a: {} for a in self.agents}
        self._set_infos()

    def _set_infos(self) -> None:
        """The agent to act gets the names of its legal actions (``info["legal_moves"]``,
        :meth:`~mandalakit.rl.actions.ActionCodec.name`), in action order; the others an empty list."""
        names = self.codec._names
        acting = self.agent_selection
        infos = self.infos
        for a in self.agents:
            infos[a] = {"legal_moves": [names[i] for i in self._legal] if a == acting else []}

    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        mask = np.zeros(self.codec.size, np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            if self._legal:
                mask[list(self._legal)] = 1
        elif self.simultaneous and not self.terminations[agent]:
            mask[[self.codec.encode(m) for m in waiting_moves(self.state_, seat)]] = 1
        return {"observation": self.encoder.encode(self.state_.observation(seat)), "action_mask": mask}

    def step(self, action) -> None:
        """Play the move numbered ``action`` for the agent to act (``None`` once it is done).

        Raises
        ------
        IllegalMoveError
            Rule tag ``actions``, with ``illegal="raise"``: ``action`` is no legal move now;
            nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(action) if type(action) is int else None
        if move is None:
            self.codec._check(action)
            move = self._legal.get(int(action))
        if move is None:
            if self.illegal == "terminate":
                self.end_illegal(agent)
                return
            self.codec.decode(self.state_, action)  # refuses with the legal actions listed
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(move)
        state = self.state_
        if state.is_terminal():
            self._legal = {}
            returns = rank_returns(state.result())
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
        else:
            self._legal = self.codec.legal(state)
            self.agent_selection = self.agents[state.current_player]
        self._set_infos()
        self._accumulate_rewards()

    def end_illegal(self, agent: str) -> None:
        """End the game for an illegal action of ``agent``: reward -1 for it, 0 for the others
        (``illegal="terminate"``)."""
        self._legal = {}
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
        self._cumulative_rewards[agent] = 0.0
        self._set_infos()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text (``"ansi"``) or SVG drawing (``"svg"``) of the game, seen by the agent to
        act; ``"human"`` shows the drawing in the notebook (IPython's ``display``) and returns None."""
        if self.render_mode is None or self.state_ is None:
            return None
        seat = self.state_.viewer()
        if self.render_mode == "ansi":
            return ansi(self.state_, seat)
        svg = self.state_.to_svg(seat)
        if self.render_mode == "svg":
            return svg
        from IPython.display import HTML, display

        display(HTML(svg))
        return None

    def close(self) -> None:
        pass


def waiting_moves(state, seat: int) -> list:
    """The moves ``seat`` may choose in this round of a simultaneous game while other seats
    choose theirs (Ohanami's draft step, O-2.6; ``GameSpec.waiting_moves``); else none. The
    engine asks the seats one at a time, so this is what a simultaneous move offers."""
    waiting = get_game(state.game).waiting_moves
    return waiting(state, seat) if waiting is not None else []


def ansi(state, seat: int) -> str:
    """A text picture of ``state`` as ``seat`` may know it: the last event, the scores and every
    field of the engine's observation, one per line."""
    last = next((str(move) for by, move in reversed(state.history) if by >= 0), "-")
    lines = [f"{state.game} {state.num_players}p, seen by player_{seat}; last move: {last}; scores: "
             f"{list(state.scores())}"]
    lines += [f"  {name}: {value}" for name, value in dataclasses.asdict(state.observation(seat)).items()]
    return "\n".join(lines)


def raw_env(game: str, players: int | None = None, seed: int | None = None, rules: dict | None = None,
            render_mode: str | None = None, **options) -> MandalakitEnv:
    """The unwrapped AEC environment (see :class:`MandalakitEnv`; ``options``: ``illegal``,
    ``simultaneous``)."""
    return MandalakitEnv(game, players, seed, rules, render_mode, **options)


def env(game: str, players: int | None = None, seed: int | None = None, rules: dict | None = None,
        render_mode: str | None = None, **options):
    """The AEC environment of ``game``, wrapped in PettingZoo's order check (arguments as
    :class:`MandalakitEnv`)."""
    return OrderEnforcing(raw_env(game, players, seed, rules, render_mode, **options))


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order check whose ``last()`` and ``step()`` ask the environment itself, in
    one call (the wrapper's own read each value through two wrappers' ``__getattr__``: a sixth of
    a step), with the same checks."""

    def last(self, observe: bool = True):
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action) -> None:
        if self._has_reset and self.env.agents:  # the usual case, without the wrappers' reads
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


def parallel_env(game: str, players: int | None = None, seed: int | None = None, rules: dict | None = None,
                 render_mode: str | None = None, illegal: str = "raise"):
    """The parallel environment of ``game``: Ohanami's picks and placements are one joint step
    of every seat (O-2.6), every seat still to choose seeing its mask; Mandala and Flowers,
    turn-based, step one agent at a time (the others' actions are ignored: PettingZoo's
    ``turn_based_aec_to_parallel``)."""
    game = game_name(game)
    simultaneous = get_game(game).simultaneous
    aec = env(game, players, seed, rules, render_mode, illegal=illegal, simultaneous=simultaneous)
    return JointSteps(aec) if simultaneous else turn_based_aec_to_parallel(aec)


class JointSteps(aec_to_parallel_wrapper):
    """PettingZoo's AEC-to-parallel conversion whose joint step checks every seat's action before
    any is applied: one illegal action raises and changes nothing, as in the AEC environment."""

    def step(self, actions):
        """One joint step: ``actions`` maps every live agent to its action number.

        Raises
        ------
        ValueError
            If ``actions`` does not give exactly one action to each live agent.
        IllegalMoveError
            Rule tag ``actions``: an action is no move its seat may choose now (O-2.6); nothing
            changes. With ``illegal="terminate"`` the game ends instead: -1 for the first such
            agent, 0 for the others.
        """
        base = self.aec_env.unwrapped
        if not isinstance(actions, dict) or set(actions) != set(self.agents):
            given = sorted(map(str, actions)) if isinstance(actions, dict) else type(actions).__name__
            raise ValueError(f"A joint step gives one action to each of {self.agents}, not {given}.")
        for agent in self.agents:
            seat = base.possible_agents.index(agent)
            allowed = {base.codec.encode(move) for move in waiting_moves(base.state_, seat)}
            base.codec._check(actions[agent])
            if allowed and int(actions[agent]) not in allowed:
                if base.illegal == "terminate":
                    return self._end(base, agent)
                raise IllegalMoveError("actions", _("Action {action} ({name}) is not legal now for {agent}.",
                                                    action=int(actions[agent]), name=base.codec.name(actions[agent]),
                                                    agent=agent))
        return super().step(actions)

    def _end(self, base: MandalakitEnv, agent: str):
        base.end_illegal(agent)
        done = self.agents
        self.agents = []
        return ({a: base.observe(a) for a in done}, {a: base.rewards[a] for a in done},
                {a: True for a in done}, {a: False for a in done}, {a: base.infos[a] for a in done})
