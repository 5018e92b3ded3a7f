"""The Whoosh index and `bridgelaw search` on the real seed text: ranking, jumps, bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.situations import load_situations
from tools.config import Config
from tools.errors import BridgelawError
from tools.model import Corpus
from tools.normalize.citation_id import parse_citation_query as parse_citation
from tools.normalize.glossary import Term
from tools.reference import load_reference
from tools.search.analysis import ENGLISH_STOPS, POLISH_STOPS
from tools.search.engine import expand, named_terms, search
from tools.search.index import GLOSSARY_FILE, build_index, corpus_docs, glossary_pairs, write_index
from tools.search.jargon import JARGON, jargon_words

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "tools.cli"]


def load_corpus() -> Corpus:
    """The scrape stage's corpus of the bundled snapshot: the same wherever the tests run
    (never a build/ the checkout happens to hold)."""
    from helpers.site_build import real_corpus

    return real_corpus()


@pytest.fixture(scope="module")
def config(snapshot_index: Path) -> Config:
    """The index of the snapshot's corpus, built once per session (read-only)."""
    return replace(Config(), build_dir=snapshot_index)


def top_laws(config: Config, query: str, **kw: object) -> list[str]:
    hits = search(query, config, limit=10, **kw).hits
    return list(dict.fromkeys(hit.law for hit in hits))


@pytest.mark.parametrize(
    ("query", "relevant"),
    [
        ("falszywy renons", {"61", "62", "63", "64"}),
        ("fałszywego renonsu", {"61", "62", "63", "64"}),
        ("przygwozdzona", {"50", "51", "52"}),
        ("wyjscie poza kolejnoscia", {"53", "54", "55", "56"}),
        ("roszczenie", {"68", "69", "70"}),
        ("uznanie roszczenia", {"69"}),
        ("uprawnienia dziadka", {"42"}),
    ],
)
def test_right_law_first(config: Config, query: str, relevant: set[str]) -> None:
    assert top_laws(config, query)[0] in relevant


@pytest.mark.parametrize(
    ("typed", "cited"),
    [
        ("64C", "64C"),
        ("64 C 2", "64C2"),
        ("L50D2a", "50D2a"),
        ("przepis 57", "57"),
        ("przepisu 57", "57"),
        ("Law 61B", "61B"),
        ("§ 64", "64"),
        ("50 D 2 (a)", "50D2a"),
        ("dziadek", None),
        ("64 karty", None),
        ("99", None),
    ],
)
def test_parse_citation(typed: str, cited: str | None) -> None:
    assert parse_citation(typed) == cited


def test_citation_jumps_to_the_unit(config: Config) -> None:
    result = search("przepis 64 B 3", config, edition=2017)
    assert result.citation == "64B3"
    assert [hit.id for hit in result.hits] == ["64B3"]
    assert result.hits[0].url == "laws/2017/64/#64B3"


def test_missing_id_says_so_and_offers_nearest(config: Config) -> None:
    result = search("64H", config)
    assert result.hits == []
    assert "64H" in result.message and "nearest" in result.message
    assert result.nearest and all(cid.startswith("64") for cid in result.nearest)


def test_a_law_found_as_a_whole_shows_its_clauses_from_below_the_cut(
        config: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    # With the whole book's text the candidates' cut fills with clauses of other laws; one
    # candidate imitates that here: the law's own row alone makes the cut, its clauses do not.
    import tools.search.engine as engine

    full = [hit.id for hit in search("karta przygwożdżona", config).hits if hit.law == "50"]
    monkeypatch.setattr(engine, "CANDIDATES", 1)
    cut = [hit.id for hit in search("karta przygwożdżona", config).hits if hit.law == "50"]
    # its clauses, not its heading, and the one that answers first, as without the cut
    assert cut and all(unit.startswith("50") and len(unit) > 2 for unit in cut)
    assert cut[0] == full[0] == "50A"


def test_filters(config: Config) -> None:
    hits = search("fałszywy renons", config, edition=2017, limit=20).hits
    # terms of the glossary belong to no edition and stay in
    assert 2017 in {hit.edition for hit in hits} and {hit.edition for hit in hits} <= {2017, None}
    english = search("fałszywy renons", config, lang="en", limit=20).hits
    assert all(hit.lang == "en" for hit in english)


def test_snippet_marks_matches_and_escapes(config: Config) -> None:
    hit = search("przygwozdzonej", config).hits[0]
    assert "<mark>przygwożdżon" in hit.snippet.lower()
    result = search("<img src=x onerror=alert(1)> renons", config)
    assert "markup" in result.message
    assert all(
        "<img" not in hit.snippet and "onerror=alert" not in hit.title for hit in result.hits
    )


@pytest.mark.parametrize("query", ["", "   ", "a" * 2000, "?!… --- ;;;"])
def test_bad_queries_are_refused(config: Config, query: str) -> None:
    with pytest.raises(BridgelawError):
        search(query, config)


def test_cross_language_through_glossary(tmp_path: Path) -> None:
    corpus = load_corpus()
    pairs = glossary_pairs(
        [
            Term("revoke", "fałszywy renons", "revoke", ("61", "62", "63", "64"), "", ""),
            Term("established", "uprawomocnienie", "established", ("63",), "", ""),
            Term("penalty-card", "karta przygwożdżona", "penalty card", ("50",), "", ""),
        ]
    )
    config = replace(Config(), build_dir=tmp_path)
    write_index(corpus_docs(corpus), config.index_dir, {GLOSSARY_FILE: pairs})
    assert "renons" in expand(["revoke"], named_terms(["revoke"], search_pairs(config)))
    assert top_laws(config, "revoke established")[0] in {"63", "64"}
    assert top_laws(config, "penalty cards")[0] in {"50", "51", "52"}


def search_pairs(config: Config) -> list:
    from tools.search.reader import open_index

    return open_index(config.index_dir).pairs


@pytest.mark.build  # builds a search index of its own
def test_rebuild_replaces_index_and_leaves_no_temp(config: Config, tmp_path: Path) -> None:
    shutil.copytree(config.build_dir, tmp_path / "build")  # the session's index stays as it is
    config = replace(config, build_dir=tmp_path / "build")
    before = search("renons", config).hits
    build_index(load_corpus(), config, load_situations(config), load_reference(config))
    assert [h.id for h in search("renons", config).hits] == [h.id for h in before]
    leftovers = [p.name for p in config.build_dir.iterdir() if p.name.startswith(".index")]
    assert leftovers == []


def test_empty_corpus_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BridgelawError, match="no laws"):
        build_index(Corpus(), replace(Config(), build_dir=tmp_path), [],
                    load_reference(Config()))


