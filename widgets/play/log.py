"""What just happened, in words: the game table's log panel (:class:`EventLog`).

Every move and event of a game is told in one short sentence, newest first, in the page's
language; refusals, hints and notes go there too. A sentence may carry a rule id, shown as a
small tag whose text (the rule's own) appears on hover or keyboard focus.

Sentences come from each game's part (:meth:`GamePart.tell
<mandalakit.widgets.play.games.base.GamePart.tell>`), which reads the engine's positions before
and after a move, as the seat looking may know them.

>>> log = EventLog()
>>> log.add(Entry("You drew 3 cards.", rule="M-4.1"))
>>> log.latest.text
'You drew 3 cards.'
>>> "M-4.1" in log.value and "mk-rule" in log.value
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as W

from mandalakit.core.errors import RulesError
from mandalakit.core.messages import _
from mandalakit.core.rulebook import rule_text

__all__ = ["Entry", "EventLog", "rule_tag"]

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
        """The sentence, its rule tag and extra HTML."""
        tag = f" {rule_tag(self.rule)}" if self.rule else ""
        return f"{escape(self.text)}{tag}{self.html}"

    def to_html(self) -> str:
        return f'<li class="mk-log-{self.kind}">{self.body_html()}</li>'


def rule_tag(rule: str) -> str:
    """A small tag with ``rule``'s id, its text on hover (``title``) and focus (read aloud)."""
    try:
        text = " ".join(rule_text(rule).replace("**", "").replace("`", "").split())
    except RulesError:
        text = ""
    title = escape(_("Rule {rule}: {text}", rule=rule, text=text)) if text else escape(rule)
    return f'<span class="mk-rule" tabindex="0" title="{title}" aria-label="{title}">{escape(rule)}</span>'


LOG_STYLE = """<style>
.mk-log ol { list-style: none; margin: 0; padding: 0; }
.mk-log li { padding: 3px 4px; border-bottom: 1px solid #dddddd; font-size: 14px; line-height: 1.35; }
.mk-log li:first-child { font-weight: bold; background: #fff8d6; }
.mk-log .mk-log-refusal { color: #a00000; }
.mk-log .mk-log-hint { color: #00527a; }
.mk-rule { display: inline-block; font-size: 11px; font-weight: normal; padding: 0 4px; margin-left: 2px;
  border: 1px solid #767676; border-radius: 6px; color: #333333; background: #ffffff; cursor: help; }
.mk-rule:focus-visible { outline: 2px solid #0072B2; }
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
