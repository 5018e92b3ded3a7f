"""Navigation chrome: which blocks are nav lines, and where their links lead.

A 2017 nav line reads `strona tytułowa · spis treści · indeks · ← 63 · → 65 · EN: Law 64`
(English: `home · table of contents · index · ← 57 · → 59 · PL: przepis 58`). Whether the
arrows and `EN:` stand inside the links or beside them is unknown, so a link's role is read
from the words around it up to the nearest separator, not from its text alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from tools.parse.blocks import Block, Segment, clean

_WORDS = (r"strona\s+tytułowa|spis\s+treści|indeks|title\s+page|home|table\s+of\s+contents|"
          r"contents|index|poprzedni(?:\s+przepis)?|następny(?:\s+przepis)?|"
          r"previous(?:\s+law)?|next(?:\s+law)?|do\s+góry|up|top|english|polski|"
          r"po\s+polsku|in\s+english|EN|PL|drukuj|wstecz|powrót|print|back")
NAV_TOKEN = re.compile(  # "EN: Law 64" before the bare word "EN"
    r"(?<!\w)(?:EN|PL)\s*:\s*(?:(?:Law|Przepis|Prawo)\s*\d{1,2}|[^\s|·•]{1,24})"
    r"|[←→«»]\s*[^\s|·•←→«»]{1,24}"
    rf"|(?<!\w)(?:{_WORDS})(?!\w)",
    re.I,
)
SEPARATOR = re.compile(r"[|·•/\\]")
ONLY_SEPARATORS = re.compile(r"^[\s|·•/\\\-–—:]*$")
COUNTERPART = re.compile(r"^(EN|PL)\s*:\s*(?:Law|Prawo|Przepis)?\s*(\d{1,2})$", re.I)
ARROW = re.compile(r"^([←→«»])\s*(\d{1,2})?\b")
PREVIOUS_WORDS = re.compile(r"^(?:poprzedni(?:\s+przepis)?|previous(?:\s+law)?)$", re.I)
NEXT_WORDS = re.compile(r"^(?:następny(?:\s+przepis)?|next(?:\s+law)?)$", re.I)
LANGUAGE_WORDS = re.compile(r"^(?:EN|PL|english|polski|po\s+polsku|in\s+english)$", re.I)
LAW_PAGE = re.compile(r"/([pl])(\d{1,2})\.html?$")
# What a nav link may show besides nav words: a law's number, arrows or a law word beside it
# ("63", "<< 63", "Law 63 >"), or nothing at all (an image with no alt text).
_NAV_LINK_TEXT = re.compile(r"[←→«»<>‹›\s]*(?:(?:Law|Prawo|Przepis)\s*)?\d{1,2}[←→«»<>‹›\s]*|",
                            re.I)
_ARROWS = re.compile(r"[←→«»<>‹›]")
# Navigation words that never occur in a law's text: left in it, a nav line was not
# recognised and is reported, not published.
NAV_LEFT_IN_TEXT = re.compile(
    r"[←→]\s*\d{1,2}\b|(?<!\w)(?:EN|PL)\s*:\s*(?:Law|Przepis|Prawo)\s*\d{1,2}\b|"
    r"spis\s+treści|strona\s+tytułowa|table\s+of\s+contents", re.I)


@dataclass
class PageLinks:
    """Where a 2017 page links: its counterpart, neighbours and (on a contents page) laws."""

    counterpart: str = ""
    previous: str = ""
    next: str = ""
    laws: list[str] = field(default_factory=list)  # law-page links in page order, no repeats
    numbers: list[int] = field(default_factory=list)  # law numbers the navigation implies


def is_nav_text(text: str) -> bool:
    """Whether a line holds nothing but navigation words, arrows and separators."""
    text = clean(text)
    return bool(NAV_TOKEN.search(text)) and bool(ONLY_SEPARATORS.match(NAV_TOKEN.sub(" ", text)))


def _edition_page(href: str, url: str) -> bool:
    """Whether a link leads to another page of the page's edition: a law page, the contents,
    the index or the title page, in this language's folder or the other's."""
    target, page = urlsplit(urljoin(url, href)), urlsplit(url)
    if (target.scheme, target.netloc) != (page.scheme, page.netloc) or target.path == page.path:
        return False  # another site, or a footnote or anchor on this page
    root = page.path.rsplit("/", 2)[0]  # /…/2017 above /…/2017/pl/p64.html
    return target.path.startswith(root + "/") and target.path.count("/") == page.path.count("/")


def _nav_by_links(block: Block, url: str) -> bool:
    """A line whose links all lead to pages of the edition and show no more than nav words,
    law numbers and arrows, with only separators, arrows or nav words between them: a nav
    line by where its links lead, whatever stands for its arrows (images with or without
    alt text, "<<", nothing)."""
    links = block.links
    if not links or not all(_edition_page(str(link.href), url) for link in links):
        return False
    between = "".join(segment.text for segment in block.segments if segment.href is None)
    if not ONLY_SEPARATORS.match(_ARROWS.sub(" ", NAV_TOKEN.sub(" ", clean(between)))):
        return False
    return all(is_nav_text(link.text) or _NAV_LINK_TEXT.fullmatch(clean(link.text))
               for link in links)


def is_nav_block(block: Block, url: str = "") -> bool:
    """A block of navigation links only, or of the separators between them (a text
    capture's nav line has no links). With the page's URL, a line is also a nav line by
    where its links lead."""
    text = clean(block.text)
    if text and ONLY_SEPARATORS.match(text) and not any(ch.isalnum() for ch in text):
        return True  # "·" in a cell of its own between two nav links
    return block.clickable and (is_nav_text(text) or bool(url) and _nav_by_links(block, url))


def _by_target(href: str, url: str) -> tuple[str, int] | None:
    """A law-page nav link's role read from its target alone, when its words say none: the
    other language's page of this law is the counterpart, law n-1 the previous, n+1 the next."""
    own, target = LAW_PAGE.search(urlsplit(url).path), LAW_PAGE.search(urlsplit(href).path)
    if own is None or target is None:
        return None
    here, there = int(own.group(2)), int(target.group(2))
    if target.group(1) != own.group(1):
        return ("counterpart", there) if there == here else None
    return {here - 1: ("previous", there), here + 1: ("next", there)}.get(there)


def _plain_run(segments: list[Segment]) -> str:
    """The plain text at the start of `segments`, up to the first link."""
    run = ""
    for segment in segments:
        if segment.href is not None:
            break
        run += segment.text
    return run


def _context(block: Block, index: int) -> str:
    """A link's text with the words beside it, up to the nearest separator or link."""
    before = ""
    for segment in reversed(block.segments[:index]):
        if segment.href is not None:
            break
        before = segment.text + before
    before = SEPARATOR.split(before)[-1]
    after = SEPARATOR.split(_plain_run(block.segments[index + 1:]))[0]
    return clean(f"{before}{block.segments[index].text}{after}")


def _law_page(href: str) -> bool:
    return bool(LAW_PAGE.search(urlsplit(href).path))


def page_links(blocks: list[Block], url: str) -> PageLinks:
    """The navigation links of a 2017 page (a law page or the table of contents)."""
    links = PageLinks()
    for block in blocks:
        nav = is_nav_block(block, url)
        for index, segment in enumerate(block.segments):
            if segment.href is None:
                continue
            href = urljoin(url, segment.href)
            context = _context(block, index) if nav else clean(segment.text)
            counterpart, arrow = COUNTERPART.match(context), ARROW.match(context)
            if counterpart:
                if not links.counterpart:
                    links.counterpart = href
                    links.numbers.append(int(counterpart.group(2)))
            elif arrow or PREVIOUS_WORDS.match(context) or NEXT_WORDS.match(context):
                number = int(arrow.group(2)) if arrow and arrow.group(2) else None
                backwards = PREVIOUS_WORDS.match(context) or (arrow and arrow.group(1) in "←«")
                if backwards and not links.previous:
                    links.previous = href
                    links.numbers += [number + 1] if number is not None else []
                elif not backwards and not links.next:
                    links.next = href
                    links.numbers += [number - 1] if number is not None else []
            elif nav and LANGUAGE_WORDS.match(context) and not links.counterpart:
                links.counterpart = href  # a bare "EN" / "English": the number comes from the URL
            elif nav and (role := _by_target(href, url)) and not getattr(links, role[0]):
                # No words or arrows say what the link is (an image with no alt text, a bare
                # number): its target does. No number is taken from it: the target's number
                # was compared with the URL's to choose the role, it proves nothing.
                setattr(links, role[0], href)
            elif _law_page(href):
                page = href.split("#")[0]
                if page not in links.laws:
                    links.laws.append(page)
    return links
