"""The saved pages of the source sites (tests/fixtures/html/web), served on 127.0.0.1 as the
sites lay them out, and a fetcher that waits for nothing: what the crawler, the adapters' golden
files and the online scrape are tested on."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from httpserver import LocalServer, Reply
from tools.config import FetchConfig
from tools.sources.fetch import Fetcher

WEB = Path(__file__).resolve().parent.parent / "fixtures" / "html" / "web"
# Where each source adapter's walk starts among the saved pages.
SAVED_STARTS = {"pzbs-2017": "/sedziowie/mpb/2017/pl/spis.html", "pzbs-1997": "/laws/nota9.htm"}


@contextmanager
def saved_pages() -> Iterator[LocalServer]:
    """Every saved page at its relative path, plus a robots.txt that lets them be read."""
    with LocalServer() as server:
        server.routes["/robots.txt"] = Reply(200, b"User-agent: *\nDisallow: /private/\n")
        server.add_folder(WEB)
        yield server


def quick_fetch(tmp_path: Path, **changes: object) -> FetchConfig:
    """A fetch config with no wait, no retry and a short timeout, its cache under `tmp_path`."""
    options: dict[str, object] = {"min_interval": 0.0, "timeout": 2.0, "retries": 0,
                                  "backoff": 0.0, "cache_dir": tmp_path / "cache", **changes}
    return FetchConfig(**options)  # type: ignore[arg-type]


def fetcher(tmp_path: Path, offline: bool = False) -> Fetcher:
    """A Fetcher of quick_fetch's config."""
    return Fetcher(quick_fetch(tmp_path), offline=offline)
