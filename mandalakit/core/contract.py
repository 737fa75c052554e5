"""The engine contract every game implements (docs/design.md, "Engines").

A game is a subpackage exposing a :class:`GameSpec` named ``GAME``. Its :class:`State`
subclass provides the game logic; this module provides what is the same for every game:
chance handling, history, cloning and notebook display.

Chance
------
Every chance outcome (the first shuffle, every reshuffle) is an explicit :class:`ChanceEvent`
in ``state.history``. A state built with a seed owns a ``numpy.random.Generator`` and resolves
chance nodes itself, right after the move that reached them. A state built with
``manual_chance=True`` has no generator: at a chance node ``current_player`` is
:data:`CHANCE` and the caller applies the outcome, as a record replay or a typed-in physical
game does.
"""

from __future__ import annotations

import copy
import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalMoveError, RulesError, quote, shown
from .messages import _, bot_by_name, bot_name
# Seeds, rules options and argument checks have modules of their own; their names stay
# importable from here, where the games and tools have always imported them.
from .rules_base import RulesBase
from .seeding import Seed, check_seed, copy_rng, game_rng, game_seeds, make_rng
from .validators import check_flag, check_list, check_mapping, check_players, check_rules, check_whole

__all__ = [
    "CHANCE", "TERMINAL", "LEVELS", "ChanceEvent", "GameSpec", "Result", "RulesBase", "Seed", "State",
    "check_flag", "check_list", "check_mapping", "check_players", "check_rules", "check_whole", "copy_rng",
    "check_seed", "game_rng", "game_seeds", "make_rng",
]

#: ``current_player`` of a state waiting for a chance outcome.
CHANCE = -1
#: ``current_player`` of a finished game.
TERMINAL = -2

if TYPE_CHECKING:  # numpy is imported on first use, to keep `import mandalakit` fast
    import numpy as np


@dataclass(frozen=True, slots=True)
class ChanceEvent:
    """A chance outcome, for example the order of a freshly shuffled deck.

    Attributes
    ----------
    kind : str
        What happened, one word (``"shuffle"``, ``"reshuffle"``, ``"tiles"``).
    outcome : tuple of int
        The outcome as card or tile codes of the game, in deck order (top card first).

    Each game's notation reads it back from ``str(event)`` (see
    :func:`mandalakit.core.notation.chance_event`).
    """

    kind: str
    outcome: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind} " + " ".join(map(str, self.outcome))


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    Attributes
    ----------
    scores : tuple of int
        Final score per seat.
    winners : tuple of int
        Seats that win after the game's tie-breaks; several seats mean a shared victory.
    players : tuple of dict
        Per seat, the final public position needed to audit the score without the engine
        (game specific, JSON-ready: only str, int, list and dict).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    players: tuple[dict, ...] = ()

    def to_dict(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), "players": [dict(p) for p in self.players]}


