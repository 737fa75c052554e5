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
from ..core.messages import N_, _
from ..core.notation import DIGITS, OTHER_PLAYER, chance_event, folded, move_words, number, plain_letters
from .cards import COLOURS, MANDALAS, NUM_COLOURS, PER_COLOUR, colour_code, mandala_index

CHANCE_KINDS = ("shuffle", "reshuffle")


def _check(mandala, colour, count) -> None:
    """Refuse move values that name no mandala, no colour or no cards (raised at construction)."""
    ok = (type(mandala) is int and type(colour) is int and type(count) is int
          and 0 <= mandala < len(MANDALAS) and 0 <= colour < NUM_COLOURS and count >= 1)
    if not ok:
        raise NotationError(_(
            "A Mandala move needs mandala 0 or 1 (A or B), a colour code 0-{last} and a count of at least 1; got "
            "mandala={mandala!r}, colour={colour!r}, count={count!r}.", last=NUM_COLOURS - 1, mandala=mandala,
            colour=colour, count=count))


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

_HELP = N_("Write 'mountain A red', 'field B green 2', 'discard yellow 3' or 'pick orange' "
           "(mandalas A and B; colours black, green, purple, yellow, orange, red).")
#: The rule each kind of move follows (M-4.1 to M-4.3, M-5.3): a recognisable move that
#: breaks it is refused by it, not as text that is no move.
_RULE = {"mountain": "M-4.1", "field": "M-4.2", "discard": "M-4.3", "pick": "M-5.3"}
#: Why a move of each kind names one colour only.
_ONE_COLOUR = {
    "mountain": N_("{text!r} names more than one colour, but a mountain play is exactly one card, as in "
                   "'mountain A red'; play another colour on a later turn."),
    "field": N_("{text!r} names more than one colour, but a field play is cards of one colour, as in "
                "'field A red 2'; play the other colour on a later turn."),
    "discard": N_("{text!r} names more than one colour, but a discard is cards of one colour, as in "
                  "'discard red 2'; discard the other colour on a later turn."),
    "pick": N_("{text!r} names more than one colour, but a pick takes every mountain card of one colour, "
               "as in 'pick red'; the next colour is a later pick."),
}
#: Why a field play or a discard is at least one card.
_AT_LEAST_ONE = {"field": N_("A field play is 1 or more cards of one colour, not {n}."),
                 "discard": N_("A discard is 1 or more cards of one colour, not {n}.")}
#: Areas a pupil may try to play into; cards reach them only when picked (M-3.3, M-5.4).
_PICKED_INTO = frozenset({"river", "cup"})


def _colour(word: str) -> int:
    """:func:`colour_code` of ``word`` (M-1.1); a word longer than any colour is cut first, so
    the refusal quotes at most 60 characters."""
    return colour_code(quote(word))


def _mandala(word: str) -> int:
    """:func:`mandala_index` of ``word`` (M-1.2), its refusal quoting at most 60 characters."""
    return mandala_index(quote(word))


def _count(word: str, kind: str) -> int:
    """A number of cards for a ``kind`` move: digits 0-9 only, at least 1 (M-4.2, M-4.3)."""
    n = number(word, _("a number of cards"), "'field B green 2'")
    if n < 1:
        raise NotationError(_(_AT_LEAST_ONE[kind], n=n), _RULE[kind])
    return n


def _refuse_broken_rule(text: str, kind: str, args: list[str]) -> None:
    """Refuse a ``kind`` move that breaks a rule the notation cannot write, by that rule:
    more than one colour (M-4.1 to M-4.3, M-5.3), a count for a mountain play (M-4.1) or a
    pick (M-5.3), the other player's field (M-3.3)."""
    colours = {folded(word) for word in args} & set(COLOURS)
    if len(colours) > 1:
        raise NotationError(_(_ONE_COLOUR[kind], text=quote(text)), _RULE[kind])
    if kind == "field" and {folded(word) for word in args} & OTHER_PLAYER:
        raise NotationError(_("A player plays only into the mountains and into their own field; "
                              "'field A red 2' plays two red cards into your field of mandala A."), "M-3.3")
    counts = [word for word in args if DIGITS.fullmatch(word)]
    if kind == "pick" and counts:
        raise NotationError(_("A pick takes every card of one colour from the mountain, never a part of "
                              "them: write 'pick red', without a count."), "M-5.3")
    if kind == "mountain" and counts:
        n = number(counts[0], _("a number of cards"), "'mountain A red'")
        if n == 1:
            raise NotationError(_("A mountain play is always one card, so it is written without a count: "
                                  "'mountain A red'."), "M-4.1")
        raise NotationError(_("A mountain play is exactly one card, not {n}: write 'mountain A red'. "
                              "Several cards of one colour go into your field: 'field A red {n}'.", n=n), "M-4.1")


def _chance(kind: str, words: list[str]) -> ChanceEvent:
    """A shuffle or reshuffle event: colour codes 0-5 as digits, top card first (M-2.1, M-6.1)."""
    return chance_event(kind, words, _("a colour code"), f"'{kind} 3 0 5'")


def parse(text: str) -> Move | ChanceEvent:
    """Parse Mandala notation into a move or chance event.

    Words are separated by spaces; keywords, mandalas and colours may be written in upper or
    lower case (the letters A to Z only).

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
        If ``text`` is not Mandala notation (with an example of what is). A move the notation
        cannot write but a pupil will try is refused by the rule it breaks: two colours in one
        play, discard or pick (M-4.1 to M-4.3, M-5.3), a mountain play of several cards
        (M-4.1), a count of 0 (M-4.2, M-4.3), the other player's field, a river or a cup
        (M-3.3); so are unknown colours (M-1.1) and mandalas (M-1.2).
    """
    head, args = move_words(text)
    head = folded(head)
    if head in CHANCE_KINDS:
        return _chance(head, args)
    if {head, *map(folded, args)} & _PICKED_INTO:
        raise NotationError(_("A player plays only into the mountains and into their own fields; a card "
                              "reaches the river or the cup only when it is picked from a completed mandala (M-5.4).")
                            + " " + _(_HELP), "M-3.3")
    if head in _RULE:
        _refuse_broken_rule(text, head, args)
    if head == "mountain" and len(args) == 2:
        return MOUNTAIN[_mandala(args[0])][_colour(args[1])]
    if head == "field" and len(args) == 3:
        m, c, n = _mandala(args[0]), _colour(args[1]), _count(args[2], head)
        return FIELD[m][c][n - 1] if n <= PER_COLOUR else Field(m, c, n)
    if head == "discard" and len(args) == 2:
        c, n = _colour(args[0]), _count(args[1], head)
        return DISCARD[c][n - 1] if n <= PER_COLOUR else Discard(c, n)
    if head == "pick" and len(args) == 1:
        return PICK[_colour(args[0])]
    raise NotationError(_("{text!r} is not a Mandala move.", text=quote(text)) + plain_letters(text) + " " + _(_HELP))
