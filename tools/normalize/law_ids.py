"""Rebuild official citation ids from printed list structure, and pair the two languages.

The 2017 captures print no letters and drop an item whose own text is empty (it only holds a
nested list), numbering the following items as if it were not there. Aligning the printed
sequence of units with the official outline, in order, restores the ids people cite.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from tools.model import Law, Problem, Unit, law_key, unit_ids, walk
from tools.normalize.citation_id import child_id, unit_label
from tools.normalize.outline import Outline, OutlineUnit


@dataclass
class _Printed:
    """A printed unit in document order, with its depth below the law (1 = section)."""

    level: int
    unit: Unit


def _flatten(units: list[Unit]) -> list[_Printed]:
    return [_Printed(unit.level, unit) for unit in walk(units)]


# A page whose structure differs from the outline in more places than this is not taken as
# the page's own: more likely a misread than a different printing.
MAX_EDITS_SHARE = 0.2


def _skip_cost(entry: OutlineUnit) -> int:
    """An item the outline marks empty may go unprinted for free; any other unit costs one."""
    return 0 if entry.empty and entry.level > 1 else 1


def _alignment(printed: list[_Printed], official: list[OutlineUnit]
               ) -> tuple[int, list[tuple[OutlineUnit | None, Unit | None]]]:
    """The cheapest in-order alignment of the printed units with the outline's (edit distance:
    a unit printed but not in the outline, or in the outline but not printed, costs one; an
    unprinted empty item nothing). Ties keep the page's own order (a match first)."""
    n, m = len(printed), len(official)
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i == n and j == m:
                continue
            options = []
            if i < n and j < m and printed[i].level == official[j].level:
                options.append(cost[i + 1][j + 1])
            if j < m:
                options.append(cost[i][j + 1] + _skip_cost(official[j]))
            if i < n:
                options.append(cost[i + 1][j] + 1)
            cost[i][j] = min(options)
    pairs: list[tuple[OutlineUnit | None, Unit | None]] = []
    i = j = 0
    while i < n or j < m:
        if i < n and j < m and printed[i].level == official[j].level \
                and cost[i][j] == cost[i + 1][j + 1]:
            pairs.append((official[j], printed[i].unit))
            i, j = i + 1, j + 1
        elif j < m and cost[i][j] == cost[i][j + 1] + _skip_cost(official[j]):
            pairs.append((official[j], None))
            j += 1
        else:
            pairs.append((None, printed[i].unit))
            i += 1
    return cost[0][0], pairs


def align_law(law: Law, outline: Outline) -> tuple[Law, list[Problem]]:
    """The law with official ids from the outline. Where its printed structure differs, the
    page's own units keep their place (ids continuing their siblings') and each difference
    is a Problem; a difference too large to be a different printing leaves the ids as printed."""
    where = law.text_key
    if outline.law(law.number) is None:
        return law, [Problem("outline-mismatch", where, f"law {law.number} is not in the outline")]
    official = outline.units(law.number)
    if not official and not law.sections:
        return law, []  # a law of text only, as the outline has it
    printed = _flatten(law.sections)
    edits, pairs = _alignment(printed, official)
    if not edits:
        return replace(law, sections=_rebuild(law.id, pairs)), []
    problems = []
    for entry, unit in pairs:
        if unit is None and entry is not None and _skip_cost(entry):
            problems.append(Problem("outline-mismatch", where,
                                    f"{entry.id} of the outline is not printed"))
        elif entry is None and unit is not None:
            problems.append(Problem("outline-mismatch", where,
                                    f"printed unit {unit.id} (level {unit.level}) has no place "
                                    "in the outline"))
    if edits > max(2, int(len(official) * MAX_EDITS_SHARE)):
        problems.append(Problem("outline-unaccounted", where,
                                f"{edits} differences from the outline: more than a different "
                                "printing; ids left as printed"))
        return law, problems
    return replace(law, sections=_rebuild(law.id, pairs)), problems


def _next_label(level: int, previous: str) -> str:
    """The label after `previous` among siblings of `level` ("" = the first)."""
    if level == 1 or level == 3:
        first = "A" if level == 1 else "a"
        return chr(ord(previous[-1]) + 1) if previous else first
    if level == 2:
        return str(int(previous) + 1) if previous.isdigit() else "1"
    numerals = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
    return numerals[numerals.index(previous) + 1] if previous in numerals else "i"


def _rebuild(law_id: str, pairs: list[tuple[OutlineUnit | None, Unit | None]]) -> list[Unit]:
    """The unit tree from (official entry, printed unit) pairs in document order: official
    ids where the outline has the unit, the next label among its siblings where only the page
    has it; an official unit the page does not print is left out unless it is empty."""
    top: list[Unit] = []
    stack: list[Unit] = []
    for entry, source in pairs:
        if entry is not None and source is None and _skip_cost(entry):
            continue  # in the outline, not on the page
        level = entry.level if entry is not None else source.level  # type: ignore[union-attr]
        while stack and stack[-1].level >= level:
            stack.pop()
        parent_id = stack[-1].id if stack else law_id
        siblings = stack[-1].children if stack else top
        if entry is not None:
            unit_id, label = entry.id, unit_label(entry.id, parent_id)
        else:
            label = _next_label(level, siblings[-1].label if siblings else "")
            unit_id = child_id(parent_id, label)
        unit = Unit(id=unit_id, level=level, label=label,
                    title=source.title if source else "", text=source.text if source else "")
        siblings.append(unit)
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
            law.text_key,
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
                    law.text_key,
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
                            law_key(edition, other, unit_id),
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
