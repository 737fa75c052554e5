"""The documentation site (``make docs``, mkdocs.yml, docs/web/): built by ``make docs`` from
scratch into a temporary folder, every link and anchor checked, each reader's pages there, and, in Chromium, the
home, a lesson and the API pages load nothing from another host.

The build runs every notebook (about 2 minutes on 2 cores), once for the module. The forge is
given (``MANDALAKIT_FORGE``) so that the Binder links are built and checked too. Screenshots go
to ``MANDALAKIT_DOCS_SHOTS`` when it is set (``make docs-shots``), to the test's folder otherwise.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from _browser import ROOT, chromium, watch

sys.path.insert(0, str(ROOT / "docs" / "web"))
import linkcheck  # noqa: E402

FORGE = "https://github.com/example/mandalakit"
BINDER = "https://mybinder.org/v2/gh/example/mandalakit/HEAD"
MKDOCS = Path(sys.executable).parent / "mkdocs"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not MKDOCS.exists():
        pytest.skip("mkdocs is not installed next to this Python (pip install '.[docs]')")
    where = tmp_path_factory.mktemp("site")
    env = {**os.environ, "MANDALAKIT_FORGE": FORGE, "MANDALAKIT_DOCS_CACHE": str(where / "cache"),
           "NO_MKDOCS_2_WARNING": "1"}
    # make docs itself, with this Python's environment (CI's .venv; make .venv/.test marks its docs
    # extra installed); it ends with the link check, which the test below repeats and reads
    venv = Path(sys.executable).parent.parent
    done = subprocess.run(["make", "--no-print-directory", "docs", f"VENV={venv}", f"DOCS_SITE={where / 'site'}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().endswith(", 0 broken"), done.stdout[-1000:]
    return where / "site"


def text(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


@pytest.mark.slow
def test_every_link_and_anchor_resolves_and_none_leaves_but_for_the_forge_and_binder(site):
    assert json.loads(text(site, "hosts.json")) == ["github.com", "mybinder.org"]
    count, problems = linkcheck.check(site)
    assert problems == []
    assert count > 5000


@pytest.mark.slow
def test_each_reader_has_their_pages_in_every_language_the_pages_have(site):
    readers = {
        "pupils": ["notebooks/index.html", "notebooks/ohanami.html", "notebooks/mandala.html", "notebooks/flowers.html",
                   "notebooks/maths.html", "notebooks/guide-ohanami.html", "notebooks/play-mandala.html",
                   "rulebook/ohanami.en.html"],
        "teachers": ["teachers.html", "notebooks/teachers.html", "classroom.html", "notebooks/class.html"],
        "players and analysts": ["analysis.html", "cli.html", "datasets.html", "notebooks/analysis.html", "bots.html"],
        "students": ["rl.html"],
        "contributors": ["contributing.html", "rules/mandala.html", "rules/index.html", "api/index.html",
                         "api/mandalakit.core.html", "packaging.html"],
        "French": ["fr/index.html", "fr/enseignants.html", "notebooks/fr/ohanami.html", "rulebook/mandala.fr.html"],
        "Portuguese": ["pt/index.html", "pt/teachers.html", "notebooks/pt/ohanami.html", "rulebook/mandala.pt.html"],
    }
    missing = {reader: [p for p in pages if not (site / p).is_file()] for reader, pages in readers.items()}
    assert all(not pages for pages in missing.values()), missing


@pytest.mark.slow
def test_a_lesson_has_its_pictures_its_run_links_and_rule_tags_linked_to_their_rules(site):
    lesson = text(site, "notebooks/ohanami.html")
    assert lesson.count("<svg") >= 5  # the boards and pictures, drawn at build time
    assert "IPY_MODEL_" not in lesson and "widget-view+json" not in lesson  # no widget left to a manager
    assert f'href="{BINDER}?urlpath=voila/render/notebooks/ohanami.ipynb"' in lesson
    assert "<code>make demo</code>" in lesson and "http://127.0.0.1:8866/voila/render/ohanami.ipynb" in lesson
    assert 'href="../rulebook/ohanami.en.html#O-2.4"' in lesson
    assert "rules.ipynb" not in lesson  # each tag's link to the live rules page, sent to the rulebook
    assert "In about 20 minutes" in lesson  # the notebook's own words
    french = text(site, "notebooks/fr/ohanami.html")
    assert 'href="../../rulebook/ohanami.fr.html#O-2.4"' in french and "Lancer cette page" in french
    # the box's words come from the interface catalogue of the page's language (mandalakit/locale)
    assert "Sur votre ordinateur\u00a0: <code>make demo</code>" in french
    assert "No seu computador: <code>make demo</code>" in text(site, "notebooks/pt/ohanami.html")


@pytest.mark.slow
def test_every_rule_of_record_and_of_the_rulebooks_has_its_anchor(site):
    from mandalakit.core.rulebook import rules, sections

    for game, prefix in (("mandala", "M"), ("flowers", "F"), ("ohanami", "O")):
        written = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        record = set(re.findall(rf"^(?:- |## )({prefix}-[\d.]+[a-z]?)\b", written, re.M))
        assert len(record) >= 15 and {f"{prefix}-1", f"{prefix}-1.1"} <= record
        assert record <= linkcheck.read(site / f"rules/{game}.html").ids, game
        for language in ("en", "fr", "pt"):
            expected = {r for section in sections(game, language) for r in (section, *rules(section, language))}
            assert len(expected) >= 15
            assert expected <= linkcheck.read(site / f"rulebook/{game}.{language}.html").ids, (game, language)
            # the pupils' page of every rule (notebooks/rules.ipynb), which the live pages' tags open
            folder = "" if language == "en" else f"{language}/"
            assert expected <= linkcheck.read(site / f"notebooks/{folder}rules.html").ids, (game, language)


@pytest.mark.slow
def test_the_api_pages_come_from_the_docstrings(site):
    core = text(site, "api/mandalakit.core.html")
    assert 'id="mandalakit.core.records"' in core and "ChanceEvent" in core
    widgets = text(site, "api/mandalakit.widgets.play.html")
    assert 'id="mandalakit.widgets.play.board.BoardView"' in widgets


@contextlib.contextmanager
def served(folder: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.mark.slow
@pytest.mark.browser
def test_home_lesson_and_api_pages_load_nothing_from_another_host(site, tmp_path):
    shots = Path(os.environ.get("MANDALAKIT_DOCS_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    pages = {"home": "index.html", "lesson": "notebooks/ohanami.html", "api": "api/mandalakit.core.html",
             "lesson-fr": "notebooks/fr/mandala.html", "analysis": "notebooks/analysis.html"}
    with served(site) as url, chromium() as browser:
        for width in (1024, 420):
            page = browser.new_page(viewport={"width": width, "height": 900})
            errors, outside = watch(page)
            for name, path in pages.items():
                page.goto(url + path, wait_until="load")
                if name == "lesson":
                    # MathJax typeset the lesson's formulas, from the site's copy
                    page.locator(".MathJax, .MathJax_Display").first.wait_for(timeout=30_000)
                if name == "analysis":
                    page.locator(".mk-site-chart .main-svg").first.wait_for(timeout=30_000)
                page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=False)
                drawn = page.locator(".mk-site-chart .main-svg, .mk-site-widget svg")
                if name in ("lesson", "analysis"):  # a board or chart, as the page draws it
                    drawn.first.scroll_into_view_if_needed()
                    page.screenshot(path=str(shots / f"{name}-drawn-{width}.png"))
                if name == "lesson-fr":  # a rule tag opened shows its rule whole, its link to the rule on top
                    tag = page.locator("details.mk-rule:visible").nth(1)
                    tag.scroll_into_view_if_needed()
                    tag.locator("summary").click()
                    link = tag.locator(".mk-rule-open a")
                    assert link.get_attribute("href").startswith("../../rulebook/mandala.fr.html#M-")
                    assert link.evaluate("""a => { const box = a.getBoundingClientRect();
                        const top = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
                        return a.contains(top); }"""), "the opened rule is cut at the edge of its output"
                    page.screenshot(path=str(shots / f"rule-tag-{width}.png"))
            # the search index is the site's own: a word of a lesson finds it
            page.goto(url + "index.html", wait_until="load")
            page.keyboard.press("s")
            page.locator("input.md-search__input").fill("staircase")
            page.locator(".md-search-result__item").first.wait_for(timeout=30_000)
            page.screenshot(path=str(shots / f"search-{width}.png"))
            page.close()
            assert outside == [], outside
            # MathJax 2's HTML-CSS output probes web fonts with a blank one (url about:blank), which
            # Chromium refuses as a font: no request leaves the page, nothing else fails
            assert [e for e in errors if "about:blank" not in e] == [], errors
