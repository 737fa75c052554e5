"""Replay any record of any game, event by event: :class:`ReplayViewer`.

The viewer holds no game logic. Every position comes from the record's
:class:`~mandalakit.widgets.play.session.Session` (its look back, the one the play view's
Record panel uses: :func:`mandalakit.core.records.replay`, each position kept once made), every
board from the engine's ``state.to_svg``, and what is particular to a game from its part
(:mod:`mandalakit.widgets.play.games`): the score panel, how an event reads to the seat looking
(hidden choices stay hidden, chance events are summed up in words), and an optional figure
(Ohanami: the scores per round). A move typed by a pupil is judged by the engine, on a copy.

>>> from mandalakit import mandala
>>> from mandalakit.core import records
>>> from mandalakit.core.bots import RandomBot, play
>>> game = mandala.new_game(seed=4)
>>> game = play(game, [RandomBot(seed=1), RandomBot(seed=2)])
>>> viewer = ReplayViewer(records.from_state(game))
>>> viewer.slider.value, viewer.viewer           # after the shuffle, seen by seat 0
(1, 0)
>>> viewer.forward.click(); viewer.slider.value
2
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from html import escape

import ipywidgets as W

from mandalakit.core import records
from mandalakit.core.errors import MandalakitError
from mandalakit.core.messages import _

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.play.log import sentence_html
from mandalakit.widgets.play.people import display_names
from mandalakit.widgets.play.games import part_of
from mandalakit.widgets.play.refusals import refusal_html
from mandalakit.widgets.play.session import Session
from mandalakit.widgets.play.typed import in_words

__all__ = ["ReplayViewer"]


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running event loop
        return None


class ReplayViewer(W.VBox):
    """A game record replayed event by event: board, score panel, the last event in words, an
    optional figure of the game, and a box to try a move on the position shown.

    Parameters
    ----------
    record : mapping
        A record of any game (:func:`mandalakit.core.records.from_state` or ``records.load``).
        It is validated by replaying it once; a bad record raises ``RecordError`` (event
        index, rule id, sentence).
    seat : int
        The seat whose eyes the board uses (default 0); *view of* changes it. The board stays
        with that seat at every event, so a hand does not flip from seat to seat.
    typing : bool
        ``False``: no box to type a move in (a pupil's page: the box takes the game's notation,
        such as ``pick 12 45``).

    Raises
    ------
    RecordError
        For a bad record.
    RulesError
        For a seat that is not in the game.

    Attributes
    ----------
    session : Session
        The record's game (:meth:`Session.from_record`): its positions, and typed moves judged.
    part : GamePart
        The game's part (:func:`mandalakit.widgets.play.games.part_of`).
    names : list of str
        Seat names from the record's players.
    slider : ipywidgets.IntSlider
        Number of events replayed (the position shown is after that many events). It starts
        after the chance events that set the game up.
    play : ipywidgets.ToggleButton
        While on, the kernel steps the slider forward every ``interval`` seconds (:meth:`run`).
    first, back, forward, last : ipywidgets.Button
    seat : ipywidgets.Dropdown
        The seat the board is seen by (*view of*).
    caption : ipywidgets.HTML
        The event index and the last event as that seat may know it; at the end, the result.
    board : BoardView
        ``state.to_svg(seat, width=..., names=names)`` at the width the page reports (``svg``
        trait); the seats are named by their players, not "you".
    score : ipywidgets.HTML
        The game part's score panel, as that seat may know it.
    chart : FigureView or None
        The game part's figure (:meth:`GamePart.replay_figure`), or ``None`` if the game has none.
    move_text, try_button, move_result :
        Type a move in notation to try it on the position shown: the engine accepts it (on a
        copy; the preview outlines where the move acts) or refuses it with the rule id.
    """

    def __init__(self, record: Mapping, seat: int = 0, *, typing: bool = True):
        self.record = record
        self.session = Session.from_record(record)  # validates the whole record once; never started
        self.session.state.viewer(seat)  # a seat that is not in the game raises RulesError
        self.part = part_of(self.session.spec.name)
        self.n_events = len(self.session.state.history)
        start = self.session.setup_end  # after the setup: the shuffles
        self.names = display_names(self.session.players, you=False)
        self._tried: tuple[int, str] | None = None  # (event, text) of the move tried last
        self._build_widgets(start, seat)
        self.slider.observe(self._update, names="value")
        self.seat.observe(self._update, names="value")
        figure = self.part.replay_figure(self.state, self.names)
        if figure is None:
            self.chart = None
        else:
            from mandalakit.widgets.analysis.charts import FigureView  # only for games that draw a figure

            self.chart = FigureView(figure)
            self.chart.add_class("mk-replay-chart")
        self._update()
        super().__init__([
            W.HBox([self.play, self.first, self.back, self.forward, self.last], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.slider, self.seat], layout=W.Layout(flex_flow="row wrap")),
            self.caption,
            self.board,
            self.score,
            *([self.chart] if self.chart is not None else []),
            *([W.HBox([self.move_text, self.try_button], layout=W.Layout(flex_flow="row wrap")), self.move_result]
              if typing else []),
        ])
        self.add_class("mk-replay-viewer")

    def _build_widgets(self, start: int, seat: int) -> None:
        self.slider = W.IntSlider(value=start, min=start, max=self.n_events, description=_("move"),
                                  continuous_update=False, layout=W.Layout(width="420px", max_width="100%"))
        self.slider.add_class("mk-replay-slider")
        # A toggle run by the kernel rather than ipywidgets.Play: Play draws its buttons with
        # Font Awesome icons, which Voila's template loads from a CDN.
        self.interval = 0.7  # seconds per event when playing
        self.play = W.ToggleButton(value=False, description=_("▶ play"), layout=W.Layout(width="90px"))
        self.play.add_class("mk-replay-play")
        self.play.observe(self._on_play, names="value")
        self._task = None
        self.first = W.Button(description=_("« start"), layout=W.Layout(width="80px"))
        self.back = W.Button(description=_("◀ back"), layout=W.Layout(width="80px"))
        self.forward = W.Button(description=_("next ▶"), layout=W.Layout(width="80px"))
        self.last = W.Button(description=_("end »"), layout=W.Layout(width="80px"))
        self.first.on_click(lambda _b: self._go(self.slider.min))
        self.back.on_click(lambda _b: self._go(self.slider.value - 1))
        self.forward.on_click(lambda _b: self._go(self.slider.value + 1))
        self.last.on_click(lambda _b: self._go(self.slider.max))
        self.seat = W.Dropdown(options=[(n, i) for i, n in enumerate(self.names)], value=seat,
                               description=_("view of"), layout=W.Layout(width="auto"))
        self.caption = W.HTML()
        self.caption.add_class("mk-replay-caption")
        self.board = BoardView()  # no targets: a drawing laid out for the width the page reports
        self.board.add_class("mk-replay-board")
        self.board.observe(lambda _c: self._draw_board(), names="width")
        self.score = W.HTML(layout=W.Layout(overflow="auto", max_width="100%"))  # a wide table scrolls on a phone
        self.score.add_class("mk-replay-score")
        shown = self.state_at(start)
        example = in_words(str(shown.legal_moves()[0]), shown.game) if shown.current_player >= 0 else ""
        self.move_text = W.Text(placeholder=_("a move, e.g. {example}", example=example) if example else "",
                                description=_("try a move"), style={"description_width": "initial"},
                                continuous_update=False, layout=W.Layout(width="420px", max_width="100%"))
        self.move_text.add_class("mk-replay-move-text")
        self.try_button = W.Button(description=_("try it"), layout=W.Layout(width="auto"))
        self.move_result = W.HTML()
        self.move_result.add_class("mk-replay-move-result")
        # Enter (or leaving the box) and the button both try the text, once per position.
        self.try_button.on_click(lambda _b: self._try_typed(asked=True))
        self.move_text.observe(lambda _c: self._try_typed(), names="value")

    @property
    def figure(self):
        """The chart's plotly figure, or ``None`` if the game has no replay figure."""
        return self.chart.figure if self.chart is not None else None

    @classmethod
    def from_state(cls, state, players=None, seat: int = 0) -> ReplayViewer:
        """Viewer of the record of ``state`` (for example a game just played by bots)."""
        return cls(records.from_state(state, players=players), seat=seat)

    # ----- positions --------------------------------------------------------------------------
    def state_at(self, index: int):
        """The position after ``index`` events (:meth:`Session.state_at`: replayed once, kept)."""
        return self.session.state_at(index)

    @property
    def state(self):
        """The position shown now."""
        return self.state_at(self.slider.value)

    @property
    def viewer(self) -> int:
        """The seat whose view is drawn (the first seat while *view of* shows no choice, which
        a page may send)."""
        seat = self.seat.value
        return seat if isinstance(seat, int) else 0

    def _on_play(self, change) -> None:
        self.play.description = _("■ pause") if change["new"] else _("▶ play")
        # Only one stepping task at a time: a quick pause and play must not start a second one.
        task, self._task = self._task, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()
        if not change["new"]:
            return
        if self.slider.value >= self.slider.max:
            self.slider.value = self.slider.min
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): call ``await viewer.run()`` yourself
            return
        self._task = loop.create_task(self.run())

    async def run(self) -> None:
        """Step forward every ``interval`` seconds while *play* is on, up to the last event."""
        try:
            while self.play.value and self.slider.value < self.slider.max:
                await asyncio.sleep(self.interval)
                if self.play.value:
                    self._go(self.slider.value + 1)
        finally:
            if self._task is None or self._task is _current_task():  # not when replaced by a newer one
                self.play.value = False

    def _go(self, index: int) -> None:
        self.slider.value = max(self.slider.min, min(self.slider.max, index))

    def _draw_board(self) -> None:
        # Seats named by their players: the pupil watching a replay plays neither seat ("you").
        self.board.svg = self.state.to_svg(self.viewer, width=self.board.width or None, names=self.names)

    def _update(self, _change=None) -> None:
        state, viewer, i = self.state, self.viewer, self.slider.value
        self._draw_board()
        self.score.value = self.part.score_panel(state, viewer, self.names)
        told = self.part.tell(self.state_at(i - 1), state, viewer, self.names) if i else []
        last = " ".join(e.body_html() for e in told) if told else escape(_("nothing has happened yet"))
        index = _("move {i} of {n}", i=f'<span class="mk-event-index">{i}</span>', n=self.n_events)
        lines = [f"<b>{index}</b> · {last}"]
        if state.is_terminal():
            lines.append(f'<b class="mk-result">{sentence_html(self.part.result_words(state, self.names))}</b>')
        self.caption.value = f'<div role="status">{"<br>".join(lines)}</div>'
        if self.chart is not None and _change is not None:  # at construction the chart already shows it
            self.chart.figure = self.part.replay_figure(state, self.names)
        # A move tried on the position before is no answer for this one: the pupil tries again.
        self._tried = None
        self.move_result.value = ""

    # ----- moves ------------------------------------------------------------------------------
    def _try_typed(self, asked: bool = False) -> None:
        """Try the text in the box on the position shown, unless it was just tried there.

        An empty box clears the last answer, or, when the pupil pressed *try it* (``asked``),
        says what to type."""
        text = self.move_text.value.strip()
        if not text:
            self._tried = None
            self.move_result.value = (f'<div role="status">{escape(self._what_to_type())}</div>' if asked else "")
        elif self._tried != (self.slider.value, text):
            self.try_move(text)

    def _what_to_type(self) -> str:
        shown = self.state
        if shown.current_player < 0:
            return _("Type a move first; at this point of the game nobody is to move.")
        return _("Type a move first, e.g. {example}.", example=in_words(str(shown.legal_moves()[0]), shown.game))

    def try_move(self, text: str) -> bool:
        """Try ``text`` (the game's move notation) on a copy of the position shown.

        Returns ``True`` if the engine accepts it, and shows the position after it as the
        viewing seat sees it, with the targets of the move outlined (where it acts) and the
        score panel when the move changes it. Otherwise shows the engine's refusal (rule id
        and sentence) and returns ``False``. The replay itself never changes.

        A move is made by the seat to act, so it is tried only while the board is seen by that
        seat: an answer would otherwise tell about a hand the viewing seat may not see (the
        game's :attr:`GamePart.private_rule`).
        """
        self._tried = (self.slider.value, str(text).strip())
        state, viewer = self.state, self.viewer
        seat = state.current_player
        if seat >= 0 and seat != viewer:
            why = _("it is {seat}'s turn and the board is seen by {viewer}, who may not see {seat}'s hand "
                    "(rule {rule}). Choose {seat} under “view of” to try a move.", seat=self.names[seat],
                    viewer=self.names[viewer], rule=self.part.private_rule)
            self.move_result.value = ('<div class="mk-refusal" role="alert" style="color:#a00000"><b>'
                                      + escape(_("Not your turn")) + "</b>" + _(": ") + f"{sentence_html(why)}</div>")
            return False
        try:
            move, after = self.session.judge(text, state)  # capped; the page's words
        except MandalakitError as error:
            self.move_result.value = refusal_html(error)
            return False
        where = next(iter(self.part.paths(state, move)), ())
        before_panel = self.part.score_panel(state, viewer, self.names)
        after_panel = self.part.score_panel(after, viewer, self.names)
        head = _("{name} may play {move}. The position after it, seen by {viewer} (a copy: the replay is "
                 "unchanged); outlined: where the move acts.", name=escape(self.names[seat]),
                 move=f"<code>{escape(str(move))}</code>", viewer=escape(self.names[viewer]))
        panel = "" if after_panel == before_panel else (
            '<div class="mk-changed-score"><b>' + escape(_("The scores change:")) + f"</b>{after_panel}</div>")
        self.move_result.value = ('<div class="mk-accepted" role="status"><div style="color:#006000"><b>'
                                  + escape(_("Legal")) + "</b>" + _(": ") + f"{head}</div>{panel}</div>"
                                  + after.to_svg(viewer, marks={t: "selected" for t in where}, names=self.names,
                                                 width=self.board.width or None))  # as wide as the board
        return True
