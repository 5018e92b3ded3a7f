"""Parse the bundled plain-text captures (tools/snapshot/seeds) into Law trees.

Two page shapes: the 1997 chapter page (every law of Chapter VI on one page, labels printed)
and the 2017 per-law pages (labels implied by order; `tools.normalize` rebuilds the official
ids against the outline). Chrome (navigation, link texts) is removed and recorded in
Law.stripped; the law text itself is kept exactly as printed, typos included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tools.errors import SourceError
from tools.model import Footnote, Law, Stripped, Unit

ENGLISH_LINK = "wesja angielska"  # sic: the 1997 page's link text for "English version"
SCREENS_LINK = "zasłony"  # link to the notes on play with screens, glued to paragraphs

_CHAPTER = re.compile(r"\ARozdział ([IVXL]+)[ \t]*\n(.+?)\s+" + ENGLISH_LINK + r"[ \t]*\n")
# A law heading, possibly glued to the end of the previous paragraph ("dziadka.42. UPRAWNIENIA").
_LAW_HEADING = re.compile(r"(?<!\d)(\d{1,2})\. ([^\d\n]+?)\s+" + ENGLISH_LINK + r"[ \t]*$", re.M)
_PART = re.compile(r"Część ([IVXL]+) - [^\n]+$", re.M)
_FOOTER_NAV = re.compile(r"^poprzedni .* następny .*$", re.M)
_FOOTER_DATE = re.compile(r"^ostatnia modyfikacja: .*$", re.M)
_SECTION_1997 = re.compile(r"^([A-Z])\. (.*)$")
_ITEM_1997 = re.compile(r"^(\d{1,2})\.\s*(\S.*)$")
_SUBITEM_1997 = re.compile(r"^([a-z])\) (.*)$")
_TEXT_1997 = re.compile(r"^-\s?(.*)$")
_ROMAN_1997 = re.compile(r"^\([IVXL]+\) ")
_SCREENS_GLUED = re.compile(r"(?<=[.)])" + SCREENS_LINK + r"$")

_NAV_2017 = re.compile(
    r"^strona tytułowa\s+spis treści\s+indeks\s*(?:←\s*(?P<prev>\d+))?\s*"
    r"(?:→\s*(?P<next>\d+))?\s*EN:\s*Law\s+(?P<en>\d+)\s*$"
)
_ITEM_2017 = re.compile(r"^(?P<indent>[ \t]+)(?P<num>\d+)\.[ \t]+(?P<text>\S.*)$")
_FOOTNOTE_2017 = re.compile(r"^(?P<marker>\*+)\s*(?P<text>\S.*)$")
_TERMINAL = (".", ":", ";", "!", "?", ")", "…", ",")
_HEADING_MAX = 100


def source_where(source: dict[str, Any]) -> str:
    """How errors name a source page: its snapshot file and URL."""
    parts = [str(source.get(key)) for key in ("file", "url") if source.get(key)]
    return " ".join(parts) if parts else "<unnamed capture>"


def check_capture_text(text: str, where: str) -> None:
    """Raise SourceError unless `text` looks like a decoded text capture (not empty, not binary)."""
    if not text.strip():
        raise SourceError(where, "empty capture: no text at all")
    bad = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\n\r\t") or ch == "\ufffd")
    if bad:
        raise SourceError(
            where, f"binary or undecodable data: {bad} control/replacement characters in the text"
        )


# --- 1997 chapter page -------------------------------------------------------------------


@dataclass
class _Chrome:
    """Page chrome cut off before the line parser runs."""

    chapter: str
    heading_link: Stripped
    footer: list[Stripped]
    body: str


def _cut_page_chrome(text: str, where: str) -> _Chrome:
    chapter = _CHAPTER.match(text)
    if not chapter:
        raise SourceError(
            where,
            "not a 1997 chapter page: it does not start with 'Rozdział <roman>' and the chapter "
            f"title followed by '{ENGLISH_LINK}'",
        )
    body = text[chapter.end() :]
    nav = _FOOTER_NAV.search(body)
    if not nav:
        raise SourceError(
            where,
            "truncated capture: the page ends without its chapter navigation footer "
            "('poprzedni ... następny ...')",
        )
    footer = [Stripped(nav.group(0), "nav", "")]
    date = _FOOTER_DATE.search(body, nav.end())
    if date:
        footer.append(Stripped(date.group(0), "page-footer", ""))
    return _Chrome(
        chapter=f"Rozdział {chapter.group(1)} {chapter.group(2).strip()}",
        heading_link=Stripped(ENGLISH_LINK, "english-link", ""),
        footer=footer,
        body=body[: nav.start()],
    )


def _unglue_lines(body: str) -> list[str]:
    """The body's lines, with law headings and part titles glued to a paragraph split off."""
    lines: list[str] = []
    for line in body.split("\n"):
        cuts = {0}
        heading = _LAW_HEADING.search(line)
        if heading:
            cuts.add(heading.start())
        part = _PART.search(line)
        if part:
            cuts.add(part.start())
        if heading and part and part.start() > heading.start():
            cuts.discard(part.start())  # "Część" inside a law title is part of that title
        bounds = sorted(cuts) + [len(line)]
        lines.extend(line[a:b] for a, b in zip(bounds, bounds[1:], strict=False))
    return lines


