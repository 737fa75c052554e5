"""Widgets a page no longer shows, closed so that no browser message reaches them.

A widget left out of a page's boxes still has its comm: a browser that knows its model id can
still send it messages (tests/_forge.py sends them). :func:`drop` takes widgets out of a page
and closes them; :func:`close_all` closes a widget with everything under it.

>>> import ipywidgets as W
>>> undo = W.Button(description="undo")
>>> page = W.VBox([W.HTML("board"), W.HBox([undo])])
>>> drop(page, [undo])
>>> len(page.children[1].children), undo.comm is None
(0, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import ipywidgets as W

__all__ = ["close_all", "drop"]


def close_all(widget: W.Widget, keep: Sequence[W.Widget] = ()) -> None:
    """Close ``widget`` and every widget under it (children, layouts, styles) but those in
    ``keep`` and theirs: a closed widget has no comm, so no message from a browser reaches it."""
    if any(widget is kept for kept in keep):
        return
    for name in widget.keys:
        value = getattr(widget, name, None)
        for child in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(child, W.Widget) and child.comm is not None:
                close_all(child, keep)
    widget.close()


def drop(root: W.Widget, widgets: Sequence[W.Widget]) -> None:
    """Take ``widgets`` out of every box under ``root`` and close them (:func:`close_all`)."""
    for box in list(_boxes(root)):
        box.children = tuple(w for w in box.children if all(w is not gone for gone in widgets))
    for widget in widgets:
        close_all(widget)


def _boxes(root: W.Widget) -> Iterator[W.Box]:
    if isinstance(root, W.Box):
        yield root
        for child in root.children:
            yield from _boxes(child)
