"""The translation check on SYNTHETIC pairs: small hand-made laws that plant each kind of
disagreement (and the hard cases that are none), the 93-law synthetic pairs of
tests/helpers/translation_pairs.py, acknowledgements, and the bundled snapshot, which has no
English text and must say so. Every law text here is placeholder text written for the test."""

from __future__ import annotations

import re
from functools import cache

import pytest

from helpers.translation_pairs import Planted, base_specs, build, synthetic_pairs
from tools.config import Config
from tools.model import Corpus, Finding, Footnote, Law, Unit
from tools.normalize.glossary import Term, load_glossary
from tools.normalize.outline import load_outline
from tools.translation.acks import load_acks, parse_acks
from tools.translation.check import check_translation

_ID = re.compile(r"(\d+)([A-Z])?(\d+)?([a-z])?$")


@cache
def glossary() -> list[Term]:
    """The project's glossary."""
    return load_glossary(Config().glossary_file)


@cache
def known() -> frozenset[str]:
    """The ids of the official outline."""
    return frozenset(load_outline(Config().outline_file).all_ids())


def law(lang: str, units: dict[str, str], number: int = 64, text: str = "",
        notes: tuple[str, ...] = ()) -> Law:
    """A SYNTHETIC law: units by id (64A, 64A1, 64A1a) with their text, nested by their ids."""
    made = Law(number, 2017, lang, f"SYNTHETIC {lang} {number}", text=text,
               footnotes=[Footnote("*" * (n + 1), note) for n, note in enumerate(notes)])
    nodes: dict[str, Unit] = {}
    for unit_id, unit_text in units.items():
        parts = [p for p in _ID.match(unit_id).groups()[1:] if p]
        node = Unit(unit_id, len(parts), parts[-1], text=unit_text)
        parent = unit_id[: -len(parts[-1])]
        (nodes[parent].children if parent in nodes else made.sections).append(node)
        nodes[unit_id] = node
    return made


def check(pl: Law, en: Law, acks: list | None = None) -> list[Finding]:
    """The findings of the check on one pair (acknowledged ones left out)."""
    return check_translation(Corpus(laws=[pl, en]), glossary(), acks, set(known())).findings


def pair(pl_text: str, en_text: str, unit: str = "64A") -> list[Finding]:
    """The findings on one unit, both languages given, three plain units around it so the
    law has a usual length ratio."""
    fillers = {f"64{s}": (f"Tekst zastępczy {s} ({s}) SYNTETYCZNY, bez treści.",
                          f"Placeholder text {s} ({s}) SYNTHETIC, no content.") for s in "BCDE"}
    pl = law("pl", {unit: pl_text, **{k: v[0] for k, v in fillers.items()}})
    en = law("en", {unit: en_text, **{k: v[1] for k, v in fillers.items()}})
    return check(pl, en)


def kinds(findings: list[Finding]) -> list[tuple[str, str]]:
    """(kind, unit) of each finding."""
    return [(f.kind, f.unit) for f in findings]


def test_a_cited_law_that_differs_is_found_with_both_excerpts() -> None:
    found = pair("SYNTETYCZNY: patrz przepis 64C i przepis 12A.",
                 "SYNTHETIC: see Law 64B and Law 12A.")
    assert kinds(found) == [("citation", "64A")]
    (finding,) = found
    assert (finding.only_pl, finding.only_en, finding.severity) == (["64C"], ["64B"], "high")
    assert "64C" in finding.pl and "64B" in finding.en


def test_citations_printed_differently_agree() -> None:
    """Glued Polish links, a relative citation against an absolute one, "(b)" marks."""
    assert pair("SYNTETYCZNY: patrz przepisy 47D16C1 oraz punkt B2 powyżej i przepis 43B2(b).",
                "SYNTHETIC: see Laws 47D and 16C1, Law 64B2 and Law 43B2b.") == []


def test_a_citation_in_one_language_only_is_found() -> None:
    found = pair("SYNTETYCZNY: zwykły tekst zastępczy.", "SYNTHETIC: text citing Law 80B2k.")
    assert [(f.kind, f.only_pl, f.only_en) for f in found] == [("citation", [], ["80B2k"])]


def test_numbers_in_words_digits_and_places_agree() -> None:
    assert pair("SYNTETYCZNY: dwie lewy, 13 kart i dwukrotnie, w dwunastej lewie; pierwsze "
                "wyjście, drugi obrońca.",
                "SYNTHETIC: two tricks, thirteen cards and twice, on the twelfth trick; the "
                "opening lead, the other defender.") == []


