"""ipywidgets views of Ohanami: a sakura scoring calculator and a step-by-step replay viewer.

The views hold no game logic. Every number they show comes from the engine
(:func:`mandalakit.ohanami.round_score`, :func:`mandalakit.ohanami.sakura_points`), every
board from :func:`mandalakit.ohanami.render.render_svg`, every replayed position from
:func:`mandalakit.core.records.replay`, and every refusal from the engine's
:class:`~mandalakit.core.errors.IllegalMoveError` (rule id + sentence).

Both classes are ipywidgets containers, so a notebook (or Voilà) shows them by ending a
cell with the object. Their state lives in the child widgets' traitlets (``calc.pink.value``,
``viewer.slider.value``), so tests drive them from Python without a kernel.

>>> from mandalakit.widgets.ohanami import ScoringCalculator
>>> calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
>>> calc.score
104
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from html import escape

import ipywidgets as W
import plotly.graph_objects as go

from mandalakit.core import records
from mandalakit.core.contract import CHANCE, TERMINAL
from mandalakit.core.errors import MandalakitError
from mandalakit.core.svg import PALETTE
from mandalakit.ohanami import SUITS, round_score, sakura_points
from mandalakit.ohanami.render import render_svg
from mandalakit.ohanami.scoring import SUIT_POINTS

from .charts import FigureView
from .refusals import refusal_html

__all__ = ["ReplayViewer", "ScoringCalculator"]

#: Ruling O-3.4 choices of the calculator: label → cap (0 stands for "no cap").
CAP_CHOICES = (("15, the printed table (O-3.4)", 15), ("10 (a variant)", 10), ("20 (a variant)", 20),
               ("none: open formula", 0))
_HIGHLIGHT = "#000000"
_SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")  # Okabe-Ito, seat = trace name too


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running event loop
        return None


def _cap(value: int) -> int | None:
    return None if not value else int(value)


class ScoringCalculator(W.VBox):
    """Ohanami round scoring with the sakura table T(k) (rules O-3.1 to O-3.4).

    Parameters
    ----------
    blue, green, grey, pink : int
        Cards of each suit in all of a player's rows (start values of the sliders).
    cap : int or None
        The ``sakura_cap`` ruling (O-3.4): 15 (default), 10, 20 or ``None`` (open formula).
    round_no : int
        Which round end to score, 1-3 (default 3, the only round where pink scores).
    max_pink : int
        Largest pink count on the chart and the pink slider (34 pink cards exist, O-1.2).

    Attributes
    ----------
    blue, green, grey, pink : ipywidgets.IntSlider
    cap : ipywidgets.Dropdown
        Values 15, 10, 20 or 0 (0 = no cap).
    round_no : ipywidgets.ToggleButtons
    total : ipywidgets.HTML
        The score sentence, computed by :func:`mandalakit.ohanami.round_score`.
    chart : FigureView
        Shows ``figure``, a ``plotly.graph_objects.Figure``. Trace 0: T(k) as bars (the current k in black); trace 1: marginal value of the next
        pink card; trace 2: the open formula, shown only when a cap is set.
    """

    def __init__(self, blue: int = 0, green: int = 0, grey: int = 0, pink: int = 6, *,
                 cap: int | None = 15, round_no: int = 3, max_pink: int = 20):
        self.max_pink = int(max_pink)
        style = {"description_width": "4em"}
        # One slider per suit; the suit name is the description, so colour is never needed.
        self.blue = W.IntSlider(value=blue, min=0, max=34, description="blue", style=style)
        self.green = W.IntSlider(value=green, min=0, max=35, description="green", style=style)
        self.grey = W.IntSlider(value=grey, min=0, max=17, description="grey", style=style)
        self.pink = W.IntSlider(value=pink, min=0, max=self.max_pink, description="pink", style=style)
        for suit in SUITS:
            slider = getattr(self, suit)
            slider.add_class(f"mk-calc-{suit}")
            slider.style.handle_color = PALETTE[suit][0]
        self.cap = W.Dropdown(options=CAP_CHOICES, value=0 if cap is None else cap,
                              description="sakura cap", style={"description_width": "6em"})
        self.cap.add_class("mk-calc-cap")
        self.round_no = W.ToggleButtons(options=[("round 1", 1), ("round 2", 2), ("round 3", 3)],
                                        value=round_no, description="score at",
                                        style={**style, "button_width": "5.5em"})
        self.round_no.add_class("mk-calc-round")
        self.total = W.HTML()
        self.total.add_class("mk-calc-total")
        ks = list(range(self.max_pink + 1))
        chart = self._chart()
        self.chart = FigureView(go.Figure(
            data=[
                go.Bar(x=ks, y=chart["points"], name="sakura points T(k)", marker={"color": chart["colours"]}),
                go.Scatter(x=ks, y=chart["marginal"], name="next pink card adds T(k+1) − T(k)",
                           mode="lines+markers", line={"color": "#D55E00"}),
                go.Scatter(x=ks, y=[k * (k + 1) // 2 for k in ks], name="open formula k(k+1)/2",
                           mode="lines", line={"color": "#555555", "dash": "dot"}, visible=chart["capped"]),
            ],
            layout=go.Layout(
                title={"text": chart["title"]},
                height=320, margin={"l": 50, "r": 10, "t": 40, "b": 40},
                xaxis={"title": {"text": "k = pink cards in all rows"}, "dtick": 1},
                yaxis={"title": {"text": "points"}},
                legend={"orientation": "h", "y": -0.25},
                template="plotly_white",
            ),
        ))
        self.chart.add_class("mk-calc-chart")
        controls = W.VBox([self.blue, self.green, self.grey, self.pink, self.cap, self.round_no])
        super().__init__([W.HBox([controls, self.total]), self.chart])
        self.add_class("mk-scoring-calculator")
        for w in (self.blue, self.green, self.grey, self.pink, self.cap, self.round_no):
            w.observe(self._update, names="value")
        self._update()

    # ----- read-only views of the engine's answers ---------------------------------------------
    @property
    def figure(self) -> go.Figure:
        """The chart's plotly figure (see the class docstring for its traces)."""
        return self.chart.figure

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """(blue, green, grey, pink) as set on the sliders."""
        return (self.blue.value, self.green.value, self.grey.value, self.pink.value)

    @property
    def sakura_cap(self) -> int | None:
        return _cap(self.cap.value)

    @property
    def score(self) -> int:
        """Score of the chosen round for these counts (engine: ``round_score``)."""
        return round_score(self.round_no.value, self.counts, self.sakura_cap)

    def _chart(self) -> dict:
        """Values of the chart for the current controls (all from ``sakura_points``)."""
        cap = self.sakura_cap
        k = self.pink.value
        ks = range(self.max_pink + 1)
        cap_text = "no cap" if cap is None else f"cap {cap}"
        return {
            "points": [sakura_points(j, cap) for j in ks],
            "marginal": [sakura_points(j + 1, cap) - sakura_points(j, cap) for j in ks],
            "colours": [_HIGHLIGHT if j == k else PALETTE["pink"][0] for j in ks],
            "capped": cap is not None,
            "title": f"Sakura points for k pink cards ({cap_text}); k = {k} in black",
        }

    def _update(self, change=None) -> None:
        cap = self.sakura_cap
        if change is not None:
            chart = self._chart()
            with self.figure.batch_update():
                self.figure.data[0].y = chart["points"]
                self.figure.data[0].marker.color = chart["colours"]
                self.figure.data[1].y = chart["marginal"]
                self.figure.data[2].visible = chart["capped"]
                self.figure.layout.title.text = chart["title"]
            self.chart.refresh()
        rnd = self.round_no.value
        p = self.pink.value
        # The breakdown reads the engine's points table (O-3.1 to O-3.3); the sakura part is
        # whatever round_score adds on top of it, so the lines always sum to the total.
        weights = SUIT_POINTS[rnd - 1]
        terms = [f"{w} × {n} {suit} = {w * n}" for w, n, suit in zip(weights, self.counts, SUITS) if w]
        sakura = self.score - sum(w * n for w, n in zip(weights, self.counts))
        if rnd == 3:
            terms.append(f"sakura for {p} pink = {sakura}")
        nxt = sakura_points(p + 1, cap) - sakura_points(p, cap)
        note = ("pink scores only at the end of round 3 (O-3.3)" if rnd < 3
                else f"one more pink card would add {nxt} (O-3.3{', capped by O-3.4' if cap and p >= cap else ''})")
        self.total.value = (
            f'<div style="font-size:1.1em;padding-left:1em">'
            f"<p>Score at the end of round {rnd}:<br>" + "<br>".join(terms) + "</p>"
            f'<p style="font-size:1.3em"><b>total <span class="mk-total-value">{self.score}</span></b></p>'
            f"<p>{note}</p></div>"
        )


