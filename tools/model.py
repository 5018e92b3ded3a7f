"""The document model: one tree per law, language and edition, whose node ids are citation paths.

Derived data (cross-references, problems found while building) lives in separate layers keyed
by id, as in the eregs regulations parser; the law tree itself holds only what the source says.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

EDITIONS = (1997, 2017)
LANGS = ("pl", "en")
# Each language with the other one: the pairs a check in both directions walks.
LANG_PAIRS = (("pl", "en"), ("en", "pl"))


def law_key(edition: int, lang: str, number: int | str) -> str:
    """A law's key as text, "edition/lang/number" ("2017/pl/64"), as Corpus.origins and reports
    name a law; with a unit id for the number it names that unit ("2017/pl/64B3")."""
    return f"{edition}/{lang}/{number}"


@dataclass
class Unit:
    """A section, item or sub-item of a law; `id` is the citation people use (64B3, 50D2a)."""

    id: str
    level: int  # 1 section (A), 2 item (1), 3 sub-item (a), 4 deeper
    label: str  # the label as cited: "B", "3", "a"
    title: str = ""  # heading text where the source prints one
    text: str = ""  # own text; paragraphs joined by "\n\n"; "" when the unit only holds children
    children: list[Unit] = field(default_factory=list)


@dataclass
class Footnote:
    """A footnote printed at the end of a law page, keyed by its marker ("*", "**")."""

    marker: str
    text: str


@dataclass
class Stripped:
    """Navigation or link chrome removed from the source text, kept so the removal is auditable."""

    text: str
    reason: str  # "nav", "english-link", "screens-link", ...
    where: str = ""  # id of the unit it was attached to, "" for the page


@dataclass
class Law:
    """One law in one language and edition, as published on one source page."""

    number: int
    edition: int
    lang: str
    title: str
    chapter: str = ""
    part: str = ""
    source_url: str = ""
    fetch_date: str = ""  # ISO date the source was fetched or captured
    counterpart_url: str = ""  # the same law in the other language, as linked from the page
    text: str = ""  # the law's own text before its first section
    sections: list[Unit] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # trailing notes that belong to no unit
    stripped: list[Stripped] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The law's own citation id, e.g. "64"."""
        return str(self.number)

    @property
    def key(self) -> tuple[int, str, int]:
        """Sort and lookup key: (edition, lang, number)."""
        return (self.edition, self.lang, self.number)

    @property
    def text_key(self) -> str:
        """The key as text, "2017/pl/64" (law_key)."""
        return law_key(self.edition, self.lang, self.number)


@dataclass
class CrossRef:
    """One citation found in a unit's text and what it resolves to."""

    edition: int
    lang: str
    source: str  # id of the unit whose text holds the citation
    cited: str  # the citation as printed, e.g. "przepisy 47D16C1"
    target: str  # one cited id, e.g. "47D"
    status: (
        str  # "resolved" (a unit with text), "outline" (known id, no text in build), "unresolved"
    )
    reason: str = ""


@dataclass
class Problem:
    """Something the build noticed and must report: never silently dropped."""

    kind: (
        str  # "outline-mismatch", "unresolved-citation", "missing-translation", "parse-error", ...
    )
    where: str  # file, URL or "edition/lang/id"
    message: str


@dataclass
class Finding:
    """Where a unit's Polish and English texts disagree (how: tools/translation/check.py)."""

    edition: int
    law: int
    unit: str  # the unit's id ("64B3"), the law's id for its own text, "64*" for a footnote
    kind: str  # "citation", "number", "term", "missing", "split", "length"
    severity: str  # "high", "medium", "low"
    pl: str  # an excerpt of the Polish text ("" when the unit has none)
    en: str  # an excerpt of the English text
    only_pl: list[str] = field(default_factory=list)  # cited ids, numbers, term ids
    only_en: list[str] = field(default_factory=list)
    other: str = ""  # split: the unit whose text holds this one's in the other language
    ratio: float = 0.0  # length: Polish characters per English one, in this unit
    usual: float = 0.0  # length: the same ratio, usual in this law
    acknowledged: str = ""  # the reason an acknowledgement gives, when one covers it


@dataclass
class Corpus:
    """All laws of a build plus the layers derived from them."""

    laws: list[Law] = field(default_factory=list)
    crossrefs: list[CrossRef] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    consistency: list[Finding] = field(default_factory=list)  # translation check, keyed by id
    # Where each law's text came from, keyed "edition/lang/number": "snapshot" (a bundled
    # capture) or "web" (a page fetched by an online run): last good versions are web ones.
    origins: dict[str, str] = field(default_factory=dict)

    def law(self, edition: int, lang: str, number: int) -> Law | None:
        """The law with this key, or None."""
        for law in self.laws:
            if law.key == (edition, lang, number):
                return law
        return None


