"""Small SVG building blocks shared by the games' ``render`` modules.

Accessibility, the same for every game:

* a colour is never told by hue alone: every card and tile carries its colour's **name** (in the
  language in force, :func:`colour_name`) and a **symbol** drawn in SVG (:data:`SYMBOLS`: a water
  drop for blue, a leaf for green, a stone for grey, a blossom for pink, a square, a diamond,
  a star, a triangle and a cross for black, purple, yellow, orange and red), and the fills of
  one game's colours differ in lightness too, so they stay apart in greyscale;
* every text has at least 4.5:1 contrast with what lies under it (:data:`PALETTE` pairs each
  fill with a readable text colour, :data:`INK` and :data:`MUTED` are for the white page) and
  is at least :data:`MIN_FONT` px at the drawing's natural size;
* an element a pupil can click is a :func:`target`: a ``<g>`` with ``data-mk-target`` (an id
  the board view turns into part of a move) and ``data-mk-label`` (words for a screen reader),
  outlined when the view marks it ``"active"`` (dashed) or ``"selected"`` (solid);
* a drawing can be laid out for the width it is shown at (:func:`layout_width`; lines wrap
  with :func:`lines`, cards with :func:`flow`), so that on a narrow page its text keeps its
  size instead of being scaled down.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from html import escape

from . import messages
from .contract import TERMINAL
from .errors import RulesError
from .messages import _, counts_words  # noqa: F401 (the drawings' words for an area)

#: Fill colour by game colour name and a text colour with at least 4.5:1 contrast on it (WCAG).
#: Chosen so that every two fills differ by at least 25 CIEDE2000 Delta-E and each has at least
#: 3:1 contrast with every background a card lies on (:data:`CARD_BACKGROUNDS`);
#: ``python -m mandalakit.core.colour_check`` prints the figures.
PALETTE: dict[str, tuple[str, str]] = {
    "black": ("#000000", "#ffffff"),
    "purple": ("#5A38A9", "#ffffff"),
    "green": ("#006536", "#ffffff"),
    "red": ("#A30E2C", "#ffffff"),
    "pink": ("#D448A0", "#000000"),
    "orange": ("#D9642C", "#000000"),
    "blue": ("#007FEE", "#000000"),
    "grey": ("#777777", "#000000"),
    "yellow": ("#A38500", "#000000"),
    "back": ("#E8E8E8", "#333333"),  # a face-down card, drawn with its colour's symbol and name
}
#: The page under the drawing and the two text colours used on it (16:1 and 7.5:1).
PAGE, INK, MUTED = "#ffffff", "#222222", "#555555"
#: The mat: the light sand the mandalas, rivers and rows are drawn on (MUTED keeps 6.4:1 on it).
MAT, MAT_EDGE = "#F4EFE6", "#8C7B5E"
#: Every background a card is drawn on: the page and the mat.
CARD_BACKGROUNDS = (PAGE, MAT)
#: The smallest font size in a drawing, in px at its natural size.
MIN_FONT = 11

#: One symbol per colour as SVG path data in a 12 x 12 box, so colours differ in shape too.
SYMBOLS: dict[str, str] = {
    "blue": "M6 0C4 3 1.5 5.5 1.5 8A4.5 4 0 0 0 10.5 8C10.5 5.5 8 3 6 0Z",  # water drop
    "green": "M1 11C1 5 5 1 11 1C11 7 7 11 1 11Z",  # leaf
    "grey": "M0 8.5C0 5 3 3.5 6.5 3.5C10 3.5 12 5.5 12 8.5C12 10.5 9.5 11.5 6 11.5C2.5 11.5 0 10.5 0 8.5Z",  # stone
    "pink": ("M4 2.8a2 2 0 1 1 4 0a2 2 0 1 1-4 0M7.8 5.6a2 2 0 1 1 4 0a2 2 0 1 1-4 0M6.3 10a2 2 0 1 1 4 0"
             "a2 2 0 1 1-4 0M1.7 10a2 2 0 1 1 4 0a2 2 0 1 1-4 0M.2 5.6a2 2 0 1 1 4 0a2 2 0 1 1-4 0"
             "M4.9 6.9a1.1 1.1 0 1 1 2.2 0a1.1 1.1 0 1 1-2.2 0"),  # blossom: five petals and a heart
    "black": "M1 1H11V11H1Z",  # square
    "purple": "M6 0L12 6L6 12L0 6Z",  # diamond
    "yellow": "M6 0L7.8 4.2L12 4.6L8.8 7.5L9.7 12L6 9.6L2.3 12L3.2 7.5L0 4.6L4.2 4.2Z",  # star
    "orange": "M6 .5L12 11.5H0Z",  # triangle
    "red": "M4 0H8V4H12V8H8V12H4V8H0V4H4Z",  # cross
}

#: CSS class added to a target's ``<g>`` for each mark of :func:`target`.
MARK_CLASSES: dict[str, str] = {"active": "mk-active", "selected": "mk-selected", "hint": "mk-hint"}


def colour_name(colour: str, n: int = 1) -> str:
    """The name of a game colour as pupils read it, for ``n`` cards or tiles, through
    :func:`~mandalakit.core.messages.colour` (French agrees it: « 2 rouges », « 1 verte »).

    The message ids are the English names, the keys of :data:`PALETTE`.
    """
    return messages.colour(colour, n)


def fill(colour: str) -> str:
    """Hex fill of a colour name (unknown names raise ``KeyError``)."""
    return PALETTE[colour][0]


def text(x: float, y: float, s: object, *, size: int = 12, anchor: str = "start", colour: str = INK,
         weight: str = "normal", length: float | None = None) -> str:
    """A text element; ``s`` is escaped. Defaults (start anchor, normal weight) are left out to keep
    drawings small; the font family is set once on the root (:func:`document`).

    ``length`` (px) draws the text exactly that wide, its letters pressed together (SVG
    ``textLength``): for a word that would otherwise run out of its box at the smallest
    readable size (:data:`MIN_FONT`), as « vermelha » on a 44 px card.
    """
    extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' font-weight="{weight}"' if weight != "normal" else ""
    extra += f' textLength="{length:g}" lengthAdjust="spacingAndGlyphs"' if length is not None else ""
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{colour}"{extra}>{escape(str(s))}</text>'


def rect(x: float, y: float, w: float, h: float, *, fill_colour: str = "none", stroke: str = "#444",
         rx: float = 4, dash: bool = False) -> str:
    dashes = ' stroke-dasharray="4 3"' if dash else ""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill_colour}" '
            f'stroke="{stroke}"{dashes}/>')


def symbol(x: float, y: float, colour: str, ink: str, size: float = 12) -> str:
    """The symbol of ``colour`` (:data:`SYMBOLS`) in a ``size`` px box at (x, y), filled with ``ink``."""
    scale = f" scale({size / 12:g})" if size != 12 else ""
    return f'<path transform="translate({x:g} {y:g}){scale}" d="{SYMBOLS[colour]}" fill="{ink}"/>'


def card(x: float, y: float, colour: str, label: object = "", *, w: float = 44, h: float = 54,
         face_down: bool = False, count: int = 1, key: str | None = None) -> str:
    """One card: a rounded card in the colour's fill with its label, symbol and colour name.

    The card has a soft shadow and a thin inner frame, so it reads as a card lying on the mat.
    ``face_down`` draws a light card with a dashed border for cards whose colour is public but
    which lie face down; the symbol and the name still tell the colour. The ``<title>`` is
    ``"{label} {name}"``, plus ``" (face down)"``; where ``label`` is a number of cards, ``count``
    gives it, so that the name agrees in the title (« 3 vertes »; the name on the card stays short).

    ``key`` names the card (or the stack of one colour in one area) across redraws, written as
    ``data-mk-key`` with ``data-mk-colour`` and ``data-mk-n`` (the count): the board's front end
    moves a card with the same key, or a card of that colour that left another place, from where
    it was to where it is now (a brief CSS transition, :mod:`mandalakit.widgets.play.board`).
    """
    bg, fg = PALETTE[colour]
    name = colour_name(colour)
    title = (_("{label} {colour}", label=label, colour=colour_name(colour, count))
             + (_(" (face down)") if face_down else ""))
    if face_down:
        bg, fg = PALETTE["back"]
    keyed = (f' class="mk-card" data-mk-key="{escape(key)}" data-mk-colour="{colour}" data-mk-n="{count}"'
             if key is not None else ' class="mk-card"')
    parts = [f"<g{keyed}><title>{escape(title)}</title>",
             f'<rect x="{x + 1.5:g}" y="{y + 2:g}" width="{w:g}" height="{h:g}" rx="6" fill="#000000" '
             f'fill-opacity="0.16"/>',
             f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="{bg}" stroke="#333333"'
             + (' stroke-dasharray="4 3"/>' if face_down else "/>"),
             f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{w - 6:g}" height="{h - 6:g}" rx="4" fill="none" '
             f'stroke="{fg}" stroke-opacity="0.35"/>']
    middle = x + w / 2
    if label != "":
        parts.append(text(middle, y + 17, label, size=14, anchor="middle", colour=fg, weight="bold"))
    parts.append(symbol(middle - 7, y + 21, colour, fg, size=14))
    # A name wider than the card (« vermelha », « amarela », « violette ») is pressed into the
    # card's inner frame; one that fits, as every English name does, is left as it is.
    pressed = w - 6 if text_width(name, MIN_FONT) > w - 2 else None
    parts.append(text(middle, y + h - 6, name, size=MIN_FONT, anchor="middle", colour=fg, length=pressed))
    parts.append("</g>")
    return "".join(parts)


def rule_tag(x: float, y: float, rule: str) -> tuple[str, float]:
    """A small tag with a rule id (``"M-4.4"``) whose ``<title>`` holds the rule's text (hover).

    ``(x, y)`` is the tag's top left corner; returns the SVG and the tag's width in px. The
    text comes from :func:`mandalakit.core.rulebook.rule_text` in the language in force,
    without its Markdown marks.
    """
    from .rulebook import rule_text  # the rulebook reads the registry, which imports the games

    words = rule_text(rule).replace("**", "").replace("`", "")
    hover = rule + _(": ") + words
    w = text_width(rule, MIN_FONT) + 8
    return (f'<g class="mk-rule"><title>{escape(hover)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="16" rx="8" fill="#E8E8E8" stroke="#767676"/>'
            + text(x + w / 2, y + 12, rule, size=MIN_FONT, anchor="middle", colour=INK) + "</g>"), w


def target(tid: str, label: str, box: tuple[float, float, float, float], body: list[str] | str,
           marks: Mapping[str, str] | None = None) -> str:
    """Wrap ``body`` in a clickable ``<g>`` of the board view.

    Parameters
    ----------
    tid : str
        The target id, e.g. ``"card:45"`` or ``"mountain:A"``; written as ``data-mk-target``.
    label : str
        Words for a screen reader (``data-mk-label``); also the group's ``<title>``.
    box : (x, y, w, h)
        The area the target covers. All of it takes clicks (a rectangle with
        ``pointer-events="all"``), and a mark outlines it 3 px outside.
    body : list of str or str
        The SVG drawn inside the group.
    marks : mapping of str to str, optional
        Target id to ``"active"`` (a dashed 3 px black outline, class ``mk-active``: it may be
        clicked), ``"selected"`` (a solid 4 px blue outline on a light blue wash, class
        ``mk-selected``: it is chosen) or ``"hint"`` (a thick dotted orange-brown outline, class
        ``mk-hint``: what the hint suggests). Ids not in the mapping are drawn unmarked.

    Raises
    ------
    ValueError
        If the mark of ``tid`` is not one of ``"active"``, ``"selected"`` or ``"hint"``.
    """
    x, y, w, h = box
    mark = marks.get(tid) if marks else None
    hit = f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="none" pointer-events="all"/>'
    content = "".join(body) if isinstance(body, list) else body
    if mark is None:
        return (f'<g data-mk-target="{escape(tid)}" data-mk-label="{escape(label)}"><title>{escape(label)}</title>'
                f'{hit}{content}</g>')
    if mark not in MARK_CLASSES:
        raise ValueError(f"A mark is 'active', 'selected' or 'hint'; got {str(mark)[:60]!r} for target {tid!r}.")
    style, under = _MARK_STYLES[mark]
    outline = (f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" rx="6" fill="none" '
               f'{style}/>')
    wash = (f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" rx="6" fill="{under}" '
            f'fill-opacity="0.35"/>' if under else "")
    return (f'<g data-mk-target="{escape(tid)}" data-mk-label="{escape(label)}" class="{MARK_CLASSES[mark]}">'
            f'<title>{escape(label)}</title>{hit}{wash}{content}{outline}</g>')


#: Outline and wash of each mark: clickable (dashed black), chosen (solid blue on a light blue
#: wash) and hinted (thick dotted brown), so that the three look different in colour and in form.
_MARK_STYLES: dict[str, tuple[str, str]] = {
    "active": ('stroke="#000000" stroke-width="3" stroke-dasharray="7 4"', ""),
    "selected": ('stroke="#0050A0" stroke-width="4"', "#CFE4F8"),
    "hint": ('stroke="#8A4B00" stroke-width="5" stroke-dasharray="2 4" stroke-linecap="round"', ""),
}


def flow(x: float, y: float, items: list[tuple[float, object]], right: float, line: float,
         ) -> tuple[list[tuple[float, float, object]], float]:
    """Lay items of given widths left to right from (x, y), wrapping at ``right``.

    Returns each item's ``(x, y, item)`` and the height used (``line`` per line, 0 if empty).
    """
    placed, left, lines = [], x, 1 if items else 0
    for width, item in items:
        if x + width > right and x > left:
            x, y, lines = left, y + line, lines + 1
        placed.append((x, y, item))
        x += width
    return placed, lines * line


#: Estimated advance widths in em, generous enough for DejaVu Sans (the widest common default
#: sans-serif; Arial, Helvetica and Liberation Sans are narrower), so a line measured with
#: :func:`text_width` fits whichever sans-serif the browser picks.
_NARROW, _WIDE = frozenset(" ,.:;'!|ijlrtf()[]·-/"), frozenset("mwMW@%×")
#: Bold text is this much wider than normal text.
_BOLD = 1.1


def text_width(s: object, size: float, weight: str = "normal") -> float:
    """Estimated width in px of the text ``s`` at ``size`` px (an upper bound for common fonts)."""
    return _ems(str(s)) * size * (_BOLD if weight == "bold" else 1)


@functools.lru_cache(maxsize=16384)
def _ems(s: str) -> float:
    """The width of ``s`` in em (:func:`text_width`); a board redraws the same words at every
    click, so each is measured once."""
    return sum(0.42 if ch in _NARROW else 1.0 if ch in _WIDE else 0.8 if ch.isupper() else 0.64 for ch in s)


def wrap(s: str, width: float, *, size: int = 12, weight: str = "normal") -> list[str]:
    """Split ``s`` at spaces into lines of at most ``width`` px (:func:`text_width`).

    A ``·`` separator stays at the end of its line; a single word wider than ``width`` gets a
    line of its own.
    """
    return list(_wrapped(s, width, size, weight))


@functools.lru_cache(maxsize=4096)
def _wrapped(s: str, width: float, size: int, weight: str) -> tuple[str, ...]:
    words: list[str] = []
    for word in s.split(" "):
        if word == "·" and words:
            words[-1] += " ·"
        elif word:
            words.append(word)
    out: list[str] = []
    for word in words:
        if out and text_width(f"{out[-1]} {word}", size, weight) <= width:
            out[-1] += f" {word}"
        else:
            out.append(word)
    return tuple(out)


def lines(parts: list[str], x: float, y: float, s: object, width: float, *, size: int = 12,
          leading: float | None = None, colour: str = INK, weight: str = "normal") -> float:
    """Append to ``parts`` the :func:`text` ``s`` wrapped into lines of at most ``width`` px.

    The first baseline is at ``y``, the next ones ``leading`` px apart (by default 1.3 times
    ``size``). Returns the height the lines after the first add.
    """
    step = leading if leading is not None else round(size * 1.3)
    rows = wrap(str(s), width, size=size, weight=weight)
    parts.extend(text(x, y + i * step, row, size=size, colour=colour, weight=weight) for i, row in enumerate(rows))
    return (len(rows) - 1) * step


def lines_tagged(parts: list[str], x: float, y: float, s: object, width: float, rule: str | None, *,
                 size: int = 12, colour: str = INK, weight: str = "normal") -> float:
    """:func:`lines` after the :func:`rule_tag` of ``rule`` (none if ``None``): the tag first, on
    the first line, and the words beside it. Returns the height the lines after the first add."""
    if not rule:
        return lines(parts, x, y, s, width, size=size, colour=colour, weight=weight)
    tag, w = rule_tag(x, y - 12, rule)
    parts.append(tag)
    return lines(parts, x + w + 6, y, s, width - w - 6, size=size, colour=colour, weight=weight)


def layout_width(width: float | None, natural: float, smallest: float) -> float:
    """The width to lay a drawing out for, in px.

    ``natural`` (the wide layout) when ``width`` is ``None`` or at least ``natural``; else
    ``width``, but never under ``smallest``: a page narrower than that scales the drawing down.
    """
    if width is None or width >= natural:
        return natural
    return max(float(width), smallest)


def document(width: float, height: float, body: list[str] | str, title: str = "") -> str:
    """Wrap ``body`` in an ``<svg>`` root of the given natural size (pixels) with an accessible title.

    The drawing scales down on pages narrower than ``width`` (the height follows) and is never
    drawn larger than its natural size.
    """
    content = "".join(body) if isinstance(body, list) else body
    head = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" style="max-width:100%;height:auto;font-family:sans-serif">'
            f'{head}{content}</svg>')


def player_name(seat: int) -> str:
    """``"Player 1"`` for seat 0: seats as people count them, from 1 (« joueur 1 »)."""
    return _("Player {n}", n=seat + 1)


def seat_head(seat: int, viewer: int, names=None) -> str:
    """The name a drawing gives a seat: ``names[seat]`` when the caller names the seats, else
    ``"You"`` for the viewing seat and ``"Player 2"`` (:func:`player_name`) for the others.

    Raises
    ------
    ValueError
        If ``names`` is given and has no name for ``seat``.
    """
    if names is None:
        return _("You") if seat == viewer else player_name(seat)
    if not 0 <= seat < len(names):
        raise ValueError(_("names has {n} seat names; {player} has none.", n=len(names), player=player_name(seat)))
    return str(names[seat])


def field_words(seat: int, viewer: int, names=None, *, you: bool | None = None) -> str:
    """``"your field"`` for the viewing seat addressed as *you*, else ``"Bot (greedy)'s field"``.

    ``you`` defaults to ``names is None``: a replay between bots names every seat, and "your"
    would be a bot's.
    """
    if seat == viewer and (names is None if you is None else you):
        return _("your field")
    return _("{name}'s field", name=seat_head(seat, viewer, names))


def verdict(winners, heads, you: int | None = None) -> str:
    """``"You win!"`` (the seat ``you`` won alone), ``"Player 2 wins!"`` or ``"Player 1 and
    Player 2 share the victory!"``; ``heads`` names each seat (:func:`seat_head`)."""
    if len(winners) > 1:
        return _("{names} and {last} share the victory!", names=", ".join(heads[w] for w in winners[:-1]),
                 last=heads[winners[-1]])
    if winners[0] == you:
        return _("You win!")
    return _("{name} wins!", name=heads[winners[0]])


