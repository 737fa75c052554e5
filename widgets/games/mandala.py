"""Mandala's part of the play view: click paths of its moves and the river × cup score table.

Clicks (ids drawn by :mod:`mandalakit.mandala.render`):

* Mountain (M-4.1): a hand colour, then ``mountain:A`` or ``mountain:B``.
* Field (M-4.2) and Discard (M-4.3): a hand colour clicked once per card (or once, then a
  count chip ``n:K``), then ``field:A``/``field:B`` or ``discard``.
* Pick (M-5.3): a colour of the mountain being destroyed, ``pick:<colour>``.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.messages import _, ngettext
from mandalakit.mandala import COLOURS, MANDALAS, Field, Mountain, Pick, river_score

from .base import GamePart, cards_paths, clicked_count


class MandalaPart(GamePart):
    game = "mandala"
    colours = COLOURS
    example = "mountain A black"
    tie_break_rule = "M-7.4"
    private_rule = "M-2.4"

    def paths(self, state, move):
        if isinstance(move, Pick):
            return [(f"pick:{COLOURS[move.colour]}",)]
        hand = f"hand:{COLOURS[move.colour]}"
        if isinstance(move, Mountain):
            return [(hand, f"mountain:{MANDALAS[move.mandala]}")]
        dest = f"field:{MANDALAS[move.mandala]}" if isinstance(move, Field) else "discard"
        return cards_paths(hand, move.count, dest)

    def attempt(self, state, clicks):
        last = clicks[-1]
        if last.startswith("pick:"):
            return f"pick {last[5:]}"
        first = clicks[0]
        if not first.startswith("hand:"):
            return None
        colour = first[5:]
        count = clicked_count(clicks)
        area, _sep, mandala = last.partition(":")
        if area == "mountain":
            return f"mountain {mandala} {colour}" + (f" {count}" if count > 1 else "")
        if area == "field":
            return f"field {mandala} {colour} {count}"
        if last == "discard":
            return f"discard {colour} {count}"
        return None

    def target_words(self, kind, what):
        return {
            "mountain": _("mountain {mandala}", mandala=what),
            "field": _("your field of mandala {mandala}", mandala=what),
            "pick": _("take the {colour} cards of the mountain", colour=_(what)),
            "discard": _("the discard pile"),
        }.get(kind)

    def score_panel(self, state, viewer, names):
        """River × cup per seat (M-7.3): space value × cup cards of that colour.

        Before the end a seat sees its own cup only (M-2.4); the other cup shows its size.
        """
        obs = state.observation(viewer)
        final = state.result().players if state.is_terminal() else None
        tables = []
        for seat in range(2):
            river = obs.rivers[seat]
            cup = [final[seat]["cup"][c] for c in COLOURS] if final else (obs.cup if seat == viewer else None)
            rows = []
            for space, code in enumerate(river):
                count = "?" if cup is None else cup[code]
                points = "?" if cup is None else (space + 1) * cup[code]
                rows.append(f"<tr><td>{escape(_(COLOURS[code]))}</td><td>{space + 1}</td><td>{count}</td>"
                            f"<td>{points}</td></tr>")
            if cup is None:
                total = _("hidden ({n} cards in the cup)", n=obs.cup_sizes[seat])
            else:
                unscored = sum(cup) - sum(cup[c] for c in river)
                total = f"<b>{river_score(river, cup)}</b>" + (
                    " · " + ngettext("{n} cup card of a colour not in the river scores 0",
                                     "{n} cup cards of colours not in the river score 0", unscored)
                    if unscored else "")
            who = escape(names[seat])
            body = "".join(rows) or '<tr><td colspan="4">' + escape(_("river still empty")) + "</td></tr>"
            head = "".join(f"<th>{h}</th>" for h in (_("colour"), _("river space"), _("cards in cup"), _("points")))
            tables.append(
                f'<table class="mk-score-table"><caption>{who}</caption><tr>{head}</tr>{body}'
                '<tr><td colspan="3">' + _("score (M-7.3)") + f"</td><td>{total}</td></tr></table>"
            )
        return '<div class="mk-score-panel" style="display:flex;flex-wrap:wrap;gap:1em">' + "".join(tables) + "</div>"

    def tie_break(self, result, tied):
        sizes = ", ".join(_("seat {seat} {n}", seat=p, n=result.players[p]["cup_size"]) for p in tied)
        return _("fewer cards in the cup wins ({sizes})", sizes=sizes)


PART = MandalaPart()
