"""Citation ids: the one rule (tools/data/citation_ids.json, shared with the search box) and
turning what people type ("przepis 50D2", "Law 64 C", "L50D2a", "§ 64", "Law 71 item 1") into an id.
"""

from __future__ import annotations

import json
import re
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


def is_citation_id(text: str) -> bool:
    """Whether `text` has the shape of a citation id (64, 64B3, 50D2a, 71.1)."""
    return bool(CITE_ID.match(text))


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
    if not 1 <= int(number) <= 93 or (item and not section) or (sub and not (item or law_item)):
        return None
    if law_item:
        return f"{int(number)}{LAW_ITEM_SEPARATOR}{int(law_item)}{(sub or '').lower()}"
    return f"{int(number)}{(section or '').upper()}{item or ''}{(sub or '').lower()}"
