"""SVG drawing of a Flowers position, as one seat sees it (F-2.4).

Drawing reads only :meth:`FlowersState.observation` of the viewing seat (plus the rules and,
at the end, the result), so it cannot show another seat's hand. It returns SVG text and
imports no widget library. Colours come from the colour-blind-safe palette of
:mod:`mandalakit.core.svg`, and every card and tile also carries its colour name as text.

>>> from mandalakit import flowers
>>> svg = flowers.new_game(2, seed=1).to_svg()
>>> svg.startswith("<svg") and "Mandala 1" in svg
True
"""

from __future__ import annotations

from html import escape

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import ngettext
from .cards import COLOURS, NUM_COLOURS, NUM_MANDALAS, counts_text

WIDTH = 900
MARGIN = 10
COL_W = (WIDTH - 2 * MARGIN) / NUM_MANDALAS
CARD_W, CARD_H, GAP = 30, 42, 3
TILE_R = 17
LINE = 16


def _tile(x: float, y: float, tile, caption: str = "") -> str:
    """A half-flower tile: a disc in its colour with its face and colour name (F-1.4)."""
    name = COLOURS[tile.colour]
    bg, fg = _svg.PALETTE[name]
    face = "×3" if tile.face_text == "x3" else tile.face_text
    what = "multiplier ×3" if face == "×3" else ngettext("{n} flower", "{n} flowers", tile.face)
    title = f"<title>{escape(name)} tile, {what}{escape(caption)}</title>"
    return (f'<g>{title}<circle cx="{x + TILE_R:g}" cy="{y + TILE_R:g}" r="{TILE_R}" fill="{bg}" stroke="#333"/>'
            + _svg.text(x + TILE_R, y + TILE_R + 1, face, size=13, anchor="middle", colour=fg, weight="bold")
            + _svg.text(x + TILE_R, y + TILE_R + 11, name, size=7, anchor="middle", colour=fg)
            + "</g>")


def _to_act(obs) -> str:
    if obs.to_act == TERMINAL:
        return "game over"
    if obs.to_act == CHANCE:
        return "waiting for a shuffle"
    if obs.phase == "choose":
        return (f"seat {obs.to_act} (claim holder) chooses a tile of mandala {obs.pending + 1}; "
                f"seat {obs.runner_up} gets the other")
    return f"seat {obs.to_act} to play"


