"""The placeholder laws of both editions: 2017 from the official outline, 1997 from the
structure (ids, levels, which units have titles) of the reviewed golden model of the seed."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from tools.config import Config
from tools.normalize.outline import Outline, load_outline

from .content import (
    EN_TITLE_CAPS,
    FOOTNOTES_2017,
    TITLE_CAPS,
    TITLE_WORDS,
    Inline,
    LawDoc,
    Link,
    Node,
    fill_units,
    footnote_text,
    heading,
    law_text,
    note_text,
    pick,
    second_text,
    unit_text,
    walk,
)

GOLDEN_1997 = Path(__file__).resolve().parents[1] / "golden/model/000_ad69fec98fd503ab.json"
LAWS_1997 = tuple(range(41, 72))
LAWS_2017 = tuple(range(1, 94))


@functools.cache
def outline_2017() -> Outline:
    """The official 2017 outline the project ships."""
    return load_outline(Config().outline_file)


def title_2017(number: int, lang: str) -> str:
    """The title a correct scrape gives a 2017 law (English: the outline's, never printed)."""
    law = outline_2017().law(number)
    assert law is not None, number
    if lang == "en":
        return law.title_en
    words = TITLE_WORDS[pick(f"title{number}", len(TITLE_WORDS))]
    return law.title_pl or f"Tytuł zastępczy {number} – {words}"


def _label(uid: str, parent: str) -> str:
    return uid[len(parent):]


def _tree(number: int, entries: list[tuple[str, int, bool]]) -> list[Node]:
    """Nodes nested by level from (id, level, empty) in document order."""
    top: list[Node] = []
    stack: list[Node] = []
    for uid, level, empty in entries:
        while stack and stack[-1].level >= level:
            stack.pop()
        parent = stack[-1].id if stack else str(number)
        node = Node(uid, level, _label(uid, parent), empty=empty)
        (stack[-1].children if stack else top).append(node)
        stack.append(node)
    return top


@functools.cache
def _targets_2017() -> tuple[str, ...]:
    outline = outline_2017()
    return tuple(u.id for n in outline.laws() for u in outline.units(n) if not u.empty)


def law_2017(number: int, lang: str) -> LawDoc:
    """One 2017 law in one language, as its page prints it."""
    outline = outline_2017()
    units = outline.units(number)
    nodes = _tree(number, [(u.id, u.level, u.empty) for u in units])
    title = title_2017(number, lang)
    doc = LawDoc(2017, lang, number, title, title if lang == "pl" else "", units=nodes)
    markers = ["*" * (i + 1) for i in range(FOOTNOTES_2017.get(number, 0))]
    doc.footnotes = [(m, footnote_text(number, lang, m)) for m in markers]
    targets = list(_targets_2017())
    if not nodes:
        doc.intro = [law_text(number, lang, False)]
        if pick(f"two{number}", 3) == 0:
            doc.intro.append(second_text(str(number), lang))
        return doc
    if number == 50 or pick(f"intro{number}", 5) == 0:
        doc.intro = [law_text(number, lang, True)]
    fill_units(nodes, lang, targets, list(markers), titled=True)
    return doc


def _flatten_golden(items: list[dict]) -> list[tuple[str, int, bool, bool]]:
    out = []
    for unit in items:
        out.append((unit["id"], unit["level"], bool(unit["title"]), bool(unit["text"])))
        out += _flatten_golden(unit["children"])
    return out


@functools.cache
def structure_1997() -> dict[int, dict]:
    """Per law: units (id, level, has title, has text), own text?, number of notes, part."""
    data = json.loads(GOLDEN_1997.read_text(encoding="utf-8"))
    out: dict[int, dict] = {}
    parts: list[str] = []
    for law in data:
        part = law["part"].split(" - ")[0]  # "Część III": the number only, never its words
        if part not in parts:
            parts.append(part)
        units = _flatten_golden(law["sections"])
        out[law["number"]] = {"units": units, "text": bool(law["text"]),
                              "notes": len(law["notes"]), "part": parts.index(part)}
    return out


def title_1997(number: int, lang: str) -> str:
    """The placeholder title of a 1997 law (capitals, as the source prints them)."""
    if lang == "pl":
        return f"PRZEPIS ZASTĘPCZY {number} – {TITLE_CAPS[pick(f't97{number}', len(TITLE_CAPS))]}"
    return f"PLACEHOLDER TITLE {number}: {EN_TITLE_CAPS[pick(f'e97{number}', 4)]}"


def law_1997(number: int, lang: str) -> LawDoc:
    """One 1997 law in one language: explicit labels, titles where the golden model has them."""
    shape = structure_1997()[number]
    nodes = _tree(number, [(uid, level, False) for uid, level, _, _ in shape["units"]])
    flags = {uid: (titled, texted) for uid, _, titled, texted in shape["units"]}
    title = title_1997(number, lang)
    doc = LawDoc(1997, lang, number, title, title, units=nodes)
    targets = [uid for n in LAWS_1997 for uid, *_ in structure_1997()[n]["units"]]
    for node in walk(nodes):
        titled, texted = flags[node.id]
        if titled:
            node.title = heading(node.id, lang)
            if lang == "en":
                node.title = node.title.title() if pick("case" + node.id, 2) else node.title
        if texted:
            node.paras = [unit_text(node.id, lang, targets)]
        node.screens = lang == "pl" and texted and pick("screens" + node.id, 7) == 0
    if lang == "en":  # the English pages cite sub-items as 43B2(b)
        for node in walk(nodes):
            node.paras = [tuple(_cite_1997(p) for p in para) for para in node.paras]
    if shape["text"]:
        doc.intro = [law_text(number, lang, bool(nodes))]
    doc.notes = [note_text(number, lang, i + 1) for i in range(shape["notes"])]
    return doc


def _cite_1997(part: Inline) -> Inline:
    if isinstance(part, Link) and part.text[-1].islower():
        return Link(f"{part.text[:-1]}({part.text[-1]})", part.law)
    return part


def part_1997(number: int) -> int:
    """Index (0-based) of the part of Chapter VI a 1997 law belongs to."""
    return structure_1997()[number]["part"]
