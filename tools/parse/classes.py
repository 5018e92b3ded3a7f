"""What a block's class names and id say of it: a heading, or the page's footnotes.

A class is read as words, not searched for fragments: a word processor's "save as web page"
writes `WordSection1` on the page's wrapper and `MsoNormal` on every paragraph, and a fragment
rule ("section" anywhere) would make every block of such a page a heading.
"""

from __future__ import annotations

import re

# Words that name a title or heading. Polish words in any case ending ("tytułu", "nagłówka").
_TITLE_WORD = re.compile(r"(?:sub)?title|heading|head|h[1-6]|tytu[lł]\w*|nag[lł]\w*", re.I)
# Words that name a section or chapter: a class of only these names either the section's
# heading line (`<p class="sekcja">`) or a wrapper around the whole section (`<div
# class="section">`); only the first is a heading, so these count on a single line only.
_SECTION_WORD = re.compile(r"sections?|sekcj\w*|rozdz\w*|chapter", re.I)
# Words that name footnotes ("footnote", "foot-note", "przypisy", "fn"), never a page's footer.
_FOOTNOTE_WORD = re.compile(r"foot(?:notes?)?|footnotes?|endnotes?|fn|przypis\w*", re.I)
# Word boundaries inside one class name: camelCase humps, letters against digits.
_HUMP = re.compile(r"(?<=[a-ząćęłńóśźż])(?=[A-ZĄĆĘŁŃÓŚŹŻ])|(?<=\D)(?=\d)|(?<=\d)(?=\D)")
_SPLIT = re.compile(r"[\W_]+")


def class_words(name: str) -> list[str]:
    """`WordSection1` -> ["Word", "Section", "1"]; `section-title` -> ["section", "title"]."""
    return [word for word in _SPLIT.split(_HUMP.sub(" ", name)) if word]


def _names_heading(name: str, single_line: bool) -> bool:
    words = [word for word in class_words(name) if not word.isdigit()]
    if any(_TITLE_WORD.fullmatch(word) for word in words):
        return True
    # "section" alone (or with its number) names a section; "WordSection" names the word
    # processor's page section, a wrapper: another word beside it means something else.
    return single_line and bool(words) and all(_SECTION_WORD.fullmatch(w) for w in words)


def heading_class(classes: str, element_id: str, single_line: bool) -> bool:
    """Whether a class name or the id names the block a heading or a section's title.
    `single_line`: the element holds no other blocks (a line, not a wrapper)."""
    return any(_names_heading(name, single_line) for name in [*classes.split(), element_id])


def footnote_class(classes: str, element_id: str) -> bool:
    """Whether a class name or the id marks the element as the page's footnotes."""
    return any(_FOOTNOTE_WORD.fullmatch(word) for name in [*classes.split(), element_id]
               for word in class_words(name))
