"""Adapters for the bundled plain-text captures (tools/snapshot/seeds): text to lines or
blocks, then the edition's grammar, exactly as for the HTML pages.

Two page shapes: the 1997 chapter page (every law of Chapter VI on one page, labels printed)
and the 2017 per-law pages (labels implied by order; `tools.normalize.law_ids` rebuilds the official
ids against the outline). Chrome (navigation, link texts) is removed and recorded in
Law.stripped; the law text itself is kept exactly as printed, typos included.
"""

from __future__ import annotations

import re
from typing import Any

from tools.errors import SourceError
from tools.model import Law, Stripped
from tools.normalize.outline import Outline
from tools.parse.blocks import TERMINAL, Block, text_block
from tools.parse.grammar_1997 import TreeBuilder
from tools.parse.grammar_2017 import read_law
from tools.parse.headings_2017 import LawShape

ENGLISH_LINK = "wesja angielska"  # sic: the 1997 page's link text for "English version"
SCREENS_LINK = "zasłony"  # link to the notes on play with screens, glued to paragraphs

_CHAPTER = re.compile(r"\ARozdział ([IVXL]+)[ \t]*\n(.+?)\s+" + ENGLISH_LINK + r"[ \t]*\n")
# A law heading, possibly glued to the end of the previous paragraph ("dziadka.42. UPRAWNIENIA").
_LAW_HEADING = re.compile(r"(?<!\d)(\d{1,2})\. ([^\d\n]+?)\s+" + ENGLISH_LINK + r"[ \t]*$", re.M)
_PART = re.compile(r"Część ([IVXL]+) - [^\n]+$", re.M)
_FOOTER_NAV = re.compile(r"^poprzedni .* następny .*$", re.M)
_FOOTER_DATE = re.compile(r"^ostatnia modyfikacja: .*$", re.M)
_SCREENS_GLUED = re.compile(r"(?<=[.)])" + SCREENS_LINK + r"$")

_NAV_2017 = re.compile(
    r"^strona tytułowa\s+spis treści\s+indeks\s*(?:←\s*(?P<prev>\d+))?\s*"
    r"(?:→\s*(?P<next>\d+))?\s*EN:\s*Law\s+(?P<en>\d+)\s*$"
)
_ITEM_2017 = re.compile(r"^(?P<indent>[ \t]+)(?P<num>\d+)\.[ \t]+(?P<text>\S.*)$")
_FOOTNOTE_2017 = re.compile(r"^\*+\s*\S")
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


def parse_capture_1997(text: str, source: dict[str, Any]) -> list[Law]:
    """The laws of a 1997 chapter capture (Laws 41-71 on one page), labels as printed."""
    where = source_where(source)
    check_capture_text(text, where)
    text = text.replace("\r\n", "\n")
    chapter = _CHAPTER.match(text)
    if not chapter:
        raise SourceError(where, "not a 1997 chapter page: it does not start with 'Rozdział "
                                 f"<roman>' and the chapter title followed by '{ENGLISH_LINK}'")
    body = text[chapter.end():]
    nav = _FOOTER_NAV.search(body)
    if not nav:
        raise SourceError(where, "truncated capture: the page ends without its chapter "
                                 "navigation footer ('poprzedni ... następny ...')")
    footer = [Stripped(nav.group(0), "nav", "")]
    date = _FOOTER_DATE.search(body, nav.end())
    if date:
        footer.append(Stripped(date.group(0), "page-footer", ""))
    chapter_name = f"Rozdział {chapter.group(1)} {chapter.group(2).strip()}"
    lines = [line.strip() for line in _unglue_lines(body[: nav.start()])]
    numbers = [int(m.group(1)) for m in map(_LAW_HEADING.fullmatch, lines) if m]
    for before, after in zip(numbers, numbers[1:], strict=False):
        if after != before + 1:
            raise SourceError(where, f"law {after} follows law {before}: "
                                     "a law heading was not recognised")
    pattern = source.get("english_url_pattern", "")
    laws: list[Law] = []
    builder: TreeBuilder | None = None
    part = ""
    for line in lines:
        heading = _LAW_HEADING.fullmatch(line)
        if not line:
            continue
        if _PART.fullmatch(line):
            part = line
        elif heading:
            number = int(heading.group(1))
            if builder:
                builder.finish()
            law = Law(number=number, edition=int(source.get("edition", 1997)),
                      lang=str(source.get("lang", "pl")), title=heading.group(2).strip(),
                      chapter=chapter_name, part=part, source_url=str(source.get("url", "")),
                      fetch_date=str(source.get("fetch_date", "")),
                      counterpart_url=pattern.format(number=number) if pattern else "")
            if not laws:
                law.stripped.append(Stripped(ENGLISH_LINK, "english-link", ""))
            law.stripped.append(Stripped(ENGLISH_LINK, "english-link", law.id))
            laws.append(law)
            builder = TreeBuilder(law, where=where)
        elif builder is None:
            raise SourceError(where, f"law text before the first law heading: {line[:60]!r}")
        else:
            screens = _SCREENS_GLUED.search(line)
            builder.line(line[: screens.start()] if screens else line)
            if screens:
                builder.strip(SCREENS_LINK, "screens-link")
    if builder is None:
        raise SourceError(where, f"no law headings ('NN. TITLE {ENGLISH_LINK}') found")
    builder.finish()
    laws[-1].stripped.extend(footer)
    return laws


