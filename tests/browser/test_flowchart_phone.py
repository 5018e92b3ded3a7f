"""Flowcharts from the real trees, drawn in a real headless Chromium at 390x844: no text below
the minimum size, shown at natural width (scrolls sideways, never shrinks), linked, and no
request to any host."""

from __future__ import annotations

import pytest

from assistant.flowchart import render_flowchart_parts
from assistant.flowchart_dot import MIN_FONT_SIZE
from assistant.tree_load import load_trees
from helpers.flowchart_corpus import small_corpus
from tools.config import Config

TREES = load_trees(Config().assistant_dir / "trees")


CORPUS = small_corpus()


@pytest.mark.browser
def test_charts_readable_on_phone_in_chromium(browser: object) -> None:
    charts = [
        chart.svg
        for tree_id in ("revoke", "dummy-card-designation", "card-played")
        for chart in render_flowchart_parts(TREES[tree_id], "pl", CORPUS, "/")
    ]
    page_html = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'>"
        "<style>body{margin:8px} .box{overflow-x:auto}</style></head><body>"
        + "".join(f"<div class='box'>{svg}</div>" for svg in charts)
        + "</body></html>"
    )
    requests: list[str] = []
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        page.set_content(page_html)
        smallest = page.evaluate(
            "Math.min(...[...document.querySelectorAll('svg text')].map("
            "t => parseFloat(getComputedStyle(t).fontSize)"
            " * t.getScreenCTM().a))"
        )
        widths = page.evaluate(
            "[...document.querySelectorAll('svg.flowchart')].map("
            "s => [s.getBoundingClientRect().width, parseFloat(s.getAttribute('width'))])"
        )
        links = page.evaluate("document.querySelectorAll('svg a').length")
    finally:
        context.close()
    assert smallest >= MIN_FONT_SIZE
    assert all(abs(shown - natural) < 1 for shown, natural in widths)  # shown at natural size
    assert links > 10
    assert [url for url in requests if not url.startswith(("about:", "data:"))] == []
