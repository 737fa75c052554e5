"""Mandala's part of the play view: click paths of its moves and the river × cup score table.

Clicks (ids drawn by :mod:`mandalakit.mandala.render`):

* Mountain (M-4.1): a hand colour, then ``mountain:A`` or ``mountain:B``.
* Field (M-4.2) and Discard (M-4.3): a hand colour clicked once per card (or once, then a
  count chip ``n:K``), then ``field:A``/``field:B`` or ``discard``.
* Pick (M-5.3): a colour of the mountain being destroyed, ``pick:<colour>``.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.contract import CHANCE
from mandalakit.core.messages import N_, _, colour, ngettext
from mandalakit.mandala import COLOURS, MANDALAS, Discard, Field, Mountain, Pick, river_score

from mandalakit.widgets.play.log import Entry, rule_tag
from mandalakit.widgets.play.people import is_you
from mandalakit.widgets.play.games.base import GamePart, cards_paths, cards_words, clicked_count, observations


class MandalaPart(GamePart):
    game = "mandala"
    colours = COLOURS
    example = "mountain A black"
    tie_break_rule = "M-7.4"
    private_rule = "M-2.4"
    #: How to play, for the page's intro (HTML; bold words are what to click).
    how_to_play = N_("Click <b>a colour in your hand</b>, then <b>a mountain</b> (one card, then you draw, M-4.1), "
                     "<b>your field</b> (M-4.2) or <b>the discard pile</b> (M-4.3). For several cards of that colour, "
                     "click the colour once per card, or use the count buttons under the board. When a mandala is "
                     "complete, click <b>a colour of its mountain</b> to take those cards (M-5.3).")

    def advice(self, state, move):
        if isinstance(move, Pick):
            return self.label(f"pick:{COLOURS[move.colour]}")
        if isinstance(move, Mountain):
            return _("play {cards} into mountain {mandala}", cards=cards_words(1, COLOURS[move.colour]),
                     mandala=MANDALAS[move.mandala])
        cards = cards_words(move.count, COLOURS[move.colour])
        if isinstance(move, Field):
            return _("play {cards} into your field of mandala {mandala}", cards=cards, mandala=MANDALAS[move.mandala])
        return _("discard {cards}", cards=cards)

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

    def prompt(self, state, selection):
        obs = state.observation(state.current_player)
        if obs.destroying >= 0:
            return _("take a colour from mountain {mandala}: click one of its colours.",
                     mandala=MANDALAS[obs.destroying])
        if not selection:
            return _("click a colour in your hand.")
        return _("click a mountain (1 card), your field or the discard pile; click the colour again for one "
                 "card more.")

    def tell(self, before, after, viewer, names):
        """Moves, draws (M-4.1, M-4.3), completions (M-5.2), picks (M-5.4, M-5.5), the clearing
        of a mandala (M-5.6) and the empty deck (M-6.2), read from ``viewer``'s observations."""
        new = after.history[len(before.history):]
        if len([1 for by, _m in new if by != CHANCE]) != 1:
            return super().tell(before, after, viewer, names)
        b, a = observations(before, after, viewer)
        out = []
        for by, move in self.new_moves(before, after, out):
            out.extend(_move_entries(b, a, by, move, names))
        if b.destroying < 0 and a.destroying >= 0:
            m, first = a.destroying, a.to_act
            sizes = [sum(f) for f in a.fields[m]]
            if sizes[first] > sizes[1 - first]:
                why = _("more cards in your field") if is_you(names[first]) else _("more cards in their field")
            else:
                why = _("the fields are equal, so the player who did not complete it picks first")
            out.append(Entry(_("Mandala {mandala} is complete: you pick first ({why}).", mandala=MANDALAS[m], why=why)
                             if is_you(names[first]) else
                             _("Mandala {mandala} is complete: {name} picks first ({why}).", mandala=MANDALAS[m],
                               name=names[first], why=why), rule="M-5.2"))
        if b.destroying >= 0 and a.destroying < 0 and not after.is_terminal():
            out.append(Entry(_("Mandala {mandala} is cleared: both fields go to the discard pile and 2 new cards "
                               "go into its mountain.", mandala=MANDALAS[b.destroying]), rule="M-5.6"))
        if a.end_triggered and not b.end_triggered and not after.is_terminal():
            out.append(Entry(_("The deck is empty: the end of the game is near."), rule="M-6.2"))
        return out

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
                    " · " + ngettext("{n} card in the cup scores nothing yet: its colour is not in the river",
                                     "{n} cards in the cup score nothing yet: their colours are not in the river",
                                     unscored)
                    if unscored else "")
            who = escape(names[seat])
            body = "".join(rows) or '<tr><td colspan="4">' + escape(_("river still empty")) + "</td></tr>"
            head = "".join(f"<th>{h}</th>" for h in (_("colour"), _("river space"), _("cards in cup"), _("points")))
            tables.append(
                f'<table class="mk-score-table"><caption>{who}</caption><tr>{head}</tr>{body}'
                '<tr><td colspan="3">' + _("score") + " " + rule_tag("M-7.3") + f"</td><td>{total}</td></tr></table>"
            )
        return '<div class="mk-score-panel" style="display:flex;flex-wrap:wrap;gap:1em">' + "".join(tables) + "</div>"

    def tie_break(self, result, tied, names):
        sizes = ", ".join(_("{name} {n}", name=names[p], n=result.players[p]["cup_size"]) for p in tied)
        return _("fewer cards in the cup wins ({sizes})", sizes=sizes)


