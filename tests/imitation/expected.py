"""What a correct scrape of the imitation yields, and how a corpus measures against it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .content import LawDoc, Node, plain

# Text that only scripts, styles, handlers and <noscript> carry: it must never reach the site.
SCRIPT_MARKERS = ("JS-ONLY", "CSS-ONLY", "NOSCRIPT-ONLY")


@dataclass(frozen=True)
class ExpectedUnit:
    """One unit of a correct scrape: its citation id, title and text."""

    id: str
    title: str
    text: str  # paragraphs joined by "\n\n"; "" for a unit that only holds a list


@dataclass(frozen=True)
class ExpectedLaw:
    """One law of a correct scrape, and the chrome its page carries."""

    edition: int
    lang: str
    number: int
    path: str  # the page on the imitation site
    title: str
    text: str
    units: tuple[ExpectedUnit, ...]
    footnotes: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    chrome: tuple[str, ...] = ()  # nav lines, link texts: never law text

    @property
    def key(self) -> tuple[int, str, int]:
        """(edition, lang, number), like tools.model.Law.key."""
        return (self.edition, self.lang, self.number)


def _text(paras: list) -> str:
    return "\n\n".join(plain(p) for p in paras)


def _units(nodes: list[Node]) -> list[ExpectedUnit]:
    out = []
    for node in nodes:
        out.append(ExpectedUnit(node.id, node.title, _text(node.paras)))
        out.extend(_units(node.children))
    return out


def expected_law(doc: LawDoc, path: str, chrome: tuple[str, ...]) -> ExpectedLaw:
    """The correct scrape of one placeholder law."""
    return ExpectedLaw(doc.edition, doc.lang, doc.number, path, doc.title, _text(doc.intro),
                       tuple(_units(doc.units)), tuple(doc.footnotes),
                       tuple(plain(p) for p in doc.notes), chrome)


def _walk(units: list[Any]) -> list[Any]:
    out = []
    for unit in units:
        out.append(unit)
        out.extend(_walk(unit.children))
    return out


def law_strings(law: Any) -> list[str]:
    """Every piece of law text of a tools.model.Law (title, texts, footnotes, notes)."""
    strings = [law.title, law.text, *law.notes, *(f.text for f in law.footnotes)]
    for unit in _walk(law.sections):
        strings += [unit.title, unit.text]
    return [s for s in strings if s]


@dataclass
class Score:
    """How a scraped corpus compares with the expected one."""

    units_right: Counter = field(default_factory=Counter)  # (edition, lang) -> count
    units_expected: Counter = field(default_factory=Counter)
    laws_right: Counter = field(default_factory=Counter)
    laws_expected: Counter = field(default_factory=Counter)
    laws_found: Counter = field(default_factory=Counter)
    chrome: list[tuple[tuple[int, str, int], str]] = field(default_factory=list)
    scripts: list[tuple[tuple[int, str, int], str]] = field(default_factory=list)
    wrong: dict[tuple[int, str], list[str]] = field(default_factory=dict)  # first differences

    def ratio(self, edition: int, lang: str) -> str:
        """'right/expected' units of one edition and language."""
        key = (edition, lang)
        return f"{self.units_right[key]}/{self.units_expected[key]}"


def _note(score: Score, limit: int, key: tuple[int, str, int], message: str) -> None:
    notes = score.wrong.setdefault(key[:2], [])
    if len(notes) < limit:
        notes.append(f"{key[0]} {key[1]} {message}")


def score_corpus(laws: list[Any], expected: dict[tuple[int, str, int], ExpectedLaw],
                 hosts: tuple[str, ...], limit: int = 20) -> Score:
    """Measure scraped laws read from `hosts` against `expected` (snapshot laws are ignored)."""
    # A unit is right when its id, title and text all match; a law when its title, own text,
    # footnotes, notes and every unit match and it has no extra units.
    score = Score()
    ours = {law.key: law for law in laws if law.source_url.startswith(hosts)}
    for key, want in sorted(expected.items()):
        pair = key[:2]
        score.units_expected[pair] += len(want.units)
        score.laws_expected[pair] += 1
        got = ours.get(key)
        if got is None:
            _note(score, limit, key, f"law {key[2]} missing")
            continue
        score.laws_found[pair] += 1
        units = {u.id: u for u in _walk(got.sections)}
        ok = True
        for unit in want.units:
            have = units.get(unit.id)
            if have is not None and (have.title, have.text) == (unit.title, unit.text):
                score.units_right[pair] += 1
                continue
            ok = False
            shown = "missing" if have is None else f"{have.title!r} / {have.text!r}"
            _note(score, limit, key, f"{unit.id}: want {unit.title!r} / {unit.text!r}, "
                                     f"got {shown}")
        extra = set(units) - {u.id for u in want.units}
        footnotes = tuple((f.marker, f.text) for f in got.footnotes)
        for name, have_value, want_value in (
            ("title", got.title, want.title), ("text", got.text, want.text),
            ("footnotes", footnotes, want.footnotes), ("notes", tuple(got.notes), want.notes),
            ("extra units", sorted(extra), []),
        ):
            if have_value != want_value:
                ok = False
                _note(score, limit, key, f"law {key[2]} {name}: want {want_value!r}, "
                                         f"got {have_value!r}")
        score.laws_right[pair] += ok
        strings = law_strings(got)
        for chrome in want.chrome:
            if any(chrome in s for s in strings):
                score.chrome.append((key, chrome))
        for marker in SCRIPT_MARKERS:
            if any(marker in s for s in strings):
                score.scripts.append((key, marker))
    return score
