"""The three board drawings: click targets, hidden information, marks, contrast, sizes, words.

Positions come from seeded random play (``numpy`` generators), each drawing seen by the seat
to act, as the board view shows it.
"""

import gettext
import html
import importlib
import itertools
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit import flowers, mandala, ohanami
from mandalakit.core import messages, svg
from mandalakit.core.contract import CHANCE

NS = "{http://www.w3.org/2000/svg}"
GAMES = {"ohanami": (ohanami, (2, 3, 4)), "mandala": (mandala, (2,)), "flowers": (flowers, (2, 3, 4))}
ID_FORMS = {
    "ohanami": r"card:\d+|row:[123]|discard",
    "mandala": r"hand:(\w+)|(?:mountain|field):[AB]|discard|pick:(\w+)",
    "flowers": r"hand:(\w+)|mandala:[123]|tile:(\w+)",
}
#: A phone 420 px wide leaves 390 px for the board on the play dashboards (measured in Chromium);
#: drawings are checked 30 px narrower, for a page with a wider margin (a lesson in JupyterLab).
NARROW = 360
#: The smaller side of a click target, in px, that a finger hits (touch).
TOUCH = 24
#: The colours each game draws (its notation's names).
COLOURS = {"ohanami": ohanami.SUITS, "mandala": mandala.COLOURS, "flowers": flowers.COLOURS}


def targets(text: str) -> list[str]:
    return re.findall(r'data-mk-target="([^"]+)"', text)


