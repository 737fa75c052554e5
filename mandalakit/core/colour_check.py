"""The card colours measured: CIEDE2000 distance between every two, contrast with what they lie on.

``python -m mandalakit.core.colour_check`` prints the table and exits non-zero when a figure
misses its threshold (:data:`MIN_DELTA_E`, :data:`MIN_CONTRAST`, :data:`MIN_TEXT_CONTRAST`).
The formulas: sRGB to CIELAB under D65 (CIE 15), CIEDE2000 (Sharma, Wu and Dalal 2005, with
their test data in ``tests/engines/test_colour_check.py``) and WCAG 2's relative luminance and
contrast ratio. Drawing code does not import this module; only the check and its test do.
"""

from __future__ import annotations

import itertools
import math
import sys

from . import svg

#: Every two card colours differ by at least this CIEDE2000 Delta-E (issue 20).
MIN_DELTA_E = 25.0
#: A card's fill against every background a card is drawn on (WCAG 2.1, 1.4.11 non-text contrast).
MIN_CONTRAST = 3.0
#: The words on a card against its fill (WCAG 2.1, 1.4.3).
MIN_TEXT_CONTRAST = 4.5


def _rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three linear-light sRGB channels in 0..1."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``, 0 (black) to 1 (white)."""
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB ``(L*, a*, b*)`` of ``#rrggbb`` (sRGB, D65 white)."""
    r, g, b = _rgb(colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dc / s_c) * (dH / s_h))


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 Delta-E of two ``#rrggbb`` colours."""
    return delta_e_2000(lab(a), lab(b))


def card_colours() -> list[str]:
    """The names of the card colours (every key of :data:`svg.PALETTE` but the face-down back)."""
    return [c for c in svg.PALETTE if c != "back"]


def pairs() -> list[tuple[str, str, float]]:
    """``(colour, colour, Delta-E)`` for every two card colours, closest first."""
    fills = {c: svg.fill(c) for c in card_colours()}
    return sorted(((a, b, delta_e(fills[a], fills[b])) for a, b in itertools.combinations(fills, 2)),
                  key=lambda p: p[2])


def contrasts() -> list[tuple[str, str, float, float]]:
    """``(colour, background, fill contrast, text contrast)`` for every card colour on every
    background cards are drawn on (:data:`svg.CARD_BACKGROUNDS`), lowest fill contrast first."""
    rows = [(c, bg, contrast(svg.fill(c), bg), contrast(*svg.PALETTE[c])) for c in card_colours()
            for bg in svg.CARD_BACKGROUNDS]
    return sorted(rows, key=lambda r: r[2])


def failures() -> list[str]:
    """Each figure under its threshold, in words; empty when every one holds."""
    out = [f"{a} and {b}: Delta-E {d:.1f} < {MIN_DELTA_E:g}" for a, b, d in pairs() if d < MIN_DELTA_E]
    out += [f"{c} on {bg}: contrast {k:.2f} < {MIN_CONTRAST:g}" for c, bg, k, _t in contrasts() if k < MIN_CONTRAST]
    out += [f"text on {c}: contrast {t:.2f} < {MIN_TEXT_CONTRAST:g}"
            for c in card_colours() if (t := contrast(*svg.PALETTE[c])) < MIN_TEXT_CONTRAST]
    return out


def report() -> str:
    """The table: every pair's CIEDE2000 Delta-E, every fill's contrast on each background and its
    text's contrast on the fill, then the failures (or ``all thresholds hold``)."""
    lines = [f"CIEDE2000 Delta-E between card colours (threshold {MIN_DELTA_E:g}), closest first:"]
    lines += [f"  {a:>7} {svg.fill(a)}  {b:>7} {svg.fill(b)}  {d:5.1f}" for a, b, d in pairs()]
    lines.append(f"Contrast of each fill with its background (threshold {MIN_CONTRAST:g}) "
                 f"and of its text with the fill (threshold {MIN_TEXT_CONTRAST:g}):")
    lines += [f"  {c:>7} {svg.fill(c)} on {bg}: {k:5.2f}   text {svg.PALETTE[c][1]}: {t:5.2f}"
              for c, bg, k, t in contrasts()]
    bad = failures()
    lines += [f"FAIL {f}" for f in bad] or ["all thresholds hold"]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
    sys.exit(1 if failures() else 0)
