"""Reading the numbers of a move notation, shared by the three games' parsers.

Numbers are written with the ASCII digits 0-9 only: ``int()`` alone would also read "1_0"
as 10, "+3", "-0" and the digits of other scripts ("٣" is 3). Every refusal quotes what was
typed, cut by :func:`~mandalakit.core.errors.quote` so a pasted page never floods an error
message.

>>> number("12", "a card number", "'pick 12 45'")
12
>>> chance_event("shuffle", ["3", "0", "5"], "a colour code", "'shuffle 3 0 5'")
ChanceEvent(kind='shuffle', outcome=(3, 0, 5))
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .contract import ChanceEvent
from .errors import NotationError, quote

__all__ = ["DIGITS", "chance_event", "number"]

#: A number in notation: the ASCII digits 0-9 only.
DIGITS = re.compile(r"[0-9]+")
_MAX_DIGITS = 9  # no card, row, count, code or tile id is that large


def number(word: str, what: str, example: str) -> int:
    """``word`` as a whole number written with the digits 0-9 only.

    ``what`` ("a card number") and ``example`` ("'pick 12 45'") name the number in the
    refusal. Raises :class:`NotationError` for anything else, and for digit strings longer
    than any number of the games (``int()`` refuses very long ones with its own error).
    """
    if not DIGITS.fullmatch(word):
        raise NotationError(f"{quote(word)!r} is not {what}; write it with the digits 0 to 9, as in {example}.")
    digits = word.lstrip("0") or "0"  # int() refuses strings of over 4300 digits, zeros included
    if len(digits) > _MAX_DIGITS:
        raise NotationError(f"{quote(word)} is far too large to be {what}.")
    return int(digits)


def chance_event(kind: str, words: Iterable[str], what: str, example: str) -> ChanceEvent:
    """The chance event ``kind`` whose outcome is ``words``, each read by :func:`number`.

    Raises :class:`NotationError` naming the first word that is not written with the digits
    0 to 9.
    """
    words = list(words)
    for word in words:
        if not DIGITS.fullmatch(word):
            raise NotationError(f"The outcome of a {kind} event must be whole numbers written with the digits 0 to 9, "
                                f"separated by spaces; {quote(word)!r} is not one.")
    return ChanceEvent(kind, tuple(number(word, what, example) for word in words))
