"""Accessibility with axe-core (axe-playwright-python) in Chromium: no serious or critical
violation on a law page, the compare page, a situation page, the wizard (also mid-walk) and the
search (open, with results), in both languages, at 390x844 and 1280x800."""

from __future__ import annotations

import re

import pytest

from helpers.browser import serious_violations as _violations

pytestmark = [pytest.mark.browser, pytest.mark.network]


def _situation(site_dir, lang: str) -> str:
    prefix = "" if lang == "pl" else "en/"
    found = sorted(p.parent.name for p in (site_dir / prefix / "situations").glob("*/index.html"))
    assert found, "the build has no situation pages"
    return f"{prefix}situations/{found[0]}/"


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("kind", ["law", "law-deep-link", "compare", "situation", "glossary"])
def test_page_has_no_serious_violation(page, base_url, site_dir, lang, kind) -> None:
    """Law page (with its preview open), compare, situation, glossary."""
    prefix = "" if lang == "pl" else "en/"
    path = {"law": f"{prefix}laws/2017/64/", "law-deep-link": f"{prefix}laws/2017/45/#45D2",
            "compare": f"{prefix}compare/64/", "situation": _situation(site_dir, lang),
            "glossary": f"{prefix}glossary/"}[kind]
    page.goto(base_url + path, wait_until="networkidle")
    if kind == "law-deep-link":
        link = page.locator('[id="45D2"] a.xref').first
        link.focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        page.locator(".xref-pop").wait_for(state="visible")
    assert _violations(page) == [], "\n".join(_violations(page))


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_wizard_has_no_serious_violation(page, base_url, lang) -> None:
    """The wizard at its start and after the first answer."""
    prefix = "" if lang == "pl" else "en/"
    page.goto(f"{base_url}{prefix}wizard/", wait_until="networkidle")
    page.wait_for_selector('#wizard[data-ready="true"]')
    assert _violations(page) == [], "\n".join(_violations(page))
    first = page.locator("#wizard a, #wizard button").first
    first.click()
    page.wait_for_timeout(300)
    assert _violations(page) == [], "\n".join(_violations(page))


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_search_has_no_serious_violation(page, base_url, lang) -> None:
    """The search box open with results for a query typed without Polish letters."""
    prefix = "" if lang == "pl" else "en/"
    page.goto(f"{base_url}{prefix}laws/2017/64/", wait_until="networkidle")
    page.locator(".bl-search__open").first.click()
    page.wait_for_selector(".bl-search__input", state="visible")
    query = "falszywy renons" if lang == "pl" else "revoke"
    page.fill(".bl-search__input", query)
    page.wait_for_function(
        "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
        arg=query, timeout=10_000)
    assert page.locator(".bl-search__result a").count() > 0
    assert _violations(page) == [], "\n".join(_violations(page))
    assert re.search(r"\d", page.locator(".bl-search__result a").first.get_attribute("href"))
