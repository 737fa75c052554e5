"""The games as OpenSpiel Python games: ``python_mandalakit_mandala``, ``..._flowers`` and
``..._ohanami`` (``python_mandalakit_<game>`` of every game of the registry), registered with
``pyspiel.register_game`` when this module is imported.

>>> from mandalakit.rl.openspiel import load
>>> game = load("ohanami", players=3)
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 7156, 121)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 120)

Chance nodes
    Every shuffle of the engines (M-2.1, M-6.1, F-2.1, F-3.5, O-2.1) is a run of chance
    nodes, one per card from the top of the new pile: the outcome is the card's code (the
    colour code 0-5 in Mandala and Flowers, the tile id 1-36 of a Flowers tile stack, the card
    number 1-120 in Ohanami), each with its share of the cards still to draw. Once the pile is
    complete the engine applies the whole shuffle event, exactly as a record replay does.
Actions
    The fixed numbers of :mod:`mandalakit.rl.actions` (``num_distinct_actions``).
Returns
    :func:`~mandalakit.rl.returns.rank_returns` at the end (zero-sum, in [-1, 1]).
Observations
    ``observation_string`` is the engine's observation of the seat; ``observation_tensor`` its
    tensor (:mod:`mandalakit.rl.observations`). ``information_state_string`` is of perfect
    recall: the seat's observation after every event of the game so far, one per line.
    ``information_state_tensor`` is the observation tensor: a fixed-size tensor cannot hold the
    whole past, so it is *not* of perfect recall (use the string for tabular methods).
Search
    :meth:`MandalakitState.resample_from_infostate` draws a state of the seat's information set
    with the engine's ``determinize`` (the Python IS-MCTS calls it); :func:`resampler` gives
    the same from a seeded generator, for ``ISMCTSBot.set_resampler``.

Needs the ``rl`` extra: ``pip install 'mandalakit[rl]'``.
"""

from __future__ import annotations

import copy

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("mandalakit.rl.openspiel needs OpenSpiel: pip install 'mandalakit[rl]'") from exc

from ..core.contract import CHANCE, TERMINAL, ChanceEvent
from ..core.registry import GAMES, get_game
from .actions import action_codec
from .observations import observation_encoder
from .returns import rank_returns

#: The ``chance`` parameter's values and OpenSpiel's chance modes.
CHANCE_MODES = {"explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
                "sampled": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC}


def short_name(game: str) -> str:
    """The name OpenSpiel knows ``game`` by: ``python_mandalakit_<game>``."""
    return f"python_mandalakit_{game}"


class _Engine:
    """The engine state inside an OpenSpiel state, with the shuffle being drawn and each seat's
    observations so far as text. ``deepcopy`` (OpenSpiel's ``clone``) copies it with the
    engine's own fast ``clone``."""

    def __init__(self, state, seen):
        self.state = state
        self.kind = ""  # the pending shuffle's kind, "" when no chance node is open
        self.left: list[int] = []  # per card code, cards still to draw
        self.drawn: list[int] = []
        self.seen = seen  # per seat, its observation after every engine event so far, one per line

    def __deepcopy__(self, memo):
        new = _Engine(self.state.clone(), list(self.seen))
        new.kind, new.left, new.drawn = self.kind, list(self.left), list(self.drawn)
        return new

    def open_chance(self, codes: int) -> None:
        """Start drawing the engine's pending shuffle card by card (its cards: any sample's)."""
        event = self.state.sample_chance(np.random.default_rng(0))
        self.kind = event.kind
        self.left = np.bincount(np.asarray(event.outcome, dtype=np.int64), minlength=codes).tolist()
        self.drawn = []

    def record(self) -> None:
        self.seen = [f"{seen}{self.state.observation(p)!r}\n" for p, seen in enumerate(self.seen)]


