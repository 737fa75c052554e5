"""The options of a game's rules (the "Ruling" options): the mixin every game's frozen ``Rules``
dataclass is built on, reading options from a mapping, from text and from a command line.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .errors import RulesError, quote
from .messages import _
from .options import option_value


class RulesBase:
    """Mixin for every game's frozen ``Rules`` dataclass (the "Ruling" options).

    A game whose option may be read from a file names it in ``file_options`` (option name to
    a function of the path, such as Flowers' ``{"tiles": read_tiles_csv}``): only
    :meth:`option_from_command_line` reads such a file. The rules themselves never open a path,
    so no value from a page or a record can name a file on the machine that runs them.
    """

    #: Options whose text on a command line is a file to read: option name -> reader of a path.
    file_options: ClassVar[Mapping[str, Callable[[str], Any]]] = {}

    def __new__(cls, *args, **options):
        """Unknown option names raise :class:`RulesError` naming the known ones (``Rules(foo=1)``),
        not the bare ``TypeError`` of the dataclass's ``__init__``."""
        known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(
                "options",
                _("Unknown rules option {names}; known options are {known}.", names=quote(", ".join(map(repr, unknown))),
                  known=", ".join(sorted(known)) or _("none")),
            )
        return super().__new__(cls)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any] | None):
        """Build rules from a mapping; unknown option names raise :class:`RulesError`."""
        return cls(**dict(options or {}))

    @classmethod
    def option_from_text(cls, name: str, text: str):
        """The value of the option ``name`` written as text (the CLI's ``--rule NAME=VALUE``, a
        form), read only as the option's type admits (:func:`~mandalakit.core.options.option_value`):
        ``none`` if it may be ``None``, ``true``/``false`` if it is a bool, a whole number if it
        is an int; anything else stays as written, so the game's refusal quotes what was typed
        (``sakura_cap`` given ``true``: ``[O-3.4] ... got 'true'.``). An unknown ``name`` is
        read as any option would be; :meth:`from_dict` refuses it.

        A value read as none, a bool or a number is checked at once: if the game refuses it, the
        game's own refusal is given for the text as typed, so it quotes that text (``sakura_cap``
        given ``-03``: ``[O-3.4] ... got '-03'.``, not ``got -3.``).

        Raises
        ------
        RulesError
            For a whole number of more than :data:`~mandalakit.core.options.MAX_DIGITS` digits,
            or the game's refusal of a value read as none, a bool or a number (its rule id).
        """
        hint = typing.get_type_hints(cls).get(name)
        if hint is None:
            return option_value(text, name)
        kinds = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
        value = option_value(text, name, [typing.get_origin(kind) or kind for kind in kinds])
        if value is not text:
            try:
                cls(**{name: value})
            except RulesError:
                cls(**{name: text})  # the same check, refusing the text as typed
                raise
        return value

    @classmethod
    def option_from_command_line(cls, name: str, text: str):
        """The value of the option ``name`` as a command line writes it (``--rule NAME=VALUE``):
        for an option of :attr:`file_options`, text other than ``none`` is the path of a file,
        read there (``--rule tiles=my_tiles.csv``); any other as :meth:`option_from_text` reads it.

        Never used for a page's values: a page's text is data, never a path.

        Raises
        ------
        RulesError
            As :meth:`option_from_text`, or the reader's refusal of the file (its rule id).
        """
        reader = cls.file_options.get(name)
        if reader is not None and text.strip().lower() not in ("none", "null"):
            return reader(text)
        return cls.option_from_text(name, text)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)  # type: ignore[call-overload]
