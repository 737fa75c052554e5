"""The rules of record quoted in a lesson: sections and rules by id, as HTML.

A lesson quotes the rules from the texts in the package (:mod:`mandalakit.core.rulebook`),
never copied by hand, so the page says what the engine and its refusals say.

>>> from mandalakit.widgets.rules import rules_html
>>> html = rules_html("M-3").data
>>> "<b>M-3 Rule of colour</b>" in html and "M-3.1" in html and "<b>own</b>" in html
True
>>> rules_html("M-7.3", "M-7.4").data.count("End of the game")
1
>>> from mandalakit import language
>>> with language("fr"):
...     "<b>M-3 Règle de la couleur</b>" in rules_html("M-3").data
True
"""

from __future__ import annotations

import re
from html import escape

from IPython.display import HTML

from mandalakit.core.rulebook import rule_text, rule_title, rules

__all__ = ["rule_html", "rules_html"]

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
        items = "".join(f"<li><b>{escape(r)}</b> {rule_html(r, language)}</li>" for r in members)
        blocks.append(f'<div class="mk-rules"><b>{escape(section)} {title}</b>'
                      f'<ul style="margin-top:0.2em">{items}</ul></div>')
    return HTML("".join(blocks))
