"""The kernel of a dashboard page: ipykernel without its debugger, and the kernel manager that
does not cull a preheated kernel before its page connects.

ipykernel imports debugpy as every kernel starts (about 0.2 s of CPU and 7 MB of memory per
kernel on the 2-core machine), for a debugger that no Voila page can use. ``make demo`` serves
a class with one kernel per pupil, so ``voila.json`` names :class:`DashboardKernelSpecManager`,
which starts Python kernels through this module: ``python -m mandalakit.widgets.kernel -f
<connection file>``, where ipykernel finds no debugpy and runs without a debugger. Everything
else is ipykernel's own kernel. Jupyter Server (Binder, ``make lab``) keeps its usual kernels,
with the debugger a teacher may use in JupyterLab.

Voila's preheated kernels (``make demo``) wait in a pool, spared by culling; but a kernel's idle
clock runs from the moment it ran the notebook, so a kernel that waited more than the idle time
(300 s) was culled at the next check (every 30 s) after a visitor took it, if the page had not
connected yet: the pupil saw the text and no widget. :class:`DashboardKernelManager` starts a
kernel's idle clock when it first comes up for culling outside the pool.
"""

from __future__ import annotations

import sys
from pathlib import Path

from datetime import datetime, timezone

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["DashboardKernelManager", "DashboardKernelSpecManager"]

_IPYKERNEL = ["-m", "ipykernel_launcher"]


class DashboardKernelSpecManager(KernelSpecManager):
    """Kernel specs as Jupyter finds them, except that ipykernel's launcher is this module's."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        """The spec of ``kernel_name``; an ipykernel spec (``python -m ipykernel_launcher ...``)
        starts ``python -m mandalakit.widgets.kernel ...`` instead, without a debugger.

        Raises
        ------
        jupyter_client.kernelspec.NoSuchKernel
            If no kernel of that name is installed.
        """
        spec = super().get_kernel_spec(kernel_name)
        if spec.argv[1:3] == _IPYKERNEL:
            spec.argv = [spec.argv[0], "-m", __spec__.name, *spec.argv[3:]]
            spec.metadata = {**spec.metadata, "debugger": False}
        return spec


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
        """Cull ``kernel_id`` if idle; the first time it is considered, start its idle clock instead."""
        if kernel_id not in self._clock_started:
            self._clock_started.add(kernel_id)
            self._kernels[kernel_id].last_activity = datetime.now(timezone.utc)
            return None
        return await super().cull_kernel_if_idle(kernel_id)


def main() -> None:
    """Run ipykernel as ``python -m ipykernel_launcher`` does, with debugpy unimportable."""
    # As ipykernel_launcher: the kernel's folder leaves sys.path while ipykernel loads (its
    # shell puts it back for the notebook's code).
    if sys.path[0] == "" or Path(sys.path[0]) == Path.cwd():
        del sys.path[0]
    sys.modules["debugpy"] = None  # `import debugpy` raises ImportError: ipykernel runs without a debugger
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
