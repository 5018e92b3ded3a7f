"""The 2017 English Laws read from a plain-text extraction of their ACBL printing, a local file
named on bench/bench_search.py's command line and never stored in the repository.

The layout it reads: a table of contents ("LAW 1 - TITLE IN CAPITALS" lines, each followed by its
section titles "A. Section Title B. ..."), then each law at a line "LAW 1" with its title in
capitals on the next line; a section starts "A. " and its title runs straight into its text, items
are "1.", sub-items "(a)", deeper ones "(i)" or "(i.)", often several on one line. Pages end in a
form feed and the page number; footnotes numbered through the book stand at the foot of a page
and are cited by their number stuck to a word ("card14").

Repaired: words split where an ff, ffi or ffl ligature was lost (repair_ligatures); page breaks and
footnotes taken out of the running text (each law keeps its footnotes, cited "*", "**"); the WBF
numbering of Laws 15 and 71 (_wbf_numbering). Not repaired: the suit symbols (lost), hyphens lost
at line ends ("EastWest"), paragraphs (a unit's lines are joined into one), tables (Laws 2, 77,
78B: running text), and Law 71's closing sentence, which ends 71.2's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

from tools.config import Config
from tools.errors import SourceError
from tools.model import Corpus, Footnote, Law, Unit, walk
from tools.normalize.citation_id import child_id
from tools.normalize.outline import Outline, load_outline

LAWS = 93
# Words this extraction splits where an ff, ffi or ffl ligature was lost ("o ender", "di erent",
# "o cial", "shu ed"); the fi and fl ligatures survive. Two pieces are joined only when the joined
# word is one of these, so "a card" stays as it is while "a ected" becomes "affected".
_LIGATURE_WORDS = frozenset(stem + end for stem, ends in (
    ("offend", ("", "s", "ed", "er", "ers", "ing")), ("nonoffend", ("ing",)),
    ("offens", ("e", "es", "ive")), ("offic", ("e", "es", "er", "ers", "ial", "ials", "ially")),
    ("differ", ("", "s", "ed", "ing", "ent", "ently", "ence", "ences")),
    ("affect", ("", "s", "ed", "ing")), ("unaffect", ("ed",)),
    ("effect", ("", "s", "ed", "ive", "ively")), ("sufficien", ("t", "tly", "cy")),
    ("insufficien", ("t", "tly", "cy")), ("shuffl", ("e", "ed", "es", "ing")),
) for end in ends)
_SPLIT = re.compile(r"\b([A-Za-z]+) (?=([a-z]+)\b)")
_PAGE_BREAK = re.compile(r"\n*\f[^\n]*(?:\n|$)")
_HEADING = re.compile(r"(?m)^LAW (\d{1,2})[ \t]*\n")
_SMALL = set("a an and as at by for from in of on or the to with".split())
_LETTERS = [chr(code) for code in range(ord("A"), ord("Z") + 1)]
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def repair_ligatures(text: str) -> str:
    """The text with words split at a lost ff/ffi/ffl ligature joined again (see _LIGATURE_WORDS);
    other losses of the extraction (suit symbols, hyphens at line ends: "EastWest") stay."""

    def join(match: re.Match[str]) -> str:
        left, right = match.groups()
        for ligature in ("ffi", "ffl", "ff"):
            if (left + ligature + right).lower() in _LIGATURE_WORDS:
                return left + ligature
        return match.group()

    return _SPLIT.sub(join, text)


def _regions(text: str, path: Path) -> tuple[str, str]:
    """(contents, body): the body starts at the line "LAW 1" and ends before the index."""
    heads = list(re.finditer(r"(?m)^LAW 1[ \t]*$", text))
    if not heads:
        raise SourceError(str(path), 'not the 2017 Laws: no line "LAW 1" starts their text')
    start = heads[-1].start()
    first = re.search(r"(?m)^LAW 1\b", text)
    toc = text[first.start() if first else start:start]
    toc = re.split(r"(?m)^(?:Index to Duplicate Laws|Definitions)[ \t]*$", toc)[0]
    index = re.search(r"(?m)^Index to Duplicate Laws", text[start:])
    return toc, text[start:start + index.start()] if index else text[start:]


def _contents(toc: str) -> dict[int, list[str]]:
    """Per law number, its section titles as the table of contents lists them."""
    lines = []
    for line in toc.replace("\f", "\n").split("\n"):
        line = line.strip()
        if line and not re.fullmatch(r"[\d ]+|[ivxlc]+", line):
            lines.append(re.sub(r"\s+\d+$", "", line))
    parts = re.split(r"\bLAW (\d{1,2}) [-–] ", " ".join(lines))
    found: dict[int, list[str]] = {}
    for number, rest in zip(parts[1::2], parts[2::2], strict=True):
        marks = _sequence(rest, _LETTERS, lambda label: rf"(?:^|(?<=\s)){label}\. ")
        found[int(number)] = [title.strip() for _, title in _spans(rest, marks)]
    return found


def _sequence(text: str, labels: list[str], pattern: Callable[[str], str],
              accept: Callable[[str, int, int, str], bool] | None = None
              ) -> list[tuple[str, int, int]]:
    """(label, start, end) of the labels found in order, each after the one before, by the
    pattern made for each; stops at the first one not found. `accept(text, start, end, label)`
    may refuse a match (the next one is tried)."""
    found: list[tuple[str, int, int]] = []
    position = 0
    for label in labels:
        for match in re.compile(pattern(re.escape(label))).finditer(text, position):
            if accept is None or accept(text, match.start(), match.end(), label):
                found.append((label, match.start(), match.end()))
                position = match.end()
                break
        else:
            break
    return found


def _spans(text: str, marks: list[tuple[str, int, int]]) -> list[tuple[str, str]]:
    """(label, the text from its mark to the next one) for each mark."""
    ends = [start for _, start, _ in marks[1:]] + [len(text)]
    return [(label, text[end:stop]) for (label, _, end), stop in zip(marks, ends, strict=False)]


def _pages(body: str) -> tuple[str, dict[int, str]]:
    """The body without page breaks and footnotes, and the footnotes by their number."""
    notes: dict[int, str] = {}
    kept = []
    for page in _PAGE_BREAK.split(body):
        lines = page.rstrip("\n").split("\n")
        for k in range(max(0, len(lines) - 4), len(lines)):
            if re.match(rf"{len(notes) + 1} [A-Za-z`'\"]", lines[k]):
                for line in lines[k:]:
                    for part in re.split(r"(?<=[.\"')]) (?=\d{1,2} [A-Z])", line):
                        number = re.match(r"(\d{1,2}) ", part)
                        if number and int(number.group(1)) == len(notes) + 1:
                            notes[len(notes) + 1] = part[number.end():].strip()
                        elif notes:
                            notes[len(notes)] += " " + part.strip()
                lines = lines[:k]
                break
        kept.append("\n".join(lines))
    return "\n".join(kept), notes


def _cite_notes(text: str, notes: dict[int, str]) -> tuple[str, list[Footnote]]:
    """The law's text with each footnote number it cites ("card14") made a marker ("card*",
    "**" for the law's second footnote, as the project prints them), and those footnotes."""
    markers: dict[int, str] = {}

    def mark(match: re.Match[str]) -> str:
        number = int(match.group(1) or match.group(2))
        if number not in notes:
            return match.group()
        return markers.setdefault(number, "*" * (len(markers) + 1))

    text = re.sub(r"(?:(?<=[a-z])|(?<=[A-Z]{2}))(\d{1,2})(?!\d)"
                  r"|(?<=[.,;:)\]'\"])(\d{1,2})(?![\d.])", mark, text)
    return text, [Footnote(marker, notes[number]) for number, marker in markers.items()]


