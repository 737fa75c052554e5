"""The words tests on the lessons' own words (mandalakit.widgets.lessons.pagetext), in every
language: "Player 1", never "seat 0" or "None"."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_pupil_words import FIELD, PROGRAMMERS

from mandalakit.core.messages import LANGUAGES
from mandalakit.widgets.lessons import translate
from mandalakit.widgets.lessons.pagetext import code_slots, paragraphs

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The pupils' pages: the teacher's, the class and the analysis page (for teachers and analysts: it
#: names the commands that made its tables and the bots' methods) are not read by pupils.
PAGES = [p.name for p in sorted(NOTEBOOKS.glob("*.ipynb"))
         if p.name not in ("teachers.ipynb", "class.ipynb", "analysis.ipynb")]


def texts(notebook: dict) -> list[tuple[int, str]]:
    out = []
    for number, cell in enumerate(notebook["cells"], 1):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            out += [(number, text) for text, _gap in paragraphs(source)]
        elif cell["cell_type"] == "code":
            out += [(number, s.text) for s in code_slots(source) if s.kind in ("string", "fstring")]
    return out


@pytest.mark.parametrize("name,code", [(n, c) for n in PAGES for c in LANGUAGES])
def test_a_page_has_no_programmers_words(name, code):
    page = translate.load(NOTEBOOKS / name if code == "en" else NOTEBOOKS / code / name)
    assert [(n, t) for n, t in texts(page) if PROGRAMMERS.search(FIELD.sub("", t))] == []


def test_the_scan_finds_programmers_words_in_a_page():
    page = {"cells": [{"cell_type": "code", "source": 'Exercise("Seat 0 plays.", 1, hint="None.")'}]}
    assert [t for _n, t in texts(page) if PROGRAMMERS.search(FIELD.sub("", t))] == ["Seat 0 plays.", "None."]
