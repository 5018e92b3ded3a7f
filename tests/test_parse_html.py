"""HTML adapters on the saved fixtures: ids, texts, footnotes, counterpart links, chrome, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.config import Config
from tools.errors import SourceError
from tools.model import Law, find_unit, unit_ids, walk
from tools.normalize.outline import load_outline
from tools.parse.html_1997 import parse_chapter_page_1997, parse_law_page_1997_en
from tools.parse.html_2017 import page_links_2017, parse_law_page_2017
from tools.sources.decode import decode_page

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "html"
WEB = FIXTURES / "web"
SEEDS = ROOT / "tools" / "snapshot" / "seeds"
PZBS = "https://www.pzbs.pl/sedziowie/mpb/2017/"
JFR = "https://jfr.pzbs.pl/laws/"


def read(path: Path) -> str:
    """A fixture decoded the way the crawler decodes pages."""
    return decode_page(path.read_bytes(), {}, str(path)).text


def seed(prefix: str) -> str:
    """The text of a bundled capture."""
    return next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


OUTLINE = load_outline(Config().outline_file)


def law_2017(name: str, lang: str = "pl") -> Law:
    return parse_law_page_2017(read(WEB / f"sedziowie/mpb/2017/{lang}/{name}"),
                               f"{PZBS}{lang}/{name}", "2026-11-22", lang, OUTLINE)


def chapter_1997() -> list[Law]:
    return parse_chapter_page_1997(read(WEB / "laws/nota9.htm"), JFR + "nota9.htm", "2001-12-06")


def text_of(law: Law, unit_id: str) -> str:
    unit = find_unit(law, unit_id)
    assert unit is not None, f"{unit_id} missing from {unit_ids(law)}"
    return unit.text


# 2017 Polish pages


def test_law45_ids_follow_the_list_structure() -> None:
    law = law_2017("p45.html")
    assert (law.number, law.edition, law.lang, law.title) == (45, 2017, "pl", "Karta zagrana")
    assert unit_ids(law) == [
        "45", "45A", "45B", "45C", "45C1", "45C2", "45C2a", "45C2b", "45C3", "45C4", "45C4a",
        "45C4b", "45C5", "45D", "45D1", "45D2", "45E", "45E1", "45E2", "45F", "45G",
    ]
    assert [u.level for u in walk(law.sections)][:7] == [1, 1, 1, 2, 2, 3, 3]
    assert find_unit(law, "45C").title == "Karta uważana za zagraną"
    assert find_unit(law, "45C2b").label == "b"


def test_li_holding_only_a_nested_list_is_kept_with_empty_text() -> None:
    law = law_2017("p45.html")
    c4 = find_unit(law, "45C4")
    assert c4.text == "" and [u.id for u in c4.children] == ["45C4a", "45C4b"]
    assert text_of(law, "45C4a").startswith("Karta jest zagrana, jeśli gracz nazwał ją")
    assert text_of(law, "45C5").startswith("Może zaistnieć obowiązek")


def test_law45_text_is_the_capture_text_and_links_are_plain_text() -> None:
    # Faithful text: the capture's no-break spaces ("i\xa0kładąc") survive as they are.
    capture = seed("002")
    law = law_2017("p45.html")
    for unit in walk(law.sections):
        assert unit.text in capture, unit.id
        assert unit.title in capture, unit.id
    assert text_of(law, "45A").endswith("kładąc odsłoniętą* przed sobą na stole.")
    assert "(patrz przepisy 47D16C1)" in text_of(law, "45C4b")  # adjacent links, no separator


def test_law45_footnote_nav_and_counterpart() -> None:
    law = law_2017("p45.html")
    assert [(f.marker, f.text) for f in law.footnotes] == [
        ("*", "Pierwszego wyjścia dokonuje się kartą zakrytą, o\xa0ile Organizacja "
              "Nadzorująca nie zaleci inaczej.")
    ]
    assert law.counterpart_url == PZBS + "en/l45.html"
    assert [(s.reason, s.text) for s in law.stripped] == [
        ("nav", "strona tytułowa | spis treści | indeks | ← 44 | → 46 | EN: Law 45")
    ]
    assert law.source_url == PZBS + "pl/p45.html" and law.fetch_date == "2026-11-22"
    everything = law.text + "".join(u.text + u.title for u in walk(law.sections))
    assert "spis treści" not in everything and "console.log" not in everything


def test_law50_intro_text_explicit_anchors_and_footnote_block() -> None:
    law = law_2017("p50.html")
    assert law.title == "Dysponowanie kartą przygwożdżoną"
    assert law.text.startswith("Karta przedwcześnie odsłonięta przez obrońcę")
    assert unit_ids(law) == [
        "50", "50A", "50B", "50C", "50D", "50D1", "50D1a", "50D1b", "50D2", "50D2a", "50D2b",
        "50E", "50E1", "50E2", "50E3", "50E4",
    ]
    assert find_unit(law, "50D1").text == ""
    assert text_of(law, "50D").startswith("Dopóki obrońca ma normalną kartę")
    assert text_of(law, "50D2").endswith("Rozgrywający może:")
    assert text_of(law, "50D2a").startswith("Nakazać* albo zakazać* obrońcy")
    assert [f.marker for f in law.footnotes] == ["*", "**"]
    assert law.footnotes[1].text.endswith("obowiązują nadal w\xa0następnej lewie.")
    assert law.counterpart_url == PZBS + "en/l50.html"
    assert law.stripped[0].text.endswith("← 49 | → 51 | EN: Law 50")
    capture = seed("003")
    assert all(u.text in capture for u in walk(law.sections))
    assert all(f.text in capture for f in law.footnotes)


def test_law64_start_value_two_headings_and_explicit_id_winning() -> None:
    law = law_2017("p64.html")
    assert law.title == "Postępowanie po uprawomocnieniu fałszywego renonsu"
    assert [u.id for u in find_unit(law, "64B").children] == [f"64B{i}" for i in range(1, 9)]
    assert text_of(law, "64B8") == "Fałszywy renons został poprawiony według przepisu 62C3."
    assert text_of(law, "64B5") == "Uwagę na fałszywy renons zwrócono po zakończeniu rundy."
    # The second <ol> restarts at 1, but its explicit id="64C2" wins over "64C1".
    c = find_unit(law, "64C")
    assert [u.id for u in c.children] == ["64C1", "64C2"]
    assert [u.label for u in c.children] == ["1", "2"]
    assert [u.id for u in c.children[1].children] == ["64C2a", "64C2b"]
    assert find_unit(law, "64A").title == "Automatyczne przekazanie lew"
    assert text_of(law, "64A") == "Gdy fałszywy renons uprawomocnił się i:"
    # The nav line top and bottom and "Przepis 64", printed apart from the title, recorded
    # in page order.
    assert [(s.reason, s.text) for s in law.stripped] == [
        ("nav", law.stripped[0].text), ("law-number", "Przepis 64"),
        ("nav", law.stripped[0].text)]
    assert len(law.footnotes) == 1
    capture = seed("001")
    assert all(u.text in capture and "\r" not in u.text for u in walk(law.sections))


@pytest.mark.parametrize("number", [45, 50])
def test_english_2017_page_prints_no_title_and_keeps_the_section_letters(number: int) -> None:
    # The English pages go from the nav line to section A's heading: the title is the
    # outline's, and section A stays A (it is not taken for the title).
    law = law_2017(f"l{number}.html", "en")
    assert (law.lang, law.number, law.title) == ("en", number, OUTLINE.title(number, "en"))
    assert law.counterpart_url == PZBS + f"pl/p{number}.html"
    assert unit_ids(law) == unit_ids(law_2017(f"p{number}.html"))  # same ids as the Polish
    assert find_unit(law, f"{number}A").title == "Synthetic heading A"
    assert law.stripped[0].text.endswith(f"PL: przepis {number}")
    assert [s.reason for s in law.stripped] == ["nav"]


def test_english_2017_page_without_the_outline_cannot_know_its_title() -> None:
    html = read(WEB / "sedziowie/mpb/2017/en/l45.html")
    with pytest.raises(SourceError, match="no title heading"):
        parse_law_page_2017(html, PZBS + "en/l45.html", "", "en")


def test_table_of_contents_links() -> None:
    url = PZBS + "pl/spis.html"
    links = page_links_2017(read(WEB / "sedziowie/mpb/2017/pl/spis.html"), url)
    assert links.laws == [PZBS + "pl/p45.html", PZBS + "pl/p50.html"]
    assert (links.counterpart, links.previous, links.next) == ("", "", "")


def test_law_page_links() -> None:
    links = page_links_2017(read(WEB / "sedziowie/mpb/2017/pl/p45.html"), PZBS + "pl/p45.html")
    assert links.previous == PZBS + "pl/p44.html" and links.next == PZBS + "pl/p46.html"
    assert links.counterpart == PZBS + "en/l45.html"


# 1997 pages


def test_chapter_page_is_split_into_laws_with_titles_and_english_links() -> None:
    laws = chapter_1997()
    assert [(law.number, law.title) for law in laws] == [
        (41, "ROZPOCZĘCIE ROZGRYWKI"),
        (42, "UPRAWNIENIA DZIADKA"),
        (43, "OGRANICZENIA DOTYCZĄCE DZIADKA"),
        (44, "KOLEJNOŚĆ ZAGRAŃ l PRZEBIEG ROZGRYWKI"),  # the source's "l" kept
    ]
    assert [law.counterpart_url for law in laws] == [
        f"{JFR}node9/law{n}.htm" for n in (41, 42, 43, 44)
    ]
    assert all((law.edition, law.lang) == (1997, "pl") for law in laws)
    assert {law.chapter for law in laws} == {"Rozdział VI ROZGRYWKA"}  # as parse_capture
    assert {law.part for law in laws} == {"Część I - Wytyczne postępowania"}


def test_chapter_page_labels_and_glued_titles() -> None:
    law41, law42, law43, law44 = chapter_1997()
    assert unit_ids(law41) == ["41", "41A", "41B", "41C", "41D"]
    # "...ręki dziadka.42. UPRAWNIENIA DZIADKA": the glued sentence stays with 41D.
    assert text_of(law41, "41D").endswith("kartami swojej ręki oraz kartami ręki dziadka.")
    assert find_unit(law41, "41A").title == "Pierwsze wyjście zakrytą kartą"
    assert text_of(law41, "41A").startswith("gdy po odzywce, kontrze albo rekontrze")
    assert law43.text == "Z wyłączeniem praw określonych w przepisie 42."
    assert "43A1c" in unit_ids(law43) and "43B2b" in unit_ids(law43)
    assert find_unit(law43, "43A1").title == "Ograniczenia ogólne"
    assert text_of(law43, "43B3").endswith("w celu przywrócenia sprawiedliwości.")
    assert text_of(law42, "42A1") == ("udzielania - w obecności sędziego - informacji "
                                      "dotyczących taktu lub przepisu.")  # "taktu" (sic) kept
    assert unit_ids(law44)[-1] == "44G"
    capture = seed("000")
    for law in (law41, law42, law43, law44):
        for unit in walk(law.sections):
            assert unit.text in capture and unit.title in capture, unit.id


def test_chapter_page_strips_and_records_link_chrome() -> None:
    law41, law42, law43, law44 = chapter_1997()
    assert ("screens-link", "zasłony", "41A") in [(s.reason, s.text, s.where)
                                                  for s in law41.stripped]
    assert ("screens-link", "zasłony", "42B3") in [(s.reason, s.text, s.where)
                                                   for s in law42.stripped]
    assert ("english-link", "wesja angielska", "43") in [(s.reason, s.text, s.where)
                                                         for s in law43.stripped]
    assert [(s.reason, s.where) for s in law41.stripped] == [
        ("english-link", ""), ("english-link", "41"), ("screens-link", "41A")]  # as parse_capture
    assert [s.reason for s in law44.stripped][-2:] == ["nav", "page-footer"]
    assert law44.stripped[-1].text == "ostatnia modyfikacja: 6 grudnia 2001"
    for law in (law41, law42, law43, law44):
        for unit in walk(law.sections):
            assert "zasłony" not in unit.text and "angielska" not in unit.text


def test_english_1997_page() -> None:
    url = JFR + "node9/law41.htm"
    law = parse_law_page_1997_en(read(WEB / "laws/node9/law41.htm"), url, "2026-11-22")
    assert (law.number, law.edition, law.lang) == (41, 1997, "en")
    assert law.title == "SYNTHETIC TITLE OF LAW 41"
    assert law.text == "Placeholder opening sentence of law 41."
    assert unit_ids(law) == ["41", "41A", "41B", "41B1", "41B2", "41B2a", "41B2b"]
    assert find_unit(law, "41A").title == "Synthetic Heading A"
    assert text_of(law, "41A") == "Placeholder text of section A."
    assert find_unit(law, "41B2").title == "Synthetic Heading B2"
    assert text_of(law, "41B2a") == "placeholder sub-item B2a;"
    assert law.counterpart_url == JFR + "nota9.htm"
    assert [s.reason for s in law.stripped] == ["nav", "law-number", "polish-link",
                                                "page-footer"]


# Pages that do not fit


@pytest.mark.parametrize(
    "name, expected",
    [
        ("empty.html", "empty page"),
        ("truncated.html", "truncated HTML"),
        ("no_title.html", "no title heading"),
        ("other_site.html", "no law number"),
        ("numbers_disagree.html", "law numbers disagree: 46 from title"),
        ("heading_only.html", "no text or sections"),
        ("duplicate_ids.html", "unit id 45A1 occurs twice"),
    ],
)
def test_bad_2017_pages_are_source_errors_naming_the_url(name: str, expected: str) -> None:
    url = PZBS + "pl/p45.html"
    with pytest.raises(SourceError) as error:
        parse_law_page_2017((FIXTURES / "bad" / name).read_text(encoding="utf-8"), url,
                            "2026-11-22", "pl")
    assert error.value.where == url
    assert expected in error.value.message


def test_binary_garbage_is_refused_by_decoder_and_parser() -> None:
    body = (FIXTURES / "bad" / "binary.html").read_bytes()
    with pytest.raises(SourceError, match="not a text page"):
        decode_page(body, {}, "http://127.0.0.1/binary.html")
    with pytest.raises(SourceError, match="not an HTML page"):
        parse_law_page_2017(body.decode("latin-1"), "http://x/p1.html", "", "pl")


@pytest.mark.parametrize(
    "parse, name, expected",
    [
        (lambda h, u: parse_chapter_page_1997(h, u, ""), "chapter_without_laws.htm",
         "no law titles"),
        (lambda h, u: parse_chapter_page_1997(h, u, ""), "truncated.html", "truncated"),
        (lambda h, u: parse_law_page_1997_en(h, u, ""), "other_site.html", "no \"LAW NN"),
        (lambda h, u: parse_law_page_1997_en(h, u, ""), "empty.html", "empty page"),
    ],
)
def test_bad_1997_pages_are_source_errors(parse, name: str, expected: str) -> None:
    url = JFR + "nota9.htm"
    with pytest.raises(SourceError) as error:
        parse((FIXTURES / "bad" / name).read_text(encoding="utf-8"), url)
    assert error.value.where == url and expected in error.value.message


def test_a_2017_page_is_not_a_1997_chapter() -> None:
    with pytest.raises(SourceError, match="no law titles"):
        parse_chapter_page_1997(read(WEB / "sedziowie/mpb/2017/pl/p45.html"), JFR, "")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(SourceError, match="unknown language"):
        parse_law_page_2017(read(WEB / "sedziowie/mpb/2017/pl/p45.html"), PZBS, "", "de")


# Markup variants (inline synthetic pages: placeholder wording, structure only)

VARIANT = """<html><body>
<div><a href="p11.html">poprzedni</a> · <a href="p13.html">następny</a> ·
<a href="../en/l12.html">English</a></div>
<h1>Placeholder title</h1>
<h3>B. Placeholder heading that prints its letter</h3>
<font face="Arial"><ol type="1"><li>Placeholder B1.<ol><li>Placeholder B1a.
<ol type="i"><li>deep one</li><li>deep two</li></ol></li></ol></li></ol></font>
<h3>Placeholder heading after it</h3><p>Placeholder C text.</p>
<p>Placeholder second paragraph of C.</p>
</body></html>"""


def test_variant_navigation_words_bare_language_link_and_printed_letters() -> None:
    url = PZBS + "pl/p12.html"
    law = parse_law_page_2017(VARIANT, url, "2026-11-22", "pl")
    assert law.number == 12 and law.counterpart_url == PZBS + "en/l12.html"
    assert unit_ids(law) == ["12", "12B", "12B1", "12B1a", "12B1ai", "12B1aii", "12C"]
    assert find_unit(law, "12B").title == "Placeholder heading that prints its letter"
    assert find_unit(law, "12B1ai").level == 4
    assert text_of(law, "12C") == "Placeholder C text.\n\nPlaceholder second paragraph of C."
    assert [s.reason for s in law.stripped] == ["nav"]
    links = page_links_2017(VARIANT, url)
    assert (links.previous, links.next) == (PZBS + "pl/p11.html", PZBS + "pl/p13.html")


def test_item_numbers_that_cannot_be_labels_are_errors() -> None:
    page = VARIANT.replace('<ol type="1"><li>', '<ol type="1"><li value="0">')
    assert page != VARIANT
    with pytest.raises(SourceError, match="list item number 0 under 12B"):
        parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")


def mutations(text: str, count: int, seed: int) -> list[str]:
    """Damaged copies of a page: cut, cut-and-closed, stray tags inserted."""
    import random

    rng = random.Random(seed)
    stray = ["<ol>", "<li>", "</ol>", "<h2>", "<a name='45C9'>", "<p>* x</p>", "<ol start='x'>",
             "<li value='99'>", "</body></html>", "\x00"]
    out = []
    for _ in range(count):
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randrange(300))
        out.append(rng.choice([
            text[:i] + text[j:],
            text[:i] + "</html>",
            text[:i] + rng.choice(stray) + text[i:],
        ]))
    return out


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.htm*")), ids=lambda p: p.name)
def test_damaged_pages_give_a_law_or_a_source_error_never_a_traceback(path: Path) -> None:
    parsers = [
        lambda html: parse_law_page_2017(html, PZBS + "pl/p45.html", "", "pl"),
        lambda html: parse_chapter_page_1997(html, JFR + "nota9.htm", ""),
        lambda html: parse_law_page_1997_en(html, JFR + "node9/law41.htm", ""),
    ]
    for damaged in mutations(read(path), 40, seed=len(path.name)):
        for parse in parsers:
            try:
                parse(damaged)
            except SourceError as error:
                assert error.where.startswith(("https://", "http://"))


def test_image_links_count_by_their_alt_text() -> None:
    # The 1997 pages use flag and screen icons; the fixture has both image and text links.
    raw = (WEB / "laws/nota9.htm").read_bytes().decode("windows-1250")
    assert 'alt="wesja angielska"' in raw and 'alt="zasłony"' in raw
    law42 = chapter_1997()[1]
    assert law42.counterpart_url == JFR + "node9/law42.htm"  # an image link
    assert ("screens-link", "zasłony", "42B3") in [(s.reason, s.text, s.where)
                                                   for s in law42.stripped]
    url = JFR + "node9/law42.htm"
    english = parse_law_page_1997_en(read(WEB / "laws/node9/law42.htm"), url, "")
    assert english.counterpart_url == JFR + "nota9.htm"
    assert english.title == "SYNTHETIC TITLE OF LAW 42"  # the flag sits on the title line
    assert ("polish-link", "wesja polska") in [(s.reason, s.text) for s in english.stripped]


def test_items_before_any_section_stay_in_the_law_text_with_their_numbers() -> None:
    # "5" + "1" would read as Law 51, so such items get no ids of their own.
    page = """<html><body><p><a href="p4.html">← 4</a> | <a href="p6.html">→ 6</a></p>
