"""Adapter for the 2017 per-law pages (Polish pNN.html, English lNN.html): HTML to blocks,
navigation out, then the 2017 grammar."""

from __future__ import annotations

from urllib.parse import urlsplit

from tools.errors import SourceError
from tools.model import LANGS, Law, Stripped
from tools.normalize.outline import Outline
from tools.parse.grammar_2017 import read_law
from tools.parse.headings_2017 import LawShape, find_heads, title_number
from tools.parse.html import check_complete, load_page, page_blocks
from tools.parse.nav import LAW_PAGE, PageLinks, is_nav_block, page_links

EDITION = 2017


def page_links_2017(html: str, url: str) -> PageLinks:
    """The navigation links of a 2017 page given as HTML."""
    return page_links(page_blocks(load_page(html, url)), url)


def _law_number(url: str, title: str, links: PageLinks) -> int:
    """The law number: the URL, the navigation and a numbered title must agree."""
    found: list[tuple[int, str]] = []
    number, _ = title_number(title)
    if number is not None:
        found.append((number, f"title {title!r}"))
    found += [(n, "navigation links") for n in links.numbers]
    from_url = LAW_PAGE.search(urlsplit(url).path)
    if from_url:
        found.append((int(from_url.group(2)), "the URL"))
    # The URL alone is not enough: any site may have a pNN.html; a law page also has a
    # numbered title or the law-page navigation.
    if not (number is not None or links.counterpart or links.previous or links.next) or not found:
        raise SourceError(url, "no law number: neither a 'Przepis NN' title nor EN/PL or ← → "
                               "navigation links (not a 2017 law page?)")
    numbers = sorted({n for n, _ in found})
    if len(numbers) > 1:
        raise SourceError(url, "law numbers disagree: " + ", ".join(f"{n} from {w}"
                                                                   for n, w in found))
    return numbers[0]


def parse_law_page_2017(html: str, url: str, fetch_date: str, lang: str,
                        outline: Outline | None = None) -> Law:
    """One 2017 law page as a Law with ids rebuilt from its structure. With the outline,
    headings that do not fit its count of sections are an error naming the page."""
    if lang not in LANGS:
        raise SourceError(url, f"unknown language {lang!r}")
    blocks = page_blocks(load_page(html, url))
    links = page_links(blocks, url)
    nav = [i for i, block in enumerate(blocks) if is_nav_block(block, url)]
    kept = [i for i in range(len(blocks)) if i not in nav]
    content = [blocks[i] for i in kept]
    check_complete(html, url, content[-1].text if content else "")
    first = find_heads(content, LawShape(), lang)
    title_line = first.number_line if first.number_line is not None else first.title
    number = _law_number(url, content[title_line].text if title_line is not None else "", links)
    shape = LawShape.of(outline.law(number) if outline else None, lang)
    body = read_law(content, number=number, lang=lang, where=url, shape=shape)
    # Chrome in page order, as the nothing-lost check takes it out of the page's text.
    chrome = [(i, Stripped(blocks[i].text, "nav")) for i in nav]
    chrome += [(kept[index], piece) for index, piece in body.stripped]
    stripped = [piece for _, piece in sorted(chrome, key=lambda pair: pair[0])]
    return Law(number=number, edition=EDITION, lang=lang, title=body.title, source_url=url,
               fetch_date=fetch_date, counterpart_url=links.counterpart, text=body.text,
               sections=body.sections, footnotes=body.footnotes, notes=body.notes,
               stripped=stripped)
