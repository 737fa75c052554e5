"""The link check of the built site (``make docs`` runs it; so does tests/cli/test_site.py).

    python docs/web/linkcheck.py site

Every link, script, stylesheet and picture of every page must resolve inside the site (the file,
and the anchor in it), and a page loads nothing from another host. A link may leave the site only
for a host the build declared (the forge and Binder, ``hosts.json``, written by docs/web/hooks.py).
Exit status 0 and a one-line count, or 1 and one line per broken link.
"""

from __future__ import annotations

import json
import posixpath
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: Elements whose address the browser loads with the page (not a link the reader follows).
LOADED = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src"),
          ("video", "src"), ("audio", "src"), ("embed", "src"), ("object", "data")}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, address)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and (name == "id" or tag == "a"):
                self.ids.add(value)
            if (tag, name) in LOADED or (tag == "a" and name == "href"):
                if tag == "link" and dict(attrs).get("rel") in ("canonical", "alternate"):
                    continue
                self.links.append((tag, name, value))


def read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def check(site: Path) -> tuple[int, list[str]]:
    """``(links checked, problems)`` of the site built in ``site``."""
    hosts_file = site / "hosts.json"
    hosts = set(json.loads(hosts_file.read_text())) if hosts_file.exists() else set()
    pages = {p.relative_to(site).as_posix(): read(p) for p in sorted(site.rglob("*.html"))}
    problems, count = [], 0
    for name, page in pages.items():
        if name == "404.html":  # served for a missing address at any depth: its links start at /
            continue
        for tag, attribute, address in page.links:
            count += 1
            parts = urlsplit(address)
            where = f"{name}: <{tag} {attribute}={address!r}>"
            if parts.scheme in ("data", "blob", "mailto"):
                continue
            if parts.scheme or address.startswith("//"):
                if (tag, attribute) in LOADED:
                    problems.append(f"{where} loads from another host")
                elif parts.scheme not in ("http", "https") or parts.hostname not in hosts:
                    problems.append(f"{where} leaves the site for a host not declared ({sorted(hosts)})")
                continue
            if address.startswith("/"):
                problems.append(f"{where} is absolute (the site may be served from a sub-folder)")
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), unquote(parts.path))) \
                if parts.path else name
            if target.startswith("../") or target == "..":
                problems.append(f"{where} points above the site")
                continue
            if (site / target).is_dir():
                target = posixpath.join(target, "index.html")
            if not (site / target).is_file():
                problems.append(f"{where}: no file {target}")
                continue
            if parts.fragment and target.endswith(".html"):
                fragment = unquote(parts.fragment)
                if fragment not in pages[target].ids:
                    problems.append(f"{where}: no anchor #{fragment} in {target}")
    return count, problems


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site")
    count, problems = check(site)
    for problem in problems:
        print(problem)
    pages = len(list(site.rglob("*.html")))
    print(f"{count} links of {pages} pages checked, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
