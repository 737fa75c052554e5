"""The words around a game table, in the page's language: who plays whom and how to play (the
intro above the table) and how to use the page's controls (the Legend, folded under it).

They live in the view, not in the notebook's Markdown, so that the FR / EN switch turns them
with the rest of the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mandalakit.core.messages import _

from mandalakit.widgets.play.log import rule_tag, without_rule_ids
from mandalakit.widgets.play.typed import in_words

__all__ = ["against", "intro_html", "legend_html"]


def against(names: Sequence[str]) -> str:
    """Who plays whom: "You against Bot (medium)"; "Player 1 against Player 2 and Player 3"."""
    others = list(names[1:])
    rest = others[0] if len(others) == 1 else _("{some} and {last}", some=", ".join(others[:-1]), last=others[-1])
    return _("{first} against {others}", first=names[0], others=rest)


def intro_html(part, names: Sequence[str]) -> str:
    """The intro: who plays whom, the game's way to play (its part's ``how_to_play``) and what
    the highlights and refusals mean."""
    how, rules = without_rule_ids(_(part.how_to_play))  # its own HTML; the ids become tags after it
    tags = "".join(f" {rule_tag(r)}" for r in rules)
    return (f'<div class="mk-intro"><p><b>{escape(against(names))}.</b> {how}{tags}</p>'
            "<p>" + escape(_("Highlighted places can still lead to a legal move. A move that breaks a rule is "
                             "refused with a sentence and a small tag of the rule (click it to read the rule), "
                             "and nothing changes.")) + "</p></div>")


def legend_html(part) -> str:
    """The Legend: what each control of the page does (the game's move notation as example)."""
    items = [
        _("<b>Board</b>: click, or move with <i>Tab</i> and press <i>Enter</i> or <i>Space</i>; <i>Escape</i> "
          "(or <b>clear</b>) forgets what you chose."),
        _("<b>move</b>: type a move in the game's notation (for example <code>{example}</code>) and press "
          "<i>Enter</i>.", example=escape(in_words(part.example, part.game))),
        _("<b>↶ undo</b> takes back your last move (and the bot moves after it); <b>hint</b> lights a good "
          "move and says why: a bot tries it and the other good moves on many possible deals, for under a "
          "second."),
        _("<b>What happened</b>: every move and event, newest first; a small tag such as {tag} names the rule: "
          "point at it or click it to read the rule.", tag=rule_tag(part.tie_break_rule)),
        _("<b>The bots</b>: <b>Bot (easy)</b> plays at random; <b>Bot (medium)</b> plays the move that scores "
          "best at once (a greedy bot); <b>Bot (hard)</b> tries its best moves on many deals of the cards it "
          "cannot see, each played out to the end (a sampling search)."),
        _("<b>Why the bot thinks so</b>: a hint's move is the one the hard bot's search liked best after a few "
          "dozen games played out from here; the hint says why in the game's own facts (points now or at the "
          "end, cards likely to come)."),
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
