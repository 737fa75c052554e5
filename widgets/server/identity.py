"""Who asks for a dashboard page: Jupyter's own identity provider, which also gives the page the
``_xsrf`` cookie of Voila's shutdown request.

When a tab closes, Voila's page posts ``voila/api/shutdown/<kernel id>`` with the value of the
``_xsrf`` cookie, and Jupyter Server refuses a post without it (403, "'_xsrf' argument
missing"). A dashboard page never sets that cookie (only Voila's file list does), so a closed
tab's kernel lived on until culled. Voila's prelaunch hook could set it, but Voila refuses that
hook together with its preheated kernels, which serve a page from a kernel that has already run
the notebook. The identity provider sees every request, preheated or not, in every layout:
``binder/jupyter-config`` names :class:`DashboardIdentityProvider` for Voila alone (``make demo``)
and for Jupyter Server (Binder, ``make lab``). Seeing every request, it also ties each dashboard
kernel to the browser that asked for its page (:mod:`mandalakit.widgets.server.page_owner`) and, in
class mode, keeps the class page for the teacher (:mod:`mandalakit.widgets.classroom.teacher`).
"""

from __future__ import annotations

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider

from mandalakit.widgets.classroom import teacher
from mandalakit.widgets.server.page_owner import check_owner, claim_page

__all__ = ["DashboardIdentityProvider"]


class DashboardIdentityProvider(PasswordIdentityProvider):
    """Jupyter Server's default identity provider; a Voila page's response also sets ``_xsrf``,
    and a kernel bound to a page answers only that page's browser (:mod:`.page_owner`).

    Authentication is unchanged (tokens, passwords, login cookies as configured). Added: reading
    the page handler's ``xsrf_token`` makes Tornado set the cookie; a page's response gives the
    browser its secret (:func:`~.page_owner.claim_page`); a request naming a bound kernel
    without that secret is refused with 403 (:func:`~.page_owner.check_owner`).
    """

    def get_handlers(self):
        """Jupyter's login and logout pages, but no logout page for Voila alone (``make demo``):
        Jupyter's renders a template that needs Jupyter Server's static files, which Voila alone
        does not serve, so ``/logout`` answered 500 with a traceback in the teacher's log; it is
        404 now. Voila's own login page (a token, if one is set) is kept."""
        from voila.voila_identity_provider import VoilaLoginHandler

        handlers = super().get_handlers()
        if issubclass(self.login_handler_class, VoilaLoginHandler):
            handlers = [(url, handler) for url, handler in handlers if url != r"/logout"]
        return handlers

    async def get_user(self, handler):
        """The user of ``handler``'s request, as :class:`PasswordIdentityProvider` finds it; for
        a Voila page (``voila/render/...``, or the page of ``voila <notebook>``) the response
        carries the ``_xsrf`` cookie and the browser's secret.

        Raises
        ------
        tornado.web.Finish
            Having answered 403 to a request naming a kernel bound to another browser's page.
        """
        from voila.handler import VoilaHandler  # Voila is the dashboard extra's; loaded on use

        user = await ensure_async(super().get_user(handler))
        manager = handler.settings.get("kernel_manager")
        if getattr(manager, "page_owners", None) is not None:
            # as Jupyter sets them next: a refused request's log line reads them too
            handler.current_user = handler._jupyter_current_user = user
            check_owner(handler, manager)
        if isinstance(handler, VoilaHandler):
            handler.current_user = user  # as Jupyter sets it next: the token and an error page read it
            teachers = teacher.check(handler)  # the class page, as Voila resolves it: 403 without the class's key
            handler.xsrf_token  # noqa: B018 - read for its effect: Tornado sets the cookie
            claim_page(handler, teachers)
        return user
