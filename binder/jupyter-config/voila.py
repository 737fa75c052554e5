"""Voila as a Jupyter Server extension (Binder's layout, ``/voila/render/notebooks/...``).

``binder/start`` puts this folder on ``JUPYTER_CONFIG_PATH``; Voila's server extension reads
``voila.py`` from there (and ``voila.json`` from the directory the server starts in).

Formulas offline. Voila's page typesets with the MathJax 3 bundled in Voila's own static files,
unless its page config names a MathJax URL: then it loads MathJax 2 from that URL. Voila alone
(``make demo``) names none, but as a server extension it falls back to cdnjs.cloudflare.com,
and a class without that site sees raw LaTeX. The hook below names none here either. It is a
Python file, not JSON, because the hook is a function; it is kept out of the repository's root
because a ``voila.py`` there would shadow the voila package for ``python -m`` run from the root.
"""


def bundled_mathjax(page_config, **_context):
    """Voila's ``page_config_hook``: no MathJax URL, so the page uses the bundled MathJax 3."""
    page_config["fullMathjaxUrl"] = None
    page_config["mathjaxConfig"] = None
    return page_config


c = get_config()  # noqa: F821 - provided by traitlets when it loads this file
c.VoilaConfiguration.page_config_hook = bundled_mathjax
