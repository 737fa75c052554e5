"""The option values of the ``mandalakit`` command, read as argparse ``type=`` functions.

Each reader takes the text as typed and returns the value, or raises
``argparse.ArgumentTypeError`` with one sentence in the language in force (argparse then
prints the usage and the option's name and exits with status 2). Whole numbers, seconds,
``--rule NAME=VALUE`` and ``--vary``, ``--bots`` and ``--scheduler``; the rules options are
read by the game once it is known (:func:`rules_from_args`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence

from .core.errors import RulesError, as_written, quote, shown
from .core.messages import _, bot_by_name
from .core.options import MAX_DIGITS, WHOLE_NUMBER, whole_number
from .core.registry import get_game


def whole_number_arg(text: str, what: str = "") -> int:
    """An option value written as a whole number (see :data:`WHOLE_NUMBER`); ``what`` names
    it in the refusal ("the value of sakura_cap"), else the digits are quoted.

    Raises ``argparse.ArgumentTypeError`` for anything else, and for more than
    :data:`MAX_DIGITS` (18) digits; argparse then prints the usage and the option's name
    and exits with status 2.
    """
    if not WHOLE_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(_("expected a whole number written with the digits 0 to 9, got {text}",
                                           text=shown(text)))
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(_("{what} has more than {digits} digits, far too many for any option",
                                           what=what or quote(text), digits=MAX_DIGITS))
    return int(text)


#: A number of seconds on the command line: ASCII digits with an optional decimal part and a
#: leading '-' for the range refusal. ``float()`` alone would also read "1_0",
#: "٣" (3), " 5", "1e3", "nan" and "inf".
DECIMAL_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def seconds_arg(text: str) -> float:
    """A ``--seconds`` value written as :data:`DECIMAL_NUMBER` says, more than 0 and at most
    :data:`~mandalakit.simulate.MAX_BENCH_SECONDS` (3600). ``ArgumentTypeError`` otherwise,
    quoting ``text`` as typed (``-1``, not ``-1.0``)."""
    from .simulate import MAX_BENCH_SECONDS

    if not DECIMAL_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(_("expected a number of seconds written with the digits 0 to 9 and an optional "
                                           "decimal point, such as 3 or 0.5; got {text}", text=shown(text)))
    seconds = float(text)  # 400 nines: inf, refused below
    if not 0 < seconds <= MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(_("must be more than 0 and at most {most} seconds, not {text}",
                                           most=MAX_BENCH_SECONDS, text=as_written(text)))
    return seconds


def rule_arg(text: str) -> tuple[str, str]:
    """Split ``NAME=VALUE``; VALUE stays text until the game is known (:func:`rules_from_args`).

    A VALUE that is a whole number (:data:`WHOLE_NUMBER`) of more than :data:`MAX_DIGITS`
    digits is refused here, for any option, with the usage lines.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(_("expected {form}, got {text}", form=_("NAME=VALUE"), text=shown(text)))
    check_digits(name, raw)
    return name, raw


