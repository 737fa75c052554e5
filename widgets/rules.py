"""The rules of record in a lesson: sections and rules quoted from the package, as HTML.

A lesson quotes its rules from :mod:`mandalakit.core.rulebook` (the texts the engine's
refusals name), so the page and the engine cannot drift apart.

>>> html = rules_html("O-3.4")
>>> html.startswith('<div class="mk-rules">') and "<code>sakura_cap</code>" in html
True
"""

from __future__ import annotations

import re
from html import escape

from mandalakit.core.rulebook import rule_text, rule_title, rules

__all__ = ["rules_html"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")


def _inline(text: str) -> str:
    """A rule's inline Markdown (``**term**``, backquotes) as HTML; everything else escaped."""
    return _CODE.sub(r"<code>\1</code>", _BOLD.sub(r"<b>\1</b>", escape(text, quote=False)))


def rules_html(*ids: str, language: str = "en") -> str:
    """Rules of record as HTML: each section's title, then a list of its rules, each after its id.

    Parameters
    ----------
    *ids : str
        Section ids (``"O-2"``: the section's title, then each of its rules) or rule ids
        (``"O-3.4"``), in the order to show them.
    language : str
        Language of the texts (:func:`mandalakit.rule_text`).

    Returns
    -------
    str
        ``<div class="mk-rules">``: per section id, a paragraph with the id and title and a
        ``<ul>`` with one ``<li>`` per rule (its id in bold, then its text); a rule id alone
        is an ``<li>`` that also names its section.

    Raises
    ------
    RulesError
        For an id the rules texts do not hold.
    """
    parts = []
    for rid in ids:
        if "." in rid:
            parts.append(f"<ul><li><b>{escape(rid)}</b> ({_inline(rule_title(rid, language))}) "
                         f"{_inline(rule_text(rid, language))}</li></ul>")
            continue
        items = "".join(f"<li><b>{escape(r)}</b> {_inline(rule_text(r, language))}</li>" for r in rules(rid, language))
        parts.append(f'<p class="mk-rules-section"><b>{escape(rid)} {_inline(rule_text(rid, language))}</b></p>'
                     f"<ul>{items}</ul>")
    return '<div class="mk-rules">' + "".join(parts) + "</div>"
