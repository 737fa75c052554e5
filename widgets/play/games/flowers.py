"""Flowers' part of the play view: click paths of plays and tile choices, the tiles scored.

Clicks (ids drawn by :mod:`mandalakit.flowers.render`):

* Play (F-3.1): a hand colour clicked once per card (or once, then a count chip ``n:K``),
  then a mandala ``mandala:N``.
* Take (F-4.1): one of the two tiles of the completed mandala, ``tile:<colour>``.
* Pass (F-5.3): the chip ``pass``.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import N_, _, colour, ngettext
from mandalakit.flowers import COLOURS, X3, Pass, Play, Take, flower_score, single_score

from mandalakit.widgets.play.log import Entry
from mandalakit.widgets.play.people import is_you
from mandalakit.widgets.play.games.base import GamePart, cards_paths, cards_words, clicked_count, observations


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
    #: How to play, for the page's intro (HTML; bold words are what to click).
    how_to_play = N_("Click <b>cards of one colour</b> in your hand, once per card (or use the count buttons), then "
                     "<b>a mandala</b> to play them there (F-3.1). When a mandala is complete and you hold its claim "
                     "marker, click <b>the tile</b> you keep (F-4.1).")
    chance_words = {**GamePart.chance_words,  # F-2.1: the two tile stacks are shuffled apart
                    "dark": N_("the dark tiles are shuffled"), "light": N_("the light tiles are shuffled")}

    def advice(self, state, move):
        if isinstance(move, Pass):
            return _("pass")
        if isinstance(move, Take):
            return self.label(f"tile:{COLOURS[move.colour]}")
        return _("play {cards} on mandala {mandala}", cards=cards_words(move.count, COLOURS[move.colour]),
                 mandala=move.mandala + 1)

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

    def prompt(self, state, selection):
        obs = state.observation(state.current_player)
        if obs.pending >= 0:
            return _("choose one of the two tiles of mandala {n}.", n=obs.pending + 1)
        if not selection:
            return _("click a colour in your hand.")
        return _("click a mandala to play on it; click the colour again for one card more.")

    def tell(self, before, after, viewer, names):
        """Plays and draws (F-3.1, F-3.3), claim markers (F-3.6), completions (F-3.7), tiles
        taken and given (F-4.1, F-4.2), Flowers formed (F-4.3) and passes (F-5.3)."""
        b, a = observations(before, after, viewer)
        out = []
        for by, move in self.new_moves(before, after, out):
            you, name = is_you(names[by]), names[by]
            if isinstance(move, Pass):
                out.append(Entry(_("You pass: no play is possible.") if you else
                                 _("{name} passes: no play is possible.", name=name), rule="F-5.3"))
            elif isinstance(move, Take):
                tile = colour(COLOURS[move.colour])
                out.append(Entry(_("You took the {colour} tile.", colour=tile) if you else
                                 _("{name} took the {colour} tile.", name=name, colour=tile), rule="F-4.1"))
            elif isinstance(move, Play):
                what = cards_words(move.count, COLOURS[move.colour])
                out.append(Entry(_("You played {cards} on mandala {n}.", cards=what, n=move.mandala + 1) if you else
                                 _("{name} played {cards} on mandala {n}.", name=name, cards=what, n=move.mandala + 1),
                                 rule="F-3.1"))
                drawn = a.hand_sizes[by] - b.hand_sizes[by] + move.count
                if drawn > 0:
                    out.append(Entry(ngettext("You drew {n} card.", "You drew {n} cards.", drawn) if you else
                                     ngettext("{name} drew {n} card.", "{name} drew {n} cards.", drawn, name=name),
                                     rule="F-3.3"))
        if len(b.mandalas) == len(a.mandalas):
            for m, (old, new) in enumerate(zip(b.mandalas, a.mandalas)):
                if new.claim >= 0 and new.claim != old.claim and a.pending != m:
                    out.append(Entry(_("You take the claim marker of mandala {n}.", n=m + 1)
                                     if is_you(names[new.claim]) else
                                     _("{name} takes the claim marker of mandala {n}.", name=names[new.claim],
                                       n=m + 1), rule="F-3.6"))
        if a.pending >= 0 and b.pending < 0:
            out.append(Entry(_("Mandala {n} is complete: you choose a tile first.", n=a.pending + 1)
                             if is_you(names[a.to_act]) else
                             _("Mandala {n} is complete: {name} chooses a tile first.", n=a.pending + 1,
                               name=names[a.to_act]), rule="F-4.1"))
        takers = {by for by, m in after.history[len(before.history):] if isinstance(m, Take)}
        for seat in range(len(a.flowers)):
            if seat not in takers and _tiles(a, seat) > _tiles(b, seat):
                out.append(Entry(_("You get the other tile.") if is_you(names[seat]) else
                                 _("{name} gets the other tile.", name=names[seat]), rule="F-4.2"))
            for a_tile, b_tile in a.flowers[seat][len(b.flowers[seat]):]:
                flower = _flower_sum(a_tile, b_tile)
                out.append(Entry(_("You form a Flower: {sum}.", sum=flower) if is_you(names[seat]) else
                                 _("{name} forms a Flower: {sum}.", name=names[seat], sum=flower), rule="F-4.3"))
        return out

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



def _tiles(obs, seat: int) -> int:
    return len(obs.singles[seat]) + 2 * len(obs.flowers[seat])


PART = FlowersPart()