# --- 2017 per-law pages --------------------------------------------------------------------


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """Runs of non-empty lines between blank lines."""
    runs: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _heading_shape(run: list[str], following: list[str] | None) -> bool:
    text = run[0].strip()
    return (len(run) == 1 and len(text) <= _HEADING_MAX and not text.endswith(TERMINAL)
            and not _ITEM_2017.match(run[0]) and not _FOOTNOTE_2017.match(text)
            and following is not None and not _FOOTNOTE_2017.match(following[0].strip()))


def _blocks_2017(runs: list[list[str]], where: str) -> list[Block]:
    """The capture's paragraphs as blocks: the title and headings marked, list lines as items
    whose depth is their indentation, footnotes one block each."""
    blocks: list[Block] = []
    for index, run in enumerate(runs):
        following = runs[index + 1] if index + 1 < len(runs) else None
        if _FOOTNOTE_2017.match(run[0].strip()):
            for line in run:
                if _FOOTNOTE_2017.match(line.strip()):
                    blocks.append(text_block(line.strip()))
                else:
                    blocks[-1].raw = f"{blocks[-1].raw}\n{line.strip()}"
        elif _ITEM_2017.match(run[0]):
            depth = 0
            for line in run:
                item = _ITEM_2017.match(line)
                if item:
                    depth = len(item.group("indent").expandtabs(1))
                    blocks.append(text_block(item.group("text"), depth=depth, item=True,
                                             number=int(item.group("num"))))
                elif not depth:
                    raise SourceError(where, f"list continuation with no item: {line.strip()!r}")
                else:
                    blocks.append(text_block(line.strip(), depth=depth))
        else:
            heading = index == 0 or _heading_shape(run, following)
            blocks.append(text_block("\n".join(line.strip() for line in run),
                                     heading=1 if heading else 0))
    return blocks


def parse_capture_2017(text: str, source: dict[str, Any], outline: Outline | None = None) -> Law:
    """One 2017 per-law capture as a Law with section letters by order and provisional item ids
    from the printed numbering (run `tools.normalize.law_ids.normalize` for the official ids)."""
    where = source_where(source)
    check_capture_text(text, where)
    lines = text.replace("\r\n", "\n").split("\n")
    nav = _NAV_2017.match(lines[0].strip())
    if not nav:
        raise SourceError(where, "not a 2017 law page: the first line is not the navigation line "
                                 f"'strona tytułowa spis treści indeks ← N → N EN: Law N' "
                                 f"(got {lines[0][:80]!r})")
    number = int(nav.group("en"))
    expected = source.get("number")
    if expected is not None and int(expected) != number:
        raise SourceError(where, f"page is Law {number}, the manifest says Law {expected}")
    for side, value in (("previous", nav.group("prev")), ("next", nav.group("next"))):
        if value is not None and abs(int(value) - number) != 1:
            raise SourceError(where, f"navigation names law {value} as {side} of law {number}")
    runs = _paragraphs(lines[1:])
    if not runs:
        raise SourceError(where, "truncated capture: nothing after the navigation line")
    if len(runs[0]) != 1 or len(runs) < 2:
        raise SourceError(where, "truncated capture: no law title followed by law text")
    last = runs[-1][-1].strip()
    if not last.endswith(TERMINAL):
        raise SourceError(where, f"truncated capture: the text ends mid-sentence ({last[-60:]!r})")
    footnotes = [i for i, run in enumerate(runs) if _FOOTNOTE_2017.match(run[0].strip())]
    if footnotes and footnotes != list(range(footnotes[0], len(runs))):
        after = runs[next(i for i in range(footnotes[0], len(runs)) if i not in footnotes)]
        raise SourceError(where, f"law text after the footnotes: {after[0].strip()[:60]!r}")
    lang = str(source.get("lang", "pl"))
    shape = LawShape.of(outline.law(number) if outline else None, lang)
    body = read_law(_blocks_2017(runs, where), number=number, lang=lang, where=where,
                    shape=shape)
    return Law(number=number, edition=int(source.get("edition", 2017)), lang=lang,
               title=body.title, source_url=str(source.get("url", "")),
               fetch_date=str(source.get("fetch_date", "")),
               counterpart_url=str(source.get("english_url", "")), text=body.text,
               sections=body.sections, footnotes=body.footnotes, notes=body.notes,
               stripped=[Stripped(lines[0].strip(), "nav", ""),
                         *(piece for _, piece in body.stripped)])


def parse_capture(text: str, source: dict[str, Any], outline: Outline | None = None) -> list[Law]:
    """The laws of a capture, read by the source adapter its manifest entry names."""
    from tools.sources.adapters import CAPTURES

    site = CAPTURES.get(str(source.get("adapter", "")))
    if site is None:
        raise SourceError(source_where(source),
                          f"no capture parser for adapter {source.get('adapter', '')!r}")
    return site.read_capture(text, source, outline)
