"""One message function for every sentence a pupil reads: refusals, board legends, labels.

Every word that the engines' refusals, the board drawings and the views show goes through
:func:`_` (or :func:`ngettext` where a count chooses singular or plural), so that each
sentence exists in every language of the catalogues. The functions follow :mod:`gettext`:
the English text *is* the message id, and ``{name}`` fields are filled after translation, so
a translator may move them.

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

Languages
---------
English is the message ids themselves; French and Brazilian Portuguese are the catalogues
``mandalakit/locale/fr/LC_MESSAGES/mandalakit.po`` and ``mandalakit/locale/pt/LC_MESSAGES/mandalakit.po`` (template ``mandalakit/locale/mandalakit.pot``,
made with Babel: see ``babel.cfg``). :func:`set_language` chooses the language of every sentence
made afterwards; :func:`language` chooses it for a ``with`` block:

>>> with language("fr"):
...     _("{name} wins!", name=_("Player {n}", n=1)), ngettext("{n} card", "{n} cards", 0)
('Joueur 1 gagne\u202f!', '0 carte')
>>> get_language()
'en'

The French catalogue is read from its ``.po`` file with Babel the first time French is chosen
(a few milliseconds), not from a compiled ``.mo``: the ``.po`` that translators edit is then the
only copy, nothing needs building after ``pip install -e .`` or a checkout, and no binary file
can fall behind its source. Babel is a dependency for this.

What a translation may do besides moving fields:

* count seats from 1 with ``{seat:+1}``: French pupils say « joueur 1 » for seat 0 (the
  glossary of ``docs/rules/glossary-fr.md``);
* agree a colour with its count: colour words are translated by :func:`colour`, as the
  adjective of a card or tile (French ``carte``, ``tuile`` and ``Fleur`` are feminine, so
  ``« 2 cartes vertes »``);
* leave out a value: English articles come from :func:`a_or_an`, which has no French meaning,
  so a sentence that needs one is given the bare word too (``colour="orange"`` and
  ``a_colour="an orange"``), and each language's text takes the one it needs.
"""

from __future__ import annotations

import errno
import gettext
import io
import re
import string
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from .errors import RulesError, quote, shown

__all__ = ["LANGUAGES", "NN_", "N_", "NP_", "_", "a_or_an", "colour", "colour_words", "counts_words", "first_up", "get_language", "language",
           "ngettext", "number", "os_reason", "percent_sign", "set_language"]

#: The languages of the sentences: English (the message ids) first, then each catalogue.
LANGUAGES = ("en", "fr", "pt")
#: The catalogues' domain: ``mandalakit/locale/<language>/LC_MESSAGES/mandalakit.po``.
DOMAIN = "mandalakit"

#: The catalogue in force; English (the message ids themselves) until a language is chosen.
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


#: The number formats of a sentence that follow the language (:func:`number`): a thousands
#: separator (``,``), a number of decimals (``.1``) and ``f`` (or ``%``, a share), or none of them.
_NUMBER_SPEC = re.compile(r"(?P<sign>\+)?(?P<group>,)?(?:\.(?P<decimals>\d+)(?P<kind>[f%]))?")


def number(value: float, spec: str = "") -> str:
    """``value`` written for people, as the language in force writes numbers: ``spec`` is a
    format of Python's (``""``, ``","``, ``".1f"``, ``",.0f"``, ``"+.2f"``, ``".1%"``), which English
    keeps exactly; French writes a decimal comma, groups thousands with a narrow no-break space
    (Babel's ``format_decimal``, with the CLDR data of the language) and sets a no-break space
    before ``%``; Brazilian Portuguese writes a decimal comma, groups thousands with a dot and
    sets ``%`` right after the number, as the language's CLDR percent pattern says
    (:func:`percent_sign`).

    Every ``{field}`` of a sentence that holds a number goes through here (:func:`_`,
    :func:`ngettext`), so a sentence gives its numbers their format, not the code that fills it:

    >>> number(171.66, ".1f"), number(20_000_000, ","), number(0.6667)
    ('171.7', '20,000,000', '0.6667')
    >>> with language("fr"):
    ...     number(171.66, ".1f"), number(20_000_000, ","), number(0.6667), number(0.42, "+.2f")
    ('171,7', '20\u202f000\u202f000', '0,667', '+0,42')
    >>> with language("fr"):
    ...     number(0.912, ".1%")
    '91,2\xa0%'
    >>> with language("pt"):
    ...     number(0.912, ".1%"), number(20_000_000, ","), number(171.66, ".1f")
    ('91,2%', '20.000.000', '171,7')

    A number without a format shows at most 3 decimals in French; any other ``spec`` (``x``,
    ``>5``), and any value that is not a number (``True`` too), is formatted by Python.
    """
    shape = _NUMBER_SPEC.fullmatch(spec)
    if _language == "en" or shape is None or isinstance(value, bool) or not isinstance(value, int | float):
        return format(value, spec)
    from babel.numbers import format_decimal

    decimals = shape["decimals"]
    pattern = ("#,##0" if shape["group"] else "0") + ("." + "0" * int(decimals) if decimals and int(decimals) else "")
    if not spec:
        pattern = "0.###" if isinstance(value, float) else "0"
    share = shape["kind"] == "%"
    written = format_decimal(100 * value if share else value, format=pattern, locale=_language)
    written = "+" + written if shape["sign"] and written[0].isdigit() else written  # "+": a signed format's
    return written + percent_sign() if share else written