def walk(units: list[Unit]) -> Iterator[Unit]:
    """Every unit below `units`, depth first, in document order."""
    for unit in units:
        yield unit
        yield from walk(unit.children)


# How a unit's text that leads into its items ends ("Gdy fałszywy renons uprawomocnił się i:"
# before 64A1 and 64A2); the site's search box reads it from the spec (lead_in_end).
LEAD_IN_END = ":"


def opens_list(text: str) -> bool:
    """Whether a unit's text ends as a lead-in does (LEAD_IN_END), opening the list below it."""
    return text.rstrip().endswith(LEAD_IN_END)


def leads_into(text: str, items: list[Unit]) -> bool:
    """Whether a text leads into the items below it, so each item is read with it."""
    return bool(items) and opens_list(text)


def law_lead_ins(law: Law) -> dict[str, tuple[str, ...]]:
    """Per unit id of the law, the texts leading into it, the law's own opening text among them
    when it leads into its sections (1997 Law 54: "...jednego z poniższych postanowień:")."""
    return lead_ins(law.sections, (law.text,) if leads_into(law.text, law.sections) else ())


def lead_ins(units: list[Unit], above: tuple[str, ...] = ()) -> dict[str, tuple[str, ...]]:
    """Per unit id, the texts leading into it (leads_into), outermost first."""
    found: dict[str, tuple[str, ...]] = {}
    for unit in units:
        found[unit.id] = above
        leading = (*above, unit.text) if leads_into(unit.text, unit.children) else above
        found.update(lead_ins(unit.children, leading))
    return found


def unit_ids(law: Law) -> list[str]:
    """The law's id followed by the ids of all its units in document order."""
    return [law.id, *(unit.id for unit in walk(law.sections))]


def find_unit(law: Law, unit_id: str) -> Unit | None:
    """The unit of `law` with this id, or None (the law itself has no Unit: use the Law)."""
    return next((unit for unit in walk(law.sections) if unit.id == unit_id), None)


def _unit_from_dict(data: dict[str, Any]) -> Unit:
    return Unit(
        id=data["id"],
        level=data["level"],
        label=data["label"],
        title=data.get("title", ""),
        text=data.get("text", ""),
        children=[_unit_from_dict(child) for child in data.get("children", [])],
    )


def _law_from_dict(data: dict[str, Any]) -> Law:
    fields = {k: v for k, v in data.items() if k not in {"sections", "footnotes", "stripped"}}
    return Law(
        **fields,
        sections=[_unit_from_dict(u) for u in data.get("sections", [])],
        footnotes=[Footnote(**f) for f in data.get("footnotes", [])],
        stripped=[Stripped(**s) for s in data.get("stripped", [])],
    )


def corpus_to_dict(corpus: Corpus) -> dict[str, Any]:
    """A JSON-ready dict of the corpus in a stable order."""
    return {
        "laws": [asdict(law) for law in sorted(corpus.laws, key=lambda law: law.key)],
        "crossrefs": [asdict(ref) for ref in corpus.crossrefs],
        "problems": [asdict(problem) for problem in corpus.problems],
        "consistency": [asdict(finding) for finding in corpus.consistency],
        "origins": dict(sorted(corpus.origins.items())),
    }


def corpus_to_json(corpus: Corpus) -> str:
    """Deterministic JSON text of the corpus (sorted keys, UTF-8 characters kept)."""
    return json.dumps(corpus_to_dict(corpus), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def corpus_from_json(text: str) -> Corpus:
    """The corpus read back from `corpus_to_json` output."""
    data = json.loads(text)
    return Corpus(
        laws=[_law_from_dict(law) for law in data.get("laws", [])],
        crossrefs=[CrossRef(**ref) for ref in data.get("crossrefs", [])],
        problems=[Problem(**problem) for problem in data.get("problems", [])],
        consistency=[Finding(**finding) for finding in data.get("consistency", [])],
        origins=dict(data.get("origins", {})),
    )


def law_to_json(law: Law) -> str:
    """Deterministic JSON text of one law (used for golden files)."""
    return json.dumps(asdict(law), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def read_model(path: Path) -> Corpus:
    """The model file a build wrote (corpus_to_json); BridgelawError naming it when it is
    missing or unreadable."""
    from tools.errors import BridgelawError

    if not path.exists():
        raise BridgelawError(f"{path}: no model yet; run `bridgelaw scrape` or `bridgelaw build`")
    try:
        return corpus_from_json(path.read_text(encoding="utf-8"))
    except (ValueError, KeyError, TypeError) as error:
        raise BridgelawError(f"{path}: not a model a build wrote ({error})") from error
