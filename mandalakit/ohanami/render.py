"""SVG drawing of an Ohanami position, as one seat sees it (O-2.6).

Drawing reads only :meth:`OhanamiState.observation` of the viewing seat plus public facts
(player count, rules, the result once the game is over), so it cannot show another seat's
hand or a pick that is not yet revealed. It returns SVG text and imports no widget library.

>>> from mandalakit import ohanami
>>> svg = ohanami.new_game(2, seed=1).to_svg()      # seat 0, the seat to act
>>> svg.startswith("<svg") and "round 1 of 3" in svg
True
"""

from __future__ import annotations

from ..core import svg as _svg
from ..core.contract import CHANCE, TERMINAL
from ..core.messages import ngettext
from .cards import PINK, SUIT_OF, SUITS
from .scoring import sakura_points

# Geometry in pixels. The drawing is 720 wide so it fits a notebook or Voilà column without
# scaling; very long rows widen it and the root scales down (max-width: 100%).
WIDTH = 720
CARD_W, CARD_H, GAP = 30, 44, 3
MARGIN = 10
ROW_LABEL = 58  # room for "row 1" left of a row
LINE = 16


def _suit(card: int) -> str:
    return SUITS[SUIT_OF[card]]


def _cards(x: float, y: float, cards) -> tuple[list[str], float]:
    """Cards drawn left to right from (x, y); returns the parts and the x after the last card."""
    parts = []
    for c in cards:
        parts.append(_svg.card(x, y, _suit(c), c, w=CARD_W, h=CARD_H))
        x += CARD_W + GAP
    return parts, x


def _seat_to_act(state) -> str:
    turn = state.current_player
    if turn == TERMINAL:
        return "nobody acts any more"
    if turn == CHANCE:
        return "waiting for the shuffle"
    return f"seat {turn} to {state.phase}"


def render_svg(state, player: int | None = None) -> str:
    """Draw ``state`` as seen by seat ``player``.

    Parameters
    ----------
    state : OhanamiState
    player : int or None
        The viewing seat. ``None`` means the seat to act, or seat 0 when nobody acts (game
        over, or waiting for the shuffle).

    Returns
    -------
    str
        An ``<svg>`` document, 720 px wide (wider only for very long rows, then scaled down to
        the page width). Every card shows its number and its suit name in the colour-blind-safe
        palette of :mod:`mandalakit.core.svg`.

    Notes
    -----
    Shown: round, step, phase, whose turn, every seat's rows (O-2.4), suit counts and round
    scores (O-3), the number of discarded cards, and the viewing seat's hand and own pick.
    Other seats' picks appear only once all are revealed (place phase, O-2.3); their hands
    are shown as a count only (O-2.6).
    """
    player = state.viewer(player)  # raises RulesError for a seat that does not exist
    obs = state.observation(player)
    cap = state.rules.sakura_cap
    n = state.num_players
    parts: list[str] = []
    y = MARGIN + 14

    # Header: where we are in the game (O-2.1, O-2.2).
    if obs.phase == "deal":
        where = "before the deal"
    elif obs.phase == "over":
        where = "game over after round 3"
    else:
        where = f"round {obs.round} of 3 · step {obs.step} of 5 · {obs.phase} phase"
    parts.append(_svg.text(MARGIN, y, f"Ohanami · {where}", size=15, weight="bold"))
    y += LINE + 2
    parts.append(_svg.text(
        MARGIN, y,
        f"{_seat_to_act(state)} · seen by seat {player} · "
        + ngettext("{n} card discarded face down", "{n} cards discarded face down", obs.discarded),
        size=12, colour="#444"))
    y += 10
    width = WIDTH

    for seat in range(n):
        y += 14
        rows = obs.rows[seat]
        counts = [0, 0, 0, 0]
        for row in rows:
            for c in row:
                counts[SUIT_OF[c]] += 1
        scores = obs.round_scores[seat]
        score_text = (" · ".join(f"round {i + 1}: {s}" for i, s in enumerate(scores)) + f" · total {sum(scores)}"
                      if scores else "no round scored yet")
        you = " (you)" if seat == player else ""
        parts.append(_svg.text(MARGIN, y + 10, f"Seat {seat}{you}", size=13, weight="bold"))
        parts.append(_svg.text(MARGIN + 90, y + 10, score_text, size=12))
        count_text = " · ".join(f"{counts[i]} {SUITS[i]}" for i in range(4))
        sak = sakura_points(counts[PINK], cap)
        parts.append(_svg.text(MARGIN + 390, y + 10, f"{count_text} (sakura {sak})", size=12, colour="#444"))
        y += 18
        for r, row in enumerate(rows):  # O-2.4: at most three rows per player
            parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, f"row {r + 1}", size=11, colour="#555"))
            cards, x_end = _cards(MARGIN + ROW_LABEL, y, row)
            parts.extend(cards)
            width = max(width, int(x_end + MARGIN))
            y += CARD_H + 4
        if len(rows) < 3:
            free = 3 - len(rows)
            parts.append(_svg.text(MARGIN, y + 12, ngettext("{n} more row may still be started (3 at most)",
                                                            "{n} more rows may still be started (3 at most)", free),
                                   size=11, colour="#777"))
            y += LINE
        # Hand and pick: the viewing seat's cards, other seats' counts only (O-2.6).
        y += 2
        if seat == player:
            if obs.hand:
                parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, "hand", size=11, weight="bold"))
                picked = set(obs.own_pick or ()) if obs.phase == "pick" else set()
                x = MARGIN + ROW_LABEL
                for c in obs.hand:
                    parts.append(_svg.card(x, y, _suit(c), c, w=CARD_W, h=CARD_H))
                    if c in picked:  # mark the own pick, still in hand until all have picked
                        parts.append(_svg.rect(x - 2, y - 2, CARD_W + 4, CARD_H + 4, stroke="#000", rx=5))
                    x += CARD_W + GAP
                y += CARD_H + 4
            line = []
            if obs.own_pick:
                line.append(f"your pick: {obs.own_pick[0]} and {obs.own_pick[1]}")
            if obs.own_place:
                line.append(f"your placement: {obs.own_place} (done when every seat has placed)")
            if line:
                parts.append(_svg.text(MARGIN, y + 12, " · ".join(line), size=12))
                y += LINE + 2
        else:
            if obs.hand_sizes[seat]:
                status = ngettext("hand: {n} card, hidden from seat {player}",
                                  "hand: {n} cards, hidden from seat {player}", obs.hand_sizes[seat], player=player)
                parts.append(_svg.text(MARGIN, y + 12, status, size=12, colour="#555"))
                y += LINE + 2
        if obs.revealed is not None:  # place phase: every pick is public (O-2.3)
            a, b = obs.revealed[seat]
            parts.append(_svg.text(MARGIN, y + CARD_H / 2 + 4, "revealed", size=11))
            cards, _ = _cards(MARGIN + ROW_LABEL, y, (a, b))
            parts.extend(cards)
            y += CARD_H + 4
        parts.append(f'<line x1="{MARGIN}" y1="{y + 4}" x2="{WIDTH - MARGIN}" y2="{y + 4}" stroke="#ccc"/>')
        y += 6

    if state.current_player == TERMINAL:  # O-3.5: the result, with the tie-break by pink
        res = state.result()
        y += 18
        parts.append(_svg.text(MARGIN, y, _svg.result_sentence(res.scores, res.winners), size=14, weight="bold"))
        y += 8
    y += MARGIN
    title = f"Ohanami, {where}, seen by seat {player}"
    doc = _svg.document(width, y, parts, title=title)
    return doc
