"""The notebooks as files: committed without outputs, and the landing page links every other one."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
#: The pages of the other languages (notebooks/fr, notebooks/pt), each made from the English one (test_pages).
FRENCH = sorted((NOTEBOOKS / "fr").glob("*.ipynb")) + sorted((NOTEBOOKS / "pt").glob("*.ipynb"))
# A Markdown list item that is a link to a notebook, then the sentence about it.
LINK = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<href>[^)]+)\):(?P<sentence>.*?)(?=^- |^\s*$|\Z)", re.M | re.S)


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", ALL + FRENCH, ids=[p.relative_to(NOTEBOOKS).as_posix() for p in ALL + FRENCH])
def test_notebooks_are_committed_stripped(path):
    for cell in cells(path):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, f"{path.name}: run nbstripout"
        assert not cell.get("metadata", {}).get("widgets"), f"{path.name}: widget state committed"
    assert "widgets" not in json.loads(path.read_text(encoding="utf-8"))["metadata"]


def test_nbstripout_would_change_no_notebook():
    """The git filter of .gitattributes (nbstripout) leaves every page as committed: the pages of
    the other languages are written in its layout (cell ids, key order) by ``make messages``."""
    run = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", *map(str, ALL + FRENCH)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_landing_page_links_every_notebook_with_a_sentence():
    text = "\n".join("".join(c["source"]) for c in cells(NOTEBOOKS / "index.ipynb") if c["cell_type"] == "markdown")
    links = {m["href"]: m["sentence"].strip() for m in LINK.finditer(text)}
    # Relative names only: Voila resolves them under /voila/render/ (make demo) and
    # /voila/render/notebooks/ (Binder), JupyterLab beside the landing page.
    assert all(re.fullmatch(r"[a-z-]+\.ipynb", href) for href in links), links
    # every page but the teacher's class page, which make demo prints with its token (docs/teachers.md);
    # the guided first games stand together in one line ("First game with a guide: Ohanami, ...")
    assert {p.name for p in ALL if p.name not in ("index.ipynb", "class.ipynb")} <= \
        set(links) | markdown_links(NOTEBOOKS / "index.ipynb")
    assert {f"guide-{game}.ipynb" for game in ("ohanami", "mandala", "flowers")} <= markdown_links(NOTEBOOKS / "index.ipynb")
    assert {"ohanami.ipynb", "mandala.ipynb", "flowers.ipynb"} <= set(links)  # every lesson
    assert {f"play-{game}.ipynb" for game in ("ohanami", "mandala", "flowers")} <= set(links)
    for href, sentence in links.items():
        assert sentence.endswith(".") and len(sentence.split()) >= 6, (href, sentence)


def markdown_links(path: Path) -> set[str]:
    text = "\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")
    return set(re.findall(r"\]\(([^)\s]+\.ipynb)\)", text))


def test_the_landing_pages_link_each_other_and_the_french_one_links_every_french_notebook():
    assert {"fr/index.ipynb", "pt/index.ipynb"} <= markdown_links(NOTEBOOKS / "index.ipynb")
    links = markdown_links(NOTEBOOKS / "fr" / "index.ipynb")
    # Relative links, as the English page's: Voila resolves fr/x.ipynb and ../x.ipynb under /voila/render/.
    assert all(re.fullmatch(r"(\.\./(pt/)?)?[a-z-]+\.ipynb", href) for href in links), links
    assert {"ohanami.ipynb", "mandala.ipynb", "flowers.ipynb", "../index.ipynb", "../pt/index.ipynb"} <= links
    assert {f"play-{game}.ipynb" for game in ("ohanami", "mandala", "flowers")} <= links  # the French dashboards
    for href in links:
        assert (NOTEBOOKS / "fr" / href).resolve().is_file(), href


def test_the_portuguese_landing_page_links_the_english_and_french_ones_and_its_own_notebooks():
    """Issue 31: each landing page links the two other languages."""
    links = markdown_links(NOTEBOOKS / "pt" / "index.ipynb")
    assert all(re.fullmatch(r"(\.\./(fr/)?)?[a-z-]+\.ipynb", href) for href in links), links
    assert {"ohanami.ipynb", "mandala.ipynb", "flowers.ipynb", "../index.ipynb", "../fr/index.ipynb"} <= links
    assert {f"play-{game}.ipynb" for game in ("ohanami", "mandala", "flowers")} <= links
    for href in links:
        assert (NOTEBOOKS / "pt" / href).resolve().is_file(), href


@pytest.mark.parametrize("path", FRENCH, ids=[p.relative_to(NOTEBOOKS).as_posix() for p in FRENCH])
def test_a_translated_page_has_the_cells_of_the_english_one_and_sets_the_language_first(path):
    english = cells(NOTEBOOKS / path.name)
    french = cells(path)
    assert [c["cell_type"] for c in french] == [c["cell_type"] for c in english]
    code = ["".join(c["source"]) for c in french if c["cell_type"] == "code"]
    assert f'set_language("{path.parent.name}")' in code[0]
    seeds = [re.findall(r"^SEED = \d+", "".join(c["source"]), re.M) for c in english + french]
    assert [s for s in seeds[: len(english)] if s] == [s for s in seeds[len(english):] if s]


#: A section an exercise sends the pupil to: its title in italics, e.g. <i>Try it: the rule of colour</i>.
NAMED_SECTION = re.compile(r"<i>((?:Try it|Essayez)[^<]*)</i>")


LESSONS = [NOTEBOOKS / f"{lang}{name}.ipynb" for lang in ("", "fr/", "pt/") for name in ("ohanami", "mandala", "flowers")]


@pytest.mark.parametrize("path", LESSONS, ids=[p.relative_to(NOTEBOOKS).as_posix() for p in LESSONS])
def test_an_exercise_names_the_section_it_sends_to_by_the_start_of_one_title(path):
    """An exercise that sends the pupil to a *Try it* section names it by words that start the title of
    exactly one section (French: « Dans la position de la section <i>Essayez : la règle de la couleur</i> »,
    not « Dans la position de <i>Essayez</i> »)."""
    titles = [line.lstrip("#").strip() for c in cells(path) if c["cell_type"] == "markdown"
              for line in "".join(c["source"]).splitlines() if line.startswith("#")]
    code = "\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "code")
    for name in NAMED_SECTION.findall(code):
        assert len([t for t in titles if t.startswith(name)]) == 1, (name, titles)
