"""Play any of the three games in a notebook or a Voilà dashboard: :class:`GameView`.

One view over the engine contract, drawing a :class:`~mandalakit.widgets.play.session.Session`:
the turn loop (seats, bots and their pace, undo, hints, the hot-seat handover, the record, the
look back) is that plain-Python object's, and this view turns what people do (clicks, typed
moves, buttons) into its calls and what it tells (a line of play started, a move made, a new
position) into the board, the log and the lines on top. Around it, one child widget or module
per job: the status line on top (:mod:`.status`), the log of what happened (:mod:`.log`),
people's names (:mod:`.people`), the New game form (:mod:`.new_game_form`), the Record panel
(save, load, look back, play from here: :mod:`.record_panel`), the game kept in the browser
(:mod:`.resume`), the intro and Legend (:mod:`.legend`), the score screen (:mod:`.end_screen`).
The two panels talk to the view through the callbacks it gives them. Each game adds only its
part (:mod:`mandalakit.widgets.play.games`): which clicks make which move, how its moves are
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
from numbers import Integral

import ipywidgets as W

from mandalakit.core.errors import MandalakitError, RulesError, shown
from mandalakit.core.messages import _

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.play.clicks import ClickTree, chip_order, targets_in
from mandalakit.widgets.play.end_screen import EndScreen
from mandalakit.widgets.play.games import part_of
from mandalakit.widgets.play.legend import against, intro_html, legend_html
from mandalakit.widgets.play.log import Entry, EventLog
from mandalakit.widgets.play.new_game_form import NewGameForm
from mandalakit.widgets.play.people import HUMAN, display_names
from mandalakit.widgets.classroom.pupil import note_game
from mandalakit.widgets.play.refusals import refusal_html
from mandalakit.widgets.play.record_panel import MAX_UPLOAD_BYTES, RecordPanel
from mandalakit.widgets.play.resume import ResumeOffer, checked_record
from mandalakit.widgets.play.session import Session
from mandalakit.widgets.play.status import SCORE_STYLE, TABLE_STYLE, status_html
from mandalakit.widgets.play.typed import in_words

__all__ = ["GameView", "HUMAN", "MAX_UPLOAD_BYTES"]


def _session_property(name: str, doc: str) -> property:
    """A read-only attribute of the view that is its session's ``name``."""
    return property(lambda view: getattr(view.session, name), doc=doc)


