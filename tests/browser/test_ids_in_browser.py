"""The built site's page-script bundle takes citation ids apart as the build does: the cases of
tests/data/citation_ids_cases.json asked of window.bridgelawIds on a built page (the rule the
bundle carries and ids.js, in the bundle's order), as tests/test_citation_id_cases.py asks them
of the Python helpers and, with node, of the same script."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "tests" / "data" / "citation_ids_cases.json").read_text("utf-8"))
CASES_JS = (ROOT / "tests" / "js" / "id_cases.js").read_text(encoding="utf-8")


def test_the_bundle_answers_the_id_cases(browser, base_url: str) -> None:  # noqa: ANN001
    page = browser.new_page()
    try:
        page.goto(f"{base_url.rstrip('/')}/laws/2017/64/")
        page.wait_for_function("() => !!window.bridgelawIds")
        wrong = page.evaluate(
            "([source, cases]) => new Function(source + '\\nreturn checkIdCases;')()"
            "(window.bridgelawIds, cases)", [CASES_JS, CASES])
    finally:
        page.close()
    assert wrong == []
