"""Searching the Whoosh index: citation jumps, cross-language expansion, ranked hits, snippets.

The open index is `tools.search.reader`, hits and snippets `tools.search.hits`, the citation
branch `tools.search.cite`, scoring `tools.search.score` and grouping by law `tools.search.rank`.
"""

from __future__ import annotations

import heapq
import re
import time
from collections import Counter

from tools.config import Config
from tools.errors import BadInput
from tools.normalize.citation_id import parse_citation_query
from tools.search.analysis import english_terms, polish_terms
from tools.search.hits import Hit, SearchResult, make_hit
from tools.search.jargon import jargon_words
from tools.search.naming import spoken_terms, terms_of, title_named
from tools.search.pointers import bringing, title_pointed_to, titles_listed_with
from tools.search.query import (
    MAX_QUERY_CHARS,
    READING,
    TYPO_WEIGHT,
    WORD,
    Query,
    read_query,
    word_keys,
)
from tools.search.rank import COVERAGE_WEIGHT, PER_LAW, rank_by_law
from tools.search.reader import SearchIndex, open_index, stored_fields
from tools.search.score import all_terms, rare_coverage, score_query, word_docs

# Weight of words a glossary term adds in the other language.
EXPANSION_WEIGHT = 0.7
# Our own words (situations, glossary) help find a law but rank below the law's own text.
KIND_WEIGHTS = {"situation": 0.5, "glossary": 0.5}
# Best matches read and grouped by law before the final cut.
CANDIDATES = 200
_MARKUP = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")


def check_query(query: str) -> str:
    """The query stripped, or a BridgelawError saying why it cannot be searched."""
    text = query.strip()
    if not text:
        raise BadInput("empty query: type a word, a phrase or a law number such as 64B3")
    if len(text) > MAX_QUERY_CHARS:
        raise BadInput(f"query too long ({len(text)} characters; at most {MAX_QUERY_CHARS}): "
                       "shorten it to the words that matter")
    if not WORD.search(text):
        raise BadInput(f"query {text!r} has no letters or digits to search for")
    return text


def _covers(query_terms: set[str], term_sets: list[set[str]]) -> bool:
    # a word's forms meet some query word's terms exactly when they meet all of them together
    return bool(term_sets) and all(not query_terms.isdisjoint(t) for t in term_sets)


Named = list[tuple[list[str], list[str], str]]  # (query words naming a term, its words, lang)


def named_terms(words: list[str], pairs: list[tuple[list, list, dict]],
                negated: dict[str, str] | None = None,
                by_term: dict[str, list[int]] | None = None) -> Named:
    """Each glossary term the query names in full (any form), in one language or the other:
    the query's words that name it, the words of its headword in the other language and that
    language ("revoke on the twelfth trick" names revoke: ["revoke"], ["fałszywy", "renons"]);
    a Polish word typed after "nie" (`negated`) read joined to it, as the forms are; `by_term`
    (SearchIndex.pairs_by_term) gives the pairs holding each analysed form, so that only the
    pairs sharing a word with the query are read, in their order."""
    pl_sets = [set(polish_terms((negated or {}).get(w, w))) for w in words]
    en_sets = [set(english_terms(w)) for w in words]
    pl_seen, en_seen = set().union(*pl_sets), set().union(*en_sets)
    seen = pl_seen | en_seen
    named: Named = []
    if by_term is not None:
        pairs = [pairs[p] for p in sorted({p for t in seen for p in by_term.get(t, ())})]
    for pl_forms, en_forms, pair in pairs:
        if seen.isdisjoint(pair["_terms"]):
            continue  # no word of the query occurs in any form of this term
        for sets, union, forms, other in ((en_sets, en_seen, en_forms, "pl"),
                                          (pl_sets, pl_seen, pl_forms, "en")):
            form = next((form for form in forms if _covers(union, form)), None)
            if form is not None:
                naming = [w for w, have in zip(words, sets, strict=True)
                          if any(have & terms for terms in form)]
                named.append((naming, WORD.findall(pair[other].lower()), other))
    return named


def expand(words: list[str], named: Named) -> list[str]:
    """Words of the other language for each glossary term or word pair the query names in full
    (any form: `named`, named_terms' answer), each stem once: a word the Polish text says
    several ways ("played": zagrana, zagrał) would otherwise add its score once per way."""
    kept: list[str] = []
    seen = terms_of(words)
    for _, other, lang in named:
        for word in other:
            have = word_keys(word, lang)
            if word not in words and word not in kept and not have & seen:
                kept.append(word)
                seen |= have
    return kept


