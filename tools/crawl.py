"""Walk the source sites: the 2017 contents (or ← → links) with each law's English page, and the
1997 chapter page with its English per-law links. A page that fails becomes a Problem."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from tqdm import tqdm

from tools.decode import decode_page
from tools.errors import SourceError
from tools.fetch import Fetcher
from tools.model import Law, Problem
from tools.parse_html_1997 import parse_chapter_page_1997, parse_law_page_1997_en
from tools.parse_html_2017 import PageLinks, page_links_2017, parse_law_page_2017

MAX_PAGES = 400  # a runaway ← → walk stops here (the 2017 laws have 93 pages per language)
LAW_PAGE = re.compile(r"/p\d{1,2}\.html?$")


@dataclass
class CrawlResult:
    """The laws read from the sites and everything that went wrong on the way."""

    laws: list[Law] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass
class _Crawl:
    fetcher: Fetcher
    bar: tqdm
    result: CrawlResult = field(default_factory=CrawlResult)

    def page(self, url: str) -> tuple[str, str] | None:
        """(text, fetch date) of a page, or None after recording a fetch-error."""
        self.bar.update(1)
        self.bar.set_postfix_str(url[-40:], refresh=False)
        try:
            fetched = self.fetcher.fetch(url)
            text = decode_page(fetched.body, fetched.headers, fetched.final_url).text
        except SourceError as error:
            self.result.problems.append(Problem("fetch-error", url, error.message))
            return None
        return text, fetched.fetched_at[:10]

    def parse(self, url: str, parse: Callable[[str, str], Law | list[Law]]) -> list[Law]:
        """Fetch and parse one page; [] after recording a fetch- or parse-error."""
        loaded = self.page(url)
        if loaded is None:
            return []
        text, date = loaded
        try:
            parsed = parse(text, date)
        except SourceError as error:
            self.result.problems.append(Problem("parse-error", url, error.message))
            return []
        return parsed if isinstance(parsed, list) else [parsed]

    def add(self, law: Law) -> None:
        """Keep a law unless one with its key was read already (then a Problem)."""
        if any(known.key == law.key for known in self.result.laws):
            self.result.problems.append(Problem(
                "duplicate-law", law.source_url,
                f"law {law.number} ({law.edition}, {law.lang}) already read from another page"))
            return
        self.result.laws.append(law)

    def counterpart(self, law: Law, url: str, parse: Callable[[str, str], Law]) -> None:
        """Fetch the other-language page of `law` and check it holds the same law."""
        for other in self.parse(url, parse):
            if other.number != law.number:
                self.result.problems.append(Problem(
                    "parse-error", url,
                    f"holds law {other.number}, but law {law.number} links to it"))
                continue
            other.counterpart_url = other.counterpart_url or law.source_url
            self.add(other)

    def law_2017(self, url: str) -> PageLinks | None:
        """One Polish 2017 law page and its English page; the page's links, None if it failed."""
        loaded = self.page(url)
        if loaded is None:
            return None
        text, date = loaded
        try:
            law = parse_law_page_2017(text, url, date, "pl")
            links = page_links_2017(text, url)
        except SourceError as error:
            self.result.problems.append(Problem("parse-error", url, error.message))
            return None
        self.add(law)
        english = law.counterpart_url
        if english:
            self.counterpart(law, english,
                             lambda text, date: parse_law_page_2017(text, english, date, "en"))
        else:
            self.result.problems.append(
                Problem("missing-translation", url, "no 'EN: Law NN' link on the page"))
        return links

    def crawl_2017(self, start: str) -> None:
        """From a law page: walk its arrows; from any other page: its pNN.html links."""
        loaded = self.page(start)
        if loaded is None:
            return
        try:
            links = page_links_2017(loaded[0], start)
        except SourceError as error:
            self.result.problems.append(Problem("parse-error", start, error.message))
            return
        if LAW_PAGE.search(urlsplit(start).path):
            self.walk_2017(start)
        elif links.laws:
            for url in links.laws:
                self.law_2017(url)
        else:
            self.result.problems.append(Problem(
                "parse-error", start,
                "not a law page (pNN.html) and no links to law pages (not a table of contents)"))

    def walk_2017(self, start: str) -> None:
        """Follow ← and → from a law page in both directions."""
        seen = {start}
        queue = deque([start])
        while queue and len(seen) <= MAX_PAGES:
            links = self.law_2017(queue.popleft())
            for neighbour in (links.previous, links.next) if links else ():
                if LAW_PAGE.search(urlsplit(neighbour).path) and neighbour not in seen:
                    seen.add(neighbour)
                    queue.append(neighbour)
        if queue:
            self.result.problems.append(Problem(
                "fetch-error", queue[0], f"walk stopped after {MAX_PAGES} pages"))

    def crawl_1997(self, start: str) -> None:
        """The chapter page's laws and the English page each one links to."""
        for law in self.parse(start, lambda text, date: parse_chapter_page_1997(text, start,
                                                                                 date)):
            self.add(law)
            if not law.counterpart_url:
                self.result.problems.append(Problem(
                    "missing-translation", start, f"law {law.number} has no English link"))
                continue
            english = law.counterpart_url
            self.counterpart(law, english,
                             lambda text, date, u=english: parse_law_page_1997_en(text, u, date))


def crawl_sources(fetcher: Fetcher, *, start_2017: str, start_1997: str,
                  progress: bool = True) -> CrawlResult:
    """Fetch and parse every law page reachable from the two start pages ("" skips one)."""
    with tqdm(desc="crawl", unit="page", disable=not progress) as bar:
        crawl = _Crawl(fetcher, bar)
        if start_2017:
            crawl.crawl_2017(start_2017)
        if start_1997:
            crawl.crawl_1997(start_1997)
    result = crawl.result
    result.laws.sort(key=lambda law: law.key)
    return result
