"""The site search in a real headless Chromium, on the session's site built from the snapshot."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.network]


@pytest.fixture(scope="module")
def origin(base_url: str) -> str:
    """The session's site, built as the main job builds it (law pages, situations, glossary,
    wizard), so the search is tested against every page a reader can find."""
    return base_url.rstrip("/")  # the tests join paths with "/"


@pytest.fixture()
def page(browser, origin: str):  # noqa: ANN001, ANN201
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.requests = []  # every URL the page asked for
    page.on("request", lambda request: page.requests.append(request.url))
    yield page
    context.close()


def ask(page, query: str) -> list[str]:  # noqa: ANN001
    """Type a query into the open search box; the hrefs of the results once they settle."""
    page.fill(".bl-search__input", query)
    page.wait_for_function(
        "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
        arg=query,
        timeout=10_000,
    )
    return [a.get_attribute("href") for a in page.query_selector_all(".bl-search__result a")]


# A JavaScript function of a query: the pages the search box reads for it and how it read it
# (find.js S.find, called as the box calls it), for a test to order or inspect them.
FIND = """async (query) => {
  const S = window.bridgelawSearch, Q = window.bridgelawQuery, ROOT = S.ROOT;
  await Q.load(ROOT);
  const words = Q.contentWords(query);
  const pf = await S.loadPagefind();
  return S.find(pf, words, Q.vocabulary(ROOT, words), () => false,
    Q.translations(ROOT, words), Q.synonyms(ROOT, words), Q.negatedWords(query));
}"""


def open_search(page, origin: str, path: str = "laws/2017/64/") -> None:  # noqa: ANN001
    page.goto(f"{origin}/{path}")
    page.keyboard.press("/")
    page.wait_for_selector(".bl-search__input", state="visible")


def test_nothing_loads_before_the_search_opens_and_nothing_from_other_hosts(page, origin) -> None:  # noqa: ANN001
    page.goto(f"{origin}/laws/2017/64/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in page.requests if "pagefind" in url]
    page.click(".bl-search__open")
    ask(page, "renons")
    assert any(url.endswith("pagefind.js") for url in page.requests)
    assert all(url.startswith(origin) for url in page.requests)


@pytest.mark.parametrize(
    ("query", "laws"),
    [
        ("falszywy renons", {"61", "62", "63", "64"}),
        ("przygwozdzona", {"50", "51", "52"}),
        # ł typed as l; 2017 45F (dummy after the spread) answers before the 1997 41D heading
        ("wylozenie dziadka", {"41", "45"}),
        ("uznanie roszczenia", {"68", "69", "70"}),
        ("dziadek", {"42", "43"}),  # the law titled "dziadka" beats units titled "Dziadek"
        ("lead out of turn accepted", {"53"}),  # the official English title, on a Polish page
        ("co gdy dziadek zagra kartę bez polecenia", {"45"}),  # not every word is in law 45
        ("stół", {"41", "42", "43"}),  # a glossary variant of "dziadek"
    ],
)
def test_words_find_the_law_and_link_to_the_anchor(page, origin, query, laws) -> None:  # noqa: ANN001
    open_search(page, origin)
    hrefs = ask(page, query)
    # situation and glossary pages may come first (they name the law too): the first law is
    # the one asked for, and its result opens the unit's anchor
    found = [m.groups() for h in hrefs if (m := re.search(r"/laws/(\d{4})/(\d+)/(#\w+)$", h))]
    assert found, (query, hrefs)
    edition, number, anchor = found[0]
    assert number in laws and anchor.startswith(f"#{number}"), (query, hrefs)


def test_citation_jumps_to_the_unit(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin)
    hrefs = ask(page, "przepis 64 B 3")
    assert hrefs[0] == f"{origin}/laws/2017/64/#64B3"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{origin}/laws/2017/64/#64B3")
    assert page.evaluate("location.hash") == "#64B3"


def test_missing_citation_offers_nearest(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin)
    hrefs = ask(page, "64H")
    status = page.inner_text(".bl-search__status")
    assert "64H" in status and "najbliższe" in status
    assert hrefs and all("/laws/" in href and "#64" in href for href in hrefs)


@pytest.mark.parametrize(
    "query",
    [
        "<script>window.__pwned = 1</script>",
        "<img src=x onerror=window.__pwned=1>",
        '"><svg onload=window.__pwned=1>',
    ],
)
def test_markup_in_the_query_is_shown_not_run(page, origin, query) -> None:  # noqa: ANN001
    open_search(page, origin)
    page.fill(".bl-search__input", query)
    page.wait_for_timeout(800)
    assert page.evaluate("window.__pwned") is None
    panel = page.query_selector(".bl-search")
    assert panel.query_selector("img, script, svg") is None


@pytest.mark.parametrize(
    ("query", "message"),
    [("x" * 2000, "za długie"), ("?!…;;", "nie zawiera liter")],
)
def test_bad_queries_get_a_message(page, origin, query, message) -> None:  # noqa: ANN001
    open_search(page, origin)
    ask(page, query)
    assert message in page.inner_text(".bl-search__status")
    assert page.query_selector_all(".bl-search__result") == []


def test_english_half_searches_english_records(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin, "en/laws/2017/64/")
    # 61B means the 2017 unit, whose text is not in the build: its row on our page of the
    # law's 2017 titles first (Enter stays on the site, offline too), then its English page on
    # the source site, then its 1997 counterpart, all in the English half of this site
    hrefs = ask(page, "Law 61B")
    assert hrefs[:3] == [f"{origin}/en/laws/2017/61/#61B",
                         "https://www.pzbs.pl/sedziowie/mpb/2017/en/l61.html",
                         f"{origin}/en/laws/1997/61/#61B"]
    hrefs = ask(page, "revoke")
    assert hrefs and all(href.startswith(f"{origin}/en/") for href in hrefs)
    # the English pages of 45, 50 and 64 show their Polish text (the build has no English
    # text of them): an English query reads it through the glossary, as on the Polish pages
    hrefs = ask(page, "declarer may require the lead of the suit")
    assert hrefs[0] == f"{origin}/en/laws/2017/50/#50D2a", hrefs
    assert "declarer → rozgrywający" in page.inner_text(".bl-search__status")


def test_fits_a_phone(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin)
    ask(page, "renons")
    box = page.query_selector(".bl-search__input").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.keyboard.press("Escape")
    assert page.query_selector(".bl-search").is_hidden()


def test_snippets_mark_the_matched_words_as_text(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin)
    ask(page, "renons")
    marks = page.query_selector_all(".bl-search__snippet mark")
    assert marks and all("renons" in m.inner_text().lower() for m in marks)
    snippets = " ".join(s.inner_text() for s in page.query_selector_all(".bl-search__snippet"))
    assert "<mark>" not in snippets and "&amp;" not in snippets and "&#" not in snippets
    assert page.query_selector(".bl-search__snippet *:not(mark)") is None


def test_snippets_show_the_law_text_not_the_folded_copy(page, origin) -> None:  # noqa: ANN001
    """Typed without diacritics, the query matches the hidden folded copy; the snippet still
    shows the law's own words ("Fałszywy ... przygwożdżonej"), with those words marked."""
    open_search(page, origin)
    ask(page, "falszywy renons przygwozdzonej")
    snippets = [s.inner_text() for s in page.query_selector_all(".bl-search__snippet")]
    assert snippets
    for text in snippets:
        assert "\u00a6" not in text and "zostal" not in text and "falszyw" not in text.lower()
    marks = [m.inner_text().lower() for m in page.query_selector_all(".bl-search__snippet mark")]
    assert any(m.startswith("fałszyw") for m in marks), marks