def test_a_count_that_differs_is_found() -> None:
    found = pair("SYNTETYCZNY: przekazuje się trzy lewy i ósmą kartę.",
                 "SYNTHETIC: two tricks are transferred and the eighth card.")
    assert [(f.kind, f.only_pl, f.only_en) for f in found] == [("number", ["3"], ["2"])]
    assert "trzy" in found[0].pl and "two" in found[0].en


def test_a_term_off_the_glossary_is_found() -> None:
    """"penalty card" is "karta przygwożdżona"; the colloquial "karta karna" is not."""
    found = pair("SYNTETYCZNY: obrońca ma kartę karną.",
                 "SYNTHETIC: the defender has a penalty card.")
    assert [(f.kind, f.only_pl, f.only_en) for f in found] == [("term", [], ["penalty-card"])]


def test_terms_inflected_and_nested_agree() -> None:
    """Polish cases past the glossary's variants, a longer term holding a shorter one, a
    colloquial form that is not a use ("lewy przeciwnik" is no trick)."""
    assert pair("SYNTETYCZNY: o karcie przygwożdżonej obrońcy i normalnej karcie "
                "przygwożdżonej; lewy przeciwnik pasuje, rozgrywający wychodzi z ręki dziadka.",
                "SYNTHETIC: about a defender's penalty card and a major penalty card; the "
                "left-hand opponent passes, declarer leads from dummy.") == []


def test_a_term_used_in_polish_only_is_found() -> None:
    found = pair("SYNTETYCZNY: sędzia przyznaje wynik rozjemczy.",
                 "SYNTHETIC: the referee awards a ruled score.")
    assert [(f.kind, f.only_pl) for f in found] == [("term", ["adjusted-score", "director"])]


def test_units_in_one_language_only_are_found_once_with_their_sub_units() -> None:
    units = {"64A": "SYNTETYCZNY A", "64B": "", "64B1": "SYNTETYCZNY B1 tekst",
             "64B2": "SYNTETYCZNY B2 tekst", "64C": "SYNTETYCZNY C"}
    pl = law("pl", units)
    en = law("en", {"64A": "SYNTHETIC A", "64C": "SYNTHETIC C"})
    (finding,) = check(pl, en)
    assert (finding.kind, finding.unit, finding.only_pl) == ("missing", "64B",
                                                             ["64B", "64B1", "64B2"])
    assert finding.en == "" and "B1" in finding.pl


def test_a_footnote_and_text_in_one_language_only_are_found() -> None:
    pl = law("pl", {"64A": "SYNTETYCZNY tekst zastępczy, dość długi, by go porównać."},
             notes=("Przypis SYNTETYCZNY.",))
    en = law("en", {"64A": ""})
    assert [(f.kind, f.unit, f.only_pl) for f in check(pl, en)] == [
        ("missing", "64A", ["text"]), ("missing", "64*", ["64*"])]


def test_a_unit_split_in_two_is_found_as_split_not_as_missing() -> None:
    """The English prints B1 and B2; the Polish puts B2's words into B1."""
    b1 = ("SYNTETYCZNY B1: zdanie zastępcze o dwóch kartach (patrz przepis 12A).",
          "SYNTHETIC B1: a placeholder sentence on two cards (see Law 12A).")
    b2 = ("SYNTETYCZNY B2: dalsze zdanie zastępcze o trzech lewach (patrz przepis 12B).",
          "SYNTHETIC B2: a further placeholder sentence on three tricks (see Law 12B).")
    rest = {f"64{s}": (f"SYNTETYCZNY {s}: tekst zastępczy bez treści, wypełniacz.",
                       f"SYNTHETIC {s}: placeholder text without content, a filler.")
            for s in "ACDE"}
    pl = law("pl", {"64A": rest["64A"][0], "64B": "", "64B1": b1[0] + "\n\n" + b2[0],
                    **{k: v[0] for k, v in rest.items() if k != "64A"}})
    en = law("en", {"64A": rest["64A"][1], "64B": "", "64B1": b1[1], "64B2": b2[1],
                    **{k: v[1] for k, v in rest.items() if k != "64A"}})
    (finding,) = check(pl, en)
    assert (finding.kind, finding.unit, finding.other, finding.only_en) == (
        "split", "64B2", "64B1", ["64B2"])