<h1>Placeholder title</h1><p>Placeholder opening.</p>
<ol><li>Placeholder one.</li><li>Placeholder two:<ol><li>placeholder a</li></ol></li></ol>
</body></html>"""
    law = parse_law_page_2017(page, PZBS + "pl/p5.html", "", "pl")
    assert law.sections == []
    assert law.text == ("Placeholder opening.\n\n1. Placeholder one.\n\n2. Placeholder two:"
                        "\n\na. placeholder a")


def test_1997_items_before_any_section_stay_in_the_law_text() -> None:
    page = """<html><body><p>5. PLACEHOLDER TITLE <a href="node1/law5.htm">wersja angielska</a></p>
<p>Placeholder opening.<br>1. Placeholder one.<br>- placeholder dash text<br>
A. Placeholder Section<br>- placeholder section text</p></body></html>"""
    (law,) = parse_chapter_page_1997(page, JFR + "nota1.htm", "")
    assert law.text == ("Placeholder opening.\n\n1. Placeholder one.\n\n"
                        "placeholder dash text")
    assert unit_ids(law) == ["5", "5A"] and text_of(law, "5A") == "placeholder section text"


def test_1997_title_or_text_after_a_label() -> None:
    # Polish: a title when a "- " line follows (or, for an item, sub-items after words that
    # are no sentence); (I), (II) lines continue the sentence of their item.
    page = """<html><body><p>45. PLACEHOLDER <a href="node9/law45.htm">wesja angielska</a></p>
