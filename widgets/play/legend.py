"""The words around a game table, in the page's language: who plays whom and how to play (the
intro above the table) and how to use the page's controls (the Legend, folded under it).

They live in the view, not in the notebook's Markdown, so that the FR / EN switch turns them
with the rest of the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mandalakit.core.messages import _

from mandalakit.widgets.play.log import rule_tag

__all__ = ["against", "intro_html", "legend_html"]


def against(names: Sequence[str]) -> str:
    """Who plays whom: "You against Bot (greedy)"; "Player 1 against Player 2 and Player 3"."""
    others = list(names[1:])
    rest = others[0] if len(others) == 1 else _("{some} and {last}", some=", ".join(others[:-1]), last=others[-1])
    return _("{first} against {others}", first=names[0], others=rest)


def intro_html(part, names: Sequence[str]) -> str:
    """The intro: who plays whom, the game's way to play (its part's ``how_to_play``) and what
    the highlights and refusals mean."""
    return (f'<div class="mk-intro"><p><b>{escape(against(names))}.</b> {_(part.how_to_play)}</p>'
            "<p>" + escape(_("Highlighted places can still lead to a legal move. A move that breaks a rule is "
                             "refused with the rule's id and a sentence, and nothing changes.")) + "</p></div>")


def legend_html(part) -> str:
    """The Legend: what each control of the page does (the game's move notation as example)."""
    items = [
        _("<b>Board</b>: click, or move with <i>Tab</i> and press <i>Enter</i> or <i>Space</i>; <i>Escape</i> "
          "(or <b>clear</b>) forgets what you chose."),
        _("<b>move</b>: type a move in the game's notation (for example <code>{example}</code>) and press "
          "<i>Enter</i>.", example=escape(part.example)),
        _("<b>↶ undo</b> takes back your last move (and the bot moves after it); <b>hint</b> lights a good "
          "move and says why: a bot tries it and the other good moves on many possible deals, for under a "
          "second."),
        _("<b>What happened</b>: every move and event, newest first; a small tag such as {tag} names the rule: "
          "point at it to read the rule.", tag=rule_tag(part.tie_break_rule)),
        _("<b>New game</b> (teacher): the number of players, who plays each one (a person at this screen or a "
          "bot; two or more people play in turn, with a cover that hides the hands between turns), their "
          "names, the deal (empty: a new deal; <b>play this deal again</b>: the same cards) and the rule "
          "options."),
        _("<b>Record</b>: look back through the game with the slider and <i>play from here</i>; save the game "
          "as a record file, or load one (at most 1 MB; it is checked by replaying it). A game in progress is "
          "also kept in this browser: after a reload the page offers to resume it."),
        _("<b>FR / EN</b>: the language of the whole page; the game goes on."),
    ]
    return '<ul class="mk-legend">' + "".join(f"<li>{item}</li>" for item in items) + "</ul>"
