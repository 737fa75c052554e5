"""A bad address gets 404 from the dashboards' server, with its access line alone in the
teacher's log, in every layout.

Anyone on the class's network can ask the server for any address. Two kinds of bad address
made Voila fail while answering, with a traceback in the log the teacher watches:

- ``voila/templates/<anything>``. Voila serves its page templates' files at
  ``voila/templates/<template>/static/<file>``; its handler splits any other address with
  ``assert`` and tuple unpacking and looks a template of any name up on disk, so
  ``voila/templates/x`` or ``voila/templates/..%2f..%2fvoila.json`` raised inside it: 500.
  :class:`TemplateFiles` checks the address first and answers 404 to anything that is not a
  file of an installed template (:func:`serve_template_files` puts it in Voila's place).
- Under Voila alone (``make demo``), an address that Jupyter Server's handlers refuse with
  their HTML error page (an unknown kernel's websocket ``api/kernels/<id>/channels``,
  ``voila/api/themes/<x>``, ``voila/labextensions/<x>``): that page links Jupyter's favicon and
  stylesheets with ``static_url``, which fails without a ``static_path`` setting, and Voila
  alone sets none (Jupyter Server does). The status stayed 404, but the log had a traceback
  ("Uncaught exception in write_error"). :data:`ERROR_PAGE_SETTINGS` names Jupyter's own
  static folder: the page draws. It adds no address: Tornado serves ``static/`` only for a
  ``static_path`` given when the application is made, and Voila applies its
  ``tornado_settings`` after that.

- An address that decodes to no file name: a control character percent-encoded (``%00``, a
  NUL, through ``%1F`` and ``%7F``) or bytes that are not UTF-8 (``%FF``). A NUL made Voila's page
  handler and its file handler fail while looking a file up (500 and a traceback), and bytes
  that are not UTF-8 made Jupyter's error page fail (400, with a traceback). Under Voila alone
  (``make demo``) :func:`refuse_malformed` puts a first route before Voila's, :class:`Malformed`,
  that answers such an address 400 (Tornado's plain page), whatever handler it was for.

``binder/jupyter-config/voila.py`` applies them. The one-line reasons Tornado and Jupyter add
beside a refusal's access line are left out of the log by :mod:`.server_log`.
"""

from __future__ import annotations

import posixpath
import re
import urllib.parse

import jupyter_server
from tornado.routing import Matcher
from tornado.web import HTTPError, RequestHandler
from voila.static_file_handler import TemplateStaticFileHandler

__all__ = ["ERROR_PAGE_SETTINGS", "Malformed", "MalformedAddress", "TemplateFiles", "malformed", "refuse_malformed",
           "serve_template_files"]

#: ``c.Voila.tornado_settings`` for Voila alone: Jupyter's error pages find their static files.
ERROR_PAGE_SETTINGS = {"static_path": jupyter_server.DEFAULT_STATIC_FILES_PATH}

#: A template's name as Voila's templates are named (``lab``, ``classic``, ``mandalakit``, ``reveal``).
_TEMPLATE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


class TemplateFiles(TemplateStaticFileHandler):
    """Voila's handler of template files, answering 404 (Tornado's page, no traceback) to an
    address that is not ``<template>/static/<file>`` with an installed template and a path
    that stays inside its folder."""

    def parse_url_path(self, url_path: str) -> str:
        template, static, file = (url_path.split("/", 2) + ["", ""])[:3]
        if (static != "static" or not _TEMPLATE.fullmatch(template) or not file
                or posixpath.normpath(url_path) != url_path or ".." in url_path.split("/")):
            raise HTTPError(404)
        try:
            return super().parse_url_path(url_path)
        except ValueError:  # Voila knows no template of that name
            raise HTTPError(404) from None


def serve_template_files() -> None:
    """Make Voila (alone and as a Jupyter Server extension) serve its template files with
    :class:`TemplateFiles`. Called from Voila's configuration file, which both read before they
    list their handlers."""
    import voila.app
    import voila.server_extension

    voila.app.TemplateStaticFileHandler = TemplateFiles
    voila.server_extension.TemplateStaticFileHandler = TemplateFiles


def malformed(path: str) -> bool:
    """Whether a request's path (as sent, percent-encoded) decodes to a control character
    (``\\x00``-``\\x1f``, ``\\x7f``) or to bytes that are not UTF-8."""
    raw = urllib.parse.unquote_to_bytes(path)
    if any(byte < 0x20 or byte == 0x7F for byte in raw):
        return True
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


class MalformedAddress(Matcher):
    """Tornado's route matcher for the addresses :func:`malformed` names."""

    def match(self, request):
        return {} if malformed(request.path) else None


class Malformed(RequestHandler):
    """Answers 400 to any request, before any handler looks a file up (:class:`MalformedAddress`)."""

    def prepare(self):
        raise HTTPError(400)


def refuse_malformed() -> None:
    """Make Voila alone route the addresses :func:`malformed` names to :class:`Malformed` before
    its own routes. Called from Voila's configuration file, read before Voila lists its handlers."""
    import voila.app

    listed = voila.app.Voila.init_handlers
    if getattr(listed, "refuses_malformed", False):
        return

    def init_handlers(self):
        return [(MalformedAddress(), Malformed), *listed(self)]

    init_handlers.refuses_malformed = True
    voila.app.Voila.init_handlers = init_handlers
