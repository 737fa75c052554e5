"""Exceptions shared by every game.

Every refusal carries the id of the rule it enforces (``"O-2.4"``, ``"M-4.4"``) and a sentence
a pupil understands. The CLI and the dashboards show ``str(error)``, which reads
``"[O-2.4] Card 40 does not fit at either end of row 1 (20-60)."``.
"""

from __future__ import annotations

import os
import re
import reprlib
import sys
from typing import Any

_QUOTE_MAX = 60
#: A rule id of the rules texts (mandalakit.core.rulebook): game letter, section and item
#: numbers ("M-4.4", "F-6").
_RULE_ID = re.compile(r"[A-Z]-\d+(\.\d+)*")


def quote(text: str) -> str:
    """``text`` without surrounding spaces, cut to 60 characters, for quoting what a user typed
    in an error message (a pasted page never floods a refusal)."""
    text = text.strip()
    return text if len(text) <= _QUOTE_MAX else text[: _QUOTE_MAX - 3] + "..."


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = 200  # quote() then cuts to 60


def shown(value: Any) -> str:
    """A value for an error message: its ``repr`` (so spaces and control characters show),
    cut to 60 characters by :func:`quote`. Long text and lists are cut before they are joined
    (a record may hold megabytes), and a whole number too long for Python to print is
    described instead."""
    try:
        return quote(_REPR.repr(value))
    except ValueError:  # int.__repr__ refuses more than sys.get_int_max_str_digits() digits
        return f"a whole number of more than {sys.get_int_max_str_digits()} digits"


def _visible(text: str) -> str:
    """``text`` as is, or its repr if plain text would hide something (spaces around it,
    control characters, nothing at all)."""
    return text if text and text == text.strip() and text.isprintable() else repr(text)


def as_written(text: str) -> str:
    """What a user wrote (an option name or value), for an error message: plain when plain
    text shows it faithfully, else as a repr; cut to 60 characters by :func:`quote`."""
    return quote(_visible(text))


def shown_path(path: str | os.PathLike) -> str:
    """A path for an error message: at most 60 characters, its start and its end (the file
    name) kept, as a repr if plain text would hide something (see :func:`as_written`)."""
    text = _visible(os.fsdecode(path))
    return text if len(text) <= _QUOTE_MAX else f"{text[:20]}...{text[-37:]}"


class MandalakitError(Exception):
    """Base class of every error mandalakit raises on purpose.

    Parameters
    ----------
    rule : str
        A rule id (for example ``"O-2.4"``; ``mandalakit.rule_text(rule)`` gives its text),
        or a short tag such as ``"notation"``, ``"record"`` or ``"options"`` for errors that
        are not game rules.
    message : str
        A full sentence that says what was wrong and, where it helps, what would be right.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    @property
    def names_a_rule(self) -> bool:
        """True if :attr:`rule` is a rule id of the rules files (``"O-2.4"``), False for a
        tag such as ``"notation"`` or ``"record"``."""
        return _RULE_ID.fullmatch(self.rule) is not None


class IllegalMoveError(MandalakitError, ValueError):
    """A move breaks a rule. The state it was applied to is unchanged."""


class NotationError(IllegalMoveError):
    """Text that is not a move or event of the game's notation (rule tag ``"notation"``), or a
    recognisable move that breaks a rule the notation cannot write, such as a discard of two
    colours (tagged with that rule's id, ``"M-4.3"``)."""

    def __init__(self, message: str, rule: str = "notation"):
        super().__init__(rule, message)


class RulesError(MandalakitError, ValueError):
    """Unknown or invalid rules options, player counts or setups."""


class EndlessGameError(MandalakitError, RuntimeError):
    """A game that has not ended after the safety stop's number of decisions (tag ``"play"``):
    under some rules options bots may play for ever (Mandala with ``stalemate="play_on"`` and
    ``stall_turns=None``). Made by :func:`mandalakit.core.worded.endless_game`, which words it."""

    def __init__(self, message: str, decisions: int):
        super().__init__("play", message)
        self.decisions = decisions


class RecordError(MandalakitError, ValueError):
    """A game record that cannot be replayed.

    Attributes
    ----------
    index : int or None
        Index of the offending entry in the record's ``events`` list, or ``None`` when the
        problem is in the record's header (format, game, rules, players, result). The message
        names the event itself (:mod:`mandalakit.core.records` writes it).
    """

    def __init__(self, rule: str, message: str, index: int | None = None):
        super().__init__(rule, message)
        self.index = index
