"""Issue 30, items 1 and 3: the page is the source and the outline a cross-check. A page whose
own numbering is consistent is published as printed with a warning giving both structures; a
page nothing accounts for (chrome in its text, typed labels left in a unit, lost words, a broken
printed sequence) is never published. Placeholder pages of the imitation only."""

from __future__ import annotations

import copy

import pytest

from imitation.content import Node
from imitation.laws import law_2017
from imitation.markup import Markup
from imitation.markups_new import BrokenNumbers, TypedNumbers
from imitation.nav import law_path
from tools.config import Config
from tools.errors import SourceError
from tools.model import Law, walk
from tools.normalize.law_ids import numbering_breaks
from tools.normalize.outline import load_outline
from tools.parse.classes import footnote_class
from tools.parse.html_2017 import read_law_page_2017
from tools.sources.crawl import SourcePage
from tools.sources.guard import review_pages

OUTLINE = load_outline(Config().outline_file)
HOST = "http://127.0.0.1"


def guarded(html: str, number: int, lang: str = "pl") -> tuple[list[Law], list[str], str]:
    """What the crawl and the guard make of one page: (laws published, problem kinds, reading)."""
    url = HOST + law_path(number, lang)
    try:
        law, reading = read_law_page_2017(html, url, "2026-11-28", lang, OUTLINE)
    except SourceError as error:
        return [], ["parse-error: " + error.message], ""
    page = SourcePage(url, "2017-law", html, [law], "utf-8", "header")
    accepted, problems, _ = review_pages([page], OUTLINE)
    return accepted, [f"{p.kind}: {p.message}" for p in problems], reading


def page(number: int, lang: str = "pl", markup: Markup | None = None, doc=None) -> str:
    return (markup or Markup()).law_page(doc or law_2017(number, lang), None)


def test_a_clean_page_is_published_with_the_outlines_ids() -> None:
    laws, problems, reading = guarded(page(50), 50)
    assert [u.id for u in walk(laws[0].sections)][:4] == ["50A", "50B", "50C", "50D"]
    assert problems == [] and reading == "markup"


def test_typed_numbers_are_read_as_the_list_a_browser_shows() -> None:
    laws, problems, reading = guarded(page(20, markup=TypedNumbers()), 20)
    assert reading == "typed labels" and problems == []
    ids = [u.id for u in walk(laws[0].sections)]
    assert ids == [u.id for u in OUTLINE.units(20)]


def test_a_consistent_printing_that_differs_from_the_outline_is_published_with_a_warning() -> None:
    doc = copy.deepcopy(law_2017(15, "pl"))
    section = [n for n in doc.units if n.level == 1 and n.children][-1]
    uid = f"{section.id}{len(section.children) + 1}"
    section.children.append(Node(uid, 2, str(len(section.children) + 1),
                                 paras=[(f"Tekst zastępczy {uid} (SYNTHETIC).",)]))
    laws, problems, _ = guarded(page(15, doc=doc), 15)
    assert uid in [u.id for u in walk(laws[0].sections)]
    (warning,) = problems
    assert warning.startswith("outline-differs:") and "taken as printed" in warning
    assert f"page [{' '.join(u.id for u in walk(laws[0].sections))}]" in warning
    assert f"outline [{' '.join(u.id for u in OUTLINE.units(15))}]" in warning


def test_a_broken_printed_sequence_is_never_published() -> None:
    laws, problems, _ = guarded(page(27, markup=BrokenNumbers()), 27)
    assert laws == []
    assert any(p.startswith("typed-labels:") for p in problems)
    assert any(p.startswith("rejected-page:") for p in problems)


def test_navigation_words_in_law_text_are_never_published() -> None:
    html = page(64).replace("</h1>", "</h1>\n<p>strona tytułowa · spis treści · indeks · ← 63 · "
                            "→ 65 · EN: Law 64 Tekst zastępczy.</p>", 1)
    laws, problems, _ = guarded(html, 64)
    assert laws == [] and problems and "navigation words" in problems[0]


def test_lost_words_are_never_published() -> None:
    html = page(45)
    url = HOST + law_path(45, "pl")
    law, _ = read_law_page_2017(html, url, "", "pl", OUTLINE)
    first = next(u for u in walk(law.sections) if u.text)
    first.text = first.text.split(" ", 3)[-1]  # three words dropped by a faulty reading
    accepted, problems, _ = review_pages([SourcePage(url, "2017-law", html, [law], "utf-8", "")],
                                         OUTLINE)
    assert accepted == []
    assert [p.kind for p in problems] == ["nothing-lost", "rejected-page"]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_an_unlisted_section_marked_as_a_heading_gets_the_next_letter(lang: str) -> None:
    doc = copy.deepcopy(law_2017(81, lang))
    letter = chr(ord(doc.units[-1].label) + 1)
    doc.units.append(Node(f"81{letter}", 1, letter, title="Punkt dodatkowy",
                          paras=[("Tekst zastępczy (SYNTHETIC).",)]))
    laws, problems, _ = guarded(page(81, lang, doc=doc), 81, lang)
    assert laws[0].sections[-1].id == f"81{letter}"
    assert laws[0].sections[-1].title == "Punkt dodatkowy"
    assert [p.split(":")[0] for p in problems] == ["outline-differs"]


def test_a_page_far_from_the_outline_keeps_its_printed_ids_and_is_rejected() -> None:
    doc = copy.deepcopy(law_2017(12, "pl"))
    for node in doc.units:
        node.children = []  # every item of the law lost in one reading
    laws, problems, _ = guarded(page(12, doc=doc), 12)
    assert laws == [] and any("more than a different printing" in p for p in problems)


def test_sections_must_be_lettered_in_order() -> None:
    law, _ = read_law_page_2017(page(50), HOST + law_path(50, "pl"), "", "pl", OUTLINE)
    law.sections[1].label = "C"
    assert numbering_breaks(law) == ["law 50: sections lettered A C C D E, not A B C D E"]


@pytest.mark.parametrize("name, footnotes", [
    ("footnote", True), ("foot-note", True), ("przypisy", True), ("MsoFootnoteText", True),
    ("footer", False), ("page-footer", False), ("stopka", False)])
def test_a_footer_class_is_not_the_footnotes(name: str, footnotes: bool) -> None:
    assert footnote_class(name, "") is footnotes
