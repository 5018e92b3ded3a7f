"""Lead-ins (tools/model.py lead_ins): a clause is searched with the text that leads into it, on
the CLI (its context field) and on the site (its record's `leads` metadata, which the search box
counts as each item's words)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from tools.model import lead_ins
from tools.search.docs import law_docs
from tools.site.pagefind_laws import law_records
from tools.site.pagefind_records import LEADS, record_html

sys.path.insert(0, str(Path(__file__).parent / "data"))
from site_build import real_corpus  # noqa: E402

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
    assert "uprawomocnił" in docs["64A1"].context_text
    assert docs["64A1"].context_text.startswith(LAW_64.title)
    assert docs["64C1"].context_text == LAW_64.title


def test_the_site_records_carry_the_lead_ins_once_as_metadata() -> None:
    record = next(r for r in law_records(CORPUS, None, {}, {}) if r.url == "laws/2017/64/")
    leads = json.loads(record.meta[LEADS])
    assert sorted(leads) == ["64A", "64B"]  # each lead-in once, not once per item
    assert leads["64A"] == "Gdy fałszywy renons uprawomocnił się i:"
    page = BeautifulSoup(record_html(record), "html.parser")
    meta = page.select_one(f'[data-pagefind-meta="{LEADS}[data-value]"]')
    assert json.loads(meta["data-value"]) == leads
    # not in the text: its words would lengthen the page Pagefind scores
    assert "uprawomocnił się i:" not in page.select_one('h2[id="64A1"]').find_next_sibling("p").text
