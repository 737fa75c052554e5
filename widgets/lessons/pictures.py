"""Pictures for the landing page and the lessons, drawn by the engines (no widget library).

:func:`game_gallery` shows one seeded game of each kind, part-way through, as a card with its
name, one line and a picture: what a pupil sees first on the landing page. Each card is a link
to the game's first game with a guide.

>>> from mandalakit.widgets.lessons.pictures import game_gallery, players
>>> html = game_gallery().data
>>> html.count("<svg") == 3 and "Ohanami" in html and "Seat 0" not in html
True
>>> players(3)
['Player 1', 'Player 2', 'Player 3']

The lessons' pictures: the staircase of T(k) (Ohanami's pink cards), the points per card of
each round, and a board with its rule tags.

>>> staircase(4).count("<rect") >= 10 and "10" in staircase(4)
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as W
import numpy as np
from IPython.display import HTML

from mandalakit.core import svg as _svg
from mandalakit.core.messages import N_, _, ngettext
from mandalakit.core.registry import GAMES, get_game
from mandalakit.ohanami import sakura_points

from mandalakit.widgets.play.board import BoardView
from mandalakit.widgets.lessons.rules import rule_tag

__all__ = ["Slides", "board", "story", "game_gallery", "layout_width", "lesson_style", "midgame", "players", "round_points",
           "staircase", "staircases"]

#: From this width (CSS px) a lesson's board keeps the game's wide layout, shrunk to fit: beside
#: its text on a wide page (:func:`lesson_style`) or on a tablet, one board is shorter so than
#: the same board laid out one part above the other. Phones (under it) get the narrow layout.
WIDE_FROM = 560

#: The lesson page's layout (:func:`lesson_style`): on a wide page a markdown cell tagged
#: ``beside`` stands left of the next cell (its picture or exercise), which takes the rest of the
#: width; the cell after both starts below them. Under 900 px the cells stay one above the other.
#: Voila wraps each cell in a block of its own while it renders cell by cell, so each rule is
#: written for cells side by side and for cells in their own blocks.
LESSON_CSS = """
@media (min-width: 900px) {
  #rendered_cells .jp-MarkdownCell:has(.celltag_beside) { float: left; width: var(--mk-text-share, 32%);
    box-sizing: border-box; padding-right: 14px; }
  #rendered_cells .jp-MarkdownCell:has(.celltag_beside) + .jp-Cell,
  #rendered_cells div:has(> .jp-MarkdownCell .celltag_beside) + div > .jp-Cell { display: flow-root; }
  #rendered_cells .jp-MarkdownCell:has(.celltag_beside) + .jp-Cell + .jp-Cell,
  #rendered_cells div:has(> .jp-MarkdownCell .celltag_beside) + div + div { clear: both; }
}
"""


def layout_width(width: int | None) -> int | None:
    """The width to lay a lesson's drawing out for, given the CSS px the page gives it: ``None``
    (the wide layout, which shrinks to fit) from :data:`WIDE_FROM` px on, else ``width``.

    >>> layout_width(640), layout_width(400), layout_width(0)
    (None, 400, None)
    """
    return None if not width or width >= WIDE_FROM else width


def lesson_style(text_share: int = 32) -> HTML:
    """The lesson page's layout as a style sheet (:data:`LESSON_CSS`): show it once, in the
    setup cell. It draws nothing.

    ``text_share`` is the percentage of a wide page's width a step's text takes beside its
    picture: less for a game whose boards are wide (Flowers' three mandalas), so that their
    words stay large enough to read. Raises ``ValueError`` outside 20-50.
    """
    if not 20 <= text_share <= 50:
        raise ValueError(f"A step's text takes 20 to 50 % of the page's width beside its picture; got {text_share}.")
    return HTML(f"<style>:root {{ --mk-text-share: {text_share}%; }}{LESSON_CSS}</style>")

#: A square of the staircase, in px.
CELL = 20

#: The numbers of players a game takes (``GameSpec.min_players``, ``max_players``), in words.
PLAYER_COUNTS = {(2, 2): N_("2 players"), (2, 4): N_("2 to 4 players")}


def player_count(game: str) -> str:
    """The number of players ``game`` takes, in words, translated (« 2 à 4 joueurs »)."""
    spec = get_game(game)
    return _(PLAYER_COUNTS[spec.min_players, spec.max_players])


def players(n: int) -> list[str]:
    """The seats' names a pupil reads: ``Player 1`` ... ``Player n`` (translated)."""
    return [_("Player {n}", n=seat + 1) for seat in range(n)]


def midgame(game: str, num_players: int, decisions: int, seed: int = 2026):
    """A seeded game of ``game`` after ``decisions`` moves of greedy bots: a position worth a
    picture (cards in rows, mountains and fields, cards on the mandalas).

    Raises ``KeyError`` for an unknown game (see :func:`mandalakit.core.registry.get_game`).
    """
    spec = get_game(game)
    state = spec.new_game(num_players, seed=seed)
    bots = [spec.bots["greedy"](seed=seed + seat) for seat in range(num_players)]
    rng = np.random.default_rng(seed)
    for _step in range(decisions):
        if state.is_terminal():
            break
        seat = state.current_player
        moves = state.legal_moves()
        # Mostly the greedy bots' moves, sometimes another legal one: a position that looks played.
        move = bots[seat].choose(state.observation(seat), moves) if rng.random() < 0.8 else \
            moves[int(rng.integers(len(moves)))]
        state.apply(move)
    return state


#: The width a landing card's picture is drawn for (CSS px, one drawing unit a pixel: its text
#: keeps the board's own sizes on a 1024 px page, three cards a row, and on a 420 px phone)
#: and the height of board it shows (the top of the phone layout: the game's own table).
CARD_PICTURE = (320, 250)


def card_picture(svg: str, height: int = CARD_PICTURE[1]) -> str:
    """The top ``height`` px of a drawing, as a drawing of its own (its ``viewBox`` cut there).

    >>> card_picture('<svg width="320" height="900" viewBox="0 0 320 900"><rect/></svg>', 200)
    '<svg width="320" height="200" viewBox="0 0 320 200"><rect/></svg>'
    """
    import re

    match = re.match(r'<svg([^>]*?) width="([\d.]+)" height="([\d.]+)" viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if not match or float(match.group(3)) <= height:
        return svg
    width = match.group(2)
    head = f'<svg{match.group(1)} width="{width}" height="{height}" viewBox="0 0 {match.group(4)} {height}"'
    return head + svg[match.end():]


def game_gallery() -> HTML:
    """The games as cards side by side (one under the other on a phone), each a link to
    the game's first game with a guide (``guide-<game>.ipynb``, beside the page): its name, its
    number of players, one line and a picture drawn for the card's size (:data:`CARD_PICTURE`)."""
    cards = []
    width, height = CARD_PICTURE
    go = escape(_("First game with a guide"))
    for spec in map(get_game, GAMES):
        if not spec.gallery:  # a game of the registry that declares no picture (GameSpec.gallery)
            continue
        game, (num, decisions, line) = spec.name, spec.gallery
        state = midgame(game, num, decisions)
        svg = card_picture(state.to_svg(0, names=players(num), width=width), height)
        title = escape(_(spec.title))
        cards.append(
            f'<a class="mk-game-card" href="guide-{game}.ipynb" target="_self">'
            f'<span class="mk-game-title">{title}</span>'
            f'<span class="mk-game-count">{escape(player_count(game))}</span>'
            f'<span class="mk-game-line">{escape(_(line))}</span>'
            f'<span class="mk-game-picture" role="img" aria-label="{title}">{svg}</span>'
            f'<span class="mk-game-go">{go} →</span></a>')
    style = ("<style>.mk-gallery{display:flex;flex-wrap:wrap;gap:12px}"
             ".mk-game-card{flex:1 1 300px;max-width:340px;box-sizing:border-box;display:flex;flex-direction:column;"
             "gap:4px;border:2px solid #bbb;border-radius:10px;padding:8px;color:#222;text-decoration:none;"
             "background:#fff}"
             ".mk-game-card:hover,.mk-game-card:focus{border-color:#0072B2;box-shadow:0 0 0 3px #56B4E9}"
             ".mk-game-title{font-size:1.3em;font-weight:bold}.mk-game-count{color:#444}"
             ".mk-game-picture{display:block;overflow:hidden;border-top:1px solid #ddd;border-bottom:1px solid #ddd}"
             ".mk-game-picture svg{display:block;max-width:100%;height:auto}"
             ".mk-game-go{font-weight:bold;color:#0072B2;font-size:1.1em}</style>")
    return HTML(style + '<nav class="mk-gallery">' + "".join(cards) + "</nav>")


def board(state, player: int = 0, rules: tuple[str, ...] = (), marks: dict | None = None) -> W.VBox:
    """A lesson's board: ``state`` seen by ``player`` with the seats named "Player 1", ...,
    drawn for the page's width, and the ids of ``rules`` under it as tags (text on hover).

    A copy of ``state`` is drawn, so later moves leave the picture as it was. Nothing on it is
    clickable. Raises ``RulesError`` for an unknown rule id.
    """
    shown, names = state.clone(), players(state.num_players)
    view = BoardView(svg=shown.to_svg(player, marks=marks, names=names), clickable=False)
    view.observe(lambda change: setattr(view, "svg", shown.to_svg(player, marks=marks, names=names,
                                                                   width=layout_width(change["new"]))), "width")
    parts = [view]
    if rules:
        parts.append(W.HTML(" ".join(rule_tag(r) for r in rules)))
    box = W.VBox(parts)
    box.add_class("mk-lesson-board")
    return box


def staircase(k: int, *, doubled: bool = False) -> str:
    """The staircase of T(k) as SVG: column ``j`` holds ``j`` pink squares (the j-th pink card
    adds j points), with the total under it. ``doubled`` adds a copy turned upside down, in grey
    outline, that fills a k × (k + 1) rectangle: twice T(k) is k(k + 1).

    Raises ``ValueError`` for ``k`` under 1.
    """
    if k < 1:
        raise ValueError(f"A staircase has at least one step; got {k}.")
    pink, ink = _svg.fill("pink"), "#333333"
    width, height = k * CELL + 2, (k + 1 if doubled else k) * CELL + 24
    parts = []
    for j in range(1, k + 1):
        x = 1 + (j - 1) * CELL
        top = height - 22 - j * CELL
        parts += [_svg.rect(x, top + i * CELL, CELL, CELL, fill_colour=pink, stroke=ink, rx=2) for i in range(j)]
        if doubled:  # the copy: k + 1 - j squares above column j
            parts += [_svg.rect(x, top - (i + 1) * CELL, CELL, CELL, stroke="#777777", rx=2, dash=True)
                      for i in range(k + 1 - j)]
    total = k * (k + 1) if doubled else sakura_points(k, cap=None)
    parts.append(_svg.text(width / 2, height - 5, total, size=14, anchor="middle", weight="bold"))
    title = _("{k} × {k1} = {total} squares: twice the staircase", k=k, k1=k + 1, total=total) if doubled else \
        _("{k} pink cards: a staircase of {total} squares", k=k, total=total)
    return _svg.document(width, height, parts, title)


def staircases(upto: int = 5) -> HTML:
    """The staircases of 1 to ``upto`` pink cards side by side, each with its points: the
    sakura table 1, 3, 6, 10, 15 as pictures."""
    captions = [escape(ngettext("{n} pink card", "{n} pink cards", k)) for k in range(1, upto + 1)]
    items = "".join(f'<figure style="margin:0;text-align:center">{staircase(k)}<figcaption>{caption}</figcaption></figure>'
                    for k, caption in zip(range(1, upto + 1), captions))
    return HTML(f'<div class="mk-staircases" style="display:flex;flex-wrap:wrap;align-items:flex-end;gap:18px">'
                f"{items}</div>")


#: Points per card at the end of each round (O-3.1 to O-3.3): pink is its own table.
ROUND_POINTS = (("blue", (3, 3, 3)), ("green", (None, 4, 4)), ("grey", (None, None, 7)))


def round_points() -> HTML:
    """What each card scores at the end of each round, drawn with the game's cards, one line per
    round: blue 3 from round 1, green 4 from round 2, grey 7 in round 3, and pink (the staircase)
    on a line of its own (O-3.1 to O-3.3). 380 px wide: a phone shows it unscaled."""
    w, h, col, left = 44, 54, 96, 80
    parts = []
    lines = [(_("round {n}", n=r + 1), [(c, p[r]) for c, p in ROUND_POINTS if p[r] is not None]) for r in range(3)]
    lines.append(("", [("pink", None)]))
    for i, (label, cards) in enumerate(lines):
        y = 6 + i * (h + 8)
        parts.append(_svg.text(10, y + 32, label, size=14, weight="bold"))
        for j, (colour, points) in enumerate(cards):
            x = left + j * col
            parts.append(_svg.card(x, y, colour, "" if points is None else points, w=w, h=h))
            words = _("1, 3, 6, 10…") if points is None else _("{n} each", n=points)
            parts.append(_svg.text(x + w + 6, y + 32, words, size=12))
    svg = _svg.document(left + 3 * col + 10, 6 + len(lines) * (h + 8), parts, _("Points per card at the end of each round"))
    return HTML(f'<div class="mk-round-points">{svg}</div>')


class Slides(W.VBox):
    """A story told on one board, picture by picture: ◀ and ▶ step through ``frames``, each a
    position drawn by the engine with a sentence under it (a destruction pick by pick, a game's
    end). The seats are named "Player 1", ...

    Parameters
    ----------
    frames : sequence of (state, str)
        Each position (a copy is kept) and its sentence (plain text).
    player : int
        Whose view every picture is drawn from.
    rules : tuple of str
        Rule ids shown as tags under the pictures.

    Raises
    ------
    ValueError
        For an empty story.

    >>> from mandalakit import mandala
    >>> show = Slides([(mandala.new_game(2, seed=1), "The deal."), (mandala.new_game(2, seed=2), "Another.")])
    >>> show.index, "1 / 2" in show.caption.value, show.next(), show.index, show.next(), show.index
    (0, True, None, 1, None, 1)
    """

    def __init__(self, frames, player: int = 0, rules: tuple[str, ...] = ()):
        if not frames:
            raise ValueError("A story needs at least one picture.")
        self.frames = [(state.clone(), words) for state, words in frames]
        self.player, self.index = player, 0
        self.names = players(self.frames[0][0].num_players)
        self.board = BoardView(clickable=False)
        self.board.observe(lambda _change: self._draw(), "width")
        self.back = W.Button(description="◀", tooltip=_("back"), layout=W.Layout(width="3em"))
        self.forward = W.Button(description="▶", tooltip=_("next"), layout=W.Layout(width="3em"))
        self.back.on_click(lambda _b: self.previous())
        self.forward.on_click(lambda _b: self.next())
        self.caption = W.HTML()
        self.caption.add_class("mk-slide-caption")
        parts = [W.HBox([self.back, self.forward, self.caption]), self.board]
        if rules:
            parts.append(W.HTML(" ".join(rule_tag(r) for r in rules)))
        super().__init__(parts)
        self.add_class("mk-slides")
        self._draw()

    def next(self) -> None:
        """The next picture (the last one stays)."""
        self.index = min(self.index + 1, len(self.frames) - 1)
        self._draw()

    def previous(self) -> None:
        """The picture before (the first one stays)."""
        self.index = max(self.index - 1, 0)
        self._draw()

    def _draw(self) -> None:
        state, words = self.frames[self.index]
        self.board.svg = state.to_svg(self.player, names=self.names, width=layout_width(self.board.width))
        count = f"{self.index + 1} / {len(self.frames)}"
        self.caption.value = (f'<div style="padding:0.3em 0.6em"><b>{count}</b> {escape(words)}</div>')
        self.back.disabled, self.forward.disabled = self.index == 0, self.index == len(self.frames) - 1


def story(state, steps, player: int = 0, rules: tuple[str, ...] = ()) -> Slides:
    """:class:`Slides` of a game played move by move: ``steps`` is a list of ``(move, words)``,
    ``move`` in the game's notation (``None`` for the position as it is), each applied by the
    engine to a copy of ``state`` in turn; ``"play on"`` lets greedy bots finish the game.

    Raises the engine's :class:`~mandalakit.IllegalMoveError` (with its rule) for a move the
    position does not allow: a lesson's story cannot break the rules.
    """
    current, frames = state.clone(), []
    for move, words in steps:
        if move == "play on":
            spec = get_game(current.game)
            bots = [spec.bots["greedy"](seed=seat) for seat in range(current.num_players)]
            while not current.is_terminal():
                seat = current.current_player
                current.apply(bots[seat].choose(current.observation(seat), current.legal_moves()))
        elif move is not None:
            current.apply(current.parse_move(move))
        frames.append((current, words))
        current = current.clone()
    return Slides(frames, player=player, rules=rules)
