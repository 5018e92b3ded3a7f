"""The capture parsers on the real seed captures, and on broken captures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.errors import SourceError
from tools.model import Law, find_unit, walk
from tools.parse.capture import parse_capture, parse_capture_1997, parse_capture_2017

SNAPSHOT = Path(__file__).resolve().parent.parent / "tools" / "snapshot"


def _sources() -> dict[str, dict]:
    manifest = json.loads((SNAPSHOT / "manifest.json").read_text(encoding="utf-8"))
    return {Path(s["file"]).name[:3]: s for s in manifest["sources"]}


SOURCES = _sources()


def seed_text(prefix: str) -> str:
    return (SNAPSHOT / SOURCES[prefix]["file"]).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def laws_1997() -> dict[int, Law]:
    return {law.number: law for law in parse_capture_1997(seed_text("000"), SOURCES["000"])}


@pytest.fixture(scope="module")
def law_64() -> Law:
    return parse_capture_2017(seed_text("001"), SOURCES["001"])


@pytest.fixture(scope="module")
def law_45() -> Law:
    return parse_capture_2017(seed_text("002"), SOURCES["002"])


@pytest.fixture(scope="module")
def law_50() -> Law:
    return parse_capture_2017(seed_text("003"), SOURCES["003"])


def _all_text(law: Law) -> str:
    parts = [law.title, law.text, *law.notes, *(f.text for f in law.footnotes)]
    parts += [p for u in walk(law.sections) for p in (u.title, u.text)]
    return "\n".join(parts)


# --- 1997 chapter page ---------------------------------------------------------------------


def test_1997_page_holds_laws_41_to_71_in_order(laws_1997: dict[int, Law]) -> None:
    assert list(laws_1997) == list(range(41, 72))
    for law in laws_1997.values():
        assert (law.edition, law.lang) == (1997, "pl")
        assert law.chapter == "Rozdział VI ROZGRYWKA"
        assert law.source_url == "https://jfr.pzbs.pl/laws/nota9.htm"
        assert law.counterpart_url == f"https://jfr.pzbs.pl/laws/node9/law{law.number}.htm"


def test_1997_titles_keep_printed_capitals_and_typos(laws_1997: dict[int, Law]) -> None:
    assert laws_1997[42].title == "UPRAWNIENIA DZIADKA"  # glued to the end of 41D in the source
    assert laws_1997[44].title == "KOLEJNOŚĆ ZAGRAŃ l PRZEBIEG ROZGRYWKI"  # "l" as printed
    assert laws_1997[60].title == "ZAGRANIE PO ZAGRANIU NIEPRZEPISOWYM"  # glued with no period
    assert "lego nieprzepisowego" in laws_1997[56].text
    assert "a na takt ten zwrócono" in find_unit(laws_1997[45], "45D").text
    assert "renosu" in laws_1997[62].notes[0]


def test_1997_explicit_ids_and_texts(laws_1997: dict[int, Law]) -> None:
    b2b = find_unit(laws_1997[43], "43B2b")
    assert b2b is not None and b2b.level == 3 and b2b.label == "b"
    assert b2b.title == "Zapobiega fałszywemu renonsowi"
    assert b2b.text.startswith("jako pierwszy zapyta, czy dołożenie karty z ręki rozgrywającego")
    d2 = find_unit(laws_1997[62], "62D2")
    assert d2 is not None and d2.title == "Przed zagraniem partnera gracza wykraczającego"
    assert d2.text.startswith("jeżeli fałszywy renons popełnił obrońca zanim kolej zagrywania")
    # an item without a title: its line is its text ("5.Karta" has no space after the label)
    c5 = find_unit(laws_1997[45], "45C5")
    assert c5 is not None and c5.title == ""
    assert c5.text.startswith("Karta przygwożdżona lub karta przygwożdżona podrzędna")
    # an item that is only a title over sub-items
    c4 = find_unit(laws_1997[45], "45C4")
    assert c4.title == "Karta nazwana lub określona" and c4.text == ""
    assert [u.id for u in c4.children] == ["45C4a", "45C4b"]
    # a section with a title and no text at all
    e = find_unit(laws_1997[45], "45E")
    assert (e.title, e.text, e.children) == ("Piąta karta zagrana w lewie", "", [])


def test_1997_roman_points_stay_in_the_parent_text(laws_1997: dict[int, Law]) -> None:
    c2 = find_unit(laws_1997[45], "45C2")
    assert c2.text.split("\n") == [
        "Rozgrywający musi zagrać ze swojej ręki kartę:",
        "(I) odsłoniętą,",
        "(II) dotykającą lub prawie dotykającą stołu albo",
        "(III) umieszczoną w położeniu wskazującym, że została zagrana.",
    ]
    assert [u.id for u in c2.children] == []
    a2 = find_unit(laws_1997[64], "64A2")
    assert "(I) jeśli strona wykraczająca" in a2.text and "(II) ponadto" in a2.text


def test_1997_title_dash_quirk(laws_1997: dict[int, Law]) -> None:
    b = find_unit(laws_1997[57], "57B")
    assert b.title == "Partner wykraczającego nie może wykonać nałożonej kary"
    assert b.text.startswith("jeżeli partner wykraczającego nie ma możności")
    assert laws_1997[57].notes == []


def test_1997_parts_and_intro_text(laws_1997: dict[int, Law]) -> None:
    assert laws_1997[41].part == "Część I - Wytyczne postępowania"
    assert laws_1997[47].part == "Część I - Wytyczne postępowania"
    assert laws_1997[48].part == "Część II - Karta przygwożdżona"  # glued after 47F
    assert laws_1997[53].part == "Część III - Nieprawidłowe wyjścia i zagrania"
    assert laws_1997[65].part == "Część IV - Lewy"
    assert laws_1997[68].part == "Część V - Roszczenia i zrzeczenia"
    assert laws_1997[43].text == "Z wyłączeniem praw określonych w przepisie 42."
    assert laws_1997[49].sections == [] and laws_1997[49].text.startswith("Wyłączając")
    assert laws_1997[59].text.endswith("może zagrać przepisowo dowolną kartę")


def test_1997_trailing_notes(laws_1997: dict[int, Law]) -> None:
    assert laws_1997[45].notes == ["Pierwszego wyjścia dokonuje się kartą zakrytą."]
    for number in (50, 51):
        assert laws_1997[number].notes == [
            "Jeśli gracz nie może dokonać takiego wyjścia, patrz: przepis 59."
        ]
    assert laws_1997[53].notes == ["Lecz patrz C poniżej."]
    assert laws_1997[61].notes[0].startswith("W strefie 1 (Europa)")
    assert laws_1997[67].notes[0].startswith("Sędzia powinien zapobiec")
    for number in (69, 70, 71):
        assert laws_1997[number].notes[0].startswith("W odniesieniu do przepisów 69, 70 i 71")
    with_notes = sorted(n for n, law in laws_1997.items() if law.notes)
    assert with_notes == [45, 50, 51, 53, 61, 62, 67, 68, 69, 70, 71]


def test_1997_chrome_stripped_and_recorded(laws_1997: dict[int, Law]) -> None:
    for law in laws_1997.values():
        text = _all_text(law)
        assert "wesja" not in text and "zasłony" not in text
        assert ("wesja angielska", "english-link", law.id) in [
            (s.text, s.reason, s.where) for s in law.stripped
        ]
    screens = [(s.where, s.text) for law in laws_1997.values() for s in law.stripped]
    assert [w for w, t in screens if t == "zasłony"] == ["41A", "42B3", "43A1b"]
    assert find_unit(laws_1997[41], "41A").text.endswith("tego samego obrońcy.")
    assert laws_1997[41].stripped[0].where == ""  # the chapter heading's link
    footer = [(s.reason, s.text) for s in laws_1997[71].stripped if s.where == ""]
    assert footer == [
        ("nav", "poprzedni Rozdział V - LICYTACJA do góry następny Rozdział VII - DOBRE OBYCZAJE"),
        ("page-footer", "ostatnia modyfikacja: 6 grudnia 2001"),
    ]


# --- 2017 per-law pages --------------------------------------------------------------------


def test_2017_nav_line_stripped_and_recorded(law_64: Law, law_45: Law, law_50: Law) -> None:
    for law, prev, nxt in ((law_64, 63, 65), (law_45, 44, 46), (law_50, 49, 51)):
        assert (law.edition, law.lang) == (2017, "pl")
        nav = law.stripped[0]
        assert nav.reason == "nav" and nav.where == ""
        assert f"← {prev} → {nxt} EN: Law {law.number}" in nav.text
        assert "strona tytułowa" not in _all_text(law)
        assert law.counterpart_url.endswith(f"/en/l{law.number}.html")


def test_2017_titles_sections_and_intro(law_64: Law, law_45: Law, law_50: Law) -> None:
    assert law_64.title == "Postępowanie po uprawomocnieniu fałszywego renonsu"
    assert [s.title for s in law_64.sections] == [
        "Automatyczne przekazanie lew",
        "Brak automatycznego przekazania lew",
        "Rekompensata szkody",
    ]
    assert [s.id for s in law_45.sections] == [f"45{c}" for c in "ABCDEFG"]
    assert law_45.sections[5].text.startswith("Po wyłożeniu ręki dziadkowi nie wolno")
    assert law_50.text.startswith("Karta przedwcześnie odsłonięta przez obrońcę")
    assert len(law_50.sections) == 5
    assert law_64.sections[1].text.endswith("jeżeli:")  # a section intro, not a heading


def test_2017_footnotes_kept_and_markers_stay_in_text(law_64: Law, law_50: Law) -> None:
    assert [(f.marker, f.text[:30]) for f in law_64.footnotes] == [
        ("*", "Dla celów niniejszego przepisu")
    ]
    assert [f.marker for f in law_50.footnotes] == ["*", "**"]
    assert "lewę*, w\xa0której" in law_64.sections[0].children[0].text
    assert "przygwożdżona**." in _all_text(law_50)


def test_2017_printed_structure_before_normalizing(law_45: Law, law_50: Law) -> None:
    c = law_45.sections[2]
    assert [(u.label, len(u.children)) for u in c.children] == [
        ("1", 0),
        ("2", 2),
        ("3", 2),
        ("4", 0),
    ]
    d = law_50.sections[3]
    # Two depth-2 items printed before any depth-1 item hang from the item the page does not
    # print (50D1, empty); the "1." printed after them is the second item (50D2).
    assert [(u.label, u.text, [c.label for c in u.children]) for u in d.children] == [
        ("1", "", ["a", "b"]), ("2", d.children[1].text, ["a", "b"])]
    assert d.children[1].text.endswith("Rozgrywający może:")


# --- broken captures -----------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["000", "001"])
@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "empty capture"),
        ("  \n\n \t\n", "empty capture"),
        ("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary"),
        ("Rozdzia\ufffd VI\nROZGRYWKA", "binary"),
    ],
)
def test_empty_and_binary_captures_name_the_page(prefix: str, text: str, expected: str) -> None:
    source = SOURCES[prefix]
    with pytest.raises(SourceError) as error:
        parse_capture(text, source)
    assert expected in str(error.value)
    assert source["file"] in str(error.value) and source["url"] in str(error.value)


def test_page_of_another_site_is_refused() -> None:
    guide = seed_text("004")  # the club guide: a real page that is not law text
    with pytest.raises(SourceError, match="not a 1997 chapter page"):
        parse_capture_1997(guide, SOURCES["000"])
    with pytest.raises(SourceError, match="not a 2017 law page"):
        parse_capture_2017(guide, SOURCES["001"])
    with pytest.raises(SourceError, match="not a 2017 law page"):
        parse_capture_2017(seed_text("000"), SOURCES["001"])
    with pytest.raises(SourceError, match="not a 1997 chapter page"):
        parse_capture_1997(seed_text("001"), SOURCES["000"])


def test_truncated_captures_are_refused() -> None:
    chapter = seed_text("000")
    with pytest.raises(SourceError, match="truncated capture") as error:
        parse_capture_1997(chapter[: len(chapter) // 2], SOURCES["000"])
    assert "000_ad69fec98fd503ab.txt" in str(error.value)
    law = seed_text("001")
    cut = law.index("niezagranie karty") + 5  # mid-word, mid-sentence
    with pytest.raises(SourceError, match="truncated capture"):
        parse_capture_2017(law[:cut], SOURCES["001"])
    with pytest.raises(SourceError, match="truncated capture"):
        parse_capture_2017(law[: law.index("\n\nRekompensata szkody") + 21], SOURCES["001"])
    with pytest.raises(SourceError, match="truncated capture"):
        parse_capture_2017(law.split("\n")[0], SOURCES["001"])


def test_wrong_law_number_for_the_manifest_entry() -> None:
    with pytest.raises(SourceError, match="page is Law 45, the manifest says Law 64"):
        parse_capture_2017(seed_text("002"), SOURCES["001"])


def test_missing_law_heading_breaks_the_sequence() -> None:
    text = seed_text("000").replace("46. NIEPEŁNE", "NIEPEŁNE")
    with pytest.raises(SourceError, match="law 47 follows law 45"):
        parse_capture_1997(text, SOURCES["000"])


@pytest.mark.parametrize("prefix", ["000", "001", "002", "003"])
def test_any_cut_of_a_seed_parses_or_raises_source_error(prefix: str) -> None:
    text = seed_text(prefix)
    step = max(1, len(text) // 97)
    for cut in range(0, len(text), step):
        try:
            parse_capture(text[:cut], SOURCES[prefix])
        except SourceError:
            pass  # a clear error naming the page is the expected outcome for most cuts
