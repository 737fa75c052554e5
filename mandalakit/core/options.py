"""Rules options written as text (the CLI's ``--rule NAME=VALUE``, a dashboard's form)."""

from __future__ import annotations

import re

from .errors import RulesError, as_written
from .messages import _

__all__ = ["MAX_DIGITS", "WHOLE_NUMBER", "option_value"]

#: A whole number as text: ASCII digits 0-9, with a leading '-' for the games' own "zero or
#: positive" refusals. ``int()`` alone would also read "1_0" as 10, " 5", "+5" and the digits
#: of other scripts ("٣" is 3).
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
#: Most digits a number may have (a seed fits in 18 digits many times over); more is refused,
#: so no refusal prints thousands of digits back.
MAX_DIGITS = 18


def option_value(text: str, name: str = ""):
    """The value of a rules option written as text.

    ``none``/``null`` → ``None``, ``true``/``false`` → bool (any case), a
    :data:`WHOLE_NUMBER` → int (spaces around are ignored: a form's " 7 " is 7), anything
    else stays text, which the game refuses
    with its own rule id if the option takes a number.

    Raises
    ------
    RulesError
        For a whole number of more than :data:`MAX_DIGITS` digits (``name`` names the option).

    >>> option_value("none"), option_value("True"), option_value(" 15 "), option_value("1_5")
    (None, True, 15, '1_5')
    """
    low = text.strip().lower()
    if low in ("none", "null"):
        return None
    if low in ("true", "false"):
        return low == "true"
    number = text.strip(" ")
    if WHOLE_NUMBER.fullmatch(number):
        if len(number.lstrip("-")) > MAX_DIGITS:
            if name:
                raise RulesError("options", _("the value of {name} has more than {digits} digits, far too many "
                                              "for any option", name=as_written(name), digits=MAX_DIGITS))
            raise RulesError("options", _("{value} has more than {digits} digits, far too many for any option",
                                          value=as_written(number), digits=MAX_DIGITS))
        return int(number)
    return text