<p>C. Placeholder Section<br>2. Placeholder item that is text:<br>(I) first part,<br>
(II) second part.<br>4. Placeholder item heading<br>a) Placeholder sub heading<br>
- placeholder sub text<br>b) placeholder sub text without dash<br>
5.Placeholder glued item text.</p></body></html>"""
    (law,) = parse_chapter_page_1997(page, JFR + "nota9.htm", "")
    assert unit_ids(law) == ["45", "45C", "45C2", "45C4", "45C4a", "45C4b", "45C5"]
    assert text_of(law, "45C2") == ("Placeholder item that is text:\n(I) first part,\n"
                                    "(II) second part.")
    assert find_unit(law, "45C4").title == "Placeholder item heading"
    assert find_unit(law, "45C4a").title == "Placeholder sub heading"
    assert text_of(law, "45C4a") == "placeholder sub text"
    assert text_of(law, "45C4b") == "placeholder sub text without dash"
    assert text_of(law, "45C5") == "Placeholder glued item text."
    # English: a title when the words read as a heading; the text follows without a dash.
    english = """<html><body><h2>LAW 45 - PLACEHOLDER</h2><p>A. Placeholder Heading<br>
placeholder text of A.<br>1. When placeholder text stands on the label line.<br>
B. Placeholder text of B on its label line.</p></body></html>"""
    law = parse_law_page_1997_en(english, JFR + "node9/law45.htm", "")
    assert find_unit(law, "45A").title == "Placeholder Heading"
    assert text_of(law, "45A") == "placeholder text of A."
    assert text_of(law, "45A1") == "When placeholder text stands on the label line."
    assert (find_unit(law, "45B").title, text_of(law, "45B")) == (
        "", "Placeholder text of B on its label line.")


def capture_as_html(text: str) -> str:
    """The 1997 capture turned back into a page: each line a <br>-separated line, law titles
    bold with an English-version link, "zasłony" an icon link, the footer nav a link."""
    import html
    import re

    def line(raw: str) -> str:
        out = html.escape(raw, quote=False)
        out = re.sub(r"(?<=[.)])zasłony", '<a href="z.htm"><img alt="zasłony"></a>', out)
        out = re.sub(r"(\d\d)\. ([A-ZĄĆĘŁŃÓŚŹŻ]{2}.*?)\xa0wesja angielska",
                     r'<b>\1. \2</b>&nbsp;<a href="node9/law\1.htm">wesja angielska</a>', out)
        out = out.replace("ROZGRYWKA\xa0wesja angielska",
                          'ROZGRYWKA&nbsp;<a href="node9/index.htm">wesja angielska</a>')
        return out.replace("poprzedni Rozdział", '<a href="nota8.htm">poprzedni</a> Rozdział')

    return "<html><body><p>" + "<br>\n".join(map(line, text.splitlines())) + "</p></body></html>"


def test_chapter_adapter_agrees_with_the_capture_adapter_on_the_whole_chapter() -> None:
    # The same text read from HTML and from the bundled text capture gives the same laws.
    import json

    from tools.parse.capture import parse_capture_1997

    source = json.loads((ROOT / "tools/snapshot/manifest.json").read_text())["sources"][0]
    text = seed("000")
    captured = parse_capture_1997(text, source)
    parsed = parse_chapter_page_1997(capture_as_html(text), source["url"], source["fetch_date"])
    assert [law.number for law in parsed] == list(range(41, 72))
    for mine, theirs in zip(parsed, captured, strict=True):
        assert (mine.number, mine.title, mine.chapter, mine.part, mine.text, mine.notes) == (
            theirs.number, theirs.title, theirs.chapter, theirs.part, theirs.text, theirs.notes)
        assert [(u.id, u.level, u.label, u.title, u.text) for u in walk(mine.sections)] == [
            (u.id, u.level, u.label, u.title, u.text) for u in walk(theirs.sections)], mine.id
        assert sorted((s.reason, s.where) for s in mine.stripped) == sorted(
            (s.reason, s.where) for s in theirs.stripped), mine.id


@pytest.mark.parametrize("name", ["p45.html", "p50.html", "p64.html"])
def test_2017_ids_rebuilt_from_markup_match_the_official_outline(name: str) -> None:
    # The outline (tools/data/outline_2017.json) lists the ids people cite; ids rebuilt from
    # the list structure need no realignment, empty items (45C4, 50D1, 64C2) included.
    from tools.config import Config
    from tools.normalize.law_ids import align_law
    from tools.normalize.outline import load_outline

    law = law_2017(name)
    aligned, problems = align_law(law, load_outline(Config().outline_file))
    assert problems == []
    assert unit_ids(aligned) == unit_ids(law)
    assert unit_ids(law) == [law.id, *(u.id for u in load_outline(Config().outline_file)
                                       .units(law.number))]


@pytest.mark.parametrize("heading", ["Przepis 12 – Placeholder title",
                                     "PRAWO 12: Placeholder title", "12. Placeholder title",
                                     "Law 12 - Placeholder title"])
def test_numbered_title_forms(heading: str) -> None:
    page = VARIANT.replace("<h1>Placeholder title</h1>", f"<h1>{heading}</h1>")
    law = parse_law_page_2017(page, PZBS + "pl/p12.html", "", "pl")
    assert (law.number, law.title) == (12, "Placeholder title")


def test_other_image_links_are_stripped_and_recorded_not_read_as_text() -> None:
    page = """<html><body><p>45. PLACEHOLDER <a href="node9/law45.htm">wesja angielska</a></p>
