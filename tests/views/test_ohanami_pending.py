"""A kept Ohanami card chosen for a row is drawn there before the move is complete (issue 20).

The clicks so far of a placement (O-2.3 to O-2.5) are drawn by the engine's SVG: the card
faded in its row (at the end of the row it fits, O-2.5), in a new row, or in the discard box,
and a dashed hole where it was among the picked cards; the seat's own placement, once made,
stays drawn so until every seat has placed, and only for that seat (O-2.6).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mandalakit.ohanami import from_position
from mandalakit.ohanami.moves import Place
from mandalakit.ohanami.render import render_svg
from mandalakit.widgets import GameView

NS = "{http://www.w3.org/2000/svg}"


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _target(root: ET.Element, tid: str) -> ET.Element:
    found = [g for g in root.iter(f"{NS}g") if g.get("data-mk-target") == tid]
    assert len(found) == 1, (tid, len(found))
    return found[0]


def _keys(element: ET.Element, *, pending: bool | None = None) -> list[str]:
    """The card keys drawn inside ``element``, in drawing order; ``pending`` True: only the
    faded ones, False: only the others."""
    faded = _pending_keys(element)
    keys = [g.get("data-mk-key") for g in element.iter(f"{NS}g") if g.get("data-mk-key")]
    return [k for k in keys if pending is None or (k in faded) == pending]


def _pending_keys(root: ET.Element) -> set[str]:
    return {c.get("data-mk-key") for g in root.iter(f"{NS}g") if g.get("class") == "mk-pending"
            for c in g if c.get("data-mk-key")}


def _view(rows=((), ())) -> GameView:
    view = GameView("ohanami", seats=["you", "greedy"], seed=1, bot_delay=0)
    view.session.start(from_position({"step": 5, "hands": [[], []], "picks": [[95, 118], [3, 4]],
                               "rows": [[list(r) for r in rows[0]], [list(r) for r in rows[1]]]}))
    view.uncover()
    return view


def test_O_2_4_a_card_clicked_then_a_new_row_is_drawn_faded_in_that_row_before_the_second_card():
    view = _view()
    view.click("card:118")
    assert _pending_keys(_tree(view.board.svg)) == set()  # no row chosen yet: only selected
    view.click("row:1")
    root = _tree(view.board.svg)
    assert _pending_keys(root) == {"card118"}
    assert _keys(_target(root, "row:1"), pending=True) == ["card118"]
    assert "row 1" in "".join(_target(root, "row:1").itertext())
    # Its place among the picked cards is a hole that still takes it back; 95 is still there.
    hole = _target(root, "card:118")
    assert _keys(hole) == [] and "take it back" in hole.get("data-mk-label")
    assert _keys(_target(root, "card:95")) == ["card95"]
    # Row 2 is still a dashed box to start, and the status line asks for the other card.
    assert "new row 2" in "".join(_target(root, "row:2").itertext())
    assert "click your other kept card" in view.status.value
    view.click("card:95")
    assert _keys(_target(_tree(view.board.svg), "row:1"), pending=True) == ["card118"]
    view.click("row:2")
    placed = [str(m) for by, m in view.state.history if by == 0 and isinstance(m, Place)]
    assert placed == ["place 95>1 118>2"]  # O-2.4: two new rows have no order of their own


def test_O_2_5_a_card_chosen_for_a_row_is_drawn_at_the_end_it_fits():
    view = _view(rows=(([100, 110],), ([5],)))
    view.click("card:118")
    view.click("row:1")
    row = _target(_tree(view.board.svg), "row:1")
    assert _keys(row) == ["card100", "card110", "card118"]
    assert _keys(row, pending=True) == ["card118"]
    view.clear()
    view.click("card:95")
    view.click("row:1")
    assert _keys(_target(_tree(view.board.svg), "row:1")) == ["card95", "card100", "card110"]


def test_O_2_3_a_card_chosen_for_the_discard_is_drawn_faded_in_the_discard_box():
    view = _view()
    view.click("card:95")
    view.click("discard")
    root = _tree(view.board.svg)
    assert _keys(_target(root, "discard"), pending=True) == ["card95"]
    assert _keys(_target(root, "card:95")) == []
    assert "→" in "".join(_target(root, "card:95").itertext())  # the hole points at the discard


def test_clicking_the_hole_takes_the_card_back_and_the_drawing_is_as_before():
    view = _view()
    before = view.board.svg
    view.click("card:118")
    view.click("row:1")
    view.click("card:118")
    assert view.selection == ()
    assert view.board.svg == before


def test_O_2_6_a_placement_made_is_drawn_faded_for_its_seat_alone_until_every_seat_has_placed():
    state = from_position({"step": 5, "hands": [[], []], "picks": [[95, 118], [3, 4]],
                           "places": ["place 95>1 118>x", None], "rows": [[], [[50]]]})
    own = _tree(render_svg(state, 0))
    assert _keys(_target(own, "row:1"), pending=True) == ["card95"]
    assert _keys(_target(own, "discard"), pending=True) == ["card118"]
    assert "go into place when every player has placed" in "".join(own.itertext())
    assert "place 95" not in "".join(own.itertext())  # no notation on the board
    other = _tree(render_svg(state, 1))
    assert _pending_keys(other) == set()
    assert _keys(other).count("card95") == 1 and _keys(other).count("card118") == 1  # the public picks only


def test_a_pending_card_that_is_not_a_kept_card_is_refused():
    state = from_position({"step": 5, "hands": [[], []], "picks": [[95, 118], [3, 4]]})
    with pytest.raises(ValueError, match="Pending placement 3>1"):
        render_svg(state, 0, pending=[(3, 1)])
    with pytest.raises(ValueError, match="Pending placement 95>4"):
        render_svg(state, 0, pending=[(95, 4)])
    assert _pending_keys(_tree(render_svg(state, 0, pending=[(95, 1), (118, 0)]))) == {"card95", "card118"}


def test_pending_cards_fit_a_420_px_board():
    state = from_position({"step": 5, "hands": [[], []], "picks": [[95, 118], [3, 4]],
                           "rows": [[[100, 101, 102, 103, 104, 105, 106, 107]], []]})
    root = _tree(render_svg(state, 0, width=400, pending=[(118, 1), (95, 0)]))
    width = float(root.get("viewBox").split()[2])
    for rect in root.iter(f"{NS}rect"):
        assert float(rect.get("x")) + float(rect.get("width")) <= width + 1, rect.attrib
