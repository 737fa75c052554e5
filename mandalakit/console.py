"""The ``mandalakit`` command's entry point (``[project.scripts]``, ``python -m mandalakit``).

It handles Ctrl-C and ``kill`` before it loads anything: :func:`command` installs the handlers
of :mod:`mandalakit.core.interrupts` (this module and the packages above it load nothing else,
see :mod:`mandalakit.core.lazy`), then imports the command line (:mod:`mandalakit.cli`, with
numpy and the engines) and runs it. What is left before the handlers is Python's own start
(the interpreter and ``site``), tens of milliseconds on an idle machine: a SIGINT or SIGTERM
then meets Python's defaults, and a SIGINT that the parent told the command to ignore is lost.
"""

from __future__ import annotations


def command() -> int:
    """The ``mandalakit`` command on ``sys.argv``: SIGINT and SIGTERM handlers first, then
    :func:`mandalakit.cli.main`.

    From then on Ctrl-C or ``kill`` at any moment (while modules load, workers start, games are
    played or the output is written; a SIGINT ignored by the parent included) stops the
    command with one line on stderr and status 130 (SIGINT) or 143 (SIGTERM): its workers
    killed, no file written (:mod:`mandalakit.core.interrupts`).
    """
    from .core import interrupts

    interrupts.install()
    from .cli import main

    return main()
