"""Situation lookup on the real catalogue: the development set, both languages, diacritics."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.lookup import (
    cites_at_or_below,
    cites_match,
    expected_found,
    lookup,
    situation_url,
)
from tools.config import Config
from tools.errors import SourceError

DEV_SET = Path(__file__).parent / "data" / "lookup_dev.tsv"
POLISH_LETTERS = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


@pytest.fixture(scope="module")
def config(seed_index: Path) -> Config:
    """The lookup searches the one index: the seed corpus's, built once per session."""
    return replace(Config(), build_dir=seed_index)


def dev_rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in DEV_SET.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, expected, text = line.split("\t", 2)
            rows.append((lang, expected, text))
    return rows


def test_dev_set_shape() -> None:
    rows = dev_rows()
    assert len(rows) >= 40
    assert {lang for lang, _, _ in rows} == {"pl", "en"}
    polish = [text for lang, _, text in rows if lang == "pl"]
    assert any(POLISH_LETTERS.search(text) for text in polish)
    assert sum(1 for text in polish if not POLISH_LETTERS.search(text)) >= 5  # typed without
    for _, expected, _ in rows:
        assert re.fullmatch(r"\d{2}[A-Z]?\d?[a-z]?", expected), expected


def test_dev_set_expected_law_in_top_three_for_90_percent(config: Config) -> None:
    rows = dev_rows()
    misses = [
        (expected, text)
        for _, expected, text in rows
        if not expected_found(lookup(text, config, limit=3), expected, top=3)
    ]
    rate = 1 - len(misses) / len(rows)
    assert rate >= 0.9, f"top-3 hit rate {rate:.1%}; misses: {misses}"


def test_cites_match_is_same_law_and_prefix() -> None:
    assert cites_match("64A", "64A1")
    assert cites_match("64A1", "64A")
    assert cites_match("64", "64B7")
    assert not cites_match("64A", "64B2")
    assert not cites_match("54", "45")
    assert not cites_match("45", "4")


def test_cite_prefixes() -> None:
    from tools.search.docs import cite_prefixes

    assert cite_prefixes("64B3") == ["64", "64b", "64b3"]
    assert cite_prefixes("50D2a") == ["50", "50d", "50d2", "50d2a"]
    assert cite_prefixes("49") == ["49"]


@pytest.mark.parametrize(
    ("with_marks", "without"),
    [
        ("obrońca upuścił kartę", "obronca upuscil karte"),
        ("wist z niewłaściwej ręki", "wist z niewlasciwej reki"),
        ("dziadek podpowiada rozgrywającemu", "dziadek podpowiada rozgrywajacemu"),
    ],
)
def test_diacritics_do_not_matter(with_marks: str, without: str, config: Config) -> None:
    first = [hit.id for hit in lookup(with_marks, config, limit=3)]
    second = [hit.id for hit in lookup(without, config, limit=3)]
    assert first and first[0] == second[0]


def test_language_of_the_query_picks_the_page(config: Config) -> None:
    polish = lookup("obrońca upuścił kartę", config)
    english = lookup("a defender dropped a card on the table", config)
    assert polish[0].id == english[0].id == "defender-dropped-card"
    assert polish[0].lang == "pl" and polish[0].url == "situations/defender-dropped-card/"
    assert english[0].lang == "en" and english[0].url == "en/situations/defender-dropped-card/"
    assert situation_url("x", "en") == "en/situations/x/"


def test_hits_carry_titles_laws_and_descending_scores(config: Config) -> None:
    hits = lookup("partner nie dołożył do koloru", config, limit=5)
    assert 1 <= len(hits) <= 5
    assert hits[0].title_pl and hits[0].title_en and hits[0].laws
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_law_id_in_the_query(config: Config) -> None:
    hits = lookup("64B7", config, limit=3)
    assert "both-sides-revoked" in [hit.id for hit in hits]


def test_nothing_to_search(config: Config) -> None:
    assert lookup("", config) == []
    assert lookup("i w na z", config) == []  # Polish stop words only


def test_missing_catalogue_is_a_clear_error(tmp_path: Path, config: Config) -> None:
    config = replace(config, assistant_dir=tmp_path)
    with pytest.raises(SourceError) as error:
        lookup("renons", config)
    assert str(tmp_path / "situations.yaml") in str(error.value)


FIRST_SET = Path(__file__).parent / "data" / "lookup_first.tsv"


def first_rows() -> list[tuple[str, str, list[str], str]]:
    rows = []
    for line in FIRST_SET.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, expected, clauses, text = line.split("\t", 3)
            rows.append((lang, expected, clauses.split(","), text))
    return rows


