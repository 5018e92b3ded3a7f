"""The one place that takes a citation id apart (tools/normalize/citation_id.py)."""

from __future__ import annotations

import pytest

from tools.normalize.citation_id import (
    at_or_inside,
    id_parts,
    id_sort_key,
    is_inside,
    law_number,
    lineage,
    names_a_law,
)


@pytest.mark.parametrize(("unit_id", "parts"), [
    ("64", ("64",)),
    ("64B3", ("64", "B", "3")),
    ("50D2a", ("50", "D", "2", "a")),
    ("50D2a1", ("50", "D", "2", "a", "1")),
    ("40B2aiv", ("40", "B", "2", "a", "iv")),
    ("71.1", ("71", "1")),
    ("71.1a", ("71", "1", "a")),
])
def test_id_parts_and_lineage(unit_id: str, parts: tuple[str, ...]) -> None:
    assert id_parts(unit_id) == parts
    assert lineage(unit_id)[-1] == unit_id
    assert len(lineage(unit_id)) == len(parts)


def test_lineage() -> None:
    assert lineage("64B3") == ["64", "64B", "64B3"]
    assert lineage("71.1") == ["71", "71.1"]
    assert lineage("40B2aiv") == ["40", "40B", "40B2", "40B2a", "40B2aiv"]


@pytest.mark.parametrize("text", ["", "B3", "64b3", "64B3aa", "711", "Law 64"])
def test_no_id_has_no_parts(text: str) -> None:
    with pytest.raises(ValueError):
        id_parts(text)


def test_law_number() -> None:
    assert law_number("71.1") == 71 and law_number("64B3") == 64
    with pytest.raises(ValueError):
        law_number("B3")


def test_document_order() -> None:
    ids = ["64B", "64A10", "71.2", "64", "64A2", "40B2av", "64A1", "71", "40B2aiv", "71.1",
           "64A", "40B2a", "x"]
    assert sorted(ids, key=id_sort_key) == [
        "40B2a", "40B2aiv", "40B2av", "64", "64A", "64A1", "64A2", "64A10", "64B",
        "71", "71.1", "71.2", "x"]


def test_is_inside() -> None:
    assert is_inside("64A", "64A1") and is_inside("64", "64A1") and is_inside("71", "71.1")
    assert is_inside("40B2a", "40B2aiv") and is_inside("50D2a", "50D2a1")
    assert not is_inside("64B1", "64B10") and not is_inside("6", "64")
    assert not is_inside("64A", "64A") and not is_inside("64A1", "64A")
    assert not is_inside("40B2ai", "40B2aii")
    # ... and the id itself as well, for "this clause or one of its sub-clauses"
    assert at_or_inside("64A", "64A") and at_or_inside("64A", "64A1") and at_or_inside("64", "64B3")
    assert not at_or_inside("64A1", "64A") and not at_or_inside("64B1", "64B10")


def test_is_law_id() -> None:
    for good in ("64", "64B3", "80B2k", "71.1", "40B2aiv", "93"):
        assert names_a_law(good), good
    for bad in ("0", "94", "064", "64b3", "B3", ""):
        assert not names_a_law(bad), bad
