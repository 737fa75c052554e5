"""SVG drawing of a Flowers position, as one seat sees it (F-2.4).

Drawing reads only :meth:`FlowersState.observation` of the viewing seat (plus the rules and,
at the end, the result), so it cannot show another seat's hand. It returns SVG text and
imports no widget library. Every card and tile carries its colour's name and symbol besides
its fill (:mod:`mandalakit.core.svg`).

Click targets (:func:`mandalakit.core.svg.target`): ``hand:<colour>`` on each colour of the
viewing seat's hand, ``mandala:N`` (N = 1..3) on the viewing seat's side of each mandala
(F-3.1) and, while a completed mandala waits for the claim holder's choice, ``tile:<colour>``
on each of its two tiles (F-4.1, notation ``take red``).

>>> from mandalakit import flowers
>>> svg = flowers.new_game(2, seed=1).to_svg()
>>> svg.startswith("<svg") and "Mandala 1" in svg and 'data-mk-target="mandala:3"' in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import _, ngettext
from .cards import COLOURS, NUM_COLOURS, NUM_MANDALAS
from .tiles import X3

WIDTH = 960
MARGIN = 10
CARD_W, CARD_H, GAP = 44, 54, 3
TILE_R = 24
LINE = 16
COLUMN_MIN = 280  # the narrowest column a mandala is drawn in
SMALLEST = 320  # the narrowest layout: the mandalas one above the other
INFO_X = 118  # claim marker text and missing colours, right of the two tiles


def _face(tile) -> tuple[str, str]:
    """The face as printed (``"×3"`` or ``"2"``) and in words."""
    if tile.face == X3:
        return "×3", _("multiplier ×3")
    return tile.face_text, ngettext("{n} flower", "{n} flowers", tile.face)


def _tile(x: float, y: float, tile, caption: str = "") -> str:
    """A half-flower tile: a disc in its colour with its symbol, face and colour name (F-1.4)."""
    colour = COLOURS[tile.colour]
    bg, fg = _svg.PALETTE[colour]
    face, words = _face(tile)
    title = _("{colour} tile, {face}{caption}", colour=_svg.colour_name(colour), face=words, caption=caption)
    cx, cy = x + TILE_R, y + TILE_R
    return (f'<g><title>{escape(title)}</title><circle cx="{cx:g}" cy="{cy:g}" r="{TILE_R}" fill="{bg}" '
            f'stroke="#333333"/>'
            + _svg.symbol(cx - 16, cy - 14, colour, fg, size=11)
            + _svg.text(cx + 5, cy - 3, face, size=14, anchor="middle", colour=fg, weight="bold")
            + _svg.text(cx, cy + 10, _svg.colour_name(colour), size=_svg.MIN_FONT, anchor="middle", colour=fg)
            + "</g>")


def _to_act(obs) -> str:
    if obs.to_act == TERMINAL:
        return _("game over")
    if obs.to_act == CHANCE:
        return _("waiting for a shuffle")
    if obs.phase == "choose":
        return _("seat {seat} (claim holder) chooses a tile of mandala {mandala}; seat {other} gets the other",
                 seat=obs.to_act, mandala=obs.pending + 1, other=obs.runner_up)
    return _("seat {seat} to play", seat=obs.to_act)


def _seat_cards(view, seat: int, x0: float, y: float, col_w: float) -> tuple[list[str], float]:
    """A seat's cards on one mandala: face up (filled) then face down (dashed), wrapping in the column."""
    items = [(CARD_W + GAP, (c, n, False)) for c, (owner, n) in enumerate(view.face_up) if owner == seat and n]
    items += [(CARD_W + GAP, (c, n, True)) for c, n in enumerate(view.face_down(seat)) if n]
    placed, height = _svg.flow(x0 + 8, y, items, x0 + col_w - 8, CARD_H + 4)
    parts = [_svg.card(x, yy, COLOURS[c], n, w=CARD_W, h=CARD_H, face_down=down, count=n) for x, yy, (c, n, down) in placed]
    return parts, height


