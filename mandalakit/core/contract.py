"""The engine contract every game implements (design.md, "Engines").

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
import dataclasses
import importlib
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalMoveError, RulesError, quote, shown
from .messages import N_, _, bot_by_name, bot_name
from .options import option_value

#: ``current_player`` of a state waiting for a chance outcome.
CHANCE = -1
#: ``current_player`` of a finished game.
TERMINAL = -2

if TYPE_CHECKING:  # numpy is imported on first use, to keep `import mandalakit` fast
    import numpy as np

Seed = "int | np.random.Generator | None"


def make_rng(seed: Seed) -> np.random.Generator:
    """Return the ``numpy.random.Generator`` for ``seed``.

    Parameters
    ----------
    seed : int, numpy.random.Generator or None
        An int gives a reproducible PCG64 generator; a Generator is used as is (not copied);
        ``None`` draws fresh entropy from the operating system (not reproducible).
    """
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(None if seed is None else check_seed(seed))


def game_rng(seed: Seed, manual_chance: bool) -> np.random.Generator | None:
    """The generator a new game owns: ``None`` if ``manual_chance`` (the caller then applies
    every chance outcome), else :func:`make_rng` of ``seed``.

    Raises
    ------
    RulesError
        If ``manual_chance`` is not ``True`` or ``False``, or for a bad seed.
    """
    return None if check_flag(manual_chance, "manual_chance") else make_rng(seed)


def check_seed(seed) -> int:
    """Return ``seed`` as an int; anything but a whole number >= 0 raises :class:`RulesError`."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise RulesError("options", _("A seed must be a whole number, not {value}.", value=shown(seed)))
    if seed < 0:
        raise RulesError("options", _("A seed must be zero or positive, not {value}.", value=shown(seed)))
    return int(seed)


def game_seeds(seed: int, index: int) -> tuple[int, list[int]]:
    """Seed of game ``index`` and of each of its bots, derived from ``seed`` (reproducible).

    Raises :class:`RulesError` for a seed that is not a whole number >= 0.
    """
    import numpy as np

    ss = np.random.SeedSequence([check_seed(seed), index])
    words = ss.generate_state(9).tolist()
    return words[0], words[1:]


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


class RulesBase:
    """Mixin for every game's frozen ``Rules`` dataclass (the "Ruling" options).

    A game whose option may be read from a file names it in ``file_options`` (option name to
    a function of the path, such as Flowers' ``{"tiles": read_tiles_csv}``): only
    :meth:`option_from_command_line` reads such a file. The rules themselves never open a path,
    so no value from a page or a record can name a file on the machine that runs them.
    """

    #: Options whose text on a command line is a file to read: option name -> reader of a path.
    file_options: ClassVar[Mapping[str, Callable[[str], Any]]] = {}

    def __new__(cls, *args, **options):
        """Unknown option names raise :class:`RulesError` naming the known ones (``Rules(foo=1)``),
        not the bare ``TypeError`` of the dataclass's ``__init__``."""
        known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(
                "options",
                _("Unknown rules option {names}; known options are {known}.", names=quote(", ".join(map(repr, unknown))),
                  known=", ".join(sorted(known)) or _("none")),
            )
        return super().__new__(cls)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any] | None):
        """Build rules from a mapping; unknown option names raise :class:`RulesError`."""
        return cls(**dict(options or {}))

    @classmethod
    def option_from_text(cls, name: str, text: str):
        """The value of the option ``name`` written as text (the CLI's ``--rule NAME=VALUE``, a
        form), read only as the option's type admits (:func:`~mandalakit.core.options.option_value`):
        ``none`` if it may be ``None``, ``true``/``false`` if it is a bool, a whole number if it
        is an int; anything else stays as written, so the game's refusal quotes what was typed
        (``sakura_cap`` given ``true``: ``[O-3.4] ... got 'true'.``). An unknown ``name`` is
        read as any option would be; :meth:`from_dict` refuses it.

        A value read as none, a bool or a number is checked at once: if the game refuses it, the
        game's own refusal is given for the text as typed, so it quotes that text (``sakura_cap``
        given ``-03``: ``[O-3.4] ... got '-03'.``, not ``got -3.``).

        Raises
        ------
        RulesError
            For a whole number of more than :data:`~mandalakit.core.options.MAX_DIGITS` digits,
            or the game's refusal of a value read as none, a bool or a number (its rule id).
        """
        hint = typing.get_type_hints(cls).get(name)
        if hint is None:
            return option_value(text, name)
        kinds = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
        value = option_value(text, name, [typing.get_origin(kind) or kind for kind in kinds])
        if value is not text:
            try:
                cls(**{name: value})
            except RulesError:
                cls(**{name: text})  # the same check, refusing the text as typed
                raise
        return value

    @classmethod
    def option_from_command_line(cls, name: str, text: str):
        """The value of the option ``name`` as a command line writes it (``--rule NAME=VALUE``):
        for an option of :attr:`file_options`, text other than ``none`` is the path of a file,
        read there (``--rule tiles=my_tiles.csv``); any other as :meth:`option_from_text` reads it.

        Never used for a page's values: a page's text is data, never a path.

        Raises
        ------
        RulesError
            As :meth:`option_from_text`, or the reader's refusal of the file (its rule id).
        """
        reader = cls.file_options.get(name)
        if reader is not None and text.strip().lower() not in ("none", "null"):
            return reader(text)
        return cls.option_from_text(name, text)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)  # type: ignore[call-overload]


