"""Phone views at 390x844 in headless Chromium: every tree's flowchart reads top to bottom with no
sideways scrolling (a screenshot of each into the screenshot folder outside the checkout, see
tests/browser/conftest.py), nodes not underlined, tap targets of at least 24 px; situation pages
answer first; the wizard's filter ranks the situation the reader named first; no list bullets
stray beside lists of links and buttons."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.tree_load import load_trees
from helpers.browser import PHONE
from tools.config import Config

pytestmark = pytest.mark.browser

TREES = sorted(load_trees(Config().assistant_dir / "trees"))
MIN_TAP = 24


@pytest.fixture
def tab(browser: object) -> Iterator[object]:
    """A 390x844 touch page."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def chart_pages(site_dir: Path) -> dict[tuple[str, str], str]:
    """(tree id, lang) -> a page of the site that shows that tree's flowchart."""
    pages: dict[tuple[str, str], str] = {}
    for path in sorted(site_dir.rglob("index.html")):
        rel = path.relative_to(site_dir).as_posix()
        lang = "en" if rel.startswith("en/") else "pl"
        for tree in re.findall(r'<figure class="flowchart" id="flowchart-([a-z0-9-]+)"',
                               path.read_text(encoding="utf-8")):
            pages.setdefault((tree, lang), rel.removesuffix("index.html"))
    return pages


def overflow(tab: object, selector: str) -> list[str]:
    """Elements under `selector` reaching past the right edge of the screen."""
    return tab.evaluate("""(selector) => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll(selector)]
            .filter(e => e.getBoundingClientRect().right > width + 0.5)
            .map(e => e.className || e.tagName);
    }""", selector)


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("tree", TREES)
def test_every_flowchart_fits_the_phone(tab, base_url, chart_pages, shot, tree, lang) -> None:
    path = chart_pages.get((tree, lang))
    assert path is not None, f"no page shows the flowchart of {tree} ({lang})"
    tab.goto(f"{base_url}{path}")
    figure = tab.locator(f'figure[id="flowchart-{tree}"]')
    assert figure.locator(".flow-question").count() >= 1
    width = tab.evaluate("document.documentElement.clientWidth")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width, "sideways scrolling"
    assert overflow(tab, f'figure[id="flowchart-{tree}"] *') == []
    # boxes and answers are text, not underlined links; the cite chips are bordered, not underlined
    decorations = tab.evaluate("""(id) => [...document.getElementById(id).querySelectorAll(
        '.flow-text, .flow-answer, .flow-meta, .flow-cite, .flow-goto a')]
        .map(e => getComputedStyle(e).textDecorationLine)""", f"flowchart-{tree}")
    assert set(decorations) == {"none"}, set(decorations)
    small = tab.evaluate("""([id, least]) => [...document.getElementById(id).querySelectorAll('a')]
        .map(a => a.getBoundingClientRect())
        .filter(r => r.width < least || r.height < least)
        .map(r => [r.width, r.height])""", [f"flowchart-{tree}", MIN_TAP])
    assert small == [], small
    # top to bottom: each question box starts below the one before it in reading order
    tops = tab.evaluate("""(id) => [...document.getElementById(id)
        .querySelectorAll('.flow-question')].map(e => e.getBoundingClientRect().top)""",
                        f"flowchart-{tree}")
    assert tops == sorted(tops)
    figure.scroll_into_view_if_needed()
    shot(tab, f"flowchart-{tree}-{lang}-390x844")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_situation_page_gives_the_answer_first(tab, base_url, lang) -> None:
    prefix = "" if lang == "pl" else "en/"
    tab.goto(f"{base_url}{prefix}situations/revoke-offender-won-trick/")
    headings = tab.locator("article h2").all_inner_texts()
    assert headings[0] == ("Krótka odpowiedź" if lang == "pl" else "Short answer")
    answer = tab.locator(".situation-answer").bounding_box()
    assert answer is not None and answer["y"] < PHONE["height"] / 2, answer
    assert headings[-1] == ("Jak gracze to opisują" if lang == "pl" else "How players put it")


