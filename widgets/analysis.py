"""The analysis dashboard: what the shipped tournament tables say (``notebooks/analysis.ipynb``).

It reads the tables of ``datasets/`` (no game is played), and shows, for the game, player
count and line-up chosen in three drop-downs: the advantage of each seat, the score
distributions by bot, the game length and end triggers, the bots' head-to-head rates and
Bradley–Terry ratings, and the measured effect of every rules option, each with its 95 %
confidence interval and a sentence a pupil can read. Statistics come from
:mod:`mandalakit.analysis`; charts are :class:`~mandalakit.widgets.charts.FigureView`.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as W
import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mandalakit import analysis as A
from mandalakit.core.messages import N_, _

from .charts import FigureView

__all__ = ["AnalysisDashboard", "load_datasets"]

#: Which shipped table holds what, per game: bots against each other, and the variant study.
TABLES = {"ohanami": ("ohanami-bots", "ohanami-sakura-cap"), "mandala": ("mandala-bots", "mandala-variants"),
          "flowers": ("flowers-bots", "flowers-variants")}
#: Colour-blind safe (Okabe–Ito) colours per bot; every bar also carries the bot's name.
BOT_COLOURS = {"greedy": "#0072B2", "random": "#E69F00"}
EVERY_LINEUP = N_("every line-up")  # the menu's value; its label is translated
#: Titles of the six panels of the chart, in order (rows of two).
PANELS = (N_("Win share by seat (95 % intervals)"), N_("Final scores by bot"), N_("Moves per game"),
          N_("Which rule ended the game"), N_("How often the first bot outscores the second"),
          N_("Change of a player's score"))


def load_datasets(folder: str | Path) -> dict[str, tuple[pd.DataFrame, pd.DataFrame]]:
    """The shipped tables by game: ``{game: (bots table, variants table)}``.

    Raises ``FileNotFoundError`` naming a missing table (see ``datasets/README.md``).
    """
    folder = Path(folder)
    return {game: tuple(pd.read_parquet(folder / f"{name}.parquet") for name in names)
            for game, names in TABLES.items()}


def _percent(x: float) -> str:
    return f"{100 * x:.0f} %"


def _bins(values: np.ndarray, count: int = 20) -> np.ndarray:
    low, high = int(values.min()), int(values.max())
    width = max(1, int(np.ceil((high - low + 1) / count)))
    return np.arange(low, high + width + 1, width)


class AnalysisDashboard(W.VBox):
    """Controls and charts over the shipped tournament tables.

    Parameters
    ----------
    tables : dict
        :func:`load_datasets`'s result.
    game : str
        The game shown first.

    Attributes
    ----------
    game, players, lineup : ipywidgets.Dropdown
        The controls; ``lineup`` offers :data:`EVERY_LINEUP` and each line-up of the player count.
    chart : FigureView
        One figure of six panels (:data:`PANELS`; one chart widget sends plotly.js to the page
        once): win share by seat with 95 % intervals and the fair share as a dotted line;
        score histograms by bot; histogram of the moves per game; end triggers; head-to-head
        rates with 95 % intervals; effect of each rules option value on the score with 95 %
        intervals. Panel ``k`` (1 to 6) draws on the axes ``x{k}``/``y{k}`` (``x``/``y`` for 1).
    seats_text, scores_text, length_text, bots_text, effects_text : ipywidgets.HTML
        The same in sentences.
    """

    def __init__(self, tables: dict, game: str = "ohanami"):
        self.tables = tables
        self.game = W.Dropdown(options=[(g.capitalize(), g) for g in tables], value=game, description=_("game"))
        self.players = W.Dropdown(description=_("players"))
        self.lineup = W.Dropdown(description=_("bots"), layout=W.Layout(width="22em"))
        for control in (self.game, self.players, self.lineup):
            control.add_class("mk-analysis-control")
        # The six panels are drawn into this plotly Figure (its subplot grid places each trace),
        # then shown by assigning it to the chart: FigureView keeps only the figure's JSON.
        self._figure = make_subplots(rows=3, cols=2, subplot_titles=[_(t) for t in PANELS],
                                     vertical_spacing=0.12, horizontal_spacing=0.12)
        self._figure.update_layout(height=900, margin=dict(l=60, r=20, t=40, b=40), plot_bgcolor="white",
                                   font=dict(size=13), barmode="overlay", showlegend=True,
                                   legend=dict(orientation="h", y=-0.06))
        self.chart = FigureView(self._figure)
        self.chart.add_class("mk-analysis-chart")
        self.seats_text, self.scores_text, self.length_text, self.bots_text, self.effects_text = (
            W.HTML() for n in range(5))
        self._quiet = False
        self._game_changed()
        self.game.observe(lambda change: self._game_changed(), "value")
        self.players.observe(lambda change: self._players_changed(), "value")
        self.lineup.observe(lambda change: self._draw(), "value")

        def section(title, *children):
            return W.VBox([W.HTML(f"<h3>{escape(title)}</h3>"), *children])

        super().__init__([
            W.HBox([self.game, self.players, self.lineup]),
            self.chart,
            section(_("Does the first seat win more?"), self.seats_text),
            section(_("Scores by bot"), self.scores_text),
            section(_("How long is a game, and what ends it?"), self.length_text),
            section(_("How much better is the greedy bot?"), self.bots_text),
            section(_("What does each rules option change?"), self.effects_text),
        ])
        self.add_class("mk-analysis")

    # ----- controls ---------------------------------------------------------------------------
    def _game_changed(self) -> None:
        bots_table, _variants = self.tables[self.game.value]
        self._quiet = True
        counts = sorted(bots_table.players.unique().tolist())
        self.players.options = [(str(p), p) for p in counts]
        self.players.value = counts[0]
        self._quiet = False
        self._players_changed()

    def _players_changed(self) -> None:
        if self._quiet:
            return
        bots_table, _variants = self.tables[self.game.value]
        lineups = bots_table[bots_table.players == self.players.value].lineup.unique().tolist()
        self._quiet = True
        self.lineup.options = [(_(EVERY_LINEUP), EVERY_LINEUP)] + [(lineup.replace(",", ", "), lineup) for lineup in lineups]
        self.lineup.value = EVERY_LINEUP
        self._quiet = False
        self._draw()

    def selection(self) -> pd.DataFrame:
        """The bots table's rows of the chosen player count and line-up."""
        table, _variants = self.tables[self.game.value]
        rows = table[table.players == self.players.value]
        if self.lineup.value != EVERY_LINEUP:
            rows = rows[rows.lineup == self.lineup.value]
        return rows

    # ----- charts -----------------------------------------------------------------------------
    def _draw(self) -> None:
        if self._quiet:
            return
        rows = self.selection()
        table, variants = self.tables[self.game.value]
        mixed = table[(table.players == self.players.value)
                      & table.lineup.map(lambda lineup: len(set(lineup.split(","))) > 1)]
        figure = self._figure
        with figure.batch_update():
            figure.data = []
            self._draw_seats(rows)
            self._draw_scores(rows)
            self._draw_length(rows)
            self._draw_bots(mixed)
            self._draw_effects(variants[variants.players == self.players.value])
        self.chart.figure = figure

    def _panel(self, number: int, traces, xaxis: dict | None = None, yaxis: dict | None = None) -> None:
        """Add ``traces`` to panel ``number`` (1 to 6, rows of two) and set its axes."""
        row, col = (number + 1) // 2, 2 - number % 2
        figure = self._figure
        for trace in traces:
            figure.add_trace(trace, row=row, col=col)
        figure.update_xaxes(row=row, col=col, **(xaxis or {}))
        figure.update_yaxes(row=row, col=col, **(yaxis or {}))

    def _draw_seats(self, rows) -> None:
        seats = A.seat_advantage(rows)
        fair = 1 / self.players.value
        names = [_("seat {seat}", seat=s) + (" " + _("(first)") if s == 0 else "") for s in seats.index]
        bars = go.Bar(x=names, y=seats.share, name=_("win share"), marker_color="#0072B2",
                      error_y=dict(type="data", symmetric=False, array=seats.share_high - seats.share,
                                   arrayminus=seats.share - seats.share_low, color="#000000"))
        line = go.Scatter(x=names, y=[fair] * len(names), mode="lines", name=_("fair share"),
                          line=dict(dash="dot", color="#000000"))
        self._panel(1, [bars, line], yaxis=dict(title=_("share of wins"), tickformat=".0%", rangemode="tozero"))
        first = seats.loc[0]
        verdict = (_("The interval includes the fair share: these games show no clear advantage for the first seat.")
                   if first.share_low <= fair <= first.share_high else
                   _("The interval leaves out the fair share: the first seat does win more.") if first.share > fair else
                   _("The interval leaves out the fair share: the first seat wins less."))
        self.seats_text.value = "<p>" + escape(_(
            "Seat 0 plays first. It wins {share} of the games; we are 95 % sure its true share is between {low} and "
            "{high}. A fair share with {players} players is {fair}.", share=_percent(first.share),
            low=_percent(first.share_low), high=_percent(first.share_high), players=self.players.value,
            fair=_percent(fair))) + " " + escape(verdict) + "</p>"

    def _draw_scores(self, rows) -> None:
        edges = _bins(rows.score.to_numpy())
        traces, said = [], []
        for bot, group in rows.groupby("bot"):
            counts, _edges = np.histogram(group.score, bins=edges)
            traces.append(go.Bar(x=(edges[:-1] + edges[1:] - 1) / 2, y=counts / counts.sum(), name=bot, opacity=0.7,
                                 width=(edges[1] - edges[0]) * 0.9, marker_color=BOT_COLOURS.get(bot, "#999999")))
            mean, low, high = A.mean_ci(group.score)
            said.append(_("{bot}: {mean:.1f} points on average (95 % interval {low:.1f} to {high:.1f})",
                          bot=bot, mean=mean, low=low, high=high))
        self._panel(2, traces, xaxis=dict(title=_("score (points)")),
                    yaxis=dict(title=_("share of seats"), tickformat=".0%"))
        self.scores_text.value = "<p>" + "; ".join(escape(s) for s in said) + ".</p>"

    def _draw_length(self, rows) -> None:
        games = A.per_game(rows)
        edges = _bins(games.decisions.to_numpy())
        counts, _edges = np.histogram(games.decisions, bins=edges)
        self._panel(3, [go.Bar(x=(edges[:-1] + edges[1:] - 1) / 2, y=counts, width=(edges[1] - edges[0]) * 0.9,
                               marker_color="#009E73", name=_("games by length"))],
                    xaxis=dict(title=_("moves (all seats)")), yaxis=dict(title=_("games")))
        ends = games.end.value_counts()
        self._panel(4, [go.Bar(x=ends.index.tolist(), y=ends.to_numpy() / len(games), marker_color="#CC79A7",
                               text=[_percent(v) for v in ends.to_numpy() / len(games)], name=_("games by end"))],
                    xaxis=dict(title=_("rule id"), type="category"),
                    yaxis=dict(title=_("share of games"), tickformat=".0%"))
        mean, low, high = A.mean_ci(games.decisions)
        reshuffles = games.reshuffles.mean()
        self.length_text.value = "<p>" + escape(_(
            "A game lasts {mean:.1f} moves on average (95 % interval {low:.1f} to {high:.1f}), with {reshuffles:.2f} "
            "reshuffles of the discard pile on average; the most common end is {end} ({share} of the games).",
            mean=mean, low=low, high=high, reshuffles=reshuffles, end=ends.index[0],
            share=_percent(ends.iloc[0] / len(games)))) + "</p>"

    def _draw_bots(self, mixed) -> None:
        duels = A.head_to_head(mixed)
        ratings = A.bradley_terry(mixed)
        names = [f"{a} > {b}" for a, b in zip(duels.a, duels.b)]
        self._panel(5, [go.Bar(x=names, y=duels.rate, marker_color="#56B4E9", name=_("outscores"),
                               error_y=dict(type="data", symmetric=False, array=duels.high - duels.rate,
                                            arrayminus=duels.rate - duels.low, color="#000000"))],
                    yaxis=dict(title=_("share of meetings"), tickformat=".0%", range=[0, 1]))
        said = [_("{a} outscores {b} in {rate} of {n} meetings (95 % interval {low} to {high}).", a=r.a, b=r.b,
                  rate=_percent(r.rate), n=r.wins + r.losses, low=_percent(r.low), high=_percent(r.high))
                for r in duels.itertuples()]
        if len(ratings):
            said.append(_("Bradley–Terry ratings on the Elo scale (400 points: 10 to 1 odds): {ratings}.",
                          ratings=", ".join(f"{bot} {value:+.0f}" for bot, value in ratings.items())))
            if (duels.losses == 0).any() or (duels.wins == 0).any():
                said.append(_("One bot never lost a meeting, so the rating only says 'far stronger': its size "
                              "comes from the fit's small regularisation, not from the games."))
        self.bots_text.value = "".join(f"<p>{escape(s)}</p>" for s in said)

    def _draw_effects(self, variants) -> None:
        frames = [A.effects(variants, option, measure) for option in A.varied(variants)
                  for measure in ("score", "winning_margin", "decisions")]
        effects = pd.concat(frames, ignore_index=True)
        score = effects[effects.measure == "score"]
        names = [f"{r.option} = {r.value}" for r in score.itertuples()]
        self._panel(6, [go.Bar(x=names, y=score.effect, marker_color="#D55E00", name=_("score change"),
                               error_y=dict(type="data", symmetric=False, array=score.high - score.effect,
                                            arrayminus=score.effect - score.low, color="#000000"))],
                    yaxis=dict(title=_("points against the default"), zeroline=True, zerolinecolor="#000000"))
        self.effects_text.value = "<ul>" + "".join(f"<li>{escape(A.effect_sentence(r))}</li>"
                                                   for r in effects.to_dict("records")) + "</ul>"
