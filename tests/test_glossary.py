"""The bilingual glossary: the real file loads, is checked against the outline and the seeds,
and bad entries give errors that name the file and the entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.site_build import real_corpus
from tools.errors import SourceError
from tools.model import unit_ids
from tools.normalize.glossary import (
    find_term,
    is_law_id,
    load_glossary,
    parse_glossary,
    validate_glossary_laws,
)
from tools.normalize.outline import load_outline

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "tools" / "data" / "glossary.yaml"
OUTLINE = ROOT / "tools" / "data" / "outline_2017.json"
SEEDS = ROOT / "tools" / "snapshot" / "seeds"


@pytest.fixture(scope="module")
def terms():
    return load_glossary(GLOSSARY)


def _seed_texts() -> str:
    texts = [path.read_text(encoding="utf-8") for path in sorted(SEEDS.glob("00*.txt"))]
    return " ".join(texts).replace("\xa0", " ")


def test_loads_at_least_70_pairs(terms) -> None:
    assert len(terms) >= 70
    assert len({term.id for term in terms}) == len(terms)
    for term in terms:
        assert term.pl and term.en and term.definition_pl and term.definition_en
        assert term.laws and all(is_law_id(law) for law in term.laws)


def test_required_pairs_are_present(terms) -> None:
    pairs = {(term.en, term.pl) for term in terms}
    for pair in [
        ("revoke", "fałszywy renons"),
        ("established revoke", "uprawomocniony fałszywy renons"),
        ("penalty card", "karta przygwożdżona"),
        ("major penalty card", "normalna karta przygwożdżona"),
        ("minor penalty card", "podrzędna karta przygwożdżona"),
        ("dummy", "dziadek"),
        ("declarer", "rozgrywający"),
        ("defender", "obrońca"),
        ("lead out of turn", "wyjście poza kolejnością"),
        ("opening lead", "pierwsze wyjście"),
        ("claim", "deklaracja"),  # PZBS 2017, Laws 68-70 ("roszczenie" is an older variant)
        ("concession", "zrzeczenie"),
        ("trick", "lewa"),
        ("defective trick", "lewa wadliwa"),
        ("adjusted score", "wynik rozjemczy"),
        ("director", "sędzia"),
        ("offending side", "strona wykraczająca"),
        ("non-offending side", "strona niewykraczająca"),
        ("follow suit", "dodać do koloru"),
        ("played card", "karta zagrana"),
        ("simultaneous plays", "zagrania jednoczesne"),
        ("unauthorized information", "informacja nielegalna"),
        ("rectification", "sprostowanie"),
        ("honour", "honor"),
        ("trump", "atu"),
    ]:
        assert pair in pairs, pair


def test_every_law_id_exists_in_the_2017_outline_or_the_corpus(terms) -> None:
    known = load_outline(OUTLINE).all_ids()
    known |= {unit for law in real_corpus().laws for unit in unit_ids(law)}
    assert validate_glossary_laws(terms, known) == []


def test_polish_terms_of_the_snapshot_laws_occur_in_the_seeds(terms) -> None:
    seeds = _seed_texts().casefold()
    snapshot_laws = set(range(41, 72))
    for term in terms:
        numbers = {int(re.match(r"\d+", law).group(0)) for law in term.laws}
        if numbers <= snapshot_laws:
            forms = [form for form in term.forms("pl") if form.casefold() in seeds]
            assert forms, f"{term.id}: no Polish form occurs in the seed texts"


def test_polish_keeps_its_letters(terms) -> None:
    polish = "ąćęłńóśźż"
    with_letters = [term for term in terms if any(ch in term.pl.lower() for ch in polish)]
    assert len(with_letters) >= 30
    mojibake = re.compile("[ÃÄÅĹ]|Ä…|Ĺ‚")
    for term in terms:
        for text in (term.pl, term.definition_pl, *term.pl_variants):
            assert not mojibake.search(text), (term.id, text)


def test_definitions_are_not_copied_from_the_seeds(terms) -> None:
    words = re.findall(r"\w+", _seed_texts().casefold())
    seed_runs = {" ".join(words[i : i + 6]) for i in range(len(words) - 5)}
    for term in terms:
        for definition in (term.definition_pl, term.definition_en):
            own = re.findall(r"\w+", definition.casefold())
            runs = {" ".join(own[i : i + 6]) for i in range(len(own) - 5)}
            assert not runs & seed_runs, (term.id, sorted(runs & seed_runs))


def test_headwords_are_unique_per_language(terms) -> None:
    for lang in ("pl", "en"):
        heads = [term.headword(lang).casefold() for term in terms]
        assert len(set(heads)) == len(heads), lang


@pytest.mark.parametrize(
    ("typed", "term_id"),
    [
        ("fałszywego renonsu", "revoke"),
        ("falszywy renons", "revoke"),
        ("Revoked", "revoke"),
        ("LOOT", "lead-out-of-turn"),
        ("kartę przygwożdżoną", "penalty-card"),
        ("karta przygwozdzona", "penalty-card"),
        ("wyniku  rozjemczego", "adjusted-score"),
        ("minor penalty card", "minor-penalty-card"),
        ("dziadka", "dummy"),
    ],
)
def test_find_term(terms, typed: str, term_id: str) -> None:
    found = find_term(terms, typed)
    assert found is not None and found.id == term_id


def test_find_term_unknown(terms) -> None:
    assert find_term(terms, "grand slam bonus") is None


GOOD = """
- id: revoke
  pl: "fałszywy renons"
  en: "revoke"
  laws: ["61", "64"]
  definition: {pl: "Nasz opis.", en: "Our description."}
