"""Browser test fixtures: the session's site (built once, tests/conftest.py) served on 127.0.0.1
and driven by Debian's headless Chromium through Playwright.

The corpus is the real one (the bundled snapshot parsed and linked). The snapshot holds no
English law text, so one English page is added: Law 64 (2017) with SYNTHETIC text, labelled as
such in every unit, to exercise the side-by-side view and the English previews. No real law
text is invented.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.browser import CHROMIUM, LAUNCH_ARGS, PHONE, WIDE, serve_folder

# Outside the checkout, as every other thing a test writes; BRIDGELAW_SCREENSHOTS names another.
SCREENSHOTS = Path(os.environ.get("BRIDGELAW_SCREENSHOTS")
                   or Path(tempfile.gettempdir()) / "bridgelaw-screenshots")


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 on a free port."""
    with serve_folder(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[object]:
    """One Playwright for the session: its sync API keeps an event loop running while open, so
    every browser test in this folder shares it (a second `sync_playwright()` would fail)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: object) -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright. Its contexts block service workers
    unless a test asks for them (`service_workers="allow"`, tests/browser/test_offline.py): the
    site's worker would otherwise save the whole site in the background of every other test."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    new_context = chromium.new_context

    def blocking_context(**options: object) -> object:
        options.setdefault("service_workers", "block")
        return new_context(**options)

    chromium.new_context = blocking_context
    yield chromium
    chromium.close()


def _page(browser: object, viewport: dict[str, int], touch: bool) -> Iterator[object]:
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                                  device_scale_factor=2 if touch else 1)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser: object) -> Iterator[object]:
    """A 390x844 touch page."""
    yield from _page(browser, PHONE, True)


@pytest.fixture
def wide(browser: object) -> Iterator[object]:
    """A 1280x800 desktop page."""
    yield from _page(browser, WIDE, False)


@pytest.fixture(params=["phone", "wide"])
def page(request: pytest.FixtureRequest, browser: object) -> Iterator[object]:
    """The same test at 390x844 (touch) and at 1280x800."""
    viewport, touch = (PHONE, True) if request.param == "phone" else (WIDE, False)
    yield from _page(browser, viewport, touch)


@pytest.fixture(scope="session")
def shot() -> object:
    """Take a screenshot into SCREENSHOTS (outside the checkout) for a person to look at."""

    def take(page: object, name: str, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
