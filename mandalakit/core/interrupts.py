"""Ctrl-C and ``kill`` stop a command at once, whatever it is doing, and leave nothing behind
(issue 19).

The ``mandalakit`` command calls :func:`install` first thing (:mod:`mandalakit.console`), before
it loads numpy or the engines. From then on SIGINT and SIGTERM (a SIGINT that the parent told
the command to ignore, as ``command &`` and ``nohup`` do, included) run one handler that

1. kills the command's worker processes: every live child started by :mod:`multiprocessing`
   (the local workers, Dask's) and every process given to :func:`child`;
2. removes the temporary files of :func:`temporary_file` (an output being written);
3. prints one line on stderr (:func:`set_message`) and leaves at once with status 128 + the
   signal's number: 130 for SIGINT, 143 for SIGTERM.

Nothing is raised. An exception raised by a signal handler surfaces wherever the main
thread happens to be (a logging hook that swallows it, the import of numpy, a ``finally``
that waits for workers), so the handler does the whole stop itself and ends with
``os._exit``. A short stretch that must not be cut in two (a temporary file created but not
yet registered, a file renamed but not yet forgotten) runs under :func:`deferred`: a signal
arriving there is handled when the stretch ends.

Workers call :func:`worker_init` first: they ignore SIGINT (the command stops them), die by
SIGTERM's default, and die with the command even if it is killed with SIGKILL (Linux's
parent-death signal), so no worker outlives it.

Library calls (``simulate()`` in a notebook) install nothing: Ctrl-C there raises
``KeyboardInterrupt`` as usual.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_owner: int | None = None  # the pid of the process that installed the handlers
_message = b"mandalakit: interrupted; nothing was written\n"
_files: set[str] = set()
_children: set[int] = set()
_deferring = 0
_pending: int | None = None


def install() -> None:
    """Make SIGINT and SIGTERM stop this process as the module's docstring says."""
    global _owner
    _owner = os.getpid()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _handle)
    # The helper process multiprocessing starts for spawned workers (Dask's) outlives a stop
    # for a moment, removes the semaphores they held and warns of each as a leak, on our
    # stderr. Those are expected here: the warning options of this interpreter are passed
    # on to that helper, which then removes them without a word.
    sys.warnoptions.append("ignore::UserWarning:multiprocessing.resource_tracker")


def set_message(text: str) -> None:
    """The line printed on stderr when a signal stops the command (without its newline)."""
    global _message
    _message = (text + "\n").encode(errors="replace")


def _handle(signum: int, frame) -> None:
    global _pending
    if os.getpid() != _owner:  # a worker forked before its own handlers were set: leave quietly
        os._exit(128 + signum)
    if _deferring:
        _pending = signum
        return
    _stop(signum)


def _stop(signum: int) -> None:
    """Kill the workers, remove the temporary files, print the line, leave (see the module)."""
    for pid in _worker_pids():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # already gone
            pass
    for path in list(_files):
        try:
            os.unlink(path)
        except OSError:
            pass
    try:
        os.write(2, (b"\n" if os.isatty(2) or bar_showing() else b"") + _message)  # after a progress bar's line
    except OSError:
        pass
    os._exit(128 + signum)


def bar_showing() -> bool:
    """True while a tqdm progress bar is open (not disabled): its line on stderr has no end yet,
    so a message must start on a new line, in a terminal or in a file alike."""
    bars = getattr(getattr(sys.modules.get("tqdm"), "tqdm", None), "_instances", None)
    if bars is None:  # tqdm not imported, or still being imported when the signal came: no bar yet
        return False
    try:
        return any(not getattr(bar, "disable", True) for bar in list(bars))
    except Exception:  # the set was being changed when the signal came
        return True


def _worker_pids() -> set[int]:
    pids = set(_children)
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None:
        try:
            pids.update(p.pid for p in multiprocessing.active_children() if p.pid)
        except Exception:  # the list was being changed when the signal came: kill those we know
            pass
    return pids


@contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM while the block runs; one that came is handled at its end."""
    global _deferring, _pending
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _pending is not None:
            signum, _pending = _pending, None
            _stop(signum)


@contextmanager
def temporary_file(target: Path) -> Iterator[str]:
    """A new empty file beside ``target`` (in its folder) with a short hidden name
    (``.mandalakit-XXXXXXXX.tmp``), removed when the block ends, by an exception or by a signal
    that stops the command. Pass it to :func:`commit` to keep it as ``target``.

    Its name does not grow with the name of ``target``, so any name the file system takes can
    be written. Raises ``OSError`` naming ``target`` if the folder takes no new file.
    """
    import tempfile  # here: the command installs this module's handlers before loading anything else

    folder = os.path.dirname(os.fspath(target)) or "."
    with deferred():
        try:
            fd, path = tempfile.mkstemp(prefix=".mandalakit-", suffix=".tmp", dir=folder)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, os.fspath(target)) from None
        _files.add(path)
    try:
        os.close(fd)
        yield path
    finally:
        with deferred():
            _files.discard(path)
            try:
                os.unlink(path)
            except FileNotFoundError:  # renamed to the target
                pass


def commit(path: str, target: Path) -> None:
    """Rename the temporary file ``path`` to ``target`` (atomic on one file system); from then
    on a signal no longer removes it."""
    with deferred():
        os.replace(path, target)
        _files.discard(path)


@contextmanager
def child(pid: int) -> Iterator[None]:
    """Kill the process ``pid`` (a child of this one) too if a signal stops the command."""
    _children.add(pid)
    try:
        yield
    finally:
        _children.discard(pid)


def deaf_to_ctrl_c(function, *args):
    """``function(*args)`` run in a thread of its own that holds SIGINT blocked, so every
    thread and process it starts (Dask's event loop, Dask's worker processes: a blocked signal
    stays blocked across ``exec``) never sees a terminal's Ctrl-C, which reaches every process
    of the command's group: the command alone handles it, and stops them. The calling thread
    stays free to handle signals while it waits. Returns what ``function`` returns, or raises
    what it raises."""
    import threading

    outcome: dict = {}

    def run():
        try:
            outcome["value"] = function(*args)
        except BaseException as exc:  # handed to the calling thread
            outcome["error"] = exc

    thread = threading.Thread(target=run, name="mandalakit-start", daemon=True)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        thread.start()  # a new thread starts with the mask of the one that starts it
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


#: Linux's ``prctl(PR_SET_PDEATHSIG, ...)`` option number.
_PR_SET_PDEATHSIG = 1


#: Seconds the command's main thread waits for a worker's result before it looks again
#: (:func:`patiently`).
POLL_SECONDS = 0.25


def patiently(wait):
    """What ``wait(timeout=POLL_SECONDS)`` returns (a pool result's ``get``, an ``imap``
    iterator's ``next``, a future's ``result``), asked again until it comes.

    A signal sent to the whole process group (``timeout``, ``kill -TERM -PGID``) may be taken
    by one of the pool's helper threads; Python runs the handler only when the main thread next
    runs Python code, which a wait without a time limit never does, while the worker killed by
    the same signal took its task with it: the command would wait for ever. Waiting in short
    slices lets the handler run within :data:`POLL_SECONDS`. Raises what ``wait`` raises
    (``StopIteration`` at the end of an iterator, a worker's exception).
    """
    from multiprocessing import TimeoutError as PoolTimeout

    while True:
        try:
            return wait(timeout=POLL_SECONDS)
        except (TimeoutError, PoolTimeout):
            continue


def worker_init(parent: int) -> None:
    """The first thing a worker process does (``initializer=worker_init, initargs=(os.getpid(),)``):
    Ctrl-C is left to the command ``parent``, which stops its workers itself; SIGTERM kills;
    and the worker dies with ``parent`` however that ends (on Linux; elsewhere the command's
    handler kills it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the command had already ended before the line above
        os._exit(1)