"""


def _entry(**changes: str) -> str:
    lines = {
        "id": "trick",
        "pl": '"lewa"',
        "en": '"trick"',
        "laws": '["44"]',
        "definition": '{pl: "Cztery karty.", en: "Four cards."}',
    }
    lines.update(changes)
    body = "\n".join(f"  {key}: {value}" for key, value in lines.items() if value != "DROP")
    return "-" + body[1:] + "\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD + _entry(id="revoke"), "entry 2 (revoke): id 'revoke' is already used by revoke"),
        (GOOD + _entry(en="DROP"), "entry 2 (trick): missing en"),
        (GOOD + _entry(laws="[]"), "entry 2 (trick): laws must name at least one law id"),
        (GOOD + _entry(laws='["64Q7"]'), "do not look like citation ids"),
        (GOOD + _entry(laws='["99"]'), "do not look like citation ids"),
        (GOOD + _entry(laws='"64"'), "laws must be a list of strings"),
        (GOOD + _entry(pl='""'), "entry 2 (trick): pl must be a non-empty string"),
        (GOOD + _entry(en='"Revoke"'), "en 'revoke' is already used by revoke"),
        (GOOD + _entry(definition='{pl: "Tylko po polsku."}'), "definition must have exactly pl"),
        (GOOD + _entry(id="Trick Card"), "must be lowercase words joined by dashes"),
        (GOOD + _entry(note='"x"'), "unknown field(s) note"),
        ("revoke: fałszywy renons\n", "must be a non-empty list of entries"),
        ("- id: [unclosed\n", "not valid YAML"),
    ],
)
def test_bad_entries_name_the_file_and_entry(text: str, message: str) -> None:
    with pytest.raises(SourceError) as raised:
        parse_glossary(text, "glossary-under-test.yaml")
    assert str(raised.value).startswith("glossary-under-test.yaml")
    assert message in str(raised.value)


def test_load_glossary_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    with pytest.raises(SourceError, match="glossary file not found") as raised:
        load_glossary(path)
    assert raised.value.where == str(path)


def test_load_glossary_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin2.yaml"
    path.write_bytes(GOOD.encode("iso-8859-2"))
    with pytest.raises(SourceError, match="not UTF-8"):
        load_glossary(path)


def test_validate_glossary_laws_reports_unknown_ids() -> None:
    terms = parse_glossary(GOOD, "g.yaml")
    problems = validate_glossary_laws(terms, {"61"})
    assert [(p.kind, p.where, p.message) for p in problems] == [
        ("glossary-unknown-law", "glossary/revoke", "law id 64 is not known")
    ]


def test_law_id_shape() -> None:
    """Ids as the laws number them, sub-items past "h" included (80B2k exists); not law 0 or 94."""
    for good in ("64", "64B", "64B3", "50D2a", "80B2k", "71.1", "40B2aiv"):
        assert is_law_id(good), good
    for bad in ("0", "94", "064", "64b3", "B3", "64B3aa", "64Q7", ""):
        assert not is_law_id(bad), bad


# the revoke term of GOOD beside a general term that lists a law
WITH_GENERAL_PARTNER = GOOD + _entry(id="partner", pl='"partner"', en='"partner"', laws='["16B"]',
                                     general="true")


def test_a_general_term_does_not_find_its_first_law() -> None:
    """A word of nearly every ruling ("partner") names no law: its forms are not among the
    words that find the law it lists first, where a term that names a law ("revoke") lends
    them; the flag must be a boolean."""
    from tools.normalize.glossary import first_law_terms, parse_glossary

    by_law = first_law_terms(parse_glossary(WITH_GENERAL_PARTNER, "glossary.yaml"))
    assert "revoke" in by_law["61"].forms and "61" in by_law
    assert "16" not in by_law
    with pytest.raises(SourceError, match="general must be true or false"):
        parse_glossary(GOOD + _entry(general='"yes"'), "glossary.yaml")


def test_a_general_term_lifts_no_law_in_the_cli_index() -> None:
    """The CLI's glossary documents hand a term's laws to the ranking, which lifts them: a
    general term's document hands none, a term of a law its laws, in the glossary's order."""
    from tools.normalize.glossary import parse_glossary
    from tools.search.docs import glossary_docs

    parsed = parse_glossary(WITH_GENERAL_PARTNER, "glossary.yaml")
    docs = {(doc.id, doc.lang): doc for doc in glossary_docs(parsed)}
    assert docs[("partner", "pl")].extra["laws"] == [] == docs[("partner", "en")].extra["laws"]
    assert docs[("revoke", "en")].extra["laws"][0] == "61"


def test_general_terms_of_the_glossary_name_no_law(terms) -> None:
    """The people and things of every ruling are marked general; the terms of laws are not."""
    general = {term.id for term in terms if term.general}
    assert {"partner", "declarer", "dummy", "director", "trick"} <= general
    assert not general & {"revoke", "penalty-card", "insufficient-bid", "claim"}
