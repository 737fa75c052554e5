"""The dashboards' kernel manager: it does not cull a preheated kernel before its page connects.

Voila's preheated kernels (``make demo``) wait in a pool, spared by culling; but a kernel's idle
clock runs from the moment it ran the notebook, so a kernel that waited more than the idle time
(300 s) was culled at the next check (every 30 s) after a visitor took it, if the page had not
connected yet: the pupil saw the text and no widget. :class:`DashboardKernelManager` starts a
kernel's idle clock when it first comes up for culling outside the pool.

Kept apart from :mod:`mandalakit.widgets.kernel`, which every dashboard kernel runs: this module
imports Jupyter Server, which a kernel has no use for (about 25 MB of memory each).
"""

from __future__ import annotations

from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["DashboardKernelManager"]


class DashboardKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, whose idle clock (``cull_idle_timeout``) starts for a
    kernel the first time culling considers it.

    Voila's pool (``voila_kernel_manager``) subclasses this class and keeps its pooled kernels
    from reaching :meth:`cull_kernel_if_idle`; a kernel reaches it once a visitor has it (or at
    once, without a pool). From then on it is culled as before: idle, with no page connected,
    for ``cull_idle_timeout`` seconds.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._clock_started: set[str] = set()

    async def cull_kernels(self):
        """Forget stopped kernels, then cull as Jupyter Server does."""
        self._clock_started &= set(self.list_kernel_ids())
        return await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str):
        """Cull ``kernel_id`` if idle; the first time it is considered, start its idle clock instead.
        A kernel stopped since the check began (its tab closed) is passed over."""
        if kernel_id not in self._kernels:
            return None
        if kernel_id not in self._clock_started:
            self._clock_started.add(kernel_id)
            self._kernels[kernel_id].last_activity = datetime.now(timezone.utc)
            return None
        return await super().cull_kernel_if_idle(kernel_id)