def run_cli(config: Config, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*CLI, "search", "--build-dir", str(config.build_dir), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_index_of_an_earlier_schema_is_a_clear_error(tmp_path: Path) -> None:
    """A build/ left by an earlier version whose index lacks a field the reader asks for gets
    one line naming the folder and the fix, not a traceback from inside Whoosh."""
    from whoosh import fields, index

    folder = tmp_path / "build" / "index"
    folder.mkdir(parents=True)
    index.create_in(str(folder), fields.Schema(id=fields.ID(stored=True), body_pl=fields.TEXT))
    done = run_cli(replace(Config(), build_dir=tmp_path / "build"), "renons")
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert str(folder) in done.stderr and "bridgelaw build" in done.stderr
    assert "pointer_pl" in done.stderr


def test_cli_json(config: Config) -> None:
    done = run_cli(config, "--json", "--limit", "3", "kart przygwożdżonych")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) >= {"query", "took_ms", "hits"}
    assert len(data["hits"]) == 3
    first = data["hits"][0]
    assert set(first) >= {"id", "law", "lang", "edition", "title", "snippet", "url", "score"}
    assert first["law"] in {"50", "51", "52"}
    assert first["url"].startswith(f"laws/{first['edition']}/{first['law']}/")


def test_cli_human_output_marks_words(config: Config) -> None:
    done = run_cli(config, "--edition", "2017", "falszywy", "renons")
    assert done.returncode == 0, done.stderr
    assert "*renons" in done.stdout.lower() and "laws/2017/64/" in done.stdout


def test_cli_prints_a_clause_after_the_sentence_it_completes(config: Config) -> None:
    """64A1 says only what the offender did; the sentence it completes, "Gdy fałszywy renons
    uprawomocnił się i:", is printed on the line before its words, and is in the JSON too."""
    done = run_cli(config, "--edition", "2017", "--limit", "1", "falszywy", "renons")
    lines = done.stdout.splitlines()
    assert lines[0].split()[1] == "64A1", done.stdout
    assert lines[1].strip() == "Gdy fałszywy renons uprawomocnił się i:"
    assert "*renons" in lines[2].lower()
    done = run_cli(config, "--json", "--edition", "2017", "falszywy", "renons")
    hits = json.loads(done.stdout)["hits"]
    assert hits[0]["lead"] == "Gdy fałszywy renons uprawomocnił się i:"
    # a unit that reads on its own has none
    done = run_cli(config, "--json", "--limit", "1", "--edition", "2017", "45B")
    hits = json.loads(done.stdout)["hits"]
    assert [(hit["id"], hit["lead"]) for hit in hits] == [("45B", "")]


@pytest.mark.parametrize(
    ("args", "message", "status"),
    [
        ([""], "empty query", 2),
        (["x" * 2000], "at most 200", 2),
        (["?!?!"], "no letters", 2),
        (["--limit", "0", "renons"], "--limit", 2),
        (["64H"], "nearest", 1),  # a citation of nothing: no result, not bad input
    ],
)
def test_cli_bad_input_is_one_clear_line(config: Config, args: list[str], message: str,
                                         status: int) -> None:
    done = run_cli(config, *args)
    assert done.returncode == status
    assert message in done.stderr and "Traceback" not in done.stderr
    assert "x" * 50 not in done.stderr  # a query over the limit is not echoed back


@pytest.mark.parametrize(("args", "status"), [
    (["wist", "z", "niewłaściwej", "ręki"], 0),
    (["qqqzzzxxx"], 1),
    (["x" * 2000], 2),
    (["--limit", "0", "wist"], 2),
])
def test_search_and_lookup_share_exit_codes(config: Config, args: list[str], status: int) -> None:
    # 0 found, 1 nothing found, 2 bad input: the same for both commands.
    import subprocess
    import sys

    found = run_cli(config, *args)
    looked = subprocess.run([sys.executable, "-m", "tools.cli", "lookup", "--build-dir",
                             str(config.build_dir), *args], capture_output=True, text=True,
                            check=False)
    assert (found.returncode, looked.returncode) == (status, status), (found.stderr,
                                                                       looked.stderr)


def test_cli_without_index_says_how_to_fix(tmp_path: Path) -> None:
    done = run_cli(replace(Config(), build_dir=tmp_path), "renons")
    assert done.returncode == 1 and "bridgelaw build" in done.stderr


