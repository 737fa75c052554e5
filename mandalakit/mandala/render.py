"""SVG drawing of a Mandala position, as one seat sees it (M-2.4).

Drawing reads only :meth:`MandalaState.observation` of the viewing seat (plus the result once
the game is over), so it cannot show the opponent's hand or cup. It returns SVG text and
imports no widget library; the rules code never imports this module.

>>> from mandalakit import mandala
>>> svg = mandala.new_game(2, seed=1).to_svg()      # seat 0, the seat to act
>>> svg.startswith("<svg") and "Mandala A" in svg and "river" in svg
True
"""

from __future__ import annotations

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import ngettext
from .cards import COLOURS, MANDALAS, NUM_COLOURS, RIVER_SPACES

WIDTH = 720
MARGIN = 10
CARD_W, CARD_H, GAP = 40, 48, 4
LINE = 16
LABEL_W = 64  # room for an area's label left of its cards
MANDALA_W = (WIDTH - 3 * MARGIN) / 2


def _counts(x: float, y: float, counts, *, face_down: bool = False) -> list[str]:
    """One card per colour present, labelled with its count (e.g. ``3`` on a red card)."""
    parts = []
    for c in range(NUM_COLOURS):
        if counts[c]:
            parts.append(_svg.card(x, y, COLOURS[c], counts[c], w=CARD_W, h=CARD_H, face_down=face_down))
            x += CARD_W + GAP
    if not parts:
        parts.append(_svg.text(x, y + CARD_H / 2 + 4, "empty", size=11, colour="#777"))
    return parts


def _river(x: float, y: float, river) -> list[str]:
    """The 6 river spaces (M-1.3): a filled space shows its colour and value, an empty one its value."""
    parts = []
    for space in range(RIVER_SPACES):
        if space < len(river):
            parts.append(_svg.card(x, y, COLOURS[river[space]], space + 1, w=CARD_W, h=CARD_H))
        else:
            parts.append(_svg.rect(x, y, CARD_W, CARD_H, stroke="#999", dash=True))
            parts.append(_svg.text(x + CARD_W / 2, y + CARD_H / 2 + 4, space + 1, size=12, anchor="middle",
                                   colour="#999"))
        x += CARD_W + GAP
    return parts


def _status(state, obs) -> str:
    turn = state.current_player
    if turn == TERMINAL:
        return "game over"
    if turn == CHANCE:
        return "waiting for the shuffle" if not state.history else "waiting for the reshuffle of the discard pile"
    if obs.phase == "pick":
        return f"mandala {MANDALAS[obs.destroying]} is destroyed: seat {turn} picks a colour"
    return f"seat {turn} to play"


def _seat_block(obs, seat: int, player: int, y: float, score: int | None) -> tuple[list[str], float]:
    """River, hand and cup of one seat; the hand and cup contents only for the viewing seat."""
    parts = []
    you = " (you)" if seat == player else ""
    head = f"Seat {seat}{you}"
    if score is not None:
        head += f" · score {score}"
    parts.append(_svg.text(MARGIN, y + 12, head, size=13, weight="bold"))
    if seat == player:
        cup_text = ngettext("cup: {n} card, drawn face down below", "cup: {n} cards, drawn face down below",
                            obs.cup_sizes[seat])
    else:
        cup_text = (ngettext("hand: {n} card", "hand: {n} cards", obs.hand_sizes[seat]) + " · "
                    + ngettext("cup: {n} card", "cup: {n} cards", obs.cup_sizes[seat]) + ", both hidden")
    parts.append(_svg.text(MARGIN + 210, y + 12, cup_text, size=12, colour="#444"))
    y += 18
    parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, "river", size=11, weight="bold"))
    parts.extend(_river(MARGIN + LABEL_W, y, obs.rivers[seat]))
    y += CARD_H + 6
    if seat == player:
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, "hand", size=11, weight="bold"))
        parts.extend(_counts(MARGIN + LABEL_W, y, obs.hand))
        y += CARD_H + 6
        parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, "cup", size=11, weight="bold"))
        parts.extend(_counts(MARGIN + LABEL_W, y, obs.cup, face_down=True))
        y += CARD_H + 6
    return parts, y