def positions(game: str, games: int = 4, every: int = 1):
    """``(state, svg)`` at the decision points of seeded random games, seen by the seat to act."""
    module, seats = GAMES[game]
    for seed in range(games):
        state = module.new_game(seats[seed % len(seats)], seed=seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not state.is_terminal():
            if state.current_player != CHANCE and step % every == 0:
                yield state, state.to_svg()
            moves = state.legal_moves()
            state.apply(moves[int(rng.integers(len(moves)))])
            step += 1
        yield state, state.to_svg()


def needed(game: str, move) -> set[str]:
    """The target ids a pupil clicks to make ``move``."""
    if game == "ohanami":
        if isinstance(move, ohanami.Pick):
            return {f"card:{c}" for c in move.cards}
        return {f"card:{c}" for c, _ in move.steps} | {f"row:{r}" if r else "discard" for _, r in move.steps}
    if game == "mandala":
        colour = mandala.COLOURS[move.colour]
        if isinstance(move, mandala.Pick):
            return {f"pick:{colour}"}
        if isinstance(move, mandala.Discard):
            return {f"hand:{colour}", "discard"}
        area = "mountain" if isinstance(move, mandala.Mountain) else "field"
        return {f"hand:{colour}", f"{area}:{mandala.MANDALAS[move.mandala]}"}
    if isinstance(move, flowers.Take):
        return {f"tile:{flowers.COLOURS[move.colour]}"}
    if isinstance(move, flowers.Pass):
        return set()
    return {f"hand:{flowers.COLOURS[move.colour]}", f"mandala:{move.mandala + 1}"}


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_has_its_targets_in_the_drawing_of_the_seat_to_act(game):
    seen = set()
    for state, text in positions(game):
        ids = targets(text)
        assert len(ids) == len(set(ids)), "one group per target id"
        for tid in ids:
            match = re.fullmatch(ID_FORMS[game], tid)
            assert match and all(m is None or m in COLOURS[game] for m in match.groups()), tid
        if state.is_terminal():
            continue
        for move in state.legal_moves():
            missing = needed(game, move) - set(ids)
            assert not missing, f"{move}: no target {missing}"
        seen.update(ids)
    prefixes = {tid.split(":")[0] for tid in seen}
    assert prefixes == {"ohanami": {"card", "row", "discard"}, "flowers": {"hand", "mandala", "tile"},
                        "mandala": {"hand", "mountain", "field", "discard", "pick"}}[game]


def test_O_2_6_no_card_hidden_from_the_viewer_is_a_target():
    for state, text in positions("ohanami", games=3):
        viewer = state.viewer(None)
        own = set(state.hands[viewer]) | (set(state.picks[viewer] or ()) if state.phase == "place" else set())
        cards = {int(t[5:]) for t in targets(text) if t.startswith("card:")}
        assert cards <= own
        if state.phase == "pick":
            assert cards == set(state.hands[viewer])
        others = {c for p in range(state.num_players) if p != viewer for c in state.hands[p]}
        assert not cards & others


@pytest.mark.parametrize("game", ["mandala", "flowers"])
def test_M_2_4_F_2_4_hand_targets_are_the_viewers_own_colours(game):
    for state, text in positions(game, games=3):
        viewer = state.viewer(None)
        hand = state.observation(viewer).hand
        shown = {t[5:] for t in targets(text) if t.startswith("hand:")}
        assert shown == {COLOURS[game][c] for c, k in enumerate(hand) if k}


@pytest.mark.parametrize("game", GAMES)
def test_the_drawing_depends_only_on_what_the_viewer_may_know(game):
    rng = np.random.default_rng(7)
    for state, text in positions(game, games=2, every=7):
        if state.is_terminal():
            continue
        viewer = state.viewer(None)
        assert state.determinize(viewer, rng).to_svg(viewer) == text


@pytest.mark.parametrize("game", GAMES)
def test_marks_outline_a_target_dashed_when_active_solid_blue_when_selected_and_dotted_when_hinted(game):
    state, text = next(p for p in positions(game) if len(targets(p[1])) >= 3)
    first, second, third = targets(text)[:3]
    marked = state.to_svg(marks={first: "active", second: "selected", third: "hint", "not:drawn": "active"})
    root = ET.fromstring(marked)
    groups = {g.get("data-mk-target"): g for g in root.iter(f"{NS}g") if g.get("data-mk-target")}
    outlines = {}
    for tid, cls, style in ((first, "mk-active", 'stroke="#000000" stroke-width="3" stroke-dasharray="7 4"'),
                            (second, "mk-selected", 'stroke="#0050A0" stroke-width="4"/'),
                            (third, "mk-hint", 'stroke-dasharray="2 4"')):
        assert groups[tid].get("class") == cls
        outlines[cls] = ET.tostring(list(groups[tid])[-1]).decode().replace(" />", "/")
        assert style in outlines[cls], outlines[cls]
    assert len(set(outlines.values())) == 3
    assert "mk-active" not in text and "mk-selected" not in text and "mk-hint" not in text
    assert marked.count('data-mk-target="') == text.count('data-mk-target="')
    with pytest.raises(ValueError, match="'active', 'selected' or 'hint'"):
        state.to_svg(marks={first: "hover"})


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_helpers_match_the_wcag_figures():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#ffffff", "#777777") == pytest.approx(4.48, abs=0.01)
    assert contrast("#ffffff", "#009E73") == pytest.approx(3.4, abs=0.05)  # the old green card


def test_palette_text_and_page_inks_have_4_5_to_1_contrast():
    for name, (bg, fg) in svg.PALETTE.items():
        assert contrast(bg, fg) >= 4.5, name
    for ink in (svg.INK, svg.MUTED):
        assert contrast(ink, svg.PAGE) >= 4.5


@pytest.mark.parametrize("game", GAMES)
def test_the_colours_of_one_game_differ_by_25_delta_e_and_in_symbol(game):
    """Greyscale alone no longer tells every two colours apart (nine fills with 3:1 on the mat
    leave too little lightness); the symbol and the name do, and the hue (tests/engines/test_colour_check.py)."""
    from mandalakit.core import colour_check

    for a, b in itertools.combinations(COLOURS[game], 2):
        assert colour_check.delta_e(svg.fill(a), svg.fill(b)) >= 25, (a, b)
    assert len({svg.SYMBOLS[c] for c in COLOURS[game]}) == len(COLOURS[game])


def backgrounds_of_text(text: str):
    """``(text fill, fill under its anchor, words)`` for every ``<text>``, in drawing order."""
    shapes = []  # filled shapes drawn so far, as hit tests
    for el in ET.fromstring(text).iter():
        tag, fill = el.tag.removeprefix(NS), el.get("fill")
        if tag == "rect" and fill not in (None, "none"):
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            shapes.append((fill, lambda px, py, x=x, y=y, w=w, h=h: x <= px <= x + w and y <= py <= y + h))
        elif tag == "circle" and fill not in (None, "none"):
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            shapes.append((fill, lambda px, py, cx=cx, cy=cy, r=r: (px - cx) ** 2 + (py - cy) ** 2 <= r * r))
        elif tag == "text":
            px, py = float(el.get("x")), float(el.get("y")) - 0.35 * float(el.get("font-size"))
            under = next((f for f, inside in reversed(shapes) if inside(px, py)), svg.PAGE)
            yield fill, under, el.text


def sample_drawings():
    """Wide drawings of seeded positions, each followed by its narrow drawing (:data:`NARROW` px);
    at the end of a game, its score screen too, wide and narrow."""
    for game in GAMES:
        for state, text in positions(game, games=2, every=5):
            yield game, state, text
            yield game, state, state.to_svg(width=NARROW)
            if state.is_terminal():
                yield game, state, state.scores_svg()
                yield game, state, state.scores_svg(width=NARROW)


def test_every_text_has_4_5_to_1_contrast_with_what_lies_under_it_and_11_px_at_natural_size():
    pairs = set()
    for game, state, text in sample_drawings():
        root = ET.fromstring(text)
        width = float(root.get("viewBox").split()[2])
        assert root.get("width") == f"{width:g}" and "max-width:100%" in root.get("style")
        assert width <= 980, game  # fits a 1024 px page unscaled, so font sizes are true sizes
        sizes = [float(el.get("font-size")) for el in root.iter(f"{NS}text")]
        assert min(sizes) >= svg.MIN_FONT, game
        for fg, bg, words in backgrounds_of_text(text):
            assert contrast(fg, bg) >= 4.5, (game, fg, bg, words)
            pairs.add((fg, bg))
    assert len(pairs) >= 8  # page inks, white and black on cards, face-down cards, the claim marker


class Marked(gettext.NullTranslations):
    """A catalogue that wraps every message in « », to find words that bypass it."""

    def gettext(self, message):
        return f"«{message}»"

    def ngettext(self, singular, plural, n):
        return f"«{singular if n == 1 else plural}»"


def test_every_word_a_pupil_reads_goes_through_the_message_catalogue(monkeypatch):
    monkeypatch.setattr(messages, "_catalogue", Marked())
    for game, state, text in sample_drawings():
        root = ET.fromstring(text)
        # a rule tag's id and its hover text come from the rulebook (a file per language), not the catalogue
        rules = [g for g in root.iter(f"{NS}g") if g.get("class") == "mk-rule"]
        tagged = {id(el) for g in rules for el in g.iter()}
        lines = [el.text for el in root.iter(f"{NS}text") if id(el) not in tagged]
        words = [el.text for el in root.iter(f"{NS}title") if id(el) not in tagged] + [" ".join(lines)]
        words += [el.get("data-mk-label") for el in root.iter() if el.get("data-mk-label")]
        assert all(lines), (game, "an empty text")
        for shown in words:
            assert shown, (game, "an empty text")
            rest, before = shown, None
            while rest != before:
                rest, before = re.sub(r"«[^«»]*»", "", rest), rest
            assert not re.search(r"[A-Za-z«»]", rest), (game, shown)


# ----- narrow pages (issue 9: a board stays usable 420 px wide) ------------------------------

def hit_boxes(text: str) -> dict[str, tuple[float, float, float, float]]:
    """Target id to the ``(x, y, w, h)`` of the rectangle that takes its clicks."""
    boxes = {}
    for g in ET.fromstring(text).iter(f"{NS}g"):
        if g.get("data-mk-target"):
            hit = next(el for el in g if el.get("pointer-events") == "all")
            boxes[g.get("data-mk-target")] = tuple(float(hit.get(k)) for k in ("x", "y", "width", "height"))
    return boxes


def natural_width(text: str) -> float:
    root = ET.fromstring(text)
    width = float(root.get("viewBox").split()[2])
    assert root.get("width") == f"{width:g}"
    return width


@pytest.mark.parametrize("game", GAMES)
def test_a_narrow_drawing_is_no_wider_than_asked_with_the_targets_and_marks_of_the_wide_one(game):
    for state, wide in positions(game, games=3, every=3):
        narrow = state.to_svg(width=NARROW)
        assert natural_width(narrow) <= NARROW < natural_width(wide)  # shown unscaled, so 11 px stays 11 px
        assert sorted(targets(narrow)) == sorted(targets(wide))
        marks = dict(zip(targets(wide)[:2], ("active", "selected")))
        marked = [re.findall(r'data-mk-target="([^"]+)"[^>]*class="([^"]+)"', state.to_svg(marks=marks, width=w))
                  for w in (None, NARROW)]
        assert marked[0] == marked[1] and len(marked[0]) == len(marks)


@pytest.mark.parametrize("game", GAMES)
def test_a_narrow_drawing_keeps_11_px_text_and_touch_sized_targets_inside_it(game):
    smallest = []
    for state, _wide in positions(game, games=3, every=3):
        text = state.to_svg(width=NARROW)
        width = natural_width(text)
        assert min(float(el.get("font-size")) for el in ET.fromstring(text).iter(f"{NS}text")) >= svg.MIN_FONT
        for tid, (x, y, w, h) in hit_boxes(text).items():
            assert min(w, h) >= TOUCH, (tid, w, h)
            assert 0 <= x - 3 and x + w + 3 <= width, tid  # with its mark's outline
            smallest.append(min(w, h))
    assert min(smallest) < 60  # cards are targets, not only large areas


def test_every_line_of_text_fits_inside_its_drawing_wide_and_narrow():
    """Measured with :func:`svg.text_width`, an upper bound for DejaVu Sans, Arial and Helvetica."""
    for game, _state, text in sample_drawings():
        width = natural_width(text)
        for el in ET.fromstring(text).iter(f"{NS}text"):
            w = svg.text_width(el.text, float(el.get("font-size")), el.get("font-weight", "normal"))
            left = float(el.get("x")) - {"start": 0, "middle": w / 2, "end": w}[el.get("text-anchor", "start")]
            assert 0 <= left and left + w <= width + 0.5, (game, width, el.text)


@pytest.mark.parametrize("game", GAMES)
def test_the_width_chooses_the_layout_and_never_goes_below_the_smallest(game):
    module, seats = GAMES[game]
    state = module.new_game(seats[-1], seed=3)
    wide = state.to_svg()
    natural = natural_width(wide)
    assert state.to_svg(width=natural) == state.to_svg(width=2000) == wide
    assert natural_width(state.to_svg(width=natural - 1)) == natural - 1
    smallest = importlib.import_module(f"mandalakit.{game}.render").SMALLEST
    assert natural_width(state.to_svg(width=smallest - 100)) == smallest  # a smaller page scales it down
    assert smallest <= NARROW


def test_the_two_mandalas_stand_side_by_side_when_wide_and_one_above_the_other_when_narrow():
    state = mandala.new_game(2, seed=1)
    (ax, ay, _w, _h), (bx, by, _w, _h) = (hit_boxes(state.to_svg())[f"field:{m}"] for m in "AB")
    assert ax < bx and ay == by
    (ax, ay, _w, _h), (bx, by, _w, _h) = (hit_boxes(state.to_svg(width=NARROW))[f"field:{m}"] for m in "AB")
    assert ax == bx and ay < by


@pytest.mark.parametrize("width", [None, 900, NARROW, 320])
def test_the_three_flowers_mandalas_stand_side_by_side_with_the_hand_right_under_them(width):
    """Issue 30: on a phone too the mandalas stand in three (compact) columns, so that the sides
    to play on and the hand are close; there the near sides stand on one line."""
    boxes = hit_boxes(flowers.new_game(3, seed=2).to_svg(width=width))
    sides = [boxes[f"mandala:{i}"] for i in (1, 2, 3)]
    assert sides[0][0] < sides[1][0] < sides[2][0]  # side by side
    hand = [y for tid, (_x, y, _w, _h) in boxes.items() if tid.startswith("hand:")]
    assert hand and 0 < min(hand) - max(y + h for _x, y, _w, h in sides) < 80  # right under them
    if width is not None and width < 700:
        assert len({y for _x, y, _w, _h in sides}) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("abcxyzW", min_size=1, max_size=12) | st.just("·"), max_size=30),
       st.integers(30, 400), st.sampled_from(["normal", "bold"]))
