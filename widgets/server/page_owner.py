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

Denied by default under Voila alone (``make demo``), where every kernel is a page's: a request
naming a running kernel that no page was given (a preheated kernel still in its pool) is refused
too. A kernel that serves the class page to the teacher (the page asked with the class's key,
:func:`mandalakit.widgets.classroom.teacher.check`) answers only requests that carry both that
browser's secret and the key; Voila's ``voila/query/<id>`` websocket, which hands a page its
request's address (the key with it) and which Jupyter's identity provider does not see, is
checked the same way (:class:`QueryOwner`).

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
import os
import secrets
from collections.abc import MutableMapping
from dataclasses import dataclass

from tornado import web
from voila.request_info_handler import RequestInfoSocketHandler

from mandalakit.widgets.classroom import classbook, teacher

__all__ = ["COOKIE", "Owner", "QueryOwner", "bind", "check_owner", "claim_page", "class_page_for_teacher",
           "guard_query"]

#: The cookie holding a browser's secret.
COOKIE = "mandalakit-page"


@dataclass
class _Claim:
    """A page being served: the browser's secret and the request's task (only a kernel start
    in that task is the page's: the pool's next kernel starts in a task of its own)."""

    secret: str
    task: asyncio.Task | None
    teacher: bool = False  #: the page is the class page, asked with the class's key


@dataclass(frozen=True)
class Owner:
    """Whom a kernel answers: the browser holding ``secret``, and with ``teacher`` only with the
    class's key as well (the class page's kernel)."""

    secret: str
    teacher: bool = False


_PAGE: contextvars.ContextVar[_Claim | None] = contextvars.ContextVar("mandalakit_page", default=None)
#: Secrets given out by this process: a cookie set by anyone else is replaced, never trusted.
_ISSUED: set[str] = set()


def claim_page(handler: web.RequestHandler, teacher_page: bool = False) -> None:
    """For a page request: the browser's secret (its cookie if this server gave it, else a new
    one, set as :data:`COOKIE` on the response), held for :func:`bind` while the page is served;
    ``teacher_page`` when the page is the class page asked with the key."""
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
    _PAGE.set(_Claim(secret, task, teacher_page))


def _this_page() -> _Claim | None:
    """The claim of the page served in this task (None in any other task: the pool's own)."""
    claim = _PAGE.get()
    try:
        task = asyncio.current_task()
    except RuntimeError:
        task = None
    return claim if claim is not None and claim.task is task else None


def bind(owners: MutableMapping[str, Owner], kernel_id: str) -> None:
    """Record in ``owners`` (kernel id -> :class:`Owner`) that ``kernel_id`` is the page's being
    served in this task, if any."""
    if (claim := _this_page()) is not None:
        owners[kernel_id] = Owner(claim.secret, claim.teacher)


def class_page_for_teacher(notebook: str) -> None:
    """Refuse (403) handing the kernel of ``notebook`` (a pool's name for its page, as Voila has it)
    to a page request that is not the teacher's, when ``notebook`` is named as the class page: a
    second check, where Voila takes the class page's preheated kernel."""
    claim = _this_page()
    if claim is not None and not claim.teacher and os.environ.get(classbook.ENV) and teacher.is_class_page(notebook):
        raise web.HTTPError(403, "The class page is for the teacher.")


def check_owner(handler: web.RequestHandler, manager) -> None:
    """Answer 403 (raise :class:`tornado.web.Finish`) if the request names (in its URL) a kernel
    of ``manager`` (its ``page_owners``) without that kernel's browser's cookie, or, for the class
    page's kernel, without the class's key; with ``manager.deny_unbound`` (Voila alone), a
    running kernel that no page was given is refused too."""
    owners = manager.page_owners
    named = [k for k in (*getattr(handler, "path_args", ()), *getattr(handler, "path_kwargs", {}).values())
             if isinstance(k, str)]
    given = (handler.get_cookie(COOKIE) or "").encode()
    refused = False
    for kernel_id in named:
        owner = owners.get(kernel_id)
        if owner is None:
            refused |= getattr(manager, "deny_unbound", False) and kernel_id in manager
        else:
            refused |= not hmac.compare_digest(given, owner.secret.encode()) or (
                owner.teacher and not teacher.has_key(handler))
    if refused:
        # Answered here, not by the handler's error page: Jupyter's needs static files that Voila
        # alone does not serve (a traceback in the teacher's log); the access log keeps one line.
        handler.set_status(403)
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        raise web.Finish("This kernel belongs to another browser's page.\n")


class QueryOwner(RequestInfoSocketHandler):
    """Voila's ``voila/query/<kernel id>`` websocket (a page's request address, for a preheated
    kernel), answering only the browser its kernel is bound to (:func:`check_owner`)."""

    def prepare(self):
        manager = self.settings.get("kernel_manager")
        if getattr(manager, "page_owners", None) is not None:
            check_owner(self, manager)


def guard_query() -> None:
    """Make Voila alone serve ``voila/query/<kernel id>`` with :class:`QueryOwner`. Called from
    Voila's configuration file, read before Voila lists its handlers."""
    import voila.app

    voila.app.RequestInfoSocketHandler = QueryOwner
