"""Reading a move notation, shared by the three games' parsers: words, keywords and numbers.

A move is plain ASCII text. Its words are separated by spaces (U+0020) only: ``str.split()``
would also split at a tab, at U+001C to U+001F and at a no-break space, so ``"pick\x1c1\x1d2"``
would read as ``"pick 1 2"``. Keywords fold case for the letters A to Z only: ``str.lower()``
would also read ``"blac\u212a"`` (with a Kelvin sign) as ``"black"``. Numbers are written with
the ASCII digits 0-9 only: ``int()`` alone would also read "1_0" as 10, "+3", "-0" and the
digits of other scripts ("٣" is 3). Every refusal quotes what was typed, cut by
:func:`~mandalakit.core.errors.quote` so a pasted page never floods an error message.

>>> words("  field B  green 2 ")
['field', 'B', 'green', '2']
>>> folded("Black"), folded("blac\u212a") == "black"
('black', False)
>>> number("12", "a card number", "'pick 12 45'")
12
>>> chance_event("shuffle", ["3", "0", "5"], "a colour code", "'shuffle 3 0 5'")
ChanceEvent(kind='shuffle', outcome=(3, 0, 5))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .contract import ChanceEvent
from .errors import NotationError, quote, shown
from .messages import _

__all__ = ["DIGITS", "OTHER_PLAYER", "chance_event", "folded", "number", "plain_letters", "words"]

#: A number in notation: the ASCII digits 0-9 only.
DIGITS = re.compile(r"[0-9]+")
_MAX_DIGITS = 9  # no card, row, count, code or tile id is that large
#: Words a pupil writes to play into another player's area, which no game allows (M-3.3, F-3.1).
OTHER_PLAYER = frozenset({"opponent", "opponent's", "opponents", "their", "theirs", "other"})


def words(text: str) -> list[str]:
    """The words of the move ``text``: the parts between spaces (U+0020), however many.

    Raises
    ------
    NotationError
        If ``text`` holds other white space (a tab, a line break, U+001C, a no-break space):
        a move is written with plain spaces, and white space that is not one is never read
        as one.
    """
    odd = next((ch for ch in text if ch.isspace() and ch != " "), None)
    if odd is not None:
        raise NotationError(_("{text} holds {char} ({name}), which is not a plain space; separate the words "
                              "of a move with spaces only.", text=shown(text), char=f"U+{ord(odd):04X}",
                              name=unicodedata.name(odd, _("a control character")).lower()))
    return [word for word in text.split(" ") if word]


def move_words(text) -> tuple[str, list[str]]:
    """The first word of the move ``text`` and the words after it (see :func:`words`);
    ``("", [])`` when it has none.

    Raises
    ------
    NotationError
        If ``text`` is not a string, or holds white space other than plain spaces.
    """
    if not isinstance(text, str):
        raise NotationError(_("A move must be text, not {kind}.", kind=type(text).__name__))
    parts = words(text)
    return (parts[0], parts[1:]) if parts else ("", [])


def folded(word: str) -> str:
    """``word`` in lower case if it is ASCII, else unchanged (so it matches no keyword).

    ``str.lower()`` also folds letters outside A to Z onto them: the Kelvin sign U+212A
    becomes "k", so "blac\u212a" would read as "black".
    """
    return word.lower() if word.isascii() else word


def plain_letters(word) -> str:
    """A hint for a refused ``word`` that holds a character outside ASCII (a Kelvin sign that
    looks like K, a Cyrillic а): ``" Write it with the letters a to z."``, else ``""``."""
    return "" if not isinstance(word, str) or word.isascii() else " " + _("Write it with the letters a to z.")


def number(word: str, what: str, example: str) -> int:
    """``word`` as a whole number written with the digits 0-9 only.

    ``what`` ("a card number") and ``example`` ("'pick 12 45'") name the number in the
    refusal. Raises :class:`NotationError` for anything else, and for digit strings longer
    than any number of the games (``int()`` refuses very long ones with its own error).
    """
    if not DIGITS.fullmatch(word):
        raise NotationError(_("{word!r} is not {what}; write it with the digits 0 to 9, as in {example}.",
                              word=quote(word), what=what, example=example))
    digits = word.lstrip("0") or "0"  # int() refuses strings of over 4300 digits, zeros included
    if len(digits) > _MAX_DIGITS:
        raise NotationError(_("{word} is far too large to be {what}.", word=quote(word), what=what))
    return int(digits)


def chance_event(kind: str, words: Iterable[str], what: str, example: str) -> ChanceEvent:
    """The chance event ``kind`` whose outcome is ``words``, each read by :func:`number`.

    Raises :class:`NotationError` naming the first word that is not written with the digits
    0 to 9.
    """
    words = list(words)
    for word in words:
        if not DIGITS.fullmatch(word):
            raise NotationError(_("The outcome of a {kind} event must be whole numbers written with the digits 0 to 9, "
                                  "separated by spaces; {word!r} is not one.", kind=kind, word=quote(word)))
    return ChanceEvent(kind, tuple(number(word, what, example) for word in words))
