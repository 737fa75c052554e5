"""The files the ``mandalakit`` command writes: checked before any work, written whole or not at all.

:func:`writable_target` refuses an ``--out`` path that could not be written, in one sentence,
before a game is played; :func:`atomic_write` writes through a temporary file and a rename,
so a signal or an error never leaves half a file (:mod:`mandalakit.core.interrupts`).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .core import interrupts
from .core.errors import RulesError, quote, shown_path
from .core.messages import _, os_reason


def writable_target(path: str, suffixes: Sequence[str], example: str) -> Path:
    """Check, before any work, that ``path`` names a file with a known suffix that can be written.

    Raises :class:`RulesError` for an empty path or a bare suffix (``.csv``), an unknown
    suffix, a missing folder, a file name longer than the folder's file system takes, a
    folder as target, an existing pipe, device or socket, a read-only existing file, or a folder that takes no new file. The
    last is tried for real, with a probe file that is removed at once (``os.access`` says
    yes to root everywhere, even in ``/proc``); the probe has a short name of its own (see
    :func:`~mandalakit.core.interrupts.temporary_file`), so a long but legal file name is not
    refused for it.
    """
    if not path:
        raise RulesError("options", _("--out needs a file name, e.g. {example}.", example=example))
    target = Path(path)
    where = shown_path(path)
    if target.name.lower() in suffixes:
        suffix = target.name.lower()
        raise RulesError("options", _("--out {where}: a file name is needed before {suffix}, e.g. {example}.",
                                      where=where, suffix=suffix, example=Path(example).stem + suffix))
    if target.suffix.lower() not in suffixes:
        ends = suffixes[0] if len(suffixes) == 1 else _("{first} or {last}", first=", ".join(suffixes[:-1]),
                                                       last=suffixes[-1])
        raise RulesError("options", _("{where}: the output must end in {suffixes}.", where=where, suffixes=ends))
    # A link is followed when written (see atomic_write): check the file it points to.
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target  # False for a name too long
    folder = real.parent
    if not folder.is_dir():
        raise RulesError("options", _("{where}: the folder {folder} does not exist.", where=where,
                                      folder=shown_path(folder)))
    size, name_max = len(os.fsencode(real.name)), _name_max(folder)
    if size > name_max:
        raise RulesError("options", _("--out: the file name {name} is {size} bytes long; the folder {folder} takes "
                                      "names of at most {most} bytes.", name=repr(quote(real.name)), size=size,
                                      folder=shown_path(folder), most=name_max))
    if real.is_dir():
        raise RulesError("options", _("{where} is a folder, not a file.", where=where))
    if real.exists() and not real.is_file():  # a FIFO, a device, a socket: never replaced by the table
        raise RulesError("options", _("{where} is not a plain file (a pipe, a device or a socket); name a file to "
                                      "write.", where=where))
    if real.exists() and not os.access(real, os.W_OK):
        raise RulesError("options", _("{where}: no permission to write there.", where=where))
    try:
        with interrupts.temporary_file(real):
            pass
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise RulesError("options", _("{where}: no permission to write there.", where=where)) from None
        raise RulesError("options", _("{where}: cannot create a file in the folder {folder} ({reason}).", where=where,
                                      folder=shown_path(folder), reason=os_reason(exc))) from None
    return target


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, the file system of ``folder`` takes (255 if it cannot say)."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows) or no answer
        return 255
    return limit if limit > 0 else sys.maxsize  # -1: no limit


def atomic_write(target: Path, write, command: str) -> None:
    """Write through a temporary file in the same folder, then rename: never a half file, also
    when a signal stops the command (:mod:`~mandalakit.core.interrupts` removes it; ``command``
    names the command in the line it prints after the rename).

    The new file gets the permissions the old one had, or the usual ones for a new file.
    A symbolic link is followed: the file it points to is replaced and the link stays.
    """
    target = Path(os.path.realpath(target))
    with interrupts.temporary_file(target) as tmp:
        if target.exists():
            mode = target.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        write(tmp)
        interrupts.commit(tmp, target)
    # From here the command's work is done: a signal now stops it with the file in place.
    interrupts.set_message(_("mandalakit {command}: interrupted after writing {target}", command=command,
                             target=target))
