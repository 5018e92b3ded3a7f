"""Acknowledged differences between the Polish and English texts: a small reviewed data file
(tools/data/translation_acks.yaml), each entry with its reason, so the check stops showing them.

An entry names the finding exactly: edition, unit and kind, and for citations, numbers and
terms what only each language has. When the texts change so the finding changes, the entry no
longer covers it and the check shows it again (and lists the entry as unused).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.model import Finding
from tools.normalize.citation_id import LAW_NUMBERS, is_citation_id, is_footnote_id, law_of
from tools.yaml_data import YAMLError, load_yaml

ACK_KINDS = ("missing", "split", "citation", "number", "term", "length")
_VALUED = ("citation", "number", "term")  # an entry must say which values it covers
_FIELDS = {"edition", "unit", "kind", "only_pl", "only_en", "other", "reason", "reviewed"}
_REQUIRED = ("unit", "kind", "reason", "reviewed")


@dataclass(frozen=True)
class Ack:
    """One acknowledged finding and why it is expected."""

    edition: int
    unit: str
    kind: str
    reason: str
    reviewed: str  # who reviewed it and when
    only_pl: tuple[str, ...] | None = None  # None: any values (kinds without values)
    only_en: tuple[str, ...] | None = None
    other: str = ""  # split: the host unit, when the entry pins it

    @property
    def law(self) -> int:
        """The law the acknowledged unit belongs to."""
        return law_of(self.unit) or 0

    def covers(self, finding: Finding) -> bool:
        """Whether this entry acknowledges the finding."""
        if (finding.edition, finding.unit, finding.kind) != (self.edition, self.unit, self.kind):
            return False
        if self.other and finding.other != self.other:
            return False
        if self.only_pl is not None and sorted(self.only_pl) != sorted(finding.only_pl):
            return False
        return self.only_en is None or sorted(self.only_en) == sorted(finding.only_en)


def _strings(value: Any, where: str, name: str) -> tuple[str, ...]:
    """A list field of an entry as strings (numbers written bare become strings)."""
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        raise SourceError(where, f"{name} must be a list of strings, got {value!r}")
    return tuple(str(v) for v in value)


def ack_from_dict(data: Any, where: str) -> Ack:
    """One validated entry of the acknowledgements file."""
    if not isinstance(data, dict):
        raise SourceError(where, f"an entry must be a mapping, got {type(data).__name__}")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise SourceError(where, f"unknown field(s) {', '.join(unknown)}")
    missing = [key for key in _REQUIRED if not str(data.get(key, "")).strip()]
    if missing:
        raise SourceError(where, f"missing {', '.join(missing)} (every entry says why, and who "
                                 "reviewed it when)")
    unit, kind = str(data["unit"]), str(data["kind"])
    if not (is_citation_id(unit) or is_footnote_id(unit)) or law_of(unit) not in LAW_NUMBERS:
        raise SourceError(where, f"unit {unit!r} is not a unit id (64, 64B3, 71.1, 64* for a "
                                 "footnote)")
    if kind not in ACK_KINDS:
        raise SourceError(where, f"kind {kind!r} is not one of {', '.join(ACK_KINDS)}")
    only_pl = _strings(data["only_pl"], where, "only_pl") if "only_pl" in data else None
    only_en = _strings(data["only_en"], where, "only_en") if "only_en" in data else None
    if kind in _VALUED and not (only_pl or only_en):
        raise SourceError(where, f"a {kind} entry names what only each language has (only_pl, "
                                 "only_en), so it cannot hide a later, different difference")
    edition = data.get("edition", 2017)
    if edition not in (1997, 2017):
        raise SourceError(where, f"edition must be 1997 or 2017, got {edition!r}")
    return Ack(edition, unit, kind, str(data["reason"]).strip(), str(data["reviewed"]).strip(),
               only_pl, only_en, str(data.get("other", "")))


def parse_acks(text: str, source: str) -> list[Ack]:
    """The validated entries of an acknowledgements YAML text (an empty list is fine)."""
    try:
        data = load_yaml(text)
    except YAMLError as error:
        raise SourceError(source, f"not valid YAML: {error}") from None
    if data is None:
        return []
    if not isinstance(data, list):
        raise SourceError(source, "the acknowledgements must be a list of entries")
    acks = [ack_from_dict(entry, f"{source}: entry {n}") for n, entry in enumerate(data, 1)]
    seen: set[Ack] = set()
    for n, ack in enumerate(acks, 1):
        if ack in seen:
            raise SourceError(f"{source}: entry {n}", "repeats an earlier entry")
        seen.add(ack)
    return acks


def load_acks(path: Path) -> list[Ack]:
    """The acknowledgements file's entries; a missing file holds none."""
    if not path.exists():
        return []
    return parse_acks(path.read_text(encoding="utf-8"), str(path))


def apply_acks(findings: list[Finding], acks: list[Ack], checked: set[tuple[int, int]]
               ) -> tuple[list[Finding], list[Ack]]:
    """The findings in the same order, those an entry covers marked with its reason, and the
    entries of checked laws that covered nothing."""
    marked: list[Finding] = []
    used: set[Ack] = set()
    for finding in findings:
        ack = next((a for a in acks if a.covers(finding)), None)
        if ack is not None:
            used.add(ack)
            finding = replace(finding, acknowledged=ack.reason)
        marked.append(finding)
    unused = [a for a in acks if a not in used and (a.edition, a.law) in checked]
    return marked, unused