class MandalakitGame(pyspiel.Game):
    """One of the three games for OpenSpiel; parameters ``players`` (default 2), ``chance``
    (``"explicit"``, the default: card-by-card chance nodes; ``"sampled"``: no chance node, the
    engine shuffles with a generator of its own, OpenSpiel's sampled-stochastic mode) and
    ``seed`` (of the sampled mode's games: each ``new_initial_state`` draws the next game's
    seed from the game's generator)."""

    name: str

    def __init__(self, params=None):
        params = dict(params or {})
        spec = get_game(self.name)
        players = int(params.get("players", spec.min_players))
        self.chance = str(params.get("chance", "explicit"))
        if self.chance not in CHANCE_MODES:
            raise pyspiel.SpielError(f"chance must be one of {sorted(CHANCE_MODES)}, not {self.chance!r}.")
        self.codec = action_codec(self.name, players)  # checks the player count (M-2, F-2, O-2)
        self.encoder = observation_encoder(self.name, players)
        sampled = self.chance == "sampled"
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0 if sampled else spec.chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_decisions)
        super().__init__(self.game_type(self.chance), info, params)
        self.spec = spec
        self.seed = int(params.get("seed", 0))
        self._rng = np.random.default_rng(self.seed) if sampled else None
        # The start of every game, copied by each new state (OpenSpiel's clone makes a new
        # state first, then copies the attributes over it).
        self.start = None if sampled else _Engine(spec.new_game(players, manual_chance=True), [""] * players)
        if self.start is not None:
            self.start.open_chance(spec.chance_outcomes)

    def __reduce__(self):
        # The game again from its name and parameters (a sampled game's generator starts again at its seed).
        return pyspiel.load_game, (str(self),)

    def new_start(self, seed: int | None = None) -> tuple[_Engine, int | None]:
        """The engine at the start of a new game and its seed: the explicit mode's one start
        (copied; seed None), or in the sampled mode a game shuffled from ``seed``, by default
        the next seed of the game's generator."""
        if self._rng is None:
            return copy.deepcopy(self.start), None
        players = self.num_players()
        seed = int(self._rng.integers(2**63)) if seed is None else seed
        engine = _Engine(self.spec.new_game(players, seed=seed), [""] * players)
        engine.record()
        return engine, seed

    @classmethod
    def game_type(cls, chance: str = "explicit") -> pyspiel.GameType:
        spec = get_game(cls.name)
        return pyspiel.GameType(
            short_name=short_name(cls.name),
            long_name=f"mandalakit {cls.name.capitalize()}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=CHANCE_MODES[chance],
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"players": spec.min_players, "chance": "explicit", "seed": 0})

    def new_initial_state(self):
        return MandalakitState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"Observation parameters are not supported; got {params}.")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MandalakitObserver(self.encoder, perfect_recall)


