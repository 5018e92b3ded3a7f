"""Rebuild official citation ids from printed list structure, and pair the two languages.

The 2017 captures print no letters and drop an item whose own text is empty (it only holds a
nested list), numbering the following items as if it were not there. Aligning the printed
sequence of units with the official outline, in order, restores the ids people cite.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from tools.model import Law, Problem, Unit, unit_ids, walk
from tools.normalize.citation_id import unit_label
from tools.normalize.outline import Outline, OutlineUnit


@dataclass
class _Printed:
    """A printed unit in document order, with its depth below the law (1 = section)."""

    level: int
    unit: Unit


def _flatten(units: list[Unit]) -> list[_Printed]:
    return [_Printed(unit.level, unit) for unit in walk(units)]


def _where(law: Law) -> str:
    return f"{law.edition}/{law.lang}/{law.number}"




def align_law(law: Law, outline: Outline) -> tuple[Law, list[Problem]]:
    """The law with official ids from the outline, or unchanged plus Problems when the printed
    structure cannot be matched in order (never a guess presented as a result)."""
    where = _where(law)
    if outline.law(law.number) is None:
        return law, [Problem("outline-mismatch", where, f"law {law.number} is not in the outline")]
    official = outline.units(law.number)
    if not official and not law.sections:
        return law, []  # a law of text only, as the outline has it
    problems: list[Problem] = []
    printed = _flatten(law.sections)
    sections_printed = sum(1 for p in printed if p.level == 1)
    sections_official = sum(1 for u in official if u.level == 1)
    if sections_printed != sections_official:
        problems.append(
            Problem(
                "outline-mismatch",
                where,
                f"capture has {sections_printed} section headings, the outline has "
                f"{sections_official}: a heading was taken for a paragraph or the reverse",
            )
        )
    pairs: list[tuple[OutlineUnit, Unit | None]] = []
    i = 0
    for entry in official:
        here = printed[i] if i < len(printed) else None
        prints_empty = (
            here is not None
            and here.level == entry.level
            and not here.unit.text
            and bool(here.unit.children)
        )
        if entry.empty and entry.level > 1 and not prints_empty:
            pairs.append((entry, None))  # dropped by the capture: insert it with no text
            continue
        if here is None:
            problems.append(
                Problem("outline-mismatch", where, f"{entry.id} of the outline is not printed")
            )
            continue
        if here.level != entry.level:
            problems.append(
                Problem(
                    "outline-mismatch",
                    where,
                    f"printed unit #{i + 1} ({here.unit.id}, depth {here.level}) does not fit "
                    f"{entry.id} (level {entry.level}) of the outline; ids left as printed",
                )
            )
            return law, problems
        pairs.append((entry, here.unit))
        i += 1
    for extra in printed[i:]:
        problems.append(
            Problem(
                "outline-mismatch",
                where,
                f"printed unit {extra.unit.id} has no place in the outline; ids left as printed",
            )
        )
    if problems:
        return law, problems
    return replace(law, sections=_rebuild(law.id, pairs)), problems


def _rebuild(law_id: str, pairs: list[tuple[OutlineUnit, Unit | None]]) -> list[Unit]:
    """The unit tree from (official entry, printed unit) pairs in document order."""
    top: list[Unit] = []
    stack: list[Unit] = []
    for entry, source in pairs:
        while stack and stack[-1].level >= entry.level:
            stack.pop()
        parent_id = stack[-1].id if stack else law_id
        unit = Unit(
            id=entry.id,
            level=entry.level,
            label=unit_label(entry.id, parent_id),
            title=source.title if source else "",
            text=source.text if source else "",
        )
        (stack[-1].children if stack else top).append(unit)
        stack.append(unit)
    return top


def numbering_breaks(law: Law) -> list[str]:
    """Why the page's own numbering of `law` is not consistent ([] when it is): sections
    lettered A, B, C... in order, each unit one level below its parent, ids unique."""
    breaks: list[str] = []
    letters = [unit.label for unit in law.sections if unit.level == 1]
    want = [chr(ord("A") + i) for i in range(len(letters))]
    if letters != want:
        breaks.append(f"law {law.number}: sections lettered {' '.join(letters)}, not "
                      f"{' '.join(want)}")
    seen: set[str] = set()

    def visit(units: list[Unit], level: int) -> None:
        for unit in units:
            if unit.level != level:
                breaks.append(f"{unit.id} stands at level {unit.level} under a unit of level "
                              f"{level - 1}")
            if unit.id in seen:
                breaks.append(f"{unit.id} occurs twice")
            seen.add(unit.id)
            visit(unit.children, unit.level + 1)

    top = min((unit.level for unit in law.sections), default=1)
    visit(law.sections, top)
    return breaks


def structures(law: Law, outline: Outline) -> str:
    """Both structures of a law, for a warning: the page's ids and the outline's."""
    page = " ".join(unit_ids(law)[1:])
    official = " ".join(unit.id for unit in outline.units(law.number))
    return f"law {law.number} ({law.lang}) taken as printed: page [{page}]; outline [{official}]"


def _outline_diff(law: Law, outline: Outline) -> list[Problem]:
    """Informational: ids of an older edition that the 2017 outline does not have."""
    known = outline.all_ids()
    absent = [i for i in unit_ids(law) if i not in known]
    if not absent:
        return []
    return [
        Problem(
            "outline-diff",
            _where(law),
            f"{len(absent)} ids not in the 2017 outline (numbering differs): {', '.join(absent)}",
        )
    ]


def pair_languages(laws: list[Law]) -> list[Problem]:
    """missing-translation Problems: per law with one language, per id present in one only."""
    by_key: dict[tuple[int, int], dict[str, Law]] = defaultdict(dict)
    for law in laws:
        by_key[(law.edition, law.number)][law.lang] = law
    problems: list[Problem] = []
    for (edition, number), langs in sorted(by_key.items()):
        if len(langs) == 1:
            ((lang, law),) = langs.items()
            other = "en" if lang == "pl" else "pl"
            problems.append(
                Problem(
                    "missing-translation",
                    _where(law),
                    f"law {number} ({edition}) has no {other} text in this build",
                )
            )
            continue
        ids = {lang: unit_ids(law) for lang, law in langs.items()}
        for lang in sorted(ids):
            for other in sorted(ids):
                if other == lang:
                    continue
                missing = [i for i in ids[lang] if i not in set(ids[other])]
                for unit_id in missing:
                    problems.append(
                        Problem(
                            "missing-translation",
                            f"{edition}/{other}/{unit_id}",
                            f"{unit_id} exists in {lang} but not in {other}",
                        )
                    )
    return problems


def normalize_law(law: Law, outline: Outline) -> tuple[Law, list[Problem]]:
    """A 2017 law with official ids (aligned with the outline), or a law of another edition
    with the ids the outline lacks reported."""
    if law.edition == outline.edition:
        return align_law(law, outline)
    return law, _outline_diff(law, outline)


def normalize(laws: list[Law], outline: Outline) -> tuple[list[Law], list[Problem]]:
    """Official ids for 2017 laws (aligned with the outline), informational diffs for other
    editions, and missing-translation Problems; laws come back sorted by key."""
    result: list[Law] = []
    problems: list[Problem] = []
    for law in sorted(laws, key=lambda law: law.key):
        normalized, found = normalize_law(law, outline)
        result.append(normalized)
        problems.extend(found)
    problems.extend(pair_languages(result))
    return result, problems