def check_players(game: str, players: int, low: int, high: int, rule: str) -> int:
    """Validate a player count; raise :class:`RulesError` naming ``rule`` if out of range."""
    if isinstance(players, bool) or not isinstance(players, Integral):
        raise RulesError(rule, _("The number of players must be a whole number, not {value}.", value=shown(players)))
    if not low <= players <= high:
        text = (N_("{game} is played by exactly {low} players, not {value}.") if low == high else
                N_("{game} is played by {low} to {high} players, not {value}."))
        raise RulesError(rule, _(text, game=game.capitalize(), low=low, high=high, value=shown(players)))
    return int(players)


def check_list(value, what: str, rule: str) -> list:
    """``value`` as a new list if it is a list or a tuple (a JSON array), else
    :class:`RulesError` naming ``rule``: text, a mapping or a number is not a list of things.
    ``what`` names the field in the sentence ("The hands")."""
    if not isinstance(value, (list, tuple)):
        raise RulesError(rule, _("{what} must be a list, not {value}.", what=what, value=shown(value)))
    return list(value)


def check_mapping(value, what: str, rule: str) -> Mapping:
    """``value`` if it is a mapping (a JSON object), else :class:`RulesError` naming ``rule``."""
    if not isinstance(value, Mapping):
        raise RulesError(rule, _("{what} must be a mapping (a JSON object), not {value}.", what=what, value=shown(value)))
    return value


def check_whole(value, what: str, rule: str, low: int, high: int) -> int:
    """``value`` as an int if it is a whole number from ``low`` to ``high`` (not a bool, not
    text), else :class:`RulesError` naming ``rule``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= value <= high:
        raise RulesError(rule, _("{what} must be a whole number from {low} to {high}, not {value}.",
                                 what=what, low=low, high=high, value=shown(value)))
    return int(value)


def check_flag(value, what: str, rule: str = "options") -> bool:
    """``value`` if it is ``True`` or ``False`` (not 0, 1 or text), else :class:`RulesError`."""
    if not isinstance(value, bool):
        raise RulesError(rule, _("{what} must be True or False, not {value}.", what=what, value=shown(value)))
    return value


def copy_rng(rng: np.random.Generator | None) -> np.random.Generator | None:
    """An independent generator in the same state as ``rng`` (same future draws), or ``None``."""
    if rng is None:
        return None
    new = type(rng)(type(rng.bit_generator)())
    new.bit_generator.state = rng.bit_generator.state
    return new


def check_rules(game: str, rules, rules_type: type):
    """``rules`` or, if ``None``, the default ``rules_type()``; rules of another type raise :class:`RulesError`."""
    if rules is None:
        return rules_type()
    if not isinstance(rules, rules_type):
        raise RulesError("options", _("rules must be mandalakit.{game}.Rules, not {kind}.", game=game,
                                      kind=type(rules).__name__))
    return rules


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
        render = importlib.import_module(f"mandalakit.{self.game}.render")
        return render.render_svg(self, player, marks=marks, width=width, names=names, you=you)

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
        render = importlib.import_module(f"mandalakit.{self.game}.render")
        return render.render_scores(self, player, width=width, names=names, you=you)

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
        ``"ohanami"``, ``"mandala"`` or ``"flowers"``.
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
