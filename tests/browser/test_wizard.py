"""The ruling wizard and the situation pages in headless Chromium, on a site built from the real
corpus, trees and catalogue.

The wizard needs the assistant stage's output (build/assistant.json, flowcharts) and the assistant
pages in content/, so this module builds its own site once: the shared `build_test_site` steps
plus the assistant stage and the assistant pages, all inside a temp folder (nothing in the working
tree is written).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from playwright.sync_api import expect

from helpers.browser import PHONE, WIDE

pytestmark = pytest.mark.browser

REVOKE_PATH = "revoke"


@pytest.fixture(scope="module")
def wizard_site(site_dir: Path) -> tuple[Path, Path]:
    """The session's site (real corpus, the marked synthetic English Law 64, the assistant
    pages) and the build folder holding its assistant.json."""
    return site_dir, site_dir.parent / "build"


@pytest.fixture(params=["phone", "wide"])
def tab(request: pytest.FixtureRequest, browser: object, base_url: str) -> Iterator[object]:
    """A page at 390x844 (touch) and at 1280x800 that records every request it makes."""
    touch = request.param == "phone"
    context = browser.new_context(viewport=PHONE if touch else WIDE, has_touch=touch,
                                   is_mobile=touch, device_scale_factor=2 if touch else 1)
    page = context.new_page()
    page.requests = []  # type: ignore[attr-defined]
    page.on("request", lambda request: page.requests.append(request.url))
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.viewport_name = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def assistant_data(wizard_site: tuple[Path, Path]) -> dict:
    return json.loads((wizard_site[1] / "assistant.json").read_text(encoding="utf-8"))


def first_path_to_outcome(tree: dict) -> list[int]:
    """Answers (1-based) that reach an outcome, preferring the longest path: a real walk."""
    best: list[int] = []

    def visit(node_id: str, answers: list[int]) -> None:
        nonlocal best
        node = tree["nodes"][node_id]
        if "outcome" in node:
            if len(answers) > len(best):
                best = answers
            return
        for number, answer in enumerate(node["answers"], start=1):
            visit(answer["next"], answers + [number])

    visit(tree["start"], [])
    return best


def wait_ready(page: object) -> None:
    page.wait_for_selector("#wizard[data-ready]")
    assert page.get_attribute("#wizard", "data-ready") == "true", page.inner_text("#wizard")


def site_target_exists(site_dir: Path, base: str, href: str) -> bool:
    """True when an internal link resolves to a built page and, with a fragment, to an element
    with that id on the page."""
    parsed = urlparse(href)
    assert href.startswith(base), f"link leaves the site: {href}"
    path = site_dir / parsed.path.lstrip("/")
    if parsed.path.endswith("/"):
        path = path / "index.html"
    if not path.exists():
        return False
    if parsed.fragment:
        html = path.read_text(encoding="utf-8")
        return f'id="{parsed.fragment}"' in html
    return True


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_walk_revoke_tree_to_a_ruling_back_and_share(
    tab: object, base_url: str, wizard_site: tuple[Path, Path], lang: str, shot: object
) -> None:
    data = assistant_data(wizard_site)
    tree = data["trees"][REVOKE_PATH]
    answers = first_path_to_outcome(tree)
    assert len(answers) >= 2
    prefix = "" if lang == "pl" else "en/"
    tab.goto(f"{base_url}{prefix}wizard/")
    wait_ready(tab)
    assert tab.evaluate("document.documentElement.lang").startswith(lang)
    # Start screen: pick the law's tree from the list.
    tree_title = tree["title"][lang]
    tab.get_by_role("button", name=tree_title).first.click()
    node_id = tree["start"]
    for step, answer in enumerate(answers, start=1):
        node = tree["nodes"][node_id]
        expect(tab.locator(".wizard-panel h3")).to_have_text(node["question"][lang])
        buttons = tab.locator(".wizard-answer")
        assert buttons.count() == len(node["answers"])
        box = buttons.nth(answer - 1).bounding_box()
        assert box is not None and box["height"] >= 44, "tap target under 44 px"
        buttons.nth(answer - 1).click()
        assert f"a={'.'.join(map(str, answers[:step]))}" in tab.evaluate("location.hash")
        node_id = node["answers"][answer - 1]["next"]
    outcome = tree["nodes"][node_id]["outcome"]
    expect(tab.locator(".wizard-ruling")).to_have_text(outcome["ruling"][lang])
    cites = tab.locator(".wizard-outcome a.wizard-cite")
    linked = [c for c in outcome["cites"] if not data["cites"][lang][c]["external"]]
    assert cites.count() == len(linked) >= 1
    assert tab.locator(".wizard-outcome .wizard-cites li").count() == len(outcome["cites"])
    for i in range(cites.count()):
        href = cites.nth(i).evaluate("a => a.href")
        assert site_target_exists(wizard_site[0], base_url, href), href
        assert "/laws/2017/" in href, href
    # the outcome names the edition its laws are cited from
    edition = "Przepisy (wydanie 2017)" if lang == "pl" else "Laws (2017 edition)"
    expect(tab.locator(".wizard-outcome h4")).to_have_text(edition)
    check_cite_links(tab, ".wizard-outcome", data, lang)
    width = tab.viewport_size["width"]
    assert tab.evaluate("document.documentElement.scrollWidth") <= width, "sideways scroll"
    shot(tab, f"wizard-{lang}-{tab.viewport_name}-ruling", full_page=True)

    # Back one step: the last question is shown again, the hash loses its last answer.
    shared = tab.locator(".wizard-share").input_value()
    tab.locator(".wizard-back").click()
    last = tree["nodes"][_node_before(tree, answers)]
    expect(tab.locator(".wizard-panel h3")).to_have_text(last["question"][lang])
    assert tab.evaluate("location.hash").endswith(
        "a=" + ".".join(map(str, answers[:-1])) if len(answers) > 1 else f"tree={REVOKE_PATH}"
    )

    # A shared link opened fresh restores the ruling.
    tab.goto("about:blank")
    tab.goto(shared)
    wait_ready(tab)
    expect(tab.locator(".wizard-ruling")).to_have_text(outcome["ruling"][lang])
    assert len(tab.locator(".wizard-steps li").all()) == len(answers)
    assert not tab.errors, tab.errors
    foreign = [url for url in tab.requests if not url.startswith(base_url)]
    assert not foreign, f"requests to other hosts: {foreign}"


def check_cite_links(tab: object, scope: str, data: dict, lang: str) -> None:
    """Every law link under `scope`: 2017 text on the site, or the source site's 2017 page
    (marked external), or a 1997 page only as a counterpart the concordance names."""
    for link in tab.locator(f"{scope} .wizard-cites a").all():
        href = link.evaluate("a => a.href")
        if "/laws/1997/" in href:
            cited = link.get_attribute("data-counterpart-of")
            old = link.get_attribute("data-cite-1997")
            assert cited and href.endswith(f"#{old}"), href
            olds = [c["id"] for c in data["cites"][lang][cited]["counterparts"]]
            assert old in olds, (cited, old, olds)
            assert link.inner_text() == f"1997 {old}"
        elif not href.startswith(tab.url.split("/wizard/")[0]):
            assert href.startswith("https://www.pzbs.pl/sedziowie/mpb/2017/"), href
            assert "external" in (link.get_attribute("rel") or ""), href
        else:
            assert "/laws/2017/" in href, href


def _node_before(tree: dict, answers: list[int]) -> str:
    node_id = tree["start"]
    for answer in answers[:-1]:
        node_id = tree["nodes"][node_id]["answers"][answer - 1]["next"]
    return node_id


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_pick_a_situation_by_typing_without_diacritics(
    tab: object, base_url: str, wizard_site: tuple[Path, Path], lang: str
) -> None:
    data = assistant_data(wizard_site)
    situation = next(s for s in data["situations"] if s["id"] == "opening-lead-out-of-turn")
    prefix = "" if lang == "pl" else "en/"
    tab.goto(f"{base_url}{prefix}wizard/")
    wait_ready(tab)
    tab.fill("#wizard-filter", "wist z niewlasciwej reki" if lang == "pl" else "wrong defender led")
    visible = tab.locator(".wizard-situations li:not([hidden]) button")
    titles = visible.all_inner_texts()
    assert situation["title"][lang] in titles
    assert len(titles) < len(data["situations"])
    # An inflected sentence finds the catalogue's own forms ("partnerowi" -> "partner").
    if lang == "pl":
        tab.fill("#wizard-filter", "mój partnerowi nie dolozyl do koloru")
        assert "Partner nie dołożył do koloru — można zapytać?" in visible.all_inner_texts()
        # table talk reads as the law's word, as in every engine: "12" is "dwunastej"
        tab.fill("#wizard-filter", "renons w 12 lewie")
        assert visible.all_inner_texts() == ["Renons w dwunastej lewie"]
        tab.fill("#wizard-filter", "wist z niewlasciwej reki")
    tab.locator(".wizard-situations").get_by_role(
        "button", name=situation["title"][lang], exact=True
    ).click()
    hash_ = tab.evaluate("location.hash")
    assert f"tree={situation['tree']}" in hash_ and f"s={situation['id']}" in hash_
    tree = data["trees"][situation["tree"]]
    expect(tab.locator(".wizard-panel h3")).to_have_text(
        tree["nodes"][tree["start"]]["question"][lang]
    )
    # Keyboard: the answers are real buttons reachable with Tab and pressed with Enter.
    tab.locator(".wizard-answer").first.focus()
    tab.keyboard.press("Enter")
    expect(tab.locator(".wizard-steps li")).to_have_count(1)
    assert "a=1" in tab.evaluate("location.hash")


def test_players_words_are_read_once_their_letters_part_of_the_glossary_arrives(
    tab: object, base_url: str
) -> None:
    """"karta karna", the players' name, finds the situations of the law's "karta
    przygwożdżona": the filter fetches the players' words of the letters typed (here "k") and
    reads the query again when they arrive. The shard is held back until the list read without
    it has been counted, so the test sees both readings whatever the timing."""
    held: list[object] = []
    tab.route("**/assets/search/synonyms-*.json", lambda route: held.append(route))
    tab.goto(f"{base_url}wizard/")
    wait_ready(tab)
    tab.fill("#wizard-filter", "karta karna")
    for _ in range(100):  # the route handler runs while the page waits
        if held:
            break
        tab.wait_for_timeout(20)
    assert held, "the filter asked for no players' words"
    hidden = ".wizard-situations li:not([hidden])"
    before = tab.locator(hidden).count()
    tab.wait_for_timeout(200)
    assert tab.locator(hidden).count() == before  # nothing else changes the list meanwhile
    for route in held:
        route.continue_()
    tab.wait_for_function(
        "n => document.querySelectorAll('.wizard-situations li:not([hidden])').length < n",
        arg=before, timeout=10_000)
    visible = tab.locator(".wizard-situations li:not([hidden]) button")
    # a penalty card's situation first (which one depends on their players' words)
    expect(visible.first).to_contain_text("karta przygwożdżona")
    shards = [url.rsplit("/", 1)[1] for url in tab.requests if "/assets/search/" in url]
    assert "synonyms-pl-6b.json" in shards and not any(
        s.startswith("synonyms-en-") for s in shards), shards
    assert not tab.errors


def test_bad_shared_link_is_reported(tab: object, base_url: str) -> None:
    tab.goto(f"{base_url}wizard/#tree=no-such-tree")
    wait_ready(tab)
    expect(tab.locator(".wizard-error")).to_contain_text("no-such-tree")
    tab.goto(f"{base_url}wizard/#tree={REVOKE_PATH}&a=9.9.9")
    tab.reload()
    wait_ready(tab)
    expect(tab.locator(".wizard-error")).to_contain_text("9.9.9")
    assert tab.locator(".wizard-answer").count() >= 2  # back at the first question


def test_a_shared_link_with_a_retired_situation_names_its_successor(
    tab: object, base_url: str, wizard_site: tuple[Path, Path]
) -> None:
    """A wizard link shared before its situation was folded into another (#s= the old id,
    assistant/retired.yaml) still shows the situation line, naming and linking the situation
    that answers it now."""
    data = assistant_data(wizard_site)
    old, new = sorted(data["retired"].items())[0]
    successor = next(s for s in data["situations"] if s["id"] == new)
    tab.goto(f"{base_url}wizard/#tree={successor['tree']}&s={old}")
    wait_ready(tab)
    line = tab.locator(".wizard-situation")
    expect(line).to_contain_text(successor["title"]["pl"])
    assert line.locator("a").get_attribute("href").rstrip("/").endswith(f"situations/{new}")


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_situation_page_links_and_flowchart(
    tab: object, base_url: str, wizard_site: tuple[Path, Path], lang: str
) -> None:
    prefix = "" if lang == "pl" else "en/"
    tab.goto(f"{base_url}{prefix}situations/revoke-offender-won-trick/")
    assert tab.locator("h1").first.inner_text()
    hrefs = tab.locator("article a[href]").evaluate_all("els => els.map(a => a.href)")
    internal = [h for h in hrefs if h.startswith(base_url)]
    assert any("#64A1" in h for h in internal) or lang == "en"
    for href in internal:
        target = href.split("#")[0] if "/wizard/#" in href else href
        assert site_target_exists(wizard_site[0], base_url, target), href
    assert tab.locator(".flowchart .flow .flow-question").count() >= 1
    preset = tab.locator("a.wizard-preset")
    preset.click()
    wait_ready(tab)
    assert "tree=revoke" in tab.evaluate("location.hash")
    expect(tab.locator(".wizard-panel h3")).to_be_visible()
    assert tab.locator(".wizard-answer").count() >= 2


def test_situation_index_filter(tab: object, base_url: str) -> None:
    tab.goto(f"{base_url}situations/")
    total = tab.locator(".situation-link").count()
    assert total >= 45
    tab.fill("#situation-filter", "oddal lewe")  # no diacritics: "oddał lewę"
    shown = tab.locator("li:not([hidden]) > .situation-link")
    assert 0 < shown.count() < total
    tab.fill("#situation-filter", "qqqq xxxx")
    expect(tab.locator(".situation-filter-none")).to_be_visible()


# What this module owns on each page; the theme around it (header, palette toggle, footer,
# link colours) is the site's and is checked by the site's own axe test.
AXE_PAGES = {
    "wizard/": "#wizard",
    "wizard/#tree=revoke&a=2": "#wizard",
    "en/wizard/#tree=revoke&a=2.1.1": "#wizard",
    "situations/revoke-offender-won-trick/": ".situation-back, .wizard-preset",
    "situations/": ".situation-filter, .situation-group",
}


@pytest.mark.parametrize("path", sorted(AXE_PAGES))
def test_axe_no_serious_violations(browser: object, base_url: str, path: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(urljoin(base_url, path))
    if "wizard" in path:
        wait_ready(page)
    include = [[selector.strip()] for selector in AXE_PAGES[path].split(",")]
    results = Axe().run(page, context={"include": include})
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    checked = results.response["passes"]
    context.close()
    assert checked, "axe checked nothing: the selectors match no element"
    assert not bad, [(v["id"], v["help"], [n["target"] for n in v["nodes"]]) for v in bad]


def test_every_link_on_assistant_pages_resolves(wizard_site: tuple[Path, Path]) -> None:
    """Each href on every built situation page, the index and the wizard pages points at a
    built file (and, with a heading-style fragment, at an element with that id)."""
    from bs4 import BeautifulSoup

    site_dir = wizard_site[0]
    pages = sorted(site_dir.glob("situations/**/index.html")) + sorted(
        site_dir.glob("en/situations/**/index.html")
    ) + [site_dir / "wizard" / "index.html", site_dir / "en" / "wizard" / "index.html"]
    assert len(pages) >= 2 * 45
    checked = 0
    for page in pages:
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article") or soup
        base = "http://site/" + str(page.parent.relative_to(site_dir)) + "/"
        for node in article.select("a[href], link[href], script[src]"):
            href = node.get("href") or node.get("src")
            url = urljoin(base, href)
            if "external" in (node.get("rel") or []):  # a cite whose 2017 text is not here
                assert url.startswith("https://www.pzbs.pl/sedziowie/mpb/2017/"), href
                continue
            assert url.startswith("http://site/"), f"{page}: external link {href}"
            if "/wizard/#" in url:  # wizard state, not an anchor
                url = url.split("#")[0]
            assert site_target_exists(site_dir, "http://site/", url), f"{page}: {href}"
            checked += 1
    assert checked > 500
