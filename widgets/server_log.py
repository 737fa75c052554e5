"""A teacher's terminal without two warnings that every page repeats and that ask nothing of them.

``make demo`` prints the server's log where the teacher looks for "Kernel pool of ... is filled"
and for errors. Two warnings came with every page, 30 times each for a class:

- ``Notebook ohanami.ipynb is not trusted`` (Jupyter Server, each time Voila reads a page). A
  notebook's trust decides whether the HTML and JavaScript stored in its outputs are shown when
  it is opened; the pages are kept without outputs (nbstripout), and Voila shows only what the
  page's own kernel computes, trusted or not.
- ``Kernel is running over TCP without encryption ...`` (ipykernel, as each kernel starts). The
  dashboards' kernels listen on 127.0.0.1 only; the README ("Running a class", "What a pupil's
  can reach, and what remains") says who can reach a kernel.

Every other line of the log, warnings included, is kept.
"""

from __future__ import annotations

import logging
import re

__all__ = ["UNTRUSTED", "UNENCRYPTED", "quiet"]

UNTRUSTED = "Notebook {} is not trusted"  #: Jupyter Server's contents manager, for a page read
UNENCRYPTED = "Kernel is running over TCP without encryption."  #: ipykernel, as a kernel starts


class _Without(logging.Filter):
    """Drops the records whose message starts as one of ``patterns`` (``{}`` stands for any text)."""

    def __init__(self, patterns: tuple[str, ...]):
        super().__init__()
        self.starts = re.compile("|".join(re.escape(p).replace(r"\{\}", ".*") for p in patterns))

    def filter(self, record: logging.LogRecord) -> bool:
        return not self.starts.match(record.getMessage())


def quiet(logger: str, *patterns: str) -> None:
    """Leave the messages that start as one of ``patterns`` out of the log of ``logger`` (a
    traitlets application's logger is named after its class: ``"Voila"``, ``"IPKernelApp"``).

    ``patterns`` are :data:`UNTRUSTED`, :data:`UNENCRYPTED` or alike: a message's start, where
    ``{}`` stands for any text.
    """
    logging.getLogger(logger).addFilter(_Without(patterns))
