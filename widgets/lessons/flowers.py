"""ipywidgets views of the Flowers lesson: what one play does, and what a tile table is worth.

The views hold no rule. :class:`PlayExplorer` plays the chosen cards on a copy of the
position and reads the engine's answer (face up or down, the draw, the claim marker, the
completion, or the refusal with its rule id); :class:`TileTable` checks a tile table with the
engine (:class:`mandalakit.flowers.Rules`) and scores its pairs with
:func:`mandalakit.flowers.flower_score`.

>>> from mandalakit.widgets.lessons.flowers import TileTable
>>> table = TileTable("1 1 2 2 3 x3")
>>> table.best_flower, table.pair_total, len(table.pair_scores)
(9, 76, 15)
"""

from __future__ import annotations

from collections import Counter
from html import escape
from itertools import combinations

import ipywidgets as W

from mandalakit.core.errors import MandalakitError
from mandalakit.core.messages import _, ngettext
from mandalakit.flowers import BACKS, COLOURS, X3, Play, Rules, flower_score, single_score
from mandalakit.flowers.cards import BACK_OF_COLOUR

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.lessons.pictures import layout_width, players
from mandalakit.widgets.play.log import sentence_html
from mandalakit.widgets.play.refusals import refusal_html

__all__ = ["PlayExplorer", "TileTable", "face_up_on"]


def face_up_on(state, colour: str) -> set[str]:
    """The board's targets (``"mandala:M"``) of the mandalas where one card of ``colour`` played
    by the seat to act would lie face up (a new colour there, F-3.2), by playing it on a copy.
    A mandala where the play is refused is left out.

    Raises ``ValueError`` for an unknown colour.
    """
    code, seat, out = COLOURS.index(colour), state.current_player, set()
    for m in range(len(state.observation(seat).mandalas)):
        probe = state.clone()
        try:
            probe.apply(Play(code, 1, m))
        except MandalakitError:
            continue
        before = state.observation(seat).mandalas[m].face_up[code]
        if probe.observation(seat).mandalas[m].face_up[code] != before:  # the card joined the face-up ones
            out.add(f"mandala:{m + 1}")
    return out

_CELL = ' style="padding:0.15em 0.7em;text-align:left"'


def _seat(seat: int) -> str:
    return _("player {seat:+1}", seat=seat) if seat >= 0 else _("nobody")


