"""Side by side, shown: a site built with English text in the model. The bundled snapshot holds
no English law text, so this module reads the site the main command built from the imitation of
the source sites (the session's `imitation_build`: all 93 laws of 2017 and 31 of 1997, each in
Polish and English, placeholder text marked SYNTHETIC), scraped by the project's own scraper.

Law pages put PL and EN unit by unit side by side on a wide screen and one tap apart on a phone
(the reader's unit stays where it was); the home pages say what the build at hand holds, here and
in the session's snapshot site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from helpers.browser import PHONE, WIDE, serve_folder
from tools.model import Corpus, walk

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def bilingual(imitation_build) -> Iterator[tuple[Corpus, str]]:
    """(corpus, base URL) of the site the main command built from the imitation's laws."""
    from tools.model import read_model

    corpus = read_model(imitation_build.out / "build" / "corpus.json")
    with serve_folder(imitation_build.out / "site") as url:
        yield corpus, url


@pytest.fixture
def wide_tab(browser: object) -> Iterator[object]:
    """A 1280x800 page."""
    context = browser.new_context(viewport=WIDE)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone_tab(browser: object) -> Iterator[object]:
    """A 390x844 touch page."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def test_the_model_holds_every_law_in_both_languages(bilingual) -> None:
    corpus, _ = bilingual
    for edition, count in ((2017, 93), (1997, 31)):
        for lang in ("pl", "en"):
            laws = [law for law in corpus.laws if law.edition == edition and law.lang == lang]
            assert len(laws) == count, (edition, lang)
            assert all("SYNTHETIC" in unit.text for law in laws for unit in walk(law.sections)
                       if unit.text), "every placeholder says it is synthetic"


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_side_by_side_unit_by_unit_on_a_wide_screen(wide_tab, bilingual, lang, shot) -> None:
    corpus, url = bilingual
    prefix = "" if lang == "pl" else "en/"
    other = "en" if lang == "pl" else "pl"
    wide_tab.goto(f"{url}{prefix}laws/2017/64/")
    assert wide_tab.locator(".law-text.two-col").count() == 1
    assert not wide_tab.locator(".lang-pick").is_visible()
    rows = wide_tab.evaluate("""() => [...document.querySelectorAll('.law-text .row[id]')]
        .filter(r => !r.classList.contains('empty')).map(r => {
            const main = r.querySelector('.cell.main').getBoundingClientRect();
            const other = r.querySelector('.cell.other');
            const box = other.getBoundingClientRect();
            return {id: r.id, mainTop: main.top, otherTop: box.top, mainRight: main.right,
                    otherLeft: box.left, otherLang: other.lang, otherText: other.innerText};
        })""")
    ids = [unit.id for unit in walk(corpus.law(2017, lang, 64).sections)]
    assert [row["id"] for row in rows] == ids
    for row in rows:
        assert abs(row["mainTop"] - row["otherTop"]) < 2, row  # the same line
        assert row["otherLeft"] >= row["mainRight"], row  # beside it
        assert row["otherLang"] == other
    english = [row["otherText"] if lang == "pl" else "" for row in rows]
    assert any("SYNTHETIC" in text for text in english) or lang == "en"
    wide_tab.locator('[id="64B3"]').scroll_into_view_if_needed()
    shot(wide_tab, f"bilingual-{lang}-1280")


def test_one_tap_apart_on_a_phone(phone_tab, bilingual, shot) -> None:
    _, url = bilingual
    phone_tab.goto(f"{url}laws/2017/64/#64B3")
    unit = phone_tab.locator('[id="64B3"]')
    main, other = unit.locator(".cell.main"), unit.locator(".cell.other")
    assert main.is_visible() and not other.is_visible()
    assert "Tekst zastępczy" in main.inner_text()
    top = unit.bounding_box()["y"]
    phone_tab.tap('label[for="bl-show-other"]')  # one tap
    assert other.is_visible() and not main.is_visible()
    assert "Placeholder text" in other.inner_text() and other.get_attribute("lang") == "en"
    assert abs(unit.bounding_box()["y"] - top) < 2, "the reader's unit stayed where it was"
    width = phone_tab.evaluate("document.documentElement.clientWidth")
    assert phone_tab.evaluate("document.documentElement.scrollWidth") <= width
    # the toggle stays at hand while reading on, to the law's last unit
    phone_tab.locator(".law-text .row").last.scroll_into_view_if_needed()
    toggle = phone_tab.locator(".lang-pick").bounding_box()
    assert 0 <= toggle["y"] < 120 and toggle["height"] >= 24
    shot(phone_tab, "bilingual-phone-en-390")
    phone_tab.tap('label[for="bl-show-main"]')
    assert main.is_visible() and not other.is_visible()


def holds(text: str) -> list[tuple[int, int, int, int]]:
    """(edition, Polish, English, side by side) as a home page states them."""
    return [tuple(map(int, m)) for m in re.findall(
        r"wydanie (\d{4}): (\d+) przepis\w* po polsku, (\d+) po angielsku, (\d+) obok siebie",
        text)]


def test_home_pages_say_what_this_build_holds(wide_tab, bilingual, base_url, corpus) -> None:
    _, url = bilingual
    wide_tab.goto(url)
    assert holds(wide_tab.locator(".build-holds").inner_text()) == [(2017, 93, 93, 93),
                                                                    (1997, 31, 31, 31)]
    wide_tab.goto(f"{url}en/")
    assert "2017 edition: 93 laws in Polish, 93 in English, 93 side by side" in (
        wide_tab.locator(".build-holds").inner_text())
    # the snapshot site: its Polish laws, and only the synthetic English Law 64 of the tests
    wide_tab.goto(base_url)
    stated = holds(wide_tab.locator(".build-holds").inner_text())
    for edition, polish, english, both in stated:
        assert polish == len([law for law in corpus.laws
                              if law.edition == edition and law.lang == "pl"])
        assert english == both == (1 if edition == 2017 else 0)
