"""The adapter of the PZBS 1997 laws site (jfr.pzbs.pl/laws/): one Polish page per chapter
(notaN.htm) holding its laws, and one English page per law (nodeN/lawNN.htm) that the chapter
page links to."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from tools.model import Law, Problem
from tools.normalize.outline import Outline
from tools.parse.capture import parse_capture_1997
from tools.parse.html_1997 import parse_chapter_page_1997, parse_law_page_1997_en
from tools.sources.crawl import Walker

CHAPTER_PAGE = re.compile(r"/nota(\d{1,2})\.html?$")


def english_url(chapter_url: str, number: int) -> str:
    """The English page of a law by the site's pattern: notaN.htm -> nodeN/lawNN.htm."""
    match = CHAPTER_PAGE.search(urlsplit(chapter_url).path)
    return urljoin(chapter_url, f"node{match.group(1) if match else 9}/law{number}.htm")


def read_capture(text: str, source: dict[str, Any], outline: Outline | None) -> list[Law]:
    """A bundled capture of one chapter page (its laws in Polish)."""
    return parse_capture_1997(text, source)


def walk(walker: Walker, start: str) -> None:
    """The chapter page's laws and the English page each one links to."""
    page = walker.read(start, "1997-chapter",
                       lambda text, date: parse_chapter_page_1997(text, start, date))
    for law in page.laws if page else []:
        if not law.counterpart_url:
            walker.result.problems.append(Problem(
                "missing-translation", start, f"law {law.number} has no English link"))
        walker.counterpart(law, [law.counterpart_url, english_url(start, law.number)],
                           "1997-law", parse_law_page_1997_en)
