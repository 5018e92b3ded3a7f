"""Browser test fixtures: the site is built ONCE per session into a temp copy of the project's site
sources, served on 127.0.0.1, and driven by Debian's headless Chromium through Playwright.

The corpus is the real one (build/corpus.json when the scrape stage has run, else the bundled
snapshot parsed and linked here). The snapshot holds no English law text, so one English page
is added: Law 64 (2017) with SYNTHETIC text, labelled as such in every unit, to exercise the
side-by-side view and the English previews. No real law text is invented.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tools.config import Config
from tools.model import Corpus, CrossRef, Law, Unit, walk

ROOT = Config().root
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
SYNTHETIC = "[SYNTHETIC TEST TEXT, not the law]"
SCREENSHOTS = ROOT / "bench" / "out"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def real_corpus() -> Corpus:
    """The scrape stage's corpus from the bundled snapshot (offline, empty fetch cache, so the
    result depends only on the repository)."""
    import tempfile

    from tools.config import FetchConfig
    from tools.scrape import scrape_corpus

    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config(), fetch=FetchConfig(cache_dir=Path(tmp) / "cache"),
                         build_dir=Path(tmp) / "build")
        return scrape_corpus(config).corpus


def synthetic_english(polish: Law) -> tuple[Law, list[CrossRef]]:
    """An English Law with the Polish law's unit ids and plainly synthetic text, plus one
    cross-reference in it (to 64C) so English previews can be tested."""

    def copy(unit: Unit) -> Unit:
        return Unit(id=unit.id, level=unit.level, label=unit.label,
                    title=f"{SYNTHETIC} heading {unit.id}" if unit.title else "",
                    text=f"{SYNTHETIC} unit {unit.id}" if unit.text else "",
                    children=[copy(child) for child in unit.children])

    law = Law(number=polish.number, edition=polish.edition, lang="en",
              title=f"{SYNTHETIC} Law {polish.number}",
              source_url=f"http://127.0.0.1/synthetic/en/p{polish.number}.html",
              fetch_date="2026-11-22", counterpart_url=polish.source_url,
              sections=[copy(unit) for unit in polish.sections])
    first = next(unit for unit in walk(law.sections) if unit.text)
    first.text += " (see Law 64C)"
    ref = CrossRef(law.edition, "en", first.id, "Law 64C", "64C", "resolved")
    return law, [ref]


def build_test_site(root: Path, corpus: Corpus, *, english: bool = True) -> Path:
    """Copy the site sources to `root` and run the stages after scrape as the main job does:
    law pages rendered, the assistant's data, flowcharts and pages, then the site (strict)."""
    from assistant.build import build_assistant
    from tools.glossary import load_glossary
    from tools.outline import load_outline
    from tools.render import render_site_content
    from tools.site import build_site
    from tools.write import write_tree

    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(ROOT / "site_overrides", root / "site_overrides",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for lang in ("pl", "en"):  # the hand-written pages only; the rest is generated below
        (root / "content" / lang).mkdir(parents=True)
        shutil.copy(ROOT / "content" / lang / "index.md", root / "content" / lang / "index.md")
    corpus = Corpus(laws=list(corpus.laws), crossrefs=list(corpus.crossrefs),
                    problems=list(corpus.problems))
    if english and corpus.law(2017, "en", 64) is None:
        polish = corpus.law(2017, "pl", 64)
        assert polish is not None, "the snapshot's Law 64 (2017) is missing from the corpus"
        law, refs = synthetic_english(polish)
        corpus.laws.append(law)
        corpus.crossrefs.extend(refs)
    config = replace(Config(), root=root, content_dir=root / "content", site_dir=root / "site",
                     build_dir=root / "build", strict=True)
    files = render_site_content(corpus, load_outline(config.outline_file),
                                load_glossary(config.glossary_file))
    build_assistant(corpus, config)  # also writes the situation and wizard pages
    write_tree(config.content_dir, files)
    build_site(config)
    return config.site_dir


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The real corpus the test site is built from (without the synthetic English page)."""
    return real_corpus()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, corpus: Corpus) -> Path:
    """The site built once for the whole session."""
    return build_test_site(tmp_path_factory.mktemp("siteroot"), corpus)


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Static files of `folder` served on 127.0.0.1 on a free port; yields the root URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


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
    """Debian's Chromium, headless, driven by Playwright."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
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
    """Take a screenshot into bench/out/ (gitignored) for a person to look at."""

    def take(page: object, name: str, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
