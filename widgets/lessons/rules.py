"""The rules of record quoted in a lesson: sections and rules by id, as HTML.

A lesson quotes the rules from the texts in the package (:mod:`mandalakit.core.rulebook`),
never copied by hand, so the page says what the engine and its refusals say.

>>> from mandalakit.widgets.lessons.rules import rules_html
>>> html = rules_html("M-3").data
>>> "<b>Rule of colour</b>" in html and ">M-3.1</summary>" in html and "<b>own</b>" in html
True
>>> rules_html("M-7.3", "M-7.4").data.count("<b>End of the game</b>")
1
>>> from mandalakit import language
>>> with language("fr"):
...     "<b>Règle de la couleur</b>" in rules_html("M-3").data
True

The page of every rule, ``notebooks/rules.ipynb``, is :func:`rules_page`: each section and rule
has its id as anchor, and every rule tag of the pupils' pages links there (``rules.ipynb#M-4.4``).

A lesson shows a rule as a small tag, its text on hover, and the rules of record folded away:

>>> rule_tags("O-2.4").data.startswith('<details class="mk-rule" title="Rule O-2.4: Rows: at most 3')
True
>>> "<summary>All the rules</summary>" in all_rules("O-1", "O-2").data
True
"""

from __future__ import annotations

import re
from html import escape

from IPython.display import HTML

from mandalakit.core.messages import _, get_language, language as in_language
from mandalakit.core.registry import GAMES, get_game
from mandalakit.core.rulebook import rule_text, rule_title, rules, sections

from mandalakit.widgets.play.log import RULES_PAGE
from mandalakit.widgets.play.log import rule_tag as tag_html

__all__ = ["all_rules", "rule_html", "rule_tag", "rule_tags", "rules_html", "rules_page"]

#: A rule id as a small grey tag; its text shows on hover (the title) and is read by screen readers.
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`(.+?)`")


def rule_html(rule: str, language: str | None = None) -> str:
    """One rule's text as HTML: its inline Markdown (``**term**``, backquotes) made bold and code,
    in ``language`` (default: the language in force, :func:`mandalakit.set_language`).

    Raises :class:`~mandalakit.core.errors.RulesError` for an unknown id (see ``rule_text``).
    """
    text = escape(rule_text(rule, language))
    return _CODE.sub(r"<code>\1</code>", _BOLD.sub(r"<b>\1</b>", text))


def rules_html(*ids: str, language: str | None = None, anchors: bool = False) -> HTML:
    """Sections (``"M-3"``: its title and every rule) and single rules (``"M-7.4"``), quoted
    with their ids, ready to display at the end of a notebook cell.

    Parameters
    ----------
    *ids : str
        Section or rule ids, in the order they are shown; a rule is shown under its
        section's title, once for consecutive rules of one section.
    language : str, optional
        Language of the rules texts: ``"en"`` (the rules of record) or ``"fr"``; by default
        the language in force (:func:`mandalakit.set_language`).
    anchors : bool, optional
        Give each section and rule its id as HTML anchor (``id="M-4.4"``), its tags linking to
        this page: the rules page (:func:`rules_page`). Without, the tags link to that page.

    Returns
    -------
    IPython.display.HTML
        Its ``.data`` is the HTML text.

    Raises
    ------
    RulesError
        For an id that no rules text holds.
    """
    groups: list[tuple[str, list[str]]] = []  # (section, its rules shown), consecutive ids merged
    for rid in ids:
        is_section = "." not in rid
        section = rid if is_section else rid.rpartition(".")[0]
        members = list(rules(rid, language)) if is_section else [rid]
        if groups and groups[-1][0] == section:
            groups[-1][1].extend(r for r in members if r not in groups[-1][1])
        else:
            groups.append((section, members))
    blocks = []
    page = "" if anchors else RULES_PAGE

    def anchor(rid: str) -> str:
        return f' id="{escape(rid)}"' if anchors else ""

    for section, members in groups:
        title = escape(rule_title(section, language))
        # the ids as tags after the words, never in a heading or a sentence (issue 30)
        items = "".join(f"<li{anchor(r)}>{rule_html(r, language)} {tag_html(r, language, page)}</li>" for r in members)
        blocks.append(f'<div class="mk-rules"{anchor(section)}><b>{title}</b> {tag_html(section, language, page)}'
                      f'<ul style="margin-top:0.2em">{items}</ul></div>')
    return HTML("".join(blocks))


