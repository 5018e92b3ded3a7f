"""What every HTML adapter shares: page sanity checks, text of elements, rendered lines with
their links. The adapters themselves are parse_html_2017 and parse_html_1997; nothing here
touches the network."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bs4 import BeautifulSoup, Comment, Doctype, NavigableString, Tag

from tools.errors import SourceError

BLOCK_TAGS = frozenset(
    "address article aside blockquote body center dd div dl dt fieldset figure footer form "
    "h1 h2 h3 h4 h5 h6 header hr html li main nav ol p pre section table tbody td th thead "
    "tr ul".split()
)
DROPPED_TAGS = ("script", "style", "noscript", "head", "template")
_SPACE = re.compile(r"[ \t\r\n\f]+")
_CLOSING = re.compile(r"</(?:html|body)\s*>", re.IGNORECASE)


def clean(text: str) -> str:
    """Whitespace as a browser shows it: runs of spaces and newlines become one space; no-break
    spaces (Polish typesetting puts them after one-letter words) are text and stay."""
    return _SPACE.sub(" ", text).strip()


def load_page(html: str, url: str) -> BeautifulSoup:
    """The parsed page, or a SourceError naming the URL if it is empty, binary or truncated."""
    if not html.strip():
        raise SourceError(url, "empty page")
    sample = html[:65536]
    garbage = sum(1 for ch in sample if ch == "\ufffd" or (ch < " " and ch not in "\t\n\r\f"))
    if "\x00" in sample or garbage > max(8, len(sample) // 100):
        raise SourceError(url, f"not an HTML page: {garbage} control or undecodable characters")
    if not re.search(r"<\s*(?:html|body|p|div|h\d|table)\b", sample, re.IGNORECASE):
        raise SourceError(url, "not an HTML page: no <html>, <body> or block elements")
    if not _CLOSING.search(html):
        raise SourceError(url, "truncated HTML: no closing </body> or </html> tag")
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(DROPPED_TAGS):
        tag.decompose()
    return soup


def inline_text(node: Tag | NavigableString, skip: Callable[[Tag], bool] = lambda t: False) -> str:
    """The text of a node with markup removed, comments and `skip`ped elements left out."""
    if isinstance(node, (Comment, Doctype)):
        return ""
    if isinstance(node, NavigableString):
        return str(node)
    if skip(node):
        return ""
    if node.name == "br":
        return "\n"
    return "".join(inline_text(child, skip) for child in node.children)


def link_text(link: Tag) -> str:
    """What a link shows: its text, or for an image link (the 1997 pages' "wesja angielska"
    and "zasłony" are flag icons) the images' alt text."""
    text = inline_text(link)
    if text.strip():
        return text
    return " ".join(str(img.get("alt") or "").strip() for img in link.find_all("img")).strip()


def shown_text(node: Tag | NavigableString) -> str:
    """Like inline_text, but links show what link_text says (alt text of image links)."""
    if isinstance(node, Tag) and node.name == "a":
        return link_text(node)
    if isinstance(node, Tag) and node.name not in ("br",):
        return "".join(shown_text(child) for child in node.children)
    return inline_text(node)


@dataclass
class Segment:
    """A piece of one rendered line: plain text, or a link the adapter wants to see."""

    text: str
    href: str | None = None  # set for links
    image: bool = False  # a link showing only images: `text` is their alt text


def _segments(node: Tag | NavigableString, out: list[list[Segment]]) -> None:
    if isinstance(node, (Comment, Doctype)):
        return
    if isinstance(node, NavigableString):
        out[-1].append(Segment(str(node)))
        return
    if node.name == "br":
        out.append([])
        return
    if node.name == "a" and node.get("href"):
        shown = link_text(node)
        out[-1].append(Segment(shown, str(node["href"]), image=not inline_text(node).strip()))
        return
    block = node.name in BLOCK_TAGS
    if block:
        out.append([])
    for child in node.children:
        _segments(child, out)
    if block:
        out.append([])


def rendered_lines(root: Tag) -> list[list[Segment]]:
    """The page as a browser breaks it into lines (blocks and <br>), each a list of
    segments in which links stay separate; empty lines dropped."""
    out: list[list[Segment]] = [[]]
    _segments(root, out)
    return [line for line in out if clean("".join(seg.text for seg in line))]


def line_text(line: list[Segment]) -> str:
    """The whole text of a rendered line."""
    return clean("".join(seg.text for seg in line))
