"""Citation ids: the one rule (tools/data/citation_ids.json, shared with the search box), the one
place that takes an id apart (its law, its parts, the ids it hangs from, document order) and
turning what people type ("przepis 50D2", "Law 64 C", "L50D2a", "§ 64", "Law 71 item 1") into an id.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

RULE_FILE = Path(__file__).resolve().parents[1] / "data" / "citation_ids.json"
RULE: dict = json.loads(RULE_FILE.read_text(encoding="utf-8"))

# Items that hang from a law directly (no section) are "<law><separator><item>": 71.1.
LAW_ITEM_SEPARATOR: str = RULE["law_item_separator"]
_FLAGS = re.IGNORECASE if "i" in RULE["flags"] else 0
CITE_ID = re.compile(RULE["id"])
_PREFIX = re.compile(RULE["prefix"], _FLAGS)
_QUERY = re.compile(RULE["query"], _FLAGS)
_LAW = re.compile(r"\d{1,2}")
# The parts of an id the rule accepts: law, then a law item (71.1) and its sub-item, or a section,
# item, sub-item and a fourth level (50D2a1, 40B2aiv). CITE_ID decides what is an id.
_PARTS = re.compile(r"(\d{1,2})(?:\.(\d{1,2})([a-z])?"
                    r"|([A-Z])(\d{1,2})?([a-z])?(\d{1,2}|[ivx]{1,4})?)?")
_FOURTH_LEVEL = 4  # index of the part that may be a roman numeral (40B2a + iv)
_ROMAN = {"i": 1, "v": 5, "x": 10}
LAW_NUMBERS = range(RULE["law_numbers"][0], RULE["law_numbers"][1] + 1)  # others name no law


def is_citation_id(text: str) -> bool:
    """Whether `text` has the shape of a citation id (64, 64B3, 50D2a, 71.1)."""
    return bool(CITE_ID.match(text))


def names_a_law(text: str) -> bool:
    """Whether `text` is a citation id of a law that exists (1-93, no leading zero): "64B3"."""
    return is_citation_id(text) and law_of(text) in LAW_NUMBERS and text[0] != "0"


def child_id(parent_id: str, label: str) -> str:
    """The id of the unit labelled `label` under `parent_id` ("64B" + "3" -> "64B3"); an item
    that hangs from a law directly takes the separator ("71" + "1" -> "71.1")."""
    if label[:1].isdigit() and parent_id.isdigit():
        return f"{parent_id}{LAW_ITEM_SEPARATOR}{label}"
    return parent_id + label


def unit_label(unit_id: str, parent_id: str) -> str:
    """The label a unit is printed with under its parent ("71.1" under "71" -> "1")."""
    return unit_id[len(parent_id) :].removeprefix(LAW_ITEM_SEPARATOR)


def law_of(unit_id: str) -> int | None:
    """The law number an id starts with ("71.1" -> 71, "64B3" -> 64), or None."""
    match = _LAW.match(unit_id)
    return int(match.group(0)) if match else None


def law_number(unit_id: str) -> int:
    """The law number an id starts with ("64B3" -> 64); ValueError when it starts with none."""
    number = law_of(unit_id)
    if number is None:
        raise ValueError(f"not a citation id: {unit_id!r}")
    return number


@lru_cache(maxsize=65536)  # ranking asks the same few ids over and over
def id_parts(unit_id: str) -> tuple[str, ...]:
    """The labels an id is made of, outermost first ("64B3" -> 64, B, 3; "71.1" -> 71, 1;
    "40B2aiv" -> 40, B, 2, a, iv); ValueError when it is no citation id."""
    match = _PARTS.fullmatch(unit_id) if is_citation_id(unit_id) else None
    if match is None:
        raise ValueError(f"not a citation id: {unit_id!r}")
    return tuple(part for part in match.groups() if part)


def lineage(unit_id: str) -> list[str]:
    """The ids from the law down to `unit_id` ("64B3" -> 64, 64B, 64B3; "71.1" -> 71, 71.1)."""
    return list(_lineage(unit_id))


@lru_cache(maxsize=65536)
def _lineage(unit_id: str) -> tuple[str, ...]:
    parts = id_parts(unit_id)
    ids = [parts[0]]
    for label in parts[1:]:
        ids.append(child_id(ids[-1], label))
    return tuple(ids)


def is_inside(outer: str, inner: str) -> bool:
    """Whether unit `inner` lies inside `outer` ("64A1" in "64A" and in "64", "71.1" in "71";
    "64B10" is not in "64B1", nor an id in itself)."""
    return is_citation_id(inner) and outer in _lineage(inner)[:-1]


@lru_cache(maxsize=65536)
def id_sort_key(unit_id: str) -> tuple:
    """A sort key in document order: 64 < 64A < 64A1 < 64A2 < 64A10 < 64B, 71 < 71.1 < 71.2,
    40B2aiv < 40B2av; text that is no citation id goes last."""
    try:
        parts = id_parts(unit_id)
    except ValueError:
        return (1000, unit_id)
    return (int(parts[0]), *(_part_key(index, part) for index, part in enumerate(parts) if index))


def _part_key(index: int, label: str) -> tuple[int, int | str]:
    # numbers by value before letters (a law's items before its sections, as printed)
    if label.isdigit():
        return (0, int(label))
    if index == _FOURTH_LEVEL:
        return (1, _roman(label))
    return (2, label)


def _roman(numeral: str) -> int:
    values = [_ROMAN[char] for char in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def parse_citation_query(text: str) -> str | None:
    """The citation id a query names ("64 C 2" -> "64C2", "Law 71 item 1" -> "71.1"), or None
    if it is not a citation."""
    rest = text.strip()
    while True:
        stripped = _PREFIX.sub("", rest, count=1)
        if stripped == rest:
            break
        rest = stripped
    match = _QUERY.match(rest.strip())
    if not match:
        return None
    number, section, item, law_item, sub = match.groups()
    if int(number) not in LAW_NUMBERS or (item and not section) or (sub and not (item or law_item)):
        return None
    if law_item:
        return f"{int(number)}{LAW_ITEM_SEPARATOR}{int(law_item)}{(sub or '').lower()}"
    return f"{int(number)}{(section or '').upper()}{item or ''}{(sub or '').lower()}"
