"""Site search records (tools.pagefind): what each law unit record carries for Pagefind."""

from __future__ import annotations

from bs4 import BeautifulSoup

from tools.pagefind import (
    LAW_TITLE_WEIGHT,
    OTHER_TITLE_WEIGHT,
    law_records,
    official_titles,
)

PAGE = """<article><h1>Prawo 42. UPRAWNIENIA DZIADKA</h1>
<div class="law-text one-col" data-edition="1997" data-law="42">
<div class="row lvl0" id="42"><div class="cell main"></div></div>
<div class="row lvl1" id="42A"><div class="cell main"><p class="unit-title">Uprawnienia
niezbywalne</p>Dziadek może liczyć lewy.</div></div>
</div></article>"""


def _records(titles: dict[str, dict[str, str]] | None):  # noqa: ANN202
    soup = BeautifulSoup(PAGE, "html.parser")
    return law_records("laws/1997/42/", soup, "pl", {}, titles)


def test_law_record_carries_its_title_with_the_other_case_form() -> None:
    law, unit = _records(None)
    assert law.url == "laws/1997/42/#42" and unit.url == "laws/1997/42/#42A"
    (title, weight), = law.weighted
    assert weight == LAW_TITLE_WEIGHT
    assert "UPRAWNIENIA DZIADKA" in title and "dziadek" in title.split()  # dziadka -> dziadek


def test_law_record_carries_the_official_title_in_the_other_language() -> None:
    law, unit = _records({"en": {"42": "Dummy's Rights"}, "pl": {}})
    assert ("Dummy's Rights", OTHER_TITLE_WEIGHT) in law.weighted
    assert all("Dummy" not in text for text, _ in unit.weighted)  # the law's record only
    assert "Dummy" not in law.content  # the shown text stays the law's own


def test_official_titles_come_from_the_outline() -> None:
    titles = official_titles()
    assert titles["en"]["53"] == "Lead Out of Turn Accepted"
    assert all(titles[lang].values() for lang in ("pl", "en"))


def test_search_box_drops_the_same_stop_words_as_the_analyzers() -> None:
    import re
    from pathlib import Path

    from tools.analysis import ENGLISH_STOPS, POLISH_STOPS

    script = Path(__file__).resolve().parents[1] / "site_overrides/assets/search/search.js"
    listed = re.search(r'\("([a-z ]+)"\)\.split\(" "\)', script.read_text(encoding="utf-8"))
    assert listed is not None
    assert set(listed.group(1).split()) == POLISH_STOPS | ENGLISH_STOPS


def test_glossary_variants_reach_the_law_records() -> None:
    from tools.pagefind import glossary_terms

    terms = glossary_terms()
    assert {"dziadek", "dummy", "stół", "dziadka"} <= set(terms["42"])  # variants too


def test_hidden_folded_words_only_where_pagefind_cannot_fold() -> None:
    from tools.pagefind import with_folded

    text, _, hidden = with_folded("Fałszywy renons karty przygwożdżonej dziadka").partition("\n")
    assert text == "Fałszywy renons karty przygwożdżonej dziadka"
    # ł needs its "l" copy; ż Pagefind folds by itself; dziadka also gets its other case
    assert hidden.split() == ["\u00a6", "Falszywy", "dziadek"]  # the mark the search box cuts at
