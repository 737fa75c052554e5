"""Français: the views made while French is in force show no English word.

Every view of the kit (the play view of each game, the replay viewer, an exercise and the
lessons' widgets) is built with ``set_language("fr")`` in force and walked: every text a pupil
reads (values, descriptions, options, tooltips, placeholders, titles, button labels, the board
drawing's texts and read-aloud labels) is checked against test_french's list of English words.
The language is read when a view is built or redrawn, so a view made in French stays French.

The plotly figures (:class:`mandalakit.widgets.analysis.charts.FigureView`: the calculator's chart and
the Ohanami replay's score chart) are read from their figure JSON: titles, axis titles, trace
names, text categories and annotations.
"""

from __future__ import annotations

import re
from html import unescape

import ipywidgets as W
import pytest
from test_french import ENGLISH, unquoted

from mandalakit import flowers, language, mandala, ohanami
from mandalakit.core import records
from mandalakit.widgets import GameView
from mandalakit.widgets.analysis.charts import FigureView
from mandalakit.widgets.lessons.exercise import Exercise
from mandalakit.widgets.lessons.flowers import PlayExplorer, TileTable
from mandalakit.widgets.lessons.mandala import ColourRule, RiverScore
from mandalakit.widgets.lessons.ohanami import ScoringCalculator
from mandalakit.widgets.play.replay import ReplayViewer
from mandalakit.widgets.lessons.rules import rule_html, rules_html

#: The games' colour words in English (orange is French too), which no French view shows outside notation.
COLOUR_WORDS = re.compile(r"\b(black|green|purple|yellow|red|grey|blue|pink)\b", re.IGNORECASE)
#: The traits that hold words a pupil reads.
TEXT_TRAITS = ("value", "description", "tooltip", "placeholder", "chips_label", "question", "feedback", "hint",
               "explanation")


def svg_texts(svg: str) -> list[str]:
    """The words of a drawing: its text and title nodes and its read-aloud labels."""
    return (re.findall(r">([^<>]+)</(?:text|title|tspan)>", svg)
            + re.findall(r'(?:data-mk-label|aria-label)="([^"]*)"', svg))