def test_a_shared_verb_prefix_is_no_form_of_a_word(page, origin) -> None:  # noqa: ANN001
    """"przez" shares only the prefix "prze" with "przenosi": the site neither counts nor marks it
    as a form of the word typed, while forms of one word ("orzec", "orzeknie") still join."""
    open_search(page, origin)
    # the glossary's entry on trick transfer, among the pages found, says "przez"
    ask(page, "przenosi się lewę wziętą po renonsie")
    snippets = " ".join(s.inner_text() for s in page.query_selector_all(".bl-search__snippet"))
    marks = {m.inner_text().lower() for m in page.query_selector_all(".bl-search__snippet mark")}
    assert " przez " in snippets and marks and "przez" not in marks, marks
    same = page.evaluate("""() => [["przez", "przenosi"], ["przed", "przepisu"],
        ["przy", "przyjął"], ["przy", "przy"], ["orzec", "orzeknie"], ["karta", "kartami"],
        ["dziadek", "dziadkami"]].map(([a, b]) => window.bridgelawQuery.sameWord(a, b))""")
    assert same == [False, False, False, True, True, True, True]


def test_a_spec_or_shard_that_failed_is_asked_for_again(page, origin) -> None:  # noqa: ANN001
    """No signal for a moment: the search says it could not load, and the next keystroke asks
    again; a shard of players' words that failed names nothing until it is had."""
    blocked = {"spec-pl.json", "synonyms-pl-6b.json"}
    page.route("**/assets/search/*.json", lambda route: route.abort()
               if route.request.url.rsplit("/", 1)[1] in blocked else route.continue_())
    named = "() => window.bridgelawQuery.synonymTerms(['karta', 'karna']).map(t => t.term)"
    open_search(page, origin)
    ask(page, "karta karna")
    assert "Nie udało się" in page.inner_text(".bl-search__status")
    blocked.discard("spec-pl.json")
    assert ask(page, "karta karna leży") and page.evaluate(named) == []
    blocked.clear()
    ask(page, "karta karna przed obrońcą")
    assert page.evaluate(named) == ["karta przygwożdżona"]


def test_results_name_their_edition(page, origin) -> None:  # noqa: ANN001
    """A unit result says which edition it is from: 64B3 of 1997 is not 64B3 of 2017."""
    open_search(page, origin)
    hrefs = ask(page, "falszywy renons niezagranie karty dziadka")
    for link in page.query_selector_all(".bl-search__result a"):
        href = link.get_attribute("href")
        if "/laws/" in href and link.query_selector(".bl-search__id"):
            edition = link.query_selector(".bl-search__edition").inner_text()
            assert f"/laws/{edition}/" in href, (href, edition)
    assert hrefs


