"""The kernels of the dashboard pages: ipykernel without its debugger, over Unix sockets.

ipykernel imports debugpy as every kernel starts (about 0.2 s of CPU and 7 MB of memory per
kernel on the 2-core machine), for a debugger that no Voila page can use. ``make demo`` serves
a class with one kernel per pupil, so ``voila.json`` names :class:`DashboardKernelSpecManager`,
which starts Python kernels through this module: ``python -m mandalakit.widgets.server.kernel -f
<connection file>``, where ipykernel finds no debugpy and runs without a debugger. Everything
else is ipykernel's own kernel. Jupyter Server (Binder, ``make lab``) keeps its usual kernels,
with the debugger a teacher may use in JupyterLab.

``make demo``'s kernels talk to Voila over Unix sockets (``binder/jupyter-config/voila.py``), not
TCP ports: Jupyter picks a free TCP port for each of a kernel's five channels and the kernel
binds it a moment later; if something else takes one of those ports in between, the kernel
fails to start and its page waits (a rare race that Jupyter documents, jupyter_client issue
487, more likely when a class's 46 kernels start at once). A socket is a file beside the
kernel's connection file, in a folder :func:`connection_root` keeps short enough for one. Jupyter
also warns of every kernel over TCP that it runs without encryption; over sockets it does not.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

__all__ = ["DashboardKernelSpecManager", "connection_root"]

_IPYKERNEL = ["-m", "ipykernel_launcher"]
#: The kernel's option that turns IPython's history database (an SQLite file in the user's folder) off.
NO_HISTORY = "--HistoryManager.enabled=False"


class DashboardKernelSpecManager(KernelSpecManager):
    """Kernel specs as Jupyter finds them, except that ipykernel's launcher is this module's."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        """The spec of ``kernel_name``; an ipykernel spec (``python -m ipykernel_launcher ...``)
        starts ``python -m mandalakit.widgets.server.kernel ...`` instead, without a debugger.

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


#: The longest path of a Unix socket, in bytes: 104 on macOS and the BSDs (108 on Linux).
SOCKET_PATH_MAX = 104
#: What Voila and Jupyter add to the root for a kernel's last socket: Voila's folder
#: (``tempfile.mkdtemp(prefix="voila_")``), then ``kernel-<kernel id, 36 characters>-ipc-5``.
SOCKET_SUFFIX = len("/voila_12345678/kernel-") + 36 + len("-ipc-5")


def connection_root(temp: str | None = None) -> str:
    """The folder in which Voila makes its folder of connection files and kernel sockets
    (``Voila.connection_dir_root``).

    Parameters
    ----------
    temp : str, optional
        The system's folder for temporary files; by default :func:`tempfile.gettempdir`.

    Returns
    -------
    str
        ``temp`` if a kernel's socket path under it fits in :data:`SOCKET_PATH_MAX` bytes, else
        ``/tmp`` (macOS's per-user temporary folder, ``/var/folders/xx/.../T``, is too long by
        about 10 bytes; a longer path makes every kernel fail to start).
    """
    temp = temp if temp is not None else tempfile.gettempdir()
    return temp if len(os.fsencode(temp)) + SOCKET_SUFFIX < SOCKET_PATH_MAX else "/tmp"


def main() -> None:
    """Run ipykernel as ``python -m ipykernel_launcher`` does, with debugpy unimportable and no
    history database (:data:`NO_HISTORY`)."""
    # As ipykernel_launcher: the kernel's folder leaves sys.path while ipykernel loads (its
    # shell puts it back for the notebook's code).
    if sys.path[0] == "" or Path(sys.path[0]) == Path.cwd():
        del sys.path[0]
    sys.modules["debugpy"] = None  # `import debugpy` raises ImportError: ipykernel runs without a debugger
    # No history database: a page has no history to keep, and a class's kernels starting together
    # made IPython's history thread print "database is locked" on a pupil's page.
    sys.argv[1:1] = [NO_HISTORY]
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
