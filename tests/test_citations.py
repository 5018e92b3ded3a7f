"""The cross-reference layer on the real citation forms of the seed captures."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tools.model import Corpus, Footnote, Law, Unit
from tools.normalize.citation_links import format_citation_report, link_citations
from tools.normalize.citations import find_citations, glued_splits, split_glued

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tools" / "snapshot" / "seeds"
SEED_1997 = "000_ad69fec98fd503ab.txt"
SEED_64 = "001_2a20fccb310888b1.txt"
SEED_45 = "002_c574df7fc22945a4.txt"
SEED_50 = "003_aa7bffd09577fc88.txt"


def seed_text(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


# (seed file, id of the unit the words stand in, the citation as printed, the ids it names)
REAL_FORMS = [
    (SEED_1997, "41A", "przepis 47E2", ["47E2"]),
    (SEED_1997, "41B", "przepis 20", ["20"]),
    (SEED_1997, "41B", "przepisowi 16", ["16"]),
    (SEED_1997, "41C", "B powyżej", ["41B"]),
    (SEED_1997, "42B", "przepisie 43", ["43"]),
    (SEED_1997, "43", "przepisie 42", ["42"]),
    (SEED_1997, "43B1", "przepisem 90", ["90"]),
    (SEED_1997, "43B1", "A1 lub A2 powyżej", ["43A1", "43A2"]),
    (SEED_1997, "43B2", "A2, powyżej", ["43A2"]),
    (SEED_1997, "43B3", "A2 powyżej", ["43A2"]),
    (SEED_1997, "46B3b", "(a) powyżej", ["46B3a"]),
    (SEED_1997, "47C", "przepis 45C4(b)", ["45C4b"]),
    (SEED_1997, "47E2b", "(a), wyżej", ["47E2a"]),
    (SEED_1997, "47F", "powyżej od A do E", ["47A", "47B", "47C", "47D", "47E"]),
    (SEED_1997, "50", "przepis72B1", ["72B1"]),
    (SEED_1997, "50", "A - D poniżej", ["50A", "50B", "50C", "50D"]),
    (SEED_1997, "51B2a", "B1(a) powyżej", ["51B1a"]),
    (SEED_1997, "52B1c", "(a) lub (b) powyżej", ["52B1a", "52B1b"]),
    (SEED_1997, "53", "C poniżej", ["53C"]),
    (SEED_1997, "61B", "przepis 43B2b", ["43B2b"]),
    (SEED_1997, "61B", "przepis 66C", ["66C"]),
    (SEED_1997, "62C2", "1 powyżej", ["62C1"]),
    (SEED_1997, "62", "przepisowi 43B2(b)", ["43B2b"]),
    (SEED_1997, "62B2", "przepisu 66C", ["66C"]),
    (SEED_1997, "64B", "C poniżej", ["64C"]),
    (SEED_1997, "65A", "B poniżej", ["65B"]),
    (SEED_1997, "68D", "przepisu 70 albo 71", ["70", "71"]),
    (SEED_1997, "70", "przepisów 69, 70 i 71", ["69", "70", "71"]),
    (SEED_1997, "69B", "przepisem 79C", ["79C"]),
    (SEED_1997, "50", "przepis 59", ["59"]),
    (SEED_64, "64B", "przepis 64C", ["64C"]),
    (SEED_64, "64B8", "przepisu 62C3", ["62C3"]),
    (SEED_64, "64C2a", "punkt B2 powyżej", ["64B2"]),
    (SEED_64, "64C2b", "punkt B7 powyżej", ["64B7"]),
    (SEED_45, "45C1", "przepis 45E", ["45E"]),
    (SEED_45, "45C4a", "przepis 47", ["47"]),
    (SEED_45, "45C4b", "przepisy 47D16C1", ["47D16C1"]),
    (SEED_45, "45D2", "przepisy 64A, 64B764C", ["64A", "64B764C"]),
    (SEED_45, "45D2", "przepisy 64B364C", ["64B364C"]),
    (SEED_45, "45E1", "przepisowi 50", ["50"]),
    (SEED_45, "45E1", "przepis 53 albo 56", ["53", "56"]),
    (SEED_50, "50", "przepis 57A", ["57A"]),
    (SEED_50, "50C", "punkt E poniżej", ["50E"]),
    (SEED_50, "50D1a", "punkcie (b) poniżej", ["50D1b"]),
    (SEED_50, "50E2", "przepisie 50D2a", ["50D2a"]),
    (SEED_50, "50E3", "punkt E1 powyżej", ["50E1"]),
    (SEED_50, "50E4", "punktu E1", ["50E1"]),
    (SEED_50, "50E4", "przepis 12B1", ["12B1"]),
]


def _sp(text: str) -> str:
    return text.replace("\xa0", " ")


@pytest.mark.parametrize(("seed", "where", "printed", "ids"), REAL_FORMS)
def test_real_form(seed: str, where: str, printed: str, ids: list[str]) -> None:
    lines = [line for line in seed_text(seed).splitlines() if printed in _sp(line)]
    assert lines, f"{printed!r} does not occur in {seed}"
    matching = [
        (line, citation)
        for line in lines
        for citation in find_citations(line, "pl", where=where)
        if _sp(citation.text) == printed
    ]
    assert matching, f"{printed!r} not found as a citation in {seed}"
    line, citation = matching[0]
    assert list(citation.ids) == ids
    assert _sp(line[citation.start : citation.end]) == printed
    assert citation.unresolved == ""


@pytest.mark.parametrize(
    "words",
    [
        "udzielania - w obecności sędziego - informacji dotyczących taktu lub przepisu.",
        "o ile tylko może to przepisowo zrobić",
        "Sędzia postępuje przy tym stosownie do podanych niżej postanowień.",
        "Gdy jest za późno na zmianę błędnie dołożonej karty z dziadka (patrz wyżej), rozgrywka",
        "(I) jeśli strona wykraczająca wzięła tę czy też którąś z następnych lew",
    ],
)
def test_words_that_are_not_citations(words: str) -> None:
    seeds = "".join(seed_text(name) for name in (SEED_1997, SEED_45))
    assert words in _sp(seeds)
    assert find_citations(words, "pl", where="45D2") == []


def test_glued_law_title_is_not_a_list() -> None:
    line = next(x for x in seed_text(SEED_1997).splitlines() if "przepisu 68.50." in x)
    found = find_citations(line, "pl", where="49")
    assert [(c.text, c.ids) for c in found] == [("przepis 50", ("50",)), ("przepisu 68", ("68",))]


def test_every_przepis_with_a_number_in_the_seeds_is_found() -> None:
    for name in (SEED_1997, SEED_64, SEED_45, SEED_50):
        text = seed_text(name)
        starts = {c.start for c in find_citations(text, "pl")}
        expected = [m.start() for m in re.finditer(r"przepis\w*:?\s*\d", text)]
        assert expected, name
        assert [s for s in expected if s not in starts] == [], name


def test_seed_citation_counts() -> None:
    counts = {
        name: (
            sum(not c.relative for c in find_citations(seed_text(name), "pl")),
            sum(c.relative for c in find_citations(seed_text(name), "pl")),
        )
        for name in (SEED_1997, SEED_64, SEED_45, SEED_50)
    }
    # Absolute forms counted by hand in the captures (the nav line "EN: Law 64" included).
    assert counts[SEED_64] == (3, 2)
    assert counts[SEED_45] == (11, 0)
    assert counts[SEED_50] == (12, 4)
    assert counts[SEED_1997][1] == 15


def test_relative_citation_without_an_item_is_unresolved() -> None:
    found = find_citations("zgodnie z (a) powyżej", "pl", where="50")
    assert len(found) == 1
    assert found[0].ids == ()
    assert "ambiguous relative reference '(a)'" in found[0].unresolved


# Synthetic English sentences (there is no English law text in the snapshot).
ENGLISH = [
    ("see Law 64C", "64B", ["64C"]),
    ("Laws 16 and 64", "45", ["16", "64"]),
    ("(see B2 above)", "64C2a", ["64B2"]),
    ("Law 12B1", "50E4", ["12B1"]),
    ("Laws 69, 70 and 71", "68", ["69", "70", "71"]),
    ("subject to Law 43B2(b)", "62D2", ["43B2b"]),
    ("except as in (b) below", "50D1a", ["50D1b"]),
    ("LAW 45C4(b)", "47C", ["45C4b"]),
    ("see Section B above", "41C", ["41B"]),
    ("as in A to D below", "50", ["50A", "50B", "50C", "50D"]),
]


@pytest.mark.parametrize(("words", "where", "ids"), ENGLISH)
def test_english_forms(words: str, where: str, ids: list[str]) -> None:
    found = find_citations(words, "en", where=where)
    assert [list(c.ids) for c in found] == [ids]


def test_lawful_is_not_a_citation() -> None:
    assert find_citations("a lawful 3 card play", "en") == []


KNOWN = {
    "16C", "16C1", "47D", "47E", "64A", "64B", "64B3", "64B7", "64C", "12A", "12B", "12A1", "2B",
}


@pytest.mark.parametrize(
    ("token", "parts"),
    [
        ("47D16C1", ["47D", "16C1"]),
        ("64B764C", ["64B7", "64C"]),
        ("64B364C", ["64B3", "64C"]),
        ("43B2(b)64C", []),  # 43B2b is not known here
        ("47D99C1", []),
    ],
)
def test_split_glued(token: str, parts: list[str]) -> None:
    assert split_glued(token, KNOWN) == parts


def test_ambiguous_glued_token_has_two_shortest_splits() -> None:
    splits = glued_splits("12A12B", KNOWN)
    assert sorted(splits[:2]) == [["12A", "12B"], ["12A1", "2B"]]
    assert all(len(parts) > 2 for parts in splits[2:])


def _law(edition: int, number: int, units: list[Unit], text: str = "") -> Law:
    return Law(number=number, edition=edition, lang="pl", title=f"Law {number}", text=text,
               sections=units)


def _small_corpus() -> Corpus:
    law45 = _law(2017, 45, [
        Unit("45C", 1, "C", children=[
            Unit("45C4", 2, "4", children=[
                Unit("45C4a", 3, "a", text="(ale patrz przepis 47)."),
                Unit("45C4b", 3, "b", text="zastąpić inną (patrz przepisy 47D16C1)."),
            ]),
        ]),
        Unit("45D", 1, "D", children=[
            Unit("45D2", 2, "2", text="(patrz przepisy 64A, 64B764C). przepis 64Z; przepis 99; "
                                      "przepisy 47D99C1; przepisy 12A12B"),
        ]),
    ], text="(a) powyżej")
    law64 = _law(2017, 64, [
        Unit("64A", 1, "A"),
        Unit("64B", 1, "B", children=[Unit("64B2", 2, "2"), Unit("64B7", 2, "7")]),
        Unit("64C", 1, "C", children=[
            Unit("64C2", 2, "2", children=[
                Unit("64C2a", 3, "a", text="(patrz punkt B2 powyżej)"),
            ]),
        ]),
    ])
    law64.footnotes = [Footnote("*", "patrz przepis 16C")]
    old = _law(1997, 47, [Unit("47A", 1, "A", text="patrz przepis 16C i przepis 16H9")])
    return Corpus(laws=[law64, old, law45])


OUTLINE = {"12A", "12A1", "12B", "16C", "16C1", "47D", "47E", "2B", "64A", "64B", "64C"}


def test_link_citations_statuses() -> None:
    refs, problems = link_citations(_small_corpus(), OUTLINE)
    got = [(r.edition, r.source, r.target, r.status) for r in refs]
    assert got == [
        (1997, "47A", "16C", "outline"),
        (1997, "47A", "16H9", "unresolved"),
        (2017, "45", "(a) powyżej", "unresolved"),
        (2017, "45C4a", "47", "outline"),
        (2017, "45C4b", "47D", "outline"),
        (2017, "45C4b", "16C1", "outline"),
        (2017, "45D2", "64A", "resolved"),
        (2017, "45D2", "64B7", "resolved"),
        (2017, "45D2", "64C", "resolved"),
        (2017, "45D2", "64Z", "unresolved"),
        (2017, "45D2", "99", "unresolved"),
        (2017, "45D2", "47D99C1", "unresolved"),
        (2017, "45D2", "12A12B", "unresolved"),
        (2017, "64C2a", "64B2", "resolved"),
        (2017, "64", "16C", "outline"),
    ]
    reasons = {r.target: r.reason for r in refs}
    assert reasons["16C1"] == (
        "law 16 has no text in this build; id checked against the 2017 outline"
    )
    old_16c = next(r for r in refs if r.edition == 1997 and r.target == "16C")
    assert "the 1997 text may number it differently" in old_16c.reason
    assert reasons["64Z"] == "64Z does not exist in law 64 (2017 pl text)"
    assert reasons["99"] == "there is no law 99"
    assert reasons["47D99C1"] == "no split of glued token 47D99C1 into ids that exist"
    assert reasons["12A12B"].startswith("ambiguous split of glued token 12A12B")
    assert "ambiguous relative reference" in reasons["(a) powyżej"]
    assert [p.where for p in problems] == [
        "1997/pl/47A", "2017/pl/45", "2017/pl/45D2", "2017/pl/45D2", "2017/pl/45D2",
        "2017/pl/45D2",
    ]
    assert {p.kind for p in problems} == {"unresolved-citation"}
    assert "16H9" in problems[0].message


def test_link_citations_is_deterministic() -> None:
    first = link_citations(_small_corpus(), OUTLINE)
    second = link_citations(_small_corpus(), set(sorted(OUTLINE, reverse=True)))
    assert first == second


def test_format_citation_report() -> None:
    refs, _ = link_citations(_small_corpus(), OUTLINE)
    report = format_citation_report(refs)
    assert report.splitlines()[0] == "citations: 15 (resolved 4, outline 5, unresolved 6)"
    assert "  1997 pl: resolved 0, outline 1, unresolved 1" in report
    assert "2017/pl/45D2: 'przepis 64Z' -> 64Z: 64Z does not exist in law 64" in report


@pytest.fixture(scope="module")
def snapshot_refs():
    """The citations of the real snapshot: the seeds parsed and normalized by the scrape stages."""
    from tools.normalize.law_ids import normalize
    from tools.normalize.outline import load_outline
    from tools.scrape import parse_snapshot

    outline = load_outline(ROOT / "tools" / "data" / "outline_2017.json")
    pages, _ = parse_snapshot(ROOT / "tools" / "snapshot")
    laws, _ = normalize([law for page in pages for law in page.laws], outline)
    return link_citations(Corpus(laws=laws), outline.all_ids())


def test_real_snapshot_counts(snapshot_refs) -> None:
    refs, problems = snapshot_refs
    counts = Counter((r.edition, r.status) for r in refs)
    assert counts == {
        (1997, "resolved"): 90,
        (1997, "outline"): 16,
        (2017, "resolved"): 18,
        (2017, "outline"): 16,
    }
    assert problems == []
    report = format_citation_report(refs)
    assert report.splitlines()[0] == "citations: 140 (resolved 108, outline 32, unresolved 0)"


@pytest.mark.parametrize(
    ("edition", "source", "target", "status"),
    [
        (2017, "45C4b", "47D", "outline"),
        (2017, "45C4b", "16C1", "outline"),
        (2017, "45D2", "64B7", "resolved"),
        (2017, "45D2", "64B3", "resolved"),
        (2017, "45D2", "64C", "resolved"),
        (2017, "50D1a", "50D1b", "resolved"),
        (2017, "50E2", "50D2a", "resolved"),
        (2017, "64C2a", "64B2", "resolved"),
        (2017, "64B8", "62C3", "outline"),
        (1997, "41C", "41B", "resolved"),
        (1997, "47E2b", "47E2a", "resolved"),
        (1997, "47F", "47E", "resolved"),
        (1997, "62C2", "62C1", "resolved"),
        (1997, "50", "72B1", "outline"),
    ],
)
def test_real_snapshot_targets(snapshot_refs, edition, source, target, status) -> None:
    refs, _ = snapshot_refs
    found = {(r.edition, r.source, r.target): r for r in refs}
    ref = found[(edition, source, target)]
    assert ref.status == status
    if status == "outline" and edition == 1997:
        assert "the 1997 text may number it differently" in ref.reason


def test_law_without_sections_items_hang_from_the_law() -> None:
    # Law 71 has items but no sections: its ids are 71.1, 71.2 (as PZBS and the WBF print them).
    law71 = _law(2017, 71, [
        Unit("71.1", 2, "1", text="Roszczenie."),
        Unit("71.2", 2, "2", text="jak w 1 powyżej"),
    ])
    refs, problems = link_citations(Corpus(laws=[law71]), {"71", "71.1", "71.2"})
    assert [(r.source, r.target, r.status) for r in refs] == [("71.2", "71.1", "resolved")]
    assert problems == []


SAVED_45 = ROOT / "tests/fixtures/html/web/sedziowie/mpb/2017/pl/p45.html"


@pytest.mark.parametrize("joiner", ["", " "])
def test_adjacent_links_of_a_saved_page(joiner: str) -> None:
    # Two links side by side: glued when the page text is joined without a separator, apart
    # when joined with a space; both give 47D and 16C1 once linked.
    from bs4 import BeautifulSoup

    html = SAVED_45.read_text(encoding="utf-8")
    text = BeautifulSoup(html, "html.parser").get_text(joiner)
    found = [c for c in find_citations(text, "pl") if "47D" in "".join(c.ids)]
    assert len(found) == 1
    law45 = _law(2017, 45, [Unit("45C", 1, "C", text=found[0].text)])
    refs, problems = link_citations(Corpus(laws=[law45]), {"47D", "16C1", "45C"})
    assert [(r.target, r.status) for r in refs] == [("47D", "outline"), ("16C1", "outline")]
    assert problems == []


def test_a_number_after_a_citation_is_not_another_citation() -> None:
    found = find_citations("zgodnie z przepisem 50 3 karty", "pl")
    assert [(c.text, c.ids) for c in found] == [("przepisem 50", ("50",))]


def test_placeholder_section_word_is_not_a_citation() -> None:
    saved = ROOT / "tests/fixtures/html/web/laws/node9/law41.htm"
    assert "section A" in saved.read_text(encoding="cp1250", errors="replace")
    assert find_citations("Placeholder text of section A.", "en") == []


def test_sub_items_past_h_and_fourth_level_are_read() -> None:
    """Law 80B2 has sub-items i, j and k, Law 40B2a items i-v: they are cited like 80B2a."""
    found = find_citations("see Law 80B2j and przepis 80B2(k); Laws 40B2aiv and 64B3", "en")
    assert [c.ids for c in found] == [("80B2j",), ("80B2k",), ("40B2aiv", "64B3")]
    relative = find_citations("patrz punkt B2k powyżej", "pl", where="80A1a")
    assert [c.ids for c in relative] == [("80B2k",)]
