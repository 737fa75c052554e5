"""ipywidgets views of the Mandala lesson: the rule of colour on a position, and river × cup.

The views hold no rule. :class:`ColourRule` asks the engine whether each area takes a card
(by applying the move to a copy of the position: an :class:`~mandalakit.IllegalMoveError`
names the rule that refuses it); :class:`RiverScore` scores with
:func:`mandalakit.mandala.river_score`.

>>> from mandalakit.widgets.lessons.mandala import RiverScore
>>> calc = RiverScore(["red", "green", "black"], {"red": 3, "green": 2, "purple": 4})
>>> calc.score, calc.best_score       # M-8: 1·3 + 2·2 = 7; red on space 3 would give 13
(7, 13)

Where a card may go, asked of the engine (M-3): the board's areas that take it.

>>> from mandalakit import mandala
>>> state = mandala.from_position({"hands": [{"purple": 1, "red": 1}, {"green": 1}],
...                                "fields": {"A": [{}, {"purple": 1}]}})
>>> sorted(areas_for(state, "purple"))
['field:B', 'mountain:B']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape

import ipywidgets as W

from mandalakit.core.errors import IllegalMoveError, as_written
from mandalakit.core.messages import _, ngettext
from mandalakit.core.svg import colour_name
from mandalakit.mandala import COLOURS, MANDALAS, Field, Mountain, river_score
from mandalakit.mandala.cards import PER_COLOUR, RIVER_SPACES

from mandalakit.core import svg as _svg

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.lessons.pictures import layout_width, players
from mandalakit.widgets.lessons.rules import rule_html, rule_tag
from mandalakit.widgets.play.log import sentence_html

__all__ = ["ColourRule", "RiverScore", "areas_for", "river_picture", "verdicts"]

_YES, _NO = "✓", "✗"
#: A cell of the river table: narrow padding, so that its six columns fit a 420 px phone in French too.
_CELL = ' style="padding:0.15em 0.35em;text-align:left"'
#: A whole number as typed in a cup box: a sign, then digits (leading zeros apart).
_WHOLE = re.compile(r"([+-]?)0*([0-9]+)")
#: More digits than this cannot be a count of cards either way; such a number is compared as 10**6.
_MOST_DIGITS = 6


def _cards(typed: str) -> int | None:
    """The number of cards typed in a cup box (an empty box is 0), or ``None`` if it is not a
    whole number (``"3.5"``, ``"three"``)."""
    if not typed.strip():
        return 0
    whole = _WHOLE.fullmatch(typed.strip())
    if whole is None:
        return None
    digits = whole[2]
    n = int(digits) if len(digits) <= _MOST_DIGITS else 10**_MOST_DIGITS
    return -n if whole[1] == "-" else n


def verdicts(state, colour: str) -> list[tuple[str, object, IllegalMoveError | None]]:
    """``(target, move, refusal)`` for each area the seat to act may play into (M-3.3), for one
    card of ``colour``; ``refusal`` is ``None`` if the area takes it. The engine is asked by
    applying the move to a copy of ``state``. ``target`` is the board's id of the area
    (``"mountain:A"``, ``"field:B"``).

    Raises ``ValueError`` for an unknown colour.
    """
    code = COLOURS.index(colour)
    out = []
    for m, name in enumerate(MANDALAS):
        for target, move in ((f"mountain:{name}", Mountain(m, code)), (f"field:{name}", Field(m, code, 1))):
            probe = state.clone()
            try:
                probe.apply(move)
            except IllegalMoveError as refusal:
                out.append((target, move, refusal))
            else:
                out.append((target, move, None))
    return out


def areas_for(state, colour: str) -> set[str]:
    """The board's targets of the areas that take one card of ``colour`` from the seat to act
    (the rule of colour, M-3), by :func:`verdicts`."""
    return {target for target, _move, refusal in verdicts(state, colour) if refusal is None}


def river_picture(river: Sequence[str], cup: Mapping[str, int]) -> W.HTML:
    """A river and a cup drawn with the game's cards, each river space with its value and the
    points its colour scores (M-7.3): space value × cards of that colour in the cup, and the total.
    Cup colours missing from the river are drawn apart, worth 0.

    Raises ``ValueError`` for an unknown colour.
    """
    w, h, col = 44, 54, 64
    counts = [cup.get(c, 0) for c in COLOURS]
    parts = [_svg.text(10, 16, _("river"), size=14, weight="bold")]
    terms = []
    for space, colour in enumerate(river, 1):
        x = 70 + (space - 1) * col
        parts.append(_svg.text(x + w / 2, 16, _("space {n}", n=space), size=12, anchor="middle"))
        parts.append(_svg.card(x, 24, colour, space, w=w, h=h))
        n = counts[COLOURS.index(colour)]
        parts.append(_svg.card(x, 24 + h + 26, colour, n, w=w, h=h, count=n))
        parts.append(_svg.text(x + w / 2, 24 + 2 * h + 46, f"{space} × {n}", size=12, anchor="middle"))
        terms.append(space * n)
    parts.append(_svg.text(10, 24 + h + 26 + 32, _("cup"), size=14, weight="bold"))
    x = 70 + len(river) * col + 20
    for c, n in zip(COLOURS, counts):
        if n and c not in river:
            parts.append(_svg.card(x, 24 + h + 26, c, n, w=w, h=h, count=n))
            parts.append(_svg.text(x + w / 2, 24 + 2 * h + 46, _("0: not in the river"), size=11, anchor="middle"))
            x += col + 40
    total = river_score([COLOURS.index(c) for c in river], counts)
    sums = " + ".join(map(str, terms))
    line = _("score = {sums} = {total}", sums=sums, total=total)
    parts.append(_svg.text(10, 24 + 2 * h + 76, line, size=14, weight="bold"))
    svg = _svg.document(max(x, 70 + len(river) * col) + 20, 24 + 2 * h + 86, parts, line)
    return W.HTML(f'<div class="mk-river-picture">{svg}</div>')


class ColourRule(W.VBox):
    """Choose a card of a hand and see which areas take it, and why (rule of colour, M-3).

    For each of the four areas a seat may play into (M-3.3: the two mountains and its own two
    fields) the engine is asked to play one card of the chosen colour there, on a copy of the
    position. A refusal gives the rule id and the engine's sentence; the rule's own text is
    quoted under the table.

    Parameters
    ----------
    state : MandalaState
        A position at the start of a turn (``mandala.from_position`` builds one).
    seat : int, optional
        Whose hand the cards come from; default the seat to act.

    Attributes
    ----------
    colour : ipywidgets.Dropdown
        The colours in the seat's hand (values are colour names). Clicking a card of the hand
        on the board chooses it too.
    board : BoardView
        The position seen by ``seat``; the chosen card is outlined, the areas that take it
        are highlighted.
    table : ipywidgets.HTML
        One row per area: ✓ or ✗, with the reason.
    """

    def __init__(self, state, seat: int | None = None):
        self.state = state
        self.seat = state.current_player if seat is None else seat
        hand = state.observation(self.seat).hand
        names = [COLOURS[c] for c in range(len(COLOURS)) if hand[c]]
        self.colour = W.Dropdown(options=[(_(name), name) for name in names], value=names[0],
                                 description=_("card"), layout=W.Layout(width="14em"))
        self.colour.add_class("mk-colour-choice")
        self.board = BoardView(chips_label=_("Choices"))
        self.board.on_target(self._click)
        self.table = W.HTML()
        self.table.add_class("mk-colour-table")
        super().__init__([self.colour, self.board, self.table])
        self.add_class("mk-colour-rule")
        self.colour.observe(lambda _c: self._update(), names="value")
        self.board.observe(lambda _c: self._draw(), names="width")  # a narrow page gets a narrow layout
        self._update()

    def verdicts(self, colour: str | None = None) -> list[tuple[str, object, IllegalMoveError | None]]:
        """:func:`verdicts` of the position for ``colour`` (default: the chosen one)."""
        return verdicts(self.state, colour or self.colour.value)

    def _click(self, target: str) -> None:
        kind, _sep, name = target.partition(":")
        if kind == "hand" and name in [value for _label, value in self.colour.options]:
            self.colour.value = name

    def _why_taken(self, target: str, colour: str) -> str:
        """Why the rule of colour lets the card in (read from the public position)."""
        kind, _sep, name = target.partition(":")
        m, c = MANDALAS.index(name), COLOURS.index(colour)
        obs = self.state.observation(self.seat)
        here = obs.mountains[m] if kind == "mountain" else obs.fields[m][self.seat]
        if here[c]:
            return _("{Colour} already lies here, so more {colour} may join it (M-3.1).",
                     Colour=_(colour).capitalize(), colour=_(colour))
        return _("No {colour} lies in mandala {mandala} yet (M-3.1).", colour=_(colour), mandala=name)

    def _area_name(self, target: str) -> str:
        kind, _sep, name = target.partition(":")
        return _("mountain {mandala}", mandala=name) if kind == "mountain" else \
            _("your field of mandala {mandala}", mandala=name)

    def _draw(self, verdicts=None) -> None:
        """The board with the chosen card and the areas that take it outlined, laid out for the
        width the page reports."""
        colour = self.colour.value
        marks = {f"hand:{colour}": "selected"}
        marks.update({target: "active" for target, _move, refusal in verdicts or self.verdicts(colour)
                      if refusal is None})
        self.board.svg = self.state.to_svg(self.seat, marks=marks, width=layout_width(self.board.width),
                                           names=players(self.state.num_players))

    def _update(self) -> None:
        colour = self.colour.value
        verdicts = self.verdicts(colour)
        self._draw(verdicts)
        rows, rules = [], []
        for target, move, refusal in verdicts:
            if refusal is None:
                probe = self.state.clone()
                probe.apply(move)
                done = probe.destroying >= 0 or probe.is_terminal()
                why = sentence_html(self._why_taken(target, colour) + (
                    " " + _("It completes the mandala: all six colours (M-5.1).") if done else ""))
                verdict = f'<span class="mk-yes" style="color:#006000"><b>{_YES} ' + _("takes it") + "</b></span>"
            else:
                why = sentence_html(refusal.message, [refusal.rule])
                verdict = f'<span class="mk-no" style="color:#a00000"><b>{_NO} ' + escape(_("refused")) + "</b></span>"
                if refusal.rule not in rules:
                    rules.append(refusal.rule)
            rows.append(f"<tr><td>{escape(self._area_name(target))}</td><td>{verdict}</td>"
                        f"<td>{why}</td></tr>")
        quoted = "".join(f'<p class="mk-rule-text">{rule_html(rule)} {rule_tag(rule)}</p>' for rule in rules)
        caption = _("Where can Player {n} play one {colour} card?", n=self.seat + 1, colour=_(colour))
        head = "".join(f"<th>{h}</th>" for h in (_("area"), _("verdict"), _("why")))
        self.table.value = (f'<table class="mk-verdicts"><caption>{escape(caption)}</caption><tr>{head}</tr>'
                            + "".join(rows) + "</table>" + quoted)


class RiverScore(W.VBox):
    """The score of a river and a cup (M-7.3), and the best order of the same river.

    score = Σ over the river's colours of (space value × cup cards of that colour). Putting
    the colours with the most cup cards on the highest spaces gives the most points (the
    rearrangement inequality); the opposite order gives the fewest.

    Parameters
    ----------
    river : sequence of str
        Colour names, left (space 1) to right; at most 6, each once.
    cup : mapping of str to int
        Cup cards per colour name (missing colours: 0).
    table : bool
        Show the table of each river colour's points and best space (default); ``False`` keeps
        the calculator short (the sum and the best order stay).

    Attributes
    ----------
    spaces : list of ipywidgets.Dropdown
        Spaces 1 to 6; value a colour name or ``""`` for an empty space.
    cup : dict of str to ipywidgets.Text
        Cup cards per colour, as typed (read when Enter is pressed or the box is left; an
        empty box counts 0). A value that is not a whole number of cards (``"3.5"``), or a
        count below 0 or above what the game has (18 of a colour, M-1.1, one of them on the
        river if the colour is there), stays as typed; ``total`` says why it cannot be and no
        score is shown. Set a count with ``cup["red"].value = "9"``.
    total : ipywidgets.HTML
        The sum written out, the best and the worst order, or why the river is impossible.
    table : ipywidgets.HTML
        One row per river colour: its space, cup cards and points, in the order shown and in
        the best order.

    Raises
    ------
    ValueError
        For more than 6 river colours or a name that is not a Mandala colour.
    """

    def __init__(self, river: Sequence[str] = (), cup: Mapping[str, int] | None = None, *, table: bool = True):
        river = list(river)
        if len(river) > RIVER_SPACES or any(c not in COLOURS for c in river):
            raise ValueError(f"A river holds at most {RIVER_SPACES} of the colours {', '.join(COLOURS)}: {river!r}")
        options = [("—", "")] + [(_(name), name) for name in COLOURS]
        self.spaces = [W.Dropdown(options=options, value=river[i] if i < len(river) else "",
                                  description=_("space {n}", n=i + 1), style={"description_width": "initial"},
                                  layout=W.Layout(width="auto")) for i in range(RIVER_SPACES)]  # « emplacement 6 » fits
        cup = dict(cup or {})
        # Text, not IntText: the browser's number box drops what it cannot read ("3.5" became 35),
        # and a box that silently turned -3 into 0 or 99 into 18 would teach nothing either; the
        # value typed stays and :attr:`problem` says why it cannot be (M-1.1).
        self.cup = {name: W.Text(value=str(cup.get(name, 0)), description=_(name), continuous_update=False,
                                 style={"description_width": "5.5em"}, layout=W.Layout(width="9.5em"))  # « vermelha » fits
                    for name in COLOURS}
        for i, w in enumerate(self.spaces):
            w.add_class(f"mk-space-{i + 1}")
        for name, w in self.cup.items():
            w.add_class(f"mk-cup-{name}")
        self.total = W.HTML()
        self.total.add_class("mk-river-total")
        self.table = W.HTML(layout=W.Layout(overflow="auto", max_width="100%"))  # a wide table scrolls on a phone
        self.table.add_class("mk-river-table")
        self.table.layout.display = None if table else "none"  # table=False: a short calculator for a lesson's core
        wrap = W.Layout(flex_flow="row wrap")
        super().__init__([W.HTML("<b>" + escape(_("River, left to right (space value 1 to 6)")) + "</b>"),
                          W.HBox(self.spaces, layout=wrap),
                          W.HTML("<b>" + escape(_("Cards in the cup")) + "</b>"),
                          W.HBox(list(self.cup.values()), layout=wrap),
                          self.total, self.table])
        self.add_class("mk-river-score")
        for w in [*self.spaces, *self.cup.values()]:
            w.observe(lambda _c: self._update(), names="value")
        self._update()

    # ----- the engine's answers ----------------------------------------------------------------
    @property
    def river(self) -> list[int]:
        """The river as colour codes, left to right (the filled spaces)."""
        return [COLOURS.index(w.value) for w in self.spaces if w.value]

    @property
    def cup_counts(self) -> list[int]:
        """Cup cards per colour code.

        Raises
        ------
        ValueError
            If a cup box does not hold a whole number (:attr:`problem` says which).
        """
        counts = [_cards(self.cup[name].value) for name in COLOURS]
        if None in counts:
            raise ValueError(self.problem)
        return counts

    @property
    def problem(self) -> str:
        """Why the river and cup shown cannot happen in a game (with the rule id), or ``""``."""
        values = [w.value for w in self.spaces]
        filled = [i for i, v in enumerate(values) if v]
        if filled and filled[-1] + 1 != len(filled):
            first_gap = values.index("") + 1
            return _("Space {n} is empty but a space to its right is not: a picked colour goes on the leftmost "
                     "empty space (M-5.4).", n=first_gap)
        seen = set()
        for v in values:
            if v and v in seen:
                return _("{colour} is on two spaces: a colour already in the river goes to the cup (M-5.4).",
                         colour=_(v).capitalize())
            seen.add(v)
        for name in COLOURS:
            typed, most = self.cup[name].value, PER_COLOUR - (name in seen)  # the river holds one card (M-5.4)
            count, n, colour = _cards(typed), as_written(typed.strip()), _(name).capitalize()
            if count is None:
                return _("{colour} in the cup: {n} is not a whole number of cards (M-1.1). Type a number from 0 to "
                         "{most}.", colour=colour, n=n, most=most)
            if count < 0:
                return _("{colour} in the cup: {n} is below zero, and a cup cannot hold fewer than 0 cards. "
                         "Type a number from 0 to {most}.", colour=colour, n=n, most=most)
            if count > most and name in seen:
                return _("{colour} in the cup: {n} is more than the game has. There are {total} {colours} cards in "
                         "all (M-1.1) and one lies on the river, so the cup holds at most {most}.", colour=colour,
                         n=n, total=PER_COLOUR, colours=colour_name(name, PER_COLOUR), most=most)
            if count > most:
                return _("{colour} in the cup: {n} is more than the game has. There are {total} {colours} cards in "
                         "all (M-1.1), so a cup holds at most {total}.", colour=colour, n=n, total=PER_COLOUR,
                         colours=colour_name(name, PER_COLOUR))
        return ""

    @property
    def score(self) -> int:
        """The score of the river and cup shown (engine: ``river_score``, M-7.3)."""
        return river_score(self.river, self.cup_counts)

    @property
    def best_river(self) -> list[int]:
        """The same colours with the most cup cards on the highest spaces."""
        cup = self.cup_counts
        return sorted(self.river, key=lambda c: cup[c])

    @property
    def best_score(self) -> int:
        return river_score(self.best_river, self.cup_counts)

    @property
    def worst_score(self) -> int:
        """The score of the opposite order: the most cup cards on the lowest spaces."""
        cup = self.cup_counts
        return river_score(sorted(self.river, key=lambda c: -cup[c]), cup)

    def _update(self) -> None:
        problem = self.problem
        if problem:
            self.total.value = (f'<div class="mk-river-problem" role="status" style="color:#a00000">{sentence_html(problem)}'
                                "</div>")
            self.table.value = ""
            return
        river, cup = self.river, self.cup_counts
        # "3 × 2 red": the colour agrees with its count of cup cards ("2 vermelhas", "1 rouge")
        terms = [f"{space} × " + escape(_("{n} {colour}", n=cup[c], colour=colour_name(COLOURS[c], cup[c])))
                 for space, c in enumerate(river, 1)]
        unscored = sum(cup) - sum(cup[c] for c in river)
        lines = [
            _("score = {terms} = {score}", terms=" + ".join(terms) or "0",
              score=f'<b class="mk-river-value">{self.score}</b>'),
            escape(ngettext("{n} cup card of a colour not in the river scores 0 (M-7.3).",
                            "{n} cup cards of colours not in the river score 0 (M-7.3).", unscored))
            if unscored else "",
            escape(_("Best order of these colours: {order}, for {best} points; the opposite order gives {worst}.",
                     order=", ".join(_(COLOURS[c]) for c in self.best_river) or "—",
                     best=self.best_score, worst=self.worst_score)),
        ]
        self.total.value = "".join(f"<p>{line}</p>" for line in lines if line)
        best_space = {c: i for i, c in enumerate(self.best_river, 1)}
        # Translators: a long word of these headers may hold a soft hyphen (U+00AD), to break on a 420 px phone.
        head = (_("colour"), _("space"), _("cup cards"), _("points"), _("best space"), _("points there"))
        rows = [(escape(_(COLOURS[c])), space, cup[c], space * cup[c], best_space[c], best_space[c] * cup[c])
                for space, c in enumerate(river, 1)]
        total = escape(_("total"))
        self.table.value = (
            '<table class="mk-river-rows"><tr>' + "".join(f"<th{_CELL}>{escape(h)}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td{_CELL}>{v}</td>" for v in row) + "</tr>" for row in rows)
            + f'<tr><td{_CELL} colspan="3">{total}</td><td{_CELL}><b>{self.score}</b></td><td{_CELL}></td>'
            f"<td{_CELL}><b>{self.best_score}</b></td></tr></table>" if rows else "")
