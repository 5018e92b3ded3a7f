"""The built site in headless Chromium at 390x844 (touch) and 1280x800, in both languages."""

from __future__ import annotations

import json
import re

import pytest

from helpers.site_build import SYNTHETIC
from tools.model import find_unit, unit_ids
from tools.normalize.citation_id import law_number
from tools.urls import DEFAULT_LANG, glossary_url, lang_root, law_path, situation_path

pytestmark = [pytest.mark.browser, pytest.mark.network]

LANG_PREFIX = {"pl": "", "en": "en/"}


def _in_viewport(page: object, selector: str) -> dict:
    """Where the element is relative to the viewport and below Material's sticky header."""
    return page.evaluate(
        """(sel) => {
            const el = document.querySelector(sel);
            const r = el.getBoundingClientRect();
            const header = document.querySelector('.md-header').getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, headerBottom: header.bottom,
                    height: window.innerHeight, visible: r.height > 0 && r.width > 0};
        }""",
        selector,
    )


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_law_page(page, base_url, lang, shot, corpus):
    """Law 64 (2017): the right lang attribute, the edition and source stated, every unit of the
    corpus anchored by its citation id, previous/next law links."""
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/2017/64/")
    assert page.get_attribute("html", "lang") == lang
    assert page.locator("h1").inner_text().startswith("Przepis 64" if lang == "pl" else "Law 64")
    meta = page.locator(".law-meta").inner_text()
    assert "2017" in meta
    assert "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p64.html" in page.content() or lang == "en"
    assert "2026-11-22" in meta
    polish = corpus.law(2017, "pl", 64)
    ids = page.eval_on_selector_all(".law-text .row[id]", "rows => rows.map(r => r.id)")
    assert ids == unit_ids(polish)
    prev_link = page.locator(".law-nav a.prev")
    assert prev_link.get_attribute("href") == "../50/"
    assert page.locator(".law-nav a.next").count() == 0  # 64 is the last 2017 law in the build
    shot(page, f"law64-{lang}-{page.viewport_size['width']}")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_deep_link_64B3(page, base_url, lang, shot):
    """#64B3 lands on the unit, visible below the sticky header, highlighted."""
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/2017/64/#64B3")
    page.wait_for_timeout(200)
    box = _in_viewport(page, '[id="64B3"]')
    assert box["visible"]
    assert box["top"] >= box["headerBottom"] - 1, box
    assert box["top"] < box["height"] / 2, box
    text = page.locator('[id="64B3"] .cell.main').inner_text()
    if lang == "pl" or page.locator('[id="64B3"] .cell.main[lang=pl]').count():
        assert "niezagranie karty przygwożdżonej" in text
    background = page.eval_on_selector('[id="64B3"]', "el => getComputedStyle(el).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    shot(page, f"deeplink-64B3-{lang}-{page.viewport_size['width']}")


def test_side_by_side_on_wide_one_language_on_phone(browser, base_url, shot):
    """At 1280 both languages show, each row's two cells start at the same height; at 390 only
    the page's own language shows."""
    for viewport, both in (({"width": 1280, "height": 800}, True),
                           ({"width": 390, "height": 844}, False)):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(f"{base_url}en/laws/2017/64/#64B")
        rows = page.eval_on_selector_all(
            ".law-text .row[id]",
            """rows => rows.map(r => {
                const main = r.querySelector('.cell.main'), other = r.querySelector('.cell.other');
                return {id: r.id, mainTop: main.getBoundingClientRect().top,
                        otherTop: other ? other.getBoundingClientRect().top : null,
                        otherShown: !!other && getComputedStyle(other).display !== 'none',
                        mainLang: main.lang, otherLang: other ? other.lang : null};
            })""",
        )
        assert rows
        for row in rows[1:]:  # the law's own row may have no text in either language
            assert row["otherShown"] is both, row
            assert row["mainLang"] == "en" and row["otherLang"] == "pl"
            if both:
                assert abs(row["mainTop"] - row["otherTop"]) < 2, row
        shot(page, f"side-by-side-{viewport['width']}")
        context.close()


@pytest.mark.parametrize("how", ["header-menu", "page-link"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_language_switch_keeps_place(page, base_url, lang, how, shot):
    """Scrolled to a unit, the language switch (the header's menu, always on screen, or the link
    under the title) opens the other language at that unit, on screen."""
    other = "en" if lang == "pl" else "pl"
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/2017/64/")
    page.eval_on_selector('[id="64B4"]', """el => { el.scrollIntoView({block: 'start'});
        window.scrollBy(0, -document.querySelector('.md-header').offsetHeight); }""")
    page.wait_for_timeout(100)
    current = page.evaluate(
        """() => { const top = document.querySelector('.md-header').getBoundingClientRect().bottom;
                   return [...document.querySelectorAll('.law-text .row[id]')]
                     .find(r => r.getBoundingClientRect().bottom > top + 4).id; }"""
    )
    assert current.startswith("64B"), current  # well into the law, not its top
    with page.expect_navigation():
        if how == "header-menu":
            # by coordinates: Playwright's own hover/click would scroll the page first
            button = page.locator(".md-header .md-select").first.bounding_box()
            page.mouse.move(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
            page.wait_for_timeout(300)
            item = page.locator(f'.md-header .md-select a[hreflang="{other}"]').bounding_box()
            page.mouse.click(item["x"] + item["width"] / 2, item["y"] + item["height"] / 2)
        else:
            page.evaluate("document.querySelector('a.lang-switch').click()")
    assert page.url == f"{base_url}{LANG_PREFIX[other]}laws/2017/64/#{current}"
    assert page.get_attribute("html", "lang") == other
    page.wait_for_timeout(200)
    box = _in_viewport(page, f'[id="{current}"]')
    assert box["headerBottom"] - 1 <= box["top"] < box["height"] / 2, box
    shot(page, f"switched-{lang}-to-{other}-{how}-{page.viewport_size['width']}")


def _first_xref(page: object) -> tuple[str, str]:
    link = page.locator("a.xref[data-ref]").first
    return link.get_attribute("data-ref"), link.get_attribute("href")


@pytest.mark.parametrize("path", ["laws/2017/45/", "en/laws/2017/64/"])
def test_cross_reference_preview(page, base_url, path, shot, corpus):
    """Hover (wide) or tap (phone) on a cross-reference shows the cited unit's text from the data
    embedded in the page; on a phone the first tap previews and the preview's link goes there."""
    requests: list[str] = []
    page.goto(base_url + path, wait_until="networkidle")
    page.on("request", lambda request: requests.append(request.url))
    target, href = _first_xref(page)
    link = page.locator(f'a.xref[data-ref="{target}"]').first
    link.scroll_into_view_if_needed()
    touch = page.viewport_size["width"] < 500
    if touch:
        link.tap()
    else:
        link.hover()
    pop = page.locator(".xref-pop")
    pop.wait_for(state="visible", timeout=2000)
    text = pop.inner_text()
    law = corpus.law(2017, "pl", law_number(target))
    unit = find_unit(law, target) if target != law.id else None
    expected = (unit.title or unit.text) if unit is not None else law.title
    if path.startswith("en/"):  # the English page of Law 64 is the synthetic one
        expected = f"{SYNTHETIC} heading {target}" if unit.title else f"{SYNTHETIC} unit {target}"
    assert target in text
    assert expected[:40] in text.replace("\n", " ")
    # the tab's icon, which the browser may fetch at any moment, is not the preview's
    icons = page.eval_on_selector_all("link[rel~='icon']", "links => links.map(l => l.href)")
    fetched = [url for url in requests if url not in icons]
    assert fetched == [], "the preview must come from the page, not the network"
    shot(page, f"preview-{path.replace('/', '_')}-{page.viewport_size['width']}")
    if touch:
        assert page.url == base_url + path  # the first tap only previewed
        with page.expect_navigation():
            page.locator(".xref-pop a.xref-go").tap()
        assert page.url.endswith(f"#{target}")
        assert page.url.split("#")[0].endswith(href.split("#")[0].lstrip("./").rstrip("/") + "/")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_edition_compare(page, base_url, lang, shot):
    """Law 64 compared: rows for both editions, words marked removed and added, links to the
    units of both editions."""
    page.goto(f"{base_url}{LANG_PREFIX[lang]}compare/64/")
    assert page.get_attribute("html", "lang") == lang
    rows = page.locator(".compare .crow:not(.heads)")
    assert rows.count() >= 10
    assert page.locator(".compare del").count() > 0
    assert page.locator(".compare ins").count() > 0
    assert page.locator("#c64B3").count() == 1
    link = page.locator("#c64B3 .ccell a.unit-id").last
    assert link.inner_text() == "64B3"
    with page.expect_navigation():
        link.click()
    assert page.url.endswith("laws/2017/64/#64B3")
    page.go_back()
    shot(page, f"compare64-{lang}-{page.viewport_size['width']}")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_table_of_contents_and_glossary(page, base_url, lang):
    """The table of laws groups by edition and chapter and links every law; the glossary and the
    index of terms list the glossary's terms in both languages."""
    page.goto(f"{base_url}{LANG_PREFIX[lang]}laws/")
    links = page.eval_on_selector_all(".md-content a[href]", "as => as.map(a => a.href)")
    assert sum("/laws/2017/" in href for href in links) == 93  # every law in force
    titles_only = "sam tytuł i części" if lang == "pl" else "title and sections only"
    assert page.locator(".md-content li", has_text=titles_only).count() == 90
    assert sum("/laws/1997/" in href for href in links) == 31
    assert page.locator(".md-content h3").count() >= 2
    page.goto(f"{base_url}{LANG_PREFIX[lang]}glossary/")
    assert page.locator("dl.term").count() > 10
    page.goto(f"{base_url}{LANG_PREFIX[lang]}terms/")
    langs = page.eval_on_selector_all(".md-content li > span[lang]",
                                      "ss => [...new Set(ss.map(s => s.lang))]")
    assert sorted(langs) == ["en", "pl"]


def test_preview_data_is_json(base_url, page):
    """The embedded preview data parses and every key matches a link on the page."""
    page.goto(base_url + "laws/2017/45/")
    raw = page.eval_on_selector("script.xref-data", "s => s.textContent")
    data = json.loads(raw)
    refs = set(page.eval_on_selector_all("a.xref", "as => as.map(a => a.dataset.ref)"))
    assert set(data) == refs


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_scripts_build_paths_as_python_does(page, base_url, lang):
    """The scripts' path scheme (assets/bridgelaw/paths.js) is tools/urls.py's: the same law,
    situation and glossary paths, the page's language and the site root, on a page of each
    language."""
    page.goto(f"{base_url}{lang_root(lang)}laws/2017/64/")
    site = page.evaluate("""() => { const s = window.bridgelawSite; return {
        lang: s.lang, root: s.root.href, other: s.langOf("en-GB"), unknown: s.langOf("de"),
        law: s.page("law", "en", {edition: 2017, number: 64}),
        situation: s.page("situation", "pl", {id: "revoke"}),
        glossary: s.page("glossary", "en", {}),
        bare: [s.bare("en/situations/x/"), s.bare("situations/x/")] }; }""")
    assert site == {
        "lang": lang, "root": base_url, "other": "en", "unknown": DEFAULT_LANG,
        "law": law_path(2017, "en", 64), "situation": situation_path("pl", "revoke"),
        "glossary": glossary_url("en", "x").split("#")[0],
        "bare": ["situations/x/", "situations/x/"]}


@pytest.mark.parametrize(("lang", "query", "expected"), [
    ("pl", "niezagranie karty przygwozdzonej", "laws/2017/64/#64B3"),
    ("pl", "falszywy renons niezagranie karty dziadka", "laws/2017/64/#64B3"),
])
def test_search_without_diacritics_lands_on_the_anchor(page, base_url, lang, query, expected,
                                                       shot):
    """Typed without Polish letters, the words of 64B3 find it; the result opens the unit."""
    prefix = "" if lang == "pl" else "en/"
    page.goto(f"{base_url}{prefix}laws/2017/45/", wait_until="networkidle")
    page.locator(".bl-search__open").first.click()
    page.wait_for_selector(".bl-search__input", state="visible")
    page.fill(".bl-search__input", query)
    page.wait_for_function(
        "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
        arg=query, timeout=10_000)
    results = page.locator(".bl-search__result a")
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    target = next(h for h in hrefs if h.endswith("2017/64/#64B3"))
    shot(page, f"search-{lang}-{page.viewport_size['width']}")
    with page.expect_navigation():
        page.locator(f'.bl-search__result a[href="{target}"]').first.click()
    assert page.url == base_url + expected
    page.wait_for_timeout(200)
    box = _in_viewport(page, '[id="64B3"]')
    assert box["headerBottom"] - 1 <= box["top"] < box["height"] / 2, box


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_wizard_ruling_links_to_law_units(page, base_url, site_dir, lang, shot):
    """Walk the revoke tree (first answer each time) to a ruling; its law links open the cited
    2017 unit on the law page of the same language (or, without its 2017 text in the build, the
    law's 2017 page on the source site)."""
    data = json.loads((site_dir / "assets/assistant/assistant.json").read_text(encoding="utf-8"))
    tree = data["trees"]["revoke"]
    prefix = "" if lang == "pl" else "en/"
    page.goto(f"{base_url}{prefix}wizard/", wait_until="networkidle")
    page.wait_for_selector('#wizard[data-ready="true"]')
    page.get_by_role("button", name=tree["title"][lang]).first.click()
    node = tree["nodes"][tree["start"]]
    while "outcome" not in node:
        page.locator(".wizard-answer").first.click()
        node = tree["nodes"][node["answers"][0]["next"]]
    assert page.locator(".wizard-ruling").inner_text() == node["outcome"]["ruling"][lang]
    shot(page, f"wizard-ruling-{lang}-{page.viewport_size['width']}")
    cites = page.locator(".wizard-outcome a.wizard-cite")
    if cites.count() == 0:  # no cite has 2017 text in the build: each leads to the source site
        officials = page.locator(".wizard-outcome a.wizard-official")
        assert officials.count() == len(node["outcome"]["cites"])
        for href in officials.evaluate_all("els => els.map(a => a.href)"):
            assert href.startswith("https://www.pzbs.pl/sedziowie/mpb/2017/"), href
        return
    cite = cites.first
    href = cite.get_attribute("href")
    cited = cite.inner_text().strip()
    with page.expect_navigation():
        cite.click()
    # Every law of the build has a page in both languages (its own text, or a notice and the
    # other language's text), so the link stays on the ruling's language site.
    assert page.get_attribute("html", "lang") == lang, f"{href} leaves the {lang} site"
    number = re.match(r"\d+", cited).group(0)
    assert re.search(rf"\b{number}\b", page.locator("h1").inner_text()), (href, cited)
    # a cite opens its 2017 unit, never 1997 text by the same id (1997 63B is not 2017 63B)
    assert "/laws/2017/" in page.url, href
    anchor = page.url.split("#", 1)[1] if "#" in page.url else number
    assert anchor == cited and page.locator(f'[id="{anchor}"]').count() == 1, href


@pytest.mark.parametrize("path", ["laws/2017/64/", "en/laws/2017/64/"])
def test_inlined_flowcharts_readable_on_phone(phone, base_url, path, shot):
    """On the law page the charts fit the 390 px phone: drawn in HTML, nothing wider than the
    screen (no sideways scrolling), no text below the minimum size."""
    from assistant.flowchart_dot import MIN_FONT_SIZE

    phone.goto(f"{base_url}{path}")
    assert phone.locator("figure.flowchart .flow").count() > 0
    smallest = phone.evaluate(
        "Math.min(...[...document.querySelectorAll('figure.flowchart .flow *')]"
        ".filter(e => e.textContent.trim()).map(e => parseFloat(getComputedStyle(e).fontSize)))")
    widest = phone.evaluate(
        "Math.max(...[...document.querySelectorAll('figure.flowchart, figure.flowchart *')]"
        ".map(e => e.getBoundingClientRect().right))")
    width = phone.evaluate("document.documentElement.clientWidth")
    assert smallest >= MIN_FONT_SIZE, smallest
    assert widest <= width, (widest, width)
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    phone.locator("figure.flowchart").first.scroll_into_view_if_needed()
    shot(phone, f"flowchart-inline-{path.split('/')[0]}-390")
