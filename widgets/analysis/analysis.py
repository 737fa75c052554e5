"""The analysis dashboard: what the shipped tournament tables say (``notebooks/analysis.ipynb``).

It reads ``datasets/summaries.json`` (:mod:`mandalakit.summaries`, computed from the tables of
``datasets/`` by ``make datasets``: no game is played and no statistic is computed when the page
opens), and shows, for the game, player count and line-up chosen in three drop-downs: the
advantage of each seat, the score distributions by bot, the game length and end triggers, the
bots' head-to-head rates and Bradley–Terry ratings, and the measured effect of every rules
option, each with its 95 % confidence interval and a sentence a pupil can read, worded in the
page's language; then what changes with good play, from the search bot's tournament tables and
the strength ladder (:mod:`mandalakit.widgets.analysis.search_words`). The seven charts are
:class:`~mandalakit.widgets.analysis.charts.FigureView` of plain figure dicts, side by side on a
wide page and one per row on a phone; the kernel imports neither pandas, scipy nor plotly.py.
"""

from __future__ import annotations

import textwrap
from html import escape
from pathlib import Path

import ipywidgets as W

from mandalakit.analysis import effect_sentence
from mandalakit.core.messages import N_, _, bot_name, ngettext, percent_sign
from mandalakit.summaries import EVERY, load_summaries

from mandalakit.widgets.analysis.charts import FigureView
from mandalakit.widgets.analysis.search_words import (good_play_paragraph, good_play_rules, percent as _percent,
                                                      search_paragraphs)
from mandalakit.widgets.lessons.rules import rule_tag

__all__ = ["AnalysisDashboard", "load_datasets"]

#: Colour-blind safe (Okabe–Ito) colours per bot; every bar also carries the bot's name.
BOT_COLOURS = {"greedy": "#0072B2", "random": "#E69F00"}
EVERY_LINEUP = N_("every line-up")  # the menu's value; its label is translated
#: The seven charts, in order: name and title.
PANELS = {"seats": N_("Win share by seat (95 % intervals)"), "scores": N_("Final scores by bot"),
          "length": N_("Moves per game"), "ends": N_("Which rule ended the game"),
          "bots": N_("How often the first bot outscores the second"), "effects": N_("Change of a player's score"),
          "search": N_("How many points ahead the first player ends")}
#: What ended a game, in words, by the rule id that ended it (the id stays as a tag in the sentence).
END_WORDS = {"O-2.1": N_("three rounds were played"), "M-7.1": N_("the deck ran out"),
             "M-7.2": N_("a river was full"), "M-7.5": N_("no mandala could complete"),
             "M-7.6": N_("no mandala was completed for 100 turns"),
             "F-5.1": N_("a third Flower was made"), "F-5.2": N_("a tile stack ran out"),
             "F-5.3": N_("every player passed")}
#: Each rules option value of the shipped variants tables, in words, by ``(option, value)``
#: (a file's name for a ``tiles`` table); an option missing here shows as ``option = value``.
OPTION_WORDS = {("deck_exhaustion", "end_at_once"): N_("game ends when the deck runs out"),
                ("stalemate", "play_on"): N_("a stuck game plays on"),
                ("sakura_cap", "none"): N_("no cap on pink points"),
                ("single_play_draw", "2"): N_("draw 2 after one card"),
                ("tiles", "flowers-tiles-no-x3.csv"): N_("tiles without ×3")}