<p>A. Placeholder Section<br>- placeholder text.<a href="#f1"><img alt="przypis"></a>
<a href="#f2"><img src="arrow.gif"></a></p></body></html>"""
    (law,) = parse_chapter_page_1997(page, JFR + "nota9.htm", "")
    assert text_of(law, "45A") == "placeholder text."
    assert [(s.reason, s.text, s.where) for s in law.stripped if s.reason == "image-link"] == [
        ("image-link", "przypis", "45A"), ("image-link", "(image link without alt text)", "45A")]


def test_english_1997_page_in_the_latex2html_layout() -> None:
    # SYNTHETIC: the layout of the real 1997 English pages (breadcrumb lines, "LAW 63" on its
    # own line and the title on the next, every line a list item, a Next/Previous/Last
    # modified footer whose year wraps), with placeholder wording.
    page = """<html><body><h1>CHAPTER VI</h1><h2>The Play</h2><h2>PART III</h2>
<h3>PLACEHOLDER PART TITLE</h3><h3>SECTION THREE</h3><h3>PLACEHOLDER GROUP</h3>
<ul><li>LAW 63<li>PLACEHOLDER TITLE OF LAW 63<li>A. Placeholder Heading A
<li>Placeholder text of A:<li>1. Placeholder Item Heading
<li>placeholder text of item 1, see <a href="law61.htm">61B</a>.
<li>B. Placeholder Heading B<li>Placeholder text of B (see <a href="law43.htm">43B2(b)</a>).</ul>
<hr>Next: <a href="law64.htm">Law 64 - PLACEHOLDER NEXT</a><br>
Previous: <a href="law62.htm">Law 62 - PLACEHOLDER PREVIOUS</a><br>
<address>Last modified: Mon Oct 13 17:31:09<br>1997</address></body></html>"""
    law = parse_law_page_1997_en(page, JFR + "node9/law63.htm", "")
    assert (law.number, law.title) == (63, "PLACEHOLDER TITLE OF LAW 63")
    assert unit_ids(law) == ["63", "63A", "63A1", "63B"]
    assert find_unit(law, "63A").title == "Placeholder Heading A"
    assert text_of(law, "63A") == "Placeholder text of A:"
    assert find_unit(law, "63A1").title == "Placeholder Item Heading"
    assert text_of(law, "63A1") == "placeholder text of item 1, see 61B."
    assert text_of(law, "63B") == "Placeholder text of B (see 43B2(b))."
    reasons = [(s.reason, s.text) for s in law.stripped]
    assert [r for r, _ in reasons] == ["page-header"] * 6 + ["law-number", "nav", "nav",
                                                            "page-footer", "page-footer"]
    assert reasons[-1] == ("page-footer", "1997")


def test_script_or_hidden_text_between_list_items_never_reaches_a_unit() -> None:
    # SYNTHETIC: stray elements placed directly inside a list, between its items.
    from tools.parse.html import load_page, page_blocks

    page = ('<html><body><ol><li>placeholder a</li><script>evil()</script><style>x{}</style>'
            '<span style="display:none">hidden words</span><span hidden>more</span>'
            '<li>placeholder b</li></ol></body></html>')
    assert [b.text for b in page_blocks(load_page(page, "u"))] == ["placeholder a",
                                                                     "placeholder b"]
