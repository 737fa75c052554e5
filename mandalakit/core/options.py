"""Rules options written as text (the CLI's ``--rule NAME=VALUE``, a dashboard's form)."""

from __future__ import annotations

import re
from collections.abc import Collection

import os

from .errors import RulesError, as_written, shown
from .messages import _, ngettext

__all__ = ["ANY_OPTION", "MAX_DIGITS", "WHOLE_NUMBER", "option_value", "whole_number"]

#: A whole number as text: ASCII digits 0-9, with a leading '-' for the games' own "zero or
#: positive" refusals. ``int()`` alone would also read "1_0" as 10, " 5", "+5" and the digits
#: of other scripts ("٣" is 3).
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
#: Most digits a number may have (a seed fits in 18 digits many times over); more is refused,
#: so no refusal prints thousands of digits back.
MAX_DIGITS = 18
#: The kinds of value :func:`option_value` reads when the option's own type is not known.
ANY_OPTION = (type(None), bool, int)


def whole_number(text: str, name: str = "") -> int | None:
    """``text`` as an int if it is a :data:`WHOLE_NUMBER` (spaces around are ignored: a form's
    " 7 " is 7), else ``None``.

    Raises
    ------
    RulesError
        For a whole number of more than :data:`MAX_DIGITS` digits (``name`` names the option).

    >>> whole_number(" 15 "), whole_number("1_5"), whole_number("-3")
    (15, None, -3)
    """
    number = text.strip(" ")
    if not WHOLE_NUMBER.fullmatch(number):
        return None
    if len(number.lstrip("-")) > MAX_DIGITS:
        if name:
            raise RulesError("options", _("the value of {name} has more than {digits} digits, far too many "
                                          "for any option", name=as_written(name), digits=MAX_DIGITS))
        raise RulesError("options", _("{value} has more than {digits} digits, far too many for any option",
                                      value=as_written(number), digits=MAX_DIGITS))
    return int(number)


def option_value(text: str, name: str = "", kinds: Collection[type] = ANY_OPTION):
    """The value of a rules option written as text, read as one of ``kinds`` (the types the
    option takes; by default any of none, a bool or a whole number).

    ``none``/``null`` → ``None`` if ``kinds`` has ``NoneType``, ``true``/``false`` → bool (any
    case) if it has ``bool``, a whole number (:func:`whole_number`) → int if it has ``int``;
    anything else stays text as written, which the game refuses with its own rule id, quoting
    it (``sakura_cap``, a whole number or none, given ``true`` is refused as ``'true'``, not as
    the bool True).

    Raises
    ------
    RulesError
        For a whole number of more than :data:`MAX_DIGITS` digits, if ``kinds`` has ``int``
        (``name`` names the option).

    >>> option_value("none"), option_value("True"), option_value(" 15 "), option_value("1_5")
    (None, True, 15, '1_5')
    >>> option_value("true", "sakura_cap", (int, type(None))), option_value("15", "flag", (bool,))
    ('true', '15')
    """
    low = text.strip().lower()
    if low in ("none", "null") and type(None) in kinds:
        return None
    if low in ("true", "false") and bool in kinds:
        return low == "true"
    number = whole_number(text, name) if int in kinds else None
    return text if number is None else number


#: Most worker processes one run starts (``jobs`` above it is refused): far more than the
#: cores of any one machine, far fewer than would exhaust its memory.
MAX_JOBS = 256


def check_jobs(jobs) -> int:
    """``jobs`` if it is a whole number from 1 to :data:`MAX_JOBS` (worker processes of a run);
    else :class:`RulesError` (``options``). Cheap: the command checks ``--jobs`` with it first
    thing, before it loads anything heavy."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RulesError("options", _("The number of worker processes must be a whole number of at least 1, "
                                      "not {jobs}.", jobs=shown(jobs)))
    if jobs > MAX_JOBS:
        raise RulesError("options", ngettext("At most {most} worker processes can be started, not {jobs}; this "
                                             "machine has {n} core.",
                                             "At most {most} worker processes can be started, not {jobs}; this "
                                             "machine has {n} cores.", os.cpu_count() or 1,
                                             most=MAX_JOBS, jobs=shown(jobs)))
    return jobs
