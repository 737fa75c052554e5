"""The teacher's log (mandalakit.widgets.server.server_log): the warnings that ask nothing of the teacher left out, every other line kept,
kernel ids shortened."""

from __future__ import annotations

import logging

import pytest

from mandalakit.widgets.server.server_log import (API_ERROR, REFUSAL_REASON, TORNADO_PING, UNTRUSTED, hidden_keys, quiet,
                                                      short_kernel_ids)


@pytest.fixture
def logged(caplog):
    """A logger with the patterns left out, and the messages that reach its handlers."""
    name = "mandalakit-test-server-log"
    quiet(name, UNTRUSTED, TORNADO_PING, API_ERROR, REFUSAL_REASON)
    caplog.set_level(logging.INFO, logger=name)
    yield logging.getLogger(name), caplog
    logging.getLogger(name).filters.clear()


def test_the_warnings_as_their_senders_write_them_are_left_out(logged):
    log, caplog = logged
    log.warning("Notebook %s is not trusted", "fr/ohanami.ipynb")  # Jupyter Server
    log.warning("The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000).\n"
                "Setting websocket_ping_timeout=30000")  # Tornado
    kernel = "00000000-0000-0000-0000-000000000000"
    log.warning("%d %s: %s", 404, f"GET /api/kernels/{kernel}/channels (127.0.0.1)",
                f"Kernel does not exist: {kernel}")  # Tornado, for an unknown kernel's id
    log.warning("wrote error: %r", f"Kernel does not exist: {kernel}")  # Jupyter Server's API handler
    log.warning("%d %s: %s", 403, "GET /voila/files/x (127.0.0.1)", "File not allowlisted")  # Tornado
    assert caplog.messages == []


def test_every_other_line_is_kept(logged):
    log, caplog = logged
    kept = ["Kernel pool of ohanami.ipynb is filled with 30 kernel(s)", "Notebook ohanami.ipynb is trusted",
            "Culling 'idle' kernel 'python3' (abc) with 0 connections due to 301 seconds of inactivity.",
            "Kernel is running", "403 GET /voila/files/x (127.0.0.1) 1.60ms",  # access lines
            "500 GET /voila/render/x.ipynb (127.0.0.1) 3.05ms", "Uncaught exception GET /x (127.0.0.1)"]
    for line in kept:
        log.warning(line)
    assert caplog.messages == kept


def test_kernel_ids_are_shown_by_their_first_8_characters(caplog):
    name = "mandalakit-test-short-ids"
    short_kernel_ids(name)
    caplog.set_level(logging.INFO, logger=name)
    log = logging.getLogger(name)
    try:
        log.info("Kernel started: %s", "1f9ce12b-9c46-4ac9-bec8-e551bb20e911")
        log.info("Using pre-heated kernel: %s for %s", "15107562-dbd4-4b26-b313-f88f5f42c954", "ohanami.ipynb")
        log.warning("Culling 'idle' kernel 'python3' (a8544a06-cea6-4f11-b305-950accb3af16) with 0 connections")
        log.info("Kernel pool of ohanami.ipynb is filled with 30 kernel(s)")
    finally:
        log.filters.clear()
    assert caplog.messages == ["Kernel started: 1f9ce12b…", "Using pre-heated kernel: 15107562… for ohanami.ipynb",
                               "Culling 'idle' kernel 'python3' (a8544a06…) with 0 connections",
                               "Kernel pool of ohanami.ipynb is filled with 30 kernel(s)"]


def test_the_teachers_key_is_never_written_in_the_log(caplog):
    name = "mandalakit-test-hidden-keys"
    hidden_keys(name)
    caplog.set_level(logging.INFO, logger=name)
    log = logging.getLogger(name)
    key = "Zq3_x-9AbCdEfGhIjKlMnOpQrStUvWxY"
    try:
        log.warning("403 GET /voila/render/class.ipynb?teacher=%sx (127.0.0.1) 1.60ms", key)
        log.warning("403 GET /voila/render/class.ipynb?Teacher=%s (127.0.0.1) 1.10ms", key)
        log.warning("403 GET /voila/render/class.ipynb?teacher=%s&teacher=wrong (127.0.0.1) 1.10ms", key)
        log.warning("302 GET /voila/render/class.ipynb%%3Fteacher%%3D%s (127.0.0.1) 0.90ms", key)
        log.info("200 GET /voila/render/ohanami.ipynb (127.0.0.1) 80.00ms")
    finally:
        log.filters.clear()
    assert not any(key in m for m in caplog.messages), caplog.messages
    assert caplog.messages == ["403 GET /voila/render/class.ipynb?teacher=… (127.0.0.1) 1.60ms",
                               "403 GET /voila/render/class.ipynb?Teacher=… (127.0.0.1) 1.10ms",
                               "403 GET /voila/render/class.ipynb?teacher=…&teacher=… (127.0.0.1) 1.10ms",
                               "302 GET /voila/render/class.ipynb%3Fteacher%3D… (127.0.0.1) 0.90ms",
                               "200 GET /voila/render/ohanami.ipynb (127.0.0.1) 80.00ms"]