#: The view the page opens on: Mandala, 2 players, every line-up. From datasets/summaries.json,
#: it is the one whose six charts all say most: its games end by two rules (M-7.2 in 66 %,
#: M-7.1 in 34 %), last from 20 different lengths, greedy outscores random in 99 % (not 100 %)
#: of meetings, and one rules option moves the score (-3.9 points). Every Ohanami view ends by
#: one rule (O-2.1) after one length, greedy wins 100 %, and its option changes nothing (flat
#: zero); in every Flowers view one rule ends 99 to 100 % of the games.
DEFAULT_GAME = "mandala"
#: The page's width at which a chart starts a row of its own (two charts side by side need twice it).
CHART_WIDTH = "440px"
#: The fewest meetings of two different bots (head-to-head) or pairs of games (rules options) a
#: line-up needs for its section to be drawn; with fewer the section says so in words. A line-up of
#: one bot has no meeting at all; the shipped line-ups measure each option on 40 pairs or more.
MIN_MEETINGS = MIN_PAIRS = 20
#: Height of a chart that says in words why it draws nothing (px; a drawn chart is 340).
WORDS_HEIGHT = 200
#: Letters per line of a sentence drawn in a chart's place (a 420 px phone holds about 45 at 13 px).
NOTE_WIDTH = 40


def load_datasets(folder: str | Path) -> dict:
    """The summaries of the shipped tables in ``folder`` (``datasets/summaries.json``, see
    :func:`mandalakit.summaries.load_summaries`, which raises ``FileNotFoundError`` if missing)."""
    return load_summaries(folder)


def _share_axis(title: str, **more) -> dict:
    """A y axis of shares drawn as percentages (the traces give 100 times each share): whole
    numbers with the language's percent sign on its ticks and in the hover text, ``56%``, in
    French ``56 %`` with a no-break space (plotly's ``.0%`` format writes none), Portuguese ``56%``."""
    sign = percent_sign()
    return dict(title=dict(text=title), tickformat=".0f", hoverformat=".0f", ticksuffix=sign, **more)


def _percents(shares) -> list[float]:
    """``shares`` (from 0 to 1) as the percentages a :func:`_share_axis` axis draws."""
    return [100 * x for x in shares]


def _middles(edges: list[int]) -> list[float]:
    """The middle of each integer bin ``[edges[i], edges[i + 1] - 1]``."""
    return [(low + high - 1) / 2 for low, high in zip(edges, edges[1:])]


