"""The kernel of a dashboard page: ipykernel without its debugger.

ipykernel imports debugpy as every kernel starts (about 0.2 s of CPU and 7 MB of memory per
kernel on the 2-core machine), for a debugger that no Voila page can use. ``make demo`` serves
a class with one kernel per pupil, so ``voila.json`` names :class:`DashboardKernelSpecManager`,
which starts Python kernels through this module: ``python -m mandalakit.widgets.kernel -f
<connection file>``, where ipykernel finds no debugpy and runs without a debugger. Everything
else is ipykernel's own kernel, but for a warning of its start (:mod:`.server_log`). Jupyter Server (Binder, ``make lab``) keeps its usual kernels,
with the debugger a teacher may use in JupyterLab.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

from .server_log import UNENCRYPTED, quiet

__all__ = ["DashboardKernelSpecManager"]

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


def main() -> None:
    """Run ipykernel as ``python -m ipykernel_launcher`` does, with debugpy unimportable."""
    # As ipykernel_launcher: the kernel's folder leaves sys.path while ipykernel loads (its
    # shell puts it back for the notebook's code).
    if sys.path[0] == "" or Path(sys.path[0]) == Path.cwd():
        del sys.path[0]
    sys.modules["debugpy"] = None  # `import debugpy` raises ImportError: ipykernel runs without a debugger
    quiet("IPKernelApp", UNENCRYPTED)  # said once per kernel, 30 times for a class (server_log's docstring)
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
