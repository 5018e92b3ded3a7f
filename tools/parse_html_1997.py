"""Adapters for the 1997 pages: the Polish chapter page (many laws, explicit labels) and the
English per-law pages. Both print every label ("A.", "1.", "a)", "(a)"), so the tree is read
line by line from the page as a browser renders it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

from tools.errors import SourceError
from tools.model import Law, Stripped, Unit
from tools.parse_html import (
    Segment,
    clean,
    line_text,
    load_page,
    rendered_lines,
)

EDITION = 1997
ENGLISH_LINK = re.compile(r"^\s*we?r?sja\s+angielska\s*$", re.IGNORECASE)  # "wesja" (sic)
POLISH_LINK = re.compile(r"^\s*(?:we?r?sja\s+polska|polish(?:\s+version)?|po\s+polsku)\s*$",
                         re.IGNORECASE)
SCREENS_LINK = re.compile(r"^\s*zasłony\s*$", re.IGNORECASE)
NAV_LINK = re.compile(
    r"^\s*(?:poprzedni[a-z]*|następn[a-z]*|do\s+góry|spis\s+treści|powrót|"
    r"previous|next|up|top|contents|index|home|back)\s*$",
    re.IGNORECASE,
)
FOOTER = re.compile(r"^\s*(?:ostatnia\s+modyfikacja|last\s+(?:modified|updated))", re.IGNORECASE)
CHAPTER = re.compile(r"^Rozdział\s+([IVXL]+)\s*[-–.]?\s*(.*)$")
PART = re.compile(r"(Część\s+[IVX]+\s*[-–]\s*\S.*)$")
LAW_START_PL = re.compile(r"(?<!\d)(\d{1,2})\.\s*(?=[A-ZĄĆĘŁŃÓŚŹŻ]{2})")
LAW_TITLE_EN = re.compile(r"^LAW\s+(\d{1,2})\b\s*[-–—:.]?\s*(.*)$", re.IGNORECASE)
SECTION = re.compile(r"^([A-Z])\.\s*(.*)$")
ITEM = re.compile(r"^(\d{1,2})\.\s*(.*)$")
SUB_ITEM_PL = re.compile(r"^([a-z])\)\s*(.*)$")
SUB_ITEM_EN = re.compile(r"^\(([a-z])\)\s*(.*)$")
ROMAN = re.compile(r"^\(([IVXL]+|[ivxl]+)\)\s")
DASH = re.compile(r"^[-–]\s*(.*)$")
SEPARATORS = re.compile(r"^[\s|·•/\\\-–—]*$")
TERMINAL = (".", ":", ";", "!", "?", ")", "…", ",")


@dataclass
class TreeBuilder:
    """Builds one law's unit tree from labelled lines, deciding like the capture adapter
    (tools/parse_capture.py) whether the words after a label are a title or text."""

    law: Law
    sub_item: re.Pattern[str]
    where: str = ""
    stack: list[Unit] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    english: bool = False
    undecided: Unit | None = None  # an item whose words after the label await the next line
    expect_text: bool = False  # a title ended with " -": the next line is its text

    def current_id(self) -> str:
        """Id of the unit text now attaches to (the law's id before the first unit)."""
        return self.stack[-1].id if self.stack else self.law.id

    def open(self, level: int, label: str) -> Unit:
        """Start a unit at `level` below the nearest open unit of a lower level."""
        while self.stack and self.stack[-1].level >= level:
            self.stack.pop()
        parent_id = self.stack[-1].id if self.stack else self.law.id
        unit = Unit(id=parent_id + label, level=level, label=label)
        if unit.id in self.ids:
            raise SourceError(self.where, f"unit {unit.id} occurs twice in law {self.law.id}")
        self.ids.add(unit.id)
        (self.stack[-1].children if self.stack else self.law.sections).append(unit)
        self.stack.append(unit)
        return unit

    def set_title(self, unit: Unit, title: str) -> None:
        """Give `unit` the words after its label as a title (a trailing " -" opens text)."""
        if title.endswith(" -"):
            # The dash that normally opens the text line ended up after the title.
            title, self.expect_text = title[:-2].rstrip(), True
        unit.title = title

    def settle(self, next_line: str) -> None:
        """Decide the undecided item: a title if a "- " line or (after words that are no
        sentence) a sub-item follows, else its text."""
        unit, self.undecided = self.undecided, None
        if unit is None:
            return
        words = unit.title
        if self.english:
            # English pages put the text on the next line without a dash.
            title = words[:1].isupper() and len(words) <= 100 and not words.endswith(TERMINAL)
        else:
            title = bool(DASH.match(next_line)) or (
                unit.level == 2 and bool(self.sub_item.match(next_line))
                and not words.endswith((".", ":")))
        if not title and not self.expect_text:
            unit.title, unit.text = "", words

    def add_text(self, text: str, sep: str = "\n\n") -> None:
        """Add to the current unit's text (or the law's own text before any unit)."""
        if not text:
            return
        target: Unit | Law = self.stack[-1] if self.stack else self.law
        target.text = f"{target.text}{sep}{text}" if target.text else text

    def strip(self, text: str, reason: str) -> None:
        """Record link chrome removed from the current unit's text."""
        self.law.stripped.append(Stripped(clean(text), reason, self.current_id()))

    def line(self, text: str, loose_notes: bool = True) -> None:
        """One line of law text: a labelled unit, "- " text of the current unit, or plain
        text (the law's own text before its first unit; after it, a note when
        `loose_notes`, as on the Polish page, where unit text always follows "- ")."""
        self.settle(text)
        dash = DASH.match(text)
        if self.expect_text and not dash:
            self.expect_text = False
            self.add_text(text)
            return
        self.expect_text = False
        if dash:
            self.add_text(dash.group(1))  # "- " joins a label's title to its text
            return
        section, item, sub = SECTION.match(text), ITEM.match(text), self.sub_item.match(text)
        depth = self.stack[-1].level if self.stack else 0
        if section:
            self.set_title(self.open(1, section.group(1)), section.group(2).strip())
            self.undecided = self.stack[-1] if self.english else None
        elif item and depth >= 1:
            self.set_title(self.open(2, item.group(1)), item.group(2).strip())
            self.undecided = self.stack[-1]
        elif sub and depth >= 2:
            self.set_title(self.open(3, sub.group(1)), sub.group(2).strip())
            self.undecided = self.stack[-1]
        elif ROMAN.match(text) and self.stack:
            self.add_text(text, sep="\n")  # (I), (II)... are part of the parent's sentence
        elif self.stack and loose_notes:
            self.law.notes.append(text)
        else:
            # Items before any section stay in the law's text with their printed labels:
            # an id like "5" + "1" would read as Law 51.
            self.add_text(text)


@dataclass
class _Line:
    text: str  # without English and screens links
    english_href: str = ""
    english_text: str = ""
    screens: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)  # other icon links (footnote arrows...)
    nav: bool = False