def test_warm_search_reuses_what_it_read_and_answers_the_same(config: Config) -> None:
    from tools.search.reader import open_index

    first = search("fałszywy renons", config)
    ix = open_index(config.index_dir)
    read = dict(ix.stored)
    assert read and ix.scorer.norms  # stored fields and length norms kept for the next query
    again = search("fałszywy renons", config)
    assert [asdict_hit(h) for h in again.hits] == [asdict_hit(h) for h in first.hits]
    assert all(ix.stored[docnum] is fields for docnum, fields in read.items())


def asdict_hit(hit) -> dict:  # noqa: ANN001
    """A hit as a dict, for comparing two searches."""
    from dataclasses import asdict

    return asdict(hit)


def test_a_typo_is_searched_beside_the_word_it_most_likely_meant(config: Config) -> None:
    result = search("renosn", config)
    assert result.corrected == {"renosn": "renons"}
    assert "renons" in result.message and result.hits[0].law == "64"


def test_a_typo_the_sources_misprint_once_is_still_read_as_the_common_word(
        config: Config) -> None:
    # 1997 Law 64 misprints "renosu" once, so "renos" is a form the index has; the texts use
    # "renons" far more often, and the typo is searched beside it
    result = search("renos w dwunastej lewie", config)
    assert result.corrected == {"renos": "renons"}
    units = [f"{h.edition}/{h.id}" for h in result.hits if h.kind == "unit"]
    assert "2017/64B6" in units[:3], units


def test_a_word_held_once_is_read_as_a_typo_of_a_common_word_only() -> None:
    from tools.search.query import POPULAR, read_query

    def known(word: str) -> bool:
        return True

    def rare(word: str) -> bool:
        return True

    common = read_query("renos", known=known, rare=rare,
                        vocabulary={"renons": POPULAR, "renosu": 1})
    assert common.corrected == {"renos": "renons"}
    # a form of a word the laws use once ("trzymaną") is no typo of another rare word
    alone = read_query("trzymany", known=known, rare=rare, vocabulary={"trzymana": 1})
    assert alone.corrected == {}
    # a word held in many documents is never corrected
    held = read_query("renos", known=known, rare=lambda word: False,
                      vocabulary={"renons": 100})
    assert held.corrected == {}


def test_the_cli_prints_a_lead_in_once_for_the_clauses_listed_under_it(config: Config) -> None:
    """50D2a and 50D2b complete the same sentence of 50D2: listed one after the other, the
    sentence is printed above the first only."""
    query = "rozgrywający może nakazać albo zakazać wyjścia"
    hits = [h for h in search(query, config).hits if h.kind == "unit"]
    ids = [h.id for h in hits]
    at = ids.index("50D2a")
    assert ids[at + 1] == "50D2b" and hits[at].lead and hits[at].lead == hits[at + 1].lead
    printed = run_cli(config, query).stdout
    assert printed.count(hits[at].lead) == 1, printed


def test_a_word_both_languages_share_is_not_said_to_be_read_in_polish(config: Config) -> None:
    """"partner" is the same word in both languages: the Polish query is not told that it was
    read in the Polish text as "partner"; an English one is told of the words it changed."""
    result = search("partner ma normalną kartę przygwożdżoną, rozgrywający wybiera", config)
    assert result.translated == {} and "read in the Polish text" not in result.message
    assert result.hits[0].law == "50"
    english = search("partner may not lead the suit of the penalty card", config)
    assert "partner" not in english.translated and english.translated


def test_a_word_of_the_language_is_never_read_as_a_typo(config: Config) -> None:
    """"waved" and "ujawniania" are words of English and Polish the texts never use; the word
    list (tools/search/words.py) keeps them as typed, where the texts' "waived" and "ujawnienia"
    lie one letter away. A typo that is no word is still read ("renosn")."""
    for query in ("partner waved his hand at me during the auction",
                  "obowiązek ujawniania porozumień partnerskich"):
        result = search(query, config)
        assert result.corrected == {} and "also searched" not in result.message, query
    vocabulary = json.loads((config.index_dir / "vocabulary.json").read_text(encoding="utf-8"))
    assert vocabulary["waved"] == 0 and vocabulary["ujawniania"] == 0
    assert vocabulary["waived"] > 0
    assert "renosn" not in vocabulary and vocabulary["renons"] > 0


def test_only_words_near_the_texts_join_the_vocabulary() -> None:
    from tools.search.query import correct
    from tools.search.words import language_words, near_words

    words = language_words()
    assert {"wejscie", "fool", "slow"} <= words and not {"renos", "renosn"} & words
    vocabulary = {"wyjscie": 3, "renons": 9, "foul": 2}
    near = near_words(vocabulary, ["wejscie", "fool", "zupelnie", "renons", "woj"])
    # "zupelnie" is near no word of the texts; "renons" is one; "woj" is too short to correct
    assert near == ["fool", "wejscie"]
    marked = {**vocabulary, **dict.fromkeys(near, 0)}
    assert correct("wejście", marked) is None and correct("fool", marked) is None
    # a word of the language is never offered as the word a typo meant
    assert correct("fooll", {"fool": 0}) is None and correct("renos", marked) == "renons"


def test_a_verbs_other_form_finds_the_clause(config: Config) -> None:
    # 45C4a says "gracz nazwał ją": the player named it; the query says the card was named
    first = next(h for h in search("karta nazwana jest zagrana", config).hits if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "45C4a")


def test_1997_text_never_answers_before_a_law_in_force_whose_text_was_found(config: Config) -> None:
    # 1997 Laws 46 and 66 hold "wskazał" and "odwrócona" where the 2017 text found does not:
    # still every 1997 hit comes after every 2017 clause found, however weak
    for query in ("dziadek wskazał kartę", "lewa odwrócona"):
        # (80: the situations of the whole table fill the first 40 places before any 1997 text)
        hits = [h for h in search(query, config, limit=80).hits if h.kind in ("unit", "law")]
        editions = [h.edition for h in hits]
        assert {1997, 2017} <= set(editions), query
        assert editions == sorted(editions, reverse=True), query


