"""A dashboard kernel answers only the browser that asked for its page.

Anyone who knows a kernel id could drive a pupil's page: connect to its websocket, read its
model, shut it down (kernel ids travel in clear on a class's network). When a Voila page is
served, :func:`claim_page` gives the browser a secret of its own, :data:`COOKIE` (HttpOnly,
SameSite=Strict: no script and no other site reads or sends it), and the kernel the page gets
(started for it or taken from the preheated pool) is bound to that secret by the kernel manager
(:func:`bind`). Every later request that names a bound kernel in its URL (its websocket
channels, ``GET /api/kernels/<id>``, its shutdown, interrupt or restart, Voila's
``voila/api/shutdown/<id>``, ``voila/query/<id>``) must carry the cookie: :func:`check_owner`
answers 403 otherwise. One secret per browser, so a pupil's tabs all work.

Both checks run in :class:`~mandalakit.widgets.server.identity.DashboardIdentityProvider`, which sees
every request in every layout; the binding is done by
:class:`~mandalakit.widgets.server.kernel_manager.DashboardKernelManager`, Voila's kernel manager alone
(``make demo``) and Jupyter Server's (Binder, ``make lab``). Kernels no page asked for (the
pool's before a visitor takes one, JupyterLab's own in ``make lab``) are not bound: Jupyter's
own authentication (the token) guards them as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import hmac
import secrets
from collections.abc import MutableMapping
from dataclasses import dataclass

from tornado import web

__all__ = ["COOKIE", "bind", "check_owner", "claim_page"]

#: The cookie holding a browser's secret.
COOKIE = "mandalakit-page"


@dataclass
class _Claim:
    """A page being served: the browser's secret and the request's task (only a kernel start
    in that task is the page's: the pool's next kernel starts in a task of its own)."""

    secret: str
    task: asyncio.Task | None


_PAGE: contextvars.ContextVar[_Claim | None] = contextvars.ContextVar("mandalakit_page", default=None)
#: Secrets given out by this process: a cookie set by anyone else is replaced, never trusted.
_ISSUED: set[str] = set()


def claim_page(handler: web.RequestHandler) -> None:
    """For a page request: the browser's secret (its cookie if this server gave it, else a new
    one, set as :data:`COOKIE` on the response), held for :func:`bind` while the page is served."""
    secret = handler.get_cookie(COOKIE)
    if secret not in _ISSUED:
        secret = secrets.token_urlsafe(32)
        _ISSUED.add(secret)
        handler.set_cookie(COOKIE, secret, path=handler.settings.get("base_url", "/"), httponly=True,
                           samesite="Strict")
    try:
        task = asyncio.current_task()
    except RuntimeError:
        task = None
    _PAGE.set(_Claim(secret, task))


def bind(owners: MutableMapping[str, str], kernel_id: str) -> None:
    """Record in ``owners`` (kernel id -> secret) that ``kernel_id`` is the page's being served
    in this task, if any."""
    claim = _PAGE.get()
    try:
        task = asyncio.current_task()
    except RuntimeError:
        task = None
    if claim is not None and claim.task is task:
        owners[kernel_id] = claim.secret


def check_owner(handler: web.RequestHandler, owners: MutableMapping[str, str]) -> None:
    """Answer 403 (raise :class:`tornado.web.Finish`) if the request names a kernel bound in
    ``owners`` (in its URL) without that kernel's browser's cookie."""
    named = [*getattr(handler, "path_args", ()), *getattr(handler, "path_kwargs", {}).values()]
    wanted = [owners[k] for k in named if isinstance(k, str) and k in owners]
    if not wanted:
        return
    given = handler.get_cookie(COOKIE) or ""
    if not all(hmac.compare_digest(given.encode(), w.encode()) for w in wanted):
        # Answered here, not by the handler's error page: Jupyter's needs static files that Voila
        # alone does not serve (a traceback in the teacher's log); the access log keeps one line.
        handler.set_status(403)
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        raise web.Finish("This kernel belongs to another browser's page.\n")
