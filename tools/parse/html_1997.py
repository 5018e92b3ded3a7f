"""Adapters for the 1997 pages: the Polish chapter page (many laws, explicit labels) and the
English per-law pages (latex2html layout). Both give lines to the 1997 grammar."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

from tools.errors import SourceError
from tools.model import Law, Stripped
from tools.parse.blocks import Block, clean
from tools.parse.grammar_1997 import TreeBuilder
from tools.parse.html import check_complete, load_page, page_blocks

EDITION = 1997
ENGLISH_LINK = re.compile(r"^\s*we?r?sja\s+angielska\s*$", re.I)  # "wesja" (sic)
POLISH_LINK = re.compile(r"^\s*(?:we?r?sja\s+polska|polish(?:\s+version)?|po\s+polsku)\s*$",
                         re.I)
SCREENS_LINK = re.compile(r"^\s*zasłony\s*$", re.I)
NAV_LINK = re.compile(
    r"^\s*(?:poprzedni[a-z]*|następn[a-z]*|do\s+góry|spis\s+treści|powrót|"
    r"previous|next|up|top|contents|index|home|back)\s*$", re.I)
NAV_LINE_EN = re.compile(r"^\s*(?:next|previous|up|contents|index)\s*:", re.I)
FOOTER = re.compile(r"^\s*(?:ostatnia\s+modyfikacja|last\s+(?:modified|updated))", re.I)
CHAPTER = re.compile(r"^Rozdział\s+([IVXL]+)\s*[-–.]?\s*(.*)$")
PART = re.compile(r"(Część\s+[IVX]+\s*[-–]\s*\S.*)$")
LAW_START_PL = re.compile(r"(?<!\d)(\d{1,2})\.\s*(?=[A-ZĄĆĘŁŃÓŚŹŻ]{2})")
LAW_TITLE_EN = re.compile(r"^LAW\s+(\d{1,2})\b\s*[-–—:.]?\s*(.*)$", re.I)
SEPARATORS = re.compile(r"^[\s|·•/\\\-–—]*$")
LIST_ITEMS = frozenset(("li", "dt", "dd"))
BULLET = re.compile(r"^[-–•·]\s+(?=\S)")  # a list bullet printed as text before a line


@dataclass
class _Line:
    text: str  # without English, screens and navigation links
    english_href: str = ""
    english_text: str = ""
    screens: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)  # other icon links (footnote arrows...)
    nav: bool = False


def _split_links(block: Block, url: str) -> _Line:
    """A line with its English, screens and navigation links taken out."""
    parts: list[str] = []
    result = _Line("")
    for seg in block.segments:
        if seg.href is None:
            parts.append(seg.text)
        elif NAV_LINK.match(seg.text):
            result.nav = True
        elif ENGLISH_LINK.match(seg.text):
            result.english_href, result.english_text = urljoin(url, seg.href), clean(seg.text)
        elif SCREENS_LINK.match(seg.text):
            result.screens.append(clean(seg.text))
        elif seg.image:
            result.images.append(clean(seg.text) or "(image link without alt text)")
        else:
            parts.append(seg.text)
    result.text = clean("".join(parts))
    return result


@dataclass
class _Chapter:
    """State of the walk through a chapter page."""

    url: str
    fetch_date: str
    laws: list[Law] = field(default_factory=list)
    builder: TreeBuilder | None = None
    pending: list[Stripped] = field(default_factory=list)  # page chrome before the first law
    chapter: str = ""
    chapter_number: str = ""
    part: str = ""

    def strip_page(self, text: str, reason: str) -> None:
        (self.builder.law.stripped if self.builder else self.pending).append(
            Stripped(text, reason))

    def strip_icons(self, line: _Line) -> None:
        chrome = [(text, "screens-link") for text in line.screens]
        chrome += [(text, "image-link") for text in line.images]
        line.screens, line.images = [], []
        for text, reason in chrome:
            if self.builder:
                self.builder.strip(text, reason)  # on the unit the icon followed
            else:
                self.pending.append(Stripped(text, reason))

    def start_law(self, line: _Line, start: re.Match[str]) -> None:
        if self.builder:
            self.builder.finish()
        law = Law(number=int(start.group(1)), edition=EDITION, lang="pl",
                  title=line.text[start.end():].strip(), chapter=self.chapter, part=self.part,
                  source_url=self.url, fetch_date=self.fetch_date,
                  counterpart_url=line.english_href)
        if not self.laws:
            law.stripped, self.pending = self.pending, []
        law.stripped.append(Stripped(line.english_text, "english-link", law.id))
        self.laws.append(law)
        self.builder = TreeBuilder(law, where=self.url)

    def line(self, block: Block) -> None:
        raw = block.text
        line = _split_links(block, self.url)
        text = line.text
        if line.nav or FOOTER.match(raw):
            self.strip_page(raw, "nav" if line.nav else "page-footer")
            return
        chapter_match, part_match = CHAPTER.match(text), PART.search(text)
        starts = list(LAW_START_PL.finditer(text)) if line.english_href else []
        if chapter_match and self.builder is None and not line.english_href:
            self.chapter_number = chapter_match.group(1)
            self.chapter = clean(f"Rozdział {self.chapter_number} {chapter_match.group(2)}")
        elif part_match and not line.english_href:
            before = text[: part_match.start()].strip()
            if before and self.builder:
                self.builder.line(before)
            self.part = part_match.group(1).strip()  # kept in Law.part
        elif line.english_href and not starts:
            if self.builder:
                raise SourceError(self.url, f"an English-version link follows {text!r}, "
                                            "which is no law title")
            self.chapter = clean(f"Rozdział {self.chapter_number} {text}")
            self.strip_page(line.english_text, "english-link")
        elif starts:
            start = starts[-1]  # the title glued nearest to its link
            before = text[: start.start()].strip()
            if before and self.builder:
                self.builder.line(before)
            self.strip_icons(line)  # icons stand before the title, after the old text
            self.start_law(line, start)
        elif self.builder is None:
            self.strip_page(raw, "outside-law")
            line.screens, line.images = [], []  # part of `raw`
        elif text:
            self.builder.line(text)
        self.strip_icons(line)


def parse_chapter_page_1997(html: str, url: str, fetch_date: str) -> list[Law]:
    """The laws of one 1997 Polish chapter page, split at their numbered titles."""
    walk = _Chapter(url, fetch_date)
    blocks = page_blocks(load_page(html, url))
    check_complete(html, url, blocks[-1].text if blocks else "")
    for block in blocks:
        walk.line(block)
    if walk.builder:
        walk.builder.finish()
    if not walk.laws:
        raise SourceError(url, 'no law titles ("41. TITLE" followed by an English-version '
                               "link) found: not a 1997 chapter page")
    numbers = [law.number for law in walk.laws]
    if len(set(numbers)) != len(numbers):
        raise SourceError(url, f"a law number occurs twice: {numbers}")
    return walk.laws


def _english_line(block: Block, url: str) -> tuple[str, list[Stripped], str]:
    """(text, chrome, Polish-page link) of one line of an English page."""
    raw = block.text
    chrome: list[Stripped] = []
    parts: list[str] = []
    counterpart = ""
    for seg in block.segments:
        if seg.href is not None and NAV_LINK.match(seg.text):
            chrome.append(Stripped(clean(seg.text), "nav"))
        elif seg.href is not None and POLISH_LINK.match(seg.text):
            counterpart = urljoin(url, seg.href)
            chrome.append(Stripped(clean(seg.text), "polish-link"))
        elif seg.image:
            chrome.append(Stripped(clean(seg.text), "image-link"))
        else:
            parts.append(seg.text)
    text = clean("".join(parts))
    if FOOTER.match(raw) or NAV_LINE_EN.match(raw):
        return "", [Stripped(raw, "page-footer" if FOOTER.match(raw) else "nav")], counterpart
    if chrome and SEPARATORS.match(text):
        return "", [Stripped(raw, chrome[0].reason)], counterpart  # a line of chrome only
    return text, chrome, counterpart


def parse_law_page_1997_en(html: str, url: str, fetch_date: str) -> Law:
    """One English 1997 law page: breadcrumb lines, "LAW 63" (its title on the same line or
    the next), then "A.", "1.", "(a)" lines; Next/Previous/Last-modified lines are chrome."""
    law: Law | None = None
    builder: TreeBuilder | None = None
    pending: list[Stripped] = []
    counterpart = ""
    footer = False  # after "Next:" / "Last modified:" everything is page chrome
    listed = False  # the units stand in list items: a paragraph after them is a note
    blocks = page_blocks(load_page(html, url))
    check_complete(html, url, blocks[-1].text if blocks else "")
    for block in blocks:
        text, chrome, link = _english_line(block, url)
        counterpart = counterpart or link
        footer = footer or (law is not None and any(
            c.reason in ("page-footer", "nav") and c.text == block.text for c in chrome))
        if footer and text:
            chrome, text = [Stripped(block.text, "page-footer")], ""
        if not text:
            (law.stripped if law else pending).extend(chrome)
            continue
        text = BULLET.sub("", text)
        if law is None:
            heading = LAW_TITLE_EN.match(text)
            if heading:
                law = Law(number=int(heading.group(1)), edition=EDITION, lang="en",
                          title=heading.group(2).strip(), source_url=url,
                          fetch_date=fetch_date, stripped=pending)
                builder = TreeBuilder(law, english=True, where=url)
                label = text[: heading.start(2)].rstrip(" -–—:.") if law.title else text
                law.stripped += [Stripped(label, "law-number"), *chrome]
            else:
                pending += [Stripped(text, "page-header"), *chrome]  # breadcrumbs
            continue
        law.stripped.extend(chrome)
        if not law.title:
            law.title = text  # "LAW 63" on its own line, the title on the next
            continue
        assert builder is not None
        in_list = block.container in LIST_ITEMS
        builder.line(text, loose_notes=listed and not in_list)
        listed = listed or (in_list and bool(builder.stack))
    if law is None or builder is None:
        raise SourceError(url, "no \"LAW NN\" line found: not a 1997 English law page")
    builder.finish()
    if not law.title:
        raise SourceError(url, f"law {law.number} has no title after \"LAW {law.number}\"")
    law.counterpart_url = counterpart
    return law
