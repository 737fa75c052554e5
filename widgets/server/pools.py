"""The preheated kernels ``make demo`` keeps: one per page, and a lesson's worth for a class.

``binder/jupyter-config/voila.py`` gives :func:`kernel_pools` to Voila as
``VoilaKernelManager.kernel_pools_config``. ``make demo`` first runs this module
(``python -m mandalakit.widgets.server.pools notebooks``), which checks ``LESSON`` and ``PUPILS``
(passed as ``MANDALAKIT_LESSON`` and ``MANDALAKIT_PUPILS``) before anything is printed or
served: a bad value gets one sentence and exit status 2.

Example
-------
>>> import tempfile
>>> notebooks = Path(tempfile.mkdtemp())
>>> _ = (notebooks / "ohanami.ipynb").write_text("{}")
>>> kernel_pools("ohanami", "3", notebooks)
{'default': {'pool_size': 1}, 'ohanami.ipynb': {'pool_size': 3}}
>>> kernel_pools("", "", notebooks)
{'default': {'pool_size': 1}}
>>> kernel_pools("nope", "", notebooks)
Traceback (most recent call last):
SystemExit: LESSON=nope is no page of ...; the pages are: ohanami
"""

from __future__ import annotations

import os
import socket
import sys
import urllib.parse
from pathlib import Path

from mandalakit.widgets.classroom import classbook
from mandalakit.widgets.classroom import teacher

__all__ = ["MOST_PUPILS", "class_line", "kernel_pools", "main", "network_addresses", "pupil_addresses"]

#: The most pupils ``make demo`` prepares kernels for (about 70 MB each).
MOST_PUPILS = 60
#: The teacher's class page (notebooks/class.ipynb, fr/class.ipynb): never a lesson, never pooled for pupils.
CLASS_PAGE = "class.ipynb"


def kernel_pools(lesson: str, pupils: str, notebooks: Path) -> dict:
    """Voila's ``kernel_pools_config``: one preheated kernel per notebook of ``notebooks``, and
    ``pupils`` of them for the page ``lesson``.

    Parameters
    ----------
    lesson : str
        A page of ``notebooks`` as ``make demo LESSON=...`` takes it: ``"ohanami"``,
        ``"fr/mandala"``, ``.ipynb`` optional; ``""`` for none.
    pupils : str
        How many kernels to keep for the lesson, from 1 to :data:`MOST_PUPILS`, as typed;
        ``""`` is 30 with a lesson.
    notebooks : pathlib.Path
        The folder Voila serves.

    Returns
    -------
    dict
        ``{"default": {"pool_size": 1}}``, and ``{"<lesson>.ipynb": {"pool_size": n}}`` with a lesson.

    Raises
    ------
    SystemExit
        With one sentence naming the value at fault: a lesson that is no page of ``notebooks``,
        a number of pupils that is not from 1 to 60, or pupils without a lesson.
    """
    pools = {"default": {"pool_size": 1}}
    if not lesson:
        if pupils:
            raise SystemExit(f"PUPILS={pupils[:20]} needs a lesson: make demo LESSON=ohanami PUPILS={pupils[:20]}")
        return pools
    page = lesson.removesuffix(".ipynb") + ".ipynb"
    if (not (notebooks / page).is_file() or notebooks.resolve() not in (notebooks / page).resolve().parents
            or Path(page).name == CLASS_PAGE):
        pages = sorted(str(p.relative_to(notebooks).with_suffix("")) for p in notebooks.rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts and p.name != CLASS_PAGE)
        raise SystemExit(f"LESSON={lesson[:40]} is no page of {notebooks.name}/; the pages are: {', '.join(pages)}")
    pupils = pupils or "30"
    if not (pupils.isascii() and pupils.isdigit()) or not 1 <= int(pupils) <= MOST_PUPILS:
        raise SystemExit(f"PUPILS={pupils[:20]}: give a number of pupils from 1 to {MOST_PUPILS}")
    pools[page] = {"pool_size": int(pupils)}
    return pools


def class_line(pools: dict) -> str:
    """What ``make demo`` says of a class's pool (``""`` without a lesson)."""
    for page, pool in pools.items():
        if page != "default":
            n = pool["pool_size"]
            return (f"a class: {n} {'kernel runs' if n == 1 else 'kernels run'} {page} ahead of the pupils; "
                    f"they are ready once the log says 'Kernel pool of {page} is filled'")
    return ""


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not 127.x): the one of its default route
    (found by aiming a UDP socket at a private address, which sends nothing), then those its name
    resolves to. ``[]`` when it has none."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]


def pupil_addresses(address: str) -> list[str]:
    """The addresses pupils type for the server ``address`` (``http://HOST:PORT``): for a server on
    every network (``0.0.0.0``, ``::``) this machine's own network addresses (:func:`network_addresses`),
    or ``http://<this machine's address>:PORT`` when none is found; else ``address`` itself."""
    parts = urllib.parse.urlsplit(address)
    if parts.hostname not in ("0.0.0.0", "::", ""):
        return [address]
    port = f":{parts.port}" if parts.port else ""
    return [f"http://{a}{port}" for a in network_addresses()] or [f"http://<this machine's address>{port}"]


def main(argv: list[str] | None = None) -> int:
    """``python -m mandalakit.widgets.server.pools NOTEBOOKS``: check ``MANDALAKIT_LESSON`` and
    ``MANDALAKIT_PUPILS`` against the folder ``NOTEBOOKS`` and print the class's line.

    Returns 0; a bad value, or a class book that cannot be used (:func:`classbook.check_book`),
    exits with status 2 and its sentence on standard error.
    """
    (notebooks,) = argv if argv is not None else sys.argv[1:]
    address = os.environ.get("MANDALAKIT_ADDRESS", "http://127.0.0.1:8866")
    if (folder := os.environ.get(classbook.ENV)) and (fault := classbook.check_book(folder)):
        print(fault.sentence(), file=sys.stderr)
        return 2
    try:
        pools = kernel_pools(os.environ.get("MANDALAKIT_LESSON", ""), os.environ.get("MANDALAKIT_PUPILS", ""),
                             Path(notebooks))
    except SystemExit as refusal:
        print(refusal, file=sys.stderr)
        return 2
    if line := class_line(pools):
        print(line)
    if folder := os.environ.get(classbook.ENV):
        own = address.replace("//0.0.0.0:", "//127.0.0.1:")
        print(f"the class's answers are kept in {folder} (delete the folder to forget them);\n"
              f"  your class page, for you only (do not show this line to the class):\n"
              f"  {own}/voila/render/class.ipynb?{teacher.ARGUMENT}={teacher.key(folder)}")
    print("")
    for pupils in pupil_addresses(address):
        print(f"  mandalakit lessons and games: {pupils}/voila/render/index.ipynb")
    return 0


if __name__ == "__main__":
    sys.exit(main())
