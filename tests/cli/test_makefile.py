"""`make demo` checks its port first: a taken port gets one sentence and a non-zero exit, and
nothing is installed or served."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make(*args: str) -> subprocess.CompletedProcess:
    # Without the caller's make flags: `make -j test` must not run demo's prerequisites in parallel.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", "-s", "--no-print-directory", *args, f"PYTHON={sys.executable}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_demo_on_a_taken_port_says_so_and_starts_nothing():
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        proc = make("demo", f"PORT={port}", "HOST=127.0.0.1")
    assert proc.returncode != 0
    assert proc.stdout == ""  # neither the address lines nor Voila
    assert proc.stderr.splitlines()[0] == f"Port {port} is taken: stop the other server or use make demo PORT=9000"


def test_a_port_taken_on_one_address_is_taken_for_all_addresses():
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        proc = make("port-free", f"PORT={port}", "HOST=0.0.0.0")
    assert proc.returncode != 0 and proc.stderr.startswith(f"Port {port} is taken")


def test_a_free_port_passes_silently():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    proc = make("port-free", f"PORT={port}", "HOST=127.0.0.1")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


@pytest.mark.parametrize("port", ["abc", "0", "70000", "９０００"])
def test_a_port_that_is_no_port_number_is_refused(port):
    proc = make("port-free", f"PORT={port}")
    assert proc.returncode != 0
    assert proc.stderr.startswith(f"PORT must be a number from 1 to 65535, not {port!r}: use make demo PORT=9000")


@pytest.mark.parametrize(("values", "sentence"), [
    (("LESSON=nope",), "LESSON=nope is no page of notebooks/; the pages are: analysis, flowers, fr/analysis"),
    (("LESSON=../README",), "LESSON=../README is no page of notebooks/"),
    (("LESSON=ohanami", "PUPILS=2.5"), "PUPILS=2.5: give a number of pupils from 1 to 60"),
    (("LESSON=ohanami", "PUPILS=61"), "PUPILS=61: give a number of pupils from 1 to 60"),
    (("PUPILS=3",), "PUPILS=3 needs a lesson: make demo LESSON=ohanami PUPILS=3"),
])
def test_demo_refuses_a_bad_class_before_printing_anything(values, sentence):
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]  # free once the with ends: the port check passes
    proc = make("demo", *values, f"PORT={port}", "HOST=127.0.0.1")
    assert proc.returncode != 0
    assert proc.stdout == ""  # neither the address lines nor Voila's command line
    assert proc.stderr.splitlines()[0].startswith(sentence)
