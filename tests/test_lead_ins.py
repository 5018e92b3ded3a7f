"""Lead-ins (tools/model.py lead_ins): a clause is searched with the text that leads into it, on
the CLI (its context field) and on the site (the search box reads the lead-in's words from the law
record and counts them as each item's; tests/data/search_agreement.tsv holds a query both must
answer through it)."""

from __future__ import annotations

from helpers.site_build import real_corpus
from tools.model import law_lead_ins, lead_ins
from tools.search.docs import law_docs

CORPUS = real_corpus()
LAW_64 = CORPUS.law(2017, "pl", 64)


def test_a_clause_is_led_into_by_the_texts_ending_in_a_colon_above_it() -> None:
    leads = lead_ins(LAW_64.sections)
    assert leads["64A1"] == ("Gdy fałszywy renons uprawomocnił się i:",)
    assert leads["64B3"][0].endswith("jeżeli:")
    assert leads["64A"] == () and leads["64C1"] == ()  # 64C has a title, no text
    law_45 = CORPUS.law(2017, "pl", 45)
    assert lead_ins(law_45.sections)["45C2a"] == (
        "Kartę rozgrywającego uważa się za zagraną, jeśli jest:",)
    # 50D's text states a rule and leads into no list: its items are not read with it
    law_50 = CORPUS.law(2017, "pl", 50)
    assert lead_ins(law_50.sections)["50D1a"] == ()


def test_the_cli_documents_read_a_clause_with_its_lead_in() -> None:
    docs = {doc.id: doc for doc in law_docs(LAW_64)}
    assert docs["64A1"].lead_text == "Gdy fałszywy renons uprawomocnił się i:"
    assert docs["64A1"].context_text == LAW_64.title
    assert docs["64C1"].lead_text == ""


def test_lead_ins_are_not_counted_in_the_vocabulary() -> None:
    """Each lead-in is read with every item below it; counted once per item it would make a
    word the law uses once look common, which the typo rule (POPULAR) reads."""
    from tools.search.docs import vocabulary

    counts = vocabulary(list(law_docs(LAW_64)))
    # "uprawomocnił" stands once, in 64A's text, though 64A1 and 64A2 are read with it
    assert counts["uprawomocnil"] == 1


def test_a_laws_opening_text_leads_into_its_sections_when_it_opens_a_list() -> None:
    law_54 = CORPUS.law(1997, "pl", 54)
    assert law_54.text.endswith("postanowień:")
    assert law_lead_ins(law_54)["54A"] == (law_54.text,)
    # 2017 Law 50's opening text states a rule: its sections are not read with it
    law_50 = CORPUS.law(2017, "pl", 50)
    assert law_lead_ins(law_50)["50A"] == ()


def test_the_spellings_give_a_folded_word_the_one_form_the_texts_print() -> None:
    """What the site searches for a word typed without diacritics (tools/search/docs.py
    spellings): the form the texts print, where they print it one way, with diacritics."""
    from tools.search.docs import spellings, vocabulary

    docs = [doc for law in (LAW_64, CORPUS.law(2017, "pl", 50)) for doc in law_docs(law)]
    spelt = spellings(docs)
    assert spelt["uprawomocnil"] == "uprawomocnił" and spelt["falszywy"] == "fałszywy"
    assert "renons" not in spelt  # printed as folded: nothing to respell
    # printed two ways ("przygwożdżona", "przygwożdżoną"): left for Pagefind to read as typed
    assert "przygwozdzona" not in spelt
    assert set(spelt) <= set(vocabulary(docs))
    assert list(spelt) == sorted(spelt)  # deterministic output
