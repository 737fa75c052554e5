"""The dashboards' plain settings for Jupyter Server with the Voila extension (Binder, ``make lab``).

Jupyter Server reads configuration only from its configuration path, never from the folder it
is started in, and Voila's extension takes only Voila's own options from the root's
``voila.json``: kernel culling and the executor's time-outs stayed at their defaults. This file
is found through ``JUPYTER_CONFIG_PATH`` (``binder/start``) and applies the whole ``voila.json``,
so every layout runs with the same settings (Voila's code hooks: ``voila.py`` next to this file),
and names the identity provider that gives a Voila page the ``_xsrf`` cookie of its shutdown
request and the kernel manager that binds a page's kernel to its browser
(``mandalakit.widgets.server.identity``, ``mandalakit.widgets.server.page_owner``; ``voila.py`` and ``voila.json``
name them for Voila alone). Run as root (a container), it lets Jupyter Server start (``allow_root``).
"""

import json
import os
from pathlib import Path

from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[2]

c = get_config()  # noqa: F821 - provided by traitlets when it runs a configuration file
c.merge(Config(json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))))
c.ServerApp.identity_provider_class = "mandalakit.widgets.server.identity.DashboardIdentityProvider"
# Voila's pages take their kernels from Jupyter Server's manager here: it binds each to its page's
# browser (mandalakit.widgets.server.page_owner); JupyterLab's own kernels stay the token's.
c.ServerApp.kernel_manager_class = "mandalakit.widgets.server.kernel_manager.DashboardKernelManager"
# Run as root (a container, as Binder's own or Docker's): Jupyter Server refuses to start without
# --allow-root, and `make lab` or `binder/start jupyter lab` stopped with "Running as root is not
# recommended". Only the root user gets the setting.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    c.ServerApp.allow_root = True
