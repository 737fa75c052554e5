"""mandalakit.core.interrupts on its own: a signal stops the process at once with one line and
removes the temporary output, but never cuts a deferred stretch in two (issue 19). Each case
runs in a fresh interpreter that signals itself at a chosen line."""

import contextlib
import os
import signal
import subprocess
import sys
import textwrap

import _processes
import pytest

PRELUDE = """
import os, signal, sys
from pathlib import Path
from mandalakit.core import interrupts
interrupts.install()
interrupts.set_message("stopped")
target = Path(sys.argv[1]) / "table.csv"
"""


def run(code: str, folder) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(code), str(folder)], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_output_is_written_removes_it_and_exits_128_plus_its_number(tmp_path, signum):
    proc = run(f"""
        with interrupts.temporary_file(target) as tmp:
            Path(tmp).write_text("half a table")
            os.kill(os.getpid(), {int(signum)})
            print("went on")
        """, tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (128 + signum, "", "stopped\n")
    assert list(tmp_path.iterdir()) == []


def test_a_signal_in_a_deferred_stretch_stops_the_process_when_the_stretch_ends(tmp_path):
    proc = run("""
        with interrupts.temporary_file(target) as tmp:
            Path(tmp).write_text("a whole table")
            with interrupts.deferred():
                os.kill(os.getpid(), signal.SIGTERM)
                for _ in range(1000):  # bytecodes enough for the handler to have run if it were not deferred
                    pass
                interrupts.commit(tmp, target)
                print("renamed", flush=True)
        print("went on")
        """, tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (143, "renamed\n", "stopped\n")
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]  # whole: the rename was not cut in two
    assert (tmp_path / "table.csv").read_text() == "a whole table"


def test_a_sigint_the_parent_ignored_still_stops_the_process(tmp_path):
    proc = subprocess.run([sys.executable, "-c", PRELUDE + "os.kill(os.getpid(), signal.SIGINT)\nprint('went on')",
                           str(tmp_path)], capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "stopped\n")


def test_the_workers_of_a_stopped_process_are_killed(tmp_path):
    proc = run("""
        import multiprocessing, time
        worker = multiprocessing.Process(target=time.sleep, args=(600,))
        worker.start()
        print(worker.pid, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        """, tmp_path)
    pid = int(proc.stdout)
    try:
        assert (proc.returncode, proc.stderr) == (143, "stopped\n")
        # Killed: gone, or a zombie that init reaps; a busy machine takes a moment to end it.
        assert _processes.wait_until(lambda: _state(pid) in ("Z", None), 30), _state(pid)
    finally:  # reaped even if the test fails
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def _state(pid: int) -> str | None:
    """The state letter of process ``pid`` (R, S, Z, ...), None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return None