class _Builder1997:
    """State of the line-by-line parse of the 1997 chapter page."""

    def __init__(self, source: dict[str, Any], chrome: _Chrome, where: str) -> None:
        self.source = source
        self.chrome = chrome
        self.where = where
        self.laws: list[Law] = []
        self.part = ""
        self.section: Unit | None = None
        self.item: Unit | None = None
        self.last: Unit | None = None  # the unit the next "- text" line belongs to
        self.expect_text = False  # a title ended with " -": the next plain line is its text

    @property
    def law(self) -> Law:
        if not self.laws:
            raise SourceError(self.where, "law text before the first law heading")
        return self.laws[-1]

    def start_law(self, number: int, title: str) -> None:
        if self.laws and number != self.laws[-1].number + 1:
            raise SourceError(
                self.where,
                f"law {number} follows law {self.laws[-1].number}: "
                "a law heading was not recognised",
            )
        pattern = self.source.get("english_url_pattern", "")
        law = Law(
            number=number,
            edition=int(self.source.get("edition", 1997)),
            lang=str(self.source.get("lang", "pl")),
            title=title.strip(),
            chapter=self.chrome.chapter,
            part=self.part,
            source_url=str(self.source.get("url", "")),
            fetch_date=str(self.source.get("fetch_date", "")),
            counterpart_url=pattern.format(number=number) if pattern else "",
        )
        if not self.laws:
            law.stripped.append(self.chrome.heading_link)
        law.stripped.append(Stripped(ENGLISH_LINK, "english-link", law.id))
        self.laws.append(law)
        self.section = self.item = self.last = None
        self.expect_text = False

    def add_unit(self, unit: Unit, parent: Unit | None) -> None:
        if parent is None:
            self.law.sections.append(unit)
        else:
            parent.children.append(unit)
        self.last = unit

    def add_text(self, text: str, sep: str = "\n\n") -> None:
        text, chrome = _strip_screens(text)
        target = self.last
        if target is None:
            raise SourceError(self.where, f"law {self.law.id}: text line with no unit: {text!r}")
        target.text = f"{target.text}{sep}{text}" if target.text else text
        if chrome:
            self.law.stripped.append(Stripped(chrome, "screens-link", target.id))

    def add_plain(self, text: str) -> None:
        text, chrome = _strip_screens(text)
        law = self.law
        if not law.sections:
            law.text = f"{law.text}\n\n{text}" if law.text else text
        else:
            law.notes.append(text)  # after the units: a trailing note of the law
        if chrome:
            law.stripped.append(Stripped(chrome, "screens-link", law.id))

    def line(self, line: str, next_line: str) -> None:
        text = line.strip()
        if not text:
            return
        if _PART.fullmatch(text):
            self.part = text
            return
        heading = _LAW_HEADING.fullmatch(text)
        if heading:
            self.start_law(int(heading.group(1)), heading.group(2))
            return
        if self.expect_text and not _TEXT_1997.match(text):
            self.expect_text = False
            self.add_text(text)
            return
        self.expect_text = False
        law = self.law
        if m := _SECTION_1997.match(text):
            self.section = Unit(id=f"{law.id}{m.group(1)}", level=1, label=m.group(1))
            self.item = None
            self.add_unit(self.section, None)
            self._set_title(self.section, m.group(2))
        elif (m := _ITEM_1997.match(text)) and self.section is not None:
            self.item = Unit(id=f"{self.section.id}{m.group(1)}", level=2, label=m.group(1))
            self.add_unit(self.item, self.section)
            if _is_title_1997(m.group(2), next_line):
                self._set_title(self.item, m.group(2))
            else:
                self.add_text(m.group(2))
        elif (m := _SUBITEM_1997.match(text)) and self.item is not None:
            sub = Unit(id=f"{self.item.id}{m.group(1)}", level=3, label=m.group(1))
            self.add_unit(sub, self.item)
            if _is_title_1997(m.group(2), next_line):
                self._set_title(sub, m.group(2))
            else:
                self.add_text(m.group(2))
        elif m := _TEXT_1997.match(text):
            self.add_text(m.group(1))
        elif _ROMAN_1997.match(text) and self.last is not None:
            self.add_text(text, sep="\n")  # (I), (II)... are part of the parent's sentence
        else:
            self.add_plain(text)

    def _set_title(self, unit: Unit, title: str) -> None:
        title = title.strip()
        if title.endswith(" -"):
            # The dash that normally opens the text line ended up after the title.
            title = title[:-2].rstrip()
            self.expect_text = True
        unit.title = title


