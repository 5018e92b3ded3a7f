"""The official 2017 outline: which unit ids each law has, in order, and which hold no text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.normalize.citation_id import LEVELS, child_id, law_of, parse_id
from tools.yaml_data import read_data_file

# A unit's level is the depth of its id (tools/data/citation_ids.json): 40 + B (1) + 2 (2) +
# a (3) + iv (4); 71.1 is an item (2) that hangs from the law.
_UNIT_LEVELS = range(1, len(LEVELS))
_LEVELS_TEXT = ", ".join(map(str, _UNIT_LEVELS[:-1])) + f" or {_UNIT_LEVELS[-1]}"


@dataclass(frozen=True)
class OutlineUnit:
    """One official unit: its citation id, level (1 section, 2 item, 3 sub-item), empty text,
    its official heading per language where certain, and whether its place is uncertain."""

    id: str
    level: int
    empty: bool = False
    title_en: str = ""
    title_pl: str = ""
    uncertain: bool = False  # the structure here is not confirmed: a check reports, not rejects


@dataclass(frozen=True)
class OutlineLaw:
    """One law of the outline with its titles and units in document order."""

    number: int
    title_en: str
    title_pl: str
    units: tuple[OutlineUnit, ...]
    uncertain: bool = False  # the structure of this law is not confirmed against its pages

    @property
    def unconfirmed(self) -> bool:
        """Whether any part of this law's structure is marked uncertain."""
        return self.uncertain or any(unit.uncertain for unit in self.units)


@dataclass(frozen=True)
class Outline:
    """The whole outline of one edition."""

    edition: int
    by_number: dict[int, OutlineLaw]
    path: str = ""

    def laws(self) -> list[int]:
        """Law numbers in the outline, ascending."""
        return sorted(self.by_number)

    def law(self, number: int) -> OutlineLaw | None:
        """The outline of one law, or None."""
        return self.by_number.get(number)

    def units(self, number: int) -> list[OutlineUnit]:
        """The units of law `number` in document order ([] for an unknown law)."""
        law = self.by_number.get(number)
        return list(law.units) if law else []

    def ids(self, number: int) -> list[str]:
        """The unit ids of law `number` in document order ([] for an unknown law)."""
        return [unit.id for unit in self.units(number)]

    def all_ids(self) -> set[str]:
        """Every law id ("64") and unit id ("64B3") in the outline."""
        ids = {str(number) for number in self.by_number}
        for law in self.by_number.values():
            ids.update(unit.id for unit in law.units)
        return ids

    def has(self, unit_id: str) -> bool:
        """Whether this law or unit id exists in the official outline."""
        return unit_id in self.all_ids()

    def is_empty(self, unit_id: str) -> bool:
        """Whether the unit exists and holds no text of its own (only a nested list)."""
        number = law_of(unit_id)
        if number is None:
            return False
        return any(u.id == unit_id and u.empty for u in self.units(number))

    def title(self, number: int, lang: str) -> str:
        """The law's title in `lang` ("pl" or "en"), "" when the outline has none."""
        law = self.by_number.get(number)
        if law is None:
            return ""
        return law.title_en if lang == "en" else law.title_pl if lang == "pl" else ""

    def unit(self, unit_id: str) -> OutlineUnit | None:
        """The official unit with this id, or None (a law id is no unit: use `law`)."""
        number = law_of(unit_id)
        if number is None:
            return None
        return next((u for u in self.units(number) if u.id == unit_id), None)

    def unit_title(self, unit_id: str, lang: str) -> str:
        """The official heading of a unit in `lang`, "" when the outline has none."""
        unit = self.unit(unit_id)
        if unit is None:
            return ""
        return unit.title_en if lang == "en" else unit.title_pl if lang == "pl" else ""


    def section_names(self, number: int, lang: str) -> list[tuple[str, str, str]]:
        """(id, heading, its language) of each section of a law, as its title page shows them:
        the heading in `lang`, else the English one marked as such; "" when none is known."""
        out = []
        for unit in self.units(number):
            if unit.level != 1:
                continue
            name, name_lang = self.unit_title(unit.id, lang), lang
            if not name:
                name, name_lang = self.unit_title(unit.id, "en"), "en"
            out.append((unit.id, name, name_lang))
        return out


def _fail(where: str, message: str) -> SourceError:
    return SourceError(where, f"malformed outline: {message}")