class State(ABC):
    """A position of a game, with everything needed to continue it.

    Subclasses implement the abstract methods; they keep ``history`` as the list of every
    move and chance event applied since the start (in order), and call
    :meth:`_after_apply` at the end of :meth:`apply` so chance nodes are resolved.

    Attributes
    ----------
    num_players : int
    rules : the game's ``Rules``
    setup : dict
        The explicit setup beyond the player count (for example ``{"first_player": 0}``),
        JSON-ready; ``new_game(players, setup=state.setup, ...)`` starts the same game.
    history : list of (int, Move or ChanceEvent)
        ``(seat, move)`` for decisions, ``(CHANCE, event)`` for chance outcomes.
    rng : numpy.random.Generator or None
        The game's own generator; ``None`` when chance outcomes are supplied by the caller.
    """

    game: ClassVar[str]
    #: Rule id named when a seat number does not exist (the game's rule on what a seat sees).
    seat_rule: ClassVar[str] = "players"
    num_players: int
    rules: RulesBase
    setup: dict
    history: list
    rng: np.random.Generator | None
    #: The rule id that ended the game (``"M-7.1"``), ``None`` before the end (a column of the
    #: simulation tables); a game sets it or computes it as a property.
    end_reason: str | None = None

    # ----- to implement -------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat that must act now, :data:`CHANCE` at a chance node, :data:`TERMINAL` at the end."""

    @abstractmethod
    def legal_moves(self) -> list:
        """The moves the current player may make, in a fixed order (empty at chance/terminal)."""

    @abstractmethod
    def apply(self, move) -> None:
        """Apply a move of the current player, or a :class:`ChanceEvent` at a chance node.

        Raises :class:`IllegalMoveError` (with the rule id) and leaves the state unchanged if
        the move is not legal here.
        """

    @abstractmethod
    def sample_chance(self, rng: np.random.Generator) -> ChanceEvent:
        """Draw the outcome of the pending chance node from ``rng``."""

    @abstractmethod
    def observation(self, player: int):
        """What ``player`` may know now: a frozen, comparable value (no hidden information)."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Scores per seat as the game would count them now (final once terminal)."""

    @abstractmethod
    def result(self) -> Result:
        """The :class:`Result` of a finished game; raises :class:`IllegalMoveError` before the end."""

    @abstractmethod
    def parse_move(self, text: str):
        """Parse a move or chance event from its notation; ``parse_move(str(m)) == m``."""

    @abstractmethod
    def determinize(self, player: int, rng: np.random.Generator) -> State:
        """A clone in which every card hidden from ``player`` is reshuffled among its hidden places.

        The observation of ``player`` is the same in the clone: it is a sample of the
        player's information set (used by search bots and by the conformance test).
        """

    def listed_move(self, move):
        """The move of :meth:`legal_moves` that ``move`` stands for.

        Some moves can be written in several ways that the rules treat as one move (the two
        cards of an Ohanami placement in either order, O-2.5); :meth:`legal_moves` lists each
        move once, and :meth:`apply` applies and records the listed form. A board view turns
        a sequence of clicks into a move and asks this method for the listed one.

        The default, for games with one way to write each move: ``move`` itself if it is
        listed; a chance event at a chance node stands for itself.

        Raises
        ------
        IllegalMoveError
            With the rule id, exactly when :meth:`apply` would refuse ``move``; the state is
            unchanged.
        """
        if move in self.legal_moves():
            return move
        self.clone().apply(move)  # refuses with the rule id of the broken rule
        return move

    def random_move(self, u: float):
        """The legal move at fraction ``u`` in [0, 1) of :meth:`legal_moves`.

        Equal to ``legal_moves()[int(u * len(legal_moves()))]``; games may override it with a
        faster way to reach the same move (random playouts call it on every decision).
        """
        moves = self.legal_moves()
        return moves[int(u * len(moves))]

    def position(self) -> dict:
        """The position, JSON-ready, as the game's ``GameSpec.from_position`` reads it back (the
        same state, with an empty history); a game that writes no position raises
        ``NotImplementedError``."""
        raise NotImplementedError(f"{self.game} writes no position")

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks a game invariant (card conservation)."""

    # ----- shared behaviour -------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        """True while a chance outcome is pending (only without an own generator)."""
        return self.current_player == CHANCE

    def viewer(self, player: int | None = None) -> int:
        """The seat a drawing is seen by: ``player``, or by default the seat to act (seat 0
        at a chance node or after the end). Raises :class:`RulesError` for a seat that does
        not exist."""
        if player is None:
            return self.current_player if self.current_player >= 0 else 0
        self._check_seat(player)
        return player

    def _check_seat(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, Integral) or not 0 <= player < self.num_players:
            raise RulesError(self.seat_rule, _("{value} is not a player's number: a {n}-player game numbers its "
                                               "players 0 (player 1) to {last} (player {n}).", value=shown(player),
                                               n=self.num_players, last=self.num_players - 1))

    def clone(self) -> State:
        """An independent copy; the copy shares the generator's *state* but not the object."""
        return copy.deepcopy(self)

    def _after_apply(self) -> None:
        """Resolve chance nodes with the game's own generator, if it has one."""
        rng = self.rng
        if rng is not None:
            while self.current_player == CHANCE:
                self.apply(self.sample_chance(rng))

    def _check_turn(self, move) -> None:
        """Refuse moves at chance nodes and after the end (shared by every game)."""
        player = self.current_player
        if player == TERMINAL:
            raise IllegalMoveError("end", _("The game is over; '{move}' cannot be played.", move=quote(str(move))))
        if (player == CHANCE) != isinstance(move, ChanceEvent):
            if player == CHANCE:
                raise IllegalMoveError("chance", _("A chance outcome is due before any move; got '{move}'.",
                                                  move=quote(str(move))))
            raise IllegalMoveError("chance", _("No chance outcome is due now; it is player {seat:+1}'s turn.", seat=player))

    def to_svg(self, player: int | None = None, *, marks=None, width: float | None = None, names=None,
               you: bool | None = None) -> str:
        """SVG drawing of the position, seen by ``player`` (``None``: the seat to act).

        ``marks`` (target id to ``"active"``, ``"selected"`` or ``"hint"``) outlines click
        targets; ``width`` (CSS px the drawing is shown at, ``None``: the wide layout) lays it
        out for a narrow page; ``names`` (one per seat, ``None``: "You" for ``player`` and
        "Player 2" for the others) names the seats, and ``you`` (default: ``names is None``)
        addresses ``player`` as *you* ("your field"); see the game's ``render.render_svg``.
        """
        return self._renderer().render_svg(self, player, marks=marks, width=width, names=names, you=you)

    def scores_svg(self, player: int | None = None, *, width: float | None = None, names=None,
                   you: bool | None = None) -> str:
        """SVG score screen of a game that is over: the breakdown per player and the winner, as
        ``player`` is addressed (``names``, ``you`` and ``width`` as in :meth:`to_svg`); see the
        game's ``render.render_scores``.

        Raises
        ------
        RulesError
            If the game is not over.
        """
        return self._renderer().render_scores(self, player, width=width, names=names, you=you)

    def _renderer(self):
        """The game's drawing module (``GameSpec.renderer``)."""
        from .registry import get_game

        return get_game(self.game).module("renderer")

    def _repr_html_(self) -> str:
        """A notebook shows a state as :meth:`to_svg`'s drawing, inline in the page, where its
        ``max-width:100%`` shrinks it to a narrow page (as ``image/svg+xml`` it was a picture of
        its own width: 520 px for an Ohanami board, cut off on a 420 px phone). One drawing per
        display: no SVG copy beside it."""
        return self.to_svg()

    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "over"}.get(self.current_player, f"seat {self.current_player}")
        return f"<{type(self).__module__}.{type(self).__name__} {self.num_players}p, {len(self.history)} events, {who}>"


