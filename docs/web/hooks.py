"""MkDocs hooks of the kit's site (``mkdocs.yml``, ``make docs``).

The site is the repository's own pages, laid out for their readers, with no copy kept by hand:

- ``docs/`` as it is (the guides, ``docs/rules/``, ``docs/fr/``, ``docs/pt/``), plus pages taken
  from elsewhere in the repository (:data:`TAKEN`): the READMEs as the home pages, CONTRIBUTING,
  the datasets' data cards, the players' rulebooks of ``mandalakit/rulebook/`` in every language;
- every notebook of ``notebooks/``, run at build time and its widgets drawn (:mod:`statics`),
  with a "run this lesson" box (Binder and ``make demo``);
- the command line's help and an API reference from the docstrings (mkdocstrings), generated.

Links between the repository's files become links between the site's pages; a link to a file
the site has not becomes a link to the forge (the ``origin`` remote or ``MANDALAKIT_FORGE``), or
plain text without one. Rule ids get an anchor each (``rulebook/mandala.en/#M-4.4``) and every
rule tag of a lesson links to its rule. Nothing is fetched at build or view time: MathJax and
plotly.js are copied from installed packages into the site's ``assets/``.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import quote

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from mandalakit import language
from mandalakit.core.messages import _
from mandalakit.widgets.play.log import RULES_PAGE

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
import statics  # noqa: E402  (beside this file)

#: Repository files shown as site pages under another name (site path -> repository path).
TAKEN = {
    "index.md": "README.md",
    "fr/index.md": "README.fr.md",
    "pt/index.md": "README.pt.md",
    "contributing.md": "CONTRIBUTING.md",
    "credits.md": "CREDITS.md",
    "datasets.md": "datasets/README.md",
    **{f"rulebook/{p.stem}.md": f"mandalakit/rulebook/{p.name}"
       for p in sorted((ROOT / "mandalakit" / "rulebook").glob("*.md"))},
}
GAMES = {"M": "mandala", "F": "flowers", "O": "ohanami"}
RULE_LINE = re.compile(r"^(?P<lead>- )(?P<id>[MFO]-\d+\.\d+[a-z]?)(?P<rest>\s)", re.M)
RULE_HEADING = re.compile(r"^(?P<hashes>#{2,3}) (?P<id>[MFO]-\d+)\b(?P<rest>.*)$", re.M)
#: The link of a rule tag on a pupils' page (mandalakit.widgets.play.log.rule_tag): to the rule's
#: anchor on the page beside it, ``rules.ipynb`` (what Voilà serves); the site sends it to the rule
#: in the players' rulebook page instead, in the same tab.
RULE_LINK = re.compile(rf'<a href="{re.escape(RULES_PAGE)}#(?P<id>[MFO]-[\d.]+)"[^>]*>')
MD_LINK = re.compile(r"(?P<open>\]\()(?P<target>[^)\s]+)(?P<close>\))")
HTML_LINK = re.compile(r'(?P<open>\b(?:href|src)=")(?P<target>[^"]+)(?P<close>")')
ASSET = "mk-asset:"  # a path under the site's assets/, made relative to each page (on_post_page)
LANGUAGES = ("fr", "pt")
#: MathJax's settings, read when it starts: the web fonts the site holds, no font images.
MATHJAX_FONTS = ('<script>window.MathJax = {"HTML-CSS": {availableFonts: [], preferredFont: null, '
                 'webFont: "STIX-Web", imageFont: null}};</script>')
#: What the site holds for each reader, at the top of the home page of each language.
ON_THIS_SITE = {
    "index.md": ("On this site", [
        ("Pupils", "the lessons as pages, with their pictures", "notebooks/index.ipynb"),
        ("Teachers", "the guide, worksheets and answers, running a class", "teachers.md"),
        ("Players and analysts", "the command line, the datasets and their data cards", "analysis.md"),
        ("Students training agents", "PettingZoo and OpenSpiel", "rl.md"),
        ("Contributors", "the layout, the rules of record by id, the API reference", "contributing.md"),
    ]),
    "fr/index.md": ("Sur ce site", [
        ("Élèves", "les leçons en pages, avec leurs images", "../notebooks/fr/index.ipynb"),
        ("Enseignants", "le guide, les fiches et corrigés", "enseignants.md"),
        ("Règles", "les règles de chaque jeu, règle par règle", "../rulebook/mandala.fr.md"),
    ]),
    "pt/index.md": ("Neste site", [
        ("Alunos", "as lições em páginas, com as suas imagens", "../notebooks/pt/index.ipynb"),
        ("Professores", "o guia, as fichas e as respostas", "teachers.md"),
        ("Regras", "as regras de cada jogo, regra por regra", "../rulebook/mandala.pt.md"),
    ]),
}

#: The packages of the API reference, in the order of the layout (CONTRIBUTING.md).
API = {
    "mandalakit": "the package: games, languages, rules texts, the command line",
    "mandalakit.core": "the shared contract, records, bots, the conformance check, SVG primitives",
    "mandalakit.ohanami": "Ohanami's engine",
    "mandalakit.mandala": "Mandala's engine",
    "mandalakit.flowers": "Flowers' engine",
    "mandalakit.fast": "compiled batch simulation",
    "mandalakit.rl": "action numbering, observations, PettingZoo and OpenSpiel",
    "mandalakit.widgets": "the pages' widgets",
    "mandalakit.widgets.play": "the game table and the replay",
    "mandalakit.widgets.play.games": "each game's part of the table",
    "mandalakit.widgets.lessons": "the lessons' and maths track's widgets",
    "mandalakit.widgets.analysis": "the analysis dashboard and its charts",
    "mandalakit.widgets.classroom": "the class view",
    "mandalakit.widgets.server": "the dashboard server's plumbing",
    "mandalakit.widgets.guided": "the guided first games",
}

_site: dict = {}  # what on_config learnt: the forge, the Binder base, the repository path of each page


# ----- the forge and Binder ---------------------------------------------------------------------
def _forge() -> str | None:
    remote = os.environ.get("MANDALAKIT_FORGE")
    if remote is None:
        try:
            done = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True,
                                  text=True, timeout=10)
            remote = done.stdout.strip() if done.returncode == 0 else ""
        except (OSError, subprocess.TimeoutExpired):
            remote = ""
    remote = remote.strip()
    hosted = re.fullmatch(r"(?:https://|ssh://git@|git@)(?P<host>[\w.-]+)[/:](?P<path>[^\s?#]+?)(?:\.git)?/?", remote)
    return f"https://{hosted['host']}/{hosted['path']}" if hosted else None


def _binder(forge: str | None) -> str | None:
    if not forge:
        return None
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "binder" / "links.py")
    links = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(links)
    try:
        return links.binder_base(forge)
    except ValueError:
        return None


def _forge_file(path: str) -> str | None:
    forge = _site.get("forge")
    if not forge:
        return None
    kind = "-/blob" if "gitlab" in forge else "blob"
    return f"{forge}/{kind}/HEAD/{quote(path)}"


def declared_hosts() -> set[str]:
    """The only hosts the site links to (the link check reads them from the site's own page)."""
    return {re.sub(r"^https://([^/]+).*", r"\1", u) for u in (_site.get("forge"), _site.get("binder")) if u}


# ----- files --------------------------------------------------------------------------------------
def on_startup(command, dirty):
    # Before any plugin reads its configuration: mkdocstrings keeps only the search paths that
    # exist when it starts, so on a fresh clone's first build the tree must be there already
    # (made in on_config, the first build could not find mandalakit.widgets; the second could).
    _api_tree(ROOT / "build" / "docs-api" / "mandalakit")


def on_config(config):
    forge = _forge()
    _site.update(forge=forge, binder=_binder(forge), repo_of={})
    return config


def _api_tree(target: Path) -> None:
    """The package's Python as it is installed, for the API pages: mandalakit/ with widgets/ as
    mandalakit/widgets (a copy of the .py files: Griffe reads sources without importing them, and
    follows links back to where they point)."""
    if target.exists():
        shutil.rmtree(target)
    for source, inside in ((ROOT / "mandalakit", target), (ROOT / "widgets", target / "widgets")):
        shutil.copytree(source, inside, ignore=lambda folder, names: [
            n for n in names if n == "__pycache__" or (Path(folder, n).is_file() and not n.endswith(".py"))])


def _repo_path(src_uri: str) -> str:
    return _site["repo_of"].get(src_uri, f"docs/{src_uri}")


def _generated(config, files, src_uri: str, repo: str | None, **kwargs) -> None:
    files.append(File.generated(config, src_uri, **kwargs))
    if repo:
        _site["repo_of"][src_uri] = repo


@event_priority(100)  # before mkdocs-jupyter, which takes the notebooks added here
def on_files(files, config):
    for src, repo in TAKEN.items():
        _generated(config, files, src, repo, content=(ROOT / repo).read_text(encoding="utf-8"))
    for src, text in _api_pages().items():
        _generated(config, files, src, None, content=text)
    _generated(config, files, "cli.md", None, content=_cli_page())
    for src, folder in _notebooks().items():  # real files (mkdocs-jupyter reads them from a folder)
        files.append(File(src, folder, config["site_dir"], config["use_directory_urls"]))
        _site["repo_of"][src] = src
    return files


def _notebooks() -> dict[str, str]:
    """Every notebook run, its widgets drawn: site path -> the folder holding the run copy at that
    path (kept while the package's sources and the notebook are the same, under
    ``build/docs-notebooks/`` or ``MANDALAKIT_DOCS_CACHE``)."""
    cache = Path(os.environ.get("MANDALAKIT_DOCS_CACHE") or ROOT / "build" / "docs-notebooks")
    digest = statics.sources_digest(ROOT)[:16]
    todo, done = [], {}
    for source in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        rel = source.relative_to(ROOT).as_posix()
        key = statics.hashlib.sha256(source.read_bytes()).hexdigest()[:16]
        folder = cache / digest / key
        target = folder / rel
        done[rel] = str(folder)
        if not target.exists():
            todo.append((source, target))
    if todo:
        with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
            list(pool.map(statics.run, *zip(*todo)))
    return done


def _api_pages() -> dict[str, str]:
    index = ["# API reference", "",
             "Generated from the docstrings of the installed package (mkdocstrings). Contributors: the layout "
             "is in [Contributing](../contributing.md).", "", "| package | what |", "|---|---|"]
    pages = {}
    for package, what in API.items():
        folder = ROOT / ("widgets" if package.startswith("mandalakit.widgets") else "mandalakit")
        parts = package.split(".")[2:] if package.startswith("mandalakit.widgets") else package.split(".")[1:]
        folder = folder.joinpath(*parts)
        modules = sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_"))
        body = [f"# {package}", "", what[0].upper() + what[1:] + ".", "", f"::: {package}",
                "    options:", "      show_root_heading: false", "      members: false", ""]
        for module in modules:
            body += [f"## {package}.{module}", "", f"::: {package}.{module}",
                     "    options:", "      show_root_heading: false", "      heading_level: 3", ""]
        page = f"api/{package}.md"
        pages[page] = "\n".join(body)
        index.append(f"| [{package}]({package}.md) | {what} |")
    pages["api/index.md"] = "\n".join(index) + "\n"
    return pages


def _cli_page() -> str:
    from mandalakit.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    lines = ["# The command line", "",
             "`mandalakit` plays, records, replays and measures games from a shell (installed with the "
             "package). Examples and the tables it writes: [Analysis](analysis.md); the shipped tables: "
             "[Datasets](datasets.md). Each command's `--help` prints what follows.", "",
             "```text", parser.format_help().rstrip(), "```", ""]
    for name, command in sub.choices.items():
        lines += [f"## mandalakit {name}", "", "```text", command.format_help().rstrip(), "```", ""]
    return "\n".join(lines)


# ----- pages --------------------------------------------------------------------------------------
def _site_of_repo(repo_path: str, files) -> str | None:
    """The site path (src_uri) of a repository file, if the site shows it."""
    for src, repo in _site["repo_of"].items():
        if repo == repo_path:
            return src
    if repo_path.startswith("docs/") and files.get_file_from_path(repo_path[5:]):
        return repo_path[5:]
    return None


def _relink(target: str, page, files, *, markdown: bool) -> str:
    """One link of ``page``, written for the repository, as a link of the site."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith(("#", "/")):
        return target
    path, _, anchor = target.partition("#")
    if not path:
        return target
    here = posixpath.dirname(_repo_path(page.file.src_uri))
    bases = [here]
    if page.file.src_uri.endswith(".ipynb"):
        # a notebook may show a page of docs/ (the teachers' page shows docs/teachers.md), whose
        # links are written from docs/ (docs/fr/, docs/pt/ for the other languages)
        language = _language(page.file.src_uri)
        bases.append("docs" if language == "en" else f"docs/{language}")
    fragment = f"#{anchor}" if anchor else ""
    for base in bases:
        repo_path = posixpath.normpath(posixpath.join(base, path)).rstrip("/")
        site = _site_of_repo(repo_path, files)
        if site is None and (ROOT / repo_path).is_dir() and files.get_file_from_path(f"{repo_path[5:]}/README.md"):
            site = f"{repo_path[5:]}/README.md"
        if site is not None:
            if markdown:
                return posixpath.relpath(site, posixpath.dirname(page.file.src_uri)) + fragment
            return _relative_url(files.get_file_from_path(site).url, page.url) + fragment
        if (ROOT / repo_path).exists():
            return (_forge_file(repo_path) or "mk-unlinked:" + repo_path) + fragment
    return target


def _relative_url(url: str, from_url: str) -> str:
    base = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    rel = posixpath.relpath("/" + url, "/" + base) if url else posixpath.relpath("/", "/" + base)
    return rel + ("/" if url.endswith("/") and not rel.endswith("/") else "") if rel != "." else "./"


def _unlink_markdown(markdown: str) -> str:
    # a link to a file the site has not and no forge to send it to: its words, not a dead link
    return re.sub(r"\[([^\]]*)\]\(mk-unlinked:[^)]*\)", r"\1", markdown)


def _anchor_rules(markdown: str) -> str:
    """Each rule line (``- M-4.4 text``) and section heading (``## M-4 ...``) gets its id as anchor."""
    markdown = RULE_LINE.sub(lambda m: f'{m["lead"]}<a id="{m["id"]}" class="mk-rule-id" href="#{m["id"]}">'
                                       f'{m["id"]}</a>{m["rest"]}', markdown)
    return RULE_HEADING.sub(lambda m: f'{m["hashes"]} {m["id"]}{m["rest"]} {{#{m["id"]}}}', markdown)


def _on_this_site(src: str) -> str:
    title, rows = ON_THIS_SITE[src]
    items = "\n".join(f"    - **[{who}]({target})**: {what}" for who, what, target in rows)
    return f'!!! note "{title}"\n{items}\n'


def on_page_markdown(markdown, page, config, files):
    src = page.file.src_uri
    if src.startswith(("rules/", "rulebook/")) and "glossary" not in src and not src.endswith("README.md"):
        markdown = _anchor_rules(markdown)
    markdown = MD_LINK.sub(lambda m: m["open"] + _relink(m["target"], page, files, markdown=True) + m["close"],
                           markdown)
    if src in ON_THIS_SITE:  # after the title: each reader's way in (links written for the site)
        title, _, rest = markdown.partition("\n")
        markdown = f"{title}\n\n{_on_this_site(src)}\n{rest}"
    return _unlink_markdown(markdown)


def _language(src_uri: str) -> str:
    parts = src_uri.split("/")
    for language in LANGUAGES:
        if language in parts[:2]:
            return language
    return "en"


def _rule_link(rule: str, page, files) -> str:
    """Where a lesson's rule tag points: the rule in the players' rulebook of the page's language."""
    rulebook = files.get_file_from_path(f"rulebook/{GAMES[rule[0]]}.{_language(page.file.src_uri)}.md")
    return f"{_relative_url(rulebook.url, page.url)}#{rule}"


def _run_box(page) -> str:
    """The "Run this page" box of a notebook's page, in its language (the interface catalogue,
    mandalakit/locale: ``make messages`` finds these words)."""
    repo = _site["repo_of"][page.file.src_uri]  # notebooks/fr/ohanami.ipynb
    in_notebooks = repo.removeprefix("notebooks/")
    local_url = f"http://127.0.0.1:8866/voila/render/{in_notebooks}"
    with language(_language(page.file.src_uri)):
        # Translators: the documentation site's box at the top of each lesson, with its two ways to run it.
        title = _("Run this page")
        binder = _("On Binder, nothing to install")
        local = _("On your computer: {demo}, then open {url}", demo="<code>make demo</code>",
                  url=f"<code>{local_url}</code>")
    items = []
    if _site.get("binder"):
        url = f"{_site['binder']}?urlpath={quote('voila/render/' + repo, safe='/')}"
        items.append(f'<li><a href="{html.escape(url)}">{html.escape(binder)}</a></li>')
    items.append(f"<li>{local}</li>")
    return (f'<div class="admonition tip mk-run"><p class="admonition-title">{html.escape(title)}</p>'
            f'<ul>{"".join(items)}</ul></div>')


def on_page_content(content, page, config, files):
    if page.file.src_uri.endswith(".ipynb"):
        content = RULE_LINK.sub(lambda m: f'<a href="{_rule_link(m["id"], page, files)}">', content)
        content = HTML_LINK.sub(lambda m: m["open"] + _relink(html.unescape(m["target"]), page, files,
                                                              markdown=False) + m["close"], content)
        content = re.sub(r'<a href="mk-unlinked:[^"]*"[^>]*>(.*?)</a>', r"\1", content, flags=re.S)
        # the box under the page's title (the notebook's first heading)
        title = re.search(r"</h1>", content)
        at = title.end() if title else 0
        content = MATHJAX_FONTS + content[:at] + _run_box(page) + content[at:]
        if "mk-site-chart" in content:
            content += (f'<script src="{ASSET}plotly-basic.min.js"></script>'
                        f'<script src="{ASSET}charts.js"></script>')
    return content


def _root(page_url: str) -> str:
    """The way from a page to the site's root: ``""``, ``"../"``, ``"../../"``..."""
    folder = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
    return "../" * len([part for part in folder.split("/") if part])


#: mkdocs-jupyter's stylesheet, the same 570 kB in every notebook page: kept once, in assets/.
JUPYTER_CSS = re.compile(r'<style type="text/css">\s*@charset "UTF-8";\.jupyter-wrapper\{.*?</style>', re.S)
EXTERNAL = re.compile(r'<a (?P<attrs>[^>]*?)href="(?P<url>https?://(?P<host>[^/"]+)[^"]*)"(?P<rest>[^>]*)>(?P<text>.*?)</a>', re.S)


def _offsite(match) -> str:
    """A link to a host the site does not declare: its words and the address, not a link."""
    if match["host"] in declared_hosts():
        return match[0]
    url = html.escape(html.unescape(match["url"]))
    text = match["text"]
    return text if html.unescape(re.sub(r"<[^>]+>", "", text)).strip() == html.unescape(match["url"]) else \
        f'{text} (<span class="mk-address">{url}</span>)'


def on_post_page(output, page, config):
    root = _root(page.url)
    output = output.replace(ASSET + "../", root).replace(ASSET, root + "assets/")
    found = JUPYTER_CSS.search(output)
    if found:
        _site["jupyter_css"] = found[0].removeprefix('<style type="text/css">').removesuffix("</style>")
        output = output.replace(found[0], f'<link rel="stylesheet" href="{root}assets/jupyter.css">')
    return EXTERNAL.sub(_offsite, output)


def on_post_build(config):
    assets = Path(config["site_dir"]) / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    static = ROOT / "widgets" / "static"
    shutil.copy(static / "plotly-basic.min.js", assets)
    shutil.copy(static / "plotly-basic.LICENSE", assets)
    shutil.copy(Path(__file__).parent / "charts.js", assets)
    shutil.copy(Path(__file__).parent / "site.css", assets / "mk-site.css")
    shutil.copy(Path(__file__).parent / "iframe-worker-shim.js", assets)
    shutil.copy(Path(__file__).parent / "iframe-worker.LICENSE", assets)
    (assets / "jupyter.css").write_text(_site.get("jupyter_css", ""), encoding="utf-8")
    _copy_mathjax(assets / "mathjax")
    (Path(config["site_dir"]) / "hosts.json").write_text(json.dumps(sorted(declared_hosts())), encoding="utf-8")


def _copy_mathjax(target: Path) -> None:
    """MathJax 2 from the jupyter-server-mathjax package (the Jupyter server's own copy): its TeX
    input and HTML-CSS output with the STIX web fonts; not its translations, accessibility
    extensions or SVG fonts, which no page asks for."""
    import jupyter_server_mathjax

    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=lambda folder, names: [
        n for n in names if (Path(folder) / n).relative_to(source).as_posix()
        in {"localization", "extensions/a11y", "jax/output/SVG"}])
