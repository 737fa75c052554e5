"""One game at a table, without any widget: :class:`Session`.

The turn loop of the play view lives here: who plays each seat (people at this screen, bots),
the bots' moves at a pace a pupil can follow (:mod:`.pacing`), undo, hints, typed moves judged
by the engine, the hot-seat handover (which seat looks at the screen), the record, and the look
back at earlier positions. :class:`~mandalakit.widgets.play.game_view.GameView` draws a session
and :class:`~mandalakit.widgets.play.replay.ReplayViewer` steps through one made from a record;
this module imports no ipywidgets, so a game is played and checked here in plain Python.

A session tells whoever draws it what happened through three callbacks (:meth:`Session.listen`):
``started()`` when a line of play begins (a new deal, a record loaded, *play from here*),
``moved(before, after, bot)`` after each move (with the chance events it led to), and
``changed()`` when the position to draw is new (after a move, an undo, a start).

>>> session = Session("mandala", ["you", "medium"], seed=3, bot_delay=0)
>>> session.start()                           # the deal's shuffle, then the person's turn
>>> session.to_act, session.may_move
(0, True)
>>> move, _after = session.judge("mountain A black")
>>> session.play(move)                        # the bot answers at once (no event loop here)
>>> session.to_act, len(session.state.history)
(0, 3)
>>> session.undo(), len(session.state.history)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mandalakit.core import hints, records
from mandalakit.core.contract import make_rng
from mandalakit.core.errors import RecordError, RulesError, shown
from mandalakit.core.messages import _
from mandalakit.core.registry import get_game
from mandalakit.core.search import PIMCBot

from mandalakit.widgets.play.pacing import Pacer
from mandalakit.widgets.play.people import HUMAN
from mandalakit.widgets.play.typed import to_notation, typed_move
from mandalakit.widgets.play.warm import warm

__all__ = ["Session"]


def _seed_now() -> int:
    """A fresh seed from the operating system, shown in the panel so the game can be replayed."""
    import numpy as np

    return int(np.random.SeedSequence().entropy % 1_000_000)


def _nothing(*_args) -> None:
    return None


class Session:
    """A game of ``game`` played by people at this screen and bots, in any mix of seats.

    Parameters
    ----------
    game, seats, seed, rules, bot_delay :
        As for :class:`~mandalakit.widgets.play.game_view.GameView`: ``seats`` holds ``"you"``,
        a level or a bot name of the game per seat; ``seed`` ``None`` draws one.
    players : sequence of str, optional
        The name each seat is recorded under (default: its kind; a typed name only counts for a
        person's seat).

    The game is dealt, not started: :meth:`start` resolves the deal's chance events and lets
    the bots to act move.

    Raises
    ------
    RulesError
        For an unknown game, a seat that is neither ``"you"`` nor a bot of the game, a number
        of seats the game does not allow, bad rule options or a bad seed (the engine's refusal).

    Attributes
    ----------
    spec : GameSpec
    seats : list of str
        ``"you"`` or the bot's name, per seat.
    players : list of str
        Who plays each seat, as the record names them.
    seed : int
        The deal's seed (the bots' seeds follow from it).
    bots : dict of int to Bot
        The bot of each bot seat.
    state : State
        The position in play (the engine's).
    looking : int or None
        The seat whose player looks at the screen; ``None`` while the hot-seat cover is up.
    at : int
        Number of events of the position looked at (:meth:`look_back`); the latest position
        (``len(state.history)``) while nobody looks back.
    """

    def __init__(self, game: str, seats: Sequence[str], *, seed: int | None = None, rules=None,
                 players: Sequence[str] | None = None, bot_delay: float = 0.6):
        spec = get_game(game)
        if isinstance(seats, str):  # "you" would otherwise be read as three seats, "y", "o" and "u"
            raise RulesError("options", _("seats must be a list with one entry per seat, such as "
                                          "[\"{human}\", \"greedy\"], not the text {text}.",
                                          human=HUMAN, text=shown(seats)))
        seats = [spec.levels.get(str(s), str(s)) for s in seats]  # a level plays as the bot behind it
        for seat, kind in enumerate(seats):
            if kind != HUMAN and kind not in spec.bots:
                raise RulesError("options", _("Player {seat:+1} must be {human} or a bot of {game} ({bots}), not {kind}.",
                                              seat=seat, human=HUMAN, game=game, bots=", ".join([*spec.levels, *spec.bots]),
                                              kind=shown(kind)))
        if rules is None or isinstance(rules, Mapping):
            rules = spec.make_rules(rules)
        seed = _seed_now() if seed is None else seed
        self.state = spec.new_game(len(seats), seed=seed, rules=rules)
        self.spec, self.seats, self.seed = spec, seats, seed
        # who plays each seat, as a record names them: a typed name only for a person's seat
        self.players = [p if k == HUMAN and p else k for k, p in zip(seats, players or seats)]
        self._make_bots()
        self._hint_rng = make_rng(seed + 200)  # the hints' searches
        self._chance = make_rng(seed + 100)  # chance after a loaded record or "play from here"
        self._pacer = Pacer(self._bot_step, bot_delay)  # bot moves a pupil can follow
        self._undo: list = []
        self._positions: dict[int, object] = {}  # looked-back positions by their number of events
        self.looking: int | None = None
        self.at = len(self.state.history)
        self._live = False  # True once started: the bots play (never in a replay's session)
        self.listen()

    def _make_bots(self) -> None:
        """A bot for each bot seat, seeded from the deal's seed."""
        self.bots = {i: self.spec.make_bot(k, seed=self.seed + 1 + i) for i, k in enumerate(self.seats) if k != HUMAN}
        if any(isinstance(bot, PIMCBot) for bot in self.bots.values()):
            warm(self.spec.name)  # the search's fast kernels now, not at its first move (widgets/play/warm.py)

    @classmethod
    def from_record(cls, record: Mapping, *, bot_delay: float = 0.6) -> Session:
        """A session holding a record's game at its last event (:meth:`load`; not started).
        Raises :class:`RecordError` for a bad record."""
        state = records.replay(record)  # validates the whole record once
        session = cls(state.game, [HUMAN] * get_game(state.game).min_players, seed=0, bot_delay=bot_delay)
        session._hold(record, state)
        return session

    def listen(self, started: Callable[[], None] = _nothing, moved: Callable[[object, object, bool], None] = _nothing,
               changed: Callable[[], None] = _nothing) -> None:
        """Tell ``started()``, ``moved(before, after, bot)`` and ``changed()`` what happens from
        now on (replacing the listener before; no argument: nobody is told)."""
        self._started, self._moved, self._changed = started, moved, changed

    # ----- who is to act ------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return [i for i, k in enumerate(self.seats) if k == HUMAN]

    @property
    def to_act(self) -> int:
        """The seat to act (negative when no seat is: the game is over, or chance is due)."""
        return self.state.current_player

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before it moves (0: at once)."""
        return self._pacer.delay

    @property
    def reviewing(self) -> bool:
        """True while an earlier position is looked at (:meth:`look_back`)."""
        return self.at < len(self.state.history)

    @property
    def may_move(self) -> bool:
        """True if a person at this screen may move now: their turn, only they look, and the
        latest position is shown."""
        seat = self.to_act
        return seat >= 0 and self.seats[seat] == HUMAN and self.looking == seat and not self.reviewing

    @property
    def can_undo(self) -> bool:
        """True if a person's move can be taken back."""
        return bool(self._undo)

    def _bot_to_act(self, seat: int) -> bool:
        return seat >= 0 and self.seats[seat] != HUMAN

    # ----- the turn loop ------------------------------------------------------------------------
    def start(self, state=None) -> None:
        """Play on from ``state`` (default: the position held): nothing to undo, the one person
        at this screen looking (hot-seat: the cover up), ``started()``, the chance events due,
        then the bots' moves."""
        self._pacer.cancel()
        if state is not None:
            self.state = state
        self._undo = []
        self._positions = {}
        humans = self.humans
        self.looking = humans[0] if len(humans) == 1 else None
        self.at = len(self.state.history)
        self._live = True
        self._started()
        before = self.state.clone()
        self._resolve_chance()
        self._moved(before, self.state.clone(), False)
        self.resume()

    def play(self, move) -> None:
        """A person's move (legal: checked by the clicks or :meth:`judge`), then the chance
        events and bot moves that follow."""
        before = self.state.clone()
        self.state.apply(move)
        self._undo.append(before)
        self._resolve_chance()
        self._moved(before, self.state.clone(), False)
        self.resume()

    def judge(self, text: str, state=None) -> tuple:
        """``(move, position after it)`` of the typed ``text`` (the game's notation in the page's
        words, at most :data:`~mandalakit.widgets.play.typed.MAX_MOVE_CHARS` characters) on
        ``state`` (default: the position in play), judged by the engine on a copy.

        Raises
        ------
        MandalakitError
            The engine's refusal (``NotationError``, ``IllegalMoveError`` with its rule id).
        """
        state = self.state if state is None else state
        move = state.parse_move(to_notation(typed_move(text), state.game))
        after = state.clone()
        after.apply(move)
        return move, after

    def undo(self) -> bool:
        """Take back the last move of a person at this screen (and the bot moves after it);
        ``False`` if there is none."""
        if not self._undo:
            return False
        self._pacer.cancel()
        self.state = self._undo.pop()
        self._positions = {i: s for i, s in self._positions.items() if i <= len(self.state.history)}
        if len(self.humans) > 1:
            self.looking = None
        self.resume()
        return True

    def hint(self):
        """The move a small search prefers for the seat to act, and why
        (:func:`mandalakit.core.hints.hint`, at most :data:`~mandalakit.core.hints.HINT_SECONDS`)."""
        return hints.hint(self.spec.name, self.state.observation(self.to_act), self.state.legal_moves(),
                          seed=self._hint_rng, rules=self.state.rules, seconds=hints.HINT_SECONDS)

    def uncover(self) -> bool:
        """The seat to act, a person's, says only its player looks (hot-seat); ``False`` if a
        bot or nobody is to act."""
        seat = self.to_act
        if seat >= 0 and self.seats[seat] == HUMAN:
            self.looking = seat
            return True
        return False

    def resume(self) -> None:
        """Go on from the position in play: the chance events due, the latest position looked
        at, the bots to act moving (at once, or at their pace), the cover up when the screen
        passes to another person, and ``changed()``."""
        self._resolve_chance()
        self.at = len(self.state.history)
        seat = self.to_act
        if self._bot_to_act(seat) and self._pacer.immediate:
            self._pacer.start()  # every bot move at once: the position is drawn once, after the last
            seat = self.to_act
        self._hand_over(seat)
        self._changed()
        if self._bot_to_act(seat):
            self._pacer.start()

    def cancel(self) -> None:
        """Stop the bots' waiting moves (the session is left, or handed to another view)."""
        self._pacer.cancel()

    def _hand_over(self, seat: int) -> None:
        if seat >= 0 and self.seats[seat] == HUMAN and len(self.humans) > 1 and self.looking != seat:
            self.looking = None  # hot-seat: cover until the next player says only they look

    def _resolve_chance(self) -> None:
        while self.state.is_chance():  # a replayed game has no generator of its own
            self.state.apply(self.state.sample_chance(self._chance))

    def _bot_step(self) -> bool:
        """One bot move if a bot is to act; True if another bot move follows."""
        seat = self.to_act
        if not self._bot_to_act(seat) or self.reviewing:
            return False
        move = self.bots[seat].choose(self.state.observation(seat), self.state.legal_moves())
        before = self.state.clone()
        self.state.apply(move)
        self._resolve_chance()
        self._moved(before, self.state.clone(), True)
        self.at = len(self.state.history)
        nxt = self.to_act
        if not self._pacer.immediate:  # at once, resume() hands over and tells after the last move
            self._hand_over(nxt)
            self._changed()
        return self._bot_to_act(nxt)

    # ----- the record, and a look back ------------------------------------------------------------
    def record(self) -> dict:
        """The game's record (:func:`mandalakit.core.records.from_state`): players, seed, events."""
        return records.from_state(self.state, players=self.players, seed=self.seed)

    def load(self, record: Mapping) -> None:
        """Hold a record's game at its last event instead of this one (validated by replaying
        it); :meth:`start` plays on. The record's bot seats are bots again, every other seat is
        played at this screen, and the record's seed (when it names one) is the game's.

        Raises
        ------
        RecordError
            For a bad record or one of another game; this game is kept.
        """
        self._hold(record, records.replay(record))

    def _hold(self, record: Mapping, state) -> None:
        """Hold ``state``, the replayed last position of ``record``, with the record's seats."""
        if state.game != self.spec.name:  # this page plays one game: say where the record belongs
            raise RecordError("record", _("This is a record of {other}; this view plays {game}. Open the {other} "
                                          "page to load it.", other=state.game, game=self.spec.name))
        # A record names each seat by who played it: a bot's name makes that seat a bot again.
        self.players = [str(p.get("name", "")) if isinstance(p, Mapping) else "" for p in record["players"]]
        self.seats = [n if n in self.spec.bots else HUMAN for n in self.players]
        seed = record.get("seed")  # checked by the replay: a whole number, or none
        self.seed = seed if isinstance(seed, int) else self.seed
        self._make_bots()
        self._pacer.cancel()
        self.state = state
        self._undo, self._positions = [], {}
        self.at = len(state.history)
        self._live = False

    @property
    def setup_end(self) -> int:
        """Number of events of the game's setup (the chance events before the first move)."""
        history = self.state.history
        return next((i for i, (by, _move) in enumerate(history) if by >= 0), len(history))

    def state_at(self, index: int):
        """The position after ``index`` events of this game (the position in play itself from
        the last event on; earlier ones replayed from the record, kept until the line changes)."""
        if index >= len(self.state.history):
            return self.state
        if index not in self._positions:
            self._positions[index] = records.replay(self.record(), upto=max(0, index))
        return self._positions[index]

    @property
    def shown(self):
        """The position looked at (:attr:`at`)."""
        return self.state_at(self.at)

    def look_back(self, index: int) -> None:
        """Look at the position after ``index`` events (cut to the game's events). The bots
        wait while an earlier position is looked at, and go on when the latest one is again."""
        self.at = max(0, min(int(index), len(self.state.history)))
        if self._live and not self.reviewing and self._bot_to_act(self.to_act) and not self._pacer.waiting:
            self._pacer.start()

    def play_from_here(self) -> bool:
        """Play on from the position looked at (the later events are dropped); ``False`` if
        the latest position is looked at."""
        if not self.reviewing:
            return False
        self.start(records.replay(self.record(), upto=self.at))
        return True