def _split_links(line: list[Segment], url: str) -> _Line:
    """A rendered line with its English, screens and navigation links taken out."""
    parts: list[str] = []
    result = _Line("")
    for seg in line:
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


def parse_chapter_page_1997(html: str, url: str, fetch_date: str) -> list[Law]:
    """The laws of one 1997 Polish chapter page, split at their numbered titles."""
    soup = load_page(html, url)
    laws: list[Law] = []
    builder: TreeBuilder | None = None
    pending: list[Stripped] = []  # page chrome seen before the first law
    chapter = part = chapter_number = ""

    def strip_page(text: str, reason: str) -> None:
        (builder.law.stripped if builder else pending).append(Stripped(text, reason))

    def strip_screens(line: _Line) -> None:
        chrome = [(text, "screens-link") for text in line.screens]
        chrome += [(text, "image-link") for text in line.images]
        line.screens, line.images = [], []
        for text, reason in chrome:
            if builder:
                builder.strip(text, reason)  # on the unit the icon followed
            else:
                pending.append(Stripped(text, reason))

    for rendered in rendered_lines(soup.body or soup):
        raw = line_text(rendered)
        line = _split_links(rendered, url)
        text = line.text
        if line.nav or FOOTER.match(raw):
            strip_page(raw, "nav" if line.nav else "page-footer")
            continue
        chapter_match = CHAPTER.match(text)
        part_match = PART.search(text)
        starts = list(LAW_START_PL.finditer(text)) if line.english_href else []
        if chapter_match and builder is None and not line.english_href:
            chapter_number = chapter_match.group(1)
            chapter = clean(f"Rozdział {chapter_number} {chapter_match.group(2)}")
        elif part_match and not line.english_href:
            before = text[: part_match.start()].strip()
            if before and builder:
                builder.line(before)
            part = part_match.group(1).strip()  # kept in Law.part
        elif line.english_href and not starts:
            if builder:
                raise SourceError(url, f"an English-version link follows {text!r}, "
                                       "which is no law title")
            chapter = clean(f"Rozdział {chapter_number} {text}")  # kept in Law.chapter
            strip_page(line.english_text, "english-link")
        elif starts:
            start = starts[-1]  # the title glued nearest to its link
            before = text[: start.start()].strip()
            if before and builder:
                builder.line(before)
            strip_screens(line)  # icons stand before the title, after the old text
            if builder:
                builder.settle("")
            law = Law(number=int(start.group(1)), edition=EDITION, lang="pl",
                      title=text[start.end():].strip(), chapter=chapter, part=part,
                      source_url=url, fetch_date=fetch_date, counterpart_url=line.english_href)
            if not laws:
                law.stripped, pending = pending, []
            law.stripped.append(Stripped(line.english_text, "english-link", law.id))
            laws.append(law)
            builder = TreeBuilder(law, SUB_ITEM_PL, where=url)
        elif builder is None:
            strip_page(raw, "outside-law")
            line.screens, line.images = [], []  # part of `raw`
        elif text:
            builder.line(text)
        strip_screens(line)
    if builder:
        builder.settle("")
    if not laws:
        raise SourceError(url, 'no law titles ("41. TITLE" followed by an English-version '
                               "link) found: not a 1997 chapter page")
    numbers = [law.number for law in laws]
    if len(set(numbers)) != len(numbers):
        raise SourceError(url, f"a law number occurs twice: {numbers}")
    return laws


