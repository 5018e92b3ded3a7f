"""Adapter for the 2017 per-law pages (Polish and English): headings without letters and
ordered lists, so citation ids are rebuilt from the structure; explicit anchors win."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup, Comment, Doctype, NavigableString, Tag

from tools.errors import SourceError
from tools.model import LANGS, Footnote, Law, Stripped, Unit, walk
from tools.parse_html import BLOCK_TAGS, clean, inline_text, link_text, load_page, shown_text

EDITION = 2017
PAGE_ROOTS = ("body", "html", "[document]")
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
COUNTERPART = re.compile(r"^\s*(EN|PL)\s*:\s*(?:Law|Prawo|Przepis)?\s*(\d{1,2})\s*$", re.I)
ARROW = re.compile(r"^\s*([←→«»<>])\s*(\d{1,2})?\s*$")
PREVIOUS_WORDS = frozenset(["poprzedni", "poprzedni przepis", "previous", "previous law"])
NEXT_WORDS = frozenset(["następny", "następny przepis", "next", "next law"])
LANGUAGE_WORDS = frozenset(["en", "pl", "english", "polski", "po polsku", "in english"])
NAV_WORDS = frozenset(
    ["strona tytułowa", "spis treści", "indeks", "title page", "contents", "table of contents",
     "index", *PREVIOUS_WORDS, *NEXT_WORDS, *LANGUAGE_WORDS]
)
LANG_PAGE = re.compile(r"/(en|pl)/p(\d{1,2})\.html?$")
LETTERED = re.compile(r"^([A-Z])[.)]\s+(\S.*)$")
SEPARATORS = re.compile(r"^[\s|·•/\\\-–—]*$")
TITLE_NUMBER = re.compile(
    r"^(?:(?:Przepis|Prawo|Law)\s+(\d{1,2})\b\.?|(\d{1,2})\.)\s*[-–—:.]?\s*(.*)$", re.I)
PAGE_NUMBER = re.compile(r"/p(\d{1,2})\.html?$")
FOOTNOTE = re.compile(r"^(\*+)\s*(\S.*)$")
FOOTNOTE_CLASS = re.compile(r"foot|przypis", re.I)
HEADING_CLASS = re.compile(r"title|tytu|head|nag", re.I)


@dataclass
class PageLinks:
    """Where a 2017 page links: its counterpart, neighbours and (on a contents page) laws."""

    counterpart: str = ""
    previous: str = ""
    next: str = ""
    laws: list[str] = field(default_factory=list)  # pNN.html links, in page order, no repeats
    numbers: list[int] = field(default_factory=list)  # law numbers the navigation implies


@dataclass
class Block:
    """A paragraph, heading or ordered list of the page, in document order."""

    kind: str  # "heading", "para", "list"
    text: str = ""
    level: int = 0  # 1-6 for <hN>, 7 for a bold paragraph used as a heading
    element: Tag | None = None
    anchors: list[str] = field(default_factory=list)  # id/name values on or just before it
    footnote: bool = False


def _link_kind(link: Tag) -> str:
    text = clean(link_text(link))
    if COUNTERPART.match(text):
        return "counterpart"
    if ARROW.match(text):
        return "arrow"
    if text.lower() in NAV_WORDS:
        return "nav"
    return ""


def page_links(soup: BeautifulSoup | Tag, url: str) -> PageLinks:
    """The navigation links of a 2017 page (a law page or the table of contents)."""
    links = PageLinks()
    for link in soup.find_all("a", href=True):
        href = urljoin(url, str(link["href"]))
        text = clean(link_text(link))
        counterpart, arrow = COUNTERPART.match(text), ARROW.match(text)
        word = text.lower()
        if counterpart and not links.counterpart:
            links.counterpart = href
            links.numbers.append(int(counterpart.group(2)))
        elif arrow or word in PREVIOUS_WORDS or word in NEXT_WORDS:
            number = int(arrow.group(2)) if arrow and arrow.group(2) else None
            if (word in PREVIOUS_WORDS or (arrow and arrow.group(1) in "←«<")) \
                    and not links.previous:
                links.previous = href
                links.numbers += [number + 1] if number is not None else []
            elif (word in NEXT_WORDS or (arrow and arrow.group(1) in "→»>")) and not links.next:
                links.next = href
                links.numbers += [number - 1] if number is not None else []
        elif word in LANGUAGE_WORDS and not links.counterpart:
            links.counterpart = href  # a bare "EN" / "English": the number comes from the URL
        elif PAGE_NUMBER.search(urlsplit(href).path):
            page = href.split("#")[0]
            if page not in links.laws:
                links.laws.append(page)
    own = LANG_PAGE.search(urlsplit(url).path)
    if own and not links.counterpart:
        # No "EN: Law NN" text: the same page number in the other language's folder.
        for page in links.laws:
            other = LANG_PAGE.search(urlsplit(page).path)
            if other and other.group(2) == own.group(2) and other.group(1) != own.group(1):
                links.counterpart = page
                break
    return links


def page_links_2017(html: str, url: str) -> PageLinks:
    """The navigation links of a 2017 page given as HTML."""
    return page_links(load_page(html, url), url)


def _only_nav(element: Tag, nav: list[Tag]) -> bool:
    if element.find(list(HEADINGS) + ["ol", "ul", "table"]):
        return False
    inside = [link for link in nav if any(p is element for p in link.parents)]
    rest = inline_text(element, skip=lambda tag: any(tag is link for link in inside))
    return bool(inside) and SEPARATORS.match(rest) is not None


def strip_navigation(root: Tag) -> list[Stripped]:
    """Remove the navigation line(s) and return what was removed."""
    nav = [link for link in root.find_all("a") if _link_kind(link)]
    stripped: list[Stripped] = []
    for link in nav:
        if link.parent is None or link.decomposed:
            continue  # removed with an earlier navigation line
        chrome = link
        while chrome.parent is not None and chrome.parent.name not in PAGE_ROOTS \
                and _only_nav(chrome.parent, nav):
            chrome = chrome.parent
        stripped.append(Stripped(clean(shown_text(chrome)), "nav"))
        chrome.decompose()
    return stripped


def _own_ids(element: Tag) -> list[str]:
    return [str(element[a]) for a in ("id", "name") if element.get(a)]


def _in_nested_list(child: Tag, element: Tag) -> bool:
    node: Tag | None = child
    while node is not None and node is not element:
        if node.name in ("ol", "ul"):
            return True
        node = node.parent
    return False


def _anchor_ids(element: Tag, *, deep: bool) -> list[str]:
    """id/name values on `element` and, if deep, inside it but outside nested lists."""
    ids = _own_ids(element)
    if deep:
        for child in element.find_all(True):
            if not _in_nested_list(child, element):
                ids += _own_ids(child)
    return ids


def _heading_like(p: Tag, text: str) -> bool:
    classes = " ".join(p.get("class") or [])
    if HEADING_CLASS.search(classes):
        return True
    bold = [c for c in p.children if not (isinstance(c, NavigableString) and not c.strip())]
    return (len(bold) == 1 and isinstance(bold[0], Tag) and bold[0].name in ("b", "strong")
            and len(text) <= 120 and text[-1] not in ".:;,")


@dataclass
class _Walker:
    blocks: list[Block] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)  # anchors waiting for the next block
    in_footnotes: bool = False

    def add(self, block: Block) -> None:
        block.anchors = self.pending + block.anchors
        self.pending = []
        block.footnote = block.footnote or (block.kind == "para" and (
            self.in_footnotes or FOOTNOTE.match(block.text) is not None))
        self.blocks.append(block)

    def walk(self, node: Tag) -> None:
        run: list[Tag | NavigableString] = []

        def flush() -> None:
            text = clean("".join(inline_text(n) for n in run))
            ids = [i for n in run if isinstance(n, Tag) for i in _anchor_ids(n, deep=True)]
            if text:
                self.add(Block("para", text, anchors=ids))
            else:
                self.pending += ids
            run.clear()

        for child in node.children:
            if isinstance(child, (Comment, Doctype)):
                continue
            if isinstance(child, NavigableString):
                run.append(child)
                continue
            name = child.name
            if name == "br":
                flush()
            elif name in HEADINGS:
                flush()
                self.add(Block("heading", clean(inline_text(child)), int(name[1]), child,
                               _anchor_ids(child, deep=True)))
            elif name == "ol":
                flush()
                self.add(Block("list", element=child, anchors=_anchor_ids(child, deep=False)))
            elif name == "p":
                flush()
                text = clean(inline_text(child))
                ids = _anchor_ids(child, deep=True)
                if not text:
                    self.pending += ids
                elif _heading_like(child, text) and not FOOTNOTE.match(text):
                    self.add(Block("heading", text, 7, child, ids))
                else:
                    self.add(Block("para", text, element=child, anchors=ids))
            elif name in BLOCK_TAGS or name == "hr":
                flush()
                footnotes = self.in_footnotes
                classes = " ".join(child.get("class") or []) + " " + str(child.get("id") or "")
                self.in_footnotes = footnotes or bool(FOOTNOTE_CLASS.search(classes))
                self.pending += _anchor_ids(child, deep=False)
                self.walk(child)
                self.in_footnotes = footnotes
            elif child.find(list(BLOCK_TAGS)) is not None:
                flush()  # old markup wraps blocks in inline tags: <font><ol>...</ol></font>
                self.walk(child)
            else:
                run.append(child)
        flush()


def page_blocks(root: Tag) -> list[Block]:
    """The page body as blocks in document order."""
    walker = _Walker()
    walker.walk(root)
    return walker.blocks


def _explicit(anchors: list[str], number: int, depth: int) -> tuple[str, str] | None:
    """(id, label) from an anchor like "64B3" / "p64B3" naming a unit `depth` levels deep."""
    for anchor in anchors:
        match = re.fullmatch(rf"(?:p|law|prawo|przepis)?[-_]?{number}([A-Za-z])(\d+)?([a-z])?",
                             anchor, re.I)
        if not match:
            continue
        section, item, sub = match.groups()
        parts = [section.upper(), item or "", (sub or "").lower()]
        if sum(1 for part in parts if part) != depth:
            continue
        return f"{number}{''.join(parts)}", parts[depth - 1]
    return None


def _roman(n: int) -> str:
    numerals = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    out = ""
    for value, numeral in numerals:
        while n >= value:
            out, n = out + numeral, n - value
    return out


def _label(level: int, position: int, style: str) -> str | None:
    """The citation label of the `position`-th item at `level`; None if it has none."""
    if position < 1 or (position > 26 and (level == 3 or style in ("a", "A"))):
        return None
    if level == 2:
        return str(position)
    if level == 3:
        return chr(ord("a") + position - 1)
    if style in ("a", "A"):
        return chr(ord(style) + position - 1)
    if style == "1":
        return str(position)
    return _roman(position).upper() if style == "I" else _roman(position)


def _int(value: object, default: int) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        return default


@dataclass
class _Tree:
    law: Law
    url: str
    ids: set[str] = field(default_factory=set)

    def unit(self, unit: Unit) -> Unit:
        if unit.id in self.ids:
            raise SourceError(self.url, f"unit id {unit.id} occurs twice in law {self.law.id}")
        self.ids.add(unit.id)
        return unit

    def items(self, ol: Tag, parent_id: str, level: int) -> list[Unit]:
        """The units of one <ol>, numbered by position (start= and value= honoured)."""
        units = []
        position = _int(ol.get("start"), 1)
        for li in ol.find_all("li", recursive=False):
            position = _int(li.get("value"), position)
            label = _label(level, position, str(ol.get("type") or ""))
            if label is None:
                raise SourceError(self.url, f"list item number {position} under {parent_id} "
                                            "cannot be a citation label")
            explicit = _explicit(_anchor_ids(li, deep=True), self.law.number, level) \
                if level <= 3 else None
            unit_id, label = explicit or (parent_id + label, label)
            unit = self.unit(Unit(id=unit_id, level=level, label=label))
            paragraphs: list[str] = []
            for block in page_blocks(li):
                if block.kind == "list" and block.element is not None:
                    unit.children += self.items(block.element, unit.id, level + 1)
                elif block.text:
                    paragraphs.append(block.text)
            unit.text = "\n\n".join(paragraphs)
            units.append(unit)
            position += 1
        return units


def _list_as_text(ol: Tag, level: int) -> list[str]:
    """An <ol> as paragraphs that start with the label a browser shows ("1.", "a.")."""
    paragraphs = []
    position = _int(ol.get("start"), 1)
    for li in ol.find_all("li", recursive=False):
        position = _int(li.get("value"), position)
        label = _label(level, position, str(ol.get("type") or "")) or str(position)
        own = []
        for block in page_blocks(li):
            if block.kind == "list" and block.element is not None:
                own.extend(_list_as_text(block.element, level + 1))
            elif block.text:
                own.append(block.text)
        first = own[0] if own and not own[0][:1].isdigit() else ""
        paragraphs.append(f"{label}. {first}".strip())
        paragraphs.extend(own[1:] if first else own)
        position += 1
    return paragraphs


def _number(url: str, title: str, links: PageLinks) -> tuple[int, str]:
    """The law number (every source must agree) and the title without "Przepis NN"."""
    found: list[tuple[int, str]] = []
    prefixed = TITLE_NUMBER.match(title)
    if prefixed:
        found.append((int(prefixed.group(1) or prefixed.group(2)), f"title {title!r}"))
        title = prefixed.group(3).strip()
    found += [(n, "navigation links") for n in links.numbers]
    from_url = PAGE_NUMBER.search(urlsplit(url).path)
    if from_url:
        found.append((int(from_url.group(1)), "the URL"))
    # The URL alone is not enough: any site may have a pNN.html; a law page also has
    # a numbered title or the law-page navigation.
    if not (prefixed or links.counterpart or links.previous or links.next) or not found:
        raise SourceError(url, "no law number: neither a 'Przepis NN' title nor EN/PL or ← → "
                               "navigation links (not a 2017 law page?)")
    numbers = sorted({n for n, _ in found})
    if len(numbers) > 1:
        raise SourceError(url, "law numbers disagree: " + ", ".join(f"{n} from {w}"
                                                                   for n, w in found))
    return numbers[0], title


def parse_law_page_2017(html: str, url: str, fetch_date: str, lang: str) -> Law:
    """One 2017 law page (Polish or English) as a Law with ids rebuilt from its structure."""
    if lang not in LANGS:
        raise SourceError(url, f"unknown language {lang!r}")
    soup = load_page(html, url)
    root = soup.body or soup
    links = page_links(root, url)
    stripped = strip_navigation(root)
    blocks = page_blocks(root)
    headings = [i for i, block in enumerate(blocks) if block.kind == "heading"]
    if not headings:
        raise SourceError(url, "no title heading found")
    first = headings[0]
    for block in blocks[:first]:
        stripped.append(Stripped(block.text, "page-header"))
    title_text = blocks[first].text
    number, title = _number(url, title_text, links)
    if not title and len(headings) > 1:
        # "Przepis 45" as one heading, the title as the next
        first = headings[1]
        title = blocks[first].text
    if not title:
        raise SourceError(url, f"law {number} has no title")
    law = Law(number=number, edition=EDITION, lang=lang, title=title, source_url=url,
              fetch_date=fetch_date, counterpart_url=links.counterpart, stripped=stripped)
    tree = _Tree(law, url)
    section: Unit | None = None
    text: list[str] = []
    position = 0

    def close_text() -> None:
        target = section if section is not None else law
        target.text = "\n\n".join(text)
        text.clear()

    for block in blocks[first + 1:]:
        if block.footnote:
            match = FOOTNOTE.match(block.text)
            marker, note = match.groups() if match else ("", block.text)
            law.footnotes.append(Footnote(marker, note))
        elif block.kind == "heading":
            close_text()
            position += 1
            if position > 26:
                raise SourceError(url, f"law {number}: more than 26 section headings")
            letter, heading = chr(ord("A") + position - 1), block.text
            printed = LETTERED.match(heading)
            if printed:  # a heading that does print its letter: "B. Title"
                letter, heading = printed.groups()
                position = ord(letter) - ord("A") + 1
            unit_id, label = _explicit(block.anchors, number, 1) or (f"{number}{letter}", letter)
            section = tree.unit(Unit(id=unit_id, level=1, label=label, title=heading))
            law.sections.append(section)
        elif block.kind == "list" and block.element is not None and section is None:
            # Items before any section stay in the law's text with their numbers: an id
            # like "5" + "1" would read as Law 51.
            text.extend(_list_as_text(block.element, 2))
        elif block.kind == "list" and block.element is not None:
            section.children.extend(tree.items(block.element, section.id, 2))
        else:
            text.append(block.text)
    close_text()
    if not law.text and not law.sections:
        raise SourceError(url, f"law {number}: no text or sections after the title "
                               "(truncated or not a law page)")
    if not any(unit.text for unit in walk(law.sections)) and not law.text:
        raise SourceError(url, f"law {number}: headings but no text at all")
    return law
