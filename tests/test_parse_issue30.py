"""Issue 30: a word processor's class names, lettered lists as sections, nav lines read by
where their links lead. Inline SYNTHETIC pages: placeholder wording, structure only."""

from __future__ import annotations

import pytest

from tools.config import Config
from tools.errors import SourceError
from tools.model import find_unit, unit_ids
from tools.normalize.outline import load_outline
from tools.parse.classes import class_words, heading_class
from tools.parse.html import load_page, page_blocks
from tools.parse.html_2017 import page_links_2017, parse_law_page_2017

PZBS = "https://www.pzbs.pl/sedziowie/mpb/2017/"
OUTLINE = load_outline(Config().outline_file)
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


# Law 56's shape: sections printed as an untitled lettered list under an opening sentence.
LETTERED_LIST = f"""<html><body>{NAV}<h1>Placeholder title</h1>
<p>Placeholder opening, the law may:</p>
<ol type="A"><li>placeholder section A text; or</li>
<li>placeholder section B text:<ol><li>placeholder B1</li><li>placeholder B2</li></ol></li>
</ol><p>Placeholder closing text.</p></body></html>"""
LETTERED_PARAGRAPHS = f"""<html><body>{NAV}<h1>Placeholder title</h1>
<p>Placeholder opening, the law may:</p>
<p>A. placeholder section A text; or</p>
<p>B. placeholder section B text:</p><ol><li>placeholder B1</li><li>placeholder B2</li></ol>
</body></html>"""


@pytest.mark.parametrize("outline", [None, OUTLINE], ids=["no-outline", "outline"])
@pytest.mark.parametrize("page", [LETTERED_LIST, LETTERED_PARAGRAPHS], ids=["ol", "paragraphs"])
def test_untitled_lettered_sections_are_the_laws_sections(page: str, outline) -> None:
    law = parse_law_page_2017(page.replace("12", "56").replace("11", "55").replace("13", "57"),
                              PZBS + "pl/p56.html", "", "pl", outline)
    assert unit_ids(law) == ["56", "56A", "56B", "56B1", "56B2"]
    assert law.text == "Placeholder opening, the law may:"
    assert find_unit(law, "56A").text == "placeholder section A text; or"
    assert find_unit(law, "56B").text == "placeholder section B text:"
    assert (find_unit(law, "56A").title, find_unit(law, "56B").label) == ("", "B")
    assert find_unit(law, "56B2").text.startswith("placeholder B2")


def test_a_lettered_list_under_headings_stays_an_items_list() -> None:
    # With section headings, an <ol type="A"> is a list inside a section, not the sections.
    page = LETTERED_LIST.replace("<p>Placeholder opening",
                                 "<h2>Placeholder heading</h2><p>Placeholder opening")
    law = parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")
    assert unit_ids(law)[:3] == ["12", "12A", "12A1"]


def test_numbered_items_before_any_section_still_stay_in_the_law_text() -> None:
    page = LETTERED_LIST.replace('type="A"', 'type="1"')
    law = parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")
    assert law.sections == [] and "1. placeholder section A text; or" in law.text


# Nav lines whose arrows are images: with alt text, without it, or no arrows at all.
BODY = """<h1>Placeholder title</h1><h2>Placeholder heading A</h2><p>Placeholder text of A.</p>
</body></html>"""
NAV_FORMS = {
    "alt-arrows": ('<p><a href="spis.html">spis treści</a> · <a href="p63.html"><img alt="←">'
                   ' 63</a> · <a href="p65.html"><img alt="→"> 65</a> · '
                   '<a href="../en/l64.html">EN: Law 64</a></p>'),
    "alt-outside": ('<p><img src="l.gif" alt="←"><a href="p63.html">63</a> '
                    '<img src="r.gif" alt="→"><a href="p65.html">65</a></p>'),
    "no-alt": ('<p><a href="p63.html"><img src="l.gif"> 63</a> | '
               '<a href="p65.html"><img src="r.gif"> 65</a> | '
               '<a href="../en/l64.html"><img src="en.gif"></a></p>'),
    "bare-numbers": '<div><a href="p63.html">63</a> <a href="p65.html">65</a></div>',
    "angles": '<p><a href="p63.html">&lt;&lt; 63</a> | <a href="p65.html">65 &gt;&gt;</a></p>',
}


@pytest.mark.parametrize("form", sorted(NAV_FORMS))
def test_nav_line_is_known_by_where_its_links_lead(form: str) -> None:
    url = PZBS + "pl/p64.html"
    page = f"<html><body>{NAV_FORMS[form]}\n{BODY}"
    law = parse_law_page_2017(page, url, "", "pl")
    assert unit_ids(law) == ["64", "64A"] and law.text == ""
    assert find_unit(law, "64A").text == "Placeholder text of A."
    assert [s.reason for s in law.stripped] == ["nav"]
    links = page_links_2017(page, url)
    assert (links.previous, links.next) == (PZBS + "pl/p63.html", PZBS + "pl/p65.html")
    if "EN" in NAV_FORMS[form] or "en.gif" in NAV_FORMS[form]:
        assert links.counterpart == PZBS + "en/l64.html"


def test_image_alt_text_is_read_in_place() -> None:
    page = NAV_FORMS["alt-arrows"]
    assert [b.text for b in page_blocks(load_page(page, "u"))] == [
        "spis treści · ← 63 · → 65 · EN: Law 64"]


def test_law_text_links_to_law_pages_are_not_a_nav_line() -> None:
    page = (f"<html><body>{NAV}<h1>Placeholder title</h1><h2>Placeholder heading A</h2>"
            '<p>Placeholder text, see <a href="p57.html#57A">57A</a>.</p>'
            '<p><a href="p13.html">Placeholder link to the next law page, a whole line</a></p>'
            "</body></html>")
    law = parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")
    assert find_unit(law, "12A").text.startswith("Placeholder text, see 57A.")
    assert find_unit(law, "12A").text.endswith("a whole line")


def test_navigation_words_left_in_law_text_are_an_error() -> None:
    # A nav line the rules cannot recognise (its links lead off the edition's pages).
    page = ('<html><body><p>Placeholder intro <a href="https://elsewhere.example/x">'
            '← 11</a> and <a href="https://elsewhere.example/y">→ 13</a></p>' + BODY)
    with pytest.raises(SourceError, match="navigation words '← 11' in the text of 12"):
        parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")


def test_plain_lettered_heading_lines_stay_headings_with_titles() -> None:
    # "A. Title" lines, each over its own text, are headings that print their letters.
    page = (f"<html><body>{NAV}<h1>Placeholder title</h1><p>A. Placeholder heading</p>"
            "<p>Placeholder text of A.</p><p>B. Placeholder heading two</p>"
            "<p>Placeholder text of B.</p></body></html>")
    law = parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")
    assert [(u.id, u.title, u.text) for u in law.sections] == [
        ("12A", "Placeholder heading", "Placeholder text of A."),
        ("12B", "Placeholder heading two", "Placeholder text of B.")]
