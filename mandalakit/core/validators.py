"""Argument checks shared by the games: each refuses a bad value with a
:class:`~mandalakit.core.errors.RulesError` naming the rule it breaks and quoting the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral

from .errors import RulesError, shown
from .messages import N_, _


def check_players(game: str, players: int, low: int, high: int, rule: str) -> int:
    """Validate a player count; raise :class:`RulesError` naming ``rule`` if out of range."""
    if isinstance(players, bool) or not isinstance(players, Integral):
        raise RulesError(rule, _("The number of players must be a whole number, not {value}.", value=shown(players)))
    if not low <= players <= high:
        text = (N_("{game} is played by exactly {low} players, not {value}.") if low == high else
                N_("{game} is played by {low} to {high} players, not {value}."))
        raise RulesError(rule, _(text, game=game.capitalize(), low=low, high=high, value=shown(players)))
    return int(players)


def check_list(value, what: str, rule: str) -> list:
    """``value`` as a new list if it is a list or a tuple (a JSON array), else
    :class:`RulesError` naming ``rule``: text, a mapping or a number is not a list of things.
    ``what`` names the field in the sentence ("The hands")."""
    if not isinstance(value, (list, tuple)):
        raise RulesError(rule, _("{what} must be a list, not {value}.", what=what, value=shown(value)))
    return list(value)


def check_mapping(value, what: str, rule: str) -> Mapping:
    """``value`` if it is a mapping (a JSON object), else :class:`RulesError` naming ``rule``."""
    if not isinstance(value, Mapping):
        raise RulesError(rule, _("{what} must be a mapping (a JSON object), not {value}.", what=what, value=shown(value)))
    return value


def check_whole(value, what: str, rule: str, low: int, high: int) -> int:
    """``value`` as an int if it is a whole number from ``low`` to ``high`` (not a bool, not
    text), else :class:`RulesError` naming ``rule``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= value <= high:
        raise RulesError(rule, _("{what} must be a whole number from {low} to {high}, not {value}.",
                                 what=what, low=low, high=high, value=shown(value)))
    return int(value)


def check_flag(value, what: str, rule: str = "options") -> bool:
    """``value`` if it is ``True`` or ``False`` (not 0, 1 or text), else :class:`RulesError`."""
    if not isinstance(value, bool):
        raise RulesError(rule, _("{what} must be True or False, not {value}.", what=what, value=shown(value)))
    return value


def check_rules(game: str, rules, rules_type: type):
    """``rules`` or, if ``None``, the default ``rules_type()``; rules of another type raise :class:`RulesError`."""
    if rules is None:
        return rules_type()
    if not isinstance(rules, rules_type):
        raise RulesError("options", _("rules must be mandalakit.{game}.Rules, not {kind}.", game=game,
                                      kind=type(rules).__name__))
    return rules
