"""The search analyzers on their own: a table of word -> terms, folding and pickling."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from tools.search.analysis import (
    english_analyzer,
    fold,
    mobile_e_forms,
    polish_analyzer,
    polish_terms,
    terms,
    verb_root,
    with_negations,
)

POLISH_TABLE = [
    # word as typed, terms the analyzer must produce (a subset is enough: variants may grow)
    ("dziadek", {"dziadek", "dziadk"}),
    ("dziadka", {"dziadk"}),
    ("Fałszywego", {"falszyw", "falszywego"}),
    ("falszywym", {"falszyw"}),
    ("renonsem", {"renons"}),
    ("renonsu", {"renons"}),
    ("przygwożdżonych", {"przygwozdzon"}),
    ("przygwozdzona", {"przygwozdzon"}),
    ("kolejnością", {"kolejnosc"}),
    ("kolejnoscia", {"kolejnosc"}),
    ("sędzia", {"sedz"}),
    ("sedzia", {"sedz"}),
    ("64B3", {"64b3"}),
    ("ŁAPÓWKA", {"lapowka"}),
    # the forms of one verb share its root: named (nazwana), he named (nazwał), touched
    ("nazwana", {"nazw"}),
    ("nazwał", {"nazw"}),
    ("dotknięta", {"dotkn"}),
    ("dotknął", {"dotkn"}),
    ("poprawił", {"popraw"}),
    # ... and so do the first-person forms players type (I touched, I named)
    ("dotknąłem", {"dotkn"}),
    ("dotknęłam", {"dotkn"}),
    ("nazwałem", {"nazw"}),
    # a verb in -ować has "uj" in the present where its past and infinitive have "ow": he bids
    # (licytuje), they bid (licytują), he bid (licytował), to bid (licytować) meet
    ("licytuje", {"licytow"}),
    ("licytują", {"licytow"}),
    ("licytował", {"licytow"}),
    ("licytować", {"licytow"}),
    ("pasujesz", {"pasow"}),
]


@pytest.mark.parametrize("word", ["czuje", "psuje", "kuje"])
def test_no_present_tense_root_too_short(word: str) -> None:
    assert not any(term.endswith("ow") for term in terms(word, "pl"))


@pytest.mark.parametrize("word", ["grał", "grana", "zmiana", "strona"])
def test_no_verb_root_too_short_to_tell_words_apart(word: str) -> None:
    assert verb_root(fold(word)) is None


@pytest.mark.parametrize(("word", "expected"), POLISH_TABLE)
def test_polish_terms(word: str, expected: set[str]) -> None:
    assert expected <= set(terms(word, "pl"))


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("falszywy renons", "fałszywy renons"),
        ("karta przygwozdzona", "karty przygwożdżonej"),
        ("wyjscie poza kolejnoscia", "wyjścia poza kolejnością"),
        ("dziadek", "ręki dziadka"),
        ("sedzia", "sędziego"),
    ],
)
def test_query_without_diacritics_meets_text(typed: str, printed: str) -> None:
    for word in typed.split():
        if terms(word, "pl"):
            assert set(terms(word, "pl")) & set(terms(printed, "pl")), word


def test_polish_stop_words_dropped_and_positions_shared() -> None:
    assert terms("co się dzieje, gdy", "pl") == sorted(terms("dzieje", "pl"))
    tokens = [(t.text, t.pos) for t in polish_analyzer()("fałszywy renons", positions=True)]
    assert {pos for _, pos in tokens} == {0, 1}
    assert ("renons", 1) in tokens


ENGLISH_TABLE = [
    ("revokes", ["revok"]),
    ("Established", ["establish"]),
    ("penalty cards", ["penalti", "card"]),
    ("the claim of a player", ["claim", "player"]),
    # an irregular verb's forms as the verb, which Snowball leaves apart ("lost", "lose")
    ("lost lose losing", ["lose", "lose", "lose"]),
    ("he led, they lead", ["he", "lead", "they", "lead"]),
    ("won winning", ["win", "win"]),
    ("withheld", ["withhold"]),
    # not a form that is another word here: the left-hand opponent does not "leave"
    ("left", ["left"]),
]


@pytest.mark.parametrize(("text", "expected"), ENGLISH_TABLE)
def test_english_terms(text: str, expected: list[str]) -> None:
    assert terms(text, "en") == expected


def test_fold() -> None:
    assert fold("Zażółć gęślą jaźń ŁÓDŹ") == "Zazolc gesla jazn LODZ"
    assert fold("64B3 § 50D2a") == "64B3 § 50D2a"


def test_analyzers_pickle_and_hold_no_stemmer() -> None:
    for make in (polish_analyzer, english_analyzer):
        data = pickle.dumps(make())
        assert b"snowballstemmer" not in data
        again = pickle.loads(data)
        assert [t.text for t in again("dziadka")] == [t.text for t in make()("dziadka")]


def test_import_clean_under_warnings_as_errors() -> None:
    code = "import tools.search.analysis as a; print(a.terms('dziadka', 'pl'))"
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "dziadk" in done.stdout


@pytest.mark.parametrize(
    ("word", "forms"),
    [("dziadka", ["dziadek"]), ("dziadek", ["dziadka"]), ("karta", []), ("renonsu", [])],
)
def test_mobile_e_forms_for_pagefind(word: str, forms: list[str]) -> None:
    assert mobile_e_forms(word) == forms


@pytest.mark.parametrize(("words", "read"), [
    (["rozgrywający", "nie", "nazwał"], ["rozgrywający", "nie", "nienazwał"]),
    (["strona", "nie", "wykraczająca"], ["strona", "nie", "niewykraczająca"]),
    (["Nie", "wolno"], ["Nie", "niewolno"]),
    (["powiedział", "nie", "tę", "kartę"], ["powiedział", "nie", "tę", "kartę"]),  # a stop word
    (["nie", "12"], ["nie", "12"]),  # no word
    (["nie"], ["nie"]),
    (["not", "played"], ["not", "played"]),
])
def test_a_word_after_nie_is_read_joined_to_it(words: list[str], read: list[str]) -> None:
    """"nie" is written apart from a verb and joined to a participle: "nie nazwał" reads as
    "nienazwał", which meets "nienazwaną" in the index."""
    assert with_negations(words) == read
    assert set(polish_terms("nienazwał")) & set(polish_terms("nienazwaną"))