def test_one_fragment_per_law_shown_and_its_units_grouped(page, origin) -> None:  # noqa: ANN001
    """A law is one Pagefind record: a search loads one fragment per law it reads (at most six
    with text, four title pages of laws whose text the build lacks and three pages that point to
    laws), not one per matching unit, and shows each law's best units together under it."""
    open_search(page, origin)
    ask(page, "dziadek")  # loads Pagefind itself
    before = len(page.requests)
    hrefs = ask(page, "fałszywy renons")
    fragments = [url for url in page.requests[before:] if "/pagefind/fragment/" in url]
    laws = [href.split("#")[0] for href in hrefs]
    assert 1 <= len(fragments) <= 6 + 4 + 3
    assert len(set(laws)) <= len(fragments) and len(hrefs) > len(set(laws))
    assert laws == sorted(laws, key=laws.index)  # a law's units follow one another
    assert all("#" in href for href in hrefs if "/laws/" in href)


def test_pages_in_players_words_leave_room_for_the_law(page, origin) -> None:  # noqa: ANN001
    """Situation pages, written in players' words, outscore the law for a player's description;
    they are shown, but the clause in force that decides it is in the list too."""
    open_search(page, origin)
    hrefs = ask(page, "obie strony zrobily renons")
    assert any("/situations/" in h for h in hrefs), hrefs
    assert any(re.search(r"/laws/2017/64/#64[BC]", h) for h in hrefs), hrefs


def test_the_laws_asked_for_again_are_law_pages_not_situations(page, origin) -> None:  # noqa: ANN001
    """When the pages read hold no law text that answers, the laws holding the words are asked
    for again, law pages only: Pagefind's first pages for "błąd sędziego" are all situations
    (players' words), and Law 82, whose 82C is "Błąd sędziego", was never read."""
    open_search(page, origin)
    hrefs = ask(page, "błąd sędziego")
    assert any("/laws/2017/82/" in h for h in hrefs), hrefs


def test_a_section_heading_said_in_full_puts_its_law_first(page, origin) -> None:  # noqa: ANN001
    """82C's heading is "Błąd sędziego": said as it stands (or without its diacritics) it names
    Law 82, known here by its titles only, before the laws whose titles or situations share
    one of its words (Law 12's title, "uznania sędziego"), as the CLI lists it."""
    open_search(page, origin)
    for query in ("błąd sędziego", "blad sedziego"):
        hrefs = [h for h in ask(page, query) if "/laws/" in h]
        # ... and links to that section of its page, under its heading
        assert hrefs[0].endswith("/laws/2017/82/#82C"), (query, hrefs)
        first = page.locator(".bl-search__result").first.inner_text()
        assert "Błąd sędziego" in first, first


def test_a_law_title_named_in_full_puts_its_law_first(page, origin) -> None:  # noqa: ANN001
    """A query that names a law's whole title, its words side by side, lists that law first
    among the laws known by their titles only, though it says more than the title (the CLI's
    title_named): Law 30's "pas poza kolejnością" said with whose turn it was (Law 28 stood
    first before)."""
    open_search(page, origin)
    for query in ("pas poza kolejnoscia przed prawym przeciwnikiem",
                  "pas poza kolejnością w kolejce prawego przeciwnika"):
        hrefs = ask(page, query)
        laws = [h for h in hrefs if "/laws/" in h]
        assert laws[0].split("#")[0].endswith("/laws/2017/30/"), (query, laws)
    # ... with the situations resting on it, not on the law whose place it took (Law 28's
    # situation stood under Law 30's heading): each situation follows its own law
    at = {re.sub(r"^.*?/(laws/2017/\d+|situations/[^/]+)/.*$", r"\1", h): i
          for i, h in reversed(list(enumerate(hrefs)))}
    assert at["laws/2017/30"] < at["situations/pass-out-of-turn-at-rho-turn"] < at["laws/2017/28"]
    assert at["laws/2017/28"] < at["situations/called-while-rho-had-to-pass"], hrefs


def test_a_query_answers_the_same_whatever_was_searched_before(page, browser, origin) -> None:  # noqa: ANN001
    """Pagefind reads a word as the words beginning with its stem among the index chunks
    loaded so far: after "pas poza kolejnością w kolejce prawego przeciwnika" had loaded the
    chunk holding "rekontrze", "kontra poza kolejnoscia ..." found more words in Law 41's 1997
    text and listed other laws. The chunks a word's stem may run into are loaded before each
    search (ask.js), so the results are those of the query asked on its own."""
    query = "kontra poza kolejnoscia czy przeciwnik moze ja przyjac"
    open_search(page, origin)
    ask(page, "pas poza kolejnością w kolejce prawego przeciwnika")
    after = ask(page, query)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        alone = context.new_page()
        open_search(alone, origin)
        assert after == ask(alone, query)
    finally:
        context.close()


def test_a_law_in_force_known_by_its_title_answers_before_the_1997_text(page, origin) -> None:  # noqa: ANN001
    """Every word is in 1997 Law 69's text; the 2017 law is in the build by its title only
    ("Uznanie deklaracji lub zrzeczenia"), and still answers first."""
    open_search(page, origin)
    laws = [m.groups() for h in ask(page, "uznanie roszczenia")
            if (m := re.search(r"/laws/(\d{4})/(\d+)/", h))]
    assert laws and laws[0] == ("2017", "69"), laws


