"""The translation check in headless Chromium: the discreet mark on a unit of Law 64's
side-by-side view (its English text is SYNTHETIC, so it differs from the Polish everywhere)
opens the finding, fits a 390x844 phone, closes with Escape, and links to the findings page,
which lists it by law; no serious axe violation on either, in both languages."""

from __future__ import annotations

import pytest

from helpers.browser import serious_violations as _violations

pytestmark = [pytest.mark.browser, pytest.mark.network]

LANG_PREFIX = {"pl": "", "en": "en/"}


def _overflow(page: object) -> int:
    """How far the page is wider than the viewport (0: no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_mark_opens_the_finding(page, base_url, lang, shot) -> None:
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/2017/64/#64B3")
    marks = page.locator(".law-text details.tcheck")
    assert marks.count() > 3
    mark = page.locator('[id="64B3"] > details.tcheck')
    summary = mark.locator("summary")
    label = summary.get_attribute("aria-label")
    assert label.startswith("Uwagi do przekładu 64B3" if lang == "pl" else
                            "Translation findings 64B3")
    pop = mark.locator(".tcheck-pop")
    assert not pop.is_visible()
    shot(page, f"tcheck-closed-{lang}-{page.viewport_size['width']}")
    summary.click()
    assert pop.is_visible()
    text = pop.inner_text()
    assert "PL" in text and "EN" in text and "SYNTHETIC" in text
    box, width = pop.bounding_box(), page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert _overflow(page) <= 0
    # the mark sits beside the text, not on it
    cells = page.eval_on_selector_all(
        '[id="64B3"] > .cell', "cs => cs.filter(c => c.offsetParent).map(c => "
        "c.getBoundingClientRect().right)")
    assert all(right <= summary.bounding_box()["x"] + 1 for right in cells), cells
    shot(page, f"tcheck-open-{lang}-{page.viewport_size['width']}")
    page.keyboard.press("Escape")
    assert not pop.is_visible()
    assert page.evaluate("document.activeElement.closest('details.tcheck') !== null")
    summary.click()
    with page.expect_navigation():
        pop.locator(".tall a").click()
    assert page.url.endswith(f"{LANG_PREFIX[lang]}translation/#t2017-64B3")
    target = page.locator('[id="t2017-64B3"]')
    assert target.is_visible() and "64B3" in target.inner_text()
    assert _overflow(page) <= 0
    shot(page, f"tcheck-page-{lang}-{page.viewport_size['width']}")


def test_one_mark_open_at_a_time_and_keyboard(wide, base_url) -> None:
    wide.goto(f"{base_url}laws/2017/64/")
    marks = wide.locator(".law-text details.tcheck")
    first, second = marks.nth(1), marks.last  # the open panel covers the marks just below
    first.locator("summary").focus()
    wide.keyboard.press("Enter")
    assert first.evaluate("d => d.open")
    second.locator("summary").click()
    assert second.evaluate("d => d.open") and not first.evaluate("d => d.open")
    wide.locator("h1").click()
    assert not second.evaluate("d => d.open")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_findings_page_lists_by_law(page, base_url, lang, shot) -> None:
    page.goto(f"{base_url}{LANG_PREFIX[lang]}translation/")
    assert page.locator("h1").inner_text() == ("Kontrola przekładu" if lang == "pl"
                                               else "Translation check")
    assert page.locator("h3#t2017-law-64").count() == 1
    units = page.locator(".tcheck-list .tunit")
    assert units.count() > 3
    link = units.first.locator("a.unit-id")
    assert f"{LANG_PREFIX[lang]}laws/2017/64/#" in link.evaluate("a => a.href")
    facts = page.locator(".tcheck-facts").first.inner_text()
    assert ("przepisy w obu językach: 1" if lang == "pl" else "laws in both languages: 1") in facts
    assert _overflow(page) <= 0
    shot(page, f"tcheck-list-{lang}-{page.viewport_size['width']}", full_page=True)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_serious_violation(page, base_url, lang) -> None:
    """The findings page, and a law page with a mark open."""
    page.goto(f"{base_url}{LANG_PREFIX[lang]}translation/", wait_until="networkidle")
    assert _violations(page) == [], "\n".join(_violations(page))
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/2017/64/", wait_until="networkidle")
    page.locator('[id="64B3"] > details.tcheck summary').click()
    assert _violations(page) == [], "\n".join(_violations(page))
