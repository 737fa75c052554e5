"""The status line on top of a game table: whose turn it is and what to do now, in words.

It stays at the top of the window (CSS ``position: sticky``) with the latest event under it,
so a pupil reads both at a glance while the board is clicked, on a 1024 x 768 screen and on a
phone alike.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import _

from mandalakit.widgets.play.log import sentence_html
from mandalakit.widgets.play.people import HUMAN, is_you

__all__ = ["SCORE_STYLE", "TABLE_STYLE", "status_html"]

#: The table's layout: the status line and the latest event stick to the top of the window;
#: the log panel sits beside the board, or under it on a narrow page.
TABLE_STYLE = """<style>
/* A sticky line sticks within its nearest scrolling box: the widget boxes and output areas
   around it (overflow: auto, never scrolled themselves) let the page's own scroller be that box. */
.widget-box:has(.mk-top), .jp-OutputArea:has(.mk-top), .jp-OutputArea-child:has(.mk-top),
.jp-OutputArea-output:has(.mk-top) { overflow: visible !important; }
.mk-top { position: sticky; top: 0; z-index: 20; background: #ffffff; border-bottom: 2px solid #767676;
  padding: 4px 6px; pointer-events: none; }
/* Words only: a click on the line reaches the board under it; its buttons and rule tags still answer. */
.mk-top button, .mk-top .mk-rule, .mk-top a { pointer-events: auto; }
/* A target brought into view (Tab, or a click that scrolls) lands below the status line. */
.mk-game-view [data-mk-target], .mk-game-view .mk-board-chips button { scroll-margin-top: 150px; }
.mk-top .mk-status { font-size: 16px; font-weight: bold; }
.mk-top .mk-message { font-size: 14px; max-height: 6.5em; overflow: auto; }
.mk-top .mk-message:empty { display: none; }
/* An opened rule tag shows its rule whole, its link to the rules page on top: the message box and
   the output areas around the table stop cutting while it is open (a closed tag: as above). */
.mk-top .mk-message:has(details.mk-rule[open]) { max-height: none !important; overflow: visible; }
/* There the rule's text opens in the line's flow, under its tag, within the window's width. */
.mk-top .mk-message details.mk-rule[open] { white-space: normal !important; max-width: 100%; }
.mk-top .mk-message details.mk-rule[open] .mk-rule-open { position: static !important; width: auto !important;
  max-width: 100% !important; box-shadow: none !important; }
.mk-top .mk-message:has(details.mk-rule[open]) .widget-html-content,
.jp-OutputArea-output:has(details.mk-rule[open]) { overflow: visible !important; }
/* On a phone the line takes less of the window: a Mandala turn needs 650 px of its 800. */
@media (max-width: 560px) {
  .mk-top { padding: 2px 4px; }
  .mk-top .mk-status { font-size: 15px; }
  .mk-top .mk-message { font-size: 13px; max-height: 2.6em; }
  .mk-top .mk-status .widget-html-content, .mk-top .mk-message .widget-html-content { line-height: 1.3; }
}
.mk-table { gap: 8px; overflow: visible !important; }
/* The same for the boxes around the board: its chips stick to the window's bottom edge. */
.mk-table .widget-box:has(.mk-board-chips), .mk-table .mk-board { overflow: visible !important; }
/* Beside the board (a wide page), the log stays in sight under the status line too. */
@media (min-width: 700px) { .mk-table > .mk-log { position: sticky; top: 96px; } }
.mk-log { border: 1px solid #767676; border-radius: 4px; padding: 2px 4px; background: #ffffff; }
</style>"""


#: Tables of the score panels: readable at 420 px, lines between cells (not colour alone).
SCORE_STYLE = """<style>
.mk-score table { border-collapse: collapse; margin: 0.4em 0; font-size: 14px; }
.mk-score th, .mk-score td { border: 1px solid #767676; padding: 2px 6px; text-align: center; }
.mk-score caption { font-weight: bold; text-align: left; padding: 2px 0; }
.mk-score ul { margin: 0.2em 0; padding-left: 1.2em; }
</style>"""


def status_html(view, state) -> str:
    """The status line of ``view`` (a :class:`~mandalakit.widgets.GameView`) for ``state``
    (the position shown): the result at the end; while looking back, "move 12 of 40";
    otherwise whose turn it is and, for a person at this screen, what to click now."""
    if state.is_terminal():
        return (f'<div class="mk-result" role="status"><b>{sentence_html(view.part.result_words(state, view.names))}'
                "</b></div>")
    seat = state.current_player
    if view.reviewing:
        text = _("Looking back: move {i} of {n}.", i=view.session.at, n=len(view.state.history))
    elif seat >= 0 and view.seats[seat] == HUMAN:
        name = view.names[seat]
        todo = view.part.prompt(state, view.selection)
        text = (_("Your turn: {todo}", todo=todo) if is_you(name) else
                _("{name}, your turn: {todo}", name=name, todo=todo))
        if view.selection:
            text += " " + _("Chosen: {chosen}.", chosen=view.part.chosen_words(view.selection))
    else:
        text = _("{name} is thinking…", name=view.names[seat])
    return f'<div role="status">{escape(text)}</div>'