def test_table_talk_reads_as_the_laws_general_words(config: Config) -> None:
    # "12" stands for the law's "dwunastej"; "karo" for a suit, but not "kara", which is the
    # penalty's word as well as a form of "karo"
    assert jargon_words("renons w 12 lewie") == ["dwunastej", "twelfth"]
    assert jargon_words("wist w karo") == ["kolor"]
    assert jargon_words("kara za renons") == []
    # no engine reads a function word ("as", "ten") as table talk: the site drops them first
    stops = POLISH_STOPS | ENGLISH_STOPS
    assert not [form for forms in JARGON.values() for form in forms if form in stops]
    assert jargon_words("ten sam kolor as declarer") == []
    first = next(h for h in search("renons w 12 lewie", config).hits if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "64B6")
    # what players say happened to a card, in the law's word: a card that fell is "upuszczona"
    assert jargon_words("karta wypadła obrońcy") == ["upuszczenia"]
    assert jargon_words("renons w przedostatniej lewie") == ["dwunastej"]
    assert jargon_words("karta karna leży przed obrońcą") == ["lezec"]
    # a call as players write it is a bid of the auction; never a form a citation typed means
    assert jargon_words("otworzyłem 1BA przed partnerem") == ["odzywka"]
    assert jargon_words("he bid 2S, then wants 3S") == ["bid"]
    assert jargon_words("law 7C") == jargon_words("6D") == []
    outline = {i.lower() for i in load_reference(config).outline.all_ids()}
    assert [f for forms in JARGON.values() for f in forms if f in outline] == ["12", "12"]
    first = next(h for h in search("karta karna leży przed obrońcą", config).hits
                 if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "50A")
    first = next(h for h in search("karta wypadła obrońcy", config).hits if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "50B")


def test_a_law_a_situation_rests_on_is_headed_by_its_title_or_its_own_row(config: Config
                                                                          ) -> None:
    """A situation found without its law lists the law as its heading: a law known by its
    titles by its title, a law whose text the build holds by its own row, in the situation's
    language only (with all 93 laws of real English text no law has a title document, and a
    psych's situation came first with Law 40 nowhere)."""
    from tools.search.pointers import heading_of
    from tools.search.reader import open_index, stored_fields

    ix = open_index(config.index_dir)
    row = stored_fields(ix, heading_of(ix, "64", "pl", None))
    assert (row["kind"], row["law"], row["lang"], row["edition"]) == ("law", "64", "pl", "2017")
    title = stored_fields(ix, heading_of(ix, "27", "pl", None))
    assert (title["kind"], title["law"]) == ("title", "27")
    assert heading_of(ix, "64", "en", None) is None  # no English text of 64 in the snapshot
    assert heading_of(ix, "64", "pl", allowed=set()) is None  # the filters leave it out


def test_a_word_added_twice_is_searched_once(config: Config) -> None:
    # a players' form that is also table talk for the same word ("stół", read as dummy by the
    # jargon table) adds that word with one weight, not two
    from tools.search.query import read_query
    from tools.search.reader import open_index
    from tools.search.synonyms import Synonym, form_keys

    ix = open_index(config.index_dir)
    table = Synonym("pl", "stół", form_keys("stół", "pl"), "dziadek")
    extra = read_query("karta wypadła obrońcy na stół", [table, *ix.synonyms]).extra
    assert [w for w, _ in extra].count("dziadek") == 1, extra
    # a headword's function words add nothing ("do" of "dodać do koloru"), and "koloru" alone
    # is no longer read as following suit
    extra = [w for w, _ in read_query("obrońca ma dołożyć do koloru", ix.synonyms).extra]
    assert "dodać" in extra and "do" not in extra, extra
    assert "dodać" not in [w for w, _ in read_query("wyjście w kolorze", ix.synonyms).extra]


def test_a_law_known_by_its_titles_gives_way_to_text_holding_more_words() -> None:
    # in the same language too: "partner" names Law 40 by its title, 45G holds more words
    from tools.search.rank import titles_after_text

    title, text = ("40", "2017", "pl"), ("45", "2017", "pl")
    ordered = [title, text]
    titles_after_text(ordered, [text], {title: 1}, {title: 1, text: 3})
    assert ordered == [text, title]
    # a text holding no more of the words than the title does not pass it ("uznanie roszczenia")
    ordered = [title, text]
    titles_after_text(ordered, [text], {title: 2}, {title: 2, text: 2})
    assert ordered == [title, text]


def test_a_title_named_in_full_keeps_its_place_before_text() -> None:
    from tools.search.analysis import english_terms, polish_terms
    from tools.search.naming import spoken_terms, title_named

    def typed(query: str) -> set[str]:
        return {t for w in query.split() for t in (*polish_terms(w), *english_terms(w))}

    title = "11. Utrata prawa do sprostowania"
    assert title_named(title, typed("strona działała przed wezwaniem utrata prawa sprostowania"))
    assert not title_named(title, typed("utrata sprostowania"))  # "prawa" not typed
    assert not title_named("81. Director", typed("director"))  # one word names no title
    # given the words in order, a title's words must stand side by side, in either order
    told = "the auction had ended when a defender bid".split()
    for query, said in ((told, False), (["auction", "ended"], True), (["end", "auction"], True)):
        assert title_named("22. End of Auction", typed(" ".join(query)), "en",
                           spoken_terms(query)) is said


