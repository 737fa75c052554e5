"""Ohanami's part of the play view: click paths of picks and placements, the scores per round.

Clicks (ids drawn by :mod:`mandalakit.ohanami.render`):

* Pick (O-2.2): two cards of the hand, ``card:N``, in either order.
* Place (O-2.3 to O-2.5): for each picked card, in the order it is placed, the card and then
  a row (``row:R``, the next free number starts a new row) or ``discard``.
"""

from __future__ import annotations

from html import escape

from mandalakit.core.errors import MandalakitError
from mandalakit.core.messages import N_, _, ngettext
from mandalakit.ohanami import SUITS
from mandalakit.ohanami.moves import DISCARD, Pick, Place

from mandalakit.widgets.play.log import Entry, rule_tag
from mandalakit.widgets.play.people import is_you
from mandalakit.widgets.play.games.base import GamePart, observations


def _dest(row: int) -> str:
    return "discard" if row == DISCARD else f"row:{row}"


def _flat(steps) -> tuple[str, ...]:
    return tuple(t for card, row in steps for t in (f"card:{card}", _dest(row)))


#: Colours of the seats in the replay's chart (Okabe-Ito; the seat's name is on its trace too).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")


class OhanamiPart(GamePart):
    game = "ohanami"
    example = "pick 12 45"
    tie_break_rule = "O-3.5"
    private_rule = "O-2.6"
    #: How to play, for the page's intro (HTML; bold words are what to click).
    how_to_play = N_("Click <b>two cards</b> of your hand to keep them (O-2.2). When everyone has chosen, click a kept "
                     "card and then <b>a row</b> (the dashed box starts a new row) or <b>the discard</b>, for each of "
                     "your two cards, in the order you like (O-2.4, O-2.5).")

    def advice(self, state, move):
        if isinstance(move, Pick):
            return _("keep {a} and {b}", a=move.cards[0], b=move.cards[1])
        rows = len(state.observation(state.current_player).rows[state.current_player])
        steps = []
        for card, row in move.steps:
            if not row:
                steps.append(_("discard {card}", card=card))
            elif row > rows:  # a new row (O-2.4)
                steps.append(_("start row {row} with {card}", row=row, card=card))
                rows += 1
            else:
                steps.append(_("put {card} on row {row}", card=card, row=row))
        return _(" and ").join(steps)

    def paths(self, state, move):
        if isinstance(move, Pick):
            a, b = move.cards
            return [(f"card:{a}", f"card:{b}"), (f"card:{b}", f"card:{a}")]
        paths = [_flat(move.steps)]
        other = Place(tuple(reversed(move.steps)))
        try:  # the other order is the same move when the engine reads it as this one (O-2.5)
            if state.listed_move(other) == move:
                paths.append(_flat(other.steps))
        except MandalakitError:
            pass
        return paths

    def click_paths(self, state):
        """Picks: both cards in either order. Placements: each kept card first, each to the
        discard or any row number it could name, as the engine reads it (O-2.5: ``place 118>1
        95>2`` and ``place 95>1 118>2`` are one move, two new rows having no order, O-2.4)."""
        if state.phase != "place":
            yield from super().click_paths(state)
            return
        seat = state.current_player
        obs = state.observation(seat)
        first, second = obs.revealed[seat]
        dests = [DISCARD, *range(1, min(3, len(obs.rows[seat]) + 2) + 1)]
        for a, b in ((first, second), (second, first)):
            for row_a in dests:
                for row_b in dests:
                    steps = ((a, row_a), (b, row_b))
                    try:
                        move = state.listed_move(Place(steps))
                    except MandalakitError:
                        continue
                    yield _flat(steps), move

    def attempt(self, state, clicks):
        cards = [int(c[5:]) for c in clicks if c.startswith("card:")]
        dests = [c for c in clicks if not c.startswith("card:")]
        if state.phase != "place":
            return f"pick {cards[0]} {cards[1]}" if len(cards) == 2 and not dests else None
        pairs = list(zip(clicks[::2], clicks[1::2]))
        if len(clicks) % 2 or not all(c.startswith("card:") and not d.startswith("card:") for c, d in pairs):
            return None  # placements are a card, then where it goes (O-2.5)
        pick = state.observation(state.current_player).revealed[state.current_player]
        steps = [f"{c}>{'x' if d == 'discard' else d[4:]}" for c, d in zip(cards, dests)]
        rest = [c for c in pick if c not in cards]
        return "place " + " ".join(steps + [f"{c}>x" for c in rest])

    def draw(self, state, viewer, selection=(), **options):
        """The engine's drawing, with each kept card already given its row (or the discard) by
        the clicks so far drawn there, faded (O-2.3 to O-2.5: the pupil sees the move before it
        is complete)."""
        from mandalakit.ohanami.render import render_svg

        return render_svg(state, viewer, pending=chosen_places(state, selection), **options)

    def target_words(self, kind, what):
        return {
            "card": _("card {card}", card=what),
            "row": _("row {row}", row=what),
            "discard": _("discard face down"),
        }.get(kind)

    def prompt(self, state, selection):
        if state.phase != "place":
            return _("click 2 cards of your hand to keep.") if not selection else _("click a second card to keep.")
        if len(selection) % 2:
            return _("click a row for this card (the next free row starts a new one) or discard it.")
        if selection:
            return _("click your other kept card, then where it goes.")  # the first is drawn faded where it goes
        return _("click one of your 2 kept cards, then the row where it goes.")

    def tell(self, before, after, viewer, names):
        """Picks (O-2.2), placements (O-2.3, hidden until everyone has chosen: O-2.6), the
        cards each seat put into its rows once revealed (O-2.4), round scores (O-3) and new
        deals (O-2.1). ``viewer`` ``None``: only what every seat may know."""
        b, a = observations(before, after, viewer)
        out = []
        for by, move in self.new_moves(before, after, out):
            you = is_you(names[by])
            if isinstance(move, Pick) and by == viewer:
                out.append(Entry(_("You keep cards {a} and {b}.", a=move.cards[0], b=move.cards[1]) if you else
                                 _("{name} keeps cards {a} and {b}.", name=names[by], a=move.cards[0],
                                   b=move.cards[1]), rule="O-2.2"))
            elif isinstance(move, Pick):
                out.append(Entry(_("{name} chose 2 cards (hidden until everyone has chosen).", name=names[by]),
                                 rule="O-2.6"))
            elif by == viewer:
                where = ", ".join(_("card {card} into row {row}", card=c, row=r) if r != DISCARD else
                                  _("card {card} to the discard", card=c) for c, r in move.steps)
                out.append(Entry(_("Your kept cards: {where}.", where=where) if you else
                                 _("The kept cards of {name}: {where}.", name=names[by], where=where), rule="O-2.3"))
            else:
                out.append(Entry(_("{name} placed their cards (shown once everyone has placed).", name=names[by]),
                                 rule="O-2.6"))
        if a.revealed and not b.revealed:
            picks = ", ".join(_("{name}: {a} and {b}", name=names[p], a=pk[0], b=pk[1]) for p, pk in enumerate(a.revealed))
            out.append(Entry(_("The picks are shown: {picks}.", picks=picks), rule="O-2.3"))
        for p in range(len(a.rows)):
            if p == viewer:
                continue
            added = sorted({c for row in a.rows[p] for c in row} - {c for row in b.rows[p] for c in row})
            if added:
                out.append(Entry(ngettext("{name} put card {cards} into their rows.",
                                          "{name} put cards {cards} into their rows.", len(added), name=names[p],
                                          cards=", ".join(map(str, added))), rule="O-2.4"))
        done = len(a.round_scores[0])
        if done > len(b.round_scores[0]):
            scores = ", ".join(_("{name} {score}", name=names[p], score=a.round_scores[p][-1])
                               for p in range(len(a.round_scores)))
            out.append(Entry(_("Round {n} scored: {scores}.", n=done, scores=scores), rule=f"O-3.{min(done, 3)}"))
        if a.round > b.round and a.phase == "pick":
            out.append(Entry(_("Round {n}: everyone gets 10 new cards.", n=a.round), rule="O-2.1"))
        elif a.step > b.step and a.round == b.round and a.phase == "pick":
            out.append(Entry(_("The hands are passed on: step {step} of 5.", step=a.step), rule="O-2.2"))
        return out

    def score_panel(self, state, viewer, names):
        """Cards per suit in each seat's rows, and the score of each round ended (O-3): two
        tables side by side that stack on a narrow page (nine columns in one would not fit)."""
        obs = state.observation(viewer)
        cards, points = [], []
        for seat, rows in enumerate(obs.rows):
            counts = [0] * len(SUITS)
            for row in rows:
                for card in row:
                    counts[SUITS.index(_suit(card))] += 1
            scores = list(obs.round_scores[seat]) + ["–"] * (3 - len(obs.round_scores[seat]))
            who = f"<th>{escape(names[seat])}</th>"
            cards.append(f"<tr>{who}" + "".join(f"<td>{n}</td>" for n in counts) + "</tr>")
            points.append(f"<tr>{who}" + "".join(f"<td>{s}</td>" for s in scores)
                          + f"<td><b>{sum(obs.round_scores[seat])}</b></td></tr>")
        suits = "".join(f"<th>{escape(_(s))}</th>" for s in SUITS)
        rounds = "".join("<th>" + _("round {n}", n=r) + "</th>" for r in (1, 2, 3)) + "<th>" + _("total") + "</th>"
        return ('<div style="display:flex;flex-wrap:wrap;column-gap:1.5em">'
                '<table class="mk-score-table"><caption>' + _("Cards in rows per suit") + "</caption>"
                f"<tr><th></th>{suits}</tr>{''.join(cards)}</table>"
                '<table class="mk-score-table"><caption>' + _("Points per round") + "</caption>"
                f"<tr><th></th>{rounds}</tr>{''.join(points)}</table>"
                # the rule as a tag beside the tables, never in a caption (issue 30)
                f'<div class="mk-rule-tags">{rule_tag("O-3")}</div></div>')

    def replay_figure(self, state, names):
        """Each seat's score at the end of each round played so far (O-3), grouped bars (plotly's
        figure JSON: the kernel need not import plotly)."""
        done = len(state.round_scores[0])
        rounds = [_("round {n}", n=r) for r in (1, 2, 3)]
        bars = []
        for seat, scores in enumerate(state.round_scores):
            ys = list(scores) + [None] * (3 - len(scores))
            bars.append({"type": "bar", "x": rounds, "y": ys, "name": names[seat],
                         "marker": {"color": SEAT_COLOURS[seat % 4]},
                         "text": ["" if y is None else str(y) for y in ys], "textposition": "outside"})
        empty = {"text": _("no round scored yet"), "showarrow": False, "xref": "paper", "yref": "paper",
                 "x": 0.5, "y": 0.5, "font": {"size": 16}}
        # A white plot drawn on plotly's default template.
        return {"data": bars, "layout": {
            "title": {"text": _("Scores per round ({done} of 3 rounds scored)", done=done)},
            "height": 280, "barmode": "group", "plot_bgcolor": "#ffffff", "margin": {"l": 50, "r": 10, "t": 40, "b": 30},
            "yaxis": {"title": {"text": _("points in the round")}, "rangemode": "tozero", "gridcolor": "#e5e5e5"},
            "legend": {"orientation": "h", "y": -0.15}, "annotations": [] if done else [empty]}}

    def tie_break(self, result, tied, names):
        pinks = ", ".join(_("{name} {n}", name=names[p], n=result.players[p]["pink"]) for p in tied)
        return _("more pink cards wins ({pinks})", pinks=pinks)


def chosen_places(state, selection) -> tuple[tuple[int, int], ...]:
    """The placements the clicks ``selection`` have made so far in the place phase, as
    ``(card, row)`` pairs (row 0: the discard): each kept card clicked and then where it goes."""
    if state.phase != "place":
        return ()
    return tuple((int(card[5:]), DISCARD if dest == "discard" else int(dest[4:]))
                 for card, dest in zip(selection[::2], selection[1::2])
                 if card.startswith("card:") and (dest == "discard" or dest.startswith("row:")))


def _suit(card: int) -> str:
    from mandalakit.ohanami import suit_name

    return suit_name(card)


PART = OhanamiPart()
