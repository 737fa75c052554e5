"""Typed moves in the page's words: French pupils type « montagne A noire », Brazilian pupils
« montanha A preta », the engine reads ``mountain A black``.

The notation stays English for records, the CLI and error messages (one notation, every
language); this module only turns the words of a typed move into it, word for word, and the
notation's example into the page's words for the move box's placeholder. English text passes
unchanged, so the notation itself is always understood.

>>> from mandalakit.core.messages import language
>>> with language("fr"):
...     to_notation("Montagne A noire", "mandala"), to_notation("jouer 2 rouges sur 3", "flowers")
('mountain A black', 'play 2 red on 3')
>>> with language("fr"):
...     to_notation("garder 12 45", "ohanami"), to_notation("poser 5>2 30>d", "ohanami"), in_words("pick 12 45", "ohanami")
('pick 12 45', 'place 5>2 30>x', 'garder 12 45')
>>> with language("pt"):
...     to_notation("Montanha A pretas", "mandala"), to_notation("jogar 2 vermelhas em 3", "flowers"), in_words("field A red 2", "mandala")
('mountain A black', 'play 2 red on 3', 'campo A vermelha 2')
>>> with language("pt"):
...     in_words("play 2 red on 3", "flowers")
'jogar 2 vermelhas na 3'

"""

from __future__ import annotations

import re
import unicodedata

from mandalakit.core.errors import NotationError
from mandalakit.core.messages import _, colour, get_language
from mandalakit.core.registry import get_game

__all__ = ["MAX_MOVE_CHARS", "in_words", "to_notation", "typed_move"]

#: The longest typed move read (a move of any game is a few tens of characters): longer text is
#: refused in one sentence before any parsing, so a pasted page costs the kernel nothing.
MAX_MOVE_CHARS = 200


def typed_move(text: str) -> str:
    """``text`` without surrounding spaces, if it is at most :data:`MAX_MOVE_CHARS` long.

    Raises
    ------
    NotationError
        For longer text (the sentence gives the length allowed), before it is read.

    >>> typed_move("  pick 3 7 ")
    'pick 3 7'
    >>> typed_move("x" * 10**6)
    Traceback (most recent call last):
    mandalakit.core.errors.NotationError: [notation] A move is at most 200 characters long; this text has 1,000,000.
    """
    text = str(text)
    if len(text) > MAX_MOVE_CHARS:
        raise NotationError(_("A move is at most {most} characters long; this text has {n:,}.",
                              most=MAX_MOVE_CHARS, n=len(text)))
    return text.strip()


#: Where a game's words are: the words a pupil may type for each notation word, by language
#: (``GameSpec.words``; the first is the one the move box's example shows), a glossary of the
#: notation, as the kit's glossaries (docs/rules/glossary-fr.md, glossary-pt.md) name the games'
#: terms. A word that starts with ``>`` is a placement's target (Ohanami's ``30>x``, typed
#: ``30>d``). Colour words are not listed: they are the catalogue's own
#: (:func:`~mandalakit.core.messages.colour`) for the game's ``GameSpec.colours``.


def _plain(word: str) -> str:
    """``word`` in lower case without accents (« Défausse » -> ``defausse``)."""
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold()) if unicodedata.category(c) != "Mn")


def _stems(word: str) -> set[str]:
    """An adjective's forms reduced alike, in the language in force. French: ``noires``,
    ``noire``, ``noir`` -> ``noir``; ``violettes``, ``violet`` -> ``violet``. Portuguese (the
    feminine of the catalogue, or the masculine a pupil may type): ``pretas``, ``preta``,
    ``preto`` -> ``pret``; ``verdes`` -> ``verd``."""
    w = _plain(word)
    if get_language() == "pt":
        w = w[:-1] if w.endswith("s") else w
        return {w, w[:-1] if w[-1:] in ("a", "o", "e") and len(w) > 3 else w}
    w = w[:-1] if w.endswith("s") else w
    w = w[:-1] if w.endswith("e") and len(w) > 4 else w
    return {w, w[:-1] if w.endswith("tt") else w}


def _words(game: str) -> dict[str, tuple[str, ...]] | None:
    """The page's words for ``game``'s notation words in the language in force, or None."""
    return get_game(game).words.get(get_language())


def _colours(game: str) -> tuple[str, ...]:
    """The notation's colour words of ``game`` (none in Ohanami, whose cards are numbers)."""
    return tuple(get_game(game).colours)


def _glossary(game: str) -> dict[str, str]:
    """The page's words (plain, see :func:`_plain`) to the notation's words, for ``game``."""
    words = {_plain(w): own for own, typed in (_words(game) or {}).items() if not own.startswith(">")
             for w in typed}
    for name in _colours(game):
        for form in (colour(name, 1), colour(name, 2)):
            words.update({stem: name for stem in _stems(form)})
    return words


def to_notation(text: str, game: str) -> str:
    """``text``, typed on a page in the language in force, in the game's notation: each word the
    page uses for a notation word or a colour becomes that word; any other word (a number, a
    mandala's letter, the notation's own words) stays as typed."""
    targets = _words(game)
    if targets is None:
        return text
    words = _glossary(game)
    out = []
    for token in text.split():
        plain = _plain(token)
        own = words.get(plain) or next((words[s] for s in _stems(token) if s in words), None)
        out.append(own or token)
    typed = " ".join(out)
    for own, marks in targets.items():
        if own.startswith(">"):
            for mark in marks:
                typed = re.sub(rf"{re.escape(mark)}\b", own, typed, flags=re.IGNORECASE)
    return typed


def in_words(notation: str, game: str) -> str:
    """A move in notation written with the page's words (the move box's example)."""
    words = _words(game)
    if words is None:
        return notation
    names = _colours(game)
    out = []
    for token in notation.split():
        if token in words:
            out.append(words[token][0])
        elif token in names:  # after a count, the colour agrees with it: « jouer 2 rouges sur 3 »
            out.append(colour(token, int(out[-1]) if out and out[-1].isdigit() else 1))
        else:
            out.append(token)
    return " ".join(out)
