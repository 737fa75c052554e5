"""Flowers cards and colours (F-1.1, F-1.3).

Cards of one colour are interchangeable, so the engine represents a card by its **colour
code** (0 to 5) and a hand, a pile or a player's cards on a mandala by a list of six counts
indexed by colour code. Chance events list cards by colour code.
"""

from __future__ import annotations

from ..core.errors import NotationError, shown
from ..core.messages import NP_, _, colour, colour_words
from ..core.notation import folded, plain_letters

GREY, PURPLE, RED, GREEN, ORANGE, YELLOW = range(6)
#: Colour names by colour code (F-1.1). The first three are the dark-backed tile colours,
#: the last three the light-backed ones (F-1.3).
COLOURS: tuple[str, ...] = (NP_("grey"), NP_("purple"), NP_("red"), NP_("green"), NP_("orange"), NP_("yellow"))
NUM_COLOURS = 6
CARDS_PER_COLOUR = 15  # F-1.1
DECK_SIZE = NUM_COLOURS * CARDS_PER_COLOUR  # 90
DARK, LIGHT = 0, 1
#: Tile back names by back code (F-1.3).
BACKS: tuple[str, ...] = ("dark", "light")
#: Back code of the tiles of each colour (F-1.3): grey, purple, red are dark.
BACK_OF_COLOUR: tuple[int, ...] = (DARK, DARK, DARK, LIGHT, LIGHT, LIGHT)
#: Bit mask with one bit per colour; a mandala is complete when its colours cover it (F-3.7).
ALL_COLOURS = (1 << NUM_COLOURS) - 1
HAND_LIMIT = 8  # F-3.3
#: Starting hand of the first player; each next player clockwise takes one more (F-2.3).
FIRST_HAND = 5
NUM_MANDALAS = 3  # F-1.2

_CODE = {name: i for i, name in enumerate(COLOURS)}


def colour_code(name: str, rule: str = "F-1.1") -> int:
    """Colour code of a colour name (upper or lower case, the letters A to Z only; spaces
    around it are ignored).

    Raises
    ------
    NotationError
        If ``name`` is not one of the six colours (tagged with ``rule``).
    """
    code = _CODE.get(folded(name.strip())) if isinstance(name, str) else None
    if code is None:
        raise NotationError(_("{name} is not a Flowers colour; the colours are {colours}.", name=shown(name),
                              colours=colour_words(COLOURS)) + plain_letters(name), rule)
    return code


def counts_text(counts) -> str:
    """``[0, 0, 2, 1, 0, 0]`` → ``"2 red, 1 green"`` (``"no cards"`` if empty)."""
    parts = [_("{n} {colour}", n=n, colour=colour(COLOURS[c], n)) for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _("no cards")
