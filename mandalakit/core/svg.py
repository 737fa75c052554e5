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

from collections.abc import Mapping
from html import escape

from . import messages
from .messages import _

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
MARK_CLASSES: dict[str, str] = {"active": "mk-active", "selected": "mk-selected"}


def colour_name(colour: str, n: int = 1) -> str:
    """The name of a game colour as pupils read it, for ``n`` cards or tiles, through
    :func:`~mandalakit.core.messages.colour` (French agrees it: « 2 rouges », « 1 verte »).

    The message ids are the English names, the keys of :data:`PALETTE`.
    """
    return messages.colour(colour, n)


def counts_words(counts, colours) -> str:
    """``"2 red, 1 black"`` for counts indexed like ``colours``, or ``"empty"`` (words for pupils)."""
    return ", ".join(_("{n} {colour}", n=k, colour=colour_name(colours[c], k))
                     for c, k in enumerate(counts) if k) or _("empty")


def fill(colour: str) -> str:
    """Hex fill of a colour name (unknown names raise ``KeyError``)."""
    return PALETTE[colour][0]


def text(x: float, y: float, s: object, *, size: int = 12, anchor: str = "start", colour: str = INK,
         weight: str = "normal") -> str:
    """A text element; ``s`` is escaped. Defaults (start anchor, normal weight) are left out to keep
    drawings small; the font family is set once on the root (:func:`document`)."""
    extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' font-weight="{weight}"' if weight != "normal" else ""
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
         face_down: bool = False, count: int = 1) -> str:
    """One card: a rounded rectangle in the colour's fill with its label, symbol and colour name.

    ``face_down`` draws a light card with a dashed border for cards whose colour is public but
    which lie face down; the symbol and the name still tell the colour. The ``<title>`` is
    ``"{label} {name}"``, plus ``" (face down)"``; where ``label`` is a number of cards, ``count``
    gives it, so that the name agrees in the title (« 3 vertes »; the name on the card stays short).
    """
    bg, fg = PALETTE[colour]
    name = colour_name(colour)
    title = (_("{label} {colour}", label=label, colour=colour_name(colour, count))
             + (_(" (face down)") if face_down else ""))
    if face_down:
        body = rect(x, y, w, h, fill_colour=PALETTE["back"][0], stroke="#333333", dash=True)
        fg = PALETTE["back"][1]
    else:
        body = rect(x, y, w, h, fill_colour=bg, stroke="#333333")
    parts = [f"<g><title>{escape(title)}</title>{body}"]
    middle = x + w / 2
    if label != "":
        parts.append(text(middle, y + 16, label, size=14, anchor="middle", colour=fg, weight="bold"))
    parts.append(symbol(middle - 7, y + 20, colour, fg, size=14))
    parts.append(text(middle, y + h - 6, name, size=MIN_FONT, anchor="middle", colour=fg))
    parts.append("</g>")
    return "".join(parts)


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
        Target id to ``"active"`` (a dashed 3 px outline, class ``mk-active``) or
        ``"selected"`` (a solid 4 px outline, class ``mk-selected``). Ids not in the mapping
        are drawn unmarked.

    Raises
    ------
    ValueError
        If the mark of ``tid`` is neither ``"active"`` nor ``"selected"``.
    """
    x, y, w, h = box
    mark = marks.get(tid) if marks else None
    hit = f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="none" pointer-events="all"/>'
    content = "".join(body) if isinstance(body, list) else body
    if mark is None:
        return (f'<g data-mk-target="{escape(tid)}" data-mk-label="{escape(label)}"><title>{escape(label)}</title>'
                f'{hit}{content}</g>')
    if mark not in MARK_CLASSES:
        raise ValueError(f"A mark is 'active' or 'selected'; got {str(mark)[:60]!r} for target {tid!r}.")
    style = 'stroke-width="3" stroke-dasharray="7 4"' if mark == "active" else 'stroke-width="4"'
    outline = (f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" rx="6" fill="none" '
               f'stroke="#000000" {style}/>')
    return (f'<g data-mk-target="{escape(tid)}" data-mk-label="{escape(label)}" class="{MARK_CLASSES[mark]}">'
            f'<title>{escape(label)}</title>{hit}{content}{outline}</g>')


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
    em = sum(0.42 if ch in _NARROW else 1.0 if ch in _WIDE else 0.8 if ch.isupper() else 0.64 for ch in str(s))
    return em * size * (_BOLD if weight == "bold" else 1)


def wrap(s: str, width: float, *, size: int = 12, weight: str = "normal") -> list[str]:
    """Split ``s`` at spaces into lines of at most ``width`` px (:func:`text_width`).

    A ``·`` separator stays at the end of its line; a single word wider than ``width`` gets a
    line of its own.
    """
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
    return out


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


def seat_head(seat: int, viewer: int, names=None) -> str:
    """The name a drawing gives a seat: ``names[seat]`` when the caller names the seats, else
    ``"Seat 0 (you)"`` for the viewing seat and ``"Seat 1"`` for the others.

    A replay between bots names its seats by their players (``"Seat 0 (greedy)"``): "you"
    would name a pupil who does not play.

    Raises
    ------
    ValueError
        If ``names`` is given and has no name for ``seat``.
    """
    if names is None:
        return _("Seat {seat} (you)", seat=seat) if seat == viewer else _("Seat {seat}", seat=seat)
    if not 0 <= seat < len(names):
        raise ValueError(_("names has {n} seat names; seat {seat} has none.", n=len(names), seat=seat))
    return str(names[seat])


def result_lines(scores, winners) -> tuple[str, str]:
    """``("Final scores: seat 0 78, seat 1 68.", "Seat 0 wins.")``; several winners share the victory."""
    finals = ", ".join(_("seat {seat} {score}", seat=p, score=s) for p, s in enumerate(scores))
    if len(winners) > 1:
        seats = ", ".join(str(w) for w in winners[:-1])
        players = ", ".join(str(w + 1) for w in winners[:-1])  # as pupils count seats (« joueur 1 »)
        verdict = _("Seats {seats} and {last} share the victory.", seats=seats, last=winners[-1], players=players,
                    last_player=winners[-1] + 1)
    else:
        verdict = _("Seat {seat} wins.", seat=winners[0])
    return _("Final scores: {finals}.", finals=finals), verdict
