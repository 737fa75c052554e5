"""Ohanami cards and suits (O-1).

The suit of each card is data: the table :data:`SUIT_OF` is generated once from rule O-1.2
and everything else reads the table.
"""

from __future__ import annotations

from ..core.messages import NP_

BLUE, GREEN, GREY, PINK = 0, 1, 2, 3
#: Suit names by suit code (O-1.1). Colour-blind-safe drawing colours live in ``render``.
SUITS: tuple[str, ...] = (NP_("blue"), NP_("green"), NP_("grey"), NP_("pink"))
#: Card numbers, 1..120 (O-1.1).
CARDS: tuple[int, ...] = tuple(range(1, 121))
DECK_SIZE = 120
HAND_SIZE = 10  # O-2.1


def suit_rule(n: int) -> int:
    """Suit code of card ``n`` by rule O-1.2: divisible by 7 → grey; else by 3 → green;
    else even → blue; else pink."""
    if n % 7 == 0:
        return GREY
    if n % 3 == 0:
        return GREEN
    if n % 2 == 0:
        return BLUE
    return PINK


#: ``SUIT_OF[n]`` is the suit code of card ``n`` (index 0 unused, -1).
SUIT_OF: tuple[int, ...] = (-1,) + tuple(suit_rule(n) for n in CARDS)


def suit_name(n: int) -> str:
    """Suit name of card ``n`` (O-1.2), e.g. ``suit_name(35) == "grey"``."""
    return SUITS[SUIT_OF[n]]
