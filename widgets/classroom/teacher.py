"""The teacher's key to the class page: pupils get 403 on it, the teacher's link opens it.

In class mode (``make demo LESSON=...``), :func:`key` makes a random key once per class folder
(``teacher-key``, readable by the server's user only) and ``make demo`` prints the class page's
address with it: ``.../voila/render/class.ipynb?teacher=<key>``. The dashboard server's identity
provider calls :func:`check` on every page request: the class page (``class.ipynb``,
``fr/class.ipynb``) is served only with the key in the address or in the HttpOnly cookie set the
first time it was, so a pupil who types the address without the key gets 403, and the teacher's
later visits need no key in the address. Outside class mode the class page holds no data (it
says that class mode is off) and is served to anyone.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from mandalakit.widgets.classroom import classbook

__all__ = ["COOKIE", "KEY_FILE", "check", "is_class_page", "key"]

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
    """Whether a request's path asks for the class page (``.../class.ipynb``, any folder)."""
    return path.rstrip("/").rsplit("/", 1)[-1] == "class.ipynb"


def check(handler) -> None:
    """Refuse (tornado ``HTTPError`` 403) a request for the class page without the class's key;
    with the key in the address, set the cookie that carries it. Any other request passes."""
    folder = os.environ.get(classbook.ENV)
    if not folder or not is_class_page(handler.request.path):
        return
    from tornado.web import HTTPError  # the server's; this module is also read without one

    expected = key(folder)
    given = handler.get_argument(ARGUMENT, None) or ""
    if given and hmac.compare_digest(given, expected):
        handler.set_cookie(COOKIE, expected, httponly=True, samesite="Strict", path="/")
        return
    cookie = handler.get_cookie(COOKIE) or ""
    if not (cookie and hmac.compare_digest(cookie, expected)):
        raise HTTPError(403, "The class page is for the teacher.")
