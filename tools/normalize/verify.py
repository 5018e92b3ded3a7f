"""The nothing-lost check: every word of a source page survives parsing, in the same order.

The source text minus the chrome recorded in Law.stripped is compared, word by word, with the
words of the parsed laws (titles, texts, notes, footnotes) laid out in document order.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from tools.model import Law, Unit

# Letter runs, and digit-led runs ("72B1", "43B2b"): a law heading glued to a word without
# punctuation ("kartę60. ZAGRANIE") still counts as the two words it is.
_WORD = re.compile(r"[^\W\d_]+|\d\w*")
# 2017 pages print list numbers that are structure, not text (and not the cited numbers:
# an item printed "4." can be 45C5); 1997 pages print labels that are the cited ones.
_LIST_MARKER = re.compile(r"(?m)^[ \t]*\d+\.[ \t]")


@dataclass
class MissingWord:
    """A source word absent from the parsed output, with its index among the source words."""

    word: str
    position: int


@dataclass
class PageCheck:
    """Result of the nothing-lost check for one source page."""

    page: str
    words_in: int
    words_out: int
    missing: list[MissingWord] = field(default_factory=list)
    extra: list[MissingWord] = field(default_factory=list)  # output words not in the source
    chrome_not_found: list[str] = field(default_factory=list)  # recorded but not in the source

    @property
    def ok(self) -> bool:
        """True when nothing was lost, added, or recorded as stripped without being there."""
        return not (self.missing or self.extra or self.chrome_not_found)


def words(text: str) -> list[str]:
    """The words of a text, as the check counts them."""
    return _WORD.findall(text)


def remove_chrome(source_text: str, laws: list[Law]) -> tuple[str, list[str]]:
    """The source text with each recorded stripped piece cut out, in document order; also the
    pieces that could not be found."""
    text = source_text
    cursor = 0
    not_found: list[str] = []
    for law in laws:
        for piece in law.stripped:
            at = text.find(piece.text, cursor)
            if at < 0:
                not_found.append(f"{law.text_key}: {piece.text!r}")
                continue
            text = text[:at] + " " + text[at + len(piece.text) :]
            cursor = at
    return text, not_found


def _unit_text(unit: Unit, labels: bool) -> list[str]:
    parts = [unit.label] if labels else []
    parts += [unit.title, unit.text]
    for child in unit.children:
        parts += _unit_text(child, labels)
    return parts


def output_text(laws: list[Law], labels: bool) -> str:
    """The parsed laws laid out as a page: chapter and part when they change, then each law's
    number (when printed), title, text, units, notes and footnotes."""
    parts: list[str] = []
    chapter = part = ""
    for law in laws:
        if law.chapter and law.chapter != chapter:
            parts.append(law.chapter)
            chapter = law.chapter
        if law.part and law.part != part:
            parts.append(law.part)
            part = law.part
        if labels:
            parts.append(law.id)
        parts += [law.title, law.text]
        for unit in law.sections:
            parts += _unit_text(unit, labels)
        parts += law.notes
        parts += [footnote.text for footnote in law.footnotes]
    return "\n".join(p for p in parts if p)


def _labels_printed(laws: list[Law]) -> bool:
    return any(law.edition == 1997 for law in laws)


def check_page(
    page: str, source_text: str, laws: list[Law], labels: bool | None = None
) -> PageCheck:
    """One PageCheck comparing a source page with the laws parsed from it."""
    if labels is None:
        labels = _labels_printed(laws)
    text, not_found = remove_chrome(source_text, laws)
    if not labels:
        text = _LIST_MARKER.sub(" ", text)
    source = words(text)
    output = words(output_text(laws, labels))
    matcher = difflib.SequenceMatcher(None, source, output, autojunk=False)
    missing: list[MissingWord] = []
    extra: list[MissingWord] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("delete", "replace"):
            missing += [MissingWord(source[i], i) for i in range(i1, i2)]
        if op in ("insert", "replace"):
            extra += [MissingWord(output[j], j) for j in range(j1, j2)]
    return PageCheck(page, len(source), len(output), missing, extra, not_found)


def verify_nothing_lost(source_text: str, laws: list[Law]) -> list[PageCheck]:
    """One PageCheck for the page: source words (chrome removed) against the parsed laws."""
    if not laws:
        return [PageCheck("(no laws)", len(words(source_text)), 0, [], [], [])]
    first = laws[0]
    page = first.source_url or first.text_key
    return [check_page(page, source_text, laws)]


def format_checks(checks: list[PageCheck]) -> str:
    """A plain-text table: page, words in, words out, missing (and extra), then the first
    missing words of each page that lost any."""
    header = ("page", "words in", "words out", "missing", "extra")
    rows = [
        (c.page, str(c.words_in), str(c.words_out), str(len(c.missing)), str(len(c.extra)))
        for c in checks
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    for check in checks:
        if check.missing:
            shown = ", ".join(f"{m.word}@{m.position}" for m in check.missing[:10])
            lines.append(f"missing in {check.page}: {shown}")
        if check.chrome_not_found:
            lines.append(f"stripped text not found in {check.page}: {check.chrome_not_found}")
    return "\n".join(lines) + "\n"
