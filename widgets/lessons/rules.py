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

from mandalakit.core.messages import _
from mandalakit.core.rulebook import rule_text, rule_title, rules

from mandalakit.widgets.play.log import rule_tag as tag_html

__all__ = ["all_rules", "rule_html", "rule_tag", "rule_tags", "rules_html"]

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


def rules_html(*ids: str, language: str | None = None) -> HTML:
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
    for section, members in groups:
        title = escape(rule_title(section, language))
        # the ids as tags after the words, never in a heading or a sentence (issue 30)
        items = "".join(f"<li>{rule_html(r, language)} {tag_html(r, language)}</li>" for r in members)
        blocks.append(f'<div class="mk-rules"><b>{title}</b> {tag_html(section, language)}'
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
