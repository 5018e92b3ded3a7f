"""The site search reads each page's data from Pagefind once and makes the sub-results of the
searches after from the page kept (ask.js pageData): in a real headless Chromium, on the
session's site, they are Pagefind's own."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.network]

# Queries whose pages hold many units and places: the long law texts (45, 50, 64), Polish and
# English words, a word matched as the start of longer ones ("kart"), one place-less title.
QUERIES = ["karta przygwożdżona", "renons uprawomocniony lewa", "kart", "dziadek",
           "declarer lead", "wyjście poza kolejnością", "zagrania jednoczesne"]

# For each query: every result's units (anchor id, or "" for the page above its first heading)
# with their places and weights, as Pagefind's data() gives them and as S.subResults makes
# them from the same page and places.
COMPARE = """async (queries) => {
  const S = window.bridgelawSearch;
  const pf = await S.loadPagefind();
  const shape = (subs) => subs.map((sub) => [sub.anchor ? sub.anchor.id : "",
    sub.weighted_locations.map((l) => [l.location, l.weight])]);
  const out = [];
  for (const query of queries) {
    const found = await pf.search(query);
    for (const r of found.results) {
      const d = await r.data();
      out.push([query, r.id, JSON.stringify(shape(d.sub_results)),
                JSON.stringify(shape(S.subResults(d, d.weighted_locations))),
                d.weighted_locations.length]);
    }
  }
  return out;
}"""


def test_units_made_from_the_page_kept_are_pagefinds_own(browser, base_url: str) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base_url.rstrip('/')}/laws/2017/64/")
    page.keyboard.press("/")
    page.wait_for_selector(".bl-search__input", state="visible")
    rows = page.evaluate(COMPARE, QUERIES)
    context.close()
    assert len({row[0] for row in rows}) == len(QUERIES)  # every query found pages
    assert sum(row[4] for row in rows) > 500  # and many places to group
    assert sum(1 for row in rows if row[2].count('"') > 20) >= 5  # pages of many units
    differ = [row[:2] + row[2:4] for row in rows if row[2] != row[3]]
    assert differ == []


def test_a_page_read_again_lists_what_a_fresh_page_lists(browser, base_url: str) -> None:  # noqa: ANN001
    """Typed after other queries (their pages kept, their places' weights known), a query
    lists the same results as on a page where nothing was searched before: the queries' words
    in the other order, which Pagefind is asked anew (the searches kept are by the words as
    typed), so the pages it finds are made from the pages kept."""
    def results(page, query: str) -> list[str]:  # noqa: ANN001
        page.fill(".bl-search__input", query)
        page.wait_for_function(
            "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
            arg=query, timeout=15_000)
        return [a.get_attribute("href") + " " + a.inner_text()
                for a in page.query_selector_all(".bl-search__result a")]

    def opened():  # noqa: ANN202
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(f"{base_url.rstrip('/')}/laws/2017/64/")
        page.keyboard.press("/")
        page.wait_for_selector(".bl-search__input", state="visible")
        return context, page

    context, page = opened()
    for query in QUERIES:  # every page these find is kept, with its places' weights
        results(page, query)
    turned = [" ".join(reversed(query.split())) for query in QUERIES if " " in query]
    again = {query: results(page, query) for query in turned}
    context.close()
    for query in turned:
        context, page = opened()
        fresh = results(page, query)
        context.close()
        assert fresh and again[query] == fresh, query
