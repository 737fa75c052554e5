"""The rules of record of the three games, by rule id: what a lesson quotes and a refusal names.

Every refusal carries a rule id (``"M-4.4"``); :func:`rule_text` gives that rule's sentences,
so a notebook or a view can show the rule next to the refusal, from any installed copy.

The texts ship with the package as one Markdown file per game and language,
``mandalakit/rulebook/<game>.<language>.md`` (``mandala.en.md``, ``flowers.en.md``,
``ohanami.en.md``); a translation is a file with the same rule ids beside the English one
(``mandala.fr.md``: French). The functions read the language in force
(:func:`mandalakit.set_language`) unless given ``language``; the English text is the rules of
record.

A file holds, after a title that the parser skips, sections and rules in this form::

    ## M-4 A turn: exactly one of three actions
    - M-4.1 **Mountain**: play exactly 1 card into one mountain (M-3 applies), then draw up to 3
      cards without exceeding 8 in hand: ...

A section heading gives the section's id and title; a rule is a list item that starts with its
id and its title, continued on lines indented by two spaces. The title is either a bold lead
ending in a full stop (``**Never an empty hand.** A player may never ...``), which is not part
of the rule's text, or the bold term the rule defines (``**Mountain**: play ...``), which is. Texts keep their inline Markdown (``**term**``
for a defined word, backquotes for an option name). A file is read on first use, once.

>>> print(rule_text("M-4.4"))
A player may never end a turn with 0 cards in hand. A move that would do so is illegal
(for example a field play of every card in hand).
>>> rule_text("M-4"), rule_title("M-4"), rule_title("M-4.4"), rule_title("M-4.1")
('A turn: exactly one of three actions', 'A turn: exactly one of three actions', 'Never an empty hand', 'Mountain')
>>> sections("mandala")
('M-1', 'M-2', 'M-3', 'M-4', 'M-5', 'M-6', 'M-7', 'M-8')
>>> rules("M-3")
('M-3.1', 'M-3.2', 'M-3.3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from .errors import RulesError, quote, shown
from .messages import N_, _, get_language
from .registry import GAMES, get_game

__all__ = ["Rulebook", "parse_rulebook", "rule_text", "rule_title", "rules", "sections"]

#: Rule ids start with the game's initial: M- Mandala, F- Flowers, O- Ohanami.
_GAME_OF_LETTER = {name[0].upper(): name for name in GAMES}
#: A section id ("M-4") or a rule id ("M-4.4"); a rule belongs to the section its id starts with.
_ID = re.compile(r"(?P<section>[A-Z]-[1-9]\d*)(\.[1-9]\d*)?")
_HEADING = re.compile(r"## (?P<id>\S+) (?P<title>\S.*)")
_ITEM = re.compile(r"- (?P<id>[A-Z]-\S+) (?P<text>\S.*)")
_CONTINUED = "  "
#: A rule's bold lead: a title ending in a full stop (left out of the text), or a defined term
#: followed by a colon or a bracket (kept in the text; French puts a space before the colon).
_TITLE = re.compile(r"\*\*(?P<title>[^*]+?)(?P<stop>\.)?\*\*(?(stop) |\s?[:(])")


@dataclass(frozen=True)
class Rulebook:
    """The rules of one game in one language, as read by :func:`parse_rulebook`."""

    #: Every id, sections and rules in file order, with its text (a section's text is its title).
    texts: dict[str, str]
    #: Section id -> the ids of its rules, in order.
    sections: dict[str, tuple[str, ...]]
    #: Rule id -> the rule's title (its bold lead), for every rule that has one.
    titles: dict[str, str] = field(default_factory=dict)


def parse_rulebook(text: str, letter: str, name: str = "rules text") -> Rulebook:
    """Read a rules file in the format described in the module docstring.

    Raises ``ValueError`` naming ``name`` and the line if an id is malformed, of another game
    than ``letter``, out of its section or repeated, or if a line is neither a heading, a rule,
    a rule's continuation nor blank.
    """
    texts: dict[str, str] = {}
    members: dict[str, list[str]] = {}
    current = rule = None  # the section being read; the rule a continuation line belongs to
    for number, line in enumerate(text.splitlines(), 1):
        heading, item = _HEADING.fullmatch(line), _ITEM.fullmatch(line)
        found = heading or item
        if found:
            rid = found["id"]
            parts = _ID.fullmatch(rid)
            section = rid if heading else rid.rpartition(".")[0]
            problem = (
                "is not a section id such as M-4" if heading and (not parts or "." in rid) else
                "is not a rule id such as M-4.4" if item and (not parts or "." not in rid) else
                f"is not an id of this game ({letter}-...)" if rid[0] != letter else
                "is given twice" if rid in texts else
                "comes before the first section heading" if item and current is None else
                f"is not a rule of section {current}" if item and section != current else
                None
            )
            if problem:
                raise ValueError(f"{name}, line {number}: {rid} {problem}.")
            texts[rid] = found["title" if heading else "text"]
            if heading:
                members[rid] = []
                current, rule = rid, None
            else:
                members[section].append(rid)
                rule = rid
        elif line.startswith(_CONTINUED) and line.strip() and rule:
            texts[rule] += " " + line.strip()
        elif not line.strip() or not members:  # blank, or the file's title before any section
            rule = None
        else:
            raise ValueError(f"{name}, line {number}: expected a '## ' section heading, a '- ' rule "
                             "or a rule's continuation indented by two spaces.")
    titles = {}
    for rid, text in texts.items():
        lead = _TITLE.match(text) if "." in rid else None
        if lead:
            titles[rid] = lead["title"]
            if lead["stop"]:
                texts[rid] = text[lead.end():]
    return Rulebook(texts, {section: tuple(ids) for section, ids in members.items()}, titles)


def _folder():
    """The package's folder of rules texts (a Traversable)."""
    from importlib import resources

    return resources.files("mandalakit").joinpath("rulebook")


