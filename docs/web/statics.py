"""The notebooks as the site shows them: run once at build time, every widget drawn as plain HTML.

The notebooks are committed without outputs, so the site runs each one (nbclient, this Python's
kernel, the notebook's folder as working directory) and keeps the outputs. A lesson's widgets
need a kernel to live; on the site they are drawn as they stand when the notebook has run, with
no script: a board is its SVG, a chart is drawn by the site's own copy of plotly.js, a question
shows its text and a field nobody can type in, a button is greyed. The page says where to run the
lesson for real (the "run this lesson" box, :mod:`hooks`).

Run alone to try one notebook: ``python docs/web/statics.py notebooks/ohanami.ipynb out.html``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from html import escape
from pathlib import Path

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
#: A chart's figure waits in this element for the site's plotly.js (docs/web/charts.js).
CHART = '<div class="mk-site-chart" data-spec="{spec}"></div>'
_REF = re.compile(r"^IPY_MODEL_(\w+)$")


def execute(source: Path, timeout: int = 600):
    """``source`` run top to bottom in a fresh kernel (its folder the working directory), its
    widgets' state kept; raises nbclient's CellExecutionError if a cell raises."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(source, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(source.parent)}}).execute()
    return nb


def staticize(nb) -> None:
    """Replace every widget output of ``nb`` by its HTML drawing (:class:`Drawer`) and drop the
    widgets' state, so that the page needs no widget manager (nor a CDN to fetch one)."""
    widgets = nb.metadata.pop("widgets", {})
    drawer = Drawer(widgets.get(STATE, {}).get("state", {}))
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if VIEW in data:
                html = drawer.model(data[VIEW]["model_id"])
                output["data"] = {"text/html": html} if html else {"text/plain": ""}
        if cell.cell_type == "code" and cell.get("outputs"):
            # an output of nothing (a widget that shows nothing here) leaves no empty box
            cell["outputs"] = [o for o in cell["outputs"] if o.get("data") != {"text/plain": ""}]