def test_a_situation_holding_more_words_than_any_clause_comes_first(page, origin) -> None:  # noqa: ANN001
    """The board-turned-round situation holds most of the words of a player's description, no
    clause of the law text in force as many: the situation and Law 87 it rests on (known here
    by its titles only) answer before Law 45's clauses, which hold "karty" and "stoły"."""
    open_search(page, origin)
    hrefs = ask(page, "ktoś odwrócił pudełko i karty poszły na inne stoły w złych rękach, "
                      "jak liczyć")
    laws = [m.group(1) for h in hrefs if (m := re.search(r"/laws/2017/(\d+)/", h))]
    assert laws and laws[0] == "87", hrefs
    situation = next(i for i, h in enumerate(hrefs) if "/situations/board-turned-round/" in h)
    clauses = [i for i, h in enumerate(hrefs) if re.search(r"/laws/2017/45/#45", h)]
    assert not clauses or situation < min(clauses), hrefs


def test_titles_holding_more_of_the_words_come_first(page, origin) -> None:  # noqa: ANN001
    """A page's Pagefind score is weighed by the share of the query's words it holds (the CLI's
    COVERAGE_WEIGHT, read from the spec), and a law is lifted by a situation found resting on
    it, whose words count as its own: Pagefind's higher score for a short title holding one
    word typed gives way to a law holding more of them (order.js currentFirst, run on records
    made for the test: 28 scored 6 holds one word of three, 30 scored 5 two, 32 scored 3 one
    and a situation scored 1 holding all three rests on it)."""
    from tools.search.rank import COVERAGE_WEIGHT, PAGE_LIFT_WEIGHT

    open_search(page, origin)
    got = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const law = (n, score, content) => ({ score, content, sub_results: [], anchors: [],
        meta: { law: n, edition: "2017", titles_only: "true",
                title: "Przepis " + n + ". Nazwa zastępcza" } });
      const situation = { score: 1, content: "pas przeciwnik kolejność", sub_results: [],
        url: "/situations/s/", meta: { rests_on: "32", title: "S" } };
      const found = [law("28", 6, "przeciwnik"), law("30", 5, "pas przeciwnik"),
        law("31", 4, "kolejność"), law("32", 3, "kolejność"), situation];
      const reading = { words: ["pas", "przeciwnik", "kolejność"], terms: [], synonyms: [],
        negated: {} };
      return { rules: [Q.spec.ranking.coverage_weight, Q.spec.ranking.page_lift_weight],
               order: S.currentFirst(found, reading).map((d) => d.meta.law || "situation") };
    }""")
    assert got["rules"] == [COVERAGE_WEIGHT, PAGE_LIFT_WEIGHT]
    # 30: 5 * (1 + 4 * 2/3) = 18.3; 32: 3 * (1 + 4/3) + 2 * 1 * (1 + 4) = 17; 28: 6 * (1 + 4/3) = 14
    assert got["order"] == ["30", "32", "situation", "28", "31"], got


def test_a_title_a_named_term_rests_on_comes_first_among_equals(page, origin) -> None:  # noqa: ANN001
    """Between two laws known by their titles only whose titles hold as many of the words, the
    one that is the first law of a glossary term the query names (its record's first_law_of) is
    lifted as by a situation citing it, as the CLI lifts it: "declarer led from the wrong hand"
    names the term of Law 55, though Pagefind scores Law 54's title (faced opening lead out of
    turn) higher; and a law's 1997 text found, which counts for its law in force, stands after
    it. On records made for the test, then on the built English pages."""
    open_search(page, origin)
    order = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const law = (n, score, heads) => ({ score, content: "declarer lead hand", sub_results: [],
        anchors: [], meta: { law: n, edition: "2017", titles_only: "true", title: "Law " + n,
                             first_law_of: heads ? JSON.stringify(heads) : "" } });
      const old = { score: 8, content: "declarer lead hand", sub_results: [], anchors: [],
                    meta: { law: "54", edition: "1997", title: "Law 54" } };
      const found = [old, law("54", 9, ["opening lead out of turn"]),
                     law("55", 5, ["lead from the wrong hand"])];
      const reading = (term) => ({ words: ["declarer", "lead", "hand"], terms: [], negated: {},
        synonyms: term ? [{ term, words: term.split(" "), naming: ["lead", "hand"] }] : [] });
      return [null, "lead from the wrong hand"].map((term) => S.currentFirst(found, reading(term))
        .map((d) => d.meta.law + "/" + d.meta.edition));
    }""")
    assert order == [["54/2017", "54/1997", "55/2017"], ["55/2017", "54/2017", "54/1997"]], order
    open_search(page, origin, "en/laws/2017/64/")
    hrefs = ask(page, "declarer led from the wrong hand")
    assert re.search(r"laws/2017/55/", hrefs[0]), hrefs
    laws = [m.groups() for h in hrefs if (m := re.search(r"/laws/(\d{4})/(\d+)/", h))]
    for number in {n for e, n in laws if e == "2017"} & {n for e, n in laws if e == "1997"}:
        assert [e for e, n in laws if n == number][0] == "2017", laws


