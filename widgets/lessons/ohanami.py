"""The Ohanami scoring calculator: a round's score and the sakura table T(k), by sliders.

The view holds no game logic: every number it shows comes from the engine
(:func:`mandalakit.ohanami.round_score`, :func:`mandalakit.ohanami.sakura_points`). Replays of
Ohanami games are the generic :class:`mandalakit.widgets.play.replay.ReplayViewer`.

The calculator is an ipywidgets container, so a notebook (or Voila) shows it by ending a
cell with it. Its state lives in the child widgets' traitlets (``calc.pink.value``), so tests
drive it from Python without a kernel.

>>> from mandalakit.widgets.lessons.ohanami import ScoringCalculator
>>> calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
>>> calc.score
104

The lesson's pictures and board questions, from the engine:

>>> from mandalakit import ohanami
>>> state = ohanami.from_position({"round": 1, "step": 4, "hands": [[5, 110], [7, 100]],
...     "picks": [[40, 95], [13, 88]], "rows": [[[20, 35, 60], [70, 90]], [[10, 30], [55]]]})
>>> sorted(rows_for(state, 40)), sorted(rows_for(state, 95))
(['row:2', 'row:3'], ['row:1', 'row:2', 'row:3'])
"""

from __future__ import annotations

import ipywidgets as W
from IPython.display import HTML

from html import escape

from mandalakit.core import svg as _svg
from mandalakit.core.messages import N_, _, colour, ngettext
from mandalakit.core.svg import PALETTE
from mandalakit.ohanami import SUIT_OF, SUITS, round_score, sakura_points
from mandalakit.ohanami import scoring
from mandalakit.ohanami.scoring import SUIT_POINTS, best_round_score, most_cards_in_rows
from mandalakit.ohanami.state import ROUNDS

from mandalakit.widgets.analysis.charts import FigureView
from mandalakit.widgets.play.log import sentence_html

__all__ = ["ScoringCalculator", "draft_picture", "rows_for"]

#: Ruling O-3.4 choices of the calculator: label → cap (0 stands for "no cap").
CAP_CHOICES = ((N_("15 (the printed table)"), 15), (N_("10 (a variant)"), 10), (N_("20 (a variant)"), 20),
               (N_("no limit"), 0))