def _mandala(obs, i: int, player: int, n: int, x0: float, top: float, col_w: float, marks, names,
             ) -> tuple[list[str], float]:
    """Mandala ``i`` in a column ``col_w`` px wide from ``x0``: tiles, claim marker, missing colours
    and every seat's cards there."""
    view = obs.mandalas[i]
    room = col_w - INFO_X - 8  # right of the tiles
    parts: list[str] = []
    yy = top + 20
    parts.append(_svg.text(x0 + 8, yy, _("Mandala {mandala}", mandala=i + 1), size=14, weight="bold"))
    if view.claim >= 0:  # the claim marker: a black disc with the holder's seat number (F-3.6)
        parts.append(f'<circle cx="{x0 + 104:g}" cy="{yy - 5:g}" r="9" fill="#000000"/>')
        parts.append(_svg.text(x0 + 104, yy - 1, view.claim, size=_svg.MIN_FONT, anchor="middle", colour="#ffffff",
                               weight="bold"))
        parts.append(_svg.text(x0 + INFO_X, yy, _("claim marker: seat {seat}", seat=view.claim), size=12))
    else:
        parts.append(_svg.text(x0 + INFO_X, yy, _("unclaimed"), size=12))
    yy += 8
    extra = 0
    if view.tiles:
        choosing = obs.phase == "choose" and obs.pending == i  # F-4.1
        for j, (tile, back) in enumerate(zip(view.tiles, (_("dark back"), _("light back")))):
            x = x0 + 8 + j * (2 * TILE_R + 6)
            drawn = _tile(x, yy, tile, _(", {back}", back=back))
            if choosing:
                colour = COLOURS[tile.colour]
                words = _("take the {colour} tile, {face}", colour=_svg.colour_name(colour), face=_face(tile)[1])
                drawn = _svg.target(f"tile:{colour}", words, (x, yy, 2 * TILE_R, 2 * TILE_R), drawn, marks)
            parts.append(drawn)
        missing = [_svg.colour_name(COLOURS[c]) for c in view.missing()]  # F-3.7
        if missing:
            parts.append(_svg.text(x0 + INFO_X, yy + 18, ngettext("{n} colour missing:", "{n} colours missing:",
                                                                  len(missing)), size=12))
            # two lines fit beside the tiles; a third pushes the seats' cards down
            extra = max(0, _svg.lines(parts, x0 + INFO_X, yy + 34, ", ".join(missing), room) - LINE)
        else:
            parts.append(_svg.text(x0 + INFO_X, yy + 18, _("complete"), size=12))
    elif obs.phase == "setup":
        extra = _svg.lines(parts, x0 + 8, yy + 20, _("tiles not placed yet (setup, F-2.2)"), col_w - 16)
    else:
        extra = _svg.lines(parts, x0 + 8, yy + 20, _("no tiles: the stacks ran out (F-5.2)"), col_w - 16)
    yy += 2 * TILE_R + 10 + extra
    for seat in range(n):
        cards = ngettext("{n} card", "{n} cards", view.totals[seat])
        if names is not None:  # a replay names the seats by their players: "you" would be a bot
            label = _("{name}: {cards}, {up} face up", name=_svg.seat_head(seat, player, names), cards=cards,
                      up=view.face_up_totals[seat])
        elif seat == player:
            label = _("you, seat {seat}: {cards}, {up} face up", seat=seat, cards=cards, up=view.face_up_totals[seat])
        else:
            label = _("seat {seat}: {cards}, {up} face up", seat=seat, cards=cards, up=view.face_up_totals[seat])
        head: list[str] = []
        extra = _svg.lines(head, x0 + 8, yy + 13, label, col_w - 16, weight="bold" if seat == player else "normal")
        drawn, height = _seat_cards(view, seat, x0, yy + 18 + extra, col_w)
        height += extra
        if seat == player:  # F-3.1: the viewing seat plays onto its own side; always a box to click
            height = max(height, CARD_H + 4)
            box = (x0 + 4, yy, col_w - 8, height + 20)
            side = [_svg.rect(*box, stroke=_svg.MUTED, dash=True)]
            words = _("mandala {mandala}, your side: {cards}", mandala=i + 1,
                      cards=_svg.counts_words(view.cards[seat], COLOURS))
            parts.append(_svg.target(f"mandala:{i + 1}", words, box, side + head + drawn, marks))
            yy += height + 24
        else:
            parts += head + drawn
            yy += height + 20
    return parts, yy + 4


