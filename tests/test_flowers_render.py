"""SVG drawing of a Flowers position: content, colour names, no hidden information."""

import xml.etree.ElementTree as ET

import pytest

from mandalakit.core import svg
from mandalakit.core.bots import RandomBot, play
from mandalakit.core.errors import RulesError
from mandalakit.flowers import COLOURS, from_position, new_game

POSITION = dict(
    mandalas=[{"tiles": ("grey x3", "green 1"), "claim": 0, "up": {0: "2 red"}, "down": {1: "3 grey"}}],
    owned=[["purple 1", "purple 3"], ["yellow 2"]],
)


def test_svg_shows_mandalas_tiles_cards_claims_and_tiles_with_colour_names():
    state = from_position(2, hands=["2 orange, 1 red", "3 yellow"], **POSITION)
    text = state.to_svg(0)
    ET.fromstring(text)  # well-formed
    for needle in ["Mandala 1", "Mandala 2", "Mandala 3", "claim marker: seat 0", "unclaimed", "×3",
                   "grey tile, multiplier ×3", "(face down)", "Flowers", "unpaired", "score 5",
                   "3 colours missing:", ">purple, orange, yellow<", "seat 1: 3 cards, 0 face up", "hand",
                   "an assumption until checked against a printed copy"]:
        assert needle in text, needle
    for name in COLOURS:  # every colour is named as text, never by hue alone
        assert f">{name}</text>" in text
        assert svg.fill(name) in text


def test_svg_shows_only_the_viewing_seats_hand():
    a = from_position(2, hands=["2 orange", "3 yellow"], **POSITION)
    b = from_position(2, hands=["2 orange", "1 purple, 2 red"], **POSITION)
    assert a.to_svg(0) == b.to_svg(0)
    assert a.to_svg(1) != b.to_svg(1)
    assert a._repr_html_() == a.to_svg(0)
    with pytest.raises(RulesError):
        a.to_svg(5)


def test_svg_of_a_tile_choice_and_of_the_end():
    state = from_position(
        2, hands=["1 yellow, 2 red", "2 red"],
        mandalas=[{"tiles": ("grey 1", "green 1"), "claim": 1, "up": {0: "1 orange, 1 red", 1: "3 purple"}}])
    state.apply(state.parse_move("play 1 yellow on 1"))
    assert "seat 1 (claim holder) chooses a tile of mandala 1" in state.to_svg()
    game = new_game(3, seed=2)
    play(game, [RandomBot(seed=i) for i in range(3)])
    text = game.to_svg()
    assert "Game over" in text and "Final scores" in text
    setup = new_game(2, manual_chance=True)
    assert "tiles not placed yet" in setup.to_svg() and "waiting for a shuffle" in setup.to_svg()
