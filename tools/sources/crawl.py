"""Walk the source sites and parse what they hold.

2017: the table of contents AND the ← → links of every law page, so no single page can cut
the list; a law the outline has but neither reached is tried at its URL by the site's pattern.
Each Polish page's "EN: Law NN" link leads to its English page (the pattern en/lNN.html is the
fallback). 1997: the chapter page and the English page each law links to. A page that fails
becomes a Problem; nothing here writes to disk (the fetcher keeps its own cache).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from tqdm import tqdm

from tools.errors import SourceError
from tools.model import Law, Problem
from tools.normalize.outline import Outline
from tools.parse.html_1997 import parse_chapter_page_1997, parse_law_page_1997_en
from tools.parse.html_2017 import page_links_2017, read_law_page_2017
from tools.parse.nav import PageLinks
from tools.sources.cache import FetchedPage
from tools.sources.decode import DecodedPage, decode_page
from tools.sources.fetch import Fetcher
from tools.urls import OFFICIAL_2017

POLISH_LAW_PAGE = re.compile(r"/p(\d{1,2})\.html?$")
CHAPTER_PAGE = re.compile(r"/nota(\d{1,2})\.html?$")
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


def english_url(polish_url: str, number: int) -> str:
    """The English 2017 page of a law by the site's pattern: pl/pNN.html -> en/lNN.html."""
    page = OFFICIAL_2017["en"].rsplit("/", 1)[1].format(number=number)
    return urljoin(polish_url, f"../en/{page}")


def english_url_1997(chapter_url: str, number: int) -> str:
    """The English 1997 page of a law by the site's pattern: notaN.htm -> nodeN/lawNN.htm."""
    match = CHAPTER_PAGE.search(urlsplit(chapter_url).path)
    return urljoin(chapter_url, f"node{match.group(1) if match else 9}/law{number}.htm")


@dataclass
class _Crawl:
    fetcher: Fetcher
    outline: Outline | None
    bar: tqdm
    result: CrawlResult = field(default_factory=CrawlResult)
    attempted: set[str] = field(default_factory=set)
    keys: set[tuple[int, str, int]] = field(default_factory=set)
    readings: dict[str, str] = field(default_factory=dict)  # 2017 page URL -> reading taken

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

    def law_2017(self, url: str) -> PageLinks | None:
        """One Polish 2017 law page and its English page; the page's links, None if it failed."""
        links = PageLinks()

        def parse(text: str, date: str) -> Law:
            nonlocal links
            law = self.law_page(text, url, date, "pl")
            links = page_links_2017(text, url)
            return law

        page = self.read(url, "2017-law", parse)
        if page is None:
            return None
        for law in page.laws:
            self.counterpart(law, [law.counterpart_url, english_url(url, law.number)],
                             "2017-law", lambda text, u, date: self.law_page(text, u, date, "en"))
        return links

    def law_page(self, text: str, url: str, date: str, lang: str) -> Law:
        """A 2017 law page parsed, noting which reading of its lists was taken."""
        law, self.readings[url] = read_law_page_2017(text, url, date, lang, self.outline)
        return law

    def crawl_2017(self, start: str) -> None:
        """From the contents (or a law page): every law page it lists, their arrows both
        ways; without a readable contents page, also any law of the outline still unreached,
        at its URL by the site's pattern."""
        queue: deque[str] = deque()
        listed: list[str] = []
        if POLISH_LAW_PAGE.search(urlsplit(start).path):
            queue.append(start)
        else:
            listed = self.contents(start)
            queue.extend(listed)
        base = queue[0] if queue else urljoin(start, "p1.html")
        while len(self.attempted) <= MAX_PAGES:
            if not queue and not listed:
                # No contents to list every law: a page missing mid-walk would cut the walk.
                queue.extend(self.unreached(base))
            if not queue:
                break
            url = queue.popleft()
            if url in self.attempted:
                continue
            links = self.law_2017(url)
            for neighbour in (links.previous, links.next) if links else ():
                if POLISH_LAW_PAGE.search(urlsplit(neighbour).path):
                    queue.append(neighbour.split("#")[0])
        if queue:
            self.result.problems.append(Problem(
                "fetch-error", queue[0], f"walk stopped after {MAX_PAGES} pages"))

    def contents(self, url: str) -> list[str]:
        """The Polish law pages a table of contents links, in its order."""
        self.attempted.add(url)
        loaded = self.fetch(url)
        if loaded is None:
            return []
        try:
            links = page_links_2017(loaded[1].text, url)
        except SourceError as error:
            self.result.problems.append(Problem("parse-error", url, error.message))
            return []
        laws = [u for u in links.laws if POLISH_LAW_PAGE.search(urlsplit(u).path)]
        if not laws:
            self.result.problems.append(Problem(
                "parse-error", url,
                "not a law page (pNN.html) and no links to law pages (not a table of contents)"))
        return laws

    def unreached(self, base: str) -> list[str]:
        """Pages of outline laws no link led to, at the URL the site's pattern gives."""
        if self.outline is None:
            return []
        reached = {number for (edition, lang, number) in self.keys
                   if (edition, lang) == (2017, "pl")}
        return [url for number in self.outline.laws() if number not in reached
                for url in [urljoin(base, f"p{number}.html")] if url not in self.attempted]

    def crawl_1997(self, start: str) -> None:
        """The chapter page's laws and the English page each one links to."""
        page = self.read(start, "1997-chapter",
                         lambda text, date: parse_chapter_page_1997(text, start, date))
        for law in page.laws if page else []:
            if not law.counterpart_url:
                self.result.problems.append(Problem(
                    "missing-translation", start, f"law {law.number} has no English link"))
            self.counterpart(law, [law.counterpart_url, english_url_1997(start, law.number)],
                             "1997-law", parse_law_page_1997_en)


def crawl_sources(fetcher: Fetcher, *, start_2017: str, start_1997: str,
                  outline: Outline | None = None, progress: bool = True) -> CrawlResult:
    """Fetch and parse every law page reachable from the two start pages ("" skips one)."""
    with tqdm(desc="crawl", unit="page", disable=not progress) as bar:
        crawl = _Crawl(fetcher, outline, bar)
        if start_2017:
            crawl.crawl_2017(start_2017)
        if start_1997:
            crawl.crawl_1997(start_1997)
    return crawl.result
