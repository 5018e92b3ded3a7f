"""Citation ids: the one rule (tools/data/citation_ids.json, shared with the site's scripts), the
one place that takes an id apart (CitationId: its levels and labels, the ids it hangs from, its
law, document order) and turning what people type ("przepis 50D2", "Law 64 C", "L50D2a", "§ 64",
"Law 71 item 1") into an id.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

RULE_FILE = Path(__file__).resolve().parents[1] / "data" / "citation_ids.json"
RULE: dict = json.loads(RULE_FILE.read_text(encoding="utf-8"))

# Items that hang from a law directly (no section) are "<law><separator><item>": 71.1.
LAW_ITEM_SEPARATOR: str = RULE["law_item_separator"]
FOOTNOTE_MARK: str = RULE["footnote_mark"]  # a law's footnote: 64*, 64**
_FLAGS = re.IGNORECASE if "i" in RULE["flags"] else 0
_PREFIX = re.compile(RULE["prefix"], _FLAGS)
_QUERY = re.compile(RULE["query"], _FLAGS)
LAW_NUMBERS = range(RULE["law_numbers"][0], RULE["law_numbers"][1] + 1)  # others name no law
LABEL_ORDER: tuple[str, ...] = tuple(RULE["label_order"])
_ROMAN = {"i": 1, "v": 5, "x": 10}


@dataclass(frozen=True)
class Level:
    """One level of an id: its name, its label's pattern by kind ("number", "roman", "letter"),
    an example label, and the narrower patterns the laws' running text prints it with."""

    name: str
    kinds: tuple[tuple[str, str], ...]  # (kind, pattern), as the rule lists them
    example: str
    in_text: str = ""  # "" where the text prints any label of the level
    alone_in_text: str = ""  # the label named alone in brackets: "(a)"

    @property
    def pattern(self) -> str:
        """The pattern of a label of this level, of any kind."""
        return "|".join(pattern for _, pattern in self.kinds)

    def kind_of(self, label: str) -> str:
        """The kind of `label` at this level ("iv" -> "roman"), "" when it fits none."""
        return next((kind for kind, pattern in self.kinds if re.fullmatch(pattern, label)), "")

    def begins(self, label: str) -> bool:
        """Whether `label` starts with a label of this level ("1b" begins with an item)."""
        return re.match(f"(?:{self.pattern})", label) is not None


LEVELS: tuple[Level, ...] = tuple(
    Level(entry["name"], tuple(entry["label"].items()), entry["example"],
          entry.get("in_text", ""), entry.get("alone_in_text", ""))
    for entry in RULE["levels"])
LEVEL: dict[str, Level] = {level.name: level for level in LEVELS}
_DEPTH = {level.name: depth for depth, level in enumerate(LEVELS)}  # law 0, section 1, ...
LAW_ITEM_LEVELS: tuple[str, ...] = tuple(RULE["law_item_levels"])