def rule_tag(rule: str, language: str | None = None) -> str:
    """One rule id as a small tag (HTML): the rule's text on hover (``title``) and, at a click or
    a tap, under the tag (:func:`mandalakit.widgets.play.log.rule_tag`); a section id (``"O-3"``)
    shows the section's title. Raises ``RulesError`` for an unknown id."""
    rule_text(rule, language)  # an unknown id is an error here: lessons name their rules in code
    return tag_html(rule, language)


def rule_tags(*ids: str, language: str | None = None) -> HTML:
    """Rule ids as small tags, in the order given (see :func:`rule_tag`)."""
    return HTML(" ".join(rule_tag(rid, language) for rid in ids))


def all_rules(*ids: str, language: str | None = None) -> HTML:
    """The rules of record of ``ids`` (as :func:`rules_html`) folded in a section "All the rules",
    closed until a pupil opens it: the lesson tells the rules step by step, the full text is one
    click away."""
    summary = escape(_("All the rules"))
    return HTML(f'<details class="mk-all-rules"><summary>{summary}</summary>'
                f"{rules_html(*ids, language=language).data}</details>")


def rules_page(language: str | None = None) -> HTML:
    """Every rule of the three games, each section and rule with its id as anchor: the page
    ``notebooks/rules.ipynb`` (:data:`~mandalakit.widgets.play.log.RULES_PAGE`) that every rule tag
    of the pupils' pages links to (``rules.ipynb#M-4.4``), served by Voilà as any other page.

    >>> page = rules_page().data
    >>> '<li id="M-4.4">' in page and '<div class="mk-rules" id="O-3">' in page and '<h2 id="flowers">' in page
    True
    """
    with in_language(language or get_language()):  # the tags' words too, not only the rules'
        parts = [(spec.name, escape(_(spec.title))) for spec in map(get_game, GAMES)]
        # the games' names first, each a link to its part of the page
        to_games = " · ".join(f'<a href="#{name}"><b>{title}</b></a>' for name, title in parts)
        return HTML(_TO_THE_RULE + f'<p class="mk-rules-games">{to_games}</p>'
                    + "".join(f'<h2 id="{name}">{title}</h2>'
                              + rules_html(*sections(name, language), language=language, anchors=True).data
                              for name, title in parts))


#: The rules page's own look and move: the rule a link names (``rules.ipynb#M-4.4``) is marked
#: and scrolled to. A browser scrolls to an anchor as a page loads, and Voilà lays out its cells
#: after that, so the page scrolls itself until the rule has stayed in view for three looks
#: (200 ms apart, 30 s at most).
_TO_THE_RULE = """<style>
.mk-rule-here { background: #fff8d6; outline: 2px solid #e0b000; outline-offset: -2px; }
</style><script>(() => {
  const id = decodeURIComponent(location.hash.slice(1)), until = Date.now() + 30000;
  let seen = 0;
  const look = () => {
    const rule = id && document.getElementById(id), box = rule && rule.getBoundingClientRect();
    if (box && box.height) {
      rule.classList.add("mk-rule-here");
      if (box.top >= 0 && box.bottom <= innerHeight) seen += 1;
      else { seen = 0; rule.scrollIntoView({block: "center"}); }
    }
    if (id && seen < 3 && Date.now() < until) setTimeout(look, 200);
  };
  look();
})();</script>"""
