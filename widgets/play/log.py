"""What just happened, in words: the game table's log panel (:class:`EventLog`).

Every move and event of a game is told in one short sentence, newest first, in the page's
language; refusals, hints and notes go there too. A sentence may carry a rule id, shown as a
small tag whose text (the rule's own) appears on hover or keyboard focus.

A rule id never stands inside a sentence (issue 30): :func:`sentence_html` takes the ids out of
a sentence (the engine's "(M-5.4)", a catalogue's "(rule M-7.3)") and sets them after it as
tags, each a ``<details>`` whose summary is the id: a click or a tap opens the rule's text, a
hover shows it as the tag's title. The text opened links to the rule on the page of every rule
(:data:`RULES_PAGE`), in another tab.

Sentences come from each game's part (:meth:`GamePart.tell
<mandalakit.widgets.play.games.base.GamePart.tell>`), which reads the engine's positions before
and after a move, as the seat looking may know them.

>>> log = EventLog()
>>> log.add(Entry("You drew 3 cards.", rule="M-4.1"))
>>> log.latest.text
'You drew 3 cards.'
>>> "M-4.1" in log.value and "mk-rule" in log.value
True
>>> without_rule_ids("A picked colour goes on the leftmost space (M-5.4).")
('A picked colour goes on the leftmost space.', ['M-5.4'])
>>> without_rule_ids("Ann and Bob share the victory (rule M-7.3)")
('Ann and Bob share the victory', ['M-7.3'])
>>> without_rule_ids("Impossible (10 cards dealt a round, O-2.1).")
('Impossible (10 cards dealt a round).', ['O-2.1'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

import ipywidgets as W

from mandalakit.core.errors import RulesError
from mandalakit.core.messages import _
from mandalakit.core.rulebook import rule_text

__all__ = ["Entry", "EventLog", "RULE_ID", "RULES_PAGE", "rule_tag", "sentence_html", "without_rule_ids"]

#: A rule id of the three games (``M-4.1``, ``O-3``, ``F-3.6``).
RULE_ID = re.compile(r"\b[MFO]-\d+(?:\.\d+)*\b")
_ID = RULE_ID.pattern
#: Ids and the words that join them inside brackets: "(M-4.1 to M-4.3)", "(rule M-7.3)",
#: "(O-3.3, capped by O-3.4)", in English and French.
_JOINED = re.compile(rf"(?:\b(?:rules?|règles?)\s+)?{_ID}(?:\s*(?:,|to|à|and|et|or|ou|capped by|plafonnée? par)\s*{_ID})*",
                     re.IGNORECASE)
_BRACKETS = re.compile(r"\s*\(([^()]*)\)")

#: Sentences kept in the panel (a whole game is a few hundred; older ones are dropped).
KEEP = 400


@dataclass(frozen=True)
class Entry:
    """One line of the log.

    Attributes
    ----------
    text : str
        The sentence (plain text).
    rule : str
        The rule id it follows, or ``""``.
    kind : str
        ``"event"`` (a move or what followed it), ``"refusal"``, ``"hint"`` or ``"note"``:
        a CSS class ``mk-log-<kind>``.
    html : str
        Extra HTML under the sentence (a refusal's rule text), or ``""``.
    """

    text: str
    rule: str = ""
    kind: str = "event"
    html: str = ""

    def body_html(self) -> str:
        """The sentence, its rule tags (:func:`sentence_html`) and extra HTML."""
        return f"{sentence_html(self.text, [self.rule])}{self.html}"

    def to_html(self) -> str:
        return f'<li class="mk-log-{self.kind}">{self.body_html()}</li>'


def without_rule_ids(text: str) -> tuple[str, list[str]]:
    """``text`` without the rule ids in its brackets, and those ids in order (each once).

    A bracket that held only ids (and "rule", "to", ", ") goes; one with words keeps them.
    Ids outside brackets stay: a sentence is written with its ids in brackets.
    """
    found: list[str] = []

    def drop(match: re.Match) -> str:
        inside = match.group(1)
        ids = RULE_ID.findall(inside)
        if not ids:
            return match.group(0)
        found.extend(i for i in ids if i not in found)
        rest = _JOINED.sub("", inside).strip(" ,;:")
        return f" ({rest})" if rest else ""

    return _BRACKETS.sub(drop, text), found


#: A tag's looks, inline so that a tag reads the same on any page (a lesson, a play view).
TAG_STYLE = ("display:inline-block;position:relative;font-size:11px;font-weight:normal;padding:0 4px;margin-left:2px;"
             "border:1px solid #767676;border-radius:6px;color:#333333;background:#ffffff;cursor:help;"
             "white-space:nowrap;vertical-align:baseline")
#: The rule's text a click or a tap opens under its tag.
OPEN_STYLE = ("display:block;position:absolute;left:0;top:1.6em;z-index:30;width:22em;max-width:80vw;font-size:13px;"
              "line-height:1.35;padding:4px 6px;border:1px solid #767676;border-radius:4px;background:#ffffff;"
              "color:#222222;box-shadow:0 2px 6px rgba(0,0,0,.25);white-space:normal;cursor:auto")
#: The rule's text is a link to the rule on the rules page: it looks like one on any page (a
#: dashboard's widgets give links their text's colour and no underline).
LINK_STYLE = "color:#00527a;text-decoration:underline"


#: The pupils' page of every rule, an anchor per id (``notebooks/rules.ipynb``, in each language's
#: folder): a tag links to it relatively, so the page beside the one showing the tag opens, in
#: Voilà (``/voila/render/fr/rules.ipynb``), on Binder and in JupyterLab alike.
RULES_PAGE = "rules.ipynb"


def rule_tag(rule: str, language: str | None = None, page: str = RULES_PAGE) -> str:
    """A small tag with ``rule``'s id: its text on hover (``title``), read aloud on focus, and
    shown under the tag by a click or a tap (a ``<details>``, no script); ``language`` (default:
    the one in force) of the text. The text shown links to the rule's anchor in ``page``
    (:data:`RULES_PAGE`, opened in another tab so that a game stays as it is; ``""``: this page).
    An id the rules texts do not hold is a bare tag.

    >>> tag = rule_tag("M-4.4")
    >>> 'href="rules.ipynb#M-4.4" target="_blank"' in tag and ">A player may never end a turn" in tag
    True
    >>> '<a href="#M-4.4" style=' in rule_tag("M-4.4", page="")
    True
    """
    try:
        text = " ".join(rule_text(rule, language).replace("**", "").replace("`", "").split())
    except RulesError:
        text = ""
    if not text:
        return f'<span class="mk-rule" title="{escape(rule)}" style="{TAG_STYLE}">{escape(rule)}</span>'
    title = escape(_("Rule {rule}: {text}", rule=rule, text=text))
    link = (f'<a href="{escape(page)}#{escape(rule)}" target="_blank" rel="noopener" style="{LINK_STYLE}">' if page
            else f'<a href="#{escape(rule)}" style="{LINK_STYLE}">')
    return (f'<details class="mk-rule" title="{title}" style="{TAG_STYLE}"><summary aria-label="{title}" '
            f'style="display:inline;list-style:none;cursor:pointer">{escape(rule)}</summary>'
            f'<span class="mk-rule-open" style="{OPEN_STYLE}">{link}{escape(text)}</a></span></details>')


def sentence_html(text: str, rules: Iterable[str] = ()) -> str:
    """``text`` escaped, without rule ids (:func:`without_rule_ids`), then the tags of those ids
    and of ``rules`` after it, apart from its words."""
    words, found = without_rule_ids(text)
    ids = [*found, *(r for r in rules if r and r not in found)]
    tags = "".join(f" {rule_tag(r)}" for r in ids)
    return f"{escape(words)}{tags}"


LOG_STYLE = """<style>
.mk-log ol { list-style: none; margin: 0; padding: 0; }
.mk-log li { padding: 3px 4px; border-bottom: 1px solid #dddddd; font-size: 14px; line-height: 1.35; }
.mk-log li:first-child { font-weight: bold; background: #fff8d6; }
.mk-log .mk-log-refusal { color: #a00000; }
.mk-log .mk-log-hint { color: #00527a; }
.mk-rule > summary::-webkit-details-marker { display: none; }
.mk-rule > summary:focus-visible { outline: 2px solid #0072B2; }
</style>"""


class EventLog(W.HTML):
    """The log panel: sentences newest first (an ``ipywidgets.HTML``).

    Attributes
    ----------
    entries : list of Entry
        Oldest first.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mk-log")
        self.entries: list[Entry] = []
        self._items: list[str] = []  # each entry's HTML, made once
        self._draw()

    @property
    def latest(self) -> Entry | None:
        return self.entries[-1] if self.entries else None

    def add(self, *entries: Entry) -> None:
        """Add sentences (in the order they happened) and redraw."""
        if entries:
            self.entries.extend(entries)
            self._items.extend(e.to_html() for e in entries)
            del self.entries[:-KEEP], self._items[:-KEEP]
            self._draw()

    def clear(self) -> None:
        self.entries, self._items = [], []
        self._draw()

    def _draw(self) -> None:
        items = "".join(reversed(self._items))
        head = escape(_("What happened (newest first)"))
        self.value = (f'{LOG_STYLE}<div role="log" aria-live="polite" aria-label="{head}">'
                      f'<b>{head}</b><ol>{items}</ol></div>')
