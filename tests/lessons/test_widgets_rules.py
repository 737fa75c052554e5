"""Rules quoted in a lesson (widgets/lessons/rules.py): every rule of a section, under its id, as the package holds it."""

import json
import re
from pathlib import Path

import pytest

from mandalakit.core.errors import RulesError
from mandalakit.core.rulebook import rules, sections
from mandalakit.widgets.lessons.rules import rules_html, rules_page


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
def test_a_section_quotes_each_of_its_rules_under_its_id(game):
    for section in sections(game):
        html = rules_html(section).data
        ids = re.findall(r"<li>(?:(?!</li>).)*?<summary aria-label=\"Rule ([A-Z]-[\d.]+):", html)  # each item's tag
        assert ids == list(rules(section))
        assert "**" not in html and "`" not in html  # inline Markdown became HTML


def test_inline_markdown_becomes_html_and_other_text_is_escaped(monkeypatch):
    html = rules_html("O-1.1", "O-3.4").data
    assert "<b>blue</b> (water)" in html
    # a single rule is shown under its section, its heading's id a tag beside it
    assert '<b>Components</b> <details class="mk-rule" title="Rule O-1: Components"' in html
    assert '<b>Scoring (end of each round' in html and 'title="Rule O-3: Scoring' in html
    import mandalakit.widgets.lessons.rules as module

    monkeypatch.setattr(module, "rule_text", lambda rid, language: "k < 3 & **k** > `1` <script>")
    assert "<li>k &lt; 3 &amp; <b>k</b> &gt; <code>1</code> &lt;script&gt; <details" in module.rules_html("O-3").data


def test_unknown_ids_are_refused_as_the_rulebook_refuses_them():
    with pytest.raises(RulesError, match="O-9"):
        rules_html("O-9")


# ----- the rules page every tag links to (notebooks/rules.ipynb) ---------------------------------
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LINK = re.compile(r'<a href="(?P<page>[^"#]*)#(?P<id>[^"]+)" target="_blank" rel="noopener"[^>]*>')


def _anchors(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_a_refused_move_on_the_table_links_its_rule_to_the_rule_on_the_rules_page_beside_it():
    from mandalakit import get_game
    from mandalakit.widgets import GameView

    # both seats hold black: seat 0 puts it in mountain A, seat 1 tries its own field of A (M-3.1)
    seed = next(s for s in range(50) if all(get_game("mandala").new_game(2, seed=s).hands[p][0] for p in (0, 1)))
    view = GameView("mandala", seats=["you", "you"], seed=seed)
    view.uncover()
    assert view.play_text("mountain A black") is True
    view.uncover()
    assert view.play_text("field A black 1") is False
    refusal = view.message.value
    assert "Not allowed" in refusal and ">M-3.1</summary>" in refusal
    # one link, in the tag (the rule's words it opens), not in the sentence, to a page beside this one
    assert [(m["page"], m["id"]) for m in LINK.finditer(refusal)] == [("rules.ipynb", "M-3.1")]
    assert refusal.index(">M-3.1</summary>") < refusal.index('href="rules.ipynb#M-3.1"')
    # that page is beside every pupils' page, in every language's folder, and holds the anchor
    for folder in (NOTEBOOKS, NOTEBOOKS / "fr", NOTEBOOKS / "pt"):
        cells = json.loads((folder / "rules.ipynb").read_text(encoding="utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert any("rules_page()" in c for c in code), folder
    assert "M-3.1" in _anchors(rules_page().data)


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
def test_the_rules_page_has_an_anchor_for_every_section_and_rule_and_its_tags_link_to_them(language):
    html = rules_page(language).data
    expected = {r for game in ("ohanami", "mandala", "flowers")
                for section in sections(game, language) for r in (section, *rules(section, language))}
    assert len(expected) == 88  # the three games: 18 sections, 70 rules
    assert expected <= _anchors(html)
    # on the page itself a tag's words lead to its own anchor, in the same tab
    links = set(re.findall(r'<a href="#([^"]+)"[^>]*>', html))
    games = {"ohanami", "mandala", "flowers"}  # the page's first line: each game's part of the page
    assert links == expected | games and games <= _anchors(html) and not LINK.search(html)


def test_a_lesson_tag_links_to_the_rules_page_and_an_unknown_id_is_a_bare_tag():
    links = [(m["page"], m["id"]) for m in LINK.finditer(rules_html("O-2.4").data)]
    assert links == [("rules.ipynb", "O-2"), ("rules.ipynb", "O-2.4")]  # the section's tag, the rule's
    from mandalakit.widgets.play.log import rule_tag

    assert "<a " not in rule_tag("O-99.1") and ">O-99.1</span>" in rule_tag("O-99.1")
