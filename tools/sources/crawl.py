"""Walk the source sites and parse what they hold: the part every site shares.

Walker fetches, decodes and parses one page at a time, records every failure as a Problem and
refuses a law read twice; each site's adapter (tools/sources/adapters.py: pzbs_2017, pzbs_1997)
decides which pages to walk. A page that fails becomes a Problem; nothing here writes to disk
(the fetcher keeps its own cache).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tqdm import tqdm

from tools.errors import SourceError
from tools.model import Law, Problem
from tools.normalize.outline import Outline
from tools.sources.adapters import adapter
from tools.sources.cache import FetchedPage
from tools.sources.decode import DecodedPage, decode_page
from tools.sources.fetch import Fetcher

MAX_PAGES = 400  # a runaway walk stops here (the 2017 laws have 93 pages per language)


@dataclass
class SourcePage:
    """One fetched page: its text as decoded, how, and the laws parsed from it."""

    url: str
    kind: str  # "2017-law", "1997-chapter", "1997-law"
    text: str
    laws: list[Law]
    encoding: str = ""
    charset: str = ""  # how the encoding was chosen, with a declared charset that proved wrong
    body: bytes = b""  # as received, for --save-pages
    content_type: str = ""
    reading: str = ""  # 2017 pages: how the lists were read ("markup" or "typed labels")


@dataclass
class CrawlResult:
    """The pages read from the sites and everything that went wrong on the way."""

    pages: list[SourcePage] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def laws(self) -> list[Law]:
        """Every law parsed, sorted by key."""
        return sorted((law for page in self.pages for law in page.laws), key=lambda law: law.key)


@dataclass
class Walker:
    """One walk of the source sites: what was fetched, tried and read so far."""

    fetcher: Fetcher
    outline: Outline | None
    bar: tqdm
    result: CrawlResult = field(default_factory=CrawlResult)
    attempted: set[str] = field(default_factory=set)
    keys: set[tuple[int, str, int]] = field(default_factory=set)
    readings: dict[str, str] = field(default_factory=dict)  # page URL -> how its lists were read

    def fetch(self, url: str) -> tuple[FetchedPage, DecodedPage] | None:
        """The response and its decoded text, or None after recording why not."""
        self.bar.update(1)
        self.bar.set_postfix_str(url[-40:], refresh=False)
        try:
            fetched = self.fetcher.fetch(url)
            decoded = decode_page(fetched.body, fetched.headers, fetched.final_url)
        except SourceError as error:
            self.result.problems.append(Problem("fetch-error", url, error.message))
            return None
        if decoded.mismatch:
            self.result.problems.append(Problem("charset", url, decoded.mismatch))
        return fetched, decoded

    def read(self, url: str, kind: str, parse: Callable[[str, str], Law | list[Law]]
             ) -> SourcePage | None:
        """Fetch and parse one page; None after recording a fetch- or parse-error."""
        self.attempted.add(url)
        loaded = self.fetch(url)
        if loaded is None:
            return None
        fetched, decoded = loaded
        try:
            parsed = parse(decoded.text, fetched.fetched_at[:10])
        except SourceError as error:
            self.result.problems.append(Problem("parse-error", url, error.message))
            return None
        laws = [law for law in (parsed if isinstance(parsed, list) else [parsed])
                if self.new(law)]
        how = f"{decoded.how}: {decoded.detail}" if decoded.detail else decoded.how
        page = SourcePage(url, kind, decoded.text, laws, decoded.encoding, how, fetched.body,
                          fetched.headers.get("content-type", ""), self.readings.get(url, ""))
        self.result.pages.append(page)
        return page

    def new(self, law: Law) -> bool:
        """Whether no page read before held this law (else a Problem)."""
        if law.key in self.keys:
            self.result.problems.append(Problem(
                "duplicate-law", law.source_url,
                f"law {law.number} ({law.edition}, {law.lang}) already read from another page"))
            return False
        self.keys.add(law.key)
        return True

    def counterpart(self, law: Law, urls: list[str], kind: str,
                    parse: Callable[[str, str, str], Law]) -> None:
        """The other-language page of `law`: the linked page first, then the pattern's."""
        for url in dict.fromkeys(u for u in urls if u):
            if url in self.attempted:
                continue
            page = self.read(url, kind, lambda text, date, u=url: parse(text, u, date))
            if page is None:
                continue
            for other in page.laws:
                if other.number != law.number:
                    self.result.problems.append(Problem(
                        "parse-error", url,
                        f"holds law {other.number}, but law {law.number} links to it"))
                    page.laws = []
                    return
                other.counterpart_url = other.counterpart_url or law.source_url
            return



def crawl_sources(fetcher: Fetcher, starts: Mapping[str, str], *,
                  outline: Outline | None = None, progress: bool = True) -> CrawlResult:
    """Fetch and parse every law page each site's adapter reaches from its start page
    ({adapter name: URL}, in order; an empty URL skips that site)."""
    sites = [(adapter(name), url) for name, url in starts.items() if url]
    with tqdm(desc="crawl", unit="page", disable=not progress) as bar:
        walker = Walker(fetcher, outline, bar)
        for site, url in sites:
            site.walk(walker, url)
    return walker.result
