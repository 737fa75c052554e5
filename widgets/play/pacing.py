"""Bots' moves at a pace a pupil can follow: one step every ``delay`` seconds on the page's
event loop, or all at once where no loop runs (a script, a test)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["Pacer"]


class Pacer:
    """Runs ``step()`` (one bot move; returns True while another follows) at a pace.

    Parameters
    ----------
    step : callable
        One move; returns ``True`` if another move follows at once.
    delay : float
        Seconds between two moves; 0 (or no running event loop): every move at once.
    """

    def __init__(self, step: Callable[[], bool], delay: float):
        self.step = step
        self.delay = float(delay)
        self.task: asyncio.Task | None = None

    @property
    def immediate(self) -> bool:
        """True when :meth:`start` makes every move at once (no delay, or no running event loop)."""
        if self.delay <= 0:
            return True
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return True
        return False

    @property
    def waiting(self) -> bool:
        """True while a task waits to make the next move."""
        return self.task is not None and not self.task.done()

    def start(self) -> None:
        """Make the moves due: at once, or one every :attr:`delay` seconds in a task."""
        if self.immediate:
            while self.step():
                pass
            return
        self.cancel()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.delay)
            if not self.step():
                return

    def cancel(self) -> None:
        """Stop the waiting moves (never the task that calls it)."""
        task, self.task = self.task, None
        if task is not None and not task.done():
            try:
                current = asyncio.current_task()
            except RuntimeError:
                current = None
            if task is not current:
                task.cancel()