def _is_title_1997(text: str, next_line: str) -> bool:
    """An item line is a title when its text follows on a "- " line, or when sub-items follow
    a line that is not a sentence ("4. Karta nazwana lub określona" / "a) ...")."""
    following = next_line.strip()
    if _TEXT_1997.match(following):
        return True
    return bool(_SUBITEM_1997.match(following)) and not text.rstrip().endswith((".", ":"))


def _strip_screens(text: str) -> tuple[str, str]:
    match = _SCREENS_GLUED.search(text)
    if not match:
        return text, ""
    return text[: match.start()], SCREENS_LINK


def parse_capture_1997(text: str, source: dict[str, Any]) -> list[Law]:
    """The laws of a 1997 chapter capture (Laws 41-71 on one page), labels as printed."""
    where = source_where(source)
    check_capture_text(text, where)
    text = text.replace("\r\n", "\n")
    chrome = _cut_page_chrome(text, where)
    lines = _unglue_lines(chrome.body)
    builder = _Builder1997(source, chrome, where)
    for index, line in enumerate(lines):
        following = next((n for n in lines[index + 1 :] if n.strip()), "")
        builder.line(line, following)
    if not builder.laws:
        raise SourceError(where, f"no law headings ('NN. TITLE {ENGLISH_LINK}') found")
    builder.laws[-1].stripped.extend(chrome.footer)
    return builder.laws


# --- 2017 per-law pages --------------------------------------------------------------------


@dataclass
class _Block:
    """Lines between blank lines, classified."""

    kind: str  # "list", "footnote", "heading", "paragraph"
    lines: list[str]


def _blocks(lines: list[str]) -> list[list[str]]:
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _is_heading_shape(block: list[str]) -> bool:
    text = block[0].strip()
    return (
        len(block) == 1
        and len(text) <= _HEADING_MAX
        and not text.endswith(_TERMINAL)
        and not _ITEM_2017.match(block[0])
        and not _FOOTNOTE_2017.match(text)
    )


def _classify(blocks: list[list[str]]) -> list[_Block]:
    classified: list[_Block] = []
    for index, block in enumerate(blocks):
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if _FOOTNOTE_2017.match(block[0].strip()):
            kind = "footnote"
        elif _ITEM_2017.match(block[0]):
            kind = "list"
        elif (
            _is_heading_shape(block)
            and following is not None
            and not _FOOTNOTE_2017.match(following[0].strip())
        ):
            kind = "heading"
        else:
            kind = "paragraph"
        classified.append(_Block(kind, block))
    return classified


def _letter(number: int) -> str:
    return chr(ord("a") + number - 1) if 1 <= number <= 26 else str(number)


def _add_list(
    block: list[str], parent_id: str, parent_level: int, into: list[Unit], where: str
) -> None:
    """Items of a printed list under one section (or the law), nested by indentation."""
    stack: list[tuple[int, Unit]] = []  # (depth, unit)
    for line in block:
        m = _ITEM_2017.match(line)
        if not m:
            if not stack:
                raise SourceError(
                    where, f"{parent_id}: list continuation with no item: {line.strip()!r}"
                )
            unit = stack[-1][1]
            unit.text = f"{unit.text}\n\n{line.strip()}" if unit.text else line.strip()
            continue
        depth = len(m.group("indent").expandtabs(1))
        number = int(m.group("num"))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if stack:
            owner = stack[-1][1]
            label = _letter(number) if owner.level == parent_level + 1 else f"({number})"
            unit = Unit(f"{owner.id}{label}", owner.level + 1, label, text=m.group("text"))
            owner.children.append(unit)
        else:
            # depth > 1 with no printed parent: the capture dropped an empty item
            level = parent_level + depth
            label = str(number) if depth == 1 else _letter(number)
            unit = Unit(f"{parent_id}{label}", level, label, text=m.group("text"))
            into.append(unit)
        stack.append((depth, unit))