def _mandala(obs, m: int, player: int, x: float, y: float) -> tuple[list[str], float]:
    """One mandala (M-1.2): the opponent's field on top, the mountain, the viewing seat's field."""
    other = 1 - player
    parts = []
    destroyed = obs.destroying == m
    title = f"Mandala {MANDALAS[m]}"
    present = sum(1 for c in range(NUM_COLOURS)
                  if obs.mountains[m][c] or obs.fields[m][0][c] or obs.fields[m][1][c])
    title += " · being destroyed" if destroyed else f" · {present} of 6 colours"
    top = y
    parts.append(_svg.text(x + 8, y + 16, title, size=13, weight="bold"))
    y += 24
    rows = ((f"field {other}", obs.fields[m][other]), ("mountain", obs.mountains[m]),
            (f"field {player}", obs.fields[m][player]))
    for label, counts in rows:
        parts.append(_svg.text(x + 8, y + CARD_H / 2 + 4, label, size=11, weight="bold"))
        parts.extend(_counts(x + 8 + LABEL_W, y, counts))
        y += CARD_H + 6
    stroke = "#000" if destroyed else "#888"
    parts.insert(0, _svg.rect(x, top, MANDALA_W, y - top + 2, stroke=stroke, rx=8, dash=not destroyed))
    return parts, y + 2


def render_svg(state, player: int | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : MandalaState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts.

    Returns
    -------
    str
        An ``<svg>`` document 720 px wide (scaled down on narrower pages). Every card is drawn
        in the colour-blind-safe palette of :mod:`mandalakit.core.svg` with its colour *name*
        and a number: the count of that colour in an area, or the value of a river space.

    Notes
    -----
    Shown, top to bottom: whose turn, deck size, discard pile and whether the end has been
    triggered (M-6.2); the opponent's river with hand and cup sizes only (M-2.4); both
    mandalas, each with the opponent's field, the mountain and the viewer's field (M-1.2);
    the viewer's river, hand and cup (face down, counts by colour). Scores are printed once
    the game is over (M-7.3), with the winner or winners (M-7.4).
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    over = state.current_player == TERMINAL
    result = state.result() if over else None
    parts: list[str] = []
    y = MARGIN + 14
    parts.append(_svg.text(MARGIN, y, f"Mandala · {_status(state, obs)}", size=15, weight="bold"))
    y += LINE + 2
    discard = ", ".join(f"{k} {COLOURS[c]}" for c, k in enumerate(obs.discard) if k) or "empty"
    trigger = " · end triggered (deck emptied)" if obs.end_triggered else ""
    parts.append(_svg.text(MARGIN, y, f"seen by seat {player} · "
                           + ngettext("deck {n} card", "deck {n} cards", obs.deck_size) + trigger,
                           size=12, colour="#444"))
    y += LINE
    parts.append(_svg.text(MARGIN, y, f"discard pile: {discard}", size=12, colour="#444"))
    y += 8
    other = 1 - player
    block, y = _seat_block(obs, other, player, y, result.scores[other] if result else None)
    parts.extend(block)
    y += 4
    a, y_a = _mandala(obs, 0, player, MARGIN, y)
    b, y_b = _mandala(obs, 1, player, 2 * MARGIN + MANDALA_W, y)
    parts.extend(a + b)
    y = max(y_a, y_b) + 8
    block, y = _seat_block(obs, player, player, y, result.scores[player] if result else None)
    parts.extend(block)
    y += 4
    parts.append(_svg.text(MARGIN, y + 12, "Numbers: cards of that colour in an area; in a river, the value of the "
                           "space (a cup card scores the value of its colour's space, M-7.3).", size=11, colour="#555"))
    y += LINE + 2
    if result is not None:
        y += 14
        parts.append(_svg.text(MARGIN, y, _svg.result_sentence(result.scores, result.winners), size=14, weight="bold"))
        y += 6
    y += MARGIN
    doc = _svg.document(WIDTH, y, parts, title=f"Mandala, {_status(state, obs)}, seen by seat {player}")
    return doc