class PlayExplorer(W.VBox):
    """Choose cards of a hand and a mandala; see what the play does (F-3.1 to F-3.7, F-4.1).

    The play is applied to a copy of ``state``; the explanation reads the position before and
    after from the engine's observations.

    Parameters
    ----------
    state : FlowersState
        A position in the Play step (``flowers.from_position`` builds one).

    Attributes
    ----------
    colour : ipywidgets.Dropdown
        The colours of the hand of the seat to play (values are colour names).
    count : ipywidgets.Dropdown
        How many cards of that colour (1 to all of them).
    mandala : ipywidgets.ToggleButtons
        Mandala 1, 2 or 3.
    explanation : ipywidgets.HTML
        What the play does, step by step with the rule ids, or the engine's refusal.
    board : BoardView
        The position after the play, seen by the seat that played (``svg``), laid out for the
        width the page reports; empty after a refusal.
    board_title : ipywidgets.HTML
        The heading over that drawing.
    """

    def __init__(self, state):
        self.state = state
        self.seat = state.current_player
        hand = state.observation(self.seat).hand
        names = [COLOURS[c] for c in range(len(COLOURS)) if hand[c]]
        self.colour = W.Dropdown(options=[(_(n), n) for n in names], value=names[0], description=_("colour"),
                                 layout=W.Layout(width="14em"))
        self.count = W.Dropdown(options=self._counts(names[0]), value=1, description=_("cards"),
                                layout=W.Layout(width="10em"), style={"description_width": "3.5em"})
        self.mandala = W.ToggleButtons(options=[(_("mandala {n}", n=i), i) for i in (1, 2, 3)], value=1,
                                       tooltips=[_("play onto mandala {n}", n=i) for i in (1, 2, 3)],
                                       style={"button_width": "6.5em"})
        self.colour.add_class("mk-play-colour")
        self.count.add_class("mk-play-count")
        self.mandala.add_class("mk-play-mandala")
        self.explanation = W.HTML()
        self.explanation.add_class("mk-play-explanation")
        self.board_title = W.HTML()
        self.board = BoardView()  # no targets: a drawing laid out for the width the page reports
        self.board.add_class("mk-play-board")
        self.board.observe(lambda _c: self._update(), names="width")
        super().__init__([W.HBox([self.colour, self.count, self.mandala], layout=W.Layout(flex_flow="row wrap")),
                          self.explanation, self.board_title, self.board])
        self.add_class("mk-play-explorer")
        self.colour.observe(self._colour_changed, names="value")
        for w in (self.count, self.mandala):
            w.observe(lambda _c: self._update(), names="value")
        self._update()

    @property
    def move(self) -> Play:
        """The play chosen (parsed by the engine's notation)."""
        return self.state.parse_move(f"play {self.count.value} {self.colour.value} on {self.mandala.value}")

    def outcome(self):
        """The position after the chosen play (a copy), or the engine's refusal (raised)."""
        after = self.state.clone()
        after.apply(self.move)
        return after

    def _counts(self, colour: str) -> list[int]:
        return list(range(1, self.state.observation(self.seat).hand[COLOURS.index(colour)] + 1))

    def _colour_changed(self, _change) -> None:
        wanted, counts = self.count.value, self._counts(self.colour.value)
        self._quiet = True  # one update for the new colour, not one per change of the count list
        try:
            self.count.options = counts
            self.count.value = min(wanted, counts[-1])
        finally:
            self._quiet = False
        self._update()

    _quiet = False

    def _update(self) -> None:
        if self._quiet:
            return
        try:
            after = self.outcome()
        except MandalakitError as refusal:
            self.explanation.value = refusal_html(refusal, _("Choose fewer cards or another mandala."))
            self.board_title.value = self.board.svg = ""
            return
        self.explanation.value = "<ol>" + "".join(f"<li>{line}</li>" for line in self.steps(after)) + "</ol>"
        self.board_title.value = ("<p><b>" + escape(_("After the play")) + "</b> "
                                  + escape(_("(seen by player {seat:+1})", seat=self.seat)) + "</p>")
        # The seats named as the steps above name them ("Player 1"), not "You".
        self.board.svg = after.to_svg(self.seat, width=layout_width(self.board.width), names=players(after.num_players))

    def steps(self, after) -> list[str]:
        """The four steps of the turn (F-3), one HTML sentence each, read from the engine."""
        seat, c, k, i = self.seat, COLOURS.index(self.colour.value), self.count.value, self.mandala.value - 1
        colour = _(COLOURS[c])
        before_obs = self.state.observation(seat)
        after_obs = after.observation(seat)
        m = before_obs.mandalas[i]
        # Play (F-3.2): face up only if the colour is new to the mandala.
        tiles = [t for t in m.tiles if t.colour == c]
        owner, _n = m.face_up[c]
        if tiles:
            face = _("Face down (F-3.2): {colour} is a tile colour of mandala {n} ({tile}).",
                     colour=colour, n=i + 1, tile=tiles[0].words)
        elif owner >= 0:
            face = _("Face down (F-3.2): {owner}'s {colour} cards already lie face up on mandala {n}.",
                     owner=_seat(owner), colour=colour, n=i + 1)
        else:
            face = _("Face up (F-3.2): {colour} is new to mandala {n} (no tile and no face-up card of that colour).",
                     colour=colour, n=i + 1)
        lines = [_("Play: {cards} from player {seat:+1}'s hand onto mandala {n}.",
                   cards=ngettext("{n} {colour} card", "{n} {colour} cards", k, colour=colour), seat=seat, n=i + 1)
                 + " " + face]
        # Draw (F-3.3).
        drawn = after_obs.hand_sizes[seat] - (before_obs.hand_sizes[seat] - k)
        lines.append(_("Draw (F-3.3): {drawn}; player {seat:+1} now holds {hand}.",
                       drawn=ngettext("{n} card drawn", "{n} cards drawn", drawn) if drawn else
                       _("nothing drawn (a play of 2 or more cards, or 8 cards in hand)"),
                       seat=seat, hand=ngettext("{n} card", "{n} cards", after_obs.hand_sizes[seat])))
        # Check (F-3.6): who holds the claim marker after the play.
        counts = "; ".join(_("{who}: {cards}, {up} face up", who=_seat(q), up=m.face_up_totals[q],
                             cards=ngettext("{n} card", "{n} cards", m.totals[q])) for q in range(len(m.totals)))
        resolved = after_obs.pending != i and after_obs.mandalas[i].tiles != m.tiles
        if resolved:  # the holder took both tiles at once (F-4.2): the seat that gained two
            gained = [len(after_obs.singles[q]) + 2 * len(after_obs.flowers[q])
                      - len(before_obs.singles[q]) - 2 * len(before_obs.flowers[q]) for q in range(len(m.totals))]
            holder = gained.index(2)
        else:
            holder = after_obs.mandalas[i].claim
        if holder == m.claim:
            check = _("Check (F-3.6): the claim marker stays with {holder}.", holder=_seat(holder))
        else:
            check = _("Check (F-3.6): player {seat:+1} takes the claim marker from {holder}.", seat=seat,
                      holder=_seat(m.claim))
        lines.append(check + " " + _("Cards there before the play: {counts}.", counts=counts))
        # Complete (F-3.7, F-4).
        if after_obs.pending == i:
            lines.append(_("Complete (F-3.7): all six colours are there. {holder} (claim marker) chooses a tile "
                           "(F-4.1); {runner} takes the other (F-4.2).", holder=_seat(holder).capitalize(),
                           runner=_seat(after_obs.runner_up)))
        elif resolved:
            lines.append(_("Complete (F-3.7): all six colours are there. {holder} (claim marker) takes both tiles: "
                           "no other seat with a face-up card there has more cards, or they tie (F-4.2).",
                           holder=_seat(holder).capitalize()))
        else:
            missing = ", ".join(_(COLOURS[x]) for x in after_obs.mandalas[i].missing())
            lines.append(_("Not complete (F-3.7): still missing {missing}.", missing=missing))
        return [sentence_html(line) for line in lines]  # the rule ids as tags after each line


