"""Who asks for a dashboard page: Jupyter's own identity provider, which also gives the page the
``_xsrf`` cookie of Voila's shutdown request.

When a tab closes, Voila's page posts ``voila/api/shutdown/<kernel id>`` with the value of the
``_xsrf`` cookie, and Jupyter Server refuses a post without it (403, "'_xsrf' argument
missing"). A dashboard page never sets that cookie (only Voila's file list does), so a closed
tab's kernel lived on until culled. Voila's prelaunch hook could set it, but Voila refuses that
hook together with its preheated kernels, which serve a page from a kernel that has already run
the notebook. The identity provider sees every request, preheated or not, in every layout:
``binder/jupyter-config`` names :class:`DashboardIdentityProvider` for Voila alone (``make demo``)
and for Jupyter Server (Binder, ``make lab``). In class mode it also keeps the class page for
the teacher (:mod:`mandalakit.widgets.teacher`).
"""

from __future__ import annotations

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider

from . import teacher

__all__ = ["DashboardIdentityProvider"]


class DashboardIdentityProvider(PasswordIdentityProvider):
    """Jupyter Server's default identity provider; a Voila page's response also sets ``_xsrf``.

    Authentication is unchanged (tokens, passwords, login cookies as configured): the only
    addition is that reading the page handler's ``xsrf_token`` makes Tornado set the cookie.
    """

    async def get_user(self, handler):
        """The user of ``handler``'s request, as :class:`PasswordIdentityProvider` finds it; for
        a Voila page (``voila/render/...``, or the page of ``voila <notebook>``) the response
        carries the ``_xsrf`` cookie."""
        from voila.handler import VoilaHandler  # Voila is the dashboard extra's; loaded on use

        user = await ensure_async(super().get_user(handler))
        if isinstance(handler, VoilaHandler):
            handler.current_user = user  # as Jupyter sets it next: the token and an error page read it
            teacher.check(handler)  # the class page: 403 without the class's key
            handler.xsrf_token  # noqa: B018 - read for its effect: Tornado sets the cookie
        return user
