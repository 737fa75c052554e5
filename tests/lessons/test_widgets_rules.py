"""Rules quoted in a lesson (widgets/lessons/rules.py): every rule of a section, under its id, as the package holds it."""

import re

import pytest

from mandalakit.core.errors import RulesError
from mandalakit.core.rulebook import rules, sections
from mandalakit.widgets.lessons.rules import rules_html


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
