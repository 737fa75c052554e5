"""Flowers moves and their notation (F-3.1, F-4.1, F-5.3).

Three kinds of decisions:

* :class:`Play` — ``"play 2 red on 3"``: play 2 red cards from hand onto mandala 3 (F-3.1).
  Mandalas are numbered 1 to 3 in notation (0 to 2 in code). Whether the cards lie face up
  or face down follows from the position (F-3.2), so it is not part of the move.
* :class:`Take` — ``"take red"``: the claim-marker holder of a completed mandala keeps its
  red tile (F-4.1). The two tiles of a mandala are one dark and one light, so their colours
  always differ and the colour names the tile.
* :class:`Pass` — ``"pass"``: only when no play is legal (F-5.3).

Chance events (see :class:`~mandalakit.core.contract.ChanceEvent`), top first:

* ``"shuffle 3 0 5 ..."``: the 90 cards of the first deck as colour codes (F-2.1);
* ``"dark 7 2 ..."`` and ``"light 25 19 ..."``: the 18 tile ids of each stack (F-2.1);
* ``"reshuffle 2 2 4 ..."``: the discard pile shuffled into a new deck (F-3.5).

Colour codes: 0 grey, 1 purple, 2 red, 3 green, 4 orange, 5 yellow. Tile ids are rows of
the tile table (see :mod:`mandalakit.flowers.tiles`).

Moves are interned: ``play(c, n, m)`` and :func:`parse` return shared immutable objects, so
legal-move lists are built without allocation.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.contract import ChanceEvent
from ..core.errors import NotationError, quote
from ..core.messages import N_, _
from ..core.notation import DIGITS, OTHER_PLAYER, chance_event, folded, move_words, number, plain_letters
from .cards import CARDS_PER_COLOUR, COLOURS, NUM_COLOURS, NUM_MANDALAS, colour_code

CHANCE_KINDS = ("shuffle", "dark", "light", "reshuffle")


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``count`` cards of ``colour`` onto ``mandala`` (F-3.1).

    Attributes
    ----------
    colour : int
        Colour code 0-5.
    count : int
        1 or more.
    mandala : int
        0, 1 or 2 (written 1, 2 or 3).
    """

    colour: int
    count: int
    mandala: int

    def __str__(self) -> str:
        return f"play {self.count} {COLOURS[self.colour]} on {self.mandala + 1}"


@dataclass(frozen=True, slots=True)
class Take:
    """The claim-marker holder keeps the tile of ``colour`` of the completed mandala (F-4.1)."""

    colour: int

    def __str__(self) -> str:
        return f"take {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No legal play: the player passes (F-5.3)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
#: ``PLAYS[colour][count][mandala]`` for counts 1..15 (index 0 unused).
PLAYS: tuple = tuple(
    tuple(tuple(Play(c, n, m) for m in range(NUM_MANDALAS)) if n else () for n in range(CARDS_PER_COLOUR + 1))
    for c in range(NUM_COLOURS)
)
TAKES: tuple[Take, ...] = tuple(Take(c) for c in range(NUM_COLOURS))


def play(colour: int, count: int, mandala: int) -> Play:
    """The shared :class:`Play` object (any count; counts above 15 are built on demand)."""
    if 1 <= count <= CARDS_PER_COLOUR and 0 <= colour < NUM_COLOURS and 0 <= mandala < NUM_MANDALAS:
        return PLAYS[colour][count][mandala]
    return Play(colour, count, mandala)



_HELP = N_("Write 'play 2 red on 3' to play two red cards onto mandala 3, 'take red' to keep the red "
           "tile of a completed mandala, or 'pass' when no play is legal.")


def _colour(word: str, rule: str) -> int:
    """:func:`colour_code` of ``word``; a word longer than any colour is cut first, so the
    refusal (tagged ``rule``) quotes at most 60 characters."""
    return colour_code(quote(word), rule)


def _chance(kind: str, words: list[str]) -> ChanceEvent:
    """A chance event: colour codes or tile ids as digits, top first (F-2.1, F-3.5)."""
    cards = kind in ("shuffle", "reshuffle")
    what, example = (_("a colour code"), f"'{kind} 3 0 5'") if cards else (_("a tile id"), f"'{kind} 7 2'")
    return chance_event(kind, words, what, example)


def _refuse_broken_rule(text: str, kind: str, args: list[str]) -> None:
    """Refuse a play or take that breaks a rule the notation cannot write, by that rule: more
    than one colour (F-3.1, F-4.1), another player's side or more than one mandala (F-3.1)."""
    named = {folded(word) for word in args}
    if kind == "take" and len(named & set(COLOURS)) > 1:
        raise NotationError(_("{text!r} names more than one colour, but the claim-marker holder keeps one of the two "
                              "tiles, as in 'take red'; the other tile goes to another player.",
                              text=quote(text)), "F-4.1")
    if kind != "play":
        return
    if len(named & set(COLOURS)) > 1:
        raise NotationError(_("{text!r} names more than one colour, but a play is cards of one colour, as in "
                              "'play 2 red on 3'; play the other colour on a later turn.", text=quote(text)), "F-3.1")
    if named & OTHER_PLAYER:
        raise NotationError(_("A player plays onto their own side of a mandala only: 'play 2 red on 3' puts "
                              "two red cards on your side of mandala 3."), "F-3.1")
    on = next((i for i, word in enumerate(args) if folded(word) == "on"), len(args))
    if sum(1 for word in args[on + 1:] if DIGITS.fullmatch(word)) > 1:
        raise NotationError(_("{text!r} names more than one mandala, but a play goes onto one mandala, as in "
                              "'play 2 red on 3'.", text=quote(text)), "F-3.1")


def _play(text: str, args: list[str]) -> Play:
    """``play N colour on M`` (F-3.1): N at least 1, M a mandala 1 to 3 (F-1.2)."""
    count = number(args[0], _("a number of cards"), "'play 2 red on 3'")
    mandala = number(args[3], _("a mandala number"), "'play 2 red on 3'")
    if count < 1:
        raise NotationError(_("{text!r}: a play is 1 or more cards.", text=quote(text)) + " " + _(_HELP),
                            "F-3.1")
    if not 1 <= mandala <= NUM_MANDALAS:
        raise NotationError(_("There is no mandala {n}: the three mandalas are numbered 1 to 3.", n=mandala)
                            + " " + _(_HELP), "F-1.2")
    return play(_colour(args[1], "F-3.1"), count, mandala - 1)


def parse(text: str) -> Play | Take | Pass | ChanceEvent:
    """Parse Flowers notation (moves and chance events).

    Words are separated by spaces; keywords and colours may be written in upper or lower
    case (the letters A to Z only).

    Raises
    ------
    NotationError
        With an example of the right notation if ``text`` is malformed. A move the notation
        cannot write but a pupil will try is refused by the rule it breaks: a play of two
        colours, of 0 cards, onto two mandalas or another player's side (F-3.1), onto a
        mandala other than 1 to 3 (F-1.2), a take of two tiles (F-4.1), an unknown colour
        (F-3.1, F-4.1).
    """
    head, args = move_words(text)
    head = folded(head)
    if head in CHANCE_KINDS:
        return _chance(head, args)
    if head == "pass" and not args:
        return PASS
    if head in ("take", "play"):
        _refuse_broken_rule(text, head, args)
    if head == "take" and len(args) == 1:
        return TAKES[_colour(args[0], "F-4.1")]
    if head == "play" and len(args) == 4 and folded(args[2]) == "on":
        return _play(text, args)
    raise NotationError(_("{text!r} is not a Flowers move.", text=quote(text)) + plain_letters(text) + " " + _(_HELP))
