"""The concordance of 1997 and 2017 ids (tools/data/concordance_1997_2017.json): which 1997 unit
answers to a 2017 one, so that 1997 text is offered only as "the 1997 counterpart", never by id."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.normalize.citation_id import is_citation_id, lineage
from tools.yaml_data import read_data_file

CONCORDANCE_FILE = Path(__file__).resolve().parents[1] / "data" / "concordance_1997_2017.json"


@dataclass(frozen=True)
class Pair:
    """One fact of the concordance: a 1997 id and a 2017 id on the same matter (None: none)."""

    old: str | None
    new: str | None
    uncertain: bool = False
    note: str = ""


@dataclass(frozen=True)
class Counterpart:
    """The 1997 counterpart of a 2017 id: the 1997 id, how sure, and through which 2017 id
    (`via` is the 2017 id itself, or the parent whose pair is used)."""

    id: str
    via: str
    uncertain: bool
    note: str


@dataclass(frozen=True)
class Concordance:
    """All pairs, with the laws they cover."""

    pairs: tuple[Pair, ...]
    first: int
    last: int

    def covers(self, number: int) -> bool:
        """Whether law `number` is in the laws the concordance was written for."""
        return self.first <= number <= self.last

    def _lookup(self, unit_id: str, new: bool) -> list[Pair]:
        return [pair for pair in self.pairs if (pair.new if new else pair.old) == unit_id]

    def counterparts_1997(self, unit_id: str) -> list[Counterpart]:
        """The 1997 counterparts of a 2017 id, from its own pairs or else its nearest listed
        parent's ([] when it is new in 2017 or outside the laws covered)."""
        for via in _self_and_parents(unit_id):
            pairs = self._lookup(via, new=True)
            if pairs:
                return [Counterpart(p.old, via, p.uncertain, p.note) for p in pairs if p.old]
        return []

    def new_in_2017(self, unit_id: str) -> Pair | None:
        """The pair that marks a 2017 id (or its nearest listed parent) as new, if any."""
        for via in _self_and_parents(unit_id):
            pairs = self._lookup(via, new=True)
            if pairs:
                return next((p for p in pairs if p.old is None), None)
        return None

    def counterparts_2017(self, unit_id: str) -> list[Pair]:
        """The pairs of a 1997 id (or its nearest listed parent): its 2017 counterparts."""
        for via in _self_and_parents(unit_id):
            pairs = self._lookup(via, new=False)
            if pairs:
                return pairs
        return []


def _self_and_parents(unit_id: str) -> list[str]:
    """The id and the ids it hangs from, nearest first ("64B3" -> 64B3, 64B, 64; "71.1" -> 71)."""
    return lineage(unit_id)[::-1] if is_citation_id(unit_id) else []


def _fail(where: str, message: str) -> SourceError:
    return SourceError(where, f"malformed concordance: {message}")


def parse_concordance(data: Any, where: str) -> Concordance:
    """Check the decoded JSON's shape; SourceError naming `where` when it is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("pairs"), list):
        raise _fail(where, "expected an object with a 'pairs' list")
    laws = data.get("laws")
    if not (isinstance(laws, list) and len(laws) == 2 and all(isinstance(n, int) for n in laws)):
        raise _fail(where, "'laws' must be [first, last]")
    pairs: list[Pair] = []
    seen: set[tuple[str | None, str | None]] = set()
    for index, entry in enumerate(data["pairs"]):
        if not isinstance(entry, dict):
            raise _fail(where, f"pair #{index} is not an object")
        old, new = entry.get("1997"), entry.get("2017")
        for value in (old, new):
            if value is not None and not (isinstance(value, str) and is_citation_id(value)):
                raise _fail(where, f"pair #{index}: {value!r} is not a citation id")
        if old is None and new is None:
            raise _fail(where, f"pair #{index} names no id")
        if (old, new) in seen:
            raise _fail(where, f"pair #{index} ({old} - {new}) appears twice")
        seen.add((old, new))
        uncertain, note = entry.get("uncertain", False), entry.get("note", "")
        if not isinstance(uncertain, bool) or not isinstance(note, str):
            raise _fail(where, f"pair #{index}: 'uncertain' is true/false, 'note' a string")
        pairs.append(Pair(old, new, uncertain, note))
    return Concordance(tuple(pairs), laws[0], laws[1])


def load_concordance(path: Path = CONCORDANCE_FILE) -> Concordance:
    """Read and check the concordance file (SourceError naming the file when it is broken)."""
    text = read_data_file(Path(path), "concordance")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SourceError(str(path), f"not valid JSON (line {error.lineno})") from error
    return parse_concordance(data, str(path))