def _seat(obs, seat: int, player: int, y: float, right: float, marks, names) -> tuple[list[str], float]:
    """One seat's lines: score, hand (the viewer's own only, F-2.4), Flowers and unpaired tiles.

    The hand and the tiles wrap at ``right``.
    """
    parts: list[str] = []
    own = seat == player
    flowers = obs.flowers[seat]
    head = _svg.seat_head(seat, player, names)
    head = _("{head} · score {score} · {flowers} · {hand} in hand", head=head, score=obs.scores[seat],
             flowers=ngettext("{n} Flower", "{n} Flowers", len(flowers)),
             hand=ngettext("{n} card", "{n} cards", obs.hand_sizes[seat]))
    if seat == obs.to_act:  # the seat that decides now (the claim holder while a tile is chosen, F-4.1)
        head = _("{head} · this seat's turn", head=head)
    y += 16
    y += _svg.lines(parts, MARGIN, y, head, right - MARGIN, size=13, weight="bold") + 6
    if own and any(obs.hand):
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("hand"), size=12, weight="bold"))
        colours = [(CARD_W + GAP, c) for c in range(NUM_COLOURS) if obs.hand[c]]
        placed, height = _svg.flow(MARGIN + 44, y, colours, right + GAP, CARD_H + 6)
        for x, yy, c in placed:
            words = ngettext("{n} {colour} card in your hand", "{n} {colour} cards in your hand", obs.hand[c],
                             colour=_svg.colour_name(COLOURS[c], obs.hand[c]))
            drawn = _svg.card(x, yy, COLOURS[c], obs.hand[c], w=CARD_W, h=CARD_H, count=obs.hand[c])
            parts.append(_svg.target(f"hand:{COLOURS[c]}", words, (x, yy, CARD_W, CARD_H), drawn, marks))
        y += height
    # Flowers, then unpaired tiles, each kind after its label (kept on the line of its first tile)
    groups = ((_("Flowers"), 56, 4 * TILE_R + 18, flowers),
              (_("unpaired"), 60, 2 * TILE_R + 6, [(t,) for t in obs.singles[seat]]))
    items = [(w + (label_w if k == 0 else 0), (label if k == 0 else None, label_w, tiles))
             for label, label_w, w, kind in groups for k, tiles in enumerate(kind)]
    if items:
        placed, height = _svg.flow(MARGIN, y, items, right + 6, 2 * TILE_R + 6)
        for x, yy, (label, label_w, tiles) in placed:
            if label is not None:
                parts.append(_svg.text(x, yy + TILE_R + 4, label, size=12))
                x += label_w
            if len(tiles) == 2:  # a Flower: its two tiles in a frame
                parts.append(_svg.rect(x - 3, yy - 1, 4 * TILE_R + 10, 2 * TILE_R + 4, stroke="#333333", rx=TILE_R))
            parts += [_tile(x + j * (2 * TILE_R + 4), yy + 1, t) for j, t in enumerate(tiles)]
        y += height
    else:
        parts.append(_svg.text(MARGIN, y + 14, _("no tiles yet"), size=12, colour=_svg.MUTED))
        y += LINE + 4
    return parts, y


