"""The adapter of the PZBS 2017 laws site (www.pzbs.pl/sedziowie/mpb/2017/): pl/pNN.html per
law in Polish, en/lNN.html in English, a table of contents, ← → arrows on every law page.

The walk takes the table of contents AND every law page's arrows, so no single page can cut
the list; a law the outline has but neither reached is tried at its URL by the site's pattern.
Each Polish page's "EN: Law NN" link leads to its English page (the pattern is the fallback).
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any
from urllib.parse import urljoin, urlsplit

from tools.errors import SourceError
from tools.model import Law, Problem
from tools.normalize.outline import Outline
from tools.parse.capture import parse_capture_2017
from tools.parse.html_2017 import page_links_2017, read_law_page_2017
from tools.parse.nav import PageLinks
from tools.sources.crawl import MAX_PAGES, Walker
from tools.urls import OFFICIAL_2017

POLISH_LAW_PAGE = re.compile(r"/p(\d{1,2})\.html?$")


def english_url(polish_url: str, number: int) -> str:
    """The English 2017 page of a law by the site's pattern: pl/pNN.html -> en/lNN.html."""
    page = OFFICIAL_2017["en"].rsplit("/", 1)[1].format(number=number)
    return urljoin(polish_url, f"../en/{page}")


def read_capture(text: str, source: dict[str, Any], outline: Outline | None) -> list[Law]:
    """A bundled capture of one Polish law page."""
    return [parse_capture_2017(text, source, outline)]


def _law_page(walker: Walker, text: str, url: str, date: str, lang: str) -> Law:
    """A law page parsed, noting which reading of its lists was taken."""
    law, walker.readings[url] = read_law_page_2017(text, url, date, lang, walker.outline)
    return law


def _law(walker: Walker, url: str) -> PageLinks | None:
    """One Polish law page and its English page; the page's links, None if it failed."""
    links = PageLinks()

    def parse(text: str, date: str) -> Law:
        nonlocal links
        law = _law_page(walker, text, url, date, "pl")
        links = page_links_2017(text, url)
        return law

    page = walker.read(url, "2017-law", parse)
    if page is None:
        return None
    for law in page.laws:
        walker.counterpart(law, [law.counterpart_url, english_url(url, law.number)], "2017-law",
                           lambda text, u, date: _law_page(walker, text, u, date, "en"))
    return links


def _contents(walker: Walker, url: str) -> list[str]:
    """The Polish law pages a table of contents links, in its order."""
    walker.attempted.add(url)
    loaded = walker.fetch(url)
    if loaded is None:
        return []
    try:
        links = page_links_2017(loaded[1].text, url)
    except SourceError as error:
        walker.result.problems.append(Problem("parse-error", url, error.message))
        return []
    laws = [u for u in links.laws if POLISH_LAW_PAGE.search(urlsplit(u).path)]
    if not laws:
        walker.result.problems.append(Problem(
            "parse-error", url,
            "not a law page (pNN.html) and no links to law pages (not a table of contents)"))
    return laws


def _unreached(walker: Walker, base: str) -> list[str]:
    """Pages of outline laws no link led to, at the URL the site's pattern gives."""
    if walker.outline is None:
        return []
    reached = {number for (edition, lang, number) in walker.keys
               if (edition, lang) == (2017, "pl")}
    return [url for number in walker.outline.laws() if number not in reached
            for url in [urljoin(base, f"p{number}.html")] if url not in walker.attempted]


def walk(walker: Walker, start: str) -> None:
    """From the contents (or a law page): every law page it lists, their arrows both ways;
    without a readable contents page, also any law of the outline still unreached, at its URL
    by the site's pattern."""
    queue: deque[str] = deque()
    listed: list[str] = []
    if POLISH_LAW_PAGE.search(urlsplit(start).path):
        queue.append(start)
    else:
        listed = _contents(walker, start)
        queue.extend(listed)
    base = queue[0] if queue else urljoin(start, "p1.html")
    while len(walker.attempted) <= MAX_PAGES:
        if not queue and not listed:
            # No contents to list every law: a page missing mid-walk would cut the walk.
            queue.extend(_unreached(walker, base))
        if not queue:
            break
        url = queue.popleft()
        if url in walker.attempted:
            continue
        links = _law(walker, url)
        for neighbour in (links.previous, links.next) if links else ():
            if POLISH_LAW_PAGE.search(urlsplit(neighbour).path):
                queue.append(neighbour.split("#")[0])
    if queue:
        walker.result.problems.append(Problem(
            "fetch-error", queue[0], f"walk stopped after {MAX_PAGES} pages"))
