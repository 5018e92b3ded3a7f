"""Situation lookup: a free-text description, in Polish or English, to the closest situations.

Not a second engine: the situations are documents of the one search index
(`tools.search.index`), the query is read by the one query analysis (`tools.search.query`:
players' words, table talk, typos), and
the lookup is the search restricted to situations, re-ranked by how much of the description
each situation covers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tools.config import Config
from tools.normalize.citation_id import at_or_inside, is_inside, parse_citation_query
from tools.search.query import SYNONYM_WEIGHT, WORD, read_query
from tools.urls import situation_path

_RERANK_POOL = 20


@dataclass(frozen=True)
class SituationHit:
    """One situation found for a description."""

    id: str
    title_pl: str
    title_en: str
    laws: list[str]
    url: str  # the situation page in the query's language, relative to the site root
    score: float
    lang: str  # the language the query was read as ("pl" or "en")


def situation_url(situation_id: str, lang: str) -> str:
    """Site path of a situation page ("situations/<id>/", "en/situations/<id>/")."""
    return situation_path(lang, situation_id)


def cites_match(expected: str, cited: str) -> bool:
    """True when one id is the other or contains it (same law, one path a prefix of the other):
    "64A" matches "64A1" and "64"; "64A" does not match "64B2" or "54A"."""
    return expected == cited or is_inside(expected, cited) or is_inside(cited, expected)


_CATALOGUE: dict[tuple[str, int], dict[str, tuple[str, str, list[str]]]] = {}


def _titles(config: Config) -> dict[str, tuple[str, str, list[str]]]:
    """{situation id: (Polish title, English title, laws)}, read once per catalogue file."""
    from assistant.situations import load_situations, situations_file

    path = situations_file(config)
    key = (str(path), path.stat().st_mtime_ns if path.exists() else 0)
    if key not in _CATALOGUE:
        _CATALOGUE.clear()
        _CATALOGUE[key] = {s.id: (s.title.pl, s.title.en, list(s.laws))
                           for s in load_situations(config)}
    return _CATALOGUE[key]


_PL_FIELDS = {"sit_title_pl": 1.0, "sit_phrases_pl": 2.0, "sit_answer_pl": 1.0}
_EN_FIELDS = {"sit_title_en": 1.0, "sit_phrases_en": 2.0, "sit_answer_en": 1.0}
_LAWS_BOOST = 3.0


def _among_situations() -> type:
    from whoosh import scoring

    class AmongSituations(scoring.BM25F):
        """BM25F whose term rarity is counted among the situations only (only they hold the
        lookup's fields), not among every document of the index."""

        def __init__(self, situations: int) -> None:
            super().__init__()
            self.situations = max(1, situations)

        def idf(self, searcher: object, fieldname: str, text: str) -> float:
            frequency = searcher.get_parent().doc_frequency(fieldname, text)  # type: ignore
            return math.log(self.situations / (frequency + 1)) + 1

        def scorer(self, searcher: object, fieldname: str, text: str, qf: int = 1) -> object:
            found = super().scorer(searcher, fieldname, text, qf=qf)
            if hasattr(found, "avgfl"):  # text lengths, too, are averaged among situations
                length = searcher.get_parent().field_length(fieldname)  # type: ignore
                found.avgfl = length / self.situations or 1
            return found

    return AmongSituations


def _AmongSituations(situations: int) -> object:  # noqa: N802 - builds the weighting model
    return _among_situations()(situations)


def _analysed(searcher: object, field: str, text: str) -> list[str]:
    """The terms the field's analyzer makes of `text` (the one analysis, tools.search.analysis)."""
    analyzer = searcher.schema[field].analyzer  # type: ignore[attr-defined]
    return [token.text for token in analyzer(text, mode="query")]


def _vote(reader: object, fields: dict[str, float], terms: list[str]) -> int:
    """How many distinct query terms occur in any of `fields`: a vote for the query language."""
    return sum(1 for term in set(terms) if any((f, term) in reader for f in fields))


def lookup(text: str, config: Config, limit: int = 5) -> list[SituationHit]:
    """The situations of the catalogue closest to a free-text description, best first."""
    from whoosh.query import And, Or, Term

    from tools.search.jargon import expand_jargon
    from tools.search.reader import open_index
    from tools.search.synonyms import synonym_headwords

    ix = open_index(config.index_dir)
    query = read_query(text, known=ix.known, vocabulary=ix.vocabulary, rare=ix.rare)  # typos
    read = expand_jargon(" ".join([*query.words, *query.corrected.values()]))
    only = And([Term("kind", "situation"), Term("lang", "pl")])  # both languages' fields
    searcher = ix.index.searcher(weighting=_AmongSituations(ix.scorer.count(only)))
    try:
        pl_terms = _analysed(searcher, "sit_title_pl", read)
        en_terms = _analysed(searcher, "sit_title_en", read)
        subqueries = [Term(field, term, boost=boost)
                      for fields, terms in ((_PL_FIELDS, pl_terms), (_EN_FIELDS, en_terms))
                      for field, boost in fields.items() for term in dict.fromkeys(terms)]
        reader = searcher.reader()
        lang = "en" if _vote(reader, _EN_FIELDS, en_terms) > _vote(
            reader, _PL_FIELDS, pl_terms) else "pl"
        # the law's words for the players' words, in that language only, weighted below the
        # words typed; words the query already holds add nothing
        headwords = synonym_headwords(read, ix.synonyms)[lang]
        fields, typed = (_PL_FIELDS, pl_terms) if lang == "pl" else (_EN_FIELDS, en_terms)
        added = [t for t in _analysed(searcher, next(iter(fields)), " ".join(headwords))
                 if t not in typed]
        subqueries += [Term(name, term, boost=boost * SYNONYM_WEIGHT)
                       for name, boost in fields.items() for term in dict.fromkeys(added)]
        cited = sorted({cite.lower() for word in WORD.findall(read)
                        if (cite := parse_citation_query(word))})
        subqueries += [Term("cites", term, boost=_LAWS_BOOST) for term in cited]
        if not subqueries:
            return []
        results = searcher.search(Or(subqueries), filter=only, limit=max(limit, _RERANK_POOL))
        found = [(hit["id"], float(hit.score)) for hit in results]
        # a situation covering more of the described words ranks higher (BM25 alone lets one
        # rare word carry a situation past one that matches most of the description)
        field = next(iter(fields))
        words = [set(terms) for word in WORD.findall(" ".join([read, *headwords]))
                 if (terms := _analysed(searcher, field, word))]
    finally:
        searcher.close()
    titles = _titles(config)
    if words:
        def covered(situation_id: str) -> float:
            have = _terms(config, situation_id, lang)
            return sum(1 for terms in words if terms & have) / len(words)

        found = sorted(((sid, score * (1 + covered(sid))) for sid, score in found),
                       key=lambda item: -item[1])
    hits = []
    for situation_id, score in found[:limit]:
        title_pl, title_en, laws = titles.get(situation_id, ("", "", []))
        hits.append(SituationHit(situation_id, title_pl, title_en, laws,
                                 situation_url(situation_id, lang), round(score, 4), lang))
    return hits


_TERMS: dict[tuple[str, str, str], frozenset[str]] = {}


def _terms(config: Config, situation_id: str, lang: str) -> frozenset[str]:
    """The analysed terms of a situation's title, phrases and answer in one language."""
    from assistant.situations import load_situations
    from tools.search.analysis import english_analyzer, polish_analyzer
    from tools.search.jargon import expand_jargon

    key = (str(config.assistant_dir), situation_id, lang)
    if key not in _TERMS:
        analyzer = polish_analyzer() if lang == "pl" else english_analyzer()
        for s in load_situations(config):
            text = " ".join([s.title.get(lang), *s.phrases.get(lang, []), s.answer.get(lang)])
            _TERMS[(str(config.assistant_dir), s.id, lang)] = frozenset(
                token.text for token in analyzer(expand_jargon(text), mode="query"))
    return _TERMS.get(key, frozenset())


def cites_at_or_below(expected: str, cited: list[str]) -> bool:
    """True when a cited id is `expected` itself or one of its sub-clauses (68D: 68D2a)."""
    return any(at_or_inside(expected, law) for law in cited)


def expected_found(hits: list[SituationHit], expected: str, top: int = 3) -> bool:
    """True when `expected` matches (cites_match) a law id of one of the first `top` hits."""
    return any(cites_match(expected, law) for hit in hits[:top] for law in hit.laws)