@pytest.mark.parametrize("query, first", [
    ("wist z niewlasciwej reki", "Pierwsze wyjście z niewłaściwej ręki"),  # a phrase, exactly
    ("pierwsze wyjscie z niewlasciwej reki", "Pierwsze wyjście z niewłaściwej ręki"),
    ("dziadek podejrzal karty obroncy", "Dziadek podejrzał karty obrońcy"),
    ("renons uprawomocniony", "Renons uprawomocniony, wykraczający wziął tę lewę"),
])
def test_wizard_filter_ranks_the_named_situation_first(tab, base_url, site_dir, query,
                                                        first) -> None:
    data = json.loads((site_dir / "assets/assistant/assistant.json").read_text("utf-8"))
    assert first in [s["title"]["pl"] for s in data["situations"]]
    tab.goto(f"{base_url}wizard/")
    tab.wait_for_selector("#wizard[data-ready=true]")
    tab.fill("#wizard-filter", query)
    shown = tab.locator(".wizard-situations li:not([hidden]) button").all_inner_texts()
    assert shown and shown[0] == first, shown[:4]


def test_situation_list_filter_ranks_within_its_group(tab, base_url) -> None:
    tab.goto(f"{base_url}situations/")
    tab.fill("#situation-filter", "wist z niewlasciwej reki")
    shown = tab.locator(".situation-group:not([hidden]) li:not([hidden]) .situation-link")
    assert "Pierwsze wyjście z niewłaściwej ręki" in shown.all_inner_texts()


@pytest.mark.parametrize("path", ["", "situations/", "wizard/", "laws/", "laws/2017/64/",
                                  "situations/revoke-offender-won-trick/", "en/situations/"])
def test_no_stray_bullets_and_no_sideways_scrolling(tab, base_url, path) -> None:
    tab.goto(f"{base_url}{path}")
    if path.endswith("wizard/"):
        tab.wait_for_selector("#wizard[data-ready=true]")
    width = tab.evaluate("document.documentElement.clientWidth")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    # lists of links and buttons carry no bullets (a bullet sat beside the last line of a
    # wrapped link, far from its start)
    marked = tab.evaluate("""() => [...document.querySelectorAll(
        '.situation-group li, .wizard-situations li, .wizard-trees li, .flow li')]
        .filter(li => getComputedStyle(li).display === 'list-item'
                      && getComputedStyle(li).listStyleType !== 'none')
        .map(li => li.textContent.slice(0, 40))""")
    assert marked == [], marked[:5]
    # any other bulleted item starts on its first line: its marker sits by its first words
    stray = tab.evaluate("""() => [...document.querySelectorAll('article li')]
        .filter(li => li.offsetParent && getComputedStyle(li).listStyleType !== 'none'
                      && getComputedStyle(li).display === 'list-item')
        .filter(li => {
            const first = li.firstElementChild;
            if (!first || getComputedStyle(first).display !== 'inline-block') return false;
            const line = parseFloat(getComputedStyle(li).lineHeight);
            return first.getBoundingClientRect().height > 1.6 * line;
        }).map(li => li.textContent.slice(0, 40))""")
    assert stray == [], stray[:5]


def test_a_jump_to_a_clause_shows_the_sentence_it_completes(tab, base_url) -> None:
    """50D2a completes 50D2's "Rozgrywający może:": reached by its anchor on a phone, the
    clause stands below the sticky header with that sentence above it, both on screen."""
    tab.goto(f"{base_url}/laws/2017/50/#50D2a")
    tab.wait_for_load_state("load")
    tab.wait_for_function("() => document.getElementById('50D2').getBoundingClientRect().top > 0")
    header = tab.eval_on_selector(".md-header", "e => e.getBoundingClientRect().bottom")
    lead = tab.eval_on_selector("[id='50D2']", "e => e.getBoundingClientRect().top")
    clause = tab.eval_on_selector("[id='50D2a']", "e => e.getBoundingClientRect()")
    assert header <= lead < clause["top"], (header, lead, clause)
    assert clause["bottom"] <= PHONE["height"], clause
    assert "leads" in tab.get_attribute("[id='50D2']", "class")
    # a row whose text leads into nothing is not marked
    assert "leads" not in tab.get_attribute("[id='50D2a']", "class")
    # 64B3 stands two clauses below 64B's sentence: it keeps its place at the top
    tab.goto(f"{base_url}/laws/2017/64/#64B3")
    tab.wait_for_load_state("load")
    tab.wait_for_timeout(200)
    clause = tab.eval_on_selector("[id='64B3']", "e => e.getBoundingClientRect().top")
    assert header - 1 <= clause < PHONE["height"] / 2, clause