def _title_case(heading: str) -> str:
    return " ".join(word.lower() if i and word.lower() in _SMALL else word.capitalize()
                    for i, word in enumerate(heading.split()))


def _title_end(text: str, start: int, title: str) -> int | None:
    """Where `title` ends if the text at `start` begins with it (letters and digits compared,
    case, spaces and punctuation aside), else None."""
    wanted = [c.lower() for c in title if c.isalnum()]
    k = 0
    for position in range(start, len(text)):
        if k == len(wanted):
            return position
        if text[position].isalnum():
            if text[position].lower() != wanted[k]:
                return None
            k += 1
    return len(text) if k == len(wanted) else None


def _opens(text: str, start: int) -> bool:
    """Whether a "(b)" at `start` opens a sub-item rather than citing one ("as in (b) below")."""
    before = text[:start].rstrip()
    if not before or before[-1] in ".:;," or before.endswith((".)", ".]")):
        return True
    words = before.rsplit(None, 1)
    return (len(words) == 2 and words[1] in ("or", "and", "if", "either")
            and words[0].endswith((";", ",")))


def _marks(text: str, level: int) -> list[tuple[str, int, int]]:
    """(label, start, end) of the items (level 2), sub-items (3) or (i), (ii)... (4) in a text."""
    if level == 2:
        return _sequence(text, [str(n) for n in range(1, 30)],
                         lambda n: rf"(?:^|(?<=\s)){n}\.\s*(?=[\w(])",
                         lambda t, start, *_: not re.search(r"\b(?:Laws?|than)\s*$", t[:start]))
    return _sequence(text, [c.lower() for c in _LETTERS] if level == 3 else list(_ROMAN),
                     lambda label: rf"(?:^|(?<=[\s.]))\({label}\.?\)\s*",
                     lambda t, start, *_: _opens(t, start))


