"""The preheated kernels `make demo` keeps (mandalakit.widgets.server.pools): one per page, and a
lesson's worth for a class (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mandalakit.widgets.server.pools import class_line, kernel_pools, main, network_addresses, pupil_addresses

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("lesson", ["ohanami", "ohanami.ipynb"])
def test_a_lesson_gets_a_pool_of_its_pupils(lesson):
    assert kernel_pools(lesson, "30", NOTEBOOKS) == {"default": {"pool_size": 1}, "ohanami.ipynb": {"pool_size": 30}}


def test_a_french_lesson_and_the_default_of_30_pupils():
    assert kernel_pools("fr/mandala", "", NOTEBOOKS)["fr/mandala.ipynb"] == {"pool_size": 30}


def test_without_a_lesson_one_kernel_per_page():
    assert kernel_pools("", "", NOTEBOOKS) == {"default": {"pool_size": 1}}
    assert class_line(kernel_pools("", "", NOTEBOOKS)) == ""


@pytest.mark.parametrize(("lesson", "pupils"), [("../notebooks/../README", ""), ("ohanami", "٣"), ("ohanami", "0"),
                                                ("ohanami", "-3"), ("nope", "3")])
def test_bad_values_are_refused_in_one_sentence(lesson, pupils):
    with pytest.raises(SystemExit, match=r"^(LESSON|PUPILS)=.*(no page of notebooks/|from 1 to 60)"):
        kernel_pools(lesson, pupils, NOTEBOOKS)


def test_the_class_line_counts_kernels_in_words():
    assert class_line(kernel_pools("ohanami", "1", NOTEBOOKS)).startswith("a class: 1 kernel runs ohanami.ipynb ")
    assert class_line(kernel_pools("ohanami", "3", NOTEBOOKS)).startswith("a class: 3 kernels run ohanami.ipynb ")


def test_the_check_exits_2_with_the_sentence(monkeypatch, capsys):
    monkeypatch.setenv("MANDALAKIT_LESSON", "nope")
    monkeypatch.delenv("MANDALAKIT_PUPILS", raising=False)
    assert main([str(NOTEBOOKS)]) == 2
    assert capsys.readouterr().err.startswith("LESSON=nope is no page of notebooks/")


def test_pupils_are_given_this_machines_network_address_not_0_0_0_0(monkeypatch, capsys):
    from mandalakit.widgets.server import pools

    monkeypatch.setattr(pools, "network_addresses", lambda: ["192.168.1.23", "10.0.0.5"])
    assert pupil_addresses("http://0.0.0.0:8931") == ["http://192.168.1.23:8931", "http://10.0.0.5:8931"]
    assert pupil_addresses("http://127.0.0.1:8931") == ["http://127.0.0.1:8931"]
    monkeypatch.setattr(pools, "network_addresses", lambda: [])
    assert pupil_addresses("http://0.0.0.0:8931") == ["http://<this machine's address>:8931"]
    monkeypatch.setattr(pools, "network_addresses", lambda: ["192.168.1.23"])
    monkeypatch.setenv("MANDALAKIT_ADDRESS", "http://0.0.0.0:8931")
    monkeypatch.setenv("MANDALAKIT_LESSON", "ohanami")
    monkeypatch.setenv("MANDALAKIT_PUPILS", "3")
    monkeypatch.delenv("MANDALAKIT_CLASS", raising=False)
    assert main([str(NOTEBOOKS)]) == 0
    out = capsys.readouterr().out
    assert "mandalakit lessons and games: http://192.168.1.23:8931/voila/render/index.ipynb" in out
    assert "0.0.0.0" not in out


def test_the_machines_network_addresses_are_real_and_not_loopback():
    found = network_addresses()
    assert all(a.count(".") == 3 and not a.startswith("127.") for a in found), found


def test_the_pool_is_said_filled_only_once_its_kernels_have_run_the_page(caplog):
    """Voila's pool logs "is filled" as its kernels start; the dashboards' manager says it once the
    page has run in each (the tasks that run it are done)."""
    import asyncio
    import logging

    from mandalakit.widgets.server.kernel_manager import DashboardKernelManager

    async def scenario():
        loop = asyncio.get_running_loop()
        runs = [loop.create_future() for _ in range(3)]

        async def started(run):
            return {"kernel_id": "k", "task": run, "renderer": None}

        class Pool(DashboardKernelManager):  # as voila_kernel_manager_factory makes one
            kernel_pools_config = {"ohanami.ipynb": {"pool_size": 3}}

            def fill_if_needed(self, delay=None, notebook_name=None, **kw):
                self._pools = {notebook_name: [loop.create_task(started(r)) for r in runs]}

        pool = Pool()
        pool.log = logging.getLogger("pool-test")
        pool.fill_if_needed(delay=0, notebook_name="ohanami.ipynb")
        for run in runs[:2]:
            run.set_result(None)
            await asyncio.sleep(0.05)
        said_early = "is filled" in caplog.text
        runs[2].set_result(None)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if "is filled" in caplog.text:
                break
        return said_early

    with caplog.at_level(logging.INFO, logger="pool-test"):
        said_early = asyncio.run(scenario())
    assert not said_early
    assert "Kernel pool of ohanami.ipynb is filled with 3 kernel(s)" in caplog.text


def test_voilas_early_fill_line_is_left_out_and_others_kept(caplog):
    import logging

    from mandalakit.widgets.server.server_log import quiet_early_fill

    logger = logging.getLogger("voila-fill-test")
    quiet_early_fill("voila-fill-test")

    def task_counter():  # the name of Voila's function that logs the early line
        logger.info("Kernel pool of %s is filled with %s kernel(s)", "ohanami.ipynb", 3)

    with caplog.at_level(logging.INFO, logger="voila-fill-test"):
        task_counter()
        logger.info("Kernel pool of %s is filled with %s kernel(s)", "ohanami.ipynb", 3)
    assert caplog.text.count("is filled") == 1


def test_jupyter_server_is_allowed_to_run_as_root_only_as_root(monkeypatch):
    """make lab and binder/start read binder/jupyter-config/jupyter_server_config.py: as root (a
    container) Jupyter Server starts, instead of refusing without --allow-root."""
    import os

    from traitlets.config.loader import PyFileConfigLoader

    folder = NOTEBOOKS.parent / "binder" / "jupyter-config"
    for uid, allowed in ((0, True), (1000, None)):
        monkeypatch.setattr(os, "geteuid", lambda uid=uid: uid)
        config = PyFileConfigLoader("jupyter_server_config.py", path=str(folder)).load_config()
        assert config.ServerApp.get("allow_root") is allowed
