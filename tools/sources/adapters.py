"""The source sites, one adapter each (as juriscraper keeps one per court), in a registry.

An adapter names its site, the edition the site prints, its default start page and the manifest
name of the bundled captures of its pages; its module walks the live site from a start page
(`walk(walker, start)`, through tools.sources.crawl.Walker) and reads a capture
(`read_capture(text, source, outline)`). Config.sources pairs adapter names with start pages;
`--start NAME=URL` changes one (an empty URL leaves that site out). This module imports no
adapter: `bridgelaw search` starts without loading the scraper.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tools.errors import BridgelawError
from tools.urls import official_url

if TYPE_CHECKING:
    from tools.model import Law
    from tools.normalize.outline import Outline
    from tools.sources.crawl import Walker


@dataclass(frozen=True)
class SourceSite:
    """One source site and the module that reads it."""

    name: str  # how Config.sources and --start name it
    edition: int
    start: str  # the default start page
    capture: str  # the snapshot manifest's "adapter" for captures of this site's pages
    module: str  # defines walk(walker, start) and read_capture(text, source, outline)

    def _code(self) -> ModuleType:
        return importlib.import_module(self.module)

    def walk(self, walker: Walker, start: str) -> None:
        """Fetch and parse every law page of the site reachable from `start`."""
        self._code().walk(walker, start)

    def read_capture(self, text: str, source: dict[str, Any], outline: Outline | None
                     ) -> list[Law]:
        """The laws of one bundled capture of this site's pages."""
        return list(self._code().read_capture(text, source, outline))


SITES: tuple[SourceSite, ...] = (
    SourceSite("pzbs-2017", 2017, official_url("pl", 1), "capture-2017-law",
               "tools.sources.pzbs_2017"),
    SourceSite("pzbs-1997", 1997, "https://jfr.pzbs.pl/laws/nota9.htm", "capture-1997-chapter",
               "tools.sources.pzbs_1997"),
)
ADAPTERS: dict[str, SourceSite] = {site.name: site for site in SITES}
DEFAULT_STARTS: tuple[tuple[str, str], ...] = tuple((site.name, site.start) for site in SITES)
CAPTURES: dict[str, SourceSite] = {site.capture: site for site in SITES}


def adapter(name: str) -> SourceSite:
    """The adapter registered as `name`; an error listing the registered ones."""
    if name not in ADAPTERS:
        raise BridgelawError(f"no source adapter {name!r} (have: {', '.join(ADAPTERS)})")
    return ADAPTERS[name]


def with_starts(sources: tuple[tuple[str, str], ...], starts: Mapping[str, str]
                ) -> tuple[tuple[str, str], ...]:
    """`sources` with the start pages of `starts` put in (each name must be an adapter's); an
    adapter not in `sources` yet is added after them."""
    for name in starts:
        adapter(name)
    named = dict(sources)
    return (*((name, starts.get(name, url)) for name, url in sources),
            *((name, url) for name, url in starts.items() if name not in named))


def read_starts(pairs: Iterable[str]) -> dict[str, str]:
    """`--start NAME=URL` values as {name: URL}; an error naming a value that is not one."""
    starts: dict[str, str] = {}
    for pair in pairs:
        name, equals, url = pair.partition("=")
        if not equals:
            raise BridgelawError(f"--start {pair!r}: write NAME=URL, NAME one of "
                                 f"{', '.join(ADAPTERS)} (an empty URL leaves the site out)")
        adapter(name.strip())
        starts[name.strip()] = url.strip()
    return starts