class TileTable(W.VBox):
    """The Flowers of one colour's six tiles: every pair scored, for any tile faces (F-1.5, F-5.4).

    The faces are given for one colour and used for all six, as in the default table; the
    36-row table is checked by the engine (:class:`mandalakit.flowers.Rules`), so a bad face
    is refused with its rule id.

    Parameters
    ----------
    faces : str
        Six faces separated by spaces: numbers of flowers, or ``×3`` (``x3`` too) for the
        multiplier, as the tile shows it.

    Attributes
    ----------
    faces_text : ipywidgets.Text
    table : ipywidgets.HTML
        One row per kind of pair: how many of the 15 pairs, the Flower's score, the two tiles
        left single, what pairing adds.
    """

    def __init__(self, faces: str = "1 1 2 2 3 ×3"):
        self.faces_text = W.Text(value=faces, description=_("the six faces"), continuous_update=False,
                                 placeholder="1 1 2 2 3 ×3", style={"description_width": "initial"},
                                 layout=W.Layout(width="24em", max_width="100%"))
        self.faces_text.add_class("mk-tile-faces")
        self.table = W.HTML()
        self.table.add_class("mk-tile-table")
        super().__init__([self.faces_text, self.table])
        self.add_class("mk-tile-table-view")
        self.faces_text.observe(lambda _c: self._update(), names="value")
        self._update()

    @property
    def rules(self) -> Rules:
        """The engine's checked rules with these faces for every colour (raises RulesError)."""
        words = self.faces_text.value.split()
        rows = [(BACKS[BACK_OF_COLOUR[c]], name, w) for c, name in enumerate(COLOURS) for w in words]
        return Rules(tiles=rows)

    @property
    def faces(self) -> tuple[int, ...]:
        """The six faces of one colour as the engine reads them (``X3`` is 0)."""
        ts = self.rules.tile_set
        return tuple(ts.tiles[t].face for t in ts.stack(BACK_OF_COLOUR[0]) if ts.tiles[t].colour == 0)

    @property
    def pair_scores(self) -> list[int]:
        """The score of each of the 15 pairs of one colour's six tiles (F-5.4)."""
        return [flower_score(a, b) for a, b in combinations(self.faces, 2)]

    @property
    def pair_total(self) -> int:
        return sum(self.pair_scores)

    @property
    def best_flower(self) -> int:
        return max(self.pair_scores)

    def _update(self) -> None:
        try:
            faces = self.faces
        except MandalakitError as refusal:
            self.table.value = refusal_html(refusal, _("Write six faces, such as 1 1 2 2 3 ×3."))
            return
        kinds = Counter(tuple(sorted((a, b), key=lambda f: (f != X3, -f))) for a, b in combinations(faces, 2))
        rows = []
        for (a, b), n in sorted(kinds.items(), key=lambda kv: -flower_score(*kv[0])):
            label = f"{_face(a)} + {_face(b)}"
            score, apart = flower_score(a, b), single_score(a) + single_score(b)
            rows.append("<tr>" + "".join(f"<td{_CELL}>{v}</td>" for v in (escape(label), n, score, apart,
                                                                           f"{score - apart:+d}")) + "</tr>")
        pairs = len(self.pair_scores)
        singles = sum(single_score(f) for f in faces)
        summary = _("Over the {pairs} pairs a Flower scores {mean:.2f} on average (at best {best}); a single tile "
                    "scores {single:.2f} on average.", pairs=pairs, mean=self.pair_total / pairs,
                    best=self.best_flower, single=singles / len(faces))
        self.table.value = (
            '<table class="mk-pairs"><tr>'
            + "".join(f"<th{_CELL}>{escape(h)}</th>" for h in (_("Flower"), _("how many of the pairs"), _("scores"),
                                                                _("as two singles"), _("pairing adds")))
            + "</tr>" + "".join(rows) + f"</table><p>{escape(summary)}</p>")


def _face(face: int) -> str:
    return "×3" if face == X3 else str(face)
