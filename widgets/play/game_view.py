"""Play any of the three games in a notebook or a Voilà dashboard: :class:`GameView`.

One view over the engine contract. What is the same for every game is written here once:
the turn loop, human and bot seats, the hot-seat cover, undo, hint, typed moves, refusals,
the score panel frame. Around it, one module per job: the status line on top
(:mod:`.status`), the log of what happened (:mod:`.log`), people's names (:mod:`.people`),
the New game form and panel (:mod:`.new_game_form`), the record panel (save, load,
look back, play from here: :mod:`.record_panel`), the game kept in the browser (:mod:`.resume`),
the intro and Legend (:mod:`.legend`), the bots' pace (:mod:`.pacing`). Each game adds only
its part (:mod:`mandalakit.widgets.play.games`): which clicks make which move, how its moves are
told, and its score panel. Legality, scores and refusals all come from the engine.

>>> from mandalakit.widgets import GameView
>>> view = GameView("mandala", seats=["you", "medium"], seed=3)
>>> view.state.current_player, sorted(view.active)
(0, ['hand:black', 'hand:green', 'hand:yellow'])
>>> view.click("hand:black"); view.click("mountain:A")
>>> str(view.state.history[1][1])
'mountain A black'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape

import ipywidgets as W

from mandalakit.core import hints
from mandalakit.core.contract import make_rng
from mandalakit.core.errors import MandalakitError, RulesError, shown
from mandalakit.core.messages import _
from mandalakit.core.registry import get_game
from mandalakit.core.search import PIMCBot

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.play.clicks import ClickTree
from mandalakit.widgets.play.drawing import TableDrawing, chip_order
from mandalakit.widgets.play.end_screen import EndScreen
from mandalakit.widgets.play.games import part_of
from mandalakit.widgets.play.legend import against
from mandalakit.widgets.play.log import Entry, EventLog
from mandalakit.widgets.play.new_game_form import NewGameForm, NewGamePanel
from mandalakit.widgets.play.pacing import Pacer
from mandalakit.widgets.play.people import HUMAN, display_names
from mandalakit.widgets.classroom.pupil import note_game
from mandalakit.widgets.play.refusals import refusal_html, typed_move
from mandalakit.widgets.play.record_panel import MAX_UPLOAD_BYTES, RecordPanel
from mandalakit.widgets.play.resume import ResumeOffer, checked_record
from mandalakit.widgets.play.status import TABLE_STYLE
from mandalakit.widgets.play.typed import in_words, to_notation
from mandalakit.widgets.play.warm import warm

__all__ = ["GameView", "HUMAN", "MAX_UPLOAD_BYTES"]


def _seed_now() -> int:
    """A fresh seed from the operating system, shown in the panel so the game can be replayed."""
    import numpy as np

    return int(np.random.SeedSequence().entropy % 1_000_000)


class GameView(TableDrawing, RecordPanel, NewGamePanel, W.VBox):
    """A game played by clicks, by typed moves and by bots, in any mix of seats.

    Parameters
    ----------
    game : str
        ``"ohanami"``, ``"mandala"`` or ``"flowers"``.
    seats : sequence of str
        One entry per seat: ``"you"`` for a person at this screen, a level (``"easy"``,
        ``"medium"``, ``"hard"``: the bot behind it plays, and the record keeps that bot's name)
        or a bot name of the game (``"random"``, ``"greedy"``). The number of seats is the
        number of players. Two or
        more ``"you"`` seats play hot-seat: a cover hides the hands between turns.
    seed : int or None
        Seed of the game's deck and of the bots; ``None`` draws one (shown in the panel).
    rules : the game's ``Rules``, mapping of options, or None
        Rule options (the game's "Ruling" points); ``None`` for the defaults.
    bot_delay : float
        Seconds a bot waits before it moves, so a pupil sees each move (0: at once). Bots
        only wait when an event loop runs (a notebook or Voilà); elsewhere they move at once.

    Raises
    ------
    RulesError
        For an unknown game, a seat that is neither ``"you"`` nor a bot of the game, a number
        of seats the game does not allow, or bad rule options or seed (the engine's refusal).

    Attributes
    ----------
    state : State
        The position being played (the engine's).
    board : BoardView
        The drawing, seen by :attr:`viewer`, with clickable targets.
    selection : tuple of str
        Targets clicked so far towards the next move.
    message : ipywidgets.HTML
        The last refusal, hint or bot move, in words.
    """

    def __init__(self, game: str = "ohanami", seats: Sequence[str] = (HUMAN, "medium"), *, seed: int | None = None,
                 rules=None, bot_delay: float = 0.6):
        self.bot_delay = float(bot_delay)
        self._pacer = Pacer(self._bot_step, self.bot_delay)  # bot moves a pupil can follow
        self._build_widgets()
        top = W.VBox([self.status, self.message, self.resume_offer])
        top.add_class("mk-top")
        table = W.Box([W.VBox([self.end, self.cover, self.board, self.controls], layout=W.Layout(flex="100 1 420px", min_width="0")),
                       self.events], layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"))
        table.add_class("mk-table")
        super().__init__([W.HTML(TABLE_STYLE), top, table, self.score, self.panels])
        self.add_class("mk-game-view")
        self.new_game(game, seats, seed=seed, rules=rules)

    # ----- building ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status = W.HTML()
        self.status.add_class("mk-status")
        self.board = BoardView(chips_label=_("Choices"))
        self.board.add_class("mk-board-view")
        self.board.on_target(self.click)
        self.board.on_escape(self.clear)
        self.resume_offer = ResumeOffer(self._resume)
        self.board.on_resume(self._offer_resume)
        self.board.observe(lambda _c: self._redraw(), names="width")  # a narrow page gets a narrow layout
        self.cover_text = W.HTML()
        self.cover_button = W.Button(description="", button_style="primary", layout=W.Layout(width="auto"))
        self.cover_button.on_click(lambda _b: self.uncover())
        self.cover = W.VBox([self.cover_text, self.cover_button], layout=W.Layout(display="none", padding="2em"))
        self.cover.add_class("mk-cover")
        self.move_text = W.Text(placeholder="",
                                description=_("move"), continuous_update=False,
                                layout=W.Layout(width="22em", max_width="100%"))
        self.move_text.add_class("mk-move-text")
        # Enter (or leaving the box) sends the text: continuous_update=False.
        self.move_text.observe(lambda c: c["new"] and not c["new"].isspace() and self.play_text(c["new"]),
                               names="value")
        self.move_button = W.Button(description=_("play it"), tooltip=_("Play the typed move"))
        self.move_button.on_click(lambda _b: self.move_text.value.strip() and self.play_text(self.move_text.value))
        self.undo_button = W.Button(description=_("↶ undo"), tooltip=_("Take back your last move"))
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button = W.Button(description=_("hint"), tooltip=_("A good move, and why"))
        self.hint_button.on_click(lambda _b: self.hint())
        self.clear_button = W.Button(description=_("clear"), tooltip=_("Forget the cards chosen so far (Escape)"))
        self.clear_button.on_click(lambda _b: self.clear())
        for b in (self.move_button, self.undo_button, self.hint_button, self.clear_button):
            b.layout = W.Layout(width="auto")
        self.controls = W.HBox([self.move_text, self.move_button, self.undo_button, self.hint_button,
                                self.clear_button], layout=W.Layout(flex_flow="row wrap"))
        self.message = W.HTML()
        self.message.add_class("mk-message")
        self.events = EventLog(layout=W.Layout(flex="1 1 240px", max_height="70vh", overflow="auto"))
        self.score = W.HTML()
        self.score.add_class("mk-score")
        # The end of a game: the engine's score screen, a new deal, the record (issue 20).
        self.end = EndScreen(again=lambda: self.new_game(self.spec.name, self.seats, rules=self.state.rules),
                             save=lambda: (self.prepare_download(), self.download.value)[1])
        self._build_panels()

    def _build_panels(self) -> None:
        # Record: save, load, look back, play from here.
        self.save_button = W.Button(description=_("save this game as a record"), layout=W.Layout(width="auto"))
        self.save_button.on_click(lambda _b: self.prepare_download())
        self.download = W.HTML()
        # ipywidgets writes "load a record (0)" on the button, the count of files it holds (always
        # 0 here: each file is read at once): the button's words come from the style instead.
        words = _("load a saved game")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="", tooltip=words,
                                   layout=W.Layout(width="auto"))
        self.upload.add_class("mk-upload")
        upload_words = W.HTML('<style>.mk-upload.widget-upload { font-size: 0; } .mk-upload.widget-upload::after '
                              f'{{ content: "{_css_text(words)}"; font-size: 13px; }}</style>')
        self.upload.observe(self._on_upload, names="value")
        self.review = W.IntSlider(value=0, min=0, max=0, description=_("move"), continuous_update=False,
                                  layout=W.Layout(width="30em", max_width="100%"))
        self.review.observe(self._on_review, names="value")
        self.view_of = W.Dropdown(options=[(_("the player at this screen"), -1)], value=-1,
                                  description=_("view of"), layout=W.Layout(width="auto"))
        self.view_of.observe(lambda _c: self._redraw(), names="value")
        self.play_here = W.Button(description=_("play from here"), layout=W.Layout(width="auto"))
        self.play_here.on_click(lambda _b: self.play_from_here())
        record_box = W.VBox([
            W.HTML(_("Look back through this game with the slider; <b>play from here</b> goes on from the "
                     "position shown. Save this game in a file, or load a saved game (at most 1 MB; it is checked "
                     "by playing it again).")),
            W.HBox([self.review, self.view_of, self.play_here], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.save_button, self.upload, upload_words], layout=W.Layout(flex_flow="row wrap")),
            self.download,
        ])
        # The teacher's new game: players, seats, the deal, rule options (in words).
        self.form = NewGameForm()
        self.form.start_button.on_click(lambda _b: self._start_from_panel())
        self.form.again_button.on_click(lambda _b: self._start_from_panel(again=True))
        for name in ("players_choice", "seat_box", "seed_text", "rule_box", "start_button", "form_message"):
            setattr(self, name, getattr(self.form, name))
        new_box = self.form
        self.intro = W.HTML()  # how to play, folded: the status line says what to click at each step
        self.legend = W.HTML()
        self.panels = W.Accordion(children=[self.intro, new_box, record_box, self.legend],
                                  titles=(_("How to play"), _("New game"), _("Record"), _("Legend")),
                                  selected_index=None)

    # ----- a game -----------------------------------------------------------------------------
    def new_game(self, game: str, seats: Sequence[str], *, seed: int | None = None, rules=None,
                 players: Sequence[str] | None = None) -> None:
        """Start a new game (same arguments as the constructor); the old game is dropped.
        ``players``: the name each seat is recorded and shown under (default: its kind)."""
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
        state = spec.new_game(len(seats), seed=seed, rules=rules)
        self.spec, self.part, self.seats, self.seed = spec, part_of(game), seats, seed
        self.move_text.placeholder = _("e.g. {example}", example=in_words(self.part.example, game))
        # who plays each seat, as a record names them: a typed name only for a person's seat
        self.players = [p if k == HUMAN and p else k for k, p in zip(seats, players or seats)]
        self.names = display_names(self.players, you=len(self.humans) == 1, levels=spec.levels)
        self.bots = {i: spec.make_bot(k, seed=seed + 1 + i) for i, k in enumerate(seats) if k != HUMAN}
        if any(isinstance(bot, PIMCBot) for bot in self.bots.values()):
            warm(game)  # the search's fast kernels now, not at its first move (widgets/play/warm.py)
        self._hint_rng = make_rng(seed + 200)  # the hints' searches
        self._chance = make_rng(seed + 100)  # chance after a loaded record or "play from here"
        self.board.store_key = f"mandalakit-game-in-progress:{spec.name}"
        self._pacer.cancel()
        self.state = state
        self._fill_panel()
        self._start(state, lambda view: [Entry(_("New game (deal {seed}): {players}.", seed=view.seed,
                                                 players=against(view.names)))])

    def _start(self, state, opening=None) -> None:
        """Play on from ``state`` with an empty log that opens with ``opening(view)``'s
        sentences (who plays whom), before any bot moves."""
        self._pacer.cancel()
        self.state = state
        self._undo: list = []
        self.selection: tuple[str, ...] = ()
        humans = self.humans
        self.looking: int | None = humans[0] if len(humans) == 1 else None
        self.message.value = ""
        self.form_message.value = ""
        self.download.value = ""
        self._hint: tuple[str, ...] = ()
        self.events.clear()
        self._told: list = []
        if opening is not None:
            self._remember(opening)
        before = self.state.clone()
        self._resolve_chance()
        self._tell(before)
        self._after_change()

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return [i for i, k in enumerate(self.seats) if k == HUMAN]

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the board uses, or ``None`` while the cover hides every hand.

        While a person plays: that person's seat (hot-seat: the seat that said only its
        player looks), also when looking back. After the end, or when only bots play: the
        seat chosen under *view of*.
        """
        humans = self.humans
        if self.state.is_terminal() or not humans:  # the game is over, or only bots play
            if isinstance(self.view_of.value, int) and self.view_of.value >= 0:  # a page may send no choice
                return self.view_of.value
            return self.looking if self.looking is not None else (humans[0] if humans else 0)
        # A live game with people at this screen: looking back never shows another seat's
        # hand, and the cover stays up until the seat to act says only its player looks.
        return self.looking

    @property
    def to_act(self) -> int:
        return self.state.current_player

    @property
    def reviewing(self) -> bool:
        """True while the record slider looks back at an earlier position."""
        return self.review.value < len(self.state.history)

    @property
    def active(self) -> set[str]:
        """Targets that can still lead to a legal move after :attr:`selection` (empty when it
        is not a person's turn at this screen)."""
        if self._can_click():
            return self._tree().active(self.selection)
        return set()

    def _tree(self) -> ClickTree:
        if self._tree_cache is None or self._tree_cache.state is not self.state or self._tree_len != len(
                self.state.history):
            self._tree_cache = ClickTree(self.state, self.part)
            self._tree_len = len(self.state.history)
        return self._tree_cache

    _tree_cache: ClickTree | None = None
    _tree_len = -1
    _rule_inputs: dict = {}  # rules option name -> its box in the New game form (_fill_panel)
    _seat_inputs: list = []  # one box per seat in the New game form (_seat_widgets)

    def _can_click(self) -> bool:
        seat = self.to_act
        return (seat >= 0 and self.seats[seat] == HUMAN and self.looking == seat and not self.reviewing)

    # ----- what people do ---------------------------------------------------------------------
    def click(self, target: str) -> None:
        """A click (or Enter) on ``target``: extend the selection, play the move it completes,
        or show the engine's refusal of what it means. The state changes only by a legal move."""
        if not self._explain_no_click():
            return
        outcome = self._tree().click(self.selection, target)
        if outcome.kind == "move":
            self._play(outcome.move)
            return
        if outcome.kind == "attempt":
            try:
                move = self.state.parse_move(outcome.text)
                self.state.clone().apply(move)  # the engine judges on a copy
            except MandalakitError as error:
                self._refuse(error, self._instead())
                self._redraw()
                return
            # The engine would accept what the clicks were read as, but they are not a path of
            # that move (the part filled in a default): never play what was not chosen.
            self.message.value = f'<div class="mk-note">{escape(self._instead())}</div>'
            self._redraw()
            return
        if outcome.kind == "unknown":
            self.message.value = f'<div class="mk-note">{escape(self._instead())}</div>'
        else:
            self._say()  # the latest event stays in sight while the move is chosen
        self.selection = outcome.selection
        self._redraw()

    def clear(self) -> None:
        """Forget the targets chosen so far (the Escape key)."""
        self.selection = ()
        self._say()
        self._redraw()

    def play_text(self, text: str) -> bool:
        """Play a typed move (the game's notation) for the seat to act at this screen.

        Returns ``True`` if the engine accepted it; otherwise shows the refusal and returns
        ``False`` with the state unchanged.
        """
        if not self._explain_no_click():
            return False
        try:
            # a capped length (no page is parsed), in the page's words (French « montagne A noire »)
            move = self.state.parse_move(to_notation(typed_move(text), self.spec.name))
            self.state.clone().apply(move)
        except MandalakitError as error:
            self._refuse(error)
            return False
        self.move_text.value = ""
        self._play(move)
        return True

    def undo(self) -> None:
        """Take back the last move made by a person at this screen (and the bot moves after it)."""
        if not self._undo:
            self.message.value = '<div class="mk-note">' + _("Nothing to undo yet.") + "</div>"
            return
        self._pacer.cancel()
        self.state = self._undo.pop()
        self.selection = ()
        self.message.value = '<div class="mk-note">' + _("Move taken back.") + "</div>"
        if len(self.humans) > 1:
            self.looking = None
        self._after_change()

    def hint(self) -> None:
        """Show the move a small search prefers for the seat to act (:func:`mandalakit.core.hints.hint`,
        at most :data:`~mandalakit.core.hints.HINT_SECONDS` of search): its targets light up on the
        board, and the hint says it as a pupil thinks of it ("keep 8 and 40") and why, from what
        it changes on the board (the hint's facts, never the search's figures)."""
        if not self._explain_no_click():
            return
        seat = self.to_act
        advice = hints.hint(self.spec.name, self.state.observation(seat), self.state.legal_moves(),
                            seed=self._hint_rng, rules=self.state.rules, seconds=hints.HINT_SECONDS)
        move = advice.move
        self._hint = next(iter(self.part.paths(self.state, move)))
        words = _("Hint: {move}. {why}", move=self.part.advice(self.state, move), why=advice.sentence)
        self._say(Entry(words, kind="hint"), html=f'<div class="mk-hint" data-move="{escape(str(move))}">'
                                                  f'{escape(words)}</div>')
        self._redraw()

    def uncover(self) -> None:
        """The seat to act confirms that only its player is looking (hot-seat)."""
        seat = self.to_act
        if seat >= 0 and self.seats[seat] == HUMAN:
            self.looking = seat
            self._redraw()

    def _explain_no_click(self) -> bool:
        """True if a person may move now; else say why and return False."""
        if self._can_click():
            return True
        seat = self.to_act
        if self.reviewing:
            why = _("You are looking back at move {i}. Press “play from here” to go on from this position, "
                    "or move the slider to the end.", i=self.review.value)
        elif self.state.is_terminal():
            why = _("The game is over. Start a new game in the panel below.")
        elif self.seats[seat] != HUMAN:
            why = _("Wait: it is {name}'s turn.", name=self.names[seat])
        else:
            why = _("{name}: show your hand first.", name=self.names[seat])
        self.message.value = f'<div class="mk-note">{escape(why)}</div>'
        return False

    def _instead(self) -> str:
        labels = [self.part.label(t) for t in sorted(self.active, key=chip_order)]
        if not labels:
            return ""
        return _("Choose one of the highlighted: {labels}.", labels=", ".join(labels))

    # ----- the turn loop ----------------------------------------------------------------------
    def _play(self, move) -> None:
        before = self.state.clone()
        self.state.apply(move)  # legal: checked by the click tree or on a copy
        self._undo.append(before)
        self.selection = ()
        self._hint = ()
        self.form_message.value = ""  # the line under the status is replaced by _tell, never
        self.download.value = ""      # emptied first: an empty line would blink out of the page
        self._resolve_chance()
        self._tell(before)
        self._after_change()

    def _tell(self, before) -> None:
        """Tell in the log what happened since ``before`` (the game's part reads both
        positions as the seat looking may know them), and put the newest sentence on top."""
        after = self.state.clone()
        viewer = self.humans[0] if len(self.humans) == 1 else None  # hot-seat: only what all may know

        def told(view: GameView) -> list[Entry]:
            entries = view.part.tell(before, after, viewer, view.names)
            if after.is_terminal() and not before.is_terminal():
                entries.append(Entry(view.part.result_words(after, view.names)))
            return entries

        self._remember(told)
        if after.is_terminal() and not before.is_terminal():  # the status line has the result: what next
            self.message.value = ('<div class="mk-note">' + escape(_("What next: play again with New game, or save "
                                                                      "this game under Record.")) + "</div>")
            if len(self.humans) == 1:  # in class mode, the pupil's finished game is kept for the teacher
                note_game(self._record(), won=self.humans[0] in after.result().winners)

    def _remember(self, told) -> None:
        """Say ``told(view)``'s sentences now, and keep ``told`` so that a view rebuilt in
        another language tells the whole game again in that language."""
        self._told.append(told)
        self._say(*told(self))

    def _say(self, *entries: Entry, html: str | None = None) -> None:
        """Add ``entries`` to the log; the line under the status shows ``html`` or the newest
        sentence of the log."""
        self.events.add(*entries)
        latest = self.events.latest
        if html is not None:
            self.message.value = html
        elif latest is not None:
            self.message.value = f'<div class="mk-latest mk-log-{latest.kind}">{latest.body_html()}</div>'

    def _refuse(self, error: MandalakitError, instead: str = "") -> None:
        """Show the engine's refusal on top (rule, sentence, what to do instead) and log it."""
        self._say(Entry(error.message, rule=error.rule if error.names_a_rule else "", kind="refusal"),
                  html=refusal_html(error, instead))

    def _resolve_chance(self) -> None:
        while self.state.is_chance():  # a replayed game has no generator of its own
            self.state.apply(self.state.sample_chance(self._chance))

    def _on_review(self, _change) -> None:
        if not self._syncing:
            self.selection = ()
            self._redraw()

    _syncing = False

    def _review_to_end(self) -> None:
        """Put the record slider on the latest event without a redraw of its own."""
        self._syncing = True
        try:
            self.review.max = len(self.state.history)
            self.review.value = self.review.max
        finally:
            self._syncing = False

    def _keep(self) -> None:
        """Hand the record of the game in progress to the page to keep (none once it is over)."""
        self.board.record = "" if self.state.is_terminal() else json.dumps(self._record(), ensure_ascii=False)

    def _offer_resume(self, text) -> None:
        record = checked_record(text, self.spec.name)
        if record is not None and len(record["events"]) > len(self.state.history):
            self.resume_offer.offer(record)

    def _resume(self, record) -> None:
        """Go on with the game the browser kept (replayed and checked by the engine)."""
        try:
            self.load_record(record)
        except MandalakitError as error:
            self._refuse(error, _("The current game is kept."))
            return
        seed = record.get("seed")
        self.seed = seed if isinstance(seed, int) else self.seed
        n = sum(1 for by, _m in self.state.history if by >= 0)
        self._remember(lambda view: [Entry(_("Game resumed at move {n}: {players}.", n=n,
                                             players=against(view.names)))])

    def _after_change(self) -> None:
        self._resolve_chance()
        self._review_to_end()
        seat = self.to_act
        if seat >= 0 and self.seats[seat] != HUMAN and self._pacer.immediate:
            self._pacer.start()  # every bot move at once: the record is kept and the board drawn once, after the last
            seat = self.to_act
        self._keep()
        if seat >= 0 and self.seats[seat] == HUMAN and len(self.humans) > 1 and self.looking != seat:
            self.looking = None  # hot-seat: cover until the next player says only they look
        self._redraw()
        if seat >= 0 and self.seats[seat] != HUMAN:
            self._pacer.start()

    def _bot_step(self) -> bool:
        """One bot move if a bot is to act; True if another bot move follows."""
        seat = self.to_act
        if seat < 0 or self.seats[seat] == HUMAN or self.reviewing:
            return False
        move = self.bots[seat].choose(self.state.observation(seat), self.state.legal_moves())
        before = self.state.clone()
        self.state.apply(move)
        self._others_moved = True
        self._resolve_chance()
        self._tell(before)
        self._review_to_end()
        nxt = self.to_act
        if not self._pacer.immediate:  # at once, _after_change keeps and draws after the last move
            self._keep()
            if nxt >= 0 and self.seats[nxt] == HUMAN and len(self.humans) > 1 and self.looking != nxt:
                self.looking = None
            self._redraw()
        return nxt >= 0 and self.seats[nxt] != HUMAN

    # ----- a look back, and the language switch -------------------------------------------------
    def rebuilt(self) -> GameView:
        """A new view of this game, made in the language in force (:func:`mandalakit.set_language`):
        the same position, seats, players, seed, rules, bots and undo; this view's waiting bots are
        cancelled, so the new view replaces it on the page."""
        self._pacer.cancel()
        view = GameView(self.spec.name, self.seats, seed=self.seed, rules=self.state.rules, bot_delay=self.bot_delay)
        view._pacer.cancel()
        view.players, view.names = self.players, display_names(self.players, you=len(self.humans) == 1,
                                                              levels=self.spec.levels)
        view.bots, view._hint_rng, view._chance = self.bots, self._hint_rng, self._chance
        view._fill_panel()
        view._start(self.state)
        view._undo, view.looking = list(self._undo), self.looking
        view._told = list(self._told)
        view.events.clear()
        view.events.add(*(entry for told in view._told for entry in told(view)))
        view._redraw()
        return view



def _css_text(text: str) -> str:
    """``text`` inside a CSS string (quotes, backslashes and angle brackets escaped)."""
    return "".join(c if c.isalnum() or c in " .,;:!?'’-()…" else f"\\{ord(c):x} " for c in text)