def test_a_situation_found_lifts_the_law_it_rests_on(page, origin) -> None:  # noqa: ANN001
    """A law in force is lifted by the best situation found resting on it, by that situation's
    score, as the CLI lifts a law by its pointers (LIFT_WEIGHT): among pages made for the test,
    a law scored below another goes before it when a situation rests on it, and so does a law
    known by its titles only among such titles; a 1997 law is not lifted. On the built site
    "kart przygwożdżonych" lists Law 50, on whose text the penalty card's situations rest, before
    Law 51's title."""
    open_search(page, origin)
    order = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const law = (n, score, edition, titles) => ({ score, content: "claim", sub_results: [],
        anchors: [], meta: Object.assign({ law: n, edition: edition || "2017", title: "Law " + n },
                                         titles ? { titles_only: "true" } : {}) });
      const situation = (n, score) => ({ score, content: "claim", sub_results: [], anchors: [],
        meta: { rests_on: n, rests_on_title: "Law " + n, title: "a situation" } });
      const reading = { words: ["claim"], terms: [], negated: {}, synonyms: [] };
      const laws = (found) => S.currentFirst(found, reading).filter((d) => d.meta.law)
        .map((d) => d.meta.edition + "/" + d.meta.law);
      return [laws([law("21", 9), law("68", 5)]),
              laws([law("21", 9), law("68", 5), situation("68", 6)]),
              laws([law("21", 9), law("68", 5, "1997"), situation("68", 6)]),
              laws([law("21", 9, "2017", true), law("68", 5, "2017", true), situation("68", 6)])];
    }""")
    assert order == [["2017/21", "2017/68"], ["2017/68", "2017/21"],
                     ["2017/21", "1997/68"], ["2017/68", "2017/21"]], order
    laws = [m.group(1) for h in ask(page, "kart przygwożdżonych")
            if (m := re.search(r"/laws/2017/(\d+)/", h))]
    assert laws and laws[0] == "50", laws


def test_a_situation_lists_the_law_it_rests_on_when_no_page_of_it_was_found(
        page, origin) -> None:  # noqa: ANN001
    """A situation found whose law no page found brings that law, listed with it (S.restsOn, on
    records made for the test): where the build holds the law's text, as a link to the clause
    the situation cites first, with no "no text" mark; a law known by its titles only as a link
    to its title page, so marked; a law whose page was found is not listed twice."""
    open_search(page, origin)
    got = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const situation = (n, unit) => ({ score: 5, content: "claim", sub_results: [], anchors: [],
        meta: Object.assign({ rests_on: n, rests_on_title: n + ". Name", title: "a situation" },
                            unit ? { rests_on_unit: unit } : {}) });
      const reading = { words: ["claim"], terms: [], negated: {}, synonyms: [] };
      const law = { score: 4, content: "claim", sub_results: [], anchors: [],
        meta: { law: "70", edition: "2017", title: "70. Name" } };
      const found = [situation("64", "64A1"), situation("55"), situation("70", "70C"), law];
      const listed = S.restsOn(found, reading);
      const where = (url) => new URL(url).pathname + new URL(url).hash;
      return { items: listed.map((l) => [l.item.id, where(l.item.url), l.item.kind]),
               noText: S.TEXT.titlesOnly };
    }""")
    assert got["items"] == [["64A1", "/laws/2017/64/#64A1", ""],
                            ["55", "/laws/2017/55/#55", got["noText"]]], got


def test_a_situation_found_answers_for_its_law_against_the_clauses(page, origin) -> None:  # noqa: ANN001
    """A situation found lifts the law text it rests on by twice its weighed score, as a
    situation joins its law's group on the CLI: for "karta zagrana przez obrońcę odkryta" Law
    45's page answers before Law 50's, and with a situation resting on Law 50 that holds every
    word and scores as the best page found (made for the test) Law 50's clauses come first."""
    open_search(page, origin)
    got = page.evaluate("""async (query) => {
      const S = window.bridgelawSearch;
      const got = await (""" + FIND + """)(query);
      const reading = got.reading;
      const best = Math.max(...got.found.map((d) => d.score || 0));
      const situation = { score: best, content: query, sub_results: [], anchors: [],
        url: "/situations/made-for-the-test/", meta: { rests_on: "50", title: "S" } };
      const laws = (found) => S.items(found, reading.words, reading).map((i) => i.id)
        .filter((id) => /^(45|50)/.test(id || "")).map((id) => id.slice(0, 2));
      return [laws(got.found), laws(got.found.concat([situation]))];
    }""", "karta zagrana przez obrońcę odkryta")
    assert got[0][0] == "45" and got[1][0] == "50", got


def test_history_never_stands_before_a_law_a_situation_brought(page, origin) -> None:  # noqa: ANN001
    """A law in force known by its titles only, brought by the situations found resting on it,
    is listed before the 1997 text found: "can I ask for the whole auction to be repeated when it
    is my turn" reads "auction repeated" in the Polish text, which 1997 Law 41 holds
    ("powtórzenia licytacji"), and the situations on asking for a review of the auction bring
    Law 20 in force (the anchors in tools/search/rank.py)."""
    open_search(page, origin, "en/laws/2017/64/")
    refs = [m.group(1, 2) for h in ask(page, "can I ask for the whole auction to be repeated "
                                        "when it is my turn")
            if (m := re.search(r"/laws/(2017|1997)/(\d+)/", h))]
    assert refs and refs[0] == ("2017", "20") and ("1997", "41") in refs, refs
    assert all(edition == "2017" for edition, _ in refs[:refs.index(("1997", "41"))]), refs


