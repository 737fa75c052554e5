"""The board's front end moves cards briefly after a move, and only then (issue 20).

The anywidget module (``widgets/static/board_view.js``) runs in Debian's Chromium against a
stand-in model; the drawings are the engine's own, before and after a move.
"""

import json

import pytest

from _browser import chromium
from mandalakit import ohanami
from mandalakit.widgets.play.board import BoardView

PAGE = """<!doctype html><html><body><div id="board" style="width:700px"></div><script type="module">
const esm = %s;
const mod = await import("data:text/javascript;charset=utf-8," + encodeURIComponent(esm));
const handlers = {};
const state = {svg: "", chips: [], chips_label: "", clickable: true, width: 0};
window.model = {
  get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {}, send() {},
  on: (e, f) => { handlers[e] = f; }, off() {},
  show(svg) { state.svg = svg; handlers["change:svg"](); },
};
mod.default.render({model: window.model, el: document.getElementById("board")});
window.ready = true;
</script></body></html>"""


def _running(page) -> int:
    return page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length")


@pytest.mark.parametrize("reduce", [False, True])
def test_a_move_slides_its_cards_a_redraw_without_a_move_does_not_and_reduced_motion_stops_all(reduce, tmp_path):
    state = ohanami.new_game(2, seed=1)
    before = state.to_svg(0)
    pick = state.legal_moves()[0]
    marked = state.to_svg(0, marks={f"card:{pick.cards[0]}": "selected"})
    state.apply(pick)
    state.apply(state.legal_moves()[0])  # the other seat's pick: both are revealed (O-2.3)
    after = state.to_svg(0)
    path = tmp_path / "board.html"
    path.write_text(PAGE % json.dumps(BoardView._esm), encoding="utf-8")
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1024, "height": 768},
                                reduced_motion="reduce" if reduce else "no-preference")
        page.goto(path.as_uri())
        page.wait_for_function("window.ready === true")
        page.evaluate("(svg) => model.show(svg)", before)
        assert _running(page) == 0  # the first drawing: nothing moves
        page.evaluate("(svg) => model.show(svg)", marked)
        assert _running(page) == 0  # a selection is no move
        page.evaluate("(svg) => model.show(svg)", after)
        moving = _running(page)
        if reduce:
            assert moving == 0
        else:  # the two picked cards slide from the hand to "picked"
            assert moving >= 2
            keys = page.evaluate("document.getAnimations().map(a => a.effect.target.dataset.mkKey)")
            assert {f"card{c}" for c in pick.cards} <= set(keys)
            page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=5000)