def _move_entries(b, a, by, move, names) -> list[Entry]:
    """One move of seat ``by`` and the cards it drew, between observations ``b`` and ``a``."""
    you = is_you(names[by])
    name = names[by]
    what = cards_words(getattr(move, "count", 1), COLOURS[move.colour])
    if isinstance(move, Pick):
        m = b.destroying
        k = b.mountains[m][move.colour] if m >= 0 else 0
        if m >= 0 and not sum(b.fields[m][by]):
            field = _("your field was empty") if you else _("the field of {name} was empty", name=name)
            return [Entry(_("{colour} goes to the discard pile: {field}.", colour=colour(COLOURS[move.colour]).capitalize(),
                            field=field), rule="M-5.5")]
        taken = cards_words(k, COLOURS[move.colour])
        return [Entry(_("You took {cards} from mountain {mandala}.", cards=taken, mandala=MANDALAS[m]) if you else
                      _("{name} took {cards} from mountain {mandala}.", name=name, cards=taken, mandala=MANDALAS[m]),
                      rule="M-5.4")]
    m = MANDALAS[getattr(move, "mandala", 0)]
    if isinstance(move, Mountain):
        out = [Entry(_("You played {cards} into mountain {mandala}.", cards=what, mandala=m) if you else
                     _("{name} played {cards} into mountain {mandala}.", name=name, cards=what, mandala=m),
                     rule="M-4.1")]
    elif isinstance(move, Field):
        out = [Entry(_("You played {cards} into your field of mandala {mandala}.", cards=what, mandala=m) if you else
                     _("{name} played {cards} into their field of mandala {mandala}.", name=name, cards=what,
                       mandala=m), rule="M-4.2")]
    else:
        out = [Entry(_("You discarded {cards}.", cards=what) if you else
                     _("{name} discarded {cards}.", name=name, cards=what), rule="M-4.3")]
    played = move.count if isinstance(move, (Field, Discard)) else 1
    drawn = a.hand_sizes[by] - b.hand_sizes[by] + played
    if drawn > 0 and not isinstance(move, Field):
        out.append(Entry(ngettext("You drew {n} card.", "You drew {n} cards.", drawn) if you else
                         ngettext("{name} drew {n} card.", "{name} drew {n} cards.", drawn, name=name),
                         rule="M-4.1" if isinstance(move, Mountain) else "M-4.3"))
    return out


PART = MandalaPart()