def test_a_title_named_in_full_gives_way_to_one_whose_situation_holds_more_words(
        page, origin) -> None:  # noqa: ANN001
    """Among laws known by their titles only, a title the query names in full gives way to a law
    a situation found resting on it lifts: pages made for the test (a situation holding every
    word lifts Law 36 above Law 19, whose title holds more of them), and on the built site
    "rekontra choć nikt nie kontrował" (it names Law 19's title, "Kontra i rekontra") lists Law
    36, inadmissible doubles and redoubles, first, as the CLI does."""
    open_search(page, origin)
    order = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const title = (n, name, score) => ({ score, content: name, sub_results: [], anchors: [],
        meta: { law: n, edition: "2017", title: n + ". " + name, titles_only: "true" } });
      const situation = (n, text, score) => ({ score, content: text, sub_results: [], anchors: [],
        meta: { rests_on: n, rests_on_title: "Law " + n, title: "a situation" } });
      const reading = { words: ["alpha", "beta", "gamma"], terms: [], negated: {}, synonyms: [] };
      const laws = (found) => S.currentFirst(found, reading).filter((d) => d.meta.law)
        .map((d) => d.meta.law);
      return [laws([title("19", "alpha beta", 9), title("36", "alpha delta", 8)]),
              laws([title("19", "alpha beta", 9), title("36", "alpha delta", 8),
                    situation("36", "alpha beta gamma", 7)])];
    }""")
    assert order == [["19", "36"], ["36", "19"]], order
    laws = [m.group(1) for h in ask(page, "rekontra choć nikt nie kontrował")
            if (m := re.search(r"/laws/2017/(\d+)/", h))]
    assert laws and laws[0] == "36", laws


def test_a_situation_lifts_the_other_laws_it_cites_by_a_share(page, origin) -> None:  # noqa: ANN001
    """A situation found lifts the law it rests on by its score and every other law it cites by
    the CLI's share of it (OTHER_LAWS_SHARE in tools/search/rank.py, read from the spec): on
    pages made for the test, Law 21 scored 5 passes Law 40 scored 7 when a situation scored 6
    rests on Law 68 and cites 21 too, and not when the situation cites 68 alone."""
    from tools.search.rank import OTHER_LAWS_SHARE

    open_search(page, origin)
    got = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const law = (n, score) => ({ score, content: "claim", sub_results: [], anchors: [],
        meta: { law: n, edition: "2017", title: "Law " + n } });
      const situation = (cites) => ({ score: 6, content: "claim", sub_results: [], anchors: [],
        meta: { rests_on: "68", cites_laws: cites, title: "a situation" } });
      const reading = { words: ["claim"], terms: [], negated: {}, synonyms: [] };
      const laws = (found) => S.currentFirst(found, reading).filter((d) => d.meta.law)
        .map((d) => d.meta.law);
      return { share: Q.spec.ranking.other_laws_share,
               cited: laws([law("40", 7), law("21", 5), situation("68,21")]),
               alone: laws([law("40", 7), law("21", 5), situation("68")]) };
    }""")
    assert got["share"] == OTHER_LAWS_SHARE
    assert got["cited"] == ["21", "40"] and got["alone"] == ["40", "21"], got


def test_english_inflections_of_one_word_are_one_word(page, origin) -> None:  # noqa: ANN001
    """English forms the CLI's stems make one are one word on the site too, short words and two
    inflected forms included, without Polish words of three letters growing English endings:
    so "can I ask about their bids" names the glossary's explanation ("asking about a bid")."""
    open_search(page, origin, "en/laws/2017/64/")
    got = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const pairs = [["ask", "asking"], ["bids", "bid"], ["passed", "passing"], ["bidding", "bid"],
                     ["making", "make"], ["passes", "pass"], ["pass", "pas"], ["lew", "lewy"],
                     ["card", "cart"]];
      const words = ["ask", "about", "their", "bids"];
      await Q.synonyms(S.ROOT, words);
      return { same: pairs.map(([a, b]) => Q.sameWord(a, b)),
               terms: Q.synonymTerms(words, {}).map((t) => t.term) };
    }""")
    assert got["same"] == [True] * 6 + [False] * 3, got
    assert "explanation" in got["terms"], got


def test_an_english_players_form_is_named_by_its_inflections_only(page, origin) -> None:  # noqa: ANN001
    """On the English pages a players' form is named as the CLI's English stems name it: "under"
    in "a card under the table" is no form of "underbid" (a Polish ending rule made it one, and
    an insufficient bid was read into a missing card), while "underbids" still is."""
    open_search(page, origin, "en/laws/2017/64/")
    got = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      const table = ["missing", "card", "found", "under", "table"], told = ["he", "underbids"];
      await Q.synonyms(S.ROOT, table.concat(told));
      return { table: Q.synonymTerms(table, {}).map((t) => t.term),
               told: Q.synonymTerms(told, {}).map((t) => t.term) };
    }""")
    assert "insufficient bid" not in got["table"], got
    assert "insufficient bid" in got["told"], got