def _labels(values) -> list[str]:
    """Bar labels: the number, or nothing for a round not yet scored."""
    return ["" if v is None else str(v) for v in values]


def _public_event(state, entry: Mapping, viewer: int) -> str:
    """Text of the last replayed event as ``viewer`` may know it (O-2.6).

    A pick or placement by another seat stays hidden while its step is still open (its phase
    is still running); the shuffle is shown as a summary, not as 120 numbers.
    """
    by, text = entry["by"], str(entry["event"])
    if by == "chance":
        return "the deck is shuffled (a chance event)"
    kind = text.split()[0]
    if by != viewer and state.phase == kind and state.current_player not in (CHANCE, TERMINAL):
        return f"seat {by} chose its {kind} (hidden until every seat has chosen)"
    return f"seat {by}: <code>{escape(text)}</code>"


class ReplayViewer(W.VBox):
    """A game record replayed event by event: board, scores per round, and a move tester.

    Parameters
    ----------
    record : mapping
        A game record (:func:`mandalakit.core.records.from_state` or ``records.load``). It is
        validated by replaying it once; a bad record raises ``RecordError`` (event index,
        rule id, sentence).
    seat : int or None
        Whose view the board shows; ``None`` follows the seat to act.

    Attributes
    ----------
    slider : ipywidgets.IntSlider
        Number of events replayed (the position shown is after that many events).
    play : ipywidgets.ToggleButton
        While on, the kernel steps the slider forward every ``interval`` seconds (:meth:`run`).
    first, back, forward, last : ipywidgets.Button
    seat : ipywidgets.Dropdown
        ``-1`` follows the seat to act, else a seat number.
    board : ipywidgets.HTML
        The SVG of :func:`mandalakit.ohanami.render.render_svg`.
    caption : ipywidgets.HTML
        The last event, as the viewing seat may know it.
    chart : FigureView
        Shows ``figure`` (a ``plotly.graph_objects.Figure``): one bar trace per seat: its score at the end of each round played so far.
    move_text, try_button, move_result :
        Type a move in notation to try it on the shown position; the engine accepts it (on a
        copy) or refuses it with the rule id and sentence.
    """

    def __init__(self, record: Mapping, seat: int | None = None):
        self.record = record
        self._final = records.replay(record)  # validates the whole record once
        self.n_events = len(record["events"])
        self._states: dict[int, object] = {self.n_events: self._final}
        start = 1 if self.n_events and record["events"][0]["by"] == "chance" else 0
        names = [p.get("name", f"seat {p['seat']}") for p in record["players"]]
        self.names = names
        self.slider = W.IntSlider(value=start, min=start, max=self.n_events, description="event",
                                  continuous_update=False, layout=W.Layout(width="420px"))
        self.slider.add_class("mk-replay-slider")
        # A toggle run by the kernel rather than ipywidgets.Play: Play draws its buttons with
        # Font Awesome icons, which Voilà loads from a CDN, so they would be blank offline.
        self.interval = 0.7  # seconds per event when playing
        self.play = W.ToggleButton(value=False, description="▶ play", layout=W.Layout(width="90px"))
        self.play.add_class("mk-replay-play")
        self.play.observe(self._on_play, names="value")
        self._task = None
        self.first = W.Button(description="« start", layout=W.Layout(width="80px"))
        self.back = W.Button(description="◀ back", layout=W.Layout(width="80px"))
        self.forward = W.Button(description="next ▶", layout=W.Layout(width="80px"))
        self.last = W.Button(description="end »", layout=W.Layout(width="80px"))
        self.first.on_click(lambda _: self._go(self.slider.min))
        self.back.on_click(lambda _: self._go(self.slider.value - 1))
        self.forward.on_click(lambda _: self._go(self.slider.value + 1))
        self.last.on_click(lambda _: self._go(self.slider.max))
        seats = [("seat to act", -1)] + [(f"seat {i} ({n})", i) for i, n in enumerate(names)]
        self.seat = W.Dropdown(options=seats, value=-1 if seat is None else seat, description="view of")
        self.caption = W.HTML()
        self.caption.add_class("mk-replay-caption")
        self.board = W.HTML()
        self.board.add_class("mk-replay-board")
        n = self._final.num_players
        rounds = ["round 1", "round 2", "round 3"]
        scores, title = self._scores(self.state)
        self.chart = FigureView(go.Figure(
            data=[go.Bar(x=rounds, y=scores[i], name=f"seat {i} ({names[i]})",
                         marker={"color": _SEAT_COLOURS[i % 4]}, text=_labels(scores[i]), textposition="outside")
                  for i in range(n)],
            layout=go.Layout(title={"text": title}, height=280, barmode="group", template="plotly_white",
                             margin={"l": 50, "r": 10, "t": 40, "b": 30},
                             yaxis={"title": {"text": "points in the round"}, "rangemode": "tozero"},
                             legend={"orientation": "h", "y": -0.15},
                             annotations=[{"text": "no round scored yet", "showarrow": False, "xref": "paper",
                                           "yref": "paper", "x": 0.5, "y": 0.5, "font": {"size": 16},
                                           "visible": not self.state.round_scores[0]}]),
        ))
        self.chart.add_class("mk-replay-chart")
        self.move_text = W.Text(placeholder="e.g. pick 12 45  or  place 45>1 40>x", description="try a move",
                                continuous_update=False, layout=W.Layout(width="420px"))
        self.try_button = W.Button(description="try it")
        self.move_result = W.HTML()
        self.move_result.add_class("mk-replay-move-result")
        self.try_button.on_click(lambda _: self.try_move(self.move_text.value))
        self.move_text.observe(lambda _: self._try_typed(), names="value")
        self.slider.observe(self._update, names="value")
        self.seat.observe(self._update, names="value")
        self._update()
        super().__init__([
            W.HBox([self.play, self.first, self.back, self.forward, self.last]),
            W.HBox([self.slider, self.seat]),
            self.caption,
            self.board,
            self.chart,
            W.HBox([self.move_text, self.try_button]),
            self.move_result,
        ])
        self.add_class("mk-replay-viewer")

    @property
    def figure(self) -> go.Figure:
        """The scores chart's plotly figure."""
        return self.chart.figure

    @classmethod
    def from_state(cls, state, players=None, seat: int | None = None) -> ReplayViewer:
        """Viewer of the record of ``state`` (for example a game just played by bots)."""
        return cls(records.from_state(state, players=players), seat=seat)

    # ----- positions --------------------------------------------------------------------------
    def state_at(self, index: int):
        """The position after ``index`` events (a fresh replay, cached)."""
        if index not in self._states:
            self._states[index] = records.replay(self.record, upto=index)
        return self._states[index]

    @property
    def state(self):
        """The position shown now."""
        return self.state_at(self.slider.value)

    @property
    def viewer(self) -> int:
        """The seat whose view is drawn."""
        if self.seat.value >= 0:
            return self.seat.value
        turn = self.state.current_player
        return turn if turn >= 0 else 0

    def _on_play(self, change) -> None:
        self.play.description = "■ pause" if change["new"] else "▶ play"
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

    def _update(self, change=None) -> None:
        state = self.state
        viewer = self.viewer
        self.board.value = render_svg(state, viewer)
        i = self.slider.value
        last = _public_event(state, self.record["events"][i - 1], viewer) if i else "no event yet"
        self.caption.value = (f'<b>event <span class="mk-event-index">{i}</span> of {self.n_events}</b> · '
                              f"{last} · board seen by seat {viewer}")
        if change is not None:  # at construction the figure already holds these values
            scores, title = self._scores(state)
            with self.figure.batch_update():
                for trace, ys in zip(self.figure.data, scores):
                    trace.y = ys
                    trace.text = _labels(ys)
                self.figure.layout.title.text = title
                self.figure.layout.annotations[0].visible = not state.round_scores[0]
            self.chart.refresh()
        self._try_typed()

    @staticmethod
    def _scores(state) -> tuple[list[list], str]:
        """Per seat, the scores of rounds 1-3 (``None`` for rounds not yet scored), and a title."""
        scores = [list(s) + [None] * (3 - len(s)) for s in state.round_scores]
        done = len(state.round_scores[0])
        return scores, f"Scores per round ({done} of 3 rounds scored)"

    # ----- moves ------------------------------------------------------------------------------
    def _try_typed(self) -> None:
        """Try the typed move on the shown position, or clear the answer if the box is empty."""
        if self.move_text.value.strip():
            self.try_move(self.move_text.value)
        else:
            self.move_result.value = ""

    def try_move(self, text: str) -> bool:
        """Try ``text`` (move notation) on a copy of the shown position.

        Returns ``True`` and shows the resulting board if the engine accepts it; otherwise
        shows the engine's refusal (rule id + sentence) and returns ``False``. The replay
        itself never changes. The move is made by the seat to act; while the board is seen by
        another seat, nothing is tried (the answer would tell that seat about a hand it may
        not see, O-2.6). The board after the move is seen by the same seat as the board above.
        """
        state = self.state.clone()
        seat = state.current_player
        chosen = self.seat.value
        if seat >= 0 and chosen >= 0 and chosen != seat:
            why = (f"it is seat {seat}'s turn and the board is seen by seat {chosen}, who may not see "
                   f"seat {seat}'s hand (O-2.6). Choose “seat to act” or “seat {seat}” under “view of” to try a move.")
            self.move_result.value = f'<div class="mk-refusal" style="color:#a00000"><b>Not your turn</b>: {why}</div>'
            return False
        shown_to = chosen if chosen >= 0 else (seat if seat >= 0 else self.viewer)
        try:
            move = state.parse_move(text.strip())
            state.apply(move)
        except MandalakitError as error:
            self.move_result.value = refusal_html(error)
            return False
        self.move_result.value = (
            f'<div class="mk-accepted" style="color:#006000"><b>Legal</b>: seat {seat} '
            f"<code>{escape(str(move))}</code>. The position after it (a copy; the replay is unchanged):</div>"
            + render_svg(state, shown_to)
        )
        return True