def test_a_title_names_its_law_when_said_together_not_apart_in_a_story(config: Config) -> None:
    # Law 22's title said (in either order): its law first
    assert top_laws(config, "end of the auction")[0] == "22"
    assert top_laws(config, "auction ended")[0] == "22"
    # its words apart in a story about a bid after the final pass: Law 39 answers
    story = "the auction had ended with three passes when a defender made a bid"
    assert top_laws(config, story)[0] == "39"


def test_a_section_heading_said_in_full_names_its_law(config: Config) -> None:
    """Law 82 is known here by its titles only; its section 82C is headed "Błąd sędziego".
    The query that says that heading and nothing more lists Law 82 first (Law 9's and Law 12's
    titles share a word with it, and their situations more)."""
    for query in ("błąd sędziego", "blad sedziego"):
        laws = [h for h in search(query, config).hits if h.kind in ("unit", "law", "title")]
        assert (laws[0].kind, laws[0].edition, laws[0].id) == ("title", 2017, "82"), query
    from tools.search.reader import open_index, stored_fields

    index = open_index(config.index_dir)
    doc = index.title_doc("82", "pl")
    assert "82C\tBłąd sędziego" in stored_fields(index, doc)["sections"].split("\n")
    # ... and the hit links to that section of the law's page, under its heading
    hit = search("błąd sędziego", config).hits[0]
    assert (hit.url.endswith("/82/#82C"), hit.title.endswith("› Błąd sędziego")) == (True, True)


def test_laws_in_force_go_by_score_not_by_the_words_a_clause_holds_in_passing() -> None:
    # A document's score already weighs the share of the query's words it holds
    # (COVERAGE_WEIGHT); counting them again reordered the laws by the clause holding most
    # words, and a long law's clause holding the common ones ("partner", "table", "bid") went
    # before the law whose clause or situation holds the rare one ("kibitzer"). 1997 text still
    # stands after every law in force found.
    from tools.search.rank import rank_by_law

    def unit(id_: str, edition: str = "2017") -> dict[str, str]:
        return {"kind": "unit", "lang": "pl", "law": id_[:2], "key": f"{edition}/{id_}",
                "edition": edition, "id": id_}

    scored = [(unit("50B"), 10.0), (unit("55A", "1997"), 12.0), (unit("64A1"), 5.0)]
    for covered in ({"2017/50B": 2, "1997/55A": 4, "2017/64A1": 4}, {}):
        assert [f["id"] for f, _ in rank_by_law(scored, "pl", covered)] == ["50B", "64A1", "55A"]
    scored = [(unit("50B"), 5.0), (unit("55A", "1997"), 12.0), (unit("64A1"), 10.0)]
    covered = {"2017/50B": 4, "1997/55A": 4, "2017/64A1": 2}
    assert [f["id"] for f, _ in rank_by_law(scored, "pl", covered)] == ["64A1", "50B", "55A"]


def test_a_law_known_by_its_titles_holds_the_words_of_the_term_that_names_it() -> None:
    # "wyjąłem karty z niewłaściwego pudełka i otworzyłem ..." names the term whose first law is
    # 15 (known by its title only); a situation resting on Law 7 holds more of the words than
    # Law 15's title. The term's words count for Law 15, as a situation's count for its law, so
    # Law 15, lifted most, stands among the laws in force listed first and heads the list.
    from tools.search.rank import rank_by_law

    def doc(kind: str, law: str, id_: str, edition: str = "2017", laws: str = "") -> dict:
        return {"kind": kind, "lang": "pl", "law": law, "key": f"{kind}/{id_}",
                "edition": edition, "id": id_, "laws": laws}

    title = doc("title", "15", "15")
    term = doc("glossary", "", "cards-from-wrong-board", "", "15")
    situation = doc("situation", "7", "took-hand-from-wrong-pocket", laws="7")
    older = doc("unit", "62", "62D2", "1997")
    scored = [(title, 5.0), (term, 40.0), (situation, 20.0), (older, 10.0)]
    covered = {"title/15": 3, "glossary/cards-from-wrong-board": 4,
               "situation/took-hand-from-wrong-pocket": 5, "unit/62D2": 4}
    ids = [f["id"] for f, _ in rank_by_law(scored, "pl", covered)]
    assert ids.index("15") < ids.index("took-hand-from-wrong-pocket") < ids.index("62D2"), ids
    # without the term, Law 15's title holds fewer words than the 1997 clause: Law 7 first
    ids = [f["id"] for f, _ in rank_by_law([p for p in scored if p[0] is not term], "pl",
                                           covered)]
    assert ids.index("took-hand-from-wrong-pocket") < ids.index("15"), ids


def test_a_situation_answers_for_its_law_against_the_clauses() -> None:
    # Law 20 holds more of the words in passing than any clause of Law 37, and a situation
    # resting on 37 holds them all: its words count as its law's, so 37 is the law in force
    # holding as many words as the best law text (IN_FORCE_SHARE) and goes first, its situation
    # with it; a situation holding fewer words leaves Law 20 first
    from tools.search.rank import rank_by_law

    def unit(id_: str) -> dict[str, str]:
        return {"kind": "unit", "lang": "en", "law": id_[:2], "key": f"2017/{id_}",
                "edition": "2017", "id": id_}

    situation = {"kind": "situation", "lang": "en", "law": "37", "key": "situation/37",
                 "edition": "2017", "id": "bid-while-required-to-pass", "laws": "37A"}
    scored = [(unit("20F1"), 10.0), (unit("37A"), 6.0), (situation, 4.0)]
    covered = {"2017/20F1": 6, "2017/37A": 4, "situation/37": 8}
    ids = [f["id"] for f, _ in rank_by_law(scored, "en", covered)]
    assert ids.index("37A") < ids.index("20F1"), ids
    covered = {"2017/20F1": 6, "2017/37A": 4, "situation/37": 3}
    ids = [f["id"] for f, _ in rank_by_law(scored, "en", covered)]
    assert ids.index("20F1") < ids.index("37A"), ids


