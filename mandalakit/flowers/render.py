"""SVG drawing of a Flowers position, as one seat sees it (F-2.4), laid out as on the table.

Each of the three mandalas is a round mat with its two half-flower tiles in the middle (F-1.4)
and the claim marker on its rim, numbered as people count players (F-3.6); the other players'
cards lie on its far side and the viewing seat's on its near side (F-3.1).

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
DISC_R = 64  # a mandala's round mat, with room for its two tiles
LINE = 16
COLUMN_MIN = 230  # the narrowest column of the wide layout (three side by side in a 730 px board)
SMALLEST = 320  # the narrowest layout: three narrow columns, about 100 px each
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


def _to_act(obs, player: int, heads, you: bool) -> str:
    if obs.to_act == TERMINAL:
        return _("game over")
    if obs.to_act == CHANCE:
        return _("shuffling the deck")
    mine = obs.to_act == player and you
    if obs.phase == "choose":  # F-4.1
        if mine:
            return _("you hold the claim marker of mandala {mandala}: choose a tile; {other} gets the other",
                     mandala=obs.pending + 1, other=heads[obs.runner_up])
        if obs.runner_up == player and you:
            return _("{name} holds the claim marker of mandala {mandala} and chooses a tile; you get the other",
                     name=heads[obs.to_act], mandala=obs.pending + 1)
        return _("{name} holds the claim marker of mandala {mandala} and chooses a tile; {other} gets the other",
                 name=heads[obs.to_act], mandala=obs.pending + 1, other=heads[obs.runner_up])
    if mine:
        return _("your turn")
    return _("{name} to play", name=heads[obs.to_act])


def _seat_cards(view, seat: int, x0: float, y: float, col_w: float, key: str, pad: float = 12,
                ) -> tuple[list[str], float]:
    """A seat's cards on one mandala: face up (filled) then face down (dashed), wrapping in the
    column ``pad`` px in from its left edge (and about as much from its right)."""
    items = [(CARD_W + GAP, (c, n, False)) for c, (owner, n) in enumerate(view.face_up) if owner == seat and n]
    items += [(CARD_W + GAP, (c, n, True)) for c, n in enumerate(view.face_down(seat)) if n]
    placed, height = _svg.flow(x0 + pad, y, items, x0 + col_w - pad + 2, CARD_H + 4)
    parts = [_svg.card(x, yy, COLOURS[c], n, w=CARD_W, h=CARD_H, face_down=down, count=n,
                       key=f"{key}{'d' if down else 'u'}:{COLOURS[c]}")
             for x, yy, (c, n, down) in placed]
    return parts, height


def _side_label(view, seat: int, player: int, heads, you: bool) -> str:
    cards = ngettext("{n} card", "{n} cards", view.totals[seat])
    if seat == player and you:
        return _("your side: {cards}, {up} face up", cards=cards, up=view.face_up_totals[seat])
    return _("{name}: {cards}, {up} face up", name=heads[seat], cards=cards, up=view.face_up_totals[seat])


def _column(col_w: float) -> tuple[bool, float, int, float, float]:
    """How a mandala's column ``col_w`` px wide is drawn: ``(compact, inset, size, room, pad)``.

    A column narrower than the wide layout's (:data:`COLUMN_MIN`) is compact: less margin, its
    texts at 11 px, its cards closer to the frame (``pad``)."""
    compact = col_w < COLUMN_MIN
    inset, size = (6, _svg.MIN_FONT) if compact else (10, 12)
    pad = min(12.0, max(6.0, (col_w - 2 * (CARD_W + GAP)) / 2)) if compact else 12
    return compact, inset, size, col_w - 2 * inset + 4, pad


def _mandala(obs, i: int, player: int, n: int, x0: float, top: float, col_w: float, marks, heads, you: bool,
             ) -> tuple[list[str], float]:
    """Mandala ``i`` in a column ``col_w`` px wide from ``x0``, but its near side
    (:func:`_near_side`): the other seats' cards on the far side, a round mat with the two
    tiles and the claim marker, the missing colours. A compact column (:func:`_column`) has a
    mat just wide enough for its two tiles. Returns the parts and where the near side starts.
    """
    view = obs.mandalas[i]
    compact, inset, size, room, pad = _column(col_w)
    parts: list[str] = []
    yy = top + 22
    parts.append(_svg.text(x0 + inset, yy, _("Mandala {mandala}", mandala=i + 1), size=15, weight="bold"))
    yy += 10 if not compact else 4
    for seat in [s for s in range(n) if s != player]:  # the far side
        yy += 4 + _svg.lines(parts, x0 + inset, yy + 13, _side_label(view, seat, player, heads, you), room, size=size)
        drawn, height = _seat_cards(view, seat, x0, yy + 18, col_w, f"m{i}s{seat}", pad)
        parts += drawn
        yy += max(height, 6) + (20 if not compact else 16)
    # the mat: a disc with the two half-flower tiles (F-1.4) and the claim marker on its rim (F-3.6)
    cx, r = x0 + col_w / 2, min(DISC_R, max(col_w / 2 - 6, 2 * TILE_R + 1))  # clear of the frame
    apart = min(6.0, max(0.0, 2 * (r - 2 * TILE_R) - 4))  # between the two tiles, narrower on a narrow mat
    cy = yy + r + 4
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{_svg.MAT}" stroke="{_svg.MAT_EDGE}" stroke-width="2"/>')
    if view.tiles:
        choosing = obs.phase == "choose" and obs.pending == i  # F-4.1
        for j, (tile, back) in enumerate(zip(view.tiles, (_("dark back"), _("light back")))):
            x = cx - 2 * TILE_R - apart / 2 + j * (2 * TILE_R + apart)
            drawn = _tile(x, cy - TILE_R, tile, _(", {back}", back=back))
            if choosing:
                colour = COLOURS[tile.colour]
                words = _("take the {colour} tile, {face}", colour=_svg.colour_name(colour), face=_face(tile)[1])
                drawn = _svg.target(f"tile:{colour}", words, (x, cy - TILE_R, 2 * TILE_R, 2 * TILE_R), drawn, marks)
            parts.append(drawn)
    else:
        parts.append(_svg.text(cx, cy + 4, _("no tiles"), size=size, anchor="middle", colour=_svg.MUTED))
    if view.claim >= 0:  # the claim marker: a black disc with the holder's number, as people count (F-3.6)
        mx, my = cx + r * 0.72, cy - r * 0.72
        holder = _("you") if view.claim == player and you else heads[view.claim]
        claim = _("claim marker: {name}", name=holder)
        parts.append(f'<g><title>{escape(claim)}</title>'
                     f'<circle cx="{mx:g}" cy="{my:g}" r="12" fill="#000000" stroke="#ffffff" stroke-width="2"/>'
                     + _svg.text(mx, my + 5, view.claim + 1, size=13, anchor="middle", colour="#ffffff", weight="bold")
                     + "</g>")
    else:
        claim = _("nobody holds the claim marker")
    yy = cy + r + (18 if not compact else 16)
    step = LINE if not compact else LINE - 1
    yy += _svg.lines(parts, x0 + inset, yy, claim, room, size=size, colour=_svg.MUTED) + step
    if view.tiles:
        missing = [_svg.colour_name(COLOURS[c]) for c in view.missing()]  # F-3.7
        said = (_("{count} {colours}", count=ngettext("{n} colour missing:", "{n} colours missing:", len(missing)),
                  colours=", ".join(missing)) if missing else _("complete: all six colours"))
        yy += _svg.lines(parts, x0 + inset, yy, said, room, size=size) + step
    elif obs.phase == "setup":
        yy += _svg.lines(parts, x0 + inset, yy, _("the tiles are not placed yet"), room, size=size,
                         colour=_svg.MUTED) + step
    else:
        yy += _svg.lines(parts, x0 + inset, yy, _("no tiles: the stacks ran out"), room, size=size,
                         colour=_svg.MUTED) + step
    return parts, yy


def _near_side(obs, i: int, player: int, x0: float, yy: float, col_w: float, marks, heads, you: bool,
               ) -> tuple[list[str], float]:
    """The viewing seat's side of mandala ``i`` from ``yy`` down: it plays onto it (F-3.1), always
    a box to click. Returns the parts and the column's bottom."""
    view = obs.mandalas[i]
    compact, inset, size, room, pad = _column(col_w)
    head: list[str] = []
    extra = _svg.lines(head, x0 + inset + 2, yy + 13, _side_label(view, player, player, heads, you),
                       room - (4 if not compact else 2), size=size, weight="bold")
    drawn, height = _seat_cards(view, player, x0, yy + 18 + extra, col_w, f"m{i}s{player}", pad)
    height = max(height, CARD_H + 4) + extra
    box = (x0 + 4, yy - 2, col_w - 8, height + 24)
    side = [_svg.rect(*box, fill_colour=_svg.PAGE, stroke=_svg.MUTED, dash=True)]
    words = _("mandala {mandala}, {side}: {cards}", mandala=i + 1, side=_side_label(view, player, player, heads, you),
              cards=_svg.counts_words(view.cards[player], COLOURS))
    return [_svg.target(f"mandala:{i + 1}", words, box, side + head + drawn, marks)], \
        yy + height + (28 if not compact else 24)