def _chain(names: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """Levels one inside the other as nested optional groups ("(A)(?:(B)(?:(C))?)?") and the
    level of each group."""
    head, *rest = names
    if not rest:
        return f"({LEVEL[head].pattern})", (head,)
    inner, groups = _chain(tuple(rest))
    return f"({LEVEL[head].pattern})(?:{inner})?", (head, *groups)


def _compose() -> tuple[str, tuple[str, ...]]:
    """The id's pattern from the levels: a law, then either the levels below it or, after the
    separator, the levels of an item that hangs from the law; and each group's level."""
    law, *below = (level.name for level in LEVELS)
    sections, section_groups = _chain(tuple(below))
    items, item_groups = _chain(LAW_ITEM_LEVELS)
    pattern = f"({LEVEL[law].pattern})(?:{sections}|{re.escape(LAW_ITEM_SEPARATOR)}{items})?"
    return pattern, (law, *section_groups, *item_groups)


# The only citation-id pattern (tests/test_citation_id_regex.py fails on another): fullmatch
# says what is an id, match finds the id a text starts with. The site's scripts get it as is.
ID_PATTERN, ID_GROUPS = _compose()
CITE_ID = re.compile(ID_PATTERN)


@dataclass(frozen=True)
class CitationId:
    """A citation id taken apart: outermost first, the name and label of each of its levels and
    the id down to each ("71.1a": law 71, item 1, sub_item a; 71, 71.1, 71.1a)."""

    text: str
    levels: tuple[str, ...]
    labels: tuple[str, ...]
    lineage: tuple[str, ...]

    @property
    def law(self) -> int:
        """Its law's number."""
        return int(self.labels[0])

    @property
    def depth(self) -> int:
        """How deep its last level lies: 0 a law, 1 a section, 2 an item (71.1 too), ..."""
        return _DEPTH[self.levels[-1]]

    @property
    def parent(self) -> str:
        """The id it hangs from ("" for a law)."""
        return self.lineage[-2] if len(self.lineage) > 1 else ""

    def up_to(self, level: str) -> str:
        """The id down to `level` at most ("64B3" to "section" is "64B"; "71.1" is "71")."""
        return self.lineage[sum(1 for name in self.levels if _DEPTH[name] <= _DEPTH[level]) - 1]

    def label(self, level: str) -> str:
        """Its label at `level` ("section" of "64B3" is "B"), "" when it has none there."""
        return dict(zip(self.levels, self.labels, strict=True)).get(level, "")

    def sort_key(self) -> tuple:
        """Document order: by law, then at each depth by kind in the rule's order, then value."""
        pairs = zip(self.levels[1:], self.labels[1:], strict=True)
        return (self.law, *(_label_key(level, label) for level, label in pairs))


@lru_cache(maxsize=4096)
def _label_key(level: str, label: str) -> tuple[int, int | str]:
    kind = LEVEL[level].kind_of(label)
    value: int | str = (int(label) if kind == "number" else _roman(label) if kind == "roman"
                        else label)
    return (LABEL_ORDER.index(kind), value)


def _roman(numeral: str) -> int:
    values = [_ROMAN[char] for char in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _taken_apart(match: re.Match[str]) -> CitationId:
    found = [(name, match.group(index), match.end(index))
             for index, name in enumerate(ID_GROUPS, start=1) if match.group(index) is not None]
    text = match.group(0)
    return CitationId(text, tuple(name for name, _, _ in found),
                      tuple(label for _, label, _ in found), tuple(text[:end] for *_, end in found))


@lru_cache(maxsize=65536)  # ranking and rendering ask the same few ids over and over
def parse_id(text: str) -> CitationId | None:
    """The citation id `text` is, taken apart, or None when it is none ("64b3", "711")."""
    match = CITE_ID.fullmatch(text)
    return _taken_apart(match) if match else None


@lru_cache(maxsize=65536)
def leading_id(text: str) -> CitationId | None:
    """The longest citation id `text` starts with ("64*" -> 64, glued "7071" -> 70, "64A2I" ->
    64A2), or None when it starts with none."""
    match = CITE_ID.match(text)
    return _taken_apart(match) if match else None


def is_citation_id(text: str) -> bool:
    """Whether `text` has the shape of a citation id (64, 64B3, 50D2a, 71.1)."""
    return parse_id(text) is not None


def names_a_law(text: str) -> bool:
    """Whether `text` is a citation id of a law that exists (1-93, no leading zero): "64B3"."""
    parsed = parse_id(text)
    return parsed is not None and parsed.law in LAW_NUMBERS and text[0] != "0"


def is_footnote_id(text: str) -> bool:
    """Whether `text` names a law's footnote: the law's number and its marks ("64*", "64**")."""
    bare = text.rstrip(FOOTNOTE_MARK)
    parsed = parse_id(bare) if bare != text else None
    return parsed is not None and parsed.depth == 0


def child_id(parent_id: str, label: str) -> str:
    """The id of the unit labelled `label` under `parent_id` ("64B" + "3" -> "64B3"); an item
    that hangs from a law directly takes the separator ("71" + "1" -> "71.1")."""
    parent = parse_id(parent_id)
    if parent is not None and parent.depth == 0 and LEVEL[LAW_ITEM_LEVELS[0]].begins(label):
        return f"{parent_id}{LAW_ITEM_SEPARATOR}{label}"
    return parent_id + label


def unit_label(unit_id: str, parent_id: str) -> str:
    """The label a unit is printed with under its parent ("71.1" under "71" -> "1")."""
    return unit_id[len(parent_id) :].removeprefix(LAW_ITEM_SEPARATOR)


def law_of(unit_id: str) -> int | None:
    """The law number an id starts with ("71.1" -> 71, "64B3" -> 64, "64*" -> 64), or None."""
    parsed = leading_id(unit_id)
    return parsed.law if parsed else None


def law_number(unit_id: str) -> int:
    """The law number an id starts with ("64B3" -> 64); ValueError when it starts with none."""
    number = law_of(unit_id)
    if number is None:
        raise ValueError(f"not a citation id: {unit_id!r}")
    return number


def id_parts(unit_id: str) -> tuple[str, ...]:
    """The labels an id is made of, outermost first ("64B3" -> 64, B, 3; "71.1" -> 71, 1;
    "40B2aiv" -> 40, B, 2, a, iv); ValueError when it is no citation id."""
    parsed = parse_id(unit_id)
    if parsed is None:
        raise ValueError(f"not a citation id: {unit_id!r}")
    return parsed.labels


def lineage(unit_id: str) -> list[str]:
    """The ids from the law down to `unit_id` ("64B3" -> 64, 64B, 64B3; "71.1" -> 71, 71.1);
    ValueError when it is no citation id."""
    parsed = parse_id(unit_id)
    if parsed is None:
        raise ValueError(f"not a citation id: {unit_id!r}")
    return list(parsed.lineage)


def is_inside(outer: str, inner: str) -> bool:
    """Whether unit `inner` lies inside `outer` ("64A1" in "64A" and in "64", "71.1" in "71";
    "64B10" is not in "64B1", nor an id in itself)."""
    parsed = parse_id(inner)
    return parsed is not None and outer in parsed.lineage[:-1]


def at_or_inside(outer: str, inner: str) -> bool:
    """Whether `inner` is `outer` itself or a unit inside it ("64B" and "64B3" for "64B")."""
    return inner == outer or is_inside(outer, inner)


@lru_cache(maxsize=65536)  # ranking sorts the same few ids over and over
def id_sort_key(unit_id: str) -> tuple:
    """A sort key in document order: 64 < 64A < 64A1 < 64A2 < 64A10 < 64B, 71 < 71.1 < 71.2,
    40B2aiv < 40B2av; text that is no citation id goes last."""
    parsed = parse_id(unit_id)
    return parsed.sort_key() if parsed else (1000, unit_id)


def script_rule() -> dict[str, Any]:
    """The rule as the site's scripts read it (assets/bridgelaw/ids.js): the id's pattern and
    the level of each of its groups, the levels' label kinds, and the rule for queries."""
    levels = [{"name": level.name, "label": dict(level.kinds)} for level in LEVELS]
    keys = ("law_item_separator", "law_item_levels", "label_order", "law_numbers", "prefix",
            "query", "query_groups", "flags")
    return {"id": ID_PATTERN, "groups": list(ID_GROUPS), "levels": levels,
            **{key: RULE[key] for key in keys}}


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
