"""What every adapter gives a grammar: the page as blocks, the way a browser lays it out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SPACE = re.compile(r"[ \t\r\n\f]+")
# Final punctuation: words ending with it read as a sentence, not as a heading.
TERMINAL = (".", ":", ";", "!", "?", ")", "…", ",")


def clean(text: str) -> str:
    """Whitespace as a browser shows it: runs of spaces and newlines become one space; no-break
    spaces (Polish typesetting puts them after one-letter words) are text and stay."""
    return _SPACE.sub(" ", text).strip()


@dataclass
class Segment:
    """A piece of one block: plain text, or a link the adapters want to see."""

    text: str
    href: str | None = None  # set for links
    image: bool = False  # a link showing only images: `text` is their alt text
    script: bool = False  # a javascript: link: its text shows, it leads nowhere we follow


@dataclass
class Block:
    """One line or paragraph of a page, in document order.

    `heading` says how strongly the markup presents the block as a heading: 3 for <hN>,
    2 for a block that is all bold or carries a heading-like class, 1 for a line a text
    capture's layout sets apart as a heading (its shape alone, no markup), 0 otherwise (then
    only its shape can make it one). List items carry their depth and number; an item whose own
    text is empty (it only holds a nested list) is a block with no text.
    """

    segments: list[Segment] = field(default_factory=list)
    depth: int = 0  # list nesting: 0 outside lists, 1 a top-level item, 2 an item below it
    item: bool = False  # the first block of a list item
    number: int | None = None  # the item's number: printed, or its place in its <ol>
    printed: bool = False  # the number is printed on the page (typed, or an <li value>)
    style: str = ""  # the list's numbering type ("1", "a", "i") where markup gives one
    heading: int = 0
    anchors: list[str] = field(default_factory=list)  # id/name values on or just before it
    footnote_area: bool = False  # inside an element marked as the page's footnotes
    table_cell: bool = False  # a cell of a data table (a row of several cells)
    container: str = ""  # the tag of the block element holding it ("p", "li", "dd", ...)
    raw: str = ""  # the block's text before whitespace was collapsed (captures: with "\n")

    @property
    def text(self) -> str:
        """The whole text of the block, whitespace collapsed (a capture keeps its "\\n")."""
        if self.raw:
            return self.raw
        return clean("".join(segment.text for segment in self.segments))

    @property
    def links(self) -> list[Segment]:
        """The block's link segments (javascript: links are text, not links)."""
        return [segment for segment in self.segments if segment.href is not None]

    @property
    def clickable(self) -> bool:
        """Whether the block holds any link, javascript: ones included."""
        return any(segment.href is not None or segment.script for segment in self.segments)


def text_block(text: str, **hints: object) -> Block:
    """A block of plain text (the capture adapters' only kind)."""
    return Block([Segment(text)], raw=text, **hints)  # type: ignore[arg-type]
