"""Issue 30: a word processor's class names, lettered lists as sections, nav lines read by
where their links lead. Inline SYNTHETIC pages: placeholder wording, structure only."""

from __future__ import annotations

import pytest

from tools.model import find_unit, unit_ids
from tools.parse.classes import class_words, heading_class
from tools.parse.html import load_page, page_blocks
from tools.parse.html_2017 import parse_law_page_2017

PZBS = "https://www.pzbs.pl/sedziowie/mpb/2017/"
NAV = ('<p><a href="p11.html">← 11</a> · <a href="p13.html">→ 13</a> · '
       '<a href="../en/l12.html">EN: Law 12</a></p>')

# "Save as web page": the wrapper div is the page's section 1, every paragraph MsoNormal.
WORD_PAGE = f"""<html><body><div class="WordSection1">{NAV}
<p class="MsoTitle">Placeholder title</p>
<h2>Placeholder heading A</h2>
<p class="MsoNormal">Placeholder line of A with no final stop</p>
<p class="MsoNormal">Placeholder text of A.</p>
<h2>Placeholder heading B</h2>
<p class="MsoNormal">Placeholder text of B.</p>
</div></body></html>"""


@pytest.mark.parametrize(("name", "words"), [
    ("WordSection1", ["Word", "Section", "1"]), ("section-title", ["section", "title"]),
    ("MsoNormal", ["Mso", "Normal"]), ("nagłówekSekcji", ["nagłówek", "Sekcji"]),
])
def test_class_names_are_read_as_words(name: str, words: list[str]) -> None:
    assert class_words(name) == words


@pytest.mark.parametrize(("classes", "single", "heading"), [
    ("WordSection1", True, False), ("MsoNormal", True, False), ("msonormal", True, False),
    ("header", True, False), ("crosssection", True, False),
    ("MsoTitle", True, True), ("section-title", False, True), ("sectionHead", True, True),
    ("naglowek", True, True), ("tytul", False, True), ("sekcja", True, True),
    ("section", True, True), ("section", False, False),  # a heading line, not a wrapper
])
def test_heading_class_names_a_heading_not_a_word_containing_section(
        classes: str, single: bool, heading: bool) -> None:
    assert heading_class(classes, "", single) is heading


def test_word_processor_wrapper_does_not_make_every_block_a_heading() -> None:
    blocks = page_blocks(load_page(WORD_PAGE, "u"))
    levels = {b.text: b.heading for b in blocks}
    assert levels["Placeholder title"] == 2 and levels["Placeholder heading A"] == 3
    assert levels["Placeholder line of A with no final stop"] == 0
    assert levels["Placeholder text of B."] == 0


def test_word_processor_page_gets_its_sections_from_its_headings() -> None:
    law = parse_law_page_2017(WORD_PAGE, PZBS + "pl/p12.html", "", "pl")
    assert law.title == "Placeholder title"
    assert unit_ids(law) == ["12", "12A", "12B"]
    assert find_unit(law, "12A").text == ("Placeholder line of A with no final stop\n\n"
                                          "Placeholder text of A.")
