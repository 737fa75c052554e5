"""A refusal of the engine, shown to a pupil: the rule, the rule's sentence, what to do instead."""

from __future__ import annotations

from html import escape

from mandalakit.core.errors import MandalakitError, NotationError, RulesError
from mandalakit.core.messages import _
from mandalakit.core.rulebook import rule_text

from mandalakit.widgets.play.log import sentence_html

__all__ = ["refusal_html"]

def refusal_html(error: MandalakitError, instead: str = "") -> str:
    """The engine's refusal as HTML.

    A move that breaks a game rule reads "Not allowed", then the engine's sentence with the
    rule's id as a small tag after it (its text on hover or a tap,
    :func:`~mandalakit.widgets.play.log.rule_tag`), then the rule's own text (:func:`mandalakit.rule_text`);
    no id stands in a sentence or in the heading (issue 30). Text outside the notation reads
    "Not a move"; other refusals (the game is over, a chance event is due) read "Refused".
    ``instead`` (plain text) says what to do instead.

    >>> from mandalakit.core.errors import IllegalMoveError
    >>> html = refusal_html(IllegalMoveError("O-2.2", "Pick two cards."))
    >>> "Not allowed" in html, 'class="mk-rule"' in html, "A round is 5 draft steps" in html
    (True, True, True)
    """
    if error.names_a_rule:
        head = _("Not allowed")
    elif isinstance(error, NotationError):
        head = _("Not a move")
    else:
        head = _("Refused")
    rule = ""
    if error.names_a_rule:
        try:
            text = rule_text(error.rule).replace("**", "").replace("`", "")
        except RulesError:  # an id the rules texts do not hold (a test checks there is none)
            text = ""
        if text:
            rule = ('<div class="mk-rule-text" style="color:#333333">'
                    + escape(_("The rule: {text}", text=" ".join(text.split()))) + "</div>")
    tail = f'<div class="mk-instead">{escape(instead)}</div>' if instead else ""
    # Translators: the colon after a bold label; French sets a space before it (" : ").
    colon = _(": ")
    said = sentence_html(error.message, [error.rule] if error.names_a_rule else [])
    return (f'<div class="mk-refusal" role="alert"><div style="color:#a00000"><b>{head}</b>{colon}'
            f"{said}</div>{rule}{tail}</div>")
