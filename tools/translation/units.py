"""What the translation check compares: a law's texts as pieces keyed by id, what each piece
cites and counts, and short excerpts around a spot."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.model import Law, Unit
from tools.normalize.citations import find_citations, split_glued
from tools.translation.numbers import find_numbers, shown

EXCERPT_CHARS = 160


@dataclass
class Piece:
    """One text of a law in one language: the law's own, a unit's, or a footnote's."""

    id: str
    title: str
    text: str
    parent: str = ""  # the enclosing unit's id ("" for the law's own text and footnotes)
    children: list[str] = field(default_factory=list)
    footnote: bool = False

    @property
    def full(self) -> str:
        """Heading and text as one string."""
        return " — ".join(part for part in (self.title, self.text) if part)


def pieces(law: Law) -> dict[str, Piece]:
    """The law's pieces in document order: its own text, every unit, then footnotes."""
    out = {law.id: Piece(law.id, law.title, law.text)}

    def add(units: list[Unit], parent: str) -> None:
        """Add the units and their children under `parent`."""
        for unit in units:
            out[unit.id] = Piece(unit.id, unit.title, unit.text, parent,
                                 [child.id for child in unit.children])
            add(unit.children, unit.id)

    add(law.sections, "")
    for note in law.footnotes:
        key = f"{law.id}{note.marker}"
        out[key] = Piece(key, "", note.text, footnote=True)
    return out


def subtree(found: dict[str, Piece], piece_id: str) -> list[str]:
    """The id and the ids of every piece below it, in document order."""
    ids = [piece_id]
    for child in found[piece_id].children:
        ids += subtree(found, child)
    return ids


def merged_text(found: dict[str, Piece], ids: list[str]) -> str:
    """The full texts of several pieces as one text."""
    return "\n\n".join(text for text in (found[i].full for i in ids) if text)


def cited(text: str, lang: str, where: str, known: set[str]) -> list[tuple[str, int, int]]:
    """Every id a text cites, with the span of its citation; glued links ("47D16C1") split
    against the ids that exist, relative ones ("B2 above") completed from `where`."""
    out: list[tuple[str, int, int]] = []
    for citation in find_citations(text, lang, where):
        ids: list[str] = []
        for token in citation.ids:
            if citation.relative or not known or token in known:
                ids.append(token)
            else:
                ids += split_glued(token, known) or [token]
        out += [(target, citation.start, citation.end) for target in ids]
    return out


def numbers(text: str, lang: str, citations: list[tuple[str, int, int]]
            ) -> list[tuple[str, int, int]]:
    """Every number of 2 or more in a text outside its citations, as printed values."""
    spans = [(start, end) for _, start, end in citations]
    return [(shown(n.value), n.start, n.end) for n in find_numbers(text, lang, spans)]


def excerpt(text: str, start: int | None = None, end: int | None = None) -> str:
    """At most EXCERPT_CHARS of a text, around [start, end) when given, cut between words."""
    if len(text) <= EXCERPT_CHARS:
        begin, stop = 0, len(text)
    else:
        begin = 0
        if start is not None and end is not None:
            begin = max(0, min(start - (EXCERPT_CHARS - (end - start)) // 2,
                               len(text) - EXCERPT_CHARS))
        stop = min(len(text), begin + EXCERPT_CHARS)
        if begin > 0:
            space = text.find(" ", begin, start)
            begin = space + 1 if space != -1 else begin
        if stop < len(text):
            space = text.rfind(" ", end if end is not None else begin, stop)
            stop = space if space > begin else stop
    squeezed = re.sub(r"\s+", " ", text[begin:stop]).strip()
    return ("… " if begin > 0 else "") + squeezed + (" …" if stop < len(text) else "")


def first_span(found: list[tuple[str, int, int]], wanted: list[str]) -> tuple[int, int] | None:
    """The span of the first found item whose value is wanted."""
    return next(((start, end) for value, start, end in found if value in wanted), None)