def test_wrap_keeps_every_word_in_order_and_each_line_within_the_width(words, width, weight):
    line = " ".join(words)
    rows = svg.wrap(line, width, size=12, weight=weight)
    assert " ".join(rows).split() == line.split()
    for row in rows:
        one_word = " " not in re.sub(r"( ·)+$", "", row)  # a word too wide for the width keeps a line of its own
        assert one_word or svg.text_width(row, 12, weight) <= width
        assert not row.startswith("·") or row == rows[0]


def _texts(drawing: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", drawing)]


@pytest.mark.parametrize("lang, captions", [
    ("en", {(0, 0): ["hand: 1 card, hidden"], (1, 3): ["hand: 1 card, hidden", "3 cards, hidden"],
            (3, 1): ["hand: 1 card, hidden", "1 card, hidden"]}),
    ("fr", {(0, 0): ["main\u00a0: 1 carte, cachée"], (1, 3): ["main\u00a0: 1 carte, cachée", "3 cartes, cachées"],
            (3, 1): ["main\u00a0: 1 carte, cachée", "1 carte, cachée"]}),
])
def test_M_2_4_a_seats_caption_calls_an_empty_cup_empty_and_hides_only_cards_there_are(lang, captions):
    """The board said « cup: 0 cards, both hidden » of another seat's empty cup, and « cup: 1 card, both
    hidden »: each count now says itself whether it is hidden (M-2.4), and an empty cup is empty. The
    viewer's own cup shows its cards face down."""
    for (mine, theirs), expected in captions.items():
        state = mandala.from_position({"hands": [{"red": 2}, {"black": 1}],
                                       "cups": [{"red": mine} if mine else {}, {"green": theirs} if theirs else {}]}, seed=1)
        with messages.language(lang):
            texts = _texts(state.to_svg(0))
        assert sorted(t for t in texts if t in expected) == sorted(expected)
        face_down = [t for t in texts if t.endswith(("(face down)", "(face cachée)"))]
        assert len(face_down) == (1 if mine else 0)
        assert texts.count("empty" if lang == "en" else "vide") >= (2 if not mine and not theirs else 0)
        assert not [t for t in texts if "both" in t or "deux" in t or "0 card" in t]


@pytest.mark.parametrize("game", GAMES)
def test_the_score_screen_gives_every_players_total_and_the_winner_and_refuses_a_game_not_over(game):
    module, seats = GAMES[game]
    for seed in range(3):
        state = module.new_game(seats[seed % len(seats)], seed=seed)
        rng = np.random.default_rng(seed)
        with pytest.raises(Exception, match="not over"):
            state.scores_svg()
        while not state.is_terminal():
            moves = state.legal_moves()
            state.apply(moves[int(rng.integers(len(moves)))])
        res = state.result()
        for width in (None, NARROW):
            text = state.scores_svg(0, width=width)
            root = ET.fromstring(text)
            assert natural_width(text) <= (980 if width is None else NARROW)
            cells = [el.text for el in root.iter(f"{NS}text")]
            for p, score in enumerate(res.scores):
                head = "You" if p == 0 else f"Player {p + 1}"
                assert head in cells and str(score) in cells[cells.index(head):]
            said = ("You win!" if res.winners == (0,) else f"Player {res.winners[0] + 1} wins!" if len(res.winners) == 1
                    else "share the victory!")
            assert said in text
            assert not [c for c in cells if "seat" in c.lower()]  # (a rule's hover text is the rulebook's)


@pytest.mark.parametrize("lang", sorted(messages.LANGUAGES))
def test_every_colour_name_stays_inside_its_card_in_every_language(lang):
    """A colour name wider than the card's inner frame (« vermelha », « amarela ») is pressed into
    it with SVG ``textLength``; a name that fits is drawn at its own width."""
    with messages.language(lang):
        for colour in (c for c in svg.PALETTE if c != "back"):
            drawn = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg.card(0, 0, colour)}</svg>')
            name = [t for t in drawn.iter("{http://www.w3.org/2000/svg}text") if t.text == svg.colour_name(colour)]
            assert len(name) == 1, (lang, colour)
            pressed = name[0].get("textLength")
            if svg.text_width(svg.colour_name(colour), svg.MIN_FONT) > 44 - 2:
                assert (float(pressed), name[0].get("lengthAdjust")) == (38, "spacingAndGlyphs"), (lang, colour)
            else:
                assert pressed is None, (lang, colour)


def test_the_longest_portuguese_colour_names_are_pressed_into_the_card():
    with messages.language("pt"):
        assert 'textLength="38"' in svg.card(0, 0, "red") and 'textLength="38"' in svg.card(0, 0, "yellow")
    assert "textLength" not in "".join(svg.card(0, 0, c) for c in svg.PALETTE if c != "back")
