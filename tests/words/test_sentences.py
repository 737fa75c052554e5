"""Refusal sentences read naturally: singular and plural, "a" and "an", for every count and colour.

The refusals are collected rather than listed: random play of each game tries, at every decision,
every move the game can express that is not legal there; hand-built positions hold 1 to 8 cards of
every colour; the notations refuse picks and placements of 1 to 10 cards. Every sentence is then
checked for what English never writes ("Playing all 1 cards", "a orange 1 tile", "card(s)").
"""

import re
from itertools import product

import numpy as np
import pytest

from mandalakit import IllegalMoveError, MandalakitError, NotationError, RulesError, flowers, mandala, ohanami
from mandalakit.core.messages import a_or_an, ngettext

NOUNS = r"(?:cards|rows|tiles|colours|bots|hands|keys|flowers|names|players|events)"
#: What a natural English sentence of ours never holds.
UNNATURAL = re.compile(
    r"\(s\)"  # card(s), row(s)
    rf"|\b1 (?:[a-z]+ )?{NOUNS}\b"  # 1 cards, 1 orange cards
    r"|\ball 1\b"  # Playing all 1 cards
    r"|(?:\ba|^A) (?:[aeiouAEIOU]|8|1[18]\b)"  # a orange, a 8, a 11 (but "mandala A is" names mandala A)
    r"|(?:\ban|^An) (?![aeiouAEIOU]|8|1[18]\b)",  # an red, an 5
)


def unnatural(sentences):
    return sorted({s for s in sentences if UNNATURAL.search(s)})


@pytest.mark.parametrize("bad", ["Playing all 1 cards would leave seat 0 with an empty hand.",
                                 "Mandala 2 has a orange 1 tile and a grey x3 tile.", "Seat 0 has 1 red cards.",
                                 "seat 1 has 2 row(s)", "an red card", "a 8", "a 11", "an 5", "1 rows", "1 bots for"])
def test_the_check_finds_what_english_never_writes(bad):
    assert UNNATURAL.search(bad)


@pytest.mark.parametrize("good", ["Mandala 2 has an orange 1 tile and a grey x3 tile.", "Seat 0 has 1 red card.",
                                  "an 8", "an 18", "a 1", "a 7", "seat 1 has 1 row",
                                  "Mandala 1 has a red 2 tile", "A mountain play is exactly one card, not 2"])
def test_the_check_passes_natural_sentences(good):
    assert not UNNATURAL.search(good)


def test_a_or_an_for_every_colour_suit_and_number():
    words = {*mandala.COLOURS, *flowers.COLOURS, *ohanami.SUITS, *map(str, range(1, 121))}
    for word in words:
        assert not UNNATURAL.search(a_or_an(word)), word
    assert [a_or_an(w) for w in ("orange", "red", "8", "11", "18", "80", "1", "110")] == \
        ["an orange", "a red", "an 8", "an 11", "an 18", "an 80", "a 1", "a 110"]
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


# ----- collecting refusals ---------------------------------------------------------------------------------
def refusals(state, moves):
    """The refusal of every move in ``moves`` that ``state`` refuses (tried on a copy)."""
    legal = set(state.legal_moves())
    probe, out = state.clone(), []
    for move in moves:
        if move not in legal:  # Ohanami lists each placement once, so some unlisted ones are legal
            try:
                probe.apply(move)
            except IllegalMoveError as err:
                out.append(err.message)
            else:
                probe = state.clone()
    return out


def random_play(game, players, seed, candidates):
    """Refusals of ``candidates(state)`` at every decision of a random game (each sentence once)."""
    state = game.new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    out = set()
    while not state.is_terminal():
        out.update(refusals(state, candidates(state)))
        legal = state.legal_moves()
        state.apply(legal[rng.integers(len(legal))])
    return out


def mandala_moves(state):
    m = mandala.moves
    return [*np.ravel(m.MOUNTAIN), *np.ravel(m.FIELD), *np.ravel(m.DISCARD), *m.PICK]


def flowers_moves(state):
    m = flowers.moves
    return [*(p for by_colour in m.PLAYS for by_count in by_colour for p in by_count), *m.TAKES, m.PASS]


def ohanami_moves(state):
    m = ohanami.moves
    seat = state.current_player
    if state.phase == "pick":
        hand = state.hands[seat]
        outside = [c for c in range(1, 121) if c not in hand][:3]
        return [m.pick(a, b) for a, b in product(hand + outside, hand[:2] + outside) if a != b]
    a, b = state.picks[seat]
    other = next(c for c in range(1, 121) if c not in (a, b))
    steps = [((x, r), (y, s)) for x, y in ((a, b), (b, a)) for r, s in product(range(4), repeat=2)]
    return [m.Place(s) for s in steps] + [m.Place(((a, 1), (other, 0)))]


@pytest.fixture(scope="module")
def mandala_refusals():
    out = {s for seed in (1, 2) for s in random_play(mandala, 2, seed, mandala_moves)}
    for colour, k in product(mandala.COLOURS, range(1, 9)):  # 1 to 8 cards of every colour in hand
        state = mandala.from_position({"hands": [{colour: k}, {"black" if colour != "black" else "red": 1}]})
        out.update(refusals(state, [mandala.parse(t) for t in
                                    (f"field A {colour} {k + 1}", f"field A {colour} {k}", f"discard {colour} {k + 1}")]))
    return out