class MandalakitState(pyspiel.State):
    """A position: the engine's state with manual chance (chance nodes drawn card by card)."""

    def __init__(self, game: MandalakitGame):
        super().__init__(game)
        self._codes = game.spec.chance_outcomes
        self._engine, self._seed = game.new_start()

    def __reduce__(self):
        # The game's seed and its actions, replayed; a resampled state has no seed of its own
        # and keeps its engine (its history() then starts empty).
        if self._seed is False:
            return _restore, (self.get_game(), None, [], self._engine)
        return _restore, (self.get_game(), self._seed, self.history(), None)

    @property
    def engine(self):
        """The engine's state (read it, never apply to it: use ``apply_action``)."""
        return self._engine.state

    def current_player(self) -> int:
        seat = self._engine.state.current_player
        if seat == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if seat == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._engine.state.current_player:
            return []
        return list(self.get_game().codec.legal(self._engine.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._engine.left
        total = sum(left)
        return [(code, k / total) for code, k in enumerate(left) if k]

    def _apply_action(self, action: int) -> None:
        eng = self._engine
        state = eng.state
        if state.current_player == CHANCE:
            if not 0 <= action < len(eng.left) or not eng.left[action]:
                raise pyspiel.SpielError(f"No card {action} is left to draw in this {eng.kind}.")
            eng.left[action] -= 1
            eng.drawn.append(action)
            if any(eng.left):
                return
            state.apply(ChanceEvent(eng.kind, tuple(eng.drawn)))
        else:
            state.apply(self.get_game().codec.decode(state, action))
        eng.record()
        if state.current_player == CHANCE:
            eng.open_chance(self._codes)
        else:
            eng.kind, eng.drawn = "", []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{self._engine.kind or 'chance'}: card {action}"
        return self.get_game().codec.name(action)

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._engine.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return list(rank_returns(state.result()))

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> MandalakitState:
        """A state of ``player_id``'s information set (the engine's ``determinize``), seeded
        from ``probability_sampler()`` (a uniform draw in [0, 1)) or from seed 0 without one.

        The other seats' past observations are not known in the sample: their information
        state strings start at their present observation.
        """
        u = probability_sampler() if probability_sampler is not None else 0.0
        return self.resampled(player_id, np.random.default_rng(int(u * 2**63)))

    def resampled(self, player: int, rng: np.random.Generator) -> MandalakitState:
        """:meth:`resample_from_infostate` with a seeded ``numpy.random.Generator``."""
        new = self.clone()
        eng = new._engine
        eng.state = self._engine.state.determinize(player, rng)
        eng.seen = [seen if p == player else f"{eng.state.observation(p)!r}\n" for p, seen in enumerate(eng.seen)]
        new._seed = False  # no seed replays it (see __reduce__)
        return new

    def __str__(self) -> str:
        state = self._engine.state
        events = [str(e) for _, e in state.history[-3:]]
        pending = f" drawing {self._engine.kind}: {len(self._engine.drawn)} cards" if self._engine.kind else ""
        return f"{state.game} {state.num_players}p, {len(state.history)} events, last: {events}{pending}"


def _restore(game: MandalakitGame, seed: int | None, actions: list[int], engine: _Engine | None) -> MandalakitState:
    """How states unpickle: the game from ``seed`` with ``actions`` replayed, or a state
    holding ``engine``."""
    state = game.new_initial_state()
    if engine is not None:
        state._engine, state._seed = engine, False
    elif seed is not None:
        state._engine, state._seed = game.new_start(seed)
    for action in actions:
        state.apply_action(action)
    return state


class MandalakitObserver:
    """OpenSpiel's ``PyObserver`` interface: ``tensor``, ``dict``, ``set_from`` and
    ``string_from`` (see the module docstring for what they hold)."""

    def __init__(self, encoder, perfect_recall: bool):
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = encoder.view(self.tensor)

    def set_from(self, state: MandalakitState, player: int) -> None:
        self.encoder.encode(state.engine.observation(player), out=self.tensor)

    def string_from(self, state: MandalakitState, player: int) -> str:
        now = repr(state.engine.observation(player))
        if not self.perfect_recall:
            return now
        return state._engine.seen[player] + now


#: The game classes by game, each registered with ``pyspiel.register_game``: one per game of the
#: registry, made by :func:`game_class` (the kit's games when this module is imported, a game
#: registered later on its first :func:`load`). They have module-level names
#: (``MandalaGame``), so games and states pickle (OpenSpiel's ``test_pickle`` of Python games).
GAME_CLASSES: dict[str, type[MandalakitGame]] = {}


def game_class(game: str) -> type[MandalakitGame]:
    """The OpenSpiel game class of ``game`` (``MandalaGame`` for ``"mandala"``), made and
    registered with ``pyspiel.register_game`` on first use."""
    cls = GAME_CLASSES.get(game)
    if cls is None:
        name = f"{game.capitalize()}Game"
        cls = type(name, (MandalakitGame,), {"name": game, "__module__": __name__, "__qualname__": name,
                                             "__doc__": f"{game.capitalize()} for OpenSpiel (``{short_name(game)}``)."})
        globals()[name] = GAME_CLASSES[game] = cls
        pyspiel.register_game(cls.game_type(), cls)
    return cls


for _game in GAMES:
    game_class(_game)


def load(game: str, players: int | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of ``game``, a game of the registry (``"mandala"``).

    Raises
    ------
    RulesError
        For an unknown game or a player count the game is not played with.
    """
    spec = get_game(game)
    game_class(game)
    return pyspiel.load_game(short_name(game), {"players": spec.min_players if players is None else players})


def resampler(rng: np.random.Generator):
    """A ``resampler(state, player)`` for ``ISMCTSBot.set_resampler`` drawing from ``rng``."""
    return lambda state, player: state.resampled(player, rng)
