"""HTML to blocks, as a browser lays the page out.

Pages are parsed by lexbor (through selectolax), an HTML5-conformant parser: omitted end tags
(`</p>`, `</li>`, `</td>`) close where a browser closes them, and misnested inline tags are
repaired the way the HTML standard says. Scripts, styles and hidden elements are dropped:
nothing a source page would run or hide reaches the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from tools.errors import SourceError
from tools.parse.blocks import TERMINAL, Block, Segment, clean
from tools.parse.classes import footnote_class, heading_class

BLOCK_TAGS = frozenset(
    "address article aside blockquote body caption center dd details dialog div dl dt "
    "fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main "
    "menu nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
DROPPED_TAGS = frozenset(
    "script style noscript template head iframe object embed svg math canvas select option "
    "button input textarea audio video map area".split()
)
HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
LISTS = frozenset(("ol", "ul", "menu"))
EMPHASIS = frozenset(("b", "strong"))
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_CLOSING = re.compile(r"</(?:html|body)\s*>", re.I)
# A page's last line may be its footer, which ends with no full stop.
_FOOTER = re.compile(r"ostatnia\s+modyfikacja|last\s+modified|©|copyright|\b(?:19|20)\d\d$", re.I)
_LAYOUT_INSIDE = "h1, h2, h3, h4, h5, h6, p, ol, ul, table, div, blockquote"
_SCRIPT_URL = re.compile(r"^\s*(?:javascript|vbscript|data)\s*:", re.I)


def load_page(html: str, url: str) -> LexborNode:
    """The body of the parsed page, or a SourceError naming the URL if it is empty or binary."""
    if not html.strip():
        raise SourceError(url, "empty page")
    sample = html[:65536]
    garbage = sum(1 for ch in sample if ch == "\ufffd" or (ch < " " and ch not in "\t\n\r\f"))
    if "\x00" in sample or garbage > max(8, len(sample) // 100):
        raise SourceError(url, f"not an HTML page: {garbage} control or undecodable characters")
    if not re.search(r"<\s*(?:html|body|p|div|h\d|table)\b", sample, re.I):
        raise SourceError(url, "not an HTML page: no <html>, <body> or block elements")
    tree = LexborHTMLParser(html)
    if tree.body is None:
        raise SourceError(url, "not an HTML page: no body")
    return tree.body


def _attr(node: LexborNode, name: str) -> str:
    return str(node.attributes.get(name) or "")


def _hidden(node: LexborNode) -> bool:
    return "hidden" in node.attributes or bool(_HIDDEN_STYLE.search(_attr(node, "style")))


def _own_ids(node: LexborNode) -> list[str]:
    return [value for value in (_attr(node, "id"), _attr(node, "name")) if value]


def node_text(node: LexborNode, alts: bool = True) -> str:
    """The text a node shows: dropped and hidden elements left out, comments ignored, an
    image read as its alt text (what a browser shows for it and reads out; a nav arrow may
    be an `<img alt="←">`). `alts=False`: the text alone."""
    if node.tag == "-text":
        return node.text(deep=False) or ""
    if node.tag == "-comment" or node.tag in DROPPED_TAGS or _hidden(node):
        return ""
    if node.tag == "br":
        return "\n"
    if node.tag == "img":
        return _attr(node, "alt") if alts else ""
    return "".join(node_text(child, alts) for child in node.iter(include_text=True))


def link_text(link: LexborNode) -> tuple[str, bool]:
    """What a link shows, images read as their alt text in place, and whether it shows only
    images (the 1997 pages' "wesja angielska" and "zasłony" are flag and screen icons)."""
    if node_text(link, alts=False).strip():
        return node_text(link), False
    alts = [_attr(img, "alt").strip() for img in link.css("img")]
    return " ".join(alt for alt in alts if alt), True


def _emphasised(node: LexborNode) -> bool:
    """Whether all the text of a block sits inside <b>/<strong> (a bold paragraph)."""
    whole = clean(node_text(node))
    if not whole:
        return False
    bold = "".join(node_text(b) for b in node.css("b, strong")
                   if not any(p.tag in EMPHASIS for p in _ancestors(b, node)))
    return clean(bold) == whole


def _blocks_inside(node: LexborNode) -> bool:
    """Whether a block holds other blocks or line breaks (then it is no single heading)."""
    return any(inner.mem_id != node.mem_id for inner in node.css("p, div, li, br, ol, ul"))


def _ancestors(node: LexborNode, stop: LexborNode) -> list[LexborNode]:
    found = []
    parent = node.parent
    while parent is not None and parent.mem_id != stop.mem_id:
        found.append(parent)
        parent = parent.parent
    return found


def _number(value: str, default: int) -> int:
    try:
        return int(value.strip())
    except ValueError:
        return default


@dataclass
class _Item:
    depth: int
    number: int
    style: str
    anchors: list[str]


@dataclass
class _Walker:
    blocks: list[Block] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)  # waiting for the next block
    depth: int = 0
    heading: int = 0
    footnotes: bool = False
    table: bool = False  # inside a cell of a table row with several cells
    container: str = ""  # the innermost block element open
    item: _Item | None = None  # a list item whose first block is still to come

    def flush(self) -> None:
        """Close the line being built; a line with no text passes its anchors on."""
        segments, self.segments = self.segments, []
        if not clean("".join(s.text for s in segments)):
            return
        block = Block(segments, depth=self.depth, heading=self.heading,
                      anchors=self.anchors, footnote_area=self.footnotes, table_cell=self.table,
                      container=self.container)
        self.anchors = []
        if self.item is not None:
            block.item, block.number, block.style = True, self.item.number, self.item.style
            block.anchors = self.item.anchors + block.anchors
            self.item = None
        self.blocks.append(block)

    def empty_item(self) -> None:
        """An item whose own text is empty: it holds only a nested list, or nothing."""
        if self.item is None:
            return
        item, self.item = self.item, None
        self.blocks.append(Block([], depth=item.depth, item=True, number=item.number,
                                 style=item.style, anchors=item.anchors + self.anchors,
                                 footnote_area=self.footnotes))
        self.anchors = []

    def walk(self, node: LexborNode) -> None:
        """Every child of `node` in document order."""
        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                self.segments.append(Segment(child.text(deep=False) or ""))
            elif tag == "-comment" or tag in DROPPED_TAGS or _hidden(child):
                continue
            elif tag == "br":
                self.flush()
            elif tag == "img":
                self.segments.append(Segment(_attr(child, "alt")))  # shown where it stands
            elif tag == "a" and child.attributes.get("href") is not None:
                self.link(child)
            elif tag in LISTS:
                self.flush()
                self.anchors += _own_ids(child)
                self.list(child)
            elif tag == "li":
                self.flush()
                self.list_item(child, self.depth + 1, _number(_attr(child, "value"), 1), "")
            elif tag in BLOCK_TAGS:
                self.block(child)
            else:
                self.anchors += _own_ids(child)
                self.walk(child)

    def link(self, link: LexborNode) -> None:
        text, image = link_text(link)
        href = _attr(link, "href")
        self.anchors += _own_ids(link)
        if _SCRIPT_URL.match(href):
            self.segments.append(Segment(text, script=True))  # shown as text, never followed
        else:
            self.segments.append(Segment(text, href, image))

    def block(self, node: LexborNode) -> None:
        self.flush()
        saved = (self.heading, self.footnotes, self.table, self.container)
        self.container = node.tag
        if node.tag in ("td", "th") and node.parent is not None and sum(
                1 for cell in node.parent.iter() if cell.tag in ("td", "th")) > 1 and not any(
                inner.mem_id != node.mem_id for inner in node.css(_LAYOUT_INSIDE)):
            # A cell of a data row; a cell that holds headings, paragraphs or lists is a
            # column of a layout table (the law beside a logo), read as the page itself.
            self.table = True
        classes, element_id = _attr(node, "class"), _attr(node, "id")
        if node.tag in HEADINGS:
            self.heading = 3
        elif self.heading < 2 and node.tag not in ("body", "html", "table", "tbody", "tr") and (
                heading_class(classes, element_id, not _blocks_inside(node))
                or (_emphasised(node) and len(clean(node_text(node))) <= 200
                    and not _blocks_inside(node))):
            self.heading = 2
        self.footnotes = self.footnotes or footnote_class(classes, element_id)
        self.anchors += _own_ids(node)
        self.walk(node)
        self.flush()
        self.heading, self.footnotes, self.table, self.container = saved

    def list(self, node: LexborNode) -> None:
        """An <ol>/<ul>: its items one level deeper; a list placed directly inside a list
        holds the sub-items of an item that prints no text of its own."""
        self.empty_item()
        position = _number(_attr(node, "start"), 1)
        style = _attr(node, "type")
        for child in node.iter(include_text=True):
            if child.tag == "li":
                position = _number(_attr(child, "value"), position)
                self.list_item(child, self.depth + 1, position, style)
                position += 1
            elif child.tag in LISTS:
                self.depth += 1
                self.list(child)
                self.depth -= 1
            elif child.tag == "-text" and not (child.text(deep=False) or "").strip():
                continue
            elif child.tag != "-comment" and child.tag not in DROPPED_TAGS and not _hidden(child):
                self.depth += 1
                self.walk_one(child)
                self.depth -= 1

    def walk_one(self, child: LexborNode) -> None:
        """Stray content between the items of a list."""
        if child.tag == "-text":
            self.segments.append(Segment(child.text(deep=False) or ""))
            self.flush()
        elif child.tag in BLOCK_TAGS:
            self.block(child)
        else:
            self.walk(child)
            self.flush()

    def list_item(self, node: LexborNode, depth: int, number: int, style: str) -> None:
        self.flush()
        saved = self.depth, self.heading, self.container
        self.depth, self.heading, self.container = depth, 0, "li"
        self.item = _Item(depth, number, style, _own_ids(node) + self.anchors)
        self.anchors = []
        self.walk(node)
        self.flush()
        self.empty_item()
        self.depth, self.heading, self.container = saved


def page_blocks(body: LexborNode) -> list[Block]:
    """The page body as blocks in document order."""
    walker = _Walker()
    walker.walk(body)
    walker.flush()
    return walker.blocks


def check_complete(html: str, url: str, last_text: str) -> None:
    """A SourceError when the page looks cut off in transfer: no closing </body> or </html>
    (which valid HTML may omit) AND its last text stops mid-sentence."""
    text = last_text.rstrip()
    if not _CLOSING.search(html) and not text.endswith(TERMINAL) and not _FOOTER.search(text):
        raise SourceError(url, "truncated HTML: no closing </body> or </html> and the text "
                               f"stops mid-sentence ({last_text[-60:]!r})")


def shown_text(html: str, url: str) -> str:
    """The page's text as a browser shows it, a line per block (what the nothing-lost check
    compares the parsed laws with)."""
    return "\n".join(block.text for block in page_blocks(load_page(html, url)))
