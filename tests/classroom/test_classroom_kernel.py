"""What a pupil's kernel does at start (issue 11): the lesson's cells import no module they do
not use, and ``make demo`` starts kernels without ipykernel's debugger, over Unix sockets whose
paths fit."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from _browser import need

need("jupyter_server", reason="the dashboard extra is not installed: pip install '.[dashboard]'")

from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel  # noqa: E402
from jupyter_client.manager import KernelManager  # noqa: E402

from mandalakit.widgets.server.kernel import SOCKET_PATH_MAX, DashboardKernelSpecManager, connection_root  # noqa: E402
from mandalakit.widgets.server.kernel_manager import DashboardKernelManager  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "ohanami.ipynb"  # the lesson with charts, the heaviest page

# Runs the lesson's code cells in order, as Voila's executor does, then names the modules of
# `avoided` that they imported.
RUN_LESSON = """
import json, sys
cells = [''.join(c['source']) for c in json.load(open(sys.argv[1]))['cells'] if c['cell_type'] == 'code']
namespace = {}
for code in cells:
    exec(compile(code, 'cell', 'exec'), namespace)
avoided = ('plotly', 'narwhals', 'debugpy', 'mandalakit.widgets.play.game_view')
print(json.dumps(sorted(m for m in sys.modules if m.startswith(avoided))))
"""


def test_the_lesson_imports_neither_plotly_nor_the_play_view():
    # plotly.graph_objects cost each kernel 0.17 s of CPU and 16 MB (the charts are dicts now);
    # the play view is for the play dashboards.
    run = subprocess.run([sys.executable, "-c", RUN_LESSON, str(LESSON)], cwd=LESSON.parent, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) == []


def test_GameView_is_still_imported_from_the_package():
    from mandalakit.widgets import GameView
    from mandalakit.widgets.play.game_view import GameView as defined

    assert GameView is defined
    with pytest.raises(ImportError, match="cannot import name 'Nothing'"):
        from mandalakit.widgets import Nothing  # noqa: F401


def test_voila_starts_python_kernels_without_the_debugger():
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["kernel_spec_manager_class"] == \
        f"{DashboardKernelSpecManager.__module__}.{DashboardKernelSpecManager.__name__}"
    usual = KernelSpecManager().get_kernel_spec("python3")
    spec = DashboardKernelSpecManager().get_kernel_spec("python3")
    assert usual.argv[1:3] == ["-m", "ipykernel_launcher"]
    assert spec.argv == [usual.argv[0], "-m", "mandalakit.widgets.server.kernel", *usual.argv[3:]]
    assert spec.metadata["debugger"] is False and spec.language == "python"
    with pytest.raises(NoSuchKernel):
        DashboardKernelSpecManager().get_kernel_spec("no-such-kernel")


def test_kernel_sockets_go_where_their_paths_fit():
    linux = "/tmp"
    macos = "/var/folders/s3/1mjw0y192zg3450tkkn1yfnm0000gn/T"  # macOS's per-user temporary folder
    assert connection_root(linux) == linux
    assert connection_root(macos) == "/tmp"  # 49 + 64 bytes: past macOS's 104
    # The longest socket path a kept folder gives: .../voila_XXXXXXXX/kernel-<id>-ipc-5
    longest = max(("/" + "x" * n for n in range(1, 80)), key=lambda t: len(t) if connection_root(t) == t else 0)
    socket = f"{longest}/voila_abcdefgh/kernel-{'0' * 8}-{'0' * 4}-{'0' * 4}-{'0' * 4}-{'0' * 12}-ipc-5"
    assert len(socket) < SOCKET_PATH_MAX and len(socket) + 1 == SOCKET_PATH_MAX  # kept up to the last byte
    assert connection_root("/" + "x" * len(longest)) == "/tmp"


def _in_kernel(spec_manager, code: str):
    """What ``code`` prints as JSON in a kernel started through ``spec_manager``."""
    km = KernelManager(kernel_name="python3", kernel_spec_manager=spec_manager)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        outputs = []
        reply = kc.execute_interactive(code, timeout=120,
                                       output_hook=lambda m: outputs.append(m["content"].get("text", "")))
        assert reply["content"]["status"] == "ok"
        return json.loads("".join(outputs))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_dashboard_kernel_is_ipykernel_without_debugpy():
    code = ("import sys, os, json; print(json.dumps([type(sys.modules.get('debugpy')).__name__, sys.path, os.getcwd(),"
            " type(get_ipython().kernel).__name__]))")
    usual = _in_kernel(KernelSpecManager(), code)
    dashboard = _in_kernel(DashboardKernelSpecManager(), code)
    assert usual[0] == "module" and dashboard[0] == "NoneType"  # blocked: ipykernel made no debugger
    assert dashboard[1:] == usual[1:]  # the same sys.path, folder and kernel class


def test_the_kernel_launcher_loads_no_jupyter_server():
    # Every pupil's kernel runs this module: Jupyter Server there cost about 25 MB per kernel.
    run = subprocess.run([sys.executable, "-c", "import sys, mandalakit.widgets.server.kernel; "
                          "print([m for m in sys.modules if m.startswith('jupyter_server')])"],
                         capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "[]", run.stderr[-500:]


def test_culling_passes_over_a_kernel_stopped_while_it_checks():
    # Culling awaits each kernel in turn; a tab closed meanwhile stops its kernel, and the check
    # of that kernel used to log a KeyError traceback (30 of them when a class closed its tabs).
    assert asyncio.run(DashboardKernelManager().cull_kernel_if_idle("0b1e0000-gone")) is None



def test_a_class_pool_is_refilled_after_the_class_has_joined_a_page_pool_at_once():
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from mandalakit.widgets.server.kernel_manager import CLASS_REFILL_SECONDS

    voila_pool = voila_kernel_manager_factory(DashboardKernelManager, True, 1)
    assert voila_pool.fill_if_needed.__wrapped__.__qualname__.endswith("VoilaKernelManager.fill_if_needed")

    class Pool(DashboardKernelManager):  # the same wrapping, around a fill that records its delay
        kernel_pools_config = {"default": {"pool_size": 1}, "ohanami.ipynb": {"pool_size": 30}}
        delays: list = []

        def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
            self.delays.append((notebook_name, delay))

    pool = Pool.__new__(Pool)
    pool.fill_if_needed(delay=0, notebook_name="ohanami.ipynb")  # the first fill, at the server's start
    pool.fill_if_needed(delay=None, notebook_name="ohanami.ipynb")  # a pupil took a kernel of the class
    pool.fill_if_needed(delay=None, notebook_name="play-mandala.ipynb")  # a visitor took a page's one kernel
    assert Pool.delays == [("ohanami.ipynb", 0), ("ohanami.ipynb", CLASS_REFILL_SECONDS),
                           ("play-mandala.ipynb", None)]