def test_players_words_find_the_laws_term(config: Config) -> None:
    # "karta karna" is what players call a penalty card (karta przygwożdżona)
    first = next(h for h in search("karta karna", config).hits if h.kind == "unit")
    assert (first.law, first.edition) == ("50", 2017)


@pytest.mark.parametrize("query", ["rozgrywający pokazał karty i powiedział że bierze resztę",
                                   "reszta moja", "the rest are mine"])
def test_what_a_claimer_says_finds_the_law_on_claims(config: Config, query: str) -> None:
    # "reszta moja", "biorę resztę": what a player says when he claims (deklaracja, Law 68);
    # before these words, the first query gave three clauses of Law 45 before Law 68
    laws = [h for h in search(query, config).hits if h.kind in ("unit", "law", "title")]
    ids = list(dict.fromkeys(h.law for h in laws if h.edition == 2017))
    if query.startswith("rozgrywający pokazał karty"):
        # declarer who faces his cards is deemed to claim: 48B2 sends it to Law 68, so Law 48
        # (its players' words "pokazał karty") may lead, with 68 among the first three laws
        assert ids[0] in ("68", "48") and "68" in ids[:3], ids
        return
    assert (laws[0].edition, laws[0].id) == (2017, "68"), [h.id for h in laws]


def test_a_form_that_negates_a_word_is_named_only_by_its_negation(config: Config) -> None:
    """The glossary's "strona nie wykraczająca" is the non-offending side: "strona wykraczająca",
    the offending side, does not name it, and "czego wolno dziadkowi" is not "czego nie wolno
    dziadkowi" (dummy's limitations), which "czego nie wolno dziadkowi" names; before, "nie" was
    a stop word and each named both."""
    from tools.search.query import read_query, synonym_namings
    from tools.search.reader import open_index

    synonyms = open_index(config.index_dir).synonyms

    def heads(text: str) -> set[str]:
        return {head for _, head, _ in synonym_namings(text, synonyms)}

    assert "strona niewykraczająca" not in heads("strona wykraczająca wzięła lewę")
    assert "ograniczenia dziadka" not in heads("czego wolno dziadkowi")
    assert "ograniczenia dziadka" in heads("czego nie wolno dziadkowi")
    # "nie nazwał" names no naming of dummy's card ("nazwanie karty dziadka"), and finds 45D,
    # whose title says "nienazwaną"; 45C4b, on correcting a card named, stood first with the naming
    assert "określenie karty dziadka" in heads("pomyłka przy nazwaniu karty dziadka")
    assert "określenie karty dziadka" not in heads(
        "dziadek zagrał kartę, której rozgrywający nie nazwał")
    # a card named is no card of dummy's named (45C4a, not 46): the variant names dummy
    assert "określenie karty dziadka" not in heads("nazwana karta obrońcy jest zagrana")
    query = read_query("rozgrywający nie nazwał karty")
    assert query.negated == {"nazwał": "nienazwał"}
    hits = search("dziadek zagrał kartę, której rozgrywający nie nazwał", config).hits
    first = next(h for h in hits if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "45D1")


def test_a_clause_holding_the_laws_term_answers_the_players_word(config: Config) -> None:
    # "wychodzi" is a players' form of "wyjście" (lead): a clause that says "wyjścia" answers it,
    # as one holding "dwunastej" answers a typed "12"; 50C, which holds the other words and
    # "wistowe" often, stood first while only the words typed counted
    from tools.search.query import synonym_namings
    from tools.search.reader import open_index

    synonyms = open_index(config.index_dir).synonyms
    assert (["wychodzi"], "wyjście", "pl") in synonym_namings("partner wychodzi", synonyms)
    # the words naming a variant, in the order typed
    assert ["karna", "karta"] in [n for n, head, _ in synonym_namings("karna karta", synonyms)
                                  if head == "karta przygwożdżona"]
    first = next(h for h in search("partner karty przygwożdżonej wychodzi", config).hits
                 if h.kind == "unit")
    assert (first.edition, first.id) == (2017, "50D2a")


def test_the_hit_is_the_deepest_clause_in_force_and_1997_is_marked(config: Config) -> None:
    hits = search("falszywy renons", config, limit=40).hits
    units = [h for h in hits if h.kind in ("unit", "law", "title")]
    assert (units[0].edition, units[0].id) == (2017, "64A1")  # a clause, not the heading "64"
    assert "64" not in [h.id for h in units if h.edition == 2017]  # units of 64 matched
    first_old = next(i for i, h in enumerate(units) if h.edition == 1997)
    assert all(h.edition == 2017 for h in units[:first_old])
    assert all(h.superseded for h in units if h.edition == 1997)


def test_a_clause_is_read_with_the_words_leading_into_it(config: Config) -> None:
    """45C2 says "Kartę rozgrywającego uważa się za zagraną, jeśli jest:" and its items 45C2a
    and 45C2b say when: an item adds the score of the words leading into it to its own, so it
    is not left behind by 45B, which repeats "karta", "rozgrywający" and "zagrać" in passing."""
    units = [h for h in search("kiedy karta rozgrywającego jest zagrana", config).hits
             if h.kind in ("unit", "law", "title")]
    assert any((h.edition, h.id) in ((2017, "45C2a"), (2017, "45C2b")) for h in units[:3]), [
        h.id for h in units]


