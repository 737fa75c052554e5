"""A teacher's terminal without warnings that ask nothing of them.

``make demo`` prints the server's log where the teacher looks for "Kernel pool of ... is filled"
and for errors. One warning came with every page, 30 times for a class, and one with the first
page (a third, ipykernel's "Kernel is running over TCP without encryption" for every kernel, is
gone since the kernels talk over Unix sockets: :mod:`mandalakit.widgets.server.kernel`):

- ``Notebook ohanami.ipynb is not trusted`` (Jupyter Server, each time Voila reads a page). A
  notebook's trust decides whether the HTML and JavaScript stored in its outputs are shown when
  it is opened; the pages are kept without outputs (nbstripout), and Voila shows only what the
  page's own kernel computes, trusted or not.
- ``The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval
  (30000). Setting websocket_ping_timeout=30000`` (Tornado, as the first page connects). Jupyter
  Server asks for three times its ping interval, Tornado allows at most one and says so: a page
  that answers no ping for 30 s loses its connection, whatever is set, and nothing is for the
  teacher to change.
- The reason of each refused request, a second and third line beside its access line
  (``403 GET /voila/files/x (127.0.0.1) 1.60ms``): Tornado's ``403 GET /voila/files/x
  (127.0.0.1): File not allowlisted`` (:data:`REFUSAL_REASON`) and Jupyter Server's ``wrote
  error: 'Kernel does not exist: <id>'`` (:data:`API_ERROR`). Anyone on the class's network can
  ask for bad addresses, and a tab left open after its kernel was culled asks again and again:
  the access line, with the status, the address and who asked, is the one a teacher needs. A
  500 keeps its traceback (Tornado's "Uncaught exception"); :mod:`.not_found` answers the bad
  addresses that made Voila fail.

Every other line of the log, warnings included, is kept; but a kernel's id is shown by its first
8 characters (``Kernel started: 1f9ce12b…``, :func:`short_kernel_ids`). A teacher may project this
terminal, and whoever knows a page's whole kernel id can drive that pupil's widgets (README,
"What a pupil can reach"); 8 characters still tell the kernels apart in the log. For the same
reason the value of the class page's key argument is never shown (``?teacher=…``,
:func:`hidden_keys`): a request that is refused although it holds the key (a key mistyped by one
letter, the argument spelt ``Teacher``, given twice) writes its address in the access line.
"""

from __future__ import annotations

import logging
import re

__all__ = ["API_ERROR", "EARLY_FILL", "REFUSAL_REASON", "TORNADO_PING", "UNTRUSTED", "hidden_keys", "quiet",
           "quiet_early_fill", "short_kernel_ids"]

UNTRUSTED = "Notebook {} is not trusted"  #: Jupyter Server's contents manager, for a page read
TORNADO_PING = "The websocket_ping_timeout ({}) cannot be longer than the websocket_ping_interval"  #: Tornado
REFUSAL_REASON = "4{} {} ({}): "  #: Tornado, for a request refused with a 4xx status and a reason
API_ERROR = "wrote error: "  #: Jupyter Server's API handlers, for each error they answer
#: The function of Voila's pool that logs "Kernel pool of <page> is filled" as its kernels start,
#: before they have run the page (:class:`~.kernel_manager.DashboardKernelManager` says it when they have).
EARLY_FILL = "task_counter"


class _Without(logging.Filter):
    """Drops the records whose message starts as one of ``patterns`` (``{}`` stands for any text)."""

    def __init__(self, patterns: tuple[str, ...]):
        super().__init__()
        self.starts = re.compile("|".join(re.escape(p).replace(r"\{\}", ".*") for p in patterns))

    def filter(self, record: logging.LogRecord) -> bool:
        return not self.starts.match(record.getMessage())


class _NotFrom(logging.Filter):
    """Drops the records logged by the function named ``function``."""

    def __init__(self, function: str):
        super().__init__()
        self.function = function

    def filter(self, record: logging.LogRecord) -> bool:
        return record.funcName != self.function


def quiet_early_fill(logger: str = "Voila") -> None:
    """Leave Voila's early "Kernel pool of ... is filled" (:data:`EARLY_FILL`) out of ``logger``'s log."""
    logging.getLogger(logger).addFilter(_NotFrom(EARLY_FILL))


def quiet(logger: str, *patterns: str) -> None:
    """Leave the messages that start as one of ``patterns`` out of the log of ``logger`` (a
    traitlets application's logger is named after its class: ``"Voila"``; Tornado's is
    ``"tornado.general"``).

    ``patterns`` are :data:`UNTRUSTED`, :data:`TORNADO_PING` or alike: a message's start, where
    ``{}`` stands for any text.
    """
    logging.getLogger(logger).addFilter(_Without(patterns))


#: A kernel id as Jupyter makes them (a UUID), its first 8 characters apart.
_KERNEL_ID = re.compile(r"\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
#: The value of the teacher's key argument in an address, as typed or percent-encoded
#: (``teacher=``, ``Teacher%3D``): :data:`mandalakit.widgets.classroom.teacher.ARGUMENT`.
_KEY_VALUE = re.compile(r"(teacher(?:=|%3D))[^&;#\s\"']*", re.IGNORECASE)


class _Cut(logging.Filter):
    """Writes what ``pattern`` matches in a record's message as its first group and an ellipsis."""

    def __init__(self, pattern: re.Pattern):
        super().__init__()
        self.pattern = pattern

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.pattern.search(message):
            record.msg, record.args = self.pattern.sub("\\1…", message), ()
        return True


def short_kernel_ids(logger: str) -> None:
    """Show every kernel id in the messages of ``logger`` by its first 8 characters
    (``1f9ce12b-9c46-4ac9-bec8-e551bb20e911`` → ``1f9ce12b…``); tracebacks are left whole."""
    logging.getLogger(logger).addFilter(_Cut(_KERNEL_ID))


def hidden_keys(logger: str) -> None:
    """Show no teacher's key in the messages of ``logger``: ``GET /voila/render/class.ipynb?teacher=Xy…``
    becomes ``GET /voila/render/class.ipynb?teacher=…``, whatever the argument's case or encoding."""
    logging.getLogger(logger).addFilter(_Cut(_KEY_VALUE))
