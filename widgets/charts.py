"""A plotly figure shown in an ipywidgets ``Output``, through plotly's MIME type.

Why not ``plotly.graph_objects.FigureWidget``: every FigureWidget sends plotly's 5 MB
JavaScript bundle through the kernel to the page (as an anywidget module), once per chart.
In Voilà two of them cost about 4 s in the browser, which broke the 5 s budget for the first
render of a dashboard. The MIME renderer that ships with plotly (the ``jupyterlab-plotly``
extension, used by JupyterLab and Voilà) loads plotly.js once per page as a static file the
browser caches. Building the bundle here, rather than with ``fig.show()``, also keeps
plotly's renderer machinery (and the nbformat/jsonschema imports it pulls in) out of the
kernel's start-up.
"""

from __future__ import annotations

import json

import ipywidgets as W
import plotly.graph_objects as go
import plotly.io as pio

MIME = "application/vnd.plotly.v1+json"

__all__ = ["FigureView", "MIME"]


class FigureView(W.Output):
    """Shows ``figure`` and redraws it on :meth:`refresh`.

    Parameters
    ----------
    figure : plotly.graph_objects.Figure
        Change it in place (``with view.figure.batch_update(): ...``), then call
        :meth:`refresh`.

    Attributes
    ----------
    figure : plotly.graph_objects.Figure
    outputs : tuple of dict
        The synced ``Output`` content: one ``display_data`` with the plotly JSON (and a text
        fallback), readable in tests without a kernel.
    """

    def __init__(self, figure: go.Figure, **kwargs):
        super().__init__(**kwargs)
        self.figure = figure
        self.refresh()

    def bundle(self) -> dict:
        """The MIME bundle of the figure: plotly JSON plus a plain-text description."""
        title = self.figure.layout.title.text or "plotly chart"
        return {MIME: json.loads(pio.to_json(self.figure, validate=False)), "text/plain": f"<{title}>"}

    def refresh(self) -> None:
        """Redraw the figure (replaces this output's content)."""
        self.outputs = ({"output_type": "display_data", "data": self.bundle(), "metadata": {}},)