def _bins_axis(edges: list[int], title: str) -> dict:
    """The x axis of a histogram of integer bins: whole-number ticks, at most about six."""
    width = edges[1] - edges[0]
    return dict(title=dict(text=title), tick0=0, dtick=width * -(-(len(edges) - 1) // 6))


def end_words(rule: str) -> str:
    """What ended a game, in words (:data:`END_WORDS`), from the rule id that ended it."""
    return _(END_WORDS[rule]) if rule in END_WORDS else _("another rule")


def option_words(option: str, value: str) -> str:
    """A rules option's value in words (:data:`OPTION_WORDS`), ``option = value`` if unknown."""
    words = OPTION_WORDS.get((option, Path(str(value)).name))
    return _(words) if words else f"{option} = {value}"


def _errors(values, lows, highs) -> dict:
    return dict(type="data", symmetric=False, array=[h - v for v, h in zip(values, highs)],
                arrayminus=[v - lo for v, lo in zip(values, lows)], color="#000000")


def _figure(title: str, traces: list[dict], xaxis: dict | None = None, yaxis: dict | None = None,
            legend: bool = False) -> dict:
    """One chart's figure JSON: its title on top, a legend below when asked."""
    layout = dict(title=dict(text=escape(title), x=0.02, xanchor="left", font=dict(size=15)), height=340,
                  margin=dict(l=60, r=16, t=48, b=50 + 30 * legend), plot_bgcolor="white", font=dict(size=13),
                  barmode="overlay", showlegend=legend, xaxis=xaxis or {}, yaxis=yaxis or {})
    if legend:
        layout["legend"] = dict(orientation="h", y=-0.3, x=0)
    return {"data": traces, "layout": layout}


def _words_figure(title: str, sentence: str) -> dict:
    """A chart's figure that draws no data but says ``sentence`` in its place (no axes, no bars)."""
    figure = _figure(title, [], xaxis=dict(visible=False), yaxis=dict(visible=False))
    figure["layout"]["height"] = WORDS_HEIGHT
    lines = "<br>".join(escape(line) for line in textwrap.wrap(sentence, NOTE_WIDTH, break_on_hyphens=False))
    figure["layout"]["annotations"] = [dict(text=lines, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                                            align="center", font=dict(size=14))]
    return figure


class AnalysisDashboard(W.VBox):
    """Controls and charts over the summaries of the shipped tournament tables.

    Parameters
    ----------
    summaries : dict
        :func:`load_datasets`'s result (``datasets/summaries.json``).
    game : str
        The game shown first (:data:`DEFAULT_GAME`, the view whose six charts all say something).

    Attributes
    ----------
    game, players, lineup : ipywidgets.Dropdown
        The controls; ``lineup`` offers :data:`EVERY_LINEUP` and each line-up of the player count.
    charts : dict of FigureView
        The seven charts by name (:data:`PANELS`): ``seats``, win share by seat with 95 % intervals
        and the fair share as a dotted line; ``scores``, score histograms by bot; ``length``,
        histogram of the moves per game; ``ends``, end triggers; ``bots``, head-to-head rates
        with 95 % intervals; ``effects``, effect of each rules option value on the score with
        95 % intervals; ``search``, the first player's lead in points between the one-move bots and
        with the search bot, with 95 % intervals. Each at least :data:`CHART_WIDTH` wide, wrapping
        to one per row. A chart without enough games (:data:`MIN_MEETINGS`, :data:`MIN_PAIRS`, a
        line-up of one bot, another player count than the search bot's 2) says why in its place.
    seats_text, scores_text, length_text, bots_text, effects_text, search_text : ipywidgets.HTML
        The same in sentences; every section follows the three menus, but the search bot's games,
        which are the same whatever line-up is chosen, and say so.
    """

    def __init__(self, summaries: dict, game: str = DEFAULT_GAME):
        self.summaries = summaries["games"]
        wrap = W.Layout(flex_flow="row wrap", width="100%")
        self.game = W.Dropdown(options=[(g.capitalize(), g) for g in self.summaries], value=game,
                               description=_("game"))
        self.players = W.Dropdown(description=_("players"))
        self.lineup = W.Dropdown(description=_("bots"), layout=W.Layout(width="22em", max_width="100%"))
        for control in (self.game, self.players, self.lineup):
            control.add_class("mk-analysis-control")
        self.charts = {name: FigureView(_figure(_(title), []), layout=W.Layout(flex=f"1 1 {CHART_WIDTH}",
                                                                               min_width="0"))
                       for name, title in PANELS.items()}
        for chart in self.charts.values():
            chart.add_class("mk-analysis-chart")
        self.charts["search"].layout.max_width = "600px"  # alone on its row: two bars need no more
        self.search, self.good_play = summaries.get("search", {}), summaries.get("good_play", {})
        self.seats_text, self.scores_text, self.length_text, self.bots_text, self.effects_text, self.search_text = (
            W.HTML() for n in range(6))
        self._quiet = False
        self._game_changed()
        self.game.observe(lambda change: self._game_changed(), "value")
        self.players.observe(lambda change: self._players_changed(), "value")
        self.lineup.observe(lambda change: self._draw(), "value")

        def section(title, *children):
            return W.VBox([W.HTML(f"<h3>{escape(title)}</h3>"), *children])

        super().__init__([
            W.HBox([self.game, self.players, self.lineup], layout=wrap),
            W.HBox(list(self.charts.values()), layout=wrap),
            section(_("Does the first seat win more?"), self.seats_text),
            section(_("Scores by bot"), self.scores_text),
            section(_("How long is a game, and what ends it?"), self.length_text),
            section(_("How much better is the greedy bot?"), self.bots_text),
            section(_("What does each rules option change?"), self.effects_text),
            section(_("What changes when a bot plays well?"), self.search_text),
        ])
        self.add_class("mk-analysis")

    # ----- controls ---------------------------------------------------------------------------
    def _game_changed(self) -> None:
        if self.game.value is None:  # a page may send "nothing selected": the charts stay
            return
        counts = [int(p) for p in self.summaries[self.game.value]]
        self._quiet = True
        self.players.options = [(str(p), p) for p in counts]
        self.players.value = counts[0]
        self._quiet = False
        self._players_changed()

    def _players_changed(self) -> None:
        if self._quiet or None in (self.game.value, self.players.value):
            return
        self._quiet = True
        self.lineup.options = [(_(EVERY_LINEUP), EVERY_LINEUP)] + [(", ".join(map(bot_name, lineup.split(","))), lineup)
                                                                   for lineup in self.summary()["lineups"]]
        self.lineup.value = EVERY_LINEUP
        self._quiet = False
        self._draw()

    def summary(self) -> dict:
        """The chosen game's and player count's summary (:func:`mandalakit.summaries.summarize`)."""
        return self.summaries[self.game.value][str(self.players.value)]

    def selection(self) -> dict:
        """The summary of the chosen line-up (every line-up together for :data:`EVERY_LINEUP`):
        ``seats``, ``scores``, ``length`` (:func:`mandalakit.summaries.view`)."""
        return self.summary()["views"][EVERY if self.lineup.value == EVERY_LINEUP else self.lineup.value]

    # ----- charts -----------------------------------------------------------------------------
    def _draw(self) -> None:
        if self._quiet or None in (self.game.value, self.players.value, self.lineup.value):
            return  # a menu without a choice (a page may send it): the charts stay
        chosen = self.selection()
        self._draw_seats(chosen["seats"])
        self._draw_scores(chosen["scores"])
        self._draw_length(chosen["length"])
        self._draw_bots(chosen["duels"], chosen["ratings"])
        self._draw_effects(chosen["effects"])
        self._draw_search(self.search.get(self.game.value))

    def _show(self, name: str, traces: list[dict], **axes) -> None:
        self.charts[name].figure = _figure(_(PANELS[name]), traces, **axes)

    def _too_few(self, name: str, text: W.HTML, sentence: str) -> None:
        """Say ``sentence`` in the chart ``name``'s place and in its section, drawing no chart."""
        self.charts[name].figure = _words_figure(_(PANELS[name]), sentence)
        text.value = f'<p class="mk-analysis-note">{escape(sentence)}</p>'

    def _draw_seats(self, seats: list[dict]) -> None:
        fair = 1 / self.players.value
        names = [_("player {seat:+1}", seat=s["seat"]) + (" " + _("(first)") if s["seat"] == 0 else "") for s in seats]
        shares = _percents(s["share"] for s in seats)
        bars = dict(type="bar", x=names, y=shares, name=_("win share"), marker=dict(color="#0072B2"),
                    error_y=_errors(shares, _percents(s["share_low"] for s in seats),
                                    _percents(s["share_high"] for s in seats)))
        line = dict(type="scatter", x=names, y=_percents([fair] * len(names)), mode="lines", name=_("fair share"),
                    line=dict(dash="dot", color="#000000"))
        self._show("seats", [bars, line], legend=True,
                   yaxis=_share_axis(_("share of wins"), rangemode="tozero"))
        first = seats[0]
        verdict = (_("The interval includes the fair share: these games show no clear advantage for the first seat.")
                   if first["share_low"] <= fair <= first["share_high"] else
                   _("The interval leaves out the fair share: the first seat does win more.") if first["share"] > fair
                   else _("The interval leaves out the fair share: the first seat wins less."))
        self.seats_text.value = "<p>" + escape(_(
            "Player 1 plays first. They win {share} of the games; we are 95 % sure their true share is between {low} and "
            "{high}. A fair share with {players} players is {fair}.", share=_percent(first["share"]),
            low=_percent(first["share_low"]), high=_percent(first["share_high"]), players=self.players.value,
            fair=_percent(fair))) + " " + escape(verdict) + "</p>"

    def _draw_scores(self, scores: dict) -> None:
        edges, traces, said = scores["edges"], [], []
        for bot in scores["bots"]:
            total = sum(bot["counts"])
            traces.append(dict(type="bar", x=_middles(edges), y=_percents(c / total for c in bot["counts"]), name=bot_name(bot["bot"]),
                               opacity=0.7, width=(edges[1] - edges[0]) * 0.9,
                               marker=dict(color=BOT_COLOURS.get(bot["bot"], "#999999"))))
            said.append(_("{bot}: {mean:.1f} points on average (95 % interval {low:.1f} to {high:.1f})",
                          bot=bot_name(bot["bot"]), mean=bot["mean"], low=bot["low"], high=bot["high"]))
        self._show("scores", traces, legend=True, xaxis=_bins_axis(edges, _("score (points)")),
                   yaxis=_share_axis(_("share of seats")))
        # Translators: between two bots' sentences; French sets a no-break space before « ; ».
        self.scores_text.value = "<p>" + _("; ").join(escape(s) for s in said) + ".</p>"

    def _draw_length(self, length: dict) -> None:
        edges, games = length["edges"], length["games"]
        self._show("length", [dict(type="bar", x=_middles(edges), y=length["counts"], width=(edges[1] - edges[0]) * 0.9,
                                   marker=dict(color="#009E73"), name=_("games by length"))],
                   xaxis=_bins_axis(edges, _("moves (all seats)")), yaxis=dict(title=dict(text=_("games"))))
        ends = length["ends"]
        shares = [count / games for _end, count in ends]
        self._show("ends", [dict(type="bar", x=[end_words(end) for end, _count in ends], y=_percents(shares),
                                 marker=dict(color="#CC79A7"), text=[_percent(v) for v in shares],
                                 hovertext=[end for end, _count in ends], name=_("games by end"))],
                   xaxis=dict(title=dict(text=_("what ended the game")), type="category"),
                   yaxis=_share_axis(_("share of games")))
        said = _(
            "A game lasts {mean:.1f} moves on average (95 % interval {low:.1f} to {high:.1f}), with {reshuffles:.2f} "
            "reshuffles of the discard pile on average; most games end because {end} ({share} of the games).",
            mean=length["mean"], low=length["low"], high=length["high"], reshuffles=length["reshuffles"],
            end=end_words(ends[0][0]), share=_percent(shares[0]))
        self.length_text.value = f"<p>{escape(said)} {rule_tag(ends[0][0])}</p>"  # the rule's text on hover

    def _draw_bots(self, duels: list[dict], ratings: list) -> None:
        meetings = sum(d["wins"] + d["losses"] for d in duels)
        if not duels:
            bots = {_("Bot ({level})", level=bot_name(b)) for b in str(self.lineup.value).split(",")}
            return self._too_few("bots", self.bots_text, _(
                "In this line-up all the players are the same bot, {bot}: two different bots never meet, so there "
                "is no head-to-head to show. Choose a line-up with two bots.", bot=bots.pop()) if len(bots) == 1 else _(
                "Two different bots never meet in these games, so there is no head-to-head to show."))
        if meetings < MIN_MEETINGS:
            return self._too_few("bots", self.bots_text, ngettext(
                "Two different bots meet only {n} time in this line-up: too few to say which is stronger.",
                "Two different bots meet only {n} times in this line-up: too few to say which is stronger.",
                meetings))
        rates = _percents(d["rate"] for d in duels)
        self._show("bots", [dict(type="bar", x=[f"{bot_name(d['a'])} > {bot_name(d['b'])}" for d in duels], y=rates,
                                 marker=dict(color="#56B4E9"), name=_("outscores"),
                                 error_y=_errors(rates, _percents(d["low"] for d in duels),
                                                 _percents(d["high"] for d in duels)))],
                   yaxis=_share_axis(_("share of meetings"), range=[0, 100]))
        said = [_("{a} outscores {b} in {rate} of {n} meetings (95 % interval {low} to {high}).", a=bot_name(d["a"]), b=bot_name(d["b"]),
                  rate=_percent(d["rate"]), n=d["wins"] + d["losses"], low=_percent(d["low"]),
                  high=_percent(d["high"])) for d in duels]
        if ratings:
            said.append(_("Bradley–Terry ratings on the Elo scale (400 points: 10 to 1 odds): {ratings}.",
                          ratings=", ".join(f"{bot_name(bot)} {value:+.0f}" for bot, value in ratings)))
            if any(d["losses"] == 0 or d["wins"] == 0 for d in duels):
                said.append(_("One bot never lost a meeting, so the rating only says 'far stronger': its size "
                              "comes from the fit's small regularisation, not from the games."))
        self.bots_text.value = "".join(f"<p>{escape(s)}</p>" for s in said)

    def _draw_effects(self, effects: list[dict]) -> None:
        if not effects:
            return self._too_few("effects", self.effects_text, _("No rules option was varied in these games."))
        pairs = min(e["pairs"] for e in effects)
        if pairs < MIN_PAIRS:
            return self._too_few("effects", self.effects_text, ngettext(
                "The rules options were measured on only {n} pair of games in this line-up: too few to say what "
                "they change.", "The rules options were measured on only {n} pairs of games in this line-up: too few "
                "to say what they change.", pairs))
        score = [e for e in effects if e["measure"] == "score"]
        changes = [e["effect"] for e in score]
        self.effects_text.value = "<ul>" + "".join(f"<li>{escape(effect_sentence(e, option_words))}</li>" for e in effects) + "</ul>"
        if all(e["effect"] == e["low"] == e["high"] == 0 for e in score):  # a flat line would say it less well
            self.charts["effects"].figure = _words_figure(_(PANELS["effects"]), ngettext(
                "No rules option changed a single score in these games ({n} pair of games): nothing to draw.",
                "No rules option changed a single score in these games ({n} pairs of games): nothing to draw.",
                min(e["pairs"] for e in score)))
            return
        self._show("effects", [dict(type="bar", x=[option_words(e["option"], e["value"]) for e in score], y=changes,
                                    marker=dict(color="#D55E00"), name=_("score change"),
                                    error_y=_errors(changes, [e["low"] for e in score], [e["high"] for e in score]))],
                   yaxis=dict(title=dict(text=_("points against the default")), zeroline=True,
                              zerolinecolor="#000000"))

    def _draw_search(self, view: dict | None) -> None:
        """The search bot's ladder games against the one-move bots' (2 players only)."""
        if view is None:
            return self._too_few("search", self.search_text, _("No games of the search bot are shipped for this game."))
        if self.players.value != 2:
            return self._too_few("search", self.search_text, _(
                "The search bot played games of 2 players only: choose 2 players to see what changes with good play."))
        lead = view["lead"]
        names = ["<br>".join(textwrap.wrap(_("{a} against {b}", a=bot_name(a), b=bot_name(b)), 20))  # level on a phone
                 for a, b in (("greedy", "random"), ("pimc", "greedy"))]
        means = [lead["one_ply"]["mean"], lead["search"]["mean"]]
        self._show("search", [dict(type="bar", x=names, y=means, marker=dict(color=["#E69F00", "#0072B2"]),
                                   name=_("first player's lead"),
                                   error_y=_errors(means, [lead["one_ply"]["low"], lead["search"]["low"]],
                                                   [lead["one_ply"]["high"], lead["search"]["high"]]))],
                   xaxis=dict(type="category"),
                   yaxis=dict(title=dict(text=_("points ahead")), zeroline=True, zerolinecolor="#000000"))
        note = "" if self.lineup.value == EVERY_LINEUP else (
            '<p class="mk-analysis-note">' + escape(_(
                "The bots menu does not change this section: the search bot's games are in tables of their own.")) +
            "</p>")
        first = self.good_play.get(self.game.value) or {}
        rules = ""
        if first.get("effects"):
            one_ply = self.summaries[self.game.value]["2"]["views"].get("greedy,greedy", {}).get("effects", [])
            rules = good_play_rules(first["effects"], one_ply, option_words)
        self.search_text.value = note + (good_play_paragraph(first) if first else "") + rules + "".join(
            search_paragraphs(view, self.game.value, options=bool(rules)))
