"""The teacher's log (mandalakit.widgets.server_log): two warnings left out, every other line kept."""

from __future__ import annotations

import logging

import pytest

from mandalakit.widgets.server_log import TORNADO_PING, UNTRUSTED, quiet


@pytest.fixture
def logged(caplog):
    """A logger with the two patterns left out, and the messages that reach its handlers."""
    name = "mandalakit-test-server-log"
    quiet(name, UNTRUSTED, TORNADO_PING)
    caplog.set_level(logging.INFO, logger=name)
    yield logging.getLogger(name), caplog
    logging.getLogger(name).filters.clear()


def test_the_two_warnings_as_their_senders_write_them_are_left_out(logged):
    log, caplog = logged
    log.warning("Notebook %s is not trusted", "fr/ohanami.ipynb")  # Jupyter Server
    log.warning("The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000).\n"
                "Setting websocket_ping_timeout=30000")  # Tornado
    assert caplog.messages == []


def test_every_other_line_is_kept(logged):
    log, caplog = logged
    kept = ["Kernel pool of ohanami.ipynb is filled with 30 kernel(s)", "Notebook ohanami.ipynb is trusted",
            "Culling 'idle' kernel 'python3' (abc) with 0 connections due to 301 seconds of inactivity.",
            "Kernel is running"]
    for line in kept:
        log.warning(line)
    assert caplog.messages == kept