def parse_law_page_1997_en(html: str, url: str, fetch_date: str) -> Law:
    """One English 1997 law page ("LAW 64 - TITLE", then "A.", "1.", "(a)" lines)."""
    soup = load_page(html, url)
    law: Law | None = None
    builder: TreeBuilder | None = None
    pending: list[Stripped] = []
    counterpart = ""
    for line in rendered_lines(soup.body or soup):
        raw = line_text(line)
        chrome: list[Stripped] = []
        parts: list[str] = []
        for seg in line:
            if seg.href is not None and NAV_LINK.match(seg.text):
                chrome.append(Stripped(clean(seg.text), "nav"))
            elif seg.href is not None and POLISH_LINK.match(seg.text):
                counterpart = counterpart or urljoin(url, seg.href)
                chrome.append(Stripped(clean(seg.text), "polish-link"))
            elif seg.image:
                chrome.append(Stripped(clean(seg.text), "image-link"))
            else:
                parts.append(seg.text)
        text = clean("".join(parts))
        if FOOTER.match(raw) or (chrome and SEPARATORS.match(text)):
            # A line of page chrome only: recorded whole.
            reason = "page-footer" if FOOTER.match(raw) else chrome[0].reason
            chrome, text = [Stripped(raw, reason)], ""
        target = law.stripped if law else pending
        target.extend(chrome)
        if not text:
            continue
        if law is None:
            title = LAW_TITLE_EN.match(text)
            if title:
                law = Law(number=int(title.group(1)), edition=EDITION, lang="en",
                          title=title.group(2).strip(), source_url=url, fetch_date=fetch_date,
                          stripped=pending)
                builder = TreeBuilder(law, SUB_ITEM_EN, where=url, english=True)
            else:
                pending.append(Stripped(text, "outside-law"))
            continue
        assert builder is not None
        builder.line(text, loose_notes=False)
    if builder:
        builder.settle("")
    if law is None:
        raise SourceError(url, "no \"LAW NN - TITLE\" line found: not a 1997 English law page")
    if not law.title:
        raise SourceError(url, f"law {law.number} has no title after \"LAW {law.number}\"")
    law.counterpart_url = counterpart
    return law
