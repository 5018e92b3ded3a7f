"""A rough reading of the bundled seed captures into Law objects, for the search tests only.

It exists because the real parser (tools.scrape) lands in parallel; when build/corpus.json exists
the tests use that instead. It reads the real seed text: law titles, lettered sections and
numbered items; it does not try to be faithful beyond what the search tests need.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools.model import Corpus, Law, Unit

SEEDS = Path(__file__).resolve().parents[2] / "tools" / "snapshot" / "seeds"
_LAW_1997 = re.compile(r"(\d{2})\. ([A-ZĄĆĘŁŃÓŚŹŻ][A-ZĄĆĘŁŃÓŚŹŻ ,\-–l]+?)\s+wesja angielska")
_SECTION = re.compile(r"^([A-H])\. (.*)$")
_ITEM = re.compile(r"^\s*(\d{1,2})\. (.*)$")


def _units_1997(number: int, body: str) -> list[Unit]:
    sections: list[Unit] = []
    for line in body.splitlines():
        line = line.strip()
        if not line:
            continue
        if m := _SECTION.match(line):
            sections.append(Unit(f"{number}{m[1]}", 1, m[1], title=m[2]))
        elif (m := _ITEM.match(line)) and sections:
            parent = sections[-1]
            parent.children.append(Unit(f"{parent.id}{m[1]}", 2, m[1], title=m[2]))
        elif sections:
            target = sections[-1].children[-1] if sections[-1].children else sections[-1]
            target.text = (target.text + "\n\n" + line.lstrip("- ")).strip()
    return sections


def laws_1997() -> list[Law]:
    """Laws 41-71 of the 1997 chapter page."""
    text = (SEEDS / "000_ad69fec98fd503ab.txt").read_text(encoding="utf-8")
    matches = list(_LAW_1997.finditer(text))
    laws = []
    for match, following in zip(matches, [*matches[1:], None], strict=False):
        number = int(match[1])
        body = text[match.end() : following.start() if following else len(text)]
        laws.append(
            Law(
                number,
                1997,
                "pl",
                match[2].strip().capitalize(),
                sections=_units_1997(number, body),
            )
        )
    return laws


def law_2017(file: str, number: int) -> Law:
    """One 2017 law page: headings become sections A, B, ...; numbered lines their items."""
    lines = [line for line in (SEEDS / file).read_text(encoding="utf-8").splitlines()[1:]]
    lines = [line for line in lines if line.strip()]
    law = Law(number, 2017, "pl", lines[0].strip())
    letters = iter("ABCDEFGH")
    for line in lines[1:]:
        if m := _ITEM.match(line):
            if law.sections:
                parent = law.sections[-1]
                parent.children.append(Unit(f"{parent.id}{m[1]}", 2, m[1], text=m[2]))
        elif not line.startswith(" ") and len(line) < 90 and not line.endswith((".", ":")):
            letter = next(letters)
            law.sections.append(Unit(f"{number}{letter}", 1, letter, title=line.strip()))
        elif law.sections:
            section = law.sections[-1]
            section.text = (section.text + "\n\n" + line.strip()).strip()
        else:
            law.text = line.strip()
    return law


def seed_corpus() -> Corpus:
    """The 1997 chapter and the three 2017 laws of the snapshot."""
    return Corpus(
        laws=[
            *laws_1997(),
            law_2017("001_2a20fccb310888b1.txt", 64),
            law_2017("002_c574df7fc22945a4.txt", 45),
            law_2017("003_aa7bffd09577fc88.txt", 50),
        ]
    )
