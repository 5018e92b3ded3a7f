"""The word pairs (tools/data/word_pairs.yaml): the real file loads, bad files give errors that
name the file and the entry, and an English query reads the Polish law text through them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tools.config import Config
from tools.errors import SourceError
from tools.normalize.word_pairs import WordPair, load_word_pairs, parse_word_pairs
from tools.reference import load_reference
from tools.search.analysis import polish_terms
from tools.search.engine import expand, search
from tools.search.index import word_pair_rows

ROOT = Path(__file__).resolve().parent.parent
WORD_PAIRS = ROOT / "tools" / "data" / "word_pairs.yaml"


def test_the_real_file_loads_and_every_english_form_is_listed_once() -> None:
    pairs = load_word_pairs(WORD_PAIRS)
    assert len(pairs) >= 50
    forms = [form.casefold() for pair in pairs for form in pair.en]
    assert len(forms) == len(set(forms))
    touch = next(pair for pair in pairs if "touched" in pair.en)
    assert "dotknąć" in touch.pl  # Polish keeps its letters


@pytest.mark.parametrize(("text", "said"), [
    ("- en: [touch]\n", "exactly en and pl"),
    ("- en: [touch]\n  pl: []\n", "pl must be a non-empty list"),
    ("- en: [touch]\n  pl: [' dotknąć']\n", "trimmed"),
    ("- en: [touch]\n  pl: [dotknąć]\n- en: [Touch]\n  pl: [dotykać]\n",
     "'Touch' is already in entry 1"),
    ("en: touch\n", "non-empty list of entries"),
    ("- en: [touch\n", "not valid YAML"),
])
def test_a_bad_entry_is_an_error_naming_the_file_and_entry(text: str, said: str) -> None:
    with pytest.raises(SourceError) as error:
        parse_word_pairs(text, "word_pairs.yaml")
    assert "word_pairs.yaml" in str(error.value) and said in str(error.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="word pairs file not found"):
        load_word_pairs(tmp_path / "word_pairs.yaml")


def test_word_pairs_read_english_into_polish_only() -> None:
    rows = word_pair_rows([WordPair(("touch", "touched"), ("dotknąć", "dotykać"))])
    assert [(row["en"], row["pl"], row["pl_forms"]) for row in rows] == [
        ("touch", "dotknąć", []), ("touch", "dotykać", [])]
    assert all(row["en_forms"] == ["touch", "touched"] for row in rows)


def test_one_word_said_several_ways_is_searched_once_per_stem() -> None:
    named = [(["played"], ["zagrana"], "pl"), (["played"], ["zagrał"], "pl"),
             (["played"], ["zagrywa"], "pl")]
    kept = expand(["played"], named)
    # zagrana and zagrał share their root: the second would add its score again
    assert kept[0] == "zagrana" and "zagrał" not in kept
    assert set(polish_terms("zagrana")) & set(polish_terms("zagrał"))


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    from assistant.situations import load_situations
    from tools.scrape import scrape_corpus
    from tools.search.index import build_index

    config = replace(Config(), build_dir=tmp_path_factory.mktemp("build"))
    reference = load_reference(config)
    build_index(scrape_corpus(config, reference=reference).corpus, config,
                load_situations(config), reference)
    return config


@pytest.mark.build  # builds a search index of its own
def test_an_english_query_of_everyday_words_finds_the_polish_clause(config: Config) -> None:
    result = search("revokes by both sides in one deal", config, lang="pl")
    units = [f"{hit.edition}/{hit.id}" for hit in result.hits if hit.kind == "unit"]
    assert "2017/64B7" in units[:3], units
    assert result.translated["both sides"] == "obie strony"
    assert "'both sides' → 'obie strony'" in result.message


@pytest.mark.build  # builds a search index of its own
def test_a_word_said_several_ways_is_reported_with_each(config: Config) -> None:
    result = search("declarer touched a card of dummy", config, lang="pl")
    units = [f"{hit.edition}/{hit.id}" for hit in result.hits if hit.kind == "unit"]
    assert "2017/45C3" in units[:3], units
    assert result.translated["touched"] == "dotknięta / dotknąć / dotykać"  # code point order


def test_every_polish_word_is_one_the_polish_law_text_uses() -> None:
    """A Polish word no law text holds in any form would read an English word as nothing."""
    from helpers.site_build import real_corpus
    from tools.model import walk
    from tools.search.analysis import polish_terms

    held: set[str] = set()
    for law in real_corpus().laws:
        if law.lang == "pl":
            for text in [law.text, *(f"{u.title} {u.text}" for u in walk(law.sections))]:
                for word in text.lower().split():
                    held.update(polish_terms(word.strip(".,:;()*\"'„”")))
    for pair in load_word_pairs(WORD_PAIRS):
        for polish in pair.pl:
            words = [w for w in polish.lower().split() if polish_terms(w)]
            assert all(held & set(polish_terms(w)) for w in words), (pair.en[0], polish)


def test_no_english_form_is_all_function_words() -> None:
    """A form of stop words only ("may", "can") names nothing: the analysers drop it."""
    from tools.search.analysis import english_terms

    for pair in load_word_pairs(WORD_PAIRS):
        for form in pair.en:
            assert any(english_terms(w) for w in form.lower().split()), form
