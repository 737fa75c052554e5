"""The page every rule tag links to (notebooks/rules.ipynb), as ``make demo`` serves it: opened at a
rule's anchor, it shows that rule, marked, even though Voilà lays its cells out after the browser
has looked for the anchor (widgets/lessons/rules.py). The links themselves are checked without a
browser (tests/lessons/test_widgets_rules.py)."""

import pytest
from _browser import watch

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1024, 420])
def test_the_rules_page_opened_at_a_rule_shows_that_rule_marked(browser, demo_url, width):
    page = browser.new_page(viewport={"width": width, "height": 800})
    errors, outside = watch(page)
    try:
        page.goto(demo_url + "voila/render/fr/rules.ipynb#F-3.2", timeout=120_000)
        rule = page.locator("[id='F-3.2'].mk-rule-here")
        rule.wait_for(timeout=120_000)
        # in view once the page has scrolled itself there (three looks in a row, 200 ms apart)
        page.wait_for_function("""() => { const box = document.getElementById('F-3.2').getBoundingClientRect();
                                          return box.top >= 0 && box.bottom <= innerHeight; }""", timeout=30_000)
        assert "Les règles des trois jeux" in page.locator("h1").first.inner_text()
        assert page.locator(".mk-rule-here").count() == 1  # only the rule named
        assert not outside and not errors, (outside, errors)
    finally:
        page.close()
