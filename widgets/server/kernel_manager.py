"""The dashboards' kernel manager: it does not cull a preheated kernel before its page connects.

Voila's preheated kernels (``make demo``) wait in a pool, spared by culling; but a kernel's idle
clock runs from the moment it ran the notebook, so a kernel that waited more than the idle time
(300 s) was culled at the next check (every 30 s) after a visitor took it, if the page had not
connected yet: the pupil saw the text and no widget. :class:`DashboardKernelManager` starts a
kernel's idle clock when it first comes up for culling outside the pool.

It also binds each kernel started for a page, or taken from the pool for one, to the browser
that asked for the page (:mod:`mandalakit.widgets.server.page_owner`), and refills a class's pool
(``make demo LESSON=... PUPILS=30``) :data:`CLASS_REFILL_SECONDS` after a pupil takes a kernel
rather than Voila's one second: while the class arrives, 30 replacements running the lesson took
most of the joining CPU from the pupils' own pages (``make bench-class``, N=30: per pupil 0.5 s
of the server's and 0.9 s of the kernels' CPU while joining with them, 0.28 s and 0.19 s without).
A page's pool of one kernel is refilled as Voila does. The log says a pool is filled once its
kernels have run the page, not when they have started.

Kept apart from :mod:`mandalakit.widgets.server.kernel`, which every dashboard kernel runs: this module
imports Jupyter Server, which a kernel has no use for (about 25 MB of memory each).
"""

from __future__ import annotations

import asyncio
import functools
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from mandalakit.widgets.server.page_owner import Owner, bind, class_page_for_teacher

__all__ = ["CLASS_REFILL_SECONDS", "DashboardKernelManager"]

#: How long a class's pool (more than one kernel for a page) waits before starting the replacement
#: of a kernel a pupil took: about as long as a class takes to join (57 s for 30 light clients with
#: the replacements out of the way, on the shared 2-core machine at load 16). A pupil
#: who reloads the page meanwhile, with the pool empty, waits for that replacement (up to this
#: long, and its start): ``PUPILS`` a few above the class's size keeps kernels for them.
CLASS_REFILL_SECONDS = 60.0


class DashboardKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, whose idle clock (``cull_idle_timeout``) starts for a
    kernel the first time culling considers it.

    Voila's pool (``voila_kernel_manager``) subclasses this class and keeps its pooled kernels
    from reaching :meth:`cull_kernel_if_idle`; a kernel reaches it once a visitor has it (or at
    once, without a pool). From then on it is culled as before: idle, with no page connected,
    for ``cull_idle_timeout`` seconds.
    """

    #: Whether a running kernel that no page was given answers no request (True under Voila alone).
    deny_unbound = False

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._clock_started: set[str] = set()
        #: Kernel id -> the browser whose page it serves (:mod:`.page_owner`).
        self.page_owners: dict[str, Owner] = {}

    def __init_subclass__(cls, **kwargs):
        """Voila's pool (a subclass made by ``voila_kernel_manager_factory``) hands a preheated
        kernel to a page in ``get_rendered_notebook``: the kernel it returns is bound to the page.
        Its ``fill_if_needed`` refills a class's pool after :data:`CLASS_REFILL_SECONDS`.

        Voila alone makes such a subclass whether kernels are preheated or not, and there every
        kernel is a page's: a running kernel no page was given answers no request
        (``deny_unbound``, :func:`~.page_owner.check_owner`)."""
        super().__init_subclass__(**kwargs)
        cls.deny_unbound = True
        handed_out = cls.__dict__.get("get_rendered_notebook")
        if handed_out is not None:
            @functools.wraps(handed_out)
            async def get_rendered_notebook(self, *args, **kw):
                class_page_for_teacher(kw.get("notebook_name") or (args[0] if args else ""))
                render_task, rendered, kernel_id = await handed_out(self, *args, **kw)
                bind(self.page_owners, kernel_id)
                return render_task, rendered, kernel_id

            cls.get_rendered_notebook = get_rendered_notebook
        refill = cls.__dict__.get("fill_if_needed")
        if refill is not None:
            @functools.wraps(refill)
            def fill_if_needed(self, delay=None, notebook_name=None, *args, **kw):
                size = self.kernel_pools_config.get(notebook_name, {}).get("pool_size", 1)
                if delay is None and size > 1:  # a replacement in a class's pool (the first fill has delay 0)
                    delay = CLASS_REFILL_SECONDS
                added = refill(self, delay, notebook_name, *args, **kw)
                pool = tuple(getattr(self, "_pools", {}).get(notebook_name, ()))
                if pool and not all(task.done() for task in pool):
                    asyncio.get_event_loop().create_task(self._say_filled(notebook_name, pool))
                return added

            cls.fill_if_needed = fill_if_needed

    async def _say_filled(self, notebook_name: str, pool: tuple) -> None:
        """Log "Kernel pool of <page> is filled with <n> kernel(s)" once every kernel of ``pool``
        (Voila's tasks, each giving a kernel and the task running the page in it) has run the
        page, as a teacher reads it: Voila's own line (:data:`~.server_log.EARLY_FILL`, left out of
        the log) came when the kernels had started, 25-35 s before a class's pages were ready."""
        started = await asyncio.gather(*pool, return_exceptions=True)
        renders = [item["task"] for item in started if isinstance(item, dict) and "task" in item]
        if renders:
            await asyncio.wait(renders)
        if len(renders) == len(pool):
            self.log.info("Kernel pool of %s is filled with %s kernel(s)", notebook_name, len(pool))

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
