"""Ohanami moves and their notation (O-2.2 to O-2.5).

Two kinds of decisions, both asked one player at a time:

* :class:`Pick` — ``"pick 12 45"``: the two cards kept from the hand (O-2.2).
* :class:`Place` — ``"place 45>1 40>1"`` or ``"place 12>x 45>2"``: where each picked card
  goes, in the order the cards are placed (O-2.5). ``>1`` .. ``>3`` name a row by its number
  (rows are numbered in the order they were started; the number after the last row starts a
  new row) and ``>x`` discards the card face down (O-2.3).

The first shuffle is a chance event, ``"shuffle 17 3 120 ..."`` (the 120 cards, top first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.contract import ChanceEvent
from ..core.errors import NotationError

DISCARD = 0  # the row number of "x" in a Place step
MAX_ROWS = 3  # O-2.4


@dataclass(frozen=True, slots=True)
class Pick:
    """Keep two cards of the hand (O-2.2). ``cards`` is sorted ascending."""

    cards: tuple[int, int]

    def __str__(self) -> str:
        return f"pick {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place or discard each picked card, in order (O-2.3 to O-2.5).

    ``steps`` is a tuple of ``(card, row)`` pairs in placement order; ``row`` is 1..3 or
    :data:`DISCARD` (0).
    """

    steps: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "place " + " ".join(f"{c}>{r if r else 'x'}" for c, r in self.steps)


@lru_cache(maxsize=None)
def pick(a: int, b: int) -> Pick:
    """The (shared, immutable) :class:`Pick` of cards ``a`` and ``b`` in any order."""
    return Pick((a, b) if a < b else (b, a))


def parse(text: str) -> Pick | Place | ChanceEvent:
    """Parse Ohanami notation; raise :class:`NotationError` with an example if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"A move must be text, not {type(text).__name__}.")
    words = text.split()
    head = words[0] if words else ""
    try:
        if head == "pick" and len(words) == 3:
            a, b = int(words[1]), int(words[2])
            if a == b:
                raise NotationError(f"{text!r} names card {a} twice; a pick is two different cards (O-2.2).", "O-2.2")
            return pick(a, b)
        if head == "place" and len(words) in (2, 3):
            steps = []
            for word in words[1:]:
                card, sep, row = word.partition(">")
                if not sep:
                    raise ValueError
                steps.append((int(card), DISCARD if row == "x" else int(row)))
            return Place(tuple(steps))
        if head == "shuffle":
            return ChanceEvent.parse(text, ("shuffle",))
    except ValueError:
        pass
    raise NotationError(
        f"{text[:60]!r} is not an Ohanami move. Write 'pick 12 45' to keep two cards, or "
        "'place 45>1 40>x' to put 45 on row 1 and discard 40 (rows 1-3, x = discard)."
    )


def fit_end(row: list[int], card: int) -> int:
    """Where ``card`` may join ``row`` (O-2.4): 1 on top, -1 below, 0 if it fits neither end."""
    if card > row[-1]:
        return 1
    if card < row[0]:
        return -1
    return 0


def placements(cards: tuple[int, int], rows: list[list[int]]) -> list[Place]:
    """Every distinct placement of two picked cards onto ``rows`` (O-2.3 to O-2.5).

    Placements with the same outcome are listed once, in a canonical form: lower card first
    unless the order matters (both cards on one row, where only one order may be legal).

    Parameters
    ----------
    cards : (int, int)
        The picked cards, ascending.
    rows : list of list of int
        The player's rows, each ascending; at most 3.
    """
    a, b = cards
    n = len(rows)
    new = n + 1 if n < MAX_ROWS else None
    da = [i + 1 for i, r in enumerate(rows) if (a > r[-1] or a < r[0])]
    db = [i + 1 for i, r in enumerate(rows) if (b > r[-1] or b < r[0])]
    out = [Place(((a, DISCARD), (b, DISCARD)))]
    for d in da:
        out.append(Place(((a, d), (b, DISCARD))))
    if new:
        out.append(Place(((a, new), (b, DISCARD))))
    for d in db:
        out.append(Place(((a, DISCARD), (b, d))))
    if new:
        out.append(Place(((a, DISCARD), (b, new))))
    # Both placed on different existing rows: order is irrelevant.
    for x in da:
        for y in db:
            if x != y:
                out.append(Place(((a, x), (b, y))))
    # Both on the same existing row (O-2.5): a first works if a goes on top, or a below and
    # b on top (same outcome either way); otherwise b first works if b goes below.
    for i, r in enumerate(rows):
        lo, hi = r[0], r[-1]
        if a > hi or (a < lo and b > hi):
            out.append(Place(((a, i + 1), (b, i + 1))))
        elif b < lo:
            out.append(Place(((b, i + 1), (a, i + 1))))
    if new:
        # One new row and one existing row.
        for x in da:
            out.append(Place(((a, x), (b, new))))
        for y in db:
            out.append(Place(((a, new), (b, y))))
        # Both on the new row: a starts it, b goes on top.
        out.append(Place(((a, new), (b, new))))
        if n + 2 <= MAX_ROWS:
            out.append(Place(((a, new), (b, new + 1))))
    return out
