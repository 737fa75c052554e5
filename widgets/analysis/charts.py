"""A plotly figure as a widget, drawn in the page by plotly.js's *basic* bundle.

A figure is plotly's figure JSON: a dict ``{"data": [traces], "layout": {...}}`` as plotly.js
reads it (https://plotly.com/javascript/reference/), or a ``plotly.graph_objects.Figure``. The
lessons build dicts: importing ``plotly.graph_objects`` costs a kernel about 0.17 s of CPU and
16 MB of memory, which every pupil's kernel paid for two charts. :attr:`FigureView.figure`
still reads back as a ``plotly.graph_objects.Figure`` (plotly.py validates it then). Charts
are drawn on plotly.py's default template ("plotly"), read from plotly's package data without
importing plotly, so a dict draws as the same figure built with plotly.py would.

The page draws them with the plotly.js basic bundle (bar, scatter and pie traces; 1.2 MB),
vendored in ``static/`` with its licence, through an anywidget module (``static/figure_view.js``).
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
  machines. ``voila.json`` at the repository's root lets Voilà load only the front-end extensions
  the pages need (an allowlist: the widget managers, anywidget, pygments), so not that one.

Every trace the widgets use is in the basic bundle; :data:`BASIC_TRACES` lists them and
:class:`FigureView` refuses a figure with any other trace type (it would not draw).
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

import anywidget
import traitlets

__all__ = ["BASIC_TRACES", "FigureView", "PLOTLY_JS", "PLOTLY_JS_VERSION"]

#: Trace types drawn by the plotly.js basic bundle.
BASIC_TRACES = frozenset({"bar", "scatter", "pie"})


def _read(name: str) -> str:
    return resources.files("mandalakit.widgets").joinpath("static", name).read_text(encoding="utf-8")


def _default_template() -> dict:
    """plotly.py's default template ("plotly"): its layout and the defaults of the basic traces.

    Read from plotly's package data (found without importing plotly); plotly.py puts the same
    template into every figure it writes."""
    plotly_dir = Path(importlib.util.find_spec("plotly").submodule_search_locations[0])
    template = json.loads((plotly_dir / "package_data" / "templates" / "plotly.json").read_text(encoding="utf-8"))
    return {"layout": template["layout"], "data": {k: v for k, v in template["data"].items() if k in BASIC_TRACES}}


#: The vendored plotly.js basic bundle (UMD), sent to a page that cannot fetch it over HTTP.
PLOTLY_JS = _read("plotly-basic.min.js")
#: Version of the vendored plotly.js basic bundle (from its header).
PLOTLY_JS_VERSION = re.search(r"plotly\.js \(basic - minified\) v(\S+)", PLOTLY_JS[:200]).group(1)
# What figure_view.js sends when it needs the bundle from the kernel.
_ASK = {"ask": "plotly.js"}
# The module: the template once per module (a figure's own layout.template wins), then the view.
_ESM = f"const TEMPLATE = {json.dumps(_default_template(), separators=(',', ':'))};\n{_read('figure_view.js')}"


def _spec(figure) -> dict:
    """The figure JSON of ``figure`` (a mapping, or a ``plotly.graph_objects.Figure``).

    Raises ``ValueError`` if it holds a trace type the basic bundle cannot draw."""
    if isinstance(figure, Mapping):
        spec = {"data": [dict(trace) for trace in figure.get("data", [])], "layout": dict(figure.get("layout", {}))}
    else:
        import plotly.io as pio  # only for a figure built with plotly.py

        spec = json.loads(pio.to_json(figure, validate=False))
    others = {trace.get("type", "scatter") for trace in spec["data"]} - BASIC_TRACES
    if others:
        raise ValueError(f"FigureView draws only {sorted(BASIC_TRACES)} traces, not {sorted(others)}")
    return spec


class FigureView(anywidget.AnyWidget):
    """Shows ``figure``; assigning :attr:`figure` redraws it.

    Parameters
    ----------
    figure : dict or plotly.graph_objects.Figure
        plotly's figure JSON ``{"data": [...], "layout": {...}}`` (a trace without ``type`` is a
        scatter trace, as in plotly.js), only trace types in :data:`BASIC_TRACES`.

    Attributes
    ----------
    figure : plotly.graph_objects.Figure
        The figure shown, read back through plotly.py (which validates it); assign a dict or a
        Figure to show another.
    spec : dict
        The synced plotly JSON (``{"data": [...], "layout": {...}}``) the page draws; readable
        in tests without a browser.

    Raises
    ------
    ValueError
        If the figure holds a trace type the basic bundle cannot draw.
    """

    _esm = _ESM
    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, figure, **kwargs):
        spec = _spec(figure)
        super().__init__(spec=spec, **kwargs)
        self.on_msg(self._answer)

    @property
    def figure(self):
        import plotly.graph_objects as go  # plotly.py only when a figure is read back

        return go.Figure(self.spec)

    @figure.setter
    def figure(self, figure) -> None:
        self.spec = _spec(figure)

    def _answer(self, _widget, content, _buffers) -> None:
        """Send the bundle to a page that asks for it (any other message is ignored)."""
        if content == _ASK:
            self.send({"plotly_js": PLOTLY_JS})
