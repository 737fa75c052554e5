"""Shared by the interrupt tests (tests/cli/test_cli.py, tests/cli/test_interrupts.py) and their long
run (tests/interrupts_bench.py): the ``mandalakit`` command started in a process group of its
own, watched through Linux's /proc, signalled at a chosen moment, and always reaped with its
whole group.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

EXE = Path(sys.executable).with_name("mandalakit")


@contextlib.contextmanager
def command(argv: Sequence[str], *, ignore_sigint: bool = False, nice: int = 0) -> Iterator[subprocess.Popen]:
    """``mandalakit *argv`` in a new session (its own process group), stdout and stderr piped;
    ``ignore_sigint`` starts it with SIGINT ignored, as ``command &`` and ``nohup`` do, and
    ``nice`` lowers its priority (so a signal is more likely to land in the middle of
    something on a busy machine). Whatever happens in the block, every process of the group
    still alive at its end is killed (SIGKILL) and the command is waited for."""
    def child_setup():
        if ignore_sigint:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        if nice:
            os.nice(nice)

    proc = subprocess.Popen([str(EXE), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=child_setup)
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=30)


def group_members(pgid: int) -> list[int]:
    """Pids of the live (not zombie) processes of process group ``pgid``."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            pids.append(int(stat.parent.name))
    return pids


def children(pid: int) -> list[int]:
    """Pids of the live children of ``pid``, started by any of its threads (Dask starts its
    workers from a thread of its own)."""
    pids = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            pids += [int(p) for p in task.read_text().split()]
        except OSError:  # the thread or the process ended meanwhile
            pass
    return pids


def catches(pid: int, signum: int) -> bool:
    """Whether process ``pid`` has a handler of its own for ``signum`` (/proc's SigCgt)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except OSError:
        pass
    return False


def wait_until(condition: Callable[[], bool], seconds: float, proc: subprocess.Popen | None = None) -> bool:
    """Poll ``condition`` every 5 ms until it holds (True), ``seconds`` pass or ``proc`` ends (False)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        if proc is not None and proc.poll() is not None:
            return False
        time.sleep(0.005)
    return False


def leftovers(folder: Path) -> list[str]:
    """Names of the files in ``folder`` (an output, or a temporary file beside it)."""
    return sorted(p.name for p in folder.iterdir())


def temporary_output(folder: Path) -> Path | None:
    """The temporary file the command writes its output to (``.mandalakit-*.tmp``), if any."""
    return next(iter(folder.glob(".mandalakit-*.tmp")), None)


def assert_clean_stop(proc: subprocess.Popen, folder: Path, signum: int) -> None:
    """The command ``proc`` stopped cleanly by ``signum``: status 128 + signum, one line on
    stderr and nothing on stdout, no file left in ``folder`` (its output's), no process left
    in its group."""
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out) == (128 + signum, ""), err[-2000:]
    assert len(err.splitlines()) == 1 and "interrupted; nothing was written" in err, err[-2000:]
    assert leftovers(folder) == []
    assert wait_until(lambda: not group_members(proc.pid), 30), "a worker outlived the command"