def test_an_irregular_verb_form_is_read_as_its_verb(page, origin) -> None:  # noqa: ANN001
    """Pagefind's stems keep "lost" and "lose" apart, as Snowball does on the CLI, where
    analysis.py reads each irregular form as its verb: the search box seeks the verb, which every
    page's folded copy adds beside the form, and counts the forms as one word; so "lost" finds
    the situation that says "lose" as that word does, and "left" (the left-hand opponent) stays."""
    open_search(page, origin, "en/laws/2017/64/")
    same = page.evaluate("""async () => {
      const S = window.bridgelawSearch, Q = window.bridgelawQuery;
      await Q.load(S.ROOT);
      return [["lost", "lose"], ["led", "leading"], ["won", "wins"], ["left", "leave"]]
        .map(([a, b]) => Q.sameWord(a, b));
    }""")
    assert same == [True, True, True, False], same
    asked = pagefind_queries(page, "have we lost anything by calling the director")
    assert "lose" in asked and not any("lost" in words.split() for words in asked), asked
    found = ask(page, "have we lost anything by calling the director")
    assert found == ask(page, "do we lose anything by calling the director"), found
    assert any("/situations/calling-the-director-costs-nothing/" in h for h in found[:3]), found


def test_a_title_typed_in_words_that_are_also_players_words_is_found(page, origin) -> None:  # noqa: ANN001
    """"Exposure of declarer's cards" is Law 48's English title, known here by its titles only;
    "exposure of a card" is also a players' form of "exposed card", whose law words Pagefind is
    asked for instead. The title page holds every word as typed, and is read and listed first,
    before the Polish clauses the glossary's reading of the words finds."""
    open_search(page, origin, "en/laws/2017/64/")
    laws = [m.group(1) for h in ask(page, "exposure of declarer's cards")
            if (m := re.search(r"/laws/2017/(\d+)/", h))]
    assert laws and laws[0] == "48", laws


def pagefind_queries(page, query: str) -> list[str]:  # noqa: ANN001
    """What the search box asks Pagefind for one query typed (its searches, recorded)."""
    page.evaluate("""() => {
      const S = window.bridgelawSearch;
      if (!S.__recorded) {
        const search = S.ask;
        window.__asked = [];
        S.ask = (pf, words, options) => {
          window.__asked.push(words);
          return search(pf, words, options);
        };
        S.__recorded = true;
      }
      window.__asked.length = 0;
    }""")
    ask(page, query)
    return page.evaluate("() => window.__asked.slice()")


def test_players_words_typed_with_other_words_are_also_searched_as_typed(page, origin) -> None:  # noqa: ANN001
    """Pagefind is asked for the law's words in place of players' words ("exposure ... cards"
    names "exposed card"); with another word typed beside them, the words as typed are asked
    for too, so a page saying them as typed (Law 48's title) stays among the pages read. Players'
    words typed alone are read as the glossary says only ("karta karna", not the 1997 term)."""
    open_search(page, origin, "en/laws/2017/64/")
    asked = pagefind_queries(page, "exposure of declarer's cards")
    assert "exposure declarer cards" in asked, asked
    assert any("exposed" in words.split() for words in asked), asked
    open_search(page, origin)
    asked = pagefind_queries(page, "karta karna")
    assert asked and not any(words.split() == ["karta", "karna"] for words in asked), asked


def test_a_search_asked_again_on_the_next_keystroke_is_answered_from_the_kept(page, origin) -> None:  # noqa: ANN001
    """Typing on asks again for what the keystroke before asked (every word but the last, one
    by one): those searches are kept, so the longer query asks Pagefind fewer searches than it
    asks on a fresh page, and lists the same results, each page read as on a fresh page."""
    longer = "karta zagrana przez dziadka za wcześnie"
    query = longer[:-1]  # the keystroke before: the last word not yet whole
    open_search(page, origin)
    fresh = pagefind_queries(page, longer)
    fresh_hrefs = ask(page, longer)
    open_search(page, origin)
    pagefind_queries(page, query)
    again = pagefind_queries(page, longer)
    assert ask(page, longer) == fresh_hrefs and fresh_hrefs
    assert len(again) < len(fresh), (again, fresh)


def test_the_law_in_force_is_asked_for_when_only_1997_text_holds_the_words(page, origin) -> None:  # noqa: ANN001
    """1997 Law 51 holds every word ("zabronił" aside) and no law in force holds them all: the
    laws in force are then searched by the records' edition filter, and 2017 50D2a (declarer
    forbids the lead of the suit) is among the pages read; the first answer is a law in force
    (here Law 26, whose lead restrictions a situation found tells in every word), not the
    superseded text."""
    query = "rozgrywający zabronił wyjścia w tym kolorze"
    open_search(page, origin)
    read = page.evaluate("""async (query) => {
      const got = await (""" + FIND + """)(query);
      return got.found.map((d) => [(d.meta || {}).edition, (d.meta || {}).law]);
    }""", query)
    assert ["2017", "50"] in read, read
    found = [m.groups() for h in ask(page, query)
             if (m := re.search(r"/laws/(\d{4})/\d+/#(\w+)", h))]
    assert found and found[0][0] == "2017", found


@pytest.mark.parametrize(
    "query", ["uprawomocnienie", "dysponowanie kartą", "karta nazwana jest zagrana"])
