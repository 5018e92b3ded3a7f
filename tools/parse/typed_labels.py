"""The page as a browser shows it when its list numbers are typed as text.

A word processor's "save as web page" types "1.", "a)", "(i)" before each paragraph instead of
marking a list, and some pages type a list as lines of one paragraph split by <br>. A browser
shows the numbers all the same; this second reading takes them for what they show: a typed
label starts a list item whose depth is its kind (1. item, a) or (a) sub-item, (i) below
that), and the unlabelled paragraphs that follow it continue it. Whichever reading of a page
leaves no typed label inside a unit's text is the one that can be accounted for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tools.model import Unit, walk
from tools.parse.blocks import Block, Segment
from tools.parse.headings_2017 import FOOTNOTE, is_heading_shape

# A label typed at the start of a paragraph, then spaces (no-break ones included).
TYPED_LABEL = re.compile(
    r"^[\s\u00a0]*(?:(?P<number>\d{1,2})[.)]|(?P<letter>[a-z])\)|\((?P<paren>[a-z]{1,6})\))"
    r"[\s\u00a0]+(?=\S)")
_ROMAN = re.compile(r"^x{0,3}(?:ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


@dataclass(frozen=True)
class TypedLabel:
    """A typed label: the list depth it shows, its number there, and where the text starts."""

    depth: int
    number: int
    end: int  # characters of the raw text the label and its spaces take


def _roman_value(numeral: str) -> int:
    total = 0
    for i, char in enumerate(numeral):
        value = _ROMAN_VALUES[char]
        following = _ROMAN_VALUES[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def typed_label(text: str, last_letter: str = "") -> TypedLabel | None:
    """The label typed at the start of `text`, if any. "(i)" after "(h)" or "h)" is a letter."""
    match = TYPED_LABEL.match(text)
    if match is None:
        return None
    if match.group("number"):
        return TypedLabel(1, int(match.group("number")), match.end())
    letter = match.group("letter") or match.group("paren")
    follows_letter = bool(last_letter) and ord(letter[0]) == ord(last_letter) + 1
    if len(letter) == 1 and (follows_letter or not _ROMAN.match(letter)):
        return TypedLabel(2, ord(letter) - ord("a") + 1, match.end())
    if match.group("paren") and letter and _ROMAN.match(letter):
        return TypedLabel(3, _roman_value(letter), match.end())
    if len(letter) == 1:  # "i)": a letter item typed without parentheses
        return TypedLabel(2, ord(letter) - ord("a") + 1, match.end())
    return None


def _free(block: Block) -> bool:
    """A paragraph the markup puts in no list, heading or footnote."""
    return not (block.item or block.depth or block.heading or block.footnote_area
                or block.table_cell)


def has_typed_labels(blocks: list[Block]) -> bool:
    """Whether any paragraph outside the page's lists starts with a typed list label."""
    return any(_free(block) and TYPED_LABEL.match(block.text) for block in blocks)


def _drop_chars(segments: list[Segment], count: int) -> list[Segment]:
    out: list[Segment] = []
    for segment in segments:
        if count >= len(segment.text):
            count -= len(segment.text)
            if segment.href is None:
                continue
            segment = replace(segment, text="")
        elif count:
            segment = replace(segment, text=segment.text[count:])
            count = 0
        out.append(segment)
    return out


def read_typed_labels(blocks: list[Block]) -> list[Block]:
    """The blocks with every typed label read as a list item of the depth it shows, and the
    unlabelled paragraphs after an item as its continuation (until a heading or footnote)."""
    out: list[Block] = []
    depth, last_letter = 0, ""
    for index, block in enumerate(blocks):
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        raw = "".join(segment.text for segment in block.segments)
        label = typed_label(raw, last_letter) if _free(block) else None
        if label is not None:
            segments = _drop_chars(block.segments, label.end)
            out.append(replace(block, segments=segments, raw="", item=True, depth=label.depth,
                               number=label.number, style="", printed=True))
            depth = label.depth
            if label.depth == 1:
                last_letter = ""
            elif label.depth == 2:
                last_letter = chr(ord("a") + label.number - 1)
        elif (depth and _free(block) and not FOOTNOTE.match(block.text)
              and not is_heading_shape(block, following)):
            out.append(replace(block, depth=depth))
        else:
            if block.heading or FOOTNOTE.match(block.text) or block.footnote_area:
                depth, last_letter = 0, ""
            out.append(block)
    return out


def labels_left(sections: list[Unit]) -> list[str]:
    """The units (`sections` and all below them) with a paragraph (or title) that starts with
    a typed list label: a list the reading took for text, never to be published as such."""
    found = []
    for unit in walk(sections):
        paragraphs = [unit.title, *unit.text.split("\n\n")]
        if any(TYPED_LABEL.match(paragraph) for paragraph in paragraphs if paragraph):
            found.append(unit.id)
    return found
