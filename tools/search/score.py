"""Scoring for the search index: BM25 per field and term from Whoosh's postings, the roles
of the fields, and a query's score per document."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from tools.search.analysis import english_terms, polish_terms

# Query-time weight of each field role: a law's own title says most about what it is for.
ROLE_WEIGHTS = {"heading": 4.0, "title": 2.0, "parent": 1.5, "context": 0.5, "body": 1.0,
                "whole": 1.0, "pointer": 0.03}
# The mean field lengths BM25 normalises against in the whole index: those of the index the
# ranking was tuned on (the snapshot with its glossary and situations, issue 12), fixed so that
# what else the index holds never reorders the laws. Measured, they moved with the glossary: its
# entries' variants fill the title fields, and 50 new entries (issue 29) lifted the mean Polish
# title from 14.7 to 19.6 words, enough to put a short title ("62. Poprawienie fałszywego
# renonsu") above the clause that answers. A field not named is measured. The situation lookup
# scores within a subset and measures it.
REFERENCE_LENGTHS = {"title_pl": 14.71, "title_en": 7.56, "body_pl": 18.61, "body_en": 3.71,
                     "context_pl": 4.76, "parent_pl": 1.23, "heading_pl": 1.0,
                     "heading_en": 1.0, "whole_pl": 13.47}
# English law text is not in the snapshot: its body is measured where a build holds it (the live
# pages), as the fixed 3.71 words of the snapshot's English glossary and situation texts would
# rank a long clause far below a title sharing one common word. Field: the language whose law
# text makes it measured.
MEASURED_WITH_TEXT = {"body_en": "en"}
# Extra weight of a title that holds every word of a query of several words.
ALL_WORDS_BONUS = 2.0


class TermScores:
    """BM25 scores of one index, per field and term, computed from Whoosh's postings once and
    kept: a query is then a few dictionary sums. Whoosh's own matcher tree for the same
    weighted union took 3-5 times longer on these short texts."""

    K1 = 1.2
    B = 0.75

    def __init__(self, searcher: Any, subset: set[int] | None = None,
                 sum_variants: bool = False) -> None:
        self.reader = searcher.reader()
        # Summed, a word whose folded form and stems all match counts more than one matched
        # only through a loose stem: what ranks situation descriptions best.
        self.sum_variants = sum_variants
        self.searcher = searcher
        # Scored within a subset (the situations of one language), term rarity and text
        # length are measured among those documents only.
        self.subset = subset
        self.docs = max(1, len(subset) if subset is not None else self.reader.doc_count_all())
        self.cache: dict[tuple[str, str], dict[int, float]] = {}
        self.frequencies: dict[tuple[str, str], int] = {}  # (language, term): documents
        self.average: dict[str, float] = {}
        # {field: {docnum: BM25 length norm}}: a document's norm is the same for every term of
        # the field, and reading its length through Whoosh's layers cost most of a new term
        self.norms: dict[str, dict[int, float]] = {}
        self.allowed: dict[tuple[str | None, int | None], set[int] | None] = {}
        # {word: word_tables' answer}: a warm query then sums one table per word
        self.words: dict[str, tuple[dict[str, dict[int, float]], dict[int, float]]] = {}
        self.holding: dict[str, frozenset[int]] = {}  # {word: word_docs' answer}
        self.read: dict[tuple[str, str], list[tuple[int, float]]] = {}  # postings()

    def scores(self, field: str, term: str) -> dict[int, float]:
        """{docnum: BM25 score} of one term in one field (empty if absent)."""
        key = (field, term)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = {}
        if (field, term) in self.reader:
            if field not in self.average:
                fixed = REFERENCE_LENGTHS.get(field) if self.subset is None else None
                lang = MEASURED_WITH_TEXT.get(field)
                if fixed and lang and self.kind_docs("unit", lang):
                    fixed = None
                self.average[field] = fixed or max(1.0, self.field_length(field) / self.docs)
            postings = self.postings(field, term)
            if self.subset is not None:
                postings = [(doc, weight) for doc, weight in postings if doc in self.subset]
            frequency = self.document_frequency(field.rpartition("_")[2], term)
            self.read.pop(key, None)  # scored: this table keeps what they say
            idf = math.log(1 + (self.docs - frequency + 0.5) / (frequency + 0.5))
            norms = self.norms.setdefault(field, {})
            for docnum, weight in postings:
                norm = norms.get(docnum)
                if norm is None:
                    norm = norms[docnum] = self.norm(field, docnum)
                found[docnum] = idf * weight * (self.K1 + 1) / (weight + norm)
        self.cache[key] = found
        return found

    def document_frequency(self, lang: str, term: str) -> int:
        """How many documents hold the term in any field of the language: a word is as rare in
        a title as across the book ("before" heads few sections but stands in most clauses)."""
        key = (lang, term)
        if key not in self.frequencies:
            docs: set[int] = set()
            for role in ROLE_WEIGHTS:
                field = f"{role}_{lang}"
                if (field, term) in self.reader:
                    docs.update(doc for doc, _ in self.postings(field, term))
            if self.subset is not None:
                docs &= self.subset
            self.frequencies[key] = len(docs)
        return self.frequencies[key]

    def postings(self, field: str, term: str) -> list[tuple[int, float]]:
        """[(docnum, weight)] of one term in one field, read from the index once: its
        document frequency and its scores both read them (decoding them twice cost most of a
        query's first words)."""
        key = (field, term)
        found = self.read.get(key)
        if found is None:
            found = self.read[key] = list(self.reader.postings(field, term).items_as("weight"))
        return found

    def field_length(self, field: str) -> float:
        """The total length of one field over the documents scored."""
        if self.subset is None:
            return self.reader.field_length(field)
        return sum(self.reader.doc_field_length(doc, field, 0) or 0 for doc in self.subset)

    def norm(self, field: str, docnum: int) -> float:
        """BM25's length norm of one document's field: K1 scaled by its length over the mean."""
        length = self.reader.doc_field_length(docnum, field, 1)
        return self.K1 * (1 - self.B + self.B * length / self.average[field])

    def count(self, query: Any) -> int:
        """How many documents a Whoosh query matches."""
        return sum(1 for _ in self.searcher.docs_for_query(query))

    def kind_docs(self, kind: str, lang: str) -> set[int]:
        """Document numbers of one kind in one language (the situation lookup's filter)."""
        key = (f"kind:{kind}", lang)
        if key not in self.allowed:
            from whoosh.query import And, Term

            query = And([Term("kind", kind), Term("lang", lang)])
            self.allowed[key] = set(self.searcher.docs_for_query(query))  # type: ignore[index]
        return self.allowed[key] or set()  # type: ignore[index]

    def filtered(self, lang: str | None, edition: int | None) -> set[int] | None:
        """Document numbers the filters allow, or None for all."""
        key = (lang, edition)
        if key not in self.allowed:
            query = whoosh_filter(lang, edition)
            self.allowed[key] = None if query is None else set(self.searcher.docs_for_query(query))
        return self.allowed[key]


def word_tables(scorer: TermScores, word: str) -> tuple[dict[str, dict[int, float]],
                                                        dict[int, float]]:
    """({field role: {docnum: score}}, {docnum: its roles summed}) for one word, role-weighted:
    per field the best of the word's variants (folded, stems), or their sum where the scorer
    says so; kept on the scorer, as its term tables are."""
    known = scorer.words.get(word)
    if known is not None:
        return known
    by_role: dict[str, dict[int, float]] = {}
    variants = (("pl", polish_terms(word)), ("en", english_terms(word)))
    for role, weight in ROLE_WEIGHTS.items():
        tables = [table for lang, terms in variants for term in terms
                  if (table := scorer.scores(f"{role}_{lang}", term))]
        # the first variant's table in one pass (most words have one in a field: the common
        # case of a warm query's time), the others merged into it
        first = tables[0] if tables else {}
        if scorer.sum_variants:
            best = {docnum: score * weight for docnum, score in first.items()}
        else:
            best = {docnum: score * weight for docnum, score in first.items() if score * weight > 0}
        for table in tables[1:]:
            for docnum, score in table.items():
                weighted = score * weight
                if scorer.sum_variants:
                    best[docnum] = best.get(docnum, 0.0) + weighted
                elif weighted > best.get(docnum, 0.0):
                    best[docnum] = weighted
        by_role[role] = best
    summed: dict[int, float] = {}
    for best in by_role.values():
        for docnum, score in best.items():
            summed[docnum] = summed.get(docnum, 0.0) + score
    scorer.words[word] = (by_role, summed)
    return by_role, summed


def word_docs(scorer: TermScores, word: str) -> frozenset[int]:
    """The documents holding a word in any field, in any of its variants (word_tables' keys:
    every role weight and BM25 score is above nothing)."""
    held = scorer.holding.get(word)
    if held is None:
        held = scorer.holding[word] = frozenset(word_tables(scorer, word)[1])
    return held


def rare_coverage(scorer: TermScores, found: list[set[int]]) -> dict[int, float]:
    """{docnum: the share of the query's words it holds} (`found`: per word, the documents
    holding it), each word counted by how rare it is across the index, as BM25's idf weighs it:
    a distinctive word ("BIT", "singleton") decides over the common ones ("bid", "partner")
    that a long story shares with many texts."""
    rarity = [math.log(1 + scorer.docs / max(1, len(docs))) for docs in found]
    whole = sum(rarity) or 1.0
    share: dict[int, float] = {}
    for weight, docs in zip(rarity, found, strict=True):
        for doc in docs:
            share[doc] = share.get(doc, 0.0) + weight / whole
    return share


def score_query(scorer: TermScores, words: list[str], extra: list[tuple[str, float]],
                all_words_bonus: float = ALL_WORDS_BONUS) -> dict[int, float]:
    """{docnum: score}: every word's roles summed (glossary words count less), plus a bonus for
    a law or section title that holds every word of a query of several words."""
    total: dict[int, float] = {}
    per_word = [word_tables(scorer, word) for word in words]
    per_word = [tables for tables in per_word if tables[1]] if len(words) > 1 else per_word
    for boost, summed in [(1.0, tables[1]) for tables in per_word] + [
        (weight, word_tables(scorer, word)[1]) for word, weight in extra
    ]:
        for docnum, score in summed.items():
            total[docnum] = total.get(docnum, 0.0) + boost * score
    if len(per_word) > 1:
        for role in ("heading", "title"):
            common = set.intersection(*(set(roles.get(role, {})) for roles, _ in per_word))
            for docnum in common:
                bonus = sum(roles[role][docnum] for roles, _ in per_word)
                total[docnum] += all_words_bonus * bonus
    return total


def whoosh_filter(lang: str | None, edition: int | None):  # noqa: ANN202 - a Whoosh query or None
    """The Whoosh query keeping one language and edition (edition-less content too), or None."""
    from whoosh.query import And, Or, Term

    parts = []
    if lang:
        parts.append(Term("lang", lang))
    if edition:
        parts.append(Or([Term("edition", str(edition)), Term("edition", "")]))
    return And(parts) if parts else None


@lru_cache(maxsize=200_000)
def all_terms(word: str) -> frozenset[str]:
    """Every index term of a word, Polish and English analyses together."""
    return frozenset((*polish_terms(word), *english_terms(word)))
