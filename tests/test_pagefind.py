"""Site search records (tools.site.pagefind): what each law page record carries for Pagefind."""

from __future__ import annotations

from bs4 import BeautifulSoup

from tools.config import Config
from tools.model import Corpus, CrossRef, Law, Unit
from tools.reference import load_reference
from tools.site.pagefind_laws import law_records
from tools.site.pagefind_records import (
    ABOUT,
    FOLDED_MARK,
    LAW_TITLE_WEIGHT,
    official_titles,
    record_html,
)

LAW = Law(number=42, edition=1997, lang="pl", title="UPRAWNIENIA DZIADKA", sections=[
    Unit(id="42A", level=1, label="A", title="Uprawnienia\nniezbywalne",
         text="Dziadek może liczyć lewy."),
])


def _record(titles: dict[str, dict[str, str]] | None, terms: dict[str, list[str]] | None = None):  # noqa: ANN202
    records = law_records(Corpus(laws=[LAW]), None, terms or {}, titles or {})
    assert [record.url for record in records] == ["en/laws/1997/42/", "laws/1997/42/"]
    return records[1]


def test_one_record_per_law_with_its_units_as_anchored_headings() -> None:
    record = _record(None)
    assert record.url == "laws/1997/42/"
    assert [unit.id for unit in record.units] == ["42", "42A"]
    assert record.units[1].title == "Uprawnienia niezbywalne"
    assert record.units[1].text == "Dziadek może liczyć lewy."  # the title is not in the text
    page = BeautifulSoup(record_html(record), "html.parser")
    # Pagefind makes a sub-result of each heading with an id; the search box shows the words
    # between a heading and the mark that closes the unit's text
    headings = [(h["id"], h.get_text()) for h in page.select("main h2[id]")]
    assert headings == [("42", "42"), ("42A", "42A Uprawnienia niezbywalne")]
    shown = page.select_one('h2[id="42A"]').find_next_sibling("p")
    assert shown.get_text() == "Dziadek może liczyć lewy."
    assert shown.find_next_sibling("p").get_text().startswith(FOLDED_MARK)
    target = page.select_one('[data-pagefind-meta="target[data-value]"]')
    assert target["data-value"] == "laws/1997/42/"
    # the edition is a filter as well: the search box can ask for the laws in force only
    edition = page.select_one('[data-pagefind-filter="edition[data-value]"]')
    assert edition["data-value"] == "1997"


def test_law_unit_carries_its_title_with_the_other_case_form() -> None:
    law, unit = _record(None).units
    (title, weight), = law.weighted
    assert weight == LAW_TITLE_WEIGHT
    assert "UPRAWNIENIA DZIADKA" in title and "dziadek" in title.split()  # dziadka -> dziadek
    assert unit.weighted == []


def test_law_names_in_both_languages_go_to_the_about_field() -> None:
    record = _record({"en": {"42": "Dummy's Rights"}, "pl": {"42": "Uprawnienia dziadka"}})
    about = record.meta[ABOUT]
    assert "UPRAWNIENIA DZIADKA" in about and "Dummy's Rights" in about
    assert about.count("UPRAWNIENIA") + about.count("Uprawnienia") == 1  # same name once
    assert all("Dummy" not in unit.text for unit in record.units)  # the shown text is the law's


def test_glossary_terms_go_in_once_per_word() -> None:
    terms = {"42": ["dziadek", "Dziadka", "uprawnienia dziadka", "dummy's rights", "dummy"]}
    (_, _), (words, _) = _record(None, terms).units[0].weighted
    shown = words.partition("\n")[0].split()
    assert shown == ["dziadek", "Dziadka", "uprawnienia", "dummy", "s", "rights"]


def test_official_titles_come_from_the_outline() -> None:
    titles = official_titles(load_reference(Config()).outline)
    assert titles["en"]["53"] == "Lead Out of Turn Accepted"
    assert all(titles[lang].values() for lang in ("pl", "en"))


