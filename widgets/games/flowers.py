"""Flowers' part of the play view: click paths of plays and tile choices, the tiles scored.

Clicks (ids drawn by :mod:`mandalakit.flowers.render`):

* Play (F-3.1): a hand colour clicked once per card (or once, then a count chip ``n:K``),
  then a mandala ``mandala:N``.
* Take (F-4.1): one of the two tiles of the completed mandala, ``tile:<colour>``.
* Pass (F-5.3): the chip ``pass``.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import N_, _, ngettext
from mandalakit.flowers import COLOURS, X3, Pass, Take, flower_score, single_score

from .base import GamePart, cards_paths, clicked_count


def _flower_sum(a, b) -> str:
    """How a Flower scores (F-5.4): ``"3 + 2 × 1 = 5"``, ``"3 × 2 = 6"`` or ``"×3 and ×3: 0"``."""
    points = flower_score(a.face, b.face)
    if a.face == X3 and b.face == X3:
        return _("×3 and ×3: {points}", points=points)
    if X3 in (a.face, b.face):
        return _("3 × {v} = {points}", v=max(a.face, b.face), points=points)
    return _("{a} + 2 × {b} = {points}", a=max(a.face, b.face), b=min(a.face, b.face), points=points)


class FlowersPart(GamePart):
    game = "flowers"
    colours = COLOURS
    example = "play 2 red on 3"
    tie_break_rule = "F-5.5"
    private_rule = "F-2.4"
    chance_words = {**GamePart.chance_words,  # F-2.1: the two tile stacks are shuffled apart
                    "dark": N_("the dark tiles are shuffled"), "light": N_("the light tiles are shuffled")}

    def paths(self, state, move):
        if isinstance(move, Pass):
            return [("pass",)]
        if isinstance(move, Take):
            return [(f"tile:{COLOURS[move.colour]}",)]
        hand, dest = f"hand:{COLOURS[move.colour]}", f"mandala:{move.mandala + 1}"
        return cards_paths(hand, move.count, dest)

    def attempt(self, state, clicks):
        last = clicks[-1]
        if last.startswith("tile:"):
            return f"take {last[5:]}"
        first = clicks[0]
        if not (first.startswith("hand:") and last.startswith("mandala:")):
            return None
        count = clicked_count(clicks)
        return f"play {count} {first[5:]} on {last[8:]}"

    def target_words(self, kind, what):
        return {
            "mandala": _("mandala {n}", n=what),
            "tile": _("take the {colour} tile", colour=_(what)),
            "pass": _("pass (no play is possible)"),
        }.get(kind)

    def score_panel(self, state, viewer, names):
        """Each seat's Flowers with a + 2b, single tiles, and the claim markers (F-5.4)."""
        obs = state.observation(viewer)
        blocks = []
        for seat in range(state.num_players):
            items = []
            for a, b in obs.flowers[seat]:
                items.append(_("Flower {a} + {b}: {sum}", a=escape(a.words), b=escape(b.words), sum=_flower_sum(a, b)))
            for tile in obs.singles[seat]:
                items.append(_("single {tile}: {points}", tile=escape(tile.words), points=single_score(tile.face)))
            claims = [str(m + 1) for m, view in enumerate(obs.mandalas) if view.claim == seat]
            if claims:
                items.append(ngettext("claim marker on mandala {list}", "claim markers on mandalas {list}",
                                      len(claims), list=", ".join(claims)))
            who = escape(names[seat])
            lines = "".join(f"<li>{i}</li>" for i in items) or "<li>" + _("no tile yet") + "</li>"
            blocks.append(f'<div class="mk-score-seat"><b>{who}: {obs.scores[seat]}</b><ul>{lines}</ul></div>')
        return '<div class="mk-score-panel" style="display:flex;flex-wrap:wrap;gap:1em">' + "".join(blocks) + "</div>"



PART = FlowersPart()
