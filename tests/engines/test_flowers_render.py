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
    for needle in ["Mandala 1", "Mandala 2", "Mandala 3", "claim marker: you", "nobody holds the claim marker",
                   "×3", "grey tile, multiplier ×3", "(face down)", "paired", "unpaired", "score 5",
                   "3 colours missing: purple, orange, yellow<", "Player 2: 3 cards, 0 face up", "hand",
                   "your side: 2 cards, 2 face up", "an assumption until checked against a printed copy"]:
        assert needle in text, needle
    # F-3.6: the claim marker disc is numbered as people count players: seat 0 is player 1
    marker = ET.fromstring(text).find(".//{http://www.w3.org/2000/svg}circle[@r='12']/..")
    assert marker.find("{http://www.w3.org/2000/svg}text").text == "1"
    assert "seat" not in text.lower()
    named = state.to_svg(0, names=["Ann", "Bot (greedy)"], you=True)
    assert "Bot (greedy): 3 cards, 0 face up" in named and "your side" in named and "Ann · score 5" in named
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
    assert "you hold the claim marker of mandala 1: choose a tile; Player 1 gets the other" in state.to_svg()
    assert "Player 2 holds the claim marker of mandala 1 and chooses a tile; you get the other" in state.to_svg(0)
    game = new_game(3, seed=2)
    play(game, [RandomBot(seed=i) for i in range(3)])
    text = game.to_svg()
    assert "Flowers · game over" in text and ("win!" in text or "share the victory!" in text)
    setup = new_game(2, manual_chance=True)
    assert "the tiles are not placed yet" in setup.to_svg() and "shuffling the deck" in setup.to_svg()


def test_the_score_screen_gives_each_players_flowers_unpaired_tiles_total_and_the_winner():
    game = new_game(2, seed=2)
    play(game, [RandomBot(seed=i) for i in range(2)])
    res = game.result()
    text = game.scores_svg(0, names=["you", "Bot (greedy)"], you=True)
    root = ET.fromstring(text)
    cells = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    for p, name in enumerate(["you", "Bot (greedy)"]):
        i = cells.index(name)
        flowers = res.players[p]["flowers"]
        assert cells[i + 1:i + 6] == [str(len(flowers)), str(sum(f["score"] for f in flowers)),
                                      str(len(res.players[p]["singles"])),
                                      str(sum(t["score"] for t in res.players[p]["singles"])), str(res.scores[p])]
    verdict = "You win!" if res.winners == (0,) else "Bot (greedy) wins!" if res.winners == (1,) else "share the victory!"
    assert verdict in text and 'class="mk-rule"' in text
    with pytest.raises(RulesError):
        new_game(2, seed=2).scores_svg()