def _units(parent: str, text: str, level: int) -> tuple[str, list[Unit]]:
    """(own text, children) of a unit's text, its children found at `level` and below."""
    marks = _marks(text, level) if level <= 4 else []
    if not marks:
        return text.strip(), []
    children = []
    for label, span in _spans(text, marks):
        unit_id = child_id(parent, label)
        own, below = _units(unit_id, span, level + 1)
        children.append(Unit(unit_id, level, label, text=own, children=below))
    return text[:marks[0][1]].strip(), children


def _sections(number: int, text: str, titles: list[str]) -> tuple[str, list[Unit]]:
    """(the law's own text, its sections): titled as the contents list them, or, for a law the
    contents list no sections of, "A. ", "B. " in its text (Laws 22, 35, 56, 71)."""

    def titled(t: str, start: int, end: int, letter: str) -> bool:
        return not titles or _title_end(t, end, titles[_LETTERS.index(letter)]) is not None

    marks = _sequence(text, _LETTERS[:len(titles) or None],
                      lambda letter: rf"(?:^|(?<=\s)){letter}\.\s+", titled)
    sections = []
    for letter, span in _spans(text, marks):
        end = _title_end(span, 0, titles[_LETTERS.index(letter)]) or 0 if titles else 0
        own, children = _units(f"{number}{letter}", span[end:].lstrip(" *"), 2)
        sections.append(Unit(f"{number}{letter}", 1, letter, title=span[:end].strip(" *"),
                             text=own, children=children))
    return (text[:marks[0][1]] if marks else text).strip(), sections


def _wbf_numbering(law: Law) -> None:
    """The WBF ids where the ACBL printing numbers otherwise: Law 15A's items 1 and 2(a)-(c) are
    the WBF's 15A1 and 15A1a-c, its 3 and 4 the WBF's 15A2 and 15A3; Law 71's A and B (no
    headings) are the items 71.1 and 71.2 that hang from the law."""
    items = law.sections[0].children if law.number == 15 and law.sections else []
    if len(items) == 4 and not items[1].text:
        first, lettered, *rest = items
        first.children = lettered.children
        for unit in walk(first.children):
            unit.id = unit.id.replace("15A2", "15A1", 1)
        for label, unit in enumerate(rest, 2):
            unit.id, unit.label = f"15A{label}", str(label)
        law.sections[0].children = [first, *rest]
    if law.number == 71 and all(not unit.title for unit in law.sections):
        law.sections = [Unit(child_id("71", str(k)), 2, str(k), text=unit.text)
                        for k, unit in enumerate(law.sections, 1)]


