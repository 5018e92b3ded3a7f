"""Flowcharts drawn from the real trees: valid standalone SVG, linked, deterministic, and
readable on a 390-pixel phone in a real headless Chromium (no text below 12 CSS px)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from assistant.flowchart import (
    MAX_WIDTH,
    MIN_FONT_SIZE,
    render_flowchart_parts,
    render_flowchart_svg,
)
from assistant.links import cite_title, cite_url
from assistant.tree import load_trees
from tools.config import Config
from tools.model import Corpus, Law, Unit

TREES = load_trees(Config().assistant_dir / "trees")
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


def small_corpus() -> Corpus:
    """Law 64 in 2017 (Polish) and Law 62 in 1997 (Polish), as the snapshot has them."""
    law64 = Law(number=64, edition=2017, lang="pl", title="Postępowanie po uprawomocnieniu",
                sections=[Unit("64A", 1, "A", title="Automatyczne przekazanie lew",
                               children=[Unit("64A1", 2, "1", text="..."),
                                         Unit("64A2", 2, "2", text="...")]),
                          Unit("64C", 1, "C", title="Rekompensata szkody",
                               children=[Unit("64C1", 2, "1", text="...")])])
    law62 = Law(number=62, edition=1997, lang="pl", title="Poprawienie fałszywego renonsu",
                sections=[Unit("62A", 1, "A", text="...")])
    return Corpus(laws=[law64, law62])


CORPUS = small_corpus()


def test_cite_url_prefers_2017_then_1997_then_nothing() -> None:
    assert cite_url(CORPUS, "pl", "64A2") == "laws/2017/64/#64A2"
    assert cite_url(CORPUS, "pl", "64B7") == "laws/2017/64/#64B7"  # 2017 numbering is the cited one
    assert cite_url(CORPUS, "pl", "62A") == "laws/1997/62/#62A"
    assert cite_url(CORPUS, "pl", "62B2") == "laws/1997/62/"  # no such unit in the 1997 text
    assert cite_url(CORPUS, "en", "64A2") == ""
    assert cite_url(CORPUS, "pl", "45C4b") == ""
    assert cite_title(CORPUS, "pl", "64A2") == (
        "64. Postępowanie po uprawomocnieniu › Automatyczne przekazanie lew"
    )
    assert cite_title(CORPUS, "pl", "62A") == "62. Poprawienie fałszywego renonsu (1997)"


def parse(svg: str) -> ET.Element:
    assert not svg.lstrip().startswith("<?xml") and "<!DOCTYPE" not in svg
    assert "<!--" not in svg and "graphviz" not in svg.lower()
    return ET.fromstring(svg)


@pytest.mark.parametrize("tree_id", sorted(TREES))
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_chart_is_clean_svg_with_readable_fonts(tree_id: str, lang: str) -> None:
    charts = render_flowchart_parts(TREES[tree_id], lang, CORPUS, "/")
    tree = TREES[tree_id]
    drawn: set[str] = set()
    for number, chart in enumerate(charts, start=1):
        root = parse(chart.svg)
        assert root.get("id") == f"{tree_id}-{lang}-{number}"
        assert root.get("width") == f"{chart.width:g}px"
        assert chart.width <= MAX_WIDTH, f"{tree_id} part {number} is {chart.width}px wide"
        sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
        assert sizes and min(sizes) >= MIN_FONT_SIZE
        drawn.update(g.findtext(f"{SVG}title") for g in root.iter(f"{SVG}g")
                     if g.get("class") == "node")
    assert set(tree.nodes) <= drawn, f"nodes never drawn: {set(tree.nodes) - drawn}"


def test_revoke_chart_links_outcomes_and_continues() -> None:
    charts = render_flowchart_parts(TREES["revoke"], "pl", CORPUS, "/")
    svg = "".join(chart.svg for chart in charts)
    hrefs = re.findall(r'xlink:href="([^"]+)"', svg)
    assert "/laws/2017/64/#64A2" in hrefs and "/laws/2017/64/#64B1" in hrefs
    assert any(h == "/laws/1997/62/#62A" for h in hrefs)  # 62 exists only in 1997 here
    if len(charts) > 1:  # every "continued" box points at a chart that exists
        targets = {h[1:] for h in hrefs if h.startswith("#")}
        ids = {ET.fromstring(chart.svg).get("id") for chart in charts}
        assert targets and targets <= ids
    assert "Ile" in svg or "lewy" in svg  # Polish text with its diacritics kept
    assert "ą" in svg or "ę" in svg
    # outcomes are drawn differently from questions
    assert 'fill="#e3f1e6"' in svg and 'fill="#ffffff"' in svg


def test_render_is_deterministic() -> None:
    first = render_flowchart_svg(TREES["card-played"], "en", CORPUS, "/")
    second = render_flowchart_svg(TREES["card-played"], "en", CORPUS, "/")
    assert first == second


@pytest.mark.browser
def test_charts_readable_on_phone_in_chromium() -> None:
    from playwright.sync_api import sync_playwright

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
    with sync_playwright() as play:
        browser = play.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"],
        )
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
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
            browser.close()
    assert smallest >= MIN_FONT_SIZE
    assert all(abs(shown - natural) < 1 for shown, natural in widths)  # shown at natural size
    assert links > 10
    assert [url for url in requests if not url.startswith(("about:", "data:"))] == []
