"""Small SVG building blocks shared by the games' ``render`` modules.

Colours follow the Okabe-Ito colour-blind-safe palette where a game colour has a close
match, and every card drawn with :func:`card` also carries its colour *name* as text, so no
information is carried by hue alone.
"""

from __future__ import annotations

from html import escape

#: Fill colour by game colour name (Okabe-Ito where possible) and a readable text colour.
PALETTE: dict[str, tuple[str, str]] = {
    "black": ("#000000", "#ffffff"),
    "blue": ("#0072B2", "#ffffff"),
    "green": ("#009E73", "#ffffff"),
    "grey": ("#999999", "#000000"),
    "orange": ("#E69F00", "#000000"),
    "pink": ("#CC79A7", "#000000"),
    "purple": ("#6A3D9A", "#ffffff"),
    "red": ("#D55E00", "#ffffff"),
    "yellow": ("#F0E442", "#000000"),
    "back": ("#E8E8E8", "#333333"),
}
FONT = "font-family:sans-serif"


def fill(colour: str) -> str:
    """Hex fill of a colour name (unknown names raise ``KeyError``)."""
    return PALETTE[colour][0]


def text(x: float, y: float, s: object, *, size: int = 12, anchor: str = "start", colour: str = "#222",
         weight: str = "normal") -> str:
    """A text element; ``s`` is escaped."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="{colour}" '
            f'font-weight="{weight}" style="{FONT}">{escape(str(s))}</text>')


def rect(x: float, y: float, w: float, h: float, *, fill_colour: str = "none", stroke: str = "#444",
         rx: float = 4, dash: bool = False) -> str:
    dashes = ' stroke-dasharray="4 3"' if dash else ""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill_colour}" '
            f'stroke="{stroke}"{dashes}/>')


def card(x: float, y: float, colour: str, label: object = "", *, w: float = 34, h: float = 48,
         name: bool = True, face_down: bool = False) -> str:
    """One card: a rounded rectangle in the colour's fill with its label and colour name.

    ``face_down`` draws a dashed outline with the colour name (for cards whose colour is
    public but which lie face down).
    """
    bg, fg = PALETTE[colour]
    title = f"<title>{escape(str(label))} {escape(colour)}{' (face down)' if face_down else ''}</title>"
    if face_down:
        body = rect(x, y, w, h, fill_colour=PALETTE["back"][0], stroke=bg, dash=True)
        fg = "#333333"
    else:
        body = rect(x, y, w, h, fill_colour=bg, stroke="#333")
    parts = [f"<g>{title}{body}"]
    if label != "":
        parts.append(text(x + w / 2, y + h / 2 + 1, label, size=13, anchor="middle", colour=fg, weight="bold"))
    if name:
        parts.append(text(x + w / 2, y + h - 5, colour, size=8, anchor="middle", colour=fg))
    parts.append("</g>")
    return "".join(parts)


def document(width: float, height: float, body: list[str] | str, title: str = "") -> str:
    """Wrap ``body`` in an ``<svg>`` root of the given size (pixels) with an accessible title.

    The drawing scales down on pages narrower than ``width`` (the height follows).
    """
    content = "".join(body) if isinstance(body, list) else body
    head = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" style="max-width:100%;height:auto">{head}{content}</svg>')


def result_sentence(scores, winners) -> str:
    """``"Final scores: seat 0 78, seat 1 68. seat 0 wins."`` (several winners share the victory)."""
    names = " and ".join(f"seat {w}" for w in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    finals = ", ".join(f"seat {p} {s}" for p, s in enumerate(scores))
    return f"Final scores: {finals}. {names} {verb}."