def check_digits(name: str, value: str) -> None:
    """``ArgumentTypeError`` for a ``--rule`` or ``--vary`` value that is a whole number of more
    than :data:`MAX_DIGITS` digits (see :func:`~mandalakit.core.options.whole_number`)."""
    try:
        whole_number(value, name)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def rules_from_args(pairs: Sequence[tuple[str, str | list[str]]], game: str, *, read_files: bool = True,
                    flag: str = "--rule") -> dict:
    """The ``--rule`` options (or ``--vary``'s, a list of values each) of ``game`` as a dict.

    Each value is read as its option's type admits (:meth:`RulesBase.option_from_command_line
    <mandalakit.core.contract.RulesBase.option_from_command_line>`; a file option's text is the
    file's path, ``tiles=my_tiles.csv``): ``true`` is a bool only for an
    option that takes one, so the game's refusal of any other value quotes what was typed
    (``[O-3.4] ... got 'true'.``). An option given twice raises :class:`RulesError` naming
    ``flag`` and both values as typed (which of two values was meant cannot be guessed). Names and values are checked by the game. Without
    ``read_files``, a file option's path stays text: the tournament reads it, and labels its
    variant by the path (``tiles=my_tiles.csv``).
    """
    rules_type = get_game(game).rules
    read = rules_type.option_from_command_line  # a file option (tiles=PATH) is read here
    if not read_files:
        def read(name, text, read=read):  # noqa: E306 - the path is kept for the tournament to read
            return text if name in rules_type.file_options and text.strip().lower() not in ("none", "null") \
                else read(name, text)
    rules: dict = {}
    for name, text in pairs:
        value = [read(name, t) for t in text] if isinstance(text, list) else read(name, text)
        if name in rules:
            raise RulesError("options", _("{flag} {name} is given twice ({first}, then {second}); give each rules "
                                          "option once.", flag=flag, name=as_typed(name), first=_typed(rules[name]),
                                          second=_typed(value)))
        rules[name] = value
    return rules


def _typed(value: object) -> str:
    """A ``--rule`` value, or ``--vary``'s values joined by commas, as typed (``15,none``)."""
    return ",".join(map(as_typed, value)) if isinstance(value, list) else as_typed(value)


def as_typed(value: object) -> str:
    """A ``--rule`` name or value as it is written on the command line (``none``, ``true``),
    for an error message (see :func:`~mandalakit.core.errors.as_written`)."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return as_written(str(value))


def bots_arg(text: str) -> list[str]:
    """``--bots``: names separated by commas, each a bot's own name (``greedy``) or the name the
    command prints for it in its language (French ``glouton``, ``au hasard``: see
    :func:`~mandalakit.core.messages.bot_name`), returned as the bots' own names."""
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(_("expected bot names separated by commas, e.g. greedy,random; got {text}",
                                           text=shown(text)))
    return [bot_by_name(name) for name in names]  # a Parquet file's metadata keeps the bots' own names


def positive_arg(text: str) -> int:
    """A whole number of at least 1 (see :func:`whole_number_arg`); ``ArgumentTypeError`` otherwise."""
    value = whole_number_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}", value=value))
    return value


#: The one protocol ``--scheduler`` takes: Dask's default. ``tls://`` needs certificates this
#: command cannot take, ``inproc://`` reaches only a scheduler inside the same process, and
#: ``ws://``, ``ucx://`` and the like need more than the package installs.
SCHEDULER_EXAMPLE = "tcp://10.0.0.5:8786"


def scheduler_arg(text: str) -> str:
    """``--scheduler``: a running Dask scheduler's address ``tcp://HOST:PORT`` (or ``HOST:PORT``,
    as Dask reads it; an IPv6 host in brackets, ``tcp://[::1]:8786``), returned as
    ``tcp://HOST:PORT``.

    Raises ``argparse.ArgumentTypeError`` (one sentence, before any connection) for another
    protocol, a missing host or port, a port outside 1 to 65535, or anything after the port.
    """
    from urllib.parse import urlsplit

    written = text if "://" in text else f"tcp://{text}"
    try:
        parts = urlsplit(written)
        port = parts.port  # ValueError for a port that is not a number from 0 to 65535
    except ValueError:
        parts, port = None, None
    if parts is not None and parts.scheme.lower() not in ("", "tcp"):
        raise argparse.ArgumentTypeError(_("only a tcp:// address of a Dask scheduler is taken, such as {example}; "
                                           "got {text}", example=SCHEDULER_EXAMPLE, text=shown(text)))
    if (parts is None or not parts.hostname or not port or parts.path or parts.query or parts.fragment
            or parts.username is not None or parts.password is not None):
        raise argparse.ArgumentTypeError(_("expected a Dask scheduler's address tcp://HOST:PORT, such as {example}; "
                                           "got {text}", example=SCHEDULER_EXAMPLE, text=shown(text)))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"tcp://{host}:{port}"
