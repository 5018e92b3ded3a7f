"""The concordance of 1997 and 2017 ids: every id exists in its edition, every unit of Laws 41-71
is covered, and the known renumberings are there (tools/data/concordance_1997_2017.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.config import Config
from tools.errors import SourceError
from tools.normalize.concordance import load_concordance, parse_concordance
from tools.normalize.outline import load_outline

ROOT = Path(__file__).resolve().parents[1]
CONCORDANCE = load_concordance()
OUTLINE = load_outline(Config().outline_file)
LAWS = range(CONCORDANCE.first, CONCORDANCE.last + 1)


def _walk(units: list[dict]) -> list[str]:
    return [i for u in units for i in [u["id"], *_walk(u.get("children", []))]]


def ids_1997() -> set[str]:
    """Every 1997 id of the bundled chapter capture, from its reviewed golden model."""
    model = json.loads(next((ROOT / "tests/golden/model").glob("000_*.json")).read_text("utf-8"))
    assert {law["edition"] for law in model} == {1997}
    return {i for law in model for i in [str(law["number"]), *_walk(law["sections"])]}


def test_covers_chapter_vi() -> None:
    assert (CONCORDANCE.first, CONCORDANCE.last) == (41, 71)


def test_every_id_exists_in_its_edition() -> None:
    old, new = ids_1997(), OUTLINE.all_ids()
    for pair in CONCORDANCE.pairs:
        assert pair.old is None or pair.old in old, f"1997 {pair.old} is not in the 1997 text"
        assert pair.new is None or pair.new in new, f"2017 {pair.new} is not in the 2017 outline"


def test_every_unit_of_both_editions_is_covered() -> None:
    """Each id of Laws 41-71 has a counterpart, is marked new or removed, or takes its parent's."""
    for unit_id in sorted(ids_1997()):
        assert CONCORDANCE.counterparts_2017(unit_id), f"1997 {unit_id} is not in the concordance"
    for number in LAWS:
        for unit_id in [str(number), *OUTLINE.ids(number)]:
            known = CONCORDANCE.counterparts_1997(unit_id) or CONCORDANCE.new_in_2017(unit_id)
            assert known, f"2017 {unit_id} is not in the concordance"


def test_every_law_pairs_with_the_same_law() -> None:
    for number in LAWS:
        assert [c.id for c in CONCORDANCE.counterparts_1997(str(number))] == [str(number)]


@pytest.mark.parametrize(
    ("new", "olds"),
    [
        ("63B", ["63C"]),  # a revoke established may not be corrected: not 1997 63B
        ("63A4", ["63A3"]),
        ("53B", ["53C"]), ("53C", ["53B"]),  # B and C change places
        ("70B2", ["70B3"]), ("70B3", ["70B2"]),
        ("57A4", ["57A3"]),  # forbid a card of another suit
        ("71.1", ["71A"]),
        ("64B3", ["64B3"]),
        ("64C1", ["64C"]),
        ("45C4a", ["45C4a"]),  # an item of a paired section that is not listed: its own pair
    ],
)
def test_known_counterparts(new: str, olds: list[str]) -> None:
    assert [c.id for c in CONCORDANCE.counterparts_1997(new)] == olds


@pytest.mark.parametrize("new", ["57A3", "62C3", "64B7", "64B8", "43A3", "64C2a"])
def test_new_in_2017(new: str) -> None:
    assert CONCORDANCE.counterparts_1997(new) == []
    assert CONCORDANCE.new_in_2017(new) is not None


def test_1997_63b_has_no_2017_counterpart_and_is_marked_uncertain() -> None:
    pairs = CONCORDANCE.counterparts_2017("63B")
    assert [(p.new, p.uncertain) for p in pairs] == [(None, True)]


def test_uncertain_pairs_are_marked_and_say_why() -> None:
    uncertain = [p for p in CONCORDANCE.pairs if p.uncertain]
    assert uncertain and all(p.note for p in uncertain)
    assert all(p.note for p in CONCORDANCE.pairs if p.old != p.new)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"laws": [41, 71], "pairs": [{"1997": "711", "2017": "71.1"}]}, "not a citation id"),
        ({"laws": [41, 71], "pairs": [{"1997": None, "2017": None}]}, "names no id"),
        ({"laws": [41, 71], "pairs": [{"1997": "63C", "2017": "63B"}] * 2}, "appears twice"),
        ({"pairs": []}, "'laws'"),
        ({"laws": [41, 71], "pairs": [{"1997": "63C", "2017": "63B", "uncertain": "yes"}]},
         "'uncertain'"),
    ],
)
def test_malformed_concordance_is_reported(data: dict, message: str) -> None:
    with pytest.raises(SourceError, match=message):
        parse_concordance(data, "inline")
