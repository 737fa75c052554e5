"""The chart widget: what the page is sent, and what it can draw (widgets/analysis/charts.py)."""

from __future__ import annotations

import json
from pathlib import Path

import plotly.graph_objects as go
import plotly.offline
import pytest

from traitlets.config import PyFileConfigLoader

from mandalakit.widgets.analysis.charts import BASIC_TRACES, PLOTLY_JS, PLOTLY_JS_VERSION, FigureView
from mandalakit.widgets.lessons.ohanami import ScoringCalculator
from mandalakit.widgets.play.replay import ReplayViewer

ROOT = Path(__file__).resolve().parents[2]


def test_spec_is_the_figure_json_and_follows_the_figure_assigned():
    view = FigureView(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])))
    assert view.spec["data"] == [{"type": "bar", "x": ["a", "b"], "y": [1, 2]}]
    view.figure = {"data": [{"type": "bar", "x": ["a", "b"], "y": [3, 4]}], "layout": {"height": 200}}
    assert view.spec == {"data": [{"type": "bar", "x": ["a", "b"], "y": [3, 4]}], "layout": {"height": 200}}
    assert view.figure.data[0].y == (3, 4) and view.figure.layout.height == 200  # read back through plotly.py


@pytest.mark.parametrize("build", [lambda: ScoringCalculator(pink=7).chart,
                                   lambda: ReplayViewer.from_state(_bot_game()).chart])
def test_lesson_charts_are_valid_plotly_figures_built_without_plotly(build):
    # The lessons' figures are dicts (importing plotly.graph_objects cost every kernel 0.17 s and
    # 16 MB); plotly.py validates them: a wrong property name or value raises.
    spec = build().spec
    go.Figure(spec)  # validates
    assert {t["type"] for t in spec["data"]} <= BASIC_TRACES


def test_the_page_draws_on_plotly_py_default_template():
    # A dict figure has no template: the module carries plotly.py's default one, as plotly.py
    # puts it into every figure it writes.
    written = json.loads(go.Figure(go.Bar(x=[1], y=[1])).to_json())["layout"]["template"]
    sent = json.loads(FigureView._esm.split("\n", 1)[0].removeprefix("const TEMPLATE = ").removesuffix(";"))
    assert sent["layout"] == written["layout"]
    assert sent["data"] == {k: v for k, v in written["data"].items() if k in BASIC_TRACES}


def _bot_game():
    from mandalakit import ohanami
    from mandalakit.core.bots import RandomBot, play

    game = ohanami.new_game(2, seed=5)
    play(game, [RandomBot(seed=1), RandomBot(seed=2)])
    return game


def test_calculator_sends_the_engine_values_to_the_page():
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    assert calc.chart.spec["data"][0]["y"][:8] == [0, 1, 3, 6, 10, 15, 21, 28]  # T(k), O-3.3
    calc.pink.value = 7
    colours = calc.chart.spec["data"][0]["marker"]["color"]
    assert colours[7] == "#000000" and colours[6] != "#000000"


def test_replay_chart_sends_round_scores():
    game = _bot_game()
    viewer = ReplayViewer.from_state(game)
    viewer.slider.value = viewer.slider.max
    sent = [trace["y"] for trace in viewer.chart.spec["data"]]
    assert sent == [list(s) for s in game.round_scores]


def test_trace_types_outside_the_basic_bundle_are_refused():
    with pytest.raises(ValueError, match="heatmap"):
        FigureView(go.Figure(go.Heatmap(z=[[1, 2]])))
    assert {"bar", "scatter"} <= BASIC_TRACES


def test_vendored_plotly_js_matches_plotly_py_major_version():
    # plotly.py writes figures for its own plotly.js; the vendored basic bundle must read them.
    assert PLOTLY_JS_VERSION.split(".")[0] == plotly.offline.get_plotlyjs_version().split(".")[0]


def test_module_is_small_and_fetches_plotly_once_per_page():
    # anywidget gives a module 2 s to start: plotly.js (1.2 MB) is not inside it but fetched
    # by render, over HTTP from Voila's extension folder or else from the kernel.
    esm = FigureView._esm
    assert len(esm) < 10_000 and "Copyright 2012" not in esm
    assert "globalThis.__mandalakit_plotly ??=" in esm and "voila/labextensions/plotly-basic.min.js" in esm
    assert "export default" in esm and "async render(" in esm and 'model.on("change:spec"' in esm


def _sent(view):
    sent = []
    view.send = lambda content, buffers=None: sent.append(content)
    return sent


def test_the_widget_sends_plotly_js_to_a_page_that_asks_for_it():
    view = FigureView(go.Figure(go.Bar(x=["a"], y=[1])))
    sent = _sent(view)
    view._handle_custom_msg({"ask": "plotly.js"}, [])
    assert sent == [{"plotly_js": PLOTLY_JS}] and PLOTLY_JS.startswith("/**\n* plotly.js (basic - minified)")


@pytest.mark.parametrize("forged", [{"ask": "numpy"}, {"ask": ["plotly.js"]}, {}, {"plotly_js": "x"}])
def test_other_messages_from_the_page_are_ignored(forged):
    view = FigureView(go.Figure(go.Bar(x=["a"], y=[1])))
    sent = _sent(view)
    view._handle_custom_msg(forged, [])
    assert sent == []


def test_voila_serves_the_bundle_from_the_widgets_static_folder():
    # binder/jupyter-config/voila.py adds widgets/static/ to Voila's extension folders (served at
    # voila/labextensions/).
    config = PyFileConfigLoader("voila.py", path=str(ROOT / "binder" / "jupyter-config")).load_config()
    folders = config.VoilaConfiguration.extra_labextensions_path
    assert [Path(f) for f in folders] == [ROOT / "widgets" / "static"]
    assert (ROOT / "widgets" / "static" / "plotly-basic.min.js").read_text() == PLOTLY_JS
    assert not (ROOT / "widgets" / "static" / "package.json").exists()  # no extension is loaded from it


def test_voila_config_loads_only_the_front_end_extensions_the_pages_need():
    # Denied by default: the full plotly extension (the pages use widgets/static's basic bundle), and
    # any other package's JupyterLab extension, such as jupytext's (from the docs extra), whose
    # shared modules Voila's page lacks ("The getter for the shared module is not a function").
    config = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert "extension_denylist" not in config  # with an allowlist Voila would ignore it
    assert config["extension_allowlist"] == ["@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8",
                                             "anywidget", "jupyterlab_pygments"]
