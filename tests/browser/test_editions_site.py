"""Edition honesty on the built site: no cite link from a ruling, situation, glossary entry or
2017 law page reaches 1997 text by the same id (the built HTML, walked); the wizard outcome, the
law pages and the previews name their edition; typed 2017 ids (63B, 71.1) in the search box
lead to the 2017 text or its source page and the 1997 counterpart, in headless Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from helpers.html_links import links_of
from tools.normalize.concordance import load_concordance

pytestmark = [pytest.mark.browser]
CONCORDANCE = load_concordance()
OFFICIAL = "https://www.pzbs.pl/sedziowie/mpb/2017/"


def pages_from_rulings(site_dir: Path) -> list[Path]:
    """Situation, wizard, glossary and index-of-terms pages, and the 2017 law pages (their
    flowcharts and references) in both languages."""
    found: list[Path] = []
    for prefix in ("", "en/"):
        root = site_dir / prefix
        found += sorted(root.glob("situations/**/index.html"))
        found += [root / "wizard/index.html", root / "glossary/index.html",
                  root / "terms/index.html"]
        found += sorted(root.glob("laws/2017/*/index.html"))
    return [path for path in found if path.exists()]


def test_no_cite_link_reaches_1997_text_by_the_same_id(site_dir: Path) -> None:
    pages = pages_from_rulings(site_dir)
    assert len(pages) > 100
    counterparts = cites = 0
    for path in pages:
        links = links_of(path.read_text(encoding="utf-8"))
        base = "http://site/" + path.parent.relative_to(site_dir).as_posix() + "/"
        for link in links:
            href = urljoin(base, link.get("href") or link.get("xlink:href") or "")
            if "/laws/1997/" in href:
                cited, old = link.get("data-counterpart-of"), link.get("data-cite-1997")
                assert cited and old, f"{path}: a link into 1997 text that is no counterpart"
                assert href.endswith(f"#{old}") or href.endswith(f"/{old}/"), (path, href)
                assert old in [c.id for c in CONCORDANCE.counterparts_1997(cited)], (path, href)
                counterparts += 1
            if link.get("data-cite"):
                cites += 1
                assert link.get("data-edition") == "2017", (path, link)
                if href.startswith("http://site/"):
                    assert "/laws/2017/" in href, (path, href)
                else:
                    assert href.startswith(OFFICIAL) and "external" in link.get("rel", "")
    assert cites > 300 and counterparts > 20


@pytest.fixture()
def tab(browser: object):  # noqa: ANN201
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))
    yield page
    context.close()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_wizard_outcome_names_its_edition_and_leads_honestly(
    tab: object, base_url: str, site_dir: Path, lang: str
) -> None:
    data = json.loads((site_dir / "assets/assistant/assistant.json").read_text("utf-8"))
    prefix = "" if lang == "pl" else "en/"
    # an established revoke the offender won: the ruling cites 63B (1997: 63C)
    tab.goto(f"{base_url}{prefix}wizard/#tree=revoke&a=1.2.1.1.1.1.1.1")
    tab.wait_for_selector("#wizard[data-ready]")
    outcome = tab.locator(".wizard-outcome")
    expect(outcome.locator("h4")).to_have_text(
        "Przepisy (wydanie 2017)" if lang == "pl" else "Laws (2017 edition)")
    item = outcome.locator(".wizard-cites li", has=tab.locator('[data-cite="63B"]'))
    expect(item).to_have_count(1)
    assert data["cites"][lang]["63B"]["external"]
    official = item.locator("a.wizard-official")
    page63 = "p63.html" if lang == "pl" else "l63.html"
    assert official.get_attribute("href") == f"{OFFICIAL}{lang}/{page63}"
    assert "external" in official.get_attribute("rel")
    counterpart = item.locator("a.wizard-counterpart")
    expect(counterpart).to_have_text("1997 63C")
    assert counterpart.evaluate("a => a.href").endswith("/laws/1997/63/#63C")
    hrefs = outcome.locator("a").evaluate_all("els => els.map(a => a.href)")
    assert not [h for h in hrefs if h.endswith("/laws/1997/63/#63B")]
    assert all(url.startswith(base_url) for url in tab.requests)  # the link is not fetched


def test_1997_law_page_says_superseded_and_previews_name_their_edition(
    tab: object, base_url: str
) -> None:
    tab.goto(f"{base_url}laws/1997/63/")
    notice = tab.locator(".superseded")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Wydanie 1997 nie obowiązuje")
    expect(notice).to_contain_text("1997 63C → 2017 63B")
    expect(tab.locator(".law-meta .edition")).to_have_text(
        "wydanie 1997 (nieobowiązujące, zastąpione wydaniem 2017)")
    link = notice.locator("a.cite-official")
    assert link.get_attribute("href") == f"{OFFICIAL}pl/p63.html"
    # a preview in 1997 text names its edition (the same id in 2017 may be another rule)
    tab.set_viewport_size({"width": 1280, "height": 800})
    tab.goto(f"{base_url}laws/2017/64/")
    expect(tab.locator(".law-meta .edition")).to_have_text("wydanie 2017 (obowiązujące)")
    xref = tab.locator("a.xref[data-ref]").first
    xref.hover()
    expect(tab.locator(".xref-pop .xref-pop-edition")).to_have_text("wydanie 2017")


@pytest.mark.parametrize(
    ("query", "cited", "official", "olds"),
    [("63B", "63B", "pl/p63.html", ["#63C"]), ("71.1", "71.1", "pl/p71.html", ["#71A"]),
     ("Law 71 item 2", "71.2", "pl/p71.html", ["#71A", "#71C"])],
)
def test_search_box_answers_a_2017_id_honestly(
    tab: object, base_url: str, query: str, cited: str, official: str, olds: list[str]
) -> None:
    tab.goto(f"{base_url}laws/2017/64/")
    tab.keyboard.press("/")
    tab.wait_for_selector(".bl-search__input", state="visible")
    tab.fill(".bl-search__input", query)
    tab.wait_for_function(
        "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
        arg=query)
    links = tab.locator(".bl-search__result a")
    hrefs = links.evaluate_all("els => els.map(a => a.href)")
    # first our own page of its 2017 title and sections (the cited section's row: Enter stays
    # on the site, offline too), then the source site's page, marked as leaving the site, then
    # the 1997 counterparts, labelled
    section = re.match(r"\d+[A-Z]?", cited).group()
    assert hrefs[0] == f"{base_url}laws/2017/{cited[:2]}/#{section}"
    expect(links.first).to_contain_text("Tytuł i części z wydania 2017 (bez tekstu)")
    assert "external" not in (links.first.get_attribute("rel") or "")
    assert hrefs[1] == OFFICIAL + official
    assert "external" in links.nth(1).get_attribute("rel")
    assert [h[h.index("#"):] for h in hrefs[2:]] == olds
    assert not [h for h in hrefs if h.endswith(f"/laws/1997/{cited[:2]}/#{cited}")]
    expect(links.first.locator(".bl-search__id")).to_have_text(cited)
    expect(tab.locator(".bl-search__status")).to_contain_text("nie ma w tej kompilacji")
    assert all(url.startswith(base_url) for url in tab.requests)