def test_search_box_drops_the_same_stop_words_as_the_analyzers() -> None:
    import re
    from pathlib import Path

    from tools.search.analysis import ENGLISH_STOPS, POLISH_STOPS
    from tools.search.query import spec

    written = spec([], {})["stops"]
    assert set(written["pl"]) == POLISH_STOPS and set(written["en"]) == ENGLISH_STOPS
    scripts = Path(__file__).resolve().parents[1] / "site_overrides/assets"
    for script in scripts.rglob("*.js"):  # the scripts read the spec; none keeps its own list
        text = script.read_text(encoding="utf-8")
        assert not re.search(r'"(?:[a-z]+ ){8,}[a-z]+"\)?\.split', text), script.name


def test_glossary_variants_reach_the_law_records() -> None:
    from tools.site.pagefind_records import glossary_terms

    terms = glossary_terms(load_reference(Config()).glossary)
    assert {"dziadek", "dummy", "dziadka", "the dummy"} <= set(terms["42"])  # variants too


def test_hidden_folded_words_only_where_pagefind_cannot_fold() -> None:
    from tools.site.pagefind_records import with_folded

    text, _, hidden = with_folded("Fałszywy renons karty przygwożdżonej dziadka").partition("\n")
    assert text == "Fałszywy renons karty przygwożdżonej dziadka"
    # ł needs its "l" copy; ż Pagefind folds by itself; dziadka also gets its other case
    assert hidden.split() == ["\u00a6", "Falszywy", "dziadek"]  # the mark the search box cuts at
    # an irregular English form also as its verb, which the search box seeks it as
    text, _, hidden = with_folded("a trick that could not be lost, as he said").partition("\n")
    assert hidden.split() == ["\u00a6", "lose", "say"]


def test_a_units_text_is_its_cells_words_with_references_set_off() -> None:
    """As the page shows it: a reference's printed words apart from the words they touch, a
    unit the page's language lacks as the dash its cell shows."""
    law = Law(number=43, edition=1997, lang="pl", title="T", text="Zob. 42A.\n\nDalej", sections=[
        Unit(id="43A", level=1, label="A", text="przepis 42A, lewy"),
    ])
    english = Law(number=43, edition=1997, lang="en", title="T", sections=[
        Unit(id="43A", level=1, label="A", text="a"), Unit(id="43B", level=1, label="B", text="b"),
    ])
    refs = [CrossRef(1997, "pl", "43", "42A", "42A", "resolved"),
            CrossRef(1997, "pl", "43A", "przepis 42A", "42A", "resolved")]
    records = law_records(Corpus(laws=[law, english], crossrefs=refs), None, {}, {})
    polish = next(record for record in records if record.url == "laws/1997/43/")
    assert [(unit.id, unit.text) for unit in polish.units] == [
        ("43", "Zob. 42A . Dalej"), ("43A", "przepis 42A , lewy"), ("43B", "—")]


def test_a_title_page_record_names_the_terms_it_is_the_first_law_of() -> None:
    """Law 55 (declarer's lead out of turn) is the first law of the glossary's "lead from the
    wrong hand": its title page's record says so, in both languages, for the search box to lift
    it when the query names the term (order.js currentFirst)."""
    import json

    from tools.normalize.glossary import first_law_terms
    from tools.site.pagefind_records import FIRST_LAW_OF

    reference = load_reference(Config())
    corpus = Corpus(laws=[LAW])
    outline = reference.sources(corpus).outline
    glossary = reference.glossary
    first = first_law_terms(glossary)
    records = {record.url: record for record in law_records(
        corpus, outline, {}, official_titles(outline), first)}
    for url in ("laws/2017/55/", "en/laws/2017/55/"):
        heads = json.loads(records[url].meta[FIRST_LAW_OF])
        assert {"wyjście z niewłaściwej ręki", "lead from the wrong hand"} <= set(heads)
        assert "declarer" not in heads  # a term whose first law is another (41)
        page = BeautifulSoup(record_html(records[url]), "html.parser")
        tag = page.find(attrs={"data-pagefind-meta": f"{FIRST_LAW_OF}[data-value]"})
        assert json.loads(tag["data-value"]) == heads
    # a law no term rests on first carries no such metadata
    bare = next(n for n in range(1, 94) if str(n) not in first)
    assert FIRST_LAW_OF not in records[f"laws/2017/{bare}/"].meta
