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

import re
from dataclasses import dataclass
from itertools import combinations

from ..core.contract import ChanceEvent
from ..core.errors import NotationError, quote
from ..core.messages import N_, _, ngettext
from ..core.notation import DIGITS, chance_event, move_words, number, plain_letters
from .cards import DECK_SIZE

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


#: Every possible pick of two cards 1..120, keyed by its ascending pair, filled on first use.
_PICKS: dict[tuple[int, int], Pick] = {}


def _pick_table() -> dict[tuple[int, int], Pick]:
    if not _PICKS:
        _PICKS.update((pair, Pick(pair)) for pair in combinations(range(1, 121), 2))
    return _PICKS


def pick(a: int, b: int) -> Pick:
    """The :class:`Pick` of cards ``a`` and ``b`` in any order (shared for real cards)."""
    key = (a, b) if a < b else (b, a)
    move = _pick_table().get(key)
    return Pick(key) if move is None else move


def picks_of(hand: list[int]) -> list[Pick]:
    """Every pick of two cards from ``hand`` (O-2.2), in ascending order of the pairs."""
    table = _pick_table()
    return [table[pair] for pair in combinations(sorted(hand), 2)]


_HELP = N_("Write 'pick 12 45' to keep two cards, or 'place 45>1 40>x' to put 45 on row 1 and discard 40 "
           "(rows 1-3, x = discard).")
#: One step of a placement: a card number, '>' and a row number or x.
_STEP = re.compile(r"([0-9]+)>([0-9]+|x)")


def _card(word: str) -> int:
    """The card number ``word``: digits 0-9 only, and 1 to 120 (O-1.1)."""
    card = number(word, _("a card number"), "'pick 12 45'")
    if not 1 <= card <= DECK_SIZE:
        raise NotationError(_("There is no card {card}; the cards are numbered 1 to {last}.",
                              card=quote(word), last=DECK_SIZE), "O-1.1")
    return card


def _step(word: str) -> tuple[int, int]:
    """One ``card>row`` step of a placement: row 1 to 3 (O-2.4) or x to discard (O-2.3)."""
    match = _STEP.fullmatch(word)
    if match is None:
        raise NotationError(_("{word!r} is not a placement step: write a card number, '>' and a row number or x, "
                              "as in '45>1' or '40>x'.", word=quote(word)) + " " + _(_HELP))
    card, row = _card(match[1]), match[2]
    if row == "x":
        return card, DISCARD
    row_number = number(row, _("a row number"), "'place 45>1 40>x'")
    if not 1 <= row_number <= MAX_ROWS:
        raise NotationError(_("There is no row {row}: rows are numbered 1 to 3, and no player may start a "
                              "fourth. Write x after '>' to discard a card.", row=quote(row)), "O-2.4")
    return card, row_number


def _shuffle(words: list[str]) -> ChanceEvent:
    """The shuffle event from the words after ``shuffle``: the deck top first, digits 0-9 only."""
    return chance_event("shuffle", words, _("a card number"), "'shuffle 17 3 120'")


def parse(text: str) -> Pick | Place | ChanceEvent:
    """Parse Ohanami notation; raise :class:`NotationError` with an example if malformed.

    The grammar, exactly (lower-case words separated by spaces):

    * ``pick A B``: two different cards, numbers 1 to 120 (O-1.1, O-2.2);
    * ``place A>R B>R``: both picked cards, each followed by a row 1, 2 or 3 or by ``x`` to
      discard it (O-2.3 to O-2.5);
    * ``shuffle N N ...``: the deck, top card first.

    A move the notation cannot write but a pupil will try is refused by the rule it breaks:
    a pick of one card, of three or more, or of one card twice (O-2.2); a placement of one
    or three cards, or of one card twice (O-2.3); a fourth row (O-2.4); a card that does not
    exist (O-1.1).
    """
    head, args = move_words(text)
    if head == "pick" and args and all(DIGITS.fullmatch(word) for word in args) and len(args) != 2:
        raise NotationError(ngettext("{text!r} names {n} card, but a pick keeps exactly two cards of "
                                     "your hand, as in 'pick 12 45'.",
                                     "{text!r} names {n} cards, but a pick keeps exactly two cards of "
                                     "your hand, as in 'pick 12 45'.", len(args), text=quote(text)), "O-2.2")
    if head == "pick" and len(args) == 2:
        a, b = _card(args[0]), _card(args[1])
        if a == b:
            raise NotationError(_("{text!r} names card {card} twice; a pick is two different cards.",
                                  text=quote(text), card=a), "O-2.2")
        return pick(a, b)
    if head == "place" and args and all(_STEP.fullmatch(word) for word in args) and len(args) != 2:
        raise NotationError(ngettext("{text!r} places {n} card, but a placement says where each of the two picked "
                                     "cards goes, as in 'place 45>1 40>x'.",
                                     "{text!r} places {n} cards, but a placement says where each of the two picked "
                                     "cards goes, as in 'place 45>1 40>x'.", len(args), text=quote(text)),
                            "O-2.3")
    if head == "place" and len(args) == 2:
        steps = (_step(args[0]), _step(args[1]))
        if steps[0][0] == steps[1][0]:
            raise NotationError(_("{text!r} names card {card} twice; a placement says where each of the two picked "
                                  "cards goes.", text=quote(text), card=steps[0][0]), "O-2.3")
        return Place(steps)
    if head == "shuffle":
        return _shuffle(args)
    raise NotationError(_("{text!r} is not an Ohanami move.", text=quote(text)) + plain_letters(text) + " "
                        + _(_HELP))