#: Cards of each suit in the deck (O-1.2).
SUIT_CARDS = dict(zip(SUITS, scoring.SUIT_CARDS))
#: The most cards a player's rows hold by the end of the game (10 a round, O-2.1): 30.
MOST_IN_ROWS = most_cards_in_rows(ROUNDS)
_HIGHLIGHT = "#000000"
_MARGINAL = "#D55E00"
_GRID = "#e5e5e5"
# The chosen round is drawn black on white text, the others stay grey: it must stand out.
_STYLE = """<style>
.mk-scoring-calculator .mk-calc-round .widget-toggle-button.mod-active {
  background: #000000; color: #ffffff; font-weight: bold; }
</style>"""


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
        Largest pink count on the chart and the pink slider; default 30, the most cards a
        player's rows hold (:data:`MOST_IN_ROWS`), fewer than the deck's 34 pink (O-1.2).

    Attributes
    ----------
    blue, green, grey, pink : ipywidgets.IntSlider
        Each goes up to the cards of its suit in the deck (:data:`SUIT_CARDS`, O-1.2) or the
        30 cards a player's rows hold (:data:`MOST_IN_ROWS`), whichever is fewer. Counts
        that no game can reach together (more cards than the rows hold at the end of the
        round chosen) are kept: ``total`` says why they are impossible (:attr:`problem`).
    cap : ipywidgets.Dropdown
        Values 15, 10, 20 or 0 (0 = no cap).
    round_no : ipywidgets.ToggleButtons
        The chosen round is drawn black.
    total : ipywidgets.HTML
        The score sentence, computed by :func:`mandalakit.ohanami.round_score`, or why the
        counts are impossible; then the most a game allows at the end of that round
        (:func:`mandalakit.ohanami.scoring.best_round_score`). The box is as tall as the
        longest text any of the three rounds can show (:attr:`room`), so neither choosing another
        round nor counts turning impossible (the refusal appearing) moves the chart under it.
    room : ipywidgets.HTML
        Hidden, stacked in the place of ``total``: for each round, its text for the counts
        shown, its last score breakdown shown (if its text is now the refusal) and its refusal
        of the most cards the sliders reach. They give the box its height, at any width and in any
        language.
    chart : FigureView
        Shows ``figure``, a plotly figure of two panels over k = 0 ..
        ``max_pink``, both axes from 0. Upper panel: trace 0, T(k) as bars (the current k in
        black); trace 2, the open formula k(k+1)/2, dotted (the same as the bars without a
        cap). Lower panel: trace 1, the marginal value T(k+1) − T(k) of the next pink card
        (the current k in black), which grows by 1 per card and drops to 0 at the cap.
    """

    def __init__(self, blue: int = 0, green: int = 0, grey: int = 0, pink: int = 6, *,
                 cap: int | None = 15, round_no: int = 3, max_pink: int = MOST_IN_ROWS):
        self.max_pink = int(max_pink)
        style = {"description_width": "4em"}
        # One slider per suit; the suit name is the description, so colour is never needed.
        values = {"blue": blue, "green": green, "grey": grey, "pink": pink}
        for suit in SUITS:
            top = self.max_pink if suit == "pink" else min(SUIT_CARDS[suit], MOST_IN_ROWS)
            slider = W.IntSlider(value=values[suit], min=0, max=top, description=colour(suit, 2), style=style)
            slider.add_class(f"mk-calc-{suit}")
            slider.style.handle_color = PALETTE[suit][0]
            setattr(self, suit, slider)
        self.cap = W.Dropdown(options=[(_(label), cap) for label, cap in CAP_CHOICES], value=0 if cap is None else cap,
                              description=_("sakura cap"), style={"description_width": "initial"})
        self.cap.add_class("mk-calc-cap")
        self.round_no = W.ToggleButtons(options=[(_("round {n}", n=n), n) for n in (1, 2, 3)],
                                        value=round_no, description=_("score at"),
                                        style={**style, "button_width": "auto"})  # « manche 1 » whole at 420 px
        self.round_no.add_class("mk-calc-round")
        # The text is one to eleven lines long (by round, width and language) and the chart under
        # it must not jump when the round changes: the three rounds' texts, hidden in the same grid
        # cell, give the box the height of the longest. (A fixed height for the longest case, in
        # French 360 px wide, left a blank gap under the text on wider screens.)
        self.total = W.HTML(layout=W.Layout(grid_area="text"))
        self.total.add_class("mk-calc-total")
        self.room = W.HTML(layout=W.Layout(grid_area="text", visibility="hidden"))
        self.room.add_class("mk-calc-room")
        self._breakdowns: dict[int, str] = {}  # round -> its last breakdown shown, kept in the room
        self.chart = FigureView(self._figure())
        self.chart.add_class("mk-calc-chart")
        controls = W.VBox([self.blue, self.green, self.grey, self.pink, self.cap, self.round_no])
        text = W.GridBox([self.room, self.total], layout=W.Layout(
            grid_template_columns="minmax(0, 1fr)", grid_template_areas='"text"', min_width="18em", flex="1 1 18em"))
        super().__init__([W.HTML(_STYLE), W.HBox([controls, text], layout=W.Layout(flex_flow="row wrap")),
                          self.chart])
        self.add_class("mk-scoring-calculator")
        for w in (self.blue, self.green, self.grey, self.pink, self.cap, self.round_no):
            w.observe(self._update, names="value")
        self._update()

    # ----- read-only views of the engine's answers ---------------------------------------------
    @property
    def figure(self):
        """The chart's figure as a ``plotly.graph_objects.Figure`` (see the class docstring for its
        traces)."""
        return self.chart.figure

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """(blue, green, grey, pink) as set on the sliders."""
        return (self.blue.value, self.green.value, self.grey.value, self.pink.value)

    @property
    def sakura_cap(self) -> int | None:
        return _cap(self.cap.value)

    @property
    def problem(self) -> str:
        """Why no game reaches the counts shown at the end of the round chosen (rule ids), or ``""``."""
        return self._problem(self.round_no.value)

    def _problem(self, rnd: int) -> str:
        for suit, n in zip(SUITS, self.counts):
            if n > SUIT_CARDS[suit]:
                return _("Impossible: the deck has only {n} {suit} cards (O-1.2).", n=SUIT_CARDS[suit],
                         suit=colour(suit, SUIT_CARDS[suit]))
        cards = sum(self.counts)
        return self._too_many(rnd, cards) if cards > most_cards_in_rows(rnd) else ""

    @staticmethod
    def _too_many(rnd: int, cards: int) -> str:
        """Why ``cards`` cards are too many for a player's rows at the end of round ``rnd`` (O-2.1)."""
        return _("Impossible at the end of round {n}: these are {cards} cards, but a player's rows hold at "
                 "most {most} by then (10 cards dealt a round, O-2.1).", n=rnd, cards=cards,
                 most=most_cards_in_rows(rnd))

    @property
    def best(self) -> tuple[int, tuple[int, int, int, int]]:
        """The most a game allows at the end of the round chosen, and counts that reach it
        (engine: ``best_round_score``)."""
        return best_round_score(self.round_no.value, self.sakura_cap)

    @property
    def score(self) -> int:
        """Score of the chosen round for these counts (engine: ``round_score``)."""
        return round_score(self.round_no.value, self.counts, self.sakura_cap)

    def _chart(self) -> dict:
        """Values of the chart for the current controls (all from ``sakura_points``)."""
        cap = self.sakura_cap
        k = self.pink.value
        ks = range(self.max_pink + 1)
        points = [sakura_points(j, cap) for j in ks]
        marginal = [sakura_points(j + 1, cap) - sakura_points(j, cap) for j in ks]
        cap_text = _("no cap") if cap is None else _("cap {cap}", cap=cap)
        return {
            "points": points,
            "marginal": marginal,
            "colours": [_HIGHLIGHT if j == k else PALETTE["pink"][0] for j in ks],
            "dots": [_HIGHLIGHT if j == k else _MARGINAL for j in ks],
            # With a cap, the open formula leaves the top of the panel soon after the cap, so
            # the capped bars keep most of the height.
            "top": max(points) * (1.35 if cap is not None else 1.08),
            "title": _("Sakura points T(k), {cap}; k = {k} in black", cap=cap_text, k=k),
        }

    def _figure(self) -> dict:
        """The chart as plotly's figure JSON (plain dicts: the kernel need not import plotly)."""
        chart = self._chart()
        ks = list(range(self.max_pink + 1))
        x_range = [-0.6, self.max_pink + 0.6]  # k from 0, the bar of k = 0 included
        return {
            "data": [
                {"type": "bar", "x": ks, "y": chart["points"], "name": _("sakura points T(k)"),
                 "marker": {"color": chart["colours"]}},
                {"type": "scatter", "x": ks, "y": chart["marginal"], "name": _("next pink card adds T(k+1) − T(k)"),
                 "mode": "lines+markers", "line": {"color": _MARGINAL}, "marker": {"color": chart["dots"], "size": 7},
                 "xaxis": "x2", "yaxis": "y2"},
                {"type": "scatter", "x": ks, "y": [k * (k + 1) // 2 for k in ks], "name": _("without the limit of 15"),
                 "mode": "lines", "line": {"color": "#555555", "dash": "dot"}},
            ],
            "layout": {
                "title": {"text": chart["title"]},
                "height": 400, "margin": {"l": 50, "r": 10, "t": 40, "b": 30},
                "xaxis": {"range": x_range, "anchor": "y", "tick0": 0},
                "yaxis": {"title": {"text": _("points")}, "domain": [0.42, 1], "range": [0, chart["top"]],
                          "gridcolor": _GRID},
                "xaxis2": {"title": {"text": _("k = pink cards in all rows")}, "range": x_range, "anchor": "y2",
                           "matches": "x", "tick0": 0},
                "yaxis2": {"title": {"text": _("next adds")}, "domain": [0, 0.3], "rangemode": "tozero", "gridcolor": _GRID},
                "legend": {"orientation": "h", "y": -0.2},
                "plot_bgcolor": "#ffffff",  # white on plotly's default template
            },
        }

    def _update(self, change=None) -> None:
        if change is not None:
            self.chart.figure = self._figure()
        problems = {rnd: self._problem(rnd) for rnd in (1, 2, 3)}
        texts = {rnd: self._text(rnd, problem) for rnd, problem in problems.items()}  # each once, the chosen one shown twice
        self.total.value = texts[self.round_no.value]
        # Room for each round's breakdown and its refusal, whichever shows: on a phone a refusal
        # taking the place of a taller breakdown (or the other way) moved the chart under the box.
        # A round refused keeps the room of its last breakdown shown (of these counts, if none was).
        for rnd, problem in problems.items():
            if not problem:
                self._breakdowns[rnd] = texts[rnd]
        most_cards = sum(slider.max for slider in (self.blue, self.green, self.grey, self.pink))
        room = [*texts.values(),
                *(self._breakdowns.get(rnd) or self._text(rnd, "") for rnd, problem in problems.items() if problem),
                *(self._text(rnd, self._too_many(rnd, most_cards)) for rnd in problems)]
        self.room.value = ('<div style="display:grid">' + "".join(
            f'<div style="grid-area:1/1">{text}</div>' for text in room) + "</div>")

    def _text(self, rnd: int, problem: str) -> str:
        """The HTML of ``total`` at the end of round ``rnd``: ``problem`` (a refusal, escaped
        here), or the score breakdown of the counts shown if ``problem`` is ``""``."""
        cap = self.sakura_cap
        best, counts = best_round_score(rnd, cap)
        most = _("The most a game allows at the end of round {n}: {best} points ({counts}).", n=rnd, best=best,
                 counts=", ".join(_("{n} {suit}", n=n, suit=colour(suit, n)) for n, suit in zip(counts, SUITS) if n))
        most = escape(most, quote=False)
        problem = sentence_html(problem)
        if problem:
            return (
                f'<div style="font-size:1.1em;line-height:1.4;padding-left:1em">'
                f'<div class="mk-calc-problem" role="status" style="color:#a00000"><b>{problem}</b></div>'
                f'<div class="mk-calc-most" style="margin-top:0.3em">{most}</div></div>')
        p = self.pink.value
        # The breakdown reads the engine's points table (O-3.1 to O-3.3); the sakura part is
        # whatever round_score adds on top of it, so the lines always sum to the total.
        weights = SUIT_POINTS[rnd - 1]
        terms = [f"{w} × {n} {colour(suit, n)} = {w * n}" for w, n, suit in zip(weights, self.counts, SUITS) if w]
        score = round_score(rnd, self.counts, cap)
        sakura = score - sum(w * n for w, n in zip(weights, self.counts))
        if rnd == 3:
            terms.append(_("sakura for {n} pink = {points}", n=p, points=sakura))
        nxt = sakura_points(p + 1, cap) - sakura_points(p, cap)
        note = (_("pink scores only at the end of round 3 (O-3.3)") if rnd < 3
                else _("one more pink card would add {n} (O-3.3, capped by O-3.4)", n=nxt) if cap and p >= cap
                else _("one more pink card would add {n} (O-3.3)", n=nxt))
        head = _("Score at the end of <b>round {n}</b>:", n=rnd)
        total = _("total")
        return (
            f'<div style="font-size:1.1em;line-height:1.4;padding-left:1em">'
            f"<div>{head}</div><div>" + "<br>".join(terms) + "</div>"
            f'<div style="font-size:1.3em;margin:0.3em 0"><b>{total} <span class="mk-total-value">{score}</span>'
            f'</b></div><div>{sentence_html(note)}</div><div class="mk-calc-most" style="color:#555555">{most}</div></div>'
        )


def rows_for(state, card: int) -> set[str]:
    """The board's targets (``"row:R"``) of the rows where the seat to place may put ``card``,
    a card of its revealed pick, by some legal placement (O-2.4): an existing row it may join
    at either end, or a new row while fewer than 3 are started."""
    return {f"row:{row}" for move in state.legal_moves() for c, row in move.steps if c == card and row}


def draft_picture(hand, kept) -> HTML:
    """One draft step drawn with the game's cards (O-2.2): the ``hand`` in a line, the ``kept``
    cards raised and outlined, and the rest passed on ("8 cards go to your neighbour")."""
    w, h, gap, per_line = 38, 54, 4, 5  # two lines of 5 cards: 230 px wide, unscaled on a phone
    parts = []
    for i, card in enumerate(hand):
        x = 10 + (i % per_line) * (w + gap)
        y = (10 if card in kept else 30) + (i // per_line) * (h + 30)
        parts.append(_svg.card(x, y, SUITS[SUIT_OF[card]], card, w=w, h=h))
        if card in kept:
            parts.append(_svg.rect(x - 3, y - 3, w + 6, h + 6, stroke="#000000", rx=6))
    passed = len(hand) - len(kept)
    words = [_("You keep {a} and {b}.", a=kept[0], b=kept[1]),
             ngettext("{n} card goes to your neighbour.", "{n} cards go to your neighbour.", passed)]
    y = 30 + ((len(hand) - 1) // per_line) * (h + 30) + h + 20
    for line in words:
        parts.append(_svg.text(10, y, line, size=14))
        y += 20
    svg = _svg.document(20 + min(len(hand), per_line) * (w + gap) + 60, y, parts, " ".join(words))
    return HTML(f'<div class="mk-draft-picture">{svg}</div>')
