"""Mandala moves and their notation (M-4, M-5.3).

Four kinds of decisions:

* :class:`Mountain` — ``"mountain A red"``: play one card into a mountain, then draw (M-4.1).
* :class:`Field` — ``"field B green 2"``: play that many cards of one colour into your own
  field of a mandala (M-4.2).
* :class:`Discard` — ``"discard yellow 3"``: discard cards of one colour, draw as many (M-4.3).
* :class:`Pick` — ``"pick orange"``: during a destruction, take every mountain card of one
  colour (M-5.3).

Chance events (M-2.1, M-6.1) list colour codes (0 black, 1 green, 2 purple, 3 yellow,
4 orange, 5 red), top card first: ``"shuffle 3 0 5 ..."`` (the 108 cards of the first deck)
and ``"reshuffle 1 1 4 ..."`` (the discard pile shuffled into a new deck).

Moves are small frozen values compared by value; the engine hands out shared instances from
the tables below, so listing legal moves allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.contract import ChanceEvent
from ..core.errors import NotationError, quote
from ..core.notation import chance_event, number
from .cards import COLOURS, MANDALAS, NUM_COLOURS, PER_COLOUR, colour_code, mandala_index

CHANCE_KINDS = ("shuffle", "reshuffle")


def _check(mandala, colour, count) -> None:
    """Refuse move values that name no mandala, no colour or no cards (raised at construction)."""
    ok = (type(mandala) is int and type(colour) is int and type(count) is int
          and 0 <= mandala < len(MANDALAS) and 0 <= colour < NUM_COLOURS and count >= 1)
    if not ok:
        raise NotationError(
            f"A Mandala move needs mandala 0 or 1 (A or B), a colour code 0-{NUM_COLOURS - 1} and a count of at "
            f"least 1; got mandala={mandala!r}, colour={colour!r}, count={count!r}."
        )


@dataclass(frozen=True, slots=True)
class Mountain:
    """Play one card of ``colour`` into the mountain of ``mandala`` (M-4.1).

    Attributes
    ----------
    mandala : int
        0 for A, 1 for B.
    colour : int
        Colour code (M-1.1).
    """

    mandala: int
    colour: int

    def __post_init__(self):
        _check(self.mandala, self.colour, 1)

    def __str__(self) -> str:
        return f"mountain {MANDALAS[self.mandala]} {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Field:
    """Play ``count`` cards of ``colour`` into one's own field of ``mandala`` (M-4.2)."""

    mandala: int
    colour: int
    count: int

    def __post_init__(self):
        _check(self.mandala, self.colour, self.count)

    def __str__(self) -> str:
        return f"field {MANDALAS[self.mandala]} {COLOURS[self.colour]} {self.count}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``count`` cards of ``colour`` and draw as many (M-4.3)."""

    colour: int
    count: int

    def __post_init__(self):
        _check(0, self.colour, self.count)

    def __str__(self) -> str:
        return f"discard {COLOURS[self.colour]} {self.count}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Take every card of ``colour`` from the mountain being destroyed (M-5.3)."""

    colour: int

    def __post_init__(self):
        _check(0, self.colour, 1)

    def __str__(self) -> str:
        return f"pick {COLOURS[self.colour]}"


Move = Mountain | Field | Discard | Pick

#: Shared instances: ``MOUNTAIN[m][c]``, ``FIELD[m][c][n - 1]``, ``DISCARD[c][n - 1]``, ``PICK[c]``.
MOUNTAIN: tuple[tuple[Mountain, ...], ...] = tuple(tuple(Mountain(m, c) for c in range(NUM_COLOURS)) for m in range(2))
FIELD: tuple[tuple[tuple[Field, ...], ...], ...] = tuple(
    tuple(tuple(Field(m, c, n) for n in range(1, PER_COLOUR + 1)) for c in range(NUM_COLOURS)) for m in range(2)
)
DISCARD: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(c, n) for n in range(1, PER_COLOUR + 1)) for c in range(NUM_COLOURS)
)
PICK: tuple[Pick, ...] = tuple(Pick(c) for c in range(NUM_COLOURS))

_HELP = ("Write 'mountain A red', 'field B green 2', 'discard yellow 3' or 'pick orange' "
         "(mandalas A and B; colours black, green, purple, yellow, orange, red).")




def _colour(word: str) -> int:
    """:func:`colour_code` of ``word`` (M-1.1); a word longer than any colour is cut first, so
    the refusal quotes at most 60 characters."""
    return colour_code(quote(word))


def _mandala(word: str) -> int:
    """:func:`mandala_index` of ``word`` (M-1.2), its refusal quoting at most 60 characters."""
    return mandala_index(quote(word))


def _count(word: str) -> int:
    """A number of cards: digits 0-9 only, at least 1 (M-4.2, M-4.3)."""
    n = number(word, "a number of cards", "'field B green 2'")
    if n < 1:
        raise NotationError(f"A number of cards must be at least 1, not {n}. {_HELP}")
    return n


def _chance(kind: str, words: list[str]) -> ChanceEvent:
    """A shuffle or reshuffle event: colour codes 0-5 as digits, top card first (M-2.1, M-6.1)."""
    return chance_event(kind, words, "a colour code", f"'{kind} 3 0 5'")


def parse(text: str) -> Move | ChanceEvent:
    """Parse Mandala notation into a move or chance event (case-insensitive words).

    Parameters
    ----------
    text : str
        For example ``"field B green 2"`` or ``"reshuffle 0 5 5"``.

    Returns
    -------
    Mountain, Field, Discard, Pick or ChanceEvent
        ``parse(str(m)) == m`` for every move and event.

    Raises
    ------
    NotationError
        If ``text`` is not Mandala notation (with an example of what is); unknown colours
        and mandalas name rule M-1.1 / M-1.2.
    """
    if not isinstance(text, str):
        raise NotationError(f"A move must be text, not {type(text).__name__}.")
    words = text.split()
    head = words[0].lower() if words else ""
    try:
        if head == "mountain" and len(words) == 3:
            return MOUNTAIN[_mandala(words[1])][_colour(words[2])]
        if head == "field" and len(words) == 4:
            m, c, n = _mandala(words[1]), _colour(words[2]), _count(words[3])
            return FIELD[m][c][n - 1] if n <= PER_COLOUR else Field(m, c, n)
        if head == "discard" and len(words) == 3:
            c, n = _colour(words[1]), _count(words[2])
            return DISCARD[c][n - 1] if n <= PER_COLOUR else Discard(c, n)
        if head == "pick" and len(words) == 2:
            return PICK[_colour(words[1])]
        if head in CHANCE_KINDS:
            return _chance(head, words[1:])
    except ValueError as exc:
        if isinstance(exc, NotationError):
            raise
    raise NotationError(f"{quote(text)!r} is not a Mandala move. {_HELP}")