#: A score table's column heading wraps at this width (px), so eight columns fit 800 px.
HEAD_WRAP = 80


def score_screen(game: str, reason: str, columns: list[tuple[str, str | None]], rows: list[list[object]],
                 heads: list[str], winners, *, you: int | None = None, width: float | None = None) -> str:
    """The end of a game as one drawing: a title, the score table with its breakdown, the winner.

    Parameters
    ----------
    game : str
        The title (``"Mandala"``).
    reason : str
        Why the game ended, in words (may be ``""``).
    columns : list of (str, str or None)
        Each breakdown column's heading and its rule id (a hover tag), the total last.
    rows : list of list
        One row per seat: a value per column.
    heads : list of str
        The seats' names (:func:`seat_head`).
    winners : sequence of int
        The winning seats: their rows are marked with a star and a light gold band.
    you : int, optional
        The seat addressed as *you* ("You win!").
    width : float, optional
        The page's width in px. A table whose columns do not fit is drawn as one card per
        player, the breakdown one line per column.

    Returns
    -------
    str
        An ``<svg>`` document, at most ``width`` px wide (420 px pages get 10 px text at least).
    """
    name_w = max(text_width(h, 14, "bold") for h in heads) + 36
    col_w = [max(58.0, max(text_width(w, 12, "bold") for w in wrap(c, HEAD_WRAP, size=12, weight="bold")) + 14)
             for c, _rule in columns]
    page = layout_width(width, min(max(640.0, 32 + name_w + sum(col_w)), 960.0), 300)
    room = page - 2 * 16
    parts: list[str] = []
    y = 16.0
    parts.append(f'<rect x="2" y="2" width="{page - 4:g}" height="HEIGHT" rx="14" fill="{MAT}" stroke="{MAT_EDGE}" '
                 f'stroke-width="2"/>')
    y += 22
    y += lines(parts, 16, y, _("{game}: the game is over", game=game), room, size=20, weight="bold")
    if reason:
        y += 22 + lines(parts, 16, y + 22, reason, room, colour=MUTED, size=13)
    y += 30
    said = messages.first_up(verdict(winners, heads, you))
    parts.append(symbol(16, y - 16, "yellow", "#8A6D00", size=20))
    y += lines(parts, 44, y, said, room - 28, size=18, weight="bold") + 14
    if 16 + name_w + sum(col_w) <= page - 16:  # a table, a row per player
        head_lines = max(len(wrap(c, HEAD_WRAP, size=12, weight="bold")) for c, _rule in columns)
        x = 16 + name_w
        for (c, rule), w in zip(columns, col_w):
            for i, row in enumerate(wrap(c, HEAD_WRAP, size=12, weight="bold")):
                parts.append(text(x + w / 2, y + 12 + 15 * i, row, size=12, anchor="middle", weight="bold"))
            if rule:
                tag, tw = rule_tag(x + w / 2 - (text_width(rule, MIN_FONT) + 8) / 2, y + 15 * head_lines + 2, rule)
                parts.append(tag)
            x += w
        y += 15 * head_lines + (22 if any(r for _c, r in columns) else 4)
        for seat, (head, row) in enumerate(zip(heads, rows)):
            won = seat in winners
            band = "#FFF1B8" if won else PAGE
            parts.append(f'<rect x="12" y="{y:g}" width="{name_w + sum(col_w) + 8:g}" height="30" rx="6" '
                         f'fill="{band}" stroke="#C9BFA8"/>')
            if won:
                parts.append(symbol(18, y + 8, "yellow", "#8A6D00", size=14))
            parts.append(text(38, y + 20, head, size=14, weight="bold" if won else "normal"))
            x = 16 + name_w
            for i, (value, w) in enumerate(zip(row, col_w)):
                last = i == len(row) - 1
                parts.append(text(x + w / 2, y + 20, value, size=15 if last else 14, anchor="middle",
                                  weight="bold" if last else "normal"))
                x += w
            y += 36
    else:  # one card per player, the breakdown one line per column
        for seat, (head, row) in enumerate(zip(heads, rows)):
            won = seat in winners
            top = y
            body: list[str] = []
            yy = y + 22
            if won:
                body.append(symbol(18, yy - 14, "yellow", "#8A6D00", size=14))
            yy += lines(body, 38, yy, head, room - 30, size=15, weight="bold") + 8
            for (c, rule), value in zip(columns, row):
                last = (c, rule) == columns[-1]
                x = 24
                if rule:
                    tag, tw = rule_tag(x, yy + 9, rule)
                    body.append(tag)
                    x += tw + 6
                yy += 22
                value_w = text_width(value, 14, "bold") + 8
                yy += lines(body, x, yy, c, page - 24 - value_w - x, size=13, weight="bold" if last else "normal")
                body.append(text(page - 24, yy, value, size=14, anchor="end", weight="bold" if last else "normal"))
            yy += 12
            parts.append(f'<rect x="12" y="{top:g}" width="{page - 24:g}" height="{yy - top:g}" rx="8" '
                         f'fill="{"#FFF1B8" if won else PAGE}" stroke="#C9BFA8"/>')
            parts += body
            y = yy + 8
    y += 10
    height = y + 6
    parts[0] = parts[0].replace("HEIGHT", f"{height - 4:g}")
    return document(page, height, parts, title=_("{game}: final scores. {verdict}", game=game, verdict=said))


def check_over(state, rule: str) -> None:
    """Refuse a score screen before the end of the game.

    Raises
    ------
    RulesError
        With ``rule`` (the game's rule of the winner) if ``state`` is not over.
    """
    if state.current_player != TERMINAL:
        raise RulesError(rule, _("The game is not over yet, so there is no score screen."))


def game_score_screen(state, game: str, reason: str, columns: list[tuple[str, str | None]],
                      rows: list[list[object]], *, player: int | None = None, names=None, you: bool | None = None,
                      width: float | None = None) -> str:
    """:func:`score_screen` of a finished ``state`` as ``player`` sees it (default: the seat
    :meth:`~mandalakit.core.contract.State.viewer` picks), each seat named by :func:`seat_head`.

    The viewer is addressed as *you* ("You win!") when ``you`` is true, or, with ``you`` left
    out, when the caller names no seats. The other parameters are those of :func:`score_screen`.
    """
    player = state.viewer(player)
    heads = [seat_head(seat, player, names) for seat in range(state.num_players)]
    addressed = names is None if you is None else bool(you)
    return score_screen(game, reason, columns, rows, heads, state.result().winners,
                        you=player if addressed else None, width=width)