def _seat(obs, seat: int, player: int, y: float, right: float, marks, heads, you: bool) -> tuple[list[str], float]:
    """One seat's lines: score, hand (the viewer's own only, F-2.4), Flowers and unpaired tiles.

    The hand and the tiles wrap at ``right``.
    """
    parts: list[str] = []
    own = seat == player
    flowers = obs.flowers[seat]
    head = _("{head} · score {score} · {flowers} · {hand} in hand", head=heads[seat], score=obs.scores[seat],
             flowers=ngettext("{n} Flower", "{n} Flowers", len(flowers)),
             hand=ngettext("{n} card", "{n} cards", obs.hand_sizes[seat]))
    if seat == obs.to_act:  # the seat that decides now (the claim holder while a tile is chosen, F-4.1)
        head = _("{head} · your turn", head=head) if own and you else _("{head} · to play now", head=head)
    y += 16
    y += _svg.lines(parts, MARGIN, y, head, right - MARGIN, size=13, weight="bold") + 10  # room for a mark around a card
    if own and any(obs.hand):
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, _("hand"), size=12, weight="bold"))
        colours = [(CARD_W + GAP, c) for c in range(NUM_COLOURS) if obs.hand[c]]
        placed, height = _svg.flow(MARGIN + 44, y, colours, right + GAP, CARD_H + 6)
        for x, yy, c in placed:
            words = ngettext("{n} {colour} card in your hand", "{n} {colour} cards in your hand", obs.hand[c],
                             colour=_svg.colour_name(COLOURS[c], obs.hand[c]))
            drawn = _svg.card(x, yy, COLOURS[c], obs.hand[c], w=CARD_W, h=CARD_H, count=obs.hand[c],
                              key=f"hand{seat}:{COLOURS[c]}")
            parts.append(_svg.target(f"hand:{COLOURS[c]}", words, (x, yy, CARD_W, CARD_H), drawn, marks))
        y += height
    # Flowers, then unpaired tiles, each kind after its label (kept on the line of its first tile)
    paired, unpaired = _("paired"), _("unpaired")
    groups = ((paired, max(56, _svg.text_width(paired, 12) + 8), 4 * TILE_R + 18, flowers),
              (unpaired, max(60, _svg.text_width(unpaired, 12) + 8), 2 * TILE_R + 6, [(t,) for t in obs.singles[seat]]))
    items = [(w + (label_w if k == 0 else 0), (label if k == 0 else None, label_w, tiles))
             for label, label_w, w, kind in groups for k, tiles in enumerate(kind)]
    if items:
        placed, height = _svg.flow(MARGIN, y, items, right + 6, 2 * TILE_R + 6)
        paired_drawn = single_drawn = 0
        for x, yy, (label, label_w, tiles) in placed:
            if label is not None:
                parts.append(_svg.text(x, yy + TILE_R + 4, label, size=12))
                x += label_w
            drawn = [_tile(x + j * (2 * TILE_R + 4), yy + 1, t) for j, t in enumerate(tiles)]
            if len(tiles) == 2:  # a Flower: its two tiles in a frame, one group a page may light ("seat:k")
                frame = _svg.rect(x - 3, yy - 1, 4 * TILE_R + 10, 2 * TILE_R + 4, stroke="#333333", rx=TILE_R)
                drawn = [f'<g class="mk-flower" data-mk-flower="{seat}:{paired_drawn}">{frame}{"".join(drawn)}</g>']
                paired_drawn += 1
            else:  # an unpaired tile, one a page may light ("single<seat>:k")
                drawn = [f'<g class="mk-tile" data-mk-key="single{seat}:{single_drawn}">{"".join(drawn)}</g>']
                single_drawn += 1
            parts += drawn
        y += height
    else:
        parts.append(_svg.text(MARGIN, y + 14, _("no tiles yet"), size=12, colour=_svg.MUTED))
        y += LINE + 4
    return parts, y


