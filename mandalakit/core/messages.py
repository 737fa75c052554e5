"""One message function for every sentence a pupil reads: refusals, board legends, labels.

Every word that the engines' refusals, the board drawings and the views show goes through
:func:`_` (or :func:`ngettext` where a count chooses singular or plural), so that a message
catalogue for another language can be added without touching the code that writes the
sentences. The functions follow :mod:`gettext`: the English text *is* the message id, and
``{name}`` fields are filled after translation, so a translator may move them.

>>> from mandalakit.core.messages import _, ngettext
>>> _("Seat {seat} picks first.", seat=1)
'Seat 1 picks first.'
>>> ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 3)
('1 card', '3 cards')
>>> a_or_an("orange"), a_or_an("red"), a_or_an("8")
('an orange', 'a red', 'an 8')

A sentence kept in a table until it is used is marked with :func:`N_` where it is written
and translated by :func:`_` where it is used, so a catalogue tool finds both:

>>> HELP = N_("Write 'pick 12 45'.")
>>> _(HELP)
"Write 'pick 12 45'."
"""

from __future__ import annotations

import gettext

__all__ = ["N_", "_", "a_or_an", "ngettext"]

#: The catalogue in force; English (the message ids themselves) until a language is chosen.
_catalogue: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str, /, **values) -> str:
    """``message`` in the language in force, with its ``{name}`` fields filled from ``values``."""
    text = _catalogue.gettext(message)
    return text.format(**values) if values else text


def N_(message: str, /) -> str:
    """``message`` unchanged: marks a sentence for the catalogue where it is stored in a table
    (translated later by :func:`_`, where it is used)."""
    return message


def ngettext(singular: str, plural: str, n: int, /, **values) -> str:
    """The singular or plural form for the count ``n`` (available to the text as ``{n}``)."""
    text = _catalogue.ngettext(singular, plural, n)
    return text.format(n=n, **values)


def a_or_an(word: str) -> str:
    """``word`` with its English indefinite article: ``"an orange"``, ``"a red"``, ``"an 8"``.

    By the first letter (a, e, i, o, u) or, for a number, how it is spoken ("an 8", "an 11",
    "an 18", "an 80"), which covers every colour, suit and card number (1 to 120) of the
    three games.
    """
    spoken_vowel = word[:1].lower() in "aeiou" or word.startswith("8") or word in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {word}"
