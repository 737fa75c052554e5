"""The dashboards' kernel manager: it does not cull a preheated kernel before its page connects.

Voila's preheated kernels (``make demo``) wait in a pool, spared by culling; but a kernel's idle
clock runs from the moment it ran the notebook, so a kernel that waited more than the idle time
(300 s) was culled at the next check (every 30 s) after a visitor took it, if the page had not
connected yet: the pupil saw the text and no widget. :class:`DashboardKernelManager` starts a
kernel's idle clock when it first comes up for culling outside the pool.

It also binds each kernel started for a page, or taken from the pool for one, to the browser
that asked for the page (:mod:`mandalakit.widgets.page_owner`).

Kept apart from :mod:`mandalakit.widgets.kernel`, which every dashboard kernel runs: this module
imports Jupyter Server, which a kernel has no use for (about 25 MB of memory each).
"""

from __future__ import annotations

import functools
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from .page_owner import bind

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
        #: Kernel id -> secret of the browser whose page it serves (:mod:`.page_owner`).
        self.page_owners: dict[str, str] = {}

    def __init_subclass__(cls, **kwargs):
        """Voila's pool (a subclass made by ``voila_kernel_manager_factory``) hands a preheated
        kernel to a page in ``get_rendered_notebook``: the kernel it returns is bound to the page."""
        super().__init_subclass__(**kwargs)
        handed_out = cls.__dict__.get("get_rendered_notebook")
        if handed_out is not None:
            @functools.wraps(handed_out)
            async def get_rendered_notebook(self, *args, **kw):
                render_task, rendered, kernel_id = await handed_out(self, *args, **kw)
                bind(self.page_owners, kernel_id)
                return render_task, rendered, kernel_id

            cls.get_rendered_notebook = get_rendered_notebook

    async def start_kernel(self, *args, **kwargs) -> str:
        """Start a kernel as Jupyter Server does; one started for a page being served is bound to it."""
        kernel_id = await super().start_kernel(*args, **kwargs)
        bind(self.page_owners, kernel_id)
        return kernel_id

    async def cull_kernels(self):
        """Forget stopped kernels, then cull as Jupyter Server does."""
        alive = set(self.list_kernel_ids())
        self._clock_started &= alive
        for kernel_id in set(self.page_owners) - alive:
            del self.page_owners[kernel_id]
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