def placement_steps(cards: tuple[int, int], rows: list[list[int]]) -> list[tuple[tuple[int, int], ...]]:
    """The ``steps`` of every distinct placement of two picked cards (O-2.3 to O-2.5).

    Placements with the same outcome are listed once, in a canonical form: lower card first
    unless the order matters (both cards on one row, where only one order may be legal), and
    the lower card in the first of two new rows. :func:`listed_steps` gives the listed form of
    any legal placement.

    Parameters
    ----------
    cards : (int, int)
        The picked cards, ascending.
    rows : list of list of int
        The player's rows, each ascending; at most 3.
    """
    a, b = cards
    n = len(rows)
    targets_a = [DISCARD]
    targets_b = [DISCARD]
    for i, r in enumerate(rows, 1):
        lo, hi = r[0], r[-1]
        if a > hi or a < lo:
            targets_a.append(i)
        if b > hi or b < lo:
            targets_b.append(i)
    if n < MAX_ROWS:
        targets_a.append(n + 1)
        targets_b.append(n + 1)
    out = []
    for x in targets_a:
        for y in targets_b:
            if x != y or x == DISCARD or x > n:  # different rows, both discarded, or b on a's new row
                out.append(((a, x), (b, y)))
            else:
                steps = _onto_one_row(a, b, x, rows[x - 1])
                if steps is not None:
                    out.append(steps)
    if n + 2 <= MAX_ROWS:  # two new rows
        out.append(((a, n + 1), (b, n + 2)))
    return out


def _onto_one_row(a: int, b: int, x: int, row: list[int]) -> tuple[tuple[int, int], ...] | None:
    """The listed steps putting cards ``a < b`` both onto the existing row number ``x``, or
    ``None`` if no order fits (O-2.5): ``a`` first if it goes on top, or below with ``b`` then
    on top (the same row either way); otherwise ``b`` first if ``b`` goes below."""
    lo, hi = row[0], row[-1]
    if a > hi or (a < lo and b > hi):
        return (a, x), (b, x)
    if b < lo:
        return (b, x), (a, x)
    return None


def listed_steps(steps: tuple[tuple[int, int], ...], rows: list[list[int]]) -> tuple[tuple[int, int], ...]:
    """The listed form (see :func:`placement_steps`) of the legal placement ``steps`` onto ``rows``.

    Two orders of one placement that end in the same rows are one move (O-2.5): ``45>x 12>1``
    is listed as ``12>1 45>x``. Rows have no order of their own (O-2.4), so two cards that
    start two new rows are listed with the lower card in the first new row: ``21>1 7>2`` is
    ``7>1 21>2``.

    Parameters
    ----------
    steps : ((int, int), (int, int))
        ``(card, row)`` pairs in placement order, already checked legal on ``rows``.
    rows : list of list of int
        The player's rows before the placement.

    Returns
    -------
    ((int, int), (int, int))
        ``steps`` itself (the same object) if it is the listed form.
    """
    (a, x), (b, y) = steps
    n = len(rows)
    if x == y and DISCARD < x <= n:  # both onto one existing row
        listed = _onto_one_row(min(a, b), max(a, b), x, rows[x - 1])
    elif x > n and y > n and x != y:  # two new rows
        listed = (min(a, b), n + 1), (max(a, b), n + 2)
    else:
        return steps if a < b else ((b, y), (a, x))
    return steps if listed == steps else listed


def placements(cards: tuple[int, int], rows: list[list[int]]) -> list[Place]:
    """Every distinct :class:`Place` of two picked cards onto ``rows`` (O-2.3 to O-2.5).

    See :func:`placement_steps` for the order and the canonical form.
    """
    return [Place(steps) for steps in placement_steps(cards, rows)]


def waiting_moves(state, seat: int) -> list:
    """The moves ``seat`` may choose in this draft step while other seats choose theirs
    (O-2.6): its picks before it has picked, its placements before it has placed; else none.
    The engine asks the seats one at a time, so this is what a simultaneous move offers."""
    if state.phase == "pick" and state.picks[seat] is None:
        return picks_of(state.hands[seat])
    if state.phase == "place" and state.places[seat] is None:
        return placements(state.picks[seat], state.rows[seat])
    return []
