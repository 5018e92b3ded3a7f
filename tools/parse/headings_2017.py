"""The 2017 grammar's headings: which blocks of a law page are its title and its sections.

The 2017 pages print section headings without their letters, so a block is a section heading
by what it is (an <hN>, a bold or classed block, or a short line with no final punctuation
that stands before more text), helped by the official outline's count of sections.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tools.normalize.outline import OutlineLaw
from tools.parse.blocks import TERMINAL, Block, clean
from tools.parse.numbering_2017 import LETTERED

FOOTNOTE = re.compile(r"^(\*+)\s*(\S.*)$", re.S)
TITLE_NUMBER = re.compile(
    r"^(?:(?:Przepis|Prawo|Law)\s+(\d{1,2})\b\.?|(\d{1,2})\.)\s*[-–—:.]?\s*(.*)$", re.I)
HEADING_MAX = 150  # a heading is short; a longer unpunctuated line is text cut by markup


@dataclass
class LawShape:
    """What the outline says of a law's shape, for reading its page."""

    title: str = ""  # the official title in the page's language, "" if unknown
    sections: int | None = None  # how many sections; None when the law is not in the outline
    items_at_law: bool = False  # items hang from the law directly (Law 71)
    uncertain: bool = False  # the outline marks part of this law as uncertain

    @classmethod
    def of(cls, law: OutlineLaw | None, lang: str) -> LawShape:
        """The shape of an outline law (an unknown law has no expectations)."""
        if law is None:
            return cls()
        return cls(
            title=law.title_en if lang == "en" else law.title_pl,
            sections=sum(1 for unit in law.units if unit.level == 1),
            items_at_law=any(unit.level == 2 for unit in law.units)
            and not any(unit.level == 1 for unit in law.units),
            uncertain=law.unconfirmed,
        )


def _fold(text: str) -> str:
    return re.sub(r"\W+", " ", clean(text).casefold()).strip()


def is_heading_shape(block: Block, following: Block | None) -> bool:
    """A short standalone line with no final punctuation, standing before more text (not a
    table's cell or caption)."""
    text = clean(block.text)
    return (not block.item and block.depth == 0 and 0 < len(text) <= HEADING_MAX
            and not text.endswith(TERMINAL) and not FOOTNOTE.match(text)
            and following is not None and not FOOTNOTE.match(following.text)
            and not block.footnote_area and not block.table_cell
            and not following.table_cell)


def is_marked_heading(block: Block) -> bool:
    """A block the markup presents as a heading (an <hN>, or bold or classed and not a
    sentence)."""
    text = clean(block.text)
    if (block.item or block.depth or not text or block.footnote_area or block.table_cell
            or FOOTNOTE.match(text)):
        return False
    return block.heading == 3 or (block.heading == 2 and len(text) <= HEADING_MAX
                                  and not text.endswith((".", ":", ";", ",")))


def title_number(text: str) -> tuple[int | None, str]:
    """("Przepis 64", "Title") -> (64, "Title") for the forms a numbered title takes."""
    match = TITLE_NUMBER.match(clean(text))
    if not match:
        return None, clean(text)
    return int(match.group(1) or match.group(2)), match.group(3).strip()


@dataclass
class Heads:
    """Where the title and the section headings are among the blocks."""

    title: int | None  # index of the title block, None when the page prints none
    number_line: int | None  # a "Przepis 64" block printed apart from the title
    sections: list[int]
    problem: str = ""  # why the headings do not fit the outline, "" when they do
    listed: bool = False  # no headings: the sections are the items of the law's one list
    lettered: bool = False  # no headings: the sections are paragraphs "A. text", "B. text"
    by_markup: bool = False  # the headings taken despite `problem` are all marked as headings


def _lettered_items(blocks: list[Block]) -> list[int]:
    """The items of an `<ol type="A">` standing directly under the law, lettered A, B, C in
    order: a law that prints its sections as an untitled list (Law 56: "declarer may: A. ...,
    or B. ..."). Empty when the law's top-level items are anything else."""
    top = [i for i, b in enumerate(blocks) if b.item and b.depth == 1 and not b.footnote_area]
    numbers = [blocks[i].number for i in top]
    if top and all(blocks[i].style == "A" for i in top) and numbers == list(
            range(1, len(top) + 1)):
        return top
    return []