def found_docs(ix: SearchIndex, words: list[str], named: Named,
               negated: dict[str, str] | None = None) -> list[set[int]]:
    """Per query word the index has, the documents holding it, a general word it stands for
    as table talk ("12" -> "dwunastej", JARGON), the word it makes after "nie" (`negated`:
    "nazwał" -> "nienazwał", held by "nienazwaną"), or the whole glossary term it names, in the
    other language or as players' words for the law's: an English query covers a Polish clause
    that holds the Polish term ("trick" -> "lewa"), "wychodzi" one that holds "wyjście"."""
    held = []  # (the words naming a term, the documents holding all of its content words)
    for naming, other, lang in named:
        # stop words hold nothing
        content = [word_docs(ix.scorer, w) for w in other if word_keys(w, lang)]
        held.append((naming, frozenset.intersection(*content) if content else frozenset()))
    found = []
    for word in words:
        docs = word_docs(ix.scorer, word).union(*(docs for naming, docs in held if word in naming))
        docs = docs.union(*(word_docs(ix.scorer, general) for general in jargon_words(word)))
        if word in (negated or {}):
            docs = docs | word_docs(ix.scorer, negated[word])
        if docs:
            found.append(docs)
    return found


def clauses_below_cut(ix: SearchIndex, best: list[tuple[int, float]],
                      total: dict[int, float]) -> list[tuple[int, float]]:
    """The best clauses (PER_LAW) of each law the candidates hold by its own row alone (found
    as a whole, or listed with its situations): with the whole book's text the cut fills with
    other laws' clauses sharing the query's common words, and the law would be shown without
    the clause that answers."""
    has_clause: dict[tuple[str, str, str], bool] = {}  # per law found, in candidates' order
    for doc, _ in best:
        fields = stored_fields(ix, doc)
        if fields["kind"] in ("law", "unit"):
            key = (fields["law"], fields["edition"], fields["lang"])
            has_clause[key] = has_clause.get(key, False) or fields["kind"] == "unit"
    added: list[tuple[int, float]] = []
    for key in [key for key, found in has_clause.items() if not found]:
        scored = [(doc, total[doc]) for doc in ix.unit_docs(*key) if doc in total]
        added += heapq.nlargest(PER_LAW, scored, key=lambda item: (item[1], -item[0]))
    return added


def search(
    query: str,
    config: Config,
    *,
    lang: str | None = None,
    edition: int | None = None,
    limit: int = 10,
) -> SearchResult:
    """Search the index: a citation jumps to its unit (2017 unless edition=1997; see
    tools.search.cite), anything else is ranked full text."""
    started = time.perf_counter()
    text = check_query(query)
    ix = open_index(config.index_dir)
    cited = parse_citation_query(text)
    if cited is not None:
        # Loaded for citations only: the concordance it reads would slow a cold word search.
        from tools.search.cite import citation_result

        result = citation_result(ix, text, cited, config, lang, edition, limit)
        result.took_ms = (time.perf_counter() - started) * 1000
        return result
    result = SearchResult(query=text, took_ms=0.0)
    query = read_query(text, ix.synonyms, ix.known, ix.vocabulary, rare=ix.rare)
    result.corrected = query.corrected
    result.hits, named = _full_text(ix, query, lang, edition, limit)
    # the English words an English query was read by in the Polish law text, said as typos are
    # ... a term whose Polish words were all typed adds nothing to say ("partner" -> "partner")
    typed_words = {word.lower() for word in query.words}
    into_polish = [(naming, other) for naming, other, into in named if into == "pl"
                   and not {word.lower() for word in other} <= typed_words]
    # ... the longest terms only: "revoke on the twelfth trick" says more than "revoke" in it
    read_as: dict[str, list[str]] = {}
    for naming, other in into_polish:
        if result.hits and not any(set(naming) < set(longer) for longer, _ in into_polish):
            read_as.setdefault(" ".join(naming), []).append(" ".join(other))
    # a word the Polish text says several ways is read as each ("touched" -> "dotknąć / dotykać")
    result.translated = {typed: READING["ways"].join(sorted(set(ways)))
                         for typed, ways in read_as.items()}
    notes = [f"{fixed!r} (typed {typed!r})" for typed, fixed in query.corrected.items()]
    if notes:
        result.message = "also searched for " + ", ".join(notes)
    if result.translated:
        read = READING["pairs"].join(f"{typed!r}{READING['as']}{polish!r}"
                                     for typed, polish in result.translated.items())
        result.message = "; ".join(filter(None, [result.message,
                                                 f"read in the Polish text as {read}"]))
    if _MARKUP.search(text):
        result.message = "; ".join(filter(None, [
            result.message,
            "the query holds HTML markup: it is searched as plain words, never run"]))
    if not result.hits:
        result.message = "; ".join(filter(None, [result.message, f"no results for {text!r}"]))
    result.took_ms = (time.perf_counter() - started) * 1000
    return result


