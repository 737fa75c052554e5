"""Voilà settings that need code (the plain ones are in voila.json, read next to this file).

Voilà reads both files from the folder it is started in (``make demo`` starts it in the
repository's root); Jupyter Server with the Voilà extension reads them through
``jupyter-config/jupyter_server_config.py``.
"""

from pathlib import Path


def set_xsrf_cookie(handler, notebook, cwd):
    """Give the page the ``_xsrf`` cookie that Voilà's own "shutdown my kernel" request needs.

    When a tab closes, Voilà's page posts ``voila/api/shutdown/<kernel id>`` with the value
    of the ``_xsrf`` cookie, but a dashboard page never sets that cookie (only Voilà's file
    list does), so the request is refused (403, "'_xsrf' argument missing") and the kernel
    lived on until culled. Reading the token makes Tornado set the cookie on this page.
    """
    handler.xsrf_token  # noqa: B018 - read for its effect: Tornado sets the cookie
    return notebook


c = get_config()  # noqa: F821 - provided by traitlets when it runs a configuration file
c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
# Serves widgets/static/ (plotly.js's basic bundle, for the charts) at voila/labextensions/:
# the page fetches it over HTTP and the browser caches it, where it came through every
# chart's widget before. The folder holds no package.json, so no extension is loaded from it.
c.VoilaConfiguration.extra_labextensions_path = [str(Path(__file__).resolve().parent / "widgets" / "static")]
