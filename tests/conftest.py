"""What every test shares: the guard that the checkout stays untouched, the tier of each test, and
the builds made once per session (the snapshot site, the main job's build, the main command's
build of the imitation, the search indexes), read-only to tests.

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
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from helpers.checkout_files import ROOT, changed_files, checkout_files
from helpers.once import once_per_run
from helpers.site_build import build_test_site, real_corpus
from tools.config import Config
from tools.model import Corpus
from tools.reference import load_reference

TIERS = ("unit", "build", "browser")
BROWSER_DIR = Path(__file__).resolve().parent / "browser"
# The session's builds: a test that asks for one reads a build (each made once, ~30 s).
BUILD_FIXTURES = frozenset({"site_dir", "base_url", "main_job_build", "imitation_build"})


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
    """The site built once for the whole run (the snapshot and the marked synthetic English
    Law 64); its build folder (assistant.json, the index) is `site_dir.parent / "build"`. Shared
    by every tier and every worker, so read-only: a test that changes it works on a copy."""
    root = once_per_run(tmp_path_factory, "siteroot", lambda root: build_test_site(root, corpus))
    with unchanged(root, "tests wrote into the session's built site (change a copy)"):
        yield root / "site"


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


@dataclass(frozen=True)
class MainJobBuild:
    """What `bridgelaw build --strict` wrote on the bundled snapshot."""

    root: Path  # build/, content/ and site/ under it
    config: Config

    @property
    def report(self) -> dict[str, Any]:
        """The report file it wrote."""
        return json.loads(self.config.report_file.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def main_job_build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainJobBuild]:
    """The main job, strict, from the bundled snapshot alone (offline, an empty fetch cache):
    every stage, the report file, a site with no English law text (unlike `site_dir`)."""
    from tools.build import build
    from tools.cli_build import home_pages

    def config_at(root: Path) -> Config:
        config = Config.at(root, strict=True)
        return replace(config, fetch=replace(config.fetch, cache_dir=root / ".cache" / "http"))

    def make(root: Path) -> None:
        home_pages(Config().content_dir, config_at(root).content_dir)
        build(config_at(root))

    root = once_per_run(tmp_path_factory, "main-job", make)
    with unchanged(root, "tests wrote into the session's main-job build (change a copy)"):
        yield MainJobBuild(root, config_at(root))


@dataclass(frozen=True)
class ImitationBuild:
    """The main command's build of the imitation of the live sites, and what the sites saw."""

    out: Path  # build/, content/, site/ and .cache/ under it
    status: int  # the command's exit status
    starts: dict[str, str]  # the start page of each source adapter
    asked: list[tuple[str, int]]  # (path, status) of every request the sites answered


@pytest.fixture(scope="session")
def imitation_build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ImitationBuild]:
    """`bridgelaw build --sources auto` against the imitation of the source sites on 127.0.0.1
    (tests/imitation/, the clean markup: all 93 laws of 2017 and the 31 of 1997's Chapter VI,
    in Polish and English, every text placeholder marked SYNTHETIC), run once for the run. The
    sites stop when it is done: a later request to them fails."""

    def make(out: Path) -> None:
        from imitation import build, serve
        from tools.cli import main

        with serve(build("clean")) as served:
            starts = {"pzbs-2017": served.start_toc, "pzbs-1997": served.start_1997}
            status = main(["build", "--sources", "auto", "--out", str(out), "--delay", "0",
                           *(f"--start={name}={url}" for name, url in starts.items())])
            asked = [(sent.path, sent.status) for sent in served.log]
        (out / "run.json").write_text(json.dumps({"status": status, "starts": starts,
                                                  "asked": asked}), encoding="utf-8")

    out = once_per_run(tmp_path_factory, "imitation-build", make)
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    with unchanged(out / "site", "tests wrote into the session's imitation site"):
        yield ImitationBuild(out, run["status"], run["starts"],
                             [(path, status) for path, status in run["asked"]])