def test_first_set_shape(config: Config) -> None:
    """The four descriptions of issue 11 and at least 30 of our own, both languages, Polish
    with and without diacritics; every expected situation exists and cites its sub-clauses."""
    from assistant.situations import load_situations

    rows = first_rows()
    assert len(rows) >= 34
    assert {lang for lang, _, _, _ in rows} == {"pl", "en"}
    polish = [text for lang, _, _, text in rows if lang == "pl"]
    assert sum(1 for text in polish if POLISH_LETTERS.search(text)) >= 10
    assert sum(1 for text in polish if not POLISH_LETTERS.search(text)) >= 5
    issue = {text for _, _, _, text in rows[:4]}
    assert "karta karna mała i duża" in issue
    catalogue = {s.id: s for s in load_situations(config)}
    for _, expected, clauses, _ in rows:
        assert expected in catalogue, expected
        for clause in clauses:
            assert cites_at_or_below(clause, catalogue[expected].laws), (expected, clause)
    # the descriptions are not copied from the catalogue's phrases
    phrases = {p.lower() for s in catalogue.values() for ps in s.phrases.values() for p in ps}
    assert not [text for _, _, _, text in rows if text.lower() in phrases]


@pytest.mark.parametrize(("lang", "expected", "clauses", "text"), first_rows(),
                         ids=[row[3][:40] for row in first_rows()])
def test_lookup_puts_the_right_subclause_first(
    lang: str, expected: str, clauses: list[str], text: str, config: Config
) -> None:
    hits = lookup(text, config, limit=3)
    assert hits, text
    first = hits[0]
    missing = [clause for clause in clauses if not cites_at_or_below(clause, first.laws)]
    assert not missing, f"first hit {first.id} {first.laws} lacks {missing}"
    assert expected in [hit.id for hit in hits]
    assert first.lang == lang


TABLE_SET = Path(__file__).parent / "data" / "lookup_table.tsv"


def in_play(clause: str) -> bool:
    """True for a clause of Chapter VI (Laws 41-71)."""
    return 41 <= int(re.match(r"\d+", clause).group()) <= 71  # type: ignore[union-attr]


def table_rows() -> list[tuple[str, list[str], str]]:
    rows = []
    for line in TABLE_SET.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, clauses, text = line.split("\t", 2)
            rows.append((lang, clauses.split(","), text))
    return rows


def test_table_set_shape() -> None:
    """Issue 29: at least 40 descriptions of the auction, information and administration, both
    languages, Polish with and without diacritics, and the play symptoms the issue found."""
    rows = table_rows()
    beyond_play = [r for r in rows if not in_play(r[1][0])]
    assert len(beyond_play) >= 40
    assert {lang for lang, _, _ in rows} == {"pl", "en"}
    polish = [text for lang, _, text in rows if lang == "pl"]
    assert sum(1 for text in polish if not POLISH_LETTERS.search(text)) >= 2


def _first_cites(text: str, clauses: list[str], config: Config) -> bool:
    hits = lookup(text, config, limit=3)
    return bool(hits) and all(cites_at_or_below(c, hits[0].laws) for c in clauses)


def test_lookup_puts_a_situation_with_the_clause_first_across_the_table(config: Config) -> None:
    """Issue 29: for the auction, information, scoring and procedure descriptions, the first
    situation cites the sub-clause in at least 53 of 56 (the issue asks for 40; 53 is what the
    catalogue reached, kept as the floor); the misses are listed."""
    rows = [r for r in table_rows() if not in_play(r[1][0])]
    missed = [(text, clauses) for _, clauses, text in rows
              if not _first_cites(text, clauses, config)]
    assert len(rows) - len(missed) >= 53, missed


@pytest.mark.parametrize(("lang", "clauses", "text"),
                         [r for r in table_rows() if in_play(r[1][0])],
                         ids=lambda value: value[:40] if isinstance(value, str) else None)
def test_the_play_symptoms_of_issue_29_find_their_clause_first(
    lang: str, clauses: list[str], text: str, config: Config
) -> None:
    """The opening lead faced out of turn told without "wist" (54), a defender left holding a
    card at the end (67B), declarer's card shown by accident (48A): each finds its clause first."""
    hits = lookup(text, config, limit=3)
    assert hits, text
    missing = [clause for clause in clauses if not cites_at_or_below(clause, hits[0].laws)]
    assert not missing, f"first hit {hits[0].id} {hits[0].laws} lacks {missing}"
    assert hits[0].lang == lang
