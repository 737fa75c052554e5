"""A refusal of the engine, shown to a pupil: the rule, the rule's sentence, what to do instead."""

from __future__ import annotations

from html import escape

from mandalakit.core.errors import MandalakitError, NotationError
from mandalakit.core.messages import _

__all__ = ["refusal_html"]


def refusal_html(error: MandalakitError, instead: str = "") -> str:
    """The engine's refusal as HTML.

    A game rule is named by its id ("Refused by rule O-2.4"), followed by the engine's
    sentence; text outside the notation reads "Not a move"; other refusals (the game is
    over, a chance event is due) read "Refused". ``instead`` (plain text) says what to do
    instead.

    >>> from mandalakit.core.errors import IllegalMoveError
    >>> print(refusal_html(IllegalMoveError("O-2.4", "Card 40 does not fit.")))
    <div class="mk-refusal" role="alert" style="color:#a00000"><b>Refused by rule O-2.4</b>: Card 40 does not fit.</div>
    """
    if error.names_a_rule:
        head = _("Refused by rule {rule}", rule=escape(error.rule))
    elif isinstance(error, NotationError):
        head = _("Not a move")
    else:
        head = _("Refused")
    tail = f"<br>{escape(instead)}" if instead else ""
    return (f'<div class="mk-refusal" role="alert" style="color:#a00000"><b>{head}</b>: '
            f"{escape(error.message)}{tail}</div>")
