"""One table of citation-id cases (tests/data/citation_ids_cases.json) answered alike by the
Python helpers (tools/normalize/citation_id.py) and by the browser's (assets/bridgelaw/ids.js,
run here with node; tests/browser/test_ids_in_browser.py runs it in Chromium on the built site)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools.normalize.citation_id import (
    child_id,
    id_parts,
    id_sort_key,
    is_citation_id,
    is_inside,
    law_of,
    lineage,
    names_a_law,
    parse_citation_query,
    parse_id,
)
from tools.site.scripts import ids_source

ROOT = Path(__file__).resolve().parents[1]
CASES: dict[str, Any] = json.loads(
    (ROOT / "tests" / "data" / "citation_ids_cases.json").read_text(encoding="utf-8"))
IDS_JS = ROOT / "site_overrides" / "assets" / "bridgelaw" / "ids.js"
CASES_JS = ROOT / "tests" / "js" / "id_cases.js"


def _or_none(helper: Any, text: str) -> Any:
    """What a helper that raises on no id answers, None for the raise (as ids.js's null)."""
    try:
        return list(helper(text))
    except ValueError:
        return None


@pytest.mark.parametrize("case", CASES["ids"], ids=lambda case: repr(case["id"]))
def test_an_id_taken_apart(case: dict[str, Any]) -> None:
    text, valid = case["id"], case["valid"]
    assert is_citation_id(text) is valid
    assert names_a_law(text) is case["names_a_law"]
    assert _or_none(id_parts, text) == (case["parts"] if valid else None)
    assert _or_none(lineage, text) == (case["lineage"] if valid else None)
    assert law_of(text) == case["law"]
    parsed = parse_id(text)
    assert (parsed.up_to("section") if parsed else None) == case.get("section")


@pytest.mark.parametrize(("outer", "inner", "inside"), CASES["inside"])
def test_is_inside(outer: str, inner: str, inside: bool) -> None:
    assert is_inside(outer, inner) is inside


def test_document_order() -> None:
    order = CASES["order"]
    for shuffled in (order[::-1], order[1::2] + order[::2]):
        assert sorted(shuffled, key=id_sort_key) == order


@pytest.mark.parametrize(("parent", "label", "child"), CASES["children"])
def test_child_id(parent: str, label: str, child: str) -> None:
    assert child_id(parent, label) == child


@pytest.mark.parametrize(("query", "cited"), CASES["queries"])
def test_query(query: str, cited: str | None) -> None:
    assert parse_citation_query(query) == cited


def js_program(check: str) -> str:
    """The browser's id rule and ids.js as the bundle has them, then the cases' check, `check`
    (a statement that uses checkIdCases and CASES), for a JavaScript runtime without a page."""
    return "\n".join([
        "var window = globalThis;", ids_source(), IDS_JS.read_text(encoding="utf-8"),
        CASES_JS.read_text(encoding="utf-8"), f"var CASES = {json.dumps(CASES)};", check])


@pytest.mark.skipif(shutil.which("node") is None,
                    reason="node is not installed: tests/browser/test_ids_in_browser.py asks "
                           "the same cases in Chromium")
def test_ids_js_answers_the_same_table() -> None:
    """ids.js, with the rule the build writes into the bundle, gives every answer above."""
    program = js_program("console.log(JSON.stringify(checkIdCases(window.bridgelawIds, CASES)));")
    run = subprocess.run([shutil.which("node") or "node", "-"], input=program, text=True,
                         capture_output=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []
