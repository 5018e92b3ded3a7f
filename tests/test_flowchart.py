"""Flowcharts drawn from the real trees: valid standalone SVG, linked, deterministic, and
readable on a 390-pixel phone in a real headless Chromium (no text below 12 CSS px)."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

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

sys.path.insert(0, str(Path(__file__).resolve().parent / "data"))
from flowchart_corpus import small_corpus  # noqa: E402

TREES = load_trees(Config().assistant_dir / "trees")
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


CORPUS = small_corpus()


def test_cite_url_prefers_2017_then_1997_then_nothing() -> None:
    assert cite_url(CORPUS, "pl", "64A2") == "laws/2017/64/#64A2"
    assert cite_url(CORPUS, "pl", "64B7") == "laws/2017/64/#64B7"  # 2017 numbering is the cited one
    # the 1997 page without an anchor: the same id there can be a different rule
    assert cite_url(CORPUS, "pl", "62A") == "laws/1997/62/"
    assert cite_url(CORPUS, "pl", "62B2") == "laws/1997/62/"
    # every law has an English page (the Polish text under a notice when there is no English)
    assert cite_url(CORPUS, "en", "64A2") == "en/laws/2017/64/#64A2"
    assert cite_url(CORPUS, "en", "62A") == "en/laws/1997/62/"
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
    assert "/laws/1997/62/" in hrefs  # 62 exists only in 1997 here: the page, no anchor
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


def test_first_sentence_skips_abbreviations() -> None:
    """The outcome box shows the ruling's first sentence; "np." or "e.g." does not end it."""
    from assistant.flowchart import _first_sentence

    assert _first_sentence("Karta, np. as, zostaje. Dalej.") == "Karta, np. as, zostaje."
    assert _first_sentence("Play on, e.g. a heart. Then.") == "Play on, e.g. a heart."
    assert _first_sentence("Wybiera (zob. 54A). Potem.") == "Wybiera (zob. 54A)."
    assert _first_sentence("No stop at all") == "No stop at all"