def render_svg(state, player: int | None = None, *, marks: Mapping[str, str] | None = None,
               width: float | None = None, names: Sequence[str] | None = None, you: bool | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : FlowersState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.
    marks : mapping of str to str, optional
        Target id (``"hand:red"``, ``"mandala:2"``, ``"tile:red"``) to ``"active"``,
        ``"selected"`` or ``"hint"``: that target is outlined (:func:`mandalakit.core.svg.target`).
    width : float, optional
        The width in CSS px the drawing will be shown at. ``None`` or 960 and more: the wide
        layout, 960 px, the three mandalas side by side. Narrower: the drawing is laid out for
        that width (320 px at least, below which it scales down), so its text keeps its size:
        the mandalas stand side by side, with the viewing seat's hand and tiles right under
        them; a column narrower than 230 px (a 730 px board beside the log at 1024 px) is drawn
        compact, with a smaller mat, 11 px words and the three near sides on one line, so that
        on a phone the sides to play on and the hand fit one window; hands, tiles and long
        lines wrap. The targets are the same.
    names : sequence of str, optional
        A name per seat (``"Bot (greedy)"``). ``None``: ``"You"`` for the viewing seat and
        ``"Player 2"``, ``"Player 3"``... for the others.
    you : bool, optional
        Address the viewing seat as *you* ("your side", "your turn"). Default: ``names is None``.

    Returns
    -------
    str
        An ``<svg>`` document (scaled down on narrower pages).

    Raises
    ------
    RulesError
        If ``player`` is not a seat of the game.
    ValueError
        If a mark is not a known mark, or ``names`` has no name for a seat.

    Notes
    -----
    Shown: the three mandalas with their dark and light tile, claim marker (F-3.6, numbered
    from 1) and the colours still missing (F-3.7); on each, every seat's face-up cards
    (filled) and face-down cards (dashed outline; their colour is public, F-2.4) with counts;
    each seat's hand size, Flowers and unpaired tiles with the score (F-5.4); the viewing
    seat's hand; deck, discard pile and tile stacks. The viewing seat sees no other hand.
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    n = state.num_players
    addressed = names is None if you is None else bool(you)
    heads = [_svg.seat_head(seat, player, names) for seat in range(n)]
    page = _svg.layout_width(width, WIDTH, SMALLEST)
    right = page - MARGIN
    room = right - MARGIN
    parts: list[str] = []
    y = MARGIN + 14
    to_act = _to_act(obs, player, heads, addressed)
    y += _svg.lines(parts, MARGIN, y, _("Flowers · {to_act}", to_act=to_act), room, size=16, weight="bold") + LINE + 2
    seen = _("deck: {deck} · discard pile: {discard} ({contents}) · tile stacks: {dark} dark, {light} light",
             deck=obs.deck_size, discard=sum(obs.discard),
             contents=_svg.counts_words(obs.discard, COLOURS), dark=obs.stacks[0], light=obs.stacks[1])
    table = (_("default tile values (an assumption until checked against a printed copy)")  # F-1.5
             if state.rules.default_tiles else _("custom tile table"))
    line: list[str] = []
    y += _svg.lines(line, MARGIN, y, seen, room, colour=_svg.MUTED) + 8
    parts.append(f"<g><title>{escape(table)}</title>{''.join(line)}</g>")  # for the teacher, on hover

    # the three mandalas side by side, framed to the same height, the viewing seat's hand and tiles
    # right under them; on a narrow page (a phone) in compact columns whose near sides stand on one
    # line, so that the sides to play on and the hand are in one window
    col_w = room / NUM_MANDALAS
    columns = [_mandala(obs, i, player, n, MARGIN + i * col_w, y, col_w, marks, heads, addressed)
               for i in range(NUM_MANDALAS)]
    line = max(start for _drawn, start in columns) if col_w < COLUMN_MIN else None  # the compact near sides' line
    bottom = y
    for i, (drawn, start) in enumerate(columns):
        near, yy = _near_side(obs, i, player, MARGIN + i * col_w, start if line is None else line, col_w, marks,
                              heads, addressed)
        parts += drawn + near
        bottom = max(bottom, yy + 4)
    for i in range(NUM_MANDALAS):
        parts.insert(0, _svg.rect(MARGIN + i * col_w + 2, y, col_w - 4, bottom - y, stroke="#999999", rx=10))
    y = bottom + 8
    drawn, y = _seat(obs, player, player, y, right, marks, heads, addressed)  # the hand under the mandalas
    parts += drawn
    y += 6
    y += 8
    y += _svg.lines(parts, MARGIN, y + 6, _("Cards: filled = face up, dashed = face down (everyone still sees the colour); "
                                            "the number is how many."), room, colour=_svg.MUTED) + 14
    for seat in range(n):
        if seat != player:
            drawn, y = _seat(obs, seat, player, y, right, marks, heads, addressed)
            parts += drawn

    if obs.to_act == TERMINAL:  # F-5.5: highest total wins, a tie is a shared victory
        res = state.result()
        y += 24
        y += _svg.lines(parts, MARGIN, y, _svg.verdict(res.winners, heads, player if addressed else None), room,
                        size=16, weight="bold")
    y += MARGIN + 6
    title = _("Flowers: {to_act}", to_act=to_act)
    return _svg.document(page, y, parts, title=title)


def render_scores(state, player: int | None = None, *, width: float | None = None,
                  names: Sequence[str] | None = None, you: bool | None = None) -> str:
    """The score screen at the end (F-5.4, F-5.5): per player the points of the Flowers and of
    the unpaired tiles, the total and the winner (a tie is a shared victory).

    Parameters are those of :func:`render_svg`.

    Raises
    ------
    RulesError
        ``F-5.5`` if the game is not over.
    """
    _svg.check_over(state, "F-5.5")
    res = state.result()
    columns = [(_("Flowers made"), None), (_("points of Flowers"), "F-5.4"), (_("unpaired tiles"), None),
               (_("points of unpaired tiles"), "F-5.4"), (_("total"), "F-5.5")]
    rows = []
    for p, info in enumerate(res.players):
        flowers_points = sum(f["score"] for f in info["flowers"])
        singles_points = sum(t["score"] for t in info["singles"])
        rows.append([len(info["flowers"]), flowers_points, len(info["singles"]), singles_points, res.scores[p]])
    reasons = {"F-5.1": _("A player completed a third Flower."), "F-5.2": _("A tile stack ran out."),
               "F-5.3": _("Every player passed.")}
    return _svg.game_score_screen(state, _("Flowers"), reasons.get(state.end_reason, ""), columns, rows,
                                  player=player, names=names, you=you, width=width)