def html_text(html: str) -> str:
    """What a page shows of ``html``: tags, styles and notation in <code> left out."""
    html = re.sub(r"<style>.*?</style>|<code>.*?</code>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def texts(widget, seen=None) -> list[str]:
    """Every text that ``widget`` and the widgets inside it show."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return []
    if isinstance(widget, FigureView):
        seen.add(id(widget))
        return _figure_texts(widget.spec)
    seen.add(id(widget))
    out = []
    for name in TEXT_TRAITS:
        if name == "value" and widget.has_trait("_options_labels"):
            continue  # a choice's value is a key (a colour's "green"); its label is what is shown
        value = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(value, str):
            out.append(value)
    if widget.has_trait("svg"):
        out.extend(svg_texts(widget.svg))
    if widget.has_trait("chips"):
        out.extend(label for _target, label in widget.chips)
    for name in ("_options_labels", "titles", "tooltips"):
        if widget.has_trait(name):
            out.extend(getattr(widget, name))
    if widget.has_trait("labels") and isinstance(widget.labels, dict):
        out.extend(v for v in widget.labels.values() if isinstance(v, str))
    for name in widget.trait_names():
        value = getattr(widget, name, None)
        for child in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(child, W.Widget):
                out.extend(texts(child, seen))
    return out


def _figure_texts(spec: dict) -> list[str]:
    """The words a plotly figure shows: titles (figure, axes), trace names, categories, annotations."""
    layout = spec.get("layout", {})
    out = [layout.get("title", {}).get("text", "")]
    out += [axis.get("title", {}).get("text", "") for key, axis in layout.items()
            if key.startswith(("xaxis", "yaxis")) and isinstance(axis, dict)]
    out += [a.get("text", "") for a in layout.get("annotations", [])]
    for trace in spec.get("data", []):
        out.append(trace.get("name", ""))
        out += [x for x in trace.get("x", []) if isinstance(x, str)]
    return [t for t in out if t]


def english_left(widget) -> list[str]:
    """The texts of ``widget`` that hold a word of the English list or an English colour (quoted
    notation aside)."""
    # "black = noir": the notation's colour words, given with their French names, are notation too
    shown = (re.sub(r"\b[a-z]+ = (?=\w)", "", html_text(t)) for t in texts(widget))
    return sorted({t.strip() for t in shown if ENGLISH.search(unquoted(t)) or COLOUR_WORDS.search(unquoted(t))})


def finished_record(game, players, seed):
    state = game.new_game(players, seed=seed)
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    return records.from_state(state)


@pytest.fixture(autouse=True)
def french():
    with language("fr"):
        yield


@pytest.mark.parametrize("game,seats", [("mandala", ["you", "greedy"]), ("flowers", ["you", "you", "random"]),
                                        ("ohanami", ["you", "greedy", "random"])])
def test_a_game_view_made_in_french_is_french(game, seats):
    view = GameView(game, seats=seats, seed=3, bot_delay=0)
    assert english_left(view) == []  # hot-seat (flowers): the cover, in French
    view.uncover()
    view.hint_button.click()  # a hint, then a typed move the engine refuses: both in French
    assert view.message.value and english_left(view) == []
    view.move_text.value = "pass 99"
    view.move_button.click()
    assert "mk-refusal" in view.message.value and english_left(view) == []
    assert "joueur" in " ".join(texts(view)).lower()


@pytest.mark.parametrize("game,players", [(mandala, 2), (flowers, 3), (ohanami, 2)])
def test_a_game_over_is_told_in_french(game, players):
    record = finished_record(game, players, 5)
    view = GameView.from_record(record, at=len(record["events"]))
    assert "Partie terminée" in view.message.value + view.status.value
    assert english_left(view) == []


@pytest.mark.parametrize("game,players", [(mandala, 2), (flowers, 3), (ohanami, 3)])
def test_a_replay_viewer_made_in_french_is_french(game, players):
    viewer = ReplayViewer(finished_record(game, players, 2), seat=0)
    for index in (0, 1, viewer.n_events // 2, viewer.n_events):
        viewer.slider.value = index
        assert english_left(viewer) == [], index


@pytest.mark.parametrize("game,players", [(mandala, 2), (flowers, 3), (ohanami, 2)])
def test_a_replay_between_bots_names_the_seats_by_their_players_never_vous(game, players):
    named = [{"name": "greedy"}] + [{"name": "random"}] * (players - 1)
    record = dict(finished_record(game, players, 2), players=named)
    viewer = ReplayViewer(record, seat=1)
    assert "(vous)" not in viewer.board.svg and "Robot (moyen)" in viewer.board.svg
    assert "(facile)" in viewer.board.svg


def test_an_exercise_is_french_and_reads_oui_and_non():
    exercise = Exercise("La coupe compte-t-elle ?", True, hint="Relisez M-7.3.", explanation="Oui, par la rivière.")
    assert english_left(exercise) == []
    for typed, right in (("peut-être", False), ("non", False), ("oui", True)):
        exercise.value = typed
        assert exercise.check() is right and english_left(exercise) == [], typed
    exercise.show_answer()
    assert "oui" in exercise.feedback and english_left(exercise) == []


def test_the_lessons_widgets_are_french():
    position = {"hands": [{"red": 2, "green": 1}, {"black": 1}],
                "mountains": {"A": {"black": 1, "green": 1, "purple": 1, "yellow": 1, "orange": 1}}}
    views = [ColourRule(mandala.from_position(position, seed=1)), RiverScore(["red", "green"], {"red": 3, "black": 2}),
             PlayExplorer(flowers.new_game(3, seed=1)), TileTable(), ScoringCalculator(blue=3, pink=16)]
    for view in views:
        assert english_left(view) == [], type(view).__name__
    calculator = views[-1]
    for rnd in (1, 2, 3):
        calculator.round_no.value = rnd
        assert english_left(calculator) == [] and f"manche {rnd}" in calculator.total.value


def test_rules_html_follows_the_language_in_force():
    assert "Règle de la couleur" in rules_html("M-3").data
    assert rule_html("M-4.4") == rule_html("M-4.4", language="fr") != rule_html("M-4.4", language="en")


def test_no_sentence_is_marked_inside_an_f_string():
    """Babel cannot read a ``_("...")`` written inside an f-string on Python 3.11, so such a
    sentence never reaches the catalogue and stays English in every language."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    left = []
    for path in sorted([*(root / "widgets").rglob("*.py"), *(root / "mandalakit").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                left += [f"{path.relative_to(root).as_posix()}:{call.lineno}" for call in ast.walk(node)
                         if isinstance(call, ast.Call) and getattr(call.func, "id", "") in ("_", "ngettext", "N_")
                         and isinstance(call.args[0], ast.Constant)]  # _(COLOURS[c]) is marked where stored
    assert left == []


@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_the_dashboards_switch_rebuilds_the_view_in_the_language_chosen_and_keeps_the_game(game):
    from mandalakit import get_language
    from mandalakit.widgets.play.language import LanguageSwitch

    with language("en"):
        page = LanguageSwitch(GameView(game, seats=["you", "greedy"], seed=1, bot_delay=0))
        old = page.view
        old.play_text(str(old.state.legal_moves()[0]))
        history = list(old.state.history)
        assert page.switch.value == "en" and "Your turn" in old.status.value
        page.switch.value = "fr"
        view = page.view
        assert get_language() == "fr" and view is not old and page.children == (page.switch, view)
        assert view.state.history == history and view.seed == old.seed and view.seats == old.seats
        assert "À vous" in view.status.value and english_left(view) == []
        assert view.events.entries[0].text.startswith("Nouvelle partie")  # the log, told again in French
        view.undo()  # the undo of the game before the switch
        assert len(view.state.history) < len(history) and "Coup repris" in view.message.value
        page.switch.value = "en"
        assert get_language() == "en" and "Your turn" in page.view.status.value
        assert page.view.state.history == view.state.history


def test_the_play_dashboards_show_the_switch():
    import json
    from pathlib import Path

    for game in ("ohanami", "mandala", "flowers"):
        path = Path(__file__).resolve().parents[2] / "notebooks" / f"play-{game}.ipynb"
        code = ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                if c["cell_type"] == "code"]
        assert code[-1].startswith("from mandalakit.widgets import GameView") and "LanguageSwitch(GameView(" in code[-1]
