"""What every test shares: the guard that the checkout stays untouched, the tier of each test, and
the builds made once per session (the snapshot site, the search indexes), read-only to tests.

Tiers (pyproject.toml declares the markers; `pytest -q` runs them all):

- unit: fast; no site is built, no stage runs end to end, no browser runs;
- build: builds a site or runs a stage end to end (the main job, a scrape of the imitation), or
  reads the session's built site;
- browser: drives the built site in headless Chromium (everything under tests/browser/).

A test is marked `build` or `browser` by hand (its module's `pytestmark` or a decorator) only
where neither its folder nor its fixtures tell; every other test is tiered here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from helpers.checkout_files import ROOT, changed_files, checkout_files
from helpers.site_build import build_test_site, real_corpus
from tools.config import Config
from tools.model import Corpus
from tools.reference import load_reference

TIERS = ("unit", "build", "browser")
BROWSER_DIR = Path(__file__).resolve().parent / "browser"
# The session's built site: a test that asks for it reads a build (built once, ~35 s).
BUILD_FIXTURES = frozenset({"site_dir", "base_url"})


def tier_of(item: pytest.Item) -> str:
    """The one tier of a test: its own mark, else its folder, else the fixtures it uses."""
    marked = {mark.name for mark in item.iter_markers() if mark.name in TIERS}
    if len(marked) > 1:
        raise pytest.UsageError(f"{item.nodeid}: more than one tier ({', '.join(sorted(marked))})")
    if marked:
        return marked.pop()
    if BROWSER_DIR in Path(item.path).resolve().parents:
        return "browser"
    if BUILD_FIXTURES & set(getattr(item, "fixturenames", ())):
        return "build"
    return "unit"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every collected test exactly one tier marker, so `-m unit|build|browser` selects it."""
    for item in items:
        tier = tier_of(item)
        if item.get_closest_marker(tier) is None:
            item.add_marker(tier)


@contextlib.contextmanager
def unchanged(root: Path, message: str) -> Iterator[None]:
    """Fail with `message` on leaving if any file under `root` was added, removed or rewritten."""
    before = checkout_files(root)
    yield
    changed = changed_files(before, checkout_files(root))
    assert not changed, message + ":\n" + "\n".join(changed[:40])


@pytest.fixture(scope="session", autouse=True)
def checkout_untouched() -> Iterator[None]:
    """Fail the run (an error at the last test's teardown) if any test wrote into the checkout."""
    with unchanged(ROOT, "tests wrote into the checkout (build in a temp folder)"):
        yield


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The real corpus the session's site is built from (without the synthetic English page)."""
    return real_corpus()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, corpus: Corpus) -> Iterator[Path]:
    """The site built once for the whole session (the snapshot and the marked synthetic English
    Law 64); its build folder (assistant.json, the index) is `site_dir.parent / "build"`. Shared
    by every tier, so read-only: a test that changes it works on a copy."""
    root = tmp_path_factory.mktemp("siteroot")
    site = build_test_site(root, corpus)
    with unchanged(root, "tests wrote into the session's built site (change a copy)"):
        yield site


@pytest.fixture(scope="session")
def snapshot_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A build folder holding the search index of the bundled snapshot's corpus (read-only)."""
    from assistant.situations import load_situations
    from tools.search.index import build_index

    build = tmp_path_factory.mktemp("snapshot-index")
    build_index(real_corpus(), replace(Config(), build_dir=build), load_situations(Config()),
                load_reference(Config()))
    with unchanged(build, "tests wrote into the session's snapshot index (change a copy)"):
        yield build


@pytest.fixture(scope="session")
def seed_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A build folder holding the search index of the seed corpus the lookup is measured on
    (tests/helpers/search_seed_corpus.py; read-only)."""
    from assistant.situations import load_situations
    from helpers.search_seed_corpus import seed_corpus
    from tools.search.index import build_index

    build = tmp_path_factory.mktemp("seed-index")
    build_index(seed_corpus(), replace(Config(), build_dir=build), load_situations(Config()),
                load_reference(Config()))
    with unchanged(build, "tests wrote into the session's seed index (change a copy)"):
        yield build
