"""A turn needs no scrolling on a 420 x 800 phone (issue 30): the board, 390 px wide there, has
every target of the pupil's next click and their hand within one window under the status
line, for each game, at the start and in the middle of a game.

The drawing is laid out at the width the page reports (``BoardView.width``), one drawing unit a
pixel; the status line and the latest event on top of it take at most :data:`TOP` pixels.
The browser tests (test_play_dashboards) play the pages at that size.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mandalakit.widgets import GameView

NS = "{http://www.w3.org/2000/svg}"
#: The phone's window height and what the sticky status line and latest event take of it.
WINDOW, TOP = 800, 140


def extents(svg: str) -> dict[str, tuple[float, float]]:
    """Each target's top and bottom in the drawing."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        target = g.get("data-mk-target")
        boxes = [(float(r.get("y")), float(r.get("y")) + float(r.get("height") or 0))
                 for r in g.iter(f"{NS}rect") if r.get("y") is not None]
        if target and boxes:
            out[target] = (min(b[0] for b in boxes), max(b[1] for b in boxes))
    return out


def turn_span(view) -> float:
    """Pixels from the highest to the lowest target drawn of any click of the turn (every legal
    move's clicks: the hand and every place it may go), the hand's cards included."""
    boxes = extents(view.board.svg)
    clicks = {t for move in view.state.legal_moves() for path in view.part.paths(view.state, move) for t in path}
    shown = [boxes[t] for t in clicks | {t for t in boxes if t.startswith("hand:")} if t in boxes]
    return max(b for _t, b in shown) - min(t for t, _b in shown)


@pytest.mark.parametrize("game", ["mandala", "ohanami", "flowers"])
def test_a_turn_fits_a_420_by_800_phone(game):
    view = GameView(game, seats=["you", "medium"], seed=5, bot_delay=0)
    view.board.width = 390
    spans = []
    for _turn in range(8):
        if view.state.is_terminal():
            break
        assert view.active, "the pupil's turn"
        spans.append(turn_span(view))
        move = view.state.legal_moves()[0]
        for target in next(iter(view.part.paths(view.state, move))):
            view.click(target)
    print(f"{game}: the turn spans {min(spans):.0f}-{max(spans):.0f} px of the {WINDOW - TOP} px under the status line")
    assert max(spans) <= WINDOW - TOP, spans