class Drawer:
    """Widgets' models (ipywidgets' saved state) drawn as static HTML."""

    #: The kit's anywidgets drawn here, by class name (an ``_anywidget_id``'s last part).
    KIT = ("BoardView", "FigureView", "Exercise", "PupilName", "_Ticker")

    def __init__(self, state: dict):
        self.state = state

    def model(self, model_id: str) -> str:
        found = self.state.get(model_id)
        if found is None:
            return ""
        state = found["state"]
        layout = self._layout(state)
        if layout.get("display") == "none" or layout.get("visibility") == "hidden":
            return ""
        name = found["model_name"]
        key = state.get("_anywidget_id", name).rpartition(".")[2]
        method = getattr(self, key, None) if key.endswith("Model") or key in self.KIT else None
        html = method(state) if method else self._fallback(name, state)
        classes = " ".join(["mk-site-widget", *state.get("_dom_classes", [])])
        return f'<div class="{escape(classes)}">{html}</div>' if html else ""

    def _layout(self, state: dict) -> dict:
        ref = _REF.match(str(state.get("layout", "")))
        return self.state.get(ref[1], {}).get("state", {}) if ref else {}

    def _children(self, state: dict) -> list[str]:
        out = []
        for child in state.get("children", []):
            ref = _REF.match(str(child))
            if ref:
                html = self.model(ref[1])
                if html:
                    out.append(html)
        return out

    @staticmethod
    def _label(state: dict) -> str:
        text = state.get("description", "")
        if not text:
            return ""
        return f'<span class="mk-site-label">{text if state.get("description_allow_html") else escape(text)}</span> '

    # boxes ------------------------------------------------------------------------------------
    def VBoxModel(self, state):
        return f'<div class="mk-site-vbox">{"".join(self._children(state))}</div>'

    def HBoxModel(self, state):
        return f'<div class="mk-site-hbox">{"".join(self._children(state))}</div>'

    BoxModel = HBoxModel
    GridBoxModel = HBoxModel

    def AccordionModel(self, state):
        titles = state.get("titles", [])
        parts = []
        for i, child in enumerate(self._children(state)):
            title = escape(titles[i]) if i < len(titles) and titles[i] else ""
            parts.append(f"<details><summary>{title}</summary>{child}</details>")
        return "".join(parts)

    def TabModel(self, state):
        titles = state.get("titles", [])
        return "".join(f"<h4>{escape(titles[i]) if i < len(titles) and titles[i] else ''}</h4>{c}"
                       for i, c in enumerate(self._children(state)))

    StackModel = TabModel

    def OutputModel(self, state):
        return "".join(self.output(o) for o in state.get("outputs", []))

    def output(self, output: dict) -> str:
        data = output.get("data", {})
        if VIEW in data:
            return self.model(data[VIEW]["model_id"])
        if "text/html" in data:
            return _text(data["text/html"])
        if "image/svg+xml" in data:
            return _text(data["image/svg+xml"])
        if "image/png" in data:
            return f'<img alt="" src="data:image/png;base64,{_text(data["image/png"]).strip()}">'
        if output.get("output_type") == "stream":
            return f"<pre>{escape(_text(output.get('text', '')))}</pre>"
        if "text/plain" in data:
            return f"<pre>{escape(_text(data['text/plain']))}</pre>"
        return ""

    # the words ---------------------------------------------------------------------------------
    def HTMLModel(self, state):
        return self._label(state) + state.get("value", "")

    HTMLMathModel = HTMLModel

    def LabelModel(self, state):
        return escape(state.get("value", ""))

    # controls, shown as they stand and greyed --------------------------------------------------
    def ButtonModel(self, state):
        return f'<button type="button" disabled>{escape(state.get("description", ""))}</button>'

    ToggleButtonModel = ButtonModel

    def _range(self, state):
        return (f'<label class="mk-site-slider">{self._label(state)}<input type="range" disabled '
                f'min="{state.get("min", 0)}" max="{state.get("max", 100)}" value="{state.get("value", 0)}"> '
                f'{escape(str(state.get("value", "")))}</label>')

    IntSliderModel = FloatSliderModel = _range

    def _text_field(self, state):
        value = escape(str(state.get("value", "")))
        placeholder = escape(state.get("placeholder", ""))
        return f'<label>{self._label(state)}<input type="text" disabled value="{value}" placeholder="{placeholder}"></label>'

    TextModel = TextareaModel = IntTextModel = FloatTextModel = BoundedIntTextModel = _text_field

    def CheckboxModel(self, state):
        checked = " checked" if state.get("value") else ""
        return f'<label><input type="checkbox" disabled{checked}> {escape(state.get("description", ""))}</label>'

    def _choices(self, state):
        labels = state.get("_options_labels", [])
        index = state.get("index")
        options = "".join(f'<option{" selected" if i == index else ""}>{escape(label)}</option>'
                          for i, label in enumerate(labels))
        return f"<label>{self._label(state)}<select disabled>{options}</select></label>"

    DropdownModel = SelectModel = RadioButtonsModel = _choices

    def ToggleButtonsModel(self, state):
        labels = state.get("_options_labels", [])
        index = state.get("index")
        buttons = "".join(f'<button type="button" disabled{" class=mk-site-on" if i == index else ""}>'
                          f"{escape(label)}</button>" for i, label in enumerate(labels))
        return f'{self._label(state)}<span class="mk-site-toggles">{buttons}</span>'

    # the kit's own widgets ---------------------------------------------------------------------
    def BoardView(self, state):
        return state.get("svg", "")

    def FigureView(self, state):
        return CHART.format(spec=escape(json.dumps(state.get("spec", {}), separators=(",", ":"))))

    def Exercise(self, state):
        labels = state.get("labels", {})
        if state.get("choices"):
            field = "".join(f'<label><input type="radio" disabled> {escape(str(c))}</label> '
                            for c in state["choices"])
        else:
            field = f'<input type="text" disabled placeholder="{escape(labels.get("placeholder", ""))}">'
        return (f'<div class="mk-site-exercise"><div>{state.get("question", "")}</div>{field} '
                f'<button type="button" disabled>{escape(labels.get("check", ""))}</button></div>')

    def PupilName(self, state):  # class mode only: asks a pupil's name
        return ""

    def _Ticker(self, state):  # the class page's timer: nothing to see
        return ""

    def _fallback(self, name: str, state: dict) -> str:
        if state.get("children"):
            return self.VBoxModel(state)
        if "value" in state and isinstance(state["value"], str):
            return escape(state["value"])
        return ""


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def sources_digest(root: Path) -> str:
    """One digest of everything a notebook's outputs depend on: the package's Python, its rules
    texts and message catalogues (a changed engine or sentence runs the notebooks again)."""
    digest = hashlib.sha256()
    for folder in ("mandalakit", "widgets", "datasets"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in {".py", ".md", ".po", ".csv", ".json", ".js"}:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def run(source: Path, target: Path) -> str:
    """Run ``source``, draw its widgets and write the result to ``target``; returns its path."""
    import nbformat

    nb = execute(source)
    staticize(nb)
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)
    return str(target)


if __name__ == "__main__":  # pragma: no cover - a helper for trying one notebook by hand
    import nbconvert

    nb = execute(Path(sys.argv[1]))
    staticize(nb)
    body, _resources = nbconvert.HTMLExporter().from_notebook_node(nb)
    Path(sys.argv[2]).write_text(body, encoding="utf-8")
