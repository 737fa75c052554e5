"""Every order of clicks the rules allow makes the move (issue 20).

For sampled positions of each game, every legal move is clicked in every order a pupil could
click it, and each order must end in that move, with every click on the way highlighted. The
orders are written here from the rules, apart from the game parts' own click paths: a hand
colour once per card (or once, then a count chip) and then the place; Ohanami's two picked
cards in either order, and its placements card by card in either order, each to the discard
or to any row number that the engine reads as the same move (O-2.4, O-2.5).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from mandalakit.core.errors import MandalakitError
from mandalakit.core.registry import get_game
from mandalakit.ohanami import from_position
from mandalakit.ohanami.moves import DISCARD, Pick, Place
from mandalakit.widgets import GameView
from mandalakit.widgets.play.clicks import ClickTree
from mandalakit.widgets.play.games import part_of


def _dest(row: int) -> str:
    return "discard" if row == DISCARD else f"row:{row}"


def ohanami_orders(state, move):
    """Every click order of an Ohanami move, from the rules (not from the game's part)."""
    if isinstance(move, Pick):
        a, b = move.cards
        return [(f"card:{a}", f"card:{b}"), (f"card:{b}", f"card:{a}")]
    seat = state.current_player
    rows = len(state.rows[seat])
    dests = [DISCARD, 1, 2, 3][: rows + 3]
    orders = []
    for (a, _ra), (b, _rb) in itertools.permutations(move.steps):
        for ra, rb in itertools.product(dests, dests):
            try:
                same = state.listed_move(Place(((a, ra), (b, rb)))) == move
            except MandalakitError:
                continue
            if same:
                orders.append((f"card:{a}", _dest(ra), f"card:{b}", _dest(rb)))
    return orders


def orders_of(game, state, move):
    if game == "ohanami":
        return ohanami_orders(state, move)
    return list(part_of(game).paths(state, move))  # one colour, a count, one place: one order


def clicked(tree, clicks):
    """The move ``clicks`` make in ``tree``; asserts each click on the way is highlighted."""
    selection = ()
    for i, target in enumerate(clicks):
        assert target in tree.active(selection), (clicks, i)
        outcome = tree.click(selection, target)
        if i == len(clicks) - 1:
            assert outcome.kind == "move", (clicks, outcome)
            return outcome.move
        assert outcome.kind == "more", (clicks, outcome)
        selection = outcome.selection
    return None


@pytest.mark.parametrize(("game", "players"), [("mandala", 2), ("flowers", 3), ("ohanami", 3)])
def test_every_order_of_clicks_of_every_legal_move_makes_that_move(game, players):
    spec, part = get_game(game), part_of(game)
    rng = np.random.default_rng(20)
    positions = orders_checked = 0
    for seed in range(3):
        state = spec.new_game(players, seed=seed)
        step = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            if step % 7 == 0:  # a sample of the positions of the game
                tree = ClickTree(state, part)
                for move in moves:
                    orders = orders_of(game, state, move)
                    assert orders, move
                    for clicks in orders:
                        assert clicked(tree, clicks) == move
                        orders_checked += 1
                positions += 1
            state.apply(moves[rng.integers(len(moves))])
            step += 1
    assert positions > 10 and orders_checked > positions


def test_O_2_5_two_new_rows_in_either_order_by_clicks():
    """Issue 20's refusal: with 95 and 118 kept and no row yet, 118 -> new row 1 and then 95 ->
    new row 2 was refused. Both orders now make the move (two new rows have no order, O-2.4)."""
    for clicks in (["card:118", "row:1", "card:95", "row:2"], ["card:95", "row:1", "card:118", "row:2"]):
        view = GameView("ohanami", seats=["you", "greedy"], seed=1, bot_delay=0)
        view.session.start(from_position({"step": 5, "hands": [[], []], "picks": [[95, 118], [3, 4]]}))
        view.uncover()
        for target in clicks:
            assert target in view.active, (clicks, target)
            view.click(target)
        assert "mk-refusal" not in view.message.value
        placed = [str(m) for by, m in view.state.history if by == 0 and isinstance(m, Place)]
        assert placed == ["place 95>1 118>2"]
