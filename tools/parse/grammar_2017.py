"""The 2017 grammar: blocks of one law page to a law tree.

The 2017 pages print section headings without their letters and number list items by
position, so ids come from the structure: the n-th section heading is section n (A, B, ...),
an item's place in its list is its number, a sub-item's its letter (`numbering_2017.py`).
Which blocks are the title and the section headings is decided in `headings_2017.py`. This
module assembles the tree: sections, items and sub-items under their parents, paragraphs
with the unit they continue, footnotes and notes apart. `tools.normalize.law_ids` then aligns the
printed units with the outline, restoring items a page does not print (empty items).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tools.errors import SourceError
from tools.model import Footnote, Law, Stripped, Unit, walk
from tools.normalize.citation_id import child_id
from tools.parse.blocks import TERMINAL, Block, clean
from tools.parse.headings_2017 import FOOTNOTE, LawShape, find_heads, title_number
from tools.parse.nav import NAV_LEFT_IN_TEXT
from tools.parse.numbering_2017 import LETTERED, explicit_id, item_label

# A paragraph's printed section letter (the text after it may run over several lines).
PRINTED_LETTER = re.compile(r"([A-Z])[.)]\s+(?=\S)")
FOOTER = re.compile(r"©|copyright|ostatnia\s+modyfikacja|last\s+(?:modified|updated)|"
                    r"wszelkie\s+prawa|all\s+rights", re.I)


def _append(target: Unit | Law, text: str, sep: str = "\n\n") -> None:
    if text:
        target.text = f"{target.text}{sep}{text}" if target.text else text


def _last_descendant(unit: Unit) -> Unit:
    while unit.children:
        unit = unit.children[-1]
    return unit


@dataclass
class LawBody:
    """What the grammar reads from a page below its navigation."""

    title: str
    text: str = ""
    sections: list[Unit] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stripped: list[tuple[int, Stripped]] = field(default_factory=list)  # (block index, chrome)
    problem: str = ""  # the headings do not fit the outline


@dataclass
class _Reader:
    number: int
    where: str
    body: LawBody
    shape: LawShape
    ids: set[str] = field(default_factory=set)
    section: Unit | None = None
    open: dict[int, Unit] = field(default_factory=dict)  # list depth -> latest item there
    law_items: list[str] = field(default_factory=list)  # items kept as law text

    def unit(self, unit: Unit) -> Unit:
        if unit.id in self.ids:
            raise SourceError(self.where, f"unit id {unit.id} occurs twice in law {self.number}")
        self.ids.add(unit.id)
        return unit

    def listed_section(self, block: Block) -> None:
        """A section printed as an item of the law's list, or as a paragraph printing its
        letter ("B. text"): its text, no heading."""
        printed = None if block.item else PRINTED_LETTER.match(block.text)
        self.heading(Block([], anchors=block.anchors), printed.group(1) if printed else "")
        assert self.section is not None
        self.section.text = block.text[printed.end():] if printed else block.text

    def heading(self, block: Block, letter: str = "") -> None:
        previous = self.body.sections[-1].label if self.body.sections else ""
        position = ord(previous) - ord("A") + 2 if len(previous) == 1 and previous.isupper() \
            else len(self.body.sections) + 1
        if position > 26:
            raise SourceError(self.where, f"law {self.number}: more than 26 section headings")
        letter, title = letter or chr(ord("A") + position - 1), clean(block.text)
        printed = LETTERED.match(title)
        if printed:  # a heading that does print its letter: "B. Title"
            letter, title = printed.groups()
        unit_id, label = explicit_id(block.anchors, self.number, 1) or (
            f"{self.number}{letter}", letter)
        self.section = self.unit(Unit(id=unit_id, level=1, label=label, title=title))
        self.body.sections.append(self.section)
        self.open = {}

    def item(self, block: Block) -> None:
        """A list item: level 2 at list depth 1, 3 below it; its parent is the nearest open
        item one depth up, else the section (a list directly inside a list holds the
        sub-items of an item the page does not print: normalize restores it)."""
        if self.section is None and not self.shape.items_at_law:
            # Items before any section stay in the law's text with their numbers: an id
            # like "5" + "1" would read as Law 51.
            self.law_item(block)
            return
        depth = block.depth
        if depth > 1 and depth - 1 not in self.open:
            # Sub-items with no item above them: they belong to an item the page does not
            # print (its own text is empty), which stands here with no text.
            self.item(Block([], depth=depth - 1, item=True))
        level = depth + 1
        parent: Unit | None = self.open.get(depth - 1, self.section)
        siblings = (parent.children if parent is not None else self.body.sections)
        if (block.number == 1 and siblings and depth > 1 and depth - 1 in self.open
                and not block.anchors):
            # Sub-items numbered from 1 again under the same item (a second list in it, or
            # typed labels restarting): a new item above them that the page does not print,
            # as the numbering a browser shows says, like a list placed in a list.
            self.item(Block([], depth=depth - 1, item=True))
            self.item(block)
            return
        if block.printed and block.number is not None and block.number <= len(siblings):
            raise SourceError(self.where, f"law {self.number}: printed number {block.number} "
                                          f"follows {len(siblings)} under "
                                          f"{parent.id if parent else self.number} (a broken "
                                          "printed sequence)")
        # Printed numbers skip an item the page does not print: never reuse a sibling's.
        number = block.number if block.number is not None else len(siblings) + 1
        if number >= 1 and not block.anchors:
            number = max(number, len(siblings) + 1)
        owner_id = parent.id if parent is not None else str(self.number)
        label = item_label(level, number, block.style)
        if label is None:
            raise SourceError(self.where, f"list item number {number} under {owner_id} "
                                          "cannot be a citation label")
        explicit = explicit_id(block.anchors, self.number, level) if level <= 3 else None
        unit_id, label = explicit or (child_id(owner_id, label), label)
        unit = self.unit(Unit(id=unit_id, level=level, label=label, text=block.text))
        (parent.children if parent is not None else self.body.sections).append(unit)
        self.open = {d: u for d, u in self.open.items() if d < depth}
        self.open[depth] = unit

    def law_item(self, block: Block) -> None:
        style_level = 2 if block.depth <= 1 else 3
        label = item_label(style_level, block.number or 1, block.style) or str(block.number)
        _append(self.body, f"{label}. {block.text}".strip() if block.text else f"{label}.")

    def paragraph(self, block: Block) -> None:
        text = block.text
        holders = [depth for depth in self.open if depth <= block.depth]
        if block.depth and holders:
            _append(self.open[max(holders)], text)  # a further paragraph of a list item
        elif self.section is None and self.body.sections:
            _append(_last_descendant(self.body.sections[-1]), text)  # after items of the law
        elif self.section is None:
            _append(self.body, text)
        elif self.section.children:
            # Text after a section's list: kept with its last item, in document order.
            _append(_last_descendant(self.section), text)
        else:
            _append(self.section, text)


def read_law(blocks: list[Block], *, number: int, lang: str, where: str,
             shape: LawShape) -> LawBody:
    """The law's title, text, units and footnotes from the blocks below its navigation."""
    heads = find_heads(blocks, shape, lang)
    if heads.title is not None:
        title = title_number(blocks[heads.title].text)[1]
    elif shape.title:
        title = shape.title  # English pages print no title: the official one stands in
    else:
        raise SourceError(where, "no title heading found")
    if not title:
        raise SourceError(where, f"law {number} has no title")
    if heads.problem and not heads.by_markup:
        # Headings guessed by their shape that do not fit the outline cannot be accounted
        # for; headings the markup marks are the page's own structure (the guard warns).
        raise SourceError(where, f"law {number} ({lang}): {heads.problem}")
    body = LawBody(title=title, problem=heads.problem)
    start = max(i for i in (heads.title, heads.number_line, -1) if i is not None) + 1
    for index in range(start):
        text = clean(blocks[index].text)
        if index == heads.title:
            continue
        if index != heads.number_line and text.endswith(TERMINAL) and len(text.split()) >= 5:
            _append(body, text)  # a notice before the title ("amended from 2024...") is kept
            continue
        reason = "law-number" if index == heads.number_line else "page-header"
        body.stripped.append((index, Stripped(blocks[index].text, reason)))
    reader = _Reader(number, where, body, shape)
    sections = set(heads.sections)
    in_footnotes = False
    for index in range(start, len(blocks)):
        block = blocks[index]
        text = block.text
        footnote = FOOTNOTE.match(text) if not block.item else None
        if footnote or (block.footnote_area and not block.item):
            in_footnotes = True
            marker, note = footnote.groups() if footnote else ("", text)
            body.footnotes.append(Footnote(marker, note))
        elif in_footnotes and FOOTER.search(text):
            body.stripped.append((index, Stripped(text, "page-footer")))
        elif in_footnotes and not block.item and not block.depth and body.footnotes:
            body.notes.append(text)  # after the footnotes: a note that belongs to no unit
        elif index in sections and (heads.listed or heads.lettered):
            reader.listed_section(block)
        elif heads.listed and block.depth:
            shallower = replace(block, depth=block.depth - 1)
            reader.item(shallower) if block.item else reader.paragraph(shallower)
        elif index in sections:
            reader.heading(block)
        elif block.item:
            reader.item(block)
        elif FOOTER.search(text) and index == len(blocks) - 1:
            body.stripped.append((index, Stripped(text, "page-footer")))
        else:
            reader.paragraph(block)
    if not body.text and not body.sections:
        raise SourceError(where, f"law {number}: no text or sections after the title "
                                 "(truncated or not a law page)")
    _check_no_nav_left(body, number, where)
    return body


def _check_no_nav_left(body: LawBody, number: int, where: str) -> None:
    """A SourceError when navigation words ("← 63", "EN: Law 64", "spis treści") stand in
    the law's text: a nav line the adapters did not recognise would be published as law."""
    texts = [(str(number), body.title), (str(number), body.text)]
    texts += [(unit.id, f"{unit.title}\n{unit.text}") for unit in walk(body.sections)]
    texts += [(f"{number} footnote", note.text) for note in body.footnotes]
    texts += [(f"{number} note", note) for note in body.notes]
    for unit_id, text in texts:
        found = NAV_LEFT_IN_TEXT.search(text)
        if found:
            raise SourceError(where, f"law {number}: navigation words {found.group(0)!r} in the "
                                     f"text of {unit_id} (a navigation line not recognised)")