def _full_text(
    ix: SearchIndex, query: Query, lang: str | None, edition: int | None, limit: int
) -> tuple[list[Hit], Named]:
    # the word a typo meant is searched as typed, and the typo beside it: a typo the sources
    # carry once ("renos") must not outweigh the word every clause uses ("renons")
    words = list(dict.fromkeys(query.corrected.get(word, word) for word in query.words))
    named = named_terms(words, ix.pairs, query.negated, ix.pairs_by_term)
    extra = [(word, EXPANSION_WEIGHT) for word in expand(words, named)]
    extra += [(typed, TYPO_WEIGHT) for typed in query.corrected]
    extra += [pair for pair in query.extra
              if pair[0] not in {w for w, _ in extra} and pair[0] not in words]
    total = score_query(ix.scorer, words, extra)
    allowed = ix.scorer.filtered(lang, edition)
    if allowed is not None:
        total = {docnum: score for docnum, score in total.items() if docnum in allowed}
    reading = lang or ix.language(words)  # the language the query is read in, asked once
    # a query reads the other language's law text only where its own language has none
    other = ix.read_in_other_language(reading)
    if other:
        total = {docnum: score for docnum, score in total.items() if docnum not in other}
    if not total:
        return [], named
    # A unit holding more of the query's words answers it better than one that holds one
    # of them often (BM25 alone favours a short unit repeating a common word); each word
    # counts by how rare it is (rare_coverage; counted alike, law first 1182 -> 1178 of the
    # 1411 read queries, and 524 -> 521 of 641 on the real text, its clause in the top three
    # 450 -> 442; the site counts them alike, tools/search/README.md).
    found = found_docs(ix, words, named + query.synonyms, query.negated)
    held: Counter[int] = Counter()  # the query's words each holds
    for docs in found:
        held.update(docs)
    if len(found) > 1:
        share = rare_coverage(ix.scorer, found)
        total = {doc: score * (1 + COVERAGE_WEIGHT * share.get(doc, 0.0))
                 for doc, score in total.items()}
    best = heapq.nlargest(CANDIDATES, total.items(), key=lambda item: (item[1], -item[0]))
    brought = title_pointed_to(ix, best, held, reading, allowed)
    pulled = brought is not None and brought[1] not in {doc for doc, _ in best}
    if brought is not None and pulled:
        best.append((brought[1], total.get(brought[1], 0.0)))
    listed = titles_listed_with(ix, best, allowed, reading)
    had = {doc for doc, _ in best}
    best += [(title, total.get(title, 0.0)) for title in listed if title not in had]
    below = clauses_below_cut(ix, best, total)
    # stored fields cost an unpickle each: read them for the best matches only
    scored = [(stored_fields(ix, docnum), score) for docnum, score in best]
    if brought is not None:
        scored = [(bringing(f, doc, brought, pulled), score)
                  for (f, score), (doc, _) in zip(scored, best, strict=True)]
    # ... and the situations' words count as the title's against the clauses
    listing = {(stored_fields(ix, doc)["law"], lang) for doc, lang in listed.items()}
    scored = [({**f, "joins": listed[doc], "pulled": doc not in had, "listed": True}
               if doc in listed else
               {**f, "brings": True} if f["kind"] == "situation"
               and (f["law"], f["lang"]) in listing else f, score)
              for (f, score), (doc, _) in zip(scored, best, strict=True)]
    scored = [(f, score * KIND_WEIGHTS.get(f["kind"], 1.0)) for f, score in scored]
    typed, spoken, said = terms_of(words), spoken_terms(words), " ".join(words)

    def names(fields: dict) -> dict | None:
        # a title the query says (title_named), or a heading of one of its sections, when the
        # query says that heading and nothing more ("błąd sędziego", 82C: the hit links to that
        # section): a longer story names some heading of two common words in passing
        if title_named(fields["title"], typed, fields["lang"], spoken):
            return {**fields, "named": True}
        for line in filter(None, fields.get("sections", "").split("\n")):
            section, name = line.split("\t") if "\t" in line else ("", line)  # an older index
            if (title_named(name, typed, fields["lang"])
                    and title_named(said, terms_of(WORD.findall(name.lower())), fields["lang"])):
                return {**fields, "named": True, "title": f"{fields['title']} › {name}",
                        "url": f"{fields['url']}#{section}" if section else fields["url"]}
        return None

    scored = [((f["kind"] == "title" and names(f)) or f, score) for f, score in scored]
    covered = {stored_fields(ix, doc)["key"]: held[doc] for doc, _ in [*best, *below]}
    marks = frozenset(t for w in [*words, *(w for w, _ in extra)] for t in all_terms(w))
    ranked = rank_by_law(scored, reading, covered, limit,
                         [(stored_fields(ix, doc), score) for doc, score in below])
    return [make_hit(fields, score, marks) for fields, score in ranked], named