def render_svg(state, player: int | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : FlowersState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.

    Returns
    -------
    str
        An ``<svg>`` document 900 px wide (scaled down on narrow pages).

    Notes
    -----
    Shown: the three mandalas with their dark and light tile, claim marker (F-3.6) and the
    colours still missing (F-3.7); on each, every seat's face-up cards (coloured) and
    face-down cards (dashed outline; their colour is public, F-2.4) with counts; each seat's
    hand size, Flowers and unpaired tiles with the score (F-5.4); the viewing seat's hand;
    deck, discard pile and tile stacks. The viewing seat sees no other hand.
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    n = state.num_players
    parts: list[str] = []
    y = MARGIN + 14
    parts.append(_svg.text(MARGIN, y, f"Flowers · {_to_act(obs)} · seen by seat {player}", size=15, weight="bold"))
    y += LINE + 2
    table = "default tile values (an assumption until checked against a printed copy, F-1.5)" \
        if state.rules.default_tiles else "custom tile table"
    parts.append(_svg.text(
        MARGIN, y,
        f"deck {obs.deck_size} · discard {sum(obs.discard)} ({counts_text(obs.discard)}) · "
        f"tile stacks: {obs.stacks[0]} dark, {obs.stacks[1]} light · {table}",
        size=11, colour="#444"))
    y += 12

    # --- the three mandalas, side by side
    top = y
    bottom = y
    for i, view in enumerate(obs.mandalas):
        x0 = MARGIN + i * COL_W
        yy = top + 18
        claim = "unclaimed" if view.claim < 0 else f"claim marker: seat {view.claim}"
        parts.append(_svg.text(x0 + 6, yy, f"Mandala {i + 1}", size=14, weight="bold"))
        if view.claim >= 0:  # the claim marker: a black disc with the holder's seat number
            parts.append(f'<circle cx="{x0 + 102:g}" cy="{yy - 5:g}" r="9" fill="#000"/>')
            parts.append(_svg.text(x0 + 102, yy - 1, view.claim, size=11, anchor="middle", colour="#fff", weight="bold"))
        parts.append(_svg.text(x0 + 116, yy, claim, size=11, colour="#333"))
        yy += 8
        if view.tiles:
            for j, (tile, back) in enumerate(zip(view.tiles, ("dark", "light"))):
                parts.append(_tile(x0 + 8 + j * 50, yy, tile, f", {back} back"))
            missing = [COLOURS[c] for c in view.missing()]
            parts.append(_svg.text(x0 + 110, yy + 14, "missing: " + (", ".join(missing) or "none"), size=10, colour="#333"))
            parts.append(_svg.text(x0 + 110, yy + 27, ngettext("({n} colour to complete)", "({n} colours to complete)", len(missing)), size=10, colour="#666"))
        elif obs.phase == "setup":
            parts.append(_svg.text(x0 + 8, yy + 20, "tiles not placed yet (setup, F-2.2)", size=11))
        else:
            parts.append(_svg.text(x0 + 8, yy + 20, "no tiles: the stacks ran out (F-5.2)", size=11))
        yy += 2 * TILE_R + 8
        for seat in range(n):
            you = " (you)" if seat == player else ""
            label = ngettext("seat {seat}{you}: {n} card, {up} face up", "seat {seat}{you}: {n} cards, {up} face up",
                             view.totals[seat], seat=seat, you=you, up=view.face_up_totals[seat])
            parts.append(_svg.text(x0 + 6, yy + 10, label, size=10, colour="#222"))
            yy += 13
            x = x0 + 6
            down = view.face_down(seat)
            drew = False
            for c in range(NUM_COLOURS):
                owner, count = view.face_up[c]
                if owner == seat and count:
                    parts.append(_svg.card(x, yy, COLOURS[c], count, w=CARD_W, h=CARD_H))
                    x += CARD_W + GAP
                    drew = True
            for c in range(NUM_COLOURS):
                if down[c]:
                    parts.append(_svg.card(x, yy, COLOURS[c], down[c], w=CARD_W, h=CARD_H, face_down=True))
                    x += CARD_W + GAP
                    drew = True
            yy += (CARD_H + 6) if drew else 4
        bottom = max(bottom, yy + 6)
    for i in range(NUM_MANDALAS):
        parts.append(_svg.rect(MARGIN + i * COL_W + 2, top, COL_W - 4, bottom - top, stroke="#999", rx=8))
    y = bottom + 8
    parts.append(_svg.text(MARGIN, y + 6, "Cards: filled = face up, dashed = face down (colour public); "
                                          "the number is how many.", size=10, colour="#555"))
    y += 14

    # --- the players: hand, tiles, Flowers, score
    for seat in range(n):
        you = " (you)" if seat == player else ""
        flowers = obs.flowers[seat]
        head = (f"Seat {seat}{you} · score {obs.scores[seat]} · "
                + ngettext("{n} Flower", "{n} Flowers", len(flowers)) + " · "
                + ngettext("{n} card in hand", "{n} cards in hand", obs.hand_sizes[seat]))
        if seat == obs.active and obs.to_act >= 0:
            head += " · this seat's turn"
        y += 16
        parts.append(_svg.text(MARGIN, y, head, size=13, weight="bold"))
        y += 6
        x = MARGIN
        if seat == player and any(obs.hand):
            parts.append(_svg.text(x, y + CARD_H / 2 + 4, "hand", size=11, weight="bold"))
            x += 40
            for c in range(NUM_COLOURS):
                if obs.hand[c]:
                    parts.append(_svg.card(x, y, COLOURS[c], obs.hand[c], w=CARD_W, h=CARD_H))
                    x += CARD_W + GAP
            x += 14
        tiles_x = x
        if flowers:
            parts.append(_svg.text(x, y + 12, "Flowers", size=10, colour="#333"))
            x += 44
            for a, b in flowers:
                parts.append(_svg.rect(x - 2, y, 4 * TILE_R + 8, 2 * TILE_R + 4, stroke="#333", rx=TILE_R))
                parts.append(_tile(x, y + 2, a))
                parts.append(_tile(x + 2 * TILE_R + 4, y + 2, b))
                x += 4 * TILE_R + 16
        singles = obs.singles[seat]
        if singles:
            parts.append(_svg.text(x, y + 12, "unpaired", size=10, colour="#333"))
            x += 48
            for t in singles:
                parts.append(_tile(x, y + 2, t))
                x += 2 * TILE_R + 6
        if not flowers and not singles:
            parts.append(_svg.text(tiles_x, y + 14, "no tiles yet", size=11, colour="#666"))
        y += max(CARD_H, 2 * TILE_R + 4) + 4

    if obs.to_act == TERMINAL:  # F-5.5: highest total wins, a tie is a shared victory
        res = state.result()
        y += 22
        reason = {"F-5.1": "a third Flower", "F-5.2": "a tile stack ran out", "F-5.3": "every seat passed"}
        parts.append(_svg.text(MARGIN, y, f"Game over ({reason.get(state.end_reason, 'end')}). "
                                          + _svg.result_sentence(res.scores, res.winners), size=13, weight="bold"))
    y += MARGIN + 6
    doc = _svg.document(WIDTH, y, parts, title=f"Flowers position seen by seat {player}: {_to_act(obs)}")
    return doc