def _parse_units(number: int, raw: Any, where: str) -> tuple[OutlineUnit, ...]:
    if not isinstance(raw, list):
        raise _fail(where, f"law {number}: 'units' must be a list")
    units: list[OutlineUnit] = []
    seen: set[str] = set()
    parents = {0: str(number)}  # level -> id of the latest unit at that level
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise _fail(where, f"law {number}: unit #{index} is not an object")
        unit_id, level, empty = entry.get("id"), entry.get("level"), entry.get("empty", False)
        uncertain = entry.get("uncertain", False)
        titles = {name: entry.get(name, "") for name in ("title_en", "title_pl")}
        if not isinstance(unit_id, str) or not unit_id:
            raise _fail(where, f"law {number}: unit #{index} has no string 'id'")
        if not isinstance(level, int) or isinstance(level, bool) or level not in _UNIT_LEVELS:
            raise _fail(where, f"law {number}: unit {unit_id}: 'level' must be {_LEVELS_TEXT}")
        for name, flag in (("empty", empty), ("uncertain", uncertain)):
            if not isinstance(flag, bool):
                raise _fail(where, f"law {number}: unit {unit_id}: {name!r} must be true or false")
        for name, value in titles.items():
            if not isinstance(value, str):
                raise _fail(where, f"law {number}: unit {unit_id}: {name!r} must be a string")
        if unit_id in seen:
            raise _fail(where, f"law {number}: unit {unit_id} appears twice")
        parent = _parent_id(parents, level)
        if parent is None or not unit_id.startswith(parent):
            raise _fail(
                where,
                f"law {number}: unit {unit_id} (level {level}) does not follow its parent "
                f"({parent or 'none at level ' + str(level - 1)})",
            )
        parsed = parse_id(unit_id)
        if parsed is None or parsed.depth != level or parsed.parent != parent:
            like = child_id(parent, LEVELS[level].example)
            raise _fail(where, f"law {number}: unit {unit_id}: label does not fit level {level} "
                        f"(an id here looks like {like})")
        seen.add(unit_id)
        parents[level] = unit_id
        for deeper in [lvl for lvl in parents if lvl > level]:
            del parents[deeper]
        units.append(OutlineUnit(unit_id, level, empty, titles["title_en"], titles["title_pl"],
                                 uncertain))
    return tuple(units)


def _parent_id(parents: dict[int, str], level: int) -> str | None:
    """The id a unit at `level` hangs from; laws without sections hold items directly."""
    if level - 1 in parents:
        return parents[level - 1]
    if level == 2 and 1 not in parents:
        return parents[0]
    return None


def parse_outline(data: Any, where: str) -> Outline:
    """Validate the decoded outline JSON; raise SourceError naming `where` on bad data."""
    if not isinstance(data, dict):
        raise _fail(where, "the top level must be an object")
    edition = data.get("edition")
    if not isinstance(edition, int):
        raise _fail(where, "'edition' must be a number")
    laws = data.get("laws")
    if not isinstance(laws, dict) or not laws:
        raise _fail(where, "'laws' must be a non-empty object keyed by law number")
    by_number: dict[int, OutlineLaw] = {}
    for key, entry in laws.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 99):
            raise _fail(where, f"law key {key!r} is not a law number")
        if not isinstance(entry, dict):
            raise _fail(where, f"law {key}: entry must be an object")
        titles = {name: entry.get(name, "") for name in ("title_en", "title_pl")}
        for name, value in titles.items():
            if not isinstance(value, str):
                raise _fail(where, f"law {key}: {name!r} must be a string")
        if not titles["title_en"]:
            raise _fail(where, f"law {key}: 'title_en' is missing")
        uncertain = entry.get("uncertain", False)
        if not isinstance(uncertain, bool):
            raise _fail(where, f"law {key}: 'uncertain' must be true or false")
        number = int(key)
        by_number[number] = OutlineLaw(
            number,
            titles["title_en"],
            titles["title_pl"],
            _parse_units(number, entry.get("units", []), where),
            uncertain,
        )
    return Outline(edition=edition, by_number=by_number, path=where)


def load_outline(path: Path) -> Outline:
    """Read and validate an outline JSON file (SourceError naming the file when malformed)."""
    where = str(path)
    text = read_data_file(Path(path), "outline")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SourceError(
            where, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    return parse_outline(data, where)