def test_a_situation_brings_the_law_it_rests_on_known_by_its_title(config: Config) -> None:
    """Law 55 (declarer's lead out of turn) has no text in this build and its title holds few
    of the players' words, which the situation holds: the best situation brings the law's
    title, listed first with it; a pointer only, it adds nothing to the law's rank."""
    hits = search("rozgrywający wyszedł z ręki zamiast ze stołu", config).hits
    assert [(h.kind, h.edition, h.id) for h in hits[:2]] == [
        ("title", 2017, "55"), ("situation", 2017, "declarer-leads-from-wrong-hand")]
    # a clause holding as many of the query's words keeps its place: the best situation here
    # rests on Law 51, known by its title only, and 50D2a answers
    units = [h for h in search("rozgrywający zakazuje wyjścia w kolor", config).hits
             if h.kind in ("unit", "law", "title")]
    assert (units[0].edition, units[0].id) == (2017, "50D2a")


def test_a_title_in_the_querys_language_stays_listed_with_its_situations(config: Config) -> None:
    """The build has Law 66 (inspection of tricks) by its English title only. An English query
    finds that title and the situations resting on it in both languages: the Polish situation's
    law falls back on the English title, which stays in the English list, not moved to the
    Polish one (dropped there, as the law is listed in the query's language)."""
    from tools.search.reader import open_index

    index = open_index(config.index_dir)
    assert index.title_doc("66", "pl") is None and index.title_doc("66", "en") is not None
    hits = search("can declarer look at quitted tricks", config).hits
    laws = [h.id for h in hits if h.kind in ("unit", "law", "title")]
    assert laws[0] == "66", laws


@pytest.mark.parametrize(("query", "clause"), [
    ("revoke of the offender who won the trick", "64A1"),
    ("declarer may require the lead of the suit", "50D2a"),
    ("both sides revoked in the same deal", "64B7"),
])
def test_an_english_query_finds_the_polish_clause(config: Config, query: str,
                                                  clause: str) -> None:
    # the snapshot has these laws' 2017 text in Polish only: the glossary's term pairs read the
    # English words in it, and the English titles of laws with no text (62, 59, 79) give way
    units = [h for h in search(query, config).hits if h.kind in ("unit", "law", "title")]
    assert (units[0].edition, units[0].id, units[0].lang) == (2017, clause, "pl")


def test_the_spec_carries_the_glossary_pairs_for_the_polish_pages() -> None:
    from tools.search.query import spec, translations
    from tools.site.build import site_specs, translation_shards

    pairs = glossary_pairs([Term("revoke", "fałszywy renons", "revoke", ("64",), "", "",
                                 en_variants=("Revokes", "revoked", "the revoke"))])
    rows = [["revoke", "fałszywy renons"], ["revoked", "fałszywy renons"],
            ["revokes", "fałszywy renons"], ["the revoke", "fałszywy renons"]]
    assert translations(pairs) == rows
    written = spec([], {}, pairs)
    assert written["translations"] == rows
    assert translation_shards(rows) == {"72": rows}  # "the" is no content word
    site = site_specs(written, [], sorted(translation_shards(written["translations"])),
                      {"pl": [], "en": []})
    assert (site["pl"]["translations"], site["en"]["translations"]) == (["72"], [])
    # the English pages read them too where they show the Polish text of a law the build holds
    # in Polish only (the snapshot: 45, 50 and 64)
    site = site_specs({**written, "lacking_text": ["en"]}, [],
                      sorted(translation_shards(written["translations"])), {"pl": [], "en": []})
    assert (site["pl"]["translations"], site["en"]["translations"]) == (["72"], ["72"])


@pytest.mark.build  # builds a search index of its own
def test_a_query_reads_the_other_languages_text_only_where_its_own_has_none(
        tmp_path: Path) -> None:
    """With Law 50 in both languages, an English query reads the English text and a Polish
    one the Polish text; the glossary does not read "declarer" into the Polish 50D2a."""
    from assistant.situations import load_situations
    from helpers.site_build import real_corpus
    from tools.model import Law, Unit
    from tools.search.index import build_index, lacking_text

    corpus = real_corpus()
    assert lacking_text(corpus) == ["en"]
    polish = corpus.law(2017, "pl", 50)
    english = Law(number=50, edition=2017, lang="en", title="Disposition of a Penalty Card",
                  sections=[Unit(id="50D", level=1, label="D", title="Placeholder heading",
                                 text="Placeholder words about declarer and the suit.")])
    corpus.laws.append(english)
    assert lacking_text(corpus) == ["en"]  # 45 and 64 are still in Polish only
    config = replace(Config(), build_dir=tmp_path / "build")
    build_index(corpus, config, load_situations(Config()), load_reference(Config()))
    english_hits = [h for h in search("declarer placeholder suit", config).hits
                    if h.kind == "unit"]
    assert english_hits and all(h.lang == "en" for h in english_hits if h.law == "50")
    # the English text of Law 50 does not say it: the Polish 50D2a is not read in its place
    # (it is, for the same query, where the build has Law 50 in Polish only)
    read = [h for h in search("declarer may require the lead of the suit", config).hits
            if h.kind == "unit"]
    assert not any(h.law == "50" and h.lang == "pl" for h in read), [h.id for h in read]
    polish_hits = [h for h in search("rozgrywający może nakazać albo zakazać wyjścia",
                                     config).hits if h.kind == "unit"]
    assert polish_hits[0].id == "50D2a" and polish is not None
    assert all(h.lang == "pl" for h in polish_hits if h.law == "50")


