"""The teacher's guide shown as a page of the dashboards, printable.

The guide is a Markdown file under ``docs/`` (``docs/teachers.md``, ``docs/fr/enseignants.md``);
the page ``notebooks/teachers.ipynb`` shows it with :func:`guide`, so a teacher reads it in the
same server as the lessons. The print stylesheet (:data:`PRINT_CSS`) hides Voila's chrome and
starts each worksheet on a new sheet: the browser's *Print* gives the worksheets on paper.

>>> from pathlib import Path
>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "guide.md"
>>> _ = path.write_text("# Guide\\n\\nHello.", encoding="utf-8")
>>> "# Guide" in guide(path).data         # shows the print stylesheet first
<IPython.core.display.HTML object>
True
"""

from __future__ import annotations

from pathlib import Path

from IPython.display import HTML, Markdown, display

__all__ = ["PRINT_CSS", "guide", "print_style"]

#: Printing a lesson or the guide: no page chrome, no buttons, boards kept whole, a worksheet
#: (a heading of class ``mk-worksheet`` or a level-2 heading that starts with "Worksheet")
#: on a new sheet.
PRINT_CSS = """<style>
@media print {
  @page { margin: 15mm; }
  html, body, .lm-Widget, .lm-Panel, #rendered_cells { position: static !important; overflow: visible !important;
    height: auto !important; max-height: none !important; contain: none !important; }
  .jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, button, .widget-button, .mk-no-print { display: none !important; }
  svg, table, .mk-exercise, figure { break-inside: avoid; }
  h2 { break-after: avoid; }
  h2[id^="Worksheet"], h2[id^="Fiche"], .mk-worksheet { break-before: page; }
  a { color: inherit; text-decoration: none; }
}
</style>"""


def print_style() -> HTML:
    """The print stylesheet, for a page that pupils or teachers may print."""
    return HTML(PRINT_CSS)


def guide(path: str | Path) -> Markdown:
    """The Markdown file at ``path`` (UTF-8) as a page, with the print stylesheet shown first.

    Raises ``FileNotFoundError`` when the file is missing.
    """
    text = Path(path).read_text(encoding="utf-8")
    display(print_style())
    return Markdown(text)