def _lettered_paragraphs(blocks: list[Block], start: int) -> list[int]:
    """Paragraphs below the title printing their letters in order ("A. text", "B. text"), the
    other form of the same untitled sections."""
    found: list[int] = []
    for index in range(start, len(blocks)):
        block = blocks[index]
        printed = LETTERED.match(clean(block.text))
        if (printed and not block.item and not block.depth and not block.footnote_area
                and not block.table_cell and printed.group(1) == chr(ord("A") + len(found))):
            found.append(index)
    return found


def find_heads(blocks: list[Block], shape: LawShape, lang: str) -> Heads:
    """Choose the title and section headings among the blocks."""
    following = [blocks[i + 1] if i + 1 < len(blocks) else None for i in range(len(blocks))]
    marked = [i for i, b in enumerate(blocks) if is_marked_heading(b)
              and not (following[i] is not None and following[i].table_cell)]  # a caption
    shaped = [i for i, b in enumerate(blocks) if is_heading_shape(b, following[i])
              or (i in marked)]
    title: int | None = None
    number_line: int | None = None
    first = next(iter(sorted(set(marked) | set(shaped))), None)
    if first is not None:
        number, rest = title_number(blocks[first].text)
        official = _fold(shape.title) if shape.title else ""
        if number is not None and not rest:
            number_line = first
            title = next((i for i in sorted(set(marked) | set(shaped)) if i > first), None)
        elif number is not None or (official and _fold(blocks[first].text) == official):
            title = first
        elif lang == "pl":
            title = first  # Polish pages print the law's title before anything else
    taken = {i for i in (title, number_line) if i is not None}
    strong = [i for i in marked if i not in taken]
    weak = [i for i in shaped if i not in taken]
    expected = shape.sections
    # A law with no headings that letters its sections itself: the letters are the structure
    # (else the items would stay in the law's text as "1. 2." and the sections be lost).
    start = max(i for i in (title, number_line, -1) if i is not None) + 1
    paragraphs = _lettered_paragraphs(blocks, start)
    if all(i in weak and following[i] is not None and i + 1 not in paragraphs
           and not following[i].item for i in paragraphs):
        paragraphs = []  # "A. Title" lines each over its own text: headings printing letters
    for lettered, listed in ((_lettered_items(blocks), True), (paragraphs, False)):
        # Shape-only headings fitting the outline win; a lettered line "A. ...; or" has a
        # heading's shape itself and does not count against its own reading.
        shaped_only = [i for i in weak if i not in lettered]
        if (not strong and (not shaped_only or expected not in (None, len(shaped_only)))
                and len(lettered) >= min(2, expected or 2) and expected in (None, len(lettered))):
            return Heads(title, number_line, lettered, listed=listed, lettered=not listed)
    if expected is None:
        return Heads(title, number_line, strong or weak)
    for candidates in (strong, weak):
        if len(candidates) == expected:
            return Heads(title, number_line, candidates)
    top = [i for i, b in enumerate(blocks) if b.item and b.depth == 1]
    if expected and not weak and len(top) == expected:
        # A page that prints its sections as a numbered list ("The auction ends when: 1. ...
        # 2. ..." for 22A, 22B): its top-level items are the sections.
        return Heads(title, number_line, top, listed=True)
    if title is None and lang == "en":
        # An English page that does print a title after all: one heading too many, the first
        # reading as the law's title (else it is a section the outline lacks).
        for candidates in (strong, weak):
            if len(candidates) == expected + 1 and (
                    title_number(blocks[candidates[0]].text)[0] is not None
                    or (shape.title and _fold(blocks[candidates[0]].text) == _fold(shape.title))):
                return Heads(candidates[0], number_line, candidates[1:])
    found = strong or weak
    problem = (f"{len(found)} section headings found ({len(strong)} marked as headings, "
               f"{len(weak)} by their shape), the official outline has {expected}")
    return Heads(title, number_line, found, problem, by_markup=bool(strong))