@cache
def _percent_sign(code: str) -> str:
    from babel.numbers import format_percent

    written = format_percent(0, locale=code)  # the language's own pattern: "0%", "0\u00a0%"
    return written[written.rindex("0") + 1:]


def percent_sign() -> str:
    """What follows a percentage in the language in force, as its CLDR percent pattern writes
    it (Babel): ``"%"`` in English and Brazilian Portuguese (``91,2%``), a no-break space and
    ``"%"`` in French (``91,2\u00a0%``).

    >>> with language("fr"):
    ...     french = percent_sign()
    >>> with language("pt"):
    ...     portuguese = percent_sign()
    >>> percent_sign(), french, portuguese
    ('%', '\xa0%', '%')
    """
    return _percent_sign(_language)


class _Formatter(string.Formatter):
    """``str.format`` that also reads ``{seat:+1}`` (a number counted from 1 instead of 0) and
    writes numbers as the language in force does (:func:`number`)."""

    def format_field(self, value, format_spec):
        if format_spec == "+1":
            return number(value + 1)
        return number(value, format_spec)


_FORMATTER = _Formatter()


def _filled(text: str, values: dict) -> str:
    if _language == "en" and ":+1}" not in text:  # English numbers are Python's: the quicker str.format
        return text.format(**values)
    return _FORMATTER.vformat(text, (), values)


def _(message: str, /, **values) -> str:
    """``message`` in the language in force, with its ``{name}`` fields filled from ``values``."""
    text = _catalogue.gettext(message)
    return _filled(text, values) if values else text


def N_(message: str, /) -> str:
    """``message`` unchanged: marks a sentence for the catalogue where it is stored in a table
    (translated later by :func:`_`, where it is used)."""
    return message


def NP_(word: str, /) -> str:
    """``word`` unchanged: marks a colour word for the catalogue, in the singular and plural
    forms that :func:`colour` looks up (``COLOURS = (NP_("red"), ...)``)."""
    return word


