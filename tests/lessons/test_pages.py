"""One source per page: notebooks/<language>/X.ipynb is what mandalakit.widgets.lessons.translate
makes of notebooks/X.ipynb and the lesson catalogue, every language has the same exercises,
questions and pictures, and every word of a page has a translation (the pseudo-language test)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mandalakit.core.messages import LANGUAGES
from mandalakit.widgets.lessons import translate
from mandalakit.widgets.lessons.pagetext import code_slots

ROOT = Path(__file__).resolve().parents[2]
PAGES = translate.pages(ROOT)
TRANSLATED = LANGUAGES[1:]
LOCALE = ROOT / "mandalakit" / "locale"
#: Pages a pupil reads (the teacher's guide and class page are the teacher's).
PUPIL_PAGES = [name for name in PAGES if name not in ("teachers.ipynb", "class.ipynb")]


def words(language: str) -> dict[str, str]:
    return translate.translations(LOCALE / language / "LC_MESSAGES" / f"{translate.DOMAIN}.po")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", PAGES)
def test_a_translated_page_is_made_from_its_source_and_the_catalogue(name, language):
    made = translate.dumps(translate.translated(name, PAGES[name], language, words(language), PAGES))
    path = ROOT / "notebooks" / language / name
    assert path.is_file() and path.read_text(encoding="utf-8") == made, \
        f"notebooks/{language}/{name} is out of date: run make messages (never edit it by hand)"


def test_the_catalogues_hold_every_message_of_every_page():
    from babel.messages.pofile import read_po

    with (LOCALE / f"{translate.DOMAIN}.pot").open("rb") as file:
        template = {m.id for m in read_po(file) if m.id}
    extracted = {text for name, notebook in PAGES.items() for text, _n, _w in translate.extract(name, notebook)}
    assert template == extracted, "run make messages"


def _calls(source: str) -> list[str]:
    """What a code cell shows, without its words: each call of the page's code with its
    arguments, the string literals that are words left out (positions, seeds, moves, ids stay)."""
    spans = {(s.start, s.end) for s in code_slots(source) if s.kind in ("string", "fstring")}
    tree = ast.parse(source)
    lines = source.splitlines()

    def at(node):
        return ((node.lineno - 1, len(lines[node.lineno - 1].encode()[:node.col_offset].decode())),
                (node.end_lineno - 1, len(lines[node.end_lineno - 1].encode()[:node.end_col_offset].decode())))

    class Words(ast.NodeTransformer):
        def visit_Constant(self, node):
            return ast.Constant("…") if isinstance(node.value, str) and at(node) in spans else node

        def visit_JoinedStr(self, node):
            return ast.Constant("…") if at(node) in spans else node

    tree = Words().visit(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            text = ast.unparse(node)
            if "set_language" not in text:
                out.append(re.sub(r"'(fr|pt)/([a-z-]+)'", r"'\2'", text).replace("'../../", "'../"))
    return out


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", PAGES)
def test_every_language_has_the_same_exercises_questions_and_pictures(name, language):
    """Parity by id: the cells (by their ids) and, in each code cell, the calls with their
    positions, seeds, moves and targets are those of the English page; only the words differ."""
    english = PAGES[name]["cells"]
    other = translate.load(ROOT / "notebooks" / language / name)["cells"]
    assert [c.get("id") for c in other] == [c.get("id") for c in english]
    for mine, theirs in zip(english, other):
        if mine["cell_type"] == "code":
            assert _calls("".join(theirs["source"])) == _calls("".join(mine["source"])), (name, mine.get("id"))


#: Letters and their accented pseudo-language forms.
_ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "àéîõüýçñÀÉÎÕÜÝÇÑ")
#: What a translation keeps as it is: fields, markup, links' targets, formulas, code, rule ids.
_KEPT = re.compile(r"\{[^{}]*\}|<[^>]*>|\]\([^)]*\)|\$[^$]*\$|`[^`]*`|[A-Z]-\d+(?:\.\d+)?|&\w+;|\*\*|\\n")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: every letter accented outside what a translation keeps,
    and one third longer (``~`` at the end), as a longer language would be."""
    pieces, at = [], 0
    for kept in _KEPT.finditer(text):
        pieces += [text[at:kept.start()].translate(_ACCENTS), kept.group()]
        at = kept.end()
    pieces.append(text[at:].translate(_ACCENTS))
    return "".join(pieces) + "~" * (len(text) // 3)


def _page_texts(notebook: dict) -> list[tuple[str, str]]:
    """``(where, text)`` for every text of a page a pupil reads: Markdown paragraphs and the
    words of the code cells (a comment is the teacher's, not the pupil's)."""
    out = []
    for number, cell in enumerate(notebook["cells"], 1):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            out += [(f"cell {number}", p) for p, _g in translate.paragraphs(source) if translate._words(p)]
        elif cell["cell_type"] == "code":
            out += [(f"cell {number}, {s.where}", s.text) for s in code_slots(source)
                    if s.kind in ("string", "fstring") and translate._words(s.text)]
    return out


def _untranslated(name: str, language: str, catalogue: dict[str, str]) -> list[str]:
    page = translate.translated(name, PAGES[name], language, catalogue, PAGES)
    english = {text for _where, text in _page_texts(PAGES[name])}
    return [f"notebooks/{language}/{name}, {where}: {text[:70]!r}"
            for where, text in _page_texts(page) if text in english and catalogue.get(text) != text]


@pytest.mark.parametrize("name", PUPIL_PAGES)
def test_in_the_pseudo_language_no_word_of_a_page_stays_english(name):
    """Every message of the catalogue transformed: a text that comes out unchanged on the page is
    a string the catalogue does not hold (the test names its page and cell)."""
    from babel.messages.pofile import read_po

    with (LOCALE / f"{translate.DOMAIN}.pot").open("rb") as file:
        catalogue = {m.id: pseudo(m.id) for m in read_po(file) if m.id}
    assert _untranslated(name, "xx", catalogue) == []


def test_the_pseudo_language_keeps_fields_markup_and_rule_ids():
    assert pseudo("<b>1. Round {n}.</b> See O-2.1") == "<b>1. Rõüñd {n}.</b> Séé O-2.1" + "~" * 10


def test_the_check_names_the_page_and_cell_of_a_word_left_out():
    catalogue = {text: pseudo(text) for text, _n, _w in translate.extract("ohanami.ipynb", PAGES["ohanami.ipynb"])}
    del catalogue["Pink cards count together, over all your rows."]
    assert _untranslated("ohanami.ipynb", "xx", catalogue) == [
        "notebooks/xx/ohanami.ipynb, cell 19, Exercise: hint: 'Pink cards count together, over all your rows.'"]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", PUPIL_PAGES)
def test_every_word_of_a_page_is_translated(name, language):
    """The same check for each language against English: an empty or fuzzy entry of its
    lessons.po leaves English words on its page. (Portuguese: until its catalogue is filled.)"""
    assert _untranslated(name, language, words(language)) == []