def render_svg(state, player: int | None = None, *, marks: Mapping[str, str] | None = None,
               width: float | None = None, names: Sequence[str] | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : FlowersState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.
    marks : mapping of str to str, optional
        Target id (``"hand:red"``, ``"mandala:2"``, ``"tile:red"``) to ``"active"`` or
        ``"selected"``: that target is outlined (see :func:`mandalakit.core.svg.target`).
    width : float, optional
        The width in CSS px the drawing will be shown at. ``None`` or 960 and more: the wide
        layout, 960 px, the three mandalas side by side. Narrower: the drawing is laid out for
        that width (320 px at least, below which it scales down), so its text keeps its size:
        the mandalas stand side by side while each column keeps 280 px, else one above the
        other with the viewing seat's hand and tiles above them; hands, tiles and long lines
        wrap. The targets are the same.
    names : sequence of str, optional
        A name per seat, printed where a seat is named (a replay between bots:
        ``"Seat 0 (greedy)"``). ``None``: ``"Seat 0 (you)"`` for the viewing seat.

    Returns
    -------
    str
        An ``<svg>`` document (scaled down on narrower pages).

    Raises
    ------
    RulesError
        If ``player`` is not a seat of the game.
    ValueError
        If a mark is neither ``"active"`` nor ``"selected"``, or ``names`` has no name for a seat.

    Notes
    -----
    Shown: the three mandalas with their dark and light tile, claim marker (F-3.6) and the
    colours still missing (F-3.7); on each, every seat's face-up cards (filled) and
    face-down cards (dashed outline; their colour is public, F-2.4) with counts; each seat's
    hand size, Flowers and unpaired tiles with the score (F-5.4); the viewing seat's hand;
    deck, discard pile and tile stacks. The viewing seat sees no other hand.
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    n = state.num_players
    page = _svg.layout_width(width, WIDTH, SMALLEST)
    right = page - MARGIN
    room = right - MARGIN
    parts: list[str] = []
    y = MARGIN + 14
    to_act = _to_act(obs)
    y += _svg.lines(parts, MARGIN, y, _("Flowers · {to_act}", to_act=to_act), room, size=15, weight="bold") + LINE + 2
    seen = _("seen by seat {seat} · deck {deck} · discard {discard} ({contents}) · "
             "tile stacks: {dark} dark, {light} light",
             seat=player, deck=obs.deck_size, discard=sum(obs.discard),
             contents=_svg.counts_words(obs.discard, COLOURS), dark=obs.stacks[0], light=obs.stacks[1])
    y += _svg.lines(parts, MARGIN, y, seen, room, colour=_svg.MUTED) + LINE
    table = (_("default tile values (an assumption until checked against a printed copy, F-1.5)")
             if state.rules.default_tiles else _("custom tile table"))
    y += _svg.lines(parts, MARGIN, y, table, room, colour=_svg.MUTED) + 8

    stacked = room / NUM_MANDALAS < COLUMN_MIN
    if not stacked:  # the three mandalas side by side, framed to the same height
        col_w = room / NUM_MANDALAS
        bottom = y
        for i in range(NUM_MANDALAS):
            drawn, yy = _mandala(obs, i, player, n, MARGIN + i * col_w, y, col_w, marks, names)
            parts += drawn
            bottom = max(bottom, yy + 4)
        for i in range(NUM_MANDALAS):
            parts.append(_svg.rect(MARGIN + i * col_w + 2, y, col_w - 4, bottom - y, stroke="#999999", rx=8))
        y = bottom
    else:  # one above the other, under the viewer's hand and tiles: the hand stays near the mandalas
        drawn, y = _seat(obs, player, player, y, right, marks, names)
        parts += drawn
        y += 10
        for i in range(NUM_MANDALAS):
            drawn, yy = _mandala(obs, i, player, n, MARGIN, y, room, marks, names)
            parts += drawn
            parts.append(_svg.rect(MARGIN + 2, y, room - 4, yy + 4 - y, stroke="#999999", rx=8))
            y = yy + 4 + (8 if i < NUM_MANDALAS - 1 else 0)
    y += 8
    y += _svg.lines(parts, MARGIN, y + 6, _("Cards: filled = face up, dashed = face down (colour public); "
                                            "the number is how many."), room, colour=_svg.MUTED) + 14
    for seat in range(n):
        if not (stacked and seat == player):
            drawn, y = _seat(obs, seat, player, y, right, marks, names)
            parts += drawn

    if obs.to_act == TERMINAL:  # F-5.5: highest total wins, a tie is a shared victory
        res = state.result()
        y += 22
        reasons = {"F-5.1": _("a third Flower"), "F-5.2": _("a tile stack ran out"), "F-5.3": _("every seat passed")}
        finals, verdict = _svg.result_lines(res.scores, res.winners)
        reason = reasons.get(state.end_reason, _("end"))
        y += _svg.lines(parts, MARGIN, y, _("Game over ({reason}). {finals}", reason=reason, finals=finals), room,
                        size=13, weight="bold") + 18
        y += _svg.lines(parts, MARGIN, y, verdict, room, size=13, weight="bold")
    y += MARGIN + 6
    title = _("Flowers position seen by seat {seat}: {to_act}", seat=player, to_act=to_act)
    return _svg.document(page, y, parts, title=title)