def NN_(singular: str, plural: str, /) -> tuple[str, str]:
    """``(singular, plural)`` unchanged: marks a sentence with a plural form for the catalogue
    where it is stored in a table (looked up later by a count, as :func:`ngettext` does)."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int, /, **values) -> str:
    """The singular or plural form for the count ``n`` (available to the text as ``{n}``), by
    the plural rule of the language in force (French: singular for 0 and 1)."""
    text = _catalogue.ngettext(singular, plural, n)
    return _filled(text, {"n": n, **values})


def colour(word: str, n: int = 1, /) -> str:
    """A colour of the games (``"red"``, marked by :func:`NP_`) in the language in force, as
    the adjective of ``n`` cards or tiles: ``"red"``; in French ``"rouge"``, ``"rouges"``,
    ``"verte"``. A word with no catalogue entry comes back unchanged."""
    return _catalogue.ngettext(word, word, n)


def counts_words(counts, colours) -> str:
    """``"2 red, 1 black"`` for counts indexed like ``colours``, or ``"empty"`` (words for pupils)."""
    return ", ".join(_("{n} {colour}", n=k, colour=colour(colours[c], k))
                     for c, k in enumerate(counts) if k) or _("empty")


#: The bots' names as people read them in sentences and seat labels; the names themselves
#: (``"greedy"``) are what ``--bots``, records and ``make_bot`` take, in every language.
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "heuristic": N_("rule of thumb"),
             "pimc": N_("sampling search"), "ismcts": N_("tree search"),
             # the levels for pupils (GameSpec.levels): a page reads them as "Bot (easy)"
             "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def bot_name(name: str) -> str:
    """A bot's name as shown to people in the language in force (``"greedy"``, French
    ``"glouton"``); a name that is no bot of ours (a pupil's) comes back unchanged."""
    return _(BOT_NAMES[name]) if name in BOT_NAMES else name


def bot_by_name(name: str) -> str:
    """The bot's own name (``"greedy"``) for ``name`` as people read it in the language in
    force (French ``"glouton"``: :func:`bot_name` the other way); any other name unchanged."""
    return next((bot for bot in BOT_NAMES if bot_name(bot) == name), name)


def colour_words(words) -> str:
    """The colour words of the notation (``COLOURS``, English: what a move is written with),
    each followed by its word in the language in force where that differs:
    ``"grey, purple"``; in French ``"grey (grise), purple (violette)"``."""
    return ", ".join(word if colour(word) == word else _("{word} ({colour})", word=word, colour=colour(word))
                     for word in words)


def a_or_an(word: str) -> str:
    """``word`` with its English indefinite article: ``"an orange"``, ``"a red"``, ``"an 8"``.

    By the first letter (a, e, i, o, u) or, for a number, how it is spoken ("an 8", "an 11",
    "an 18", "an 80"), which covers every colour, suit and card number (1 to 120) of the
    three games. English only: a sentence passes the bare word beside it for other languages.
    """
    spoken_vowel = word[:1].lower() in "aeiou" or word.startswith("8") or word in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {word}"


#: The operating system's reasons that a reading or writing of a file meets, by ``errno``: the
#: English texts are those of the C library (``strerror``), which has no French of its own here.
OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"), errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"), errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"), errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"), errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"), errno.EEXIST: N_("File exists"),
    errno.EIO: N_("Input/output error"), errno.EDQUOT: N_("Disk quota exceeded"),
    errno.ECONNREFUSED: N_("Connection refused"), errno.ETIMEDOUT: N_("Connection timed out"),
    errno.EHOSTUNREACH: N_("No route to host"), errno.ENETUNREACH: N_("Network is unreachable"),
    errno.ECONNRESET: N_("Connection reset by peer"),
}


def os_reason(exc: OSError) -> str:
    """Why the operating system refused a file (``exc.errno``), in the language in force:
    ``"No such file or directory"``, in French ``"aucun fichier ou dossier de ce nom"``.

    An errno without an entry in :data:`OS_REASONS` gives the system's own text (``strerror``),
    or the exception's, at most 60 characters of it.
    """
    if exc.errno in OS_REASONS:
        return _(OS_REASONS[exc.errno])
    return exc.strerror or quote(str(exc))


def first_up(text: str) -> str:
    """``text`` with a capital first letter, to start a sentence ("the deck" -> "The deck",
    "la pioche" -> "La pioche")."""
    return text[:1].upper() + text[1:]


@cache
def _translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` read from its ``.po`` file (see the module docstring). A language
    of :data:`LANGUAGES` whose catalogue is not written yet reads the English ids."""
    from importlib import resources

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = resources.files("mandalakit").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.po")
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out, as msgfmt does
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def set_language(code: str) -> None:
    """Make every sentence made from now on (refusals, records, board drawings, the CLI) use
    the language ``code``: ``"en"``, ``"fr"`` or ``"pt"`` (Brazilian Portuguese; :data:`LANGUAGES`).

    Raises
    ------
    RulesError
        If there is no catalogue for ``code``; the language in force is unchanged.
    """
    global _catalogue, _language
    if not isinstance(code, str) or code not in LANGUAGES:
        raise RulesError("options", _("There are no sentences in the language {code}; choose from {languages}.",
                                      code=shown(code), languages=", ".join(LANGUAGES)))
    _catalogue = gettext.NullTranslations() if code == "en" else _translations(code)
    _language = code


def get_language() -> str:
    """The language in force (``"en"`` until :func:`set_language` chooses another)."""
    return _language


@contextmanager
def language(code: str) -> Iterator[str]:
    """Use the language ``code`` inside a ``with`` block, then the one in force before it.

    Raises :class:`RulesError` as :func:`set_language` does, before the block runs.
    """
    before = _language
    set_language(code)
    try:
        yield code
    finally:
        set_language(before)