def test_a_length_far_from_the_laws_usual_is_found() -> None:
    filler = ("Tekst zastępczy SYNTETYCZNY bez treści, tylko na długość.",
              "Placeholder text SYNTHETIC without content, length only.")
    units = {f"64{s}": filler for s in "ABCDEF"}
    units["64C"] = (filler[0] + " Dopisek bez odpowiednika, wydłużający tekst ponad miarę, "
                    "złożony z samych słów zastępczych i niczego nie wnoszący.", filler[1])
    pl = law("pl", {k: v[0] for k, v in units.items()})
    en = law("en", {k: v[1] for k, v in units.items()})
    (finding,) = check(pl, en)
    assert (finding.kind, finding.unit, finding.severity) == ("length", "64C", "low")
    assert finding.ratio > 2 * finding.usual


def test_acknowledgements_hide_exactly_what_they_name() -> None:
    pl = law("pl", {"64A": "SYNTETYCZNY: trzy lewy (patrz przepis 12A)."})
    en = law("en", {"64A": "SYNTHETIC: two tricks (see Law 12A)."})
    acks = parse_acks("""
- {unit: 64A, kind: number, only_pl: ["3"], only_en: ["2"], reason: "SYNTHETIC test reason",
   reviewed: "test, 2026-01-01"}
- {unit: 64A, kind: citation, only_pl: ["12B"], only_en: [], reason: "no longer true",
   reviewed: "test, 2026-01-01"}
""", "test")
    result = check_translation(Corpus(laws=[pl, en]), glossary(), acks, set(known()))
    assert result.findings == []
    assert [(f.kind, f.acknowledged) for f in result.acknowledged] == [
        ("number", "SYNTHETIC test reason")]
    assert [(a.unit, a.kind) for a in result.unused_acks] == [("64A", "citation")]
    other = parse_acks('- {unit: 64A, kind: number, only_pl: ["4"], reason: r, reviewed: t}', "t")
    assert kinds(check(pl, en, other)) == [("number", "64A")]


@pytest.mark.parametrize("entry, message", [
    ("{unit: 64A, kind: number, only_pl: ['3'], reviewed: t}", "missing reason"),
    ("{unit: 64A, kind: number, reason: r, reviewed: t}", "names what only each language"),
    ("{unit: B64, kind: length, reason: r, reviewed: t}", "not a unit id"),
    ("{unit: 64A, kind: colour, reason: r, reviewed: t}", "is not one of"),
    ("{unit: 64A, kind: length, reason: r, reviewed: t, note: x}", "unknown field"),
])
def test_acknowledgements_are_validated(entry: str, message: str) -> None:
    from tools.errors import SourceError

    with pytest.raises(SourceError, match=message):
        parse_acks(f"- {entry}\n", "test")


def test_the_shipped_acknowledgements_file_is_valid() -> None:
    assert isinstance(load_acks(Config().translation_acks_file), list)


@cache
def outline():  # noqa: ANN201 - an Outline
    """The official outline."""
    return load_outline(Config().outline_file)


def test_synthetic_93_law_pair_without_plants_has_no_finding() -> None:
    clean = build(outline(), Planted(base_specs(outline(), "t")))
    assert len({law.number for law in clean.laws}) == 93
    found = check_translation(clean, glossary(), [], set(known())).findings
    assert found == [], kinds(found)[:10]


@pytest.mark.parametrize("seed", ["t1", "t2"])
def test_synthetic_93_law_pair_every_planted_kind_is_found(seed: str) -> None:
    """Recall 1.0 for citations, numbers and missing units; precision 0.9 overall."""
    corpus, truth = synthetic_pairs(outline(), seed)
    found = {(f.kind, f.edition, f.unit)
             for f in check_translation(corpus, glossary(), [], set(known())).findings}
    for kind in ("missing", "split", "citation", "number", "term", "length"):
        assert any(t[0] == kind for t in truth), f"nothing of kind {kind} planted"
    for kind in ("citation", "number", "missing"):
        planted = {t for t in truth if t[0] == kind}
        assert planted <= found, sorted(planted - found)
    assert len(found & truth) / len(found) >= 0.9, sorted(found - truth)[:10]


def test_the_check_is_deterministic() -> None:
    corpus, _ = synthetic_pairs(outline(), "t3")
    first = check_translation(corpus, glossary(), [], set(known())).layer
    second = check_translation(corpus, glossary(), [], set(known())).layer
    assert first == second and first