@cache
def _languages() -> tuple[str, ...]:
    names = (entry.name.split(".") for entry in _folder().iterdir())
    return tuple(sorted({name[1] for name in names if len(name) == 3 and name[2] == "md"}))


def _book(game: str, language: str | None) -> Rulebook:
    """The rules of ``game`` in ``language`` (None: the language in force, or English while that
    language has no rules texts yet); an unknown language raises RulesError."""
    if language is None:
        language = get_language() if get_language() in _languages() else "en"
    if not isinstance(language, str) or language not in _languages():
        raise RulesError("options", _("There are no rules texts in the language {code}; choose from {languages}.",
                                      code=shown(language), languages=", ".join(_languages())))
    return _read(game, language)


@cache
def _read(game: str, language: str) -> Rulebook:
    name = f"{game}.{language}.md"
    path = _folder().joinpath(name)
    if not path.is_file():
        raise RulesError("options", _("The rules of {game} have no text in the language {code} yet.",
                                      game=game.capitalize(), code=language))
    return parse_rulebook(path.read_text(encoding="utf-8"), game[0].upper(), name)


def _lookup(rule: str, language: str | None) -> tuple[Rulebook, str]:
    """The book holding ``rule`` and ``rule`` itself; unknown or malformed ids raise RulesError."""
    parts = _ID.fullmatch(rule) if isinstance(rule, str) else None
    if not parts or rule[0] not in _GAME_OF_LETTER:
        raise RulesError("options", _("{rule} is not a rule id; rule ids look like M-4.4, F-3.6 or O-2.4.",
                                      rule=shown(rule)))
    game = _GAME_OF_LETTER[rule[0]]
    book = _book(game, language)
    section = parts["section"]
    if rule not in book.texts:
        members = book.sections.get(section)
        ids = members or tuple(book.sections)
        text = (N_("The rules of {game} have no rule {rule}; section {section} has {first} to {last}.") if members
                else N_("The rules of {game} have no rule {rule}; their sections are {first} to {last}."))
        raise RulesError("options", _(text, game=game.capitalize(), rule=quote(rule), section=section, first=ids[0],
                                      last=ids[-1]))
    return book, section


def rule_text(rule: str, language: str | None = None) -> str:
    """The text of a rule (``"M-4.4"``), or the title of a section (``"M-4"``).

    Parameters
    ----------
    rule : str
        A rule id as carried by every refusal (``error.rule`` when ``error.names_a_rule``).
    language : str, optional
        Language of the text, ``"en"`` (English, the rules of record) or ``"fr"`` (French); by
        default the language in force (:func:`mandalakit.set_language`).

    Returns
    -------
    str
        The rule's sentences on one line, with their inline Markdown.

    Raises
    ------
    RulesError
        If ``rule`` is not a rule id, or no rule of its game has it, or there is no text in
        ``language``.
    """
    book, _section = _lookup(rule, language)
    return book.texts[rule]


def rule_title(rule: str, language: str | None = None) -> str:
    """The title of a rule (``rule_title("M-4.4") == "Never an empty hand"``) or of a section
    (``rule_title("M-4") == "A turn: exactly one of three actions"``), in ``language``.

    A rule without a title of its own (none in the shipped texts) is given its section's title.
    Raises :class:`RulesError` as :func:`rule_text` does.
    """
    book, section = _lookup(rule, language)
    return book.titles.get(rule) or book.texts[section]


def rules(section: str, language: str | None = None) -> tuple[str, ...]:
    """The ids of the rules in a section, in order: ``rules("M-3") == ("M-3.1", "M-3.2", "M-3.3")``.

    Raises :class:`RulesError` as :func:`rule_text` does, or if ``section`` is a rule id.
    """
    book, parent = _lookup(section, language)
    if section != parent:
        raise RulesError("options", _("{rule} is a rule, not a section; its section is {section}.", rule=section,
                                      section=parent))
    return book.sections[section]


def sections(game: str, language: str | None = None) -> tuple[str, ...]:
    """The section ids of a game's rules, in order (``"M-1"`` to ``"M-8"`` for Mandala).

    Raises :class:`RulesError` for an unknown game or language.
    """
    if game not in GAMES:
        get_game(game)  # raises the registry's refusal of an unknown game
    return tuple(_book(game, language).sections)
