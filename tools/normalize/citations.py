"""The cross-reference layer: citations found in law text and split where links were glued.

Absolute citations name a law ("przepis 64C", "Laws 16 and 64"); relative ones name a part of
the law they stand in ("patrz punkt B2 powyżej", "see B2 above", "według (a), wyżej") and are
completed from the id of the unit that holds them. Resolving them against the corpus is
`tools.normalize.citation_links`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tools.model import LANGS
from tools.normalize.citation_id import (
    LAW_ITEM_SEPARATOR,
    LEVEL,
    child_id,
    leading_id,
    names_a_law,
)

# The levels of an id as the laws' running text prints them (tools/data/citation_ids.json): a
# citation is scanned for, not parsed, so these patterns are put together from the rule's levels.
_LAW, _SECTION, _ITEM = LEVEL["law"].pattern, LEVEL["section"].pattern, LEVEL["item"].pattern
_SECTION_IN_TEXT = LEVEL["section"].in_text  # A-H
_SUB_IN_TEXT, _SUB_ALONE = LEVEL["sub_item"].in_text, LEVEL["sub_item"].alone_in_text
_ROMAN = dict(LEVEL["fourth"].kinds)["roman"]
_BRACKETED = rf"\({_SUB_IN_TEXT}\)"  # "(b)", as in 45C4(b)
# One id as printed after "przepis"/"Law": a number and whatever letters, digits and "(b)"
# marks follow it with no space (sub-items run to k: 80B2k; a fourth level in roman numerals:
# 40B2aiv). Glued neighbours ("47D16C1") match as one token, and so does a number of up to three
# digits, so that "przepis 100" is read (and reported as no law).
# "71.1": an item that hangs from a law directly; not when a dot follows, as after a law title
# glued to the text ("przepisu 68.50. DYSPONOWANIE").
_TOKEN = (rf"\d{{1,3}}(?:{re.escape(LAW_ITEM_SEPARATOR)}{_ITEM}(?![\d.]))?"
          rf"(?:{_SECTION}|\d|{_SUB_IN_TEXT}(?:{_ROMAN})?(?![a-ząćęłńóśźż])|{_BRACKETED})*")
_LIST_SEP = r"(?:\s*,\s*|\s+(?:i|lub|albo|oraz|and|or)\s+)"
# Adjacent links kept apart only by a space ("przepisy 47D 16C1"): accepted when the next id
# names a section, so a number that merely follows ("przepis 50 3 karty") is not taken.
_ABS_SEP = rf"(?:{_LIST_SEP}(?=\d)|\s+(?={_LAW}{_SECTION}))"
_ABSOLUTE = re.compile(
    r"(?<![\w])(?i:przepis(?:y|u|owi|em|ie|ów|ami|ach)?|laws?)(?![^\W\d])"
    rf":?\s*(?P<list>{_TOKEN}(?:{_ABS_SEP}{_TOKEN})*)(?![\w])"
)
# A part of the current law: "B", "B2", "B1(a)", "(a)", or an item number "1".
_PART = rf"{_SECTION_IN_TEXT}(?:{_ITEM})?"
_REL = (rf"(?:{_PART}(?:{_BRACKETED}|{_SUB_IN_TEXT}(?![\w]))?|\({_SUB_ALONE}\)"
        rf"|{_ITEM}(?:{_BRACKETED})?)")
_DIRECTION = r"(?:powyżej|poniżej|wyżej|niżej|above|below)"
_KEYWORD = r"(?i:punkt\w*|punkci\w*|pkt\.?|sub-?paragraph|paragraph)"
_RELATIVE = re.compile(
    rf"(?<![\w(])(?:(?P<kw>{_KEYWORD})\s+)?"
    rf"(?P<list>{_REL}(?:{_LIST_SEP}{_REL})*)(?![\w])"
    rf"(?:(?P<comma>\s*,)?\s+(?P<dir>{_DIRECTION})(?![\w]))?"
)
_RANGE = re.compile(
    rf"(?<![\w])(?:(?P<dir1>{_DIRECTION})\s+)?(?:od\s+|from\s+)?"
    rf"(?P<first>{_PART})\s*(?:-|–|\bdo\b|\bto\b)\s*(?P<last>{_PART})(?![\w])"
    rf"(?:\s+(?P<dir2>{_DIRECTION})(?![\w]))?"
)


@dataclass(frozen=True)
class Citation:
    """One citation as printed in a text, with the ids it may name."""

    text: str  # the citation as printed, e.g. "przepisy 64B364C"
    start: int  # offset of its first character in the text
    end: int  # offset just after its last character
    ids: tuple[str, ...]  # candidate ids; absolute ones as printed ("47D16C1" still glued)
    relative: bool = False  # named a part of the current law ("B2 powyżej")
    unresolved: str = ""  # why a relative citation could not be completed to ids


def normalize_token(token: str) -> str:
    """The id a printed token stands for: "43B2(b)" -> "43B2b"."""
    return re.sub(rf"\(({_SUB_IN_TEXT})\)", r"\1", token)


def _split_list(text: str) -> list[str]:
    return [part for part in re.split(_LIST_SEP, text) if part]


def _complete(token: str, where: str) -> tuple[str | None, str]:
    """The full id a relative token names from inside unit `where`, or None and why not."""
    here = leading_id(where) if where else None  # deeper levels (64A2I) cut off
    if here is None:
        return None, f"relative reference '{token}' outside any known unit"
    law, section, item = here.label("law"), here.label("section"), here.label("item")
    law_item = "" if section else item  # 71.1: an item that hangs from the law
    part = normalize_token(token)
    if part[0].isupper():
        return law + part, ""
    if part[0].isdigit():
        # An item number is relative to the section; in a law without sections (71) its
        # items hang from the law itself ("1 powyżej" inside 71.2 is 71.1).
        if law_item:
            return child_id(law, part), ""
        if not section:
            return None, (
                f"ambiguous relative reference '{token}': {where} is not inside a lettered section"
            )
        return law + section + part, ""
    if law_item:
        return child_id(law, law_item) + part, ""
    if not item:
        return None, (
            f"ambiguous relative reference '{token}': {where} is not inside a numbered item"
        )
    return law + section + item + part, ""


def _expand_range(first: str, last: str) -> list[str] | None:
    """The parts a range such as "A - D" or "B1 do B3" covers, or None if it is not regular."""
    if len(first) == 1 and len(last) == 1 and first <= last:
        return [chr(code) for code in range(ord(first), ord(last) + 1)]
    if first[0] == last[0] and first[1:].isdigit() and last[1:].isdigit():
        low, high = int(first[1:]), int(last[1:])
        if low <= high:
            return [f"{first[0]}{n}" for n in range(low, high + 1)]
    return None


def _relative_citation(
    text: str, start: int, end: int, tokens: list[str], where: str
) -> Citation:
    ids: list[str] = []
    reasons: list[str] = []
    for token in tokens:
        full, reason = _complete(token, where)
        if full is None:
            reasons.append(reason)
        else:
            ids.append(full)
    return Citation(text[start:end], start, end, tuple(ids), True, "; ".join(reasons))


def find_citations(text: str, lang: str, where: str = "") -> list[Citation]:
    """Every citation in a unit's text, in order; `where` is the unit's id, for relative ones."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    found: list[Citation] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    for match in _ABSOLUTE.finditer(text):
        parts = re.split(_ABS_SEP, match.group("list"))
        tokens = [normalize_token(t) for t in parts if t]
        found.append(Citation(match.group(0), match.start(), match.end(), tuple(tokens)))
        taken.append(match.span())
    for match in _RANGE.finditer(text):
        if not (match.group("dir1") or match.group("dir2")) or not free(*match.span()):
            continue
        parts = _expand_range(match.group("first"), match.group("last"))
        start, end = match.span()
        if parts is None:
            found.append(
                Citation(text[start:end], start, end, (), True, "range that cannot be expanded")
            )
        else:
            found.append(_relative_citation(text, start, end, parts, where))
        taken.append(match.span())
    for match in _RELATIVE.finditer(text):
        if not (match.group("kw") or match.group("dir")) or not free(*match.span()):
            continue
        tokens = _split_list(match.group("list"))
        if not match.group("kw") and all(t.isdigit() for t in tokens) and len(tokens) > 1:
            continue  # "1, 2 powyżej" without a keyword is too loose to call a citation
        found.append(_relative_citation(text, match.start(), match.end(), tokens, where))
        taken.append(match.span())
    return sorted(found, key=lambda c: (c.start, c.end))


def glued_splits(token: str, known_ids: set[str]) -> list[list[str]]:
    """Every way to cut `token` into ids that all exist, fewest parts first, then in text order."""

    @cache
    def from_(start: int) -> tuple[tuple[str, ...], ...]:
        if start == len(token):
            return ((),)
        results: list[tuple[str, ...]] = []
        for end in range(start + 1, len(token) + 1):
            part = token[start:end]
            # A glued part names at least a section: a run of bare law numbers ("4764")
            # could be cut anywhere, so it is never split.
            if part in known_ids and names_a_law(part) and not part.isdigit():
                results.extend((part, *rest) for rest in from_(end))
        return tuple(results)

    splits = sorted(from_(0), key=lambda parts: (len(parts), [-len(p) for p in parts]))
    return [list(parts) for parts in splits]


def split_glued(token: str, known_ids: set[str]) -> list[str]:
    """The ids a token of glued links stands for ("64B764C" -> 64B7, 64C); [] if none fits."""
    token = normalize_token(token)
    splits = glued_splits(token, known_ids)
    return splits[0] if splits else []
