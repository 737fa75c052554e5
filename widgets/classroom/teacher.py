"""The teacher's key to the class page: pupils get 403 on it, the teacher's link opens it.

In class mode (``make demo LESSON=...``), :func:`key` makes a random key once per class folder
(``teacher-key``, readable by the server's user only) and ``make demo`` prints the class page's
address with it: ``.../voila/render/class.ipynb?teacher=<key>``. The dashboard server's identity
provider calls :func:`check` on every page request: the class page (``class.ipynb``,
``fr/class.ipynb``) is served only with the key in the address or in the HttpOnly cookie set the
first time it was, so a pupil who types the address without the key gets 403, and the teacher's
later visits need no key in the address. Outside class mode the class page holds no data (it
says that class mode is off) and is served to anyone.

"Is this the class page" is decided on the file Voila renders, never on the address as typed:
Tornado hands the page handler the decoded path (``class%2Eipynb`` is ``class.ipynb``), and
Voila's contents manager drops empty parts and resolves ``.`` and ``..`` (``fr/../class.ipynb``,
``//class.ipynb``, ``class.ipynb/``). :func:`served_file` resolves the path as that contents
manager does, then follows symbolic links; :func:`is_class_page` compares its file name as a
file system might (Unicode compatibility forms, case, trailing dots and spaces), so a name that
only looks like ``class.ipynb`` is refused too. A path with a NUL is refused with 400.

The class page's kernel then answers only that browser, and only with the key
(:mod:`mandalakit.widgets.server.page_owner`).
"""

from __future__ import annotations

import hmac
import os
import secrets
import unicodedata
from pathlib import Path

from mandalakit.widgets.classroom import classbook

__all__ = ["COOKIE", "KEY_FILE", "PAGE", "check", "has_key", "is_class_page", "key", "served_file"]

#: The class page's file name, in any folder (``class.ipynb``, ``fr/class.ipynb``).
PAGE = "class.ipynb"
#: The class folder's file holding the key, and the cookie that carries it after the first visit.
KEY_FILE = "teacher-key"
COOKIE = "mandalakit-teacher"
#: The query argument of the teacher's link (not ``token``: Jupyter Server reads that one).
ARGUMENT = "teacher"


def key(folder: str | os.PathLike) -> str:
    """The class's key: read from ``folder / KEY_FILE``, or made there (mode 0600) the first time,
    so a restarted server keeps the teacher's link working."""
    path = Path(folder) / KEY_FILE
    if path.is_file():
        return path.read_text(encoding="ascii").strip()
    Path(folder).mkdir(parents=True, exist_ok=True)
    made = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(made + "\n")
    return made


def is_class_page(path: str) -> bool:
    """Whether the file ``path`` (a file system path, or a notebook's path under the served folder)
    is named as the class page: its last part is :data:`PAGE` once compared as a file system might
    (Unicode NFKC form, case folded, trailing dots and spaces dropped), so ``CLASS.ipynb`` or
    ``ｃlass.ipynb`` counts too."""
    name = unicodedata.normalize("NFKC", os.path.basename(path.rstrip("/"))).casefold().rstrip(". ")
    return name == PAGE


def served_file(handler) -> str | None:
    """The file a Voila page request renders: the notebook of ``voila <notebook>``, else the
    request's decoded path (``handler.path_args``, as Tornado gives it to Voila), resolved as
    Voila's contents manager resolves it (empty parts dropped, ``.`` and ``..`` resolved, inside
    its root) and with symbolic links followed.

    Returns
    -------
    str or None
        The file's absolute path; None when the request names no file inside the served folder
        (Voila then answers 404 or its file list).

    Raises
    ------
    tornado.web.HTTPError
        400 for a path holding a NUL character (no file system path can).
    """
    from tornado.web import HTTPError

    notebook = getattr(handler, "notebook_path", None) or next(iter(getattr(handler, "path_args", ())), None)
    if not isinstance(notebook, str) or not notebook.strip("/"):
        return None
    if "\x00" in notebook:
        raise HTTPError(400, "A page's address holds no NUL character.")
    contents = handler.settings.get("contents_manager")
    try:
        os_path = contents._get_os_path(notebook.strip("/"))  # as its get(), which Voila's renderer calls
    except HTTPError:  # outside the root, or not a path
        return None
    except AttributeError:  # a contents manager not on files: as FileContentsManager resolves it
        os_path = os.path.normpath(os.path.join(os.path.abspath(contents.root_dir), *notebook.split("/")))
    return os.path.realpath(os_path)


def has_key(handler) -> bool:
    """Whether ``handler``'s request carries the class's key, in the address (``?teacher=``) or in
    the teacher's cookie; False outside class mode."""
    folder = os.environ.get(classbook.ENV)
    if not folder:
        return False
    expected = key(folder).encode()
    return any(given and hmac.compare_digest(given.encode(), expected)
               for given in (handler.get_argument(ARGUMENT, None), handler.get_cookie(COOKIE)))


def check(handler) -> bool:
    """Refuse (tornado ``HTTPError`` 403) a page request that would render the class page
    (:func:`served_file`, :func:`is_class_page`) without the class's key; with the key in the
    address, set the cookie that carries it. Any other request passes.

    Returns
    -------
    bool
        True when the request is served the class page with the key (its kernel is then the
        teacher's: :mod:`mandalakit.widgets.server.page_owner`), False for any other page.

    Raises
    ------
    tornado.web.HTTPError
        403 for the class page without the key; 400 for a path holding a NUL.
    """
    folder = os.environ.get(classbook.ENV)
    served = served_file(handler)
    if not folder or served is None or not is_class_page(served):
        return False
    from tornado.web import HTTPError  # the server's; this module is also read without one

    if not has_key(handler):
        raise HTTPError(403, "The class page is for the teacher.")
    given = handler.get_argument(ARGUMENT, None) or ""
    if hmac.compare_digest(given.encode(), key(folder).encode()):
        handler.set_cookie(COOKIE, key(folder), httponly=True, samesite="Strict", path="/")
    return True
