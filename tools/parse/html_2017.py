"""Adapter for the 2017 per-law pages (Polish pNN.html, English lNN.html): HTML to blocks,
navigation out, then the 2017 grammar."""

from __future__ import annotations

from urllib.parse import urlsplit

from tools.errors import SourceError
from tools.model import LANGS, Law, Stripped, walk
from tools.normalize.outline import Outline
from tools.parse.grammar_2017 import LawBody, read_law
from tools.parse.headings_2017 import LawShape, find_heads, title_number
from tools.parse.html import check_complete, load_page, page_blocks
from tools.parse.nav import LAW_PAGE, PageLinks, is_nav_block, page_links
from tools.parse.typed_labels import has_typed_labels, labels_left, read_typed_labels

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


READINGS = ("markup", "typed labels")  # how a page's lists were read, as the report says


def read_law_page_2017(html: str, url: str, fetch_date: str, lang: str,
                       outline: Outline | None = None) -> tuple[Law, str]:
    """One 2017 law page as a Law, and which reading gave it: its lists as the markup marks
    them, or (when paragraphs start with typed list labels) as the typed labels show them.
    The reading that leaves no typed label in a unit's text and fits the outline wins."""
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
    expected = len(outline.units(number)) if outline and outline.law(number) else None
    readings = [(READINGS[0], content)]
    if has_typed_labels(content):
        readings.append((READINGS[1], read_typed_labels(content)))
    found: list[tuple[tuple[bool, int], str, LawBody]] = []
    error: SourceError | None = None
    for name, reading in readings:
        try:
            body = read_law(reading, number=number, lang=lang, where=url, shape=shape)
        except SourceError as raised:
            error = error or raised
            continue
        units = sum(1 for _ in walk(body.sections))
        found.append(((not labels_left(body.sections),
                       -abs(units - expected) if expected else units),
                      name, body))
    if not found:
        assert error is not None
        raise error
    # Best: no typed label left in a unit, then nearest the outline's count of units (or the
    # most units where the outline has none); the markup's reading on a tie.
    _, reading_name, body = max(found, key=lambda entry: entry[0])
    if reading_name != READINGS[0]:
        # The typed labels are the list's numbers, not words of its text: recorded as
        # stripped so the nothing-lost check accounts for them.
        # With the spaces after it, so "b)" is never found inside "50D1b)." before it.
        body.stripped += [(index, Stripped(before.text[: len(before.text) - len(after.text)],
                                           "list-label"))
                          for index, (before, after) in enumerate(zip(content, readings[1][1],
                                                                      strict=True))
                          if after.item and not before.item]
    # Chrome in page order, as the nothing-lost check takes it out of the page's text.
    chrome = [(i, Stripped(blocks[i].text, "nav")) for i in nav]
    chrome += [(kept[index], piece) for index, piece in body.stripped]
    stripped = [piece for _, piece in sorted(chrome, key=lambda pair: pair[0])]
    law = Law(number=number, edition=EDITION, lang=lang, title=body.title, source_url=url,
              fetch_date=fetch_date, counterpart_url=links.counterpart, text=body.text,
              sections=body.sections, footnotes=body.footnotes, notes=body.notes,
              stripped=stripped)
    return law, reading_name


def parse_law_page_2017(html: str, url: str, fetch_date: str, lang: str,
                        outline: Outline | None = None) -> Law:
    """One 2017 law page as a Law with ids rebuilt from its structure (the reading that can
    be accounted for; see read_law_page_2017)."""
    return read_law_page_2017(html, url, fetch_date, lang, outline)[0]