def parse_capture_2017(text: str, source: dict[str, Any]) -> Law:
    """One 2017 per-law capture as a Law with section letters by order and provisional item ids
    from the printed numbering (run `tools.normalize.normalize` for the official ids)."""
    where = source_where(source)
    check_capture_text(text, where)
    lines = text.replace("\r\n", "\n").split("\n")
    nav = _NAV_2017.match(lines[0].strip())
    if not nav:
        raise SourceError(
            where,
            "not a 2017 law page: the first line is not the navigation line "
            f"'strona tytułowa spis treści indeks ← N → N EN: Law N' (got {lines[0][:80]!r})",
        )
    number = int(nav.group("en"))
    expected = source.get("number")
    if expected is not None and int(expected) != number:
        raise SourceError(where, f"page is Law {number}, the manifest says Law {expected}")
    for side, value in (("previous", nav.group("prev")), ("next", nav.group("next"))):
        if value is not None and abs(int(value) - number) != 1:
            raise SourceError(where, f"navigation names law {value} as {side} of law {number}")
    blocks = _classify(_blocks(lines[1:]))
    if not blocks:
        raise SourceError(where, "truncated capture: nothing after the navigation line")
    title_block = blocks.pop(0)
    if len(title_block.lines) != 1 or not blocks:
        raise SourceError(where, "truncated capture: no law title followed by law text")
    last = blocks[-1].lines[-1].strip()
    if not last.endswith(_TERMINAL):
        raise SourceError(where, f"truncated capture: the text ends mid-sentence ({last[-60:]!r})")
    law = Law(
        number=number,
        edition=int(source.get("edition", 2017)),
        lang=str(source.get("lang", "pl")),
        title=title_block.lines[0].strip(),
        source_url=str(source.get("url", "")),
        fetch_date=str(source.get("fetch_date", "")),
        counterpart_url=str(source.get("english_url", "")),
        stripped=[Stripped(lines[0].strip(), "nav", "")],
    )
    section: Unit | None = None
    seen_footnote = False
    for block in blocks:
        if seen_footnote and block.kind != "footnote":
            raise SourceError(where, f"law text after the footnotes: {block.lines[0][:60]!r}")
        if block.kind == "footnote":
            seen_footnote = True
            _add_footnotes(block.lines, law, where)
        elif block.kind == "heading":
            letter = chr(ord("A") + len(law.sections))
            section = Unit(f"{law.id}{letter}", 1, letter, title=block.lines[0].strip())
            law.sections.append(section)
        elif block.kind == "list":
            if section is None:
                _add_list(block.lines, law.id, 0, law.sections, where)
            else:
                _add_list(block.lines, section.id, 1, section.children, where)
        else:
            paragraph = "\n".join(line.strip() for line in block.lines)
            if section is None:
                law.text = f"{law.text}\n\n{paragraph}" if law.text else paragraph
            elif section.children:
                # Text after a section's list: keep it with the last item, in document order.
                tail = list(_last_descendant(section))
                tail[-1].text = f"{tail[-1].text}\n\n{paragraph}"
            else:
                section.text = f"{section.text}\n\n{paragraph}" if section.text else paragraph
    return law


def _last_descendant(unit: Unit) -> list[Unit]:
    chain = [unit]
    while chain[-1].children:
        chain.append(chain[-1].children[-1])
    return chain


def _add_footnotes(lines: list[str], law: Law, where: str) -> None:
    for line in lines:
        m = _FOOTNOTE_2017.match(line.strip())
        if m:
            law.footnotes.append(Footnote(m.group("marker"), m.group("text")))
        elif law.footnotes:
            note = law.footnotes[-1]
            note.text = f"{note.text}\n{line.strip()}"
        else:
            raise SourceError(where, f"footnote line with no marker: {line.strip()[:60]!r}")


def parse_capture(text: str, source: dict[str, Any]) -> list[Law]:
    """Dispatch on the manifest entry's adapter; always a list of laws."""
    adapter = source.get("adapter", "")
    if adapter == "capture-1997-chapter":
        return parse_capture_1997(text, source)
    if adapter == "capture-2017-law":
        return [parse_capture_2017(text, source)]
    raise SourceError(source_where(source), f"no capture parser for adapter {adapter!r}")