#: The levels pupils choose from, in words, and the bot behind each (``GameSpec.levels`` of a
#: game may put another bot behind a level): easy plays at random, medium is the one-ply greedy
#: bot, hard the strongest search bot at a budget of at most about 1 s per move (its ladder
#: is in datasets/README.md).
LEVELS = {"easy": "random", "medium": "greedy", "hard": "pimc"}


@dataclass(frozen=True)
class GameSpec:
    """What the shared tools (records, CLI, simulation, conformance) need to know of a game.

    Attributes
    ----------
    name : str
        The game's name in the registry (:data:`mandalakit.core.registry.GAMES`).
    min_players, max_players : int
    player_rule : str
        Rule id of the player count.
    rules : type
        The game's frozen ``Rules`` dataclass.
    new_game : callable
        ``new_game(players, *, seed=None, rules=None, setup=None, manual_chance=False) -> State``.
    bots : mapping of str to callable
        Bot factories by name; each takes ``seed`` and returns a bot.
    levels : mapping of str to str
        The levels pupils choose from (``"easy"``, ``"medium"``, ``"hard"``) and the bot behind
        each (default :data:`LEVELS`); :meth:`check_bot` and :meth:`make_bot` take a level as a
        bot name.
    seat_summary : callable
        ``seat_summary(state, seat) -> dict`` of extra per-seat columns for simulation tables
        (per-round scores, colour counts), computed on a finished state.
    from_observation : callable or None
        ``from_observation(observation, rules=None) -> State``: a state at a decision of the
        observation's seat that shows it that observation, the hidden cards in a fixed order
        (``determinize`` then samples them); what search bots start from
        (:mod:`mandalakit.core.search`).
    title : str
        The game's name as people write it (``"Mandala"``), marked for translation (``N_``).
    renderer : str
        Module drawing the game (``render_svg(state, player, *, marks, width, names, you)`` and
        ``render_scores(state, player, *, width, names, you)``), imported on first drawing.
    view : str
        Module of the game's part of the play and replay views (its ``PART``, a
        :class:`mandalakit.widgets.play.games.base.GamePart`).
    from_position : callable or None
        ``from_position(position, *, seed=None, rules=None, manual_chance=False) -> State``: a
        state from a hand-built, JSON-ready position (lessons, puzzles, tests).
    max_decisions : int
        Most decisions in one game (OpenSpiel's ``max_game_length``).
    chance_outcomes : int
        One more than the largest code in a chance event's outcome (OpenSpiel's
        ``max_chance_outcomes``: a shuffle is drawn code by code).
    simultaneous : bool
        Whether the decisions come in rounds where every seat chooses once, in seat order, each
        without seeing the others' choices (PettingZoo's parallel API).
    waiting_moves : callable or None
        Of a simultaneous game: ``waiting_moves(state, seat) -> list``, the moves ``seat`` may
        choose in this round while the others choose theirs (none once it has chosen).
    encoding : str
        Module of the fixed action numbering and the observation tensors: ``action_codec()``
        and ``observation_encoder(players)`` (:mod:`mandalakit.rl`); ``""``: none.
    layout_version : int
        Version of the action and observation layouts (PettingZoo's ``<game>_v<version>``); it
        goes up when either changes.
    fast : str
        Module of the compiled batch kernel (:mod:`mandalakit.fast.run`); ``""``: none.
    playout : str
        Module of the compiled playout kernel (:mod:`mandalakit.fast.playout`); ``""``: none.
    hints : str
        Module whose ``hint_facts(state, seat, move) -> dict`` says what ``move`` changes on the
        board for ``seat`` (fields of :class:`mandalakit.core.hints.Hint`), on a state built from
        the seat's observation; ``""``: the hint says only that the bot prefers the move.
    unseen : callable or None
        ``unseen(state, seat) -> dict``: colour name -> number of cards of that colour ``seat``
        cannot see (hidden hands, the deck), in the game's colour order.
    words : mapping
        Language -> notation word -> the words pupils type for it (``{"fr": {"pick":
        ("garder",)}}``), read by the views' typed moves; a language left out reads the
        notation as typed. A word starting with ``>`` is the end of a placement's target
        (Ohanami's discard ``30>x``, typed ``30>d``: ``{">x": (">d",)}``).
    colours : tuple of str
        The colour words of the notation, in colour-code order (none for cards that are numbers).
    option_words : mapping
        Each rules option in words for the play views' New game form: ``Rules`` field name ->
        ``(label, rule id, {value as text: words})``, labels and words marked with ``N_``, values
        written as ``Rules.option_from_text`` reads them (``"none"``, ``"15"``); an option left
        out is offered by its values alone.
    tables : tuple of str
        The shipped tournament tables of ``datasets/`` (file names without ``.parquet``): the
        bots against each other, then the rules-option study (:mod:`mandalakit.summaries`);
        ``()``: none shipped.
    gallery : tuple
        ``(players, decisions, line)``: the landing page's picture of the game after that many
        decisions of that many players, and its line (``N_``); ``()``: not in the gallery.
    """

    name: str
    min_players: int
    max_players: int
    player_rule: str
    rules: type
    new_game: Callable[..., State]
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    seat_summary: Callable[[State, int], dict] = lambda state, seat: {}
    from_observation: Callable[..., State] | None = None
    levels: Mapping[str, str] = field(default_factory=lambda: dict(LEVELS))
    title: str = ""
    renderer: str = ""
    view: str = ""
    from_position: Callable[..., State] | None = None
    max_decisions: int = 0
    chance_outcomes: int = 0
    simultaneous: bool = False
    waiting_moves: Callable[[State, int], list] | None = None
    encoding: str = ""
    layout_version: int = 1
    fast: str = ""
    playout: str = ""
    hints: str = ""
    unseen: Callable[[State, int], dict] | None = None
    words: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    colours: tuple[str, ...] = ()
    option_words: Mapping[str, tuple[str, str, Mapping[str, str]]] = field(default_factory=dict)
    tables: tuple[str, ...] = ()
    gallery: tuple = ()

    def __post_init__(self):
        if not self.title:  # a game that names itself no other way: its name, capitalised
            object.__setattr__(self, "title", self.name.capitalize())

    def module(self, part: str):
        """The module a field names (``"renderer"``, ``"encoding"``, ``"hints"``, ``"fast"``, ``"playout"``),
        imported on first use; ``None`` if the game declares none."""
        name = getattr(self, part)
        return importlib.import_module(name) if name else None

    def action_codec(self):
        """The game's fixed action numbering (:class:`mandalakit.rl.actions.ActionCodec`)."""
        return self.module("encoding").action_codec()

    def observation_encoder(self, players: int):
        """The game's observation tensors for ``players`` seats
        (:class:`mandalakit.rl.observations.ObservationEncoder`)."""
        return self.module("encoding").observation_encoder(players)

    def make_rules(self, options: Mapping[str, Any] | None = None):
        return self.rules.from_dict(options)

    def check_bot(self, name: str) -> str:
        """The bot's own name (``"greedy"``) or level (``"hard"``) for ``name``, which is that name
        or the name people read in the language in force (French ``"glouton"``, ``"difficile"``,
        see :func:`~mandalakit.core.messages.bot_name`); else :class:`RulesError` listing the
        bots and levels by the names people read."""
        own = bot_by_name(name)
        if own not in self.bots and own not in self.levels:
            raise RulesError("options", _("There is no bot called {name} for {game}; choose from {bots}.",
                                          name=shown(name), game=self.name,
                                          bots=", ".join(bot_name(bot) for bot in [*self.bots, *self.levels])))
        return own

    def bot_behind(self, name: str) -> str:
        """The bot's own name for a bot or a level (``"hard"`` -> ``"pimc"``); see :meth:`check_bot`."""
        own = self.check_bot(name)
        return self.levels.get(own, own)

    def make_bot(self, name: str, seed: Seed = None):
        """Build the bot called ``name``, or the bot behind the level ``name``; unknown names raise
        :class:`RulesError` (:meth:`check_bot`)."""
        return self.bots[self.bot_behind(name)](seed=seed)