def test_the_2017_text_comes_before_the_1997_text_of_the_same_law(page, origin, query) -> None:  # noqa: ANN001
    """Pagefind ranks the 1997 page of these laws first; a player today plays under 2017."""
    open_search(page, origin)
    laws = [m.groups() for h in ask(page, query) if (m := re.search(r"/laws/(\d{4})/(\d+)/", h))]
    assert laws and laws[0][0] == "2017", laws  # the law in force answers first
    both = {n for e, n in laws if e == "2017"} & {n for e, n in laws if e == "1997"}
    for number in both:
        assert [e for e, n in laws if n == number][0] == "2017", laws


def test_1997_results_are_labelled_superseded(page, origin) -> None:  # noqa: ANN001
    open_search(page, origin)
    ask(page, "wylozenie dziadka")  # the words of a 1997 heading the 2017 text lacks here
    old = [link for link in page.query_selector_all(".bl-search__result a")
           if "/laws/1997/" in (link.get_attribute("href") or "")]
    assert old, "a 1997 result was expected"
    for link in old:
        assert link.query_selector(".bl-search__superseded").inner_text() == "nieobowiązujące"


@pytest.mark.parametrize(
    ("path", "query", "section", "kind"),
    [
        ("laws/2017/64/", "dziadek podpowiada", "/situations/", "Sytuacja"),
        # (the English pages read "dummy played a card" in the Polish text of 45, which
        # answers before any situation: issue 31)
        ("en/laws/2017/64/", "dummy warns declarer", "/en/situations/", "Situation"),
    ],
)
def test_other_pages_say_what_they_are(page, origin, path, query, section, kind) -> None:  # noqa: ANN001
    """A situation (or glossary, compare ...) result is marked as one: it is not law text."""
    open_search(page, origin, path)
    ask(page, query)
    links = page.query_selector_all(".bl-search__result a")
    situations = [a for a in links if section in a.get_attribute("href")]
    assert situations, [a.get_attribute("href") for a in links]
    for link in situations:
        assert link.query_selector(".bl-search__kind").inner_text() == kind
        assert link.query_selector(".bl-search__id") is None
    for link in links:  # law text carries no kind; a 2017 law known by its titles says so
        if "/laws/" in link.get_attribute("href") and link.query_selector(".bl-search__id"):
            marked = link.query_selector(".bl-search__kind")
            assert marked is None or marked.inner_text() in ("bez tekstu", "no text")


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_result_in_the_page_being_read_closes_the_search(page, origin, how) -> None:  # noqa: ANN001
    """On Law 64, a 64 result only moves to its anchor: the panel must close, or it keeps
    covering the unit the reader asked for."""
    open_search(page, origin, "laws/2017/64/")
    hrefs = ask(page, "falszywy renons")
    first = hrefs[0]
    assert first.startswith(f"{origin}/laws/2017/64/#64"), hrefs
    if how == "click":
        page.locator(".bl-search__result a").first.click()
    else:
        page.keyboard.press("Enter")
    page.wait_for_url(first)
    assert page.query_selector(".bl-search").is_hidden()
    anchor = first.split("#")[1]
    top = page.evaluate(f"document.getElementById('{anchor}').getBoundingClientRect().top")
    assert 0 <= top < 844 / 2


def test_a_title_page_fragment_not_yet_kept_is_left_out(page, origin, site_dir) -> None:  # noqa: ANN001
    """Offline, before the worker keeps the title pages (tools/site/offline.py), their search
    fragments cannot be read: the search still answers with the laws whose text it can read."""
    from tools.site.offline import titles_only_fragment

    fragments = sorted(site_dir.glob("pagefind/fragment/*.pf_fragment"))
    titles = {f.name for f in fragments if titles_only_fragment(f.read_bytes())}
    assert titles and len(titles) < len(fragments)
    page.route("**/pagefind/fragment/*",
               lambda route: route.abort() if route.request.url.rsplit("/", 1)[1] in titles
               else route.continue_())
    open_search(page, origin)
    hrefs = ask(page, "lead out of turn accepted")
    assert any("/laws/1997/53/" in href for href in hrefs), hrefs  # the law whose text is here
    assert not any("/laws/2017/53/" in href for href in hrefs), hrefs  # its title page: not read
    assert page.get_attribute(".bl-search", "data-searched") == "lead out of turn accepted"


def test_a_players_form_that_negates_a_word_is_named_only_by_its_negation(page, origin) -> None:  # noqa: ANN001
    """"czego nie wolno dziadkowi" is the glossary's dummy's limitations: typed without "nie"
    the words name no limitation (they named it while "nie" was only a stop word), as the CLI
    reads them (tools/search/synonyms.py read_words)."""
    open_search(page, origin)
    ask(page, "czego nie wolno dziadkowi")  # fetches the spec and the shard of the words' letters
    named = """negated => window.bridgelawQuery.synonymTerms(['czego', 'wolno', 'dziadkowi'],
                 negated).map(t => t.term)"""
    assert "ograniczenia dziadka" in page.evaluate(named, {"wolno": "niewolno"})
    assert "ograniczenia dziadka" not in page.evaluate(named, {})
    negated = "() => window.bridgelawQuery.negatedWords('Rozgrywający NIE nazwał, nie tę')"
    assert page.evaluate(negated) == {"nazwał": "nienazwał"}