class GameView(W.VBox):
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
    session : Session or None
        A game to draw instead (another view's, :meth:`rebuilt`, or a record's,
        :meth:`from_record`); ``game``, ``seats``, ``seed``, ``rules`` and ``bot_delay`` are then
        the session's own, and the board is drawn at the session's next :meth:`Session.start`
        or :meth:`Session.resume`.

    Raises
    ------
    RulesError
        For an unknown game, a seat that is neither ``"you"`` nor a bot of the game, a number
        of seats the game does not allow, or bad rule options or seed (the engine's refusal).

    Attributes
    ----------
    session : Session
        The game in play: seats, bots, undo, hints, the record, the look back.
    state : State
        The position being played (the engine's; the session's).
    board : BoardView
        The drawing, seen by :attr:`viewer`, with clickable targets.
    selection : tuple of str
        Targets clicked so far towards the next move.
    message : ipywidgets.HTML
        The last refusal, hint or bot move, in words.
    form : NewGameForm
        The New game panel.
    record_panel : RecordPanel
        The Record panel: look back, play from here, save, load.
    """

    def __init__(self, game: str = "ohanami", seats: Sequence[str] = (HUMAN, "medium"), *, seed: int | None = None,
                 rules=None, bot_delay: float = 0.6, session: Session | None = None):
        self.bot_delay = float(bot_delay) if session is None else session.bot_delay
        self.selection: tuple[str, ...] = ()
        self._hint: tuple[str, ...] = ()  # the clicks of the hint's move, lit one by one
        self._told: list = []  # what the log tells, as functions of the view (:meth:`rebuilt`)
        self._opening = None  # the log's first sentences of the next line of play
        self._build_widgets()
        top = W.VBox([self.status, self.message, self.resume_offer])
        top.add_class("mk-top")
        table = W.Box([W.VBox([self.end, self.cover, self.board, self.controls], layout=W.Layout(flex="100 1 420px", min_width="0")),
                       self.events], layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"))
        table.add_class("mk-table")
        super().__init__([W.HTML(TABLE_STYLE), top, table, self.score, self.panels])
        self.add_class("mk-game-view")
        if session is None:
            self.new_game(game, seats, seed=seed, rules=rules)
        else:
            self._adopt(session)

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
                             save=self.prepare_download)
        # The teacher's new game: players, seats, the deal, rule options (in words).
        self.form = NewGameForm(start=self._start_from_form)
        # Record: save, load, look back, play from here.
        self.record_panel = RecordPanel(record=lambda: self.session.record(), load=self.load_record,
                                        look=self._look_back, shown=self._redraw, play_from_here=self.play_from_here,
                                        refuse=self._refuse, note=self._note)
        self.intro = W.HTML()  # how to play, folded: the status line says what to click at each step
        self.legend = W.HTML()
        self.panels = W.Accordion(children=[self.intro, self.form, self.record_panel, self.legend],
                                  titles=(_("How to play"), _("New game"), _("Record"), _("Legend")),
                                  selected_index=None)

    # ----- a game -----------------------------------------------------------------------------
    def new_game(self, game: str, seats: Sequence[str], *, seed: int | None = None, rules=None,
                 players: Sequence[str] | None = None) -> None:
        """Start a new game (same arguments as the constructor); the old game is dropped.
        ``players``: the name each seat is recorded and shown under (default: its kind)."""
        session = Session(game, seats, seed=seed, rules=rules, players=players, bot_delay=self.bot_delay)
        self._adopt(session)
        self._opening = lambda view: [Entry(_("New game (deal {seed}): {players}.", seed=view.seed,
                                              players=against(view.names)))]
        session.start()

    def _adopt(self, session: Session) -> None:
        """Draw ``session`` from now on (the session before stops its bots)."""
        old = getattr(self, "session", None)
        if old is not None and old is not session:
            old.cancel()
        self.session = session
        session.listen(started=self._started, moved=self._moved, changed=self._changed)
        self.part = part_of(session.spec.name)
        self.move_text.placeholder = _("e.g. {example}", example=in_words(self.part.example, session.spec.name))
        self.board.store_key = f"mandalakit-game-in-progress:{session.spec.name}"
        self._name_seats()
        self._fill_panel()

    def _name_seats(self) -> None:
        self.names = display_names(self.players, you=len(self.humans) == 1, levels=self.spec.levels)

    def _fill_panel(self) -> None:
        self.form.fill(self.spec, self.seats, self.players, self.state.rules, self.seed)
        self.intro.value = intro_html(self.part, self.names)
        self.legend.value = legend_html(self.part)
        self.record_panel.name_seats(self.names)

    def _start_from_form(self, seats, players, seed, rules) -> None:
        self.new_game(self.spec.name, seats, seed=seed, rules=rules, players=players)
        self.board.scroll += 1  # the form stays behind: the new table comes into view

    def load_record(self, record: Mapping) -> None:
        """Replace the game by a record's game (validated by replaying it). A bad record raises
        :class:`RecordError` and keeps the current game."""
        self.session.load(record)
        self.session.start()
        self._fill_panel()

    @classmethod
    def from_record(cls, record: Mapping, *, at: int = 0, bot_delay: float = 0.6) -> GameView:
        """A view of a record's game, shown at event ``at`` (the record slider scrubs through
        it; *play from here* goes on from any event). The record's bot seats stay bots, every
        other seat is played at this screen. Raises :class:`RecordError` for a bad record, and
        :class:`RulesError` if ``at`` is not a whole number."""
        if isinstance(at, bool) or not isinstance(at, Integral):
            raise RulesError("options", _("at must be the number of an event of the record (a whole number), "
                                          "not {value}.", value=shown(at)))
        session = Session.from_record(record, bot_delay=bot_delay)
        view = cls(session=session)
        session.start()
        view.record_panel.review.value = max(0, min(int(at), view.record_panel.review.max))
        view.panels.selected_index = 2
        return view

    def play_from_here(self) -> None:
        """Go on playing from the position the record slider shows (later events are dropped)."""
        self.session.play_from_here()

    def prepare_download(self) -> str:
        """Put a download link of this game's record (JSON) under the Record panel's button, and
        return it (:meth:`RecordPanel.prepare_download`)."""
        return self.record_panel.prepare_download()

    # ----- what the session tells -------------------------------------------------------------
    def _started(self) -> None:
        """A line of play begins: nothing chosen, an empty log (opening with the new deal's
        sentences), the seats named."""
        self._name_seats()
        self.selection = ()
        self._hint = ()
        self.message.value = ""
        self.form.forget()
        self.record_panel.forget()
        self.events.clear()
        self._told = []
        opening, self._opening = self._opening, None
        if opening is not None:
            self._remember(opening)

    def _moved(self, before, after, bot: bool) -> None:
        """Tell in the log what happened from ``before`` to ``after`` (the game's part reads both
        positions as the seat looking may know them), and put the newest sentence on top."""
        self._others_moved = self._others_moved or bot  # the board marks what a bot changed
        viewer = self.humans[0] if len(self.humans) == 1 else None  # hot-seat: only what all may know

        def told(view: GameView) -> list[Entry]:
            entries = view.part.tell(before, after, viewer, view.names)
            if after.is_terminal() and not before.is_terminal():
                entries.append(Entry(view.part.result_words(after, view.names)))
            return entries

        self._remember(told)
        if after.is_terminal() and not before.is_terminal():  # the status line has the result: what next
            self._note(_("What next: play again with New game, or save this game under Record."))
            if len(self.humans) == 1:  # in class mode, the pupil's finished game is kept for the teacher
                note_game(self.session.record(), won=self.humans[0] in after.result().winners)

    def _changed(self) -> None:
        """A new position to show: the slider on it, the game kept in the browser, the board."""
        self.record_panel.follow(len(self.state.history))
        self._keep()
        self._redraw()

    # ----- the game, as the session holds it ----------------------------------------------------
    state = _session_property("state", "The position being played (:attr:`Session.state`).")
    spec = _session_property("spec", "The game's ``GameSpec``.")
    seats = _session_property("seats", "``\"you\"`` or the bot's name, per seat.")
    players = _session_property("players", "Who plays each seat, as the record names them.")
    seed = _session_property("seed", "The deal's seed.")
    bots = _session_property("bots", "The bot of each bot seat.")
    humans = _session_property("humans", "Seats played by people at this screen.")
    to_act = _session_property("to_act", "The seat to act (negative when none is).")
    reviewing = _session_property("reviewing", "True while the record slider looks back at an earlier position.")

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the board uses, or ``None`` while the cover hides every hand.

        While a person plays: that person's seat (hot-seat: the seat that said only its
        player looks), also when looking back. After the end, or when only bots play: the
        seat chosen under *view of*.
        """
        humans, looking = self.humans, self.session.looking
        if self.state.is_terminal() or not humans:  # the game is over, or only bots play
            if self.record_panel.seat is not None:
                return self.record_panel.seat
            return looking if looking is not None else (humans[0] if humans else 0)
        # A live game with people at this screen: looking back never shows another seat's
        # hand, and the cover stays up until the seat to act says only its player looks.
        return looking

    @property
    def active(self) -> set[str]:
        """Targets that can still lead to a legal move after :attr:`selection` (empty when it
        is not a person's turn at this screen)."""
        if self.session.may_move:
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
    #: True while the next drawing follows a bot's move (the board marks what it changed).
    _others_moved = False

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
            self._note(self._instead())
            self._redraw()
            return
        if outcome.kind == "unknown":
            self._note(self._instead())
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
            move, _after = self.session.judge(text)  # capped, in the page's words (« montagne A noire »)
        except MandalakitError as error:
            self._refuse(error)
            return False
        self.move_text.value = ""
        self._play(move)
        return True

    def undo(self) -> None:
        """Take back the last move made by a person at this screen (and the bot moves after it)."""
        if not self.session.can_undo:
            self._note(_("Nothing to undo yet."))
            return
        self.selection = ()
        self._note(_("Move taken back."))
        self.session.undo()

    def hint(self) -> None:
        """Show the move a small search prefers for the seat to act (:meth:`Session.hint`): its
        targets light up on the board, and the hint says it as a pupil thinks of it ("keep 8 and
        40") and why, from what it changes on the board (the hint's facts, never the search's
        figures)."""
        if not self._explain_no_click():
            return
        advice = self.session.hint()
        move = advice.move
        self._hint = next(iter(self.part.paths(self.state, move)))
        words = _("Hint: {move}. {why}", move=self.part.advice(self.state, move), why=advice.sentence)
        self._say(Entry(words, kind="hint"), html=f'<div class="mk-hint" data-move="{escape(str(move))}">'
                                                  f'{escape(words)}</div>')
        self._redraw()

    def uncover(self) -> None:
        """The seat to act confirms that only its player is looking (hot-seat)."""
        if self.session.uncover():
            self._redraw()

    def _play(self, move) -> None:
        self.selection = ()
        self._hint = ()
        self.form.forget()  # the line under the status is replaced by the move's sentence,
        self.record_panel.forget()  # never emptied first: it would blink out of the page
        self.session.play(move)

    def _look_back(self, index: int) -> None:
        self.session.look_back(index)
        self.selection = ()
        self._redraw()

    def _explain_no_click(self) -> bool:
        """True if a person may move now; else say why and return False."""
        if self.session.may_move:
            return True
        seat = self.to_act
        if self.reviewing:
            why = _("You are looking back at move {i}. Press “play from here” to go on from this position, "
                    "or move the slider to the end.", i=self.session.at)
        elif self.state.is_terminal():
            why = _("The game is over. Start a new game in the panel below.")
        elif self.seats[seat] != HUMAN:
            why = _("Wait: it is {name}'s turn.", name=self.names[seat])
        else:
            why = _("{name}: show your hand first.", name=self.names[seat])
        self._note(why)
        return False

    def _instead(self) -> str:
        labels = [self.part.label(t) for t in sorted(self.active, key=chip_order)]
        if not labels:
            return ""
        return _("Choose one of the highlighted: {labels}.", labels=", ".join(labels))

    # ----- what the page shows ------------------------------------------------------------------
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

    def _note(self, words: str) -> None:
        """Show ``words`` (plain text) on the line under the status."""
        self.message.value = f'<div class="mk-note">{escape(words)}</div>'

    def _refuse(self, error: MandalakitError, instead: str = "") -> None:
        """Show the engine's refusal on top (rule, sentence, what to do instead) and log it."""
        self._say(Entry(error.message, rule=error.rule if error.names_a_rule else "", kind="refusal"),
                  html=refusal_html(error, instead))

    def _redraw(self) -> None:
        """Draw the position looked at as :attr:`viewer` may see it (the hot-seat cover while
        nobody may), its clickable targets and the hint's next click, the score panel, the
        status line and, at the end, the score screen."""
        viewer = self.viewer
        state = self.session.shown
        seat = state.current_player
        covered = viewer is None
        self.cover.layout.display = "flex" if covered else "none"
        self.board.layout.display = "none" if covered else ""
        if covered:
            self.board.svg = ""
            self.board.chips = []
            self.board.hint = []
            self.score.value = ""
            self.cover_text.value = ('<p style="font-size:1.3em">'
                                     + _("{name}’s turn: click when only {name} is looking.", name=self.names[seat])
                                     + "</p>")
            self.cover_button.description = _("I am {name}: show my hand", name=self.names[seat])
            self.status.value = ""
            return
        active = self.active
        # A target both chosen and clickable again (a second card of a colour, the discard for
        # both cards) is drawn as clickable; the status line lists what is chosen.
        marks = {t: "selected" for t in self.selection}
        marks.update({t: "active" for t in active})
        you = 0 <= viewer < len(self.seats) and self.seats[viewer] == HUMAN  # "your field" for a person here
        chosen = self.selection if state is self.state else ()
        svg = self.part.draw(state, viewer, chosen, marks=marks, width=self.board.width or None,
                             names=self.names, you=you)
        with self.board.hold_sync():  # the mark arrives with the drawing it concerns
            self.board.marked = self._others_moved
            self.board.svg = svg
        self._others_moved = False
        drawn = set(targets_in(svg))
        self.board.chips = [[t, self.part.label(t)] for t in sorted(active - drawn, key=chip_order)]
        # The hint lights the next target of its clicks while the clicks so far follow it.
        hint, chosen = self._hint, self.selection
        self.board.hint = [hint[len(chosen)]] if hint[:len(chosen)] == chosen and len(hint) > len(chosen) else []
        self.score.value = SCORE_STYLE + self.part.score_panel(state, viewer, self.names)
        self.status.value = status_html(self, state)
        if state.is_terminal() and not self.reviewing:
            self.end.show(state, viewer, width=self.board.width or None, names=self.names, you=you)
        else:
            self.end.hide()

    # ----- the game kept in the browser, and the language switch --------------------------------
    def _keep(self) -> None:
        """Hand the record of the game in progress to the page to keep (none once it is over)."""
        self.board.record = "" if self.state.is_terminal() else json.dumps(self.session.record(), ensure_ascii=False)

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
        n = sum(1 for by, _m in self.state.history if by >= 0)
        self._remember(lambda view: [Entry(_("Game resumed at move {n}: {players}.", n=n,
                                             players=against(view.names)))])

    def rebuilt(self) -> GameView:
        """A new view of this game, made in the language in force (:func:`mandalakit.set_language`):
        the same session (position, seats, players, seed, rules, bots and undo); this view's
        waiting bots are cancelled, so the new view replaces it on the page."""
        self.session.cancel()
        view = GameView(session=self.session)
        view._told = list(self._told)
        view.events.clear()
        view.events.add(*(entry for told in view._told for entry in told(view)))
        self.session.resume()
        return view
