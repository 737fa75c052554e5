"""A plotly figure as a widget, drawn in the page by plotly.js's *basic* bundle.

Figures are built with plotly.py (``plotly.graph_objects``); the page draws them with the
plotly.js basic bundle (bar, scatter and pie traces; 1.2 MB), vendored in ``static/`` with its
licence, through an anywidget module (``static/figure_view.js``).

The bundle is not part of the module (anywidget gives a module 2 s to start, which a busy
classroom machine misses with 1.2 MB to evaluate): the page fetches it once, over HTTP on a
Voila page (``binder/jupyter-config/voila.py`` serves ``static/`` at ``voila/labextensions/``,
and the browser caches it), or else by asking the widget, which answers with :data:`PLOTLY_JS`
through the kernel once per page.

Why not plotly's own ways of showing a figure:

- ``plotly.graph_objects.FigureWidget`` sends the full 5 MB plotly.js through the kernel once
  per chart; two of them cost about 4 s in the browser.
- plotly's MIME renderer (the ``jupyterlab-plotly`` extension) loads the full bundle on every
  Voilà page, charts or not, and evaluating it took ~0.9 s of the first render on these
  machines. ``voila.json`` at the repository's root turns that extension off for Voilà.

Every trace the widgets use is in the basic bundle; :data:`BASIC_TRACES` lists them and
:class:`FigureView` refuses a figure with any other trace type (it would not draw).
"""

from __future__ import annotations

import json
import re
from importlib import resources

import anywidget
import plotly.graph_objects as go
import plotly.io as pio
import traitlets

__all__ = ["BASIC_TRACES", "FigureView", "PLOTLY_JS", "PLOTLY_JS_VERSION"]

#: Trace types drawn by the plotly.js basic bundle.
BASIC_TRACES = frozenset({"bar", "scatter", "pie"})


def _read(name: str) -> str:
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


#: The vendored plotly.js basic bundle (UMD), sent to a page that cannot fetch it over HTTP.
PLOTLY_JS = _read("plotly-basic.min.js")
#: Version of the vendored plotly.js basic bundle (from its header).
PLOTLY_JS_VERSION = re.search(r"plotly\.js \(basic - minified\) v(\S+)", PLOTLY_JS[:200]).group(1)
# What figure_view.js sends when it needs the bundle from the kernel.
_ASK = {"ask": "plotly.js"}


class FigureView(anywidget.AnyWidget):
    """Shows ``figure`` and redraws it on :meth:`refresh`.

    Parameters
    ----------
    figure : plotly.graph_objects.Figure
        Only trace types in :data:`BASIC_TRACES`. Change it in place
        (``with view.figure.batch_update(): ...``), then call :meth:`refresh`.

    Attributes
    ----------
    figure : plotly.graph_objects.Figure
    spec : dict
        The synced plotly JSON (``{"data": [...], "layout": {...}}``) the page draws; readable
        in tests without a browser.

    Raises
    ------
    ValueError
        If the figure holds a trace type the basic bundle cannot draw.
    """

    _esm = _read("figure_view.js")
    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, figure: go.Figure, **kwargs):
        others = {trace.type for trace in figure.data} - BASIC_TRACES
        if others:
            raise ValueError(f"FigureView draws only {sorted(BASIC_TRACES)} traces, not {sorted(others)}")
        super().__init__(**kwargs)
        self.figure = figure
        self.on_msg(self._answer)
        self.refresh()

    def _answer(self, _widget, content, _buffers) -> None:
        """Send the bundle to a page that asks for it (any other message is ignored)."""
        if content == _ASK:
            self.send({"plotly_js": PLOTLY_JS})

    def refresh(self) -> None:
        """Redraw the figure in the page (sends its current JSON)."""
        self.spec = json.loads(pio.to_json(self.figure, validate=False))