def _law(number: int, chunk: str, titles: list[str], notes: dict[int, str],
         outline: Outline) -> Law:
    """One law from its text after the line "LAW N" (its heading in capitals first)."""
    chunk, footnotes = _cite_notes(chunk, notes)
    heading, _, rest = chunk.partition("\n")
    own, sections = _sections(number, " ".join(rest.split()), titles)
    for section in sections:
        section.title = outline.unit_title(section.id, "en") or section.title
    title = outline.title(number, "en") or _title_case(heading.rstrip(" *"))
    law = Law(number=number, edition=2017, lang="en", title=title, text=own, sections=sections,
              footnotes=footnotes)
    _wbf_numbering(law)
    return law


def read_laws(path: Path, count: int = LAWS, outline: Outline | None = None) -> list[Law]:
    """The `count` laws of the text file at `path` as English 2017 Laws of the model, titled as
    the outline (the project's by default) titles them where it does, else as the text does
    (repaired as the module says); a SourceError naming the file if it cannot read them all."""
    if outline is None:
        outline = load_outline(Config().outline_file)
    try:
        text = path.read_bytes().decode("latin-1")
    except OSError as error:
        raise SourceError(str(path), f"cannot read the 2017 English text: {error}") from error
    text = repair_ligatures(text.replace("\r", "").replace("\xad", "–"))
    toc, body = _regions(text, path)
    contents = _contents(toc)
    body, notes = _pages(body)
    pieces = _HEADING.split(body)
    numbers = [int(n) for n in pieces[1::2]]
    if numbers != list(range(1, count + 1)):
        raise SourceError(str(path), f"not the 2017 Laws: laws 1 to {count} expected at lines "
                          f"'LAW N', found {len(numbers)}: {numbers[:8]}")
    source = path.resolve().as_uri()
    stamp = date.fromtimestamp(path.stat().st_mtime).isoformat()
    laws = []
    for number, chunk in zip(numbers, pieces[2::2], strict=True):
        law = _law(number, chunk, contents.get(number, []), notes, outline)
        law.source_url, law.fetch_date = f"{source}#law-{number}", stamp
        laws.append(law)
    return laws


def outline_differences(laws: list[Law], outline: Outline) -> dict[int, str]:
    """Per law whose unit ids (in order) differ from the outline's: what differs."""
    found = {}
    for law in laws:
        got, wanted = [u.id for u in walk(law.sections)], outline.ids(law.number)
        if got != wanted:
            found[law.number] = (f"only in the text {sorted(set(got) - set(wanted))}, only "
                                 f"in the outline {sorted(set(wanted) - set(got))}, or the order")
    return found


def with_real_english(corpus: Corpus, laws: list[Law], outline_ids: set[str]) -> Corpus:
    """The corpus with these laws as its English 2017 laws (Polish and 1997 laws as they are),
    its cross-references found again as the scrape stage finds them."""
    from tools.normalize.citation_links import link_citations

    kept = [law for law in corpus.laws if (law.edition, law.lang) != (2017, "en")]
    polish = {law.number: law.source_url for law in kept if law.key[:2] == (2017, "pl")}
    english = [replace(law, counterpart_url=polish.get(law.number, law.counterpart_url))
               for law in laws]
    real = Corpus(laws=[*kept, *english], problems=list(corpus.problems),
                  origins=dict(corpus.origins))
    real.crossrefs = link_citations(real, outline_ids)[0]
    return real