def test_a_law_known_by_its_titles_links_its_title_page(config: Config) -> None:
    """Issue 31: the build has a title page for every law of 2017, so a title hit links it (it
    was marked "no page in this build"), and a unit of such a law is answered by that page at
    the unit's anchor, the official page named in the message: "law 16B" as "przepis 27"."""
    title = search("przepis 27", config).hits[0]
    assert (title.kind, title.url) == ("title", "laws/2017/27/")
    result = search("law 16B", config)
    assert [(h.kind, h.id, h.url) for h in result.hits[:2]] == [
        ("title", "16B", "laws/2017/16/#16B"), ("title", "16B", "en/laws/2017/16/#16B")]
    assert "p16.html" in result.message
    done = run_cli(config, "law", "16B")
    assert done.returncode == 0 and "laws/2017/16/#16B" in done.stdout
    assert "no page in this build" not in done.stdout


@pytest.mark.build  # builds a search index of its own
def test_english_clauses_are_normalised_by_their_own_length_once_the_build_holds_them(
        config: Config, tmp_path: Path) -> None:
    """BM25's mean English body length is fixed at the snapshot's (a few words of glossary and
    situation text) until the build holds English law text; then it is measured, so a long
    clause is not ranked far below a title that shares one common word with the query."""
    from helpers.site_build import synthetic_english
    from tools.search.reader import SearchIndex
    from tools.search.score import REFERENCE_LENGTHS

    snapshot = SearchIndex(config.index_dir)
    snapshot.scorer.scores("body_en", "unit")
    assert snapshot.scorer.average["body_en"] == REFERENCE_LENGTHS["body_en"]

    corpus = load_corpus()
    english = [synthetic_english(law)[0] for law in corpus.laws if law.edition == 2017]
    with_english = replace(config, build_dir=tmp_path / "build")
    build_index(Corpus(laws=[*corpus.laws, *english]), with_english, load_situations(config),
                load_reference(config))
    built = SearchIndex(with_english.index_dir)
    built.scorer.scores("body_en", "unit")
    measured = built.reader.field_length("body_en") / built.reader.doc_count_all()
    assert built.scorer.average["body_en"] == pytest.approx(max(1.0, measured))
    assert measured != REFERENCE_LENGTHS["body_en"]


def test_a_words_rarity_is_measured_across_the_book_not_per_field(config: Config) -> None:
    """BM25's idf counts the documents holding the word in any field of its language: a word
    that heads few sections but stands in most clauses ("karta") is as common in a title as in
    the text, so a title sharing it does not outrank the clause holding the query's rare word."""
    import math

    from tools.search.reader import SearchIndex

    scorer = SearchIndex(config.index_dir).scorer
    term = next(t for t in ("kart", "karta") if ("title_pl", t) in scorer.reader)
    titles = set(scorer.reader.postings("title_pl", term).all_ids())
    bodies = set(scorer.reader.postings("body_pl", term).all_ids())
    assert len(titles | bodies) > len(titles)  # more documents hold it than title it
    frequency = scorer.document_frequency("pl", term)
    assert frequency >= len(titles | bodies)
    idf = math.log(1 + (scorer.docs - frequency + 0.5) / (frequency + 0.5))
    scored = scorer.scores("title_pl", term)
    doc, weight = next(iter(scorer.reader.postings("title_pl", term).items_as("weight")))
    expected = idf * weight * (scorer.K1 + 1) / (weight + scorer.norm("title_pl", doc))
    assert scored[doc] == pytest.approx(expected)



def test_what_an_apostrophe_leaves_of_a_word_typed_is_no_word() -> None:
    """"declarer's" and "don't" split at the apostrophe; the piece left ("s", "t") is no word of
    the query, on the CLI and in the site's spec (the site asked Pagefind for "s", which Law 48's
    title "Exposure of Declarer's Cards" does not hold as a word)."""
    from tools.search.analysis import APOSTROPHE_PIECES
    from tools.search.query import read_query, spec

    assert read_query("exposure of declarer's cards").words == ["exposure", "of", "declarer",
                                                                "cards"]
    assert read_query("I don't know").words == ["i", "don", "know"]
    assert set(spec([], {}).get("pieces", [])) == APOSTROPHE_PIECES >= {"s", "t"}


def test_the_clause_the_best_situation_cites_leads_its_law(config: Config) -> None:
    """45B (a card played from dummy) outscores 45F (dummy indicates a card); the situation
    that answers the query in players' words holds more of its words than any clause and cites
    45F, so 45F leads Law 45's clauses."""
    from tools.search.pointers import cited_by_best, cites

    query = "dziadek wskazał rozgrywającemu, którą kartę ma zagrać"
    units = [hit.id for hit in search(query, config, limit=10).hits if hit.kind == "unit"]
    assert units[0] == "45F", units
    assert "45B" in units[1:3], units
    assert cites(frozenset({"45F", "64"}), "64B3") and not cites(frozenset({"45F"}), "45")
    best = ({"kind": "situation", "key": "s1", "cited": "45F,16C"}, 3.0)
    other = ({"kind": "situation", "key": "s2", "cited": "45B"}, 2.0)
    unit = ({"kind": "unit", "key": "u", "cited": ""}, 9.0)
    assert cited_by_best([best, other, unit], {"s1": 4, "s2": 5}) == ({"45F", "16C"}, 4)
    assert cited_by_best([unit]) == (frozenset(), 0)
    # a term typed is said as fully by its clauses: its situations reorder none of them
    full = [hit.id for hit in search("karta przygwożdżona", config).hits if hit.kind == "unit"]
    assert full[0] == "50A", full
