"""Mandala sand cards and colours (M-1).

Cards of one colour are identical, so the engine never names single cards: every area holds
a count per colour, indexed by the colour codes below (M-1.1 order). Chance events list the
deck as colour codes, top card first.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import NotationError, shown
from ..core.messages import NP_, _, colour_words, first_up
from ..core.notation import folded, plain_letters

BLACK, GREEN, PURPLE, YELLOW, ORANGE, RED = range(6)
#: Colour names by colour code (M-1.1). Drawing colours live in :mod:`mandalakit.core.svg`.
COLOURS: tuple[str, ...] = (NP_("black"), NP_("green"), NP_("purple"), NP_("yellow"), NP_("orange"), NP_("red"))
NUM_COLOURS = 6
PER_COLOUR = 18  # M-1.1
DECK_SIZE = NUM_COLOURS * PER_COLOUR  # 108
#: Mandala names by mandala index (M-1.2).
MANDALAS: tuple[str, ...] = ("A", "B")
RIVER_SPACES = 6  # M-1.3: spaces valued 1..6
HAND_LIMIT = 8  # M-4.1: a mountain play never draws beyond 8 cards in hand
MOUNTAIN_DRAW = 3  # M-4.1
START_MOUNTAIN, START_HAND, START_CUP = 2, 6, 2  # M-2.2, M-2.3
REFILL = 2  # M-5.6

_CODE = {name: code for code, name in enumerate(COLOURS)}


def colour_code(name: str) -> int:
    """Colour code of a colour name (upper or lower case, the letters A to Z only).

    Raises
    ------
    NotationError
        If ``name`` is not one of the six colours of M-1.1.
    """
    code = _CODE.get(folded(name)) if isinstance(name, str) else None
    if code is None:
        raise NotationError(_("{name} is not a Mandala colour; the colours are {colours}.", name=shown(name),
                              colours=colour_words(COLOURS)) + plain_letters(name), "M-1.1")
    return code


def mandala_index(name: str) -> int:
    """Index 0 or 1 of mandala ``"A"`` or ``"B"`` (upper or lower case); else :class:`NotationError`."""
    if isinstance(name, str) and folded(name) in ("a", "b"):
        return "ab".index(folded(name))
    raise NotationError(_("{name} is not a mandala; there are two, A and B.", name=shown(name)) + plain_letters(name),
                        "M-1.2")


def counts_of(cards: Mapping, what: str = "") -> list[int]:
    """Counts per colour code from a ``{colour name: count}`` mapping (missing colours are 0).

    Parameters
    ----------
    cards : mapping of str to int
    what : str
        What the mapping holds, for the refusal (``"the hand of seat 0"``; by default the cards).

    Raises
    ------
    NotationError
        Rule tag ``options`` if ``cards`` is not a mapping (a list, a text); ``M-1.1`` for an
        unknown colour name or a count that is not a whole number of at least 0.
    """
    if not isinstance(cards, Mapping):
        raise NotationError(_("{What} must be an object of colour counts such as {{\"red\": 2}}, not {value}.",
                              What=first_up(what or _("the cards")), value=shown(cards)), "options")
    out = [0] * NUM_COLOURS
    for name, k in cards.items():
        c = colour_code(name)
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise NotationError(_("The count of {colour} in {what} must be a whole number of at least 0, not "
                                  "{value}.", colour=COLOURS[c], what=what or _("the cards"), value=shown(k)), "M-1.1")
        out[c] += k
    return out


def named(counts) -> dict[str, int]:
    """``{colour name: count}`` of the non-zero counts, in colour order (JSON-ready)."""
    return {COLOURS[c]: int(k) for c, k in enumerate(counts) if k}
