"""The dashboards' settings for Jupyter Server with the Voilà extension (Binder, ``jupyter lab``).

Jupyter Server reads configuration only from its configuration path, never from the folder it
is started in, so the repository's ``voila.json`` and ``voila.py`` (what ``voila`` alone reads)
would not reach it: the kernels' culling and the executor's time-outs stayed at their defaults.
This file is found through ``JUPYTER_CONFIG_PATH=jupyter-config`` (``binder/start``, ``make lab``)
and applies those two files, so every layout runs with the same settings.
"""

import json
from pathlib import Path

from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]

c = get_config()  # noqa: F821 - provided by traitlets when it runs a configuration file
c.merge(Config(json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))))
load_subconfig("voila.py", path=str(ROOT))  # noqa: F821 - provided by traitlets, like get_config
