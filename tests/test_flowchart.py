"""Flowcharts drawn from the real trees: valid standalone SVG, linked, deterministic, and
readable on a 390-pixel phone in a real headless Chromium (no text below 12 CSS px)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from assistant.flowchart import MAX_WIDTH, render_flowchart_parts, render_flowchart_svg
from assistant.flowchart_dot import MIN_FONT_SIZE, first_sentence
from assistant.links import cite_edition, cite_title, cite_url
from assistant.tree_load import load_trees
from helpers.flowchart_corpus import small_corpus
from tools.config import Config
from tools.normalize.outline import load_outline
from tools.urls import is_external

TREES = load_trees(Config().assistant_dir / "trees")
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


CORPUS = small_corpus()


def test_cite_url_is_the_2017_text_here_else_the_source_site_never_1997() -> None:
    assert cite_url(CORPUS, "pl", "64A2") == "laws/2017/64/#64A2"
    # every law has an English page (the Polish text under a notice when there is no English)
    assert cite_url(CORPUS, "en", "64A2") == "en/laws/2017/64/#64A2"
    assert cite_edition(CORPUS, "64A2") == 2017
    # 62 exists only in 1997 here, and the same id there can be another rule: the cite goes to
    # the 2017 page on the source site, never to the 1997 page
    assert cite_url(CORPUS, "pl", "62A") == "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p62.html"
    assert cite_url(CORPUS, "en", "62B2") == "https://www.pzbs.pl/sedziowie/mpb/2017/en/l62.html"
    assert cite_edition(CORPUS, "62A") is None
    # a unit the 2017 text here lacks is not in the build either
    assert is_external(cite_url(CORPUS, "pl", "64B7"))
    outline = load_outline(Config().outline_file)
    assert cite_title(CORPUS, "pl", "64A2") == (
        f"64. {outline.title(64, 'pl')} › Automatyczne przekazanie lew"
    )
    title = cite_title(CORPUS, "pl", "62A")  # the official title, the English one marked
    assert title.startswith("62. ") and "1997" not in title
    if not outline.title(62, "pl"):
        assert title == f"62. {outline.title(62, 'en')} [tytuł angielski: polskiego nie ma w " \
            "tej kompilacji]"


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
    assert "/laws/2017/64/#64A2" in hrefs and "/laws/2017/64/#64C1" in hrefs
    # a chart links only to 2017 text on this site: never to a 1997 page, never off the site
    assert not [h for h in hrefs if "/1997/" in h or h.startswith("http")]
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
    assert first_sentence("Karta, np. as, zostaje. Dalej.") == "Karta, np. as, zostaje."
    assert first_sentence("Play on, e.g. a heart. Then.") == "Play on, e.g. a heart."
    assert first_sentence("Wybiera (zob. 54A). Potem.") == "Wybiera (zob. 54A)."
    assert first_sentence("No stop at all") == "No stop at all"
