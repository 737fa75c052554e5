"""mandalakit.core.interrupts on its own: a signal stops the process at once with one line and
removes the temporary output, but never cuts a deferred stretch in two (issue 19). Each case
runs in a fresh interpreter that signals itself at a chosen line. Then the command's start: its
handlers come first, and a signal at any moment of its imports stops it cleanly."""

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import _processes
import numpy as np
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


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_taken_by_another_thread_still_stops_a_command_waiting_for_its_workers(tmp_path, signum):
    # A signal sent to the whole process group may be taken by one of the pool's threads: Python runs
    # its handler only once the main thread runs Python code again. Waiting without a time limit for
    # a result that never comes (its worker was killed by the same signal) would never do that.
    proc = run(f"""
        import threading
        from multiprocessing.pool import ThreadPool
        never = ThreadPool(1).apply_async(threading.Event().wait)  # a result that never comes
        other = threading.Thread(target=threading.Event().wait, daemon=True)
        other.start()
        threading.Timer(0.3, signal.pthread_kill, (other.ident, {int(signum)})).start()
        interrupts.patiently(never.get)
        print("went on")
    """, tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (128 + signum, "", "stopped\n")


def _state(pid: int) -> str | None:
    """The state letter of process ``pid`` (R, S, Z, ...), None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return None


# ----- the command's start (issue 19): its handlers come before numpy and the engines load ---------------
SIMULATE = ["simulate", "--game", "ohanami", "--players", "4", "--games", "2000000", "--jobs", "2", "--quiet"]
HEAVY = ("numpy", "pandas", "mandalakit.cli", "mandalakit.core.contract", "mandalakit.ohanami")


def test_the_command_installs_its_handlers_before_it_loads_numpy_or_the_engines():
    # The entry point as [project.scripts] names it, with install() recording what was loaded when it ran.
    code = f"""
import sys
from mandalakit.core import interrupts
real = interrupts.install
def install():
    print(sorted(m for m in {HEAVY!r} if m in sys.modules), flush=True)
    real()
interrupts.install = install
sys.argv = ["mandalakit", "--help"]
from mandalakit.console import command
sys.exit(command())
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("[]\n") and "simulate" in proc.stdout, proc.stderr


#: Seeded moments, in seconds after the command's handlers are in place: its imports (numpy, the
#: engines, the command line: 0.1-0.5 s under nice 10 on the loaded 2-core machine) and the start
#: of its workers. SIGINT and SIGTERM by turns; a SIGINT the parent ignored every other time.
EARLY = [(round(float(d), 3), [signal.SIGTERM, signal.SIGINT][i % 2], i % 4 == 1)
         for i, d in enumerate(np.random.default_rng(19).uniform(0, 0.5, 6))]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("delay, signum, ignored", EARLY)
def test_a_signal_at_a_random_moment_of_the_start_stops_the_command_cleanly(tmp_path, delay, signum, ignored):
    with _processes.command([*SIMULATE, "--out", str(tmp_path / "never.parquet")], ignore_sigint=ignored,
                            nice=10) as proc:
        assert _processes.wait_until(lambda: _processes.catches(proc.pid, signal.SIGTERM), 60, proc), \
            proc.communicate(timeout=60)[1][-2000:]
        ready = time.monotonic()
        _processes.wait_until(lambda: time.monotonic() - ready >= delay, delay + 1, proc)
        proc.send_signal(signum)
        _processes.assert_clean_stop(proc, tmp_path, signum)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.15])
def test_a_sigterm_before_the_handlers_leaves_nothing_either(tmp_path, delay):
    # Python's own start (the interpreter, `site`) comes before any line of the command: a SIGTERM there
    # meets the system's default, and the command dies without its line, but with nothing written or left.
    with _processes.command([*SIMULATE, "--out", str(tmp_path / "never.parquet")], nice=10) as proc:
        start = time.monotonic()
        _processes.wait_until(lambda: time.monotonic() - start >= delay, delay + 1, proc)
        handled = _processes.catches(proc.pid, signal.SIGTERM)
        proc.send_signal(signal.SIGTERM)
        if handled:
            _processes.assert_clean_stop(proc, tmp_path, signal.SIGTERM)
        else:  # killed by the default, or handled if the handlers came in the meantime
            out, err = proc.communicate(timeout=60)
            assert proc.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM) and out == "", err[-2000:]
            assert len(err.splitlines()) <= 1 and "Traceback" not in err, err[-2000:]
            assert _processes.leftovers(tmp_path) == []
            assert _processes.wait_until(lambda: not _processes.group_members(proc.pid), 30)


def test_a_progress_bar_is_showing_only_once_tqdm_has_one_open(monkeypatch):
    # A signal while tqdm is still being imported (its module in sys.modules, its class not yet
    # made) finds no bar: the stop's line comes alone, without a blank line before it.
    import types

    from mandalakit.core.interrupts import bar_showing

    half = types.ModuleType("tqdm")
    monkeypatch.setitem(sys.modules, "tqdm", half)
    assert bar_showing() is False
    half.tqdm = types.SimpleNamespace(_instances=[types.SimpleNamespace(disable=True)])  # a disabled bar
    assert bar_showing() is False
    half.tqdm._instances.append(types.SimpleNamespace(disable=False))
    assert bar_showing() is True
