"""Voila's settings that need code, for every layout (the plain ones are in the root's ``voila.json``).

``binder/start`` puts this folder on ``JUPYTER_CONFIG_PATH``; Voila reads ``voila.py`` from there,
both alone (``make demo``) and as a Jupyter Server extension (Binder's layout, ``make lab``,
``/voila/render/notebooks/...``). It is kept out of the repository's root because a ``voila.py``
there would shadow the voila package for ``python -m jupyter server`` run from the root.

- Formulas offline. Voila's page typesets with the MathJax 3 bundled in Voila's own static
  files, unless its page config names a MathJax URL: then it loads MathJax 2 from that URL.
  Voila alone names none, but as a server extension it falls back to cdnjs.cloudflare.com, and
  a class without that site sees raw LaTeX. The page config hook names none here either.
- Icons offline, and no call to a CDN. Voila's "lab" template links two Font Awesome stylesheets
  from cdn.jsdelivr.net, although Voila's own bundle carries Font Awesome and serves its fonts.
  The template "mandalakit" (``binder/jupyter-data/voila/templates/mandalakit``, on
  ``JUPYTER_PATH`` through ``binder/start``) is "lab" without those two links.
- A page served at once: Voila alone keeps, for every notebook, a kernel that has already run
  it (a preheated kernel), so a visitor waits for no kernel start and no cell; Voila starts
  the next one a second after each visit (a visitor who comes before it is ready waits for
  it, as for a kernel of their own: a longer delay would make them wait longer). For a class,
  ``make demo LESSON=ohanami PUPILS=30`` keeps 30 for that page (``binder/start`` is given
  ``MANDALAKIT_LESSON=ohanami MANDALAKIT_PUPILS=30``). A kernel's idle clock for culling starts
  when a visitor takes it, not when it ran the page (``DashboardKernelManager``, named in
  ``voila.json``). As a server extension Voila has no preheated kernels.
- Kernels that always start: Voila alone talks to its kernels over Unix sockets in its folder of
  connection files, not over TCP ports that another connection can take between Jupyter's
  choice of a port and the kernel's start, when a class's kernels start together
  (:mod:`mandalakit.widgets.server.kernel`; :func:`~mandalakit.widgets.server.kernel.connection_root` keeps
  that folder's path short enough for a socket, as on macOS).
- A closed tab's kernel stops at once: Jupyter's identity provider,
  :class:`mandalakit.widgets.server.identity.DashboardIdentityProvider`, gives the page the ``_xsrf``
  cookie that Voila's own shutdown request needs (Voila refuses a prelaunch hook, the other way
  to set it, beside preheated kernels).
- A log a teacher can read, and project: without "Notebook ... is not trusted" for every page
  read, nor Tornado's warning of its websocket ping time-out, and kernel ids shown by their
  first 8 characters, and a refused request's access line without its reason repeated
  (:mod:`mandalakit.widgets.server.server_log` says why). A bad address (a malformed
  ``voila/templates/...``, an unknown kernel's websocket) gets 404, not a 500 or a traceback
  (:mod:`mandalakit.widgets.server.not_found`), and an encoded NUL or control character 400.
- The class page for the teacher alone: decided on the file Voila renders
  (:mod:`mandalakit.widgets.classroom.teacher`); its kernel, and Voila's ``voila/query/<kernel>``,
  answer only the browser that gave the key (:mod:`mandalakit.widgets.server.page_owner`).
- plotly.js over HTTP: ``widgets/static/`` is one of Voila's extension folders, served at
  ``voila/labextensions/``, where the charts fetch the bundle (the browser caches it).
"""

import os
from pathlib import Path

from mandalakit.widgets.server.kernel import connection_root
from mandalakit.widgets.server.not_found import ERROR_PAGE_SETTINGS, refuse_malformed, serve_template_files
from mandalakit.widgets.server.page_owner import guard_query
from mandalakit.widgets.server.pools import kernel_pools
from mandalakit.widgets.server.server_log import (API_ERROR, REFUSAL_REASON, TORNADO_PING, UNTRUSTED, hidden_keys,
                                                  quiet, quiet_early_fill, short_kernel_ids)

ROOT = Path(__file__).resolve().parents[2]


def bundled_mathjax(page_config, **_context):
    """Voila's ``page_config_hook``: no MathJax URL, so the page uses the bundled MathJax 3."""
    page_config["fullMathjaxUrl"] = None
    page_config["mathjaxConfig"] = None
    return page_config


c = get_config()  # noqa: F821 - provided by traitlets when it loads this file
c.VoilaConfiguration.page_config_hook = bundled_mathjax
c.VoilaConfiguration.preheat_kernel = True
c.VoilaKernelManager.kernel_pools_config = kernel_pools(os.environ.get("MANDALAKIT_LESSON", ""),
                                                         os.environ.get("MANDALAKIT_PUPILS", ""), ROOT / "notebooks")
c.KernelManager.transport = "ipc"
c.Voila.connection_dir_root = connection_root()
c.Voila.identity_provider_class = "mandalakit.widgets.server.identity.DashboardIdentityProvider"  # Jupyter Server's: jupyter_server_config.py
c.VoilaConfiguration.template = "mandalakit"
serve_template_files()
refuse_malformed()  # Voila alone: an address with an encoded NUL or control character gets 400
guard_query()  # Voila alone: voila/query/<kernel> answers only that kernel's browser
c.Voila.tornado_settings = ERROR_PAGE_SETTINGS  # Voila alone: Jupyter's error pages draw
# The folder holds no package.json, so no extension is loaded from it: only its files are served.
c.VoilaConfiguration.extra_labextensions_path = [str(ROOT / "widgets" / "static")]
quiet("Voila", UNTRUSTED, API_ERROR)
quiet_early_fill()  # "Kernel pool of ... is filled" is said once the kernels have run the page
quiet("ServerApp", API_ERROR)  # the same line under Jupyter Server (Binder, make lab)
quiet("tornado.general", TORNADO_PING, REFUSAL_REASON)
for logger in ("Voila", "tornado.access", "tornado.general"):  # the app's lines, requests, request warnings
    short_kernel_ids(logger)
    hidden_keys(logger)  # a refused address that holds the class's key does not show it