@pytest.fixture(scope="module")
def flowers_refusals():
    out = {s for players, seed in ((2, 1), (3, 2), (4, 3)) for s in random_play(flowers, players, seed, flowers_moves)}
    for colour, k in product(flowers.COLOURS, range(1, 9)):
        state = flowers.from_position(2, hands=[f"{k} {colour}", "1 grey" if colour != "grey" else "1 red"])
        out.update(refusals(state, [flowers.parse(f"play {n} {colour} on 1") for n in (k, k + 1)]))
    return out


@pytest.fixture(scope="module")
def ohanami_refusals():
    return {s for players, seed in ((2, 1), (4, 2)) for s in random_play(ohanami, players, seed, ohanami_moves)}


def test_mandala_refusals_read_naturally(mandala_refusals):
    assert unnatural(mandala_refusals) == []
    text = "\n".join(mandala_refusals)  # the singular forms were reached
    assert "has 1 orange card in hand" in text and "Playing your last card" in text and "Playing all 2 cards" in text


def test_flowers_refusals_read_naturally(flowers_refusals):
    assert unnatural(flowers_refusals) == []
    text = "\n".join(flowers_refusals)
    assert "Player 1 has 1 orange card, so" in text and "has 2 yellow cards, so" in text
    tiles = re.findall(r"Mandala \d has (an? \w+ (?:\d|x3)) and (an? \w+ (?:\d|x3)) tile", text)
    named = {word for pair in tiles for word in pair}
    assert {a.split()[1] for a in named} >= {"orange", "grey"} and any(a.startswith("an ") for a in named)


def test_ohanami_refusals_read_naturally(ohanami_refusals):
    assert unnatural(ohanami_refusals) == []
    text = "\n".join(ohanami_refusals)
    assert "has 0 rows, so row 1 starts" in text and "has 1 row, so row 2 starts" in text


def test_notation_refusals_read_naturally():
    texts = [f"pick {' '.join(map(str, range(1, n + 1)))}" for n in range(1, 11) if n != 2]
    texts += [f"place {' '.join(f'{c}>x' for c in range(1, n + 1))}" for n in range(1, 11) if n != 2]
    out = []
    for game, text in [*((ohanami, t) for t in texts),
                       *((mandala, f"{kind} A {a} {b} 2") for kind in ("field", "mountain")
                         for a, b in product(mandala.COLOURS, repeat=2) if a != b),
                       *((mandala, f"discard {c} 0") for c in mandala.COLOURS),
                       *((flowers, f"play 2 {a} {b} on {m}") for a, b in product(flowers.COLOURS, repeat=2) if a != b
                         for m in (1, 4))]:
        with pytest.raises(NotationError) as err:
            game.parse(text)
        out.append(err.value.message)
    assert unnatural(out) == []
    assert "'pick 1' names 1 card, but" in "\n".join(out) and "'place 1>x' places 1 card, but" in "\n".join(out)


def test_setup_refusals_with_a_count_read_naturally():
    from mandalakit.core.bots import RandomBot, play
    from mandalakit.flowers.tiles import DEFAULT_TILES, normalise_table

    out = []
    for n in range(0, len(DEFAULT_TILES)):
        with pytest.raises(RulesError) as err:
            normalise_table(DEFAULT_TILES[:n])
        out.append(err.value.message)
    with pytest.raises(ValueError) as err:
        play(ohanami.new_game(2, seed=1), [RandomBot(seed=1)])
    out.append(str(err.value))
    with pytest.raises(RulesError) as err:
        flowers.from_position(2, hands=["1 red"])
    out.append(err.value.message)
    for colour in flowers.COLOURS:  # a face-down card of a colour that is not there (F-3.2)
        tiles = ("grey 1", "green 1") if colour not in ("grey", "green") else ("purple 1", "orange 1")
        with pytest.raises(MandalakitError) as err:
            flowers.from_position(2, hands=["1 red", "1 red"], mandalas=[{"tiles": tiles, "down": {0: f"1 {colour}"}}])
        out.append(err.value.message)
    assert unnatural(out) == []
    assert any("has 1 row;" in s for s in out) and any("an orange card lies face down" in s for s in out)


@pytest.mark.parametrize("game,players", [(mandala, 2), (flowers, 3), (ohanami, 2)])
def test_board_labels_read_naturally(game, players):
    from html import unescape
    from importlib import import_module

    render_svg = import_module(f"{game.__name__}.render").render_svg
    state, rng, labels = game.new_game(players, seed=5), np.random.default_rng(5), set()
    while True:
        for seat in range(players):
            svg = render_svg(state, seat)
            labels.update(unescape(t) for t in re.findall(r">([^<>]+)</(?:text|title)>", svg))
        if state.is_terminal():
            break
        legal = state.legal_moves()
        state.apply(legal[rng.integers(len(legal))])
    assert unnatural(labels) == []
    assert any(re.search(r"\b1 (?:more )?(?:card|row|colour|Flower)\b", label) for label in labels)  # singulars shown
