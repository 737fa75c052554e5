"""Print the Binder links of this repository, from its own git remote (``make binder-links``).

    python3 binder/links.py                  # the remote "origin" of this clone
    python3 binder/links.py https://github.com/you/mandalakit.git

A GitHub remote (https or ssh) gives mybinder.org links of the ``gh`` kind, a GitLab one the
``gl`` kind, any other public https git remote the ``git`` kind. Exit status 0 with the links,
2 with one sentence when there is no remote or it is not one Binder can build.
"""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.parse

BINDER = "https://mybinder.org/v2"
#: The two pages a class opens: the landing page in JupyterLab, and as a Voila dashboard.
PAGES = {"JupyterLab": "lab/tree/notebooks/index.ipynb", "Voila dashboards": "voila/render/notebooks/index.ipynb"}
_HOSTED = re.compile(r"(?:https://|ssh://git@|git@)(?P<host>github\.com|gitlab\.com)[/:](?P<path>[^\s?#]+?)(?:\.git)?/?")


def binder_base(remote: str, ref: str = "HEAD") -> str:
    """The mybinder.org address of ``remote`` at ``ref``; ValueError with a sentence if Binder cannot build it."""
    remote = remote.strip()
    hosted = _HOSTED.fullmatch(remote)
    if hosted:
        kind = "gh" if hosted["host"] == "github.com" else "gl"
        path = hosted["path"] if kind == "gl" else "/".join(hosted["path"].split("/")[:2])
        if kind == "gh" and path.count("/") != 1:
            raise ValueError(f"{remote} does not name a GitHub repository (OWNER/NAME).")
        return f"{BINDER}/{kind}/{urllib.parse.quote(path, safe='') if kind == 'gl' else path}/{ref}"
    if remote.startswith("https://"):
        return f"{BINDER}/git/{urllib.parse.quote(remote, safe='')}/{ref}"
    raise ValueError(f"Binder builds public repositories served over https; {remote!r} is not one "
                     "(push this repository to GitHub or GitLab first).")


def links(remote: str, ref: str = "HEAD") -> dict[str, str]:
    """Page name -> its Binder link (with ``?urlpath=``)."""
    base = binder_base(remote, ref)
    return {name: f"{base}?urlpath={urllib.parse.quote(path, safe='/')}" for name, path in PAGES.items()}


def _origin() -> str | None:
    try:
        done = subprocess.run(["git", "remote", "get-url", "origin"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def main(argv: list[str]) -> int:
    remote = argv[0] if argv else _origin()
    if not remote:
        print("This clone has no remote named origin: push it to GitHub first, then run make binder-links "
              "again, or name the repository: make binder-links REMOTE=https://github.com/OWNER/mandalakit",
              file=sys.stderr)
        return 2
    try:
        found = links(remote)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    for name, url in found.items():
        print(f"{name}: {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
